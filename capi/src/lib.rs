//! The C interface of hus (docs/c.md): a bot loaded from a script's text or file, decisions
//! on a game state given as XML or as a plain struct of the hand, errors as a status code
//! with a message. A thin binding over the library's front door: it converts and calls.
//!
//! Every function catches panics: none crosses into the caller, which gets
//! [`HusStatus::Panic`] instead. A [`HusBot`] never changes once loaded, so any number of
//! threads may decide with the same bot at once.

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

mod bot;
mod decide;
mod hand;

pub use bot::{hus_bot_builtin, hus_bot_free, hus_bot_from_file, hus_bot_from_source};
pub use bot::{hus_bot_name, HusBot, HusBotOptions, HUS_ALLOW_EXTERNAL};
pub use decide::{hus_decide_hand, hus_decide_xml, HusAction, HusDecision};
pub use hand::{HusAct, HusActKind, HusHand, HusPlayer};

/// What a call did: `HUS_STATUS_OK`, or why it failed (the error object says more).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HusStatus {
    Ok = 0,
    /// A pointer the call needs is null.
    NullArgument = 1,
    /// A string is not UTF-8.
    InvalidUtf8 = 2,
    /// A script, game or list is larger than the language allows (16 MiB, 1,000 acts).
    TooLarge = 3,
    /// The script file cannot be read, or there is no such built-in bot.
    Unreadable = 4,
    /// The script has errors.
    ScriptError = 5,
    /// The game state is not valid (reference §6).
    InvalidGame = 6,
    /// No rule gives an action here.
    NoRuleMatched = 7,
    /// The script reads an `<init>` constant the game state does not define.
    MissingConstant = 8,
    /// An `external` program failed, timed out or was not allowed.
    External = 9,
    /// An external action program answered something that is not an action.
    InvalidProgram = 10,
    /// A bug in hus: a Rust panic, caught at the boundary.
    Panic = 11,
    /// A value of an enumeration field is none of its constants, or an option is invalid.
    InvalidArgument = 12,
}

/// A failed call's status and message; the caller frees it with [`hus_error_free`].
pub struct HusError {
    status: HusStatus,
    message: CString,
}

/// A failure inside a call, before it becomes a [`HusError`].
pub(crate) struct Failure {
    pub status: HusStatus,
    pub message: String,
}

impl Failure {
    pub(crate) fn new(status: HusStatus, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }
}

/// Runs a call's body with panics caught; on failure stores the error in `out_error`
/// (when not null), on success stores null there.
pub(crate) fn guarded(
    out_error: *mut *mut HusError,
    body: impl FnOnce() -> Result<(), Failure>,
) -> HusStatus {
    let result = catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        Err(Failure::new(
            HusStatus::Panic,
            format!("internal error (a bug in hus, please report it): {what}"),
        ))
    });
    let (status, error) = match result {
        Ok(()) => (HusStatus::Ok, std::ptr::null_mut()),
        Err(f) => {
            let error = Box::new(HusError {
                status: f.status,
                message: c_string(&f.message),
            });
            (f.status, Box::into_raw(error))
        }
    };
    if !out_error.is_null() {
        // SAFETY: the caller passes null or a pointer to writable storage for one pointer.
        unsafe { *out_error = error };
    } else if !error.is_null() {
        // SAFETY: just made by Box::into_raw and not handed out.
        drop(unsafe { Box::from_raw(error) });
    }
    status
}

/// `text` as a C string: a NUL inside (which no C string can hold) becomes U+FFFD.
pub(crate) fn c_string(text: &str) -> CString {
    CString::new(text.replace('\0', "\u{FFFD}")).unwrap_or_default()
}

/// The UTF-8 text of a C string argument named `what`, at most `max` bytes long.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string.
pub(crate) unsafe fn text_arg<'a>(
    ptr: *const c_char,
    what: &str,
    max: u64,
) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::new(
            HusStatus::NullArgument,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: the caller's contract: a NUL-terminated string.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    if bytes.len() as u64 > max {
        return Err(Failure::new(
            HusStatus::TooLarge,
            format!(
                "{what} is {} bytes, more than the {max} allowed",
                bytes.len()
            ),
        ));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::new(
            HusStatus::InvalidUtf8,
            format!(
                "{what} is not UTF-8: an invalid byte at offset {}",
                e.valid_up_to()
            ),
        )
    })
}

/// Checks an output pointer is not null.
pub(crate) fn out_arg<T>(ptr: *mut T, what: &str) -> Result<(), Failure> {
    match ptr.is_null() {
        true => Err(Failure::new(
            HusStatus::NullArgument,
            format!("{what} is a null pointer"),
        )),
        false => Ok(()),
    }
}

/// The status of a failed call (`HUS_STATUS_NULL_ARGUMENT` for a null error).
///
/// # Safety
/// `error` is null or an error a call of this library returned and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn hus_error_status(error: *const HusError) -> HusStatus {
    // SAFETY: the caller's contract.
    match unsafe { error.as_ref() } {
        Some(e) => e.status,
        None => HusStatus::NullArgument,
    }
}

/// The message of a failed call: UTF-8, valid until the error is freed (an empty string for
/// a null error). A script's or game's errors are one per line, `file:line:column: error: message`.
///
/// # Safety
/// `error` is null or an error a call of this library returned and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn hus_error_message(error: *const HusError) -> *const c_char {
    // SAFETY: the caller's contract.
    match unsafe { error.as_ref() } {
        Some(e) => e.message.as_ptr(),
        None => c"".as_ptr(),
    }
}

/// Frees an error; null is allowed and does nothing.
///
/// # Safety
/// `error` is null or an error a call of this library returned and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn hus_error_free(error: *mut HusError) {
    if !error.is_null() {
        // SAFETY: made by Box::into_raw in `guarded`, freed once by the caller's contract.
        drop(unsafe { Box::from_raw(error) });
    }
}

/// The version of the C interface's structs and calls: 3 since an act's `to` is a whole count
/// of 10^-`act_places` chips (2 gave `HusHand` its `chip`). A program built against another
/// version's header must be rebuilt.
pub const HUS_ABI_VERSION: u32 = 3;

/// [`HUS_ABI_VERSION`] of the library linked, to compare with the header's.
#[no_mangle]
pub extern "C" fn hus_abi_version() -> u32 {
    HUS_ABI_VERSION
}

/// The library's version, `0.1.0`: a static string, never freed.
#[no_mangle]
pub extern "C" fn hus_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// A bot is shared by every thread that decides with it: it must be `Send + Sync`.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<HusBot>();
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_panic_status_with_its_message() {
        let mut error = std::ptr::null_mut();
        let status = guarded(&mut error, || panic!("boom"));
        assert_eq!(status, HusStatus::Panic);
        // SAFETY: `guarded` stored a live error.
        let message = unsafe { CStr::from_ptr(hus_error_message(error)) };
        assert_eq!(
            message.to_str().unwrap(),
            "internal error (a bug in hus, please report it): boom"
        );
        // SAFETY: the same live error, freed once and not used after.
        unsafe { hus_error_free(error) };
        assert_eq!(
            guarded(std::ptr::null_mut(), || panic!("unseen")),
            HusStatus::Panic
        );
    }

    #[test]
    fn a_nul_inside_a_message_is_replaced() {
        assert_eq!(c_string("a\0b").as_bytes(), "a\u{FFFD}b".as_bytes());
    }
}
