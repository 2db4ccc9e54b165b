//! [`super::run_portable`] with one 256-bit register per suit block: per-(i, j) values
//! hoisted out of the k loop, and the counts of holdings {i, l}, {j, l} and {i, j} kept as
//! bytes (`_mm256_packs_epi16` of the wins and ties masks) across it: minus the counts for
//! {i, l} and {j, l} (added to memory), the counts for the holdings in `pairs`.

use super::{pair, triples, Evaluator, Row, Work};
use std::arch::x86_64::*;

/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn run(w: &mut Work) {
    let ev = Evaluator::get();
    let t = triples();
    let n = w.cards.len();
    let zero = _mm256_setzero_si256();
    // SAFETY: AVX2 is enabled in this function; every `r` passed below points into `w`'s
    // rows, each 16 i16 = 32 bytes, and the load is unaligned.
    let load = |r: *const Row| unsafe { _mm256_loadu_si256(r.cast()) };
    // SAFETY: as for `load`: 32 writable bytes of a row of `w`, unaligned store.
    let store = |r: *mut Row, x: __m256i| unsafe { _mm256_storeu_si256(r.cast(), x) };
    // The villain's wins and ties of v against h, as bytes (minus the counts).
    let split = |v: __m256i, h: __m256i| {
        _mm256_packs_epi16(_mm256_cmpgt_epi16(v, h), _mm256_cmpeq_epi16(v, h))
    };
    let cards = w.cards.clone();
    // The first slot of holdings {cards[p], cards[q]} (p < q) in `pairs`, by q.
    let tri: [usize; 64] = std::array::from_fn(|q| pair(0, q.max(1)));
    let hero: *const [Row; 4] = w.hero.as_ptr();
    let alive: *const [Row; 4] = w.alive.as_ptr();
    let nf_rows: *const Row = w.nf.as_ptr();
    let pairs: *mut super::Acc = w.pairs.as_mut_ptr();
    assert!(w.pairs.len() >= pair(0, n));
    for ii in 0..n {
        let iu = cards[ii] as usize & 63;
        for jj in ii + 1..n {
            let ju = cards[jj] as usize & 63;
            let m_ij = w.board | 1 << iu | 1 << ju;
            let ids = &t.id[(iu & 15) * 169 + (ju & 15) * 13..][..13];
            let (flush_suits, fs) = w.flush_suits(m_ij);
            let f_ij = _mm256_set1_epi16(w.hero[iu][ju >> 4][ju & 15]);
            let mut acc_i = [zero; 4];
            let mut acc_j = [zero; 4];
            let mut acc_ij = zero;
            for kk in jj + 1..n - 1 {
                let ku = cards[kk] as usize & 63;
                let (sk, rk) = (ku >> 4, ku & 15);
                // SAFETY: card indexes are below 64, ranks below 13 and rank ids below 455.
                let (nf, hero_i, hero_j, hero_k, alive_k) = unsafe {
                    (
                        load(nf_rows.add(*ids.get_unchecked(rk) as usize)),
                        &*hero.add(iu),
                        &*hero.add(ju),
                        &*hero.add(ku),
                        &*alive.add(ku),
                    )
                };
                let f_jk = _mm256_set1_epi16(hero_j[sk][rk]);
                let f_ik = _mm256_set1_epi16(hero_i[sk][rk]);
                let mut acc_jk = zero;
                let mut acc_ik = zero;
                let first = w.first_block[ku] as usize;
                let flush = flush_suits >> sk & 1 != 0;
                let (fl, made) = if flush {
                    let slot = w.flush_slot(ev, fs, m_ij | 1 << ku);
                    let row = &w.flush[slot];
                    (load(row), _mm256_set1_epi16(row[13]))
                } else {
                    (zero, zero)
                };
                let wins = &mut w.wins[ku];
                let ties = &mut w.ties[ku];
                // One block's six splits against the villain's final ranks v.
                let mut block = |b: usize, v: __m256i| {
                    acc_i[b] = _mm256_add_epi8(acc_i[b], split(v, f_jk));
                    acc_j[b] = _mm256_add_epi8(acc_j[b], split(v, f_ik));
                    store(
                        &mut wins[b],
                        _mm256_add_epi16(load(&wins[b]), _mm256_cmpgt_epi16(v, f_ij)),
                    );
                    store(
                        &mut ties[b],
                        _mm256_add_epi16(load(&ties[b]), _mm256_cmpeq_epi16(v, f_ij)),
                    );
                    acc_jk = _mm256_sub_epi8(acc_jk, split(v, load(&hero_i[b])));
                    acc_ik = _mm256_sub_epi8(acc_ik, split(v, load(&hero_j[b])));
                    acc_ij = _mm256_sub_epi8(acc_ij, split(v, load(&hero_k[b])));
                };
                // A plain range: b indexes the accumulators too, and an iterator here costs
                // instructions in the hottest loop.
                #[allow(clippy::needless_range_loop)]
                if !flush {
                    for b in first..4 {
                        block(b, _mm256_min_epi16(nf, load(&alive_k[b])));
                    }
                } else {
                    for b in first..4 {
                        let v = _mm256_max_epi16(nf, if b == fs as usize { fl } else { made });
                        block(b, _mm256_min_epi16(v, load(&alive_k[b])));
                    }
                }
                let tk = tri[kk & 63];
                // SAFETY: ii < jj < kk < n, so both slots are below pair(0, n).
                unsafe {
                    add_to(pairs.add(tk + jj), acc_jk);
                    add_to(pairs.add(tk + ii), acc_ik);
                }
            }
            // SAFETY: as above.
            unsafe { add_to(pairs.add(pair(ii, jj)), acc_ij) };
            for b in 0..4 {
                spill(acc_i[b], &mut w.wins[iu][b], &mut w.ties[iu][b]);
                spill(acc_j[b], &mut w.wins[ju][b], &mut w.ties[ju][b]);
            }
        }
    }
}

/// Adds byte counters to an [`super::Acc`].
///
/// # Safety
/// `to` must point to an `Acc`, and the CPU must support AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn add_to(to: *mut super::Acc, x: __m256i) {
    // SAFETY: an Acc is 32 bytes.
    unsafe {
        let p = to.cast();
        _mm256_storeu_si256(p, _mm256_add_epi8(_mm256_loadu_si256(p), x));
    }
}

/// Adds byte counters (minus counts of at most 127) to per-lane `wins` and `ties` rows. Callable
/// only where AVX2 is enabled (in [`run`], after its check).
#[inline]
#[target_feature(enable = "avx2")]
fn spill(acc: __m256i, wins: &mut Row, ties: &mut Row) {
    // SAFETY: rows are 32 bytes.
    unsafe {
        // Each byte twice in a 16-bit lane, shifted down: sign-extended.
        let w = _mm256_srai_epi16(_mm256_unpacklo_epi8(acc, acc), 8);
        let t = _mm256_srai_epi16(_mm256_unpackhi_epi8(acc, acc), 8);
        let (pw, pt) = (wins.as_mut_ptr().cast(), ties.as_mut_ptr().cast());
        _mm256_storeu_si256(pw, _mm256_add_epi16(_mm256_loadu_si256(pw), w));
        _mm256_storeu_si256(pt, _mm256_add_epi16(_mm256_loadu_si256(pt), t));
    }
}
