//! Tournaments: many bots, every pairing a duplicate match, split into chunks of hands that
//! any engine may play anywhere (docs/tournament.md, docs/library.md).
//!
//! A [`Tournament`] is bots and [`TournamentOptions`]. [`Tournament::jobs`] lists its
//! [`ChunkJob`]s, plain data that says everything about a chunk but the bots; [`run_chunk`]
//! plays one and gives a [`ChunkResult`], plain data too; [`Tournament::merge`] sums the
//! results, in any order, into a [`TournamentResult`] with its crosstable and ranking. A
//! pairing's hands are dealt and seeded from its own seed ([`pair_seed`]) exactly as `hus
//! match --seed` deals them, so the result depends on the jobs alone: not on which engine
//! plays them, on how many workers, nor in which order.

mod chunk;
mod heatmap;
mod report;
mod result;
mod run;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use chunk::{run_chunk, run_chunk_of, ChunkJob, ChunkResult};
pub use result::{PairResult, Standing, TournamentResult};

use super::{Bot, MatchBot, MatchErrorKind, MatchFailure};

/// Who plays whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Every bot against every other once.
    RoundRobin,
    /// The challengers (bot indices) each against every other bot, the field; the field's
    /// bots do not play each other.
    Gauntlet { challengers: Vec<usize> },
}

/// How a tournament is played: everything but the bots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentOptions {
    pub format: Format,
    /// Hands of every pairing.
    pub hands: u64,
    /// The tournament's seed; each pairing's comes from it ([`pair_seed`]).
    pub seed: u64,
    /// Each deal played twice with the seats swapped (the default: less luck).
    pub duplicate: bool,
    /// Hands of a chunk, the unit of work (the last chunk of a pairing may be shorter): a
    /// bot that reads statistics of its opponent starts every chunk without any.
    pub chunk_hands: u64,
    pub small_blind: i64,
    pub big_blind: i64,
    /// Both stacks at the start of every hand, in chips.
    pub stack: i64,
    /// `<init>` constants every decision's game state holds.
    pub defines: Vec<(String, f64)>,
    /// An ACPC program's time to answer one action, and for all its answers in a hand.
    pub action_time: Duration,
    pub hand_time: Duration,
}

/// The hands of a chunk unless told otherwise.
pub const DEFAULT_CHUNK_HANDS: u64 = 10_000;

impl TournamentOptions {
    /// A round robin of `hands` duplicate hands a pairing, in chunks of
    /// [`DEFAULT_CHUNK_HANDS`], at `hus match`'s stakes (blinds 50/100, stacks of 10,000).
    pub fn new(hands: u64, seed: u64) -> TournamentOptions {
        let m = super::MatchOptions::new(hands, seed);
        TournamentOptions {
            format: Format::RoundRobin,
            hands,
            seed,
            duplicate: true,
            chunk_hands: DEFAULT_CHUNK_HANDS,
            small_blind: m.small_blind,
            big_blind: m.big_blind,
            stack: m.stack,
            defines: Vec::new(),
            action_time: m.action_time,
            hand_time: m.hand_time,
        }
    }
}

/// Two bots that meet, `a` the first of them, and the seed of their hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub seed: u64,
}

/// The seed of pairing `a` against `b` in a tournament seeded `seed`: SplitMix64 of the
/// seed mixed with both indices. `hus match --duplicate --seed` with it plays the pairing's
/// very hands.
pub fn pair_seed(seed: u64, a: usize, b: usize) -> u64 {
    let pair = ((a as u64) << 32) ^ (b as u64);
    splitmix(seed ^ splitmix(pair.wrapping_add(0x7475_726e_616d_656e)))
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Bots and how they meet.
#[derive(Clone, Debug)]
pub struct Tournament {
    bots: Vec<MatchBot>,
    names: Vec<String>,
    options: TournamentOptions,
}

fn usage(message: String) -> MatchFailure {
    MatchFailure {
        kind: MatchErrorKind::Usage,
        message,
    }
}

impl Tournament {
    /// A tournament of `bots`; bad options (too few bots, an odd duplicate count, a chunk
    /// size that splits a duplicate pair, stakes out of order) are a usage error.
    pub fn new(
        bots: Vec<MatchBot>,
        options: TournamentOptions,
    ) -> Result<Tournament, MatchFailure> {
        check_options(&options, bots.len())?;
        let pairings = pairings_of(&options, bots.len());
        for p in &pairings {
            super::matches::check_lbr_pairing(&bots[p.a], &bots[p.b]).map_err(usage)?;
        }
        let whole = pairings.iter().filter(|p| played_whole(&bots, p)).count() as u64;
        let cut = pairings.len() as u64 - whole;
        let o = &options;
        crate::settings::chunks(cut, whole, o.hands, o.chunk_hands, o.duplicate).map_err(usage)?;
        let names = bots.iter().map(MatchBot::name).collect();
        Ok(Tournament {
            bots,
            names,
            options,
        })
    }

    /// A tournament of script bots.
    pub fn of_bots(bots: Vec<Bot>, options: TournamentOptions) -> Result<Tournament, MatchFailure> {
        Tournament::new(
            bots.into_iter()
                .map(|b| MatchBot::Script(Box::new(b)))
                .collect(),
            options,
        )
    }

    pub fn options(&self) -> &TournamentOptions {
        &self.options
    }

    /// The bots' names: a script's file, `builtin:NAME`, or `acpc:COMMAND`.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn bots(&self) -> &[MatchBot] {
        &self.bots
    }

    /// Every pairing, in order: by `a`, then `b` (a round robin's `a < b`; a gauntlet's `a`
    /// is the challenger).
    pub fn pairings(&self) -> Vec<Pairing> {
        pairings_of(&self.options, self.bots.len())
    }

    /// Every chunk of every pairing, pairing by pairing (at most
    /// [`MAX_CHUNKS`](crate::limits::MAX_CHUNKS), checked when the tournament is made). A
    /// pairing with an ACPC program is one chunk of all its hands.
    pub fn jobs(&self) -> Vec<ChunkJob> {
        let o = &self.options;
        let mut jobs = Vec::new();
        for (index, p) in self.pairings().into_iter().enumerate() {
            let size = if played_whole(&self.bots, &p) {
                o.hands.max(1)
            } else {
                o.chunk_hands
            };
            let chunks = o.hands.div_ceil(size);
            for c in 0..chunks {
                jobs.push(ChunkJob {
                    pairing: index,
                    a: p.a,
                    b: p.b,
                    chunk: c,
                    first_hand: c * size,
                    end_hand: ((c + 1) * size).min(o.hands),
                    hands: o.hands,
                    seed: p.seed,
                    duplicate: o.duplicate,
                    small_blind: o.small_blind,
                    big_blind: o.big_blind,
                    stack: o.stack,
                    defines: o.defines.clone(),
                });
            }
        }
        jobs
    }

    /// Plays `job` with this tournament's bots (starting an ACPC program if one plays).
    pub fn run_job(&self, job: &ChunkJob) -> Result<ChunkResult, MatchFailure> {
        run::run_job(self, job, None)
    }

    /// Plays every job on `threads` threads (0: one per core) and merges the results;
    /// `progress` hears of every chunk's hands as it finishes.
    pub fn run(
        &self,
        threads: usize,
        progress: Option<&(dyn Fn(u64) + Sync)>,
    ) -> Result<TournamentResult, MatchFailure> {
        run::run_all(self, threads, progress, None)
    }

    /// [`Tournament::run`] that stops once `stop` is set (by another thread: an embedder's
    /// Ctrl-C): no chunk starts after it, those being played finish, a pairing with an ACPC
    /// program stops between hands, and the tournament ends in a [`MatchErrorKind::Usage`]
    /// error that says it was interrupted and how many chunks were played (a tournament's
    /// result needs every chunk). Set after the last chunk, the result is complete.
    pub fn run_stoppable(
        &self,
        threads: usize,
        progress: Option<&(dyn Fn(u64) + Sync)>,
        stop: &std::sync::Arc<std::sync::atomic::AtomicBool>,
    ) -> Result<TournamentResult, MatchFailure> {
        run::run_all(self, threads, progress, Some(stop))
    }

    /// Sums chunk results given in any order into the tournament's result. A chunk given
    /// twice with the same result counts once (a retried task); a chunk missing, unknown,
    /// or given twice with different results is an error.
    pub fn merge(&self, results: &[ChunkResult]) -> Result<TournamentResult, MatchFailure> {
        result::merge(self, results)
    }
}

/// A pairing with an ACPC program is one chunk of all its hands (a program sees its hands in
/// order, from the first).
fn played_whole(bots: &[MatchBot], p: &Pairing) -> bool {
    [p.a, p.b]
        .iter()
        .any(|&i| matches!(bots[i], MatchBot::Program(_)))
}

/// The pairings `options` make of `n` bots.
fn pairings_of(options: &TournamentOptions, n: usize) -> Vec<Pairing> {
    let pair = |a, b| Pairing {
        a,
        b,
        seed: pair_seed(options.seed, a, b),
    };
    match &options.format {
        Format::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .map(|(a, b)| pair(a, b))
            .collect(),
        Format::Gauntlet { challengers } => challengers
            .iter()
            .flat_map(|&a| {
                (0..n)
                    .filter(|b| !challengers.contains(b))
                    .map(move |b| (a, b))
            })
            .map(|(a, b)| pair(a, b))
            .collect(),
    }
}

/// Refuses options no tournament of `n` bots can be played with.
fn check_options(o: &TournamentOptions, n: usize) -> Result<(), MatchFailure> {
    if n < 2 {
        return Err(usage(format!(
            "a tournament needs at least two bots (got {n})"
        )));
    }
    if let Format::Gauntlet { challengers } = &o.format {
        if challengers.is_empty() || challengers.len() >= n {
            return Err(usage(
                "a gauntlet needs at least one challenger and at least one bot in the field".into(),
            ));
        }
        if let Some(c) = challengers.iter().find(|&&c| c >= n) {
            return Err(usage(format!("challenger {c} is not one of the {n} bots")));
        }
        let mut seen = challengers.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != challengers.len() {
            return Err(usage("a challenger is named twice".into()));
        }
    }
    if o.hands == 0 {
        return Err(usage(
            "a tournament plays at least one hand a pairing".into(),
        ));
    }
    if o.chunk_hands == 0 {
        return Err(usage("a chunk holds at least one hand".into()));
    }
    if o.duplicate && (o.hands % 2 == 1 || o.chunk_hands % 2 == 1) {
        return Err(usage(format!(
            "a duplicate tournament plays each deal twice: the hands of a pairing ({}) and of a chunk ({}) must be even",
            o.hands, o.chunk_hands
        )));
    }
    crate::settings::hands(o.hands).map_err(|e| usage(format!("a pairing plays {e}")))?;
    crate::settings::stakes(o.small_blind, o.big_blind, o.stack).map_err(usage)
}

#[cfg(test)]
mod tests;
