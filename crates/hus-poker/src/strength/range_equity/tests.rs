//! Range against range checked against a brute force on the `pokers` crate's evaluator (an
//! independent implementation): every (hero holding, villain holding, run-out) triple.

use super::*;
use crate::cards::hole::HoleClassSet;
use crate::cards::query::CardQuery;
use crate::cards::range::WeightedRange;
use rand::{RngExt, SeedableRng};

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn holdings(text: &str, dead: CardSet) -> Vec<Holding> {
    text.split('|')
        .map(|item| {
            let (q, w) = item.trim().split_once(':').unwrap_or((item.trim(), "1"));
            let classes = CardQuery::parse(q).unwrap().classes;
            WeightedRange::weighted(classes, w.parse().unwrap())
        })
        .fold(WeightedRange::plain(HoleClassSet::EMPTY), |a, b| {
            a.union(&b)
        })
        .holdings(dead)
}

fn to_pokers(cards: CardSet) -> pokers::Hand {
    const SUIT: [usize; 4] = [1, 3, 2, 0];
    let mut h = pokers::Hand::default();
    let mut x = cards.0;
    while x != 0 {
        let i = x.trailing_zeros() as usize;
        h += pokers::CARDS[4 * (i % 16) + SUIT[i / 16]];
        x &= x - 1;
    }
    h
}

/// The hero's (wins + ties/2, all), weighted, by the definition with the other evaluator.
fn brute(hero: &[Holding], villain: &[Holding], board: CardSet, dead: CardSet) -> (f64, f64) {
    let deck: Vec<u32> = (0..64)
        .filter(|&i| DECK_MASK >> i & 1 == 1 && (board.0 | dead.0) >> i & 1 == 0)
        .collect();
    let k = 5 - board.len() as usize;
    let (mut num, mut den) = (0.0, 0.0);
    for h in hero {
        for v in villain {
            if h.set().0 & v.set().0 != 0 {
                continue;
            }
            let rest: Vec<u32> = deck
                .iter()
                .copied()
                .filter(|&c| (h.set().0 | v.set().0) >> c & 1 == 0)
                .collect();
            let mut run = |extra: u64| {
                let full = board.0 | extra;
                let a = to_pokers(CardSet(full | h.set().0)).evaluate();
                let b = to_pokers(CardSet(full | v.set().0)).evaluate();
                let w = h.weight * v.weight;
                den += w;
                num += w * match a.cmp(&b) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            };
            match k {
                0 => run(0),
                1 => rest.iter().for_each(|&c| run(1 << c)),
                2 => {
                    for (i, &c) in rest.iter().enumerate() {
                        for &d in &rest[i + 1..] {
                            run(1 << c | 1 << d);
                        }
                    }
                }
                _ => unreachable!("the brute force runs from the flop on"),
            }
        }
    }
    (num, den)
}

fn check(hero: &str, villain: &str, board: &str, dead: &str) {
    let dead = if dead.is_empty() {
        CardSet::EMPTY
    } else {
        cards(dead)
    };
    check_sets(hero, villain, cards(board), dead)
}

fn check_sets(hero: &str, villain: &str, board: CardSet, dead: CardSet) {
    let known = board.union(dead);
    let (h, v) = (holdings(hero, known), holdings(villain, known));
    let got = enumerate(&h, &v, board, dead);
    let total = RangeEquity::total(&got.hero, &h);
    let (num, den) = brute(&h, &v, board, dead);
    assert!(
        (total.all - den).abs() < 1e-6,
        "{hero} v {villain} on {board:?}: all {} against {den}",
        total.all
    );
    assert!(
        (total.equity() - num / den).abs() < 1e-12,
        "{hero} v {villain} on {board:?}: {} against {}",
        total.equity(),
        num / den
    );
    // The villain's side is the hero's complement.
    let vt = RangeEquity::total(&got.villain, &v);
    assert!((vt.equity() + total.equity() - 1.0).abs() < 1e-12);
}

#[test]
fn hand_against_hand_on_every_street() {
    check("AKs", "QQ", "Kh 8s 4d", "");
    check("AKs", "QQ", "Kh 8s 4d 2c", "");
    check("AKs", "QQ", "Kh 8s 4d 2c 9h", "");
}

#[test]
fn weighted_ranges_with_dead_cards() {
    check(
        "QQ+ | AK:0.5",
        "22-66 | A5s-A2s:0.25 | KQ",
        "Kh 8h 4d",
        "2c 3c",
    );
}

#[test]
fn random_ranges_on_random_flops() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let classes: Vec<String> = crate::cards::hole::HoleClass::all()
        .map(|c| c.name())
        .collect();
    for _ in 0..6 {
        let pick = |rng: &mut rand_chacha::ChaCha8Rng| -> String {
            (0..4)
                .map(|_| {
                    let c = &classes[rng.random_range(0..classes.len())];
                    if rng.random_range(0..3) == 0 {
                        format!("{c}:0.5")
                    } else {
                        c.clone()
                    }
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let (h, v) = (pick(&mut rng), pick(&mut rng));
        let mut deck: Vec<u32> = (0..64).filter(|&i| DECK_MASK >> i & 1 == 1).collect();
        let mut board = CardSet::EMPTY;
        for _ in 0..3 {
            let c = deck.swap_remove(rng.random_range(0..deck.len()));
            board = board.union(CardSet(1 << c));
        }
        check_sets(&h, &v, board, CardSet::EMPTY);
    }
}

#[test]
fn before_the_flop_the_table_gives_what_enumeration_counts() {
    // One holding of AKs at weight 0.5 against two of QQ: every board enumerated.
    let h = holdings("AKs:0.5", CardSet::EMPTY)[..1].to_vec();
    let v = holdings("QQ", CardSet::EMPTY)
        .into_iter()
        .take(2)
        .collect::<Vec<_>>();
    let table = preflop(&h, &v);
    let counted = enumerate(&h, &v, CardSet::EMPTY, CardSet::EMPTY);
    for (a, b) in table.hero.iter().zip(&counted.hero) {
        assert_eq!(a, b);
    }
    for (a, b) in table.villain.iter().zip(&counted.villain) {
        assert_eq!(a, b);
    }
}

/// 100 random spots, half before the flop, through the exact count `hus equity` prints: every
/// percentage (win, tie, equity of each player, to three decimals) equals the brute force's on
/// the `pokers` evaluator. Slow in a debug build: `cargo test -p hus-poker --release --
/// --ignored hus_equity_agrees_with_an_independent_brute_force`.
#[test]
#[ignore]
fn hus_equity_agrees_with_an_independent_brute_force() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let classes: Vec<String> = crate::cards::hole::HoleClass::all()
        .map(|c| c.name())
        .collect();
    for spot in 0..100 {
        let (h, v, board, _) = random_spot(&mut rng, &classes, spot);
        let (hh, vv) = (holdings(&h, board), holdings(&v, board));
        if hh.is_empty() || vv.is_empty() {
            continue;
        }
        let got = enumerate(&hh, &vv, board, CardSet::EMPTY);
        let (hero, villain) = (
            RangeEquity::total(&got.hero, &hh),
            RangeEquity::total(&got.villain, &vv),
        );
        let (num, den) = brute_full(&hh, &vv, board);
        let pct = |x: f64| format!("{:.3}", 100.0 * x);
        let [win, tie] = num;
        assert_eq!(
            pct(hero.wins / hero.all),
            pct(win / den),
            "spot {spot}: {h} v {v}"
        );
        assert_eq!(pct(hero.ties / hero.all), pct(tie / den), "spot {spot}");
        assert_eq!(
            pct(hero.equity()),
            pct((win + tie / 2.0) / den),
            "spot {spot}"
        );
        let lose = den - win - tie;
        assert_eq!(
            pct(villain.equity()),
            pct((lose + tie / 2.0) / den),
            "spot {spot}"
        );
    }
}

/// Spot `spot` of the hundred: one class a side before the flop (the first 50), four after it
/// on a random flop, turn or river, a third of the classes at weight 0.5; the hero's range,
/// the villain's, the board and its size.
fn random_spot(
    rng: &mut rand_chacha::ChaCha8Rng,
    classes: &[String],
    spot: usize,
) -> (String, String, CardSet, usize) {
    let preflop = spot < 50;
    let size = if preflop { 1 } else { 4 };
    let pick = |rng: &mut rand_chacha::ChaCha8Rng| -> String {
        (0..size)
            .map(|_| {
                let c = &classes[rng.random_range(0..classes.len())];
                match rng.random_range(0..3) {
                    0 => format!("{c}:0.5"),
                    _ => c.clone(),
                }
            })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let mut deck: Vec<u32> = (0..64).filter(|&i| DECK_MASK >> i & 1 == 1).collect();
    let mut board = CardSet::EMPTY;
    let n = if preflop {
        0
    } else {
        [3, 4, 5][rng.random_range(0..3)]
    };
    for _ in 0..n {
        let c = deck.swap_remove(rng.random_range(0..deck.len()));
        board = board.union(CardSet(1 << c));
    }
    let (h, v) = (pick(rng), pick(rng));
    (h, v, board, n)
}

/// Every tally of both sides, bit for bit.
fn assert_same_bits(a: &RangeEquity, b: &RangeEquity, what: &str) {
    let bits = |r: &RangeEquity| -> Vec<[u64; 3]> {
        r.hero
            .iter()
            .chain(&r.villain)
            .map(|t| [t.wins.to_bits(), t.ties.to_bits(), t.all.to_bits()])
            .collect()
    };
    assert_eq!(bits(a), bits(b), "{what}");
}

/// The per-board count against the pair-by-pair one on `hus equity`'s holdings of two ranges.
fn check_by_board(hero: &str, villain: &str, board: CardSet, dead: CardSet) {
    let known = board.union(dead);
    let (h, v) = (holdings(hero, known), holdings(villain, known));
    let units = Units::of(&h, &v, board, dead).expect("short binary weights");
    let pairs = enumerate_pairs(&h, &v, board, dead);
    let what = format!("{hero} v {villain} on {board:?}, {dead:?} dead");
    assert_same_bits(
        &by_board(&h, &v, board, dead, &units, &mut Ticker::silent()),
        &pairs,
        &what,
    );
    assert_same_bits(&enumerate(&h, &v, board, dead), &pairs, &what);
}

/// Random small ranges (overlapping, weights with short binary forms) on random flops, turns
/// and rivers, some with dead cards: the per-board count gives today's pair-by-pair tallies
/// to the last bit.
#[test]
fn per_board_count_equals_the_pair_by_pair_count_bit_for_bit() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let classes: Vec<String> = crate::cards::hole::HoleClass::all()
        .map(|c| c.name())
        .collect();
    let weights = ["", ":0.5", ":0.25", ":0.75"];
    for round in 0..12 {
        let mut pick = || -> String {
            (0..3)
                .map(|_| {
                    let c = &classes[rng.random_range(0..classes.len())];
                    format!("{c}{}", weights[rng.random_range(0..4)])
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let (h, v) = (pick(), pick());
        let mut deck: Vec<u32> = (0..64).filter(|&i| DECK_MASK >> i & 1 == 1).collect();
        let mut deal = |n: usize| {
            (0..n).fold(CardSet::EMPTY, |s, _| {
                s.union(CardSet(
                    1 << deck.swap_remove(rng.random_range(0..deck.len())),
                ))
            })
        };
        let board = deal(3 + round % 3);
        let dead = deal(round % 2);
        check_by_board(&h, &v, board, dead);
    }
    // The same holdings on both sides.
    check_by_board(
        "AK | QQ+:0.5",
        "AK | QQ+:0.5",
        cards("Ah 7d 2c"),
        CardSet::EMPTY,
    );
}

/// A weight without a short binary form (0.3) is counted exactly and rounded once: within
/// rounding of the pair-by-pair sums; one with too many binary digits is counted pair by pair.
#[test]
fn weights_without_a_short_binary_form() {
    let board = cards("Kh 8s 4d 2c");
    let h = holdings("AK:0.3 | 99", board);
    let v = holdings("KQ:0.1 | 55+", board);
    let (got, pairs) = (
        enumerate(&h, &v, board, CardSet::EMPTY),
        enumerate_pairs(&h, &v, board, CardSet::EMPTY),
    );
    for (a, b) in got
        .hero
        .iter()
        .chain(&got.villain)
        .zip(pairs.hero.iter().chain(&pairs.villain))
    {
        for (x, y) in [(a.wins, b.wins), (a.ties, b.ties), (a.all, b.all)] {
            assert!((x - y).abs() <= 1e-12 * y.abs(), "{x} against {y}");
        }
    }
    let tiny = holdings("AK:0.0000000000000000000000000000001", board);
    assert!(Units::of(&tiny, &v, board, CardSet::EMPTY).is_none());
    assert_same_bits(
        &enumerate(&tiny, &v, board, CardSet::EMPTY),
        &enumerate_pairs(&tiny, &v, board, CardSet::EMPTY),
        "a weight of 1e-31",
    );
}

/// The hundred spots of [`hus_equity_agrees_with_an_independent_brute_force`]: the per-board
/// count gives every tally of the pair-by-pair count bit for bit, so `hus equity` prints
/// today's numbers. `cargo test --release -- --ignored per_board_count_on_the_hundred_spots`.
#[test]
#[ignore]
fn per_board_count_on_the_hundred_spots() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let classes: Vec<String> = crate::cards::hole::HoleClass::all()
        .map(|c| c.name())
        .collect();
    let mut checked = 0;
    for spot in 0..100 {
        let (h, v, board, n) = random_spot(&mut rng, &classes, spot);
        if n == 0 {
            continue;
        }
        check_by_board(&h, &v, board, CardSet::EMPTY);
        checked += 1;
    }
    assert_eq!(checked, 50);
}

/// The hero's weighted (wins, ties) and all, every board dealt (also before the flop).
fn brute_full(hero: &[Holding], villain: &[Holding], board: CardSet) -> ([f64; 2], f64) {
    let (mut w, mut t, mut all) = (0.0, 0.0, 0.0);
    let k = 5 - board.len() as usize;
    for h in hero {
        for v in villain {
            if h.set().0 & v.set().0 != 0 {
                continue;
            }
            let rest: Vec<u32> = (0..64)
                .filter(|&i| {
                    DECK_MASK >> i & 1 == 1 && (board.0 | h.set().0 | v.set().0) >> i & 1 == 0
                })
                .collect();
            let weight = h.weight * v.weight;
            let mut each = |extra: u64| {
                let a = to_pokers(CardSet(board.0 | extra | h.set().0)).evaluate();
                let b = to_pokers(CardSet(board.0 | extra | v.set().0)).evaluate();
                all += weight;
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => w += weight,
                    std::cmp::Ordering::Equal => t += weight,
                    std::cmp::Ordering::Less => {}
                }
            };
            subsets(&rest, k, 0, 0, &mut each);
        }
    }
    ([w, t], all)
}

fn subsets(deck: &[u32], k: usize, from: usize, mask: u64, f: &mut impl FnMut(u64)) {
    if k == 0 {
        return f(mask);
    }
    for i in from..=deck.len() - k {
        subsets(deck, k - 1, i + 1, mask | 1 << deck[i], f);
    }
}
