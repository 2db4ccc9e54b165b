//! `hus nash --script` end to end: the script the binary writes is the golden
//! `tests/cases/nash/script-10bb.hus`, passes `hus check` without a warning, and `hus decide`
//! with it pushes, calls and folds every class the equilibrium plays purely as the
//! equilibrium says.

use std::path::{Path, PathBuf};

use hus_poker::cards::hole::HoleClass;

use crate::support::golden;
use crate::support::hus::{hus_in, Outcome};

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hus-nash-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> Outcome {
    Outcome::of(hus_in(dir, args))
}

/// The XML of a card: `A`, `Spades`.
fn card(rank: char, suit: &str) -> String {
    format!("<card rank=\"{rank}\" color=\"{suit}\"></card>")
}

/// A game at 10 big blinds (blinds 50/100) with the hero holding `class`'s representative;
/// as the small blind first to act, or as the big blind facing the small blind's push.
fn game(class: HoleClass, big_blind: bool) -> String {
    let name = class.name();
    let r: Vec<char> = name.chars().collect();
    let second = if class.suited { "Spades" } else { "Hearts" };
    let cards = format!("{}{}", card(r[0], "Spades"), card(r[1], second));
    let (sb, bb, acts) = if big_blind {
        (
            "Villain",
            "Hero",
            "<action no=\"0\" player=\"Villain\" act=\"raise\" amount=\"900\"></action>",
        )
    } else {
        ("Hero", "Villain", "")
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<game><init><BB>100</BB><SB>50</SB>\
         <heroStack>1000</heroStack><villainStack>1000</villainStack><heroCards>{cards}</heroCards></init>\
         <posts><post player=\"{sb}\" amount=\"50\">SB</post><post player=\"{bb}\" amount=\"100\">BB</post></posts>\
         <preflop>{acts}</preflop></game>\n"
    )
}

#[test]
fn the_written_script_is_checked_clean_and_decides_as_the_equilibrium() {
    let dir = scratch();
    let out = run(&dir, &["nash", "--stack", "10", "--script", "eq.hus"]);
    assert_eq!(out.code, "0\n", "{}", out.stderr);
    let script = std::fs::read_to_string(dir.join("eq.hus")).unwrap();
    let golden_file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/nash/script-10bb.hus");
    golden::assert_file(&golden_file, &script);

    let check = run(&dir, &["check", "eq.hus"]);
    assert_eq!(check.code, "0\n");
    assert!(
        check.stdout.contains("0 errors, 0 warnings"),
        "{}",
        check.stdout
    );

    let eq = hus::solve_push_fold(&hus::PushFold::new(10.0, 0.5, 0.0).unwrap()).unwrap();
    let mut decided = 0;
    for class in HoleClass::all() {
        let i = class.index();
        for (big_blind, share, act) in
            [(false, eq.push[i], "raise 900"), (true, eq.call[i], "call")]
        {
            if share > 0.0 && share < 1.0 {
                continue;
            }
            std::fs::write(dir.join("game.xml"), game(class, big_blind)).unwrap();
            let d = run(&dir, &["decide", "eq.hus", "game.xml"]);
            let want = if share == 1.0 { act } else { "fold" };
            assert_eq!(
                d.stdout.trim(),
                want,
                "{} as big blind {big_blind}",
                class.name()
            );
            decided += 1;
        }
    }
    assert_eq!(decided, 2 * 169 - 2);
    let _ = std::fs::remove_dir_all(&dir);
}
