//! Shell-like word splitting of a command text, without a shell: quotes group and protect,
//! nothing is ever expanded or interpreted (`$`, backquotes, `;`, `|` are ordinary characters).

use std::ops::Range;

/// One word of a command text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word with its quotes and escapes removed.
    pub text: String,
    /// Where it was written, as byte offsets into the command text (quotes included).
    pub span: Range<usize>,
    /// Some part of it was quoted or backslash-escaped: it is passed as written, never
    /// replaced by a placeholder's value.
    pub literal: bool,
}

/// Why a command text cannot be split into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// A `'` or `"` opened at byte `at` is never closed.
    UnclosedQuote { quote: char, at: usize },
    /// The text ends with a lone backslash at byte `at`.
    TrailingBackslash { at: usize },
}

impl SplitError {
    /// The offending place, in bytes into the command text.
    pub fn span(&self, text: &str) -> Range<usize> {
        match *self {
            SplitError::UnclosedQuote { at, .. } => at..text.len(),
            SplitError::TrailingBackslash { at } => at..at + 1,
        }
    }
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitError::UnclosedQuote { quote, .. } => {
                write!(f, "the quote {quote} is never closed in the command")
            }
            SplitError::TrailingBackslash { .. } => {
                f.write_str("the command ends with a lone backslash")
            }
        }
    }
}

/// Splits a command text into words like a POSIX shell does, but only that:
/// - white space (space, tab, newline, carriage return) separates words;
/// - `'...'` keeps everything inside as it is;
/// - `"..."` keeps everything inside as it is, except `\"` and `\\`;
/// - outside quotes, `\c` is the character `c`;
/// - adjacent parts join into one word (`a'b c'd` is the word `ab cd`); `''` is an empty word.
pub fn split_words(text: &str) -> Result<Vec<Word>, SplitError> {
    let mut words = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut current: Option<Word> = None;
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            if let Some(mut w) = current.take() {
                w.span.end = i;
                words.push(w);
            }
            continue;
        }
        let word = current.get_or_insert_with(|| Word {
            text: String::new(),
            span: i..i,
            literal: false,
        });
        match c {
            '\'' => {
                word.literal = true;
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, ch)) => word.text.push(ch),
                        None => return Err(SplitError::UnclosedQuote { quote: '\'', at: i }),
                    }
                }
            }
            '"' => {
                word.literal = true;
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.peek() {
                            Some(&(_, esc @ ('"' | '\\'))) => {
                                word.text.push(esc);
                                chars.next();
                            }
                            _ => word.text.push('\\'),
                        },
                        Some((_, ch)) => word.text.push(ch),
                        None => return Err(SplitError::UnclosedQuote { quote: '"', at: i }),
                    }
                }
            }
            '\\' => {
                word.literal = true;
                match chars.next() {
                    Some((_, ch)) => word.text.push(ch),
                    None => return Err(SplitError::TrailingBackslash { at: i }),
                }
            }
            _ => word.text.push(c),
        }
    }
    if let Some(mut w) = current.take() {
        w.span.end = text.len();
        words.push(w);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &str) -> Vec<(String, bool)> {
        split_words(s)
            .unwrap()
            .into_iter()
            .map(|w| (w.text, w.literal))
            .collect()
    }

    #[test]
    fn plain_words() {
        assert_eq!(
            texts("  bin/eq  heroCards\tpot\n"),
            [
                ("bin/eq".into(), false),
                ("heroCards".into(), false),
                ("pot".into(), false)
            ]
        );
        assert!(texts(" \t ").is_empty());
    }

    #[test]
    fn quotes_and_escapes() {
        assert_eq!(
            texts(r#"p 'a b' "c \"d\" \\ \x" e\ f '' a'b c'd"#),
            [
                ("p".into(), false),
                ("a b".into(), true),
                (r#"c "d" \ \x"#.into(), true),
                ("e f".into(), true),
                ("".into(), true),
                ("ab cd".into(), true),
            ]
        );
    }

    #[test]
    fn nothing_is_interpreted() {
        assert_eq!(
            texts("p $(touch x) `y`;z|w"),
            [
                ("p".into(), false),
                ("$(touch".into(), false),
                ("x)".into(), false),
                ("`y`;z|w".into(), false),
            ]
        );
    }

    #[test]
    fn spans_cover_the_written_word() {
        let ws = split_words(r#"ab  "c d"x"#).unwrap();
        assert_eq!(ws[0].span, 0..2);
        assert_eq!(ws[1].span, 4..10);
    }

    #[test]
    fn errors() {
        assert_eq!(
            split_words("p 'abc"),
            Err(SplitError::UnclosedQuote { quote: '\'', at: 2 })
        );
        assert_eq!(
            split_words(r#"p "a\""#),
            Err(SplitError::UnclosedQuote { quote: '"', at: 2 })
        );
        assert_eq!(
            split_words("p a\\"),
            Err(SplitError::TrailingBackslash { at: 3 })
        );
    }
}
