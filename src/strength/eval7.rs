//! A 7-card hand evaluator in the style of OMPEval, working directly on [`CardSet`]'s 64-bit
//! layout: the rank of the best five of up to seven cards as one `u16`.
//!
//! Non-flush hands: every rank has a multiplier chosen so that the sum over up to seven cards
//! (at most four of a rank) is unique; the sum is perfect-hashed (row displacement) into a
//! table of ranks. Flushes: with at most seven cards a flush excludes quads and full houses, so
//! the suit's 13-bit mask indexes an 8192-entry table directly. Incremental hands of exactly
//! seven cards (what enumerations rank) use a second hash holding only the 49,205 seven-card
//! multisets, smaller and so more often in cache. Only the hashes' row displacements are
//! committed (`eval7_tables.rs`, written by `gen-tables`: placing the hashes takes a few
//! seconds); the rank and flush tables are computed from them at compile time by the `const
//! fn`s below, so there is no start-up cost and no generated table to keep in step.

use crate::cards::CardSet;

include!("eval7_tables.rs");

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

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// A name for people: `high card`, `two pair`, `straight flush`.
    pub fn name(self) -> &'static str {
        [
            "high card",
            "pair",
            "two pair",
            "three of a kind",
            "straight",
            "flush",
            "full house",
            "four of a kind",
            "straight flush",
        ][self as usize - 1]
    }
}

/// The strength of a hand: higher is better, equal means a tie. The top four bits are the
/// [`Category`], the low twelve order hands within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(pub u16);

impl HandRank {
    pub fn category(self) -> Category {
        Category::ALL[(self.0 >> CATEGORY_SHIFT) as usize - 1]
    }
    pub fn value(self) -> u16 {
        self.0
    }
}

const CATEGORY_SHIFT: u32 = 12;

/// Per-rank multipliers (OMPEval's): the sum over any multiset of up to seven ranks with at
/// most four of each is unique, and the sums cluster so that 4096-wide rows pack well.
/// Smaller sums (to halve the bias table) were searched and rejected: the greedy smallest
/// unique multipliers (1, 5, 24, 112, ..., 3453520) reach only 18.4 M, but their even spread
/// packs 4096-wide rows into 244 K slots (88 K here); a greedy search keeping OMPEval's low
/// 12 bits grows the range (77 M).
pub(crate) const RANK_MULT: [u32; 13] = [
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
pub(crate) const ROW_SHIFT: u32 = 12;
const ROW_MASK: u32 = (1 << ROW_SHIFT) - 1;

/// The rank-key sum of one suit's 13-bit mask, plus [`SUIT_FLUSH`] when it holds five cards
/// or more; a hand's key is the sum over its four suits.
static SUIT_KEY: [u32; 8192] = suit_keys();

/// Flags a suit of five or more cards in [`SUIT_KEY`] (the rank sums stay below 2^26).
const SUIT_FLUSH: u32 = 1 << 31;

const fn suit_keys() -> [u32; 8192] {
    let mut t = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        let mut r = 0;
        let mut k = 0;
        while r < 13 {
            if m & (1 << r) != 0 {
                k += RANK_MULT[r];
            }
            r += 1;
        }
        if (m as u32).count_ones() >= 5 {
            k |= SUIT_FLUSH;
        }
        t[m] = k;
        m += 1;
    }
    t
}

/// Suit counters for the incremental [`IncrementalHand`]: a nibble per suit at bit 48, starting at 3 so
/// that bit 3 of a nibble is set once the suit holds five cards.
const SUIT_COUNTER_SHIFT: u32 = 48;
const SUIT_COUNTER_START: u64 = 0x3333 << SUIT_COUNTER_SHIFT;
const FLUSH_BITS: u64 = 0x8888 << SUIT_COUNTER_SHIFT;

/// The card counter of an [`IncrementalHand`]: a nibble at bit 32 starting at 9, so that it
/// reads 0 (carrying into bit 36) at exactly seven cards: one test of [`SLOW_BITS`] then tells
/// a seven-card hand without a flush.
const COUNT_SHIFT: u32 = 32;
const COUNT_START: u64 = 9 << COUNT_SHIFT;
const COUNT_BITS: u64 = 0xf << COUNT_SHIFT;

/// The incremental key of each card by its [`CardSet`] bit index (0 for unused bits).
static CARD_KEY: [u64; 64] = card_keys();

const fn card_keys() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (lane, rank) = (i / 16, i % 16);
        if rank < 13 {
            t[i] = RANK_MULT[rank] as u64
                | 1 << COUNT_SHIFT
                | 1 << (SUIT_COUNTER_SHIFT + 4 * lane as u32);
        }
        i += 1;
    }
    t
}

/// Cards added one at a time (for enumerations): the rank key and suit counts are kept as a
/// running sum, so ranking needs no per-suit lookups. Up to seven cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IncrementalHand {
    key: u64,
    mask: u64,
}

impl Default for IncrementalHand {
    fn default() -> IncrementalHand {
        IncrementalHand::EMPTY
    }
}

impl IncrementalHand {
    pub const EMPTY: IncrementalHand = IncrementalHand {
        key: SUIT_COUNTER_START | COUNT_START,
        mask: 0,
    };

    /// The hand of a set of up to seven cards.
    pub fn of(cards: CardSet) -> IncrementalHand {
        let mut h = IncrementalHand::EMPTY;
        let mut x = cards.0;
        while x != 0 {
            h = h.with(x.trailing_zeros());
            x &= x - 1;
        }
        h
    }

    /// This hand plus the card at a [`CardSet`] bit index (not already in the hand).
    #[inline(always)]
    pub fn with(self, bit: u32) -> IncrementalHand {
        IncrementalHand {
            key: self.key.wrapping_add(CARD_KEY[bit as usize & 63]),
            mask: self.mask | 1 << (bit & 63),
        }
    }

    pub fn cards(self) -> CardSet {
        CardSet(self.mask)
    }

    /// The card at a [`CardSet`] bit index on its own, to add to a hand (one started from
    /// [`EMPTY`](Self::EMPTY)) with `+`: a per-card table of these makes adding a card one
    /// 16-byte add, as in OMPEval. `EMPTY + card(b)` is `EMPTY.with(b)`.
    pub fn card(bit: u32) -> IncrementalHand {
        IncrementalHand {
            key: CARD_KEY[bit as usize & 63],
            mask: 1 << (bit & 63),
        }
    }
}

/// The union of two disjoint hands (at most seven cards in all); at most one side may have
/// started from [`IncrementalHand::EMPTY`], the other being cards from
/// [`IncrementalHand::card`].
impl std::ops::Add for IncrementalHand {
    type Output = IncrementalHand;
    // The masks of disjoint hands add by union.
    #[allow(clippy::suspicious_arithmetic_impl)]
    #[inline(always)]
    fn add(self, other: IncrementalHand) -> IncrementalHand {
        IncrementalHand {
            key: self.key.wrapping_add(other.key),
            mask: self.mask | other.mask,
        }
    }
}

/// The evaluator: a handle on its tables, which are generated data compiled into the
/// library (nothing to build at start-up).
pub struct Evaluator;

static EVALUATOR: Evaluator = Evaluator;

/// The rank of the best five of `cards` (up to seven cards; fewer rank as partial hands, in the
/// same order as their kickers).
#[inline]
pub fn evaluate(cards: CardSet) -> HandRank {
    Evaluator.rank(cards)
}

/// Marks the branch that calls it as unlikely (stable stand-in for `std::hint::cold_path`),
/// so the non-flush path is laid out straight through.
#[cold]
#[inline(always)]
fn cold() {}

impl Evaluator {
    /// The shared evaluator.
    #[inline]
    pub fn get() -> &'static Evaluator {
        &EVALUATOR
    }

    /// The rank of the best five of up to seven cards.
    #[inline(always)]
    pub fn rank(&self, cards: CardSet) -> HandRank {
        let x = cards.0;
        let s = [
            SUIT_KEY[(x & 0x1fff) as usize],
            SUIT_KEY[((x >> 16) & 0x1fff) as usize],
            SUIT_KEY[((x >> 32) & 0x1fff) as usize],
            SUIT_KEY[((x >> 48) & 0x1fff) as usize],
        ];
        let key = s[0]
            .wrapping_add(s[1])
            .wrapping_add(s[2])
            .wrapping_add(s[3]);
        let slot = if key & SUIT_FLUSH == 0 {
            // More than seven cards can push the key past 25 bits: keep it in range.
            hash_slot(key & KEY_MASK)
        } else {
            cold();
            // The suit with five or more cards (the first, after misuse).
            let lane = if s[0] & SUIT_FLUSH != 0 {
                0
            } else if s[1] & SUIT_FLUSH != 0 {
                16
            } else if s[2] & SUIT_FLUSH != 0 {
                32
            } else {
                48
            };
            FLUSH_BASE + ((x >> lane) & 0x1fff) as usize
        };
        HandRank(table(slot))
    }

    /// The rank of an incrementally built [`IncrementalHand`]. The flush branch stays: a
    /// branchless select of the hashed and flush slots (both computed, about ten more
    /// instructions) measured half the speed on enumeration and 0.65x on random hands.
    ///
    /// Both paths end in one load of `base[index]`: for a seven-card hand `base` is its row's
    /// pointer ([`ROW_PTR7`]) and `index` the key, so the address adds them (`movzx eax, word
    /// [base + key*2]`) where a row bias would need an `add`: one ALU operation fewer, which
    /// the enumeration loop (ALU-bound between its loop-exit mispredicts) runs faster for.
    #[inline(always)]
    pub fn rank_hand(&self, h: IncrementalHand) -> HandRank {
        let (base, index) = if h.key & SLOW_BITS == 0 {
            // Seven cards, no flush, and a key below 2^25 (as any hand of seven cards has).
            let key = opaque(h.key) as u32;
            (row7(key), key as usize)
        } else {
            cold();
            let f = h.key & FLUSH_BITS;
            let slot = if f == 0 {
                // Fewer than seven cards (or misuse: over seven, kept in range by the mask).
                hash_slot(h.key as u32 & KEY_MASK)
            } else {
                let lane = (f.trailing_zeros() - (SUIT_COUNTER_SHIFT + 3)) * 4;
                FLUSH_BASE + ((h.mask >> (lane & 63)) & 0x1fff) as usize
            };
            debug_assert!(slot < TABLE.len());
            (TABLE.as_ptr(), slot)
        };
        // SAFETY: a row pointer plus a key of its row is the key's slot in TABLE (see
        // `row7`); TABLE.as_ptr() plus a hashed or flush slot is in TABLE (see `table`).
        HandRank(unsafe { *base.wrapping_add(index) })
    }

    /// The size of the non-flush table that serves hands of any size (entries); incremental
    /// hands of exactly seven cards use their own, smaller one.
    pub fn lookup_len(&self) -> usize {
        LOOKUP_LEN
    }
}

/// A rank key below 2^25 has its row below 8192, so its biased slot lies in that row's
/// 4096 slots, inside [`LOOKUP_LEN`].
const KEY_MASK: u32 = (1 << 25) - 1;

/// Key bits that send [`Evaluator::rank_hand`] off the seven-card hash: a flush, a card count
/// other than seven, or a rank key of 2^25 or more (only possible with more than seven cards).
const SLOW_BITS: u64 = FLUSH_BITS | COUNT_BITS | (!(KEY_MASK as u64) & 0xffff_ffff);

/// `x`, hidden from the optimiser: knowing the key's top bits clear after the `SLOW_BITS`
/// test, LLVM masks the row index with an extra instruction instead of a plain shift.
#[inline(always)]
fn opaque(mut x: u64) -> u64 {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    // SAFETY: an empty template: the value passes through unchanged.
    unsafe {
        std::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags));
    }
    x
}

/// The row pointer of a seven-card rank key: the key's slot in [`TABLE`] is
/// `row7(key).wrapping_add(key)`.
#[inline(always)]
fn row7(key: u32) -> *const u16 {
    debug_assert!(key <= KEY_MASK);
    // SAFETY: key < 2^25, so the row index is below ROW_PTR7.len().
    unsafe { ROW_PTR7.0.get_unchecked((key >> ROW_SHIFT7) as usize) }.0
}

/// The hash slot of a rank key below 2^25: the key plus its row's bias.
#[inline(always)]
fn hash_slot(key: u32) -> usize {
    debug_assert!(key <= KEY_MASK);
    // SAFETY: key < 2^25, so the row index is below 8192 = ROW_BIAS.len().
    let bias = unsafe { *ROW_BIAS.get_unchecked((key >> ROW_SHIFT) as usize) };
    key.wrapping_add(bias) as usize
}

/// The entry at a slot from `hash_slot` or a flush slot.
#[inline(always)]
fn table(slot: usize) -> u16 {
    debug_assert!(slot < TABLE.len());
    // SAFETY: a hashed slot is its row's displacement plus a column of the row, which
    // LOOKUP7_LEN or LOOKUP_LEN covers (the unit test `every_row_lies_inside_the_lookup` checks
    // it); a flush slot is FLUSH_BASE plus a 13-bit mask.
    unsafe { *TABLE.get_unchecked(slot) }
}

#[cfg(test)]
fn lookup_key(key: u32) -> u16 {
    table(hash_slot(key & KEY_MASK))
}

#[cfg(test)]
fn lookup7_key(key: u32) -> u16 {
    let key = key & KEY_MASK;
    let slot = (row7(key).wrapping_add(key as usize) as usize - TABLE.as_ptr() as usize) / 2;
    assert!(slot < LOOKUP7_LEN);
    table(slot)
}

/// The row displacements biased by the row's first key (wrapping), so that a key's slot is
/// `key + ROW_BIAS[key >> ROW_SHIFT]` with no masking of the column (as OMPEval stores them);
/// the full hash's rows start at [`FULL_BASE`].
static ROW_BIAS: [u32; 8192] = {
    let mut t = [0u32; 8192];
    let mut i = 0;
    while i < 8192 {
        t[i] = (ROW_OFFSETS[i] + FULL_BASE as u32).wrapping_sub((i as u32) << ROW_SHIFT);
        i += 1;
    }
    t
};

/// Row width of the seven-card hash. With only its 49,205 keys, 13-bit rows pack into 69 K
/// slots (138 KB) with a 16 KB bias table: simulated L1 misses per random hand 1.26, from 1.53
/// with the full hash (bias 0.39 -> 0.16, table 0.87 -> 0.82). Measured against pokers,
/// interleaved in one process: random hands 1.02x -> 1.07x, enumeration unchanged. 12-bit rows
/// (106 KB, 32 KB bias) simulate 1.46 misses; 14-bit (210 KB, 8 KB) 1.19.
///
/// Rows are 14 bits since the row table holds 8-byte pointers ([`ROW_PTR7`]): 2048 rows make
/// it 16 KB, the size of the 13-bit `u32` biases it replaced. Cachegrind (32 KB L1d, 512 KB
/// L2), L1 misses per random hand beside the hands' own stream: 13-bit biases 1.06, 13-bit
/// pointers (32 KB) 1.31, 14-bit pointers 1.11, 15-bit pointers (8 KB, 318 KB table) 1.02 but
/// 0.065 L2 misses, which measured 0.95x pokers on random hands. Interleaved against pokers in
/// one process (same load), 13-bit biases -> 14-bit pointers: enumeration 1.10-1.13x ->
/// 1.18x, random hands 1.08-1.10x -> 1.09-1.12x.
pub(crate) const ROW_SHIFT7: u32 = 14;
const ROW_MASK7: u32 = (1 << ROW_SHIFT7) - 1;

/// The seven-card hash's rows as pointers: [`TABLE`]'s start plus the row's displacement
/// minus its first key (wrapping: outside TABLE until a key of the row is added). Pointers
/// (8 bytes a row, relocated at load) rather than `u32` biases let the final load's address
/// add the key, as [`Evaluator::rank_hand`] describes.
static ROW_PTR7: RowPtrs = {
    let mut t = [RowPtr(std::ptr::null()); ROWS7];
    let mut i = 0;
    while i < ROWS7 {
        let bias = ROW_OFFSETS7[i] as isize - ((i as isize) << ROW_SHIFT7);
        t[i] = RowPtr(TABLE.as_ptr().wrapping_offset(bias));
        i += 1;
    }
    RowPtrs(t)
};

#[derive(Clone, Copy)]
struct RowPtr(*const u16);

struct RowPtrs([RowPtr; ROWS7]);

// SAFETY: the pointers only ever read the immutable static TABLE.
unsafe impl Sync for RowPtrs {}

/// Rows of the seven-card hash: every key below 2^25 has one.
const ROWS7: usize = 1 << (25 - ROW_SHIFT7);

/// Seven-card non-flush ranks by their hash slot, then all non-flush ranks (up to seven cards)
/// by theirs from [`FULL_BASE`], then flush and straight-flush ranks by a suit's 13-bit mask
/// (0 below five cards) from [`FLUSH_BASE`]: one table, so all paths end in the same load.
/// Computed at compile time from [`ROW_OFFSETS7`] and [`ROW_OFFSETS`] (76,155 rank multisets,
/// each ranked once and written in place: constant evaluation is slow, hence also the
/// allowed lint).
#[allow(long_running_const_eval)]
pub(crate) static TABLE: [u16; FLUSH_BASE + 8192] = {
    let mut t = [0u16; FLUSH_BASE + 8192];
    fill_hashed(0, 7, 0, &mut [0; 13], &mut t);
    let mut m = 0;
    while m < 8192 {
        if (m as u16).count_ones() >= 5 {
            t[FLUSH_BASE + m] = flush_value(m as u16);
        }
        m += 1;
    }
    t
};

/// Writes the rank of every multiset of ranks `r..13` with at most `left` more cards (four of a
/// rank at most) into its slot of the full hash, and a multiset of exactly seven cards into its
/// slot of the seven-card hash too.
const fn fill_hashed(
    r: usize,
    left: u8,
    key: u32,
    counts: &mut [u8; 13],
    t: &mut [u16; FLUSH_BASE + 8192],
) {
    if r == 13 {
        let value = counts_value(counts);
        let slot = (key & ROW_MASK) + ROW_OFFSETS[(key >> ROW_SHIFT) as usize];
        t[FULL_BASE + slot as usize] = value;
        if left == 0 {
            let slot7 = (key & ROW_MASK7) + ROW_OFFSETS7[(key >> ROW_SHIFT7) as usize];
            t[slot7 as usize] = value;
        }
        return;
    }
    let most = if left < 4 { left } else { 4 };
    let mut c = 0;
    while c <= most {
        counts[r] = c;
        fill_hashed(r + 1, left - c, key + c as u32 * RANK_MULT[r], counts, t);
        c += 1;
    }
    counts[r] = 0;
}

/// Where the full hash's slots start in [`TABLE`].
const FULL_BASE: usize = LOOKUP7_LEN;

/// Where the flush ranks start in [`TABLE`].
const FLUSH_BASE: usize = FULL_BASE + LOOKUP_LEN;

/// The seven-card hash's extent: every row's 8192 slots lie inside it.
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

/// Calls `f(counts, key)` for every multiset of at most seven ranks with at most four of each
/// (76,155 of them, including the empty one).
pub(crate) fn for_each_rank_multiset(mut f: impl FnMut(&[u8; 13], u32)) {
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

/// The text of `eval7_tables.rs` as `gen-tables` writes it: the computed row displacements
/// as Rust source (the unit test `tables_source_is_committed` compares it with the file).
pub fn tables_source() -> String {
    use std::fmt::Write as _;
    let mut offsets = compute_row_offsets(ROW_SHIFT, false);
    offsets.resize(8192, 0);
    let mut offsets7 = compute_row_offsets(ROW_SHIFT7, true);
    offsets7.resize(ROWS7, 0);
    let mut s = String::new();
    s.push_str("// Generated by `cargo run --release --features gen-tables --bin gen-tables -- eval`; do not edit.\n");
    s.push_str(
        "// The 7-card evaluator's hash displacements (see eval7.rs); the rank and flush tables\n",
    );
    s.push_str("// are computed from them at compile time.\n");
    for (doc, name, offsets) in [
        ("the non-flush rank keys", "ROW_OFFSETS", offsets),
        (
            "the seven-card non-flush rank keys",
            "ROW_OFFSETS7",
            offsets7,
        ),
    ] {
        let _ = writeln!(s, "/// Perfect-hash row displacements of {doc}.");
        let _ = writeln!(s, "pub(crate) static {name}: [u32; {}] = [", offsets.len());
        for chunk in offsets.chunks(16) {
            let line: Vec<String> = chunk.iter().map(|o| o.to_string()).collect();
            let _ = writeln!(s, "    {},", line.join(", "));
        }
        s.push_str("];\n");
    }
    s
}

/// The perfect-hash row displacements for the rank keys (what `gen-tables` writes into
/// `eval7_tables.rs`), rows `2^row_shift` keys wide, of all rank multisets or of the seven-card
/// ones only: rows with most keys placed first, each at the lowest displacement where
/// its keys land on free slots. Strict: no two keys share a slot. Placing rows in key order
/// instead keeps nearby keys on nearby slots (enumeration order 1.3x faster) but grows the table
/// by 13 % and made random hands 25 % slower (same run): the fuller table serves both.
pub fn compute_row_offsets(row_shift: u32, seven_only: bool) -> Vec<u32> {
    let rows_n = (max_key() >> row_shift) as usize + 1;
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); rows_n];
    for_each_rank_multiset(|counts, key| {
        if !seven_only || counts.iter().sum::<u8>() == 7 {
            rows[(key >> row_shift) as usize].push(key & ((1 << row_shift) - 1));
        }
    });
    let mut used: Vec<bool> = Vec::new();
    let mut first_free = 0;
    let mut offsets = vec![0u32; rows_n];
    let mut order: Vec<usize> = (0..rows_n).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));
    for r in order {
        let cols = &mut rows[r];
        if cols.is_empty() {
            continue;
        }
        cols.sort_unstable();
        // A fit needs the lowest column's slot free: start where that can first be.
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
        let mut base = first_free.saturating_sub(cols[0] as usize);
        while !cols
            .iter()
            .all(|&c| !used.get(base + c as usize).copied().unwrap_or(false))
        {
            base += 1;
        }
        for &c in cols.iter() {
            let slot = base + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
            }
            used[slot] = true;
        }
        // slot = (key & row mask) + offset.
        offsets[r] = base as u32;
    }
    offsets
}

fn max_key() -> u32 {
    4 * RANK_MULT[12] + 3 * RANK_MULT[11]
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
pub(crate) const fn counts_value(counts: &[u8; 13]) -> u16 {
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

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
mod tests;
