//! Parse speed: a generated script of 10,000 rules (every construct, about 1.1 MB).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "support/script.rs"]
mod support;
use support::script;

fn parse(c: &mut Criterion) {
    let src = script(10_000);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.sample_size(20);
    group.bench_function("10k rules", |b| {
        b.iter(|| {
            let (script, diags) = hus_lang::syntax::parse(std::hint::black_box(&src));
            assert!(diags.is_empty());
            script
        })
    });
    group.finish();
}

/// `hus check` of 100,000 rules (parse, lower, every lint, rendering of the warnings): a
/// quadratic lint or renderer shows here first.
fn check_100k(c: &mut Criterion) {
    let mut src = String::from("RIVER\n");
    for i in 0..100_000 {
        src.push_str(&format!(
            "RULE PRIORITY {} pot > {i}\n  THEN CALL\nENDRULE\nRULE\n  THEN FOLD\nENDRULE\n",
            i % 5
        ));
    }
    src.push_str("ENDRIVER\n");
    let file = hus_poker::diag::SourceFile::new("big.hus", src.as_str());
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.sample_size(10);
    group.bench_function("100k rules", |b| {
        b.iter(|| {
            let checked = hus_lang::check::check(&file, &Default::default());
            let shown: usize = checked
                .diagnostics
                .iter()
                .take(hus_poker::limits::MAX_SHOWN_DIAGNOSTICS)
                .map(|d| hus_poker::diag::render_short(&file, d).len())
                .sum();
            (checked.diagnostics.len(), shown)
        })
    });
    group.finish();
}

criterion_group!(benches, parse, check_100k);
criterion_main!(benches);
