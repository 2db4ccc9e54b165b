//! Turning what a rule says into a legal no-limit action (reference §5, Decision — legal actions).
//!
//! Everything here is a pure function of a few numbers from the betting model, so the rules
//! can be tested without a game state.

use crate::game::betting::Derived;
use crate::game::{Chips, Move, Unit};
use crate::ir::TableCell;

/// What a rule asks for, before it is made legal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Intent {
    Fold,
    Check,
    Call,
    /// A call when something is owed, a check otherwise (a table's `C`): never a change.
    CallOrCheck,
    /// Raise by this many chips above the call (before rounding to whole chips).
    Raise(f64),
    /// Everything behind (`RAISE allIn`, a table's `A`): capping it is never a change.
    AllIn,
}

impl Intent {
    /// The intent of an action-table cell; `bb` is the big blind (`R<x>` raises x big blinds).
    pub fn from_cell(cell: TableCell, bb: f64) -> Intent {
        match cell {
            TableCell::Fold => Intent::Fold,
            TableCell::Call => Intent::CallOrCheck,
            TableCell::Check => Intent::Check,
            TableCell::Raise(x) => Intent::Raise(x * bb),
            TableCell::AllIn => Intent::AllIn,
        }
    }

    /// The intent of an external program's answer.
    pub fn from_move(m: Move) -> Intent {
        match m {
            Move::Fold => Intent::Fold,
            Move::Check => Intent::Check,
            Move::Call => Intent::Call,
            Move::Raise(x) => Intent::Raise(x),
        }
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

/// Makes an intent legal (reference §5): the move to print, and what changed when anything did.
/// A size the script computed is rounded to the chip here, the one place it is (half away
/// from zero); the rest is counted in whole units.
/// Inlined where it is called (every decision, and again by the dealer): its facing numbers
/// stay in registers and no call is paid.
#[inline(always)]
pub fn make_legal(intent: Intent, b: &Facing) -> (Move, Option<Change>) {
    let owed = b.to_call > Chips::ZERO;
    let raise = |c: Chips| Move::Raise(b.unit.to_f64(c));
    match intent {
        Intent::Fold if owed => (Move::Fold, None),
        Intent::Fold => (Move::Check, Some(Change::FoldToCheck)),
        Intent::Check if owed => (Move::Fold, Some(Change::CheckToFold)),
        Intent::Check => (Move::Check, None),
        Intent::Call if owed => (Move::Call, None),
        Intent::Call => (Move::Check, Some(Change::CallToCheck)),
        Intent::CallOrCheck if owed => (Move::Call, None),
        Intent::CallOrCheck => (Move::Check, None),
        // All in asked for as such, when no raise is possible: calling is all the hero can put
        // in (all of it, facing a covering bet), so it is no change (reference §5).
        Intent::AllIn if !b.hero_can_raise || b.hero_stack <= b.to_call => {
            (if owed { Move::Call } else { Move::Check }, None)
        }
        Intent::Raise(_) if !b.hero_can_raise || b.hero_stack <= b.to_call => {
            let m = if owed { Move::Call } else { Move::Check };
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

    fn betting(to_call: i64, min_raise: i64, hero_stack: i64) -> Facing {
        Facing {
            to_call: Chips(to_call),
            min_raise: Chips(min_raise),
            hero_stack: Chips(hero_stack),
            hero_can_raise: hero_stack > to_call,
            chip: Chips(1),
            unit: Unit::WHOLE,
        }
    }

    #[test]
    fn passive_actions_follow_what_is_owed() {
        let free = betting(0, 20, 1000);
        let owed = betting(40, 40, 1000);
        assert_eq!(make_legal(Intent::Fold, &owed), (Move::Fold, None));
        assert_eq!(
            make_legal(Intent::Fold, &free),
            (Move::Check, Some(Change::FoldToCheck))
        );
        assert_eq!(
            make_legal(Intent::Check, &owed),
            (Move::Fold, Some(Change::CheckToFold))
        );
        assert_eq!(make_legal(Intent::Check, &free), (Move::Check, None));
        assert_eq!(make_legal(Intent::Call, &owed), (Move::Call, None));
        assert_eq!(
            make_legal(Intent::Call, &free),
            (Move::Check, Some(Change::CallToCheck))
        );
        assert_eq!(make_legal(Intent::CallOrCheck, &free), (Move::Check, None));
        assert_eq!(make_legal(Intent::CallOrCheck, &owed), (Move::Call, None));
    }

    #[test]
    fn raises_are_rounded_and_bounded() {
        let b = betting(20, 40, 500);
        assert_eq!(
            make_legal(Intent::Raise(60.4), &b),
            (Move::Raise(60.0), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(60.5), &b),
            (Move::Raise(61.0), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(10.0), &b),
            (
                Move::Raise(40.0),
                Some(Change::RaisedToMinimum {
                    asked: Chips(10),
                    minimum: Chips(40)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(1000.0), &b),
            (
                Move::Raise(480.0),
                Some(Change::CappedAllIn {
                    asked: Chips(1000),
                    all_in: Chips(480)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(480.0), &b),
            (Move::Raise(480.0), None)
        );
        assert_eq!(make_legal(Intent::AllIn, &b), (Move::Raise(480.0), None));
    }

    #[test]
    fn a_short_stack_raises_all_in_below_the_minimum() {
        let b = betting(20, 40, 50);
        assert_eq!(
            make_legal(Intent::Raise(10.0), &b),
            (
                Move::Raise(30.0),
                Some(Change::RaisedToMinimum {
                    asked: Chips(10),
                    minimum: Chips(30)
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(30.0), &b),
            (Move::Raise(30.0), None)
        );
    }

    #[test]
    fn no_raise_when_the_hero_cannot() {
        let mut b = betting(100, 100, 1000);
        b.hero_can_raise = false; // the villain is all in
        assert_eq!(
            make_legal(Intent::Raise(300.0), &b),
            (Move::Call, Some(Change::RaiseToCall))
        );
        // All in asked for as such is never a change: calling is all that can go in.
        assert_eq!(make_legal(Intent::AllIn, &b), (Move::Call, None));
        let short = betting(100, 100, 80);
        assert_eq!(make_legal(Intent::AllIn, &short), (Move::Call, None));
        assert_eq!(
            make_legal(Intent::Raise(300.0), &short),
            (Move::Call, Some(Change::RaiseToCall))
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
            (Move::Raise(0.12), None)
        );
        assert_eq!(
            make_legal(Intent::Raise(1.0 / 3.0), &b),
            (Move::Raise(0.33), None)
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
            (Move::Raise(30.0), None)
        );
    }

    #[test]
    fn table_cells() {
        assert_eq!(
            Intent::from_cell(TableCell::Raise(2.5), 20.0),
            Intent::Raise(50.0)
        );
        assert_eq!(
            Intent::from_cell(TableCell::Call, 20.0),
            Intent::CallOrCheck
        );
        assert_eq!(Intent::from_cell(TableCell::AllIn, 20.0), Intent::AllIn);
    }
}
