//! The strength constants' cost: the exact flop enumeration (equity and ppot/npot share it)
//! beside the straightforward one (every holding against every run-out), the turn,
//! handStrength, reading the preflop table, and `equityVs` before the flop beside one
//! matchup enumerated over its 1,712,304 boards (the straightforward way costs that once per
//! holding of the range).

use criterion::{criterion_group, criterion_main, Criterion};
use hus_poker::cards::hole::HoleClassSet;
use hus_poker::cards::query::CardQuery;
use hus_poker::cards::CardSet;
use hus_poker::strength::{self, outlook, preflop, preflop_matchups, versus};
use std::hint::black_box;

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn bench(c: &mut Criterion) {
    let hole = cards("Ad Qc");
    let flop = cards("3h 4c Jh");
    let turn = cards("3h 4c Jh 9s");
    let river = cards("3h 4c Jh 9s 2d");
    strength::evaluate(hole);
    let mut g = c.benchmark_group("strength");
    g.bench_function("flop equity+ppot+npot (one enumeration)", |b| {
        b.iter(|| outlook::flop(black_box(hole), black_box(flop)))
    });
    g.bench_function("flop equity+ppot+npot, monotone flop", |b| {
        b.iter(|| outlook::flop(black_box(cards("7s 6s")), black_box(cards("5s 8s As"))))
    });
    g.bench_function("flop equity+ppot+npot, straightforward enumeration", |b| {
        b.iter(|| outlook::flop_reference(black_box(hole), black_box(flop)))
    });
    g.bench_function(
        "flop equity+ppot+npot, monotone, straightforward enumeration",
        |b| {
            b.iter(|| {
                outlook::flop_reference(black_box(cards("7s 6s")), black_box(cards("5s 8s As")))
            })
        },
    );
    // A quarter of the holdings: 22+, A2s+, K9s+, Q9s+, J9s+, T9s, A9o+, KTo+, QTo+, JTo.
    let quarter: HoleClassSet = [
        "22+", "A2s+", "K9s+", "Q9s+", "J9s+", "T9s", "A9o+", "KTo+", "QTo+", "JTo",
    ]
    .iter()
    .map(|q| CardQuery::parse(q).unwrap().classes)
    .fold(HoleClassSet::EMPTY, |a, b| a.union(&b));
    g.bench_function("flop equityVs, a 25% range", |b| {
        b.iter(|| versus::versus(black_box(hole), black_box(flop), black_box(&quarter)))
    });
    g.bench_function("flop equityVs, a 25% range, monotone flop", |b| {
        b.iter(|| {
            versus::versus(
                black_box(cards("7s 6s")),
                black_box(cards("5s 8s As")),
                &quarter,
            )
        })
    });
    g.bench_function(
        "flop equityVs, a 25% range, straightforward enumeration",
        |b| b.iter(|| versus::versus_reference(black_box(hole), black_box(flop), &quarter)),
    );
    // The first read of a hero class spreads its row and totals; the benchmark reads after it.
    let none = CardSet::EMPTY;
    strength::strength_vs(hole, none, &quarter);
    g.bench_function("preflop equityVs, a 25% range", |b| {
        b.iter(|| strength::strength_vs(black_box(hole), black_box(none), black_box(&quarter)))
    });
    g.sample_size(10);
    g.bench_function(
        "preflop one matchup, straightforward enumeration of every board",
        |b| {
            b.iter(|| preflop_matchups::count_reference(black_box(hole), black_box(cards("Kh Ks"))))
        },
    );
    g.sample_size(100);
    g.bench_function("turn equity+ppot+npot", |b| {
        b.iter(|| outlook::turn(black_box(hole), black_box(turn)))
    });
    g.bench_function(
        "turn equity+ppot+npot, each subset ranked once without lanes",
        |b| b.iter(|| outlook::turn_reference(black_box(hole), black_box(turn))),
    );
    g.bench_function("flop handStrength", |b| {
        b.iter(|| strength::hand_strength(black_box(hole), black_box(flop)))
    });
    g.bench_function("river handStrength", |b| {
        b.iter(|| strength::hand_strength(black_box(hole), black_box(river)))
    });
    g.bench_function("preflop table parse", |b| {
        b.iter(|| preflop::parse_table(black_box(preflop::PREFLOP_TABLE)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
