//! The push-or-fold game as the pair of linear programs of a zero-sum game, solved by the
//! `microlp` crate: the small blind's max-min program gives its push shares, the big blind's
//! min-max program its call shares (microlp reports no dual values, so each seat has its own).

use microlp::{ComparisonOp, OptimizationDirection, Problem, Variable};

use super::Shares;

/// One seat's shares from its program and the simplex pivots the crate took.
pub struct Solved {
    pub shares: Shares,
    pub pivots: usize,
}

/// The small blind's program: push shares `p` in 0..=1 and, per big-blind class `j`, a
/// bound `y_j >= 0` with `y_j >= -Σ_i change(i, j) p_i` (what calling with `j` gains the big
/// blind); maximise `Σ_i push_base_i p_i - Σ_j y_j`, the small blind's value against the
/// big blind's best response less what folding always loses.
pub fn push_program(change: &[f64], push_base: &[f64; 169]) -> Option<Solved> {
    let mut lp = Problem::new(OptimizationDirection::Maximize);
    let p: Vec<Variable> = push_base
        .iter()
        .map(|&b| lp.add_var(b, (0.0, 1.0)))
        .collect();
    for j in 0..169 {
        let y = lp.add_var(-1.0, (0.0, f64::INFINITY));
        let mut row: Vec<(Variable, f64)> = (0..169)
            .filter(|&i| change[i * 169 + j] != 0.0)
            .map(|i| (p[i], change[i * 169 + j]))
            .collect();
        row.push((y, 1.0));
        lp.add_constraint(row.as_slice(), ComparisonOp::Ge, 0.0);
    }
    solved(&lp, &p)
}

/// The big blind's program: call shares `c` in 0..=1 and, per small-blind class `i`, a
/// bound `z_i >= 0` with `z_i >= push_base_i + Σ_j change(i, j) c_j` (what pushing with `i`
/// gains the small blind); minimise `Σ_i z_i`, the small blind's best value against `c`.
pub fn call_program(change: &[f64], push_base: &[f64; 169]) -> Option<Solved> {
    let mut lp = Problem::new(OptimizationDirection::Minimize);
    let c: Vec<Variable> = (0..169).map(|_| lp.add_var(0.0, (0.0, 1.0))).collect();
    for (i, &base) in push_base.iter().enumerate() {
        let z = lp.add_var(1.0, (0.0, f64::INFINITY));
        let mut row: Vec<(Variable, f64)> = (0..169)
            .filter(|&j| change[i * 169 + j] != 0.0)
            .map(|j| (c[j], -change[i * 169 + j]))
            .collect();
        row.push((z, 1.0));
        lp.add_constraint(row.as_slice(), ComparisonOp::Ge, base);
    }
    solved(&lp, &c)
}

/// Solves `lp` and reads the shares of `vars`; `None` if the crate finds no optimum.
fn solved(lp: &Problem, vars: &[Variable]) -> Option<Solved> {
    let solution = lp.solve().ok()?.into_solution().ok()?;
    let pivots = usize::try_from(solution.stats().lp_iterations).ok()?;
    Some(Solved {
        shares: std::array::from_fn(|k| solution.var_value(vars[k])),
        pivots,
    })
}
