//! `hus equity`: range against range, exact (reference §12.11), as PokerStove and Equilab
//! count it.

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The hero's hand or range: `AKs`, `AhKh`, `QQ+ | AK`, `AKo:0.5` (as in scripts; commas
    /// separate too).
    pub hero: String,
    /// The villain's hand or range.
    pub villain: String,
    /// The board so far: none, a flop, a turn or a river (`Kh8s4d`).
    #[arg(long, default_value = "")]
    pub board: String,
    /// Cards neither player holds and the board cannot show (`2c3d`).
    #[arg(long, default_value = "")]
    pub dead: String,
    /// Keep only the villain's holdings these hand words hold for on the board, as `WITH` in
    /// a script: `'topPair+ | flushDraw'`.
    #[arg(long = "villain-with", value_name = "WORDS")]
    pub villain_with: Option<String>,
    /// How card queries are read: `hus` (`K9s+` raises both cards, as in scripts) or
    /// `pokerstove` (`K9s+` is K9s-KQs, as PokerStove and Equilab read it).
    #[arg(long, value_enum, default_value = "hus")]
    pub notation: NotationArg,
    /// Sample N deals (Monte Carlo, with the standard error) instead of counting exactly;
    /// without it, counts above 4e9 showdowns are sampled with 1,000,000 deals.
    #[arg(long, value_name = "N")]
    pub sample: Option<u64>,
    /// The seed of the sample's random deals.
    #[arg(long, default_value_t = 1, value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Print one JSON object with every number in full.
    #[arg(long)]
    pub json: bool,
}

/// `--notation`'s values.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum NotationArg {
    Hus,
    Pokerstove,
}

impl From<NotationArg> for hus::Notation {
    fn from(n: NotationArg) -> hus::Notation {
        match n {
            NotationArg::Hus => hus::Notation::Hus,
            NotationArg::Pokerstove => hus::Notation::PokerStove,
        }
    }
}

pub fn run(args: Args) -> u8 {
    let options = hus::EquityOptions {
        notation: args.notation.into(),
        sample: args.sample,
        seed: args.seed,
        hero: args.hero,
        villain: args.villain,
        board: args.board,
        dead: args.dead,
        villain_with: args.villain_with,
    };
    match hus::equity(&options) {
        Ok(report) => {
            for w in &report.warnings {
                errln!("hus equity: {w}");
            }
            let out = if args.json {
                super::to_stdout_json(&format!("{}\n", report.json()))
            } else {
                super::to_stdout_text(&report.text())
            };
            out.err().unwrap_or(exit::OK)
        }
        Err(e) => {
            errln!("hus equity: {e}");
            exit::USAGE
        }
    }
}
