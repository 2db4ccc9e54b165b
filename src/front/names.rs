//! The names a script can use (`hus names`) and the built-in bots (`hus show`).

/// One name of the language with its one-line meaning (reference §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name {
    pub name: &'static str,
    /// `predicate`, `constant`, `action` ...
    pub kind: &'static str,
    pub meaning: &'static str,
}

/// Every name a script can use, in the order `hus names` lists them.
pub fn names() -> Vec<Name> {
    crate::check::glossary::ENTRIES
        .iter()
        .map(|e| Name {
            name: e.name,
            kind: e.kind.word(),
            meaning: e.meaning,
        })
        .collect()
}

/// The names whose name, meaning or definition mentions every word of `query`
/// (case-insensitively), in the order `hus names` lists them: `hus names --search fold`.
pub fn search_names(query: &str) -> Vec<Name> {
    let words: Vec<String> = query
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    crate::check::glossary::ENTRIES
        .iter()
        .filter(|e| {
            let text = format!("{} {} {}", e.name, e.meaning, e.definition).to_ascii_lowercase();
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .map(|e| Name {
            name: e.name,
            kind: e.kind.word(),
            meaning: e.meaning,
        })
        .collect()
}

/// A name HUS does not know, with what the user may have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub name: String,
    /// `in HUS, ...` for a habit from other tools, or the nearest name.
    pub hint: Option<String>,
}

/// `` `NAME` is not a name HUS knows; did you mean `X`? ``
impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a name HUS knows", self.name)?;
        match &self.hint {
            Some(h) => write!(f, "; {h}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for UnknownName {}

/// One name's full entry, as `hus names NAME` prints it (any spelling case; a constant of a
/// family such as `villainFlopRaise` too).
pub fn describe_name(name: &str) -> Result<String, UnknownName> {
    use crate::check::glossary::{lookup, render};
    let Some((entry, member)) = lookup(name) else {
        let hint = match crate::check::names::habit(name) {
            Some(h) => Some(format!("in HUS, {h}")),
            None => crate::check::names::suggestion(name)
                .map(|s| format!("did you mean `{s}`?"))
                .or_else(|| mentioned_in(name)),
        };
        return Err(UnknownName {
            name: name.to_string(),
            hint,
        });
    };
    // The canonical spelling: `potOdds` for `potodds`.
    let shown = match &member {
        Some(_) => crate::game::Constant::from_name(name).map_or(name.to_string(), |c| c.name()),
        None => entry.name.to_string(),
    };
    Ok(render(entry, member.as_deref(), &shown))
}

/// For an unknown word with no near name: the names whose entries mention it, or the way to
/// search (`nuts` gives `nutFlush`, `nutStraight`, ...).
fn mentioned_in(word: &str) -> Option<String> {
    // A plural finds its singular too: `nuts` is about `nutFlush`.
    let stem = word
        .strip_suffix(['s', 'S'])
        .filter(|s| s.len() >= 3)
        .unwrap_or(word);
    let found = search_names(stem);
    let list: Vec<String> = found
        .iter()
        .take(8)
        .map(|n| format!("`{}`", n.name))
        .collect();
    Some(match found.len() {
        0 => "`hus names` lists every name, `hus names --search WORD` those whose entry mentions a word".to_string(),
        n if n > list.len() => format!(
            "names that mention it: {}, ... ({n} in all: `hus names --search {stem}`)",
            list.join(", ")
        ),
        _ => format!("names that mention it: {}", list.join(", ")),
    })
}

/// Whether `name` is a name of the language (a statistic, a constant the game gives, a
/// keyword): such a name cannot be an `<init>` constant of the caller's (`--define`).
pub fn is_language_name(name: &str) -> bool {
    use crate::check::names::{meaning, Meaning};
    !matches!(
        meaning(name, &crate::check::CheckOptions::default()),
        Meaning::Unknown
    )
}

/// The built-in bots' names (`builtin:NAME`), in the order `hus show builtin:` lists them.
pub fn builtin_names() -> Vec<&'static str> {
    crate::play::bots::BUILTINS.iter().map(|b| b.0).collect()
}

/// A built-in bot's script, `None` when there is no such built-in.
pub fn builtin_script(name: &str) -> Option<&'static str> {
    crate::play::bots::builtin_source(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_name_suggests_the_nearest() {
        let e = describe_name("potodd").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`potodd` is not a name HUS knows; did you mean `potOdds`?"
        );
    }

    #[test]
    fn a_search_finds_the_names_an_entry_mentions() {
        let fold: Vec<&str> = search_names("fold").iter().map(|n| n.name).collect();
        assert!(
            fold.contains(&"FOLD") && fold.contains(&"villainFoldToCBet"),
            "{fold:?}"
        );
        assert!(search_names("FOLD three")
            .iter()
            .all(|n| n.name.contains("ThreeBet")));
        assert!(search_names("").is_empty());
        let e = describe_name("nuts").unwrap_err().to_string();
        assert!(
            e.contains("names that mention it: `nutFlushDraw`, `nutFlush`"),
            "{e}"
        );
        let e = describe_name("VPIP").unwrap_err().to_string();
        assert!(e.ends_with("did you mean `villainVPIP`?"), "{e}");
    }

    #[test]
    fn every_listed_name_is_described_and_every_builtin_has_a_script() {
        for n in names() {
            assert!(describe_name(n.name).is_ok(), "{}", n.name);
        }
        assert_eq!(
            builtin_names(),
            ["random", "caller", "raiser", "equity", "bluffer", "exploit"]
        );
        assert!(builtin_names().iter().all(|b| builtin_script(b).is_some()));
        assert_eq!(builtin_script("nobody"), None);
    }

    #[test]
    fn a_statistic_is_a_language_name_and_a_new_word_is_not() {
        assert!(super::is_language_name("villainVPIP"));
        assert!(!super::is_language_name("aggression"));
    }
}
