//! Preflop equity of the 169 hole-card classes against a uniformly random hand: the exact
//! table in `tables/preflop-equity.tsv` (parsed at first use) and the exact enumeration that
//! `gen-tables` writes it with.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::eval7::{Evaluator, IncrementalHand};
use crate::cards::hole::HoleClass;
use crate::cards::{Card, CardSet};

/// The committed table: one line per class, `class wins ties showdowns equity`, tab-separated;
/// counts are per two-card combination of the class over every board and villain holding.
pub const PREFLOP_TABLE: &str = include_str!("../../tables/preflop-equity.tsv");

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
    fn add(&mut self, o: &ShowdownTally) {
        self.wins += o.wins;
        self.ties += o.ties;
        self.showdowns += o.showdowns;
    }
}

/// The table's equity of a class.
pub(crate) fn class_equity(class: HoleClass) -> f64 {
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
pub(crate) fn combo_index(a: usize, b: usize) -> usize {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

/// Adds one five-card board's showdowns to every holding that does not touch it: each
/// holding's rank is computed once, the holdings sorted by rank, and a holding's wins are the
/// holdings below it minus those that share one of its cards (counted per card).
pub(crate) fn tally_board(board: CardSet, acc: &mut [ShowdownTally]) {
    let ev = Evaluator::get();
    let base = IncrementalHand::of(board);
    let cards: Vec<u32> = super::outlook::unseen(board);
    let mut items: Vec<u32> = Vec::with_capacity(1081);
    for (i, &a) in cards.iter().enumerate() {
        let ha = base.with(a);
        for &b in &cards[i + 1..] {
            let r = ev.rank_hand(ha.with(b)).0 as u32;
            items.push(r << 12 | (number(a) as u32) << 6 | number(b) as u32);
        }
    }
    items.sort_unstable();
    let n = cards.len();
    let villains = ((n - 2) * (n - 3) / 2) as u64;
    let mut below_total = 0u64;
    let mut below = [0u64; 52];
    let mut group = [0u64; 52];
    let mut start = 0;
    while start < items.len() {
        let rank = items[start] >> 12;
        let end = start + items[start..].partition_point(|&x| x >> 12 == rank);
        let split = |x: u32| (((x >> 6) & 63) as usize, (x & 63) as usize);
        for &x in &items[start..end] {
            let (a, b) = split(x);
            group[a] += 1;
            group[b] += 1;
        }
        let size = (end - start) as u64;
        for &x in &items[start..end] {
            let (a, b) = split(x);
            let t = &mut acc[combo_index(a, b)];
            t.wins += below_total - below[a] - below[b];
            t.ties += size + 1 - group[a] - group[b];
            t.showdowns += villains;
        }
        for &x in &items[start..end] {
            let (a, b) = split(x);
            below[a] += group[a];
            below[b] += group[b];
            group[a] = 0;
            group[b] = 0;
        }
        below_total += size;
        start = end;
    }
}

/// The exact tallies of all 1326 holdings (per combo index) over every board, on all cores.
pub fn exact_combo_tallies() -> Vec<ShowdownTally> {
    let deck: Vec<u32> = super::outlook::unseen(CardSet::EMPTY);
    let firsts: Vec<(usize, usize)> = (0..52)
        .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
        .collect();
    firsts
        .par_iter()
        .fold(
            || vec![ShowdownTally::default(); 1326],
            |mut acc, &(a, b)| {
                let ab = (1u64 << deck[a]) | (1u64 << deck[b]);
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let board = ab | 1 << deck[c] | 1 << deck[d] | 1 << deck[e];
                            tally_board(CardSet(board), &mut acc);
                        }
                    }
                }
                acc
            },
        )
        .reduce(
            || vec![ShowdownTally::default(); 1326],
            |mut x, y| {
                for (t, u) in x.iter_mut().zip(&y) {
                    t.add(u);
                }
                x
            },
        )
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
         # Generated by `cargo run --release --features gen-tables --bin gen-tables -- preflop`; do not edit.\n\
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
