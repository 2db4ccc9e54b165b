//! `hus chart` on a flop: the chart weighted by the range the hero's script brings to the
//! spot (the range through the acts, then the chart over it), beside the chart of every
//! holding alike (`--all-holdings`) and the range alone.

use criterion::{criterion_group, criterion_main, Criterion};
use hus::reach::{spot_range, RangeSource};
use hus::{Bot, BotOptions, ChartRange, Player, Spot, SpotOptions};

fn bench(c: &mut Criterion) {
    let bot = Bot::from_file("examples/tag.hus", &BotOptions::default()).expect("tag.hus");
    let spot = Spot::new(&SpotOptions {
        actions: "BTN 4bb, BB call, BB bet 50%".into(),
        board: "Kh8s4d".into(),
        ..SpotOptions::default()
    })
    .expect("a spot");
    let mut g = c.benchmark_group("chart");
    g.sample_size(20);
    g.bench_function("flop chart, every holding alike", |b| {
        b.iter(|| hus::chart(&bot, &spot).unwrap())
    });
    g.bench_function("flop chart over the range tag.hus brings", |b| {
        b.iter(|| {
            let weights = spot_range(&spot, Player::Hero, RangeSource::Script(&bot)).unwrap();
            let range = ChartRange {
                weights,
                source: String::new(),
            };
            hus::chart_over(&bot, &spot, Some(&range)).unwrap()
        })
    });
    g.bench_function("the hero's range through the acts", |b| {
        b.iter(|| spot_range(&spot, Player::Hero, RangeSource::Script(&bot)).unwrap())
    });
    g.bench_function("the villain's range through the acts", |b| {
        b.iter(|| spot_range(&spot, Player::Villain, RangeSource::Script(&bot)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
