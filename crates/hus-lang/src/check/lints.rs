//! Lints: a pass after lowering that only warns. It looks for what is legal but almost
//! certainly not what the writer meant: conditions that are constant in their block, rules
//! that can never match or never be chosen, names and card queries written unusually.

use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::predicate::Predicate;
use crate::cards::query::{CardQuery, QueryNote};
use crate::cards::Rank;
use crate::diag::Code;
use crate::diag::{SourceDiagnostic, SourceFile, Span};
use crate::game::{Constant, Phase};
use crate::ir::{self, BlockKind, CmpOp, Operand, Program, Test};
use crate::syntax::ast;

use super::lower::block_phase;
use super::names;

mod acted;
mod externals;
mod numbers;
mod overlaps;
mod reach;
mod reactions;
mod rounds;
mod shadows;
mod spelling;
mod through;

use acted::rules_never_acting;
use externals::*;
use numbers::*;
use overlaps::*;
use reach::*;
use reactions::*;
use rounds::*;
use shadows::*;
use spelling::*;
use through::{Item, Via, Walker};

/// Every warning about a script; `program` is its lowering (partial when there were errors:
/// the lints still run so that warnings come with the errors). After a syntax error the
/// parser may have dropped a branch, making a rule look branch-less, so the lint that
/// depends on that (`shadowed-rule`) waits until the syntax is right.
pub fn lint(
    script: &ast::Script,
    program: &Program,
    source: &SourceFile,
    syntax_ok: bool,
    defines: &[String],
) -> Vec<SourceDiagnostic> {
    let mut out: Vec<SourceDiagnostic> = no_rules(script, program, syntax_ok).into_iter().collect();
    out.extend(lint_tree(script));
    out.extend(lint_program(program, source, syntax_ok, defines));
    out
}

/// The warning about a script without rules: the first of [`lint`]'s output.
pub fn no_rules(
    script: &ast::Script,
    program: &Program,
    syntax_ok: bool,
) -> Option<SourceDiagnostic> {
    // A file of DEFINEs alone is a library for INCLUDE, not a bot without rules.
    (syntax_ok && program.rules.is_empty() && script.defines.is_empty()).then(|| {
        SourceDiagnostic::warning(Code::NoRules, "the script has no rules")
            .with_help("every decision would end with \"no rule matched\"; add a block such as `PREFLOP RULE ... ENDRULE ENDPREFLOP`")
    })
}

/// The lints of the syntax tree alone (names and card queries as written), which need no
/// lowering and may run beside it: the second part of [`lint`]'s output.
pub fn lint_tree(script: &ast::Script) -> Vec<SourceDiagnostic> {
    let mut out = Vec::new();
    spelling(script, &mut out);
    out
}

/// The lints of the lowered program: the rest of [`lint`]'s output, in its order. They fall
/// in two independent halves, run on two threads (their outputs joined in the same order, so
/// the result is the sequential one): a large script is re-checked on every edit in an
/// editor.
pub fn lint_program(
    program: &Program,
    source: &SourceFile,
    syntax_ok: bool,
    defines: &[String],
) -> Vec<SourceDiagnostic> {
    let first = || {
        let mut out = Vec::new();
        let (mut walker, mut reported) = (Walker::default(), Default::default());
        for rule in &program.rules {
            constants_in_block(rule, &mut walker, &mut reported, &mut out);
        }
        externals(program, source, defines, &mut out);
        unsatisfiable_rules(program, &mut out);
        board_made_hands(program, source, &mut out);
        counterfeit_two_pairs(program, source, &mut out);
        reactions_on_a_check(program, source, &mut out);
        rules_never_acting(program, source, &mut out);
        unreachable_reactions(program, &mut out);
        out_of_range(program, source, &mut out);
        out
    };
    let second = || {
        let mut out = Vec::new();
        raises_of_nothing(program, source, &mut out);
        huge_raises(program, source, &mut out);
        zero_divisions_in_actions(program, source, &mut out);
        constant_comparisons(program, source, &mut out);
        overlapping_rules(program, &mut out);
        if syntax_ok {
            shadowed(program, &mut out);
        }
        out
    };
    let (mut out, rest) = if program.rules.len() >= 256 {
        rayon::join(first, second)
    } else {
        (first(), second())
    };
    out.extend(rest);
    out
}

// ---------------------------------------------------------------------------------------
// What the lints share.

/// Every condition of a rule: its branches' and its reactions'.
fn conditions(rule: &ir::Rule) -> impl Iterator<Item = &ir::Condition> {
    std::iter::once(&rule.branches)
        .chain(rule.reactions.iter().map(|r| &r.branches))
        .flatten()
        .flat_map(|b| &b.conditions)
}

fn within(inner: &Span, outer: &Span) -> bool {
    inner.start >= outer.start && inner.end <= outer.end
}

/// The uses of DEFINEd numbers or ranges the program holds as values ([`Program::named_uses`]),
/// sorted by place, to find those inside a span.
struct NamedIndex<'p> {
    uses: Vec<&'p ir::NamedUse>,
}

impl<'p> NamedIndex<'p> {
    /// The uses of numbers, or (`ranges`) of ranges.
    fn new(program: &'p Program, ranges: bool) -> Self {
        let mut uses: Vec<&ir::NamedUse> = program
            .named_uses
            .iter()
            .filter(|u| u.range == ranges)
            .collect();
        uses.sort_by_key(|u| (u.used_at.start, u.used_at.end));
        NamedIndex { uses }
    }

    /// `d` with each DEFINEd number used inside `span` pointed at in its DEFINE.
    fn point_at_defines(&self, mut d: SourceDiagnostic, span: &Span) -> SourceDiagnostic {
        for u in self.within(span) {
            if let Some(body) = &u.body {
                d = d.with_related(body.clone(), format!("`{}` is DEFINEd here", u.name));
            }
        }
        d
    }

    /// The uses written inside `span`, in order.
    fn within<'s>(&'s self, span: &'s Span) -> impl Iterator<Item = &'p ir::NamedUse> + 's {
        let first = self.uses.partition_point(|u| u.used_at.start < span.start);
        self.uses[first..]
            .iter()
            .take_while(|u| u.used_at.start < span.end)
            .filter(|u| within(&u.used_at, span))
            .copied()
    }
}
