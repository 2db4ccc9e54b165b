//! The golden files: what a test computes is compared with a committed file, or, when
//! `HUS_UPDATE_GOLDEN` is exactly `1`, written to it (any other value compares). Every test
//! that keeps its expectation in a file goes through here; `tests/cases/README.md` says how
//! to update them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Whether this run writes the expected files instead of comparing with them.
pub fn updating() -> bool {
    std::env::var_os("HUS_UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

/// Compares `got` with the file at `path`, or writes it when updating. A missing file is a
/// failure: a new case that prints nothing must not pass unseen.
pub fn check_file(path: &Path, got: &str) -> Result<(), String> {
    if updating() {
        return std::fs::write(path, got).map_err(|e| format!("{}: {e}", path.display()));
    }
    match std::fs::read_to_string(path) {
        Ok(want) if want == got => Ok(()),
        Ok(want) => Err(format!(
            "{} differs (HUS_UPDATE_GOLDEN=1 rewrites it)\n{}",
            path.display(),
            difference(&want, got)
        )),
        Err(e) => Err(format!(
            "{} cannot be read ({e}); HUS_UPDATE_GOLDEN=1 writes it\n--- got\n{got}---",
            path.display()
        )),
    }
}

/// [`check_file`] for a test that asserts: panics with the difference.
pub fn assert_file(path: &Path, got: &str) {
    if let Err(e) = check_file(path, got) {
        panic!("{e}");
    }
}

/// Compares each `(expected file, what was computed)` pair of one case, or writes them when
/// updating; every difference is reported, not only the first.
pub fn compare(case: &str, files: &[(PathBuf, &str)]) -> Result<(), String> {
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(path, got)| check_file(path, got).err())
        .map(|e| format!("{case}: {e}"))
        .collect();
    match failures.is_empty() {
        true => Ok(()),
        false => Err(failures.join("\n\n")),
    }
}

/// The text of a file that is partly generated (a marked section, a line of a grammar):
/// when updating, `regenerate` first rewrites it from what the test computes. The test then
/// compares the generated part of what is returned with what it computes.
pub fn committed(path: &Path, regenerate: impl FnOnce(&str) -> String) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    if !updating() {
        return text;
    }
    let new = regenerate(&text);
    std::fs::write(path, &new).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    new
}

/// Both texts whole when they are short; otherwise the lines around the first difference.
fn difference(want: &str, got: &str) -> String {
    const WHOLE: usize = 60;
    if want.lines().count() <= WHOLE && got.lines().count() <= WHOLE {
        return format!("--- expected\n{want}--- got\n{got}---");
    }
    let first = want
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(want.lines().count().min(got.lines().count()));
    let window = |text: &str| -> String {
        let lines: Vec<&str> = text.lines().skip(first.saturating_sub(3)).take(7).collect();
        lines.join("\n")
    };
    format!(
        "first difference at line {}\n--- expected\n{}\n--- got\n{}\n---",
        first + 1,
        window(want),
        window(got)
    )
}
