//! `external` end to end (spec 9) through the real `hus decide`: each test writes a script
//! and a game state into a fresh temporary directory, links `programs` there to the helper
//! programs of `tests/programs/`, and runs the binary in that directory. What is checked: a
//! condition reads the program's number, an action's answer is made legal like any action,
//! every placeholder becomes exactly the promised arguments, time limits kill the program and
//! its children, failures exit 5 with a message quoting the program, and no text from the
//! game state can run a command.

use crate::support::hus::command;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A fresh directory holding one test's script, game and `programs` link; removed on drop.
struct Case {
    dir: PathBuf,
}

impl Case {
    fn new(name: &str) -> Case {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hus-external-decide-{}-{}-{name}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
        std::os::unix::fs::symlink(programs, dir.join("programs")).unwrap();
        Case { dir }
    }

    fn write(&self, name: &str, text: &str) -> &Case {
        std::fs::write(self.dir.join(name), text).unwrap();
        self
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// `hus decide bot.hus game.xml --seed 1 EXTRA...` in the case directory.
    fn decide(&self, extra: &[&str]) -> Outcome {
        let out = command(&self.dir)
            .args(["decide", "bot.hus", "game.xml", "--seed", "1"])
            .args(extra)
            .output()
            .expect("run hus");
        Outcome {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    fn allowed(&self) -> Outcome {
        self.decide(&["--allow-external"])
    }

    /// The arguments `argv.sh` recorded in `file` (NUL-separated).
    fn argv(&self, file: &str) -> Vec<String> {
        let bytes = std::fs::read(self.path(file)).expect("argv.sh wrote its arguments");
        let mut args: Vec<String> = bytes
            .split(|b| *b == 0)
            .map(|a| String::from_utf8(a.to_vec()).unwrap())
            .collect();
        // Every argument is followed by a NUL: the last piece is empty.
        assert_eq!(args.pop().as_deref(), Some(""), "{bytes:?}");
        args
    }

    /// The names in the case directory, sorted.
    fn listing(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[derive(Debug)]
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Outcome {
    /// Exit 0 with this decision on stdout.
    fn decided(&self, action: &str) {
        assert_eq!(
            (self.code, self.stdout.as_str()),
            (0, format!("{action}\n").as_str()),
            "stderr:\n{}",
            self.stderr
        );
    }

    /// Exit 5, nothing on stdout, and every phrase in the error message (compared without
    /// white space and the diagnostic's gutter, which wrap the message at 100 columns).
    fn failed_with(&self, phrases: &[&str]) {
        assert_eq!(self.code, 5, "{self:#?}");
        assert_eq!(self.stdout, "", "{self:#?}");
        let flat = squash(&self.stderr);
        for p in phrases {
            assert!(
                flat.contains(&squash(p)),
                "stderr lacks {p:?}:\n{}",
                self.stderr
            );
        }
    }
}

/// The text of a rendered diagnostic without white space and without the `×`, `│` and `·` of
/// its gutter, so a phrase matches wherever the message was wrapped.
fn squash(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_start().trim_start_matches(['×', '│', '·', '⚠']))
        .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()))
        .collect()
}

/// One rule in an ALWAYS block whose action is `action` whether or not the villain has acted
/// in this round, and a fallback rule of lower priority that calls.
fn script(condition: &str, action: &str) -> String {
    format!(
        "ALWAYS\nRULE {condition}\n  THEN {action}\n  VILLAIN\n    THEN {action}\n  ENDVILLAIN\nENDRULE\n\
         RULE PRIORITY -1\n  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDALWAYS\n"
    )
}

/// Preflop, the hero (A♥ K♦) on the small blind to act first: 10 to call, pot 30, 990 behind.
fn preflop(hero_stack: u32) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<game>
  <init>
    <BB>20</BB>
    <SB>10</SB>
    <heroStack>{hero_stack}</heroStack>
    <villainStack>1000</villainStack>
    <heroCards>
      <card rank="A" color="Hearts"></card>
      <card rank="K" color="Diamonds"></card>
    </heroCards>
  </init>
  <posts>
    <post player="Hero" amount="10">SB</post>
    <post player="Villain" amount="20">BB</post>
  </posts>
  <preflop>
  </preflop>
</game>
"#
    )
}

/// Preflop after the hero limped and the villain raised by 100: 100 to call, minimum raise 100.
const PREFLOP_RAISED: &str = r#"<game>
  <init>
    <BB>20</BB><SB>10</SB><heroStack>1000</heroStack><villainStack>1000</villainStack>
    <heroCards><card rank="A" color="Hearts"/><card rank="K" color="Diamonds"/></heroCards>
  </init>
  <posts>
    <post player="Hero" amount="10">SB</post>
    <post player="Villain" amount="20">BB</post>
  </posts>
  <preflop>
    <action no="0" player="Hero" act="call" amount="10"/>
    <action no="1" player="Villain" act="raise" amount="100"/>
  </preflop>
</game>
"#;

/// The river: hero 8♥ T♦ on the big blind, board Q♠ 10♣ 8♣ | 2♦ | A♠, the hero checked and
/// the villain bet 40: pot 80, toCall 40, heroStack 980, and an `<init>` extra `edge` = 0.25.
const RIVER: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<game>
  <init>
    <BB>20</BB>
    <SB>10</SB>
    <heroStack>1000</heroStack>
    <villainStack>1000</villainStack>
    <edge>0.25</edge>
    <heroCards>
      <card rank="8" color="Hearts"></card>
      <card rank="T" color="Diamonds"></card>
    </heroCards>
  </init>
  <posts>
    <post player="Villain" amount="10">SB</post>
    <post player="Hero" amount="20">BB</post>
  </posts>
  <preflop>
    <action no="0" player="Villain" act="call" amount="10"></action>
    <action no="1" player="Hero" act="check" amount="0"></action>
  </preflop>
  <flop>
    <cards>
      <card rank="Q" color="Spades"></card>
      <card rank="10" color="Clubs"></card>
      <card rank="8" color="c"></card>
    </cards>
    <action no="0" player="Hero" act="check" amount="0"></action>
    <action no="1" player="Villain" act="check" amount="0"></action>
  </flop>
  <turn>
    <cards><card rank="2" color="Diamonds"></card></cards>
    <action no="0" player="Hero" act="check" amount="0"></action>
    <action no="1" player="Villain" act="check" amount="0"></action>
  </turn>
  <river>
    <cards><card rank="A" color="Spades"></card></cards>
    <action no="0" player="Hero" act="check" amount="0"></action>
    <action no="1" player="Villain" act="raise" amount="40"></action>
  </river>
</game>
"#;

#[test]
fn a_condition_compares_the_number_the_program_prints() {
    let case = Case::new("compare");
    case.write("game.xml", &preflop(1000));
    // number.sh prints `equity: X (approx)` and a second line with another number.
    for (value, decision) in [("0.7", "raise 60"), ("0.5", "call"), ("0.3", "call")] {
        let condition = format!("external \"programs/number.sh {value}\" > 0.5");
        case.write("bot.hus", &script(&condition, "RAISE 3BB"));
        case.allowed().decided(decision);
    }
    // The program's number on either side of the comparison.
    case.write(
        "bot.hus",
        &script("pot < external \"programs/number.sh 31\"", "RAISE 3BB"),
    );
    case.allowed().decided("raise 60");
}

#[test]
fn a_lone_external_condition_holds_when_the_number_is_not_zero() {
    let case = Case::new("lone");
    case.write("game.xml", &preflop(1000));
    for (value, decision) in [("0.7", "raise 60"), ("-1", "raise 60"), ("0", "call")] {
        let condition = format!("external \"programs/number.sh {value}\"");
        case.write("bot.hus", &script(&condition, "RAISE 3BB"));
        case.allowed().decided(decision);
    }
}

#[test]
fn an_action_program_answer_is_played_as_it_is_when_legal() {
    let case = Case::new("action-legal");
    case.write("game.xml", &preflop(1000));
    for (answer, decision) in [
        ("", "raise 77"),
        ("fold", "fold"),
        ("CALL", "call"),
        ("Raise 120", "raise 120"),
    ] {
        let action = format!("external \"programs/action.sh {answer}\"");
        case.write("bot.hus", &script("", &action));
        let out = case.allowed();
        out.decided(decision);
        assert_eq!(out.stderr, "", "{answer}");
    }
}

#[test]
fn an_action_program_raise_below_the_minimum_becomes_the_minimum_with_a_warning() {
    let case = Case::new("action-min");
    case.write("game.xml", PREFLOP_RAISED);
    // The villain has acted: the rule's VILLAIN reaction runs the program (`raise 77`).
    case.write("bot.hus", &script("", "external \"programs/action.sh\""));
    let out = case.allowed();
    out.decided("raise 100");
    let flat = squash(&out.stderr);
    assert!(flat.contains("action-made-legal"), "{}", out.stderr);
    assert!(
        flat.contains(&squash(
            "rule at line 2: a raise of 77 is below the minimum raise of 100; raising 100 instead"
        )),
        "{}",
        out.stderr
    );
    assert!(
        flat.contains(&squash("printed as `raise 100`")),
        "{}",
        out.stderr
    );
}

#[test]
fn an_action_program_raise_above_the_stack_becomes_all_in_with_a_warning() {
    let case = Case::new("action-allin");
    // 60 at the start, 10 posted: 50 behind, 10 to call, so at most a raise of 40.
    case.write("game.xml", &preflop(60));
    case.write("bot.hus", &script("", "external \"programs/action.sh\""));
    let out = case.allowed();
    out.decided("raise 40");
    assert!(
        squash(&out.stderr).contains(&squash(
            "a raise of 77 is more than the hero can put in (50 behind, 10 to call); \
             raising 40 (all in) instead"
        )),
        "{}",
        out.stderr
    );
    // A check answered when something is owed becomes a fold, as for any action.
    case.write(
        "bot.hus",
        &script("", "external \"programs/action.sh check\""),
    );
    let out = case.allowed();
    out.decided("fold");
    assert!(
        squash(&out.stderr).contains(&squash("CHECK when 10 is owed becomes fold")),
        "{}",
        out.stderr
    );
}

/// Runs `argv.sh` with `words` on `game` and returns the arguments it received.
fn argv_of(case: &Case, game: &str, words: &str) -> Vec<String> {
    case.write("game.xml", game);
    let _ = std::fs::remove_file(case.path("argv.out"));
    let condition = format!("external \"programs/argv.sh argv.out {words}\" >= 0");
    case.write("bot.hus", &script(&condition, "RAISE 3BB"));
    let out = case.allowed();
    out.decided("raise 60");
    case.argv("argv.out")
}

#[test]
fn each_placeholder_becomes_exactly_the_promised_arguments() {
    let case = Case::new("placeholders");
    let cases: &[(&str, &[&str])] = &[
        ("heroCards", &["8H", "10D"]),
        ("flopCards", &["QS", "10C", "8C"]),
        ("turnCard", &["2D"]),
        ("riverCard", &["AS"]),
        ("communityCards", &["QS", "10C", "8C", "2D", "AS"]),
        ("HEROCARDS", &["8H", "10D"]),
        ("pot", &["80"]),
        ("toCall", &["40"]),
        ("BB", &["20"]),
        ("bb", &["20"]),
        ("SB", &["10"]),
        ("heroStack", &["980"]),
        ("villainRiverRaise", &["40"]),
        ("villainRiverCheckTimes", &["0"]),
        ("edge", &["0.25"]),
        ("EDGE", &["0.25"]),
        // Only whole, unquoted, unescaped words are replaced.
        ("'pot'", &["pot"]),
        ("\\\"heroCards\\\"", &["heroCards"]),
        ("\\\\pot", &["pot"]),
        ("--pot=pot", &["--pot=pot"]),
        ("pot,", &["pot,"]),
        ("notAConstant", &["notAConstant"]),
        (
            "heroCards pot 'two words' wholeGam",
            &["8H", "10D", "80", "two words", "wholeGam"],
        ),
    ];
    for (words, want) in cases {
        assert_eq!(argv_of(&case, RIVER, words), *want, "words: {words}");
    }
}

#[test]
fn cards_not_dealt_yet_give_no_argument() {
    let case = Case::new("undealt");
    let game = preflop(1000);
    assert_eq!(
        argv_of(
            &case,
            &game,
            "a flopCards b turnCard c riverCard d communityCards e heroCards"
        ),
        ["a", "b", "c", "d", "e", "AH", "KD"]
    );
}

#[test]
fn whole_game_is_one_argument_equal_to_the_file_as_read() {
    let case = Case::new("whole-game");
    // Comments, CRLF line ends, tabs, trailing blanks and non-ASCII text all pass unchanged.
    let game = RIVER
        .replace(
            "<game>\n",
            "<game>\r\n\t<!-- a comment with  two spaces, \"quotes\" and ♠ -->  \r\n",
        )
        .replace("</game>\n", "</game>\n\n");
    assert_eq!(argv_of(&case, &game, "wholeGame"), [game.as_str()]);
    assert_eq!(
        argv_of(&case, &game, "x WHOLEGAME y"),
        ["x", game.as_str(), "y"]
    );
    // Quoted, it is the word itself.
    assert_eq!(argv_of(&case, &game, "'wholeGame'"), ["wholeGame"]);
}

#[test]
fn shell_syntax_in_the_command_is_passed_literally() {
    let case = Case::new("literal");
    let got = argv_of(
        &case,
        RIVER,
        "';' 'touch pwned' '$(touch pwned)' '`touch pwned`' '|' '>' pwned '*' $HOME ~ '&&'",
    );
    assert_eq!(
        got,
        [
            ";",
            "touch pwned",
            "$(touch pwned)",
            "`touch pwned`",
            "|",
            ">",
            "pwned",
            "*",
            "$HOME",
            "~",
            "&&"
        ]
    );
    assert!(!case.path("pwned").exists());
}

/// Text a shell would run, in every form: command substitution, backquotes, `;`, `&&`, `|`
/// and a line break. `M` names the marker file it would create.
fn hostile(m: &str) -> String {
    format!("x$(touch {m}1)`touch {m}2`;touch {m}3 && touch {m}4 | touch {m}5\ntouch {m}6 '\"")
}

#[test]
fn nothing_in_the_game_state_can_run_a_command() {
    let case = Case::new("injection");
    let attr = hostile("pwned")
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;");
    let comment = hostile("pwned").replace("--", "- -");
    // Hostile text where the reader ignores it: comments, and attributes it does not know on
    // <card>, <action> and <game>.
    let game = RIVER
        .replace(
            "<game>",
            &format!("<game note=\"{attr}\">\n<!-- {comment} -->"),
        )
        .replace(
            "<card rank=\"8\" color=\"Hearts\">",
            &format!("<card rank=\"8\" color=\"Hearts\" label=\"{attr}\"><!-- {comment} -->"),
        )
        .replace(
            "act=\"raise\" amount=\"40\">",
            &format!("act=\"raise\" amount=\"40\" said=\"{attr}\"><!-- $(touch pwned7) -->"),
        )
        .replace(
            "<edge>0.25</edge>",
            "<edge><!-- `touch pwned8`; touch pwned9 -->0.25</edge>",
        );
    let before = case.listing();
    let got = argv_of(
        &case,
        &game,
        "wholeGame heroCards pot edge communityCards wholeGame",
    );
    assert_eq!(
        got,
        [
            game.as_str(),
            "8H",
            "10D",
            "80",
            "0.25",
            "QS",
            "10C",
            "8C",
            "2D",
            "AS",
            game.as_str()
        ]
    );
    assert!(got[0].contains(&hostile("pwned")));
    // Only the files this test wrote (argv.sh's output among them); no marker anywhere.
    let after = case.listing();
    assert_eq!(
        after,
        ["argv.out", "bot.hus", "game.xml", "programs"],
        "before: {before:?}"
    );
    for name in &after {
        assert!(!name.contains("pwned"), "{after:?}");
    }
}

#[test]
fn a_program_past_its_time_limit_is_killed_and_the_decision_fails() {
    let case = Case::new("timeout");
    case.write("game.xml", &preflop(1000));
    case.write(
        "bot.hus",
        &script("external \"programs/sleep.sh 30\" > 0", "RAISE 3BB"),
    );
    let start = Instant::now();
    let out = case.decide(&["--allow-external", "--external-timeout", "0.3"]);
    // A generous bound: the program would sleep 30 s.
    assert!(start.elapsed() < Duration::from_secs(20), "{out:#?}");
    out.failed_with(&[
        "external program `programs/sleep.sh` took longer than its time limit (killed after 300 ms)",
        "the time limit is set by --external-timeout SECONDS",
        "it printed \"thinking\"",
    ]);
    // As an action too.
    case.write("bot.hus", &script("", "external \"programs/sleep.sh 30\""));
    let start = Instant::now();
    let out = case.decide(&["--allow-external", "--external-timeout", "0.3"]);
    assert!(start.elapsed() < Duration::from_secs(20), "{out:#?}");
    out.failed_with(&["took longer than its time limit", "killed after 300 ms"]);
}

#[test]
fn nothing_a_program_started_outlives_it() {
    let case = Case::new("orphan");
    case.write("game.xml", &preflop(1000));
    // orphan.sh starts a child that creates the marker after 1 s. Killed at the time limit:
    case.write(
        "bot.hus",
        &script("external \"programs/orphan.sh killed 30\" > 0", "RAISE 3BB"),
    );
    let start = Instant::now();
    let out = case.decide(&["--allow-external", "--external-timeout", "0.3"]);
    assert!(start.elapsed() < Duration::from_secs(20), "{out:#?}");
    out.failed_with(&["`programs/orphan.sh` took longer than its time limit"]);
    // Ending well (the number 0.5) while its child still runs:
    case.write(
        "bot.hus",
        &script("external \"programs/orphan.sh ended 0\" > 0", "RAISE 3BB"),
    );
    case.allowed().decided("raise 60");
    // Had either child survived, its marker would exist 1 s after it started.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        !case.path("killed").exists(),
        "the timed-out program's child ran on"
    );
    assert!(
        !case.path("ended").exists(),
        "the finished program's child ran on"
    );
}

#[test]
fn a_condition_program_that_prints_no_number_fails_quoting_its_output() {
    let case = Case::new("no-number");
    case.write("game.xml", &preflop(1000));
    case.write(
        "bot.hus",
        &script(
            "external \"programs/lines.sh 'no number here' 'then 0.5'\" > 0",
            "RAISE 3BB",
        ),
    );
    case.allowed().failed_with(&[
        "external program `programs/lines.sh` printed no number on its first line",
        "(exit status 0)",
        // Both lines quoted, a line break as `\n`: the number is on the second line.
        "it printed \"no number here\\nthen 0.5\"",
    ]);
    // Printing nothing at all.
    case.write(
        "bot.hus",
        &script("external \"programs/lines.sh\"", "RAISE 3BB"),
    );
    case.allowed()
        .failed_with(&["printed no number", "it printed nothing"]);
}

#[test]
fn an_action_program_that_prints_no_action_fails_quoting_its_output() {
    let case = Case::new("no-action");
    case.write("game.xml", &preflop(1000));
    for (answer, problem) in [
        ("'bet big'", "printed something that is not an action"),
        ("'raise lots'", "printed `raise` without a positive amount"),
        ("'raise -5'", "printed `raise` without a positive amount"),
        ("call fold", "printed more than one line"),
        ("0.62", "printed something that is not an action"),
        ("", "printed no action"),
    ] {
        let action = format!("external \"programs/lines.sh {answer}\"");
        case.write("bot.hus", &script("", &action));
        let out = case.allowed();
        out.failed_with(&["external program `programs/lines.sh`", problem]);
        let quoted = answer.trim_matches('\'').split(' ').next().unwrap();
        if !quoted.is_empty() {
            assert!(
                squash(&out.stderr).contains(&format!("\"{quoted}")),
                "{answer}: {}",
                out.stderr
            );
        }
    }
}

#[test]
fn a_failing_program_is_named_with_its_exit_status_and_output() {
    let case = Case::new("fail");
    case.write("game.xml", &preflop(1000));
    // fail.sh prints a number, so only its exit status makes it a failure.
    case.write(
        "bot.hus",
        &script("external \"programs/fail.sh 7\" > 0", "RAISE 3BB"),
    );
    case.allowed().failed_with(&[
        "external program failed: external program `programs/fail.sh` failed (exit status 7)",
        "it printed \"0.5 but something went wrong\"",
        "on stderr: \"no equity table found\"",
    ]);
    case.write("bot.hus", &script("", "external \"programs/fail.sh\""));
    case.allowed()
        .failed_with(&["`programs/fail.sh` failed (exit status 3)"]);
    // A program that does not exist.
    case.write(
        "bot.hus",
        &script("", "external \"programs/no-such-program.sh\""),
    );
    case.allowed()
        .failed_with(&["cannot run external program `programs/no-such-program.sh`"]);
}

#[test]
fn without_allow_external_nothing_runs() {
    let case = Case::new("refused");
    case.write("game.xml", &preflop(1000));
    case.write(
        "bot.hus",
        &script(
            "external \"programs/argv.sh ran heroCards\" > 0",
            "RAISE 3BB",
        ),
    );
    let out = case.decide(&[]);
    out.failed_with(&[
        "external programs are disabled, so `programs/argv.sh ran heroCards` was not run",
        "pass --allow-external to allow the script to run programs",
    ]);
    assert!(!case.path("ran").exists());
    // The time limit alone allows nothing.
    case.decide(&["--external-timeout", "1"])
        .failed_with(&["pass --allow-external"]);
    assert!(!case.path("ran").exists());
    // A condition that fails first means the external one after it is never asked for.
    case.write(
        "bot.hus",
        &script(
            "pot > 1000, external \"programs/argv.sh ran\" > 0",
            "RAISE 3BB",
        ),
    );
    case.decide(&[]).decided("call");
}

#[test]
fn the_same_condition_program_runs_once_per_decision() {
    let case = Case::new("once");
    case.write("game.xml", &preflop(1000));
    // count.sh prints how many times it has run. Had it run again for the later conditions,
    // they would see 2 and 3, and the raise rule would not hold.
    case.write(
        "bot.hus",
        "PREFLOP\n\
         RULE external \"programs/count.sh runs\" > 5\n  THEN FOLD\nENDRULE\n\
         RULE external \"programs/count.sh runs\" > 0, external \"programs/count.sh runs\" < 2\n\
         \x20 THEN RAISE 3BB\nENDRULE\n\
         RULE PRIORITY -1\n  THEN CALL\nENDRULE\nENDPREFLOP\n",
    );
    case.allowed().decided("raise 60");
    assert_eq!(std::fs::read_to_string(case.path("runs")).unwrap(), "run\n");
    // Each decision runs it afresh.
    case.allowed().decided("call");
    assert_eq!(
        std::fs::read_to_string(case.path("runs")).unwrap(),
        "run\nrun\n"
    );
}
