//! End-to-end tests of `hus acpc`, `hus replay` and `hus match` with ACPC programs: hus
//! deals (`hus match` with an `acpc:` bot) to a second `hus acpc` process over loopback, a fake
//! dealer written here plays the error paths of `hus acpc`, and small shell programs play the
//! error paths of the dealer side. The 2017 competition logs are replayed when
//! `../shared/data/acpc2017/` is beside the repository (the tests say when they skip).
//!
//! Every process is waited for with a deadline and killed after it: a broken dealer or client
//! fails a test, never hangs it.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::support::hus::{command, HUS};
/// Hands of the match against a `hus acpc` program.
const HANDS: usize = 1000;
/// How long one test's processes may take in all before they are killed and the test fails:
/// a guard against hangs, far above the second or so a match takes.
const DEADLINE: Duration = Duration::from_secs(300);

fn example(name: &str) -> String {
    format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh working directory for one test, so tests run in parallel without sharing files.
fn work_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("acpc")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

// ---------------------------------------------------------------------------------------
// Processes, each waited for with the test's deadline and killed when the test ends.

struct Procs {
    dir: PathBuf,
    deadline: Instant,
    children: Vec<(String, Child)>,
}

/// A finished process: its exit status and what it wrote.
struct Finished {
    name: String,
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl Finished {
    fn code(&self) -> Option<i32> {
        self.status.code()
    }

    fn assert_ok(&self) {
        assert!(
            self.status.success(),
            "{} failed ({}):\nstdout:\n{}\nstderr:\n{}",
            self.name,
            self.status,
            self.stdout,
            self.stderr
        );
    }

    fn json(&self) -> serde_json::Value {
        self.assert_ok();
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!("{}: not one JSON object ({e}):\n{}", self.name, self.stdout)
        })
    }
}

impl Procs {
    fn new(dir: &Path) -> Procs {
        Procs {
            dir: dir.to_path_buf(),
            deadline: Instant::now() + DEADLINE,
            children: Vec::new(),
        }
    }

    /// Starts `cmd` in the working directory, its stdout and stderr in `<name>.out` and
    /// `<name>.err` there (files, so a talkative process never blocks on a full pipe).
    fn spawn(&mut self, name: &str, cmd: &mut Command) -> usize {
        let out = File::create(self.dir.join(format!("{name}.out"))).unwrap();
        let err = File::create(self.dir.join(format!("{name}.err"))).unwrap();
        let child = cmd
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        self.children.push((name.to_string(), child));
        self.children.len() - 1
    }

    /// Starts `hus ARGS...`.
    fn hus(&mut self, name: &str, args: &[&str]) -> usize {
        let dir = self.dir.clone();
        self.spawn(name, command(&dir).args(args))
    }

    /// Waits for process `i`, polling, until the deadline; past it, kills everything and
    /// fails the test.
    fn wait(&mut self, i: usize) -> Finished {
        let status = loop {
            let (name, child) = &mut self.children[i];
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > self.deadline {
                let name = name.clone();
                self.kill_all();
                panic!(
                    "{name} still runs after {} s: every process was killed",
                    DEADLINE.as_secs()
                );
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let name = self.children[i].0.clone();
        let read = |ext: &str| {
            std::fs::read_to_string(self.dir.join(format!("{name}.{ext}"))).unwrap_or_default()
        };
        Finished {
            stdout: read("out"),
            stderr: read("err"),
            name,
            status,
        }
    }

    fn kill_all(&mut self) {
        for (_, c) in &mut self.children {
            if c.try_wait().ok().flatten().is_none() {
                let _ = c.kill();
                let _ = c.wait();
            }
        }
    }
}

impl Drop for Procs {
    fn drop(&mut self) {
        self.kill_all();
    }
}

/// Runs `hus ARGS...` in `dir` to its end (with the deadline).
fn run_hus(dir: &Path, name: &str, args: &[&str]) -> Finished {
    let mut procs = Procs::new(dir);
    let i = procs.hus(name, args);
    procs.wait(i)
}

// ---------------------------------------------------------------------------------------
// hus as the dealer: `hus match` with an `acpc:` bot that is a second `hus acpc` process.

/// The match the next tests read: `examples/tag.hus` as A against `examples/hud.hus` (which
/// reads its opponent's statistics) played by `hus acpc` as B, and the same two bots played
/// by `hus match` alone, both with seed [`SEED`].
struct HusMatch {
    work: PathBuf,
    dealt: serde_json::Value,
    alone: serde_json::Value,
}

const SEED: &str = "21";

static HUS_MATCH: OnceLock<HusMatch> = OnceLock::new();

fn hus_match() -> &'static HusMatch {
    HUS_MATCH.get_or_init(|| {
        let work = work_dir("hus-vs-hus");
        let hands = HANDS.to_string();
        let program = format!(
            "acpc:{HUS} acpc {} {{host}} {{port}} --game {{game}} --seed {SEED}",
            example("hud.hus")
        );
        let common = [
            "--hands",
            &hands,
            "--seed",
            SEED,
            "--json",
            "--threads",
            "1",
        ];
        let mut dealt = vec!["match", "--log", "m.log"];
        let tag = example("tag.hus");
        dealt.extend([tag.as_str(), program.as_str()]);
        dealt.extend(common);
        let dealt = run_hus(&work, "dealt", &dealt).json();
        let hud = example("hud.hus");
        let mut alone = vec!["match", tag.as_str(), hud.as_str()];
        alone.extend(common);
        let alone = run_hus(&work, "alone", &alone).json();
        HusMatch { work, dealt, alone }
    })
}

#[test]
fn a_match_against_a_hus_acpc_program_equals_the_match_played_in_process() {
    let m = hus_match();
    for key in [
        "hands",
        "seed",
        "blinds",
        "stack",
        "net_chips",
        "mbb_per_hand",
        "ci95",
    ] {
        assert_eq!(
            m.dealt[key], m.alone[key],
            "{key}: {} / {}",
            m.dealt, m.alone
        );
    }
    assert_eq!(m.dealt["hands"], HANDS as u64);
    assert_eq!(m.dealt["bots"]["A"], m.alone["bots"]["A"]);
    let mut b = m.dealt["bots"]["B"].clone();
    let faults = b
        .as_object_mut()
        .unwrap()
        .remove("acpc")
        .expect("the program's faults");
    assert_eq!(
        faults,
        serde_json::json!({"invalid": 0, "late": 0, "ignored": 0})
    );
    for key in [
        "decisions",
        "actions",
        "showdowns",
        "showdowns_won",
        "showdowns_split",
    ] {
        assert_eq!(b[key], m.alone["bots"]["B"][key], "B's {key}");
    }
}

#[test]
fn the_match_log_has_a_state_per_hand_and_the_score() {
    let m = hus_match();
    let log = std::fs::read_to_string(m.work.join("m.log")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), HANDS + 1);
    for (k, line) in lines[..HANDS].iter().enumerate() {
        assert!(line.starts_with(&format!("STATE:{k}:")), "{line}");
    }
    let net = m.dealt["net_chips"].as_i64().unwrap();
    assert_eq!(lines[HANDS], format!("SCORE:{net}|{}:tag.hus|hus", -net));
}

/// `hus replay ... --json` on the match's log.
fn replay(
    m: &HusMatch,
    name: &str,
    bot: &str,
    player: &str,
    seed: &str,
    extra: &[&str],
) -> serde_json::Value {
    let log = m.work.join("m.log").display().to_string();
    let bot = example(bot);
    let mut args = vec![
        "replay", &bot, &log, "--player", player, "--seed", seed, "--json", "--game",
    ];
    let game = m.work.join("m.game");
    std::fs::write(&game, GAME_DEFINITION).unwrap();
    let game = game.display().to_string();
    args.push(&game);
    args.extend_from_slice(extra);
    run_hus(&m.work, name, &args).json()
}

/// The game `hus match` deals by default: blinds 50/100, stacks of 100 big blinds.
const GAME_DEFINITION: &str = "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\n\
    stack = 10000 10000\nblind = 100 50\nfirstPlayer = 2 1 1 1\nnumSuits = 4\n\
    numRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n";

#[test]
fn replaying_a_seat_with_its_seed_makes_every_decision_it_made() {
    let m = hus_match();
    let same = replay(m, "replay-a", "tag.hus", "tag.hus", SEED, &[]);
    assert_eq!(same["hands"], HANDS as u64);
    assert_eq!(same["decisions"], m.dealt["bots"]["A"]["decisions"]);
    assert_eq!(same["agreement"], 1.0, "{same}");
    assert_eq!(same["differing_hands"], serde_json::json!([]), "{same}");
    // tag.hus draws its raise sizes (`RAISE 2 0.66 pot, 1 1 pot`): the same seed draws the
    // same ones.
    assert!(same["random_decisions"].as_u64().unwrap() > 0, "{same}");
    assert_eq!(same["raise_sizes_within_10pct"], 1.0, "{same}");

    // Another seed: every decision without a random choice is still the same.
    let other = replay(m, "replay-a-other", "tag.hus", "tag.hus", "999", &[]);
    assert_eq!(other["agreement_without_random"], 1.0, "{other}");
    assert!(
        other["raise_sizes_within_10pct"].as_f64().unwrap() < 1.0,
        "another seed draws other raise sizes: {other}"
    );

    // hud.hus reads its opponent's statistics: the replay keeps them across hands as the
    // seat did.
    let bob = replay(m, "replay-b", "hud.hus", "hus", SEED, &[]);
    assert_eq!(bob["decisions"], m.dealt["bots"]["B"]["decisions"]);
    assert_eq!(bob["agreement"], 1.0, "{bob}");
    assert_eq!(bob["differing_hands"], serde_json::json!([]), "{bob}");
}

#[test]
fn replayed_decisions_written_as_xml_replay_with_hus_decide() {
    let m = hus_match();
    let xml = m.work.join("xml");
    let _ = std::fs::remove_dir_all(&xml);
    let xml_arg = xml.display().to_string();
    let j = replay(
        m,
        "replay-xml",
        "tag.hus",
        "tag.hus",
        SEED,
        &["--to-xml", &xml_arg],
    );
    let index = std::fs::read_to_string(xml.join("index.tsv")).unwrap();
    let lines: Vec<&str> = index.lines().collect();
    assert!(
        lines[0].starts_with("file\thand\tdecision\t"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len() as u64 - 1, j["decisions"].as_u64().unwrap());
    let columns: Vec<&str> = lines[0].split('\t').collect();
    let col = |name: &str| columns.iter().position(|c| *c == name).unwrap();
    // The first decision without a random choice, and one with.
    let pick = |random: &str| {
        lines[1..]
            .iter()
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .find(|f| f[col("random")] == random)
            .unwrap_or_else(|| panic!("no decision with random = {random}"))
    };
    for fields in [pick("no"), pick("yes")] {
        let file = xml.join(fields[col("file")]).display().to_string();
        // With the decision's own seed, a random choice is drawn the same way too.
        let out = run_hus(
            &m.work,
            "decide",
            &[
                "decide",
                &example("tag.hus"),
                &file,
                "--json",
                "--seed",
                fields[col("seed")],
            ],
        )
        .json();
        // The same kind of act as the replay's bot (f, c or r<to>).
        let kind = match out["action"].as_str().unwrap() {
            "fold" => "f",
            "check" | "call" => "c",
            _ => "r",
        };
        assert!(
            fields[col("bot")].starts_with(kind),
            "{file}: hus decide says {out}, the replay {}",
            fields[col("bot")]
        );
    }
}

// ---------------------------------------------------------------------------------------
// A fake dealer, for the error paths.

/// The fake dealer's end of the connection.
struct Conn {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    received: Vec<String>,
}

impl Conn {
    /// Sends `line` with the protocol's line end; a client that has gone is ignored.
    fn send(&mut self, line: &str) {
        let _ = self.writer.write_all(format!("{line}\r\n").as_bytes());
    }

    /// Reads one line from the client, as received (with its line end; empty at the end).
    fn recv(&mut self) -> String {
        let mut line = String::new();
        let _ = self.reader.read_line(&mut line);
        self.received.push(line.clone());
        line
    }
}

struct FakeDealer {
    port: u16,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Vec<String>>,
}

impl FakeDealer {
    /// Listens on 127.0.0.1; the first client is answered by `script` after its version line
    /// is read. Once the script returns, the fake dealer stops sending, reads what the client
    /// still sends and closes the connection.
    fn start(script: impl FnOnce(&mut Conn) + Send + 'static) -> FakeDealer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let give_up = Instant::now() + DEADLINE;
            let stream = loop {
                match listener.accept() {
                    Ok((s, _)) => break s,
                    Err(_) if stopped.load(Ordering::SeqCst) || Instant::now() > give_up => {
                        return Vec::new()
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            };
            stream.set_nonblocking(false).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(60)))
                .unwrap();
            let mut conn = Conn {
                reader: BufReader::new(stream.try_clone().unwrap()),
                writer: stream,
                received: Vec::new(),
            };
            conn.recv();
            script(&mut conn);
            // Closing with the client's lines unread would reset the connection and could
            // lose what was sent: half-close, then read to the client's end.
            let _ = conn.writer.shutdown(std::net::Shutdown::Write);
            while !conn.recv().is_empty() {}
            conn.received.pop();
            conn.received
        });
        FakeDealer { port, stop, thread }
    }

    /// Everything the client sent, line by line, the version first.
    fn finish(self) -> Vec<String> {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.join().expect("the fake dealer's thread")
    }
}

/// Plays `bot` against a fake dealer running `script`; returns hus and what it sent.
fn against_fake(
    name: &str,
    bot: &str,
    script: impl FnOnce(&mut Conn) + Send + 'static,
) -> (Finished, Vec<String>) {
    let work = work_dir(name);
    let fake = FakeDealer::start(script);
    let port = fake.port.to_string();
    let out = run_hus(
        &work,
        "hus",
        &["acpc", bot, "127.0.0.1", &port, "--seed", "5", "--json"],
    );
    let received = fake.finish();
    (out, received)
}

fn assert_code(out: &Finished, code: i32, stderr_has: &[&str]) {
    assert_eq!(
        out.code(),
        Some(code),
        "expected exit {code}:\nstdout:\n{}\nstderr:\n{}",
        out.stdout,
        out.stderr
    );
    for s in stderr_has {
        assert!(
            out.stderr.contains(s),
            "stderr lacks `{s}`:\n{}",
            out.stderr
        );
    }
}

#[test]
fn the_seat_answers_its_turn_with_the_state_and_a_legal_raise() {
    let (out, received) = against_fake("fake-turn", "builtin:raiser", |c| {
        c.send("MATCHSTATE:1:0::|AsAd");
        let reply = c.recv();
        // The big blind folds to the raise: the seat wins the big blind.
        if let Some(act) = reply.trim_end().strip_prefix("MATCHSTATE:1:0::|AsAd:") {
            c.send(&format!("MATCHSTATE:1:0:{act}f:|AsAd"));
        }
    });
    assert_eq!(received[0], "VERSION:2.0.0\r\n");
    let reply = &received[1];
    let raise = reply
        .strip_prefix("MATCHSTATE:1:0::|AsAd:r")
        .and_then(|r| r.strip_suffix("\r\n"))
        .unwrap_or_else(|| panic!("not the state and a raise: {reply:?}"));
    let to: u64 = raise
        .parse()
        .unwrap_or_else(|_| panic!("not a raise size: {reply:?}"));
    assert!((200..=20_000).contains(&to), "{reply:?}");
    assert_eq!(received.len(), 2, "one reply only: {received:?}");
    let j = out.json();
    assert_eq!(j["hands"], 1);
    assert_eq!(j["net_chips"], 100);
}

#[test]
fn a_state_that_does_not_parse_is_a_protocol_error_naming_it() {
    let (out, _) = against_fake("fake-malformed", "builtin:raiser", |c| {
        c.send("MATCHSTATE:1:0::|AsAd:extra:junk");
    });
    assert_code(&out, 6, &["MATCHSTATE:1:0::|AsAd:extra:junk"]);
    let (out, _) = against_fake("fake-malformed-hand", "builtin:raiser", |c| {
        c.send("MATCHSTATE:0:zero::AsAd|");
    });
    assert_code(&out, 6, &["MATCHSTATE:0:zero::AsAd|", "hand number"]);
}

#[test]
fn a_dealer_line_with_terminal_escapes_is_quoted_escaped() {
    // An OSC title sequence and a screen clear inside a line that does not parse.
    let (out, _) = against_fake("fake-escapes", "builtin:raiser", |c| {
        c.send("MATCHSTATE:1:0::|AsAd\x1b]0;owned\x07\x1b[2J");
    });
    assert_code(&out, 6, &["|AsAd\\x1b]0;owned\\x07\\x1b[2J"]);
    assert!(!out.stderr.contains('\x1b'), "{:?}", out.stderr);
    assert!(!out.stderr.contains('\x07'), "{:?}", out.stderr);
}

#[test]
fn a_log_with_terminal_escapes_in_names_lines_and_its_file_name_is_shown_escaped() {
    let work = work_dir("escaped-log");
    let log = work.join("evil\x1b[2J.log");
    std::fs::write(
        &log,
        "STATE:0:f:AsAd|KsKd:50|-50:Al\x1b]0;x\x07ice|Bob\n\
         STATE:1:f:AsAd|KsKd:50|-50:Bob|Al\x1b]0;x\x07ice\n",
    )
    .unwrap();
    let log_arg = log.display().to_string();
    let player = "Al\x1b]0;x\x07ice";
    let out = run_hus(
        &work,
        "hus",
        &["replay", "builtin:caller", &log_arg, "--player", player],
    );
    assert_code(&out, 0, &[]);
    assert!(out.stdout.contains("Al\\x1b]0;x\\x07ice"), "{}", out.stdout);
    let json = run_hus(
        &work,
        "hus",
        &[
            "replay",
            "builtin:caller",
            &log_arg,
            "--player",
            player,
            "--json",
        ],
    );
    assert_code(&json, 0, &[]);
    assert!(
        json.stdout.contains("evil\\u001b[2J.log"),
        "{}",
        json.stdout
    );
    // An unknown player and a bad line: both errors quote input, escaped.
    let out = run_hus(
        &work,
        "hus",
        &[
            "replay",
            "builtin:caller",
            &log_arg,
            "--player",
            "\x1b[31mX",
        ],
    );
    assert_code(&out, 2, &["\\x1b[31mX", "Al\\x1b]0;x\\x07ice"]);
    std::fs::write(&log, "STATE:0:f\x1b[2J:AsAd|KsKd:50|-50:A|B\n").unwrap();
    let out = run_hus(
        &work,
        "hus",
        &["replay", "builtin:caller", &log_arg, "--player", "A"],
    );
    assert_code(&out, 6, &["evil\\x1b[2J.log", "line 1"]);
    for o in [&out, &json] {
        assert!(
            !o.stdout.contains('\x1b') && !o.stderr.contains('\x1b'),
            "{}\n{}",
            o.stdout,
            o.stderr
        );
    }
}

#[test]
fn a_dealer_line_past_64_kib_is_a_protocol_error() {
    let (out, _) = against_fake("fake-long-line", "builtin:raiser", |c| {
        c.send(&format!("MATCHSTATE:1:0::|AsAd{}", "0".repeat(64 * 1024)));
    });
    assert_code(&out, 6, &["a line longer than 65536 bytes"]);
}

#[test]
fn a_state_contradicting_the_one_before_is_a_protocol_error() {
    // The hole cards change within a hand.
    let (out, _) = against_fake("fake-hole-cards", "builtin:caller", |c| {
        c.send("MATCHSTATE:0:0::AsAd|");
        c.send("MATCHSTATE:0:0:r300:KsKd|");
    });
    assert_code(
        &out,
        6,
        &["MATCHSTATE:0:0:r300:KsKd|", "hole cards changed"],
    );
    // The betting does not continue the betting sent before.
    let (out, _) = against_fake("fake-betting", "builtin:caller", |c| {
        c.send("MATCHSTATE:0:0:r300:AsAd|");
        c.recv();
        c.send("MATCHSTATE:0:0:r400c/:AsAd|/2c3c4c");
    });
    assert_code(
        &out,
        6,
        &["MATCHSTATE:0:0:r400c/:AsAd|/2c3c4c", "does not continue"],
    );
}

#[test]
fn a_connection_dropped_mid_hand_is_a_connection_error_naming_the_hand() {
    // Hand 0 is over (the small blind folds to the seat's big blind); hand 1 is cut off.
    let (out, _) = against_fake("fake-dropped", "builtin:caller", |c| {
        c.send("MATCHSTATE:0:0::AsAd|");
        c.send("MATCHSTATE:0:0:f:AsAd|");
        c.send("MATCHSTATE:0:1::KsKd|");
    });
    assert_code(&out, 7, &["middle of hand 1"]);
    // Closed between hands instead: the match simply ended.
    let (out, _) = against_fake("fake-closed", "builtin:caller", |c| {
        c.send("MATCHSTATE:0:0::AsAd|");
        c.send("MATCHSTATE:0:0:f:AsAd|");
    });
    let j = out.json();
    assert_eq!(j["hands"], 1);
    assert_eq!(j["net_chips"], 50);
}

#[test]
fn a_refused_connection_is_a_connection_error() {
    // A port nobody listens on any more.
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let work = work_dir("refused");
    let out = run_hus(
        &work,
        "hus",
        &["acpc", "builtin:caller", "127.0.0.1", &port.to_string()],
    );
    assert_code(&out, 7, &["cannot connect", &format!("127.0.0.1:{port}")]);
}

#[test]
fn a_limit_game_is_refused_before_connecting() {
    let work = work_dir("limit-game");
    let game = work.join("holdem.limit.2p.reverse_blinds.game");
    std::fs::write(
        &game,
        "GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\n\
         firstPlayer = 2 1 1 1\nmaxRaises = 3 4 4 4\nnumSuits = 4\nnumRanks = 13\n\
         numHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n",
    )
    .unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let game_arg = game.display().to_string();
    let out = run_hus(
        &work,
        "hus",
        &[
            "acpc",
            "builtin:caller",
            "127.0.0.1",
            &port,
            "--game",
            &game_arg,
        ],
    );
    assert_code(&out, 2, &["only no-limit games", "limit.2p"]);
    assert!(
        listener.accept().is_err(),
        "hus connected to the dealer before refusing the game"
    );
}

#[test]
fn replaying_a_log_with_a_line_that_does_not_parse_names_the_line() {
    let work = work_dir("bad-log");
    let log = work.join("bad.log");
    std::fs::write(
        &log,
        "# a log with one good hand\n\
         STATE:0:f:AsAd|KsKd:50|-50:Alice|Bob\n\
         STATE:1:cc/zz:AsAd|KsKd/2c3c4c:0|0:Bob|Alice\n\
         SCORE:50|-50:Alice|Bob\n",
    )
    .unwrap();
    let log_arg = log.display().to_string();
    let out = run_hus(
        &work,
        "hus",
        &["replay", "builtin:caller", &log_arg, "--player", "Alice"],
    );
    assert_code(&out, 6, &["line 3", "bad.log"]);
}

// ---------------------------------------------------------------------------------------
// The dealer side's error paths, against small bash programs speaking the protocol.

/// Writes a bash program that connects to the port it is given, sends the version and
/// runs `body` with each line the dealer sends in `$line` (its `\r` removed).
fn bash_program(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    let text = format!(
        "exec 3<>/dev/tcp/$1/$2\nprintf 'VERSION:2.0.0\\r\\n' >&3\n\
         while IFS= read -r line <&3; do\nline=${{line%$'\\r'}}\n{body}\ndone\n"
    );
    std::fs::write(&path, text).unwrap();
    format!("acpc:bash {} {{host}} {{port}}", path.display())
}

#[test]
fn invalid_answers_of_a_program_are_played_as_calls_and_counted() {
    let work = work_dir("invalid-answers");
    // A raise to 1 chip is never valid: every answer becomes a call (or a check).
    let program = bash_program(&work, "raise1.sh", r#"printf '%s:r1\r\n' "$line" >&3"#);
    let out = run_hus(
        &work,
        "match",
        &[
            "match",
            "builtin:raiser",
            &program,
            "--hands",
            "20",
            "--seed",
            "3",
            "--json",
        ],
    );
    let j = out.json();
    let b = &j["bots"]["B"];
    assert_eq!(j["hands"], 20);
    assert_eq!(b["acpc"]["invalid"], b["decisions"], "{j}");
    assert_eq!(b["acpc"]["late"], 0);
    assert_eq!(b["actions_made_legal"], b["decisions"]);
    for round in ["preflop", "flop", "turn", "river"] {
        assert_eq!(b["actions"][round]["raise"], 0, "{round}: {j}");
        assert_eq!(b["actions"][round]["fold"], 0, "{round}: {j}");
    }
}

#[test]
fn a_program_line_past_64_kib_ends_the_match_as_a_broken_connection() {
    let work = work_dir("long-line-program");
    let program = bash_program(
        &work,
        "long.sh",
        r#"printf '%s:c%070000d\r\n' "$line" 0 >&3"#,
    );
    let out = run_hus(
        &work,
        "match",
        &[
            "match",
            "builtin:caller",
            &program,
            "--hands",
            "5",
            "--seed",
            "3",
        ],
    );
    assert_code(&out, 7, &["a line longer than 65536 bytes"]);
}

#[test]
fn a_program_that_dies_ends_the_match_and_the_hands_played_are_reported() {
    let work = work_dir("dying-program");
    // Answers `c` to every state (only its turns count), and exits at hand 5.
    let program = bash_program(
        &work,
        "dies.sh",
        r#"case $line in MATCHSTATE:?:5:*) exit 0;; esac
printf '%s:c\r\n' "$line" >&3"#,
    );
    let out = run_hus(
        &work,
        "match",
        &[
            "match",
            "builtin:caller",
            &program,
            "--hands",
            "50",
            "--seed",
            "3",
            "--json",
            "--log",
            "m.log",
        ],
    );
    assert_eq!(out.code(), Some(7), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("the ACPC program closed the connection in hand 5 of the protocol"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("the match stopped after 5 hands"),
        "{}",
        out.stderr
    );
    let j: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(j["hands"], 5);
    assert!(j["stopped"]
        .as_str()
        .unwrap()
        .contains("closed the connection"));
    let log = std::fs::read_to_string(work.join("m.log")).unwrap();
    assert_eq!(
        log.lines().count(),
        5,
        "five hands and no SCORE line:\n{log}"
    );
}

#[test]
fn a_program_that_never_connects_is_a_clear_error() {
    let work = work_dir("no-connect");
    let out = run_hus(
        &work,
        "match",
        &[
            "match",
            "builtin:caller",
            "acpc:bash -c 'exit 4'",
            "--hands",
            "2",
        ],
    );
    assert_eq!(out.code(), Some(7), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("`bash` ended (exit status: 4) before connecting"),
        "{}",
        out.stderr
    );
}

// ---------------------------------------------------------------------------------------
// Logs in the forms the competition published.

#[test]
fn a_log_without_score_with_an_all_in_reported_at_expected_value_replays() {
    let work = work_dir("competition-form");
    let log = work.join("c.log");
    std::fs::write(
        &log,
        "STATE:0:r300c/r600r20000c//:KsKd|2c7h/Kh5d9c/3h/4s:18181.818182|-18181.818182:Hit|Slum\n\
         STATE:1:r200f:3d7c|Jd6h:-100|100:Slum|Hit\n",
    )
    .unwrap();
    let log = log.display().to_string();
    let j = run_hus(
        &work,
        "replay",
        &[
            "replay",
            "builtin:caller",
            &log,
            "--player",
            "Hit",
            "--json",
        ],
    )
    .json();
    let mut summary = j["log_summary"].clone();
    let huds: Vec<serde_json::Value> = summary["players"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .map(|p| p.as_object_mut().unwrap().remove("hud").unwrap())
        .collect();
    // Hit's HUD of Slum: Slum raised the first hand and lost its showdown, folded the second.
    assert_eq!(huds[0]["hands"], 2);
    assert_eq!(
        huds[0]["VPIP"],
        serde_json::json!({"value": 50.0, "times": 1, "chances": 2, "hands": 2})
    );
    assert_eq!(
        huds[0]["WonAtShowdown"],
        serde_json::json!({"value": 0.0, "times": 0, "chances": 1, "hands": 1})
    );
    // Slum's HUD of Hit: Hit bet the flop and called the all-in, and won at the showdown.
    assert_eq!(
        huds[1]["FlopAggression"],
        serde_json::json!({"value": 1.0, "times": 1, "chances": 1, "hands": 1})
    );
    assert_eq!(huds[1]["WonAtShowdown"]["value"], 100.0);
    assert_eq!(
        summary,
        serde_json::json!({
            "hands": 2,
            "score_line": false,
            "all_in_expected_value_hands": 1,
            "players": [
                {"name": "Hit", "hands": 2, "net_chips": 20100, "mbb_per_hand": 100500.0,
                 "ci95": null, "showdowns": 1},
                {"name": "Slum", "hands": 2, "net_chips": -20100, "mbb_per_hand": -100500.0,
                 "ci95": null, "showdowns": 1},
            ],
        })
    );
}

/// `../shared/data/acpc2017/` beside the repository, when it is there.
fn competition_logs() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/acpc2017");
    if dir.is_dir() {
        return Some(dir);
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped: the 2017 competition logs are not in {}",
        dir.display()
    );
    None
}

#[test]
fn the_2017_competition_logs_replay_without_an_error() {
    let Some(dir) = competition_logs() else {
        return;
    };
    let work = work_dir("acpc2017");
    for (file, player, hands, expected_value_hands) in [
        ("HITSZ.Slumbot.71.0.log", "Slumbot_2pn_2017", 2999, 8),
        (
            "Intermission.PokerCNN.1.0.log",
            "PokerCNN_2pn_2017",
            3000,
            0,
        ),
        (
            "Intermission.Rembrant6.1.0.log",
            "Rembrant6_2pn_2017",
            3000,
            0,
        ),
    ] {
        let log = dir.join(file).display().to_string();
        let j = run_hus(
            &work,
            file,
            &[
                "replay",
                &example("tag.hus"),
                &log,
                "--player",
                player,
                "--json",
            ],
        )
        .json();
        assert_eq!(j["hands"], hands, "{file}");
        let s = &j["log_summary"];
        assert_eq!(
            s["all_in_expected_value_hands"], expected_value_hands,
            "{file}"
        );
        assert_eq!(s["score_line"], false, "{file}");
        let nets: Vec<i64> = s["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["net_chips"].as_i64().unwrap())
            .collect();
        assert_eq!(nets.len(), 2, "{file}");
        assert_eq!(nets[0] + nets[1], 0, "{file}");
    }
}
