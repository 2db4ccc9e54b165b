//! Check-time validation of a command text (`hus check`), without a game or a run.

use super::{split_words, SplitError, CARD_PLACEHOLDERS, WHOLE_GAME};
use crate::diag::Code;
use crate::diag::{did_you_mean, SourceDiagnostic};
use crate::game::Constant;

/// The problems of one command text. Spans are byte offsets into `text` (the string with its
/// escapes resolved); the checker maps them into the script. `defined` are the extra constant
/// names the user declared (`check --define NAME`), which are placeholders too.
///
/// - error `external-empty`: the text is empty or only white space;
/// - error `external-quote`: a quote is never closed, or the text ends with a lone backslash;
/// - error `external-no-program`: the first word is empty (`'' x`);
/// - warning `external-unknown-placeholder`: an unquoted word after the program that looks
///   like a placeholder but is none: an identifier (letters, digits, `_`, starting with a
///   letter) that is within a did-you-mean distance of a placeholder or constant name (words
///   of 3 characters or more), or that is written in camelCase (`myStat`);
/// - warning `external-placeholder-in-word`: an unquoted word that contains a camelCase
///   placeholder or constant name as a part (`--stack=heroStack`): only whole words are replaced.
pub fn lint_command(text: &str, defined: &[String]) -> Vec<SourceDiagnostic> {
    let words = match split_words(text) {
        Ok(w) => w,
        Err(e) => {
            let help = match e {
                SplitError::UnclosedQuote { quote, .. } => {
                    format!("close it with another {quote}, or escape it as \\{quote}")
                }
                SplitError::TrailingBackslash { .. } => "remove it, or write \\\\".to_string(),
            };
            return vec![SourceDiagnostic::error(Code::ExternalQuote, e.to_string())
                .at(e.span(text))
                .with_help(help)];
        }
    };
    let Some((first, rest)) = words.split_first() else {
        return vec![
            SourceDiagnostic::error(Code::EmptyExternal, "the external command is empty")
                .at(0..text.len())
                .with_help(
                    "write the program and its arguments: external \"bin/equity heroCards\"",
                ),
        ];
    };
    let mut out = Vec::new();
    if first.text.is_empty() {
        out.push(
            SourceDiagnostic::error(
                Code::ExternalNoProgram,
                "the external command has no program",
            )
            .at(first.span.clone())
            .with_label("an empty program name"),
        );
    }
    let known: Vec<&str> = CARD_PLACEHOLDERS
        .iter()
        .copied()
        .chain([WHOLE_GAME])
        .chain(Constant::names().map(|n| -> &str { n }))
        .chain(defined.iter().map(String::as_str))
        .collect();
    let is_known = |w: &str| known.iter().any(|k| k.eq_ignore_ascii_case(w));
    for w in rest.iter().filter(|w| !w.literal) {
        let word = w.text.as_str();
        if is_known(word) {
            continue;
        }
        if is_identifier(word) {
            let suggestion = (word.chars().count() >= 3)
                .then(|| did_you_mean(word, known.iter().copied()))
                .flatten();
            if suggestion.is_none() && !is_camel_case(word) {
                continue;
            }
            let help = match suggestion {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!(
                    "placeholders are {}, {WHOLE_GAME} and constant names; \
                     quote the word ('{word}') to pass it as it is without this warning",
                    CARD_PLACEHOLDERS.join(", ")
                ),
            };
            out.push(
                SourceDiagnostic::warning(
                    Code::ExternalUnknownPlaceholder,
                    format!("unknown placeholder `{word}`; it is passed as it is"),
                )
                .at(w.span.clone())
                .with_label("not a placeholder")
                .with_help(help),
            );
        } else if let Some(part) = word
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|part| is_camel_case(part) && is_known(part))
        {
            let canonical = known
                .iter()
                .find(|k| k.eq_ignore_ascii_case(part))
                .copied()
                .unwrap_or(part);
            out.push(
                SourceDiagnostic::warning(
                    Code::ExternalPlaceholderInWord,
                    format!(
                        "`{word}` is passed as it is: only a word that is exactly a placeholder \
                         is replaced"
                    ),
                )
                .at(w.span.clone())
                .with_label(format!("`{canonical}` is not replaced here"))
                .with_help(format!(
                    "write `{canonical}` as a word of its own, separated by spaces"
                )),
            );
        }
    }
    out
}

fn is_identifier(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `heroStack`, `myStat`: a lower-case start and a capital later.
fn is_camel_case(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && w.chars().skip(1).any(|c| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<(Code, std::ops::Range<usize>, Option<String>)> {
        lint_command(text, &["myStat".to_string()])
            .into_iter()
            .map(|d| (d.code, d.span.unwrap(), d.help))
            .collect()
    }

    #[test]
    fn clean_commands() {
        assert!(codes("bin/eq heroCards communityCards wholeGame pot BB toCall 3 -v").is_empty());
        assert!(codes("bin/eq mystat data/pot.txt 'fooBar' \\herocard --x=1").is_empty());
        assert!(codes("bin/eq flopcards VILLAINFLOPRAISE").is_empty());
    }

    #[test]
    fn errors() {
        assert_eq!(codes("  ")[0].0, Code::EmptyExternal);
        assert_eq!(codes("")[0].1, 0..0);
        assert_eq!(codes("p 'abc")[0].0, Code::ExternalQuote);
        assert_eq!(codes("p 'abc")[0].1, 2..6);
        assert_eq!(codes("p a\\")[0].0, Code::ExternalQuote);
        assert_eq!(codes("'' x")[0].0, Code::ExternalNoProgram);
    }

    #[test]
    fn unknown_placeholders() {
        let d = codes("bin/eq herocard");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].0, Code::ExternalUnknownPlaceholder);
        assert_eq!(d[0].1, 7..15);
        assert_eq!(d[0].2.as_deref(), Some("did you mean `heroCards`?"));
        let d = codes("bin/eq wholegam fooBar");
        assert_eq!(d[0].2.as_deref(), Some("did you mean `wholeGame`?"));
        assert!(d[1].2.as_deref().unwrap().contains("quote the word"));
        // Short words and plain lower-case words far from any name are left alone.
        assert!(codes("bin/eq b x on fast").is_empty());
    }

    #[test]
    fn placeholder_inside_a_word() {
        let d = codes("bin/eq --stack=herostack");
        assert!(d.is_empty(), "{d:?}");
        let d = codes("bin/eq --stack=heroStack heroCards,");
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].0, Code::ExternalPlaceholderInWord);
        assert_eq!(d[1].1, 25..35);
    }
}
