//! A Python callable seated at the dealer's table: given the `hus.GameState` of its turn, it
//! answers `"fold"`, `"check"`, `"call"`, `("bet" | "raise", total raised to)` or a
//! `hus.Decision`.

use std::sync::Mutex;

use pyo3::prelude::*;

use hus_poker::game::{Act, Intent};
use hus_table::dealer::{BotDecision, DecisionRng};

use crate::decision::Decision;
use crate::state::GameState;

/// The callable, and the first exception it raised (re-raised once the match stops).
pub(crate) struct PyOpponent {
    f: Py<PyAny>,
    pub(crate) raised: Mutex<Option<PyErr>>,
}

impl PyOpponent {
    pub(crate) fn new(f: Py<PyAny>) -> PyOpponent {
        PyOpponent {
            f,
            raised: Mutex::new(None),
        }
    }

    /// Asks the callable in `state`.
    fn ask(&self, py: Python<'_>, state: &hus::GameState) -> PyResult<Intent> {
        let seen = Py::new(py, GameState::of(py, state.clone(), &[])?)?;
        let answer = self.f.call1(py, (seen,))?;
        move_of(answer.bind(py), state)
    }
}

/// What an answer asks for; a bet or raise is given as the total raised to, which must be
/// above the call (a raise to -5 is refused, not played as the smallest raise). The words
/// are read as everywhere ([`Act`]): in any case.
pub(crate) fn move_of(answer: &Bound<'_, PyAny>, state: &hus::GameState) -> PyResult<Intent> {
    let d = state.derived();
    let call = d.chips(d.hero_round + d.to_call);
    if let Ok(decision) = answer.cast::<Decision>() {
        let decision = decision.get();
        return Ok(match (decision.action(), decision.raise_to()) {
            ("raise", Some(to)) => Intent::Raise(to - call),
            (act, _) => simple_move(act).expect("a decision's action"),
        });
    }
    if let Ok(word) = answer.extract::<String>() {
        if let Some(mv) = simple_move(&word) {
            return Ok(mv);
        }
    }
    if let Ok((word, to)) = answer.extract::<(String, f64)>() {
        if matches!(word.parse::<Act>(), Ok(Act::Bet | Act::Raise)) {
            if to.is_finite() && to > call {
                return Ok(Intent::Raise(to - call));
            }
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "({word:?}, {to}): a bet or raise gives the total raised to, above the {call} a call puts in"
            )));
        }
    }
    Err(pyo3::exceptions::PyValueError::new_err(format!(
        "an opponent answers \"fold\", \"check\", \"call\", (\"raise\", total raised to) or a hus.Decision, not {}",
        answer.repr()?
    )))
}

/// Fold, check or call, from its word.
fn simple_move(word: &str) -> Option<Intent> {
    match word.parse::<Act>() {
        Ok(Act::Fold) => Some(Intent::Fold),
        Ok(Act::Check) => Some(Intent::Check),
        Ok(Act::Call) => Some(Intent::Call),
        _ => None,
    }
}

impl hus_table::dealer::Decider for PyOpponent {
    fn decide(
        &self,
        state: &hus::GameState,
        _rng: &mut DecisionRng,
    ) -> Result<BotDecision, String> {
        Python::attach(|py| self.ask(py, state))
            .map(BotDecision::plain)
            .map_err(|e| {
                let message = e.to_string();
                let mut raised = self.raised.lock().unwrap_or_else(|p| p.into_inner());
                raised.get_or_insert(e);
                message
            })
    }

    /// Python runs one thread at a time: the hands are played in order, on one thread.
    fn plays_in_order(&self) -> bool {
        true
    }
}
