//! The heads-up no-limit betting model: replays the recorded actions, validates them
//! (spec 8 decisions) and derives every constant of spec 5.

use super::{Constant, GameRecord, InvalidGame};
use crate::cards::CardSet;
use crate::diag::Diagnostic;

/// What the betting model derives from a record.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    pub board: CardSet,
    pub pot: f64,
    /// Chips behind now.
    pub hero_stack: f64,
    pub villain_stack: f64,
    pub to_call: f64,
    /// The smallest legal raise increment now: the larger of the big blind and the last
    /// bet or raise increment in this round.
    pub min_raise: f64,
    /// False when the villain is all in or `heroStack <= toCall`.
    pub hero_can_raise: bool,
    /// The villain checked, called, bet or raised in the current round (blinds do not count).
    pub villain_acted_this_round: bool,
    /// Chip size from `<init><chip>`, default 1.
    pub chip: f64,
}

impl Derived {
    pub fn constant(&self, _record: &GameRecord, _c: &Constant) -> Option<f64> {
        unimplemented!("game helper")
    }
}

/// Replays and validates a record; returns the derived state and the warnings.
pub fn derive(_record: &GameRecord) -> Result<(Derived, Vec<Diagnostic>), InvalidGame> {
    unimplemented!("game helper")
}
