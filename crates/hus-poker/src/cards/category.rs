//! Hand categories as a range tool shows them (reference §12.10), written in the language's
//! own words so a player can copy one into a rule: each holding has one made-hand category
//! (the first of the ladder that holds, best first) and any number of draws.

use super::predicate::Predicate;
use super::CardSet;

/// A made-hand category, best first: the order of the ladder (`topPair+` is `TopPair` and
/// everything before it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Made {
    StraightFlush,
    Poker,
    FullHouse,
    Flush,
    Straight,
    ThreeOfKind,
    TwoPair,
    OverPair,
    TopPairTopKicker,
    TopPair,
    SecondPair,
    BottomPair,
    OtherPair,
    Nothing,
}

use Predicate as P;

/// Each category's words, all of which must hold (`(word, negated)`), in ladder order.
const LADDER: [(Made, &[(Predicate, bool)]); 13] = [
    (
        Made::StraightFlush,
        &[(P::StraightFlush, false), (P::BoardPlays, true)],
    ),
    (Made::Poker, &[(P::Poker, false), (P::DeskPoker, true)]),
    (
        Made::FullHouse,
        &[(P::FullHouse, false), (P::BoardPlays, true)],
    ),
    (Made::Flush, &[(P::Flush, false), (P::BoardPlays, true)]),
    (
        Made::Straight,
        &[(P::Straight, false), (P::BoardPlays, true)],
    ),
    (
        Made::ThreeOfKind,
        &[(P::ThreeOfKind, false), (P::DeskThreeOfKind, true)],
    ),
    (
        Made::TwoPair,
        &[(P::TwoPair, false), (P::DeskTwoPair, true)],
    ),
    (Made::OverPair, &[(P::OverPair, false)]),
    (
        Made::TopPairTopKicker,
        &[(P::TopPair, false), (P::TopKicker, false)],
    ),
    (Made::TopPair, &[(P::TopPair, false), (P::TopKicker, true)]),
    (Made::SecondPair, &[(P::SecondPair, false)]),
    (Made::BottomPair, &[(P::BottomPair, false)]),
    (Made::OtherPair, &[(P::Pair, false), (P::DeskPair, true)]),
];

impl Made {
    /// Every category, best first, `Nothing` last.
    pub const ALL: [Made; 14] = [
        Made::StraightFlush,
        Made::Poker,
        Made::FullHouse,
        Made::Flush,
        Made::Straight,
        Made::ThreeOfKind,
        Made::TwoPair,
        Made::OverPair,
        Made::TopPairTopKicker,
        Made::TopPair,
        Made::SecondPair,
        Made::BottomPair,
        Made::OtherPair,
        Made::Nothing,
    ];

    /// The holding's category on this board: the first of the ladder whose words all hold.
    pub fn of(hole: CardSet, board: CardSet) -> Made {
        LADDER
            .iter()
            .find(|(_, words)| words.iter().all(|&(p, neg)| p.holds(hole, board) != neg))
            .map_or(Made::Nothing, |&(m, _)| m)
    }

    /// The category as a condition of the language (`twoPair, !deskTwoPair`); the last one
    /// is what none of the others holds for.
    pub fn words(self) -> &'static str {
        match self {
            Made::StraightFlush => "straightFlush, !boardPlays",
            Made::Poker => "poker, !deskPoker",
            Made::FullHouse => "fullHouse, !boardPlays",
            Made::Flush => "flush, !boardPlays",
            Made::Straight => "straight, !boardPlays",
            Made::ThreeOfKind => "threeOfKind, !deskThreeOfKind",
            Made::TwoPair => "twoPair, !deskTwoPair",
            Made::OverPair => "overPair",
            Made::TopPairTopKicker => "topPair, topKicker",
            Made::TopPair => "topPair, !topKicker",
            Made::SecondPair => "secondPair",
            Made::BottomPair => "bottomPair",
            Made::OtherPair => "pair, !deskPair",
            Made::Nothing => "no made hand",
        }
    }

    /// The category a word names before `+` (`topPair+`: top pair with any kicker or better);
    /// `None` for a word that is not the first word of a category.
    pub fn or_better(word: &str) -> Option<Made> {
        let m = match word.to_ascii_lowercase().as_str() {
            "straightflush" => Made::StraightFlush,
            "poker" => Made::Poker,
            "fullhouse" => Made::FullHouse,
            "flush" => Made::Flush,
            "straight" => Made::Straight,
            "threeofkind" => Made::ThreeOfKind,
            "twopair" => Made::TwoPair,
            "overpair" => Made::OverPair,
            "toppair" => Made::TopPair,
            "secondpair" => Made::SecondPair,
            "bottompair" => Made::BottomPair,
            "pair" => Made::OtherPair,
            _ => return None,
        };
        Some(m)
    }

    /// The words that may stand before `+`, for messages.
    pub const OR_BETTER_WORDS: &'static str = "straightFlush, poker, fullHouse, flush, \
        straight, threeOfKind, twoPair, overPair, topPair, secondPair, bottomPair, pair";
}

/// A draw (or a holding's shape without a made hand): several may hold for one holding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandDraw {
    /// The draw as a condition of the language.
    pub words: &'static str,
    all: &'static [(Predicate, bool)],
}

/// The draws `hus range` counts, in the order it lists them.
pub const DRAWS: [HandDraw; 8] = [
    HandDraw {
        words: "flushDraw",
        all: &[(P::FlushDraw, false)],
    },
    HandDraw {
        words: "nutFlushDraw",
        all: &[(P::NutFlushDraw, false)],
    },
    HandDraw {
        words: "openEnded",
        all: &[(P::OpenEnded, false)],
    },
    HandDraw {
        words: "straightDraw, !openEnded",
        all: &[(P::StraightDraw, false), (P::OpenEnded, true)],
    },
    HandDraw {
        words: "flushDraw, straightDraw",
        all: &[(P::FlushDraw, false), (P::StraightDraw, false)],
    },
    HandDraw {
        words: "backdoorFlushDraw",
        all: &[(P::BackdoorFlushDraw, false)],
    },
    // Flopzilla's overcards: two unpaired hole cards above the board. The language's
    // `overcards` also holds for a pocket pair above it, which is `overPair`'s row.
    HandDraw {
        words: "overcards, !overPair",
        all: &[(P::Overcards, false), (P::OverPair, true)],
    },
    HandDraw {
        words: "air",
        all: &[(P::Air, false)],
    },
];

impl HandDraw {
    pub fn holds(&self, hole: CardSet, board: CardSet) -> bool {
        self.all.iter().all(|&(p, neg)| p.holds(hole, board) != neg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.parse().expect("cards")
    }

    #[test]
    fn categories_on_a_flop() {
        let board = cards("Kh8s4d");
        assert_eq!(Made::of(cards("AcKd"), board), Made::TopPairTopKicker);
        assert_eq!(Made::of(cards("KcQd"), board), Made::TopPair);
        assert_eq!(Made::of(cards("AsAd"), board), Made::OverPair);
        assert_eq!(Made::of(cards("8c8d"), board), Made::ThreeOfKind);
        assert_eq!(Made::of(cards("Kc8d"), board), Made::TwoPair);
        assert_eq!(Made::of(cards("9c8d"), board), Made::SecondPair);
        assert_eq!(Made::of(cards("4c2d"), board), Made::BottomPair);
        assert_eq!(Made::of(cards("6c6d"), board), Made::OtherPair);
        assert_eq!(Made::of(cards("AcQd"), board), Made::Nothing);
    }

    #[test]
    fn the_counterfeited_board_pair_is_no_made_hand() {
        // On a paired board a holding without a card of its own in a pair is nothing.
        let board = cards("KhKs4d");
        assert_eq!(Made::of(cards("AcQd"), board), Made::Nothing);
        assert_eq!(Made::of(cards("Kc2d"), board), Made::ThreeOfKind);
    }

    #[test]
    fn a_river_flush_the_board_makes_is_not_the_holdings() {
        let board = cards("2h5h9hJhQh");
        assert_eq!(Made::of(cards("AhKc"), board), Made::Flush);
        assert_ne!(Made::of(cards("AcKc"), board), Made::Flush);
    }

    #[test]
    fn or_better_names_a_ladder_word() {
        assert_eq!(Made::or_better("topPair"), Some(Made::TopPair));
        assert_eq!(Made::or_better("TOPPAIR"), Some(Made::TopPair));
        assert_eq!(Made::or_better("flushDraw"), None);
        assert!(Made::TwoPair < Made::TopPair);
    }

    #[test]
    fn draws_on_a_flop() {
        let board = cards("Kh8h4d");
        let fd = &DRAWS[0];
        assert!(fd.holds(cards("AhTh"), board));
        assert!(!fd.holds(cards("AcTh"), board));
        let (open, gutshot) = (&DRAWS[2], &DRAWS[3]);
        assert!(gutshot.holds(cards("7c6d"), board));
        assert!(!open.holds(cards("7c6d"), board));
        assert!(open.holds(cards("7c6d"), cards("Kh8h5d")));
        assert!(!gutshot.holds(cards("7c6d"), cards("Kh8h5d")));
    }

    #[test]
    fn the_overcards_row_is_two_unpaired_cards_above_the_board() {
        let over = DRAWS
            .iter()
            .find(|d| d.words.starts_with("overcards"))
            .unwrap();
        assert_eq!(over.words, "overcards, !overPair");
        // A pocket pair above the board is an overpair only.
        let board = cards("Kh8s4d");
        assert_eq!(Made::of(cards("AsAh"), board), Made::OverPair);
        assert!(!over.holds(cards("AsAh"), board));
        assert!(!over.holds(cards("AsQh"), board));
        assert!(over.holds(cards("AsQh"), cards("Jh8s4d")));
        // On a paired board too: the board's pair does not make the hole cards a pair.
        assert!(over.holds(cards("AsKh"), cards("Qh4s4d")));
    }
}
