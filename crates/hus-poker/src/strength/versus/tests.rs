use super::*;
use crate::cards::hole::HoleClass;
use crate::cards::query::CardQuery;
use crate::strength::outlook;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn range(text: &str) -> HoleClassSet {
    text.split('|')
        .map(|q| CardQuery::parse(q.trim()).unwrap().classes)
        .fold(HoleClassSet::EMPTY, |a, b| a.union(&b))
}

#[test]
fn the_known_cards_remove_holdings() {
    // K♣ on the board leaves three of KK's six holdings, A♥A♦ in the hand one of AA's.
    let (hole, board) = (cards("Ah Ad"), cards("Kc 8d 5s"));
    assert_eq!(live_holdings(&range("KK"), hole.union(board)).len(), 3);
    assert_eq!(live_holdings(&range("AA"), hole.union(board)).len(), 1);
    assert_eq!(live_holdings(&range("AK"), hole.union(board)).len(), 6);
    // Every holding of the range shares a card with the hero or the board: nothing is left.
    assert_eq!(
        showdown_now(cards("Ah Ad"), cards("As 8d 5s"), &range("AA")),
        None
    );
    assert_eq!(
        versus(cards("Ah Ad"), cards("As 8d 5s"), &range("AA")),
        None
    );
}

#[test]
fn aces_against_sets_and_overpairs_counted_by_hand() {
    // A♥A♦ on K♣ 8♦ 5♠ 3♥ 2♣ against KK (3 holdings, each a set) and 88 (3, each a set):
    // behind all six; against QQ (6 holdings), ahead of all.
    let (hole, river) = (cards("Ah Ad"), cards("Kc 8d 5s 3h 2c"));
    assert_eq!(
        showdown_now(hole, river, &range("KK | 88")),
        Some([0, 0, 6])
    );
    assert_eq!(showdown_now(hole, river, &range("QQ")), Some([6, 0, 0]));
    // AA: the one holding left (A♣A♠) ties.
    assert_eq!(showdown_now(hole, river, &range("AA")), Some([0, 1, 0]));
}

#[test]
fn a_turn_outlook_counted_by_hand() {
    // 9♥9♦ (a set) on A♣ 9♠ 4♥ 2♦ against AA: three holdings left (A♣ is on the board), each
    // a higher set. Of the 44 rivers a holding leaves, only 9♣ (quads) puts the hero ahead; a
    // paired board fills both, the aces higher.
    let (hole, turn) = (cards("9h 9d"), cards("Ac 9s 4h 2d"));
    let o = versus(hole, turn, &range("AA")).unwrap();
    assert_eq!(o.hp[BEHIND], [3, 0, 3 * 43]);
    assert_eq!(o.total(AHEAD) + o.total(TIED), 0);
    assert_eq!(o.equity(), 3.0 / (3.0 * 44.0));
}

#[test]
fn every_hand_as_the_range_is_the_random_hand() {
    let all = HoleClassSet::ALL;
    for (hole, flop) in [
        ("Ad Qc", "3h 4c Jh"),
        ("7s 6s", "5s 8s As"),
        ("2c 2d", "Kh Kd 2h"),
    ] {
        let (hole, flop) = (cards(hole), cards(flop));
        assert_eq!(versus(hole, flop, &all), Some(outlook::flop(hole, flop)));
        let turn = flop.union(cards("Ts"));
        assert_eq!(versus(hole, turn, &all), Some(outlook::turn(hole, turn)));
    }
}

/// A random range of `size` classes, and a random hole and board of `board` cards.
fn random_case(rng: &mut impl Rng, size: usize, board: usize) -> (HoleClassSet, CardSet, CardSet) {
    let mut deck = outlook::unseen(CardSet::EMPTY);
    deck.shuffle(rng);
    let set = |c: &[u32]| CardSet(c.iter().fold(0, |m, &b| m | 1 << b));
    let mut classes: Vec<usize> = (0..169).collect();
    classes.shuffle(rng);
    let range = classes[..size]
        .iter()
        .map(|&i| HoleClass::from_index(i))
        .collect();
    (range, set(&deck[..2]), set(&deck[2..2 + board]))
}

fn ranges_match_the_reference(n: usize, seed: u64, largest: usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for i in 0..n {
        let size = rng.random_range(1..=largest);
        let board = if i % 3 == 2 { 4 } else { 3 };
        let (range, hole, board) = random_case(&mut rng, size, board);
        assert_eq!(
            versus(hole, board, &range),
            versus_reference(hole, board, &range),
            "case {i}: hole {hole:?} board {board:?} range {range:?}"
        );
    }
}

#[test]
fn range_outlooks_match_the_straightforward_enumeration() {
    ranges_match_the_reference(40, 7, 12);
}

/// The full check: 1,000 random (range, board) pairs with ranges up to half the classes;
/// two seconds in a release build (`cargo test --release --lib -- --ignored range_outlooks`).
#[test]
#[ignore]
fn range_outlooks_match_on_a_thousand_random_pairs() {
    ranges_match_the_reference(1000, 2017, 85);
}

#[test]
fn monotone_and_paired_boards_match_the_reference() {
    let r = range("22+ | A2s+ | K9s+ | QTs+ | JTs | ATo+ | KJo+");
    for (hole, board) in [
        ("7s 6s", "5s 8s As"),
        ("Ah Kd", "2h 7h 9h"),
        ("Qc Qd", "Qh 2h 2s"),
        ("Ah Kd", "2h 7h 9h Th"),
    ] {
        let (hole, board) = (cards(hole), cards(board));
        assert_eq!(versus(hole, board, &r), versus_reference(hole, board, &r));
    }
}

#[test]
fn portable_range_outlooks_match_the_reference() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
    for i in 0..20 {
        let size = rng.random_range(1..=85);
        let (range, hole, board) = random_case(&mut rng, size, 3);
        let live = live_holdings(&range, hole.union(board));
        if live.is_empty() {
            continue;
        }
        assert_eq!(
            Some(outlook::range_flop_portable(hole, board, &live)),
            versus_reference(hole, board, &range),
            "case {i}: hole {hole:?} board {board:?} range {range:?}"
        );
    }
}
