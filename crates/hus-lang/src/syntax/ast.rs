//! The syntax tree: what was written, with a byte span on every node. Names are not yet
//! resolved (that is [`mod@crate::check`]'s job), so the tree can hold any script that parses.

use crate::diag::Span;

/// A whole script: its blocks, named symbols and included files, each in file order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Script {
    pub blocks: Vec<Block>,
    pub defines: Vec<Define>,
    pub includes: Vec<Include>,
}

/// `DEFINE name = body` (reference §12.2): a named condition (`flushDraw, ppot > 0.3`), range
/// (`QQ+ | AK`) or number (`3BB`, `pot / 2`), read by what the body is.
#[derive(Clone, Debug, PartialEq)]
pub struct Define {
    pub name: String,
    pub name_span: Span,
    /// `DEFINE name = a, b`: one branch; `DEFINE name` ⏎ lines ⏎ `ENDDEFINE`: one branch a
    /// line (one must hold). One bare value makes the symbol a number.
    pub body: Vec<Branch>,
    /// `TUNE low..high` after a number: the range a tuner may search (the default plays).
    pub tune: Option<Box<Tune>>,
    /// `DEFINE` to the end of the body.
    pub span: Span,
}

/// `TUNE low..high` (reference §12.2): the bounds as written, checked by `hus check`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tune {
    pub low: Value,
    pub high: Value,
    /// `TUNE` to the end of the high bound.
    pub span: Span,
}

/// `INCLUDE "file.hus"`: the path as written, relative to the including script.
#[derive(Clone, Debug, PartialEq)]
pub struct Include {
    pub path: String,
    pub path_span: Span,
    pub span: Span,
}

/// A top-level item, as the grammar reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Block(Block),
    Define(Define),
    Include(Include),
}

impl Script {
    /// Sorts items into their lists, keeping file order within each.
    pub fn from_items(items: Vec<Item>) -> Script {
        let mut s = Script::default();
        for item in items {
            match item {
                Item::Block(b) => s.blocks.push(b),
                Item::Define(d) => s.defines.push(d),
                Item::Include(i) => s.includes.push(i),
            }
        }
        s
    }
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
    pub action: ThenAction,
    pub reactions: Vec<Reaction>,
}

/// `VILLAIN branches THEN action ENDVILLAIN`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reaction {
    pub span: Span,
    pub branches: Vec<Branch>,
    pub action: ThenAction,
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
    /// `value OP value` (the values boxed: this variant would otherwise make every
    /// condition, and every parser stack slot, twice the size).
    Compare {
        lhs: Box<Value>,
        op: CmpOp,
        op_span: Span,
        rhs: Box<Value>,
    },
    /// `external "..."` alone: holds when the number it prints is not 0.
    External(External),
    /// A union, `QQ+ | AK | premium` or `potOdds <= 0.25 | (pair | flushDraw)` (at least two
    /// items, or one weighted class).
    Range(Vec<RangeItem>),
    /// `r WITH topPair+ | r:0.3 WITH flushDraw` as a DEFINE's body: ranges narrowed by the
    /// board, for the strength words (reference §12.9).
    Narrowed(Narrowing),
    /// `topPair+` outside a `WITH`: the word of a filter DEFINE (`DEFINE bets = pair+ |
    /// flushDraw`), an error anywhere else.
    OrBetter { name: String, name_span: Span },
    /// A value that is not a condition (`3BB`, `pot / 2`): an error in a rule, the number a
    /// `DEFINE` names.
    Value(Value),
}

/// One member of a union: a card query, a name (a DEFINE or a predicate), or any other
/// condition (`potOdds <= 0.25`, `!pair`, `(pair | flushDraw)`), held in `condition`.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeItem {
    /// The query or name; for a condition, its text as written.
    pub text: String,
    /// The query or name, without its weight.
    pub span: Span,
    pub is_name: bool,
    /// `AKo:0.5`: the weight as written and its span (reference §12.9).
    pub weight: Option<(f64, Span)>,
    /// A condition that is neither a card query nor a name (reference §12.3).
    pub condition: Option<Box<Condition>>,
}

/// A range and the `WITH` filters after it, as written: `a | b WITH topPair+ | c:0.3 WITH
/// flushDraw`. Which words after a `WITH` are hand words and which start the next range is
/// the checker's to tell (a name may be a DEFINEd range or filter).
#[derive(Clone, Debug, PartialEq)]
pub struct Narrowing {
    pub range: Vec<RangeItem>,
    /// Each `WITH`'s span and what follows it, up to the next `WITH` or the end.
    pub withs: Vec<(Span, Filter)>,
}

/// After `WITH`: alternatives joined by `|`, each a list of words joined by `,`.
pub type Filter = Vec<Vec<WithWord>>;

/// A word after `WITH`: a hand word (`topPair+`, `!flushDraw`, a DEFINEd filter), or a range
/// item that starts the next narrowed part (`AK:0.5`, `r`).
#[derive(Clone, Debug, PartialEq)]
pub struct WithWord {
    pub name: String,
    pub name_span: Span,
    pub negated: bool,
    /// `topPair+`: this made-hand category or a better one.
    pub or_better: bool,
    pub span: Span,
    /// A card query (`AK`, `22`), not a name.
    pub is_query: bool,
    /// `r:0.3`: a range item's weight and its span.
    pub weight: Option<(f64, Span)>,
}

impl WithWord {
    /// The word as a range item, when it could be one (no `!`, no `+`).
    pub fn as_range_item(&self) -> Option<RangeItem> {
        (!self.negated && !self.or_better).then(|| RangeItem {
            text: self.name.clone(),
            span: self.name_span.clone(),
            is_name: !self.is_query,
            weight: self.weight.clone(),
            condition: None,
        })
    }
}

/// `+ - * /` in a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl ArithOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
        }
    }

    /// `l op r` in floating point: a division by zero gives an infinity or NaN, which the
    /// evaluator reads as undefined.
    pub fn apply(self, l: f64, r: f64) -> f64 {
        match self {
            ArithOp::Add => l + r,
            ArithOp::Sub => l - r,
            ArithOp::Mul => l * r,
            ArithOp::Div => l / r,
        }
    }
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
    /// `a + b`, `pot / 2`, `(a - b) * c`.
    Binary {
        op: ArithOp,
        lhs: Box<Value>,
        rhs: Box<Value>,
    },
    /// `-x`.
    Negate(Box<Value>),
    /// `equityVs(QQ+ | AK)`: a strength word applied to a range.
    Versus {
        word: String,
        word_span: Span,
        /// The range, maybe narrowed: `QQ+ | AK`, `r WITH topPair+ | r:0.3 WITH flushDraw`.
        range: Narrowing,
    },
}

/// `external "command text"`; `command` holds the string with its escapes resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct External {
    pub command: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ThenAction {
    pub kind: ThenActionKind,
    /// From `THEN` to the end of the action.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ThenActionKind {
    /// No THEN action: a rule with only VILLAIN reactions, which gives nothing until the
    /// villain has acted (reference §4).
    Nothing,
    Fold,
    Check,
    Call,
    /// `RAISE 3BB`, `RAISE 0.25 2BB, 0.5 4BB`, `RAISE allIn`. Never empty once parsed.
    Raise(Vec<RaiseItem>),
    /// `RAISETO 9BB`: the hero's total in the round after the raise. Never empty.
    RaiseTo(Vec<RaiseItem>),
    /// `0.7 CALL, 0.3 RAISE 3BB`: weights over actions (each a fold, check, call or
    /// single-amount raise), one drawn.
    Mixed(Vec<MixedItem>),
    /// `USE TABLE path`: the path as written (relative to the script's directory).
    UseTable {
        path: String,
        path_span: Span,
    },
    External(External),
}

/// One weighted action of a mixed strategy.
#[derive(Clone, Debug, PartialEq)]
pub struct MixedItem {
    pub weight: (f64, Span),
    pub action: ThenAction,
}

/// One item of a RAISE list: `NUM NUM constant` = weight + product, `NUM NUM` = weight +
/// amount, `NUM constant` = product (never weight + constant), a lone value = weight 1.
#[derive(Clone, Debug, PartialEq)]
pub struct RaiseItem {
    pub weight: Option<(f64, Span)>,
    pub amount: Value,
    pub span: Span,
}
