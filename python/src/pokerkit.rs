//! PokerKit's operations read into a game state in one call (`hus.pokerkit.state_of`): the
//! loop over a hand's operations and the builder run here rather than in Python, which made
//! the conversion cost more than the decision.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyString, PyTuple};

use hus::game::chips::MAX_PLACES;
use hus::{Chips, Decimal, Play, Player, Unit};

use crate::amounts::{amount_of, amount_out, float_on_unit, is_decimal, unit_places};
use crate::errors::{guard, invalid_game};
use crate::state::GameState;
use crate::stats::stats_of;

/// The PokerKit operation classes read, in the order `kinds` gives them.
const POSTING: usize = 0;
const CHECK_OR_CALL: usize = 1;
const BET_OR_RAISE_TO: usize = 2;
const FOLD: usize = 3;
const COLLECTION: usize = 4;

/// The text of the cards seen so far, by the card object's address: PokerKit's cards are
/// the deck's frozen objects, dealt again in every hand, and each is kept alive here so its
/// address names it. At most a few decks' worth are kept.
static CARDS: Mutex<Option<CardTexts>> = Mutex::new(None);

/// A card object's address, the object (kept alive) and its two letters.
type CardTexts = HashMap<usize, (Py<PyAny>, [u8; 2])>;

/// A card's text, `"Ah"`: PokerKit's rank and suit are `str` enums, read without a call (and
/// remembered, see [`CARDS`]); anything else is read through `repr`, as PokerKit writes a card.
fn push_card(out: &mut String, card: &Bound<'_, PyAny>) -> PyResult<()> {
    let key = card.as_ptr() as usize;
    // The lock is never held across a call into Python (another thread could wait on it
    // holding the GIL).
    let known = CARDS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|m| m.get(&key).map(|e| e.1));
    if let Some(text) = known {
        out.extend(text.iter().map(|&b| b as char));
        return Ok(());
    }
    let rank = card.getattr(intern!(card.py(), "rank"))?;
    let suit = card.getattr(intern!(card.py(), "suit"))?;
    match (rank.cast::<PyString>(), suit.cast::<PyString>()) {
        (Ok(r), Ok(s)) => {
            let text = format!("{}{}", r.to_cow()?, s.to_cow()?);
            out.push_str(&text);
            if let [a, b] = *text.as_bytes() {
                let mut seen = CARDS.lock().unwrap_or_else(|e| e.into_inner());
                let map = seen.get_or_insert_with(HashMap::new);
                if map.len() >= 256 {
                    map.clear();
                }
                map.insert(key, (card.clone().unbind(), [a, b]));
            }
        }
        _ => out.push_str(&card.repr()?.to_cow()?),
    }
    Ok(())
}

/// The cards of a list, as one string.
fn cards_of(cards: &Bound<'_, PyAny>, out: &mut String) -> PyResult<()> {
    for card in cards.try_iter()? {
        push_card(out, &card?)?;
    }
    Ok(())
}

/// What does not change during a hand, read once from its first state and kept on it
/// (`_hus_hand`): the blinds and starting stacks, the button, and the chip unit they imply.
#[pyclass(module = "hus", frozen, name = "_PokerKitHand")]
pub(crate) struct Hand {
    /// The player who owes the small blind.
    #[pyo3(get)]
    button: usize,
    small: Decimal,
    big: Decimal,
    stacks: [Decimal; 2],
    /// The chip unit's decimal places: the finest of the blinds and starting stacks.
    places: u32,
    /// The size the hero's raises are rounded to: the chip unit, or for a float state the
    /// binary fraction its amounts are multiples of (0.25 at 0.25/0.5), which PokerKit's
    /// float arithmetic adds exactly.
    chip: Decimal,
    /// The state's amounts are Decimals (they read back so) or floats.
    decimal: bool,
    #[pyo3(get)]
    is_float: bool,
}

#[pymethods]
impl Hand {
    /// The hand of `pk_state`, whose player `button` owes the small blind.
    #[new]
    fn new(pk_state: &Bound<'_, PyAny>, button: usize) -> PyResult<Hand> {
        guard(|| {
            let py = pk_state.py();
            let blinds = pk_state.getattr(intern!(py, "blinds_or_straddles"))?;
            let (first, second) = (blinds.get_item(0)?, blinds.get_item(1)?);
            let stacks = pk_state.getattr(intern!(py, "starting_stacks"))?;
            let (s0, s1) = (stacks.get_item(0)?, stacks.get_item(1)?);
            let b = [
                amount_of(&first, "blinds_or_straddles")?,
                amount_of(&second, "blinds_or_straddles")?,
            ];
            let stacks = [
                amount_of(&s0, "starting_stacks")?,
                amount_of(&s1, "starting_stacks")?,
            ];
            let places = unit_places(&[b[0], b[1], stacks[0], stacks[1]]);
            let unit = Unit::new(places).expect("at most 9 places");
            let given = [&first, &second, &s0, &s1];
            let float = given.iter().any(|o| o.is_instance_of::<PyFloat>());
            let binary = || binary_chip(&given.map(|o| o.extract::<f64>().unwrap_or(0.5)));
            let chip = match float.then(binary).flatten() {
                Some(chip) => chip,
                None => decimal_of(unit, Chips(1)),
            };
            let chips = |d: Decimal| unit.of(d).unwrap_or(Chips(i64::MAX));
            let (small, big) = if chips(b[0]) <= chips(b[1]) {
                (b[0], b[1])
            } else {
                (b[1], b[0])
            };
            Ok(Hand {
                button,
                small,
                big,
                stacks,
                places,
                chip,
                decimal: is_decimal(&first),
                is_float: float,
            })
        })
    }

    /// A copy of a PokerKit state shares its hand: nothing in it changes.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
    /// A pickled PokerKit state keeps no hand: `NoneType()`, so the hand is read again
    /// from the unpickled state.
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyAny>, ()) {
        (py.None().bind(py).get_type().into_any(), ())
    }

    /// The size the bot's raises are rounded to, as a `Decimal` (1 for whole chips, 0.01
    /// at 0.01/0.02).
    #[getter]
    fn chip<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let unit = Unit::new(MAX_PLACES).expect("the finest unit");
        let c = unit.of(self.chip).expect("a chip of at most 9 places");
        amount_out(py, unit, c, true)
    }
}

/// The coarsest of 1, 1/2, ... 1/512 that the floats are whole multiples of (a power of two
/// divides a float exactly), or `None`.
fn binary_chip(floats: &[f64]) -> Option<Decimal> {
    (0..=MAX_PLACES).find_map(|k| {
        let scale = f64::from(1u32 << k);
        floats
            .iter()
            .all(|x| (x * scale).fract() == 0.0)
            .then(|| Decimal::exact_f64(1.0 / scale))
            .flatten()
    })
}

/// The player of an operation: PokerKit's index and the seat seen from the hero's.
fn seat(op: &Bound<'_, PyAny>, hero: usize) -> PyResult<(usize, Player)> {
    let index: usize = op.getattr(intern!(op.py(), "player_index"))?.extract()?;
    let seat = if index == hero {
        Player::Hero
    } else {
        Player::Villain
    };
    Ok((index, seat))
}

/// An operation's amount, exact; a float must be exact on the chip unit.
fn op_amount(amount: &Bound<'_, PyAny>, field: &str, places: u32) -> PyResult<Decimal> {
    let d = amount_of(amount, field)?;
    float_on_unit(amount, d, field, places)?;
    Ok(d)
}

/// The blinds posted and the acts in order, from the state's operations. A posting is kept
/// as posted (a stack below its blind posts all it has); a bet after another in the same
/// round is a raise. The finest decimal places of the amounts come with them.
#[allow(clippy::type_complexity)]
fn acts_of(
    operations: &Bound<'_, PyAny>,
    kinds: &[Bound<'_, PyAny>],
    hero: usize,
    hand: &Hand,
) -> PyResult<(
    Vec<(Player, &'static str, Decimal)>,
    Vec<(Player, Play)>,
    u32,
)> {
    let py = operations.py();
    let mut posts = Vec::with_capacity(2);
    let mut acts = Vec::new();
    let mut finest = 0;
    // Someone has put chips in this round: a bet is a raise.
    let mut open = false;
    for op in operations.try_iter()? {
        let op = op?;
        let kind = op.get_type();
        let Some(k) = kinds.iter().position(|c| kind.is(c)) else {
            continue;
        };
        match k {
            POSTING => {
                let (index, who) = seat(&op, hero)?;
                let amount = op.getattr(intern!(py, "amount"))?;
                let blind = if index == hand.button { "SB" } else { "BB" };
                let exact = op_amount(&amount, "operations", hand.places)?;
                finest = finest.max(exact.places());
                open |= !exact.is_zero();
                posts.push((who, blind, exact));
            }
            CHECK_OR_CALL => {
                let amount = op.getattr(intern!(py, "amount"))?;
                let called = if amount.is_exact_instance_of::<PyInt>() {
                    amount.extract::<i64>().map_or(true, |n| n != 0)
                } else {
                    amount.is_truthy()?
                };
                let play = if called { Play::Call } else { Play::Check };
                acts.push((seat(&op, hero)?.1, play));
            }
            BET_OR_RAISE_TO => {
                let amount = op.getattr(intern!(py, "amount"))?;
                let to = op_amount(&amount, "operations", hand.places)?;
                finest = finest.max(to.places());
                let play = if open {
                    Play::RaiseTo(to)
                } else {
                    Play::BetTo(to)
                };
                acts.push((seat(&op, hero)?.1, play));
                open = true;
            }
            FOLD => acts.push((seat(&op, hero)?.1, Play::Fold)),
            COLLECTION => open = false,
            _ => {}
        }
    }
    // The small blind first, as the builder lists them.
    posts.sort_by_key(|p| p.1 != "SB");
    Ok((posts, acts, finest))
}

/// The game state of PokerKit's player `hero` to act in `hand`; `kinds` are PokerKit's
/// operation classes (posting, check or call, bet or raise to, fold, bet collection). The
/// game itself is checked by the caller. The hero's raises are rounded to the hand's chip
/// unit unless `set_chip` is false (a `chip` among the defines).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(name = "_pokerkit_state", signature = (pk_state, hero, hand, kinds, *, stats=None, defines=None, set_chip=true))]
pub(crate) fn pokerkit_state(
    py: Python<'_>,
    pk_state: &Bound<'_, PyAny>,
    hero: usize,
    hand: &Hand,
    kinds: &Bound<'_, PyTuple>,
    stats: Option<&Bound<'_, PyAny>>,
    defines: Option<Vec<(String, f64)>>,
    set_chip: bool,
) -> PyResult<GameState> {
    guard(|| {
        let kinds: Vec<Bound<'_, PyAny>> = kinds.iter().collect();
        let operations = pk_state.getattr(intern!(py, "operations"))?;
        let (posts, acts, finest) = acts_of(&operations, &kinds, hero, hand)?;
        let mut hero_cards = String::with_capacity(4);
        cards_of(
            &pk_state
                .getattr(intern!(py, "hole_cards"))?
                .get_item(hero)?,
            &mut hero_cards,
        )?;
        let mut board = String::with_capacity(10);
        for street in pk_state.getattr(intern!(py, "board_cards"))?.try_iter()? {
            cards_of(&street?, &mut board)?;
        }
        let mut b = hus::GameState::builder(hand.small, hand.big)
            .stacks(hand.stacks[hero], hand.stacks[1 - hero])
            .button(if hero == hand.button {
                Player::Hero
            } else {
                Player::Villain
            })
            .hero_cards(&hero_cards)
            .board(&board);
        for (who, play) in acts {
            b = b.play(who, play);
        }
        for (name, value) in defines.unwrap_or_default() {
            b = b.define(&name, value);
        }
        // The chip is the unit of the blinds and stacks, also when an opponent bet finer
        // (the builder's default would take the finest decimal of every amount).
        if set_chip && (hand.chip != Decimal::whole(1) || finest > hand.places) {
            b = b.chip(hand.chip);
        }
        for (who, blind, amount) in posts {
            b = b.post(who, blind, amount);
        }
        if let Some(stats) = stats {
            b = b.stats(stats_of(py, stats)?);
        }
        let (state, warnings) = b.build().map_err(|e| invalid_game(py, e, "<builder>"))?;
        Ok(GameState::of(py, state, &warnings)?.with_decimal(hand.decimal))
    })
}

/// `c` units of `unit` as a decimal.
fn decimal_of(unit: Unit, c: Chips) -> Decimal {
    unit.format(c).parse().expect("a unit writes a decimal")
}
