//! The seed of every decision (reference §13.3): the decisions of a hand draw their seeds,
//! in order, from one stream of the match seed, so the k-th decision point of hand `h`
//! (after `k` acts by either player) is seeded alike in `hus match`, `hus acpc` and
//! `hus replay`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::ChaCha8Stream;

/// The generator of a hand's decision seeds: stream `2 key + 1` of the match seed; the k-th
/// decision of the hand uses its k-th `u64`.
pub fn decision_seeds(seed: u64, key: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(2 * key + 1);
    rng
}

/// [`decision_seeds`] from the match seed's ChaCha key, a block at a time: the same words.
pub fn seeds_on(key_of_seed: &[u8; 32], key: u64) -> ChaCha8Stream {
    ChaCha8Stream::new(key_of_seed, 2 * key + 1)
}

/// The seed of the decision taken after `acts` acts of hand `key`: the word of
/// [`decision_seeds`]`(seed, key)` whose index is `acts`.
pub fn seed_of_decision(seed: u64, key: u64, acts: usize) -> u64 {
    let mut seeds = decision_seeds(seed, key);
    for _ in 0..acts {
        seeds.next_u64();
    }
    seeds.next_u64()
}
