//! The value of the best five cards among five to seven, for the predicates that compare the
//! hero's hand with the board's (`boardPlays`): bit arithmetic on the rank masks, so the card
//! layer needs no evaluator. Only the order matters: a higher value is a better hand, equal
//! values tie (as the evaluator in `strength` ranks them).

use std::iter::once;

use super::{CardSet, Suit};

/// The best five cards' category (high card 0 ... straight flush 8) in bits 20 and up, the
/// ranks that break ties below it, four bits each, the most important first.
pub fn best_five(set: CardSet) -> u32 {
    let ranks = set.rank_mask();
    let flush = Suit::ALL
        .iter()
        .map(|&s| set.suit_mask(s))
        .find(|m| m.count_ones() >= 5);
    if let Some(top) = flush.and_then(straight_top) {
        return value(8, [top]);
    }
    let [h, d, c, s] = Suit::ALL.map(|suit| set.suit_mask(suit));
    let ge2 = (h & d) | (c & s) | ((h | d) & (c | s));
    let ge3 = (h & d & (c | s)) | (c & s & (h | d));
    let ge4 = h & d & c & s;
    if ge4 != 0 {
        let quads = top_rank(ge4);
        return value(7, [quads, top_rank(ranks & !bit(quads))]);
    }
    if ge3 != 0 {
        let trips = top_rank(ge3);
        let pair = ge2 & !bit(trips);
        if pair != 0 {
            return value(6, [trips, top_rank(pair)]);
        }
    }
    if let Some(suited) = flush {
        return value(5, top_ranks(suited, 5));
    }
    if let Some(top) = straight_top(ranks) {
        return value(4, [top]);
    }
    if ge3 != 0 {
        let trips = top_rank(ge3);
        return value(3, once(trips).chain(top_ranks(ranks & !bit(trips), 2)));
    }
    if ge2.count_ones() >= 2 {
        let high = top_rank(ge2);
        let low = top_rank(ge2 & !bit(high));
        let kicker = top_rank(ranks & !bit(high) & !bit(low));
        return value(2, [high, low, kicker]);
    }
    if ge2 != 0 {
        let pair = top_rank(ge2);
        return value(1, once(pair).chain(top_ranks(ranks & !bit(pair), 3)));
    }
    value(0, top_ranks(ranks, 5))
}

/// The category and tie-breaking ranks packed into one number.
fn value(category: u32, ranks: impl IntoIterator<Item = u32>) -> u32 {
    let mut v = category << 20;
    for (i, r) in ranks.into_iter().enumerate() {
        v |= r << (16 - 4 * i);
    }
    v
}

fn bit(rank: u32) -> u16 {
    1 << rank
}

/// The highest rank of a mask (0 for an empty mask, which callers rule out or do not mind).
fn top_rank(mask: u16) -> u32 {
    15u32.saturating_sub(mask.leading_zeros())
}

/// The `n` highest ranks of a mask, highest first.
fn top_ranks(mut mask: u16, n: usize) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let r = top_rank(mask);
            mask &= !bit(r);
            r
        })
    })
    .take(n)
}

/// The top card of the highest straight in a rank mask (the five-high straight: 3, the rank
/// of the five), if there is one.
fn straight_top(ranks: u16) -> Option<u32> {
    // Bit 0 the ace as a one, bit r + 1 rank r.
    let x = (ranks << 1) | ((ranks >> 12) & 1);
    let starts = x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4);
    // A run starting at bit i of `x` ends at rank i + 3.
    (starts != 0).then(|| top_rank(starts) + 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    fn random_set(rng: &mut impl rand::Rng, n: usize, deck: &mut [u32]) -> CardSet {
        for i in 0..n {
            let j = rng.random_range(i..deck.len());
            deck.swap(i, j);
        }
        let mut set = CardSet::EMPTY;
        for &i in &deck[..n] {
            set.0 |= 1u64 << (16 * (i / 13) + i % 13);
        }
        set
    }

    /// The order of hands is the evaluator's, on random five-, six- and seven-card hands and
    /// on ones from a small deck (so pairs, trips and flushes are common).
    #[test]
    fn orders_hands_as_the_evaluator_does() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for round in 0..20_000 {
            let mut deck: Vec<u32> = if round % 2 == 0 {
                (0..52).collect()
            } else {
                let low = rng.random_range(0..8u32);
                (0..26).map(|i| 13 * (i / 13) + low + i % 13 % 6).collect()
            };
            deck.sort();
            deck.dedup();
            let (na, nb) = (rng.random_range(5..8usize), rng.random_range(5..8usize));
            let a = random_set(&mut rng, na.min(deck.len()), &mut deck);
            let b = random_set(&mut rng, nb.min(deck.len()), &mut deck);
            let want = crate::strength::evaluate(a).cmp(&crate::strength::evaluate(b));
            assert_eq!(best_five(a).cmp(&best_five(b)), want, "{a:?} {b:?}");
        }
    }

    #[test]
    fn the_wheel_is_the_lowest_straight() {
        let wheel: CardSet = "Ah2d3c4s5h".parse().unwrap();
        let six_high: CardSet = "2d3c4s5h6h".parse().unwrap();
        assert_eq!(best_five(wheel), value(4, [3]));
        assert!(best_five(wheel) < best_five(six_high));
    }
}
