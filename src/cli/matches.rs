//! `hus match A B --hands N`: plays two bots against each other and reports A's win rate.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

use hus::dealer::log::HandLog;
use hus::dealer::program::{AcpcProgram, Faults, TimeLimits};
use hus::dealer::{play_match, plot, MatchConfig, MatchError, MatchResult, Stakes};
use hus::external::ExternalPolicy;
use hus::play::{load_bot, Bot, BotLoadError, Histories, LoadedBot};
use serde_json::json;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// Bot A: a script, builtin:NAME (random, caller, raiser, equity, bluffer, exploit), or an ACPC
    /// program, acpc:"./bot {game} {host} {port}" (hus deals to it over loopback).
    pub a: String,
    /// Bot B: a script, builtin:NAME, or acpc:"COMMAND".
    pub b: String,
    /// How many hands to play.
    #[arg(long, default_value_t = 10_000)]
    pub hands: u64,
    /// Seed of the deals and of every decision's random choices (drawn and reported if absent).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The stack both bots start every hand with, in big blinds.
    #[arg(long, default_value_t = 100)]
    pub stack: u32,
    /// The blinds in whole chips, SB/BB.
    #[arg(long, default_value = "50/100", value_parser = parse_blinds)]
    pub blinds: (u32, u32),
    /// Play every deal twice with the bots' seats swapped (less luck; hands must be even).
    #[arg(long)]
    pub duplicate: bool,
    /// Worker threads (default: one per core). The result does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the game state of every decision to this directory, with an index.tsv.
    #[arg(long, value_name = "DIR")]
    pub histories: Option<PathBuf>,
    /// Draw A's cumulative winnings with the 95% confidence band to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Let the scripts run `external` programs.
    #[arg(long)]
    pub allow_external: bool,
    /// A directory `USE TABLE` may read tables from, besides the script's own (repeatable).
    #[arg(long = "table-dir", value_name = "DIR")]
    pub table_dirs: Vec<PathBuf>,
    /// Write every hand to this file in the ACPC dealer's log format (`hus replay` reads it).
    #[arg(long, value_name = "FILE.log")]
    pub log: Option<PathBuf>,
    /// An ACPC program's time to answer one action, in seconds: past it, it checks or folds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub action_time: f64,
    /// An ACPC program's time for all its answers in one hand, in seconds: past it, the
    /// program is taken to hang and the match ends (the hands played are reported).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub hand_time: f64,
    /// An `<init>` constant every decision's game state holds, as NAME=VALUE (repeatable).
    #[arg(long = "define", value_name = "NAME=VALUE", value_parser = parse_define)]
    pub defines: Vec<(String, f64)>,
}

fn parse_define(s: &str) -> Result<(String, f64), String> {
    let err = || format!("expected NAME=VALUE with a number, like aggression=0.7 (got `{s}`)");
    let (name, value) = s.split_once('=').ok_or_else(err)?;
    let name = name.trim();
    let value: f64 = value.trim().parse().map_err(|_| err())?;
    let word = !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !word || !value.is_finite() {
        return Err(err());
    }
    let options = hus::check::CheckOptions::default();
    if !matches!(
        hus::check::names::meaning(name, &options),
        hus::check::names::Meaning::Unknown
    ) {
        return Err(format!(
            "`{name}` is already a name of the language, which every hand computes (set the stakes with --blinds and --stack); --define gives <init> names the language does not have"
        ));
    }
    Ok((name.to_string(), value))
}

fn parse_blinds(s: &str) -> Result<(u32, u32), String> {
    let err = || format!("expected SB/BB in whole chips, like 50/100 (got `{s}`)");
    let (a, b) = s.split_once('/').ok_or_else(err)?;
    let sb: u32 = a.trim().parse().map_err(|_| err())?;
    let bb: u32 = b.trim().parse().map_err(|_| err())?;
    if sb == 0 || bb < sb {
        return Err(format!(
            "the blinds must satisfy 1 <= small blind <= big blind (got {sb}/{bb})"
        ));
    }
    Ok((sb, bb))
}

/// A player of the match: a checked script (or built-in), or an ACPC program hus deals to.
enum Seated {
    Script(Box<LoadedBot>),
    Program(Box<AcpcProgram>),
}

impl Seated {
    fn name(&self) -> &str {
        match self {
            Seated::Script(b) => &b.name,
            Seated::Program(p) => &p.command,
        }
    }

    fn bot(&self) -> &dyn Bot {
        match self {
            Seated::Script(b) => &b.bot,
            Seated::Program(p) => &**p,
        }
    }

    /// The name without its directory (a script's file name, a program's first word).
    fn short(&self) -> String {
        let full = match self {
            Seated::Script(b) => b.name.clone(),
            Seated::Program(p) => p.command.split_whitespace().next().unwrap_or("acpc").into(),
        };
        let full = full.trim_start_matches("acpc:").to_string();
        std::path::Path::new(&full)
            .file_name()
            .map_or(full.clone(), |f| f.to_string_lossy().into_owned())
    }

    fn faults(&self) -> Option<Faults> {
        match self {
            Seated::Script(_) => None,
            Seated::Program(p) => Some(p.faults()),
        }
    }
}

/// The one line a match prints about a bot's warnings (`hus check` lists them).
fn warnings_note(spec: &str, n: usize) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{spec}: {n} warning{s}; `hus check {spec}` shows them\n")
}

/// Loads a script or built-in, printing its errors (and how many warnings it has); `Err` is
/// the exit code.
fn load_script(spec: &str, args: &Args, policy: &ExternalPolicy) -> Result<LoadedBot, u8> {
    let names: Vec<String> = args.defines.iter().map(|(n, _)| n.clone()).collect();
    match load_bot(spec, policy, &args.table_dirs, &names) {
        Ok(b) => {
            // Warnings are `hus check`'s to show: a match names only how many there are.
            if !b.warnings.is_empty() {
                super::to_stderr(&warnings_note(spec, b.warnings.len()));
            }
            Ok(b)
        }
        Err(BotLoadError::Script {
            source,
            mut diagnostics,
        }) => {
            // `match` has no game file: an <init> constant gets its value from --define.
            for d in diagnostics.iter_mut().filter(|d| d.undeclared_constant) {
                let name = d
                    .span
                    .clone()
                    .and_then(|s| source.text.get(s))
                    .unwrap_or("NAME")
                    .to_string();
                d.help = Some(format!(
                    "if the script reads `{name}` from the game state's <init>, give it a value: `hus match --define {name}=VALUE`"
                ));
            }
            super::to_stderr_rendered(&super::render_all(&located(&source, &diagnostics)));
            errln!(
                "hus match: {} has errors",
                hus::diag::escape_controls(&source.name)
            );
            Err(exit::SCRIPT)
        }
        Err(e) => {
            errln!("hus match: {e}");
            Err(exit::USAGE)
        }
    }
}

/// Loads both scripts first (a script error starts no program), then starts the ACPC
/// programs; `Err` is the exit code.
fn seat_bots(args: &Args, stakes: Stakes) -> Result<Vec<Seated>, u8> {
    let policy = ExternalPolicy {
        allow: args.allow_external,
        ..ExternalPolicy::default()
    };
    for (i, (name, _)) in args.defines.iter().enumerate() {
        if let Some((_, v)) = args.defines[..i]
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            errln!("hus match: --define {name} is given twice (first as {v}): give each name once");
            return Err(exit::USAGE);
        }
    }
    let specs = [&args.a, &args.b];
    let mut scripts = Vec::new();
    for spec in specs {
        if spec.starts_with("acpc:") {
            scripts.push(None);
        } else {
            scripts.push(Some(load_script(spec, args, &policy)?));
        }
    }
    let usage = |m: String| {
        errln!("hus match: {m}");
        exit::USAGE
    };
    let limits = TimeLimits {
        action: super::seconds("--action-time", args.action_time).map_err(usage)?,
        hand: super::seconds("--hand-time", args.hand_time).map_err(usage)?,
        ..TimeLimits::default()
    };
    let mut seated = Vec::new();
    for (spec, script) in specs.into_iter().zip(scripts) {
        match (script, spec.strip_prefix("acpc:")) {
            (Some(s), _) => seated.push(Seated::Script(Box::new(s))),
            (None, Some(command)) => match AcpcProgram::start(command, stakes, limits) {
                Ok(p) => seated.push(Seated::Program(Box::new(p))),
                Err(e) => {
                    errln!("hus match: {spec}: {e}");
                    return Err(exit::CONNECTION);
                }
            },
            (None, None) => unreachable!("only acpc: specs have no script"),
        }
    }
    Ok(seated)
}

/// Checks the options, seats both bots, plays the match and prints its result; returns the
/// exit code.
pub fn run(args: Args) -> u8 {
    let stakes = match stakes_of(&args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let bots = match seat_bots(&args, stakes) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let (config, plot_file) = match configure(&args, &bots, stakes) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let (result, seconds) = play(&args, &bots, &config);
    let (result, stopped) = match result {
        Ok(r) => (r, None),
        Err(MatchError::Stopped { partial, cause }) => (*partial, Some(*cause)),
        Err(e) => {
            errln!("hus match: {e}");
            return error_code(&e, &bots);
        }
    };
    if let Some(code) = write_plot(&args, plot_file, &result, &bots) {
        return code;
    }
    let printed = if args.json {
        let mut o = to_json(&result, &bots, seconds, result.threads);
        if let (Some(e), Some(m)) = (&stopped, o.as_object_mut()) {
            m.insert("stopped".into(), json!(e.to_string()));
        }
        super::to_stdout_json(&format!("{o}\n"))
    } else {
        super::to_stdout_text(&to_text(&result, &bots))
    };
    if let Some(e) = stopped {
        errln!(
            "hus match: {e}: the match stopped after {} hands (their result is above)",
            result.hands
        );
        return error_code(&e, &bots);
    }
    match printed {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}

/// The blinds and stacks of `--blinds` and `--stack`; a stack past the dealer's limit is an
/// error (`Err` is the exit code).
fn stakes_of(args: &Args) -> Result<Stakes, u8> {
    let (sb, bb) = args.blinds;
    let chips = u64::from(args.stack) * u64::from(bb);
    if chips > hus::limits::MAX_STACK_CHIPS {
        errln!(
            "hus match: a stack of {} big blinds of {bb} chips is {chips} chips; stacks are at most {} chips (the competition dealer's limit), so every result is exact: use smaller blinds or a shorter stack",
            args.stack,
            hus::limits::MAX_STACK_CHIPS
        );
        return Err(exit::USAGE);
    }
    Ok(Stakes {
        sb: sb as i64,
        bb: bb as i64,
        stack: args.stack as i64 * bb as i64,
    })
}

/// The match's configuration from the options, with its histories and log ready, and the
/// plot's file: outputs are opened before the match, so an unwritable path costs nothing.
fn configure(
    args: &Args,
    bots: &[Seated],
    stakes: Stakes,
) -> Result<(MatchConfig, Option<std::fs::File>), u8> {
    let fail = |m: String| {
        errln!("hus match: {m}");
        exit::USAGE
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut config = MatchConfig::new(args.hands, seed);
    config.stakes = stakes;
    config.duplicate = args.duplicate;
    config.init = args.defines.clone();
    config.threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if config.threads == 0 {
        return Err(fail("--threads must be at least 1".into()));
    }
    config.keep_hands = args.plot.is_some();
    if let Some(dir) = &args.histories {
        let named: Vec<(String, Option<&LoadedBot>)> = bots
            .iter()
            .map(|b| match b {
                Seated::Script(s) => (s.name.clone(), Some(&**s)),
                Seated::Program(p) => (format!("acpc:{}", p.command), None),
            })
            .collect();
        config.histories = Some(Histories::create_for(dir, &named, args.hands).map_err(fail)?);
    }
    let cannot = |path: &std::path::Path, e: std::io::Error| {
        fail(format!("cannot write {}: {e}", path.display()))
    };
    let plot_file = match &args.plot {
        Some(path) => Some(new_output(path).map_err(|e| cannot(path, e))?),
        None => None,
    };
    if let Some(path) = &args.log {
        let f = new_output(path).map_err(|e| cannot(path, e))?;
        let names = [bots[0].short(), bots[1].short()];
        let out = Box::new(std::io::BufWriter::new(f));
        config.log = Some(HandLog::new([&names[0], &names[1]], out));
    }
    Ok((config, plot_file))
}

/// Plays the match, with a progress bar on a terminal, then lets the ACPC programs go; also
/// the seconds it took.
fn play(
    args: &Args,
    bots: &[Seated],
    config: &MatchConfig,
) -> (Result<MatchResult, MatchError>, f64) {
    let bar = progress_bar(args.hands);
    let tick = |n: u64| {
        if let Some(b) = &bar {
            b.inc(n)
        }
    };
    let start = Instant::now();
    let pair: [&dyn Bot; 2] = [bots[0].bot(), bots[1].bot()];
    let result = play_match(pair, config, Some(&tick));
    let seconds = start.elapsed().as_secs_f64();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    for b in bots {
        if let Seated::Program(p) = b {
            p.finish();
        }
    }
    (result, seconds)
}

/// The exit code of a match that failed.
fn error_code(e: &MatchError, bots: &[Seated]) -> u8 {
    match e.cause() {
        MatchError::Config(_) | MatchError::Io(_) => exit::USAGE,
        MatchError::Bot { bot, .. } if matches!(bots[*bot], Seated::Program(_)) => exit::CONNECTION,
        MatchError::Bot { .. } => exit::EXTERNAL,
        MatchError::InvalidState { .. }
        | MatchError::IllegalAct { .. }
        | MatchError::Conservation { .. }
        | MatchError::Stopped { .. } => exit::GAME,
    }
}

/// Draws `--plot`; `Some` is the exit code of a failure.
fn write_plot(
    args: &Args,
    plot_file: Option<std::fs::File>,
    result: &MatchResult,
    bots: &[Seated],
) -> Option<u8> {
    let path = args.plot.as_ref()?;
    // The bots by file name: a plot is shared, a path is noise in its title.
    let title = format!(
        "{} vs {}: {} mbb/hand over {} hands",
        bots[0].short(),
        bots[1].short(),
        signed(result.mbb_per_hand()),
        result.hands
    );
    let subtitle = match result.ci95() {
        Some((lo, hi)) => format!(
            "95% CI [{}, {}] mbb/hand, seed {}",
            signed(lo),
            signed(hi),
            result.seed
        ),
        None => format!("too few hands for an interval, seed {}", result.seed),
    };
    let svg = plot::svg(
        result.hand_results.as_deref().unwrap_or(&[]),
        result.stakes.bb,
        if result.duplicate { 2 } else { 1 },
        &title,
        &subtitle,
    );
    let written = plot_file.map(|mut f| std::io::Write::write_all(&mut f, svg.as_bytes()));
    if let Some(Err(e)) = written {
        errln!("hus match: cannot write {}: {e}", path.display());
        return Some(exit::USAGE);
    }
    None
}

fn progress_bar(hands: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() || hands < 10_000 {
        return None;
    }
    let bar = indicatif::ProgressBar::new(hands);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} hands  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

fn signed(x: f64) -> String {
    format!("{x:+.1}")
}

fn to_text(r: &MatchResult, bots: &[Seated]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(s, "A: {}", hus::diag::escape_controls(bots[0].name()));
    let _ = writeln!(s, "B: {}", hus::diag::escape_controls(bots[1].name()));
    let _ = writeln!(
        s,
        "hands: {}{}, seed {}, blinds {}/{}, stacks {} big blinds",
        r.hands,
        if r.duplicate { " (duplicate)" } else { "" },
        r.seed,
        r.stakes.sb,
        r.stakes.bb,
        r.stakes.stack / r.stakes.bb
    );
    s.push_str(&result_lines(
        "A",
        "B",
        r.mbb_per_hand(),
        r.ci95(),
        r.net_a,
        r.stakes.bb,
    ));
    for (i, label) in ["A", "B"].iter().enumerate() {
        s.push_str(&bot_section(label, bots[i].name(), &r.bots[i]));
        if let Some(f) = bots[i].faults() {
            let _ = writeln!(
                s,
                "  ACPC program: {} invalid actions (played as calls), {} late (checked or folded), {} stray lines ignored",
                f.invalid, f.late, f.ignored
            );
        }
    }
    s
}

use hus::report::{bot_section, match_json, result_lines};

fn to_json(r: &MatchResult, bots: &[Seated], seconds: f64, threads: usize) -> serde_json::Value {
    let mut o = match_json(r, [bots[0].name(), bots[1].name()]);
    for (i, label) in ["A", "B"].into_iter().enumerate() {
        if let (Some(f), Some(b)) = (bots[i].faults(), o["bots"][label].as_object_mut()) {
            b.insert("acpc".into(), json!(f));
        }
    }
    if let Some(m) = o.as_object_mut() {
        m.insert(
            "timing".into(),
            json!({
                "seconds": seconds,
                "hands_per_second": if seconds > 0.0 { r.hands as f64 / seconds } else { 0.0 },
                "threads": threads,
            }),
        );
    }
    o
}

/// Opens a `--plot` or `--log` file for writing: a new file, or one replaced. A symbolic link
/// (dangling or not) there is refused, so the output never lands where a link planted in its
/// place leads (a device named directly, `/dev/null`, is the user's choice).
pub(crate) fn new_output(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    use std::io::{Error, ErrorKind};
    if let Ok(m) = std::fs::symlink_metadata(path) {
        if m.file_type().is_symlink() {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                "it is a symbolic link (remove it, or give the path it leads to)",
            ));
        }
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A link planted between the look above and the open is not followed either.
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// The library's diagnostics of `file` as the front door gives them, for rendering.
pub(super) fn located(
    file: &hus::diag::SourceFile,
    ds: &[hus::diag::Diagnostic],
) -> Vec<hus::Diagnostic> {
    hus::Diagnostic::located_all(file, ds)
}
