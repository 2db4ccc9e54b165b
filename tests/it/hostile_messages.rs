//! Messages about huge inputs: every command quotes an input clipped to 60 characters and
//! writes a number in short form, whatever the size of what it was given.

use std::path::Path;

/// The exit code and standard error of `hus ARGS`.
fn code_and_stderr(args: &[&str]) -> (i32, String) {
    let out = crate::support::hus::hus(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), stderr)
}

/// 120 KB of cards, the same card again and again.
fn many_cards() -> String {
    "Kh".repeat(60_000)
}

const CLIPPED_KH: &str = "KhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKhKh…";

#[test]
fn a_huge_board_or_dead_list_is_quoted_clipped() {
    let cards = many_cards();
    let said = |what: &str| {
        format!("{what} `{CLIPPED_KH}`: `Kh` at byte 2 is a card already in the set\n")
    };
    assert_eq!(
        code_and_stderr(&["equity", "AA", "KK", "--board", &cards]),
        (2, format!("hus equity: {}", said("the board")))
    );
    assert_eq!(
        code_and_stderr(&["equity", "AA", "KK", "--dead", &cards]),
        (2, format!("hus equity: {}", said("the dead cards")))
    );
    assert_eq!(
        code_and_stderr(&["range", "AA", "--board", &cards]),
        (2, format!("hus range: {}", said("the board")))
    );
    assert_eq!(
        code_and_stderr(&["chart", "examples/pushfold.hus", "--blinds", &cards]),
        (
            2,
            format!("hus chart: --blinds `{CLIPPED_KH}`: write the small and the big blind as SB/BB, such as 50/100\n")
        )
    );
}

#[test]
fn a_huge_range_or_spot_is_quoted_clipped() {
    let range = "Q".repeat(100_000);
    let (code, stderr) = code_and_stderr(&["range", &range, "--board", "Kh8s4d"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "hus range: `{}…` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) nor `anyTwo` (every holding)\n",
            "Q".repeat(60)
        )
    );
    let spot = format!("BTN {}", "x".repeat(100_000));
    let (code, stderr) = code_and_stderr(&["chart", "examples/pushfold.hus", "--spot", &spot]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "hus chart: `BTN {}…`: unknown act `{}…`; write limp, call, check, fold, raise, bet, 3bet, 4bet, allin\n",
            "x".repeat(56),
            "x".repeat(60)
        )
    );
}

#[test]
fn a_huge_argument_clap_refuses_is_quoted_clipped() {
    let dashes = "-".repeat(100_000);
    let (code, stderr) = code_and_stderr(&["equity", "AA", &dashes]);
    let d = format!("{}…", "-".repeat(60));
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "error: unexpected argument '{d}' found\n\n  tip: to pass '{d}' as a value, use '-- {}…'\n\nUsage: hus equity <HERO> <VILLAIN>\n\nFor more information, try '--help'.\n",
            "-".repeat(57)
        )
    );
}

#[test]
fn huge_numbers_are_written_short() {
    assert_eq!(
        code_and_stderr(&["chart", "examples/pushfold.hus", "--stack", "1e308"]),
        (2, "hus chart: stack 1e308: at blinds 50/100 that is more than 2147483647 chips, the most a stack holds: at most 21474836 big blinds at these blinds\n".to_string())
    );
    assert_eq!(
        code_and_stderr(&["chart", "examples/pushfold.hus", "--spot", "BTN 1e-300bb"]),
        (2, "hus chart: `BTN 1e-300bb`: 1e-300 big blinds is 1e-298 chips, finer than the finest chip, 0.000000001\n".to_string())
    );
}

/// A name where a range stands is an unknown name, as in a script, not a bad card query.
#[test]
fn an_unknown_name_for_a_range_is_an_unknown_name() {
    assert_eq!(
        code_and_stderr(&["equity", "AA", "shovse"]),
        (2, "hus equity: unknown name `shovse`: a range here is a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) or `anyTwo` (every holding); names of ranges are DEFINEd in scripts\n".to_string())
    );
    assert_eq!(
        code_and_stderr(&["range", "anyTow", "--board", "Kh8s4d"]),
        (
            2,
            "hus range: unknown name `anyTow`; did you mean `anyTwo`?\n".to_string()
        )
    );
}

#[test]
fn a_huge_card_field_in_a_replayed_log_is_quoted_clipped() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile_messages");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("cards.log");
    let field = format!("{}|4c5c", "2c".repeat(1_000_000));
    std::fs::write(
        &log,
        format!("STATE:0:r200c/cc/cc/cc:{field}:100|-100:alice|bob\n"),
    )
    .unwrap();
    let log = log.to_str().unwrap();
    let (code, stderr) = code_and_stderr(&["replay", "examples/tag.hus", log, "--player", "alice"]);
    assert_eq!(code, 6, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "hus replay: {log}: line 1: `{}…`: a player holds two cards\n",
            "2c".repeat(30)
        )
    );
}
