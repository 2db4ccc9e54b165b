//! `hus match A B --hands N`: plays two bots against each other and reports A's win rate.

use std::path::PathBuf;

use hus::{BotOptions, LoadError, MatchBot, MatchErrorKind, MatchOptions};

use super::exit;

#[derive(clap::Args)]
#[command(
    mut_arg("allow_external", |a| a.help("Let the scripts run `external` programs")),
    mut_arg("action_time", |a| a.help(
        "An ACPC program's time to answer one action, in seconds: past it, it checks or folds"
    )),
    mut_arg("hand_time", |a| a.help(
        "An ACPC program's time for all its answers in one hand, in seconds: past it, the \
         program is taken to hang and the match ends (the hands played are reported)"
    )),
    mut_arg("values", |a| a.help(
        "A value for one of A's tunable DEFINEs (one with a `TUNE` range), as NAME=VALUE in \
         the DEFINE's unit (repeatable): `--set openSize=3` plays `DEFINE openSize = 3BB`"
    ))
)]
pub struct Args {
    /// Bot A: a script, builtin:NAME (random, caller, raiser, equity, bluffer, exploit), an ACPC
    /// program, acpc:"./bot {game} {host} {port}" (hus deals to it over loopback), or
    /// builtin:lbr (Local Best Response, reading the other bot's script).
    pub a: String,
    /// Bot B: a script, builtin:NAME, or acpc:"COMMAND".
    pub b: String,
    /// How many hands to play.
    #[arg(long, default_value_t = 10_000)]
    pub hands: u64,
    /// Seed of the deals and of every decision's random choices (drawn and reported if absent).
    #[arg(long, value_parser = hus::seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub stakes: super::flags::Stakes,
    /// The stack both bots start every hand with, in chips (instead of --stack, in big
    /// blinds), as Python's `stack=` gives it.
    #[arg(long, value_name = "CHIPS", conflicts_with = "stack")]
    pub stack_chips: Option<u32>,
    /// Play every deal twice with the bots' seats swapped (less luck; hands must be even).
    #[arg(long)]
    pub duplicate: bool,
    #[command(flatten)]
    pub threads: super::flags::Threads,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the game state of every decision to this directory, with an index.tsv.
    #[arg(long, value_name = "DIR")]
    pub histories: Option<PathBuf>,
    /// Draw A's cumulative winnings with the 95% confidence band to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub external: super::flags::AllowExternal,
    #[command(flatten)]
    pub tables: super::flags::TableDirs,
    /// Write every hand to this file in the ACPC dealer's log format (`hus replay` reads it).
    #[arg(long, value_name = "FILE.log")]
    pub log: Option<PathBuf>,
    #[command(flatten)]
    pub program_times: super::flags::ProgramTimes,
    #[command(flatten)]
    pub defines: super::flags::Defines,
    #[command(flatten)]
    pub values: super::flags::TuneValues,
}

/// The one line a match prints about a bot's warnings (`hus check` lists them).
fn warnings_note(spec: &str, n: usize) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{spec}: {n} warning{s}; `hus check {spec}` shows them\n")
}

/// Loads a script or built-in, printing its errors (and how many warnings it has); `Err` is
/// the exit code.
fn load_script(spec: &str, options: &BotOptions) -> Result<hus::Bot, u8> {
    match hus::Bot::from_spec(spec, options) {
        Ok(b) => {
            // Warnings are `hus check`'s to show: a match names only how many there are.
            if !b.warnings().is_empty() {
                super::to_stderr(&warnings_note(spec, b.warnings().len()));
            }
            Ok(b)
        }
        Err(LoadError::Script(mut e)) => {
            // `match` has no game file: an <init> constant gets its value from --define.
            for d in e.diagnostics.iter_mut().filter(|d| d.undeclared_constant) {
                let name = d.spanned_text().unwrap_or("NAME").to_string();
                d.help = Some(format!(
                    "if the script reads `{name}` from the game state's <init>, give it a value: `hus match --define {name}=VALUE`"
                ));
            }
            super::to_stderr_rendered(&super::render_all(&e.diagnostics));
            errln!("hus match: {} has errors", hus::escape_controls(&e.file));
            Err(exit::SCRIPT)
        }
        Err(e) => {
            errln!("hus match: {e}");
            Err(exit::USAGE)
        }
    }
}

/// Loads both scripts (a script error starts no program) and names the ACPC programs;
/// `Err` is the exit code.
fn seat_bots(args: &Args) -> Result<[MatchBot; 2], u8> {
    let defines = &args.defines.defines;
    for (i, (name, _)) in defines.iter().enumerate() {
        if let Some((_, v)) = defines[..i]
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            errln!("hus match: --define {name} is given twice (first as {v}): give each name once");
            return Err(exit::USAGE);
        }
    }
    let options = BotOptions {
        table_dirs: args.tables.table_dirs.clone(),
        allow_external: args.external.allow_external,
        defines: args.defines.names(),
        ..BotOptions::default()
    };
    let seat = |spec: &String, options: &BotOptions| match spec.strip_prefix("acpc:") {
        Some(command) => Ok(MatchBot::Program(command.to_string())),
        None if spec == hus::LBR_NAME => Ok(MatchBot::Lbr),
        None => load_script(spec, options).map(|b| MatchBot::Script(Box::new(b))),
    };
    if !args.values.values.is_empty() && args.a.starts_with("acpc:") {
        errln!("hus match: --set gives values to A's tunable DEFINEs, and A is an ACPC program");
        return Err(exit::USAGE);
    }
    let a_options = BotOptions {
        values: args.values.values.clone(),
        ..options.clone()
    };
    Ok([seat(&args.a, &a_options)?, seat(&args.b, &options)?])
}

/// Checks the options, seats both bots, plays the match and prints its result; returns the
/// exit code.
pub fn run(args: Args) -> u8 {
    match play(&args) {
        Ok(code) | Err(code) => code,
    }
}

/// The exit code of a match that failed or stopped.
pub(crate) fn code_of(kind: MatchErrorKind) -> u8 {
    match kind {
        MatchErrorKind::Usage => exit::USAGE,
        MatchErrorKind::Program => exit::CONNECTION,
        MatchErrorKind::External => exit::EXTERNAL,
        MatchErrorKind::Game => exit::GAME,
    }
}

/// [`run`], with every failure's exit code as `Err`.
fn play(args: &Args) -> Result<u8, u8> {
    let mut options = options_of(args)?;
    let bots = seat_bots(args)?;
    let usage = |m: String| {
        errln!("hus match: {m}");
        exit::USAGE
    };
    (options.action_time, options.hand_time) = args.program_times.checked().map_err(usage)?;
    options.threads = args.threads.count().map_err(usage)?;
    let bar = super::progress_bar(args.hands, 10_000);
    let tick = |n: u64| {
        if let Some(b) = &bar {
            b.inc(n)
        }
    };
    let report = hus::run_match(&bots[0], &bots[1], &options, Some(&tick));
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let report = report.map_err(|e| {
        errln!("hus match: {e}");
        code_of(e.kind)
    })?;
    let printed = if args.json {
        super::to_stdout_json(&report.json())
    } else {
        super::to_stdout_text(&report.text())
    };
    if let Some(e) = &report.stopped {
        errln!(
            "hus match: {e}: the match stopped after {} hands (their result is above)",
            report.result.hands
        );
        return Err(code_of(e.kind));
    }
    printed.map(|()| exit::OK)
}

/// The match's options from the flags; stakes the dealer does not play (the library's rule,
/// [`hus::stakes`]) are an error (`Err` is the exit code).
fn options_of(args: &Args) -> Result<MatchOptions, u8> {
    let (sb, bb, stack) = args.stakes.chips();
    let chips = match args.stack_chips {
        Some(chips) => i64::from(chips),
        None => stack,
    };
    if let Err(why) = hus::stakes(sb, bb, chips) {
        // What the flags made of the stack, where that is what went wrong.
        let asked = match args.stack_chips {
            Some(_) => format!("--stack-chips {chips}: "),
            None if chips > hus::MAX_STACK_CHIPS as i64 => format!(
                "a stack of {} big blinds of {bb} chips is {chips} chips; ",
                args.stakes.stack
            ),
            None => String::new(),
        };
        errln!("hus match: {asked}{why}");
        return Err(exit::USAGE);
    }
    let mut o = MatchOptions::new(args.hands, args.seed.unwrap_or_else(rand::random));
    o.small_blind = sb;
    o.big_blind = bb;
    o.stack = chips;
    o.duplicate = args.duplicate;
    o.defines = args.defines.defines.clone();
    o.histories = args.histories.clone();
    o.log = args.log.clone();
    o.plot = args.plot.clone();
    Ok(o)
}
