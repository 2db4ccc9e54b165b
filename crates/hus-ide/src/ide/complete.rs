//! Completion: what may be written at the cursor. The context comes from the text before it:
//! what is open there (a block, a rule before or after its `THEN`, a reaction, a DEFINE of
//! several lines; see [`super::outline::open_at`]) and the words already on the line.
//!
//! | where | offered |
//! |---|---|
//! | the start of a line outside blocks | `PREFLOP` `FLOP` `TURN` `RIVER` `ALWAYS` `DEFINE` `INCLUDE` |
//! | the start of a line in a block | `RULE` and the block's END word |
//! | the start of a line in a rule before `THEN` | conditions, `THEN`, `VILLAIN` |
//! | the start of a line in a rule after `THEN` | `VILLAIN`, `ENDRULE` |
//! | the start of a line in a reaction | conditions and `THEN`, then `ENDVILLAIN` |
//! | a line of a DEFINE of several lines | conditions, `ENDDEFINE` |
//! | after `RULE`, `VILLAIN`, a comma, a DEFINE's `=` | conditions (and `PRIORITY` after `RULE`) |
//! | after a DEFINE's one number (`DEFINE x = 2.5BB `) | `TUNE` (reference §12.2) |
//! | after `!` | predicates and DEFINEd conditions and ranges |
//! | after a comparison or arithmetic operator, a number, `RAISE`, `RAISETO` | constants and DEFINEd numbers |
//! | after `\|` | predicates and DEFINEd conditions and ranges |
//! | after `THEN` (or a mixed strategy's weight) | the actions |
//! | after `USE TABLE` | the action tables under the script's directory |
//! | after `INCLUDE "` | the `.hus` files under the script's directory |
//!
//! Conditions are the predicates, the constants (a comparison starts with one) and the
//! script's DEFINEs; each item carries the glossary's one-line meaning.

use logos::Logos;
use std::path::Path;

use crate::cards::predicate::Predicate;
use crate::check::glossary;
use crate::diag::Span;
use crate::game::Constant;
use crate::syntax::lexer::Tok;

use super::hover::{entry_markdown, table_legend};
use super::outline::{open_at, OutlineKind};
use super::Analysis;

/// What kind of word a completion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    Keyword,
    Action,
    Predicate,
    Constant,
    Define,
    File,
}

/// One completion: the word, its one-line meaning, its full documentation (Markdown) and the
/// span of text it replaces.
#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    pub label: String,
    pub kind: ItemKind,
    pub detail: String,
    pub documentation: String,
    pub replace: Span,
}

/// The contexts completion tells apart (see the module's table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompletionContext {
    /// The start of a line: these keywords, and conditions when `conditions` is set.
    LineStart {
        keywords: Vec<&'static str>,
        conditions: bool,
    },
    /// Where a condition starts; `priority`: right after `RULE`.
    Condition {
        priority: bool,
    },
    /// After `!`.
    Negated,
    /// Where a number is expected.
    Value,
    /// After `|`.
    Range,
    /// After a DEFINE's one number, and a space: its `TUNE` range may follow.
    Tune,
    /// After `THEN`; `simple`: after a mixed strategy's weight (no table, no external).
    Action {
        simple: bool,
    },
    TablePath,
    IncludePath,
    Nothing,
}

/// The context at `offset` and the span the completion replaces.
pub fn context(text: &str, offset: usize) -> (CompletionContext, Span) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line_start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line = &text[line_start..offset];
    // Inside a string or a comment: nothing, but for the paths.
    let quotes = line.matches('"').count();
    let trimmed = line.trim_start();
    let after_then = trimmed
        .strip_prefix("THEN")
        .or_else(|| trimmed.strip_prefix("DO"))
        .filter(|r| r.starts_with([' ', '\t']))
        .map_or(trimmed, str::trim_start);
    if let Some(rest) = after_then.strip_prefix("USE") {
        let rest = rest.trim_start();
        if let Some(path) = rest.strip_prefix("TABLE") {
            if path.starts_with([' ', '\t']) {
                let path = path.trim_start();
                let path = path.strip_prefix('"').unwrap_or(path);
                return (CompletionContext::TablePath, offset - path.len()..offset);
            }
        }
    }
    if let Some(rest) = trimmed.strip_prefix("INCLUDE") {
        if let Some(path) = rest.trim_start().strip_prefix('"') {
            return (CompletionContext::IncludePath, offset - path.len()..offset);
        }
    }
    let word_len = line
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .count();
    let word_start = offset - word_len;
    let replace = word_start..offset;
    if quotes % 2 == 1 || line.contains("//") {
        return (CompletionContext::Nothing, replace);
    }
    let before: Vec<Tok<'_>> = Tok::lexer(&text[line_start..word_start])
        .filter_map(Result::ok)
        .collect();
    let open = open_at(&text[..word_start]);
    let context = match before.as_slice() {
        [] => line_start_context(&open),
        [Tok::Then | Tok::Do, rest @ ..] => match rest {
            [] => CompletionContext::Action { simple: false },
            [.., Tok::Comma | Tok::Then, Tok::Number(_)] | [Tok::Number(_)] => {
                CompletionContext::Action { simple: true }
            }
            _ if rest.iter().any(|t| matches!(t, Tok::Raise | Tok::RaiseTo)) => {
                after_token(rest.last())
            }
            _ => CompletionContext::Nothing,
        },
        [Tok::Define, ..] if !before.contains(&Tok::Assign) => CompletionContext::Nothing,
        [Tok::Define, .., Tok::Assign] => CompletionContext::Condition { priority: false },
        [Tok::Define, Tok::Name(_), Tok::Assign, value @ ..]
            if one_number(value) && text[..word_start].ends_with([' ', '\t']) =>
        {
            CompletionContext::Tune
        }
        // A TUNE range's bounds are numbers written out: nothing to offer.
        [Tok::Define, ..] if before.contains(&Tok::Tune) => CompletionContext::Nothing,
        [Tok::Rule] => CompletionContext::Condition { priority: true },
        [Tok::Rule, Tok::Priority] | [Tok::Rule, Tok::Priority, Tok::Minus] => {
            CompletionContext::Nothing
        }
        [Tok::Rule, Tok::Priority, .., Tok::Number(_) | Tok::Query(_)]
            if before.len() <= 4 && !before.contains(&Tok::Comma) =>
        {
            CompletionContext::Condition { priority: false }
        }
        [Tok::Villain] => CompletionContext::Condition { priority: false },
        [Tok::Fold | Tok::Check | Tok::Call, ..] => CompletionContext::Nothing,
        [Tok::Raise | Tok::RaiseTo, ..] => after_token(before.last()),
        _ => {
            let in_conditions = matches!(
                open.last(),
                Some((OutlineKind::Rule | OutlineKind::Reaction, false))
                    | Some((OutlineKind::Define, _))
            );
            if in_conditions {
                after_token(before.last())
            } else {
                CompletionContext::Nothing
            }
        }
    };
    (context, replace)
}

/// Whether a DEFINE's body is one number, maybe negative, maybe with its unit (`2.5BB`,
/// `0.5 pot`, `-1`): what may take a `TUNE` range.
fn one_number(value: &[Tok<'_>]) -> bool {
    let value = value.strip_prefix(&[Tok::Minus]).unwrap_or(value);
    matches!(
        value,
        [Tok::Number(_) | Tok::Product(_) | Tok::DigitPair(_)]
            | [Tok::Number(_) | Tok::DigitPair(_), Tok::Name(_)]
    )
}

/// What may follow this token in a condition or an amount.
fn after_token(last: Option<&Tok<'_>>) -> CompletionContext {
    match last {
        None | Some(Tok::Comma) | Some(Tok::Rule) | Some(Tok::Villain) | Some(Tok::Assign) => {
            CompletionContext::Condition { priority: false }
        }
        Some(Tok::Not) => CompletionContext::Negated,
        Some(Tok::Pipe) => CompletionContext::Range,
        Some(
            Tok::Lt
            | Tok::Le
            | Tok::Gt
            | Tok::Ge
            | Tok::EqEq
            | Tok::Ne
            | Tok::Plus
            | Tok::Minus
            | Tok::Star
            | Tok::Slash
            | Tok::LParen
            | Tok::Number(_)
            | Tok::Raise
            | Tok::RaiseTo,
        ) => CompletionContext::Value,
        _ => CompletionContext::Nothing,
    }
}

fn line_start_context(open: &[(OutlineKind, bool)]) -> CompletionContext {
    let (keywords, conditions): (Vec<&'static str>, bool) = match open.last() {
        None => (
            vec![
                "PREFLOP", "FLOP", "TURN", "RIVER", "ALWAYS", "DEFINE", "INCLUDE",
            ],
            false,
        ),
        Some((OutlineKind::Block(b), _)) => (vec!["RULE", end_word(b.keyword())], false),
        Some((OutlineKind::Rule, false)) => (vec!["THEN", "DO", "VILLAIN"], true),
        Some((OutlineKind::Rule, true)) => (vec!["VILLAIN", "ENDRULE"], false),
        Some((OutlineKind::Reaction, false)) => (vec!["THEN"], true),
        Some((OutlineKind::Reaction, true)) => (vec!["ENDVILLAIN"], false),
        Some((OutlineKind::Define, _)) => (vec!["ENDDEFINE"], true),
        Some((OutlineKind::Include, _)) => (Vec::new(), false),
    };
    CompletionContext::LineStart {
        keywords,
        conditions,
    }
}

fn end_word(block: &str) -> &'static str {
    match block {
        "PREFLOP" => "ENDPREFLOP",
        "FLOP" => "ENDFLOP",
        "TURN" => "ENDTURN",
        "RIVER" => "ENDRIVER",
        _ => "ENDALWAYS",
    }
}

/// The completions at `offset`.
pub fn complete(a: &Analysis, offset: usize) -> Vec<Completion> {
    let (context, replace) = context(&a.source.text, offset);
    let mut out = Vec::new();
    let keyword = |k: &'static str, out: &mut Vec<Completion>| {
        let (detail, documentation) = keyword_doc(k);
        out.push(Completion {
            label: k.to_string(),
            kind: ItemKind::Keyword,
            detail,
            documentation,
            replace: replace.clone(),
        });
    };
    match context {
        CompletionContext::LineStart {
            keywords,
            conditions,
        } => {
            for k in keywords {
                keyword(k, &mut out);
            }
            if conditions {
                condition_items(a, &replace, true, true, &mut out);
            }
        }
        CompletionContext::Condition { priority } => {
            if priority {
                keyword("PRIORITY", &mut out);
            }
            condition_items(a, &replace, true, true, &mut out);
        }
        CompletionContext::Negated => condition_items(a, &replace, true, false, &mut out),
        CompletionContext::Value => {
            constant_items(&replace, &mut out);
            define_items(a, &replace, |k| k == "a number", &mut out);
        }
        // A union joins ranges and conditions alike (reference §12.3).
        CompletionContext::Range => condition_items(a, &replace, true, false, &mut out),
        CompletionContext::Action { simple } => {
            let actions: &[&str] = if simple {
                &["FOLD", "CHECK", "CALL", "RAISE", "RAISETO"]
            } else {
                &[
                    "FOLD",
                    "CHECK",
                    "CALL",
                    "RAISE",
                    "RAISETO",
                    "USE TABLE",
                    "external",
                ]
            };
            for name in actions {
                if let Some((entry, _)) = glossary::lookup(name) {
                    out.push(Completion {
                        label: name.to_string(),
                        kind: ItemKind::Action,
                        detail: entry.meaning.to_string(),
                        documentation: entry_markdown(name, entry, None),
                        replace: replace.clone(),
                    });
                }
            }
        }
        CompletionContext::Tune => keyword("TUNE", &mut out),
        CompletionContext::TablePath => table_items(a, &replace, &mut out),
        CompletionContext::IncludePath => include_items(a, &replace, &mut out),
        CompletionContext::Nothing => {}
    }
    out
}

fn keyword_doc(k: &str) -> (String, String) {
    if let Some((entry, _)) =
        glossary::lookup(k).filter(|(e, _)| e.kind == glossary::WordKind::Keyword)
    {
        return (entry.meaning.to_string(), entry_markdown(k, entry, None));
    }
    let detail = match k {
        "PREFLOP" | "FLOP" | "TURN" | "RIVER" => "the rules of one betting round",
        "ALWAYS" => "rules that join every round's candidates",
        "RULE" => "a rule: branches, THEN action, reactions, ENDRULE",
        "THEN" => "the action when a branch holds",
        "DO" => "the action whether or not the villain acted in the round",
        "VILLAIN" => "a reaction, used when the villain has acted in this round",
        "PRIORITY" => "among matched rules only the highest priority stays",
        "ENDRULE" => "closes the rule",
        "ENDVILLAIN" => "closes the reaction",
        _ => "closes the block",
    };
    (detail.to_string(), String::new())
}

fn condition_items(
    a: &Analysis,
    replace: &Span,
    predicates: bool,
    constants: bool,
    out: &mut Vec<Completion>,
) {
    if predicates {
        for p in Predicate::ALL {
            let name = p.name();
            let Some((entry, _)) = glossary::lookup(name) else {
                continue;
            };
            out.push(Completion {
                label: name.to_string(),
                kind: ItemKind::Predicate,
                detail: entry.meaning.to_string(),
                documentation: entry_markdown(name, entry, None),
                replace: replace.clone(),
            });
        }
    }
    if constants {
        constant_items(replace, out);
        define_items(a, replace, |_| true, out);
    } else {
        define_items(
            a,
            replace,
            |k| k != "a number" && k != "a narrowed range" && k != "a filter",
            out,
        );
    }
}

fn constant_items(replace: &Span, out: &mut Vec<Completion>) {
    for name in Constant::names() {
        let Some((entry, member)) = glossary::lookup(name) else {
            continue;
        };
        out.push(Completion {
            label: name.to_string(),
            kind: ItemKind::Constant,
            detail: member.clone().unwrap_or_else(|| entry.meaning.to_string()),
            documentation: entry_markdown(name, entry, member.as_deref()),
            replace: replace.clone(),
        });
    }
}

/// The script's DEFINEs (and its included files') whose kind (`a range`, `a number`, `a
/// condition`) passes `keep`.
fn define_items(
    a: &Analysis,
    replace: &Span,
    keep: impl Fn(&str) -> bool,
    out: &mut Vec<Completion>,
) {
    let mut seen = std::collections::HashSet::new();
    for (d, file) in &a.defines().list {
        if !seen.insert(d.name.to_ascii_lowercase()) {
            continue;
        }
        let kind = super::hover::define_kind(a, d);
        if !keep(kind) {
            continue;
        }
        let text = file.as_ref().map_or(&a.source.text, |f| &f.text);
        let first_line = text
            .get(d.span.clone())
            .and_then(|t| t.lines().next())
            .unwrap_or("")
            .to_string();
        out.push(Completion {
            label: d.name.clone(),
            kind: ItemKind::Define,
            detail: format!("{kind}: {first_line}"),
            documentation: super::hover::define_hover(a, &d.name).unwrap_or_default(),
            replace: replace.clone(),
        });
    }
}

/// Files under `dir` (at most 3 levels down, at most 2,000 looked at; hidden directories and
/// `target` skipped), as paths relative to it with `/`.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut budget = 2000usize;
    fn walk(dir: &Path, prefix: &str, depth: usize, budget: &mut usize, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            if *budget == 0 {
                return;
            }
            *budget -= 1;
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let Ok(kind) = e.file_type() else { continue };
            let rel = format!("{prefix}{name}");
            if kind.is_dir() && depth < 3 && name != "target" {
                walk(&e.path(), &format!("{rel}/"), depth + 1, budget, out);
            } else if kind.is_file() {
                out.push(rel);
            }
        }
    }
    walk(dir, "", 0, &mut budget, &mut out);
    out
}

/// The files an embedder supplied instead of a file system (the playground's added files),
/// by name with their text; `None` when the checker reads the file system.
fn supplied(a: &Analysis) -> Option<Vec<(&str, &str)>> {
    let files = a.options.files.as_ref()?;
    Some(
        files
            .iter()
            .map(|(name, text)| (name.as_str(), text.as_str()))
            .collect(),
    )
}

/// One table item: the path `USE TABLE` writes, with the table's legend as documentation.
fn table_item(rel: &str, cells: &[crate::ir::TableCell], replace: &Span) -> Completion {
    Completion {
        label: rel.to_string(),
        kind: ItemKind::File,
        detail: "action table".into(),
        documentation: table_legend(&format!("**{rel}** (action table)"), cells),
        replace: replace.clone(),
    }
}

/// The action tables `USE TABLE` can read: the supplied files that are valid tables, or
/// else files under the script's directory that are (regular files of at most 64 KiB whose
/// cells parse).
fn table_items(a: &Analysis, replace: &Span, out: &mut Vec<Completion>) {
    if let Some(files) = supplied(a) {
        for (name, text) in files {
            let small = text.len() as u64 <= crate::limits::MAX_TABLE_BYTES;
            let text = text.strip_prefix('\u{feff}').unwrap_or(text);
            if !small || name.ends_with(".hus") {
                continue;
            }
            if let Ok(cells) = crate::check::table::parse(text, name) {
                out.push(table_item(name, &cells, replace));
            }
        }
        return;
    }
    let dir = &a.options.base_dir;
    let base = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir.as_path()
    };
    for rel in files_under(base) {
        let small = std::fs::metadata(base.join(&rel))
            .is_ok_and(|m| m.len() <= crate::limits::MAX_TABLE_BYTES);
        if !small || rel.ends_with(".hus") {
            continue;
        }
        let Ok(table) = crate::check::table::load(dir, &rel, &a.options.table_dirs) else {
            continue;
        };
        out.push(table_item(&rel, &table.cells, replace));
    }
}

/// An INCLUDE item: the path of a script of DEFINEs.
fn include_item(rel: String, replace: &Span) -> Completion {
    Completion {
        label: rel,
        kind: ItemKind::File,
        detail: "a script of DEFINEs".into(),
        documentation: String::new(),
        replace: replace.clone(),
    }
}

/// The `.hus` files among the supplied files, or else under the script's directory, but the
/// script itself.
fn include_items(a: &Analysis, replace: &Span, out: &mut Vec<Completion>) {
    if let Some(files) = supplied(a) {
        let own = a.source.name.as_str();
        for (name, _) in files {
            if name.ends_with(".hus") && name != own {
                out.push(include_item(name.to_string(), replace));
            }
        }
        return;
    }
    let dir = &a.options.base_dir;
    let base = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir.as_path()
    };
    let own = std::fs::canonicalize(&a.source.name).ok();
    for rel in files_under(base) {
        if !rel.ends_with(".hus") || std::fs::canonicalize(base.join(&rel)).ok() == own {
            continue;
        }
        out.push(include_item(rel, replace));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckOptions;
    use crate::diag::SourceFile;

    /// The context at the `^` of `marked` (which is removed).
    fn ctx(marked: &str) -> CompletionContext {
        let at = marked.find('^').unwrap();
        let text = marked.replace('^', "");
        context(&text, at).0
    }

    fn line_start(keywords: &[&'static str], conditions: bool) -> CompletionContext {
        CompletionContext::LineStart {
            keywords: keywords.to_vec(),
            conditions,
        }
    }

    #[test]
    fn contexts() {
        assert_eq!(
            ctx("^"),
            line_start(
                &["PREFLOP", "FLOP", "TURN", "RIVER", "ALWAYS", "DEFINE", "INCLUDE"],
                false
            )
        );
        assert_eq!(ctx("FLOP\n  ^"), line_start(&["RULE", "ENDFLOP"], false));
        assert_eq!(ctx("FLOP\n  EN^"), line_start(&["RULE", "ENDFLOP"], false));
        assert_eq!(
            ctx("FLOP\nRULE pair\n  ^"),
            line_start(&["THEN", "DO", "VILLAIN"], true)
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN CALL\n  ^"),
            line_start(&["VILLAIN", "ENDRULE"], false)
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN CALL\n  VILLAIN\n    THEN FOLD\n  ^"),
            line_start(&["ENDVILLAIN"], false)
        );
        assert_eq!(ctx("DEFINE x\n  ^"), line_start(&["ENDDEFINE"], true));
        assert_eq!(
            ctx("FLOP\nRULE ^"),
            CompletionContext::Condition { priority: true }
        );
        assert_eq!(
            ctx("FLOP\nRULE PRIORITY 2 ^"),
            CompletionContext::Condition { priority: false }
        );
        assert_eq!(ctx("FLOP\nRULE PRIORITY ^"), CompletionContext::Nothing);
        assert_eq!(
            ctx("FLOP\nRULE pair, fl^"),
            CompletionContext::Condition { priority: false }
        );
        assert_eq!(ctx("FLOP\nRULE pair, !^"), CompletionContext::Negated);
        assert_eq!(ctx("FLOP\nRULE pot > 3 ^"), CompletionContext::Value);
        assert_eq!(ctx("FLOP\nRULE pot > ^"), CompletionContext::Value);
        assert_eq!(ctx("FLOP\nRULE QQ+ | ^"), CompletionContext::Range);
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN ^"),
            CompletionContext::Action { simple: false }
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN C^"),
            CompletionContext::Action { simple: false }
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN 0.5 ^"),
            CompletionContext::Action { simple: true }
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN 0.5 CALL, 0.5 ^"),
            CompletionContext::Action { simple: true }
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN RAISE ^"),
            CompletionContext::Value
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN RAISE 0.5 ^"),
            CompletionContext::Value
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN CALL ^"),
            CompletionContext::Nothing
        );
        assert_eq!(
            ctx("FLOP\nRULE pair\n  THEN USE TABLE t/^"),
            CompletionContext::TablePath
        );
        assert_eq!(ctx("INCLUDE \"li^"), CompletionContext::IncludePath);
        assert_eq!(
            ctx("DEFINE big = ^"),
            CompletionContext::Condition { priority: false }
        );
        assert_eq!(ctx("DEFINE ^"), CompletionContext::Nothing);
        assert_eq!(ctx("DEFINE open = 2.5BB ^"), CompletionContext::Tune);
        assert_eq!(ctx("DEFINE open = 2.5BB TU^"), CompletionContext::Tune);
        assert_eq!(ctx("DEFINE half = 0.5 pot ^"), CompletionContext::Tune);
        assert_eq!(ctx("DEFINE low = -1 ^"), CompletionContext::Tune);
        assert_ne!(ctx("DEFINE big = 3BB + 1 ^"), CompletionContext::Tune);
        assert_eq!(
            ctx("DEFINE open = 2.5BB TUNE ^"),
            CompletionContext::Nothing
        );
        assert_ne!(ctx("DEFINE open = 2.5B^"), CompletionContext::Tune);
        assert_eq!(ctx("FLOP\nRULE pair // fl^"), CompletionContext::Nothing);
        assert_eq!(
            ctx("FLOP\nRULE external \"bin/x he^"),
            CompletionContext::Nothing
        );
    }

    #[test]
    fn tune_is_offered_after_a_defines_number() {
        let text = "DEFINE openSize = 2.5BB \n";
        let a = Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default());
        let at = text.find('\n').unwrap();
        let items = complete(&a, at);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].label, "TUNE");
        assert_eq!(items[0].kind, ItemKind::Keyword);
        assert_eq!(
            items[0].detail,
            "the range a tuner may search for a DEFINEd number"
        );
        assert_eq!(items[0].replace, at..at);
        assert!(items[0]
            .documentation
            .contains("DEFINE openSize = 2.5BB TUNE 2BB..4BB"));
    }

    #[test]
    fn items_after_then_are_the_actions() {
        let text = "FLOP\nRULE pair\n  THEN \nENDRULE\nENDFLOP\n";
        let a = Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default());
        let at = text.find("THEN ").unwrap() + 5;
        let items = complete(&a, at);
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "FOLD",
                "CHECK",
                "CALL",
                "RAISE",
                "RAISETO",
                "USE TABLE",
                "external"
            ]
        );
        assert_eq!(items[3].detail, "raise by an amount above the call");
        assert_eq!(items[0].replace, at..at);
    }

    #[test]
    fn items_for_conditions_have_their_meaning() {
        let text = "DEFINE premium = QQ+ | AK\nDEFINE big = 3BB\nFLOP\nRULE flu\n  THEN RAISE big\nENDRULE\nENDFLOP\n";
        let a = Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default());
        let at = text.find("flu").unwrap() + 3;
        let items = complete(&a, at);
        let flush = items.iter().find(|i| i.label == "flushDraw").unwrap();
        assert_eq!(flush.kind, ItemKind::Predicate);
        assert_eq!(
            flush.detail,
            "four cards of a suit, at least one in the hero's hand, no flush yet"
        );
        assert_eq!(flush.replace, at - 3..at);
        assert!(items.iter().any(|i| i.label == "potOdds"));
        let premium = items.iter().find(|i| i.label == "premium").unwrap();
        assert_eq!(premium.detail, "a range: DEFINE premium = QQ+ | AK");
        // After RAISE: numbers only.
        let at = text.find("RAISE ").unwrap() + 6;
        let items = complete(&a, at);
        assert!(items.iter().any(|i| i.label == "big"));
        assert!(!items
            .iter()
            .any(|i| i.label == "premium" || i.label == "pair"));
        assert!(items.iter().any(|i| i.label == "potAfterCall"));
    }

    #[test]
    fn paths_complete_from_the_supplied_files() {
        let table = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/tag-open.tsv"
        ))
        .unwrap();
        let files: crate::check::supplied::SuppliedFiles = [
            ("tag-open.tsv", table.as_str()),
            ("broken.tsv", "not a table"),
            ("lib/hands.hus", "DEFINE premium = QQ+\n"),
            ("bot.hus", ""),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let text = "INCLUDE \"\nPREFLOP\nRULE pair\n  THEN USE TABLE \"t\nENDRULE\nENDPREFLOP\n";
        let options = CheckOptions {
            files: Some(std::sync::Arc::new(files)),
            ..CheckOptions::default()
        };
        let a = Analysis::new(SourceFile::new("bot.hus", text), options);
        let labels = |at: usize| -> Vec<(String, ItemKind, Span)> {
            complete(&a, at)
                .into_iter()
                .map(|i| (i.label, i.kind, i.replace))
                .collect()
        };
        let at = text.find('\n').unwrap();
        assert_eq!(
            labels(at),
            [("lib/hands.hus".into(), ItemKind::File, at..at)]
        );
        let at = text.find("\"t").unwrap() + 2;
        let items = complete(&a, at);
        assert_eq!(
            labels(at),
            [("tag-open.tsv".into(), ItemKind::File, at - 1..at)]
        );
        assert_eq!(items[0].detail, "action table");
        assert!(items[0]
            .documentation
            .starts_with("**tag-open.tsv** (action table)"));
    }
}
