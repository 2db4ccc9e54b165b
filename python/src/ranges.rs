//! `hus.equity` and `hus.range_breakdown`: the command line's `hus equity` and `hus range`,
//! giving the same numbers as dictionaries (their `--json` objects); `hus.range_through`:
//! the range a bot's script brings to a point of the hand.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bot::Bot;
use crate::errors::{guard, RangeError};
use crate::state::GameState;

/// The report's JSON as Python objects.
fn loads(py: Python<'_>, json: String) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (json,))?.unbind())
}

/// Equity of a hand or range against another, exact over every board (reference §12.11).
#[pyfunction]
#[pyo3(signature = (hero, villain, *, board="", dead="", villain_with=None))]
pub(crate) fn equity(
    py: Python<'_>,
    hero: &str,
    villain: &str,
    board: &str,
    dead: &str,
    villain_with: Option<String>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let options = hus::EquityOptions {
            hero: hero.into(),
            villain: villain.into(),
            board: board.into(),
            dead: dead.into(),
            villain_with,
            // Python reads ranges the language's way and counts exactly, as `hus equity`
            // does by default.
            ..Default::default()
        };
        let report = py.detach(|| hus::equity(&options));
        match report {
            Ok(r) => loads(py, r.json()),
            Err(e) => Err(RangeError::new_err(e.message)),
        }
    })
}

/// A range on a board by hand category, in the language's words (reference §12.12).
#[pyfunction]
#[pyo3(signature = (range, *, board, dead="", with_=None))]
pub(crate) fn range_breakdown(
    py: Python<'_>,
    range: &str,
    board: &str,
    dead: &str,
    with_: Option<String>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let options = hus::RangeOptions {
            range: range.into(),
            board: board.into(),
            dead: dead.into(),
            with: with_,
            ..Default::default()
        };
        match hus::range_breakdown(&options) {
            Ok(r) => loads(py, r.json()),
            Err(e) => Err(RangeError::new_err(e.message)),
        }
    })
}

/// The range `player` brings to a point of the hand, played by `bot` through the acts so far
/// (reference §12.14): `spot` is a game state, or the acts in the `hus chart` notation
/// (`"BTN 4bb, BB call"`, with `board` and `stack` in big blinds). The weight of every
/// holding it holds (`"AsKs"`: 0 to 1), or with `by_class` the combinations of each class.
#[pyfunction]
#[pyo3(signature = (bot, spot, *, player="hero", board="", stack=100.0, by_class=false))]
pub(crate) fn range_through(
    py: Python<'_>,
    bot: &Bot,
    spot: &Bound<'_, PyAny>,
    player: &str,
    board: &str,
    stack: f64,
    by_class: bool,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let who = crate::state::player(player, "player")?;
        let weights = if let Ok(state) = spot.cast::<GameState>() {
            let state = state.get().state.clone();
            py.detach(|| hus::reach::state_range(&bot.bot, &state, who))
        } else {
            let acts: String = spot.extract().map_err(|_| {
                PyTypeError::new_err(
                    "spot: a hus.GameState or the acts as `hus chart --spot` reads them",
                )
            })?;
            let options = hus::SpotOptions {
                actions: acts,
                board: board.into(),
                stack,
                ..hus::SpotOptions::default()
            };
            let spot = hus::Spot::new(&options)
                .map_err(|e| crate::errors::field_error("spot", format!("spot: {e}")))?;
            let source = hus::reach::RangeSource::Script(&bot.bot);
            py.detach(|| hus::reach::spot_range(&spot, who, source))
        };
        let weights = weights.map_err(|e| chart_error(py, e))?;
        let out = PyDict::new(py);
        if by_class {
            for (i, w) in hus::reach::class_combos(&weights).iter().enumerate() {
                if *w > 0.0 {
                    out.set_item(hus_poker::cards::hole::HoleClass::from_index(i).name(), *w)?;
                }
            }
        } else {
            for (i, _, w) in weights.live() {
                out.set_item(hus::reach::holding_text(i), w)?;
            }
        }
        Ok(out.into_any().unbind())
    })
}

/// A range that could not be followed: a state that is no game, or a decision that failed.
fn chart_error(py: Python<'_>, e: hus::ChartError) -> PyErr {
    match e {
        hus::ChartError::Game(e) => crate::errors::invalid_game(py, e, "<spot>"),
        hus::ChartError::Decide { error, .. } => crate::errors::decide_error(py, error),
    }
}
