//! Hover texts (Markdown): what the word under the cursor means. A predicate or constant shows
//! its glossary entry (meaning, definition and unit, example); a card query the classes it
//! covers; a DEFINEd name its DEFINE; a `USE TABLE` path the table's legend; an action what it
//! does and how it is made legal; a keyword what it opens or closes.

use std::sync::Arc;

use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::query::CardQuery;
use crate::check::glossary::{self, GlossaryEntry, WordKind};
use crate::check::names::{self, Meaning};
use crate::diag::{SourceFile, Span};
use crate::game::{format_amount, Constant};
use crate::ir::TableCell;
use crate::syntax::ast;

use super::{Analysis, TokenKind};

/// A hover: its Markdown text and the span it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Hover {
    pub text: String,
    pub span: Span,
}

/// The hover at `offset`, if there is something to say.
pub fn hover(a: &Analysis, offset: usize) -> Option<Hover> {
    let token = a.token_at(offset)?;
    let span = token.span.clone();
    let text = match &token.kind {
        TokenKind::DefineName(name) => define_hover(a, name)?,
        TokenKind::Name(name) => match a.find_define(name) {
            Some(_) => define_hover(a, name)?,
            None => name_hover(name, &a.options)?,
        },
        TokenKind::Query(q) => query_hover(q),
        // Two digits are a card query only where a condition stands (`22`, not `pot > 22`).
        TokenKind::DigitPair(q) => {
            if !is_query_in_tree(&a.script, &span) {
                return None;
            }
            query_hover(q)
        }
        TokenKind::TablePath(path) => table_hover(a, path),
        TokenKind::IncludePath(path) => include_hover(a, path),
        TokenKind::Keyword(k) => keyword_hover(a, k, offset)?,
        TokenKind::Other => return None,
    };
    Some(Hover { text, span })
}

/// A glossary entry in Markdown, as shown for `written` (a family member gets its own
/// reading first).
pub fn entry_markdown(written: &str, entry: &GlossaryEntry, member: Option<&str>) -> String {
    let mut s = match member {
        Some(m) => format!(
            "**{written}** ({}): {m}\n\nOne of `{}`: {}. {}",
            entry.kind.word(),
            entry.name,
            entry.meaning,
            entry.definition
        ),
        None => format!(
            "**{written}** ({}): {}\n\n{}",
            entry.kind.word(),
            entry.meaning,
            entry.definition
        ),
    };
    s.push_str(&format!("\n\nExample: `{}`", entry.example));
    if !entry.thesis.is_empty() {
        s.push_str(&format!("\n\nThesis: {}", entry.thesis));
    }
    s
}

/// A predicate's or constant's hover, under its canonical spelling.
pub fn name_hover(name: &str, options: &crate::check::CheckOptions) -> Option<String> {
    let canonical = match names::meaning(name, options) {
        Meaning::Predicate(p) => p.name().to_string(),
        Meaning::Constant(c) => c.name(),
        Meaning::Defined(_) => {
            return Some(format!(
                "**{name}** (`<init>` constant): a number the game state's `<init>` gives"
            ))
        }
        // The strength words that take a range (`equityVs(QQ+)`) are neither predicates nor
        // constants, but the glossary has them.
        Meaning::Unknown => {
            let (entry, member) = glossary::lookup(name)?;
            return Some(entry_markdown(entry.name, entry, member.as_deref()));
        }
    };
    let (entry, member) = glossary::lookup(&canonical)?;
    Some(entry_markdown(&canonical, entry, member.as_deref()))
}

/// The classes of a set as `JJ QQ KK AA, 4 classes, 24 of 1326 combos, 1.8 %`: pairs, then
/// suited, then offsuit classes, each from the lowest; at most 40 named.
pub fn classes_summary(set: &HoleClassSet) -> String {
    const SHOWN: usize = 40;
    let mut classes: Vec<HoleClass> = set.classes().collect();
    classes.sort_by_key(|c| {
        let group = if c.is_pair() {
            0
        } else if c.suited {
            1
        } else {
            2
        };
        (group, c.high, c.low)
    });
    let combos: u32 = classes.iter().map(|c| c.combos()).sum();
    let mut names: Vec<String> = classes.iter().take(SHOWN).map(|c| c.name()).collect();
    if classes.len() > SHOWN {
        names.push(format!("… ({} more)", classes.len() - SHOWN));
    }
    let listed = if names.is_empty() {
        "no class".to_string()
    } else {
        names.join(" ")
    };
    format!(
        "{listed}, {} class{}, {combos} of 1326 combos, {:.1} %",
        classes.len(),
        if classes.len() == 1 { "" } else { "es" },
        f64::from(combos) * 100.0 / 1326.0
    )
}

/// A card query's hover: the classes it covers.
pub fn query_hover(text: &str) -> String {
    match CardQuery::parse(text) {
        Ok(q) => format!("**{text}** (card query): {}", classes_summary(&q.classes)),
        Err(e) => format!("**{text}** (card query): {e}"),
    }
}

/// Whether `span` is a card query of a condition in the tree (rules, reactions, DEFINEs).
fn is_query_in_tree(script: &ast::Script, span: &Span) -> bool {
    let branches = script.defines.iter().flat_map(|d| &d.body).chain(
        script.blocks.iter().flat_map(|b| &b.rules).flat_map(|r| {
            r.branches
                .iter()
                .chain(r.reactions.iter().flat_map(|x| &x.branches))
        }),
    );
    branches.flat_map(|b| &b.conditions).any(|c| match &c.kind {
        ast::ConditionKind::Query { text_span, .. } => text_span == span,
        ast::ConditionKind::Range(items) => items.iter().any(|i| !i.is_name && i.span == *span),
        _ => false,
    })
}

/// What a DEFINE is: "a range", "a narrowed range", "a number", "a condition" or "a condition
/// (also a filter)" (as the checker reads it).
pub fn define_kind(a: &Analysis, define: &ast::Define) -> &'static str {
    a.defines().kind(&define.name)
}

/// A DEFINEd name's hover: its DEFINE as written (and a range's classes).
pub fn define_hover(a: &Analysis, name: &str) -> Option<String> {
    let (define, file) = a.find_define(name)?;
    let source: &SourceFile = file.as_deref().unwrap_or(&a.source);
    // A tunable DEFINE is shown with its TUNE range, which follows the body.
    let end = define
        .tune
        .as_ref()
        .map_or(define.span.end, |t| t.span.end.max(define.span.end));
    let written: Vec<&str> = source
        .text
        .get(define.span.start..end)
        .unwrap_or("")
        .lines()
        .collect();
    const SHOWN: usize = 12;
    let mut lines: Vec<&str> = written.iter().take(SHOWN).copied().collect();
    if written.len() > SHOWN {
        lines.push("…");
    }
    let line = source.line_col(define.span.start).0;
    let place = match &file {
        Some(f) => format!("{}, line {line}", f.name),
        None => format!("line {line}"),
    };
    let mut s = format!(
        "**{}** (DEFINE, {}), {place}\n\n```hus\n{}\n```",
        define.name,
        define_kind(a, &define),
        lines.join("\n")
    );
    if let Some(set) = a.defines().range(&define.name) {
        s.push_str(&format!("\n\n{}", classes_summary(&set)));
    }
    if define.tune.is_some() {
        s.push_str(&format!(
            "\n\nTunable: the default plays; `--set {}=VALUE` and `hus tune` try others in its range (reference §12.2)",
            define.name
        ));
    }
    Some(s)
}

/// A `USE TABLE` path's hover: the table's legend (each cell used, what it does, and how
/// many classes have it), or why it cannot be used.
fn table_hover(a: &Analysis, path: &str) -> String {
    let head = format!("**{path}** (action table)");
    let table = match crate::check::table::load_for(&a.options, path) {
        Ok(t) => t,
        Err(problems) => {
            let why: Vec<String> = problems.into_iter().map(|p| p.message).collect();
            return format!("{head}: cannot be used: {}", why.join("; "));
        }
    };
    table_legend(&head, &table.cells)
}

/// The legend of a table's cells (indexed by [`HoleClass::index`]).
pub fn table_legend(head: &str, cells: &[TableCell]) -> String {
    let mut groups: Vec<(TableCell, u32, u32)> = Vec::new();
    for (i, cell) in cells.iter().enumerate().take(169) {
        let class = HoleClass::from_index(i);
        match groups.iter_mut().find(|(c, _, _)| c == cell) {
            Some(g) => {
                g.1 += 1;
                g.2 += class.combos();
            }
            None => groups.push((*cell, 1, class.combos())),
        }
    }
    // The most aggressive first: all in, raises from the largest, call, check, fold.
    let rank = |c: &TableCell| match c {
        TableCell::AllIn => (0, 0.0),
        TableCell::Raise(x) => (1, -x),
        TableCell::Call => (2, 0.0),
        TableCell::Check => (3, 0.0),
        TableCell::Fold => (4, 0.0),
    };
    groups.sort_by(|x, y| rank(&x.0).partial_cmp(&rank(&y.0)).unwrap());
    let mut s = format!(
        "{head}: a 13x13 table by the hero's hole cards (rows and columns A to 2; suited classes above the diagonal, offsuit below it, pairs on it)\n\n| cell | action | classes | combos |\n|---|---|---|---|\n"
    );
    for (cell, classes, combos) in groups {
        let (written, meaning) = match cell {
            TableCell::Fold => ("F".to_string(), cell_meaning("F")),
            TableCell::Call => ("C".to_string(), cell_meaning("C")),
            TableCell::Check => ("X".to_string(), cell_meaning("X")),
            TableCell::AllIn => ("A".to_string(), cell_meaning("A")),
            TableCell::Raise(x) => {
                let x = format_amount(x);
                (
                    format!("R{x}"),
                    format!("raise by {x} big blind{}", if x == "1" { "" } else { "s" }),
                )
            }
        };
        s.push_str(&format!(
            "| `{written}` | {meaning} | {classes} | {combos} |\n"
        ));
    }
    s.trim_end().to_string()
}

fn cell_meaning(cell: &str) -> String {
    glossary::ENTRIES
        .iter()
        .find(|e| e.kind == WordKind::TableCell && e.name == cell)
        .map_or(String::new(), |e| e.meaning.to_string())
}

/// An `INCLUDE` path's hover: the file and the DEFINEs it gives. What it says of the file comes
/// from the check alone, which never opens a file outside the script's directory: the hover
/// must not tell whether one exists either.
fn include_hover(a: &Analysis, path: &str) -> String {
    let file = a.options.base_dir.join(path);
    let spans: Vec<&crate::diag::Span> = a
        .script
        .includes
        .iter()
        .filter(|i| i.path == path)
        .map(|i| &i.span)
        .collect();
    let refused = a.diagnostics.iter().find(|d| {
        d.severity == crate::diag::Severity::Error
            && d.file.is_none()
            && d.span
                .as_ref()
                .is_some_and(|s| spans.iter().any(|i| s.start >= i.start && s.end <= i.end))
    });
    if let Some(d) = refused {
        return format!("**{path}** (included file): not read: {}", d.message);
    }
    let names: Vec<String> = a
        .included_defines()
        .into_iter()
        .filter(|(_, f)| std::path::Path::new(&f.name) == file)
        .map(|(d, _)| format!("`{}`", d.name))
        .collect();
    if names.is_empty() {
        format!("**{path}** (included file): {}", file.display())
    } else {
        format!(
            "**{path}** (included file): {}\n\nDEFINEs: {}",
            file.display(),
            names.join(", ")
        )
    }
}

/// A keyword's hover: an action's (with the amount under it when the rule parsed), or what a
/// structural keyword opens or closes.
fn keyword_hover(a: &Analysis, keyword: &str, offset: usize) -> Option<String> {
    if matches!(
        keyword,
        "THEN"
            | "DO"
            | "FOLD"
            | "CHECK"
            | "CALL"
            | "RAISE"
            | "RAISETO"
            | "USE"
            | "TABLE"
            | "external"
    ) {
        if let Some(action) = action_at(&a.script, offset) {
            if let Some(text) = action_hover(a, &action) {
                return Some(text);
            }
        }
        let name = match keyword {
            "USE" | "TABLE" => "USE TABLE",
            "THEN" => return Some(structure_text("THEN")?.to_string()),
            k => k,
        };
        let (entry, _) = glossary::lookup(name)?;
        return Some(entry_markdown(name, entry, None));
    }
    if let Some((entry, _)) = glossary::lookup(keyword).filter(|(e, _)| e.kind == WordKind::Keyword)
    {
        return Some(entry_markdown(keyword, entry, None));
    }
    Some(format!("**{keyword}**: {}", structure_text(keyword)?))
}

/// What a structural keyword does.
fn structure_text(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "PREFLOP" => "opens the rules of the round before the flop, up to `ENDPREFLOP`",
        "FLOP" => "opens the rules of the flop, up to `ENDFLOP`",
        "TURN" => "opens the rules of the turn, up to `ENDTURN`",
        "RIVER" => "opens the rules of the river, up to `ENDRIVER`",
        "ALWAYS" => "opens rules that join every round's candidates, up to `ENDALWAYS`",
        "ENDPREFLOP" | "ENDFLOP" | "ENDTURN" | "ENDRIVER" | "ENDALWAYS" => "closes its block",
        "RULE" => "a rule: `RULE [PRIORITY n]`, branches one a line (OR) of conditions joined by commas (AND), `THEN action`, `VILLAIN` reactions, `ENDRULE`; a rule with no branch always holds",
        "ENDRULE" => "closes the rule",
        "PRIORITY" => "among the rules that gave an action only those of the highest priority stay (a whole number, 0 when left out)",
        "VILLAIN" => "a reaction, used when the villain has acted in this round: branches, `THEN action`, `ENDVILLAIN`; the rule's first reaction that holds gives the action",
        "ENDVILLAIN" => "closes the reaction",
        "THEN" => "**THEN**: the action the rule gives when one of its branches holds (when the villain has not acted in this round)",
        _ => return None,
    })
}

/// The innermost action (a rule's, a reaction's, or an item of a mixed strategy) whose span
/// holds `offset`.
fn action_at(script: &ast::Script, offset: usize) -> Option<ast::ThenAction> {
    let rules = script.blocks.iter().flat_map(|b| &b.rules);
    let actions =
        rules.flat_map(|r| std::iter::once(&r.action).chain(r.reactions.iter().map(|x| &x.action)));
    for action in actions {
        if action.span.start <= offset && offset <= action.span.end {
            if let ast::ThenActionKind::Mixed(items) = &action.kind {
                if let Some(item) = items
                    .iter()
                    .find(|i| i.action.span.start <= offset && offset <= i.action.span.end)
                {
                    return Some(item.action.clone());
                }
            }
            return Some(action.clone());
        }
    }
    None
}

const RAISE_LEGAL: &str = "made legal: at least the minimum raise (the larger of the big blind and the last bet or raise increment this round), at most all in; a call (a check when nothing is owed) when the hero cannot raise";

/// What an action does and how it is made legal (reference §5).
pub fn action_hover(a: &Analysis, action: &ast::ThenAction) -> Option<String> {
    let written = a
        .source
        .text
        .get(action.span.clone())
        .unwrap_or("")
        .trim_start_matches("THEN")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let what = match &action.kind {
        ast::ThenActionKind::Nothing => return None,
        ast::ThenActionKind::Fold => {
            "give up the hand; made legal: a check when nothing is owed (with a warning)".to_string()
        }
        ast::ThenActionKind::Check => {
            "put nothing in; made legal: a fold when something is owed (with a warning)".to_string()
        }
        ast::ThenActionKind::Call => {
            "match what is owed (adds `toCall`); made legal: a check when nothing is owed (with a warning)".to_string()
        }
        ast::ThenActionKind::Raise(items) => {
            format!("raise by {} above the call; {RAISE_LEGAL}", amounts(a, items))
        }
        ast::ThenActionKind::RaiseTo(items) => format!(
            "raise to {} in all for the round (a raise by that minus the villain's chips in this round); {RAISE_LEGAL}",
            amounts(a, items)
        ),
        ast::ThenActionKind::Mixed(items) => {
            let total: f64 = items.iter().map(|i| i.weight.0).sum();
            let shares: Vec<String> = items
                .iter()
                .map(|i| {
                    let text = a.source.text.get(i.action.span.clone()).unwrap_or("");
                    format!("{text} {}", percent(i.weight.0, total))
                })
                .collect();
            format!(
                "a mixed strategy: one action drawn by weight with the decision's seeded generator: {}",
                shares.join(", ")
            )
        }
        ast::ThenActionKind::UseTable { path, .. } => {
            let (entry, _) = glossary::lookup("USE TABLE")?;
            return Some(format!(
                "{}\n\n{}",
                entry_markdown("USE TABLE", entry, None),
                table_hover(a, path)
            ));
        }
        ast::ThenActionKind::External(_) => {
            let (entry, _) = glossary::lookup("external")?;
            return Some(entry_markdown("external", entry, None));
        }
    };
    Some(format!("**{written}**: {what}"))
}

fn percent(w: f64, total: f64) -> String {
    if total > 0.0 && total.is_finite() {
        format!("({} %)", format_amount((w * 1000.0 / total).round() / 10.0))
    } else {
        String::new()
    }
}

/// A RAISE list's amounts in words: `3 big blinds`, or each with its chance.
fn amounts(a: &Analysis, items: &[ast::RaiseItem]) -> String {
    if let [one] = items {
        return amount(a, &one.amount);
    }
    let total: f64 = items
        .iter()
        .map(|i| i.weight.as_ref().map_or(1.0, |w| w.0))
        .sum();
    let each: Vec<String> = items
        .iter()
        .map(|i| {
            let w = i.weight.as_ref().map_or(1.0, |w| w.0);
            format!("{} {}", amount(a, &i.amount), percent(w, total))
        })
        .collect();
    format!("one of {}", each.join(", "))
}

/// An amount in words: `3 big blinds`, `0.5 × pot (every chip in the middle now)`, `40 chips`.
fn amount(a: &Analysis, v: &ast::Value) -> String {
    let (factor, name) = match &v.kind {
        ast::ValueKind::Number(n) => return format!("{} chips", format_amount(*n)),
        ast::ValueKind::Name(n) => (1.0, n),
        ast::ValueKind::Product { factor, name, .. } => (*factor, name),
        _ => {
            let text = a.source.text.get(v.span.clone()).unwrap_or("");
            return format!("`{text}`");
        }
    };
    let times = |what: &str| {
        if factor == 1.0 {
            what.to_string()
        } else {
            format!("{} × {what}", format_amount(factor))
        }
    };
    if let Some((d, file)) = a.find_define(name) {
        let source: Arc<SourceFile> = file.unwrap_or_else(|| Arc::new(a.source.clone()));
        let body = d
            .body
            .first()
            .and_then(|b| source.text.get(b.span.clone()))
            .unwrap_or("");
        return times(&format!("`{}` (DEFINE {} = {body})", d.name, d.name));
    }
    match Constant::from_name(name) {
        Some(Constant::Bb) => plural(factor, "big blind"),
        Some(Constant::Sb) => plural(factor, "small blind"),
        Some(Constant::AllIn) if factor == 1.0 => "everything: all in".to_string(),
        Some(c) => {
            let meaning = glossary::lookup(&c.name()).map_or(String::new(), |(e, member)| {
                format!(" ({})", member.unwrap_or_else(|| e.meaning.to_string()))
            });
            times(&format!("`{}`{meaning}", c.name()))
        }
        None => times(&format!("`{name}`")),
    }
}

fn plural(n: f64, what: &str) -> String {
    format!(
        "{} {what}{}",
        format_amount(n),
        if n == 1.0 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::CheckOptions;

    fn at(text: &str, what: &str) -> Option<String> {
        let a = Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default());
        hover(&a, text.find(what).unwrap() + 1).map(|h| h.text)
    }

    #[test]
    fn an_include_outside_the_directory_hovers_the_same_whether_it_exists_or_not() {
        let root = std::env::temp_dir().join(format!("hus-hover-include-{}", std::process::id()));
        let dir = root.join("bots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(root.join("secret.hus"), "DEFINE s = 1\n").unwrap();
        std::fs::write(dir.join("lib.hus"), "DEFINE big = 3BB\n").unwrap();
        let hover_of = |path: &str| {
            let text = format!(
                "INCLUDE \"{path}\"\nPREFLOP\nRULE\n  THEN RAISE big\nENDRULE\nENDPREFLOP\n"
            );
            let options = CheckOptions {
                base_dir: dir.clone(),
                ..CheckOptions::default()
            };
            let a = Analysis::new(
                SourceFile::new(dir.join("bot.hus").display().to_string(), text.as_str()),
                options,
            );
            hover(&a, text.find(path).unwrap() + 1).unwrap().text
        };
        let there = hover_of("../secret.hus");
        let absent = hover_of("../absent.hus");
        assert_eq!(
            there,
            "**../secret.hus** (included file): not read: the included file `../secret.hus` is outside the script's directory"
        );
        assert_eq!(absent.replace("absent", "secret"), there);
        let lib = hover_of("lib.hus");
        assert!(lib.ends_with("lib.hus\n\nDEFINEs: `big`"), "{lib}");
        let _ = std::fs::remove_dir_all(&root);
    }

    const BOT: &str = "DEFINE premium = QQ+ | AKs\nDEFINE big = 3BB\nPREFLOP\nRULE JJ+, !premium\n  pot < 22, 22\n  THEN RAISE 3BB\nENDRULE\nRULE premium\n  THEN 0.7 CALL, 0.3 RAISE big\n  VILLAIN villainRaise > 0.5 pot\n    THEN RAISE 0.5 potAfterCall\n  ENDVILLAIN\nENDRULE\nENDPREFLOP\n";

    #[test]
    fn a_tunable_define_hovers_with_its_range() {
        let text = "DEFINE openSize = 2.5BB TUNE 2BB..4BB // the open\nPREFLOP\nRULE\n  THEN RAISE openSize\nENDRULE\nENDPREFLOP\n";
        let use_at = text.find("RAISE openSize").unwrap() + 7;
        let a = Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default());
        let shown = hover(&a, use_at).unwrap().text;
        assert!(
            shown.contains("```hus\nDEFINE openSize = 2.5BB TUNE 2BB..4BB\n```"),
            "{shown}"
        );
        assert!(shown.ends_with(
            "Tunable: the default plays; `--set openSize=VALUE` and `hus tune` try others in its range (reference §12.2)"
        ));
        let keyword = at(text, "TUNE").unwrap();
        assert!(
            keyword.starts_with("**TUNE** (keyword): the range a tuner may search"),
            "{keyword}"
        );
    }

    #[test]
    fn card_queries_list_their_classes() {
        assert_eq!(
            at(BOT, "JJ+").unwrap(),
            "**JJ+** (card query): JJ QQ KK AA, 4 classes, 24 of 1326 combos, 1.8 %"
        );
        assert_eq!(
            query_hover("A2s-A5s"),
            "**A2s-A5s** (card query): A2s A3s A4s A5s, 4 classes, 16 of 1326 combos, 1.2 %"
        );
        assert_eq!(
            query_hover("AK"),
            "**AK** (card query): AKs AKo, 2 classes, 16 of 1326 combos, 1.2 %"
        );
        assert!(query_hover("KKs").contains("(card query): "));
        // `22` is a card query as a condition, a number in a comparison.
        let second = BOT.find(", 22\n").unwrap() + 2;
        let a = Analysis::new(SourceFile::new("bot.hus", BOT), CheckOptions::default());
        assert!(hover(&a, second)
            .unwrap()
            .text
            .starts_with("**22** (card query): 22, 1 class, 6 of 1326"));
        assert_eq!(hover(&a, BOT.find("22,").unwrap()), None);
    }

    #[test]
    fn names_show_their_glossary_entry() {
        let pot = at(BOT, "pot <").unwrap();
        assert!(pot.starts_with("**pot** (constant): every chip in the middle now\n\nBoth players' chips put in this hand, the blinds and any unmatched bet included. Chips.\n\nExample: `RAISE 0.5 pot`"), "{pot}");
        let raise = at(BOT, "villainRaise").unwrap();
        assert!(raise.starts_with("**villainRaise** (constant family): the villain's bet and raise increments, summed in the current round\n\nOne of `villain<Stat>`"), "{raise}");
        let t = "FLOP\nRULE FlushDraw\n  THEN CALL\nENDRULE\nENDFLOP\n";
        assert!(at(t, "FlushDraw")
            .unwrap()
            .starts_with("**flushDraw** (predicate): four cards of a suit"));
        assert_eq!(
            at(t, "FLOP\nRULE").unwrap(),
            "**FLOP**: opens the rules of the flop, up to `ENDFLOP`"
        );
    }

    #[test]
    fn defines_show_their_line() {
        let p = at(BOT, "premium\n").unwrap();
        assert_eq!(
            p,
            "**premium** (DEFINE, a range), line 1\n\n```hus\nDEFINE premium = QQ+ | AKs\n```\n\nQQ KK AA AKs, 4 classes, 22 of 1326 combos, 1.7 %"
        );
        assert!(at(BOT, "big\n")
            .unwrap()
            .starts_with("**big** (DEFINE, a number), line 2"));
    }

    #[test]
    fn actions_say_what_they_become() {
        let r = at(BOT, "RAISE 3BB").unwrap();
        assert!(r.starts_with("**RAISE 3BB**: raise by 3 big blinds above the call; made legal: at least the minimum raise"), "{r}");
        let m = at(BOT, "CALL, 0.3").unwrap();
        assert_eq!(m, "**CALL**: match what is owed (adds `toCall`); made legal: a check when nothing is owed (with a warning)");
        let big = at(BOT, "RAISE big").unwrap();
        assert!(
            big.starts_with("**RAISE big**: raise by `big` (DEFINE big = 3BB) above the call"),
            "{big}"
        );
        let pot = at(BOT, "RAISE 0.5 potAfterCall").unwrap();
        assert!(pot.starts_with("**RAISE 0.5 potAfterCall**: raise by 0.5 × `potAfterCall` (the pot once the hero has called) above the call"), "{pot}");
        let t = "PREFLOP\nRULE\n  THEN 0.7 CALL, 0.3 FOLD\nENDRULE\nENDPREFLOP\n";
        let mixed = at(t, "THEN").unwrap();
        assert!(
            mixed.starts_with("**0.7 CALL, 0.3 FOLD**: a mixed strategy"),
            "{mixed}"
        );
        assert!(mixed.ends_with("CALL (70 %), FOLD (30 %)"), "{mixed}");
    }

    #[test]
    fn table_legend_counts_cells() {
        let mut cells = vec![TableCell::Fold; 169];
        cells[0] = TableCell::Raise(3.0);
        cells[14] = TableCell::AllIn;
        let legend = table_legend("**t.tsv** (action table)", &cells);
        assert!(legend.ends_with("| cell | action | classes | combos |\n|---|---|---|---|\n| `A` | all in | 1 | 6 |\n| `R3` | raise by 3 big blinds | 1 | 6 |\n| `F` | fold | 167 | 1314 |"), "{legend}");
    }
}
