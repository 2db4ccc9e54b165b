//! Matches of two bots, as `hus match` plays them.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;
use pyo3::types::PyDict;

use hus::MatchOptions;

use crate::bot::Bot;
use crate::errors::{guard, InternalError, MatchError};

/// The outcome of a match, from bot A's side.
#[pyclass(module = "hus", frozen, get_all)]
pub(crate) struct MatchResult {
    hands: u64,
    seed: u64,
    /// A's total in chips.
    net_a: i64,
    /// A's result in milli-big-blinds per hand.
    mbb_per_hand: f64,
    /// The 95 % confidence interval of mbb_per_hand, or None with too few hands.
    ci95: Option<(f64, f64)>,
    /// Per bot (A, then B): a dict of decisions, actions per round, no_rule_matched,
    /// actions_made_legal, random_ties, showdowns, showdowns_won, showdowns_split.
    bots: Vec<Py<PyDict>>,
    threads: usize,
    /// A's chips won in every hand, when the match was played with keep_hands=True.
    hand_results: Option<Vec<i64>>,
}

#[pymethods]
impl MatchResult {
    fn __repr__(&self) -> String {
        format!(
            "<MatchResult {} hands, A {:+.1} mbb/hand>",
            self.hands, self.mbb_per_hand
        )
    }
}

fn bot_stats(py: Python<'_>, s: &hus::dealer::BotStats) -> PyResult<Py<PyDict>> {
    let o = PyDict::new(py);
    o.set_item("decisions", s.decisions)?;
    let rounds = PyDict::new(py);
    for phase in hus::game::Phase::ALL {
        let a = &s.actions[phase as usize];
        let counts = PyDict::new(py);
        counts.set_item("fold", a.fold)?;
        counts.set_item("check", a.check)?;
        counts.set_item("call", a.call)?;
        counts.set_item("raise", a.raise)?;
        rounds.set_item(phase.xml_tag(), counts)?;
    }
    o.set_item("actions", rounds)?;
    o.set_item("no_rule_matched", s.no_rule_matched)?;
    o.set_item("actions_made_legal", s.actions_made_legal)?;
    o.set_item("random_ties", s.random_ties)?;
    o.set_item("showdowns", s.showdowns)?;
    o.set_item("showdowns_won", s.showdowns_won)?;
    o.set_item("showdowns_split", s.showdowns_split)?;
    Ok(o.unbind())
}

/// Plays bot `a` against bot `b` as `hus match` does, without holding the GIL.
#[pyfunction]
#[pyo3(signature = (a, b, *, hands, seed, threads=1, duplicate=false, small_blind=50, big_blind=100, stack=10000, keep_hands=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_match(
    py: Python<'_>,
    a: &Bot,
    b: &Bot,
    hands: u64,
    seed: u64,
    threads: usize,
    duplicate: bool,
    small_blind: i64,
    big_blind: i64,
    stack: i64,
    keep_hands: bool,
) -> PyResult<MatchResult> {
    let options = MatchOptions {
        hands,
        seed,
        threads,
        duplicate,
        small_blind,
        big_blind,
        stack,
        keep_hands,
        ..MatchOptions::new(hands, seed)
    };
    let result = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                hus::play_match(&a.bot, &b.bot, &options)
            }))
        })
        .map_err(|_| InternalError::new_err("internal error in hus: a panic during the match"))?
        .map_err(|e| MatchError::new_err(e.to_string()))?;
    guard(|| {
        Ok(MatchResult {
            hands: result.hands,
            seed: result.seed,
            net_a: result.net_a,
            mbb_per_hand: result.mbb_per_hand(),
            ci95: result.ci95(),
            bots: vec![
                bot_stats(py, &result.bots[0])?,
                bot_stats(py, &result.bots[1])?,
            ],
            threads: result.threads,
            hand_results: result.hand_results.clone(),
        })
    })
}
