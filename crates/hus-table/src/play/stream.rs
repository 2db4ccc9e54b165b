//! ChaCha8 a block at a time: exactly the words of `rand_chacha`'s `ChaCha8Rng` on a stream,
//! but generating one 64-byte block when the next word is needed instead of four. A hand
//! draws about ten words from each of its two streams (the deal, the decision seeds), so
//! three of the four blocks were wasted work.

use std::convert::Infallible;

use rand::TryRng;

/// Words in a ChaCha block.
const BLOCK_WORDS: usize = 16;

/// The key and stream of `ChaCha8Rng::from_seed(seed)` after `set_stream(stream)`, read from
/// word 0.
#[derive(Clone, Debug)]
pub struct ChaCha8Stream {
    key: [u32; 8],
    stream: u64,
    /// The next block to generate.
    counter: u64,
    buf: [u32; BLOCK_WORDS],
    /// The next word of `buf`; `BLOCK_WORDS` when it is used up.
    index: usize,
}

impl ChaCha8Stream {
    /// The stream `stream` of the key `seed` (as `ChaCha8Rng::get_seed` gives it).
    pub fn new(seed: &[u8; 32], stream: u64) -> ChaCha8Stream {
        let key = std::array::from_fn(|i| {
            u32::from_le_bytes([
                seed[4 * i],
                seed[4 * i + 1],
                seed[4 * i + 2],
                seed[4 * i + 3],
            ])
        });
        ChaCha8Stream {
            key,
            stream,
            counter: 0,
            buf: [0; BLOCK_WORDS],
            index: BLOCK_WORDS,
        }
    }

    /// The next word of the stream.
    #[inline]
    fn word(&mut self) -> u32 {
        if self.index >= BLOCK_WORDS {
            self.buf = block(&self.key, self.counter, self.stream);
            self.counter = self.counter.wrapping_add(1);
            self.index = 0;
        }
        let w = self.buf[self.index];
        self.index += 1;
        w
    }
}

impl TryRng for ChaCha8Stream {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.word())
    }

    /// Two consecutive words, the first the low half (as `rand_core`'s block generator).
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let lo = self.word();
        let hi = self.word();
        Ok((u64::from(hi) << 32) | u64::from(lo))
    }

    /// Whole words in little-endian order; the rest of a word cut short is dropped.
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(4) {
            let bytes = self.word().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// The four rows of a block's input (Bernstein's layout: the constants, the key, a 64-bit
/// block counter and a 64-bit stream).
fn input(key: &[u32; 8], counter: u64, stream: u64) -> [[u32; 4]; 4] {
    [
        [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574],
        [key[0], key[1], key[2], key[3]],
        [key[4], key[5], key[6], key[7]],
        [
            counter as u32,
            (counter >> 32) as u32,
            stream as u32,
            (stream >> 32) as u32,
        ],
    ]
}

/// One ChaCha8 block, a row of four words per SSE2 register.
#[cfg(target_arch = "x86_64")]
#[inline]
fn block(key: &[u32; 8], counter: u64, stream: u64) -> [u32; BLOCK_WORDS] {
    // SAFETY: SSE2 is part of every x86_64 processor.
    unsafe { block_sse2(key, counter, stream) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn block_sse2(key: &[u32; 8], counter: u64, stream: u64) -> [u32; BLOCK_WORDS] {
    use std::arch::x86_64::*;
    let rows = input(key, counter, stream);
    macro_rules! load {
        ($r:expr) => {
            _mm_setr_epi32($r[0] as i32, $r[1] as i32, $r[2] as i32, $r[3] as i32)
        };
    }
    macro_rules! rotl {
        ($x:expr, $l:literal) => {
            _mm_or_si128(_mm_slli_epi32::<$l>($x), _mm_srli_epi32::<{ 32 - $l }>($x))
        };
    }
    let start = [
        load!(rows[0]),
        load!(rows[1]),
        load!(rows[2]),
        load!(rows[3]),
    ];
    let [mut a, mut b, mut c, mut d] = start;
    for _ in 0..4 {
        // A column round; then the diagonal round on rows b, c, d turned by 1, 2 and 3
        // words, turned back after it.
        for diagonal in [false, true] {
            if diagonal {
                b = _mm_shuffle_epi32::<0x39>(b);
                c = _mm_shuffle_epi32::<0x4E>(c);
                d = _mm_shuffle_epi32::<0x93>(d);
            }
            a = _mm_add_epi32(a, b);
            d = rotl!(_mm_xor_si128(d, a), 16);
            c = _mm_add_epi32(c, d);
            b = rotl!(_mm_xor_si128(b, c), 12);
            a = _mm_add_epi32(a, b);
            d = rotl!(_mm_xor_si128(d, a), 8);
            c = _mm_add_epi32(c, d);
            b = rotl!(_mm_xor_si128(b, c), 7);
            if diagonal {
                b = _mm_shuffle_epi32::<0x93>(b);
                c = _mm_shuffle_epi32::<0x4E>(c);
                d = _mm_shuffle_epi32::<0x39>(d);
            }
        }
    }
    let out = [
        _mm_add_epi32(a, start[0]),
        _mm_add_epi32(b, start[1]),
        _mm_add_epi32(c, start[2]),
        _mm_add_epi32(d, start[3]),
    ];
    // SAFETY: four `__m128i` are 64 bytes, as are sixteen `u32`, and any bits are a `u32`.
    unsafe { std::mem::transmute::<[__m128i; 4], [u32; BLOCK_WORDS]>(out) }
}

#[cfg(not(target_arch = "x86_64"))]
fn block(key: &[u32; 8], counter: u64, stream: u64) -> [u32; BLOCK_WORDS] {
    block_scalar(key, counter, stream)
}

/// One ChaCha8 block, a word at a time (the reference for [`block`]).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn block_scalar(key: &[u32; 8], counter: u64, stream: u64) -> [u32; BLOCK_WORDS] {
    let start: [u32; BLOCK_WORDS] =
        std::array::from_fn(|i| input(key, counter, stream)[i / 4][i % 4]);
    let mut x = start;
    let quarter = |x: &mut [u32; BLOCK_WORDS], a: usize, b: usize, c: usize, d: usize| {
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(16);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(12);
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(8);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(7);
    };
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    std::array::from_fn(|i| x[i].wrapping_add(start[i]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn draws_the_words_of_chacha8_on_a_stream() {
        let cases = [
            (0, 0),
            (1, 1),
            (7, 14),
            (u64::MAX, 2 * 999_999 + 1),
            (3, u64::MAX),
        ];
        for (seed, stream) in cases {
            let mut eager = ChaCha8Rng::seed_from_u64(seed);
            eager.set_stream(stream);
            let mut ours = ChaCha8Stream::new(&eager.get_seed(), stream);
            crate::play::rng::assert_same_draws(&mut ours, &mut eager, 300);
        }
    }

    #[test]
    fn the_vector_block_is_the_scalar_block() {
        let key: [u32; 8] = std::array::from_fn(|i| 0x9E37_79B9u32.wrapping_mul(i as u32 + 1));
        for (counter, stream) in [(0, 0), (1, 5), (u64::MAX, u64::MAX), (1 << 32, 1 << 40)] {
            assert_eq!(
                block(&key, counter, stream),
                block_scalar(&key, counter, stream)
            );
        }
    }
}
