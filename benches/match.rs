//! Hands per second of a whole match: examples/tag.hus (rule-only) against builtin:caller,
//! on one thread and on two. Each iteration plays 32,768 hands (64 chunks of 512: with 8, as
//! before, each iteration's last chunk left one thread idle for a tenth of it, which a long
//! match does not see); criterion reports elements/s = hands/s.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hus::dealer::{load_bot, play_match, Bot, MatchConfig};
use hus::external::ExternalPolicy;

const HANDS: u64 = 32_768;

fn bench_match(c: &mut Criterion) {
    let policy = ExternalPolicy::default();
    let tag = load_bot("examples/tag.hus", &policy, &[], &[])
        .unwrap_or_else(|e| panic!("examples/tag.hus: {e}"));
    let caller = load_bot("builtin:caller", &policy, &[], &[]).unwrap();
    let bots: [&dyn Bot; 2] = [&tag.bot, &caller.bot];
    let mut group = c.benchmark_group("match");
    group.throughput(Throughput::Elements(HANDS));
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("tag_vs_caller/{threads}_thread"), |b| {
            let mut config = MatchConfig::new(HANDS, 1);
            config.threads = threads;
            b.iter(|| play_match(bots, &config, None).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_match);
criterion_main!(benches);
