//! `hus.Table`: heads-up hands dealt as `hus match` deals them, stepped from Python one act
//! at a time (the library's `hus::Table`).

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use hus::dealer::Stakes;

use crate::errors::{guard, MatchError};
use crate::matches::{stack_of, Chips};
use crate::opponent::move_of;
use crate::settings::Seed;
use crate::state::GameState;
use hus::game::Move;

/// How one hand ended, for players A and B.
#[pyclass(module = "hus", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct HandResult {
    /// The hand's number, from 1.
    hand: u64,
    /// The player on the button: 0 = A (odd hands), 1 = B (even hands).
    button: usize,
    /// Chips won by A and by B (they sum to 0).
    net: (i64, i64),
    showdown: bool,
}

#[pymethods]
impl HandResult {
    #[new]
    fn new(hand: u64, button: usize, net: (i64, i64), showdown: bool) -> HandResult {
        HandResult {
            hand,
            button,
            net,
            showdown,
        }
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyType>, Bound<'py, PyTuple>)> {
        let r = slf.get();
        let args = (r.hand, r.button, r.net, r.showdown);
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "<HandResult hand {}: A {:+}, B {:+}{}>",
            self.hand,
            self.net.0,
            self.net.1,
            if self.showdown { ", showdown" } else { "" }
        )
    }
}

/// Hands dealt one after the other with `hus match`'s rules and seeds, each waiting for the
/// acts of players A and B.
#[pyclass(module = "hus")]
pub(crate) struct Table {
    table: hus::Table,
    /// A's chips in every finished hand.
    results: Vec<i64>,
    /// What it was made with and every move played, which it pickles as: the table is dealt
    /// again from its seed and the moves replayed where it is unpickled.
    made: (u64, bool, i64, i64, i64, bool),
    moves: Vec<Move>,
}

fn config_error(e: hus::dealer::MatchError) -> PyErr {
    MatchError::new_err(e.to_string())
}

#[pymethods]
impl Table {
    #[new]
    #[pyo3(signature = (*, seed, duplicate=false, small_blind=Chips::Whole(50), big_blind=Chips::Whole(100), stack=None, stack_bb=None, stats=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: Seed,
        duplicate: bool,
        small_blind: Chips,
        big_blind: Chips,
        stack: Option<Chips>,
        stack_bb: Option<i64>,
        stats: bool,
    ) -> PyResult<Table> {
        guard(|| {
            let small_blind = small_blind.whole("small_blind")?;
            let big_blind = big_blind.whole("big_blind")?;
            let stack = stack.map(|s| s.whole("stack")).transpose()?;
            let stack = stack_of(stack, stack_bb, big_blind)?;
            let seed = seed.0;
            let mut options = hus::TableOptions::new(seed);
            options.duplicate = duplicate;
            options.stats = stats;
            options.stakes = Stakes {
                sb: small_blind,
                bb: big_blind,
                stack,
            };
            Ok(Table {
                table: hus::Table::new(options).map_err(config_error)?,
                results: Vec::new(),
                made: (seed, duplicate, small_blind, big_blind, stack, stats),
                moves: Vec::new(),
            })
        })
    }

    /// The hand in play's number, from 1.
    #[getter]
    fn hand(&self) -> u64 {
        self.table.hand()
    }

    /// The player on the button in the hand in play: 0 = A, 1 = B.
    #[getter]
    fn button(&self) -> usize {
        self.table.button()
    }

    /// The player whose turn it is: 0 = A, 1 = B.
    #[getter]
    fn to_act(&self) -> usize {
        self.table.to_act()
    }

    /// The seed `hus match` gives the decision to take now: `bot.decide(table.state,
    /// seed=table.decision_seed)` decides as the bot would in the match.
    #[getter]
    fn decision_seed(&self) -> u64 {
        self.table.decision_seed()
    }

    /// The game state of the player to act (Hero), as the dealer gives it to a bot.
    #[getter]
    fn state(&mut self, py: Python<'_>) -> PyResult<GameState> {
        guard(|| {
            let state = self.table.state().map_err(config_error)?;
            GameState::of(py, state.clone(), &[])
        })
    }

    /// A's chips in every finished hand, in order.
    #[getter]
    fn hand_results(&self) -> Vec<i64> {
        self.results.clone()
    }

    /// Plays `action` for the player to act: "fold", "check", "call", ("raise", total raised
    /// to) or a hus.Decision, made legal as `hus match` makes every move legal. Returns the
    /// hand's HandResult when the act ended it (the next hand is then dealt), else None.
    fn act(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Option<HandResult>> {
        guard(|| {
            let state = self.table.state().map_err(config_error)?;
            let mv = move_of(action, state)?;
            self.play(mv)
        })
    }

    /// Pickles as its settings and every move played (see `made`).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("hus._pickle")?.getattr("table")?;
        let moves: Vec<(&str, f64)> = self
            .moves
            .iter()
            .map(|m| match m {
                Move::Fold => ("fold", 0.0),
                Move::Check => ("check", 0.0),
                Move::Call => ("call", 0.0),
                Move::Raise(by) => ("raise", *by),
            })
            .collect();
        let (seed, duplicate, sb, bb, stack, stats) = self.made;
        let args = (seed, duplicate, sb, bb, stack, stats, moves);
        Ok((restore, args.into_pyobject(py)?))
    }

    /// Plays again the moves a pickled table had played (`hus._pickle.table`).
    fn _replay(&mut self, moves: Vec<(String, f64)>) -> PyResult<()> {
        guard(|| {
            for (word, by) in moves {
                let mv = match word.as_str() {
                    "fold" => Move::Fold,
                    "check" => Move::Check,
                    "call" => Move::Call,
                    _ => Move::Raise(by),
                };
                self.play(mv)?;
            }
            Ok(())
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Table hand {}, {} to act>",
            self.table.hand(),
            ["A", "B"][self.table.to_act()]
        )
    }
}

impl Table {
    /// Plays `mv` for the player to act, kept for pickling; the hand's result when it ended.
    fn play(&mut self, mv: Move) -> PyResult<Option<HandResult>> {
        let acted = self.table.act(mv).map_err(config_error)?;
        self.moves.push(mv);
        Ok(acted.ended.map(|end| {
            self.results.push(end.net[0]);
            HandResult {
                hand: end.hand,
                button: end.button,
                net: (end.net[0], end.net[1]),
                showdown: end.showdown,
            }
        }))
    }
}
