//! One seat of a dealer's match (`hus acpc`): every `MATCHSTATE` line the dealer sends is
//! checked against the one before it, turned into the game state `hus decide` reads when it
//! is the seat's turn, and answered; finished hands are settled and counted like `hus match`
//! counts them.

use std::time::{Duration, Instant};

use super::{
    answer, err, parse, progress, to_record, AcpcAction, MatchState, NoLimitGame, Progress,
    ProtocolError,
};
use crate::dealer::{BotStats, ResultSums};
use crate::diag::SourceDiagnostic;
use crate::game::{Action, Ending, GameState, OpponentStats, Phase};
use crate::play::{
    seed_of_decision, BotDecision, Decider, DecisionInfo, DecisionRng, Histories, ScriptBot,
};

/// Why a seat stopped playing.
#[derive(Debug)]
pub enum SeatError {
    /// The dealer sent something that does not parse, or contradicts what it sent before;
    /// `line` is the offending line (as received, clipped).
    Protocol { line: String, message: String },
    /// A state the game model rejects: a translation bug, reported in full.
    InvalidState {
        line: String,
        xml: String,
        diagnostics: Vec<SourceDiagnostic>,
    },
    /// The bot could not decide (an external program failed, ...).
    Bot { hand: u64, message: String },
    /// The dealer closed the connection in the middle of `hand`, or before any hand (`None`):
    /// the match was cut off, not finished (a connection failure, like a refused one, rather
    /// than a bad line).
    Dropped { hand: Option<u64> },
    /// Writing histories failed.
    Io(String),
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatError::Protocol { line, message } => {
                write!(f, "the dealer sent `{line}`: {message}")
            }
            SeatError::InvalidState {
                line,
                xml,
                diagnostics,
            } => {
                write!(f, "internal error: `{line}` became an invalid game state:")?;
                for d in diagnostics {
                    write!(f, "\n  {}: {}", d.severity, d.message)?;
                }
                write!(f, "\n{xml}")
            }
            SeatError::Bot { hand, message } => {
                write!(f, "the bot failed in hand {hand}: {message}")
            }
            SeatError::Dropped { hand: Some(hand) } => write!(
                f,
                "the dealer closed the connection in the middle of hand {hand}: the match was cut off"
            ),
            SeatError::Dropped { hand: None } => f.write_str(
                "the dealer closed the connection before the first hand: no match was played",
            ),
            SeatError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SeatError {}

/// What a seat counted over the hands it finished.
#[derive(Clone, Debug, Default)]
pub struct SeatSummary {
    pub hands: u64,
    /// Chips won (negative: lost), summed over the hands.
    pub net_chips: i64,
    /// One unit per hand.
    pub tally: ResultSums,
    pub stats: BotStats,
}

/// How a seat plays: the game, the seed of its decisions, the time it may take, where it
/// writes histories.
pub struct SeatConfig {
    pub game: NoLimitGame,
    /// A decision after `k` acts of the dealer's hand `h` (by either player) uses the
    /// `k`-th number of [`decision_seeds`](crate::play::decision_seeds)`(seed, h)`, as the decision `hus match` takes at
    /// that point of its hand `h` (counted from 0) does: the same seed makes the same
    /// random choices at either table.
    pub seed: u64,
    /// The time all external programs of one decision may take together.
    pub external_budget: Duration,
    pub histories: Option<Histories>,
}

/// The hand being played: its last state and where its betting stands.
struct Current {
    state: MatchState,
    /// The acts this seat sent in the hand, in order.
    sent: Vec<AcpcAction>,
    decisions: usize,
    over: bool,
}

/// A seat at the dealer's table.
pub struct Seat {
    bot: ScriptBot,
    config: SeatConfig,
    current: Option<Current>,
    /// What the bot has seen of its opponent over the finished hands.
    opponent: OpponentStats,
    summary: SeatSummary,
    index: Vec<String>,
}

impl Seat {
    pub fn new(bot: ScriptBot, config: SeatConfig) -> Seat {
        Seat {
            bot,
            config,
            current: None,
            opponent: OpponentStats::default(),
            summary: SeatSummary::default(),
            index: Vec::new(),
        }
    }

    /// Reads one line from the dealer (without its line end) and returns the reply to send,
    /// if it is this seat's turn. Comments (`#`, `;`) and empty lines are ignored.
    pub fn on_line(&mut self, line: &str) -> Result<Option<String>, SeatError> {
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            return Ok(None);
        }
        let protocol = |e: ProtocolError| SeatError::Protocol {
            line: super::clip(line),
            message: e.0,
        };
        let state = parse(line).map_err(protocol)?;
        self.follow(&state).map_err(protocol)?;
        let progress = progress(&state, &self.config.game).map_err(protocol)?;
        let button = self.button_position();
        let Some(current) = self.current.as_mut() else {
            return Ok(None);
        };
        own_acts(&state, &self.config.game, &current.sent).map_err(protocol)?;
        current.state = state;
        if progress.to_act.is_none() {
            current.over = true;
            let state = current.state.clone();
            return self
                .settle(&state, &progress)
                .map(|_| None)
                .map_err(protocol);
        }
        if progress.to_act != Some(current.state.position) {
            return Ok(None);
        }
        let seed = seed_after(self.config.seed, current.state.hand, &current.state);
        let mut rng = DecisionRng::new(seed);
        self.bot.options.external.deadline = Some(Instant::now() + self.config.external_budget);
        let hand = current.state.hand;
        let position = current.state.position;
        let stats = self.bot.reads_stats().then_some(&self.opponent);
        let Turn {
            state,
            decision,
            act,
            played,
        } = take_turn(
            &self.bot,
            &current.state,
            &progress,
            &self.config.game,
            stats,
            &mut rng,
            line,
        )?;
        let changed = decision.changed_to(played);
        let phase = Phase::ALL[progress.round];
        self.summary
            .stats
            .record_decision(phase, played, &decision, changed);
        if let Some(h) = &self.config.histories {
            let info = DecisionInfo {
                no: current.decisions,
                bot: 0,
                seat: (position != button) as usize,
                state: &state,
                seed,
                decision,
                played,
            };
            self.index
                .push(h.write_decision(hand, &info).map_err(SeatError::Io)?);
        }
        current.decisions += 1;
        current.sent.push(act);
        Ok(Some(format!("{line}:{act}")))
    }

    /// The position of the button (the small blind).
    fn button_position(&self) -> usize {
        let b = self.config.game.blinds;
        (b[1] < b[0]) as usize
    }

    /// Checks that `state` follows the previous one: the same hand grown by acts and cards,
    /// or the next hand once the previous one is over. Starts a new hand when it is one.
    fn follow(&mut self, state: &MatchState) -> Result<(), ProtocolError> {
        if let Some(c) = &self.current {
            let old = &c.state;
            if state.hand == old.hand {
                if c.over {
                    return err(format!("hand {} goes on after it was over", state.hand));
                }
                return extends(old, state);
            }
            if !c.over {
                return err(format!(
                    "hand {} starts before hand {} is over",
                    state.hand, old.hand
                ));
            }
            if state.hand < old.hand {
                return err(format!(
                    "hand {} comes after hand {}: hands go up",
                    state.hand, old.hand
                ));
            }
        }
        self.current = Some(Current {
            state: state.clone(),
            sent: Vec::new(),
            decisions: 0,
            over: false,
        });
        Ok(())
    }

    /// Counts a finished hand: the chips won, the showdown, what the bot saw of its opponent.
    fn settle(&mut self, state: &MatchState, progress: &Progress) -> Result<(), ProtocolError> {
        let me = state.position;
        let net = super::outcome(state, progress)?[me];
        if progress.showdown() {
            self.summary
                .stats
                .record_showdown((net != 0).then_some(net > 0));
        }
        self.summary.hands += 1;
        self.summary.net_chips += net;
        self.summary.tally.push(net);
        let record = to_record(state, &self.config.game)?;
        self.opponent
            .observe(&record, Ending::from_net(progress.showdown(), net));
        self.summary.stats.hud = self.opponent;
        Ok(())
    }

    /// The end of the match (the dealer closed the connection): the summary, or an error if
    /// a hand was cut off. Writes the histories' index.
    pub fn finish(self) -> Result<SeatSummary, SeatError> {
        match &self.current {
            None => return Err(SeatError::Dropped { hand: None }),
            Some(c) if !c.over => {
                return Err(SeatError::Dropped {
                    hand: Some(c.state.hand),
                })
            }
            Some(_) => {}
        }
        if let Some(h) = &self.config.histories {
            h.write_index(&self.index).map_err(SeatError::Io)?;
        }
        Ok(self.summary)
    }
}

/// The seed of the decision at `state` (reference §13.3): [`seed_of_decision`] after the
/// acts so far in the hand.
pub fn seed_after(seed: u64, hand: u64, state: &MatchState) -> u64 {
    let acts: usize = state.rounds.iter().map(Vec::len).sum();
    seed_of_decision(seed, hand, acts)
}

/// One decision at a match state where it is the seat's turn.
pub struct Turn {
    /// The game state the bot saw: what `hus decide` reads.
    pub state: GameState,
    pub decision: BotDecision,
    /// The act sent to the dealer, and the legal action it is.
    pub act: AcpcAction,
    pub played: Action,
}

/// Builds the game state of `state` (with the opponent's statistics when the bot reads
/// them), validates it like any other, asks the bot and makes its move legal by the
/// dealer's rules. `line` names the state in errors.
pub fn take_turn(
    bot: &ScriptBot,
    state: &MatchState,
    progress: &Progress,
    game: &NoLimitGame,
    stats: Option<&OpponentStats>,
    rng: &mut DecisionRng,
    line: &str,
) -> Result<Turn, SeatError> {
    let mut record = to_record(state, game).map_err(|e| SeatError::Protocol {
        line: super::clip(line),
        message: e.0,
    })?;
    record.stats = stats.map(|s| Box::new(*s));
    let (game_state, _warnings) =
        GameState::from_record_or_back(record).map_err(|(e, r)| SeatError::InvalidState {
            line: super::clip(line),
            xml: crate::game::xml::write(&r),
            diagnostics: e.diagnostics,
        })?;
    let decision = bot
        .decide(&game_state, rng)
        .map_err(|message| SeatError::Bot {
            hand: state.hand,
            message,
        })?;
    let (act, played) = answer(decision.mv, progress, state.position, game);
    Ok(Turn {
        state: game_state,
        decision,
        act,
        played,
    })
}

/// Checks the seat's acts in `state` against the acts it `sent`: the dealer may turn an act
/// it finds invalid into a call, but never play another act for the seat, nor one the seat
/// was never asked for.
fn own_acts(
    state: &MatchState,
    game: &NoLimitGame,
    sent: &[AcpcAction],
) -> Result<(), ProtocolError> {
    let mut played = Vec::new();
    super::replay(state, game, |_, p, act, _, _| {
        if p == state.position {
            played.push(act);
        }
    })?;
    if played.len() > sent.len() {
        return err(format!(
            "hand {} shows the seat acting {} times, but it was asked {} times",
            state.hand,
            played.len(),
            sent.len()
        ));
    }
    for (k, (p, s)) in played.iter().zip(sent).enumerate() {
        if p != s && *p != AcpcAction::Call {
            return err(format!(
                "hand {} shows the seat's act {} as `{p}`, but it sent `{s}`",
                state.hand,
                k + 1
            ));
        }
    }
    Ok(())
}

/// Whether `new` is `old` with more acts or cards: same seat and cards, a betting that
/// extends the old one.
fn extends(old: &MatchState, new: &MatchState) -> Result<(), ProtocolError> {
    if new.position != old.position {
        return err(format!(
            "the seat's position changed from {} to {} within hand {}",
            old.position, new.position, new.hand
        ));
    }
    if new.hole[old.position] != old.hole[old.position] {
        return err(format!(
            "the seat's hole cards changed within hand {}",
            new.hand
        ));
    }
    let n = old.rounds.len();
    let same_rounds = new.rounds.len() >= n
        && new.rounds[..n - 1] == old.rounds[..n - 1]
        && new.rounds[n - 1].starts_with(&old.rounds[n - 1]);
    if !same_rounds {
        return err(format!(
            "the betting of hand {} does not continue the betting sent before",
            new.hand
        ));
    }
    if !new.board.starts_with(&old.board) {
        return err(format!("the board of hand {} changed", new.hand));
    }
    Ok(())
}
