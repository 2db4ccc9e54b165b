//! `--histories DIR`: the game state of every decision as the XML `hus decide` reads, one
//! file per decision (`hand-000042-03.xml` is the third decision of hand 42), and an
//! `index.tsv` saying which bot decided, the action it took and the seed of its generator,
//! so any decision replays with `hus decide SCRIPT FILE --seed SEED`.

use std::path::PathBuf;

use super::hand::DecisionInfo;

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
pub(crate) const INDEX_HEADER: &str =
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

    pub(crate) fn prepare(&self) -> Result<(), String> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot create {}: {e}", self.dir.display()))
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
    pub(crate) fn write_decision(&self, hand: u64, d: &DecisionInfo) -> Result<String, String> {
        let name = self.file_name(hand, d.no);
        self.create(&name, d.state.xml().as_bytes())?;
        let mut notes = Vec::new();
        if d.decision.no_rule_matched {
            notes.push("no-rule-matched");
        }
        if d.decision.made_legal {
            notes.push("made-legal");
        }
        if d.played != d.decision.mv {
            notes.push("made-legal-by-dealer");
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

    pub(crate) fn write_index(&self, lines: &[String]) -> Result<(), String> {
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

/// Creates `path` and writes it; an existing file or link there is an error.
pub fn write_new(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

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
