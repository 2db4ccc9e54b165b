//! Exact enumeration of the cards to come after the flop or the turn: the hero's equity and
//! Billings' hand-potential matrix `HP[now][final]` in one pass.
//!
//! The villain's final seven cards are the board plus a (k+2)-subset of the unseen cards (k =
//! cards to come); each subset splits into a run-out and a villain holding in C(k+2, 2) ways.
//! So each subset is ranked once and serves all its (run-out, holding) pairs: on the turn
//! directly, on the flop by SIMD lanes over the fourth card (`lanes`).

mod lanes;
#[cfg(test)]
pub use lanes::{flop_portable, range_flop_portable, turn_portable};
pub use lanes::{range_flop, range_flop_weighted};

use super::eval7::{Evaluator, HandRank, IncrementalHand};
use crate::cards::{CardSet, DECK_MASK};

/// Index of a state in `HP`: the hero's hand against the villain's.
pub const AHEAD: usize = 0;
pub const TIED: usize = 1;
pub const BEHIND: usize = 2;

/// Counts of (villain holding, run-out) pairs by the hero's state now and at showdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// `hp[now][final]`, indexed by [`AHEAD`], [`TIED`], [`BEHIND`].
    pub hp: [[u64; 3]; 3],
}

impl Outlook {
    /// All (holding, run-out) pairs with the hero in state `now`.
    pub fn total(&self, now: usize) -> u64 {
        self.hp[now].iter().sum()
    }

    /// The showdown equity: (ahead + tied/2) / all.
    pub fn equity(&self) -> f64 {
        let all: u64 = (0..3).map(|s| self.total(s)).sum();
        ratio(self.doubled_wins() as f64 / 2.0, all as f64)
    }

    /// 2 x ahead + tied at showdown: the equity's numerator doubled, a whole number.
    pub fn doubled_wins(&self) -> u64 {
        (0..3)
            .map(|s| 2 * self.hp[s][AHEAD] + self.hp[s][TIED])
            .sum()
    }

    /// Billings' positive potential.
    pub fn ppot(&self) -> f64 {
        WeightedHp::of(self, 1.0).ppot()
    }

    /// Billings' negative potential.
    pub fn npot(&self) -> f64 {
        WeightedHp::of(self, 1.0).npot()
    }
}

/// `HP` with weighted counts: the outlooks of a weighted range's holdings, each scaled by
/// its holdings' weight and summed (reference §12.9).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WeightedHp {
    pub hp: [[f64; 3]; 3],
}

impl WeightedHp {
    /// An outlook's counts times `weight`.
    pub fn of(o: &Outlook, weight: f64) -> WeightedHp {
        WeightedHp {
            hp: o.hp.map(|row| row.map(|x| x as f64 * weight)),
        }
    }

    pub fn add(&mut self, other: &WeightedHp) {
        for (row, o) in self.hp.iter_mut().zip(&other.hp) {
            for (x, y) in row.iter_mut().zip(o) {
                *x += y;
            }
        }
    }

    fn total(&self, now: usize) -> f64 {
        self.hp[now].iter().sum()
    }

    /// (ahead + tied/2) / all.
    pub fn equity(&self) -> f64 {
        let all: f64 = (0..3).map(|s| self.total(s)).sum();
        let doubled: f64 = (0..3)
            .map(|s| 2.0 * self.hp[s][AHEAD] + self.hp[s][TIED])
            .sum();
        ratio(doubled / 2.0, all)
    }

    /// Billings' positive potential.
    pub fn ppot(&self) -> f64 {
        let hp = &self.hp;
        ratio(
            hp[BEHIND][AHEAD] + hp[BEHIND][TIED] / 2.0 + hp[TIED][AHEAD] / 2.0,
            self.total(BEHIND) + self.total(TIED) / 2.0,
        )
    }

    /// Billings' negative potential.
    pub fn npot(&self) -> f64 {
        let hp = &self.hp;
        ratio(
            hp[AHEAD][BEHIND] + hp[TIED][BEHIND] / 2.0 + hp[AHEAD][TIED] / 2.0,
            self.total(AHEAD) + self.total(TIED) / 2.0,
        )
    }
}

/// `num / den`, and 0 when nothing is counted (a potential with no hands to turn around).
fn ratio(num: f64, den: f64) -> f64 {
    if den == 0.0 {
        0.0
    } else {
        num / den
    }
}

/// The unseen cards' bit indexes, lowest first.
pub fn unseen(seen: CardSet) -> Vec<u32> {
    let mut x = DECK_MASK & !seen.0;
    let mut v = Vec::with_capacity(52);
    while x != 0 {
        v.push(x.trailing_zeros());
        x &= x - 1;
    }
    v
}

/// Shift of a `now` state's 21-bit counter in the packed accumulators (each counter stays
/// below 2^21: at most 1081 x 990 pairs).
const FIELD: u32 = 21;

fn state_shift(hero: HandRank, villain: HandRank) -> u8 {
    let s = match hero.cmp(&villain) {
        std::cmp::Ordering::Greater => AHEAD,
        std::cmp::Ordering::Equal => TIED,
        std::cmp::Ordering::Less => BEHIND,
    };
    (s as u32 * FIELD) as u8
}

/// Unpacks the (ahead, tied) accumulators and the per-state totals into `HP`.
fn unpack(ahead: u64, tied: u64, totals: [u64; 3]) -> Outlook {
    let mut hp = [[0u64; 3]; 3];
    let mask = (1u64 << FIELD) - 1;
    for (s, row) in hp.iter_mut().enumerate() {
        row[AHEAD] = (ahead >> (s as u32 * FIELD)) & mask;
        row[TIED] = (tied >> (s as u32 * FIELD)) & mask;
        row[BEHIND] = totals[s] - row[AHEAD] - row[TIED];
    }
    Outlook { hp }
}

/// The outlook with two cards to come (`board` is the three-card flop): see `lanes`.
pub fn flop(hole: CardSet, board: CardSet) -> Outlook {
    debug_assert_eq!(board.len(), 3);
    lanes::flop(hole, board)
}

/// The flop outlook by its definition, for tests and benchmarks: every villain holding
/// against every run-out, both hands ranked (the hero's once per run-out).
#[doc(hidden)]
pub fn flop_reference(hole: CardSet, board: CardSet) -> Outlook {
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let n = cards.len();
    let hero_base = IncrementalHand::of(hole.union(board));
    let hero_now = ev.rank_hand(hero_base);
    let mut hero_final = vec![HandRank(0); n * n];
    for c in 0..n {
        for d in c + 1..n {
            hero_final[c * n + d] = ev.rank_hand(hero_base.with(cards[c]).with(cards[d]));
        }
    }
    let base = IncrementalHand::of(board);
    let mut hp = [[0u64; 3]; 3];
    for a in 0..n {
        for b in a + 1..n {
            let villain = base.with(cards[a]).with(cards[b]);
            let now = state(hero_now, ev.rank_hand(villain));
            for c in (0..n).filter(|&c| c != a && c != b) {
                let vc = villain.with(cards[c]);
                for d in (c + 1..n).filter(|&d| d != a && d != b) {
                    let fin = state(hero_final[c * n + d], ev.rank_hand(vc.with(cards[d])));
                    hp[now][fin] += 1;
                }
            }
        }
    }
    Outlook { hp }
}

fn state(hero: HandRank, villain: HandRank) -> usize {
    match hero.cmp(&villain) {
        std::cmp::Ordering::Greater => AHEAD,
        std::cmp::Ordering::Equal => TIED,
        std::cmp::Ordering::Less => BEHIND,
    }
}

/// The outlook with one card to come (`board` is the four cards up to the turn): see
/// `lanes`.
pub fn turn(hole: CardSet, board: CardSet) -> Outlook {
    debug_assert_eq!(board.len(), 4);
    lanes::turn(hole, board)
}

/// The turn outlook ranking each three-card subset of the unseen cards once, without lanes:
/// for tests and benchmarks.
#[doc(hidden)]
pub fn turn_reference(hole: CardSet, board: CardSet) -> Outlook {
    debug_assert_eq!(board.len(), 4);
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let n = cards.len();
    let base = IncrementalHand::of(board);
    let hero_base = IncrementalHand::of(hole.union(board));
    let hero_now = ev.rank_hand(hero_base);
    let hero_final: Vec<u16> = cards
        .iter()
        .map(|&c| ev.rank_hand(hero_base.with(c)).0)
        .collect();
    let mut shift = vec![0u8; n * n];
    let mut totals = [0u64; 3];
    let per_holding = (n - 2) as u64;
    for i in 0..n {
        let vi = base.with(cards[i]);
        for j in i + 1..n {
            let s = state_shift(hero_now, ev.rank_hand(vi.with(cards[j])));
            shift[i * n + j] = s;
            shift[j * n + i] = s;
            totals[s as usize / FIELD as usize] += per_holding;
        }
    }
    let (mut ahead, mut tied) = (0u64, 0u64);
    for i in 0..n {
        let hi = base.with(cards[i]);
        for j in i + 1..n {
            let hj = hi.with(cards[j]);
            for k in j + 1..n {
                let v = ev.rank_hand(hj.with(cards[k])).0;
                // (river, holding): (i, jk) (j, ik) (k, ij)
                let splits = [
                    (hero_final[i], shift[j * n + k]),
                    (hero_final[j], shift[i * n + k]),
                    (hero_final[k], shift[i * n + j]),
                ];
                for (h, s) in splits {
                    ahead += ((h > v) as u64) << s;
                    tied += ((h == v) as u64) << s;
                }
            }
        }
    }
    unpack(ahead, tied, totals)
}

/// (wins, ties, losses) of the hero's cards as they are against every villain holding.
pub fn showdown_now(hole: CardSet, board: CardSet) -> (u32, u32, u32) {
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let base = IncrementalHand::of(board);
    let hero = ev.rank_hand(IncrementalHand::of(hole.union(board)));
    let (mut w, mut t, mut l) = (0, 0, 0);
    for (i, &a) in cards.iter().enumerate() {
        let va = base.with(a);
        for &b in &cards[i + 1..] {
            match hero.cmp(&ev.rank_hand(va.with(b))) {
                std::cmp::Ordering::Greater => w += 1,
                std::cmp::Ordering::Equal => t += 1,
                std::cmp::Ordering::Less => l += 1,
            }
        }
    }
    (w, t, l)
}
