//! PokerKit's operations read into a game state in one call (`hus.pokerkit.state_of`): the
//! loop over a hand's operations and the builder run here rather than in Python, which made
//! the conversion cost more than the decision.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyList, PyString, PyTuple};

use hus::{Chips, Decimal, GameBuilder, Play, Player, Unit};
use hus_poker::cards::Card;
use hus_poker::game::chips::MAX_PLACES;

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

/// The cards seen so far, by the card object's address: PokerKit's cards are the deck's
/// frozen objects, dealt again in every hand, and each is kept alive here so its address
/// names it. At most a few decks' worth are kept.
static CARDS: Mutex<Option<CardsSeen>> = Mutex::new(None);

/// A card object's address, the object (kept alive) and the card it is.
type CardsSeen = HashMap<usize, (Py<PyAny>, Card)>;

/// A card object as hus's card, or `None` when it is not one PokerKit's way (its rank and
/// suit `str` enums, read without a call and remembered, see [`CARDS`]): the caller then
/// reads every card as text, which the builder reports on.
fn card_of(card: &Bound<'_, PyAny>) -> PyResult<Option<Card>> {
    let key = card.as_ptr() as usize;
    // The lock is never held across a call into Python (another thread could wait on it
    // holding the GIL).
    let known = CARDS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|m| m.get(&key).map(|e| e.1));
    if known.is_some() {
        return Ok(known);
    }
    let rank = card.getattr(intern!(card.py(), "rank"))?;
    let suit = card.getattr(intern!(card.py(), "suit"))?;
    let (Ok(r), Ok(s)) = (rank.cast::<PyString>(), suit.cast::<PyString>()) else {
        return Ok(None);
    };
    let (r, s) = (r.to_cow()?, s.to_cow()?);
    if r.len() != 1 || s.len() != 1 {
        return Ok(None);
    }
    let Ok(parsed) = format!("{r}{s}").parse::<Card>() else {
        return Ok(None);
    };
    let mut seen = CARDS.lock().unwrap_or_else(|e| e.into_inner());
    let map = seen.get_or_insert_with(HashMap::new);
    if map.len() >= 256 {
        map.clear();
    }
    map.insert(key, (card.clone().unbind(), parsed));
    Ok(Some(parsed))
}

/// The cards of a list, appended to `out`; `false` when one is not PokerKit's card.
fn cards_of(cards: &Bound<'_, PyAny>, out: &mut Vec<Card>) -> PyResult<bool> {
    for card in cards.try_iter()? {
        match card_of(&card?)? {
            Some(c) => out.push(c),
            None => return Ok(false),
        }
    }
    Ok(true)
}

/// The cards of a list as text, as PokerKit writes a card (`repr`), for the builder to read
/// and report on: the way of cards that are not PokerKit's own.
fn card_text(cards: &Bound<'_, PyAny>, out: &mut String) -> PyResult<()> {
    for card in cards.try_iter()? {
        out.push_str(&card?.repr()?.to_cow()?);
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
    /// The operations read so far, each kept alive beside what it holds: PokerKit's
    /// operations are frozen and its list of them only grows, so a state read again (or
    /// the next state of the hand) reads only the operations not seen yet. An operation is
    /// known by its object, compared in order; a copy of the state that went another way
    /// replaces them from where it differs.
    ops: Mutex<Vec<(Py<PyAny>, Op)>>,
}

/// What one of PokerKit's operations holds for the game state: its player's index and
/// amount (a check or call only whether it called).
#[derive(Clone, Copy)]
enum Op {
    Post(usize, Decimal),
    CheckOrCall(usize, bool),
    BetOrRaiseTo(usize, Decimal),
    Fold(usize),
    Collection,
    Other,
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
                ops: Mutex::new(Vec::new()),
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

/// The index of an operation's player.
fn player_of(op: &Bound<'_, PyAny>) -> PyResult<usize> {
    op.getattr(intern!(op.py(), "player_index"))?.extract()
}

/// An operation's amount, exact; a float must be exact on the chip unit.
fn op_amount(amount: &Bound<'_, PyAny>, field: &str, places: u32) -> PyResult<Decimal> {
    let d = amount_of(amount, field)?;
    float_on_unit(amount, d, field, places)?;
    Ok(d)
}

/// What operation `op` holds, `kinds` being PokerKit's operation classes.
fn op_of(op: &Bound<'_, PyAny>, kinds: &[Bound<'_, PyAny>], hand: &Hand) -> PyResult<Op> {
    let py = op.py();
    let kind = op.get_type();
    let Some(k) = kinds.iter().position(|c| kind.is(c)) else {
        return Ok(Op::Other);
    };
    Ok(match k {
        POSTING => {
            let amount = op.getattr(intern!(py, "amount"))?;
            let exact = op_amount(&amount, "operations", hand.places)?;
            Op::Post(player_of(op)?, exact)
        }
        CHECK_OR_CALL => {
            let amount = op.getattr(intern!(py, "amount"))?;
            let called = if amount.is_exact_instance_of::<PyInt>() {
                amount.extract::<i64>().map_or(true, |n| n != 0)
            } else {
                amount.is_truthy()?
            };
            Op::CheckOrCall(player_of(op)?, called)
        }
        BET_OR_RAISE_TO => {
            let amount = op.getattr(intern!(py, "amount"))?;
            let to = op_amount(&amount, "operations", hand.places)?;
            Op::BetOrRaiseTo(player_of(op)?, to)
        }
        FOLD => Op::Fold(player_of(op)?),
        COLLECTION => Op::Collection,
        _ => Op::Other,
    })
}

/// What the state's operations hold, in order: those read before from the hand's
/// [`Hand::ops`], the others read now (and kept when the operations are a list).
fn ops_of(
    operations: &Bound<'_, PyAny>,
    kinds: &[Bound<'_, PyAny>],
    hand: &Hand,
) -> PyResult<Vec<Op>> {
    let Ok(list) = operations.cast::<PyList>() else {
        let mut ops = Vec::new();
        for op in operations.try_iter()? {
            ops.push(op_of(&op?, kinds, hand)?);
        }
        return Ok(ops);
    };
    // Each item fetched once: compared with the operations seen, read when new, kept.
    let items: Vec<Bound<'_, PyAny>> = list.iter().collect();
    let mut ops = Vec::with_capacity(items.len());
    // The lock is held only while comparing objects, never across a call into Python.
    {
        let seen = hand.ops.lock().unwrap_or_else(|e| e.into_inner());
        for ((object, op), item) in seen.iter().zip(&items) {
            if !item.is(object) {
                break;
            }
            ops.push(*op);
        }
    }
    if ops.len() == items.len() {
        return Ok(ops);
    }
    for item in &items[ops.len()..] {
        ops.push(op_of(item, kinds, hand)?);
    }
    let kept: Vec<(Py<PyAny>, Op)> = items
        .into_iter()
        .zip(&ops)
        .map(|(item, op)| (item.unbind(), *op))
        .collect();
    let old = std::mem::replace(
        &mut *hand.ops.lock().unwrap_or_else(|e| e.into_inner()),
        kept,
    );
    // Released after the lock: dropping an object may run Python code.
    drop(old);
    Ok(ops)
}

/// The blinds posted and the acts in order, from the state's operations. A posting is kept
/// as posted (a stack below its blind posts all it has); a bet after another in the same
/// round is a raise. The finest decimal places of the amounts come with them.
#[allow(clippy::type_complexity)]
fn acts_of(
    ops: &[Op],
    hero: usize,
    hand: &Hand,
) -> (
    Vec<(Player, &'static str, Decimal)>,
    Vec<(Player, Play)>,
    u32,
) {
    let who = |index: usize| {
        if index == hero {
            Player::Hero
        } else {
            Player::Villain
        }
    };
    let mut posts = Vec::with_capacity(2);
    let mut acts = Vec::with_capacity(ops.len());
    let mut finest = 0;
    // Someone has put chips in this round: a bet is a raise.
    let mut open = false;
    for &op in ops {
        match op {
            Op::Post(index, exact) => {
                let blind = if index == hand.button { "SB" } else { "BB" };
                finest = finest.max(exact.places());
                open |= !exact.is_zero();
                posts.push((who(index), blind, exact));
            }
            Op::CheckOrCall(index, called) => {
                let play = if called { Play::Call } else { Play::Check };
                acts.push((who(index), play));
            }
            Op::BetOrRaiseTo(index, to) => {
                finest = finest.max(to.places());
                let play = if open {
                    Play::RaiseTo(to)
                } else {
                    Play::BetTo(to)
                };
                acts.push((who(index), play));
                open = true;
            }
            Op::Fold(index) => acts.push((who(index), Play::Fold)),
            Op::Collection => open = false,
            Op::Other => {}
        }
    }
    // The small blind first, as the builder lists them.
    posts.sort_by_key(|p| p.1 != "SB");
    (posts, acts, finest)
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
        let (posts, acts, finest) = acts_of(&ops_of(&operations, &kinds, hand)?, hero, hand);
        let hole = pk_state
            .getattr(intern!(py, "hole_cards"))?
            .get_item(hero)?;
        let streets = pk_state.getattr(intern!(py, "board_cards"))?;
        let b = hus::GameState::builder(hand.small, hand.big)
            .stacks(hand.stacks[hero], hand.stacks[1 - hero])
            .button(if hero == hand.button {
                Player::Hero
            } else {
                Player::Villain
            });
        let mut b = with_cards(b, &hole, &streets)?;
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

/// The builder given the hero's cards `hole` and the board's `streets`: as cards when they
/// are PokerKit's, else as their text (which the builder reports on).
fn with_cards(
    b: GameBuilder,
    hole: &Bound<'_, PyAny>,
    streets: &Bound<'_, PyAny>,
) -> PyResult<GameBuilder> {
    let mut hero = Vec::with_capacity(2);
    let mut board = Vec::with_capacity(5);
    let mut known = cards_of(hole, &mut hero)?;
    for street in streets.try_iter()? {
        known = known && cards_of(&street?, &mut board)?;
    }
    if let (true, &[a, c]) = (known, hero.as_slice()) {
        return Ok(b.hero_hand([a, c]).board_cards(&board));
    }
    let (mut hero, mut board) = (String::new(), String::new());
    card_text(hole, &mut hero)?;
    for street in streets.try_iter()? {
        card_text(&street?, &mut board)?;
    }
    Ok(b.hero_cards(&hero).board(&board))
}

/// `c` units of `unit` as a decimal.
fn decimal_of(unit: Unit, c: Chips) -> Decimal {
    unit.format(c).parse().expect("a unit writes a decimal")
}
