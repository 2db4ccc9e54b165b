//! Lint suppression written in the script: `// hus: allow(CODE, ...)` silences warnings of
//! those codes at the top of the file (the whole file), on a rule (the whole rule) or on a line
//! (that line), as linters let their users do (reference §9). Errors cannot be silenced, and a
//! code that is no warning's is itself a warning.

use std::collections::HashMap;

use crate::diag::{Code, Severity, SourceDiagnostic, SourceFile, Span};

/// One `// hus: allow(...)` comment: the codes it names and the bytes it covers.
#[derive(Debug, PartialEq)]
struct Allow {
    /// The codes, each once, in the order written.
    codes: Vec<Code>,
    covers: Span,
}

/// A set of codes, one bit each (there are fewer than 128 codes).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct CodeSet(u128);

impl CodeSet {
    fn bit(code: Code) -> u128 {
        1 << (code as usize)
    }

    fn contains(self, code: Code) -> bool {
        self.0 & Self::bit(code) != 0
    }

    /// Adds `code`; whether it was new.
    fn insert(&mut self, code: Code) -> bool {
        let new = !self.contains(code);
        self.0 |= Self::bit(code);
        new
    }
}

#[cfg(test)]
thread_local! {
    /// Steps taken by [`apply`] and [`read`] (codes read, spans swept, diagnostics looked
    /// at, suggestions weighed), for the counting tests.
    static STEPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts one step of work (in tests only).
fn step() {
    #[cfg(test)]
    STEPS.with(|c| c.set(c.get() + 1));
}

/// Drops the script's own warnings an allow comment covers, and adds a warning for each code
/// an allow comment names that is unknown or an error's. One sweep over the covered spans in
/// order, so the work grows with the comments, codes and diagnostics, never their product.
pub fn apply(source: &SourceFile, diagnostics: &mut Vec<SourceDiagnostic>) {
    let (allows, mut bad) = read(&source.text);
    if !allows.is_empty() {
        let allowed = allowed(&allows, source.text.len(), diagnostics);
        let mut k = 0;
        diagnostics.retain(|_| {
            k += 1;
            !allowed[k - 1]
        });
    }
    diagnostics.append(&mut bad);
}

/// For each diagnostic, whether an allow comment covers it: a script's own warning of a code
/// the comment names, starting inside the bytes it covers (a comment covering the whole file
/// covers the warnings without a place too).
fn allowed(allows: &[Allow], len: usize, diagnostics: &[SourceDiagnostic]) -> Vec<bool> {
    let whole = 0..len;
    let mut everywhere = CodeSet::default();
    // (offset, whether the span opens there, which allow), in order of offset.
    let mut events = Vec::new();
    for (i, a) in allows.iter().enumerate() {
        if a.covers == whole {
            a.codes.iter().for_each(|&c| _ = everywhere.insert(c));
        } else {
            events.push((a.covers.start, true, i));
            events.push((a.covers.end, false, i));
        }
    }
    events.sort_unstable();
    // The diagnostics with a place, by where they start (one about two places, twice).
    let mut placed: Vec<(usize, usize)> = diagnostics
        .iter()
        .enumerate()
        .flat_map(|(k, d)| [d.span.as_ref(), d.also_about.as_ref()].map(|s| Some((s?.start, k))))
        .flatten()
        .collect();
    placed.sort_unstable();
    let mut out: Vec<bool> = diagnostics
        .iter()
        .map(|d| own_warning(d) && d.span.is_none() && everywhere.contains(d.code))
        .collect();
    // How many open spans name each code.
    let mut open = [0i32; 128];
    let mut next = 0;
    for (at, k) in placed {
        step();
        while let Some(&(_, opens, i)) = events.get(next).filter(|e| e.0 <= at) {
            for &c in &allows[i].codes {
                step();
                if opens {
                    open[c as usize] += 1;
                } else {
                    open[c as usize] -= 1;
                }
            }
            next += 1;
        }
        let d = &diagnostics[k];
        out[k] |= own_warning(d) && (everywhere.contains(d.code) || open[d.code as usize] > 0);
    }
    out
}

/// A warning about the script itself (not about an INCLUDEd file): the kind an allow
/// comment can silence.
fn own_warning(d: &SourceDiagnostic) -> bool {
    d.file.is_none() && d.severity == Severity::Warning
}

/// The allow comments of a script, and the warnings about codes they cannot allow.
fn read(text: &str) -> (Vec<Allow>, Vec<SourceDiagnostic>) {
    if !text.contains("hus:") {
        // No comment can be one (and a large script keeps no table of its lines).
        return (Vec::new(), Vec::new());
    }
    let lines = Lines::new(text);
    let mut allows = Vec::new();
    let mut bad = Vec::new();
    let mut seen_code = false;
    let mut suggested = HashMap::new();
    for (k, &(start, line)) in lines.text.iter().enumerate() {
        step();
        let comment = split_comment(line).1;
        let has_code = lines.next_code[k] == Some(k);
        let Some((list, list_at)) = comment.and_then(|c| allow_list(line, c)) else {
            seen_code |= has_code;
            continue;
        };
        let codes = parse_codes(list, start + list_at, &mut suggested, &mut bad);
        let covers = if has_code {
            // On a line with code: that line, or the whole rule when the line opens one.
            lines.rule_or_line(k)
        } else if !seen_code {
            0..text.len()
        } else {
            // On a line of its own: the next line with code (or the rule it opens).
            match lines.next_code[k] {
                Some(j) => lines.rule_or_line(j),
                None => continue,
            }
        };
        seen_code |= has_code;
        allows.push(Allow { codes, covers });
    }
    (allows, bad)
}

/// A script's lines, with where each one's next line of code and next `ENDRULE` are (worked
/// out in one pass from the end, so finding them costs nothing per comment).
struct Lines<'t> {
    /// Each line's start offset and text (without its line end).
    text: Vec<(usize, &'t str)>,
    /// The first line at or after each line that holds code.
    next_code: Vec<Option<usize>>,
    /// Each line's first word is `RULE`.
    opens_rule: Vec<bool>,
    /// The first line at or after each line whose first word is `ENDRULE`.
    next_end: Vec<Option<usize>>,
    len: usize,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Lines<'t> {
        let mut start = 0;
        let mut lines = Vec::new();
        for line in text.split_inclusive('\n') {
            lines.push((start, line.trim_end_matches(['\n', '\r'])));
            start += line.len();
        }
        let n = lines.len();
        let (mut next_code, mut next_end) = (vec![None; n + 1], vec![None; n + 1]);
        let mut opens_rule = vec![false; n];
        for k in (0..n).rev() {
            step();
            let code = split_comment(lines[k].1).0;
            let first = code.split_whitespace().next();
            opens_rule[k] = first == Some("RULE");
            next_code[k] = if first.is_some() {
                Some(k)
            } else {
                next_code[k + 1]
            };
            next_end[k] = if first == Some("ENDRULE") {
                Some(k)
            } else {
                next_end[k + 1]
            };
        }
        Lines {
            text: lines,
            next_code,
            opens_rule,
            next_end,
            len: text.len(),
        }
    }

    /// What an allow comment for line `k` covers: the whole rule when the line's first word
    /// is `RULE` (up to its `ENDRULE`), else the line.
    fn rule_or_line(&self, k: usize) -> Span {
        let (start, line) = self.text[k];
        if self.opens_rule[k] {
            let end = self.next_end[k].map_or(self.len, |j| self.text[j].0 + self.text[j].1.len());
            return start..end;
        }
        start..start + line.len()
    }
}

/// A line's code and its `//` comment, if any (a `//` inside a string is no comment).
fn split_comment(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                return (&line[..i], Some(&line[i + 2..]));
            }
            _ => {}
        }
        i += 1;
    }
    (line, None)
}

/// The text between the parentheses of `hus: allow(...)` and its offset in the line.
fn allow_list<'l>(line: &'l str, comment: &'l str) -> Option<(&'l str, usize)> {
    let rest = comment.trim_start().strip_prefix("hus:")?.trim_start();
    let rest = rest.strip_prefix("allow(")?;
    let list = &rest[..rest.find(')')?];
    Some((list, list.as_ptr() as usize - line.as_ptr() as usize))
}

/// The codes of a list (each once), with a warning for each name that is no warning's code.
/// Each distinct unknown name is matched against the codes once, however often it is written.
fn parse_codes<'t>(
    list: &'t str,
    at: usize,
    suggested: &mut HashMap<&'t str, Option<&'static str>>,
    bad: &mut Vec<SourceDiagnostic>,
) -> Vec<Code> {
    let mut codes = Vec::new();
    let mut seen = CodeSet::default();
    let mut offset = 0;
    for part in list.split(',') {
        step();
        let name = part.trim();
        let start = at + offset + (part.len() - part.trim_start().len());
        offset += part.len() + 1;
        if name.is_empty() {
            continue;
        }
        let span = start..start + name.len();
        match Code::from_name(name) {
            Some(c) if c.severity() == Severity::Warning => {
                if seen.insert(c) {
                    codes.push(c);
                }
            }
            Some(_) => bad.push(
                SourceDiagnostic::warning(
                    Code::UnknownAllow,
                    format!("`{name}` is an error, which cannot be allowed"),
                )
                .at(span)
                .with_label("an error")
                .with_help("fix the error; only warnings can be allowed"),
            ),
            None => {
                let suggestion = *suggested.entry(name).or_insert_with(|| suggest(name));
                bad.push(unknown_code(name, span, suggestion));
            }
        }
    }
    codes
}

/// The warning code closest to an unknown `name`, if one is close.
fn suggest(name: &str) -> Option<&'static str> {
    let names = Code::ALL
        .iter()
        .filter(|c| c.severity() == Severity::Warning)
        .map(|c| c.as_str())
        .inspect(|_| step());
    crate::diag::did_you_mean(name, names)
}

/// The warning about a name in an allow list that is no code.
fn unknown_code(name: &str, span: Span, suggestion: Option<&str>) -> SourceDiagnostic {
    let d = SourceDiagnostic::warning(
        Code::UnknownAllow,
        format!("`{name}` is no warning's code: nothing is allowed by it"),
    )
    .at(span.clone())
    .with_label("unknown code");
    match suggestion {
        Some(s) => d
            .with_help(format!("did you mean `{s}`?"))
            .with_replacement(span, s),
        None => d.with_help(
            "the codes are those `hus check --format short` prints, listed in the reference's §9",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covered(text: &str) -> Vec<(Vec<&'static str>, &str)> {
        let (allows, bad) = read(text);
        assert!(bad.is_empty(), "{bad:?}");
        allows
            .iter()
            .map(|a| {
                (
                    a.codes.iter().map(|c| c.as_str()).collect(),
                    &text[a.covers.clone()],
                )
            })
            .collect()
    }

    #[test]
    fn an_allow_covers_the_file_a_rule_or_a_line() {
        let text = "// hus: allow(shadowed-rule)\nFLOP\n// hus: allow(overlapping-rules, name-case)\nRULE pair\n  THEN CALL\nENDRULE\nRULE Pair // hus: allow(name-case)\n  THEN RAISE 2BB // hus: allow(huge-raise)\nENDRULE\nENDFLOP\n";
        let got = covered(text);
        assert_eq!(got[0], (vec!["shadowed-rule"], text));
        assert_eq!(
            got[1],
            (
                vec!["overlapping-rules", "name-case"],
                "RULE pair\n  THEN CALL\nENDRULE"
            )
        );
        assert_eq!(
            got[2],
            (
                vec!["name-case"],
                "RULE Pair // hus: allow(name-case)\n  THEN RAISE 2BB // hus: allow(huge-raise)\nENDRULE"
            )
        );
        assert_eq!(
            got[3],
            (
                vec!["huge-raise"],
                "  THEN RAISE 2BB // hus: allow(huge-raise)"
            )
        );
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn a_slash_pair_inside_a_string_is_no_comment() {
        assert_eq!(
            split_comment(r#"RULE external "a \" // b" > 0 // c"#),
            (r#"RULE external "a \" // b" > 0 "#, Some(" c"))
        );
    }

    #[test]
    fn unknown_codes_and_errors_warn_where_written() {
        let text = "FLOP // hus: allow(overlaping-rules, unknown-name, )\nENDFLOP\n";
        let (_, bad) = read(text);
        let got: Vec<(&str, &str)> = bad
            .iter()
            .map(|d| (&text[d.span.clone().unwrap()], d.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "overlaping-rules",
                    "`overlaping-rules` is no warning's code: nothing is allowed by it"
                ),
                (
                    "unknown-name",
                    "`unknown-name` is an error, which cannot be allowed"
                ),
            ]
        );
        assert_eq!(
            bad[0].help.as_deref(),
            Some("did you mean `overlapping-rules`?")
        );
    }

    /// The steps [`apply`] takes on `text` with `diagnostics`, and what it keeps.
    fn steps(text: &str, mut diagnostics: Vec<SourceDiagnostic>) -> (usize, Vec<SourceDiagnostic>) {
        let before = STEPS.with(|c| c.get());
        apply(
            &SourceFile::new("t.hus", text.to_string()),
            &mut diagnostics,
        );
        (STEPS.with(|c| c.get()) - before, diagnostics)
    }

    fn name_case(at: usize) -> SourceDiagnostic {
        SourceDiagnostic::warning(Code::NameCase, "n").at(at..at + 1)
    }

    /// Work at 1x, 4x and 16x grows about 4 and 16 times (a product would grow 16 and 256).
    fn assert_linear(work: impl Fn(usize) -> usize) {
        let (one, four, sixteen) = (work(500), work(2_000), work(8_000));
        assert!(four <= 5 * one, "{one} {four}");
        assert!(sixteen <= 20 * one, "{one} {sixteen}");
    }

    #[test]
    fn many_unknown_codes_in_one_comment_take_linear_work() {
        assert_linear(|n| {
            let list: Vec<String> = (0..n).map(|i| format!("zz{i}")).collect();
            let text = format!("FLOP // hus: allow({})\nENDFLOP\n", list.join(", "));
            let (work, out) = steps(&text, Vec::new());
            assert_eq!(out.len(), n);
            work
        });
    }

    #[test]
    fn many_comments_and_warnings_take_linear_work() {
        // A line allow on each of n lines, each line with its own warning, and a rule allow
        // around them all: every warning is dropped.
        assert_linear(|n| {
            let mut text = String::from("FLOP\nRULE x // hus: allow(huge-raise)\n");
            let mut diagnostics = Vec::new();
            for _ in 0..n {
                diagnostics.push(name_case(text.len()));
                text.push_str("  a // hus: allow(name-case, name-case)\n");
            }
            text.push_str("ENDRULE\nENDFLOP\n");
            let (work, out) = steps(&text, diagnostics);
            assert!(out.is_empty(), "{out:?}");
            work
        });
    }

    #[test]
    fn one_comment_naming_a_code_many_times_takes_linear_work() {
        assert_linear(|n| {
            let text = format!(
                "FLOP\nRULE x // hus: allow({})\n{}ENDRULE\nENDFLOP\n",
                vec!["name-case"; n].join(", "),
                "  a\n".repeat(n)
            );
            let first = text.find("  a").unwrap();
            let diagnostics = (0..n).map(|i| name_case(first + 4 * i)).collect();
            let (work, out) = steps(&text, diagnostics);
            assert!(out.is_empty(), "{out:?}");
            work
        });
    }

    /// The sweep keeps what the definition keeps: warnings of the script not covered by an
    /// allow comment naming their code, errors, and warnings about INCLUDEd files.
    #[test]
    fn the_sweep_drops_exactly_the_covered_warnings() {
        let text = "FLOP\n// hus: allow(huge-raise)\nRULE a\n  THEN RAISE 99BB // hus: allow(name-case)\nENDRULE\nRULE b\n  THEN CALL\nENDRULE\nENDFLOP\n";
        let at = |s: &str| text.find(s).unwrap();
        let make = |code: Code, at: usize| SourceDiagnostic::warning(code, "w").at(at..at + 1);
        let mut included = make(Code::NameCase, at("  THEN RAISE"));
        included.file = Some(std::sync::Arc::new(SourceFile::new(
            "lib.hus",
            String::new(),
        )));
        let diagnostics = vec![
            make(Code::HugeRaise, at("RULE a")),
            make(Code::HugeRaise, at("  THEN RAISE")),
            make(Code::NameCase, at("  THEN RAISE")),
            make(Code::NameCase, at("ENDRULE")),
            make(Code::HugeRaise, at("RULE b")),
            SourceDiagnostic::warning(Code::NoRules, "whole file"),
            SourceDiagnostic::error(Code::UnknownName, "e").at(at("RULE a")..at("RULE a") + 1),
            included,
        ];
        let (_, kept) = steps(text, diagnostics);
        let kept: Vec<(Code, Option<usize>)> = kept
            .iter()
            .map(|d| (d.code, d.span.as_ref().map(|s| s.start)))
            .collect();
        assert_eq!(
            kept,
            [
                (Code::NameCase, Some(at("ENDRULE"))),
                (Code::HugeRaise, Some(at("RULE b"))),
                (Code::NoRules, None),
                (Code::UnknownName, Some(at("RULE a"))),
                (Code::NameCase, Some(at("  THEN RAISE"))),
            ]
        );
    }
}
