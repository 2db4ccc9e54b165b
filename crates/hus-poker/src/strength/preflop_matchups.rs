//! Preflop hand against hand, exactly: the hero's wins and ties over all 1,712,304 boards for
//! any two disjoint holdings, read from a precomputed table, and strength against a range
//! before the flop summed from it (reference §12.8).
//!
//! The table holds one entry per matchup class under suit renaming (93,769 of them). The
//! hero's cards are renamed to their 169-class pattern as for the flop table
//! ([`super::flop_equity`]); the villain's two cards are then a combination of the 50 places
//! the pattern leaves (colex index, 0..1,225). The renamings that keep the hero's pattern map
//! villain holdings of one class onto each other, and the table stores each class once, at its
//! smallest combination. A hero class's row of 1,225 entries is spread from its stored entries
//! the first time it is asked, and so are its totals per villain class (what `equityVs` sums:
//! a range before the flop is read in at most 169 additions).
//!
//! The file (`tables/preflop-matchups.bin`, written by `gen-tables matchups`) is the magic
//! [`FORMAT`]'s, 170 little-endian `u32` offsets (each hero class's first entry, then the total),
//! and per entry the wins and the ties, 3 bytes each.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::class_table::{self, ClassTable, TableFormat};
use super::eval7::{Evaluator, IncrementalHand};
use super::flop_equity::{self, Layout};
use super::outlook::unseen;
use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::{Card, CardSet, Rank, Suit};

/// The table file's magic and entries: 6 bytes a matchup.
pub const FORMAT: TableFormat = TableFormat {
    magic: b"HUSPFM01",
    name: "preflop matchup table",
    entry: "matchups",
    entries: CLASSES,
    width: 6,
};

/// The boards of one matchup: C(48, 5).
pub const BOARDS: u32 = 1_712_304;

/// The matchup classes under suit renaming, ordered (hero first).
pub const CLASSES: usize = 93_769;

/// Villain holdings of the 50 cards the hero's leave: C(50, 2).
const VILLAINS: usize = 1225;

static FILE: &[u8] = include_bytes!("../../../../tables/preflop-matchups.bin");

/// The hero's wins and ties over every board.
pub type WinsTies = (u32, u32);

/// The hero's wins and ties against the villain over all [`BOARDS`] boards (the villain's
/// wins are the rest); cards are [`CardSet`] bit indexes, all four different. The first call
/// for a hero class spreads its row (well under a millisecond), later ones are a lookup.
pub fn matchup(hero: [u32; 2], villain: [u32; 2]) -> WinsTies {
    let [a, b, c, d] = [hero[0], hero[1], villain[0], villain[1]].map(card);
    assert!(
        CardSet(a.set().0 | b.set().0 | c.set().0 | d.set().0).len() == 4,
        "a matchup needs four different cards"
    );
    let (class, place) = flop_equity::placing(a, b);
    row(class.index())[pair_index(place(c), place(d))]
}

/// Equity of `hole` before the flop against the holdings of `range` its cards leave (each
/// counted once, over every board), or `None` when they leave none.
pub fn versus(hole: CardSet, range: &HoleClassSet) -> Option<f64> {
    let mut cards = hole.cards();
    let class = HoleClass::of(cards.next().unwrap(), cards.next().unwrap());
    let totals = totals(class.index());
    let (mut wins, mut ties, mut holdings) = (0u64, 0u64, 0u64);
    for (w, &word) in range.0.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            let t = &totals[w * 64 + x.trailing_zeros() as usize];
            wins += t.wins;
            ties += t.ties;
            holdings += u64::from(t.holdings);
            x &= x - 1;
        }
    }
    (holdings > 0).then(|| equity_of(wins, ties, holdings))
}

/// The equity of summed counts over `holdings` villain holdings: (wins + ties / 2) over every
/// (holding, board) pair.
pub fn equity_of(wins: u64, ties: u64, holdings: u64) -> f64 {
    (wins as f64 + ties as f64 / 2.0) / (holdings as f64 * f64::from(BOARDS))
}

fn card(bit: u32) -> Card {
    Card::from_index(bit).expect("a card's bit index")
}

/// The colex index of two different places (0..1,225).
fn pair_index(x: u8, y: u8) -> usize {
    let (a, b) = if x < y { (x, y) } else { (y, x) };
    let (a, b) = (a as usize, b as usize);
    a + b * (b - 1) / 2
}

/// Every two places of 50 in colex order.
fn pairs() -> impl Iterator<Item = [u8; 2]> {
    (1..50u8).flat_map(|b| (0..b).map(move |a| [a, b]))
}

/// For every pair of places in colex order, the smallest pair of its class.
fn smallest(layout: &Layout) -> Vec<usize> {
    pairs()
        .map(|[a, b]| {
            layout.symmetries.iter().fold(pair_index(a, b), |least, g| {
                least.min(pair_index(g[a as usize], g[b as usize]))
            })
        })
        .collect()
}

/// The counts of one hero class against every villain pair, spread from the table.
fn row(class: usize) -> &'static [WinsTies] {
    static ROWS: [OnceLock<Box<[WinsTies]>>; 169] = [const { OnceLock::new() }; 169];
    ROWS[class].get_or_init(|| {
        let table =
            parse(FILE).unwrap_or_else(|e| panic!("tables/preflop-matchups.bin is corrupt: {e}"));
        spread(&table, class)
    })
}

fn spread(table: &ClassTable<'_>, class: usize) -> Box<[WinsTies]> {
    let mut next = table.class(class).chunks_exact(6);
    let mut row = vec![(0, 0); VILLAINS].into_boxed_slice();
    for (combo, least) in smallest(&Layout::of(class)).into_iter().enumerate() {
        row[combo] = if least == combo {
            let b = next.next().expect("the table holds every class");
            (
                u32::from_le_bytes([b[0], b[1], b[2], 0]),
                u32::from_le_bytes([b[3], b[4], b[5], 0]),
            )
        } else {
            row[least]
        };
    }
    assert!(next.next().is_none(), "the table holds only the classes");
    row
}

/// One hero class's sums against one villain class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Total {
    wins: u64,
    ties: u64,
    /// The villain class's holdings that the hero's cards leave.
    holdings: u32,
}

/// A hero class's totals against each villain class (by class index): the same for every
/// holding of the hero class, since a renaming of suits keeps each villain class.
fn totals(class: usize) -> &'static [Total; 169] {
    static TOTALS: [OnceLock<Box<[Total; 169]>>; 169] = [const { OnceLock::new() }; 169];
    TOTALS[class].get_or_init(|| {
        let at = Layout::of(class).card_at();
        let row = row(class);
        let mut totals = Box::new([Total::default(); 169]);
        for ([a, b], &(wins, ties)) in pairs().zip(row.iter()) {
            let t = &mut totals[HoleClass::of(at[a as usize], at[b as usize]).index()];
            t.wins += u64::from(wins);
            t.ties += u64::from(ties);
            t.holdings += 1;
        }
        totals
    })
}

/// One hero class against one villain class, summed over the villain's holdings that one
/// hero holding leaves: (wins, ties, holdings), wins and ties over every board of each. The
/// same for every holding of the hero class (push-or-fold solving reads the 169 x 169 of them).
pub fn class_versus_class(hero: usize, villain: usize) -> (u64, u64, u32) {
    let t = totals(hero)[villain];
    (t.wins, t.ties, t.holdings)
}

/// Reads the file's header; an error says what is wrong with the bytes.
pub fn parse(bytes: &[u8]) -> Result<ClassTable<'_>, String> {
    ClassTable::parse(bytes, &FORMAT)
}

/// The file's bytes from the counts of each hero class's stored matchups, in [`stored`]
/// order.
pub fn write(per_class: &[Vec<WinsTies>]) -> Vec<u8> {
    class_table::write(&FORMAT, per_class, |&(wins, ties), out| {
        assert!(wins + ties <= BOARDS, "a count fits in 3 bytes");
        out.extend(&wins.to_le_bytes()[..3]);
        out.extend(&ties.to_le_bytes()[..3]);
    })
}

/// The matchups the table stores for hero class `class`, in order: the hero's pattern and
/// each villain class's smallest holding.
pub fn stored(class: usize) -> Vec<(CardSet, CardSet)> {
    let layout = Layout::of(class);
    let at = layout.card_at();
    pairs()
        .zip(smallest(&layout))
        .enumerate()
        .filter(|&(combo, (_, least))| combo == least)
        .map(|(_, ([a, b], _))| {
            (
                layout.hole,
                at[a as usize].set().union(at[b as usize].set()),
            )
        })
        .collect()
}

/// The hero's wins and ties against the villain over every board, enumerated: the boards in
/// nested order, both hands built up a card at a time ([`IncrementalHand`]).
pub fn count(hero: CardSet, villain: CardSet) -> WinsTies {
    let ev = Evaluator::get();
    let deck = unseen(hero.union(villain));
    let n = deck.len();
    let both = |h: (IncrementalHand, IncrementalHand), c: u32| (h.0.with(c), h.1.with(c));
    let start = (IncrementalHand::of(hero), IncrementalHand::of(villain));
    let (mut wins, mut ties) = (0u32, 0u32);
    for i in 0..n {
        let h1 = both(start, deck[i]);
        for j in i + 1..n {
            let h2 = both(h1, deck[j]);
            for k in j + 1..n {
                let h3 = both(h2, deck[k]);
                for l in k + 1..n {
                    let h4 = both(h3, deck[l]);
                    for &c in &deck[l + 1..] {
                        let hero = ev.rank_hand(h4.0.with(c));
                        let villain = ev.rank_hand(h4.1.with(c));
                        wins += u32::from(hero > villain);
                        ties += u32::from(hero == villain);
                    }
                }
            }
        }
    }
    (wins, ties)
}

/// The table file, every distinct matchup counted once on all cores (a matchup and its
/// reverse, and renamings of either, share one count); `progress(done, all)` is called as
/// counts finish.
pub fn generate(progress: &(dyn Fn(usize, usize) + Sync)) -> Vec<u8> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let per_class: Vec<Vec<(CardSet, CardSet)>> = (0..169).map(stored).collect();
    let mut keys: Vec<u32> = per_class
        .iter()
        .flatten()
        .map(|&(h, v)| unordered_key(h, v).0)
        .collect();
    keys.sort_unstable();
    keys.dedup();
    let done = AtomicUsize::new(0);
    let counted: Vec<WinsTies> = keys
        .par_iter()
        .map(|&key| {
            let c = count(key_cards(key >> 12), key_cards(key & 0xfff));
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, keys.len());
            c
        })
        .collect();
    let per_class: Vec<Vec<WinsTies>> = per_class
        .iter()
        .map(|stored| {
            stored
                .iter()
                .map(|&(h, v)| {
                    let (key, swapped) = unordered_key(h, v);
                    let (wins, ties) = counted[keys.binary_search(&key).unwrap()];
                    if swapped {
                        (BOARDS - wins - ties, ties)
                    } else {
                        (wins, ties)
                    }
                })
                .collect()
        })
        .collect();
    write(&per_class)
}

/// A key for the matchup of `hero` against `villain` shared by its renamings and by the
/// reverse matchup: the smallest, over the 24 renamings and both orders, of the two holdings
/// as card codes (suit x 13 + rank, 6 bits each); true when the key's first holding is the
/// villain's.
fn unordered_key(hero: CardSet, villain: CardSet) -> (u32, bool) {
    let codes = |set: CardSet, p: [usize; 4]| {
        let mut c = set.cards();
        let [x, y] = [c.next().unwrap(), c.next().unwrap()]
            .map(|card| (p[card.suit as usize] * 13 + card.rank.0 as usize) as u32);
        x.min(y) << 6 | x.max(y)
    };
    flop_equity::permutations()
        .into_iter()
        .flat_map(|p| {
            let (h, v) = (codes(hero, p), codes(villain, p));
            [(h << 12 | v, false), (v << 12 | h, true)]
        })
        .min()
        .unwrap()
}

/// The two cards of a holding's 12-bit code in a key.
fn key_cards(code: u32) -> CardSet {
    [code >> 6, code & 63].iter().fold(CardSet::EMPTY, |m, &c| {
        m.union(Card::new(Rank((c % 13) as u8), Suit::ALL[c as usize / 13]).set())
    })
}

/// The hero's wins and ties against the villain by their definition, for tests and
/// benchmarks: every board of five of the other 48 cards, both seven-card hands ranked.
#[doc(hidden)]
pub fn count_reference(hero: CardSet, villain: CardSet) -> WinsTies {
    let ev = Evaluator::get();
    let deck: Vec<u64> = unseen(hero.union(villain))
        .iter()
        .map(|&c| 1 << c)
        .collect();
    let (mut wins, mut ties) = (0, 0);
    for (i, &a) in deck.iter().enumerate() {
        for (j, &b) in deck.iter().enumerate().skip(i + 1) {
            for (k, &c) in deck.iter().enumerate().skip(j + 1) {
                for (l, &d) in deck.iter().enumerate().skip(k + 1) {
                    for &e in &deck[l + 1..] {
                        let board = CardSet(a | b | c | d | e);
                        let h = ev.rank(hero.union(board));
                        let v = ev.rank(villain.union(board));
                        wins += u32::from(h > v);
                        ties += u32::from(h == v);
                    }
                }
            }
        }
    }
    (wins, ties)
}

/// `equityVs` before the flop by its definition, for tests and benchmarks: each holding of
/// the range that the hero's cards leave against every board ([`count_reference`]).
#[doc(hidden)]
pub fn versus_reference(hole: CardSet, range: &HoleClassSet) -> Option<f64> {
    let live = super::versus::live_holdings(range, hole);
    let (mut wins, mut ties) = (0u64, 0u64);
    for &(a, b) in &live {
        let (w, t) = count_reference(hole, CardSet(1 << a | 1 << b));
        wins += u64::from(w);
        ties += u64::from(t);
    }
    (!live.is_empty()).then(|| equity_of(wins, ties, live.len() as u64))
}

#[cfg(test)]
mod tests;
