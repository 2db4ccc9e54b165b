//! Tunable DEFINEs (reference §12.2): `DEFINE openSize = 2.5BB TUNE 2BB..4BB` names the range
//! a tuner may search. The checker validates the range; [`tunables`] lists a script's tunable
//! numbers and [`set_values`] rewrites their values in the text, leaving every other byte.

use crate::diag::{Code, SourceDiagnostic, Span};
use crate::syntax::ast::{ConditionKind, Define, Script, Tune, Value, ValueKind};

/// A DEFINEd number with a `TUNE` range: its name, default and bounds in its unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Tunable {
    pub name: String,
    pub default: f64,
    pub low: f64,
    pub high: f64,
    /// The unit the three are written in (`BB`, `pot`), `None` for a plain number.
    pub unit: Option<String>,
    /// Where the default is written: what [`set_values`] replaces.
    pub value_span: Span,
    /// A whole-number tunable (a count): a plain number whose default and bounds are all
    /// written as integers (`DEFINE minHands = 30 TUNE 10..100`); only whole values are set.
    pub integer: bool,
    /// Where the bounds are written (to tell whether they are integers).
    bound_spans: [Span; 2],
}

/// Why [`set_values`] refused: a name with no TUNE range, a value outside it, a name twice;
/// with the span of the DEFINE's value when the refusal is about a DEFINE of the script.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneError(pub String, pub Option<Span>);

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TuneError {}

/// A constant amount: a number and the unit it is a multiple of (`2.5BB` is 2.5 of `BB`).
type Amount = (f64, Option<String>);

/// The amount a value spells when it is a number, a product or a unit, maybe negated.
fn amount(v: &Value) -> Option<Amount> {
    match &v.kind {
        ValueKind::Number(n) => Some((*n, None)),
        ValueKind::Product { factor, name, .. } => Some((*factor, Some(name.clone()))),
        ValueKind::Name(name) => Some((1.0, Some(name.clone()))),
        ValueKind::Negate(inner) => amount(inner).map(|(n, u)| (-n, u)),
        _ => None,
    }
}

/// The default of a DEFINE with one value: its amount and where it is written.
fn default_of(d: &Define) -> Option<(Amount, Span)> {
    let [branch] = d.body.as_slice() else {
        return None;
    };
    let [condition] = branch.conditions.as_slice() else {
        return None;
    };
    match &condition.kind {
        ConditionKind::Value(v) => amount(v).map(|a| (a, v.span.clone())),
        ConditionKind::Name {
            negated: false,
            name,
            name_span,
        } => Some(((1.0, Some(name.clone())), name_span.clone())),
        _ => None,
    }
}

fn same_unit(a: &Option<String>, b: &Option<String>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    }
}

fn unit_text(u: &Option<String>) -> &str {
    u.as_deref().unwrap_or("a plain number")
}

/// The tunable number of one DEFINE, or the diagnostic saying why its TUNE is wrong.
fn tunable(d: &Define, tune: &Tune) -> Result<Tunable, Box<SourceDiagnostic>> {
    let bad = |span: Span, message: String, help: &str| {
        Box::new(
            SourceDiagnostic::error(Code::BadTune, message)
                .at(span)
                .with_help(help.to_string()),
        )
    };
    let body = d.body.first().map_or(d.span.clone(), |b| b.span.clone());
    let Some(((default, unit), value_span)) = default_of(d) else {
        return Err(bad(
            body,
            format!(
                "`{}` is not a number: only a DEFINEd number can be tuned",
                d.name
            ),
            "write one number, maybe with its unit, e.g. `DEFINE openSize = 2.5BB TUNE 2BB..4BB`",
        ));
    };
    let mut bounds = [0.0; 2];
    for (i, v) in [&tune.low, &tune.high].into_iter().enumerate() {
        let Some((n, u)) = amount(v) else {
            return Err(bad(
                v.span.clone(),
                "a TUNE bound must be a number, like `2BB` or `0.5`".into(),
                "write the bound as a number in the default's unit",
            ));
        };
        if !same_unit(&u, &unit) {
            return Err(bad(
                v.span.clone(),
                format!(
                    "this bound is in {}, the default in {}",
                    unit_text(&u),
                    unit_text(&unit)
                ),
                "write the range in the default's unit",
            ));
        }
        bounds[i] = n;
    }
    let [low, high] = bounds;
    let u = unit.as_deref().unwrap_or("");
    if low >= high {
        return Err(bad(
            tune.span.clone(),
            format!("the TUNE range {low}{u}..{high}{u} is empty or reversed"),
            "write the low bound first and make it smaller than the high one",
        ));
    }
    if !(low..=high).contains(&default) {
        return Err(bad(
            value_span,
            format!("the default {default}{u} is outside its TUNE range {low}{u}..{high}{u}"),
            "the default plays when the script is not tuned: put it inside the range",
        ));
    }
    Ok(Tunable {
        name: d.name.clone(),
        default,
        low,
        high,
        unit,
        value_span,
        integer: false,
        bound_spans: [tune.low.span.clone(), tune.high.span.clone()],
    })
}

/// Whether a number is written as an integer: digits, maybe after a minus.
fn written_whole(text: &str, span: &Span) -> bool {
    let written = text.get(span.clone()).unwrap_or("").trim();
    let written = written
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .map_or(written, str::trim);
    let digits = written.strip_prefix('-').unwrap_or(written).trim_start();
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The diagnostics of every wrong TUNE of a script (an empty range, a bound in another unit,
/// a default outside its range, TUNE on something that is not a number).
pub fn check_tunes(script: &Script) -> Vec<SourceDiagnostic> {
    script
        .defines
        .iter()
        .filter_map(|d| tunable(d, d.tune.as_deref()?).err().map(|b| *b))
        .collect()
}

/// The script's tunable DEFINEs, in the order written (wrong TUNEs left out); `text` is the
/// script's text, which tells the whole-number ones.
pub fn tunables(script: &Script, text: &str) -> Vec<Tunable> {
    let mut all: Vec<Tunable> = script
        .defines
        .iter()
        .filter_map(|d| tunable(d, d.tune.as_deref()?).ok())
        .collect();
    for t in &mut all {
        t.integer = t.unit.is_none()
            && [&t.value_span, &t.bound_spans[0], &t.bound_spans[1]]
                .into_iter()
                .all(|s| written_whole(text, s));
    }
    all
}

/// The tunable DEFINEs of a script's text.
pub fn tunables_of(text: &str) -> Vec<Tunable> {
    tunables(&crate::syntax::parse(text).0, text)
}

/// A value as the rewritten script writes it: at most 4 decimals, no trailing zeros.
pub fn number_text(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" => "0".to_string(),
        s => s.to_string(),
    }
}

/// The text with the tunable DEFINEs named in `values` given those values (in their unit),
/// every other byte kept. A name without a TUNE range, a value outside its range or a name
/// given twice is an error.
pub fn set_values(text: &str, values: &[(String, f64)]) -> Result<String, TuneError> {
    use crate::diag::clip;
    use crate::game::format_amount as short;
    crate::limits::script_size(text.len())
        .map_err(|e| TuneError(format!("the script: {e}"), None))?;
    let all = tunables_of(text);
    let mut edits: Vec<(Span, String)> = Vec::new();
    for (i, (name, v)) in values.iter().enumerate() {
        let shown = clip(name);
        let Some(t) = all.iter().find(|t| t.name.eq_ignore_ascii_case(name)) else {
            let known: Vec<&str> = all.iter().map(|t| t.name.as_str()).collect();
            let near = crate::diag::did_you_mean(name, known.iter().copied());
            let known = match (near, known.is_empty()) {
                (Some(n), _) => format!("did you mean `{n}`?"),
                (None, true) => "it has none".to_string(),
                (None, false) => format!("its tunable DEFINEs are {}", clip(&known.join(", "))),
            };
            return Err(TuneError(
                format!("the script has no DEFINE `{shown}` with a TUNE range; {known}"),
                None,
            ));
        };
        let at = |message: String| TuneError(message, Some(t.value_span.clone()));
        if values[..i]
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            return Err(at(format!("`{shown}` is given twice")));
        }
        let slack = 1e-9 * (t.high - t.low);
        if !v.is_finite() || *v < t.low - slack || *v > t.high + slack {
            return Err(at(format!(
                "{shown} = {} is outside its TUNE range {}..{}",
                short(*v),
                short(t.low),
                short(t.high)
            )));
        }
        if t.integer && v.fract() != 0.0 {
            return Err(at(format!(
                "{shown} = {} is not a whole number, and {} is a count (its default and TUNE range {}..{} are written as integers)",
                short(*v),
                t.name,
                short(t.low),
                short(t.high)
            )));
        }
        let unit = t.unit.as_deref().unwrap_or("");
        let mut written = format!("{}{unit}", number_text(*v));
        // Two rank digits alone (`45`) would be a card query in a DEFINE: `(45)` is the number.
        if written.len() == 2 && written.bytes().all(|b| (b'2'..=b'9').contains(&b)) {
            written = format!("({written})");
        }
        edits.push((t.value_span.clone(), written));
    }
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut out = text.to_string();
    for (span, new) in edits {
        out.replace_range(span, &new);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<String> {
        let (script, syntax) = crate::syntax::parse(text);
        assert!(syntax.is_empty(), "{syntax:?}");
        check_tunes(&script)
            .iter()
            .map(|d| d.message.clone())
            .collect()
    }

    #[test]
    fn a_tune_range_is_listed_with_its_unit() {
        let t =
            tunables_of("DEFINE openSize = 2.5BB TUNE 2BB..4BB\nDEFINE eq = 0.6 TUNE 0.4..0.8\n");
        assert_eq!(t.len(), 2);
        assert_eq!(
            (t[0].name.as_str(), t[0].default, t[0].low, t[0].high),
            ("openSize", 2.5, 2.0, 4.0)
        );
        assert_eq!(t[0].unit.as_deref(), Some("BB"));
        assert_eq!((t[1].default, t[1].unit.clone()), (0.6, None));
    }

    #[test]
    fn a_range_written_in_integers_is_a_count() {
        let t = tunables_of(
            "DEFINE minHands = 30 TUNE 10..100\nDEFINE neg = -2 TUNE -5..0\nDEFINE eq = 1 TUNE 0..1.0\nDEFINE open = 3BB TUNE 2BB..5BB\nDEFINE x = 0.5 TUNE 0..1\n",
        );
        let integer: Vec<(&str, bool)> = t.iter().map(|t| (t.name.as_str(), t.integer)).collect();
        assert_eq!(
            integer,
            [
                ("minHands", true),
                ("neg", true),
                ("eq", false),
                ("open", false),
                ("x", false)
            ]
        );
        let text = "DEFINE minHands = 30 TUNE 10..100 // hands seen\n";
        // 45 alone would be a card query: the number is written in parentheses, still a count.
        let tuned = set_values(text, &[("minHands".into(), 45.0)]).unwrap();
        assert_eq!(tuned, "DEFINE minHands = (45) TUNE 10..100 // hands seen\n");
        let again = &tunables_of(&tuned)[0];
        assert_eq!((again.default, again.integer), (45.0, true));
        assert_eq!(
            set_values(&tuned, &[("minHands".into(), 100.0)]).unwrap(),
            "DEFINE minHands = 100 TUNE 10..100 // hands seen\n"
        );
        assert_eq!(
            set_values(text, &[("minhands".into(), 45.5)]).unwrap_err().0,
            "minhands = 45.5 is not a whole number, and minHands is a count (its default and TUNE range 10..100 are written as integers)"
        );
    }

    #[test]
    fn wrong_ranges_are_errors_saying_why() {
        assert_eq!(
            codes("DEFINE a = 5BB TUNE 2BB..4BB\n"),
            ["the default 5BB is outside its TUNE range 2BB..4BB"]
        );
        assert_eq!(
            codes("DEFINE a = 3BB TUNE 4BB..2BB\n"),
            ["the TUNE range 4BB..2BB is empty or reversed"]
        );
        assert_eq!(
            codes("DEFINE a = 3BB TUNE 2..4\n"),
            ["this bound is in a plain number, the default in BB"]
        );
        assert_eq!(
            codes("DEFINE a = pot / 2 TUNE 1..2\n"),
            ["`a` is not a number: only a DEFINEd number can be tuned"]
        );
        assert!(codes("DEFINE a = -1 TUNE -2..0\nDEFINE b = 1bb TUNE 1BB..2BB\n").is_empty());
    }

    #[test]
    fn set_values_rewrites_only_the_values() {
        let text = "// open\nDEFINE openSize = 2.5BB TUNE 2BB..4BB // size\nDEFINE eq = 0.6 TUNE 0.4..0.8\n";
        let out = set_values(text, &[("opensize".into(), 3.25), ("eq".into(), 0.5)]).unwrap();
        assert_eq!(
            out,
            "// open\nDEFINE openSize = 3.25BB TUNE 2BB..4BB // size\nDEFINE eq = 0.5 TUNE 0.4..0.8\n"
        );
        let e = set_values(text, &[("eq".into(), 0.9)]).unwrap_err();
        assert_eq!(e.0, "eq = 0.9 is outside its TUNE range 0.4..0.8");
        let e = set_values(text, &[("big".into(), 1.0)]).unwrap_err();
        assert_eq!(
            e.0,
            "the script has no DEFINE `big` with a TUNE range; its tunable DEFINEs are openSize, eq"
        );
    }
}
