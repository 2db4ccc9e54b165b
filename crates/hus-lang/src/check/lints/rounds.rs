//! Conditions and numbers whose value the rule's round fixes (a board predicate before the
//! flop, a later round's history, the hand's potential where it is 0).

use super::*;

/// `board-predicate-preflop`, `later-round-constant` and `potential-always-zero`: conditions
/// and numbers whose value the rule's round fixes,
/// written in the rule or in a DEFINE it uses (reported at the DEFINE, once per round, with
/// the rule pointed at).
pub(super) fn constants_in_block(
    rule: &ir::Rule,
    walker: &mut Walker,
    reported: &mut std::collections::HashSet<(Option<Span>, Code, BlockKind)>,
    out: &mut Vec<SourceDiagnostic>,
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
) -> Option<SourceDiagnostic> {
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
        SourceDiagnostic::warning(
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

/// `later-round-constant` and `potential-always-zero` for one number.
pub(super) fn constant_in_round(
    o: &Operand,
    block: BlockKind,
    phase: Phase,
    via: &Via,
) -> Option<SourceDiagnostic> {
    let block = block.keyword();
    if let Operand::Versus { measure, span, .. } = o {
        let word = match measure {
            ir::VsMeasure::Ppot => "ppotVs",
            ir::VsMeasure::Npot => "npotVs",
            _ => return None,
        };
        let instead = if phase == Phase::River {
            "handStrengthVs"
        } else {
            "equityVs"
        };
        return potential_always_zero(word, instead, block, phase, via.at(span));
    }
    let Operand::Constant { constant, span, .. } = o else {
        return None;
    };
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
                SourceDiagnostic::warning(
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
        Constant::Ppot | Constant::Npot => {
            let instead = if phase == Phase::River {
                "handStrength"
            } else {
                "equity"
            };
            potential_always_zero(&constant.name(), instead, block, phase, via.at(span))
        }
        _ => None,
    }
}

/// `potential-always-zero`: the potentials (`ppot`, `npot`, `ppotVs`, `npotVs`) are 0 before
/// the flop and on the river; `instead` measures the hand in that round.
fn potential_always_zero(
    word: &str,
    instead: &str,
    block: &str,
    phase: Phase,
    span: Span,
) -> Option<SourceDiagnostic> {
    let why = match phase {
        Phase::River => "no cards are to come on the river",
        Phase::Preflop => "it is only computed after the flop",
        _ => return None,
    };
    Some(
        SourceDiagnostic::warning(
            Code::PotentialAlwaysZero,
            format!("`{word}` is always 0 in a {block} rule: {why}"),
        )
        .at(span)
        .with_help(format!("`{instead}` measures the hand in this round")),
    )
}
