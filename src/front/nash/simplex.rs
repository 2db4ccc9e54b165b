//! A dense simplex method for `max c·x` subject to `A x <= b`, `x >= 0`, with `b >= 0` (so
//! the origin is a first vertex): what the push-or-fold game is as a linear program. The
//! entering column is the most negative reduced cost (the lowest index on ties), the leaving
//! row the smallest ratio (the lowest basic index on ties); after many pivots it switches to
//! Bland's rule, which cannot cycle. The answer is deterministic.

/// A solved program: the primal point and the dual values of the constraints.
#[derive(Clone, Debug)]
pub struct Solution {
    pub x: Vec<f64>,
    /// One per row of `A`: the price of its bound (the other player's strategy).
    pub dual: Vec<f64>,
    pub pivots: usize,
}

/// Entries smaller than this are zero when choosing pivots.
const EPS: f64 = 1e-10;

/// Solves `max c·x, A x <= b, x >= 0` (`a` row by row, `b >= 0`); `None` if it is unbounded
/// or does not finish within its pivot budget (neither happens for a game's program).
pub fn maximize(c: &[f64], a: &[Vec<f64>], b: &[f64]) -> Option<Solution> {
    let (m, n) = (a.len(), c.len());
    let width = n + m + 1;
    // Row 0 is the objective (`-c`, then the slacks' zeros); rows 1..=m the constraints with
    // their slack columns n..n+m; the last column the right-hand side.
    let mut t = vec![0.0; (m + 1) * width];
    for (j, &cj) in c.iter().enumerate() {
        t[j] = -cj;
    }
    for (i, row) in a.iter().enumerate() {
        let r = (i + 1) * width;
        t[r..r + n].copy_from_slice(row);
        t[r + n + i] = 1.0;
        t[r + width - 1] = b[i];
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    let budget = 50 * (n + m);
    let mut pivots = 0;
    loop {
        let bland = pivots > 10 * (n + m);
        let Some(col) = entering(&t[..width - 1], bland) else {
            break;
        };
        let row = leaving(&t, width, col, &basis)?;
        pivot(&mut t, width, row, col);
        basis[row - 1] = col;
        pivots += 1;
        if pivots > budget {
            return None;
        }
    }
    let mut x = vec![0.0; n];
    for (i, &v) in basis.iter().enumerate() {
        if v < n {
            x[v] = t[(i + 1) * width + width - 1];
        }
    }
    let dual = (0..m).map(|i| t[n + i]).collect();
    Some(Solution { x, dual, pivots })
}

/// The column to enter: the most negative reduced cost, or with `bland` the first negative.
fn entering(objective: &[f64], bland: bool) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (j, &r) in objective.iter().enumerate() {
        if r < -EPS {
            if bland {
                return Some(j);
            }
            if best.is_none_or(|(_, b)| r < b) {
                best = Some((j, r));
            }
        }
    }
    best.map(|(j, _)| j)
}

/// The row to leave: the smallest ratio of right-hand side to a positive entry of `col`;
/// `None` when no entry is positive (unbounded).
fn leaving(t: &[f64], width: usize, col: usize, basis: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, &var) in basis.iter().enumerate() {
        let r = (i + 1) * width;
        let e = t[r + col];
        if e > EPS {
            let ratio = t[r + width - 1] / e;
            let better = match best {
                None => true,
                Some((k, q)) => ratio < q - 1e-12 || (ratio <= q + 1e-12 && var < basis[k - 1]),
            };
            if better {
                best = Some((i + 1, ratio));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// Makes `col` basic in `row`.
fn pivot(t: &mut [f64], width: usize, row: usize, col: usize) {
    let r = row * width;
    let p = t[r + col];
    for v in &mut t[r..r + width] {
        *v /= p;
    }
    let pivot_row: Vec<f64> = t[r..r + width].to_vec();
    for (i, chunk) in t.chunks_exact_mut(width).enumerate() {
        if i == row {
            continue;
        }
        let f = chunk[col];
        if f != 0.0 {
            for (v, &p) in chunk.iter_mut().zip(&pivot_row) {
                *v -= f * p;
            }
            chunk[col] = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_program_and_its_dual() {
        // max 3x + 5y, x <= 4, 2y <= 12, 3x + 2y <= 18: x = 2, y = 6, value 36; duals 0, 1.5, 1.
        let s = maximize(
            &[3.0, 5.0],
            &[vec![1.0, 0.0], vec![0.0, 2.0], vec![3.0, 2.0]],
            &[4.0, 12.0, 18.0],
        )
        .unwrap();
        assert!((s.x[0] - 2.0).abs() < 1e-12 && (s.x[1] - 6.0).abs() < 1e-12);
        let want = [0.0, 1.5, 1.0];
        for (d, w) in s.dual.iter().zip(want) {
            assert!((d - w).abs() < 1e-12, "{:?}", s.dual);
        }
    }

    #[test]
    fn an_unbounded_program_has_no_solution() {
        assert!(maximize(&[1.0, 0.0], &[vec![0.0, 1.0]], &[1.0]).is_none());
    }
}
