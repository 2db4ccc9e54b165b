//! Card queries on the hero's hole cards (reference §2): `T5`, `Q8s`, `JJ+`, `Q8s+`, `Q8-`,
//! and the kicker spans `A2s-A5s`, `22-66`. A query compiles to a [`HoleClassSet`].

use std::fmt;

use super::hole::{HoleClass, HoleClassSet};
use super::Rank;

/// A compiled card query.
#[derive(Clone, Debug, PartialEq)]
pub struct CardQuery {
    /// The classes the query accepts.
    pub classes: HoleClassSet,
    /// Something legal but unusual about how it was written (low card first, `KKo`).
    pub note: Option<QueryNote>,
}

/// A legal query written unusually; `check` turns it into a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryNote {
    /// `QK`: written low card first; the canonical spelling is given.
    LowCardFirst { canonical: String },
    /// `KKo`: a pair needs no suffix.
    OffsuitPair { canonical: String },
}

/// Why a card query is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// `KKs`: a pair cannot be suited.
    SuitedPair { pair: String },
    /// A kicker span whose ends do not share their first card, or mix a pair with a non-pair.
    BadSpan { reason: String },
    /// Not a card query at all.
    Malformed,
}

impl CardQuery {
    /// Parses the text of a card-query token (reference §2 and the kicker spans of reference §1).
    ///
    /// Forms, with `H` the higher and `L` the lower rank of a non-pair, `P` a pair's rank:
    /// - `HL` any suits (**Decision** of the spec), `HLs` suited, `HLo` offsuit;
    /// - `PP` the pair (`PPo` is accepted as `PP` with [`QueryNote::OffsuitPair`], `PPs` is
    ///   [`QueryError::SuitedPair`]);
    /// - `PP+` / `PP-` that pair or any higher / lower pair;
    /// - `HL+`: not a pair, the higher card at least `H` and the lower at least `L`
    ///   (`Q8s+` = Q8s-QJs, K8s-KQs, A8s-AKs; so `JT+` holds for Q♥T♠); `HL-`: the higher
    ///   at most `H` and the lower at most `L`; the suffix, if any, applies to every class;
    /// - spans `HA-HB` (`A2s-A5s`, `KTo-KQo`, `A2-A5`: the higher card `H` with every
    ///   kicker from `A` to `B`) and `PA-PB` (`22-66`: every pair from one to the other);
    ///   both ends included, in either order, with the same suffix.
    ///
    /// A non-pair written low card first (`QK`, `8Qs+`) means the same as high first and
    /// carries [`QueryNote::LowCardFirst`]. Ranks are `2`-`9`, `T`, `J`, `Q`, `K`, `A`
    /// (upper case), suffixes `s` and `o` (lower case); anything else is
    /// [`QueryError::Malformed`].
    pub fn parse(text: &str) -> Result<CardQuery, QueryError> {
        CardQuery::parse_as(text, Notation::Hus)
    }

    /// Parses a card query read in `notation`: the same as [`CardQuery::parse`] but for `+`
    /// and `-` after a non-pair in [`Notation::PokerStove`].
    pub fn parse_as(text: &str, notation: Notation) -> Result<CardQuery, QueryError> {
        let mut notes = Notes::default();
        let classes = if let Some(rest) = text.strip_suffix('+') {
            let hand = HandPattern::parse(rest, &mut notes)?;
            notes.canonical = format!("{}+", hand.canonical());
            hand.range(Direction::Up, notation)
        } else if let Some(rest) = text.strip_suffix('-') {
            let hand = HandPattern::parse(rest, &mut notes)?;
            notes.canonical = format!("{}-", hand.canonical());
            hand.range(Direction::Down, notation)
        } else if let Some((a, b)) = text.split_once('-') {
            let (a, b) = (
                HandPattern::parse(a, &mut notes)?,
                HandPattern::parse(b, &mut notes)?,
            );
            notes.canonical = format!("{}-{}", a.canonical(), b.canonical());
            span(a, b)?
        } else {
            let hand = HandPattern::parse(text, &mut notes)?;
            notes.canonical = hand.canonical();
            hand.range(Direction::Exact, notation)
        };
        Ok(CardQuery {
            classes,
            note: notes.into_note(),
        })
    }

    /// Whether the query holds for a hole-card class.
    pub fn holds(&self, class: HoleClass) -> bool {
        self.classes.contains(class)
    }
}

/// How a range's card queries are read: the language's own way (`K9s+` raises both cards,
/// reference §2) or PokerStove's and Equilab's (`K9s+` is K9s-KQs, `K9s-` K2s-K9s; pairs and
/// spans read the same in both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    #[default]
    Hus,
    PokerStove,
}

/// The word for every holding, in a range on the command line (reference §12.11).
pub const EVERY_HOLDING: &str = "anyTwo";

/// What other tools call every holding: `hus equity` and `hus range` name [`EVERY_HOLDING`]
/// when they meet one.
pub const EVERY_HOLDING_HABITS: [&str; 6] = ["random", "any2", "any", "anyhand", "100%", "xx"];

/// Every class: the range [`EVERY_HOLDING`] names (any two cards).
pub fn every_class() -> HoleClassSet {
    HoleClass::all().collect()
}

/// For a `+` query whose two readings differ (`K9s+`), the PokerStove reading spelled as a
/// span (`K9s-KQs`) and the classes the language's reading adds to it.
pub fn pokerstove_plus(text: &str) -> Option<(String, HoleClassSet)> {
    let hus = CardQuery::parse(text).ok()?.classes;
    let stove = CardQuery::parse_as(text, Notation::PokerStove)
        .ok()?
        .classes;
    if hus == stove || !text.ends_with('+') {
        return None;
    }
    let mut notes = Notes::default();
    let hand = HandPattern::parse(text.strip_suffix('+')?, &mut notes).ok()?;
    let below = Rank(hand.high.0 - 1);
    let top = format!(
        "{}{}{}",
        hand.high.symbol(),
        below.symbol(),
        hand.suits.suffix()
    );
    let spelled = if top == hand.canonical() {
        top
    } else {
        format!("{}-{top}", hand.canonical())
    };
    let mut extra = HoleClassSet::EMPTY;
    for c in hus.classes().filter(|&c| !stove.contains(c)) {
        extra.insert(c);
    }
    Some((spelled, extra))
}

/// What a card query's suffix asks of the suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Suits {
    Any,
    Suited,
    Offsuit,
}

impl Suits {
    fn suffix(self) -> &'static str {
        match self {
            Suits::Any => "",
            Suits::Suited => "s",
            Suits::Offsuit => "o",
        }
    }
}

/// Which classes `+`, `-` or nothing adds to a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Exact,
    Up,
    Down,
}

/// How the query was written unusually, gathered while parsing its hands.
#[derive(Default)]
struct Notes {
    low_card_first: bool,
    offsuit_pair: bool,
    /// The query written the usual way (high card first, no `o` on a pair).
    canonical: String,
}

impl Notes {
    fn into_note(self) -> Option<QueryNote> {
        let canonical = self.canonical;
        if self.low_card_first {
            Some(QueryNote::LowCardFirst { canonical })
        } else if self.offsuit_pair {
            Some(QueryNote::OffsuitPair { canonical })
        } else {
            None
        }
    }
}

/// One hand of a query (`AKs`, `T5`, `99`), high card first after parsing.
#[derive(Clone, Copy, Debug)]
struct HandPattern {
    high: Rank,
    low: Rank,
    /// Always `Any` for a pair.
    suits: Suits,
}

impl HandPattern {
    /// Parses `RR`, `RRs` or `RRo`.
    fn parse(text: &str, notes: &mut Notes) -> Result<HandPattern, QueryError> {
        let mut chars = text.chars();
        let (a, b) = match (chars.next(), chars.next()) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(QueryError::Malformed),
        };
        let (a, b) = match (Rank::from_char(a), Rank::from_char(b)) {
            (Some(a), Some(b)) => (a, b),
            _ => return Err(QueryError::Malformed),
        };
        let suits = match (chars.next(), chars.next()) {
            (None, _) => Suits::Any,
            (Some('s'), None) => Suits::Suited,
            (Some('o'), None) => Suits::Offsuit,
            _ => return Err(QueryError::Malformed),
        };
        if a == b {
            return match suits {
                Suits::Suited => Err(QueryError::SuitedPair {
                    pair: format!("{}{}", a.symbol(), b.symbol()),
                }),
                Suits::Offsuit => {
                    notes.offsuit_pair = true;
                    Ok(HandPattern::pair(a))
                }
                Suits::Any => Ok(HandPattern::pair(a)),
            };
        }
        if a < b {
            notes.low_card_first = true;
        }
        Ok(HandPattern {
            high: a.max(b),
            low: a.min(b),
            suits,
        })
    }

    fn pair(rank: Rank) -> HandPattern {
        HandPattern {
            high: rank,
            low: rank,
            suits: Suits::Any,
        }
    }

    fn is_pair(self) -> bool {
        self.high == self.low
    }

    /// High card first, the suffix, no `o` on a pair: `KQs`, `99`.
    fn canonical(self) -> String {
        format!(
            "{}{}{}",
            self.high.symbol(),
            self.low.symbol(),
            self.suits.suffix()
        )
    }

    /// The classes of this hand alone, or with `+` / `-` (in PokerStove's notation a
    /// non-pair's `+` and `-` move the kicker only).
    fn range(self, dir: Direction, notation: Notation) -> HoleClassSet {
        let (h, l) = (self.high, self.low);
        if self.is_pair() {
            return pairs(|p| match dir {
                Direction::Exact => p == h,
                Direction::Up => p >= h,
                Direction::Down => p <= h,
            });
        }
        let stove = notation == Notation::PokerStove;
        non_pairs(self.suits, |hi, lo| match dir {
            Direction::Exact => hi == h && lo == l,
            Direction::Up if stove => hi == h && lo >= l,
            Direction::Down if stove => hi == h && lo <= l,
            Direction::Up => hi >= h && lo >= l,
            Direction::Down => hi <= h && lo <= l,
        })
    }
}

/// The classes of a kicker span (`A2s-A5s`) or a span of pairs (`22-66`), ends included.
fn span(a: HandPattern, b: HandPattern) -> Result<HoleClassSet, QueryError> {
    let ends = format!("`{}` and `{}`", a.canonical(), b.canonical());
    match (a.is_pair(), b.is_pair()) {
        (true, true) => {
            let (from, to) = (a.high.min(b.high), a.high.max(b.high));
            return Ok(pairs(|p| from <= p && p <= to));
        }
        (false, false) => {}
        _ => {
            return Err(QueryError::BadSpan {
                reason: format!(
                    "one of the ends {ends} is a pair and the other is not; a span runs over \
                     pairs (`22-66`) or over the kickers of one card (`A2s-A5s`)"
                ),
            })
        }
    }
    if a.high != b.high {
        return Err(QueryError::BadSpan {
            reason: format!(
                "the ends {ends} do not share their first card; a span keeps the first card \
                 and runs over the kickers (`A2s-A5s`)"
            ),
        });
    }
    if a.suits != b.suits {
        return Err(QueryError::BadSpan {
            reason: format!("the ends {ends} have different suffixes; write the same on both"),
        });
    }
    let (from, to) = (a.low.min(b.low), a.low.max(b.low));
    Ok(non_pairs(a.suits, |hi, lo| {
        hi == a.high && from <= lo && lo <= to
    }))
}

/// The pairs whose rank passes `keep`.
fn pairs(keep: impl Fn(Rank) -> bool) -> HoleClassSet {
    Rank::all()
        .filter(|&r| keep(r))
        .map(|r| HoleClass {
            high: r,
            low: r,
            suited: false,
        })
        .collect()
}

/// The non-pair classes (high, low) passing `keep`, suited, offsuit or both.
fn non_pairs(suits: Suits, keep: impl Fn(Rank, Rank) -> bool) -> HoleClassSet {
    let mut set = HoleClassSet::EMPTY;
    for high in Rank::all() {
        for low in Rank::all().filter(|&l| l < high && keep(high, l)) {
            for suited in [true, false] {
                let wanted = match suits {
                    Suits::Any => true,
                    Suits::Suited => suited,
                    Suits::Offsuit => !suited,
                };
                if wanted {
                    set.insert(HoleClass { high, low, suited });
                }
            }
        }
    }
    set
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::SuitedPair { pair } => {
                write!(f, "a pair cannot be suited: write `{pair}`")
            }
            QueryError::BadSpan { reason } => write!(f, "invalid kicker span: {reason}"),
            QueryError::Malformed => write!(
                f,
                "not a card query: expected two ranks (`2`-`9`, `T`, `J`, `Q`, `K`, `A`), \
                 optionally `s` or `o`, optionally `+` or `-` (`AK`, `Q8s+`, `JJ-`), or a span \
                 (`A2s-A5s`, `22-66`)"
            ),
        }
    }
}

impl std::error::Error for QueryError {}

impl fmt::Display for QueryNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryNote::LowCardFirst { canonical } => {
                write!(
                    f,
                    "card query written low card first; the usual spelling is `{canonical}`"
                )
            }
            QueryNote::OffsuitPair { canonical } => {
                write!(
                    f,
                    "a pair is never suited, so `o` says nothing; write `{canonical}`"
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Suit};

    /// The class names a query accepts, in table order.
    fn names(text: &str) -> Vec<String> {
        let q = CardQuery::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        q.classes.classes().map(|c| c.name()).collect()
    }

    fn set(list: &[&str]) -> Vec<String> {
        let s: HoleClassSet = list.iter().map(|n| HoleClass::parse(n).unwrap()).collect();
        s.classes().map(|c| c.name()).collect()
    }

    fn note(text: &str) -> Option<QueryNote> {
        CardQuery::parse(text).unwrap().note
    }

    fn bad_span(text: &str) -> String {
        match CardQuery::parse(text) {
            Err(QueryError::BadSpan { reason }) => reason,
            other => panic!("{text}: expected a bad span, got {other:?}"),
        }
    }

    #[test]
    fn no_suffix_means_any_suits() {
        assert_eq!(names("T5"), set(&["T5s", "T5o"]));
        assert_eq!(names("54"), set(&["54s", "54o"]));
        assert_eq!(names("AK"), set(&["AKs", "AKo"]));
        assert_eq!(note("T5"), None);
    }

    #[test]
    fn suited_and_offsuit() {
        assert_eq!(names("Q8s"), set(&["Q8s"]));
        assert_eq!(names("Q8o"), set(&["Q8o"]));
    }

    #[test]
    fn pairs() {
        assert_eq!(names("KK"), set(&["KK"]));
        assert_eq!(names("99"), set(&["99"]));
        assert_eq!(names("22"), set(&["22"]));
        assert_eq!(
            CardQuery::parse("KKs"),
            Err(QueryError::SuitedPair { pair: "KK".into() })
        );
        assert_eq!(
            CardQuery::parse("KKs").unwrap_err().to_string(),
            "a pair cannot be suited: write `KK`"
        );
        let kko = CardQuery::parse("KKo").unwrap();
        assert_eq!(kko.classes, CardQuery::parse("KK").unwrap().classes);
        assert_eq!(
            kko.note,
            Some(QueryNote::OffsuitPair {
                canonical: "KK".into()
            })
        );
    }

    #[test]
    fn pairs_up_and_down() {
        assert_eq!(names("JJ+"), set(&["JJ", "QQ", "KK", "AA"]));
        assert_eq!(
            names("JJ-"),
            set(&["22", "33", "44", "55", "66", "77", "88", "99", "TT", "JJ"])
        );
        assert_eq!(names("AA+"), set(&["AA"]));
        assert_eq!(names("22-"), set(&["22"]));
        assert_eq!(names("77+").len(), 8);
        assert_eq!(
            note("JJo+"),
            Some(QueryNote::OffsuitPair {
                canonical: "JJ+".into()
            })
        );
        assert_eq!(names("JJo+"), names("JJ+"));
        assert!(matches!(
            CardQuery::parse("JJs-"),
            Err(QueryError::SuitedPair { .. })
        ));
    }

    #[test]
    fn plus_raises_both_cards() {
        // The spec's Decision: Q8s-QJs, K8s-KQs, A8s-AKs.
        let mut want = Vec::new();
        for high in ["Q", "K", "A"] {
            for low in ["8", "9", "T", "J", "Q", "K"] {
                if "89TJQKA".find(low) < "89TJQKA".find(high) {
                    want.push(format!("{high}{low}s"));
                }
            }
        }
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(want.len(), 4 + 5 + 6);
        assert_eq!(names("Q8s+"), set(&want));
        let offsuit: Vec<String> = want.iter().map(|n| n.replace('s', "o")).collect();
        let offsuit: Vec<&str> = offsuit.iter().map(String::as_str).collect();
        assert_eq!(names("Q8o+"), set(&offsuit));
        assert_eq!(names("Q8+").len(), 30);
        assert_eq!(names("AK+"), set(&["AKs", "AKo"]));
        assert_eq!(names("32+").len(), 156);
    }

    #[test]
    fn thesis_example_jt_plus_holds_for_queen_ten_offsuit() {
        let q = CardQuery::parse("JT+").unwrap();
        let qh = Card::new(Rank::QUEEN, Suit::Hearts);
        let ts = Card::new(Rank::TEN, Suit::Spades);
        assert!(q.holds(HoleClass::of(qh, ts)));
        assert_eq!(
            names("JT+"),
            set(&[
                "JTs", "JTo", "QTs", "QTo", "QJs", "QJo", "KTs", "KTo", "KJs", "KJo", "KQs", "KQo",
                "ATs", "ATo", "AJs", "AJo", "AQs", "AQo", "AKs", "AKo"
            ])
        );
        // No pairs: `JT+` does not hold for QQ.
        assert!(!q.holds(HoleClass::parse("QQ").unwrap()));
    }

    #[test]
    fn minus_lowers_both_cards() {
        let got = names("Q8-");
        assert!(got.iter().all(|n| n.len() == 3), "no pairs: {got:?}");
        assert!(got.contains(&"Q8o".to_string()) && got.contains(&"32s".to_string()));
        assert!(got.contains(&"98s".to_string()) && got.contains(&"Q2o".to_string()));
        assert!(!got.contains(&"Q9s".to_string()) && !got.contains(&"K2o".to_string()));
        // Higher card 3..Q with lower 2..min(8, higher - 1).
        let count: usize = (1..=10).map(|h: usize| h.min(7)).sum();
        assert_eq!(got.len(), 2 * count);
        assert_eq!(names("32o-"), set(&["32o"]));
        assert_eq!(
            names("54s-"),
            set(&["32s", "42s", "43s", "52s", "53s", "54s"])
        );
    }

    #[test]
    fn low_card_first_means_the_same() {
        assert_eq!(names("QK"), names("KQ"));
        assert_eq!(
            note("QK"),
            Some(QueryNote::LowCardFirst {
                canonical: "KQ".into()
            })
        );
        assert_eq!(names("8Qs+"), names("Q8s+"));
        assert_eq!(
            note("8Qs+"),
            Some(QueryNote::LowCardFirst {
                canonical: "Q8s+".into()
            })
        );
        assert_eq!(
            note("45o-"),
            Some(QueryNote::LowCardFirst {
                canonical: "54o-".into()
            })
        );
        assert_eq!(note("KQ"), None);
    }

    #[test]
    fn kicker_spans() {
        assert_eq!(names("A2s-A5s"), set(&["A2s", "A3s", "A4s", "A5s"]));
        assert_eq!(names("A5s-A2s"), names("A2s-A5s"));
        assert_eq!(names("KTo-KQo"), set(&["KTo", "KJo", "KQo"]));
        assert_eq!(
            names("A2-A5"),
            set(&["A2s", "A3s", "A4s", "A5s", "A2o", "A3o", "A4o", "A5o"])
        );
        assert_eq!(names("A5s-A5s"), set(&["A5s"]));
        assert_eq!(names("A2s-AKs").len(), 12);
        assert_eq!(note("A2s-A5s"), None);
        assert_eq!(
            note("2As-A5s"),
            Some(QueryNote::LowCardFirst {
                canonical: "A2s-A5s".into()
            })
        );
        assert_eq!(names("2As-A5s"), names("A2s-A5s"));
    }

    #[test]
    fn pair_spans() {
        assert_eq!(names("22-66"), set(&["22", "33", "44", "55", "66"]));
        assert_eq!(names("66-22"), names("22-66"));
        assert_eq!(names("TT-TT"), set(&["TT"]));
        assert_eq!(names("22o-66"), names("22-66"));
        assert_eq!(
            note("22o-66"),
            Some(QueryNote::OffsuitPair {
                canonical: "22-66".into()
            })
        );
        assert!(matches!(
            CardQuery::parse("22s-66"),
            Err(QueryError::SuitedPair { .. })
        ));
    }

    #[test]
    fn bad_spans() {
        assert!(bad_span("KTo-QTo").contains("do not share their first card"));
        assert!(bad_span("A2-K5").contains("`A2` and `K5`"));
        assert!(bad_span("22-A5").contains("is a pair and the other is not"));
        assert!(bad_span("AK-AA").contains("is a pair"));
        assert!(bad_span("A2s-A5o").contains("different suffixes"));
        assert!(bad_span("A2s-A5").contains("different suffixes"));
        let e = CardQuery::parse("A2s-A5o").unwrap_err().to_string();
        assert!(e.starts_with("invalid kicker span: "), "{e}");
    }

    #[test]
    fn malformed() {
        for text in [
            "",
            "A",
            "AKx",
            "AKss",
            "AKS",
            "ak",
            "AKs+-",
            "A2s--",
            "A2s-A5s+",
            "A2s+-A5s",
            "-A5",
            "1A",
            "AK ",
            " AK",
            "AKQ",
            "+",
            "-",
            "10",
            "A2--A5",
            "A2s-A5s-A7s",
            "A♠K♠",
        ] {
            assert_eq!(
                CardQuery::parse(text),
                Err(QueryError::Malformed),
                "{text:?}"
            );
        }
        assert!(QueryError::Malformed.to_string().contains("`Q8s+`"));
    }

    #[test]
    fn a_trailing_minus_is_a_minus_query_not_a_span() {
        // `A2s-`: the higher at most an ace, the lower at most a two: A2s, K2s, ..., 32s.
        assert_eq!(names("A2s-").len(), 12);
        assert_eq!(names("A2-").len(), 24);
    }

    #[test]
    fn notes_render() {
        let n = note("QK").unwrap().to_string();
        assert!(n.contains("`KQ`"), "{n}");
        let n = note("KKo").unwrap().to_string();
        assert!(n.contains("`KK`"), "{n}");
    }

    /// Every single-hand query (`XY`, `XYs`, `XYo`, with `+`, `-` or neither) against the
    /// rule stated in words, over all 169 classes.
    #[test]
    fn every_single_query_matches_its_definition() {
        let syms: Vec<char> = Rank::all().map(Rank::symbol).collect();
        for &a in &syms {
            for &b in &syms {
                for suffix in ["", "s", "o"] {
                    for modifier in ["", "+", "-"] {
                        let text = format!("{a}{b}{suffix}{modifier}");
                        let (ra, rb) = (Rank::from_char(a).unwrap(), Rank::from_char(b).unwrap());
                        let parsed = CardQuery::parse(&text);
                        if ra == rb && suffix == "s" {
                            assert!(
                                matches!(parsed, Err(QueryError::SuitedPair { .. })),
                                "{text}"
                            );
                            continue;
                        }
                        let q = parsed.unwrap();
                        let (h, l) = (ra.max(rb), ra.min(rb));
                        for c in HoleClass::all() {
                            let want = if h == l {
                                c.is_pair()
                                    && match modifier {
                                        "+" => c.high >= h,
                                        "-" => c.high <= h,
                                        _ => c.high == h,
                                    }
                            } else {
                                let suits_ok = match suffix {
                                    "s" => c.suited,
                                    "o" => !c.suited,
                                    _ => true,
                                };
                                !c.is_pair()
                                    && suits_ok
                                    && match modifier {
                                        "+" => c.high >= h && c.low >= l,
                                        "-" => c.high <= h && c.low <= l,
                                        _ => c.high == h && c.low == l,
                                    }
                            };
                            assert_eq!(q.holds(c), want, "{text} on {}", c.name());
                        }
                    }
                }
            }
        }
    }
}
