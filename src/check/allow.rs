//! Lint suppression written in the script: `// hus: allow(CODE, ...)` silences warnings of
//! those codes at the top of the file (the whole file), on a rule (the whole rule) or on a line
//! (that line), as linters let their users do (reference §9). Errors cannot be silenced, and a
//! code that is no warning's is itself a warning.

use crate::diag::{Code, Diagnostic, Severity, SourceFile, Span};

/// One `// hus: allow(...)` comment: the codes it names and the bytes it covers.
#[derive(Debug, PartialEq)]
struct Allow {
    codes: Vec<Code>,
    covers: Span,
}

/// Drops the script's own warnings an allow comment covers, and adds a warning for each code
/// an allow comment names that is unknown or an error's.
pub fn apply(source: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    let (allows, mut bad) = read(&source.text);
    if !allows.is_empty() {
        let whole = 0..source.text.len();
        diagnostics.retain(|d| {
            let own = d.file.is_none() && d.severity == Severity::Warning;
            let covers = |a: &Allow| match &d.span {
                Some(s) => a.covers.contains(&s.start) || a.covers == whole,
                None => a.covers == whole,
            };
            !(own
                && allows
                    .iter()
                    .any(|a| a.codes.contains(&d.code) && covers(a)))
        });
    }
    diagnostics.append(&mut bad);
}

/// The allow comments of a script, and the warnings about codes they cannot allow.
fn read(text: &str) -> (Vec<Allow>, Vec<Diagnostic>) {
    let lines: Vec<(usize, &str)> = line_starts(text);
    let mut allows = Vec::new();
    let mut bad = Vec::new();
    let mut seen_code = false;
    for (k, &(start, line)) in lines.iter().enumerate() {
        let (code_part, comment) = split_comment(line);
        let has_code = !code_part.trim().is_empty();
        let Some((list, list_at)) = comment.and_then(|c| allow_list(line, c)) else {
            seen_code |= has_code;
            continue;
        };
        let codes = parse_codes(list, start + list_at, &mut bad);
        let covers = if has_code {
            // On a line with code: that line, or the whole rule when the line opens one.
            rule_or_line(text, &lines, k)
        } else if !seen_code {
            0..text.len()
        } else {
            // On a line of its own: the next line with code (or the rule it opens).
            match (k + 1..lines.len()).find(|&j| !split_comment(lines[j].1).0.trim().is_empty()) {
                Some(j) => rule_or_line(text, &lines, j),
                None => continue,
            }
        };
        seen_code |= has_code;
        allows.push(Allow { codes, covers });
    }
    (allows, bad)
}

/// Each line's start offset and text (without its line end).
fn line_starts(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        out.push((start, line.trim_end_matches(['\n', '\r'])));
        start += line.len();
    }
    out
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

/// The codes of a list, with a warning for each name that is no warning's code.
fn parse_codes(list: &str, at: usize, bad: &mut Vec<Diagnostic>) -> Vec<Code> {
    let mut codes = Vec::new();
    let mut offset = 0;
    for part in list.split(',') {
        let name = part.trim();
        let start = at + offset + (part.len() - part.trim_start().len());
        offset += part.len() + 1;
        if name.is_empty() {
            continue;
        }
        let span = start..start + name.len();
        match Code::from_name(name) {
            Some(c) if c.severity() == Severity::Warning => codes.push(c),
            Some(_) => bad.push(
                Diagnostic::warning(
                    Code::UnknownAllow,
                    format!("`{name}` is an error, which cannot be allowed"),
                )
                .at(span)
                .with_label("an error")
                .with_help("fix the error; only warnings can be allowed"),
            ),
            None => {
                let names = Code::ALL
                    .iter()
                    .filter(|c| c.severity() == Severity::Warning)
                    .map(|c| c.as_str());
                let mut d = Diagnostic::warning(
                    Code::UnknownAllow,
                    format!("`{name}` is no warning's code: nothing is allowed by it"),
                )
                .at(span.clone())
                .with_label("unknown code");
                d = match crate::diag::did_you_mean(name, names) {
                    Some(s) => d
                        .with_help(format!("did you mean `{s}`?"))
                        .with_replacement(span, s),
                    None => d.with_help("the codes are those `hus check --format short` prints, listed in the reference's §9"),
                };
                bad.push(d);
            }
        }
    }
    codes
}

/// What an allow comment for line `k` covers: the whole rule when the line's first word is
/// `RULE` (up to its `ENDRULE`), else the line.
fn rule_or_line(text: &str, lines: &[(usize, &str)], k: usize) -> Span {
    let (start, line) = lines[k];
    let first_word = |l: &str| {
        split_comment(l)
            .0
            .split_whitespace()
            .next()
            .map(str::to_string)
    };
    if first_word(line).as_deref() == Some("RULE") {
        let end = lines[k..]
            .iter()
            .find(|(_, l)| first_word(l).as_deref() == Some("ENDRULE"))
            .map_or(text.len(), |(s, l)| s + l.len());
        return start..end;
    }
    start..start + line.len()
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
}
