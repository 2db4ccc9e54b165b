//! The syntax tree: what was written, with a byte span on every node. Names are not yet
//! resolved (that is [`crate::check`]'s job), so the tree can hold any script that parses.

use crate::diag::Span;

/// A whole script: its blocks in file order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Script {
    pub blocks: Vec<Block>,
}

/// Which block a rule sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    Preflop,
    Flop,
    Turn,
    River,
    Always,
}

impl BlockKind {
    /// The keyword that opens the block (its text comes from the lexer's keyword table).
    pub fn keyword(self) -> &'static str {
        use super::lexer::Tok;
        match self {
            BlockKind::Preflop => Tok::Preflop,
            BlockKind::Flop => Tok::Flop,
            BlockKind::Turn => Tok::Turn,
            BlockKind::River => Tok::River,
            BlockKind::Always => Tok::Always,
        }
        .text()
    }
}

/// `PREFLOP ... ENDPREFLOP`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub kind: BlockKind,
    /// The opening keyword.
    pub open_span: Span,
    pub rules: Vec<Rule>,
    /// The whole block, opening keyword to END word.
    pub span: Span,
}

/// `RULE [PRIORITY n] branches THEN action reactions ENDRULE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// `RULE` to `ENDRULE`.
    pub span: Span,
    /// The `RULE` keyword.
    pub keyword_span: Span,
    pub priority: Option<(i64, Span)>,
    /// No branch: the rule always holds (extension).
    pub branches: Vec<Branch>,
    pub action: Action,
    pub reactions: Vec<Reaction>,
}

/// `VILLAIN branches THEN action ENDVILLAIN`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reaction {
    pub span: Span,
    pub branches: Vec<Branch>,
    pub action: Action,
}

/// One line of comma-separated conditions, all of which must hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch {
    pub span: Span,
    pub conditions: Vec<Condition>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    pub kind: ConditionKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ConditionKind {
    /// A card query token as written (`Q8s+`, `99`, `A2s-A5s`), maybe negated; `text_span`
    /// is the query's own span (without the `!`).
    Query {
        negated: bool,
        text: String,
        text_span: Span,
    },
    /// A bare name: a predicate, or a mistake (a constant used as a condition), maybe negated;
    /// `name_span` is the name's own span (without the `!`).
    Name {
        negated: bool,
        name: String,
        name_span: Span,
    },
    /// `value OP value`.
    Compare {
        lhs: Value,
        op: CmpOp,
        op_span: Span,
        rhs: Value,
    },
    /// `external "..."` alone: holds when the number it prints is not 0.
    External(External),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    /// The operator with its sides swapped: `a < b` is `b > a`.
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            CmpOp::Eq => CmpOp::Eq,
            CmpOp::Ne => CmpOp::Ne,
        }
    }
}

/// Absolute tolerance of `==` and `!=` in a script's comparisons (`potOdds == 0.25`); the
/// checker's lints and the evaluator both compare through [`CmpOp::holds`].
pub const COMPARISON_TOLERANCE: f64 = 1e-9;

impl CmpOp {
    /// Whether `l op r` holds, `==` and `!=` within [`COMPARISON_TOLERANCE`].
    pub fn holds(self, l: f64, r: f64) -> bool {
        match self {
            CmpOp::Lt => l < r,
            CmpOp::Le => l <= r,
            CmpOp::Gt => l > r,
            CmpOp::Ge => l >= r,
            CmpOp::Eq => (l - r).abs() <= COMPARISON_TOLERANCE,
            CmpOp::Ne => (l - r).abs() > COMPARISON_TOLERANCE,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub kind: ValueKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ValueKind {
    /// `40`, `0.5`.
    Number(f64),
    /// `pot`, `BB` (a factor of 1).
    Name(String),
    /// `3 villainStack`, `4BB`, `0.5 pot`.
    Product {
        factor: f64,
        name: String,
        name_span: Span,
    },
    External(External),
}

/// `external "command text"`; `command` holds the string with its escapes resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct External {
    pub command: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Action {
    pub kind: ActionKind,
    /// From `THEN` to the end of the action.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ActionKind {
    /// No THEN action: a rule with only VILLAIN reactions, which gives nothing until the
    /// villain has acted (reference §4).
    Nothing,
    Fold,
    Check,
    Call,
    /// `RAISE 3BB`, `RAISE 0.25 2BB, 0.5 4BB`, `RAISE allIn`. Never empty once parsed.
    Raise(Vec<RaiseItem>),
    /// `USE TABLE path`: the path as written (relative to the script's directory).
    UseTable {
        path: String,
        path_span: Span,
    },
    External(External),
}

/// One item of a RAISE list: `NUM NUM constant` = weight + product, `NUM NUM` = weight +
/// amount, `NUM constant` = product (never weight + constant), a lone value = weight 1.
#[derive(Clone, Debug, PartialEq)]
pub struct RaiseItem {
    pub weight: Option<(f64, Span)>,
    pub amount: Value,
    pub span: Span,
}
