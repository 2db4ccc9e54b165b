//! A chunk of a pairing's hands: the job that says what to play, and what playing it gave.
//! Both are plain data (JSON through serde), so another process or machine can play a job.

use serde::{Deserialize, Serialize};

use crate::dealer::{play_range, MatchConfig, MatchError, MatchResult, Stakes};
use crate::front::{Bot, MatchErrorKind, MatchFailure};

/// Hands `first_hand..end_hand` of pairing `pairing` (bot `a` against bot `b`), a
/// `hands`-hand match seeded `seed`: everything needed to play them but the bots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChunkJob {
    /// The pairing's index in [`super::Tournament::pairings`].
    pub pairing: usize,
    pub a: usize,
    pub b: usize,
    /// The chunk's index in its pairing.
    pub chunk: u64,
    pub first_hand: u64,
    pub end_hand: u64,
    /// The hands of the whole pairing.
    pub hands: u64,
    /// The pairing's seed ([`super::pair_seed`]): hand `h` is hand `h` of `hus match --seed`.
    pub seed: u64,
    pub duplicate: bool,
    pub small_blind: i64,
    pub big_blind: i64,
    pub stack: i64,
    pub defines: Vec<(String, f64)>,
}

impl ChunkJob {
    /// The dealer's settings of the match this chunk is part of.
    pub(crate) fn config(&self) -> MatchConfig {
        let mut config = MatchConfig::new(self.hands, self.seed);
        config.duplicate = self.duplicate;
        config.stakes = Stakes {
            sb: self.small_blind,
            bb: self.big_blind,
            stack: self.stack,
        };
        config.init = self.defines.clone();
        config
    }
}

/// What a chunk gave, from bot `a`'s side: its chips, and the sums over independent units
/// (hands, or duplicate pairs of hands) the interval needs. Integer sums, so results merged
/// in any order give the same numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChunkResult {
    pub pairing: usize,
    pub a: usize,
    pub b: usize,
    pub chunk: u64,
    /// Hands played.
    pub hands: u64,
    /// A's chips won (B lost as many).
    pub net_a: i64,
    /// Independent units: hands, or duplicate pairs.
    pub units: u64,
    /// The sum of A's result per unit (equals `net_a`), and of its square.
    pub sum: i64,
    pub sum_sq: i128,
}

impl ChunkResult {
    /// What `job` produced, from the match its hands made.
    pub(crate) fn of(job: &ChunkJob, r: &MatchResult) -> ChunkResult {
        ChunkResult {
            pairing: job.pairing,
            a: job.a,
            b: job.b,
            chunk: job.chunk,
            hands: r.hands,
            net_a: r.net_a,
            units: r.tally.units,
            sum: r.tally.sum,
            sum_sq: r.tally.sum_sq,
        }
    }
}

/// Plays `job` with script bots `a` and `b` (the job's bots `a` and `b`).
pub fn run_chunk(a: &Bot, b: &Bot, job: &ChunkJob) -> Result<ChunkResult, MatchFailure> {
    run_chunk_of([a.player(), b.player()], job)
}

/// [`run_chunk`] of any two players the dealer can seat (an embedder's own bots).
pub fn run_chunk_of(
    bots: [&dyn crate::dealer::Decider; 2],
    job: &ChunkJob,
) -> Result<ChunkResult, MatchFailure> {
    let r = play_range(bots, &job.config(), (job.first_hand, job.end_hand))
        .map_err(|e| failure(&e, false))?;
    Ok(ChunkResult::of(job, &r))
}

/// A failed chunk as a front-door failure; `program`: the failing bot is an ACPC program.
pub(crate) fn failure(e: &MatchError, program: bool) -> MatchFailure {
    let kind = match e.cause() {
        MatchError::Config(_) | MatchError::Io(_) | MatchError::Interrupted => {
            MatchErrorKind::Usage
        }
        MatchError::Bot { .. } if program => MatchErrorKind::Program,
        MatchError::Bot { .. } => MatchErrorKind::External,
        _ => MatchErrorKind::Game,
    };
    MatchFailure {
        kind,
        message: e.to_string(),
    }
}
