//! Matches of two bots, as `hus match` plays them.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use hus::MatchOptions;

use crate::bot::Bot;
use crate::errors::{guard, InternalError, MatchError};
use crate::opponent::PyOpponent;
use crate::settings::Seed;

/// The outcome of a match, from bot A's side.
#[pyclass(module = "hus", frozen)]
pub(crate) struct MatchResult {
    #[pyo3(get)]
    hands: u64,
    #[pyo3(get)]
    seed: u64,
    /// A's total in chips.
    #[pyo3(get)]
    net_a: i64,
    /// A's result in milli-big-blinds per hand.
    #[pyo3(get)]
    mbb_per_hand: f64,
    /// The 95 % confidence interval of mbb_per_hand, or None with too few hands.
    #[pyo3(get)]
    ci95: Option<(f64, f64)>,
    /// Per bot (A, then B): a dict of decisions, actions per round, no_rule_matched,
    /// actions_made_legal, random_ties, showdowns, showdowns_won, showdowns_split.
    bots: Vec<Py<PyDict>>,
    #[pyo3(get)]
    threads: usize,
    /// A's chips won in every hand, when the match was played with keep_hands=True.
    #[pyo3(get)]
    hand_results: Option<Vec<i64>>,
}

#[pymethods]
impl MatchResult {
    /// Per bot (A, then B), read-only as the result is: a tuple of mappings (decisions,
    /// actions per round, no_rule_matched, actions_made_legal, random_ties, showdowns,
    /// showdowns_won, showdowns_split).
    #[getter]
    fn bots<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let proxy = py.import("types")?.getattr("MappingProxyType")?;
        let frozen = self
            .bots
            .iter()
            .map(|b| read_only(b.bind(py).as_any(), &proxy))
            .collect::<PyResult<Vec<_>>>()?;
        pyo3::types::PyTuple::new(py, frozen)
    }

    /// A result from its fields (what pickling calls).
    #[new]
    #[pyo3(signature = (hands, seed, net_a, mbb_per_hand, ci95, bots, threads, hand_results=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        hands: u64,
        seed: u64,
        net_a: i64,
        mbb_per_hand: f64,
        ci95: Option<(f64, f64)>,
        bots: Vec<Py<PyDict>>,
        threads: usize,
        hand_results: Option<Vec<i64>>,
    ) -> MatchResult {
        MatchResult {
            hands,
            seed,
            net_a,
            mbb_per_hand,
            ci95,
            bots,
            threads,
            hand_results,
        }
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, pyo3::types::PyType>,
        Bound<'py, pyo3::types::PyTuple>,
    )> {
        let r = slf.get();
        let py = slf.py();
        let bots: Vec<Py<PyDict>> = r.bots.iter().map(|b| b.clone_ref(py)).collect();
        let args = (
            r.hands,
            r.seed,
            r.net_a,
            r.mbb_per_hand,
            r.ci95,
            bots,
            r.threads,
            r.hand_results.clone(),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }

    /// Equal when every field is.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<MatchResult>() else {
            return Ok(false);
        };
        let o = o.get();
        let mut bots = self.bots.len() == o.bots.len();
        for (a, b) in self.bots.iter().zip(&o.bots) {
            bots = bots && a.bind(py).eq(b.bind(py))?;
        }
        Ok(bots
            && (self.hands, self.seed, self.net_a, self.threads)
                == (o.hands, o.seed, o.net_a, o.threads)
            && self.mbb_per_hand.to_bits() == o.mbb_per_hand.to_bits()
            && self.ci95 == o.ci95
            && self.hand_results == o.hand_results)
    }

    fn __repr__(&self) -> String {
        format!(
            "<MatchResult {} hands, A {:+.1} mbb/hand>",
            self.hands, self.mbb_per_hand
        )
    }
}

/// `value` with every dict inside it a fresh read-only mapping (`types.MappingProxyType`).
fn read_only<'py>(
    value: &Bound<'py, PyAny>,
    proxy: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let Ok(dict) = value.cast::<PyDict>() else {
        return Ok(value.clone());
    };
    let copy = PyDict::new(value.py());
    for (k, v) in dict.iter() {
        copy.set_item(k, read_only(&v, proxy)?)?;
    }
    proxy.call1((copy,))
}

fn bot_stats(py: Python<'_>, s: &hus_table::dealer::BotStats) -> PyResult<Py<PyDict>> {
    let o = PyDict::new(py);
    o.set_item("decisions", s.decisions)?;
    let rounds = PyDict::new(py);
    for phase in hus_poker::game::Phase::ALL {
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

/// A number of chips from Python: an int, or a float that is a whole number (the dealer
/// plays whole chips, as `hus match` does).
#[derive(FromPyObject, Clone, Copy)]
pub(crate) enum Chips {
    Whole(i64),
    Number(f64),
}

impl Chips {
    /// The whole number of chips, or `hus.MatchError` naming the keyword `name`.
    pub(crate) fn whole(self, name: &str) -> PyResult<i64> {
        match self {
            Chips::Whole(n) => Ok(n),
            Chips::Number(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 9.0e15 => {
                Ok(x as i64)
            }
            // Whole, but past what an i64 holds (10**30): the dealer's limit says more.
            Chips::Number(x) if x.is_finite() && x.fract() == 0.0 => {
                Err(MatchError::new_err(format!(
                    "{name}: {x:e} chips is above the limit: stacks are at most {} chips (the competition dealer's limit)",
                    hus::MAX_STACK_CHIPS
                )))
            }
            Chips::Number(x) => Err(MatchError::new_err(format!(
                "{name}: {} is not a whole number of chips; the dealer plays whole chips (scale the stakes up: 0.5/1 is 50/100)",
                hus_poker::game::format_amount(x)
            ))),
        }
    }
}

/// The stack both bots start with, in chips: `stack` or `stack_bb` big blinds, 100 big
/// blinds by default (as `hus match --stack`).
pub(crate) fn stack_of(stack: Option<i64>, stack_bb: Option<i64>, big_blind: i64) -> PyResult<i64> {
    match (stack, stack_bb) {
        (Some(_), Some(_)) => Err(MatchError::new_err(
            "stack and stack_bb give the same thing: give one",
        )),
        (Some(chips), None) => Ok(chips),
        (None, bbs) => bbs
            .unwrap_or(100)
            .checked_mul(big_blind)
            .ok_or_else(|| MatchError::new_err("stack_bb: the stack in chips is past every limit")),
    }
}

/// Plays bot `a` against bot `b` as `hus match` does, without holding the GIL. Ctrl-C stops
/// it between hands: `KeyboardInterrupt` is raised with `result`, the hands played.
#[pyfunction(name = "match")]
#[pyo3(signature = (a, b, *, hands, seed, threads=Some(1), duplicate=false, small_blind=Chips::Whole(50), big_blind=Chips::Whole(100), stack=None, stack_bb=None, keep_hands=false))]
#[pyo3(
    text_signature = "(a, b, *, hands, seed, threads=1, duplicate=False, small_blind=50, big_blind=100, stack=None, stack_bb=None, keep_hands=False)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_match(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    hands: u64,
    seed: Seed,
    threads: Option<usize>,
    duplicate: bool,
    small_blind: Chips,
    big_blind: Chips,
    stack: Option<Chips>,
    stack_bb: Option<i64>,
    keep_hands: bool,
) -> PyResult<MatchResult> {
    let (small_blind, big_blind) = (
        small_blind.whole("small_blind")?,
        big_blind.whole("big_blind")?,
    );
    let stack = stack.map(|s| s.whole("stack")).transpose()?;
    if threads == Some(0) {
        return Err(MatchError::new_err(
            "threads: at least 1, or None for one per core",
        ));
    }
    let seats = [Seat::of(a, "a")?, Seat::of(b, "b")?];
    let stop = Arc::new(AtomicBool::new(false));
    let seed = seed.0;
    let options = MatchOptions {
        hands,
        seed,
        threads: threads.unwrap_or(0),
        duplicate,
        small_blind,
        big_blind,
        stack: stack_of(stack, stack_bb, big_blind)?,
        keep_hands,
        stop: Some(stop.clone()),
        ..MatchOptions::new(hands, seed)
    };
    let (played, interrupt) = py.detach(|| {
        watching_signals(&stop, || {
            catch_unwind(AssertUnwindSafe(|| {
                hus::play_match_of([seats[0].player(), seats[1].player()], &options)
            }))
        })
    });
    let played = played
        .map_err(|_| InternalError::new_err("internal error in hus: a panic during the match"))?;
    let (result, failure) = match played {
        Ok(r) => (Some(r), None),
        Err(hus_table::dealer::MatchError::Stopped { partial, cause }) => {
            (Some(*partial), Some(*cause))
        }
        Err(e) => (None, Some(e)),
    };
    let result = result.map(|r| match_result(py, &r)).transpose()?;
    let raised = seats.iter().find_map(Seat::raised);
    let err = match (interrupt, raised, failure) {
        (Some(ctrl_c), _, _) => ctrl_c,
        // What a Python opponent raised, as it raised it.
        (None, Some(e), _) => e,
        (None, None, Some(e)) => MatchError::new_err(e.to_string()),
        (None, None, None) => return Ok(result.expect("a result without a failure")),
    };
    // The hands played before the stop travel with the exception.
    let partial = result.map_or_else(
        || Ok(py.None()),
        |r| Ok::<_, PyErr>(Py::new(py, r)?.into_any()),
    )?;
    err.value(py).setattr("result", partial)?;
    Err(err)
}

/// One side of a match: a compiled bot, or a Python callable.
enum Seat {
    Script(Py<Bot>),
    Python(PyOpponent),
}

impl Seat {
    fn of(obj: &Bound<'_, PyAny>, which: &str) -> PyResult<Seat> {
        if let Ok(bot) = obj.cast::<Bot>() {
            return Ok(Seat::Script(bot.clone().unbind()));
        }
        if obj.is_callable() {
            return Ok(Seat::Python(PyOpponent::new(obj.clone().unbind())));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{which}: a hus.Bot or a callable (a hus.GameState in, an action out), not {}",
            obj.repr()?
        )))
    }

    fn player(&self) -> &dyn hus_table::dealer::Decider {
        match self {
            Seat::Script(bot) => bot.get().bot.player(),
            Seat::Python(f) => f,
        }
    }

    /// The first exception a Python opponent raised.
    fn raised(&self) -> Option<PyErr> {
        match self {
            Seat::Script(_) => None,
            Seat::Python(f) => f.raised.lock().unwrap_or_else(|p| p.into_inner()).take(),
        }
    }
}

/// Runs `play` on a thread of its own while this one checks for Python's signals (Ctrl-C)
/// every 50 ms; on one, `stop` is set so the match ends between hands, and the signal's
/// exception is returned beside the match's outcome.
fn watching_signals<T: Send>(
    stop: &AtomicBool,
    play: impl FnOnce() -> T + Send,
) -> (T, Option<PyErr>) {
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel();
        s.spawn(move || {
            let _ = tx.send(play());
        });
        let mut signal = None;
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(out) => return (out, signal),
                Err(RecvTimeoutError::Timeout) if signal.is_none() => {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        stop.store(true, Ordering::Relaxed);
                        signal = Some(e);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    unreachable!("the match's thread sends before it ends")
                }
            }
        }
    })
}

/// The library's result as a Python object.
pub(crate) fn match_result(py: Python<'_>, result: &hus::MatchResult) -> PyResult<MatchResult> {
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
