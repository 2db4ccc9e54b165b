//! A hand given as a plain C struct, built into a game state as the library's builder does
//! (reference §6): blinds, stacks, the button, the cards and the acts in order.

use std::ffi::c_char;

use hus::{Decimal, GameState, Play, Player};
use hus_poker::game::chips::MAX_PLACES;

use crate::{text_arg, Failure, HusStatus};

/// A player: the hero (who decides) or the villain.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HusPlayer {
    Hero = 0,
    Villain = 1,
}

/// An act; bets and raises carry the total the player's chips in the round come to.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HusActKind {
    Fold = 0,
    Check = 1,
    Call = 2,
    /// A bet when nothing is owed, to `HusAct::to`.
    Bet = 3,
    /// A raise, to `HusAct::to`.
    Raise = 4,
}

/// One act of the hand, in the order played. The enumerations are held as `uint32_t`
/// so that a value outside them is an error, not undefined behaviour.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HusAct {
    /// A `HusPlayer`.
    pub player: u32,
    /// A `HusActKind`.
    pub kind: u32,
    /// A bet or raise: the total the player's chips in this round come to (`raise to 300`),
    /// an exact count of 10^-`HusHand::act_places` chips (150 at 2 places is 1.5 chips);
    /// ignored for the other acts.
    pub to: i64,
}

/// A hand at the hero's turn, as the game-state XML describes it. The blinds, stacks and chip
/// are read as the shortest decimal that gives the double back (0.1 is 0.1), the acts' totals
/// as whole counts of 10^-`act_places` chips; all are counted exactly in the finest decimal
/// among them (reference §6, amounts).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HusHand {
    pub small_blind: f64,
    pub big_blind: f64,
    /// Both stacks at the start of the hand, before the blinds.
    pub hero_stack: f64,
    pub villain_stack: f64,
    /// A `HusPlayer`: who has the button (posts the small blind, acts first before the flop).
    pub button: u32,
    /// The hero's two cards: `"AsKd"` or `"As Kd"`.
    pub hero_cards: *const c_char,
    /// The board so far, 0, 3, 4 or 5 cards (`"9h5s2d"`); null or `""` before the flop.
    pub board: *const c_char,
    /// The acts in order (the blinds are implied by the button); null when `act_count` is 0.
    pub acts: *const HusAct,
    pub act_count: usize,
    /// The size the hero's raises are rounded to (`<chip>`); 0: the finest decimal of the
    /// amounts (1 for whole chips). Last but one, so that a struct written without it means 0.
    pub chip: f64,
    /// The decimal places of every act's `to`, 0 to 9: 0 (a struct written without it) for
    /// whole chips, 2 for hundredths.
    pub act_places: u32,
}

/// The most acts a hand may list: far more than any hand has, and little to read.
const MAX_ACTS: usize = 1000;

/// The game state of a hand.
///
/// # Safety
/// `hand` points to a valid struct whose pointers are null or valid as documented.
pub(crate) unsafe fn game_of_hand(hand: &HusHand) -> Result<GameState, Failure> {
    // SAFETY: `hand`'s pointers are null or valid as documented (this function's contract).
    let hero_cards = unsafe { text_arg(hand.hero_cards, "hand.hero_cards", 64) }?;
    let board = match hand.board.is_null() {
        true => "",
        // SAFETY: `hand`'s pointers are null or valid as documented (this function's contract).
        false => unsafe { text_arg(hand.board, "hand.board", 64) }?,
    };
    let mut builder = GameState::builder(hand.small_blind, hand.big_blind)
        .stacks(hand.hero_stack, hand.villain_stack)
        .button(player(hand.button, "hand.button")?)
        .hero_cards(hero_cards)
        .board(board);
    if hand.chip != 0.0 {
        builder = builder.chip(hand.chip);
    }
    if hand.act_places > MAX_PLACES {
        return Err(Failure::new(
            HusStatus::InvalidArgument,
            format!(
                "hand.act_places is {}, above {MAX_PLACES} (the finest chip is 0.000000001)",
                hand.act_places
            ),
        ));
    }
    // SAFETY: `hand`'s pointers are null or valid as documented (this function's contract).
    for (i, act) in unsafe { acts(hand) }?.iter().enumerate() {
        let who = player(act.player, &format!("hand.acts[{i}].player"))?;
        builder = builder.play(who, play(act, hand.act_places, i)?);
    }
    match builder.build() {
        Ok((state, _warnings)) => Ok(state),
        Err(invalid) => {
            let lines: Vec<String> = invalid
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| format!("hand: error: {}", d.message))
                .collect();
            Err(Failure::new(HusStatus::InvalidGame, lines.join("\n")))
        }
    }
}

/// The acts as a slice.
///
/// # Safety
/// `hand.acts` is null or points to `hand.act_count` acts.
unsafe fn acts(hand: &HusHand) -> Result<&[HusAct], Failure> {
    if hand.act_count == 0 {
        return Ok(&[]);
    }
    if hand.act_count > MAX_ACTS {
        return Err(Failure::new(
            HusStatus::TooLarge,
            format!(
                "hand.act_count is {}, more than the {MAX_ACTS} allowed",
                hand.act_count
            ),
        ));
    }
    if hand.acts.is_null() {
        return Err(Failure::new(
            HusStatus::NullArgument,
            "hand.acts is a null pointer while hand.act_count is not 0",
        ));
    }
    // SAFETY: the caller's contract: `act_count` acts at `acts`.
    Ok(unsafe { std::slice::from_raw_parts(hand.acts, hand.act_count) })
}

fn player(value: u32, what: &str) -> Result<Player, Failure> {
    match value {
        0 => Ok(Player::Hero),
        1 => Ok(Player::Villain),
        v => Err(Failure::new(
            HusStatus::InvalidArgument,
            format!("{what} is {v}, neither HUS_PLAYER_HERO (0) nor HUS_PLAYER_VILLAIN (1)"),
        )),
    }
}

/// An act with its total in chips: `act.to` units of 10^-`places` chips.
fn play(act: &HusAct, places: u32, index: usize) -> Result<Play, Failure> {
    let to = Decimal::units(act.to, places);
    Ok(match act.kind {
        0 => Play::Fold,
        1 => Play::Check,
        2 => Play::Call,
        3 => Play::BetTo(to),
        4 => Play::RaiseTo(to),
        v => {
            return Err(Failure::new(
                HusStatus::InvalidArgument,
                format!("hand.acts[{index}].kind is {v}, not a HusActKind (0 to 4)"),
            ))
        }
    })
}
