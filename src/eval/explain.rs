//! The `--explain` trace: a readable account of one decision, built only when asked for.

use std::fmt;

use super::context::Outcome;
use crate::diag::{SourceFile, Span};
use crate::game::format_amount;
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
pub(crate) fn snippet(source: &SourceFile, span: &Span) -> String {
    let s = source.text.get(span.clone()).unwrap_or("?");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The script text of an action, without its `THEN`.
pub(crate) fn action_text(source: &SourceFile, span: &Span) -> String {
    let s = snippet(source, span);
    match s.strip_prefix("THEN ") {
        Some(rest) => rest.to_string(),
        None => s,
    }
}

pub(crate) fn line_of(source: &SourceFile, span: &Span) -> usize {
    source.line_col(span.start).0
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
                "a side is undefined (a division by zero), so the comparison does not hold"
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
