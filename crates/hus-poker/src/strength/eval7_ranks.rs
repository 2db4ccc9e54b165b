// The 7-card evaluator's table layout and its values: the hands' categories, the rank keys'
// multipliers, the two hashes' row widths and places in the table, and the ranking of a rank
// multiset and of a flush. Included by `eval7.rs` (after `eval7_tables.rs`, whose row
// displacements it reads) and by `build.rs`, which computes the table with it once per build
// (as constant evaluation the same work took 7-13 s of every build of the crate and printed a
// warning that cannot be turned off); so one text serves both, and nothing here may name
// anything outside these two files.

/// The category of a hand, weakest first; the discriminant is the top four bits of a [`HandRank`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    HighCard = 1,
    Pair = 2,
    TwoPair = 3,
    ThreeOfAKind = 4,
    Straight = 5,
    Flush = 6,
    FullHouse = 7,
    FourOfAKind = 8,
    StraightFlush = 9,
}

const CATEGORY_SHIFT: u32 = 12;

/// Per-rank multipliers (OMPEval's): the sum over any multiset of up to seven ranks with at
/// most four of each is unique, and the sums cluster so that 4096-wide rows pack well.
/// Smaller sums (to halve the bias table) were searched and rejected: the greedy smallest
/// unique multipliers (1, 5, 24, 112, ..., 3453520) reach only 18.4 M, but their even spread
/// packs 4096-wide rows into 244 K slots (88 K here); a greedy search keeping OMPEval's low
/// 12 bits grows the range (77 M).
pub const RANK_MULT: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068,
    0x48c0e4, 0x48f211, 0x494493,
];

/// Row width of the perfect hash: `key >> ROW_SHIFT` picks the row, whose displacement plus
/// `key & ROW_MASK` is the slot. Measured alternatives (callgrind cache simulation, 32 KB L1d):
/// enumeration order misses L1 on about 1 % of hands, so it is bound by instruction count and
/// the flush branch; random hands miss about 1.3 times per hand (row bias plus table). Wider rows
/// (13, 14 bits) halve the bias table but grow the table to 249 / 389 KB; 16-bit displacements
/// (even slots) cut random misses by 15 % but add two instructions (`and`, `lea`) and made
/// enumeration about 8 % slower: neither beat this layout on both. (Seven-card incremental
/// hands use their own hash, [`ROW_SHIFT7`]; this one serves card sets and partial hands.)
pub const ROW_SHIFT: u32 = 12;
const ROW_MASK: u32 = (1 << ROW_SHIFT) - 1;

/// Row width of the seven-card hash. With only its 49,205 keys, 13-bit rows pack into 69 K
/// slots (138 KB) with a 16 KB bias table: simulated L1 misses per random hand 1.26, from 1.53
/// with the full hash (bias 0.39 -> 0.16, table 0.87 -> 0.82). Measured against pokers,
/// interleaved in one process: random hands 1.02x -> 1.07x, enumeration unchanged. 12-bit rows
/// (106 KB, 32 KB bias) simulate 1.46 misses; 14-bit (210 KB, 8 KB) 1.19.
///
/// Rows are 14 bits since the row table holds 8-byte pointers (`ROW_PTR7`): 2048 rows make
/// it 16 KB, the size of the 13-bit `u32` biases it replaced. Cachegrind (32 KB L1d, 512 KB
/// L2), L1 misses per random hand beside the hands' own stream: 13-bit biases 1.06, 13-bit
/// pointers (32 KB) 1.31, 14-bit pointers 1.11, 15-bit pointers (8 KB, 318 KB table) 1.02 but
/// 0.065 L2 misses, which measured 0.95x pokers on random hands. Interleaved against pokers in
/// one process (same load), 13-bit biases -> 14-bit pointers: enumeration 1.10-1.13x ->
/// 1.18x, random hands 1.08-1.10x -> 1.09-1.12x.
pub const ROW_SHIFT7: u32 = 14;
const ROW_MASK7: u32 = (1 << ROW_SHIFT7) - 1;

/// Every entry of [`TABLE`]: what `build.rs` writes for the library to include, and what a unit
/// test compares the included table with.
#[cfg_attr(not(test), allow(dead_code))]
pub fn table_values() -> Vec<u16> {
    let mut t = vec![0u16; TABLE_LEN];
    for_each_rank_multiset(|counts, key| {
        let value = counts_value(counts);
        let slot = (key & ROW_MASK) + ROW_OFFSETS[(key >> ROW_SHIFT) as usize];
        t[FULL_BASE + slot as usize] = value;
        // A multiset of exactly seven cards has a slot in the seven-card hash too.
        if counts.iter().sum::<u8>() == 7 {
            let slot7 = (key & ROW_MASK7) + ROW_OFFSETS7[(key >> ROW_SHIFT7) as usize];
            t[slot7 as usize] = value;
        }
    });
    for m in 0..8192u16 {
        if m.count_ones() >= 5 {
            t[FLUSH_BASE + m as usize] = flush_value(m);
        }
    }
    t
}

/// [`TABLE`]'s length: the two hashes and the flush ranks.
pub const TABLE_LEN: usize = FLUSH_BASE + 8192;

/// Calls `f(counts, key)` for every multiset of at most seven ranks with at most four of each
/// (76,155 of them, including the empty one).
pub fn for_each_rank_multiset(mut f: impl FnMut(&[u8; 13], u32)) {
    fn go(r: usize, left: u8, key: u32, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13], u32)) {
        if r == 13 {
            f(counts, key);
            return;
        }
        for c in 0..=left.min(4) {
            counts[r] = c;
            go(r + 1, left - c, key + c as u32 * RANK_MULT[r], counts, f);
        }
        counts[r] = 0;
    }
    go(0, 7, 0, &mut [0; 13], &mut f);
}

/// Where the full hash's slots start in [`TABLE`].
const FULL_BASE: usize = LOOKUP7_LEN;

/// Where the flush ranks start in [`TABLE`].
const FLUSH_BASE: usize = FULL_BASE + LOOKUP_LEN;

/// The seven-card hash's extent: every row's 16,384 slots (`ROW_SHIFT7` bits) lie inside it.
const LOOKUP7_LEN: usize = extent(&ROW_OFFSETS7, ROW_MASK7 + 1);

/// Every row's 4096 slots lie inside the table (which makes the unchecked lookup in
/// `table` sound for any key below 2^25).
const LOOKUP_LEN: usize = extent(&ROW_OFFSETS, ROW_MASK + 1);

/// A hash's extent: its largest row displacement plus a row of `width` slots.
const fn extent(offsets: &[u32], width: u32) -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < offsets.len() {
        if offsets[i] > max {
            max = offsets[i];
        }
        i += 1;
    }
    max as usize + width as usize
}

// ---- ranking a rank multiset / a flush, order-preserving within each category ----

const fn make(cat: Category, index: u32) -> u16 {
    debug_assert!(index < 1 << CATEGORY_SHIFT);
    ((cat as u16) << CATEGORY_SHIFT) | index as u16
}

/// The highest rank in a non-empty mask.
const fn top(m: u16) -> u32 {
    15 - m.leading_zeros()
}

/// The highest `k` ranks of a mask.
const fn top_k(mut m: u16, k: u32) -> u16 {
    while m.count_ones() > k {
        m &= m - 1;
    }
    m
}

/// The high card of the best straight in a rank mask, as 0 (five-high wheel) .. 9 (ace-high).
const fn straight(m: u16) -> Option<u32> {
    let mut hi = 12;
    while hi >= 4 {
        if (m >> (hi - 4)) & 0x1f == 0x1f {
            return Some(hi - 3);
        }
        hi -= 1;
    }
    if m & 0x100f == 0x100f {
        Some(0)
    } else {
        None
    }
}

const fn binomials() -> [[u32; 6]; 14] {
    let mut t = [[0u32; 6]; 14];
    let mut n = 0;
    while n < 14 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}
const BINOM: [[u32; 6]; 14] = binomials();

/// The colexicographic index of the kickers in `m` (at most five) after removing the ranks in
/// `excluded` and closing the gaps: order-preserving among sets of the same size.
const fn colex(m: u16, excluded: u16) -> u32 {
    let mut idx = 0;
    let mut i = 1;
    let mut x = m;
    while x != 0 {
        let r = x.trailing_zeros();
        let below = (excluded & ((1u16 << r) - 1)).count_ones();
        idx += BINOM[(r - below) as usize][i];
        i += 1;
        x &= x - 1;
    }
    idx
}

const fn bit(r: u32) -> u16 {
    1 << r
}

/// The best hand of a suit holding five or more cards: straight flush or flush.
const fn flush_value(m: u16) -> u16 {
    match straight(m) {
        Some(s) => make(Category::StraightFlush, s),
        None => make(Category::Flush, colex(top_k(m, 5), 0)),
    }
}

/// The best non-flush hand of a multiset of ranks (counts per rank, at most seven cards).
pub const fn counts_value(counts: &[u8; 13]) -> u16 {
    let (mut m1, mut m2, mut m3, mut m4) = (0u16, 0u16, 0u16, 0u16);
    let mut r = 0;
    while r < 13 {
        let c = counts[r];
        let b = 1 << r;
        r += 1;
        if c >= 1 {
            m1 |= b;
        }
        if c >= 2 {
            m2 |= b;
        }
        if c >= 3 {
            m3 |= b;
        }
        if c >= 4 {
            m4 |= b;
        }
    }
    if m4 != 0 {
        let q = top(m4);
        let k = top_k(m1 & !bit(q), 1);
        return make(Category::FourOfAKind, q * 12 + colex(k, bit(q)));
    }
    if m3 != 0 {
        let t = top(m3);
        let rest = m2 & !bit(t);
        if rest != 0 {
            let p = top(rest);
            return make(Category::FullHouse, t * 12 + colex(bit(p), bit(t)));
        }
    }
    if let Some(s) = straight(m1) {
        return make(Category::Straight, s);
    }
    if m3 != 0 {
        let t = top(m3);
        let k = top_k(m1 & !bit(t), 2);
        return make(Category::ThreeOfAKind, t * 66 + colex(k, bit(t)));
    }
    if m2.count_ones() >= 2 {
        let pairs = top_k(m2, 2);
        let k = top_k(m1 & !pairs, 1);
        return make(Category::TwoPair, colex(pairs, 0) * 11 + colex(k, pairs));
    }
    if m2 != 0 {
        let p = top(m2);
        let k = top_k(m1 & !bit(p), 3);
        return make(Category::Pair, p * 220 + colex(k, bit(p)));
    }
    make(Category::HighCard, colex(top_k(m1, 5), 0))
}
