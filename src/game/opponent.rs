//! Statistics of the villain over past hands (reference §12.7), defined as
//! common tracking software defines them, from what the observing player saw: the acts of
//! each hand, whether it reached a showdown and who won it, never a hidden card.

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
    /// Acting first before the flop (the small blind), only called the big blind.
    Limp,
    /// After the flop, raised a bet made after their own check in the same round.
    CheckRaise,
    /// Folded to the hero's first bet or raise they faced on the turn.
    FoldToTurnBet,
    /// Folded to the hero's first bet or raise they faced on the river.
    FoldToRiverBet,
    /// Won (or split) the pot at a showdown (W$SD).
    WonAtShowdown,
    /// Won (or split) the pot after seeing the flop, at a showdown or by a fold (WWSF).
    Wwsf,
    /// (Bets + raises) / calls on the flop.
    FlopAggression,
    /// (Bets + raises) / calls on the turn.
    TurnAggression,
    /// (Bets + raises) / calls on the river.
    RiverAggression,
}

/// How many statistics there are.
const N: usize = OpponentStat::ALL.len();

impl OpponentStat {
    pub const ALL: [OpponentStat; 17] = [
        OpponentStat::Vpip,
        OpponentStat::Pfr,
        OpponentStat::ThreeBet,
        OpponentStat::FoldToThreeBet,
        OpponentStat::CBet,
        OpponentStat::FoldToCBet,
        OpponentStat::Aggression,
        OpponentStat::Wtsd,
        OpponentStat::Limp,
        OpponentStat::CheckRaise,
        OpponentStat::FoldToTurnBet,
        OpponentStat::FoldToRiverBet,
        OpponentStat::WonAtShowdown,
        OpponentStat::Wwsf,
        OpponentStat::FlopAggression,
        OpponentStat::TurnAggression,
        OpponentStat::RiverAggression,
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
            OpponentStat::Limp => "Limp",
            OpponentStat::CheckRaise => "CheckRaise",
            OpponentStat::FoldToTurnBet => "FoldToTurnBet",
            OpponentStat::FoldToRiverBet => "FoldToRiverBet",
            OpponentStat::WonAtShowdown => "WonAtShowdown",
            OpponentStat::Wwsf => "WWSF",
            OpponentStat::FlopAggression => "FlopAggression",
            OpponentStat::TurnAggression => "TurnAggression",
            OpponentStat::RiverAggression => "RiverAggression",
        }
    }

    /// A percentage (times / chances x 100); the aggression factors are ratios instead.
    pub(crate) fn is_percentage(self) -> bool {
        !self.is_ratio()
    }

    /// An aggression factor: (bets + raises) / calls, counted per act, not per hand.
    pub fn is_ratio(self) -> bool {
        matches!(
            self,
            OpponentStat::Aggression
                | OpponentStat::FlopAggression
                | OpponentStat::TurnAggression
                | OpponentStat::RiverAggression
        )
    }

    /// The aggression factor of one round after the flop.
    fn aggression_on(phase: Phase) -> Option<OpponentStat> {
        match phase {
            Phase::Preflop => None,
            Phase::Flop => Some(OpponentStat::FlopAggression),
            Phase::Turn => Some(OpponentStat::TurnAggression),
            Phase::River => Some(OpponentStat::RiverAggression),
        }
    }
}

/// How a hand ended, as the observing player saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Somebody folded (the acts say who).
    Fold,
    /// The cards were shown; the winner, `None` for a split pot.
    Showdown(Option<Player>),
}

impl Ending {
    /// The end seen by a player who won `hero_net` chips (negative: lost) in the hand.
    pub fn from_net(showdown: bool, hero_net: i64) -> Ending {
        if !showdown {
            return Ending::Fold;
        }
        Ending::Showdown(match hero_net.cmp(&0) {
            std::cmp::Ordering::Greater => Some(Player::Hero),
            std::cmp::Ordering::Less => Some(Player::Villain),
            std::cmp::Ordering::Equal => None,
        })
    }

    fn is_showdown(self) -> bool {
        matches!(self, Ending::Showdown(_))
    }
}

/// How often something happened, and in how many hands it could have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Times it happened (aggression factors: bets and raises).
    pub times: u32,
    /// Times it could have (aggression factors: calls).
    pub chances: u32,
    /// Hands it rests on: hands with a chance (aggression factors: hands with a bet, raise
    /// or call in the rounds counted).
    pub hands: u32,
}

impl Count {
    fn add(&mut self, o: &Count) {
        self.times += o.times;
        self.chances += o.chances;
        self.hands += o.hands;
    }
}

/// The villain's statistics over the hands observed so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpponentStats {
    /// Hands observed.
    pub hands: u32,
    /// Indexed by `OpponentStat as usize`.
    pub counts: [Count; N],
}

/// What one hand showed: per statistic (bit `stat as u32`), whether it had a chance and
/// whether it happened; for the aggression factors, the bets and raises and the calls.
/// Bits, so a hand costs only the statistics it touched (every hand of a match is observed
/// for the report's HUD).
#[derive(Default)]
struct Seen {
    chance: u32,
    hit: u32,
    ratio: [(u32, u32); N],
}

// Every statistic has a bit.
const _: () = assert!(N <= 32);

impl Seen {
    fn bit(stat: OpponentStat) -> u32 {
        1 << stat as u32
    }
    fn had_chance(&self, stat: OpponentStat) -> bool {
        self.chance & Self::bit(stat) != 0
    }
    /// A chance at `stat`, decided by the first one in the hand.
    fn first(&mut self, stat: OpponentStat, hit: bool) {
        if !self.had_chance(stat) {
            self.chance |= Self::bit(stat);
            self.hit |= (hit as u32) << stat as u32;
        }
    }
    /// A chance at `stat`, happened if it happened at any chance in the hand.
    fn any(&mut self, stat: OpponentStat, hit: bool) {
        self.chance |= Self::bit(stat);
        self.hit |= (hit as u32) << stat as u32;
    }
}

impl OpponentStats {
    pub fn count(&self, stat: OpponentStat) -> Count {
        self.counts[stat as usize]
    }

    /// The statistic's value: a percentage from 0 to 100 (aggression factors: a ratio, 0 or
    /// more); NaN (undefined, so a comparison does not hold) when it rests on nothing.
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

    /// Adds another run of hands (a match played in several parts): every count is a sum
    /// over hands, so the order does not matter.
    pub fn add(&mut self, o: &OpponentStats) {
        self.hands += o.hands;
        for (a, b) in self.counts.iter_mut().zip(&o.counts) {
            a.add(b);
        }
    }

    /// Adds one hand, seen by the hero of `record` (the villain is the one observed), which
    /// ended as `end` says.
    pub(crate) fn observe(&mut self, record: &GameRecord, end: Ending) {
        self.hands += 1;
        let mut seen = Seen::default();
        let mut preflop_raiser = None;
        let mut saw_flop = false;
        for round in &record.rounds {
            let acts = &round.actions;
            if round.phase == Phase::Preflop {
                preflop(acts, &mut seen);
                preflop_raiser = acts
                    .iter()
                    .rev()
                    .find(|a| matches!(a.act, Act::Raise | Act::Bet))
                    .map(|a| a.player);
                continue;
            }
            if round.phase == Phase::Flop {
                saw_flop = true;
                flop(acts, preflop_raiser, &mut seen);
            }
            postflop(round.phase, acts, &mut seen);
        }
        showdown(record, end, saw_flop, &mut seen);
        self.count_hand(&seen);
    }

    /// Adds the chances and hits of one hand: the percentages by their bits, the aggression
    /// factors (never in `chance`) from their sums.
    fn count_hand(&mut self, seen: &Seen) {
        let mut bits = seen.chance;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = &mut self.counts[i];
            c.chances += 1;
            c.hands += 1;
            c.times += (seen.hit >> i) & 1;
        }
        for stat in RATIOS {
            let (up, calls) = seen.ratio[stat as usize];
            let c = &mut self.counts[stat as usize];
            c.times += up;
            c.chances += calls;
            c.hands += (up + calls > 0) as u32;
        }
    }
}

/// The aggression factors, counted per act rather than per chance.
const RATIOS: [OpponentStat; 4] = [
    OpponentStat::Aggression,
    OpponentStat::FlopAggression,
    OpponentStat::TurnAggression,
    OpponentStat::RiverAggression,
];

/// WTSD, W$SD and WWSF from how the hand ended. A split pot counts as won, as tracking
/// software counts it (the villain took chips back at the showdown).
fn showdown(record: &GameRecord, end: Ending, saw_flop: bool, seen: &mut Seen) {
    use OpponentStat::*;
    let villain_won = match end {
        Ending::Showdown(winner) => winner != Some(Player::Hero),
        Ending::Fold => record
            .rounds
            .iter()
            .flat_map(|r| &r.actions)
            .any(|a| a.player == Player::Hero && a.act == Act::Fold),
    };
    // The flop was seen by both when its round was dealt (a fold ends the hand first).
    if saw_flop {
        seen.any(Wtsd, end.is_showdown());
        seen.any(Wwsf, villain_won);
    }
    if end.is_showdown() {
        seen.any(WonAtShowdown, villain_won);
    }
}

/// VPIP, PFR, limp, 3-bet and fold to 3-bet from the preflop acts, in order.
fn preflop(acts: &[ActionRecord], seen: &mut Seen) {
    use OpponentStat::*;
    let mut raises = 0;
    // The villain's own first raise, to be answered by a re-raise.
    let mut villain_opened = false;
    let mut facing_three_bet = false;
    for (
        i,
        &ActionRecord {
            player: p, act: a, ..
        },
    ) in acts.iter().enumerate()
    {
        let raise = matches!(a, Act::Raise | Act::Bet);
        if p == Player::Villain {
            seen.any(Vpip, raise || a == Act::Call);
            seen.any(Pfr, raise);
            if i == 0 {
                // First to act, facing only the blinds: the small blind's chance to limp.
                seen.first(Limp, a == Act::Call);
            }
            if raises == 1 && !villain_opened {
                seen.first(ThreeBet, raise);
            }
            if facing_three_bet {
                facing_three_bet = false;
                seen.first(FoldToThreeBet, a == Act::Fold);
            }
            if raise && raises == 0 {
                villain_opened = true;
            }
        } else if raise && raises == 1 && villain_opened && !seen.had_chance(FoldToThreeBet) {
            facing_three_bet = true;
        }
        if raise {
            raises += 1;
        }
    }
}

/// Continuation bets on the flop: the preflop raiser's first chance to bet, and the answer.
fn flop(acts: &[ActionRecord], preflop_raiser: Option<Player>, seen: &mut Seen) {
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
                seen.first(CBet, raise);
            } else if raise {
                cbet_pending = true;
            }
            if raiser == Player::Villain || !raise {
                return;
            }
        } else if p == Player::Villain && cbet_pending {
            seen.first(FoldToCBet, a == Act::Fold);
            return;
        }
        bet_made |= raise;
    }
}

/// One round after the flop: the aggression factors, check-raises, and folds to a turn or
/// river bet.
fn postflop(phase: Phase, acts: &[ActionRecord], seen: &mut Seen) {
    use OpponentStat::*;
    let fold_to_bet = match phase {
        Phase::Turn => Some(FoldToTurnBet),
        Phase::River => Some(FoldToRiverBet),
        _ => None,
    };
    let street = OpponentStat::aggression_on(phase);
    let mut villain_checked = false;
    let mut facing_bet = false;
    for &ActionRecord {
        player: p, act: a, ..
    } in acts
    {
        let raise = matches!(a, Act::Raise | Act::Bet);
        if p == Player::Hero {
            facing_bet = raise;
            continue;
        }
        for stat in [Some(Aggression), street].into_iter().flatten() {
            let r = &mut seen.ratio[stat as usize];
            r.0 += raise as u32;
            r.1 += (a == Act::Call) as u32;
        }
        if facing_bet && villain_checked {
            seen.any(CheckRaise, raise);
        }
        if let (true, Some(stat)) = (facing_bet, fold_to_bet) {
            seen.first(stat, a == Act::Fold);
        }
        villain_checked |= a == Act::Check;
        facing_bet = false;
    }
}

#[cfg(test)]
mod tests;
