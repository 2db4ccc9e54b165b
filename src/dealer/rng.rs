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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn draws_the_stream_of_the_seeded_chacha() {
        for seed in [0, 1, 7, u64::MAX] {
            let mut lazy = DecisionRng::new(seed);
            let mut eager = ChaCha8Rng::seed_from_u64(seed);
            assert_eq!(lazy.seed(), seed);
            for i in 0..200 {
                match i % 4 {
                    0 => assert_eq!(lazy.next_u32(), eager.next_u32()),
                    1 => assert_eq!(lazy.next_u64(), eager.next_u64()),
                    2 => {
                        let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
                        lazy.fill_bytes(&mut a);
                        eager.fill_bytes(&mut b);
                        assert_eq!(a, b);
                    }
                    _ => assert_eq!(
                        lazy.random_range(0.0..1.0f64),
                        eager.random_range(0.0..1.0f64)
                    ),
                }
            }
        }
    }
}
