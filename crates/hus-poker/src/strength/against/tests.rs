use std::sync::Arc;

use super::*;
use crate::cards::category::Made;
use crate::cards::hole::HoleClassSet;
use crate::cards::query::CardQuery;
use crate::cards::range::{FilterWord, HandFilter, HandWord, WeightedRange};
use crate::strength::eval7::Evaluator;
use crate::strength::outlook::unseen;

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn classes(text: &str) -> HoleClassSet {
    text.split('|')
        .map(|q| CardQuery::parse(q.trim()).unwrap().classes)
        .fold(HoleClassSet::EMPTY, |a, b| a.union(&b))
}

/// `text` as `Q:w | Q | ...` with weights.
fn weighted(text: &str) -> VillainRange {
    let range = text
        .split('|')
        .map(|item| match item.trim().split_once(':') {
            Some((q, w)) => WeightedRange::weighted(classes(q), w.parse().unwrap()),
            None => WeightedRange::plain(classes(item)),
        })
        .fold(WeightedRange::default(), |a, b| a.union(&b));
    VillainRange::weighted(range)
}

/// Equity by its definition: every live holding against every run-out, both hands ranked
/// with the 7-card evaluator, each (holding, run-out) pair weighted by the holding.
fn brute_equity(hole: CardSet, board: CardSet, range: &VillainRange) -> Option<f64> {
    let ev = Evaluator::get();
    let live = range.live(hole, board);
    if live.is_empty() {
        return None;
    }
    let (mut num, mut den) = (0.0, 0.0);
    for h in &live {
        let rest: Vec<u32> = unseen(hole.union(board).union(h.set()));
        let k = 5 - board.len() as usize;
        let mut run = |extra: CardSet| {
            let hero = ev.rank(hole.union(board).union(extra));
            let villain = ev.rank(h.set().union(board).union(extra));
            num += h.weight
                * if hero > villain {
                    1.0
                } else if hero == villain {
                    0.5
                } else {
                    0.0
                };
            den += h.weight;
        };
        match k {
            0 => run(CardSet::EMPTY),
            1 => rest.iter().for_each(|&c| run(CardSet(1 << c))),
            _ => {
                for (i, &c) in rest.iter().enumerate() {
                    for &d in &rest[i + 1..] {
                        run(CardSet(1 << c | 1 << d));
                    }
                }
            }
        }
    }
    Some(num / den)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn weight_one_everywhere_is_the_plain_range() {
    let hole = cards("Ah Kd");
    for board in ["Kh 8s 4d", "Kh 8s 4d 2c", "Kh 8s 4d 2c 9h"] {
        let board = cards(board);
        let plain = crate::strength::strength_vs(hole, board, &classes("QQ+ | AK | KQs")).unwrap();
        let ours = strength(hole, board, &weighted("QQ+ | AK | KQs")).unwrap();
        assert_eq!(plain, ours, "on {board:?}");
    }
}

#[test]
fn weighted_holdings_count_by_their_weight() {
    let hole = cards("Ah Kd");
    let range = weighted("QQ+ | AKo:0.5 | KQs:0.25 | 87s:0");
    for board in ["Kh 8s 4d", "Kh 8h 4d 2c", "Kh 8s 4d 2c 9h"] {
        let board = cards(board);
        let got = strength(hole, board, &range).unwrap().equity;
        let want = brute_equity(hole, board, &range).unwrap();
        assert!(close(got, want), "on {board:?}: {got} against {want}");
    }
}

fn narrowed(range: &str, alternatives: Vec<Vec<FilterWord>>) -> VillainRange {
    VillainRange {
        filter: Some(Arc::new(HandFilter { alternatives })),
        ..weighted(range)
    }
}

fn word(word: HandWord) -> FilterWord {
    FilterWord {
        word,
        negated: false,
    }
}

#[test]
fn ak_on_k842_against_a_shove_range_narrowed_to_top_pair_or_a_flush_draw() {
    // The hero holds A♠K♦ on K♥8♥4♦2♣; the villain shoves 22+, A2s+, KTo+, any two hearts
    // suited connectors, and only with top pair or better or a flush draw.
    let (hole, board) = (cards("As Kd"), cards("Kh 8h 4d 2c"));
    let shove = "22+ | A2s+ | KTo+ | ATo+ | 54s+";
    let range = narrowed(
        shove,
        vec![
            vec![word(HandWord::OrBetter(Made::TopPair))],
            vec![word(HandWord::Predicate(
                crate::cards::predicate::Predicate::FlushDraw,
            ))],
        ],
    );
    let got = strength(hole, board, &range).unwrap().equity;
    let want = brute_equity(hole, board, &range).unwrap();
    assert!(close(got, want), "{got} against {want}");
    let wide = strength(hole, board, &weighted(shove)).unwrap().equity;
    // Narrowing takes away the hands AK beats: the equity falls well below the wide range's.
    assert!(got < wide - 0.2, "narrowed {got}, wide {wide}");
}

#[test]
fn a_range_narrowed_to_nothing_is_undefined() {
    let (hole, board) = (cards("As Kd"), cards("Kh 8s 4d"));
    let range = narrowed("QQ-", vec![vec![word(HandWord::OrBetter(Made::TwoPair))]]);
    // 88 and 44 make sets: the range keeps them.
    assert!(strength(hole, board, &range).is_some());
    let none = narrowed("QQ-", vec![vec![word(HandWord::OrBetter(Made::Poker))]]);
    assert_eq!(strength(hole, board, &none), None);
    assert_eq!(hand_strength(hole, board, &none), None);
}

#[test]
fn hand_strength_weighs_holdings() {
    // K♠K♦ on K♣ 8♦ 5♠ 3♥ 2♣ holds a set of kings: AA and 88 lose to it whatever the weights.
    let (hole, board) = (cards("Ks Kd"), cards("Kc 8d 5s 3h 2c"));
    assert_eq!(
        hand_strength(hole, board, &weighted("AA | 88:0.5")),
        Some(1.0)
    );
    // 6-4 suited makes a straight (2-3-4-5-6): its 4 holdings win at weight 1, AA's 6
    // holdings lose at weight 0.25, so the hero's share is 1.5 / (1.5 + 4).
    let hs = hand_strength(hole, board, &weighted("AA:0.25 | 64s")).unwrap();
    assert!(close(hs, 1.5 / 5.5), "{hs}");
}

#[test]
fn before_the_flop_weighted_holdings_sum_their_matchups() {
    use crate::strength::preflop_matchups::{matchup, BOARDS};
    let hole = cards("As Kd");
    let range = weighted("QQ | AKs:0.5");
    let live = range.live(hole, CardSet::EMPTY);
    let (mut num, mut den) = (0.0, 0.0);
    for h in &live {
        let (w, t) = matchup(
            [
                hole.cards().next().unwrap().index(),
                hole.cards().nth(1).unwrap().index(),
            ],
            h.cards,
        );
        num += h.weight * (w as f64 + t as f64 / 2.0);
        den += h.weight * BOARDS as f64;
    }
    let got = strength(hole, CardSet::EMPTY, &range).unwrap().equity;
    assert!(close(got, num / den), "{got} against {}", num / den);
    assert_eq!(hand_strength(hole, CardSet::EMPTY, &range), Some(got));
}
