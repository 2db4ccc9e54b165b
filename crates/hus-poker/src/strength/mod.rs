//! Hand strength (reference §7): a 7-card evaluator and the constants `handStrength`, `equity`,
//! `ppot`, `npot`, `ehs`, each measured against a uniformly random villain hand, exactly.
//!
//! Every function takes the hero's two hole cards and a board of 0 (preflop), 3, 4 or 5
//! cards, disjoint from them (the game-state reader guarantees it); anything else is a bug in
//! the caller and panics. Every value is exact. Equity before the flop comes from the
//! precomputed 169-class table and on the flop from the precomputed table of (hole, flop)
//! classes ([`flop_equity`], when the crate has it); the rest is enumerated. The potentials
//! (and equity without the flop table) share one enumeration on the flop and turn, remembered
//! per thread for the last (hole, board) asked.

pub mod against;
pub mod class_table;
pub mod eval7;
pub mod flop_equity;
pub mod outlook;
pub mod preflop;
pub mod preflop_dead;
pub mod preflop_matchups;
pub mod range_equity;
pub mod showdowns;
pub mod versus;

use std::cell::Cell;

pub use eval7::{evaluate, Category, Evaluator, HandRank, IncrementalHand};
pub use outlook::Outlook;

use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::CardSet;

/// `handStrength`: (wins + ties/2) / all, over every villain holding, as the cards are now.
/// Before the flop, the same as [`equity`].
pub fn hand_strength(hole: CardSet, board: CardSet) -> f64 {
    check(hole, board);
    if board.is_empty() {
        return equity(hole, board);
    }
    let (w, t, l) = outlook::showdown_now(hole, board);
    (w as f64 + t as f64 / 2.0) / (w + t + l) as f64
}

/// `equity`: the chance of winning at showdown with the rest of the board dealt at random
/// (ties half); exact. Before the flop from the precomputed 169-class table, on the flop from
/// the precomputed table of (hole, flop) classes when the crate has it (feature `flop-table`).
pub fn equity(hole: CardSet, board: CardSet) -> f64 {
    check(hole, board);
    match board.len() {
        0 => {
            let mut cards = hole.cards();
            let (a, b) = (cards.next().unwrap(), cards.next().unwrap());
            preflop::class_equity(HoleClass::of(a, b))
        }
        5 => hand_strength(hole, board),
        3 => flop_equity::equity(hole, board).unwrap_or_else(|| outlook_of(hole, board).equity()),
        _ => outlook_of(hole, board).equity(),
    }
}

/// Billings' positive and negative potential `(ppot, npot)`; `(0, 0)` before the flop and on
/// the river.
pub fn potentials(hole: CardSet, board: CardSet) -> (f64, f64) {
    check(hole, board);
    match board.len() {
        3 | 4 => {
            let o = outlook_of(hole, board);
            (o.ppot(), o.npot())
        }
        _ => (0.0, 0.0),
    }
}

/// `ehs = hs + (1 − hs) × ppot`: Billings et al.'s optimistic effective hand strength. The
/// form with `× (1 − npot)` on `hs` equals `equity` exactly when both potentials are counted
/// over every run-out, so it would add nothing.
pub fn ehs(hand_strength: f64, ppot: f64) -> f64 {
    hand_strength + (1.0 - hand_strength) * ppot
}

/// `handStrengthVs(RANGE)`: [`hand_strength`] counted over the range's holdings that the
/// known cards leave; before the flop, as `handStrength` is, the same as `equityVs`. `None`
/// when no holding is left.
pub fn hand_strength_vs(hole: CardSet, board: CardSet, range: &HoleClassSet) -> Option<f64> {
    check(hole, board);
    if board.is_empty() {
        return preflop_matchups::versus(hole, range);
    }
    let [w, t, l] = versus::showdown_now(hole, board, range)?;
    Some((w as f64 + t as f64 / 2.0) / (w + t + l) as f64)
}

/// `equityVs(RANGE)`, `ppotVs(RANGE)`, `npotVs(RANGE)`: equity and Billings' potentials
/// against the range's live holdings, exact over every run-out; potentials are 0 before the
/// flop and on the river, as [`potentials`] are. Before the flop the equity is summed from
/// the table of preflop matchups. `None` when the known cards leave no holding of the range.
pub fn strength_vs(hole: CardSet, board: CardSet, range: &HoleClassSet) -> Option<VsStrength> {
    check(hole, board);
    match board.len() {
        0 => Some(VsStrength {
            equity: preflop_matchups::versus(hole, range)?,
            ppot: 0.0,
            npot: 0.0,
        }),
        3 | 4 => {
            let o = versus::versus(hole, board, range)?;
            Some(VsStrength {
                equity: o.equity(),
                ppot: o.ppot(),
                npot: o.npot(),
            })
        }
        5 => Some(VsStrength {
            equity: hand_strength_vs(hole, board, range)?,
            ppot: 0.0,
            npot: 0.0,
        }),
        _ => unreachable!("`check` allows boards of 0, 3, 4 or 5 cards"),
    }
}

/// `equityVs(RANGE)` and its family against a weighted, possibly narrowed range (reference
/// §12.9): each live holding counted with its weight. `None` where [`strength_vs`] is, and
/// when the filter leaves no holding.
pub fn strength_against(
    hole: CardSet,
    board: CardSet,
    range: &crate::cards::range::VillainRange,
) -> Option<VsStrength> {
    check(hole, board);
    if range.is_plain() {
        return strength_vs(hole, board, &range.range.classes);
    }
    against::strength(hole, board, range)
}

/// `handStrengthVs(RANGE)` against a weighted, possibly narrowed range.
pub fn hand_strength_against(
    hole: CardSet,
    board: CardSet,
    range: &crate::cards::range::VillainRange,
) -> Option<f64> {
    check(hole, board);
    if range.is_plain() {
        return hand_strength_vs(hole, board, &range.range.classes);
    }
    against::hand_strength(hole, board, range)
}

/// The strength of the hero's hand against a range (see [`strength_vs`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VsStrength {
    pub equity: f64,
    pub ppot: f64,
    pub npot: f64,
}

/// The exact outlook (HP matrix) on the flop or turn; the last one per thread is remembered,
/// so a script reading `equity`, `ppot` and `npot` pays for one enumeration.
pub fn outlook_of(hole: CardSet, board: CardSet) -> Outlook {
    thread_local! {
        static LAST: Cell<Option<(CardSet, CardSet, Outlook)>> = const { Cell::new(None) };
    }
    if let Some((h, b, o)) = LAST.get() {
        if (h, b) == (hole, board) {
            return o;
        }
    }
    let o = match board.len() {
        3 => outlook::flop(hole, board),
        4 => outlook::turn(hole, board),
        n => panic!("an outlook needs a flop or a turn, not {n} board cards"),
    };
    LAST.set(Some((hole, board, o)));
    o
}

/// The precondition of every constant: two hole cards, a board of 0, 3, 4 or 5, no overlap.
fn check(hole: CardSet, board: CardSet) {
    assert!(
        hole.len() == 2
            && matches!(board.len(), 0 | 3 | 4 | 5)
            && !hole.intersects(board)
            && (hole.0 | board.0) & !crate::cards::DECK_MASK == 0,
        "hand strength needs two hole cards and a board of 0, 3, 4 or 5 other cards \
         (hole {:#x}, board {:#x})",
        hole.0,
        board.0
    );
}

#[cfg(test)]
mod tests;
