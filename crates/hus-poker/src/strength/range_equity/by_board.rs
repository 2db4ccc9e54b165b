//! Range against range counted per run-out (the showdown count of [`crate::strength::showdowns`]):
//! both ranges' holdings ranked once on each run-out instead of once per pair, the weights as
//! integers in a common unit so the sums are exact, and each tally converted once at the end.

use super::{runouts, RangeEquity, Tally, Ticker};
use crate::cards::range::Holding;
use crate::cards::{CardSet, DECK_MASK};
use crate::strength::eval7::{Evaluator, IncrementalHand};
use crate::strength::showdowns::{BoardCounter, ShowdownEntry};

/// The common unit of both ranges' weights: 2^-`shift`, the largest that makes every weight
/// a whole number, where the counts then fit in 128 bits.
pub(super) struct Units {
    shift: i32,
}

/// The finest unit taken: weights that need more binary digits are counted pair by pair.
const MAX_SHIFT: i32 = 100;

impl Units {
    /// The unit for these ranges on this board, or `None` where a weight has no exact integer
    /// form in 128 bits.
    pub fn of(
        hero: &[Holding],
        villain: &[Holding],
        board: CardSet,
        dead: CardSet,
    ) -> Option<Units> {
        let mut shift = 0;
        let mut total = 0.0;
        for h in hero.iter().chain(villain) {
            shift = shift.max(binary_digits(h.weight)?);
            total += h.weight;
        }
        // Every tally is at most (all weights) x (run-outs), in units.
        let bound = total * runout_count(board, dead) * 2f64.powi(shift);
        (bound < 2f64.powi(120)).then_some(Units { shift })
    }

    fn int(&self, w: f64) -> u128 {
        (w * 2f64.powi(self.shift)) as u128
    }

    fn real(&self, n: u128) -> f64 {
        n as f64 * 2f64.powi(-self.shift)
    }
}

/// The binary digits after the point of a weight (0 for a whole number), if it is finite,
/// not negative and has at most [`MAX_SHIFT`].
fn binary_digits(w: f64) -> Option<i32> {
    if !(w.is_finite() && w >= 0.0) {
        return None;
    }
    let (mut x, mut digits) = (w, 0);
    while x.fract() != 0.0 {
        if digits == MAX_SHIFT {
            return None;
        }
        x *= 2.0;
        digits += 1;
    }
    Some(digits)
}

/// The cards left to deal and the run-outs of the board from them.
fn runout_count(board: CardSet, dead: CardSet) -> f64 {
    let n = 52 - board.len() as u64 - dead.len() as u64;
    let k = 5 - board.len() as u64;
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Both sides' tallies: every run-out's holdings sorted and swept once (see
/// [`super::enumerate`]).
pub(super) fn by_board(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
    units: &Units,
    ticker: &mut Ticker<'_>,
) -> RangeEquity {
    let (entries, slots) = entries(hero, villain, board.union(dead), units);
    let mut counter = BoardCounter::new(entries);
    let ev = Evaluator::get();
    let deck: Vec<u32> = (0..64)
        .filter(|&i| DECK_MASK >> i & 1 == 1 && (board.0 | dead.0) >> i & 1 == 0)
        .collect();
    let k = 5 - board.len() as usize;
    runouts(
        &deck,
        k,
        0,
        0,
        IncrementalHand::of(board),
        &mut |extra, hand| {
            counter.add_board(ev, board.0 | extra, hand);
            ticker.tick();
        },
    );
    // Each pair of holdings that share no card meets on the same number of run-outs.
    let pair_runouts = binomial(deck.len() as u64 - 4, k as u64);
    let tallies = |side: usize| -> Vec<Tally> {
        let opposed = Opposed::of(counter.entries(), 1 - side);
        slots[side]
            .iter()
            .map(|slot| match *slot {
                None => Tally::default(),
                Some(k) => {
                    let c = counter.counts()[k];
                    Tally {
                        wins: units.real(c.wins[side]),
                        ties: units.real(c.ties[side]),
                        all: units.real(opposed.disjoint(&counter.entries()[k]) * pair_runouts),
                    }
                }
            })
            .collect()
    };
    RangeEquity {
        hero: tallies(0),
        villain: tallies(1),
    }
}

/// One entry per holding either side holds (a side's weights of a holding listed twice
/// summed: its counts are the same), and each side's holdings' entry; holdings that touch a
/// known card have none.
fn entries(
    hero: &[Holding],
    villain: &[Holding],
    known: CardSet,
    units: &Units,
) -> (Vec<ShowdownEntry>, [Vec<Option<usize>>; 2]) {
    let mut index = vec![u16::MAX; 64 * 64];
    let mut entries: Vec<ShowdownEntry> = Vec::new();
    let mut slots = [Vec::new(), Vec::new()];
    for (side, holdings) in [hero, villain].into_iter().enumerate() {
        for h in holdings {
            if h.set().intersects(known) {
                slots[side].push(None);
                continue;
            }
            let (a, b) = (h.cards[0].min(h.cards[1]), h.cards[0].max(h.cards[1]));
            let at = &mut index[(a * 64 + b) as usize];
            if *at == u16::MAX {
                *at = entries.len() as u16;
                entries.push(ShowdownEntry {
                    cards: [a, b],
                    weight: [0, 0],
                });
            }
            entries[*at as usize].weight[side] += units.int(h.weight);
            slots[side].push(Some(*at as usize));
        }
    }
    (entries, slots)
}

/// One side's weight in all and per card.
struct Opposed {
    side: usize,
    all: u128,
    per_card: [u128; 64],
}

impl Opposed {
    fn of(entries: &[ShowdownEntry], side: usize) -> Opposed {
        let mut o = Opposed {
            side,
            all: 0,
            per_card: [0; 64],
        };
        for e in entries {
            o.all += e.weight[side];
            for c in e.cards {
                o.per_card[c as usize] += e.weight[side];
            }
        }
        o
    }

    /// The side's weight that shares no card with the entry (the entry's own holding is in
    /// both its cards' sums).
    fn disjoint(&self, e: &ShowdownEntry) -> u128 {
        let [a, b] = e.cards.map(|c| c as usize);
        self.all + e.weight[self.side] - self.per_card[a] - self.per_card[b]
    }
}

/// C(n, k).
fn binomial(n: u64, k: u64) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}
