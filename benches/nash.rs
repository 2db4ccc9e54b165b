//! `hus nash` for one stack: the push-or-fold game at 10 big blinds solved exactly (the
//! two linear programs over the 169 classes by microlp, then both best responses for the gap), beside `hus chart` of
//! one preflop spot (`examples/pushfold.hus` first to act at 10 big blinds: 169 decisions),
//! and the table over 39 stacks (1 to 20 big blinds by half a big blind).

use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("nash");
    g.sample_size(10);
    let game = hus::PushFold::new(10.0, 0.5, 0.0).unwrap();
    let eq = hus::solve_push_fold(&game).unwrap();
    eprintln!("10 bb: {} pivots, gap {:e} bb", eq.pivots, eq.gap);
    g.bench_function("hus nash --stack 10 (solve and gap)", |b| {
        b.iter(|| hus::solve_push_fold(&game).unwrap())
    });
    let bot = hus::Bot::from_file("examples/pushfold.hus", &hus::BotOptions::default()).unwrap();
    let spot = hus::Spot::new(&hus::SpotOptions {
        stack: 10.0,
        ..hus::SpotOptions::default()
    })
    .unwrap();
    g.bench_function(
        "hus chart pushfold.hus --stack 10 (one preflop spot)",
        |b| b.iter(|| hus::chart(&bot, &spot).unwrap()),
    );
    let stacks: Vec<f64> = (2..=40).map(|k| f64::from(k) / 2.0).collect();
    g.bench_function("hus nash --table (39 stacks)", |b| {
        b.iter(|| hus::solve_push_fold_stacks(0.5, 0.0, &stacks).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
