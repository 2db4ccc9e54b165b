//! The lexer (reference §1), built with logos, and the glue that turns its raw tokens into what
//! the grammar reads: newlines collapsed, `USE TABLE` paths cut out, keyword look-alikes
//! replaced by the keyword they resemble (with an error), text outside blocks skipped (with
//! an error), and an end-of-file marker appended.

use crate::diag::Code;
use logos::Logos;

use crate::diag::{did_you_mean, SourceDiagnostic, Span};

mod glue;
pub use glue::tokens;

/// The keyword table, written once: each `Variant "TEXT"` pair becomes a logos token of
/// [`Tok`], an entry of [`KEYWORDS`], a case of [`Tok::keyword`] and of [`Tok::text`].
/// (The grammar's `extern` block names them again, as lalrpop requires; a test checks it
/// against this table.)
macro_rules! keywords {
    ($($variant:ident $text:literal,)*) => {
        /// One raw token as logos finds it. Text-carrying tokens borrow from the source.
        #[derive(Logos, Clone, Copy, Debug, PartialEq)]
        // Spaces, and a byte-order mark (an editor's, at the start of the file).
        #[logos(skip r"[ \t\f\u{FEFF}]+")]
        // A comment runs to the end of its line: greedy on purpose (it cannot cross a line).
        #[logos(skip(r"//[^\r\n]*", allow_greedy = true))]
        pub enum Tok<'s> {
            $(
                #[token($text)]
                $variant,
            )*

            /// A constant or predicate name (case-insensitive later; the text is kept as written).
            #[regex(r"[A-Za-z_][A-Za-z0-9_]*", |lex| lex.slice(), priority = 3)]
            Name(&'s str),
            /// `40`, `0.5`.
            #[regex(r"[0-9]+(\.[0-9]+)?", |lex| lex.slice(), priority = 3)]
            Number(&'s str),
            /// A number directly followed by a name: `4BB`, `0.5pot` (a product).
            #[regex(r"[0-9]+(\.[0-9]+)?[A-Za-z_][A-Za-z0-9_]*", |lex| lex.slice(), priority = 4)]
            Product(&'s str),
            /// A card query: `AK`, `T5`, `Q8s+`, `JJ-`, `A2s-A5s`, `22-66`. Two digits alone
            /// (`22`, `54`) are turned into [`Tok::DigitPair`] by the glue.
            #[regex(r"[2-9TJQKA][2-9TJQKA][so]?[+-]?", |lex| lex.slice(), priority = 10)]
            #[regex(r"[2-9TJQKA][2-9TJQKA][so]?-[2-9TJQKA][2-9TJQKA][so]?", |lex| lex.slice(), priority = 10)]
            Query(&'s str),
            /// Two rank digits alone (`22`, `54`, `99`): a card query as a condition, a number in a
            /// comparison or an amount. Made by the glue, never by logos.
            DigitPair(&'s str),
            /// `"..."` with its quotes, escapes not yet resolved.
            #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#, |lex| lex.slice())]
            Str(&'s str),
            /// A string with no closing quote on its line (reported, then read as if closed).
            #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#, |lex| lex.slice())]
            OpenStr(&'s str),
            /// The path after `USE TABLE`, made by the glue.
            Path(&'s str),

            #[token(">")]
            Gt,
            #[token("<")]
            Lt,
            #[token(">=")]
            Ge,
            #[token("<=")]
            Le,
            #[token("==")]
            EqEq,
            #[token("!=")]
            Ne,
            #[token("!")]
            Not,
            #[token(",")]
            Comma,
            #[token("-")]
            Minus,
            #[token("+")]
            Plus,
            #[token("*")]
            Star,
            #[token("/")]
            Slash,
            #[token("(")]
            LParen,
            #[token(")")]
            RParen,
            /// The union of card queries in a range: `QQ+ | AK`.
            #[token("|")]
            Pipe,
            /// `DEFINE name = ...`.
            #[token("=")]
            Assign,
            /// A class's weight in a range: `AKo:0.5`.
            #[token(":")]
            Colon,
            /// The range of a tunable DEFINE: `TUNE 2BB..4BB`.
            #[token("..")]
            DotDot,
            /// A line break (`\n`, `\r\n` or a lone `\r`); runs of them are collapsed by the
            /// glue.
            #[regex(r"\r\n?|\n")]
            Newline,
            /// End of input, appended by the glue so the grammar can name it.
            Eof,
            /// The action of a rule with only VILLAIN reactions (`THEN` omitted): made by the
            /// glue before the first `VILLAIN`, never by logos. The rule gives nothing until
            /// the villain has acted.
            NoAction,
        }

        /// Every keyword, for did-you-mean suggestions and for spotting keywords in the wrong case.
        pub const KEYWORDS: &[&str] = &[$($text,)*];

        impl<'s> Tok<'s> {
            /// The keyword token for a keyword's text.
            pub fn keyword(text: &str) -> Option<Tok<'static>> {
                match text {
                    $($text => Some(Tok::$variant),)*
                    _ => None,
                }
            }

            /// The fixed text of a keyword token (`None` for every other token).
            fn keyword_text(self) -> Option<&'static str> {
                match self {
                    $(Tok::$variant => Some($text),)*
                    _ => None,
                }
            }

            /// The same keyword, free of the source's lifetime (`None` for other tokens).
            pub fn as_keyword(self) -> Option<Tok<'static>> {
                match self {
                    $(Tok::$variant => Some(Tok::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

keywords! {
    Preflop "PREFLOP",
    EndPreflop "ENDPREFLOP",
    Flop "FLOP",
    EndFlop "ENDFLOP",
    Turn "TURN",
    EndTurn "ENDTURN",
    River "RIVER",
    EndRiver "ENDRIVER",
    Always "ALWAYS",
    EndAlways "ENDALWAYS",
    Rule "RULE",
    EndRule "ENDRULE",
    Priority "PRIORITY",
    Then "THEN",
    Do "DO",
    Villain "VILLAIN",
    EndVillain "ENDVILLAIN",
    Fold "FOLD",
    Check "CHECK",
    Call "CALL",
    Raise "RAISE",
    Use "USE",
    Table "TABLE",
    External "external",
    RaiseTo "RAISETO",
    Define "DEFINE",
    Include "INCLUDE",
    EndDefine "ENDDEFINE",
    With "WITH",
    Tune "TUNE",
}

impl<'s> Tok<'s> {
    /// The END word that closes an opening keyword (`RULE` → `ENDRULE`).
    pub fn end_keyword(self) -> Option<Tok<'static>> {
        Some(match self {
            Tok::Preflop => Tok::EndPreflop,
            Tok::Flop => Tok::EndFlop,
            Tok::Turn => Tok::EndTurn,
            Tok::River => Tok::EndRiver,
            Tok::Always => Tok::EndAlways,
            Tok::Rule => Tok::EndRule,
            Tok::Villain => Tok::EndVillain,
            _ => return None,
        })
    }

    /// Opens a phase block (`PREFLOP`...).
    pub fn opens_block(self) -> bool {
        matches!(
            self,
            Tok::Preflop | Tok::Flop | Tok::Turn | Tok::River | Tok::Always
        )
    }

    /// Closes a phase block (`ENDPREFLOP`...).
    pub fn closes_block(self) -> bool {
        matches!(
            self,
            Tok::EndPreflop | Tok::EndFlop | Tok::EndTurn | Tok::EndRiver | Tok::EndAlways
        )
    }

    /// How the token reads in an error message.
    pub fn describe(self) -> String {
        match self {
            Tok::Name(s) => format!("the name `{s}`"),
            Tok::Number(s) => format!("the number `{s}`"),
            Tok::Product(s) => format!("the amount `{s}`"),
            Tok::Query(s) => format!("the card query `{s}`"),
            Tok::DigitPair(s) => format!("`{s}`"),
            Tok::Str(_) | Tok::OpenStr(_) => "a string".into(),
            Tok::Path(s) => format!("the path `{s}`"),
            Tok::Newline => "the end of the line".into(),
            Tok::Eof => "the end of the file".into(),
            other => format!("`{}`", other.text()),
        }
    }

    /// The token as written: a name's, number's or query's own text, else its fixed text.
    pub fn written(self) -> &'s str {
        match self {
            Tok::Name(s)
            | Tok::Product(s)
            | Tok::Number(s)
            | Tok::Query(s)
            | Tok::DigitPair(s)
            | Tok::Str(s)
            | Tok::OpenStr(s)
            | Tok::Path(s) => s,
            other => other.text(),
        }
    }

    /// The fixed text of a keyword or operator token.
    pub fn text(self) -> &'static str {
        if let Some(text) = self.keyword_text() {
            return text;
        }
        match self {
            Tok::Gt => ">",
            Tok::Lt => "<",
            Tok::Ge => ">=",
            Tok::Le => "<=",
            Tok::EqEq => "==",
            Tok::Ne => "!=",
            Tok::Not => "!",
            Tok::Comma => ",",
            Tok::Minus => "-",
            Tok::Plus => "+",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Pipe => "|",
            Tok::Colon => ":",
            Tok::DotDot => "..",
            Tok::Assign => "=",
            Tok::Newline => "\n",
            _ => "",
        }
    }
}

/// A token with its byte span.
pub type Spanned<'s> = (usize, Tok<'s>, usize);

/// A rule whose first reaction comes before any action gets the synthetic `THEN NoAction`
/// before its first `VILLAIN` (reference §4: a rule may have only reactions). A `THEN` written
/// after the rule's reactions is one error, "THEN must come before VILLAIN", and its line is
/// dropped (it would otherwise produce a cascade of parse errors).
fn reaction_only_rules<'s>(
    toks: Vec<Spanned<'s>>,
    diags: &mut Vec<SourceDiagnostic>,
) -> Vec<Spanned<'s>> {
    let mut out = Vec::with_capacity(toks.len() + 8);
    let mut in_rule = false;
    let mut in_reaction = false;
    let mut has_action = false;
    let mut had_reaction = false;
    let mut skip_line = false;
    for t in toks {
        let (start, tok, end) = t;
        if skip_line {
            if tok == Tok::Newline {
                skip_line = false;
            }
            continue;
        }
        let at_line_start = matches!(out.last(), Some((_, Tok::Newline, _)));
        match tok {
            Tok::Rule => {
                in_rule = true;
                in_reaction = false;
                has_action = false;
                had_reaction = false;
            }
            Tok::EndRule => in_rule = false,
            Tok::Villain if in_rule && !in_reaction => {
                if !has_action && !had_reaction && at_line_start {
                    out.push((start, Tok::Then, start));
                    out.push((start, Tok::NoAction, start));
                    out.push((start, Tok::Newline, start));
                    has_action = true;
                }
                in_reaction = true;
                had_reaction = true;
            }
            Tok::EndVillain => in_reaction = false,
            Tok::Then | Tok::Do if in_rule && !in_reaction && had_reaction && at_line_start => {
                diags.push(
                    SourceDiagnostic::error(
                        Code::ThenPosition,
                        "`THEN` must come before `VILLAIN`",
                    )
                    .at(start..end)
                    .with_label("after the reactions")
                    .with_help("move the THEN line up, above the rule's first VILLAIN reaction"),
                );
                skip_line = true;
                continue;
            }
            Tok::Then | Tok::Do | Tok::Fold | Tok::Check | Tok::Call | Tok::Raise | Tok::Use
                if in_rule && !in_reaction && at_line_start =>
            {
                has_action = true;
            }
            _ => {}
        }
        out.push((start, tok, end));
    }
    out
}

/// Words from other bot languages and poker talk (`BET`, `ALLIN`, `NOT`), with the
/// tokens of the HUS way to say them, the error message and its help.
fn poker_habit(name: &str, at_line_start: bool) -> Option<(Vec<Tok<'static>>, String, String)> {
    // Compared in place: this runs for every name in the script.
    let is = |word: &str| name.eq_ignore_ascii_case(word);
    if at_line_start && is("BET") {
        Some((
            vec![Tok::Raise],
            format!("`{name}`: in HUS a bet is a `RAISE`"),
            "write `RAISE 3BB`: it raises by 3BB above the call, which is a bet when nothing is owed"
                .into(),
        ))
    } else if at_line_start && (is("ALLIN") || is("SHOVE") || is("JAM")) {
        Some((
            vec![Tok::Raise, Tok::Name("allIn")],
            format!("`{name}`: going all in is `RAISE allIn`"),
            "write `RAISE allIn`".into(),
        ))
    } else if name == "NOT" {
        Some((
            vec![Tok::Not],
            "`NOT`: a condition is negated with `!`".into(),
            "write `!pair`".into(),
        ))
    } else {
        None
    }
}

/// Reports a pending run of stray characters. Called for every token: the common case
/// (nothing stray) is inline, the report is not.
#[inline(always)]
fn flush_bad_chars(source: &str, bad: &mut Option<Span>, diags: &mut Vec<SourceDiagnostic>) {
    if let Some(span) = bad.take() {
        report_bad_chars(source, span, diags);
    }
}

#[cold]
#[inline(never)]
fn report_bad_chars(source: &str, span: Span, diags: &mut Vec<SourceDiagnostic>) {
    let text = &source[span.clone()];
    let (msg, help) = if text.starts_with('=') {
        (
            format!("unexpected `{text}`"),
            "compare with `==`, `!=`, `<`, `<=`, `>` or `>=`",
        )
    } else if text.starts_with('/') {
        (
            format!("unexpected `{text}`"),
            "a comment starts with `//` and runs to the end of the line",
        )
    } else if text.starts_with('%') {
        diags.push(percent_sign(source, span));
        return;
    } else {
        (
            format!("unexpected character `{text}`"),
            "remove it: HUS has no such symbol",
        )
    };
    diags.push(
        SourceDiagnostic::error(Code::StrayCharacter, msg)
            .at(span)
            .with_help(help),
    );
}

/// `%`: in an amount (`RAISE 50% pot`) the fraction is written `0.5 pot`, which the fix
/// writes; in a condition a probability is a fraction (`equity > 0.6`) and a statistic a
/// percentage without the sign (`villainVPIP > 30`), so no fix can know which is meant.
/// Dropping the sign would change a size a hundredfold, so the help never says so.
fn percent_sign(source: &str, span: Span) -> SourceDiagnostic {
    let before = &source[..span.start];
    let digits = before.len()
        - before
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    let number = &before[before.len() - digits..];
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let in_amount = line.contains("RAISE");
    let message = "`%`: HUS has no percent sign";
    let d = |message: String| {
        SourceDiagnostic::error(Code::StrayCharacter, message)
            .at(span.clone())
            .with_label("a percent sign")
    };
    match number.parse::<f64>() {
        Ok(n) if in_amount => {
            let fraction = format!("{}", (n * 1e7).round() / 1e9);
            let after = source[span.end..].trim_start_matches([' ', '\t']);
            let word = after
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
                .unwrap_or("pot");
            // The message carries the fraction too: the short format shows no help.
            d(format!("{message}: write `{fraction} {word}`")).with_help(format!(
                "a share is a fraction: write `{fraction} {word}` (`{number}%` is {fraction} of it)"
            ))
            .with_replacement(span.start - digits..span.end, fraction)
        }
        _ => d(message.to_string()).with_help(
            "a probability is a fraction (`equity > 0.6`), a statistic a percentage without the sign (`villainVPIP > 30`), and a share of the pot a fraction (`RAISE 0.5 pot`)",
        ),
    }
}

fn outside_block(at: Span, first: Tok<'_>) -> SourceDiagnostic {
    let help = "rules go inside a `PREFLOP`, `FLOP`, `TURN`, `RIVER` or `ALWAYS` block";
    let d = match first {
        Tok::Rule => SourceDiagnostic::error(Code::OutsideBlock, "`RULE` outside a block"),
        t if t.closes_block() => SourceDiagnostic::error(
            Code::OutsideBlock,
            format!("`{}` closes no open block", t.text()),
        ),
        t => SourceDiagnostic::error(
            Code::OutsideBlock,
            format!("unexpected {} outside a block", t.describe()),
        ),
    };
    d.at(at).with_help(help)
}

/// A name that looks like a keyword: a keyword in the wrong case (`then`, `Rule`), or an
/// all-capitals word one or two letters from a keyword (`THN`, `ENDRUL`) where a keyword is
/// expected (first on its line or after `THEN`, and not used as a value).
fn keyword_look_alike(name: &str, at_line_start: bool, rest: &str) -> Option<Tok<'static>> {
    if let Some(kw) = keyword_any_case(name) {
        return Some(kw);
    }
    if !at_line_start || name.len() < 3 || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    // A name followed by an operator or comma is a value or a condition, not a keyword.
    let next = rest.trim_start_matches([' ', '\t']);
    if next.starts_with([',', '<', '>', '=', '!']) {
        return None;
    }
    did_you_mean(name, KEYWORDS.iter().copied()).and_then(Tok::keyword)
}

/// The keyword `name` spells in any case (`Rule` is RULE, `EXTERNAL` is `external`). This runs
/// for every name in a script: one match on the name in capitals, not a search of the list.
fn keyword_any_case(name: &str) -> Option<Tok<'static>> {
    // The shortest and longest keywords (`DO`, `ENDPREFLOP`); a test checks them.
    const SHORTEST: usize = 2;
    const LONGEST: usize = 10;
    let bytes = name.as_bytes();
    if !(SHORTEST..=LONGEST).contains(&bytes.len()) {
        return None;
    }
    let mut buf = [0u8; LONGEST];
    let upper = &mut buf[..bytes.len()];
    upper.copy_from_slice(bytes);
    upper.make_ascii_uppercase();
    match std::str::from_utf8(upper).ok()? {
        // The one keyword written in small letters.
        "EXTERNAL" => Some(Tok::External),
        upper => Tok::keyword(upper),
    }
}

/// One piece of a script exactly as written, for tools that rewrite it (`hus fmt`): see
/// [`lossless`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece<'s> {
    /// A token as logos reads it, with the glue's two readings that need no context beyond
    /// the token: two rank digits are a [`Tok::DigitPair`], the rest of a `USE TABLE` line a
    /// [`Tok::Path`]. Every line break is a [`Tok::Newline`] of its own (none collapsed).
    Token(Tok<'s>),
    /// `// ...` to the end of its line (its trailing white space included).
    Comment(&'s str),
    /// A character no token reads (the parser reports it).
    Stray(&'s str),
}

/// The script as pieces with their byte spans, in source order: every token, every line
/// break, every comment and every stray character. Only white space between them (spaces,
/// tabs, form feeds, byte-order marks) is left out, so the source is the pieces' texts with
/// that white space put back. What the parser reads ([`tokens`]) is unchanged: this is a
/// second entry point over the same logos lexer, without the glue that collapses line
/// breaks, replaces look-alike keywords or skips text outside blocks.
pub fn lossless(source: &str) -> Vec<(usize, Piece<'_>, usize)> {
    let mut out = Vec::with_capacity(source.len() / 4);
    let mut lex = Tok::lexer(source);
    // Where the previous piece ended: the gap up to the next holds white space and at most
    // one comment, which runs to the end of its line.
    let mut last = 0;
    fn comment_in<'s>(
        source: &'s str,
        out: &mut Vec<(usize, Piece<'s>, usize)>,
        from: usize,
        to: usize,
    ) {
        if let Some(at) = source[from..to].find("//") {
            let start = from + at;
            out.push((start, Piece::Comment(&source[start..to]), to));
        }
    }
    while let Some(item) = lex.next() {
        let span = lex.span();
        comment_in(source, &mut out, last, span.start);
        let piece = match item {
            Ok(Tok::Query(q)) if q.len() == 2 && q.bytes().all(|b| b.is_ascii_digit()) => {
                Piece::Token(Tok::DigitPair(q))
            }
            Ok(tok) => Piece::Token(tok),
            Err(()) => Piece::Stray(&source[span.clone()]),
        };
        out.push((span.start, piece, span.end));
        last = span.end;
        if piece == Piece::Token(Tok::Table) {
            if let Some((start, end)) = table_path(lex.remainder()) {
                let base = span.end;
                out.push((
                    base + start,
                    Piece::Token(Tok::Path(&source[base + start..base + end])),
                    base + end,
                ));
                lex.bump(end);
                last = base + end;
            }
        }
    }
    comment_in(source, &mut out, last, source.len());
    out
}

/// The white space the lexer skips between tokens (reference §3): a table path is trimmed of
/// the same, so a form feed or byte order mark before it is not part of the file's name.
const BLANK: [char; 4] = [' ', '\t', '\u{c}', '\u{feff}'];

/// Where the table path after `TABLE` lies in `rest`: the rest of the line, trimmed, up to a
/// `//` comment that follows white space. `None` when there is no path, or when it is quoted
/// (then the lexer reads it as a string).
fn table_path(rest: &str) -> Option<(usize, usize)> {
    let line_end = rest.find(['\n', '\r']).unwrap_or(rest.len());
    let line = &rest[..line_end];
    let start = line.len() - line.trim_start_matches(BLANK).len();
    if start == line.len() || line[start..].starts_with('"') || line[start..].starts_with("//") {
        return None;
    }
    let mut end = line.len();
    let bytes = line.as_bytes();
    for i in start + 1..line.len().saturating_sub(1) {
        // `i` is a character boundary once `bytes[i]` is `/`.
        if bytes[i] == b'/' && bytes[i + 1] == b'/' && line[..i].ends_with(BLANK) {
            end = i;
            break;
        }
    }
    let end = start + line[start..end].trim_end_matches(BLANK).len();
    Some((start, end))
}

/// The text of a string token with its quotes removed and `\"`, `\\` resolved (any other
/// backslash is kept as written, so Windows paths survive).
pub fn unescape(raw: &str) -> String {
    let inner = raw.strip_prefix('"').unwrap_or(raw);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\')) => out.push(e),
                Some(e) => {
                    out.push('\\');
                    out.push(e);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_keyword_lexes_to_its_token_and_back() {
        assert_eq!(KEYWORDS.len(), 30);
        for &kw in KEYWORDS {
            let tok = Tok::keyword(kw).unwrap();
            let mut lex = Tok::lexer(kw);
            assert_eq!(lex.next(), Some(Ok(tok)), "{kw}");
            assert_eq!(lex.next(), None, "{kw}");
            assert_eq!(tok.text(), kw);
            assert_eq!(tok.as_keyword(), Some(tok));
        }
        assert_eq!(Tok::keyword("rule"), None);
        assert_eq!(Tok::Name("RULE").as_keyword(), None);
    }

    /// lalrpop's `extern` block must name each keyword token again: it agrees with the table.
    #[test]
    fn the_grammar_names_every_keyword_as_the_table_does() {
        let grammar = include_str!("../../grammar/hus.lalrpop");
        let block = &grammar[grammar.find("enum Tok").unwrap()..];
        let block = &block[..block.find('}').unwrap()];
        let mut named = Vec::new();
        for line in block.lines() {
            let Some((text, variant)) = line.trim().split_once(" => Tok::") else {
                continue;
            };
            let text = text.trim_matches('"');
            let variant = variant.trim_end_matches(',');
            if text.chars().all(|c| c.is_ascii_alphabetic()) && !variant.contains('(') {
                if let Some(tok) = Tok::keyword(text) {
                    assert_eq!(format!("{tok:?}"), variant, "{text}");
                    named.push(text);
                }
            }
        }
        assert_eq!(named, KEYWORDS);
    }
    use super::*;

    fn kinds(src: &str) -> Vec<Tok<'_>> {
        let mut d = Vec::new();
        let toks = tokens(src, &mut d);
        assert!(d.is_empty(), "unexpected diagnostics: {d:?}");
        toks.into_iter().map(|(_, t, _)| t).collect()
    }

    /// Lexes text inside a block (the glue skips text outside blocks).
    fn inner(src: &str) -> Vec<Tok<'_>> {
        let src: &'static str = Box::leak(format!("PREFLOP\n{src}").into_boxed_str());
        let mut toks = kinds(src);
        toks.drain(..2);
        toks.retain(|t| !matches!(t, Tok::Eof));
        if toks.last() == Some(&Tok::Newline) {
            toks.pop();
        }
        toks
    }

    #[test]
    fn keywords_are_case_sensitive_and_queries_win_over_names() {
        use Tok::*;
        assert_eq!(
            inner("RULE T5, AK, KK, Q8s+, JJ-, AKo, A2s-A5s, KTo-KQo, 22-66, pair"),
            vec![
                Rule,
                Query("T5"),
                Comma,
                Query("AK"),
                Comma,
                Query("KK"),
                Comma,
                Query("Q8s+"),
                Comma,
                Query("JJ-"),
                Comma,
                Query("AKo"),
                Comma,
                Query("A2s-A5s"),
                Comma,
                Query("KTo-KQo"),
                Comma,
                Query("22-66"),
                Comma,
                Name("pair")
            ]
        );
        assert_eq!(inner("AKQ Tens"), vec![Name("AKQ"), Name("Tens")]);
    }

    #[test]
    fn digit_pairs_numbers_and_products() {
        use Tok::*;
        assert_eq!(
            inner("22 99 22+ 54s 100 0.5 4BB 1.5pot 10BB 3 villainStack 54sb 7"),
            vec![
                DigitPair("22"),
                DigitPair("99"),
                Query("22+"),
                Query("54s"),
                Number("100"),
                Number("0.5"),
                Product("4BB"),
                Product("1.5pot"),
                Product("10BB"),
                Number("3"),
                Name("villainStack"),
                Product("54sb"),
                Number("7"),
            ]
        );
    }

    #[test]
    fn operators() {
        use Tok::*;
        assert_eq!(
            inner("> < >= <= == != ! , - villainRaise <=6BB"),
            vec![
                Gt,
                Lt,
                Ge,
                Le,
                EqEq,
                Ne,
                Not,
                Comma,
                Minus,
                Name("villainRaise"),
                Le,
                Product("6BB")
            ]
        );
    }

    #[test]
    fn newlines_collapse_crlf_counts_comments_skip() {
        use Tok::*;
        let toks =
            kinds("\r\n// lead\n\nPREFLOP // c\r\n\r\n  // only a comment\n\n RULE\r\nENDPREFLOP");
        assert_eq!(toks, vec![Preflop, Newline, Rule, Newline, EndPreflop, Eof]);
    }

    #[test]
    fn strings_and_escapes() {
        let toks = inner(r#"external "a \"b\" c\\d \x""#);
        assert_eq!(toks[0], Tok::External);
        let Tok::Str(raw) = toks[1] else {
            panic!("{toks:?}")
        };
        assert_eq!(unescape(raw), r#"a "b" c\d \x"#);
    }

    #[test]
    fn unterminated_string_is_reported_and_read() {
        let mut d = Vec::new();
        let toks = tokens("PREFLOP\nexternal \"abc\nRULE", &mut d);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, Code::UnterminatedString);
        assert_eq!(d[0].span, Some(17..21));
        assert_eq!(toks[3].1, Tok::Str("\"abc"));
        assert_eq!(toks[5].1, Tok::Rule);
    }

    #[test]
    fn table_paths() {
        use Tok::*;
        assert_eq!(
            inner("USE TABLE tables/raise-first-in.tsv  // the RFI table\nFOLD"),
            vec![Use, Table, Path("tables/raise-first-in.tsv"), Newline, Fold]
        );
        assert_eq!(
            inner("USE TABLE \"my tables/a b.tsv\""),
            vec![Use, Table, Str("\"my tables/a b.tsv\"")]
        );
        assert_eq!(
            inner("USE TABLE C:\\x\\y z.tsv\r\n"),
            vec![Use, Table, Path("C:\\x\\y z.tsv")]
        );
        assert_eq!(inner("USE TABLE\nFOLD"), vec![Use, Table, Newline, Fold]);
        // A form feed or byte order mark is white space here as between any tokens.
        assert_eq!(
            inner("USE TABLE\u{c}\u{feff}t.tsv\u{feff}\u{c}//x\nFOLD"),
            vec![Use, Table, Path("t.tsv"), Newline, Fold]
        );
    }

    #[test]
    fn keywords_are_found_in_any_case() {
        for kw in KEYWORDS {
            let tok = Tok::keyword(kw);
            assert!(tok.is_some());
            for spelling in [kw.to_string(), kw.to_lowercase(), kw.to_uppercase()] {
                assert_eq!(keyword_any_case(&spelling), tok, "{spelling}");
            }
        }
        for name in ["pair", "RULES", "ENDPREFLOPS", "US", "", "ruleé"] {
            assert_eq!(keyword_any_case(name), None, "{name}");
        }
    }

    #[test]
    fn keyword_look_alikes_become_keywords_with_an_error() {
        let mut d = Vec::new();
        let toks = tokens(
            "PREFLOP\nRule pair\nthen CALL\nENDRUL\nTOCALL > 2\n",
            &mut d,
        );
        let kinds: Vec<_> = toks.iter().map(|t| t.1).collect();
        assert_eq!(kinds[2], Tok::Rule);
        assert_eq!(kinds[5], Tok::Then);
        assert_eq!(kinds[8], Tok::EndRule);
        assert_eq!(kinds[10], Tok::Name("TOCALL"));
        let msgs: Vec<_> = d.iter().map(|d| (d.code, d.message.as_str())).collect();
        assert_eq!(
            msgs,
            vec![
                (
                    Code::UnknownKeyword,
                    "unknown keyword `Rule`; did you mean `RULE`?"
                ),
                (
                    Code::UnknownKeyword,
                    "unknown keyword `then`; did you mean `THEN`?"
                ),
                (
                    Code::UnknownKeyword,
                    "unknown keyword `ENDRUL`; did you mean `ENDRULE`?"
                ),
            ]
        );
    }

    #[test]
    fn lossless_pieces_are_the_source_without_its_white_space() {
        use Piece::*;
        let src = "// lead\r\nDEFINE x = 22 // two\nPREFLOP\n\n  RULE pair,!x @\n    THEN USE TABLE a//b.tsv  // t\n  ENDRULE\nENDPREFLOP // end";
        let pieces = lossless(src);
        // Between the pieces there is white space only, and they reach the end.
        let mut last = 0;
        for (s, _, e) in &pieces {
            assert!(
                src[last..*s].chars().all(|c| matches!(c, ' ' | '\t')),
                "{:?}",
                &src[last..*s]
            );
            last = *e;
        }
        assert_eq!(last, src.len());
        assert_eq!(pieces[0].1, Comment("// lead"));
        assert_eq!(pieces[1].1, Token(Tok::Newline));
        assert_eq!(pieces[5].1, Token(Tok::DigitPair("22")));
        assert_eq!(pieces[6].1, Comment("// two"));
        assert!(pieces.iter().any(|p| p.1 == Stray("@")));
        assert!(pieces.iter().any(|p| p.1 == Token(Tok::Path("a//b.tsv"))));
        assert!(pieces.iter().any(|p| p.1 == Comment("// t")));
        assert_eq!(pieces.last().unwrap().1, Comment("// end"));
        let newlines = pieces.iter().filter(|p| p.1 == Token(Tok::Newline)).count();
        assert_eq!(newlines, 7);
    }

    #[test]
    fn stray_characters_and_text_outside_blocks() {
        let mut d = Vec::new();
        let toks = tokens(
            "RULE x\nTHEN CALL\nENDRULE\nFLOP\n@@ # pair\nENDFLOP\nENDFLOP",
            &mut d,
        );
        let codes: Vec<_> = d.iter().map(|d| (d.code, d.span.clone())).collect();
        assert_eq!(
            codes,
            vec![
                (Code::OutsideBlock, Some(0..4)),
                (Code::StrayCharacter, Some(30..32)),
                (Code::StrayCharacter, Some(33..34)),
                (Code::OutsideBlock, Some(48..55)),
            ]
        );
        assert_eq!(toks[0].1, Tok::Flop);
    }
}
