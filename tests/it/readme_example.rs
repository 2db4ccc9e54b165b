//! The library example of the README, kept compiling and correct.

use hus::{Action, Bot, BotOptions, GameState, Player};

#[test]
fn readme_library_example() -> Result<(), Box<dyn std::error::Error>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let bot = Bot::from_file(format!("{root}/examples/tag.hus"), &BotOptions::default())?;
    let (state, _warnings) = GameState::builder(10.0, 20.0)
        .button(Player::Hero)
        .hero_cards("AsKs")
        .build()?;
    let decision = bot.decide(&state, 7)?;
    assert!(matches!(decision.action, Action::Raise { .. }));
    let (again, _) = GameState::from_xml(&state.xml())?;
    assert_eq!(bot.decide(&again, 7)?.action, decision.action);
    Ok(())
}
