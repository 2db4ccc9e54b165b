//! Checking: lowering the syntax tree to the [`crate::ir`] program (name resolution, card
//! queries, tables), then the lints, a separate pass that only warns.

use std::path::PathBuf;

use crate::diag::{Diagnostic, SourceFile};
use crate::ir::Program;

/// What the checker may assume about names the game state might define.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// `--define NAME`: names accepted as `<init>` constants (case-insensitive).
    pub defines: Vec<String>,
    /// Accept every unknown name as an `<init>` constant (what `decide` does once it knows
    /// the game state's `<init>` names: it passes them in `defines` instead).
    pub allow_unknown_names: bool,
    /// Where relative table paths are resolved; the script's directory.
    pub base_dir: PathBuf,
}

/// The result of checking a script: the program when there were no errors, and every
/// diagnostic (errors and warnings) in source order.
#[derive(Debug)]
pub struct Checked {
    pub program: Option<Program>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses, lowers and lints a script.
pub fn check(_source: &SourceFile, _options: &CheckOptions) -> Checked {
    unimplemented!("checker helper")
}
