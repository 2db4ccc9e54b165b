//! A player's range through the hand (reference §12.14) against a brute force written apart
//! from it: for every holding, each of the player's acts is rebuilt as a game state of its
//! own with `GameState::builder` (the player as hero) and the exact probability that the
//! script makes that act there is multiplied in. The range-weighted chart's categories are
//! checked against the same brute force.

use hus::reach::{spot_range, RangeSource};
use hus::{Action, Bot, BotOptions, ChartRange, GameState, Play, Player, Spot, SpotOptions};
use hus_lang::eval::exact::outcomes;
use hus_lang::eval::DecideOptions;
use hus_poker::cards::category::Made;
use hus_poker::cards::{Card, CardSet};
use hus_poker::game::format_amount;

/// A seat of heads-up: the button (small blind) or the big blind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Seat {
    Btn,
    Bb,
}

/// One spot written twice: in the chart notation, and as the acts with their seats and the
/// street each falls on (0 before the flop), in chips.
struct Case {
    bot: &'static str,
    stack_bb: f64,
    notation: &'static str,
    board: &'static str,
    acts: &'static [(Seat, Play, usize)],
    /// The seat to act at the spot: the chart's hero.
    hero: Seat,
}

const TAG: &str = "examples/tag.hus";
const PUSHFOLD: &str = "examples/pushfold.hus";

use Play::{BetTo, Call, Check, RaiseTo};

const CASES: [Case; 6] = [
    Case {
        bot: TAG,
        stack_bb: 100.0,
        notation: "BTN 4bb",
        board: "",
        acts: &[(Seat::Btn, RaiseTo(hus::Decimal::whole(400)), 0)],
        hero: Seat::Bb,
    },
    Case {
        bot: TAG,
        stack_bb: 100.0,
        notation: "BTN 4bb, BB 3bet 13bb",
        board: "",
        acts: &[
            (Seat::Btn, RaiseTo(hus::Decimal::whole(400)), 0),
            (Seat::Bb, RaiseTo(hus::Decimal::whole(1300)), 0),
        ],
        hero: Seat::Btn,
    },
    Case {
        bot: TAG,
        stack_bb: 100.0,
        notation: "BTN 4bb, BB call, BB bet 50%",
        board: "Kh8s4d",
        acts: &[
            (Seat::Btn, RaiseTo(hus::Decimal::whole(400)), 0),
            (Seat::Bb, Call, 0),
            (Seat::Bb, BetTo(hus::Decimal::whole(400)), 1),
        ],
        hero: Seat::Btn,
    },
    Case {
        bot: TAG,
        stack_bb: 100.0,
        notation: "BTN 4bb, BB call, BB check",
        board: "Th9h7c",
        acts: &[
            (Seat::Btn, RaiseTo(hus::Decimal::whole(400)), 0),
            (Seat::Bb, Call, 0),
            (Seat::Bb, Check, 1),
        ],
        hero: Seat::Btn,
    },
    Case {
        bot: PUSHFOLD,
        stack_bb: 20.0,
        notation: "BTN allin",
        board: "",
        acts: &[(Seat::Btn, RaiseTo(hus::Decimal::whole(2000)), 0)],
        hero: Seat::Bb,
    },
    Case {
        bot: PUSHFOLD,
        stack_bb: 20.0,
        notation: "BTN limp, BB check",
        board: "Kh8s4d",
        acts: &[(Seat::Btn, Call, 0), (Seat::Bb, Check, 0)],
        hero: Seat::Bb,
    },
];

fn bot(path: &str) -> Bot {
    Bot::from_file(path, &BotOptions::default()).expect("the example compiles")
}

fn spot_of(case: &Case) -> Spot {
    Spot::new(&SpotOptions {
        actions: case.notation.into(),
        board: case.board.into(),
        stack: case.stack_bb,
        ..SpotOptions::default()
    })
    .expect("a valid spot")
}

/// The game state before act `k` of `case`, seen by the seat that acts there, holding
/// `cards`: the acts before it, the board of its street.
fn state_before(case: &Case, k: usize, seat: Seat, cards: &str) -> GameState {
    let me = |s: Seat| {
        if s == seat {
            Player::Hero
        } else {
            Player::Villain
        }
    };
    let street = case.acts.get(k).map_or(street_of(case), |a| a.2);
    let board = if street == 0 { "" } else { case.board };
    let stack = case.stack_bb * 100.0;
    let mut b = GameState::builder(50.0, 100.0)
        .stacks(stack, stack)
        .button(me(Seat::Btn))
        .hero_cards(cards)
        .board(board);
    for &(s, play, _) in &case.acts[..k] {
        b = b.play(me(s), play);
    }
    b.build().expect("a valid state").0
}

/// The street of the spot itself: that of its board.
fn street_of(case: &Case) -> usize {
    if case.board.is_empty() {
        0
    } else {
        1
    }
}

/// The exact probability that `bot`, as hero of `state`, makes `play`; no rule gives a check
/// or a fold, as at a table.
fn probability(bot: &Bot, state: &GameState, play: Play) -> f64 {
    let d = state.derived();
    let matches = |action: Action| match (action, play) {
        (Action::Fold, Play::Fold) | (Action::Check, Play::Check) | (Action::Call, Play::Call) => {
            true
        }
        (Action::Raise { to: t, .. }, Play::BetTo(to) | Play::RaiseTo(to)) => {
            (t - to.to_f64()).abs() < 1e-6
        }
        _ => false,
    };
    match outcomes(bot.program(), state, &DecideOptions::default()) {
        Ok(o) => o
            .decisions
            .iter()
            .filter(|(dec, _)| matches(dec.action))
            .map(|(_, p)| p)
            .sum(),
        Err(_) if d.to_call > hus::Chips::ZERO => f64::from(u8::from(play == Play::Fold)),
        Err(_) => f64::from(u8::from(play == Play::Check)),
    }
}

/// Every two cards of the deck.
fn holdings() -> Vec<(Card, Card)> {
    let deck: Vec<Card> = (0..64).filter_map(Card::from_index).collect();
    let mut out = Vec::new();
    for (i, &a) in deck.iter().enumerate() {
        for &b in &deck[i + 1..] {
            out.push((a, b));
        }
    }
    out
}

/// The weight of `a b` for `seat` through the acts of `case`, by brute force.
fn brute_weight(bot: &Bot, case: &Case, seat: Seat, a: Card, b: Card) -> f64 {
    let board: CardSet = case.board.parse().expect("a board");
    if board.contains(a) || board.contains(b) {
        return 0.0;
    }
    let cards = format!("{a}{b}");
    let mut w = 1.0;
    for (k, &(s, play, _)) in case.acts.iter().enumerate() {
        if s == seat && w > 0.0 {
            w *= probability(bot, &state_before(case, k, seat, &cards), play);
        }
    }
    w
}

fn other(s: Seat) -> Seat {
    match s {
        Seat::Btn => Seat::Bb,
        Seat::Bb => Seat::Btn,
    }
}

#[test]
fn the_range_through_the_acts_is_the_brute_force() {
    for case in &CASES {
        let bot = bot(case.bot);
        let spot = spot_of(case);
        for (player, seat) in [
            (Player::Hero, case.hero),
            (Player::Villain, other(case.hero)),
        ] {
            let range = spot_range(&spot, player, RangeSource::Script(&bot)).unwrap();
            let mut total = 0.0;
            for (a, b) in holdings() {
                let want = brute_weight(&bot, case, seat, a, b);
                total += want;
                let got = range.of(a, b);
                assert!(
                    (got - want).abs() < 1e-12,
                    "{} `{}` {player:?} {a}{b}: {got} against {want}",
                    case.bot,
                    case.notation
                );
            }
            assert!((range.combos() - total).abs() < 1e-9);
        }
    }
}

/// A few of the ranges, by their size: the tests above could pass on empty ranges.
#[test]
fn the_ranges_are_not_empty() {
    let sizes: Vec<(f64, f64)> = CASES
        .iter()
        .map(|case| {
            let bot = bot(case.bot);
            let spot = spot_of(case);
            let size = |p| {
                spot_range(&spot, p, RangeSource::Script(&bot))
                    .unwrap()
                    .combos()
            };
            (size(Player::Hero), size(Player::Villain))
        })
        .collect();
    // Nobody has acted for the big blind facing an open: all 1,326 holdings.
    assert_eq!(sizes[0].0, 1326.0);
    for (i, (h, v)) in sizes.iter().enumerate() {
        assert!(*h > 0.0, "case {i}: hero {h}");
        assert!(i == 5 || *v > 0.0, "case {i}: villain {v}");
    }
}

/// The range-weighted flop chart: each category's combinations and shares are those of the
/// brute force, each holding's decision at the spot weighted by its brute-force weight.
#[test]
fn the_weighted_chart_is_the_brute_force() {
    for case in CASES.iter().filter(|c| !c.board.is_empty()) {
        let bot = bot(case.bot);
        let spot = spot_of(case);
        let weights = spot_range(&spot, Player::Hero, RangeSource::Script(&bot)).unwrap();
        let range = ChartRange {
            weights,
            source: "brings here".into(),
        };
        let chart = hus::chart_over(&bot, &spot, Some(&range)).unwrap();
        let board: CardSet = case.board.parse().unwrap();
        // By made-hand category: the weight, and each action's weight.
        let mut rows: Vec<(f64, Vec<(Action, f64)>)> = vec![(0.0, Vec::new()); Made::ALL.len()];
        for (a, b) in holdings() {
            let w = brute_weight(&bot, case, case.hero, a, b);
            if w == 0.0 {
                continue;
            }
            let state = state_before(case, case.acts.len(), case.hero, &format!("{a}{b}"));
            let hole: CardSet = [a, b].into_iter().collect();
            let k = Made::ALL
                .iter()
                .position(|m| *m == Made::of(hole, board))
                .unwrap();
            rows[k].0 += w;
            let o = outcomes(bot.program(), &state, &DecideOptions::default()).unwrap();
            for (d, p) in o.decisions {
                let act = d.action;
                match rows[k].1.iter_mut().find(|x| x.0 == act) {
                    Some(x) => x.1 += w * p,
                    None => rows[k].1.push((act, w * p)),
                }
            }
        }
        let total: f64 = rows.iter().map(|r| r.0).sum();
        assert!((chart.range.as_ref().unwrap().combos - total).abs() < 1e-9);
        for (row, (w, acts)) in chart.made.iter().zip(&rows) {
            assert!(
                (row.weight - w).abs() < 1e-9,
                "{}: {}",
                row.words,
                row.weight
            );
            let listed: Vec<_> = row.actions.iter().filter(|a| a.share > 0.0).collect();
            assert_eq!(
                listed.len(),
                acts.len(),
                "{}: {listed:?} {acts:?}",
                row.words
            );
            for (act, x) in acts {
                let c = row.actions.iter().find(|c| c.action == *act).unwrap();
                assert!((c.share - x / w).abs() < 1e-12, "{}: {act}", row.words);
            }
        }
        let text = chart.text();
        assert!(text.contains(&format!(
            "over the {} combos brings here",
            format_amount((total * 10.0).round() / 10.0)
        )));
    }
}
