//! The compiled half of the Python package `hus` (`hus._hus`): bots, decisions, game states,
//! checks, matches, tournaments and exploit runs from the library's front door. Every call
//! runs under a panic guard, so a bug in the library raises `hus.InternalError` instead of
//! ending the interpreter.

mod amounts;
mod bot;
mod decision;
mod diagnostics;
mod errors;
mod exploit;
mod matches;
mod opponent;
mod pokerkit;
mod ranges;
mod replay;
mod settings;
mod state;
mod stats;
mod table;
mod tournament;

use pyo3::prelude::*;

use bot::{check, Bot};
use decision::Decision;
use diagnostics::{Diagnostic, Fix};
use errors::ReplayError;
use errors::ScriptError;
use errors::{
    DecideError, ExploitError, GameStateError, HusError, InternalError, MatchError, RangeError,
};
use exploit::{Exploit, ExploitResult};
use matches::{play_match, MatchResult};
use state::GameState;
use table::{HandResult, Table};
use tournament::{run_chunk, Tournament, TournamentResult};

#[pymodule]
fn _hus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Bot>()?;
    m.add_class::<Decision>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Fix>()?;
    m.add_class::<GameState>()?;
    m.add_class::<MatchResult>()?;
    m.add_class::<HandResult>()?;
    m.add_class::<Table>()?;
    m.add_class::<Tournament>()?;
    m.add_class::<TournamentResult>()?;
    m.add_class::<Exploit>()?;
    m.add_class::<ExploitResult>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(bot::tunables, m)?)?;
    m.add_function(wrap_pyfunction!(bot::set_values, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    // Private to hus.pokerkit: set as an attribute, so it stays out of `__all__`.
    m.setattr(
        "_pokerkit_state",
        wrap_pyfunction!(pokerkit::pokerkit_state, m)?,
    )?;
    m.setattr("_PokerKitHand", py.get_type::<pokerkit::Hand>())?;
    m.add_function(wrap_pyfunction!(run_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(replay::replay, m)?)?;
    m.add_function(wrap_pyfunction!(ranges::equity, m)?)?;
    m.add_function(wrap_pyfunction!(ranges::range_breakdown, m)?)?;
    m.add_function(wrap_pyfunction!(ranges::range_through, m)?)?;
    m.add("HusError", py.get_type::<HusError>())?;
    m.add("ScriptError", py.get_type::<ScriptError>())?;
    m.add("GameStateError", py.get_type::<GameStateError>())?;
    m.add("DecideError", py.get_type::<DecideError>())?;
    m.add("MatchError", py.get_type::<MatchError>())?;
    // None unless a match that had begun stopped: bad settings raise it with no hands played.
    py.get_type::<MatchError>().setattr("result", py.None())?;
    m.add("ExploitError", py.get_type::<ExploitError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("RangeError", py.get_type::<RangeError>())?;
    m.add("ReplayError", py.get_type::<ReplayError>())?;
    Ok(())
}
