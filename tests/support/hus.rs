//! Running the real `hus` binary: every test starts it through [`command`], so every run is
//! without colour (`NO_COLOR`, whatever the caller's `CLICOLOR_FORCE`) and reads nothing
//! from the terminal.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::root;

/// The binary Cargo built for these tests.
pub const HUS: &str = env!("CARGO_BIN_EXE_hus");

/// `hus` ready to run in `dir`: no colour, nothing on standard input (a caller that spawns
/// may pipe it), standard output and error captured by [`Command::output`].
pub fn command(dir: &Path) -> Command {
    let mut c = Command::new(HUS);
    c.current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null());
    c
}

/// `hus ARGS` run in the repository root.
pub fn hus<S: AsRef<OsStr>>(args: &[S]) -> Output {
    hus_in(root(), args)
}

/// `hus ARGS` run in `dir`.
pub fn hus_in<S: AsRef<OsStr>>(dir: &Path, args: &[S]) -> Output {
    command(dir)
        .args(args)
        .output()
        .expect("the hus binary runs")
}

/// `hus ARGS` run in `dir` with `input` on standard input.
pub fn hus_with_input<S: AsRef<OsStr>>(dir: &Path, args: &[S], input: &str) -> Output {
    let mut child = command(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hus binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// What one run of the binary gave, as the golden cases record it.
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// The exit code and a line end (`0\n`), or how the process was killed.
    pub code: String,
}

impl Outcome {
    pub fn of(out: Output) -> Outcome {
        Outcome {
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            code: match out.status.code() {
                Some(code) => format!("{code}\n"),
                None => format!("killed: {}\n", out.status),
            },
        }
    }
}
