//! Parser tests: every construct, the thesis' worked rules, and error recovery.

use super::ast::*;
use super::parse;
use crate::diag::Code;

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
        ConditionKind::Query { negated, text, .. } => format!("{}q:{text}", neg(*negated)),
        ConditionKind::Name { negated, name, .. } => format!("{}{name}", neg(*negated)),
        ConditionKind::Compare { lhs, op, rhs, .. } => {
            format!("{} {} {}", value(lhs), op.symbol(), value(rhs))
        }
        ConditionKind::External(x) => format!("ext({})", x.command),
        ConditionKind::Range(items) => {
            let is: Vec<String> = items
                .iter()
                .map(|i| i.condition.as_deref().map_or(i.text.clone(), condition))
                .collect();
            format!("range({})", is.join("|"))
        }
        ConditionKind::Narrowed(n) => format!("narrowed({})", narrowing(n)),
        ConditionKind::OrBetter { name, .. } => format!("{name}+"),
        ConditionKind::Value(v) => format!("value({})", value(v)),
    }
}

fn value(v: &Value) -> String {
    match &v.kind {
        ValueKind::Number(n) => format!("{n}"),
        ValueKind::Name(n) => n.clone(),
        ValueKind::Product { factor, name, .. } => format!("{factor}*{name}"),
        ValueKind::External(x) => format!("ext({})", x.command),
        ValueKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", value(lhs), op.symbol(), value(rhs))
        }
        ValueKind::Negate(x) => format!("(-{})", value(x)),
        ValueKind::Versus { word, range, .. } => format!("{word}({})", narrowing(range)),
    }
}

/// `r|AK WITH topPair+,flushDraw|AK:0.5`: the range, then each `WITH` and its words.
fn narrowing(n: &Narrowing) -> String {
    let mut out: Vec<String> = vec![n
        .range
        .iter()
        .map(|i| i.text.as_str())
        .collect::<Vec<_>>()
        .join("|")];
    for (_, filter) in &n.withs {
        let alternatives: Vec<String> = filter
            .iter()
            .map(|a| {
                a.iter()
                    .map(|w| {
                        let plus = if w.or_better { "+" } else { "" };
                        let weight = w
                            .weight
                            .as_ref()
                            .map_or(String::new(), |(x, _)| format!(":{x}"));
                        format!(
                            "{}{}{plus}{weight}",
                            if w.negated { "!" } else { "" },
                            w.name
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        out.push(alternatives.join("|"));
    }
    out.join(" WITH ")
}

fn action(a: &ThenAction) -> String {
    match &a.kind {
        ThenActionKind::Nothing => "NOTHING".into(),
        ThenActionKind::Fold => "FOLD".into(),
        ThenActionKind::Check => "CHECK".into(),
        ThenActionKind::Call => "CALL".into(),
        ThenActionKind::Mixed(items) => {
            let is: Vec<String> = items
                .iter()
                .map(|i| format!("{}:{}", i.weight.0, action(&i.action)))
                .collect();
            format!("MIXED {}", is.join(", "))
        }
        ThenActionKind::Raise(items) | ThenActionKind::RaiseTo(items) => {
            let word = if matches!(a.kind, ThenActionKind::RaiseTo(_)) {
                "RAISETO"
            } else {
                "RAISE"
            };
            let is: Vec<String> = items
                .iter()
                .map(|i| match &i.weight {
                    Some((w, _)) => format!("{w}:{}", value(&i.amount)),
                    None => value(&i.amount),
                })
                .collect();
            format!("{word} {}", is.join(", "))
        }
        ThenActionKind::UseTable { path, .. } => format!("TABLE({path})"),
        ThenActionKind::External(x) => format!("ext({})", x.command),
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
    let ThenActionKind::External(x) = &reaction.action.kind else {
        panic!()
    };
    assert_eq!(
        &THESIS_2[x.span.clone()],
        "external \"~/decider wholeGame\""
    );
}

#[test]
fn blocks_in_any_order_and_repeated() {
    let src = "RIVER\nENDRIVER\nALWAYS\nRULE\nTHEN FOLD\nENDRULE\nENDALWAYS\nPREFLOP\nENDPREFLOP\n\
               TURN\nENDTURN\nFLOP\nENDFLOP\nPREFLOP\nRULE AA\nTHEN CALL\nENDRULE\nENDPREFLOP";
    assert_eq!(
        ok(src),
        "RIVER:\nALWAYS:\nRULE THEN FOLD\nPREFLOP:\nTURN:\nFLOP:\nPREFLOP:\nRULE [q:AA] THEN CALL"
    );
    assert_eq!(ok(""), "");
    assert_eq!(ok("\n\n// only comments\n"), "");
}

#[test]
fn branch_layouts() {
    // First branch on the RULE line, or RULE alone on its line; no branch = always holds.
    assert_eq!(
        rules("RULE pair\n flush\n THEN CALL\nENDRULE"),
        "RULE [pair] [flush] THEN CALL"
    );
    assert_eq!(
        rules("RULE\n pair, flush\n\n AA\n THEN CALL\nENDRULE"),
        "RULE [pair, flush] [q:AA] THEN CALL"
    );
    assert_eq!(rules("RULE\nTHEN CHECK\nENDRULE"), "RULE THEN CHECK");
}

#[test]
fn priorities() {
    assert_eq!(
        rules("RULE PRIORITY 3 pair\nTHEN CALL\nENDRULE"),
        "RULE PRIORITY 3 [pair] THEN CALL"
    );
    assert_eq!(
        rules("RULE PRIORITY -10\nTHEN FOLD\nENDRULE"),
        "RULE PRIORITY -10 THEN FOLD"
    );
    assert_eq!(
        rules("RULE PRIORITY 22\nTHEN FOLD\nENDRULE"),
        "RULE PRIORITY 22 THEN FOLD"
    );
    let (_, d) = parse("PREFLOP\nRULE PRIORITY 1.5\nTHEN FOLD\nENDRULE\nENDPREFLOP");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::BadPriority);
}

#[test]
fn conditions() {
    assert_eq!(
        rules(
            "RULE AK, !T5, Q8s+, JJ-, A2s-A5s, !KTo-KQo, 22-66, 99, !54, pair, !flushDraw\nTHEN CALL\nENDRULE"
        ),
        "RULE [q:AK, !q:T5, q:Q8s+, q:JJ-, q:A2s-A5s, !q:KTo-KQo, q:22-66, q:99, !q:54, pair, !flushDraw] THEN CALL"
    );
    // `22`..`99` is the number in a comparison; products written both ways.
    assert_eq!(
        rules(
            "RULE toCall < 99, 22 > pot, pot >= 2 BB, pot == 4BB, pot != 0.5pot, 3 villainStack <= 40\nTHEN CALL\nENDRULE"
        ),
        "RULE [toCall < 99, 22 > pot, pot >= 2*BB, pot == 4*BB, pot != 0.5*pot, 3*villainStack <= 40] THEN CALL"
    );
    assert_eq!(
        rules(
            "RULE external \"odds heroCards\", external \"eq\" > 0.6, pot < external \"x \\\"y\\\"\"\nTHEN CALL\nENDRULE"
        ),
        "RULE [ext(odds heroCards), ext(eq) > 0.6, pot < ext(x \"y\")] THEN CALL"
    );
}

#[test]
fn actions() {
    assert_eq!(rules("RULE\nTHEN FOLD\nENDRULE"), "RULE THEN FOLD");
    assert_eq!(rules("RULE\nTHEN CHECK\nENDRULE"), "RULE THEN CHECK");
    assert_eq!(rules("RULE\nTHEN CALL\nENDRULE"), "RULE THEN CALL");
    assert_eq!(
        rules("RULE\nTHEN RAISE 3BB\nENDRULE"),
        "RULE THEN RAISE 3*BB"
    );
    assert_eq!(
        rules("RULE\nTHEN RAISE allIn\nENDRULE"),
        "RULE THEN RAISE allIn"
    );
    assert_eq!(rules("RULE\nTHEN RAISE 40\nENDRULE"), "RULE THEN RAISE 40");
    assert_eq!(
        rules("RULE\nTHEN RAISE 0.5 pot\nENDRULE"),
        "RULE THEN RAISE 0.5*pot"
    );
    assert_eq!(
        rules("RULE\nTHEN RAISE 0.25 2BB, 0.5 4BB, 0.25 8BB\nENDRULE"),
        "RULE THEN RAISE 0.25:2*BB, 0.5:4*BB, 0.25:8*BB"
    );
    assert_eq!(
        rules("RULE\nTHEN RAISE 1 2BB, 3 3 BB, 5 60, 2 external \"x\", 7 allIn\nENDRULE"),
        "RULE THEN RAISE 1:2*BB, 3:3*BB, 5:60, 2:ext(x), 7*allIn"
    );
    assert_eq!(
        rules("RULE\nTHEN RAISE 22 33\nENDRULE"),
        "RULE THEN RAISE 22:33"
    );
    assert_eq!(
        rules("RULE\nTHEN USE TABLE tables/raise-first-in.tsv\nENDRULE"),
        "RULE THEN TABLE(tables/raise-first-in.tsv)"
    );
    assert_eq!(
        rules("RULE\nTHEN USE TABLE \"my tables/rfi.tsv\" // quoted\nENDRULE"),
        "RULE THEN TABLE(my tables/rfi.tsv)"
    );
    assert_eq!(
        rules("RULE\nTHEN external \"bin/decider wholeGame\"\nENDRULE"),
        "RULE THEN ext(bin/decider wholeGame)"
    );
}

#[test]
fn raise_item_spans() {
    let src = "PREFLOP\nRULE\nTHEN RAISE 0.25 2BB, 3 3 BB\nENDRULE\nENDPREFLOP";
    let (s, d) = parse(src);
    assert!(d.is_empty());
    let ThenActionKind::Raise(items) = &s.blocks[0].rules[0].action.kind else {
        panic!()
    };
    assert_eq!(&src[items[0].span.clone()], "0.25 2BB");
    assert_eq!(&src[items[0].weight.as_ref().unwrap().1.clone()], "0.25");
    assert_eq!(&src[items[0].amount.span.clone()], "2BB");
    assert_eq!(&src[items[1].amount.span.clone()], "3 BB");
}

#[test]
fn reactions() {
    assert_eq!(
        rules("RULE pair\nTHEN CALL\nVILLAIN\nTHEN FOLD\nENDVILLAIN\nVILLAIN villainRaise > 2BB, AA\n 99\nTHEN RAISE allIn\nENDVILLAIN\nENDRULE"),
        "RULE [pair] THEN CALL VILLAIN THEN FOLD ENDVILLAIN VILLAIN [villainRaise > 2*BB, q:AA] [q:99] THEN RAISE allIn ENDVILLAIN"
    );
}

#[test]
fn a_reaction_only_rule_may_have_an_external_condition_line() {
    // A line starting with `external` is a condition (an external action follows THEN).
    let (_, diags) = parse(
        "FLOP\nRULE pair\n  external \"x\" > 0\n  VILLAIN\n    THEN FOLD\n  ENDVILLAIN\nENDRULE\nENDFLOP\n",
    );
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn crlf_and_comments() {
    assert_eq!(
        ok("PREFLOP\r\n// c\r\nRULE AA // c\r\n\r\n  KK\r\nTHEN CALL // c\r\nENDRULE\r\nENDPREFLOP\r\n"),
        "PREFLOP:\nRULE [q:AA] [q:KK] THEN CALL"
    );
}

/// The diagnostics of a source as (code, line, message) triples.
fn errors(src: &str) -> Vec<(Code, usize, String)> {
    let (_, diags) = parse(src);
    diags
        .iter()
        .map(|d| {
            let at = d.span.as_ref().map_or(0, |s| s.start);
            (
                d.code,
                src[..at].matches('\n').count() + 1,
                d.message.clone(),
            )
        })
        .collect()
}

#[test]
fn recovery_reports_every_error_of_a_file() {
    // Three independent mistakes on different lines, in different rules.
    let src = "PREFLOP
RULE pair flush
THEN CALL
ENDRULE
RULE AA
THEN RAISE
ENDRULE
RULE KK
THEN CALL
ENDRULE
RULE pot >
THEN FOLD
ENDRULE
ENDPREFLOP
";
    assert_eq!(
        errors(src),
        vec![
            (
                Code::MissingComma,
                2,
                "missing comma between conditions".into()
            ),
            (
                Code::RaiseWithoutAmount,
                6,
                "`RAISE` needs an amount".into()
            ),
            (
                Code::UnexpectedToken,
                11,
                "expected a number or a name, found the end of the line".into()
            ),
        ]
    );
    // The rules that parsed are kept; the broken ones are left out.
    let (script, _) = parse(src);
    assert_eq!(render(&script), "PREFLOP:\nRULE [q:KK] THEN CALL");
}

#[test]
fn errors_in_several_blocks() {
    let src = "PREFLOP
RULE pair
THEN CALL
ENDFLOP
FLOP
RULE then CALL
ENDRULE
ENDFLOP
RIVER
RULE flush
";
    assert_eq!(
        errors(src),
        vec![
            (
                Code::MissingEnd,
                4,
                "missing `ENDRULE` before `ENDFLOP`".into()
            ),
            (
                Code::EndMismatch,
                4,
                "`ENDFLOP` closes a `PREFLOP` block".into()
            ),
            (
                Code::UnknownKeyword,
                6,
                "unknown keyword `then`; did you mean `THEN`?".into()
            ),
            (
                Code::ThenPosition,
                6,
                "`THEN` must start its own line".into()
            ),
            (
                Code::UnexpectedEof,
                11,
                "unexpected end of file inside the `RIVER` block".into()
            ),
        ]
    );
}

#[test]
fn end_mismatch_names_both_and_points_at_the_opening() {
    let src = "PREFLOP\nRULE\nTHEN FOLD\nENDRULE\nENDFLOP\n";
    let (script, diags) = parse(src);
    assert_eq!(diags.len(), 1);
    let d = &diags[0];
    assert_eq!(d.code, Code::EndMismatch);
    assert_eq!(d.message, "`ENDFLOP` closes a `PREFLOP` block");
    assert_eq!(&src[d.span.clone().unwrap()], "ENDFLOP");
    assert_eq!(
        d.related,
        vec![(0..7, "the `PREFLOP` block opens here".to_string())]
    );
    assert!(d.help.as_deref().unwrap().contains("`ENDPREFLOP`"));
    // The block itself is fine.
    assert_eq!(render(&script), "PREFLOP:\nRULE THEN FOLD");
}

#[test]
fn end_words_in_rules_and_reactions() {
    let src = "ALWAYS
RULE pair
THEN CALL
VILLAIN x
THEN FOLD
ENDRULE
RULE
THEN CALL
ENDVILLAIN
ENDALWAYS";
    assert_eq!(
        errors(src),
        vec![
            (
                Code::MissingEnd,
                6,
                "missing `ENDVILLAIN` before `ENDRULE`".into()
            ),
            (Code::EndMismatch, 9, "`ENDVILLAIN` closes a `RULE`".into()),
        ]
    );
    // Both mistakes have one clear meaning, so both rules stay.
    let (script, _) = parse(src);
    assert_eq!(
        render(&script),
        "ALWAYS:\nRULE [pair] THEN CALL VILLAIN [x] THEN FOLD ENDVILLAIN\nRULE THEN CALL"
    );
    assert_eq!(
        errors("ALWAYS\nRULE\nTHEN CALL\nENDRULE\nENDRULE\nENDALWAYS"),
        vec![(
            Code::EndMismatch,
            5,
            "`ENDRULE` closes no open `RULE`".into()
        )]
    );
}

#[test]
fn missing_then() {
    assert_eq!(
        errors("FLOP\nRULE pair\nCALL\nENDRULE\nRULE flush\nENDRULE\nENDFLOP"),
        vec![
            (
                Code::MissingThen,
                3,
                "missing `THEN` before the action".into()
            ),
            (
                Code::MissingThen,
                6,
                "missing `THEN`: the `RULE` has no action before `ENDRULE`".into()
            ),
        ]
    );
}

#[test]
fn missing_comma_in_a_raise_list() {
    let (_, d) = parse("FLOP\nRULE\nTHEN RAISE 0.5 3BB 0.5 6BB\nENDRULE\nENDFLOP");
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, Code::MissingComma);
    assert_eq!(d[0].message, "missing comma between raise choices");
}

#[test]
fn missing_comma_help() {
    let src = "FLOP\nRULE pair flush\nTHEN CALL\nENDRULE\nENDFLOP";
    let (_, d) = parse(src);
    assert_eq!(
        d[0].help.as_deref(),
        Some("separate conditions with a comma")
    );
    assert_eq!(&src[d[0].span.clone().unwrap()], "flush");
}

#[test]
fn unexpected_eof_names_the_open_block() {
    let src = "PREFLOP\nRULE AA\nTHEN CALL\nENDRULE\nENDPREFLOP\nTURN\nRULE pair\n";
    let (script, diags) = parse(src);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    let d = &diags[0];
    assert_eq!(d.code, Code::UnexpectedEof);
    assert_eq!(d.message, "unexpected end of file inside the `TURN` block");
    assert_eq!(d.related[0].1, "the `TURN` block opens here");
    assert_eq!(d.related[1].1, "the `RULE` is still open");
    assert_eq!(
        d.help.as_deref(),
        Some("close it with `ENDRULE` then `ENDTURN`")
    );
    // What came before is intact.
    assert_eq!(render(&script), "PREFLOP:\nRULE [q:AA] THEN CALL\nTURN:");
}

#[test]
fn keyword_look_alikes() {
    let src = "RIVER\nRule pair\nTHN CALL\nENDRUL\nENDRIVER";
    assert_eq!(
        errors(src),
        vec![
            (
                Code::UnknownKeyword,
                2,
                "unknown keyword `Rule`; did you mean `RULE`?".into()
            ),
            (
                Code::UnknownKeyword,
                3,
                "unknown keyword `THN`; did you mean `THEN`?".into()
            ),
            (
                Code::UnknownKeyword,
                4,
                "unknown keyword `ENDRUL`; did you mean `ENDRULE`?".into()
            ),
        ]
    );
    // Read as the keyword it resembles, so the rest parses.
    assert_eq!(render(&parse(src).0), "RIVER:\nRULE [pair] THEN CALL");
    // An all-capitals name used as a value is a name (`TOCALL` = `toCall`).
    assert_eq!(
        rules("RULE TOCALL > 2BB\nTHEN CALL\nENDRULE"),
        "RULE [TOCALL > 2*BB] THEN CALL"
    );
}

#[test]
fn lexical_errors_do_not_derail_the_parse() {
    let src = "FLOP\nRULE pot > 3 @ BB\nTHEN external \"x\nENDRULE\nENDFLOP";
    let (script, d) = parse(src);
    let codes: Vec<_> = d.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::StrayCharacter, Code::UnterminatedString]);
    assert_eq!(render(&script), "FLOP:\nRULE [pot > 3*BB] THEN ext(x)");
}

#[test]
fn text_outside_blocks() {
    assert_eq!(
        errors("RULE pair\nTHEN CALL\nENDRULE\nPREFLOP\nENDPREFLOP\nENDPREFLOP\n"),
        vec![
            (Code::OutsideBlock, 1, "`RULE` outside a block".into()),
            (
                Code::OutsideBlock,
                6,
                "`ENDPREFLOP` closes no open block".into()
            ),
        ]
    );
    assert_eq!(
        errors("PREFLOP RULE\nTHEN CALL\nENDRULE\nENDPREFLOP"),
        vec![(
            Code::UnexpectedToken,
            1,
            "`PREFLOP` must stand alone on its line".into()
        )]
    );
}

#[test]
fn expected_tokens_in_words() {
    let cases = [
        (
            "RULE pot *\nTHEN CALL\nENDRULE",
            "expected a number or a name, found the end of the line",
        ),
        (
            "RULE\nTHEN USE TABLE\nENDRULE",
            "expected a table path, found the end of the line",
        ),
        (
            "RULE\nTHEN external\nENDRULE",
            "expected a quoted command, found the end of the line",
        ),
        (
            "RULE pair,\nTHEN CALL\nENDRULE",
            "expected a condition, found the end of the line",
        ),
        (
            "RULE PRIORITY x\nTHEN CALL\nENDRULE",
            "expected a whole number, found the name `x`",
        ),
        (
            "RULE pair\nTHEN pair\nENDRULE",
            "expected an action, found the name `pair`",
        ),
        (
            "RULE pair >= >\nTHEN CALL\nENDRULE",
            "expected a number or a name, found `>`",
        ),
        (
            "RULE pair\nTHEN CALL now\nENDRULE",
            "expected a newline, found the name `now`",
        ),
        (
            "RULE pair\nTHEN CALL\nTHEN FOLD\nENDRULE",
            "expected `VILLAIN` or `ENDRULE`, found `THEN`",
        ),
    ];
    for (src, message) in cases {
        let d = errors(&format!("PREFLOP\n{src}\nENDPREFLOP"));
        assert_eq!(d.len(), 1, "{src}: {d:?}");
        assert_eq!(d[0].2, message, "{src}");
    }
}

/// Any condition is a union item, and two rank digits are cards or a number by the token
/// after them (reference §12.3).
#[test]
fn union_items_are_any_condition() {
    assert_eq!(
        ok("FLOP\nRULE potOdds <= 0.25 | paysTurn | !pair | 22 | 22 > pot, facingBet\nTHEN CALL\nENDRULE\nENDFLOP\n"),
        "FLOP:\nRULE [range(potOdds <= 0.25|paysTurn|!pair|22|22 > pot), facingBet] THEN CALL"
    );
    assert_eq!(
        ok("FLOP\nRULE (pair | flushDraw) | openEnded\nTHEN CALL\nENDRULE\nENDFLOP\n"),
        "FLOP:\nRULE [range(range(pair|flushDraw)|openEnded)] THEN CALL"
    );
    assert_eq!(
        ok("FLOP\nRULE topPair | (a > 1 | (QQ+ | b)), x\nTHEN CALL\nENDRULE\nENDFLOP\n"),
        "FLOP:\nRULE [range(topPair|range(a > 1|range(QQ+|b))), x] THEN CALL"
    );
}

/// `DEFINE name = RANGE WITH words`: a narrowed range (reference §12.9).
#[test]
fn narrowed_define() {
    let (script, diags) = parse("DEFINE rb = r | AK:0.5 WITH topPair+, !flushDraw | pair\n");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(
        condition(&script.defines[0].body[0].conditions[0]),
        "narrowed(r|AK WITH topPair+,!flushDraw|pair)"
    );
}

/// A union of narrowed parts, ranges after a filter, and `word+` outside a `WITH`
/// (reference §12.9).
#[test]
fn narrowed_unions_and_or_better_words() {
    let (script, diags) = parse(
        "DEFINE rv = v WITH topPair+ | v:0.3 WITH flushDraw\nDEFINE bets = pair+ | flushDraw, !overcards\nDEFINE b = 22+ WITH topPair+ | AK:0.5 | 22\n",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let body = |i: usize| condition(&script.defines[i].body[0].conditions[0]);
    assert_eq!(body(0), "narrowed(v WITH topPair+|v:0.3 WITH flushDraw)");
    assert_eq!(body(1), "range(pair+|flushDraw)");
    assert_eq!(
        condition(&script.defines[1].body[0].conditions[1]),
        "!overcards"
    );
    assert_eq!(body(2), "narrowed(22+ WITH topPair+|AK:0.5|22)");
    assert_eq!(
        ok("FLOP\nRULE equityVs(v WITH pair+ | v:0.3 WITH flushDraw) > pot + 1, x+\nTHEN CALL\nENDRULE\nENDFLOP\n"),
        "FLOP:\nRULE [equityVs(v WITH pair+|v:0.3 WITH flushDraw) > (pot + 1), x+] THEN CALL"
    );
}

#[test]
fn a_script_past_the_token_limit_is_refused_whole() {
    let max = crate::limits::MAX_SCRIPT_TOKENS;
    // `AA` and a line break: two tokens a line, so the limit falls on line `max / 2 + 1`.
    let lines = max / 2 + 1;
    let source = format!(
        "PREFLOP\nRULE AA\n{}THEN CALL\nENDRULE\nENDPREFLOP\n",
        "AA\n".repeat(lines)
    );
    let (script, diags) = parse(&source);
    assert!(script.blocks.is_empty());
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].code, Code::TooManyTokens);
    let grouped = format!(
        "{},{:03},{:03}",
        max / 1_000_000,
        max / 1000 % 1000,
        max % 1000
    );
    assert!(diags[0].message.contains(&grouped), "{}", diags[0].message);
    // The token that went over: `PREFLOP`, `RULE AA` and their line breaks are 5 tokens (16
    // bytes), then each `AA` line 2 (3 bytes).
    let past = max + 1 - 6;
    let over = 16 + 3 * (past / 2) + 2 * (past % 2);
    assert_eq!(diags[0].span.as_ref().map(|s| s.start), Some(over));
    // At the limit, the tokens are all read (and the end-of-file marker after them).
    let mut d = Vec::new();
    let at = format!("PREFLOP\nRULE AA\n{}", "AA\n".repeat((max - 5) / 2));
    let n = 5 + 2 * ((max - 5) / 2);
    assert_eq!(super::lexer::tokens(&at, &mut d).len(), n + 1);
}
