//! `hus.Table`: heads-up hands dealt as `hus match` deals them, stepped from Python one act
//! at a time (the library's `hus::Table`).

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use hus_table::dealer::Stakes;

use crate::errors::{guard, MatchError};
use crate::matches::{stack_of, Chips};
use crate::opponent::move_of;
use crate::settings::Seed;
use crate::state::GameState;
use hus_poker::game::{Action, Intent};

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
    /// A's chips in every finished hand, with `keep_hands` only (8 bytes a hand).
    results: Option<Vec<i64>>,
    /// A's chips over every finished hand (wide: no count of hands overflows it).
    net_a: i128,
    /// What it was made with and the moves played from hand `first + 1` on, which it pickles
    /// as: the table is dealt again from hand `first + 1` and the moves replayed where it is
    /// unpickled. Without statistics a hand depends on nothing before it, so only the hand in
    /// play's moves are held; with them every move is.
    made: (u64, bool, i64, i64, i64, bool),
    first: u64,
    moves: Vec<Action>,
}

fn config_error(e: hus_table::dealer::MatchError) -> PyErr {
    MatchError::new_err(e.to_string())
}

#[pymethods]
impl Table {
    #[new]
    #[pyo3(signature = (*, seed, duplicate=false, small_blind=Chips::Whole(50), big_blind=Chips::Whole(100), stack=None, stack_bb=None, stats=false, keep_hands=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: Seed,
        duplicate: bool,
        small_blind: Chips,
        big_blind: Chips,
        stack: Option<Chips>,
        stack_bb: Option<i64>,
        stats: bool,
        keep_hands: bool,
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
                results: keep_hands.then(Vec::new),
                net_a: 0,
                made: (seed, duplicate, small_blind, big_blind, stack, stats),
                first: 0,
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

    /// A's chips in every finished hand, in order, with `keep_hands=True`; else None.
    #[getter]
    fn hand_results(&self) -> Option<Vec<i64>> {
        self.results.clone()
    }

    /// How many hands have finished (the hand in play's number less one).
    #[getter]
    fn hands_finished(&self) -> u64 {
        self.table.hand() - 1
    }

    /// A's chips over every finished hand (B's are the opposite).
    #[getter]
    fn net_a(&self) -> i128 {
        self.net_a
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

    /// Pickles as its settings, its totals and the moves held (see `made`).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("hus._pickle")?.getattr("table")?;
        let moves: Vec<(&str, f64)> = self
            .moves
            .iter()
            .map(|m| match m {
                Action::Fold => ("fold", 0.0),
                Action::Check => ("check", 0.0),
                Action::Call => ("call", 0.0),
                Action::Raise { by, .. } => ("raise", *by),
            })
            .collect();
        let (seed, duplicate, sb, bb, stack, stats) = self.made;
        let keep = self.results.is_some();
        let totals = (self.first, self.net_a, self.results.clone());
        let args = (seed, duplicate, sb, bb, stack, stats, moves, keep, totals);
        Ok((restore, args.into_pyobject(py)?))
    }

    /// Plays again the moves a pickled table had played from hand `first + 1` on, after the
    /// totals it had then (`hus._pickle.table`).
    #[pyo3(signature = (moves, first=0, net_a=0, results=None))]
    fn _replay(
        &mut self,
        moves: Vec<(String, f64)>,
        first: u64,
        net_a: i128,
        results: Option<Vec<i64>>,
    ) -> PyResult<()> {
        guard(|| {
            if first > 0 {
                let options = self.table.options().clone();
                self.table = hus::Table::starting_at(options, first).map_err(config_error)?;
            }
            self.first = first;
            self.net_a = net_a;
            if let (Some(kept), Some(results)) = (&mut self.results, results) {
                *kept = results;
            }
            for (word, by) in moves {
                let mv = match word.as_str() {
                    "fold" => Intent::Fold,
                    "check" => Intent::Check,
                    "call" => Intent::Call,
                    _ => Intent::Raise(by),
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
    /// Plays `mv` for the player to act, held for pickling as it was played (made legal, it
    /// plays the same again), and counts the hand's result when it ended.
    fn play(&mut self, mv: Intent) -> PyResult<Option<HandResult>> {
        let acted = self.table.act(mv).map_err(config_error)?;
        self.moves.push(acted.played);
        Ok(acted.ended.map(|end| {
            self.net_a += i128::from(end.net[0]);
            if let Some(results) = &mut self.results {
                results.push(end.net[0]);
            }
            if !self.made.5 {
                self.first = end.hand;
                self.moves.clear();
            }
            HandResult {
                hand: end.hand,
                button: end.button,
                net: (end.net[0], end.net[1]),
                showdown: end.showdown,
            }
        }))
    }
}
