//! What the golden harnesses share: running the real binary, and comparing what it printed
//! with the expected files (or, with `HUS_UPDATE_GOLDEN=1`, writing them). Every case is a
//! trial of its own, named `TARGET::CASE`, so `cargo test TARGET::CASE` runs one case alone.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the binary gave: the three things every case records.
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: String,
}

/// Runs `hus ARGS` in `dir`, without colour.
pub fn run_hus(dir: &Path, args: &[String]) -> Outcome {
    let out = Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("the hus binary runs");
    Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: match out.status.code() {
            Some(code) => format!("{code}\n"),
            None => format!("killed: {}\n", out.status),
        },
    }
}

/// Whether this run writes the expected files instead of comparing with them.
pub fn updating() -> bool {
    std::env::var_os("HUS_UPDATE_GOLDEN").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Compares each `(expected file, what was printed)` pair, or writes them when updating. A
/// missing expected file is a failure: a new case that prints nothing must not pass unseen.
pub fn compare(case: &str, files: &[(PathBuf, &str)]) -> Result<(), libtest_mimic::Failed> {
    let mut failures = Vec::new();
    for (path, got) in files {
        if updating() {
            std::fs::write(path, got).map_err(|e| format!("{}: {e}", path.display()))?;
            continue;
        }
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        match std::fs::read_to_string(path) {
            Ok(want) if want == *got => {}
            Ok(want) => failures.push(format!(
                "{case}: {file} differs\n--- expected\n{want}--- got\n{got}---"
            )),
            Err(e) => failures.push(format!(
                "{case}: {} cannot be read ({e}); HUS_UPDATE_GOLDEN=1 writes it\n--- got\n{got}---",
                path.display()
            )),
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n").into())
    }
}
