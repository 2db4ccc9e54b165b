//! The game state (reference §6): what a producer writes ([`GameRecord`]), how it is read from XML
//! ([`xml`]), and the validated [`GameState`] with every constant of reference §7 derived by a
//! heads-up no-limit betting model ([`betting`]).

mod action;
pub mod betting;
mod builder;
pub mod chips;
pub mod constant;
mod growing;
pub mod opponent;
pub mod xml;

pub use action::{Action, Intent};
pub use builder::{GameBuilder, Play};
pub use chips::{Chips, Decimal, Unit};
pub use constant::{Constant, Stat};
pub use growing::GrowingState;
pub use opponent::{Ending, OpponentStat, OpponentStats};

use crate::cards::{Card, CardSet};
use crate::diag::{SourceDiagnostic, Span};

/// A betting round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    #[default]
    Preflop,
    Flop,
    Turn,
    River,
}

impl Phase {
    pub const ALL: [Phase; 4] = [Phase::Preflop, Phase::Flop, Phase::Turn, Phase::River];

    /// `Preflop`, as in constant names (`villainPreflopRaise`).
    pub fn title(self) -> &'static str {
        ["Preflop", "Flop", "Turn", "River"][self as usize]
    }
    /// `preflop`, the XML element name.
    pub fn xml_tag(self) -> &'static str {
        ["preflop", "flop", "turn", "river"][self as usize]
    }
    /// `PREFLOP`, the script keyword.
    pub fn keyword(self) -> &'static str {
        ["PREFLOP", "FLOP", "TURN", "RIVER"][self as usize]
    }
    /// How many board cards are out in this round: 0, 3, 4, 5.
    pub fn board_len(self) -> usize {
        [0, 3, 4, 5][self as usize]
    }
    pub fn next(self) -> Option<Phase> {
        Phase::ALL.get(self as usize + 1).copied()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Hero,
    Villain,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::Hero => Player::Villain,
            Player::Villain => Player::Hero,
        }
    }
    /// `Hero` / `Villain`, as in the XML.
    pub fn xml_name(self) -> &'static str {
        match self {
            Player::Hero => "Hero",
            Player::Villain => "Villain",
        }
    }
}

/// What a player did, as the XML `act` attribute says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    Check,
    Call,
    Raise,
    /// The same as a raise when nothing is owed (extension).
    Bet,
    /// Ends the hand (extension); a state after a fold is over and invalid for a decision.
    Fold,
}

impl Act {
    /// Every act's word, as [`Act::from_str`](std::str::FromStr) reads them.
    pub const WORDS: [&'static str; 5] = ["check", "call", "raise", "bet", "fold"];

    pub fn xml_name(self) -> &'static str {
        match self {
            Act::Check => "check",
            Act::Call => "call",
            Act::Raise => "raise",
            Act::Bet => "bet",
            Act::Fold => "fold",
        }
    }
}

/// An act's word in any case (`fold`, `Check`, `RAISE`): the one reading of action words, for
/// the XML's `act`, the spot notation, external programs' answers, Python and C.
impl std::str::FromStr for Act {
    type Err = UnknownAct;

    fn from_str(word: &str) -> Result<Act, UnknownAct> {
        [Act::Check, Act::Call, Act::Raise, Act::Bet, Act::Fold]
            .into_iter()
            .find(|a| a.xml_name().eq_ignore_ascii_case(word))
            .ok_or_else(|| UnknownAct(word.to_string()))
    }
}

/// A word that names no act.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAct(pub String);

impl std::fmt::Display for UnknownAct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown act `{}`: expected check, call, raise, bet or fold",
            self.0
        )
    }
}

impl std::error::Error for UnknownAct {}

/// A blind post.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    pub player: Player,
    pub amount: Chips,
    /// The element text: `SB` or `BB`.
    pub blind: String,
    /// Where it was written (XML reading only).
    pub span: Option<Span>,
}

/// One action as recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionRecord {
    pub no: i64,
    pub player: Player,
    pub act: Act,
    /// Chips added by a call; for a raise or bet, the increment above the amount called.
    pub amount: Chips,
    pub span: Option<Span>,
}

/// One betting round as recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    pub phase: Phase,
    /// The cards dealt in this round (3 on the flop, 1 on the turn and river).
    pub cards: Vec<Card>,
    /// In `no` order once validated.
    pub actions: Vec<ActionRecord>,
    pub span: Option<Span>,
}

/// A hand as a producer records it: the content of the XML, before validation.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The unit every amount of the record counts (reference §6, amounts).
    pub unit: Unit,
    /// The chip sizes are rounded to (`<chip>`), in units; `None`: one unit.
    pub chip: Option<Chips>,
    pub bb: Chips,
    pub sb: Chips,
    /// Stacks at the start of the hand, before the blinds.
    pub hero_stack: Chips,
    pub villain_stack: Chips,
    pub hero_cards: [Card; 2],
    /// Every other child of `<init>`, name as written, in file order.
    pub extras: Vec<(String, f64)>,
    pub posts: Vec<Post>,
    pub rounds: Vec<Round>,
    /// The villain's statistics over past hands (`<stats>`), when the producer keeps them.
    /// Boxed: most states have none, and a state stays small.
    pub stats: Option<Box<OpponentStats>>,
}

impl GameRecord {
    /// An amount of this record as a number of chips (a script's number).
    pub fn chips(&self, c: Chips) -> f64 {
        self.unit.to_f64(c)
    }

    /// The record without where its parts were written: two records of the same hand, one
    /// read from XML and one built in a program, compare equal this way.
    pub fn without_spans(&self) -> GameRecord {
        let mut r = self.clone();
        for p in &mut r.posts {
            p.span = None;
        }
        for round in &mut r.rounds {
            round.span = None;
            for a in &mut round.actions {
                a.span = None;
            }
        }
        r
    }

    /// The same hand, wherever its parts were written.
    pub fn same_as(&self, other: &GameRecord) -> bool {
        self.without_spans() == other.without_spans()
    }

    /// Moves every round to `spare`, emptied but with its buffers kept: a dealer reuses them
    /// for the next hand's rounds instead of allocating.
    pub fn clear_rounds(&mut self, spare: &mut Vec<Round>) {
        // Moved first and emptied in place after: emptying each round on its way read back
        // 16 bytes over a fresh 8-byte store, a store-forwarding stall per round (4 % of
        // `hus match`).
        let first = spare.len();
        spare.append(&mut self.rounds);
        for round in &mut spare[first..] {
            round.cards.clear();
            round.actions.clear();
            round.span = None;
        }
    }
}

/// A validated game state at the hero's turn, with the constants of reference §7 derived.
#[derive(Clone, Debug)]
pub struct GameState {
    record: GameRecord,
    /// The XML as read (for `wholeGame`), when the state came from a file.
    xml: Option<std::sync::Arc<str>>,
    derived: betting::Derived,
}

/// A game-state file that cannot produce a decision: every error found, with spans into the XML.
#[derive(Clone, Debug)]
pub struct InvalidGame {
    pub diagnostics: Vec<SourceDiagnostic>,
}

/// The first error, and how many more there are (render `diagnostics` for the full report).
impl std::fmt::Display for InvalidGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut errors = self.diagnostics.iter().filter(|d| d.is_error());
        match errors.next() {
            Some(first) => write!(f, "invalid game state: {}", first.message)?,
            None => write!(f, "invalid game state")?,
        }
        match errors.count() {
            0 => Ok(()),
            n => write!(f, " (and {n} more error{})", if n == 1 { "" } else { "s" }),
        }
    }
}

impl std::error::Error for InvalidGame {}

impl GameState {
    /// Reads and validates a game-state XML text. On success, also returns the warnings
    /// (tolerated irregularities, reference §6).
    pub fn from_xml(xml: &str) -> Result<(GameState, Vec<SourceDiagnostic>), InvalidGame> {
        let (record, spans) = xml::read_spanned(xml)?;
        let (derived, warnings) = betting::derive_spanned(&record, &spans)?;
        Ok((
            GameState {
                record,
                xml: Some(xml.into()),
                derived,
            },
            warnings,
        ))
    }

    /// Validates a programmatically built hand (the dealer's way in); the same checks as XML.
    pub fn from_record(
        record: GameRecord,
    ) -> Result<(GameState, Vec<SourceDiagnostic>), InvalidGame> {
        let (derived, warnings) = betting::derive(&record)?;
        Ok((
            GameState {
                record,
                xml: None,
                derived,
            },
            warnings,
        ))
    }

    /// [`Self::from_record`] that hands the record back with the errors, so a caller that
    /// keeps extending one record (the dealer, decision after decision) need not clone it.
    #[allow(clippy::result_large_err)]
    pub fn from_record_or_back(
        record: GameRecord,
    ) -> Result<(GameState, Vec<SourceDiagnostic>), (InvalidGame, GameRecord)> {
        match betting::derive(&record) {
            Ok((derived, warnings)) => Ok((
                GameState {
                    record,
                    xml: None,
                    derived,
                },
                warnings,
            )),
            Err(e) => Err((e, record)),
        }
    }

    /// The record this state was validated from, given back (to extend and validate again).
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The XML of this state: as read, or written from the record (`wholeGame`, `--histories`).
    pub fn xml(&self) -> std::borrow::Cow<'_, str> {
        match &self.xml {
            Some(x) => std::borrow::Cow::Borrowed(x),
            None => std::borrow::Cow::Owned(xml::write(&self.record)),
        }
    }

    /// The current round: the last round present.
    pub fn phase(&self) -> Phase {
        self.record
            .rounds
            .last()
            .map_or(Phase::Preflop, |r| r.phase)
    }
    pub fn hero_cards(&self) -> [Card; 2] {
        self.record.hero_cards
    }

    /// Deals the hero other cards, neither on the board nor the same card twice (the
    /// caller's promise: the betting derived does not depend on them): ranges decide one
    /// state for every holding this way without validating it again.
    pub fn set_hero_cards(&mut self, cards: [Card; 2]) {
        debug_assert!(cards[0] != cards[1]);
        debug_assert!(!self.board().contains(cards[0]) && !self.board().contains(cards[1]));
        self.record.hero_cards = cards;
        self.xml = None;
    }
    #[inline]
    pub fn hole(&self) -> CardSet {
        let [a, b] = self.record.hero_cards;
        a.set().union(b.set())
    }
    /// Board cards in the order dealt.
    pub fn board_cards(&self) -> Vec<Card> {
        self.record
            .rounds
            .iter()
            .flat_map(|r| r.cards.iter().copied())
            .collect()
    }
    pub fn board(&self) -> CardSet {
        self.derived.board
    }
    /// The value of a constant from the game (reference §7). `None` for the constants the evaluator
    /// computes itself (`random`, hand strength) and for an `<init>` name the file lacks.
    pub fn constant(&self, c: &Constant) -> Option<f64> {
        self.derived.constant(&self.record, c)
    }
    pub fn derived(&self) -> &betting::Derived {
        &self.derived
    }
}

/// Formats a chip amount: integers without a decimal point, others with up to 6 decimals,
/// and amounts of 10^15 or more (or below 10^-6) in scientific notation (`1.7e308`), never
/// as a 300-digit expansion.
pub fn format_amount(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else if !x.is_finite() || x.abs() >= 1e15 || (x != 0.0 && x.abs() < 1e-6) {
        format!("{x:e}")
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}
