//! Walking what a rule tests and computes through the DEFINEs it uses, so that a lint sees a
//! DEFINEd condition or number as if it were written out in the rule.

use std::collections::HashSet;

use crate::diag::{SourceDiagnostic, Span};
use crate::ir::{self, BlockKind, Operand, Test};

/// Where a condition or a number met by a [`Walker`] is written.
#[derive(Clone, Debug, Default)]
pub(super) struct Via<'a> {
    /// The DEFINE the rule uses to reach it, the outermost (`None`: written in the rule).
    pub define: Option<&'a str>,
    /// For one inside an INCLUDEd DEFINE (whose text is in another file): where the script
    /// uses that DEFINE, the place to report it.
    pub use_span: Option<Span>,
}

impl Via<'_> {
    /// Where to report something written at `own`.
    pub fn at(&self, own: &Span) -> Span {
        self.use_span.clone().unwrap_or_else(|| own.clone())
    }

    /// A warning about something inside a DEFINE of the script, found through `rule`: points
    /// at the rule too, so that the reader sees which use made it wrong (`what` says how it
    /// uses it, e.g. "a PREFLOP rule using"); one inside an INCLUDEd DEFINE, reported at its
    /// use, is labelled with the DEFINE's name.
    pub fn point_at_rule(
        &self,
        d: SourceDiagnostic,
        rule: &ir::Rule,
        what: &str,
    ) -> SourceDiagnostic {
        if let (Some(name), Some(_), None) = (self.define, &self.use_span, &d.label) {
            return d.with_label(format!("in `{name}`, from an INCLUDEd file"));
        }
        match (self.define, &d.span) {
            (Some(name), Some(at)) if !super::within(at, &rule.span) => {
                let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
                d.with_related(keyword, format!("{what} `{name}`"))
            }
            _ => d,
        }
    }
}

/// One thing a rule tests or computes: a condition (never a DEFINEd one: its conditions come
/// instead) or a node of a number's arithmetic (a DEFINEd number's value comes after it).
#[derive(Clone, Copy)]
pub(super) enum Item<'a> {
    Condition(&'a ir::Condition),
    Operand(&'a Operand),
}

/// Walks rules through their DEFINEs, each DEFINE's body once per key (a lint whose verdict
/// depends on the round keys by the rule's block): a DEFINE used by a hundred rules is
/// looked at, and reported, once. A DEFINE of an INCLUDEd file is reported at its first use.
#[derive(Default)]
pub(super) struct Walker {
    seen: HashSet<(usize, Option<BlockKind>)>,
}

impl Walker {
    /// Every condition and number of `rule` (its branches, reactions and raise amounts),
    /// through its DEFINEs; `key` is the rule's block for a lint that depends on it.
    pub fn rule<'a>(
        &mut self,
        rule: &'a ir::Rule,
        key: Option<BlockKind>,
        f: &mut impl FnMut(Item<'a>, &Via<'a>),
    ) {
        let top = Via::default();
        for c in super::conditions(rule) {
            self.condition(c, key, &top, f);
        }
        let actions = std::iter::once(&rule.action).chain(rule.reactions.iter().map(|r| &r.action));
        for a in actions {
            self.action(a, key, &top, f);
        }
    }

    /// The DEFINEs of the script that no walk has reached yet (unused ones, for the lints that
    /// check a DEFINE where it is written whether or not it is used).
    pub fn rest<'a>(&mut self, program: &'a ir::Program, f: &mut impl FnMut(Item<'a>, &Via<'a>)) {
        for d in &program.definitions {
            match d {
                ir::Definition::Condition(c)
                    if !c.included && !self.seen.contains(&(c.id, None)) =>
                {
                    self.seen.insert((c.id, None));
                    for cond in c.iter().flatten() {
                        self.condition(cond, None, &Via::default(), f);
                    }
                }
                ir::Definition::Number(n) if !n.included && !self.seen.contains(&(n.id, None)) => {
                    self.seen.insert((n.id, None));
                    self.operand(&n.value, None, &Via::default(), f);
                }
                _ => {}
            }
        }
    }

    fn action<'a>(
        &mut self,
        a: &'a ir::RuleAction,
        key: Option<BlockKind>,
        via: &Via<'a>,
        f: &mut impl FnMut(Item<'a>, &Via<'a>),
    ) {
        match &a.kind {
            ir::RuleActionKind::Raise(items) | ir::RuleActionKind::RaiseTo(items) => {
                for w in items {
                    self.operand(&w.amount, key, via, f);
                }
            }
            ir::RuleActionKind::Mixed(items) => {
                for w in items {
                    self.action(&w.action, key, via, f);
                }
            }
            _ => {}
        }
    }

    fn condition<'a>(
        &mut self,
        c: &'a ir::Condition,
        key: Option<BlockKind>,
        via: &Via<'a>,
        f: &mut impl FnMut(Item<'a>, &Via<'a>),
    ) {
        match &c.test {
            Test::All { name, branches, .. } => {
                if !self.seen.insert((branches.id, key)) {
                    return;
                }
                let inner = enter(via, name, branches.included, &c.span);
                for cond in branches.iter().flatten() {
                    self.condition(cond, key, &inner, f);
                }
            }
            Test::Compare { lhs, rhs, .. } => {
                f(Item::Condition(c), via);
                self.operand(lhs, key, via, f);
                self.operand(rhs, key, via, f);
            }
            _ => f(Item::Condition(c), via),
        }
    }

    fn operand<'a>(
        &mut self,
        o: &'a Operand,
        key: Option<BlockKind>,
        via: &Via<'a>,
        f: &mut impl FnMut(Item<'a>, &Via<'a>),
    ) {
        f(Item::Operand(o), via);
        match o {
            Operand::Binary { lhs, rhs, .. } => {
                self.operand(lhs, key, via, f);
                self.operand(rhs, key, via, f);
            }
            Operand::Negate(x) => self.operand(x, key, via, f),
            Operand::Defined { name, number, span } if self.seen.insert((number.id, key)) => {
                let inner = enter(via, name, number.included, span);
                self.operand(&number.value, key, &inner, f);
            }
            _ => {}
        }
    }
}

/// What is inside DEFINE `name`, used at `span` from `via`.
fn enter<'a>(via: &Via<'a>, name: &'a str, included: bool, span: &Span) -> Via<'a> {
    Via {
        define: via.define.or(Some(name)),
        use_span: via
            .use_span
            .clone()
            .or_else(|| included.then(|| span.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    /// The program of a script without errors.
    fn program(text: &str) -> ir::Program {
        let file = SourceFile::new("t.hus", text);
        let checked = crate::check::check(&file, &Default::default());
        checked.program.expect("the script has no errors")
    }

    #[test]
    fn a_define_is_walked_once_per_key_however_many_rules_use_it() {
        let p = program(
            "DEFINE wet = flushDraw, pot > 2\nFLOP\nRULE wet\n THEN CALL\nENDRULE\nRULE wet, pair\n THEN FOLD\nENDRULE\nENDFLOP\nTURN\nRULE wet\n THEN CALL\nENDRULE\nENDTURN\n",
        );
        let mut walker = Walker::default();
        let mut inside = Vec::new();
        for rule in &p.rules {
            walker.rule(rule, Some(rule.block), &mut |item, via| {
                if let (Item::Condition(c), Some(name)) = (item, via.define) {
                    inside.push((rule.block, name.to_string(), c.span.clone()));
                }
            });
        }
        // Twice on the flop (once for each round), not three times.
        let blocks: Vec<BlockKind> = inside.iter().map(|(b, _, _)| *b).collect();
        assert_eq!(
            blocks,
            [
                BlockKind::Flop,
                BlockKind::Flop,
                BlockKind::Turn,
                BlockKind::Turn
            ]
        );
        assert!(inside.iter().all(|(_, name, _)| name == "wet"));
    }

    #[test]
    fn what_an_included_define_holds_is_placed_at_its_use() {
        let via = enter(&Via::default(), "lib", true, &(10..13));
        let inner = enter(&via, "inner", false, &(40..45));
        assert_eq!(inner.define, Some("lib"));
        assert_eq!(inner.at(&(100..104)), 10..13);
        let own = enter(&Via::default(), "own", false, &(10..13));
        assert_eq!(own.at(&(100..104)), 100..104);
    }
}
