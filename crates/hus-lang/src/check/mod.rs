//! Checking: lowering the syntax tree to the [`crate::ir`] program (name resolution, card
//! queries, tables), then the lints, a separate pass that only warns.

pub mod allow;
pub mod glossary;
pub mod include;
pub mod lints;
pub mod lower;
pub mod names;
pub mod supplied;
pub mod table;
pub mod tune;

use std::path::PathBuf;
use std::sync::Arc;

use crate::diag::{SourceDiagnostic, SourceFile};
use crate::ir::Program;
use crate::syntax::ast;

/// What the checker may assume about names the game state might define.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// `--define NAME`: names accepted as `<init>` constants (case-insensitive).
    pub defines: Vec<String>,
    /// Accept every unknown name as an `<init>` constant, for embedders that check a script
    /// before any game state is known. No command sets it: `hus decide` and `hus match`
    /// check with `defines` (the game's `<init>` names) and report unknown names.
    pub allow_unknown_names: bool,
    /// Where relative table paths are resolved; the script's directory. Tables are read
    /// only from inside it or from `table_dirs`.
    pub base_dir: PathBuf,
    /// `--table-dir DIR`: further directories tables may be read from.
    pub table_dirs: Vec<PathBuf>,
    /// Files supplied in memory (the browser playground's): when set, `USE TABLE` and
    /// `INCLUDE` read only these, by their path from the script's directory, and never the
    /// file system.
    pub files: Option<Arc<supplied::SuppliedFiles>>,
}

/// The result of checking a script: the program when there were no errors, and every
/// diagnostic (errors and warnings) in source order.
#[derive(Debug)]
pub struct Checked {
    pub program: Option<Program>,
    pub diagnostics: Vec<SourceDiagnostic>,
}

impl Checked {
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
}

/// Parses, lowers and lints a script.
pub fn check(source: &SourceFile, options: &CheckOptions) -> Checked {
    if let Some(refused) = too_large(source) {
        return refused;
    }
    let (script, syntax_errors) = crate::syntax::parse(&source.text);
    check_tree(&script, syntax_errors, source, options)
}

/// Parses and lowers a script to run it once (`hus decide`): the lints, which only warn, run
/// only when there is an error, so the report shown then is [`check`]'s in full. A script
/// without errors gets its program and the lowering's own warnings, and skips a quarter of a
/// run's start-up.
pub fn compile(source: &SourceFile, options: &CheckOptions) -> Checked {
    compile_keeping_tree(source, options).0
}

/// [`compile`], with the parsed tree handed back instead of freed: a program about to exit
/// can `forget` it, where freeing its hundreds of small allocations one by one costs 3 % of a
/// `hus decide`.
pub fn compile_keeping_tree(source: &SourceFile, options: &CheckOptions) -> (Checked, ast::Script) {
    if let Some(refused) = too_large(source) {
        return (refused, ast::Script::default());
    }
    let (script, syntax_errors) = crate::syntax::parse(&source.text);
    let checked = check_parsed(
        &script,
        syntax_errors,
        source,
        options,
        Lints::OnlyWithErrors,
    );
    (checked, script)
}

/// A script over the size limit (reference §10), refused before it is parsed: the one
/// check every way a script comes in goes through (files are also refused as they are read).
fn too_large(source: &SourceFile) -> Option<Checked> {
    let e = crate::limits::script_size(source.text.len()).err()?;
    let name = crate::diag::clip(&crate::diag::escape_controls(&source.name));
    let message = format!("cannot read {name}: {e}");
    Some(Checked {
        program: None,
        diagnostics: vec![SourceDiagnostic::error(
            crate::diag::Code::ScriptUnreadable,
            message,
        )],
    })
}

/// Lowers and lints an already parsed tree; `diagnostics` holds the parser's.
pub fn check_tree(
    script: &ast::Script,
    diagnostics: Vec<SourceDiagnostic>,
    source: &SourceFile,
    options: &CheckOptions,
) -> Checked {
    check_parsed(script, diagnostics, source, options, Lints::Always)
}

/// When the lints run: [`check`] always; [`compile`] only to report a script with errors.
#[derive(Clone, Copy, PartialEq)]
enum Lints {
    Always,
    OnlyWithErrors,
}

/// Resolves the includes, lowers, and (as `when` says) lints a parsed tree; `diagnostics`
/// holds the parser's. Every diagnostic comes back in source order.
fn check_parsed(
    script: &ast::Script,
    mut diagnostics: Vec<SourceDiagnostic>,
    source: &SourceFile,
    options: &CheckOptions,
    when: Lints,
) -> Checked {
    let syntax_ok = !diagnostics.iter().any(SourceDiagnostic::is_error);
    let (included, include_diags) = include::resolve_in(script, source, options);
    diagnostics.extend(include_diags);
    diagnostics.extend(tune::check_tunes(script));
    // What lints::lint gives, in its order; the lints of the tree alone run beside the
    // lowering when the script is large (an editor re-checks it on every edit).
    let large = script.blocks.iter().map(|b| b.rules.len()).sum::<usize>() >= 256;
    let lower = || lower::lower(script, &included, source, options);
    let ((program, lowering), spelling) = if when == Lints::Always && large {
        let (lowered, spelling) = rayon::join(lower, || lints::lint_tree(script));
        (lowered, Some(spelling))
    } else {
        (lower(), None)
    };
    diagnostics.extend(lowering);
    if when == Lints::Always || diagnostics.iter().any(SourceDiagnostic::is_error) {
        let spelling = spelling.unwrap_or_else(|| lints::lint_tree(script));
        diagnostics.extend(lints::no_rules(script, &program, syntax_ok));
        diagnostics.extend(spelling);
        diagnostics.extend(lints::lint_program(
            &program,
            source,
            syntax_ok,
            &options.defines,
        ));
    }
    allow::apply(source, &mut diagnostics);
    // Source order, the script's own first; a whole-file problem first; at one place,
    // errors before warnings.
    diagnostics.sort_by_key(|d| {
        (
            d.file.is_some(),
            d.span.as_ref().map(|s| s.start),
            std::cmp::Reverse(d.severity),
        )
    });
    let program = (!diagnostics.iter().any(SourceDiagnostic::is_error)).then_some(program);
    Checked {
        program,
        diagnostics,
    }
}

#[cfg(test)]
mod tests;
