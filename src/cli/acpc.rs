//! `hus acpc BOT HOST PORT`: plays one seat of a match run by the Annual Computer Poker
//! Competition's dealer, and reports the seat's result like `hus match`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use hus::acpc::client::{self, ClientError};
use hus::acpc::seat::{Seat, SeatConfig, SeatError, SeatSummary};
use hus::acpc::NoLimitGame;
use hus::dealer::{MatchResult, Stakes};
use hus::external::ExternalPolicy;
use hus::play::{load_bot, BotLoadError, Histories, LoadedBot};
use serde_json::json;

use super::exit;
use super::matches::{bot_json, bot_section, result_lines};

#[derive(clap::Args)]
pub struct Args {
    /// The bot: a script, or builtin:NAME.
    pub bot: String,
    /// The dealer's host.
    pub host: String,
    /// The port the dealer opened for this seat.
    pub port: u16,
    /// The dealer's game definition (default: heads-up no-limit, stacks 20000, blinds 50/100,
    /// reverse blinds, as holdem.nolimit.2p.reverse_blinds.game).
    #[arg(long, value_name = "FILE.game")]
    pub game: Option<PathBuf>,
    /// Seed of every decision's random choices (drawn and reported if absent).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Let the script run `external` programs.
    #[arg(long)]
    pub allow_external: bool,
    /// The time limit of one external program, in seconds; below --time-limit.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    pub external_timeout: f64,
    /// The dealer's time limit per action, in seconds (the competition's is 10): the external
    /// programs of one decision get at most this less one second, together.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub time_limit: f64,
    /// Give up when the dealer sends nothing for this long, in seconds.
    #[arg(long, default_value_t = 600.0, value_name = "SECONDS")]
    pub idle_timeout: f64,
    /// Write the game state of every decision to this directory, with an index.tsv.
    #[arg(long, value_name = "DIR")]
    pub histories: Option<PathBuf>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// A directory `USE TABLE` may read tables from, besides the script's own (repeatable).
    #[arg(long = "table-dir", value_name = "DIR")]
    pub table_dirs: Vec<PathBuf>,
}

/// The game definition of `--game`, or the standard one.
pub(crate) fn read_game(path: Option<&PathBuf>) -> Result<NoLimitGame, String> {
    let Some(path) = path else {
        return Ok(NoLimitGame::standard());
    };
    let text = hus::limits::read_text(path, 1 << 20, false)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    NoLimitGame::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Loads and checks the bot of `hus acpc` or `hus replay`, printing its diagnostics.
pub(crate) fn load(
    spec: &str,
    allow_external: bool,
    timeout: Duration,
    table_dirs: &[PathBuf],
) -> Result<LoadedBot, (u8, String)> {
    let policy = ExternalPolicy {
        allow: allow_external,
        timeout,
        deadline: None,
    };
    match load_bot(spec, &policy, table_dirs, &[]) {
        Ok(bot) => {
            super::to_stderr_rendered(&super::render_all(&super::matches::located(
                &bot.source,
                &bot.warnings,
            )));
            Ok(bot)
        }
        Err(BotLoadError::Script {
            source,
            diagnostics,
        }) => {
            super::to_stderr_rendered(&super::render_all(&super::matches::located(
                &source,
                &diagnostics,
            )));
            Err((exit::SCRIPT, format!("{} has errors", source.name)))
        }
        Err(e) => Err((exit::USAGE, e.to_string())),
    }
}

/// Seconds from an option: above 0 and at most a day.
pub(crate) fn seconds(name: &str, x: f64) -> Result<Duration, String> {
    let max = hus::limits::MAX_EXTERNAL_TIMEOUT_SECS;
    // Below a millisecond no program or dealer can answer, and such a number prints as a
    // wall of zeros in the messages that quote it.
    if x.is_finite() && (0.001..=max).contains(&x) {
        Ok(Duration::from_secs_f64(x))
    } else {
        Err(format!(
            "{name} must be a number of seconds, at least 0.001 (a millisecond) and at most {max} (a day)"
        ))
    }
}

pub fn run(args: Args) -> u8 {
    match play(&args) {
        Ok(code) => code,
        Err((code, message)) => {
            errln!("hus acpc: {message}");
            code
        }
    }
}

/// Checks the options, loads the bot, plays the seat at the dealer and prints the result;
/// each failure returns its exit code.
fn play(args: &Args) -> Result<u8, (u8, String)> {
    let usage = |m: String| (exit::USAGE, m);
    let external_timeout = seconds("--external-timeout", args.external_timeout).map_err(usage)?;
    let time_limit = seconds("--time-limit", args.time_limit).map_err(usage)?;
    let idle = seconds("--idle-timeout", args.idle_timeout).map_err(usage)?;
    if args.allow_external && external_timeout >= time_limit {
        return Err(usage(format!(
            "--external-timeout ({} s) must be below the dealer's time limit per action (--time-limit, {} s)",
            args.external_timeout, args.time_limit
        )));
    }
    let budget = time_limit
        .saturating_sub(Duration::from_secs(1))
        .max(time_limit / 2);
    let game = read_game(args.game.as_ref()).map_err(usage)?;
    let bot = load(
        &args.bot,
        args.allow_external,
        external_timeout,
        &args.table_dirs,
    )?;
    let histories = match &args.histories {
        Some(dir) => Some(
            Histories::create_for(dir, &[(bot.name.clone(), Some(&bot))], 999_999).map(|mut h| {
                h.first_number = 0;
                h
            }),
        )
        .transpose()
        .map_err(usage)?,
        None => None,
    };
    let seed = args.seed.unwrap_or_else(rand::random);

    let stream =
        client::connect(&args.host, args.port).map_err(|e| (exit::CONNECTION, e.to_string()))?;
    let _ = stream.set_read_timeout(Some(idle));
    let start = Instant::now();
    let seat = Seat::new(
        bot.bot.clone(),
        SeatConfig {
            game: game.clone(),
            seed,
            external_budget: budget,
            histories,
        },
    );
    let summary = client::play(stream, seat).map_err(|e| {
        let code = match &e {
            ClientError::Connection(_) | ClientError::Seat(SeatError::Dropped { .. }) => {
                exit::CONNECTION
            }
            ClientError::Seat(SeatError::Protocol { .. }) => exit::PROTOCOL,
            ClientError::Seat(SeatError::InvalidState { .. }) => exit::GAME,
            ClientError::Seat(SeatError::Bot { .. }) => exit::EXTERNAL,
            ClientError::Seat(SeatError::Io(_)) => exit::USAGE,
        };
        (code, e.to_string())
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let text = report(args, &bot.name, &game, seed, &summary, seconds);
    if args.json {
        super::to_stdout_json(&text)
    } else {
        super::to_stdout_text(&text)
    }
    .map_err(|c| (c, "cannot write the result".to_string()))?;
    Ok(exit::OK)
}

/// The seat's result as `hus match` reports a bot's, in text or JSON.
fn report(
    args: &Args,
    bot: &str,
    game: &NoLimitGame,
    seed: u64,
    summary: &SeatSummary,
    seconds: f64,
) -> String {
    let (sb, bb) = (
        game.blinds[0].min(game.blinds[1]) as i64,
        game.blinds[0].max(game.blinds[1]) as i64,
    );
    let result = MatchResult {
        hands: summary.hands,
        seed,
        stakes: Stakes {
            sb,
            bb,
            stack: game.stack as i64,
        },
        duplicate: false,
        net_a: summary.net_chips,
        tally: summary.tally,
        bots: [summary.stats.clone(), Default::default()],
        hand_results: None,
        threads: 1,
    };
    if args.json {
        let ci = result.ci95().map(|(lo, hi)| vec![lo, hi]);
        format!(
            "{}\n",
            json!({
                "hands": result.hands,
                "seed": seed,
                "blinds": [sb, bb],
                "stack": game.stack,
                "duplicate": false,
                "mbb_per_hand": result.mbb_per_hand(),
                "ci95": ci,
                "net_chips": result.net_a,
                "bots": { "A": bot_json(bot, &summary.stats) },
                "dealer": { "host": args.host, "port": args.port },
                "timing": {
                    "seconds": seconds,
                    "hands_per_second": if seconds > 0.0 { result.hands as f64 / seconds } else { 0.0 },
                    "threads": 1,
                },
            })
        )
    } else {
        let mut s = format!(
            "bot: {}\ndealer: {}:{}\nhands: {}, seed {seed}, blinds {sb}/{bb}, stacks {} big blinds\n",
            bot,
            args.host,
            args.port,
            result.hands,
            game.stack as i64 / bb
        );
        s.push_str(&result_lines(
            "The bot",
            "the opponent",
            result.mbb_per_hand(),
            result.ci95(),
            result.net_a,
            bb,
        ));
        s.push_str(&bot_section("The bot", bot, &summary.stats));
        s
    }
}
