use super::*;
use hus_table::dealer::MatchConfig;

const GAME: &str = r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack>
<villainStack>1000</villainStack><heroCards><card rank="A" color="Spades"/>
<card rank="K" color="Spades"/></heroCards></init><posts>
<post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post>
</posts><preflop></preflop></game>"#;

fn table(cell: &str) -> String {
    let ranks = "AKQJT98765432";
    let mut t = String::new();
    for r in ranks.chars() {
        t.push(r);
        for _ in 0..13 {
            t.push('\t');
            t.push_str(cell);
        }
        t.push('\n');
    }
    t
}

#[test]
fn offsets_count_utf16_units() {
    let text = "é😀x";
    assert_eq!(utf16_offset(text, 0), 0);
    assert_eq!(utf16_offset(text, 2), 1);
    assert_eq!(utf16_offset(text, 6), 3);
    assert_eq!(byte_offset(text, 3), 6);
    assert_eq!(byte_offset(text, 2), 2);
    assert_eq!(byte_offset(text, 99), 7);
}

#[test]
fn a_mistake_is_reported_with_the_code_and_place_hus_check_gives() {
    let v = check(
        "// é\nPREFLOP\nRULE AK\n  THEN RAIS 3BB\nENDRULE\nENDPREFLOP\n",
        &SuppliedFiles::new(),
    );
    assert_eq!(v["errors"], 1);
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 4);
    assert_eq!(d["file"], "bot.hus");
    let from = d["from"].as_u64().unwrap() as usize;
    let source = SourceFile::new(SCRIPT_NAME, "// é\nPREFLOP\nRULE AK\n  THEN RAIS 3BB\n");
    let span_start = source.line_start(3) + d["column"].as_u64().unwrap() as usize - 1;
    assert_eq!(from, utf16_offset(&source.text, span_start));
}

#[test]
fn a_table_comes_from_the_supplied_files_only() {
    let script = "PREFLOP\nRULE\n  THEN USE TABLE open.tsv\nENDRULE\nENDPREFLOP\n";
    let none = check(script, &SuppliedFiles::new());
    assert_eq!(none["errors"], 1);
    assert_eq!(none["diagnostics"][0]["code"], "table-missing");
    assert_eq!(
        none["diagnostics"][0]["message"],
        "cannot read table `open.tsv`: no files were supplied beside the script"
    );
    let mut files = SuppliedFiles::new();
    files.insert("open.tsv".into(), table("C"));
    assert_eq!(check(script, &files)["errors"], 0);
    let v = decide(script, GAME, &files, 1);
    assert_eq!(v["decision"]["action"], "call", "{v}");
}

#[test]
fn an_include_comes_from_the_supplied_files() {
    let script = "INCLUDE \"lib/h.hus\"\nPREFLOP\nRULE good\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    let mut files = SuppliedFiles::new();
    files.insert("lib/h.hus".into(), "DEFINE good = AK\n".into());
    assert_eq!(check(script, &files)["errors"], 0);
    files.insert("lib/h.hus".into(), "INCLUDE \"../lib/h.hus\"\n".into());
    let v = check(script, &files);
    assert_eq!(v["diagnostics"][1]["code"], "include-cycle", "{v}");
    assert_eq!(v["diagnostics"][1]["file"], "lib/h.hus");
    assert_eq!(
        v["diagnostics"][1]["message"],
        "an include cycle: bot.hus → lib/h.hus → ../lib/h.hus (`../lib/h.hus` is already being included)"
    );
}

#[test]
fn a_decision_is_the_object_of_hus_decide_json_with_its_trace() {
    let script = "PREFLOP\nRULE AK\n  THEN RAISE 1 3BB, 1 4BB\nENDRULE\nENDPREFLOP\n";
    let v = decide(script, GAME, &SuppliedFiles::new(), 42);
    let d = &v["decision"];
    assert_eq!(d["action"], "raise");
    assert!(d["amount"] == 60 || d["amount"] == 80, "{d}");
    assert_eq!(d["rule"], json!({ "file": "bot.hus", "line": 2 }));
    assert_eq!(d["seed"], 42);
    assert_eq!(d["draw"]["total"], 2);
    assert!(v["trace"].as_str().unwrap().contains("line 2"), "{v}");
    assert_eq!(decide(script, GAME, &SuppliedFiles::new(), 42), v);
}

#[test]
fn a_decision_says_what_stopped_it() {
    let files = SuppliedFiles::new();
    let v = decide(
        "PREFLOP\nRULE AK\n  THEN CALL\nENDRULE\nENDPREFLOP\n",
        "<game>",
        &files,
        1,
    );
    assert_eq!(v["error"], "game");
    assert_eq!(v["diagnostics"][0]["file"], "game.xml");
    let v = decide("PREFLOP\nRULE AK\n  THEN CAL\n", GAME, &files, 1);
    assert_eq!(v["error"], "script");
    let v = decide(
        "FLOP\nRULE\n  THEN CALL\nENDRULE\nENDFLOP\n",
        GAME,
        &files,
        1,
    );
    assert_eq!(v["error"], "decide");
    assert_eq!(v["diagnostics"][0]["code"], "no-rule-matched");
    let ext = "PREFLOP\nRULE\n  THEN external \"bot heroCards\"\nENDRULE\nENDPREFLOP\n";
    let v = decide(ext, GAME, &files, 1);
    assert_eq!(v["error"], "decide", "{v}");
    assert_eq!(v["diagnostics"][0]["code"], "external-failed");
}

#[test]
fn hover_help_is_the_glossary_at_the_offset() {
    let script = "PREFLOP\nRULE pot > 3BB\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    let v = hover(script, &SuppliedFiles::new(), 14);
    assert_eq!(v["from"], 13);
    assert_eq!(v["to"], 16);
    assert!(v["text"].as_str().unwrap().starts_with("**pot**"), "{v}");
    assert_eq!(hover("", &SuppliedFiles::new(), 0), Value::Null);
}

#[test]
fn the_strength_words_that_take_a_range_have_hover_help() {
    let script =
        "FLOP\nRULE equityVs(QQ+) > 0.5 AND ppotVs(AK) > 0.1\n  THEN CALL\nENDRULE\nENDFLOP\n";
    for (offset, word) in [(12, "equityVs"), (35, "ppotVs")] {
        let v = hover(script, &SuppliedFiles::new(), offset);
        let text = v["text"].as_str().unwrap_or_default();
        assert!(text.starts_with(&format!("**{word}** (")), "{word}: {v}");
    }
}

#[test]
fn formatting_lays_out_or_reports() {
    let v = format("PREFLOP\nRULE AK\nTHEN CALL\nENDRULE\nENDPREFLOP\n");
    assert_eq!(
        v["text"],
        "PREFLOP\n  RULE AK\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n"
    );
    assert!(format("PREFLOP\nRULE (\n")["diagnostics"][0]["code"].is_string());
}

#[test]
fn a_match_is_the_dealer_s_with_the_same_seed() {
    let opt = PlayOptions {
        hands: 200,
        seed: 7,
        ..PlayOptions::default()
    };
    let files = SuppliedFiles::new();
    let v = play(("builtin:raiser", ""), ("builtin:caller", ""), &files, &opt);
    let bots = [
        hus_table::dealer::load_bot("builtin:raiser", &Default::default(), &[], &[]).unwrap(),
        hus_table::dealer::load_bot("builtin:caller", &Default::default(), &[], &[]).unwrap(),
    ];
    let config = MatchConfig::new(200, 7);
    let r = hus_table::dealer::play_match([&bots[0].bot, &bots[1].bot], &config, None).unwrap();
    assert_eq!(v["net_chips"], r.net_a);
    assert_eq!(v["bots"]["A"]["decisions"], r.bots[0].decisions);
    assert_eq!(v["bots"]["B"]["name"], "builtin:caller");
    assert!(v["plot"].as_str().unwrap().starts_with("<svg"));
    assert!(v["summary"].as_str().unwrap().starts_with("A's result: "));
    let bad = play(("bot.hus", "PREFLOP\n"), ("builtin:nope", ""), &files, &opt);
    assert_eq!(bad["bot"], "A");
    let bad = play(("builtin:caller", ""), ("builtin:nope", ""), &files, &opt);
    assert_eq!(bad["bot"], "B");
    assert!(bad["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("unknown built-in bot `builtin:nope`"));
}

#[test]
fn completion_after_then_offers_the_actions_with_their_help() {
    let script = "// é\nPREFLOP\nRULE AK\n  THEN \nENDRULE\nENDPREFLOP\n";
    let at = utf16_offset(script, script.find("THEN ").unwrap() + 5);
    let v = complete(script, &SuppliedFiles::new(), at);
    let labels: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"RAISE") && labels.contains(&"FOLD"),
        "{labels:?}"
    );
    assert_eq!(v["from"], at);
    assert_eq!(v["to"], at);
    assert_eq!(v["items"][0]["kind"], "action");
    assert!(!v["items"][0]["detail"].as_str().unwrap().is_empty());
}

#[test]
fn completion_replaces_the_word_begun() {
    let script = "PREFLOP\nRULE AK, facingB\n";
    let at = script.find("facingB").unwrap() + 7;
    let v = complete(script, &SuppliedFiles::new(), at);
    assert_eq!(v["from"], at - 7);
    let items = v["items"].as_array().unwrap();
    assert!(items.iter().any(|i| i["label"] == "facingBet"));
}

#[test]
fn the_words_to_colour_are_the_lexer_s_and_the_glossary_s() {
    let w = words();
    let has = |group: &str, word: &str| w[group].as_array().unwrap().iter().any(|x| x == word);
    assert!(has("blocks", "PREFLOP") && has("blocks", "ENDPREFLOP"));
    assert!(has("keywords", "THEN"));
    assert!(has("actions", "RAISE"));
    assert!(has("definitions", "DEFINE"));
    assert!(has("predicates", "facingBet"));
    assert!(has("constants", "potOdds"));
    assert!(has("constants", "villainFlopRaise") || has("constants", "villainflopraise"));
}

#[test]
fn the_chart_grid_is_pairs_on_the_diagonal_suited_above() {
    assert_eq!(class_at(0, 0), "AA");
    assert_eq!(class_at(0, 1), "AKs");
    assert_eq!(class_at(1, 0), "AKo");
    assert_eq!(class_at(12, 11), "32o");
}

/// A spot of the page at 100 big blinds: the acts and the board.
fn spot(acts: &str, board: &str) -> Spot {
    Spot {
        spot: acts.into(),
        board: board.into(),
        stack: 100.0,
        range: String::new(),
        all_holdings: false,
    }
}

#[test]
fn a_chart_cell_is_the_decision_of_its_class_with_the_mixed_weights() {
    let script = "PREFLOP\nRULE AA\n  THEN RAISE 2 bb\nENDRULE\nRULE AKs\n  THEN 0.25 CALL, 0.75 RAISE 3 bb\nENDRULE\nRULE PRIORITY -1\n  THEN FOLD\nENDRULE\nENDPREFLOP\n";
    let open = spot("", "");
    let v: Value = serde_json::from_str(&chart(script, &SuppliedFiles::new(), &open)).unwrap();
    let cells = v["cells"].as_array().unwrap_or_else(|| panic!("{v}"));
    assert_eq!(cells.len(), 169);
    let aa = &cells[0]["actions"][0];
    assert_eq!(
        (&aa["action"], aa["by"].as_f64(), &aa["share"]),
        (&json!("raise"), Some(200.0), &json!(1.0))
    );
    let aks = &cells[1]["actions"];
    assert_eq!(aks[0]["action"], "call");
    assert_eq!(aks[0]["share"], 0.25);
    assert_eq!(aks[1]["action"], "raise");
    assert_eq!(aks[1]["share"], 0.75);
    assert_eq!(cells[2]["actions"][0]["action"], "fold");
    // The same class's game decided alone gives one of the cell's actions.
    let xml = chart_game(&open, "AsKs").unwrap();
    let d = decide(script, &xml, &SuppliedFiles::new(), 0);
    assert!(["call", "raise"].contains(&d["decision"]["action"].as_str().unwrap()));
}

#[test]
fn a_chart_after_the_flop_is_by_category_over_the_range_brought_there() {
    let script = "PREFLOP\nRULE QQ+ | AK\n  THEN RAISE 2 bb\nENDRULE\nRULE PRIORITY -1\n  THEN FOLD\nENDRULE\nENDPREFLOP\n\
        FLOP\nRULE pair\n  THEN RAISE 2 bb\nENDRULE\nRULE PRIORITY -1\n  THEN CHECK\nENDRULE\nENDFLOP\n";
    let v: Value = serde_json::from_str(&chart(
        script,
        &SuppliedFiles::new(),
        &spot("BTN 3bb, BB call", "Kh8s4d"),
    ))
    .unwrap();
    assert_eq!(v["range"]["source"], "bot.hus brings here", "{v}");
    assert_eq!(v["cells"][0]["class"], "AA");
    assert!(v["made"].as_array().is_some_and(|m| !m.is_empty()));
    // JJ never opened: the range never holds it.
    assert_eq!(v["cells"][3 * 13 + 3]["weight"], 0.0);
    let xml = chart_game(&spot("BTN 3bb, BB call", "Kh8s4d"), "AsKs").unwrap();
    assert!(xml.contains("<flop>"), "{xml}");
}

#[test]
fn a_chart_refuses_a_bad_spot_board_or_range_naming_the_field() {
    let script = "PREFLOP\nRULE AA\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    let field = |s: &Spot| {
        let v: Value = serde_json::from_str(&chart(script, &SuppliedFiles::new(), s)).unwrap();
        v["field"].clone()
    };
    assert_eq!(field(&spot("BTN 2.5bb, BB dance", "")), "spot");
    assert_eq!(field(&spot("", "Kh8s")), "board");
    assert_eq!(field(&spot("", "Kh8sXx")), "board");
    assert_eq!(
        field(&Spot {
            stack: 0.5,
            ..spot("", "")
        }),
        "stack"
    );
    let ranged = Spot {
        range: "QQ+ | AX".into(),
        ..spot("BTN 3bb, BB call", "Kh8s4d")
    };
    assert_eq!(field(&ranged), "range");
    let both = Spot {
        range: "QQ+".into(),
        all_holdings: true,
        ..spot("BTN 3bb, BB call", "Kh8s4d")
    };
    assert_eq!(field(&both), "range");
    assert!(chart_game(&spot("", ""), "AsAs").is_err());
    assert!(chart_game(&spot("BTN fold", ""), "AsKs").is_err());
}

#[test]
fn the_check_text_holds_each_diagnostic_as_hus_check_prints_it_with_its_place() {
    let text = "not a script ü\nat all\n".repeat(3);
    let v = check(&text, &SuppliedFiles::new());
    let source = SourceFile::new(SCRIPT_NAME, text.as_str());
    let checked = hus_lang::check::check(&source, &options(&SuppliedFiles::new(), Vec::new()));
    assert!(checked.diagnostics.len() > 1);
    assert_eq!(
        v["diagnostics"],
        Value::Array(diagnostics_json(&source, &checked.diagnostics))
    );
    assert_eq!(v["errors"], checked.errors());
    assert_eq!(v["total"], checked.diagnostics.len());
}

#[test]
fn a_fix_is_an_edit_by_utf16_offsets() {
    let text = "// ü😀\nPREFLOP\nRULE AK\n  THEN RAIS 3BB\nENDRULE\nENDPREFLOP\n";
    let v = check(text, &SuppliedFiles::new());
    let d = &v["diagnostics"][0];
    let edit = &d["edits"][0];
    assert_eq!(edit["title"], "Replace with `RAISE`");
    assert_eq!(edit["insert"], "RAISE");
    // UTF-16 offsets: `ü` is one unit, the emoji two.
    let units: Vec<u16> = text.encode_utf16().collect();
    let (from, to) = (
        edit["from"].as_u64().unwrap() as usize,
        edit["to"].as_u64().unwrap() as usize,
    );
    assert_eq!(String::from_utf16(&units[from..to]).unwrap(), "RAIS");
    assert_eq!(d["fixes"].as_array().unwrap().len(), 1);
}

#[test]
fn the_first_diagnostics_are_written_and_all_counted() {
    let text = "not a script ü\nat all\n".repeat(3);
    let files = SuppliedFiles::new();
    let all = check(&text, &files);
    let first: Value = serde_json::from_str(&check_text_first(&text, &files, 2)).unwrap();
    let listed = all["diagnostics"].as_array().unwrap();
    assert!(listed.len() > 2);
    assert_eq!(first["diagnostics"], Value::Array(listed[..2].to_vec()));
    for key in ["total", "errors", "warnings"] {
        assert_eq!(first[key], all[key], "{key}");
    }
    assert_eq!(first["total"], listed.len());
}

#[test]
fn a_match_tells_the_hands_played_after_each_chunk_and_plays_as_without() {
    let told = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let seen = told.clone();
    let opt = PlayOptions {
        hands: 1100,
        ..PlayOptions::default()
    };
    let bots = (("builtin:raiser", ""), ("builtin:caller", ""));
    let files = SuppliedFiles::new();
    let with = play_with_progress(
        bots.0,
        bots.1,
        &files,
        &opt,
        Box::new(move |n| seen.borrow_mut().push(n)),
    );
    assert_eq!(*told.borrow(), vec![512, 1024, 1100]);
    assert_eq!(with, play(bots.0, bots.1, &files, &opt));
}

/// The page's hover parses only (but for an INCLUDE path's): the same help as with the check,
/// at places all over a shipped example, and an included file that was not supplied is still
/// said not to be read.
#[test]
fn hover_without_the_check_says_what_it_says_with_it() {
    let script =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/tag.hus"))
            .unwrap();
    let files = SuppliedFiles::new();
    for offset in (0..script.len()).step_by(5) {
        let full = Analysis::new(
            SourceFile::new(SCRIPT_NAME, script.as_str()),
            options(&files, Vec::new()),
        );
        let expected =
            hus_ide::ide::hover::hover(&full, byte_offset(&script, offset)).map(|h| h.text);
        let got = hover(&script, &files, offset);
        assert_eq!(got["text"].as_str(), expected.as_deref(), "at {offset}");
    }
    let script = "INCLUDE \"lib.hus\"\n";
    let v = hover(script, &files, 10);
    assert!(
        v["text"]
            .as_str()
            .unwrap()
            .starts_with("**lib.hus** (included file): not read: "),
        "{v}"
    );
}
