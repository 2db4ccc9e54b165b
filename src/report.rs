//! The JSON objects `hus decide --json` and `hus match --json` print, shared by every door
//! that shows them (the command line, the playground page), so they cannot drift apart.

use serde_json::{json, Value};

use crate::dealer::BotStats;
use crate::diag::Diagnostic;
use crate::eval::Decision;
use crate::game::{format_amount, Move, Phase};
use crate::ir::Program;

/// The object `hus decide --json` prints: action, amount, rule (`file`, `line`), matched,
/// warnings (the game's, then the decision's, as messages), seed and draw.
pub fn decision_json(
    decision: &Decision,
    program: &Program,
    game_warnings: &[Diagnostic],
    file: &str,
    seed: u64,
) -> Value {
    let (action, amount) = match decision.action {
        Move::Fold => ("fold", None),
        Move::Check => ("check", None),
        Move::Call => ("call", None),
        Move::Raise(n) => ("raise", Some(n)),
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
    })
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_amounts_are_the_amounts_the_text_shows() {
        assert_eq!(json_amount(0.9999979999999999), json!(0.999998));
        assert_eq!(json_amount(60.0), json!(60));
        assert_eq!(json_amount(1.5), json!(1.5));
    }
}
