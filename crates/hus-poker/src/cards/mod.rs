//! Cards and card sets on the thesis' 64-bit layout.
//!
//! A set of cards is a `u64`: 16 bits per suit, from the high end Spades, Clubs, Diamonds,
//! Hearts; within a suit bit 0 is the two and bit 12 the ace. T♠ is bit 56, 5♦ bit 19.

pub mod bits;
pub mod category;
pub mod hole;
pub mod predicate;
pub mod query;
pub mod range;
pub mod rank;

use std::fmt;

/// A card rank, 0 = two ... 12 = ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(pub u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const FIVE: Rank = Rank(3);
    pub const SIX: Rank = Rank(4);
    pub const TEN: Rank = Rank(8);
    pub const JACK: Rank = Rank(9);
    pub const QUEEN: Rank = Rank(10);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);

    /// All ranks, two first.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (0..13).map(Rank)
    }

    /// The rank of a one-character symbol as written in scripts and tables (`2`-`9`, `T`, `J`, `Q`, `K`, `A`).
    pub fn from_char(c: char) -> Option<Rank> {
        "23456789TJQKA".find(c).map(|i| Rank(i as u8))
    }

    /// The symbol used in scripts and tables: `2`-`9`, `T`, `J`, `Q`, `K`, `A`.
    pub fn symbol(self) -> char {
        b"23456789TJQKA"[self.0 as usize] as char
    }

    /// The symbol used by external programs (reference §8): `2`-`10`, `J`, `Q`, `K`, `A`.
    pub fn external_symbol(self) -> &'static str {
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ][self.0 as usize]
    }

    /// The rank of an XML `rank` attribute: `2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A` (case-insensitive).
    pub fn from_xml(s: &str) -> Option<Rank> {
        let s = s.trim();
        if s == "10" {
            return Some(Rank::TEN);
        }
        let mut chars = s.chars();
        let c = chars.next()?.to_ascii_uppercase();
        if chars.next().is_some() {
            return None;
        }
        Rank::from_char(c)
    }
}

/// A suit; the discriminant is its 16-bit lane, counted from the low end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Hearts = 0,
    Diamonds = 1,
    Clubs = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Clubs, Suit::Spades];

    /// The suit of an XML `color` attribute: `Hearts`, `Diamonds`, `Spades`, `Clubs` or `h`, `d`, `s`, `c`
    /// (case-insensitive).
    pub fn from_xml(s: &str) -> Option<Suit> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hearts" | "h" => Some(Suit::Hearts),
            "diamonds" | "d" => Some(Suit::Diamonds),
            "clubs" | "c" => Some(Suit::Clubs),
            "spades" | "s" => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The XML spelling: `Hearts`, `Diamonds`, `Clubs`, `Spades`.
    pub fn xml_name(self) -> &'static str {
        ["Hearts", "Diamonds", "Clubs", "Spades"][self as usize]
    }

    /// The letter used by external programs (reference §8): `H`, `D`, `C`, `S`.
    pub fn letter(self) -> char {
        ['H', 'D', 'C', 'S'][self as usize]
    }
}

/// One playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// The bit index of this card in a [`CardSet`] (0..64).
    pub fn index(self) -> u32 {
        self.suit as u32 * 16 + self.rank.0 as u32
    }

    /// The card at a bit index, if the index is a card (bits 13-15 of a suit are unused).
    pub fn from_index(i: u32) -> Option<Card> {
        if i >= 64 || i % 16 >= 13 {
            return None;
        }
        Some(Card::new(
            Rank((i % 16) as u8),
            Suit::ALL[(i / 16) as usize],
        ))
    }

    /// The one-card set.
    pub fn set(self) -> CardSet {
        CardSet(1u64 << self.index())
    }

    /// Parses the XML attribute pair (`rank="T" color="Clubs"`).
    pub fn from_xml(rank: &str, color: &str) -> Option<Card> {
        Some(Card::new(Rank::from_xml(rank)?, Suit::from_xml(color)?))
    }

    /// The form external programs receive (reference §8): rank then suit letter, `8H`, `10D`.
    pub fn external(self) -> String {
        format!("{}{}", self.rank.external_symbol(), self.suit.letter())
    }
}

/// Short form for people: `Th`, `5d`.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = ['h', 'd', 'c', 's'][self.suit as usize];
        write!(f, "{}{}", self.rank.symbol(), suit)
    }
}

/// Every valid card bit of the 64-bit layout.
pub const DECK_MASK: u64 = 0x1FFF_1FFF_1FFF_1FFF;

/// A set of cards in the thesis' 64-bit layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const DECK: CardSet = CardSet(DECK_MASK);

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.index()) != 0
    }
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u64 << card.index();
    }
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
    pub fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }
    /// The 13-bit rank mask of one suit (bit 0 = two).
    pub fn suit_mask(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 16)) & 0x1FFF) as u16
    }
    /// The ranks present in any suit (bit 0 = two).
    pub fn rank_mask(self) -> u16 {
        let x = self.0;
        ((x | x >> 16 | x >> 32 | x >> 48) & 0x1FFF) as u16
    }
    /// The cards, lowest bit first.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut x = self.0;
        std::iter::from_fn(move || {
            if x == 0 {
                return None;
            }
            let i = x.trailing_zeros();
            x &= x - 1;
            Card::from_index(i)
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Why a card text did not parse: what was found, at which character of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError {
    /// The offending piece of text (one card, or the whole text when it is empty).
    pub found: String,
    /// Byte offset of `found` in the parsed text.
    pub at: usize,
    pub kind: CardParseErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardParseErrorKind {
    /// Not a rank (`2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A`) followed by a suit letter (`h d c s`).
    NotACard,
    /// The same card twice in a set.
    Twice,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            CardParseErrorKind::NotACard => write!(
                f,
                "`{}` at byte {} is not a card: expected a rank (2-9, T, J, Q, K, A) and a suit letter (h, d, c, s), e.g. `Ad`",
                crate::diag::clip(&self.found),
                self.at
            ),
            CardParseErrorKind::Twice => {
                write!(
                    f,
                    "`{}` at byte {} is a card already in the set",
                    crate::diag::clip(&self.found),
                    self.at
                )
            }
        }
    }
}

impl std::error::Error for CardParseError {}

/// One card in the short form `Ad`, `Tc`, `10h` (rank, then suit letter; case-insensitive).
impl std::str::FromStr for Card {
    type Err = CardParseError;
    fn from_str(text: &str) -> Result<Card, CardParseError> {
        let bad = || CardParseError {
            found: text.to_string(),
            at: 0,
            kind: CardParseErrorKind::NotACard,
        };
        let split = text.char_indices().last().ok_or_else(bad)?.0;
        let (rank, suit) = text.split_at(split);
        if rank.is_empty() || suit.len() != 1 {
            return Err(bad());
        }
        Card::from_xml(rank, suit).ok_or_else(bad)
    }
}

/// A set of cards written one after another, with or without spaces: `"Ad Qc"`, `"AdQc"`,
/// `"10h 9s"`. No card may appear twice.
impl std::str::FromStr for CardSet {
    type Err = CardParseError;
    fn from_str(text: &str) -> Result<CardSet, CardParseError> {
        let mut set = CardSet::EMPTY;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            // A card is a rank (`10` or one character) and one suit letter.
            let len = if text[i..].starts_with("10") { 3 } else { 2 };
            let end = (i + len).min(text.len());
            let piece = text.get(i..end).unwrap_or(&text[i..]);
            let card: Card = piece
                .parse()
                .map_err(|e: CardParseError| CardParseError { at: i, ..e })?;
            if set.contains(card) {
                return Err(CardParseError {
                    found: piece.to_string(),
                    at: i,
                    kind: CardParseErrorKind::Twice,
                });
            }
            set.insert(card);
            i = end;
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thesis_bit_layout() {
        assert_eq!(Card::new(Rank::TEN, Suit::Spades).index(), 56);
        assert_eq!(Card::new(Rank::FIVE, Suit::Diamonds).index(), 19);
        let river: CardSet = [("A", "h"), ("Q", "c"), ("7", "h"), ("8", "s"), ("T", "d")]
            .iter()
            .map(|(r, s)| Card::from_xml(r, s).unwrap())
            .collect();
        assert_eq!(river.0, 0x0040_0400_0100_1020);
    }

    #[test]
    fn external_form() {
        assert_eq!(Card::from_xml("10", "Diamonds").unwrap().external(), "10D");
        assert_eq!(Card::from_xml("8", "hearts").unwrap().external(), "8H");
    }
    #[test]
    fn cards_parse_from_text() {
        let ad: Card = "Ad".parse().unwrap();
        assert_eq!(ad, Card::new(Rank::ACE, Suit::Diamonds));
        assert_eq!(
            "10h".parse::<Card>().unwrap(),
            Card::new(Rank::TEN, Suit::Hearts)
        );
        let spaced: CardSet = "Ad Qc".parse().unwrap();
        let joined: CardSet = "AdQc".parse().unwrap();
        assert_eq!(spaced, joined);
        assert_eq!(spaced.len(), 2);
        assert_eq!("".parse::<CardSet>().unwrap(), CardSet::EMPTY);
        let e = "Ad Xc".parse::<CardSet>().unwrap_err();
        assert_eq!(
            (e.found.as_str(), e.at, e.kind),
            ("Xc", 3, CardParseErrorKind::NotACard)
        );
        let e = "AdAd".parse::<CardSet>().unwrap_err();
        assert_eq!((e.at, e.kind), (2, CardParseErrorKind::Twice));
        assert!("A".parse::<Card>().is_err());
        assert!("Ad Q".parse::<CardSet>().is_err());
        assert!("Éd".parse::<CardSet>().is_err());
    }
}
