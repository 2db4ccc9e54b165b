//! `hus tournament BOTS... --hands N`: every pairing a duplicate match on all cores; prints
//! the ranking and the crosstable (docs/tournament.md).

use std::path::{Path, PathBuf};

use hus::{BotOptions, Format, MatchBot, Tournament, TournamentOptions};

use super::exit;
use super::matches::code_of;

#[derive(clap::Args)]
#[command(mut_arg("allow_external", |a| a.help("Let the scripts run `external` programs")))]
pub struct Args {
    /// The bots: scripts, builtin:NAME, or acpc:"COMMAND" (hus deals to the program over
    /// loopback). With --gauntlet, the field the challengers play.
    #[arg(required = true)]
    pub bots: Vec<String>,
    /// A challenger that plays every bot of the field, which do not play each other
    /// (repeatable). Without it, every bot plays every other (a round robin).
    #[arg(long, value_name = "BOT")]
    pub gauntlet: Vec<String>,
    /// Hands of every pairing.
    #[arg(long, default_value_t = 10_000)]
    pub hands: u64,
    /// The tournament's seed; each pairing's comes from it (drawn and reported if absent).
    #[arg(long, value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Deal every hand once, not twice with the seats swapped (the default is duplicate).
    #[arg(long)]
    pub no_duplicate: bool,
    /// Hands of a chunk, the unit of work; a bot reading statistics starts each without any.
    #[arg(long, default_value_t = hus::DEFAULT_CHUNK_HANDS, value_name = "HANDS")]
    pub chunk: u64,
    #[command(flatten)]
    pub stakes: super::flags::Stakes,
    #[command(flatten)]
    pub threads: super::flags::Threads,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write one line per pairing (with its seed) to this CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub csv: Option<PathBuf>,
    /// Draw the crosstable as a heat map to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub external: super::flags::AllowExternal,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    #[command(flatten)]
    pub program_times: super::flags::ProgramTimes,
    #[command(flatten)]
    pub defines: super::flags::Defines,
}

/// Plays the tournament and prints its result; returns the exit code.
pub fn run(args: Args) -> u8 {
    match play(&args) {
        Ok(code) | Err(code) => code,
    }
}

fn usage(m: &str) -> u8 {
    errln!("hus tournament: {m}");
    exit::USAGE
}

/// Loads every bot (a script error starts nothing); `Err` is the exit code.
fn load_bots(args: &Args) -> Result<Vec<MatchBot>, u8> {
    let options = BotOptions {
        table_dirs: args.tables.table_dirs.clone(),
        allow_external: args.external.allow_external,
        defines: args.defines.names(),
        ..BotOptions::default()
    };
    let mut bots = Vec::new();
    for spec in args.gauntlet.iter().chain(&args.bots) {
        bots.push(match spec.strip_prefix("acpc:") {
            Some(command) => MatchBot::Program(command.to_string()),
            None if spec == hus::LBR_NAME => MatchBot::Lbr,
            None => match super::load_bot(spec, &options) {
                Ok(b) => MatchBot::Script(Box::new(b)),
                Err((code, m)) => {
                    errln!("hus tournament: {}", hus::escape_controls(&m));
                    return Err(code);
                }
            },
        });
    }
    Ok(bots)
}

/// The tournament's options from the flags; `Err` is the exit code.
fn options_of(args: &Args) -> Result<TournamentOptions, u8> {
    let (sb, bb, stack) = args.stakes.chips();
    let mut o = TournamentOptions::new(args.hands, args.seed.unwrap_or_else(rand::random));
    if !args.gauntlet.is_empty() {
        o.format = Format::Gauntlet {
            challengers: (0..args.gauntlet.len()).collect(),
        };
    }
    o.duplicate = !args.no_duplicate;
    o.chunk_hands = args.chunk;
    o.small_blind = sb;
    o.big_blind = bb;
    o.stack = stack;
    o.defines = args.defines.defines.clone();
    (o.action_time, o.hand_time) = args.program_times.checked().map_err(|m| usage(&m))?;
    Ok(o)
}

/// Creates an output file before any hand is played; `Err` is the exit code.
fn output(path: &Option<PathBuf>) -> Result<Option<(std::fs::File, &Path)>, u8> {
    match path {
        None => Ok(None),
        Some(p) => hus::new_output_file(p)
            .map(|f| Some((f, p.as_path())))
            .map_err(|e| usage(&format!("cannot write {}: {e}", p.display()))),
    }
}

fn write(file: Option<(std::fs::File, &Path)>, text: &str) -> Result<(), u8> {
    use std::io::Write;
    if let Some((mut f, p)) = file {
        f.write_all(text.as_bytes())
            .map_err(|e| usage(&format!("cannot write {}: {e}", p.display())))?;
    }
    Ok(())
}

/// [`run`], with every failure's exit code as `Err`.
fn play(args: &Args) -> Result<u8, u8> {
    let options = options_of(args)?;
    let threads = args.threads.count().map_err(|m| usage(&m))?;
    let bots = load_bots(args)?;
    let t = Tournament::new(bots, options).map_err(|e| usage(&e.message))?;
    let (csv, svg) = (output(&args.csv)?, output(&args.svg)?);
    let total = args.hands.saturating_mul(t.pairings().len() as u64);
    let bar = super::progress_bar(total, 100_000);
    let tick = |n: u64| {
        if let Some(b) = &bar {
            b.inc(n)
        }
    };
    // Ctrl-C: no chunk starts after it; then the line below and the end SIGINT gives.
    let stop = hus::stop_on_interrupt();
    let result = t.run_stoppable(threads, Some(&tick), &stop);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let interrupted = stop.load(std::sync::atomic::Ordering::SeqCst);
    let result = result.map_err(|e| {
        errln!("hus tournament: {e}");
        if interrupted {
            hus::end_as_interrupted();
        }
        code_of(e.kind)
    })?;
    write(csv, &result.csv())?;
    write(svg, &result.svg())?;
    if args.json {
        super::to_stdout_json(&result.json())?;
    } else {
        super::to_stdout_text(&result.text())?;
    }
    if interrupted {
        errln!("hus tournament: interrupted after its last chunk (the result above is whole)");
        hus::end_as_interrupted();
    }
    Ok(exit::OK)
}
