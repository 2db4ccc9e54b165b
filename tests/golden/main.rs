//! The golden cases of the real binary, one trial each, named by file: `decide_golden::NAME`
//! (a directory of `tests/cases/decide/`) and `check_golden::NAME` (a script of
//! `tests/cases/check/`), so `cargo test decide_golden::NAME` runs one alone.
//! `tests/cases/README.md` says how to add and update them.

#[path = "../support/mod.rs"]
mod support;

mod check;
mod decide;

use libtest_mimic::Arguments;

fn main() {
    let mut trials = decide::trials();
    trials.extend(check::trials());
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}
