//! Turning what a rule says into a legal no-limit action (reference §5, Decision — legal actions).
//!
//! Everything here is a pure function of a few numbers from the betting model, so the rules
//! can be tested without a game state.

use crate::game::betting::Derived;
pub use crate::game::Intent;
use crate::game::{Action, Chips, Unit};
use crate::ir::TableCell;

/// The intent of an action-table cell; `bb` is the big blind (`R<x>` raises x big blinds).
pub fn cell_intent(cell: TableCell, bb: f64) -> Intent {
    match cell {
        TableCell::Fold => Intent::Fold,
        TableCell::Call => Intent::CallOrCheck,
        TableCell::Check => Intent::Check,
        TableCell::Raise(x) => Intent::Raise(x * bb),
        TableCell::AllIn => Intent::AllIn,
    }
}

/// What the hero faces: the numbers of the betting model that decide what is legal now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Facing {
    /// What the hero must add to stay in (0 when nothing is owed).
    pub to_call: Chips,
    /// The smallest legal raise increment.
    pub min_raise: Chips,
    /// Chips the hero has behind.
    pub hero_stack: Chips,
    /// Chips the hero has put in this round: where a raise's total (`to`) starts from.
    pub hero_round: Chips,
    /// False when the villain is all in or `heroStack <= toCall`.
    pub hero_can_raise: bool,
    /// The size raises are rounded to, in units (one unit, or `<chip>`).
    pub chip: Chips,
    /// The unit the amounts count.
    pub unit: Unit,
}

impl Facing {
    /// What the hero of a state faces, in the state's own unit and chip: the one place the
    /// betting model's numbers become the rules' input.
    pub fn of(d: &Derived) -> Facing {
        Facing {
            to_call: d.to_call,
            min_raise: d.min_raise,
            hero_stack: d.hero_stack,
            hero_round: d.hero_round,
            hero_can_raise: d.hero_can_raise,
            chip: d.chip.max(Chips(1)),
            unit: d.unit,
        }
    }
}

/// What making an action legal changed (each one is reported as a warning).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// `FOLD` when nothing is owed: a check.
    FoldToCheck,
    /// `CHECK` when something is owed: a fold.
    CheckToFold,
    /// `CALL` when nothing is owed: a check.
    CallToCheck,
    /// `RAISE` when the hero cannot raise: a call (or a check when nothing is owed).
    RaiseToCall,
    /// A raise below the minimum: the minimum (or all in when the hero has less).
    RaisedToMinimum { asked: Chips, minimum: Chips },
    /// A raise above what the hero has: exactly all in.
    CappedAllIn { asked: Chips, all_in: Chips },
}

impl Change {
    /// A sentence for the warning, e.g. "CHECK when 40 is owed becomes fold".
    pub fn describe(&self, b: &Facing) -> String {
        let format_amount = |c: Chips| b.unit.format(c);
        let owed = format_amount(b.to_call);
        match *self {
            Change::FoldToCheck => "FOLD when nothing is owed becomes check".to_string(),
            Change::CheckToFold => format!("CHECK when {owed} is owed becomes fold"),
            Change::CallToCheck => "CALL when nothing is owed becomes check".to_string(),
            Change::RaiseToCall => {
                let why = if b.hero_stack <= b.to_call {
                    format!(
                        "the hero has {} behind and {owed} to call",
                        format_amount(b.hero_stack)
                    )
                } else {
                    "the villain is all in".to_string()
                };
                let to = if b.to_call > Chips::ZERO {
                    "call"
                } else {
                    "check"
                };
                format!("RAISE when the hero cannot raise ({why}) becomes {to}")
            }
            Change::RaisedToMinimum { asked, minimum } => format!(
                "a raise of {} is below the minimum raise of {}; raising {} instead",
                format_amount(asked),
                format_amount(b.min_raise),
                format_amount(minimum)
            ),
            Change::CappedAllIn { asked, all_in } => format!(
                "a raise of {} is more than the hero can put in ({} behind, {owed} to call); \
                 raising {} (all in) instead",
                format_amount(asked),
                format_amount(b.hero_stack),
                format_amount(all_in)
            ),
        }
    }
}

/// Makes an intent legal (reference §5): the action to print, and what changed when anything
/// did.
/// A size the script computed is rounded to the chip here, the one place it is (half away
/// from zero); the rest is counted in whole units.
/// Inlined where it is called (every decision, and again by the dealer): its facing numbers
/// stay in registers and no call is paid.
#[inline(always)]
pub fn make_legal(intent: Intent, b: &Facing) -> (Action, Option<Change>) {
    let owed = b.to_call > Chips::ZERO;
    let raise = |c: Chips| Action::raise_after(b.unit, b.hero_round + b.to_call, b.unit.to_f64(c));
    match intent {
        Intent::Fold if owed => (Action::Fold, None),
        Intent::Fold => (Action::Check, Some(Change::FoldToCheck)),
        Intent::Check if owed => (Action::Fold, Some(Change::CheckToFold)),
        Intent::Check => (Action::Check, None),
        Intent::Call if owed => (Action::Call, None),
        Intent::Call => (Action::Check, Some(Change::CallToCheck)),
        Intent::CallOrCheck if owed => (Action::Call, None),
        Intent::CallOrCheck => (Action::Check, None),
        // All in asked for as such, when no raise is possible: calling is all the hero can put
        // in (all of it, facing a covering bet), so it is no change (reference §5).
        Intent::AllIn if !b.hero_can_raise || b.hero_stack <= b.to_call => {
            (if owed { Action::Call } else { Action::Check }, None)
        }
        Intent::Raise(_) if !b.hero_can_raise || b.hero_stack <= b.to_call => {
            let m = if owed { Action::Call } else { Action::Check };
            (m, Some(Change::RaiseToCall))
        }
        Intent::AllIn => (raise(b.hero_stack - b.to_call), None),
        Intent::Raise(asked) => {
            let all_in = b.hero_stack - b.to_call;
            let r = b.unit.round(asked, b.chip);
            if r > all_in {
                (
                    raise(all_in),
                    Some(Change::CappedAllIn { asked: r, all_in }),
                )
            } else if r == all_in {
                (raise(all_in), None)
            } else if r < b.min_raise {
                let minimum = b.min_raise.min(all_in);
                (
                    raise(minimum),
                    Some(Change::RaisedToMinimum { asked: r, minimum }),
                )
            } else {
                (raise(r), None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raise(by: f64, to: f64) -> Action {
        Action::Raise { by, to }
    }

    fn betting(to_call: i64, min_raise: i64, hero_stack: i64) -> Facing {
        Facing {
            to_call: Chips(to_call),
            min_raise: Chips(min_raise),
            hero_stack: Chips(hero_stack),
            hero_round: Chips(0),
            hero_can_raise: hero_stack > to_call,
            chip: Chips(1),
            unit: Unit::WHOLE,
        }
    }

    #[test]
    fn passive_actions_follow_what_is_owed() {
        let free = betting(0, 20, 1000);
        let owed = betting(40, 40, 1000);
        assert_eq!(make_legal(Intent::Fold, &owed), (Action::Fold, None));
        assert_eq!(
            make_legal(Intent::Fold, &free),
            (Action::Check, Some(Change::FoldToCheck))
        );
        assert_eq!(
            make_legal(Intent::Check, &owed),
            (Action::Fold, Some(Change::CheckToFold))
        );
        assert_eq!(make_legal(Intent::Check, &free), (Action::Check, None));
        assert_eq!(make_legal(Intent::Call, &owed), (Action::Call, None));
        assert_eq!(
            make_legal(Intent::Call, &free),
            (Action::Check, Some(Change::CallToCheck))
        );
        assert_eq!(
            make_legal(Intent::CallOrCheck, &free),
            (Action::Check, None)
        );
        assert_eq!(make_legal(Intent::CallOrCheck, &owed), (Action::Call, None));
    }

    #[test]
    fn raises_are_rounded_and_bounded() {
        let b = betting(20, 40, 500);
        assert_eq!(
            make_legal(Intent::Raise(60.4), &b),
            (raise(60.0, 80.0), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(60.5), &b),
            (raise(61.0, 81.0), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(10.0), &b),
            (
                raise(40.0, 60.0),
                Some(Change::RaisedToMinimum {
                    asked: Chips(10),
                    minimum: Chips(40)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(1000.0), &b),
            (
                raise(480.0, 500.0),
                Some(Change::CappedAllIn {
                    asked: Chips(1000),
                    all_in: Chips(480)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(480.0), &b),
            (raise(480.0, 500.0), None)
        );
        assert_eq!(make_legal(Intent::AllIn, &b), (raise(480.0, 500.0), None));
    }

    #[test]
    fn a_raise_totals_the_round_s_chips() {
        // The big blind (20 in) facing a raise to 60 raises by 100: to 160 in this round.
        let b = Facing {
            hero_round: Chips(20),
            ..betting(40, 40, 980)
        };
        assert_eq!(
            make_legal(Intent::Raise(100.0), &b),
            (raise(100.0, 160.0), None)
        );
        assert_eq!(make_legal(Intent::AllIn, &b), (raise(940.0, 1000.0), None));
    }

    #[test]
    fn a_short_stack_raises_all_in_below_the_minimum() {
        let b = betting(20, 40, 50);
        assert_eq!(
            make_legal(Intent::Raise(10.0), &b),
            (
                raise(30.0, 50.0),
                Some(Change::RaisedToMinimum {
                    asked: Chips(10),
                    minimum: Chips(30)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(30.0), &b),
            (raise(30.0, 50.0), None)
        );
    }

    #[test]
    fn no_raise_when_the_hero_cannot() {
        let mut b = betting(100, 100, 1000);
        b.hero_can_raise = false; // the villain is all in
        assert_eq!(
            make_legal(Intent::Raise(300.0), &b),
            (Action::Call, Some(Change::RaiseToCall))
        );
        // All in asked for as such is never a change: calling is all that can go in.
        assert_eq!(make_legal(Intent::AllIn, &b), (Action::Call, None));
        let short = betting(100, 100, 80);
        assert_eq!(make_legal(Intent::AllIn, &short), (Action::Call, None));
        assert_eq!(
            make_legal(Intent::Raise(300.0), &short),
            (Action::Call, Some(Change::RaiseToCall))
        );
        assert!(Change::RaiseToCall
            .describe(&short)
            .contains("80 behind and 100 to call"));
        assert!(Change::RaiseToCall
            .describe(&b)
            .contains("villain is all in"));
    }

    #[test]
    fn decimal_chips() {
        let cents = Unit::new(2).unwrap();
        let b = Facing {
            unit: cents,
            ..betting(0, 2, 500)
        };
        assert_eq!(
            make_legal(Intent::Raise(0.123), &b),
            (raise(0.12, 0.12), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(1.0 / 3.0), &b),
            (raise(0.33, 0.33), None)
        );
        // 0.1 + 0.2 is 0.30000000000000004 as floats: the raise is exactly 0.3.
        let (m, _) = make_legal(Intent::Raise(0.1 + 0.2), &b);
        assert_eq!(m.to_string(), "raise 0.3");
        let fives = Facing {
            chip: Chips(5),
            ..betting(0, 20, 500)
        };
        assert_eq!(
            make_legal(Intent::Raise(27.5), &fives),
            (raise(30.0, 30.0), None)
        );
    }

    #[test]
    fn table_cells() {
        assert_eq!(
            cell_intent(TableCell::Raise(2.5), 20.0),
            Intent::Raise(50.0)
        );
        assert_eq!(cell_intent(TableCell::Call, 20.0), Intent::CallOrCheck);
        assert_eq!(cell_intent(TableCell::AllIn, 20.0), Intent::AllIn);
    }
}
