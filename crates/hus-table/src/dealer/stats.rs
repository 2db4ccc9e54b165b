//! What a match counts per bot, and the win rate with its confidence interval.

use serde::Serialize;

use super::BotDecision;
use crate::game::{Action, OpponentStats, Phase};

/// How often a bot took each action in one betting round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ActionCounts {
    pub fold: u64,
    pub check: u64,
    pub call: u64,
    pub raise: u64,
}

impl ActionCounts {
    pub fn total(&self) -> u64 {
        self.fold + self.check + self.call + self.raise
    }
    fn add(&mut self, o: &ActionCounts) {
        self.fold += o.fold;
        self.check += o.check;
        self.call += o.call;
        self.raise += o.raise;
    }
}

/// Everything counted for one bot over a match.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BotStats {
    pub decisions: u64,
    /// Per betting round, indexed by `Phase as usize`.
    pub actions: [ActionCounts; 4],
    /// Decisions where no rule matched (the bot checked, or folded when something was owed).
    pub no_rule_matched: u64,
    /// Decisions whose action had to be made legal (reference §5), by the bot or by the dealer.
    pub actions_made_legal: u64,
    /// Decisions where several rules matched at the highest priority and one was picked at
    /// random (a script whose rules overlap).
    pub random_ties: u64,
    pub showdowns: u64,
    pub showdowns_won: u64,
    pub showdowns_split: u64,
    /// The opponent's statistics as this bot saw them (reference §12.7), over the hands
    /// played: the HUD this bot keeps, what it reads as `villainVPIP` and the like.
    #[serde(skip)]
    pub hud: OpponentStats,
}

impl BotStats {
    pub fn record_decision(
        &mut self,
        phase: Phase,
        played: Action,
        d: &BotDecision,
        changed_by_dealer: bool,
    ) {
        self.decisions += 1;
        let a = &mut self.actions[phase as usize];
        match played {
            Action::Fold => a.fold += 1,
            Action::Check => a.check += 1,
            Action::Call => a.call += 1,
            Action::Raise { .. } => a.raise += 1,
        }
        self.no_rule_matched += d.no_rule_matched as u64;
        self.actions_made_legal += (d.made_legal || changed_by_dealer) as u64;
        self.random_ties += d.random_tie as u64;
    }

    pub fn record_showdown(&mut self, won: Option<bool>) {
        self.showdowns += 1;
        match won {
            Some(true) => self.showdowns_won += 1,
            Some(false) => {}
            None => self.showdowns_split += 1,
        }
    }

    pub fn add(&mut self, o: &BotStats) {
        self.decisions += o.decisions;
        for (a, b) in self.actions.iter_mut().zip(&o.actions) {
            a.add(b);
        }
        self.no_rule_matched += o.no_rule_matched;
        self.actions_made_legal += o.actions_made_legal;
        self.random_ties += o.random_ties;
        self.showdowns += o.showdowns;
        self.showdowns_won += o.showdowns_won;
        self.showdowns_split += o.showdowns_split;
        self.hud.add(&o.hud);
    }
}

/// Running sums of A's results over independent units (a hand, or a duplicate pair of
/// hands). Integer sums are exact, so combining them in any order gives the same answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultSums {
    pub units: u64,
    pub sum: i64,
    pub sum_sq: i128,
}

impl ResultSums {
    pub fn push(&mut self, x: i64) {
        self.units += 1;
        self.sum += x;
        self.sum_sq += (x as i128) * (x as i128);
    }
    pub fn add(&mut self, o: &ResultSums) {
        self.units += o.units;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
    /// The mean per unit.
    pub fn mean(&self) -> f64 {
        if self.units == 0 {
            0.0
        } else {
            self.sum as f64 / self.units as f64
        }
    }
    /// The standard error of the mean per unit; `None` with fewer than two units.
    pub fn std_error(&self) -> Option<f64> {
        if self.units < 2 {
            return None;
        }
        let n = self.units as f64;
        // Exact integer centring: n·Σx² − (Σx)² = n² · population variance.
        let centred = (self.units as i128) * self.sum_sq - (self.sum as i128) * (self.sum as i128);
        let var = centred.max(0) as f64 / (n * (n - 1.0));
        Some((var / n).sqrt())
    }
}

/// z for a two-sided 95% interval under the normal approximation.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Fewer independent units (hands, or duplicate pairs) than this give no interval and no
/// verdict: "too few hands".
pub const MIN_UNITS: u64 = 30;

/// Student's t for a two-sided 95% interval with `df` degrees of freedom: exact to 3
/// decimals from a table up to 30, then the Cornish-Fisher expansion (error below 1e-4).
pub fn t95(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df as usize - 1],
        _ => {
            let (z, v) = (Z95, df as f64);
            z + (z.powi(3) + z) / (4.0 * v)
                + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_mean_and_error() {
        let mut t = ResultSums::default();
        for x in [1, 2, 3, 4] {
            t.push(x);
        }
        assert_eq!(t.mean(), 2.5);
        // sample variance 5/3, se = sqrt(5/12)
        assert!((t.std_error().unwrap() - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
        let mut one = ResultSums::default();
        one.push(7);
        assert_eq!(one.std_error(), None);
    }

    #[test]
    fn t_quantiles() {
        assert_eq!(t95(1), 12.706);
        assert_eq!(t95(30), 2.042);
        assert!((t95(31) - 2.0395).abs() < 1e-3);
        assert!((t95(120) - 1.9799).abs() < 1e-3);
        assert!((t95(1_000_000) - Z95).abs() < 1e-5);
    }
}
