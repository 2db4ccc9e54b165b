//! `hus equity` and `hus range` against a brute force of this module's own: ranges expanded by a
//! small reader written here (not the library's parser), filters and made hands decided from the
//! reference's definitions (§3, §12.10) on the `pokers` crate's hand ranks, every board dealt
//! and ranked by `pokers`. The checks are slow in a debug build and `#[ignore]`d; each says how
//! to run it.

mod classify;
mod equity_spots;
mod expand;
mod range_spots;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A card as the library numbers it: `suit * 16 + rank`, rank 0 the deuce, suits h, d, c, s.
pub(super) fn card(rank: u32, suit: u32) -> u32 {
    suit * 16 + rank
}

pub(super) fn rank(c: u32) -> u32 {
    c % 16
}

pub(super) fn suit(c: u32) -> u32 {
    c / 16
}

/// The 52 cards.
pub(super) fn deck() -> Vec<u32> {
    (0..4)
        .flat_map(|s| (0..13).map(move |r| card(r, s)))
        .collect()
}

/// The cards of a mask.
pub(super) fn cards_of(mut mask: u64) -> Vec<u32> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        out.push(mask.trailing_zeros());
        mask &= mask - 1;
    }
    out
}

/// The `pokers` hand of these cards, ready to rank.
pub(super) fn hand(mask: u64) -> pokers::Hand {
    cards_of(mask)
        .into_iter()
        .fold(pokers::Hand::default(), |h, x| {
            h + pokers::CARDS[(4 * rank(x) + suit(x)) as usize]
        })
}

/// These cards alone, to add to a [`hand`]: `pokers`' default hand carries the suit
/// counters' offsets, which must be added once.
pub(super) fn cards(mask: u64) -> pokers::Hand {
    let mut c = cards_of(mask).into_iter();
    let x = c.next().expect("a card");
    let first = pokers::CARDS[(4 * rank(x) + suit(x)) as usize];
    c.fold(first, |h, x| {
        h + pokers::CARDS[(4 * rank(x) + suit(x)) as usize]
    })
}

/// The rank `pokers` gives the best five of these cards (higher is better).
pub(super) fn eval(mask: u64) -> u16 {
    hand(mask).evaluate()
}

/// Calls `f` with every set of `k` cards of `deck`, as a mask added to `base`.
pub(super) fn subsets(deck: &[u32], k: usize, base: u64, f: &mut impl FnMut(u64)) {
    fn go(deck: &[u32], k: usize, from: usize, mask: u64, f: &mut impl FnMut(u64)) {
        if k == 0 {
            return f(mask);
        }
        for i in from..=deck.len() - k {
            go(deck, k - 1, i + 1, mask | 1 << deck[i], f);
        }
    }
    go(deck, k, 0, base, f)
}

/// `n` distinct cards of the deck not in `taken`, as a mask.
pub(super) fn deal(rng: &mut ChaCha8Rng, n: usize, taken: u64) -> u64 {
    let mut left: Vec<u32> = deck()
        .into_iter()
        .filter(|&c| taken >> c & 1 == 0)
        .collect();
    (0..n).fold(0, |m, _| {
        m | 1 << left.swap_remove(rng.random_range(0..left.len()))
    })
}

/// The cards as the options take them (`Kh8s4d`).
pub(super) fn text(mask: u64) -> String {
    cards_of(mask)
        .into_iter()
        .map(|c| {
            let r = b"23456789TJQKA"[rank(c) as usize] as char;
            let s = b"hdcs"[suit(c) as usize] as char;
            format!("{r}{s}")
        })
        .collect()
}

/// A percentage as `hus` prints it (three decimals).
pub(super) fn pct(x: f64) -> String {
    format!("{:.3}%", 100.0 * x)
}

/// Combos as `hus` prints them: whole, else two decimals.
pub(super) fn combos(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

pub(super) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[test]
fn the_card_numbering_is_the_librarys() {
    use crate::cards::CardSet;
    let set = |s: &str| s.parse::<CardSet>().unwrap().0;
    assert_eq!(set("2h"), 1 << card(0, 0));
    assert_eq!(set("As"), 1 << card(12, 3));
    assert_eq!(set("Td"), 1 << card(8, 1));
    assert_eq!(set("5c"), 1 << card(3, 2));
    assert_eq!(text(set("Kh8s4d")), "Kh4d8s");
}
