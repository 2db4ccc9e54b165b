//! Lowering: the syntax tree to the checked [`Program`]. Names are resolved, card queries
//! compiled, tables loaded and validated, rules pooled per phase. Every problem is reported
//! and lowering goes on, so one run shows all of a script's errors; a part that could not be
//! lowered is dropped (a condition) or replaced by `FOLD` (an action), which is harmless
//! because a program with errors is never run.

use crate::diag::Code;
use crate::game::constant::{lookup_folded, NameMap};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use crate::cards::predicate::Predicate;
use crate::cards::query::{CardQuery, QueryError};
use crate::cards::range::{HandFilter, VillainRange, WeightedRange};
use crate::diag::{SourceDiagnostic, SourceFile, Span};
use crate::game::Phase;
use crate::ir::{self, ActionTable, ArithOp, BlockKind, Operand, Program, Test};
use crate::syntax::ast;

use super::include::IncludedDefine;
use super::{names, table, CheckOptions};

mod narrow;

/// Lowers a whole script. The program always has one rule per rule of the tree, in order.
pub fn lower(
    script: &ast::Script,
    included: &[IncludedDefine],
    source: &SourceFile,
    options: &CheckOptions,
) -> (Program, Vec<SourceDiagnostic>) {
    let mut l = Lowerer {
        source,
        options,
        diags: Vec::new(),
        tables: HashMap::new(),
        defines: Vec::new(),
        by_name: NameMap::default(),
        file: None,
        depth: 0,
        heights: Vec::new(),
        definitions: Vec::new(),
        definition_files: Vec::new(),
        named_uses: Vec::new(),
    };
    let own = script.defines.iter().map(|d| (d.clone(), None));
    let other = included.iter().map(|(d, f)| (d.clone(), Some(f.clone())));
    for (define, file) in own.chain(other) {
        l.declare(define, file);
    }
    // Every DEFINE is checked once, used or not.
    for i in 0..l.defines.len() {
        let span = l.defines[i].define.name_span.clone();
        l.file = l.defines[i].file.clone();
        l.resolve(i, span);
        l.file = None;
    }
    let mut rules = Vec::new();
    for block in &script.blocks {
        for rule in &block.rules {
            rules.push(l.rule(rule, block.kind));
        }
    }
    // A script's own DEFINE that nothing uses is likely a misspelt use (a library's are not:
    // a file of DEFINEs alone is there to be included).
    if !script.blocks.is_empty() {
        let unused = l.defines.iter().enumerate().filter(|(i, s)| {
            let registered = l.by_name.get(&s.define.name.to_ascii_lowercase()) == Some(i);
            let failed = matches!(s.state, DefineState::Done(Lowered::Failed));
            s.file.is_none() && !s.used && registered && !failed
        });
        for (_, slot) in unused {
            l.diags.push(
                SourceDiagnostic::warning(
                    Code::UnusedDefine,
                    format!("`{}` is DEFINEd but never used", slot.define.name),
                )
                .at(slot.define.name_span.clone())
                .with_label("not used by any rule or DEFINE")
                .with_help("use it in a rule, or remove it"),
            );
        }
    }
    let candidates = pool(&rules);
    let program = Program {
        source: source.clone(),
        base_dir: options.base_dir.clone(),
        rules,
        candidates,
        definitions: l.definitions,
        definition_files: l.definition_files,
        named_uses: l.named_uses,
    };
    (program, l.diags)
}

/// For each phase, its own rules and the ALWAYS rules, in file order.
pub fn pool(rules: &[ir::Rule]) -> [Vec<usize>; 4] {
    Phase::ALL.map(|phase| {
        rules
            .iter()
            .enumerate()
            .filter(|(_, r)| r.block == BlockKind::Always || block_phase(r.block) == Some(phase))
            .map(|(i, _)| i)
            .collect()
    })
}

/// The phase a block is for; `None` for ALWAYS.
pub fn block_phase(kind: BlockKind) -> Option<Phase> {
    match kind {
        BlockKind::Preflop => Some(Phase::Preflop),
        BlockKind::Flop => Some(Phase::Flop),
        BlockKind::Turn => Some(Phase::Turn),
        BlockKind::River => Some(Phase::River),
        BlockKind::Always => None,
    }
}

struct Lowerer<'a> {
    source: &'a SourceFile,
    options: &'a CheckOptions,
    diags: Vec<SourceDiagnostic>,
    /// Tables by resolved path: each file is read and reported on once.
    tables: HashMap<PathBuf, Option<Arc<ActionTable>>>,
    /// Every DEFINE, the script's own first, then the included files' in include order.
    defines: Vec<DefineSlot>,
    /// Index into `defines` by lower-cased name.
    by_name: NameMap<usize>,
    /// The included file being lowered (its DEFINEs' diagnostics point into it).
    file: Option<Arc<SourceFile>>,
    /// DEFINEs being lowered, one inside another.
    depth: usize,
    /// For each DEFINE being lowered, the greatest height of the DEFINEs its body uses.
    heights: Vec<usize>,
    /// The shared bodies of DEFINEd conditions and computed numbers, by id.
    definitions: Vec<ir::Definition>,
    /// For each definition, the included file it comes from (see
    /// [`ir::Program::definition_files`]).
    definition_files: Vec<Option<Arc<SourceFile>>>,
    /// Uses in the script of DEFINEd numbers held as their value (see
    /// [`ir::Program::named_uses`]).
    named_uses: Vec<ir::NamedUse>,
}

/// One DEFINE and what lowering made of it.
struct DefineSlot {
    define: ast::Define,
    /// The included file it comes from; `None`: the script.
    file: Option<Arc<SourceFile>>,
    state: DefineState,
    /// Used by a rule or another DEFINE.
    used: bool,
    /// How many DEFINEs deep its body reaches, itself included (`DEFINE a = pot` is 1,
    /// `DEFINE b = a + 1` 2); at most [`crate::limits::MAX_DEFINE_DEPTH`].
    height: usize,
}

enum DefineState {
    Pending,
    /// Being lowered: meeting it again is a cycle.
    Busy,
    Done(Lowered),
}

/// What a DEFINE names.
#[derive(Clone)]
enum Lowered {
    /// A union of card queries (`QQ+ | AK`, or one query), with their weights.
    Range(WeightedRange),
    /// Branches (one must hold) of conditions (all must hold), shared by every use.
    Condition(ir::Shared<[Vec<ir::Condition>]>),
    /// A number.
    Number(Operand),
    /// A range narrowed by the board (`r WITH topPair+`, `r WITH topPair+ | r:0.3 WITH
    /// flushDraw`), for the strength words.
    Narrowed(VillainRange),
    /// Hand words for `WITH` that are no condition (`pair+ | flushDraw`).
    Filter(HandFilter),
    /// It had errors (already reported).
    Failed,
}

impl Lowered {
    /// Where a DEFINE of this kind may stand (reference §12.2).
    fn stands(&self) -> &'static str {
        match self {
            Lowered::Range(_) => "a range stands as a condition, in a union or in a strength word",
            Lowered::Condition(_) => "a condition stands in a rule's line, a union or, made of hand words, after `WITH`",
            Lowered::Number(_) => "a number stands where a value may",
            Lowered::Narrowed(_) => "a narrowed range stands in a strength word, alone or among ranges: `equityVs(name)`, `equityVs(name | AK WITH flushDraw)`",
            Lowered::Filter(_) => "a filter stands after `WITH`: `equityVs(r WITH name)`, `DEFINE rb = r WITH name`",
            Lowered::Failed => "",
        }
    }

    fn word(&self) -> &'static str {
        match self {
            Lowered::Range(_) => "a range of hole cards",
            Lowered::Condition(_) => "a condition",
            Lowered::Number(_) => "a number",
            Lowered::Narrowed(_) => "a range narrowed by the board",
            Lowered::Filter(_) => "a filter of hand words",
            Lowered::Failed => "not usable",
        }
    }
}

impl Lowerer<'_> {
    /// The 1-based line of a span's start (its column is not counted: every rule asks).
    fn line(&self, span: &Span) -> usize {
        self.source.line_of(span.start) + 1
    }

    fn rule(&mut self, rule: &ast::Rule, block: BlockKind) -> ir::Rule {
        let branches = self.branches(&rule.branches);
        let action = self.action(&rule.action);
        let mut reactions: Vec<ir::Reaction> = rule
            .reactions
            .iter()
            .map(|r| ir::Reaction {
                span: r.span.clone(),
                line: self.line(&r.span),
                branches: self.branches(&r.branches),
                action: self.action(&r.action),
            })
            .collect();
        // `DO action` is `THEN action` and, after the reactions, a reaction with no
        // condition giving the same action (reference §4).
        let span = &rule.action.span;
        if self
            .source
            .text
            .get(span.clone())
            .is_some_and(|t| t.starts_with("DO"))
        {
            reactions.push(ir::Reaction {
                span: span.clone(),
                line: self.line(span),
                branches: Vec::new(),
                action: action.clone(),
            });
        }
        ir::Rule {
            span: rule.span.clone(),
            line: self.line(&rule.keyword_span),
            block,
            priority: rule.priority.as_ref().map_or(0, |(p, _)| *p),
            branches,
            action,
            reactions,
        }
    }

    fn branches(&mut self, branches: &[ast::Branch]) -> Vec<ir::Branch> {
        branches
            .iter()
            .map(|b| {
                let mut conditions: Vec<ir::Condition> = b
                    .conditions
                    .iter()
                    .filter_map(|c| self.condition(c))
                    .collect();
                // Kept for the program's life: no room for four when one condition is there.
                conditions.shrink_to_fit();
                ir::Branch {
                    span: b.span.clone(),
                    conditions,
                }
            })
            .collect()
    }

    fn condition(&mut self, c: &ast::Condition) -> Option<ir::Condition> {
        let test = match &c.kind {
            ast::ConditionKind::Query {
                negated,
                text,
                text_span,
            } => Test::Cards {
                classes: self.query(text, text_span.clone())?.classes,
                negated: *negated,
            },
            ast::ConditionKind::Name {
                negated,
                name,
                name_span,
            } => self.condition_name(name, *negated, name_span.clone())?,
            ast::ConditionKind::Range(items) => self.union(items, &c.span)?,
            ast::ConditionKind::Compare { lhs, op, rhs, .. } => {
                let (lhs, rhs) = (self.value(lhs), self.value(rhs));
                Test::Compare {
                    lhs: lhs?,
                    op: *op,
                    rhs: rhs?,
                }
            }
            ast::ConditionKind::External(e) => Test::External(self.external(e)?),
            ast::ConditionKind::Narrowed(_) => {
                let d = SourceDiagnostic::error(
                    Code::DefineKind,
                    "a range narrowed by the board is not a condition",
                )
                .at(c.span.clone())
                .with_help(
                    "name it with `DEFINE` and use the name in a strength word: `equityVs(name)`",
                );
                return self.fail(d);
            }
            ast::ConditionKind::OrBetter { name, .. } => {
                self.or_better_condition(name, c.span.clone())?
            }
            ast::ConditionKind::Value(v) => {
                let text = self.text(&v.span);
                return self.fail(
                    SourceDiagnostic::error(
                        Code::ValueAsCondition,
                        format!("`{text}` is a number, not a condition"),
                    )
                    .at(v.span.clone())
                    .with_label("a number cannot hold or fail on its own")
                    .with_help(format!(
                        "compare it: `{text} > 0`, or name it with `DEFINE`"
                    )),
                );
            }
        };
        Some(ir::Condition {
            test,
            span: c.span.clone(),
        })
    }

    /// The source text at `span` in the file being lowered.
    fn text(&self, span: &Span) -> String {
        let text = match &self.file {
            Some(f) => f.text.clone(),
            None => self.source.text.clone(),
        };
        text.get(span.clone()).unwrap_or("").to_string()
    }

    /// A bare name as a condition: a DEFINEd condition or range, else a predicate.
    fn condition_name(&mut self, name: &str, negated: bool, span: Span) -> Option<Test> {
        if let Some(i) = self.define_index(name) {
            return match self.use_define(i, span.clone()) {
                Lowered::Range(range) => {
                    self.name_use(i, &span, true);
                    Some(Test::Cards {
                        classes: range.classes,
                        negated,
                    })
                }
                Lowered::Condition(branches) => Some(Test::All {
                    name: self.defines[i].define.name.clone(),
                    branches,
                    negated,
                }),
                Lowered::Number(_) | Lowered::Narrowed(_) | Lowered::Filter(_) => {
                    let d = self.kind_error(i, name, span, "a condition");
                    self.fail(d)
                }
                Lowered::Failed => None,
            };
        }
        match names::condition_name(name, span, self.options) {
            Ok(predicate) => Some(Test::Predicate { predicate, negated }),
            Err(d) => self.fail(*d),
        }
    }

    /// `topPair | overPair | QQ+`: one of the conditions holds. A union of card queries and
    /// DEFINEd ranges alone is one range; with a predicate or a DEFINEd condition in it, it
    /// becomes a condition of one branch per item (the ranges joined into one), held once
    /// like a DEFINE's body and named by its text.
    fn union(&mut self, items: &[ast::RangeItem], span: &Span) -> Option<Test> {
        if !self.union_has_condition(items) {
            return self.range(items).map(|range| Test::Cards {
                classes: range.classes,
                negated: false,
            });
        }
        let mut ranges: Vec<ast::RangeItem> = Vec::new();
        let mut branches: Vec<Vec<ir::Condition>> = Vec::new();
        let mut ok = true;
        for item in items {
            if let Some(c) = &item.condition {
                match self.condition(c) {
                    Some(c) => branches.push(vec![c]),
                    None => ok = false,
                }
                continue;
            }
            let test = match item.is_name.then(|| self.define_index(&item.text)) {
                None => {
                    ranges.push(item.clone());
                    continue;
                }
                Some(Some(i)) => match self.use_define(i, item.span.clone()) {
                    Lowered::Range(_) => {
                        ranges.push(item.clone());
                        continue;
                    }
                    Lowered::Condition(branches) => Some(Test::All {
                        name: self.defines[i].define.name.clone(),
                        branches,
                        negated: false,
                    }),
                    Lowered::Number(_) | Lowered::Narrowed(_) | Lowered::Filter(_) => {
                        let d = self.kind_error(i, &item.text, item.span.clone(), "a condition");
                        self.fail(d)
                    }
                    Lowered::Failed => None,
                },
                Some(None) => {
                    match names::condition_name(&item.text, item.span.clone(), self.options) {
                        Ok(predicate) => Some(Test::Predicate {
                            predicate,
                            negated: false,
                        }),
                        Err(d) => self.fail(*d),
                    }
                }
            };
            match test {
                Some(test) => branches.push(vec![ir::Condition {
                    test,
                    span: item.span.clone(),
                }]),
                None => ok = false,
            }
        }
        if !ranges.is_empty() {
            let at = ranges[0].span.start..ranges[ranges.len() - 1].span.end;
            match self.range(&ranges) {
                Some(range) => branches.insert(
                    0,
                    vec![ir::Condition {
                        test: Test::Cards {
                            classes: range.classes,
                            negated: false,
                        },
                        span: at,
                    }],
                ),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let id = self.definitions.len();
        let shared: ir::Shared<[Vec<ir::Condition>]> =
            ir::Shared::new(id, self.file.is_some(), branches.into());
        self.definitions
            .push(ir::Definition::Condition(shared.clone()));
        self.definition_files.push(self.file.clone());
        Some(Test::All {
            name: self.union_name(items, span),
            branches: shared,
            negated: false,
        })
    }

    /// A union as the formatter writes it (`(made | strongDraw)`), so its name in `--explain`
    /// is the same however the author spaced it.
    fn union_name(&self, items: &[ast::RangeItem], span: &Span) -> String {
        let inner: Vec<String> = items
            .iter()
            .map(|i| match &i.weight {
                Some((w, _)) => format!("{}:{w}", i.text),
                None => i.text.clone(),
            })
            .collect();
        let inner = inner.join(" | ");
        match self.text(span).trim_start().starts_with('(') {
            true => format!("({inner})"),
            false => inner,
        }
    }

    /// Whether a union names a condition (a predicate, or a DEFINEd condition) and not only
    /// ranges. A DEFINE being lowered (a cycle) counts as a range: [`Self::range`] reports it.
    fn union_has_condition(&mut self, items: &[ast::RangeItem]) -> bool {
        let mut found = items.iter().any(|i| i.condition.is_some());
        for item in items.iter().filter(|i| i.is_name) {
            found |= match self.define_index(&item.text) {
                Some(i) => match &self.defines[i].state {
                    DefineState::Busy => false,
                    DefineState::Done(l) => matches!(l, Lowered::Condition(_) | Lowered::Filter(_)),
                    DefineState::Pending => matches!(
                        self.use_define(i, item.span.clone()),
                        Lowered::Condition(_) | Lowered::Filter(_)
                    ),
                },
                None => Predicate::from_name(&item.text).is_some(),
            };
        }
        found
    }

    /// `QQ+ | AK | premium`: the union of the queries and named ranges.
    fn range(&mut self, items: &[ast::RangeItem]) -> Option<WeightedRange> {
        let mut all = WeightedRange::default();
        let mut ok = true;
        for item in items {
            let classes = if item.is_name {
                match self.define_index(&item.text) {
                    Some(i) => match self.use_define(i, item.span.clone()) {
                        Lowered::Range(range) => {
                            self.name_use(i, &item.span, true);
                            Some(range)
                        }
                        Lowered::Failed => None,
                        // A strength word reads a narrowed range before it comes here.
                        Lowered::Narrowed(_) => {
                            let wanted = "a condition on the hero's cards";
                            let d = self.kind_error(i, &item.text, item.span.clone(), wanted);
                            self.fail(d)
                        }
                        _ => {
                            let d = self.kind_error(i, &item.text, item.span.clone(), "a range");
                            self.fail(d)
                        }
                    },
                    None => {
                        let d = self.unknown_range(&item.text, item.span.clone());
                        self.fail(d)
                    }
                }
            } else {
                self.query(&item.text, item.span.clone())
                    .map(|q| WeightedRange::plain(q.classes))
            };
            let classes = match (classes, &item.weight) {
                (Some(c), Some((w, span))) => self.weigh(c, *w, span.clone()),
                (c, _) => c,
            };
            match classes {
                Some(c) => all = all.union(&c),
                None => ok = false,
            }
        }
        ok.then_some(all)
    }

    /// An unknown name where a range stands, with the DEFINE it likely misspells. Only the
    /// first diagnostics get a suggestion, so a script of many unknown names costs no more
    /// than its DEFINEs a few times over.
    fn unknown_range(&self, name: &str, span: Span) -> SourceDiagnostic {
        let d = SourceDiagnostic::error(
            Code::UnknownName,
            format!("unknown name `{}`", crate::diag::clip(name)),
        )
        .at(span.clone())
        .with_label("expected a card query or a DEFINEd range");
        let defines = self.defines.iter().map(|s| s.define.name.as_str());
        let near = (self.diags.len() < 100)
            .then(|| crate::diag::did_you_mean(name, defines))
            .flatten();
        match near {
            Some(s) => d
                .with_help(format!("did you mean `{s}`?"))
                .with_replacement(span, s.to_string()),
            None => d.with_help(format!(
                "name a range with `DEFINE {} = QQ+ | AK`",
                crate::diag::clip(name)
            )),
        }
    }

    /// "`big` is a number, not a condition", pointing at the DEFINE.
    fn kind_error(&self, i: usize, name: &str, span: Span, wanted: &str) -> SourceDiagnostic {
        let slot = &self.defines[i];
        let what = match &slot.state {
            DefineState::Done(l) => l.word(),
            _ => "not usable",
        };
        let stands = match &slot.state {
            DefineState::Done(l) => l.stands(),
            _ => "",
        };
        let mut d = SourceDiagnostic::error(
            Code::DefineKind,
            format!("`{name}` is {what}, not {wanted}"),
        )
        .at(span)
        .with_help(format!(
            "`{}` is DEFINEd as `{}`",
            slot.define.name,
            self.define_text(i)
        ));
        if !stands.is_empty() {
            d = d.with_label(stands);
        }
        if slot.file.is_none() && self.file.is_none() {
            d = d.with_related(slot.define.span.clone(), "DEFINEd here");
        }
        d
    }

    fn define_text(&self, i: usize) -> String {
        let slot = &self.defines[i];
        let text = slot.file.as_ref().map_or(&self.source.text, |f| &f.text);
        let body =
            slot.define.body.first().map(|c| c.span.start).unwrap_or(0)..slot.define.span.end;
        text.get(body).unwrap_or("").to_string()
    }

    fn define_index(&self, name: &str) -> Option<usize> {
        lookup_folded(&self.by_name, name).copied()
    }

    /// Registers a DEFINE, reporting a name given twice or one the language already has.
    fn declare(&mut self, define: ast::Define, file: Option<Arc<SourceFile>>) {
        let key = define.name.to_ascii_lowercase();
        self.file = file.clone();
        let builtin = !matches!(
            names::meaning(&define.name, &CheckOptions::default()),
            names::Meaning::Unknown
        ) || crate::syntax::lexer::KEYWORDS
            .iter()
            .any(|k| k.eq_ignore_ascii_case(&define.name));
        if builtin {
            self.push(
                SourceDiagnostic::error(
                    Code::DefineShadows,
                    format!("`{}` is already a name of the language", define.name),
                )
                .at(define.name_span.clone())
                .with_label("built in")
                .with_help("choose another name (`hus names` lists the built-in ones)"),
            );
        } else if !self.by_name.contains_key(&key)
            && self
                .options
                .defines
                .iter()
                .any(|n| n.eq_ignore_ascii_case(&define.name))
        {
            // The script's meaning is the one its author wrote beside the rules.
            self.push(
                SourceDiagnostic::warning(
                    Code::DefineOverInit,
                    format!(
                        "`{}` is also an <init> constant of the game state; the DEFINE wins",
                        define.name
                    ),
                )
                .at(define.name_span.clone())
                .with_label("used instead of the game state's value")
                .with_help("rename the DEFINE to read the game state's value"),
            );
            self.by_name.insert(key, self.defines.len());
        } else if let Some(&first) = self.by_name.get(&key) {
            let mut d = SourceDiagnostic::error(
                Code::DefineTwice,
                format!("`{}` is DEFINEd twice", define.name),
            )
            .at(define.name_span.clone())
            .with_label("second DEFINE");
            let first_slot = &self.defines[first];
            if first_slot.file == file {
                d = d.with_related(first_slot.define.name_span.clone(), "first DEFINEd here");
            } else {
                let where_ = first_slot
                    .file
                    .as_ref()
                    .map_or(self.source.name.clone(), |f| f.name.clone());
                d = d.with_help(format!("the first DEFINE is in {where_}"));
            }
            self.push(d);
        } else {
            self.by_name.insert(key, self.defines.len());
        }
        self.defines.push(DefineSlot {
            define,
            file,
            state: DefineState::Pending,
            used: false,
            height: 0,
        });
        self.file = None;
    }

    /// [`Self::resolve`] for a use of the name (which the `unused-define` warning looks for).
    fn use_define(&mut self, i: usize, span: Span) -> Lowered {
        self.defines[i].used = true;
        self.resolve(i, span)
    }

    /// What DEFINE `i` names, lowering it on first use; `span` is where it is used (for a
    /// cycle's error). A DEFINE from an included file comes back with every span moved to
    /// `span`, so later messages point into the script.
    fn resolve(&mut self, i: usize, span: Span) -> Lowered {
        let lowered = match &self.defines[i].state {
            DefineState::Done(l) => l.clone(),
            DefineState::Busy => {
                let name = self.defines[i].define.name.clone();
                self.push(
                    SourceDiagnostic::error(
                        Code::DefineCycle,
                        format!("`{name}` is DEFINEd in terms of itself"),
                    )
                    .at(span)
                    .with_label("used inside its own DEFINE")
                    .with_help("a DEFINE may use other DEFINEs, but never lead back to itself"),
                );
                return Lowered::Failed;
            }
            DefineState::Pending if self.depth >= crate::limits::MAX_DEFINE_DEPTH => {
                // Lowering would recurse deeper: the chain is too deep wherever it starts.
                return self.too_deep(i);
            }
            DefineState::Pending => {
                self.defines[i].state = DefineState::Busy;
                self.depth += 1;
                self.heights.push(0);
                let outer = std::mem::replace(&mut self.file, self.defines[i].file.clone());
                let body = self.defines[i].define.body.clone();
                let mut l = self.define_body(&body);
                let height = self.heights.pop().unwrap_or(0) + 1;
                if height > crate::limits::MAX_DEFINE_DEPTH && !matches!(l, Lowered::Failed) {
                    l = self.too_deep(i);
                }
                let l = self.share(l, self.defines[i].file.is_some());
                self.file = outer;
                self.depth -= 1;
                self.defines[i].height = height;
                self.defines[i].state = DefineState::Done(l.clone());
                l
            }
        };
        // The DEFINE whose body uses this one reaches one deeper.
        if let Some(top) = self.heights.last_mut() {
            *top = (*top).max(self.defines[i].height);
        }
        if self.defines[i].file.is_some() {
            respan(lowered, &span)
        } else {
            lowered
        }
    }

    /// `define-cycle` for a DEFINE reached through more than the documented depth of others,
    /// at its name (its body is not looked at again: the chain's other DEFINEs fail quietly).
    fn too_deep(&mut self, i: usize) -> Lowered {
        let max = crate::limits::MAX_DEFINE_DEPTH;
        let slot = &self.defines[i];
        let d = SourceDiagnostic::error(
            Code::DefineCycle,
            format!(
                "`{}` is DEFINEd through a chain of more than {max} DEFINEs",
                slot.define.name
            ),
        )
        .at(slot.define.name_span.clone())
        .with_label(format!("more than {max} DEFINEs deep"))
        .with_help(format!(
            "DEFINEs nest at most {max} deep (one using another); define it more directly"
        ));
        let outer = std::mem::replace(&mut self.file, slot.file.clone());
        self.push(d);
        self.file = outer;
        Lowered::Failed
    }

    /// A lowered DEFINE made shareable: a condition or a computed number gets its own
    /// definition, which every use refers to; a range, a plain number or a constant is small
    /// and stays a value.
    fn share(&mut self, l: Lowered, included: bool) -> Lowered {
        let id = self.definitions.len();
        match l {
            // New (not an alias of another DEFINE's, which has its definition already).
            Lowered::Condition(c) if c.id == id => {
                self.definitions.push(ir::Definition::Condition(c.clone()));
                self.definition_files.push(self.file.clone());
                Lowered::Condition(c)
            }
            Lowered::Number(op @ (Operand::Binary { .. } | Operand::Negate(_))) => {
                let number = ir::Shared::new(
                    id,
                    included,
                    Arc::new(ir::DefinedNumber {
                        reads_stats: op.reads_stats(),
                        value: op,
                    }),
                );
                self.definitions
                    .push(ir::Definition::Number(number.clone()));
                self.definition_files.push(self.file.clone());
                Lowered::Number(Operand::Defined {
                    name: String::new(),
                    number,
                    span: 0..0,
                })
            }
            other => other,
        }
    }

    /// A DEFINE's body: one value is a number, one card query or union a range, anything
    /// else a condition (of one or more branches).
    fn define_body(&mut self, branches: &[ast::Branch]) -> Lowered {
        if self.is_filter_body(branches) {
            return self.filter_body(branches);
        }
        if let [branch] = branches {
            if let Some(l) = self.define_single(&branch.conditions) {
                return l;
            }
        }
        let mut out = Vec::new();
        for b in branches {
            let n = b.conditions.len();
            let conditions: Vec<ir::Condition> = b
                .conditions
                .iter()
                .filter_map(|c| self.condition(c))
                .collect();
            if conditions.len() != n {
                return Lowered::Failed;
            }
            out.push(conditions);
        }
        let id = self.definitions.len();
        let included = self.file.is_some();
        Lowered::Condition(ir::Shared::new(id, included, out.into()))
    }

    /// A one-line body that names a number, a range or another DEFINE (an alias); `None` when
    /// it is a condition.
    fn define_single(&mut self, body: &[ast::Condition]) -> Option<Lowered> {
        let [one] = body else {
            return None;
        };
        Some(match &one.kind {
            ast::ConditionKind::Value(v) => self.value(v).map_or(Lowered::Failed, Lowered::Number),
            ast::ConditionKind::Query {
                negated: false,
                text,
                text_span,
            } => self
                .query(text, text_span.clone())
                .map_or(Lowered::Failed, |q| {
                    Lowered::Range(WeightedRange::plain(q.classes))
                }),
            // A union naming a condition is a condition (lowered below).
            ast::ConditionKind::Range(items) if self.union_has_condition(items) => return None,
            ast::ConditionKind::Range(items) if self.names_narrowed(items) => self
                .villain_items(items)
                .map_or(Lowered::Failed, Lowered::Narrowed),
            ast::ConditionKind::Range(items) => {
                self.range(items).map_or(Lowered::Failed, Lowered::Range)
            }
            ast::ConditionKind::Narrowed(n) => {
                self.narrowing(n).map_or(Lowered::Failed, Lowered::Narrowed)
            }
            ast::ConditionKind::Name {
                negated: false,
                name,
                name_span,
            } => {
                // Another DEFINE's meaning, or a constant's: an alias.
                if let Some(j) = self.define_index(name) {
                    return Some(self.use_define(j, name_span.clone()));
                }
                match names::meaning(name, self.options) {
                    names::Meaning::Constant(_) | names::Meaning::Defined(_) => {
                        let v = ast::Value {
                            kind: ast::ValueKind::Name(name.clone()),
                            span: name_span.clone(),
                        };
                        self.value(&v).map_or(Lowered::Failed, Lowered::Number)
                    }
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    /// Compiles a card query written at `span`.
    fn query(&mut self, text: &str, span: Span) -> Option<CardQuery> {
        match CardQuery::parse(text) {
            Ok(q) => Some(q),
            Err(QueryError::SuitedPair { pair }) => self.fail(
                SourceDiagnostic::error(
                    Code::SuitedPair,
                    format!("`{text}` cannot hold: a pair is never suited"),
                )
                .at(span.clone())
                .with_label("two cards of one rank have different suits")
                .with_help(format!("a pair cannot be suited; write `{pair}`"))
                .with_replacement(span, text.replace('s', "")),
            ),
            Err(QueryError::BadSpan { reason }) => self.fail(
                SourceDiagnostic::error(Code::BadSpan, format!("bad card span `{text}`: {reason}"))
                    .at(span)
                    .with_help(
                        "a span keeps its first card (`A2s-A5s`, `KTo-KQo`) or joins two pairs (`22-66`)",
                    ),
            ),
            Err(QueryError::Malformed) => self.fail(
                SourceDiagnostic::error(Code::BadQuery, format!("`{text}` is not a card query"))
                    .at(span)
                    .with_help("a card query is two ranks, then `s` or `o`, then `+` or `-`: `AK`, `Q8s+`, `77-`"),
            ),
        }
    }

    fn value(&mut self, v: &ast::Value) -> Option<Operand> {
        match &v.kind {
            ast::ValueKind::Number(n) => Some(Operand::Number(*n)),
            ast::ValueKind::Name(name) => self.constant(1.0, name, v.span.clone()),
            ast::ValueKind::Product {
                factor,
                name,
                name_span,
            } if name.eq_ignore_ascii_case("x")
                && matches!(names::meaning(name, self.options), names::Meaning::Unknown) =>
            {
                self.fail(names::times_x(*factor, v.span.clone()))
            }
            ast::ValueKind::Product {
                factor,
                name,
                name_span,
            } => self.constant(*factor, name, name_span.clone()),
            ast::ValueKind::External(e) => Some(Operand::External(self.external(e)?)),
            ast::ValueKind::Binary { op, lhs, rhs } => {
                let (l, r) = (self.value(lhs), self.value(rhs));
                Some(fold(Operand::Binary {
                    op: *op,
                    lhs: Box::new(l?),
                    rhs: Box::new(r?),
                    span: v.span.clone(),
                }))
            }
            ast::ValueKind::Negate(x) => Some(fold(Operand::Negate(Box::new(self.value(x)?)))),
            ast::ValueKind::Versus {
                word,
                word_span,
                range,
            } => self.versus(word, word_span.clone(), range, v.span.clone()),
        }
    }

    /// `equityVs(RANGE)`: the word must be one of the family, the range any range a rule can
    /// write (reference §12.8).
    fn versus(
        &mut self,
        word: &str,
        word_span: Span,
        range: &ast::Narrowing,
        span: Span,
    ) -> Option<Operand> {
        let villain = self.narrowing(range);
        let Some(measure) = ir::VsMeasure::from_name(word) else {
            let d = SourceDiagnostic::error(
                Code::UnknownName,
                format!("unknown name `{}(...)`", crate::diag::clip(word)),
            )
            .at(word_span.clone())
            .with_label("no such word takes a range");
            let words = ir::VsMeasure::ALL.iter().map(|(n, _)| *n);
            let d = match crate::diag::did_you_mean(word, words) {
                Some(s) => d
                    .with_help(format!("did you mean `{s}`?"))
                    .with_replacement(word_span, s.to_string()),
                None => d.with_help("the words that take a range are `equityVs`, `ppotVs`, `npotVs` and `handStrengthVs`: `equityVs(QQ+ | AK)`"),
            };
            return self.fail(d);
        };
        Some(Operand::Versus {
            measure,
            range: Box::new(villain?),
            span,
        })
    }

    /// A range item's weight (`AKo:0.5`, reference §12.9): from 0 to 1, multiplying the
    /// weights of what it follows.
    fn weigh(&mut self, range: WeightedRange, w: f64, span: Span) -> Option<WeightedRange> {
        self.weight(w, span).map(|w| range.scaled(w))
    }

    /// A weight from 0 to 1, or a `range-weight` error.
    fn weight(&mut self, w: f64, span: Span) -> Option<f64> {
        if !(0.0..=1.0).contains(&w) {
            return self.fail(
                SourceDiagnostic::error(
                    Code::RangeWeight,
                    format!("a class's weight in a range is from 0 to 1, not {w}"),
                )
                .at(span)
                .with_label("not a weight")
                .with_help("write the share of the class's holdings: `AKo:0.5` is half of them, `AKo:0` none"),
            );
        }
        Some(w)
    }

    fn constant(&mut self, factor: f64, name: &str, span: Span) -> Option<Operand> {
        if let Some(i) = self.define_index(name) {
            return match self.use_define(i, span.clone()) {
                Lowered::Number(Operand::Defined { number, .. }) => {
                    let op = Operand::Defined {
                        name: self.defines[i].define.name.clone(),
                        number,
                        span: span.clone(),
                    };
                    Some(match factor == 1.0 {
                        true => op,
                        false => Operand::Binary {
                            op: ArithOp::Mul,
                            lhs: Box::new(Operand::Number(factor)),
                            rhs: Box::new(op),
                            span,
                        },
                    })
                }
                Lowered::Number(op) => {
                    self.name_use(i, &span, false);
                    Some(match factor == 1.0 {
                        true => op,
                        false => fold(Operand::Binary {
                            op: ArithOp::Mul,
                            lhs: Box::new(Operand::Number(factor)),
                            rhs: Box::new(op),
                            span,
                        }),
                    })
                }
                Lowered::Failed => None,
                _ => {
                    let d = self.kind_error(i, name, span, "a number");
                    self.fail(d)
                }
            };
        }
        match names::value_name(name, span.clone(), self.options) {
            Ok(constant) => Some(Operand::Constant {
                factor,
                constant,
                span,
            }),
            Err(d) => self.fail(*d),
        }
    }

    /// Notes a use at `span` of DEFINE `i`, a range or a number the program holds as its
    /// value, when the use is written in the script (a use inside an INCLUDEd file is the
    /// library's).
    fn name_use(&mut self, i: usize, span: &Span, range: bool) {
        if self.file.is_some() {
            return;
        }
        let slot = &self.defines[i];
        let body = match (&slot.file, slot.define.body.as_slice()) {
            (None, [one]) => Some(one.span.clone()),
            _ => None,
        };
        self.named_uses.push(ir::NamedUse {
            name: slot.define.name.clone(),
            used_at: span.clone(),
            body,
            range,
        });
    }

    fn external(&mut self, e: &ast::External) -> Option<ir::ExternalCommand> {
        if e.command.trim().is_empty() {
            return self.fail(
                SourceDiagnostic::error(Code::EmptyExternal, "`external` with an empty command")
                    .at(e.span.clone())
                    .with_label("no program to run")
                    .with_help(
                        "name a program and its arguments: `external \"bin/odds heroCards\"`",
                    ),
            );
        }
        // Unknown placeholders are the external module's to warn about: see `lints::external`.
        Some(ir::ExternalCommand {
            text: e.command.clone(),
            span: e.span.clone(),
        })
    }

    fn action(&mut self, a: &ast::ThenAction) -> ir::RuleAction {
        let kind = match &a.kind {
            ast::ThenActionKind::Nothing => Some(ir::RuleActionKind::Nothing),
            ast::ThenActionKind::Fold => Some(ir::RuleActionKind::Fold),
            ast::ThenActionKind::Check => Some(ir::RuleActionKind::Check),
            ast::ThenActionKind::Call => Some(ir::RuleActionKind::Call),
            ast::ThenActionKind::Raise(items) => self.raise(items).map(ir::RuleActionKind::Raise),
            ast::ThenActionKind::RaiseTo(items) => {
                self.raise(items).map(ir::RuleActionKind::RaiseTo)
            }
            ast::ThenActionKind::Mixed(items) => self.mixed(items),
            ast::ThenActionKind::UseTable { path, path_span } => self
                .table(path, path_span.clone())
                .map(ir::RuleActionKind::Table),
            ast::ThenActionKind::External(e) => self.external(e).map(ir::RuleActionKind::External),
        };
        ir::RuleAction {
            kind: kind.unwrap_or(ir::RuleActionKind::Fold),
            span: a.span.clone(),
        }
    }

    /// A weight that is not above 0, in a RAISE list or a mixed strategy (`example`).
    fn bad_weight(&mut self, w: f64, span: &Span, example: &str, item: &str) {
        self.push(
            SourceDiagnostic::error(
                Code::BadWeight,
                format!(
                    "a weight must be a number above 0, not {}",
                    crate::game::format_amount(w)
                ),
            )
            .at(span.clone())
            .with_label("this weight")
            .with_help(format!(
                "weights are relative chances ({example}); drop the {item} to never pick it"
            )),
        );
    }

    /// `0.7 CALL, 0.3 RAISE 3BB`: positive weights over simple actions.
    fn mixed(&mut self, items: &[ast::MixedItem]) -> Option<ir::RuleActionKind> {
        let mut out = Vec::new();
        let mut ok = true;
        for item in items {
            let (w, span) = &item.weight;
            if !(*w > 0.0 && w.is_finite()) {
                self.bad_weight(*w, span, "`THEN 0.7 CALL, 0.3 RAISE 3BB`", "action");
                ok = false;
            }
            let action = self.action(&item.action);
            out.push(ir::WeightedAction { weight: *w, action });
        }
        ok.then_some(ir::RuleActionKind::Mixed(out))
    }

    fn raise(&mut self, items: &[ast::RaiseItem]) -> Option<Vec<ir::WeightedAmount>> {
        let mut amounts = Vec::new();
        let mut ok = !items.is_empty();
        // `RAISE 0.3 pot, 0.7 2BB` reads as two weights but is 0.3 x pot (weight 1) and 2BB
        // (weight 0.7): a list is all weighted or all not.
        let weighted = items.iter().filter(|i| i.weight.is_some()).count();
        if weighted > 0 && weighted < items.len() {
            let bare = items
                .iter()
                .find(|i| i.weight.is_none())
                .expect("one is bare");
            let source = &self.source.text;
            let text = |sp: &Span| source.get(sp.clone()).unwrap_or("").to_string();
            self.push(
                SourceDiagnostic::error(
                    Code::MixedWeights,
                    format!(
                        "this RAISE list mixes weighted and unweighted amounts: `{}` has no weight (it counts as weight 1)",
                        text(&bare.span)
                    ),
                )
                .at(bare.span.clone())
                .with_fix(
                    "Give it the weight 1",
                    bare.span.start..bare.span.start,
                    "1 ",
                )
                .with_label("no weight")
                .with_help(format!(
                    "give every amount a weight, e.g. `1 {}`; an item with two numbers is a weight and an amount, with one number (or `0.5 pot`) an amount alone",
                    text(&bare.span)
                )),
            );
            ok = false;
        }
        for item in items {
            let weight = match &item.weight {
                None => Some(1.0),
                Some((w, _)) if *w > 0.0 && w.is_finite() => Some(*w),
                Some((w, span)) => {
                    self.bad_weight(*w, span, "`RAISE 1 2BB, 3 4BB`", "amount");
                    None
                }
            };
            let amount = self.value(&item.amount);
            match (weight, amount) {
                (Some(weight), Some(amount)) => amounts.push(ir::WeightedAmount {
                    weight,
                    amount,
                    span: item.amount.span.clone(),
                }),
                _ => ok = false,
            }
        }
        ok.then_some(amounts)
    }

    fn table(&mut self, shown: &str, span: Span) -> Option<Arc<ActionTable>> {
        let path = self.options.base_dir.join(shown);
        if let Some(done) = self.tables.get(&path) {
            return done.clone();
        }
        let loaded = match table::load_for(self.options, shown) {
            Ok(t) => Some(Arc::new(t)),
            Err(problems) => {
                for p in problems {
                    let mut d = SourceDiagnostic::error(p.code, p.message).at(span.clone());
                    if let Some(h) = p.help {
                        d = d.with_help(h);
                    }
                    self.push(d);
                }
                None
            }
        };
        self.tables.insert(path, loaded.clone());
        loaded
    }

    fn fail<T>(&mut self, d: SourceDiagnostic) -> Option<T> {
        self.push(d);
        None
    }

    /// Reports a diagnostic about the file being lowered.
    fn push(&mut self, d: SourceDiagnostic) {
        self.diags.push(d.in_file(self.file.clone()));
    }
}

/// Folds an operation on numbers into its number (`2 * 3BB` stays, `2 * 3` is 6). An
/// undefined result (a division by zero) is kept as the operation, for the evaluator to
/// report where it happens.
pub fn fold(op: Operand) -> Operand {
    match &op {
        Operand::Binary {
            op: o, lhs, rhs, ..
        } => match (lhs.number(), rhs.number()) {
            (Some(l), Some(r)) if o.apply(l, r).is_finite() => Operand::Number(o.apply(l, r)),
            _ => op,
        },
        Operand::Negate(x) => match x.number() {
            Some(v) => Operand::Number(-v),
            None => op,
        },
        _ => op,
    }
}

/// A DEFINE from an included file with its spans moved to where it is used. A shared
/// definition is not copied: what is reported inside one is moved to its use when the
/// program runs.
fn respan(l: Lowered, span: &Span) -> Lowered {
    match l {
        Lowered::Number(op) => Lowered::Number(respan_operand(op, span)),
        other => other,
    }
}

fn respan_operand(op: Operand, span: &Span) -> Operand {
    match op {
        Operand::Number(_) => op,
        Operand::Constant {
            factor, constant, ..
        } => Operand::Constant {
            factor,
            constant,
            span: span.clone(),
        },
        Operand::External(cmd) => Operand::External(ir::ExternalCommand {
            span: span.clone(),
            ..cmd
        }),
        Operand::Binary { op, lhs, rhs, .. } => Operand::Binary {
            op,
            lhs: Box::new(respan_operand(*lhs, span)),
            rhs: Box::new(respan_operand(*rhs, span)),
            span: span.clone(),
        },
        Operand::Negate(x) => Operand::Negate(Box::new(respan_operand(*x, span))),
        Operand::Defined { name, number, .. } => Operand::Defined {
            name,
            number,
            span: span.clone(),
        },
        Operand::Versus { measure, range, .. } => Operand::Versus {
            measure,
            range,
            span: span.clone(),
        },
    }
}
