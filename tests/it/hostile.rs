//! Hostile and huge input: the real binary on inputs an attacker or a buggy
//! producer writes. Each test is named for the defect it pins down; each must exit with a
//! documented code, never a panic (101), an abort (134) or a hang.

use crate::support::hus::{command, hus};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The run exited with `expected` and its stderr says `message`.
fn ends_with(out: &Output, expected: i32, message: &str) {
    assert_eq!(code(out), expected, "{}", stderr(out));
    assert!(stderr(out).contains(message), "{}", stderr(out));
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh directory for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::File::create(&p)
        .unwrap()
        .write_all(text.as_ref())
        .unwrap();
    p.to_str().unwrap().to_string()
}

/// A valid game, hero to act on the flop, whose only diagnostic is a tolerated small raise.
fn game_with_small_raise(pad: &str) -> String {
    format!(
        r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1500</heroStack><villainStack>2500</villainStack><heroCards><card rank="J" color="Hearts"/><card rank="3" color="Clubs"/></heroCards></init><posts><post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post></posts><preflop><action no="0" player="Hero" act="call" amount="10"/><action no="1" player="Villain" act="check" amount="0"/></preflop><flop><cards><card rank="Q" color="Spades"/><card rank="T" color="Clubs"/><card rank="8" color="Clubs"/></cards><action no="0" player="Villain" act="bet" amount="20"/>{pad}<action no="1" player="Hero" act="raise" amount="5"/><action no="2" player="Villain" act="raise" amount="40"/></flop></game>"#
    )
}

const CALLER: &str =
    "FLOP\nRULE\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\n";

#[test]
fn diagnostic_past_column_65536_is_clipped_not_a_panic() {
    let dir = temp_dir("case01");
    let bot = write(&dir, "bot.hus", CALLER);
    let short = write(&dir, "short.xml", game_with_small_raise(""));
    let long = write(&dir, "long.xml", game_with_small_raise(&" ".repeat(70_000)));
    let expected = hus(&["decide", &bot, &short]);
    assert_eq!(code(&expected), 0, "{}", stderr(&expected));
    assert_eq!(stdout(&expected), "call\n");
    for extra in [&[][..], &["--json"][..]] {
        let mut args = vec!["decide", bot.as_str(), long.as_str()];
        args.extend_from_slice(extra);
        let out = hus(&args);
        ends_with(&out, 0, "small-raise");
        // The warning's line is clipped around the raise, with its real column.
        assert!(stderr(&out).contains(":1:70"), "{}", stderr(&out));
        assert!(stderr(&out).len() < 4_000, "{}", stderr(&out));
    }
    // `hus check` on a script whose warning sits past column 65,536 of its line.
    let script = format!(
        "RIVER\nRULE {}flushDraw, toCall < 5\n  THEN CALL\nENDRULE\nENDRIVER\n",
        " ".repeat(70_000)
    );
    let script = write(&dir, "long.hus", script);
    let out = hus(&["check", &script]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out) + &stderr(&out);
    assert!(
        text.contains("long.hus:2:1]") && text.contains("…"),
        "{text}"
    );
    assert!(text.len() < 4_000, "{text}");
}

/// The thesis game with `from` replaced by `to` (exactly once).
fn thesis_with(from: &str, to: &str) -> String {
    let xml = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/game/thesis.xml"),
    )
    .unwrap();
    assert_eq!(xml.matches(from).count(), 1, "{from}");
    xml.replace(from, to)
}

const THESIS_BOT: &str = "examples/thesis-situation1.hus";

/// `hus decide` of the thesis bot on the thesis game with `from` replaced by `to`, written to
/// `name` in `dir`.
fn decide_thesis(dir: &Path, name: &str, from: &str, to: &str) -> Output {
    let game = write(dir, name, thesis_with(from, to));
    hus(&["decide", THESIS_BOT, &game])
}

#[test]
fn deeply_nested_elements_are_an_error_not_a_stack_overflow() {
    let dir = temp_dir("case02");
    for newline in ["", "\n"] {
        let deep = format!(
            "{}{}",
            format!("<x>{newline}").repeat(150_000),
            "</x>".repeat(150_000)
        );
        let out = decide_thesis(&dir, "deep.xml", "</init>", &format!("</init>{deep}"));
        ends_with(&out, 4, "nested more than 16 deep");
    }
}

#[test]
fn lone_cr_line_ends_and_character_columns() {
    let dir = temp_dir("case21");
    // Line 3 holds the error, after a two-byte character on the same line.
    let script = write(
        &dir,
        "cr.hus",
        "RIVER\rRULE pair\r  é nosuchname\r  THEN CALL\rENDRULE\rENDRIVER\r",
    );
    let short = hus(&["check", "--format", "short", &script]);
    let text = hus(&["check", &script]);
    assert_eq!(code(&short), 1);
    assert!(
        stdout(&short).contains("cr.hus:3:5: error"),
        "{}",
        stdout(&short)
    );
    let all = stdout(&text) + &stderr(&text);
    assert!(all.contains("cr.hus:3:5]"), "{all}");
    assert!(all.contains(" 3 │   é nosuchname"), "{all}");
}

#[test]
fn unknown_elements_and_text_inside_leaf_elements_are_errors() {
    let dir = temp_dir("case22");
    let cases = [
        (
            r#"<action no="0" player="Hero" act="check" amount="0"></action>"#,
            r#"<action no="0" player="Hero" act="check" amount="0"><bogus/></action>"#,
            "unknown element <bogus> in <action>",
        ),
        (
            r#"<action no="0" player="Hero" act="check" amount="0"></action>"#,
            r#"<action no="0" player="Hero" act="check" amount="0">raise 900</action>"#,
            "text inside <action>: `raise 900`",
        ),
        (
            r#"<post player="Hero" amount="10">SB</post>"#,
            r#"<post player="Hero" amount="10">SB<x/></post>"#,
            "unknown element <x> in <post>",
        ),
        (
            r#"<card rank="Q" color="Spades"></card>"#,
            r#"<card rank="Q" color="Spades">K</card>"#,
            "text inside <card>: `K`",
        ),
        ("<game>", "<game>stray", "text inside <game>: `stray`"),
        (
            "<flop>\n    <cards>",
            "<flop>\n    <cards>Qs",
            "text inside <cards>: `Qs`",
        ),
    ];
    for (k, (from, to, message)) in cases.iter().enumerate() {
        let out = decide_thesis(&dir, &format!("g{k}.xml"), from, to);
        assert_eq!(code(&out), 4, "{to}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{to}: {}", stderr(&out));
    }
}

/// Runs hus with stdout going to `out`.
fn hus_to(args: &[&str], out: Stdio) -> Output {
    command(crate::support::root())
        .args(args)
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .expect("the hus binary runs")
}

/// A pipe whose reading end is already closed: every write fails.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Stdio::from(writer)
}

#[cfg(unix)]
#[test]
fn closed_pipe_or_full_disk_is_exit_2_not_a_panic() {
    let decide = [
        "decide",
        "examples/thesis-situation1.hus",
        "examples/thesis-situation1.xml",
    ];
    let matches = [
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "10",
        "--seed",
        "1",
    ];
    let check = ["check", "tests/cases/check/errors_and_warnings.hus"];
    for args in [&decide[..], &matches[..], &check[..]] {
        for out in [
            closed_pipe(),
            Stdio::from(std::fs::File::create("/dev/full").unwrap()),
        ] {
            let o = hus_to(args, out);
            assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
            assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        }
    }
}

#[test]
fn huge_external_timeout_is_a_usage_error() {
    for t in ["1e20", "18446744073709551615", "inf", "0", "-1"] {
        let out = hus(&[
            "decide",
            "examples/thesis-situation1.hus",
            "examples/thesis-situation1.xml",
            &format!("--external-timeout={t}"),
        ]);
        assert_eq!(code(&out), 2, "{t}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("--external-timeout must be"),
            "{t}: {}",
            stderr(&out)
        );
    }
}

/// A preflop script whose only rule plays the table at `path`.
fn table_bot(path: &str) -> String {
    format!("PREFLOP\nRULE\n  THEN USE TABLE {path}\nENDRULE\nENDPREFLOP\n")
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_huge_tables_are_refused_without_reading() {
    let dir = temp_dir("case06");
    assert!(Command::new("mkfifo")
        .arg(dir.join("fifo.tsv"))
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.tsv")).unwrap();
    // A directory on the way that leads out (the file itself is no link).
    let elsewhere = temp_dir("case06-elsewhere");
    write(&elsewhere, "t.tsv", "F\t");
    std::os::unix::fs::symlink(&elsewhere, dir.join("up")).unwrap();
    write(&dir, "huge.tsv", "F\t".repeat(40_000));
    for (table, message) in [
        (
            "fifo.tsv",
            "cannot read table `fifo.tsv`: it is not a regular file",
        ),
        (
            "zero.tsv",
            "table `zero.tsv` is outside the script's directory",
        ),
        (
            "/dev/zero",
            "table `/dev/zero` is outside the script's directory",
        ),
        (
            "up/t.tsv",
            "table `up/t.tsv` is outside the script's directory",
        ),
        (
            "/dev/stdin",
            "table `/dev/stdin` is outside the script's directory",
        ),
        (
            "huge.tsv",
            "cannot read table `huge.tsv`: it is larger than 64 KiB",
        ),
    ] {
        let bot = write(&dir, "bot.hus", table_bot(table));
        let out = hus(&["check", "--format", "short", &bot]);
        assert_eq!(code(&out), 1, "{table}: {}", stdout(&out));
        assert!(stdout(&out).contains(message), "{table}: {}", stdout(&out));
    }
}

#[test]
fn huge_game_files_end_in_a_clear_limit() {
    let dir = temp_dir("case07");
    let constants: String = (0..160_000).map(|i| format!("<c{i}>1</c{i}>")).collect();
    let attributes: String = (0..160_000).map(|i| format!(" a{i}=\"1\"")).collect();
    let cards = r#"<card rank="2" color="Clubs"/>"#.repeat(400_000);
    let cases = [
        (
            thesis_with("<BB>20</BB>", &format!("<BB>20</BB>{constants}")),
            "<init> holds more than 4096 elements",
        ),
        (
            thesis_with("<game>", &format!("<game{attributes}>")),
            "<game> has more than 16 attributes",
        ),
        (
            thesis_with(
                "<card rank=\"J\" color=\"Hearts\"></card>",
                &format!("<card rank=\"J\" color=\"Hearts\"></card>{cards}"),
            ),
            "<heroCards> holds more than 4096 elements",
        ),
    ];
    for (k, (xml, message)) in cases.iter().enumerate() {
        let game = write(&dir, &format!("g{k}.xml"), xml);
        let out = hus(&["decide", THESIS_BOT, &game]);
        assert_eq!(code(&out), 4, "{message}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    // A million cards is more than a game file may hold: refused before it is parsed.
    let cards = r#"<card rank="2" color="Clubs"/>"#.repeat(1_000_000);
    let out = decide_thesis(&dir, "huge.xml", "<game>", &format!("<game>{cards}"));
    ends_with(&out, 2, "it is larger than 16 MiB");
}

#[test]
fn table_paths_stay_inside_the_script_directory() {
    let dir = temp_dir("case11/scripts");
    let outside = dir.parent().unwrap();
    write(outside, "secret.tsv", "F\tF\n");
    for table in [
        "../secret.tsv",
        "../../../../../../etc/passwd",
        "/etc/passwd",
        "sub/../../secret.tsv",
    ] {
        let bot = write(&dir, "bot.hus", table_bot(table));
        let out = hus(&["check", "--format", "short", &bot]);
        assert_eq!(code(&out), 1, "{table}: {}", stdout(&out));
        let text = stdout(&out);
        assert!(text.contains("is outside the script's directory"), "{text}");
        // Nothing about the file: neither whether it exists nor its rows.
        assert!(!text.contains("row") && !text.contains("No such"), "{text}");
    }
    // Allowed explicitly, the same table is read (and is too small).
    let bot = write(&dir, "bot.hus", table_bot("../secret.tsv"));
    let out = hus(&[
        "check",
        "--format",
        "short",
        "--table-dir",
        outside.to_str().unwrap(),
        &bot,
    ]);
    assert!(
        stdout(&out).contains("has 1 row of cells"),
        "{}",
        stdout(&out)
    );
    // A cell is quoted short and escaped, never the whole line.
    let sub = temp_dir("case11/cells");
    let mut grid = vec![vec!["F".to_string(); 13]; 13];
    grid[0][0] = format!("\u{1b}[31m{}", "x".repeat(500));
    let text: String = grid.iter().map(|r| r.join("\t") + "\n").collect();
    write(&sub, "t.tsv", text);
    let bot = write(&sub, "bot.hus", table_bot("t.tsv"));
    let out = hus(&["check", "--format", "short", &bot]);
    let text = stdout(&out);
    assert!(text.contains("unknown cell `\\x1b[31mxxxxxxx…`"), "{text}");
    assert!(!text.contains('\u{1b}') && text.len() < 2_000, "{text}");
}

#[test]
fn control_characters_from_inputs_are_escaped() {
    let dir = temp_dir("case12");
    let out = decide_thesis(&dir, "g.xml", "<BB>20</BB>", "<BB>2\u{1b}[2J0</BB>");
    assert_eq!(code(&out), 4);
    assert!(!stderr(&out).contains('\u{1b}'), "{}", stderr(&out));
    assert!(stderr(&out).contains("\\x1b[2J"), "{}", stderr(&out));
    let bot = write(
        &dir,
        "bot.hus",
        "RIVER\nRULE pa\u{1b}]0;owned\u{7}ir\n  THEN CALL\nENDRULE\nENDRIVER\n",
    );
    for format in ["text", "short"] {
        let out = hus(&["check", "--format", format, &bot]);
        assert_eq!(code(&out), 1);
        assert!(!stdout(&out).contains('\u{1b}'), "{}", stdout(&out));
        assert!(!stdout(&out).contains('\u{7}'), "{}", stdout(&out));
    }
}

#[test]
fn absurd_hand_counts_are_refused_not_allocated() {
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "70368744177664",
    ]);
    ends_with(&out, 2, "at most 1000000000000 hands");
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "60000000",
        "--plot",
        "/dev/null",
    ]);
    ends_with(&out, 2, "--plot draws at most");
}

#[test]
fn threads_are_capped_at_the_work_and_the_cores() {
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "10",
        "--seed",
        "1",
        "--threads",
        "3000",
        "--json",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["timing"]["threads"], 1, "{v}");
}

#[test]
fn unwritable_outputs_fail_before_the_match() {
    let dir = temp_dir("case10");
    let missing = dir.join("no-such-dir/plot.svg");
    // A match this long would take minutes: the path is checked first.
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "40000000",
        "--plot",
        missing.to_str().unwrap(),
    ]);
    ends_with(&out, 2, "cannot write");
    assert!(stdout(&out).is_empty());
}

#[cfg(unix)]
#[test]
fn histories_never_write_through_links_or_beside_old_files() {
    let dir = temp_dir("case13");
    let victim = write(&dir, "victim.txt", "keep me");
    let hist = dir.join("h");
    std::fs::create_dir_all(&hist).unwrap();
    std::os::unix::fs::symlink(&victim, hist.join("hand-000001-01.xml")).unwrap();
    let out = hus(&[
        "match",
        "builtin:caller",
        "builtin:raiser",
        "--hands",
        "4",
        "--seed",
        "1",
        "--histories",
        hist.to_str().unwrap(),
    ]);
    ends_with(&out, 2, "is not empty");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    // A bot file name with a tab and a line end stays one cell of index.tsv.
    let odd = write(&dir, "odd\tname\n.hus", "PREFLOP\nRULE\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDPREFLOP\nFLOP\nRULE\n  THEN CHECK\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\nTURN\nRULE\n  THEN CHECK\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDTURN\nRIVER\nRULE\n  THEN CHECK\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDRIVER\n");
    let fresh = dir.join("fresh");
    let out = hus(&[
        "match",
        &odd,
        "builtin:caller",
        "--hands",
        "4",
        "--seed",
        "1",
        "--histories",
        fresh.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let index = std::fs::read_to_string(fresh.join("index.tsv")).unwrap();
    for line in index.lines() {
        assert_eq!(line.split('\t').count(), 11, "{line}");
    }
}

#[test]
fn long_lists_are_cut_and_many_errors_are_counted() {
    let dir = temp_dir("case08");
    // 20,000 rules that all match at one priority.
    let mut many = String::from("FLOP\n");
    for _ in 0..20_000 {
        many.push_str("RULE\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\n");
    }
    many.push_str("ENDFLOP\n");
    let bot = write(&dir, "many.hus", &many);
    let game = write(&dir, "g.xml", game_with_small_raise(""));
    let out = hus(&["decide", &bot, &game, "--seed", "1"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "call\n");
    let err = stderr(&out);
    assert!(
        err.contains("20000 rules matched (lines 2, 8, 14,"),
        "{}",
        &err[..err.len().min(3000)]
    );
    assert!(
        err.contains("and 19990 more"),
        "{}",
        &err[..err.len().min(3000)]
    );
    assert!(err.len() < 20_000, "{} bytes of warnings", err.len());
    // 50,000 syntax errors: the first 100 in full, then a count.
    let broken = format!(
        "FLOP\n{}ENDFLOP\n",
        "RULE pair,\n  THEN CALL\nENDRULE\n".repeat(50_000)
    );
    let bot = write(&dir, "broken.hus", broken);
    let out = hus(&["decide", &bot, &game]);
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(
        err.contains("... and 49900 more diagnostics"),
        "{}",
        &err[err.len().saturating_sub(500)..]
    );
    assert_eq!(err.matches("unexpected-token").count(), 100);
    let out = hus(&["check", &bot]);
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("... and 49900 more diagnostics"));
    let out = hus(&["check", "--format", "short", &bot]);
    assert_eq!(stdout(&out).lines().count(), 50_000);
}

#[test]
fn weights_whose_sum_overflows_still_pick_by_weight() {
    let dir = temp_dir("case14");
    let huge = format!("17{}", "0".repeat(307));
    let bot = write(
        &dir,
        "bot.hus",
        format!("FLOP\nRULE\n  THEN CHECK\n  VILLAIN\n    THEN RAISE {huge} 2BB, {huge} 3BB\n  ENDVILLAIN\nENDRULE\nENDFLOP\n"),
    );
    let game = write(&dir, "g.xml", game_with_small_raise(""));
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let out = hus(&["decide", &bot, &game, "--seed", &seed.to_string()]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        seen.insert(stdout(&out));
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
    // A weight too large to be a number is an error, not infinity.
    let bot = write(
        &dir,
        "inf.hus",
        format!(
            "FLOP\nRULE\n  THEN RAISE 1{} 2BB, 1 3BB\nENDRULE\nENDFLOP\n",
            "0".repeat(400)
        ),
    );
    let out = hus(&["check", "--format", "short", &bot]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().count(), 1, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("`100000000000…` (401 digits) is too large a number"),
        "{}",
        stdout(&out)
    );
}

/// A game with these blinds and stacks where the hero (button) calls `call` before the flop,
/// the villain checks, and the villain checks the flop to the hero.
fn game_calling(sb: &str, bb: &str, stack: &str, call: &str) -> String {
    format!(
        r#"<game><init><BB>{bb}</BB><SB>{sb}</SB><heroStack>{stack}</heroStack><villainStack>{stack}</villainStack><heroCards><card rank="J" color="Hearts"/><card rank="3" color="Clubs"/></heroCards></init><posts><post player="Hero" amount="{sb}">SB</post><post player="Villain" amount="{bb}">BB</post></posts><preflop><action no="0" player="Hero" act="call" amount="{call}"/><action no="1" player="Villain" act="check" amount="0"/></preflop><flop><cards><card rank="Q" color="Spades"/><card rank="T" color="Clubs"/><card rank="8" color="Clubs"/></cards><action no="0" player="Villain" act="check" amount="0"/></flop></game>"#
    )
}

#[test]
fn amounts_are_exact_at_any_size() {
    let dir = temp_dir("case15");
    let bot = write(
        &dir,
        "bot.hus",
        "FLOP\nRULE\n  THEN CHECK\n  VILLAIN\n    THEN CHECK\n  ENDVILLAIN\nENDRULE\nENDFLOP\n",
    );
    // Amounts are exact: a call 1e-8 short of the 1,000,000 owed is not the call.
    let game = write(
        &dir,
        "near.xml",
        game_calling("1000000", "2000000", "10000000", "999999.99999999"),
    );
    let out = hus(&["decide", &bot, &game]);
    ends_with(&out, 4, "call-mismatch");
    // ... and amounts finer than the unit counted exactly up to 2^53 are refused, not rounded.
    let game = write(
        &dir,
        "fine.xml",
        game_calling("1000000", "2000000", "100000000", "999999.99999999"),
    );
    let out = hus(&["decide", &bot, &game]);
    ends_with(&out, 4, "(2^53, counted exactly)");
    // At 10^14 chips, 100 chips more than owed is a different amount.
    let game = write(
        &dir,
        "big.xml",
        game_calling(
            "50000000000000",
            "100000000000000",
            "1000000000000000",
            "50000000000100",
        ),
    );
    let out = hus(&["decide", &bot, &game]);
    ends_with(&out, 4, "call-mismatch");
}

#[test]
fn small_blind_above_big_blind_is_invalid() {
    let dir = temp_dir("case16");
    let bot = write(
        &dir,
        "bot.hus",
        "FLOP\nRULE\n  THEN CHECK\nENDRULE\nENDFLOP\n",
    );
    let game = write(&dir, "g.xml", game_calling("20", "10", "1000", "0"));
    let out = hus(&["decide", &bot, &game]);
    assert_eq!(code(&out), 4, "{}", stderr(&out));
    assert!(
        stderr(&out)
            .contains("<SB> is 20 but <BB> is 10: the small blind is at most the big blind"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn smaller_things() {
    let dir = temp_dir("case22b");
    // Huge amounts are written in scientific notation, not 300 digits.
    let out = decide_thesis(
        &dir,
        "g.xml",
        r#"act="raise" amount="20"></action>
  </flop>"#,
        &format!(
            r#"act="raise" amount="1{}"></action>
  </flop>"#,
            "0".repeat(300)
        ),
    );
    ends_with(
        &out,
        4,
        "at most 9007199254740992 chips (2^53, counted exactly)",
    );
    assert!(!stderr(&out).contains(&"0".repeat(100)), "{}", stderr(&out));
    // A weight on a lone amount is not a factor: said so.
    let bot = write(
        &dir,
        "w.hus",
        "FLOP\nRULE\n  THEN RAISE 2 external \"bin/size\"\nENDRULE\nENDFLOP\n",
    );
    let out = hus(&["check", "--format", "short", &bot]);
    assert!(
        stdout(&out).contains("`2` is a weight, and this RAISE has one amount"),
        "{}",
        stdout(&out)
    );
    // A priority out of range says so, not "must be a whole number".
    let bot = write(
        &dir,
        "p.hus",
        "FLOP\nRULE PRIORITY 9223372036854775807\n  THEN CHECK\nENDRULE\nENDFLOP\n",
    );
    let out = hus(&["check", "--format", "short", &bot]);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("a priority must be between -10^15 and 10^15"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_byte_order_mark_is_skipped_in_scripts_and_tables() {
    let dir = temp_dir("case20");
    let bot = write(
        &dir,
        "bot.hus",
        "\u{feff}RIVER\nRULE pair\n  THEN CALL\nENDRULE\nENDRIVER\n",
    );
    let out = hus(&["check", "--format", "short", &bot]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
    let row = vec!["F"; 13].join("\t");
    let table = format!("\u{feff}{}\n", vec![row; 13].join("\n"));
    write(&dir, "t.tsv", table);
    let bot = write(&dir, "table.hus", table_bot("t.tsv"));
    let out = hus(&["check", "--format", "short", &bot]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn no_verdict_from_a_handful_of_hands() {
    for extra in [
        &["--hands", "2"][..],
        &["--hands", "4", "--duplicate"][..],
        &["--hands", "58", "--duplicate"][..],
    ] {
        let mut args = vec!["match", "builtin:raiser", "builtin:caller", "--seed", "3"];
        args.extend_from_slice(extra);
        let out = hus(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.contains("(too few hands for an interval)"),
            "{extra:?}: {text}"
        );
        assert!(!text.contains("wins"), "{text}");
    }
    // From 30 independent units on, an interval with Student's t.
    let out = hus(&[
        "match",
        "builtin:raiser",
        "builtin:caller",
        "--seed",
        "3",
        "--hands",
        "30",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["ci95"].is_array(), "{v}");
}

#[cfg(unix)]
#[test]
fn ambiguous_numbers_from_programs_are_refused_accurately() {
    let dir = temp_dir("case18");
    let game = write(&dir, "g.xml", game_with_small_raise(""));
    for (printed, message) in [
        ("0,9", "with a decimal comma"),
        ("0x10", "a hexadecimal number"),
        ("1e999", "printed `1e999`, a number too large"),
    ] {
        let bot = write(
            &dir,
            "n.hus",
            format!("FLOP\nRULE external \"/bin/echo {printed}\" > 0.5\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\n"),
        );
        let out = hus(&["decide", &bot, &game, "--allow-external"]);
        assert_eq!(code(&out), 5, "{printed}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(message),
            "{printed}: {}",
            stderr(&out)
        );
    }
    let bot = write(
        &dir,
        "a.hus",
        "FLOP\nRULE\n  THEN CALL\n  VILLAIN\n    THEN external \"/bin/echo raise 1e2\"\n  ENDVILLAIN\nENDRULE\nENDFLOP\n",
    );
    let out = hus(&["decide", &bot, &game, "--allow-external"]);
    ends_with(&out, 5, "printed `raise 1e2`: write the amount");
}

/// Processes whose command line is exactly these words, from `/proc`.
#[cfg(target_os = "linux")]
fn processes_running(words: &[&str]) -> Vec<u32> {
    let want: Vec<u8> = words.iter().flat_map(|w| w.bytes().chain([0])).collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c == want))
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_process_detached_with_setsid_does_not_outlive_the_program() {
    let dir = temp_dir("case19");
    let marker = dir.join("started");
    let unique = format!("1234.{}", std::process::id());
    // The program returns only once its helper has left the process group.
    let bot = write(
        &dir,
        "bot.hus",
        format!(
            "FLOP\nRULE external \"/bin/sh -c 'setsid sh -c \\\"echo > {m}; exec sleep {unique}\\\" > /dev/null 2>&1 & while [ ! -f {m} ]; do :; done; echo 0.9'\" > 0.5\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\n",
            m = marker.display()
        ),
    );
    let game = write(&dir, "g.xml", game_with_small_raise(""));
    let out = hus(&["decide", &bot, &game, "--allow-external"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(marker.exists(), "the helper never started");
    let left = processes_running(&["sleep", &unique]);
    for pid in &left {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(left.is_empty(), "sleep {unique} outlived hus: {left:?}");
}

#[test]
fn whole_game_over_128_kib_is_refused_with_its_size() {
    let dir = temp_dir("case22c");
    let game = write(&dir, "g.xml", game_with_small_raise(&" ".repeat(140_000)));
    let bot = write(
        &dir,
        "bot.hus",
        "FLOP\nRULE external \"/bin/echo wholeGame\" > 0.5\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\n",
    );
    let out = hus(&["decide", &bot, &game, "--allow-external"]);
    ends_with(&out, 5, "one argument is 140");
}

/// Arithmetic, DEFINE and mixed weights against hostile scripts: a value nested 100,000 deep (as a long sum
/// or in parentheses) and a chain of 100,000 DEFINEs end in clear errors, never in a stack
/// overflow.
#[test]
fn deep_values_and_define_chains_are_errors_not_crashes() {
    let dir = temp_dir("case23");
    let n = 100_000;
    let sum = vec!["1"; n].join(" + ");
    let sum = write(
        &dir,
        "sum.hus",
        format!("PREFLOP\nRULE {sum} > 0\nTHEN CALL\nENDRULE\nENDPREFLOP\n"),
    );
    let out = hus(&["check", &sum]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stdout(&out).contains("this line has more than 256 arithmetic operators"));
    let parens = write(
        &dir,
        "parens.hus",
        format!(
            "PREFLOP\nRULE {}1{} > 0\nTHEN CALL\nENDRULE\nENDPREFLOP\n",
            "(".repeat(n),
            ")".repeat(n)
        ),
    );
    let out = hus(&["check", &parens]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let chain: Vec<String> = (0..n)
        .map(|i| format!("DEFINE d{i} = d{}", i + 1))
        .collect();
    let chain = write(
        &dir,
        "chain.hus",
        format!(
            "{}\nDEFINE d{n} = pair\nPREFLOP\nRULE d0\nTHEN CALL\nENDRULE\nENDPREFLOP\n",
            chain.join("\n")
        ),
    );
    let out = hus(&["check", &chain]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stdout(&out).contains("is DEFINEd through a chain of more than 64 DEFINEs"));
}

#[cfg(unix)]
#[test]
fn plot_refuses_to_write_through_a_link() {
    let dir = temp_dir("plot_link");
    let target = write(&dir, "precious.txt", "keep me\n");
    let link = dir.join("m.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let dangling = dir.join("d.svg");
    std::os::unix::fs::symlink(dir.join("nowhere.txt"), &dangling).unwrap();
    for path in [&link, &dangling] {
        let out = hus(&[
            "match",
            "builtin:caller",
            "builtin:caller",
            "--hands",
            "10",
            "--plot",
            path.to_str().unwrap(),
        ]);
        ends_with(&out, 2, "symbolic link");
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me\n");
    assert!(!dir.join("nowhere.txt").exists());
}

#[test]
fn stakes_beyond_exact_chips_are_refused() {
    for (blinds, stack) in [
        ("3/4294967295", "2000000000"),
        ("1/100000000", "1000000000"),
    ] {
        let out = hus(&[
            "match",
            "builtin:caller",
            "builtin:caller",
            "--hands",
            "10",
            "--blinds",
            blinds,
            "--stack",
            stack,
        ]);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("stacks are at most 2147483647 chips"),
            "{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("internal error"));
    }
}

#[test]
fn a_time_limit_below_a_millisecond_is_refused_briefly() {
    let out = hus(&[
        "acpc",
        "builtin:caller",
        "127.0.0.1",
        "1",
        "--time-limit",
        "1e-300",
    ]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("at least 0.001"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("00000000"), "{}", stderr(&out));
}

#[test]
fn defines_given_twice_or_naming_the_language_are_refused() {
    let base = ["match", "builtin:caller", "builtin:caller", "--hands", "10"];
    let twice = [&base[..], &["--define", "x=1", "--define", "X=2"]].concat();
    ends_with(&hus(&twice), 2, "--define X is given twice (first as 1)");
    let pot = [&base[..], &["--define", "pot=5000"]].concat();
    ends_with(&hus(&pot), 2, "`pot` is already a name of the language");
}

#[test]
fn terminal_escapes_in_file_names_are_shown_escaped() {
    let dir = temp_dir("escapes");
    let bot = write(&dir, "evil\x1b]0;owned\x07.hus", CALLER);
    let out = hus(&["check", "--format", "text", &bot]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out) + &stderr(&out);
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
    assert!(
        text.contains("evil\\x1b]0;owned\\x07.hus: 0 errors, 0 warnings"),
        "{text:?}"
    );
    let out = hus(&[
        "match",
        &bot,
        "builtin:caller",
        "--hands",
        "10",
        "--seed",
        "1",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stdout(&out).contains('\x1b'), "{}", stdout(&out));
}

#[test]
fn terminal_escapes_never_reach_the_terminal_from_any_command() {
    let dir = temp_dir("escapes-everywhere");
    let evil = "evil\x1b]0;owned\x07";
    // A script with an error under a hostile name: the reports' headers name the file.
    let bad = write(
        &dir,
        &format!("{evil}.hus"),
        "RULE pair\nTHEN CALL\nENDRULE\n",
    );
    let game = write(&dir, "g.xml", game_with_small_raise(""));
    let runs: Vec<Vec<&str>> = vec![
        vec!["check", &bad],
        vec!["check", "--format", "short", &bad],
        vec!["check", "--format", "json", &bad],
        vec!["decide", &bad, &game],
        vec!["decide", "--explain", &bad, &game],
        vec!["fmt", &bad],
        vec!["fmt", "--check", &bad],
        vec!["names", "\x1b[2Jpot"],
        vec!["show", "builtin:\x1b[2J"],
        vec!["match", &bad, "builtin:caller", "--hands", "10"],
    ];
    for args in runs {
        let out = hus(&args);
        let text = stdout(&out) + &stderr(&out);
        assert!(
            !text.contains('\x1b') && !text.contains('\x07'),
            "hus {args:?} printed a raw escape: {text:?}"
        );
        assert!(
            text.contains("\\x1b") || text.contains("\\u001b"),
            "hus {args:?} did not quote the input, escaped: {text:?}"
        );
    }
}
