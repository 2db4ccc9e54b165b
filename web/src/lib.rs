//! The playground page's bindings: each function takes texts and returns JSON text, and all
//! the work is in [`playground`]. Supplied files (tables, included scripts) come as one
//! JSON object of file texts by name.

pub mod playground;

use hus_lang::check::supplied::SuppliedFiles;
use playground::PlayOptions;
use wasm_bindgen::prelude::*;

/// The files object of the page (`{"tag-open.tsv": "..."}`); anything else is no files.
fn files(json: &str) -> SuppliedFiles {
    serde_json::from_str(json).unwrap_or_default()
}

/// `hus check`'s diagnostics of the script.
#[wasm_bindgen]
pub fn check(script: &str, files_json: &str) -> String {
    playground::check_text(script, &files(files_json))
}

/// The hover help at a UTF-16 offset, or `null`.
#[wasm_bindgen]
pub fn hover(script: &str, files_json: &str, offset: usize) -> String {
    playground::hover(script, &files(files_json), offset).to_string()
}

/// The completions at a UTF-16 offset: `{from, to, items}` (`hus lsp`'s).
#[wasm_bindgen]
pub fn complete(script: &str, files_json: &str, offset: usize) -> String {
    playground::complete(script, &files(files_json), offset).to_string()
}

/// The words of the language by highlight group, for the editor's colours.
#[wasm_bindgen]
pub fn words() -> String {
    playground::words().to_string()
}

/// The script in the canonical layout, or its syntax errors.
#[wasm_bindgen]
pub fn format(script: &str) -> String {
    playground::format(script).to_string()
}

/// `hus decide --json --explain --seed SEED`.
#[wasm_bindgen]
pub fn decide(script: &str, xml: &str, files_json: &str, seed: u64) -> String {
    playground::decide(script, xml, &files(files_json), seed).to_string()
}

/// The chart panel's spot (`{"spot", "board", "stack", "range", "all_holdings"}`, as `hus
/// chart`'s flags take them); what is wrong with it when unreadable.
fn spot(json: &str) -> Result<playground::Spot, String> {
    serde_json::from_str(json).map_err(|e| format!("unreadable spot: {e}"))
}

/// `hus chart bot.hus --json` for the spot: its object, or `{error, field, message, ...}`.
#[wasm_bindgen]
pub fn chart(script: &str, files_json: &str, spot_json: &str) -> String {
    match spot(spot_json) {
        Ok(s) => playground::chart(script, &files(files_json), &s),
        Err(message) => {
            serde_json::json!({ "error": "spot", "field": null, "message": message }).to_string()
        }
    }
}

/// The game-state XML of the hero holding `hand` (`AsKs`) in a chart's spot: `{xml}` or
/// `{error, message}`.
#[wasm_bindgen]
pub fn chart_game(spot_json: &str, hand: &str) -> String {
    match spot(spot_json).and_then(|s| playground::chart_game(&s, hand)) {
        Ok(xml) => serde_json::json!({ "xml": xml }).to_string(),
        Err(message) => serde_json::json!({ "error": "spot", "message": message }).to_string(),
    }
}

/// The options of `hus match` as the page passes them (`blinds` is `[SB, BB]`).
fn play_options(
    hands: u64,
    seed: u64,
    blinds: &[i64],
    stack_bb: i64,
    duplicate: bool,
) -> PlayOptions {
    let (sb, bb) = match blinds {
        [sb, bb] => (*sb, *bb),
        _ => (50, 100),
    };
    PlayOptions {
        hands,
        seed,
        sb,
        bb,
        stack_bb,
        duplicate,
    }
}

/// `hus match A B --json` with the given options (a bot is `builtin:NAME` or a script's
/// text), calling `progress(hands_played)` after each chunk of hands: the page's worker posts
/// it to the page, which shows it while the match runs.
#[allow(clippy::too_many_arguments)] // one per `hus match` option, as the page passes them, and the callback
#[wasm_bindgen]
pub fn play_progress(
    a_name: &str,
    a_script: &str,
    b_name: &str,
    b_script: &str,
    files_json: &str,
    hands: u64,
    seed: u64,
    blinds: &[i64],
    stack_bb: i64,
    duplicate: bool,
    progress: js_sys::Function,
) -> String {
    let options = play_options(hands, seed, blinds, stack_bb, duplicate);
    let files = files(files_json);
    let told = Box::new(move |n: u64| {
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(n as f64));
    });
    playground::play_with_progress(
        (a_name, a_script),
        (b_name, b_script),
        &files,
        &options,
        told,
    )
    .to_string()
}

/// Supplies the flop equity table (`tables/flop-equity.bin`, fetched by the page on first
/// use): flop `equity` then reads it instead of enumerating. `""`, or what is wrong with the
/// bytes.
#[wasm_bindgen]
pub fn install_flop_table(bytes: Vec<u8>) -> String {
    hus_poker::strength::flop_equity::install(bytes)
        .err()
        .unwrap_or_default()
}

/// The built-in bots with their sources.
#[wasm_bindgen]
pub fn builtins() -> String {
    playground::builtins().to_string()
}

/// Hand words as an optional filter: blank text is none.
fn hand_words(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

/// A report's answer object. The report's JSON is spliced in as the library wrote it, so its
/// numbers are the very digits `--json` prints (no parse and re-print).
fn answer(text: String, json: &str, svg: Option<String>) -> String {
    let quote = |s: &str| serde_json::Value::from(s).to_string();
    let svg = svg.map_or(String::new(), |s| format!(",\"svg\":{}", quote(&s)));
    format!("{{\"text\":{},\"report\":{json}{svg}}}", quote(&text))
}

/// The situation builder's state replayed by the betting machine: who is to act, the legal
/// acts and amounts, the pot, and the game-state XML for the player to act (see
/// [`playground::situation`]); `{error}` when the JSON is no situation.
#[wasm_bindgen]
pub fn situation(json: &str) -> String {
    match serde_json::from_str::<playground::Situation>(json) {
        Ok(s) => playground::situation(&s).to_string(),
        Err(e) => serde_json::json!({
            "error": { "field": null, "message": format!("unreadable situation: {e}") },
            "legal": [], "streets": [],
        })
        .to_string(),
    }
}

/// A range's text as the 13x13 grid of its classes' weights: `{weights, exact}` or
/// `{error}`.
#[wasm_bindgen]
pub fn range_classes(text: &str) -> String {
    playground::range_classes(text).to_string()
}

/// The compact text of a grid of 169 class weights (`QQ+ | AK:0.5`): `{text}` or `{error}`.
#[wasm_bindgen]
pub fn range_text(weights: &[f64]) -> String {
    playground::range_text(weights).to_string()
}

/// Calls the page's `progress(done, all, unit)` (`unit` is `boards` or `deals`), as the
/// worker passes it, for each step of a count.
fn counted_to(progress: js_sys::Function) -> impl FnMut(hus::Counted) {
    move |c: hus::Counted| {
        let _ = progress.call3(
            &JsValue::NULL,
            &JsValue::from_f64(c.done as f64),
            &JsValue::from_f64(c.all as f64),
            &JsValue::from_str(c.unit.word()),
        );
    }
}

/// `hus equity`: `{"text", "report"}` (the table it prints and its `--json` object), or
/// `{"error"}` (an empty `villain_with` is no filter), telling `progress(done, all, unit)`
/// how far the count has gone: the page's worker posts it to the panel, which shows the
/// boards counted while it runs. Ranges are read the language's way and counted exactly, as
/// `hus equity` does by default.
#[wasm_bindgen]
pub fn equity_progress(
    hero: &str,
    villain: &str,
    board: &str,
    dead: &str,
    villain_with: &str,
    progress: js_sys::Function,
) -> String {
    let options = hus::EquityOptions {
        hero: hero.into(),
        villain: villain.into(),
        board: board.into(),
        dead: dead.into(),
        villain_with: hand_words(villain_with),
        ..Default::default()
    };
    match hus::equity_counted(&options, &mut counted_to(progress)) {
        Ok(r) => answer(r.text(), &r.json(), None),
        Err(e) => serde_json::json!({ "error": e.message }).to_string(),
    }
}

/// `hus range`: `{"text", "report", "svg"}` (the table, its `--json` object and the 13x13
/// grid), or `{"error"}`; with `hus range --next-card` when `next_card` is set, telling
/// `progress(done, all, "boards")` after each board it reads the equity on.
#[wasm_bindgen]
pub fn range_progress(
    range: &str,
    board: &str,
    dead: &str,
    with: &str,
    next_card: bool,
    progress: js_sys::Function,
) -> String {
    let options = hus::RangeOptions {
        range: range.into(),
        board: board.into(),
        dead: dead.into(),
        with: hand_words(with),
        next_card,
        ..Default::default()
    };
    match hus::range_breakdown_counted(&options, &mut counted_to(progress)) {
        Ok(r) => answer(r.text(), &r.json(), Some(r.svg())),
        Err(e) => serde_json::json!({ "error": e.message }).to_string(),
    }
}

/// [`check`] with only the first `listed` diagnostics written out and `total` counting all:
/// what the editor marks and lists, without the rest of a pasted document's hundred
/// thousand.
#[wasm_bindgen]
pub fn check_first(script: &str, files_json: &str, listed: usize) -> String {
    playground::check_text_first(script, &files(files_json), listed)
}
