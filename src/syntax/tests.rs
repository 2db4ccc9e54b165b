//! Parser tests: every construct, the thesis' worked rules, and error recovery.

use super::ast::*;
use super::parse;

/// A compact, span-free rendering of a tree, so tests can state a whole parse in a line.
fn render(script: &Script) -> String {
    let mut out = Vec::new();
    for b in &script.blocks {
        out.push(format!("{}:", b.kind.keyword()));
        for r in &b.rules {
            let mut s = String::from("RULE");
            if let Some((p, _)) = r.priority {
                s += &format!(" PRIORITY {p}");
            }
            s += &branches(&r.branches);
            s += &format!(" THEN {}", action(&r.action));
            for v in &r.reactions {
                s += &format!(
                    " VILLAIN{} THEN {} ENDVILLAIN",
                    branches(&v.branches),
                    action(&v.action)
                );
            }
            out.push(s);
        }
    }
    out.join("\n")
}

fn branches(bs: &[Branch]) -> String {
    bs.iter()
        .map(|b| {
            let cs: Vec<String> = b.conditions.iter().map(condition).collect();
            format!(" [{}]", cs.join(", "))
        })
        .collect()
}

fn condition(c: &Condition) -> String {
    let neg = |n: bool| if n { "!" } else { "" };
    match &c.kind {
        ConditionKind::Query { negated, text } => format!("{}q:{text}", neg(*negated)),
        ConditionKind::Name { negated, name } => format!("{}{name}", neg(*negated)),
        ConditionKind::Compare { lhs, op, rhs, .. } => {
            format!("{} {} {}", value(lhs), op.symbol(), value(rhs))
        }
        ConditionKind::External(x) => format!("ext({})", x.command),
    }
}

fn value(v: &Value) -> String {
    match &v.kind {
        ValueKind::Number(n) => format!("{n}"),
        ValueKind::Name(n) => n.clone(),
        ValueKind::Product { factor, name, .. } => format!("{factor}*{name}"),
        ValueKind::External(x) => format!("ext({})", x.command),
    }
}

fn action(a: &Action) -> String {
    match &a.kind {
        ActionKind::Fold => "FOLD".into(),
        ActionKind::Check => "CHECK".into(),
        ActionKind::Call => "CALL".into(),
        ActionKind::Raise(items) => {
            let is: Vec<String> = items
                .iter()
                .map(|i| match &i.weight {
                    Some((w, _)) => format!("{w}:{}", value(&i.amount)),
                    None => value(&i.amount),
                })
                .collect();
            format!("RAISE {}", is.join(", "))
        }
        ActionKind::UseTable { path, .. } => format!("TABLE({path})"),
        ActionKind::External(x) => format!("ext({})", x.command),
    }
}

/// Parses and expects no diagnostic.
fn ok(src: &str) -> String {
    let (script, diags) = parse(src);
    assert!(
        diags.is_empty(),
        "unexpected diagnostics for {src:?}: {diags:#?}"
    );
    render(&script)
}

/// Wraps rule text in a PREFLOP block and renders its rules.
fn rules(src: &str) -> String {
    let out = ok(&format!("PREFLOP\n{src}\nENDPREFLOP\n"));
    out.strip_prefix("PREFLOP:\n").unwrap_or(&out).to_string()
}

const THESIS_1: &str = "PREFLOP
RULE heroStack >= 3 villainStack, JT+
  heroStack >= 3 villainStack, 77+
  THEN RAISE 0.5 3BB, 0.5 6BB
  VILLAIN villainRaise <= 4BB
  THEN RAISE 2BB
  ENDVILLAIN
  VILLAIN villainRaise >= 4BB, villainRaise <=6BB

    THEN CALL
  ENDVILLAIN
  VILLAIN villainRaise > 6BB
    THEN FOLD
  ENDVILLAIN
ENDRULE
ENDPREFLOP
";

const THESIS_2: &str = "FLOP

RULE heroStack <= 0.5 villainStack, heroStack<=10BB, twoPair, rainbow
    heroStack <= 0.5 villainStack, heroStack<=10BB, flush
  THEN RAISE 5BB
  VILLAIN villainRaise <= 5BB
    THEN RAISE allIn
  ENDVILLAIN
  VILLAIN villainRaise > 5BB
    THEN external \"~/decider wholeGame\"
  ENDVILLAIN
ENDRULE

ENDFLOP
";

#[test]
fn thesis_situation_1() {
    assert_eq!(
        ok(THESIS_1),
        "PREFLOP:\n\
         RULE [heroStack >= 3*villainStack, q:JT+] [heroStack >= 3*villainStack, q:77+] \
         THEN RAISE 0.5:3*BB, 0.5:6*BB \
         VILLAIN [villainRaise <= 4*BB] THEN RAISE 2*BB ENDVILLAIN \
         VILLAIN [villainRaise >= 4*BB, villainRaise <= 6*BB] THEN CALL ENDVILLAIN \
         VILLAIN [villainRaise > 6*BB] THEN FOLD ENDVILLAIN"
    );
}

#[test]
fn thesis_situation_2() {
    assert_eq!(
        ok(THESIS_2),
        "FLOP:\n\
         RULE [heroStack <= 0.5*villainStack, heroStack <= 10*BB, twoPair, rainbow] \
         [heroStack <= 0.5*villainStack, heroStack <= 10*BB, flush] \
         THEN RAISE 5*BB \
         VILLAIN [villainRaise <= 5*BB] THEN RAISE allIn ENDVILLAIN \
         VILLAIN [villainRaise > 5*BB] THEN ext(~/decider wholeGame) ENDVILLAIN"
    );
}

#[test]
fn thesis_spans() {
    let (script, _) = parse(THESIS_2);
    let block = &script.blocks[0];
    assert_eq!(block.open_span, 0..4);
    assert_eq!(block.span, 0..THESIS_2.trim_end().len());
    let rule = &block.rules[0];
    assert_eq!(&THESIS_2[rule.keyword_span.clone()], "RULE");
    assert!(THESIS_2[rule.span.clone()].ends_with("ENDVILLAIN\nENDRULE"));
    let b = &rule.branches[0];
    assert_eq!(
        &THESIS_2[b.span.clone()],
        "heroStack <= 0.5 villainStack, heroStack<=10BB, twoPair, rainbow"
    );
    let ConditionKind::Compare { rhs, op_span, .. } = &b.conditions[1].kind else {
        panic!()
    };
    assert_eq!(&THESIS_2[op_span.clone()], "<=");
    assert_eq!(&THESIS_2[rhs.span.clone()], "10BB");
    let ValueKind::Product { name_span, .. } = &rhs.kind else {
        panic!()
    };
    assert_eq!(&THESIS_2[name_span.clone()], "BB");
    let reaction = &rule.reactions[1];
    assert_eq!(
        &THESIS_2[reaction.action.span.clone()],
        "THEN external \"~/decider wholeGame\""
    );
    let ActionKind::External(x) = &reaction.action.kind else {
        panic!()
    };
    assert_eq!(
        &THESIS_2[x.span.clone()],
        "external \"~/decider wholeGame\""
    );
}
