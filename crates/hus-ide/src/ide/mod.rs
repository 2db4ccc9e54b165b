//! What an editor asks about a script, answered without any protocol: the diagnostics `hus
//! check` reports, hover texts, completions, the outline, folds and where a name is defined.
//! [`crate::lsp`] (the `lsp` feature) speaks the Language Server Protocol on top of it; any
//! other editor integration may use this module directly.
//!
//! Offsets are byte offsets into the script's text, as every span of the crate;
//! [`position`] converts them to and from the protocol's UTF-16 positions.

pub mod complete;
pub mod defines;
pub mod hover;
pub mod outline;
pub mod position;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::check::{self, CheckOptions};
use crate::diag::{SourceDiagnostic, SourceFile, Span};
use crate::syntax::ast;
use crate::syntax::lexer::{self, Tok};

/// Where every diagnostic code is documented: the table of codes in the reference
/// (docs/language.md §9, "Diagnostic codes"), on the repository's main branch. Editors link
/// each diagnostic's code there.
pub const DIAGNOSTIC_CODES_URL: &str =
    "https://github.com/hus-lang/hus/blob/main/docs/language.md#diagnostic-codes";

/// One script as an editor holds it: its text, the syntax tree the parser could build (partial
/// after an error) and every diagnostic `hus check` reports for it.
#[derive(Debug)]
pub struct Analysis {
    pub source: SourceFile,
    pub options: CheckOptions,
    pub script: ast::Script,
    /// Exactly what `hus check` reports, in its order.
    pub diagnostics: Vec<SourceDiagnostic>,
    /// The DEFINEs, indexed on first use.
    defines: std::sync::OnceLock<defines::Defines>,
}

impl Analysis {
    /// Parses and checks `source` with `options` (as `hus check` does; `options.base_dir` is
    /// the script's directory).
    pub fn new(source: SourceFile, options: CheckOptions) -> Analysis {
        let (script, syntax) = crate::syntax::parse(&source.text);
        let checked = check::check_tree(&script, syntax, &source, &options);
        Analysis {
            source,
            options,
            script,
            diagnostics: checked.diagnostics,
            defines: std::sync::OnceLock::new(),
        }
    }

    /// [`Analysis::new`] without the check: the syntax tree, no diagnostics. For questions
    /// at the cursor that never read them (completion, hover but for an `INCLUDE` path's),
    /// where checking a pasted document would take most of the answer's time.
    pub fn parsed(source: SourceFile, options: CheckOptions) -> Analysis {
        let (script, _) = crate::syntax::parse(&source.text);
        Analysis {
            source,
            options,
            script,
            diagnostics: Vec::new(),
            defines: std::sync::OnceLock::new(),
        }
    }

    /// The DEFINEs of the files the script includes, each with its file.
    pub fn included_defines(&self) -> Vec<check::include::IncludedDefine> {
        check::include::resolve_in(&self.script, &self.source, &self.options).0
    }

    /// Every DEFINE, the script's own then the included files', with what each is; worked
    /// out once (included files are read once).
    pub fn defines(&self) -> &defines::Defines {
        self.defines.get_or_init(|| {
            let own = self.script.defines.iter().map(|d| (d.clone(), None));
            let included = self
                .included_defines()
                .into_iter()
                .map(|(d, f)| (d, Some(f)));
            defines::Defines::new(own.chain(included).collect())
        })
    }

    /// A DEFINE by name (case-insensitive): the script's own first, then the included files'
    /// (`None` for the file: the script itself).
    pub fn find_define(&self, name: &str) -> Option<(ast::Define, Option<Arc<SourceFile>>)> {
        self.defines().find(name).cloned()
    }

    /// The token at `offset`: the one that contains it, else the one that ends there (the
    /// cursor just after a word).
    pub fn token_at(&self, offset: usize) -> Option<Token> {
        token_at(&self.source.text, offset)
    }

    /// Where what is at `offset` is defined: a DEFINEd name's DEFINE (in an included file
    /// too), a `USE TABLE` path's file, an `INCLUDE` path's file.
    pub fn definition(&self, offset: usize) -> Option<Target> {
        let token = self.token_at(offset)?;
        match token.kind {
            TokenKind::Name(name) => {
                let (define, file) = self.find_define(&name)?;
                Some(match file {
                    None => Target {
                        path: None,
                        span: Some(define.name_span),
                    },
                    Some(f) => Target {
                        path: Some(PathBuf::from(&f.name)),
                        span: Some(define.name_span),
                    },
                })
            }
            TokenKind::TablePath(path) => {
                let file = self.options.base_dir.join(&path);
                file.is_file().then_some(Target {
                    path: Some(file),
                    span: None,
                })
            }
            TokenKind::IncludePath(path) => {
                let file = self.options.base_dir.join(&path);
                file.is_file().then_some(Target {
                    path: Some(file),
                    span: None,
                })
            }
            _ => None,
        }
    }

    /// The outline: blocks with their rules (and a rule's reactions), DEFINEs and INCLUDEs.
    pub fn symbols(&self) -> Vec<Symbol> {
        outline::outline(&self.source.text)
            .iter()
            .map(|n| symbol(&self.source, n))
            .collect()
    }

    /// Folds for blocks, rules, reactions and DEFINE ... ENDDEFINE, as 0-based first and
    /// last lines (only constructs of more than one line).
    pub fn folds(&self) -> Vec<(u32, u32)> {
        fn walk(file: &SourceFile, nodes: &[outline::Node], out: &mut Vec<(u32, u32)>) {
            for n in nodes {
                let first = file.line_of(n.keyword.start);
                let last = file.line_of(n.span.end.saturating_sub(1).max(n.keyword.start));
                if last > first {
                    out.push((first as u32, last as u32));
                }
                walk(file, &n.children, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.source, &outline::outline(&self.source.text), &mut out);
        out
    }
}

/// Where a definition is: a span in the script (`path` `None`) or a place in another file
/// (`span` `None`: the file itself).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub path: Option<PathBuf>,
    pub span: Option<Span>,
}

/// What kind of thing an outline entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    Block,
    Rule,
    Reaction,
    Define,
    Include,
}

/// One entry of the outline.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// `PREFLOP`, `RULE (line 3): JJ+`, `VILLAIN (line 5): villainRaise > 4BB`,
    /// `DEFINE premium`, `INCLUDE "lib.hus"`.
    pub name: String,
    /// A rule's priority and action (`PRIORITY -1, THEN FOLD`), a block's rule count, a
    /// one-line DEFINE's body.
    pub detail: String,
    pub kind: SymbolKind,
    /// The whole construct.
    pub span: Span,
    /// What to select when it is picked: its opening keyword.
    pub selection: Span,
    pub children: Vec<Symbol>,
}

fn symbol(file: &SourceFile, n: &outline::Node) -> Symbol {
    let text = |s: &Option<Span>| {
        s.clone()
            .and_then(|s| file.text.get(s))
            .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    let line = file.line_of(n.keyword.start) + 1;
    let (kind, name, detail) = match n.kind {
        outline::OutlineKind::Block(b) => {
            let rules = n.children.len();
            (
                SymbolKind::Block,
                b.keyword().to_string(),
                format!("{rules} rule{}", if rules == 1 { "" } else { "s" }),
            )
        }
        outline::OutlineKind::Rule | outline::OutlineKind::Reaction => {
            let (kind, word) = if n.kind == outline::OutlineKind::Rule {
                (SymbolKind::Rule, "RULE")
            } else {
                (SymbolKind::Reaction, "VILLAIN")
            };
            let head = text(&n.head).unwrap_or_else(|| "no condition".into());
            let detail: Vec<String> = [text(&n.priority), text(&n.action)]
                .into_iter()
                .flatten()
                .collect();
            (
                kind,
                format!("{word} (line {line}): {head}"),
                detail.join(", "),
            )
        }
        outline::OutlineKind::Define => (
            SymbolKind::Define,
            format!("DEFINE {}", text(&n.head).unwrap_or_default()),
            text(&n.action).unwrap_or_default(),
        ),
        outline::OutlineKind::Include => (
            SymbolKind::Include,
            format!("INCLUDE {}", text(&n.head).unwrap_or_default()),
            String::new(),
        ),
    };
    Symbol {
        name,
        detail,
        kind,
        span: n.span.clone(),
        selection: n.keyword.clone(),
        children: n.children.iter().map(|c| symbol(file, c)).collect(),
    }
}

/// A token of the script, as hover and go-to-definition see it.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// A predicate, constant or DEFINEd name; also the name part of a product (`BB` of `4BB`).
    Name(String),
    /// A DEFINE's own name, after `DEFINE`.
    DefineName(String),
    /// A card query (`JJ+`), or two digits (`22`) that may be one.
    Query(String),
    DigitPair(String),
    /// The path after `USE TABLE` (quotes removed).
    TablePath(String),
    /// The path after `INCLUDE` (quotes removed).
    IncludePath(String),
    /// A keyword (`RAISE`, `ENDRULE`, ...), as written canonically.
    Keyword(&'static str),
    Other,
}

/// The token at `offset` in `text` (see [`Analysis::token_at`]).
pub fn token_at(text: &str, offset: usize) -> Option<Token> {
    let mut ignored = Vec::new();
    let tokens = lexer::tokens(text, &mut ignored);
    let i = tokens
        .iter()
        .position(|&(l, t, r)| l <= offset && offset < r && !synthetic(t, l, r))
        .or_else(|| {
            tokens
                .iter()
                .position(|&(l, t, r)| r == offset && l < r && !synthetic(t, l, r))
        })?;
    let (l, tok, r) = tokens[i];
    let before = i.checked_sub(1).map(|j| tokens[j].1);
    let kind = match tok {
        Tok::Name(n) if before == Some(Tok::Define) => TokenKind::DefineName(n.to_string()),
        Tok::Name(n) => TokenKind::Name(n.to_string()),
        Tok::Product(p) => {
            let split = p
                .find(|c: char| c.is_ascii_alphabetic() || c == '_')
                .unwrap_or(p.len());
            return Some(Token {
                kind: TokenKind::Name(p[split..].to_string()),
                span: l + split..r,
            });
        }
        Tok::Query(q) => TokenKind::Query(q.to_string()),
        Tok::DigitPair(q) => TokenKind::DigitPair(q.to_string()),
        Tok::Path(p) => TokenKind::TablePath(p.to_string()),
        Tok::Str(s) if before == Some(Tok::Table) => TokenKind::TablePath(lexer::unescape(s)),
        Tok::Str(s) if before == Some(Tok::Include) => TokenKind::IncludePath(lexer::unescape(s)),
        t => match t.as_keyword() {
            // A keyword the lexer read from a look-alike (`then`) is still that keyword.
            Some(k) => TokenKind::Keyword(k.text()),
            None => TokenKind::Other,
        },
    };
    Some(Token { kind, span: l..r })
}

/// A token the lexer's glue made up (an empty span, or one that does not cover its text).
fn synthetic(t: Tok<'_>, l: usize, r: usize) -> bool {
    l == r || matches!(t, Tok::NoAction | Tok::Eof | Tok::Newline)
}

/// The options `hus check` uses for a script at `path` (`--define` and `--table-dir` empty).
pub fn check_options(path: Option<&Path>) -> CheckOptions {
    CheckOptions {
        base_dir: path
            .and_then(Path::parent)
            .unwrap_or(Path::new(""))
            .to_path_buf(),
        ..CheckOptions::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(text: &str) -> Analysis {
        Analysis::new(SourceFile::new("bot.hus", text), CheckOptions::default())
    }

    #[test]
    fn symbols_name_rules_by_line_and_first_condition() {
        let a = analysis(
            "DEFINE premium = QQ+ | AK\nPREFLOP\n  RULE premium, !pair\n    THEN RAISE 3BB\n  ENDRULE\n  RULE PRIORITY -1\n    THEN FOLD\n    VILLAIN\n      THEN FOLD\n    ENDVILLAIN\n  ENDRULE\nENDPREFLOP\n",
        );
        let s = a.symbols();
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["DEFINE premium", "PREFLOP"]);
        assert_eq!(s[0].detail, "QQ+ | AK");
        assert_eq!(s[1].detail, "2 rules");
        let rules: Vec<(&str, &str)> = s[1]
            .children
            .iter()
            .map(|r| (r.name.as_str(), r.detail.as_str()))
            .collect();
        assert_eq!(
            rules,
            [
                ("RULE (line 3): premium", "THEN RAISE 3BB"),
                ("RULE (line 6): no condition", "PRIORITY -1, THEN FOLD")
            ]
        );
        assert_eq!(
            s[1].children[1].children[0].name,
            "VILLAIN (line 8): no condition"
        );
        assert_eq!(a.folds(), [(1, 11), (2, 4), (5, 10), (7, 9)]);
    }

    #[test]
    fn tokens_under_the_cursor() {
        let t = "DEFINE big = 3BB\nPREFLOP\nRULE JJ+\n  THEN USE TABLE t/open.tsv\nENDRULE\nENDPREFLOP\n";
        let at = |s: &str, k: usize| token_at(t, t.find(s).unwrap() + k).map(|t| t.kind);
        assert_eq!(at("big", 1), Some(TokenKind::DefineName("big".into())));
        assert_eq!(at("3BB", 0), Some(TokenKind::Name("BB".into())));
        assert_eq!(at("JJ+", 3), Some(TokenKind::Query("JJ+".into())));
        assert_eq!(
            at("t/open", 4),
            Some(TokenKind::TablePath("t/open.tsv".into()))
        );
        assert_eq!(at("THEN", 2), Some(TokenKind::Keyword("THEN")));
        assert_eq!(at("ENDRULE", 7), Some(TokenKind::Keyword("ENDRULE")));
    }
}

#[cfg(test)]
mod fix_tests {
    use crate::check::{check, CheckOptions};
    use crate::diag::{Code, SourceFile};

    /// Checks `text`, applies the one fix of its diagnostic `code`, and returns the new text
    /// after checking that the fixed script no longer has that diagnostic.
    fn fixed(text: &str, code: Code) -> String {
        let file = SourceFile::new("bot.hus", text);
        let checked = check(&file, &CheckOptions::default());
        let d = checked
            .diagnostics
            .iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("no {code} in {:#?}", checked.diagnostics));
        assert_eq!(d.fixes.len(), 1, "{d:#?}");
        let fix = &d.fixes[0];
        let mut out = text.to_string();
        out.replace_range(fix.span.clone(), &fix.replacement);
        let again = check(
            &SourceFile::new("bot.hus", out.as_str()),
            &CheckOptions::default(),
        );
        assert!(
            !again.diagnostics.iter().any(|d| d.code == code),
            "{out}\n{:#?}",
            again.diagnostics
        );
        out
    }

    #[test]
    fn every_suggestion_is_an_edit_that_resolves_it() {
        let rule = |body: &str| format!("FLOP\nRULE {body}\n  THEN CALL\nENDRULE\nENDFLOP\n");
        assert_eq!(
            fixed(&rule("flushdraww"), Code::UnknownName),
            rule("flushDraw")
        );
        assert_eq!(fixed(&rule("FlushDraw"), Code::NameCase), rule("flushDraw"));
        assert_eq!(fixed(&rule("KA"), Code::QueryLowFirst), rule("AK"));
        assert_eq!(fixed(&rule("QQo"), Code::QueryOffsuitPair), rule("QQ"));
        assert_eq!(fixed(&rule("KKs+"), Code::SuitedPair), rule("KK+"));
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  THEN CALL\nENDRULE\nENDTURN\n",
                Code::EndMismatch
            ),
            "FLOP\nRULE pair\n  THEN CALL\nENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  THEN CALL\n  VILLAIN\n    THEN FOLD\nENDRULE\nENDFLOP\n",
                Code::MissingEnd
            ),
            "FLOP\nRULE pair\n  THEN CALL\n  VILLAIN\n    THEN FOLD\n  ENDVILLAIN\nENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(
                "FLOP\n  RULE pair\n    THEN CALL\n  RULE AK\n    THEN FOLD\n  ENDRULE\nENDFLOP\n",
                Code::MissingEnd
            ),
            "FLOP\n  RULE pair\n    THEN CALL\n  ENDRULE\n  RULE AK\n    THEN FOLD\n  ENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed("FLOP\n  RULE pair\n    THEN CALL", Code::UnexpectedEof),
            "FLOP\n  RULE pair\n    THEN CALL\n  ENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  THEN CALL\nENDVILLAIN\nENDFLOP\n",
                Code::EndMismatch
            ),
            "FLOP\nRULE pair\n  THEN CALL\nENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  then CALL\nENDRULE\nENDFLOP\n",
                Code::UnknownKeyword
            ),
            rule("pair")
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  THEN CALL\nENDRUL\nENDFLOP\n",
                Code::UnknownKeyword
            ),
            rule("pair")
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE NOT  pair\n  THEN CALL\nENDRULE\nENDFLOP\n",
                Code::UnknownKeyword
            ),
            rule("!pair")
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  CALL\nENDRULE\nENDFLOP\n",
                Code::MissingThen
            ),
            "FLOP\nRULE pair\n  THEN CALL\nENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(
                "FLOP\nRULE pair\n  THEN RAISE 0.5 3BB, 4BB\nENDRULE\nENDFLOP\n",
                Code::MixedWeights
            ),
            "FLOP\nRULE pair\n  THEN RAISE 0.5 3BB, 1 4BB\nENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fixed(&rule("pair # x"), Code::StrayCharacter),
            rule("pair // x")
        );
        let raise = |a: &str| format!("FLOP\nRULE pair\n  THEN {a}\nENDRULE\nENDFLOP\n");
        assert_eq!(
            fixed(&raise("RAISE TO 3BB"), Code::UnknownKeyword),
            raise("RAISETO 3BB")
        );
        assert_eq!(
            fixed(&raise("RAISE 50% pot"), Code::StrayCharacter),
            raise("RAISE 0.5 pot")
        );
        assert_eq!(fixed(&rule("aks"), Code::UnknownName), rule("AKs"));
        assert_eq!(
            fixed(&rule("villainFoldToCBet > 0.55"), Code::OutOfRange),
            rule("villainFoldToCBet > 55")
        );
        assert_eq!(fixed(&rule("K9s+"), Code::PlusHoldsHigher), rule("K9s-KQs"));
        assert_eq!(
            fixed(&rule("pair // hus: allow(name-cse)"), Code::UnknownAllow),
            rule("pair // hus: allow(name-case)")
        );
        // A rule that never plays is removed whole, ENDRULE and its line included.
        let never = "PREFLOP\n  RULE AK, QQ\n    THEN CALL\n  ENDRULE // never\n  RULE\n    THEN FOLD\n  ENDRULE\nENDPREFLOP\n";
        assert_eq!(
            fixed(never, Code::UnsatisfiableRule),
            "PREFLOP\n  RULE\n    THEN FOLD\n  ENDRULE\nENDPREFLOP\n"
        );
        let shadowed = "PREFLOP\n  RULE\n    THEN FOLD\n  ENDRULE\n  RULE AK\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n";
        assert_eq!(
            fixed(shadowed, Code::ShadowedRule),
            "PREFLOP\n  RULE\n    THEN FOLD\n  ENDRULE\nENDPREFLOP\n"
        );
    }
}
