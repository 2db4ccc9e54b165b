//! `hus equity`'s range against range before the flop: both 25 % ranges in full from the table
//! of preflop matchups, beside a straightforward enumeration of every board, which is too slow
//! to run in full (about 330 x 330 pairs of holdings, 1.7 M boards each), so the ratio is taken
//! on one hero holding against the villain's whole range, both ways. After the flop: every
//! holding against every holding on a flop and on a turn, counted per run-out (each holding
//! ranked once, sorted, swept) beside the pair-by-pair count it replaced (each pair compared on
//! each run-out).

use criterion::{criterion_group, criterion_main, Criterion};
use hus_poker::cards::CardSet;
use hus_poker::strength::range_equity::{enumerate_pairs, preflop};

/// The best quarter of the classes by the heads-up hand ranking, as a range.
const QUARTER: &str = "22+ | A2s+ | A5o+ | K7s+ | K9o+ | Q9s+ | QTo+ | J9s+ | JTo | T9s";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("range_equity");
    g.sample_size(10);
    let options = hus::EquityOptions {
        hero: QUARTER.into(),
        villain: QUARTER.into(),
        ..Default::default()
    };
    let report = hus::equity(&options).expect("two ranges");
    eprintln!(
        "25% against 25%: {} and {} combos",
        report.players[0].combos, report.players[1].combos
    );
    g.bench_function("hus equity, 25% against 25% preflop (table)", |b| {
        b.iter(|| hus::equity(&options).unwrap())
    });
    let villain = hus::parse_range(QUARTER).unwrap();
    let hero = hus::parse_range("AhKh").unwrap();
    g.bench_function("one holding against 25% preflop (table)", |b| {
        b.iter(|| preflop(&hero, &villain))
    });
    g.bench_function("one holding against 25% preflop (every board)", |b| {
        b.iter(|| enumerate_pairs(&hero, &villain, CardSet::EMPTY, CardSet::EMPTY))
    });
    // A dead card: the table less the boards that hold it (exact), and two 25 % ranges,
    // above the exact limit, sampled.
    let dead = hus::EquityOptions {
        hero: "QQ+ | AK".into(),
        villain: QUARTER.into(),
        dead: "2c".into(),
        ..Default::default()
    };
    g.bench_function(
        "hus equity, QQ+ AK against 25% preflop, one dead card (exact)",
        |b| b.iter(|| hus::equity(&dead).unwrap()),
    );
    let sampled = hus::EquityOptions {
        hero: QUARTER.into(),
        ..dead.clone()
    };
    let report = hus::equity(&sampled).unwrap();
    eprintln!("25% against 25%, one dead card: {:?}", report.method);
    g.bench_function(
        "hus equity, 25% against 25% preflop, one dead card (sampled)",
        |b| b.iter(|| hus::equity(&sampled).unwrap()),
    );
    g.finish();
    let mut g = c.benchmark_group("range_equity_postflop");
    g.sample_size(10);
    for (street, board) in [("flop", "Ks7d2c"), ("turn", "Ks7d2c9h")] {
        let options = hus::EquityOptions {
            hero: ANY_TWO.into(),
            villain: ANY_TWO.into(),
            board: board.into(),
            ..Default::default()
        };
        g.bench_function(
            format!("hus equity, any two against any two, {street} {board}"),
            |b| b.iter(|| hus::equity(&options).unwrap()),
        );
        let cards: CardSet = board.parse().unwrap();
        let live: Vec<_> = hus::parse_range(ANY_TWO)
            .unwrap()
            .into_iter()
            .filter(|h| h.set().0 & cards.0 == 0)
            .collect();
        g.bench_function(
            format!("any two against any two, {street} {board} (pair by pair)"),
            |b| b.iter(|| enumerate_pairs(&live, &live, cards, CardSet::EMPTY)),
        );
    }
    g.finish();
}

/// Every holding.
const ANY_TWO: &str = "22+ | 32+";

criterion_group!(benches, bench);
criterion_main!(benches);
