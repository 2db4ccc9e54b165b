//! Amounts are exact (reference §6, amounts): over random decimal stakes, no amount printed in
//! the XML, the decision's text or its JSON has more decimals than the state's unit, and
//! nothing is owed whenever the bets are level.

use hus::{Bot, BotOptions, GameState, Play, Player};
use proptest::prelude::*;

/// Raises a third of the pot (a size with many decimals) or calls.
const SCRIPT: &str = "ALWAYS\nRULE\n  toCall < 0.5 pot\n  THEN RAISE 0.3333 pot\n  VILLAIN\n    THEN RAISE 0.3333 pot\n  ENDVILLAIN\nENDRULE\nRULE\n  pot > 0\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDALWAYS\n";

/// `units` of 10^-places chips as a decimal text.
fn text(units: u64, places: u32) -> String {
    let s = format!("{units:0>width$}", width = places as usize + 1);
    let (int, frac) = s.split_at(s.len() - places as usize);
    if places == 0 {
        int.to_string()
    } else {
        format!("{int}.{frac}")
    }
}

/// The most decimal places of any number in `s` (digits after a point).
fn most_places(s: &str) -> usize {
    let b = s.as_bytes();
    (1..b.len())
        .filter(|&i| b[i] == b'.' && b[i - 1].is_ascii_digit())
        .map(|i| b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count())
        .max()
        .unwrap_or(0)
}

/// The state after the button (the villain) limps or raises by `raise` units, and, when
/// `called`, the hero calls and the villain bets `bet` units on the flop.
fn state(places: u32, sb: u64, stack: u64, raise: u64, called: bool, bet: u64) -> GameState {
    let bb = 2 * sb + 1;
    let t = |u: u64| text(u, places);
    let mut b = GameState::builder(t(sb).as_str(), t(bb).as_str())
        .stacks(t(stack).as_str(), t(stack + 7).as_str())
        .button(Player::Villain)
        .hero_cards("AsKd");
    if raise == 0 {
        b = b.play(Player::Villain, Play::Call);
    } else {
        let to: hus::Decimal = t(bb + raise).parse().unwrap();
        b = b.play(Player::Villain, Play::RaiseTo(to));
        if called {
            let to: hus::Decimal = t(bet).parse().unwrap();
            b = b
                .board("9h5s2d")
                .play(Player::Hero, Play::Call)
                .play(Player::Hero, Play::Check)
                .play(Player::Villain, Play::BetTo(to));
        }
    }
    b.build().expect("a valid state").0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn amounts_print_with_the_units_digits_and_level_bets_owe_nothing(
        places in 0u32..=6,
        sb in 1u64..500,
        extra in 0u64..100_000,
        raise in 0u64..3_000,
        called in any::<bool>(),
        bet in 1u64..2_000,
    ) {
        let bb = 2 * sb + 1;
        let stack = bb * 5 + extra + raise * 2 + bet * 2;
        let s = state(places, sb, stack, raise, called, bet);
        let d = s.derived();
        prop_assert!(d.unit.places() <= places);
        let xml = s.xml();
        let body = xml.split_once("?>").map_or(&*xml, |(_, body)| body);
        prop_assert!(most_places(body) <= places as usize, "{}", xml);
        if raise == 0 {
            // The limp: the bets are level and the hero owes exactly nothing.
            prop_assert_eq!(d.to_call, hus::Chips::ZERO);
            prop_assert_eq!(d.legal_acts(), &["check", "raise"][..]);
        }
        let bot = Bot::from_source("bot.hus", SCRIPT, &BotOptions::default()).unwrap();
        let decision = bot.decide(&s, 1).unwrap();
        let shown = decision.action.to_string();
        prop_assert!(most_places(&shown) <= places as usize, "{}", shown);
        let json: serde_json::Value =
            serde_json::from_str(&decision.json("bot.hus", &s, &[], 1)).unwrap();
        let inputs = &json["inputs"];
        for v in [
            &json["amount"],
            &inputs["pot"],
            &inputs["to_call"],
            &inputs["hero_stack"],
            &inputs["villain_stack"],
            &inputs["effective_stack"],
        ] {
            prop_assert!(most_places(&v.to_string()) <= places as usize, "{}", json);
        }
    }
}
