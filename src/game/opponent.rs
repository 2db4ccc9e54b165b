//! Statistics of the villain over past hands (reference §12.7), defined as
//! common tracking software defines them, from what the observing player saw: the acts of
//! each hand and whether it reached a showdown, never a hidden card.

use super::{Act, ActionRecord, GameRecord, Phase, Player};

/// One statistic of the villain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpponentStat {
    /// Voluntarily put chips in before the flop: called or raised (a blind is not voluntary).
    Vpip,
    /// Raised before the flop.
    Pfr,
    /// Re-raised the first raise before the flop.
    ThreeBet,
    /// Folded to a re-raise of their own first raise before the flop.
    FoldToThreeBet,
    /// As the last raiser before the flop, bet the flop when first able to.
    CBet,
    /// Folded to the hero's continuation bet.
    FoldToCBet,
    /// (Bets + raises) / calls after the flop.
    Aggression,
    /// Went to showdown after seeing the flop.
    Wtsd,
}

impl OpponentStat {
    pub const ALL: [OpponentStat; 8] = [
        OpponentStat::Vpip,
        OpponentStat::Pfr,
        OpponentStat::ThreeBet,
        OpponentStat::FoldToThreeBet,
        OpponentStat::CBet,
        OpponentStat::FoldToCBet,
        OpponentStat::Aggression,
        OpponentStat::Wtsd,
    ];

    /// The suffix of the constant (`villainVPIP`) and the element of `<stats>` (`<VPIP>`).
    pub fn name(self) -> &'static str {
        match self {
            OpponentStat::Vpip => "VPIP",
            OpponentStat::Pfr => "PFR",
            OpponentStat::ThreeBet => "ThreeBet",
            OpponentStat::FoldToThreeBet => "FoldToThreeBet",
            OpponentStat::CBet => "CBet",
            OpponentStat::FoldToCBet => "FoldToCBet",
            OpponentStat::Aggression => "Aggression",
            OpponentStat::Wtsd => "WTSD",
        }
    }

    /// A percentage (times / chances x 100); `Aggression` is a ratio instead.
    pub(crate) fn is_percentage(self) -> bool {
        self != OpponentStat::Aggression
    }
}

/// How often something happened, and in how many hands it could have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Times it happened (`Aggression`: bets and raises).
    pub times: u32,
    /// Times it could have (`Aggression`: calls).
    pub chances: u32,
    /// Hands it rests on: hands with a chance (`Aggression`: hands with a bet, raise or call
    /// after the flop).
    pub hands: u32,
}

/// The villain's statistics over the hands observed so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpponentStats {
    /// Hands observed.
    pub hands: u32,
    /// Indexed by `OpponentStat as usize`.
    pub counts: [Count; 8],
}

impl OpponentStats {
    pub fn count(&self, stat: OpponentStat) -> Count {
        self.counts[stat as usize]
    }

    /// The statistic's value: a percentage from 0 to 100 (`Aggression`: a ratio, 0 or more);
    /// NaN (undefined, so a comparison does not hold) when it rests on nothing.
    pub fn value(&self, stat: OpponentStat) -> f64 {
        let c = self.count(stat);
        if c.chances == 0 {
            return f64::NAN;
        }
        let x = c.times as f64 / c.chances as f64;
        if stat.is_percentage() {
            100.0 * x
        } else {
            x
        }
    }

    /// Adds one hand, seen by the hero of `record` (the villain is the one observed).
    /// `showdown`: the hand ended with the cards shown (nobody folded).
    pub(crate) fn observe(&mut self, record: &GameRecord, showdown: bool) {
        self.hands += 1;
        let mut chance = [false; 8];
        let mut hit = [false; 8];
        let mut aggression = (0u32, 0u32);
        let mut preflop_raiser = None;
        let mut saw_flop = false;
        for round in &record.rounds {
            let acts = &round.actions;
            match round.phase {
                Phase::Preflop => {
                    preflop(acts, &mut chance, &mut hit);
                    preflop_raiser = acts
                        .iter()
                        .rev()
                        .find(|a| matches!(a.act, Act::Raise | Act::Bet))
                        .map(|a| a.player);
                }
                phase => {
                    if phase == Phase::Flop {
                        saw_flop = true;
                        flop(acts, preflop_raiser, &mut chance, &mut hit);
                    }
                    for a in acts {
                        match (a.player, a.act) {
                            (Player::Villain, Act::Raise | Act::Bet) => aggression.0 += 1,
                            (Player::Villain, Act::Call) => aggression.1 += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
        // The flop was seen by both when its round was dealt (a fold ends the hand first).
        if saw_flop {
            chance[OpponentStat::Wtsd as usize] = true;
            hit[OpponentStat::Wtsd as usize] = showdown;
        }
        for stat in OpponentStat::ALL {
            let c = &mut self.counts[stat as usize];
            if stat == OpponentStat::Aggression {
                c.times += aggression.0;
                c.chances += aggression.1;
                c.hands += (aggression.0 + aggression.1 > 0) as u32;
            } else if chance[stat as usize] {
                c.chances += 1;
                c.hands += 1;
                c.times += hit[stat as usize] as u32;
            }
        }
    }
}

/// VPIP, PFR, 3-bet and fold to 3-bet from the preflop acts, in order.
fn preflop(acts: &[ActionRecord], chance: &mut [bool; 8], hit: &mut [bool; 8]) {
    use OpponentStat::*;
    let mut raises = 0;
    // The villain's own first raise, to be answered by a re-raise.
    let mut villain_opened = false;
    let mut facing_three_bet = false;
    for &ActionRecord {
        player: p, act: a, ..
    } in acts
    {
        let raise = matches!(a, Act::Raise | Act::Bet);
        if p == Player::Villain {
            chance[Vpip as usize] = true;
            chance[Pfr as usize] = true;
            hit[Vpip as usize] |= raise || a == Act::Call;
            hit[Pfr as usize] |= raise;
            if raises == 1 && !villain_opened && !chance[ThreeBet as usize] {
                chance[ThreeBet as usize] = true;
                hit[ThreeBet as usize] = raise;
            }
            if facing_three_bet {
                facing_three_bet = false;
                chance[FoldToThreeBet as usize] = true;
                hit[FoldToThreeBet as usize] = a == Act::Fold;
            }
            if raise && raises == 0 {
                villain_opened = true;
            }
        } else if raise && raises == 1 && villain_opened && !chance[FoldToThreeBet as usize] {
            facing_three_bet = true;
        }
        if raise {
            raises += 1;
        }
    }
}

/// Continuation bets on the flop: the preflop raiser's first chance to bet, and the answer.
fn flop(
    acts: &[ActionRecord],
    preflop_raiser: Option<Player>,
    chance: &mut [bool; 8],
    hit: &mut [bool; 8],
) {
    use OpponentStat::*;
    let Some(raiser) = preflop_raiser else {
        return;
    };
    let mut bet_made = false;
    let mut cbet_pending = false;
    for &ActionRecord {
        player: p, act: a, ..
    } in acts
    {
        let raise = matches!(a, Act::Raise | Act::Bet);
        if p == raiser && !bet_made {
            // The raiser's first act with nothing bet before it: a chance to continue.
            if raiser == Player::Villain {
                chance[CBet as usize] = true;
                hit[CBet as usize] = raise;
            } else if raise {
                cbet_pending = true;
            }
            if raiser == Player::Villain || !raise {
                return;
            }
        } else if p == Player::Villain && cbet_pending {
            chance[FoldToCBet as usize] = true;
            hit[FoldToCBet as usize] = a == Act::Fold;
            return;
        }
        bet_made |= raise;
    }
}

#[cfg(test)]
mod tests;
