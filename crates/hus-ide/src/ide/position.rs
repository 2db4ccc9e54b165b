//! Positions as the language server protocol counts them: a 0-based line and a column in
//! UTF-16 code units (what editors built on JavaScript strings count), to and from the byte
//! offsets every span of this crate holds. Lines end at `\n`, `\r\n` or a lone `\r`, as in
//! [`SourceFile`] and the protocol.

use crate::diag::{SourceFile, Span};

/// A 0-based line and a UTF-16 column within it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    pub line: u32,
    pub character: u32,
}

impl Position {
    pub fn new(line: u32, character: u32) -> Position {
        Position { line, character }
    }
}

/// A start and an end position, the end exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Range {
    pub start: Position,
    pub end: Position,
}

/// The position of a byte offset (clamped to the text; an offset inside a character counts
/// from that character's start).
pub fn position(file: &SourceFile, offset: usize) -> Position {
    let text = &*file.text;
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line = file.line_of(offset);
    let start = file.line_start(line);
    let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
    Position::new(line as u32, character as u32)
}

/// The range of a byte span.
pub fn range(file: &SourceFile, span: &Span) -> Range {
    Range {
        start: position(file, span.start),
        end: position(file, span.end.max(span.start)),
    }
}

/// The byte offset of a position. A line past the last is the end of the text; a column past
/// the line's end is the line's end (before its line break); a column inside a character
/// (between the two halves of a surrogate pair) is that character's start.
pub fn offset(file: &SourceFile, pos: Position) -> usize {
    let line = pos.line as usize;
    if line >= file.line_count() {
        return file.text.len();
    }
    let (start, end) = (file.line_start(line), file.line_end(line));
    let mut units = 0usize;
    for (i, c) in file.text[start..end].char_indices() {
        let next = units + c.len_utf16();
        if next > pos.character as usize {
            return start + i;
        }
        units = next;
    }
    end
}

/// The byte span of a range.
pub fn span(file: &SourceFile, range: Range) -> Span {
    let (a, b) = (offset(file, range.start), offset(file, range.end));
    a.min(b)..a.max(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_columns_are_bytes() {
        let f = SourceFile::new("a.hus", "PREFLOP\nRULE AK\n");
        assert_eq!(position(&f, 0), Position::new(0, 0));
        assert_eq!(position(&f, 13), Position::new(1, 5));
        assert_eq!(offset(&f, Position::new(1, 5)), 13);
    }

    #[test]
    fn non_ascii_counts_utf16_units() {
        // `♠` and `♥` are 3 bytes and 1 UTF-16 unit each, `é` 2 bytes and 1 unit, `🂡` 4
        // bytes and 2 units (a surrogate pair).
        let text = "// ♠♥ é 🂡\n  flushdraww // é\n";
        let f = SourceFile::new("a.hus", text);
        assert_eq!(position(&f, 0), Position::new(0, 0));
        let ace = text.find('🂡').unwrap();
        assert_eq!(position(&f, ace), Position::new(0, 8));
        assert_eq!(position(&f, ace + 4), Position::new(0, 10));
        assert_eq!(offset(&f, Position::new(0, 8)), ace);
        // Inside the surrogate pair: the character's start.
        assert_eq!(offset(&f, Position::new(0, 9)), ace);
        assert_eq!(offset(&f, Position::new(0, 10)), ace + 4);
        let name = text.find("flushdraww").unwrap();
        assert_eq!(position(&f, name), Position::new(1, 2));
        let r = range(&f, &(name..name + 10));
        assert_eq!(
            (r.start, r.end),
            (Position::new(1, 2), Position::new(1, 12))
        );
        let e = text.rfind('é').unwrap();
        assert_eq!(position(&f, e + 2), Position::new(1, 17));
        // Inside a multi-byte character: its start.
        assert_eq!(position(&f, e + 1), Position::new(1, 16));
    }

    #[test]
    fn line_ends_and_clamping() {
        let f = SourceFile::new("a.hus", "ab\r\ncd\ref\n");
        assert_eq!(position(&f, 4), Position::new(1, 0));
        assert_eq!(position(&f, 7), Position::new(2, 0));
        assert_eq!(offset(&f, Position::new(0, 99)), 2);
        assert_eq!(offset(&f, Position::new(1, 1)), 5);
        assert_eq!(offset(&f, Position::new(3, 0)), 10);
        assert_eq!(offset(&f, Position::new(42, 7)), 10);
        assert_eq!(position(&f, 999), Position::new(3, 0));
    }
}
