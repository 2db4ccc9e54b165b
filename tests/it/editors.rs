//! The editor set-ups in `editors/` name exactly the words the language has: the Vim syntax
//! file (`editors/vim/syntax/hus.vim`, which Neovim reads too) and the TextMate grammar
//! (`editors/vscode/syntaxes/hus.tmLanguage.json`) list every keyword of the lexer's table
//! and every predicate, constant and constant family of the checker's glossary, each in its
//! own highlight group, and nothing else. A keyword or a name added to the language without
//! its editors fails here.
//!
//! The lists are generated: `HUS_UPDATE_GOLDEN=1 cargo test --test it editors::` rewrites them
//! in place (between the `generated` markers of the Vim file, and the `match` of the grammar's
//! word entries) and then checks them as usual. Review the diff.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use hus_lang::check::glossary::{checker_names, lookup, WordKind, ENTRIES};
use hus_lang::syntax::lexer::{Tok, KEYWORDS};
use hus_poker::game::Phase;

use crate::support::golden;

/// A highlight group of the grammars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    /// `PREFLOP` ... `ENDALWAYS`.
    Block,
    /// The other structural keywords: `RULE`, `THEN`, `VILLAIN`, `PRIORITY`...
    Keyword,
    /// The glossary's keywords outside the rules: `DEFINE`, `ENDDEFINE`, `INCLUDE`.
    Definition,
    /// The glossary's actions, word by word: `FOLD`, `RAISE`, `USE`, `TABLE`, `external`...
    Action,
    Predicate,
    Constant,
    /// The members of the constant families (`villainFlopRaise`), matched by a pattern.
    Family,
}

impl Group {
    const ALL: [Group; 7] = [
        Group::Block,
        Group::Keyword,
        Group::Definition,
        Group::Action,
        Group::Predicate,
        Group::Constant,
        Group::Family,
    ];

    /// Names are case-insensitive in HUS; keywords are not.
    fn is_name(self) -> bool {
        matches!(self, Group::Predicate | Group::Constant | Group::Family)
    }

    fn vim(self) -> &'static str {
        match self {
            Group::Block => "husBlock",
            Group::Keyword => "husKeyword",
            Group::Definition => "husDefine",
            Group::Action => "husAction",
            Group::Predicate => "husPredicate",
            Group::Constant => "husConstant",
            Group::Family => "husFamily",
        }
    }

    /// The grammar's repository entry and the scope it gives.
    fn textmate(self) -> (&'static str, &'static str) {
        match self {
            Group::Block => ("blocks", "keyword.control.block.hus"),
            Group::Keyword => ("keywords", "keyword.control.hus"),
            Group::Definition => ("definitions", "keyword.other.definition.hus"),
            Group::Action => ("actions", "support.function.action.hus"),
            Group::Predicate => ("predicates", "variable.language.predicate.hus"),
            Group::Constant => ("constants", "support.constant.hus"),
            Group::Family => ("families", "support.constant.family.hus"),
        }
    }
}

/// Glossary actions that name a construct, not words to highlight.
const CONSTRUCTS: &[&str] = &["mixed strategy"];

/// One part of a pattern: alternatives, optional or not.
type Part = (Vec<String>, bool);

/// What the grammars must hold: each group's words in the lexer's or the glossary's order,
/// and the family pattern's parts.
struct Expected {
    words: BTreeMap<Group, Vec<String>>,
    family: Vec<Part>,
}

fn expected() -> Expected {
    let entries = |kind: WordKind| ENTRIES.iter().filter(move |e| e.kind == kind);
    let mut action_words = BTreeSet::new();
    for e in entries(WordKind::Action) {
        let words: Vec<&str> = e.name.split(' ').collect();
        if words.iter().all(|w| KEYWORDS.contains(w)) {
            action_words.extend(words);
        } else {
            assert!(
                CONSTRUCTS.contains(&e.name),
                "the glossary's action `{}` is not made of lexer keywords: give it a highlight \
                 group in editors/ and here",
                e.name
            );
        }
    }
    let definitions: Vec<&str> = entries(WordKind::Keyword).map(|e| e.name).collect();
    for d in &definitions {
        assert!(
            KEYWORDS.contains(d),
            "the glossary's keyword `{d}` is no lexer keyword"
        );
    }
    let mut words: BTreeMap<Group, Vec<String>> = BTreeMap::new();
    for &k in KEYWORDS {
        let tok = Tok::keyword(k).expect("every KEYWORDS entry is a keyword token");
        let group = if action_words.contains(k) {
            Group::Action
        } else if definitions.contains(&k) {
            Group::Definition
        } else if tok.opens_block() || tok.closes_block() {
            Group::Block
        } else {
            Group::Keyword
        };
        words.entry(group).or_default().push(k.to_string());
    }
    words.insert(
        Group::Predicate,
        entries(WordKind::Predicate)
            .map(|e| e.name.to_string())
            .collect(),
    );
    words.insert(
        Group::Constant,
        entries(WordKind::Constant)
            .map(|e| e.name.to_string())
            .collect(),
    );

    // The family members: the names the checker accepts that have no entry of their own.
    let listed: BTreeSet<String> = ENTRIES
        .iter()
        .filter(|e| matches!(e.kind, WordKind::Predicate | WordKind::Constant))
        .map(|e| e.name.to_ascii_lowercase())
        .collect();
    let members: Vec<String> = checker_names()
        .into_iter()
        .filter(|n| !listed.contains(&n.to_ascii_lowercase()))
        .collect();
    let families: Vec<&str> = entries(WordKind::Family).map(|e| e.name).collect();
    let mut by_family: BTreeMap<&str, usize> = families.iter().map(|&f| (f, 0)).collect();
    for m in &members {
        let (entry, _) = lookup(m).unwrap_or_else(|| panic!("the checker's `{m}` has no entry"));
        assert_eq!(
            entry.kind,
            WordKind::Family,
            "`{m}` is neither listed in the glossary nor a family member"
        );
        *by_family.get_mut(entry.name).expect("a family entry") += 1;
    }
    for (family, n) in by_family {
        assert!(
            n > 0,
            "the family `{family}` has no member the checker accepts"
        );
    }
    words.insert(Group::Family, members.clone());

    Expected {
        words,
        family: family_parts(&families, &members),
    }
}

/// The family members as `player[Phase]Stat`: the players from the family entries
/// (`villain<Stat>`), the phases from the game, the statistics from the members themselves.
fn family_parts(families: &[&str], members: &[String]) -> Vec<Part> {
    let mut players: Vec<String> = Vec::new();
    for f in families {
        let p = f.split('<').next().unwrap().to_string();
        if !players.contains(&p) {
            players.push(p);
        }
    }
    let phases: Vec<String> = Phase::ALL.iter().map(|p| p.title().to_string()).collect();
    let mut stats: Vec<String> = Vec::new();
    for m in members {
        let rest = players
            .iter()
            .find_map(|p| m.strip_prefix(p.as_str()))
            .unwrap_or_else(|| panic!("the member `{m}` starts with no player"));
        if !phases.iter().any(|ph| rest.starts_with(ph.as_str()))
            && !stats.iter().any(|s| s == rest)
        {
            stats.push(rest.to_string());
        }
    }
    let parts = vec![(players, false), (phases, true), (stats, false)];
    let want: BTreeSet<String> = members.iter().map(|m| m.to_ascii_lowercase()).collect();
    assert_eq!(
        lower(&expand_parts(&parts)),
        want,
        "the family members are no longer player[Phase]Stat: write their pattern by hand"
    );
    parts
}

fn expand_parts(parts: &[Part]) -> Vec<String> {
    let mut out = vec![String::new()];
    for (alts, optional) in parts {
        let mut alts = alts.clone();
        if *optional {
            alts.insert(0, String::new());
        }
        out = out
            .iter()
            .flat_map(|a| alts.iter().map(move |b| format!("{a}{b}")))
            .collect();
    }
    out
}

fn lower(words: &[String]) -> BTreeSet<String> {
    words.iter().map(|w| w.to_ascii_lowercase()).collect()
}

// ---- The pattern shapes the grammars use for word lists: literal words, groups of
// ---- alternatives, optional groups. Anything else is reported, not guessed at.

struct Syntax {
    open: &'static str,
    alt: &'static str,
    close: &'static str,
    optional: &'static [&'static str],
}

const VIM: Syntax = Syntax {
    open: r"\%(",
    alt: r"\|",
    close: r"\)",
    optional: &[r"\=", r"\?"],
};

const TEXTMATE: Syntax = Syntax {
    open: "(?:",
    alt: "|",
    close: ")",
    optional: &["?"],
};

/// Every word a pattern of that shape matches.
fn expand(pattern: &str, syntax: &Syntax) -> Result<Vec<String>, String> {
    let mut rest = pattern;
    let words = alternatives(&mut rest, syntax)?;
    if rest.is_empty() {
        Ok(words)
    } else {
        Err(format!("`{pattern}`: cannot read `{rest}`"))
    }
}

fn alternatives(rest: &mut &str, syntax: &Syntax) -> Result<Vec<String>, String> {
    let mut all = sequence(rest, syntax)?;
    while let Some(r) = rest.strip_prefix(syntax.alt) {
        *rest = r;
        all.extend(sequence(rest, syntax)?);
    }
    Ok(all)
}

fn sequence(rest: &mut &str, syntax: &Syntax) -> Result<Vec<String>, String> {
    let mut parts: Vec<Part> = Vec::new();
    loop {
        if let Some(r) = rest.strip_prefix(syntax.open) {
            *rest = r;
            let alts = alternatives(rest, syntax)?;
            *rest = rest
                .strip_prefix(syntax.close)
                .ok_or_else(|| format!("a group is not closed before `{rest}`"))?;
            let optional = syntax.optional.iter().find_map(|o| rest.strip_prefix(o));
            if let Some(r) = optional {
                *rest = r;
            }
            parts.push((alts, optional.is_some()));
        } else if let Some(c) = rest
            .chars()
            .next()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            *rest = &rest[1..];
            parts.push((vec![c.to_string()], false));
        } else {
            return Ok(expand_parts(&parts));
        }
    }
}

// ---- The grammars.

fn path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

const VIM_FILE: &str = "editors/vim/syntax/hus.vim";
const TEXTMATE_FILE: &str = "editors/vscode/syntaxes/hus.tmLanguage.json";
const VIM_START: &str = "\" generated by tests/it/editors.rs: start";
const VIM_END: &str = "\" generated by tests/it/editors.rs: end";

/// What a grammar lists: each group's words, with whether they are matched ignoring case.
type Lists = BTreeMap<Group, Vec<(String, bool)>>;

fn group_of_vim(name: &str) -> Option<Group> {
    Group::ALL.into_iter().find(|g| g.vim() == name)
}

/// `:syntax keyword` arguments that are options, not keywords.
fn vim_option(word: &str) -> bool {
    word.contains('=')
        || [
            "contained",
            "transparent",
            "skipwhite",
            "skipnl",
            "skipempty",
        ]
        .contains(&word)
}

fn vim_lists(text: &str) -> Result<Lists, String> {
    let mut lists = Lists::new();
    let mut ignore_case = false;
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !matches!(words.first(), Some(&"syntax") | Some(&"syn")) {
            continue;
        }
        match (words.get(1), words.get(2)) {
            (Some(&"case"), Some(&"ignore")) => ignore_case = true,
            (Some(&"case"), Some(&"match")) => ignore_case = false,
            (Some(&"keyword"), Some(group)) => {
                if let Some(group) = group_of_vim(group) {
                    let list = lists.entry(group).or_default();
                    for w in words[3..].iter().filter(|w| !vim_option(w)) {
                        list.push((w.to_string(), ignore_case));
                    }
                }
            }
            (Some(&"match"), Some(group)) => {
                if let Some(group) = group_of_vim(group) {
                    let at = |e: String| format!("{VIM_FILE}:{}: {e}", n + 1);
                    let pattern = line
                        .split_once('/')
                        .and_then(|(_, p)| p.rsplit_once('/'))
                        .map(|(p, _)| p)
                        .ok_or_else(|| at("a match without /pattern/".into()))?;
                    let inner = pattern
                        .strip_prefix(r"\<")
                        .and_then(|p| p.strip_suffix(r"\>"))
                        .ok_or_else(|| at(format!("`{pattern}` is not \\<...\\>")))?;
                    let list = lists.entry(group).or_default();
                    for w in expand(inner, &VIM).map_err(at)? {
                        list.push((w, ignore_case));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(lists)
}

fn textmate_lists(text: &str) -> Result<Lists, String> {
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("{TEXTMATE_FILE}: {e}"))?;
    let included: Vec<&str> = json["patterns"]
        .as_array()
        .ok_or("no top-level patterns")?
        .iter()
        .filter_map(|p| p["include"].as_str())
        .collect();
    let mut lists = Lists::new();
    for group in Group::ALL {
        let (key, scope) = group.textmate();
        let at = |e: &str| format!("{TEXTMATE_FILE}: repository.{key}: {e}");
        if !included.contains(&format!("#{key}").as_str()) {
            return Err(at("not included by the top-level patterns"));
        }
        let entry = &json["repository"][key];
        if entry["name"].as_str() != Some(scope) {
            return Err(at(&format!("its name should be `{scope}`")));
        }
        let pattern = entry["match"].as_str().ok_or_else(|| at("no match"))?;
        let (ignore_case, rest) = match pattern.strip_prefix("(?i)") {
            Some(rest) => (true, rest),
            None => (false, pattern),
        };
        let inner = rest
            .strip_prefix(r"\b")
            .and_then(|p| p.strip_suffix(r"\b"))
            .ok_or_else(|| at(&format!("`{pattern}` is not \\b...\\b")))?;
        let words = expand(inner, &TEXTMATE).map_err(|e| at(&e))?;
        lists.insert(group, words.into_iter().map(|w| (w, ignore_case)).collect());
    }
    Ok(lists)
}

/// Every difference between a grammar's lists and the language, one per line.
fn drift(file: &str, lists: &Lists, expected: &Expected) -> Vec<String> {
    let mut problems = Vec::new();
    for group in Group::ALL {
        let want = &expected.words[&group];
        let got = lists.get(&group).map(Vec::as_slice).unwrap_or_default();
        let norm = |w: &str| {
            if group.is_name() {
                w.to_ascii_lowercase()
            } else {
                w.to_string()
            }
        };
        let want_set: BTreeSet<String> = want.iter().map(|w| norm(w)).collect();
        let got_set: BTreeSet<String> = got.iter().map(|(w, _)| norm(w)).collect();
        for w in want.iter().filter(|w| !got_set.contains(&norm(w))) {
            problems.push(format!("{file}: {group:?} lacks `{w}`"));
        }
        for (w, _) in got.iter().filter(|(w, _)| !want_set.contains(&norm(w))) {
            let known = Group::ALL
                .into_iter()
                .find(|g| expected.words[g].iter().any(|x| x.eq_ignore_ascii_case(w)));
            problems.push(match known {
                Some(g) => format!("{file}: {group:?} lists `{w}`, which is {g:?}"),
                None => format!("{file}: {group:?} lists `{w}`, which the language does not know"),
            });
        }
        if let Some((w, _)) = got.iter().find(|(_, ignore)| *ignore != group.is_name()) {
            problems.push(format!(
                "{file}: {group:?} matches `{w}` {} case (names ignore it, keywords do not)",
                if group.is_name() { "with" } else { "ignoring" }
            ));
        }
    }
    problems
}

// ---- Regeneration (HUS_UPDATE_GOLDEN=1).

fn vim_block(expected: &Expected) -> String {
    let mut s = String::new();
    for group in Group::ALL {
        if group == Group::Block {
            s.push_str("syntax case match\n");
        }
        if group == Group::Predicate {
            s.push_str("syntax case ignore\n");
        }
        if group == Group::Family {
            let parts: Vec<String> = expected
                .family
                .iter()
                .map(|(alts, optional)| {
                    format!(
                        r"\%({}\){}",
                        alts.join(r"\|"),
                        if *optional { r"\=" } else { "" }
                    )
                })
                .collect();
            s.push_str(&format!(
                "syntax match {} /\\<{}\\>/\n",
                group.vim(),
                parts.concat()
            ));
            continue;
        }
        let head = format!("syntax keyword {}", group.vim());
        let mut line = head.clone();
        for w in &expected.words[&group] {
            if line.len() + 1 + w.len() > 100 && line != head {
                s.push_str(&line);
                s.push('\n');
                line = head.clone();
            }
            line.push(' ');
            line.push_str(w);
        }
        s.push_str(&line);
        s.push('\n');
    }
    s
}

fn textmate_match(group: Group, expected: &Expected) -> String {
    let body = if group == Group::Family {
        expected
            .family
            .iter()
            .map(|(alts, optional)| {
                format!("(?:{}){}", alts.join("|"), if *optional { "?" } else { "" })
            })
            .collect::<String>()
    } else {
        format!("(?:{})", expected.words[&group].join("|"))
    };
    format!(r"{}\b{body}\b", if group.is_name() { "(?i)" } else { "" })
}

fn update_vim(text: &str, expected: &Expected) -> String {
    let a = text.find(VIM_START).expect("the start marker") + VIM_START.len();
    let b = text.find(VIM_END).expect("the end marker");
    format!("{}\n{}{}", &text[..a], vim_block(expected), &text[b..])
}

/// Rewrites the `"match"` line that follows each word entry's key, keeping the rest as is.
fn update_textmate(text: &str, expected: &Expected) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for group in Group::ALL {
        let (key, _) = group.textmate();
        let start = lines
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("\"{key}\": {{")))
            .unwrap_or_else(|| panic!("no `{key}` entry"));
        let i = (start..lines.len())
            .find(|&i| lines[i].trim_start().starts_with("\"match\": "))
            .expect("a match line");
        let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
        let comma = if lines[i].trim_end().ends_with(',') {
            ","
        } else {
            ""
        };
        let value = serde_json::to_string(&textmate_match(group, expected)).unwrap();
        lines[i] = format!("{indent}\"match\": {value}{comma}");
    }
    lines.join("\n") + "\n"
}

#[test]
fn the_highlighting_grammars_list_exactly_the_languages_words() {
    let expected = expected();
    let mut problems = Vec::new();

    let vim_text = golden::committed(&path(VIM_FILE), |text| update_vim(text, &expected));
    match vim_lists(&vim_text) {
        Ok(lists) => problems.extend(drift(VIM_FILE, &lists, &expected)),
        Err(e) => problems.push(e),
    }
    for group in Group::ALL {
        let link = format!("highlight default link {} ", group.vim());
        if !vim_text.lines().any(|l| l.starts_with(&link)) {
            problems.push(format!(
                "{VIM_FILE}: {} is linked to no highlight group",
                group.vim()
            ));
        }
    }

    let tm_text = golden::committed(&path(TEXTMATE_FILE), |text| {
        update_textmate(text, &expected)
    });
    match textmate_lists(&tm_text) {
        Ok(lists) => problems.extend(drift(TEXTMATE_FILE, &lists, &expected)),
        Err(e) => problems.push(e),
    }

    assert!(
        problems.is_empty(),
        "the editors' grammars drifted from the language (HUS_UPDATE_GOLDEN=1 cargo test --test it \
         editors:: regenerates them):\n{}",
        problems.join("\n")
    );
}

/// The lists the grammars are compared with hold every lexer keyword and every name the
/// checker accepts, and no name reads as a keyword: a check of the check.
#[test]
fn the_expected_lists_cover_the_lexer_and_the_checker() {
    let expected = expected();
    let all: BTreeSet<&str> = expected
        .words
        .values()
        .flatten()
        .map(String::as_str)
        .collect();
    for k in KEYWORDS {
        assert!(all.contains(k), "keyword `{k}`");
    }
    for n in checker_names() {
        assert!(all.contains(n.as_str()), "name `{n}`");
    }
    // No name reads like a keyword once case is ignored, so the groups cannot overlap.
    for group in Group::ALL.into_iter().filter(|g| g.is_name()) {
        for w in &expected.words[&group] {
            assert!(
                !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(w)),
                "the name `{w}` reads as a keyword"
            );
        }
    }
    // Each block word that opens a block has its END word beside it.
    let blocks = &expected.words[&Group::Block];
    for b in blocks {
        if let Some(end) = Tok::keyword(b).and_then(|t| t.end_keyword()) {
            assert!(
                blocks.iter().any(|e| Tok::keyword(e) == Some(end)),
                "`{b}` without its END word"
            );
        }
    }
}

/// The editor set-ups start the same server and agree on the file type and the comment.
#[test]
fn the_editor_set_ups_start_hus_lsp() {
    let read = |p: &str| std::fs::read_to_string(path(p)).unwrap_or_else(|e| panic!("{p}: {e}"));

    let helix = read("editors/helix/languages.toml");
    for want in [
        r#"name = "hus""#,
        r#"scope = "source.hus""#,
        r#"file-types = ["hus"]"#,
        r#"comment-token = "//""#,
        r#"language-servers = ["hus-lsp"]"#,
        "[language-server.hus-lsp]",
        r#"command = "hus""#,
        r#"args = ["lsp"]"#,
    ] {
        assert!(helix.contains(want), "helix/languages.toml lacks {want}");
    }

    let neovim = read("editors/neovim/plugin/hus.lua");
    assert!(
        neovim.contains("'lsp'"),
        "the Neovim plugin starts `hus lsp`"
    );
    assert!(
        neovim.contains("hus = 'hus'"),
        "the Neovim plugin detects *.hus"
    );
    assert!(read("editors/vim/ftdetect/hus.vim").contains("*.hus setfiletype hus"));
    assert!(read("editors/vim/ftplugin/hus.vim").contains(r"commentstring=//\ %s"));

    let package: serde_json::Value =
        serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let contributes = &package["contributes"];
    assert_eq!(contributes["languages"][0]["id"], "hus");
    assert_eq!(contributes["languages"][0]["extensions"][0], ".hus");
    assert_eq!(contributes["grammars"][0]["scopeName"], "source.hus");
    let grammar = contributes["grammars"][0]["path"].as_str().unwrap();
    assert!(path("editors/vscode").join(grammar).is_file());
    let config = contributes["languages"][0]["configuration"]
        .as_str()
        .unwrap();
    assert!(path("editors/vscode").join(config).is_file());
    assert_eq!(
        contributes["configuration"]["properties"]["hus.path"]["default"],
        "hus"
    );
    assert!(package["dependencies"]["vscode-languageclient"].is_string());
    assert!(read("editors/vscode/extension.js").contains("'lsp'"));

    // The top-level README shows the Neovim and Helix set-ups inline.
    let readme = read("README.md");
    assert!(readme.contains("## In your editor"));
    assert!(readme.contains("cmd = { 'hus', 'lsp' }"));
    assert!(readme.contains("[language-server.hus-lsp]"));

    // Folding and indentation know every block: each opening keyword and its END word.
    let language: serde_json::Value =
        serde_json::from_str(&read("editors/vscode/language-configuration.json")).unwrap();
    assert_eq!(language["comments"]["lineComment"], "//");
    let markers = &language["folding"]["markers"];
    let indent = &language["indentationRules"];
    for &k in KEYWORDS {
        let Some(end) = Tok::keyword(k).and_then(|t| t.end_keyword()) else {
            continue;
        };
        let end = KEYWORDS
            .iter()
            .find(|e| Tok::keyword(e) == Some(end))
            .unwrap();
        for (what, open, close) in [
            ("folding.markers", &markers["start"], &markers["end"]),
            (
                "indentationRules",
                &indent["increaseIndentPattern"],
                &indent["decreaseIndentPattern"],
            ),
        ] {
            assert!(open.as_str().unwrap().contains(k), "{what} opens no {k}");
            assert!(
                close.as_str().unwrap().contains(&end[3..]),
                "{what} closes no {end}"
            );
        }
    }
}
