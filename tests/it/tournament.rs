//! End-to-end tests of `hus tournament`: the real binary on built-in bots and scripts in
//! tests/cases/match/, its outputs compared with golden files in tests/cases/tournament/
//! (`HUS_UPDATE_GOLDEN=1` rewrites them).

use crate::support::hus::{command, hus};
use std::path::{Path, PathBuf};
use std::process::Output;

fn golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/tournament")
        .join(name);
    crate::support::golden::assert_file(&path, got);
}

fn temp(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

const FIELD: [&str; 4] = [
    "builtin:caller",
    "builtin:raiser",
    "builtin:random",
    "tests/cases/match/folder.hus",
];

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed ({:?}): {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn a_round_robin_prints_its_ranking_crosstable_csv_and_heat_map() {
    let (csv, svg) = (temp("rr.csv"), temp("rr.svg"));
    let mut args = vec!["tournament"];
    args.extend(FIELD);
    let (c, s) = (csv.to_str().unwrap(), svg.to_str().unwrap());
    args.extend(["--hands", "2000", "--seed", "5", "--chunk", "500"]);
    args.extend(["--csv", c, "--svg", s, "--threads", "2"]);
    golden("round_robin.txt", &ok(&hus(&args)));
    golden("round_robin.csv", &std::fs::read_to_string(&csv).unwrap());
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    assert_eq!(
        svg.matches("<rect x=").count(),
        16,
        "a cell per pair of bots"
    );
    args.truncate(args.len() - 6);
    args.push("--json");
    golden("round_robin.json", &ok(&hus(&args)));
}

#[test]
fn a_pairing_equals_hus_match_duplicate_with_its_seed() {
    let mut args = vec!["tournament"];
    args.extend(&FIELD[..3]);
    args.extend(["--hands", "2000", "--seed", "9", "--chunk", "300", "--json"]);
    let t: serde_json::Value = serde_json::from_str(&ok(&hus(&args))).unwrap();
    for p in t["pairings"].as_array().unwrap() {
        let (a, b) = (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap());
        let seed = p["seed"].to_string();
        let m = ok(&hus(&[
            "match",
            FIELD[a as usize],
            FIELD[b as usize],
            "--hands",
            "2000",
            "--duplicate",
            "--seed",
            &seed,
            "--json",
        ]));
        let m: serde_json::Value = serde_json::from_str(&m).unwrap();
        assert_eq!(p["net_a"], m["net_chips"], "{a} against {b}");
        assert_eq!(p["mbb_per_hand"], m["mbb_per_hand"]);
    }
}

#[test]
fn a_gauntlet_plays_its_challengers_against_the_field() {
    let mut args = vec!["tournament", "--gauntlet", "builtin:raiser"];
    args.extend(["builtin:caller", "tests/cases/match/folder.hus"]);
    args.extend(["--hands", "1000", "--seed", "3", "--no-duplicate"]);
    golden("gauntlet.txt", &ok(&hus(&args)));
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    for (args, message) in [
        (
            vec!["builtin:caller", "--hands", "10"],
            "hus tournament: a tournament needs at least two bots (got 1)\n",
        ),
        (
            vec!["builtin:caller", "builtin:raiser", "--hands", "11"],
            "hus tournament: a duplicate tournament plays each deal twice: the hands of a pairing (11) and of a chunk (10000) must be even\n",
        ),
        (
            vec!["builtin:caller", "builtin:raiser", "--chunk", "0"],
            "hus tournament: a chunk holds at least one hand\n",
        ),
        (
            // The documented most hands: refused before any chunk is listed, not an abort.
            vec!["builtin:caller", "builtin:raiser", "--hands", "1000000000000"],
            "hus tournament: 1000000000000 hands in chunks of 10000 make 100000000 chunks, more than the 1000000 a run has: make chunks of at least 1000000 hands\n",
        ),
        (
            vec!["builtin:caller", "builtin:nope"],
            "hus tournament: unknown built-in bot `builtin:nope`; the built-ins are builtin:random, builtin:caller, builtin:raiser, builtin:equity, builtin:bluffer, builtin:exploit\n",
        ),
    ] {
        let mut all = vec!["tournament"];
        all.extend(args);
        let out = hus(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert!(out.stdout.is_empty());
    }
}

/// Ctrl-C (SIGINT) to `hus tournament`: no new chunk starts, the one being played (an ACPC
/// pairing here: it stops between hands) ends, the tournament says it was interrupted and
/// `hus` ends by SIGINT as `hus match` does. The signal is sent once the ACPC program has
/// started (it writes its process id first), so the tournament is running: no timing.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_tournament_which_says_so_and_ends_by_sigint() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = temp("interrupted");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pid_file = dir.join("pid");
    let wrapper = dir.join("seat.sh");
    std::fs::write(
        &wrapper,
        format!(
            "echo $$ > {pid}.tmp && mv {pid}.tmp {pid}\nexec {hus} acpc builtin:caller \"$1\" \"$2\" --game \"$3\"\n",
            pid = pid_file.display(),
            hus = env!("CARGO_BIN_EXE_hus"),
        ),
    )
    .unwrap();
    let program = format!("acpc:sh {} {{host}} {{port}} {{game}}", wrapper.display());
    let mut child = command(crate::support::root())
        .args(["tournament", "builtin:raiser", &program])
        .args(["--hands", "100000000", "--seed", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(120);
    while !pid_file.exists() {
        assert!(Instant::now() < end, "the ACPC program never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    // SAFETY: a plain system call on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > end {
            let _ = child.kill();
            panic!("hus tournament still ran 120 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.signal(), Some(libc::SIGINT), "{stderr}");
    // The program's own stderr is hus's too (`hus acpc` may say the dealer left).
    let ours: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("hus tournament:"))
        .collect();
    assert_eq!(
        ours,
        ["hus tournament: the tournament was interrupted after 0 of its 1 chunks (no result: it needs every chunk)"],
        "{stderr}"
    );
    assert_eq!(out.stdout, b"");
}
