//! Name resolution (reference §1, 4.2, 5): predicates in condition positions, constants in value
//! positions, case-insensitively, with did-you-mean suggestions for the unknown ones.

use crate::cards::predicate::Predicate;
use crate::diag::Code;
use crate::diag::{did_you_mean, SourceDiagnostic, Span};
use crate::game::Constant;

use super::CheckOptions;

/// What a name means, whatever position it was written in.
#[derive(Clone, Debug, PartialEq)]
pub enum Meaning {
    Predicate(Predicate),
    Constant(Constant),
    /// Not built in, but accepted as an `<init>` constant (`--define`, or `decide`'s names).
    Defined(String),
    Unknown,
}

/// Looks a name up, case-insensitively.
pub fn meaning(name: &str, options: &CheckOptions) -> Meaning {
    if let Some(p) = Predicate::from_name(name) {
        Meaning::Predicate(p)
    } else if let Some(c) = Constant::from_name(name) {
        Meaning::Constant(c)
    } else if options.defines.iter().any(|d| d.eq_ignore_ascii_case(name)) {
        Meaning::Defined(name.to_lowercase())
    } else {
        Meaning::Unknown
    }
}

/// Every predicate and constant name, canonically spelled (the did-you-mean candidates).
fn all_names() -> Vec<String> {
    Predicate::ALL
        .iter()
        .map(|p| p.name().to_string())
        .chain(Constant::all_names())
        .collect()
}

/// The closest known name to `name`, if one is close enough to suggest.
pub fn suggestion(name: &str) -> Option<String> {
    let names = all_names();
    did_you_mean(name, names.iter().map(String::as_str))
        .map(str::to_string)
        .or_else(|| completion_of(name, &names))
}

/// A known name that the unknown one ends, as players shorten them (`VPIP` for
/// `villainVPIP`, `cbet` for `villainCBet`): the villain's when there is one, else the only
/// such name. Only short words (3 to 8 letters, as tracking software's abbreviations are):
/// a longer unknown word is more likely an `<init>` constant of the caller's.
fn completion_of(name: &str, names: &[String]) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    if !(3..=8).contains(&lower.len()) {
        return None;
    }
    let ends: Vec<&String> = names
        .iter()
        .filter(|n| n.len() > lower.len() && n.to_ascii_lowercase().ends_with(&lower))
        .collect();
    let villain = format!("villain{lower}");
    ends.iter()
        .find(|n| n.to_ascii_lowercase() == villain)
        .or((ends.len() == 1).then(|| &ends[0]))
        .map(|n| n.to_string())
}

/// Resolves a bare name written as a condition: it must be a predicate.
pub fn condition_name(
    name: &str,
    span: Span,
    options: &CheckOptions,
) -> Result<Predicate, Box<SourceDiagnostic>> {
    match meaning(name, options) {
        Meaning::Predicate(p) => Ok(p),
        Meaning::Constant(_) | Meaning::Defined(_) => Err(Box::new(
            SourceDiagnostic::error(
                Code::ConstantAsCondition,
                format!("`{name}` is a constant (a number), not a condition"),
            )
            .at(span)
            .with_label("a number cannot hold or fail on its own")
            .with_help(format!("compare it: `{name} > 0`")),
        )),
        Meaning::Unknown => Err(Box::new(unknown(name, span, "expected a predicate here"))),
    }
}

/// Resolves a name written as a value (in a comparison or a raise amount): it must be a
/// constant, or an `<init>` constant the options accept.
pub fn value_name(
    name: &str,
    span: Span,
    options: &CheckOptions,
) -> Result<Constant, Box<SourceDiagnostic>> {
    match meaning(name, options) {
        Meaning::Constant(c) => Ok(c),
        Meaning::Defined(n) => Ok(Constant::Init(n)),
        Meaning::Unknown if options.allow_unknown_names => Ok(Constant::Init(name.to_lowercase())),
        Meaning::Predicate(p) => Err(Box::new(
            SourceDiagnostic::error(
                Code::PredicateAsNumber,
                format!("`{name}` is a predicate (it holds or not), not a number"),
            )
            .at(span)
            .with_label("a number is expected here")
            .with_help(format!(
                "use it as a condition on its own: `{}` (or `!{}`)",
                p.name(),
                p.name()
            )),
        )),
        Meaning::Unknown => Err(Box::new(unknown(name, span, "expected a constant here"))),
    }
}

/// Names players bring from other tools or from poker talk, with the HUS way to say them.
const HABITS: [(&str, &str); 12] = [
    ("quads", "four of a kind is `poker`"),
    ("fourOfKind", "four of a kind is `poker`"),
    ("fourOfAKind", "four of a kind is `poker`"),
    ("boardPair", "the board is the `desk`: `deskPair` (and `deskTwoPair`, `deskFlush`, ...)"),
    ("pairedBoard", "the board is the `desk`: `deskPair`"),
    ("villainBet", "bets and raises are one statistic: `villainRaise` (the sum this round), `villainLastRaise`, `villainRaiseTimes`; `facingBet` says something is owed"),
    ("heroBet", "bets and raises are one statistic: `heroRaise`, `heroLastRaise`, `heroRaiseTimes`"),
    ("villainCall", "`villainCallTimes` counts the villain's calls this round"),
    ("villainCalls", "`villainCallTimes` counts the villain's calls this round"),
    ("villainCheck", "`villainCheckTimes` counts the villain's checks this round; `checkedTo` says the villain checked to the hero"),
    ("villainChecks", "`villainCheckTimes` counts the villain's checks this round; `checkedTo` says the villain checked to the hero"),
    ("stack", "`heroStack`, `villainStack` or `effectiveStack` (chips behind now)"),
];

/// The HUS way to say a name another poker tool uses, if `name` is one.
pub fn habit(name: &str) -> Option<&'static str> {
    HABITS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, h)| *h)
}

/// `3x`, poker talk for three times something: HUS multiplies with `*` and must be told what.
pub fn times_x(factor: f64, span: Span) -> SourceDiagnostic {
    let n = crate::game::format_amount(factor);
    SourceDiagnostic::error(
        Code::UnknownName,
        format!("`{n}x`: HUS has no `x`; a multiplication is written `{n} * x` with x a value"),
    )
    .at(span)
    .with_label("times what?")
    .with_help(format!(
        "say what is multiplied: `{n} * villainLastRaise` ({n} times the villain's last raise), `{n} * potAfterCall` or `{n}BB`"
    ))
}

/// The card query a name spells with its ranks in small letters (`aks` for `AKs`).
fn query_in_small_letters(name: &str) -> Option<String> {
    let ranks = name.get(..2)?.to_ascii_uppercase();
    let rest = name.get(2..)?.to_ascii_lowercase();
    let query = format!("{ranks}{rest}");
    (name.len() <= 3 && query != name && crate::cards::query::CardQuery::parse(&query).is_ok())
        .then_some(query)
}

fn unknown(name: &str, span: Span, label: &str) -> SourceDiagnostic {
    let d = SourceDiagnostic::error(
        Code::UnknownName,
        format!("unknown name `{}`", crate::diag::clip(name)),
    )
    .at(span.clone())
    .with_label(label);
    if let Some(h) = habit(name) {
        return d.with_help(format!("in HUS, {h}"));
    }
    if let Some(q) = query_in_small_letters(name).filter(|_| label.contains("predicate")) {
        return d
            .with_help(format!(
                "card queries write ranks in capitals: did you mean `{q}`?"
            ))
            .with_replacement(span, q);
    }
    match suggestion(name) {
        Some(s) => d
            .with_help(format!("did you mean `{s}`?"))
            .with_replacement(span, s),
        None if label.contains("constant") => SourceDiagnostic {
            undeclared_constant: true,
            ..d.with_help(format!(
                "a name that is not built in must be an <init> constant of the game state; \
                 declare `{name}` as one to the checker"
            ))
        },
        None => d,
    }
}

/// The canonical spelling of a built-in name when `written` is an unusual case of it
/// (`FlushDraw` for `flushDraw`). `BB`, `bb`, `SB` and `sb` are all usual.
pub fn unusual_case(written: &str) -> Option<String> {
    let canonical: &str = match Predicate::from_name(written) {
        Some(p) => p.name(),
        None => Constant::canonical_name(written)?,
    };
    let usual = written == canonical
        || (matches!(canonical, "bb" | "sb") && written == canonical.to_ascii_uppercase());
    (!usual).then(|| canonical.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> CheckOptions {
        CheckOptions::default()
    }

    #[test]
    fn predicates_and_constants_case_insensitively() {
        assert_eq!(
            condition_name("FLUSHDRAW", 0..9, &opts()),
            Ok::<_, Box<SourceDiagnostic>>(Predicate::FlushDraw)
        );
        assert_eq!(value_name("Bb", 0..2, &opts()), Ok(Constant::Bb));
    }

    #[test]
    fn wrong_position() {
        let e = condition_name("pot", 0..3, &opts()).unwrap_err();
        assert_eq!(e.code, Code::ConstantAsCondition);
        assert_eq!(e.help.as_deref(), Some("compare it: `pot > 0`"));
        let e = value_name("pair", 0..4, &opts()).unwrap_err();
        assert_eq!(e.code, Code::PredicateAsNumber);
    }

    #[test]
    fn a_shortened_statistic_gets_its_full_name() {
        let e = value_name("VPIP", 0..4, &opts()).unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `villainVPIP`?"));
        let e = value_name("cbet", 0..4, &opts()).unwrap_err();
        assert_eq!(e.help.as_deref(), Some("did you mean `villainCBet`?"));
        assert_eq!(suggestion("xyzzy"), None);
    }

    #[test]
    fn unknown_names_and_defines() {
        let e = condition_name("flushdraww", 0..10, &opts()).unwrap_err();
        assert_eq!(e.code, Code::UnknownName);
        assert_eq!(e.help.as_deref(), Some("did you mean `flushDraw`?"));
        let o = CheckOptions {
            defines: vec!["Ante".into()],
            ..opts()
        };
        assert_eq!(
            value_name("ANTE", 0..4, &o),
            Ok(Constant::Init("ante".into()))
        );
        assert_eq!(
            condition_name("ante", 0..4, &o).unwrap_err().code,
            Code::ConstantAsCondition
        );
        let o = CheckOptions {
            allow_unknown_names: true,
            ..opts()
        };
        assert_eq!(
            value_name("Rake", 0..4, &o),
            Ok(Constant::Init("rake".into()))
        );
    }

    #[test]
    fn cases() {
        assert_eq!(unusual_case("BB"), None);
        assert_eq!(unusual_case("sb"), None);
        assert_eq!(unusual_case("Bb"), Some("bb".into()));
        assert_eq!(unusual_case("FlushDraw"), Some("flushDraw".into()));
        assert_eq!(unusual_case("flushDraw"), None);
        assert_eq!(
            unusual_case("villainturnraise"),
            Some("villainTurnRaise".into())
        );
        assert_eq!(unusual_case("nope"), None);
    }
}
