//! `external` programs (reference §8): substitution of placeholders, shell-like word splitting
//! without a shell, an explicit opt-in policy and a time limit.
//!
//! How a command text becomes a program run (the rules of the language reference):
//! - The text is split into words like a POSIX shell does ([`split_words`]): white space
//!   separates, `'...'` and `"..."` group, `\` escapes. No shell ever runs, so `$(...)`,
//!   backquotes, `;`, `|`, `>` and `*` are ordinary characters.
//! - The first word is the program. A leading `~/` is the home directory; a path with a `/`
//!   is relative to the script's directory; a bare name is looked up on PATH. The program runs
//!   in the script's directory.
//! - Every other word that is written whole, unquoted and unescaped, and is a placeholder
//!   name (case-insensitive, like constants) is replaced: `heroCards`, `flopCards`,
//!   `turnCard`, `riverCard`, `communityCards` by one argument per card (`8H`, `10D`; no
//!   argument for cards not dealt yet); `wholeGame` by one argument, the XML as read; a
//!   constant's name by its value (integers without a decimal point: `40`, `0.25`).
//! - Only whole words are replaced: `--stack=heroStack` is passed as it is (write
//!   `--stack heroStack`). A quoted or escaped word is never replaced: `'pot'` passes the
//!   word `pot`. Any other word is passed as it is.

mod groups;
mod lint;
mod output;
mod process;
mod tree;
mod words;

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cards::Card;
use crate::game::{format_amount, GameState, Intent};
use crate::ir::ExternalCommand;

pub use groups::Spawned;
pub use groups::{end_as_interrupted, end_programs_on_signals, stop_on_interrupt};
pub use lint::lint_command;
pub use output::{first_number, parse_action, quote_lines, ActionProblem, NumberProblem};
pub use process::detached::contain_detached;
pub use process::{format_duration, Invocation, ProcessEnding, OUTPUT_LIMIT};
pub use words::{split_words, SplitError, Word};

/// The names replaced by cards, one argument per card, in their canonical spelling.
pub const CARD_PLACEHOLDERS: [&str; 5] = [
    "heroCards",
    "flopCards",
    "turnCard",
    "riverCard",
    "communityCards",
];

/// The name replaced by the whole game-state XML (one argument).
pub const WHOLE_GAME: &str = "wholeGame";

/// The longest single argument a program is started with (Linux's limit, 128 KiB, less
/// its terminating byte).
pub const MAX_ARGUMENT_BYTES: usize = 128 * 1024 - 1;

/// Whether and how external programs may run. The default runs nothing.
#[derive(Clone, Debug)]
pub struct ExternalPolicy {
    pub allow: bool,
    /// The time limit of one program.
    pub timeout: Duration,
    /// When every program of the decision must have answered (`hus acpc`, whose dealer limits
    /// the time per action); a program started later gets only what is left.
    pub deadline: Option<std::time::Instant>,
}

impl Default for ExternalPolicy {
    fn default() -> Self {
        ExternalPolicy {
            allow: false,
            timeout: Duration::from_secs(5),
            deadline: None,
        }
    }
}

impl ExternalPolicy {
    /// The time limit of a program started now: the timeout, cut to the deadline.
    pub fn time_left(&self) -> Duration {
        match self.deadline {
            Some(d) => self
                .timeout
                .min(d.saturating_duration_since(std::time::Instant::now())),
            None => self.timeout,
        }
    }
}

/// The values placeholders are replaced with, supplied by the evaluator.
pub trait Placeholders {
    /// The cards of `heroCards`, `flopCards`, `turnCard`, `riverCard`, `communityCards`
    /// (already in the `8H 10D` form), or `None` when `word` is not a card-list name.
    /// Called with the canonical spelling; see [`game_cards`] for a ready implementation.
    fn cards(&self, word: &str) -> Option<Vec<String>>;
    /// The XML of `wholeGame`.
    fn whole_game(&self) -> String;
    /// The value of a constant name (case-insensitive), or `None` when `word` is not one.
    fn constant(&self, word: &str) -> Option<f64>;
}

/// The cards of a card-list placeholder in a game state, in the order dealt (reference §8): empty
/// for a round not dealt yet; `None` when `name` is not a card-list name.
pub fn game_cards(state: &GameState, name: &str) -> Option<Vec<String>> {
    placeholder_cards(name, state.hero_cards(), &state.board_cards())
}

/// [`game_cards`] from the hole cards and the board cards in the order dealt.
pub fn placeholder_cards(name: &str, hero: [Card; 2], board: &[Card]) -> Option<Vec<String>> {
    let range = match card_placeholder(name)? {
        "heroCards" => return Some(hero.iter().map(|c| c.external()).collect()),
        "flopCards" => 0..3,
        "turnCard" => 3..4,
        "riverCard" => 4..5,
        _ => 0..5,
    };
    let range = range.start.min(board.len())..range.end.min(board.len());
    Some(board[range].iter().map(|c| c.external()).collect())
}

/// The canonical spelling of a card-list placeholder name, matched case-insensitively.
pub fn card_placeholder(word: &str) -> Option<&'static str> {
    CARD_PLACEHOLDERS
        .iter()
        .copied()
        .find(|n| n.eq_ignore_ascii_case(word))
}

/// What went wrong, for callers that react differently (the CLI maps every kind to exit 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExternalErrorKind {
    /// External programs are disabled (no `--allow-external`).
    NotAllowed,
    /// The command text is empty or cannot be split (an unclosed quote).
    BadCommand,
    /// The program could not be started (not found, not executable).
    CannotStart,
    /// Killed at the time limit.
    TimedOut,
    /// A non-zero exit status, or killed by a signal.
    Failed,
    /// It ended well but printed no number (condition) or not one action line (action).
    BadOutput,
}

/// Why an external program gave no usable answer. The message names the program, how it
/// ended and quotes the first lines of what it printed.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalError {
    pub kind: ExternalErrorKind,
    /// The program as written in the command (empty when there is none).
    pub program: String,
    pub message: String,
}

impl std::fmt::Display for ExternalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExternalError {}

impl ExternalError {
    fn new(kind: ExternalErrorKind, program: &str, message: String) -> ExternalError {
        ExternalError {
            kind,
            program: program.to_string(),
            message,
        }
    }
}

/// Splits the command, replaces the placeholders and resolves the program, without running
/// anything (also what `--explain` can show).
pub fn prepare(
    text: &str,
    values: &dyn Placeholders,
    base_dir: &Path,
) -> Result<Invocation, ExternalError> {
    let bad = |m: String| ExternalError::new(ExternalErrorKind::BadCommand, "", m);
    let words = split_words(text).map_err(|e| bad(format!("{e}: `{text}`")))?;
    let Some((first, rest)) = words.split_first() else {
        return Err(bad("the external command is empty".into()));
    };
    if first.text.is_empty() {
        return Err(bad(format!("the external command `{text}` has no program")));
    }
    let mut args = Vec::new();
    for w in rest {
        substitute(w, values, &mut args);
    }
    // The operating system refuses a longer argument (Linux: 128 KiB, E2BIG): say so.
    if let Some(long) = args.iter().find(|a| a.len() > MAX_ARGUMENT_BYTES) {
        return Err(ExternalError::new(
            ExternalErrorKind::CannotStart,
            &first.text,
            format!(
                "one argument is {} bytes (wholeGame?), more than the {MAX_ARGUMENT_BYTES} a program's argument may hold; keep the game state under 128 KiB",
                long.len()
            ),
        ));
    }
    let dir = absolute_dir(base_dir);
    let path = program_path(&first.text, &dir).map_err(|m| {
        ExternalError::new(ExternalErrorKind::CannotStart, &first.text, m.to_string())
    })?;
    Ok(Invocation {
        program: first.text.clone(),
        path,
        args,
        dir,
    })
}

/// Appends the arguments one word stands for.
fn substitute(w: &Word, values: &dyn Placeholders, args: &mut Vec<String>) {
    if w.literal {
        args.push(w.text.clone());
    } else if let Some(name) = card_placeholder(&w.text) {
        args.extend(values.cards(name).unwrap_or_default());
    } else if w.text.eq_ignore_ascii_case(WHOLE_GAME) {
        args.push(values.whole_game());
    } else if let Some(x) = values.constant(&w.text) {
        args.push(format_amount(x));
    } else {
        args.push(w.text.clone());
    }
}

/// The script's directory made absolute (an empty one is the current directory).
fn absolute_dir(base_dir: &Path) -> PathBuf {
    let base = if base_dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base_dir
    };
    std::path::absolute(base).unwrap_or_else(|_| base.to_path_buf())
}

/// Where the program is: `~/x` in the home directory, `a/b` and `./x` relative to the
/// script's directory, `/x` as it is, a bare name on PATH (left bare).
pub fn program_path(program: &str, base_dir: &Path) -> Result<PathBuf, &'static str> {
    if let Some(rest) = program.strip_prefix("~/") {
        let home = std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .ok_or("the program path starts with `~/` but HOME is not set")?;
        return Ok(PathBuf::from(home).join(rest));
    }
    let p = Path::new(program);
    if p.is_absolute() || !program.contains('/') {
        Ok(p.to_path_buf())
    } else {
        Ok(base_dir.join(p))
    }
}

/// Runs a condition's program: the first number on the first (non-blank) line of its output.
pub fn run_number(
    cmd: &ExternalCommand,
    values: &dyn Placeholders,
    base_dir: &Path,
    policy: &ExternalPolicy,
) -> Result<f64, ExternalError> {
    let (inv, done) = run_checked(cmd, values, base_dir, policy)?;
    first_number(&done.stdout).map_err(|problem| {
        failure(
            ExternalErrorKind::BadOutput,
            &inv,
            &done,
            &problem.to_string(),
        )
    })
}

/// Runs an action's program: one line naming `fold`, `check`, `call` or `raise N`.
pub fn run_action(
    cmd: &ExternalCommand,
    values: &dyn Placeholders,
    base_dir: &Path,
    policy: &ExternalPolicy,
) -> Result<Intent, ExternalError> {
    let (inv, done) = run_checked(cmd, values, base_dir, policy)?;
    parse_action(&done.stdout).map_err(|problem| {
        let what = format!(
            "{problem} (an action's program prints one line: `fold`, `check`, `call` or `raise N`)"
        );
        failure(ExternalErrorKind::BadOutput, &inv, &done, &what)
    })
}

/// Runs the command under the policy; succeeds only when the program exited with status 0.
fn run_checked(
    cmd: &ExternalCommand,
    values: &dyn Placeholders,
    base_dir: &Path,
    policy: &ExternalPolicy,
) -> Result<(Invocation, process::Finished), ExternalError> {
    // A build for the browser has no programs to start, whatever the policy says.
    let why = if cfg!(target_arch = "wasm32") {
        "external programs cannot run in the browser"
    } else {
        "external programs are disabled"
    };
    if !policy.allow || cfg!(target_arch = "wasm32") {
        let program = split_words(&cmd.text)
            .ok()
            .and_then(|w| w.into_iter().next())
            .map_or_else(String::new, |w| w.text);
        return Err(ExternalError::new(
            ExternalErrorKind::NotAllowed,
            &program,
            format!("{why}, so `{}` was not run", cmd.text.trim()),
        ));
    }
    let inv = prepare(&cmd.text, values, base_dir)?;
    let done = process::run(&inv, policy.time_left()).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound if inv.path.components().count() == 1 => {
                "no such program on PATH".to_string()
            }
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            std::io::ErrorKind::PermissionDenied => "it is not executable".to_string(),
            _ => e.to_string(),
        };
        ExternalError::new(
            ExternalErrorKind::CannotStart,
            &inv.program,
            format!(
                "cannot run external program `{}` ({}): {why}",
                inv.program,
                inv.path.display()
            ),
        )
    })?;
    match done.ending {
        ProcessEnding::Exited(0) => Ok((inv, done)),
        ProcessEnding::TimedOut(_) => Err(failure(
            ExternalErrorKind::TimedOut,
            &inv,
            &done,
            "took longer than its time limit",
        )),
        _ => Err(failure(ExternalErrorKind::Failed, &inv, &done, "failed")),
    }
}

/// `external program `bin/eq` failed (exit status 3); it printed "..."; on stderr: "..."`.
fn failure(
    kind: ExternalErrorKind,
    inv: &Invocation,
    done: &process::Finished,
    what: &str,
) -> ExternalError {
    let mut m = format!(
        "external program `{}` {what} ({})",
        inv.program, done.ending
    );
    match quote_lines(&done.stdout) {
        Some(q) => m.push_str(&format!("; it printed {q}")),
        None => m.push_str("; it printed nothing"),
    }
    if let Some(q) = quote_lines(&done.stderr) {
        m.push_str(&format!("; on stderr: {q}"));
    }
    ExternalError::new(kind, &inv.program, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;
    impl Placeholders for Fixed {
        fn cards(&self, word: &str) -> Option<Vec<String>> {
            match word {
                "heroCards" => Some(vec!["AS".into(), "10D".into()]),
                "flopCards" => Some(vec!["2C".into(), "3C".into(), "4C".into()]),
                "turnCard" => Some(vec![]),
                _ => None,
            }
        }
        fn whole_game(&self) -> String {
            "<game>\n</game>".into()
        }
        fn constant(&self, word: &str) -> Option<f64> {
            match word.to_ascii_lowercase().as_str() {
                "pot" => Some(40.0),
                "potodds" => Some(0.25),
                _ => None,
            }
        }
    }

    fn args(text: &str) -> Vec<String> {
        prepare(text, &Fixed, Path::new("/s")).unwrap().args
    }

    #[test]
    fn substitution() {
        assert_eq!(
            args("p heroCards flopCards turnCard POT potOdds x"),
            ["AS", "10D", "2C", "3C", "4C", "40", "0.25", "x"]
        );
        assert_eq!(args("p WHOLEGAME"), ["<game>\n</game>"]);
        assert_eq!(
            args(r#"p 'pot' "heroCards" \pot --pot=pot pot,"#),
            ["pot", "heroCards", "pot", "--pot=pot", "pot,"]
        );
    }

    #[test]
    fn program_paths() {
        let inv = prepare("bin/eq", &Fixed, Path::new("/s")).unwrap();
        assert_eq!(inv.path, Path::new("/s/bin/eq"));
        assert_eq!(inv.dir, Path::new("/s"));
        let inv = prepare("./eq", &Fixed, Path::new("/s")).unwrap();
        assert_eq!(inv.path, Path::new("/s/./eq"));
        let inv = prepare("/usr/bin/eq", &Fixed, Path::new("/s")).unwrap();
        assert_eq!(inv.path, Path::new("/usr/bin/eq"));
        let inv = prepare("eq pot", &Fixed, Path::new("/s")).unwrap();
        assert_eq!(inv.path, Path::new("eq"));
        // The program word itself is never a placeholder.
        let inv = prepare("pot", &Fixed, Path::new("/s")).unwrap();
        assert_eq!(inv.path, Path::new("pot"));
        if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
            let inv = prepare("~/bin/eq", &Fixed, Path::new("/s")).unwrap();
            assert_eq!(inv.path, PathBuf::from(home).join("bin/eq"));
        }
        let inv = prepare("bin/eq", &Fixed, Path::new("")).unwrap();
        assert!(inv.path.is_absolute());
    }

    #[test]
    fn cards_of_each_placeholder() {
        let c = |r: &str, s: &str| Card::from_xml(r, s).unwrap();
        let hero = [c("A", "Spades"), c("10", "Diamonds")];
        let board = [
            c("2", "Clubs"),
            c("3", "Clubs"),
            c("4", "Clubs"),
            c("8", "Hearts"),
        ];
        let cards = |name: &str, board: &[Card]| placeholder_cards(name, hero, board);
        assert_eq!(cards("heroCards", &[]).unwrap(), ["AS", "10D"]);
        assert_eq!(cards("flopCards", &board).unwrap(), ["2C", "3C", "4C"]);
        assert_eq!(cards("TURNCARD", &board).unwrap(), ["8H"]);
        assert!(cards("riverCard", &board).unwrap().is_empty());
        assert!(cards("flopCards", &[]).unwrap().is_empty());
        assert_eq!(
            cards("communityCards", &board).unwrap(),
            ["2C", "3C", "4C", "8H"]
        );
        assert_eq!(cards("wholeGame", &board), None);
        assert_eq!(cards("pot", &board), None);
    }

    #[test]
    fn bad_commands() {
        for text in ["", "  \n", "'' x", "p 'x"] {
            let e = prepare(text, &Fixed, Path::new("/s")).unwrap_err();
            assert_eq!(e.kind, ExternalErrorKind::BadCommand, "{text:?}");
        }
    }
}
