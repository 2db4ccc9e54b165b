//! The `hus` command line: a thin layer over the library.

mod cli;

use clap::Parser;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "hus",
    version,
    about = "Heads Up Script: rule-based bots for heads-up no-limit hold'em",
    // Each subcommand's arguments are built only when it runs: a `hus decide` does not pay
    // for the parsers of the other eight.
    defer = true
)]
enum Command {
    /// Play one seat of a match run by the ACPC dealer (the competition protocol).
    Acpc(cli::acpc::Args),
    /// Parse and check scripts without a game; print every diagnostic.
    Check(cli::check::Args),
    /// Print what the bot does now: fold, check, call or raise N.
    Decide(cli::decide::Args),
    /// Write scripts in the canonical layout, in place (`-`: stdin to stdout).
    Fmt(cli::fmt::Args),
    /// A language server for editors, over standard input and output.
    Lsp(cli::lsp::Args),
    /// Play two bots against each other for many hands; report A's win rate.
    Match(cli::matches::Args),
    /// List every name a script can use, or print one name's full meaning.
    Names(cli::names::Args),
    /// Put every decision a player made in a dealer's log to a bot; report the agreement.
    Replay(cli::replay::Args),
    /// Print a built-in bot's script (`builtin:NAME`; `builtin:` lists them).
    Show(cli::show::Args),
}

fn main() -> ExitCode {
    // The binary runs nothing but external programs: whatever they detach (`setsid`) is
    // handed to it and killed once they end (reference §8).
    hus::external::contain_detached();
    let code = match Command::parse() {
        Command::Acpc(args) => cli::acpc::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Decide(args) => cli::decide::run(args),
        Command::Fmt(args) => cli::fmt::run(args),
        Command::Lsp(args) => cli::lsp::run(args),
        Command::Match(args) => cli::matches::run(args),
        Command::Names(args) => cli::names::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Show(args) => cli::show::run(args),
    };
    ExitCode::from(code)
}
