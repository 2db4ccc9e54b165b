//! Subcommands of the `hus` binary. Each reads its files, calls the library, renders the
//! result and returns the process exit code.

pub mod check;
pub mod decide;
pub mod matches;
pub mod render;

/// Whether a diagnostic is the library's "unknown constant" note without a did-you-mean, which
/// the commands replace with how *they* learn such names (`--define` for `hus check`, the game
/// state's `<init>` for `hus decide`).
pub(crate) fn is_undeclared_constant(d: &hus::diag::Diagnostic) -> bool {
    d.code == hus::diag::Code::UnknownName
        && d.help
            .as_deref()
            .is_some_and(|h| h.starts_with("a name that is not built in"))
}

/// Exit codes (spec 1).
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
}
