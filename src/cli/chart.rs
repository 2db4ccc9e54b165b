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
    /// After the flop, count every holding the board leaves alike instead of weighting each
    /// by the range the hero brings to the spot.
    #[arg(long, conflicts_with = "range")]
    pub all_holdings: bool,
    /// The hero's range, written (`QQ+ | AK`, `AKo:0.5`), instead of the one its script
    /// plays through the acts so far.
    #[arg(long, value_name = "RANGE")]
    pub range: Option<String>,
    /// Also print the range each player brings to the spot (grids of the share of each
    /// class; in JSON every holding's weight).
    #[arg(long)]
    pub show_range: bool,
    /// The villain's bot for --show-range (a script or `builtin:NAME`); the charted bot when
    /// not given.
    #[arg(
        long,
        value_name = "BOT",
        requires = "show_range",
        conflicts_with = "villain_range"
    )]
    pub villain: Option<String>,
    /// The villain's range for --show-range, written, instead of its bot's through the acts.
    #[arg(long, value_name = "RANGE", requires = "show_range")]
    pub villain_range: Option<String>,
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
        format!(
            "--blinds `{}`: write the small and the big blind as SB/BB, such as 50/100",
            hus::clip(text)
        )
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
    let villain = match &args.villain {
        Some(spec) => Some(super::load_bot(spec, &hus::BotOptions::default()).map_err(
            |(code, m)| {
                errln!("hus chart: {m}");
                code
            },
        )?),
        None => None,
    };
    let written = |flag: &str, text: &Option<String>| -> Result<Option<Vec<_>>, u8> {
        text.as_deref()
            .map(|t| hus::parse_range(t).map_err(|e| usage(&format!("{flag}: {e}"))))
            .transpose()
    };
    let hero_range = written("--range", &args.range)?;
    let villain_range = written("--villain-range", &args.villain_range)?;
    let sources = Sources {
        hero: match &hero_range {
            Some(h) => Source::Written(args.range.clone().unwrap_or_default(), h),
            None => Source::Script(&bot),
        },
        villain: match (&villain_range, &villain) {
            (Some(h), _) => Source::Written(args.villain_range.clone().unwrap_or_default(), h),
            (None, Some(v)) => Source::Script(v),
            (None, None) => Source::Script(&bot),
        },
    };
    let mut charts = Vec::new();
    let mut shown = Vec::new();
    for spot in &spots {
        let hero = if spot.board().is_empty() || args.all_holdings {
            None
        } else {
            Some(seat_range(spot, hus::Player::Hero, &sources.hero)?)
        };
        let range = hero.as_ref().map(|r| hus::ChartRange {
            weights: r.weights.clone(),
            source: match &sources.hero {
                Source::Script(b) => format!("{} brings here", b.name()),
                Source::Written(text, _) => format!("of the range `{}`", text.trim()),
            },
        });
        charts.push(one_chart(&bot, spot, range.as_ref())?);
        if args.show_range {
            let hero = match hero {
                Some(h) => h,
                None => seat_range(spot, hus::Player::Hero, &sources.hero)?,
            };
            shown.push([
                hero,
                seat_range(spot, hus::Player::Villain, &sources.villain)?,
            ]);
        }
    }
    if let (Some(path), [chart]) = (&args.svg, charts.as_slice()) {
        use std::io::Write;
        let written =
            hus::new_output_file(path).and_then(|mut f| f.write_all(chart.svg().as_bytes()));
        if let Err(e) = written {
            return Err(usage(&format!("cannot write {}: {e}", path.display())));
        }
    }
    if args.json {
        let all: Vec<String> = charts
            .iter()
            .enumerate()
            .map(|(i, c)| with_ranges(c.json(), shown.get(i)))
            .collect();
        if args.boards.is_some() {
            super::to_stdout_json(&format!("[{}]\n", all.join(",")))?;
        } else {
            super::to_stdout_json(&format!("{}\n", all[0]))?;
        }
    } else {
        let all: Vec<String> = charts
            .iter()
            .enumerate()
            .map(|(i, c)| match shown.get(i) {
                Some([h, v]) => format!("{}\n{}\n{}", c.text(), h.text(), v.text()),
                None => c.text(),
            })
            .collect();
        super::to_stdout_text(&all.join("\n"))?;
    }
    Ok(exit::OK)
}

/// Where each player's range comes from.
struct Sources<'a> {
    hero: Source<'a>,
    villain: Source<'a>,
}

enum Source<'a> {
    Script(&'a hus::Bot),
    /// The range as written, and read.
    Written(String, &'a [hus::Holding]),
}

/// The range `player` brings to `spot`, or the exit code of its failure (reported).
fn seat_range(
    spot: &hus::Spot,
    player: hus::Player,
    source: &Source<'_>,
) -> Result<hus::SeatRange, u8> {
    let (from, text) = match source {
        Source::Script(bot) => (
            hus::RangeSource::Script(bot),
            format!("{} through its acts", bot.name()),
        ),
        Source::Written(text, holdings) => (
            hus::RangeSource::Written(holdings),
            format!("the range `{}`", text.trim()),
        ),
    };
    let weights = hus::spot_range(spot, player, from).map_err(report)?;
    Ok(hus::SeatRange {
        player: match player {
            hus::Player::Hero => "hero",
            hus::Player::Villain => "villain",
        },
        source: text,
        weights,
        board: spot.board().into_iter().collect(),
    })
}

/// A chart's JSON object with the players' ranges added as `ranges` when shown.
fn with_ranges(json: String, ranges: Option<&[hus::SeatRange; 2]>) -> String {
    let Some([h, v]) = ranges else {
        return json;
    };
    let mut value: serde_json::Value = serde_json::from_str(&json).expect("a chart's JSON");
    value["ranges"] = serde_json::json!({ "hero": h.json(), "villain": v.json() });
    value.to_string()
}

/// The chart of one spot, or the exit code of its failure (reported).
fn one_chart(
    bot: &hus::Bot,
    spot: &hus::Spot,
    range: Option<&hus::ChartRange>,
) -> Result<hus::Chart, u8> {
    hus::chart_over(bot, spot, range).map_err(report)
}

/// Reports why a chart or a range could not be made; its exit code.
fn report(e: hus::ChartError) -> u8 {
    match e {
        hus::ChartError::Game(e) => {
            errln!("hus chart: {e}");
            exit::GAME
        }
        hus::ChartError::Decide { hand, error } => {
            errln!("hus chart: with {hand}:");
            super::to_stderr_rendered(&super::render_all(std::slice::from_ref(&*error.diagnostic)));
            match error.kind {
                hus::DecideErrorKind::External => exit::EXTERNAL,
                hus::DecideErrorKind::NoRuleMatched => exit::NO_RULE,
                _ => exit::SCRIPT,
            }
        }
    }
}
