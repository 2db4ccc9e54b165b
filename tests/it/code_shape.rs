//! The shape of the code, checked so it stays true where Cargo cannot check it: no function
//! outside tests is longer than a long screen, and inside each crate no module imports one
//! from a layer above its own (the layers follow the pipeline, from cards and game state up to
//! the doors; between crates Cargo refuses a wrong import itself), and no two public types of
//! the library crates share a name. They read the sources under each crate's `src/` with a
//! small scanner that skips comments, strings and test modules.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::support::root;

/// The longest a function may be, in lines from its `fn` to its closing brace.
const MAX_FN_LINES: usize = 150;

/// One crate of the workspace: its directory, its layers lowest first (a module may use its
/// own layer and those below it) and its top-level modules outside the layers.
struct Crate {
    dir: &'static str,
    layers: &'static [(&'static str, &'static [&'static str])],
    doors: &'static [&'static str],
}

/// The crates, lowest first. A crate's first layer may be the modules it re-exports from the
/// crates below (`crate::cards` in `hus` is `hus_poker::cards`, `crate::eval` is `hus_lang::eval`). `check` builds the IR, so the
/// IR (plain data) sits below it; `external` runs helper programs for both the checker's lints
/// and the evaluator. The command line and the table generator sit on top of everything and
/// use the library by its name.
const CRATES: &[Crate] = &[
    Crate {
        dir: "crates/hus-poker",
        layers: &[
            (
                "diagnostics, limits, the options' rules and files",
                &["diag", "limits", "settings", "files"],
            ),
            ("cards and game state", &["cards", "strength", "game"]),
        ],
        doors: &["bin"],
    },
    Crate {
        dir: "crates/hus-lang",
        layers: &[
            (
                "the poker model (hus-poker)",
                &[
                    "diag", "limits", "settings", "files", "cards", "strength", "game",
                ],
            ),
            ("syntax", &["syntax"]),
            ("IR", &["ir"]),
            ("external programs", &["external"]),
            ("check", &["check"]),
            ("evaluator and formatter", &["eval", "fmt"]),
        ],
        doors: &[],
    },
    Crate {
        dir: "crates/hus-table",
        layers: &[
            (
                "the poker model (hus-poker) and the language (hus-lang)",
                &[
                    "diag", "limits", "settings", "files", "cards", "strength", "game", "syntax",
                    "ir", "external", "check", "eval", "fmt",
                ],
            ),
            ("a player at any table", &["play"]),
            ("dealer", &["dealer"]),
            ("competition", &["acpc"]),
        ],
        doors: &[],
    },
    Crate {
        dir: "crates/hus-ide",
        layers: &[
            (
                "the poker model (hus-poker) and the language (hus-lang)",
                &[
                    "diag", "limits", "settings", "files", "cards", "strength", "game", "syntax",
                    "ir", "external", "check", "eval", "fmt",
                ],
            ),
            ("IDE", &["ide", "lsp"]),
        ],
        doors: &[],
    },
    Crate {
        dir: ".",
        layers: &[
            (
                "the crates below: the poker model, the language, the table, the editor services",
                &[
                    "diag", "limits", "settings", "files", "cards", "strength", "game", "syntax",
                    "ir", "external", "check", "eval", "fmt", "play", "dealer", "acpc", "ide",
                    "lsp",
                ],
            ),
            ("front door", &["front", "report"]),
        ],
        doors: &["cli", "main"],
    },
];

/// A crate's `src/`.
fn src_of(krate: &Crate) -> PathBuf {
    root().join(krate.dir).join("src")
}

/// The root crate's `src/` (the front door and the command line).
fn src() -> PathBuf {
    root().join("src")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("a readable source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The source with comments, string and character literals blanked to spaces (line ends
/// kept), so braces and paths are only the code's own.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            i + rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            block_comment_end(b, i)
        } else if let Some(hashes) = raw_string_start(b, i) {
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = i + 2 + hashes;
            find(b, body, &close).map_or(b.len(), |e| e + close.len())
        } else if b[i] == b'"' {
            string_end(b, i + 1)
        } else if b[i] == b'\'' {
            char_end(b, i)
        } else {
            i + 1
        };
        if end > i + 1 || b[i] == b'"' {
            blank(&mut out, i, end);
        }
        i = end.max(i + 1);
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn find(b: &[u8], from: usize, what: &[u8]) -> Option<usize> {
    (from..b.len().saturating_sub(what.len() - 1)).find(|&k| b[k..].starts_with(what))
}

/// The end of the block comment opening at `i` (they nest).
fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// The number of `#`s of a raw string (`r"`, `r#"`, `br"`) opening at `i`, if one does.
fn raw_string_start(b: &[u8], i: usize) -> Option<usize> {
    let word_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    if b[i] != b'r' || word_before && b[i - 1] != b'b' {
        return None;
    }
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    (b.get(i + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// The end of a string whose body starts at `i`.
fn string_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The end of a character literal at `i`, or `i + 1` for a lifetime's quote.
fn char_end(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        return (i + 3..b.len())
            .find(|&k| b[k] == b'\'')
            .map_or(b.len(), |k| k + 1);
    }
    let width = b.get(i + 1).map_or(1, |&c| {
        if c < 0x80 {
            1
        } else {
            c.leading_ones() as usize
        }
    });
    if b.get(i + 1 + width) == Some(&b'\'') {
        i + 2 + width
    } else {
        i + 1
    }
}

/// The line (from 0) of the brace closing the item that starts at `line`, or `None` for a
/// declaration without a body (`fn f();`, `mod tests;`).
fn body_end(lines: &[&str], line: usize) -> Option<usize> {
    let (mut depth, mut nesting, mut opened) = (0i64, 0i64, false);
    for (k, l) in lines.iter().enumerate().skip(line) {
        for c in l.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => {
                    depth -= 1;
                    if opened && depth == 0 {
                        return Some(k);
                    }
                }
                '(' | '[' => nesting += 1,
                ')' | ']' => nesting -= 1,
                ';' if !opened && nesting == 0 => return None,
                _ => {}
            }
        }
    }
    None
}

/// The lines (from 0) of `code` inside `#[cfg(test)]` modules written in the file, and the
/// names of test modules declared here and written in files of their own.
fn test_modules(lines: &[&str]) -> (BTreeSet<usize>, Vec<String>) {
    let (mut inside, mut files) = (BTreeSet::new(), Vec::new());
    for (k, l) in lines.iter().enumerate() {
        if l.trim() != "#[cfg(test)]" {
            continue;
        }
        let Some(m) = (k + 1..lines.len()).find(|&j| !lines[j].trim_start().starts_with("#["))
        else {
            continue;
        };
        let item = lines[m].trim_start();
        let Some(name) = item
            .strip_prefix("mod ")
            .or_else(|| item.strip_prefix("pub mod "))
        else {
            continue;
        };
        match body_end(lines, m) {
            Some(end) => inside.extend(m..=end),
            None => files.push(name.trim_end_matches(';').trim().to_string()),
        }
    }
    (inside, files)
}

/// A library source file with its code (comments and literals blanked) and the lines of its
/// test modules.
struct Source {
    path: PathBuf,
    code: String,
    tests: BTreeSet<usize>,
}

/// Every source file of a crate's `src/` but the test modules that have files of their own
/// (and their submodules).
fn sources(krate: &Crate) -> Vec<Source> {
    let mut all: Vec<Source> = Vec::new();
    let mut test_files = BTreeSet::new();
    for path in rust_files(&src_of(krate)) {
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        let code = code_only(&text);
        let lines: Vec<&str> = code.lines().collect();
        let (tests, files) = test_modules(&lines);
        let dir = if path
            .file_name()
            .is_some_and(|f| f == "mod.rs" || f == "lib.rs")
        {
            path.parent().unwrap().to_path_buf()
        } else {
            path.with_extension("")
        };
        for name in files {
            test_files.insert(dir.join(format!("{name}.rs")));
            test_files.insert(dir.join(&name));
        }
        all.push(Source {
            path,
            code: code.clone(),
            tests,
        });
    }
    // A test module's file, or any file under its directory (its own submodules).
    all.retain(|s| {
        !test_files
            .iter()
            .any(|t| s.path == *t || s.path.starts_with(t))
    });
    all
}

/// A path as the workspace's root names it.
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Whether `line` starts a function: `fn NAME` after any qualifiers.
fn fn_name(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace().peekable();
    while let Some(w) = words.next() {
        match w {
            "fn" => {
                let name = words.next()?;
                return Some(name.split(['(', '<']).next().unwrap_or(name));
            }
            "pub" | "const" | "async" | "unsafe" | "extern" | "default" => {}
            w if w.starts_with("pub(") || w.starts_with('"') => {}
            _ => return None,
        }
    }
    None
}

#[test]
fn no_function_outside_tests_is_longer_than_150_lines() {
    let mut long = Vec::new();
    for s in CRATES.iter().flat_map(sources) {
        let lines: Vec<&str> = s.code.lines().collect();
        for (k, l) in lines.iter().enumerate() {
            let Some(name) = fn_name(l) else { continue };
            if s.tests.contains(&k) {
                continue;
            }
            let Some(end) = body_end(&lines, k) else {
                continue;
            };
            if end - k + 1 > MAX_FN_LINES {
                long.push(format!(
                    "{}:{}: fn {name} is {} lines",
                    relative(&s.path),
                    k + 1,
                    end - k + 1
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them into named steps):\n{}",
        long.join("\n")
    );
}

/// The layer of a top-level module in a crate, by its index in the crate's layers.
fn layer_of(krate: &Crate, module: &str) -> Option<usize> {
    krate.layers.iter().position(|(_, ms)| ms.contains(&module))
}

/// The top-level modules a source's code names as `crate::NAME`.
fn crate_paths(code: &str) -> BTreeSet<(usize, String)> {
    let mut found = BTreeSet::new();
    for (k, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | ':')) {
                continue;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert((k, name));
            }
        }
    }
    found
}

#[test]
fn no_module_imports_one_from_a_layer_above_its_own() {
    let wrong: Vec<String> = CRATES.iter().flat_map(imports_against_layers).collect();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// Each `crate::NAME` path of a crate's modules that names a layer above the module's own, or
/// no layer at all.
fn imports_against_layers(krate: &Crate) -> Vec<String> {
    let mut wrong = Vec::new();
    let src = src_of(krate);
    for s in sources(krate) {
        let rel = relative(&s.path);
        let in_crate = s
            .path
            .strip_prefix(&src)
            .unwrap_or(&s.path)
            .display()
            .to_string();
        let top = in_crate
            .split('/')
            .next()
            .unwrap_or_default()
            .trim_end_matches(".rs");
        if top == "lib" || krate.doors.contains(&top) {
            continue;
        }
        let Some(own) = layer_of(krate, top) else {
            wrong.push(format!("{rel}: module `{top}` is in no layer of the table"));
            continue;
        };
        for (k, used) in crate_paths(&s.code) {
            if s.tests.contains(&k) {
                continue;
            }
            match layer_of(krate, &used) {
                Some(l) if l <= own => {}
                Some(l) => wrong.push(format!(
                    "{rel}:{}: `{top}` ({}) uses `crate::{used}` ({}), a layer above",
                    k + 1,
                    krate.layers[own].0,
                    krate.layers[l].0
                )),
                None => wrong.push(format!(
                    "{rel}:{}: `crate::{used}` is in no layer of the table",
                    k + 1
                )),
            }
        }
    }
    wrong
}

#[test]
fn the_scanner_skips_comments_strings_and_test_modules() {
    let text = "fn a() {\n    let s = \"}{\"; // }\n    let r = r#\"{\"#;\n    let c = '{';\n}\n\
                #[cfg(test)]\nmod tests {\n    fn t() {}\n}\n#[cfg(test)]\nmod more;\n";
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    assert_eq!(body_end(&lines, 0), Some(4));
    let (inside, files) = test_modules(&lines);
    assert_eq!(inside, (6..=8).collect());
    assert_eq!(files, ["more"]);
    assert_eq!(
        fn_name("    pub(crate) fn run<'a>(x: &'a str) {"),
        Some("run")
    );
    assert_eq!(fn_name("    let f = fn_name;"), None);
    assert_eq!(
        crate_paths("use crate::game::Action; x::crate::no; crate::play::X"),
        [(0, "game".to_string()), (0, "play".to_string())].into()
    );
}

/// Every `hus::module::` path in `code` (a path through a lowercase module, not a crate-root
/// item such as `hus::Bot` or `hus::check(..)`), with its line.
fn module_paths(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("hus::") {
            let before = &line[..line.len() - rest.len() + at];
            let after = &rest[at + 5..];
            let word: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let in_word = before
                .chars()
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let lower = word.starts_with(|c: char| c.is_ascii_lowercase());
            if !in_word && lower && after[word.len()..].starts_with("::") {
                out.push((n + 1, format!("hus::{word}::")));
            }
            rest = &after[word.len()..];
        }
    }
    out
}

#[test]
fn the_command_line_uses_only_the_front_door() {
    let mut files = vec![src().join("main.rs")];
    files.extend(rust_files(&src().join("cli")));
    let mut wrong = Vec::new();
    for path in files {
        let code = code_only(&std::fs::read_to_string(&path).expect("a readable source"));
        let name = relative(&path);
        for (line, path) in module_paths(&code) {
            wrong.push(format!("{name}:{line}: `{path}`, below the front door"));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn module_paths_are_found_and_root_items_are_not() {
    let code = "use hus::diag::SourceFile;\nlet b = hus::Bot::builtin(x);\n\
                hus::check(a, b, c); let r = hus::play::bots::BUILTINS; mhus::x::y;\n";
    assert_eq!(
        module_paths(code),
        [
            (1, "hus::diag::".to_string()),
            (3, "hus::play::".to_string())
        ]
    );
}

/// Public type names declared more than once on purpose, each with why the modules keep one
/// name (a name may be in the list only while it is declared twice or more).
const SHARED_TYPE_NAMES: &[(&str, &str)] = &[
    ("Branch", AST_AND_IR),
    ("Condition", AST_AND_IR),
    ("Reaction", AST_AND_IR),
    ("Rule", AST_AND_IR),
];

/// Why a name is both the syntax tree's and the IR's.
const AST_AND_IR: &str = "the construct as written (syntax::ast) and as checked (ir), named \
                          through their module where both are used (check::lower)";

/// The front door's names users write (`hus::Decision`...): declared in `src/front`, and by no
/// crate below it.
const FRONT_DOOR_NAMES: &[&str] = &["DecideError", "Decision", "Diagnostic", "ReplayError"];

/// The name a line declares as a `pub` type, trait or union, if it does.
fn public_type_name(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("pub ")?;
    let rest = ["struct ", "enum ", "type ", "trait ", "union "]
        .iter()
        .find_map(|kw| rest.strip_prefix(kw))?;
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Every public type name of the library crates' sources (not their binaries, not tests),
/// with where each is declared.
fn public_type_names() -> std::collections::BTreeMap<String, Vec<String>> {
    let mut names = std::collections::BTreeMap::<String, Vec<String>>::new();
    for krate in CRATES {
        let src = src_of(krate);
        for s in sources(krate) {
            let in_crate = s.path.strip_prefix(&src).unwrap_or(&s.path);
            let top = in_crate
                .iter()
                .next()
                .and_then(|t| t.to_str())
                .unwrap_or("");
            if krate.doors.contains(&top.trim_end_matches(".rs")) {
                continue;
            }
            for (k, line) in s.code.lines().enumerate() {
                if s.tests.contains(&k) {
                    continue;
                }
                if let Some(name) = public_type_name(line) {
                    let at = format!("{}:{}", relative(&s.path), k + 1);
                    names.entry(name.to_string()).or_default().push(at);
                }
            }
        }
    }
    names
}

#[test]
fn every_public_type_name_is_declared_once() {
    let names = public_type_names();
    let shared = |n: &str| SHARED_TYPE_NAMES.iter().any(|(s, _)| *s == n);
    let twice: Vec<String> = names
        .iter()
        .filter(|(n, at)| at.len() > 1 && !shared(n))
        .map(|(n, at)| format!("{n}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "public types of the same name (give each a name saying what it holds):\n{}",
        twice.join("\n")
    );
    let stale: Vec<&str> = SHARED_TYPE_NAMES
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| names.get(*n).is_none_or(|at| at.len() < 2))
        .collect();
    assert!(
        stale.is_empty(),
        "no longer shared, drop from the list: {stale:?}"
    );
    for name in FRONT_DOOR_NAMES {
        let at = names.get(*name).map_or(&[][..], Vec::as_slice);
        assert!(
            at.len() == 1 && at[0].starts_with("src/front/"),
            "`hus::{name}` is the front door's own name, declared once in src/front: {at:?}"
        );
    }
    // What the hero does is the game's, one type the front door re-exports as `hus::Action`.
    let action = names.get("Action").map_or(&[][..], Vec::as_slice);
    assert!(
        action.len() == 1 && action[0].starts_with("crates/hus-poker/src/game/"),
        "`hus::Action` is the game's one action type: {action:?}"
    );
}

#[test]
fn public_type_names_are_read_from_declarations() {
    assert_eq!(public_type_name("pub struct Bot {"), Some("Bot"));
    assert_eq!(public_type_name("    pub enum Kind<'a> {"), Some("Kind"));
    assert_eq!(
        public_type_name("pub type Counts = (u32, u32);"),
        Some("Counts")
    );
    assert_eq!(public_type_name("pub trait Seat: Send {"), Some("Seat"));
    assert_eq!(public_type_name("pub(crate) struct Hidden;"), None);
    assert_eq!(public_type_name("pub fn structure() {}"), None);
    assert_eq!(public_type_name("struct Private;"), None);
}
