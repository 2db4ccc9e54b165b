//! `hus match` as the dealer of hostile ACPC programs (reference §13.1): one hung behind a
//! wrapper script, one whose dealer is ended by a signal (a program that stops reading is
//! tested beside the dealer's bounded writer, in `crates/hus-table/src/dealer/program.rs`). Each
//! must end the match with a clear error and leave no process and no game file behind.
//!
//! Every `hus` run is waited for with a deadline and killed after it: a hang fails the test.

use std::path::{Path, PathBuf};
use std::process::{Child, Output};
use std::time::{Duration, Instant};

use crate::support::processes::{self, spawn_hus};

/// A guard against hangs, far above what each test takes.
const DEADLINE: Duration = Duration::from_secs(120);

fn work_dir(name: &str) -> PathBuf {
    crate::support::work_dir("acpc-dealer", name)
}

fn wait(child: Child, what: &str) -> Output {
    processes::wait(child, what, DEADLINE)
}

/// A bash program connecting to `$1:$2` and sending the version, then running `body`; its
/// own process id is written to `pid` and its arguments to `args` in `dir` first.
fn program(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "echo \"$3\" > {dir}/game-path\necho $$ > {pid}.tmp && mv {pid}.tmp {pid}\n\
         exec 3<>/dev/tcp/$1/$2\nprintf 'VERSION:2.0.0\\r\\n' >&3\n{body}\n",
        pid = dir.join("pid").display(),
        dir = dir.display(),
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// Waits until process `pid` has ended (its killer may still be reaping it), or fails.
fn assert_ended(pid: u32) {
    processes::assert_ended("a program", pid, Duration::from_secs(10));
}

fn read_pid(dir: &Path) -> u32 {
    std::fs::read_to_string(dir.join("pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// `hus` left no `hus-*.game` file in `dir` (its TMPDIR).
fn assert_no_game_file(dir: &Path) {
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("hus-") && n.ends_with(".game"))
        .collect();
    assert!(left.is_empty(), "game files left: {left:?}");
}

#[test]
fn a_hung_program_behind_a_wrapper_script_is_ended_with_the_match() {
    let dir = work_dir("wrapper");
    // The program reads and never answers; the wrapper runs it as a child (no `exec`).
    let prog = program(&dir, "hung.sh", "while read -r line <&3; do :; done");
    let wrapper = dir.join("wrapper.sh");
    std::fs::write(&wrapper, format!("bash {} \"$@\"\n", prog.display())).unwrap();
    let bot = format!("acpc:bash {} {{host}} {{port}} {{game}}", wrapper.display());
    let child = spawn_hus(
        &dir,
        &[
            "match",
            "builtin:caller",
            &bot,
            "--hands",
            "10",
            "--action-time",
            "0.3",
            "--hand-time",
            "0.2",
        ],
    );
    let out = wait(child, "hus match");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(7), "{stderr}");
    assert!(stderr.contains("it hangs"), "{stderr}");
    assert_ended(read_pid(&dir));
    assert_no_game_file(&dir);
}

#[test]
fn a_signal_to_hus_ends_its_programs_and_removes_the_game_file() {
    for (signal, name) in [(libc::SIGTERM, "sigterm"), (libc::SIGINT, "sigint")] {
        let dir = work_dir(name);
        let prog = program(&dir, "slow.sh", "while read -r line <&3; do :; done");
        let wrapper = dir.join("wrapper.sh");
        std::fs::write(&wrapper, format!("bash {} \"$@\"\n", prog.display())).unwrap();
        let bot = format!("acpc:bash {} {{host}} {{port}} {{game}}", wrapper.display());
        let child = spawn_hus(
            &dir,
            &[
                "match",
                "builtin:caller",
                &bot,
                "--hands",
                "10",
                "--action-time",
                "100",
            ],
        );
        let end = Instant::now() + DEADLINE;
        while !dir.join("pid").exists() {
            assert!(Instant::now() < end, "the program never started");
            std::thread::sleep(Duration::from_millis(10));
        }
        let game = std::fs::read_to_string(dir.join("game-path")).unwrap();
        assert!(Path::new(game.trim()).exists(), "{game}");
        // SAFETY: a plain system call on our own child.
        unsafe {
            libc::kill(child.id() as libc::pid_t, signal);
        }
        let out = wait(child, "hus match");
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(signal), "{name}");
        assert_ended(read_pid(&dir));
        assert!(!Path::new(game.trim()).exists(), "{name}: {game} left");
        assert_no_game_file(&dir);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_game_file_is_never_written_through_a_planted_link() {
    let dir = work_dir("planted");
    // Every name of the old scheme for the next process ids, planted as links to a file of
    // the user's: none may be written through.
    std::fs::write(dir.join("mine"), "keep").unwrap();
    let prog = program(&dir, "ok.sh", "while read -r line <&3; do :; done");
    let bot = format!("acpc:bash {} {{host}} {{port}} {{game}}", prog.display());
    let child = spawn_hus(
        &dir,
        &[
            "match",
            "builtin:caller",
            &bot,
            "--hands",
            "1",
            "--action-time",
            "100",
        ],
    );
    let end = Instant::now() + DEADLINE;
    while !dir.join("pid").exists() {
        assert!(Instant::now() < end, "the program never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let game = PathBuf::from(
        std::fs::read_to_string(dir.join("game-path"))
            .unwrap()
            .trim(),
    );
    let meta = std::fs::symlink_metadata(&game).unwrap();
    use std::os::unix::fs::PermissionsExt;
    assert!(meta.file_type().is_file());
    assert_eq!(
        meta.permissions().mode() & 0o777,
        0o600,
        "only the user reads it"
    );
    let name = game.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        !name.ends_with("-0.game"),
        "the name must not be guessable: {name}"
    );
    // SAFETY: a plain system call on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let _ = wait(child, "hus match");
    assert_eq!(std::fs::read_to_string(dir.join("mine")).unwrap(), "keep");
}

/// A program that answers `c` to every state after `before`, with the loop's body `each`.
fn answering(dir: &Path, name: &str, before: &str, each: &str) -> String {
    let body =
        format!("{before}\nwhile IFS= read -r line <&3; do\nline=${{line%$'\\r'}}\n{each}\ndone");
    let prog = program(dir, name, &body);
    format!("acpc:bash {} {{host}} {{port}} {{game}}", prog.display())
}

#[test]
fn programs_that_flood_answer_twice_or_late_or_fork_finish_the_match() {
    let answer = r#"printf '%s:c\r\n' "$line" >&3"#;
    let cases = [
        (
            "flood",
            "for i in $(seq 2000); do printf 'noise %s\\r\\n' $i >&3; done",
            answer.to_string(),
        ),
        ("twice", "", format!("{answer}\n{answer}")),
        ("late", "", format!("sleep 0.2\n{answer}")),
        (
            "fork",
            "sleep 1000 & echo $! > fork-pid",
            answer.to_string(),
        ),
    ];
    for (name, before, each) in cases {
        let dir = work_dir(&format!("fuzz-{name}"));
        let bot = answering(&dir, &format!("{name}.sh"), before, &each);
        let child = spawn_hus(
            &dir,
            &[
                "match",
                "builtin:caller",
                &bot,
                "--hands",
                "5",
                "--seed",
                "3",
                "--json",
                "--action-time",
                "0.1",
            ],
        );
        let out = wait(child, name);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{name}: {stderr}");
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(j["hands"], 5, "{name}");
        let acpc = &j["bots"]["B"]["acpc"];
        match name {
            "flood" => assert!(acpc["ignored"].as_u64().unwrap() >= 2000, "{acpc}"),
            "twice" => assert!(acpc["ignored"].as_u64().unwrap() > 0, "{acpc}"),
            "late" => assert!(acpc["late"].as_u64().unwrap() > 0, "{acpc}"),
            _ => {
                let pid = std::fs::read_to_string(dir.join("fork-pid")).unwrap();
                assert_ended(pid.trim().parse().unwrap());
            }
        }
        assert_ended(read_pid(&dir));
        assert_no_game_file(&dir);
    }
}
