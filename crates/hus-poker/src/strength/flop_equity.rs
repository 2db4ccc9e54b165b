//! `equity` on the flop from a precomputed exact table: one count per (hole, flop) class
//! under suit renaming (1,286,792 classes), so a flop decision reads a number instead of
//! enumerating 1,070,190 (villain holding, run-out) pairs.
//!
//! A class is found in two steps. The hole cards' suits are renamed to a fixed pattern for
//! their 169-class (suited: both suit 0; offsuit: the high card suit 0, the low card suit 1;
//! a pair: suits 0 and 1), the other suits following in order; the renamed flop is then a
//! combination of the 50 other cards (colex index, 0..19,600). The renamings that keep the
//! hole cards (up to 6) map flops of one class onto each other; the table stores the class
//! once, at its smallest combination, and `spread` copies it to the whole 169 x 19,600
//! grid for a hole class the first time it is asked (about a millisecond).
//!
//! The stored count is `2 x wins + ties` of the hero over every (holding, run-out) pair, the
//! numerator of [`super::Outlook::equity`] doubled, so the value is the same to the last bit.
//! The file (`tables/flop-equity.bin`, written by `gen-tables flop`) is the magic
//! [`FORMAT`]'s, 170 little-endian `u32` offsets (each hole class's first entry, then the
//! total), and 3 bytes a class.

use std::sync::OnceLock;

use super::class_table::{self, ClassTable, TableFormat};
use crate::cards::hole::HoleClass;
use crate::cards::{Card, CardSet, Rank, Suit};

/// The table file's magic and entries: 3 bytes a class.
pub const FORMAT: TableFormat = TableFormat {
    magic: b"HUSFEQ01",
    name: "flop equity table",
    entry: "classes",
    entries: CLASSES,
    width: 3,
};

/// The number of (hole, flop) classes under suit renaming.
pub const CLASSES: usize = 1_286_792;

/// (villain holding, run-out) pairs on the flop: C(47, 2) x C(45, 2).
const PAIRS: f64 = 1081.0 * 990.0;

/// Combinations of three of the 50 cards left by the hole cards.
const FLOPS: usize = 19_600;

/// The table's bytes: built in with the feature `flop-table`, else as [`install`]ed (the
/// browser playground fetches the file on first use instead of carrying it in its code).
static FILE: OnceLock<&'static [u8]> = OnceLock::new();

/// The built-in table, when the crate has it.
#[cfg(feature = "flop-table")]
static BUILT_IN: Option<&[u8]> =
    Some(include_bytes!("../../../../tables/flop-equity.bin").as_slice());
#[cfg(not(feature = "flop-table"))]
static BUILT_IN: Option<&[u8]> = None;

/// Supplies the table file's bytes at run time (a build without `flop-table`): checked,
/// then read by every later flop `equity`, whose values are then the table's (the same as
/// enumerated, to the last bit). An error says what is wrong with the bytes; a second call,
/// or a build with the table built in, keeps the table it has.
pub fn install(bytes: Vec<u8>) -> Result<(), String> {
    parse(&bytes)?;
    if BUILT_IN.is_none() {
        FILE.get_or_init(|| Box::leak(bytes.into_boxed_slice()));
    }
    Ok(())
}

/// Whether flop `equity` reads the table (built in or installed).
pub fn available() -> bool {
    BUILT_IN.is_some() || FILE.get().is_some()
}

/// The hero's exact equity on the flop from the table, or `None` when there is none (built
/// without it and none installed: then the caller enumerates).
pub fn equity(hole: CardSet, flop: CardSet) -> Option<f64> {
    static GRID: [OnceLock<Box<[u32]>>; 169] = [const { OnceLock::new() }; 169];
    let file = BUILT_IN.or_else(|| FILE.get().copied())?;
    let (class, combo) = locate(hole, flop);
    let grid = GRID[class].get_or_init(|| {
        let table = parse(file).expect("the flop table was checked when installed");
        spread(&table, class)
    });
    Some(equity_of(grid[combo]))
}

/// The equity of a stored count (2 x wins + ties over every pair), as
/// [`super::Outlook::equity`] computes it.
fn equity_of(count: u32) -> f64 {
    count as f64 / 2.0 / PAIRS
}

/// The counts of one hole class for every combination of the 50 other cards.
fn spread(table: &ClassTable<'_>, class: usize) -> Box<[u32]> {
    let mut next = table.class(class).chunks_exact(3);
    let mut grid = vec![0u32; FLOPS].into_boxed_slice();
    for (combo, smallest) in Layout::of(class).smallest().enumerate() {
        grid[combo] = if smallest == combo {
            let b = next.next().expect("the table holds every class");
            u32::from_le_bytes([b[0], b[1], b[2], 0])
        } else {
            grid[smallest]
        };
    }
    assert!(next.next().is_none(), "the table holds only the classes");
    grid
}

/// Reads the file's header; an error says what is wrong with the bytes.
pub fn parse(bytes: &[u8]) -> Result<ClassTable<'_>, String> {
    ClassTable::parse(bytes, &FORMAT)
}

/// The file's bytes from the counts of each hole class's stored flops, in [`Layout::stored`]
/// order (`gen-tables` computes them).
pub fn write(per_class: &[Vec<u32>]) -> Vec<u8> {
    class_table::write(&FORMAT, per_class, |&n, out| {
        assert!(n < 1 << 24, "a count fits in 3 bytes");
        out.extend(&n.to_le_bytes()[..3]);
    })
}

/// The hole class index and the renamed flop's combination index.
fn locate(hole: CardSet, flop: CardSet) -> (usize, usize) {
    let mut cards = hole.cards();
    let (class, place) = placing(cards.next().unwrap(), cards.next().unwrap());
    let mut f = flop.cards();
    let mut p = [f.next().unwrap(), f.next().unwrap(), f.next().unwrap()].map(place);
    p.sort_unstable();
    (class.index(), colex(p))
}

/// The class of hole cards `a`, `b` and where their renaming to the class's pattern puts each
/// other card: its place (0..50) among the 50 cards the pattern leaves.
pub(super) fn placing(a: Card, b: Card) -> (HoleClass, impl Fn(Card) -> u8) {
    let (hi, lo) = if a.rank >= b.rank { (a, b) } else { (b, a) };
    let class = HoleClass::of(a, b);
    // The hole's suits first, in the pattern's order, then the others in order.
    let (hs, ls) = (hi.suit as usize, lo.suit as usize);
    let mut rename = [0usize; 4];
    let mut next = 1 + usize::from(hs != ls);
    for (s, to) in rename.iter_mut().enumerate() {
        *to = if s == hs {
            0
        } else if s == ls {
            1
        } else {
            next += 1;
            next - 1
        };
    }
    let holes = pattern(class);
    let place = move |c: Card| {
        let code = rename[c.suit as usize] * 13 + c.rank.0 as usize;
        (code - holes.iter().filter(|&&h| h < code).count()) as u8
    };
    (class, place)
}

/// The two hole cards of a class in the fixed pattern, as suit x 13 + rank.
fn pattern(c: HoleClass) -> [usize; 2] {
    let low_suit = if c.suited { 0 } else { 1 };
    [c.high.0 as usize, low_suit * 13 + c.low.0 as usize]
}

/// A hole class's fixed cards and what the renamings that keep them do to the other 50.
pub struct Layout {
    /// Each card (suit x 13 + rank) to its place among the 50 others (`u8::MAX`: a hole card).
    pub(super) position: [u8; 52],
    /// Per renaming that keeps the hole cards (not the identity): each place's image.
    pub(super) symmetries: Vec<[u8; 50]>,
    /// The two hole cards in the fixed pattern.
    pub hole: CardSet,
}

impl Layout {
    /// The pattern of hole class `class` (its index, 0..169).
    pub fn of(class: usize) -> Layout {
        let hole = pattern(HoleClass::from_index(class)).map(|x| (x / 13, x % 13));
        let code = |(s, r): (usize, usize)| s * 13 + r;
        let mut position = [u8::MAX; 52];
        let mut card_at = Vec::with_capacity(50);
        for (card, place) in position.iter_mut().enumerate() {
            if hole.iter().all(|&h| code(h) != card) {
                *place = card_at.len() as u8;
                card_at.push(card);
            }
        }
        let keeps = |p: &[usize; 4]| {
            let mut image: Vec<usize> = hole.iter().map(|&(s, r)| code((p[s], r))).collect();
            let mut own: Vec<usize> = hole.iter().map(|&h| code(h)).collect();
            image.sort_unstable();
            own.sort_unstable();
            image == own
        };
        let symmetries = permutations()
            .into_iter()
            .filter(|p| *p != [0, 1, 2, 3] && keeps(p))
            .map(|p| std::array::from_fn(|i| position[code((p[card_at[i] / 13], card_at[i] % 13))]))
            .collect();
        let set = hole
            .iter()
            .map(|&(s, r)| Card::new(Rank(r as u8), Suit::ALL[s]))
            .fold(CardSet::EMPTY, |m, c| m.union(c.set()));
        Layout {
            position,
            symmetries,
            hole: set,
        }
    }

    /// The card at each of the 50 places the hole cards leave.
    pub(super) fn card_at(&self) -> [Card; 50] {
        let mut at = [Card::new(Rank(0), Suit::Hearts); 50];
        for (card, &p) in self.position.iter().enumerate() {
            if p != u8::MAX {
                at[p as usize] = Card::new(Rank((card % 13) as u8), Suit::ALL[card / 13]);
            }
        }
        at
    }

    /// For every combination in colex order, the smallest combination of its class.
    pub fn smallest(&self) -> impl Iterator<Item = usize> + '_ {
        combos().map(move |p| {
            self.symmetries.iter().fold(colex(p), |least, g| {
                let mut q = [g[p[0] as usize], g[p[1] as usize], g[p[2] as usize]];
                q.sort_unstable();
                least.min(colex(q))
            })
        })
    }

    /// The flops the table stores for this hole class (each class's smallest combination), in
    /// order, as card sets.
    pub fn stored(&self) -> Vec<CardSet> {
        let card_at = self.card_at();
        let to_set = |p: [u8; 3]| {
            p.iter()
                .fold(CardSet::EMPTY, |m, &q| m.union(card_at[q as usize].set()))
        };
        combos()
            .zip(self.smallest())
            .enumerate()
            .filter(|&(combo, (_, least))| combo == least)
            .map(|(_, (p, _))| to_set(p))
            .collect()
    }
}

/// Every three places of 50 in colex order (index 0, 1, 2, ...).
fn combos() -> impl Iterator<Item = [u8; 3]> {
    (2..50u8).flat_map(|c| (1..c).flat_map(move |b| (0..b).map(move |a| [a, b, c])))
}

/// The colex index of three increasing places.
fn colex(p: [u8; 3]) -> usize {
    let [a, b, c] = p.map(|x| x as usize);
    a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6
}

/// The 24 renamings of four suits.
pub(super) fn permutations() -> Vec<[usize; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                out.push([a, b, c, 6 - a - b - c]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
