//! Evaluator throughput: hus's 7-card evaluator beside the `pokers` crate (an OMPEval port),
//! on hands in enumeration order and on random hands, each through its own incremental hand
//! type and through a plain card set (for pokers: converting our `CardSet`).
//!
//! The incremental benchmarks use both sides the same way: a per-card hand table (pokers'
//! `CARDS`, ours built from `IncrementalHand::card`), one `+` per card added in the nested
//! loops, and the hand's rank summed as a checksum; on random hands, a slice of prebuilt
//! hands ranked and summed.

#![allow(clippy::needless_range_loop)] // nested enumeration loops index the deck

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hus_poker::cards::CardSet;
use hus_poker::strength::{Evaluator, IncrementalHand};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;

/// Card `i` of a rank-major deck (4 * rank + suit, pokers' numbering): its bit in our layout.
fn bit(i: usize) -> u32 {
    let (rank, suit) = (i / 4, i % 4);
    // pokers suits s, h, c, d; our lanes Hearts 0, Diamonds 1, Clubs 2, Spades 3.
    let lane = [3, 0, 2, 1][suit];
    (lane * 16 + rank) as u32
}

/// Our card set as a pokers hand, card by card.
fn to_pokers(cards: CardSet) -> pokers::Hand {
    const SUIT: [usize; 4] = [1, 3, 2, 0];
    let mut h = pokers::Hand::default();
    let mut x = cards.0;
    while x != 0 {
        let i = x.trailing_zeros() as usize;
        h += pokers::CARDS[4 * (i % 16) + SUIT[i / 16]];
        x &= x - 1;
    }
    h
}

/// Every 7-card hand holding card 0 of the rank-major deck (C(51,6) = 18,009,460), by each
/// evaluator's natural enumeration; returns a checksum.
fn enumerate(mut visit: impl FnMut(&[usize; 7]) -> u64) -> u64 {
    let mut sum = 0;
    for b in 1..52 {
        for c in b + 1..52 {
            for d in c + 1..52 {
                for e in d + 1..52 {
                    for f in e + 1..52 {
                        for g in f + 1..52 {
                            sum += visit(&[0, b, c, d, e, f, g]);
                        }
                    }
                }
            }
        }
    }
    sum
}

fn sequential(c: &mut Criterion) {
    let ev = Evaluator::get();
    let mut g = c.benchmark_group("eval7/sequential");
    g.sample_size(10);
    g.throughput(Throughput::Elements(18_009_460));
    let bits: [u32; 52] = std::array::from_fn(bit);
    let bit = |i: usize| bits[i];
    // Our per-card table, in pokers' deck order (as its `CARDS`).
    let cards: [IncrementalHand; 52] = std::array::from_fn(|i| IncrementalHand::card(bit(i)));
    g.bench_function("hus Hand (incremental)", |bch| {
        bch.iter(|| {
            let h0 = IncrementalHand::EMPTY + cards[0];
            let mut sum = 0u64;
            for b in 1..52 {
                let hb = h0 + cards[b];
                for c in b + 1..52 {
                    let hc = hb + cards[c];
                    for d in c + 1..52 {
                        let hd = hc + cards[d];
                        for e in d + 1..52 {
                            let he = hd + cards[e];
                            for f in e + 1..52 {
                                let hf = he + cards[f];
                                for g in f + 1..52 {
                                    sum += ev.rank_hand(hf + cards[g]).0 as u64;
                                }
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    g.bench_function("hus CardSet", |bch| {
        bch.iter(|| {
            let m0 = 1u64 << bit(0);
            let mut sum = 0u64;
            for b in 1..52 {
                let mb = m0 | 1 << bit(b);
                for c in b + 1..52 {
                    let mc = mb | 1 << bit(c);
                    for d in c + 1..52 {
                        let md = mc | 1 << bit(d);
                        for e in d + 1..52 {
                            let me = md | 1 << bit(e);
                            for f in e + 1..52 {
                                let mf = me | 1 << bit(f);
                                for g in f + 1..52 {
                                    sum += ev.rank(CardSet(mf | 1 << bit(g))).0 as u64;
                                }
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    g.bench_function("pokers Hand (incremental)", |bch| {
        use pokers::CARDS;
        bch.iter(|| {
            let h0 = pokers::Hand::default() + CARDS[0];
            let mut sum = 0u64;
            for b in 1..52 {
                let hb = h0 + CARDS[b];
                for c in b + 1..52 {
                    let hc = hb + CARDS[c];
                    for d in c + 1..52 {
                        let hd = hc + CARDS[d];
                        for e in d + 1..52 {
                            let he = hd + CARDS[e];
                            for f in e + 1..52 {
                                let hf = he + CARDS[f];
                                for g in f + 1..52 {
                                    sum += (hf + CARDS[g]).evaluate() as u64;
                                }
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    g.bench_function("pokers from CardSet", |bch| {
        bch.iter(|| {
            black_box(enumerate(|h| {
                let set = CardSet(h.iter().fold(0, |m, &i| m | 1 << bit(i)));
                to_pokers(set).evaluate() as u64
            }))
        })
    });
    g.finish();
}

fn random(c: &mut Criterion) {
    const N: usize = 1 << 20;
    let ev = Evaluator::get();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut deck: Vec<usize> = (0..52).collect();
    let sets: Vec<CardSet> = (0..N)
        .map(|_| {
            deck.shuffle(&mut rng);
            CardSet(deck[..7].iter().fold(0, |m, &i| m | 1 << bit(i)))
        })
        .collect();
    let ours: Vec<IncrementalHand> = sets.iter().map(|&s| IncrementalHand::of(s)).collect();
    let theirs: Vec<pokers::Hand> = sets.iter().map(|&s| to_pokers(s)).collect();
    // The two evaluators agree on every hand's category (both put it in the top 4 bits).
    for (s, p) in sets.iter().zip(&theirs) {
        assert_eq!(ev.rank(*s).0 >> 12, p.evaluate() >> 12, "{s:?}");
    }
    let mut g = c.benchmark_group("eval7/random");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function(BenchmarkId::new("hus CardSet", N), |b| {
        b.iter(|| sets.iter().map(|&s| ev.rank(s).0 as u64).sum::<u64>())
    });
    g.bench_function(BenchmarkId::new("hus Hand", N), |b| {
        b.iter(|| ours.iter().map(|&h| ev.rank_hand(h).0 as u64).sum::<u64>())
    });
    g.bench_function(BenchmarkId::new("pokers Hand", N), |b| {
        b.iter(|| theirs.iter().map(|h| h.evaluate() as u64).sum::<u64>())
    });
    g.bench_function(BenchmarkId::new("pokers from CardSet", N), |b| {
        b.iter(|| {
            sets.iter()
                .map(|&s| to_pokers(s).evaluate() as u64)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, sequential, random);
criterion_main!(benches);
