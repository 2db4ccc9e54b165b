//! What a rule's conditions say about the villain's part in the current round: that they hold
//! only once the villain has acted, only when something is owed, or only before the villain
//! acts. One analysis for `rule-never-acts` and `reaction-on-check`.

use super::*;
use crate::game::{Player, Stat};

/// What the conditions of a branch pin about the current round (`false`: nothing known).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Pins {
    /// They hold only when something is owed: never after a check.
    pub owed: bool,
    /// They hold only once the villain has acted in the round.
    pub acted: bool,
    /// They hold only when the villain has not bet or raised in the round.
    pub no_bet: bool,
    /// They hold only when the hero is first to act in the round (`firstToAct`).
    pub first: bool,
}

impl Pins {
    /// What two conditions joined by a comma pin: what either does.
    fn both(self, o: Pins) -> Pins {
        Pins {
            owed: self.owed || o.owed,
            acted: self.acted || o.acted,
            no_bet: self.no_bet || o.no_bet,
            first: self.first || o.first,
        }
    }

    /// What either of two alternatives pins: what both do.
    fn either(self, o: Pins) -> Pins {
        Pins {
            owed: self.owed && o.owed,
            acted: self.acted && o.acted,
            no_bet: self.no_bet && o.no_bet,
            first: self.first && o.first,
        }
    }

    /// The villain has not acted in the round: the hero acts first and the villain has not
    /// bet or raised (after his check or call the round would be over).
    pub fn before_villain(self) -> bool {
        self.first && self.no_bet
    }

    /// Whether anything at all is pinned.
    fn any(self) -> bool {
        self != Pins::default()
    }
}

/// What every branch of a rule (its DEFINEs spelled out) pins; nothing for a rule without
/// branches, which always holds.
pub(super) fn rule_pins(rule: &ir::Rule) -> Pins {
    let after_flop = !matches!(block_phase(rule.block), None | Some(Phase::Preflop));
    let phase = block_phase(rule.block);
    let all = Pins {
        owed: true,
        acted: true,
        no_bet: true,
        first: true,
    };
    if rule.branches.is_empty() {
        return Pins::default();
    }
    rule.branches
        .iter()
        .flat_map(|b| expansions(&b.conditions, None))
        .map(|alt| {
            alt.iter().fold(Pins::default(), |p, (c, _)| {
                p.both(condition_pins(c, after_flop, phase))
            })
        })
        .fold(all, Pins::either)
}

/// What one condition pins. `facingBet` (and `toCall > 0`) needs the villain to have acted
/// only after the flop: before it the big blind is a bet nobody made.
fn condition_pins(c: &ir::Condition, after_flop: bool, phase: Option<Phase>) -> Pins {
    let mut p = Pins::default();
    match &c.test {
        Test::Predicate { predicate, negated } => match (predicate, negated) {
            (Predicate::FacingRaise, false) => (p.owed, p.acted) = (true, true),
            (Predicate::FacingBet, false) => (p.owed, p.acted) = (true, after_flop),
            (Predicate::FacingRaise | Predicate::FacingBet, true) => p.no_bet = true,
            (Predicate::CheckedTo, false) => (p.acted, p.no_bet) = (true, true),
            (Predicate::FirstToAct, false) => p.first = true,
            _ => {}
        },
        Test::Compare { lhs, op, rhs } => {
            let (k, n, left) = match (lhs, rhs) {
                (
                    Operand::Constant {
                        constant, factor, ..
                    },
                    Operand::Number(n),
                ) => ((constant, *factor), *n, true),
                (
                    Operand::Number(n),
                    Operand::Constant {
                        constant, factor, ..
                    },
                ) => ((constant, *factor), *n, false),
                _ => return p,
            };
            let holds = |v: f64| match left {
                true => op.holds(k.1 * v, n),
                false => op.holds(n, k.1 * v),
            };
            let Some(kind) = round_value(k.0, phase) else {
                return p;
            };
            if k.1 != 0.0 && !holds(0.0) {
                // Only when the value is not 0.
                match kind {
                    RoundValue::Owed => (p.owed, p.acted) = (true, after_flop),
                    RoundValue::VillainBet => (p.owed, p.acted) = (true, true),
                    RoundValue::VillainActed => p.acted = true,
                }
            } else if k.1 > 0.0 && kind != RoundValue::VillainActed && only_at_zero(holds) {
                p.no_bet = true;
            }
        }
        _ => {}
    }
    p
}

/// What a value of the current round being other than 0 says.
#[derive(Clone, Copy, PartialEq)]
enum RoundValue {
    /// Something is owed (`toCall`, `potOdds`).
    Owed,
    /// The villain bet or raised in the round (`villainRaiseTimes`, `villainRaise`, ...).
    VillainBet,
    /// The villain called or checked in the round.
    VillainActed,
}

fn round_value(k: &Constant, phase: Option<Phase>) -> Option<RoundValue> {
    match k {
        Constant::ToCall | Constant::PotOdds => Some(RoundValue::Owed),
        Constant::History {
            player: Player::Villain,
            phase: p,
            stat,
        } if p.is_none() || (*p == phase && phase.is_some()) => Some(match stat {
            Stat::CallTimes | Stat::CheckTimes => RoundValue::VillainActed,
            _ => RoundValue::VillainBet,
        }),
        _ => None,
    }
}

/// Whether a comparison holding at 0 fails at every positive value (sampled: a count is a
/// whole number, chips at least 1, a share of the pot a fraction; `==` allows 1e-9).
fn only_at_zero(holds: impl Fn(f64) -> bool) -> bool {
    const POSITIVE: [f64; 9] = [1e-6, 1e-3, 0.1, 0.5, 1.0, 2.0, 10.0, 1e3, 1e9];
    holds(0.0) && !POSITIVE.iter().any(|&v| holds(v))
}

// ---------------------------------------------------------------------------------------
// Rules that never give an action.

/// `rule-never-acts`: a rule whose only action is its `THEN` (no reactions) while every
/// branch holds only after the villain acted, where only a reaction answers; or a rule of
/// reactions alone whose every branch holds only before the villain acts, where none does.
pub(super) fn rules_never_acting(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    for rule in &program.rules {
        let pins = rule_pins(rule);
        if !pins.any() {
            continue;
        }
        let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
        let only_then =
            rule.reactions.is_empty() && !matches!(rule.action.kind, ir::RuleActionKind::Nothing);
        let only_reactions =
            !rule.reactions.is_empty() && matches!(rule.action.kind, ir::RuleActionKind::Nothing);
        if only_then && pins.acted {
            let then = rule.action.span.clone();
            let text = source.text.get(then.clone()).unwrap_or("");
            let mut d = SourceDiagnostic::warning(
                Code::RuleNeverActs,
                "this rule never gives an action: it holds only after the villain acted in the round, where only a VILLAIN reaction answers, and it has none",
            )
            .at(keyword)
            .with_label("never acts")
            .with_related(then.clone(), "used only when the villain has not acted")
            .with_help("write `DO` for `THEN` to act whether or not the villain acted");
            if text.starts_with("THEN") {
                d = d.with_replacement(then.start..then.start + "THEN".len(), "DO");
            }
            out.push(d);
        } else if only_reactions && pins.before_villain() && !pins.acted {
            out.push(
                SourceDiagnostic::warning(
                    Code::RuleNeverActs,
                    "this rule never gives an action: it holds only before the villain acts in the round, where a VILLAIN reaction never answers, and it has no THEN action",
                )
                .at(keyword)
                .with_label("never acts")
                .with_help("give the rule a `THEN` action (or `DO` to act whether or not the villain acted)"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pins(script: &str) -> Pins {
        let c = crate::check::check(
            &SourceFile::new("t.hus", script),
            &crate::check::CheckOptions::default(),
        );
        rule_pins(&c.program.expect("a program").rules[0])
    }

    #[test]
    fn conditions_pin_who_acted() {
        let flop = |branch: &str| {
            pins(&format!(
                "FLOP\nRULE {branch}\nTHEN CALL\nENDRULE\nENDFLOP\n"
            ))
        };
        let pre = |branch: &str| {
            pins(&format!(
                "PREFLOP\nRULE {branch}\nTHEN CALL\nENDRULE\nENDPREFLOP\n"
            ))
        };
        assert!(flop("facingBet, flushDraw").acted);
        assert!(!pre("facingBet").acted && pre("facingBet").owed);
        assert!(pre("facingRaise").acted);
        assert!(pre("heroRaiseTimes == 0, villainRaiseTimes == 1").owed);
        assert!(flop("villainRaiseTimes > 0").acted);
        assert!(!flop("villainRaiseTimes >= 0").any());
        assert!(flop("checkedTo").acted && !flop("checkedTo").owed);
        assert!(flop("firstToAct, villainRaiseTimes == 0").before_villain());
        assert!(!flop("firstToAct, toCall < 5").before_villain());
        assert!(!flop("facingBet\nflushDraw").acted);
        assert!(flop("facingBet, pair\nfacingRaise").acted);
        assert!(!pins("ALWAYS\nRULE facingBet\nTHEN CALL\nENDRULE\nENDALWAYS\n").acted);
    }
}
