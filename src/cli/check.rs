//! `hus check BOT.hus...`

#[derive(clap::Args)]
pub struct Args {
    /// Scripts to check.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
}

pub fn run(_args: Args) -> u8 {
    eprintln!("hus check: not yet implemented");
    super::exit::USAGE
}
