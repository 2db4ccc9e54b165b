//! Validation of a record that grows a round or an act at a time (the dealer's records): each
//! step is checked for what it adds, with the guarantees of [`derive`](super::derive) on the
//! whole record. A step [`derive`](super::derive) would report anything about (an error or a
//! warning) is not followed: the caller then validates the record in full, which gives the
//! diagnostics.

use super::{records, round_stats_bit, start_replay, Derived, Followed, Tally, ALL_ROUND_STATS};
use crate::cards::{Card, CardSet};
use crate::game::xml::SourceSpans;
use crate::game::{ActionRecord, Chips, GameRecord, Phase, Player, Round, Unit};

/// The spans of a record built in code: none.
static NO_SPANS: SourceSpans = SourceSpans {
    game: None,
    init: None,
    bb: None,
    sb: None,
    hero_stack: None,
    villain_stack: None,
    hero_cards: [None, None],
    posts: None,
    round_cards: Vec::new(),
};

/// What replaying a clean record left: enough to check what is added to it.
#[derive(Clone, Copy, Debug)]
pub struct Incremental {
    tally: Tally,
    board: CardSet,
    /// The hero's cards and the board: no card may be dealt again.
    dealt: CardSet,
    /// The last round present.
    phase: Option<Phase>,
    /// The largest `no` in the current round: a later act must have a larger one to be
    /// replayed last (the full validation replays a round in `no` order).
    last_no: Option<i64>,
    /// The record's unit and chip (`<chip>`, or one unit).
    chip: (Unit, Chips),
    /// The round statistics changed since the last [`Self::decision`] wrote them (bits of
    /// [`Tally::derive_into`]): a decision copies only those. All of them until the first.
    unwritten: u8,
}

impl Incremental {
    /// Validates `r` as [`derive`](super::derive) does, short of the decision (the hero need
    /// not be the one to act). `None` when anything would be reported, an error or a warning.
    pub fn new(r: &GameRecord) -> Option<Incremental> {
        let (board, mut replay) = start_replay(r, &NO_SPANS).ok()?;
        let clean = replay.errors.is_empty()
            && r.rounds.iter().all(|round| replay.round(round))
            && replay.errors.is_empty()
            && replay.warnings.is_empty();
        if !clean {
            return None;
        }
        let mut dealt = board;
        for c in r.hero_cards {
            dealt.insert(c);
        }
        Some(Incremental {
            phase: replay.phase,
            tally: replay.tally,
            board,
            dealt,
            last_no: r
                .rounds
                .last()
                .and_then(|round| round.actions.iter().map(|a| a.no).max()),
            chip: (r.unit, r.chip.unwrap_or(Chips(1))),
            unwritten: ALL_ROUND_STATS,
        })
    }

    /// This validation of a record without rounds, for the same record with the hero's
    /// cards replaced: `None` when the two cards are the same (the full validation reports
    /// it). Nothing else in such a record depends on the cards.
    ///
    /// Written over `into` in place (it is large: a hand's start costs one copy, not two).
    pub fn restart_into(&self, hero_cards: [Card; 2], into: &mut Option<Incremental>) {
        if self.phase.is_some() || hero_cards[0] == hero_cards[1] {
            *into = None;
            return;
        }
        let next = match into {
            Some(next) => {
                *next = *self;
                next
            }
            None => into.insert(*self),
        };
        next.unwritten = ALL_ROUND_STATS;
        next.board = CardSet::EMPTY;
        next.dealt = CardSet::EMPTY;
        for c in hero_cards {
            next.dealt.insert(c);
        }
    }

    /// Follows a round (and its acts) added after the last one; false when the whole record
    /// would not replay cleanly with it (then this is no longer meaningful).
    pub fn round(&mut self, round: &Round) -> bool {
        if round.cards.len() != records::cards_dealt(round.phase)
            || records::round_order(self.phase, round.phase).is_some()
        {
            return false;
        }
        for &c in &round.cards {
            if self.dealt.contains(c) {
                return false;
            }
            self.dealt.insert(c);
            self.board.insert(c);
        }
        // The blinds are posted in the preflop: only a later round opens anew (as in `derive`).
        if (self.phase.is_some() || round.phase != Phase::Preflop)
            && self.tally.betting.start_round(round.phase).is_err()
        {
            return false;
        }
        self.phase = Some(round.phase);
        self.tally.bet_added = [Chips::ZERO; 2];
        self.last_no = None;
        round.actions.iter().all(|a| self.act(a, None))
    }

    /// Follows an act added at the end of the last round; false as for [`Self::round`]. With
    /// `applied`, another machine of the same hand applied the act cleanly: when it is this
    /// act from a state identical to this one's (or its mirror), its result is taken instead
    /// of applying the act again.
    pub fn act(&mut self, a: &ActionRecord, applied: Option<Followed>) -> bool {
        if self.phase.is_none() || self.last_no.is_some_and(|no| a.no <= no) {
            return false;
        }
        let pot_before = self.tally.betting.pot();
        let round_before = self.tally.betting.round_in(a.player);
        let followed =
            applied.is_some_and(|ap| ap.follow(&mut self.tally.betting, a.player, a.act, a.amount));
        if !followed
            && !matches!(
                self.tally.betting.apply(a.player, a.act, a.amount),
                Ok(None)
            )
        {
            return false;
        }
        self.tally.count(a, pot_before, round_before);
        self.unwritten |= round_stats_bit(a.player, self.tally.betting.phase());
        self.last_no = Some(a.no);
        true
    }

    /// When the hero can decide now and nothing would be reported (no tolerated
    /// irregularity either), writes the derived state to `out` (in place: it is large) and
    /// says true; false otherwise, leaving `out` as it was. `out` must be what the last
    /// decision of this validation wrote, or a full derivation of the record since: only
    /// the round statistics changed since then are written again.
    pub fn decision(&mut self, out: &mut Derived) -> bool {
        let clean = matches!(self.tally.betting.can_decide(Player::Hero), Ok(None));
        if clean {
            self.tally
                .derive_into(self.board, self.chip, out, self.unwritten, Player::Hero);
            self.unwritten = 0;
        }
        clean
    }

    /// [`Self::decision`] of the other seat of the same hand: its record is this one's
    /// mirror (the same posts, rounds, cards and acts, Hero and Villain swapped) but for its
    /// own two cards, `hero_cards`, which must be distinct and off the board. All the round
    /// statistics are written (`out` is the other seat's).
    pub fn decision_of_other_seat(&self, hero_cards: [Card; 2], out: &mut Derived) -> bool {
        let [a, b] = hero_cards;
        let clean = a != b
            && !self.board.contains(a)
            && !self.board.contains(b)
            && matches!(self.tally.betting.can_decide(Player::Villain), Ok(None));
        if clean {
            self.tally
                .derive_into(self.board, self.chip, out, ALL_ROUND_STATS, Player::Villain);
        }
        clean
    }
}
