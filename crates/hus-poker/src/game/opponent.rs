//! Statistics of the villain over past hands (reference §12.7), defined as
//! common tracking software defines them, from what the observing player saw: the acts of
//! each hand, whether it reached a showdown and who won it, never a hidden card.

mod memo;

pub use memo::{HandMemo, RoundMemo};

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
    pub fn is_percentage(self) -> bool {
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

/// What one hand showed of both players, each observed by the other: the record's villain
/// as its hero sees them, and its hero as the villain sees them (the other seat's record is
/// this one's mirror). Per statistic and player, bit `stat as u32 + 32 * player as u32`:
/// whether it had a chance and whether it happened; for the aggression factors, the bets
/// and raises and the calls of each round after the flop. Bits, so a hand costs only the
/// statistics it touched (every hand of a match is observed for the report's HUD).
#[derive(Clone, Copy, Default)]
struct Seen {
    chance: u64,
    hit: u64,
    /// Per player, on the flop, the turn and the river: bets + raises, plus calls << 32
    /// (one add a round when merged).
    ratio: [[u64; 3]; 2],
    /// Who folded (bit `player as u32`).
    folded: u32,
}

// Every statistic has a bit for each player.
const _: () = assert!(N <= 32);

impl Seen {
    /// The bit of `stat` of player `me` (`Player as u32`).
    fn bit(stat: OpponentStat, me: u32) -> u64 {
        1 << (stat as u32 + 32 * me)
    }
    fn had_chance(&self, stat: OpponentStat, me: u32) -> bool {
        self.chance & Self::bit(stat, me) != 0
    }
    /// A chance at `stat`, decided by the first one in the hand.
    fn first(&mut self, stat: OpponentStat, me: u32, hit: bool) {
        let new = Self::bit(stat, me) & !self.chance;
        self.chance |= new;
        self.hit |= new & (hit as u64).wrapping_neg();
    }
    /// A chance at `stat`, happened if it happened at any chance in the hand.
    fn any(&mut self, stat: OpponentStat, me: u32, hit: bool) {
        self.chance |= Self::bit(stat, me);
        self.hit |= (hit as u64) << (stat as u32 + 32 * me);
    }

    /// Walks the rounds of `record`, which ended as `end` says (seen by its hero).
    /// With `memo`, rounds in the order they are dealt are looked up there (see
    /// [`RoundMemo`]) rather than walked.
    fn of(record: &GameRecord, end: Ending, memo: Option<&mut RoundMemo>) -> Seen {
        let mut seen = Seen::default();
        let mut preflop_raiser = None;
        let mut saw_flop = false;
        let memo = memo.filter(|_| RoundMemo::applies(record));
        match memo {
            Some(memo) => {
                for round in &record.rounds {
                    preflop_raiser = memo.round(&mut seen, round, preflop_raiser);
                }
                // In the order dealt, the flop is the second round.
                saw_flop = record.rounds.len() > 1;
            }
            None => {
                for round in &record.rounds {
                    preflop_raiser = seen.round(round.phase, &round.actions, preflop_raiser);
                    saw_flop |= round.phase == Phase::Flop;
                }
            }
        }
        seen.showdown(end, saw_flop);
        seen
    }

    /// Adds one round's acts, after a preflop whose last raiser was `preflop_raiser`;
    /// gives the preflop's last raiser as it stands after this round.
    fn round(
        &mut self,
        phase: Phase,
        acts: &[ActionRecord],
        preflop_raiser: Option<u32>,
    ) -> Option<u32> {
        let (street, fold_to_bet) = match phase {
            Phase::Preflop => return self.preflop(acts),
            Phase::Flop => {
                self.flop(acts, preflop_raiser);
                (0, None)
            }
            Phase::Turn => (1, Some(OpponentStat::FoldToTurnBet)),
            Phase::River => (2, Some(OpponentStat::FoldToRiverBet)),
        };
        self.postflop(street, fold_to_bet, acts);
        preflop_raiser
    }

    /// Adds what other rounds showed: each statistic of a round in the order dealt belongs
    /// to that round alone or is happened-at-any-chance, so the rounds add up as bits.
    fn merge(&mut self, o: &Seen) {
        self.chance |= o.chance;
        self.hit |= o.hit;
        self.folded |= o.folded;
        for (mine, theirs) in self.ratio.iter_mut().zip(&o.ratio) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
    }

    /// WTSD, W$SD and WWSF of both from how the hand ended. A split pot counts as won, as
    /// tracking software counts it (the one observed took chips back at the showdown).
    fn showdown(&mut self, end: Ending, saw_flop: bool) {
        use OpponentStat::*;
        for p in [Player::Hero, Player::Villain] {
            let won = match end {
                Ending::Showdown(winner) => winner != Some(p.other()),
                Ending::Fold => self.folded & (1 << p.other() as u32) != 0,
            };
            let me = p as u32;
            // The flop was seen by both when its round was dealt (a fold ends the hand first).
            if saw_flop {
                self.any(Wtsd, me, end.is_showdown());
                self.any(Wwsf, me, won);
            }
            if end.is_showdown() {
                self.any(WonAtShowdown, me, won);
            }
        }
    }

    /// VPIP, PFR, limp, 3-bet and fold to 3-bet of both from the preflop acts, in order;
    /// gives the last raiser (`Player as u32`).
    fn preflop(&mut self, acts: &[ActionRecord]) -> Option<u32> {
        use OpponentStat::*;
        let mut raises = 0;
        let mut last_raiser = None;
        // Who made their own first raise, to be answered by a re-raise (bit per player).
        let mut opened = 0u32;
        let mut facing_three_bet = 0u32;
        for (i, act) in acts.iter().enumerate() {
            let (me, a) = (act.player as u32, act.act);
            let raise = matches!(a, Act::Raise | Act::Bet);
            self.folded |= ((a == Act::Fold) as u32) << me;
            self.any(Vpip, me, raise || a == Act::Call);
            self.any(Pfr, me, raise);
            if i == 0 {
                // First to act, facing only the blinds: the small blind's chance to limp.
                self.first(Limp, me, a == Act::Call);
            }
            if raises == 1 && opened & (1 << me) == 0 {
                self.first(ThreeBet, me, raise);
            }
            if facing_three_bet & (1 << me) != 0 {
                facing_three_bet &= !(1 << me);
                self.first(FoldToThreeBet, me, a == Act::Fold);
            }
            if raise && raises == 0 {
                opened |= 1 << me;
            }
            // A re-raise of the other's first raise.
            let other = me ^ 1;
            if raise
                && raises == 1
                && opened & (1 << other) != 0
                && !self.had_chance(FoldToThreeBet, other)
            {
                facing_three_bet |= 1 << other;
            }
            if raise {
                raises += 1;
                last_raiser = Some(me);
            }
        }
        last_raiser
    }

    /// Continuation bets on the flop: the preflop raiser's first chance to bet (seen of the
    /// raiser), and the other's answer to it (seen of the other).
    fn flop(&mut self, acts: &[ActionRecord], preflop_raiser: Option<u32>) {
        use OpponentStat::*;
        let Some(raiser) = preflop_raiser else {
            return;
        };
        let mut bet_made = false;
        let mut cbet_pending = false;
        for act in acts {
            let (me, a) = (act.player as u32, act.act);
            let raise = matches!(a, Act::Raise | Act::Bet);
            if me == raiser && !bet_made {
                // The raiser's first act with nothing bet before it: a chance to continue.
                self.first(CBet, raiser, raise);
                if !raise {
                    return;
                }
                cbet_pending = true;
            } else if me != raiser && cbet_pending {
                self.first(FoldToCBet, me, a == Act::Fold);
                return;
            }
            bet_made |= raise;
        }
    }

    /// One round after the flop (`street` 0 to 2: the flop, the turn, the river): the
    /// aggression factors, check-raises, and folds to a bet (`fold_to_bet`: on the turn or
    /// the river), of both.
    fn postflop(
        &mut self,
        street: usize,
        fold_to_bet: Option<OpponentStat>,
        acts: &[ActionRecord],
    ) {
        use OpponentStat::*;
        // Who checked, and who faces the other's bet or raise made as the act just before
        // (bit per player).
        let mut checked = 0u32;
        let mut facing_bet = 0u32;
        for act in acts {
            let (me, a) = (act.player as u32, act.act);
            let raise = matches!(a, Act::Raise | Act::Bet);
            self.folded |= ((a == Act::Fold) as u32) << me;
            self.ratio[me as usize][street] += raise as u64 | ((a == Act::Call) as u64) << 32;
            if facing_bet & (1 << me) != 0 {
                if checked & (1 << me) != 0 {
                    self.any(CheckRaise, me, raise);
                }
                if let Some(stat) = fold_to_bet {
                    self.first(stat, me, a == Act::Fold);
                }
            }
            checked |= ((a == Act::Check) as u32) << me;
            facing_bet = (raise as u32) << (me ^ 1);
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
    pub fn observe(&mut self, record: &GameRecord, end: Ending) {
        self.count_hands(&Seen::of(record, end, None), Player::Villain, 1);
    }

    /// Adds one hand to the statistics each player keeps of the other, in one walk of the
    /// hero's `record` (the villain's is its mirror), which ended as `end` says (seen by the
    /// hero): the same as `of_villain.observe(record, end)` and `of_hero.observe` of the
    /// villain's record. `memo` keeps the rounds walked for the next hands.
    pub fn observe_both(
        of_villain: &mut OpponentStats,
        of_hero: &mut OpponentStats,
        record: &GameRecord,
        end: Ending,
        memo: &mut RoundMemo,
    ) {
        let seen = Seen::of(record, end, Some(memo));
        of_villain.count_hands(&seen, Player::Villain, 1);
        of_hero.count_hands(&seen, Player::Hero, 1);
    }

    /// Adds the chances and hits of `n` hands that each showed `seen` of player `observed`:
    /// the percentages by their bits, the aggression factors (never in `chance`) from their
    /// sums.
    fn count_hands(&mut self, seen: &Seen, observed: Player, n: u32) {
        self.hands += n;
        let shift = 32 * observed as u32;
        let (mut bits, hit) = ((seen.chance >> shift) as u32, (seen.hit >> shift) as u32);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = &mut self.counts[i];
            c.chances += n;
            c.hands += n;
            c.times += ((hit >> i) & 1) * n;
        }
        let ratio = &seen.ratio[observed as usize];
        for (&stat, &both) in STREET_RATIOS.iter().zip(ratio) {
            self.add_ratio(stat, both, n);
        }
        self.add_ratio(OpponentStat::Aggression, ratio.iter().sum(), n);
    }

    /// Adds the bets and raises and calls of `n` hands that each had `both` (as [`Seen`]
    /// keeps them) to an aggression factor.
    fn add_ratio(&mut self, stat: OpponentStat, both: u64, n: u32) {
        let (up, calls) = (both as u32, (both >> 32) as u32);
        let c = &mut self.counts[stat as usize];
        c.times += up * n;
        c.chances += calls * n;
        c.hands += (up + calls > 0) as u32 * n;
    }
}

/// The aggression factors of the flop, the turn and the river, counted per act rather than
/// per chance (the whole factor is their sum).
const STREET_RATIOS: [OpponentStat; 3] = [
    OpponentStat::FlopAggression,
    OpponentStat::TurnAggression,
    OpponentStat::RiverAggression,
];

#[cfg(test)]
mod tests;
