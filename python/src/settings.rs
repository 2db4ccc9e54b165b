//! The library's option rules (`hus_poker::settings`) as Python takes them: a refused value
//! raises the error the binary prints for its option, in the same words.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// A seed: any Python int, held to the library's seed rule (0 to 2^64 - 1), so that `-1`
/// raises `ValueError("seed must be …")` as `hus match --seed -1` says it, not OverflowError.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seed(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        if !obj.is_instance_of::<PyInt>() || obj.is_instance_of::<PyBool>() {
            let what = obj.repr()?;
            return Err(PyTypeError::new_err(format!(
                "seed: a whole number, not {what}"
            )));
        }
        let text = obj.str()?.to_string();
        hus::seed(&text)
            .map(Seed)
            .map_err(|e| PyValueError::new_err(format!("seed {e}")))
    }
}
