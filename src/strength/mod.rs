//! Hand strength (spec 11): a 7-card evaluator and the constants `handStrength`, `equity`,
//! `ppot`, `npot`, `ehs`, each measured against a uniformly random villain hand.

pub mod eval7;

pub use eval7::{evaluate, Category, Evaluator, Hand, HandRank};

use crate::cards::CardSet;

/// `handStrength`: (wins + ties/2) / all, over every villain holding, as the cards are now.
/// Before the flop, the same as [`equity`].
pub fn hand_strength(_hole: CardSet, _board: CardSet) -> f64 {
    unimplemented!("strength helper")
}

/// `equity`: the chance of winning at showdown with the rest of the board dealt at random
/// (ties half); exact. Before the flop from the precomputed 169-class table.
pub fn equity(_hole: CardSet, _board: CardSet) -> f64 {
    unimplemented!("strength helper")
}

/// Billings' positive and negative potential `(ppot, npot)`; `(0, 0)` before the flop and on
/// the river.
pub fn potentials(_hole: CardSet, _board: CardSet) -> (f64, f64) {
    unimplemented!("strength helper")
}

/// `ehs = hs × (1 − npot) + (1 − hs) × ppot`.
pub fn ehs(hand_strength: f64, ppot: f64, npot: f64) -> f64 {
    hand_strength * (1.0 - npot) + (1.0 - hand_strength) * ppot
}
