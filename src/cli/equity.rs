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
    /// Print one JSON object with every number in full.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> u8 {
    let options = hus::EquityOptions {
        hero: args.hero,
        villain: args.villain,
        board: args.board,
        dead: args.dead,
        villain_with: args.villain_with,
    };
    match hus::equity(&options) {
        Ok(report) => {
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
