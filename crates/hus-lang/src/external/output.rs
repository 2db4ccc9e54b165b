//! Reading what a program printed: a condition's number, an action line, and short quotes of
//! the output for error messages.

use crate::game::{Act, Intent};

/// Why a condition program's output gives no number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberProblem {
    /// The first non-blank line holds no number.
    NoNumber,
    /// `0,9`: a decimal comma, which could as well separate two numbers.
    DecimalComma(String),
    /// `0x10`: hexadecimal.
    Hexadecimal(String),
    /// `1e999`: too large for a number.
    OutOfRange(String),
}

impl std::fmt::Display for NumberProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumberProblem::NoNumber => f.write_str(
                "printed no number on its first line (a condition's program prints e.g. `0.62`)",
            ),
            NumberProblem::DecimalComma(t) => write!(
                f,
                "printed `{t}`, with a decimal comma: print a decimal point (`{}`)",
                t.replacen(',', ".", 1)
            ),
            NumberProblem::Hexadecimal(t) => write!(
                f,
                "printed `{t}`, a hexadecimal number: print it in decimal"
            ),
            NumberProblem::OutOfRange(t) => {
                write!(f, "printed `{t}`, a number too large to use")
            }
        }
    }
}

/// The first number on the first non-blank line: an optional minus sign, digits, an optional
/// fraction and exponent (`0.62`, `-3`, `.5`, `6.2e-1`). Digits glued to a preceding letter
/// or underscore belong to a word (`p1`, `x_2`), not a number; text around the number is
/// ignored (`equity: 0.62 (approx)` is 0.62). A number that could be read two ways (`0,9`,
/// `0x10`) or is out of range (`1e999`) is a problem, never a guess.
pub fn first_number(output: &str) -> Result<f64, NumberProblem> {
    let line = output
        .lines()
        .find(|l| !l.trim().is_empty())
        .ok_or(NumberProblem::NoNumber)?;
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts_number =
            b[i].is_ascii_digit() || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts_number {
            i += 1;
            continue;
        }
        if i > 0 && is_word_byte(b[i - 1]) {
            // Digits inside a word: skip the whole word so `p12` does not yield 2.
            while i < b.len() && (is_word_byte(b[i]) || b[i] == b'.') {
                i += 1;
            }
            continue;
        }
        let signed = i > 0 && b[i - 1] == b'-' && (i == 1 || !is_word_byte(b[i - 2]));
        let start = if signed { i - 1 } else { i };
        let end = number_end(b, i);
        let text = &line[start..end];
        let next = |k: usize| b.get(end + k).copied();
        if next(0) == Some(b',') && next(1).is_some_and(|c| c.is_ascii_digit()) {
            let e = number_end(b, end + 1);
            return Err(NumberProblem::DecimalComma(line[start..e].to_string()));
        }
        if text.trim_start_matches('-') == "0"
            && matches!(next(0), Some(b'x' | b'X'))
            && next(1).is_some_and(|c| c.is_ascii_hexdigit())
        {
            let mut e = end + 1;
            while e < b.len() && b[e].is_ascii_alphanumeric() {
                e += 1;
            }
            return Err(NumberProblem::Hexadecimal(line[start..e].to_string()));
        }
        return match text.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(NumberProblem::OutOfRange(text.to_string())),
        };
    }
    Err(NumberProblem::NoNumber)
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of a number whose digits (or leading `.`) start at `i`.
fn number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    i
}

/// Why an action program's output is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionProblem {
    Empty,
    SeveralLines,
    NotAnAction,
    /// `raise` without an amount, or with one that is not a positive number.
    BadRaise,
    /// `raise 1e2`, `raise 0,5`: an amount not written as digits with an optional fraction.
    RaiseNotation(String),
}

impl std::fmt::Display for ActionProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ActionProblem::Empty => "printed no action",
            ActionProblem::SeveralLines => "printed more than one line",
            ActionProblem::NotAnAction => "printed something that is not an action",
            ActionProblem::BadRaise => "printed `raise` without a positive amount",
            ActionProblem::RaiseNotation(t) => {
                return write!(
                    f,
                    "printed `raise {t}`: write the amount as digits with an optional fraction (`raise 100`, `raise 2.5`)"
                )
            }
        })
    }
}

/// One line naming an action: `fold`, `check`, `call` or `raise N` (any case, white space
/// around and between the words allowed; N a positive number of chips, `[0-9]+(.[0-9]+)?`).
pub fn parse_action(output: &str) -> Result<Intent, ActionProblem> {
    let text = output.trim();
    if text.is_empty() {
        return Err(ActionProblem::Empty);
    }
    if text.lines().count() > 1 {
        return Err(ActionProblem::SeveralLines);
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    match (words[0].parse::<Act>(), &words[1..]) {
        (Ok(Act::Fold), []) => Ok(Intent::Fold),
        (Ok(Act::Check), []) => Ok(Intent::Check),
        (Ok(Act::Call), []) => Ok(Intent::Call),
        (Ok(Act::Raise), [amount]) => match plain_number(amount) {
            Some(x) if x > 0.0 => Ok(Intent::Raise(x)),
            // A number in another notation (`1e2`, `0,5`, `0x10`): say so, not "no amount".
            None if amount.starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
                Err(ActionProblem::RaiseNotation(amount.to_string()))
            }
            _ => Err(ActionProblem::BadRaise),
        },
        (Ok(Act::Raise), _) => Err(ActionProblem::BadRaise),
        _ => Err(ActionProblem::NotAnAction),
    }
}

/// A number as the language writes it: `[0-9]+(\.[0-9]+)?`.
fn plain_number(s: &str) -> Option<f64> {
    let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
    if digits(int) && digits(frac) {
        s.parse().ok().filter(|x: &f64| x.is_finite())
    } else {
        None
    }
}

/// How many lines of output an error message quotes, and how long each may be.
const QUOTED_LINES: usize = 3;
const QUOTED_LINE_CHARS: usize = 120;

/// The first lines of `text`, as a quoted string with escapes (`"equity\nmore"`), noting
/// what was left out; `None` for an output that is empty or only white space.
pub fn quote_lines(text: &str) -> Option<String> {
    let text = text.trim_end();
    if text.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut shown: Vec<String> = Vec::new();
    let mut cut = false;
    for line in lines.iter().take(QUOTED_LINES) {
        if line.chars().count() > QUOTED_LINE_CHARS {
            shown.push(line.chars().take(QUOTED_LINE_CHARS).collect::<String>() + "…");
        } else {
            shown.push(line.to_string());
        }
        cut |= line.chars().count() > QUOTED_LINE_CHARS;
    }
    let mut quoted = format!("{:?}", shown.join("\n"));
    if lines.len() > QUOTED_LINES {
        let more = lines.len() - QUOTED_LINES;
        let s = if more == 1 { "" } else { "s" };
        quoted.push_str(&format!(" (and {more} more line{s})"));
    } else if cut {
        quoted.push_str(" (shortened)");
    }
    Some(quoted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(first_number("equity: 0.62 (approx)"), Ok(0.62));
        assert_eq!(first_number("0.62\n1"), Ok(0.62));
        assert_eq!(first_number("\n  \n-3 chips"), Ok(-3.0));
        assert_eq!(first_number("value:-0.5"), Ok(-0.5));
        assert_eq!(first_number("p1: 0.25"), Ok(0.25));
        assert_eq!(first_number("x_2 p12 .5"), Ok(0.5));
        assert_eq!(first_number("6.2e-1"), Ok(0.62));
        assert_eq!(first_number("62%"), Ok(62.0));
        assert_eq!(first_number("3e"), Ok(3.0));
        assert_eq!(first_number("1.5.2"), Ok(1.5));
        assert_eq!(first_number("1, 2"), Ok(1.0));
        assert_eq!(first_number("none\n0.5"), Err(NumberProblem::NoNumber));
        assert_eq!(first_number(""), Err(NumberProblem::NoNumber));
        assert_eq!(
            first_number("1e999"),
            Err(NumberProblem::OutOfRange("1e999".into()))
        );
        assert_eq!(first_number("nan inf"), Err(NumberProblem::NoNumber));
        assert_eq!(
            first_number("0,9"),
            Err(NumberProblem::DecimalComma("0,9".into()))
        );
        assert_eq!(
            first_number("x = 0x10"),
            Err(NumberProblem::Hexadecimal("0x10".into()))
        );
        assert_eq!(
            parse_action("raise 1e2"),
            Err(ActionProblem::RaiseNotation("1e2".into()))
        );
        assert_eq!(parse_action("raise"), Err(ActionProblem::BadRaise));
    }

    #[test]
    fn actions() {
        assert_eq!(parse_action("fold\n"), Ok(Intent::Fold));
        assert_eq!(parse_action("  CHECK  "), Ok(Intent::Check));
        assert_eq!(parse_action("\nCall\r\n"), Ok(Intent::Call));
        assert_eq!(parse_action("Raise   77"), Ok(Intent::Raise(77.0)));
        assert_eq!(parse_action("raise 2.5"), Ok(Intent::Raise(2.5)));
        assert_eq!(parse_action(""), Err(ActionProblem::Empty));
        assert_eq!(parse_action("call\nfold"), Err(ActionProblem::SeveralLines));
        assert_eq!(parse_action("bet 5"), Err(ActionProblem::NotAnAction));
        assert_eq!(parse_action("call 5"), Err(ActionProblem::NotAnAction));
        assert_eq!(parse_action("raise"), Err(ActionProblem::BadRaise));
        assert_eq!(parse_action("raise 0"), Err(ActionProblem::BadRaise));
        assert_eq!(parse_action("raise -5"), Err(ActionProblem::BadRaise));
        assert_eq!(parse_action("raise 5 6"), Err(ActionProblem::BadRaise));
        assert_eq!(
            parse_action("raise 1e3"),
            Err(ActionProblem::RaiseNotation("1e3".into()))
        );
    }

    #[test]
    fn quoting() {
        assert_eq!(quote_lines(" \n"), None);
        assert_eq!(quote_lines("a\nb\n").unwrap(), r#""a\nb""#);
        assert_eq!(
            quote_lines("1\n2\n3\n4\n5").unwrap(),
            r#""1\n2\n3" (and 2 more lines)"#
        );
        let long = "x".repeat(200);
        assert!(quote_lines(&long).unwrap().ends_with("(shortened)"));
    }
}
