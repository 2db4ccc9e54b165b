//! Generates the committed tables of the strength module: `src/strength/eval7_tables.rs` (the
//! evaluator's perfect-hash row displacements, from which `build.rs` computes its rank and flush
//! table) and `tables/preflop-equity.tsv` (exact preflop equity of the 169 classes against a
//! random hand) and `tables/flop-equity.bin` (exact flop equity of the 1,286,792 (hole, flop)
//! classes, `hus_poker::strength::flop_equity`) and `tables/preflop-matchups.bin` (the hero's wins
//! and ties over every board for the 93,769 preflop (holding, holding) classes,
//! `hus_poker::strength::preflop_matchups`).
//!
//! `cargo run --release -p hus-poker --features gen-tables --bin gen-tables -- [--check]
//! [eval|preflop|flop|matchups]` (`eval` and `preflop` when none is named). Paths are the
//! repository's, wherever it runs from. With `--check` nothing is written: the tables are
//! regenerated in memory and compared with the committed files (exit 1 when one differs).
//! `cargo test` checks `eval` (`tables_source_is_committed`, 1.5 s in release); `preflop`
//! takes about 72 s in release, `flop` about 4 minutes on two cores and `matchups` about 17
//! minutes on two busy cores: these are checked by hand (`cargo test` compares samples of them
//! with enumeration). The first `flop` is built with `--no-default-features` (the crate
//! embeds the file it writes).
//! It is a development tool: behind the `gen-tables` feature, so `cargo install` leaves it out.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// A committed file, by its path in the repository.
fn crate_file(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative)
}

fn main() -> ExitCode {
    let mut check = false;
    let mut what = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--check" => check = true,
            "eval" | "preflop" | "flop" | "matchups" if what.is_none() => what = Some(arg),
            _ => {
                eprintln!("usage: gen-tables [--check] [eval|preflop|flop|matchups]");
                return ExitCode::from(2);
            }
        }
    }
    let all = what.is_none();
    let mut outputs = Vec::new();
    if all || what.as_deref() == Some("eval") {
        outputs.push((
            "crates/hus-poker/src/strength/eval7_tables.rs",
            eval_tables().into_bytes(),
        ));
    }
    if all || what.as_deref() == Some("preflop") {
        outputs.push(("tables/preflop-equity.tsv", preflop().into_bytes()));
    }
    if what.as_deref() == Some("flop") {
        outputs.push(("tables/flop-equity.bin", flop()));
    }
    if what.as_deref() == Some("matchups") {
        outputs.push(("tables/preflop-matchups.bin", matchups()));
    }
    let mut differ = false;
    for (relative, text) in outputs {
        let path = crate_file(relative);
        if check {
            let committed = std::fs::read(&path).unwrap_or_default();
            if committed == text {
                eprintln!("{relative}: up to date");
            } else {
                eprintln!("{relative}: differs from what gen-tables computes; regenerate it");
                differ = true;
            }
        } else if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if differ {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The evaluator's tables as the source of `eval7_tables.rs`.
fn eval_tables() -> String {
    let start = Instant::now();
    let s = hus_poker::strength::eval7::tables_source();
    eprintln!("eval: {:?}", start.elapsed());
    s
}

/// The exact preflop equity table as the text of `tables/preflop-equity.tsv`.
fn preflop() -> String {
    use hus_poker::strength::preflop;
    let start = Instant::now();
    let combos = preflop::exact_combo_tallies();
    let classes = preflop::class_tallies(&combos)
        .unwrap_or_else(|e| panic!("combinations of one class disagree: {e}"));
    let text = preflop::format_table(&classes);
    preflop::parse_table(&text).expect("the generated table parses");
    eprintln!("preflop: 169 classes in {:?}", start.elapsed());
    text
}

/// The exact flop equity table: each hole class's stored flops enumerated, classes in parallel.
fn flop() -> Vec<u8> {
    use hus_poker::strength::{flop_equity, outlook};
    use rayon::prelude::*;
    let start = Instant::now();
    let per_class: Vec<Vec<u32>> = (0..169)
        .into_par_iter()
        .map(|class| {
            let layout = flop_equity::Layout::of(class);
            let stored = layout.stored();
            stored
                .iter()
                .map(|&flop| outlook::flop(layout.hole, flop).doubled_wins() as u32)
                .collect()
        })
        .collect();
    let bytes = flop_equity::write(&per_class);
    flop_equity::parse(&bytes).expect("the generated table parses");
    eprintln!(
        "flop: {} classes in {:?}",
        flop_equity::CLASSES,
        start.elapsed()
    );
    bytes
}

/// The exact table of preflop matchups: each distinct matchup enumerated, on all cores.
fn matchups() -> Vec<u8> {
    use hus_poker::strength::preflop_matchups;
    let start = Instant::now();
    let bytes = preflop_matchups::generate(&|done, all| {
        if done % 1000 == 0 || done == all {
            eprintln!("matchups: {done} of {all} counted in {:?}", start.elapsed());
        }
    });
    preflop_matchups::parse(&bytes).expect("the generated table parses");
    eprintln!(
        "matchups: {} classes in {:?}",
        preflop_matchups::CLASSES,
        start.elapsed()
    );
    bytes
}
