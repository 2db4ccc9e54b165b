//! The checked program: what the evaluator runs. Names are resolved, card queries compiled to
//! class sets, tables loaded and validated; every node keeps its span for later messages.

use std::path::PathBuf;
use std::sync::Arc;

use crate::cards::hole::HoleClassSet;
use crate::cards::predicate::Predicate;
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
}

impl Program {
    /// Whether a condition or an amount reads a statistic over past hands (`villainVPIP`).
    pub fn reads_stats(&self) -> bool {
        fn condition(c: &Condition) -> bool {
            match &c.test {
                Test::Compare { lhs, rhs, .. } => lhs.reads_stats() || rhs.reads_stats(),
                Test::All { branches, .. } => branches.iter().flatten().any(condition),
                _ => false,
            }
        }
        fn action(a: &Action) -> bool {
            match &a.kind {
                ActionKind::Raise(items) | ActionKind::RaiseTo(items) => {
                    items.iter().any(|w| w.amount.reads_stats())
                }
                ActionKind::Mixed(items) => items.iter().any(|w| action(&w.action)),
                _ => false,
            }
        }
        self.rules.iter().any(|r| {
            let branches =
                std::iter::once(&r.branches).chain(r.reactions.iter().map(|x| &x.branches));
            branches
                .flatten()
                .any(|b| b.conditions.iter().any(condition))
                || action(&r.action)
                || r.reactions.iter().any(|x| action(&x.action))
        })
    }

    /// The program's rules as text, without a span or a line number: two programs of the
    /// same shape decide alike in every game state (used to show that a reformatted script
    /// is the same program).
    pub fn shape(&self) -> String {
        let dump = format!("{:#?}\n{:?}", self.rules, self.candidates);
        dump.lines()
            .filter(|l| {
                let field = l.trim_start();
                !(field.starts_with("span: ") || field.starts_with("line: "))
            })
            .collect::<Vec<_>>()
            .join("\n")
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
    pub action: Action,
    pub reactions: Vec<Reaction>,
}

#[derive(Clone, Debug)]
pub struct Reaction {
    pub span: Span,
    pub line: usize,
    /// Empty: always holds.
    pub branches: Vec<Branch>,
    pub action: Action,
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
        branches: Arc<[Vec<Condition>]>,
        negated: bool,
    },
}

/// A number in a comparison or a raise amount.
#[derive(Clone, Debug)]
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
    /// `equityVs(RANGE)` and its family: a strength against a range (reference §12.8).
    Versus {
        measure: VsMeasure,
        range: HoleClassSet,
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
    /// The leaves of the operand's arithmetic (numbers, constants, external programs), left
    /// to right; the operand itself when it has no arithmetic.
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
            found |= matches!(leaf, Operand::Constant { constant, .. } if constant.is_opponent())
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
pub struct Action {
    pub kind: ActionKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ActionKind {
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
    pub action: Action,
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
