//! The evaluator (reference §4): a checked [`crate::ir::Program`] and a [`crate::game::GameState`]
//! make a [`Verdict`].
//!
//! The program is parsed and checked once; [`decide`] then runs any number of times with a
//! caller-owned random generator (`rand_chacha::ChaCha8Rng::seed_from_u64(seed)` gives the
//! same decision for the same seed on every platform). For scripts without `external` and
//! without `--explain`, a decision allocates nothing.
//!
//! The generator is drawn from, in this order and only when needed: `random` (once, the first
//! time a condition or amount reads it), the pick among several matched rules (when more than
//! one of the highest priority gave an action), the pick in a weighted `RAISE` list (when it
//! has more than one item).

pub mod action;
mod context;
pub mod coverage;
pub mod exact;
pub mod explain;

use crate::diag::Code;
use std::fmt;

use rand::{Rng, RngExt};
use smallvec::SmallVec;

pub use action::{cell_intent, make_legal, Change, Facing, Intent};
pub use explain::Trace;

use crate::diag::{SourceDiagnostic, Span};
use crate::external::ExternalPolicy;
use crate::game::{self, Constant, GameState, Phase};
use crate::ir::{
    Branch, Condition, Operand, Program, RuleAction, RuleActionKind, Test, WeightedAmount,
};
use context::Context;
#[doc(hidden)]
pub use context::VERSUS_COMPUTED;

/// How to decide.
#[derive(Clone, Debug, Default)]
pub struct DecideOptions {
    /// Whether and how `external` programs may run (default: not at all).
    pub external: ExternalPolicy,
    /// Build a [`Trace`] of the evaluation (`--explain`).
    pub explain: bool,
}

/// A rule of the program: its index in [`Program::rules`] and its 1-based line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleRef {
    pub index: usize,
    pub line: usize,
}

/// What the bot does now, and why.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The legal move to print.
    pub action: game::Action,
    /// The rule whose action was taken.
    pub rule: RuleRef,
    /// The line of every rule that gave an action (before the `PRIORITY` filter), in file order.
    pub matched: SmallVec<[usize; 4]>,
    /// How the rule's action was made legal (spec: actions and how they are made legal), or
    /// `None` when it was legal as written. The `action-made-legal` warning says the same.
    pub made_legal: Option<action::Change>,
    /// Several rules gave an action at the highest priority and one was picked at random.
    pub random_tie: bool,
    /// Evaluation warnings (several rules matched, an action made legal), with spans into the
    /// script.
    pub warnings: Vec<SourceDiagnostic>,
    /// The evaluation trace, when [`DecideOptions::explain`] asked for one.
    pub trace: Option<Trace>,
    /// The weighted draw the action came from (a mixed strategy or a weighted RAISE list).
    pub draw: Option<WeightedDraw>,
}

/// One weighted draw: which of the weighted choices was taken.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightedDraw {
    /// Where the choice is written in the script (`RAISE 3BB` of a mixed strategy, `4BB` of a
    /// RAISE list); [`WeightedDraw::choice`] gives its text.
    pub span: Span,
    /// Its weight, and the sum of the weights.
    pub weight: f64,
    pub total: f64,
    /// Its position among the choices, from 0.
    pub index: usize,
}

impl WeightedDraw {
    /// The choice as written (`RAISE 3BB`), from the program's source.
    pub fn choice(&self, program: &Program) -> String {
        explain::action_text(&program.source, &self.span)
    }
}

/// Why no decision was made.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorKind {
    /// No candidate rule gave an action (exit 3).
    NoRuleMatched {
        phase: Phase,
        tried: usize,
        /// Rules whose conditions held but which gave nothing: the villain had acted and no
        /// VILLAIN reaction of theirs held.
        held: usize,
        /// The conditions read the constant `random`: another seed may have matched a rule
        /// (as [`Brief::read_random`]).
        read_random: bool,
    },
    /// A constant the game state does not define (an `<init>` name it lacks).
    MissingConstant { name: String, span: Option<Span> },
    /// An external program failed, timed out, answered badly or was not allowed (exit 5).
    /// The program's error keeps its kind (not allowed, timed out, failed, bad output...).
    External {
        error: crate::external::ExternalError,
        span: Span,
    },
    /// The program breaks an invariant the checker guarantees (built by hand, not checked).
    InvalidProgram { message: String, span: Span },
}

/// A failed decision: the reason, and the warnings and trace gathered up to the failure.
#[derive(Clone, Debug)]
pub struct EvalError {
    pub kind: ErrorKind,
    pub warnings: Vec<SourceDiagnostic>,
    pub trace: Option<Trace>,
}

impl EvalError {
    /// The error as a diagnostic about the script (with a span where it concerns one place).
    pub fn diagnostic(&self) -> SourceDiagnostic {
        match &self.kind {
            ErrorKind::NoRuleMatched {
                phase, tried, held, ..
            } => {
                let d = SourceDiagnostic::error(Code::NoRuleMatched, self.to_string());
                if *held > 0 {
                    d.with_help(format!(
                        "{held} of them held, but the villain has acted in this round, so a \
                         rule gives an action only through a VILLAIN reaction that holds"
                    ))
                } else if *tried == 0 {
                    d.with_help(format!(
                        "add a {} or ALWAYS block, or a fallback `RULE` without conditions",
                        phase.keyword()
                    ))
                } else {
                    d.with_help("a rule without conditions and with a low PRIORITY is a fallback")
                }
            }
            ErrorKind::MissingConstant { span, .. } => {
                let d = SourceDiagnostic::error(Code::MissingConstant, self.to_string()).with_help(
                    "define it as a child of <init> in the game state, or use a built-in constant",
                );
                match span {
                    Some(s) => d.at(s.clone()).with_label("read here"),
                    None => d,
                }
            }
            ErrorKind::External { span, .. } => {
                SourceDiagnostic::error(Code::ExternalFailed, self.to_string())
                    .at(span.clone())
                    .with_label("this program")
            }
            ErrorKind::InvalidProgram { span, .. } => {
                SourceDiagnostic::error(Code::InvalidProgram, self.to_string()).at(span.clone())
            }
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::NoRuleMatched { phase, tried, .. } => write!(
                f,
                "no rule matched on the {}: {tried} rule{} tried ({} and ALWAYS)",
                phase.xml_tag(),
                if *tried == 1 { "" } else { "s" },
                phase.keyword()
            ),
            ErrorKind::MissingConstant { name, .. } => {
                write!(f, "the game state does not define the constant `{name}`")
            }
            ErrorKind::External { error, .. } => write!(f, "external program failed: {error}"),
            ErrorKind::InvalidProgram { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for EvalError {}

/// Decides what the hero does now (reference §4).
pub fn decide<R: Rng + ?Sized>(
    program: &Program,
    state: &GameState,
    rng: &mut R,
    options: &DecideOptions,
) -> Result<Verdict, EvalError> {
    if options.explain {
        decide_as::<R, true>(program, state, rng, options)
    } else {
        decide_as::<R, false>(program, state, rng, options)
    }
}

/// What a table needs of a decision: the move, and how it was reached ([`Verdict`] without
/// what only a person reads: the rules, the warnings, the trace).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Brief {
    pub action: game::Action,
    /// The flags below as bits of one byte: a table reads them back right after the decision,
    /// and four bytes stored one by one and read back as one word stall the processor.
    flags: u8,
    /// Conditions, arithmetic and DEFINEs evaluated out of the rule loop: the decision's
    /// work, counted the same on every machine.
    pub steps: u64,
}

impl Brief {
    const MADE_LEGAL: u8 = 1;
    const RANDOM_TIE: u8 = 2;
    const DRAWN: u8 = 4;
    const READ_RANDOM: u8 = 8;

    /// A decision's move, its flags (see the methods of the same names) and its steps.
    pub fn new(
        action: game::Action,
        [made_legal, random_tie, drawn, read_random]: [bool; 4],
        steps: u64,
    ) -> Brief {
        let flags = (made_legal as u8 * Self::MADE_LEGAL)
            | (random_tie as u8 * Self::RANDOM_TIE)
            | (drawn as u8 * Self::DRAWN)
            | (read_random as u8 * Self::READ_RANDOM);
        Brief {
            action,
            flags,
            steps,
        }
    }
    /// [`Verdict::made_legal`] is set.
    pub fn made_legal(&self) -> bool {
        self.flags & Self::MADE_LEGAL != 0
    }
    pub fn random_tie(&self) -> bool {
        self.flags & Self::RANDOM_TIE != 0
    }
    /// [`Verdict::draw`] is set.
    pub fn drawn(&self) -> bool {
        self.flags & Self::DRAWN != 0
    }
    /// The decision read the constant `random`: another seed may give another answer.
    pub fn read_random(&self) -> bool {
        self.flags & Self::READ_RANDOM != 0
    }
}

/// [`decide`] without the trace, for a table that plays many decisions: the same move from
/// the same draws, and nothing built that only a person reads.
pub fn decide_brief<R: Rng + ?Sized>(
    program: &Program,
    state: &GameState,
    rng: &mut R,
    external: &ExternalPolicy,
) -> Result<Brief, EvalError> {
    let mut run = Run::<R, false>::new(Context::new(program, state, rng, external), false);
    match run.decide(&mut Lines::new()) {
        Ok((action, _)) => Ok(Brief::new(
            action,
            [
                run.made_legal.is_some(),
                run.random_tie,
                run.draw.is_some(),
                run.ctx.read_random(),
            ],
            run.ctx.steps,
        )),
        Err(kind) => {
            run.report_undefined();
            Err(EvalError {
                kind,
                warnings: run.warnings,
                trace: None,
            })
        }
    }
}

/// [`decide`] with the trace built (`EXPLAIN`) or not: without it every note compiles away,
/// and a match's decisions pay nothing for `--explain`.
fn decide_as<R: Rng + ?Sized, const EXPLAIN: bool>(
    program: &Program,
    state: &GameState,
    rng: &mut R,
    options: &DecideOptions,
) -> Result<Verdict, EvalError> {
    decide_choosing::<R, EXPLAIN>(program, state, rng, options, &mut None)
}

/// [`decide_as`] with the weighted choices and random ties taken from `choices` when given
/// (which records the shares of each choice met); `random` still comes from `rng`.
fn decide_choosing<R: Rng + ?Sized, const EXPLAIN: bool>(
    program: &Program,
    state: &GameState,
    rng: &mut R,
    options: &DecideOptions,
    choices: &mut Option<exact::Choices>,
) -> Result<Verdict, EvalError> {
    let mut run =
        Run::<R, EXPLAIN>::new(Context::new(program, state, rng, &options.external), true);
    run.choices = choices.take();
    if let Some(c) = &mut run.choices {
        run.ctx.restore(std::mem::take(&mut c.kept));
    }
    let mut matched = Lines::new();
    let result = run.decide(&mut matched);
    if let Some(c) = &mut run.choices {
        c.read_random = run.ctx.read_random();
        c.kept = run.ctx.keep();
    }
    *choices = run.choices.take();
    run.report_undefined();
    match result {
        Ok((action, rule)) => Ok(Verdict {
            action,
            rule,
            matched,
            made_legal: run.made_legal,
            random_tie: run.random_tie,
            warnings: run.warnings,
            trace: run.trace,
            draw: run.draw,
        }),
        Err(kind) => Err(EvalError {
            kind,
            warnings: run.warnings,
            trace: run.trace,
        }),
    }
}

/// One decision in progress; `EXPLAIN`: `trace` is kept.
struct Run<'a, R: Rng + ?Sized, const EXPLAIN: bool> {
    ctx: Context<'a, R>,
    warnings: Vec<SourceDiagnostic>,
    made_legal: Option<action::Change>,
    random_tie: bool,
    trace: Option<Trace>,
    draw: Option<WeightedDraw>,
    /// Give the lines of the matched rules ([`Verdict::matched`], which the trace lists
    /// too), and build every warning as it arises; a [`Brief`] has no lines, and builds a
    /// warning only for an error, which alone gives them (so a table's hands allocate none).
    keep_lines: bool,
    /// A brief decision's random tie (the rules at the top, the one drawn): its warning is
    /// built only if the decision then fails.
    tie: Option<(Matched<'a>, usize)>,
    /// Choices made from a list instead of the generator ([`exact`]).
    choices: Option<exact::Choices>,
}

/// The lines of the rules that gave an action ([`Verdict::matched`]).
type Lines = SmallVec<[usize; 4]>;

/// The rules that gave an action, by index, with the action.
type Matched<'a> = SmallVec<[(usize, &'a RuleAction); 4]>;

impl<'a, R: Rng + ?Sized, const EXPLAIN: bool> Run<'a, R, EXPLAIN> {
    /// A decision about to start; the trace is kept when `EXPLAIN`.
    fn new(ctx: Context<'a, R>, keep_lines: bool) -> Self {
        Run {
            ctx,
            warnings: Vec::new(),
            made_legal: None,
            random_tie: false,
            trace: EXPLAIN.then(Trace::default),
            draw: None,
            keep_lines,
            tie: None,
            choices: None,
        }
    }

    /// The index of a weighted choice: from the list of choices when there is one, else drawn
    /// from the generator ([`pick_index`]).
    fn choose(&mut self, weights: impl Iterator<Item = f64> + Clone) -> usize {
        match &mut self.choices {
            Some(c) => c.next(exact::shares(weights)),
            None => pick_index(weights, self.ctx.rng),
        }
    }

    /// One `undefined-value` warning for each place a value was undefined, and one
    /// `missing-stats` warning when opponent statistics were read but not given.
    fn report_undefined(&mut self) {
        if self.ctx.stats_missing {
            self.warnings.push(
                SourceDiagnostic::warning(
                    Code::MissingStats,
                    "the script reads opponent statistics, but the game state has no <stats>: the conditions on them did not hold",
                )
                .with_help("a program that keeps statistics writes them in <stats> (reference §6); `hus match` keeps them itself"),
            );
        }
        let (versus_undefined, undefined) = self.ctx.take_undefined();
        for (span, filtered) in versus_undefined {
            let text = explain::snippet(&self.ctx.program.source, &span);
            let (why, help) = if filtered {
                (
                    "the known cards and the `WITH` filter leave none of the range's holdings",
                    "a comparison with an undefined side does not hold; on this board no holding of the range has what the filter asks",
                )
            } else {
                (
                    "the known cards leave none of the range's holdings",
                    "a comparison with an undefined side does not hold; keep a range wide enough to survive the board and the hero's cards",
                )
            };
            self.warnings.push(
                SourceDiagnostic::warning(
                    Code::UndefinedValue,
                    format!("`{text}` is undefined here: {why}"),
                )
                .at(span)
                .with_label("no value")
                .with_help(help),
            );
        }
        for span in undefined {
            let text = explain::snippet(&self.ctx.program.source, &span);
            self.warnings.push(
                SourceDiagnostic::warning(
                    Code::UndefinedValue,
                    format!("`{text}` is undefined here (a division by zero, or a number too large to hold)"),
                )
                .at(span)
                .with_label("no value")
                .with_help(
                    "a comparison with an undefined side does not hold; a raise by one is a call",
                ),
            );
        }
    }

    #[inline(always)]
    fn note(&mut self, line: impl FnOnce() -> String) {
        if !EXPLAIN {
            return;
        }
        if let Some(t) = &mut self.trace {
            t.push(line());
        }
    }

    /// Decides by the reference's evaluation order: the candidate rules, their branches and
    /// reactions ([`Self::matching`]), the PRIORITY filter and the random pick
    /// ([`Self::pick`]), then the action made legal ([`Self::legal`]); each step adds to the
    /// `--explain` trace as the reference describes a decision. The lines of the rules that
    /// matched go to `lines` when kept (filled in place: a brief decision moves nothing).
    fn decide(&mut self, lines: &mut Lines) -> Result<(game::Action, RuleRef), ErrorKind> {
        let program: &'a Program = self.ctx.program;
        let state: &'a GameState = self.ctx.state;
        let phase = state.phase();
        let villain_acted = state.derived().villain_acted_this_round;
        let candidates = &program.candidates[phase as usize];
        self.note(|| explain::start(state, candidates.len(), villain_acted));
        let mut matched = Matched::new();
        let held = self.matching(candidates, villain_acted, &mut matched)?;
        if matched.is_empty() {
            self.note(|| "no rule matched".to_string());
            return Err(ErrorKind::NoRuleMatched {
                phase,
                tried: candidates.len(),
                held,
                read_random: self.ctx.read_random(),
            });
        }
        let (ri, action) = self.pick(&matched, lines);
        let rule = &program.rules[ri];
        self.note(|| format!("chosen: rule at line {}", rule.line));
        let mv = self.legal(rule.line, action).inspect_err(|_| {
            if let Some((best, chosen)) = self.tie.take() {
                self.warnings.push(tie_warning(program, &best, chosen));
            }
        })?;
        Ok((
            mv,
            RuleRef {
                index: ri,
                line: rule.line,
            },
        ))
    }

    /// The candidate rules that give an action, in order, into `matched` (filled in place,
    /// not moved out); how many held but gave none.
    #[inline(always)]
    fn matching(
        &mut self,
        candidates: &[usize],
        villain_acted: bool,
        matched: &mut Matched<'a>,
    ) -> Result<usize, ErrorKind> {
        let program: &'a Program = self.ctx.program;
        let mut held = 0;
        for &ri in candidates {
            let rule = &program.rules[ri];
            self.note(|| {
                let mut s = format!("rule at line {} ({}", rule.line, rule.block.keyword());
                if rule.priority != 0 {
                    s += &format!(", PRIORITY {}", rule.priority);
                }
                s + "):"
            });
            if !self.branches(&rule.branches, 2)? {
                self.note(|| "  does not hold".to_string());
                continue;
            }
            let action = if villain_acted {
                self.reaction(rule)?
            } else if matches!(rule.action.kind, RuleActionKind::Nothing) {
                self.note(|| {
                    "  holds, but has only VILLAIN reactions: gives nothing until the villain acts"
                        .to_string()
                });
                None
            } else {
                Some(&rule.action)
            };
            match action {
                Some(a) => {
                    self.note(|| {
                        format!("  gives {}", explain::action_text(&program.source, &a.span))
                    });
                    matched.push((ri, a));
                }
                None => held += 1,
            }
        }
        Ok(held)
    }

    /// The action of the first VILLAIN reaction of a holding rule that holds, if one does.
    #[inline(always)]
    fn reaction(&mut self, rule: &'a crate::ir::Rule) -> Result<Option<&'a RuleAction>, ErrorKind> {
        for reaction in &rule.reactions {
            self.note(|| format!("  VILLAIN at line {}:", reaction.line));
            if self.branches(&reaction.branches, 4)? {
                return Ok(Some(&reaction.action));
            }
        }
        self.note(|| {
            if rule.reactions.is_empty() {
                "  holds, but has no VILLAIN reaction: gives nothing".to_string()
            } else {
                "  holds, but no VILLAIN reaction holds: gives nothing".to_string()
            }
        });
        Ok(None)
    }

    /// The rule that decides among those that matched: the one of highest PRIORITY, or one
    /// of them at random (with a warning); the lines of all that matched go to `lines`, when
    /// kept.
    #[inline(always)]
    fn pick(&mut self, matched: &Matched<'a>, lines: &mut Lines) -> (usize, &'a RuleAction) {
        let program: &'a Program = self.ctx.program;
        // The highest PRIORITY, how many matched at it and the first of them, in one pass.
        let (mut top, mut best_len, mut first) = (0, 0, None);
        for &(ri, action) in matched {
            let priority = program.rules[ri].priority;
            if first.is_none() || priority > top {
                (top, best_len, first) = (priority, 1, Some((ri, action)));
            } else if priority == top {
                best_len += 1;
            }
        }
        let at_top = |&(ri, _): &(usize, &'a RuleAction)| program.rules[ri].priority == top;
        if self.keep_lines {
            lines.extend(matched.iter().map(|&(ri, _)| program.rules[ri].line));
        }
        self.note(|| explain::matched(&lines[..], best_len, matched.len(), top));
        let (ri, action) = if let (1, Some(only)) = (best_len, first) {
            only
        } else {
            let best: Matched<'a> = matched.iter().copied().filter(|m| at_top(m)).collect();
            self.random_tie = true;
            // A u32 draw, so the pick is the same on every platform (usize ranges are not).
            let pick = match &mut self.choices {
                Some(c) => c.next(vec![1.0 / best.len() as f64; best.len()]),
                None => self.ctx.rng.random_range(0..best.len() as u32) as usize,
            };
            let chosen = best[pick];
            if self.keep_lines {
                self.warnings.push(tie_warning(program, &best, chosen.0));
            } else {
                self.tie = Some((best, chosen.0));
            }
            chosen
        };
        (ri, action)
    }

    /// The chosen rule's action (its rule at `line`) as a legal move, with a warning when it
    /// had to be changed (reference §5).
    #[inline(always)]
    fn legal(&mut self, line: usize, action: &'a RuleAction) -> Result<game::Action, ErrorKind> {
        let program: &'a Program = self.ctx.program;
        let intent = self.intent(action)?;
        let derived = self.ctx.state.derived();
        let betting = Facing::of(derived);
        let (mv, change) = make_legal(intent, &betting);
        self.note(|| {
            format!(
                "action: {} -> {mv}",
                explain::action_text(&program.source, &action.span)
            )
        });
        self.made_legal = change;
        if let Some(change) = change.filter(|_| self.keep_lines) {
            let message = format!("rule at line {line}: {}", change.describe(&betting));
            self.note(|| format!("made legal: {message}"));
            self.warnings.push(
                SourceDiagnostic::warning(Code::ActionMadeLegal, message)
                    .at(action.span.clone())
                    .with_label(format!("printed as `{mv}`")),
            );
        }
        Ok(mv)
    }

    /// Evaluates branches in order (OR), each a list of conditions (AND), stopping at the
    /// first branch that holds and at the first condition that fails. No branch: holds.
    /// Without the trace, inlined into the rule loop: a rule costs its conditions only.
    #[inline(always)]
    fn branches(&mut self, branches: &[Branch], indent: usize) -> Result<bool, ErrorKind> {
        if EXPLAIN {
            return self.branches_explained(branches, indent);
        }
        'branch: for branch in branches {
            for cond in &branch.conditions {
                if !self.ctx.test(cond)?.holds {
                    continue 'branch;
                }
            }
            return Ok(true);
        }
        Ok(branches.is_empty())
    }

    /// [`Self::branches`] noting each branch in the trace.
    #[inline(never)]
    fn branches_explained(
        &mut self,
        branches: &[Branch],
        indent: usize,
    ) -> Result<bool, ErrorKind> {
        let program: &'a Program = self.ctx.program;
        if branches.is_empty() {
            self.note(|| format!("{:indent$}no conditions: holds", ""));
            return Ok(true);
        }
        for branch in branches {
            let mut failed = None;
            for cond in &branch.conditions {
                let outcome = self.ctx.test(cond)?;
                if !outcome.holds {
                    failed = Some((cond, outcome));
                    break;
                }
            }
            let line = || explain::line_of(&program.source, &branch.span);
            match failed {
                None => {
                    self.note(|| {
                        format!(
                            "{:indent$}line {}: `{}` holds",
                            "",
                            line(),
                            explain::snippet(&program.source, &branch.span)
                        )
                    });
                    return Ok(true);
                }
                Some((cond, outcome)) => {
                    if self.trace.is_some() {
                        let [a, b] = self.ctx.state.hero_cards();
                        let hero = format!("{a} {b} ({})", self.ctx.class().name());
                        let stats = self.ctx.state.record().stats.is_some();
                        let why = explain::failed(&program.source, cond, &outcome, &hero, stats);
                        self.note(|| format!("{:indent$}line {}: {why}", "", line()));
                        self.explain_define(cond, indent + 2)?;
                    }
                }
            }
        }
        Ok(false)
    }

    /// `--explain` of a DEFINEd condition that failed: the condition that failed first in
    /// each of its branches, inside nested DEFINEs too. An included DEFINE's conditions are
    /// quoted from its file, their lines named with the file's name.
    fn explain_define(&mut self, cond: &Condition, indent: usize) -> Result<(), ErrorKind> {
        let Test::All {
            name,
            branches,
            negated: false,
        } = &cond.test
        else {
            return Ok(());
        };
        let program: &'a Program = self.ctx.program;
        let (source, file) = if branches.included {
            match program.definition_files.get(branches.id) {
                Some(Some(f)) => (&**f, format!("{}:", f.name)),
                _ => return Ok(()),
            }
        } else {
            (&program.source, "line ".to_string())
        };
        for branch in branches.iter() {
            for c in branch {
                let outcome = self.ctx.test(c)?;
                if outcome.holds {
                    continue;
                }
                let [a, b] = self.ctx.state.hero_cards();
                let hero = format!("{a} {b} ({})", self.ctx.class().name());
                let stats = self.ctx.state.record().stats.is_some();
                let why = explain::failed(source, c, &outcome, &hero, stats);
                let line = explain::line_of(source, &c.span);
                self.note(|| format!("{:indent$}in `{name}` ({file}{line}): {why}", ""));
                self.explain_define(c, indent + 2)?;
                break;
            }
        }
        Ok(())
    }

    /// A RAISE (or, with `to`, a RAISETO) list: one amount drawn by weight, evaluated. An
    /// undefined amount (a division by zero) is a call.
    fn raise(
        &mut self,
        items: &[WeightedAmount],
        action: &RuleAction,
        to: bool,
    ) -> Result<Intent, ErrorKind> {
        let k = match items.len() {
            0 => {
                return Err(ErrorKind::InvalidProgram {
                    message: "a RAISE without an amount".into(),
                    span: action.span.clone(),
                })
            }
            1 => 0,
            _ => self.choose(items.iter().map(|i| i.weight)),
        };
        let item = &items[k];
        if items.len() > 1 {
            let total: f64 = items.iter().map(|i| i.weight).sum();
            let program = self.ctx.program;
            self.note(|| {
                format!(
                    "weighted pick: {} (weight {} of {})",
                    operand_text(program, &item.amount),
                    crate::game::format_amount(item.weight),
                    crate::game::format_amount(total)
                )
            });
            self.draw = Some(WeightedDraw {
                span: item.span.clone(),
                weight: item.weight,
                total,
                index: k,
            });
        }
        if !to && is_all_in(&item.amount) {
            return Ok(Intent::AllIn);
        }
        let x = self.ctx.operand(&item.amount)?;
        if !x.is_finite() {
            self.note(|| "the raise amount is undefined: a call".to_string());
            return Ok(Intent::Call);
        }
        if to {
            // To a total: by what is above the villain's chips in this round.
            let d = self.ctx.state.derived();
            let by = x - d.chips(d.villain_round);
            self.note(|| {
                format!(
                    "RAISETO {}: by {}",
                    crate::game::format_amount(x),
                    crate::game::format_amount(by)
                )
            });
            return Ok(Intent::Raise(by));
        }
        Ok(Intent::Raise(x))
    }

    /// What an action asks for, with its random and external parts resolved.
    fn intent(&mut self, action: &RuleAction) -> Result<Intent, ErrorKind> {
        Ok(match &action.kind {
            // Never chosen: a rule without a THEN action gives nothing (see `decide`).
            RuleActionKind::Nothing | RuleActionKind::Fold => Intent::Fold,
            RuleActionKind::Check => Intent::Check,
            RuleActionKind::Call => Intent::Call,
            RuleActionKind::Raise(items) => self.raise(items, action, false)?,
            RuleActionKind::RaiseTo(items) => self.raise(items, action, true)?,
            RuleActionKind::Mixed(items) => {
                if items.is_empty() {
                    return Err(ErrorKind::InvalidProgram {
                        message: "a mixed strategy without actions".into(),
                        span: action.span.clone(),
                    });
                }
                let k = self.choose(items.iter().map(|i| i.weight));
                let item = &items[k];
                let total: f64 = items.iter().map(|i| i.weight).sum();
                let program = self.ctx.program;
                self.note(|| {
                    format!(
                        "mixed strategy: drew {} (weight {} of {})",
                        explain::action_text(&program.source, &item.action.span),
                        crate::game::format_amount(item.weight),
                        crate::game::format_amount(total)
                    )
                });
                self.draw = Some(WeightedDraw {
                    span: item.action.span.clone(),
                    weight: item.weight,
                    total,
                    index: k,
                });
                return self.intent(&item.action);
            }
            RuleActionKind::Table(table) => {
                let i = self.ctx.class_index;
                let Some(&cell) = table.cells.get(i) else {
                    return Err(ErrorKind::InvalidProgram {
                        message: format!(
                            "the action table {} has no cell for {}",
                            table.path.display(),
                            self.ctx.class().name()
                        ),
                        span: action.span.clone(),
                    });
                };
                let class = self.ctx.class();
                self.note(|| format!("table cell for {}: {cell:?}", class.name()));
                let bb = self.ctx.constant(&Constant::Bb)?;
                cell_intent(cell, bb)
            }
            RuleActionKind::External(cmd) => {
                let intent = self.ctx.external_action(cmd)?;
                self.note(|| format!("the program answered `{intent}`"));
                intent
            }
        })
    }
}

/// `RAISE allIn` (or `heroStack`): everything behind, however much is owed.
fn is_all_in(op: &Operand) -> bool {
    matches!(op, Operand::Constant { factor, constant: Constant::AllIn | Constant::HeroStack, .. } if *factor == 1.0)
}

/// The index of a choice drawn with probability proportional to its weight (one `f64` draw;
/// weights that are not positive are never drawn unless all are).
pub fn pick_index<R: Rng + ?Sized>(
    weights: impl Iterator<Item = f64> + Clone,
    rng: &mut R,
) -> usize {
    let mut total: f64 = weights.clone().map(|w| w.max(0.0)).sum();
    // Weights whose sum overflows (two of 1.7e308) are taken relative to the largest.
    let mut scale = 1.0;
    if !total.is_finite() {
        let max = weights.clone().map(|w| w.max(0.0)).fold(0.0, f64::max);
        scale = 1.0 / max;
        total = weights.clone().map(|w| w.max(0.0) * scale).sum();
    }
    let mut x = rng.random::<f64>() * total;
    let mut last_positive = 0;
    for (i, w) in weights.enumerate() {
        let w = w.max(0.0) * scale;
        if x < w {
            return i;
        }
        if w > 0.0 {
            last_positive = i;
        }
        x -= w;
    }
    // Rounding can leave x a hair above the last weight: the last positive item.
    last_positive
}

fn operand_text(program: &Program, op: &Operand) -> String {
    match op {
        Operand::Number(x) => crate::game::format_amount(*x),
        Operand::Constant { factor, span, .. } if *factor == 1.0 => {
            explain::snippet(&program.source, span)
        }
        Operand::Constant { factor, span, .. } => format!(
            "{} {}",
            crate::game::format_amount(*factor),
            explain::snippet(&program.source, span)
        ),
        Operand::External(cmd) => explain::snippet(&program.source, &cmd.span),
        Operand::Binary { span, .. } => explain::snippet(&program.source, span),
        Operand::Negate(x) => format!("-{}", operand_text(program, x)),
        Operand::Defined { span, .. } => explain::snippet(&program.source, span),
        Operand::Versus { span, .. } => explain::snippet(&program.source, span),
    }
}

/// `2 and 7`, `2, 7 and 9`; a long list is cut after [`MAX_LISTED`](crate::limits::MAX_LISTED)
/// lines: `2, 7, ..., 40 and 990 more`.
/// The warning that several rules of the highest PRIORITY matched (`best`) and `chosen` was
/// picked at random.
fn tie_warning(program: &Program, best: &Matched, chosen: usize) -> SourceDiagnostic {
    let best_lines: Vec<usize> = best.iter().map(|&(i, _)| program.rules[i].line).collect();
    let mut d = SourceDiagnostic::warning(
        Code::SeveralRulesMatched,
        format!(
            "{} rules matched (lines {}); picked the rule at line {} at random",
            best.len(),
            join_lines(&best_lines),
            program.rules[chosen].line
        ),
    )
    .at(program.rules[chosen].span.clone())
    .with_label("picked")
    .with_help("give one rule a higher PRIORITY to choose it every time");
    let others = best.iter().filter(|&&(i, _)| i != chosen);
    for &(i, _) in others.take(crate::limits::MAX_LISTED - 1) {
        d = d.with_related(program.rules[i].span.clone(), "also matched");
    }
    d
}

fn join_lines(lines: &[usize]) -> String {
    let max = crate::limits::MAX_LISTED;
    if lines.len() > max {
        let shown: Vec<String> = lines[..max].iter().map(|l| l.to_string()).collect();
        return format!("{} and {} more", shown.join(", "), lines.len() - max);
    }
    match lines {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|l| l.to_string()).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

#[cfg(test)]
mod tests;
