//! PokerKit's operations read into a game state in one call (`hus.pokerkit.state_of`): the
//! loop over a hand's operations and the builder run here rather than in Python, which made
//! the conversion cost more than the decision.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use hus::{Play, Player};

use crate::amounts::{amount_of, is_decimal, Floats};
use crate::errors::{guard, invalid_game};
use crate::state::GameState;
use crate::stats::stats_of;

/// The PokerKit operation classes read, in the order `kinds` gives them.
const POSTING: usize = 0;
const CHECK_OR_CALL: usize = 1;
const BET_OR_RAISE_TO: usize = 2;
const FOLD: usize = 3;
const COLLECTION: usize = 4;

/// A card's text, `"Ah"`: PokerKit's rank and suit are `str` enums, read without a call;
/// anything else is read through `repr`, as PokerKit writes a card.
fn push_card(out: &mut String, card: &Bound<'_, PyAny>) -> PyResult<()> {
    let rank = card.getattr(intern!(card.py(), "rank"))?;
    let suit = card.getattr(intern!(card.py(), "suit"))?;
    match (rank.cast::<PyString>(), suit.cast::<PyString>()) {
        (Ok(r), Ok(s)) => {
            out.push_str(&r.to_cow()?);
            out.push_str(&s.to_cow()?);
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

/// The seat of PokerKit's player `index` seen from the hero's.
fn seat(op: &Bound<'_, PyAny>, hero: usize) -> PyResult<Player> {
    let index: usize = op.getattr(intern!(op.py(), "player_index"))?.extract()?;
    Ok(if index == hero {
        Player::Hero
    } else {
        Player::Villain
    })
}

/// The blinds posted and the acts in order, from the state's operations. A posting is kept
/// as posted (a stack below its blind posts all it has); a bet after another in the same
/// round is a raise.
#[allow(clippy::type_complexity)]
fn acts_of(
    operations: &Bound<'_, PyAny>,
    kinds: &[Bound<'_, PyAny>],
    hero: usize,
    button: usize,
) -> PyResult<(
    Vec<(Player, &'static str, hus::Decimal)>,
    Vec<(Player, Play)>,
)> {
    let mut posts = Vec::with_capacity(2);
    let mut acts = Vec::new();
    let mut high = 0.0_f64;
    for op in operations.try_iter()? {
        let op = op?;
        let kind = op.get_type();
        let Some(k) = kinds.iter().position(|c| kind.is(c)) else {
            continue;
        };
        match k {
            POSTING => {
                let index: usize = op.getattr(intern!(op.py(), "player_index"))?.extract()?;
                let amount = op.getattr(intern!(op.py(), "amount"))?;
                let blind = if index == button { "SB" } else { "BB" };
                let exact = amount_of(&amount, "blinds_or_straddles", Floats::Exact)?;
                posts.push((seat(&op, hero)?, blind, exact));
                high = high.max(amount.extract::<f64>()?);
            }
            CHECK_OR_CALL => {
                let amount: f64 = op.getattr(intern!(op.py(), "amount"))?.extract()?;
                let play = if amount != 0.0 {
                    Play::Call
                } else {
                    Play::Check
                };
                acts.push((seat(&op, hero)?, play));
            }
            BET_OR_RAISE_TO => {
                let amount = op.getattr(intern!(op.py(), "amount"))?;
                let to = amount_of(&amount, "operations", Floats::Exact)?;
                let play = if high != 0.0 {
                    Play::RaiseTo(to)
                } else {
                    Play::BetTo(to)
                };
                acts.push((seat(&op, hero)?, play));
                high = to.to_f64();
            }
            FOLD => acts.push((seat(&op, hero)?, Play::Fold)),
            COLLECTION => high = 0.0,
            _ => {}
        }
    }
    // The small blind first, as the builder lists them.
    posts.sort_by_key(|p| p.1 != "SB");
    Ok((posts, acts))
}

/// The game state of PokerKit's player `hero` to act, where player `button` owes the small
/// blind; `kinds` are PokerKit's operation classes (posting, check or call, bet or raise to,
/// fold, bet collection). The game itself is checked by the caller.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(name = "_pokerkit_state", signature = (pk_state, hero, button, kinds, *, stats=None, defines=None, chip=None))]
pub(crate) fn pokerkit_state(
    py: Python<'_>,
    pk_state: &Bound<'_, PyAny>,
    hero: usize,
    button: usize,
    kinds: &Bound<'_, PyTuple>,
    stats: Option<&Bound<'_, PyAny>>,
    defines: Option<Vec<(String, f64)>>,
    chip: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameState> {
    guard(|| {
        let kinds: Vec<Bound<'_, PyAny>> = kinds.iter().collect();
        let operations = pk_state.getattr(intern!(pk_state.py(), "operations"))?;
        let (posts, acts) = acts_of(&operations, &kinds, hero, button)?;
        let blinds = pk_state.getattr(intern!(pk_state.py(), "blinds_or_straddles"))?;
        let (first, second) = (blinds.get_item(0)?, blinds.get_item(1)?);
        let decimal = is_decimal(&first);
        let exact = |o: &Bound<'_, PyAny>, field: &str| amount_of(o, field, Floats::Exact);
        let (b0, b1) = (
            exact(&first, "blinds_or_straddles")?,
            exact(&second, "blinds_or_straddles")?,
        );
        let (small, big) = if first.extract::<f64>()? <= second.extract::<f64>()? {
            (b0, b1)
        } else {
            (b1, b0)
        };
        let stacks = pk_state.getattr(intern!(pk_state.py(), "starting_stacks"))?;
        let mut hero_cards = String::with_capacity(4);
        cards_of(
            &pk_state
                .getattr(intern!(pk_state.py(), "hole_cards"))?
                .get_item(hero)?,
            &mut hero_cards,
        )?;
        let mut board = String::with_capacity(10);
        for street in pk_state
            .getattr(intern!(pk_state.py(), "board_cards"))?
            .try_iter()?
        {
            cards_of(&street?, &mut board)?;
        }
        let mut b = hus::GameState::builder(small, big)
            .stacks(
                exact(&stacks.get_item(hero)?, "starting_stacks")?,
                exact(&stacks.get_item(1 - hero)?, "starting_stacks")?,
            )
            .button(if hero == button {
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
        if let Some(chip) = chip {
            b = b.chip(amount_of(chip, "chip", Floats::Shortest)?);
        }
        for (who, blind, amount) in posts {
            b = b.post(who, blind, amount);
        }
        if let Some(stats) = stats {
            b = b.stats(stats_of(py, stats)?);
        }
        let (state, warnings) = b.build().map_err(|e| invalid_game(py, e, "<builder>"))?;
        Ok(GameState::of(py, state, &warnings)?.with_decimal(decimal))
    })
}
