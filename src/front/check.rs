//! The check job: every diagnostic of a script without compiling a bot (`hus check`), and
//! the coverage of the starting hands by its rules.

use std::path::Path;

use crate::diag::SourceFile;
use crate::ir::Program;

use super::diagnostics::{locate_all, Diagnostic};
use super::BotOptions;
/// The blinds and stacks of [`CheckReport::coverage_at`] (default 50/100, 100 big blinds).
pub use crate::eval::coverage::Depth as CoverageDepth;

/// What checking a script found: every diagnostic in source order, and the program when it
/// has no errors (for [`CheckReport::coverage`]).
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub diagnostics: Vec<Diagnostic>,
    program: Option<Program>,
    /// The script's name, for the coverage picture's title.
    name: String,
}

/// Which starting hands reach only the lowest-priority rules or no rule, per round and
/// situation (`hus check --coverage`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The grids as text, as `hus check --coverage` prints them.
    pub text: String,
    /// The grids before the flop as an SVG picture (`--coverage-svg`).
    pub svg: String,
}

impl CheckReport {
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }

    /// The coverage of the 169 starting hands at blinds 50/100, 100 big blinds deep; `None`
    /// when the script has errors.
    pub fn coverage(&self) -> Option<Coverage> {
        self.coverage_at(&CoverageDepth::default())
    }

    /// The stack in big blinds the script's own conditions are written for, and the condition
    /// that says so (`` `heroStack <= 15BB` at line 4 ``): the largest upper bound on a stack
    /// they write (reference §9). `None` when the script bounds no stack from above (or has
    /// errors).
    pub fn pinned_stack(&self) -> Option<(f64, String)> {
        let program = self.program.as_ref()?;
        let pinned = crate::eval::coverage::pinned_stack(program)?;
        let source = &program.source;
        let because = match pinned.included {
            true => "a condition of an INCLUDEd file".to_string(),
            false => format!(
                "`{}` at line {}",
                crate::diag::escape_controls(source.text.get(pinned.span.clone()).unwrap_or("")),
                source.line_col(pinned.span.start).0
            ),
        };
        Some((pinned.stack, because))
    }

    /// The coverage at these blinds and stacks (`hus check --coverage --stack 20`).
    pub fn coverage_at(&self, depth: &CoverageDepth) -> Option<Coverage> {
        let program = self.program.as_ref()?;
        let cells = crate::eval::coverage::coverage(program, depth);
        Some(Coverage {
            text: crate::eval::coverage::text(program, &cells, depth),
            svg: crate::eval::coverage::svg(&cells, &self.name),
        })
    }
}

/// Checks a script as `hus check` does, with tables and includes resolved from `base_dir`
/// (the script's directory): every diagnostic, and the program for its coverage.
pub fn check_script(name: &str, text: &str, base_dir: &Path, options: &BotOptions) -> CheckReport {
    let source = SourceFile::new(name, text);
    let o = super::check_options(base_dir.to_path_buf(), options);
    let checked = crate::check::check(&source, &o);
    CheckReport {
        diagnostics: locate_all(&source, &checked.diagnostics),
        program: checked.program,
        name: name.to_string(),
    }
}

/// Reads a script (any readable file, standard input's `/dev/stdin` too) of at most the size
/// the language allows (reference §9).
pub fn read_script(path: &Path) -> Result<String, crate::limits::ReadError> {
    crate::limits::read_text(path, crate::limits::MAX_SCRIPT_BYTES, false)
}

/// [`read_script`] from a stream (standard input).
pub fn read_script_from(reader: impl std::io::Read) -> Result<String, crate::limits::ReadError> {
    crate::limits::read_text_from(reader, crate::limits::MAX_SCRIPT_BYTES)
}

/// [`read_script`] of a regular file only (one that will be rewritten): a FIFO or device is
/// refused before it is opened.
pub fn read_script_file(path: &Path) -> Result<String, crate::limits::ReadError> {
    crate::limits::read_text(path, crate::limits::MAX_SCRIPT_BYTES, true)
}
