//! The hand engine: one heads-up no-limit hand from the blinds to the showdown, in whole
//! chips. Each decision hands the acting bot a [`GameState`] built with
//! [`GameState::from_record`] from a [`GameRecord`] kept from that bot's point of view (it is
//! "Hero"), so a bot plays here exactly as `hus decide` would make it play.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::stats::BotStats;
use super::{Bot, BotDecision, MatchError};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::eval::action::{make_legal, Betting, Intent};
use crate::game::{Act, ActionRecord, GameRecord, GameState, Move, Phase, Player, Post, Round};
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

impl Deal {
    /// Shuffles a fresh deck with the generator and deals two hands and a board.
    pub fn shuffle(rng: &mut impl Rng) -> Deal {
        let mut deck: [Card; 52] =
            std::array::from_fn(|i| Card::new(Rank((i % 13) as u8), Suit::ALL[i / 13]));
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
    records: [GameRecord; 2],
    spare_rounds: Vec<Round>,
}

impl Default for HandBuffers {
    fn default() -> Self {
        HandBuffers {
            records: [vacant_record(), vacant_record()],
            spare_rounds: Vec::new(),
        }
    }
}

impl HandBuffers {
    /// Resets both records to the start of a hand (blinds posted, no round yet), seat `s`
    /// being "Hero" in `records[s]`.
    fn start(&mut self, stakes: Stakes, posted: [i64; 2], deal: &Deal) {
        for (s, r) in self.records.iter_mut().enumerate() {
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
            r.extras.clear();
            for mut round in r.rounds.drain(..) {
                round.cards.clear();
                round.actions.clear();
                round.span = None;
                self.spare_rounds.push(round);
            }
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
    }
}

/// A record holding nothing (no allocation): a seat's place while its record is in a state.
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
    }
}

/// Called with every decision as it is taken (`--histories`).
pub type OnDecision<'a> = dyn FnMut(&DecisionInfo) -> Result<(), MatchError> + 'a;

/// What one hand is: who plays it, at which stakes, with which cards.
#[derive(Clone, Copy)]
pub struct HandSetup<'a> {
    /// Bot A and bot B.
    pub bots: [&'a dyn Bot; 2],
    /// The bot (0 = A, 1 = B) in seat 0, the button; the seat-0 cards of the deal go to it.
    pub button: usize,
    pub stakes: Stakes,
    pub deal: &'a Deal,
    /// The hand's number in the match, from 1 (for histories and errors).
    pub hand: u64,
}

/// What a hand writes to as it is played: the decision seeds (drawn in decision order), both
/// bots' statistics, the history callback, and the buffers reused from hand to hand.
pub struct HandRecorders<'a, 'w> {
    pub seeds: &'a mut ChaCha8Rng,
    pub stats: &'a mut [BotStats; 2],
    pub on_decision: Option<&'a mut OnDecision<'w>>,
    pub buffers: &'a mut HandBuffers,
}

/// Plays one hand.
// Long on purpose (until the betting state machine of issue 10 replaces its chip model): the
// hand's loop of rounds and decisions shares the seats' records and the chips.
pub fn play_hand(setup: &HandSetup, recorders: HandRecorders) -> Result<HandOutcome, MatchError> {
    let HandSetup {
        bots,
        button,
        stakes,
        deal,
        hand,
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
    let mut contrib = posted;
    let mut round_bet = posted;
    buffers.start(stakes, posted, deal);
    let HandBuffers {
        records,
        spare_rounds,
    } = buffers;
    let mut folded: Option<usize> = None;
    let mut decision_no = 0usize;

    for phase in Phase::ALL {
        if phase != Phase::Preflop {
            round_bet = [0, 0];
        }
        let behind = |s: usize, contrib: &[i64; 2]| stack - contrib[s];
        // A player acts while they have chips and something can still change: once one
        // player is all in and the other has matched, the board is simply dealt out.
        let mut needs: [bool; 2] = std::array::from_fn(|s| {
            behind(s, &contrib) > 0
                && (behind(1 - s, &contrib) > 0 || round_bet[s] < round_bet[1 - s])
        });
        if !needs[0] && !needs[1] {
            continue;
        }
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
            round.cards.extend_from_slice(cards);
            r.rounds.push(round);
        }
        let mut last_increment = 0i64;
        let mut seat = if phase == Phase::Preflop { 0 } else { 1 };
        loop {
            if !needs[seat] {
                if needs[1 - seat] {
                    seat = 1 - seat;
                } else {
                    break;
                }
            }
            let other = 1 - seat;
            let my_behind = behind(seat, &contrib);
            let to_call = (round_bet[other] - round_bet[seat]).clamp(0, my_behind);
            let can_raise = my_behind > to_call && behind(other, &contrib) > 0;
            let min_raise = bb.max(last_increment);

            // The record moves into the state and back: validated afresh, never cloned.
            let record = std::mem::replace(&mut records[seat], vacant_record());
            let (state, _warnings) =
                GameState::from_record_or_back(record).map_err(|(e, record)| {
                    MatchError::InvalidState {
                        hand,
                        decision: decision_no,
                        xml: crate::game::xml::write(&record),
                        diagnostics: e.diagnostics,
                    }
                })?;
            let seed = seeds.next_u64();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let bot = bot_of(seat);
            let decision =
                bots[bot]
                    .decide(&state, &mut rng)
                    .map_err(|message| MatchError::Bot {
                        bot,
                        hand,
                        decision: decision_no,
                        message,
                    })?;
            let played = legal_move(decision.mv, to_call, can_raise, min_raise, my_behind);
            let changed = played != decision.mv;
            stats[bot].record_decision(phase, played, &decision, changed);
            if let Some(f) = on_decision.as_deref_mut() {
                f(&DecisionInfo {
                    no: decision_no,
                    bot,
                    seat,
                    state: &state,
                    seed,
                    decision,
                    played,
                })?;
            }
            records[seat] = state.into_record();
            decision_no += 1;

            let (act, amount) = match played {
                Move::Fold => {
                    folded = Some(seat);
                    (Act::Fold, 0)
                }
                Move::Check => {
                    needs[seat] = false;
                    (Act::Check, 0)
                }
                Move::Call => {
                    needs[seat] = false;
                    (Act::Call, to_call)
                }
                Move::Raise(r) => {
                    let r = r as i64;
                    needs[seat] = false;
                    needs[other] = behind(other, &contrib) > 0;
                    last_increment = last_increment.max(r);
                    (Act::Raise, r)
                }
            };
            let put = if act == Act::Raise {
                to_call + amount
            } else {
                amount
            };
            contrib[seat] += put;
            round_bet[seat] += put;
            for (s, r) in records.iter_mut().enumerate() {
                let round = r.rounds.last_mut().expect("a round is open");
                round.actions.push(ActionRecord {
                    no: round.actions.len() as i64,
                    player: if s == seat {
                        Player::Hero
                    } else {
                        Player::Villain
                    },
                    act,
                    amount: amount as f64,
                    span: None,
                });
            }
            if folded.is_some() {
                break;
            }
            seat = other;
        }
        if folded.is_some() {
            break;
        }
    }

    let mut out = HandOutcome {
        contributed: [
            contrib[(button != 0) as usize],
            contrib[(button == 0) as usize],
        ],
        ..HandOutcome::default()
    };
    let mut net_by_seat = [0i64; 2];
    if let Some(f) = folded {
        net_by_seat[f] = -contrib[f];
        net_by_seat[1 - f] = contrib[f];
    } else {
        // Only the matched part of the pot is contested; an uncalled excess goes back.
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
    check_conservation(&out, contrib, &records[0], stakes, hand)?;
    Ok(out)
}

/// Turns any move into a legal one by the rules of spec 6, with the evaluator's own
/// [`make_legal`] (the evaluator already applied it to script bots; this keeps the table sound
/// whatever a [`Bot`] returns). Chips are whole here; a raise that is not a finite number is
/// taken as the smallest raise.
pub fn legal_move(mv: Move, to_call: i64, can_raise: bool, min_raise: i64, behind: i64) -> Move {
    let mv = match mv {
        Move::Raise(r) if !r.is_finite() => Move::Raise(0.0),
        m => m,
    };
    let betting = Betting {
        to_call: to_call as f64,
        min_raise: min_raise as f64,
        hero_stack: behind as f64,
        hero_can_raise: can_raise,
        chip: 1.0,
    };
    make_legal(Intent::from_move(mv), &betting).0
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
