//! The limits of the reference's §10, each at its edge: the input past it ends in the error and
//! exit code the table gives, before it is read where the table says so. (Limits tested with
//! their neighbours live beside them: game elements and tables in `hostile.rs`, DEFINE chains in
//! `hostile_defines.rs`, the dealer's lines in `acpc.rs`.)

use crate::support::hus::hus_in;
use std::path::{Path, PathBuf};
use std::process::Output;

fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("limits")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A file of `len` bytes that takes no room on disk (a hole): it must be refused by its size,
/// since reading it would take that much memory.
fn sparse(dir: &Path, name: &str, len: u64) -> String {
    let path = dir.join(name);
    std::fs::File::create(&path).unwrap().set_len(len).unwrap();
    name.to_string()
}

fn assert_ends(out: &Output, code: i32, stderr_has: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert!(
        stderr.contains(stderr_has),
        "stderr lacks `{stderr_has}`:\n{stderr}"
    );
}

const CALLER: &str =
    "FLOP\nRULE\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDFLOP\n";

#[test]
fn a_script_past_16_mib_is_refused_unread_by_every_command() {
    let dir = temp_dir("script");
    let big = sparse(&dir, "big.hus", (16 << 20) + 1);
    std::fs::write(dir.join("ok.hus"), CALLER).unwrap();
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/games/flop-cbet.xml");
    let game = game.to_str().unwrap();
    for args in [
        vec!["check", &big],
        vec!["fmt", "--check", &big],
        vec!["decide", &big, game],
        vec!["match", &big, "builtin:caller", "--hands", "10"],
    ] {
        let out = hus_in(&dir, &args);
        assert_ends(&out, 2, "big.hus");
        assert_ends(&out, 2, ": it is larger than 16 MiB");
    }
}

#[test]
fn a_dealer_log_past_1_gib_and_a_game_definition_past_1_mib_are_refused_unread() {
    let dir = temp_dir("log");
    let log = sparse(&dir, "big.log", (1 << 30) + 1);
    let out = hus_in(&dir, &["replay", "builtin:caller", &log, "--player", "A"]);
    assert_ends(&out, 2, "cannot read big.log: it is larger than 1024 MiB");
    std::fs::write(dir.join("small.log"), "STATE:0:f:AsAd|KsKd:50|-50:A|B\n").unwrap();
    let game = sparse(&dir, "big.game", (1 << 20) + 1);
    let out = hus_in(
        &dir,
        &[
            "replay",
            "builtin:caller",
            "small.log",
            "--player",
            "A",
            "--game",
            &game,
        ],
    );
    assert_ends(&out, 2, "cannot read big.game: it is larger than 1 MiB");
    let out = hus_in(
        &dir,
        &["acpc", "builtin:caller", "127.0.0.1", "1", "--game", &game],
    );
    assert_ends(&out, 2, "cannot read big.game: it is larger than 1 MiB");
}

/// A script including `i0.hus`, which includes `i1.hus`, ... `depth` files in all.
fn include_chain(dir: &Path, depth: usize) -> String {
    for i in 0..depth {
        let text = if i + 1 == depth {
            "DEFINE last = 1\n".to_string()
        } else {
            format!("INCLUDE \"i{}.hus\"\n", i + 1)
        };
        std::fs::write(dir.join(format!("i{i}.hus")), text).unwrap();
    }
    let bot = "INCLUDE \"i0.hus\"\nFLOP\nRULE last > 0\n  THEN CALL\nENDRULE\nENDFLOP\n";
    std::fs::write(dir.join("bot.hus"), bot).unwrap();
    "bot.hus".into()
}

#[test]
fn includes_nest_32_files_deep_and_no_deeper() {
    let dir = temp_dir("include-depth-32");
    let out = hus_in(
        &dir,
        &["check", "--format", "short", &include_chain(&dir, 32)],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let dir = temp_dir("include-depth-33");
    let out = hus_in(
        &dir,
        &["check", "--format", "short", &include_chain(&dir, 33)],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "bot.hus:3:6: error: unknown name `last`\n\
         i31.hus:1:9: error: includes nest more than 32 files deep\n"
    );
}

#[test]
fn included_files_past_16_mib_together_are_refused_at_the_include() {
    let dir = temp_dir("include-bytes");
    // 9 MiB of comment is read; the next 8 MiB would pass 16 MiB, so it is not.
    let comment = format!("//{}\nDEFINE a = 1\n", " ".repeat(9 << 20));
    std::fs::write(dir.join("a.hus"), comment).unwrap();
    sparse(&dir, "b.hus", 8 << 20);
    let bot =
        "INCLUDE \"a.hus\"\nINCLUDE \"b.hus\"\nFLOP\nRULE a > 0\n  THEN CALL\nENDRULE\nENDFLOP\n";
    std::fs::write(dir.join("bot.hus"), bot).unwrap();
    let out = hus_in(&dir, &["check", "--format", "short", "bot.hus"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("bot.hus:2:9: error: ")
            && stdout.contains("the included files together are larger than 16 MiB"),
        "{stdout}"
    );
}

/// One rule of 750,000 one-class branches (1,500,001 tokens, 2.25 MB): past the token limit,
/// refused whole with one error at the token that went over, before it is parsed; one branch
/// fewer is checked.
#[test]
fn a_script_past_the_token_limit_is_refused_with_one_error() {
    let dir = temp_dir("tokens");
    let script = |branches: usize| {
        format!(
            "PREFLOP\nRULE AA\n{}THEN CALL\nENDRULE\nENDPREFLOP\n",
            "AA\n".repeat(branches)
        )
    };
    std::fs::write(dir.join("over.hus"), script(749_998)).unwrap();
    let out = hus_in(&dir, &["check", "--format", "short", "over.hus"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "over.hus:750000:3: error: the script holds more than 1,500,000 words, numbers and symbols (the limit); it is not checked\n"
    );
    std::fs::write(dir.join("under.hus"), script(749_990)).unwrap();
    let out = hus_in(&dir, &["check", "--format", "short", "under.hus"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
