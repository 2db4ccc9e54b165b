//! Evaluator tests: hand-built programs for the evaluation order (reference §4), checked scripts
//! for the random choices, counted over many seeds.

use super::*;
use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::predicate::Predicate;
use crate::cards::{Card, Rank, Suit};
use crate::diag::Code;
use crate::diag::SourceFile;
use crate::ir::{
    BlockKind, Branch, CmpOp, Condition, ExternalCommand, Reaction, Rule, Test, WeightedAmount,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Preflop, the hero (A♥ K♦) in the small blind, first to act: 10 owed.
const SB_FIRST: &str = r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack>
<villainStack>1000</villainStack><aggression>2</aggression><heroCards>
<card rank="A" color="Hearts"/><card rank="K" color="Diamonds"/></heroCards></init>
<posts><post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post></posts>
<preflop></preflop></game>"#;

/// Flop A♠ 7♣ 2♦ after a limp; the hero checked, the villain bet 30: 30 owed.
const FLOP_BET: &str = r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack>
<villainStack>1000</villainStack><heroCards>
<card rank="A" color="Hearts"/><card rank="K" color="Diamonds"/></heroCards></init>
<posts><post player="Villain" amount="10">SB</post><post player="Hero" amount="20">BB</post></posts>
<preflop><action no="0" player="Villain" act="call" amount="10"/>
<action no="1" player="Hero" act="check" amount="0"/></preflop>
<flop><cards><card rank="A" color="Spades"/><card rank="7" color="Clubs"/>
<card rank="2" color="Diamonds"/></cards>
<action no="0" player="Hero" act="check" amount="0"/>
<action no="1" player="Villain" act="raise" amount="30"/></flop></game>"#;

fn state(xml: &str) -> GameState {
    GameState::from_xml(xml).expect("valid test game").0
}

fn cond(test: Test) -> Condition {
    Condition { test, span: 0..0 }
}

fn branch(tests: Vec<Test>) -> Branch {
    Branch {
        span: 0..0,
        conditions: tests.into_iter().map(cond).collect(),
    }
}

fn act(kind: RuleActionKind) -> RuleAction {
    RuleAction { kind, span: 0..0 }
}

fn number(x: f64) -> Operand {
    Operand::Number(x)
}

fn constant(factor: f64, constant: Constant) -> Operand {
    Operand::Constant {
        factor,
        constant,
        span: 0..0,
    }
}

fn compare(lhs: Operand, op: CmpOp, rhs: Operand) -> Test {
    Test::Compare { lhs, op, rhs }
}

fn holds() -> Test {
    compare(number(1.0), CmpOp::Eq, number(1.0))
}

fn fails() -> Test {
    compare(number(1.0), CmpOp::Eq, number(2.0))
}

/// A condition that errors if it is ever evaluated (external programs are not allowed).
fn must_not_run() -> Test {
    Test::External(ExternalCommand {
        text: "never-run".into(),
        span: 0..0,
    })
}

fn raise(amount: Operand) -> RuleActionKind {
    RuleActionKind::Raise(vec![WeightedAmount {
        weight: 1.0,
        amount,
        span: 0..0,
    }])
}

struct RuleSpec {
    block: BlockKind,
    priority: i64,
    branches: Vec<Vec<Test>>,
    action: RuleActionKind,
    reactions: Vec<(Vec<Vec<Test>>, RuleActionKind)>,
}

fn spec(block: BlockKind, branches: Vec<Vec<Test>>, action: RuleActionKind) -> RuleSpec {
    RuleSpec {
        block,
        priority: 0,
        branches,
        action,
        reactions: Vec::new(),
    }
}

/// A program whose rule `i` sits on line `i + 1`.
fn program(rules: Vec<RuleSpec>) -> Program {
    let rules: Vec<Rule> = rules
        .into_iter()
        .enumerate()
        .map(|(i, r)| Rule {
            span: 0..0,
            line: i + 1,
            block: r.block,
            priority: r.priority,
            branches: r.branches.into_iter().map(branch).collect(),
            action: act(r.action),
            reactions: r
                .reactions
                .into_iter()
                .map(|(b, a)| Reaction {
                    span: 0..0,
                    line: i + 1,
                    branches: b.into_iter().map(branch).collect(),
                    action: act(a),
                })
                .collect(),
        })
        .collect();
    let candidates = Phase::ALL.map(|p| {
        let block = [
            BlockKind::Preflop,
            BlockKind::Flop,
            BlockKind::Turn,
            BlockKind::River,
        ][p as usize];
        (0..rules.len())
            .filter(|&i| rules[i].block == block || rules[i].block == BlockKind::Always)
            .collect()
    });
    Program {
        source: SourceFile::new("t.hus", ""),
        base_dir: ".".into(),
        rules,
        candidates,
        definitions: Vec::new(),
        definition_files: Vec::new(),
        named_uses: Vec::new(),
    }
}

fn run(p: &Program, s: &GameState, seed: u64) -> Result<Verdict, EvalError> {
    decide(
        p,
        s,
        &mut ChaCha8Rng::seed_from_u64(seed),
        &DecideOptions::default(),
    )
}

#[test]
fn branches_stop_at_the_first_failure_and_the_first_success() {
    use BlockKind::Preflop;
    let p = program(vec![
        // The first condition fails: the external one after it never runs.
        spec(
            Preflop,
            vec![vec![fails(), must_not_run()]],
            RuleActionKind::Fold,
        ),
        // The first branch holds: the second is never tried.
        spec(
            Preflop,
            vec![vec![holds()], vec![must_not_run()]],
            RuleActionKind::Call,
        ),
    ]);
    let d = run(&p, &state(SB_FIRST), 0).unwrap();
    assert_eq!(d.action, game::Action::Call);
    assert_eq!(d.rule, RuleRef { index: 1, line: 2 });
    assert_eq!(d.matched.as_slice(), &[2]);
    assert!(d.warnings.is_empty());
}

#[test]
fn an_or_of_branches_holds_when_a_later_one_does() {
    let p = program(vec![spec(
        BlockKind::Preflop,
        vec![vec![fails()], vec![holds(), holds()]],
        RuleActionKind::Call,
    )]);
    assert_eq!(
        run(&p, &state(SB_FIRST), 0).unwrap().action,
        game::Action::Call
    );
}

#[test]
fn card_queries_and_predicates() {
    let ak = HoleClass::of(
        Card::new(Rank::ACE, Suit::Hearts),
        Card::new(Rank::KING, Suit::Diamonds),
    );
    let only_ak: HoleClassSet = [ak].into_iter().collect();
    let p = program(vec![
        spec(
            BlockKind::Flop,
            vec![vec![Test::Cards {
                classes: only_ak,
                negated: true,
            }]],
            RuleActionKind::Fold,
        ),
        spec(
            BlockKind::Flop,
            vec![vec![Test::Predicate {
                predicate: Predicate::TwoPair,
                negated: false,
            }]],
            RuleActionKind::Fold,
        ),
        RuleSpec {
            reactions: vec![(vec![], RuleActionKind::Call)],
            ..spec(
                BlockKind::Flop,
                vec![vec![
                    Test::Cards {
                        classes: only_ak,
                        negated: false,
                    },
                    Test::Predicate {
                        predicate: Predicate::HighPair,
                        negated: false,
                    },
                    Test::Predicate {
                        predicate: Predicate::Pair,
                        negated: false,
                    },
                    Test::Predicate {
                        predicate: Predicate::Flush,
                        negated: true,
                    },
                ]],
                RuleActionKind::Fold,
            )
        },
    ]);
    let d = run(&p, &state(FLOP_BET), 0).unwrap();
    assert_eq!(d.action, game::Action::Call);
    assert_eq!(d.rule.line, 3);
}

fn villain_raise(factor: f64) -> Operand {
    constant(
        factor,
        Constant::History {
            player: crate::game::Player::Villain,
            phase: None,
            stat: crate::game::Stat::Raise,
        },
    )
}

#[test]
fn the_villain_acted_so_reactions_answer() {
    use BlockKind::Flop;
    let p = program(vec![
        // Holds, but no reaction holds: gives nothing.
        RuleSpec {
            reactions: vec![(
                vec![vec![compare(villain_raise(1.0), CmpOp::Gt, number(100.0))]],
                RuleActionKind::Fold,
            )],
            ..spec(Flop, vec![], RuleActionKind::Fold)
        },
        // Holds without reactions: gives nothing either.
        spec(Flop, vec![], RuleActionKind::Fold),
        // The second reaction holds; the third is never tried.
        RuleSpec {
            reactions: vec![
                (vec![vec![fails()]], RuleActionKind::Fold),
                (
                    vec![vec![compare(villain_raise(1.0), CmpOp::Eq, number(30.0))]],
                    raise(villain_raise(3.0)),
                ),
                (vec![vec![must_not_run()]], RuleActionKind::Fold),
            ],
            ..spec(Flop, vec![], RuleActionKind::Check)
        },
    ]);
    let d = run(&p, &state(FLOP_BET), 0).unwrap();
    assert_eq!(
        d.action,
        game::Action::Raise {
            by: 90.0,
            to: 120.0
        }
    );
    assert_eq!(d.matched.as_slice(), &[3]);
}

#[test]
fn before_the_villain_acts_the_then_action_applies() {
    let p = program(vec![RuleSpec {
        reactions: vec![(vec![], RuleActionKind::Fold)],
        ..spec(
            BlockKind::Preflop,
            vec![],
            raise(constant(3.0, Constant::Bb)),
        )
    }]);
    assert_eq!(
        run(&p, &state(SB_FIRST), 0).unwrap().action,
        game::Action::Raise { by: 60.0, to: 80.0 }
    );
}

#[test]
fn no_rule_matched_names_the_phase_and_the_rules_tried() {
    let p = program(vec![
        spec(BlockKind::Flop, vec![vec![fails()]], RuleActionKind::Fold),
        spec(BlockKind::Always, vec![vec![fails()]], RuleActionKind::Fold),
        spec(BlockKind::Preflop, vec![], RuleActionKind::Fold),
    ]);
    let e = run(&p, &state(FLOP_BET), 0).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::NoRuleMatched {
            phase: Phase::Flop,
            tried: 2,
            held: 0,
            read_random: false
        }
    );
    assert_eq!(
        e.to_string(),
        "no rule matched on the flop: 2 rules tried (FLOP and ALWAYS)"
    );
}

#[test]
fn always_rules_are_pooled_and_priority_wins() {
    let mut low = spec(BlockKind::Preflop, vec![], RuleActionKind::Fold);
    low.priority = -1;
    let mut high = spec(BlockKind::Always, vec![], RuleActionKind::Call);
    high.priority = 2;
    let p = program(vec![low, high]);
    let d = run(&p, &state(SB_FIRST), 0).unwrap();
    assert_eq!(d.action, game::Action::Call);
    assert_eq!(d.rule.line, 2);
    assert_eq!(d.matched.as_slice(), &[1, 2]);
    assert!(d.warnings.is_empty());
}

#[test]
fn several_matched_rules_warn_and_pick_uniformly() {
    let p = program(vec![
        spec(BlockKind::Preflop, vec![], RuleActionKind::Fold),
        spec(BlockKind::Always, vec![], RuleActionKind::Call),
    ]);
    let s = state(SB_FIRST);
    let mut calls = 0;
    for seed in 0..1000 {
        let d = run(&p, &s, seed).unwrap();
        assert_eq!(d.warnings.len(), 1);
        assert_eq!(d.warnings[0].code, Code::SeveralRulesMatched);
        assert!(d.warnings[0].message.contains("lines 1 and 2"));
        if d.action == game::Action::Call {
            calls += 1;
        }
    }
    // Binomial(1000, 0.5): sd 15.8; four sd either side.
    assert!((437..=563).contains(&calls), "{calls} calls of 1000");
}

#[test]
fn random_is_drawn_once_per_decision() {
    let r = || constant(1.0, Constant::Random);
    let p = program(vec![
        spec(
            BlockKind::Preflop,
            vec![vec![compare(r(), CmpOp::Lt, number(0.5))]],
            RuleActionKind::Fold,
        ),
        spec(
            BlockKind::Preflop,
            vec![vec![compare(r(), CmpOp::Ge, number(0.5))]],
            RuleActionKind::Call,
        ),
    ]);
    let s = state(SB_FIRST);
    let mut folds = 0;
    for seed in 0..1000 {
        let d = run(&p, &s, seed).unwrap();
        assert!(d.warnings.is_empty(), "exactly one rule matches");
        folds += usize::from(d.action == game::Action::Fold);
    }
    assert!((437..=563).contains(&folds), "{folds} folds of 1000");
}

const PINNED_RAISES_IN_BB: [f64; 12] = [8.0, 5.0, 9.0, 7.0, 8.0, 3.0, 5.0, 2.0, 1.0, 2.0, 6.0, 4.0];

#[test]
fn the_same_seed_gives_the_same_decision() {
    let p = program(vec![spec(
        BlockKind::Preflop,
        vec![],
        RuleActionKind::Raise(
            (1..=10)
                .map(|i| WeightedAmount {
                    weight: 1.0,
                    amount: constant(i as f64, Constant::Bb),
                    span: 0..0,
                })
                .collect(),
        ),
    )]);
    let s = state(SB_FIRST);
    // Pinned draws: the same seed must give these on every platform and in every run (a
    // change of the generator or of how it is sampled shows here first).
    let raises: Vec<f64> = (0..12)
        .map(|seed| match run(&p, &s, seed).unwrap().action {
            game::Action::Raise { by, .. } => by / 20.0,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(raises, PINNED_RAISES_IN_BB);
}

#[test]
fn init_constants_and_a_missing_one() {
    let agg = || constant(1.0, Constant::Init("aggression".into()));
    let p = program(vec![spec(
        BlockKind::Always,
        vec![vec![compare(agg(), CmpOp::Eq, number(2.0))]],
        raise(constant(40.0, Constant::Init("aggression".into()))),
    )]);
    assert_eq!(
        run(&p, &state(SB_FIRST), 0).unwrap().action,
        game::Action::Raise {
            by: 80.0,
            to: 100.0
        }
    );
    let e = run(&p, &state(FLOP_BET), 0).unwrap_err();
    assert!(matches!(
        &e.kind,
        ErrorKind::MissingConstant { name, span: Some(_) } if name == "aggression"
    ));
}

#[test]
fn external_programs_need_permission() {
    let p = program(vec![spec(
        BlockKind::Preflop,
        vec![],
        RuleActionKind::External(ExternalCommand {
            text: "decider wholeGame".into(),
            span: 0..0,
        }),
    )]);
    let e = run(&p, &state(SB_FIRST), 0).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::External { .. }));
    assert!(
        matches!(&e.kind, ErrorKind::External { error, .. } if error.kind == crate::external::ExternalErrorKind::NotAllowed),
        "{e}"
    );
    assert!(
        !e.to_string().contains("--"),
        "no flag in a library message: {e}"
    );
}

#[test]
fn made_legal_with_a_warning_naming_the_rule() {
    let p = program(vec![spec(
        BlockKind::Preflop,
        vec![],
        RuleActionKind::Check,
    )]);
    let d = run(&p, &state(SB_FIRST), 0).unwrap();
    assert_eq!(d.action, game::Action::Fold);
    assert_eq!(d.warnings.len(), 1);
    assert_eq!(
        d.warnings[0].message,
        "rule at line 1: CHECK when 10 is owed becomes fold"
    );
}

#[test]
fn the_trace_names_every_rule_and_the_failed_condition() {
    let p = program(vec![
        spec(
            BlockKind::Flop,
            vec![vec![
                holds(),
                compare(constant(1.0, Constant::ToCall), CmpOp::Gt, number(100.0)),
            ]],
            RuleActionKind::Fold,
        ),
        RuleSpec {
            reactions: vec![(vec![], RuleActionKind::Call)],
            ..spec(BlockKind::Flop, vec![], RuleActionKind::Fold)
        },
    ]);
    let options = DecideOptions {
        explain: true,
        ..DecideOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let d = decide(&p, &state(FLOP_BET), &mut rng, &options).unwrap();
    let trace = d.trace.unwrap().to_string();
    assert!(trace.contains("rule at line 1"), "{trace}");
    assert!(trace.contains("failed: 30 > 100 is false"), "{trace}");
    assert!(trace.contains("rule at line 2"), "{trace}");
    assert!(trace.contains("action:"), "{trace}");
}

/// Spec 6: weights pick an amount with probability proportional to the weight. Counted over
/// the seeds 0..10000 (deterministic, so the counts are pinned exactly as well).
#[test]
fn weighted_raises_follow_their_weights() {
    let p = program(vec![spec(
        BlockKind::Preflop,
        vec![],
        RuleActionKind::Raise(vec![
            WeightedAmount {
                weight: 1.0,
                amount: constant(2.0, Constant::Bb),
                span: 0..0,
            },
            WeightedAmount {
                weight: 3.0,
                amount: constant(4.0, Constant::Bb),
                span: 0..0,
            },
            WeightedAmount {
                weight: 6.0,
                amount: constant(6.0, Constant::Bb),
                span: 0..0,
            },
        ]),
    )]);
    let s = state(SB_FIRST);
    let mut counts = [0u32; 3];
    for seed in 0..10_000 {
        match run(&p, &s, seed).unwrap().action {
            game::Action::Raise { by: 40.0, .. } => counts[0] += 1,
            game::Action::Raise { by: 80.0, .. } => counts[1] += 1,
            game::Action::Raise { by: 120.0, .. } => counts[2] += 1,
            m => panic!("unexpected {m}"),
        }
    }
    for (count, p) in counts.iter().zip([0.1f64, 0.3, 0.6]) {
        let mean = 10_000.0 * p;
        let sd = (10_000.0 * p * (1.0 - p)).sqrt();
        assert!(
            (*count as f64 - mean).abs() <= 4.0 * sd,
            "{counts:?}: {count} is more than 4 sd from {mean}"
        );
    }
    assert_eq!(counts, PINNED_WEIGHT_COUNTS);
}

/// The counts of [`weighted_raises_follow_their_weights`] for ChaCha8 seeds 0..10000.
const PINNED_WEIGHT_COUNTS: [u32; 3] = [1005, 2975, 6020];

/// Reference §12.6: a mixed strategy draws each action with probability proportional to its
/// weight: over seeds 0..10000 each frequency is within 1 % of its weight (and pinned).
#[test]
fn mixed_strategies_follow_their_weights() {
    let source = SourceFile::new(
        "mixed.hus",
        "PREFLOP\nRULE\nTHEN 0.7 CALL, 0.2 RAISE 3BB, 0.1 FOLD\nENDRULE\nENDPREFLOP\n",
    );
    let checked = crate::check::check(&source, &Default::default());
    let p = checked.program.expect("the script checks");
    let s = state(SB_FIRST);
    let mut counts = [0u32; 3];
    for seed in 0..10_000 {
        let d = run(&p, &s, seed).unwrap();
        let draw = d.draw.expect("a draw is reported");
        match (d.action, draw.index) {
            (game::Action::Call, 0) => counts[0] += 1,
            (game::Action::Raise { by: 60.0, to: 80.0 }, 1) => counts[1] += 1,
            (game::Action::Fold, 2) => counts[2] += 1,
            (m, i) => panic!("unexpected {m} from item {i}"),
        }
    }
    for (count, w) in counts.iter().zip([0.7f64, 0.2, 0.1]) {
        let share = *count as f64 / 10_000.0;
        assert!(
            (share - w).abs() <= 0.01,
            "{counts:?}: {share} is not within 1% of {w}"
        );
    }
    assert_eq!(counts, [6931, 2054, 1015]);
}

/// Reference §12.1: arithmetic in a checked script, and a division by zero that makes the
/// comparison fail with a warning instead of a NaN.
#[test]
fn arithmetic_and_undefined_values() {
    let text = "FLOP\nRULE PRIORITY 2 pot / (toCall - toCall) > 1\nTHEN RAISE 1BB\nENDRULE\n\
                RULE PRIORITY 1 2 + 3 * 4 == 14, (2 + 3) * 4 == 20, -toCall < 0\n\
                VILLAIN\nTHEN RAISE (pot - toCall) / 2\nENDVILLAIN\nENDRULE\nENDFLOP\n";
    let source = SourceFile::new("arith.hus", text);
    let checked = crate::check::check(&source, &Default::default());
    let p = checked.program.expect("the script checks");
    let d = run(&p, &state(FLOP_BET), 1).unwrap();
    // The pot is 70 with 30 owed: (70 - 30) / 2 = 20, below the minimum raise of 30.
    assert_eq!(d.action, game::Action::Raise { by: 30.0, to: 60.0 });
    assert_eq!(d.rule.line, 5);
    let codes: Vec<Code> = d.warnings.iter().map(|w| w.code).collect();
    assert!(codes.contains(&Code::UndefinedValue), "{codes:?}");
}

/// `decide_brief` (what a table's script bots use) gives `decide`'s move and flags, with the
/// trace or without, from the same draws: the built-in bots and `examples/tag.hus` on every
/// example game, over many seeds.
#[test]
fn the_brief_decision_is_the_full_one() {
    // The repository: this crate is crates/hus-lang.
    let root = &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = crate::check::CheckOptions {
        base_dir: root.join("examples"),
        ..Default::default()
    };
    let tag = std::fs::read_to_string(root.join("examples/tag.hus")).unwrap();
    // The built-in bots' scripts, as the table layer above embeds them.
    let mut builtins: Vec<_> = std::fs::read_dir(root.join("crates/hus-table/src/play/builtin"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    builtins.sort();
    assert_eq!(builtins.len(), 6, "the built-in bots");
    let scripts = builtins
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .chain([tag]);
    let mut games: Vec<_> = std::fs::read_dir(root.join("examples/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    games.sort();
    let mut compared = 0;
    for source in scripts {
        let file = SourceFile::new("bot.hus", source);
        let program = crate::check::check(&file, &options)
            .program
            .expect("a valid bot");
        for game in &games {
            let s = state(&std::fs::read_to_string(game).unwrap());
            for seed in 0..20 {
                let brief = decide_brief(
                    &program,
                    &s,
                    &mut ChaCha8Rng::seed_from_u64(seed),
                    &ExternalPolicy::default(),
                );
                for explain in [false, true] {
                    let full = decide(
                        &program,
                        &s,
                        &mut ChaCha8Rng::seed_from_u64(seed),
                        &DecideOptions {
                            explain,
                            ..DecideOptions::default()
                        },
                    );
                    match (&brief, full) {
                        (Ok(b), Ok(d)) => assert_eq!(
                            *b,
                            Brief::new(
                                d.action,
                                [
                                    d.made_legal.is_some(),
                                    d.random_tie,
                                    d.draw.is_some(),
                                    b.read_random(),
                                ],
                                b.steps,
                            ),
                            "{} seed {seed}",
                            game.display()
                        ),
                        (Err(b), Err(d)) => assert_eq!(b.to_string(), d.to_string()),
                        (b, d) => panic!("{}: {b:?} against {d:?}", game.display()),
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 2 * 20 * 10 * 2, "{compared}");
}

/// `equityVs(RANGE)` reads the range's holdings the known cards leave: A♥K♦ on A♠7♣2♦ is far
/// behind AA (only A♣A♦ is left, a set, which no run-out beats) and far ahead of KK and QQ
/// (which a king turns around).
#[test]
fn strength_against_a_range_decides() {
    let text = "FLOP\nRULE PRIORITY 3 equityVs(AA) > 0.5\nVILLAIN\nTHEN RAISE 100\nENDVILLAIN\nENDRULE\n\
                RULE PRIORITY 2 equityVs(KK | QQ) > 0.8, handStrengthVs(KK) == 1, npotVs(KK) > 0, ppotVs(AA) == 0\n\
                VILLAIN\nTHEN CALL\nENDVILLAIN\nENDRULE\nENDFLOP\n";
    let source = SourceFile::new("versus.hus", text);
    let checked = crate::check::check(&source, &Default::default());
    let p = checked.program.expect("the script checks");
    let d = run(&p, &state(FLOP_BET), 1).unwrap();
    assert_eq!(d.action, game::Action::Call);
    assert_eq!(d.rule.line, 7);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}

/// A word that takes no range is an unknown name at check time, with the nearest that does.
#[test]
fn an_unknown_word_with_a_range_is_an_error() {
    let text = "FLOP\nRULE potVs(AA) > 0.5\nTHEN CALL\nENDRULE\nENDFLOP\n";
    let source = SourceFile::new("versus.hus", text);
    let checked = crate::check::check(&source, &Default::default());
    assert!(checked.program.is_none());
    let d = &checked.diagnostics[0];
    assert_eq!(d.code, Code::UnknownName);
    assert_eq!(d.message, "unknown name `potVs(...)`");
    assert_eq!(d.help.as_deref(), Some("did you mean `ppotVs`?"));
}

/// Preflop with the villain in the small blind and `acts` (`player act amount`) played: a
/// game state at the hero's decision, both players 2000 deep with blinds 10/20.
fn preflop_after(acts: &[(&str, &str, u32)]) -> GameState {
    let mut xml = String::from(
        r#"<game><init><BB>20</BB><SB>10</SB><heroStack>2000</heroStack>
<villainStack>900</villainStack><heroCards>
<card rank="A" color="Hearts"/><card rank="K" color="Diamonds"/></heroCards></init>
<posts><post player="Villain" amount="10">SB</post><post player="Hero" amount="20">BB</post></posts>
<preflop>"#,
    );
    for (no, (player, act, amount)) in acts.iter().enumerate() {
        xml.push_str(&format!(
            r#"<action no="{no}" player="{player}" act="{act}" amount="{amount}"/>"#
        ));
    }
    xml.push_str("</preflop></game>");
    state(&xml)
}

#[test]
fn the_pots_kind_counts_the_raises_before_the_flop() {
    let kinds = [
        Predicate::LimpedPot,
        Predicate::SingleRaisedPot,
        Predicate::ThreeBetPot,
        Predicate::FourBetPot,
    ];
    // Rule i + 1 holds when the pot is of kind i.
    let p = program(
        kinds
            .iter()
            .map(|&predicate| RuleSpec {
                reactions: vec![(vec![], RuleActionKind::Call)],
                ..spec(
                    BlockKind::Always,
                    vec![vec![Test::Predicate {
                        predicate,
                        negated: false,
                    }]],
                    RuleActionKind::Call,
                )
            })
            .collect(),
    );
    let line = |s: GameState| run(&p, &s, 0).unwrap().rule.line;
    assert_eq!(line(preflop_after(&[("Villain", "call", 10)])), 1);
    assert_eq!(line(preflop_after(&[("Villain", "raise", 40)])), 2);
    let three_bet = [
        ("Villain", "call", 10),
        ("Hero", "raise", 40),
        ("Villain", "raise", 120),
    ];
    assert_eq!(line(preflop_after(&three_bet)), 3);
    let four_bet = [
        ("Villain", "raise", 40),
        ("Hero", "raise", 120),
        ("Villain", "raise", 300),
    ];
    assert_eq!(line(preflop_after(&four_bet)), 4);
    // After the flop the kind stays the preflop one: the limped pot of FLOP_BET, where the
    // villain's flop bet does not count.
    assert_eq!(line(state(FLOP_BET)), 1);
}

#[test]
fn the_starting_effective_stack_is_the_smaller_stack_before_the_blinds_in_big_blinds() {
    let s = preflop_after(&[("Villain", "raise", 40)]);
    let c = Constant::from_name("startingEffectiveStackBB").unwrap();
    // 900 of the villain (the shorter), before the blinds: 45 big blinds.
    assert_eq!(s.derived().constant(s.record(), &c), Some(45.0));
}
