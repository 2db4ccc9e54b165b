//! A slow, obviously correct evaluator for tests: the best of every five-card subset, each
//! scored as (category, ranks that break ties in order).

use super::Category;
use crate::cards::{Card, CardSet};

/// A comparable score: category first, then tie-breaking ranks, highest first.
pub type Score = (Category, Vec<u8>);

/// The best score of any five of the cards (all of them if fewer than five).
pub fn best(cards: CardSet) -> Score {
    let cs: Vec<Card> = cards.cards().collect();
    if cs.len() <= 5 {
        return score(&cs);
    }
    let n = cs.len();
    let mut best: Option<Score> = None;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cs[i])
            .collect();
        let s = score(&five);
        if best.as_ref().is_none_or(|b| s > *b) {
            best = Some(s);
        }
    }
    best.unwrap()
}

/// The score of one hand of at most five cards, by the textbook rules.
pub fn score(cards: &[Card]) -> Score {
    let mut count = [0u8; 13];
    for c in cards {
        count[c.rank.0 as usize] += 1;
    }
    // Ranks ordered by (multiplicity, rank), highest first.
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| count[r as usize] > 0)
        .map(|r| (count[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let ranks: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let five = cards.len() == 5;
    let flush = five && cards.iter().all(|c| c.suit == cards[0].suit);
    let straight_high = if five && shape.len() == 5 {
        if ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    let cat = match (straight_high, flush, shape.as_slice()) {
        (Some(_), true, _) => Category::StraightFlush,
        (_, _, [4, ..]) => Category::FourOfAKind,
        (_, _, [3, 2]) => Category::FullHouse,
        (_, true, _) => Category::Flush,
        (Some(_), _, _) => Category::Straight,
        (_, _, [3, ..]) => Category::ThreeOfAKind,
        (_, _, [2, 2, ..]) => Category::TwoPair,
        (_, _, [2, ..]) => Category::Pair,
        _ => Category::HighCard,
    };
    match straight_high {
        Some(h) if matches!(cat, Category::Straight | Category::StraightFlush) => (cat, vec![h]),
        _ => (cat, ranks),
    }
}
