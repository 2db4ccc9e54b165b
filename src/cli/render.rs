//! Rendering diagnostics for people on stderr: miette's graphical report, without colour
//! when stderr is not a terminal (or `NO_COLOR` is set).

use std::io::IsTerminal;

use hus::{Diagnostic, Rendering};

/// Renders one diagnostic as rustc-like text for stderr (colour when stderr is a terminal).
pub fn text(d: &Diagnostic) -> String {
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    d.render(Rendering::Text { colour })
}
