//! `hus.replay`: a player's decisions in a dealer's log put to a bot, as `hus replay` does.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyString;

use hus::{ReplayErrorKind, ReplayOptions};

use crate::bot::Bot;
use crate::errors::{error_with, InternalError, ReplayError};
use crate::settings::Seed;

/// The report of `hus replay --json` as a dict: how often the bot does what `player` did in
/// the log (its agreement and counts, by round and over all). Without the GIL while it runs.
#[pyfunction]
#[pyo3(signature = (bot, log, *, player, game=None, seed=Seed(0), to_xml=None))]
#[pyo3(text_signature = "(bot, log, *, player, game=None, seed=0, to_xml=None)")]
pub(crate) fn replay(
    py: Python<'_>,
    bot: &Bound<'_, Bot>,
    log: PathBuf,
    player: String,
    game: Option<PathBuf>,
    seed: Seed,
    to_xml: Option<PathBuf>,
) -> PyResult<Py<PyAny>> {
    let usage = |m: String| replay_error(py, ReplayErrorKind::Usage, m);
    let game = hus::read_acpc_game(game.as_deref()).map_err(usage)?;
    let text = hus::read_log_file(&log)
        .map_err(|e| usage(format!("cannot read {}: {e}", log.display())))?;
    let options = ReplayOptions {
        player,
        game,
        seed: seed.0,
        to_xml,
    };
    let name = log.display().to_string();
    let b = &bot.get().bot;
    let done = py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| {
            hus::replay_log(b, &name, &text, &options)
        }))
    });
    let report = done
        .map_err(|_| InternalError::new_err("internal error in hus: a panic during the replay"))?
        .map_err(|e| replay_error(py, e.kind, e.message))?;
    let json = py.import("json")?.call_method1("loads", (report.json(),))?;
    Ok(json.unbind())
}

/// `hus.ReplayError` with `kind`: what `hus replay`'s exit code tells on the command line.
fn replay_error(py: Python<'_>, kind: ReplayErrorKind, message: String) -> PyErr {
    let kind = match kind {
        ReplayErrorKind::Usage => "usage",
        ReplayErrorKind::Log => "log",
        ReplayErrorKind::External => "external",
        ReplayErrorKind::Game => "game",
    };
    let kind = PyString::new(py, kind).into_any().unbind();
    error_with::<ReplayError>(py, message, &[("kind", kind)])
}
