//! The front end: [`lexer`] (logos) feeds the lalrpop grammar in `grammar/hus.lalrpop`,
//! which builds the [`ast`]. Parsing is tolerant: it recovers from errors and reports all
//! of them, returning whatever tree it could build.

pub mod ast;
mod build;
mod errors;
pub mod lexer;
pub mod spacing;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_parens, dead_code)]
    grammar,
    "/hus.rs"
);

use crate::diag::SourceDiagnostic;

/// Parses a script. Returns the tree (partial when there were errors) and every syntax error,
/// in source order.
pub fn parse(source: &str) -> (ast::Script, Vec<SourceDiagnostic>) {
    let mut diags = Vec::new();
    let tokens = lexer::tokens(source, &mut diags);
    if tokens.is_empty() {
        // Past the token limit: the limit's error alone (lexing always ends in `Eof`).
        diags.retain(|d| d.code == crate::diag::Code::TooManyTokens);
        return (ast::Script::default(), diags);
    }
    let mut ctx = build::Ctx {
        source,
        ..build::Ctx::default()
    };
    let result = grammar::ScriptParser::new().parse(&mut ctx, tokens.iter().map(|&t| Ok(t)));
    // A failure the recovery could not absorb leaves no tree; the fuzz tests find none.
    let (script, hard) = match result {
        Ok(script) => (script, None),
        Err(e) => (ast::Script::default(), Some(e)),
    };
    let failed: Vec<&errors::Error<'_>> = ctx
        .recoveries
        .iter()
        .map(|r| &r.error)
        .chain(hard.as_ref())
        .collect();
    // Recovered errors before the grammar's own checks: at one place, the missing END word
    // explains the mismatch that follows it.
    diags.extend(errors::describe_all(&failed, &tokens, source));
    diags.append(&mut ctx.diags);
    errors::tidy(&mut diags);
    (script, diags)
}

#[cfg(test)]
mod tests;
