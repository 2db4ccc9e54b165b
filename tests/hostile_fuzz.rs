//! The real binary over generated and mutated inputs: `hus decide` reading mutated
//! game states and `hus check` reading mutated scripts never panic, exit only with documented
//! codes, and take time roughly linear in the size of their input.
// The real binary exists only with the `cli` feature.
#![cfg(feature = "cli")]

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Instant;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hus"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .expect("the hus binary runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile_fuzz")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Fails unless the run ended with one of `codes` and without a panic message.
fn assert_documented(out: &Output, codes: &[i32], input: &str) {
    let code = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        codes.contains(&code) && !stderr.contains("panicked"),
        "exit {code}\n{stderr}\n--- input (first 2000 bytes) ---\n{}",
        &input[..input.len().min(2000)]
    );
}

/// `text` with `n` random edits: a slice replaced by a fragment, repeated, or cut out, or the
/// text truncated. Edits land on character boundaries.
fn mutate(rng: &mut ChaCha8Rng, text: &str, fragments: &[&str], n: usize) -> String {
    let mut s = text.to_string();
    for _ in 0..n {
        let mut at = |s: &str| {
            let mut i = rng.random_range(0..=s.len() as u32) as usize;
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        let (a, b) = {
            let x = at(&s);
            let y = at(&s);
            (x.min(y), x.max(y).min(x.min(y) + 64))
        };
        let mut b = b;
        while !s.is_char_boundary(b) {
            b -= 1;
        }
        match rng.random_range(0..4u32) {
            0 => {
                let f = fragments[rng.random_range(0..fragments.len() as u32) as usize];
                s.replace_range(a..b, f);
            }
            1 => {
                let piece = s[a..b].repeat(rng.random_range(2..50u32) as usize);
                s.replace_range(a..b, &piece);
            }
            2 => s.replace_range(a..b, ""),
            _ => s.truncate(a),
        }
    }
    s
}

const GAME_FRAGMENTS: &[&str] = &[
    "<",
    ">",
    "/>",
    "</game>",
    "<game>",
    "<init>",
    "</init>",
    "<BB>20</BB>",
    "<SB>-1</SB>",
    "<heroStack>1e400</heroStack>",
    "<card rank=\"A\" color=\"Spades\"/>",
    "<action no=\"1\" player=\"Hero\" act=\"raise\" amount=\"40\"/>",
    "<action no=\"0\" player=\"Villain\" act=\"call\" amount=\"-0\"/>",
    "<post player=\"Hero\" amount=\"10\">SB</post>",
    "<flop>",
    "</flop>",
    "<x><x><x>",
    "&amp;",
    "&#0;",
    "&unknown;",
    "<![CDATA[x]]>",
    "<!-- c -->",
    "\u{feff}",
    "é",
    "\r",
    "\u{1b}[2J",
    "\u{202e}",
    "\t",
    "\n",
];

const SCRIPT_FRAGMENTS: &[&str] = &[
    "RULE",
    "ENDRULE",
    "THEN",
    "VILLAIN",
    "ENDVILLAIN",
    "PREFLOP",
    "ENDFLOP",
    "RIVER",
    "ALWAYS",
    "PRIORITY 99999999999999999999",
    "RAISE",
    "RAISE 0 2BB",
    "CALL",
    "FOLD",
    "USE TABLE ../x.tsv",
    "USE TABLE /dev/zero",
    "external \"",
    "external \"/bin/true\"",
    "pot > 3BB",
    "AKs+",
    "QQ-",
    ",",
    "!",
    "//",
    "\"",
    "\u{feff}",
    "\r",
    "\n",
    "\u{1b}[31m",
    "é",
    "1e999",
    "0.5 pot",
];

#[test]
fn mutated_game_states_exit_with_documented_codes() {
    let dir = temp_dir("games");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let games: Vec<String> = [
        "tests/cases/game/thesis.xml",
        "examples/games/flop-cbet.xml",
        "examples/games/river-bluff.xml",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(root().join(p)).unwrap())
    .collect();
    for k in 0..120 {
        let base = &games[k % games.len()];
        let text = mutate(&mut rng, base, GAME_FRAGMENTS, 1 + k % 4);
        let file = dir.join(format!("g{k}.xml"));
        std::fs::write(&file, &text).unwrap();
        let out = hus(&[
            "decide",
            "examples/tag.hus",
            file.to_str().unwrap(),
            "--seed",
            "1",
        ]);
        assert_documented(&out, &[0, 1, 3, 4], &text);
    }
}

#[test]
fn mutated_scripts_exit_with_documented_codes() {
    let dir = temp_dir("scripts");
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut scripts: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(root().join("tests/cases/check")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "hus") {
            scripts.push(std::fs::read_to_string(p).unwrap());
        }
    }
    scripts.sort();
    for k in 0..120 {
        let base = &scripts[k % scripts.len()];
        let text = mutate(&mut rng, base, SCRIPT_FRAGMENTS, 1 + k % 5);
        let file = dir.join(format!("s{k}.hus"));
        std::fs::write(&file, &text).unwrap();
        let format = ["text", "short", "json"][k % 3];
        let out = hus(&["check", "--format", format, file.to_str().unwrap()]);
        assert_documented(&out, &[0, 1], &text);
    }
}

/// Seconds a command takes, the best of three runs (the machine may be busy).
fn seconds(args: &[&str]) -> f64 {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let out = hus(args);
            assert!(out.status.code().is_some_and(|c| c <= 5), "{args:?}");
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Input 16 times larger may take 16 times longer, never the 256 times a quadratic step would:
/// the check fails only above 64 times and a full second, so a busy machine cannot trip it.
#[test]
fn time_grows_linearly_with_the_input() {
    let dir = temp_dir("linear");
    let rules = |n: usize| {
        let mut s = String::from("RIVER\n");
        for i in 0..n {
            s.push_str(&format!(
                "RULE PRIORITY {} pot > {i}\n  THEN CALL\nENDRULE\nRULE\n  THEN FOLD\nENDRULE\n",
                i % 3
            ));
        }
        s + "ENDRIVER\n"
    };
    let thesis = std::fs::read_to_string(root().join("tests/cases/game/thesis.xml")).unwrap();
    let game = |n: usize| {
        let extra: String = (0..n)
            .map(|i| format!("<c{i}>1</c{i}>"))
            .collect::<String>()
            + &"<x/>".repeat(n);
        thesis.replace("<BB>20</BB>", &format!("<BB>20</BB>{extra}"))
    };
    for (name, small, big, args) in [
        (
            "rules",
            rules(2_500),
            rules(40_000),
            vec!["check", "--format", "short"],
        ),
        (
            "game",
            game(250),
            game(4_000),
            vec!["decide", "examples/tag.hus"],
        ),
    ] {
        let (s, b) = (
            dir.join(format!("{name}-small")),
            dir.join(format!("{name}-big")),
        );
        std::fs::write(&s, small).unwrap();
        std::fs::write(&b, big).unwrap();
        let with = |p: &Path| {
            let mut a = args.clone();
            a.push(p.to_str().unwrap());
            seconds(&a)
        };
        let (ts, tb) = (with(&s), with(&b));
        assert!(
            tb < 64.0 * ts || tb < 1.0,
            "{name}: {ts:.3} s for the small input, {tb:.3} s for 16 times as much"
        );
    }
}
