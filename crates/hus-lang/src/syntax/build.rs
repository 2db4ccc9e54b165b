//! What the grammar's actions call: tree building that needs more than a constructor
//! (numbers, products, END-word checks) and the collection of errors met on the way.

use crate::diag::Code;
use lalrpop_util::ErrorRecovery;

use super::ast::{
    ArithOp, Block, BlockKind, Branch, Condition, ConditionKind, RangeItem, Reaction, Rule,
    ThenAction, Value, ValueKind,
};
use super::lexer::Tok;
use crate::diag::{SourceDiagnostic, Span};

/// `v` holding no spare room: a list of branches is kept for the script's life, and a vector
/// grown by pushes keeps room for four.
pub fn exact<T>(mut v: Vec<T>) -> Vec<T> {
    v.shrink_to_fit();
    v
}

/// `a op b` spanning `span`.
pub fn binary(op: ArithOp, lhs: Value, rhs: Value, span: Span) -> Value {
    Value {
        kind: ValueKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        span,
    }
}

/// An error the parser recovered from.
pub type Recovery<'s> = ErrorRecovery<usize, Tok<'s>, ()>;

/// The parser's state beside the tree: diagnostics found by grammar actions, and the errors
/// it recovered from (turned into diagnostics afterwards, when the whole token list is known).
#[derive(Default)]
pub struct Ctx<'s> {
    /// The script's text (to tell a digit pair from a number).
    pub source: &'s str,
    pub diags: Vec<SourceDiagnostic>,
    pub recoveries: Vec<Recovery<'s>>,
}

impl<'s> Ctx<'s> {
    pub fn recover(&mut self, e: Recovery<'s>) {
        self.recoveries.push(e);
    }

    /// A block, checking that its END word is its own.
    pub fn block(
        &mut self,
        (kind, open_span): (BlockKind, Span),
        rules: Vec<Option<Box<Rule>>>,
        close: Option<(BlockKind, Span)>,
        span: Span,
    ) -> Block {
        if let Some((close_kind, close_span)) = close {
            if close_kind != kind {
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::EndMismatch,
                        format!(
                            "`END{}` closes a `{}` block",
                            close_kind.keyword(),
                            kind.keyword()
                        ),
                    )
                    .at(close_span.clone())
                    .with_replacement(close_span, format!("END{}", kind.keyword()))
                    .with_label(format!("expected `END{}`", kind.keyword()))
                    .with_related(
                        open_span.clone(),
                        format!("the `{}` block opens here", kind.keyword()),
                    )
                    .with_help(format!(
                        "close the block with `END{}`, or open it with `{}`",
                        kind.keyword(),
                        close_kind.keyword()
                    )),
                );
            }
        }
        Block {
            kind,
            open_span,
            rules: rules.into_iter().flatten().map(|rule| *rule).collect(),
            span,
        }
    }

    /// A rule from its parts; `None` when a part did not parse. `unclosed` is a last reaction
    /// whose ENDVILLAIN was forgotten (with the ENDRULE span); `villain_end` the span of an
    /// ENDVILLAIN that closed the rule.
    #[allow(clippy::too_many_arguments, clippy::type_complexity)]
    pub fn rule(
        &mut self,
        span: Span,
        (keyword_span, priority, branches): (
            Span,
            Option<Option<(i64, Span)>>,
            Option<Vec<Branch>>,
        ),
        action: Option<ThenAction>,
        reactions: Vec<Option<Box<Reaction>>>,
        unclosed: Option<((Span, Option<Box<Reaction>>), Span)>,
        villain_end: Option<Span>,
    ) -> Option<Box<Rule>> {
        if let Some(end) = villain_end {
            self.diags.push(
                SourceDiagnostic::error(Code::EndMismatch, "`ENDVILLAIN` closes a `RULE`")
                    .at(end.clone())
                    .with_replacement(end.start..end.start + "ENDVILLAIN".len(), "ENDRULE")
                    .with_label("expected `ENDRULE`")
                    .with_related(keyword_span.clone(), "the `RULE` opens here")
                    .with_help("close the rule with `ENDRULE`"),
            );
        }
        let mut reactions: Option<Vec<Reaction>> =
            reactions.into_iter().map(|r| r.map(|r| *r)).collect();
        if let Some(((villain_span, last), end)) = unclosed {
            let (at, insert) = super::errors::insert_end_line(
                self.source,
                villain_span.start,
                end.start,
                "ENDVILLAIN",
            );
            self.diags.push(
                SourceDiagnostic::error(Code::MissingEnd, "missing `ENDVILLAIN` before `ENDRULE`")
                    .with_fix("Insert `ENDVILLAIN`", at, insert)
                    .at(end)
                    .with_label("`ENDVILLAIN` expected before this")
                    .with_related(villain_span, "the `VILLAIN` reaction is not closed")
                    .with_help("close the reaction with `ENDVILLAIN`"),
            );
            match (&mut reactions, last) {
                (Some(rs), Some(last)) => rs.push(*last),
                _ => reactions = None,
            }
        }
        let priority = match priority {
            None => None,
            Some(p) => Some(p?),
        };
        Some(Box::new(Rule {
            span,
            keyword_span,
            priority,
            branches: branches?,
            action: action?,
            reactions: reactions?,
        }))
    }

    /// A value standing alone as a condition: a name is a predicate (or a DEFINE), two
    /// digits a pair, an external program a test; anything else stays a value (an error in a
    /// rule, a number in a DEFINE).
    pub fn bare_value(&mut self, v: Value, span: Span) -> Condition {
        let kind = match v.kind {
            ValueKind::Name(name) => ConditionKind::Name {
                negated: false,
                name,
                name_span: v.span,
            },
            ValueKind::External(x) => ConditionKind::External(x),
            ValueKind::Number(_) if self.is_digit_pair(&v.span) => ConditionKind::Query {
                negated: false,
                text: self.source[v.span.clone()].to_string(),
                text_span: v.span,
            },
            kind => ConditionKind::Value(Value { kind, span: v.span }),
        };
        Condition { kind, span }
    }

    /// `word+` outside a `WITH` (`DEFINE bets = pair+ | flushDraw`): a made hand or better,
    /// for a filter DEFINE. `+` after anything but a name is a sum with nothing after it.
    pub fn or_better(&mut self, v: Value, span: Span) -> Condition {
        let kind = match v.kind {
            ValueKind::Name(name) => ConditionKind::OrBetter {
                name,
                name_span: v.span,
            },
            kind => {
                self.diags.push(
                    SourceDiagnostic::error(Code::UnexpectedToken, "`+` with no value after it")
                        .at(span.end - 1..span.end)
                        .with_label("a sum needs a second value")
                        .with_help(
                            "`+` ends a word only after a made hand, for a filter: `topPair+`",
                        ),
                );
                ConditionKind::Value(Value { kind, span: v.span })
            }
        };
        Condition { kind, span }
    }

    /// A condition as one item of a union (`potOdds <= 0.25 | paysTurn`), named by its text
    /// spaced as `hus fmt` spaces it.
    pub fn union_condition(&mut self, c: Condition) -> RangeItem {
        let text = self.source.get(c.span.clone()).unwrap_or("");
        RangeItem {
            text: super::spacing::canonical(text),
            span: c.span.clone(),
            is_name: false,
            weight: None,
            condition: Some(Box::new(c)),
        }
    }

    fn is_digit_pair(&self, span: &Span) -> bool {
        let text = self.source.get(span.clone()).unwrap_or("");
        text.len() == 2 && text.bytes().all(|b| (b'2'..=b'9').contains(&b))
    }

    pub fn missing_then(&mut self, span: Span) {
        self.diags.push(
            SourceDiagnostic::error(Code::MissingThen, "missing `THEN` before the action")
                .at(span.clone())
                .with_fix("Insert `THEN`", span.start..span.start, "THEN ")
                .with_help("write the action on its own line after `THEN`, e.g. `THEN CALL`"),
        );
    }

    /// A number token's value (the lexer only lets through digits with one optional dot).
    pub fn number(&mut self, text: &str, span: Span) -> f64 {
        match text.parse::<f64>() {
            // Digits that are not all zeros but read as 0: too small to hold, not nothing.
            Ok(n) if n == 0.0 && text.bytes().any(|b| (b'1'..=b'9').contains(&b)) => {
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::BadNumber,
                        format!(
                            "`{}` is too small a number (below 2.2e-308), not 0",
                            crate::diag::clip(text)
                        ),
                    )
                    .at(span),
                );
                1.0
            }
            Ok(n) if n.is_finite() => n,
            _ => {
                let shown = if text.len() > 20 {
                    format!("`{}…` ({} digits)", &text[..12], text.len())
                } else {
                    format!("`{text}`")
                };
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::BadNumber,
                        format!("{shown} is too large a number"),
                    )
                    .at(span),
                );
                // 1, not 0: a stand-in that raises no second error (a weight of 0, ...).
                1.0
            }
        }
    }

    /// `4BB`, `0.5pot`: a product token split into its factor and name.
    pub fn product(&mut self, text: &str, start: usize) -> Value {
        let split = text
            .find(|c: char| c.is_ascii_alphabetic() || c == '_')
            .unwrap_or(text.len());
        let end = start + text.len();
        let factor = self.number(&text[..split], start..start + split);
        Value {
            kind: ValueKind::Product {
                factor,
                name: text[split..].to_string(),
                name_span: start + split..end,
            },
            span: start..end,
        }
    }

    /// `PRIORITY n`: n must be a whole number, at most 10^15 either way.
    pub fn priority(&mut self, negative: bool, n: f64, span: Span) -> Option<(i64, Span)> {
        let message = if n.fract() != 0.0 {
            Some("a priority must be a whole number")
        } else if n.abs() > 1e15 {
            Some("a priority must be between -10^15 and 10^15")
        } else {
            None
        };
        if let Some(message) = message {
            self.diags.push(
                SourceDiagnostic::error(Code::BadPriority, message)
                    .at(span)
                    .with_help("write e.g. `RULE PRIORITY 2` or `RULE PRIORITY -1`"),
            );
            return None;
        }
        let n = n as i64;
        Some((if negative { -n } else { n }, span))
    }

    pub fn raise_without_amount(&mut self, span: Span) {
        self.diags.push(
            SourceDiagnostic::error(Code::RaiseWithoutAmount, "`RAISE` needs an amount")
                .at(span)
                .with_label("raise by how much?")
                .with_help("write e.g. `RAISE 3BB`, `RAISE 0.5 pot`, `RAISE allIn` or a weighted list `RAISE 0.5 3BB, 0.5 6BB`"),
        );
    }
}
