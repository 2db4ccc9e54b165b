//! A tournament's result as text, JSON and CSV.

use std::fmt::Write;

use serde_json::json;

use super::{Format, TournamentResult};
use crate::diag::escape_controls;

/// `+12.3`.
fn signed(x: f64) -> String {
    // Plus zero: a pairing that cancels exactly reads +0.0 from both sides.
    format!("{:+.1}", x + 0.0)
}

/// A value with half its interval, `+12.3 ±4.5`, or the value alone without one.
fn with_interval(mean: f64, ci: Option<(f64, f64)>) -> String {
    match ci {
        Some((lo, hi)) => format!("{} ±{:.1}", signed(mean), (hi - lo) / 2.0),
        None => signed(mean),
    }
}

/// A CSV field, quoted when it holds a comma, quote or line end.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl TournamentResult {
    /// The first line: the format, the hands, the seed and the stakes.
    fn headline(&self) -> String {
        let o = &self.options;
        let format = match &o.format {
            Format::RoundRobin => format!("round robin of {} bots", self.names.len()),
            Format::Gauntlet { challengers } => format!(
                "gauntlet of {} against a field of {}",
                challengers.len(),
                self.names.len() - challengers.len()
            ),
        };
        format!(
            "{format}: {} hands a pairing{}, seed {}, blinds {}/{}, stacks {} big blinds, chunks of {} hands\n",
            o.hands,
            if o.duplicate { " (duplicate)" } else { "" },
            o.seed,
            o.small_blind,
            o.big_blind,
            o.stack / o.big_blind,
            o.chunk_hands
        )
    }

    /// The report as `hus tournament` prints it: the bots, the ranking and the crosstable.
    pub fn text(&self) -> String {
        let mut s = self.headline();
        let name = |b: usize| escape_controls(&self.names[b]).into_owned();
        let width = (0..self.names.len())
            .map(|b| name(b).chars().count())
            .max()
            .unwrap_or(0);
        s.push_str("\nranking: mean mbb/hand against the field ± half its 95% interval; bots the data cannot tell apart share a rank\n");
        for st in self.ranking() {
            let _ = writeln!(
                s,
                "{:>4}  {:>2} {:<width$}  {}",
                st.rank,
                st.bot + 1,
                name(st.bot),
                with_interval(st.mean, st.ci95)
            );
        }
        s.push_str("\ncrosstable: mbb/hand of the row's bot against the column's ± half its 95% interval\n");
        let cols = self.columns();
        let cell_width = 16;
        let _ = write!(s, "   {:width$}", "");
        for &c in &cols {
            let _ = write!(s, "  {:>cell_width$}", c + 1);
        }
        s.push('\n');
        for r in self.ranked() {
            let _ = write!(s, "{:>2} {:<width$}", r + 1, name(r));
            for &c in &cols {
                let cell = match self.cell(r, c) {
                    Some((m, ci)) => with_interval(m, ci),
                    None => ".".into(),
                };
                let _ = write!(s, "  {cell:>cell_width$}");
            }
            s.push('\n');
        }
        if self.pairings.iter().any(|p| p.result.ci95().is_none()) {
            s.push_str("(a value without ± had too few hands for an interval)\n");
        }
        s
    }

    /// The report as one JSON object (`hus tournament --json`).
    pub fn json(&self) -> String {
        let o = &self.options;
        let ci = |c: Option<(f64, f64)>| c.map(|(lo, hi)| json!([lo, hi]));
        let format = match &o.format {
            Format::RoundRobin => json!("round_robin"),
            Format::Gauntlet { challengers } => json!({ "gauntlet": challengers }),
        };
        let ranking: Vec<_> = self
            .ranking()
            .into_iter()
            .map(|st| {
                json!({
                    "bot": st.bot,
                    "name": self.names[st.bot],
                    "rank": st.rank,
                    "mbb_per_hand": st.mean,
                    "ci95": ci(st.ci95),
                    "opponents": st.opponents,
                })
            })
            .collect();
        let pairings: Vec<_> = self
            .pairings
            .iter()
            .map(|p| {
                let r = &p.result;
                json!({
                    "a": p.pairing.a,
                    "b": p.pairing.b,
                    "seed": p.pairing.seed,
                    "hands": r.hands,
                    "net_a": r.net_a,
                    "mbb_per_hand": r.mbb_per_hand(),
                    "ci95": ci(r.ci95()),
                })
            })
            .collect();
        let o = json!({
            "format": format,
            "hands": o.hands,
            "duplicate": o.duplicate,
            "seed": o.seed,
            "chunk_hands": o.chunk_hands,
            "small_blind": o.small_blind,
            "big_blind": o.big_blind,
            "stack": o.stack,
            "bots": self.names,
            "ranking": ranking,
            "pairings": pairings,
        });
        format!("{o}\n")
    }

    /// One line per pairing, from bot `a`'s side, with the seed `hus match` replays it with
    /// (`hus tournament --csv`).
    pub fn csv(&self) -> String {
        let mut s = String::from("a,b,hands,seed,net_a,mbb_per_hand,ci95_low,ci95_high\n");
        for p in &self.pairings {
            let r = &p.result;
            let (lo, hi) = match r.ci95() {
                Some((lo, hi)) => (format!("{lo:.3}"), format!("{hi:.3}")),
                None => (String::new(), String::new()),
            };
            let _ = writeln!(
                s,
                "{},{},{},{},{},{:.3},{lo},{hi}",
                csv_field(&self.names[p.pairing.a]),
                csv_field(&self.names[p.pairing.b]),
                r.hands,
                p.pairing.seed,
                r.net_a,
                r.mbb_per_hand()
            );
        }
        s
    }

    /// The crosstable as an SVG heat map (`hus tournament --svg`).
    pub fn svg(&self) -> String {
        super::heatmap::svg(self)
    }
}
