//! `hus replay BOT LOGFILE --player NAME`: puts every decision a player made in a dealer's
//! log to a bot and reports how often the bot would have done the same.

use std::path::PathBuf;

use hus::{BotOptions, ReplayErrorKind, ReplayOptions};

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The bot: a script, or builtin:NAME.
    pub bot: String,
    /// The dealer's hand log (NAME.log: STATE lines and the SCORE line).
    pub log: PathBuf,
    /// Whose decisions to replay: a player name of the log.
    #[arg(long)]
    pub player: String,
    /// The dealer's game definition (default: the standard heads-up no-limit game).
    #[arg(long, value_name = "FILE.game")]
    pub game: Option<PathBuf>,
    /// Seed of the bot's random choices; the seed `hus acpc` played with reproduces them.
    #[arg(long, default_value_t = 0, value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: u64,
    /// Write the game state of every replayed decision here, with an index.tsv.
    #[arg(long = "to-xml", value_name = "DIR")]
    pub to_xml: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub external: super::flags::AllowExternal,
    #[command(flatten)]
    pub timeout: super::flags::ExternalTimeout,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    #[command(flatten)]
    pub values: super::flags::TuneValues,
}

pub fn run(args: Args) -> u8 {
    match replay(&args) {
        Ok(code) => code,
        Err((code, message)) => {
            errln!("hus replay: {message}");
            code
        }
    }
}

/// Reads the log, replays the player's decisions to the bot and prints the report.
fn replay(args: &Args) -> Result<u8, (u8, String)> {
    let usage = |m: String| (exit::USAGE, m);
    let timeout = args.timeout.checked().map_err(usage)?;
    let game = hus::read_acpc_game(args.game.as_deref()).map_err(usage)?;
    let bot_options = BotOptions {
        values: args.values.values.clone(),
        table_dirs: args.tables.table_dirs.clone(),
        allow_external: args.external.allow_external,
        external_timeout: timeout,
        ..BotOptions::default()
    };
    let bot = super::load_bot(&args.bot, &bot_options)?;
    let text = hus::read_log_file(&args.log)
        .map_err(|e| usage(format!("cannot read {}: {e}", args.log.display())))?;
    let options = ReplayOptions {
        player: args.player.clone(),
        game,
        seed: args.seed,
        to_xml: args.to_xml.clone(),
    };
    let log_name = args.log.display().to_string();
    let report = hus::replay_log(&bot, &log_name, &text, &options).map_err(|e| {
        let code = match e.kind {
            ReplayErrorKind::Usage => exit::USAGE,
            ReplayErrorKind::Log => exit::PROTOCOL,
            ReplayErrorKind::External => exit::EXTERNAL,
            ReplayErrorKind::Game => exit::GAME,
        };
        (code, e.message)
    })?;
    let written = if args.json {
        super::to_stdout_json(&report.json())
    } else {
        super::to_stdout_text(&report.text())
    };
    written.map_err(|c| (c, "cannot write the report".to_string()))?;
    Ok(exit::OK)
}
