//! A decision as `hus decide --json` prints it.

use serde_json::json;

use super::{Action, Decision, Diagnostic};
use crate::report::json_amount;

impl Decision {
    /// The object `hus decide --json` prints, on one line: action, amount (raise by), rule
    /// (`file`, `line`), matched, warnings (the game's, then the decision's, as messages),
    /// seed and draw.
    pub fn json(&self, file: &str, game_warnings: &[Diagnostic], seed: u64) -> String {
        let (action, amount) = match self.action {
            Action::Raise { by, .. } => ("raise", Some(by)),
            other => (other.name(), None),
        };
        let warnings: Vec<&str> = game_warnings
            .iter()
            .chain(&self.warnings)
            .map(|d| d.message.as_str())
            .collect();
        let object = json!({
            "action": action,
            "amount": amount.map(json_amount),
            "rule": { "file": file, "line": self.rule },
            "matched": self.matched.as_slice(),
            "warnings": warnings,
            "seed": seed,
            "draw": self.draw.as_ref().map(|d| json!({
                "choice": d.choice,
                "weight": json_amount(d.weight),
                "total": json_amount(d.total),
                "index": d.index,
            })),
        });
        object.to_string()
    }
}
