//! The front end: [`lexer`] (logos) feeds the lalrpop grammar in `grammar/hus.lalrpop`,
//! which builds the [`ast`]. Parsing is tolerant: it recovers from errors and reports all
//! of them, returning whatever tree it could build.

pub mod ast;
pub mod lexer;

use crate::diag::Diagnostic;

/// Parses a script. Returns the tree (partial when there were errors) and every syntax error.
pub fn parse(_source: &str) -> (ast::Script, Vec<Diagnostic>) {
    unimplemented!("syntax helper")
}
