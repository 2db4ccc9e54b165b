//! A seat at the Annual Computer Poker Competition's dealer: a bot plays one side of the
//! dealer's match over TCP, and the result is reported as `hus match` reports a bot's
//! (`hus acpc`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::acpc::client::{self, ClientError};
use crate::acpc::seat::{Seat, SeatConfig, SeatError};
use crate::acpc::NoLimitGame;
use crate::dealer::{BotStats, MatchResult, Stakes};
use crate::play::Histories;
use serde_json::json;

use super::Bot;

/// Where the dealer is and how the seat plays: the game, the seed, the time limits, where
/// decisions are written.
#[derive(Clone, Debug)]
pub struct AcpcSeatOptions {
    /// The dealer's host and the port it opened for this seat.
    pub host: String,
    pub port: u16,
    /// The dealer's game definition (see [`read_acpc_game`](super::read_acpc_game)).
    pub game: NoLimitGame,
    /// Seed of every decision's random choices: the same seed makes the same choices as
    /// `hus match` and `hus replay` with it.
    pub seed: u64,
    /// The dealer's time limit per action (the competition's is 10 s): the external programs
    /// of one decision get at most this less one second, together.
    pub time_limit: Duration,
    /// Give up when the dealer sends nothing for this long.
    pub idle_timeout: Duration,
    /// Write the game state of every decision to this new or empty directory, with an
    /// index.tsv.
    pub histories: Option<PathBuf>,
}

impl AcpcSeatOptions {
    /// The standard game at `host:port`, the competition's 10 s per action, 600 s idle.
    pub fn new(host: &str, port: u16, seed: u64) -> AcpcSeatOptions {
        AcpcSeatOptions {
            host: host.to_string(),
            port,
            game: NoLimitGame::standard(),
            seed,
            time_limit: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(600),
            histories: None,
        }
    }
}

/// What failed at the seat; the command line's exit code follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcpcErrorKind {
    /// The histories directory could not be made or written.
    Usage,
    /// No connection to the dealer, or it broke (or went quiet) mid-match.
    Connection,
    /// The dealer sent a line that does not parse or contradicts the ones before it.
    Protocol,
    /// A game state built from the dealer's lines is invalid.
    Game,
    /// An external program was not allowed, timed out or failed.
    External,
}

/// Why a seat stopped: its kind and a message saying what the dealer sent or what failed.
#[derive(Clone, Debug)]
pub struct AcpcError {
    pub kind: AcpcErrorKind,
    pub message: String,
}

impl std::fmt::Display for AcpcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for AcpcError {}

/// The seat's result, as `hus match` reports a bot's: hands, chips, mbb/hand with its
/// interval, the bot's actions and HUD.
#[derive(Clone, Debug)]
pub struct AcpcSeatReport {
    /// The bot's name (its script file or `builtin:NAME`).
    pub bot: String,
    pub host: String,
    pub port: u16,
    pub seed: u64,
    /// The match as `hus match` would give it with the bot as A (the opponent's side empty).
    pub result: MatchResult,
    /// The game's starting stack, in chips.
    pub stack: u64,
    /// Wall-clock seconds the match took.
    pub seconds: f64,
}

/// Connects to the dealer at `options.host:port` and plays the seat with `bot` until the
/// dealer ends the match.
pub fn play_acpc_seat(bot: &Bot, options: &AcpcSeatOptions) -> Result<AcpcSeatReport, AcpcError> {
    let fail = |kind, message: String| AcpcError { kind, message };
    let time_limit = options.time_limit;
    let budget = time_limit
        .saturating_sub(Duration::from_secs(1))
        .max(time_limit / 2);
    let histories = match &options.histories {
        Some(dir) => {
            let loaded = bot.loaded();
            let mut h =
                Histories::create_for(dir, &[(loaded.name.clone(), Some(&loaded))], 999_999)
                    .map_err(|m| fail(AcpcErrorKind::Usage, m))?;
            h.first_number = 0;
            Some(h)
        }
        None => None,
    };
    let stream = client::connect(&options.host, options.port)
        .map_err(|e| fail(AcpcErrorKind::Connection, e.to_string()))?;
    let _ = stream.set_read_timeout(Some(options.idle_timeout));
    // A dealer that stops reading holds an answer no longer than one that stops sending.
    let _ = stream.set_write_timeout(Some(options.idle_timeout));
    let start = Instant::now();
    let seat = Seat::new(
        bot.script.clone(),
        SeatConfig {
            game: options.game.clone(),
            seed: options.seed,
            external_budget: budget,
            histories,
        },
    );
    let summary = client::play(stream, seat).map_err(|e| fail(error_kind(&e), e.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    let game = &options.game;
    let result = MatchResult {
        hands: summary.hands,
        seed: options.seed,
        stakes: Stakes {
            sb: game.blinds[0].min(game.blinds[1]) as i64,
            bb: game.blinds[0].max(game.blinds[1]) as i64,
            stack: game.stack as i64,
        },
        duplicate: false,
        net_a: summary.net_chips,
        tally: summary.tally,
        bots: [summary.stats, BotStats::default()],
        hand_results: None,
        threads: 1,
    };
    Ok(AcpcSeatReport {
        bot: bot.name().to_string(),
        host: options.host.clone(),
        port: options.port,
        seed: options.seed,
        result,
        stack: game.stack,
        seconds,
    })
}

/// The kind of a seat that stopped.
fn error_kind(e: &ClientError) -> AcpcErrorKind {
    match e {
        ClientError::Connection(_) | ClientError::Seat(SeatError::Dropped { .. }) => {
            AcpcErrorKind::Connection
        }
        ClientError::Seat(SeatError::Protocol { .. }) => AcpcErrorKind::Protocol,
        ClientError::Seat(SeatError::InvalidState { .. }) => AcpcErrorKind::Game,
        ClientError::Seat(SeatError::Bot { .. }) => AcpcErrorKind::External,
        ClientError::Seat(SeatError::Io(_)) => AcpcErrorKind::Usage,
    }
}

impl AcpcSeatReport {
    /// The bot's decisions: actions per round, showdowns, HUD, what the evaluator had to do.
    pub fn stats(&self) -> &BotStats {
        &self.result.bots[0]
    }

    /// The result as one JSON object, as `hus acpc --json` prints it.
    pub fn json(&self) -> String {
        let r = &self.result;
        let seconds = self.seconds;
        format!(
            "{}\n",
            json!({
                "hands": r.hands,
                "seed": self.seed,
                "blinds": [r.stakes.sb, r.stakes.bb],
                "stack": self.stack,
                "duplicate": false,
                "mbb_per_hand": r.mbb_per_hand(),
                "ci95": r.ci95().map(|(lo, hi)| vec![lo, hi]),
                "net_chips": r.net_a,
                "bots": { "A": crate::report::bot_json(&self.bot, self.stats()) },
                "dealer": { "host": self.host, "port": self.port },
                "timing": {
                    "seconds": seconds,
                    "hands_per_second": if seconds > 0.0 { r.hands as f64 / seconds } else { 0.0 },
                    "threads": 1,
                },
            })
        )
    }

    /// The result as text, as `hus acpc` prints it.
    pub fn text(&self) -> String {
        let r = &self.result;
        let bb = r.stakes.bb;
        let mut s = format!(
            "bot: {}\ndealer: {}:{}\nhands: {}, seed {}, blinds {}/{bb}, stacks {} big blinds\n",
            self.bot,
            self.host,
            self.port,
            r.hands,
            self.seed,
            r.stakes.sb,
            r.stakes.stack / bb
        );
        s.push_str(&crate::report::result_lines(
            "The bot",
            "the opponent",
            r.mbb_per_hand(),
            r.ci95(),
            r.net_a,
            bb,
        ));
        s.push_str(&crate::report::bot_section(
            "The bot",
            &self.bot,
            self.stats(),
        ));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histories_directory_in_use_is_refused_before_the_dealer_is_called() {
        let dir = std::env::temp_dir().join(format!("hus-seat-occupied-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("old.xml"), "x").unwrap();
        let mut options = AcpcSeatOptions::new("nowhere.invalid", 1, 7);
        options.histories = Some(dir.clone());
        let e = play_acpc_seat(&Bot::builtin("caller").unwrap(), &options).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(e.kind, AcpcErrorKind::Usage);
        assert!(e.message.contains("hus-seat-occupied"), "{}", e.message);
    }
}
