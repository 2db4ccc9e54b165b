//! Turns the parser's errors into diagnostics a poker player can act on: lalrpop's lists of
//! expected terminals become words ("expected a condition, a newline or `THEN`"), and the
//! common mistakes get their own code and help (a missing comma, END word or THEN).

use crate::diag::Code;
use lalrpop_util::ParseError;

use super::lexer::{Spanned, Tok, KEYWORDS};
use crate::diag::{did_you_mean, SourceDiagnostic, Span};

pub type Error<'s> = ParseError<usize, Tok<'s>, ()>;

/// Describes parse errors, given in any order, against the token list they came from.
pub fn describe_all(
    errors: &[&Error<'_>],
    tokens: &[Spanned<'_>],
    source: &str,
) -> Vec<SourceDiagnostic> {
    let mut order: Vec<usize> = (0..errors.len()).collect();
    order.sort_by_key(|&i| location(errors[i]));
    let mut scan = OpenScan::default();
    let mut out = Vec::with_capacity(errors.len());
    for i in order {
        let at = location(errors[i]);
        scan.advance_to(tokens, at);
        out.push(describe(errors[i], tokens, &scan, source));
    }
    out
}

fn location(e: &Error<'_>) -> usize {
    match e {
        ParseError::UnrecognizedToken { token, .. } | ParseError::ExtraToken { token } => token.0,
        ParseError::InvalidToken { location } | ParseError::UnrecognizedEof { location, .. } => {
            *location
        }
        ParseError::User { .. } => 0,
    }
}

/// What is open (a block, a RULE, a VILLAIN reaction) at a point of the token list, found by
/// a forward scan of the structural keywords.
#[derive(Default)]
struct OpenScan {
    /// Index of the next token to look at.
    next: usize,
    /// Open constructs, outermost first, with their opening keyword.
    stack: Vec<(Tok<'static>, Span)>,
    /// Whether the innermost RULE or VILLAIN has had its THEN.
    seen_then: bool,
}

impl OpenScan {
    fn advance_to(&mut self, tokens: &[Spanned<'_>], at: usize) {
        while let Some(&(l, tok, r)) = tokens.get(self.next) {
            if l >= at {
                break;
            }
            self.next += 1;
            let kw = match tok.as_keyword() {
                Some(kw) => kw,
                None => continue,
            };
            match kw {
                k if k.opens_block() => {
                    self.stack.clear();
                    self.stack.push((k, l..r));
                }
                k if k.closes_block() => self.stack.clear(),
                Tok::Rule => {
                    self.stack.retain(|(t, _)| t.opens_block());
                    self.stack.push((kw, l..r));
                    self.seen_then = false;
                }
                Tok::EndRule => {
                    if let Some(i) = self.stack.iter().rposition(|(t, _)| *t == Tok::Rule) {
                        self.stack.truncate(i);
                    }
                }
                Tok::Villain => {
                    if matches!(self.stack.last(), Some((Tok::Villain, _))) {
                        self.stack.pop();
                    }
                    self.stack.push((kw, l..r));
                    self.seen_then = false;
                }
                Tok::EndVillain => {
                    if matches!(self.stack.last(), Some((Tok::Villain, _))) {
                        self.stack.pop();
                        self.seen_then = true;
                    }
                }
                Tok::Then => self.seen_then = true,
                _ => {}
            }
        }
    }

    fn innermost(&self) -> Option<&(Tok<'static>, Span)> {
        self.stack.last()
    }

    fn block(&self) -> Option<&(Tok<'static>, Span)> {
        self.stack.first().filter(|(t, _)| t.opens_block())
    }
}

/// The white space that starts the line holding `at`.
pub fn indent_of(source: &str, at: usize) -> &str {
    let at = at.min(source.len());
    let start = source[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line = &source[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Where and what to insert so that `end` closes the construct opened at `open` before the
/// token at `before`: a line of its own, at the opener's indent, when `before` starts its
/// line; else the word and a space.
pub fn insert_end_line(source: &str, open: usize, before: usize, end: &str) -> (Span, String) {
    let before = before.min(source.len());
    let line_start = source[..before].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    if source[line_start..before]
        .trim_matches([' ', '\t'])
        .is_empty()
    {
        (
            line_start..line_start,
            format!("{}{end}\n", indent_of(source, open)),
        )
    } else {
        (before..before, format!("{end} "))
    }
}

/// The END word of an opening keyword.
fn end_word(open: Tok<'_>) -> &'static str {
    open.end_keyword().map_or("END", Tok::text)
}

/// How an open construct reads: "the `PREFLOP` block", "this `RULE`".
fn construct(open: Tok<'_>) -> String {
    match open {
        Tok::Rule => "the `RULE`".into(),
        Tok::Villain => "the `VILLAIN` reaction".into(),
        other => format!("the `{}` block", other.text()),
    }
}

fn is_structural(t: Tok<'_>) -> bool {
    t.opens_block()
        || t.closes_block()
        || matches!(
            t,
            Tok::Rule | Tok::EndRule | Tok::Villain | Tok::EndVillain | Tok::Eof
        )
}

fn starts_condition(t: Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Name(_)
            | Tok::Query(_)
            | Tok::DigitPair(_)
            | Tok::Number(_)
            | Tok::Product(_)
            | Tok::Not
            | Tok::External
    )
}

/// The diagnostic for one parse error: the first of the situations below that fits, else
/// "expected ..., found ...".
fn describe(
    e: &Error<'_>,
    tokens: &[Spanned<'_>],
    open: &OpenScan,
    source: &str,
) -> SourceDiagnostic {
    let ((l, t, r), expected) = match e {
        ParseError::UnrecognizedToken { token, expected } => (*token, expected.as_slice()),
        ParseError::UnrecognizedEof { location, expected } => {
            ((*location, Tok::Eof, *location), expected.as_slice())
        }
        ParseError::ExtraToken { token } => (*token, &[][..]),
        ParseError::InvalidToken { location } => ((*location, Tok::Eof, *location), &[][..]),
        ParseError::User { .. } => ((0, Tok::Eof, 0), &[][..]),
    };
    let span = l..r;
    let expects = |name: &str| expected.iter().any(|e| e.trim_matches('"') == name);
    let (then, comma) = (expects("THEN"), expects(","));
    let before = &tokens[..tokens.partition_point(|tok| tok.0 < l)];
    eof_inside_block(t, &span, open, source)
        .or_else(|| structural_mismatch(t, &span, open, source, then))
        .or_else(|| action_without_then(t, &span, then))
        .or_else(|| missing_comma(t, &span, before, comma))
        .or_else(|| negated_comparison(t, r, before, comma))
        .or_else(|| misspelt_keyword(t, &span))
        .unwrap_or_else(|| unexpected(t, span, expected, open))
}

/// The end of the file inside a block, rule or reaction: the END words that close them all.
fn eof_inside_block(
    t: Tok<'_>,
    span: &Span,
    open: &OpenScan,
    source: &str,
) -> Option<SourceDiagnostic> {
    if t != Tok::Eof {
        return None;
    }
    let (open_tok, open_span) = open.block().cloned()?;
    let mut d = SourceDiagnostic::error(
        Code::UnexpectedEof,
        format!(
            "unexpected end of file inside the `{}` block",
            open_tok.text()
        ),
    )
    .at(span.clone())
    .with_label("the file ends here")
    .with_related(
        open_span,
        format!("the `{}` block opens here", open_tok.text()),
    );
    let ends: Vec<String> = open
        .stack
        .iter()
        .rev()
        .map(|(t, _)| format!("`{}`", end_word(*t)))
        .collect();
    for (t, s) in open.stack.iter().skip(1) {
        d = d.with_related(s.clone(), format!("{} is still open", construct(*t)));
    }
    // The END words at the end of the file, each on its line at its opener's indent.
    let mut insert = String::new();
    if !source.is_empty() && !source.ends_with(['\n', '\r']) {
        insert.push('\n');
    }
    for (t, s) in open.stack.iter().rev() {
        insert.push_str(&format!("{}{}\n", indent_of(source, s.start), end_word(*t)));
    }
    let at = source.len();
    let title = format!("Close with {}", join(&ends, "then"));
    Some(
        d.with_help(format!("close it with {}", join(&ends, "then")))
            .with_fix(title, at..at, insert),
    )
}

/// A structural keyword while a RULE or VILLAIN still wants something: its `THEN`, its END
/// word, or an END word that closes nothing open.
fn structural_mismatch(
    t: Tok<'_>,
    span: &Span,
    open: &OpenScan,
    source: &str,
    expects_then: bool,
) -> Option<SourceDiagnostic> {
    if !is_structural(t) {
        return None;
    }
    let (open_tok, open_span) = open.innermost().cloned()?;
    let span = span.clone();
    let inner = matches!(open_tok, Tok::Rule | Tok::Villain);
    if inner && !open.seen_then && expects_then {
        return Some(
            SourceDiagnostic::error(
                Code::MissingThen,
                format!(
                    "missing `THEN`: {} has no action before {}",
                    construct(open_tok),
                    t.describe()
                ),
            )
            .at(span)
            .with_related(open_span, format!("{} starts here", construct(open_tok)))
            .with_help("add a line such as `THEN CALL` after the conditions"),
        );
    }
    let end = end_word(open_tok);
    if inner && t.text() != end {
        let closes_outer = t.closes_block()
            || t.opens_block()
            || matches!(t, Tok::Rule | Tok::Villain)
            || (t == Tok::EndRule && open_tok == Tok::Villain);
        return Some(if closes_outer {
            let fix = insert_end_line(source, open_span.start, span.start, end);
            SourceDiagnostic::error(
                Code::MissingEnd,
                format!("missing `{end}` before {}", t.describe()),
            )
            .with_fix(format!("Insert `{end}`"), fix.0, fix.1)
            .at(span)
            .with_label(format!("`{end}` expected before this"))
            .with_related(open_span, format!("{} is not closed", construct(open_tok)))
            .with_help(format!("close {} with `{end}`", construct(open_tok)))
        } else {
            SourceDiagnostic::error(
                Code::EndMismatch,
                format!("`{}` closes {}", t.text(), construct(open_tok)),
            )
            .at(span.clone())
            .with_replacement(span, end)
            .with_label(format!("expected `{end}`"))
            .with_related(open_span, format!("{} opens here", construct(open_tok)))
            .with_help(format!("close {} with `{end}`", construct(open_tok)))
        });
    }
    if inner || !matches!(t, Tok::EndRule | Tok::EndVillain) {
        return None;
    }
    let what = if t == Tok::EndRule {
        "`RULE`"
    } else {
        "`VILLAIN` reaction"
    };
    Some(
        SourceDiagnostic::error(
            Code::EndMismatch,
            format!("`{}` closes no open {what}", t.text()),
        )
        .at(span)
        .with_related(open_span, format!("{} opens here", construct(open_tok)))
        .with_help(format!(
            "remove it, or close {} with `{end}`",
            construct(open_tok)
        )),
    )
}

/// An action where THEN belongs.
fn action_without_then(t: Tok<'_>, span: &Span, expects_then: bool) -> Option<SourceDiagnostic> {
    let action = matches!(
        t,
        Tok::Fold | Tok::Check | Tok::Call | Tok::Raise | Tok::Use
    );
    (action && expects_then).then(|| {
        SourceDiagnostic::error(
            Code::MissingThen,
            format!("missing `THEN` before `{}`", t.text()),
        )
        .at(span.clone())
        .with_help(format!(
            "write the action on its own line after `THEN`: `THEN {}`",
            t.text()
        ))
    })
}

/// Two conditions (or raise choices) side by side; `before` is the tokens before `t`.
fn missing_comma(
    t: Tok<'_>,
    span: &Span,
    before: &[Spanned<'_>],
    expects_comma: bool,
) -> Option<SourceDiagnostic> {
    if !starts_condition(t) || !expects_comma {
        return None;
    }
    let in_raise = before
        .iter()
        .rev()
        .take_while(|tok| tok.1 != Tok::Newline)
        .any(|tok| tok.1 == Tok::Raise);
    if let Tok::Name(word) = t {
        if word.eq_ignore_ascii_case("OR") && !in_raise {
            return Some(or_word(span));
        }
        if word.eq_ignore_ascii_case("AND") && !in_raise {
            return Some(
                SourceDiagnostic::error(
                    Code::MissingComma,
                    "`AND`: conditions are joined by a comma",
                )
                .at(span.clone())
                .with_label("AND is a comma")
                .with_help("write `pair, facingBet`: every condition of a line must hold")
                .with_replacement(span.start..span.end, ","),
            );
        }
    }
    let d = SourceDiagnostic::error(
        Code::MissingComma,
        if in_raise {
            "missing comma between raise choices"
        } else {
            "missing comma between conditions"
        },
    )
    .at(span.clone())
    .with_label("a new item starts here");
    Some(if in_raise {
        d.with_help("separate the choices with a comma: `RAISE 0.5 3BB, 0.5 6BB`")
    } else {
        d.with_help("separate conditions with a comma")
    })
}

/// `pair OR flushDraw`: HUS has no OR word; another branch of a rule is another line, and
/// card queries join with `|`.
fn or_word(span: &Span) -> SourceDiagnostic {
    SourceDiagnostic::error(
        Code::MissingComma,
        "`OR`: a rule holds when any one of its lines holds, so OR is a new line",
    )
    .at(span.clone())
    .with_label("start a new line here")
    .with_help(
        "write each alternative on its own line under `RULE` (a new line starts another branch; a comma is AND); card queries may also be joined with `|`: `QQ+ | AKs`",
    )
}

/// `!pot > 3`: negation applies to card queries and predicates only. `end` is where the
/// comparison operator ends.
fn negated_comparison(
    t: Tok<'_>,
    end: usize,
    before: &[Spanned<'_>],
    expects_comma: bool,
) -> Option<SourceDiagnostic> {
    let comparison = matches!(
        t,
        Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge | Tok::EqEq | Tok::Ne
    );
    let index = before.len();
    (comparison && expects_comma && index >= 2 && before[index - 2].1 == Tok::Not).then(|| {
        SourceDiagnostic::error(
            Code::UnexpectedToken,
            "a comparison cannot be negated with `!`",
        )
        .at(before[index - 2].0..end)
        .with_help("`!` negates a card query or a predicate; for a comparison use the opposite operator (`!=`, or `<=` for `!... >`)")
    })
}

/// A name that looks like a keyword (`THN CALL`, `RAISE 3BB ENDRUL`).
fn misspelt_keyword(t: Tok<'_>, span: &Span) -> Option<SourceDiagnostic> {
    let Tok::Name(name) = t else { return None };
    if name.len() < 3 || !name.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let kw = did_you_mean(name, KEYWORDS.iter().copied())?;
    Some(
        SourceDiagnostic::error(
            Code::UnknownKeyword,
            format!("unknown keyword `{name}`; did you mean `{kw}`?"),
        )
        .at(span.clone())
        .with_replacement(span.clone(), kw)
        .with_help(format!("keywords are case-sensitive: write `{kw}` exactly")),
    )
}

/// "expected ..., found ...", with help for a few tokens in context.
fn unexpected(t: Tok<'_>, span: Span, expected: &[String], open: &OpenScan) -> SourceDiagnostic {
    let words = expected_words(expected, open);
    let mut d = SourceDiagnostic::error(
        Code::UnexpectedToken,
        if words.is_empty() {
            format!("unexpected {}", t.describe())
        } else {
            format!("expected {}, found {}", join(&words, "or"), t.describe())
        },
    )
    .at(span);
    if let Some(help) = help_for(t, expected) {
        d = d.with_help(help);
    }
    d
}

/// Help for a few unexpected tokens in context.
fn help_for(t: Tok<'_>, expected: &[String]) -> Option<String> {
    let expects = |name: &str| expected.iter().any(|e| e.trim_matches('"') == name);
    match t {
        Tok::Newline if expects("Path") => Some(
            "write the table's path after `USE TABLE`: `USE TABLE tables/rfi.tsv`".into(),
        ),
        Tok::Newline if expects("Str") => {
            Some("write the command in quotes: `external \"bin/odds heroCards\"`".into())
        }
        Tok::Then | Tok::Newline if expects("<") => Some(
            "a number or constant alone is not a condition: compare it, e.g. `pot > 40`".into(),
        ),
        Tok::Query(_) | Tok::Number(_) | Tok::DigitPair(_) | Tok::Product(_)
            if expects("PRIORITY") =>
        {
            None
        }
        _ if expects("FOLD") => Some(
            "an action is `FOLD`, `CHECK`, `CALL`, `RAISE amount`, `USE TABLE path` or `external \"command\"`"
                .into(),
        ),
        _ => None,
    }
}

/// lalrpop's expected terminals as words, most useful first.
fn expected_words(expected: &[String], open: &OpenScan) -> Vec<String> {
    let has = |name: &str| expected.iter().any(|e| e.trim_matches('"') == name);
    let mut words: Vec<String> = Vec::new();
    let mut push = |w: &str| {
        if !words.iter().any(|x| x == w) {
            words.push(w.to_string());
        }
    };
    if has("FOLD") {
        // A number there is a mixed strategy's weight: "an action" says enough.
    } else if has("-") && !has("Name") {
        push("a whole number");
    } else if has("Query") {
        push("a condition");
    } else if has("Number") || has("Product") {
        push("a number or a name");
    } else if has("Name") {
        push("a name");
    }
    if has("<") {
        push("a comparison operator");
    }
    if has("FOLD") {
        push("an action");
    }
    if has("TABLE") {
        push("`TABLE`");
    }
    if has("Path") {
        push("a table path");
    } else if has("Str") {
        push("a quoted command");
    }
    if has(",") {
        push("a comma");
    }
    if has("NL") {
        push("a newline");
    }
    let in_villain = matches!(open.innermost(), Some((Tok::Villain, _)));
    for kw in ["THEN", "VILLAIN", "ENDVILLAIN", "ENDRULE", "RULE"] {
        // ENDVILLAIN may close a rule (an error the grammar reads on purpose): don't suggest it.
        let hidden = kw == "ENDVILLAIN" && !in_villain && has("ENDRULE");
        if has(kw) && !hidden {
            push(&format!("`{kw}`"));
        }
    }
    if has("ENDPREFLOP") {
        match open.block() {
            Some((b, _)) => push(&format!("`{}`", end_word(*b))),
            None => push("an END word"),
        }
    }
    if has("PREFLOP") {
        push("a block (`PREFLOP`, `FLOP`, `TURN`, `RIVER` or `ALWAYS`)");
    }
    if has("EOF") {
        push("the end of the file");
    }
    words
}

fn join(words: &[String], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// Source order, without repeats of one diagnostic at one place.
pub fn tidy(diags: &mut Vec<SourceDiagnostic>) {
    diags.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
    diags.dedup_by(|b, a| a.code == b.code && a.span == b.span);
}
