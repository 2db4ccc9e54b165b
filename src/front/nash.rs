//! `hus nash` (reference §12.16): the heads-up push-or-fold game solved exactly. The small
//! blind pushes all in or folds, the big blind calls or folds, over the 169 classes with card
//! removal and the exact preflop matchups; solved as the pair of linear programs of a
//! zero-sum game by the `microlp` crate ([`programs`]), its gap measured by both best responses.

mod against;
mod programs;
mod script;

pub use against::{read_push_fold, AgainstError, BotPushFold, Exploitability, OtherAction};
pub use script::write_script;
pub(crate) use script::{gap_text, mbb_text, range_text};

use std::sync::OnceLock;

use crate::cards::hole::HoleClass;
use crate::strength::preflop_matchups::{class_versus_class, BOARDS};

/// Deals of two holdings: 1,326 for the small blind, 1,225 left for the big blind.
pub const DEALS: f64 = 1326.0 * 1225.0;

/// The largest stack `hus nash` solves, in big blinds.
pub const MAX_STACK_BB: f64 = 10_000.0;

/// A strategy of one seat: the share of each class (13x13 order) that pushes, or calls.
pub type Shares = [f64; 169];

/// The push-or-fold game: both players start with `stack` big blinds (antes included), the
/// small blind posts `small_blind`, the big blind 1, each an `ante`; all in big blinds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PushFold {
    pub stack: f64,
    pub small_blind: f64,
    pub ante: f64,
}

/// A game that cannot be played: what is wrong and what is expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NashError {
    pub message: String,
}

impl std::fmt::Display for NashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NashError {}

fn error<T>(message: String) -> Result<T, NashError> {
    Err(NashError { message })
}

impl PushFold {
    /// The game, checked: a small blind above 0 and at most the big blind, an ante of 0 or
    /// more, a stack that covers the big blind and the ante and is at most [`MAX_STACK_BB`].
    pub fn new(stack: f64, small_blind: f64, ante: f64) -> Result<PushFold, NashError> {
        if !(small_blind.is_finite() && small_blind > 0.0 && small_blind <= 1.0) {
            return error(format!(
                "small blind {small_blind} big blinds: it must be above 0 and at most the big blind (`--blinds 50/100`)"
            ));
        }
        if !(ante.is_finite() && ante >= 0.0) {
            return error(format!("ante {ante} big blinds: it must be 0 or more"));
        }
        if !(stack.is_finite() && stack >= 1.0 + ante && stack <= MAX_STACK_BB) {
            return error(format!(
                "stack {stack}: give it in big blinds, at least the big blind and the ante ({}) and at most {MAX_STACK_BB} (`--stack 10`)",
                1.0 + ante
            ));
        }
        Ok(PushFold {
            stack,
            small_blind,
            ante,
        })
    }

    /// What the small blind loses by folding.
    fn fold_loss(&self) -> f64 {
        self.small_blind + self.ante
    }

    /// What the small blind wins when the big blind folds to the push.
    fn steal(&self) -> f64 {
        1.0 + self.ante
    }

    /// For every class pair (small blind's `i`, big blind's `j`, `i * 169 + j`): the deals
    /// times what a call changes for the small blind against a fold (all in, `(2 equity - 1)
    /// stack`, less the steal).
    fn call_change(&self) -> Vec<f64> {
        let m = matchups();
        let steal = self.steal();
        (0..169 * 169)
            .map(|k| m.deals[k] * ((2.0 * m.equity[k] - 1.0) * self.stack - steal))
            .collect()
    }

    /// The small blind's push against fold per class, summed over deals, against `call`.
    fn push_gain(&self, change: &[f64], call: &Shares) -> [f64; 169] {
        let m = matchups();
        let both = self.steal() + self.fold_loss();
        std::array::from_fn(|i| {
            let row = &change[i * 169..(i + 1) * 169];
            both * m.dealt[i] + row.iter().zip(call).map(|(x, c)| x * c).sum::<f64>()
        })
    }

    /// The big blind's call against fold per class, in the small blind's chips summed over
    /// deals (the big blind calls where it is negative), against `push`.
    fn call_gain(&self, change: &[f64], push: &Shares) -> [f64; 169] {
        let mut out = [0.0; 169];
        for (i, p) in push.iter().enumerate().filter(|(_, p)| **p > 0.0) {
            for (o, x) in out.iter_mut().zip(&change[i * 169..(i + 1) * 169]) {
                *o += p * x;
            }
        }
        out
    }

    /// The small blind's value, in big blinds per hand, when it pushes `push` and the big
    /// blind calls `call`.
    pub fn value(&self, push: &Shares, call: &Shares) -> f64 {
        let m = matchups();
        let gain = self.push_gain(&self.call_change(), call);
        let total: f64 = (0..169)
            .map(|i| -self.fold_loss() * m.dealt[i] + push[i] * gain[i])
            .sum();
        total / DEALS
    }

    /// The small blind's best response to `call` (pushing where it gains, folding on a tie)
    /// and its value in big blinds per hand.
    pub fn best_push(&self, call: &Shares) -> (Shares, f64) {
        let m = matchups();
        let gain = self.push_gain(&self.call_change(), call);
        let push = gain.map(|g| if g > 0.0 { 1.0 } else { 0.0 });
        let total: f64 = (0..169)
            .map(|i| -self.fold_loss() * m.dealt[i] + gain[i].max(0.0))
            .sum();
        (push, total / DEALS)
    }

    /// The big blind's best response to `push` (calling where it gains, folding on a tie) and
    /// the small blind's value against it in big blinds per hand.
    pub fn best_call(&self, push: &Shares) -> (Shares, f64) {
        let gain = self.call_gain(&self.call_change(), push);
        let call = gain.map(|g| if g < 0.0 { 1.0 } else { 0.0 });
        (call, self.value(push, &call))
    }
}

/// The equilibrium of one game, and how close to one it is.
#[derive(Clone, Debug)]
pub struct Equilibrium {
    pub game: PushFold,
    /// The small blind's push share per class.
    pub push: Shares,
    /// The big blind's call share per class.
    pub call: Shares,
    /// The small blind's value, in big blinds per hand.
    pub value: f64,
    /// What both best responses together gain on the pair, in big blinds per hand (the
    /// small blind's against `call` less the big blind's against `push`): 0 at an exact
    /// equilibrium.
    pub gap: f64,
    /// The simplex pivots microlp took over both programs.
    pub pivots: usize,
}

/// Solves the game as the two linear programs of a zero-sum game (reference §12.16): the
/// small blind's max-min program gives the push shares, the big blind's min-max program the
/// call shares.
pub fn solve(game: &PushFold) -> Result<Equilibrium, NashError> {
    let m = matchups();
    let change = game.call_change();
    let both = game.steal() + game.fold_loss();
    let base: [f64; 169] = std::array::from_fn(|i| both * m.dealt[i]);
    let (Some(sb), Some(bb)) = (
        programs::push_program(&change, &base),
        programs::call_program(&change, &base),
    ) else {
        return error("the linear program did not solve (please report it)".into());
    };
    let push: Shares = sb.shares.map(share);
    let call: Shares = bb.shares.map(share);
    let (_, best_sb) = game.best_push(&call);
    let (_, best_bb) = game.best_call(&push);
    Ok(Equilibrium {
        game: *game,
        push,
        call,
        value: game.value(&push, &call),
        gap: best_sb - best_bb,
        pivots: sb.pivots + bb.pivots,
    })
}

/// A share from the program, in 0..=1, within 1e-9 of 0 or 1 made exact.
fn share(x: f64) -> f64 {
    if x < 1e-9 {
        0.0
    } else if x > 1.0 - 1e-9 {
        1.0
    } else {
        x
    }
}

/// The equilibria of one game at several stacks, in the order given.
pub fn solve_stacks(small_blind: f64, ante: f64, stacks: &[f64]) -> Result<StackTable, NashError> {
    let equilibria = stacks
        .iter()
        .map(|&s| solve(&PushFold::new(s, small_blind, ante)?))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(StackTable { equilibria })
}

/// The equilibria at a row of stacks, read as charts of equilibria are: for each class the
/// largest stack at which it pushes (calls), and the stacks below that at which it does not.
#[derive(Clone, Debug)]
pub struct StackTable {
    pub equilibria: Vec<Equilibrium>,
}

/// A class's stacks for one seat: the largest that takes the action (a share of at least
/// half) and the runs of smaller stacks that do not, each as its first and last stack.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    pub largest: Option<f64>,
    pub gaps: Vec<(f64, f64)>,
}

impl StackTable {
    /// The stacks, in the order solved.
    pub fn stacks(&self) -> Vec<f64> {
        self.equilibria.iter().map(|e| e.game.stack).collect()
    }

    /// Where class `i` pushes (`call` false) or calls (`call` true).
    pub fn reach(&self, i: usize, call: bool) -> Reach {
        let takes: Vec<bool> = self
            .equilibria
            .iter()
            .map(|e| if call { e.call[i] } else { e.push[i] } >= 0.5)
            .collect();
        let stacks = self.stacks();
        let Some(last) = takes.iter().rposition(|&t| t) else {
            return Reach {
                largest: None,
                gaps: Vec::new(),
            };
        };
        let mut gaps = Vec::new();
        let mut start: Option<usize> = None;
        for k in 0..=last {
            match (takes[k], start) {
                (false, None) => start = Some(k),
                (true, Some(a)) => {
                    gaps.push((stacks[a], stacks[k - 1]));
                    start = None;
                }
                _ => {}
            }
        }
        Reach {
            largest: Some(stacks[last]),
            gaps,
        }
    }

    /// The largest gap of the equilibria, in big blinds per hand.
    pub fn gap(&self) -> f64 {
        self.equilibria.iter().map(|e| e.gap).fold(0.0, f64::max)
    }
}

/// The exact preflop matchups class against class, with card removal.
struct Matchups {
    /// Deals of a small-blind class `i` against a big-blind class `j` (`i * 169 + j`).
    deals: Vec<f64>,
    /// The small blind's showdown equity in those deals, over every board.
    equity: Vec<f64>,
    /// Deals per small-blind class: its holdings times 1,225.
    dealt: [f64; 169],
}

fn matchups() -> &'static Matchups {
    static M: OnceLock<Matchups> = OnceLock::new();
    M.get_or_init(|| {
        let mut deals = vec![0.0; 169 * 169];
        let mut equity = vec![0.0; 169 * 169];
        for i in 0..169 {
            let n = f64::from(HoleClass::from_index(i).combos());
            for j in 0..169 {
                let (wins, ties, holdings) = class_versus_class(i, j);
                deals[i * 169 + j] = n * f64::from(holdings);
                if holdings > 0 {
                    equity[i * 169 + j] = (wins as f64 + ties as f64 / 2.0)
                        / (f64::from(holdings) * f64::from(BOARDS));
                }
            }
        }
        let dealt = std::array::from_fn(|i| f64::from(HoleClass::from_index(i).combos()) * 1225.0);
        Matchups {
            deals,
            equity,
            dealt,
        }
    })
}

/// The deals of small-blind class `i` against big-blind class `j` and the small blind's
/// equity in them (for the brute-force check of the tests).
#[cfg(test)]
fn matchup(i: usize, j: usize) -> (f64, f64) {
    let m = matchups();
    (m.deals[i * 169 + j], m.equity[i * 169 + j])
}

#[cfg(test)]
mod tests;
