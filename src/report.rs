//! The JSON objects `hus decide --json` and `hus match --json` print, shared by every door
//! that shows them (the command line, the playground page), so they cannot drift apart.

use serde_json::{json, Value};

use crate::dealer::BotStats;
use crate::diag::SourceDiagnostic;
use crate::eval::Verdict;
use crate::game::{format_amount, Action, OpponentStat, OpponentStats, Phase};
use crate::ir::Program;

/// The object `hus decide --json` prints: action, amount, rule (`file`, `line`), matched,
/// warnings (the game's, then the decision's, as messages), seed, draw and inputs.
pub fn decision_json(
    decision: &Verdict,
    program: &Program,
    state: &crate::game::GameState,
    game_warnings: &[SourceDiagnostic],
    file: &str,
    seed: u64,
) -> Value {
    let (action, amount) = match decision.action {
        Action::Fold => ("fold", None),
        Action::Check => ("check", None),
        Action::Call => ("call", None),
        Action::Raise { by, .. } => ("raise", Some(by)),
    };
    let warnings: Vec<&str> = game_warnings
        .iter()
        .chain(&decision.warnings)
        .map(|d| d.message.as_str())
        .collect();
    json!({
        "action": action,
        "amount": amount.map(json_amount),
        "rule": { "file": file, "line": decision.rule.line },
        "matched": decision.matched.as_slice(),
        "warnings": warnings,
        "seed": seed,
        "draw": decision.draw.as_ref().map(|d| json!({
            "choice": d.choice(program),
            "weight": json_amount(d.weight),
            "total": json_amount(d.total),
            "index": d.index,
        })),
        "inputs": inputs_json(state),
    })
}

/// What a player checks a decision against, as `hus decide --json` gives it under `inputs`:
/// the round, the pot, what is owed, the pot odds, the stacks and the hero's `equity`
/// (against a random hand), each as the script reads it.
pub(crate) fn inputs_json(state: &crate::game::GameState) -> Value {
    use crate::game::Constant;
    let read = |c: Constant| state.constant(&c).map(json_chips);
    let round = |x: f64| json_amount((x * 1e6).round() / 1e6);
    json!({
        "phase": state.phase().xml_tag(),
        "pot": read(Constant::Pot),
        "to_call": read(Constant::ToCall),
        "pot_odds": state.constant(&Constant::PotOdds).map(round),
        "hero_stack": read(Constant::HeroStack),
        "villain_stack": read(Constant::VillainStack),
        "effective_stack": read(Constant::EffectiveStack),
        "equity": round(crate::strength::equity(state.hole(), state.board())),
    })
}

/// An amount of chips as JSON: whole amounts as integers (`60`), others as the shortest
/// number that reads back as the amount (`0.3`): exactly its decimal, for an amount of the
/// game state (reference §6, amounts).
pub(crate) fn json_chips(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

/// Whole amounts as JSON integers (`60`, not `60.0`), others as the text prints them
/// (`0.999998`, not `0.9999979999999999`).
pub(crate) fn json_amount(x: f64) -> Value {
    let text = format_amount(x);
    match text.parse::<i64>() {
        Ok(n) => Value::from(n),
        Err(_) => Value::from(text.parse::<f64>().unwrap_or(x)),
    }
}

/// The result of a match as `hus match --json` gives it (and the playground): the deal, A's
/// result with its interval, and each bot's counts under `bots`. The command line adds its
/// timing and each `acpc:` program's faults.
pub fn match_json(r: &crate::dealer::MatchResult, names: [&str; 2]) -> Value {
    json!({
        "hands": r.hands,
        "seed": r.seed,
        "blinds": [r.stakes.sb, r.stakes.bb],
        "stack": r.stakes.stack,
        "duplicate": r.duplicate,
        "mbb_per_hand": r.mbb_per_hand(),
        "ci95": r.ci95().map(|(lo, hi)| vec![lo, hi]),
        "net_chips": r.net_a,
        "bots": { "A": bot_json(names[0], &r.bots[0]), "B": bot_json(names[1], &r.bots[1]) },
    })
}

/// One bot's counts (`bots.A` of `hus match --json`).
pub fn bot_json(name: &str, b: &BotStats) -> Value {
    let mut actions = serde_json::Map::new();
    for ph in Phase::ALL {
        let counts = serde_json::to_value(b.actions[ph as usize]).unwrap_or_default();
        actions.insert(ph.xml_tag().to_string(), counts);
    }
    json!({
        "name": name,
        "decisions": b.decisions,
        "actions": actions,
        "showdowns": b.showdowns,
        "showdowns_won": b.showdowns_won,
        "showdowns_split": b.showdowns_split,
        "no_rule_matched": b.no_rule_matched,
        "actions_made_legal": b.actions_made_legal,
        "random_ties": b.random_ties,
        "hud": hud_json(&b.hud),
    })
}

/// A HUD (the statistics one player kept of the other, reference §12.7) as JSON: `hands`,
/// then per statistic by its `<stats>` name `value` (null when undefined), `times`,
/// `chances` and `hands`.
pub fn hud_json(h: &OpponentStats) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("hands".into(), json!(h.hands));
    for stat in OpponentStat::ALL {
        let c = h.count(stat);
        let v = h.value(stat);
        m.insert(
            stat.name().into(),
            json!({
                "value": (!v.is_nan()).then_some(v),
                "times": c.times,
                "chances": c.chances,
                "hands": c.hands,
            }),
        );
    }
    Value::Object(m)
}

/// The HUD's statistics by line, as a player reads them: before the flop, after it, at the
/// end of the hand, and the aggression factors.
const HUD_LINES: [&[OpponentStat]; 4] = {
    use OpponentStat::*;
    [
        &[Vpip, Pfr, Limp, ThreeBet, FoldToThreeBet],
        &[CBet, FoldToCBet, CheckRaise, FoldToTurnBet, FoldToRiverBet],
        &[Wtsd, WonAtShowdown, Wwsf],
        &[Aggression, FlopAggression, TurnAggression, RiverAggression],
    ]
};

/// A HUD as text, one indented line per group: each statistic's value and the hands it rests
/// on (`VPIP 41.2% (850)`; `-` when it rests on none).
pub fn hud_text(indent: &str, h: &OpponentStats) -> String {
    let mut s = String::new();
    for line in HUD_LINES {
        let items: Vec<String> = line
            .iter()
            .map(|&stat| {
                let v = h.value(stat);
                let value = if v.is_nan() {
                    "-".to_string()
                } else if stat.is_percentage() {
                    format!("{v:.1}%")
                } else {
                    format!("{v:.2}")
                };
                format!("{} {value} ({})", stat.name(), h.count(stat).hands)
            })
            .collect();
        s.push_str(indent);
        s.push_str(&items.join(", "));
        s.push('\n');
    }
    s
}

fn signed(x: f64) -> String {
    format!("{x:+.1}")
}

/// "A's result: ... mbb/hand, 95% CI [...]: verdict" and "A's total: N chips (B big blinds)".
pub fn result_lines(
    me: &str,
    other: &str,
    mbb: f64,
    ci95: Option<(f64, f64)>,
    net: i64,
    bb: i64,
) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    match ci95 {
        Some((lo, hi)) => {
            let verdict = if lo > 0.0 {
                format!("{me} wins (95% confidence)")
            } else if hi < 0.0 {
                format!("{other} wins (95% confidence)")
            } else {
                "no significant difference".to_string()
            };
            let _ = writeln!(
                s,
                "{me}'s result: {} mbb/hand, 95% CI [{}, {}]: {verdict}",
                signed(mbb),
                signed(lo),
                signed(hi)
            );
        }
        None => {
            let _ = writeln!(
                s,
                "{me}'s result: {} mbb/hand (too few hands for an interval)",
                signed(mbb)
            );
        }
    }
    let _ = writeln!(
        s,
        "{me}'s total: {net} chips ({} big blinds)",
        fmt_bb(net, bb)
    );
    s
}

/// One bot's decisions: actions per round, showdowns, and what the evaluator had to do.
pub fn bot_section(label: &str, name: &str, b: &BotStats) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n{label} ({}): {} decisions",
        crate::diag::escape_controls(name),
        b.decisions
    );
    let _ = writeln!(
        s,
        "  {:<8} {:>7} {:>7} {:>7} {:>7} {:>10}",
        "round", "fold", "check", "call", "raise", "decisions"
    );
    for ph in Phase::ALL {
        let a = &b.actions[ph as usize];
        let t = a.total();
        let pct = |n: u64| {
            if t == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * n as f64 / t as f64)
            }
        };
        let _ = writeln!(
            s,
            "  {:<8} {:>7} {:>7} {:>7} {:>7} {:>10}",
            ph.xml_tag(),
            pct(a.fold),
            pct(a.check),
            pct(a.call),
            pct(a.raise),
            t
        );
    }
    let _ = writeln!(
        s,
        "  showdowns: {} won of {} ({} split)",
        b.showdowns_won, b.showdowns, b.showdowns_split
    );
    let _ = writeln!(s, "  HUD of the opponent: {} hands", b.hud.hands);
    s.push_str(&hud_text("    ", &b.hud));
    let _ = writeln!(
        s,
        "  no rule matched: {} (checked or folded)   actions made legal: {}   random tie-breaks: {}",
        b.no_rule_matched, b.actions_made_legal, b.random_ties
    );
    s
}

fn fmt_bb(chips: i64, bb: i64) -> String {
    let x = chips as f64 / bb as f64;
    if x.fract() == 0.0 {
        format!("{x:+.0}")
    } else {
        format!("{x:+.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hud_shows_each_value_with_its_hands_and_a_dash_for_none() {
        use crate::game::opponent::Count;
        let mut h = OpponentStats {
            hands: 4,
            ..OpponentStats::default()
        };
        h.counts[OpponentStat::Vpip as usize] = Count {
            times: 1,
            chances: 4,
            hands: 4,
        };
        h.counts[OpponentStat::RiverAggression as usize] = Count {
            times: 3,
            chances: 2,
            hands: 2,
        };
        let text = hud_text("  ", &h);
        assert_eq!(
            text,
            "  VPIP 25.0% (4), PFR - (0), Limp - (0), ThreeBet - (0), FoldToThreeBet - (0)\n\
             \x20 CBet - (0), FoldToCBet - (0), CheckRaise - (0), FoldToTurnBet - (0), FoldToRiverBet - (0)\n\
             \x20 WTSD - (0), WonAtShowdown - (0), WWSF - (0)\n\
             \x20 Aggression - (0), FlopAggression - (0), TurnAggression - (0), RiverAggression 1.50 (2)\n"
        );
        let j = hud_json(&h);
        assert_eq!(j["hands"], json!(4));
        assert_eq!(
            j["VPIP"],
            json!({"value": 25.0, "times": 1, "chances": 4, "hands": 4})
        );
        assert_eq!(j["PFR"]["value"], Value::Null);
    }

    #[test]
    fn json_amounts_are_the_amounts_the_text_shows() {
        assert_eq!(json_amount(0.9999979999999999), json!(0.999998));
        assert_eq!(json_amount(60.0), json!(60));
        assert_eq!(json_amount(1.5), json!(1.5));
    }
}
