//! Diagnostics and their suggested edits, as `hus check --format json` gives them.

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// An error or warning, located by 1-based line and column (`hus check --format json`).
#[pyclass(module = "hus", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct Diagnostic {
    code: String,
    severity: String,
    message: String,
    help: Option<String>,
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// Suggested edits (an editor's quick fixes).
    fixes: Vec<Fix>,
}

/// A suggested edit: replace the text from (line, column) to (end_line, end_column), 1-based,
/// with `replacement`.
#[pyclass(module = "hus", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct Fix {
    title: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    replacement: String,
}

#[pymethods]
impl Fix {
    /// A fix from its fields (what pickling calls).
    #[new]
    fn new(
        title: String,
        line: usize,
        column: usize,
        end_line: usize,
        end_column: usize,
        replacement: String,
    ) -> Fix {
        Fix {
            title,
            line,
            column,
            end_line,
            end_column,
            replacement,
        }
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, pyo3::types::PyType>,
        Bound<'py, pyo3::types::PyTuple>,
    )> {
        let f = slf.get();
        let args = (
            &f.title,
            f.line,
            f.column,
            f.end_line,
            f.end_column,
            &f.replacement,
        );
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }

    /// The fields as `hus check --format json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = PyDict::new(py);
        o.set_item("title", &self.title)?;
        o.set_item("line", self.line)?;
        o.set_item("column", self.column)?;
        o.set_item("end_line", self.end_line)?;
        o.set_item("end_column", self.end_column)?;
        o.set_item("replacement", &self.replacement)?;
        Ok(o)
    }
}

impl Diagnostic {
    pub(crate) fn of(_py: Python<'_>, d: &hus::Diagnostic) -> PyResult<Diagnostic> {
        let fixes = d
            .fixes
            .iter()
            .map(|f| Fix {
                title: f.title.clone(),
                line: f.line,
                column: f.column,
                end_line: f.end_line,
                end_column: f.end_column,
                replacement: f.replacement.clone(),
            })
            .collect();
        Ok(Diagnostic {
            code: d.code.to_string(),
            severity: d.severity.to_string(),
            message: d.message.clone(),
            help: d.help.clone(),
            file: d.file.clone(),
            line: d.line,
            column: d.column,
            end_line: d.end_line,
            end_column: d.end_column,
            fixes,
        })
    }
}

pub(crate) fn diagnostics(py: Python<'_>, ds: &[hus::Diagnostic]) -> PyResult<Py<PyAny>> {
    let list: Vec<Diagnostic> = ds
        .iter()
        .map(|d| Diagnostic::of(py, d))
        .collect::<PyResult<_>>()?;
    Ok(list.into_pyobject(py)?.into_any().unbind())
}

#[pymethods]
impl Diagnostic {
    /// A diagnostic from its fields (what pickling calls).
    #[new]
    #[pyo3(signature = (code, severity, message, help, file, line, column, end_line, end_column, fixes=Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        code: String,
        severity: String,
        message: String,
        help: Option<String>,
        file: String,
        line: usize,
        column: usize,
        end_line: usize,
        end_column: usize,
        fixes: Vec<Fix>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity,
            message,
            help,
            file,
            line,
            column,
            end_line,
            end_column,
            fixes,
        }
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
            &d.code,
            &d.severity,
            &d.message,
            &d.help,
            &d.file,
            d.line,
            d.column,
            d.end_line,
            d.end_column,
            d.fixes.clone(),
        );
        Ok((slf.get_type(), args.into_pyobject(py)?))
    }

    /// The fields as `hus check --format json` writes them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let o = PyDict::new(py);
        o.set_item("file", &self.file)?;
        o.set_item("line", self.line)?;
        o.set_item("column", self.column)?;
        o.set_item("end_line", self.end_line)?;
        o.set_item("end_column", self.end_column)?;
        o.set_item("severity", &self.severity)?;
        o.set_item("code", &self.code)?;
        o.set_item("message", &self.message)?;
        o.set_item("help", &self.help)?;
        let fixes: Vec<Bound<'py, PyDict>> = self
            .fixes
            .iter()
            .map(|f| f.to_dict(py))
            .collect::<PyResult<_>>()?;
        o.set_item("fixes", fixes)?;
        Ok(o)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {}:{}:{}: {}: {} [{}]>",
            self.file, self.line, self.column, self.severity, self.message, self.code
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.severity, self.message
        )
    }
}
