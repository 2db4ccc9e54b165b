//! Statistics from a hand-checked sequence of hands.

use super::*;
use crate::game::{ActionRecord, Round};
use Act::*;
use Phase::*;
use Player::{Hero as H, Villain as V};

/// A record holding only the acts of each round (what the statistics read).
fn hand(rounds: &[(Phase, &[(Player, Act)])]) -> GameRecord {
    let mut r = crate::game::xml::read(include_str!("../../../examples/games/preflop-open.xml"))
        .expect("example game");
    r.rounds = rounds
        .iter()
        .map(|(phase, acts)| Round {
            phase: *phase,
            cards: Vec::new(),
            actions: acts
                .iter()
                .enumerate()
                .map(|(no, &(player, act))| ActionRecord {
                    no: no as i64,
                    player,
                    act,
                    amount: 0.0,
                    span: None,
                })
                .collect(),
            span: None,
        })
        .collect();
    r
}

#[test]
fn a_sequence_of_hands_counted_by_hand() {
    let mut s = OpponentStats::default();
    // 1. The hero opens, the villain folds: VPIP and PFR chances, 3-bet chance, no hits.
    s.observe(&hand(&[(Preflop, &[(H, Raise), (V, Fold)])]), false);
    // 2. The villain opens as the button, the hero 3-bets, the villain folds.
    s.observe(
        &hand(&[(Preflop, &[(V, Raise), (H, Raise), (V, Fold)])]),
        false,
    );
    // 3. The hero opens, the villain 3-bets, the hero calls; the villain c-bets, the hero
    //    calls; turn: the villain bets, the hero raises, the villain calls; showdown.
    s.observe(
        &hand(&[
            (Preflop, &[(H, Raise), (V, Raise), (H, Call)]),
            (Flop, &[(V, Bet), (H, Call)]),
            (Turn, &[(V, Bet), (H, Raise), (V, Call)]),
            (River, &[(V, Check), (H, Check)]),
        ]),
        true,
    );
    // 4. The hero limps, the villain checks; the villain checks the flop, the hero bets, the
    //    villain folds (no c-bet: nobody raised before the flop).
    s.observe(
        &hand(&[
            (Preflop, &[(H, Call), (V, Check)]),
            (Flop, &[(V, Check), (H, Bet), (V, Fold)]),
        ]),
        false,
    );
    // 5. The hero opens, the villain calls; the villain checks, the hero c-bets, the villain
    //    folds.
    s.observe(
        &hand(&[
            (Preflop, &[(H, Raise), (V, Call)]),
            (Flop, &[(V, Check), (H, Bet), (V, Fold)]),
        ]),
        false,
    );
    // 6. The hero (button) folds first: the villain never acts.
    s.observe(&hand(&[(Preflop, &[(H, Fold)])]), false);

    assert_eq!(s.hands, 6);
    let c = |stat| s.count(stat);
    use OpponentStat::*;
    // Villain acted preflop in hands 1-5; put chips in voluntarily in 2, 3, 5.
    assert_eq!(
        c(Vpip),
        Count {
            times: 3,
            chances: 5,
            hands: 5
        }
    );
    assert_eq!(s.value(Vpip), 60.0);
    // Raised in 2 and 3.
    assert_eq!(
        c(Pfr),
        Count {
            times: 2,
            chances: 5,
            hands: 5
        }
    );
    // Faced the hero's open in 1, 3, 5; re-raised in 3.
    assert_eq!(
        c(ThreeBet),
        Count {
            times: 1,
            chances: 3,
            hands: 3
        }
    );
    // Faced a 3-bet of their own open in 2, folded.
    assert_eq!(
        c(FoldToThreeBet),
        Count {
            times: 1,
            chances: 1,
            hands: 1
        }
    );
    // The last raiser before the flop in 3, bet it.
    assert_eq!(
        c(CBet),
        Count {
            times: 1,
            chances: 1,
            hands: 1
        }
    );
    // Faced the hero's c-bet in 5, folded (hand 4 had no preflop raiser).
    assert_eq!(
        c(FoldToCBet),
        Count {
            times: 1,
            chances: 1,
            hands: 1
        }
    );
    // After the flop: bets in 3 (flop, turn) = 2; calls in 3 (turn) = 1; hands 3 (4 and 5
    // only folded and checked).
    assert_eq!(
        c(Aggression),
        Count {
            times: 2,
            chances: 1,
            hands: 1
        }
    );
    assert_eq!(s.value(Aggression), 2.0);
    // Saw the flop in 3, 4, 5; showdown in 3.
    assert_eq!(
        c(Wtsd),
        Count {
            times: 1,
            chances: 3,
            hands: 3
        }
    );
    assert!((s.value(Wtsd) - 100.0 / 3.0).abs() < 1e-12);
}

#[test]
fn a_statistic_without_chances_is_undefined() {
    let s = OpponentStats::default();
    for stat in OpponentStat::ALL {
        assert!(s.value(stat).is_nan(), "{stat:?}");
    }
}
