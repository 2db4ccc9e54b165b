//! Spelling: names in an unusual case, card queries written unusually, in rules and
//! in DEFINE bodies (once, where written).

use super::*;

// A little over 100 lines: one walk over the tree collecting three kinds of spelling notes
// (name case, card-query forms, lone weights), reported in that order.
pub(super) fn spelling(script: &ast::Script, out: &mut Vec<SourceDiagnostic>) {
    // Only names in their right position: a wrong one is already an error.
    let mut name = |name: &str, span: Span, condition: bool| {
        let right = match names::meaning(name, &Default::default()) {
            names::Meaning::Predicate(_) => condition,
            names::Meaning::Constant(_) => !condition,
            _ => false,
        };
        if let Some(canonical) = names::unusual_case(name).filter(|_| right) {
            out.push(
                SourceDiagnostic::warning(
                    Code::NameCase,
                    format!("`{name}` is usually written `{canonical}`"),
                )
                .at(span.clone())
                .with_help(format!(
                    "names ignore case, but `{canonical}` is the usual spelling"
                ))
                .with_replacement(span, canonical),
            );
        }
    };
    let mut notes = Vec::new();
    let mut lone_weights = Vec::new();
    let mut pluses = Vec::new();
    for block in &script.blocks {
        for rule in &block.rules {
            let branch_lists =
                std::iter::once(&rule.branches).chain(rule.reactions.iter().map(|r| &r.branches));
            for c in branch_lists.flatten().flat_map(|b| &b.conditions) {
                condition_spelling(c, false, &mut name, &mut notes, &mut pluses);
            }
            let actions =
                std::iter::once(&rule.action).chain(rule.reactions.iter().map(|r| &r.action));
            for a in actions {
                if let ast::ThenActionKind::Raise(items) | ast::ThenActionKind::RaiseTo(items) =
                    &a.kind
                {
                    for item in items {
                        value_name(&item.amount, &mut name);
                    }
                    if let [ast::RaiseItem {
                        weight: Some((w, span)),
                        ..
                    }] = items.as_slice()
                    {
                        lone_weights.push((*w, span.clone()));
                    }
                }
            }
        }
    }
    // A DEFINE's body, once where written: a name there may be a condition or a number.
    for c in script
        .defines
        .iter()
        .flat_map(|d| &d.body)
        .flat_map(|b| &b.conditions)
    {
        condition_spelling(c, true, &mut name, &mut notes, &mut pluses);
    }
    for (w, span) in lone_weights {
        out.push(
            SourceDiagnostic::warning(
                Code::LoneWeight,
                format!(
                    "`{}` is a weight, and this RAISE has one amount: the weight does nothing",
                    crate::game::format_amount(w)
                ),
            )
            .at(span)
            .with_label("a weight, not a factor")
            .with_help("a weight is an amount's chance in a list (`RAISE 1 2BB, 3 4BB`); drop it, or list more amounts"),
        );
    }
    out.extend(pluses);
    for (note, text, span) in notes {
        out.push(match note {
            QueryNote::LowCardFirst { canonical } => SourceDiagnostic::warning(
                Code::QueryLowFirst,
                format!("`{text}` is written low card first"),
            )
            .at(span.clone())
            .with_help(format!(
                "it means the same as `{canonical}`; write the high card first"
            ))
            .with_replacement(span, canonical),
            QueryNote::OffsuitPair { canonical } => SourceDiagnostic::warning(
                Code::QueryOffsuitPair,
                format!("`{text}`: the two cards of a pair are always of different suits"),
            )
            .at(span.clone())
            .with_help(format!(
                "it means the same as `{canonical}`; write `{canonical}`"
            ))
            .with_replacement(span, canonical),
        });
    }
}

/// The spelling notes of one condition (of a rule, or of a DEFINE's body when `defined`).
pub(super) fn condition_spelling(
    c: &ast::Condition,
    defined: bool,
    name: &mut impl FnMut(&str, Span, bool),
    notes: &mut Vec<(QueryNote, String, Span)>,
    pluses: &mut Vec<SourceDiagnostic>,
) {
    let query = |text: &str, span: &Span, notes: &mut Vec<_>, pluses: &mut Vec<_>| {
        if let Ok(CardQuery {
            note: Some(note), ..
        }) = CardQuery::parse(text)
        {
            notes.push((note, text.to_string(), span.clone()));
        }
        pluses.extend(plus_holds_higher(text, span));
    };
    match &c.kind {
        ast::ConditionKind::Name {
            name: n, name_span, ..
        } => {
            // In a DEFINE's body a bare name may be a constant (an alias) as well.
            let condition = !defined
                || matches!(
                    names::meaning(n, &Default::default()),
                    names::Meaning::Predicate(_)
                );
            name(n, name_span.clone(), condition)
        }
        ast::ConditionKind::Query {
            text, text_span, ..
        } => query(text, text_span, notes, pluses),
        ast::ConditionKind::Range(items) => {
            for item in items.iter().filter(|i| !i.is_name) {
                match &item.condition {
                    Some(inner) => condition_spelling(inner, defined, name, notes, pluses),
                    None => query(&item.text, &item.span, notes, pluses),
                }
            }
        }
        ast::ConditionKind::Narrowed(n) => {
            for item in n.range.iter().filter(|i| !i.is_name) {
                query(&item.text, &item.span, notes, pluses);
            }
            let words = n.withs.iter().flat_map(|(_, f)| f.iter().flatten());
            for w in words.filter(|w| w.is_query) {
                query(&w.name, &w.name_span, notes, pluses);
            }
        }
        ast::ConditionKind::OrBetter { .. } => {}
        ast::ConditionKind::Compare { lhs, rhs, .. } => {
            value_name(lhs, name);
            value_name(rhs, name);
        }
        ast::ConditionKind::Value(v) => value_name(v, name),
        ast::ConditionKind::External(_) => {}
    }
}

/// `plus-holds-higher`: `K9s+` holds K9s-KQs and also every higher first card (A9s+), as the
/// thesis defines `+`, where a player reading PokerStove's notation means K9s-KQs only.
pub(super) fn plus_holds_higher(text: &str, span: &Span) -> Option<SourceDiagnostic> {
    const RANKS: &[u8] = b"23456789TJQKA";
    let body = text.strip_suffix('+')?.as_bytes();
    let suffix = match body {
        [_, _] => "",
        [_, _, b's'] => "s",
        [_, _, b'o'] => "o",
        _ => return None,
    };
    let rank = |b: u8| RANKS.iter().position(|&r| r == b);
    let (a, b) = (rank(body[0])?, rank(body[1])?);
    let (high, low) = (a.max(b), a.min(b));
    // `KQ+` and `98s+` have no kicker span to read otherwise: PokerStove's reading is the one
    // class, which nobody writes with a `+`.
    if high == low || high == RANKS.len() - 1 || low + 1 == high {
        return None;
    }
    let r = |i: usize| RANKS[i] as char;
    let first = format!("{}{}{suffix}", r(high), r(low));
    let stove = format!("{first}-{}{}{suffix}", r(high), r(high - 1));
    Some(
        SourceDiagnostic::warning(
            Code::PlusHoldsHigher,
            format!(
                "`{text}` also holds hands with a higher first card, such as {}{}{suffix}",
                r(high + 1),
                r(low)
            ),
        )
        .at(span.clone())
        .with_label("`+` raises both cards")
        .with_help(format!(
            "in HUS `+` raises both cards, as in the thesis; for PokerStove's `{first}+` ({first} up to the kicker below {}) write `{stove}`",
            r(high)
        ))
        .with_fix(format!("Replace with `{stove}` (first card {} only)", r(high)), span.clone(), stove),
    )
}

pub(super) fn value_name(v: &ast::Value, f: &mut impl FnMut(&str, Span, bool)) {
    match &v.kind {
        ast::ValueKind::Name(n) => f(n, v.span.clone(), false),
        ast::ValueKind::Product {
            name, name_span, ..
        } => f(name, name_span.clone(), false),
        ast::ValueKind::Binary { lhs, rhs, .. } => {
            value_name(lhs, f);
            value_name(rhs, f);
        }
        ast::ValueKind::Negate(x) => value_name(x, f),
        ast::ValueKind::Number(_) | ast::ValueKind::External(_) | ast::ValueKind::Versus { .. } => {
        }
    }
}
