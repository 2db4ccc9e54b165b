//! The flop outlook with the unseen cards as SIMD lanes: each of the C(47,3) three-card
//! prefixes of a four-card subset is handled for every fourth card at once, 16 lanes (one
//! suit's ranks) at a time, with no data-dependent branches in the hot loop.
//!
//! A lane is a card's [`CardSet`] bit index (suit x 16 + rank). The villain's final rank for
//! the subset {i, j, k, l} is its non-flush rank (a function of the ranks alone, so one row of
//! 16 per rank multiset of i, j, k: 455 rows) raised to the flush rank when a suit of board,
//! i, j, k holds four cards or more (one row per such suit mask, cached), then lowered to
//! [`NONE`] on lanes that are not cards to come above k. Ranks are stored as `i16` with the
//! top bit flipped so signed SIMD compares order them. The kernels count the villain's wins
//! (`v > h`) and ties, as sums of compare masks (-1 each), so dead lanes (`v` = [`NONE`])
//! count nothing as long as no hero rank is [`NONE`].

#[cfg(target_arch = "x86_64")]
mod avx2;
mod range;
mod turn;

#[cfg(test)]
pub use range::range_flop_portable;
pub use range::{range_flop, range_flop_weighted};
pub use turn::turn;
#[cfg(test)]
pub use turn::turn_portable;

use super::{state, Outlook, AHEAD, BEHIND, TIED};
use crate::cards::{CardSet, DECK_MASK};
use crate::strength::eval7::{Evaluator, HandRank, IncrementalHand};
use std::sync::OnceLock;

/// One suit's 16 lanes (ranks 13 to 15 are never cards).
type Row = [i16; 16];

/// Per-lane counters of the villain's wins and ties as bytes, laid out as `_mm256_packs_epi16`
/// of (wins, ties) leaves them: per half of 8 lanes, 8 wins bytes then 8 ties bytes.
type Acc = [u8; 32];

/// Rows by card (bit index) and suit block.
type Lanes = [[Row; 4]; 64];

/// Above every rank: the hero's rows where no card is to come.
const DEAD: i16 = i16::MAX;
/// Below every rank: the flush row's value where no flush is made, and the villain's rank
/// on lanes that are not cards to come.
const NONE: i16 = i16::MIN;

fn biased(r: HandRank) -> i16 {
    (r.0 ^ 0x8000) as i16
}

/// Byte offsets of lane `l`'s (wins, ties) counters in an [`Acc`].
#[inline(always)]
fn acc_bytes(l: usize) -> (usize, usize) {
    let w = (l / 8) * 16 + l % 8;
    (w, w + 8)
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

/// The non-flush rank of six cards' ranks (the board's and the villain's other cards) and
/// each rank 0..13 (lanes), with suits chosen so that no flush is made ([`NONE`] where a rank
/// would have a fifth card).
fn non_flush_row(ev: &Evaluator, six: impl Iterator<Item = u8>) -> Row {
    // Suits 0, 1, 2 get two of the six cards each and the seventh is suit 3: no suit reaches
    // five, so `rank_hand` ranks the rank key alone, which is right even where two equal
    // ranks land on the same card (the key sums per card; only flushes read the mask).
    let mut count = [0u8; 13];
    let mut h = IncrementalHand::EMPTY;
    for (p, r) in six.enumerate() {
        count[r as usize] += 1;
        h = h.with(p as u32 % 3 * 16 + r as u32);
    }
    let mut row = [NONE; 16];
    for (r, lane) in row.iter_mut().enumerate().take(13) {
        if count[r] < 4 {
            *lane = biased(ev.rank_hand(h.with(48 + r as u32)));
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

/// `alive[k][b]`: `i16::MAX` on lanes of block b that are cards to come above card k,
/// [`NONE`] elsewhere; and the first block with such a lane (4: none).
fn alive_rows(cards: &[u32], unseen: u64) -> (Box<Lanes>, [u8; 64]) {
    let mut alive = Box::new([[[NONE; 16]; 4]; 64]);
    let mut first_block = [4u8; 64];
    for &k in cards {
        let above = unseen & !((2u64 << k) - 1);
        for (b, row) in alive[k as usize].iter_mut().enumerate() {
            for (r, lane) in row.iter_mut().enumerate() {
                if above >> (16 * b + r) & 1 != 0 {
                    *lane = i16::MAX;
                }
            }
        }
        if above != 0 {
            first_block[k as usize] = (above.trailing_zeros() / 16) as u8;
        }
    }
    (alive, first_block)
}

/// `hero[x][b]`: the hero's final rank with run-out {x, lane} for lanes of suit b ([`DEAD`]
/// where the lane is not a card to come or is x); `hero_base` is the hole cards and the flop.
fn hero_rows(ev: &Evaluator, cards: &[u32], hero_base: IncrementalHand) -> Box<Lanes> {
    let mut hero = Box::new([[[DEAD; 16]; 4]; 64]);
    for (p, &x) in cards.iter().enumerate() {
        let hx = hero_base.with(x);
        for &l in &cards[p + 1..] {
            let r = biased(ev.rank_hand(hx.with(l)));
            hero[x as usize][l as usize >> 4][l as usize & 15] = r;
            hero[l as usize][x as usize >> 4][x as usize & 15] = r;
        }
    }
    hero
}

/// The three-card flop's ranks (0..13).
fn flop_ranks(board: CardSet) -> [u8; 3] {
    let mut board_ranks = [0u8; 3];
    for (slot, c) in board_ranks.iter_mut().zip(board.cards()) {
        *slot = (c.index() & 15) as u8;
    }
    board_ranks
}

/// Everything the hot loop reads and writes, by lane.
struct Work {
    /// The unseen cards' bit indexes, lowest first.
    cards: Vec<u32>,
    unseen: u64,
    board: u64,
    /// `hero[x][b]`: the hero's final rank with run-out {x, lane} for lanes of suit b
    /// ([`DEAD`] where the lane is not a card to come or is x).
    hero: Box<Lanes>,
    /// Per fourth-card-lane counts: holding {x, lane} (x < lane) loses / ties, as minus the
    /// count (wrapping `i16`).
    wins: Box<Lanes>,
    ties: Box<Lanes>,
    /// Holding {y, z} (positions p < q in `cards`) counted by prefix, at [`pair`] (p, q): per
    /// lane the villain's wins and ties (at most 45 third cards x 4 suit blocks), summed over
    /// lanes only once at the end.
    pairs: Vec<Acc>,
    /// `alive[k][b]`: `i16::MAX` on lanes of block b that are cards to come above card k,
    /// [`NONE`] elsewhere (the villain's rank is the minimum of its rank and this).
    alive: Box<Lanes>,
    /// The first suit block with a card to come above card k.
    first_block: [u8; 64],
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

    /// For the cards `m_ij` (board, i, j): the suits of a card k that give a suit of board,
    /// i, j, k four cards or more (as a mask), and that suit (4: none; at most one can).
    fn flush_suits(&self, m_ij: u64) -> (u8, u32) {
        for s in 0..4u32 {
            match (m_ij >> (16 * s) & 0x1fff).count_ones() {
                3 => return (1 << s, s),
                c if c >= 4 => return (0xf, s),
                _ => {}
            }
        }
        (0, 4)
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
    let hero = hero_rows(ev, &cards, hero_base);
    let (alive, first_block) = alive_rows(&cards, unseen);
    let board_ranks = flop_ranks(board);
    let t = triples();
    let nf = t
        .ranks
        .iter()
        .map(|extra| non_flush_row(ev, board_ranks.iter().chain(extra).copied()))
        .collect();
    let mut w = Work {
        cards,
        unseen,
        board: board.0,
        hero,
        wins: Box::new([[[0; 16]; 4]; 64]),
        ties: Box::new([[[0; 16]; 4]; 64]),
        pairs: vec![[0; 32]; pair(0, 52)],
        alive,
        first_block,
        nf,
        flush_index: vec![u16::MAX; 4 * 8192],
        flush: Vec::new(),
    };
    if portable {
        run_portable(&mut w);
    } else {
        run(&mut w);
    }
    let runouts = ((w.cards.len() - 2) * (w.cards.len() - 3) / 2) as u64;
    by_holding(
        ev.rank_hand(hero_base),
        board,
        &w.cards,
        runouts,
        |p, q, a, b| {
            let (pw, pt) = acc_sums(&w.pairs[pair(p, q)]);
            (
                lane_count(&w.wins, a, b) + pw,
                lane_count(&w.ties, a, b) + pt,
            )
        },
    )
}

/// HP from each holding's counts: the villain's wins and ties of holding {cards[p], cards[q]}
/// (cards a and b) over its `runouts`, by `counts(p, q, a, b)`, against its state now.
fn by_holding(
    hero_now: HandRank,
    board: CardSet,
    cards: &[u32],
    runouts: u64,
    counts: impl Fn(usize, usize, u32, u32) -> (u64, u64),
) -> Outlook {
    let ev = Evaluator::get();
    let base = IncrementalHand::of(board);
    let mut hp = [[0u64; 3]; 3];
    for (p, &a) in cards.iter().enumerate() {
        let va = base.with(a);
        for (q, &b) in cards.iter().enumerate().skip(p + 1) {
            let now = state(hero_now, ev.rank_hand(va.with(b)));
            let (losses, ties) = counts(p, q, a, b);
            hp[now][BEHIND] += losses;
            hp[now][TIED] += ties;
            hp[now][AHEAD] += runouts - losses - ties;
        }
    }
    Outlook { hp }
}

/// A per-lane counter of holding {a, lane b}, which holds minus the count (wrapping `i16`).
fn lane_count(t: &Lanes, a: u32, b: u32) -> u64 {
    let (a, b) = (a as usize, b as usize);
    t[a][b >> 4][b & 15].wrapping_neg() as u16 as u64
}

/// The sums of an [`Acc`]'s wins and ties counters (each at most 255).
fn acc_sums(acc: &Acc) -> (u64, u64) {
    let word = |h: usize| u64::from_le_bytes(acc[8 * h..8 * h + 8].try_into().unwrap_or([0; 8]));
    // Adjacent bytes summed into 16-bit fields, then the fields summed into the top one.
    let m = 0x00ff_00ff_00ff_00ff;
    let fields = |x: u64, y: u64| (x & m) + (x >> 8 & m) + (y & m) + (y >> 8 & m);
    let total = |f: u64| f.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    (
        total(fields(word(0), word(2))),
        total(fields(word(1), word(3))),
    )
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
            unsafe { avx2::run(w) };
            return;
        }
    }
    run_portable(w)
}

/// The flop outlook computed without AVX2 (for tests of the portable path).
#[cfg(test)]
pub fn flop_portable(hole: CardSet, board: CardSet) -> Outlook {
    flop_with(hole, board, true)
}

/// Adds the villain's wins and ties of `v` against the hero's `h` to `acc`.
#[inline(always)]
fn count(acc: &mut Acc, v: &Row, h: &Row) {
    for l in 0..16 {
        let (wb, tb) = acc_bytes(l);
        acc[wb] = acc[wb].wrapping_add((v[l] > h[l]) as u8);
        acc[tb] = acc[tb].wrapping_add((v[l] == h[l]) as u8);
    }
}

/// Takes an [`Acc`]'s counts from per-lane `wins` and `ties` rows (which hold minus counts).
#[inline(always)]
fn spill(acc: &Acc, wins: &mut Row, ties: &mut Row) {
    for l in 0..16 {
        let (wb, tb) = acc_bytes(l);
        wins[l] = wins[l].wrapping_sub(acc[wb] as i16);
        ties[l] = ties[l].wrapping_sub(acc[tb] as i16);
    }
}

fn add_acc(to: &mut Acc, from: &Acc) {
    for (x, &y) in to.iter_mut().zip(from) {
        *x = x.wrapping_add(y);
    }
}

/// Every prefix i < j < k of cards to come, against every fourth card l > k by lanes: the
/// portable twin of [`avx2::run`], with the same loops and counters.
fn run_portable(w: &mut Work) {
    let ev = Evaluator::get();
    let t = triples();
    let n = w.cards.len();
    for ii in 0..n {
        let iu = w.cards[ii] as usize & 63;
        for jj in ii + 1..n {
            let ju = w.cards[jj] as usize & 63;
            let m_ij = w.board | 1 << iu | 1 << ju;
            let rij = (iu & 15) * 169 + (ju & 15) * 13;
            let (flush_suits, fs) = w.flush_suits(m_ij);
            let f_ij = w.hero[iu][ju >> 4][ju & 15];
            // Holdings {i, l} and {j, l} over this k loop (at most 45 each per lane).
            let mut acc_i = [[0u8; 32]; 4];
            let mut acc_j = [[0u8; 32]; 4];
            let mut acc_ij = [0u8; 32];
            for kk in jj + 1..n.saturating_sub(1) {
                let ku = w.cards[kk] as usize & 63;
                let (sk, rk) = (ku >> 4, ku & 15);
                let nf = w.nf[t.id[rij + rk] as usize];
                let (fl, made) = if flush_suits >> sk & 1 != 0 {
                    let slot = w.flush_slot(ev, fs, m_ij | 1 << ku);
                    let row = w.flush[slot];
                    (row, [row[13]; 16])
                } else {
                    ([NONE; 16], [NONE; 16])
                };
                let f_jk = w.hero[ju][sk][rk];
                let f_ik = w.hero[iu][sk][rk];
                let mut acc_jk = [0u8; 32];
                let mut acc_ik = [0u8; 32];
                for b in w.first_block[ku] as usize..4 {
                    let sel = if b == fs as usize { &fl } else { &made };
                    let alive = &w.alive[ku][b];
                    let v: Row = std::array::from_fn(|l| nf[l].max(sel[l]).min(alive[l]));
                    count(&mut acc_i[b], &v, &[f_jk; 16]);
                    count(&mut acc_j[b], &v, &[f_ik; 16]);
                    let wins = w.wins[ku][b].iter_mut().zip(w.ties[ku][b].iter_mut());
                    for ((wins, ties), &v) in wins.zip(&v) {
                        *wins = wins.wrapping_sub((v > f_ij) as i16);
                        *ties = ties.wrapping_sub((v == f_ij) as i16);
                    }
                    count(&mut acc_jk, &v, &w.hero[iu][b]);
                    count(&mut acc_ik, &v, &w.hero[ju][b]);
                    count(&mut acc_ij, &v, &w.hero[ku][b]);
                }
                add_acc(&mut w.pairs[pair(jj, kk)], &acc_jk);
                add_acc(&mut w.pairs[pair(ii, kk)], &acc_ik);
            }
            add_acc(&mut w.pairs[pair(ii, jj)], &acc_ij);
            for b in 0..4 {
                spill(&acc_i[b], &mut w.wins[iu][b], &mut w.ties[iu][b]);
                spill(&acc_j[b], &mut w.wins[ju][b], &mut w.ties[ju][b]);
            }
        }
    }
}
