//! Golden tests of `hus decide`: each directory in `tests/cases/decide/` holds `args` (the
//! command line after `hus`, split on white space), the files it names, and the expected
//! `stdout`, `stderr` and `code`. The binary runs with the case directory as its working
//! directory and without colour. `UPDATE_GOLDEN=1 cargo test --test decide_golden` rewrites
//! the expected files from what the binary prints.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/decide")
}

struct Outcome {
    stdout: String,
    stderr: String,
    code: String,
}

fn run_case(dir: &Path) -> Outcome {
    let args = std::fs::read_to_string(dir.join("args")).expect("args file");
    let out = Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args.split_whitespace())
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run hus");
    Outcome {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: format!("{}\n", out.status.code().unwrap_or(-1)),
    }
}

#[test]
fn decide_golden() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/cases/decide")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let got = run_case(dir);
        for (file, text) in [
            ("stdout", &got.stdout),
            ("stderr", &got.stderr),
            ("code", &got.code),
        ] {
            let path = dir.join(file);
            if update {
                std::fs::write(&path, text).unwrap();
                continue;
            }
            match std::fs::read_to_string(&path) {
                Ok(want) if &want == text => {}
                Ok(want) => failures.push(format!(
                    "{name}/{file} differs\n--- expected\n{want}\n--- got\n{text}"
                )),
                Err(_) => failures.push(format!(
                    "{name}/{file} missing (UPDATE_GOLDEN=1 writes it)\n--- got\n{text}"
                )),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n\n")
    );
}
