//! What a bot decided, as a Python object.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use hus::Action;

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

#[pymethods]
impl Decision {
    /// `fold`, `call`, `raise 60`: what `hus decide` prints.
    fn __str__(&self) -> String {
        match self.amount {
            Some(by) => format!("raise {}", hus::game::format_amount(by)),
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
