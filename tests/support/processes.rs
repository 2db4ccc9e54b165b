//! Running `hus` as a child of a test and watching the processes it starts: `hus` waited for
//! with a deadline (killed past it, so a hang fails the test), and process ids checked
//! through `/proc`.

use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use super::hus::command;

/// Waits for `child` up to `deadline`; past it, kills it and fails the test.
pub fn wait(mut child: Child, what: &str, deadline: Duration) -> Output {
    let end = Instant::now() + deadline;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} still ran after {} s: killed", deadline.as_secs());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// `hus args` started in `dir`, which is also its TMPDIR, with its output captured.
pub fn spawn_hus(dir: &Path, args: &[&str]) -> Child {
    command(dir)
        .args(args)
        .env("TMPDIR", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Whether process `pid` still runs (a zombie has ended).
pub fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let state = s.rsplit_once(')')?.1.split_whitespace().next()?.to_string();
            Some(state != "Z" && state != "X")
        })
        .unwrap_or(false)
}

/// Waits up to `deadline` until process `pid` (`what`) has ended (its killer may still be
/// reaping it), or fails.
pub fn assert_ended(what: &str, pid: u32, deadline: Duration) {
    let end = Instant::now() + deadline;
    while runs(pid) {
        assert!(Instant::now() < end, "{what} (process {pid}) outlived hus");
        std::thread::sleep(Duration::from_millis(10));
    }
}
