//! From the crate's types to the protocol's: diagnostics (with the documentation link of
//! their code), quick fixes, completions, symbols, ranges and `file://` URIs.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types as lt;

use crate::diag::{Code, Severity, SourceDiagnostic, SourceFile, Span};
use crate::ide::complete::{Completion, ItemKind};
use crate::ide::{self, position, Analysis, Symbol, SymbolKind};

/// Where every diagnostic code is documented: the table of codes in the reference
/// (docs/language.md §9), in the repository on its main branch. Each diagnostic's
/// `codeDescription.href` is this address.
pub const DIAGNOSTIC_CODES_URL: &str = ide::DIAGNOSTIC_CODES_URL;

pub fn from_lsp(p: lt::Position) -> position::Position {
    position::Position::new(p.line, p.character)
}

pub fn to_lsp(p: position::Position) -> lt::Position {
    lt::Position::new(p.line, p.character)
}

/// The protocol range of a byte span.
pub fn range(file: &SourceFile, span: &Span) -> lt::Range {
    let r = position::range(file, span);
    lt::Range::new(to_lsp(r.start), to_lsp(r.end))
}

/// The path a `file://` URI names (percent-decoded); `None` for another scheme.
pub fn uri_to_path(uri: &lt::Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let rest = s
        .strip_prefix("file://")
        .or_else(|| s.strip_prefix("FILE://"))?;
    // An authority (`file://localhost/...`) before the path.
    let path = &rest[rest.find('/')?..];
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let mut bytes = Vec::with_capacity(path.len());
    let raw = path.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' && i + 2 < raw.len() {
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                bytes.push(b);
                i += 3;
                continue;
            }
        }
        bytes.push(raw[i]);
        i += 1;
    }
    let decoded = String::from_utf8_lossy(&bytes).into_owned();
    // `/C:/dir` on Windows.
    let b = decoded.as_bytes();
    if cfg!(windows) && b.len() >= 3 && b[0] == b'/' && b[2] == b':' {
        return Some(PathBuf::from(&decoded[1..]));
    }
    Some(PathBuf::from(decoded))
}

/// The `file://` URI of a path (made absolute), percent-encoding what a URI path cannot hold.
pub fn path_to_uri(path: &Path) -> Option<lt::Uri> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let text = absolute.to_string_lossy().replace('\\', "/");
    let mut out = String::from("file://");
    if !text.starts_with('/') {
        out.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    lt::Uri::from_str(&out).ok()
}

/// The reading of a path the checker built (`dir/../lib.hus`) as a URI.
fn file_uri(name: &str) -> Option<lt::Uri> {
    path_to_uri(Path::new(name))
}

/// [`DIAGNOSTIC_CODES_URL`] as a URI, parsed once.
fn codes_url() -> Option<lt::Uri> {
    static URL: std::sync::OnceLock<Option<lt::Uri>> = std::sync::OnceLock::new();
    URL.get_or_init(|| lt::Uri::from_str(DIAGNOSTIC_CODES_URL).ok())
        .clone()
}

/// Codes whose spans are text that does nothing: editors may show it faded.
fn unnecessary(code: Code) -> bool {
    matches!(
        code,
        Code::UnusedDefine
            | Code::ShadowedRule
            | Code::UnsatisfiableRule
            | Code::UnsatisfiableBranch
            | Code::UnreachableReaction
    )
}

/// A diagnostic in the protocol's form. Spans in `file` (the script, or the included file
/// the diagnostic is about, at `file_uri`); `at`: where it is shown in the script (its own
/// span, or the INCLUDE line for a diagnostic about an included file).
fn diagnostic(
    d: &SourceDiagnostic,
    file: &SourceFile,
    file_uri: &lt::Uri,
    at: lt::Range,
) -> lt::Diagnostic {
    let here = |span: &Span| lt::Location {
        uri: file_uri.clone(),
        range: range(file, span),
    };
    let mut related = Vec::new();
    if let Some(span) = &d.span {
        if let Some(label) = &d.label {
            related.push(lt::DiagnosticRelatedInformation {
                location: here(span),
                message: label.clone(),
            });
        }
    }
    for (span, label) in &d.related {
        related.push(lt::DiagnosticRelatedInformation {
            location: here(span),
            message: label.clone(),
        });
    }
    if let Some(help) = &d.help {
        related.push(lt::DiagnosticRelatedInformation {
            location: here(&d.span.clone().unwrap_or(0..0)),
            message: format!("help: {help}"),
        });
    }
    lt::Diagnostic {
        range: at,
        severity: Some(match d.severity {
            Severity::Error => lt::DiagnosticSeverity::ERROR,
            Severity::Warning => lt::DiagnosticSeverity::WARNING,
        }),
        code: Some(lt::NumberOrString::String(d.code.as_str().to_string())),
        code_description: codes_url().map(|href| lt::CodeDescription { href }),
        source: Some("hus".to_string()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        tags: unnecessary(d.code).then(|| vec![lt::DiagnosticTag::UNNECESSARY]),
        data: None,
    }
}

/// Every diagnostic of the analysis, as `hus check` reports them. A diagnostic about an
/// included file is shown on the script's INCLUDE line that leads to that file, its own place
/// given as related information (a location in the included file).
pub fn diagnostics(a: &Analysis, uri: &lt::Uri) -> Vec<lt::Diagnostic> {
    let owners = if a.diagnostics.iter().any(|d| d.file.is_some()) {
        include_owners(a)
    } else {
        HashMap::new()
    };
    a.diagnostics
        .iter()
        .map(|d| placed(a, uri, d, &owners).0)
        .collect()
}

/// [`diagnostics`] as the JSON text of each, made on all cores for a large script (a script
/// of 10,000 rules may have as many warnings).
pub fn diagnostics_json(a: &Analysis, uri: &lt::Uri) -> Vec<String> {
    use rayon::prelude::*;
    let owners = if a.diagnostics.iter().any(|d| d.file.is_some()) {
        include_owners(a)
    } else {
        HashMap::new()
    };
    let one = |d: &SourceDiagnostic| {
        serde_json::to_string(&placed(a, uri, d, &owners).0).unwrap_or_default()
    };
    if a.diagnostics.len() >= 1000 {
        a.diagnostics.par_iter().map(one).collect()
    } else {
        a.diagnostics.iter().map(one).collect()
    }
}

/// The protocol form of `d` and the URI and file its spans (and fixes) point into.
fn placed<'a>(
    a: &'a Analysis,
    uri: &lt::Uri,
    d: &'a SourceDiagnostic,
    owners: &HashMap<String, Span>,
) -> (lt::Diagnostic, lt::Uri, &'a SourceFile) {
    match &d.file {
        None => {
            let at = range(&a.source, &d.span.clone().unwrap_or(0..0));
            (diagnostic(d, &a.source, uri, at), uri.clone(), &a.source)
        }
        Some(f) => {
            let include = owners
                .get(&f.name)
                .cloned()
                .or_else(|| a.script.includes.first().map(|i| i.span.clone()))
                .unwrap_or(0..0);
            let at = range(&a.source, &include);
            let f_uri = file_uri(&f.name).unwrap_or_else(|| uri.clone());
            let mut out = diagnostic(d, f, &f_uri, at);
            // Its own place first.
            let place = lt::DiagnosticRelatedInformation {
                location: lt::Location {
                    uri: f_uri.clone(),
                    range: range(f, &d.span.clone().unwrap_or(0..0)),
                },
                message: format!("in {}", f.name),
            };
            out.related_information
                .get_or_insert_with(Vec::new)
                .insert(0, place);
            (out, f_uri, f)
        }
    }
}

/// For each file the script includes (directly or through others), the span of the script's
/// INCLUDE that leads to it (the first one, when several do). Keys are the names the checker
/// gives included files.
fn include_owners(a: &Analysis) -> HashMap<String, Span> {
    let mut owners = HashMap::new();
    for inc in &a.script.includes {
        let mut stack = vec![(a.options.base_dir.join(&inc.path), 0usize)];
        while let Some((path, depth)) = stack.pop() {
            let name = path.display().to_string();
            if owners.contains_key(&name) || depth > 32 {
                continue;
            }
            owners.insert(name, inc.span.clone());
            let Ok(text) = crate::limits::read_text(&path, crate::limits::MAX_SCRIPT_BYTES, true)
            else {
                continue;
            };
            let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
            for sub in crate::syntax::parse(&text).0.includes {
                stack.push((dir.join(&sub.path), depth + 1));
            }
        }
    }
    owners
}

/// The quick fixes of the diagnostics whose place overlaps `at`.
pub fn code_actions(a: &Analysis, uri: &lt::Uri, at: lt::Range) -> Vec<lt::CodeAction> {
    let owners = if a.diagnostics.iter().any(|d| d.file.is_some()) {
        include_owners(a)
    } else {
        HashMap::new()
    };
    let overlaps = |r: &lt::Range| {
        let (s, e) = (
            (r.start.line, r.start.character),
            (r.end.line, r.end.character),
        );
        let (qs, qe) = (
            (at.start.line, at.start.character),
            (at.end.line, at.end.character),
        );
        s <= qe && qs <= e
    };
    let mut out = Vec::new();
    for d in a.diagnostics.iter().filter(|d| !d.fixes.is_empty()) {
        let (shown, fix_uri, file) = placed(a, uri, d, &owners);
        if !overlaps(&shown.range) {
            continue;
        }
        for fix in &d.fixes {
            let edit = lt::TextEdit {
                range: range(file, &fix.span),
                new_text: fix.replacement.clone(),
            };
            out.push(lt::CodeAction {
                title: fix.title.clone(),
                kind: Some(lt::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![shown.clone()]),
                edit: Some(lt::WorkspaceEdit {
                    changes: Some(HashMap::from([(fix_uri.clone(), vec![edit])])),
                    ..lt::WorkspaceEdit::default()
                }),
                is_preferred: Some(d.fixes.len() == 1),
                ..lt::CodeAction::default()
            });
        }
    }
    out
}

pub fn completion(file: &SourceFile, item: Completion) -> lt::CompletionItem {
    let kind = match item.kind {
        ItemKind::Keyword => lt::CompletionItemKind::KEYWORD,
        ItemKind::Action => lt::CompletionItemKind::KEYWORD,
        ItemKind::Predicate => lt::CompletionItemKind::FUNCTION,
        ItemKind::Constant => lt::CompletionItemKind::CONSTANT,
        ItemKind::Define => lt::CompletionItemKind::VARIABLE,
        ItemKind::File => lt::CompletionItemKind::FILE,
    };
    lt::CompletionItem {
        text_edit: Some(lt::CompletionTextEdit::Edit(lt::TextEdit {
            range: range(file, &item.replace),
            new_text: item.label.clone(),
        })),
        label: item.label,
        kind: Some(kind),
        detail: (!item.detail.is_empty()).then_some(item.detail),
        documentation: (!item.documentation.is_empty()).then_some(
            lt::Documentation::MarkupContent(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: item.documentation,
            }),
        ),
        ..lt::CompletionItem::default()
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be named to build one.
pub fn symbol(file: &SourceFile, s: &Symbol) -> lt::DocumentSymbol {
    lt::DocumentSymbol {
        name: s.name.clone(),
        detail: (!s.detail.is_empty()).then(|| s.detail.clone()),
        kind: match s.kind {
            SymbolKind::Block => lt::SymbolKind::NAMESPACE,
            SymbolKind::Rule => lt::SymbolKind::FUNCTION,
            SymbolKind::Reaction => lt::SymbolKind::EVENT,
            SymbolKind::Define => lt::SymbolKind::CONSTANT,
            SymbolKind::Include => lt::SymbolKind::FILE,
        },
        tags: None,
        deprecated: None,
        range: range(file, &s.span),
        selection_range: range(file, &s.selection),
        children: (!s.children.is_empty())
            .then(|| s.children.iter().map(|c| symbol(file, c)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_and_paths() {
        let uri = lt::Uri::from_str("file:///tmp/my%20bots/b%C3%A9t.hus").unwrap();
        assert_eq!(
            uri_to_path(&uri),
            Some(PathBuf::from("/tmp/my bots/bét.hus"))
        );
        let back = path_to_uri(Path::new("/tmp/my bots/bét.hus")).unwrap();
        assert_eq!(back.as_str(), "file:///tmp/my%20bots/b%C3%A9t.hus");
        let local = lt::Uri::from_str("file://localhost/tmp/a.hus").unwrap();
        assert_eq!(uri_to_path(&local), Some(PathBuf::from("/tmp/a.hus")));
        let untitled = lt::Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(uri_to_path(&untitled), None);
    }

    #[test]
    fn a_diagnostic_links_its_code_and_keeps_its_words() {
        let text = "// ♠♥ é\nFLOP\nRULE flushdraww // é\n  THEN CALL\nENDRULE\nENDFLOP\n";
        let a = Analysis::new(
            SourceFile::new("/tmp/x/bot.hus", text),
            ide::check_options(Some(Path::new("/tmp/x/bot.hus"))),
        );
        let uri = lt::Uri::from_str("file:///tmp/x/bot.hus").unwrap();
        let ds = diagnostics(&a, &uri);
        assert_eq!(ds.len(), 1);
        let d = &ds[0];
        assert_eq!(d.message, "unknown name `flushdraww`");
        assert_eq!(
            d.range,
            lt::Range::new(lt::Position::new(2, 5), lt::Position::new(2, 15))
        );
        assert_eq!(
            d.code,
            Some(lt::NumberOrString::String("unknown-name".into()))
        );
        assert_eq!(
            d.code_description.as_ref().unwrap().href.as_str(),
            "https://github.com/hus-lang/hus/blob/main/docs/language.md#diagnostic-codes"
        );
        let related: Vec<&str> = d
            .related_information
            .iter()
            .flatten()
            .map(|r| r.message.as_str())
            .collect();
        assert_eq!(
            related,
            [
                "expected a predicate here",
                "help: did you mean `flushDraw`?"
            ]
        );
        let actions = code_actions(&a, &uri, d.range);
        assert_eq!(actions.len(), 1);
        assert_eq!(actions[0].title, "Replace with `flushDraw`");
        let edits = &actions[0].edit.as_ref().unwrap().changes.as_ref().unwrap()[&uri];
        assert_eq!(edits[0].new_text, "flushDraw");
        assert_eq!(edits[0].range, d.range);
    }
}

#[cfg(test)]
mod include_tests {
    use super::*;

    #[test]
    #[allow(clippy::mutable_key_type)] // lsp_types keys a workspace edit by Uri
    fn an_included_files_diagnostics_sit_on_the_include_line() {
        let dir = std::env::temp_dir().join(format!("hus-convert-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        std::fs::write(dir.join("lib/base.hus"), "DEFINE wet = flushdraww\n").unwrap();
        std::fs::write(
            dir.join("lib/hands.hus"),
            "INCLUDE \"base.hus\"\nDEFINE premium = QQ+ | AK\n",
        )
        .unwrap();
        let text = "// é\nINCLUDE \"lib/hands.hus\"\nFLOP\nRULE premium, wet\n  THEN CALL\nENDRULE\nENDFLOP\n";
        let path = dir.join("bot.hus");
        std::fs::write(&path, text).unwrap();
        let a = Analysis::new(
            SourceFile::new(path.display().to_string(), text),
            ide::check_options(Some(&path)),
        );
        let uri = path_to_uri(&path).unwrap();
        let ds = diagnostics(&a, &uri);
        assert_eq!(ds.len(), 1, "{ds:#?}");
        let d = &ds[0];
        assert_eq!(d.message, "unknown name `flushdraww`");
        // On the script's INCLUDE line, which leads to base.hus through hands.hus.
        assert_eq!(
            d.range,
            lt::Range::new(lt::Position::new(1, 0), lt::Position::new(1, 23))
        );
        let first = &d.related_information.as_ref().unwrap()[0];
        let base = path_to_uri(&dir.join("lib/base.hus")).unwrap();
        assert_eq!(first.location.uri, base);
        assert_eq!(
            first.location.range,
            lt::Range::new(lt::Position::new(0, 13), lt::Position::new(0, 23))
        );
        // Its quick fix edits the included file.
        let actions = code_actions(&a, &uri, d.range);
        assert_eq!(actions.len(), 1);
        let changes = actions[0].edit.as_ref().unwrap().changes.as_ref().unwrap();
        assert_eq!(changes[&base][0].new_text, "flushDraw");
        // Go to definition of a DEFINE in an included file.
        let at = text.find("premium,").unwrap() + 2;
        let target = a.definition(at).unwrap();
        assert_eq!(target.path, Some(dir.join("lib/hands.hus")));
        assert_eq!(target.span, Some(26..33));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
