//! Range against range before the flop with dead cards, exactly (reference §12.11): the
//! table's counts over every board of the 48 cards a matchup leaves, less the boards that
//! hold a dead card, counted by inclusion and exclusion over the dead cards.
//!
//! With dead cards D, the boards that miss D are, for every subset S of D, (-1)^|S| times the
//! boards that hold S (S empty: every board, the matchup table). A board holding S is S and
//! 5 - |S| of the other cards, so each term is a postflop enumeration on the partial board S
//! ([`range_equity::enumerate`]); subsets of more than five cards hold no board. With one dead
//! card that is C(47, 4) = 178,365 boards instead of C(47, 5) = 1,533,939.

use super::range_equity::{self, RangeEquity, Tally, Ticker};
use crate::cards::range::Holding;
use crate::cards::CardSet;

/// The subsets of `dead` that some board can hold (1 to 5 cards), each with its sign.
fn terms(dead: CardSet) -> Vec<(CardSet, f64)> {
    let cards: Vec<CardSet> = dead.cards().map(|c| c.set()).collect();
    let mut out = Vec::new();
    let mut grow = vec![(CardSet::EMPTY, 0usize)];
    while let Some((set, from)) = grow.pop() {
        for (i, &c) in cards.iter().enumerate().skip(from) {
            let next = set.union(c);
            let sign = if next.len() % 2 == 1 { -1.0 } else { 1.0 };
            out.push((next, sign));
            if next.len() < 5 {
                grow.push((next, i + 1));
            }
        }
    }
    out
}

/// The work (boards x pairs of holdings) of [`with_dead`].
pub fn work(hero: usize, villain: usize, dead: CardSet) -> f64 {
    terms(dead)
        .iter()
        .map(|(s, _)| range_equity::work(hero, villain, *s, CardSet::EMPTY))
        .sum()
}

/// Whether [`with_dead`] is cheaper than enumerating the boards that miss `dead` directly.
pub fn cheaper(hero: usize, villain: usize, dead: CardSet) -> bool {
    work(hero, villain, dead) < range_equity::work(hero, villain, CardSet::EMPTY, dead)
}

/// Both sides' tallies before the flop over every board that misses `dead`; holdings must
/// already miss the dead cards.
pub fn with_dead(hero: &[Holding], villain: &[Holding], dead: CardSet) -> RangeEquity {
    with_dead_ticked(hero, villain, dead, &mut Ticker::silent())
}

/// The run-outs [`with_dead`] enumerates: those of every term's partial board.
pub fn boards(dead: CardSet) -> u64 {
    terms(dead)
        .iter()
        .map(|(s, _)| range_equity::boards(*s, CardSet::EMPTY))
        .sum()
}

/// [`with_dead`], ticking `ticker` once per run-out of each term.
pub fn with_dead_ticked(
    hero: &[Holding],
    villain: &[Holding],
    dead: CardSet,
    ticker: &mut Ticker<'_>,
) -> RangeEquity {
    let mut out = range_equity::preflop(hero, villain);
    for (subset, sign) in terms(dead) {
        let part = range_equity::enumerate_ticked(hero, villain, subset, CardSet::EMPTY, ticker);
        add(&mut out.hero, &part.hero, sign);
        add(&mut out.villain, &part.villain, sign);
    }
    out
}

fn add(to: &mut [Tally], from: &[Tally], sign: f64) {
    for (t, f) in to.iter_mut().zip(from) {
        t.wins += sign * f.wins;
        t.ties += sign * f.ties;
        t.all += sign * f.all;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::hole::HoleClassSet;
    use crate::cards::query::CardQuery;
    use crate::cards::range::WeightedRange;

    /// The holdings of a range of `|`-separated card queries that miss `dead`.
    fn live(text: &str, dead: CardSet) -> Vec<Holding> {
        let classes = text
            .split('|')
            .map(|q| CardQuery::parse(q.trim()).unwrap().classes)
            .fold(HoleClassSet::EMPTY, |a, b| a.union(&b));
        WeightedRange::plain(classes).holdings(dead)
    }

    #[test]
    fn terms_are_the_subsets_up_to_five_cards_with_their_signs() {
        let dead: CardSet = "2c3d4h5s6c7d".parse().unwrap();
        let t = terms(dead);
        // C(6,1) + ... + C(6,5) = 62.
        assert_eq!(t.len(), 62);
        assert_eq!(t.iter().filter(|(s, _)| s.len() == 1).count(), 6);
        assert!(t
            .iter()
            .all(|(s, x)| *x == if s.len() % 2 == 1 { -1.0 } else { 1.0 }));
    }

    /// The correction equals the direct enumeration of the boards that miss the dead cards,
    /// to the last count (both are sums of whole numbers here).
    #[test]
    fn dead_cards_by_inclusion_and_exclusion_equal_the_direct_count() {
        let dead: CardSet = "2c7d9h3s".parse().unwrap();
        let (h, v) = (live("AKs | 22", dead), live("QJo | T9s", dead));
        let direct = range_equity::enumerate(&h, &v, CardSet::EMPTY, dead);
        assert_eq!(with_dead(&h, &v, dead), direct);
    }
}
