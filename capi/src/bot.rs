//! Loading and freeing bots.

use std::ffi::{c_char, CString};

use hus::{Bot, BotOptions, LoadError};

use crate::{c_string, guarded, out_arg, text_arg, Failure, HusError, HusStatus};

/// A compiled script. It never changes once loaded: decide with it from any thread.
pub struct HusBot {
    pub(crate) bot: Bot,
    name: CString,
}

/// [`HusBotOptions::flags`]: the script may run `external` programs (reference §8).
pub const HUS_ALLOW_EXTERNAL: u32 = 1;

/// How a script is compiled; a null options pointer means all fields zero.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HusBotOptions {
    /// `HUS_ALLOW_EXTERNAL` or 0.
    pub flags: u32,
    /// Seconds each external program may run: 0 (a zeroed struct) for the default, 5 s; any
    /// other value from 0.001 (a millisecond) to 86400 (a day), the rule of the binary's
    /// `--external-timeout` and Python's `external_timeout=`, else
    /// `HUS_STATUS_INVALID_ARGUMENT`.
    pub external_timeout: f64,
    /// Names the game states define in `<init>`, separated by spaces or commas (as
    /// `--define`); null for none.
    pub defines: *const c_char,
}

/// The size any text argument may have: the language's limit on a script or a game state.
const MAX_TEXT: u64 = hus_poker::limits::MAX_SCRIPT_BYTES;

/// Compiles a script given as text; `name` is the file name its messages carry (tables are
/// read relative to the current directory). On success `*out_bot` is the bot, to free with
/// [`hus_bot_free`]; on failure it is null and `*out_error` (when `out_error` is not null)
/// says why: free it with `hus_error_free`.
///
/// # Safety
/// `name` and `source` are null or NUL-terminated; `options` is null or valid; `out_bot`
/// and `out_error` are null or writable.
#[no_mangle]
pub unsafe extern "C" fn hus_bot_from_source(
    name: *const c_char,
    source: *const c_char,
    options: *const HusBotOptions,
    out_bot: *mut *mut HusBot,
    out_error: *mut *mut HusError,
) -> HusStatus {
    guarded(out_error, || {
        out_arg(out_bot, "out_bot")?;
        // SAFETY: the caller's contract.
        unsafe { *out_bot = std::ptr::null_mut() };
        // SAFETY: `name` is null or NUL-terminated (this function's contract).
        let name = unsafe { text_arg(name, "name", 4096) }?;
        // SAFETY: `source` is null or NUL-terminated (this function's contract).
        let source = unsafe { text_arg(source, "source", MAX_TEXT) }?;
        // SAFETY: `options` is null or valid (this function's contract).
        let options = unsafe { bot_options(options) }?;
        let bot = Bot::from_source(name, source, &options).map_err(script_failure)?;
        // SAFETY: `out_bot` was checked not null above and is writable (this function's contract).
        unsafe { *out_bot = boxed(bot) };
        Ok(())
    })
}

/// Reads and compiles a script file (UTF-8 path); tables are read from its directory.
/// Results as [`hus_bot_from_source`]'s.
///
/// # Safety
/// As [`hus_bot_from_source`].
#[no_mangle]
pub unsafe extern "C" fn hus_bot_from_file(
    path: *const c_char,
    options: *const HusBotOptions,
    out_bot: *mut *mut HusBot,
    out_error: *mut *mut HusError,
) -> HusStatus {
    guarded(out_error, || {
        out_arg(out_bot, "out_bot")?;
        // SAFETY: the caller's contract.
        unsafe { *out_bot = std::ptr::null_mut() };
        // SAFETY: `path` is null or NUL-terminated (this function's contract).
        let path = unsafe { text_arg(path, "path", 4096) }?;
        // SAFETY: `options` is null or valid (this function's contract).
        let options = unsafe { bot_options(options) }?;
        let bot = Bot::from_spec(path, &options).map_err(|e| match e {
            LoadError::Unreadable(m) => Failure::new(HusStatus::Unreadable, m),
            LoadError::Script(e) => script_failure(e),
        })?;
        // SAFETY: `out_bot` was checked not null above and is writable (this function's contract).
        unsafe { *out_bot = boxed(bot) };
        Ok(())
    })
}

/// A built-in bot by name (`random`, `caller`, `raiser`, `equity`, `bluffer`, `exploit`),
/// as `hus match builtin:NAME` plays it. Results as [`hus_bot_from_source`]'s.
///
/// # Safety
/// As [`hus_bot_from_source`].
#[no_mangle]
pub unsafe extern "C" fn hus_bot_builtin(
    name: *const c_char,
    out_bot: *mut *mut HusBot,
    out_error: *mut *mut HusError,
) -> HusStatus {
    guarded(out_error, || {
        out_arg(out_bot, "out_bot")?;
        // SAFETY: the caller's contract.
        unsafe { *out_bot = std::ptr::null_mut() };
        // SAFETY: `name` is null or NUL-terminated (this function's contract).
        let name = unsafe { text_arg(name, "name", 4096) }?;
        let bot = Bot::builtin(name).map_err(|e| {
            let unreadable = e
                .diagnostics
                .iter()
                .any(|d| d.code == hus_poker::diag::Code::ScriptUnreadable);
            match unreadable {
                true => Failure::new(HusStatus::Unreadable, e.to_string()),
                false => script_failure(e),
            }
        })?;
        // SAFETY: `out_bot` was checked not null above and is writable (this function's contract).
        unsafe { *out_bot = boxed(bot) };
        Ok(())
    })
}

/// The bot's name: its file, or `builtin:NAME`. Valid until the bot is freed; an empty
/// string for a null bot.
///
/// # Safety
/// `bot` is null or a bot this library returned and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn hus_bot_name(bot: *const HusBot) -> *const c_char {
    // SAFETY: the caller's contract.
    match unsafe { bot.as_ref() } {
        Some(b) => b.name.as_ptr(),
        None => c"".as_ptr(),
    }
}

/// Frees a bot; null is allowed and does nothing. No decision may be running with it.
///
/// # Safety
/// `bot` is null or a bot this library returned and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn hus_bot_free(bot: *mut HusBot) {
    if !bot.is_null() {
        let _ = std::panic::catch_unwind(|| {
            // SAFETY: made by Box::into_raw in `boxed`, freed once by the caller's contract.
            drop(unsafe { Box::from_raw(bot) });
        });
    }
}

fn boxed(bot: Bot) -> *mut HusBot {
    let name = c_string(bot.name());
    Box::into_raw(Box::new(HusBot { bot, name }))
}

/// The library's options from the C struct: the lints are off (their warnings are not
/// reported through this interface, and a bot without them loads faster).
///
/// # Safety
/// `options` is null or valid, its `defines` null or NUL-terminated.
unsafe fn bot_options(options: *const HusBotOptions) -> Result<BotOptions, Failure> {
    let mut out = BotOptions {
        lints: false,
        ..BotOptions::default()
    };
    // SAFETY: the caller's contract.
    let Some(o) = (unsafe { options.as_ref() }) else {
        return Ok(out);
    };
    if o.flags & !HUS_ALLOW_EXTERNAL != 0 {
        return Err(Failure::new(
            HusStatus::InvalidArgument,
            format!("options.flags has unknown bits: {:#x}", o.flags),
        ));
    }
    out.allow_external = o.flags & HUS_ALLOW_EXTERNAL != 0;
    // 0 (a zeroed struct) is the default; any other value follows the library's rule.
    if o.external_timeout != 0.0 {
        out.external_timeout =
            hus_poker::settings::time_limit(o.external_timeout).map_err(|e| {
                Failure::new(
                    HusStatus::InvalidArgument,
                    format!("options.external_timeout {e}"),
                )
            })?;
    }
    if !o.defines.is_null() {
        // SAFETY: `options` is valid, so its `defines`, checked not null, is NUL-terminated.
        let defines = unsafe { text_arg(o.defines, "options.defines", MAX_TEXT) }?;
        out.defines = defines
            .split([' ', ',', '\t', '\n'])
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect();
    }
    Ok(out)
}

/// A script's errors: one line each, `file:line:column: error: message`.
fn script_failure(e: hus::ScriptError) -> Failure {
    let lines: Vec<String> = e
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    let message = match lines.is_empty() {
        true => e.to_string(),
        false => lines.join("\n"),
    };
    Failure::new(HusStatus::ScriptError, message)
}
