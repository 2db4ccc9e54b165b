//! The hand engine: one heads-up no-limit hand from the blinds to the showdown, in whole
//! chips. Each decision hands the acting bot a [`GameState`] exactly as
//! [`GameState::from_record`] builds it from a [`GameRecord`] kept from that bot's point of
//! view (it is "Hero"), so a bot plays here exactly as `hus decide` would make it play. The
//! records grow act by act as [`GrowingState`]s, validated for what each act adds.

use rand::{Rng, RngExt};

use super::stats::BotStats;
use super::stream::ChaCha8Stream;
use super::{Bot, BotDecision, DecisionRng, MatchError};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::eval::action::{make_legal, Facing, Intent};
use crate::game::betting::Betting;
use crate::game::{
    Act, ActionRecord, GameRecord, GameState, GrowingState, Move, Phase, Player, Post, Round,
};
use crate::strength::{evaluate, HandRank};

/// Blinds and the stack every hand starts with, in chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    pub sb: i64,
    pub bb: i64,
    /// Both players' stack at the start of every hand (reset each hand).
    pub stack: i64,
}

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

/// One decision as it was taken: what `--histories` writes.
pub struct DecisionInfo<'a> {
    /// The decision's number in its hand, from 0.
    pub no: usize,
    /// Which bot decided: 0 = A, 1 = B.
    pub bot: usize,
    /// 0 = the button (small blind), 1 = the big blind.
    pub seat: usize,
    pub state: &'a GameState,
    /// The decision's generator was `ChaCha8Rng::seed_from_u64(seed)` (`hus decide --seed`).
    pub seed: u64,
    pub decision: BotDecision,
    /// The move played (the bot's, made legal by the dealer if it was not).
    pub played: Move,
}

/// A finished hand as one bot's seat saw it ([`Bot::hand_over`]).
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

/// How a hand ended, per bot (index 0 = A, 1 = B).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandOutcome {
    /// Chips won (positive) or lost; the two always sum to 0.
    pub net: [i64; 2],
    pub showdown: bool,
    /// At a showdown: the winning bot, `None` for a split pot.
    pub(crate) winner: Option<usize>,
    /// Chips each bot put in.
    pub(crate) contributed: [i64; 2],
}

/// The records of the two seats and spare rounds, reused from hand to hand so that playing a
/// hand allocates nothing once the first few hands are played.
pub(crate) struct HandBuffers {
    records: [GrowingState; 2],
    spare_rounds: Vec<Round>,
    /// The blinds, stakes and `<init>` values the records were last reset for: a hand with
    /// the same ones only deals new cards into them (see [`GrowingState::restart`]).
    reset_for: Option<([i64; 2], Stakes)>,
}

impl Default for HandBuffers {
    fn default() -> Self {
        HandBuffers {
            records: [
                GrowingState::new(vacant_record()),
                GrowingState::new(vacant_record()),
            ],
            spare_rounds: Vec::new(),
            reset_for: None,
        }
    }
}

impl HandBuffers {
    /// The record of seat `seat` (0 = the button) as the last hand left it.
    pub fn record(&self, seat: usize) -> &GameRecord {
        self.records[seat].record()
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
    r.bb = stakes.bb as f64;
    r.sb = stakes.sb as f64;
    r.hero_stack = stakes.stack as f64;
    r.villain_stack = stakes.stack as f64;
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
            amount: posted[seat] as f64,
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
        bb: 0.0,
        sb: 0.0,
        hero_stack: 0.0,
        villain_stack: 0.0,
        hero_cards: [Card::new(Rank(0), Suit::ALL[0]); 2],
        extras: Vec::new(),
        posts: Vec::new(),
        rounds: Vec::new(),
        stats: None,
    }
}

/// Called with every decision as it is taken (`--histories`).
pub(crate) type OnDecision<'a> = dyn FnMut(&DecisionInfo) -> Result<(), MatchError> + 'a;

/// What one hand is: who plays it, at which stakes, with which cards.
#[derive(Clone, Copy)]
pub(crate) struct HandSetup<'a> {
    /// Bot A and bot B.
    pub bots: [&'a dyn Bot; 2],
    /// The bot (0 = A, 1 = B) in seat 0, the button; the seat-0 cards of the deal go to it.
    pub button: usize,
    pub stakes: Stakes,
    pub deal: &'a Deal,
    /// The hand's number in the match, from 1 (for histories and errors).
    pub hand: u64,
    /// `<init>` constants of every decision's game state.
    pub init: &'a [(String, f64)],
    /// Each bot's statistics of its opponent (by bot), when the match keeps them.
    pub(crate) opponents: Option<[crate::game::OpponentStats; 2]>,
}

/// What a hand writes to as it is played: the decision seeds (drawn in decision order), both
/// bots' statistics, the history callback, and the buffers reused from hand to hand.
pub(crate) struct HandRecorders<'a, 'w> {
    pub seeds: &'a mut ChaCha8Stream,
    pub stats: &'a mut [BotStats; 2],
    pub(crate) on_decision: Option<&'a mut OnDecision<'w>>,
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

/// Plays one hand.
// Long on purpose: one loop over rounds and decisions, sharing the seats' records, the
// betting machine and the recorders; its steps (opening a round, one decision) are helpers.
pub(crate) fn play_hand(
    setup: &HandSetup,
    recorders: HandRecorders,
) -> Result<HandOutcome, MatchError> {
    let HandSetup {
        bots,
        button,
        stakes,
        deal,
        hand,
        ..
    } = *setup;
    let HandRecorders {
        seeds,
        stats,
        mut on_decision,
        buffers,
    } = recorders;
    let bot_of = |seat: usize| if seat == 0 { button } else { 1 - button };
    let Stakes { sb, bb, stack } = stakes;
    let posted = [sb.min(stack), bb.min(stack)];
    buffers.start(posted, setup);
    let HandBuffers {
        records,
        spare_rounds,
        ..
    } = buffers;
    // The machine sees the hand from the button's seat: Hero is seat 0.
    let mut betting = Betting::new(
        [stack as f64; 2],
        posted.map(|p| p as f64),
        bb as f64,
        Player::Hero,
    );
    let mut decision_no = 0usize;
    // The dealer's last clean act, for the seats' machines to follow (one slot, written in
    // place by every act).
    let mut applied = None;

    for phase in Phase::ALL {
        if phase != Phase::Preflop {
            // The previous round is finished here (its loop ran until nobody was to act).
            betting
                .start_round(phase)
                .map_err(|violation| MatchError::IllegalAct {
                    hand,
                    decision: decision_no,
                    violation,
                })?;
        }
        // Once one player is all in and the other has matched, the board is dealt out.
        if betting.to_act().is_none() {
            continue;
        }
        open_round(records, spare_rounds, phase, deal);
        while let Some(player) = betting.to_act() {
            let seat = (player == Player::Villain) as usize;
            let to_call = betting.to_call(player);
            let can_raise = betting.can_raise(player);
            let min_raise = betting.min_raise();
            let behind = betting.behind(player);

            // Validated for what was added since this seat's last decision.
            let state = match records[seat].decide() {
                Ok((state, _warnings)) => state,
                Err(e) => {
                    return Err(MatchError::InvalidState {
                        hand,
                        decision: decision_no,
                        xml: crate::game::xml::write(records[seat].record()),
                        diagnostics: e.diagnostics,
                    })
                }
            };
            let seed = seeds.next_u64();
            let mut rng = DecisionRng::new(seed);
            let bot = bot_of(seat);
            let decision =
                bots[bot]
                    .decide(state, &mut rng)
                    .map_err(|message| MatchError::Bot {
                        bot,
                        hand,
                        decision: decision_no,
                        message,
                    })?;
            let played = legal_move(
                decision.mv,
                to_call as i64,
                can_raise,
                min_raise as i64,
                behind as i64,
            );
            let changed = played != decision.mv;
            stats[bot].record_decision(phase, played, &decision, changed);
            if let Some(f) = on_decision.as_deref_mut() {
                f(&DecisionInfo {
                    no: decision_no,
                    bot,
                    seat,
                    state,
                    seed,
                    decision,
                    played,
                })?;
            }

            let (act, amount) = match played {
                Move::Fold => (Act::Fold, 0.0),
                Move::Check => (Act::Check, 0.0),
                Move::Call => (Act::Call, to_call),
                Move::Raise(r) => (Act::Raise, (r as i64) as f64),
            };
            betting
                .apply_noted(player, act, amount, &mut applied)
                .map_err(|violation| MatchError::IllegalAct {
                    hand,
                    decision: decision_no,
                    violation,
                })?;
            decision_no += 1;
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
                r.push_action(action, applied.as_ref());
            }
        }
        if betting.folded().is_some() {
            break;
        }
    }

    let contrib = [0, 1].map(|seat| betting.put_in(player_at(seat)) as i64);
    let out = settle(&betting, contrib, deal, button, stats);
    check_conservation(&out, contrib, records[0].record(), stakes, hand)?;
    for (seat, record) in records.iter().enumerate() {
        let bot = bot_of(seat);
        let end = HandEnd {
            hand,
            seat,
            record: record.record(),
            deal,
            showdown: out.showdown,
            net: out.net[bot],
        };
        bots[bot]
            .hand_over(&end)
            .map_err(|message| MatchError::Bot {
                bot,
                hand,
                decision: decision_no,
                message,
            })?;
    }
    Ok(out)
}

/// Adds the round `phase` with its board cards to both seats' records.
fn open_round(
    records: &mut [GrowingState; 2],
    spare_rounds: &mut Vec<Round>,
    phase: Phase,
    deal: &Deal,
) {
    let first_card = match phase {
        Phase::Preflop | Phase::Flop => 0,
        Phase::Turn => 3,
        Phase::River => 4,
    };
    let cards = &deal.board[first_card..phase.board_len()];
    for r in records.iter_mut() {
        let mut round = spare_rounds.pop().unwrap_or_else(|| Round {
            phase,
            cards: Vec::with_capacity(3),
            actions: Vec::with_capacity(8),
            span: None,
        });
        round.phase = phase;
        // Pushed one by one: at most three cards, where `extend_from_slice` calls `memcpy`.
        for &c in cards {
            round.cards.push(c);
        }
        r.push_round(round);
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

/// Turns any move into a legal one by the rules of reference §5, with the evaluator's own
/// [`make_legal`] (the evaluator already applied it to script bots; this keeps the table sound
/// whatever a [`Bot`] returns). Chips are whole here; a raise that is not a finite number is
/// taken as the smallest raise.
pub(crate) fn legal_move(
    mv: Move,
    to_call: i64,
    can_raise: bool,
    min_raise: i64,
    behind: i64,
) -> Move {
    let mv = match mv {
        Move::Raise(r) if !r.is_finite() => Move::Raise(0.0),
        m => m,
    };
    let facing = Facing {
        to_call: to_call as f64,
        min_raise: min_raise as f64,
        hero_stack: behind as f64,
        hero_can_raise: can_raise,
        chip: 1.0,
    };
    make_legal(Intent::from_move(mv), &facing).0
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
        if put[seat] != contrib_by_seat[seat] as f64 {
            return fail(format!(
                "the record shows {} chips put in by seat {seat}, the table {}",
                put[seat], contrib_by_seat[seat]
            ));
        }
    }
    Ok(())
}

/// The chips Hero (index 0) and Villain (1) put in, replayed from a record alone.
fn recorded_put(r: &GameRecord) -> [f64; 2] {
    let idx = |p: Player| (p == Player::Villain) as usize;
    let mut blinds = [0.0f64; 2];
    for p in &r.posts {
        blinds[idx(p.player)] += p.amount;
    }
    let mut put = blinds;
    for round in &r.rounds {
        let mut bet = if round.phase == Phase::Preflop {
            blinds
        } else {
            [0.0; 2]
        };
        for a in &round.actions {
            let s = idx(a.player);
            let add = match a.act {
                Act::Raise | Act::Bet => (bet[1 - s] - bet[s]).max(0.0) + a.amount,
                _ => a.amount,
            };
            bet[s] += add;
            put[s] += add;
        }
    }
    put
}
