//! The betting of one heads-up no-limit hand as a state machine (reference §5 and §6): the
//! one model of the chips shared by the game-state validator, the dealer of `hus match` and
//! any other program that plays hands. It applies acts, says who acts, and gives the numbers
//! a decision needs; what it rejects is a typed [`Violation`], what it tolerates a
//! [`Tolerated`] irregularity, both turned into diagnostics elsewhere (`report`).
//!
//! Per player it keeps the stack at the start of the hand, the chips put in this hand and in
//! this round, and whether the player has acted in this round. A player *needs to act* when
//! they have chips behind and either owe chips or have not acted yet while the other player
//! can still bet; a round is finished when neither needs to act.

use crate::game::Chips;
use crate::game::{Act, Phase, Player};

/// Index of a player in the per-player arrays: the hero 0, the villain 1.
pub fn pi(p: Player) -> usize {
    match p {
        Player::Hero => 0,
        Player::Villain => 1,
    }
}

/// The betting of one hand: blinds, then rounds of acts.
#[derive(Clone, Copy, Debug)]
pub struct Betting {
    /// Stacks at the start of the hand, `[hero, villain]`.
    stack: [Chips; 2],
    /// Chips put in this hand.
    total: [Chips; 2],
    /// Chips put in this round.
    round_in: [Chips; 2],
    acted: [bool; 2],
    last_actor: Option<Player>,
    /// The last bet or raise increment in this round (0 when none).
    last_incr: Chips,
    bb: Chips,
    /// Who posted the small blind: acts first before the flop, last after it.
    button: Player,
    phase: Phase,
    folded: Option<Player>,
    /// [`Self::all_in`] of each player, kept as `total` changes (every question about who
    /// acts asks it).
    all_in: [bool; 2],
    /// [`Self::owes`] of each player, kept as `round_in` changes.
    owes: [bool; 2],
    /// [`Self::needs_to_act`] of each player, kept as what it rests on changes (who acts is
    /// asked several times an act).
    needs: [bool; 2],
}

/// An act a machine applied cleanly (no violation, nothing tolerated), with its state
/// before: [`Betting::apply`] is a function of the state and the act, so a machine equal to
/// `before` (or its mirror) would reach the machine's state after it (or its mirror) by the
/// same act. `Betting::followed` pairs it with that state.
#[derive(Clone, Debug)]
pub struct Applied {
    before: Betting,
    player: Player,
    act: Act,
    amount: Chips,
}

/// A clean act with the state it reached, for the validators of the same hand to follow.
#[derive(Clone, Copy, Debug)]
pub struct Followed<'a> {
    applied: &'a Applied,
    after: &'a Betting,
}

impl Followed<'_> {
    /// Moves `betting` to the state it reaches by the act `(player, act, amount)` and says
    /// true, when that is this clean act seen from the same seat or the other one; false
    /// (and `betting` unchanged) when it is not.
    pub fn follow(&self, betting: &mut Betting, player: Player, act: Act, amount: Chips) -> bool {
        let ap = self.applied;
        if act != ap.act || amount != ap.amount {
            return false;
        }
        if player == ap.player {
            if !betting.identical(&ap.before, false) {
                return false;
            }
            *betting = *self.after;
        } else {
            if !betting.identical(&ap.before, true) {
                return false;
            }
            *betting = self.after.mirrored();
        }
        true
    }
}

/// Why nothing more can be bet in this hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Over {
    /// This player folded.
    Folded(Player),
    /// This player is all in and the other has nothing left to answer.
    AllIn(Player),
}

/// An act (or a round, or a decision) the rules do not allow. After one, the state has still
/// advanced as well as it can (chips clamped to the stack), so that later acts can be checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Violation {
    /// The hand is over; nothing can follow. `phase` is set when a new round was opened.
    HandOver { over: Over, phase: Option<Phase> },
    /// The round's betting is closed (nobody needs to act) and no one is all in.
    RoundFinished { phase: Phase },
    /// A new round while someone still needs to act in the previous one.
    RoundUnfinished {
        player: Player,
        /// What the player still owes (0: has not acted yet).
        owes: Chips,
    },
    /// The player acted last as well.
    ActedTwice { player: Player },
    /// The player cannot act: all in, or owing nothing while the other is all in.
    NothingToDecide { player: Player, all_in: Player },
    /// A negative amount.
    NegativeAmount,
    /// A check or fold with chips.
    AmountOnNoChipAct,
    /// A check while chips are owed.
    CheckOwed {
        /// Owed, capped at the chips behind.
        owes: Chips,
    },
    /// A call of another amount than what is owed (or all the player has left).
    CallMismatch { owes: Chips, expected: Chips },
    /// An act adding more chips than the player has behind.
    OverStack { adds: Chips, behind: Chips },
    /// A bet or raise with an increment of 0 or less.
    NoIncrement,
    /// A bet or raise against an all-in player.
    CannotRaise { all_in: Player },
    /// The player is all in: nothing is left for them to decide.
    PlayerAllIn { player: Player },
    /// The other player is to act.
    NotTheirTurn { player: Player },
}

impl Violation {
    /// After this, nothing later in the hand can be checked.
    pub fn ends_replay(&self) -> bool {
        matches!(
            self,
            Violation::HandOver { .. } | Violation::RoundFinished { .. }
        )
    }
}

/// An irregularity the rules tolerate (reference §6: real producers write these).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerated {
    /// The round was opened by the player standard heads-up order has act second;
    /// `standard` should have acted first.
    OutOfOrder { phase: Phase, standard: Player },
    /// A raise below the minimum that does not put the raiser all in.
    SmallRaise {
        min_raise: Chips,
        /// The minimum comes from the last raise (not the big blind).
        by_last_raise: bool,
    },
}

impl Betting {
    /// A hand after the blinds: `stacks` at the start of the hand and `posted` chips,
    /// `[hero, villain]` (each clamped to 0..stack), the preflop round open.
    pub fn new(stacks: [Chips; 2], posted: [Chips; 2], bb: Chips, button: Player) -> Betting {
        let mut b = Betting {
            stack: stacks,
            total: [Chips::ZERO; 2],
            round_in: [Chips::ZERO; 2],
            acted: [false; 2],
            last_actor: None,
            last_incr: Chips::ZERO,
            bb,
            button,
            phase: Phase::Preflop,
            folded: None,
            all_in: [false; 2],
            owes: [false; 2],
            needs: [false; 2],
        };
        b.all_in = [0, 1].map(|i| b.stack[i] <= b.total[i]);
        b.refresh_needs();
        for p in [Player::Hero, Player::Villain] {
            let x = posted[pi(p)].at_least_zero().min(b.behind(p));
            b.put(p, x);
        }
        b
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The same hand seen from the other seat: the hero and the villain swapped.
    pub fn mirrored(&self) -> Betting {
        let swap = |[h, v]: [Chips; 2]| [v, h];
        Betting {
            stack: swap(self.stack),
            total: swap(self.total),
            round_in: swap(self.round_in),
            acted: [self.acted[1], self.acted[0]],
            last_actor: self.last_actor.map(Player::other),
            last_incr: self.last_incr,
            bb: self.bb,
            button: self.button.other(),
            phase: self.phase,
            folded: self.folded.map(Player::other),
            all_in: [self.all_in[1], self.all_in[0]],
            owes: [self.owes[1], self.owes[0]],
            needs: [self.needs[1], self.needs[0]],
        }
    }
    /// [`Self::apply`], noting a clean act (nothing violated or tolerated) in `noted` as an
    /// [`Applied`] that lets a validator of the same hand follow it without applying it again
    /// (`None` there otherwise; see [`Self::followed`]). Written in place: returned, the state
    /// was copied once more through the result. The state after is this machine itself, not
    /// a copy: copied right after `apply` wrote it byte by byte, it stalled on every act.
    pub fn apply_noted(
        &mut self,
        player: Player,
        act: Act,
        amount: Chips,
        noted: &mut Option<Applied>,
    ) -> Result<(), Violation> {
        // The slot's state is written in place: built aside and moved in, an `Applied` costs
        // another copy an act.
        let slot = match noted {
            Some(slot) => {
                slot.before = *self;
                slot
            }
            None => noted.insert(Applied {
                before: *self,
                player,
                act,
                amount,
            }),
        };
        let result = self.apply(player, act, amount);
        if !matches!(result, Ok(None)) {
            *noted = None;
            return result.map(|_| ());
        }
        slot.player = player;
        slot.act = act;
        slot.amount = amount;
        Ok(())
    }
    /// The act [`Self::apply_noted`] last noted in `noted`, with the state it reached: this
    /// machine, which must not have changed since.
    pub fn followed<'a>(&'a self, noted: &'a Option<Applied>) -> Option<Followed<'a>> {
        let applied = noted.as_ref()?;
        debug_assert!({
            let mut again = applied.before;
            matches!(
                again.apply(applied.player, applied.act, applied.amount),
                Ok(None)
            ) && again.identical(self, false)
        });
        Some(Followed {
            applied,
            after: self,
        })
    }
    pub fn button(&self) -> Player {
        self.button
    }
    /// Chips behind now.
    pub fn behind(&self, p: Player) -> Chips {
        (self.stack[pi(p)] - self.total[pi(p)]).at_least_zero()
    }
    /// Chips the player put in this hand.
    pub fn put_in(&self, p: Player) -> Chips {
        self.total[pi(p)]
    }
    /// Chips the player put in during the current round (the blinds in the preflop).
    pub fn round_in(&self, p: Player) -> Chips {
        self.round_in[pi(p)]
    }
    /// Both players' chips in the pot.
    pub fn pot(&self) -> Chips {
        self.total[0] + self.total[1]
    }
    /// Nothing behind: the chips put in are the stack.
    #[inline]
    pub fn all_in(&self, p: Player) -> bool {
        debug_assert_eq!(self.all_in[pi(p)], self.stack[pi(p)] <= self.total[pi(p)]);
        self.all_in[pi(p)]
    }
    /// The player owes chips: the other put in more this round.
    #[inline]
    pub fn owes(&self, p: Player) -> bool {
        debug_assert_eq!(
            self.owes[pi(p)],
            self.round_in[pi(p.other())] > self.round_in[pi(p)]
        );
        self.owes[pi(p)]
    }
    /// What the player must add to match the other's chips this round (not capped).
    pub fn owed(&self, p: Player) -> Chips {
        (self.round_in[pi(p.other())] - self.round_in[pi(p)]).at_least_zero()
    }
    /// What a call adds: what is owed, or all the player has left.
    pub fn to_call(&self, p: Player) -> Chips {
        self.owed(p).min(self.behind(p))
    }
    /// The smallest legal raise increment: the larger of the big blind and the last bet or
    /// raise increment in this round.
    pub fn min_raise(&self) -> Chips {
        self.bb.max(self.last_incr)
    }
    /// The player may raise: the other is not all in and the player has more than the call.
    pub fn can_raise(&self, p: Player) -> bool {
        !self.all_in(p.other()) && self.behind(p) > self.to_call(p)
    }
    /// The acts the player may take now ([`super::legal_acts`]).
    pub fn legal_acts(&self, p: Player) -> &'static [&'static str] {
        super::legal_acts(self.to_call(p) > Chips::ZERO, self.can_raise(p))
    }
    /// The totals the player's chips in this round may be raised to now
    /// ([`super::raise_to_bounds`]).
    pub fn raise_to_bounds(&self, p: Player) -> Option<(Chips, Chips)> {
        let (round, behind, call) = (self.round_in(p), self.behind(p), self.to_call(p));
        super::raise_to_bounds(round, behind, call, self.min_raise(), self.can_raise(p))
    }
    /// The player acted (checked, called, bet, raised or folded) in this round.
    pub fn has_acted(&self, p: Player) -> bool {
        self.acted[pi(p)]
    }
    pub fn folded(&self) -> Option<Player> {
        self.folded
    }
    /// The player has chips behind and owes chips, or has not acted yet in this round while
    /// the other player can still bet.
    #[inline]
    pub fn needs_to_act(&self, p: Player) -> bool {
        debug_assert_eq!(self.needs[pi(p)], self.compute_needs(p));
        self.needs[pi(p)]
    }
    /// [`Self::needs_to_act`] from what it rests on.
    #[inline]
    fn compute_needs(&self, p: Player) -> bool {
        !self.all_in(p) && (self.owes(p) || (!self.acted[pi(p)] && !self.all_in(p.other())))
    }
    /// Brings [`Self::needs_to_act`] up to date after a change to who is all in, who owes
    /// or who acted.
    #[inline]
    fn refresh_needs(&mut self) {
        self.needs = [
            self.compute_needs(Player::Hero),
            self.compute_needs(Player::Villain),
        ];
    }
    /// Nobody needs to act in this round.
    pub fn round_finished(&self) -> bool {
        !self.needs_to_act(Player::Hero) && !self.needs_to_act(Player::Villain)
    }
    /// Who standard heads-up order has act first in this round: the button before the flop,
    /// the big blind after it.
    pub fn opener(&self) -> Player {
        if self.phase == Phase::Preflop {
            self.button
        } else {
            self.button.other()
        }
    }
    /// Who acts now: the player whose turn it is in standard order, or the other one when
    /// that player has nothing to do; `None` when the round or the hand is over.
    pub fn to_act(&self) -> Option<Player> {
        if self.folded.is_some() {
            return None;
        }
        let turn = self.last_actor.map_or(self.opener(), Player::other);
        [turn, turn.other()]
            .into_iter()
            .find(|p| self.needs_to_act(*p))
    }
    /// A player who is all in, if any.
    fn all_in_player(&self) -> Option<Player> {
        [Player::Hero, Player::Villain]
            .into_iter()
            .find(|p| self.all_in(*p))
    }

    /// The same state as `o`, or with `mirror` as
    /// `o.mirrored()` (compared in place, without building it), so that the same act leads
    /// to the same state.
    #[inline]
    fn identical(&self, o: &Betting, mirror: bool) -> bool {
        let (h, v) = if mirror { (1, 0) } else { (0, 1) };
        let seat = |p: Option<Player>| if mirror { p.map(Player::other) } else { p };
        let bits = |a: [Chips; 2], b: [Chips; 2]| a[0] == b[h] && a[1] == b[v];
        bits(self.stack, o.stack)
            && bits(self.total, o.total)
            && bits(self.round_in, o.round_in)
            && self.acted == [o.acted[h], o.acted[v]]
            && self.last_actor == seat(o.last_actor)
            && self.last_incr == o.last_incr
            && self.bb == o.bb
            && Some(self.button) == seat(Some(o.button))
            && self.phase == o.phase
            && self.folded == seat(o.folded)
    }

    fn put(&mut self, p: Player, x: Chips) {
        let i = pi(p);
        self.total[i] += x;
        self.round_in[i] += x;
        self.all_in[i] = self.stack[i] <= self.total[i];
        self.owes = [
            self.round_in[1] > self.round_in[0],
            self.round_in[0] > self.round_in[1],
        ];
        self.refresh_needs();
    }

    /// Opens the next round (`phase`). A violation when the hand is over (nothing changes)
    /// or the previous round is not finished (the round opens anyway).
    pub fn start_round(&mut self, phase: Phase) -> Result<(), Violation> {
        if let Some(f) = self.folded {
            return Err(Violation::HandOver {
                over: Over::Folded(f),
                phase: Some(phase),
            });
        }
        let unfinished = [Player::Hero, Player::Villain]
            .into_iter()
            .find(|p| self.needs_to_act(*p))
            .map(|player| Violation::RoundUnfinished {
                player,
                owes: if self.owes(player) {
                    self.owed(player)
                } else {
                    Chips::ZERO
                },
            });
        self.round_in = [Chips::ZERO; 2];
        self.owes = [false; 2];
        self.acted = [false; 2];
        self.refresh_needs();
        self.last_actor = None;
        self.last_incr = Chips::ZERO;
        self.phase = phase;
        unfinished.map_or(Ok(()), Err)
    }

    /// Applies one act: `amount` is the chips a call adds, or a bet's or raise's increment
    /// above the call (0 for a check or fold). Returns the first violation; see
    /// [`Self::apply_reporting`] for all of them.
    pub fn apply(
        &mut self,
        player: Player,
        act: Act,
        amount: Chips,
    ) -> Result<Option<Tolerated>, Violation> {
        let mut first = None;
        let tolerated = self.apply_reporting(player, act, amount, &mut |v| {
            first.get_or_insert(v);
        });
        // Two returns, not `first.map_or(Ok(tolerated), Err)`: that built both results on
        // the stack and copied the chosen one out 16 bytes at a time over the bytes just
        // stored, a store-forwarding stall on every act (a third of `apply`'s time).
        if let Some(v) = first {
            return Err(v);
        }
        Ok(tolerated)
    }

    // A little over 100 lines: the rules of one act in the order a violation is looked for
    // (hand over, round closed, turn, amount, then each act), which is the order reported.
    /// [`Self::apply`] that hands every violation of the act to `report`, in the order found
    /// (at most three: acting twice, a malformed amount, and what the act breaks), and
    /// advances the state as well as it can, so a validator can go on to the next act.
    pub fn apply_reporting(
        &mut self,
        p: Player,
        act: Act,
        amount: Chips,
        report: &mut impl FnMut(Violation),
    ) -> Option<Tolerated> {
        if let Some(f) = self.folded {
            report(Violation::HandOver {
                over: Over::Folded(f),
                phase: None,
            });
            return None;
        }
        if self.round_finished() {
            report(match self.all_in_player() {
                Some(q) => Violation::HandOver {
                    over: Over::AllIn(q),
                    phase: None,
                },
                None => Violation::RoundFinished { phase: self.phase },
            });
            return None;
        }
        let mut tolerated = None;
        if self.last_actor == Some(p) {
            report(Violation::ActedTwice { player: p });
        } else if !self.needs_to_act(p) {
            let all_in = if self.all_in(p) { p } else { p.other() };
            report(Violation::NothingToDecide { player: p, all_in });
            return None;
        } else if self.last_actor.is_none() && self.opener() != p {
            let standard = self.opener();
            if self.needs_to_act(standard) {
                tolerated = Some(Tolerated::OutOfOrder {
                    phase: self.phase,
                    standard,
                });
            }
        }
        self.acted[pi(p)] = true;
        self.refresh_needs();
        self.last_actor = Some(p);
        if amount < Chips::ZERO {
            report(Violation::NegativeAmount);
            return tolerated;
        }
        let behind = self.behind(p);
        let owed = self.owed(p);
        match act {
            Act::Check | Act::Fold => {
                if amount != Chips::ZERO {
                    report(Violation::AmountOnNoChipAct);
                }
                if act == Act::Fold {
                    self.folded = Some(p);
                } else if self.owes(p) {
                    report(Violation::CheckOwed {
                        owes: owed.min(behind),
                    });
                }
            }
            Act::Call => {
                if amount > behind {
                    report(Violation::OverStack {
                        adds: amount,
                        behind,
                    });
                } else if !(amount == owed || (amount == behind && amount < owed)) {
                    report(Violation::CallMismatch {
                        owes: owed,
                        expected: owed.min(behind),
                    });
                }
                let put = if amount == owed {
                    owed.min(behind)
                } else {
                    amount.min(behind)
                };
                self.put(p, put);
            }
            Act::Raise | Act::Bet => {
                let adds = owed + amount;
                if amount <= Chips::ZERO {
                    report(Violation::NoIncrement);
                } else if self.all_in(p.other()) {
                    report(Violation::CannotRaise { all_in: p.other() });
                } else if adds > behind {
                    report(Violation::OverStack { adds, behind });
                } else if amount < self.min_raise() && adds != behind {
                    tolerated = Some(Tolerated::SmallRaise {
                        min_raise: self.min_raise(),
                        by_last_raise: self.last_incr > self.bb,
                    });
                }
                self.put(p, adds.min(behind));
                self.last_incr = amount;
            }
        }
        tolerated
    }

    /// Whether `p` can decide now, after the last act: a violation when the hand is over,
    /// the round's betting is closed, or the other player is to act.
    pub fn can_decide(&self, p: Player) -> Result<Option<Tolerated>, Violation> {
        if let Some(f) = self.folded {
            return Err(Violation::HandOver {
                over: Over::Folded(f),
                phase: None,
            });
        }
        if self.all_in(p) {
            return Err(Violation::PlayerAllIn { player: p });
        }
        if self.round_finished() {
            return Err(match self.all_in_player() {
                Some(q) => Violation::HandOver {
                    over: Over::AllIn(q),
                    phase: None,
                },
                None => Violation::RoundFinished { phase: self.phase },
            });
        }
        if !self.needs_to_act(p) {
            return Err(Violation::NotTheirTurn { player: p });
        }
        let standard = self.opener();
        Ok(
            (self.last_actor.is_none() && standard != p && self.needs_to_act(standard)).then_some(
                Tolerated::OutOfOrder {
                    phase: self.phase,
                    standard,
                },
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{Hero as H, Villain as V};

    /// Blinds 10/20, stacks 1000 (hero) and 300 (villain), the hero on the button.
    fn hand() -> Betting {
        Betting::new(
            [Chips(1000), Chips(300)],
            [Chips(10), Chips(20)],
            Chips(20),
            H,
        )
    }

    #[test]
    fn a_clean_act_is_followed_from_either_seat_and_nothing_else() {
        let mut dealer = hand();
        let mut seat0 = hand();
        let mut seat1 = Betting::new(
            [Chips(300), Chips(1000)],
            [Chips(20), Chips(10)],
            Chips(20),
            V,
        );
        assert!(seat1.identical(&dealer.mirrored(), false));
        assert!(seat1.identical(&dealer, true) && !seat1.identical(&dealer, false));
        for (p, act, amount) in [(H, Act::Raise, Chips(40)), (V, Act::Call, Chips(40))] {
            let mut noted = None;
            dealer.apply_noted(p, act, amount, &mut noted).unwrap();
            let applied = dealer.followed(&noted).unwrap();
            // Another act, or a state that is not the one the dealer acted from: not followed.
            let (was0, was1) = (seat0, seat1);
            assert!(!applied.follow(&mut seat0, p, act, amount + Chips(1)));
            assert!(!applied.follow(&mut seat1, p, act, amount));
            assert!(seat0.identical(&was0, false) && seat1.identical(&was1, false));
            assert!(applied.follow(&mut seat0, p, act, amount));
            assert!(applied.follow(&mut seat1, p.other(), act, amount));
            assert!(seat0.identical(&dealer, false));
            assert!(seat1.identical(&dealer.mirrored(), false));
            assert!(seat1.identical(&dealer, true));
            assert!(dealer.mirrored().mirrored().identical(&dealer, false));
        }
        assert_eq!(seat1.to_act(), None);
        // A tolerated act is not noted: the followers apply it themselves.
        let mut small = dealer;
        small.start_round(Phase::Flop).unwrap();
        small.apply(V, Act::Bet, Chips(40)).unwrap();
        let mut noted = None;
        small
            .apply_noted(H, Act::Raise, Chips(20), &mut noted)
            .unwrap();
        assert!(noted.is_none());
    }

    #[test]
    fn a_hand_in_standard_order() {
        let mut b = hand();
        assert_eq!(b.to_act(), Some(H));
        assert_eq!(
            (b.to_call(H), b.min_raise(), b.pot()),
            (Chips(10), Chips(20), Chips(30))
        );
        assert_eq!(b.apply(H, Act::Call, Chips(10)), Ok(None));
        // The big blind's option: owes nothing, has not acted.
        assert_eq!(b.to_act(), Some(V));
        assert_eq!(b.to_call(V), Chips(0));
        assert_eq!(b.apply(V, Act::Raise, Chips(60)), Ok(None));
        assert_eq!(
            (b.to_act(), b.to_call(H), b.min_raise()),
            (Some(H), Chips(60), Chips(60))
        );
        assert_eq!(b.apply(H, Act::Call, Chips(60)), Ok(None));
        assert_eq!(b.to_act(), None);
        assert!(b.round_finished());
        assert_eq!(b.start_round(Phase::Flop), Ok(()));
        // After the flop the big blind acts first.
        assert_eq!((b.to_act(), b.min_raise()), (Some(V), Chips(20)));
        assert_eq!(b.apply(V, Act::Check, Chips(0)), Ok(None));
        assert_eq!(b.apply(H, Act::Bet, Chips(100)), Ok(None));
        assert_eq!(b.behind(V), Chips(220));
        // A raise to all in: the villain has 220 behind, 100 of it to call.
        assert_eq!(b.apply(V, Act::Raise, Chips(120)), Ok(None));
        assert!(b.all_in(V) && !b.can_raise(H));
        assert_eq!(b.to_act(), Some(H));
        assert_eq!(b.apply(H, Act::Call, Chips(120)), Ok(None));
        assert_eq!((b.to_act(), b.pot()), (None, Chips(600)));
        assert_eq!(b.put_in(H), Chips(300));
        // Nothing more is bet: the later rounds have nobody to act.
        assert_eq!(b.start_round(Phase::Turn), Ok(()));
        assert_eq!(b.to_act(), None);
    }

    #[test]
    fn violations_are_typed() {
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Check, Chips(0)),
            Err(Violation::CheckOwed { owes: Chips(10) })
        );
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Call, Chips(20)),
            Err(Violation::CallMismatch {
                owes: Chips(10),
                expected: Chips(10)
            })
        );
        assert_eq!(
            b.apply(H, Act::Raise, Chips(50)),
            Err(Violation::ActedTwice { player: H })
        );
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Raise, Chips(5000)),
            Err(Violation::OverStack {
                adds: Chips(5010),
                behind: Chips(990)
            })
        );
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Raise, Chips(0)),
            Err(Violation::NoIncrement)
        );
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Call, Chips(-1)),
            Err(Violation::NegativeAmount)
        );
        // A raise below the minimum is tolerated, and said so.
        let mut b = hand();
        assert_eq!(
            b.apply(H, Act::Raise, Chips(5)),
            Ok(Some(Tolerated::SmallRaise {
                min_raise: Chips(20),
                by_last_raise: false
            }))
        );
        // The big blind opening the preflop is tolerated too.
        let mut b = hand();
        assert_eq!(
            b.apply(V, Act::Check, Chips(0)),
            Ok(Some(Tolerated::OutOfOrder {
                phase: Phase::Preflop,
                standard: H
            }))
        );
    }

    #[test]
    fn every_violation_of_one_act_is_reported_in_order() {
        let mut b = hand();
        b.apply(H, Act::Call, Chips(10)).unwrap();
        b.apply(V, Act::Raise, Chips(40)).unwrap();
        // A short call is a violation, and the hero still owes 35 after it.
        assert!(b.apply(H, Act::Call, Chips(5)).is_err());
        let mut found = Vec::new();
        b.apply_reporting(H, Act::Check, Chips(7), &mut |v| found.push(v));
        assert_eq!(
            found,
            [
                Violation::ActedTwice { player: H },
                Violation::AmountOnNoChipAct,
                Violation::CheckOwed { owes: Chips(35) }
            ]
        );
    }

    #[test]
    fn rounds_and_the_end_of_the_hand() {
        let mut b = hand();
        b.apply(H, Act::Call, Chips(10)).unwrap();
        assert_eq!(
            b.start_round(Phase::Flop),
            Err(Violation::RoundUnfinished {
                player: V,
                owes: Chips(0)
            })
        );
        let mut b = hand();
        assert_eq!(b.can_decide(H), Ok(None));
        // The big blind may open (tolerated): it has not acted yet.
        assert_eq!(
            b.can_decide(V),
            Ok(Some(Tolerated::OutOfOrder {
                phase: Phase::Preflop,
                standard: H
            }))
        );
        b.apply(H, Act::Call, Chips(10)).unwrap();
        b.apply(V, Act::Raise, Chips(20)).unwrap();
        assert_eq!(b.can_decide(V), Err(Violation::NotTheirTurn { player: V }));
        let mut b = hand();
        b.apply(H, Act::Fold, Chips(0)).unwrap();
        assert_eq!(b.folded(), Some(H));
        assert_eq!(b.to_act(), None);
        let over = Violation::HandOver {
            over: Over::Folded(H),
            phase: None,
        };
        assert_eq!(b.can_decide(V), Err(over.clone()));
        assert_eq!(b.apply(V, Act::Check, Chips(0)), Err(over));
        assert!(matches!(
            b.start_round(Phase::Flop),
            Err(Violation::HandOver {
                phase: Some(Phase::Flop),
                ..
            })
        ));
    }
}
