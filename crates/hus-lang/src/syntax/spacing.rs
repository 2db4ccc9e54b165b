//! Canonical white space between the tokens of one line: the formatter's (reference §14), and
//! the names `--explain` gives unions, so both read the same however the author spaced them.

use std::borrow::Cow;

use super::lexer::{self, Piece, Tok};

/// A line's tokens with canonical spaces: one between tokens, none before `,` and `)`, none
/// after `(`, `!` and a unary minus, none around a TUNE range's `..`.
pub fn join(tokens: &[(Tok<'_>, Cow<'_, str>)]) -> String {
    let mut out = String::new();
    let mut prev: Option<Tok<'_>> = None;
    let mut prev_tight = false;
    // Where `PRIORITY`'s number ends: the condition starts after it, so a minus there negates
    // (`PRIORITY 1 -pot < 0` is priority 1 and `-pot < 0`, not `1 - pot`).
    let priority_end = tokens
        .iter()
        .position(|t| t.0 == Tok::Priority)
        .and_then(|k| {
            let signed = usize::from(tokens.get(k + 1).is_some_and(|t| t.0 == Tok::Minus));
            let number = k + 1 + signed;
            matches!(tokens.get(number), Some((Tok::Number(_), _))).then_some(number)
        });
    for (k, (tok, text)) in tokens.iter().enumerate() {
        if let Some(p) = prev {
            // A name before `(` is a strength against a range, written `equityVs(QQ+ | AK)`.
            let call = *tok == Tok::LParen && matches!(p, Tok::Name(_));
            // `topPair+` in a range's filter: the `+` ends the word (a sum never ends there).
            let or_better = *tok == Tok::Plus
                && matches!(p, Tok::Name(_))
                && matches!(
                    tokens.get(k + 1).map(|t| t.0),
                    None | Some(Tok::Pipe | Tok::Comma | Tok::RParen)
                );
            let tight = call
                || or_better
                || matches!(tok, Tok::Comma | Tok::RParen | Tok::Colon | Tok::DotDot);
            if !(prev_tight || tight) {
                out.push(' ');
            }
            // A minus after an operand is a subtraction; anywhere else it negates.
            let subtracts = ends_operand(p) && priority_end != Some(k - 1);
            prev_tight = matches!(tok, Tok::LParen | Tok::Not | Tok::Colon | Tok::DotDot)
                || (*tok == Tok::Minus && !subtracts);
        } else {
            prev_tight = matches!(tok, Tok::LParen | Tok::Not | Tok::Minus);
        }
        out.push_str(text);
        prev = Some(*tok);
    }
    out
}

/// Whether a value can end with this token (so that a `-` after it subtracts).
pub fn ends_operand(tok: Tok<'_>) -> bool {
    matches!(
        tok,
        Tok::Number(_)
            | Tok::DigitPair(_)
            | Tok::Name(_)
            | Tok::Product(_)
            | Tok::Str(_)
            | Tok::RParen
    )
}

/// A condition's text with canonical spaces (`potOdds<=0.25` is `potOdds <= 0.25`), names as
/// written; text that holds no token is returned trimmed.
pub fn canonical(text: &str) -> String {
    let tokens: Vec<(Tok<'_>, Cow<'_, str>)> = lexer::lossless(text)
        .into_iter()
        .filter_map(|(_, piece, _)| match piece {
            Piece::Token(Tok::Newline) => None,
            Piece::Token(tok) => Some((tok, Cow::Borrowed(tok.written()))),
            _ => None,
        })
        .collect();
    match tokens.is_empty() {
        true => text.trim().to_string(),
        false => join(&tokens),
    }
}
