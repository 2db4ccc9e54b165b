//! Amounts between Python and the game model: ints, `decimal.Decimal`s and decimal strings
//! are read exactly; a float is read as the shortest decimal that gives it back (`0.1` is
//! 0.1) and taken only when that decimal is exact on the state's chip unit (docs/python.md,
//! "Floats"): `0.1 + 0.2`, whose shortest decimal is 0.30000000000000004, is refused.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use hus::{clip, Chips, Decimal, Unit};

use crate::errors::field_error;

/// The finest unit: a float whose shortest decimal has more places fits no unit.
const FINEST: u32 = 9;

/// `obj` (int, Decimal, str or float) as an exact decimal; `field` names it in errors. A
/// float is its shortest decimal, refused past 9 places; whether it fits the state's unit is
/// [`float_on_unit`]'s question.
pub(crate) fn amount_of(obj: &Bound<'_, PyAny>, field: &str) -> PyResult<Decimal> {
    // The common case first: a plain int, without a text.
    if obj.is_exact_instance_of::<PyInt>() {
        if let Ok(n) = obj.extract::<i64>() {
            return Ok(Decimal::whole(n));
        }
    }
    let bad = |why: String| field_error(keyword(field), format!("{field}: {why}"));
    if obj.is_instance_of::<PyBool>() {
        return Err(bad("a number of chips, not a bool".into()));
    }
    if obj.is_instance_of::<PyFloat>() {
        let x: f64 = obj.extract()?;
        return match Decimal::from_f64(x) {
            Some(d) if d.places() <= FINEST => Ok(d),
            Some(_) => Err(float_error(obj, field, None)),
            None => Err(bad(format!(
                "{} is not a number of chips",
                hus_poker::game::format_amount(x)
            ))),
        };
    }
    let text =
        if obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyString>() || is_decimal(obj) {
            obj.str()?
        } else {
            return Err(bad(format!(
                "an amount is an int, a Decimal, a str or a float, not {}",
                obj.get_type().name()?
            )));
        };
    let text = text.to_cow()?;
    text.parse::<Decimal>().map_err(|_| {
        bad(format!(
            "`{}` is not a decimal number of chips",
            clip(&text)
        ))
    })
}

/// Refuses a float amount `obj` read as `d` that is not a whole number of units of
/// `places` decimal places (the chip unit of the state's blinds, stacks and chip).
pub(crate) fn float_on_unit(
    obj: &Bound<'_, PyAny>,
    d: Decimal,
    field: &str,
    places: u32,
) -> PyResult<()> {
    if d.places() > places && obj.is_instance_of::<PyFloat>() {
        return Err(float_error(obj, field, Unit::new(places)));
    }
    Ok(())
}

/// The decimal places of the chip unit of these amounts: the finest of them, at most 9.
pub(crate) fn unit_places(amounts: &[Decimal]) -> u32 {
    amounts
        .iter()
        .map(|d| d.places())
        .max()
        .unwrap_or(0)
        .min(FINEST)
}

/// The error for a float that is not exact on the chip unit (`None`: on any unit).
fn float_error(obj: &Bound<'_, PyAny>, field: &str, unit: Option<Unit>) -> PyErr {
    let unit = match unit {
        Some(u) => format!(
            "the chip unit {} (the finest decimal of the blinds, stacks and chip)",
            u.format(Chips(1))
        ),
        None => "any chip unit (at most 9 decimal places)".into(),
    };
    field_error(
        keyword(field),
        format!(
            "{field}: the float {} is not exact on {unit}: give the amount as an int, a \
             Decimal or a str",
            clipped(obj)
        ),
    )
}

/// The keyword an amount's place names: `actions` for `actions[2]`.
fn keyword(field: &str) -> &str {
    field.split('[').next().unwrap_or(field)
}

/// `repr(obj)`, clipped as every message quotes an input.
fn clipped(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .and_then(|r| Ok(clip(&r.to_cow()?)))
        .unwrap_or_else(|_| "the value".into())
}

/// `decimal.Decimal`, looked up once (a conversion asks about every amount).
fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    DECIMAL
        .get_or_try_init(py, || {
            Ok::<_, PyErr>(
                py.import(intern!(py, "decimal"))?
                    .getattr(intern!(py, "Decimal"))?
                    .unbind(),
            )
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
