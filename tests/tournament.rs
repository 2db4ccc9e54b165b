//! End-to-end tests of `hus tournament`: the real binary on built-in bots and scripts in
//! tests/cases/match/, its outputs compared with golden files in tests/cases/tournament/
//! (`HUS_UPDATE_GOLDEN=1` rewrites them).
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the hus binary runs")
}

fn golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/tournament")
        .join(name);
    if std::env::var_os("HUS_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(got, want, "{} differs", path.display());
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
