//! The flop outlook against a list of villain holdings (a range's live ones), with the second
//! run-out card as lanes: for each first run-out card c, every card d > c at once, 16 lanes
//! (one suit's ranks) at a time.
//!
//! Holdings are taken by rank pair. Where no flush can be made (no suit of board, a, b and c
//! holds four), the villain's final rank is the non-flush rank of the board's, a's, b's, c's
//! and d's ranks: one count per (rank pair, c) serves every holding of the pair, less the
//! run-outs that hold a or b (c = a or b: that c's count; d = a or b: one lane per c, counted
//! by lanes over c). Where a flush can be made, the holding is counted alone: the non-flush
//! row raised to the flush rank, the lanes of a and b lowered to [`NONE`].

use super::super::{state, unseen, Outlook, WeightedHp, AHEAD, BEHIND, TIED};
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
    /// `below[x][b]`: -1 on lanes of block b that are unseen cards below card x, 0 elsewhere.
    below: Box<Lanes>,
    first_block: [u8; 64],
    /// Non-flush rows by rank multiset id of (a, b, c) (`u16::MAX`: not made yet).
    nf_index: Vec<u16>,
    nf: Vec<Row>,
    /// Flush rows by suit * 8192 + the suit's cards (`u16::MAX`: not made yet).
    flush_index: Vec<u16>,
    flush: Vec<Row>,
    /// Counting without AVX2 even where the processor has it (tests); read only where there
    /// is AVX2 to avoid (not in wasm).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    portable: bool,
}

/// HP of the hero against each holding of `holdings` (card bit indexes, disjoint from the
/// hero's cards and the three-card `board`) over every two-card run-out.
pub fn range_flop(hole: CardSet, board: CardSet, holdings: &[(u32, u32)]) -> Outlook {
    range_flop_with(hole, board, holdings, false)
}

/// [`range_flop`] by the portable loops, for tests.
#[cfg(test)]
pub fn range_flop_portable(hole: CardSet, board: CardSet, holdings: &[(u32, u32)]) -> Outlook {
    range_flop_with(hole, board, holdings, true)
}

fn range_flop_with(
    hole: CardSet,
    board: CardSet,
    holdings: &[(u32, u32)],
    portable: bool,
) -> Outlook {
    let mut hp = [[0u64; 3]; 3];
    range_flop_each(
        hole,
        board,
        holdings,
        portable,
        |_, now, [ahead, tied, behind]| {
            hp[now][AHEAD] += ahead;
            hp[now][TIED] += tied;
            hp[now][BEHIND] += behind;
        },
    );
    Outlook { hp }
}

/// HP of the hero against weighted holdings: each holding's counts times its weight.
pub fn range_flop_weighted(
    hole: CardSet,
    board: CardSet,
    holdings: &[(u32, u32)],
    weights: &[f64],
) -> WeightedHp {
    let mut w = WeightedHp::default();
    range_flop_each(hole, board, holdings, false, |i, now, counts| {
        for (s, n) in counts.into_iter().enumerate() {
            w.hp[now][s] += n as f64 * weights[i];
        }
    });
    w
}

/// Calls `each(index, now, [ahead, tied, behind])` for every holding (its index in
/// `holdings`, the hero's state now, the run-outs by the hero's state at the end).
fn range_flop_each(
    hole: CardSet,
    board: CardSet,
    holdings: &[(u32, u32)],
    portable: bool,
    mut each: impl FnMut(usize, usize, [u64; 3]),
) {
    let ev = Evaluator::get();
    let unseen_mask = DECK_MASK & !(hole.0 | board.0);
    let cards = unseen(hole.union(board));
    let hero_base = IncrementalHand::of(hole.union(board));
    let hero = hero_rows(ev, &cards, hero_base);
    let (alive, first_block) = alive_rows(&cards, unseen_mask);
    let board_ranks = flop_ranks(board);
    let below = below_rows(&cards, unseen_mask);
    let mut w = RangeWork {
        ev,
        cards,
        unseen: unseen_mask,
        board: board.0,
        board_ranks,
        board_suits: std::array::from_fn(|s| (board.0 >> (16 * s) & 0x1fff).count_ones()),
        hero,
        alive,
        below,
        first_block,
        nf_index: vec![u16::MAX; 455],
        nf: Vec::with_capacity(455),
        flush_index: vec![u16::MAX; 4 * 8192],
        flush: Vec::new(),
        portable,
    };
    let hero_now = ev.rank_hand(hero_base);
    let base = IncrementalHand::of(board);
    let runouts = ((w.cards.len() - 2) * (w.cards.len() - 3) / 2) as u64;
    let pair_of = |&(a, b): &(u32, u32)| {
        let (x, y) = (a & 15, b & 15);
        x.max(y) * 13 + x.min(y)
    };
    let mut order: Vec<usize> = (0..holdings.len()).collect();
    order.sort_unstable_by_key(|&i| pair_of(&holdings[i]));
    let sorted: Vec<(u32, u32)> = order.iter().map(|&i| holdings[i]).collect();
    let mut counts = Vec::with_capacity(64);
    let mut start = 0;
    for pair in sorted.chunk_by(|x, y| pair_of(x) == pair_of(y)) {
        rank_pair(&mut w, pair, &mut counts);
        for (k, (&(a, b), &(losses, ties))) in pair.iter().zip(&counts).enumerate() {
            let now = state(hero_now, ev.rank_hand(base.with(a).with(b)));
            each(
                order[start + k],
                now,
                [runouts - losses - ties, ties, losses],
            );
        }
        start += pair.len();
    }
}

/// The villain's wins and ties over every run-out, for each holding of one rank pair, into
/// `out`.
fn rank_pair(w: &mut RangeWork<'_>, pair: &[(u32, u32)], out: &mut Vec<(u64, u64)>) {
    #[cfg(target_arch = "x86_64")]
    {
        if !w.portable && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            return unsafe { rank_pair_avx2(w, pair, out) };
        }
    }
    rank_pair_lanes(w, pair, out)
}

/// [`rank_pair_lanes`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn rank_pair_avx2(w: &mut RangeWork<'_>, pair: &[(u32, u32)], out: &mut Vec<(u64, u64)>) {
    rank_pair_lanes(w, pair, out)
}

#[inline(always)]
fn rank_pair_lanes(w: &mut RangeWork<'_>, pair: &[(u32, u32)], out: &mut Vec<(u64, u64)>) {
    let (a0, b0) = pair[0];
    let (ra, rb) = (a0 as usize & 15, b0 as usize & 15);
    let t = triples();
    let nf_by_rank: [usize; 13] =
        std::array::from_fn(|r| nf_row(w, t.id[ra * 169 + rb * 13 + r] as usize));
    let counts = no_flush_counts(w, &nf_by_rank, [ra, rb]);
    let (sw, st): ([u64; 4], [u64; 4]) = (
        std::array::from_fn(|s| counts.by_suit[s].0),
        std::array::from_fn(|s| counts.by_suit[s].1),
    );
    let (bw, bt): ([u64; 64], [u64; 64]) = (
        std::array::from_fn(|c| counts.by_card[c].0),
        std::array::from_fn(|c| counts.by_card[c].1),
    );
    // `lane[r][rc]`: the villain's non-flush rank on the lane of a card of rank r (a or b)
    // when c has rank rc.
    let lane = |r: usize| -> Row {
        let mut row = [NONE; 16];
        for (rc, v) in row.iter_mut().enumerate().take(13) {
            *v = w.nf[nf_by_rank[rc]][r];
        }
        row
    };
    let (lane_a, lane_b) = (lane(ra), lane(rb));
    out.clear();
    for &(a, b) in pair {
        let (a, b, la, lb) = if a as usize & 15 == ra {
            (a, b, &lane_a, &lane_b)
        } else {
            (b, a, &lane_a, &lane_b)
        };
        let h = holding(w, a, b, nf_by_rank);
        let (mut wins, mut ties) = if h.four.is_some() || h.flush_suit.is_some() {
            count(w, &h)
        } else {
            (0, 0)
        };
        if h.four.is_none() {
            let mut gw = sw.iter().sum::<u64>() - bw[a as usize] - bw[b as usize];
            let mut gt = st.iter().sum::<u64>() - bt[a as usize] - bt[b as usize];
            if let Some(s) = h.flush_suit {
                let back = |v: &[u64; 64]| {
                    [a, b]
                        .iter()
                        .filter(|&&x| x as usize >> 4 == s)
                        .map(|&x| v[x as usize])
                        .sum::<u64>()
                };
                // The suit's c less a's and b's, already taken out above.
                gw -= sw[s] - back(&bw);
                gt -= st[s] - back(&bt);
            }
            let (cw, ct) = lane_over_c(w, a, b, la, h.flush_suit);
            let (dw, dt) = lane_over_c(w, b, a, lb, h.flush_suit);
            wins += gw - cw - dw;
            ties += gt - ct - dt;
        }
        out.push((wins, ties));
    }
}

/// The rank pair's counts over run-outs {c, d > c} with its non-flush rows (`nf_by_rank`, by
/// c's rank), no card of a holding masked.
struct PairCounts {
    /// Wins and ties summed over the c of each suit.
    by_suit: [(u64, u64); 4],
    /// Wins and ties of each c of the pair's two ranks (the holdings' own cards).
    by_card: [(u64, u64); 64],
}

#[inline(always)]
fn no_flush_counts(w: &RangeWork<'_>, nf_by_rank: &[usize; 13], ranks: [usize; 2]) -> PairCounts {
    let mut suit_w = [[0i16; 16]; 4];
    let mut suit_t = [[0i16; 16]; 4];
    let mut by_card = [(0, 0); 64];
    for &c in &w.cards {
        let c = c as usize;
        let nf = w.nf[nf_by_rank[c & 15]];
        let mut cw = [0i16; 16];
        let mut ct = [0i16; 16];
        for b in w.first_block[c] as usize..4 {
            let (alive, hero) = (&w.alive[c][b], &w.hero[c][b]);
            for l in 0..16 {
                let v = nf[l].min(alive[l]);
                cw[l] += (v > hero[l]) as i16;
                ct[l] += (v == hero[l]) as i16;
            }
        }
        if ranks.contains(&(c & 15)) {
            by_card[c] = (lane_sum(&cw), lane_sum(&ct));
        }
        let s = c >> 4;
        for l in 0..16 {
            suit_w[s][l] += cw[l];
            suit_t[s][l] += ct[l];
        }
    }
    PairCounts {
        by_suit: std::array::from_fn(|s| (lane_sum(&suit_w[s]), lane_sum(&suit_t[s]))),
        by_card,
    }
}

fn lane_sum(r: &Row) -> u64 {
    r.iter().map(|&v| v as u16 as u64).sum()
}

/// The villain's wins and ties that the rank pair's counts gave to run-outs {c, x} with c < x,
/// c not `other` and not of `flush_suit`: the holding's own card x as the second card. `lane[rc]` is the villain's rank there for c of rank rc,
/// against the hero's `hero[x]`.
#[inline(always)]
fn lane_over_c(
    w: &RangeWork<'_>,
    x: u32,
    other: u32,
    lane: &Row,
    flush_suit: Option<usize>,
) -> (u64, u64) {
    let mut cw = [0i16; 16];
    let mut ct = [0i16; 16];
    for cb in 0..4 {
        if Some(cb) == flush_suit {
            continue;
        }
        let below = &w.below[x as usize][cb];
        let hero = &w.hero[x as usize][cb];
        let skip = if other as usize >> 4 == cb {
            (other & 15) as usize
        } else {
            16
        };
        // Bitwise, not short-circuit: the loop stays branch-free, in SIMD registers.
        for l in 0..16 {
            let keep = (l != skip) as i16 & (below[l] != 0) as i16;
            cw[l] += keep & (lane[l] > hero[l]) as i16;
            ct[l] += keep & (lane[l] == hero[l]) as i16;
        }
    }
    (lane_sum(&cw), lane_sum(&ct))
}

/// Holding {a, b} as the per-holding kernel reads it (`nf_by_rank`: its rank pair's rows).
#[inline(always)]
fn holding(w: &RangeWork<'_>, a: u32, b: u32, nf_by_rank: [usize; 13]) -> Holding {
    let mut suits = w.board_suits;
    suits[a as usize >> 4] += 1;
    suits[b as usize >> 4] += 1;
    // Board, a and b hold five cards: at most one suit has four, and then every c can flush;
    // at most one has three, and then the c of that suit can.
    let four = (0..4).find(|&s| suits[s] >= 4);
    let flush_suit = (0..4).find(|&s| suits[s] == 3);
    Holding {
        four,
        flush_suit,
        firsts: w.unseen
            & !(1 << a | 1 << b)
            & match (four, flush_suit) {
                (Some(_), _) => u64::MAX,
                (None, Some(s)) => 0x1fff << (16 * s),
                (None, None) => 0,
            },
        m_ab: w.board | 1 << a | 1 << b,
        nf_by_rank,
        cards: (a, b),
    }
}

/// One holding as the kernel reads it.
struct Holding {
    /// The suit of board, a and b holding four, if one does.
    four: Option<usize>,
    /// The suit holding three, if one does.
    flush_suit: Option<usize>,
    /// The first run-out cards with which a flush can be made: the holding counts them alone
    /// (the rank pair's count has the others).
    firsts: u64,
    /// Board, a and b as a mask.
    m_ab: u64,
    /// The non-flush row of (a, b, c) by c's rank.
    nf_by_rank: [usize; 13],
    /// a and b.
    cards: (u32, u32),
}

/// The first run-out card `c` (one of [`Holding::firsts`])'s non-flush row and flush suit and
/// row, or `None` when no card to come is above it.
#[inline(always)]
fn prefix(w: &mut RangeWork<'_>, h: &Holding, c: u32) -> Option<(usize, usize, usize)> {
    if w.first_block[c as usize] == 4 {
        return None;
    }
    let s = h.four.unwrap_or(c as usize >> 4);
    let slot = flush_slot(w, s as u32, h.m_ab | 1 << c);
    Some((h.nf_by_rank[c as usize & 15], s, slot))
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
#[inline(always)]
fn flush_slot(w: &mut RangeWork<'_>, s: u32, m: u64) -> usize {
    let mask = m >> (16 * s) & 0x1fff;
    let slot = s as usize * 8192 + mask as usize;
    if w.flush_index[slot] == u16::MAX {
        make_flush_row(w, s, mask, slot);
    }
    w.flush_index[slot] as usize
}

#[cold]
fn make_flush_row(w: &mut RangeWork<'_>, s: u32, mask: u64, slot: usize) {
    w.flush_index[slot] = w.flush.len() as u16;
    w.flush.push(flush_row(w.ev, s, mask, w.unseen));
}

fn count(w: &mut RangeWork<'_>, h: &Holding) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        if !w.portable && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            return unsafe { count_avx2(w, h) };
        }
    }
    kernel(w, h)
}

/// [`kernel`] in 256-bit registers: one suit block of 16 lanes per instruction, the counts kept
/// as minus compare masks.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn count_avx2(w: &mut RangeWork<'_>, h: &Holding) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY: AVX2 is enabled in this function, and a `&Row` is 16 i16 = 32 readable bytes
    // (the load is unaligned).
    let load = |r: &Row| unsafe { _mm256_loadu_si256(r.as_ptr().cast()) };
    let dead = dead_rows(h.cards);
    let dead: [__m256i; 4] = std::array::from_fn(|b| load(&dead[b]));
    let mut wins = _mm256_setzero_si256();
    let mut ties = _mm256_setzero_si256();
    let mut firsts = h.firsts;
    while firsts != 0 {
        let c = firsts.trailing_zeros();
        firsts &= firsts - 1;
        let Some((nf, fs, slot)) = prefix(w, h, c) else {
            continue;
        };
        let c = c as usize;
        let nf = load(&w.nf[nf]);
        let (fl, made) = (load(&w.flush[slot]), _mm256_set1_epi16(w.flush[slot][13]));
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
    (lane_sum(&out[0]), lane_sum(&out[1]))
}

/// The villain's wins and ties over the run-outs {c, d > c}, d by lanes, summed at the end.
#[inline(always)]
fn kernel(w: &mut RangeWork<'_>, h: &Holding) -> (u64, u64) {
    let dead = dead_rows(h.cards);
    let mut wins = [0i16; 16];
    let mut ties = [0i16; 16];
    let mut firsts = h.firsts;
    while firsts != 0 {
        let c = firsts.trailing_zeros();
        firsts &= firsts - 1;
        let Some((nf, fs, slot)) = prefix(w, h, c) else {
            continue;
        };
        let c = c as usize;
        let nf = w.nf[nf];
        // A plain range: b indexes several tables.
        #[allow(clippy::needless_range_loop)]
        for b in w.first_block[c] as usize..4 {
            let sel = if b == fs {
                w.flush[slot]
            } else {
                [w.flush[slot][13]; 16]
            };
            let (alive, dead, hero) = (w.alive[c][b], dead[b], w.hero[c][b]);
            let v: Row = std::array::from_fn(|l| nf[l].max(sel[l]).min(alive[l]).min(dead[l]));
            wins = std::array::from_fn(|l| wins[l] + (v[l] > hero[l]) as i16);
            ties = std::array::from_fn(|l| ties[l] + (v[l] == hero[l]) as i16);
        }
    }
    (lane_sum(&wins), lane_sum(&ties))
}

/// [`NONE`] on the lanes of the holding's two cards, `i16::MAX` elsewhere.
fn dead_rows((a, b): (u32, u32)) -> [Row; 4] {
    let mut dead = [[i16::MAX; 16]; 4];
    dead[a as usize >> 4][a as usize & 15] = NONE;
    dead[b as usize >> 4][b as usize & 15] = NONE;
    dead
}

/// `below[x][b]`: -1 on the lanes of block b that are unseen cards below card x.
fn below_rows(cards: &[u32], unseen: u64) -> Box<Lanes> {
    let mut below = Box::new([[[0i16; 16]; 4]; 64]);
    for &x in cards {
        let under = unseen & ((1u64 << x) - 1);
        for (b, row) in below[x as usize].iter_mut().enumerate() {
            for (r, lane) in row.iter_mut().enumerate() {
                if under >> (16 * b + r) & 1 != 0 {
                    *lane = -1;
                }
            }
        }
    }
    below
}
