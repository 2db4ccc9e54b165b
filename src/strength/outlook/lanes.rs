//! The flop outlook with the unseen cards as SIMD lanes: each of the C(47,3) three-card
//! prefixes of a four-card subset is handled for every fourth card at once, 16 lanes (one
//! suit's ranks) at a time, with no data-dependent branches in the hot loop.
//!
//! A lane is a card's [`CardSet`] bit index (suit x 16 + rank). The villain's final rank for
//! the subset {i, j, k, l} is its non-flush rank (a function of the ranks alone, so one row of
//! 16 per rank multiset of i, j, k: 455 rows) raised to the flush rank when a suit of board,
//! i, j, k holds four cards or more (one row per such suit mask, cached). Ranks are stored
//! as `i16` with the top bit flipped so signed SIMD compares order them; lanes that are not
//! cards to come hold [`DEAD`], which no hero rank reaches or equals.

use super::{state, Outlook, AHEAD, BEHIND, TIED};
use crate::cards::{CardSet, DECK_MASK};
use crate::strength::eval7::{Evaluator, HandRank, IncrementalHand};
use std::sync::OnceLock;

/// One suit's 16 lanes (ranks 13 to 15 are never cards).
type Row = [i16; 16];

/// A lane that is not a card to come: above every rank.
const DEAD: i16 = i16::MAX;
/// Below every rank: the flush row's value where no flush is made.
const NONE: i16 = i16::MIN;

fn biased(r: HandRank) -> i16 {
    (r.0 ^ 0x8000) as i16
}

/// Dense ids of rank multisets of three, by the three ranks in any order (13^3 entries), and
/// each id's sorted ranks.
struct Triples {
    id: Vec<u16>,
    ranks: Vec<[u8; 3]>,
}

fn triples() -> &'static Triples {
    static T: OnceLock<Triples> = OnceLock::new();
    T.get_or_init(|| {
        let mut ranks = Vec::new();
        let mut dense = vec![u16::MAX; 13 * 13 * 13];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    dense[a as usize * 169 + b as usize * 13 + c as usize] = ranks.len() as u16;
                    ranks.push([a, b, c]);
                }
            }
        }
        let mut id = vec![0u16; 13 * 13 * 13];
        for (code, slot) in id.iter_mut().enumerate() {
            let mut r = [code / 169, code / 13 % 13, code % 13];
            r.sort_unstable();
            *slot = dense[r[0] * 169 + r[1] * 13 + r[2]];
        }
        Triples { id, ranks }
    })
}

/// The non-flush rank of the board's ranks plus `extra` and each rank 0..13 (lanes), with
/// suits chosen so that no flush is made ([`NONE`] where a rank would have a fifth card).
fn non_flush_row(ev: &Evaluator, board_ranks: &[u8; 3], extra: &[u8; 3]) -> Row {
    let mut six = [0u8; 6];
    six[..3].copy_from_slice(board_ranks);
    six[3..].copy_from_slice(extra);
    six.sort_unstable();
    // Sorted, suit = position mod 4: equal ranks get distinct suits, no suit more than two.
    let mut used = [0u8; 13];
    let mut h = IncrementalHand::EMPTY;
    for (p, &r) in six.iter().enumerate() {
        let s = p as u32 % 4;
        used[r as usize] |= 1 << s;
        h = h.with(s * 16 + r as u32);
    }
    let mut row = [NONE; 16];
    for (r, lane) in row.iter_mut().enumerate().take(13) {
        let free = !used[r] & 0xf;
        if free != 0 {
            *lane = biased(ev.rank_hand(h.with(free.trailing_zeros() * 16 + r as u32)));
        }
    }
    row
}

/// The flush row of suit `s` holding `mask` (13 bits, four cards or more): lane r the flush
/// rank with rank r added (where that card is to come), lane 13 the flush already made (five
/// or more cards), [`NONE`] elsewhere.
fn flush_row(ev: &Evaluator, s: u32, mask: u64, unseen: u64) -> Row {
    let h = IncrementalHand::of(CardSet(mask << (16 * s)));
    let mut row = [NONE; 16];
    for (r, lane) in row.iter_mut().enumerate().take(13) {
        let bit = s * 16 + r as u32;
        if unseen >> bit & 1 != 0 && mask >> r & 1 == 0 {
            *lane = biased(ev.rank_hand(h.with(bit)));
        }
    }
    if mask.count_ones() >= 5 {
        row[13] = biased(ev.rank_hand(h));
    }
    row
}

/// Everything the hot loop reads and writes, by lane.
struct Work {
    /// The unseen cards' bit indexes, lowest first.
    cards: Vec<u32>,
    unseen: u64,
    board: u64,
    /// `hero[x][b]`: the hero's final rank with run-out {x, lane} for lanes of suit b.
    hero: Box<Lanes>,
    /// Per fourth-card-lane counts: holding {x, lane} (x < lane) wins / ties.
    wins: Box<Lanes>,
    ties: Box<Lanes>,
    /// Holding {y, z} (positions p < q in `cards`) counted by prefix, at [`pair`] (p, q): per
    /// lane wins + 256 x ties (wrapping `u16`), summed over lanes only once at the end.
    pairs: Vec<Row>,
    /// Lanes not to come per suit block, and with the lanes up to card k dead as well.
    dead: [Row; 4],
    dead_after: Vec<Row>,
    /// Suit blocks holding a card to come above card k.
    live_blocks: Vec<u8>,
    nf: Vec<Row>,
    /// Flush rows by suit * 8192 + mask (index into `flush`).
    flush_index: Vec<u16>,
    flush: Vec<Row>,
}

impl Work {
    /// The index in `flush` of suit `fs`'s flush row for the cards `m` (board and prefix).
    #[inline(always)]
    fn flush_slot(&mut self, ev: &Evaluator, fs: u32, m: u64) -> usize {
        let mask = (m >> (16 * fs)) & 0x1fff;
        let slot = (fs as usize & 3) * 8192 + mask as usize;
        if self.flush_index[slot] == u16::MAX {
            self.flush_index[slot] = self.flush.len() as u16;
            self.flush.push(flush_row(ev, fs, mask, self.unseen));
        }
        self.flush_index[slot] as usize
    }
}

/// The outlook with two cards to come (`board` is the three-card flop).
pub fn flop(hole: CardSet, board: CardSet) -> Outlook {
    flop_with(hole, board, false)
}

fn flop_with(hole: CardSet, board: CardSet, portable: bool) -> Outlook {
    let ev = Evaluator::get();
    let seen = hole.0 | board.0;
    let unseen = DECK_MASK & !seen;
    let cards = super::unseen(hole.union(board));
    let hero_base = IncrementalHand::of(hole.union(board));
    let mut hero = Box::new([[[NONE; 16]; 4]; 64]);
    for (p, &x) in cards.iter().enumerate() {
        let hx = hero_base.with(x);
        for &l in &cards[p + 1..] {
            let r = biased(ev.rank_hand(hx.with(l)));
            hero[x as usize][l as usize >> 4][l as usize & 15] = r;
            hero[l as usize][x as usize >> 4][x as usize & 15] = r;
        }
    }
    let mut dead = [[DEAD; 16]; 4];
    for (b, row) in dead.iter_mut().enumerate() {
        for (r, lane) in row.iter_mut().enumerate() {
            if unseen >> (16 * b + r) & 1 != 0 {
                *lane = NONE;
            }
        }
    }
    let mut dead_after = vec![[DEAD; 16]; 64];
    let mut live_blocks = vec![0u8; 64];
    for &k in &cards {
        let (sk, rk) = (k as usize >> 4, k as usize & 15);
        for (r, lane) in dead_after[k as usize].iter_mut().enumerate() {
            if r > rk {
                *lane = dead[sk][r];
            }
        }
        let above = unseen & !((2u64 << k) - 1);
        for b in sk..4 {
            if above >> (16 * b) & 0xffff != 0 {
                live_blocks[k as usize] |= 1 << b;
            }
        }
    }
    let mut board_ranks = [0u8; 3];
    for (slot, c) in board_ranks.iter_mut().zip(board.cards()) {
        *slot = (c.index() & 15) as u8;
    }
    let t = triples();
    let nf = t
        .ranks
        .iter()
        .map(|extra| non_flush_row(ev, &board_ranks, extra))
        .collect();
    let mut w = Work {
        cards,
        unseen,
        board: board.0,
        hero,
        wins: Box::new([[[0; 16]; 4]; 64]),
        ties: Box::new([[[0; 16]; 4]; 64]),
        pairs: vec![[0; 16]; pair(0, 52)],
        dead,
        dead_after,
        live_blocks,
        nf,
        flush_index: vec![u16::MAX; 4 * 8192],
        flush: Vec::new(),
    };
    if portable {
        run_lanes(&mut w, triple_portable);
    } else {
        run(&mut w);
    }
    // Each holding's counts against its state now.
    let hero_now = ev.rank_hand(hero_base);
    let base = IncrementalHand::of(board);
    let runouts = ((w.cards.len() - 2) * (w.cards.len() - 3) / 2) as u64;
    let mut hp = [[0u64; 3]; 3];
    for (p, &a) in w.cards.iter().enumerate() {
        let va = base.with(a);
        for (q, &b) in w.cards.iter().enumerate().skip(p + 1) {
            let now = state(hero_now, ev.rank_hand(va.with(b)));
            let (a, bi) = (a as usize, b as usize);
            let lane = |t: &Lanes| t[a][bi >> 4][bi & 15] as u64;
            let (pw, pt) = w.pairs[pair(p, q)].iter().fold((0, 0), |(pw, pt), &v| {
                (pw + (v as u16 & 0xff) as u64, pt + (v as u16 >> 8) as u64)
            });
            let wins = lane(&w.wins) + pw;
            let ties = lane(&w.ties) + pt;
            hp[now][AHEAD] += wins;
            hp[now][TIED] += ties;
            hp[now][BEHIND] += runouts - wins - ties;
        }
    }
    Outlook { hp }
}

/// The slot of holding {cards[p], cards[q]} (p < q) in [`Work::pairs`].
#[inline(always)]
fn pair(p: usize, q: usize) -> usize {
    q * (q - 1) / 2 + p
}

/// The hot loop, with AVX2 where the CPU has it (the same arithmetic, 16 lanes at once).
fn run(w: &mut Work) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            unsafe { run_avx2(w) };
            return;
        }
    }
    run_lanes(w, triple_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2(w: &mut Work) {
    // SAFETY: this function runs only where AVX2 is present.
    unsafe { avx2::run(w) }
}

/// The flop outlook computed without AVX2 (for tests of the portable path).
#[cfg(test)]
pub(crate) fn flop_portable(hole: CardSet, board: CardSet) -> Outlook {
    flop_with(hole, board, true)
}

#[inline(always)]
fn max_row(a: &mut Row, b: &Row) {
    for (x, &y) in a.iter_mut().zip(b) {
        *x = (*x).max(y);
    }
}

/// One prefix {i, j, k} against every fourth card: what the villain's final ranks by suit
/// block are made of, and the hero's final ranks with the run-outs {j, k}, {i, k}, {i, j}
/// (`f_yz`), for x = i, j, k.
struct Triple<'a> {
    /// The non-flush row of the ranks of i, j, k.
    nf: &'a Row,
    /// The flush row of suit `fs` (4: none), and the flush made without the fourth card.
    fl: &'a Row,
    fs: usize,
    made: i16,
    /// Dead lanes: block `first` (k's suit, lanes up to k dead too), then the others.
    dead_first: &'a Row,
    dead: &'a [Row; 4],
    f_yz: [i16; 3],
    xs: [usize; 3],
    /// The holdings {y, z}' slots in [`Work::pairs`].
    yz: [usize; 3],
    first: usize,
    /// Suit blocks with a card to come above k.
    live: u8,
}

impl Triple<'_> {
    /// The villain's final ranks in block b ([`DEAD`] where no card is to come).
    #[inline(always)]
    fn villain(&self, b: usize) -> Row {
        let mut v = *self.nf;
        if b == self.fs {
            max_row(&mut v, self.fl);
        } else {
            max_row(&mut v, &[self.made; 16]);
        }
        max_row(
            &mut v,
            if b == self.first {
                self.dead_first
            } else {
                &self.dead[b]
            },
        );
        v
    }
}

type Lanes = [[Row; 4]; 64];

/// Counts the prefix's six splits: holdings {x, l} into `wins`/`ties` lanes; holdings {y, z}
/// into `pairs` lanes as wins + 256 x ties (each lane's wins and ties stay below 256: at most
/// 45 third cards x 4 suit blocks).
fn triple_portable(
    t: &Triple,
    hero: &Lanes,
    wins: &mut Lanes,
    ties: &mut Lanes,
    pairs: &mut [Row],
) {
    for b in (t.first..4).filter(|&b| t.live >> b & 1 != 0) {
        let v = &t.villain(b);
        for s in 0..3 {
            let (x, f) = (t.xs[s] & 63, t.f_yz[s]);
            let h = &hero[x][b];
            let acc = &mut pairs[t.yz[s]];
            for l in 0..16 {
                wins[x][b][l] += (f > v[l]) as i16;
                ties[x][b][l] += (f == v[l]) as i16;
                let add = (h[l] > v[l]) as i16 + (((h[l] == v[l]) as i16) << 8);
                acc[l] = acc[l].wrapping_add(add);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{pair, triples, Evaluator, Row, Work, NONE};
    use std::arch::x86_64::*;

    /// [`super::run_lanes`] with [`super::triple_portable`] written out with one 256-bit
    /// register per suit block: per-(i, j) values hoisted out of the k loop, and the counts
    /// of holding {i, j} kept in a register across it.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn run(w: &mut Work) {
        let ev = Evaluator::get();
        let t = triples();
        let tie_weight = _mm256_set1_epi16(256);
        // SAFETY (all loads and stores): rows are 16 i16 = 32 bytes, unaligned access.
        let load = |r: &Row| unsafe { _mm256_loadu_si256(r.as_ptr().cast()) };
        let add_to = |r: &mut Row, x: __m256i| unsafe {
            let p = r.as_mut_ptr().cast();
            _mm256_storeu_si256(p, _mm256_add_epi16(_mm256_loadu_si256(p), x));
        };
        let sub_from = |r: &mut Row, x: __m256i| unsafe {
            let p = r.as_mut_ptr().cast();
            _mm256_storeu_si256(p, _mm256_sub_epi16(_mm256_loadu_si256(p), x));
        };
        // Wins + 256 x ties of the hero's row h against the villain's v.
        let split = |h: __m256i, v: __m256i| {
            let gt = _mm256_cmpgt_epi16(h, v);
            let eq = _mm256_and_si256(_mm256_cmpeq_epi16(h, v), tie_weight);
            _mm256_sub_epi16(eq, gt)
        };
        let cards = w.cards.clone();
        // The first slot of holdings {cards[p], cards[q]} (p < q) in `pairs`, by q.
        let tri: [usize; 64] = std::array::from_fn(|q| pair(0, q.max(1)));
        for (ii, &i) in cards.iter().enumerate() {
            let iu = i as usize & 63;
            for (jj, &j) in cards.iter().enumerate().skip(ii + 1) {
                let ju = j as usize & 63;
                let m_ij = w.board | 1 << i | 1 << j;
                let rij = (iu & 15) * 169 + (ju & 15) * 13;
                // Cards per suit among board, i, j: one 16-bit lane per suit.
                let mut c_ij = m_ij - ((m_ij >> 1) & 0x5555_5555_5555_5555);
                c_ij = (c_ij & 0x3333_3333_3333_3333) + ((c_ij >> 2) & 0x3333_3333_3333_3333);
                c_ij = (c_ij + (c_ij >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
                c_ij = (c_ij + (c_ij >> 8)) & 0x00ff_00ff_00ff_00ff;
                let f_ij = _mm256_set1_epi16(w.hero[iu][ju >> 4][ju & 15]);
                let mut acc_ij = _mm256_setzero_si256();
                for (kk, &k) in cards.iter().enumerate().skip(jj + 1) {
                    let ku = k as usize & 63;
                    let live = w.live_blocks[ku];
                    if live == 0 {
                        continue;
                    }
                    // A suit with four cards or more among board, i, j, k (at most one).
                    let c = c_ij + (1 << (k & !15));
                    let f = (c + 0x000c_000c_000c_000c) & 0x0010_0010_0010_0010;
                    let (fs, fl, made) = if f != 0 {
                        let fs = f.trailing_zeros() / 16;
                        let slot = w.flush_slot(ev, fs, m_ij | 1 << k);
                        let row = &w.flush[slot];
                        (fs as usize, load(row), _mm256_set1_epi16(row[13]))
                    } else {
                        (4, _mm256_setzero_si256(), _mm256_set1_epi16(NONE))
                    };
                    let nf = load(&w.nf[t.id[rij + (ku & 15)] as usize]);
                    let (sk, rk) = (ku >> 4, ku & 15);
                    let f_jk = _mm256_set1_epi16(w.hero[ju][sk][rk]);
                    let f_ik = _mm256_set1_epi16(w.hero[iu][sk][rk]);
                    let mut acc_jk = _mm256_setzero_si256();
                    let mut acc_ik = _mm256_setzero_si256();
                    for b in sk..4 {
                        if live >> b & 1 == 0 {
                            continue;
                        }
                        let b = b & 3;
                        let v = _mm256_max_epi16(nf, if b == fs { fl } else { made });
                        let dead = if b == sk {
                            &w.dead_after[ku]
                        } else {
                            &w.dead[b]
                        };
                        let v = _mm256_max_epi16(v, load(dead));
                        for (x, f) in [(iu, f_jk), (ju, f_ik), (ku, f_ij)] {
                            sub_from(&mut w.wins[x][b], _mm256_cmpgt_epi16(f, v));
                            sub_from(&mut w.ties[x][b], _mm256_cmpeq_epi16(f, v));
                        }
                        acc_jk = _mm256_add_epi16(acc_jk, split(load(&w.hero[iu][b]), v));
                        acc_ik = _mm256_add_epi16(acc_ik, split(load(&w.hero[ju][b]), v));
                        acc_ij = _mm256_add_epi16(acc_ij, split(load(&w.hero[ku][b]), v));
                    }
                    let tk = tri[kk & 63];
                    add_to(&mut w.pairs[tk + jj], acc_jk);
                    add_to(&mut w.pairs[tk + ii], acc_ik);
                }
                add_to(&mut w.pairs[pair(ii, jj)], acc_ij);
            }
        }
    }
}

/// Every prefix i < j < k of cards to come, against every fourth card l > k by lanes.
#[inline(always)]
fn run_lanes(w: &mut Work, triple: impl Fn(&Triple, &Lanes, &mut Lanes, &mut Lanes, &mut [Row])) {
    let ev = Evaluator::get();
    let t = triples();
    let n = w.cards.len();
    for ii in 0..n {
        let i = w.cards[ii];
        for jj in ii + 1..n {
            let j = w.cards[jj];
            let m_ij = w.board | 1 << i | 1 << j;
            let rij = (i as usize & 15) * 169 + (j as usize & 15) * 13;
            // Cards per suit among board, i, j: one 16-bit lane per suit.
            let mut c_ij = m_ij - ((m_ij >> 1) & 0x5555_5555_5555_5555);
            c_ij = (c_ij & 0x3333_3333_3333_3333) + ((c_ij >> 2) & 0x3333_3333_3333_3333);
            c_ij = (c_ij + (c_ij >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
            c_ij = (c_ij + (c_ij >> 8)) & 0x00ff_00ff_00ff_00ff;
            for kk in jj + 1..n {
                let k = w.cards[kk];
                let live = w.live_blocks[k as usize];
                if live == 0 {
                    continue;
                }
                let m = m_ij | 1 << k;
                // A suit with four cards or more among board, i, j, k (at most one).
                let c = c_ij + (1 << (k & !15));
                let f = (c + 0x000c_000c_000c_000c) & 0x0010_0010_0010_0010;
                let fs = if f != 0 { f.trailing_zeros() / 16 } else { 4 };
                let fl = if fs < 4 {
                    let slot = w.flush_slot(ev, fs, m);
                    w.flush[slot]
                } else {
                    [NONE; 16]
                };
                let made = fl[13];
                let nf = &w.nf[t.id[rij + (k as usize & 15)] as usize];
                let (iu, ju, ku) = (i as usize & 63, j as usize & 63, k as usize & 63);
                let sk = ku >> 4;
                let tr = Triple {
                    nf,
                    fl: &fl,
                    fs: fs as usize,
                    made,
                    dead_first: &w.dead_after[ku],
                    dead: &w.dead,
                    f_yz: [
                        w.hero[ju][sk][ku & 15],
                        w.hero[iu][sk][ku & 15],
                        w.hero[iu][ju >> 4][ju & 15],
                    ],
                    xs: [iu, ju, ku],
                    yz: [pair(jj, kk), pair(ii, kk), pair(ii, jj)],
                    first: sk,
                    live,
                };
                triple(&tr, &w.hero, &mut w.wins, &mut w.ties, &mut w.pairs);
            }
        }
    }
}
