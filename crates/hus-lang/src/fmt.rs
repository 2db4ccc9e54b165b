//! `hus fmt`: one canonical layout for scripts (reference §14).
//!
//! The formatter works on tokens, never on the tree: the script is lexed with its comments
//! ([`lexer::lossless`]) and the same tokens are written again in the same order, line for
//! line (a line break is significant in HUS), with canonical white space between them, each
//! line indented by the nesting its block keywords open, and names in their canonical
//! spelling. No token is added, dropped, split, joined or moved to another line, so the
//! script reads as the same program; the tests check it on every example and on generated
//! scripts by comparing the checked programs ([`crate::ir::Program::shape`]).
//!
//! ```
//! use hus_lang::diag::SourceFile;
//!
//! let messy = "PREFLOP\nrule AK\n";
//! assert!(hus_lang::fmt::format(&SourceFile::new("bot.hus", messy)).is_err());
//! let messy = "PREFLOP\n\n RULE aK,flushdraw,toCall<=(pot-toCall)/3 // value\nTHEN RAISE 3bb\nENDRULE\nENDPREFLOP";
//! let tidy = hus_lang::fmt::format(&SourceFile::new("bot.hus", messy)).unwrap();
//! assert_eq!(
//!     tidy,
//!     "PREFLOP\n  RULE aK, flushDraw, toCall <= (pot - toCall) / 3 // value\n    THEN RAISE 3bb\n  ENDRULE\nENDPREFLOP\n"
//! );
//! ```

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;

use crate::diag::{SourceDiagnostic, SourceFile};
use crate::syntax::lexer::{self, Piece, Tok};
use crate::syntax::spacing::join;

/// What the formatter may read besides the script.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The script's directory. When given, the names the script's `INCLUDE`d files DEFINE are
    /// spelt as at their definitions too (the files are read, as the checker reads them);
    /// without it only the script's own DEFINEs are. Nothing else depends on it.
    pub base_dir: Option<PathBuf>,
}

/// The script in the canonical layout (possibly equal to its text), or its syntax errors
/// (the lexer's and the parser's, not the checker's) when it does not parse: a script that
/// does not parse is never rewritten.
pub fn format(source: &SourceFile) -> Result<String, Vec<SourceDiagnostic>> {
    format_with(source, &Options::default())
}

/// [`format()`], reading the script's included files for their DEFINEd names when
/// `options.base_dir` is given.
pub fn format_with(
    source: &SourceFile,
    options: &Options,
) -> Result<String, Vec<SourceDiagnostic>> {
    let text: &str = &source.text;
    let (script, diagnostics) = crate::syntax::parse(text);
    let errors: Vec<SourceDiagnostic> = diagnostics
        .into_iter()
        .filter(SourceDiagnostic::is_error)
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut names = Names::default();
    for d in &script.defines {
        names.define(&d.name);
    }
    if let Some(dir) = &options.base_dir {
        let (included, _) = crate::check::include::resolve(&script, source, dir);
        for (d, _) in &included {
            names.define(&d.name);
        }
    }
    Ok(layout(text, &mut names).unwrap_or_else(|| text.to_string()))
}

/// How names are spelt: built-in names as the glossary spells them, DEFINEd names as at their
/// definition, anything else (an `<init>` constant) as written.
#[derive(Default)]
struct Names {
    /// DEFINEd names by their lower-case form; the first definition wins.
    defines: HashMap<String, String>,
    /// Built-in spellings already looked up, by the written form.
    builtin: HashMap<String, Option<String>>,
}

impl Names {
    fn define(&mut self, name: &str) {
        self.defines
            .entry(name.to_ascii_lowercase())
            .or_insert_with(|| name.to_string());
    }

    fn spell<'s>(&mut self, name: &'s str) -> Cow<'s, str> {
        let builtin = self
            .builtin
            .entry(name.to_string())
            .or_insert_with(|| crate::check::names::unusual_case(name));
        if let Some(canonical) = builtin {
            return Cow::Owned(canonical.clone());
        }
        match self.defines.get(&name.to_ascii_lowercase()) {
            Some(defined) if defined != name => Cow::Owned(defined.clone()),
            _ => Cow::Borrowed(name),
        }
    }

    /// A product token (`4BB`, `0.5Pot`): the number as written, the name spelt.
    fn spell_product<'s>(&mut self, product: &'s str) -> Cow<'s, str> {
        let split = product
            .find(|c: char| c.is_ascii_alphabetic() || c == '_')
            .unwrap_or(product.len());
        match self.spell(&product[split..]) {
            Cow::Borrowed(_) => Cow::Borrowed(product),
            Cow::Owned(name) => Cow::Owned(format!("{}{name}", &product[..split])),
        }
    }
}

/// One source line: its tokens (with the text each is written as) and its comment.
#[derive(Default)]
struct Line<'s> {
    tokens: Vec<(Tok<'s>, Cow<'s, str>)>,
    comment: Option<&'s str>,
}

/// What a construct line does to the nesting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// Opens a block, rule, reaction or multi-line DEFINE: what follows is one level deeper.
    Open,
    /// Its END word.
    Close,
    Plain,
}

/// A construct that nests the lines inside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Frame {
    Block,
    Rule,
    Villain,
    Define,
}

/// A line of the output.
enum Out<'s> {
    Blank,
    Comment {
        depth: usize,
        text: &'s str,
    },
    Code {
        depth: usize,
        role: Role,
        first: Tok<'s>,
        text: String,
        comment: Option<&'s str>,
    },
}

/// The layout of `text`, or `None` when it holds a character no token reads (a script that
/// parsed never does; the text is then left as it is).
fn layout(text: &str, names: &mut Names) -> Option<String> {
    let mut newline = "\n";
    let mut saw_newline = false;
    let mut lines = vec![Line::default()];
    for (_, piece, _) in lexer::lossless(text) {
        let line = lines.last_mut().expect("never empty");
        match piece {
            Piece::Token(Tok::Newline) => {
                if !saw_newline {
                    saw_newline = true;
                    if let Some(i) = text.find(['\n', '\r']) {
                        if text[i..].starts_with("\r\n") {
                            newline = "\r\n";
                        }
                    }
                }
                lines.push(Line::default());
            }
            Piece::Token(tok) => {
                let written = match tok {
                    Tok::Name(n) => names.spell(n),
                    Tok::Product(p) => names.spell_product(p),
                    other => Cow::Borrowed(other.written()),
                };
                line.tokens.push((tok, written));
            }
            Piece::Comment(c) => line.comment = Some(c.trim_end()),
            Piece::Stray(_) => return None,
        }
    }

    // Each line's place in the nesting.
    let mut items: Vec<Out<'_>> = Vec::with_capacity(lines.len());
    let mut stack: Vec<Frame> = Vec::new();
    for line in &lines {
        let Some(&(first, _)) = line.tokens.first() else {
            items.push(match line.comment {
                // Its depth is settled below, from the line that follows it.
                Some(text) => Out::Comment { depth: 0, text },
                None => Out::Blank,
            });
            continue;
        };
        let (depth, role) = nesting(&mut stack, first, &line.tokens);
        items.push(Out::Code {
            depth,
            role,
            first,
            text: join(&line.tokens),
            comment: line.comment,
        });
    }
    // A comment line takes the depth of the next construct line, one level in when that
    // line is an END word (the comment is inside what it closes).
    let mut next_depth = 0;
    for item in items.iter_mut().rev() {
        match item {
            Out::Code { depth, role, .. } => {
                next_depth = *depth + usize::from(*role == Role::Close);
            }
            Out::Comment { depth, .. } => *depth = next_depth,
            Out::Blank => {}
        }
    }

    // Blank lines: none at the start or the end, none just inside an opening line or just
    // before an END word, runs collapsed to one, and one between two rules.
    let mut kept: Vec<&Out<'_>> = Vec::with_capacity(items.len());
    // Where a blank line goes if the next construct line is a RULE (just after an ENDRULE
    // with no blank line after it yet).
    let mut after_rule: Option<usize> = None;
    let mut inserts: Vec<usize> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Out::Blank => {
                let after_open_or_blank = match kept.last() {
                    None | Some(Out::Blank) => true,
                    Some(Out::Code { role, .. }) => *role == Role::Open,
                    Some(Out::Comment { .. }) => false,
                };
                let next = items[i + 1..].iter().find(|x| !matches!(x, Out::Blank));
                let before_close_or_end = match next {
                    None => true,
                    Some(Out::Code { role, .. }) => *role == Role::Close,
                    Some(_) => false,
                };
                if !after_open_or_blank && !before_close_or_end {
                    kept.push(item);
                    after_rule = None;
                }
            }
            Out::Comment { .. } => kept.push(item),
            Out::Code { first, .. } => {
                if *first == Tok::Rule {
                    if let Some(at) = after_rule {
                        inserts.push(at);
                    }
                }
                kept.push(item);
                after_rule = (*first == Tok::EndRule).then_some(kept.len());
            }
        }
    }

    let mut out = String::with_capacity(text.len() + text.len() / 8);
    if text.starts_with('\u{FEFF}') {
        out.push('\u{FEFF}');
    }
    let mut inserts = inserts.into_iter().peekable();
    for (i, item) in kept.iter().enumerate() {
        while inserts.next_if_eq(&i).is_some() {
            out.push_str(newline);
        }
        match item {
            Out::Blank => {}
            Out::Comment { depth, text } => {
                indent(&mut out, *depth);
                out.push_str(text);
            }
            Out::Code {
                depth,
                text,
                comment,
                ..
            } => {
                indent(&mut out, *depth);
                out.push_str(text);
                if let Some(c) = comment {
                    out.push(' ');
                    out.push_str(c);
                }
            }
        }
        out.push_str(newline);
    }
    Some(out)
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// The depth of a construct line starting with `first`, and what it does to the nesting
/// (`stack`, updated).
fn nesting(
    stack: &mut Vec<Frame>,
    first: Tok<'_>,
    tokens: &[(Tok<'_>, Cow<'_, str>)],
) -> (usize, Role) {
    // Pops up to and including the innermost `frame`; false (and nothing popped) when none is
    // open.
    fn close(stack: &mut Vec<Frame>, frame: Frame) -> bool {
        match stack.iter().rposition(|f| *f == frame) {
            Some(i) => {
                stack.truncate(i);
                true
            }
            None => false,
        }
    }
    match first {
        t if t.opens_block() => {
            stack.clear();
            stack.push(Frame::Block);
            (0, Role::Open)
        }
        t if t.closes_block() => {
            stack.clear();
            (0, Role::Close)
        }
        Tok::Rule => {
            close(stack, Frame::Rule);
            stack.push(Frame::Rule);
            (stack.len() - 1, Role::Open)
        }
        Tok::EndRule if close(stack, Frame::Rule) => (stack.len(), Role::Close),
        Tok::Villain if stack.last() == Some(&Frame::Rule) => {
            stack.push(Frame::Villain);
            (stack.len() - 1, Role::Open)
        }
        Tok::EndVillain if stack.last() == Some(&Frame::Villain) => {
            stack.pop();
            (stack.len(), Role::Close)
        }
        // `DEFINE name` without `=`: its branch lines follow, up to ENDDEFINE.
        Tok::Define if stack.is_empty() && !tokens.iter().any(|t| t.0 == Tok::Assign) => {
            stack.push(Frame::Define);
            (0, Role::Open)
        }
        Tok::EndDefine if close(stack, Frame::Define) => (stack.len(), Role::Close),
        _ => (stack.len(), Role::Plain),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        format(&SourceFile::new("t.hus", text)).unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn spacing_inside_a_line() {
        assert_eq!(
            fmt("PREFLOP\nRULE   PRIORITY -1 toCall<=( pot-toCall )/3,x> - 2,!pair , QQ+|AK\nTHEN RAISE 0.5 pot , 3BB\nENDRULE\nENDPREFLOP\n"),
            "PREFLOP\n  RULE PRIORITY -1 toCall <= (pot - toCall) / 3, x > -2, !pair, QQ+ | AK\n    THEN RAISE 0.5 pot, 3BB\n  ENDRULE\nENDPREFLOP\n"
        );
        // A strength against a range keeps its word against the `(`.
        assert_eq!(
            fmt("FLOP\nRULE equityVs (QQ+|AK)>=potOdds\nTHEN CALL\nENDRULE\nENDFLOP\n"),
            "FLOP\n  RULE equityVs(QQ+ | AK) >= potOdds\n    THEN CALL\n  ENDRULE\nENDFLOP\n"
        );
        // The condition after PRIORITY's number may start with a minus: it negates.
        assert_eq!(
            fmt("FLOP\nRULE PRIORITY 1 -pot < 0\nTHEN CALL\nENDRULE\nRULE PRIORITY -2 -pot<0\nTHEN FOLD\nENDRULE\nENDFLOP\n"),
            "FLOP\n  RULE PRIORITY 1 -pot < 0\n    THEN CALL\n  ENDRULE\n\n  RULE PRIORITY -2 -pot < 0\n    THEN FOLD\n  ENDRULE\nENDFLOP\n"
        );
        assert_eq!(
            fmt("FLOP\nRULE -(-pot)*2>-x - -3\nTHEN CALL\nENDRULE\nENDFLOP"),
            "FLOP\n  RULE -(-pot) * 2 > -x - -3\n    THEN CALL\n  ENDRULE\nENDFLOP\n"
        );
    }

    #[test]
    fn names_take_their_canonical_spelling() {
        assert_eq!(
            fmt("DEFINE Strong = FLUSHDRAW\nPREFLOP\nRULE STRONG, !strong, TOCALL < 2Bb, toCall < 2 BB, ante > 0\nTHEN RAISE 3bb\nENDRULE\nENDPREFLOP\n"),
            "DEFINE Strong = flushDraw\nPREFLOP\n  RULE Strong, !Strong, toCall < 2bb, toCall < 2 BB, ante > 0\n    THEN RAISE 3bb\n  ENDRULE\nENDPREFLOP\n"
        );
    }

    #[test]
    fn blank_lines() {
        assert_eq!(
            fmt("\n\n// head\n\n\nPREFLOP\n\nRULE AK\n\nTHEN CALL\n\nENDRULE\nRULE KK\nTHEN CALL\nENDRULE\n// tail\n\nENDPREFLOP\n\n\n"),
            "// head\n\nPREFLOP\n  RULE AK\n    THEN CALL\n  ENDRULE\n\n  RULE KK\n    THEN CALL\n  ENDRULE\n  // tail\nENDPREFLOP\n"
        );
    }

    #[test]
    fn crlf_and_a_byte_order_mark_are_kept() {
        assert_eq!(
            fmt("\u{FEFF}PREFLOP\r\nRULE AK\r\nTHEN CALL\r\nENDRULE\r\nENDPREFLOP"),
            "\u{FEFF}PREFLOP\r\n  RULE AK\r\n    THEN CALL\r\n  ENDRULE\r\nENDPREFLOP\r\n"
        );
    }

    #[test]
    fn nothing_to_format() {
        assert_eq!(fmt(""), "");
        assert_eq!(fmt("\n \n"), "");
        assert_eq!(fmt("// only\n"), "// only\n");
    }
}
