//! The page's preflop chart: `hus chart` for the spot picker's three spots (opening on the
//! button, facing an open in the big blind, facing a 3-bet after opening), and the game
//! state of one class in the spot, which the page decides with `--explain` when a cell is
//! chosen.

use serde::Deserialize;
use serde_json::{json, Value};

use super::{options, SCRIPT_NAME};
use crate::check::supplied::SuppliedFiles;
use crate::diag::SourceFile;
use crate::front::{Action, Bot, BotOptions, ChartAction, SpotOptions};
use crate::report::json_amount;

/// The ranks from the grid's top-left, as charts print them.
pub const RANKS: &str = "AKQJT98765432";
/// The blinds of every chart spot, in chips; sizes are given in big blinds.
const SB: i64 = 50;
const BB: i64 = 100;

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

/// The chart's spot in the notation of `hus chart --spot` (reference §12.13).
fn spot_options(spot: &Spot) -> SpotOptions {
    let size = |bb: f64| format!("{}bb", json_amount(bb));
    let actions = match spot.spot.as_str() {
        "facing-open" => format!("BTN {}", size(spot.open)),
        "facing-3bet" => format!("BTN {}, BB 3bet {}", size(spot.open), size(spot.threebet)),
        _ => String::new(),
    };
    SpotOptions {
        actions,
        position: None,
        stack: spot.stack,
        small_blind: SB as f64,
        big_blind: BB as f64,
        board: String::new(),
    }
}

/// One share of a cell: `{action, amount, share}`, `amount` the chips raised by (as `hus
/// decide` prints it).
fn share_json(a: &ChartAction) -> Value {
    let (action, amount) = match a.action {
        Action::Fold => ("fold", None),
        Action::Check => ("check", None),
        Action::Call => ("call", None),
        Action::Raise { by, .. } => ("raise", Some(json_amount(by))),
    };
    json!({ "action": action, "amount": amount, "share": a.share })
}

/// The chart of `script` in `spot` (`hus chart`'s, exact: weighted choices by their weights):
/// `{cells: [{class, row, col, actions, no_rule, rules}]}` (169 cells, row by row; `actions`
/// the shares, `no_rule` the share no rule decides, `rules` the deciding rules' lines), or
/// `{error, message}` (`error` is `"script"` with `diagnostics`, `"spot"` or `"decide"`).
pub fn chart(script: &str, files: &SuppliedFiles, spot: &Spot) -> Value {
    if let Err(message) = game_xml(spot, "AA") {
        return json!({ "error": "spot", "message": message });
    }
    let source = SourceFile::new(SCRIPT_NAME, script);
    let checked = crate::check::compile(&source, &options(files, Vec::new()));
    if checked.program.is_none() {
        return json!({ "error": "script", "message": "the script has errors",
            "diagnostics": super::diagnostics_json(&source, &checked.diagnostics) });
    }
    let bot = match Bot::from_source_with_files(
        SCRIPT_NAME,
        script,
        files.clone(),
        &BotOptions::default(),
    ) {
        Ok(b) => b,
        Err(e) => return json!({ "error": "script", "message": e.to_string(), "diagnostics": [] }),
    };
    let the_spot = match crate::front::Spot::new(&spot_options(spot)) {
        Ok(s) => s,
        Err(e) => return json!({ "error": "spot", "message": e.to_string() }),
    };
    match crate::front::chart(&bot, &the_spot) {
        Ok(c) => {
            let cells: Vec<Value> = c
                .cells
                .iter()
                .enumerate()
                .map(|(i, cell)| {
                    json!({
                        "class": cell.class, "row": i / 13, "col": i % 13,
                        "actions": cell.actions.iter().map(share_json).collect::<Vec<_>>(),
                        "no_rule": cell.no_rule, "rules": cell.rules,
                    })
                })
                .collect();
            json!({ "cells": cells })
        }
        Err(e) => json!({ "error": "decide", "message": e.to_string() }),
    }
}
