//! How `hus equity` and `hus range` print their answers: text for people (percentages to
//! three decimals, as PokerStove prints them), JSON with every number in full, and the range
//! grid as SVG.

use super::ranges::{EquityReport, Method, RangeReport, SideEquity, MAX_EXACT};
use super::svg_text;
use crate::cards::hole::HoleClass;
use crate::cards::CardSet;

/// The cards, highest rank first (`Kh 8s 4d`); `-` for none.
pub fn cards_text(set: CardSet) -> String {
    let mut cards: Vec<_> = set.cards().collect();
    cards.sort_by(|a, b| {
        b.rank
            .cmp(&a.rank)
            .then((a.suit as u8).cmp(&(b.suit as u8)))
    });
    if cards.is_empty() {
        return "-".into();
    }
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn pct(x: f64) -> String {
    format!("{:.3}%", 100.0 * x)
}

fn combos(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

impl EquityReport {
    /// The table `hus equity` prints: each player, then each player's classes.
    pub fn text(&self) -> String {
        let how = match self.method {
            Method::Exact => format!("exact, {} boards for each pair of holdings", self.boards),
            Method::Sampled {
                deals,
                seed,
                std_error,
                asked,
            } => format!(
                "sampled{}, {deals} deals (seed {seed}), standard error of each equity {:.3}%",
                if asked {
                    String::new()
                } else {
                    format!(" (above {MAX_EXACT:.0e} showdowns to count exactly)")
                },
                100.0 * std_error
            ),
        };
        let mut s = format!(
            "board {}, dead {}: {how}\n\n",
            cards_text(self.board),
            cards_text(self.dead),
        );
        s.push_str(&format!(
            "{:8} {:>8} {:>9} {:>9} {:>9}  range\n",
            "player", "combos", "win", "tie", "equity"
        ));
        for (name, p) in ["hero", "villain"].iter().zip(&self.players) {
            s.push_str(&format!(
                "{:8} {:>8} {:>9} {:>9} {:>9}  {}\n",
                name,
                combos(p.combos),
                pct(p.win),
                pct(p.tie),
                pct(p.equity),
                p.range
            ));
        }
        for (name, p) in ["hero", "villain"].iter().zip(&self.players) {
            s.push_str(&format!("\n{name} by class:\n"));
            for (class, n, win, tie, eq) in &p.classes {
                s.push_str(&format!(
                    "  {:5} {:>8} {:>9} {:>9} {:>9}\n",
                    class,
                    combos(*n),
                    pct(*win),
                    pct(*tie),
                    pct(*eq)
                ));
            }
        }
        s
    }

    /// One JSON object: `board`, `dead`, `boards`, `players` (each `range`, `combos`, `win`,
    /// `tie`, `equity`, `classes`).
    pub fn json(&self) -> String {
        let player = |p: &SideEquity| {
            serde_json::json!({
                "range": p.range,
                "combos": p.combos,
                "win": p.win,
                "tie": p.tie,
                "equity": p.equity,
                "classes": p.classes.iter().map(|(c, n, w, t, e)| serde_json::json!({
                    "class": c, "combos": n, "win": w, "tie": t, "equity": e,
                })).collect::<Vec<_>>(),
            })
        };
        serde_json::json!({
            "board": cards_text(self.board),
            "dead": cards_text(self.dead),
            "boards": self.boards,
            "method": match self.method {
                Method::Exact => serde_json::json!({"exact": true}),
                Method::Sampled { deals, seed, std_error, asked } => serde_json::json!({
                    "exact": false, "deals": deals, "seed": seed, "std_error": std_error,
                    "asked": asked,
                }),
            },
            "warnings": self.warnings,
            "players": self.players.iter().map(player).collect::<Vec<_>>(),
        })
        .to_string()
    }
}

impl RangeReport {
    /// The categories with their combos, their share of the kept range and of the whole range
    /// (the hit rate), the next cards when asked, then the 13x13 grid of what is kept.
    pub fn text(&self) -> String {
        let share = |x: f64, of: f64| if of > 0.0 { pct(x / of) } else { "-".into() };
        let mut s = format!(
            "board {}, dead {}: {} combos, {} kept\n",
            cards_text(self.board),
            cards_text(self.dead),
            combos(self.combos),
            combos(self.kept)
        );
        let head = |title: &str| {
            format!(
                "\n{title:34} {:>8} {:>9} {:>9}\n",
                "kept", "of kept", "of range"
            )
        };
        let rows = |list: &[(&str, f64)], all: &[f64]| {
            let mut t = String::new();
            for ((words, n), a) in list.iter().zip(all) {
                t.push_str(&format!(
                    "  {:32} {:>8} {:>9} {:>9}\n",
                    words,
                    combos(*n),
                    share(*n, self.kept),
                    share(*a, self.combos)
                ));
            }
            t
        };
        s.push_str(&head("made hands (each holding once)"));
        s.push_str(&rows(&self.made, &self.made_all));
        s.push_str(&head("draws and shapes (may overlap)"));
        s.push_str(&rows(&self.draws, &self.draws_all));
        if let Some(now) = self.equity {
            s.push_str(&self.next_text(now));
        }
        s.push_str("\ncombos kept by class (suited above the diagonal)\n");
        s.push_str(&self.grid_text());
        s
    }

    /// `--next-card`: a line per card that can come (the kept holdings it leaves, their
    /// equity and its change), then the share of each made hand that some card makes.
    fn next_text(&self, now: f64) -> String {
        let shown: Vec<usize> = (0..self.made.len())
            .filter(|&i| self.next.iter().any(|n| n.made[i] > 0.0))
            .collect();
        let mut s = format!(
            "\nnext card: the kept holdings it leaves, their equity against a random hand (now {}) and its change, and their share in each made hand:\n",
            pct(now)
        );
        for (col, &i) in shown.iter().enumerate() {
            s.push_str(&format!("  [{}] {}\n", col + 1, self.made[i].0));
        }
        s.push_str(&format!(
            "  {:4} {:>8} {:>9} {:>9}",
            "card", "combos", "equity", "change"
        ));
        for col in 0..shown.len() {
            s.push_str(&format!(" {:>6}", format!("[{}]", col + 1)));
        }
        s.push('\n');
        for n in &self.next {
            s.push_str(&format!(
                "  {:4} {:>8} {:>9} {:>9}",
                n.card.to_string(),
                combos(n.combos),
                pct(n.equity),
                format!("{:+.3}%", 100.0 * (n.equity - now))
            ));
            for &i in &shown {
                let x = if n.combos > 0.0 {
                    n.made[i] / n.combos
                } else {
                    0.0
                };
                s.push_str(&format!(" {:>6}", format!("{:.1}%", 100.0 * x)));
            }
            s.push('\n');
        }
        s
    }

    fn grid_text(&self) -> String {
        class_grid_text(4, |i| {
            let n = self.grid[i];
            if n == 0.0 {
                ".".into()
            } else {
                combos(n)
            }
        })
    }

    /// One JSON object: `board`, `dead`, `combos`, `kept`, `made` and `draws` (each `words`,
    /// `combos`), `grid` (169 combos, the 13x13 table's order).
    pub fn json(&self) -> String {
        let list = |xs: &[(&str, f64)], all: &[f64]| {
            xs.iter()
                .zip(all)
                .map(|((w, n), a)| serde_json::json!({"words": w, "combos": n, "range_combos": a}))
                .collect::<Vec<_>>()
        };
        let next = self
            .next
            .iter()
            .map(|n| {
                serde_json::json!({
                    "card": n.card.to_string(),
                    "combos": n.combos,
                    "equity": n.equity,
                    "change": self.equity.map(|e| n.equity - e),
                    "made": self.made.iter().zip(&n.made).map(|((w, _), c)| serde_json::json!({
                        "words": w, "combos": c,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect::<Vec<_>>();
        serde_json::json!({
            "board": cards_text(self.board),
            "dead": cards_text(self.dead),
            "combos": self.combos,
            "kept": self.kept,
            "made": list(&self.made, &self.made_all),
            "draws": list(&self.draws, &self.draws_all),
            "equity": self.equity,
            "next": next,
            "warnings": self.warnings,
            "grid": self.grid.iter().enumerate().map(|(i, n)| serde_json::json!({
                "class": HoleClass::from_index(i).name(), "combos": n,
            })).collect::<Vec<_>>(),
        })
        .to_string()
    }

    /// The picture: the heading (the range, the filter, the board and dead cards, the combos
    /// kept) wrapped to the grid's width, the 13x13 grid with each class's cell shaded by the
    /// share of its holdings kept, then the legend of the shades.
    pub fn svg(&self) -> String {
        const CELL: f64 = 40.0;
        let width = 13.0 * CELL;
        let mut heading = vec![match &self.with {
            Some(w) => format!("{} WITH {w}", self.range),
            None => self.range.clone(),
        }];
        heading.push(format!(
            "board {}, dead {}: {} combos, {} kept",
            cards_text(self.board),
            cards_text(self.dead),
            combos(self.combos),
            combos(self.kept)
        ));
        let (mut body, mut y) = svg_text::heading(&heading, width);
        y += 6.0;
        for i in 0..169 {
            let class = HoleClass::from_index(i);
            let share = self.grid[i] / class.combos() as f64;
            let (x, top) = ((i % 13) as f64 * CELL, y + (i / 13) as f64 * CELL);
            body.push_str(&format!(
                "<rect x=\"{x}\" y=\"{top}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"white\"/>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{}</text>\n",
                kept_fill(share),
                x + CELL / 2.0,
                top + 16.0,
                class.name(),
                x + CELL / 2.0,
                top + 31.0,
                if self.grid[i] > 0.0 { combos(self.grid[i]) } else { String::new() },
            ));
        }
        y += 13.0 * CELL + 8.0;
        let (legend, h) = svg_text::lines_svg(
            &["share of the class's combinations kept (the number: combos kept):".into()],
            4.0,
            y,
            11.0,
            16.0,
        );
        body.push_str(&legend);
        y += h;
        for (k, share) in [0.0, 0.25, 0.5, 0.75, 1.0].into_iter().enumerate() {
            let x = 4.0 + k as f64 * 80.0;
            body.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#888888\" stroke-width=\"0.5\"/>\n",
                kept_fill(share)
            ));
            let label = if share > 0.0 {
                format!("{:.0}%", 100.0 * share)
            } else {
                "none".into()
            };
            body.push_str(&svg_text::lines_svg(&[label], x + 18.0, y, 11.0, 14.0).0);
        }
        y += 22.0;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{y}\" viewBox=\"0 0 {width} {y}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
        )
    }
}

/// A grid cell's shade: kept holdings in green, darker as more of the class is kept; none
/// kept grey.
fn kept_fill(share: f64) -> String {
    let share = share.clamp(0.0, 1.0);
    if share > 0.0 {
        let (rb, g) = (255.0 - 200.0 * share, 255.0 - 80.0 * share);
        format!("rgb({rb:.0},{g:.0},{rb:.0})")
    } else {
        "rgb(238,238,238)".into()
    }
}

/// The 13x13 grid of starting-hand classes as text (pairs on the diagonal, suited above
/// it), `cell(row * 13 + col)` in each, right-aligned in five columns after a `label`-wide
/// rank column.
pub(crate) fn class_grid_text(label: usize, cell: impl Fn(usize) -> String) -> String {
    let ranks = "AKQJT98765432";
    let mut s = " ".repeat(label);
    for c in ranks.chars() {
        s.push_str(&format!("{c:>5}"));
    }
    s.push('\n');
    for (row, r) in ranks.chars().enumerate() {
        s.push_str(&format!("{:<label$}", format!("  {r}")));
        for col in 0..13 {
            s.push_str(&format!("{:>5}", cell(row * 13 + col)));
        }
        s.push('\n');
    }
    s
}
