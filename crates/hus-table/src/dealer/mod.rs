//! A heads-up no-limit dealer that plays bots against each other (`hus match`).
//!
//! [`play_match`] deals hand after hand between two [`Decider`]s: blinds, the button alternating
//! every hand, stacks reset to the starting size each hand. Every decision gives the bot the same
//! [`GameState`](crate::game::GameState) `hus decide` would read, built from a record kept from
//! that bot's point of view. Each hand's deck and decision generators derive from `(seed, hand)`
//! with ChaCha, and results are combined in hand order, so a seed gives the same match on any
//! number of threads. What a player holds at any table (the [`Decider`], its decision seeds, legal
//! moves, histories) is in [`crate::play`], which `hus acpc` shares.

pub mod acpc_text;
pub mod hand;
pub mod log;
pub mod plot;
pub mod program;
pub mod stats;
pub mod table;

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::diag::SourceDiagnostic;
use crate::game::opponent::HandMemo;
use crate::game::Ending;
// What a player at any table holds, from the module `hus acpc` shares.
pub use crate::play::bots::{load_bot, BotLoadError, LoadedBot, ScriptBot, BUILTINS};
pub use crate::play::history::{self, DecisionInfo};
use crate::play::seeds::seeds_on;
pub use crate::play::ChaCha8Stream;
pub use crate::play::{decision_seeds, BotDecision, Deal, Decider, DecisionRng, HandEnd};
pub use hand::{HandOutcome, Stakes};
pub use stats::{ActionCounts, BotStats, ResultSums};
pub use table::{Acted, HandResult, Table, TableOptions};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub hands: u64,
    pub seed: u64,
    /// Small blind, big blind and starting stack, in chips.
    pub stakes: Stakes,
    /// Each deal is played twice with the bots' seats swapped (hands 2k and 2k+1).
    pub duplicate: bool,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Keep A's result of every hand (for the plot).
    pub keep_hands: bool,
    /// Write the game state of every decision here (see [`history`]).
    pub histories: Option<history::Histories>,
    /// Write every hand in the competition dealer's log format (`--log`, see [`log`]).
    pub log: Option<log::HandLog>,
    /// `<init>` constants every decision's game state carries (`hus match --define NAME=X`).
    pub init: Vec<(String, f64)>,
    /// Set from another thread (an embedder's Ctrl-C) to stop the match between hands: it
    /// ends in [`MatchError::Stopped`] with the hands played, or [`MatchError::Interrupted`]
    /// before any.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl MatchConfig {
    /// The defaults of `hus match`: blinds 50/100 (fine enough for fractional bet sizes in
    /// whole chips), stacks of 100 big blinds, one thread.
    pub fn new(hands: u64, seed: u64) -> MatchConfig {
        MatchConfig {
            hands,
            seed,
            stakes: Stakes {
                sb: 50,
                bb: 100,
                stack: 10_000,
            },
            duplicate: false,
            threads: 1,
            keep_hands: false,
            init: Vec::new(),
            histories: None,
            log: None,
            stop: None,
        }
    }

    /// Whether [`MatchConfig::stop`] was set.
    fn stopped(&self) -> bool {
        use std::sync::atomic::Ordering;
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The outcome of a match. Results are A's; B's are their negation.
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub hands: u64,
    pub seed: u64,
    pub stakes: Stakes,
    pub duplicate: bool,
    /// A's total in chips.
    pub net_a: i64,
    /// A's results per independent unit (a hand, or a duplicate pair).
    pub tally: ResultSums,
    /// Per bot: 0 = A, 1 = B.
    pub bots: [BotStats; 2],
    /// A's chips won in every hand, when [`MatchConfig::keep_hands`] was set.
    pub hand_results: Option<Vec<i64>>,
    /// The threads that played: `config.threads`, capped at the chunks of hands to play and
    /// at [`MAX_THREADS_PER_CORE`] per core.
    pub threads: usize,
}

impl MatchResult {
    /// A's result in milli-big-blinds per hand.
    pub fn mbb_per_hand(&self) -> f64 {
        if self.hands == 0 {
            return 0.0;
        }
        1000.0 * self.net_a as f64 / self.stakes.bb as f64 / self.hands as f64
    }

    /// The 95% confidence interval of [`Self::mbb_per_hand`] (Student's t over independent
    /// units: hands, or duplicate pairs); `None` with fewer than [`stats::MIN_UNITS`].
    pub fn ci95(&self) -> Option<(f64, f64)> {
        if self.tally.units < stats::MIN_UNITS {
            return None;
        }
        let per_unit = if self.duplicate { 2.0 } else { 1.0 };
        let se = self.tally.std_error()? / per_unit * 1000.0 / self.stakes.bb as f64;
        let m = self.mbb_per_hand();
        let t = stats::t95(self.tally.units - 1);
        Some((m - t * se, m + t * se))
    }
}

/// Why a match stopped.
#[derive(Clone, Debug)]
pub enum MatchError {
    /// Bad settings (hands, stakes, threads).
    Config(String),
    /// A bot failed to decide (an external program, ...). `hand` counts from 1.
    Bot {
        bot: usize,
        hand: u64,
        decision: usize,
        message: String,
    },
    /// The dealer built a state the game model rejects: a dealer bug, reported in full.
    InvalidState {
        hand: u64,
        decision: usize,
        xml: String,
        diagnostics: Vec<SourceDiagnostic>,
    },
    /// The dealer played an act the betting rules reject: a dealer bug.
    IllegalAct {
        hand: u64,
        decision: usize,
        violation: crate::game::betting::Violation,
    },
    /// A hand did not conserve chips: a dealer bug.
    Conservation { hand: u64, what: String },
    /// Writing histories failed.
    Io(String),
    /// [`MatchConfig::stop`] was set.
    Interrupted,
    /// A match whose hands are played in order stopped after `partial.hands` hands: their
    /// result, and why it stopped.
    Stopped {
        partial: Box<MatchResult>,
        cause: Box<MatchError>,
    },
}

impl MatchError {
    /// The error that stopped the match, whether or not hands were played before it.
    pub fn cause(&self) -> &MatchError {
        match self {
            MatchError::Stopped { cause, .. } => cause,
            e => e,
        }
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Config(m) => f.write_str(m),
            MatchError::Bot {
                bot,
                hand,
                decision,
                message,
            } => write!(
                f,
                "bot {} failed in hand {hand}, decision {}: {message}",
                ["A", "B"][*bot],
                decision + 1
            ),
            MatchError::InvalidState {
                hand,
                decision,
                xml,
                diagnostics,
            } => {
                write!(
                    f,
                    "internal error: the dealer built an invalid game state in hand {hand}, decision {}:",
                    decision + 1
                )?;
                for d in diagnostics {
                    write!(f, "\n  {}: {}", d.severity, d.message)?;
                }
                write!(f, "\n{xml}")
            }
            MatchError::IllegalAct {
                hand,
                decision,
                violation,
            } => write!(
                f,
                "internal error: the dealer played an illegal act in hand {hand}, decision {}: {violation:?}",
                decision + 1
            ),
            MatchError::Conservation { hand, what } => {
                write!(
                    f,
                    "internal error: hand {hand} did not conserve chips: {what}"
                )
            }
            MatchError::Io(m) => f.write_str(m),
            MatchError::Interrupted => f.write_str("the match was interrupted"),
            MatchError::Stopped { partial, cause } => write!(
                f,
                "{cause} (the match stopped after {} hand{})",
                partial.hands,
                if partial.hands == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for MatchError {}

/// Hands are dealt in chunks of this many (even, so duplicate pairs never straddle two).
const CHUNK: u64 = 512;
/// Chunks played per thread before their results are summed.
const BATCH_PER_THREAD: u64 = 64;
/// Threads per core at most, whatever `--threads` asks.
pub const MAX_THREADS_PER_CORE: usize = 4;
/// The most hands a match keeps one result of each (for `--plot`): 400 MB.
pub const MAX_KEPT_HANDS: u64 = 50_000_000;

/// What one chunk of consecutive hands produced.
#[derive(Default)]
struct ChunkOut {
    /// Not played: the match was stopped before the chunk began.
    skipped: bool,
    hands: u64,
    net_a: i64,
    tally: ResultSums,
    bots: [BotStats; 2],
    hand_results: Vec<i64>,
    index: Vec<String>,
    log: Vec<String>,
}

impl ChunkOut {
    /// The chunk's hands as a match of their own, played on one thread.
    fn into_result(self, config: &MatchConfig) -> MatchResult {
        MatchResult {
            hands: self.hands,
            seed: config.seed,
            stakes: config.stakes,
            duplicate: config.duplicate,
            net_a: self.net_a,
            tally: self.tally,
            bots: self.bots,
            hand_results: config.keep_hands.then_some(self.hand_results),
            threads: 1,
        }
    }
}

/// The deal of a hand: the deck of deal `key` (the hand, or the duplicate pair), shuffled
/// by ChaCha8 from the match seed on stream `2 key`.
pub fn deal_for(seed: u64, key: u64) -> Deal {
    deal_on(&ChaCha8Rng::seed_from_u64(seed).get_seed(), key)
}

/// [`deal_for`] from the match seed's ChaCha key, a block at a time.
fn deal_on(key_of_seed: &[u8; 32], key: u64) -> Deal {
    Deal::shuffle(&mut ChaCha8Stream::new(key_of_seed, 2 * key))
}

/// Refuses stakes the dealer cannot play: whole chips with 1 <= small blind <= big blind <=
/// stack.
pub fn check_stakes(Stakes { sb, bb, stack }: Stakes) -> Result<(), MatchError> {
    crate::settings::stakes(sb, bb, stack).map_err(MatchError::Config)
}

/// Refuses settings the dealer cannot play: stakes, an odd duplicate match, too many hands,
/// too many kept.
fn validate(config: &MatchConfig) -> Result<(), MatchError> {
    check_stakes(config.stakes)?;
    if config.duplicate && !config.hands.is_multiple_of(2) {
        return Err(MatchError::Config(
            "a duplicate match plays each deal twice: the number of hands must be even".into(),
        ));
    }
    crate::settings::hands(config.hands)
        .map_err(|e| MatchError::Config(format!("a match plays {e}")))?;
    if config.keep_hands && config.hands > MAX_KEPT_HANDS {
        return Err(MatchError::Config(format!(
            "--plot draws at most {MAX_KEPT_HANDS} hands (every hand's result is kept)"
        )));
    }
    Ok(())
}

/// Plays hands `start..end` of the match `config` describes, as one chunk on the calling
/// thread: each hand is dealt and seeded exactly as [`play_match`] deals it, so a match's
/// hands split into ranges and summed equal the match. Statistics of the opponent (for bots
/// that read them) start empty at `start` and are kept to `end`; the bots' HUDs are kept
/// only then (nobody else reads them). Outputs (histories, log) are not written; the result
/// counts the range's hands only.
pub fn play_range(
    bots: [&dyn Decider; 2],
    config: &MatchConfig,
    (start, end): (u64, u64),
) -> Result<MatchResult, MatchError> {
    validate(config)?;
    if start > end || end > config.hands || (config.duplicate && (start % 2 == 1 || end % 2 == 1)) {
        return Err(MatchError::Config(format!(
            "hands {start}..{end} are not a range of whole deals of a {}-hand match",
            config.hands
        )));
    }
    let track = bots.iter().any(|b| b.reads_stats());
    let mut out = ChunkOut::default();
    play_hands(bots, config, (start, end), track, false, &mut out, false)?;
    Ok(out.into_result(config))
}

/// Plays a match of `config.hands` hands between A (`bots[0]`) and B (`bots[1]`).
/// `progress` is told how many more hands finished, now and then.
pub fn play_match(
    bots: [&dyn Decider; 2],
    config: &MatchConfig,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<MatchResult, MatchError> {
    validate(config)?;
    if let Some(h) = &config.histories {
        h.prepare().map_err(MatchError::Io)?;
    }
    // Statistics over past hands make every hand depend on the ones before it: one chunk.
    let track = bots.iter().any(|b| b.reads_stats());
    // A program at the other end of a connection sees every hand, in order: one chunk too.
    let in_order = track || bots.iter().any(|b| b.plays_in_order());
    let chunk = if in_order { config.hands.max(1) } else { CHUNK };
    let chunks = config.hands.div_ceil(chunk);
    let run = |c: u64| -> Result<ChunkOut, MatchError> {
        let range = (c * chunk, ((c + 1) * chunk).min(config.hands));
        if !in_order && config.stopped() {
            return Ok(ChunkOut {
                skipped: true,
                ..ChunkOut::default()
            });
        }
        let out = play_chunk(bots, config, range, track, in_order)?;
        if let Some(p) = progress {
            p(range.1 - range.0);
        }
        Ok(out)
    };
    // Never more threads than chunks to play, nor than a few per core.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = config
        .threads
        .min(usize::try_from(chunks).unwrap_or(usize::MAX))
        .min(MAX_THREADS_PER_CORE * cores)
        .max(1);
    // rayon's global pool when it has the threads asked for (as it has by default, one per
    // core): a program playing many matches then starts its threads once.
    let pool = if threads > 1 && threads != rayon::current_num_threads() {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| MatchError::Config(format!("cannot start the threads: {e}")))?,
        )
    } else {
        None
    };
    let parallel = |first: u64, last: u64| -> Result<Vec<ChunkOut>, MatchError> {
        (first..last).into_par_iter().map(run).collect()
    };

    let mut result = MatchResult {
        hands: config.hands,
        seed: config.seed,
        stakes: config.stakes,
        duplicate: config.duplicate,
        net_a: 0,
        tally: ResultSums::default(),
        bots: Default::default(),
        hand_results: config.keep_hands.then(Vec::new),
        threads,
    };
    let mut index = Vec::new();
    // Chunks are played a batch at a time and summed in order, so memory stays the same
    // however many hands are played.
    let batch = BATCH_PER_THREAD * threads as u64;
    let mut first = 0;
    let mut played = 0;
    while first < chunks {
        let last = (first + batch).min(chunks);
        let outs: Vec<ChunkOut> = match &pool {
            _ if threads == 1 => (first..last).map(run).collect::<Result<_, _>>()?,
            None => parallel(first, last)?,
            Some(pool) => pool.install(|| parallel(first, last))?,
        };
        for o in outs {
            if o.skipped {
                // Stopped: the chunks summed so far are the first hands of the match.
                result.hands = played;
                return Err(MatchError::Stopped {
                    partial: Box::new(result),
                    cause: Box::new(MatchError::Interrupted),
                });
            }
            played += o.hands;
            result.net_a += o.net_a;
            result.tally.add(&o.tally);
            result.bots[0].add(&o.bots[0]);
            result.bots[1].add(&o.bots[1]);
            if let Some(h) = &mut result.hand_results {
                h.extend_from_slice(&o.hand_results);
            }
            index.extend(o.index);
            if let Some(log) = &config.log {
                log.write(&o.log).map_err(MatchError::Io)?;
            }
        }
        first = last;
    }
    if let Some(h) = &config.histories {
        h.write_index(&index).map_err(MatchError::Io)?;
    }
    if let Some(log) = &config.log {
        log.finish(result.net_a).map_err(MatchError::Io)?;
    }
    Ok(result)
}

/// Plays hands `start..end` in order; with `track`, each bot's statistics of its opponent
/// (reference §12.7) are kept from hand to hand and given in every decision's `<stats>`.
/// With `in_order` (the chunk is the whole match), each hand's log line is written as soon as
/// it is played, and a failure after some hands is [`MatchError::Stopped`] with their result.
fn play_chunk(
    bots: [&dyn Decider; 2],
    config: &MatchConfig,
    range: (u64, u64),
    track: bool,
    in_order: bool,
) -> Result<ChunkOut, MatchError> {
    let mut out = ChunkOut::default();
    let Err(cause) = play_hands(bots, config, range, track, in_order, &mut out, true) else {
        return Ok(out);
    };
    if let Some(log) = &config.log {
        // The hands played stay in the log, without a SCORE line: the match did not finish.
        let _ = log.flush();
    }
    if !in_order || out.hands == 0 {
        return Err(cause);
    }
    if let Some(h) = &config.histories {
        h.write_index(&out.index).map_err(MatchError::Io)?;
    }
    Err(MatchError::Stopped {
        partial: Box::new(out.into_result(config)),
        cause: Box::new(cause),
    })
}

/// Plays hands `start..end` into `out` (see [`play_chunk`]); with `hud` (or `track`), each
/// bot's HUD of the other is kept (a match reports it; a range keeps it only for the bots).
fn play_hands(
    bots: [&dyn Decider; 2],
    config: &MatchConfig,
    range: (u64, u64),
    track: bool,
    in_order: bool,
    out: &mut ChunkOut,
    hud: bool,
) -> Result<(), MatchError> {
    // The HUD each bot keeps of the other, when a report or a bot reads it: made whole
    // however the hands stop.
    let mut huds = (hud || track).then(HandMemo::default);
    let played = play_hands_seen(bots, config, range, track, in_order, out, huds.as_mut());
    if let Some(memo) = &mut huds {
        let [a, b] = &mut out.bots;
        memo.flush([&mut a.hud, &mut b.hud]);
    }
    played
}

/// [`play_hands`], each hand added to `huds` when given.
fn play_hands_seen(
    bots: [&dyn Decider; 2],
    config: &MatchConfig,
    (start, end): (u64, u64),
    track: bool,
    in_order: bool,
    out: &mut ChunkOut,
    mut huds: Option<&mut HandMemo>,
) -> Result<(), MatchError> {
    // What each bot has seen of the other is its HUD over the chunk (`out.bots[bot].hud`,
    // empty at the chunk's start): kept once, given to the bots that read it.
    let mut pair = 0i64;
    let mut buffers = hand::HandBuffers::default();
    let seeded = ChaCha8Rng::seed_from_u64(config.seed).get_seed();
    for h in start..end {
        // A chunk that is the whole match stops between hands; others between chunks.
        if in_order && config.stopped() {
            return Err(MatchError::Interrupted);
        }
        let key = if config.duplicate { h / 2 } else { h };
        let deal = deal_on(&seeded, key);
        let mut seeds = seeds_on(&seeded, key);
        let button = (h % 2) as usize;
        let index = &mut out.index;
        let mut write = config.histories.as_ref().map(|hist| {
            move |d: &DecisionInfo| -> Result<(), MatchError> {
                index.push(hist.write_decision(h, d).map_err(MatchError::Io)?);
                Ok(())
            }
        });
        let setup = hand::HandSetup {
            button,
            stakes: config.stakes,
            deal: &deal,
            hand: h + 1,
            init: &config.init,
            opponents: track.then(|| [out.bots[0].hud, out.bots[1].hud]),
        };
        let outcome = hand::play_hand(
            bots,
            &setup,
            hand::HandRecorders {
                seeds: &mut seeds,
                stats: &mut out.bots,
                on_decision: write.as_mut().map(|w| w as &mut hand::OnDecision),
                buffers: &mut buffers,
            },
        )?;
        if let Some(log) = &config.log {
            out.log
                .push(log.state_line(h, button, buffers.record(0), &deal, &outcome));
            if in_order {
                log.write(&out.log).map_err(MatchError::Io)?;
                out.log.clear();
            }
        }
        // Both HUDs from the button's record (the other seat's is its mirror), at once for
        // bots that read them.
        if let Some(memo) = huds.as_deref_mut() {
            let end = Ending::from_net(outcome.showdown, outcome.net[button]);
            let [a, b] = &mut out.bots;
            memo.observe(
                [&mut a.hud, &mut b.hud],
                button,
                buffers.record(0),
                end,
                track,
            );
        }
        let a = outcome.net[0];
        out.net_a += a;
        out.hands += 1;
        if config.keep_hands {
            out.hand_results.push(a);
        }
        if config.duplicate {
            pair += a;
            if h % 2 == 1 {
                out.tally.push(pair);
                pair = 0;
            }
        } else {
            out.tally.push(a);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameState, Intent};
    use rand::RngExt;

    /// Raises by the pot (as it stands) every time.
    struct Raiser;
    impl Decider for Raiser {
        fn decide(&self, s: &GameState, _: &mut DecisionRng) -> Result<BotDecision, String> {
            Ok(BotDecision::plain(Intent::Raise(
                s.derived().chips(s.derived().pot),
            )))
        }
    }
    /// Folds whenever something is owed (and says FOLD otherwise too: made legal).
    struct Folder;
    impl Decider for Folder {
        fn decide(&self, _: &GameState, _: &mut DecisionRng) -> Result<BotDecision, String> {
            Ok(BotDecision::plain(Intent::Fold))
        }
    }
    /// Any move at random, amounts included, legal or not: the table must cope.
    pub(super) struct Chaos;
    impl Decider for Chaos {
        fn decide(&self, s: &GameState, rng: &mut DecisionRng) -> Result<BotDecision, String> {
            let mv = match rng.random_range(0..10) {
                0 => Intent::Fold,
                1 | 2 => Intent::Check,
                3..=5 => Intent::Call,
                6 => Intent::Raise(1e9),
                _ => Intent::Raise(
                    rng.random_range(0.0..0.2) * s.derived().chips(s.derived().hero_stack),
                ),
            };
            Ok(BotDecision::plain(mv))
        }
    }

    /// Raises by the pot, reads statistics, and keeps the ones each decision was given.
    struct Probe(std::sync::Mutex<Vec<Option<crate::game::OpponentStats>>>);
    impl Decider for Probe {
        fn decide(&self, s: &GameState, _: &mut DecisionRng) -> Result<BotDecision, String> {
            self.0
                .lock()
                .unwrap()
                .push(s.record().stats.as_deref().copied());
            Ok(BotDecision::plain(Intent::Raise(
                s.derived().chips(s.derived().pot),
            )))
        }
        fn reads_stats(&self) -> bool {
            true
        }
    }

    #[test]
    fn statistics_are_kept_from_each_bots_own_seat_across_hands() {
        use crate::game::opponent::Count;
        use crate::game::OpponentStat::*;
        let probe = Probe(Default::default());
        play_match([&probe, &Folder], &MatchConfig::new(3, 1), None).unwrap();
        let seen = probe.0.lock().unwrap();
        // Hand 1: the probe is the button, raises, the folder folds. Hand 2: the folder is
        // the button and folds first (the probe never acts). Hand 3: as hand 1.
        assert_eq!(seen.len(), 2);
        let first = seen[0].unwrap();
        assert_eq!(first.hands, 0);
        let third = seen[1].unwrap();
        assert_eq!(third.hands, 2);
        let c = |stat| third.count(stat);
        assert_eq!(
            c(Vpip),
            Count {
                times: 0,
                chances: 2,
                hands: 2
            }
        );
        assert_eq!(
            c(Pfr),
            Count {
                times: 0,
                chances: 2,
                hands: 2
            }
        );
        assert_eq!(
            c(ThreeBet),
            Count {
                times: 0,
                chances: 1,
                hands: 1
            }
        );
        assert_eq!(c(Wtsd), Count::default());
    }

    #[test]
    fn the_folder_loses_three_quarters_of_a_big_blind_a_hand() {
        let r = play_match([&Raiser, &Folder], &MatchConfig::new(1000, 7), None).unwrap();
        // A (the raiser) wins what B folds: SB as button, BB as big blind.
        assert_eq!(r.mbb_per_hand(), 750.0);
        assert_eq!(r.bots[1].actions[0].fold, 1000);
        assert_eq!(r.bots[1].actions_made_legal, 0);
        let (lo, hi) = r.ci95().unwrap();
        assert!(lo < 750.0 && 750.0 < hi && hi - lo < 40.0);
    }

    #[test]
    fn chaos_conserves_chips_and_plays_every_street() {
        let mut cfg = MatchConfig::new(20_000, 3);
        cfg.stakes = Stakes {
            sb: 1,
            bb: 2,
            stack: 40,
        };
        let r = play_match([&Chaos, &Chaos], &cfg, None).unwrap();
        let b = &r.bots[0];
        assert!(b.showdowns > 1000 && b.showdowns_split > 0);
        assert!(b.actions[3].raise > 0, "river raises happen");
        assert!(b.actions_made_legal > 0);
        assert_eq!(r.bots[0].showdowns, r.bots[1].showdowns);
    }

    #[test]
    fn both_huds_from_one_record_equal_each_seats_own_observed() {
        let stakes = Stakes {
            sb: 1,
            bb: 2,
            stack: 40,
        };
        let seeded = ChaCha8Rng::seed_from_u64(13).get_seed();
        let mut buffers = hand::HandBuffers::default();
        let mut stats: [BotStats; 2] = Default::default();
        let mut apart = [crate::game::OpponentStats::default(); 2];
        // Counted hand by hand, and waiting for a flush.
        let (mut now, mut later) = (apart, apart);
        let (mut memo_now, mut memo_later) = (HandMemo::default(), HandMemo::default());
        for h in 0..5000 {
            let deal = deal_on(&seeded, h);
            let button = (h % 2) as usize;
            let setup = hand::HandSetup {
                button,
                stakes,
                deal: &deal,
                hand: h + 1,
                init: &[],
                opponents: None,
            };
            let recorders = hand::HandRecorders {
                seeds: &mut seeds_on(&seeded, h),
                stats: &mut stats,
                on_decision: None,
                buffers: &mut buffers,
            };
            let outcome = hand::play_hand([&Chaos, &Chaos], &setup, recorders).unwrap();
            for seat in 0..2 {
                let bot = if seat == 0 { button } else { 1 - button };
                let end = Ending::from_net(outcome.showdown, outcome.net[bot]);
                apart[bot].observe(buffers.record(seat), end);
            }
            let end = Ending::from_net(outcome.showdown, outcome.net[button]);
            let record = buffers.record(0);
            let [a, b] = &mut now;
            memo_now.observe([a, b], button, record, end, true);
            assert_eq!(now, apart, "hand {h}");
            let [a, b] = &mut later;
            memo_later.observe([a, b], button, record, end, false);
        }
        let [a, b] = &mut later;
        memo_later.flush([a, b]);
        assert_eq!(later, apart);
        // Every statistic had chances and hits.
        for stat in crate::game::OpponentStat::ALL {
            let c = apart[0].count(stat);
            assert!(c.times > 0 && c.chances > 0, "{stat:?}: {c:?}");
        }
    }

    /// Calls until its `n`th decision, which fails; plays in order, as a program does (a
    /// failure then stops the match with the hands played).
    struct FailsAt(std::sync::atomic::AtomicUsize);
    impl Decider for FailsAt {
        fn decide(&self, _: &GameState, _: &mut DecisionRng) -> Result<BotDecision, String> {
            match self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst) {
                1 => Err("tired".into()),
                _ => Ok(BotDecision::plain(Intent::Call)),
            }
        }
        fn plays_in_order(&self) -> bool {
            true
        }
    }

    #[test]
    fn a_stopped_match_has_the_huds_of_every_hand_played() {
        let bot = FailsAt(500.into());
        let err = play_match([&bot, &Chaos], &MatchConfig::new(10_000, 3), None).unwrap_err();
        let MatchError::Stopped { partial, .. } = err else {
            panic!("{err}");
        };
        assert!(partial.hands > 100, "{}", partial.hands);
        for b in &partial.bots {
            assert_eq!(u64::from(b.hud.hands), partial.hands);
        }
    }

    #[test]
    fn thread_count_does_not_change_the_result() {
        let mut cfg = MatchConfig::new(3000, 11);
        cfg.keep_hands = true;
        let one = play_match([&Chaos, &Raiser], &cfg, None).unwrap();
        cfg.threads = 3;
        let three = play_match([&Chaos, &Raiser], &cfg, None).unwrap();
        assert_eq!(one.net_a, three.net_a);
        assert_eq!(one.tally, three.tally);
        assert_eq!(one.bots, three.bots);
        assert_eq!(one.hand_results, three.hand_results);
    }

    #[test]
    fn duplicate_self_play_cancels_exactly() {
        let mut cfg = MatchConfig::new(2000, 5);
        cfg.duplicate = true;
        let r = play_match([&Chaos, &Chaos], &cfg, None).unwrap();
        assert_eq!(r.net_a, 0);
        assert_eq!(r.tally.units, 1000);
        let (lo, hi) = r.ci95().unwrap();
        assert!(lo <= 0.0 && 0.0 <= hi);
        cfg.hands = 3;
        assert!(matches!(
            play_match([&Chaos, &Chaos], &cfg, None),
            Err(MatchError::Config(_))
        ));
    }
}
