//! Turns the parser's errors into diagnostics a poker player can act on.

use lalrpop_util::ParseError;

use super::lexer::{Spanned, Tok};
use crate::diag::Diagnostic;

pub fn describe(e: &ParseError<usize, Tok<'_>, ()>, _tokens: &[Spanned<'_>]) -> Diagnostic {
    match e {
        ParseError::UnrecognizedToken {
            token: (l, t, r),
            expected,
        } => Diagnostic::error(
            "syntax",
            format!(
                "unexpected {}; expected {}",
                t.describe(),
                expected.join(", ")
            ),
        )
        .at(*l..*r),
        other => Diagnostic::error("syntax", format!("{other:?}")),
    }
}

/// Source order, one diagnostic per place.
pub fn tidy(diags: &mut Vec<Diagnostic>) {
    diags.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
}
