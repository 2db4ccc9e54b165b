//! Diagnostics: errors and warnings about a script or a game-state file, each with a byte
//! span into its source. The library produces them; the CLI renders them (miette's graphical
//! report for people, [`render_short`] for editors and grep, [`render_json`] for tools).

use std::fmt;

mod code;
mod excerpt;
pub use code::Code;
pub use excerpt::Excerpt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

/// A byte range into a source text.
pub type Span = Range<usize>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One error or warning.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceDiagnostic {
    pub severity: Severity,
    /// What it is about: a stable kebab-case name such as `unknown-name` (see [`Code`]).
    pub code: Code,
    pub message: String,
    /// Where, in the source the diagnostic is about; `None` for a whole-file problem.
    pub span: Option<Span>,
    /// A short text shown under the underlined span.
    pub label: Option<String>,
    /// What to do about it ("did you mean `flushDraw`?").
    pub help: Option<String>,
    /// Other places that explain this one (the block an END word should close).
    pub related: Vec<(Span, String)>,
    /// The file the spans point into when it is not the one being reported on (a file the
    /// script includes); `None`: that file.
    pub file: Option<Arc<SourceFile>>,
    /// Edits that resolve it, where the checker knows one (the did-you-mean name, the right
    /// END word, removing a rule that never plays); an editor offers them as quick fixes.
    /// Their spans point into the same file as [`SourceDiagnostic::span`].
    pub fixes: Vec<SourceFix>,
    /// Set on an `unknown-name` the checker took for an `<init>` constant nobody declared
    /// (no built-in name is near it): each command says how *it* declares one, so it matches
    /// on this, never on the help text.
    pub undeclared_constant: bool,
    /// A second place the warning is about (the other rule of an overlapping pair): an allow
    /// comment covering it silences the warning as one covering [`SourceDiagnostic::span`] does.
    pub also_about: Option<Span>,
}

/// A suggested edit: replace `span` with `replacement` (an empty span inserts, an empty
/// replacement deletes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFix {
    /// What the edit does, as an editor lists it: "Replace with `flushDraw`".
    pub title: String,
    pub span: Span,
    pub replacement: String,
}

impl SourceDiagnostic {
    /// A diagnostic of `code`, with the severity its definition gives.
    pub fn new(code: Code, message: impl Into<String>) -> SourceDiagnostic {
        SourceDiagnostic {
            severity: code.severity(),
            code,
            message: message.into(),
            span: None,
            label: None,
            help: None,
            related: Vec::new(),
            file: None,
            fixes: Vec::new(),
            undeclared_constant: false,
            also_about: None,
        }
    }
    /// [`SourceDiagnostic::new`] of a code defined as an error (said at the call for the reader).
    pub fn error(code: Code, message: impl Into<String>) -> SourceDiagnostic {
        debug_assert_eq!(
            code.severity(),
            Severity::Error,
            "{code} is defined as a warning"
        );
        SourceDiagnostic::new(code, message)
    }
    /// [`SourceDiagnostic::new`] of a code defined as a warning.
    pub fn warning(code: Code, message: impl Into<String>) -> SourceDiagnostic {
        debug_assert_eq!(
            code.severity(),
            Severity::Warning,
            "{code} is defined as an error"
        );
        SourceDiagnostic::new(code, message)
    }
    /// `d` also about `span` ([`SourceDiagnostic::also_about`]).
    pub fn also_about(mut self, span: Span) -> SourceDiagnostic {
        self.also_about = Some(span);
        self
    }
    pub fn at(mut self, span: Span) -> SourceDiagnostic {
        self.span = Some(span);
        self
    }
    pub fn with_label(mut self, label: impl Into<String>) -> SourceDiagnostic {
        self.label = Some(label.into());
        self
    }
    pub fn with_help(mut self, help: impl Into<String>) -> SourceDiagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> SourceDiagnostic {
        self.related.push((span, label.into()));
        self
    }
    /// Adds an edit that resolves the diagnostic.
    pub fn with_fix(
        mut self,
        title: impl Into<String>,
        span: Span,
        replacement: impl Into<String>,
    ) -> SourceDiagnostic {
        self.fixes.push(SourceFix {
            title: title.into(),
            span,
            replacement: replacement.into(),
        });
        self
    }
    /// Adds the edit that replaces `span` with `word`, titled "Replace with `word`".
    pub fn with_replacement(self, span: Span, word: impl Into<String>) -> SourceDiagnostic {
        let word = word.into();
        self.with_fix(format!("Replace with `{word}`"), span, word)
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
    /// The diagnostic's spans point into `file` (an included file); `None`: into the file
    /// being reported on.
    pub fn in_file(mut self, file: Option<Arc<SourceFile>>) -> SourceDiagnostic {
        self.file = file;
        self
    }
    /// The file the spans point into: its own, or `default`.
    pub fn source_or<'a>(&'a self, default: &'a SourceFile) -> &'a SourceFile {
        self.file.as_deref().unwrap_or(default)
    }
}

impl PartialEq for SourceFile {
    fn eq(&self, other: &SourceFile) -> bool {
        self.name == other.name && self.text == other.text
    }
}

/// A named source text with a line index, for turning byte offsets into lines and columns.
/// The index is built on first use: a run that reports nothing about a file never needs it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    /// Boxed, so a source stays small inside the errors that carry one.
    index: OnceLock<Box<Index>>,
}

/// Where lines start, and marks for counting characters.
#[derive(Clone, Debug)]
struct Index {
    starts: Vec<usize>,
    /// The characters before every [`CHAR_BLOCK`]-th byte: a column is counted from the
    /// nearest mark, so many diagnostics on one long line cost no more than on short ones.
    char_marks: OnceLock<Vec<usize>>,
}

/// Bytes between two marks of [`SourceFile::char_marks`].
const CHAR_BLOCK: usize = 1024;

/// The characters in `bytes` of UTF-8 text: the bytes that start one.
fn chars_in(bytes: &[u8]) -> usize {
    #[cfg(test)]
    tests::SCANNED.with(|n| n.set(n.get() + bytes.len()));
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

impl SourceFile {
    /// A source; a line ends at `\n`, `\r\n` or a lone `\r`.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
            index: OnceLock::new(),
        }
    }

    /// The characters before byte `offset` (a character boundary).
    fn chars_before(&self, offset: usize) -> usize {
        let bytes = self.text.as_bytes();
        let marks = self.index().char_marks.get_or_init(|| {
            let mut marks = vec![0];
            for block in bytes.chunks(CHAR_BLOCK) {
                marks.push(marks[marks.len() - 1] + chars_in(block));
            }
            marks
        });
        let block = offset / CHAR_BLOCK;
        marks[block] + chars_in(&bytes[block * CHAR_BLOCK..offset])
    }

    /// Where each line starts (the first at 0).
    fn starts(&self) -> &[usize] {
        &self.index().starts
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let bytes = self.text.as_bytes();
            let mut starts = vec![0];
            for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
                if bytes[i] == b'\n' || bytes.get(i + 1) != Some(&b'\n') {
                    starts.push(i + 1);
                }
            }
            Box::new(Index {
                starts,
                char_marks: OnceLock::new(),
            })
        })
    }

    /// How many lines the text has (at least 1).
    pub fn line_count(&self) -> usize {
        self.starts().len()
    }

    /// The 0-based line holding a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts().partition_point(|&s| s <= offset) - 1
    }

    /// Where a 0-based line starts.
    pub fn line_start(&self, line: usize) -> usize {
        let starts = self.starts();
        starts[line.min(starts.len() - 1)]
    }

    /// Where a 0-based line ends, before its line end.
    pub fn line_end(&self, line: usize) -> usize {
        match self.starts().get(line + 1) {
            Some(&next) => {
                let b = self.text.as_bytes();
                if next >= 2 && b[next - 1] == b'\n' && b[next - 2] == b'\r' {
                    next - 2
                } else {
                    next - 1
                }
            }
            None => self.text.len(),
        }
    }

    /// `span` widened to whole lines, line break included, when nothing but white space
    /// stands before it on its first line and nothing but white space or a comment after it
    /// on its last: what deleting a construct that fills its lines (a rule) removes.
    pub fn whole_lines(&self, span: &Span) -> Span {
        let text = &*self.text;
        let end = span.end.min(text.len());
        let first = self.line_of(span.start.min(text.len()));
        let last = self.line_of(end.saturating_sub(1).max(span.start.min(end)));
        let head = self.line_start(first);
        let tail = self.line_end(last);
        let before = text.get(head..span.start).unwrap_or("x");
        let after = text
            .get(end..tail)
            .unwrap_or("x")
            .trim_start_matches([' ', '\t']);
        if !before.trim_matches([' ', '\t']).is_empty()
            || !(after.is_empty() || after.starts_with("//"))
        {
            return span.clone();
        }
        let next = if last + 1 < self.line_count() {
            self.line_start(last + 1)
        } else {
            text.len()
        };
        head..next
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.starts()[line];
        let col = if self.text.is_char_boundary(offset) {
            self.chars_before(offset) - self.chars_before(start)
        } else {
            offset - start
        };
        (line + 1, col + 1)
    }
}

/// Whether `c` can drive a terminal: a control character other than tab and line end, or a
/// bidirectional override that reorders what is shown.
fn hostile(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// JSON text with the characters that can drive a terminal and that JSON writers leave raw
/// (delete, the C1 controls, bidirectional overrides) written as `\u` escapes: the same JSON
/// value, safe to print. Such characters only occur inside strings, where `\u` is valid.
pub fn escape_json_controls(json: &str) -> std::borrow::Cow<'_, str> {
    if !json.chars().any(|c| c != '\n' && hostile(c)) {
        return std::borrow::Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if c != '\n' && hostile(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `text` as XML character data (a picture's title or label): markup characters as
/// references, control characters dropped.
pub fn xml_text(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// `text` with every control character but tab and newline written as an escape (`\x1b`,
/// `\u{202e}` for the bidirectional overrides), so input quoted in a message or shown in an
/// excerpt cannot drive the terminal.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(hostile) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hostile(c) {
            if (c as u32) < 0x100 {
                out.push_str(&format!("\\x{:02x}", c as u32));
            } else {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `FILE:LINE:COL: severity: message` (reference §9, `check --format short`).
pub fn render_short(file: &SourceFile, d: &SourceDiagnostic) -> String {
    let file = d.source_or(file);
    let (line, col) = d.span.as_ref().map_or((1, 1), |s| file.line_col(s.start));
    format!(
        "{}:{}:{}: {}: {}",
        escape_controls(&file.name),
        line,
        col,
        d.severity,
        escape_controls(&d.message)
    )
}

/// One JSON object (one line) per diagnostic, with 1-based line and column; `fixes` lists
/// the suggested edits (`title`, the span as `line`, `column`, `end_line`, `end_column`, and
/// `replacement`).
pub fn render_json(file: &SourceFile, d: &SourceDiagnostic) -> String {
    let file = d.source_or(file);
    let (line, column) = d.span.as_ref().map_or((1, 1), |s| file.line_col(s.start));
    let (end_line, end_column) = d.span.as_ref().map_or((1, 1), |s| file.line_col(s.end));
    let fixes: Vec<serde_json::Value> = d
        .fixes
        .iter()
        .map(|f| {
            let (line, column) = file.line_col(f.span.start);
            let (end_line, end_column) = file.line_col(f.span.end);
            serde_json::json!({
                "title": f.title,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "replacement": f.replacement,
            })
        })
        .collect();
    let json = serde_json::json!({
        "file": file.name,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "severity": d.severity,
        "code": d.code,
        "message": d.message,
        "help": d.help,
        "fixes": fixes,
    });
    escape_json_controls(&json.to_string()).into_owned()
}

/// A diagnostic bound to its source, as miette wants it for a graphical report: the source
/// is an [`Excerpt`] of the lines it shows, and every text is escaped ([`escape_controls`]).
#[derive(Debug)]
pub struct Report<'a> {
    pub diagnostic: &'a SourceDiagnostic,
    excerpt: Excerpt,
    /// The primary span, then the related ones, mapped into the excerpt.
    spans: Vec<miette::SourceSpan>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a SourceFile, diagnostic: &'a SourceDiagnostic) -> Report<'a> {
        let file = diagnostic.source_or(file);
        let all: Vec<Span> = diagnostic
            .span
            .iter()
            .cloned()
            .chain(diagnostic.related.iter().map(|(s, _)| s.clone()))
            .collect();
        let (excerpt, spans) = Excerpt::new(file, &all);
        Report {
            diagnostic,
            excerpt,
            spans,
        }
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.diagnostic.message))
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diagnostic.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic
            .help
            .as_ref()
            .map(|h| Box::new(escape_controls(h)) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.diagnostic
            .span
            .as_ref()
            .map(|_| &self.excerpt as &dyn miette::SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.diagnostic.span.as_ref()?;
        let escaped = |l: &str| escape_controls(l).into_owned();
        let primary = miette::LabeledSpan::new_primary_with_span(
            self.diagnostic.label.as_deref().map(escaped),
            self.spans[0],
        );
        let related = self
            .diagnostic
            .related
            .iter()
            .zip(&self.spans[1..])
            .map(move |((_, l), s)| miette::LabeledSpan::new_with_span(Some(escaped(l)), *s));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

/// Edit distance between two names, case-insensitive (for did-you-mean suggestions).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    // Two rows, reused: one allocation each however long the names.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The first 60 characters of `s`, and `…` when there were more: what a message quotes of an
/// input, however long the input.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// The closest candidate to `name` within a distance that makes a useful suggestion.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    candidates
        .into_iter()
        // The distance is at least the difference in length: most candidates need no table.
        .filter(|c| c.chars().count().abs_diff(length) <= limit)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Bytes whose characters were counted, for the counting test below.
        pub(super) static SCANNED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Bytes scanned to place a diagnostic at every 7th byte of one line of `n` bytes.
    fn scanned_for_one_long_line(n: usize) -> usize {
        let text = format!("é{}\nx", "a".repeat(n));
        let file = SourceFile::new("t", text);
        let before = SCANNED.with(|c| c.get());
        for offset in (0..n).step_by(7) {
            let (line, col) = file.line_col(offset + 2);
            assert_eq!((line, col), (1, offset + 2));
        }
        SCANNED.with(|c| c.get()) - before
    }

    #[test]
    fn columns_on_one_long_line_cost_the_same_per_diagnostic_at_1x_4x_16x() {
        let base = scanned_for_one_long_line(20_000);
        let four = scanned_for_one_long_line(80_000);
        let sixteen = scanned_for_one_long_line(320_000);
        // Linear: 4 and 16 times the diagnostics (and the line) scan about 4 and 16 times the
        // bytes (counting from the line's start each time would be 16 and 256 times).
        assert!(four <= 5 * base, "{base} {four}");
        assert!(sixteen <= 20 * base, "{base} {sixteen}");
        assert_eq!(SourceFile::new("t", "aé\nxé→b").line_col(10), (2, 4));
    }

    #[test]
    fn line_and_column() {
        let f = SourceFile::new("a.hus", "ab\ncd\r\nef");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(4), (2, 2));
        assert_eq!(f.line_col(7), (3, 1));
    }

    #[test]
    fn suggestions() {
        assert_eq!(
            did_you_mean("flushdraww", ["flushDraw", "flush"]),
            Some("flushDraw")
        );
        assert_eq!(did_you_mean("zzz", ["flushDraw"]), None);
    }
}
