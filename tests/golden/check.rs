//! Golden cases of `hus check`: every `tests/cases/check/NAME.hus` is checked by the real
//! binary, run from the repository root with the case's path relative (so file names in the
//! output are stable), and its exit code, stdout and stderr compared exactly with
//! `NAME.code`, `NAME.expected` and `NAME.stderr`.
//!
//! Arguments: `--format text`, unless `NAME.args` exists; then its words (whitespace
//! separated) replace it, e.g. `--format json` or `--define ante`.

use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};

use crate::support::golden;
use crate::support::hus::{hus, Outcome};
use crate::support::root;

const CASES: &str = "tests/cases/check";

/// Every `NAME.hus` case, sorted.
fn cases() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(CASES))
        .expect("the cases directory exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hus"))
        .collect();
    out.sort();
    out
}

/// Checks one case and compares all three outputs.
fn run_case(case: &Path) -> Result<(), Failed> {
    let stem = case.file_stem().unwrap().to_string_lossy().into_owned();
    let mut args: Vec<String> = match std::fs::read_to_string(case.with_extension("args")) {
        Ok(s) => s.split_whitespace().map(String::from).collect(),
        Err(_) => vec!["--format".into(), "text".into()],
    };
    args.insert(0, "check".into());
    args.push(format!("{CASES}/{stem}.hus"));
    let got = Outcome::of(hus(&args));
    golden::compare(
        &stem,
        &[
            (case.with_extension("expected"), &got.stdout),
            (case.with_extension("stderr"), &got.stderr),
            (case.with_extension("code"), &got.code),
        ],
    )
    .map_err(Failed::from)
}

/// One trial a case, named `check_golden::NAME`.
pub fn trials() -> Vec<Trial> {
    let trials: Vec<Trial> = cases()
        .into_iter()
        .map(|case| {
            let stem = case.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("check_golden::{stem}"), move || run_case(&case))
        })
        .collect();
    assert!(trials.len() >= 30, "only {} check cases", trials.len());
    trials
}
