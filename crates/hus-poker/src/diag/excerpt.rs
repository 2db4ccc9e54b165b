//! The part of a source a graphical report shows, built for one diagnostic: only the lines its
//! spans touch (and one line around them), with control characters escaped and lines longer
//! than [`MAX_LINE`] characters clipped to windows around the spans. Line numbers and columns
//! stay those of the original file (columns in characters). Built in time proportional to the
//! lines shown, never to the whole file, so thousands of diagnostics render in linear time.

use super::{escape_controls, SourceFile, Span};
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Lines longer than this (in characters) are clipped around the spans.
pub const MAX_LINE: usize = 160;
/// Characters kept on each side of a span's end in a clipped line.
const WINDOW: usize = 40;
/// A span over more lines than this is shown by its first line only.
const MAX_SPAN_LINES: usize = 12;
/// Lines shown around a span (as miette's default).
const CONTEXT: usize = 1;

/// One original line as shown.
#[derive(Debug)]
struct ShownLine {
    /// 0-based line number in the original file.
    line: usize,
    /// Where the line starts and ends (before its `\n`) in the excerpt's text.
    start: usize,
    end: usize,
}

/// The lines a diagnostic shows, as a miette source (offsets are the excerpt's own).
#[derive(Debug)]
pub struct Excerpt {
    name: String,
    text: String,
    lines: Vec<ShownLine>,
    /// Excerpt offsets of the mapped span ends, with their original 0-based column.
    columns: Vec<(usize, usize)>,
}

impl Excerpt {
    /// The excerpt showing `spans` of `file`, and the spans mapped into it (in order).
    pub fn new(file: &SourceFile, spans: &[Span]) -> (Excerpt, Vec<SourceSpan>) {
        let text: &str = &file.text;
        let clamp = |o: usize| {
            let mut o = o.min(text.len());
            while !text.is_char_boundary(o) {
                o -= 1;
            }
            o
        };
        // Every span with its first and last line; a long span keeps its first line only.
        let spans: Vec<(usize, usize, usize, usize)> = spans
            .iter()
            .map(|s| {
                let start = clamp(s.start);
                let mut end = clamp(s.end.max(s.start));
                let first = file.line_of(start);
                // A span over a line end reaches the next line (as miette shows it).
                let mut last = file.line_of(end);
                if last > first + MAX_SPAN_LINES {
                    last = first;
                    end = end.min(file.line_end(first));
                }
                (start, end, first, last)
            })
            .collect();
        // The empty "line" after a final line end is not shown.
        let ends_with_line_end = text.ends_with('\n') || text.ends_with('\r');
        let last_line =
            file.line_count() - 1 - usize::from(ends_with_line_end && file.line_count() > 1);
        let mut wanted: Vec<usize> = spans
            .iter()
            .flat_map(|&(_, _, first, last)| {
                first.saturating_sub(CONTEXT)..=(last + CONTEXT).min(last_line).max(first)
            })
            .collect();
        wanted.sort_unstable();
        wanted.dedup();

        let mut ex = Excerpt {
            // A file name can hold terminal escapes too (reference §10).
            name: super::escape_controls(&file.name).into_owned(),
            text: String::new(),
            lines: Vec::with_capacity(wanted.len()),
            columns: Vec::new(),
        };
        // The span ends to map, sorted by offset.
        let mut points: Vec<usize> = spans.iter().flat_map(|s| [s.0, s.1]).collect();
        points.sort_unstable();
        points.dedup();
        let mut mapped: Vec<(usize, usize)> = Vec::with_capacity(points.len());
        for &line in &wanted {
            let (ls, le) = (file.line_start(line), file.line_end(line));
            let here: Vec<usize> = points
                .iter()
                .copied()
                .filter(|&p| p >= ls && p <= le)
                .collect();
            let start = ex.text.len();
            let shown = show_line(
                &text[ls..le],
                &here.iter().map(|p| p - ls).collect::<Vec<_>>(),
            );
            ex.text.push_str(&shown.text);
            for (&p, d) in here.iter().zip(shown.points) {
                mapped.push((p, start + d));
                let col = text[ls..p].chars().count();
                ex.columns.push((start + d, col));
            }
            ex.lines.push(ShownLine {
                line,
                start,
                end: ex.text.len(),
            });
            ex.text.push('\n');
        }
        ex.columns.sort_unstable();
        let map = |p: usize| mapped.iter().find(|(o, _)| *o == p).map_or(0, |(_, d)| *d);
        let spans = spans
            .iter()
            .map(|&(s, e, _, _)| {
                let (a, b) = (map(s), map(e));
                SourceSpan::new(a.into(), b.saturating_sub(a))
            })
            .collect();
        (ex, spans)
    }

    /// The shown line holding an excerpt offset.
    fn line_at(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1)
    }
}

/// A line as shown, and where the given byte offsets into it went.
struct Shown {
    text: String,
    points: Vec<usize>,
}

/// Escapes a line's control characters and, when it is long, keeps only windows of it around
/// `points` (byte offsets into `line`, sorted), with `…` where text was left out.
fn show_line(line: &str, points: &[usize]) -> Shown {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let long = chars.len() > MAX_LINE;
    // Which characters are kept: all, or those within WINDOW of a point.
    let point_chars: Vec<usize> = points
        .iter()
        .map(|&p| chars.partition_point(|(i, _)| *i < p))
        .collect();
    let kept = |k: usize| {
        !long
            || point_chars
                .iter()
                .any(|&c| k + WINDOW >= c && k <= c + WINDOW)
    };
    let mut text = String::new();
    let mut out_points = vec![usize::MAX; points.len()];
    let mut gap = false;
    for (k, &(i, ch)) in chars.iter().enumerate() {
        for (n, &p) in points.iter().enumerate() {
            if p == i && out_points[n] == usize::MAX {
                out_points[n] = text.len();
            }
        }
        if kept(k) {
            if gap {
                text.push('…');
                gap = false;
            }
            text.push_str(&escape_controls(&ch.to_string()));
        } else {
            // A point in a gap goes where the gap's `…` is shown.
            gap = true;
        }
    }
    if gap {
        text.push('…');
    }
    for o in out_points.iter_mut() {
        if *o == usize::MAX {
            *o = text.len();
        }
    }
    Shown {
        text,
        points: out_points,
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        if self.lines.is_empty() || span.offset() > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first = self.line_at(span.offset());
        let last = self.line_at(
            (span.offset() + span.len())
                .saturating_sub(1)
                .max(span.offset()),
        );
        // Extend by context lines, only over lines that follow each other in the file.
        let mut a = first;
        while a > 0 && first - a < before && self.lines[a - 1].line + 1 == self.lines[a].line {
            a -= 1;
        }
        let mut b = last;
        while b + 1 < self.lines.len()
            && b - last < after
            && self.lines[b].line + 1 == self.lines[b + 1].line
        {
            b += 1;
        }
        // Lines left out of the excerpt cannot be shown: miette then keeps contexts apart.
        if self.lines[b].line - self.lines[a].line != b - a {
            return Err(MietteError::OutOfBounds);
        }
        let (start, end) = if before == 0 && after == 0 {
            (
                span.offset(),
                (span.offset() + span.len()).min(self.text.len()),
            )
        } else {
            (
                self.lines[a].start,
                (self.lines[b].end + 1).min(self.text.len()),
            )
        };
        let column = if before == 0 {
            match self.columns.binary_search_by_key(&span.offset(), |c| c.0) {
                Ok(k) => self.columns[k].1,
                Err(_) => self.text[self.lines[first].start..span.offset()]
                    .chars()
                    .count(),
            }
        } else {
            0
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            &self.text.as_bytes()[start..end],
            SourceSpan::new(start.into(), end - start),
            self.lines[a].line,
            column,
            // miette joins two contexts when `line + line_count` reaches the next one: with
            // the lines shown, only contexts that touch are joined.
            b - a + 1,
        )))
    }
}
