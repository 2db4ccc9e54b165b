//! `hus decide BOT.hus GAME.xml`

#[derive(clap::Args)]
pub struct Args {
    /// The bot script.
    pub script: std::path::PathBuf,
    /// The game-state XML file.
    pub game: std::path::PathBuf,
}

pub fn run(_args: Args) -> u8 {
    eprintln!("hus decide: not yet implemented (the evaluator lands with issue 4)");
    super::exit::USAGE
}
