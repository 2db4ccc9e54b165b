//! Comparing chip amounts. Amounts may be fractional (`<chip>0.01</chip>`) and come out of
//! arithmetic (`0.5 pot`), so equality is tolerant: two amounts are the same when they differ
//! by at most 1e-9 chips plus 64 units of rounding (64 × 2.2e-16) of the larger amount: room
//! for the rounding of fractional chips, never for a real difference (100 chips at 10^14 is
//! more, 1e-12 at 1000 is the same).
//! The one tolerance for chips, used by the betting model and `make_legal` (the dealer plays
//! whole chips and needs none)
//! (reference: "The game state", chip amounts).

/// The largest difference at which `a` and `b` count as the same amount.
#[inline]
pub fn tolerance(a: f64, b: f64) -> f64 {
    1e-9 + 64.0 * f64::EPSILON * a.abs().max(b.abs())
}

/// `a` and `b` are the same amount.
#[inline]
pub fn same(a: f64, b: f64) -> bool {
    // Equal amounts first (the common case), without the tolerance: the same answer.
    let d = a - b;
    d == 0.0 || d.abs() <= tolerance(a, b)
}

/// `a` is more than `b`, by more than the tolerance.
#[inline]
pub fn more(a: f64, b: f64) -> bool {
    // `b + tolerance` is never below `b`: not more than `b` is not more, tolerance or not.
    a > b && a > b + tolerance(a, b)
}

/// `a` is less than `b`, by more than the tolerance.
#[inline]
pub fn less(a: f64, b: f64) -> bool {
    more(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_to_the_amounts() {
        assert!(same(0.1 + 0.2, 0.3));
        assert!(!same(20.0, 20.001));
        assert!(more(20.001, 20.0) && less(20.0, 20.001));
        // At 1e14 chips a difference of 100 is real; at 1e3 one of 1e-12 is not.
        assert!(more(1e14 + 100.0, 1e14));
        assert!(same(1000.0 + 1e-12, 1000.0));
        assert!(more(1000.0 + 1e-7, 1000.0));
        assert!(!more(0.0, 0.0) && !less(0.0, 0.0));
    }
}
