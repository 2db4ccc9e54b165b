//! How `hus chart` prints a [`Chart`]: a 13x13 grid of letters with the share of the main
//! action, the mixed classes in full, the categories after the flop; JSON with every share
//! in full; SVG with each cell split by its shares (fold blue, check or call green, raise red).

use super::chart::{order, CategoryRow, Chart, ChartAction, ChartCell};
use super::Action;
use crate::game::format_amount;

/// A share as a percentage with at most one decimal (`62.5%`, `100%`).
fn pct(x: f64) -> String {
    let p = (1000.0 * x).round() / 10.0;
    format!("{}%", format_amount(p))
}

impl Chart {
    /// An action as a player names it: `fold`, `check`, `call`; before the flop `raise to
    /// 2.5bb`; after it a bet in percent of the pot (`bet 33%`) and a raise as a multiple of
    /// the bet it faces (`raise to 3x`).
    pub fn action_text(&self, a: &Action) -> String {
        match a {
            Action::Raise { to, .. } if self.board.is_empty() || self.pot <= 0.0 => {
                format!("raise to {}bb", format_amount(round2(to / self.big_blind)))
            }
            Action::Raise { to, .. } if self.facing <= 0.0 => {
                format!("bet {}%", format_amount((100.0 * to / self.pot).round()))
            }
            Action::Raise { to, .. } => {
                format!("raise to {}x", format_amount(round1(to / self.facing)))
            }
            other => other.name().to_string(),
        }
    }

    /// The shares of some actions: `raise to 2.5bb 60%, fold 40%`; `no rule` for the share
    /// where none gives an action.
    pub fn actions_text(&self, actions: &[ChartAction], no_rule: f64) -> String {
        let mut parts: Vec<(f64, String)> = actions
            .iter()
            .filter(|a| a.share > 0.0)
            .map(|a| {
                (
                    a.share,
                    format!("{} {}", self.action_text(&a.action), pct(a.share)),
                )
            })
            .collect();
        if no_rule > 0.0 {
            parts.push((no_rule, format!("no rule {}", pct(no_rule))));
        }
        // The largest share first; equal shares in the actions' order.
        parts.sort_by(|a, b| b.0.total_cmp(&a.0));
        if parts.is_empty() {
            return "no combination".into();
        }
        parts
            .into_iter()
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The grid, then the classes whose decision is mixed or a raise (in full), then after
    /// the flop the categories.
    pub fn text(&self) -> String {
        let mut s = format!("{}: {}\n", self.bot, self.spot);
        if self.board.is_empty() {
            s.push_str("one combination per class (AKs = As Ks, AKo = As Kh, AA = As Ah)\n\n");
        } else if let Some(r) = &self.range {
            s.push_str(&format!(
                "over the {} combos {}, each holding by its weight there;\nby class (grid) and by category\n\n",
                combos_text(r.combos),
                r.source
            ));
            if r.combos <= 0.0 {
                s.push_str(
                    "no holding reaches this spot so: --all-holdings charts every holding alike, \
                     --range weights by a range you give\n\n",
                );
            }
        } else {
            s.push_str("every combination the board leaves, by class (grid) and by category\n\n");
        }
        s.push_str(&self.grid_text());
        s.push_str(
            "\nR raise, C check or call, F fold, - no rule gives an action, . no combination here;\n\
             a number is the share of that action when it is below 100%\n\n",
        );
        s.push_str(&self.by_action_text());
        if self.cells.iter().any(|c| c.reads_random) {
            s.push_str(
                "\nsome decisions read `random`: decided at 100 evenly spaced values of it\n",
            );
        }
        if !self.made.is_empty() {
            s.push_str(
                "\nmade hands (each holding once, the first that holds): combos, share, actions\n",
            );
            s.push_str(&self.rows_text(&self.made));
            s.push_str("\ndraws and shapes (a holding may count in several)\n");
            s.push_str(&self.rows_text(&self.draws));
        }
        s
    }

    /// The share of every action over all the combinations decided, then the classes that
    /// always do the same by action, then the mixed classes in full.
    fn by_action_text(&self) -> String {
        let mut total: Vec<ChartAction> = Vec::new();
        let (mut no_rule, mut n) = (0.0, 0.0);
        let mut pure: Vec<(String, Vec<&str>)> = Vec::new();
        let mut mixed = String::new();
        for c in self.cells.iter().filter(|c| c.combos > 0) {
            let w = c.weight;
            n += w;
            no_rule += w * c.no_rule;
            for a in &c.actions {
                match total.iter_mut().find(|t| t.action == a.action) {
                    Some(t) => t.share += w * a.share,
                    None => total.push(ChartAction {
                        action: a.action,
                        share: w * a.share,
                    }),
                }
            }
            let one = match (c.actions.as_slice(), c.no_rule) {
                ([a], x) if x == 0.0 && a.share >= 1.0 - 1e-12 => Some(self.action_text(&a.action)),
                ([], _) => Some("no rule".to_string()),
                _ => None,
            };
            match one {
                Some(text) => match pure.iter_mut().find(|p| p.0 == text) {
                    Some(p) => p.1.push(&c.class),
                    None => pure.push((text, vec![&c.class])),
                },
                None => mixed.push_str(&format!(
                    "  {:4} {}\n",
                    c.class,
                    self.actions_text(&c.actions, c.no_rule)
                )),
            }
        }
        for t in &mut total {
            t.share /= n.max(1.0);
        }
        total.sort_by(|a, b| order(&a.action).total_cmp(&order(&b.action)));
        let mut s = format!(
            "all {} combinations: {}\n\n",
            combos_text(n),
            self.actions_text(&total, no_rule / n.max(1.0))
        );
        for (text, classes) in &pure {
            s.push_str(&format!("{text} always ({} classes):\n", classes.len()));
            for line in classes.chunks(13) {
                s.push_str(&format!("  {}\n", line.join(" ")));
            }
        }
        if !mixed.is_empty() {
            s.push_str("mixed (the shares of each class):\n");
            s.push_str(&mixed);
        }
        s
    }

    /// One line a category: its words, its combinations, its share of all the chart counts,
    /// its actions.
    fn rows_text(&self, rows: &[CategoryRow]) -> String {
        let total = self.total_weight();
        let mut s = String::new();
        for r in rows.iter().filter(|r| r.combos > 0) {
            s.push_str(&format!(
                "  {:32} {:>6} {:>6}  {}\n",
                r.words,
                combos_text(r.weight),
                pct(r.weight / total),
                self.actions_text(&r.actions, r.no_rule)
            ));
        }
        s
    }

    /// The combinations the chart counts (weighted by its range), at least a tiny amount.
    fn total_weight(&self) -> f64 {
        let w: f64 = self.cells.iter().map(|c| c.weight).sum();
        if w > 0.0 {
            w
        } else {
            1.0
        }
    }

    fn grid_text(&self) -> String {
        super::range_report::class_grid_text(3, |i| cell_mark(&self.cells[i]))
    }

    /// One JSON object: `bot`, `spot`, `board`, `big_blind`, `pot`, `facing`, `range` (null
    /// or `source`, `combos`), `cells` (169, the 13x13 order: `class`, `hand`, `combos`,
    /// `weight`, `actions` (each `action`, `text`, `by`, `to`, `to_bb`, `share`), `no_rule`,
    /// `random`, `rules`), `made` and `draws` (each `words`, `combos`, `weight`, `share`,
    /// `actions`, `no_rule`).
    pub fn json(&self) -> String {
        let actions = |xs: &[ChartAction]| {
            xs.iter()
                .map(|a| {
                    let (by, to) = match a.action {
                        Action::Raise { by, to } => (Some(by), Some(to)),
                        _ => (None, None),
                    };
                    serde_json::json!({
                        "action": a.action.name(),
                        "text": self.action_text(&a.action),
                        "by": by,
                        "to": to,
                        "to_bb": to.map(|t| t / self.big_blind),
                        "share": a.share,
                    })
                })
                .collect::<Vec<_>>()
        };
        let rows = |rows: &[CategoryRow]| {
            rows.iter()
                .map(|r| {
                    serde_json::json!({
                        "words": r.words, "combos": r.combos, "weight": r.weight,
                        "share": r.weight / self.total_weight(),
                        "actions": actions(&r.actions), "no_rule": r.no_rule,
                    })
                })
                .collect::<Vec<_>>()
        };
        serde_json::json!({
            "bot": self.bot,
            "spot": self.spot,
            "board": self.board,
            "big_blind": self.big_blind,
            "pot": self.pot,
            "facing": self.facing,
            "range": self.range.as_ref().map(|r| serde_json::json!({
                "source": r.source, "combos": r.combos,
            })),
            "cells": self.cells.iter().map(|c| serde_json::json!({
                "class": c.class, "hand": c.hand, "combos": c.combos, "weight": c.weight,
                "actions": actions(&c.actions), "no_rule": c.no_rule,
                "random": c.reads_random, "rules": c.rules,
            })).collect::<Vec<_>>(),
            "made": rows(&self.made),
            "draws": rows(&self.draws),
        })
        .to_string()
    }

    /// The grid as SVG: each cell split from the left by its shares, raise red (darker for
    /// larger sizes), check or call green, fold blue, no rule grey.
    pub fn svg(&self) -> String {
        const CELL: f64 = 40.0;
        const TOP: f64 = 24.0;
        let size = CELL * 13.0;
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{}\" viewBox=\"0 0 {size} {}\" font-family=\"sans-serif\" font-size=\"11\">\n<text x=\"4\" y=\"16\" font-size=\"12\">{}</text>\n",
            size + TOP,
            size + TOP,
            crate::diag::xml_text(&format!("{}: {}", self.bot, self.spot))
        );
        let sizes = self.raise_sizes();
        for (i, c) in self.cells.iter().enumerate() {
            let (x0, y) = ((i % 13) as f64 * CELL, TOP + (i / 13) as f64 * CELL);
            let mut x = x0;
            let mut parts: Vec<(f64, String)> = c
                .actions
                .iter()
                .map(|a| (a.share, colour(&a.action, &sizes)))
                .collect();
            parts.push((c.no_rule, "#bbbbbb".into()));
            if c.combos == 0 {
                parts = vec![(1.0, "#eeeeee".into())];
            }
            for (share, fill) in parts.iter().rev().filter(|p| p.0 > 0.0) {
                let w = share * CELL;
                s.push_str(&format!(
                    "<rect x=\"{x:.2}\" y=\"{y}\" width=\"{w:.2}\" height=\"{CELL}\" fill=\"{fill}\"/>"
                ));
                x += w;
            }
            s.push_str(&format!(
                "<rect x=\"{x0}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"none\" stroke=\"white\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\"><title>{}</title>{}</text>\n",
                x0 + CELL / 2.0,
                y + 24.0,
                crate::diag::xml_text(&self.actions_text(&c.actions, c.no_rule)),
                c.class
            ));
        }
        s.push_str("</svg>\n");
        s
    }

    /// The distinct raise totals of the chart, ascending.
    fn raise_sizes(&self) -> Vec<f64> {
        let mut v: Vec<f64> = Vec::new();
        for c in &self.cells {
            for a in &c.actions {
                if let Action::Raise { to, .. } = a.action {
                    if !v.contains(&to) {
                        v.push(to);
                    }
                }
            }
        }
        v.sort_by(f64::total_cmp);
        v
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A number of combinations with at most one decimal (`1176`, `212.5`).
pub(super) fn combos_text(x: f64) -> String {
    format_amount(round1(x))
}

/// A cell of the text grid: the letter of the largest share, with the share below 100%.
fn cell_mark(c: &ChartCell) -> String {
    if c.combos == 0 {
        return ".".into();
    }
    let mut best = ("-", c.no_rule);
    let mut shares = [("F", 0.0), ("C", 0.0), ("R", 0.0)];
    for a in &c.actions {
        let k = match a.action {
            Action::Fold => 0,
            Action::Check | Action::Call => 1,
            Action::Raise { .. } => 2,
        };
        shares[k].1 += a.share;
    }
    for (l, x) in shares.iter().rev() {
        if *x > best.1 {
            best = (l, *x);
        }
    }
    if best.1 >= 1.0 - 1e-9 {
        best.0.to_string()
    } else {
        format!("{}{}", best.0, (100.0 * best.1).round())
    }
}

/// The colour of an action: raises from light to dark red by size.
fn colour(a: &Action, sizes: &[f64]) -> String {
    match a {
        Action::Fold => "#5b8bd6".into(),
        Action::Check | Action::Call => "#5cb85c".into(),
        Action::Raise { to, .. } => {
            let k = sizes.iter().position(|s| s == to).unwrap_or(0) as f64;
            let n = sizes.len().max(2) as f64 - 1.0;
            let light = 150.0 - 100.0 * k / n;
            format!("rgb(220,{light:.0},{light:.0})")
        }
    }
}
