//! `hus fmt`: the canonical layout of a script.
//!
//! A minimal STAND-IN so the language server (`textDocument/formatting`) builds on its own
//! branch: it returns the text unchanged when the script has no syntax errors, and the syntax
//! errors otherwise. The real formatter replaces this file, with exactly this signature.

use crate::diag::{Diagnostic, SourceFile};

/// The script laid out canonically; `Err` holds the syntax errors that prevent it.
pub fn format(source: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let (_, diags) = crate::syntax::parse(&source.text);
    let errors: Vec<Diagnostic> = diags.into_iter().filter(Diagnostic::is_error).collect();
    if errors.is_empty() {
        Ok(source.text.to_string())
    } else {
        Err(errors)
    }
}
