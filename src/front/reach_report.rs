//! How `hus chart --show-range` prints the ranges that reach a spot (reference §12.14): each
//! player's combinations by class as a 13x13 grid of the share of the class it holds, and in
//! JSON the weight of every holding.

use super::reach::{class_combos, holding_text, HoldingWeights};
use crate::cards::CardSet;
use crate::game::format_amount;

/// One player's range at a spot, with what it is.
#[derive(Clone, Debug)]
pub struct SeatRange {
    /// `hero` or `villain`.
    pub player: &'static str,
    /// Where it comes from: `tag.hus through its acts`, `the range QQ+`.
    pub source: String,
    pub weights: HoldingWeights,
    /// The board, whose cards no holding may hold.
    pub board: CardSet,
}

impl SeatRange {
    /// A heading line, then the grid: in each class the percentage of the combinations the
    /// board leaves that the range holds (`.` none).
    pub fn text(&self) -> String {
        let held = class_combos(&self.weights);
        let open = class_combos(&HoldingWeights::all_but(self.board));
        let mut s = format!(
            "{} range: {} combos, {}\n",
            self.player,
            format_amount((self.weights.combos() * 10.0).round() / 10.0),
            self.source
        );
        s.push_str(&super::range_report::class_grid_text(3, |i| {
            if held[i] <= 0.0 || open[i] <= 0.0 {
                ".".into()
            } else {
                format_amount((100.0 * held[i] / open[i]).round())
            }
        }));
        s
    }

    /// `player`, `source`, `combos`, `classes` (each class held: its combinations) and
    /// `holdings` (each holding held, `AsKs`: its weight from 0 to 1).
    pub fn json(&self) -> serde_json::Value {
        let held = class_combos(&self.weights);
        let classes: serde_json::Map<String, serde_json::Value> = held
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0.0)
            .map(|(i, w)| {
                let name = crate::cards::hole::HoleClass::from_index(i).name();
                (name, serde_json::json!(w))
            })
            .collect();
        let holdings: serde_json::Map<String, serde_json::Value> = self
            .weights
            .live()
            .map(|(i, _, w)| (holding_text(i), serde_json::json!(w)))
            .collect();
        serde_json::json!({
            "player": self.player,
            "source": self.source,
            "combos": self.weights.combos(),
            "classes": classes,
            "holdings": holdings,
        })
    }
}
