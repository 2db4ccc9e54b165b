//! VILLAIN reactions never reached, or that also answer a check.

use super::*;

/// `unreachable-reaction`: reactions after one with no condition, which always answers first.
pub(super) fn unreachable_reactions(program: &Program, out: &mut Vec<SourceDiagnostic>) {
    for rule in &program.rules {
        let Some(k) = rule.reactions.iter().position(|r| r.branches.is_empty()) else {
            continue;
        };
        let catch_all = &rule.reactions[k];
        for later in &rule.reactions[k + 1..] {
            let keyword =
                later.span.start..later.span.start + "VILLAIN".len().min(later.span.len());
            out.push(
                SourceDiagnostic::warning(
                    Code::UnreachableReaction,
                    format!(
                        "this reaction is never reached: the reaction at line {} has no condition and answers first",
                        catch_all.line
                    ),
                )
                .at(keyword)
                .with_label("never reached")
                .with_related(
                    catch_all.span.start..catch_all.span.start + "VILLAIN".len(),
                    "always holds",
                )
                .with_help("reactions are tried in order: move the catch-all reaction last"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reactions that also answer a check.

/// `reaction-on-check`: a VILLAIN reaction comparing `potOdds` or `toCall` so that it holds
/// when they are 0, which they are after the villain checked: `VILLAIN ppot >= potOdds`,
/// `THEN CALL` turns into a check that pre-empts lower-priority bets.
pub(super) fn reactions_on_a_check(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    // A DEFINE's comparison is reported once, at its first reaction.
    let mut reported = std::collections::HashSet::new();
    for rule in &program.rules {
        // A rule whose every branch asks for a bet never answers a check at all.
        if rule_needs_a_bet(rule) {
            continue;
        }
        // Once a reaction catches every check, the ones after it never see one.
        let mut checks_caught = false;
        for reaction in &rule.reactions {
            if checks_caught {
                break;
            }
            checks_caught =
                reaction.branches.is_empty() || reaction.branches.iter().any(catches_checks);
            reaction_on_a_check(reaction, source, &mut reported, out);
        }
    }
}

/// Whether every branch of the rule (its DEFINEs spelled out) holds only when something is
/// owed (`facingBet`, `facingRaise`, `villainRaiseTimes == 1`, `toCall > 0`, ...): then the
/// rule does not hold after a check, and neither do its reactions.
pub(super) fn rule_needs_a_bet(rule: &ir::Rule) -> bool {
    super::acted::rule_pins(rule).owed
}

/// Whether a reaction branch holds after every check of the villain: it asks for nothing
/// but a check (`checkedTo`, `!facingBet`, `toCall == 0`, `villainRaiseTimes == 0`).
pub(super) fn catches_checks(branch: &ir::Branch) -> bool {
    expansions(&branch.conditions, None)
        .iter()
        .any(|alt| alt.iter().all(|(c, _)| catches_check(c)))
}

/// Whether one condition holds after every check of the villain.
pub(super) fn catches_check(c: &ir::Condition) -> bool {
    match &c.test {
        Test::Predicate {
            predicate: Predicate::CheckedTo,
            negated: false,
        }
        | Test::Predicate {
            predicate: Predicate::FacingBet | Predicate::FacingRaise,
            negated: true,
        } => true,
        Test::Compare {
            lhs: Operand::Constant {
                constant, factor, ..
            },
            op: CmpOp::Eq,
            rhs: Operand::Number(n),
        } => {
            *n == 0.0
                && *factor != 0.0
                && matches!(
                    constant,
                    Constant::ToCall
                        | Constant::PotOdds
                        | Constant::History {
                            player: crate::game::Player::Villain,
                            phase: None,
                            stat: crate::game::Stat::RaiseTimes | crate::game::Stat::Raise,
                        }
                )
        }
        _ => false,
    }
}

/// One reaction's branches: see [`reactions_on_a_check`].
pub(super) fn reaction_on_a_check(
    reaction: &ir::Reaction,
    source: &SourceFile,
    reported: &mut std::collections::HashSet<Span>,
    out: &mut Vec<SourceDiagnostic>,
) {
    let owed_constant = |o: &Operand| match o {
        Operand::Constant {
            constant: c @ (Constant::PotOdds | Constant::ToCall),
            factor,
            ..
        } if *factor > 0.0 => Some(c.clone()),
        _ => None,
    };
    let alts = reaction.branches.iter().flat_map(|b| {
        expansions(&b.conditions, None)
            .into_iter()
            .map(move |alt| (b, alt))
    });
    {
        for (branch, alt) in alts {
            let mut found = None;
            let mut excluded = false;
            for &(c, included) in &alt {
                match &c.test {
                    Test::Predicate { predicate, .. } if predicate.is_betting() => excluded = true,
                    Test::Compare { lhs, op, rhs } => {
                        let (constant, other, left) = match (owed_constant(lhs), owed_constant(rhs))
                        {
                            (Some(k), _) => (k, rhs, true),
                            (None, Some(k)) => (k, lhs, false),
                            (None, None) => continue,
                        };
                        let at_zero = match other {
                            // Against a number: whether it holds at 0.
                            Operand::Number(n) => {
                                if left {
                                    op.holds(0.0, *n)
                                } else {
                                    op.holds(*n, 0.0)
                                }
                            }
                            // Against another (non-negative) value: `0 <= x` holds.
                            _ => matches!(
                                (left, op),
                                (true, CmpOp::Lt | CmpOp::Le) | (false, CmpOp::Gt | CmpOp::Ge)
                            ),
                        };
                        if !at_zero {
                            excluded = true;
                        } else if found.is_none() {
                            // One from an INCLUDEd DEFINE is reported at the branch using it.
                            let span = match included {
                                Some(_) => branch.span.clone(),
                                None => c.span.clone(),
                            };
                            found = Some((span, constant, included));
                        }
                    }
                    _ => {}
                }
            }
            let Some((span, constant, included)) = found.filter(|_| !excluded) else {
                continue;
            };
            if !reported.insert(span.clone()) {
                continue;
            }
            let name = if constant == Constant::PotOdds {
                "potOdds"
            } else {
                "toCall"
            };
            let text = included.unwrap_or_else(|| source.text.get(span.clone()).unwrap_or(name));
            let mut d = SourceDiagnostic::warning(
                Code::ReactionOnCheck,
                format!("`{text}` also holds after the villain checked (`{name}` is 0 then)"),
            )
            .at(span.clone())
            .with_label("holds when nothing is owed")
            .with_help(
                "add `facingBet` to answer only a bet (or `checkedTo` to answer only a check)",
            );
            if !within(&span, &branch.span) {
                d = d.with_related(branch.span.clone(), "a reaction using this DEFINE");
            }
            out.push(d);
        }
    }
}
