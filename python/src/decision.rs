//! What a bot decided, as a Python object.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use hus::Action;
use hus_poker::game::Act;

use crate::diagnostics::Diagnostic;

/// What a bot does now and why.
#[pyclass(module = "hus", frozen, get_all)]
pub(crate) struct Decision {
    /// `"fold"`, `"check"`, `"call"` or `"raise"`.
    action: &'static str,
    /// A raise: chips above the call (what `hus decide` prints); else None.
    amount: Option<f64>,
    /// A raise: the total the hero's chips in this round come to; else None.
    raise_to: Option<f64>,
    /// The line of the rule whose action was taken.
    rule: usize,
    /// The lines of every rule that gave an action.
    matched: Vec<usize>,
    /// The weighted draw: a dict of choice, weight, total, index; or None.
    draw: Option<Py<PyDict>>,
    made_legal: bool,
    random_tie: bool,
    warnings: Vec<Diagnostic>,
    /// The evaluation trace, when `explain=True`.
    explain: Option<String>,
    /// The seed the decision drew from.
    seed: u64,
}

impl Decision {
    /// `fold`, `check`, `call` or `raise`.
    pub(crate) fn action(&self) -> &'static str {
        self.action
    }

    /// A raise: the total raised to.
    pub(crate) fn raise_to(&self) -> Option<f64> {
        self.raise_to
    }
}

#[pymethods]
impl Decision {
    /// A decision from its fields (what pickling calls).
    #[new]
    #[pyo3(signature = (action, amount, raise_to, rule, matched, draw, made_legal, random_tie, warnings, explain, seed))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        action: &str,
        amount: Option<f64>,
        raise_to: Option<f64>,
        rule: usize,
        matched: Vec<usize>,
        draw: Option<Py<PyDict>>,
        made_legal: bool,
        random_tie: bool,
        warnings: Vec<Diagnostic>,
        explain: Option<String>,
        seed: u64,
    ) -> PyResult<Decision> {
        let action = match action.parse::<Act>() {
            Ok(act @ (Act::Fold | Act::Check | Act::Call | Act::Raise)) => act.xml_name(),
            _ => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "action: \"fold\", \"check\", \"call\" or \"raise\", not {action:?}"
                )))
            }
        };
        Ok(Decision {
            action,
            amount,
            raise_to,
            rule,
            matched,
            draw,
            made_legal,
            random_tie,
            warnings,
            explain,
            seed,
        })
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, pyo3::types::PyType>,
        Bound<'py, pyo3::types::PyTuple>,
    )> {
        let d = slf.get();
        let py = slf.py();
        let args = (
            d.action,
            d.amount,
            d.raise_to,
            d.rule,
            d.matched.clone(),
            d.draw.as_ref().map(|w| w.clone_ref(py)),
            d.made_legal,
            d.random_tie,
            d.warnings.clone(),
            d.explain.clone(),
            d.seed,
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }

    /// Equal when every field is.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<Decision>() else {
            return Ok(false);
        };
        let o = o.get();
        let draws = match (&self.draw, &o.draw) {
            (None, None) => true,
            (Some(a), Some(b)) => a.bind(py).eq(b.bind(py))?,
            _ => false,
        };
        Ok(draws
            && self.action == o.action
            && self.amount == o.amount
            && self.raise_to == o.raise_to
            && self.rule == o.rule
            && self.matched == o.matched
            && self.made_legal == o.made_legal
            && self.random_tie == o.random_tie
            && self.warnings == o.warnings
            && self.explain == o.explain
            && self.seed == o.seed)
    }

    /// `fold`, `call`, `raise 60`: what `hus decide` prints.
    fn __str__(&self) -> String {
        match self.amount {
            Some(by) => format!("raise {}", hus_poker::game::format_amount(by)),
            None => self.action.to_string(),
        }
    }
    fn __repr__(&self) -> String {
        format!("<Decision {} (rule at line {})>", self.__str__(), self.rule)
    }
}

pub(crate) fn decision(py: Python<'_>, d: hus::Decision, seed: u64) -> PyResult<Decision> {
    let (amount, raise_to) = match d.action {
        Action::Raise { by, to } => (Some(by), Some(to)),
        _ => (None, None),
    };
    let draw = d
        .draw
        .map(|w| -> PyResult<Py<PyDict>> {
            let o = PyDict::new(py);
            o.set_item("choice", w.choice)?;
            o.set_item("weight", w.weight)?;
            o.set_item("total", w.total)?;
            o.set_item("index", w.index)?;
            Ok(o.unbind())
        })
        .transpose()?;
    Ok(Decision {
        action: d.action.name(),
        amount,
        raise_to,
        rule: d.rule,
        matched: d.matched,
        draw,
        made_legal: d.made_legal,
        random_tie: d.random_tie,
        warnings: d
            .warnings
            .iter()
            .map(|w| Diagnostic::of(py, w))
            .collect::<PyResult<_>>()?,
        explain: d.explain,
        seed,
    })
}
