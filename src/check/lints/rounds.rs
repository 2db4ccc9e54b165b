//! Conditions and numbers whose value the rule's round fixes (a board predicate before the
//! flop, a later round's history, the hand's potential where it is 0).

use super::*;

/// `board-predicate-preflop`, `later-round-constant`, `potential-always-zero` and
/// `range-strength-preflop`: conditions and numbers whose value the rule's round fixes,
/// written in the rule or in a DEFINE it uses (reported at the DEFINE, once per round, with
/// the rule pointed at).
pub(super) fn constants_in_block(
    rule: &ir::Rule,
    walker: &mut Walker,
    reported: &mut std::collections::HashSet<(Option<Span>, Code, BlockKind)>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(phase) = block_phase(rule.block) else {
        return;
    };
    let using = format!("a {} rule using", rule.block.keyword());
    walker.rule(rule, Some(rule.block), &mut |item, via| {
        let found = match item {
            Item::Condition(c) => board_predicate_preflop(c, phase, via),
            Item::Operand(o) => constant_in_round(o, rule.block, phase, via),
        };
        let Some(d) = found else {
            return;
        };
        // A DEFINEd constant is held at each use with its DEFINE's span: reported once a round.
        if !reported.insert((d.span.clone(), d.code, rule.block)) {
            return;
        }
        let d = match (via.define, &d.span) {
            (None, Some(at)) if !within(at, &rule.span) => {
                let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
                d.with_related(keyword, format!("{using} this DEFINE"))
            }
            _ => via.point_at_rule(d, rule, &using),
        };
        out.push(d);
    });
}

/// `board-predicate-preflop` for one condition.
pub(super) fn board_predicate_preflop(
    c: &ir::Condition,
    phase: Phase,
    via: &Via,
) -> Option<Diagnostic> {
    let Test::Predicate { predicate, negated } = &c.test else {
        return None;
    };
    if phase != Phase::Preflop || !predicate.needs_board() {
        return None;
    }
    let (bang, always) = if *negated {
        ("!", "true")
    } else {
        ("", "false")
    };
    Some(
        Diagnostic::warning(
            Code::BoardPredicatePreflop,
            format!(
                "`{bang}{}` is always {always} before the flop: there is no board yet",
                predicate.name()
            ),
        )
        .at(via.at(&c.span))
        .with_help("move the condition to a FLOP, TURN or RIVER rule"),
    )
}

/// `later-round-constant`, `potential-always-zero` and `range-strength-preflop` for one
/// number.
pub(super) fn constant_in_round(
    o: &Operand,
    block: BlockKind,
    phase: Phase,
    via: &Via,
) -> Option<Diagnostic> {
    if let (Operand::Versus { measure, span, .. }, Phase::Preflop) = (o, phase) {
        return Some(range_strength_preflop(*measure, via.at(span)));
    }
    let Operand::Constant { constant, span, .. } = o else {
        return None;
    };
    let block = block.keyword();
    match constant {
        Constant::History {
            phase: Some(round),
            player,
            stat,
        } if *round > phase => {
            let current = Constant::History {
                player: *player,
                phase: None,
                stat: *stat,
            };
            Some(
                Diagnostic::warning(
                    Code::LaterRoundConstant,
                    format!(
                        "`{}` is always 0 in a {block} rule: the {} comes after the {}",
                        constant.name(),
                        round.xml_tag(),
                        phase.xml_tag()
                    ),
                )
                .at(via.at(span))
                .with_help(format!(
                    "for this round write `{}`; or move the rule to a {} block",
                    current.name(),
                    round.keyword()
                )),
            )
        }
        Constant::Ppot | Constant::Npot if matches!(phase, Phase::Preflop | Phase::River) => {
            let (why, instead) = if phase == Phase::River {
                ("no cards are to come on the river", "handStrength")
            } else {
                ("it is only computed after the flop", "equity")
            };
            Some(
                Diagnostic::warning(
                    Code::PotentialAlwaysZero,
                    format!("`{}` is always 0 in a {block} rule: {why}", constant.name()),
                )
                .at(via.at(span))
                .with_help(format!("`{instead}` measures the hand in this round")),
            )
        }
        _ => None,
    }
}

/// `range-strength-preflop`: `equityVs(RANGE)` and its family are undefined before the flop
/// (reference §12.8), so a comparison with one there never holds.
pub(super) fn range_strength_preflop(measure: ir::VsMeasure, span: Span) -> Diagnostic {
    let (word, instead) = match measure {
        ir::VsMeasure::Equity | ir::VsMeasure::HandStrength => (
            if measure == ir::VsMeasure::Equity { "equityVs" } else { "handStrengthVs" },
            "before the flop compare the hole cards (`QQ+ | AKs`), `equity` or `handRank169` instead",
        ),
        ir::VsMeasure::Ppot => ("ppotVs", "there is no potential before the flop: compare the hole cards (`QQ+ | AKs`) instead"),
        ir::VsMeasure::Npot => ("npotVs", "there is no potential before the flop: compare the hole cards (`QQ+ | AKs`) instead"),
    };
    Diagnostic::warning(
        Code::RangeStrengthPreflop,
        format!("`{word}` is undefined before the flop: in a PREFLOP rule a comparison with it never holds and a raise by it is a call"),
    )
    .at(span)
    .with_label("always undefined here")
    .with_help(format!("{instead}; or move the condition to a FLOP, TURN or RIVER rule"))
}
