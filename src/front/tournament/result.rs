//! A tournament's result: every pairing's match, the crosstable and the ranking.

use crate::dealer::{stats, MatchResult, ResultSums, Stakes};
use crate::front::MatchFailure;

use super::{ChunkResult, Format, Pairing, Tournament, TournamentOptions};

/// One pairing's hands summed: bot `a`'s result against bot `b`, as `hus match --seed
/// SEED` of the two reports it.
#[derive(Clone, Debug)]
pub struct PairResult {
    pub pairing: Pairing,
    pub result: MatchResult,
}

impl PairResult {
    /// The standard error of A's mbb/hand; `None` with too few units for an interval.
    fn std_error(&self) -> Option<f64> {
        let r = &self.result;
        if r.tally.units < stats::MIN_UNITS {
            return None;
        }
        let per_unit = if r.duplicate { 2.0 } else { 1.0 };
        Some(r.tally.std_error()? / per_unit * 1000.0 / r.stakes.bb as f64)
    }
}

/// A bot's place in the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub bot: usize,
    /// 1 + the number of bots whose mean is higher by more than the 95% interval of the
    /// difference: bots the data cannot tell apart share a rank.
    pub rank: usize,
    /// The mean of its mbb/hand over the pairings it played (each pairing weighs the same).
    pub mean: f64,
    /// The 95% interval of the mean (normal: the pairings are independent); `None` when a
    /// pairing has too few hands for one.
    pub ci95: Option<(f64, f64)>,
    /// The pairings it played.
    pub opponents: usize,
}

/// A tournament played: its bots, options and every pairing's result.
#[derive(Clone, Debug)]
pub struct TournamentResult {
    pub names: Vec<String>,
    pub options: TournamentOptions,
    /// In the order of [`Tournament::pairings`].
    pub pairings: Vec<PairResult>,
}

/// Sums `results` into `t`'s result (see [`Tournament::merge`]).
pub(super) fn merge(
    t: &Tournament,
    results: &[ChunkResult],
) -> Result<TournamentResult, MatchFailure> {
    let bad = |m: String| super::usage(format!("cannot merge the chunk results: {m}"));
    let jobs = t.jobs();
    // Jobs come pairing by pairing, chunk by chunk: pairing p's chunk c is job first[p] + c.
    let mut first = vec![jobs.len(); t.pairings().len() + 1];
    for (i, j) in jobs.iter().enumerate().rev() {
        first[j.pairing] = i;
    }
    for p in (0..first.len() - 1).rev() {
        first[p] = first[p].min(first[p + 1]);
    }
    let slot = |r: &ChunkResult| {
        if r.pairing >= first.len() - 1 {
            return None;
        }
        let (start, end) = (first[r.pairing], first[r.pairing + 1]);
        let c = usize::try_from(r.chunk).ok()?;
        (c < end - start).then_some(start + c)
    };
    let mut got: Vec<Option<&ChunkResult>> = vec![None; jobs.len()];
    for r in results {
        let Some(i) = slot(r) else {
            return Err(bad(format!(
                "pairing {} has no chunk {}",
                r.pairing, r.chunk
            )));
        };
        let job = &jobs[i];
        if (r.a, r.b) != (job.a, job.b) || r.hands != job.end_hand - job.first_hand {
            return Err(bad(format!(
                "chunk {} of pairing {} is not the job's (bots {} and {}, {} hands)",
                r.chunk,
                r.pairing,
                job.a,
                job.b,
                job.end_hand - job.first_hand
            )));
        }
        match got[i].replace(r) {
            Some(before) if before != r => {
                return Err(bad(format!(
                    "chunk {} of pairing {} was given twice with different results",
                    r.chunk, r.pairing
                )))
            }
            _ => {}
        }
    }
    if let Some(i) = got.iter().position(Option::is_none) {
        let missing = &jobs[i];
        return Err(bad(format!(
            "chunk {} of pairing {} is missing",
            missing.chunk, missing.pairing
        )));
    }
    let o = t.options();
    let stakes = Stakes {
        sb: o.small_blind,
        bb: o.big_blind,
        stack: o.stack,
    };
    let mut pairings: Vec<PairResult> = t
        .pairings()
        .into_iter()
        .map(|p| PairResult {
            pairing: p,
            result: MatchResult {
                hands: 0,
                seed: p.seed,
                stakes,
                duplicate: o.duplicate,
                net_a: 0,
                tally: ResultSums::default(),
                bots: Default::default(),
                hand_results: None,
                threads: 1,
            },
        })
        .collect();
    // In chunk order, though integer sums do not depend on it.
    for r in got.into_iter().flatten() {
        let m = &mut pairings[r.pairing].result;
        m.hands += r.hands;
        m.net_a += r.net_a;
        m.tally.add(&ResultSums {
            units: r.units,
            sum: r.sum,
            sum_sq: r.sum_sq,
        });
    }
    Ok(TournamentResult {
        names: t.names().to_vec(),
        options: o.clone(),
        pairings,
    })
}

impl TournamentResult {
    /// The bots that are ranked: all of a round robin's, a gauntlet's challengers.
    pub fn ranked(&self) -> Vec<usize> {
        match &self.options.format {
            Format::RoundRobin => (0..self.names.len()).collect(),
            Format::Gauntlet { challengers } => challengers.clone(),
        }
    }

    /// The crosstable's columns: every bot in a round robin, a gauntlet's field.
    pub fn columns(&self) -> Vec<usize> {
        match &self.options.format {
            Format::RoundRobin => (0..self.names.len()).collect(),
            Format::Gauntlet { challengers } => (0..self.names.len())
                .filter(|b| !challengers.contains(b))
                .collect(),
        }
    }

    /// Bot `row`'s mbb/hand against bot `col` with its 95% interval (`None` with too few
    /// hands); `None` when they did not meet.
    pub fn cell(&self, row: usize, col: usize) -> Option<(f64, Option<(f64, f64)>)> {
        self.pairings.iter().find_map(|p| {
            let r = &p.result;
            let flip = |(lo, hi): (f64, f64)| (-hi, -lo);
            if (p.pairing.a, p.pairing.b) == (row, col) {
                Some((r.mbb_per_hand(), r.ci95()))
            } else if (p.pairing.b, p.pairing.a) == (row, col) {
                Some((-r.mbb_per_hand(), r.ci95().map(flip)))
            } else {
                None
            }
        })
    }

    /// The coefficient of each pairing's result (A's mbb/hand) in bot `bot`'s mean.
    fn weights(&self, bot: usize) -> Vec<f64> {
        let played = self
            .pairings
            .iter()
            .filter(|p| p.pairing.a == bot || p.pairing.b == bot)
            .count()
            .max(1) as f64;
        self.pairings
            .iter()
            .map(|p| {
                let side = (p.pairing.a == bot) as i32 - (p.pairing.b == bot) as i32;
                side as f64 / played
            })
            .collect()
    }

    /// The value and standard error of a combination of the pairings' results (they are
    /// independent); no error when a pairing it weighs has too few hands.
    fn combine(&self, weights: &[f64]) -> (f64, Option<f64>) {
        let mut value = 0.0;
        let mut var = Some(0.0);
        for (p, &w) in self.pairings.iter().zip(weights) {
            if w == 0.0 {
                continue;
            }
            value += w * p.result.mbb_per_hand();
            var = match (var, p.std_error()) {
                (Some(v), Some(se)) => Some(v + w * w * se * se),
                _ => None,
            };
        }
        (value, var.map(f64::sqrt))
    }

    /// The ranked bots by mean mbb/hand against the field, best first (equal means in the
    /// bots' order), each with its rank (see [`Standing::rank`]).
    pub fn ranking(&self) -> Vec<Standing> {
        let bots = self.ranked();
        let weights: Vec<Vec<f64>> = bots.iter().map(|&b| self.weights(b)).collect();
        let mut standings: Vec<(Standing, &Vec<f64>)> = bots
            .iter()
            .zip(&weights)
            .map(|(&bot, w)| {
                let (mean, se) = self.combine(w);
                let ci95 = se.map(|se| (mean - stats::Z95 * se, mean + stats::Z95 * se));
                let opponents = w.iter().filter(|&&x| x != 0.0).count();
                let s = Standing {
                    bot,
                    rank: 1,
                    mean,
                    ci95,
                    opponents,
                };
                (s, w)
            })
            .collect();
        standings.sort_by(|x, y| y.0.mean.total_cmp(&x.0.mean).then(x.0.bot.cmp(&y.0.bot)));
        let better: Vec<usize> = standings
            .iter()
            .map(|(s, w)| {
                standings
                    .iter()
                    .filter(|(o, ow)| {
                        let diff: Vec<f64> = ow.iter().zip(w.iter()).map(|(a, b)| a - b).collect();
                        let (d, se) = self.combine(&diff);
                        o.bot != s.bot && se.is_some_and(|se| d > stats::Z95 * se)
                    })
                    .count()
            })
            .collect();
        standings
            .into_iter()
            .zip(better)
            .map(|((s, _), b)| Standing { rank: 1 + b, ..s })
            .collect()
    }
}
