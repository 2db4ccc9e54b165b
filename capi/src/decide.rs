//! Decisions: a bot and a game state in, a plain struct out.

use std::ffi::c_char;

use hus::{Action, DecideErrorKind, Decision, GameState};

use crate::hand::{game_of_hand, HusHand};
use crate::{guarded, out_arg, text_arg, Failure, HusBot, HusError, HusStatus};

/// What the hero does.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HusAction {
    Fold = 0,
    Check = 1,
    Call = 2,
    Raise = 3,
}

/// A decision, written into the caller's struct.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HusDecision {
    /// A `HusAction`.
    pub action: u32,
    /// A raise: chips above the call, as `hus decide` prints it (`raise 60`); 0 otherwise.
    pub amount: f64,
    /// A raise: the total the hero's chips in this round come to; 0 otherwise.
    pub raise_to: f64,
    /// The line of the rule whose action was taken.
    pub rule: u32,
    /// 1 when the action as written was not legal and was made legal (reference §5).
    pub made_legal: u8,
    /// 1 when several rules tied at the highest priority and one was drawn.
    pub random_tie: u8,
    /// What `hus decide` prints, NUL-terminated: `fold`, `call`, `raise 60`.
    pub text: [c_char; 48],
}

/// Decides on a game state given as XML (reference §6) with the generator seeded by
/// `seed`: the answer `hus decide --seed SEED` gives. Writes `*out_decision` on success;
/// on failure `*out_error` (when `out_error` is not null) says why. Any number of threads
/// may decide with the same bot at once.
///
/// # Safety
/// `bot` is null or a live bot; `xml` null or NUL-terminated; `out_decision` null or
/// writable; `out_error` null or writable.
#[no_mangle]
pub unsafe extern "C" fn hus_decide_xml(
    bot: *const HusBot,
    xml: *const c_char,
    seed: u64,
    out_decision: *mut HusDecision,
    out_error: *mut *mut HusError,
) -> HusStatus {
    guarded(out_error, || {
        // SAFETY: `bot` is null or a live bot (this function's contract).
        let bot = unsafe { bot_arg(bot) }?;
        out_arg(out_decision, "out_decision")?;
        // SAFETY: `xml` is null or NUL-terminated (this function's contract).
        let xml = unsafe { text_arg(xml, "xml", hus_poker::limits::MAX_GAME_BYTES) }?;
        let (state, _warnings) = hus::game_from_xml("game.xml", xml).map_err(|e| {
            let lines: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
            Failure::new(HusStatus::InvalidGame, lines.join("\n"))
        })?;
        let decision = decide(bot, &state, seed)?;
        // SAFETY: checked not null; the caller's contract makes it writable.
        unsafe { *out_decision = decision };
        Ok(())
    })
}

/// Decides on a hand given as a struct; otherwise as [`hus_decide_xml`].
///
/// # Safety
/// As [`hus_decide_xml`]; `hand` null or valid, its pointers as `HusHand` documents.
#[no_mangle]
pub unsafe extern "C" fn hus_decide_hand(
    bot: *const HusBot,
    hand: *const HusHand,
    seed: u64,
    out_decision: *mut HusDecision,
    out_error: *mut *mut HusError,
) -> HusStatus {
    guarded(out_error, || {
        // SAFETY: `bot` is null or a live bot (this function's contract).
        let bot = unsafe { bot_arg(bot) }?;
        out_arg(out_decision, "out_decision")?;
        // SAFETY: the caller's contract.
        let Some(hand) = (unsafe { hand.as_ref() }) else {
            return Err(Failure::new(
                HusStatus::NullArgument,
                "hand is a null pointer",
            ));
        };
        // SAFETY: `hand`, checked not null, is valid with its pointers as `HusHand` documents (this
        // function's contract).
        let state = unsafe { game_of_hand(hand) }?;
        let decision = decide(bot, &state, seed)?;
        // SAFETY: checked not null; the caller's contract makes it writable.
        unsafe { *out_decision = decision };
        Ok(())
    })
}

/// # Safety
/// `bot` is null or a live bot.
unsafe fn bot_arg<'a>(bot: *const HusBot) -> Result<&'a HusBot, Failure> {
    // SAFETY: the caller's contract.
    unsafe { bot.as_ref() }
        .ok_or_else(|| Failure::new(HusStatus::NullArgument, "bot is a null pointer"))
}

fn decide(bot: &HusBot, state: &GameState, seed: u64) -> Result<HusDecision, Failure> {
    match bot.bot.decide(state, seed) {
        Ok(d) => Ok(decision(&d)),
        Err(e) => {
            let status = match e.kind {
                DecideErrorKind::NoRuleMatched => HusStatus::NoRuleMatched,
                DecideErrorKind::MissingConstant => HusStatus::MissingConstant,
                DecideErrorKind::External => HusStatus::External,
                DecideErrorKind::InvalidProgram => HusStatus::InvalidProgram,
            };
            Err(Failure::new(status, e.diagnostic.to_string()))
        }
    }
}

fn decision(d: &Decision) -> HusDecision {
    let (action, amount, raise_to) = match d.action {
        Action::Fold => (HusAction::Fold, 0.0, 0.0),
        Action::Check => (HusAction::Check, 0.0, 0.0),
        Action::Call => (HusAction::Call, 0.0, 0.0),
        Action::Raise { by, to } => (HusAction::Raise, by, to),
    };
    let mut text = [0 as c_char; 48];
    let written = d.action.to_string();
    // The longest amount the chip limits allow fits with room to spare; the last byte
    // stays NUL whatever happens.
    for (slot, byte) in text.iter_mut().zip(written.bytes().take(47)) {
        *slot = byte as c_char;
    }
    HusDecision {
        action: action as u32,
        amount,
        raise_to,
        rule: u32::try_from(d.rule).unwrap_or(u32::MAX),
        made_legal: d.made_legal as u8,
        random_tie: d.random_tie as u8,
        text,
    }
}
