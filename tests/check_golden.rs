//! Golden tests of `hus check`: every `tests/cases/check/NAME.hus` is checked by the real
//! binary, run from the repository root with the case's path relative (so file names in the
//! output are stable), and its stdout compared exactly with `NAME.expected`.
//!
//! Arguments: `--format text`, unless `NAME.args` exists; then its words (whitespace
//! separated) replace it, e.g. `--format json` or `--define ante`. The exit code is recorded
//! beside it in `NAME.code` and compared exactly.
//!
//! To regenerate every expectation after an intended change, run
//! `UPDATE_GOLDEN=1 cargo test --test check_golden` and review the diff.
// The real binary exists only with the `cli` feature.
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

fn cases() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(CASES))
        .expect("the cases directory exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hus"))
        .collect();
    out.sort();
    out
}

#[test]
fn golden_cases() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() >= 30, "only {} cases", all.len());
    for case in &all {
        let stem = case.file_stem().unwrap().to_str().unwrap();
        let relative = format!("{CASES}/{stem}.hus");
        let args_file = case.with_extension("args");
        let mut args: Vec<String> = match std::fs::read_to_string(&args_file) {
            Ok(s) => s.split_whitespace().map(String::from).collect(),
            Err(_) => vec!["--format".into(), "text".into()],
        };
        args.insert(0, "check".into());
        args.push(relative.clone());
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = hus(&argv);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        let code_file = case.with_extension("code");
        let expected_file = case.with_extension("expected");
        if update {
            std::fs::write(&expected_file, &stdout).unwrap();
            let code = code.expect("hus exits with a code");
            std::fs::write(&code_file, format!("{code}\n")).unwrap();
            continue;
        }
        let want_code = std::fs::read_to_string(&code_file)
            .ok()
            .and_then(|s| s.trim().parse::<i32>().ok());
        if want_code.is_none() || code != want_code {
            failures.push(format!(
                "{relative}: exit {code:?}, expected {want_code:?} (from {})\nstderr: {stderr}",
                code_file.display()
            ));
        }
        let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
        if stdout != expected {
            failures.push(format!(
                "{relative}: output differs\n--- expected\n{expected}--- actual\n{stdout}---"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn unreadable_file_is_an_io_error() {
    let out = hus(&["check", "tests/cases/check/no-such-file.hus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hus check: cannot read `tests/cases/check/no-such-file.hus`: No such file or directory\n"
    );
}

#[test]
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

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hus(&["check"]).status.code(), Some(2));
    let out = hus(&["check", "--format", "xml", "a.hus"]);
    assert_eq!(out.status.code(), Some(2));
}
