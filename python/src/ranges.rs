//! `hus.equity` and `hus.range_breakdown`: the command line's `hus equity` and `hus range`,
//! giving the same numbers as dictionaries (their `--json` objects).

use pyo3::prelude::*;

use crate::errors::{guard, RangeError};

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
        };
        match hus::range_breakdown(&options) {
            Ok(r) => loads(py, r.json()),
            Err(e) => Err(RangeError::new_err(e.message)),
        }
    })
}
