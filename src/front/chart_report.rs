//! How `hus chart` prints a [`Chart`]: a 13x13 grid of letters with the share of the main
//! action, the mixed classes in full, the categories after the flop; JSON with every share
//! in full; SVG with each cell split by its shares (fold blue, check or call green, raise red).

use super::chart::{order, CategoryRow, Chart, ChartAction, ChartCell, Mix};
use super::svg_text;
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
    /// always do the same by action, then the mixed classes in full: those that mix fold,
    /// check, call or no rule with something first, those that only mix raise sizes after.
    fn by_action_text(&self) -> String {
        let (total, no_rule, n) = self.summary();
        let mut pure: Vec<(String, Vec<&str>)> = Vec::new();
        let (mut actions, mut sizes) = (Vec::new(), Vec::new());
        for c in self.cells.iter().filter(|c| c.combos > 0) {
            let line = || {
                format!(
                    "  {:4} {}\n",
                    c.class,
                    self.actions_text(&c.actions, c.no_rule)
                )
            };
            match c.mix() {
                Mix::Pure => {
                    let text = c
                        .actions
                        .iter()
                        .max_by(|a, b| a.share.total_cmp(&b.share))
                        .filter(|a| a.share > c.no_rule)
                        .map_or("no rule".to_string(), |a| self.action_text(&a.action));
                    match pure.iter_mut().find(|p| p.0 == text) {
                        Some(p) => p.1.push(&c.class),
                        None => pure.push((text, vec![&c.class])),
                    }
                }
                Mix::Actions => actions.push(line()),
                Mix::RaiseSizes => sizes.push(line()),
            }
        }
        let mut s = format!(
            "all {} combinations: {}\n\n",
            combos_text(n),
            self.actions_text(&total, no_rule)
        );
        for (text, classes) in &pure {
            s.push_str(&format!(
                "{text} always ({}):\n",
                classes_text(classes.len())
            ));
            for line in classes.chunks(13) {
                s.push_str(&format!("  {}\n", line.join(" ")));
            }
        }
        if !actions.is_empty() {
            s.push_str(&format!(
                "mixed: fold, check, call or no rule against another action ({}):\n",
                classes_text(actions.len())
            ));
            s.push_str(&actions.concat());
        }
        if !sizes.is_empty() {
            s.push_str(&format!(
                "mixed: raise sizes only, always a bet or raise ({}):\n",
                classes_text(sizes.len())
            ));
            s.push_str(&sizes.concat());
        }
        s
    }

    /// The share of every action over all the combinations the chart counts, in the
    /// actions' order, the share where no rule gives one, and how many combinations.
    pub fn summary(&self) -> (Vec<ChartAction>, f64, f64) {
        let mut total: Vec<ChartAction> = Vec::new();
        let (mut no_rule, mut n) = (0.0, 0.0);
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
        }
        for t in &mut total {
            t.share /= n.max(1.0);
        }
        total.sort_by(|a, b| order(&a.action).total_cmp(&order(&b.action)));
        (total, no_rule / n.max(1.0), n)
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
    /// `random`, `rules`, `mix`), `made` and `draws` (each `words`, `combos`, `weight`,
    /// `share`, `actions`, `no_rule`, `mix`); `mix` is [`Mix::name`].
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
                        "mix": Mix::of(&r.actions, r.no_rule).name(),
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
                "random": c.reads_random, "rules": c.rules, "mix": c.mix().name(),
            })).collect::<Vec<_>>(),
            "made": rows(&self.made),
            "draws": rows(&self.draws),
        })
        .to_string()
    }

    /// The picture: the heading (bot, spot, what the holdings are weighted by) wrapped to
    /// the grid's width, the grid with each cell split from the left by its shares, raise red
    /// (darker for larger sizes), check or call green, fold blue, no rule grey; then the
    /// legend, each colour with its action's share of all the combinations, and the number
    /// of mixed classes of each kind.
    pub fn svg(&self) -> String {
        let mut heading = vec![format!("{}: {}", self.bot, self.spot)];
        heading.push(match &self.range {
            _ if self.board.is_empty() => {
                "one combination per class (AKs = As Ks, AKo = As Kh, AA = As Ah)".to_string()
            }
            Some(r) => format!(
                "over the {} combos {}, each holding by its weight there",
                combos_text(r.combos),
                r.source
            ),
            None => "every combination the board leaves".to_string(),
        });
        let (mut body, mut y) = svg_text::heading(&heading, SVG_WIDTH);
        y += 6.0;
        body.push_str(&self.svg_grid(y));
        y += 13.0 * SVG_CELL + 8.0;
        let (legend, h) = self.svg_legend(y);
        body.push_str(&legend);
        y += h + 4.0;
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{SVG_WIDTH}\" height=\"{y}\" viewBox=\"0 0 {SVG_WIDTH} {y}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
        )
    }

    /// The 169 cells from `top` down, each split by its shares, its class written on it and
    /// its shares in a tooltip.
    fn svg_grid(&self, top: f64) -> String {
        const CELL: f64 = SVG_CELL;
        let sizes = self.raise_sizes();
        let mut s = String::new();
        for (i, c) in self.cells.iter().enumerate() {
            let (x0, y) = ((i % 13) as f64 * CELL, top + (i / 13) as f64 * CELL);
            let mut x = x0;
            let mut parts: Vec<(f64, String)> = c
                .actions
                .iter()
                .map(|a| (a.share, colour(&a.action, &sizes)))
                .collect();
            parts.push((c.no_rule, NO_RULE.into()));
            if c.combos == 0 {
                parts = vec![(1.0, NO_COMBINATION.into())];
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
        s
    }

    /// The legend from `top` down: the combinations counted, each colour in the grid with
    /// its action and that action's share of them (two columns), then how many classes mix.
    /// Returns it and its height.
    fn svg_legend(&self, top: f64) -> (String, f64) {
        let (total, no_rule, n) = self.summary();
        let sizes = self.raise_sizes();
        let mut keys: Vec<(String, String)> = total
            .iter()
            .filter(|a| a.share > 0.0)
            .map(|a| {
                let text = format!("{} {}", self.action_text(&a.action), pct(a.share));
                (colour(&a.action, &sizes), text)
            })
            .collect();
        if no_rule > 0.0 {
            keys.push((
                NO_RULE.into(),
                format!("no rule gives an action {}", pct(no_rule)),
            ));
        }
        if self.cells.iter().any(|c| c.combos == 0) {
            keys.push((NO_COMBINATION.into(), "no combination here".into()));
        }
        let (mut s, mut y) = svg_text::lines_svg(
            &[format!(
                "all {} combinations, each cell split by its shares:",
                combos_text(n)
            )],
            4.0,
            top,
            12.0,
            18.0,
        );
        // Two columns when every label fits in one, else one, each label wrapped.
        let half = SVG_WIDTH / 2.0;
        let columns = if keys
            .iter()
            .all(|k| svg_text::width(&k.1, 11.0) <= half - 24.0)
        {
            2
        } else {
            1
        };
        let column = SVG_WIDTH / columns as f64;
        for row in keys.chunks(columns) {
            let mut height: f64 = 18.0;
            for (i, (fill, text)) in row.iter().enumerate() {
                let x = 4.0 + i as f64 * column;
                let at = top + y;
                s.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{at}\" width=\"12\" height=\"12\" fill=\"{fill}\" stroke=\"#888888\" stroke-width=\"0.5\"/>\n"
                ));
                let lines = svg_text::wrap(text, 11.0, column - 26.0);
                let (t, h) = svg_text::lines_svg(&lines, x + 18.0, at, 11.0, 14.0);
                s.push_str(&t);
                height = height.max(h + 4.0);
            }
            y += height;
        }
        y += 4.0;
        for text in self.svg_notes() {
            let lines = svg_text::wrap(&text, 11.0, SVG_WIDTH - 8.0);
            let (t, h) = svg_text::lines_svg(&lines, 4.0, top + y, 11.0, 15.0);
            s.push_str(&t);
            y += h;
        }
        (s, y)
    }

    /// The legend's notes below the colours: the mixed classes of each kind, and whether
    /// some decision read `random`.
    fn svg_notes(&self) -> Vec<String> {
        let counted = || self.cells.iter().filter(|c| c.combos > 0);
        let count = |m: Mix| counted().filter(|c| c.mix() == m).count();
        let (actions, sizes) = (count(Mix::Actions), count(Mix::RaiseSizes));
        let pure = count(Mix::Pure);
        let mut notes = vec![if actions + sizes == 0 {
            format!("each of the {pure} classes always does the same")
        } else {
            format!(
                "{pure} classes always do the same; mixed: {actions} fold, check, call or no rule against another action, {sizes} raise sizes only"
            )
        }];
        if counted().any(|c| c.reads_random) {
            notes.push(
                "some decisions read `random`: decided at 100 evenly spaced values of it".into(),
            );
        }
        notes
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

/// `1 class`, `20 classes`.
fn classes_text(n: usize) -> String {
    format!("{n} class{}", if n == 1 { "" } else { "es" })
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

/// The picture's width: the 13 cells of the grid; text wraps to it.
const SVG_WIDTH: f64 = 13.0 * SVG_CELL;
const SVG_CELL: f64 = 40.0;
/// The colours of the share where no rule gives an action, and of a class the range never
/// holds.
const NO_RULE: &str = "#bbbbbb";
const NO_COMBINATION: &str = "#eeeeee";

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
