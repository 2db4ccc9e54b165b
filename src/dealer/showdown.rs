//! Showdown strength of seven cards (a stand-in until the shared evaluator of
//! `crate::strength` lands; the dealer switches to it then).

use crate::cards::{CardSet, Suit};

/// A number that orders hands: higher is better, equal is a split. The category sits in
/// bits 20.., then up to five ranks of 4 bits each, most significant first.
pub fn rank7(cards: CardSet) -> u32 {
    const STRAIGHT_FLUSH: u32 = 8;
    const QUADS: u32 = 7;
    const FULL_HOUSE: u32 = 6;
    const FLUSH: u32 = 5;
    const STRAIGHT: u32 = 4;
    const TRIPS: u32 = 3;
    const TWO_PAIR: u32 = 2;
    const PAIR: u32 = 1;
    let value = |cat: u32, ranks: &[u32]| {
        let mut v = cat;
        for i in 0..5 {
            v = v << 4 | ranks.get(i).copied().unwrap_or(0);
        }
        v
    };
    let top = |mask: u16, n: usize| -> Vec<u32> {
        (0..13u32).rev().filter(|r| mask & (1 << r) != 0).take(n).collect()
    };
    for suit in Suit::ALL {
        let m = cards.suit_mask(suit);
        if m.count_ones() >= 5 {
            if let Some(high) = straight_high(m) {
                return value(STRAIGHT_FLUSH, &[high]);
            }
            // Quads and full houses cannot coexist with a flush in seven cards.
            return value(FLUSH, &top(m, 5));
        }
    }
    let mut count = [0u8; 13];
    for suit in Suit::ALL {
        let m = cards.suit_mask(suit);
        for (r, c) in count.iter_mut().enumerate() {
            *c += (m >> r & 1) as u8;
        }
    }
    let ranks = cards.rank_mask();
    let with = |n: u8| -> Vec<u32> { (0..13u32).rev().filter(|&r| count[r as usize] == n).collect() };
    let (quads, trips, pairs) = (with(4), with(3), with(2));
    let without = |used: &[u32]| used.iter().fold(ranks, |m, &r| m & !(1 << r));
    if let Some(&q) = quads.first() {
        return value(QUADS, &[q, top(without(&[q]), 1)[0]]);
    }
    if let Some(&t) = trips.first() {
        let pair = trips.get(1).copied().into_iter().chain(pairs.first().copied()).max();
        if let Some(p) = pair {
            return value(FULL_HOUSE, &[t, p]);
        }
    }
    if let Some(high) = straight_high(ranks) {
        return value(STRAIGHT, &[high]);
    }
    if let Some(&t) = trips.first() {
        let mut v = vec![t];
        v.extend(top(without(&[t]), 2));
        return value(TRIPS, &v);
    }
    if pairs.len() >= 2 {
        let (a, b) = (pairs[0], pairs[1]);
        let mut v = vec![a, b];
        v.extend(top(without(&[a, b]), 1));
        return value(TWO_PAIR, &v);
    }
    if let Some(&p) = pairs.first() {
        let mut v = vec![p];
        v.extend(top(without(&[p]), 3));
        return value(PAIR, &v);
    }
    value(0, &top(ranks, 5))
}

/// The high rank of the best straight in a 13-bit rank mask (the wheel's high card is the five).
fn straight_high(mask: u16) -> Option<u32> {
    // Bit 0 = the ace played low, bit r + 1 = rank r.
    let m = (mask as u32) << 1 | (mask as u32 >> 12 & 1);
    let s = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
    (s != 0).then(|| 31 - s.leading_zeros() + 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    fn set(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| {
                let (r, su) = c.split_at(1);
                Card::from_xml(r, su).unwrap()
            })
            .collect()
    }

    #[test]
    fn categories_order() {
        let hands = [
            "2h 3d 5c 7s 9h Jd Kc",   // high card
            "2h 2d 5c 7s 9h Jd Kc",   // pair
            "2h 2d 5c 5s 9h Jd Kc",   // two pair
            "2h 2d 2c 7s 9h Jd Kc",   // trips
            "Ah 2d 3c 4s 5h Jd Kc",   // wheel
            "6h 2d 3c 4s 5h Jd Kc",   // six-high straight
            "2h 4h 6h 8h Th Jd Kc",   // flush
            "2h 2d 2c 7s 7h Jd Kc",   // full house
            "2h 2d 2c 2s 9h Jd Kc",   // quads
            "Ah 2h 3h 4h 5h Jd Kc",   // steel wheel
            "Ah Kh Qh Jh Th Jd Kc",   // royal
        ];
        let v: Vec<u32> = hands.iter().map(|h| rank7(set(h))).collect();
        for w in v.windows(2) {
            assert!(w[0] < w[1], "{v:?}");
        }
    }

    #[test]
    fn kickers_and_splits() {
        // Two pair: the third pair's rank can be the kicker.
        assert!(rank7(set("Ah Ad Kc Ks 2h 2d 5c")) < rank7(set("Ah Ad Kc Ks 3h 3d 6c")));
        assert_eq!(rank7(set("Ah Ad Kc Ks Qh 2d 3c")), rank7(set("As Ac Kh Kd Qc 4d 5c")));
        // Board plays: a split.
        assert_eq!(rank7(set("2h 3d Ts Js Qs Ks As")), rank7(set("4h 5d Ts Js Qs Ks As")));
        // Full house from two sets takes the higher set as trips.
        assert!(rank7(set("9h 9d 9c 8h 8d 8c 2s")) > rank7(set("8h 8d 8c 9h 9d 2c 3s")));
    }
}
