//! The citations of the reference's sections (`reference §6`, `§12.9`, `language.md §10`) in
//! the code, the bindings, the tools and the documents point where they mean to. The rules:
//! - every `§N` and `§N.M` cited is a numbered heading of docs/language.md (every `§` in these
//!   files cites the reference: no other document numbers its sections);
//! - a title given with the citation names that section: a quoted one (`§9, "Diagnostic
//!   codes"`) is the heading of the section, of one of its sub-headings or the bold label a
//!   paragraph of it opens with (`**Amounts**`); a parenthesised one
//!   (`§10 (Limits)`) that is any heading of the reference is one of the cited section's;
//! - a citation for a limit (the clause before it has the word `limit`, as `the size limit of
//!   §N`) cites §10, where every limit is listed.
//!
//! Titles compare without case and backticks.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::root;

/// The folders whose files may cite the reference, from the repository's root.
const ROOTS: &[&str] = &[
    "src", "crates", "python", "web", "capi", "tools", "editors", "docs", "tests", "benches",
];
/// Folders never read: build output, installed packages, caches.
const SKIP: &[&str] = &[
    "target",
    "node_modules",
    "pkg",
    "dist",
    "__pycache__",
    ".venv",
    "cases",
];
/// The kinds of file read.
const EXTENSIONS: &[&str] = &["rs", "py", "pyi", "js", "mjs", "ts", "c", "h", "md"];

/// One numbered section of the reference: its title, and the titles of the headings and
/// labelled paragraphs under it (its own, unnumbered ones, numbered subsections').
#[derive(Default)]
struct Section {
    title: String,
    headings: Vec<String>,
}

/// `Diagnostic codes`, `` `hus check` `` and `hus check` alike.
fn normal(title: &str) -> String {
    title.replace('`', "").trim().to_lowercase()
}

/// The reference's sections by number (`"9"`, `"12.9"`), outside code blocks.
fn sections(reference: &str) -> BTreeMap<String, Section> {
    let mut map: BTreeMap<String, Section> = BTreeMap::new();
    let (mut top, mut sub, mut fenced) = (None::<String>, None::<String>, false);
    for line in reference.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        let heading = (!fenced && (2..=4).contains(&hashes) && line[hashes..].starts_with(' '))
            .then(|| line[hashes..].trim());
        if let Some(heading) = heading {
            let (number, title) = match heading.split_once(' ') {
                Some((n, t)) if n.trim_end_matches('.').split('.').all(is_number) => {
                    (Some(n.trim_end_matches('.').to_string()), t.trim())
                }
                _ => (None, heading),
            };
            let title = normal(title);
            let numbered = number.is_some() && hashes <= 3;
            match (hashes, number) {
                (2, number) => (top, sub) = (number, None),
                (3, Some(n)) => sub = Some(n),
                _ => {}
            }
            for owner in [&top, &sub].into_iter().flatten() {
                map.entry(owner.clone())
                    .or_default()
                    .headings
                    .push(title.clone());
            }
            if let (true, Some(own)) = (numbered, [&top, &sub].into_iter().flatten().last()) {
                map.entry(own.clone()).or_default().title = title;
            }
            continue;
        }
        let label = (!fenced).then(|| bold_label(line)).flatten();
        for owner in [&top, &sub].into_iter().flatten() {
            let s = map.entry(owner.clone()).or_default();
            s.headings.extend(label.map(normal));
        }
    }
    map
}

/// The bold label a paragraph or list item of a section opens with (`- **Amounts** are
/// exact`, `**Choices:**`): a part of the section a citation may name.
fn bold_label(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let line = line.strip_prefix("- ").unwrap_or(line);
    let (label, _) = line.strip_prefix("**")?.split_once("**")?;
    Some(label.trim_end_matches([':', '.']))
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Every file under the roots that may cite the reference, in a stable order.
fn files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !SKIP.contains(&name) && !name.starts_with('.') {
                    walk(&path, out);
                }
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| EXTENSIONS.contains(&e))
            {
                out.push(path);
            }
        }
    }
    let mut out = vec![root().join("README.md")];
    for r in ROOTS {
        walk(&root().join(r), &mut out);
    }
    out
}

/// One citation: the section number, the text of its line before it and after it.
struct Citation<'a> {
    number: String,
    before: &'a str,
    after: &'a str,
}

/// The citations of one line.
fn citations(line: &str) -> Vec<Citation<'_>> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices('§') {
        let rest = &line[at + '§'.len_utf8()..];
        let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
        let mut len = digits(rest);
        if len == 0 {
            continue;
        }
        let sub = rest[len..].strip_prefix('.').map_or(0, digits);
        if sub > 0 {
            len += 1 + sub;
        }
        out.push(Citation {
            number: rest[..len].to_string(),
            before: &line[..at],
            after: &rest[len..],
        });
    }
    out
}

/// A quoted title right after the citation (`, "Title"` or ` "Title"`).
fn quoted_title(after: &str) -> Option<&str> {
    let rest = after.strip_prefix(',').unwrap_or(after).trim_start();
    let rest = rest.strip_prefix('"')?;
    rest.split_once('"').map(|(t, _)| t)
}

/// A parenthesised text right after the citation (` (Title)`).
fn parenthesised(after: &str) -> Option<&str> {
    let rest = after.trim_start().strip_prefix('(')?;
    rest.split_once(')').map(|(t, _)| t)
}

/// The clause before a citation: its line back to the last sentence or clause break.
fn clause(before: &str) -> &str {
    let cut = [". ", "; ", ": ", ", "]
        .iter()
        .filter_map(|b| before.rfind(b).map(|i| i + b.len()))
        .max()
        .unwrap_or(0);
    &before[cut..]
}

/// What is wrong with one citation, if anything.
fn wrong(c: &Citation, sections: &BTreeMap<String, Section>) -> Option<String> {
    let Some(section) = sections.get(&c.number) else {
        return Some(format!("§{} is not a section of the reference", c.number));
    };
    if let Some(title) = quoted_title(c.after) {
        if !section.headings.contains(&normal(title)) {
            return Some(format!(
                "§{} is \"{}\", with no heading \"{title}\"",
                c.number, section.title
            ));
        }
    }
    if let Some(title) = parenthesised(c.after) {
        let any = sections
            .values()
            .any(|s| s.headings.contains(&normal(title)));
        if any && !section.headings.contains(&normal(title)) {
            return Some(format!(
                "§{} is \"{}\", not ({title})",
                c.number, section.title
            ));
        }
    }
    let limit = clause(c.before)
        .to_lowercase()
        .split(|ch: char| !ch.is_alphanumeric() && ch != '-')
        .any(|w| w == "limit" || w == "limits");
    if limit && c.number != "10" {
        return Some(format!(
            "a limit cited as §{} (\"{}\"): the limits are §10",
            c.number, section.title
        ));
    }
    None
}

#[test]
fn every_citation_of_the_reference_names_its_section() {
    let reference = std::fs::read_to_string(root().join("docs/language.md")).unwrap();
    let sections = sections(&reference);
    let mut found = 0;
    let mut errors = Vec::new();
    for path in files() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        // This file's own examples are not citations.
        if name.ends_with("reference_citations.rs") {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            for c in citations(line) {
                found += 1;
                if let Some(e) = wrong(&c, &sections) {
                    errors.push(format!("{name}:{}: {e}", i + 1));
                }
            }
        }
    }
    assert!(
        found > 200,
        "only {found} citations found: is the scan reading the files?"
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_rules_refuse_what_they_should() {
    let reference = "## 9. `hus check`\nthe time limit\n### Diagnostic codes\n\n\
                     ## 10. Limits\nthe limit\n- **Counted** exactly.\n## 12. More\n### 12.1 Arithmetic\n";
    let sections = sections(reference);
    let check = |line: &str| {
        let c = citations(line);
        assert_eq!(c.len(), 1, "{line}");
        wrong(&c[0], &sections)
    };
    assert_eq!(check("/// (reference §9)"), None);
    assert_eq!(check("/// (reference §12.1)"), None);
    assert_eq!(
        check("/// (docs/language.md §9, \"Diagnostic codes\")"),
        None
    );
    assert_eq!(check("/// the size limit of §10."), None);
    assert!(check("/// (reference §11)").is_some());
    assert!(check("/// (reference §12.2)").is_some());
    assert!(check("/// (reference §10, \"Diagnostic codes\")").is_some());
    assert!(check("/// reference §9 (Limits)").is_some());
    assert!(check("/// up to the size limit of logs (reference §9)").is_some());
    assert_eq!(check("/// a legal no-limit action (reference §9)"), None);
    assert_eq!(check("/// amounts (reference §10, \"Counted\")"), None);
    assert!(check("/// amounts (reference §9, \"Counted\")").is_some());
    // A parenthesis that names no heading is prose, not a title.
    assert_eq!(check("/// reference §9 (computed lazily)"), None);
}
