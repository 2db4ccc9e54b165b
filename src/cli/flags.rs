//! Flags several subcommands take, each declared once here and flattened into the commands
//! (`#[command(flatten)]`). Their values are checked by the library's rules (`hus::time_limit`,
//! `hus::seed`, the dealer's stakes), so the binary, Python and C refuse the same values.
//! A command whose help words a flag differently (`the scripts` of a match) says so with
//! `mut_arg`, beside its own flags.
//!
//! The structs carry `//` comments, not doc comments: clap would make a flattened struct's
//! doc comment the about of the command it is flattened into.

use std::path::PathBuf;
use std::time::Duration;

// `--table-dir`: the directories `USE TABLE` may read besides the script's own.
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct TableDirs {
    /// A directory `USE TABLE` may read tables from, besides the script's own (repeatable).
    #[arg(long = "table-dir", value_name = "DIR")]
    pub table_dirs: Vec<PathBuf>,
}

// `--allow-external`: whether the scripts may run `external` programs (reference §8).
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq)]
pub struct AllowExternal {
    /// Let the script run `external` programs.
    #[arg(long)]
    pub allow_external: bool,
}

// `--external-timeout`: each external program's time limit.
#[derive(clap::Args, Clone, Copy, Debug, PartialEq)]
pub struct ExternalTimeout {
    /// The time limit of one external program, in seconds.
    #[arg(long, default_value_t = ExternalTimeout::DEFAULT, value_name = "SECONDS")]
    pub external_timeout: f64,
}

impl ExternalTimeout {
    /// `--external-timeout` when not given, in seconds.
    pub const DEFAULT: f64 = 5.0;

    /// The limit, by the library's rule of time limits; the message names the flag.
    pub fn checked(self) -> Result<Duration, String> {
        super::seconds("--external-timeout", self.external_timeout)
    }
}

impl Default for ExternalTimeout {
    fn default() -> Self {
        ExternalTimeout {
            external_timeout: Self::DEFAULT,
        }
    }
}

// `--threads`: the worker threads of a run whose result does not depend on them.
#[derive(clap::Args, Clone, Copy, Debug, Default, PartialEq)]
pub struct Threads {
    /// Worker threads (default: one per core). The result does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

impl Threads {
    /// The number given, or one per core without it; 0 is refused.
    pub fn count(self) -> Result<usize, String> {
        let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.threads.unwrap_or_else(cores) {
            0 => Err("--threads must be at least 1".into()),
            n => Ok(n),
        }
    }
}

// `--define NAME=VALUE`: `<init>` constants of every decision's game state, in runs that
// deal their own hands (`hus match`, `hus tournament`, `hus exploit`).
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct Defines {
    /// An `<init>` constant every decision's game state holds, as NAME=VALUE (repeatable).
    #[arg(long = "define", value_name = "NAME=VALUE", value_parser = parse_define)]
    pub defines: Vec<(String, f64)>,
}

impl Defines {
    /// The names alone, which the scripts may read.
    pub fn names(&self) -> Vec<String> {
        self.defines.iter().map(|(n, _)| n.clone()).collect()
    }
}

// `--stack` in big blinds and `--blinds SB/BB` in whole chips, of runs that deal their own
// hands. Their order and the stack's limit are the library's stakes rule, checked where the
// match, tournament or run starts.
#[derive(clap::Args, Clone, Copy, Debug, PartialEq)]
pub struct Stakes {
    /// The stack both bots start every hand with, in big blinds.
    #[arg(long, default_value_t = 100)]
    pub stack: u32,
    /// The blinds in whole chips, SB/BB.
    #[arg(long, default_value = "50/100", value_parser = parse_blinds)]
    pub blinds: (u32, u32),
}

impl Stakes {
    /// Small blind, big blind and the stack in chips (`--stack` big blinds).
    pub fn chips(self) -> (i64, i64, i64) {
        let (sb, bb) = self.blinds;
        (
            i64::from(sb),
            i64::from(bb),
            i64::from(self.stack) * i64::from(bb),
        )
    }
}

// `--set NAME=VALUE`: values for a bot's tunable DEFINEs (`TUNE low..high`).
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct TuneValues {
    /// A value for one of the bot's tunable DEFINEs (`TUNE low..high`), as NAME=VALUE in the
    /// DEFINE's unit (repeatable), as `hus match --set`.
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = parse_set)]
    pub values: Vec<(String, f64)>,
}

// `--action-time` and `--hand-time`: the time an `acpc:` program has to answer, in runs that
// deal to such programs (`hus match`, `hus tournament`).
#[derive(clap::Args, Clone, Copy, Debug, PartialEq)]
pub struct ProgramTimes {
    /// An ACPC program's time to answer one action, in seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub action_time: f64,
    /// An ACPC program's time for all its answers in one hand, in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub hand_time: f64,
}

impl ProgramTimes {
    /// Both limits, by the library's rule of time limits; a message names its flag.
    pub fn checked(self) -> Result<(Duration, Duration), String> {
        Ok((
            super::seconds("--action-time", self.action_time)?,
            super::seconds("--hand-time", self.hand_time)?,
        ))
    }
}

/// `--set NAME=VALUE`: a name and a finite number.
fn parse_set(s: &str) -> Result<(String, f64), String> {
    let err = || format!("expected NAME=VALUE with a number, like openSize=3 (got `{s}`)");
    let (name, value) = s.split_once('=').ok_or_else(err)?;
    let value: f64 = value.trim().parse().map_err(|_| err())?;
    match value.is_finite() && !name.trim().is_empty() {
        true => Ok((name.trim().to_string(), value)),
        false => Err(err()),
    }
}

/// `--define NAME=VALUE`: a word the language does not have, and a finite number.
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
    if hus::is_language_name(name) {
        return Err(format!(
            "`{name}` is already a name of the language, which every hand computes (set the stakes with --blinds and --stack); --define gives <init> names the language does not have"
        ));
    }
    Ok((name.to_string(), value))
}

/// `--blinds SB/BB`: two whole numbers. Their order is the library's stakes rule, checked
/// with the stack where the match, tournament or run starts (the words Python's give).
fn parse_blinds(s: &str) -> Result<(u32, u32), String> {
    let err = || format!("expected SB/BB in whole chips, like 50/100 (got `{s}`)");
    let (a, b) = s.split_once('/').ok_or_else(err)?;
    let sb: u32 = a.trim().parse().map_err(|_| err())?;
    let bb: u32 = b.trim().parse().map_err(|_| err())?;
    Ok((sb, bb))
}
