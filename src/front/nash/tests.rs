// The brute force indexes the 169 x 169 deals by class, as the game is written.
#![allow(clippy::needless_range_loop)]

use super::*;
use crate::front::{Bot, BotOptions};

/// The five stacks the equilibrium is checked at against the brute-force solver.
const STACKS: [f64; 5] = [2.0, 5.0, 8.0, 12.0, 16.0];

/// 0.1 mbb/hand, in big blinds.
const TENTH_MBB: f64 = 1e-4;

fn game(stack: f64) -> PushFold {
    PushFold::new(stack, 0.5, 0.0).unwrap()
}

/// The brute force's payoffs, written from the game's rules alone: the small blind's chips
/// won in every outcome of a deal of classes `i` against `j`.
struct Brute {
    fold: f64,
    steal: f64,
    called: Vec<f64>,
    deals: Vec<f64>,
}

impl Brute {
    fn new(g: &PushFold) -> Brute {
        let mut called = vec![0.0; 169 * 169];
        let mut deals = vec![0.0; 169 * 169];
        for i in 0..169 {
            for j in 0..169 {
                let (n, equity) = matchup(i, j);
                deals[i * 169 + j] = n;
                // All in: the pot is both stacks; the small blind put in one of them.
                called[i * 169 + j] = equity * 2.0 * g.stack - g.stack;
            }
        }
        Brute {
            fold: -(g.small_blind + g.ante),
            steal: 1.0 + g.ante,
            called,
            deals,
        }
    }

    /// The small blind's value per hand.
    fn value(&self, push: &Shares, call: &Shares) -> f64 {
        let (mut total, mut n) = (0.0, 0.0);
        for i in 0..169 {
            for j in 0..169 {
                let d = self.deals[i * 169 + j];
                let pushed = call[j] * self.called[i * 169 + j] + (1.0 - call[j]) * self.steal;
                total += d * ((1.0 - push[i]) * self.fold + push[i] * pushed);
                n += d;
            }
        }
        total / n
    }

    /// What pushing gains over folding per deal of each small-blind class, against `call`.
    fn push_margin(&self, call: &Shares) -> Shares {
        std::array::from_fn(|i| {
            let (mut push, mut n) = (0.0, 0.0);
            for j in 0..169 {
                let d = self.deals[i * 169 + j];
                push += d * (call[j] * self.called[i * 169 + j] + (1.0 - call[j]) * self.steal);
                n += d;
            }
            push / n - self.fold
        })
    }

    /// What calling gains the big blind over folding per deal of each of its classes, against
    /// `push` (0 where nothing is pushed).
    fn call_margin(&self, push: &Shares) -> Shares {
        std::array::from_fn(|j| {
            let (mut gain, mut n) = (0.0, 0.0);
            for i in 0..169 {
                let d = self.deals[i * 169 + j];
                gain += d * push[i] * (self.steal - self.called[i * 169 + j]);
                n += d;
            }
            gain / n
        })
    }

    /// The small blind's pure best response to `call`.
    fn best_push(&self, call: &Shares) -> Shares {
        self.push_margin(call)
            .map(|m| if m > 0.0 { 1.0 } else { 0.0 })
    }

    /// The big blind's pure best response to `push`.
    fn best_call(&self, push: &Shares) -> Shares {
        self.call_margin(push)
            .map(|m| if m > 0.0 { 1.0 } else { 0.0 })
    }

    /// Fictitious play: each side best-responds to the other's average so far.
    fn fictitious_play(&self, rounds: usize) -> (Shares, Shares) {
        let (mut push_sum, mut call_sum) = ([0.0; 169], [0.0; 169]);
        let (mut push, mut call) = ([1.0; 169], [1.0; 169]);
        for t in 1..=rounds {
            for k in 0..169 {
                push_sum[k] += push[k];
                call_sum[k] += call[k];
            }
            let avg = |s: &Shares| s.map(|x| x / t as f64);
            let (p, c) = (avg(&push_sum), avg(&call_sum));
            push = self.best_push(&c);
            call = self.best_call(&p);
        }
        let n = rounds as f64;
        (push_sum.map(|x| x / n), call_sum.map(|x| x / n))
    }
}

#[test]
fn each_side_is_a_best_response_to_the_other_within_the_gap() {
    let games = STACKS.iter().map(|&s| game(s)).chain([
        PushFold::new(10.0, 0.5, 0.125).unwrap(),
        PushFold::new(6.0, 0.4, 0.0).unwrap(),
    ]);
    for g in games {
        let e = solve(&g).unwrap();
        let brute = Brute::new(&g);
        let value = brute.value(&e.push, &e.call);
        assert!(
            (value - e.value).abs() < 1e-12,
            "{g:?}: {value} {}",
            e.value
        );
        let sb = brute.value(&brute.best_push(&e.call), &e.call);
        let bb = brute.value(&e.push, &brute.best_call(&e.push));
        assert!(
            sb - value <= TENTH_MBB && value - bb <= TENTH_MBB,
            "{g:?}: {sb} {value} {bb}"
        );
        // The gap the solver reports is both best responses', and far below the bound.
        assert!(
            (e.gap - (sb - bb)).abs() < 1e-12 && e.gap < 1e-9,
            "{g:?}: gap {}",
            e.gap
        );
    }
}

#[test]
fn the_classes_that_push_and_call_agree_with_fictitious_play_at_five_stacks() {
    for &s in &STACKS {
        let g = game(s);
        let e = solve(&g).unwrap();
        let brute = Brute::new(&g);
        let (push, call) = brute.fictitious_play(1500);
        // Where fictitious play is near a class's indifference (within 10 mbb a deal of it,
        // against its own averages) it has not settled yet; every other class must agree.
        let margins = [brute.push_margin(&call), brute.call_margin(&push)];
        let mut undecided = 0;
        for (k, (mine, theirs, seat)) in [(&e.push, &push, "push"), (&e.call, &call, "call")]
            .into_iter()
            .enumerate()
        {
            for i in 0..169 {
                let class = HoleClass::from_index(i).name();
                if margins[k][i].abs() < 0.01 {
                    undecided += 1;
                    continue;
                }
                assert_eq!(
                    mine[i] >= 0.5,
                    theirs[i] >= 0.5,
                    "{s} bb: {class} {seat}: {} against {}",
                    mine[i],
                    theirs[i]
                );
            }
        }
        assert!(undecided <= 8, "{s} bb: {undecided} classes undecided");
        let fp = brute.value(&push, &call);
        assert!(
            (fp - e.value).abs() < 0.002,
            "{s} bb: {fp} against {}",
            e.value
        );
    }
}

/// The classes whose pushing stacks have gaps in the table of 1 to 20 big blinds by half a
/// big blind (the reference lists them).
const PUSH_GAPS: [&str; 6] = ["J8o", "94s", "84s", "63s", "53s", "43s"];

#[test]
fn a_class_that_pushes_or_calls_at_a_stack_does_so_at_every_smaller_one_but_the_listed_gaps() {
    let stacks: Vec<f64> = (2..=40).map(|k| f64::from(k) / 2.0).collect();
    let table = solve_stacks(0.5, 0.0, &stacks).unwrap();
    let mut gaps = Vec::new();
    for (seat, call) in [("push", false), ("call", true)] {
        for i in 0..169 {
            let class = HoleClass::from_index(i).name();
            let takes: Vec<bool> = table
                .equilibria
                .iter()
                .map(|e| if call { e.call[i] } else { e.push[i] } >= 0.5)
                .collect();
            let monotone = takes.windows(2).all(|w| w[0] || !w[1]);
            if !monotone {
                gaps.push(format!("{seat} {class}"));
            }
            let reach = table.reach(i, call);
            assert_eq!(reach.gaps.is_empty(), monotone, "{seat} {class}");
        }
    }
    let want: Vec<String> = PUSH_GAPS.iter().map(|c| format!("push {c}")).collect();
    let mut got = gaps.clone();
    got.sort();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert_eq!(got, want_sorted);
    assert_eq!(
        table
            .reach(HoleClass::parse("43s").unwrap().index(), false)
            .gaps
            .len(),
        3
    );
    assert!(table.gap() < 1e-9);
}

#[test]
fn ten_big_blinds_is_the_known_equilibrium() {
    let e = solve(&game(10.0)).unwrap();
    let share = |s: &Shares| {
        (0..169)
            .map(|i| s[i] * f64::from(HoleClass::from_index(i).combos()))
            .sum::<f64>()
            / 1326.0
    };
    assert_eq!((share(&e.push) * 1000.0).round(), 583.0);
    assert_eq!((share(&e.call) * 1000.0).round(), 374.0);
    assert_eq!((e.value * 10_000.0).round(), -454.0);
    let class = |n: &str| HoleClass::parse(n).unwrap().index();
    assert_eq!(e.push[class("72o")], 0.0);
    assert_eq!(e.push[class("K2o")], 1.0);
    assert_eq!(e.call[class("K5o")], 1.0);
    assert_eq!(e.call[class("K4o")], 0.0);
    // Solving again gives the same numbers, bit for bit.
    let again = solve(&game(10.0)).unwrap();
    assert_eq!(again.push, e.push);
    assert_eq!(again.call, e.call);
}

#[test]
fn an_ante_makes_the_small_blind_push_more() {
    let without = solve(&game(10.0)).unwrap();
    let with = solve(&PushFold::new(10.0, 0.5, 0.125).unwrap()).unwrap();
    let n = |s: &Shares| s.iter().filter(|&&x| x >= 0.5).count();
    assert!(n(&with.push) > n(&without.push));
    assert!(n(&with.call) > n(&without.call));
}

#[test]
fn games_that_cannot_be_are_refused() {
    for (stack, sb, ante) in [
        (0.5, 0.5, 0.0),
        (f64::NAN, 0.5, 0.0),
        (20_000.0, 0.5, 0.0),
        (10.0, 0.0, 0.0),
        (10.0, 1.5, 0.0),
        (10.0, 0.5, -1.0),
        (1.2, 0.5, 0.5),
    ] {
        assert!(
            PushFold::new(stack, sb, ante).is_err(),
            "{stack} {sb} {ante}"
        );
    }
    assert!(PushFold::new(1.0, 0.5, 0.0).is_ok());
}

#[test]
fn ranges_are_written_as_players_write_them() {
    let set = [
        "AA", "KK", "QQ", "55", "AKs", "AQs", "AJs", "A5s", "72o", "K2o", "K3o",
    ];
    let has = |i: usize| set.contains(&HoleClass::from_index(i).name().as_str());
    assert_eq!(range_text(has), "QQ+ | 55 | AJs-AKs | A5s | K2o-K3o | 72o");
    assert_eq!(range_text(|_| false), "");
    assert!(range_text(|_| true).starts_with("22+ | A2s-AKs | K2s-KQs"));
}

fn read(text: &str, g: &PushFold) -> BotPushFold {
    let bot = Bot::from_source("bot.hus", text, &BotOptions::default()).unwrap();
    assert!(bot.warnings().is_empty(), "{:?}", bot.warnings());
    read_push_fold(&bot, g, 100.0).unwrap()
}

#[test]
fn the_written_script_decides_as_the_equilibrium_says() {
    for s in [3.0, 10.0] {
        let g = game(s);
        let e = solve(&g).unwrap();
        let bot = read(&write_script(&e, "hus nash"), &g);
        assert!(bot.is_push_fold() && bot.no_rule.iter().all(|n| n.is_empty()));
        for i in 0..169 {
            assert!((bot.push[i] - e.push[i]).abs() < 1e-8, "{s}: push {i}");
            assert!((bot.call[i] - e.call[i]).abs() < 1e-8, "{s}: call {i}");
        }
        let x = bot.exploitability(&e);
        assert!(x.best_response_per_hand() < 1e-7, "{x:?}");
        assert!(x.against_equilibrium_per_hand().abs() < 1e-7, "{x:?}");
    }
}

#[test]
fn a_bot_that_limps_is_reported_and_an_ante_refused() {
    let limper = "PREFLOP\n  RULE button\n    THEN CALL\n  ENDRULE\n\n  RULE !button\n    \
                  VILLAIN facingBet\n      THEN FOLD\n    ENDVILLAIN\n  ENDRULE\nENDPREFLOP\n";
    let g = game(10.0);
    let bot = read(limper, &g);
    assert!(!bot.is_push_fold());
    assert_eq!(bot.other.len(), 169);
    assert_eq!(bot.other[0].action, "limp");
    assert!(bot.call.iter().all(|&c| c == 0.0));
    let with_ante = PushFold::new(10.0, 0.5, 0.1).unwrap();
    let b = Bot::from_source("bot.hus", limper, &BotOptions::default()).unwrap();
    assert!(matches!(
        read_push_fold(&b, &with_ante, 100.0),
        Err(AgainstError::Game(_))
    ));
}

#[test]
fn always_pushing_and_calling_is_exploited_by_the_best_response() {
    let text = "PREFLOP\n  RULE button\n    THEN RAISE allIn\n  ENDRULE\n\n  RULE !button\n    \
                VILLAIN facingRaise\n      THEN CALL\n    ENDVILLAIN\n  ENDRULE\nENDPREFLOP\n";
    let g = game(10.0);
    let e = solve(&g).unwrap();
    let bot = read(text, &g);
    assert!(bot.push.iter().chain(&bot.call).all(|&x| x == 1.0));
    let x = bot.exploitability(&e);
    // Against "always call" the small blind pushes its better half; against "always push"
    // the big blind calls a little over half: both win, and the equilibrium wins less.
    let brute = Brute::new(&g);
    let sb = brute.value(&brute.best_push(&bot.call), &bot.call);
    let bb = -brute.value(&bot.push, &brute.best_call(&bot.push));
    assert!((x.best_response[0] - sb).abs() < 1e-12 && (x.best_response[1] - bb).abs() < 1e-12);
    assert!(x.best_response_per_hand() > -x.against_equilibrium_per_hand());
    assert!(x.against_equilibrium_per_hand() < 0.0);
}
