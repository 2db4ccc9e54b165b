//! A match with everything `hus match` offers: script, built-in and ACPC program bots, the
//! dealer's log, histories, the plot, and the report with each bot's HUD.

use std::path::Path;
use std::time::Instant;

use crate::dealer::log::HandLog;
use crate::dealer::program::{AcpcProgram, Faults, TimeLimits};
use crate::dealer::{plot, MatchConfig, MatchError, MatchResult, Stakes};
use crate::play::{Histories, LoadedBot};
use serde_json::json;

use super::{Bot, MatchOptions};

/// One side of a match: a compiled script (or built-in), an ACPC program hus deals to
/// over loopback, given as its command line with `{game}`, `{host}` and `{port}` in it, or
/// `builtin:lbr`, Local Best Response built with the script of the bot it meets.
#[derive(Clone, Debug)]
pub enum MatchBot {
    Script(Box<Bot>),
    Program(String),
    Lbr,
}

/// The name `builtin:lbr` is given by.
pub const LBR_NAME: &str = "builtin:lbr";

impl MatchBot {
    /// The bot as named to a match: a script's file, `builtin:NAME`, or `acpc:COMMAND`.
    pub fn name(&self) -> String {
        match self {
            MatchBot::Script(s) => s.name().to_string(),
            MatchBot::Program(c) => format!("acpc:{c}"),
            MatchBot::Lbr => LBR_NAME.into(),
        }
    }
}

/// Refuses a pairing `builtin:lbr` cannot play: LBR reads its opponent's script, so it meets
/// only script bots (not an ACPC program, not another LBR).
pub(crate) fn check_lbr_pairing(a: &MatchBot, b: &MatchBot) -> Result<(), String> {
    let script = |m: &MatchBot| matches!(m, MatchBot::Script(_));
    match (a, b) {
        (MatchBot::Lbr, o) | (o, MatchBot::Lbr) if !script(o) => Err(format!(
            "{LBR_NAME} reads its opponent's script, so it plays only script bots and built-ins, not {}",
            o.name()
        )),
        _ => Ok(()),
    }
}

/// `builtin:lbr` built against `target`, with the paper's sizes and pre-flop policy.
pub(crate) fn lbr_against(target: &Bot) -> super::exploit::LbrPlayer {
    super::exploit::LbrPlayer::new(target.clone(), super::exploit::ExploitOptions::new(2, 0))
}

/// What failed in a match; the command line's exit code follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchErrorKind {
    /// An option the dealer refuses, or a file that cannot be written.
    Usage,
    /// An ACPC program could not start, or failed mid-match.
    Program,
    /// A script's external program was not allowed, timed out or failed.
    External,
    /// The dealer found an invalid game state, an illegal act or lost chips.
    Game,
}

/// Why a match failed or stopped: its kind and what happened.
#[derive(Clone, Debug)]
pub struct MatchFailure {
    pub kind: MatchErrorKind,
    pub message: String,
}

impl std::fmt::Display for MatchFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MatchFailure {}

/// A match played: A's result, the bots' names and ACPC programs' faults, the time it took,
/// and why it stopped early if it did (the hands played before are the result then).
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub result: MatchResult,
    /// The bots as named to the match: a script's file, `builtin:NAME`, or the program's
    /// command line.
    pub names: [String; 2],
    /// Each ACPC program's invalid, late and stray answers (none for a script).
    pub faults: [Option<Faults>; 2],
    pub seconds: f64,
    pub stopped: Option<MatchFailure>,
}

/// A player seated at the dealer.
enum Seated<'a> {
    Script(&'a Bot),
    Program(Box<AcpcProgram>),
    Lbr(Box<super::exploit::LbrPlayer>),
}

impl Seated<'_> {
    fn name(&self) -> String {
        match self {
            Seated::Script(b) => b.name().to_string(),
            Seated::Program(p) => p.command.clone(),
            Seated::Lbr(_) => LBR_NAME.into(),
        }
    }

    fn bot(&self) -> &dyn crate::play::Decider {
        match self {
            Seated::Script(b) => &b.script,
            Seated::Program(p) => &**p,
            Seated::Lbr(l) => &**l,
        }
    }

    fn faults(&self) -> Option<Faults> {
        match self {
            Seated::Script(_) | Seated::Lbr(_) => None,
            Seated::Program(p) => Some(p.faults()),
        }
    }
}

/// The name without its directory (a script's file name, a program's first word).
fn short(name: &str, program: bool) -> String {
    let full = match program {
        false => name.to_string(),
        true => name.split_whitespace().next().unwrap_or("acpc").into(),
    };
    let full = full.trim_start_matches("acpc:").to_string();
    Path::new(&full)
        .file_name()
        .map_or(full.clone(), |f| f.to_string_lossy().into_owned())
}

/// Plays `a` against `b` with every output of `options` (histories, log, plot), starting
/// the ACPC programs first; `progress` hears of every hand played. The result is A's.
pub fn run_match(
    a: &MatchBot,
    b: &MatchBot,
    options: &MatchOptions,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<MatchReport, MatchFailure> {
    let fail = |kind, message: String| MatchFailure { kind, message };
    let stakes = Stakes {
        sb: options.small_blind,
        bb: options.big_blind,
        stack: options.stack,
    };
    let limits = TimeLimits {
        action: options.action_time,
        hand: options.hand_time,
        ..TimeLimits::default()
    };
    check_lbr_pairing(a, b).map_err(|m| fail(MatchErrorKind::Usage, m))?;
    let mut bots = Vec::new();
    for (bot, other) in [(a, b), (b, a)] {
        bots.push(match (bot, other) {
            (MatchBot::Lbr, MatchBot::Script(target)) => Seated::Lbr(Box::new(lbr_against(target))),
            (MatchBot::Lbr, _) => {
                let why = check_lbr_pairing(a, b).err().unwrap_or_default();
                return Err(fail(MatchErrorKind::Usage, why));
            }
            (MatchBot::Script(s), _) => Seated::Script(s),
            (MatchBot::Program(command), _) => match AcpcProgram::start(command, stakes, limits) {
                Ok(p) => Seated::Program(Box::new(p)),
                Err(e) => {
                    return Err(fail(
                        MatchErrorKind::Program,
                        format!("acpc:{command}: {e}"),
                    ))
                }
            },
        });
    }
    let (config, plot_file) =
        configure(options, &bots, stakes).map_err(|m| fail(MatchErrorKind::Usage, m))?;
    let start = Instant::now();
    let pair: [&dyn crate::play::Decider; 2] = [bots[0].bot(), bots[1].bot()];
    let result = crate::dealer::play_match(pair, &config, progress);
    let seconds = start.elapsed().as_secs_f64();
    for b in &bots {
        if let Seated::Program(p) = b {
            p.finish();
        }
    }
    let failure = |e: &MatchError| fail(error_kind(e, &bots), e.to_string());
    let (result, stopped) = match result {
        Ok(r) => (r, None),
        Err(MatchError::Stopped { partial, cause }) => (*partial, Some(failure(&cause))),
        Err(e) => return Err(failure(&e)),
    };
    let names = [bots[0].name(), bots[1].name()];
    let programs = [
        matches!(bots[0], Seated::Program(_)),
        matches!(bots[1], Seated::Program(_)),
    ];
    if let (Some(path), Some(file)) = (&options.plot, plot_file) {
        write_plot(path, file, &result, &names, programs)
            .map_err(|m| fail(MatchErrorKind::Usage, m))?;
    }
    Ok(MatchReport {
        result,
        faults: [bots[0].faults(), bots[1].faults()],
        names,
        seconds,
        stopped,
    })
}

/// The dealer's configuration from the options, with its histories and log ready, and the
/// plot's file: outputs are opened before the match, so an unwritable path costs nothing.
fn configure(
    options: &MatchOptions,
    bots: &[Seated],
    stakes: Stakes,
) -> Result<(MatchConfig, Option<std::fs::File>), String> {
    let mut config = MatchConfig::new(options.hands, options.seed);
    config.stakes = stakes;
    config.duplicate = options.duplicate;
    config.init = options.defines.clone();
    config.threads = options.threads;
    config.keep_hands = options.keep_hands || options.plot.is_some();
    config.stop = options.stop.clone();
    if let Some(dir) = &options.histories {
        let loaded: Vec<Option<LoadedBot>> = bots
            .iter()
            .map(|b| match b {
                Seated::Script(s) => Some(s.loaded()),
                Seated::Program(_) | Seated::Lbr(_) => None,
            })
            .collect();
        let named: Vec<(String, Option<&LoadedBot>)> = bots
            .iter()
            .zip(&loaded)
            .map(|(b, l)| match b {
                Seated::Script(s) => (s.name().to_string(), l.as_ref()),
                Seated::Program(p) => (format!("acpc:{}", p.command), None),
                Seated::Lbr(_) => (LBR_NAME.to_string(), None),
            })
            .collect();
        config.histories = Some(Histories::create_for(dir, &named, options.hands)?);
    }
    let cannot = |path: &Path, e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let plot_file = match &options.plot {
        Some(path) => Some(new_output_file(path).map_err(|e| cannot(path, e))?),
        None => None,
    };
    if let Some(path) = &options.log {
        let f = new_output_file(path).map_err(|e| cannot(path, e))?;
        let program = |i: usize| matches!(bots[i], Seated::Program(_));
        let names = [
            short(&bots[0].name(), program(0)),
            short(&bots[1].name(), program(1)),
        ];
        let out = Box::new(std::io::BufWriter::new(f));
        config.log = Some(HandLog::new([&names[0], &names[1]], out));
    }
    Ok((config, plot_file))
}

/// The kind of a match that failed.
fn error_kind(e: &MatchError, bots: &[Seated]) -> MatchErrorKind {
    match e.cause() {
        MatchError::Config(_) | MatchError::Io(_) | MatchError::Interrupted => {
            MatchErrorKind::Usage
        }
        MatchError::Bot { bot, .. } if matches!(bots[*bot], Seated::Program(_)) => {
            MatchErrorKind::Program
        }
        MatchError::Bot { .. } => MatchErrorKind::External,
        MatchError::InvalidState { .. }
        | MatchError::IllegalAct { .. }
        | MatchError::Conservation { .. }
        | MatchError::Stopped { .. } => MatchErrorKind::Game,
    }
}

fn signed(x: f64) -> String {
    format!("{x:+.1}")
}

/// Draws A's cumulative winnings with the 95% band into `file`.
fn write_plot(
    path: &Path,
    mut file: std::fs::File,
    result: &MatchResult,
    names: &[String; 2],
    programs: [bool; 2],
) -> Result<(), String> {
    // The bots by file name: a plot is shared, a path is noise in its title.
    let title = format!(
        "{} vs {}: {} mbb/hand over {} hands",
        short(&names[0], programs[0]),
        short(&names[1], programs[1]),
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
    std::io::Write::write_all(&mut file, svg.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

impl MatchReport {
    /// The report as one JSON object, as `hus match --json` prints it.
    pub fn json(&self) -> String {
        let r = &self.result;
        let seconds = self.seconds;
        let mut o = crate::report::match_json(r, [&self.names[0], &self.names[1]]);
        for (i, label) in ["A", "B"].into_iter().enumerate() {
            if let (Some(f), Some(b)) = (self.faults[i], o["bots"][label].as_object_mut()) {
                b.insert("acpc".into(), json!(f));
            }
        }
        if let Some(m) = o.as_object_mut() {
            m.insert(
                "timing".into(),
                json!({
                    "seconds": seconds,
                    "hands_per_second": if seconds > 0.0 { r.hands as f64 / seconds } else { 0.0 },
                    "threads": r.threads,
                }),
            );
            if let Some(e) = &self.stopped {
                m.insert("stopped".into(), json!(e.message));
            }
        }
        format!("{o}\n")
    }

    /// The report as text, as `hus match` prints it: the stakes, A's result with its
    /// interval, each bot's actions, showdowns and HUD.
    pub fn text(&self) -> String {
        use crate::diag::escape_controls;
        use crate::report::{bot_section, result_lines};
        use std::fmt::Write;
        let r = &self.result;
        let mut s = String::new();
        let _ = writeln!(s, "A: {}", escape_controls(&self.names[0]));
        let _ = writeln!(s, "B: {}", escape_controls(&self.names[1]));
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
            s.push_str(&bot_section(label, &self.names[i], &r.bots[i]));
            if let Some(f) = self.faults[i] {
                let _ = writeln!(
                    s,
                    "  ACPC program: {} invalid actions (played as calls), {} late (checked or folded), {} stray lines ignored",
                    f.invalid, f.late, f.ignored
                );
            }
        }
        s
    }
}

pub use crate::files::new_output_file;

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(name: &str) -> MatchBot {
        MatchBot::Script(Box::new(Bot::builtin(name).unwrap()))
    }

    #[test]
    fn a_match_of_built_ins_reports_both_bots_as_the_command_prints_them() {
        let options = MatchOptions::new(20, 3);
        let r = run_match(&builtin("caller"), &builtin("raiser"), &options, None).unwrap();
        assert_eq!(r.result.hands, 20);
        assert_eq!(r.names, ["builtin:caller", "builtin:raiser"]);
        assert_eq!(r.faults, [None, None]);
        assert!(r.stopped.is_none());
        let text = r.text();
        assert!(
            text.starts_with("A: builtin:caller\nB: builtin:raiser\nhands: 20, seed 3, blinds 50/100, stacks 100 big blinds\n"),
            "{text}"
        );
        assert!(r.json().contains("\"threads\":1"), "{}", r.json());
    }

    #[test]
    fn an_unwritable_plot_is_a_usage_error_before_a_hand_is_played() {
        let mut options = MatchOptions::new(20, 3);
        options.plot = Some("/nonexistent-dir/plot.svg".into());
        let e = run_match(&builtin("caller"), &builtin("raiser"), &options, None).unwrap_err();
        assert_eq!(e.kind, MatchErrorKind::Usage);
        assert!(
            e.message
                .starts_with("cannot write /nonexistent-dir/plot.svg: "),
            "{}",
            e.message
        );
    }

    #[test]
    fn short_names_drop_the_directory_and_a_program_s_arguments() {
        assert_eq!(short("bots/tight.hus", false), "tight.hus");
        assert_eq!(short("./bin/bot {game} {host} {port}", true), "bot");
    }
}
