//! Legal moves: whatever a bot answers is made a move the table accepts, the same way at
//! every table (`hus match` deals it, `hus acpc` sends it to the dealer).

use crate::eval::action::{make_legal, Facing, Intent};
use crate::game::betting::Derived;
use crate::game::{Chips, Move, Unit};

/// Turns any move into a legal one by the rules of reference §5, with the evaluator's own
/// [`make_legal`] (the evaluator already applied it to script bots; this keeps the table sound
/// whatever a [`Decider`](super::Decider) returns). Chips are whole here; a raise that is not
/// a finite number is taken as the smallest raise.
pub fn legal_move(mv: Move, to_call: i64, can_raise: bool, min_raise: i64, behind: i64) -> Move {
    let facing = Facing {
        to_call: Chips(to_call),
        min_raise: Chips(min_raise),
        hero_stack: Chips(behind),
        hero_can_raise: can_raise,
        chip: Chips(1),
        unit: Unit::WHOLE,
    };
    legal_facing(mv, &facing)
}

/// [`legal_move`] for the hero of a state, in the state's own unit and chip (any stakes).
pub fn legal_in(d: &Derived, mv: Move) -> Move {
    legal_facing(mv, &Facing::of(d))
}

fn legal_facing(mv: Move, facing: &Facing) -> Move {
    let mv = match mv {
        Move::Raise(r) if !r.is_finite() => Move::Raise(0.0),
        m => m,
    };
    make_legal(Intent::from_move(mv), facing).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_made_legal_in_whole_chips() {
        assert_eq!(legal_move(Move::Fold, 0, true, 100, 900), Move::Check);
        assert_eq!(legal_move(Move::Check, 50, true, 100, 900), Move::Fold);
        assert_eq!(legal_move(Move::Call, 0, true, 100, 900), Move::Check);
        assert_eq!(
            legal_move(Move::Raise(300.0), 950, false, 100, 900),
            Move::Call
        );
        assert_eq!(
            legal_move(Move::Raise(10.0), 50, true, 100, 900),
            Move::Raise(100.0)
        );
        assert_eq!(
            legal_move(Move::Raise(5000.0), 50, true, 100, 900),
            Move::Raise(850.0)
        );
        assert_eq!(
            legal_move(Move::Raise(150.4), 0, true, 100, 900),
            Move::Raise(150.0)
        );
    }
}
