//! The parser never panics: random token soup (valid token texts in random order, with random
//! line breaks) and random bytes both come back as a tree and diagnostics.

use proptest::prelude::*;

/// Texts of every kind of token, and a few near misses.
const TOKENS: &[&str] = &[
    "PREFLOP",
    "ENDPREFLOP",
    "FLOP",
    "ENDFLOP",
    "TURN",
    "ENDTURN",
    "RIVER",
    "ENDRIVER",
    "ALWAYS",
    "ENDALWAYS",
    "RULE",
    "ENDRULE",
    "THEN",
    "VILLAIN",
    "ENDVILLAIN",
    "FOLD",
    "CHECK",
    "CALL",
    "RAISE",
    "USE",
    "TABLE",
    "PRIORITY",
    "external",
    "then",
    "Rule",
    "THN",
    "ENDRUL",
    "pair",
    "heroStack",
    "BB",
    "allIn",
    "AK",
    "T5",
    "Q8s+",
    "JJ-",
    "A2s-A5s",
    "22-66",
    "22",
    "99",
    "54",
    "40",
    "0.5",
    "4BB",
    "10BB",
    "\"x y\"",
    "\"a \\\" b\"",
    "\"open",
    ">",
    "<",
    ">=",
    "<=",
    "==",
    "!=",
    "!",
    ",",
    "-",
    "// comment",
    "@",
    "#",
    "=",
    "tables/a.tsv",
    "\r\n",
    "\n",
    " ",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            0..TOKENS.len(),
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.5),
        ),
        0..120,
    )
    .prop_map(|items| {
        let mut s = String::new();
        for (i, newline, space) in items {
            s.push_str(TOKENS[i]);
            if newline {
                s.push('\n');
            } else if space {
                s.push(' ');
            }
        }
        s
    })
}

/// Soup that starts inside a block, so the parser (not just the block filter) sees it.
fn block_soup() -> impl Strategy<Value = String> {
    soup().prop_map(|s| format!("PREFLOP\nRULE {s}\nENDRULE\nENDPREFLOP\n"))
}

fn check(src: &str) {
    let (script, diags) = hus::syntax::parse(src);
    for d in &diags {
        let span = d.span.clone().expect("syntax errors have a span");
        assert!(span.start <= span.end && span.end <= src.len(), "{d:?}");
        assert!(src.is_char_boundary(span.start) && src.is_char_boundary(span.end));
    }
    for b in &script.blocks {
        assert!(b.span.end <= src.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(src in soup()) {
        check(&src);
    }

    #[test]
    fn token_soup_in_a_block_never_panics(src in block_soup()) {
        check(&src);
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&String::from_utf8_lossy(&bytes));
    }
}
