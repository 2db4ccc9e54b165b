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

/// What one hand showed of one player: per statistic (bit `stat as u32`), whether it had a
/// chance and whether it happened; for the aggression factors, the bets and raises and the
/// calls of each round after the flop. Bits, so a hand costs only the statistics it touched
/// (every hand of a match is observed for the report's HUD).
#[derive(Default)]
struct Seen {
    chance: u32,
    hit: u32,
    /// (Bets + raises, calls) on the flop, the turn and the river.
    ratio: [(u32, u32); 3],
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

/// What one walk of a record showed of both players, each observed by the other: the
/// record's villain as its hero sees them, and its hero as the villain sees them (the other
/// seat's record is this one's mirror). Indexed by `Player as usize` of the one observed.
#[derive(Default)]
struct Walk {
    seen: [Seen; 2],
    /// Who folded.
    folded: [bool; 2],
}

impl Walk {
    /// Walks the rounds of `record`, which ended as `end` says (seen by its hero).
    fn of(record: &GameRecord, end: Ending) -> Walk {
        let mut w = Walk::default();
        let mut preflop_raiser = None;
        let mut saw_flop = false;
        for round in &record.rounds {
            let acts = &round.actions;
            if round.phase == Phase::Preflop {
                w.preflop(acts);
                preflop_raiser = acts
                    .iter()
                    .rev()
                    .find(|a| matches!(a.act, Act::Raise | Act::Bet))
                    .map(|a| a.player);
                continue;
            }
            if round.phase == Phase::Flop {
                saw_flop = true;
                flop(acts, preflop_raiser, &mut w.seen);
            }
            w.postflop(round.phase, acts);
        }
        w.showdown(end, saw_flop);
        w
    }

    /// WTSD, W$SD and WWSF of both from how the hand ended. A split pot counts as won, as
    /// tracking software counts it (the one observed took chips back at the showdown).
    fn showdown(&mut self, end: Ending, saw_flop: bool) {
        use OpponentStat::*;
        for p in [Player::Hero, Player::Villain] {
            let won = match end {
                Ending::Showdown(winner) => winner != Some(p.other()),
                Ending::Fold => self.folded[p.other() as usize],
            };
            let seen = &mut self.seen[p as usize];
            // The flop was seen by both when its round was dealt (a fold ends the hand first).
            if saw_flop {
                seen.any(Wtsd, end.is_showdown());
                seen.any(Wwsf, won);
            }
            if end.is_showdown() {
                seen.any(WonAtShowdown, won);
            }
        }
    }

    /// VPIP, PFR, limp, 3-bet and fold to 3-bet of both from the preflop acts, in order.
    fn preflop(&mut self, acts: &[ActionRecord]) {
        use OpponentStat::*;
        let mut raises = 0;
        // Each one's own first raise, to be answered by a re-raise.
        let mut opened = [false; 2];
        let mut facing_three_bet = [false; 2];
        for (
            i,
            &ActionRecord {
                player: p, act: a, ..
            },
        ) in acts.iter().enumerate()
        {
            let raise = matches!(a, Act::Raise | Act::Bet);
            let (me, other) = (p as usize, p.other() as usize);
            self.folded[me] |= a == Act::Fold;
            let seen = &mut self.seen[me];
            seen.any(Vpip, raise || a == Act::Call);
            seen.any(Pfr, raise);
            if i == 0 {
                // First to act, facing only the blinds: the small blind's chance to limp.
                seen.first(Limp, a == Act::Call);
            }
            if raises == 1 && !opened[me] {
                seen.first(ThreeBet, raise);
            }
            if facing_three_bet[me] {
                facing_three_bet[me] = false;
                seen.first(FoldToThreeBet, a == Act::Fold);
            }
            if raise && raises == 0 {
                opened[me] = true;
            }
            // A re-raise of the other's first raise.
            if raise && raises == 1 && opened[other] && !self.seen[other].had_chance(FoldToThreeBet)
            {
                facing_three_bet[other] = true;
            }
            if raise {
                raises += 1;
            }
        }
    }

    /// One round after the flop: the aggression factors, check-raises, and folds to a turn
    /// or river bet, of both.
    fn postflop(&mut self, phase: Phase, acts: &[ActionRecord]) {
        use OpponentStat::*;
        let fold_to_bet = match phase {
            Phase::Turn => Some(FoldToTurnBet),
            Phase::River => Some(FoldToRiverBet),
            _ => None,
        };
        let street = phase as usize - 1;
        let mut checked = [false; 2];
        // Facing the other's bet or raise, made as the act just before.
        let mut facing_bet = [false; 2];
        for &ActionRecord {
            player: p, act: a, ..
        } in acts
        {
            let raise = matches!(a, Act::Raise | Act::Bet);
            let (me, other) = (p as usize, p.other() as usize);
            self.folded[me] |= a == Act::Fold;
            let seen = &mut self.seen[me];
            let r = &mut seen.ratio[street];
            r.0 += raise as u32;
            r.1 += (a == Act::Call) as u32;
            if facing_bet[me] && checked[me] {
                seen.any(CheckRaise, raise);
            }
            if let (true, Some(stat)) = (facing_bet[me], fold_to_bet) {
                seen.first(stat, a == Act::Fold);
            }
            checked[me] |= a == Act::Check;
            facing_bet[me] = false;
            facing_bet[other] = raise;
        }
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
        let walk = Walk::of(record, end);
        self.count_hand(&walk.seen[Player::Villain as usize]);
    }

    /// Adds one hand to the statistics each player keeps of the other, in one walk of the
    /// hero's `record` (the villain's is its mirror), which ended as `end` says (seen by the
    /// hero): the same as `of_villain.observe(record, end)` and `of_hero.observe` of the
    /// villain's record.
    pub(crate) fn observe_both(
        of_villain: &mut OpponentStats,
        of_hero: &mut OpponentStats,
        record: &GameRecord,
        end: Ending,
    ) {
        let walk = Walk::of(record, end);
        of_villain.count_hand(&walk.seen[Player::Villain as usize]);
        of_hero.count_hand(&walk.seen[Player::Hero as usize]);
    }

    /// Adds the chances and hits of one hand: the percentages by their bits, the aggression
    /// factors (never in `chance`) from their sums.
    fn count_hand(&mut self, seen: &Seen) {
        self.hands += 1;
        let mut bits = seen.chance;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = &mut self.counts[i];
            c.chances += 1;
            c.hands += 1;
            c.times += (seen.hit >> i) & 1;
        }
        let mut all = (0, 0);
        for (stat, &(up, calls)) in STREET_RATIOS.iter().zip(&seen.ratio) {
            self.add_ratio(*stat, up, calls);
            all = (all.0 + up, all.1 + calls);
        }
        self.add_ratio(OpponentStat::Aggression, all.0, all.1);
    }

    /// Adds one hand's bets and raises (`up`) and calls to an aggression factor.
    fn add_ratio(&mut self, stat: OpponentStat, up: u32, calls: u32) {
        let c = &mut self.counts[stat as usize];
        c.times += up;
        c.chances += calls;
        c.hands += (up + calls > 0) as u32;
    }
}

/// The aggression factors of the flop, the turn and the river, counted per act rather than
/// per chance (the whole factor is their sum).
const STREET_RATIOS: [OpponentStat; 3] = [
    OpponentStat::FlopAggression,
    OpponentStat::TurnAggression,
    OpponentStat::RiverAggression,
];

/// Continuation bets on the flop: the preflop raiser's first chance to bet (seen of the
/// raiser), and the other's answer to it (seen of the other).
fn flop(acts: &[ActionRecord], preflop_raiser: Option<Player>, seen: &mut [Seen; 2]) {
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
            seen[raiser as usize].first(CBet, raise);
            if !raise {
                return;
            }
            cbet_pending = true;
        } else if p != raiser && cbet_pending {
            seen[p as usize].first(FoldToCBet, a == Act::Fold);
            return;
        }
        bet_made |= raise;
    }
}

#[cfg(test)]
mod tests;
