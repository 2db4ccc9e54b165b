//! Subcommands of the `hus` binary. Each reads its files, calls the library, renders the
//! result and returns the process exit code.

pub mod check;
pub mod decide;
pub mod matches;
pub mod render;

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
