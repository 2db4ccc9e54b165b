//! The real binary over generated and mutated inputs: `hus decide` reading mutated
//! game states and `hus check` and `hus decide` reading mutated scripts (their DEFINEs and
//! INCLUDEs too) never panic and exit only with documented codes. How size grows with the
//! input is checked by counting, in `hostile_defines.rs`, never by timing.

use crate::support::hus::hus;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};

use crate::support::root;
use std::process::Output;

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
    // DEFINE and INCLUDE structures: chains, doubling, cycles, files outside, itself.
    "\nDEFINE d0 = pot\n",
    "\nDEFINE d1 = d0 + d0\n",
    "\nDEFINE d0 = d1 * d1\n",
    "\nDEFINE c0 = pair, d0 > 1\n",
    "\nDEFINE c1 = c0, c0\n",
    "\nDEFINE r = QQ+ | AK | r\n",
    "\nDEFINE b\n  pair\n  flush\nENDDEFINE\n",
    "ENDDEFINE",
    " d1 > c1",
    "\nINCLUDE \"lib.hus\"\n",
    "\nINCLUDE \"../outside.hus\"\n",
    "\nINCLUDE \"/etc/passwd\"\n",
    "\nINCLUDE \"s0.hus\"\n",
    "\nINCLUDE \"",
];

/// A library the mutated scripts may include: DEFINEs that double and one that includes back.
const LIBRARY: &str = "DEFINE l0 = pot\nDEFINE l1 = l0 + l0\nDEFINE l2 = l1 + l1\nDEFINE lc = pair, l2 > 3BB\nINCLUDE \"s1.hus\"\n";

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
    std::fs::write(dir.join("lib.hus"), LIBRARY).unwrap();
    std::fs::write(dir.join("../outside.hus"), "DEFINE secret = 1\n").unwrap();
    let game = root().join("examples/games/flop-cbet.xml");
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut scripts: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(root().join("tests/cases/check")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "hus") {
            scripts.push(std::fs::read_to_string(p).unwrap());
        }
    }
    scripts.sort();
    for k in 0..300 {
        let base = &scripts[k % scripts.len()];
        let text = mutate(&mut rng, base, SCRIPT_FRAGMENTS, 1 + k % 5);
        let file = dir.join(format!("s{k}.hus"));
        std::fs::write(&file, &text).unwrap();
        let format = ["text", "short", "json"][k % 3];
        let out = hus(&["check", "--format", format, file.to_str().unwrap()]);
        assert_documented(&out, &[0, 1], &text);
        let text_out = String::from_utf8_lossy(&out.stdout);
        assert!(
            !text_out.contains("DEFINE secret"),
            "read a file outside: {text_out}"
        );
        let out = hus(&["decide", file.to_str().unwrap(), game.to_str().unwrap()]);
        assert_documented(&out, &[0, 1, 3, 5], &text);
    }
}
