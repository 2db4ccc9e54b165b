//! Whole-process start-up: `hus decide` beside processes that do nothing, as ratios measured
//! in one run. The commands are run in interleaved rounds (one of each per round), so a
//! machine that gets busier or quieter during the run shifts all of them alike; the table
//! gives each one's median and 10th percentile and its ratio to the no-op processes.
//!
//! The no-ops are built here: a C `main` returning 0, linked statically (`cc -static`), and a
//! Rust `fn main() {}` built by the same `rustc` as hus, dynamically linked as hus is and
//! statically linked as the static build is.
//! `HUS_STATIC_BIN=path` adds a statically linked hus build (docs/performance.md) to the table.
//!
//! Run with `cargo bench --bench process` (`-- ROUNDS` to change the 400 rounds).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One command to time, by name.
struct Case {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    times: Vec<Duration>,
}

impl Case {
    fn new(name: &str, program: impl Into<PathBuf>, args: &[&str]) -> Case {
        Case {
            name: name.to_string(),
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            times: Vec::new(),
        }
    }

    /// Runs the command once, its output discarded; panics unless it succeeds.
    fn run(&self) -> Duration {
        let start = Instant::now();
        let status = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap_or_else(|e| panic!("{}: {e}", self.program.display()));
        let took = start.elapsed();
        assert!(status.success(), "{} failed: {status}", self.name);
        took
    }

    fn quantile(&self, q: f64) -> Duration {
        let mut t = self.times.clone();
        t.sort();
        t[((t.len() - 1) as f64 * q).round() as usize]
    }
}

/// Compiles `source` with `compiler args` into `out`; `None` (with a note) when that fails.
fn build(compiler: &str, args: &[&str], source: &Path, out: &Path) -> Option<PathBuf> {
    let ok = Command::new(compiler)
        .args(args)
        .arg("-o")
        .arg(out)
        .arg(source)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("note: `{compiler}` could not build {}", out.display());
    }
    ok.then(|| out.to_path_buf())
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(400);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/tmp/process-bench");
    std::fs::create_dir_all(&dir).unwrap();

    let mut cases = Vec::new();
    let c_source = dir.join("noop.c");
    std::fs::write(&c_source, "int main(void) { return 0; }\n").unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    if let Some(bin) = build(
        &cc,
        &["-O2", "-static"],
        &c_source,
        &dir.join("noop-c-static"),
    ) {
        cases.push(Case::new("no-op, C, static", bin, &[]));
    }
    let rust_source = dir.join("noop.rs");
    std::fs::write(&rust_source, "fn main() {}\n").unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rust_noop = build(
        &rustc,
        &["-C", "opt-level=3", "--edition", "2021"],
        &rust_source,
        &dir.join("noop-rust"),
    )
    .expect("rustc builds a no-op");
    cases.push(Case::new("no-op, Rust", rust_noop, &[]));
    // The baseline of a static hus build: the same no-op linked as that build is.
    if let Some(bin) = build(
        &rustc,
        &[
            "-C",
            "opt-level=3",
            "-C",
            "target-feature=+crt-static",
            "--edition",
            "2021",
        ],
        &rust_source,
        &dir.join("noop-rust-static"),
    ) {
        cases.push(Case::new("no-op, Rust, static", bin, &[]));
    }

    let hus = env!("CARGO_BIN_EXE_hus");
    let tag = root.join("examples/tag.hus");
    let flop = root.join("examples/games/flop-cbet.xml");
    let (tag, flop) = (tag.to_str().unwrap(), flop.to_str().unwrap());
    cases.push(Case::new(
        "hus decide tag.hus flop-cbet.xml",
        hus,
        &["decide", tag, flop],
    ));
    if let Ok(static_hus) = std::env::var("HUS_STATIC_BIN") {
        cases.push(Case::new(
            "the same, static build",
            static_hus,
            &["decide", tag, flop],
        ));
    }

    for case in &cases {
        for _ in 0..20 {
            case.run(); // warm the page cache
        }
    }
    for _ in 0..rounds {
        for case in &mut cases {
            let t = case.run();
            case.times.push(t);
        }
    }

    let base: Vec<(String, Duration)> = cases
        .iter()
        .filter(|c| c.name.starts_with("no-op"))
        .map(|c| (c.name.clone(), c.quantile(0.5)))
        .collect();
    println!("{rounds} interleaved rounds; ratios are of medians");
    print!("{:<36} {:>9} {:>9}", "command", "median", "p10");
    for (name, _) in &base {
        print!("  {:>21}", format!("÷ {name}"));
    }
    println!();
    for case in &cases {
        let median = case.quantile(0.5);
        print!(
            "{:<36} {:>6.3} ms {:>6.3} ms",
            case.name,
            median.as_secs_f64() * 1e3,
            case.quantile(0.1).as_secs_f64() * 1e3
        );
        for (_, b) in &base {
            print!("  {:>21.2}", median.as_secs_f64() / b.as_secs_f64());
        }
        println!();
    }
}
