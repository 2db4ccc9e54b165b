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
    let (script, diags) = hus_lang::syntax::parse(src);
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

/// One DEFINE of a generated graph: its kind and the DEFINEs (by number, any of them, so
/// cycles, self-uses and forward uses all occur) its body uses.
fn define_text(i: usize, kind: u8, uses: &[usize]) -> String {
    let names: Vec<String> = uses.iter().map(|u| format!("d{u}")).collect();
    let body = match kind % 4 {
        // A number: a sum of the others (or `pot`).
        0 if names.is_empty() => "pot / 2".to_string(),
        0 => names.join(" + "),
        // A condition: all of them.
        1 if names.is_empty() => "pot > 1".to_string(),
        1 => format!("{}, pot > 1", names.join(", ")),
        // A range: the union of them and a query.
        2 => {
            let mut items = names.clone();
            items.push("QQ+".into());
            items.join(" | ")
        }
        // An alias of one of them, or a comparison of two.
        _ => match names.as_slice() {
            [] => "AK".to_string(),
            [one] => one.clone(),
            [a, b, ..] => format!("{a} > {b}"),
        },
    };
    format!("DEFINE d{i} = {body}\n")
}

/// A script of generated DEFINEs, split between the script and files it includes (one of
/// them outside its directory, one missing), and a rule using a few of them.
/// Each DEFINE's kind, the DEFINEs it uses and the file it is in (0: the script; 1, 2: two
/// included files; 3: a file outside the script's directory).
type GraphDefine = (u8, Vec<usize>, u8);

fn define_graph() -> impl Strategy<Value = (Vec<GraphDefine>, Vec<usize>)> {
    (1usize..40).prop_flat_map(|n| {
        (
            prop::collection::vec((any::<u8>(), prop::collection::vec(0..n, 0..4), 0u8..4), n),
            prop::collection::vec(0..n, 0..4),
        )
    })
}

/// Writes the graph's files into `dir/bots` (and one beside it), and returns the script.
fn write_graph(dir: &std::path::Path, defines: &[GraphDefine], used: &[usize]) -> String {
    let bots = dir.join("bots");
    std::fs::create_dir_all(bots.join("lib")).unwrap();
    let mut files = [String::new(), String::new(), String::new(), String::new()];
    for (i, (kind, uses, file)) in defines.iter().enumerate() {
        files[*file as usize].push_str(&define_text(i, *kind, uses));
    }
    std::fs::write(bots.join("lib/a.hus"), &files[1]).unwrap();
    std::fs::write(
        bots.join("lib/b.hus"),
        format!("INCLUDE \"a.hus\"\n{}", files[2]),
    )
    .unwrap();
    std::fs::write(dir.join("outside.hus"), &files[3]).unwrap();
    let conditions: Vec<String> = used.iter().map(|u| format!("d{u}")).collect();
    format!(
        "INCLUDE \"lib/b.hus\"\nINCLUDE \"lib/a.hus\"\nINCLUDE \"../outside.hus\"\nINCLUDE \"lib/none.hus\"\n{}PREFLOP\nRULE\n  {}\n  THEN RAISE 2BB\nENDRULE\nRULE\n  THEN CALL\nENDRULE\nENDPREFLOP\n",
        files[0],
        conditions.join(", ")
    )
}

const GAME: &str = r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack><villainStack>1000</villainStack><heroCards><card rank="Q" color="Hearts"/><card rank="Q" color="Spades"/></heroCards></init><posts><post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post></posts><preflop></preflop></game>"#;

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Generated DEFINE graphs (cycles, chains, doubling, every kind) across included files
    /// check without a panic, never read the file outside, and give a program and a decision
    /// whose size and work are bounded by the script's text.
    #[test]
    fn define_and_include_graphs_check_in_linear_size((defines, used) in define_graph()) {
        use rand::SeedableRng;
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("define_graph_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let text = write_graph(&dir, &defines, &used);
        let options = hus_lang::check::CheckOptions {
            base_dir: dir.join("bots"),
            ..Default::default()
        };
        let source = hus_poker::diag::SourceFile::new("bot.hus", text.as_str());
        let checked = hus_lang::check::check(&source, &options);
        let codes: Vec<_> = checked.diagnostics.iter().map(|d| d.code).collect();
        prop_assert!(codes.contains(&hus_poker::diag::Code::IncludeOutside), "{codes:?}");
        // With errors there is no program; without the two bad INCLUDEs' errors there would
        // be one to measure, so measure the script without them too.
        let clean = text
            .replace("INCLUDE \"../outside.hus\"\n", "")
            .replace("INCLUDE \"lib/none.hus\"\n", "");
        let source = hus_poker::diag::SourceFile::new("bot.hus", clean.as_str());
        if let Some(program) = hus_lang::check::check(&source, &options).program {
            let written: usize = clean.len()
                + std::fs::read_to_string(dir.join("bots/lib/a.hus")).unwrap().len()
                + std::fs::read_to_string(dir.join("bots/lib/b.hus")).unwrap().len();
            prop_assert!(program.size() <= written, "{} nodes from {written} bytes", program.size());
            let state = hus_poker::game::GameState::from_xml(GAME).unwrap().0;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            let policy = hus_lang::external::ExternalPolicy::default();
            if let Ok(brief) = hus_lang::eval::decide_brief(&program, &state, &mut rng, &policy) {
                prop_assert!(brief.steps as usize <= 2 * program.size() + 10, "{} steps", brief.steps);
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
