//! Coverage of a hand-written script whose only rules are before the flop.

use super::*;
use crate::check::{check, CheckOptions};
use crate::diag::SourceFile;

const SCRIPT: &str = "PREFLOP
RULE PRIORITY 1 QQ+ | AK
  THEN RAISE 3BB
  VILLAIN facingBet, toCall <= 4BB
    THEN CALL
  ENDVILLAIN
ENDRULE
RULE
  THEN FOLD
  VILLAIN
    THEN FOLD
  ENDVILLAIN
ENDRULE
ENDPREFLOP
";

fn program(text: &str) -> Program {
    let checked = check(&SourceFile::new("t.hus", text), &CheckOptions::default());
    checked.program.expect("a valid script")
}

#[test]
fn premium_hands_escape_the_fallback_only_where_a_rule_answers() {
    let p = program(SCRIPT);
    let cells = coverage(&p, &Depth::default());
    let counts: Vec<(Phase, Situation, u32)> = cells
        .iter()
        .map(|c| (c.phase, c.situation, c.falls.len()))
        .collect();
    use Situation::*;
    // QQ+ and AK (5 classes) open and call a small raise; they check behind a limp and meet
    // an all-in with no reaction. After the flop there is no rule at all.
    let mut want = vec![
        (Phase::Preflop, FirstToAct, 164),
        (Phase::Preflop, CheckedTo, 169),
        (Phase::Preflop, FacingBet, 164),
        (Phase::Preflop, FacingAllIn, 169),
    ];
    for phase in [Phase::Flop, Phase::Turn, Phase::River] {
        want.extend(Situation::ALL.map(|s| (phase, s, 169)));
    }
    assert_eq!(counts, want);
    let text = text(&p, &cells, &Depth::default());
    assert!(text.starts_with(
        "at blinds 50/100, stacks 100 big blinds; after the flop on the boards (flop turn river) "
    ));
    let lines: Vec<&str> = text.lines().skip(1).take(4).collect();
    assert_eq!(
        lines,
        [
            "preflop, first to act: 164 of 169 starting hands reach only PRIORITY 0 rules or no rule",
            "  .   .   AQs AJs ATs A9s A8s A7s A6s A5s A4s A3s A2s",
            "  .   .   KQs KJs KTs K9s K8s K7s K6s K5s K4s K3s K2s",
            "  AQo KQo .   QJs QTs Q9s Q8s Q7s Q6s Q5s Q4s Q3s Q2s",
        ]
    );
    assert!(text.contains("flop, first to act: 169 of 169 starting hands reach no rule, on at least half of 8 boards\n"));
}

/// A short-stack rule answers at 20 big blinds and not at 100.
#[test]
fn the_coverage_is_judged_at_the_depth_asked() {
    let p = program(
        "PREFLOP\nRULE heroStack < 3000\n  THEN RAISE allIn\nENDRULE\n\
         RULE PRIORITY -1\n  THEN FOLD\nENDRULE\nENDPREFLOP\n",
    );
    let first = |depth: &Depth| coverage(&p, depth)[0].falls.len();
    assert_eq!(first(&Depth::default()), 169);
    let short = Depth {
        stack: 20.0,
        ..Depth::default()
    };
    assert_eq!(first(&short), 0);
    let cells = coverage(&p, &short);
    assert!(text(&p, &cells, &short).starts_with("at blinds 50/100, stacks 20 big blinds;"));
}

#[test]
fn with_one_priority_only_no_rule_is_a_fallback() {
    let p = program("PREFLOP\nRULE AA\n  THEN CALL\nENDRULE\nENDPREFLOP\n");
    assert_eq!(fallback_priority(&p, Phase::Preflop), None);
    let first = &coverage(&p, &Depth::default())[0];
    assert_eq!(first.falls.len(), 168);
    assert!(!first.falls.contains(HoleClass::parse("AA").unwrap()));
}

#[test]
fn the_svg_fills_the_classes_that_fall_through() {
    let p = program(SCRIPT);
    let svg = svg(&coverage(&p, &Depth::default()), "p.hus");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<rect").count(), 4 * 169);
    assert_eq!(svg.matches("#e06666").count(), 164 + 169 + 164 + 169);
    assert!(svg.contains(">preflop, facing an all-in (169 fall through)</text>"));
}
