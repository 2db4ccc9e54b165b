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
    /// A named set of flops instead of --board, one chart each: dry, wet, paired, monotone
    /// or all.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["board", "svg"])]
    pub boards: Option<String>,
    /// A game-state file instead of the flags: its hero's cards are replaced hand by hand.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["spot", "position", "stack", "blinds", "board", "boards"])]
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

fn spot(args: &Args, board: &str) -> Result<hus::Spot, u8> {
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
        board: board.to_string(),
    };
    hus::Spot::new(&options).map_err(|e| usage(&e.message))
}

fn chart(args: Args) -> Result<u8, u8> {
    let boards: Vec<String> = match &args.boards {
        None => vec![args.board.clone()],
        Some(name) => match hus::board_set(name) {
            Some(b) => b.iter().map(|s| s.to_string()).collect(),
            None => {
                let names: Vec<&str> = hus::BOARD_SETS.iter().map(|(n, _)| *n).collect();
                return Err(usage(&format!(
                    "--boards `{name}`: no such set; the sets are {} and all",
                    names.join(", ")
                )));
            }
        },
    };
    let spots = boards
        .iter()
        .map(|b| spot(&args, b))
        .collect::<Result<Vec<_>, u8>>()?;
    let bot = super::load_bot(&args.bot, &hus::BotOptions::default()).map_err(|(code, m)| {
        errln!("hus chart: {m}");
        code
    })?;
    let mut charts = Vec::new();
    for spot in &spots {
        charts.push(one_chart(&bot, spot)?);
    }
    if let (Some(path), [chart]) = (&args.svg, charts.as_slice()) {
        use std::io::Write;
        let written =
            hus::new_output_file(path).and_then(|mut f| f.write_all(chart.svg().as_bytes()));
        if let Err(e) = written {
            return Err(usage(&format!("cannot write {}: {e}", path.display())));
        }
    }
    if args.json && args.boards.is_some() {
        let all: Vec<String> = charts.iter().map(|c| c.json()).collect();
        super::to_stdout_json(&format!("[{}]\n", all.join(",")))?;
    } else if args.json {
        super::to_stdout_json(&format!("{}\n", charts[0].json()))?;
    } else {
        let all: Vec<String> = charts.iter().map(|c| c.text()).collect();
        super::to_stdout_text(&all.join("\n"))?;
    }
    Ok(exit::OK)
}

/// The chart of one spot, or the exit code of its failure (reported).
fn one_chart(bot: &hus::Bot, spot: &hus::Spot) -> Result<hus::Chart, u8> {
    match hus::chart(bot, spot) {
        Ok(c) => Ok(c),
        Err(hus::ChartError::Game(e)) => {
            errln!("hus chart: {e}");
            Err(exit::GAME)
        }
        Err(hus::ChartError::Decide { hand, error }) => {
            errln!("hus chart: with {hand}:");
            super::to_stderr_rendered(&super::render_all(std::slice::from_ref(&*error.diagnostic)));
            Err(match error.kind {
                hus::DecideErrorKind::External => exit::EXTERNAL,
                hus::DecideErrorKind::NoRuleMatched => exit::NO_RULE,
                _ => exit::SCRIPT,
            })
        }
    }
}
