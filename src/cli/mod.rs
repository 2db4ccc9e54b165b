//! Subcommands of the `hus` binary. Each reads its files, calls the library, renders the
//! result and returns the process exit code.

/// Writes to stderr; a failure is ignored (there is nowhere left to report it), never a panic.
macro_rules! err {
    ($($t:tt)*) => { $crate::cli::to_stderr(&format!($($t)*)) };
}
/// [`err!`] with a line end.
macro_rules! errln {
    ($($t:tt)*) => { $crate::cli::to_stderr(&format!("{}\n", format_args!($($t)*))) };
}

pub mod acpc;
pub mod chart;
pub mod check;
pub mod decide;
pub mod equity;
pub mod exploit;
pub mod flags;
pub mod fmt;
pub mod lsp;
pub mod matches;
pub mod names;
pub mod nash;
pub mod range;
pub mod render;
pub mod replay;
pub mod show;
pub mod tournament;

/// Exit codes, as the README's table of commands lists them for each command.
pub mod exit {
    pub const OK: u8 = 0;
    /// The script has errors.
    pub const SCRIPT: u8 = 1;
    /// Usage or I/O error.
    pub const USAGE: u8 = 2;
    /// No rule matched.
    pub const NO_RULE: u8 = 3;
    /// The game state is invalid.
    pub const GAME: u8 = 4;
    /// An external program failed (or was not allowed).
    pub const EXTERNAL: u8 = 5;
    /// The dealer sent, or its log holds, a line that does not parse or contradicts the
    /// ones before it (`hus acpc`, `hus replay`).
    pub const PROTOCOL: u8 = 6;
    /// No connection to the dealer, or it broke mid-match (`hus acpc`).
    pub const CONNECTION: u8 = 7;
}

/// Writes to stdout. A closed pipe (`hus decide ... | true`) or a full disk is an I/O error,
/// exit 2, never a panic.
pub fn to_stdout(text: &str) -> Result<(), u8> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|_| exit::USAGE)
}

/// Writes a report for people to stdout, its control characters escaped (it names players,
/// bots and files that came from input).
pub fn to_stdout_text(text: &str) -> Result<(), u8> {
    to_stdout(&hus::escape_controls(text))
}

/// Writes JSON to stdout with the characters that could drive a terminal as `\u` escapes.
pub fn to_stdout_json(json: &str) -> Result<(), u8> {
    to_stdout(&hus::escape_json_controls(json))
}

/// Writes a message to stderr, ignoring a failure. Every control character in it but tab and
/// line end is escaped: messages quote file names, dealer lines, log lines and program output,
/// none of which may drive the terminal (reference §10).
pub fn to_stderr(text: &str) {
    to_stderr_rendered(&hus::escape_controls(text));
}

/// Writes text this program rendered itself (diagnostics, whose quoted input the renderer has
/// already escaped, with colour codes of its own) to stderr, ignoring a failure.
pub fn to_stderr_rendered(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Renders diagnostics for stderr: the first [`hus::MAX_SHOWN_DIAGNOSTICS`] in full, then how
/// many more there are.
pub fn render_all(diagnostics: &[hus::Diagnostic]) -> String {
    let max = hus::MAX_SHOWN_DIAGNOSTICS;
    let mut out = String::new();
    for d in diagnostics.iter().take(max) {
        out.push_str(&render::text(d));
        // Each report on lines of its own, a blank line after it, as `hus check` prints them.
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push('\n');
    }
    if diagnostics.len() > max {
        out.push_str(&format!(
            "... and {} more diagnostics (`hus check --format short` lists them all)\n",
            diagnostics.len() - max
        ));
    }
    out
}

/// Seconds from an option: above 0 and at most a day.
pub(crate) fn seconds(name: &str, x: f64) -> Result<std::time::Duration, String> {
    hus::time_limit(x).map_err(|e| format!("{name} {e}"))
}

/// A bar of hands played on stderr, for a terminal and a run of at least `at_least` hands.
pub(crate) fn progress_bar(hands: u64, at_least: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || hands < at_least {
        return None;
    }
    let bar = indicatif::ProgressBar::new(hands);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} hands  {per_sec}  eta {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// Loads and checks the bot of `hus acpc` or `hus replay` (a script or `builtin:NAME`),
/// printing its diagnostics; a failure is its exit code and message.
pub(crate) fn load_bot(spec: &str, options: &hus::BotOptions) -> Result<hus::Bot, (u8, String)> {
    match hus::Bot::from_spec(spec, options) {
        Ok(bot) => {
            to_stderr_rendered(&render_all(bot.warnings()));
            Ok(bot)
        }
        Err(hus::LoadError::Script(e)) => {
            to_stderr_rendered(&render_all(&e.diagnostics));
            Err((exit::SCRIPT, format!("{} has errors", e.file)))
        }
        Err(e) => Err((exit::USAGE, e.to_string())),
    }
}
