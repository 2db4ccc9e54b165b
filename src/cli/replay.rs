//! `hus replay BOT LOGFILE --player NAME`: puts every decision a player made in a dealer's
//! log to a bot and reports how often the bot would have done the same.

use std::path::PathBuf;

use hus::acpc::log::{self, ReplayError, Replayed};
use hus::acpc::seat::SeatError;
use hus::dealer::{MatchResult, Stakes};
use hus::game::Phase;
use serde_json::json;

use super::exit;

#[derive(clap::Args)]
pub struct Args {
    /// The bot: a script, or builtin:NAME.
    pub bot: String,
    /// The dealer's hand log (NAME.log: STATE lines and the SCORE line).
    pub log: PathBuf,
    /// Whose decisions to replay: a player name of the log.
    #[arg(long)]
    pub player: String,
    /// The dealer's game definition (default: the standard heads-up no-limit game).
    #[arg(long, value_name = "FILE.game")]
    pub game: Option<PathBuf>,
    /// Seed of the bot's random choices; the seed `hus acpc` played with reproduces them.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Write the game state of every replayed decision here, with an index.tsv.
    #[arg(long = "to-xml", value_name = "DIR")]
    pub to_xml: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Let the script run `external` programs.
    #[arg(long)]
    pub allow_external: bool,
    /// The time limit of one external program, in seconds.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    pub external_timeout: f64,
    /// A directory `USE TABLE` may read tables from, besides the script's own (repeatable).
    #[arg(long = "table-dir", value_name = "DIR")]
    pub table_dirs: Vec<PathBuf>,
}

/// Counts of one round (or of all).
#[derive(Clone, Copy, Default)]
struct Tally {
    decisions: u64,
    same: u64,
    random: u64,
    /// Decisions without a random choice, and those the bot agrees on.
    fixed: u64,
    fixed_same: u64,
    /// Both raised; the bot's size within 10% of the player's.
    raises: u64,
    close: u64,
}

impl Tally {
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

/// Each player's result over the log (by the run-out chips), as `hus match` reports one:
/// mbb/hand with its 95% interval, hands, showdowns.
fn player_results(log: &log::Log, bb: i64) -> Vec<(log::PlayerResult, MatchResult)> {
    log.players()
        .into_iter()
        .map(|p| {
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
            (p, r)
        })
        .collect()
}

/// The statistics each player of the log kept of the other, by name.
type Huds = [(String, hus::game::OpponentStats)];

/// The HUD `name` kept of the other player (an empty one for a name not in the log).
fn hud_of(huds: &Huds, name: &str) -> hus::game::OpponentStats {
    huds.iter()
        .find(|(n, _)| n == name)
        .map(|(_, h)| *h)
        .unwrap_or_default()
}

/// The log's own summary, as text.
fn summary_text(log: &log::Log, bb: i64, huds: &Huds) -> String {
    use std::fmt::Write;
    let mut s = format!(
        "the log: {} hands{}, {} reported at their all-in expected value (counted here by their run-out)\n",
        log.hands.len(),
        if log.score.is_some() { "" } else { " and no SCORE line" },
        log.expected_value_hands()
    );
    for (p, r) in player_results(log, bb) {
        let ci = match r.ci95() {
            Some((lo, hi)) => format!("95% CI [{lo:+.1}, {hi:+.1}]"),
            None => "too few hands for an interval".into(),
        };
        let _ = writeln!(
            s,
            "  {}: {:+.1} mbb/hand, {ci}, {} hands, {} showdowns, total {} chips",
            p.name,
            r.mbb_per_hand(),
            p.hands,
            p.showdowns,
            p.net
        );
        let hud = hud_of(huds, &p.name);
        let _ = writeln!(s, "    HUD of the opponent: {} hands", hud.hands);
        s.push_str(&hus::report::hud_text("      ", &hud));
    }
    s
}

/// The log's own summary, as JSON.
fn summary_json(log: &log::Log, bb: i64, huds: &Huds) -> serde_json::Value {
    let players: Vec<serde_json::Value> = player_results(log, bb)
        .into_iter()
        .map(|(p, r)| {
            json!({
                "name": p.name,
                "hands": p.hands,
                "net_chips": p.net,
                "mbb_per_hand": r.mbb_per_hand(),
                "ci95": r.ci95().map(|(lo, hi)| vec![lo, hi]),
                "showdowns": p.showdowns,
                "hud": hus::report::hud_json(&hud_of(huds, &p.name)),
            })
        })
        .collect();
    json!({
        "hands": log.hands.len(),
        "score_line": log.score.is_some(),
        "all_in_expected_value_hands": log.expected_value_hands(),
        "players": players,
    })
}

pub fn run(args: Args) -> u8 {
    match replay(&args) {
        Ok(code) => code,
        Err((code, message)) => {
            errln!("hus replay: {message}");
            code
        }
    }
}

/// Reads the log, replays the player's decisions to the bot and prints the report.
fn replay(args: &Args) -> Result<u8, (u8, String)> {
    let usage = |m: String| (exit::USAGE, m);
    let timeout =
        super::acpc::seconds("--external-timeout", args.external_timeout).map_err(usage)?;
    let game = super::acpc::read_game(args.game.as_ref()).map_err(usage)?;
    let bot = super::acpc::load(&args.bot, args.allow_external, timeout, &args.table_dirs)?;
    let text = hus::limits::read_text(&args.log, hus::limits::MAX_LOG_BYTES, false)
        .map_err(|e| usage(format!("cannot read {}: {e}", args.log.display())))?;
    let log = log::read(&text, &game)
        .map_err(|e| (exit::PROTOCOL, format!("{}: {e}", args.log.display())))?;
    let hands = hands_of(args, &log).map_err(usage)?;
    let mut xml = match &args.to_xml {
        Some(dir) => {
            hus::play::history::new_empty_dir(dir).map_err(usage)?;
            Some(XmlFiles::new(dir, &log, &bot))
        }
        None => None,
    };
    let mut agreement = Agreement::default();
    let result = log::replay_player(&log, &args.player, &bot.bot, &game, args.seed, |r| {
        agreement.add(&r);
        xml.as_mut().map_or(Ok(()), |x| x.write(&r))
    });
    if let Err(e) = result {
        return Err((
            replay_error_code(&e),
            format!("{}: {e}", args.log.display()),
        ));
    }
    if let Some(x) = &xml {
        x.finish().map_err(usage)?;
    }
    let bb = game.blinds[0].max(game.blinds[1]) as i64;
    let huds = log
        .huds(&game)
        .map_err(|e| (exit::PROTOCOL, format!("{}: {e}", args.log.display())))?;
    let written = if args.json {
        super::to_stdout_json(&report_json(
            args, &bot.name, hands, &agreement, &log, bb, &huds,
        ))
    } else {
        super::to_stdout_text(&report_text(
            args, &bot.name, hands, &agreement, &log, bb, &huds,
        ))
    };
    written.map_err(|c| (c, "cannot write the report".to_string()))?;
    Ok(exit::OK)
}

/// How many hands of the log the player played; none is an error naming the log's players.
fn hands_of(args: &Args, log: &log::Log) -> Result<usize, String> {
    let hands = log
        .hands
        .iter()
        .filter(|h| h.names.contains(&args.player))
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
    Err(format!(
        "no hand of {} has a player named `{}`; its players are {}",
        args.log.display(),
        args.player,
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    ))
}

/// The exit code of a replay that stopped.
fn replay_error_code(e: &ReplayError) -> u8 {
    match e {
        ReplayError::Log(_) => exit::PROTOCOL,
        ReplayError::Seat(SeatError::Bot { .. }) => exit::EXTERNAL,
        ReplayError::Seat(SeatError::InvalidState { .. }) => exit::GAME,
        // A log has no connection to drop: a replay never returns Dropped.
        ReplayError::Seat(SeatError::Protocol { .. } | SeatError::Dropped { .. }) => exit::PROTOCOL,
        ReplayError::Seat(SeatError::Io(_)) | ReplayError::Io(_) => exit::USAGE,
    }
}

/// How often the bot did what the player did: by round, over all, and the hands it differs in.
#[derive(Default)]
struct Agreement {
    rounds: [Tally; 4],
    all: Tally,
    differing: Vec<u64>,
}

impl Agreement {
    fn add(&mut self, r: &Replayed) {
        self.rounds[r.phase as usize].add(r);
        self.all.add(r);
        if !r.same() && self.differing.last() != Some(&r.hand) {
            self.differing.push(r.hand);
        }
    }
}

/// `--to-xml DIR`: every replayed decision's game state, and an index.tsv of them.
struct XmlFiles {
    dir: PathBuf,
    /// Digits of the hand number in file names, so they sort in hand order.
    width: usize,
    /// The bot's script (canonical) or built-in name, for the index.
    script: String,
    index: Vec<String>,
}

impl XmlFiles {
    fn new(dir: &std::path::Path, log: &log::Log, bot: &hus::play::LoadedBot) -> XmlFiles {
        let width = log
            .hands
            .last()
            .map_or(6, |h| h.state.hand.to_string().len().max(6));
        let script = bot
            .path
            .as_ref()
            .map(|p| {
                std::fs::canonicalize(p)
                    .unwrap_or(p.clone())
                    .display()
                    .to_string()
            })
            .unwrap_or_else(|| bot.name.clone());
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
        let name = format!("hand-{:0w$}-{:02}.xml", r.hand, r.no + 1, w = self.width);
        hus::play::history::write_new(&self.dir.join(&name), r.state.xml().as_bytes())?;
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
            hus::play::history::tsv_field(&self.script),
        ));
        Ok(())
    }

    /// Writes the index.
    fn finish(&self) -> Result<(), String> {
        let mut text = self.index.join("\n");
        text.push('\n');
        hus::play::history::write_new(&self.dir.join("index.tsv"), text.as_bytes())
    }
}

/// The report as one JSON object.
fn report_json(
    args: &Args,
    bot: &str,
    hands: usize,
    agreement: &Agreement,
    log: &log::Log,
    bb: i64,
    huds: &Huds,
) -> String {
    let mut per_round = serde_json::Map::new();
    for ph in Phase::ALL {
        per_round.insert(ph.xml_tag().into(), agreement.rounds[ph as usize].json());
    }
    let mut o = agreement.all.json();
    if let Some(m) = o.as_object_mut() {
        m.insert("bot".into(), json!(bot));
        m.insert("log".into(), json!(args.log.display().to_string()));
        m.insert("player".into(), json!(args.player));
        m.insert("hands".into(), json!(hands));
        m.insert("seed".into(), json!(args.seed));
        m.insert("rounds".into(), per_round.into());
        m.insert("differing_hands".into(), json!(agreement.differing));
        m.insert("log_summary".into(), summary_json(log, bb, huds));
    }
    format!("{o}\n")
}

/// The report as text: the log's summary, the agreement by round, the hands that differ.
fn report_text(
    args: &Args,
    bot: &str,
    hands: usize,
    agreement: &Agreement,
    log: &log::Log,
    bb: i64,
    huds: &Huds,
) -> String {
    use std::fmt::Write;
    let all = agreement.all;
    let mut s = String::new();
    let _ = writeln!(s, "bot: {bot}");
    let _ = writeln!(
        s,
        "log: {}, player {}: {hands} hands, {} decisions ({} with a random choice, seed {})",
        args.log.display(),
        args.player,
        all.decisions,
        all.random,
        args.seed
    );
    s.push_str(&summary_text(log, bb, huds));
    let _ = writeln!(
        s,
        "  {:<8} {:>9} {:>12} {:>16} {:>7} {:>16}",
        "round", "decisions", "same action", "without random", "raises", "size within 10%"
    );
    for (label, t) in Phase::ALL
        .iter()
        .map(|p| (p.xml_tag(), agreement.rounds[*p as usize]))
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
    s.push_str(&differing_line(&agreement.differing));
    s
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
