//! Bots compiled from files, text or the built-ins, and `check`.

use std::path::PathBuf;
use std::time::Duration;

use pyo3::prelude::*;
use rand_chacha::ChaCha8Rng;

use hus::BotOptions;

use crate::decision::{decision, Decision};
use crate::diagnostics::diagnostics;
use crate::errors::{decide_error, guard, script_error};
use crate::state::GameState;

pub(crate) fn bot_options(
    table_dirs: Vec<PathBuf>,
    allow_external: bool,
    external_timeout: f64,
    defines: Vec<String>,
) -> PyResult<BotOptions> {
    if !(external_timeout.is_finite() && external_timeout > 0.0 && external_timeout <= 86_400.0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "external_timeout must be a number of seconds above 0 and at most 86400 (a day)",
        ));
    }
    Ok(BotOptions {
        table_dirs,
        allow_external,
        external_timeout: Duration::from_secs_f64(external_timeout),
        defines,
        ..BotOptions::default()
    })
}

/// A HUS script compiled once, ready to decide any number of times.
#[pyclass(module = "hus", frozen)]
pub(crate) struct Bot {
    pub(crate) bot: hus::Bot,
}

#[pymethods]
impl Bot {
    /// Reads and compiles a script file; raises ScriptError with every diagnostic.
    #[staticmethod]
    #[pyo3(signature = (path, *, table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new()))]
    fn from_file(
        py: Python<'_>,
        path: PathBuf,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
    ) -> PyResult<Bot> {
        guard(|| {
            let o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            let bot = hus::Bot::from_file(&path, &o).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// Compiles a script given as text; `name` is the file name its diagnostics carry.
    #[staticmethod]
    #[pyo3(signature = (source, *, name="bot.hus", table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new()))]
    fn from_source(
        py: Python<'_>,
        source: &str,
        name: &str,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
    ) -> PyResult<Bot> {
        guard(|| {
            let o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            let bot = hus::Bot::from_source(name, source, &o).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// A built-in bot: random, caller, raiser, equity, bluffer or exploit.
    #[staticmethod]
    fn builtin(py: Python<'_>, name: &str) -> PyResult<Bot> {
        guard(|| {
            let bot = hus::Bot::builtin(name).map_err(|e| script_error(py, e))?;
            Ok(Bot { bot })
        })
    }

    /// The script's file name, or builtin:NAME.
    #[getter]
    fn name(&self) -> &str {
        self.bot.name()
    }

    /// The checker's warnings about the script.
    #[getter]
    fn warnings(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        diagnostics(py, self.bot.warnings())
    }

    /// Decides in `state`. The same seed gives the same decision as `hus decide --seed`;
    /// without one a seed is drawn (Decision.seed tells it). Raises DecideError.
    #[pyo3(signature = (state, *, seed=None, explain=false))]
    fn decide(
        &self,
        py: Python<'_>,
        state: &GameState,
        seed: Option<u64>,
        explain: bool,
    ) -> PyResult<Decision> {
        guard(|| {
            let seed = seed.unwrap_or_else(rand::random::<u64>);
            let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            match self.bot.decide_with(&state.state, &mut rng, explain) {
                Ok(d) => decision(py, d, seed),
                Err(e) => Err(decide_error(py, e)),
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("<Bot {}>", self.bot.name())
    }
}

/// Checks a script given as text: every diagnostic, as `hus check --format json` lists them.
#[pyfunction]
#[pyo3(signature = (source, *, name="bot.hus", base_dir=None, table_dirs=Vec::new(), defines=Vec::new()))]
pub(crate) fn check(
    py: Python<'_>,
    source: &str,
    name: &str,
    base_dir: Option<PathBuf>,
    table_dirs: Vec<PathBuf>,
    defines: Vec<String>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        let o = bot_options(table_dirs, false, 5.0, defines)?;
        let dir = base_dir.unwrap_or_else(|| PathBuf::from("."));
        diagnostics(py, &hus::check_in(name, source, &dir, &o))
    })
}
