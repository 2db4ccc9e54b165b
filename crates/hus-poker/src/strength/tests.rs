use super::*;

pub fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn round(x: f64, places: i32) -> f64 {
    let p = 10f64.powi(places);
    (x * p).round() / p
}

#[test]
fn billings_worked_example() {
    // A♦Q♣ on 3♥4♣J♥: 444 holdings ahead of us, 9 tied, 628 behind (Billings; the thesis).
    let (hole, flop) = (cards("Ad Qc"), cards("3h 4c Jh"));
    assert_eq!(outlook::showdown_now(hole, flop), (628, 9, 444));
    let hs = hand_strength(hole, flop);
    let (ppot, npot) = potentials(hole, flop);
    assert_eq!(round(hs, 3), 0.585);
    assert_eq!(round(ppot, 3), 0.208);
    assert_eq!(round(npot, 3), 0.274);
    let e = ehs(hs, ppot);
    assert_eq!(e, hs + (1.0 - hs) * ppot);
    assert_eq!(round(e, 3), 0.672);
    // The pessimistic form, `hs (1 - npot) + (1 - hs) ppot`, is the equity itself.
    assert!((hs * (1.0 - npot) + (1.0 - hs) * ppot - equity(hole, flop)).abs() < 1e-12);
}

#[test]
fn ehs_formula() {
    assert_eq!(ehs(0.5, 0.0), 0.5);
    assert_eq!(ehs(1.0, 0.3), 1.0);
    assert_eq!(ehs(0.0, 0.25), 0.25);
    assert!((ehs(0.585, 0.208) - 0.67132).abs() < 1e-12);
}

#[test]
fn aces_preflop() {
    let aa = cards("As Ah");
    assert_eq!(round(equity(aa, CardSet::EMPTY), 4), 0.8520);
    assert_eq!(
        hand_strength(aa, CardSet::EMPTY),
        equity(aa, CardSet::EMPTY)
    );
    assert_eq!(potentials(aa, CardSet::EMPTY), (0.0, 0.0));
}

#[test]
fn river_hand_strength_counted_by_hand() {
    // A♥A♦ on K♣ 8♦ 5♠ 3♥ 2♣: 45 unseen cards, 990 villain holdings. No flush is possible
    // (two clubs at most). Beating us: a set, 5 ranks x C(3,2) = 15; two pair from two board
    // ranks, C(5,2) x 3 x 3 = 90; the wheel, A♣/A♠ with any four, 2 x 4 = 8; six-high
    // straight, any 4 with any 6, 4 x 4 = 16: 129. Tying: A♣A♠, 1. Everything else loses to
    // a pair of aces: 990 - 130 = 860.
    let (hole, board) = (cards("Ah Ad"), cards("Kc 8d 5s 3h 2c"));
    assert_eq!(outlook::showdown_now(hole, board), (860, 1, 129));
    assert_eq!(hand_strength(hole, board), 860.5 / 990.0);
    assert_eq!(equity(hole, board), hand_strength(hole, board));
    assert_eq!(potentials(hole, board), (0.0, 0.0));
}

/// HP by the definition: every villain holding, every run-out, ranked one by one.
fn brute_outlook(hole: CardSet, board: CardSet) -> Outlook {
    let unseen = outlook::unseen(hole.union(board));
    let to_come = 5 - board.len() as usize;
    let state = |h: HandRank, v: HandRank| match h.cmp(&v) {
        std::cmp::Ordering::Greater => outlook::AHEAD,
        std::cmp::Ordering::Equal => outlook::TIED,
        std::cmp::Ordering::Less => outlook::BEHIND,
    };
    let mut hp = [[0u64; 3]; 3];
    for (i, &a) in unseen.iter().enumerate() {
        for &b in &unseen[i + 1..] {
            let villain = CardSet(1 << a | 1 << b);
            let now = state(evaluate(hole.union(board)), evaluate(villain.union(board)));
            let rest: Vec<u32> = unseen
                .iter()
                .copied()
                .filter(|&c| c != a && c != b)
                .collect();
            let mut runouts: Vec<u64> = Vec::new();
            if to_come == 1 {
                runouts.extend(rest.iter().map(|&c| 1u64 << c));
            } else {
                for (j, &c) in rest.iter().enumerate() {
                    runouts.extend(rest[j + 1..].iter().map(|&d| 1u64 << c | 1 << d));
                }
            }
            for r in runouts {
                let full = CardSet(board.0 | r);
                let fin = state(evaluate(hole.union(full)), evaluate(villain.union(full)));
                hp[now][fin] += 1;
            }
        }
    }
    Outlook { hp }
}

#[test]
fn flop_outlook_matches_the_definition() {
    let (hole, flop) = (cards("7s 6s"), cards("5s Ad 8h"));
    assert_eq!(outlook::flop(hole, flop), brute_outlook(hole, flop));
}

#[test]
fn turn_outlook_matches_the_definition() {
    for (h, b) in [("Ad Qc", "3h 4c Jh 9h"), ("Tc Td", "Th 9h 8h 2c")] {
        let (hole, board) = (cards(h), cards(b));
        assert_eq!(outlook::turn(hole, board), brute_outlook(hole, board));
    }
}

#[test]
fn equity_is_the_mean_over_the_next_card() {
    let (hole, flop) = (cards("Ad Qc"), cards("3h 4c Jh"));
    let unseen = outlook::unseen(hole.union(flop));
    let turns: Vec<CardSet> = unseen.iter().map(|&c| CardSet(flop.0 | 1 << c)).collect();
    let mean = turns.iter().map(|&t| equity(hole, t)).sum::<f64>() / turns.len() as f64;
    assert!((mean - equity(hole, flop)).abs() < 1e-12);
    let turn = turns[7];
    let rivers: Vec<f64> = outlook::unseen(hole.union(turn))
        .iter()
        .map(|&c| equity(hole, CardSet(turn.0 | 1 << c)))
        .collect();
    let mean = rivers.iter().sum::<f64>() / rivers.len() as f64;
    assert!((mean - equity(hole, turn)).abs() < 1e-12);
}

#[test]
fn cached_outlook_is_per_hand() {
    let (a, b) = (cards("Ad Qc"), cards("Kd Kc"));
    let flop = cards("3h 4c Jh");
    let ea = equity(a, flop);
    let eb = equity(b, flop);
    assert_ne!(ea, eb);
    assert_eq!(equity(a, flop), ea);
    assert_eq!(outlook_of(b, flop), outlook::flop(b, flop));
}

#[test]
#[should_panic(expected = "two hole cards")]
fn overlapping_cards_are_a_caller_bug() {
    equity(cards("Ad Qc"), cards("Ad 4c Jh"));
}

/// `n` random (hole, flop) deals from `seed`.
pub fn random_flops(n: usize, seed: u64) -> Vec<(CardSet, CardSet)> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<u32> = outlook::unseen(CardSet::EMPTY);
    (0..n)
        .map(|_| {
            deck.shuffle(&mut rng);
            let set = |c: &[u32]| CardSet(c.iter().fold(0, |m, &b| m | 1 << b));
            (set(&deck[..2]), set(&deck[2..5]))
        })
        .collect()
}

fn flops_match_the_reference(n: usize, seed: u64) {
    use rayon::prelude::*;
    let deals = random_flops(n, seed);
    let bad: Vec<_> = deals
        .par_iter()
        .filter(|&&(hole, flop)| outlook::flop(hole, flop) != outlook::flop_reference(hole, flop))
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {n} flops differ, e.g. {:?}",
        bad.len(),
        bad[0]
    );
}

#[test]
fn portable_flop_outlooks_match_the_reference() {
    for (hole, flop) in random_flops(20, 18) {
        assert_eq!(
            outlook::flop_portable(hole, flop),
            outlook::flop_reference(hole, flop)
        );
    }
}

/// `n` random (hole, turn) deals from `seed`; every fourth deal has three or four cards of one
/// suit on the board (flush draws and made flushes).
fn random_turns(n: usize, seed: u64) -> Vec<(CardSet, CardSet)> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<u32> = outlook::unseen(CardSet::EMPTY);
    let set = |c: &[u32]| CardSet(c.iter().fold(0, |m, &b| m | 1 << b));
    (0..n)
        .map(|d| loop {
            deck.shuffle(&mut rng);
            let (hole, board) = (set(&deck[..2]), set(&deck[2..6]));
            let suited = (0..4).any(|s| (board.0 >> (16 * s) & 0x1fff).count_ones() >= 3);
            if d % 4 != 0 || suited {
                break (hole, board);
            }
        })
        .collect()
}

#[test]
fn turn_outlooks_match_the_reference() {
    let deals = random_turns(400, 20);
    for &(hole, board) in &deals {
        assert_eq!(
            outlook::turn(hole, board),
            outlook::turn_reference(hole, board),
            "hole {hole:?} board {board:?}"
        );
    }
    for &(hole, board) in &deals[..20] {
        assert_eq!(
            outlook::turn_portable(hole, board),
            outlook::turn_reference(hole, board)
        );
    }
}

#[test]
fn turn_outlooks_with_a_flush_on_the_board_match_the_definition() {
    for (h, b) in [
        ("Ad Qc", "3h 4h Jh 9h"),
        ("Ah 2c", "3h 4h 5h 9h"),
        ("Kd Kc", "Kh 9h 9s 2h"),
    ] {
        let (hole, board) = (cards(h), cards(b));
        assert_eq!(outlook::turn(hole, board), brute_outlook(hole, board));
    }
}

#[test]
fn random_flop_outlooks_match_the_reference() {
    flops_match_the_reference(1_000, 16);
}

/// Ten times as many flops: run with `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn many_random_flop_outlooks_match_the_reference() {
    flops_match_the_reference(10_000, 17);
}

#[test]
fn reference_flop_outlook_matches_the_definition() {
    let (hole, flop) = (cards("Ad Qc"), cards("3h 4c Jh"));
    assert_eq!(
        outlook::flop_reference(hole, flop),
        brute_outlook(hole, flop)
    );
}

/// A fixed workload for instruction counts (`valgrind --tool=callgrind` on the release test
/// binary with `--ignored flop_outlook_workload`): 20 random flops.
#[test]
#[ignore]
fn flop_outlook_workload() {
    for (hole, flop) in random_flops(20, 19) {
        std::hint::black_box(outlook::flop(hole, flop));
    }
}
