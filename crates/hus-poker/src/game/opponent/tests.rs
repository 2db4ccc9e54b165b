//! Statistics from a hand-checked sequence of hands.

use super::*;
use crate::game::{ActionRecord, Chips, Round};
use Act::*;
use Phase::*;
use Player::{Hero as H, Villain as V};

/// A record holding only the acts of each round (what the statistics read).
fn hand(rounds: &[(Phase, &[(Player, Act)])]) -> GameRecord {
    let mut r = crate::game::xml::read(include_str!(
        "../../../../../examples/games/preflop-open.xml"
    ))
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
                    amount: Chips(0),
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
    s.observe(&hand(&[(Preflop, &[(H, Raise), (V, Fold)])]), Ending::Fold);
    // 2. The villain opens as the button, the hero 3-bets, the villain folds.
    s.observe(
        &hand(&[(Preflop, &[(V, Raise), (H, Raise), (V, Fold)])]),
        Ending::Fold,
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
        Ending::Showdown(Some(H)),
    );
    // 4. The hero limps, the villain checks; the villain checks the flop, the hero bets, the
    //    villain folds (no c-bet: nobody raised before the flop).
    s.observe(
        &hand(&[
            (Preflop, &[(H, Call), (V, Check)]),
            (Flop, &[(V, Check), (H, Bet), (V, Fold)]),
        ]),
        Ending::Fold,
    );
    // 5. The hero opens, the villain calls; the villain checks, the hero c-bets, the villain
    //    folds.
    s.observe(
        &hand(&[
            (Preflop, &[(H, Raise), (V, Call)]),
            (Flop, &[(V, Check), (H, Bet), (V, Fold)]),
        ]),
        Ending::Fold,
    );
    // 6. The hero (button) folds first: the villain never acts.
    s.observe(&hand(&[(Preflop, &[(H, Fold)])]), Ending::Fold);

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

/// `(times, chances, hands)` of a statistic.
fn triple(s: &OpponentStats, stat: OpponentStat) -> (u32, u32, u32) {
    let c = s.count(stat);
    (c.times, c.chances, c.hands)
}

#[test]
fn limps_check_raises_late_folds_and_showdown_wins_counted_by_hand() {
    let mut s = OpponentStats::default();
    // 1. The villain limps, the hero checks; the villain bets the flop, the hero calls; the
    //    hero bets the turn, the villain folds.
    s.observe(
        &hand(&[
            (Preflop, &[(V, Call), (H, Check)]),
            (Flop, &[(H, Check), (V, Bet), (H, Call)]),
            (Turn, &[(H, Bet), (V, Fold)]),
        ]),
        Ending::Fold,
    );
    // 2. The villain opens, the hero calls; the villain bets the flop, both check the turn;
    //    the hero bets the river, the villain calls and wins at the showdown.
    s.observe(
        &hand(&[
            (Preflop, &[(V, Raise), (H, Call)]),
            (Flop, &[(H, Check), (V, Bet), (H, Call)]),
            (Turn, &[(H, Check), (V, Check)]),
            (River, &[(H, Bet), (V, Call)]),
        ]),
        Ending::Showdown(Some(V)),
    );
    // 3. The hero limps; the villain check-raises the flop, bets the turn, folds to the
    //    hero's raise.
    s.observe(
        &hand(&[
            (Preflop, &[(H, Call), (V, Check)]),
            (Flop, &[(V, Check), (H, Bet), (V, Raise), (H, Call)]),
            (Turn, &[(V, Bet), (H, Raise), (V, Fold)]),
        ]),
        Ending::Fold,
    );
    // 4. The hero opens, the villain calls; the villain check-calls the flop, everybody
    //    checks after; the pot is split.
    s.observe(
        &hand(&[
            (Preflop, &[(H, Raise), (V, Call)]),
            (Flop, &[(V, Check), (H, Bet), (V, Call)]),
            (Turn, &[(V, Check), (H, Check)]),
            (River, &[(V, Check), (H, Check)]),
        ]),
        Ending::Showdown(None),
    );
    // 5. The villain folds the small blind.
    s.observe(&hand(&[(Preflop, &[(V, Fold)])]), Ending::Fold);

    use OpponentStat::*;
    // First to act in 1, 2, 5; only called in 1.
    assert_eq!(triple(&s, Limp), (1, 3, 3));
    // Checked and then faced a bet in 3 (raised) and 4 (called).
    assert_eq!(triple(&s, CheckRaise), (1, 2, 2));
    // Faced a turn bet in 1 and a turn raise in 3, folded both.
    assert_eq!(triple(&s, FoldToTurnBet), (2, 2, 2));
    assert_eq!(s.value(FoldToTurnBet), 100.0);
    // Faced a river bet in 2, called.
    assert_eq!(triple(&s, FoldToRiverBet), (0, 1, 1));
    // Showdowns in 2 (won) and 4 (split, counted as won).
    assert_eq!(triple(&s, WonAtShowdown), (2, 2, 2));
    // Saw the flop in 1-4, won the pot in 2 and 4.
    assert_eq!(triple(&s, Wwsf), (2, 4, 4));
    assert_eq!(s.value(Wwsf), 50.0);
    assert_eq!(triple(&s, Wtsd), (2, 4, 4));
    // Flop: bets in 1 and 2, a raise in 3, a call in 4.
    assert_eq!(triple(&s, FlopAggression), (3, 1, 4));
    assert_eq!(s.value(FlopAggression), 3.0);
    // Turn: a bet in 3 and no call: undefined.
    assert_eq!(triple(&s, TurnAggression), (1, 0, 1));
    assert!(s.value(TurnAggression).is_nan());
    // River: a call in 2.
    assert_eq!(triple(&s, RiverAggression), (0, 1, 1));
    assert_eq!(s.value(RiverAggression), 0.0);
    assert_eq!(triple(&s, Aggression), (4, 2, 4));
}

#[test]
fn a_hand_won_by_the_heros_fold_after_the_flop_counts_for_the_villain() {
    let mut s = OpponentStats::default();
    s.observe(
        &hand(&[
            (Preflop, &[(H, Call), (V, Check)]),
            (Flop, &[(V, Bet), (H, Fold)]),
        ]),
        Ending::Fold,
    );
    assert_eq!(triple(&s, OpponentStat::Wwsf), (1, 1, 1));
    assert_eq!(triple(&s, OpponentStat::WonAtShowdown), (0, 0, 0));
}

#[test]
fn counts_of_two_runs_add_up_to_the_counts_of_both() {
    let h = hand(&[
        (Preflop, &[(V, Call), (H, Raise), (V, Call)]),
        (Flop, &[(H, Bet), (V, Fold)]),
    ]);
    let (mut a, mut b, mut both) = Default::default();
    OpponentStats::observe(&mut a, &h, Ending::Fold);
    OpponentStats::observe(&mut b, &h, Ending::Fold);
    OpponentStats::observe(&mut b, &h, Ending::Fold);
    for _ in 0..3 {
        OpponentStats::observe(&mut both, &h, Ending::Fold);
    }
    a.add(&b);
    assert_eq!(a, both);
}

#[test]
fn the_end_follows_the_sign_of_the_heros_result() {
    assert_eq!(Ending::from_net(false, 50), Ending::Fold);
    assert_eq!(Ending::from_net(true, 50), Ending::Showdown(Some(H)));
    assert_eq!(Ending::from_net(true, -50), Ending::Showdown(Some(V)));
    assert_eq!(Ending::from_net(true, 0), Ending::Showdown(None));
}

#[test]
fn the_new_statistics_read_from_stats_and_round_trip() {
    let xml = include_str!("../../../../../examples/games/preflop-open.xml").replace(
        "</posts>",
        r#"</posts>
  <stats hands="10"><FlopAggression times="3" chances="2" hands="4"/>
    <WonAtShowdown times="1" chances="4"/><WWSF times="2" chances="5"/></stats>"#,
    );
    let r = crate::game::xml::read(&xml).expect("valid stats");
    let s = r.stats.as_deref().copied().expect("stats");
    assert_eq!(triple(&s, OpponentStat::FlopAggression), (3, 2, 4));
    assert_eq!(s.value(OpponentStat::FlopAggression), 1.5);
    assert_eq!(s.value(OpponentStat::WonAtShowdown), 25.0);
    assert_eq!(s.value(OpponentStat::Wwsf), 40.0);
    // Written back as read: a ratio keeps its hands.
    let again = crate::game::xml::read(&crate::game::xml::write(&r)).expect("round trip");
    assert_eq!(again.stats, r.stats);
}

#[test]
fn the_ratio_list_is_every_aggression_factor() {
    let ratios: Vec<_> = OpponentStat::ALL
        .into_iter()
        .filter(|s| s.is_ratio())
        .collect();
    let mut listed = vec![OpponentStat::Aggression];
    listed.extend(super::STREET_RATIOS);
    assert_eq!(ratios, listed);
    // Indexed by the round after the flop.
    for phase in [Flop, Turn, River] {
        let stat = super::STREET_RATIOS[phase as usize - 1];
        assert!(stat.name().starts_with(phase.title()), "{stat:?}");
    }
}

/// The record of the other seat: every act by the other player.
fn mirror(r: &GameRecord) -> GameRecord {
    let mut m = r.clone();
    for a in m.rounds.iter_mut().flat_map(|r| &mut r.actions) {
        a.player = a.player.other();
    }
    m
}

#[test]
fn one_walk_observes_both_as_each_seats_record_would() {
    // Any acts in any order, legal or not (a small xorshift: the same hands every run).
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let (mut of_villain, mut of_hero) = Default::default();
    let (mut villain_apart, mut hero_apart) = (OpponentStats::default(), OpponentStats::default());
    let mut memo = super::RoundMemo::default();
    // By kind of hand, the record's hero being bot 0 or 1 (the button), counted at a flush.
    let (mut by_kind, mut hands) = ([OpponentStats::default(); 2], super::HandMemo::default());
    for _ in 0..20_000 {
        let rounds = 1 + next(4) as usize;
        let acts: Vec<Vec<(Player, Act)>> = (0..rounds)
            .map(|_| {
                // Now and then more acts than a round kept in the memo has.
                let n = if next(20) == 0 { next(17) } else { next(6) };
                (0..n)
                    .map(|_| {
                        let p = [H, V][next(2) as usize];
                        (p, [Check, Call, Raise, Bet, Fold][next(5) as usize])
                    })
                    .collect()
            })
            .collect();
        let spec: Vec<(Phase, &[(Player, Act)])> = acts
            .iter()
            .enumerate()
            .map(|(i, a)| {
                // Now and then rounds out of the order dealt.
                let phase = if next(30) == 0 { next(4) as usize } else { i };
                (Phase::ALL[phase], a.as_slice())
            })
            .collect();
        let record = hand(&spec);
        let end = match next(4) {
            0 => Ending::Fold,
            1 => Ending::Showdown(None),
            2 => Ending::Showdown(Some(H)),
            _ => Ending::Showdown(Some(V)),
        };
        let mirrored_end = match end {
            Ending::Showdown(w) => Ending::Showdown(w.map(Player::other)),
            fold => fold,
        };
        OpponentStats::observe_both(&mut of_villain, &mut of_hero, &record, end, &mut memo);
        villain_apart.observe(&record, end);
        hero_apart.observe(&mirror(&record), mirrored_end);
        let [a, b] = &mut by_kind;
        hands.observe([a, b], next(2) as usize, &record, end, false);
        assert_eq!(
            (of_villain, of_hero),
            (villain_apart, hero_apart),
            "{acts:?} {end:?}"
        );
    }
    let [a, b] = &mut by_kind;
    hands.flush([a, b]);
    let mut both = villain_apart;
    both.add(&hero_apart);
    let [mut summed, other] = by_kind;
    summed.add(&other);
    assert_eq!(summed, both);
    assert!(OpponentStat::ALL
        .iter()
        .all(|&s| of_hero.count(s).times > 0 && of_villain.count(s).times > 0));
}
