//! Turning what a rule says into a legal no-limit action (reference §5, Decision — legal actions).
//!
//! Everything here is a pure function of a few numbers from the betting model, so the rules
//! can be tested without a game state.

use crate::game::{format_amount, Move};
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
    pub(crate) fn from_cell(cell: TableCell, bb: f64) -> Intent {
        match cell {
            TableCell::Fold => Intent::Fold,
            TableCell::Call => Intent::CallOrCheck,
            TableCell::Check => Intent::Check,
            TableCell::Raise(x) => Intent::Raise(x * bb),
            TableCell::AllIn => Intent::AllIn,
        }
    }

    /// The intent of an external program's answer.
    pub(crate) fn from_move(m: Move) -> Intent {
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
    pub to_call: f64,
    /// The smallest legal raise increment.
    pub(crate) min_raise: f64,
    /// Chips the hero has behind.
    pub hero_stack: f64,
    /// False when the villain is all in or `heroStack <= toCall`.
    pub(crate) hero_can_raise: bool,
    /// The chip size amounts are rounded to (1, or `<init><chip>`).
    pub chip: f64,
}

use crate::game::chips::{less, more};

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
    RaisedToMinimum { asked: f64, minimum: f64 },
    /// A raise above what the hero has: exactly all in.
    CappedAllIn { asked: f64, all_in: f64 },
}

impl Change {
    /// A sentence for the warning, e.g. "CHECK when 40 is owed becomes fold".
    pub fn describe(&self, b: &Facing) -> String {
        let owed = format_amount(b.to_call);
        match *self {
            Change::FoldToCheck => "FOLD when nothing is owed becomes check".to_string(),
            Change::CheckToFold => format!("CHECK when {owed} is owed becomes fold"),
            Change::CallToCheck => "CALL when nothing is owed becomes check".to_string(),
            Change::RaiseToCall => {
                let why = if !more(b.hero_stack, b.to_call) {
                    format!(
                        "the hero has {} behind and {owed} to call",
                        format_amount(b.hero_stack)
                    )
                } else {
                    "the villain is all in".to_string()
                };
                let to = if more(b.to_call, 0.0) {
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

/// Rounds an amount to whole chips (half away from zero).
pub(crate) fn round_to_chip(amount: f64, chip: f64) -> f64 {
    if chip <= 0.0 {
        return amount;
    }
    let n = (amount / chip).round();
    let r = n * chip;
    // Keep decimal chips clean (0.1 + 0.2 style noise) without changing whole amounts.
    if chip.fract() != 0.0 {
        (r * 1e9).round() / 1e9
    } else {
        r
    }
}

/// Makes an intent legal (reference §5): the move to print, and what changed when anything did.
/// Inlined where it is called (every decision, and again by the dealer): its facing numbers
/// stay in registers and no call is paid.
#[inline(always)]
pub fn make_legal(intent: Intent, b: &Facing) -> (Move, Option<Change>) {
    let owed = more(b.to_call, 0.0);
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
        Intent::AllIn if !b.hero_can_raise || !more(b.hero_stack, b.to_call) => {
            (if owed { Move::Call } else { Move::Check }, None)
        }
        Intent::Raise(_) if !b.hero_can_raise || !more(b.hero_stack, b.to_call) => {
            let m = if owed { Move::Call } else { Move::Check };
            (m, Some(Change::RaiseToCall))
        }
        Intent::AllIn => (Move::Raise(b.hero_stack - b.to_call), None),
        Intent::Raise(asked) => {
            let all_in = b.hero_stack - b.to_call;
            let r = round_to_chip(asked, b.chip);
            if more(r, all_in) {
                (
                    Move::Raise(all_in),
                    Some(Change::CappedAllIn { asked: r, all_in }),
                )
            } else if !less(r, all_in) {
                (Move::Raise(all_in), None)
            } else if less(r, b.min_raise) {
                let minimum = b.min_raise.min(all_in);
                (
                    Move::Raise(minimum),
                    Some(Change::RaisedToMinimum { asked: r, minimum }),
                )
            } else {
                (Move::Raise(r.min(all_in)), None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn betting(to_call: f64, min_raise: f64, hero_stack: f64) -> Facing {
        Facing {
            to_call,
            min_raise,
            hero_stack,
            hero_can_raise: hero_stack > to_call,
            chip: 1.0,
        }
    }

    #[test]
    fn passive_actions_follow_what_is_owed() {
        let free = betting(0.0, 20.0, 1000.0);
        let owed = betting(40.0, 40.0, 1000.0);
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
        let b = betting(20.0, 40.0, 500.0);
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
                    asked: 10.0,
                    minimum: 40.0
                })
            )
        );
        assert_eq!(
            make_legal(Intent::Raise(1000.0), &b),
            (
                Move::Raise(480.0),
                Some(Change::CappedAllIn {
                    asked: 1000.0,
                    all_in: 480.0
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
        let b = betting(20.0, 40.0, 50.0);
        assert_eq!(
            make_legal(Intent::Raise(10.0), &b),
            (
                Move::Raise(30.0),
                Some(Change::RaisedToMinimum {
                    asked: 10.0,
                    minimum: 30.0
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
        let mut b = betting(100.0, 100.0, 1000.0);
        b.hero_can_raise = false; // the villain is all in
        assert_eq!(
            make_legal(Intent::Raise(300.0), &b),
            (Move::Call, Some(Change::RaiseToCall))
        );
        // All in asked for as such is never a change: calling is all that can go in.
        assert_eq!(make_legal(Intent::AllIn, &b), (Move::Call, None));
        let short = betting(100.0, 100.0, 80.0);
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
        assert_eq!(round_to_chip(0.304, 0.01), 0.3);
        assert_eq!(round_to_chip(1.0 / 3.0, 0.01), 0.33);
        assert_eq!(round_to_chip(7.5, 5.0), 10.0);
        let b = Facing {
            chip: 0.01,
            ..betting(0.0, 0.02, 5.0)
        };
        assert_eq!(
            make_legal(Intent::Raise(0.123), &b),
            (Move::Raise(0.12), None)
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
