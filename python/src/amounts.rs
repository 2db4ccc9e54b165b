//! Amounts between Python and the game model: ints, `decimal.Decimal`s and decimal strings
//! are read exactly; a float is read as the shortest decimal that gives it back (`0.1` is
//! 0.1), or, for PokerKit's float states, only when it is exactly a decimal (0.25 is; the
//! float 0.1 is not, and PokerKit's own sums of such floats are not the decimals hus counts).

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use hus::{Chips, Decimal, Unit};

use crate::errors::field_error;

/// How a float is taken.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Floats {
    /// The shortest decimal that reads back as the float.
    Shortest,
    /// Only a float that is exactly a decimal of at most 9 places.
    Exact,
}

/// `obj` (int, Decimal, str or float) as an exact decimal; `field` names it in errors.
pub(crate) fn amount_of(obj: &Bound<'_, PyAny>, field: &str, floats: Floats) -> PyResult<Decimal> {
    let bad = |why: String| field_error(field, format!("{field}: {why}"));
    if obj.is_instance_of::<PyBool>() {
        return Err(bad("a number of chips, not a bool".into()));
    }
    if obj.is_instance_of::<PyFloat>() {
        let x: f64 = obj.extract()?;
        let d = match floats {
            Floats::Shortest => Decimal::from_f64(x),
            Floats::Exact => Decimal::exact_f64(x),
        };
        return d.ok_or_else(|| {
            bad(match floats {
                Floats::Exact if x.is_finite() => format!(
                    "the float {x} is not exactly a decimal (it is {}); give the amounts as \
                     int or Decimal",
                    exact_text(obj)
                ),
                _ => format!("{x} is not a number of chips"),
            })
        });
    }
    let exact = obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyString>();
    let text = if exact || is_decimal(obj) {
        obj.str()?.to_string()
    } else {
        return Err(bad(format!(
            "an amount is an int, a Decimal, a str or a float, not {}",
            obj.get_type().name()?
        )));
    };
    text.parse::<Decimal>()
        .map_err(|_| bad(format!("`{text}` is not a decimal number of chips")))
}

/// The float's exact value as `decimal.Decimal` writes it.
fn exact_text(obj: &Bound<'_, PyAny>) -> String {
    let py = obj.py();
    py.import(intern!(py, "decimal"))
        .and_then(|m| m.getattr(intern!(py, "Decimal")))
        .and_then(|d| d.call1((obj,)))
        .and_then(|d| d.str().map(|s| s.to_string()))
        .unwrap_or_else(|_| "another number".into())
}

/// `decimal.Decimal`, looked up once (a conversion asks about every amount).
fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    DECIMAL
        .get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("decimal")?.getattr("Decimal")?.unbind())
        })
        .map(|t| t.bind(py))
}

/// `obj` is a `decimal.Decimal`.
pub(crate) fn is_decimal(obj: &Bound<'_, PyAny>) -> bool {
    decimal_type(obj.py())
        .and_then(|d| obj.is_instance(d))
        .unwrap_or(false)
}

/// An amount for Python: a `decimal.Decimal` of its exact digits when the state was given
/// Decimals, else the float nearest it (exact for whole chips).
pub(crate) fn amount_out<'py>(
    py: Python<'py>,
    unit: Unit,
    c: Chips,
    decimal: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if decimal {
        decimal_type(py)?.call1((unit.format(c),))
    } else {
        Ok(PyFloat::new(py, unit.to_f64(c)).into_any())
    }
}
