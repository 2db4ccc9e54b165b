//! Hostile and huge input (issue 11): the real binary on inputs an attacker or a buggy
//! producer writes. Each test is named for the defect it pins down; each must exit with a
//! documented code, never a panic (101), an abort (134) or a hang.
// The real binary exists only with the `cli` feature.
#![cfg(feature = "cli")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The exit codes the reference documents.
const DOCUMENTED: [i32; 6] = [0, 1, 2, 3, 4, 5];

fn hus_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the hus binary runs")
}

fn hus(args: &[&str]) -> Output {
    hus_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
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
fn item01_diagnostic_past_column_65536_is_clipped_not_a_panic() {
    let dir = temp_dir("item01");
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
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert!(stderr(&out).contains("small-raise"), "{}", stderr(&out));
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

#[test]
fn item02_deeply_nested_elements_are_an_error_not_a_stack_overflow() {
    let dir = temp_dir("item02");
    for newline in ["", "\n"] {
        let deep = format!(
            "{}{}",
            format!("<x>{newline}").repeat(150_000),
            "</x>".repeat(150_000)
        );
        let game = write(
            &dir,
            "deep.xml",
            thesis_with("</init>", &format!("</init>{deep}")),
        );
        let out = hus(&["decide", THESIS_BOT, &game]);
        assert_eq!(code(&out), 4, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("nested more than 16 deep"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn item21_lone_cr_line_ends_and_character_columns() {
    let dir = temp_dir("item21");
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
fn item22_unknown_elements_and_text_inside_leaf_elements_are_errors() {
    let dir = temp_dir("item22");
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
        let game = write(&dir, &format!("g{k}.xml"), thesis_with(from, to));
        let out = hus(&["decide", THESIS_BOT, &game]);
        assert_eq!(code(&out), 4, "{to}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{to}: {}", stderr(&out));
    }
}
