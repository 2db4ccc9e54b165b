//! Diagnostics as the front door gives them: located by line, column and byte span, and
//! rendered as `hus check` prints them (text, short, JSON).

use std::ops::Range;
use std::sync::Arc;

use crate::diag::{Code, Report, Severity, SourceFile};

/// A suggested edit of a diagnostic: replace lines/columns `start..end` (1-based) with
/// `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub replacement: String,
}

/// An error or warning about a script or game state, located by 1-based line and column
/// and by byte span (`hus check --format json` gives the same fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What it is about; [`Code::as_str`] is its stable kebab-case name (`unknown-name`,
    /// `no-rule-matched`, reference §10).
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    /// What to do about it. [`Diagnostic::render`] shows this text and `message`, so a
    /// caller may add advice of its own.
    pub help: Option<String>,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    /// The bytes of `file`'s text it is about; `None` for a whole-file problem.
    pub span: Option<Range<usize>>,
    pub fixes: Vec<Fix>,
    /// An unknown name the checker took for an `<init>` constant nobody declared (no
    /// built-in name is near it): declare it with [`crate::BotOptions::defines`] or in the
    /// game state's `<init>`.
    pub undeclared_constant: bool,
    origin: Origin,
}

/// The checker's own diagnostic and the file it points into, kept to render the excerpt;
/// equal to any other (two diagnostics are equal when their fields are).
#[derive(Clone, Debug, Default)]
struct Origin(Option<Arc<(Arc<SourceFile>, crate::diag::SourceDiagnostic)>>);

impl PartialEq for Origin {
    fn eq(&self, _: &Origin) -> bool {
        true
    }
}

impl Eq for Origin {}

/// How [`Diagnostic::render`] writes a diagnostic: `hus check --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rendering {
    /// rustc-like, with the source lines underlined (ANSI colours when `colour`).
    Text { colour: bool },
    /// `FILE:LINE:COL: severity: message`.
    Short,
    /// One JSON object on one line, control characters escaped.
    Json,
}

impl Diagnostic {
    /// Locates a diagnostic of `file` (or of the included file it names).
    pub fn located(file: &SourceFile, d: &crate::diag::SourceDiagnostic) -> Diagnostic {
        Diagnostic::located_in(&Arc::new(file.clone()), d)
    }

    /// Locates every diagnostic of `file`, sharing one copy of it.
    pub fn located_all(file: &SourceFile, ds: &[crate::diag::SourceDiagnostic]) -> Vec<Diagnostic> {
        if ds.is_empty() {
            return Vec::new();
        }
        let file = Arc::new(file.clone());
        ds.iter()
            .map(|d| Diagnostic::located_in(&file, d))
            .collect()
    }

    fn located_in(file: &Arc<SourceFile>, d: &crate::diag::SourceDiagnostic) -> Diagnostic {
        let file = d.file.as_ref().unwrap_or(file);
        let (line, column) = d.span.as_ref().map_or((1, 1), |s| file.line_col(s.start));
        let (end_line, end_column) = d.span.as_ref().map_or((1, 1), |s| file.line_col(s.end));
        let fixes = d.fixes.iter().map(|f| fix(file, f)).collect();
        Diagnostic {
            code: d.code,
            severity: d.severity,
            message: d.message.clone(),
            help: d.help.clone(),
            file: file.name.clone(),
            line,
            column,
            end_line,
            end_column,
            span: d.span.clone(),
            fixes,
            undeclared_constant: d.undeclared_constant,
            origin: Origin(Some(Arc::new((Arc::clone(file), d.clone())))),
        }
    }

    /// The script text the diagnostic is about (its `span` in its file): the unknown name
    /// of an `undeclared_constant`, say. `None` for a whole-file problem.
    pub fn spanned_text(&self) -> Option<&str> {
        let (file, _) = &**self.origin.0.as_ref()?;
        file.text.get(self.span.clone()?)
    }

    /// An error about a whole file (one that cannot be read, say), at line 1, column 1.
    pub fn whole_file(code: Code, file: &str, message: String) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message,
            help: None,
            file: file.to_string(),
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            span: None,
            fixes: Vec::new(),
            undeclared_constant: false,
            origin: Origin(None),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The diagnostic as `hus check --format` prints it, without a line end; every text
    /// from the input is escaped so it cannot drive a terminal.
    pub fn render(&self, how: Rendering) -> String {
        let Some((file, d)) = self.origin.0.as_deref() else {
            return self.render_whole_file(how);
        };
        // The caller's message and help, should it have changed the checker's.
        let mut d = d.clone();
        d.message.clone_from(&self.message);
        d.help.clone_from(&self.help);
        match how {
            Rendering::Text { colour } => text(file, &d, colour),
            Rendering::Short => crate::diag::render_short(file, &d),
            Rendering::Json => crate::diag::render_json(file, &d),
        }
    }

    /// A diagnostic with no source behind it, rendered from its fields as the checker's are.
    fn render_whole_file(&self, how: Rendering) -> String {
        let esc = crate::diag::escape_controls;
        match how {
            Rendering::Json => {
                let json = serde_json::json!({
                    "file": self.file, "line": 1, "column": 1, "end_line": 1, "end_column": 1,
                    "severity": self.severity, "code": self.code, "message": self.message,
                    "help": self.help, "fixes": [],
                });
                crate::diag::escape_json_controls(&json.to_string()).into_owned()
            }
            _ => format!(
                "{}:1:1: {}: {}",
                esc(&self.file),
                self.severity,
                esc(&self.message)
            ),
        }
    }
}

/// `FILE:LINE:COL: severity: message`, as `hus check --format short` prints it.
impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.severity, self.message
        )
    }
}

fn fix(file: &SourceFile, f: &crate::diag::SourceFix) -> Fix {
    let (line, column) = file.line_col(f.span.start);
    let (end_line, end_column) = file.line_col(f.span.end);
    Fix {
        title: f.title.clone(),
        line,
        column,
        end_line,
        end_column,
        replacement: f.replacement.clone(),
    }
}

/// miette's graphical report at a fixed width, with or without colour; the short form
/// should miette fail.
fn text(file: &SourceFile, d: &crate::diag::SourceDiagnostic, colour: bool) -> String {
    let theme = if colour {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_links(false);
    let mut out = String::new();
    let report = Report::new(file, d);
    if handler.render_report(&mut out, &report).is_err() {
        out = crate::diag::render_short(file, d);
    }
    out
}

pub(super) fn locate_all(
    file: &SourceFile,
    ds: &[crate::diag::SourceDiagnostic],
) -> Vec<Diagnostic> {
    Diagnostic::located_all(file, ds)
}

#[cfg(test)]
mod tests {
    use crate::front::{check_script, BotOptions, Rendering};
    use std::path::Path;

    const UNKNOWN: &str = "PREFLOP\nRULE\n  villainVPIPP > 30\n  THEN FOLD\nENDRULE\nENDPREFLOP\n";

    #[test]
    fn a_diagnostic_renders_as_hus_check_prints_it() {
        let report = check_script("t.hus", UNKNOWN, Path::new("."), &BotOptions::default());
        let d = &report.diagnostics[0];
        assert_eq!(
            d.render(Rendering::Short),
            "t.hus:3:3: error: unknown name `villainVPIPP`"
        );
        assert_eq!(
            d.render(Rendering::Json),
            r#"{"code":"unknown-name","column":3,"end_column":15,"end_line":3,"file":"t.hus","fixes":[{"column":3,"end_column":15,"end_line":3,"line":3,"replacement":"villainVPIP","title":"Replace with `villainVPIP`"}],"help":"did you mean `villainVPIP`?","line":3,"message":"unknown name `villainVPIPP`","severity":"error"}"#
        );
        let text = d.render(Rendering::Text { colour: false });
        assert!(text.contains("× unknown name `villainVPIPP`"), "{text}");
        assert!(text.contains("help: did you mean `villainVPIP`?"), "{text}");
    }

    #[test]
    fn the_span_is_the_bytes_the_diagnostic_is_about() {
        let text = UNKNOWN.replace("villainVPIPP", "myConst");
        let report = check_script("t.hus", &text, Path::new("."), &BotOptions::default());
        let d = &report.diagnostics[0];
        assert!(d.undeclared_constant);
        assert_eq!(d.span.clone().and_then(|s| text.get(s)), Some("myConst"));
    }

    #[test]
    fn a_changed_help_and_message_are_rendered() {
        let report = check_script("t.hus", UNKNOWN, Path::new("."), &BotOptions::default());
        let mut d = report.diagnostics[0].clone();
        d.message.push_str("; see the names list");
        d.help = Some("run `hus names`".into());
        let json = d.render(Rendering::Json);
        assert!(json.contains(r#""help":"run `hus names`""#), "{json}");
        assert!(json.contains("villainVPIPP`; see the names list"), "{json}");
    }

    #[test]
    fn a_whole_file_error_renders_from_its_fields() {
        let d = super::Diagnostic::whole_file(
            crate::diag::Code::ScriptUnreadable,
            "a\x1bb.hus",
            "no".into(),
        );
        assert_eq!(
            d.render(Rendering::Text { colour: false }),
            "a\\x1bb.hus:1:1: error: no"
        );
        assert_eq!(
            d.render(Rendering::Json),
            r#"{"code":"script-unreadable","column":1,"end_column":1,"end_line":1,"file":"a\u001bb.hus","fixes":[],"help":null,"line":1,"message":"no","severity":"error"}"#
        );
    }
}
