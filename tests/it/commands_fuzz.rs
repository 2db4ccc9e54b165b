//! The real binary over generated input to the study commands and the tournament:
//! `hus equity` and `hus range` reading ranges, boards, dead cards and weights made of
//! fragments, `hus chart` reading `--spot` strings, `--stack` and `--blinds`, and
//! `hus tournament` reading sizes. Each run exits only with a documented code, never panics,
//! quotes no input whole (every message stays short however long the input), and prints no
//! `-0`. Cases that once gave a wrong answer are kept as golden cases in tests/cases/decide.

use crate::support::hus::hus;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::Output;

/// The longest message line a run may print: a clipped quote (60 characters) and the words
/// around it, never the input itself.
const MAX_LINE: usize = 600;

/// Whether `text` holds a number printed as minus zero (`-0`, `-0.0`, `-0.00%`).
fn has_minus_zero(text: &str) -> bool {
    let b = text.as_bytes();
    (0..b.len()).any(|i| {
        let starts = b[i] == b'-'
            && b.get(i + 1) == Some(&b'0')
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
        if !starts {
            return false;
        }
        let mut j = i + 2;
        if b.get(j) == Some(&b'.') {
            j += 1;
            while b.get(j) == Some(&b'0') {
                j += 1;
            }
        }
        !b.get(j).is_some_and(|c| c.is_ascii_digit() || *c == b'.')
    })
}

/// Fails unless the run ended with one of `codes`, without a panic, with short message lines
/// and no `-0` in the results it printed (messages may quote an input `-0`). Whether it answered (exit 0).
fn assert_sound(out: &Output, codes: &[i32], args: &[String]) -> bool {
    let code = out.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(200).collect()).collect();
    assert!(
        codes.contains(&code) && !stderr.contains("panicked"),
        "exit {code}\n{}\n--- args ---\n{shown:?}",
        &stderr[..stderr.len().min(2000)]
    );
    let longest = stderr.lines().map(str::len).max().unwrap_or(0);
    assert!(
        longest <= MAX_LINE,
        "a message line of {longest} bytes\n--- args ---\n{shown:?}"
    );
    assert!(
        !has_minus_zero(&stdout),
        "-0 printed\n{stdout}\n{stderr}\n--- args ---\n{shown:?}"
    );
    code == 0
}

fn pick<'a>(rng: &mut ChaCha8Rng, from: &[&'a str]) -> &'a str {
    from[rng.random_range(0..from.len() as u32) as usize]
}

/// Half the time a sound value from `sound`, else `wild` (so that some runs answer).
fn sound_or(
    rng: &mut ChaCha8Rng,
    sound: &[&str],
    wild: impl FnOnce(&mut ChaCha8Rng) -> String,
) -> String {
    match rng.random_range(0..2u32) {
        0 => pick(rng, sound).to_string(),
        _ => wild(rng),
    }
}

const SOUND_RANGES: &[&str] = &[
    "QQ+ | AK",
    "AA",
    "KK:0.5, AKs",
    "anyTwo",
    "T9s, 22",
    "AhKh, QQ",
];
const SOUND_BOARDS: &[&str] = &["Kh8s4d", "Kh8s4d2c", "Kh8s4d2c9h"];

/// `lo` to `hi - 1` fragments joined, one sometimes repeated many times (a huge input).
fn made_of(rng: &mut ChaCha8Rng, from: &[&str], lo: u32, hi: u32) -> String {
    let n = rng.random_range(lo..hi);
    let mut s = String::new();
    for _ in 0..n {
        let f = pick(rng, from);
        let times = if rng.random_range(0..8u32) == 0 {
            rng.random_range(1000..20000u32) as usize
        } else {
            1
        };
        s.push_str(&f.repeat(times));
    }
    // One argument of a command line holds at most 128 KiB.
    let mut end = s.len().min(120_000);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s
}

const RANGE_FRAGMENTS: &[&str] = &[
    "AA",
    "KK",
    "QQ+",
    "AK",
    "AKs",
    "AKo",
    "K9s+",
    "JJ-",
    "A2s-A5s",
    "T9s",
    "22",
    "AhKh",
    "AsAd",
    "anyTwo",
    "any2",
    "random",
    ":0.5",
    ":0",
    ":1",
    ":1e-400",
    ":5e-324",
    ":1e-300",
    ":2",
    ":-0",
    ":nan",
    ":inf",
    ",",
    " | ",
    "|",
    "!",
    "+",
    "-",
    "é",
    "\u{202e}",
    "\u{1b}[2J",
    "shoves",
    " ",
];

const CARD_FRAGMENTS: &[&str] = &[
    "Kh", "8s", "4d", "Ah", "Ad", "Ac", "As", "Ks", "Kd", "Kc", "2c", "10h", "Th", "Xx", "h", " ",
    "é", "KhKh",
];

const FILTER_FRAGMENTS: &[&str] = &[
    "pair",
    "topPair+",
    "flushDraw",
    "!overcards",
    "air",
    "|",
    ",",
    "!",
    "+",
    "nosuch",
    "shove",
];

fn cards(rng: &mut ChaCha8Rng) -> String {
    made_of(rng, CARD_FRAGMENTS, 0, 7)
}

#[test]
fn generated_equity_questions_are_answered_or_refused() {
    let mut answered = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for _ in 0..60 {
        let hero = sound_or(&mut rng, SOUND_RANGES, |r| {
            made_of(r, RANGE_FRAGMENTS, 1, 5)
        });
        let villain = sound_or(&mut rng, SOUND_RANGES, |r| {
            made_of(r, RANGE_FRAGMENTS, 1, 5)
        });
        let mut args = vec![
            "equity".to_string(),
            hero,
            villain,
            "--board".into(),
            sound_or(&mut rng, &["", "Kh8s4d", "Kh8s4d2c"], cards),
            "--dead".into(),
            sound_or(&mut rng, &[""], cards),
            // Sampled, few deals: the count stays small whatever the ranges.
            "--sample".into(),
            sound_or(&mut rng, &["200"], |r| {
                pick(r, &["1", "0", "1e3", "-5", "99999999999999999999"]).into()
            }),
        ];
        if rng.random_range(0..3u32) == 0 {
            args.push("--villain-with".into());
            args.push(made_of(&mut rng, FILTER_FRAGMENTS, 1, 3));
        }
        if rng.random_range(0..2u32) == 0 {
            args.push("--json".into());
        }
        answered += usize::from(assert_sound(&hus(&args), &[0, 2], &args));
    }
    assert!(answered > 0, "every generated input was refused");
}

#[test]
fn generated_range_questions_are_answered_or_refused() {
    let mut answered = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for _ in 0..60 {
        let range = sound_or(&mut rng, SOUND_RANGES, |r| {
            made_of(r, RANGE_FRAGMENTS, 1, 5)
        });
        let mut args = vec![
            "range".to_string(),
            range,
            "--board".into(),
            sound_or(&mut rng, SOUND_BOARDS, cards),
            "--dead".into(),
            sound_or(&mut rng, &[""], cards),
        ];
        if rng.random_range(0..3u32) == 0 {
            args.push("--with".into());
            args.push(made_of(&mut rng, FILTER_FRAGMENTS, 1, 3));
        }
        if rng.random_range(0..2u32) == 0 {
            args.push("--json".into());
        }
        answered += usize::from(assert_sound(&hus(&args), &[0, 2], &args));
    }
    assert!(answered > 0, "every generated input was refused");
}

const SPOT_FRAGMENTS: &[&str] = &[
    "BTN", "BB", "SB", " ", ", ", "2.5bb", "3bet", "9bb", "call", "check", "fold", "limp", "allin",
    "raise", "bet", "50%", "1e-300bb", "1e308bb", "0bb", "-1bb", "nan", "shove", "é", ",,",
];

#[test]
fn generated_chart_spots_are_charted_or_refused() {
    let mut answered = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let boards = ["", "Kh8s4d", "Kh8s4d2c", "Kh8s4d2c9h", "Kh8s", "KhKh8s"];
    for _ in 0..50 {
        let spot = sound_or(
            &mut rng,
            &[
                "",
                "BTN 2.5bb",
                "BTN 2.5bb, BB 3bet 9bb",
                "BTN limp",
                "BTN allin",
            ],
            |r| made_of(r, SPOT_FRAGMENTS, 1, 8),
        );
        let args = vec![
            "chart".to_string(),
            "examples/pushfold.hus".into(),
            "--spot".into(),
            spot,
            "--board".into(),
            sound_or(&mut rng, &[""], |r| pick(r, &boards).into()),
            "--stack".into(),
            sound_or(&mut rng, &["20"], |r| {
                pick(r, &["1", "0.5", "21474837", "1e308", "nan", "-3"]).into()
            }),
            "--blinds".into(),
            sound_or(&mut rng, &["50/100"], |r| {
                pick(r, &["1/2147483648", "0/0", "100/50", "1e300/1e301", "x"]).into()
            }),
        ];
        answered += usize::from(assert_sound(&hus(&args), &[0, 2], &args));
    }
    assert!(answered > 0, "every generated input was refused");
}

#[test]
fn generated_tournament_sizes_are_played_or_refused() {
    let mut answered = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    // Sizes that are refused, and small ones that play: never a long tournament.
    let hands = [
        "0",
        "-1",
        "2",
        "4",
        "3",
        "1e3",
        "x",
        "18446744073709551616",
        "1000000000001",
    ];
    let chunks = ["0", "1", "2", "4", "-2", "18446744073709551616"];
    for _ in 0..24 {
        let mut args = vec![
            "tournament".to_string(),
            "builtin:caller".into(),
            "builtin:raiser".into(),
            "--hands".into(),
            sound_or(&mut rng, &["2", "4"], |r| pick(r, &hands).into()),
            "--chunk".into(),
            sound_or(&mut rng, &["2"], |r| pick(r, &chunks).into()),
            "--stack".into(),
            sound_or(&mut rng, &["100"], |r| {
                pick(r, &["0", "1e308", "21474837", "1"]).into()
            }),
            "--blinds".into(),
            sound_or(&mut rng, &["50/100"], |r| {
                pick(r, &["1/2147483648", "0/100", "100/50"]).into()
            }),
            "--seed".into(),
            "1".into(),
        ];
        if rng.random_range(0..3u32) == 0 {
            args.push("--no-duplicate".into());
        }
        answered += usize::from(assert_sound(&hus(&args), &[0, 2], &args));
    }
    assert!(answered > 0, "every generated input was refused");
}

#[test]
fn minus_zero_is_found() {
    assert!(has_minus_zero("combos -0, kept"));
    assert!(has_minus_zero("\"combos\":-0.0}"));
    assert!(has_minus_zero("-0.00%"));
    assert!(!has_minus_zero("hand-0 -0.5 -05 x-0 10-0.1"));
}
