//! Replaying a dealer's log: every decision one player made is put to a bot, and the report
//! says how often the bot would have done the same (`hus replay`).

use std::path::{Path, PathBuf};

use crate::game::{OpponentStats, Phase};

use crate::acpc::log::{self, Replayed};
use crate::acpc::seat::SeatError;
use crate::acpc::NoLimitGame;
use crate::dealer::{MatchResult, Stakes};
use serde_json::json;

use super::Bot;

/// What [`replay_log`] replays: whose decisions, in which game, with which seed.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// Whose decisions to replay: a player name of the log.
    pub player: String,
    /// The dealer's game definition (see [`read_acpc_game`]).
    pub game: NoLimitGame,
    /// Seed of the bot's random choices; the seed the seat played with reproduces them.
    pub seed: u64,
    /// Write the game state of every replayed decision to this new or empty directory, with
    /// an index.tsv.
    pub to_xml: Option<PathBuf>,
}

impl ReplayOptions {
    /// Replays `player`'s decisions in the standard heads-up no-limit game with seed 0.
    pub fn new(player: &str) -> ReplayOptions {
        ReplayOptions {
            player: player.to_string(),
            game: NoLimitGame::standard(),
            seed: 0,
            to_xml: None,
        }
    }
}

/// The ACPC game definition in `path` (a `.game` file), or the standard heads-up no-limit
/// game (stacks 20000, blinds 50/100, reverse blinds) without one.
pub fn read_acpc_game(path: Option<&Path>) -> Result<NoLimitGame, String> {
    let Some(path) = path else {
        return Ok(NoLimitGame::standard());
    };
    let text = crate::limits::read_text(path, 1 << 20, false)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    NoLimitGame::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a dealer's log file, up to the size limit of logs (reference §10).
pub fn read_log_file(path: &Path) -> Result<String, crate::limits::ReadError> {
    crate::limits::read_text(path, crate::limits::MAX_LOG_BYTES, false)
}

/// What kind of failure stopped a replay; the command line's exit code follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// The player is not in the log, or a file could not be written.
    Usage,
    /// The log has a line that does not parse or contradicts the ones before it.
    Log,
    /// The bot failed: an external program was not allowed, timed out or failed.
    External,
    /// A game state built from the log is invalid.
    Game,
}

/// Why a replay stopped: its kind and a message that names the log and the line.
#[derive(Clone, Debug)]
pub struct ReplayError {
    pub kind: ReplayErrorKind,
    pub message: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReplayError {}

/// Counts of one round of a replay (or of all rounds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayTally {
    /// The player's decisions, and those the bot makes the same.
    pub decisions: u64,
    pub same: u64,
    /// Decisions where the bot's action came from a random choice.
    pub random: u64,
    /// Decisions without a random choice, and those the bot agrees on.
    pub fixed: u64,
    pub fixed_same: u64,
    /// Both raised; the bot's size within 10% of the player's.
    pub raises: u64,
    pub close: u64,
}

impl ReplayTally {
    fn add(&mut self, r: &Replayed) {
        let same = r.same() as u64;
        self.decisions += 1;
        self.same += same;
        self.random += r.random as u64;
        if !r.random {
            self.fixed += 1;
            self.fixed_same += same;
        }
        if let Some(close) = r.size_close {
            self.raises += 1;
            self.close += close as u64;
        }
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "decisions": self.decisions,
            "same": self.same,
            "agreement": fraction(self.same, self.decisions),
            "random_decisions": self.random,
            "agreement_without_random": fraction(self.fixed_same, self.fixed),
            "raises": self.raises,
            "raise_sizes_within_10pct": fraction(self.close, self.raises),
        })
    }
}

fn fraction(n: u64, d: u64) -> Option<f64> {
    (d > 0).then(|| n as f64 / d as f64)
}

fn percent(n: u64, d: u64) -> String {
    match fraction(n, d) {
        Some(f) => format!("{:.1}%", 100.0 * f),
        None => "-".into(),
    }
}

/// One player's result over the log, by the run-out chips, as `hus match` reports a bot's.
#[derive(Clone, Debug)]
pub struct LogPlayer {
    pub name: String,
    pub hands: u64,
    /// Chips won (negative: lost).
    pub net_chips: i64,
    pub mbb_per_hand: f64,
    /// The 95% interval of `mbb_per_hand`; none with too few hands.
    pub ci95: Option<(f64, f64)>,
    pub showdowns: u64,
    /// The statistics this player kept of the other (reference §12.7).
    pub hud: OpponentStats,
}

/// The log's own summary: its hands and each player's result.
#[derive(Clone, Debug)]
pub struct LogSummary {
    pub hands: usize,
    /// Whether the log ends in a SCORE line.
    pub score_line: bool,
    /// Hands the dealer reported at their all-in expected value (counted here by run-out).
    pub expected_value_hands: usize,
    pub players: Vec<LogPlayer>,
}

/// What a replay found: how often the bot did what the player did, by round and over all,
/// the hands it differs in, and the log's summary.
#[derive(Clone, Debug)]
pub struct ReplayReport {
    /// The bot's name (its script file or `builtin:NAME`).
    pub bot: String,
    /// The log's name as given to [`replay_log`].
    pub log: String,
    pub player: String,
    /// Hands of the log the player played.
    pub hands: usize,
    pub seed: u64,
    /// Preflop, flop, turn, river.
    pub rounds: [ReplayTally; 4],
    pub all: ReplayTally,
    /// The dealer's numbers of the hands where the bot did something else at least once.
    pub differing_hands: Vec<u64>,
    pub summary: LogSummary,
}

/// Puts every decision `options.player` made in the dealer's log `text` (named `log_name` in
/// messages and the report) to `bot`.
pub fn replay_log(
    bot: &Bot,
    log_name: &str,
    text: &str,
    options: &ReplayOptions,
) -> Result<ReplayReport, ReplayError> {
    let fail = |kind, m: String| ReplayError { kind, message: m };
    let usage = |m: String| fail(ReplayErrorKind::Usage, m);
    let game = &options.game;
    let log = log::read(text, game)
        .map_err(|e| fail(ReplayErrorKind::Log, format!("{log_name}: {e}")))?;
    let hands = hands_of(log_name, &options.player, &log).map_err(usage)?;
    let mut xml = match &options.to_xml {
        Some(dir) => {
            crate::play::history::new_empty_dir(dir).map_err(usage)?;
            Some(XmlFiles::new(dir, &log, bot))
        }
        None => None,
    };
    let mut report = ReplayReport {
        bot: bot.name().to_string(),
        log: log_name.to_string(),
        player: options.player.clone(),
        hands,
        seed: options.seed,
        rounds: Default::default(),
        all: Default::default(),
        differing_hands: Vec::new(),
        summary: LogSummary {
            hands: log.hands.len(),
            score_line: log.score.is_some(),
            expected_value_hands: log.expected_value_hands(),
            players: Vec::new(),
        },
    };
    let result = log::replay_player(
        &log,
        &options.player,
        &bot.script,
        game,
        options.seed,
        |r| {
            report.add(&r);
            xml.as_mut().map_or(Ok(()), |x| x.write(&r))
        },
    );
    if let Err(e) = result {
        return Err(fail(error_kind(&e), format!("{log_name}: {e}")));
    }
    if let Some(x) = &xml {
        x.finish().map_err(usage)?;
    }
    let bb = game.blinds[0].max(game.blinds[1]) as i64;
    let players = log
        .players_and_huds(game)
        .map_err(|e| fail(ReplayErrorKind::Log, format!("{log_name}: {e}")))?;
    report.summary.players = players
        .into_iter()
        .map(|(p, hud)| log_player(p, hud, bb))
        .collect();
    Ok(report)
}

/// How many hands of the log the player played; none is an error naming the log's players.
fn hands_of(log_name: &str, player: &str, log: &log::Log) -> Result<usize, String> {
    let hands = log
        .hands
        .iter()
        .filter(|h| h.names.iter().any(|n| n == player))
        .count();
    if hands > 0 {
        return Ok(hands);
    }
    let mut names: Vec<&str> = log
        .hands
        .iter()
        .flat_map(|h| h.names.iter().map(String::as_str))
        .collect();
    names.sort_unstable();
    names.dedup();
    // Each name clipped, and only the first few listed: a log may name thousands.
    let max = crate::limits::MAX_LISTED;
    let mut listed: Vec<String> = names
        .iter()
        .take(max)
        .map(|n| crate::diag::clip(&crate::diag::escape_controls(n)))
        .collect();
    if names.len() > max {
        listed.push(format!("and {} more", names.len() - max));
    }
    Err(format!(
        "no hand of {log_name} has a player named `{}`; its players are {}",
        crate::diag::clip(&crate::diag::escape_controls(player)),
        if names.is_empty() {
            "none".to_string()
        } else {
            listed.join(", ")
        }
    ))
}

/// The kind of a replay that stopped.
fn error_kind(e: &log::ReplayFailure) -> ReplayErrorKind {
    match e {
        log::ReplayFailure::Log(_) => ReplayErrorKind::Log,
        log::ReplayFailure::Seat(SeatError::Bot { .. }) => ReplayErrorKind::External,
        log::ReplayFailure::Seat(SeatError::InvalidState { .. }) => ReplayErrorKind::Game,
        // A log has no connection to drop: a replay never returns Dropped.
        log::ReplayFailure::Seat(SeatError::Protocol { .. } | SeatError::Dropped { .. }) => {
            ReplayErrorKind::Log
        }
        log::ReplayFailure::Seat(SeatError::Io(_)) | log::ReplayFailure::Io(_) => {
            ReplayErrorKind::Usage
        }
    }
}

/// A player's result over the log (by the run-out chips) with the HUD they kept.
fn log_player(p: log::PlayerResult, hud: OpponentStats, bb: i64) -> LogPlayer {
    let r = MatchResult {
        hands: p.hands,
        seed: 0,
        stakes: Stakes {
            sb: 0,
            bb,
            stack: 0,
        },
        duplicate: false,
        net_a: p.net,
        tally: p.tally,
        bots: Default::default(),
        hand_results: None,
        threads: 1,
    };
    LogPlayer {
        mbb_per_hand: r.mbb_per_hand(),
        ci95: r.ci95(),
        name: p.name,
        hands: p.hands,
        net_chips: p.net,
        showdowns: p.showdowns,
        hud,
    }
}

impl ReplayReport {
    fn add(&mut self, r: &Replayed) {
        self.rounds[r.phase as usize].add(r);
        self.all.add(r);
        if !r.same() && self.differing_hands.last() != Some(&r.hand) {
            self.differing_hands.push(r.hand);
        }
    }

    /// The report as one JSON object, as `hus replay --json` prints it.
    pub fn json(&self) -> String {
        let mut per_round = serde_json::Map::new();
        for ph in Phase::ALL {
            per_round.insert(ph.xml_tag().into(), self.rounds[ph as usize].json());
        }
        let mut o = self.all.json();
        if let Some(m) = o.as_object_mut() {
            m.insert("bot".into(), json!(self.bot));
            m.insert("log".into(), json!(self.log));
            m.insert("player".into(), json!(self.player));
            m.insert("hands".into(), json!(self.hands));
            m.insert("seed".into(), json!(self.seed));
            m.insert("rounds".into(), per_round.into());
            m.insert("differing_hands".into(), json!(self.differing_hands));
            m.insert("log_summary".into(), self.summary.json());
        }
        format!("{o}\n")
    }

    /// The report as text, as `hus replay` prints it: the log's summary, the agreement by
    /// round, the hands that differ.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let all = self.all;
        let mut s = String::new();
        let _ = writeln!(s, "bot: {}", self.bot);
        let _ = writeln!(
            s,
            "log: {}, player {}: {} hands, {} decisions ({} with a random choice, seed {})",
            self.log, self.player, self.hands, all.decisions, all.random, self.seed
        );
        s.push_str(&self.summary.text());
        let _ = writeln!(
            s,
            "  {:<8} {:>9} {:>12} {:>16} {:>7} {:>16}",
            "round", "decisions", "same action", "without random", "raises", "size within 10%"
        );
        for (label, t) in Phase::ALL
            .iter()
            .map(|p| (p.xml_tag(), self.rounds[*p as usize]))
            .chain([("all", all)])
        {
            let _ = writeln!(
                s,
                "  {:<8} {:>9} {:>12} {:>16} {:>7} {:>16}",
                label,
                t.decisions,
                percent(t.same, t.decisions),
                percent(t.fixed_same, t.fixed),
                t.raises,
                percent(t.close, t.raises)
            );
        }
        s.push_str(&differing_line(&self.differing_hands));
        s
    }
}

impl LogSummary {
    fn text(&self) -> String {
        use std::fmt::Write;
        let mut s = format!(
            "the log: {} hands{}, {} reported at their all-in expected value (counted here by their run-out)\n",
            self.hands,
            if self.score_line { "" } else { " and no SCORE line" },
            self.expected_value_hands
        );
        for p in &self.players {
            let ci = match p.ci95 {
                Some((lo, hi)) => format!("95% CI [{lo:+.1}, {hi:+.1}]"),
                None => "too few hands for an interval".into(),
            };
            let _ = writeln!(
                s,
                "  {}: {:+.1} mbb/hand, {ci}, {} hands, {} showdowns, total {} chips",
                p.name, p.mbb_per_hand, p.hands, p.showdowns, p.net_chips
            );
            let _ = writeln!(s, "    HUD of the opponent: {} hands", p.hud.hands);
            s.push_str(&crate::report::hud_text("      ", &p.hud));
        }
        s
    }

    fn json(&self) -> serde_json::Value {
        let players: Vec<serde_json::Value> = self
            .players
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "hands": p.hands,
                    "net_chips": p.net_chips,
                    "mbb_per_hand": p.mbb_per_hand,
                    "ci95": p.ci95.map(|(lo, hi)| vec![lo, hi]),
                    "showdowns": p.showdowns,
                    "hud": crate::report::hud_json(&p.hud),
                })
            })
            .collect();
        json!({
            "hands": self.hands,
            "score_line": self.score_line,
            "all_in_expected_value_hands": self.expected_value_hands,
            "players": players,
        })
    }
}

/// The line listing the hands the bot differs in, the first few of them.
fn differing_line(differing: &[u64]) -> String {
    const SHOWN: usize = 30;
    let list: Vec<String> = differing.iter().take(SHOWN).map(u64::to_string).collect();
    format!(
        "differs in {} hand{}{}{}{}\n",
        differing.len(),
        if differing.len() == 1 { "" } else { "s" },
        if differing.is_empty() { "" } else { ": " },
        list.join(" "),
        if differing.len() > SHOWN {
            " ... (--json lists them all)"
        } else {
            ""
        }
    )
}

/// `to_xml`: every replayed decision's game state, and an index.tsv of them.
struct XmlFiles {
    dir: PathBuf,
    /// Digits of the hand number in file names, so they sort in hand order.
    width: usize,
    /// The bot's script (canonical) or built-in name, for the index.
    script: String,
    index: Vec<String>,
}

impl XmlFiles {
    fn new(dir: &Path, log: &log::Log, bot: &Bot) -> XmlFiles {
        let width = log
            .hands
            .last()
            .map_or(6, |h| h.state.hand.to_string().len().max(6));
        let script = bot
            .path()
            .map(|p| {
                std::fs::canonicalize(p)
                    .unwrap_or(p.to_path_buf())
                    .display()
                    .to_string()
            })
            .unwrap_or_else(|| bot.name().to_string());
        let header = "file\thand\tdecision\tphase\tplayed\tbot\tsame\trandom\tseed\tscript";
        XmlFiles {
            dir: dir.to_path_buf(),
            width,
            script,
            index: vec![header.to_string()],
        }
    }

    /// Writes one decision's state and adds its index line.
    fn write(&mut self, r: &Replayed) -> Result<(), String> {
        use crate::play::history::{tsv_field, write_new};
        let name = format!("hand-{:0w$}-{:02}.xml", r.hand, r.no + 1, w = self.width);
        write_new(&self.dir.join(&name), r.state.xml().as_bytes())?;
        self.index.push(format!(
            "{name}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            r.hand,
            r.no + 1,
            r.phase.xml_tag(),
            r.played,
            r.bot,
            if r.same() { "yes" } else { "no" },
            if r.random { "yes" } else { "no" },
            r.seed,
            tsv_field(&self.script),
        ));
        Ok(())
    }

    /// Writes the index.
    fn finish(&self) -> Result<(), String> {
        let mut text = self.index.join("\n");
        text.push('\n');
        crate::play::history::write_new(&self.dir.join("index.tsv"), text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slum raises first in, then checks and calls a river bet; in the second hand Slum
    /// folds to a raise.
    const LOG: &str = "STATE:0:r200c/cc/cc/r400c:AhTd|Jd7d/2sTh3s/2h/Qc:400|-400:Hit|Slum\n\
                       STATE:1:r200f:3d7c|Jd6h:-100|100:Slum|Hit\n";

    #[test]
    fn a_replay_counts_every_decision_of_the_player() {
        let bot = Bot::builtin("caller").unwrap();
        let report = replay_log(&bot, "m.log", LOG, &ReplayOptions::new("Slum")).unwrap();
        assert_eq!(report.hands, 2);
        assert_eq!(
            (report.bot.as_str(), report.log.as_str()),
            ("builtin:caller", "m.log")
        );
        // Slum: raise, check, check, call in hand 0; fold in hand 1.
        assert_eq!(report.all.decisions, 5);
        assert_eq!(report.summary.hands, 2);
        assert!(!report.summary.score_line);
        let names: Vec<&str> = report
            .summary
            .players
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(names, ["Hit", "Slum"]);
        assert_eq!(report.summary.players[1].net_chips, -500);
        assert!(report
            .text()
            .starts_with("bot: builtin:caller\nlog: m.log, player Slum: 2 hands, 5 decisions"));
        assert!(report.json().contains("\"player\":\"Slum\""));
    }

    #[test]
    fn a_player_not_in_the_log_is_named_with_the_players_there() {
        let bot = Bot::builtin("caller").unwrap();
        let e = replay_log(&bot, "m.log", LOG, &ReplayOptions::new("Bob")).unwrap_err();
        assert_eq!(e.kind, ReplayErrorKind::Usage);
        assert_eq!(
            e.message,
            "no hand of m.log has a player named `Bob`; its players are Hit, Slum"
        );
    }

    #[test]
    fn a_decision_that_reads_random_counts_as_random() {
        let script = "ALWAYS\n  RULE random < 0.999\n    THEN CALL\n    VILLAIN\n      THEN CALL\n    ENDVILLAIN\n  ENDRULE\nENDALWAYS\n";
        let bot = Bot::from_source("r.hus", script, &crate::BotOptions::default()).unwrap();
        let report = replay_log(&bot, "m.log", LOG, &ReplayOptions::new("Slum")).unwrap();
        assert_eq!((report.all.decisions, report.all.random), (5, 5));
        assert_eq!(report.all.fixed, 0);
        let caller = Bot::builtin("caller").unwrap();
        let report = replay_log(&caller, "m.log", LOG, &ReplayOptions::new("Slum")).unwrap();
        assert_eq!((report.all.random, report.all.fixed), (0, 5));
    }

    /// No rule matching is the bot's answer too (it checks or folds): when the conditions
    /// read `random`, another seed may have matched one.
    #[test]
    fn no_rule_matched_after_reading_random_counts_as_random() {
        let script = "ALWAYS\n  RULE random < 0.000001\n    THEN CALL\n  ENDRULE\nENDALWAYS\n";
        let bot = Bot::from_source("r.hus", script, &crate::BotOptions::default()).unwrap();
        let report = replay_log(&bot, "m.log", LOG, &ReplayOptions::new("Slum")).unwrap();
        assert_eq!((report.all.decisions, report.all.random), (5, 5));
        assert_eq!(report.all.fixed, 0);
    }

    #[test]
    fn a_line_that_is_no_hand_is_a_log_error() {
        let bot = Bot::builtin("caller").unwrap();
        let e = replay_log(&bot, "m.log", "hello\n", &ReplayOptions::new("Hit")).unwrap_err();
        assert_eq!(e.kind, ReplayErrorKind::Log);
        assert!(e.message.starts_with("m.log: "), "{}", e.message);
    }
}
