//! The checked program: what the evaluator runs. Names are resolved, card queries compiled to
//! class sets, tables loaded and validated; every node keeps its span for later messages.

use std::path::PathBuf;
use std::sync::Arc;

use crate::cards::hole::HoleClassSet;
use crate::cards::predicate::Predicate;
use crate::cards::range::VillainRange;
use crate::diag::{SourceFile, Span};
use crate::game::{Constant, Phase};
pub use crate::syntax::ast::{ArithOp, BlockKind, CmpOp};

/// A checked script, ready to decide.
#[derive(Clone, Debug)]
pub struct Program {
    /// The script's source (for spans in warnings and `--explain`).
    pub source: SourceFile,
    /// The directory relative paths (tables, external programs) are resolved against.
    pub base_dir: PathBuf,
    /// Every rule, in file order.
    pub rules: Vec<Rule>,
    /// For each phase (indexed by `Phase as usize`), the candidate rules: that phase's rules
    /// and the ALWAYS rules, pooled in file order (indices into `rules`).
    pub candidates: [Vec<usize>; 4],
    /// Every DEFINEd condition and computed number, once, by [`Shared::id`]: the rules and
    /// other definitions refer to these, so the program grows with the script's text and
    /// not with how often a DEFINE is used (reference §10).
    pub definitions: Vec<Definition>,
    /// For each definition (by [`Shared::id`]), the INCLUDEd file its spans point into;
    /// `None` for the script's own: `--explain` quotes an included DEFINE from its file.
    pub definition_files: Vec<Option<Arc<SourceFile>>>,
    /// Every use in the script of a DEFINEd range, plain number or constant (`DEFINE foldy =
    /// 0.55`), whose value the program holds in place of the name: for the lints to point at
    /// the DEFINE as well as at the use.
    pub named_uses: Vec<NamedUse>,
}

/// A use of a DEFINEd range or number that the program holds as its value (see
/// [`Program::named_uses`]).
#[derive(Clone, Debug)]
pub struct NamedUse {
    pub name: String,
    /// Where the name is used, in the script.
    pub used_at: Span,
    /// The DEFINE's body in the script (`0.55`); `None` for a DEFINE of an INCLUDEd file.
    pub body: Option<Span>,
    /// A range of hole cards (`DEFINE premium = QQ+ | AK`), not a number.
    pub range: bool,
}

/// A DEFINE's lowered body, held once and referred to by every use.
#[derive(Clone, Debug)]
pub enum Definition {
    Condition(Shared<[Vec<Condition>]>),
    Number(Shared<DefinedNumber>),
}

/// A DEFINEd number that is computed (`DEFINE half = pot / 2`), with what a walk over the
/// program needs to know of it without walking it again at every use.
#[derive(Debug)]
pub struct DefinedNumber {
    pub value: Operand,
    /// It reads a statistic over past hands (`villainVPIP`), through other DEFINEs too.
    pub reads_stats: bool,
}

/// A definition's body behind a shared pointer, with the definition's number: its slot in
/// [`Program::definitions`] and in one decision's cache of values. Its `Debug` shows only
/// the number, so a dump of the program stays as long as the script.
pub struct Shared<T: ?Sized> {
    pub id: usize,
    /// From an included file: the spans inside point into that file, so what is reported
    /// inside is reported at the use instead.
    pub included: bool,
    body: Arc<T>,
}

impl<T: ?Sized> Shared<T> {
    pub fn new(id: usize, included: bool, body: Arc<T>) -> Self {
        Shared { id, included, body }
    }
}

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared {
            id: self.id,
            included: self.included,
            body: self.body.clone(),
        }
    }
}

impl<T: ?Sized> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.body
    }
}

impl<T: ?Sized> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "definition #{}", self.id)
    }
}

impl Program {
    /// Whether a condition or an amount reads a statistic over past hands (`villainVPIP`).
    pub fn reads_stats(&self) -> bool {
        // Each definition is looked into once (`seen`), so the walk is linear.
        let mut seen = vec![false; self.definitions.len()];
        let mut condition = |c: &Condition| condition_reads_stats(c, &mut seen);
        fn action(a: &RuleAction) -> bool {
            match &a.kind {
                RuleActionKind::Raise(items) | RuleActionKind::RaiseTo(items) => {
                    items.iter().any(|w| w.amount.reads_stats())
                }
                RuleActionKind::Mixed(items) => items.iter().any(|w| action(&w.action)),
                _ => false,
            }
        }
        self.rules.iter().any(|r| {
            let branches =
                std::iter::once(&r.branches).chain(r.reactions.iter().map(|x| &x.branches));
            branches
                .flatten()
                .any(|b| b.conditions.iter().any(&mut condition))
                || action(&r.action)
                || r.reactions.iter().any(|x| action(&x.action))
        })
    }

    /// The program's rules as text, without a span or a line number: two programs of the
    /// same shape decide alike in every game state (used to show that a reformatted script
    /// is the same program). Each definition is written once, after the rules.
    pub fn shape(&self) -> String {
        let mut dump = format!("{:#?}\n{:?}", self.rules, self.candidates);
        for d in &self.definitions {
            let body = match d {
                Definition::Condition(c) => format!("{:#?}", &**c),
                Definition::Number(n) => format!("{:#?}", n.value),
            };
            dump.push_str(&format!("\n{d:?}: {body}"));
        }
        dump.lines()
            .filter(|l| {
                let field = l.trim_start();
                !(field.starts_with("span: ") || field.starts_with("line: "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The number of nodes of the program (rules, conditions, values, actions), each
    /// definition counted once: a measure of its size that grows with the script's text.
    pub fn size(&self) -> usize {
        fn operand(op: &Operand) -> usize {
            match op {
                Operand::Binary { lhs, rhs, .. } => 1 + operand(lhs) + operand(rhs),
                Operand::Negate(x) => 1 + operand(x),
                _ => 1,
            }
        }
        fn condition(c: &Condition) -> usize {
            match &c.test {
                Test::Compare { lhs, rhs, .. } => 1 + operand(lhs) + operand(rhs),
                _ => 1,
            }
        }
        fn action(a: &RuleAction) -> usize {
            1 + match &a.kind {
                RuleActionKind::Raise(items) | RuleActionKind::RaiseTo(items) => {
                    items.iter().map(|w| operand(&w.amount)).sum()
                }
                RuleActionKind::Mixed(items) => items.iter().map(|w| action(&w.action)).sum(),
                _ => 0,
            }
        }
        let branches = |bs: &[Branch]| -> usize {
            bs.iter()
                .map(|b| 1 + b.conditions.iter().map(condition).sum::<usize>())
                .sum()
        };
        let rules: usize = self
            .rules
            .iter()
            .map(|r| {
                1 + branches(&r.branches)
                    + action(&r.action)
                    + r.reactions
                        .iter()
                        .map(|x| 1 + branches(&x.branches) + action(&x.action))
                        .sum::<usize>()
            })
            .sum();
        let definitions: usize = self
            .definitions
            .iter()
            .map(|d| match d {
                Definition::Condition(bs) => bs
                    .iter()
                    .map(|b| 1 + b.iter().map(condition).sum::<usize>())
                    .sum(),
                Definition::Number(n) => operand(&n.value),
            })
            .sum();
        rules + definitions
    }

    pub fn candidates(&self, phase: Phase) -> impl Iterator<Item = &Rule> {
        self.candidates[phase as usize]
            .iter()
            .map(move |&i| &self.rules[i])
    }
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub span: Span,
    /// 1-based line of the `RULE` keyword.
    pub line: usize,
    pub block: BlockKind,
    pub priority: i64,
    /// Empty: the rule always holds.
    pub branches: Vec<Branch>,
    pub action: RuleAction,
    pub reactions: Vec<Reaction>,
}

#[derive(Clone, Debug)]
pub struct Reaction {
    pub span: Span,
    pub line: usize,
    /// Empty: always holds.
    pub branches: Vec<Branch>,
    pub action: RuleAction,
}

#[derive(Clone, Debug)]
pub struct Branch {
    pub span: Span,
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug)]
pub struct Condition {
    pub test: Test,
    pub span: Span,
}

#[derive(Clone, Debug)]
// An explicit one-byte tag: the rule loop tells a card test from a comparison with one
// compare, not by decoding a niche in the operands' fields.
#[repr(u8)]
pub enum Test {
    /// A card query on the hole cards.
    Cards {
        classes: HoleClassSet,
        negated: bool,
    },
    Predicate {
        predicate: Predicate,
        negated: bool,
    },
    Compare {
        lhs: Operand,
        op: CmpOp,
        rhs: Operand,
    },
    /// Holds when the program's number is not 0.
    External(ExternalCommand),
    /// A `DEFINE`d condition: one of its branches holds, each a list of conditions that
    /// must all hold (negated: none of the branches holds).
    All {
        name: String,
        branches: Shared<[Vec<Condition>]>,
        negated: bool,
    },
}

/// Whether a condition reads a statistic over past hands; `seen` marks the definitions
/// already looked into (and found not to).
fn condition_reads_stats(c: &Condition, seen: &mut [bool]) -> bool {
    match &c.test {
        Test::Compare { lhs, rhs, .. } => lhs.reads_stats() || rhs.reads_stats(),
        Test::All { branches, .. } => {
            if std::mem::replace(&mut seen[branches.id], true) {
                return false;
            }
            branches
                .iter()
                .flatten()
                .any(|c| condition_reads_stats(c, seen))
        }
        _ => false,
    }
}

/// A number in a comparison or a raise amount.
#[derive(Clone, Debug)]
// An explicit one-byte tag: a comparison tells a number from a constant with one compare.
#[repr(u8)]
pub enum Operand {
    Number(f64),
    /// `factor × constant` (`BB` has factor 1, `3 villainStack` factor 3).
    Constant {
        factor: f64,
        constant: Constant,
        span: Span,
    },
    External(ExternalCommand),
    /// `lhs op rhs`; a division by zero (or any result that is not a finite number) makes
    /// the value undefined.
    Binary {
        op: ArithOp,
        lhs: Box<Operand>,
        rhs: Box<Operand>,
        span: Span,
    },
    /// `-x`.
    Negate(Box<Operand>),
    /// A DEFINEd number that is computed, used at `span`.
    Defined {
        name: String,
        number: Shared<DefinedNumber>,
        span: Span,
    },
    /// `equityVs(RANGE)` and its family: a strength against a range (reference §12.8).
    Versus {
        measure: VsMeasure,
        /// Boxed: a range holds a weight for each of the 169 classes, and every operand
        /// (every comparison of every rule) would otherwise be that large.
        range: Box<VillainRange>,
        span: Span,
    },
}

/// What a `...Vs(RANGE)` word measures against the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VsMeasure {
    Equity,
    Ppot,
    Npot,
    HandStrength,
}

impl VsMeasure {
    pub const ALL: [(&'static str, VsMeasure); 4] = [
        ("equityVs", VsMeasure::Equity),
        ("ppotVs", VsMeasure::Ppot),
        ("npotVs", VsMeasure::Npot),
        ("handStrengthVs", VsMeasure::HandStrength),
    ];

    /// The word's measure, by its name in any case.
    pub fn from_name(name: &str) -> Option<VsMeasure> {
        VsMeasure::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, m)| m)
    }
}

impl Operand {
    /// The leaves of the operand's arithmetic (numbers, constants, external programs, DEFINEd
    /// numbers, which are not looked into), left to right; the operand itself when it has no
    /// arithmetic.
    pub fn leaves<'o>(&'o self, f: &mut impl FnMut(&'o Operand)) {
        match self {
            Operand::Binary { lhs, rhs, .. } => {
                lhs.leaves(f);
                rhs.leaves(f);
            }
            Operand::Negate(x) => x.leaves(f),
            _ => f(self),
        }
    }

    /// Whether the operand reads a statistic over past hands (`villainVPIP`).
    pub fn reads_stats(&self) -> bool {
        let mut found = false;
        self.leaves(&mut |leaf| {
            found |= match leaf {
                Operand::Constant { constant, .. } => constant.is_opponent(),
                Operand::Defined { number, .. } => number.reads_stats,
                _ => false,
            }
        });
        found
    }

    /// The number when the operand is one (after constant folding).
    pub fn number(&self) -> Option<f64> {
        match self {
            Operand::Number(x) => Some(*x),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct RuleAction {
    pub kind: RuleActionKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
// An explicit one-byte tag: the chosen action is told apart with one compare.
#[repr(u8)]
pub enum RuleActionKind {
    /// A rule with only VILLAIN reactions: nothing before the villain acts.
    Nothing,
    Fold,
    Check,
    Call,
    /// Never empty; weights are positive.
    Raise(Vec<WeightedAmount>),
    /// `RAISETO`: the amounts are the hero's total in the round after the raise.
    RaiseTo(Vec<WeightedAmount>),
    /// A mixed strategy: one action drawn by weight (never itself mixed).
    Mixed(Vec<WeightedAction>),
    Table(Arc<ActionTable>),
    External(ExternalCommand),
}

#[derive(Clone, Debug)]
pub struct WeightedAction {
    pub weight: f64,
    pub action: RuleAction,
}

#[derive(Clone, Debug)]
pub struct WeightedAmount {
    pub weight: f64,
    pub amount: Operand,
    /// The item as written (for the draw's report).
    pub span: Span,
}

/// A 13x13 action table (reference §5), one cell per hole-card class.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionTable {
    pub path: PathBuf,
    /// Indexed by [`crate::cards::hole::HoleClass::index`].
    pub cells: Vec<TableCell>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TableCell {
    /// `F`
    Fold,
    /// `C`: a call, a check when nothing is owed.
    Call,
    /// `X` (extension)
    Check,
    /// `R<x>`: raise by x big blinds.
    Raise(f64),
    /// `A` (extension): all in.
    AllIn,
}

/// The text of an `external "..."` command, escapes resolved.
#[derive(Clone, Debug)]
pub struct ExternalCommand {
    pub text: String,
    pub span: Span,
}
