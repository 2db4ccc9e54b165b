//! How `hus nash` prints an equilibrium (a grid per seat as `hus chart` draws a strategy, its
//! ranges, JSON and SVG), the table of stacks at which each class pushes and calls, and a
//! bot's exploitability.

use super::chart::{Chart, ChartAction, ChartCell, SUIT_ORDER};
use super::nash::{gap_text, mbb_text, range_text};
use super::nash::{BotPushFold, Equilibrium, Exploitability, PushFold, Reach, Shares, StackTable};
use super::range_report::class_grid_text;
use super::Action;
use crate::cards::hole::HoleClass;
use crate::eval::coverage::combo_in;
use crate::game::format_amount;

/// The game in words: `10 big blinds (small blind 0.5bb, no ante)`.
pub fn game_text(g: &PushFold) -> String {
    let ante = if g.ante > 0.0 {
        format!("ante {}bb", format_amount(g.ante))
    } else {
        "no ante".into()
    };
    format!(
        "{} big blinds (small blind {}bb, {ante})",
        format_amount(g.stack),
        format_amount(g.small_blind)
    )
}

/// A share of the 1,326 holdings: `58.3% of hands (773 of 1326 combinations)`.
fn share_of_hands(shares: &Shares) -> String {
    let combos: f64 = (0..169)
        .map(|i| shares[i] * f64::from(HoleClass::from_index(i).combos()))
        .sum();
    format!(
        "{}% of hands ({} of 1326 combinations)",
        format_amount((combos / 13.26 * 10.0).round() / 10.0),
        format_amount((combos * 10.0).round() / 10.0)
    )
}

fn pct(x: f64) -> String {
    format!("{}%", format_amount((x * 1000.0).round() / 10.0))
}

/// A grid cell: the letter when the class always takes the action, `F` when never, the
/// letter and the percentage when mixed.
fn mark(x: f64, letter: &str) -> String {
    if x >= 1.0 {
        letter.into()
    } else if x <= 0.0 {
        "F".into()
    } else {
        format!("{letter}{}", (x * 100.0).round())
    }
}

impl Equilibrium {
    /// The game, how it was solved, the value, then each seat's grid and ranges.
    pub fn text(&self) -> String {
        let mut s = format!(
            "push-or-fold equilibrium at {}\n\
             solved exactly as two linear programs (microlp, {} pivots); gap {} mbb/hand\n\
             small blind's value {} mbb/hand, big blind's {}\n\n",
            game_text(&self.game),
            self.pivots,
            gap_text(self.gap),
            mbb_text(self.value),
            mbb_text(-self.value)
        );
        s.push_str(&seat_text(
            "small blind pushes",
            "P",
            &self.push,
            "P push all in, F fold",
        ));
        s.push('\n');
        s.push_str(&seat_text(
            "big blind calls a push with",
            "C",
            &self.call,
            "C call, F fold",
        ));
        s
    }

    /// The two seats as `hus chart` sees a strategy, in big blinds: the small blind first to
    /// act, the big blind facing the push.
    pub fn charts(&self) -> [Chart; 2] {
        let g = &self.game;
        let push = Action::Raise {
            by: g.stack - 1.0,
            to: g.stack,
        };
        [
            seat_chart(
                format!("small blind at {}, first to act", game_text(g)),
                &self.push,
                push,
                g.small_blind + 1.0 + 2.0 * g.ante,
                1.0,
            ),
            seat_chart(
                format!("big blind at {}, facing a push", game_text(g)),
                &self.call,
                Action::Call,
                g.stack + 1.0 + g.ante,
                g.stack,
            ),
        ]
    }

    /// One JSON object: `stack`, `small_blind`, `ante` (big blinds), `algorithm`, `pivots`,
    /// `value_mbb` (the small blind's), `gap_mbb`, `push` and `call` (the ranges), then
    /// `small_blind` and `big_blind` as `hus chart --json` objects.
    pub fn json(&self) -> String {
        self.json_value().to_string()
    }

    pub(crate) fn json_value(&self) -> serde_json::Value {
        let [sb, bb] = self.charts();
        let chart =
            |c: &Chart| serde_json::from_str::<serde_json::Value>(&c.json()).unwrap_or_default();
        serde_json::json!({
            "stack": self.game.stack,
            "small_blind": self.game.small_blind,
            "ante": self.game.ante,
            "algorithm": "microlp",
            "pivots": self.pivots,
            "value_mbb": self.value * 1000.0,
            "gap_mbb": self.gap * 1000.0,
            "push": range_text(|i| self.push[i] >= 1.0),
            "call": range_text(|i| self.call[i] >= 1.0),
            "small_blind_chart": chart(&sb),
            "big_blind_chart": chart(&bb),
        })
    }

    /// Both grids side by side as SVG, as `hus chart --svg` draws one.
    pub fn svg(&self) -> String {
        let [sb, bb] = self.charts();
        let (sb, bb) = (sb.svg(), bb.svg());
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1060\" height=\"544\" viewBox=\"0 0 1060 544\">\n<g>\n{sb}</g>\n<g transform=\"translate(540,0)\">\n{bb}</g>\n</svg>\n"
        )
    }
}

/// One seat: its share of hands, its grid, its range and its mixed classes.
fn seat_text(what: &str, letter: &str, shares: &Shares, legend: &str) -> String {
    let mut s = format!("{what} {}\n", share_of_hands(shares));
    s.push_str(&class_grid_text(3, |i| mark(shares[i], letter)));
    s.push_str(&format!(
        "{legend}; a number is the share of the action when mixed\n"
    ));
    let range = range_text(|i| shares[i] >= 1.0);
    s.push_str(&format!(
        "  always: {}\n",
        if range.is_empty() { "none" } else { &range }
    ));
    let mixed: Vec<String> = (0..169)
        .filter(|&i| shares[i] > 0.0 && shares[i] < 1.0)
        .map(|i| format!("{} {}", HoleClass::from_index(i).name(), pct(shares[i])))
        .collect();
    if !mixed.is_empty() {
        s.push_str(&format!("  mixed: {}\n", mixed.join(", ")));
    }
    s
}

/// One seat's grid; `pot` is the chips in the middle before it acts, `facing` what the
/// other seat has put in.
fn seat_chart(spot: String, shares: &Shares, act: Action, pot: f64, facing: f64) -> Chart {
    let cells = (0..169)
        .map(|i| {
            let class = HoleClass::from_index(i);
            let hand = combo_in(class, &[], SUIT_ORDER)
                .map(|c| format!("{}{}", c[0], c[1]))
                .unwrap_or_default();
            let mut actions = Vec::new();
            if shares[i] < 1.0 {
                actions.push(ChartAction {
                    action: Action::Fold,
                    share: 1.0 - shares[i],
                });
            }
            if shares[i] > 0.0 {
                actions.push(ChartAction {
                    action: act,
                    share: shares[i],
                });
            }
            ChartCell {
                class: class.name(),
                hand,
                combos: 1,
                weight: f64::from(class.combos()),
                actions,
                no_rule: 0.0,
                reads_random: false,
                rules: Vec::new(),
                state: None,
            }
        })
        .collect();
    Chart {
        bot: "nash".into(),
        spot,
        board: String::new(),
        big_blind: 1.0,
        pot,
        facing,
        range: None,
        cells,
        made: Vec::new(),
        draws: Vec::new(),
    }
}

impl StackTable {
    /// Two grids of the largest stacks (`20+`: at every stack of the table up to its
    /// largest), then the gaps.
    pub fn text(&self) -> String {
        let stacks = self.stacks();
        let (first, top) = (stacks[0], stacks[stacks.len() - 1]);
        let g = &self.equilibria[0].game;
        let mut s = format!(
            "push-or-fold equilibria at {} stacks from {} to {} big blinds (small blind {}bb, {})\n\
             each solved exactly as two linear programs (microlp); largest gap {} mbb/hand\n\n",
            stacks.len(),
            format_amount(first),
            format_amount(top),
            format_amount(g.small_blind),
            if g.ante > 0.0 {
                format!("ante {}bb", format_amount(g.ante))
            } else {
                "no ante".into()
            },
            gap_text(self.gap()),
        );
        for (call, title) in [
            (false, "the largest stack at which the small blind pushes"),
            (
                true,
                "the largest stack at which the big blind calls a push",
            ),
        ] {
            s.push_str(&format!("{title}\n"));
            s.push_str(&class_grid_text(3, |i| match self.reach(i, call).largest {
                None => "-".into(),
                Some(x) if x == top => format!("{}+", format_amount(x)),
                Some(x) => format_amount(x),
            }));
            s.push('\n');
        }
        s.push_str(&format!(
            "N+: at every stack up to N; -: at none of them; a share of at least half counts\n\
             gaps (stacks below the largest at which a class does not):\n{}",
            self.gaps_text()
        ));
        s
    }

    fn gaps_text(&self) -> String {
        let mut s = String::new();
        for (call, seat) in [(false, "small blind"), (true, "big blind")] {
            for i in 0..169 {
                let r = self.reach(i, call);
                if !r.gaps.is_empty() {
                    let runs: Vec<String> = r
                        .gaps
                        .iter()
                        .map(|&(a, b)| {
                            if a == b {
                                format_amount(a)
                            } else {
                                format!("{}-{}", format_amount(a), format_amount(b))
                            }
                        })
                        .collect();
                    s.push_str(&format!(
                        "  {seat} {}: not at {}\n",
                        HoleClass::from_index(i).name(),
                        runs.join(", ")
                    ));
                }
            }
        }
        if s.is_empty() {
            s.push_str("  none\n");
        }
        s
    }

    /// One JSON object: `small_blind`, `ante`, `stacks`, `gap_mbb` (the largest), `classes`
    /// (169, the 13x13 order: `class`, `push` and `call`, each `largest` (null: never) and
    /// `gaps` (pairs of stacks)).
    pub fn json(&self) -> String {
        let reach = |r: Reach| {
            serde_json::json!({
                "largest": r.largest,
                "gaps": r.gaps.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
            })
        };
        let g = &self.equilibria[0].game;
        serde_json::json!({
            "small_blind": g.small_blind,
            "ante": g.ante,
            "stacks": self.stacks(),
            "gap_mbb": self.gap() * 1000.0,
            "classes": (0..169).map(|i| serde_json::json!({
                "class": HoleClass::from_index(i).name(),
                "push": reach(self.reach(i, false)),
                "call": reach(self.reach(i, true)),
            })).collect::<Vec<_>>(),
        })
        .to_string()
    }
}

impl BotPushFold {
    /// What the bot does, then (for a push-or-fold bot) the best response's value and the
    /// bot's against the equilibrium.
    pub fn text(&self, eq: &Equilibrium) -> String {
        let mut s = format!(
            "{} in the push-or-fold game at {}\n",
            self.bot,
            game_text(&eq.game)
        );
        if !self.is_push_fold() {
            s.push_str(
                "it is no push-or-fold bot: as the small blind it also plays other actions, so \
                 its values in this game are not defined\n",
            );
            let mut by: Vec<(&str, Vec<String>)> = Vec::new();
            for o in &self.other {
                let class = if o.share < 1.0 {
                    format!("{} ({})", o.class, pct(o.share))
                } else {
                    o.class.clone()
                };
                match by.iter_mut().find(|b| b.0 == o.action) {
                    Some(b) => b.1.push(class),
                    None => by.push((&o.action, vec![class])),
                }
            }
            for (action, classes) in by {
                s.push_str(&format!("  {action} ({} classes):\n", classes.len()));
                for line in classes.chunks(13) {
                    s.push_str(&format!("    {}\n", line.join(" ")));
                }
            }
            return s;
        }
        s.push_str(&format!(
            "the small blind pushes {}\nthe big blind calls a push with {}\n",
            share_of_hands(&self.push),
            share_of_hands(&self.call)
        ));
        let x = self.exploitability(eq);
        s.push_str(&format!(
            "best response against it: {} mbb/hand ({} as the small blind, {} as the big blind)\n\
             it against the equilibrium: {} mbb/hand ({} as the small blind, {} as the big blind)\n",
            mbb_text(x.best_response_per_hand()),
            mbb_text(x.best_response[0]),
            mbb_text(x.best_response[1]),
            mbb_text(x.against_equilibrium_per_hand()),
            mbb_text(x.against_equilibrium[0]),
            mbb_text(x.against_equilibrium[1]),
        ));
        for (seat, classes) in ["small blind", "big blind"].iter().zip(&self.no_rule) {
            if !classes.is_empty() {
                s.push_str(&format!(
                    "no rule gives the {seat}'s action with {} classes (a fold, as at a table): {}\n",
                    classes.len(),
                    classes.join(" ")
                ));
            }
        }
        s
    }

    /// One JSON object: `bot`, `stack`, `small_blind`, `push_fold`, `push` and `call` (169
    /// shares, the 13x13 order), `other` (each `class`, `action`, `share`), `no_rule`
    /// (`small_blind`, `big_blind`: classes), `best_response_mbb` and
    /// `against_equilibrium_mbb` (each `per_hand`, `small_blind`, `big_blind`; null for a bot
    /// that is no push-or-fold bot), `equilibrium` (`value_mbb`, `gap_mbb`).
    pub fn json(&self, eq: &Equilibrium) -> String {
        let values = |x: &Exploitability, br: bool| {
            let (v, per) = if br {
                (x.best_response, x.best_response_per_hand())
            } else {
                (x.against_equilibrium, x.against_equilibrium_per_hand())
            };
            serde_json::json!({
                "per_hand": per * 1000.0,
                "small_blind": v[0] * 1000.0,
                "big_blind": v[1] * 1000.0,
            })
        };
        let x = self.is_push_fold().then(|| self.exploitability(eq));
        serde_json::json!({
            "bot": self.bot,
            "stack": eq.game.stack,
            "small_blind": eq.game.small_blind,
            "push_fold": self.is_push_fold(),
            "push": self.push.to_vec(),
            "call": self.call.to_vec(),
            "other": self.other.iter().map(|o| serde_json::json!({
                "class": o.class, "action": o.action, "share": o.share,
            })).collect::<Vec<_>>(),
            "no_rule": {"small_blind": self.no_rule[0], "big_blind": self.no_rule[1]},
            "best_response_mbb": x.as_ref().map(|x| values(x, true)),
            "against_equilibrium_mbb": x.as_ref().map(|x| values(x, false)),
            "equilibrium": {"value_mbb": eq.value * 1000.0, "gap_mbb": eq.gap * 1000.0},
        })
        .to_string()
    }
}
