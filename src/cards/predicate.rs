//! The hand predicates of spec 4.2, computed with bit operations on card masks.

use super::CardSet;

/// A named yes/no question about the hero's cards and the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Predicate {
    Pair,
    HighPair,
    MidPair,
    LowPair,
    TwoPair,
    ThreeOfKind,
    FullHouse,
    Poker,
    Straight,
    Flush,
    StraightFlush,
    RoyalFlush,
    FlushDraw,
    StraightDraw,
    OpenEnded,
    Air,
    Rainbow,
    Desk3SameColor,
    DeskStraightDraw,
    DeskOpenEnded,
    DeskPair,
    DeskHighPair,
    DeskMidPair,
    DeskLowPair,
    DeskTwoPair,
    DeskThreeOfKind,
}

impl Predicate {
    pub const ALL: [Predicate; 26] = [
        Predicate::Pair,
        Predicate::HighPair,
        Predicate::MidPair,
        Predicate::LowPair,
        Predicate::TwoPair,
        Predicate::ThreeOfKind,
        Predicate::FullHouse,
        Predicate::Poker,
        Predicate::Straight,
        Predicate::Flush,
        Predicate::StraightFlush,
        Predicate::RoyalFlush,
        Predicate::FlushDraw,
        Predicate::StraightDraw,
        Predicate::OpenEnded,
        Predicate::Air,
        Predicate::Rainbow,
        Predicate::Desk3SameColor,
        Predicate::DeskStraightDraw,
        Predicate::DeskOpenEnded,
        Predicate::DeskPair,
        Predicate::DeskHighPair,
        Predicate::DeskMidPair,
        Predicate::DeskLowPair,
        Predicate::DeskTwoPair,
        Predicate::DeskThreeOfKind,
    ];

    /// The canonical spelling (`flushDraw`).
    pub fn name(self) -> &'static str {
        match self {
            Predicate::Pair => "pair",
            Predicate::HighPair => "highPair",
            Predicate::MidPair => "midPair",
            Predicate::LowPair => "lowPair",
            Predicate::TwoPair => "twoPair",
            Predicate::ThreeOfKind => "threeOfKind",
            Predicate::FullHouse => "fullHouse",
            Predicate::Poker => "poker",
            Predicate::Straight => "straight",
            Predicate::Flush => "flush",
            Predicate::StraightFlush => "straightFlush",
            Predicate::RoyalFlush => "royalFlush",
            Predicate::FlushDraw => "flushDraw",
            Predicate::StraightDraw => "straightDraw",
            Predicate::OpenEnded => "openEnded",
            Predicate::Air => "air",
            Predicate::Rainbow => "rainbow",
            Predicate::Desk3SameColor => "desk3SameColor",
            Predicate::DeskStraightDraw => "deskStraightDraw",
            Predicate::DeskOpenEnded => "deskOpenEnded",
            Predicate::DeskPair => "deskPair",
            Predicate::DeskHighPair => "deskHighPair",
            Predicate::DeskMidPair => "deskMidPair",
            Predicate::DeskLowPair => "deskLowPair",
            Predicate::DeskTwoPair => "deskTwoPair",
            Predicate::DeskThreeOfKind => "deskThreeOfKind",
        }
    }

    /// Looks a predicate up by name, case-insensitively (spec 2).
    pub fn from_name(name: &str) -> Option<Predicate> {
        Predicate::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// True for the predicates that need a board to be true at all (all `desk*`, `rainbow`,
    /// and the made hands and draws that need five or more cards): they are always false
    /// before the flop, which `check` warns about in PREFLOP rules.
    pub fn needs_board(self) -> bool {
        !matches!(
            self,
            Predicate::Pair
                | Predicate::HighPair
                | Predicate::MidPair
                | Predicate::LowPair
                | Predicate::Air
        )
    }

    /// Whether the predicate holds for the hero's hole cards and the board (spec 4.2).
    pub fn holds(self, _hole: CardSet, _board: CardSet) -> bool {
        unimplemented!("cards helper")
    }
}
