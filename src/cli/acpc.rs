//! `hus acpc BOT HOST PORT`: plays one seat of a match run by the Annual Computer Poker
//! Competition's dealer, and reports the seat's result like `hus match`.

use std::path::PathBuf;

use hus::{AcpcErrorKind, AcpcSeatOptions, BotOptions};

use super::exit;

#[derive(clap::Args)]
#[command(mut_arg("external_timeout", |a| {
    a.help("The time limit of one external program, in seconds; below --time-limit")
}))]
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
    #[arg(long, value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub external: super::flags::AllowExternal,
    #[command(flatten)]
    pub timeout: super::flags::ExternalTimeout,
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
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    #[command(flatten)]
    pub values: super::flags::TuneValues,
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
    let seconds = super::seconds;
    let external_timeout = args.timeout.checked().map_err(usage)?;
    let time_limit = seconds("--time-limit", args.time_limit).map_err(usage)?;
    let idle_timeout = seconds("--idle-timeout", args.idle_timeout).map_err(usage)?;
    if args.external.allow_external && external_timeout >= time_limit {
        return Err(usage(format!(
            "--external-timeout ({} s) must be below the dealer's time limit per action (--time-limit, {} s)",
            args.timeout.external_timeout, args.time_limit
        )));
    }
    let game = hus::read_acpc_game(args.game.as_deref()).map_err(usage)?;
    let bot_options = BotOptions {
        values: args.values.values.clone(),
        table_dirs: args.tables.table_dirs.clone(),
        allow_external: args.external.allow_external,
        external_timeout,
        ..BotOptions::default()
    };
    let bot = super::load_bot(&args.bot, &bot_options)?;
    let options = AcpcSeatOptions {
        host: args.host.clone(),
        port: args.port,
        game,
        seed: args.seed.unwrap_or_else(rand::random),
        time_limit,
        idle_timeout,
        histories: args.histories.clone(),
    };
    let report = hus::play_acpc_seat(&bot, &options).map_err(|e| {
        let code = match e.kind {
            AcpcErrorKind::Usage => exit::USAGE,
            AcpcErrorKind::Connection => exit::CONNECTION,
            AcpcErrorKind::Protocol => exit::PROTOCOL,
            AcpcErrorKind::Game => exit::GAME,
            AcpcErrorKind::External => exit::EXTERNAL,
        };
        (code, e.message)
    })?;
    if args.json {
        super::to_stdout_json(&report.json())
    } else {
        super::to_stdout_text(&report.text())
    }
    .map_err(|c| (c, "cannot write the result".to_string()))?;
    Ok(exit::OK)
}
