//! The pass that turns logos' raw tokens into what the grammar reads, as named steps over one
//! shared state: the steps (line breaks, digit pairs, look-alike keywords, table paths, text
//! outside blocks) see each other's flags, so they are methods of one [`Glue`].

use logos::{Lexer, Logos};

use super::{
    flush_bad_chars, keyword_look_alike, outside_block, poker_habit, reaction_only_rules,
    table_path, Spanned, Tok,
};
use crate::diag::{Code, SourceDiagnostic, Span};

/// Lexes `source` into the token stream the grammar reads, reporting lexical errors.
pub fn tokens<'s>(source: &'s str, diags: &mut Vec<SourceDiagnostic>) -> Vec<Spanned<'s>> {
    let mut lex = Tok::lexer(source);
    let mut glue = Glue::new(source, diags);
    while let Some(item) = lex.next() {
        let span = lex.span();
        let Some(tok) = glue.lexed(item, &span, &mut lex) else {
            continue;
        };
        if glue.over_operator_limit(tok, &span) {
            continue;
        }
        let Some(tok) = glue.refine(tok, &span, &lex) else {
            continue;
        };
        if glue.outside_blocks(tok, &span) || glue.after_opener(tok, &span) {
            continue;
        }
        glue.push(tok, span.clone(), &mut lex);
        if glue.out.len() > crate::limits::MAX_SCRIPT_TOKENS {
            glue.diags.push(too_many_tokens(span));
            return Vec::new();
        }
    }
    glue.finish()
}

/// The error for a script past [`MAX_SCRIPT_TOKENS`](crate::limits::MAX_SCRIPT_TOKENS), at the
/// token that went over.
fn too_many_tokens(span: Span) -> SourceDiagnostic {
    SourceDiagnostic::error(
        Code::TooManyTokens,
        "the script holds more than 1,500,000 words, numbers and symbols (the limit); it is not checked",
    )
    .at(span)
    .with_help("split it into several scripts, or move DEFINEs into INCLUDEd files")
}

/// The state of one pass: the tokens so far and what the steps remember of them.
struct Glue<'s, 'd> {
    source: &'s str,
    diags: &'d mut Vec<SourceDiagnostic>,
    out: Vec<Spanned<'s>>,
    /// Whether a phase block is open, so text outside blocks can be skipped.
    in_block: bool,
    /// The start of a run of text outside any block, with its first token.
    stray: Option<(Span, Tok<'s>)>,
    bad_chars: Option<Span>,
    /// Set after a block's opening keyword until its line ends: the keyword stands alone.
    opener: Option<Tok<'s>>,
    /// Inside a `DEFINE` or `INCLUDE` line outside the blocks (it passes through to its end).
    top_line: bool,
    /// A `DEFINE name` line without `=`: its branch lines follow, up to `ENDDEFINE`.
    define_lines: bool,
    saw_assign: bool,
    /// Arithmetic operators and `(` on the current line.
    operators: usize,
    /// Where the current line went over the operator limit: its tokens are dropped.
    too_long: Option<usize>,
    /// The current line got "`THEN` must start its own line": an `ENDRULE` later on it is
    /// part of the same mistake (`RULE pair THEN CALL ENDRULE`), not a second one.
    then_inline: bool,
}

impl<'s, 'd> Glue<'s, 'd> {
    fn new(source: &'s str, diags: &'d mut Vec<SourceDiagnostic>) -> Self {
        Glue {
            source,
            diags,
            out: Vec::with_capacity(source.len() / 4),
            in_block: false,
            stray: None,
            bad_chars: None,
            opener: None,
            then_inline: false,
            top_line: false,
            define_lines: false,
            saw_assign: false,
            operators: 0,
            too_long: None,
        }
    }

    /// The token logos found, or `None` for a character no token starts with: a `#` comment
    /// (one error, the line skipped) or a stray character (neighbours glued into one report).
    fn lexed(
        &mut self,
        item: Result<Tok<'s>, ()>,
        span: &Span,
        lex: &mut Lexer<'s, Tok<'s>>,
    ) -> Option<Tok<'s>> {
        match item {
            Ok(tok) => {
                flush_bad_chars(self.source, &mut self.bad_chars, self.diags);
                Some(tok)
            }
            Err(()) if &self.source[span.clone()] == "#" => {
                flush_bad_chars(self.source, &mut self.bad_chars, self.diags);
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::StrayCharacter,
                        "comments start with `//`, not `#`",
                    )
                    .at(span.clone())
                    .with_replacement(span.clone(), "//")
                    .with_help("write `// comment`"),
                );
                let rest = lex.remainder();
                let line_end = rest.find(['\n', '\r']).unwrap_or(rest.len());
                lex.bump(line_end);
                None
            }
            Err(()) => {
                match &mut self.bad_chars {
                    Some(b) if b.end == span.start => b.end = span.end,
                    _ => {
                        flush_bad_chars(self.source, &mut self.bad_chars, self.diags);
                        self.bad_chars = Some(span.clone());
                    }
                }
                None
            }
        }
    }

    /// A line with too many operators is dropped whole (one error): its value would nest
    /// deeper than checking and deciding may recurse. True while the token is dropped.
    fn over_operator_limit(&mut self, tok: Tok<'s>, span: &Span) -> bool {
        if tok == Tok::Newline {
            self.operators = 0;
        } else if matches!(
            tok,
            Tok::Plus | Tok::Minus | Tok::Star | Tok::Slash | Tok::LParen
        ) {
            self.operators += 1;
            if self.operators > crate::limits::MAX_LINE_OPERATORS && self.too_long.is_none() {
                self.too_long = Some(span.start);
                self.drop_line(span);
            }
        }
        if self.too_long.is_some() {
            if tok != Tok::Newline {
                return true;
            }
            self.too_long = None;
        }
        false
    }

    /// Drops the current line's tokens (keeping a RULE or VILLAIN that opens it), with the
    /// operator limit's error.
    fn drop_line(&mut self, span: &Span) {
        let mut cut = self
            .out
            .iter()
            .rposition(|t| t.1 == Tok::Newline)
            .map_or(0, |i| i + 1);
        if matches!(self.out.get(cut), Some((_, Tok::Rule | Tok::Villain, _))) {
            cut += 1;
        }
        self.out.truncate(cut);
        self.diags.push(
            SourceDiagnostic::error(
                Code::UnexpectedToken,
                format!(
                    "this line has more than {} arithmetic operators and parentheses",
                    crate::limits::MAX_LINE_OPERATORS
                ),
            )
            .at(span.clone())
            .with_help("split the value with DEFINE: `DEFINE part = ...`"),
        );
    }

    /// What a raw token stands for: two digits are a digit pair, an unterminated string is
    /// read as a string (with an error), a poker habit or a keyword look-alike as the HUS word
    /// (with an error). `None` when the replacement tokens were pushed already.
    fn refine(&mut self, tok: Tok<'s>, span: &Span, lex: &Lexer<'s, Tok<'s>>) -> Option<Tok<'s>> {
        match tok {
            Tok::Query(q) if q.len() == 2 && q.bytes().all(|b| b.is_ascii_digit()) => {
                Some(Tok::DigitPair(q))
            }
            Tok::OpenStr(s) => {
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::UnterminatedString,
                        "this string has no closing `\"`",
                    )
                    .at(span.clone())
                    .with_label("the string starts here")
                    .with_help("close the string with `\"` on the same line"),
                );
                Some(Tok::Str(s))
            }
            Tok::Name(name) => self.name(name, span, lex.remainder()),
            _ => Some(tok),
        }
    }

    /// `RAISE TO 3BB`: the player means `RAISETO 3BB`, which the fix writes and the parser
    /// reads, so what follows is checked too.
    fn raise_to(&mut self, span: &Span) -> Option<Tok<'s>> {
        let (start, _, _) = self.out.pop()?;
        self.diags.push(
            SourceDiagnostic::error(
                Code::UnknownKeyword,
                "`RAISE TO`: a raise to a total is one word, `RAISETO`",
            )
            .at(start..span.end)
            .with_help("write `RAISETO 3BB` (the hero's chips in the round become 3BB); `RAISE 3BB` raises by 3BB above the call")
            .with_replacement(start..span.end, "RAISETO"),
        );
        self.out.push((start, Tok::RaiseTo, span.end));
        None
    }

    /// A name, unless it is a habit from other bot languages (`BET`, `NOT`) or looks like a
    /// keyword; `rest` is the source after it.
    fn name(&mut self, name: &'s str, span: &Span, rest: &str) -> Option<Tok<'s>> {
        let at_line_start = matches!(
            self.out.last(),
            None | Some((_, Tok::Newline, _)) | Some((_, Tok::Then, _))
        );
        let after_raise = matches!(self.out.last(), Some((_, Tok::Raise, _)));
        if after_raise && name.eq_ignore_ascii_case("TO") {
            return self.raise_to(span);
        }
        if let Some((replacement, message, help)) = poker_habit(name, at_line_start) {
            let mut d = SourceDiagnostic::error(Code::UnknownKeyword, message)
                .at(span.clone())
                .with_help(help);
            // The HUS words, when there are some.
            let words: Vec<&str> = replacement
                .iter()
                .map(|t| match t {
                    Tok::Name(n) => *n,
                    t => t.text(),
                })
                .collect();
            if !words.is_empty() {
                let mut to = span.clone();
                if replacement == [Tok::Not] {
                    // `NOT pair` → `!pair`.
                    to.end += rest.len() - rest.trim_start_matches([' ', '\t']).len();
                }
                d = d.with_replacement(to, words.join(" "));
            }
            self.diags.push(d);
            // Read as the HUS way, so that what follows is checked too.
            for (k, t) in replacement.iter().enumerate() {
                let at = if k == 0 { span.start } else { span.end };
                self.out.push((at, *t, span.end));
            }
            return None;
        }
        let Some(kw) = keyword_look_alike(name, at_line_start, rest) else {
            return Some(Tok::Name(name));
        };
        let kw_text = kw.text();
        self.diags.push(
            SourceDiagnostic::error(
                Code::UnknownKeyword,
                format!("unknown keyword `{name}`; did you mean `{kw_text}`?"),
            )
            .at(span.clone())
            .with_replacement(span.clone(), kw_text)
            .with_help(format!(
                "keywords are case-sensitive: write `{kw_text}` exactly"
            )),
        );
        Some(kw)
    }

    /// `DEFINE` and `INCLUDE` lines outside the blocks pass through; any other text outside a
    /// block is skipped, each run reported once. True when the token is consumed here.
    fn outside_blocks(&mut self, tok: Tok<'s>, span: &Span) -> bool {
        if !self.in_block && !self.top_line && matches!(tok, Tok::Define | Tok::Include) {
            self.top_line = true;
            self.saw_assign = false;
            self.define_lines = tok == Tok::Define;
        }
        if self.top_line && tok == Tok::Assign {
            self.saw_assign = true;
        }
        if self.top_line && (tok == Tok::EndDefine || tok.opens_block()) {
            // A block keyword ends a DEFINE whose ENDDEFINE was forgotten (the parser reports it).
            self.define_lines = false;
            self.top_line = !tok.opens_block();
        }
        if self.top_line && tok == Tok::Newline {
            // The branch lines of a multi-line DEFINE pass through too.
            self.top_line = self.define_lines && !self.saw_assign;
            self.push_line_break(span);
            return true;
        }
        if !self.in_block && !self.top_line && !tok.opens_block() {
            if tok != Tok::Newline && self.stray.is_none() {
                self.stray = Some((span.clone(), tok));
            }
            return true;
        }
        if let Some((at, first)) = self.stray.take() {
            self.diags.push(outside_block(at, first));
        }
        false
    }

    /// A block's opening keyword stands alone on its line: what follows it there is an error,
    /// skipped unless it is structural. True when the token is skipped.
    fn after_opener(&mut self, tok: Tok<'s>, span: &Span) -> bool {
        if let Some(open) = self.opener {
            if tok == Tok::Newline {
                self.opener = None;
            } else {
                let structural = tok.opens_block()
                    || tok.closes_block()
                    || matches!(tok, Tok::Rule | Tok::EndRule);
                if !matches!(self.out.last(), Some((_, Tok::Newline, _))) {
                    self.diags.push(
                        SourceDiagnostic::error(
                            Code::UnexpectedToken,
                            format!("`{}` must stand alone on its line", open.text()),
                        )
                        .at(span.clone())
                        .with_help(format!(
                            "put what follows `{}` on the next line",
                            open.text()
                        )),
                    );
                    if structural {
                        self.out.push((span.start, Tok::Newline, span.start));
                    }
                }
                if !structural {
                    return true;
                }
                self.opener = None;
            }
        }
        if tok.opens_block() {
            self.in_block = true;
            self.opener = Some(tok);
        } else if tok.closes_block() {
            self.in_block = false;
        }
        false
    }

    /// Appends a token inside a block: `THEN` gets a line break before it (with an error),
    /// line breaks collapse, and `TABLE` takes its path.
    fn push(&mut self, tok: Tok<'s>, span: Span, lex: &mut Lexer<'s, Tok<'s>>) {
        let line_start = matches!(self.out.last(), None | Some((_, Tok::Newline, _)));
        if tok == Tok::Then && !line_start {
            // `RULE pair THEN CALL`: read as if THEN began its own line, and say so.
            self.diags.push(
                SourceDiagnostic::error(Code::ThenPosition, "`THEN` must start its own line")
                    .at(span.clone())
                    .with_help(
                        "a rule is written on several lines: `RULE pair`, then `THEN CALL`, then `ENDRULE`, each on its own line",
                    ),
            );
            self.out.push((span.start, Tok::Newline, span.start));
            self.then_inline = true;
        }
        if matches!(tok, Tok::EndRule | Tok::EndVillain) && !line_start {
            // `THEN CALL ENDRULE`: read as if the END word began its own line.
            if !self.then_inline {
                self.diags.push(
                    SourceDiagnostic::error(
                        Code::UnexpectedToken,
                        format!("`{}` must start its own line", tok.text()),
                    )
                    .at(span.clone())
                    .with_help(format!("put a line break before `{}`", tok.text())),
                );
            }
            self.out.push((span.start, Tok::Newline, span.start));
        }
        if tok == Tok::Newline {
            self.then_inline = false;
            self.push_line_break(&span);
            return;
        }
        self.out.push((span.start, tok, span.end));
        if tok == Tok::Table {
            if let Some((start, end)) = table_path(lex.remainder()) {
                let base = span.end;
                let path = Tok::Path(&self.source[base + start..base + end]);
                self.out.push((base + start, path, base + end));
                lex.bump(end);
            }
        }
    }

    /// A line break, unless the last token is one (blank and comment-only lines) or there is
    /// none yet.
    fn push_line_break(&mut self, span: &Span) {
        if !matches!(self.out.last(), None | Some((_, Tok::Newline, _))) {
            self.out.push((span.start, Tok::Newline, span.end));
        }
    }

    /// Reports what is pending, ends the last line and appends the end-of-file marker.
    fn finish(mut self) -> Vec<Spanned<'s>> {
        flush_bad_chars(self.source, &mut self.bad_chars, self.diags);
        if let Some((at, first)) = self.stray.take() {
            self.diags.push(outside_block(at, first));
        }
        let end = self.source.len();
        if self.in_block || self.top_line {
            self.push_line_break(&(end..end));
        }
        self.out.push((end, Tok::Eof, end));
        reaction_only_rules(self.out, self.diags)
    }
}
