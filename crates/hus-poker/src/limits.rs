//! The limits `hus` puts on what it reads, so that a hostile or broken input ends in a clear
//! error instead of a hang, a crash or a runaway cost (reference §10, "Limits").

use std::io::Read;
use std::path::Path;

/// The largest script, in bytes (a 100,000-rule script is about 3 MB).
pub const MAX_SCRIPT_BYTES: u64 = 16 << 20;

/// Words, numbers and symbols (tokens) one script file may hold. Every stage after the
/// lexer costs memory in proportion to the tokens, at most about 250 bytes each (one branch
/// of one card query a line), so this bounds checking any script to the memory reference §10
/// states; a script past it is refused whole (`too-many-tokens`) before it is parsed. A
/// 100,000-rule script holds about 900,000.
pub const MAX_SCRIPT_TOKENS: usize = 1_500_000;

/// The most chunks a tournament or an LBR run is cut into: every chunk is listed, and its
/// result kept, before the run's result is summed (about 300 MB at this count).
pub const MAX_CHUNKS: u64 = 1_000_000;

/// The largest dealer log `hus replay` reads: 1 GiB, about ten million hands.
pub const MAX_LOG_BYTES: u64 = 1 << 30;
/// The largest game-state file, in bytes.
pub const MAX_GAME_BYTES: u64 = 16 << 20;
/// The largest action table, in bytes (a 13x13 table is well under 2 KB).
pub const MAX_TABLE_BYTES: u64 = 64 << 10;
/// How deeply game-state elements may nest (the format needs 4 levels).
pub const MAX_XML_DEPTH: usize = 16;
/// Attributes on one game-state element (the format uses at most 4).
pub const MAX_XML_ATTRIBUTES: usize = 16;
/// Child elements of one game-state element (`<init>` constants, a round's actions).
pub const MAX_XML_CHILDREN: usize = 4096;
/// Diagnostics rendered in full by `hus decide`, `hus match` and `hus check` (text format);
/// the rest are counted (`hus check --format short` and `json` list them all).
pub const MAX_SHOWN_DIAGNOSTICS: usize = 100;
/// Lines listed in one diagnostic's message (rules matched at one priority, ...).
pub const MAX_LISTED: usize = 10;
/// Arithmetic operators and opening parentheses on one line of a script: a value nests at
/// most this deep, so checking and deciding never recurse without bound.
pub const MAX_LINE_OPERATORS: usize = 256;
/// How deeply DEFINEs may be defined through one another.
pub const MAX_DEFINE_DEPTH: usize = 64;
/// The largest stack `hus match` deals, in chips (`--stack` × the big blind): the
/// competition dealer's own 32-bit limit, far inside what sums of results hold exactly.
pub const MAX_STACK_CHIPS: u64 = i32::MAX as u64;

/// The largest blind or stack a game state may give: 2^53, the chips a 64-bit float counts
/// exactly. Above it sums (the pot of two such stacks) could round, or become infinite.
pub const MAX_GAME_CHIPS: f64 = 9_007_199_254_740_992.0;
/// The most acts a game state may hold: what four rounds of the XML format can hold
/// (`MAX_XML_CHILDREN` each). A caller that feeds acts from an endless source (a Python
/// iterable) stops at it: past it, [`GameBuilder::play`](crate::game::GameBuilder::play) keeps
/// nothing and the build fails with `bad-number`.
pub const MAX_GAME_ACTS: usize = 4 * MAX_XML_CHILDREN;
/// The longest `--external-timeout`, in seconds (a day).
pub const MAX_EXTERNAL_TIMEOUT_SECS: f64 = 86_400.0;

/// Why an input could not be read.
#[derive(Debug)]
pub enum ReadError {
    Io(std::io::Error),
    /// Longer than the limit, in bytes.
    TooLarge(u64),
    /// Not a regular file (a device, a FIFO, a directory), refused where reading one could
    /// block or never end.
    NotAFile,
    /// Not UTF-8 text.
    NotText,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => {
                let s = e.to_string();
                f.write_str(s.find(" (os error").map_or(&s[..], |i| &s[..i]))
            }
            ReadError::TooLarge(max) => write!(f, "it is larger than {}", bytes(*max)),
            ReadError::NotAFile => f.write_str("it is not a regular file"),
            ReadError::NotText => f.write_str("it is not UTF-8 text"),
        }
    }
}

/// Refuses a script of more than [`MAX_SCRIPT_BYTES`], however it came (a file, a string from
/// Python, C or the playground, an unpickled bot): checked before it is parsed.
pub fn script_size(bytes: usize) -> Result<(), ReadError> {
    match bytes as u64 > MAX_SCRIPT_BYTES {
        true => Err(ReadError::TooLarge(MAX_SCRIPT_BYTES)),
        false => Ok(()),
    }
}

/// `16 MiB`, `64 KiB`.
pub fn bytes(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// Reads a text file of at most `max` bytes. With `regular_only`, anything but a regular
/// file is refused before it is opened (a FIFO would block, `/dev/zero` never end).
pub fn read_text(path: &Path, max: u64, regular_only: bool) -> Result<String, ReadError> {
    if regular_only {
        let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
        if !meta.is_file() {
            return Err(ReadError::NotAFile);
        }
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    // The open file's size (0 for a pipe or device, which are read as streams).
    let size = file.metadata().map_or(0, |m| m.len());
    read_sized(file, max, size)
}

/// Reads UTF-8 text of at most `max` bytes from a stream (standard input).
pub fn read_text_from(reader: impl Read, max: u64) -> Result<String, ReadError> {
    read_sized(reader, max, 0)
}

/// [`read_text_from`] with room for `size` bytes made first, so a file of known size is read
/// in one call instead of a doubling buffer's ten.
fn read_sized(reader: impl Read, max: u64, size: u64) -> Result<String, ReadError> {
    let mut buf = Vec::with_capacity(size.min(max) as usize + 1);
    reader
        .take(max + 1)
        .read_to_end(&mut buf)
        .map_err(ReadError::Io)?;
    if buf.len() as u64 > max {
        return Err(ReadError::TooLarge(max));
    }
    String::from_utf8(buf).map_err(|_| ReadError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(MAX_SCRIPT_BYTES), "16 MiB");
        assert_eq!(bytes(MAX_TABLE_BYTES), "64 KiB");
        assert_eq!(bytes(100), "100 bytes");
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_and_sizes_capped() {
        let dev = Path::new("/dev/zero");
        assert!(matches!(read_text(dev, 10, true), Err(ReadError::NotAFile)));
        assert!(matches!(
            read_text(dev, 10, false),
            Err(ReadError::TooLarge(10))
        ));
    }
}
