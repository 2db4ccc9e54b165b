//! A game state extended a round or an act at a time, as the dealer of `hus match` plays a
//! hand: every decision's state is validated, but only for what was added since the last
//! one, so a decision costs the same late in a hand as early. The state a bot sees is
//! exactly what [`GameState::from_record`] builds from the record, and accepted exactly when
//! it accepts it: anything the incremental check does not follow (any error or warning) is
//! validated in full, and debug builds compare every state with a full validation.

use super::betting::{self, Incremental};
use super::{ActionRecord, GameRecord, GameState, InvalidGame, Phase, Round};
use crate::cards::Card;
use crate::diag::SourceDiagnostic;

/// A record that grows, with its validation kept up to date.
#[derive(Clone, Debug)]
pub struct GrowingState {
    /// The record; `derived` is the last decision's.
    state: GameState,
    /// `None` when the record has something the incremental check does not follow: each
    /// decision is then validated in full.
    check: Option<Incremental>,
    /// The validation of the record as the last [`Self::edit`] left it, when it had no round
    /// yet and replayed cleanly: [`Self::restart`] starts the next hand from it.
    start: Option<Incremental>,
    /// The record is the other seat's of a hand another `GrowingState` holds (its mirror but
    /// for the hero's cards and `<stats>`): it keeps no validation of its own, and
    /// [`Self::decide_mirroring`] decides through the other's.
    mirrors: bool,
}

impl GrowingState {
    pub fn new(record: GameRecord) -> GrowingState {
        let check = Incremental::new(&record);
        GrowingState {
            start: check.filter(|_| record.rounds.is_empty()),
            check,
            state: GameState {
                record,
                xml: None,
                derived: betting::Derived::default(),
            },
            mirrors: false,
        }
    }

    /// The other seat's record of the hand another `GrowingState` grows act for act in step
    /// with this one (a dealer's two seats): see [`Self::decide_mirroring`].
    pub fn mirroring(record: GameRecord) -> GrowingState {
        GrowingState {
            check: None,
            start: None,
            mirrors: true,
            ..GrowingState::new(record)
        }
    }

    pub fn record(&self) -> &GameRecord {
        &self.state.record
    }

    /// The state as the last [`GrowingState::decide`] left it.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn into_record(self) -> GameRecord {
        self.state.record
    }

    /// Changes the record in any way (a new hand in reused buffers); it is validated afresh.
    pub fn edit(&mut self, f: impl FnOnce(&mut GameRecord)) {
        f(&mut self.state.record);
        if self.mirrors {
            return;
        }
        self.check = Incremental::new(&self.state.record);
        self.start = self.check.filter(|_| self.state.record.rounds.is_empty());
    }

    /// Starts another hand in the same record: its rounds go to `spare` emptied, the hero's cards
    /// become `hero_cards`, and everything else stays as the last [`Self::edit`] (or
    /// [`Self::new`]) left it. Only the cards are validated anew when that record, without
    /// rounds, was clean; otherwise the whole record is.
    pub fn restart(&mut self, hero_cards: [Card; 2], spare: &mut Vec<Round>) {
        let record = &mut self.state.record;
        record.hero_cards = hero_cards;
        record.clear_rounds(spare);
        if self.mirrors {
            return;
        }
        match &self.start {
            Some(start) => start.restart_into(hero_cards, &mut self.check),
            None => self.check = Incremental::new(record),
        }
    }

    /// The record's `<stats>`, which no validation reads: replaced without validating anew.
    pub fn stats_mut(&mut self) -> &mut Option<Box<crate::game::OpponentStats>> {
        &mut self.state.record.stats
    }

    /// Adds a round (normally with its cards and no acts yet) after the last one.
    #[cfg(test)]
    pub fn push_round(&mut self, round: Round) {
        self.state.record.rounds.push(round);
        self.check_last_round();
    }

    /// Adds the round `phase` dealing `cards`, with no acts yet, after the last one: built
    /// in place from an emptied round of `spare` when there is one. (Built aside and moved
    /// in, its bytes were written one by one and read back sixteen at a time: a
    /// store-forwarding stall a round.)
    pub fn open_round(&mut self, phase: Phase, cards: &[Card], spare: &mut Vec<Round>) {
        let rounds = &mut self.state.record.rounds;
        rounds.push(spare.pop().unwrap_or_else(|| Round {
            phase,
            cards: Vec::with_capacity(3),
            actions: Vec::with_capacity(8),
            span: None,
        }));
        if let Some(round) = rounds.last_mut() {
            round.phase = phase;
            // Pushed one by one: at most three cards, where `extend_from_slice` calls `memcpy`.
            for &c in cards {
                round.cards.push(c);
            }
        }
        self.check_last_round();
    }

    /// Follows the round just added with the incremental check.
    fn check_last_round(&mut self) {
        if let (Some(c), Some(round)) = (&mut self.check, self.state.record.rounds.last()) {
            if !c.round(round) {
                self.check = None;
            }
        }
    }

    /// Adds an act at the end of the last round; false (and nothing added) when there is no
    /// round yet. `applied`: the act as another machine of the same hand (the dealer's)
    /// applied it cleanly, followed without applying it again when it is the same act.
    pub fn push_action(
        &mut self,
        action: ActionRecord,
        applied: Option<betting::Followed>,
    ) -> bool {
        let Some(round) = self.state.record.rounds.last_mut() else {
            return false;
        };
        // Pushed first and checked where it lies: checked on the stack, the act was written
        // there field by field and read back sixteen bytes at a time to be pushed.
        round.actions.push(action);
        if let (Some(c), Some(action)) = (&mut self.check, round.actions.last()) {
            if !c.act(action, applied) {
                self.check = None;
            }
        }
        true
    }

    /// [`Self::decide`] for the other seat's record of the hand `other` holds, grown act for
    /// act in step with it (see [`Self::mirroring`]): derived from `other`'s validation seen
    /// from this seat, so that a dealer's two seats validate each act once. Validated in full
    /// when that is not clean (or this record is not a mirroring one).
    pub fn decide_mirroring(
        &mut self,
        other: &GrowingState,
    ) -> Result<(&GameState, Vec<SourceDiagnostic>), InvalidGame> {
        let derived = &mut self.state.derived;
        let hero_cards = self.state.record.hero_cards;
        if self.mirrors
            && other
                .check
                .as_ref()
                .is_some_and(|c| c.decision_of_other_seat(hero_cards, derived))
        {
            debug_assert!(
                matches!(betting::derive(&self.state.record),
                    Ok((full, w)) if full == self.state.derived && w.is_empty()),
                "the other seat's validation differs from the full one"
            );
            return Ok((&self.state, Vec::new()));
        }
        self.decide()
    }

    /// The state at the hero's decision now, validated: what
    /// `GameState::from_record(record.clone())` gives, without the clone.
    pub fn decide(&mut self) -> Result<(&GameState, Vec<SourceDiagnostic>), InvalidGame> {
        let derived = &mut self.state.derived;
        if self.check.as_mut().is_some_and(|c| c.decision(derived)) {
            debug_assert!(
                matches!(betting::derive(&self.state.record),
                    Ok((full, w)) if full == self.state.derived && w.is_empty()),
                "the incremental validation differs from the full one"
            );
            return Ok((&self.state, Vec::new()));
        }
        let (derived, warnings) = betting::derive(&self.state.record)?;
        self.state.derived = derived;
        Ok((&self.state, warnings))
    }
}

#[cfg(test)]
mod tests;
