//! Every decision a bot can make in one game state, each with its exact probability (`hus
//! chart`, reference §12.13): the weighted choices (a mixed strategy, a weighted `RAISE`
//! list) and the random pick among tied rules are followed down every branch by their
//! weights instead of drawn, so the shares are the script's own weights, never a sample.
//!
//! A decision that reads the constant `random` is decided once for each of
//! [`RANDOM_POINTS`] evenly spaced values of it (the midpoints of `[0, 1)` cut in as many
//! equal parts), each with that share: exact for any threshold on `random` written with at
//! most two decimals (`random < 0.35`).

use super::{decide_choosing, DecideOptions, EvalError, Verdict};
use crate::game::GameState;
use crate::ir::Program;

/// How many values of `random` a decision that reads it is tried with.
pub const RANDOM_POINTS: usize = 100;

/// Past this many outcomes for one state the rest are not followed (a script whose choices
/// nest without end); [`Outcomes::cut`] says so.
pub const MAX_OUTCOMES: usize = 10_000;

/// The choices of one decision, taken from a list instead of the generator.
#[derive(Default)]
pub struct Choices {
    /// The index to take at each choice, in the order they are met; past its end, 0.
    forced: Vec<usize>,
    at: usize,
    /// The shares of each choice met (summing to 1).
    pub met: Vec<Vec<f64>>,
    /// The decision read `random`.
    pub read_random: bool,
    /// What the decisions of this state computed that does not depend on `random` nor on
    /// a choice (equityVs, the strengths): computed once for all of them.
    pub kept: super::context::Kept,
}

impl Choices {
    /// The index to take at a choice with these shares.
    pub fn next(&mut self, shares: Vec<f64>) -> usize {
        let k = self.forced.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        self.met.push(shares);
        k
    }
}

/// The probability of each item of a weighted choice, as [`super::pick_index`] draws it:
/// weights that are not positive never, unless all are (then the first).
pub fn shares(weights: impl Iterator<Item = f64> + Clone) -> Vec<f64> {
    let w: Vec<f64> = weights.map(|w| w.max(0.0)).collect();
    let max = w.iter().copied().fold(0.0, f64::max);
    if max <= 0.0 {
        let mut s = vec![0.0; w.len()];
        if let Some(first) = s.first_mut() {
            *first = 1.0;
        }
        return s;
    }
    // Relative to the largest, so weights whose sum overflows still divide.
    let total: f64 = w.iter().map(|x| x / max).sum();
    w.iter().map(|x| x / max / total).collect()
}

/// Every decision of one state with its probability.
#[derive(Clone, Debug)]
pub struct Outcomes {
    /// Each decision reached and its probability; they sum to 1 (unless [`Outcomes::cut`]).
    pub decisions: Vec<(Verdict, f64)>,
    /// The decision reads `random` ([`RANDOM_POINTS`] values of it were tried).
    pub read_random: bool,
    /// More than [`MAX_OUTCOMES`] outcomes: the rest were not followed.
    pub cut: bool,
}

/// Every decision `program` makes in `state`, each with its exact probability; the first
/// error met (no rule matched, a missing constant, an external program) is the answer.
pub fn outcomes(
    program: &Program,
    state: &GameState,
    options: &DecideOptions,
) -> Result<Outcomes, EvalError> {
    let mut out = Outcomes {
        decisions: Vec::new(),
        read_random: false,
        cut: false,
    };
    let mut kept = super::context::Kept::default();
    let first = 0.5 / RANDOM_POINTS as f64;
    follow(program, state, options, (first, 1.0), &mut kept, &mut out)?;
    if out.read_random {
        out.decisions.clear();
        out.cut = false;
        let share = 1.0 / RANDOM_POINTS as f64;
        for k in 0..RANDOM_POINTS {
            let u = (k as f64 + 0.5) * share;
            follow(program, state, options, (u, share), &mut kept, &mut out)?;
        }
    }
    Ok(out)
}

/// Adds the decisions with `random` at `u` to `out`, each with `share` times its probability;
/// `kept` goes from each decision to the next.
fn follow(
    program: &Program,
    state: &GameState,
    options: &DecideOptions,
    (u, share): (f64, f64),
    kept: &mut super::context::Kept,
    out: &mut Outcomes,
) -> Result<(), EvalError> {
    let mut rng = Fixed::at(u);
    let mut todo: Vec<(Vec<usize>, f64)> = vec![(Vec::new(), share)];
    while let Some((forced, p)) = todo.pop() {
        if out.decisions.len() + todo.len() >= MAX_OUTCOMES {
            out.cut = true;
            return Ok(());
        }
        let depth = forced.len();
        let mut choices = Some(Choices {
            forced,
            kept: std::mem::take(kept),
            ..Choices::default()
        });
        let result =
            decide_choosing::<Fixed, false>(program, state, &mut rng, options, &mut choices);
        let mut c = choices.unwrap_or_default();
        *kept = std::mem::take(&mut c.kept);
        out.read_random |= c.read_random;
        if let Some(shares) = c.met.get(depth) {
            // A choice not yet followed: one branch per item that can be taken.
            for (k, s) in shares.iter().enumerate().rev() {
                if *s > 0.0 {
                    let mut next = c.forced.clone();
                    next.push(k);
                    todo.push((next, p * s));
                }
            }
            continue;
        }
        out.decisions.push((result?, p));
    }
    Ok(())
}

/// A generator whose every draw is the same: `random::<f64>()` gives the value it was made
/// at (up to 2^-53).
struct Fixed(u64);

impl Fixed {
    fn at(u: f64) -> Fixed {
        // A float draw takes the top 53 bits of a u64 as a fraction.
        Fixed(((u * (1u64 << 53) as f64) as u64) << 11)
    }
}

impl rand::TryRng for Fixed {
    type Error = std::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((self.0 >> 32) as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for (i, b) in dst.iter_mut().enumerate() {
            *b = self.0.to_le_bytes()[i % 8];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn a_fixed_generator_draws_its_value() {
        for u in [0.005, 0.355, 0.995] {
            let x: f64 = Fixed::at(u).random();
            assert!((x - u).abs() < 1e-12, "{x} for {u}");
        }
    }

    #[test]
    fn shares_follow_the_weights_as_drawn() {
        assert_eq!(shares([1.0, 3.0].into_iter()), vec![0.25, 0.75]);
        assert_eq!(shares([0.0, -1.0].into_iter()), vec![1.0, 0.0]);
        assert_eq!(shares([2.0, -1.0, 2.0].into_iter()), vec![0.5, 0.0, 0.5]);
        assert_eq!(shares([f64::MAX, f64::MAX].into_iter()), vec![0.5, 0.5]);
    }
}
