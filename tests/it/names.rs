//! `hus names`, `hus show builtin:NAME` and `hus check builtin:NAME`: the real binary.

use crate::support::hus::hus;
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn names_lists_every_name_and_prints_one_entry() {
    let all = hus(&["names"]);
    assert_eq!(all.status.code(), Some(0));
    let text = stdout(&all);
    for name in [
        "flushDraw",
        "deskFlush",
        "boardPlays",
        "facingBet",
        "potOdds",
        "equityVs",
        "ppotVs",
        "npotVs",
        "handStrengthVs",
        "ehs",
        "villain<Phase><Stat>",
        "RAISE",
        "R<x>",
        "bet",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    let one = hus(&["names", "POTODDS"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one).lines().next(), Some("potOdds (constant)"));
    assert!(stdout(&one).contains("toCall / (winnablePot + toCall)"));
    let versus = hus(&["names", "EQUITYVS"]);
    assert_eq!(
        stdout(&versus).lines().nth(1),
        Some("  the chance of winning at showdown against a range: `equityVs(QQ+ | AK)`")
    );
    let member = hus(&["names", "villainTurnLastRaise"]);
    assert_eq!(
        stdout(&member).lines().next(),
        Some("villainTurnLastRaise (constant family): the villain's last bet or raise increment in the turn")
    );
    let unknown = hus(&["names", "quads"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("four of a kind is `poker`"));
}

#[test]
fn show_and_check_builtins() {
    let list = hus(&["show", "builtin:"]);
    assert_eq!(
        stdout(&list),
        "builtin:random\nbuiltin:caller\nbuiltin:raiser\nbuiltin:equity\nbuiltin:bluffer\nbuiltin:exploit\n"
    );
    let equity = hus(&["show", "builtin:equity"]);
    assert!(stdout(&equity).starts_with("// builtin:equity"));
    for name in ["random", "caller", "raiser", "equity", "bluffer", "exploit"] {
        let spec = format!("builtin:{name}");
        let out = hus(&["check", &spec]);
        assert_eq!(out.status.code(), Some(0), "{spec}");
        assert_eq!(stdout(&out), format!("{spec}: 0 errors, 0 warnings\n"));
    }
    assert_eq!(hus(&["check", "builtin:nope"]).status.code(), Some(2));
    assert_eq!(hus(&["show", "builtin:nope"]).status.code(), Some(2));
}

/// `hus match --help` names every built-in bot `hus show builtin:` lists.
#[test]
fn match_help_lists_every_builtin() {
    let list = stdout(&hus(&["show", "builtin:"]));
    let help = stdout(&hus(&["match", "--help"]));
    let bot_a = help
        .lines()
        .find(|l| l.trim_start().starts_with("<A>"))
        .expect("the help describes <A>");
    for name in list.lines().filter_map(|l| l.strip_prefix("builtin:")) {
        assert!(
            bot_a.contains(name),
            "`hus match --help` lacks builtin:{name}:\n{bot_a}"
        );
    }
}

#[test]
fn names_searches_and_suggests_for_a_word_it_does_not_know() {
    let fold = hus(&["names", "--search", "fold"]);
    assert_eq!(fold.status.code(), Some(0));
    let text = stdout(&fold);
    assert!(text.lines().any(|l| l.starts_with("FOLD ")), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("villainFoldToCBet ")),
        "{text}"
    );
    assert!(!text.lines().any(|l| l.starts_with("CALL ")), "{text}");
    let none = hus(&["names", "--search", "xyzzy"]);
    assert_eq!(none.status.code(), Some(2));
    for (word, hint) in [
        ("VPIP", "did you mean `villainVPIP`?"),
        ("cbet", "did you mean `villainCBet`?"),
        ("threebet", "did you mean `villainThreeBet`?"),
        ("nuts", "names that mention it: `nutFlushDraw`, `nutFlush`"),
        ("street", "`hus names --search WORD`"),
    ] {
        let out = hus(&["names", word]);
        assert_eq!(out.status.code(), Some(2), "{word}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(hint), "{word}: {err}");
    }
}
