//! The game-state reader never panics: random bytes, and valid game files mutated (bytes
//! replaced, cut out, repeated; XML fragments inserted; the file truncated), come back as a game
//! state or as errors, and every span a diagnostic points at lies inside the input (on a
//! character boundary, so it can be shown).

use hus_poker::diag::SourceDiagnostic;
use hus_poker::game::GameState;
use proptest::prelude::*;

/// Every valid game file the repository has: the fixtures and the examples.
const VALID: &[&str] = &[
    include_str!("../cases/game/thesis.xml"),
    include_str!("../cases/game/hero-sb-preflop.xml"),
    include_str!("../cases/game/hero-bb-preflop.xml"),
    include_str!("../../examples/games/flop-cbet.xml"),
    include_str!("../../examples/games/flop-flushdraw-call.xml"),
    include_str!("../../examples/games/preflop-3bet.xml"),
    include_str!("../../examples/games/preflop-defend.xml"),
    include_str!("../../examples/games/river-bluff.xml"),
    include_str!("../../examples/games/river-pair-call.xml"),
    include_str!("../../examples/games/turn-set-raise.xml"),
];

/// Fragments a mutation inserts: elements, attributes, entities and numbers at their edges.
const FRAGMENTS: &[&str] = &[
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
    "<villainStack>NaN</villainStack>",
    "<card rank=\"A\" color=\"Spades\"/>",
    "<card rank=\"10\" color=\"x\"/>",
    "<action no=\"1\" player=\"Hero\" act=\"raise\" amount=\"40\"/>",
    "<action no=\"99999999999999999999\" player=\"Villain\" act=\"call\" amount=\"-0\"/>",
    "<action player=\"Hero\" act=\"check\"/>",
    "<post player=\"Hero\" amount=\"10\">SB</post>",
    "<flop>",
    "</flop>",
    "<river></river>",
    "&amp;",
    "&#0;",
    "&#x110000;",
    "&unknown;",
    "<![CDATA[x]]>",
    "<!-- c -->",
    "<?xml version=\"1.0\"?>",
    "<!DOCTYPE game [<!ENTITY a \"aaaa\">]>",
    "amount=\"",
    "\"",
    "\u{feff}",
    "é",
    "\r",
    "\n",
];

/// Reads `text` and checks every diagnostic's span.
fn read(text: &str) {
    let diagnostics: Vec<SourceDiagnostic> = match GameState::from_xml(text) {
        Ok((_, warnings)) => warnings,
        Err(e) => {
            assert!(!e.diagnostics.is_empty(), "an error without a diagnostic");
            e.diagnostics
        }
    };
    for d in &diagnostics {
        let spans = d.span.iter().chain(d.related.iter().map(|(s, _)| s));
        for s in spans {
            assert!(
                s.start <= s.end && s.end <= text.len(),
                "{} span {s:?} outside {} bytes",
                d.code,
                text.len()
            );
            assert!(
                text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
                "{} span {s:?} splits a character",
                d.code
            );
        }
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Cut(usize, usize),
    Repeat(usize, usize),
    Insert(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Replace(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Mutation::Cut(i, n)),
        (any::<usize>(), 1usize..60).prop_map(|(i, n)| Mutation::Repeat(i, n)),
        (any::<usize>(), 0..FRAGMENTS.len()).prop_map(|(i, f)| Mutation::Insert(i, f)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

/// Applies mutations to the bytes of a file; the result is made valid UTF-8 lossily (the
/// reader takes `&str`, as the CLI does after decoding).
fn mutate(base: &str, mutations: &[Mutation]) -> String {
    let mut b = base.as_bytes().to_vec();
    for m in mutations {
        let len = b.len().max(1);
        match *m {
            Mutation::Replace(i, byte) => {
                if !b.is_empty() {
                    b[i % len] = byte;
                }
            }
            Mutation::Cut(i, n) => {
                let i = i % len;
                let end = (i + n).min(b.len());
                if i < end {
                    b.drain(i..end);
                }
            }
            Mutation::Repeat(i, n) => {
                let i = i % len;
                let end = (i + n).min(b.len());
                let piece: Vec<u8> = b[i.min(end)..end].to_vec();
                b.splice(end..end, piece);
            }
            Mutation::Insert(i, f) => {
                let i = (i % len).min(b.len());
                b.splice(i..i, FRAGMENTS[f].bytes());
            }
            Mutation::Truncate(i) => b.truncate(i % len),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_valid_files_never_panic(
        base in 0..VALID.len(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        read(&mutate(VALID[base], &mutations));
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_fragments_never_panic(parts in prop::collection::vec(0..FRAGMENTS.len(), 0..60)) {
        let text: String = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        read(&text);
        read(&format!("<game>{text}</game>"));
    }
}

#[test]
fn every_valid_file_reads() {
    for text in VALID {
        GameState::from_xml(text).expect("a valid game state");
    }
}

/// A byte-order mark is skipped, and positions still count from the file's first byte.
#[test]
fn a_byte_order_mark_keeps_positions() {
    let plain = include_str!("../cases/game/thesis.xml");
    let with_bom = format!("\u{feff}{plain}");
    let spans = |text: &str| -> Vec<usize> {
        let (_, warnings) = GameState::from_xml(text).expect("valid");
        warnings
            .iter()
            .map(|w| w.span.clone().unwrap().start)
            .collect()
    };
    let shifted: Vec<usize> = spans(plain).iter().map(|s| s + 3).collect();
    assert_eq!(spans(&with_bom), shifted);
    assert_eq!(shifted.len(), 2);
}
