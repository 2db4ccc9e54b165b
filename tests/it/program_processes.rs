//! The processes of the programs `hus` runs (reference §8, §13.6), with programs written in
//! Python (a shell would hide a blocked signal: dash clears its mask): an `external`
//! program's end never ends an ACPC program or its helpers; every program starts with no
//! signal blocked; what an ACPC program detaches ends when its seat leaves the table; and
//! SIGTERM to `hus` ends every program and helper it started, checked by process id.
//!
//! Every `hus` run is waited for with a deadline and killed after it: a hang fails the test.

use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

use crate::support::hus::command;
use crate::support::processes::{self, runs, spawn_hus};

/// A guard against hangs, far above what each step takes.
const DEADLINE: Duration = Duration::from_secs(600);

fn work_dir(name: &str) -> PathBuf {
    crate::support::work_dir("program-processes", name)
}

fn wait(child: Child, what: &str) -> std::process::Output {
    processes::wait(child, what, DEADLINE)
}

fn programs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs")
}

/// The `acpc:` bot: the Python caller in `mode` (empty, `helpers` or `hold`).
fn acpc_caller(dir: &Path, mode: &str) -> String {
    format!(
        "acpc:python3 {} {{host}} {{port}} {} {mode}",
        programs().join("acpc_caller.py").display(),
        dir.display(),
    )
}

/// Waits until process `pid` has ended, or fails.
fn assert_ended(name: &str, pid: u32) {
    processes::assert_ended(name, pid, DEADLINE);
}

/// The `NAME PID` lines the programs wrote to `dir/pids`.
fn pids(dir: &Path) -> Vec<(String, u32)> {
    std::fs::read_to_string(dir.join("pids"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (name, pid) = l.split_once(' ')?;
            Some((name.to_string(), pid.parse().ok()?))
        })
        .collect()
}

/// The signal mask a program wrote to `file` in `dir`.
fn sigblk(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .trim()
        .to_string()
}

/// A script whose every decision runs `program`, with its absolute paths, written to `dir`.
fn script(dir: &Path, name: &str, program: &str) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "ALWAYS\nRULE toCall > 0, external \"{program}\" > 0\n  THEN CALL\nENDRULE\n\
         RULE toCall == 0, external \"{program}\" > 0\n  THEN CHECK\nENDRULE\nENDALWAYS\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// An `external` script against a Python ACPC program whose daemon helper must run all
/// match long (it quits when it finds it gone): every decision's program ends, and hus
/// ends only what that program left, never the ACPC program or what it started. The
/// helpers end when the seat leaves the table.
#[test]
fn an_external_script_plays_ten_thousand_hands_against_an_acpc_program() {
    let dir = work_dir("ten-thousand");
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/programs/echo-caller.hus");
    let child = spawn_hus(
        &dir,
        &[
            "match",
            bot.to_str().unwrap(),
            &acpc_caller(&dir, "helpers"),
            "--allow-external",
            "--hands",
            "10000",
            "--seed",
            "5",
            "--json",
        ],
    );
    let out = wait(child, "hus match");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["hands"], 10_000);
    assert_eq!(sigblk(&dir, "acpc-sigblk"), "0000000000000000");
    let started = pids(&dir);
    assert_eq!(started.len(), 3, "{started:?}");
    for (name, pid) in started {
        assert_ended(&name, pid);
    }
}

/// A tournament of an `external` script, a Python ACPC program and a built-in, on worker
/// threads: the pairings that run the script's programs (and end what they leave) play
/// beside the ACPC program's pairings, and never end that program or its helpers (it quits
/// with exit 3 when its daemon is gone, and every pairing must finish). Each ACPC program's
/// helpers end when its seat leaves the table.
#[test]
fn one_pairings_external_programs_leave_another_pairings_acpc_program_alone() {
    let dir = work_dir("tournament");
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/programs/echo-caller.hus");
    let child = spawn_hus(
        &dir,
        &[
            "tournament",
            bot.to_str().unwrap(),
            &acpc_caller(&dir, "helpers"),
            "builtin:caller",
            "--allow-external",
            "--hands",
            "300",
            "--chunk",
            "50",
            "--threads",
            "3",
            "--seed",
            "5",
            "--json",
        ],
    );
    let out = wait(child, "hus tournament");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pairings: Vec<(u64, u64, u64)> = j["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let n = |k: &str| p[k].as_u64().unwrap();
            (n("a"), n("b"), n("hands"))
        })
        .collect();
    assert_eq!(pairings, [(0, 1, 300), (0, 2, 300), (1, 2, 300)]);
    let started = pids(&dir);
    let names = |n: &str| started.iter().filter(|(g, _)| g == n).count();
    let programs = names("acpc");
    assert!(programs >= 2, "{started:?}");
    assert_eq!(
        (names("acpc-setsid"), names("acpc-daemon"), started.len()),
        (programs, programs, 3 * programs),
        "{started:?}"
    );
    for (name, pid) in started {
        assert_ended(&name, pid);
    }
}

/// Both kinds of program start with no signal blocked, although `hus` blocks SIGINT,
/// SIGTERM and SIGHUP in all its threads but one.
#[test]
fn programs_start_with_no_signal_blocked() {
    let dir = work_dir("sigblk");
    let program = format!(
        "python3 {} {}",
        programs().join("sigblk.py").display(),
        dir.join("ext-sigblk").display()
    );
    let bot = script(&dir, "sigblk.hus", &program);
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/games/preflop-open.xml");
    let decide = command(crate::support::root())
        .args(["decide", "--allow-external"])
        .args([&bot, &game])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&decide.stderr);
    assert_eq!(decide.status.code(), Some(0), "{stderr}");
    assert_eq!(sigblk(&dir, "ext-sigblk"), "0000000000000000");
    std::fs::remove_file(dir.join("ext-sigblk")).unwrap();

    let child = spawn_hus(
        &dir,
        &[
            "match",
            bot.to_str().unwrap(),
            &acpc_caller(&dir, ""),
            "--allow-external",
            "--hands",
            "2",
        ],
    );
    let out = wait(child, "hus match");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(sigblk(&dir, "ext-sigblk"), "0000000000000000");
    assert_eq!(sigblk(&dir, "acpc-sigblk"), "0000000000000000");
}

/// Sends SIGTERM to `hus` once the programs wrote every one of `names`, then checks that it
/// ended by the signal and took every process named with it.
fn terminate_after(dir: &Path, child: Child, names: &[&str]) {
    let end = Instant::now() + DEADLINE;
    let mut child = child;
    let started = loop {
        let got = pids(dir);
        if names.iter().all(|n| got.iter().any(|(g, _)| g == n)) {
            break got;
        }
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            panic!("hus ended ({status}) before {names:?} started: {out:?}");
        }
        assert!(Instant::now() < end, "never started: {names:?}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(started.len(), names.len(), "{started:?}");
    for (name, pid) in &started {
        assert!(runs(*pid), "{name} ended before the signal");
    }
    // SAFETY: a plain system call on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let out = wait(child, "hus");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.signal(), Some(libc::SIGTERM), "{out:?}");
    for (name, pid) in started {
        assert_ended(&name, pid);
    }
}

/// SIGTERM while an external program runs, and while an ACPC program thinks: the program
/// and the helpers each started (one in a session of its own, one daemon) end with `hus`.
#[test]
fn sigterm_to_hus_ends_every_program_and_helper_it_started() {
    let dir = work_dir("sigterm-external");
    let program = format!(
        "python3 {} {}",
        programs().join("holding.py").display(),
        dir.display()
    );
    let bot = script(&dir, "holding.hus", &program);
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/games/preflop-open.xml");
    let child = spawn_hus(
        &dir,
        &[
            "decide",
            "--allow-external",
            "--external-timeout",
            "86400",
            bot.to_str().unwrap(),
            game.to_str().unwrap(),
        ],
    );
    terminate_after(
        &dir,
        child,
        &["external", "external-setsid", "external-daemon"],
    );

    let dir = work_dir("sigterm-acpc");
    let child = spawn_hus(
        &dir,
        &[
            "match",
            "builtin:caller",
            &acpc_caller(&dir, "hold"),
            "--action-time",
            "86400",
            "--hand-time",
            "86400",
            "--hands",
            "2",
        ],
    );
    terminate_after(&dir, child, &["acpc", "acpc-setsid", "acpc-daemon"]);
}
