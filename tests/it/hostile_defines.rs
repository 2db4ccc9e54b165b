//! Scripts whose DEFINEs or INCLUDEs would make checking, deciding or the editor cost more
//! than the script's size: doubling DEFINEs, long chains, includes that lead out of the
//! script's directory. Sizes are counted (program nodes, evaluation steps, completion items),
//! never timed.

use std::path::{Path, PathBuf};

use hus_ide::ide::Analysis;
use hus_lang::check::{check, CheckOptions};
use hus_lang::eval::decide_brief;
use hus_lang::external::ExternalPolicy;
use hus_poker::diag::{Code, SourceFile};
use hus_poker::game::GameState;
use rand::SeedableRng;

const GAME: &str = r#"<game><init><BB>20</BB><SB>10</SB><heroStack>1000</heroStack><villainStack>1000</villainStack><heroCards><card rank="A" color="Hearts"/><card rank="K" color="Hearts"/></heroCards></init><posts><post player="Hero" amount="10">SB</post><post player="Villain" amount="20">BB</post></posts><preflop></preflop></game>"#;

/// A fresh directory for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile_defines")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn options(dir: &Path) -> CheckOptions {
    CheckOptions {
        base_dir: dir.to_path_buf(),
        ..CheckOptions::default()
    }
}

fn codes(text: &str, dir: &Path) -> Vec<Code> {
    let source = SourceFile::new(dir.join("bot.hus").display().to_string(), text);
    check(&source, &options(dir))
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code)
        .collect()
}

/// `levels` numeric DEFINEs, each the sum of the one before taken twice.
fn doubling_numbers(levels: usize) -> String {
    let mut s = String::from("DEFINE e0 = pot\n");
    for i in 1..levels {
        s.push_str(&format!("DEFINE e{i} = e{} + e{}\n", i - 1, i - 1));
    }
    s
}

/// `levels` condition DEFINEs, each the one before taken twice.
fn doubling_conditions(levels: usize) -> String {
    let mut s = String::from("DEFINE c0 = pot > 1\n");
    for i in 1..levels {
        s.push_str(&format!("DEFINE c{i} = c{}, c{}\n", i - 1, i - 1));
    }
    s
}

/// `n` bots' worth of doubling DEFINE groups (each at most 40 deep), each used by a rule.
fn doubling_script(groups: usize) -> String {
    let mut s = String::new();
    let mut rules = String::new();
    for g in 0..groups {
        s.push_str(&format!("DEFINE g{g}n0 = pot\nDEFINE g{g}c0 = pot > 1\n"));
        for i in 1..40 {
            s.push_str(&format!(
                "DEFINE g{g}n{i} = g{g}n{p} + g{g}n{p}\nDEFINE g{g}c{i} = g{g}c{p}, g{g}c{p}\n",
                p = i - 1
            ));
        }
        rules.push_str(&format!(
            "RULE\n  g{g}c39, g{g}n39 > 0\n  THEN FOLD\nENDRULE\n"
        ));
    }
    format!("{s}PREFLOP\n{rules}RULE\n  THEN CALL\nENDRULE\nENDPREFLOP\n")
}

/// The checked program's size and one decision's steps for `text`.
fn size_and_steps(text: &str) -> (usize, u64) {
    let dir = temp_dir("sizes");
    let source = SourceFile::new("bot.hus", text);
    let checked = check(&source, &options(&dir));
    let program = checked.program.unwrap_or_else(|| {
        panic!("{:?}", checked.diagnostics.first());
    });
    let state = GameState::from_xml(GAME).unwrap().0;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let brief = decide_brief(&program, &state, &mut rng, &ExternalPolicy::default()).unwrap();
    (program.size(), brief.steps)
}

#[test]
fn doubling_numeric_defines_make_a_program_as_large_as_the_script() {
    let mut text = doubling_numbers(40);
    text.push_str("PREFLOP\nRULE\n  e39 > 0\n  THEN FOLD\nENDRULE\nENDPREFLOP\n");
    let (size, steps) = size_and_steps(&text);
    // 2^39 uses of `pot` if copied; one node a DEFINE shared.
    assert!(size < 200, "{size} nodes");
    assert!(steps < 200, "{steps} steps");
}

#[test]
fn doubling_condition_defines_are_evaluated_once_a_decision() {
    let mut text = doubling_conditions(50);
    text.push_str("PREFLOP\nRULE\n  c49\n  THEN FOLD\nENDRULE\nENDPREFLOP\n");
    let (_, steps) = size_and_steps(&text);
    assert!(steps < 300, "{steps} steps");
}

#[test]
fn a_chain_deeper_than_the_documented_limit_is_an_error() {
    let dir = temp_dir("chain");
    let chain = |n: usize| {
        let mut s = String::from("DEFINE c0 = pot > 1\n");
        for i in 1..n {
            s.push_str(&format!("DEFINE c{i} = c{}, pot > 1\n", i - 1));
        }
        s
    };
    assert_eq!(codes(&chain(64), &dir), vec![]);
    assert_eq!(codes(&chain(65), &dir), vec![Code::DefineCycle]);
    // 30,000 links: one error, no deep recursion anywhere.
    assert_eq!(codes(&chain(30_000), &dir), vec![Code::DefineCycle]);
    let mut numbers = String::from("DEFINE n0 = pot\n");
    for i in 1..10_000 {
        numbers.push_str(&format!("DEFINE n{i} = n{} + 1\n", i - 1));
    }
    assert_eq!(codes(&numbers, &dir), vec![Code::DefineCycle]);
}

#[test]
fn a_chain_declared_last_first_is_limited_alike() {
    let dir = temp_dir("reverse");
    let mut s = String::new();
    for i in (1..65).rev() {
        s.push_str(&format!("DEFINE c{i} = c{}, pot > 1\n", i - 1));
    }
    s.push_str("DEFINE c0 = pot > 1\n");
    assert_eq!(codes(&s, &dir), vec![Code::DefineCycle]);
}

#[test]
fn check_and_decide_grow_linearly_with_doubling_defines() {
    let measure = |k: usize| size_and_steps(&doubling_script(k));
    let (s1, d1) = measure(1);
    let (s4, d4) = measure(4);
    let (s16, d16) = measure(16);
    // Exactly proportional but for the one shared catch-all rule.
    assert_eq!(s16 - s4, 4 * (s4 - s1), "sizes {s1} {s4} {s16}");
    assert_eq!(d16 - d4, 4 * (d4 - d1), "steps {d1} {d4} {d16}");
    assert!(s16 < 16 * s1 + 16, "sizes {s1} {s4} {s16}");
}

#[test]
fn completion_grows_linearly_with_chained_ranges() {
    let dir = temp_dir("completion");
    let items = |n: usize| {
        let mut s = String::from("DEFINE r0 = AA\n");
        for i in 1..n {
            s.push_str(&format!("DEFINE r{i} = r{} | KK\n", i - 1));
        }
        s.push_str("PREFLOP\nRULE\n  ");
        let offset = s.len();
        s.push_str("\n  THEN CALL\nENDRULE\nENDPREFLOP\n");
        let a = Analysis::new(SourceFile::new("bot.hus", s), options(&dir));
        let items = hus_ide::ide::complete::complete(&a, offset);
        let documentation: usize = items.iter().map(|i| i.documentation.len()).sum();
        (items.len(), documentation)
    };
    let (n1, d1) = items(500);
    let (n4, d4) = items(2000);
    let (n16, d16) = items(8000);
    assert_eq!(n16 - n4, 4 * (n4 - n1), "items {n1} {n4} {n16}");
    assert!(d16 < 20 * d1, "documentation {d1} {d4} {d16}");
}

#[test]
fn an_include_outside_the_scripts_directory_is_refused_unread() {
    let root = temp_dir("outside");
    let bots = root.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::write(root.join("secret.env"), "db_password = hunter2\n").unwrap();
    let secret = root.join("secret.env");
    let mut cases = vec![
        "INCLUDE \"../secret.env\"\n".to_string(),
        format!("INCLUDE \"{}\"\n", secret.display()),
    ];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, bots.join("link.hus")).unwrap();
        cases.push("INCLUDE \"link.hus\"\n".to_string());
    }
    for text in cases {
        let source = SourceFile::new(bots.join("bot.hus").display().to_string(), text.clone());
        let checked = check(&source, &options(&bots));
        let codes: Vec<Code> = checked.diagnostics.iter().map(|d| d.code).collect();
        assert!(codes.contains(&Code::IncludeOutside), "{text}: {codes:?}");
        assert!(!codes.contains(&Code::IncludeMissing), "{text}: {codes:?}");
        let shown = format!("{:?}", checked.diagnostics);
        assert!(!shown.contains("hunter2"), "{shown}");
    }
}

#[test]
fn an_include_inside_the_scripts_directory_is_read() {
    let dir = temp_dir("inside");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(dir.join("lib/base.hus"), "DEFINE big = 3BB\n").unwrap();
    let text = "INCLUDE \"lib/base.hus\"\nPREFLOP\nRULE\n  toCall < big\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    assert_eq!(codes(text, &dir), vec![]);
}

#[cfg(unix)]
#[test]
fn hard_links_to_one_file_are_included_once() {
    let dir = temp_dir("hardlinks");
    std::fs::write(dir.join("lib0.hus"), "DEFINE big = 3BB\n").unwrap();
    let mut text = String::from("INCLUDE \"lib0.hus\"\n");
    for i in 1..100 {
        std::fs::hard_link(dir.join("lib0.hus"), dir.join(format!("lib{i}.hus"))).unwrap();
        text.push_str(&format!("INCLUDE \"lib{i}.hus\"\n"));
    }
    text.push_str("PREFLOP\nRULE\n  toCall < big\n  THEN CALL\nENDRULE\nENDPREFLOP\n");
    // Read once: no `define-twice` for the 99 other names of the file.
    assert_eq!(codes(&text, &dir), vec![]);
}

#[test]
fn an_included_division_by_zero_is_reported_at_its_use() {
    let dir = temp_dir("included_undefined");
    std::fs::write(
        dir.join("lib.hus"),
        "// a long comment line that moves the DEFINE well past the script's own length\nDEFINE odd = pot / (toCall - toCall)\n",
    )
    .unwrap();
    let text = "INCLUDE \"lib.hus\"\nPREFLOP\nRULE\n  odd > 1\n  THEN FOLD\nENDRULE\nRULE\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    let source = SourceFile::new("bot.hus", text);
    let program = check(&source, &options(&dir)).program.unwrap();
    let state = GameState::from_xml(GAME).unwrap().0;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let d = hus_lang::eval::decide(
        &program,
        &state,
        &mut rng,
        &hus_lang::eval::DecideOptions::default(),
    )
    .unwrap();
    let at: Vec<&str> = d
        .warnings
        .iter()
        .filter(|w| w.code == Code::UndefinedValue)
        .filter_map(|w| text.get(w.span.clone()?))
        .collect();
    assert_eq!(at, vec!["odd"]);
}

#[test]
fn a_define_named_like_an_init_constant_says_it_wins() {
    let dir = temp_dir("init_name");
    let text =
        "DEFINE ante = 5\nPREFLOP\nRULE\n  toCall < ante\n  THEN CALL\nENDRULE\nENDPREFLOP\n";
    let source = SourceFile::new("bot.hus", text);
    let options = CheckOptions {
        defines: vec!["Ante".into()],
        ..options(&dir)
    };
    let checked = check(&source, &options);
    let said: Vec<(Code, &str)> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [(
            Code::DefineOverInit,
            "`ante` is also an <init> constant of the game state; the DEFINE wins"
        )]
    );
    assert!(checked.program.is_some());
}
