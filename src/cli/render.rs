//! Rendering diagnostics for people: miette's graphical report, without colour when the
//! output is not a terminal (or `NO_COLOR` is set), at a fixed width for golden tests.

use hus::diag::{Diagnostic, Report, SourceFile};
use std::io::IsTerminal;

/// Renders one diagnostic as rustc-like text for stderr (colour when stderr is a terminal).
pub fn text(file: &SourceFile, d: &Diagnostic) -> String {
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    text_coloured(file, d, colour)
}

/// Renders one diagnostic as rustc-like text, with or without colour (for stdout, whose
/// terminal-ness the caller knows).
pub fn text_coloured(file: &SourceFile, d: &Diagnostic, colour: bool) -> String {
    let theme = if colour {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    let report = Report::new(file, d);
    if handler.render_report(&mut out, &report).is_err() {
        out = hus::diag::render_short(file, d);
    }
    out
}
