//! `hus range`: a range on a board by hand category (reference §12.12), as Flopzilla shows it,
//! in the language's words.

use std::path::PathBuf;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The range: `QQ+ | AK | A5s-A2s`, `AKo:0.5`, `AhKh` (as in scripts; commas separate too).
    pub range: String,
    /// The board: a flop, a turn or a river (`Kh8s4d`).
    #[arg(long)]
    pub board: String,
    /// Cards the range cannot hold (the hero's own, `AsKd`).
    #[arg(long, default_value = "")]
    pub dead: String,
    /// Keep only the holdings these hand words hold for, as `WITH` in a script:
    /// `'topPair+ | flushDraw'`.
    #[arg(long = "with", value_name = "WORDS")]
    pub with: Option<String>,
    /// How card queries are read: `hus` (`K9s+` raises both cards) or `pokerstove`
    /// (`K9s+` is K9s-KQs).
    #[arg(long, value_enum, default_value = "hus")]
    pub notation: super::equity::NotationArg,
    /// Also show every card that can come next (a turn or a river): the share of the kept
    /// range in each made hand and the change in its equity.
    #[arg(long = "next-card")]
    pub next_card: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also write the 13x13 grid of what is kept as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn run(args: Args) -> u8 {
    let options = hus::RangeOptions {
        range: args.range,
        board: args.board,
        dead: args.dead,
        with: args.with,
        notation: args.notation.into(),
        next_card: args.next_card,
    };
    let report = match hus::range_breakdown(&options) {
        Ok(r) => r,
        Err(e) => {
            errln!("hus range: {e}");
            return exit::USAGE;
        }
    };
    for w in &report.warnings {
        errln!("hus range: {w}");
    }
    if let Some(path) = &args.svg {
        use std::io::Write;
        let written =
            hus::new_output_file(path).and_then(|mut f| f.write_all(report.svg().as_bytes()));
        if let Err(e) = written {
            errln!("hus range: cannot write {}: {e}", path.display());
            return exit::USAGE;
        }
    }
    let out = if args.json {
        super::to_stdout_json(&format!("{}\n", report.json()))
    } else {
        super::to_stdout_text(&report.text())
    };
    out.err().unwrap_or(exit::OK)
}
