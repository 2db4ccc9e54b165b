//! `hus equity` and `hus range` as a player of Equilab and Flopzilla meets them: the
//! PokerStove reading of `+` told on standard error, `--notation pokerstove`, the word for
//! every holding, dead cards before the flop counted exactly or sampled (never refused), and
//! `--next-card`. The real binary.
#![cfg(feature = "cli")]

use std::process::{Command, Output};

fn hus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the hus binary runs")
}

fn out(o: &Output) -> (Option<i32>, String, String) {
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The first `n` lines of standard output.
fn head(text: &str, n: usize) -> String {
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_plus_query_that_pokerstove_reads_otherwise_is_told_with_both_readings() {
    let (code, stdout, stderr) = out(&hus(&["equity", "AKo", "K9s+"]));
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "hus equity: warning[plus-holds-higher]: `K9s+` raises both cards: 36 combos, K9s-KQs and also AKs, AQs, AJs, ATs, A9s; PokerStove and Equilab read `K9s+` as K9s-KQs (16 combos): write `K9s-KQs`, or pass `--notation pokerstove`\n"
    );
    assert!(stdout.contains("\nvillain        36 "), "{stdout}");
}

#[test]
fn notation_pokerstove_reads_plus_as_equilab_does_without_a_warning() {
    let (code, stdout, stderr) = out(&hus(&["equity", "AKo", "K9s+", "--notation", "pokerstove"]));
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(
        head(&stdout, 5),
        "board -, dead -: exact, 1712304 boards for each pair of holdings\n\n\
         player     combos       win       tie    equity  range\n\
         hero           12   69.956%    1.157%   70.535%  AKo\n\
         villain        16   28.887%    1.157%   29.465%  K9s+\n"
    );
}

#[test]
fn any_two_is_every_holding_and_other_tools_words_name_it() {
    let (code, stdout, _) = out(&hus(&["equity", "AA", "anyTwo"]));
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("hero            6   84.932%    0.544%   85.204%  AA\n"),
        "{stdout}"
    );
    for word in ["random", "any2"] {
        let (code, stdout, stderr) = out(&hus(&["equity", "AKs", word]));
        assert_eq!((code, stdout.as_str()), (Some(2), ""));
        assert_eq!(
            stderr,
            format!("hus equity: `{word}` is not a range here: every holding is `anyTwo` (any two cards)\n")
        );
    }
    let (code, stdout, _) = out(&hus(&["names", "anyTwo"]));
    assert_eq!(code, Some(0));
    assert!(stdout.contains("every holding"), "{stdout}");
    let (_, all, _) = out(&hus(&["names"]));
    assert!(all.contains("anyTwo"), "{all}");
}

#[test]
fn a_dead_card_before_the_flop_is_counted_exactly() {
    let (code, stdout, stderr) = out(&hus(&["equity", "AhKh", "QQ", "--dead", "2c"]));
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(
        head(&stdout, 5),
        "board -, dead 2c: exact, 1533939 boards for each pair of holdings\n\n\
         player     combos       win       tie    equity  range\n\
         hero            1   46.507%    0.440%   46.727%  AhKh\n\
         villain         6   53.053%    0.440%   53.273%  QQ\n"
    );
}

#[test]
fn a_sample_says_its_deals_seed_and_standard_error_and_repeats_with_its_seed() {
    let args = ["equity", "AhKh", "QQ|JJ", "--sample", "1000", "--seed", "3"];
    let (code, stdout, _) = out(&hus(&args));
    assert_eq!(code, Some(0));
    assert_eq!(
        head(&stdout, 5),
        "board -, dead -: sampled, 1000 deals (seed 3), standard error of each equity 1.563%\n\n\
         player     combos       win       tie    equity  range\n\
         hero            1   43.400%    0.900%   43.850%  AhKh\n\
         villain        12   55.700%    0.900%   56.150%  QQ|JJ\n"
    );
    assert_eq!(out(&hus(&args)).1, stdout);
    let (code, _, stderr) = out(&hus(&["equity", "AA", "KK", "--sample", "0"]));
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn range_shows_hit_rates_and_every_next_card() {
    let (code, stdout, _) = out(&hus(&[
        "range", "QQ+,AK", "--board", "Kh8s4d", "--with", "topPair+",
    ]));
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("\nmade hands (each holding once)         kept   of kept  of range\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  overPair                                6   28.571%   22.222%\n"),
        "{stdout}"
    );
    let (code, json, _) = out(&hus(&[
        "range",
        "QQ+",
        "--board",
        "Kh8s4d2c",
        "--next-card",
        "--json",
    ]));
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let next = v["next"].as_array().unwrap();
    // 52 cards less the board's four.
    assert_eq!(next.len(), 48);
    let ace = next.iter().find(|n| n["card"] == "Ah").unwrap();
    // AA loses the holdings with the ace of hearts: 3 of 15 combos.
    assert_eq!(ace["combos"], 12.0);
    assert_eq!(ace["made"].as_array().unwrap().len(), 14);
    let (code, _, stderr) = out(&hus(&[
        "range",
        "QQ+",
        "--board",
        "Kh8s4d2c3d",
        "--next-card",
    ]));
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(2),
            "hus range: `--next-card` needs a flop or a turn: no card comes after the river\n"
        )
    );
}
