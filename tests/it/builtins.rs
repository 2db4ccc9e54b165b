//! The built-in bots' documented behaviour on hand-made situations, through the library's
//! front door (`hus::Bot::builtin`, `hus::GameState::builder`).

use hus::{Bot, GameState, Play, Player};

/// The hero raised to 60 before the flop and was called; on a flop of `board` the villain
/// shoves the rest of a 2,000-chip stack (1,940).
fn facing_a_flop_shove(hero: &str, board: &str) -> GameState {
    let (state, _) = GameState::builder(10.0, 20.0)
        .stacks(2000.0, 2000.0)
        .hero_cards(hero)
        .board(board)
        .play(Player::Hero, Play::RaiseTo(60.into()))
        .play(Player::Villain, Play::Call)
        .play(Player::Villain, Play::BetTo(1940.into()))
        .build()
        .expect("a valid state");
    state
}

#[test]
fn builtin_equity_calls_a_flop_shove_only_with_equity_against_a_shoving_range() {
    let bot = Bot::builtin("equity").expect("the built-in bot");
    // 7c6c on Kh7s2d: 0.69 against a random hand, 0.43 against 88+ | AT+ | KQ, and a call
    // needs 0.485: the shove is folded.
    let middle_pair = facing_a_flop_shove("7c6c", "Kh7s2d");
    let d = bot.decide(&middle_pair, 1).expect("a decision");
    assert_eq!(d.action.to_string(), "fold");
    // Kc4d: top pair keeps 0.71 against that range: called.
    let top_pair = facing_a_flop_shove("Kc4d", "Kh7s2d");
    let d = bot.decide(&top_pair, 1).expect("a decision");
    assert_eq!(d.action.to_string(), "call");
}

#[test]
fn builtin_equity_facing_a_shove_before_the_flop_plays_its_equity_against_any_hand() {
    // Strength against a range is undefined before the flop: the usual rules decide.
    let bot = Bot::builtin("equity").expect("the built-in bot");
    let (state, _) = GameState::builder(10.0, 20.0)
        .stacks(2000.0, 2000.0)
        .button(Player::Villain)
        .hero_cards("AhKd")
        .play(Player::Villain, Play::RaiseTo(2000.into()))
        .build()
        .expect("a valid state");
    let d = bot.decide(&state, 1).expect("a decision");
    assert_eq!(d.action.to_string(), "call");
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}
