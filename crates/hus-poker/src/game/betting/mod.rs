//! The heads-up no-limit betting of a game state (reference §6): the record is checked
//! (`records`), its acts are replayed through the betting state machine ([`Betting`]), what
//! the machine rejects or tolerates becomes diagnostics (`report`), and every constant of
//! reference §7 is derived ([`Derived`]).

mod incremental;
mod machine;
mod predicates;
mod records;
mod report;
#[cfg(test)]
pub mod tests;

pub use incremental::Incremental;
pub use machine::{Applied, Betting, Followed, Over, Tolerated, Violation};

use super::xml::SourceSpans;
use super::{Act, Action, ActionRecord, Chips, Constant, GameRecord, InvalidGame, Phase, Player};
use super::{Round, Stat, Unit};
use crate::cards::hole::HoleClass;
use crate::cards::CardSet;
use crate::diag::{Code, SourceDiagnostic, Span};
use machine::pi;

/// One player's actions in one betting round (the history constants of reference §7).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RoundStats {
    /// The sum of raise and bet increments, as written.
    pub raise: Chips,
    /// The last raise or bet increment (0 when none).
    pub last_raise: Chips,
    /// Raises and bets.
    pub raise_times: u32,
    pub call_times: u32,
    pub check_times: u32,
    /// The player's total in the round after their last raise or bet (0 when none).
    pub last_raise_to: Chips,
    /// The last raise or bet increment as a fraction of the pot it went into: the pot
    /// before the act plus the part of it that called (0 when none).
    pub last_raise_pot: f64,
}

impl RoundStats {
    /// The statistic as a script reads it, amounts in chips of `unit`.
    pub fn get(&self, stat: Stat, unit: Unit) -> f64 {
        match stat {
            Stat::Raise => unit.to_f64(self.raise),
            Stat::LastRaise => unit.to_f64(self.last_raise),
            Stat::RaiseTimes => self.raise_times as f64,
            Stat::CallTimes => self.call_times as f64,
            Stat::CheckTimes => self.check_times as f64,
            Stat::LastRaiseTo => unit.to_f64(self.last_raise_to),
            Stat::LastRaisePot => self.last_raise_pot,
        }
    }
}

/// What the betting model derives from a record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Derived {
    pub board: CardSet,
    /// The unit the amounts count (the record's).
    pub unit: Unit,
    pub pot: Chips,
    /// Chips each player put in this hand (the blinds included).
    pub hero_in: Chips,
    pub villain_in: Chips,
    /// Chips behind now.
    pub hero_stack: Chips,
    pub villain_stack: Chips,
    pub to_call: Chips,
    /// The smallest legal raise increment now: the larger of the big blind and the last
    /// bet or raise increment in this round.
    pub min_raise: Chips,
    /// False when the villain is all in or `heroStack <= toCall`.
    pub hero_can_raise: bool,
    /// The villain checked, called, bet or raised in the current round (blinds do not count).
    pub villain_acted_this_round: bool,
    /// The size raises are rounded to, in units: `<chip>`, or one unit.
    pub chip: Chips,
    /// The current round: the last round present (preflop when there is none).
    pub phase: Phase,
    /// The hero posted the small blind: acts first before the flop, last after it.
    pub hero_is_button: bool,
    /// Per player (`[hero, villain]`) and round (`Phase as usize`).
    pub stats: [[RoundStats; 4]; 2],
    /// Chips each player put in during the current round (the blinds in the preflop).
    pub hero_round: Chips,
    pub villain_round: Chips,
    /// Who made the last bet or raise of the hand (the blinds do not count).
    pub last_aggressor: Option<Player>,
    /// The chips the villain's last act of this round added, when it was a bet or raise
    /// (0 otherwise): `pot - villainBetAdded` is the pot before that bet.
    pub villain_bet_added: Chips,
}

impl Derived {
    /// A player's actions in a round (zeros for a round not reached).
    pub fn round_stats(&self, player: Player, phase: Phase) -> RoundStats {
        self.stats[pi(player)][phase as usize]
    }

    /// The hero's raise by `by` chips above the call, with the total the hero's chips in this
    /// round come to (`to`).
    pub fn raise_by(&self, by: f64) -> Action {
        Action::raise_after(self.unit, self.hero_round + self.to_call, by)
    }

    /// The smallest total the hero's chips in this round may be raised to: the call plus the
    /// minimum raise, or all in when that is less. `None` when the hero cannot raise.
    pub fn min_raise_to(&self) -> Option<Chips> {
        self.raise_to().map(|(min, _)| min)
    }

    /// The largest total the hero may raise to: all in. `None` when the hero cannot raise.
    pub fn max_raise_to(&self) -> Option<Chips> {
        self.raise_to().map(|(_, max)| max)
    }

    fn raise_to(&self) -> Option<(Chips, Chips)> {
        let (round, behind) = (self.hero_round, self.hero_stack);
        raise_to_bounds(
            round,
            behind,
            self.to_call,
            self.min_raise,
            self.hero_can_raise,
        )
    }

    /// The acts the hero may take now, in this order: fold and call when a bet is owed, else
    /// check; then raise when the hero can (a fold with nothing owed is not offered: the
    /// evaluator plays it as a check).
    pub fn legal_acts(&self) -> &'static [&'static str] {
        legal_acts(self.to_call > Chips::ZERO, self.hero_can_raise)
    }

    /// Bets and raises before the flop, both players (the blinds do not count): the pot's
    /// kind (limped, single-raised, 3-bet, 4-bet or more).
    pub fn preflop_raises(&self) -> u32 {
        self.round_stats(Player::Hero, Phase::Preflop).raise_times
            + self
                .round_stats(Player::Villain, Phase::Preflop)
                .raise_times
    }

    /// An amount of this state as a number of chips (a script's number).
    #[inline]
    pub fn chips(&self, c: Chips) -> f64 {
        self.unit.to_f64(c)
    }

    pub fn effective_stack(&self) -> Chips {
        self.hero_stack.min(self.villain_stack)
    }

    /// The pot the hero can win by calling now: what the hero put in, and what the villain
    /// put in up to what the hero can match (the rest of a bet that covers the hero goes back
    /// to the villain). Reference §7, `potOdds`.
    pub fn winnable_pot(&self) -> Chips {
        let matched = self.villain_in.min(self.hero_in + self.hero_stack);
        self.hero_in + matched
    }

    /// `toCall / (winnablePot + toCall)`: the share of the final pot the hero pays to call,
    /// the equity a call needs; 0 when nothing is owed.
    pub fn pot_odds(&self) -> f64 {
        if self.to_call > Chips::ZERO {
            self.to_call.0 as f64 / (self.winnable_pot() + self.to_call).0 as f64
        } else {
            0.0
        }
    }

    /// The value of a constant (reference §7). `None` for `random` and the hand-strength family
    /// (the evaluator computes those) and for an `<init>` name the record lacks.
    pub fn constant(&self, record: &GameRecord, c: &Constant) -> Option<f64> {
        Some(match c {
            Constant::Bb => self.chips(record.bb),
            Constant::Sb => self.chips(record.sb),
            Constant::Pot => self.chips(self.pot),
            Constant::HeroStack | Constant::AllIn => self.chips(self.hero_stack),
            Constant::VillainStack => self.chips(self.villain_stack),
            Constant::EffectiveStack => self.chips(self.effective_stack()),
            Constant::StartingEffectiveStackBb => {
                record.hero_stack.min(record.villain_stack).0 as f64 / record.bb.0 as f64
            }
            Constant::ToCall => self.chips(self.to_call),
            Constant::PotOdds => self.pot_odds(),
            Constant::PotAfterCall => self.chips(self.pot + self.to_call),
            Constant::PotBeforeBet => self.chips(self.pot - self.villain_bet_added),
            Constant::Spr => {
                if self.pot > Chips::ZERO {
                    self.effective_stack().0 as f64 / self.pot.0 as f64
                } else {
                    0.0
                }
            }
            Constant::BoardHigh => {
                let ranks = self.board.rank_mask();
                if ranks == 0 {
                    0.0
                } else {
                    (15 - ranks.leading_zeros()) as f64 + 2.0
                }
            }
            Constant::RaisesThisRound => {
                let h = self.round_stats(Player::Hero, self.phase).raise_times;
                let v = self.round_stats(Player::Villain, self.phase).raise_times;
                (h + v) as f64
            }
            Constant::HandRank169 => {
                let [a, b] = record.hero_cards;
                HoleClass::of(a, b).handrank169() as f64
            }
            Constant::HandRank2652 => {
                let [a, b] = record.hero_cards;
                HoleClass::of(a, b).handrank2652() as f64
            }
            Constant::Random
            | Constant::HandStrength
            | Constant::Equity
            | Constant::Ppot
            | Constant::Npot
            | Constant::Ehs => return None,
            Constant::History {
                player,
                phase,
                stat,
            } => {
                let ph = phase.unwrap_or(self.phase);
                if ph > self.phase {
                    0.0
                } else {
                    self.round_stats(*player, ph).get(*stat, self.unit)
                }
            }
            Constant::Init(name) => return init_value(record, name),
            // Without `<stats>` unknown: NaN, so a comparison with it does not hold.
            Constant::VillainHands => record.stats.as_ref().map_or(f64::NAN, |s| s.hands as f64),
            Constant::Opponent(stat) => record.stats.as_ref().map_or(f64::NAN, |s| s.value(*stat)),
            Constant::OpponentHands(stat) => record
                .stats
                .as_ref()
                .map_or(f64::NAN, |s| s.count(*stat).hands as f64),
        })
    }
}

/// The acts a player may take: fold and call when chips are owed (`owes`: the call adds
/// some), else check; then raise when the player can. A fold with nothing owed is not
/// offered: the evaluator plays it as a check.
pub fn legal_acts(owes: bool, can_raise: bool) -> &'static [&'static str] {
    match (owes, can_raise) {
        (true, true) => &["fold", "call", "raise"],
        (true, false) => &["fold", "call"],
        (false, true) => &["check", "raise"],
        (false, false) => &["check"],
    }
}

/// The smallest and largest totals a player's chips in the round may be raised to: the
/// call plus the minimum raise (all in when that is less), and all in. `round` is what the
/// player put in this round, `behind` the chips left; `None` when the player cannot raise.
pub fn raise_to_bounds(
    round: Chips,
    behind: Chips,
    to_call: Chips,
    min_raise: Chips,
    can_raise: bool,
) -> Option<(Chips, Chips)> {
    let all_in = round + behind;
    can_raise.then(|| ((round + to_call + min_raise).min(all_in), all_in))
}

/// A child of `<init>` by name, case-insensitively.
fn init_value(record: &GameRecord, name: &str) -> Option<f64> {
    if name.eq_ignore_ascii_case("chip") {
        return record.chip.map(|c| record.chips(c));
    }
    record
        .extras
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| *v)
}

/// Replays and validates a record; returns the derived state and the warnings.
pub fn derive(record: &GameRecord) -> Result<(Derived, Vec<SourceDiagnostic>), InvalidGame> {
    derive_spanned(record, &SourceSpans::default())
}
/// [`derive()`] for a record read from XML: messages point into the file.
pub fn derive_spanned(
    r: &GameRecord,
    spans: &SourceSpans,
) -> Result<(Derived, Vec<SourceDiagnostic>), InvalidGame> {
    let (board, mut replay) = start_replay(r, spans)?;
    let finished = r.rounds.iter().all(|round| replay.round(round));
    if finished && replay.errors.is_empty() {
        replay.decision();
    }
    let Replay {
        tally,
        errors,
        warnings,
        ..
    } = replay;
    if !errors.is_empty() {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    }
    Ok((tally.derived(board, r), warnings))
}

/// The checks before any betting (`<init>`, the cards, the posts), and a replay ready for
/// the rounds with the errors found so far; `Err` when the betting cannot even start.
fn start_replay<'r>(
    r: &'r GameRecord,
    spans: &'r SourceSpans,
) -> Result<(CardSet, Replay<'r>), InvalidGame> {
    let mut errors = Vec::new();
    records::check_init(r, spans, &mut errors);
    if !errors.is_empty() {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    }
    let board = records::check_cards(r, spans, &mut errors);
    let Some(button) = records::check_posts(r, spans, &mut errors) else {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    };
    let mut posted = [Chips::ZERO; 2];
    for p in &r.posts {
        posted[pi(p.player)] = p.amount;
    }
    let stacks = [r.hero_stack, r.villain_stack];
    let replay = Replay {
        tally: Tally {
            betting: Betting::new(stacks, posted, r.bb, button),
            stats: [[RoundStats::default(); 4]; 2],
            last_aggressor: None,
            bet_added: [Chips::ZERO; 2],
        },
        unit: r.unit,
        errors_before_round: errors.len(),
        errors,
        warnings: Vec::new(),
        fold: None,
        previous: None,
        round_span: spans.posts.as_ref(),
        phase: None,
    };
    Ok((board, replay))
}

/// Every round statistic of both players, as the bits of [`Tally::derive_into`].
const ALL_ROUND_STATS: u8 = 0xff;

/// The bit of a player's round statistics in a round, for [`Tally::derive_into`].
fn round_stats_bit(player: Player, phase: Phase) -> u8 {
    1 << (4 * pi(player) + phase as usize)
}

/// The betting so far and the history it gives (the constants of reference §7): what a
/// replay keeps besides its diagnostics, whole records ([`derive`]) or a step at a time
/// ([`Incremental`]) alike.
#[derive(Clone, Copy, Debug)]
struct Tally {
    betting: Betting,
    stats: [[RoundStats; 4]; 2],
    last_aggressor: Option<Player>,
    /// The chips each player's last act of this round added, when it was a bet or raise
    /// (0 otherwise), by player: the villain's is `villainBetAdded`.
    bet_added: [Chips; 2],
}

impl Tally {
    /// Counts an act the machine has just applied: `pot_before` is the pot and
    /// `round_before` the player's chips in the round from before it.
    fn count(&mut self, a: &ActionRecord, pot_before: Chips, round_before: Chips) {
        let round_after = self.betting.round_in(a.player);
        let added = round_after - round_before;
        let raised = matches!(a.act, Act::Raise | Act::Bet);
        let stats = &mut self.stats[pi(a.player)][self.betting.phase() as usize];
        match a.act {
            Act::Check => stats.check_times += 1,
            Act::Call => stats.call_times += 1,
            Act::Raise | Act::Bet => {
                let into = pot_before + (added - a.amount).at_least_zero();
                stats.raise += a.amount;
                stats.last_raise = a.amount;
                stats.raise_times += 1;
                stats.last_raise_to = round_after;
                stats.last_raise_pot = if into > Chips::ZERO {
                    a.amount.0 as f64 / into.0 as f64
                } else {
                    0.0
                };
                self.last_aggressor = Some(a.player);
            }
            Act::Fold => {}
        }
        self.bet_added[pi(a.player)] = if raised { added } else { Chips::ZERO };
    }

    /// The constants at the hero's decision now.
    fn derived(&self, board: CardSet, r: &GameRecord) -> Derived {
        let mut d = Derived::default();
        let (unit, chip) = (r.unit, r.chip.unwrap_or(Chips(1)));
        self.derive_into(board, (unit, chip), &mut d, ALL_ROUND_STATS, Player::Hero);
        d
    }

    /// [`Self::derived`] written over `d` field by field: a decision's state is large, and
    /// building it aside to move it in costs a copy. `hero` is the player of this tally who
    /// decides (the villain: the decision of the other seat, whose record is this one's
    /// mirror). Of the round statistics only those marked in `stats` (bit `4 * player +
    /// phase`, players as this tally has them) are written: `d` already holds the others.
    #[inline(always)]
    fn derive_into(
        &self,
        board: CardSet,
        (unit, chip): (Unit, Chips),
        d: &mut Derived,
        stats: u8,
        hero: Player,
    ) {
        let (h, v) = (hero, hero.other());
        let b = &self.betting;
        d.board = board;
        d.unit = unit;
        d.pot = b.pot();
        d.hero_in = b.put_in(h);
        d.villain_in = b.put_in(v);
        d.hero_stack = b.behind(h);
        d.villain_stack = b.behind(v);
        d.to_call = b.to_call(h);
        d.min_raise = b.min_raise();
        d.hero_can_raise = b.can_raise(h);
        d.villain_acted_this_round = b.has_acted(v);
        d.chip = chip;
        d.phase = b.phase();
        d.hero_is_button = b.button() == h;
        if stats == ALL_ROUND_STATS {
            d.stats = [self.stats[pi(h)], self.stats[pi(v)]];
        } else {
            let mut bits = stats;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // Bit `i` is this tally's player `i / 4`: the seat's own is its hero.
                d.stats[(i / 4) ^ pi(h)][i % 4] = self.stats[i / 4][i % 4];
            }
        }
        d.hero_round = b.round_in(h);
        d.villain_round = b.round_in(v);
        d.last_aggressor = self.last_aggressor.map(|p| {
            if p == h {
                Player::Hero
            } else {
                Player::Villain
            }
        });
        d.villain_bet_added = self.bet_added[pi(v)];
    }
}

/// A record's acts replayed through the machine, with what it found so far.
struct Replay<'r> {
    tally: Tally,
    /// The record's unit, for the amounts of messages.
    unit: Unit,
    errors: Vec<SourceDiagnostic>,
    warnings: Vec<SourceDiagnostic>,
    /// Errors before this round: an unfinished round after an error in it is noise.
    errors_before_round: usize,
    /// The fold that ended the hand.
    fold: Option<&'r ActionRecord>,
    /// The last act replayed in this round.
    previous: Option<&'r ActionRecord>,
    /// The current round's element (the posts before any round).
    round_span: Option<&'r Span>,
    /// The last round replayed.
    phase: Option<Phase>,
}

impl<'r> Replay<'r> {
    /// Replays one round; false when nothing after it can be checked.
    fn round(&mut self, round: &'r Round) -> bool {
        let prev_round_clean = self.errors.len() == self.errors_before_round;
        let order_error = records::round_order(self.phase, round.phase);
        let order_ok = order_error.is_none();
        if let Some(m) = order_error {
            self.errors.push(
                report::at(
                    SourceDiagnostic::error(Code::RoundOrder, m),
                    round.span.as_ref(),
                )
                .with_label("out of order"),
            );
        }
        // The blinds are posted in the preflop: only a later (or repeated) round opens anew.
        if self.phase.is_some() || round.phase != Phase::Preflop {
            if let Err(v) = self.tally.betting.start_round(round.phase) {
                let report = v.ends_replay() || (order_ok && prev_round_clean);
                if report {
                    let stopped_at = self
                        .previous
                        .and_then(|a| a.span.clone())
                        .or_else(|| self.round_span.cloned());
                    self.errors.push(report::round_violation(
                        self.unit,
                        &v,
                        round.phase,
                        round.span.as_ref(),
                        self.phase.unwrap_or(Phase::Preflop),
                        stopped_at,
                        self.fold,
                    ));
                }
                if v.ends_replay() {
                    return false;
                }
            }
        }
        self.phase = Some(round.phase);
        self.tally.bet_added = [Chips::ZERO; 2];
        self.errors_before_round = self.errors.len();
        self.round_span = round.span.as_ref();
        self.previous = None;

        // Actions in `no` order (as read); a record built in code may need sorting.
        let acts = &round.actions;
        if acts.windows(2).all(|w| w[0].no <= w[1].no) {
            acts.iter().all(|a| self.act(a))
        } else {
            let mut sorted: Vec<&ActionRecord> = acts.iter().collect();
            sorted.sort_by_key(|a| a.no);
            sorted.into_iter().all(|a| self.act(a))
        }
    }

    /// Replays one act; false when nothing after it can be checked.
    fn act(&mut self, a: &'r ActionRecord) -> bool {
        if let Some(prev) = self.previous.filter(|prev| prev.no == a.no) {
            self.errors
                .push(duplicate_no(a, prev, self.tally.betting.phase()));
        }
        let betting = &mut self.tally.betting;
        let pot_before = betting.pot();
        let round_before = betting.round_in(a.player);
        let mut violations = Vec::new();
        let tolerated =
            betting.apply_reporting(a.player, a.act, a.amount, &mut |v| violations.push(v));
        let mut ends = false;
        for v in &violations {
            self.errors.push(report::act_violation(
                self.unit,
                v,
                a,
                self.previous,
                self.fold,
            ));
            ends |= v.ends_replay();
        }
        if ends {
            return false;
        }
        if let Some(t) = tolerated {
            self.warnings.push(report::tolerated_act(self.unit, &t, a));
        }
        if self.fold.is_none() && self.tally.betting.folded().is_some() {
            self.fold = Some(a);
        }
        self.tally.count(a, pot_before, round_before);
        self.previous = Some(a);
        true
    }

    /// Whether the hero can decide now, after the last act.
    fn decision(&mut self) {
        let here = self
            .previous
            .and_then(|a| a.span.as_ref())
            .or(self.round_span);
        match self.tally.betting.can_decide(Player::Hero) {
            Ok(None) => {}
            Ok(Some(t)) => self
                .warnings
                .push(report::tolerated_decision(&t, self.round_span)),
            Err(v) => self
                .errors
                .push(report::decision_violation(&v, here, self.fold)),
        }
    }
}

/// Two acts of a round with the same `no`.
fn duplicate_no(a: &ActionRecord, first: &ActionRecord, phase: Phase) -> SourceDiagnostic {
    let d = report::at(
        SourceDiagnostic::error(
            Code::DuplicateNo,
            format!("two actions with no={} in <{}>", a.no, phase.xml_tag()),
        ),
        a.span.as_ref(),
    )
    .with_label("the same `no` as an earlier action")
    .with_help("`no` orders the actions of a round: 0, 1, 2, ...");
    match &first.span {
        Some(s) => d.with_related(s.clone(), "first used here"),
        None => d,
    }
}
