//! Legal moves: whatever a bot answers is made a move the table accepts, the same way at
//! every table (`hus match` deals it, `hus acpc` sends it to the dealer).

use crate::eval::action::{make_legal, Facing};
use crate::game::betting::Derived;
use crate::game::{Action, Chips, Intent, Unit};

/// Turns any move into a legal action by the rules of reference §5, with the evaluator's own
/// [`make_legal`] (the evaluator already applied it to script bots; this keeps the table sound
/// whatever a [`Decider`](super::Decider) returns). Chips are whole here; a raise that is not a
/// finite number is taken as the smallest raise. `round_in` is what the player has put in this round, where a
/// raise's total starts from.
pub fn legal_move(
    mv: Intent,
    to_call: i64,
    can_raise: bool,
    min_raise: i64,
    behind: i64,
    round_in: i64,
) -> Action {
    let facing = Facing {
        to_call: Chips(to_call),
        min_raise: Chips(min_raise),
        hero_stack: Chips(behind),
        hero_round: Chips(round_in),
        hero_can_raise: can_raise,
        chip: Chips(1),
        unit: Unit::WHOLE,
    };
    legal_facing(mv, &facing)
}

/// [`legal_move`] for the hero of a state, in the state's own unit and chip (any stakes).
pub fn legal_in(d: &Derived, mv: Intent) -> Action {
    legal_facing(mv, &Facing::of(d))
}

fn legal_facing(mv: Intent, facing: &Facing) -> Action {
    let mv = match mv {
        Intent::Raise(r) if !r.is_finite() => Intent::Raise(0.0),
        m => m,
    };
    make_legal(mv, facing).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_made_legal_in_whole_chips() {
        let raise = |by, to| Action::Raise { by, to };
        assert_eq!(
            legal_move(Intent::Fold, 0, true, 100, 900, 0),
            Action::Check
        );
        assert_eq!(
            legal_move(Intent::Check, 50, true, 100, 900, 50),
            Action::Fold
        );
        assert_eq!(
            legal_move(Intent::Call, 0, true, 100, 900, 0),
            Action::Check
        );
        assert_eq!(
            legal_move(Intent::Raise(300.0), 950, false, 100, 900, 50),
            Action::Call
        );
        assert_eq!(
            legal_move(Intent::Raise(10.0), 50, true, 100, 900, 50),
            raise(100.0, 200.0)
        );
        assert_eq!(
            legal_move(Intent::Raise(5000.0), 50, true, 100, 900, 50),
            raise(850.0, 950.0)
        );
        assert_eq!(
            legal_move(Intent::Raise(150.4), 0, true, 100, 900, 0),
            raise(150.0, 150.0)
        );
        assert_eq!(
            legal_move(Intent::Raise(f64::NAN), 0, true, 100, 900, 0),
            raise(100.0, 100.0)
        );
    }
}
