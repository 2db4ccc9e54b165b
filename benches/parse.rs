//! Parse speed: a generated script of 10,000 rules (every construct, ~500 KB).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn script(rules: usize) -> String {
    let mut s = String::from("PREFLOP\n");
    for i in 0..rules {
        match i % 4 {
            0 => s.push_str(&format!(
                "RULE PRIORITY {} heroStack >= 3 villainStack, JT+\n  heroStack >= 3 villainStack, 77+, !pair\n  THEN RAISE 0.5 3BB, 0.5 6BB\n  VILLAIN villainRaise <= 4BB\n    THEN RAISE 2BB\n  ENDVILLAIN\n  VILLAIN villainRaise >= 4BB, villainRaise <=6BB\n    THEN CALL\n  ENDVILLAIN\nENDRULE\n",
                i % 7
            )),
            1 => s.push_str("RULE toCall < 99, 22, A2s-A5s // a comment\n  THEN USE TABLE tables/rfi.tsv\nENDRULE\n"),
            2 => s.push_str("RULE external \"bin/odds heroCards\" > 0.6, potOdds < 0.3\n  THEN external \"bin/decider wholeGame\"\nENDRULE\n"),
            _ => s.push_str("RULE\n  THEN FOLD\nENDRULE\n"),
        }
    }
    s.push_str("ENDPREFLOP\n");
    s
}

fn parse(c: &mut Criterion) {
    let src = script(10_000);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.sample_size(20);
    group.bench_function("10k rules", |b| {
        b.iter(|| {
            let (script, diags) = hus::syntax::parse(std::hint::black_box(&src));
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
    let file = hus::diag::SourceFile::new("big.hus", src.as_str());
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.sample_size(10);
    group.bench_function("100k rules", |b| {
        b.iter(|| {
            let checked = hus::check::check(&file, &Default::default());
            let shown: usize = checked
                .diagnostics
                .iter()
                .take(hus::limits::MAX_SHOWN_DIAGNOSTICS)
                .map(|d| hus::diag::render_short(&file, d).len())
                .sum();
            (checked.diagnostics.len(), shown)
        })
    });
    group.finish();
}

criterion_group!(benches, parse, check_100k);
criterion_main!(benches);
