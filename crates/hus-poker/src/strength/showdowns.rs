//! Showdowns on one five-card board counted by sorting, as equilibrium solvers evaluate a
//! showdown: every live holding of two sides is ranked once, the holdings sorted by rank, and a
//! holding's wins are the other side's weight ranked strictly below it less the weight of the
//! holdings that share one of its cards (running sums per card); ties likewise within its rank.
//! Weights are integers, so the counts are exact whatever order they are summed in.

use super::eval7::{Evaluator, IncrementalHand};

/// One holding of either side: its two cards (bit indexes) and its integer weight as the
/// first and as the second side (0 where that side does not hold it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowdownEntry {
    pub cards: [u32; 2],
    pub weight: [u128; 2],
}

impl ShowdownEntry {
    pub fn mask(&self) -> u64 {
        1 << self.cards[0] | 1 << self.cards[1]
    }
}

/// An entry's counts over the boards added, as each side: the other side's weight it beat and
/// the weight it tied with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wins: [u128; 2],
    pub ties: [u128; 2],
}

/// Entries rank-sorted in a `u32`: the rank above, the entry's index in the low bits.
const INDEX_BITS: u32 = 11;

/// The two sides' holdings and their counts so far.
pub struct BoardCounter {
    entries: Vec<ShowdownEntry>,
    counts: Vec<Counts>,
    /// Scratch: the live entries of the board, rank-packed.
    items: Vec<u32>,
}

impl BoardCounter {
    /// At most 1326 entries (each holding once: weights of a holding listed twice are summed
    /// by the caller).
    pub fn new(entries: Vec<ShowdownEntry>) -> BoardCounter {
        assert!(entries.len() < 1 << INDEX_BITS, "at most 1326 holdings");
        BoardCounter {
            counts: vec![Counts::default(); entries.len()],
            items: Vec::with_capacity(entries.len()),
            entries,
        }
    }

    pub fn entries(&self) -> &[ShowdownEntry] {
        &self.entries
    }

    pub fn counts(&self) -> &[Counts] {
        &self.counts
    }

    /// Adds another counter's counts (same entries) to this one's.
    pub fn merge(&mut self, other: &BoardCounter) {
        for (c, o) in self.counts.iter_mut().zip(&other.counts) {
            for s in 0..2 {
                c.wins[s] += o.wins[s];
                c.ties[s] += o.ties[s];
            }
        }
    }

    /// Counts one five-card board (`board` its mask, `hand` the same cards): entries that hold
    /// a board card take no part.
    pub fn add_board(&mut self, ev: &Evaluator, board: u64, hand: IncrementalHand) {
        self.items.clear();
        for (k, e) in self.entries.iter().enumerate() {
            if e.mask() & board == 0 {
                let r = ev.rank_hand(hand.with(e.cards[0]).with(e.cards[1])).0 as u32;
                self.items.push(r << INDEX_BITS | k as u32);
            }
        }
        self.items.sort_unstable();
        let mut sweep = Sweep::default();
        let mut start = 0;
        while start < self.items.len() {
            let rank = self.items[start] >> INDEX_BITS;
            let len = self.items[start..].partition_point(|&x| x >> INDEX_BITS == rank);
            let group = &self.items[start..start + len];
            sweep.group(group, &self.entries, &mut self.counts);
            start += len;
        }
    }
}

/// Running sums of one board's sweep, per side: the weight ranked below the current rank (in
/// all and per card) and the weight of the current rank.
struct Sweep {
    below_all: [u128; 2],
    below: [[u128; 64]; 2],
    group_all: [u128; 2],
    group: [[u128; 64]; 2],
}

impl Default for Sweep {
    fn default() -> Sweep {
        Sweep {
            below_all: [0; 2],
            below: [[0; 64]; 2],
            group_all: [0; 2],
            group: [[0; 64]; 2],
        }
    }
}

impl Sweep {
    /// One rank's entries: each side's wins against the other's weight below, ties against the
    /// other's weight in the group (the entry's own holding is counted out of both cards'
    /// sums, so it is added back once), then the group joins the weight below.
    fn group(&mut self, group: &[u32], entries: &[ShowdownEntry], counts: &mut [Counts]) {
        let entry = |x: u32| &entries[(x & ((1 << INDEX_BITS) - 1)) as usize];
        for &x in group {
            let e = entry(x);
            let [a, b] = e.cards.map(|c| c as usize);
            for s in 0..2 {
                self.group[s][a] += e.weight[s];
                self.group[s][b] += e.weight[s];
                self.group_all[s] += e.weight[s];
            }
        }
        for &x in group {
            let k = (x & ((1 << INDEX_BITS) - 1)) as usize;
            let e = &entries[k];
            let [a, b] = e.cards.map(|c| c as usize);
            let c = &mut counts[k];
            for s in 0..2 {
                let o = 1 - s;
                c.wins[s] += self.below_all[o] - self.below[o][a] - self.below[o][b];
                c.ties[s] += self.group_all[o] + e.weight[o] - self.group[o][a] - self.group[o][b];
            }
        }
        for &x in group {
            let [a, b] = entry(x).cards.map(|c| c as usize);
            for s in 0..2 {
                self.below[s][a] += self.group[s][a];
                self.below[s][b] += self.group[s][b];
                self.group[s][a] = 0;
                self.group[s][b] = 0;
            }
        }
        for s in 0..2 {
            self.below_all[s] += self.group_all[s];
            self.group_all[s] = 0;
        }
    }
}

#[cfg(test)]
mod tests;
