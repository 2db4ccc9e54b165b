//! Hole-card classes (`AKs`, `T9o`, `77`), sets of them, and the heads-up hand-rank table.
//!
//! The 169 classes are indexed as the cells of the thesis' 13x13 action table (reference §5):
//! rows and columns A, K, ..., 2; the suited class of ranks r > c at (row r, column c) above
//! the diagonal, the offsuit class below it, pairs on it. `index = row * 13 + column`.

use std::sync::OnceLock;

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

    /// The cell index (0..169) of two hole cards' class, in either order: one load from a
    /// table by their card indices ([`Card::index`]), for the evaluator's every decision.
    #[inline]
    pub fn index_of(a: Card, b: Card) -> usize {
        CLASS_INDEX[a.index() as usize % 64][b.index() as usize % 64] as usize
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
    /// All 169 classes (bits 0..169).
    pub const ALL: HoleClassSet = HoleClassSet([u64::MAX, u64::MAX, (1 << (169 - 128)) - 1]);

    /// The classes not in the set.
    pub fn complement(&self) -> HoleClassSet {
        HoleClassSet([!self.0[0], !self.0[1], !self.0[2] & HoleClassSet::ALL.0[2]])
    }

    pub fn insert(&mut self, c: HoleClass) {
        let i = c.index();
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub fn contains(&self, c: HoleClass) -> bool {
        self.contains_index(c.index())
    }
    /// Whether the class at table index `i` ([`HoleClass::index`]) is in the set.
    #[inline]
    pub fn contains_index(&self, i: usize) -> bool {
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

/// [`HoleClass::index_of`]'s table: the class index of each pair of card indices
/// (suit * 16 + rank), worked out as [`HoleClass::index`] does; 0 where an index is no card.
static CLASS_INDEX: [[u8; 64]; 64] = class_index_table();

const fn class_index_table() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (ra, rb) = (a % 16, b % 16);
            if ra < 13 && rb < 13 {
                let (high, low) = if ra >= rb { (ra, rb) } else { (rb, ra) };
                let suited = high != low && a / 16 == b / 16;
                let (h, l) = (12 - high, 12 - low);
                table[a][b] = if suited { h * 13 + l } else { l * 13 + h } as u8;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

#[derive(Debug)]
struct RankTable {
    rank169: [u32; 169],
    rank2652: [u32; 169],
}

/// The heads-up hand-rank table, parsed once from `tables/handrank169-headsup.txt`
/// (compiled in, and checked by a unit test to hold every class exactly once).
fn rank_table() -> &'static RankTable {
    static TABLE: OnceLock<RankTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The table is compiled in and `rank_table_holds_every_class_once` checks it, so a
        // failure here is a build defect, not bad user input.
        parse_rank_table(HANDRANK_TABLE).expect("the compiled-in hand-rank table is valid")
    })
}

/// Parses the hand-rank table text: `#` lines and blank lines are skipped; the Nth remaining
/// line names the class with handRank169 = N. Every one of the 169 classes must appear once.
fn parse_rank_table(text: &str) -> Result<RankTable, String> {
    let mut rank169 = [0u32; 169];
    let mut rank2652 = [0u32; 169];
    let mut n = 0u32;
    let mut deals = 0u32;
    for (lineno, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let class = HoleClass::parse(line)
            .ok_or_else(|| format!("line {}: `{line}` is not a hole-card class", lineno + 1))?;
        let i = class.index();
        if rank169[i] != 0 {
            return Err(format!("line {}: `{line}` appears twice", lineno + 1));
        }
        n += 1;
        // Ordered deals: each unordered combination can be dealt in two orders.
        deals += 2 * class.combos();
        rank169[i] = n;
        rank2652[i] = deals;
    }
    if n != 169 {
        return Err(format!("{n} classes listed, 169 expected"));
    }
    Ok(RankTable { rank169, rank2652 })
}

/// The text of the heads-up hand-rank table (reference §7), compiled into the library.
pub const HANDRANK_TABLE: &str = include_str!("../../../../tables/handrank169-headsup.txt");

#[cfg(test)]
mod tests {
    #[test]
    fn index_of_is_the_class_index_of_every_two_cards() {
        for a in (0..64).filter_map(Card::from_index) {
            for b in (0..64).filter_map(Card::from_index) {
                assert_eq!(
                    HoleClass::index_of(a, b),
                    HoleClass::of(a, b).index(),
                    "{a} {b}"
                );
            }
        }
    }

    use super::*;
    use crate::cards::Suit;

    #[test]
    fn all_and_complement() {
        let all: HoleClassSet = HoleClass::all().collect();
        assert_eq!(HoleClassSet::ALL, all);
        assert_eq!(HoleClassSet::ALL.len(), 169);
        assert_eq!(HoleClassSet::EMPTY.complement(), all);
        let aa: HoleClassSet = [class("AA")].into_iter().collect();
        assert_eq!(aa.complement().len(), 168);
        assert!(!aa.complement().contains(class("AA")));
        assert_eq!(aa.complement().complement(), aa);
    }

    fn class(name: &str) -> HoleClass {
        HoleClass::parse(name).unwrap()
    }

    #[test]
    fn rank_table_holds_every_class_once() {
        let t = parse_rank_table(HANDRANK_TABLE).unwrap();
        let mut seen169: Vec<u32> = t.rank169.to_vec();
        seen169.sort_unstable();
        assert_eq!(seen169, (1..=169).collect::<Vec<_>>());
        assert!(t.rank2652.iter().all(|&r| r > 0));
        assert_eq!(*t.rank2652.iter().max().unwrap(), 2652);
    }

    #[test]
    fn rank_table_values_of_the_spec() {
        assert_eq!(class("AA").handrank2652(), 12);
        assert_eq!(class("KK").handrank2652(), 24);
        assert_eq!(class("AKs").handrank2652(), 92);
        assert_eq!(class("AKo").handrank2652(), 136);
        assert_eq!(class("32o").handrank2652(), 2652);
        assert_eq!(class("AA").handrank169(), 1);
        assert_eq!(class("KK").handrank169(), 2);
        assert_eq!(class("AKs").handrank169(), 8);
        assert_eq!(class("32o").handrank169(), 169);
    }

    #[test]
    fn rank2652_grows_with_rank169() {
        let mut classes: Vec<HoleClass> = HoleClass::all().collect();
        classes.sort_by_key(|c| c.handrank169());
        let mut deals = 0;
        for c in classes {
            deals += 2 * c.combos();
            assert_eq!(c.handrank2652(), deals, "{}", c.name());
        }
    }

    #[test]
    fn bad_tables_are_rejected() {
        assert!(parse_rank_table("AA\nKK\n")
            .unwrap_err()
            .contains("169 expected"));
        assert!(parse_rank_table("AA\nAA\n").unwrap_err().contains("twice"));
        assert!(parse_rank_table("# c\nAKx\n")
            .unwrap_err()
            .contains("line 2"));
        let doubled = format!("{HANDRANK_TABLE}\nAA\n");
        assert!(parse_rank_table(&doubled).is_err());
    }

    #[test]
    fn index_round_trips() {
        for i in 0..169 {
            let c = HoleClass::from_index(i);
            assert_eq!(c.index(), i);
            assert_eq!(HoleClass::parse(&c.name()), Some(c));
        }
        let all: HoleClassSet = HoleClass::all().collect();
        assert_eq!(all.len(), 169);
        let combos: u32 = HoleClass::all().map(HoleClass::combos).sum();
        assert_eq!(combos, 1326);
    }

    #[test]
    fn index_layout_is_the_thesis_table() {
        // Row A: AA, AKs, AQs, ...; column A below the diagonal: AKo, AQo, ...
        assert_eq!(class("AA").index(), 0);
        assert_eq!(class("AKs").index(), 1);
        assert_eq!(class("A2s").index(), 12);
        assert_eq!(class("AKo").index(), 13);
        assert_eq!(class("KK").index(), 14);
        assert_eq!(class("22").index(), 168);
        assert_eq!(class("32o").index(), 167);
        assert_eq!(class("32s").index(), 155);
    }

    #[test]
    fn class_of_two_cards() {
        let c = |r: char, s: Suit| Card::new(Rank::from_char(r).unwrap(), s);
        let ah = c('A', Suit::Hearts);
        let kh = c('K', Suit::Hearts);
        let ks = c('K', Suit::Spades);
        assert_eq!(HoleClass::of(ah, kh), class("AKs"));
        assert_eq!(HoleClass::of(kh, ah), class("AKs"));
        assert_eq!(HoleClass::of(ks, ah), class("AKo"));
        assert_eq!(HoleClass::of(kh, ks), class("KK"));
        assert!(!HoleClass::of(kh, ks).suited);
        assert_eq!(
            HoleClass::of(c('2', Suit::Clubs), c('7', Suit::Diamonds)).name(),
            "72o"
        );
    }

    #[test]
    fn parse_rejects_non_classes() {
        for bad in [
            "", "A", "AKx", "KA", "KAs", "AAs", "AAo", "AK", "AKs+", "1A",
        ] {
            assert_eq!(HoleClass::parse(bad), None, "{bad}");
        }
    }
}
