//! The page's preflop chart: a script's decision for each of the 169 starting classes in one
//! spot (opening on the button, facing an open in the big blind, facing a 3-bet after
//! opening), each class decided on one representative combination with `hus decide`'s
//! evaluation. A weighted choice (a mixed strategy, a weighted RAISE list) is shown by its
//! weights: the class is decided again with further seeds until every choice's weight is
//! seen, so the shares are the script's weights, not a sample.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use serde_json::{json, Value};

use super::{options, SCRIPT_NAME};
use crate::check::supplied::SuppliedFiles;
use crate::diag::SourceFile;
use crate::eval::{DecideOptions, Decision};
use crate::game::{GameState, Move};

/// The ranks from the grid's top-left, as charts print them.
pub const RANKS: &str = "AKQJT98765432";
/// The blinds of every chart spot, in chips; sizes are given in big blinds.
const SB: i64 = 50;
const BB: i64 = 100;
/// The most seeds tried to see every choice of a weighted draw.
const MAX_SEEDS: u64 = 256;

/// A chart's spot, as the page's spot picker gives it (sizes in big blinds).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Spot {
    /// `open` (the button, first to act), `facing-open` (the big blind, the button opened to
    /// `open`), `facing-3bet` (the button opened to `open`, the big blind raised to `threebet`).
    pub spot: String,
    pub open: f64,
    pub threebet: f64,
    pub stack: f64,
}

/// The class at row `r`, column `c` of the grid: a pair on the diagonal, suited above it,
/// offsuit below (`AKs` at row 0, column 1; `AKo` at row 1, column 0).
pub fn class_at(r: usize, c: usize) -> String {
    let ranks: Vec<char> = RANKS.chars().collect();
    let (hi, lo) = (ranks[r.min(c)], ranks[r.max(c)]);
    match r.cmp(&c) {
        std::cmp::Ordering::Equal => format!("{hi}{lo}"),
        std::cmp::Ordering::Less => format!("{hi}{lo}s"),
        std::cmp::Ordering::Greater => format!("{hi}{lo}o"),
    }
}

/// The class's representative combination: spades and hearts (spades twice when suited).
fn cards(class: &str) -> Option<[(char, &'static str); 2]> {
    let mut chars = class.chars();
    let (a, b) = (chars.next()?, chars.next()?);
    if !RANKS.contains(a) || !RANKS.contains(b) {
        return None;
    }
    let second = match chars.next() {
        Some('s') if a != b => "Spades",
        Some('o') if a != b => "Hearts",
        None if a == b => "Hearts",
        _ => return None,
    };
    Some([(a, "Spades"), (b, second)])
}

/// The game-state XML `hus decide` reads for `class` in `spot`, or an error in words.
pub fn game_xml(spot: &Spot, class: &str) -> Result<String, String> {
    let [(r1, s1), (r2, s2)] = cards(class).ok_or_else(|| format!("`{class}` is no class"))?;
    let chips = |bb: f64| (bb * BB as f64).round() as i64;
    let stack = chips(spot.stack);
    let (open, three) = (chips(spot.open), chips(spot.threebet));
    let (hero_sb, acts) = match spot.spot.as_str() {
        "open" => (true, vec![]),
        "facing-open" if open > BB && open <= stack => (false, vec![("Villain", open - BB)]),
        "facing-3bet" if open > BB && three > open && three <= stack => {
            (true, vec![("Hero", open - BB), ("Villain", three - open)])
        }
        "facing-open" | "facing-3bet" => {
            return Err("the sizes must grow: 1 big blind < open < 3-bet <= stack".into())
        }
        other => return Err(format!("`{other}` is no spot")),
    };
    if stack < BB {
        return Err("the stack must be at least a big blind".into());
    }
    let (sb, bb) = if hero_sb {
        ("Hero", "Villain")
    } else {
        ("Villain", "Hero")
    };
    let mut xml = format!(
        "<game>\n  <init>\n    <BB>{BB}</BB>\n    <SB>{SB}</SB>\n    <heroStack>{stack}</heroStack>\n    \
         <villainStack>{stack}</villainStack>\n    <heroCards><card rank=\"{r1}\" color=\"{s1}\"/>\
         <card rank=\"{r2}\" color=\"{s2}\"/></heroCards>\n  </init>\n  <posts>\n    \
         <post player=\"{sb}\" amount=\"{SB}\">SB</post>\n    <post player=\"{bb}\" amount=\"{BB}\">BB</post>\n  \
         </posts>\n  <preflop>\n"
    );
    for (no, (player, by)) in acts.iter().enumerate() {
        xml += &format!(
            "    <action no=\"{no}\" player=\"{player}\" act=\"raise\" amount=\"{by}\"/>\n"
        );
    }
    xml += "  </preflop>\n</game>\n";
    Ok(xml)
}

/// A move as the chart names it: `fold`, `check`, `call`, `raise N`.
fn move_json(m: &Move) -> (&'static str, Option<f64>) {
    match m {
        Move::Fold => ("fold", None),
        Move::Check => ("check", None),
        Move::Call => ("call", None),
        Move::Raise(n) => ("raise", Some(*n)),
    }
}

/// One class's shares `[{action, amount, share}]` from its decisions under successive seeds:
/// every choice of a weighted draw counted once at its weight.
fn shares(mut decide: impl FnMut(u64) -> Option<Decision>) -> Result<(Vec<Value>, Decision), ()> {
    let first = decide(0).ok_or(())?;
    let Some(draw) = first.draw.clone() else {
        let (action, amount) = move_json(&first.action);
        return Ok((
            vec![json!({ "action": action, "amount": amount, "share": 1.0 })],
            first,
        ));
    };
    let mut seen: Vec<(usize, f64, Move)> = vec![(draw.index, draw.weight, first.action)];
    let mut seed = 1;
    while seen.iter().map(|s| s.1).sum::<f64>() < draw.total - 1e-9 && seed < MAX_SEEDS {
        if let Some(d) = decide(seed).filter(|d| d.rule.line == first.rule.line) {
            if let Some(x) = d.draw.filter(|x| !seen.iter().any(|s| s.0 == x.index)) {
                seen.push((x.index, x.weight, d.action));
            }
        }
        seed += 1;
    }
    seen.sort_by_key(|s| s.0);
    let mut out: Vec<Value> = Vec::new();
    for (_, weight, m) in seen {
        let (action, amount) = move_json(&m);
        let share = weight / draw.total;
        match out
            .iter_mut()
            .find(|v| v["action"] == action && v["amount"] == json!(amount))
        {
            Some(v) => v["share"] = json!(v["share"].as_f64().unwrap_or(0.0) + share),
            None => out.push(json!({ "action": action, "amount": amount, "share": share })),
        }
    }
    Ok((out, first))
}

/// The chart of `script` in `spot`: `{cells: [{class, row, col, actions, line, tie}]}` (169
/// cells, row by row; `actions` the shares, `line` the deciding rule's line, `tie` when
/// rules tied and one was drawn), or `{error, diagnostics}` as `decide` says it.
pub fn chart(script: &str, files: &SuppliedFiles, spot: &Spot) -> Value {
    let source = SourceFile::new(SCRIPT_NAME, script);
    let checked = crate::check::compile(&source, &options(files, Vec::new()));
    let Some(program) = checked.program else {
        return json!({ "error": "script",
            "diagnostics": super::diagnostics_json(&source, &checked.diagnostics) });
    };
    let mut cells = Vec::new();
    for row in 0..13 {
        for col in 0..13 {
            let class = class_at(row, col);
            let xml = match game_xml(spot, &class) {
                Ok(x) => x,
                Err(e) => return json!({ "error": "spot", "message": e }),
            };
            let Ok((state, _)) = GameState::from_xml(&xml) else {
                return json!({ "error": "spot", "message": "the spot's game state is invalid" });
            };
            let decide = |seed: u64| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                crate::eval::decide(&program, &state, &mut rng, &DecideOptions::default()).ok()
            };
            let cell = match shares(decide) {
                Ok((actions, d)) => json!({ "class": class, "row": row, "col": col,
                    "actions": actions, "line": d.rule.line, "tie": d.random_tie }),
                Err(()) => json!({ "class": class, "row": row, "col": col,
                    "actions": [], "line": null, "tie": false }),
            };
            cells.push(cell);
        }
    }
    json!({ "cells": cells })
}
