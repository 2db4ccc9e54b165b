//! The values of one decision: the predicate cache, constants computed on demand (`random`,
//! the hand-strength family) and external programs, all at most once per decision.

use rand::{Rng, RngExt};
use std::cell::Cell;

use super::ErrorKind;
use crate::cards::hole::HoleClass;
use crate::cards::predicate::{batched, Predicate, PredicateSet, BATCHED_MASK};
use crate::cards::range::VillainRange;
use crate::cards::CardSet;
use crate::diag::Span;
use crate::external::{self, ExternalPolicy, Placeholders};
use crate::game::{Constant, GameState};
use crate::ir::{CmpOp, Condition, ExternalCommand, Operand, Program, Test, VsMeasure};
use crate::strength;

/// Absolute tolerance of `==` and `!=` in a script's comparisons.
pub use crate::syntax::ast::COMPARISON_TOLERANCE as TOLERANCE;

/// What testing a condition found: whether it holds, and the numbers it compared (for the
/// trace; no allocation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub holds: bool,
    /// `Compare`: both sides; `External`: the number (in `.0`).
    pub values: Option<(f64, f64)>,
}

/// Everything one decision computes lazily.
pub struct Context<'a, R: Rng + ?Sized> {
    pub program: &'a Program,
    pub state: &'a GameState,
    pub rng: &'a mut R,
    pub policy: &'a ExternalPolicy,
    pub board: CardSet,
    /// The hero's hole class, as its table index ([`HoleClass::index`]): read by every card
    /// test of the decision.
    pub class_index: usize,
    /// Predicate `p` (as `p as usize`) computed; its value in `pred_value`.
    pred_known: PredicateSet,
    pred_value: PredicateSet,
    random: Option<f64>,
    hand_strength: Option<f64>,
    equity: Option<f64>,
    potentials: Option<(f64, f64)>,
    /// An opponent statistic was read and the game state gives none.
    pub stats_missing: bool,
    /// Conditions, arithmetic and definitions evaluated out of line: a measure of a
    /// decision's work that does not depend on the machine.
    pub steps: u64,
    /// What only some decisions need (DEFINEs, ranges, external programs, undefined values),
    /// behind one pointer taken on first use: a decision that needs none of it starts and
    /// ends without touching it.
    rare: Option<Box<Rare>>,
}

/// A range's strengths computed in one decision: the hand strength family, and the equity.
type Versus = (VillainRange, Option<strength::VsStrength>, Option<f64>);

/// The caches of a decision that only some decisions use.
#[derive(Default)]
struct Rare {
    /// The numbers condition programs printed, by command text: the same command in several
    /// conditions runs once, so every rule sees the same value (and a slow program runs once).
    external_numbers: Vec<(String, f64)>,
    /// Where a value was undefined (a division by zero), each place once.
    undefined: Vec<Span>,
    /// Each definition's value in this decision, by id, once computed: a DEFINE used many
    /// times (or through many others) is evaluated once (reference §10).
    defined: Vec<Defined>,
    /// Inside a definition from an included file: where it is used in the script, the
    /// place for whatever is reported inside it.
    at_use: Option<Span>,
    /// Strengths against ranges computed in this decision, by range (reference §12.8).
    versus: Vec<Versus>,
    /// Where a strength against a range was undefined (no holding left), and whether the
    /// range had a `WITH` filter (which the warning then names).
    versus_undefined: Vec<(Span, bool)>,
}

impl Rare {
    /// Empties every cache, keeping its room for the thread's next decision.
    fn clear(&mut self) {
        self.external_numbers.clear();
        self.undefined.clear();
        self.defined.clear();
        self.at_use = None;
        self.versus.clear();
        self.versus_undefined.clear();
    }
}

thread_local! {
    /// The rare caches of the thread's last decision that used them, emptied, for its next:
    /// a decision that uses DEFINEs or ranges allocates nothing once warm.
    static SPARE: Cell<Option<Box<Rare>>> = const { Cell::new(None) };
}

impl<R: Rng + ?Sized> Drop for Context<'_, R> {
    #[inline]
    fn drop(&mut self) {
        if let Some(rare) = self.rare.take() {
            give_back(rare);
        }
    }
}

/// The thread's spare rare caches (empty, with their room), or new ones.
#[cold]
fn spare() -> Box<Rare> {
    SPARE
        .try_with(Cell::take)
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Gives used rare caches back, emptied, for the thread's next decision (during the
/// thread's end they are simply dropped).
#[cold]
fn give_back(mut rare: Box<Rare>) {
    rare.clear();
    let _ = SPARE.try_with(|c| c.set(Some(rare)));
}

/// What a decision computed that depends on the state alone (never on `random` nor on a
/// choice): the hero's strengths, against ranges too. `hus chart` decides one state at each
/// of 100 values of `random`, and hands these from one decision to the next.
#[derive(Default)]
pub struct Kept {
    hand_strength: Option<f64>,
    equity: Option<f64>,
    potentials: Option<(f64, f64)>,
    versus: Vec<Versus>,
}

thread_local! {
    /// Strengths against a range computed on this thread, for the counting tests of [`Kept`]
    /// (the chart's test lives in the front door, another crate, so it is always counted: one
    /// increment beside an enumeration of a range).
    #[doc(hidden)]
    pub static VERSUS_COMPUTED: Cell<usize> = const { Cell::new(0) };
}

/// A definition's value in one decision.
#[derive(Clone, Copy, PartialEq)]
enum Defined {
    Unknown,
    Number(f64),
    /// Whether one of its branches holds (before a `!`).
    Holds(bool),
}

impl<'a, R: Rng + ?Sized> Context<'a, R> {
    pub fn new(
        program: &'a Program,
        state: &'a GameState,
        rng: &'a mut R,
        policy: &'a ExternalPolicy,
    ) -> Self {
        let [a, b] = state.hero_cards();
        Context {
            program,
            state,
            rng,
            policy,
            board: state.board(),
            class_index: HoleClass::index_of(a, b),
            pred_known: PredicateSet::EMPTY,
            pred_value: PredicateSet::EMPTY,
            random: None,
            hand_strength: None,
            equity: None,
            potentials: None,
            stats_missing: false,
            steps: 0,
            rare: None,
        }
    }

    /// Starts from what an earlier decision of the same state computed.
    pub fn restore(&mut self, kept: Kept) {
        self.hand_strength = kept.hand_strength;
        self.equity = kept.equity;
        self.potentials = kept.potentials;
        if !kept.versus.is_empty() {
            self.rare().versus = kept.versus;
        }
    }

    /// What this decision computed that the next decision of the same state may use.
    pub fn keep(&mut self) -> Kept {
        Kept {
            hand_strength: self.hand_strength,
            equity: self.equity,
            potentials: self.potentials,
            versus: self
                .rare
                .as_mut()
                .map(|r| std::mem::take(&mut r.versus))
                .unwrap_or_default(),
        }
    }

    /// The hero's hole class (for the trace and messages).
    pub fn class(&self) -> HoleClass {
        HoleClass::from_index(self.class_index)
    }

    /// The hero's two cards as a set, built where a card predicate or a strength reads it:
    /// most decisions read neither.
    #[inline]
    fn hole(&self) -> CardSet {
        self.state.hole()
    }

    /// The rare caches, taken on first use.
    #[inline]
    fn rare(&mut self) -> &mut Rare {
        self.rare.get_or_insert_with(spare)
    }

    /// Takes the places where a value was undefined: (where, from a range with a `WITH`
    /// filter) for strengths against ranges, and the other places.
    pub fn take_undefined(&mut self) -> (Vec<(Span, bool)>, Vec<Span>) {
        match &mut self.rare {
            Some(r) => (
                std::mem::take(&mut r.versus_undefined),
                std::mem::take(&mut r.undefined),
            ),
            None => (Vec::new(), Vec::new()),
        }
    }

    /// The value of definition `id` in this decision, if computed.
    fn cached(&mut self, id: usize) -> Defined {
        let count = self.program.definitions.len();
        let defined = &mut self.rare().defined;
        if defined.len() <= id {
            defined.resize(count.max(id + 1), Defined::Unknown);
        }
        defined[id]
    }

    /// Evaluates a definition's body once: `body` computes it; a definition from an included
    /// file is evaluated with its use as the place of anything reported inside it.
    fn define_once(
        &mut self,
        id: usize,
        included: bool,
        use_span: &Span,
        body: impl FnOnce(&mut Self) -> Result<Defined, ErrorKind>,
    ) -> Result<Defined, ErrorKind> {
        let known = self.cached(id);
        if known != Defined::Unknown {
            return Ok(known);
        }
        self.steps += 1;
        let moved = included && self.rare().at_use.is_none();
        if moved {
            self.rare().at_use = Some(use_span.clone());
        }
        let value = body(self);
        if moved {
            self.rare().at_use = None;
        }
        let value = value.map_err(|e| moved_error(e, moved.then_some(use_span)))?;
        self.rare().defined[id] = value;
        Ok(value)
    }

    /// A predicate's value, computed at most once per decision (thesis 5.1).
    #[inline]
    pub fn predicate(&mut self, p: Predicate) -> bool {
        if !self.pred_known.contains(p as usize) {
            self.compute_predicate(p);
        }
        self.pred_value.contains(p as usize)
    }

    /// Computes a predicate into the cache: out of line, so the cached case stays small. The
    /// betting state answers the betting predicates, the cards the others.
    #[inline(never)]
    fn compute_predicate(&mut self, p: Predicate) {
        if BATCHED_MASK.contains(p as usize) {
            // None of them is known yet: they are known together.
            self.pred_known |= BATCHED_MASK;
            self.pred_value |= batched(self.hole(), self.board);
            return;
        }
        self.pred_known.insert(p as usize);
        let holds = match self.state.derived().betting_predicate(p) {
            Some(holds) => holds,
            None => p.holds(self.hole(), self.board),
        };
        if holds {
            self.pred_value.insert(p as usize);
        }
    }

    /// Whether the decision read the constant `random`: its answer may depend on the seed.
    pub fn read_random(&self) -> bool {
        self.random.is_some()
    }

    /// A constant's value. Game constants come from the state; `random` and the hand-strength
    /// family are computed on first use and kept for the rest of the decision.
    pub fn constant(&mut self, c: &Constant) -> Result<f64, ErrorKind> {
        Ok(match c {
            Constant::Random => match self.random {
                Some(x) => x,
                None => {
                    let x: f64 = self.rng.random();
                    self.random = Some(x);
                    x
                }
            },
            Constant::HandStrength => self.hand_strength(),
            Constant::Equity => match self.equity {
                Some(x) => x,
                None => {
                    let x = strength::equity(self.hole(), self.board);
                    self.equity = Some(x);
                    x
                }
            },
            Constant::Ppot => self.potentials().0,
            Constant::Npot => self.potentials().1,
            Constant::Ehs => {
                let hs = self.hand_strength();
                strength::ehs(hs, self.potentials().0)
            }
            c if c.is_opponent() && self.state.record().stats.is_none() => {
                self.stats_missing = true;
                f64::NAN
            }
            _ => self
                .state
                .constant(c)
                .ok_or_else(|| ErrorKind::MissingConstant {
                    name: c.name(),
                    span: None,
                })?,
        })
    }

    fn hand_strength(&mut self) -> f64 {
        let (hole, board) = (self.hole(), self.board);
        *self
            .hand_strength
            .get_or_insert_with(|| strength::hand_strength(hole, board))
    }

    fn potentials(&mut self) -> (f64, f64) {
        let (hole, board) = (self.hole(), self.board);
        *self
            .potentials
            .get_or_insert_with(|| strength::potentials(hole, board))
    }

    /// The value of a number in a comparison or a raise.
    #[inline]
    pub fn operand(&mut self, op: &Operand) -> Result<f64, ErrorKind> {
        match op {
            Operand::Number(x) => Ok(*x),
            Operand::Constant {
                factor,
                constant,
                span,
            } => match self.constant(constant) {
                Ok(v) => Ok(factor * v),
                Err(ErrorKind::MissingConstant { name, .. }) => Err(ErrorKind::MissingConstant {
                    name,
                    span: Some(span.clone()),
                }),
                Err(e) => Err(e),
            },
            Operand::External(cmd) => self.external_number(cmd),
            _ => self.arithmetic(op),
        }
    }

    /// `a op b` and `-x`: out of line, so the common operands above stay inlined.
    #[inline(never)]
    fn arithmetic(&mut self, op: &Operand) -> Result<f64, ErrorKind> {
        self.steps += 1;
        match op {
            Operand::Binary { op, lhs, rhs, span } => {
                let (l, r) = (self.operand(lhs)?, self.operand(rhs)?);
                let x = op.apply(l, r);
                if x.is_finite() {
                    return Ok(x);
                }
                if !l.is_nan() && !r.is_nan() {
                    self.undefined_at(span);
                }
                // Undefined is NaN, which no comparison holds for (`!=` included).
                Ok(f64::NAN)
            }
            Operand::Negate(x) => Ok(-self.operand(x)?),
            Operand::Defined { number, span, .. } => {
                let value = self.define_once(number.id, number.included, span, |ctx| {
                    Ok(Defined::Number(ctx.operand(&number.value)?))
                })?;
                Ok(match value {
                    Defined::Number(x) => x,
                    _ => f64::NAN,
                })
            }
            Operand::Versus {
                measure,
                range,
                span,
            } => {
                let x = self.versus(*measure, range);
                let places = &mut self.rare().versus_undefined;
                if x.is_nan() && !places.iter().any(|(s, _)| s == span) {
                    places.push((span.clone(), range.is_narrowed()));
                }
                Ok(x)
            }
            _ => self.operand(op),
        }
    }

    /// A strength against a range, each range computed once per decision; NaN (undefined)
    /// when the known cards (and the range's filter) leave none of its holdings.
    fn versus(&mut self, measure: VsMeasure, range: &VillainRange) -> f64 {
        let (hole, board) = (self.hole(), self.board);
        let versus = &mut self.rare().versus;
        let i = match versus.iter().position(|(r, ..)| r == range) {
            Some(i) => i,
            None => {
                versus.push((range.clone(), None, None));
                versus.len() - 1
            }
        };
        let entry = &mut versus[i];
        if (measure == VsMeasure::HandStrength && entry.2.is_none())
            || (measure != VsMeasure::HandStrength && entry.1.is_none())
        {
            VERSUS_COMPUTED.with(|c| c.set(c.get() + 1));
        }
        if measure == VsMeasure::HandStrength {
            if entry.2.is_none() {
                entry.2 =
                    Some(strength::hand_strength_against(hole, board, range).unwrap_or(f64::NAN));
            }
            return entry.2.unwrap_or(f64::NAN);
        }
        if entry.1.is_none() {
            let nan = strength::VsStrength {
                equity: f64::NAN,
                ppot: f64::NAN,
                npot: f64::NAN,
            };
            entry.1 = Some(strength::strength_against(hole, board, range).unwrap_or(nan));
        }
        let v = entry.1.unwrap();
        match measure {
            VsMeasure::Equity => v.equity,
            VsMeasure::Ppot => v.ppot,
            _ => v.npot,
        }
    }

    fn undefined_at(&mut self, span: &crate::diag::Span) {
        let rare = self.rare();
        let span = rare.at_use.as_ref().unwrap_or(span);
        if !rare.undefined.contains(span) {
            let span = span.clone();
            rare.undefined.push(span);
        }
    }

    /// Tests one condition. The card, predicate and plain comparison tests, most of a
    /// script's, run inline in the rule loop (they cannot fail); the rest out of line.
    #[inline(always)]
    pub fn test(&mut self, cond: &Condition) -> Result<Outcome, ErrorKind> {
        let holds = match &cond.test {
            Test::Cards { classes, negated } => {
                classes.contains_index(self.class_index) != *negated
            }
            Test::Predicate { predicate, negated } => self.predicate(*predicate) != *negated,
            Test::Compare { lhs, op, rhs } => match (self.plain(lhs), self.plain(rhs)) {
                (Some(l), Some(r)) => {
                    return Ok(Outcome {
                        // NaN (undefined) never compares true, `!=` included.
                        holds: compare(l, *op, r),
                        values: Some((l, r)),
                    });
                }
                _ => return self.test_rest(cond),
            },
            _ => return self.test_rest(cond),
        };
        Ok(Outcome {
            holds,
            values: None,
        })
    }

    /// The value of a number or of a game constant read from the state, which
    /// [`Self::operand`] gives with no side effect and no error; `None` for anything else
    /// (`random`, the hand-strength family, statistics, arithmetic, a missing `<init>` name).
    #[inline(always)]
    fn plain(&self, op: &Operand) -> Option<f64> {
        match op {
            Operand::Number(x) => Some(*x),
            Operand::Constant {
                factor, constant, ..
            } if !constant.is_opponent() => Some(factor * self.state.constant(constant)?),
            _ => None,
        }
    }

    /// The conditions [`Self::test`] keeps out of line: comparisons of computed values,
    /// `DEFINE`d conditions and external programs.
    #[inline(never)]
    fn test_rest(&mut self, cond: &Condition) -> Result<Outcome, ErrorKind> {
        self.steps += 1;
        Ok(match &cond.test {
            // Answered inline; here only for completeness.
            Test::Cards { .. } | Test::Predicate { .. } => return self.test(cond),
            Test::Compare { lhs, op, rhs } => {
                let l = self.operand(lhs)?;
                let r = self.operand(rhs)?;
                Outcome {
                    // NaN (undefined) never compares true, `!=` included.
                    holds: compare(l, *op, r),
                    values: Some((l, r)),
                }
            }
            Test::All {
                branches, negated, ..
            } => {
                let holds =
                    self.define_once(branches.id, branches.included, &cond.span, |ctx| {
                        ctx.test_define(branches).map(Defined::Holds)
                    })?;
                Outcome {
                    holds: (holds == Defined::Holds(true)) != *negated,
                    values: None,
                }
            }
            Test::External(cmd) => {
                let v = self.external_number(cmd)?;
                Outcome {
                    holds: v.abs() > TOLERANCE,
                    values: Some((v, 0.0)),
                }
            }
        })
    }

    /// A DEFINEd condition: one branch whose conditions all hold. Kept out of line so that
    /// [`Self::test`], which it calls back, stays small enough to inline into the rule loop.
    #[inline(never)]
    fn test_define(&mut self, branches: &[Vec<Condition>]) -> Result<bool, ErrorKind> {
        let mut any = false;
        for branch in branches {
            let mut all = true;
            for c in branch {
                if !self.test(c)?.holds {
                    all = false;
                    break;
                }
            }
            if all {
                any = true;
                break;
            }
        }
        Ok(any)
    }

    /// Computes the lazily evaluated constants a command names, so the placeholders can be
    /// read without mutation while the program runs.
    fn prepare(&mut self, cmd: &ExternalCommand) -> Result<(), ErrorKind> {
        for word in cmd.text.split(|c: char| !c.is_ascii_alphanumeric()) {
            if let Some(c) = Constant::from_name(word) {
                if c == Constant::Random || c.is_strength() {
                    self.constant(&c)?;
                }
            }
        }
        Ok(())
    }

    /// A condition program's number, run at most once per decision for each command text.
    pub fn external_number(&mut self, cmd: &ExternalCommand) -> Result<f64, ErrorKind> {
        let known = self.rare.as_ref().and_then(|r| {
            let found = r.external_numbers.iter().find(|(t, _)| *t == cmd.text);
            found.map(|&(_, x)| x)
        });
        if let Some(x) = known {
            return Ok(x);
        }
        self.prepare(cmd)?;
        let values = Values { ctx: self };
        let x = external::run_number(cmd, &values, &self.program.base_dir, self.policy).map_err(
            |error| ErrorKind::External {
                error,
                span: cmd.span.clone(),
            },
        )?;
        self.rare().external_numbers.push((cmd.text.clone(), x));
        Ok(x)
    }

    pub fn external_action(
        &mut self,
        cmd: &ExternalCommand,
    ) -> Result<crate::game::Intent, ErrorKind> {
        self.prepare(cmd)?;
        let values = Values { ctx: self };
        external::run_action(cmd, &values, &self.program.base_dir, self.policy).map_err(|error| {
            ErrorKind::External {
                error,
                span: cmd.span.clone(),
            }
        })
    }

    /// A constant's value for a placeholder, without computing anything new.
    fn known_constant(&self, c: &Constant) -> Option<f64> {
        match c {
            Constant::Random => self.random,
            Constant::HandStrength => self.hand_strength,
            Constant::Equity => self.equity,
            Constant::Ppot => self.potentials.map(|p| p.0),
            Constant::Npot => self.potentials.map(|p| p.1),
            Constant::Ehs => {
                let (ppot, _) = self.potentials?;
                Some(strength::ehs(self.hand_strength?, ppot))
            }
            _ => self.state.constant(c),
        }
    }
}

/// An error met inside a definition from an included file, moved to `to`, its use in the
/// script (its own span points into the other file).
fn moved_error(e: ErrorKind, to: Option<&Span>) -> ErrorKind {
    let Some(to) = to else {
        return e;
    };
    match e {
        ErrorKind::MissingConstant { name, .. } => ErrorKind::MissingConstant {
            name,
            span: Some(to.clone()),
        },
        ErrorKind::External { error, .. } => ErrorKind::External {
            error,
            span: to.clone(),
        },
        ErrorKind::InvalidProgram { message, .. } => ErrorKind::InvalidProgram {
            message,
            span: to.clone(),
        },
        other => other,
    }
}

/// `l op r`, with the absolute tolerance for `==` and `!=` ([`CmpOp::holds`]).
pub fn compare(l: f64, op: CmpOp, r: f64) -> bool {
    op.holds(l, r)
}

/// The placeholder values of reference §8 for one decision.
struct Values<'c, 'a, R: Rng + ?Sized> {
    ctx: &'c Context<'a, R>,
}

impl<R: Rng + ?Sized> Placeholders for Values<'_, '_, R> {
    fn cards(&self, word: &str) -> Option<Vec<String>> {
        external::game_cards(self.ctx.state, word)
    }

    fn whole_game(&self) -> String {
        self.ctx.state.xml().into_owned()
    }

    fn constant(&self, word: &str) -> Option<f64> {
        let c = match Constant::from_name(word) {
            Some(c) => c,
            None => {
                let known = self
                    .ctx
                    .state
                    .record()
                    .extras
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case(word));
                if !known {
                    return None;
                }
                Constant::Init(word.to_ascii_lowercase())
            }
        };
        self.ctx.known_constant(&c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_has_a_tolerance() {
        assert!(compare(0.1 + 0.2, CmpOp::Eq, 0.3));
        assert!(!compare(0.1 + 0.2, CmpOp::Ne, 0.3));
        assert!(compare(1.0, CmpOp::Ne, 1.000001));
        assert!(compare(3.0, CmpOp::Ge, 3.0));
        assert!(!compare(3.0, CmpOp::Gt, 3.0));
        assert!(compare(2.0, CmpOp::Lt, 3.0));
        assert!(compare(3.0, CmpOp::Le, 3.0));
    }
}
