//! `--histories DIR`: the game state of every decision as the XML `hus decide` reads, one
//! file per decision (`hand-000042-03.xml` is the third decision of hand 42), and an
//! `index.tsv` saying which bot decided, the action it took and the seed of its generator,
//! so any decision replays with `hus decide SCRIPT FILE --seed SEED`.

use std::path::{Path, PathBuf};

use super::{BotDecision, LoadedBot};
use crate::game::{Action, GameState};

/// One decision as it was taken: what `--histories` writes.
pub struct DecisionInfo<'a> {
    /// The decision's number in its hand, from 0.
    pub no: usize,
    /// Which bot decided: 0 = A, 1 = B.
    pub bot: usize,
    /// 0 = the button (small blind), 1 = the big blind.
    pub seat: usize,
    pub state: &'a GameState,
    /// The decision's generator was `ChaCha8Rng::seed_from_u64(seed)` (`hus decide --seed`).
    pub seed: u64,
    pub decision: BotDecision,
    /// The move played (the bot's, made legal by the dealer if it was not).
    pub played: Action,
}

/// Where and how histories are written.
#[derive(Clone, Debug)]
pub struct Histories {
    pub dir: PathBuf,
    /// The bots' names (A, B) for the index.
    pub names: [String; 2],
    /// The script to replay each bot's decisions with (a path), for the index.
    pub scripts: [String; 2],
    /// Digits of the hand number in file names, so they sort in hand order.
    pub width: usize,
    /// The number the first hand (index 0) is given: 1 in `hus match`; 0 in `hus acpc`,
    /// where files carry the dealer's own hand numbers.
    pub first_number: u64,
}

/// The columns of `index.tsv`.
pub const INDEX_HEADER: &str =
    "file\thand\tdecision\tbot\tname\tposition\tphase\taction\tseed\tnote\tscript";

impl Histories {
    pub fn new(dir: PathBuf, names: [String; 2], scripts: [String; 2], hands: u64) -> Histories {
        Histories {
            dir,
            names,
            scripts,
            width: hands.max(1).to_string().len().max(6),
            first_number: 1,
        }
    }

    /// Prepares `--histories DIR` for `players` (A, then B; named "opponent" when absent,
    /// as in `hus acpc`): an empty directory, and a copy of each built-in's script in it so
    /// every decision replays with `hus decide`. A player without a script (an ACPC program)
    /// has its name in the index's script column.
    pub fn create_for(
        dir: &Path,
        players: &[(String, Option<&LoadedBot>)],
        hands: u64,
    ) -> Result<Histories, String> {
        new_empty_dir(dir)?;
        let mut scripts = [String::new(), String::new()];
        for (i, (name, bot)) in players.iter().enumerate() {
            scripts[i] = match bot {
                Some(b) => script_path(dir, b)?,
                None => name.clone(),
            };
        }
        let name = |i: usize| {
            players
                .get(i)
                .map_or("opponent".to_string(), |b| b.0.clone())
        };
        Ok(Histories::new(
            dir.to_path_buf(),
            [name(0), name(1)],
            scripts,
            hands,
        ))
    }

    pub fn prepare(&self) -> Result<(), String> {
        crate::files::create_dir(&self.dir)
    }

    /// Writes a new file in the directory: never over an existing file or through a link
    /// planted there.
    fn create(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        write_new(&self.dir.join(name), bytes)
    }

    /// The file name of decision `no` (from 0) of hand `hand` (from 0); decisions are
    /// numbered from 1, hands from [`Self::first_number`].
    pub fn file_name(&self, hand: u64, no: usize) -> String {
        format!(
            "hand-{:0w$}-{:02}.xml",
            hand + self.first_number,
            no + 1,
            w = self.width
        )
    }

    /// Writes one decision's state; returns its index line.
    pub fn write_decision(&self, hand: u64, d: &DecisionInfo) -> Result<String, String> {
        let name = self.file_name(hand, d.no);
        self.create(&name, d.state.xml().as_bytes())?;
        let mut notes = Vec::new();
        if d.decision.no_rule_matched {
            notes.push("no-rule-matched");
        }
        if d.decision.made_legal {
            notes.push("made-legal");
        }
        if d.decision.changed_to(d.played) {
            notes.push("made-legal-by-dealer");
        }
        if d.decision.random_tie {
            notes.push("random-tie");
        }
        Ok(format!(
            "{name}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            hand + self.first_number,
            d.no + 1,
            ["A", "B"][d.bot],
            tsv_field(&self.names[d.bot]),
            ["button", "big-blind"][d.seat],
            d.state.phase().xml_tag(),
            d.played,
            d.seed,
            if notes.is_empty() {
                "-".to_string()
            } else {
                notes.join(",")
            },
            tsv_field(&self.scripts[d.bot]),
        ))
    }

    pub fn write_index(&self, lines: &[String]) -> Result<(), String> {
        let mut text = String::with_capacity(lines.len() * 80 + 100);
        text.push_str(INDEX_HEADER);
        text.push('\n');
        for l in lines {
            text.push_str(l);
            text.push('\n');
        }
        self.create("index.tsv", text.as_bytes())
    }
}

/// The script that replays `bot`'s decisions, canonical: its file, or for a built-in a copy
/// written into `dir` (the two bots may be the same built-in: one copy serves both).
fn script_path(dir: &Path, bot: &LoadedBot) -> Result<String, String> {
    let path = match &bot.path {
        Some(p) => p.clone(),
        None => {
            let p = dir.join(format!("{}.hus", bot.name.replace(':', "-")));
            if !p.exists() {
                write_new(&p, bot.source.text.as_bytes())?;
            }
            p
        }
    };
    Ok(std::fs::canonicalize(&path)
        .unwrap_or(path)
        .display()
        .to_string())
}

pub use crate::files::{new_empty_dir, write_new};

/// A value for one cell of `index.tsv`: tabs, line ends, backslashes and other control
/// characters written as escapes, so a name cannot add a column or a row.
pub fn tsv_field(s: &str) -> String {
    let s = s
        .replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r");
    crate::diag::escape_controls(&s).into_owned()
}
