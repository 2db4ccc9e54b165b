//! Preflop equity of the 169 hole-card classes against a uniformly random hand: the exact
//! table in `tables/preflop-equity.tsv` (parsed at first use) and the exact enumeration that
//! `gen-tables` writes it with.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::eval7::{Evaluator, IncrementalHand};
use super::showdowns::{BoardCounter, ShowdownEntry};
use crate::cards::hole::HoleClass;
use crate::cards::{Card, CardSet};

/// The committed table: one line per class, `class wins ties showdowns equity`, tab-separated;
/// counts are per two-card combination of the class over every board and villain holding.
pub const PREFLOP_TABLE: &str = include_str!("../../../../tables/preflop-equity.tsv");

/// Showdowns of one hero holding: C(50,5) boards x C(45,2) villain holdings.
pub const SHOWDOWNS: u64 = 2_118_760 * 990;

/// Exact showdown counts of one holding (or, summed, of a class).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShowdownTally {
    pub wins: u64,
    pub ties: u64,
    pub showdowns: u64,
}

impl ShowdownTally {
    pub fn equity(&self) -> f64 {
        (self.wins as f64 + self.ties as f64 / 2.0) / self.showdowns as f64
    }
    #[cfg(test)]
    fn add(&mut self, o: &ShowdownTally) {
        self.wins += o.wins;
        self.ties += o.ties;
        self.showdowns += o.showdowns;
    }
}

/// The table's equity of a class.
pub fn class_equity(class: HoleClass) -> f64 {
    table()[class.index()]
}

fn table() -> &'static [f64; 169] {
    static TABLE: OnceLock<[f64; 169]> = OnceLock::new();
    TABLE.get_or_init(|| {
        parse_table(PREFLOP_TABLE)
            .unwrap_or_else(|e| panic!("tables/preflop-equity.tsv is corrupt: {e}"))
    })
}

/// Parses the table text into equities by class index; every class exactly once.
pub fn parse_table(text: &str) -> Result<[f64; 169], String> {
    let mut eq = [f64::NAN; 169];
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: &str| format!("line {}: {what}", n + 1);
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 5 {
            return Err(at(
                "expected 5 tab-separated fields: class wins ties showdowns equity",
            ));
        }
        let class = HoleClass::parse(f[0]).ok_or_else(|| at("expected a class like AKs"))?;
        let num = |s: &str| s.parse::<u64>().map_err(|_| at("expected a count"));
        let t = ShowdownTally {
            wins: num(f[1])?,
            ties: num(f[2])?,
            showdowns: num(f[3])?,
        };
        if t.showdowns == 0 || t.wins + t.ties > t.showdowns {
            return Err(at("wins + ties must not exceed showdowns (> 0)"));
        }
        let printed: f64 = f[4].parse().map_err(|_| at("expected an equity"))?;
        if (printed - t.equity()).abs() > 1e-6 {
            return Err(at("the equity does not match the counts"));
        }
        if !eq[class.index()].is_nan() {
            return Err(at("class listed twice"));
        }
        eq[class.index()] = t.equity();
    }
    match eq.iter().position(|e| e.is_nan()) {
        Some(i) => Err(format!("class {} missing", HoleClass::from_index(i).name())),
        None => Ok(eq),
    }
}

/// A card's number 0..52 (lane * 13 + rank) from its bit index.
fn number(bit: u32) -> usize {
    (bit / 16 * 13 + bit % 16) as usize
}

/// The index 0..1326 of a holding of two different card numbers.
pub fn combo_index(a: usize, b: usize) -> usize {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// Every holding of the deck in combo-index order, as both sides of a showdown count with
/// weight 1: a board's counts are then each holding's showdowns against every other.
fn every_holding() -> BoardCounter {
    let bit = |n: usize| (n / 13 * 16 + n % 13) as u32;
    let entries = (1..52)
        .flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
        .map(|(lo, hi)| ShowdownEntry {
            cards: [bit(lo), bit(hi)],
            weight: [1, 1],
        })
        .collect();
    BoardCounter::new(entries)
}

/// One five-card board's showdowns added to the counter of [`every_holding`].
fn count_board(counter: &mut BoardCounter, board: CardSet) {
    counter.add_board(Evaluator::get(), board.0, IncrementalHand::of(board));
}

/// The counter's counts as tallies per combo index, each holding having met `showdowns`
/// villain holdings.
fn tallies_of(
    counter: &BoardCounter,
    showdowns: impl Fn(&ShowdownEntry) -> u64,
) -> Vec<ShowdownTally> {
    counter
        .entries()
        .iter()
        .zip(counter.counts())
        .map(|(e, c)| ShowdownTally {
            wins: c.wins[0] as u64,
            ties: c.ties[0] as u64,
            showdowns: showdowns(e),
        })
        .collect()
}

/// Adds one five-card board's showdowns to every holding that does not touch it (the
/// per-board sort and sweep of [`crate::strength::showdowns`]).
#[cfg(test)]
pub fn tally_board(board: CardSet, acc: &mut [ShowdownTally]) {
    let mut counter = every_holding();
    count_board(&mut counter, board);
    // C(45, 2): the villain holdings that miss the board and the holding.
    let villains = 45 * 44 / 2;
    let counted = tallies_of(
        &counter,
        |e| {
            if e.mask() & board.0 == 0 {
                villains
            } else {
                0
            }
        },
    );
    for (t, u) in acc.iter_mut().zip(&counted) {
        t.add(u);
    }
}

/// The exact tallies of all 1326 holdings (per combo index) over every board, on all cores.
pub fn exact_combo_tallies() -> Vec<ShowdownTally> {
    let deck: Vec<u32> = super::outlook::unseen(CardSet::EMPTY);
    let firsts: Vec<(usize, usize)> = (0..52)
        .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
        .collect();
    let counter = firsts
        .par_iter()
        .fold(every_holding, |mut acc, &(a, b)| {
            let ab = (1u64 << deck[a]) | (1u64 << deck[b]);
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let board = ab | 1 << deck[c] | 1 << deck[d] | 1 << deck[e];
                        count_board(&mut acc, CardSet(board));
                    }
                }
            }
            acc
        })
        .reduce(every_holding, |mut x, y| {
            x.merge(&y);
            x
        });
    // Every holding misses C(50, 5) boards and meets C(45, 2) villains on each.
    tallies_of(&counter, |_| SHOWDOWNS)
}

/// The combinations' tallies grouped by class (table-index order), each class's combos
/// checked to agree (they must, by suit symmetry); the tally is that of one combination.
pub fn class_tallies(combos: &[ShowdownTally]) -> Result<Vec<ShowdownTally>, String> {
    let mut by_class: Vec<Option<ShowdownTally>> = vec![None; 169];
    let deck: Vec<u32> = super::outlook::unseen(CardSet::EMPTY);
    for (i, &a) in deck.iter().enumerate() {
        for &b in &deck[i + 1..] {
            let class = HoleClass::of(card(a), card(b));
            let t = combos[combo_index(number(a), number(b))];
            match &by_class[class.index()] {
                None => by_class[class.index()] = Some(t),
                Some(u) if *u == t => {}
                Some(u) => return Err(format!("{}: {u:?} vs {t:?}", class.name())),
            }
        }
    }
    Ok(by_class.into_iter().map(|t| t.unwrap()).collect())
}

fn card(bit: u32) -> Card {
    Card::from_index(bit).expect("a card bit")
}

/// The table text for class tallies in index order.
pub fn format_table(classes: &[ShowdownTally]) -> String {
    let mut s = String::from(
        "# Exact preflop equity of each hole-card class against a uniformly random hand\n\
         # (reference §7): per two-card combination, over every board and villain holding.\n\
         # Generated by `cargo run --release -p hus-poker --features gen-tables --bin gen-tables -- preflop`; do not edit.\n\
         # class\twins\tties\tshowdowns\tequity\n",
    );
    for (i, t) in classes.iter().enumerate() {
        s.push_str(&format!(
            "{}\t{}\t{}\t{}\t{:.8}\n",
            HoleClass::from_index(i).name(),
            t.wins,
            t.ties,
            t.showdowns,
            t.equity()
        ));
    }
    s
}

#[cfg(test)]
mod tests;
