//! Game states built from keyword arguments or read from XML.

use pyo3::prelude::*;

use hus::{Play, Player};

use crate::errors::{field_error, guard, invalid_game};
use crate::stats::stats_of;

/// A game state at the hero's turn.
#[pyclass(module = "hus", frozen)]
#[derive(Clone)]
pub(crate) struct GameState {
    pub(crate) state: hus::GameState,
}

/// A seat name: `"hero"` or `"villain"`.
pub(crate) fn player(name: &str, field: &str) -> PyResult<Player> {
    match name.to_ascii_lowercase().as_str() {
        "hero" => Ok(Player::Hero),
        "villain" => Ok(Player::Villain),
        _ => Err(field_error(
            field,
            format!("{field}: a player is \"hero\" or \"villain\", not {name:?}"),
        )),
    }
}

/// One act of `actions`: `(player, act)` or `(player, act, amount_to)`.
pub(crate) fn play_of(item: &Bound<'_, PyAny>, k: usize) -> PyResult<(Player, Play)> {
    let field = format!("actions[{k}]");
    let parts: Vec<Bound<'_, PyAny>> = item.try_iter()?.collect::<PyResult<_>>()?;
    let bad = |why: &str| field_error("actions", format!("{field}: {why}"));
    if parts.len() < 2 || parts.len() > 3 {
        return Err(bad("an act is (player, act) or (player, act, amount_to)"));
    }
    let who = player(&parts[0].extract::<String>()?, "actions")?;
    let act: String = parts[1].extract()?;
    let to: Option<f64> = parts.get(2).map(|a| a.extract()).transpose()?;
    let play = match (act.to_ascii_lowercase().as_str(), to) {
        ("fold", None) => Play::Fold,
        ("check", None) => Play::Check,
        ("call", None) => Play::Call,
        ("bet", Some(to)) => Play::BetTo(to),
        ("raise", Some(to)) => Play::RaiseTo(to),
        ("bet" | "raise", None) => return Err(bad("a bet or raise gives the total it raises to")),
        (_, Some(_)) => return Err(bad("only a bet or raise has an amount")),
        _ => {
            return Err(bad(
                "an act is \"fold\", \"check\", \"call\", \"bet\" or \"raise\"",
            ))
        }
    };
    Ok((who, play))
}

#[pymethods]
impl GameState {
    /// Builds a state: the blinds, the hero's cards, the stacks before the blinds (100 big
    /// blinds each by default), who has the button (posts the small blind), the board so far,
    /// the acts in order as (player, act) or (player, "bet"|"raise", total raised to), and
    /// the villain's statistics as `<stats>` gives them:
    /// `{"hands": 40, "VPIP": (times, chances), "Aggression": (times, chances, hands)}`.
    /// `posts` replaces the blinds the button implies, as (player, "SB"|"BB", amount): a
    /// stack below its blind posts all it has.
    #[new]
    #[pyo3(signature = (*, small_blind, big_blind, hero_cards, hero_stack=None, villain_stack=None,
        button="hero", board="", actions=None, defines=None, stats=None, posts=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        small_blind: f64,
        big_blind: f64,
        hero_cards: &str,
        hero_stack: Option<f64>,
        villain_stack: Option<f64>,
        button: &str,
        board: &str,
        actions: Option<&Bound<'_, PyAny>>,
        defines: Option<Vec<(String, f64)>>,
        stats: Option<&Bound<'_, PyAny>>,
        posts: Option<Vec<(String, String, f64)>>,
    ) -> PyResult<GameState> {
        guard(|| {
            let mut b = hus::GameState::builder(small_blind, big_blind)
                .stacks(
                    hero_stack.unwrap_or(100.0 * big_blind),
                    villain_stack.unwrap_or(100.0 * big_blind),
                )
                .button(player(button, "button")?)
                .hero_cards(hero_cards)
                .board(board);
            if let Some(actions) = actions {
                for (k, item) in actions.try_iter()?.enumerate() {
                    let (who, play) = play_of(&item?, k)?;
                    b = b.play(who, play);
                }
            }
            for (name, value) in defines.unwrap_or_default() {
                b = b.define(&name, value);
            }
            for (who, blind, amount) in posts.unwrap_or_default() {
                b = b.post(player(&who, "posts")?, &blind, amount);
            }
            if let Some(stats) = stats {
                b = b.stats(stats_of(py, stats)?);
            }
            let (state, _warnings) = b.build().map_err(|e| invalid_game(py, e, "<builder>"))?;
            Ok(GameState { state })
        })
    }

    /// Reads and validates game-state XML, as `hus decide` does.
    #[staticmethod]
    fn from_xml(py: Python<'_>, xml: &str) -> PyResult<GameState> {
        guard(|| {
            let (state, _) =
                hus::GameState::from_xml(xml).map_err(|e| invalid_game(py, e, "<xml>"))?;
            Ok(GameState { state })
        })
    }

    /// The XML `hus decide` reads.
    fn to_xml(&self) -> String {
        self.state.xml().into_owned()
    }

    /// `preflop`, `flop`, `turn` or `river`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().xml_tag()
    }
    #[getter]
    fn pot(&self) -> f64 {
        self.state.derived().pot
    }
    #[getter]
    fn to_call(&self) -> f64 {
        self.state.derived().to_call
    }
    /// The hero's chips behind now.
    #[getter]
    fn hero_stack(&self) -> f64 {
        self.state.derived().hero_stack
    }
    #[getter]
    fn villain_stack(&self) -> f64 {
        self.state.derived().villain_stack
    }
    /// The hero's chips put in during this round (the blind, before the flop).
    #[getter]
    fn hero_in_round(&self) -> f64 {
        self.state.derived().hero_round
    }
    /// The smallest legal raise, as the total the hero's chips in this round come to
    /// (capped at all in), or None when the hero cannot raise.
    #[getter]
    fn min_raise_to(&self) -> Option<f64> {
        self.state.derived().min_raise_to()
    }
    /// The most the hero can raise to: all in.
    #[getter]
    fn max_raise_to(&self) -> Option<f64> {
        self.state.derived().max_raise_to()
    }
    /// The acts the hero may take: a subset of fold, check, call, raise in that order.
    #[getter]
    fn legal_actions(&self) -> Vec<&'static str> {
        self.state.derived().legal_acts().to_vec()
    }
    /// The hero's cards, `"AsKd"`.
    #[getter]
    fn hero_cards(&self) -> String {
        self.state
            .hero_cards()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }
    /// The board so far, `"9h5s2d"`.
    #[getter]
    fn board(&self) -> String {
        self.state
            .board_cards()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    fn __eq__(&self, other: &GameState) -> bool {
        self.state.xml() == other.state.xml()
            || (self.state.record().same_as(other.state.record())
                && self.state.derived() == other.state.derived())
    }

    fn __repr__(&self) -> String {
        let d = self.state.derived();
        format!(
            "<GameState {} hero {} board {:?} pot {} to call {}>",
            self.phase(),
            self.hero_cards(),
            self.board(),
            d.pot,
            d.to_call
        )
    }
}
