//! Golden tests of `hus check`, one test each: every `tests/cases/check/NAME.hus` is checked
//! by the real binary, run from the repository root with the case's path relative (so file
//! names in the output are stable), and its exit code, stdout and stderr compared exactly with
//! `NAME.code`, `NAME.expected` and `NAME.stderr`.
//!
//! Arguments: `--format text`, unless `NAME.args` exists; then its words (whitespace
//! separated) replace it, e.g. `--format json` or `--define ante`. `cargo test
//! check_golden::NAME` runs one case; `tests/cases/README.md` says how to add and update them.

#[path = "support/golden.rs"]
mod golden;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use libtest_mimic::{Arguments, Failed, Trial};

const CASES: &str = "tests/cases/check";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hus"))
        .current_dir(root())
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .expect("the hus binary runs")
}

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
    let got = golden::run_hus(root(), &args);
    golden::compare(
        &stem,
        &[
            (case.with_extension("expected"), &got.stdout),
            (case.with_extension("stderr"), &got.stderr),
            (case.with_extension("code"), &got.code),
        ],
    )
}

/// Runs a check written as a plain function with assertions, as a trial.
fn plain(name: &str, test: fn()) -> Trial {
    Trial::test(name, move || {
        test();
        Ok(())
    })
}

fn main() {
    let mut trials: Vec<Trial> = cases()
        .into_iter()
        .map(|case| {
            let stem = case.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("check_golden::{stem}"), move || run_case(&case))
        })
        .collect();
    assert!(trials.len() >= 30, "only {} check cases", trials.len());
    trials.extend([
        plain(
            "unreadable_file_is_an_io_error",
            unreadable_file_is_an_io_error,
        ),
        plain(
            "every_file_is_checked_and_the_worst_exit_code_wins",
            every_file_is_checked_and_the_worst_exit_code_wins,
        ),
        plain("usage_errors_exit_2", usage_errors_exit_2),
    ]);
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}

fn unreadable_file_is_an_io_error() {
    let out = hus(&["check", "tests/cases/check/no-such-file.hus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hus check: cannot read `tests/cases/check/no-such-file.hus`: No such file or directory\n"
    );
}

fn every_file_is_checked_and_the_worst_exit_code_wins() {
    let clean = format!("{CASES}/clean_thesis.hus");
    let bad = format!("{CASES}/three_errors.hus");
    let out = hus(&["check", "--format", "short", &bad, &clean]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    let out = hus(&["check", &clean, "tests/cases/check/missing.hus", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("clean_thesis.hus: 0 errors, 0 warnings"));
    assert!(stdout.contains("three_errors.hus: 3 errors, 0 warnings"));
}

fn usage_errors_exit_2() {
    assert_eq!(hus(&["check"]).status.code(), Some(2));
    let out = hus(&["check", "--format", "xml", "a.hus"]);
    assert_eq!(out.status.code(), Some(2));
}
