//! `hus check` beyond its golden cases (`tests/golden/check.rs`): files it cannot read, several
//! files at once, usage errors.

use crate::support::hus::hus;

const CASES: &str = "tests/cases/check";

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
