//! `hus lsp`: the language server over standard input and output (reference §15). All of it
//! is in the library (`hus::run_language_server`); this only runs it.

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> u8 {
    // Exit 0 after `shutdown` and `exit`, 1 otherwise, as the protocol asks.
    u8::try_from(hus::run_language_server()).unwrap_or(1)
}
