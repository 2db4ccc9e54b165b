//! A set of small numbers in a fixed number of 64-bit words, sized by its user: the
//! predicate sets take as many words as the predicate table has rows (no ceiling of one word).

use std::ops::{BitOr, BitOrAssign};

/// The numbers 0 to `64 * W - 1`, one bit each, in `W` words. With one word every operation
/// is the single-word bit operation it replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    /// No number.
    pub const EMPTY: Self = Bits([0; W]);
    /// How many numbers the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// Whether `i` is in the set (`i` below [`Self::CAPACITY`]).
    #[inline(always)]
    pub const fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// The set with `i` added.
    #[inline(always)]
    pub const fn with(self, i: usize) -> Self {
        self.with_if(i, true)
    }

    /// The set with `i` added when `yes` (no branch).
    #[inline(always)]
    pub const fn with_if(mut self, i: usize, yes: bool) -> Self {
        self.0[i / 64] |= (yes as u64) << (i % 64);
        self
    }

    /// Adds `i`.
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        *self = self.with(i);
    }

    /// Whether the set holds no number.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The numbers in the set, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..Self::CAPACITY).filter(|&i| self.contains(i))
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;

    #[inline(always)]
    fn bitor(mut self, other: Self) -> Self {
        self |= other;
        self
    }
}

impl<const W: usize> BitOrAssign for Bits<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    /// Sets of three words hold numbers past 64 and 128, each apart from its neighbours.
    #[test]
    fn no_ceiling_at_one_or_two_words() {
        assert_eq!(Bits::<3>::CAPACITY, 192);
        let numbers = [0, 1, 63, 64, 65, 127, 128, 129, 191];
        let mut set = Bits::<3>::EMPTY;
        assert!(set.is_empty());
        for &i in &numbers {
            assert!(!set.contains(i), "{i} before it is added");
            set.insert(i);
            assert!(set.contains(i), "{i} after it is added");
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), numbers);
        for i in [2, 62, 66, 126, 130, 190] {
            assert!(!set.contains(i), "{i} was never added");
        }
        let (low, high) = (Bits::<3>::EMPTY.with(5), Bits::<3>::EMPTY.with(150));
        assert_eq!((low | high).iter().collect::<Vec<_>>(), [5, 150]);
        assert_eq!(Bits::<3>::EMPTY.with_if(130, false), Bits::<3>::EMPTY);
    }
}
