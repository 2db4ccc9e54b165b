//! The `--explain` trace: a readable account of one decision, built only when asked for.

use std::fmt;

use super::context::Outcome;
use crate::diag::{SourceFile, Span};
use crate::game::{format_amount, GameState};
use crate::ir::{Condition, Test};

/// Every rule considered, which branch held or which condition failed first and with which
/// values, the reactions, the matched rules, the choice and how the action was made legal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub lines: Vec<String>,
}

impl Trace {
    pub fn push(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.lines {
            writeln!(f, "{l}")?;
        }
        Ok(())
    }
}

/// The script text of a span, on one line.
/// The trace's first line: the betting round, how many rules are candidates, the cards, and
/// whether THEN actions or VILLAIN reactions give the action.
pub fn start(state: &GameState, candidates: usize, villain_acted: bool) -> String {
    let phase = state.phase();
    let [a, b] = state.hero_cards();
    let board: Vec<String> = state.board_cards().iter().map(|c| c.to_string()).collect();
    format!(
        "{}: {} candidate rule{} ({} and ALWAYS); hero {a} {b}{}; {}",
        phase.xml_tag(),
        candidates,
        if candidates == 1 { "" } else { "s" },
        phase.keyword(),
        if board.is_empty() {
            String::new()
        } else {
            format!("; board {}", board.join(" "))
        },
        if villain_acted {
            "the villain has acted in this round, so VILLAIN reactions give the actions"
        } else {
            "the villain has not acted in this round, so THEN actions apply"
        }
    )
}

/// The line listing the rules that matched (`lines`, at most [`MAX_LISTED`] of them) and,
/// when a PRIORITY filter applies, how many of the `all` have the highest, `top`.
///
/// [`MAX_LISTED`]: crate::limits::MAX_LISTED
pub fn matched(lines: &[usize], best: usize, all: usize, top: i64) -> String {
    let max = crate::limits::MAX_LISTED;
    let mut listed: Vec<String> = lines.iter().take(max).map(|l| l.to_string()).collect();
    if lines.len() > max {
        listed.push(format!("and {} more", lines.len() - max));
    }
    let mut s = format!("matched: line {}", listed.join(", "));
    if best < all {
        s += &format!(" (highest PRIORITY {top}: {best} of them)");
    }
    s
}

pub fn snippet(source: &SourceFile, span: &Span) -> String {
    let s = source.text.get(span.clone()).unwrap_or("?");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The script text of an action, without its `THEN` (or `DO`).
pub fn action_text(source: &SourceFile, span: &Span) -> String {
    let s = snippet(source, span);
    match s.strip_prefix("THEN ").or_else(|| s.strip_prefix("DO ")) {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

pub fn line_of(source: &SourceFile, span: &Span) -> usize {
    source.line_of(span.start) + 1
}

/// Why a condition failed: `heroStack >= 3 villainStack failed: 990 >= 1470 is false`.
pub fn failed(
    source: &SourceFile,
    cond: &Condition,
    outcome: &Outcome,
    hero: &str,
    stats_given: bool,
) -> String {
    let text = snippet(source, &cond.span);
    let why = match (&cond.test, outcome.values) {
        (Test::Compare { lhs, rhs, .. }, Some((l, r))) if !l.is_finite() || !r.is_finite() => {
            if lhs.reads_stats() || rhs.reads_stats() {
                if stats_given {
                    "the opponent statistic rests on no hands yet (undefined), so the comparison does not hold".to_string()
                } else {
                    "the game state gives no <stats>, so the opponent statistic is unknown and the comparison does not hold".to_string()
                }
            } else {
                "a side is undefined (a division by zero, or a number too large to hold), so the comparison does not hold"
                    .to_string()
            }
        }
        (Test::Compare { op, .. }, Some((l, r))) => format!(
            "{} {} {} is false",
            format_amount(l),
            op.symbol(),
            format_amount(r)
        ),
        (Test::External(_), Some((v, _))) => format!("the program printed {}", format_amount(v)),
        (Test::Cards { negated: false, .. }, _) => format!("the hero holds {hero}"),
        (Test::Cards { negated: true, .. }, _) => {
            format!("the hero holds {hero}, which the query names")
        }
        (Test::Predicate { negated: false, .. }, _) => "it does not hold".to_string(),
        (Test::Predicate { negated: true, .. }, _) => "it holds".to_string(),
        (
            Test::All {
                name,
                negated: false,
                ..
            },
            _,
        ) => {
            format!("`{name}` does not hold")
        }
        (
            Test::All {
                name,
                negated: true,
                ..
            },
            _,
        ) => {
            format!("`{name}` holds")
        }
        _ => "false".to_string(),
    };
    format!("`{text}` failed: {why}")
}
