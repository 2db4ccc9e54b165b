//! The stack a script's own conditions are written for (`heroStack <= 15BB` in a push/fold
//! bot), which `hus check --coverage` judges the script at unless `--stack` says otherwise.

use std::collections::HashSet;

use crate::diag::Span;
use crate::game::Constant;
use crate::ir::{CmpOp, Condition, Operand, Program, Test};

use super::Depth;

/// A stack in big blinds read off a comparison of the script, and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct PinnedStack {
    /// At least [`Depth::MIN_STACK`].
    pub stack: f64,
    /// The comparison (in the script, or in an INCLUDEd file when `included`).
    pub span: Span,
    pub included: bool,
}

/// The largest upper bound on a stack the script's conditions write (`heroStack <= 15BB`,
/// `effectiveStack < 20 BB`, `startingEffectiveStackBB <= 25`, DEFINEs looked into): the
/// deepest stack its short-stack rules are meant for. `None` when no condition bounds a stack
/// from above.
pub fn pinned_stack(program: &Program) -> Option<PinnedStack> {
    let mut best: Option<PinnedStack> = None;
    let mut seen = HashSet::new();
    for rule in &program.rules {
        let branches = std::iter::once(&rule.branches)
            .chain(rule.reactions.iter().map(|r| &r.branches))
            .flatten();
        for c in branches.flat_map(|b| &b.conditions) {
            visit(c, false, &mut seen, &mut |bb, span, included| {
                if best.as_ref().is_none_or(|b| bb > b.stack) {
                    best = Some(PinnedStack {
                        stack: bb.max(Depth::MIN_STACK),
                        span: span.clone(),
                        included,
                    });
                }
            });
        }
    }
    best
}

/// Every upper bound on a stack in `c` and the DEFINEs it uses (each looked into once).
fn visit(
    c: &Condition,
    included: bool,
    seen: &mut HashSet<usize>,
    found: &mut impl FnMut(f64, &Span, bool),
) {
    match &c.test {
        Test::Compare { lhs, op, rhs } => {
            if let Some(bb) = upper_bound(lhs, *op, rhs) {
                found(bb, &c.span, included);
            }
        }
        Test::All { branches, .. } if seen.insert(branches.id) => {
            for inner in branches.iter().flatten() {
                visit(inner, included || branches.included, seen, found);
            }
        }
        _ => {}
    }
}

/// The bound in big blinds when `lhs op rhs` bounds a stack from above.
fn upper_bound(lhs: &Operand, op: CmpOp, rhs: &Operand) -> Option<f64> {
    let (stack, bound) = match op {
        CmpOp::Le | CmpOp::Lt => (lhs, rhs),
        CmpOp::Ge | CmpOp::Gt => (rhs, lhs),
        _ => return None,
    };
    let Operand::Constant {
        constant, factor, ..
    } = stack
    else {
        return None;
    };
    if *factor <= 0.0 {
        return None;
    }
    let bb = match (constant, in_big_blinds(bound)?) {
        (Constant::HeroStack | Constant::VillainStack | Constant::EffectiveStack, (n, true))
        | (Constant::StartingEffectiveStackBb, (n, false)) => n / factor,
        _ => return None,
    };
    (bb.is_finite() && bb > 0.0).then_some(bb)
}

/// A number of big blinds (`15BB`: 15, true) or a plain number (`25`: 25, false).
fn in_big_blinds(o: &Operand) -> Option<(f64, bool)> {
    match o {
        Operand::Number(n) => Some((*n, false)),
        Operand::Constant {
            constant: Constant::Bb,
            factor,
            ..
        } => Some((*factor, true)),
        Operand::Defined { number, .. } => in_big_blinds(&number.value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pinned(script: &str) -> Option<f64> {
        let c = crate::check::check(
            &crate::diag::SourceFile::new("t.hus", script),
            &crate::check::CheckOptions::default(),
        );
        pinned_stack(c.program.as_ref()?).map(|p| p.stack)
    }

    #[test]
    fn the_largest_upper_bound_on_a_stack_is_pinned() {
        let rule =
            |cond: &str| format!("PREFLOP\nRULE {cond}\nTHEN RAISE allIn\nENDRULE\nENDPREFLOP\n");
        assert_eq!(pinned(&rule("heroStack <= 15BB, AK")), Some(15.0));
        assert_eq!(pinned(&rule("15 BB >= effectiveStack")), Some(15.0));
        assert_eq!(pinned(&rule("startingEffectiveStackBB < 25")), Some(25.0));
        assert_eq!(pinned(&rule("heroStack <= 3BB")), Some(Depth::MIN_STACK));
        assert_eq!(pinned(&rule("heroStack > 15BB")), None);
        assert_eq!(pinned(&rule("AK")), None);
        let two = "DEFINE short = effectiveStack <= 12BB\nPREFLOP\nRULE short\nTHEN RAISE allIn\nENDRULE\nRULE heroStack <= 20BB, AK\nTHEN CALL\nENDRULE\nENDPREFLOP\n";
        assert_eq!(pinned(two), Some(20.0));
    }
}
