//! Unit tests of lowering and lints on syntax trees built by hand (independent of the
//! parser): a small emitter writes the script text and the tree with matching spans.

use super::*;
use crate::diag::Code;
use crate::diag::Span;
use crate::ir::{Operand, RuleActionKind, TableCell, Test};
use crate::syntax::ast::{self, BlockKind};

/// A rule as the tests describe it: conditions and actions in script syntax.
#[derive(Clone, Default)]
struct R {
    priority: Option<i64>,
    branches: Vec<Vec<&'static str>>,
    action: &'static str,
    reactions: Vec<(Vec<Vec<&'static str>>, &'static str)>,
}

fn rule(branches: &[&[&'static str]], action: &'static str) -> R {
    R {
        branches: branches.iter().map(|b| b.to_vec()).collect(),
        action,
        ..R::default()
    }
}

impl R {
    fn priority(mut self, p: i64) -> R {
        self.priority = Some(p);
        self
    }
    fn villain(mut self, branches: &[&[&'static str]], action: &'static str) -> R {
        self.reactions
            .push((branches.iter().map(|b| b.to_vec()).collect(), action));
        self
    }
}

#[derive(Default)]
struct Emitter {
    text: String,
}

impl Emitter {
    fn push(&mut self, s: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(s);
        start..self.text.len()
    }

    fn value(&mut self, s: &str) -> ast::Value {
        let span = self.push(s);
        let kind = if let Some(cmd) = s.strip_prefix("external ") {
            ast::ValueKind::External(ast::External {
                command: cmd.trim_matches('"').to_string(),
                span: span.clone(),
            })
        } else if let Ok(n) = s.parse::<f64>() {
            ast::ValueKind::Number(n)
        } else if let Some((f, name)) = s.split_once(' ') {
            ast::ValueKind::Product {
                factor: f.parse().unwrap(),
                name: name.to_string(),
                name_span: span.start + f.len() + 1..span.end,
            }
        } else if s.starts_with(|c: char| c.is_ascii_digit()) {
            let i = s.find(|c: char| c.is_alphabetic()).unwrap();
            ast::ValueKind::Product {
                factor: s[..i].parse().unwrap(),
                name: s[i..].to_string(),
                name_span: span.start + i..span.end,
            }
        } else {
            ast::ValueKind::Name(s.to_string())
        };
        ast::Value { kind, span }
    }

    fn condition(&mut self, s: &str) -> ast::Condition {
        let start = self.text.len();
        for op in [
            (" >= ", ast::CmpOp::Ge),
            (" <= ", ast::CmpOp::Le),
            (" == ", ast::CmpOp::Eq),
            (" != ", ast::CmpOp::Ne),
            (" > ", ast::CmpOp::Gt),
            (" < ", ast::CmpOp::Lt),
        ] {
            if let Some((l, r)) = s.split_once(op.0) {
                let lhs = self.value(l);
                self.push(" ");
                let op_span = self.push(op.0.trim());
                self.push(" ");
                let rhs = self.value(r);
                return ast::Condition {
                    kind: ast::ConditionKind::Compare {
                        lhs: Box::new(lhs),
                        op: op.1,
                        op_span,
                        rhs: Box::new(rhs),
                    },
                    span: start..self.text.len(),
                };
            }
        }
        let span = self.push(s);
        let kind = if let Some(cmd) = s.strip_prefix("external ") {
            ast::ConditionKind::External(ast::External {
                command: cmd.trim_matches('"').to_string(),
                span: span.clone(),
            })
        } else {
            let (negated, body) = match s.strip_prefix('!') {
                Some(b) => (true, b),
                None => (false, s),
            };
            let ranks = "23456789TJQKA";
            let mut chars = body.chars();
            if chars.next().is_some_and(|c| ranks.contains(c))
                && chars.next().is_some_and(|c| ranks.contains(c))
            {
                ast::ConditionKind::Query {
                    negated,
                    text: body.to_string(),
                    text_span: span.end - body.len()..span.end,
                }
            } else {
                ast::ConditionKind::Name {
                    negated,
                    name: body.to_string(),
                    name_span: span.end - body.len()..span.end,
                }
            }
        };
        ast::Condition { kind, span }
    }

    fn branches(&mut self, branches: &[Vec<&str>], indent: &str) -> Vec<ast::Branch> {
        let mut out = Vec::new();
        for b in branches {
            self.push(indent);
            let start = self.text.len();
            let mut conditions = Vec::new();
            for (i, c) in b.iter().enumerate() {
                if i > 0 {
                    self.push(", ");
                }
                conditions.push(self.condition(c));
            }
            out.push(ast::Branch {
                span: start..self.text.len(),
                conditions,
            });
            self.push("\n");
        }
        out
    }

    fn action(&mut self, s: &str, indent: &str) -> ast::ThenAction {
        self.push(indent);
        let start = self.push("THEN ").start;
        let kind = match s {
            "FOLD" => {
                self.push(s);
                ast::ThenActionKind::Fold
            }
            "CHECK" => {
                self.push(s);
                ast::ThenActionKind::Check
            }
            "CALL" => {
                self.push(s);
                ast::ThenActionKind::Call
            }
            _ if s.starts_with("RAISE ") => {
                self.push("RAISE ");
                let mut items = Vec::new();
                for (i, item) in s["RAISE ".len()..].split(", ").enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    let parts: Vec<&str> = item.split(' ').collect();
                    let item_start = self.text.len();
                    let (weight, amount) = if parts.len() == 3
                        || (parts.len() == 2 && parts[1].starts_with(|c: char| c.is_ascii_digit()))
                    {
                        let w = self.push(parts[0]);
                        self.push(" ");
                        let rest = item[parts[0].len() + 1..].to_string();
                        (Some((parts[0].parse().unwrap(), w)), self.value(&rest))
                    } else {
                        (None, self.value(item))
                    };
                    items.push(ast::RaiseItem {
                        weight,
                        amount,
                        span: item_start..self.text.len(),
                    });
                }
                ast::ThenActionKind::Raise(items)
            }
            _ if s.starts_with("USE TABLE ") => {
                self.push("USE TABLE ");
                let path = &s["USE TABLE ".len()..];
                let path_span = self.push(path);
                ast::ThenActionKind::UseTable {
                    path: path.to_string(),
                    path_span,
                }
            }
            _ => {
                let span = self.push(s);
                ast::ThenActionKind::External(ast::External {
                    command: s["external ".len()..].trim_matches('"').to_string(),
                    span,
                })
            }
        };
        let span = start..self.text.len();
        self.push("\n");
        ast::ThenAction { kind, span }
    }

    fn rule(&mut self, r: &R) -> ast::Rule {
        let keyword_span = self.push("RULE");
        let priority = r.priority.map(|p| {
            self.push(" PRIORITY ");
            (p, self.push(&p.to_string()))
        });
        self.push("\n");
        let branches = self.branches(&r.branches, "  ");
        let action = self.action(r.action, "  ");
        let mut reactions = Vec::new();
        for (b, a) in &r.reactions {
            let start = self.push("  VILLAIN\n").start + 2;
            let branches = self.branches(b, "    ");
            let action = self.action(a, "    ");
            let end = self.push("  ENDVILLAIN").end;
            self.push("\n");
            reactions.push(ast::Reaction {
                span: start..end,
                branches,
                action,
            });
        }
        let end = self.push("ENDRULE").end;
        self.push("\n");
        ast::Rule {
            span: keyword_span.start..end,
            keyword_span,
            priority,
            branches,
            action,
            reactions,
        }
    }
}

/// Writes a script of blocks and returns its source and tree.
fn script(blocks: &[(BlockKind, Vec<R>)]) -> (SourceFile, ast::Script) {
    let mut e = Emitter::default();
    let mut out = ast::Script::default();
    for (kind, rules) in blocks {
        let open_span = e.push(kind.keyword());
        e.push("\n");
        let rules = rules.iter().map(|r| e.rule(r)).collect();
        let end = e.push(&format!("END{}", kind.keyword())).end;
        e.push("\n");
        out.blocks.push(ast::Block {
            kind: *kind,
            open_span: open_span.clone(),
            rules,
            span: open_span.start..end,
        });
    }
    (SourceFile::new("t.hus", e.text), out)
}

fn run_with(blocks: &[(BlockKind, Vec<R>)], options: &CheckOptions) -> (SourceFile, Checked) {
    let (source, tree) = script(blocks);
    let checked = check_tree(&tree, Vec::new(), &source, options);
    (source, checked)
}

fn run(blocks: &[(BlockKind, Vec<R>)]) -> Checked {
    run_with(blocks, &CheckOptions::default()).1
}

fn codes(c: &Checked) -> Vec<Code> {
    c.diagnostics.iter().map(|d| d.code).collect()
}

/// The source text a diagnostic underlines.
fn underlined(source: &SourceFile, d: &SourceDiagnostic) -> String {
    source.text[d.span.clone().unwrap()].to_string()
}

use BlockKind::*;

#[test]
fn emitter_writes_what_it_spans() {
    let (source, tree) = script(&[(
        Flop,
        vec![rule(
            &[&["pot > 3BB", "!flushDraw"]],
            "RAISE 1 2BB, 3 0.5 pot",
        )],
    )]);
    let r = &tree.blocks[0].rules[0];
    assert_eq!(
        &source.text[r.branches[0].conditions[1].span.clone()],
        "!flushDraw"
    );
    assert_eq!(&source.text[r.keyword_span.clone()], "RULE");
    assert!(source.text.ends_with("ENDRULE\nENDFLOP\n"));
}

#[test]
fn lowers_and_pools_rules() {
    let c = run(&[
        (Preflop, vec![rule(&[&["toCall <= 2 bb"]], "CALL")]),
        (Always, vec![rule(&[], "FOLD").priority(-1)]),
        (
            Flop,
            vec![
                rule(&[&["!pair", "pot >= 10"], &["flushDraw"]], "RAISE 0.5 pot")
                    .villain(&[&["villainRaise > 4BB"]], "FOLD"),
            ],
        ),
    ]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let p = c.program.unwrap();
    assert_eq!(p.rules.len(), 3);
    assert_eq!(p.candidates, [vec![0, 1], vec![1, 2], vec![1], vec![1]]);
    assert_eq!(p.rules[0].line, 2);
    assert_eq!(p.rules[1].priority, -1);
    assert_eq!(p.rules[2].reactions.len(), 1);
    let Test::Compare { rhs, .. } = &p.rules[0].branches[0].conditions[0].test else {
        panic!()
    };
    assert!(matches!(
        rhs,
        Operand::Constant { factor, constant: Constant::Bb, .. } if *factor == 2.0
    ));
    assert!(matches!(
        p.rules[2].branches[0].conditions[0].test,
        Test::Predicate {
            predicate: Predicate::Pair,
            negated: true
        }
    ));
    let RuleActionKind::Raise(items) = &p.rules[2].action.kind else {
        panic!()
    };
    assert_eq!(items[0].weight, 1.0);
}

use crate::cards::predicate::Predicate;
use crate::game::Constant;

#[test]
fn names_in_the_wrong_position() {
    let (source, c) = run_with(
        &[(
            Flop,
            vec![rule(&[&["pot", "!flushdraww", "pair > 2"]], "RAISE 2 sb")],
        )],
        &CheckOptions::default(),
    );
    assert_eq!(
        codes(&c),
        [
            Code::ConstantAsCondition,
            Code::UnknownName,
            Code::PredicateAsNumber
        ]
    );
    assert_eq!(underlined(&source, &c.diagnostics[1]), "flushdraww");
    assert_eq!(
        c.diagnostics[1].help.as_deref(),
        Some("did you mean `flushDraw`?")
    );
    assert!(c.program.is_none());
}

#[test]
fn defines_and_unknown_constants() {
    let blocks = [(Turn, vec![rule(&[&["ante > 2", "3 rake < pot"]], "CALL")])];
    let c = run(&blocks);
    assert_eq!(codes(&c), [Code::UnknownName, Code::UnknownName]);
    assert_eq!(
        c.diagnostics[0].help.as_deref(),
        Some(
            "a name that is not built in must be an <init> constant of the game state; \
             declare `ante` as one to the checker"
        )
    );
    let o = CheckOptions {
        defines: vec!["ANTE".into(), "rake".into()],
        ..CheckOptions::default()
    };
    let (_, c) = run_with(&blocks, &o);
    assert!(c.diagnostics.is_empty());
    let (_, c) = run_with(
        &blocks,
        &CheckOptions {
            allow_unknown_names: true,
            ..CheckOptions::default()
        },
    );
    let p = c.program.unwrap();
    let Test::Compare { lhs, .. } = &p.rules[0].branches[0].conditions[0].test else {
        panic!()
    };
    assert!(matches!(lhs, Operand::Constant { constant: Constant::Init(n), .. } if n == "ante"));
}

#[test]
fn weights_and_externals() {
    let (source, c) = run_with(
        &[(
            River,
            vec![
                rule(&[&["external \"\""]], "RAISE 0 2BB, 1 4BB"),
                rule(&[&["external \"bin/x\" > 1"]], "external \" \""),
            ],
        )],
        &CheckOptions::default(),
    );
    assert_eq!(
        codes(&c),
        [Code::EmptyExternal, Code::BadWeight, Code::EmptyExternal]
    );
    assert_eq!(underlined(&source, &c.diagnostics[1]), "0");
}

#[test]
fn tables_are_loaded_relative_to_the_script() {
    let dir = std::env::temp_dir().join(format!("hus-check-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let row = vec!["R2"; 13].join("\t");
    let good = vec![row.as_str(); 13].join("\n");
    std::fs::write(dir.join("good.tsv"), &good).unwrap();
    std::fs::write(dir.join("bad.tsv"), good.replacen("R2", "Q", 1)).unwrap();
    let o = CheckOptions {
        base_dir: dir.clone(),
        ..CheckOptions::default()
    };
    let (_, c) = run_with(
        &[(
            Preflop,
            vec![
                rule(&[&["pair"]], "USE TABLE good.tsv"),
                rule(&[&["!pair"]], "USE TABLE good.tsv"),
            ],
        )],
        &o,
    );
    let p = c.program.unwrap();
    let (RuleActionKind::Table(a), RuleActionKind::Table(b)) =
        (&p.rules[0].action.kind, &p.rules[1].action.kind)
    else {
        panic!()
    };
    assert!(std::sync::Arc::ptr_eq(a, b), "one file is read once");
    assert_eq!(a.cells[0], TableCell::Raise(2.0));
    let (source, c) = run_with(
        &[(
            Preflop,
            vec![
                rule(&[&["pair"]], "USE TABLE bad.tsv"),
                rule(&[&["!pair"]], "USE TABLE none.tsv"),
            ],
        )],
        &o,
    );
    assert_eq!(codes(&c), [Code::TableCell, Code::TableMissing]);
    assert_eq!(underlined(&source, &c.diagnostics[0]), "bad.tsv");
    assert_eq!(
        c.diagnostics[0].message,
        "table `bad.tsv`, row 1, column 1 (AA): unknown cell `Q`"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn constants_fixed_by_their_block() {
    let c = run(&[
        (
            Preflop,
            vec![rule(
                &[&["flushDraw", "!deskPair", "pair"], &["ppot > 0.2"]],
                "CALL",
            )],
        ),
        (
            Flop,
            vec![rule(
                &[&["villainTurnRaise > 0", "heroRiverCallTimes == 0"]],
                "CALL",
            )],
        ),
        (
            Turn,
            vec![rule(&[&["villainFlopRaise > 0", "npot < 1"]], "CALL")],
        ),
        (
            River,
            vec![rule(&[&["npot < 1"]], "RAISE 2 villainRiverRaise")],
        ),
        (Always, vec![rule(&[&["villainRiverRaise > 0"]], "CALL")]),
    ]);
    assert_eq!(
        codes(&c),
        [
            Code::BoardPredicatePreflop,
            Code::BoardPredicatePreflop,
            Code::PotentialAlwaysZero,
            Code::LaterRoundConstant,
            Code::LaterRoundConstant,
            Code::PotentialAlwaysZero,
        ]
    );
    assert_eq!(
        c.diagnostics[1].message,
        "`!deskPair` is always true before the flop: there is no board yet"
    );
    assert_eq!(
        c.diagnostics[3].message,
        "`villainTurnRaise` is always 0 in a FLOP rule: the turn comes after the flop"
    );
    assert!(c.program.is_some(), "warnings only");
}

#[test]
fn contradictory_predicates() {
    let c = run(&[(
        Flop,
        vec![
            rule(&[&["pair", "!pair"], &["flush"]], "CALL"),
            rule(&[&["highPair", "!pair"], &["air", "twoPair"]], "CALL"),
            rule(&[&["flush", "flushDraw"]], "CALL"),
            rule(&[&["air", "!flush", "deskPair"]], "CALL"),
            rule(&[&["pot > 1", "3 > 4"]], "CALL"),
        ],
    )]);
    assert_eq!(
        codes(&c),
        [
            Code::UnsatisfiableBranch,
            Code::UnsatisfiableRule,
            Code::UnsatisfiableRule,
            Code::UnsatisfiableRule,
            Code::UnsatisfiableRule
        ]
    );
    assert_eq!(
        c.diagnostics[4].message,
        "this rule can never match: `3 > 4` is never true"
    );
    assert_eq!(
        c.diagnostics[0].message,
        "this branch can never hold: `pair` and `!pair` cannot both hold"
    );
    assert_eq!(
        c.diagnostics[2].message,
        "this rule can never match: `flush` and `flushDraw` cannot both hold"
    );
    assert_eq!(
        c.diagnostics[3].message,
        "this rule can never match: `air` and `deskPair` cannot both hold"
    );
}

#[test]
fn river_draws_never_hold() {
    let c = run(&[(River, vec![rule(&[&["flushDraw"], &["pair"]], "CALL")])]);
    assert_eq!(codes(&c), [Code::UnsatisfiableBranch]);
}

#[test]
fn shadowing_by_unconditional_rules() {
    let c = run(&[
        (Always, vec![rule(&[], "FOLD").priority(5)]),
        (Flop, vec![rule(&[&["pair"]], "CALL")]),
    ]);
    assert_eq!(codes(&c), [Code::ShadowedRule]);
    assert_eq!(
        c.diagnostics[0].message,
        "this rule is never chosen: the rule at line 2 always gives an action at a higher priority"
    );
    // Without a branch-less reaction, the fallback gives nothing once the villain acted, so
    // a rule with reactions still decides then.
    let c = run(&[(
        Turn,
        vec![
            rule(&[], "CHECK").priority(1),
            rule(&[&["pair"]], "CALL").villain(&[], "FOLD"),
        ],
    )]);
    assert!(c.diagnostics.is_empty(), "{:?}", codes(&c));
    let c = run(&[(
        Turn,
        vec![
            rule(&[], "CHECK").priority(1).villain(&[], "CALL"),
            rule(&[&["pair"]], "CALL").villain(&[], "FOLD"),
        ],
    )]);
    assert_eq!(codes(&c), [Code::ShadowedRule]);
    // The same priority: a random pick between the two, reported once per pair.
    let c = run(&[(
        River,
        vec![
            rule(&[&["pair"]], "CALL"),
            rule(&[], "FOLD"),
            rule(&[], "CHECK"),
        ],
    )]);
    assert_eq!(codes(&c), [Code::ShadowedRule, Code::ShadowedRule]);
    assert!(c.diagnostics[0].message.contains("picked at random"));
    // An ALWAYS rule shadowed in one phase only; other phases' rules never meet.
    let c = run(&[
        (Flop, vec![rule(&[], "CHECK").priority(2)]),
        (Turn, vec![rule(&[&["pair"]], "CALL")]),
        (Always, vec![rule(&[&["pair"]], "CALL")]),
    ]);
    assert_eq!(codes(&c), [Code::ShadowedRule]);
    assert!(c.diagnostics[0].message.starts_with("in FLOP, "));
}

#[test]
fn unusual_case_names() {
    let (source, c) = run_with(
        &[(
            Flop,
            vec![rule(
                &[&["FlushDraw", "POT > 3 BB", "pot > 2bb"]],
                "RAISE 2 Sb",
            )],
        )],
        &CheckOptions::default(),
    );
    assert_eq!(codes(&c), [Code::NameCase, Code::NameCase, Code::NameCase]);
    assert_eq!(underlined(&source, &c.diagnostics[0]), "FlushDraw");
    assert_eq!(
        c.diagnostics[2].help.as_deref(),
        Some("names ignore case, but `sb` is the usual spelling")
    );
}

#[test]
fn card_queries() {
    let (source, c) = run_with(
        &[(Preflop, vec![rule(&[&["!KKs", "QK"], &["KKo"]], "CALL")])],
        &CheckOptions::default(),
    );
    assert_eq!(
        codes(&c),
        [
            Code::SuitedPair,
            Code::QueryLowFirst,
            Code::QueryOffsuitPair
        ]
    );
    assert_eq!(underlined(&source, &c.diagnostics[0]), "KKs");
    assert_eq!(
        c.diagnostics[0].help.as_deref(),
        Some("a pair cannot be suited; write `KK`")
    );
    assert_eq!(
        c.diagnostics[1].help.as_deref(),
        Some("it means the same as `KQ`; write the high card first")
    );
    let c = run(&[(Flop, vec![rule(&[&["AK", "Q8s+"]], "CALL")])]);
    let p = c.program.unwrap();
    let Test::Cards { classes, negated } = &p.rules[0].branches[0].conditions[0].test else {
        panic!()
    };
    assert!(!negated);
    assert_eq!(classes.len(), 2);
}

#[test]
fn card_queries_that_cannot_hold_together() {
    let c = run(&[
        (
            Flop,
            vec![
                rule(&[&["AA", "KK"], &["AK"]], "CALL"),
                rule(&[&["JJ+", "!AA", "!KK", "!QQ", "!JJ"]], "CALL"),
                rule(&[&["AA", "pair"]], "CALL"),
            ],
        ),
        (
            Preflop,
            vec![
                rule(&[&["AK", "pair"], &["air", "77"]], "CALL"),
                rule(&[&["AA", "highPair"], &["22-55", "!lowPair"]], "CALL"),
            ],
        ),
    ]);
    assert_eq!(
        codes(&c),
        [
            Code::UnsatisfiableBranch,
            Code::UnsatisfiableRule,
            Code::UnsatisfiableRule,
            Code::UnsatisfiableBranch
        ]
    );
    assert_eq!(
        c.diagnostics[0].message,
        "this branch can never hold: no hole cards match all of `AA`, `KK`"
    );
    assert_eq!(
        c.diagnostics[2].message,
        "this rule can never match: none of its 2 branches can hold"
    );
    assert_eq!(c.diagnostics[2].related.len(), 2);
    assert_eq!(
        c.diagnostics[3].message,
        "this branch can never hold: no hole cards match all of `22-55`, `!lowPair`"
    );
}

#[test]
fn no_case_warning_for_a_name_already_in_error() {
    let c = run(&[(Flop, vec![rule(&[&["POT", "FLUSH > 2"]], "CALL")])]);
    assert_eq!(
        codes(&c),
        [Code::ConstantAsCondition, Code::PredicateAsNumber]
    );
}

/// DEFINE names of any length resolve in any case, including those longer than the stack
/// buffer names are folded in.
#[test]
fn long_define_names_resolve_in_any_case() {
    let long = "aVeryLongDefineNameThatKeepsGoingPastFortyEightBytesOfText";
    assert!(long.len() > 48);
    let text = format!(
        "DEFINE {long} = 3BB\nPREFLOP\nRULE pot > {}\n  THEN RAISE {}\nENDRULE\nENDPREFLOP\n",
        long.to_uppercase(),
        long.to_lowercase()
    );
    let file = SourceFile::new("long.hus", text);
    let c = check(&file, &CheckOptions::default());
    assert_eq!(codes(&c), Vec::<Code>::new());
    assert!(c.program.is_some());
}

/// A large script's lints run on two threads, and its tree's beside the lowering: the
/// diagnostics are exactly those of the sequential order.
#[test]
fn large_scripts_check_as_the_sequential_order_does() {
    let mut text = String::from("DEFINE unused = 3BB\nDEFINE strong = pair, deskPair\nPREFLOP\n");
    for i in 0..300 {
        text.push_str(match i % 7 {
            0 => "RULE FlushDraw, KA\n  THEN CALL\nENDRULE\n",
            1 => "RULE AK, QQ\n  THEN RAISE 0.5 3BB, 4BB\nENDRULE\n",
            2 => "RULE flushdraww\n  THEN CALL\nENDRULE\n",
            3 => "RULE\n  THEN FOLD\nENDRULE\n",
            4 => "RULE pot > 3 villainStack, deskPair, strong\n  THEN RAISE 0\nENDRULE\n",
            5 => "RULE external \"bin/x herocards\" > 1, 2 > 3\n  THEN CALL\nENDRULE\n",
            _ => "RULE PRIORITY 1 QQo, villainFlopRaise > 2\n  THEN RAISE 2BB\nENDRULE\n",
        });
    }
    text.push_str("ENDPREFLOP\n");
    let file = SourceFile::new("big.hus", text);
    let options = CheckOptions::default();
    let parallel = check(&file, &options).diagnostics;

    let (script, mut sequential) = crate::syntax::parse(&file.text);
    let syntax_ok = !sequential.iter().any(SourceDiagnostic::is_error);
    let (included, found) = include::resolve(&script, &file, &options.base_dir);
    sequential.extend(found);
    let (program, lowering) = lower::lower(&script, &included, &file, &options);
    sequential.extend(lowering);
    sequential.extend(lints::lint(&script, &program, &file, syntax_ok, &[]));
    sequential.sort_by_key(|d| {
        (
            d.file.is_some(),
            d.span.as_ref().map(|s| s.start),
            std::cmp::Reverse(d.severity),
        )
    });
    assert!(parallel.len() > 300, "{}", parallel.len());
    assert_eq!(parallel, sequential);
}

/// `compile` (what `hus decide` runs) gives `check`'s program for every example and every
/// decide golden script, and `check`'s full report for a script with an error.
#[test]
fn compile_is_check_without_the_lints_of_a_clean_script() {
    // The repository: this crate is crates/hus-lang.
    let root = &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut scripts: Vec<std::path::PathBuf> = Vec::new();
    let mut dirs = vec![root.join("examples"), root.join("tests/cases/decide")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "hus") {
                scripts.push(path);
            }
        }
    }
    assert!(scripts.len() >= 10, "{scripts:?}");
    let mut clean = 0;
    for path in &scripts {
        let file = SourceFile::new(
            path.display().to_string(),
            std::fs::read_to_string(path).unwrap(),
        );
        let options = CheckOptions {
            base_dir: path.parent().unwrap().to_path_buf(),
            allow_unknown_names: true,
            ..CheckOptions::default()
        };
        let (full, fast) = (check(&file, &options), compile(&file, &options));
        match (&full.program, &fast.program) {
            (Some(a), Some(b)) => {
                clean += 1;
                assert_eq!(a.shape(), b.shape(), "{}", path.display());
                assert!(fast
                    .diagnostics
                    .iter()
                    .all(|d| full.diagnostics.contains(d)));
            }
            (None, None) => assert_eq!(full.diagnostics, fast.diagnostics),
            _ => panic!("{}: check and compile disagree", path.display()),
        }
    }
    assert!(clean >= 10, "{clean}");
    let bad = SourceFile::new(
        "bad.hus",
        "PREFLOP\nRULE potOdds > 1, AK\n  THEN RAIZE\nENDRULE\nENDPREFLOP\n",
    );
    let options = CheckOptions::default();
    let full = check(&bad, &options);
    assert!(full.errors() > 0);
    assert_eq!(compile(&bad, &options).diagnostics, full.diagnostics);
}

#[test]
fn a_script_over_the_size_limit_is_refused_before_it_is_parsed() {
    let max = crate::limits::MAX_SCRIPT_BYTES as usize;
    let o = CheckOptions::default();
    let big = SourceFile::new("big.hus", "#".repeat(max + 1));
    for checked in [check(&big, &o), compile(&big, &o)] {
        assert!(checked.program.is_none());
        let got: Vec<_> = checked
            .diagnostics
            .iter()
            .map(|d| (d.code, d.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [(
                Code::ScriptUnreadable,
                "cannot read big.hus: it is larger than 16 MiB"
            )]
        );
    }
    let at = SourceFile::new("at.hus", "#".repeat(max));
    assert!(check(&at, &o)
        .diagnostics
        .iter()
        .all(|d| d.code != Code::ScriptUnreadable));
    let e = tune::set_values(&big.text, &[("x".into(), 1.0)]).unwrap_err();
    assert_eq!(e.0, "the script: it is larger than 16 MiB");
}
