//! The in-process engine: a tournament's chunks on the machine's threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use super::{ChunkJob, ChunkResult, Tournament, TournamentResult};
use crate::front::{run_match, MatchBot, MatchFailure, MatchOptions};

/// Plays `job` with `t`'s bots: a chunk of two scripts on the calling thread, or a whole
/// pairing with an ACPC program as `hus match` plays it.
pub(super) fn run_job(
    t: &Tournament,
    job: &ChunkJob,
    stop: Option<&Arc<AtomicBool>>,
) -> Result<ChunkResult, MatchFailure> {
    let (Some(a), Some(b)) = (t.bots.get(job.a), t.bots.get(job.b)) else {
        return Err(super::usage(format!(
            "the job names bots {} and {}; the tournament has {}",
            job.a,
            job.b,
            t.bots.len()
        )));
    };
    let named = |e: MatchFailure| MatchFailure {
        kind: e.kind,
        message: format!(
            "{} against {}: {}",
            t.names[job.a], t.names[job.b], e.message
        ),
    };
    match (a, b) {
        (MatchBot::Script(a), MatchBot::Script(b)) => super::run_chunk(a, b, job).map_err(named),
        (MatchBot::Lbr, MatchBot::Script(b)) => {
            let lbr = crate::front::matches::lbr_against(b);
            super::run_chunk_of([&lbr, b.player()], job).map_err(named)
        }
        (MatchBot::Script(a), MatchBot::Lbr) => {
            let lbr = crate::front::matches::lbr_against(a);
            super::run_chunk_of([a.player(), &lbr], job).map_err(named)
        }
        _ => run_program_pairing(t, a, b, job, stop).map_err(named),
    }
}

/// A pairing with an ACPC program, played whole in order by [`run_match`] (which `stop`
/// stops between hands).
fn run_program_pairing(
    t: &Tournament,
    a: &MatchBot,
    b: &MatchBot,
    job: &ChunkJob,
    stop: Option<&Arc<AtomicBool>>,
) -> Result<ChunkResult, MatchFailure> {
    if job.first_hand != 0 || job.end_hand != job.hands {
        return Err(super::usage(
            "a pairing with an ACPC program is played whole, in one chunk".into(),
        ));
    }
    let mut options = MatchOptions::new(job.hands, job.seed);
    options.duplicate = job.duplicate;
    options.small_blind = job.small_blind;
    options.big_blind = job.big_blind;
    options.stack = job.stack;
    options.defines = job.defines.clone();
    options.action_time = t.options.action_time;
    options.hand_time = t.options.hand_time;
    options.stop = stop.cloned();
    let report = run_match(a, b, &options, None)?;
    if let Some(stopped) = report.stopped {
        return Err(stopped);
    }
    Ok(ChunkResult::of(job, &report.result))
}

/// Plays every job of `t` on `threads` threads (0: one per core) and merges the results.
/// Once `stop` is set no chunk starts (those being played finish; a pairing with an ACPC
/// program stops between hands) and the tournament ends in an error that says so.
pub(super) fn run_all(
    t: &Tournament,
    threads: usize,
    progress: Option<&(dyn Fn(u64) + Sync)>,
    stop: Option<&Arc<AtomicBool>>,
) -> Result<TournamentResult, MatchFailure> {
    let jobs = t.jobs();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if threads == 0 { cores } else { threads }
        .min(jobs.len())
        .min(crate::dealer::MAX_THREADS_PER_CORE * cores)
        .max(1);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let done = AtomicUsize::new(0);
    let one = |job: &ChunkJob| {
        if stopped() {
            return Err(None);
        }
        let r = run_job(t, job, stop).map_err(Some)?;
        done.fetch_add(1, Ordering::Relaxed);
        if let Some(p) = progress {
            p(r.hands);
        }
        Ok(r)
    };
    let results: Result<Vec<ChunkResult>, Option<MatchFailure>> = if threads == 1 {
        jobs.iter().map(one).collect()
    } else if threads == rayon::current_num_threads() {
        jobs.par_iter().map(one).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| super::usage(format!("cannot start the threads: {e}")))?;
        pool.install(|| jobs.par_iter().map(one).collect())
    };
    match results {
        Ok(results) => t.merge(&results),
        // A failure is the tournament's, unless it came of the stop (an ACPC pairing's).
        Err(Some(e)) if !stopped() => Err(e),
        Err(_) => Err(super::usage(format!(
            "the tournament was interrupted after {} of its {} chunks (no result: it needs every chunk)",
            done.load(Ordering::Relaxed),
            jobs.len()
        ))),
    }
}
