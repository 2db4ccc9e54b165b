//! `hus chart`: what a bot does in one spot with every starting hand (reference §12.13), as
//! a 13x13 grid of exact action frequencies and, after the flop, by hand category.

use std::path::PathBuf;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The bot: a script or `builtin:NAME`.
    pub bot: String,
    /// The acts so far: `BTN 2.5bb, BB 3bet 9bb` (seats BTN or SB, BB; verbs limp, call,
    /// check, fold, raise, bet, 3bet, 4bet, allin; sizes in big blinds, the total, or `50%` of
    /// the pot); its words may also be given unquoted, up to the next option. None: nobody
    /// has acted.
    #[arg(long, num_args = 1.., value_name = "ACTS")]
    pub spot: Vec<String>,
    /// The hero's seat (`sb`, `btn` or `bb`), checked against the acts.
    #[arg(long)]
    pub position: Option<String>,
    /// Both stacks at the start of the hand, in big blinds.
    #[arg(long, default_value_t = 100.0, value_name = "BB")]
    pub stack: f64,
    /// The blinds in chips, `SB/BB`.
    #[arg(long, default_value = "50/100", value_name = "SB/BB")]
    pub blinds: String,
    /// The board so far (`Kh8s4d`): the chart is by category too.
    #[arg(long, default_value = "")]
    pub board: String,
    /// A game-state file instead of the flags: its hero's cards are replaced hand by hand.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["spot", "position", "stack", "blinds", "board"])]
    pub game: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also write the grid as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

pub fn run(args: Args) -> u8 {
    match chart(args) {
        Ok(code) | Err(code) => code,
    }
}

/// `50/100` as two numbers.
pub(crate) fn blinds(text: &str) -> Result<(f64, f64), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(a, b)| Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?)));
    parsed.ok_or_else(|| {
        format!("--blinds `{text}`: write the small and the big blind as SB/BB, such as 50/100")
    })
}

fn usage(message: &str) -> u8 {
    errln!("hus chart: {message}");
    exit::USAGE
}

fn spot(args: &Args) -> Result<hus::Spot, u8> {
    if let Some(path) = &args.game {
        let xml = hus::read_game(path).map_err(|e| {
            usage(&format!(
                "cannot read the game state {}: {e}",
                path.display()
            ))
        })?;
        return match hus::game_from_xml(&path.display().to_string(), &xml) {
            Ok((state, _)) => Ok(hus::Spot::from_game(&state)),
            Err(invalid) => {
                super::to_stderr_rendered(&super::render_all(&invalid.diagnostics));
                Err(exit::GAME)
            }
        };
    }
    let (small_blind, big_blind) = blinds(&args.blinds).map_err(|m| usage(&m))?;
    let options = hus::SpotOptions {
        actions: args.spot.join(" "),
        position: args.position.clone(),
        stack: args.stack,
        small_blind,
        big_blind,
        board: args.board.clone(),
    };
    hus::Spot::new(&options).map_err(|e| usage(&e.message))
}

fn chart(args: Args) -> Result<u8, u8> {
    let spot = spot(&args)?;
    let bot = super::load_bot(&args.bot, &hus::BotOptions::default()).map_err(|(code, m)| {
        errln!("hus chart: {m}");
        code
    })?;
    let chart = match hus::chart(&bot, &spot) {
        Ok(c) => c,
        Err(hus::ChartError::Game(e)) => {
            errln!("hus chart: {e}");
            return Err(exit::GAME);
        }
        Err(hus::ChartError::Decide { hand, error }) => {
            errln!("hus chart: with {hand}:");
            super::to_stderr_rendered(&super::render_all(std::slice::from_ref(&*error.diagnostic)));
            return Err(match error.kind {
                hus::DecideErrorKind::External => exit::EXTERNAL,
                hus::DecideErrorKind::NoRuleMatched => exit::NO_RULE,
                _ => exit::SCRIPT,
            });
        }
    };
    if let Some(path) = &args.svg {
        use std::io::Write;
        let written =
            hus::new_output_file(path).and_then(|mut f| f.write_all(chart.svg().as_bytes()));
        if let Err(e) = written {
            return Err(usage(&format!("cannot write {}: {e}", path.display())));
        }
    }
    if args.json {
        super::to_stdout_json(&format!("{}\n", chart.json()))?;
    } else {
        super::to_stdout_text(&chart.text())?;
    }
    Ok(exit::OK)
}
