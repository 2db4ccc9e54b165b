//! The cards of a hand: the deal every table shuffles the same way, and what a bot is told
//! once a hand it played is over.

use rand::{Rng, RngExt};

use crate::cards::{Card, Rank, Suit};
use crate::game::GameRecord;

/// The cards of one deal, by seat: seat 0 is the button (small blind), seat 1 the big blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hole: [[Card; 2]; 2],
    pub board: [Card; 5],
}

/// The deck before a shuffle: the ranks of each suit in turn, built once at compile time.
const FRESH_DECK: [Card; 52] = {
    let mut deck = [Card {
        rank: Rank(0),
        suit: Suit::Hearts,
    }; 52];
    let mut i = 0;
    while i < 52 {
        deck[i] = Card {
            rank: Rank((i % 13) as u8),
            suit: Suit::ALL[i / 13],
        };
        i += 1;
    }
    deck
};

impl Deal {
    /// Shuffles a fresh deck with the generator and deals two hands and a board.
    pub fn shuffle(rng: &mut impl Rng) -> Deal {
        let mut deck = FRESH_DECK;
        // A partial Fisher-Yates: only the nine cards dealt need to be drawn.
        for i in 0..9 {
            // u32, not usize: the same seed deals the same cards on every platform.
            let j = rng.random_range(i as u32..52) as usize;
            deck.swap(i, j);
        }
        Deal {
            hole: [[deck[0], deck[1]], [deck[2], deck[3]]],
            board: [deck[4], deck[5], deck[6], deck[7], deck[8]],
        }
    }
}

/// A finished hand as one bot's seat saw it ([`super::Decider::hand_over`]).
pub struct HandEnd<'a> {
    /// The hand's number in the match, from 1.
    pub hand: u64,
    /// 0 = the button (small blind), 1 = the big blind.
    pub seat: usize,
    /// The hand's record from this seat (it is "Hero"): every act and the rounds reached.
    pub record: &'a GameRecord,
    /// Every card dealt, by seat: the other seat's cards are shown only at a showdown.
    pub deal: &'a Deal,
    pub showdown: bool,
    /// What this bot won (negative: lost), in chips.
    pub net: i64,
}
