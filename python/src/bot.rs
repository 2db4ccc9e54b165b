//! Bots compiled from files, text or the built-ins, and `check`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rand_chacha::ChaCha8Rng;

use hus::BotOptions;

use crate::decision::{decision, Decision};
use crate::diagnostics::diagnostics;
use crate::errors::{decide_error, guard, script_error};
use crate::settings::Seed;
use crate::state::GameState;

/// The longest `name=` a script may have, as the C interface allows: a path, not a text.
const MAX_NAME_BYTES: usize = 4096;

pub(crate) fn bot_options(
    table_dirs: Vec<PathBuf>,
    allow_external: bool,
    external_timeout: f64,
    defines: Vec<String>,
) -> PyResult<BotOptions> {
    let external_timeout = hus_poker::settings::time_limit(external_timeout)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("external_timeout {e}")))?;
    Ok(BotOptions {
        table_dirs,
        allow_external,
        external_timeout,
        defines,
        ..BotOptions::default()
    })
}

/// A HUS script compiled once, ready to decide any number of times.
#[pyclass(module = "hus", frozen)]
pub(crate) struct Bot {
    pub(crate) bot: hus::Bot,
    /// How long its decisions take, in nanoseconds: a moving average over the last few, so
    /// a first decision that builds a table does not count for long.
    cost: AtomicU64,
}

/// How long a decision must take, on average, for releasing the GIL to pay: below it,
/// handing the GIL to another thread and taking it back costs as much as the decision (a
/// table lookup, 1 µs); above it, equity on the turn (about 19 µs) or against a range
/// (11 µs) runs beside other Python threads (docs/python.md, on `bot.decide`).
const SLOW_NANOS: u64 = 5_000;

impl Bot {
    fn new(bot: hus::Bot) -> Bot {
        Bot {
            bot,
            cost: AtomicU64::new(0),
        }
    }
}

#[pymethods]
impl Bot {
    /// Reads and compiles a script file; raises ScriptError with every diagnostic.
    /// `values` sets tunable DEFINEs (`TUNE low..high`) by name, in their unit.
    #[staticmethod]
    #[pyo3(signature = (path, *, table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new(), values=None))]
    fn from_file(
        py: Python<'_>,
        path: PathBuf,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
        values: Option<BTreeMap<String, f64>>,
    ) -> PyResult<Bot> {
        guard(|| {
            let mut o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            o.values = values.unwrap_or_default().into_iter().collect();
            let bot = hus::Bot::from_regular_file(&path, &o).map_err(|e| script_error(py, e))?;
            Ok(Bot::new(bot))
        })
    }

    /// Compiles a script given as text; `name` is the file name its diagnostics carry.
    /// With `files` (texts by their path from the script's directory), `USE TABLE` and
    /// `INCLUDE` read only those, never the file system.
    #[staticmethod]
    #[pyo3(signature = (source, *, name="bot.hus", files=None, table_dirs=Vec::new(), allow_external=false, external_timeout=5.0, defines=Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn from_source(
        py: Python<'_>,
        source: &str,
        name: &str,
        files: Option<BTreeMap<String, String>>,
        table_dirs: Vec<PathBuf>,
        allow_external: bool,
        external_timeout: f64,
        defines: Vec<String>,
    ) -> PyResult<Bot> {
        guard(|| {
            if name.len() > MAX_NAME_BYTES {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "name `{}` is {} bytes, more than the {MAX_NAME_BYTES} a file name may have",
                    hus::clip(name),
                    name.len()
                )));
            }
            let o = bot_options(table_dirs, allow_external, external_timeout, defines)?;
            let bot = match files {
                Some(files) => hus::Bot::from_source_with_files(name, source, files, &o),
                None => hus::Bot::from_source(name, source, &o),
            };
            Ok(Bot::new(bot.map_err(|e| script_error(py, e))?))
        })
    }

    /// The script's text.
    #[getter]
    fn source(&self) -> &str {
        self.bot.source()
    }

    /// The tables and included files the script read, by their path from its directory.
    #[getter]
    fn files(&self) -> BTreeMap<String, String> {
        self.bot.files().clone()
    }

    /// Pickles as the script's name, text, files and options: the bot is compiled again where
    /// it is unpickled, from these alone (no file is read there).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let o = self.bot.options();
        let restore = py.import("hus._pickle")?.getattr("bot")?;
        let args = (
            self.bot.name(),
            self.bot.source(),
            self.bot.files().clone(),
            o.defines.clone(),
            o.allow_external,
            o.external_timeout.as_secs_f64(),
        );
        Ok((restore, args.into_pyobject(py)?))
    }

    /// A built-in bot: random, caller, raiser, equity, bluffer or exploit.
    #[staticmethod]
    fn builtin(py: Python<'_>, name: &str) -> PyResult<Bot> {
        guard(|| {
            let bot = hus::Bot::builtin(name).map_err(|e| script_error(py, e))?;
            Ok(Bot::new(bot))
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
        seed: Option<Seed>,
        explain: bool,
    ) -> PyResult<Decision> {
        guard(|| {
            let seed = seed.map_or_else(rand::random::<u64>, |s| s.0);
            let decide = || {
                let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
                let start = Instant::now();
                let d = self.bot.decide_with(&state.state, &mut rng, explain);
                let took = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
                let before = self.cost.load(Ordering::Relaxed);
                let average = before - before / 8 + took / 8;
                self.cost.store(average, Ordering::Relaxed);
                d
            };
            // A bot whose decisions take long decides without the GIL, so other Python
            // threads run meanwhile; a quick one keeps it.
            let decided = match self.cost.load(Ordering::Relaxed) >= SLOW_NANOS {
                true => py.detach(decide),
                false => decide(),
            };
            match decided {
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

/// The tunable DEFINEs (`DEFINE x = 2.5BB TUNE 2BB..4BB`) of a script's text, in the order
/// written: dicts of name, default, low, high, unit (`None` for a plain number) and integer
/// (a count: default and bounds written as integers).
#[pyfunction]
pub(crate) fn tunables(py: Python<'_>, source: &str) -> PyResult<Vec<Py<PyAny>>> {
    guard(|| {
        hus_poker::limits::script_size(source.len())
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("source: {e}")))?;
        hus_lang::check::tune::tunables_of(source)
            .into_iter()
            .map(|t| {
                let d = pyo3::types::PyDict::new(py);
                d.set_item("name", t.name)?;
                d.set_item("default", t.default)?;
                d.set_item("low", t.low)?;
                d.set_item("high", t.high)?;
                d.set_item("unit", t.unit)?;
                d.set_item("integer", t.integer)?;
                Ok(d.into_any().unbind())
            })
            .collect()
    })
}

/// The script's text with its tunable DEFINEs given `values` (by name, in their unit), every
/// other byte kept; ValueError for a name without a TUNE range or a value outside it.
#[pyfunction]
pub(crate) fn set_values(source: &str, values: BTreeMap<String, f64>) -> PyResult<String> {
    guard(|| {
        let values: Vec<(String, f64)> = values.into_iter().collect();
        hus_lang::check::tune::set_values(source, &values)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.0))
    })
}
