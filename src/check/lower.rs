//! Lowering: the syntax tree to the checked [`Program`]. Names are resolved, card queries
//! compiled, tables loaded and validated, rules pooled per phase. Every problem is reported
//! and lowering goes on, so one run shows all of a script's errors; a part that could not be
//! lowered is dropped (a condition) or replaced by `FOLD` (an action), which is harmless
//! because a program with errors is never run.

use crate::diag::Code;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use crate::cards::query::{CardQuery, QueryError};
use crate::diag::{Diagnostic, SourceFile, Span};
use crate::game::Phase;
use crate::ir::{self, ActionTable, BlockKind, Operand, Program, Test};
use crate::syntax::ast;

use super::{names, table, CheckOptions};

/// Lowers a whole script. The program always has one rule per rule of the tree, in order.
pub fn lower(
    script: &ast::Script,
    source: &SourceFile,
    options: &CheckOptions,
) -> (Program, Vec<Diagnostic>) {
    let mut l = Lowerer {
        source,
        options,
        diags: Vec::new(),
        tables: HashMap::new(),
    };
    let mut rules = Vec::new();
    for block in &script.blocks {
        for rule in &block.rules {
            rules.push(l.rule(rule, block.kind));
        }
    }
    let candidates = pool(&rules);
    let program = Program {
        source: source.clone(),
        base_dir: options.base_dir.clone(),
        rules,
        candidates,
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
    diags: Vec<Diagnostic>,
    /// Tables by resolved path: each file is read and reported on once.
    tables: HashMap<PathBuf, Option<Arc<ActionTable>>>,
}

impl Lowerer<'_> {
    fn line(&self, span: &Span) -> usize {
        self.source.line_col(span.start).0
    }

    fn rule(&mut self, rule: &ast::Rule, block: BlockKind) -> ir::Rule {
        ir::Rule {
            span: rule.span.clone(),
            line: self.line(&rule.keyword_span),
            block,
            priority: rule.priority.as_ref().map_or(0, |(p, _)| *p),
            branches: self.branches(&rule.branches),
            action: self.action(&rule.action),
            reactions: rule
                .reactions
                .iter()
                .map(|r| ir::Reaction {
                    span: r.span.clone(),
                    line: self.line(&r.span),
                    branches: self.branches(&r.branches),
                    action: self.action(&r.action),
                })
                .collect(),
        }
    }

    fn branches(&mut self, branches: &[ast::Branch]) -> Vec<ir::Branch> {
        branches
            .iter()
            .map(|b| ir::Branch {
                span: b.span.clone(),
                conditions: b
                    .conditions
                    .iter()
                    .filter_map(|c| self.condition(c))
                    .collect(),
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
            } => {
                let span = name_span.clone();
                match names::condition_name(name, span, self.options) {
                    Ok(predicate) => Test::Predicate {
                        predicate,
                        negated: *negated,
                    },
                    Err(d) => return self.fail(*d),
                }
            }
            ast::ConditionKind::Compare { lhs, op, rhs, .. } => {
                let (lhs, rhs) = (self.value(lhs), self.value(rhs));
                Test::Compare {
                    lhs: lhs?,
                    op: *op,
                    rhs: rhs?,
                }
            }
            ast::ConditionKind::External(e) => Test::External(self.external(e)?),
        };
        Some(ir::Condition {
            test,
            span: c.span.clone(),
        })
    }

    /// Compiles a card query written at `span`.
    fn query(&mut self, text: &str, span: Span) -> Option<CardQuery> {
        match CardQuery::parse(text) {
            Ok(q) => Some(q),
            Err(QueryError::SuitedPair { pair }) => self.fail(
                Diagnostic::error(
                    Code::SuitedPair,
                    format!("`{text}` cannot hold: a pair is never suited"),
                )
                .at(span)
                .with_label("two cards of one rank have different suits")
                .with_help(format!("a pair cannot be suited; write `{pair}`")),
            ),
            Err(QueryError::BadSpan { reason }) => self.fail(
                Diagnostic::error(Code::BadSpan, format!("bad card span `{text}`: {reason}"))
                    .at(span)
                    .with_help(
                        "a span keeps its first card (`A2s-A5s`, `KTo-KQo`) or joins two pairs (`22-66`)",
                    ),
            ),
            Err(QueryError::Malformed) => self.fail(
                Diagnostic::error(Code::BadQuery, format!("`{text}` is not a card query"))
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
            } => self.constant(*factor, name, name_span.clone()),
            ast::ValueKind::External(e) => Some(Operand::External(self.external(e)?)),
        }
    }

    fn constant(&mut self, factor: f64, name: &str, span: Span) -> Option<Operand> {
        match names::value_name(name, span.clone(), self.options) {
            Ok(constant) => Some(Operand::Constant {
                factor,
                constant,
                span,
            }),
            Err(d) => self.fail(*d),
        }
    }

    fn external(&mut self, e: &ast::External) -> Option<ir::ExternalCommand> {
        if e.command.trim().is_empty() {
            return self.fail(
                Diagnostic::error(Code::EmptyExternal, "`external` with an empty command")
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

    fn action(&mut self, a: &ast::Action) -> ir::Action {
        let kind = match &a.kind {
            ast::ActionKind::Nothing => Some(ir::ActionKind::Nothing),
            ast::ActionKind::Fold => Some(ir::ActionKind::Fold),
            ast::ActionKind::Check => Some(ir::ActionKind::Check),
            ast::ActionKind::Call => Some(ir::ActionKind::Call),
            ast::ActionKind::Raise(items) => self.raise(items),
            ast::ActionKind::UseTable { path, path_span } => self
                .table(path, path_span.clone())
                .map(ir::ActionKind::Table),
            ast::ActionKind::External(e) => self.external(e).map(ir::ActionKind::External),
        };
        ir::Action {
            kind: kind.unwrap_or(ir::ActionKind::Fold),
            span: a.span.clone(),
        }
    }

    fn raise(&mut self, items: &[ast::RaiseItem]) -> Option<ir::ActionKind> {
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
            self.diags.push(
                Diagnostic::error(
                    Code::MixedWeights,
                    format!(
                        "this RAISE list mixes weighted and unweighted amounts: `{}` has no weight (it counts as weight 1)",
                        text(&bare.span)
                    ),
                )
                .at(bare.span.clone())
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
                    self.diags.push(
                        Diagnostic::error(
                            Code::BadWeight,
                            format!(
                                "a raise weight must be a number above 0, not {}",
                                crate::game::format_amount(*w)
                            ),
                        )
                        .at(span.clone())
                        .with_label("this weight")
                        .with_help("weights are relative chances (`RAISE 1 2BB, 3 4BB`); drop the item to never pick it"),
                    );
                    None
                }
            };
            let amount = self.value(&item.amount);
            match (weight, amount) {
                (Some(weight), Some(amount)) => amounts.push(ir::WeightedAmount { weight, amount }),
                _ => ok = false,
            }
        }
        ok.then_some(ir::ActionKind::Raise(amounts))
    }

    fn table(&mut self, shown: &str, span: Span) -> Option<Arc<ActionTable>> {
        let path = self.options.base_dir.join(shown);
        if let Some(done) = self.tables.get(&path) {
            return done.clone();
        }
        let loaded = match table::load(&self.options.base_dir, shown, &self.options.table_dirs) {
            Ok(t) => Some(Arc::new(t)),
            Err(problems) => {
                for p in problems {
                    let mut d = Diagnostic::error(p.code, p.message).at(span.clone());
                    if let Some(h) = p.help {
                        d = d.with_help(h);
                    }
                    self.diags.push(d);
                }
                None
            }
        };
        self.tables.insert(path, loaded.clone());
        loaded
    }

    fn fail<T>(&mut self, d: Diagnostic) -> Option<T> {
        self.diags.push(d);
        None
    }
}
