//! Tournaments from Python: a tournament's chunk jobs, one chunk played (the unit an engine
//! ships, as JSON), and the chunks' results merged into the crosstable and ranking.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use pyo3::exceptions::PyTypeError;

use crate::bot::Bot;
use crate::errors::{InternalError, MatchError};
use crate::exploit::Exploit;
use crate::matches::{match_result, stack_of, MatchResult};
use crate::settings::Seed;

/// Bots and how they meet: the jobs to play and how to merge what they give.
#[pyclass(module = "hus", frozen)]
pub(crate) struct Tournament {
    inner: hus::Tournament,
    bots: Vec<Py<Bot>>,
}

fn failure(e: hus::MatchFailure) -> PyErr {
    MatchError::new_err(e.message)
}

impl Tournament {
    fn of(py: Python<'_>, bots: Vec<Py<Bot>>, options: hus::TournamentOptions) -> PyResult<Self> {
        let scripts = bots.iter().map(|b| b.get().bot.clone()).collect();
        let inner = py.detach(|| hus::Tournament::of_bots(scripts, options));
        Ok(Tournament {
            inner: inner.map_err(failure)?,
            bots,
        })
    }
}

#[pymethods]
impl Tournament {
    /// A round robin of `bots`, or a gauntlet of the bots numbered in `gauntlet` against
    /// the others; `chunk_hands` is the unit of work (10,000 hands by default).
    #[new]
    #[pyo3(signature = (bots, *, hands, seed, duplicate=true, chunk_hands=None, gauntlet=None, small_blind=50, big_blind=100, stack=None, stack_bb=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        bots: Vec<Py<Bot>>,
        hands: u64,
        seed: Seed,
        duplicate: bool,
        chunk_hands: Option<u64>,
        gauntlet: Option<Vec<usize>>,
        small_blind: i64,
        big_blind: i64,
        stack: Option<i64>,
        stack_bb: Option<i64>,
    ) -> PyResult<Self> {
        let mut o = hus::TournamentOptions::new(hands, seed.0);
        o.duplicate = duplicate;
        o.chunk_hands = chunk_hands.unwrap_or(o.chunk_hands);
        if let Some(challengers) = gauntlet {
            o.format = hus::Format::Gauntlet { challengers };
        }
        o.small_blind = small_blind;
        o.big_blind = big_blind;
        o.stack = stack_of(stack, stack_bb, big_blind)?;
        Tournament::of(py, bots, o)
    }

    /// A tournament from its bots and its options as `options_json` wrote them.
    #[staticmethod]
    fn from_options_json(py: Python<'_>, bots: Vec<Py<Bot>>, options: &str) -> PyResult<Self> {
        let o = serde_json::from_str(options).map_err(|e| {
            MatchError::new_err(format!("options: not a tournament's options: {e}"))
        })?;
        Tournament::of(py, bots, o)
    }

    /// The options (everything but the bots) as JSON.
    fn options_json(&self) -> PyResult<String> {
        serde_json::to_string(self.inner.options())
            .map_err(|e| InternalError::new_err(e.to_string()))
    }

    /// The bots' names: a script's file name, or builtin:NAME.
    #[getter]
    fn names(&self) -> Vec<String> {
        self.inner.names().to_vec()
    }

    #[getter]
    fn bots(&self, py: Python<'_>) -> Vec<Py<Bot>> {
        self.bots.iter().map(|b| b.clone_ref(py)).collect()
    }

    /// Every pairing in order: bot a, bot b, and the seed `hus match --seed` plays its
    /// hands with.
    fn pairings(&self) -> Vec<(usize, usize, u64)> {
        self.inner
            .pairings()
            .iter()
            .map(|p| (p.a, p.b, p.seed))
            .collect()
    }

    /// Every chunk of every pairing as JSON, pairing by pairing.
    fn jobs(&self) -> PyResult<Vec<String>> {
        self.inner
            .jobs()
            .iter()
            .map(|j| serde_json::to_string(j).map_err(|e| InternalError::new_err(e.to_string())))
            .collect()
    }

    /// The chunks' results (JSON, as `run_chunk` gives them, in any order; one given twice
    /// counts once) summed into the tournament's result.
    fn merge(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        results: Vec<String>,
    ) -> PyResult<TournamentResult> {
        let parsed = results
            .iter()
            .enumerate()
            .map(|(i, r)| {
                serde_json::from_str::<hus::ChunkResult>(r).map_err(|e| {
                    MatchError::new_err(format!("results[{i}]: not a chunk's result: {e}"))
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        let plan = &slf.get().inner;
        let merged = py.detach(|| plan.merge(&parsed)).map_err(failure)?;
        Ok(TournamentResult {
            inner: merged,
            plan: slf.clone().unbind(),
            results,
        })
    }

    /// Pickles as its bots and its options.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("hus._pickle")?.getattr("tournament")?;
        let args = (self.bots(py), self.options_json()?);
        Ok((restore, args.into_pyobject(py)?))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tournament of {} bots, {} pairings>",
            self.inner.names().len(),
            self.inner.pairings().len()
        )
    }
}

/// Plays one chunk job (JSON, from `jobs()`) of `plan`, a tournament or an exploit run,
/// without holding the GIL; its result as JSON, for the plan's `merge`. One function for both
/// so that every engine ships either kind of job the same way.
#[pyfunction]
pub(crate) fn run_chunk(py: Python<'_>, plan: &Bound<'_, PyAny>, job: &str) -> PyResult<String> {
    if let Ok(exploit) = plan.cast::<Exploit>() {
        return exploit.get().run_chunk(py, job);
    }
    let tournament = plan.cast::<Tournament>().map_err(|_| {
        PyTypeError::new_err(format!(
            "plan: a hus.Tournament or hus.Exploit, not {}",
            plan.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let job: hus::ChunkJob = serde_json::from_str(job)
        .map_err(|e| MatchError::new_err(format!("job: not a chunk job: {e}")))?;
    let t = &tournament.get().inner;
    let played = py.detach(|| catch_unwind(AssertUnwindSafe(|| t.run_job(&job))));
    let result = played
        .map_err(|_| InternalError::new_err("internal error in hus: a panic during a chunk"))?
        .map_err(failure)?;
    serde_json::to_string(&result).map_err(|e| InternalError::new_err(e.to_string()))
}

/// A tournament played: the crosstable, the ranking, and every pairing's match.
#[pyclass(module = "hus", frozen)]
pub(crate) struct TournamentResult {
    inner: hus::TournamentResult,
    /// The tournament and its chunks' results, which it pickles as (merged again where it
    /// is unpickled: the same numbers, since merging is exact).
    plan: Py<Tournament>,
    results: Vec<String>,
}

#[pymethods]
impl TournamentResult {
    #[getter]
    fn names(&self) -> Vec<String> {
        self.inner.names.clone()
    }

    /// Row bot's mbb/hand against the column's, by bot number; None where they did not meet.
    #[getter]
    fn crosstable(&self) -> Vec<Vec<Option<f64>>> {
        self.grid(|c| c.0)
    }

    /// The 95 % interval of each crosstable cell; None where there is none.
    #[getter]
    fn intervals(&self) -> Vec<Vec<Option<(f64, f64)>>> {
        self.grid(|c| c.1)
            .into_iter()
            .map(|r| r.into_iter().map(Option::flatten).collect())
            .collect()
    }

    /// The ranked bots, best first: dicts of bot, name, rank, mean, ci95 and opponents.
    #[getter]
    fn ranking(&self, py: Python<'_>) -> PyResult<Vec<Py<PyDict>>> {
        self.inner
            .ranking()
            .iter()
            .map(|s| {
                let d = PyDict::new(py);
                d.set_item("bot", s.bot)?;
                d.set_item("name", &self.inner.names[s.bot])?;
                d.set_item("rank", s.rank)?;
                d.set_item("mean", s.mean)?;
                d.set_item("ci95", s.ci95)?;
                d.set_item("opponents", s.opponents)?;
                Ok(d.unbind())
            })
            .collect()
    }

    /// Every pairing: bot a, bot b, and a's match as `hus.match` reports it (without the
    /// per-bot action counts, which a tournament does not keep).
    #[getter]
    fn pairings(&self, py: Python<'_>) -> PyResult<Vec<(usize, usize, MatchResult)>> {
        self.inner
            .pairings
            .iter()
            .map(|p| Ok((p.pairing.a, p.pairing.b, match_result(py, &p.result)?)))
            .collect()
    }

    /// The report as `hus tournament` prints it.
    fn text(&self) -> String {
        self.inner.text()
    }

    /// As `hus tournament --json` writes it.
    fn json(&self) -> String {
        self.inner.json()
    }

    /// As `hus tournament --csv` writes it.
    fn csv(&self) -> String {
        self.inner.csv()
    }

    /// The crosstable as an SVG heat map, as `hus tournament --svg` draws it.
    fn svg(&self) -> String {
        self.inner.svg()
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    /// Equal when their JSON reports are.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<TournamentResult>()
            .is_ok_and(|o| o.get().inner.json() == self.inner.json())
    }

    /// Pickles as its tournament and its chunks' results.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("hus._pickle")?.getattr("tournament_result")?;
        let args = (self.plan.clone_ref(py), self.results.clone());
        Ok((restore, args.into_pyobject(py)?))
    }

    fn __repr__(&self) -> String {
        format!(
            "<TournamentResult of {} bots, {} pairings>",
            self.inner.names.len(),
            self.inner.pairings.len()
        )
    }
}

type Cell = (f64, Option<(f64, f64)>);

impl TournamentResult {
    /// `f` of every cell, rows and columns by bot number.
    fn grid<T>(&self, f: impl Fn(Cell) -> T) -> Vec<Vec<Option<T>>> {
        let n = self.inner.names.len();
        (0..n)
            .map(|r| (0..n).map(|c| self.inner.cell(r, c).map(&f)).collect())
            .collect()
    }
}
