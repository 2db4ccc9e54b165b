//! A decision as `hus decide --json` prints it.

use serde_json::json;

use super::{Action, Decision, Diagnostic};
use crate::game::GameState;
use crate::report::{inputs_json, json_amount, json_chips};

impl Decision {
    /// The object `hus decide --json` prints, on one line: action, amount (raise by), rule
    /// (`file`, `line`), matched, warnings (the game's, then the decision's, as messages),
    /// seed, draw, and the inputs a player checks it against (`state`'s pot, what is owed,
    /// pot odds, stacks, equity).
    pub fn json(
        &self,
        file: &str,
        state: &GameState,
        game_warnings: &[Diagnostic],
        seed: u64,
    ) -> String {
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
            "amount": amount.map(json_chips),
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
            "inputs": inputs_json(state),
        });
        object.to_string()
    }
}

#[cfg(test)]
mod tests {
    use crate::front::{game_from_xml, Bot, BotOptions};
    use crate::game::{GameState, Player};

    #[test]
    fn a_decision_is_the_json_hus_decide_prints() {
        let script = "PREFLOP\nRULE\n  AK\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n";
        let bot = Bot::from_source("bot.hus", script, &BotOptions::default()).unwrap();
        let (built, _) = GameState::builder(10.0, 20.0)
            .button(Player::Hero)
            .hero_cards("AsKs")
            .build()
            .unwrap();
        let (state, warnings) = game_from_xml("game.xml", &built.xml()).unwrap();
        let d = bot.decide(&state, 7).unwrap();
        assert_eq!(
            d.json(bot.name(), &state, &warnings, 7),
            r#"{"action":"raise","amount":60,"draw":null,"inputs":{"effective_stack":1980,"equity":0.670446,"hero_stack":1990,"phase":"preflop","pot":30,"pot_odds":0.25,"to_call":10,"villain_stack":1980},"matched":[2],"rule":{"file":"bot.hus","line":2},"seed":7,"warnings":[]}"#
        );
    }

    #[test]
    fn an_invalid_game_state_is_located_in_its_xml() {
        let e = game_from_xml("game.xml", "<game>\n<init/>\n</game>").unwrap_err();
        assert_eq!(e.file, "game.xml");
        assert!(e.diagnostics.iter().all(|d| d.file == "game.xml"));
        assert!(e.diagnostics.iter().any(|d| d.line == 2), "{e:?}");
    }
}
