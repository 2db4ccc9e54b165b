//! Hole-card classes (`AKs`, `T9o`, `77`), sets of them, and the heads-up hand-rank table.
//!
//! The 169 classes are indexed as the cells of the thesis' 13x13 action table (spec 6.1):
//! rows and columns A, K, ..., 2; the suited class of ranks r > c at (row r, column c) above
//! the diagonal, the offsuit class below it, pairs on it. `index = row * 13 + column`.

use super::{Card, Rank};

/// A hole-card class: a pair, or two ranks suited or offsuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleClass {
    pub high: Rank,
    pub low: Rank,
    /// Always false for a pair.
    pub suited: bool,
}

impl HoleClass {
    /// The class of two hole cards, in either order.
    pub fn of(a: Card, b: Card) -> HoleClass {
        let (high, low) = if a.rank >= b.rank {
            (a.rank, b.rank)
        } else {
            (b.rank, a.rank)
        };
        HoleClass {
            high,
            low,
            suited: high != low && a.suit == b.suit,
        }
    }

    pub fn is_pair(self) -> bool {
        self.high == self.low
    }

    /// The cell index in the 13x13 table layout (0..169).
    pub fn index(self) -> usize {
        let h = 12 - self.high.0 as usize;
        let l = 12 - self.low.0 as usize;
        if self.suited {
            h * 13 + l
        } else {
            l * 13 + h
        }
    }

    /// The class at a table cell index (0..169).
    pub fn from_index(i: usize) -> HoleClass {
        let (row, col) = (i / 13, i % 13);
        let (a, b) = (Rank(12 - row as u8), Rank(12 - col as u8));
        if col > row {
            HoleClass {
                high: a,
                low: b,
                suited: true,
            }
        } else {
            HoleClass {
                high: b,
                low: a,
                suited: false,
            }
        }
    }

    /// All 169 classes, in table-index order.
    pub fn all() -> impl Iterator<Item = HoleClass> {
        (0..169).map(HoleClass::from_index)
    }

    /// How many two-card combinations the class has: 6 for a pair, 4 suited, 12 offsuit.
    pub fn combos(self) -> u32 {
        if self.is_pair() {
            6
        } else if self.suited {
            4
        } else {
            12
        }
    }

    /// The class name: `AA`, `AKs`, `T9o`.
    pub fn name(self) -> String {
        let mut s = String::with_capacity(3);
        s.push(self.high.symbol());
        s.push(self.low.symbol());
        if !self.is_pair() {
            s.push(if self.suited { 's' } else { 'o' });
        }
        s
    }

    /// Parses a class name as written in the hand-rank table (`AA`, `AKs`, `T9o`).
    pub fn parse(s: &str) -> Option<HoleClass> {
        let b: Vec<char> = s.chars().collect();
        let (hi, lo) = (Rank::from_char(*b.first()?)?, Rank::from_char(*b.get(1)?)?);
        if hi < lo {
            return None;
        }
        match (b.len(), b.get(2)) {
            (2, None) if hi == lo => Some(HoleClass {
                high: hi,
                low: lo,
                suited: false,
            }),
            (3, Some('s')) if hi != lo => Some(HoleClass {
                high: hi,
                low: lo,
                suited: true,
            }),
            (3, Some('o')) if hi != lo => Some(HoleClass {
                high: hi,
                low: lo,
                suited: false,
            }),
            _ => None,
        }
    }

    /// `handRank169`: the class's line in the heads-up table, 1 = best (AA).
    pub fn handrank169(self) -> u32 {
        rank_table().rank169[self.index()]
    }

    /// `handRank2652`: ordered two-card deals whose class ranks at or above this one (AA = 12).
    pub fn handrank2652(self) -> u32 {
        rank_table().rank2652[self.index()]
    }
}

/// A set of hole-card classes: a compiled card query answers in O(1) by one bit test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HoleClassSet(pub [u64; 3]);

impl HoleClassSet {
    pub const EMPTY: HoleClassSet = HoleClassSet([0; 3]);

    pub fn insert(&mut self, c: HoleClass) {
        let i = c.index();
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub fn contains(&self, c: HoleClass) -> bool {
        let i = c.index();
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    pub fn union(&self, o: &HoleClassSet) -> HoleClassSet {
        HoleClassSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    pub fn intersection(&self, o: &HoleClassSet) -> HoleClassSet {
        HoleClassSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    pub fn classes(&self) -> impl Iterator<Item = HoleClass> + '_ {
        HoleClass::all().filter(move |c| self.contains(*c))
    }
}

impl FromIterator<HoleClass> for HoleClassSet {
    fn from_iter<I: IntoIterator<Item = HoleClass>>(iter: I) -> Self {
        let mut s = HoleClassSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

struct RankTable {
    rank169: [u32; 169],
    rank2652: [u32; 169],
}

/// The heads-up hand-rank table, parsed once from `tables/handrank169-headsup.txt`
/// (compiled in, and checked by a unit test to hold every class exactly once).
fn rank_table() -> &'static RankTable {
    unimplemented!("cards helper: parse HANDRANK_TABLE")
}

/// The text of the heads-up hand-rank table (spec 5), compiled into the library.
pub const HANDRANK_TABLE: &str = include_str!("../../tables/handrank169-headsup.txt");
