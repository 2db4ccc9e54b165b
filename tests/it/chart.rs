//! `hus chart` against the bot's own decisions: every cell of the chart of `examples/tag.hus`
//! (opening, facing a 3-bet, and on a flop by category) equals what the library decides for
//! that hand, and mixed strategies show their weights exactly.

use hus::{Action, Bot, BotOptions, ChartAction, GameState, Play, Player, Spot, SpotOptions};
use hus_poker::cards::category::Made;
use hus_poker::cards::hole::HoleClass;
use hus_poker::cards::CardSet;

fn tag() -> Bot {
    Bot::from_file("examples/tag.hus", &BotOptions::default()).expect("tag.hus compiles")
}

fn spot(actions: &str, board: &str) -> Spot {
    Spot::new(&SpotOptions {
        actions: actions.into(),
        board: board.into(),
        ..SpotOptions::default()
    })
    .expect("a valid spot")
}

/// The shares of the actions `bot` takes in `state`, from its decisions over many seeds and
/// the weights of the draws they report: each weighted item seen once gives its weight.
fn decided_shares(bot: &Bot, state: &GameState) -> Vec<(Action, f64)> {
    let mut seen: Vec<(usize, Action, f64)> = Vec::new();
    let mut plain: Option<Action> = None;
    for seed in 0..64 {
        let d = bot.decide(state, seed).expect("a rule matches");
        assert!(!d.random_tie, "no random tie in tag.hus");
        match d.draw {
            Some(draw) => {
                if !seen.iter().any(|s| s.0 == draw.index) {
                    seen.push((draw.index, d.action, draw.weight / draw.total));
                }
            }
            None => {
                assert!(
                    plain.is_none_or(|p| p == d.action),
                    "one action without a draw"
                );
                plain = Some(d.action);
            }
        }
    }
    let mut out: Vec<(Action, f64)> = Vec::new();
    if let Some(a) = plain {
        assert!(seen.is_empty(), "a decision with and without a draw");
        out.push((a, 1.0));
    }
    for (_, a, w) in seen {
        match out.iter_mut().find(|o| o.0 == a) {
            Some(o) => o.1 += w,
            None => out.push((a, w)),
        }
    }
    out
}

fn assert_same(chart: &[ChartAction], decided: &[(Action, f64)], what: &str) {
    assert_eq!(
        chart.len(),
        decided.len(),
        "{what}: {chart:?} against {decided:?}"
    );
    for (a, share) in decided {
        let c = chart.iter().find(|c| c.action == *a);
        let c = c.unwrap_or_else(|| panic!("{what}: {a} missing from {chart:?}"));
        assert!(
            (c.share - share).abs() < 1e-12,
            "{what}: {a} {} against {share}",
            c.share
        );
    }
}

/// Every cell of a chart before the flop against the decisions in the same spot built by
/// hand: `plays` are the acts, the hero on the button when `hero_button`.
fn check_preflop(chart_spot: &str, hero_button: bool, plays: &[(Player, Play)]) {
    let bot = tag();
    let chart = hus::chart(&bot, &spot(chart_spot, "")).expect("a chart");
    assert_eq!(chart.cells.len(), 169);
    let button = if hero_button {
        Player::Hero
    } else {
        Player::Villain
    };
    for (i, cell) in chart.cells.iter().enumerate() {
        let class = HoleClass::from_index(i);
        assert_eq!(cell.class, class.name());
        let hand: CardSet = cell.hand.parse().expect("two cards");
        let cards: Vec<_> = hand.cards().collect();
        assert_eq!(HoleClass::of(cards[0], cards[1]), class, "{}", cell.hand);
        let mut b = GameState::builder(50.0, 100.0)
            .stacks(10_000.0, 10_000.0)
            .button(button)
            .hero_cards(&cell.hand);
        for &(p, play) in plays {
            b = b.play(p, play);
        }
        let (state, _) = b.build().expect("a valid state");
        assert_eq!(cell.no_rule, 0.0);
        assert!(!cell.reads_random);
        assert_same(&cell.actions, &decided_shares(&bot, &state), &cell.class);
    }
}

#[test]
fn the_opening_chart_is_what_the_bot_decides() {
    check_preflop("", true, &[]);
}

#[test]
fn the_chart_facing_a_3bet_is_what_the_bot_decides() {
    use Play::RaiseTo;
    check_preflop(
        "BTN 4bb, BB 3bet 12bb",
        true,
        &[
            (Player::Hero, RaiseTo(400.into())),
            (Player::Villain, RaiseTo(1200.into())),
        ],
    );
}

/// On K84 facing a half-pot bet, each category's shares are those of its holdings decided
/// one by one.
#[test]
fn the_flop_chart_by_category_is_what_the_bot_decides() {
    use Play::*;
    let bot = tag();
    let chart = hus::chart(&bot, &spot("BTN 4bb, BB call, BB bet 50%", "Kh8s4d")).unwrap();
    let board: CardSet = "Kh8s4d".parse().unwrap();
    let mut by_made: Vec<(u32, Vec<(Action, f64)>)> = vec![(0, Vec::new()); Made::ALL.len()];
    let deck: Vec<hus_poker::cards::Card> = (0..64)
        .filter_map(hus_poker::cards::Card::from_index)
        .collect();
    for (i, &ca) in deck.iter().enumerate() {
        for &cb in &deck[i + 1..] {
            let hole: CardSet = [ca, cb].into_iter().collect();
            if board.contains(ca) || board.contains(cb) {
                continue;
            }
            {
                let (state, _) = GameState::builder(50.0, 100.0)
                    .stacks(10_000.0, 10_000.0)
                    .button(Player::Hero)
                    .hero_cards(&format!("{ca}{cb}"))
                    .board("Kh8s4d")
                    .play(Player::Hero, RaiseTo(400.into()))
                    .play(Player::Villain, Call)
                    .play(Player::Villain, BetTo(400.into()))
                    .build()
                    .expect("a valid state");
                let k = Made::ALL
                    .iter()
                    .position(|m| *m == Made::of(hole, board))
                    .unwrap();
                by_made[k].0 += 1;
                for (act, w) in decided_shares(&bot, &state) {
                    match by_made[k].1.iter_mut().find(|o| o.0 == act) {
                        Some(o) => o.1 += w,
                        None => by_made[k].1.push((act, w)),
                    }
                }
            }
        }
    }
    assert_eq!(by_made.iter().map(|m| m.0).sum::<u32>(), 1176);
    assert_eq!(chart.made.len(), Made::ALL.len());
    for (row, (n, decided)) in chart.made.iter().zip(&by_made) {
        assert_eq!(row.combos, *n, "{}", row.words);
        let shares: Vec<(Action, f64)> = decided
            .iter()
            .map(|(a, w)| (*a, w / f64::from((*n).max(1))))
            .collect();
        assert_same(&row.actions, &shares, row.words);
    }
    let top = chart
        .made
        .iter()
        .find(|r| r.words == "topPair, !topKicker")
        .unwrap();
    assert_eq!(top.combos, 108);
    assert_eq!(
        chart
            .text()
            .lines()
            .filter(|l| l.contains("topPair, !topKicker"))
            .count(),
        1
    );
}

/// A bot with a weighted RAISE list, a mixed strategy and two tied rules: the shares are the
/// weights, exactly.
#[test]
fn mixed_strategies_show_their_weights() {
    let bot = Bot::from_source(
        "mix.hus",
        "PREFLOP\n\
         RULE AA\n  THEN RAISE 1 3BB, 3 4BB\nENDRULE\n\
         RULE KK\n  THEN 0.2 CALL, 0.8 FOLD\nENDRULE\n\
         RULE QQ\n  THEN CALL\nENDRULE\n\
         RULE QQ\n  THEN FOLD\nENDRULE\n\
         RULE JJ, random < 0.25\n  THEN CALL\nENDRULE\n\
         RULE PRIORITY -1\n  THEN FOLD\nENDRULE\n\
         ENDPREFLOP\n",
        &BotOptions::default(),
    )
    .expect("compiles");
    let chart = hus::chart(&bot, &spot("", "")).unwrap();
    let cell = |name: &str| {
        let c = chart.cells.iter().find(|c| c.class == name).unwrap();
        c.actions
            .iter()
            .map(|a| (a.action.to_string(), a.share))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        cell("AA"),
        [
            ("raise 300".to_string(), 0.25),
            ("raise 400".to_string(), 0.75)
        ]
    );
    assert_eq!(
        cell("KK"),
        [("fold".to_string(), 0.8), ("call".to_string(), 0.2)]
    );
    assert_eq!(
        cell("QQ"),
        [("fold".to_string(), 0.5), ("call".to_string(), 0.5)]
    );
    let jj = cell("JJ");
    assert_eq!(jj.len(), 2);
    assert!(
        (jj[0].1 - 0.75).abs() < 1e-12 && (jj[1].1 - 0.25).abs() < 1e-12,
        "{jj:?}"
    );
    assert!(
        chart
            .cells
            .iter()
            .find(|c| c.class == "JJ")
            .unwrap()
            .reads_random
    );
}

/// The chart of a spot the bot's own range reaches, at `blinds`, without its first line (which
/// names the blinds). The command line is built only with its feature.
#[cfg(feature = "cli")]
fn reached_chart(blinds: &str) -> String {
    let out = crate::support::hus::hus(&[
        "chart",
        "examples/tag.hus",
        "--blinds",
        blinds,
        "--stack",
        "100",
        "--spot",
        "BTN raise 2.5, BB call, BB check",
        "--board",
        "Kh8s4d",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.split_once('\n').expect("a first line").1.to_string()
}

#[cfg(feature = "cli")]
#[test]
fn the_range_a_spot_reaches_is_the_same_at_any_stakes() {
    // Sizes are told apart by the state's unit: at 0.0001/0.0002 a raise to 2.5bb (0.0005)
    // and tag's raise to 3bb (0.0006) are one unit apart, not the same raise.
    let whole = reached_chart("50/100");
    assert!(whole.starts_with("over the 0 combos"), "{whole}");
    for blinds in ["0.05/0.1", "0.0001/0.0002"] {
        assert_eq!(reached_chart(blinds), whole, "at {blinds}");
    }
}
