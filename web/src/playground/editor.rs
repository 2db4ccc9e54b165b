//! What the page's code editor asks besides diagnostics and hover help: the completions at
//! the cursor (`hus lsp`'s) and the words to colour, from the lexer's keyword table and the
//! checker's glossary (the lists `editors/` are checked against).

use serde_json::{json, Value};

use super::{byte_offset, options, utf16_offset, SCRIPT_NAME};
use hus_ide::ide::complete::{complete as ide_complete, ItemKind};
use hus_ide::ide::Analysis;
use hus_lang::check::glossary::{checker_names, WordKind, ENTRIES};
use hus_lang::check::supplied::SuppliedFiles;
use hus_lang::syntax::lexer::{Tok, KEYWORDS};
use hus_poker::diag::SourceFile;

/// The completions at a UTF-16 offset: `{from, to, items: [{label, kind, detail, info}]}`,
/// `from`..`to` the text an item replaces (UTF-16 offsets), `info` its Markdown help; `items`
/// is empty where nothing may be written.
pub fn complete(script: &str, files: &SuppliedFiles, offset: usize) -> Value {
    // Completion never reads the check's diagnostics: the script is parsed only.
    let analysis = Analysis::parsed(
        SourceFile::new(SCRIPT_NAME, script),
        options(files, Vec::new()),
    );
    let at = byte_offset(script, offset);
    let items = ide_complete(&analysis, at);
    let (from, to) = items
        .first()
        .map_or((at, at), |i| (i.replace.start, i.replace.end));
    let items: Vec<Value> = items
        .iter()
        .map(|i| {
            json!({
                "label": i.label,
                "kind": kind_word(i.kind),
                "detail": i.detail,
                "info": i.documentation,
            })
        })
        .collect();
    json!({
        "from": utf16_offset(script, from),
        "to": utf16_offset(script, to),
        "items": items,
    })
}

/// A completion's kind as a word the page styles.
fn kind_word(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Keyword => "keyword",
        ItemKind::Action => "action",
        ItemKind::Predicate => "predicate",
        ItemKind::Constant => "constant",
        ItemKind::Define => "define",
        ItemKind::File => "file",
    }
}

/// The words of the language by highlight group, as `editors/` colours them: `{blocks,
/// keywords, definitions, actions}` (keywords, in their only spelling) and `{predicates,
/// constants}` (names, any case; the constants include every family member).
pub fn words() -> Value {
    let action_words: Vec<&str> = ENTRIES
        .iter()
        .filter(|e| e.kind == WordKind::Action)
        .flat_map(|e| e.name.split_whitespace())
        .collect();
    let definitions: Vec<&str> = ENTRIES
        .iter()
        .filter(|e| e.kind == WordKind::Keyword)
        .map(|e| e.name)
        .collect();
    let (mut blocks, mut keywords, mut defs, mut actions) = (vec![], vec![], vec![], vec![]);
    for &k in KEYWORDS {
        let block = Tok::keyword(k).is_some_and(|t| t.opens_block() || t.closes_block());
        if action_words.contains(&k) {
            actions.push(k);
        } else if definitions.contains(&k) {
            defs.push(k);
        } else if block {
            blocks.push(k);
        } else {
            keywords.push(k);
        }
    }
    let predicates: Vec<&str> = ENTRIES
        .iter()
        .filter(|e| e.kind == WordKind::Predicate)
        .map(|e| e.name)
        .collect();
    let constants: Vec<String> = checker_names()
        .into_iter()
        .filter(|n| !predicates.iter().any(|p| p.eq_ignore_ascii_case(n)))
        .collect();
    json!({
        "blocks": blocks,
        "keywords": keywords,
        "definitions": defs,
        "actions": actions,
        "predicates": predicates,
        "constants": constants,
    })
}
