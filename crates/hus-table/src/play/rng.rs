//! A decision's generator, seeded only when the bot first draws from it: seeding ChaCha8
//! costs more than a whole decision of a script that never draws, and most decisions draw
//! nothing. Drawing gives exactly the stream of `ChaCha8Rng::seed_from_u64(seed)`.

use std::convert::Infallible;

use rand::{Rng, SeedableRng, TryRng};
use rand_chacha::ChaCha8Rng;

/// `ChaCha8Rng::seed_from_u64(seed)`, built on the first draw.
#[derive(Clone, Debug)]
pub struct DecisionRng {
    seed: u64,
    rng: Option<ChaCha8Rng>,
}

impl DecisionRng {
    pub fn new(seed: u64) -> DecisionRng {
        DecisionRng { seed, rng: None }
    }

    /// The seed (`hus decide --seed`).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    fn rng(&mut self) -> &mut ChaCha8Rng {
        let seed = self.seed;
        self.rng
            .get_or_insert_with(|| ChaCha8Rng::seed_from_u64(seed))
    }
}

impl TryRng for DecisionRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.rng().next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.rng().next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.rng().fill_bytes(dst);
        Ok(())
    }
}

/// Asserts that two generators give the same values for `rounds` mixed draws (words, double
/// words, a 13-byte fill, floats and a range), which straddle block boundaries at every offset.
#[cfg(test)]
pub fn assert_same_draws(a: &mut impl Rng, b: &mut impl Rng, rounds: usize) {
    use rand::RngExt;
    for i in 0..rounds {
        match i % 5 {
            0 => assert_eq!(a.next_u32(), b.next_u32()),
            1 => assert_eq!(a.next_u64(), b.next_u64()),
            2 => {
                let (mut x, mut y) = ([0u8; 13], [0u8; 13]);
                a.fill_bytes(&mut x);
                b.fill_bytes(&mut y);
                assert_eq!(x, y);
            }
            3 => assert_eq!(a.random_range(0.0..1.0f64), b.random_range(0.0..1.0f64)),
            _ => assert_eq!(a.random_range(3u32..52), b.random_range(3u32..52)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_stream_of_the_seeded_chacha() {
        for seed in [0, 1, 7, u64::MAX] {
            let mut lazy = DecisionRng::new(seed);
            let mut eager = ChaCha8Rng::seed_from_u64(seed);
            assert_eq!(lazy.seed(), seed);
            assert_same_draws(&mut lazy, &mut eager, 200);
        }
    }
}
