//! What the browser playground (`web/`) asks of the library, each answer a JSON value the
//! page reads as it is: the checker's diagnostics, hover help, the canonical layout, a
//! decision with its explanation, a match, a chart, and a range grid's reading and writing.
//! Scripts, game states and the files a script reads come as text; nothing here touches a
//! file system, a clock or the operating system's entropy, so it runs the same on
//! `wasm32-unknown-unknown` as natively.
//!
//! Offsets the page gives and gets (`from`, `to`, a hover's `offset`) count UTF-16 code units,
//! as JavaScript strings do; lines and columns are those of `hus check --format json`.

mod chart;
mod decide;
mod editor;
mod grid;
mod play;
mod situation;
mod utf16;

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Value};

use hus_ide::ide::Analysis;
use hus_lang::check::supplied::SuppliedFiles;
use hus_lang::check::CheckOptions;
use hus_poker::diag::{SourceDiagnostic, SourceFile};
use utf16::Utf16Map;

pub use chart::{chart, class_at, game_xml as chart_game, Spot};
pub use decide::decide;
pub use editor::{complete, words};
pub use grid::{range_classes, range_text};
pub use hus::report::decision_json;
pub use play::{play, play_with_progress, PlayOptions};
pub use situation::{situation, PageAct, Situation, Street};

/// The name the page's script has in diagnostics and decisions.
pub(crate) const SCRIPT_NAME: &str = "bot.hus";

/// The checker's options for a script of the page: its added files in place of a file
/// system, and the names `defines` (a game's `<init>` names) taken as constants.
pub fn options(files: &SuppliedFiles, defines: Vec<String>) -> CheckOptions {
    CheckOptions {
        defines,
        allow_unknown_names: false,
        base_dir: PathBuf::new(),
        table_dirs: Vec::new(),
        files: Some(Arc::new(files.clone())),
    }
}

/// A UTF-16 offset into `text` as a byte offset (the nearest character boundary at or
/// before it; the end for an offset past it).
pub(crate) fn byte_offset(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units + c.len_utf16() > utf16 {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// A byte offset into `text` as a UTF-16 offset.
pub(crate) fn utf16_offset(text: &str, byte: usize) -> usize {
    let byte = byte.min(text.len());
    text.get(..byte)
        .map_or(0, |s| s.chars().map(char::len_utf16).sum())
}

/// One diagnostic as `hus check --format json` prints it, plus `from` and `to` (UTF-16
/// offsets into the script, by `map`, the script's) and `edits` (its fixes, see
/// [`edits_json`]) when it is about the script itself rather than an included file.
fn diagnostic_json(file: &SourceFile, map: &Utf16Map, d: &SourceDiagnostic) -> Value {
    let mut v: Value = serde_json::from_str(&hus_poker::diag::render_json(file, d))
        .unwrap_or_else(|_| json!({ "message": d.message }));
    let here = d.file.is_none();
    let (from, to, edits) = match (&d.span, here) {
        (Some(s), true) => (
            json!(map.offset(s.start)),
            json!(map.offset(s.end)),
            edits_json(map, &d.fixes),
        ),
        _ => (Value::Null, Value::Null, json!([])),
    };
    v["from"] = from;
    v["to"] = to;
    v["edits"] = edits;
    v
}

/// Every diagnostic of a list, in order: one pass over the text for all their offsets.
pub(crate) fn diagnostics_json(file: &SourceFile, diagnostics: &[SourceDiagnostic]) -> Vec<Value> {
    let map = Utf16Map::new(&file.text);
    diagnostics
        .iter()
        .map(|d| diagnostic_json(file, &map, d))
        .collect()
}

/// What `hus check` reports for the script: `{diagnostics, total, errors, warnings}`.
pub fn check(script: &str, files: &SuppliedFiles) -> Value {
    serde_json::from_str(&check_text(script, files)).unwrap_or(Value::Null)
}

/// [`check`] as JSON text (each diagnostic of the script also has `edits`: its fixes by
/// UTF-16 offsets, see `edits_json`), written straight from each diagnostic's `--format json` line (no
/// value built and printed again): a text that is not a script can have a hundred thousand
/// diagnostics, and the page checks it as it is typed.
pub fn check_text(script: &str, files: &SuppliedFiles) -> String {
    check_text_first(script, files, usize::MAX)
}

/// [`check_text`] with only the first `listed` diagnostics written out, and `total`, the
/// count of all of them: the page marks and lists no more than a thousand, and writing,
/// sending and reading the other hundred thousand of a pasted document took longer than the
/// check itself.
pub fn check_text_first(script: &str, files: &SuppliedFiles, listed: usize) -> String {
    let source = SourceFile::new(SCRIPT_NAME, script);
    let checked = hus_lang::check::check(&source, &options(files, Vec::new()));
    let map = Utf16Map::new(&source.text);
    let mut out = String::from("{\"diagnostics\":[");
    for (i, d) in checked.diagnostics.iter().take(listed).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let line = hus_poker::diag::render_json(&source, d);
        // The line is one object: `from` and `to` go in before its closing brace.
        out.push_str(line.strip_suffix('}').unwrap_or(&line));
        match (&d.span, d.file.is_none()) {
            (Some(s), true) => {
                let (from, to) = (map.offset(s.start), map.offset(s.end));
                let edits = edits_json(&map, &d.fixes);
                out.push_str(&format!(",\"from\":{from},\"to\":{to},\"edits\":{edits}}}"));
            }
            _ => out.push_str(",\"from\":null,\"to\":null,\"edits\":[]}"),
        }
    }
    let (errors, warnings) = (checked.errors(), checked.warnings());
    let total = checked.diagnostics.len();
    out.push_str(&format!(
        "],\"total\":{total},\"errors\":{errors},\"warnings\":{warnings}}}"
    ));
    out
}

/// A diagnostic's fixes as the editor applies them: `[{title, from, to, insert}]`, the
/// replaced text by UTF-16 offsets into the script.
fn edits_json(map: &Utf16Map, fixes: &[hus_poker::diag::SourceFix]) -> Value {
    fixes
        .iter()
        .map(|f| {
            json!({
                "title": f.title,
                "from": map.offset(f.span.start),
                "to": map.offset(f.span.end),
                "insert": f.replacement,
            })
        })
        .collect()
}

/// The hover help at a UTF-16 offset (`hus lsp`'s, from the glossary): `{text, from, to}` with
/// the text in Markdown, or `null` where there is nothing to say.
pub fn hover(script: &str, files: &SuppliedFiles, offset: usize) -> Value {
    let at = byte_offset(script, offset);
    let source = SourceFile::new(SCRIPT_NAME, script);
    let options = options(files, Vec::new());
    // Only an INCLUDE path's help reads the check (whether the file was read).
    let include = hus_ide::ide::token_at(script, at)
        .is_some_and(|t| matches!(t.kind, hus_ide::ide::TokenKind::IncludePath(_)));
    let analysis = if include {
        Analysis::new(source, options)
    } else {
        Analysis::parsed(source, options)
    };
    match hus_ide::ide::hover::hover(&analysis, at) {
        Some(h) => json!({
            "text": h.text,
            "from": utf16_offset(script, h.span.start),
            "to": utf16_offset(script, h.span.end),
        }),
        None => Value::Null,
    }
}

/// The script in the canonical layout (`hus fmt`): `{text}`, or `{diagnostics}` when it does
/// not parse (a script that does not parse is never rewritten).
pub fn format(script: &str) -> Value {
    let source = SourceFile::new(SCRIPT_NAME, script);
    match hus_lang::fmt::format(&source) {
        Ok(text) => json!({ "text": text }),
        Err(diagnostics) => json!({ "diagnostics": diagnostics_json(&source, &diagnostics) }),
    }
}

/// The shipped built-in bots: `[{name, about, source}]`, `name` as `hus match` takes it
/// (`builtin:caller`).
pub fn builtins() -> Value {
    hus_table::dealer::BUILTINS
        .iter()
        .map(|(name, about, source)| {
            json!({ "name": format!("builtin:{name}"), "about": about, "source": source })
        })
        .collect()
}

#[cfg(test)]
mod tests;
