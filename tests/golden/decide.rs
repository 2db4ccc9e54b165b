//! Golden cases of `hus decide`: every directory in `tests/cases/decide/` that holds `args`
//! (the command line after `hus`, split on white space) is a case, run with that directory as
//! the working directory, its exit code, stdout and stderr compared exactly with `code`,
//! `stdout` and `stderr` beside it (and, when `args` holds the word `OUT`, the file the
//! command writes there with `out`).

use std::path::{Path, PathBuf};

use libtest_mimic::{Failed, Trial};

use crate::support::golden;
use crate::support::hus::{hus_in, Outcome};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/decide")
}

/// Every case directory, sorted by name.
fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/cases/decide")
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("args").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The word of `args` that stands for a file the command writes (`--svg OUT`): the runner
/// puts it in a directory of its own and compares what was written with `out` in the case.
const OUT: &str = "OUT";

/// Runs one case and compares all three outputs, and the file it writes when `args` names
/// [`OUT`].
fn run_case(dir: &Path) -> Result<(), Failed> {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let args =
        std::fs::read_to_string(dir.join("args")).map_err(|e| format!("{name}/args: {e}"))?;
    let scratch = std::env::temp_dir().join(format!("hus-golden-{}-{name}", std::process::id()));
    let written = scratch.join("out");
    let mut args: Vec<String> = args.split_whitespace().map(String::from).collect();
    let writes = args.iter().any(|a| a == OUT);
    if writes {
        std::fs::create_dir_all(&scratch).map_err(|e| format!("{name}: {e}"))?;
        for a in args.iter_mut().filter(|a| *a == OUT) {
            *a = written.to_string_lossy().into_owned();
        }
    }
    let got = Outcome::of(hus_in(dir, &args));
    let mut files = vec![
        (dir.join("stdout"), got.stdout.as_str()),
        (dir.join("stderr"), got.stderr.as_str()),
        (dir.join("code"), got.code.as_str()),
    ];
    let out = if writes {
        let text = std::fs::read_to_string(&written).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&scratch);
        text
    } else {
        String::new()
    };
    if writes {
        files.push((dir.join("out"), out.as_str()));
    }
    golden::compare(&name, &files).map_err(Failed::from)
}

/// One trial a case, named `decide_golden::NAME`.
pub fn trials() -> Vec<Trial> {
    let trials: Vec<Trial> = cases()
        .into_iter()
        .map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            Trial::test(format!("decide_golden::{name}"), move || run_case(&dir))
        })
        .collect();
    assert!(trials.len() >= 90, "only {} decide cases", trials.len());
    trials
}
