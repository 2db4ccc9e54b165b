//! The library example of the README, kept compiling and correct.

use hus::{check, diag::SourceFile, eval, game::GameState};
use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};

#[test]
fn readme_library_example() -> Result<(), Box<dyn std::error::Error>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let source = SourceFile::new(
        "bot.hus",
        std::fs::read_to_string(format!("{root}/examples/first.hus"))?,
    );
    let program = check::check(&source, &check::CheckOptions::default())
        .program
        .expect("no errors");
    let (state, _warnings) = GameState::from_xml(&std::fs::read_to_string(format!(
        "{root}/examples/games/preflop-kings.xml"
    ))?)?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let decision = eval::decide(&program, &state, &mut rng, &eval::DecideOptions::default())?;
    assert_eq!(decision.action.to_string(), "raise 60");
    Ok(())
}
