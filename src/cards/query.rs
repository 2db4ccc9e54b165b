//! Card queries on the hero's hole cards (spec 4.1): `T5`, `Q8s`, `JJ+`, `Q8s+`, `Q8-`,
//! and the kicker spans `A2s-A5s`, `22-66`. A query compiles to a [`HoleClassSet`].

use super::hole::HoleClassSet;

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
    /// Parses the text of a card-query token.
    pub fn parse(_text: &str) -> Result<CardQuery, QueryError> {
        unimplemented!("cards helper")
    }
}
