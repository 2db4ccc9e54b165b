//! The exceptions of `hus`, and the conversions of the library's errors into them. Every call
//! runs under [`guard`], so a bug in the library raises `hus.InternalError` instead of ending
//! the interpreter.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyList;

use hus_poker::diag::Code;

use crate::diagnostics::{diagnostics, Diagnostic};

create_exception!(
    hus,
    HusError,
    PyException,
    "Every error the package raises."
);
create_exception!(
    hus,
    ScriptError,
    HusError,
    "A script with errors: `diagnostics` lists every one (errors and warnings)."
);
create_exception!(
    hus,
    GameStateError,
    HusError,
    "An invalid game state: `field` names what is wrong, `diagnostics` lists every error."
);
create_exception!(
    hus,
    DecideError,
    HusError,
    "A bot could not decide: `kind` is 'no-rule-matched', 'missing-constant', 'external' or 'invalid-program'."
);
create_exception!(hus, MatchError, HusError, "A match could not be played.");
create_exception!(
    hus,
    ExploitError,
    HusError,
    "An exploit run (`hus.exploit`) that could not be played: `kind` is 'usage', 'external' or 'game'."
);
create_exception!(
    hus,
    RangeError,
    HusError,
    "A range, board, dead cards or filter that cannot be read (`hus.equity`, `hus.range_breakdown`)."
);
create_exception!(
    hus,
    ReplayError,
    HusError,
    "A log that could not be replayed: `kind` is 'usage', 'log', 'external' or 'game'."
);
create_exception!(
    hus,
    InternalError,
    HusError,
    "A bug in hus (a Rust panic), raised instead of ending the interpreter."
);

/// Runs `f`, turning a panic into `hus.InternalError`.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(InternalError::new_err(format!(
            "internal error in hus: {what}"
        )))
    })
}

/// An exception of type `E` with attributes set on it.
pub(crate) fn error_with<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attrs: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::new::<E, _>(message);
    for (name, value) in attrs {
        let _ = err.value(py).setattr(*name, value.clone_ref(py));
    }
    err
}

pub(crate) fn field_error(field: &str, message: String) -> PyErr {
    Python::attach(|py| {
        error_with::<GameStateError>(
            py,
            message,
            &[
                (
                    "field",
                    field.into_pyobject(py).unwrap().into_any().unbind(),
                ),
                ("diagnostics", PyList::empty(py).into_any().unbind()),
            ],
        )
    })
}

/// The field of the state a game-model error is about.
pub(crate) fn field_of(code: Code) -> &'static str {
    match code {
        Code::BadCard | Code::CardTwice => "cards",
        Code::BadPost => "blinds",
        Code::BadNumber | Code::BadAmount => "amounts",
        _ => "actions",
    }
}

/// The keyword of `hus.GameState(...)` a message starts with (`small_blind: ...`,
/// `actions[2]: ...`; `heroCards:` is the XML's spelling of `hero_cards`).
fn keyword_of(message: &str) -> Option<&'static str> {
    const KEYWORDS: [&str; 8] = [
        "small_blind",
        "big_blind",
        "hero_stack",
        "villain_stack",
        "hero_cards",
        "board",
        "actions",
        "posts",
    ];
    let head = message.split([':', '[']).next()?;
    let head = if head == "heroCards" {
        "hero_cards"
    } else {
        head
    };
    KEYWORDS.into_iter().find(|k| *k == head)
}

pub(crate) fn invalid_game(py: Python<'_>, e: hus_poker::game::InvalidGame, file: &str) -> PyErr {
    let source = hus_poker::diag::SourceFile::new(file, "");
    let ds: Vec<hus::Diagnostic> = e
        .diagnostics
        .iter()
        .map(|d| hus::Diagnostic::located(&source, d))
        .collect();
    let field = ds.first().map_or("state", |d| {
        keyword_of(&d.message).unwrap_or_else(|| field_of(d.code))
    });
    let attrs = [
        (
            "field",
            field.into_pyobject(py).unwrap().into_any().unbind(),
        ),
        (
            "diagnostics",
            diagnostics(py, &ds).unwrap_or_else(|_| py.None()),
        ),
    ];
    error_with::<GameStateError>(py, e.to_string(), &attrs)
}

pub(crate) fn script_error(py: Python<'_>, e: hus::ScriptError) -> PyErr {
    let list = diagnostics(py, &e.diagnostics).unwrap_or_else(|_| py.None());
    error_with::<ScriptError>(py, e.to_string(), &[("diagnostics", list)])
}

pub(crate) fn decide_error(py: Python<'_>, e: hus::DecideError) -> PyErr {
    let kind = match e.kind {
        hus::DecideErrorKind::NoRuleMatched => "no-rule-matched",
        hus::DecideErrorKind::MissingConstant => "missing-constant",
        hus::DecideErrorKind::External => "external",
        hus::DecideErrorKind::InvalidProgram => "invalid-program",
    };
    let attrs = [
        ("kind", kind.into_pyobject(py).unwrap().into_any().unbind()),
        (
            "diagnostic",
            Diagnostic::of(py, &e.diagnostic)
                .and_then(|d| Ok(d.into_pyobject(py)?.into_any().unbind()))
                .unwrap_or_else(|_| py.None()),
        ),
        (
            "warnings",
            diagnostics(py, &e.warnings).unwrap_or_else(|_| py.None()),
        ),
        (
            "explain",
            e.explain
                .clone()
                .into_pyobject(py)
                .map(|o| o.into_any().unbind())
                .unwrap_or_else(|_| py.None()),
        ),
    ];
    error_with::<DecideError>(py, e.to_string(), &attrs)
}
