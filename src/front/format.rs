//! The format job: a script in its canonical layout (`hus fmt`, reference §14).

use std::path::PathBuf;

use crate::check::CheckOptions;
use crate::diag::{Code, SourceFile};

use super::diagnostics::locate_all;
use super::ScriptError;

/// Where the script being formatted is: its directory, for the names its included files
/// define, and the directories `USE TABLE` may read from.
#[derive(Clone, Debug, Default)]
pub struct FormatOptions {
    /// The script's directory; `None` for a script that is nowhere (standard input).
    pub base_dir: Option<PathBuf>,
    pub table_dirs: Vec<PathBuf>,
}

/// The script in the canonical layout, or the errors that keep it from being formatted.
/// Only the script itself is read, as rustfmt and black do: a table or included file that
/// cannot be read, or an unknown name an unread included file may define, is `check`'s
/// business; a name that is no built-in is taken for an `<init>` constant.
pub fn format(name: &str, text: &str, options: &FormatOptions) -> Result<String, ScriptError> {
    let source = SourceFile::new(name, text);
    let base_dir = options.base_dir.clone().unwrap_or_default();
    let check = CheckOptions {
        defines: Vec::new(),
        allow_unknown_names: true,
        base_dir: base_dir.clone(),
        table_dirs: options.table_dirs.clone(),
        files: None,
    };
    let diagnostics = crate::check::check(&source, &check).diagnostics;
    let include_missing = diagnostics.iter().any(|d| d.code == Code::IncludeMissing);
    let errors: Vec<_> = diagnostics
        .into_iter()
        .filter(|d| blocks_formatting(d, include_missing))
        .collect();
    let errors = if errors.is_empty() {
        let fmt = crate::fmt::Options {
            base_dir: Some(base_dir),
        };
        match crate::fmt::format_with(&source, &fmt) {
            Ok(text) => return Ok(text),
            // The checker found no error, so the parser found none either.
            Err(errors) => errors,
        }
    } else {
        errors
    };
    Err(ScriptError {
        file: source.name.clone(),
        diagnostics: locate_all(&source, &errors),
    })
}

/// Whether an error keeps a script from being formatted: not one about other files.
fn blocks_formatting(d: &crate::diag::SourceDiagnostic, include_missing: bool) -> bool {
    let about_other_files = matches!(
        d.code,
        Code::TableMissing
            | Code::TableOutside
            | Code::TableSmall
            | Code::TableCell
            | Code::IncludeMissing
    );
    let maybe_included = include_missing && d.code == Code::UnknownName;
    d.is_error() && !about_other_files && !maybe_included
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_is_laid_out_and_an_error_keeps_it_as_it_is() {
        let messy = "PREFLOP\nRULE\nAA\n      THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n";
        let text = format("t.hus", messy, &FormatOptions::default()).unwrap();
        assert_eq!(
            text,
            "PREFLOP\n  RULE\n    AA\n    THEN RAISE 3BB\n  ENDRULE\nENDPREFLOP\n"
        );
        assert_eq!(
            format("t.hus", &text, &FormatOptions::default()).unwrap(),
            text
        );
        let e = format(
            "t.hus",
            "PREFLOP\nRULE AA THEN RAISE 3BB\n",
            &FormatOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::ThenPosition);
    }

    #[test]
    fn a_name_that_is_no_builtin_is_taken_for_an_init_constant() {
        let script = "PREFLOP\n  RULE\n    stage > 1\n    THEN FOLD\n  ENDRULE\nENDPREFLOP\n";
        assert_eq!(
            format("t.hus", script, &FormatOptions::default()).unwrap(),
            script
        );
    }
}
