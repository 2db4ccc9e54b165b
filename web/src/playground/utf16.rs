//! Byte offsets as UTF-16 offsets (what JavaScript strings count) for many places in one
//! text: a table of marks every [`BLOCK`] bytes, built in one pass, so each offset costs at
//! most a block's scan however far into the text it is, and a check's thousands of
//! diagnostics cost one pass over the text rather than one each.

use std::cell::Cell;

/// Bytes between marks.
pub(crate) const BLOCK: usize = 256;

/// UTF-16 offsets of byte offsets into one text.
pub(crate) struct Utf16Map<'a> {
    text: &'a str,
    /// For each block, the UTF-16 units before its first character boundary, and where that
    /// boundary is.
    marks: Vec<(usize, usize)>,
    /// Bytes read so far (the pass that builds the marks, then each offset's scan): the work
    /// the map does, which the tests count.
    pub(crate) scanned: Cell<usize>,
}

impl<'a> Utf16Map<'a> {
    /// The marks of `text`, in one pass.
    pub(crate) fn new(text: &'a str) -> Self {
        let mut marks = Vec::with_capacity(text.len() / BLOCK + 1);
        let mut units = 0;
        for (i, c) in text.char_indices() {
            if i >= marks.len() * BLOCK {
                marks.push((units, i));
            }
            units += c.len_utf16();
        }
        Utf16Map {
            text,
            marks,
            scanned: Cell::new(text.len()),
        }
    }

    /// The UTF-16 offset of a byte offset (the end for one past it; 0 for one inside a
    /// character, as [`super::utf16_offset`] answers).
    pub(crate) fn offset(&self, byte: usize) -> usize {
        let byte = byte.min(self.text.len());
        if !self.text.is_char_boundary(byte) {
            return 0;
        }
        let block = (byte / BLOCK).min(self.marks.len().saturating_sub(1));
        let (units, mut from) = self.marks.get(block).copied().unwrap_or((0, 0));
        let mut units = units;
        if from > byte {
            // The block's first boundary is past `byte`: start from the block before.
            (units, from) = self.marks[block - 1];
        }
        self.scanned.set(self.scanned.get() + (byte - from));
        units
            + self.text[from..byte]
                .chars()
                .map(char::len_utf16)
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playground::utf16_offset;

    #[test]
    fn every_offset_agrees_with_counting_from_the_start() {
        let text = "é😀x\n".repeat(100) + "ab";
        let map = Utf16Map::new(&text);
        for byte in 0..=text.len() + 3 {
            assert_eq!(map.offset(byte), utf16_offset(&text, byte), "byte {byte}");
        }
    }

    #[test]
    fn many_offsets_cost_one_pass_and_a_block_each() {
        let text = "not a script at all 😀\n".repeat(100_000);
        let map = Utf16Map::new(&text);
        let places: Vec<usize> = text.match_indices('\n').map(|(i, _)| i).collect();
        for &p in &places {
            map.offset(p);
        }
        let bound = text.len() + places.len() * BLOCK;
        assert!(
            map.scanned.get() <= bound,
            "{} > {bound}",
            map.scanned.get()
        );
        // Counting from the start for each would read the text about places / 2 times.
        assert!(places.len() > 10_000);
    }
}
