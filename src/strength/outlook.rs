//! Exact enumeration of the cards to come after the flop or the turn: the hero's equity and
//! Billings' hand-potential matrix `HP[now][final]` in one pass.
//!
//! The villain's final seven cards are the board plus a (k+2)-subset of the unseen cards (k =
//! cards to come); each subset splits into a run-out and a villain holding in C(k+2, 2) ways.
//! So on the flop each of the C(47,4) = 178,365 four-card subsets is ranked once and serves
//! six (run-out, holding) pairs, and the hero's final ranks come from a 47x47 table.

use super::eval7::{Evaluator, Hand, HandRank};
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
        let (a, t) = (0..3).fold((0, 0), |(a, t), s| {
            (a + self.hp[s][AHEAD], t + self.hp[s][TIED])
        });
        ratio(a as f64 + t as f64 / 2.0, all as f64)
    }

    /// Billings' positive potential.
    pub fn ppot(&self) -> f64 {
        let hp = &self.hp;
        ratio(
            hp[BEHIND][AHEAD] as f64 + hp[BEHIND][TIED] as f64 / 2.0 + hp[TIED][AHEAD] as f64 / 2.0,
            self.total(BEHIND) as f64 + self.total(TIED) as f64 / 2.0,
        )
    }

    /// Billings' negative potential.
    pub fn npot(&self) -> f64 {
        let hp = &self.hp;
        ratio(
            hp[AHEAD][BEHIND] as f64 + hp[TIED][BEHIND] as f64 / 2.0 + hp[AHEAD][TIED] as f64 / 2.0,
            self.total(AHEAD) as f64 + self.total(TIED) as f64 / 2.0,
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
pub(crate) fn unseen(seen: CardSet) -> Vec<u32> {
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

/// The outlook with two cards to come (`board` is the three-card flop).
pub fn flop(hole: CardSet, board: CardSet) -> Outlook {
    debug_assert_eq!(board.len(), 3);
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let n = cards.len();
    let base = Hand::of(board);
    let hero_base = Hand::of(hole.union(board));
    let hero_now = ev.rank_hand(hero_base);
    // Per pair of unseen cards (i, j): the hero's final rank if they are the run-out, and
    // the counter shift of the hero's state now against a villain holding them.
    let mut hero_final = vec![0u16; n * n];
    let mut shift = vec![0u8; n * n];
    let mut totals = [0u64; 3];
    let per_holding = ((n - 2) * (n - 3) / 2) as u64;
    for i in 0..n {
        let hi = hero_base.with(cards[i]);
        let vi = base.with(cards[i]);
        for j in i + 1..n {
            let h = ev.rank_hand(hi.with(cards[j])).0;
            let s = state_shift(hero_now, ev.rank_hand(vi.with(cards[j])));
            hero_final[i * n + j] = h;
            hero_final[j * n + i] = h;
            shift[i * n + j] = s;
            shift[j * n + i] = s;
            totals[s as usize / FIELD as usize] += per_holding;
        }
    }
    let (mut ahead, mut tied) = (0u64, 0u64);
    for i in 0..n {
        let hi = base.with(cards[i]);
        let (fi, si) = (&hero_final[i * n..(i + 1) * n], &shift[i * n..(i + 1) * n]);
        for j in i + 1..n {
            let hj = hi.with(cards[j]);
            let fj = &hero_final[j * n..(j + 1) * n];
            let sj = &shift[j * n..(j + 1) * n];
            let (f_ij, s_ij) = (fi[j], si[j]);
            for k in j + 1..n {
                let hk = hj.with(cards[k]);
                let fk = &hero_final[k * n..(k + 1) * n];
                let sk = &shift[k * n..(k + 1) * n];
                let (f_ik, s_ik, f_jk, s_jk) = (fi[k], si[k], fj[k], sj[k]);
                for l in k + 1..n {
                    let v = ev.rank_hand(hk.with(cards[l])).0;
                    // (run-out, holding): (ij, kl) (kl, ij) (ik, jl) (jl, ik) (jk, il) (il, jk)
                    let splits = [
                        (f_ij, sk[l]),
                        (fk[l], s_ij),
                        (f_ik, sj[l]),
                        (fj[l], s_ik),
                        (f_jk, si[l]),
                        (fi[l], s_jk),
                    ];
                    for (h, s) in splits {
                        ahead += ((h > v) as u64) << s;
                        tied += ((h == v) as u64) << s;
                    }
                }
            }
        }
    }
    unpack(ahead, tied, totals)
}

/// The outlook with one card to come (`board` is the four cards up to the turn).
pub fn turn(hole: CardSet, board: CardSet) -> Outlook {
    debug_assert_eq!(board.len(), 4);
    let ev = Evaluator::get();
    let cards = unseen(hole.union(board));
    let n = cards.len();
    let base = Hand::of(board);
    let hero_base = Hand::of(hole.union(board));
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
    let base = Hand::of(board);
    let hero = ev.rank_hand(Hand::of(hole.union(board)));
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
