//! What single betting rounds showed, kept by their acts: the rounds of a match repeat (a
//! few kinds make most hands), so the HUD of a hand mostly looks its rounds up instead of
//! walking their acts.

use super::Seen;
use crate::game::{GameRecord, Phase, Round};

/// Rounds with at most this many acts are kept (4 bits an act in a 64-bit key).
const MAX_ACTS: usize = 13;

/// Slots of the table, a power of two: a round's slot is picked by its key alone, and a
/// round landing on a slot held by another is walked and takes the slot.
const SLOTS: usize = 256;

/// What single rounds showed, each round in a slot picked by its key (its phase, its acts
/// and, on the flop, the preflop raiser): exactly what walking the round gives.
pub(crate) struct RoundMemo {
    slots: Box<[Slot; SLOTS]>,
}

/// One round kept: its key (0: none), what it showed, and for a preflop its last raiser.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    seen: Seen,
    raiser: Option<u32>,
}

impl Default for RoundMemo {
    fn default() -> Self {
        RoundMemo {
            slots: Box::new([Slot::default(); SLOTS]),
        }
    }
}

impl RoundMemo {
    /// Whether a record's rounds can be looked up: in the order they are dealt, each phase
    /// at most once (as every dealt hand has them), so that no statistic of one round
    /// depends on another's beyond the preflop raiser.
    pub(super) fn applies(record: &GameRecord) -> bool {
        record
            .rounds
            .iter()
            .enumerate()
            .all(|(i, r)| r.phase as usize == i)
    }

    /// Adds what `round` showed to `seen` (see [`Seen::round`]), from the table when kept.
    pub(super) fn round(
        &mut self,
        seen: &mut Seen,
        round: &Round,
        preflop_raiser: Option<u32>,
    ) -> Option<u32> {
        let acts = &round.actions;
        if acts.len() > MAX_ACTS {
            return seen.round(round.phase, acts, preflop_raiser);
        }
        // Only the flop reads the preflop raiser.
        let raiser = if round.phase == Phase::Flop {
            preflop_raiser.map_or(0, |p| p + 1)
        } else {
            0
        };
        let mut key = 1 << 63 | (round.phase as u64) << 58 | (raiser as u64) << 56;
        key |= (acts.len() as u64) << 52;
        for (i, a) in acts.iter().enumerate() {
            key |= ((a.player as u64) << 3 | a.act as u64) << (4 * i);
        }
        let index = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SLOTS.trailing_zeros());
        let slot = &mut self.slots[index as usize];
        if slot.key != key {
            let mut fresh = Seen::default();
            let raiser = fresh.round(round.phase, acts, preflop_raiser);
            *slot = Slot {
                key,
                seen: fresh,
                raiser,
            };
        }
        seen.merge(&slot.seen);
        match round.phase {
            Phase::Preflop => slot.raiser,
            _ => preflop_raiser,
        }
    }
}
