//! The turn outlook with the river as lanes: each pair i < j of unseen cards against every
//! third card k > j at once, 16 lanes (one suit's ranks) at a time, as the flop's kernel does
//! one level deeper.
//!
//! The villain's final seven cards are the board, i, j and k; they split into a river and a
//! holding three ways (river i and holding {j, k}, river j and {i, k}, river k and {i, j}).
//! Their rank is the non-flush rank of the board's, i's and j's ranks with k's (one row per
//! rank pair: 91 rows), raised to the flush rank where board, i and j hold four cards of a suit
//! or more, and lowered to [`NONE`] on lanes that are not cards to come above j.

use super::super::{unseen, Outlook};
use super::{
    alive_rows, biased, by_holding, flush_row, lane_count, non_flush_row, Lanes, Row, DEAD, NONE,
};
use crate::cards::{CardSet, DECK_MASK};
use crate::strength::eval7::{Evaluator, IncrementalHand};

/// What the turn's kernel reads and writes.
struct TurnWork {
    /// The unseen cards' bit indexes, lowest first.
    cards: Vec<u32>,
    /// The hero's final rank by river card, as lanes ([`DEAD`] where no card is to come).
    hero: [Row; 4],
    /// The non-flush rows by rank pair (`low * 13 + high`).
    nf: Vec<Row>,
    alive: Box<Lanes>,
    first_block: [u8; 64],
    /// Per holding {x, lane} (x below the lane's card): minus the villain's wins and ties
    /// over the rivers below the lane's card (wrapping `i16`).
    wins: Box<Lanes>,
    ties: Box<Lanes>,
    /// Per prefix (i, j): the villain's wins and ties of holding {i, j} over rivers above j.
    pair_wins: Vec<u16>,
    pair_ties: Vec<u16>,
    /// Per prefix (i, j): its index in `flush_rows`, or [`NO_FLUSH`].
    flushes: Vec<u8>,
    flush_rows: Vec<Flush>,
}

/// A suit of board, i and j with four cards or more: the flush rank by lane of that suit
/// (where the card is to come) and the flush already made with five or more ([`NONE`]: none).
#[derive(Clone, Copy)]
struct Flush {
    suit: usize,
    row: Row,
    made: i16,
}

/// No suit of board, i and j can reach five.
const NO_FLUSH: u8 = u8::MAX;

/// The outlook with one card to come (`board` is the four cards up to the turn).
pub fn turn(hole: CardSet, board: CardSet) -> Outlook {
    turn_with(hole, board, false)
}

/// The turn outlook computed without AVX2 (for tests of the portable path).
#[cfg(test)]
pub fn turn_portable(hole: CardSet, board: CardSet) -> Outlook {
    turn_with(hole, board, true)
}

fn turn_with(hole: CardSet, board: CardSet, portable: bool) -> Outlook {
    let ev = Evaluator::get();
    let unseen_mask = DECK_MASK & !(hole.0 | board.0);
    let cards = unseen(hole.union(board));
    let hero_base = IncrementalHand::of(hole.union(board));
    let mut hero = [[DEAD; 16]; 4];
    for &c in &cards {
        hero[c as usize >> 4][c as usize & 15] = biased(ev.rank_hand(hero_base.with(c)));
    }
    let board_ranks: Vec<u8> = board.cards().map(|c| (c.index() & 15) as u8).collect();
    let mut nf = vec![[NONE; 16]; 13 * 13];
    for lo in 0..13u8 {
        for hi in lo..13u8 {
            let six = board_ranks.iter().copied().chain([lo, hi]);
            nf[lo as usize * 13 + hi as usize] = non_flush_row(ev, six);
        }
    }
    let (alive, first_block) = alive_rows(&cards, unseen_mask);
    let (flushes, flush_rows) = flush_rows(ev, &cards, board.0, unseen_mask);
    let n = cards.len();
    let mut w = TurnWork {
        cards,
        hero,
        nf,
        alive,
        first_block,
        wins: Box::new([[[0; 16]; 4]; 64]),
        ties: Box::new([[[0; 16]; 4]; 64]),
        pair_wins: vec![0; n * n],
        pair_ties: vec![0; n * n],
        flushes,
        flush_rows,
    };
    run(&mut w, portable);
    let rivers = (n - 2) as u64;
    by_holding(
        ev.rank_hand(hero_base),
        board,
        &w.cards,
        rivers,
        |p, q, a, b| {
            (
                lane_count(&w.wins, a, b) + w.pair_wins[p * n + q] as u64,
                lane_count(&w.ties, a, b) + w.pair_ties[p * n + q] as u64,
            )
        },
    )
}

/// Per prefix (positions p < q in `cards`, at `p * n + q`): the index in the returned rows
/// of the suit where board, i and j hold four cards or more (at most one can), with its flush
/// row and the flush already made; [`NO_FLUSH`] where no suit can reach five.
fn flush_rows(ev: &Evaluator, cards: &[u32], board: u64, unseen: u64) -> (Vec<u8>, Vec<Flush>) {
    let n = cards.len();
    let on_board: [u32; 4] = std::array::from_fn(|s| (board >> (16 * s) & 0x1fff).count_ones());
    let four_on_board = (0..4).find(|&s| on_board[s] >= 4);
    let mut index = vec![NO_FLUSH; n * n];
    let mut rows: Vec<Flush> = Vec::new();
    // Rows with one prefix card of the flush suit, by that card (64: none), computed once.
    let mut by_card = [NO_FLUSH; 65];
    for (p, &i) in cards.iter().enumerate() {
        for (q, &j) in cards.iter().enumerate().skip(p + 1) {
            let (si, sj) = (i as usize >> 4, j as usize >> 4);
            let same = (si == sj) as u32;
            let s = if let Some(s) = four_on_board {
                s
            } else if on_board[si] + 1 + same >= 4 {
                si
            } else if on_board[sj] + 1 + same >= 4 {
                sj
            } else {
                continue;
            };
            // The row depends on the prefix's cards of the suit: kept by card when at most one.
            let mut in_suit = [i, j].into_iter().filter(|&c| c as usize >> 4 == s);
            let key = match (in_suit.next(), in_suit.next()) {
                (None, _) => Some(64),
                (Some(c), None) => Some(c as usize),
                (Some(_), Some(_)) => None,
            };
            let cached = key.map_or(NO_FLUSH, |c| by_card[c]);
            index[p * n + q] = if cached != NO_FLUSH {
                cached
            } else {
                let mask = (board | 1 << i | 1 << j) >> (16 * s) & 0x1fff;
                let row = flush_row(ev, s as u32, mask, unseen);
                rows.push(Flush {
                    suit: s,
                    row,
                    made: row[13],
                });
                let at = (rows.len() - 1) as u8;
                if let Some(c) = key {
                    by_card[c] = at;
                }
                at
            };
        }
    }
    (index, rows)
}

fn run(w: &mut TurnWork, portable: bool) {
    #[cfg(target_arch = "x86_64")]
    {
        if !portable && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            unsafe { run_avx2(w) };
            return;
        }
    }
    let _ = portable;
    kernel(w)
}

/// [`kernel`] compiled for AVX2: the same code, its 16-lane loops in 256-bit registers.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2(w: &mut TurnWork) {
    kernel(w)
}

/// Every prefix i < j of cards to come, against every river k > j by lanes. Rows are copied
/// in and out of locals so that the 16-lane loops compile to vector instructions.
#[inline(always)]
fn kernel(w: &mut TurnWork) {
    let n = w.cards.len();
    let none = [NONE; 16];
    for p in 0..n {
        let iu = w.cards[p] as usize & 63;
        let hero_i = w.hero[iu >> 4][iu & 15];
        for q in p + 1..n - 1 {
            let ju = w.cards[q] as usize & 63;
            let hero_j = w.hero[ju >> 4][ju & 15];
            let (lo, hi) = ((iu & 15).min(ju & 15), (iu & 15).max(ju & 15));
            let nf = w.nf[lo * 13 + hi];
            let flush = match w.flushes[p * n + q] {
                NO_FLUSH => None,
                at => Some(w.flush_rows[at as usize]),
            };
            let mut pw = [0i16; 16];
            let mut pt = [0i16; 16];
            for b in w.first_block[ju] as usize..4 {
                let sel = match &flush {
                    Some(f) if f.suit == b => f.row,
                    Some(f) => [f.made; 16],
                    None => none,
                };
                let alive = w.alive[ju][b];
                let v: Row = std::array::from_fn(|l| nf[l].max(sel[l]).min(alive[l]));
                // River i, holding {j, k}; river j, holding {i, k}: counted by lane.
                let (wj, tj) = minus(w.wins[ju][b], w.ties[ju][b], &v, hero_i);
                w.wins[ju][b] = wj;
                w.ties[ju][b] = tj;
                let (wi, ti) = minus(w.wins[iu][b], w.ties[iu][b], &v, hero_j);
                w.wins[iu][b] = wi;
                w.ties[iu][b] = ti;
                // River k, holding {i, j}: summed over the lanes at the end.
                let h = w.hero[b];
                pw = std::array::from_fn(|l| pw[l] + (v[l] > h[l]) as i16);
                pt = std::array::from_fn(|l| pt[l] + (v[l] == h[l]) as i16);
            }
            w.pair_wins[p * n + q] = pw.iter().sum::<i16>() as u16;
            w.pair_ties[p * n + q] = pt.iter().sum::<i16>() as u16;
        }
    }
}

/// The counters less the villain's wins and ties of `v` against the hero's rank `h`.
#[inline(always)]
fn minus(wins: Row, ties: Row, v: &Row, h: i16) -> (Row, Row) {
    (
        std::array::from_fn(|l| wins[l].wrapping_sub((v[l] > h) as i16)),
        std::array::from_fn(|l| ties[l].wrapping_sub((v[l] == h) as i16)),
    )
}
