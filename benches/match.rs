//! Hands per second of a whole match: examples/tag.hus (rule-only) against builtin:caller,
//! on one thread and on two. Each iteration plays 32,768 hands (64 chunks of 512: with 8, as
//! before, each iteration's last chunk left one thread idle for a tenth of it, which a long
//! match does not see); criterion reports elements/s = hands/s.
//!
//! Beside them, `tag_vs_equity/2_thread`: the same against builtin:equity, whose exact
//! strength at every decision after the flop is most of the match's time.
//!
//! And the same match with builtin:caller played by a second process over loopback
//! (`hus acpc builtin:caller`, an `acpc:` bot: hus deals to it as to any ACPC program), 4,096
//! hands an iteration, starting the program included: its ratio to `tag_vs_caller/1_thread`
//! is what the protocol and the process boundary cost.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hus_lang::external::ExternalPolicy;
use hus_table::dealer::program::{AcpcProgram, TimeLimits};
use hus_table::dealer::{load_bot, play_match, Decider, MatchConfig};

const HANDS: u64 = 32_768;

fn bench_match(c: &mut Criterion) {
    let policy = ExternalPolicy::default();
    let tag = load_bot("examples/tag.hus", &policy, &[], &[])
        .unwrap_or_else(|e| panic!("examples/tag.hus: {e}"));
    let caller = load_bot("builtin:caller", &policy, &[], &[]).unwrap();
    let bots: [&dyn Decider; 2] = [&tag.bot, &caller.bot];
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
    bench_strength_match(c, &tag.bot);
    bench_acpc_program(c, &tag.bot);
}

/// Hands of one iteration against builtin:equity.
const EQUITY_HANDS: u64 = 4096;

/// The same match against builtin:equity, which reads the exact `equity` at every decision
/// after the flop (and `equityVs` facing a shove): its ratio to `tag_vs_caller/2_thread` is
/// what exact strength costs a match.
fn bench_strength_match(c: &mut Criterion, tag: &dyn Decider) {
    let policy = ExternalPolicy::default();
    let equity = load_bot("builtin:equity", &policy, &[], &[]).unwrap();
    let bots: [&dyn Decider; 2] = [tag, &equity.bot];
    let mut group = c.benchmark_group("match");
    group.throughput(Throughput::Elements(EQUITY_HANDS));
    group.sample_size(10);
    group.bench_function("tag_vs_equity/2_thread", |b| {
        let mut config = MatchConfig::new(EQUITY_HANDS, 1);
        config.threads = 2;
        b.iter(|| play_match(bots, &config, None).unwrap())
    });
    group.finish();
}

/// Hands of one iteration against the ACPC program.
const PROGRAM_HANDS: u64 = 4096;

fn bench_acpc_program(c: &mut Criterion, tag: &dyn Decider) {
    // The binary exists only with the `cli` feature.
    let Some(hus) = option_env!("CARGO_BIN_EXE_hus") else {
        eprintln!("match/tag_vs_acpc_caller skipped: built without the hus binary");
        return;
    };
    let command = format!("{hus} acpc builtin:caller {{host}} {{port}} --game {{game}}");
    let config = MatchConfig::new(PROGRAM_HANDS, 1);
    let mut group = c.benchmark_group("match");
    group.throughput(Throughput::Elements(PROGRAM_HANDS));
    group.sample_size(10);
    group.bench_function("tag_vs_acpc_caller/loopback", |b| {
        b.iter(|| {
            let program = AcpcProgram::start(&command, config.stakes, TimeLimits::default())
                .unwrap_or_else(|e| panic!("{command}: {e}"));
            let r = play_match([tag, &program], &config, None).unwrap();
            program.finish();
            r
        })
    });
    group.finish();
}

criterion_group!(benches, bench_match);
criterion_main!(benches);
