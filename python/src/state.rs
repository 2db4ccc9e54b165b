//! Game states built from keyword arguments or read from XML.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use hus::{Play, Player};
use hus_poker::game::Act;

use crate::amounts::{amount_of, amount_out, float_on_unit, is_decimal, unit_places};
use crate::diagnostics::Diagnostic;
use crate::errors::{field_error, guard, invalid_game};
use crate::stats::{stats_dict, stats_of};

/// A game state at the hero's turn.
#[pyclass(module = "hus", frozen)]
#[derive(Clone)]
pub(crate) struct GameState {
    pub(crate) state: hus::GameState,
    /// What the builder or the XML reader tolerated (`hus decide` prints them as warnings).
    warnings: Vec<Diagnostic>,
    /// The state was given `decimal.Decimal` amounts: they read back as Decimals.
    decimal: bool,
}

/// The most acts `actions=` may hold: as many as one round of a game file may (an endless
/// iterable is refused instead of filling the memory).
const MAX_ACTIONS: usize = 4096;

/// A seat name: `"hero"` or `"villain"`.
pub(crate) fn player(name: &str, field: &str) -> PyResult<Player> {
    match name.to_ascii_lowercase().as_str() {
        "hero" => Ok(Player::Hero),
        "villain" => Ok(Player::Villain),
        _ => Err(field_error(
            field,
            format!(
                "{field}: a player is \"hero\" or \"villain\", not {:?}",
                hus::clip(name)
            ),
        )),
    }
}

/// One act of `actions`: `(player, act)` or `(player, act, amount_to)`; a float amount
/// must be exact on the chip unit of `places` decimal places.
pub(crate) fn play_of(item: &Bound<'_, PyAny>, k: usize, places: u32) -> PyResult<(Player, Play)> {
    let field = format!("actions[{k}]");
    let parts: Vec<Bound<'_, PyAny>> = item.try_iter()?.collect::<PyResult<_>>()?;
    let bad = |why: &str| field_error("actions", format!("{field}: {why}"));
    if parts.len() < 2 || parts.len() > 3 {
        return Err(bad("an act is (player, act) or (player, act, amount_to)"));
    }
    let who = player(&parts[0].extract::<String>()?, "actions")?;
    let act: String = parts[1].extract()?;
    let to = parts
        .get(2)
        .map(|a| {
            let d = amount_of(a, &field)?;
            float_on_unit(a, d, &field, places)?;
            Ok::<_, PyErr>(d)
        })
        .transpose()?;
    let play = match (act.parse::<Act>(), to) {
        (Ok(Act::Fold), None) => Play::Fold,
        (Ok(Act::Check), None) => Play::Check,
        (Ok(Act::Call), None) => Play::Call,
        (Ok(Act::Bet), Some(to)) => Play::BetTo(to),
        (Ok(Act::Raise), Some(to)) => Play::RaiseTo(to),
        (Ok(Act::Bet | Act::Raise), None) => {
            return Err(bad("a bet or raise gives the total it raises to"))
        }
        (Ok(_), Some(_)) => return Err(bad("only a bet or raise has an amount")),
        (Err(_), _) => {
            return Err(bad(
                "an act is \"fold\", \"check\", \"call\", \"bet\" or \"raise\"",
            ))
        }
    };
    Ok((who, play))
}

/// `"hero"` or `"villain"`.
fn seat_name(p: Player) -> &'static str {
    match p {
        Player::Hero => "hero",
        Player::Villain => "villain",
    }
}

impl GameState {
    /// A state with the warnings it was built or read with.
    pub(crate) fn of(
        py: Python<'_>,
        state: hus::GameState,
        warnings: &[hus_poker::diag::SourceDiagnostic],
    ) -> PyResult<GameState> {
        let source = hus_poker::diag::SourceFile::new("<state>", "");
        let warnings = warnings
            .iter()
            .map(|w| Diagnostic::of(py, &hus::Diagnostic::located(&source, w)))
            .collect::<PyResult<_>>()?;
        Ok(GameState {
            state,
            warnings,
            decimal: false,
        })
    }

    /// This state, reading its amounts back as Decimals when `decimal`.
    pub(crate) fn with_decimal(mut self, decimal: bool) -> GameState {
        self.decimal = decimal;
        self
    }

    /// An amount of the state for Python.
    fn out<'py>(&self, py: Python<'py>, c: hus::Chips) -> PyResult<Bound<'py, PyAny>> {
        amount_out(py, self.state.record().unit, c, self.decimal)
    }
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
    /// Amounts are ints, Decimals, decimal strings or floats (a float is read as the
    /// shortest decimal that gives it back, and refused unless exact on the chip unit);
    /// `chip` is the size the hero's raises are rounded to, by default the finest decimal
    /// of the amounts.
    #[pyo3(signature = (*, small_blind, big_blind, hero_cards, hero_stack=None, villain_stack=None,
        button="hero", board="", actions=None, defines=None, stats=None, posts=None, chip=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        small_blind: &Bound<'_, PyAny>,
        big_blind: &Bound<'_, PyAny>,
        hero_cards: &str,
        hero_stack: Option<&Bound<'_, PyAny>>,
        villain_stack: Option<&Bound<'_, PyAny>>,
        button: &str,
        board: &str,
        actions: Option<&Bound<'_, PyAny>>,
        defines: Option<Vec<(String, f64)>>,
        stats: Option<&Bound<'_, PyAny>>,
        posts: Option<Vec<(String, String, Bound<'_, PyAny>)>>,
        chip: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<GameState> {
        guard(|| {
            let (sb, bb) = (
                amount_of(small_blind, "small_blind")?,
                amount_of(big_blind, "big_blind")?,
            );
            let mut decimal = is_decimal(small_blind) || is_decimal(big_blind);
            let mut b = hus::GameState::builder(sb, bb);
            // The chip unit: the finest decimal of the blinds, the stacks and the chip. A
            // float act or post must be exact on it.
            let mut fixed = vec![sb, bb];
            if hero_stack.is_some() || villain_stack.is_some() {
                let default = bb.times(100).unwrap_or(hus::Decimal::whole(i64::MAX));
                let stack = |s: Option<&Bound<'_, PyAny>>, field: &str| match s {
                    Some(s) => amount_of(s, field),
                    None => Ok(default),
                };
                let stacks = (
                    stack(hero_stack, "hero_stack")?,
                    stack(villain_stack, "villain_stack")?,
                );
                fixed.extend([stacks.0, stacks.1]);
                b = b.stacks(stacks.0, stacks.1);
                decimal |=
                    hero_stack.is_some_and(is_decimal) || villain_stack.is_some_and(is_decimal);
            }
            if let Some(chip) = chip {
                let d = amount_of(chip, "chip")?;
                fixed.push(d);
                b = b.chip(d);
                decimal |= is_decimal(chip);
            }
            let places = unit_places(&fixed);
            let mut b = b
                .button(player(button, "button")?)
                .hero_cards(hero_cards)
                .board(board);
            if let Some(actions) = actions {
                let items = actions.try_iter().map_err(|_| {
                    field_error("actions", "actions: a list of acts, not one act".into())
                })?;
                for (k, item) in items.enumerate() {
                    if k == MAX_ACTIONS {
                        return Err(field_error(
                            "actions",
                            format!("actions: at most {MAX_ACTIONS} acts (an endless iterable?)"),
                        ));
                    }
                    let (who, play) = play_of(&item?, k, places)?;
                    b = b.play(who, play);
                }
            }
            for (name, value) in defines.unwrap_or_default() {
                b = b.define(&name, value);
            }
            for (who, blind, given) in posts.unwrap_or_default() {
                decimal |= is_decimal(&given);
                let d = amount_of(&given, "posts")?;
                float_on_unit(&given, d, "posts", places)?;
                b = b.post(player(&who, "posts")?, &blind, d);
            }
            if let Some(stats) = stats {
                b = b.stats(stats_of(py, stats)?);
            }
            let (state, warnings) = b
                .build()
                .map_err(|e| invalid_game(py, e, "hus.GameState(...)"))?;
            Ok(GameState::of(py, state, &warnings)?.with_decimal(decimal))
        })
    }

    /// Reads and validates game-state XML, as `hus decide` does.
    #[staticmethod]
    fn from_xml(py: Python<'_>, xml: &str) -> PyResult<GameState> {
        guard(|| {
            let (state, warnings) =
                hus::GameState::from_xml(xml).map_err(|e| invalid_game(py, e, "<xml>"))?;
            GameState::of(py, state, &warnings)
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
    fn pot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().pot)
    }
    #[getter]
    fn to_call<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().to_call)
    }
    /// The hero's chips behind now.
    #[getter]
    fn hero_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().hero_stack)
    }
    #[getter]
    fn villain_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().villain_stack)
    }
    /// The hero's chips put in during this round (the blind, before the flop).
    #[getter]
    fn hero_in_round<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().hero_round)
    }
    /// The smallest legal raise, as the total the hero's chips in this round come to
    /// (capped at all in), or None when the hero cannot raise.
    #[getter]
    fn min_raise_to<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.state
            .derived()
            .min_raise_to()
            .map(|c| self.out(py, c))
            .transpose()
    }
    /// The most the hero can raise to: all in.
    #[getter]
    fn max_raise_to<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.state
            .derived()
            .max_raise_to()
            .map(|c| self.out(py, c))
            .transpose()
    }
    /// The size the hero's raises are rounded to: `chip=`, `<chip>`, or the finest decimal
    /// of the amounts (1 for whole chips).
    #[getter]
    fn chip<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.derived().chip)
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

    /// What the builder or the XML reader tolerated, as warnings.
    #[getter]
    fn warnings(&self) -> Vec<Diagnostic> {
        self.warnings.clone()
    }

    /// The small blind, as built or read.
    #[getter]
    fn small_blind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.record().sb)
    }
    #[getter]
    fn big_blind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.record().bb)
    }
    /// The hero's stack at the start of the hand, before the blinds.
    #[getter]
    fn hero_starting_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.record().hero_stack)
    }
    #[getter]
    fn villain_starting_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.out(py, self.state.record().villain_stack)
    }
    /// Who posts the small blind: `"hero"` or `"villain"`.
    #[getter]
    fn button(&self) -> &'static str {
        let r = self.state.record();
        let sb = r.posts.iter().find(|p| p.blind.eq_ignore_ascii_case("SB"));
        let bb = r.posts.iter().find(|p| p.blind.eq_ignore_ascii_case("BB"));
        let button = sb.map(|p| p.player).or(bb.map(|p| p.player.other()));
        seat_name(button.unwrap_or(Player::Hero))
    }
    /// The blinds as posted: `(player, "SB"|"BB", amount)`.
    #[getter]
    fn posts<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(&'static str, String, Bound<'py, PyAny>)>> {
        let r = self.state.record();
        r.posts
            .iter()
            .map(|p| {
                Ok((
                    seat_name(p.player),
                    p.blind.clone(),
                    self.out(py, p.amount)?,
                ))
            })
            .collect()
    }
    /// The acts in order as the builder takes them: `(player, "fold"|"check"|"call")` or
    /// `(player, "bet"|"raise", total raised to)`.
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let unit = self.state.record().unit;
        // The builder's totals are exact decimals of the state: counted again in its unit.
        let to = |x: hus::Decimal| self.out(py, unit.of(x).unwrap_or_default());
        hus::plays_of(self.state.record())
            .into_iter()
            .map(|(who, play)| {
                let who = seat_name(who);
                match play {
                    Play::Fold => (who, "fold").into_pyobject(py),
                    Play::Check => (who, "check").into_pyobject(py),
                    Play::Call => (who, "call").into_pyobject(py),
                    Play::BetTo(x) => (who, "bet", to(x)?).into_pyobject(py),
                    Play::RaiseTo(x) => (who, "raise", to(x)?).into_pyobject(py),
                }
            })
            .collect()
    }
    /// The `<init>` constants besides the blinds, stacks and cards, in order.
    #[getter]
    fn defines(&self) -> Vec<(String, f64)> {
        self.state.record().extras.clone()
    }
    /// The villain's statistics as `stats=` takes them, or None.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.state
            .record()
            .stats
            .as_deref()
            .map(|s| stats_dict(py, s))
            .transpose()
    }

    /// Pickles as its XML (and whether its amounts read back as Decimals).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, bool))> {
        let restore = py.import("hus._pickle")?.getattr("game_state")?;
        Ok((restore, (self.to_xml(), self.decimal)))
    }

    /// This state with its amounts read back as Decimals (`True`) or floats.
    fn _with_decimal(&self, decimal: bool) -> GameState {
        self.clone().with_decimal(decimal)
    }

    /// The same for equal states: the cards, the phase and the amounts.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let d = self.state.derived();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hero_cards().hash(&mut h);
        self.board().hash(&mut h);
        for x in [
            d.pot,
            d.to_call,
            d.hero_stack,
            d.villain_stack,
            d.hero_round,
        ] {
            d.chips(x).to_bits().hash(&mut h);
        }
        h.finish()
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
            d.unit.format(d.pot),
            d.unit.format(d.to_call)
        )
    }
}
