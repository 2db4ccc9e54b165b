//! The front door: a [`Bot`] compiled once from a script, a [`Decision`] on a
//! [`GameState`], [`check`] of a source, and [`play_match`] of two bots. Errors are values
//! carrying every [`Diagnostic`] with its file, line and column.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use crate::game::Action;
use crate::game::GameState;

use crate::check::CheckOptions;
use crate::diag::{Code, SourceFile};
use crate::eval::{DecideOptions, ErrorKind};
use crate::ir::Program;

use crate::dealer::{MatchConfig, MatchError, MatchResult, ScriptBot, Stakes};
use crate::external::ExternalPolicy;

mod chart;
mod chart_report;
mod check;
mod decision;
mod diagnostics;
pub mod exploit;
mod format;
mod game;
mod matches;
mod names;
pub mod nash;
mod nash_report;
pub(crate) mod range_report;
mod ranges;
pub mod reach;
mod reach_report;
mod replay;
mod seat;
mod spot;
mod svg_text;
pub mod tournament;

pub use chart::{
    chart, chart_over, CategoryRow, Chart, ChartAction, ChartCell, ChartError, ChartRange,
    ChartRangeNote, Mix, SUIT_ORDER,
};
pub use check::{check_script, read_script, read_script_file, read_script_from};
pub use check::{CheckReport, Coverage, CoverageDepth};
use diagnostics::locate_all;
pub use diagnostics::{Diagnostic, Fix, Rendering};
pub use format::{format, FormatOptions};
pub use game::{game_from_xml, plays_of, read_game, GameError};
pub use matches::{
    new_output_file, run_match, MatchBot, MatchErrorKind, MatchFailure, MatchReport, LBR_NAME,
};
pub use names::{
    builtin_names, builtin_script, describe_name, is_language_name, names, search_names, Name,
    UnknownName,
};
pub use nash::{
    read_push_fold, solve as solve_push_fold, solve_stacks as solve_push_fold_stacks,
    write_script as push_fold_script, AgainstError, BotPushFold, Equilibrium, Exploitability,
    NashError, OtherAction, PushFold, Reach, StackTable, MAX_STACK_BB as MAX_PUSH_FOLD_STACK_BB,
};
pub use ranges::grid::{class_weights, grid_text, ClassWeights};
pub use ranges::{equity, equity_counted, parse_range, range_breakdown, range_breakdown_counted};
pub use ranges::{CountUnit, Counted};
pub use ranges::{EquityOptions, EquityReport, RangeError, RangeOptions, RangeReport, SideEquity};
pub use ranges::{Method as EquityMethod, NextCard};
pub use replay::{read_acpc_game, read_log_file, replay_log, LogPlayer, LogSummary, ReplayError};
pub use replay::{ReplayErrorKind, ReplayOptions, ReplayReport, ReplayTally};
pub use seat::{play_acpc_seat, AcpcError, AcpcErrorKind, AcpcSeatOptions, AcpcSeatReport};
pub use spot::{board_set, Spot, SpotError, SpotOptions, BOARD_SETS};
pub use tournament::DEFAULT_CHUNK_HANDS;
pub use tournament::{pair_seed, run_chunk, run_chunk_of, ChunkJob, ChunkResult, Tournament};
pub use tournament::{Format, PairResult, Pairing, Standing, TournamentOptions, TournamentResult};

/// What a bot is compiled with: where tables may be read, whether `external` programs may
/// run, and the `<init>` names its game states will define.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// Directories `USE TABLE` may read from besides the script's own (`--table-dir`).
    pub table_dirs: Vec<PathBuf>,
    /// Whether the script may run `external` programs (`--allow-external`).
    pub allow_external: bool,
    /// The time limit of each external program.
    pub external_timeout: Duration,
    /// Names the game states define in `<init>` (`--define NAME`).
    pub defines: Vec<String>,
    /// Run the lints, which only warn, on a script without errors. Off, a bot that decides
    /// once starts a quarter faster (`hus decide`) and [`Bot::warnings`] holds only the
    /// compiler's own; a script with errors is always reported in full.
    pub lints: bool,
    /// Values for the script's tunable DEFINEs by name, in their unit (`hus match --set
    /// NAME=VALUE`): each must name a DEFINE with a `TUNE` range and lie inside it.
    pub values: Vec<(String, f64)>,
}

impl Default for BotOptions {
    /// No tables beyond the script's directory, no external programs (5 s limit if allowed),
    /// no extra names, the lints run, the DEFINEs' own values.
    fn default() -> Self {
        BotOptions {
            table_dirs: Vec::new(),
            allow_external: false,
            external_timeout: Duration::from_secs(5),
            defines: Vec::new(),
            lints: true,
            values: Vec::new(),
        }
    }
}

/// Why [`Bot::from_spec`] has no bot.
#[derive(Clone, Debug)]
pub enum LoadError {
    /// The script file cannot be read, or there is no such built-in: what went wrong.
    Unreadable(String),
    /// The script has errors.
    Script(ScriptError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable(m) => f.write_str(m),
            LoadError::Script(e) => write!(f, "{} has errors", e.file),
        }
    }
}

impl std::error::Error for LoadError {}

/// A script that cannot be compiled: every diagnostic (errors and warnings), in source order.
#[derive(Clone, Debug)]
pub struct ScriptError {
    pub file: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// The first error and how many more there are.
impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut errors = self.diagnostics.iter().filter(|d| d.is_error());
        match errors.next() {
            Some(first) => write!(f, "{first}")?,
            None => write!(f, "{}: the script cannot be compiled", self.file)?,
        }
        match errors.count() {
            0 => Ok(()),
            n => write!(f, " (and {n} more error{})", if n == 1 { "" } else { "s" }),
        }
    }
}

impl std::error::Error for ScriptError {}

/// The weighted choice an action was drawn from (a mixed strategy or a weighted RAISE list).
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// The choice as written: `RAISE 3BB`, `4BB`.
    pub choice: String,
    pub weight: f64,
    /// The sum of the weights.
    pub total: f64,
    /// Its position among the choices, from 0.
    pub index: usize,
}

/// What the bot does now and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub action: Action,
    /// The line of the rule whose action was taken.
    pub rule: usize,
    /// The line of every rule that gave an action, in file order.
    pub matched: Vec<usize>,
    pub draw: Option<Draw>,
    /// The action as written was not legal and was made legal (reference §5).
    pub made_legal: bool,
    /// Several rules gave an action at the highest priority; one was picked at random.
    pub random_tie: bool,
    /// Evaluation warnings (several rules matched, an action made legal).
    pub warnings: Vec<Diagnostic>,
    /// The evaluation trace (`--explain`), when asked for.
    pub explain: Option<String>,
}

/// Why a bot could not decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecideErrorKind {
    /// No rule gives an action here (`hus decide` exits 3; at a table the bot checks or folds).
    NoRuleMatched,
    /// The script reads an `<init>` constant the state does not define.
    MissingConstant,
    /// An `external` program failed, timed out or was not allowed.
    External,
    /// An external action program answered something that is not an action.
    InvalidProgram,
}

/// A failed decision: the reason as a diagnostic, and the warnings and trace up to it.
#[derive(Clone, Debug)]
pub struct DecideError {
    pub kind: DecideErrorKind,
    /// Boxed: a decision's `Result` stays small on the path that succeeds.
    pub diagnostic: Box<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
    pub explain: Option<String>,
    /// No rule matched and none had its conditions all hold: the explain trace shows which
    /// condition failed in each rule tried.
    pub no_rule_held: bool,
    /// How an `external` program failed, for [`DecideErrorKind::External`].
    pub external: Option<ExternalFailure>,
}

/// How an `external` program failed (reference §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExternalFailure {
    /// The bot's options do not allow external programs ([`BotOptions::allow_external`]).
    NotAllowed,
    /// Killed at the time limit ([`BotOptions::external_timeout`]).
    TimedOut,
    /// It could not start, failed, or answered something that is no number or action.
    Failed,
}

impl std::fmt::Display for DecideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.diagnostic)
    }
}

impl std::error::Error for DecideError {}

/// A HUS script, compiled once, ready to decide any number of times.
#[derive(Clone, Debug)]
pub struct Bot {
    source: SourceFile,
    script: ScriptBot,
    warnings: Vec<Diagnostic>,
    /// The script file it was read from (none for a built-in or a script given as text).
    path: Option<PathBuf>,
    /// Without the lints, the parsed script is kept with the bot instead of freed: a program
    /// that decides once and exits can `forget` both, where freeing the tree's many small
    /// allocations one by one costs 3 % of a `hus decide`.
    _tree: Option<std::sync::Arc<crate::syntax::ast::Script>>,
    /// The tables and included files it was compiled with, by their path from the script's
    /// directory, and the options: what [`Bot::from_source_with_files`] needs to compile the
    /// same bot in another process without reading a file.
    files: std::sync::Arc<SuppliedFiles>,
    options: BotOptions,
}

// Files by their path from the script's directory (`tag-open.tsv`, `lib/hands.hus`): the
// checker's own type.
use crate::check::supplied::SuppliedFiles;

impl Bot {
    /// Reads and compiles a script file; tables are read from its directory.
    pub fn from_file(path: impl AsRef<Path>, options: &BotOptions) -> Result<Bot, ScriptError> {
        Bot::read_file(path.as_ref(), options, false)
    }

    /// [`Bot::from_file`] refusing anything but a regular file before opening it: a FIFO
    /// would block and a device never end (a library's callers, where `hus decide` reads
    /// `/dev/stdin` too).
    pub fn from_regular_file(
        path: impl AsRef<Path>,
        options: &BotOptions,
    ) -> Result<Bot, ScriptError> {
        Bot::read_file(path.as_ref(), options, true)
    }

    fn read_file(
        path: &Path,
        options: &BotOptions,
        regular_only: bool,
    ) -> Result<Bot, ScriptError> {
        let name = path.display().to_string();
        let max = crate::limits::MAX_SCRIPT_BYTES;
        let text = crate::limits::read_text(path, max, regular_only)
            .map_err(|e| unreadable(&name, &e.to_string()))?;
        let base = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut bot = Bot::compile(SourceFile::new(name, text), base, options)?;
        bot.path = Some(path.to_path_buf());
        Ok(bot)
    }

    /// A bot as the commands that play name one: `builtin:NAME` or a script file. Unlike
    /// [`Bot::from_file`], a file that cannot be read or an unknown built-in is a
    /// [`LoadError::Unreadable`] message, apart from a script with errors.
    pub fn from_spec(spec: &str, options: &BotOptions) -> Result<Bot, LoadError> {
        if !options.values.is_empty() {
            return Bot::from_spec_with_values(spec, options);
        }
        let policy = ExternalPolicy {
            allow: options.allow_external,
            timeout: options.external_timeout,
            deadline: None,
        };
        let (loaded, files) = crate::check::supplied::recording(|| {
            crate::play::load_bot(spec, &policy, &options.table_dirs, &options.defines)
        });
        let loaded = loaded.map_err(|e| match e {
            crate::play::BotLoadError::Script {
                source,
                diagnostics,
            } => LoadError::Script(ScriptError {
                file: source.name.clone(),
                diagnostics: locate_all(&source, &diagnostics),
            }),
            e => LoadError::Unreadable(e.to_string()),
        })?;
        Ok(Bot {
            warnings: locate_all(&loaded.source, &loaded.warnings),
            source: loaded.source,
            script: loaded.bot,
            path: loaded.path,
            _tree: None,
            files: std::sync::Arc::new(files),
            options: options.clone(),
        })
    }

    /// [`Bot::from_spec`] of a script given values for its tunable DEFINEs (a built-in has none).
    fn from_spec_with_values(spec: &str, options: &BotOptions) -> Result<Bot, LoadError> {
        if spec.starts_with("builtin:") {
            return Err(LoadError::Unreadable(format!(
                "{spec} has no tunable DEFINEs to set"
            )));
        }
        Bot::read_file(Path::new(spec), options, false).map_err(|e| {
            match e.diagnostics.as_slice() {
                [d] if d.code == Code::ScriptUnreadable => LoadError::Unreadable(d.message.clone()),
                _ => LoadError::Script(e),
            }
        })
    }

    /// Compiles a script given as text; `name` is the file name its diagnostics carry, and
    /// tables are read relative to the current directory.
    pub fn from_source(name: &str, text: &str, options: &BotOptions) -> Result<Bot, ScriptError> {
        Bot::compile(SourceFile::new(name, text), PathBuf::from("."), options)
    }

    /// Compiles a script given as text whose `USE TABLE` and `INCLUDE` read only `files`
    /// (by their path from the script's directory), never the file system: how a bot is
    /// rebuilt from [`Bot::source`], [`Bot::files`] and [`Bot::options`] in another process.
    pub fn from_source_with_files(
        name: &str,
        text: &str,
        files: SuppliedFiles,
        options: &BotOptions,
    ) -> Result<Bot, ScriptError> {
        let source = SourceFile::new(name, text);
        Bot::compile_with(source, PathBuf::from("."), Some(files), options)
    }

    /// [`Bot::from_source`] with tables and includes resolved from `base_dir` (the
    /// script's directory), as [`Bot::from_file`] resolves them.
    pub fn from_source_in(
        name: &str,
        text: &str,
        base_dir: &Path,
        options: &BotOptions,
    ) -> Result<Bot, ScriptError> {
        let base = match base_dir.as_os_str().is_empty() {
            true => PathBuf::from("."),
            false => base_dir.to_path_buf(),
        };
        Bot::compile(SourceFile::new(name, text), base, options)
    }

    /// A built-in bot by name (`random`, `caller`, `raiser`, `equity`, `bluffer`,
    /// `exploit`), as `hus match builtin:NAME` plays it.
    pub fn builtin(name: &str) -> Result<Bot, ScriptError> {
        let text = crate::play::bots::builtin_source(name).ok_or_else(|| {
            let known: Vec<&str> = crate::dealer::BUILTINS.iter().map(|b| b.0).collect();
            unreadable(
                &format!("builtin:{name}"),
                &format!(
                    "no such built-in bot; the built-ins are {}",
                    known.join(", ")
                ),
            )
        })?;
        let options = BotOptions::default();
        Bot::compile(
            SourceFile::new(format!("builtin:{name}"), text),
            PathBuf::from("."),
            &options,
        )
    }

    fn compile(source: SourceFile, base_dir: PathBuf, o: &BotOptions) -> Result<Bot, ScriptError> {
        Bot::compile_with(source, base_dir, None, o)
    }

    /// Compiles `source`, reading tables and includes from `supplied` when given, else from
    /// the file system below `base_dir`; the files read are kept with the bot.
    fn compile_with(
        source: SourceFile,
        base_dir: PathBuf,
        supplied: Option<SuppliedFiles>,
        o: &BotOptions,
    ) -> Result<Bot, ScriptError> {
        let source = with_values(source, &o.values)?;
        let mut options = check_options(base_dir, o);
        options.files = supplied.map(std::sync::Arc::new);
        let ((checked, tree), files) = crate::check::supplied::recording(|| {
            if o.lints {
                (crate::check::check(&source, &options), None)
            } else {
                let (checked, tree) = crate::check::compile_keeping_tree(&source, &options);
                (checked, Some(std::sync::Arc::new(tree)))
            }
        });
        let diagnostics = locate_all(&source, &checked.diagnostics);
        match checked.program {
            Some(program) if checked.errors() == 0 => Ok(Bot {
                script: ScriptBot {
                    program,
                    options: DecideOptions {
                        external: ExternalPolicy {
                            allow: o.allow_external,
                            timeout: o.external_timeout,
                            deadline: None,
                        },
                        explain: false,
                    },
                },
                source,
                warnings: diagnostics,
                path: None,
                _tree: tree,
                files: std::sync::Arc::new(files),
                options: o.clone(),
            }),
            _ => Err(ScriptError {
                file: source.name.clone(),
                diagnostics,
            }),
        }
    }

    /// The script's file name (or `builtin:NAME`).
    pub fn name(&self) -> &str {
        &self.source.name
    }

    /// The bot as the lower layers load one, for the histories beside its decisions.
    fn loaded(&self) -> crate::play::LoadedBot {
        crate::play::LoadedBot {
            name: self.source.name.clone(),
            bot: self.script.clone(),
            path: self.path.clone(),
            source: self.source.clone(),
            warnings: Vec::new(),
        }
    }

    /// The script file the bot was read from: none for a built-in or a script given as text.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The script's text.
    pub fn source(&self) -> &str {
        &self.source.text
    }

    /// The tables and included files the script read, by their path from its directory.
    pub fn files(&self) -> &SuppliedFiles {
        &self.files
    }

    /// The options the bot was compiled with.
    pub fn options(&self) -> &BotOptions {
        &self.options
    }

    /// The checker's warnings about the script.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The bot as the dealer seats it, beside players of other kinds ([`play_match_of`]).
    pub fn player(&self) -> &dyn crate::dealer::Decider {
        &self.script
    }

    /// The compiled program, for the advanced modules ([`crate::eval`]).
    pub fn program(&self) -> &Program {
        &self.script.program
    }

    /// Decides with `ChaCha8Rng::seed_from_u64(seed)`: the same seed gives the same
    /// decision as `hus decide --seed SEED` on every platform.
    pub fn decide(&self, state: &GameState, seed: u64) -> Result<Decision, DecideError> {
        self.decide_with(state, &mut ChaCha8Rng::seed_from_u64(seed), false)
    }

    /// Decides with the caller's generator; `explain` also builds the evaluation trace.
    pub fn decide_with<R: Rng + ?Sized>(
        &self,
        state: &GameState,
        rng: &mut R,
        explain: bool,
    ) -> Result<Decision, DecideError> {
        let options = DecideOptions {
            explain,
            ..self.script.options.clone()
        };
        let program = &self.script.program;
        let d = crate::eval::decide(program, state, rng, &options)
            .map_err(|e| decide_error(&self.source, e))?;
        Ok(Decision {
            action: d.action,
            rule: d.rule.line,
            matched: d.matched.to_vec(),
            draw: d.draw.as_ref().map(|w| Draw {
                choice: w.choice(program),
                weight: w.weight,
                total: w.total,
                index: w.index,
            }),
            made_legal: d.made_legal.is_some(),
            random_tie: d.random_tie,
            warnings: locate_all(&self.source, &d.warnings),
            explain: d.trace.as_ref().map(|t| t.to_string()),
        })
    }
}

/// Makes the process the keeper of whatever external programs detach (`setsid`): it is
/// ended with the program that started it (reference §8); and makes SIGINT, SIGTERM and SIGHUP end every
/// program it runs (external and ACPC programs) with it (§13.1). For a command-line tool
/// that runs scripts with externals, called before any other thread starts.
pub fn contain_external_programs() {
    crate::external::contain_detached();
    crate::external::end_programs_on_signals();
}

/// After [`contain_external_programs`]: the first SIGINT (Ctrl-C) sets the flag returned
/// instead of ending the process, so a command can stop cleanly and say so, then end with
/// [`end_as_interrupted`]; a second SIGINT ends it at once.
pub fn stop_on_interrupt() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    crate::external::stop_on_interrupt()
}

/// Ends the process as SIGINT does (its programs killed, then the process by the signal).
pub fn end_as_interrupted() -> ! {
    crate::external::end_as_interrupted()
}

/// The evaluator's error as the front door gives it.
fn decide_error(source: &SourceFile, e: crate::eval::EvalError) -> DecideError {
    use crate::external::ExternalErrorKind as Why;
    let (kind, no_rule_held, external) = match &e.kind {
        ErrorKind::NoRuleMatched { tried, held, .. } => (
            DecideErrorKind::NoRuleMatched,
            *tried > 0 && *held == 0,
            None,
        ),
        ErrorKind::MissingConstant { .. } => (DecideErrorKind::MissingConstant, false, None),
        ErrorKind::External { error, .. } => (
            DecideErrorKind::External,
            false,
            Some(match error.kind {
                Why::NotAllowed => ExternalFailure::NotAllowed,
                Why::TimedOut => ExternalFailure::TimedOut,
                _ => ExternalFailure::Failed,
            }),
        ),
        ErrorKind::InvalidProgram { .. } => (DecideErrorKind::InvalidProgram, false, None),
    };
    DecideError {
        kind,
        diagnostic: Box::new(Diagnostic::located(source, &e.diagnostic())),
        warnings: locate_all(source, &e.warnings),
        explain: e.trace.as_ref().map(|t| t.to_string()),
        no_rule_held,
        external,
    }
}

fn check_options(base_dir: PathBuf, o: &BotOptions) -> CheckOptions {
    CheckOptions {
        defines: o.defines.clone(),
        allow_unknown_names: false,
        base_dir,
        table_dirs: o.table_dirs.clone(),
        files: None,
    }
}

/// The script with its tunable DEFINEs given `values` (the source itself when there are none);
/// a value that names no TUNE range or lies outside its range is a `bad-tune` error.
fn with_values(source: SourceFile, values: &[(String, f64)]) -> Result<SourceFile, ScriptError> {
    if values.is_empty() {
        return Ok(source);
    }
    match crate::check::tune::set_values(&source.text, values) {
        Ok(text) => Ok(SourceFile::new(source.name, text)),
        Err(crate::check::tune::TuneError(message, at)) => {
            let d = match at {
                Some(span) => Diagnostic::located(
                    &source,
                    &crate::diag::SourceDiagnostic::error(Code::BadTune, message)
                        .at(span)
                        .with_label("the value --set replaces"),
                ),
                None => Diagnostic::whole_file(Code::BadTune, &source.name, message),
            };
            Err(ScriptError {
                diagnostics: vec![d],
                file: source.name,
            })
        }
    }
}

/// A script that could not be read, as a [`ScriptError`] with one whole-file diagnostic whose
/// code, `script-unreadable`, only the library gives (the CLI reports it as a usage error).
fn unreadable(name: &str, why: &str) -> ScriptError {
    let d = Diagnostic::whole_file(
        Code::ScriptUnreadable,
        name,
        format!(
            "cannot read {}: {why}",
            crate::diag::clip(&crate::diag::escape_controls(name))
        ),
    );
    ScriptError {
        file: name.to_string(),
        diagnostics: vec![d],
    }
}

/// Checks a script given as text without compiling a bot: every diagnostic, as
/// `hus check --format json` lists them (without the command's flag advice).
pub fn check(name: &str, text: &str, options: &BotOptions) -> Vec<Diagnostic> {
    check_in(name, text, Path::new("."), options)
}

/// [`check`] with tables and includes resolved from `base_dir` (the script's directory).
pub fn check_in(name: &str, text: &str, base_dir: &Path, options: &BotOptions) -> Vec<Diagnostic> {
    let source = SourceFile::new(name, text);
    let checked = crate::check::check(&source, &check_options(base_dir.to_path_buf(), options));
    locate_all(&source, &checked.diagnostics)
}

/// How a match is played: `hus match`'s options.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    pub hands: u64,
    pub seed: u64,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Each deal played twice with the seats swapped.
    pub duplicate: bool,
    pub small_blind: i64,
    pub big_blind: i64,
    /// Both stacks at the start of every hand.
    pub stack: i64,
    /// Keep A's result of every hand ([`MatchResult::hand_results`]).
    pub keep_hands: bool,
    /// `<init>` constants every decision's game state holds, by name ([`run_match`]).
    pub defines: Vec<(String, f64)>,
    /// Write the game state of every decision to this new or empty directory, with an
    /// index.tsv ([`run_match`]).
    pub histories: Option<PathBuf>,
    /// Write every hand to this file in the ACPC dealer's log format ([`run_match`]).
    pub log: Option<PathBuf>,
    /// Draw A's cumulative winnings with the 95% band to this SVG file ([`run_match`]).
    pub plot: Option<PathBuf>,
    /// An ACPC program's time to answer one action: past it, it checks or folds.
    pub action_time: Duration,
    /// An ACPC program's time for all its answers in one hand: past it, the program is taken
    /// to hang and the match ends with the hands played.
    pub hand_time: Duration,
    /// Set from another thread to stop [`play_match`] between hands (an embedder's Ctrl-C):
    /// the match ends in `MatchError::Stopped` with the hands played before.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl MatchOptions {
    /// `hus match`'s defaults: blinds 50/100, stacks of 10,000, one thread, not duplicate,
    /// no outputs; an ACPC program has 10 s per action and 60 s per hand.
    pub fn new(hands: u64, seed: u64) -> MatchOptions {
        let c = MatchConfig::new(hands, seed);
        MatchOptions {
            hands,
            seed,
            threads: c.threads,
            duplicate: c.duplicate,
            small_blind: c.stakes.sb,
            big_blind: c.stakes.bb,
            stack: c.stakes.stack,
            keep_hands: false,
            defines: Vec::new(),
            histories: None,
            log: None,
            plot: None,
            action_time: Duration::from_secs(10),
            hand_time: Duration::from_secs(60),
            stop: None,
        }
    }
}

/// Plays script bot `a` against `b`; the result is A's (see [`MatchResult`]). The outputs,
/// `<init>` constants and ACPC programs of [`MatchOptions`] are [`run_match`]'s.
pub fn play_match(a: &Bot, b: &Bot, options: &MatchOptions) -> Result<MatchResult, MatchError> {
    play_match_of([&a.script, &b.script], options)
}

/// [`play_match`] of any two players the dealer can seat: a script's [`Bot::player`], or an
/// embedder's own [`crate::dealer::Decider`] (a Python function).
pub fn play_match_of(
    bots: [&dyn crate::dealer::Decider; 2],
    options: &MatchOptions,
) -> Result<MatchResult, MatchError> {
    let mut config = MatchConfig::new(options.hands, options.seed);
    config.threads = options.threads;
    config.duplicate = options.duplicate;
    config.keep_hands = options.keep_hands;
    config.stop = options.stop.clone();
    config.stakes = Stakes {
        sb: options.small_blind,
        bb: options.big_blind,
        stack: options.stack,
    };
    crate::dealer::play_match(bots, &config, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Play, Player};

    const FOLD_OR_RAISE: &str = "PREFLOP\nRULE\n  AA\n  THEN RAISE 3BB\nENDRULE\n\
                                 RULE PRIORITY -1\n  THEN FOLD\nENDRULE\nENDPREFLOP\n";

    #[test]
    fn a_raise_is_given_both_by_and_to() {
        let bot = Bot::from_source("bot.hus", FOLD_OR_RAISE, &BotOptions::default()).unwrap();
        let (state, _) = GameState::builder(10.0, 20.0)
            .hero_cards("AsAd")
            .build()
            .unwrap();
        let d = bot.decide(&state, 1).unwrap();
        // In the small blind with 10 in: call 10 more, then raise by 60 to 80.
        assert_eq!(d.action, Action::Raise { by: 60.0, to: 80.0 });
        assert_eq!(d.rule, 2);
        assert_eq!(d.to_string_action(), "raise 60");
    }

    impl Decision {
        fn to_string_action(&self) -> String {
            self.action.to_string()
        }
    }

    #[test]
    fn a_script_error_carries_every_diagnostic_located() {
        let e = Bot::from_source(
            "bad.hus",
            "PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\n",
            &BotOptions::default(),
        )
        .expect_err("errors");
        assert!(e.diagnostics.len() >= 2, "{e:?}");
        assert!(e.diagnostics.iter().all(|d| d.file == "bad.hus"));
        assert_eq!(e.diagnostics[0].code, Code::RaiseWithoutAmount);
        assert_eq!((e.diagnostics[0].line, e.diagnostics[0].column), (4, 8));
    }

    #[test]
    fn no_rule_matched_is_a_typed_error() {
        let bot = Bot::from_source(
            "b.hus",
            "FLOP\nRULE\nTHEN CALL\nENDRULE\nENDFLOP\n",
            &BotOptions::default(),
        )
        .unwrap();
        let (state, _) = GameState::builder(10.0, 20.0)
            .hero_cards("As2d")
            .button(Player::Villain)
            .play(Player::Villain, Play::RaiseTo(60.into()))
            .build()
            .unwrap();
        let e = bot.decide(&state, 1).expect_err("no preflop rule");
        assert_eq!(e.kind, DecideErrorKind::NoRuleMatched);
        assert_eq!(e.diagnostic.code, Code::NoRuleMatched);
    }

    #[test]
    fn a_bot_rebuilt_from_its_source_and_files_reads_no_file() {
        let dir = std::env::temp_dir().join(format!("hus-bundle-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        let table = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tag-open.tsv");
        std::fs::copy(table, dir.join("t.tsv")).unwrap();
        std::fs::write(dir.join("lib/d.hus"), "DEFINE rockets = AA\n").unwrap();
        let script = "INCLUDE \"lib/d.hus\"\nPREFLOP\nRULE\n  rockets\n  THEN RAISE 3BB\nENDRULE\n\
                      RULE PRIORITY -1\n  THEN USE TABLE t.tsv\nENDRULE\nENDPREFLOP\n";
        std::fs::write(dir.join("b.hus"), script).unwrap();
        let bot = Bot::from_file(dir.join("b.hus"), &BotOptions::default());
        std::fs::remove_dir_all(&dir).unwrap();
        let bot = bot.unwrap();
        let keys: Vec<&str> = bot.files().keys().map(|k| k.as_str()).collect();
        assert_eq!(keys, ["lib/d.hus", "t.tsv"]);
        let again = Bot::from_source_with_files(
            bot.name(),
            bot.source(),
            bot.files().clone(),
            bot.options(),
        )
        .unwrap();
        assert_eq!(again.files(), bot.files());
        let (state, _) = GameState::builder(10.0, 20.0)
            .hero_cards("AsAd")
            .build()
            .unwrap();
        assert_eq!(
            again.decide(&state, 1).unwrap(),
            bot.decide(&state, 1).unwrap()
        );
    }

    #[test]
    fn a_match_told_to_stop_stops_with_the_hands_played() {
        use crate::dealer::MatchError;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let a = Bot::builtin("equity").unwrap();
        for b in ["caller", "exploit"] {
            let b = Bot::builtin(b).unwrap();
            let mut o = MatchOptions::new(100_000, 7);
            o.stop = Some(stop.clone());
            match play_match(&a, &b, &o) {
                Err(MatchError::Stopped { partial, cause }) => {
                    assert_eq!(partial.hands, 0);
                    assert!(matches!(*cause, MatchError::Interrupted));
                }
                Err(MatchError::Interrupted) => {}
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn a_match_refuses_stacks_past_the_dealers_limit() {
        let a = Bot::builtin("caller").unwrap();
        let mut o = MatchOptions::new(10, 7);
        o.stack = (1 << 53) + 2;
        let e = play_match(&a, &a, &o).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("stacks are at most 2147483647 chips"),
            "{e}"
        );
    }

    #[test]
    fn a_match_of_two_builtins_is_the_dealers() {
        let a = Bot::builtin("equity").unwrap();
        let b = Bot::builtin("caller").unwrap();
        let r = play_match(&a, &b, &MatchOptions::new(200, 7)).unwrap();
        let again = play_match(&a, &b, &MatchOptions::new(200, 7)).unwrap();
        assert_eq!(r.hands, 200);
        assert_eq!(r.net_a, again.net_a);
    }
}
