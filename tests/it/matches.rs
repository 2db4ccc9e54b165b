//! End-to-end tests of `hus match`: the real binary on built-in bots and scripts in
//! tests/cases/match/.

use crate::support::hus::hus;
use std::path::{Path, PathBuf};

/// Runs a match with `--json` and returns the object, failing with stderr on a non-zero exit.
fn match_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = hus(&all);
    assert!(
        out.status.success(),
        "hus {all:?} failed ({:?}):\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn always_raise_beats_always_fold_by_exactly_three_quarters_of_a_big_blind() {
    // The folder folds every hand: the small blind as button, the big blind otherwise.
    let j = match_json(&[
        "tests/cases/match/folder.hus",
        "builtin:raiser",
        "--hands",
        "1000",
        "--seed",
        "3",
    ]);
    assert_eq!(j["hands"], 1000);
    assert_eq!(j["mbb_per_hand"], -750.0);
    assert_eq!(j["net_chips"], -75_000);
    assert_eq!(j["bots"]["A"]["actions"]["preflop"]["fold"], 1000);
    assert_eq!(j["bots"]["A"]["decisions"], 1000);
    assert_eq!(
        j["bots"]["B"]["decisions"], 500,
        "the raiser acts only as button"
    );
    assert_eq!(j["bots"]["A"]["actions_made_legal"], 0);
    assert_eq!(j["bots"]["A"]["no_rule_matched"], 0);
    let ci = j["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() < -750.0 && ci[1].as_f64().unwrap() > -750.0);
}

#[test]
fn a_bot_against_itself_in_duplicate_mode_is_at_zero() {
    let j = match_json(&[
        "builtin:random",
        "builtin:random",
        "--hands",
        "4000",
        "--duplicate",
        "--seed",
        "9",
    ]);
    let m = j["mbb_per_hand"].as_f64().unwrap();
    let ci = j["ci95"].as_array().unwrap();
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(lo <= 0.0 && 0.0 <= hi, "{m} [{lo}, {hi}]");
    assert!(lo <= m && m <= hi);
}

#[test]
fn random_bots_conserve_chips_over_100000_hands() {
    // The dealer checks every hand (nets sum to 0, nobody loses more than they put in, the
    // records' amounts match the table's) and exits 4 otherwise; the game model validates
    // every decision's state.
    let j = match_json(&[
        "builtin:random",
        "builtin:random",
        "--hands",
        "100000",
        "--seed",
        "2024",
        "--threads",
        "2",
    ]);
    assert_eq!(j["hands"], 100_000);
    let (a, b) = (&j["bots"]["A"], &j["bots"]["B"]);
    assert_eq!(a["showdowns"], b["showdowns"]);
    assert_eq!(a["showdowns_split"], b["showdowns_split"]);
    assert_eq!(
        a["showdowns_won"].as_u64().unwrap()
            + b["showdowns_won"].as_u64().unwrap()
            + a["showdowns_split"].as_u64().unwrap(),
        a["showdowns"].as_u64().unwrap()
    );
    // Every street was played, with raises on the river.
    assert!(a["actions"]["river"]["raise"].as_u64().unwrap() > 0);
    assert_eq!(a["no_rule_matched"], 0, "builtin:random covers every case");
}

#[test]
fn the_same_seed_gives_the_same_match_on_one_and_two_threads() {
    let run = |threads: &str| {
        let mut j = match_json(&[
            "builtin:random",
            "builtin:raiser",
            "--hands",
            "3000",
            "--seed",
            "77",
            "--threads",
            threads,
        ]);
        j.as_object_mut().unwrap().remove("timing");
        j
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn no_rule_matched_is_counted_and_the_bot_checks_or_folds() {
    let j = match_json(&[
        "tests/cases/match/silent.hus",
        "builtin:caller",
        "--hands",
        "100",
        "--seed",
        "1",
    ]);
    let a = &j["bots"]["A"];
    assert_eq!(a["no_rule_matched"], a["decisions"]);
    // As button it owes the small blind and folds; as big blind the caller limps, it checks.
    assert_eq!(a["actions"]["preflop"]["fold"], 50);
    assert_eq!(a["actions"]["preflop"]["check"], 50);
}

#[test]
fn decisions_from_histories_replay_with_hus_decide() {
    let dir = temp_dir("histories");
    let d = dir.to_str().unwrap();
    let j = match_json(&[
        "builtin:random",
        "builtin:caller",
        "--hands",
        "40",
        "--seed",
        "5",
        "--histories",
        d,
    ]);
    assert_eq!(j["hands"], 40);
    let index = std::fs::read_to_string(dir.join("index.tsv")).unwrap();
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    assert!(rows.len() > 80);
    // Files sort in hand and decision order.
    let files: Vec<&str> = rows.iter().map(|r| r[col("file")]).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert_eq!(files[0], "hand-000001-01.xml");
    // Replay every decision of builtin:random (which draws `random`) with its seed.
    let mut replayed = 0;
    for r in rows.iter().filter(|r| r[col("bot")] == "A").take(30) {
        let out = hus(&[
            "decide",
            r[col("script")],
            dir.join(r[col("file")]).to_str().unwrap(),
            "--seed",
            r[col("seed")],
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            r[col("action")],
            "replaying {}",
            r[col("file")]
        );
        replayed += 1;
    }
    assert_eq!(replayed, 30);
}

#[test]
fn plot_writes_an_svg() {
    let dir = temp_dir("plot");
    let svg = dir.join("m.svg");
    match_json(&[
        "builtin:raiser",
        "builtin:caller",
        "--hands",
        "2000",
        "--seed",
        "1",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("<polygon") && text.contains("<polyline"));
}

#[test]
fn bad_arguments_are_usage_errors() {
    let out = hus(&["match", "builtin:nope", "builtin:caller", "--hands", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("builtin:caller"));
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:caller",
        "--blinds",
        "2/1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // The order of the blinds is the stakes rule Python's hus.match gives, in its words.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hus match: the blinds must be whole chips with 1 <= small blind <= big blind <= stack (got 2/1, stack 100)\n"
    );
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:caller",
        "--hands",
        "3",
        "--duplicate",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_stack_is_given_in_big_blinds_or_in_chips() {
    let base = [
        "builtin:equity",
        "builtin:random",
        "--hands",
        "300",
        "--seed",
        "5",
    ];
    let in_bb = match_json(&[&base[..], &["--blinds", "5/10", "--stack", "40"]].concat());
    let in_chips = match_json(&[&base[..], &["--blinds", "5/10", "--stack-chips", "400"]].concat());
    assert_eq!(in_bb["net_chips"], in_chips["net_chips"]);
    assert_eq!(in_bb["bots"], in_chips["bots"]);
    let both = hus(&[
        &["match"],
        &base[..],
        &["--stack", "40", "--stack-chips", "400"],
    ]
    .concat());
    assert_eq!(both.status.code(), Some(2));
    let past = hus(&[&["match"], &base[..], &["--stack-chips", "3000000000"]].concat());
    assert_eq!(past.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&past.stderr)
        .contains("--stack-chips 3000000000: stacks are at most 2147483647 chips"));
}

#[test]
fn text_report_names_the_bots_and_the_interval() {
    let out = hus(&[
        "match",
        "builtin:raiser",
        "tests/cases/match/folder.hus",
        "--hands",
        "40",
        "--seed",
        "1",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("A: builtin:raiser"), "{text}");
    assert!(text.contains("B: tests/cases/match/folder.hus"), "{text}");
    assert!(
        text.contains("A's result: +750.0 mbb/hand, 95% CI ["),
        "{text}"
    );
    assert!(text.contains("A wins (95% confidence)"), "{text}");
}

#[test]
fn define_gives_init_constants_their_value() {
    let script = "tests/cases/match/aggression.hus";
    let out = hus(&[
        "match",
        script,
        "builtin:caller",
        "--hands",
        "20",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--define aggression=VALUE"), "{err}");
    let raises = |value: &str| {
        let v = match_json(&[
            script,
            "builtin:caller",
            "--hands",
            "20",
            "--seed",
            "1",
            "--define",
            &format!("aggression={value}"),
        ]);
        v["bots"]["A"]["actions"]["preflop"]["raise"]
            .as_u64()
            .unwrap()
    };
    assert!(raises("0.7") > 0);
    assert_eq!(raises("0.2"), 0);
}

#[test]
fn random_tie_breaks_are_counted() {
    let v = match_json(&[
        "tests/cases/match/tie.hus",
        "builtin:caller",
        "--hands",
        "50",
        "--seed",
        "1",
    ]);
    let a = &v["bots"]["A"];
    assert!(a["decisions"].as_u64().unwrap() > 0);
    assert_eq!(a["random_ties"], a["decisions"], "{a}");
    assert_eq!(v["bots"]["B"]["random_ties"], 0);
}

/// `builtin:exploit` reads the villain's statistics, which the match keeps for each
/// bot from its own seat; against a player who folds to continuation bets it wins more than
/// the same script without the statistics rules, in a duplicate match with a fixed seed.
#[test]
fn the_exploit_bot_beats_an_over_folder_by_more_than_its_version_without_statistics() {
    let args = |a: &str| {
        [
            a,
            "tests/cases/match/overfolder.hus",
            "--hands",
            "2000",
            "--duplicate",
            "--seed",
            "1",
        ]
        .map(str::to_string)
    };
    let run = |a: &str| {
        let v = args(a);
        let v: Vec<&str> = v.iter().map(String::as_str).collect();
        match_json(&v)["mbb_per_hand"].as_f64().unwrap()
    };
    let with = run("builtin:exploit");
    let without = run("tests/cases/match/exploit-nostats.hus");
    assert_eq!((with, without), (482.07, 285.96));
    assert!(with > without + 150.0);
}

#[test]
fn a_match_that_keeps_statistics_is_the_same_on_any_number_of_threads() {
    let base = [
        "builtin:exploit",
        "tests/cases/match/overfolder.hus",
        "--hands",
        "600",
        "--seed",
        "4",
    ];
    let one = match_json(&base);
    let mut four = base.to_vec();
    four.extend(["--threads", "4"]);
    let four = match_json(&four);
    assert_eq!(one["mbb_per_hand"], four["mbb_per_hand"]);
    assert_eq!(one["bots"], four["bots"]);
}

/// Runs a match with `--json` and returns the object without its timing (which varies).
fn match_json_untimed(args: &[&str]) -> serde_json::Value {
    let mut j = match_json(args);
    j.as_object_mut().unwrap().remove("timing");
    j
}

/// The result of a seeded match is pinned, to the last count: how the dealer plays and checks
/// a hand may get faster, but never change what is played.
#[test]
fn seeded_matches_give_exactly_the_pinned_results() {
    let tag = match_json_untimed(&[
        "examples/tag.hus",
        "builtin:caller",
        "--hands",
        "2000",
        "--seed",
        "7",
    ]);
    let mut tag = tag;
    let huds = take_huds(&mut tag);
    // The HUD the tag kept of the caller: it called every hand it played before the flop.
    assert_eq!(huds[0]["hands"], 2000);
    assert_eq!(huds[0]["VPIP"]["value"], 100.0);
    assert_eq!(huds[0]["PFR"]["value"], 0.0);
    let expected: serde_json::Value = serde_json::from_str(TAG_VS_CALLER).unwrap();
    assert_eq!(tag, expected);
    // A bot that reads the opponent statistics the dealer keeps.
    let hud = match_json_untimed(&[
        "examples/hud.hus",
        "builtin:random",
        "--hands",
        "1000",
        "--seed",
        "4",
    ]);
    let mut hud = hud;
    take_huds(&mut hud);
    let expected: serde_json::Value = serde_json::from_str(HUD_VS_RANDOM).unwrap();
    assert_eq!(hud, expected);
}

/// Takes each bot's HUD (`bots.A.hud`, `bots.B.hud`) out of a match's JSON, A's first.
fn take_huds(v: &mut serde_json::Value) -> Vec<serde_json::Value> {
    ["A", "B"]
        .iter()
        .map(|b| {
            v["bots"][*b]
                .as_object_mut()
                .unwrap()
                .remove("hud")
                .unwrap()
        })
        .collect()
}

const TAG_VS_CALLER: &str = r#"{"blinds":[50,100],"bots":{
"A":{"actions":{"flop":{"call":0,"check":567,"fold":0,"raise":1028},
"preflop":{"call":0,"check":671,"fold":405,"raise":924},
"river":{"call":0,"check":1306,"fold":0,"raise":289},
"turn":{"call":0,"check":1335,"fold":0,"raise":260}},
"actions_made_legal":0,
"decisions":6785,"name":"examples/tag.hus","no_rule_matched":0,"random_ties":0,
"showdowns":1595,"showdowns_split":59,"showdowns_won":783},
"B":{"actions":{"flop":{"call":1028,"check":1162,"fold":0,"raise":0},
"preflop":{"call":1924,"check":0,"fold":0,"raise":0},
"river":{"call":289,"check":1432,"fold":0,"raise":0},
"turn":{"call":260,"check":1515,"fold":0,"raise":0}},
"actions_made_legal":0,
"decisions":7610,"name":"builtin:caller","no_rule_matched":0,"random_ties":0,
"showdowns":1595,"showdowns_split":59,"showdowns_won":753}},
"ci95":[2443.0827856170276,3626.777214382972],
"duplicate":false,"hands":2000,"mbb_per_hand":3034.93,"net_chips":606986,"seed":7,"stack":10000}"#;
const HUD_VS_RANDOM: &str = r#"{"blinds":[50,100],"bots":{
"A":{"actions":{"flop":{"call":30,"check":202,"fold":121,"raise":88},
"preflop":{"call":29,"check":172,"fold":413,"raise":340},
"river":{"call":14,"check":80,"fold":36,"raise":25},
"turn":{"call":17,"check":136,"fold":53,"raise":30}},
"actions_made_legal":12,
"decisions":1786,"name":"examples/hud.hus","no_rule_matched":0,"random_ties":0,
"showdowns":82,"showdowns_split":7,"showdowns_won":48},
"B":{"actions":{"flop":{"call":34,"check":181,"fold":31,"raise":164},
"preflop":{"call":339,"check":0,"fold":245,"raise":256},
"river":{"call":12,"check":50,"fold":10,"raise":54},
"turn":{"call":16,"check":97,"fold":9,"raise":78}},
"actions_made_legal":29,
"decisions":1576,"name":"builtin:random","no_rule_matched":0,"random_ties":0,
"showdowns":82,"showdowns_split":7,"showdowns_won":27}},
"ci95":[-83.75841981435974,1452.6184198143596],
"duplicate":false,"hands":1000,"mbb_per_hand":684.43,"net_chips":68443,"seed":4,"stack":10000}"#;

/// A match names how many warnings a bot has in one line; `hus check` is where they are shown.
#[test]
fn a_match_counts_warnings_in_one_line() {
    let out = hus(&[
        "match",
        "tests/cases/match/warned.hus",
        "builtin:caller",
        "--hands",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "tests/cases/match/warned.hus: 2 warnings; `hus check tests/cases/match/warned.hus` shows them\n"
    );
}

/// Every decision the report counts as a random tie-break is marked `random-tie` in the
/// histories' index, and no other.
#[test]
fn random_tie_breaks_are_marked_in_the_histories() {
    let dir = temp_dir("ties");
    let bot = dir.join("tie.hus");
    // Two rules of one priority hold before the flop whenever the hand is not over.
    std::fs::write(
        &bot,
        "PREFLOP\nRULE AK\n  THEN CALL\nENDRULE\nRULE AK\n  THEN FOLD\nENDRULE\nRULE PRIORITY -1\n  THEN CALL\nENDRULE\nENDPREFLOP\nALWAYS\nRULE\n  THEN CHECK\nENDRULE\nENDALWAYS\n",
    )
    .unwrap();
    let histories = dir.join("h");
    let j = match_json(&[
        bot.to_str().unwrap(),
        "builtin:caller",
        "--hands",
        "400",
        "--seed",
        "3",
        "--histories",
        histories.to_str().unwrap(),
    ]);
    let ties = j["bots"]["A"]["random_ties"].as_u64().unwrap();
    assert!(ties > 0, "{j}");
    let index = std::fs::read_to_string(histories.join("index.tsv")).unwrap();
    let marked = index
        .lines()
        .filter(|l| {
            l.split('\t')
                .nth(9)
                .is_some_and(|n| n.split(',').any(|w| w == "random-tie"))
        })
        .count();
    assert_eq!(marked as u64, ties);
}

/// A seed outside 0..2^64 is the library's seed rule, in the words Python raises: `-1` is the
/// option's value (not a flag), and every command taking `--seed` says the same.
#[test]
fn a_seed_outside_the_rule_is_a_usage_error_in_its_words() {
    for (command, seed) in [("match", "-1"), ("tournament", "18446744073709551616")] {
        let out = hus(&[command, "builtin:caller", "builtin:caller", "--seed", seed]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        let rule = format!(
            "invalid value '{seed}' for '--seed <SEED>': must be a whole number from 0 to 18446744073709551615 (2^64 - 1)"
        );
        assert!(err.contains(&rule), "{command}: {err}");
    }
}
