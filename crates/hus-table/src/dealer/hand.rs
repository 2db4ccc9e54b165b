//! The hand engine: one heads-up no-limit hand from the blinds to the showdown, in whole
//! chips. Each decision hands the acting bot a [`GameState`](crate::game::GameState) exactly
//! as [`GameState::from_record`](crate::game::GameState::from_record) builds it from a
//! [`GameRecord`] kept from that bot's point of view (it is "Hero"), so a bot plays here
//! exactly as `hus decide` would make it play. The records grow act by act as
//! [`GrowingState`]s, validated for what each act adds.

use rand::Rng;

use super::stats::BotStats;
use super::MatchError;
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::betting::Betting;
use crate::game::{
    Act, Action, ActionRecord, Chips, GameRecord, GrowingState, Intent, Phase, Player, Post, Round,
    Unit,
};
use crate::play::{legal_move, ChaCha8Stream, Deal, Decider, DecisionInfo, DecisionRng, HandEnd};
use crate::strength::{evaluate, HandRank};

/// Blinds and the stack every hand starts with, in chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    pub sb: i64,
    pub bb: i64,
    /// Both players' stack at the start of every hand (reset each hand).
    pub stack: i64,
}

/// How a hand ended, per bot (index 0 = A, 1 = B).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandOutcome {
    /// Chips won (positive) or lost; the two always sum to 0.
    pub net: [i64; 2],
    pub showdown: bool,
    /// At a showdown: the winning bot, `None` for a split pot.
    pub winner: Option<usize>,
    /// Chips each bot put in.
    pub contributed: [i64; 2],
}

/// The records of the two seats and spare rounds, reused from hand to hand so that playing a
/// hand allocates nothing once the first few hands are played.
pub struct HandBuffers {
    records: [GrowingState; 2],
    spare_rounds: Vec<Round>,
    /// The blinds, stakes and `<init>` values the records were last reset for: a hand with
    /// the same ones only deals new cards into them (see [`GrowingState::restart`]).
    reset_for: Option<([i64; 2], Stakes)>,
}

impl Default for HandBuffers {
    fn default() -> Self {
        HandBuffers {
            // The big blind's record is the button's mirror (but for the cards): validated
            // through it, so each act is checked once.
            records: [
                GrowingState::new(vacant_record()),
                GrowingState::mirroring(vacant_record()),
            ],
            // Both records' rounds at once, four each: the spare never grows mid-chunk.
            spare_rounds: Vec::with_capacity(8),
            reset_for: None,
        }
    }
}

impl HandBuffers {
    /// The record of seat `seat` (0 = the button) as the last hand left it.
    pub fn record(&self, seat: usize) -> &GameRecord {
        self.records[seat].record()
    }

    /// The state of seat `seat` (0 = the button) as its last decision left it.
    pub fn state(&self, seat: usize) -> &crate::game::GameState {
        self.records[seat].state()
    }

    /// The state of seat `seat` (0 = the button) at its decision now, validated (see
    /// [`GrowingState::decide`]).
    pub fn decide(
        &mut self,
        seat: usize,
    ) -> Result<
        (&crate::game::GameState, Vec<crate::diag::SourceDiagnostic>),
        crate::game::InvalidGame,
    > {
        let [button, big_blind] = &mut self.records;
        match seat {
            0 => button.decide(),
            _ => big_blind.decide_mirroring(button),
        }
    }

    /// Resets both records to the start of a hand (blinds posted, no round yet), seat `s`
    /// being "Hero" in `records[s]`.
    fn start(&mut self, posted: [i64; 2], setup: &HandSetup) {
        let spare_rounds = &mut self.spare_rounds;
        let same = self.reset_for == Some((posted, setup.stakes))
            && self.records[0].record().extras.as_slice() == setup.init;
        for (s, grown) in self.records.iter_mut().enumerate() {
            if same {
                // Only the cards and the statistics differ from the last hand's start.
                grown.restart(setup.deal.hole[s], spare_rounds);
                set_stats(grown.stats_mut(), setup, s);
            } else {
                grown.edit(|r| reset_record(r, s, posted, setup, spare_rounds));
            }
        }
        self.reset_for = Some((posted, setup.stakes));
    }
}

/// Resets the record of seat `s` to the start of a hand, seat `s` being "Hero"; its rounds go
/// to `spare_rounds`.
fn reset_record(
    r: &mut GameRecord,
    s: usize,
    posted: [i64; 2],
    setup: &HandSetup,
    spare_rounds: &mut Vec<Round>,
) {
    let HandSetup {
        stakes, deal, init, ..
    } = *setup;
    set_stats(&mut r.stats, setup, s);
    let player = |seat: usize| {
        if seat == s {
            Player::Hero
        } else {
            Player::Villain
        }
    };
    r.unit = Unit::WHOLE;
    r.chip = None;
    r.bb = Chips(stakes.bb);
    r.sb = Chips(stakes.sb);
    r.hero_stack = Chips(stakes.stack);
    r.villain_stack = Chips(stakes.stack);
    r.hero_cards = deal.hole[s];
    if r.extras.as_slice() != init {
        r.extras.clear();
        r.extras.extend_from_slice(init);
    }
    r.clear_rounds(spare_rounds);
    r.posts.truncate(2);
    for (seat, blind) in ["SB", "BB"].into_iter().enumerate() {
        let post = Post {
            player: player(seat),
            amount: Chips(posted[seat]),
            blind: String::new(),
            span: None,
        };
        match r.posts.get_mut(seat) {
            Some(p) => {
                p.player = post.player;
                p.amount = post.amount;
                p.span = None;
                if p.blind != blind {
                    p.blind = blind.into();
                }
            }
            None => r.posts.push(Post {
                blind: blind.into(),
                ..post
            }),
        }
    }
}

/// Gives seat `s`'s record its bot's statistics of the opponent (none when not kept).
fn set_stats(stats: &mut Option<Box<crate::game::OpponentStats>>, setup: &HandSetup, s: usize) {
    let bot = if s == 0 {
        setup.button
    } else {
        1 - setup.button
    };
    match (stats, setup.opponents) {
        (Some(s), Some(o)) => **s = o[bot],
        (slot, o) => *slot = o.map(|o| Box::new(o[bot])),
    }
}

/// A record holding nothing (no allocation): a seat's record before its first hand.
fn vacant_record() -> GameRecord {
    GameRecord {
        unit: Unit::WHOLE,
        chip: None,
        bb: Chips::ZERO,
        sb: Chips::ZERO,
        hero_stack: Chips::ZERO,
        villain_stack: Chips::ZERO,
        hero_cards: [Card::new(Rank(0), Suit::ALL[0]); 2],
        extras: Vec::new(),
        posts: Vec::new(),
        rounds: Vec::new(),
        stats: None,
    }
}

/// Called with every decision as it is taken (`--histories`).
pub type OnDecision<'a> = dyn FnMut(&DecisionInfo) -> Result<(), MatchError> + 'a;

/// What one hand is: who has the button, at which stakes, with which cards.
#[derive(Clone, Copy)]
pub struct HandSetup<'a> {
    /// The bot (0 = A, 1 = B) in seat 0, the button; the seat-0 cards of the deal go to it.
    pub button: usize,
    pub stakes: Stakes,
    pub deal: &'a Deal,
    /// The hand's number in the match, from 1 (for histories and errors).
    pub hand: u64,
    /// `<init>` constants of every decision's game state.
    pub init: &'a [(String, f64)],
    /// Each bot's statistics of its opponent (by bot), when the match keeps them.
    pub opponents: Option<[crate::game::OpponentStats; 2]>,
}

/// What a hand writes to as it is played: the decision seeds (drawn in decision order), both
/// bots' statistics, the history callback, and the buffers reused from hand to hand.
pub struct HandRecorders<'a, 'w> {
    pub seeds: &'a mut ChaCha8Stream,
    pub stats: &'a mut [BotStats; 2],
    pub on_decision: Option<&'a mut OnDecision<'w>>,
    pub buffers: &'a mut HandBuffers,
}

/// The player a seat is in the dealer's betting machine: seat 0 (the button) is `Hero`.
fn player_at(seat: usize) -> Player {
    if seat == 0 {
        Player::Hero
    } else {
        Player::Villain
    }
}

/// Plays one hand: each player to act decides (`Decisions::take`) and the act goes to the
/// hand in play ([`HandInPlay`]); then the hand is settled, checked and told to the bots.
pub fn play_hand(
    bots: [&dyn Decider; 2],
    setup: &HandSetup,
    recorders: HandRecorders,
) -> Result<HandOutcome, MatchError> {
    let HandRecorders {
        seeds,
        stats,
        on_decision,
        buffers,
    } = recorders;
    let mut play = HandInPlay::start(setup, buffers)?;
    let mut decisions = Decisions {
        seeds,
        stats,
        on_decision,
    };
    while play.to_act().is_some() {
        let played = decisions.take(bots, setup, buffers, &play)?;
        play.apply(played, buffers, setup.deal)?;
    }
    let out = play.finish(buffers, setup, decisions.stats)?;
    tell_hand_over(bots, setup, &buffers.records, &out, play.acts())?;
    Ok(out)
}

/// A hand played one act at a time: the dealer's betting machine (which sees the hand from
/// the button's seat: Hero is seat 0), the round in play and the acts taken. Both seats'
/// records live in the [`HandBuffers`] every call is given, so acting allocates nothing once
/// the buffers have grown. [`play_hand`] and the steppable [`super::table::Table`] both
/// drive it: one copy of the betting rules.
pub struct HandInPlay {
    betting: Betting,
    phase: Phase,
    /// The dealer's last clean act, for the seats' machines to follow (one slot, written in
    /// place by every act).
    applied: Option<crate::game::betting::Applied>,
    /// Acts taken so far in the hand.
    acts: usize,
    /// The hand's number in the match, from 1.
    hand: u64,
    /// Who acts now (`None` once the hand is over): the betting machine's answer, kept as
    /// every act and round changes it, since each act asks it several times.
    next: Option<Player>,
}

impl HandInPlay {
    /// Posts the blinds of `setup` into fresh records and opens the first round that has a
    /// player to act (none when both are all in from the blinds).
    pub fn start(setup: &HandSetup, buffers: &mut HandBuffers) -> Result<HandInPlay, MatchError> {
        let Stakes { sb, bb, stack } = setup.stakes;
        let posted = [sb.min(stack), bb.min(stack)];
        buffers.start(posted, setup);
        let mut play = HandInPlay {
            betting: Betting::new(
                [Chips(stack); 2],
                posted.map(Chips),
                Chips(bb),
                Player::Hero,
            ),
            phase: Phase::Preflop,
            applied: None,
            acts: 0,
            hand: setup.hand,
            next: None,
        };
        play.next = play.betting.to_act();
        if play.next.is_some() {
            open_round(buffers, Phase::Preflop, setup.deal);
        }
        play.advance(buffers, setup.deal)?;
        Ok(play)
    }

    /// The seat (0 = the button) to act, `None` once the hand is over.
    #[inline]
    pub fn to_act(&self) -> Option<usize> {
        self.next.map(|p| (p == Player::Villain) as usize)
    }

    /// Acts taken so far.
    pub fn acts(&self) -> usize {
        self.acts
    }

    /// `mv` of the player to act made legal, as the dealer makes every move legal (in whole
    /// chips: see [`legal_move`]).
    #[inline]
    pub fn legal(&self, mv: Intent) -> Action {
        let player = self.next.unwrap_or(Player::Hero);
        legal_move(
            mv,
            self.betting.to_call(player).0,
            self.betting.can_raise(player),
            self.betting.min_raise().0,
            self.betting.behind(player).0,
            self.betting.round_in(player).0,
        )
    }

    /// Applies the legal move `played` (see [`HandInPlay::legal`]) of the player to act to
    /// the betting machine and both seats' records, then moves on to the next round with a
    /// player to act, or ends the hand.
    pub fn apply(
        &mut self,
        played: Action,
        buffers: &mut HandBuffers,
        deal: &Deal,
    ) -> Result<(), MatchError> {
        let Some(player) = self.next else {
            return Ok(());
        };
        let (act, amount) = match played {
            Action::Fold => (Act::Fold, Chips::ZERO),
            Action::Check => (Act::Check, Chips::ZERO),
            Action::Call => (Act::Call, self.betting.to_call(player)),
            Action::Raise { by, .. } => (Act::Raise, Chips(by as i64)),
        };
        let (hand, no) = (self.hand, self.acts);
        self.betting
            .apply_noted(player, act, amount, &mut self.applied)
            .map_err(|violation| MatchError::IllegalAct {
                hand,
                decision: no,
                violation,
            })?;
        self.acts += 1;
        self.next = self.betting.to_act();
        let seat = (player == Player::Villain) as usize;
        record_act(
            &mut buffers.records,
            seat,
            act,
            amount,
            self.betting.followed(&self.applied),
        );
        self.advance(buffers, deal)
    }

    /// Once nobody is to act in the round in play: the next round that has a player to act
    /// is opened (once one player is all in and the other has matched, the board is dealt
    /// out without rounds), or the hand is over.
    #[inline]
    fn advance(&mut self, buffers: &mut HandBuffers, deal: &Deal) -> Result<(), MatchError> {
        while self.next.is_none() {
            let next = self
                .phase
                .next()
                .filter(|_| self.betting.folded().is_none());
            let Some(phase) = next else {
                return Ok(());
            };
            self.phase = phase;
            let (hand, no) = (self.hand, self.acts);
            self.betting
                .start_round(phase)
                .map_err(|violation| MatchError::IllegalAct {
                    hand,
                    decision: no,
                    violation,
                })?;
            self.next = self.betting.to_act();
            if self.next.is_some() {
                open_round(buffers, phase, deal);
            }
        }
        Ok(())
    }

    /// The outcome of the finished hand, checked to conserve chips; showdowns are counted in
    /// `stats`.
    pub fn finish(
        &self,
        buffers: &HandBuffers,
        setup: &HandSetup,
        stats: &mut [BotStats; 2],
    ) -> Result<HandOutcome, MatchError> {
        let contrib = [0, 1].map(|seat| self.betting.put_in(player_at(seat)).0);
        let out = settle(&self.betting, contrib, setup.deal, setup.button, stats);
        check_conservation(&out, contrib, buffers.record(0), setup.stakes, setup.hand)?;
        Ok(out)
    }
}

/// The bot (0 = A, 1 = B) in `seat` when `button` is the bot on the button.
fn bot_in(button: usize, seat: usize) -> usize {
    if seat == 0 {
        button
    } else {
        1 - button
    }
}

/// What the decisions of a hand draw on and write to.
struct Decisions<'a, 'w> {
    seeds: &'a mut ChaCha8Stream,
    stats: &'a mut [BotStats; 2],
    on_decision: Option<&'a mut OnDecision<'w>>,
}

impl Decisions<'_, '_> {
    /// The decision of the player to act in `play` (whose seat's record is in `buffers`): its
    /// game state, validated for what was added since the seat's last decision, put to its
    /// bot with the next seed; the move made legal, counted and recorded.
    #[inline]
    fn take(
        &mut self,
        bots: [&dyn Decider; 2],
        setup: &HandSetup,
        buffers: &mut HandBuffers,
        play: &HandInPlay,
    ) -> Result<Action, MatchError> {
        let (hand, no) = (setup.hand, play.acts());
        let seat = play.to_act().unwrap_or(0);
        let state = match buffers.decide(seat) {
            Ok((state, _warnings)) => state,
            Err(e) => {
                return Err(MatchError::InvalidState {
                    hand,
                    decision: no,
                    xml: crate::game::xml::write(buffers.record(seat)),
                    diagnostics: e.diagnostics,
                })
            }
        };
        let seed = self.seeds.next_u64();
        let mut rng = DecisionRng::new(seed);
        let bot = bot_in(setup.button, seat);
        // Read where it lies, field by field: moved out whole, its flags were loaded as one
        // word over the bytes the bot had just stored, a stall on every decision.
        let result = bots[bot].decide(state, &mut rng);
        let decision = match &result {
            Ok(decision) => decision,
            Err(message) => {
                return Err(MatchError::Bot {
                    bot,
                    hand,
                    decision: no,
                    message: message.clone(),
                })
            }
        };
        let played = play.legal(decision.mv);
        let changed = decision.changed_to(played);
        self.stats[bot].record_decision(play.phase, played, decision, changed);
        if let Some(f) = self.on_decision.as_deref_mut() {
            f(&DecisionInfo {
                no,
                bot,
                seat,
                state,
                seed,
                decision: *decision,
                played,
            })?;
        }
        Ok(played)
    }
}

/// Adds the act of the player in `seat` to both seats' records (Hero in its own).
fn record_act(
    records: &mut [GrowingState; 2],
    seat: usize,
    act: Act,
    amount: Chips,
    applied: Option<crate::game::betting::Followed>,
) {
    for (s, r) in records.iter_mut().enumerate() {
        let no = r.record().rounds.last().map_or(0, |r| r.actions.len()) as i64;
        let action = ActionRecord {
            no,
            player: if s == seat {
                Player::Hero
            } else {
                Player::Villain
            },
            act,
            amount,
            span: None,
        };
        // The seats' machines follow the dealer's instead of applying the act again.
        r.push_action(action, applied);
    }
}

/// Tells each bot how the hand ended, from its seat.
fn tell_hand_over(
    bots: [&dyn Decider; 2],
    setup: &HandSetup,
    records: &[GrowingState; 2],
    out: &HandOutcome,
    decisions: usize,
) -> Result<(), MatchError> {
    for (seat, record) in records.iter().enumerate() {
        let bot = bot_in(setup.button, seat);
        let end = HandEnd {
            hand: setup.hand,
            seat,
            record: record.record(),
            deal: setup.deal,
            showdown: out.showdown,
            net: out.net[bot],
        };
        bots[bot]
            .hand_over(&end)
            .map_err(|message| MatchError::Bot {
                bot,
                hand: setup.hand,
                decision: decisions,
                message,
            })?;
    }
    Ok(())
}

/// Adds the round `phase` with its board cards to both seats' records.
fn open_round(buffers: &mut HandBuffers, phase: Phase, deal: &Deal) {
    let HandBuffers {
        records,
        spare_rounds,
        ..
    } = buffers;
    let first_card = match phase {
        Phase::Preflop | Phase::Flop => 0,
        Phase::Turn => 3,
        Phase::River => 4,
    };
    let cards = &deal.board[first_card..phase.board_len()];
    for r in records.iter_mut() {
        r.open_round(phase, cards, spare_rounds);
    }
}

/// Who wins what: the folder loses what they put in; at a showdown only the matched part of
/// the pot is contested (an uncalled excess goes back). Records the showdowns in `stats`.
fn settle(
    betting: &Betting,
    contrib: [i64; 2],
    deal: &Deal,
    button: usize,
    stats: &mut [BotStats; 2],
) -> HandOutcome {
    let bot_of = |seat: usize| if seat == 0 { button } else { 1 - button };
    let mut out = HandOutcome {
        contributed: [
            contrib[(button != 0) as usize],
            contrib[(button == 0) as usize],
        ],
        ..HandOutcome::default()
    };
    let mut net_by_seat = [0i64; 2];
    if let Some(folder) = betting.folded() {
        let f = (folder == Player::Villain) as usize;
        net_by_seat[f] = -contrib[f];
        net_by_seat[1 - f] = contrib[f];
    } else {
        let matched = contrib[0].min(contrib[1]);
        let board: CardSet = deal.board.iter().copied().collect();
        let strength: [HandRank; 2] =
            std::array::from_fn(|s| evaluate(board.union(deal.hole[s].iter().copied().collect())));
        out.showdown = true;
        if strength[0] != strength[1] {
            let w = if strength[0] > strength[1] { 0 } else { 1 };
            net_by_seat[w] = matched;
            net_by_seat[1 - w] = -matched;
            out.winner = Some(bot_of(w));
        }
        for s in 0..2 {
            stats[bot_of(s)].record_showdown(out.winner.map(|w| w == bot_of(s)));
        }
    }
    let seat_of = |bot: usize| (bot != button) as usize;
    out.net = [net_by_seat[seat_of(0)], net_by_seat[seat_of(1)]];
    out
}

/// Every hand conserves chips: the nets sum to zero, nobody loses more than their stack, and
/// what each seat put in equals the blinds plus every amount written in the records.
fn check_conservation(
    out: &HandOutcome,
    contrib_by_seat: [i64; 2],
    record_of_button: &GameRecord,
    stakes: Stakes,
    hand: u64,
) -> Result<(), MatchError> {
    let fail = |what: String| Err(MatchError::Conservation { hand, what });
    if out.net[0] + out.net[1] != 0 {
        return fail(format!("the nets {:?} do not sum to 0", out.net));
    }
    for b in 0..2 {
        if -out.net[b] > out.contributed[b] || out.contributed[b] > stakes.stack {
            return fail(format!("bot {b} lost more than it put in or had"));
        }
    }
    let put = recorded_put(record_of_button);
    for seat in 0..2 {
        if put[seat] != Chips(contrib_by_seat[seat]) {
            return fail(format!(
                "the record shows {} chips put in by seat {seat}, the table {}",
                put[seat].0, contrib_by_seat[seat]
            ));
        }
    }
    Ok(())
}

/// The chips Hero (index 0) and Villain (1) put in, replayed from a record alone.
fn recorded_put(r: &GameRecord) -> [Chips; 2] {
    let idx = |p: Player| (p == Player::Villain) as usize;
    let mut blinds = [Chips::ZERO; 2];
    for p in &r.posts {
        blinds[idx(p.player)] += p.amount;
    }
    let mut put = blinds;
    for round in &r.rounds {
        let mut bet = if round.phase == Phase::Preflop {
            blinds
        } else {
            [Chips::ZERO; 2]
        };
        for a in &round.actions {
            let s = idx(a.player);
            let add = match a.act {
                Act::Raise | Act::Bet => (bet[1 - s] - bet[s]).at_least_zero() + a.amount,
                _ => a.amount,
            };
            bet[s] += add;
            put[s] += add;
        }
    }
    put
}
