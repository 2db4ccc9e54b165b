//! `hus_lang::fmt` keeps what a script means and is idempotent: on every example, every
//! golden input of tests/cases/fmt/ and thousands of generated scripts (random white space,
//! indentation, blank lines, comments in every place, line endings and the case of names),
//! formatting succeeds, formatting the result again changes nothing, the checked program is
//! the same (spans and line numbers aside), and the tokens are the same, in the same order
//! (names compared ignoring case).

use std::path::{Path, PathBuf};

use crate::support::root;

use hus_lang::check::{check, CheckOptions};
use hus_lang::syntax::lexer::{lossless, Piece, Tok};
use hus_poker::diag::SourceFile;
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(dir: &Path) -> CheckOptions {
    CheckOptions {
        allow_unknown_names: true,
        base_dir: dir.to_path_buf(),
        ..CheckOptions::default()
    }
}

/// The pieces that carry meaning, comparable across layouts: tokens (names in lower case),
/// comments without trailing white space, and one line break for each run of them.
fn pieces(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (_, piece, _) in lossless(text) {
        let s = match piece {
            Piece::Token(Tok::Newline) => {
                if matches!(out.last().map(String::as_str), None | Some("\n")) {
                    continue;
                }
                "\n".to_string()
            }
            Piece::Token(Tok::Name(n)) => format!("name {}", n.to_ascii_lowercase()),
            Piece::Token(Tok::Product(p)) => format!("product {}", p.to_ascii_lowercase()),
            Piece::Token(t) => format!("{t:?}"),
            Piece::Comment(c) => format!("comment {}", c.trim_end()),
            Piece::Stray(s) => panic!("a stray `{s}` in a script that parsed"),
        };
        out.push(s);
    }
    if out.last().map(String::as_str) == Some("\n") {
        out.pop();
    }
    out
}

/// Everything the formatter promises about `text` (a script that checks without errors),
/// whose tables and included files are in `dir`.
fn assert_formats_well(name: &str, text: &str, dir: &Path) {
    let source = SourceFile::new(name, text);
    let before = check(&source, &options(dir));
    assert_eq!(
        before.errors(),
        0,
        "{name} has errors: {:#?}\n{text}",
        before.diagnostics
    );
    let fmt_options = hus_lang::fmt::Options {
        base_dir: Some(dir.to_path_buf()),
    };
    let once = hus_lang::fmt::format_with(&source, &fmt_options)
        .unwrap_or_else(|e| panic!("{name} does not format: {e:#?}\n{text}"));
    let formatted = SourceFile::new(name, once.clone());
    let twice = hus_lang::fmt::format_with(&formatted, &fmt_options).unwrap();
    assert_eq!(
        twice, once,
        "{name}: formatting twice changes the text\n--- input\n{text}"
    );
    let after = check(&formatted, &options(dir));
    let (Some(a), Some(b)) = (&before.program, &after.program) else {
        panic!(
            "{name}: the formatted script has errors: {:#?}\n{once}",
            after.diagnostics
        );
    };
    assert_eq!(
        a.shape(),
        b.shape(),
        "{name}: the program changed\n--- input\n{text}\n--- formatted\n{once}"
    );
    assert_eq!(
        pieces(text),
        pieces(&once),
        "{name}: the tokens changed\n--- input\n{text}\n--- formatted\n{once}"
    );
    // The layout itself.
    let body = once.strip_prefix('\u{FEFF}').unwrap_or(&once);
    assert!(
        body.is_empty() || (body.ends_with('\n') && !body.ends_with("\n\n")),
        "{name}: not one line break at the end\n{once}"
    );
    let mut blank_before = true;
    for line in body.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        assert_eq!(
            line.trim_end(),
            line,
            "{name}: trailing white space\n{once}"
        );
        let indent = line.len() - line.trim_start_matches(' ').len();
        assert!(
            indent % 2 == 0 && !line.trim_start_matches(' ').starts_with('\t'),
            "{name}: indentation `{line}`\n{once}"
        );
        assert!(
            !(line.is_empty() && blank_before),
            "{name}: a blank line at the start or after another\n{once}"
        );
        blank_before = line.is_empty();
    }
}

fn scripts_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scripts_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "hus") {
            out.push(path);
        }
    }
}

#[test]
fn every_example_keeps_its_meaning_and_is_formatted() {
    let mut files = Vec::new();
    scripts_under(&root().join("examples"), &mut files);
    assert!(files.len() >= 8, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        assert_formats_well(&name, &text, path.parent().unwrap());
        let out = hus_lang::fmt::format_with(
            &SourceFile::new(name.clone(), text.clone()),
            &hus_lang::fmt::Options {
                base_dir: Some(path.parent().unwrap().to_path_buf()),
            },
        )
        .unwrap();
        assert_eq!(out, text, "{name} is not formatted: run `hus fmt {name}`");
    }
}

#[test]
fn every_golden_input_and_output_keeps_its_meaning() {
    let dir = root().join("tests/cases/fmt");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".in.hus") || name.ends_with(".out.hus") {
            assert_formats_well(&name, &std::fs::read_to_string(&path).unwrap(), &dir);
            n += 1;
        }
    }
    assert!(n >= 8, "{n} golden files");
}

// ---------------------------------------------------------------------------------------
// A generator of valid scripts, written messily.

const PREDICATES: &[&str] = &[
    "pair",
    "highPair",
    "twoPair",
    "flushDraw",
    "openEnded",
    "topPair",
    "topKicker",
    "overPair",
    "inPosition",
    "facingBet",
    "checkedTo",
    "deskPair",
    "air",
    "straightDraw",
    "heroAggressor",
    "rainbow",
    "nutFlushDraw",
    "monotone",
];
const CONSTANTS: &[&str] = &[
    "toCall",
    "pot",
    "heroStack",
    "villainStack",
    "villainRaise",
    "villainRaiseTimes",
    "handRank169",
    "potOdds",
    "equity",
    "BB",
    "bb",
    "sb",
    "potAfterCall",
    "effectiveStack",
    "random",
    "villainFlopRaise",
    "spr",
];
const QUERIES: &[&str] = &[
    "AK", "QQ+", "T9s", "A2s-A5s", "22-66", "KQo", "JJ-", "Q8s+", "77", "54s", "AKs", "88",
];
const PRODUCTS: &[&str] = &[
    "3BB",
    "4bb",
    "2.5BB",
    "1.5pot",
    "0.5 pot",
    "2 villainRaise",
    "3 BB",
    "2 raiseSize",
    "3raiseSize",
];
const COMMENTS: &[&str] = &[
    "// a comment",
    "//no space",
    "// RULE THEN ENDRULE, keywords in a comment",
    "// \"a quote",
    "//",
    "// trailing blanks   ",
    "// ünïcödé — ♥♠",
    "// a // inside",
    "////",
];
const CMP: &[&str] = &["<", "<=", ">", ">=", "==", "!="];

/// Builds a script's lines from a seed: each line a list of tokens (joined later with random
/// white space), blank lines and comments added on the way out.
struct Gen {
    rng: ChaCha8Rng,
    lines: Vec<Vec<String>>,
    include: bool,
}

impl Gen {
    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.random_range(0..items.len())]
    }

    /// A name in a random case (never all capitals, which would look like a keyword).
    fn case(&mut self, name: &str) -> String {
        match self.rng.random_range(0..5u32) {
            0 => name.to_ascii_lowercase(),
            1 => {
                let mut c = name.chars();
                let first = c.next().unwrap().to_ascii_uppercase();
                std::iter::once(first).chain(c).collect()
            }
            2 => {
                let mut s: String = name
                    .chars()
                    .map(|c| {
                        if self.rng.random_bool(0.5) {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect();
                if !s.chars().any(|c| c.is_ascii_lowercase()) {
                    s = s.to_ascii_lowercase();
                }
                s
            }
            _ => name.to_string(),
        }
    }

    fn atom(&mut self, out: &mut Vec<String>) {
        match self.rng.random_range(0..10u32) {
            0..=3 => {
                let c = self.pick(CONSTANTS);
                out.push(self.case(c));
            }
            4 | 5 => {
                let p = self.pick(PRODUCTS);
                for part in p.split(' ') {
                    out.push(self.case_product(part));
                }
            }
            6 => out.push(self.case("raiseSize")),
            7 if self.include => out.push(self.case("bigBet")),
            _ => {
                let n = self.pick(&["2", "0.5", "10", "3", "1.25", "100"]);
                out.push(n.to_string());
            }
        }
    }

    /// A product's or number's text with its name part in a random case.
    fn case_product(&mut self, part: &str) -> String {
        let split = part
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(part.len());
        if split == part.len() {
            return part.to_string();
        }
        format!("{}{}", &part[..split], self.case(&part[split..]))
    }

    fn value(&mut self, out: &mut Vec<String>, depth: u32) {
        let terms = if depth < 2 {
            self.rng.random_range(1..4u32)
        } else {
            1
        };
        for k in 0..terms {
            if k > 0 {
                out.push(self.pick(&["+", "-", "*", "/"]).to_string());
            }
            match self.rng.random_range(0..6u32) {
                0 if depth < 2 => {
                    out.push("(".into());
                    self.value(out, depth + 1);
                    out.push(")".into());
                }
                1 if depth < 2 => {
                    out.push("-".into());
                    if self.chance(0.5) {
                        out.push("(".into());
                        self.value(out, depth + 1);
                        out.push(")".into());
                    } else {
                        self.atom(out);
                    }
                }
                _ => self.atom(out),
            }
        }
    }

    fn condition(&mut self, out: &mut Vec<String>) {
        match self.rng.random_range(0..9u32) {
            0 | 1 => {
                if self.chance(0.3) {
                    out.push("!".into());
                }
                out.push(self.pick(QUERIES).to_string());
            }
            2 | 3 => {
                if self.chance(0.3) {
                    out.push("!".into());
                }
                let p = self.pick(PREDICATES);
                out.push(self.case(p));
            }
            4 => {
                let n = self.rng.random_range(2..4u32);
                for k in 0..n {
                    if k > 0 {
                        out.push("|".into());
                    }
                    match self.rng.random_range(0..4u32) {
                        0 => out.push(self.case("myRange")),
                        1 if self.include => out.push(self.case("premium")),
                        _ => out.push(self.pick(QUERIES).to_string()),
                    }
                }
            }
            5 => {
                if self.chance(0.3) {
                    out.push("!".into());
                }
                let d = self.pick(&["strongHand", "goodDraws", "myRange"]);
                out.push(self.case(d));
            }
            6 => {
                out.push("external".into());
                out.push(
                    self.pick(&[
                        "\"bin/eq.sh heroCards  communityCards\"",
                        "\"bin/x 'a  b' \\\"c\\\" // no comment\"",
                    ])
                    .to_string(),
                );
                if self.chance(0.7) {
                    out.push(self.pick(CMP).to_string());
                    self.value(out, 1);
                }
            }
            _ => {
                self.value(out, 0);
                out.push(self.pick(CMP).to_string());
                self.value(out, 0);
            }
        }
    }

    fn branch(&mut self, out: &mut Vec<String>) {
        let n = self.rng.random_range(1..4u32);
        for k in 0..n {
            if k > 0 {
                out.push(",".into());
            }
            self.condition(out);
        }
    }

    fn amount(&mut self, out: &mut Vec<String>) {
        match self.rng.random_range(0..4u32) {
            0 => out.push(self.case("allIn")),
            1 => self.value(out, 1),
            _ => self.atom(out),
        }
    }

    fn action(&mut self, out: &mut Vec<String>) {
        out.push("THEN".into());
        match self.rng.random_range(0..10u32) {
            0 => out.push("FOLD".into()),
            1 => out.push("CHECK".into()),
            2 => out.push("CALL".into()),
            3 | 4 => {
                out.push(self.pick(&["RAISE", "RAISETO"]).into());
                if self.chance(0.5) {
                    self.amount(out);
                } else {
                    // A weighted list: each item a weight, then an amount that starts with
                    // a number or a product.
                    let n = self.rng.random_range(1..4u32);
                    for k in 0..n {
                        if k > 0 {
                            out.push(",".into());
                        }
                        out.push(self.pick(&["1", "2", "0.5"]).into());
                        let p = self.pick(&["3BB", "0.5 pot", "40", "2BB", "4bb"]);
                        for part in p.split(' ') {
                            out.push(self.case_product(part));
                        }
                        if self.chance(0.3) {
                            out.push("+".into());
                            out.push("10".into());
                        }
                    }
                }
            }
            5 => {
                let n = self.rng.random_range(2..4u32);
                for k in 0..n {
                    if k > 0 {
                        out.push(",".into());
                    }
                    out.push(self.pick(&["0.7", "0.3", "1", "2"]).into());
                    match self.rng.random_range(0..5u32) {
                        0 => out.push("FOLD".into()),
                        1 => out.push("CHECK".into()),
                        2 => out.push("CALL".into()),
                        _ => {
                            out.push(self.pick(&["RAISE", "RAISETO"]).into());
                            self.atom(out);
                        }
                    }
                }
            }
            6 => {
                out.push("USE".into());
                out.push("TABLE".into());
                out.push(self.pick(&["lib/open.tsv", "\"lib/open.tsv\""]).into());
            }
            7 => {
                out.push("external".into());
                out.push("\"bin/price.sh toCall pot  'x'\"".into());
            }
            _ => out.push("CALL".into()),
        }
    }

    fn rule(&mut self) {
        let mut head = vec!["RULE".to_string()];
        if self.chance(0.4) {
            head.push("PRIORITY".into());
            if self.chance(0.3) {
                head.push("-".into());
            }
            head.push(self.rng.random_range(0..6u32).to_string());
        }
        if self.chance(0.7) {
            self.branch(&mut head);
        }
        self.lines.push(head);
        for _ in 0..self.rng.random_range(0..3u32) {
            let mut line = Vec::new();
            self.branch(&mut line);
            self.lines.push(line);
        }
        let reactions = self.rng.random_range(0..3u32);
        if reactions == 0 || self.chance(0.8) {
            let mut line = Vec::new();
            self.action(&mut line);
            self.lines.push(line);
        }
        for _ in 0..reactions {
            let mut line = vec!["VILLAIN".to_string()];
            if self.chance(0.7) {
                self.branch(&mut line);
            }
            self.lines.push(line);
            if self.chance(0.2) {
                let mut line = Vec::new();
                self.branch(&mut line);
                self.lines.push(line);
            }
            let mut line = Vec::new();
            self.action(&mut line);
            self.lines.push(line);
            self.lines.push(vec!["ENDVILLAIN".into()]);
        }
        self.lines.push(vec!["ENDRULE".into()]);
    }

    fn defines(&mut self) {
        if self.include {
            self.lines
                .push(vec!["INCLUDE".into(), "\"lib/ranges.hus\"".into()]);
        }
        let mut line = vec!["DEFINE".into(), "strongHand".into(), "=".into()];
        self.branch_without_defines(&mut line);
        self.lines.push(line);
        let mut line = vec!["DEFINE".into(), "raiseSize".into(), "=".into()];
        let p = self.pick(&["3BB", "0.5 pot", "2 BB + 10"]);
        line.extend(p.split(' ').map(String::from));
        self.lines.push(line);
        self.lines.push(vec![
            "DEFINE".into(),
            "myRange".into(),
            "=".into(),
            "QQ+".into(),
            "|".into(),
            "AK".into(),
            "|".into(),
            "A2s-A5s".into(),
        ]);
        self.lines.push(vec!["DEFINE".into(), "goodDraws".into()]);
        for _ in 0..self.rng.random_range(1..4u32) {
            let mut line = Vec::new();
            self.branch_without_defines(&mut line);
            self.lines.push(line);
        }
        self.lines.push(vec!["ENDDEFINE".into()]);
    }

    /// A branch of built-in conditions only (a DEFINE's body: no cycle can arise).
    fn branch_without_defines(&mut self, out: &mut Vec<String>) {
        let n = self.rng.random_range(1..3u32);
        for k in 0..n {
            if k > 0 {
                out.push(",".into());
            }
            if self.chance(0.5) {
                let p = self.pick(PREDICATES);
                out.push(self.case(p));
            } else {
                let c = self.pick(CONSTANTS);
                out.push(self.case(c));
                out.push(self.pick(CMP).into());
                out.push(self.pick(&["2", "0.5", "3BB"]).into());
            }
        }
    }

    fn script(seed: u64) -> Vec<Vec<String>> {
        let mut g = Gen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            lines: Vec::new(),
            include: false,
        };
        g.include = g.chance(0.3);
        let defines_first = g.chance(0.7);
        if defines_first {
            g.defines();
        }
        for _ in 0..g.rng.random_range(1..4u32) {
            let (open, close) = *[
                ("PREFLOP", "ENDPREFLOP"),
                ("FLOP", "ENDFLOP"),
                ("TURN", "ENDTURN"),
                ("RIVER", "ENDRIVER"),
                ("ALWAYS", "ENDALWAYS"),
            ]
            .get(g.rng.random_range(0..5usize))
            .unwrap();
            g.lines.push(vec![open.into()]);
            for _ in 0..g.rng.random_range(0..4u32) {
                g.rule();
            }
            g.lines.push(vec![close.into()]);
        }
        if !defines_first {
            g.defines();
        }
        g.lines
    }
}

/// Whether two tokens may touch without changing how the text lexes.
fn may_touch(left: &str, right: &str) -> bool {
    let l = left.chars().last().unwrap();
    let r = right.chars().next().unwrap();
    if matches!(right, "," | ")" | "|") || matches!(left, "(" | "," | "|" | "!") {
        return true;
    }
    if right.starts_with('"') || left.ends_with('"') {
        return false;
    }
    let op = |s: &str| {
        matches!(
            s,
            "<" | "<=" | ">" | ">=" | "==" | "!=" | "+" | "-" | "*" | "/" | "="
        )
    };
    if op(left) {
        return !(left == "/" && right.starts_with('/'));
    }
    if op(right) {
        // `22-` and `AK+` would be card queries.
        return !(matches!(right, "-" | "+") && l.is_ascii_alphanumeric());
    }
    !(l.is_ascii_alphanumeric() || l == '.' || l == '_') || !r.is_ascii_alphanumeric()
}

/// The script's text: tokens joined by random white space, lines randomly indented, with
/// blank lines, comment lines and end-of-line comments anywhere, and random line endings.
fn render(seed: u64, lines: &[Vec<String>]) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let crlf = rng.random_bool(0.2);
    let eol = |rng: &mut ChaCha8Rng| {
        if crlf || rng.random_bool(0.05) {
            "\r\n"
        } else {
            "\n"
        }
    };
    let space = |rng: &mut ChaCha8Rng| -> &'static str {
        ["", " ", " ", " ", "  ", "\t", " \t "][rng.random_range(0..7usize)]
    };
    let comment = |rng: &mut ChaCha8Rng| COMMENTS[rng.random_range(0..COMMENTS.len())];
    let mut s = String::new();
    if rng.random_bool(0.05) {
        s.push('\u{FEFF}');
    }
    for line in lines {
        // Blank and comment lines before it.
        for _ in 0..rng.random_range(0..4u32) {
            match rng.random_range(0..3u32) {
                0 => {}
                1 => s.push_str(space(&mut rng)),
                _ => {
                    s.push_str(space(&mut rng));
                    s.push_str(comment(&mut rng));
                }
            }
            let e = eol(&mut rng);
            s.push_str(e);
        }
        for _ in 0..rng.random_range(0..4u32) {
            s.push_str(space(&mut rng));
        }
        for (k, tok) in line.iter().enumerate() {
            if k > 0 {
                let mut w = space(&mut rng);
                if w.is_empty() && !may_touch(&line[k - 1], tok) {
                    w = " ";
                }
                s.push_str(w);
            }
            s.push_str(tok);
        }
        if rng.random_bool(0.2) {
            s.push_str([" ", "\t", "   "][rng.random_range(0..3usize)]);
            s.push_str(comment(&mut rng));
        } else {
            s.push_str(space(&mut rng));
        }
        let e = eol(&mut rng);
        s.push_str(e);
    }
    match rng.random_range(0..4u32) {
        0 => {
            s.push_str(comment(&mut rng));
        }
        1 => {
            let e = eol(&mut rng);
            s.push_str(e);
        }
        _ => {}
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_scripts_format_well(seed in any::<u64>()) {
        let lines = Gen::script(seed);
        let text = render(seed, &lines);
        assert_formats_well(&format!("generated-{seed}.hus"), &text, &root().join("tests/cases/fmt"));
    }
}
