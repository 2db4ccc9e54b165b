//! The `hus` command line: a thin layer over the library.

mod cli;

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "hus",
    version,
    about = "Heads Up Script: rule-based bots for heads-up no-limit hold'em",
    // Each subcommand's arguments are built only when it runs: a `hus decide` does not pay
    // for the parsers of the other fourteen.
    defer = true
)]
enum Command {
    /// Play one seat of a match run by the ACPC dealer (the competition protocol).
    Acpc(cli::acpc::Args),
    /// A bot's action frequencies in one spot for all 169 starting hands (and by category).
    Chart(cli::chart::Args),
    /// Parse and check scripts without a game; print every diagnostic.
    Check(cli::check::Args),
    /// Print what the bot does now: fold, check, call or raise N.
    Decide(cli::decide::Args),
    /// Equity of a hand or range against another, exact over every board (as PokerStove).
    Equity(cli::equity::Args),
    /// Local Best Response against a bot: a lower bound on how much it can be beaten.
    Exploit(cli::exploit::Args),
    /// Write scripts in the canonical layout, in place (`-`: stdin to stdout).
    Fmt(cli::fmt::Args),
    /// A language server for editors, over standard input and output.
    Lsp(cli::lsp::Args),
    /// Play two bots against each other for many hands; report A's win rate.
    Match(cli::matches::Args),
    /// List every name a script can use, or print one name's full meaning.
    Names(cli::names::Args),
    /// The heads-up push-or-fold game solved exactly; a bot's exploitability in it.
    Nash(cli::nash::Args),
    /// A range on a board by hand category, in the language's words (as Flopzilla).
    Range(cli::range::Args),
    /// Put every decision a player made in a dealer's log to a bot; report the agreement.
    Replay(cli::replay::Args),
    /// Print a built-in bot's script (`builtin:NAME`; `builtin:` lists them).
    Show(cli::show::Args),
    /// Play many bots against each other, every pairing a duplicate match; rank them.
    Tournament(cli::tournament::Args),
}

/// std's entry: a panic exits 101 with its message, a stack overflow is reported as one, and
/// std has already ignored SIGPIPE (a closed pipe is an error the command reports) and opened
/// closed standard descriptors on `/dev/null` (so no file a command opens becomes its output).
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run())
}

/// Runs the command the arguments name; its exit code.
fn run() -> u8 {
    // The plain form runs no program (`external` needs --allow-external), so it starts no
    // signal thread for them (a thread and its 2 MB stack at every decision).
    if let Some(args) = plain_decide(std::env::args_os().skip(1)) {
        return cli::decide::run(args);
    }
    // The binary runs nothing but external programs: whatever they detach (`setsid`) is
    // handed to it and killed once they end (reference §8).
    hus::contain_external_programs();
    let command = match Command::try_parse() {
        Ok(c) => c,
        Err(e) => return clap_refusal(&e),
    };
    match command {
        Command::Acpc(args) => cli::acpc::run(args),
        Command::Chart(args) => cli::chart::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Decide(args) => cli::decide::run(args),
        Command::Equity(args) => cli::equity::run(args),
        Command::Exploit(args) => cli::exploit::run(args),
        Command::Fmt(args) => cli::fmt::run(args),
        Command::Lsp(args) => cli::lsp::run(args),
        Command::Match(args) => cli::matches::run(args),
        Command::Names(args) => cli::names::run(args),
        Command::Nash(args) => cli::nash::run(args),
        Command::Range(args) => cli::range::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Show(args) => cli::show::run(args),
        Command::Tournament(args) => cli::tournament::run(args),
    }
}

/// Clap's help or refusal, printed as clap prints it but with every quoted input clipped as
/// the commands' own messages clip theirs (an argument of 100 KB is not echoed whole).
fn clap_refusal(e: &clap::Error) -> u8 {
    use std::io::{IsTerminal, Write};
    let styled = e.render();
    let colour = std::env::var_os("NO_COLOR").is_none()
        && if e.use_stderr() {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        };
    let text = match colour {
        true => styled.ansi().to_string(),
        false => styled.to_string(),
    };
    let text = match e.use_stderr() {
        true => clip_quoted(&text),
        false => text,
    };
    let _ = match e.use_stderr() {
        true => std::io::stderr().write_all(text.as_bytes()),
        false => std::io::stdout().write_all(text.as_bytes()),
    };
    u8::try_from(e.exit_code()).unwrap_or(2)
}

/// `text` with every stretch of one line between two `'` (how clap quotes an input) clipped.
fn clip_quoted(text: &str) -> String {
    let parts: Vec<&str> = text.split('\'').collect();
    let clipped: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| match i % 2 {
            1 if i + 1 < parts.len() && !p.contains('\n') => hus::clip(p),
            _ => p.to_string(),
        })
        .collect();
    clipped.join("'")
}

/// `hus decide SCRIPT GAME` and nothing else, the form a program driving a bot runs at every
/// decision: read without building clap's parser, a twentieth of such a run. Anything else,
/// an option or a value clap would refuse (empty, or starting with `-`), goes to clap.
fn plain_decide(mut args: impl Iterator<Item = std::ffi::OsString>) -> Option<cli::decide::Args> {
    let (command, script, game) = (args.next()?, args.next()?, args.next()?);
    let plain = |a: &std::ffi::OsStr| !a.is_empty() && !a.as_encoded_bytes().starts_with(b"-");
    (command == "decide" && args.next().is_none() && plain(&script) && plain(&game))
        .then(|| cli::decide::Args::plain(script.into(), game.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
        args.iter().map(Into::into).collect()
    }

    /// clap's own checks of every subcommand's arguments, deferred ones built too: the
    /// `mut_arg` of a shared flag names an argument the command has.
    #[test]
    fn every_command_s_arguments_are_well_formed() {
        use clap::CommandFactory;
        Command::command().debug_assert();
    }

    /// The plain form gives what clap gives; every other form is left to clap.
    #[test]
    fn plain_decide_is_what_clap_reads() {
        let fast = plain_decide(os(&["decide", "bot.hus", "game.xml"]).into_iter()).unwrap();
        let Command::Decide(slow) = Command::parse_from(["hus", "decide", "bot.hus", "game.xml"])
        else {
            panic!("not decide")
        };
        assert_eq!((&fast.script, &fast.game), (&slow.script, &slow.game));
        assert_eq!(
            (fast.seed, fast.json, fast.explain, fast.external),
            (slow.seed, slow.json, slow.explain, slow.external)
        );
        assert_eq!(
            fast.timeout.external_timeout.to_bits(),
            slow.timeout.external_timeout.to_bits()
        );
        assert_eq!(fast.tables, slow.tables);
        for other in [
            &["decide", "bot.hus"][..],
            &["decide", "bot.hus", "game.xml", "--json"],
            &["decide", "--json", "bot.hus"],
            &["decide", "bot.hus", "-"],
            &["decide", "", "game.xml"],
            &["check", "bot.hus", "game.xml"],
        ] {
            assert!(plain_decide(os(other).into_iter()).is_none(), "{other:?}");
        }
    }
}
