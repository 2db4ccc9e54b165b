//! The `external` runner against real programs (`tests/programs/*.sh`): placeholders become
//! exactly the arguments promised, failures are reported with the program, its status and
//! output, time limits kill everything the program started, and no value can run a command.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hus_lang::external::{run_action, run_number, ExternalErrorKind, ExternalPolicy, Placeholders};
use hus_lang::ir::ExternalCommand;
use hus_poker::game::Intent;

/// The directory the command's relative program paths are resolved against, as a script's.
fn base_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn allowed() -> ExternalPolicy {
    ExternalPolicy {
        allow: true,
        timeout: Duration::from_secs(20),
        deadline: None,
    }
}

fn cmd(text: &str) -> ExternalCommand {
    ExternalCommand {
        text: text.to_string(),
        span: 0..0,
    }
}

/// A fresh empty directory for one test's files.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "hus-external-{}-{}-{name}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A hand on the turn: hero A♠ 10♦, board 2♣ 3♣ 4♣ | 8♥.
struct Turn {
    xml: String,
}

impl Default for Turn {
    fn default() -> Self {
        Turn {
            xml: "<game>\n  <init><bb>20</bb></init>\n</game>\n".to_string(),
        }
    }
}

impl Placeholders for Turn {
    fn cards(&self, word: &str) -> Option<Vec<String>> {
        let cards: &[&str] = match word {
            "heroCards" => &["AS", "10D"],
            "flopCards" => &["2C", "3C", "4C"],
            "turnCard" => &["8H"],
            "riverCard" => &[],
            "communityCards" => &["2C", "3C", "4C", "8H"],
            _ => return None,
        };
        Some(cards.iter().map(|c| c.to_string()).collect())
    }
    fn whole_game(&self) -> String {
        self.xml.clone()
    }
    fn constant(&self, word: &str) -> Option<f64> {
        match word.to_ascii_lowercase().as_str() {
            "bb" => Some(20.0),
            "pot" => Some(60.0),
            "potodds" => Some(0.25),
            "herostack" => Some(1980.0),
            "tocall" => Some(0.0),
            "villainflopraise" => Some(-0.0),
            _ => None,
        }
    }
}

/// Runs `programs/argv.sh OUT ARGS` and returns the arguments it received.
fn argv_of(args: &str, values: &dyn Placeholders) -> Vec<String> {
    let tmp = TempDir::new("argv");
    let out = tmp.path("argv");
    let text = format!("programs/argv.sh '{}' {args}", out.display());
    let n = run_number(&cmd(&text), values, &base_dir(), &allowed()).unwrap();
    let bytes = std::fs::read(&out).unwrap();
    let mut argv: Vec<String> = String::from_utf8(bytes)
        .unwrap()
        .split('\0')
        .map(str::to_string)
        .collect();
    assert_eq!(argv.pop().as_deref(), Some(""), "NUL-terminated");
    assert_eq!(n, argv.len() as f64, "the count the program printed");
    argv
}

#[test]
fn condition_reads_the_first_number() {
    let x = run_number(
        &cmd("programs/number.sh"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    );
    assert_eq!(x, Ok(0.62));
    let x = run_number(
        &cmd("programs/number.sh -1.5"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    );
    assert_eq!(x, Ok(-1.5));
    // A constant as an argument, echoed back.
    let x = run_number(
        &cmd("programs/number.sh potOdds"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    );
    assert_eq!(x, Ok(0.25));
}

#[test]
fn action_reads_one_line() {
    let run = |text: &str| run_action(&cmd(text), &Turn::default(), &base_dir(), &allowed());
    assert_eq!(run("programs/action.sh"), Ok(Intent::Raise(77.0)));
    assert_eq!(run("programs/action.sh FOLD"), Ok(Intent::Fold));
    assert_eq!(run("programs/action.sh Check"), Ok(Intent::Check));
    assert_eq!(run("programs/action.sh call"), Ok(Intent::Call));
    assert_eq!(run("programs/action.sh raise 3.5"), Ok(Intent::Raise(3.5)));
    // A constant's value, integer-formatted, in the answer.
    assert_eq!(run("programs/action.sh raise bb"), Ok(Intent::Raise(20.0)));
}

#[test]
fn card_placeholders_are_one_argument_per_card() {
    let t = Turn::default();
    assert_eq!(argv_of("heroCards", &t), ["AS", "10D"]);
    assert_eq!(argv_of("flopCards turnCard", &t), ["2C", "3C", "4C", "8H"]);
    assert_eq!(
        argv_of("x riverCard y", &t),
        ["x", "y"],
        "no card, no argument"
    );
    assert_eq!(argv_of("communityCards", &t), ["2C", "3C", "4C", "8H"]);
    assert_eq!(argv_of("HEROCARDS", &t), ["AS", "10D"], "case-insensitive");
}

#[test]
fn whole_game_is_one_argument_exactly_as_read() {
    let t = Turn::default();
    assert_eq!(argv_of("wholeGame", &t), vec![t.xml.clone()]);
    assert_eq!(argv_of("a wholeGame b", &t), ["a", &t.xml, "b"]);
}

#[test]
fn constants_are_formatted_like_amounts() {
    let t = Turn::default();
    assert_eq!(
        argv_of("bb BB pot potOdds heroStack toCall villainFlopRaise", &t),
        ["20", "20", "60", "0.25", "1980", "0", "0"]
    );
}

#[test]
fn only_whole_unquoted_words_are_replaced() {
    let t = Turn::default();
    assert_eq!(
        argv_of(
            r#"'pot' "heroCards" \bb --pot=pot pot, 'two words' "a'b" a\ b '' unknownName 3"#,
            &t
        ),
        [
            "pot",
            "heroCards",
            "bb",
            "--pot=pot",
            "pot,",
            "two words",
            "a'b",
            "a b",
            "",
            "unknownName",
            "3"
        ]
    );
}

#[test]
fn refused_unless_allowed() {
    let tmp = TempDir::new("refused");
    let marker = tmp.path("ran");
    let text = format!("programs/orphan.sh '{}'", marker.display());
    let policy = ExternalPolicy::default();
    let e = run_number(&cmd(&text), &Turn::default(), &base_dir(), &policy).unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::NotAllowed);
    assert_eq!(e.program, "programs/orphan.sh");
    assert!(e.message.contains("external programs are disabled"), "{e}");
    assert!(!e.message.contains("--"), "the library names no flag: {e}");
    let e = run_action(
        &cmd("programs/action.sh"),
        &Turn::default(),
        &base_dir(),
        &policy,
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::NotAllowed);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(!marker.exists(), "nothing ran");
}

#[test]
fn a_failing_program_is_reported_with_its_status_and_output() {
    let e = run_number(
        &cmd("programs/fail.sh"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::Failed);
    assert_eq!(
        e.message,
        "external program `programs/fail.sh` failed (exit status 3); it printed \
         \"0.5 but something went wrong\"; on stderr: \"no equity table found\""
    );
    let e = run_action(
        &cmd("programs/fail.sh 1"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert!(e.message.contains("(exit status 1)"), "{e}");
}

#[test]
fn output_that_is_not_a_number_or_an_action_fails() {
    let run_n =
        |text: &str| run_number(&cmd(text), &Turn::default(), &base_dir(), &allowed()).unwrap_err();
    let run_a =
        |text: &str| run_action(&cmd(text), &Turn::default(), &base_dir(), &allowed()).unwrap_err();
    let e = run_n("programs/lines.sh 'no idea' 0.5");
    assert_eq!(e.kind, ExternalErrorKind::BadOutput);
    assert_eq!(
        e.message,
        "external program `programs/lines.sh` printed no number on its first line (a condition's \
         program prints e.g. `0.62`) (exit status 0); it printed \"no idea\\n0.5\""
    );
    let e = run_n("programs/lines.sh");
    assert!(
        e.message.ends_with("(exit status 0); it printed nothing"),
        "{e}"
    );

    let e = run_a("programs/lines.sh call fold");
    assert_eq!(e.kind, ExternalErrorKind::BadOutput);
    assert!(e.message.contains("printed more than one line"), "{e}");
    assert!(e.message.contains(r#"it printed "call\nfold""#), "{e}");
    for bad in ["'bet 20'", "'raise'", "'raise -5'", "'raise all'", "allin"] {
        let e = run_a(&format!("programs/lines.sh {bad}"));
        assert_eq!(e.kind, ExternalErrorKind::BadOutput, "{bad}");
        assert!(
            e.message.contains("`fold`, `check`, `call` or `raise N`"),
            "{e}"
        );
    }
    let e = run_a("programs/number.sh");
    assert!(
        e.message
            .contains(r#"it printed "equity: 0.62 (approx)\nsecond line 99""#),
        "{e}"
    );
}

#[test]
fn a_program_that_cannot_start_is_reported() {
    let e = run_number(
        &cmd("programs/missing.sh"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::CannotStart);
    assert!(e.message.contains("`programs/missing.sh`"), "{e}");
    assert!(e.message.contains("no such file"), "{e}");
    let e = run_number(
        &cmd("hus-no-such-program-anywhere 1"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::CannotStart);
    assert!(e.message.contains("no such program on PATH"), "{e}");

    let tmp = TempDir::new("noexec");
    std::fs::write(tmp.path("eq.sh"), "#!/bin/sh\necho 1\n").unwrap();
    let e = run_number(&cmd("./eq.sh"), &Turn::default(), &tmp.0, &allowed()).unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::CannotStart);
    assert!(e.message.contains("not executable"), "{e}");

    let e = run_number(
        &cmd("programs/number.sh 'x"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::BadCommand);
    let e = run_number(&cmd("   "), &Turn::default(), &base_dir(), &allowed()).unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::BadCommand);
}

#[test]
fn a_bare_name_is_looked_up_on_path() {
    // `sh` is on every PATH a POSIX system has.
    let x = run_number(
        &cmd("sh -c 'echo 0.3'"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    );
    assert_eq!(x, Ok(0.3));
}

#[test]
fn the_program_runs_in_the_scripts_directory() {
    let tmp = TempDir::new("cwd");
    std::fs::write(tmp.path("value.txt"), "0.45\n").unwrap();
    let x = run_number(&cmd("cat value.txt"), &Turn::default(), &tmp.0, &allowed());
    assert_eq!(x, Ok(0.45));
}

#[test]
fn a_slow_program_and_its_children_are_killed_at_the_time_limit() {
    let tmp = TempDir::new("slow");
    let marker = tmp.path("child-survived");
    let policy = ExternalPolicy {
        allow: true,
        timeout: Duration::from_millis(300),
        deadline: None,
    };
    let start = Instant::now();
    let e = run_number(
        &cmd("programs/sleep.sh"),
        &Turn::default(),
        &base_dir(),
        &policy,
    )
    .unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "returned long before the sleep ends"
    );
    assert_eq!(e.kind, ExternalErrorKind::TimedOut);
    assert_eq!(
        e.message,
        "external program `programs/sleep.sh` took longer than its time limit \
         (killed after 300 ms); it printed \
         \"thinking\""
    );

    // The program waits past the limit; the child it started would create the marker later.
    let text = format!("programs/orphan.sh '{}' 30", marker.display());
    let start = Instant::now();
    let e = run_number(&cmd(&text), &Turn::default(), &base_dir(), &policy).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(15));
    assert_eq!(e.kind, ExternalErrorKind::TimedOut);
    std::thread::sleep(Duration::from_millis(2000));
    assert!(!marker.exists(), "the child was killed with the program");
}

#[test]
fn a_decision_s_deadline_cuts_a_program_s_time_limit() {
    // `hus acpc`: the programs of one decision share the time left before the deadline.
    let policy = ExternalPolicy {
        deadline: Some(Instant::now() + Duration::from_millis(300)),
        ..allowed()
    };
    let start = Instant::now();
    let e = run_number(
        &cmd("programs/sleep.sh"),
        &Turn::default(),
        &base_dir(),
        &policy,
    )
    .unwrap_err();
    assert_eq!(e.kind, ExternalErrorKind::TimedOut);
    assert!(start.elapsed() < Duration::from_secs(15));
    assert!(policy.time_left() < Duration::from_millis(300));
    assert_eq!(allowed().time_left(), Duration::from_secs(20));
}

#[test]
fn nothing_a_program_starts_outlives_the_call() {
    let tmp = TempDir::new("orphan");
    let marker = tmp.path("child-survived");
    let text = format!("programs/orphan.sh '{}'", marker.display());
    let x = run_number(&cmd(&text), &Turn::default(), &base_dir(), &allowed());
    assert_eq!(x, Ok(0.5));
    std::thread::sleep(Duration::from_millis(2000));
    assert!(
        !marker.exists(),
        "the background child was killed when the program ended"
    );
}

#[test]
fn a_flood_of_output_is_bounded_and_does_not_block() {
    let x = run_number(
        &cmd("programs/flood.sh"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    );
    assert_eq!(x, Ok(0.7));
    let e = run_action(
        &cmd("programs/flood.sh"),
        &Turn::default(),
        &base_dir(),
        &allowed(),
    )
    .unwrap_err();
    assert!(
        e.message.len() < 1000,
        "the message quotes only the first lines"
    );
    assert!(e.message.contains("more lines)"), "{e}");
}

/// Values that a shell would run as commands.
struct Hostile {
    dir: PathBuf,
}

impl Hostile {
    fn payloads(&self) -> Vec<String> {
        let p = |n: &str| self.dir.join(n).display().to_string();
        vec![
            format!("$(touch {})", p("dollar")),
            format!("`touch {}`", p("backquote")),
            format!("; touch {}", p("semicolon")),
            format!("x\ntouch {}\n", p("newline")),
            format!("' \"; touch {} #", p("quotes")),
            format!("| touch {}", p("pipe")),
            format!("&& touch {}", p("and")),
        ]
    }
}

impl Placeholders for Hostile {
    fn cards(&self, word: &str) -> Option<Vec<String>> {
        (word == "heroCards").then(|| self.payloads())
    }
    fn whole_game(&self) -> String {
        format!("<game>{}</game>", self.payloads().join("\n"))
    }
    fn constant(&self, word: &str) -> Option<f64> {
        word.eq_ignore_ascii_case("pot").then_some(1.0)
    }
}

#[test]
fn no_value_can_inject_a_command() {
    let tmp = TempDir::new("inject");
    let values = Hostile { dir: tmp.0.clone() };
    let argv = argv_of("wholeGame heroCards pot", &values);
    let mut expected = vec![values.whole_game()];
    expected.extend(values.payloads());
    expected.push("1".to_string());
    assert_eq!(
        argv, expected,
        "every value arrives as it is, one argument each"
    );

    // Shell syntax written in the command itself is just text too.
    let hostile_text = format!(
        "$(touch {d}/t1) `touch {d}/t2` ; touch {d}/t3 && touch {d}/t4 | touch {d}/t5 pot>{d}/t6",
        d = tmp.0.display()
    );
    let argv = argv_of(&hostile_text, &values);
    assert!(argv.contains(&format!("pot>{}/t6", tmp.0.display())));
    assert!(argv.contains(&";".to_string()));

    let created: Vec<_> = std::fs::read_dir(&tmp.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(created.is_empty(), "no command ran: {created:?}");
}
