//! The flop outlook against a list of villain holdings (a range's live ones), with the second
//! run-out card as lanes: for each holding {a, b} and each first run-out card c, every card
//! d > c at once, 16 lanes (one suit's ranks) at a time.
//!
//! The villain's final rank is the non-flush rank of the board's, a's, b's and c's ranks with
//! d's (a row per rank multiset of a, b, c, made when first needed), raised to the flush rank
//! where board, a, b and c hold four cards of a suit or more; lanes that are not cards to come
//! above c, or that are a or b, are lowered to [`NONE`].

use super::super::{state, unseen, Outlook, AHEAD, BEHIND, TIED};
use super::{
    alive_rows, flop_ranks, flush_row, hero_rows, non_flush_row, triples, Lanes, Row, NONE,
};
use crate::cards::{CardSet, DECK_MASK};
use crate::strength::eval7::{Evaluator, IncrementalHand};

/// What the kernel reads: tables by card and by rank multiset.
struct RangeWork<'a> {
    ev: &'a Evaluator,
    cards: Vec<u32>,
    unseen: u64,
    board: u64,
    board_ranks: [u8; 3],
    board_suits: [u32; 4],
    /// `hero[c][b]`: the hero's final rank with run-out {c, lane} ([`DEAD`] where the lane is
    /// not a card to come or is c).
    hero: Box<Lanes>,
    alive: Box<Lanes>,
    first_block: [u8; 64],
    /// Non-flush rows by rank multiset id of (a, b, c) (`u16::MAX`: not made yet).
    nf_index: Vec<u16>,
    nf: Vec<Row>,
    /// Flush rows by suit * 8192 + the suit's cards (`u16::MAX`: not made yet).
    flush_index: Vec<u16>,
    flush: Vec<Row>,
    /// The current holding's first run-out cards (a buffer kept across holdings).
    prefixes: Vec<Prefix>,
}

/// HP of the hero against each holding of `holdings` (card bit indexes, disjoint from the
/// hero's cards and the three-card `board`) over every two-card run-out.
pub(crate) fn range_flop(hole: CardSet, board: CardSet, holdings: &[(u32, u32)]) -> Outlook {
    let ev = Evaluator::get();
    let unseen_mask = DECK_MASK & !(hole.0 | board.0);
    let cards = unseen(hole.union(board));
    let hero_base = IncrementalHand::of(hole.union(board));
    let hero = hero_rows(ev, &cards, hero_base);
    let (alive, first_block) = alive_rows(&cards, unseen_mask);
    let board_ranks = flop_ranks(board);
    let mut w = RangeWork {
        ev,
        cards,
        unseen: unseen_mask,
        board: board.0,
        board_ranks,
        board_suits: std::array::from_fn(|s| (board.0 >> (16 * s) & 0x1fff).count_ones()),
        hero,
        alive,
        first_block,
        nf_index: vec![u16::MAX; 455],
        nf: Vec::with_capacity(455),
        flush_index: vec![u16::MAX; 4 * 8192],
        flush: Vec::new(),
        prefixes: Vec::with_capacity(64),
    };
    let hero_now = ev.rank_hand(hero_base);
    let base = IncrementalHand::of(board);
    let runouts = ((w.cards.len() - 2) * (w.cards.len() - 3) / 2) as u64;
    let mut hp = [[0u64; 3]; 3];
    for &(a, b) in holdings {
        let now = state(hero_now, ev.rank_hand(base.with(a).with(b)));
        let (losses, ties) = holding(&mut w, a, b);
        hp[now][BEHIND] += losses;
        hp[now][TIED] += ties;
        hp[now][AHEAD] += runouts - losses - ties;
    }
    Outlook { hp }
}

/// The villain's wins and ties with holding {a, b} over every run-out.
fn holding(w: &mut RangeWork<'_>, a: u32, b: u32) -> (u64, u64) {
    let mut suits = w.board_suits;
    suits[a as usize >> 4] += 1;
    suits[b as usize >> 4] += 1;
    // Board, a and b hold five cards: at most one suit has four, and then every c can flush.
    let four = (0..4).find(|&s| suits[s] >= 4);
    let t = triples();
    let ab = (a as usize & 15) * 169 + (b as usize & 15) * 13;
    let nf_by_rank: [usize; 13] = std::array::from_fn(|r| nf_row(w, t.id[ab + r] as usize));
    let mut rows = std::mem::take(&mut w.prefixes);
    rows.clear();
    let m_ab = w.board | 1 << a | 1 << b;
    for p in 0..w.cards.len() {
        let c = w.cards[p];
        if c == a || c == b || w.first_block[c as usize] == 4 {
            continue;
        }
        let sc = c as usize >> 4;
        let fs = four.or(if suits[sc] >= 3 { Some(sc) } else { None });
        let flush = fs.map(|s| (s, flush_slot(w, s as u32, m_ab | 1 << c)));
        rows.push((c, nf_by_rank[c as usize & 15], flush));
    }
    let mut dead = [[i16::MAX; 16]; 4];
    dead[a as usize >> 4][a as usize & 15] = NONE;
    dead[b as usize >> 4][b as usize & 15] = NONE;
    let counts = count(w, &rows, &dead);
    w.prefixes = rows;
    counts
}

/// The non-flush row of rank multiset `id`, made on first use.
fn nf_row(w: &mut RangeWork<'_>, id: usize) -> usize {
    if w.nf_index[id] == u16::MAX {
        let extra = triples().ranks[id];
        let six = w.board_ranks.iter().chain(&extra).copied();
        w.nf_index[id] = w.nf.len() as u16;
        w.nf.push(non_flush_row(w.ev, six));
    }
    w.nf_index[id] as usize
}

/// The flush row of suit `s` for the cards `m` (board, a, b, c), made on first use.
fn flush_slot(w: &mut RangeWork<'_>, s: u32, m: u64) -> usize {
    let mask = m >> (16 * s) & 0x1fff;
    let slot = s as usize * 8192 + mask as usize;
    if w.flush_index[slot] == u16::MAX {
        w.flush_index[slot] = w.flush.len() as u16;
        w.flush.push(flush_row(w.ev, s, mask, w.unseen));
    }
    w.flush_index[slot] as usize
}

/// Per first run-out card: the card, its non-flush row and its flush suit and row.
type Prefix = (u32, usize, Option<(usize, usize)>);

fn count(w: &RangeWork<'_>, rows: &[Prefix], dead: &[Row; 4]) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            return unsafe { count_avx2(w, rows, dead) };
        }
    }
    kernel(w, rows, dead)
}

/// [`kernel`] in 256-bit registers: one suit block of 16 lanes per instruction, the counts kept
/// as minus compare masks.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn count_avx2(w: &RangeWork<'_>, rows: &[Prefix], dead: &[Row; 4]) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY (all loads): rows are 16 i16 = 32 bytes, unaligned access.
    let load = |r: &Row| unsafe { _mm256_loadu_si256(r.as_ptr().cast()) };
    let dead: [__m256i; 4] = std::array::from_fn(|b| load(&dead[b]));
    let mut wins = _mm256_setzero_si256();
    let mut ties = _mm256_setzero_si256();
    for &(c, nf, flush) in rows {
        let c = c as usize;
        let nf = load(&w.nf[nf]);
        let (fs, fl, made) = match flush {
            Some((s, slot)) => (
                s,
                load(&w.flush[slot]),
                _mm256_set1_epi16(w.flush[slot][13]),
            ),
            None => (4, _mm256_set1_epi16(NONE), _mm256_set1_epi16(NONE)),
        };
        // A plain range: b indexes several tables.
        #[allow(clippy::needless_range_loop)]
        for b in w.first_block[c] as usize..4 {
            let sel = if b == fs { fl } else { made };
            let v = _mm256_min_epi16(_mm256_max_epi16(nf, sel), load(&w.alive[c][b]));
            let v = _mm256_min_epi16(v, dead[b]);
            let h = load(&w.hero[c][b]);
            wins = _mm256_sub_epi16(wins, _mm256_cmpgt_epi16(v, h));
            ties = _mm256_sub_epi16(ties, _mm256_cmpeq_epi16(v, h));
        }
    }
    let mut out = [[0i16; 16]; 2];
    // SAFETY: each row is 32 bytes.
    unsafe {
        _mm256_storeu_si256(out[0].as_mut_ptr().cast(), wins);
        _mm256_storeu_si256(out[1].as_mut_ptr().cast(), ties);
    }
    let sum = |r: &[i16; 16]| r.iter().map(|&x| x as u16 as u64).sum::<u64>();
    (sum(&out[0]), sum(&out[1]))
}

/// The villain's wins and ties over the run-outs {c, d > c}, d by lanes, summed at the end.
#[inline(always)]
fn kernel(w: &RangeWork<'_>, rows: &[Prefix], dead: &[Row; 4]) -> (u64, u64) {
    let mut wins = [0i16; 16];
    let mut ties = [0i16; 16];
    let none = [NONE; 16];
    for &(c, nf, flush) in rows {
        let c = c as usize;
        let nf = w.nf[nf];
        // A plain range: b indexes several tables.
        #[allow(clippy::needless_range_loop)]
        for b in w.first_block[c] as usize..4 {
            let sel = match flush {
                Some((s, slot)) if s == b => w.flush[slot],
                Some((_, slot)) => [w.flush[slot][13]; 16],
                None => none,
            };
            let (alive, dead, hero) = (w.alive[c][b], dead[b], w.hero[c][b]);
            let v: Row = std::array::from_fn(|l| nf[l].max(sel[l]).min(alive[l]).min(dead[l]));
            wins = std::array::from_fn(|l| wins[l] + (v[l] > hero[l]) as i16);
            ties = std::array::from_fn(|l| ties[l] + (v[l] == hero[l]) as i16);
        }
    }
    let sum = |r: [i16; 16]| r.iter().map(|&x| x as u64).sum::<u64>();
    (sum(wins), sum(ties))
}
