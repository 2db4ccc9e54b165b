//! A `textDocument/didChange`'s edits applied to a document's text. For a batch the text is
//! held as a rope, so each edit costs its own size and a logarithm of the document's: K edits
//! on an L-line document cost about K + L, not K × L. Positions are the protocol's (a line and
//! a UTF-16 column), read as [`position::offset`](crate::ide::position::offset) reads them.

use lsp_types as lt;
use ropey::Rope;

/// Applies one `didChange`'s changes, in order, to `text`: a range replaced, or (no range)
/// the whole text.
pub fn apply(text: &mut String, changes: Vec<lt::TextDocumentContentChangeEvent>) {
    let mut rope: Option<Rope> = None;
    for change in changes {
        let Some(range) = change.range else {
            rope = None;
            *text = change.text;
            continue;
        };
        let r = rope.get_or_insert_with(|| {
            count(text.len());
            Rope::from_str(text)
        });
        let (a, b) = (char_at(r, range.start), char_at(r, range.end));
        let (a, b) = (a.min(b), a.max(b));
        count(b - a + change.text.len() + 1);
        r.remove(a..b);
        r.insert(a, &change.text);
    }
    if let Some(r) = rope {
        count(r.len_bytes());
        *text = String::from(&r);
    }
}

/// The char index of a position. A line past the last is the end of the text; a column past
/// the line's end is the line's end (before its line break); a column inside a character
/// (between the two halves of a surrogate pair) is that character's start.
fn char_at(r: &Rope, p: lt::Position) -> usize {
    let line = p.line as usize;
    if line >= r.len_lines() {
        return r.len_chars();
    }
    let start = r.line_to_char(line);
    let end = line_end(r, line, start);
    let units = r.char_to_utf16_cu(start) + p.character as usize;
    if units >= r.char_to_utf16_cu(end) {
        return end;
    }
    r.utf16_cu_to_char(units)
}

/// Where a line that starts at char `start` ends, before its `\n`, `\r\n` or `\r`.
fn line_end(r: &Rope, line: usize, start: usize) -> usize {
    let mut end = r.line_to_char(line + 1);
    if end > start && r.char(end - 1) == '\n' {
        end -= 1;
    }
    if end > start && r.char(end - 1) == '\r' {
        end -= 1;
    }
    end
}

#[cfg(test)]
thread_local! {
    /// Bytes this module has copied or scanned on this thread: the tests count work with it.
    pub static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[inline]
fn count(_bytes: usize) {
    #[cfg(test)]
    WORK.with(|w| w.set(w.get() + _bytes));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::ide::position;
    use proptest::prelude::*;

    /// One change at `(l0, c0)-(l1, c1)`.
    fn edit(l0: u32, c0: u32, l1: u32, c1: u32, text: &str) -> lt::TextDocumentContentChangeEvent {
        lt::TextDocumentContentChangeEvent {
            range: Some(lt::Range::new(
                lt::Position::new(l0, c0),
                lt::Position::new(l1, c1),
            )),
            range_length: None,
            text: text.to_string(),
        }
    }

    /// The changes applied one at a time by re-indexing the whole text: the plain reading,
    /// against which the rope is checked.
    fn plain(text: &str, changes: &[lt::TextDocumentContentChangeEvent]) -> String {
        let mut text = text.to_string();
        for c in changes {
            let Some(r) = c.range else {
                text = c.text.clone();
                continue;
            };
            let file = SourceFile::new("", text.as_str());
            let at = |p: lt::Position| position::Position::new(p.line, p.character);
            let span = position::span(
                &file,
                position::Range {
                    start: at(r.start),
                    end: at(r.end),
                },
            );
            text.replace_range(span, &c.text);
        }
        text
    }

    fn applied(text: &str, changes: Vec<lt::TextDocumentContentChangeEvent>) -> String {
        let mut text = text.to_string();
        apply(&mut text, changes);
        text
    }

    #[test]
    fn ranges_count_utf16_and_clamp() {
        // `😀` is two UTF-16 units: a column between them is the character's start.
        assert_eq!(applied("a😀b\n", vec![edit(0, 2, 0, 3, "x")]), "axb\n");
        assert_eq!(applied("a😀b\n", vec![edit(0, 3, 0, 4, "x")]), "a😀x\n");
        // Past the line's end is before its break; past the last line is the end.
        assert_eq!(applied("ab\r\ncd", vec![edit(0, 9, 1, 0, "")]), "abcd");
        assert_eq!(applied("ab\rcd", vec![edit(0, 9, 0, 9, "!")]), "ab!\rcd");
        assert_eq!(applied("ab\ncd", vec![edit(7, 0, 9, 9, "!")]), "ab\ncd!");
        // A range given end first is the same range.
        assert_eq!(applied("abcd", vec![edit(0, 3, 0, 1, "")]), "ad");
    }

    #[test]
    fn a_break_made_by_one_edit_is_seen_by_the_next() {
        // A `\r` before a `\n` makes one line break; then a lone `\r` is split off again.
        let changes = vec![
            edit(0, 2, 0, 2, "\r"),
            edit(1, 0, 1, 0, "x"),
            edit(0, 1, 0, 1, "\r"),
            edit(1, 1, 1, 1, "y"),
        ];
        assert_eq!(
            applied("ab\ncd", changes.clone()),
            plain("ab\ncd", &changes)
        );
        assert_eq!(applied("ab\ncd", changes), "a\rby\r\nxcd");
    }

    #[test]
    fn a_whole_text_change_replaces_what_came_before() {
        let changes = vec![
            edit(0, 0, 0, 0, "zz"),
            lt::TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "new\n".into(),
            },
            edit(1, 0, 1, 0, "x"),
        ];
        assert_eq!(applied("old", changes), "new\nx");
    }

    /// The work of `k` one-character edits spread over a document of `lines` lines.
    fn work(lines: usize, k: usize) -> usize {
        let text = "RULE pot > 1 THEN CALL\n".repeat(lines);
        let changes = (0..k)
            .map(|i| {
                let line = (i * 7919 % lines) as u32;
                edit(line, 5, line, 6, if i % 2 == 0 { "P" } else { "\n" })
            })
            .collect();
        WORK.with(|w| w.set(0));
        applied(&text, changes);
        WORK.with(|w| w.get())
    }

    #[test]
    fn a_batch_costs_its_edits_plus_the_document_not_their_product() {
        // More edits on one document: the work grows by the edits' own size.
        let base = work(2000, 500);
        for m in [4, 16] {
            let more = work(2000, 500 * m);
            assert!(
                more - base <= (m - 1) * 500 * 4,
                "{m}x edits: {base} then {more}"
            );
        }
        // A longer document under as many edits: the work grows as the document.
        for m in [4, 16] {
            let longer = work(2000 * m, 500);
            assert!(longer <= m * base, "{m}x lines: {base} then {longer}");
        }
    }

    fn piece() -> impl Strategy<Value = String> {
        prop::sample::select(vec!["a", "é", "😀", "\n", "\r", "\r\n", " ", ""])
            .prop_map(str::to_string)
    }

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
    }

    fn change() -> impl Strategy<Value = lt::TextDocumentContentChangeEvent> {
        (0u32..6, 0u32..8, 0u32..6, 0u32..8, text(), 0u8..16).prop_map(|(l0, c0, l1, c1, t, w)| {
            let mut e = edit(l0, c0, l1, c1, &t);
            if w == 0 {
                e.range = None;
            }
            e
        })
    }

    proptest! {
        /// Batches of edits over line ends of every kind and characters of one, two and four
        /// bytes (and two UTF-16 units) give what applying them one by one to the text gives.
        #[test]
        fn a_batch_is_its_edits_one_by_one(
            start in text(),
            changes in prop::collection::vec(change(), 0..12),
        ) {
            prop_assert_eq!(applied(&start, changes.clone()), plain(&start, &changes));
        }
    }
}
