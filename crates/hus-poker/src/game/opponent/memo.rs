//! What single betting rounds and whole hands showed, kept by their acts: the rounds and
//! hands of a match repeat (a few kinds make most hands), so the HUD of a hand mostly looks
//! its rounds up instead of walking their acts, and a match's HUDs count each kind of hand
//! once, times the hands of that kind.

use super::{Ending, OpponentStats, Seen};
use crate::game::{GameRecord, Phase, Player, Round};

/// Rounds with at most this many acts are kept (4 bits an act in a 64-bit key).
const MAX_ACTS: usize = 13;

/// Slots of each table (rounds, hands), a power of two: a round's or hand's slot is picked by
/// its key alone, and one landing on a slot held by another kind takes the slot.
const SLOTS: usize = 256;

/// What single rounds showed, each round in a slot picked by its key (its phase, its acts
/// and, on the flop, the preflop raiser): exactly what walking the round gives.
pub struct RoundMemo {
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
        let key = acts_key(round) | (raiser as u64) << 56;
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

/// A round's phase and acts as a key (a round of at most [`MAX_ACTS`] acts): a set top bit,
/// the phase, the number of acts, and 4 bits an act (the player, the act).
fn acts_key(round: &Round) -> u64 {
    let acts = &round.actions;
    let mut key = 1 << 63 | (round.phase as u64) << 58 | (acts.len() as u64) << 52;
    for (i, a) in acts.iter().enumerate() {
        key |= ((a.player as u64) << 3 | a.act as u64) << (4 * i);
    }
    key
}

/// The two bots' HUDs of each other over hands played, a kind of hand at a time: hands with
/// the same rounds, end and button show the same, so each kind is kept with the hands of it
/// not yet counted, and counted (times that many) when another kind takes its slot or at
/// [`HandMemo::flush`]. The HUDs are whole only after a flush.
pub struct HandMemo {
    rounds: RoundMemo,
    hands: Box<[HandSlot; SLOTS]>,
}

/// One kind of hand: its key (see [`HandMemo::key`]; all 0: none), what it showed from the
/// button's seat, and how many hands of it are not counted yet.
#[derive(Clone, Copy, Default)]
struct HandSlot {
    key: [u64; 5],
    seen: Seen,
    pending: u32,
}

impl Default for HandMemo {
    fn default() -> Self {
        HandMemo {
            rounds: RoundMemo::default(),
            hands: Box::new([HandSlot::default(); SLOTS]),
        }
    }
}

impl HandMemo {
    /// Adds one hand to `huds` (by bot): the button's record `record`, which ended as `end`
    /// says (seen by the button), is the hand of the bot `button` (see
    /// [`OpponentStats::observe_both`]). With `now`, the HUDs are whole again at once (for
    /// bots that read them every hand); otherwise the hand may wait for a flush.
    pub fn observe(
        &mut self,
        huds: [&mut OpponentStats; 2],
        button: usize,
        record: &GameRecord,
        end: Ending,
        now: bool,
    ) {
        let key = if now {
            None
        } else {
            Self::key(record, end, button)
        };
        let Some(key) = key else {
            let [a, b] = huds;
            let (on_button, other) = if button == 0 { (a, b) } else { (b, a) };
            return OpponentStats::observe_both(on_button, other, record, end, &mut self.rounds);
        };
        let hash = key
            .iter()
            .fold(0u64, |h, k| (h ^ k).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let slot = &mut self.hands[(hash >> (64 - SLOTS.trailing_zeros())) as usize];
        if slot.key != key {
            slot.count(huds);
            let seen = Seen::of(record, end, Some(&mut self.rounds));
            *slot = HandSlot {
                key,
                seen,
                pending: 0,
            };
        }
        slot.pending += 1;
    }

    /// Counts every hand waiting into `huds` (by bot): the HUDs are whole.
    pub fn flush(&mut self, huds: [&mut OpponentStats; 2]) {
        let [a, b] = huds;
        for slot in self.hands.iter_mut().filter(|s| s.pending > 0) {
            slot.count([&mut *a, &mut *b]);
        }
    }

    /// A hand's kind: its rounds' keys (see [`acts_key`]) and a last word with a set top
    /// bit, the end and the button; `None` for a hand not kept (rounds out of the order
    /// dealt, or with too many acts).
    fn key(record: &GameRecord, end: Ending, button: usize) -> Option<[u64; 5]> {
        let rounds = &record.rounds;
        if rounds.len() > 4 || !RoundMemo::applies(record) {
            return None;
        }
        let mut key = [0; 5];
        for (k, round) in key.iter_mut().zip(rounds) {
            if round.actions.len() > MAX_ACTS {
                return None;
            }
            *k = acts_key(round);
        }
        let end = match end {
            Ending::Fold => 0,
            Ending::Showdown(None) => 1,
            Ending::Showdown(Some(Player::Hero)) => 2,
            Ending::Showdown(Some(Player::Villain)) => 3,
        };
        key[4] = 1 << 63 | end << 1 | button as u64;
        Some(key)
    }
}

impl HandSlot {
    /// Counts the hands of this kind waiting into `huds` (by bot).
    fn count(&mut self, huds: [&mut OpponentStats; 2]) {
        if self.pending == 0 {
            return;
        }
        let [a, b] = huds;
        let (on_button, other) = if self.key[4] & 1 == 0 { (a, b) } else { (b, a) };
        on_button.count_hands(&self.seen, Player::Villain, self.pending);
        other.count_hands(&self.seen, Player::Hero, self.pending);
        self.pending = 0;
    }
}
