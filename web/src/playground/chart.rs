//! The page's chart: `hus chart` for any spot and board, as the command takes them (the acts
//! in its notation, `BTN 2.5bb, BB 3bet 9bb`, the board, the stacks, the hero's range), with
//! the same answer as `hus chart --json`; and the game state of one hand in the spot, which
//! the page decides with `--explain` when a cell is chosen.

use serde::Deserialize;
use serde_json::{json, Value};

use super::{options, SCRIPT_NAME};
use hus::reach::{spot_range, RangeSource};
use hus::{Bot, BotOptions, ChartRange, SpotOptions};
use hus_lang::check::supplied::SuppliedFiles;
use hus_poker::cards::CardSet;
use hus_poker::diag::SourceFile;
use hus_poker::game::Player;

/// The ranks from the grid's top-left, as charts print them.
pub const RANKS: &str = "AKQJT98765432";
/// The blinds of every chart of the page, in chips (sizes are in big blinds).
const SB: f64 = 50.0;
const BB: f64 = 100.0;

/// A chart's spot as the page's fields give it, as `hus chart`'s flags take it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Spot {
    /// The acts so far in `hus chart --spot`'s notation; empty: nobody has acted.
    #[serde(default)]
    pub spot: String,
    /// The board so far (`--board`); empty before the flop.
    #[serde(default)]
    pub board: String,
    /// Both stacks in big blinds (`--stack`).
    pub stack: f64,
    /// The hero's range written (`--range`); blank: the range the script brings to the spot.
    #[serde(default)]
    pub range: String,
    /// `--all-holdings`: every holding the board leaves alike.
    #[serde(default)]
    pub all_holdings: bool,
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

/// A refusal the page shows next to a field: `{error, field, message}` (`error` names the
/// kind: `spot`, `range`, `script`, `decide`).
fn refusal(error: &str, field: Option<&str>, message: impl std::fmt::Display) -> Value {
    json!({ "error": error, "field": field, "message": message.to_string() })
}

/// The field of the page a spot error is about, from what the message names first.
fn spot_field(message: &str) -> &'static str {
    if message.starts_with("board") {
        "board"
    } else if message.starts_with("stack") {
        "stack"
    } else {
        "spot"
    }
}

/// The spot of `hus chart --spot ... --board ... --stack ...` at blinds 50/100.
fn the_spot(spot: &Spot) -> Result<hus::Spot, Value> {
    hus::Spot::new(&SpotOptions {
        actions: spot.spot.clone(),
        position: None,
        stack: spot.stack,
        small_blind: SB,
        big_blind: BB,
        board: spot.board.clone(),
    })
    .map_err(|e| refusal("spot", Some(spot_field(&e.message)), e.message))
}

/// The game-state XML `hus decide` reads for the hero holding `hand` (`AsKs`) in `spot`.
pub fn game_xml(spot: &Spot, hand: &str) -> Result<String, String> {
    let the_spot = the_spot(spot).map_err(|v| v["message"].as_str().unwrap_or("").to_string())?;
    let cards: Vec<_> = hand
        .parse::<CardSet>()
        .map(|s| s.cards().collect())
        .unwrap_or_default();
    let [a, b] = cards[..] else {
        return Err(format!("`{hand}` is not two cards"));
    };
    match the_spot.state_with([a, b]) {
        Ok(state) => Ok(state.xml().into_owned()),
        Err(e) => Err(e.to_string()),
    }
}

/// The chart of `script` in `spot` as JSON text: exactly `hus chart bot.hus --json` with the
/// same flags (one object: `cells`, and after the flop `made` and `draws`, as reference
/// §12.13 lists; the text as the library wrote it, so every number has the very digits the
/// command prints), or `{error, field, message}` (`error` `"script"` also has
/// `diagnostics`).
pub fn chart(script: &str, files: &SuppliedFiles, spot: &Spot) -> String {
    chart_or_refusal(script, files, spot).unwrap_or_else(|refused| refused.to_string())
}

fn chart_or_refusal(script: &str, files: &SuppliedFiles, spot: &Spot) -> Result<String, Value> {
    let the_spot = the_spot(spot)?;
    let written = match spot.range.trim() {
        "" => None,
        // As `hus chart` refuses `--range` with `--all-holdings`.
        _ if spot.all_holdings => {
            return Err(refusal(
                "range",
                Some("range"),
                "a written range or every holding alike, not both: empty the range or untick every holding",
            ))
        }
        text => match hus::parse_range(text) {
            Ok(h) => Some((text, h)),
            Err(e) => return Err(refusal("range", Some("range"), e)),
        },
    };
    let source = SourceFile::new(SCRIPT_NAME, script);
    let checked = hus_lang::check::compile(&source, &options(files, Vec::new()));
    if checked.program.is_none() {
        return Err(
            json!({ "error": "script", "field": null, "message": "the script has errors",
            "diagnostics": super::diagnostics_json(&source, &checked.diagnostics) }),
        );
    }
    let bot = match Bot::from_source_with_files(
        SCRIPT_NAME,
        script,
        files.clone(),
        &BotOptions::default(),
    ) {
        Ok(b) => b,
        Err(e) => {
            return Err(
                json!({ "error": "script", "field": null, "message": e.to_string(), "diagnostics": [] }),
            )
        }
    };
    let range = if the_spot.board().is_empty() || spot.all_holdings {
        None
    } else {
        let (from, source) = match &written {
            Some((text, h)) => (RangeSource::Written(h), format!("of the range `{text}`")),
            None => (
                RangeSource::Script(&bot),
                format!("{} brings here", bot.name()),
            ),
        };
        match spot_range(&the_spot, Player::Hero, from) {
            Ok(weights) => Some(ChartRange { weights, source }),
            Err(e) => return Err(refusal("decide", None, e)),
        }
    };
    hus::chart_over(&bot, &the_spot, range.as_ref())
        .map(|c| c.json())
        .map_err(|e| refusal("decide", None, e))
}
