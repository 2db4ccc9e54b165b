//! End-to-end tests of `hus acpc` and `hus replay` against the Annual Computer Poker
//! Competition's own dealer (`dealer` and `example_player` of the ACPC server code), and
//! against a fake dealer written here for the error paths.
//!
//! The real dealer is found in `HUS_ACPC_DEALER` (a directory holding the built `dealer`,
//! `example_player` and `holdem.nolimit.2p.reverse_blinds.game`), else built once from its
//! source in `HUS_ACPC_SOURCE` or `../shared/acpc-server` beside the repository (copied under
//! the target directory and built there with `make`, which needs gcc). Without
//! either, the tests that need it print why and pass, unless `HUS_REQUIRE_ACPC` is set (CI
//! sets it, see .ci/run): then they fail.
//!
//! Every process is waited for with a deadline and killed after it: a broken dealer or client
//! fails a test, never hangs it.
// The real binary exists only with the `cli` feature.
#![cfg(feature = "cli")]

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Once, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const HUS: &str = env!("CARGO_BIN_EXE_hus");
const GAME: &str = "holdem.nolimit.2p.reverse_blinds.game";
/// Hands of each match against the real dealer.
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
// Finding (or building) the dealer.

static DEALER: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// The directory of the built dealer, or `None` when the tests that need it are skipped.
fn dealer() -> Option<&'static Path> {
    match DEALER.get_or_init(find_dealer) {
        Ok(dir) => Some(dir),
        Err(why) => {
            let required = std::env::var_os("HUS_REQUIRE_ACPC").is_some_and(|v| !v.is_empty());
            if required {
                panic!("HUS_REQUIRE_ACPC is set, but the ACPC dealer is not available: {why}");
            }
            // Once, and past the harness's capture of `eprintln!`, so a passing run shows it.
            static NOTED: Once = Once::new();
            NOTED.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "ACPC dealer tests skipped: {why}. Set HUS_ACPC_DEALER to a directory with \
                     the built dealer, example_player and {GAME} (or HUS_ACPC_SOURCE to its \
                     source), or HUS_REQUIRE_ACPC=1 to make this an error."
                );
            });
            None
        }
    }
}

fn find_dealer() -> Result<PathBuf, String> {
    let needed = ["dealer", "example_player", GAME];
    if let Some(dir) = std::env::var_os("HUS_ACPC_DEALER").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        // Asked for explicitly: a wrong directory is an error, never a skip.
        for f in needed {
            assert!(
                dir.join(f).is_file(),
                "HUS_ACPC_DEALER={} has no {f} (it must hold the built dealer, example_player and {GAME})",
                dir.display()
            );
        }
        return Ok(std::fs::canonicalize(&dir).unwrap_or(dir));
    }
    // The source: HUS_ACPC_SOURCE (as .ci/run reads it), else beside the repository.
    let source = match std::env::var_os("HUS_ACPC_SOURCE").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/acpc-server"),
    };
    if !source.join("dealer.c").is_file() {
        return Err(format!(
            "HUS_ACPC_DEALER is not set and there is no ACPC source (dealer.c) in {}",
            source.display()
        ));
    }
    // Built in a copy: never inside the source directory.
    let build = Path::new(env!("CARGO_TARGET_TMPDIR")).join("acpc-dealer");
    let _ = std::fs::remove_dir_all(&build);
    copy_dir(&source, &build).map_err(|e| {
        format!(
            "cannot copy {} to {}: {e}",
            source.display(),
            build.display()
        )
    })?;
    let out = Command::new("make")
        .current_dir(&build)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run make in {}: {e}", build.display()))?;
    if !out.status.success() {
        return Err(format!(
            "make failed in {} ({}):\n{}",
            build.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    for f in needed {
        if !build.join(f).is_file() {
            return Err(format!("make in {} did not build {f}", build.display()));
        }
    }
    Ok(build)
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
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
        self.spawn(name, Command::new(HUS).args(args))
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
// The real dealer.

/// A dealer started for one match: its process, the two seats' ports and its stdout lines.
struct Dealer {
    index: usize,
    ports: [u16; 2],
    stdout: Receiver<String>,
}

/// Starts `dealer m GAME HANDS SEED Alice Bob` in the working directory (it writes `m.log`
/// there) and reads the two ports from its first line.
fn start_dealer(procs: &mut Procs, dir: &Path, seed: u32) -> Dealer {
    let err = File::create(procs.dir.join("dealer.err")).unwrap();
    let mut child = Command::new(dir.join("dealer"))
        .args(["m", &dir.join(GAME).display().to_string()])
        .args([HANDS.to_string(), seed.to_string()])
        .args(["Alice", "Bob", "--start_timeout", "60000"])
        .current_dir(&procs.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(err)
        .spawn()
        .expect("the dealer starts");
    // The dealer prints two lines on stdout (the ports, the score): read on a thread so a
    // dealer that never prints cannot block the test past its deadline.
    let out = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    procs.children.push(("dealer".into(), child));
    let index = procs.children.len() - 1;
    let wait = procs.deadline.saturating_duration_since(Instant::now());
    let first = rx
        .recv_timeout(wait.min(Duration::from_secs(60)))
        .unwrap_or_else(|e| panic!("the dealer printed no ports ({e})"));
    let ports: Vec<u16> = first
        .split_whitespace()
        .map(|p| p.parse().unwrap_or_else(|_| panic!("ports line `{first}`")))
        .collect();
    let [a, b] = ports[..] else {
        panic!("expected two ports from the dealer, got `{first}`");
    };
    Dealer {
        index,
        ports: [a, b],
        stdout: rx,
    }
}

/// The score line `SCORE:<a>|<b>:<name a>|<name b>`: each name with its total.
fn parse_score(line: &str) -> Vec<(String, f64)> {
    let rest = line
        .strip_prefix("SCORE:")
        .unwrap_or_else(|| panic!("not a SCORE line: `{line}`"));
    let (values, names) = rest.split_once(':').expect("SCORE values:names");
    let values: Vec<f64> = values.split('|').map(|v| v.parse().unwrap()).collect();
    let names: Vec<String> = names.split('|').map(str::to_string).collect();
    assert_eq!(values.len(), names.len(), "{line}");
    names.into_iter().zip(values).collect()
}

/// Waits for the dealer and checks the match it ran: exit 0, no warning or error on its
/// stderr, a STATE line in `m.log` for every hand 0..HANDS-1 in order, then a SCORE line,
/// the one it printed. Returns Alice's and Bob's totals.
fn finish_dealer(procs: &mut Procs, dealer: Dealer) -> [f64; 2] {
    let done = procs.wait(dealer.index);
    let stderr = std::fs::read_to_string(procs.dir.join("dealer.err")).unwrap();
    assert!(
        done.status.success(),
        "the dealer failed ({}):\n{stderr}",
        done.status
    );
    let bad: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("WARNING") || l.contains("ERROR"))
        .collect();
    assert!(bad.is_empty(), "the dealer complained:\n{}", bad.join("\n"));
    // The dealer has exited: its stdout reaches its end as soon as the reading thread gets
    // there.
    let mut printed = Vec::new();
    while let Ok(line) = dealer.stdout.recv_timeout(Duration::from_secs(30)) {
        printed.push(line);
    }
    let log = std::fs::read_to_string(procs.dir.join("m.log")).expect("the dealer wrote m.log");
    let lines: Vec<&str> = log.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), HANDS + 1, "a STATE line per hand, then SCORE");
    for (k, line) in lines[..HANDS].iter().enumerate() {
        let prefix = format!("STATE:{k}:");
        assert!(line.starts_with(&prefix), "hand {k}: `{line}`");
    }
    let score = lines[HANDS];
    assert_eq!(
        printed.last().map(String::as_str),
        Some(score),
        "the dealer printed the log's score"
    );
    let score = parse_score(score);
    let names: Vec<&str> = score.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Alice", "Bob"]);
    [score[0].1, score[1].1]
}

/// Checks one `hus acpc --json` result against the dealer's score for its seat.
fn assert_seat(result: &serde_json::Value, score: f64, who: &str) {
    assert_eq!(result["hands"], HANDS as u64, "{who}: {result}");
    assert_eq!(
        result["net_chips"].as_f64(),
        Some(score),
        "{who}'s net_chips is the dealer's score: {result}"
    );
}

#[test]
fn a_script_plays_a_whole_match_against_the_dealer_s_example_player() {
    let Some(dir) = dealer() else { return };
    let work = work_dir("example-player");
    let mut procs = Procs::new(&work);
    let d = start_dealer(&mut procs, dir, 7);
    let port = d.ports[0].to_string();
    let alice = procs.hus(
        "alice",
        &[
            "acpc",
            &example("tag.hus"),
            "localhost",
            &port,
            "--seed",
            "11",
            "--json",
        ],
    );
    let bob = procs.spawn(
        "bob",
        Command::new(dir.join("example_player"))
            .arg(dir.join(GAME))
            .args(["localhost", &d.ports[1].to_string()]),
    );
    // The players first: when one fails, its own message says why the dealer did.
    let j = procs.wait(alice).json();
    procs.wait(bob).assert_ok();
    let score = finish_dealer(&mut procs, d);
    assert_seat(&j, score[0], "Alice");
    assert_eq!(j["seed"], 11);
    assert!(j["bots"]["A"]["decisions"].as_u64().unwrap() >= HANDS as u64 / 2);
}

/// The match of two `hus acpc` seats that the next tests read: `examples/tag.hus` as Alice
/// (seed 21), `examples/hud.hus` (which reads its opponent's statistics) as Bob (seed 22).
struct HusMatch {
    work: PathBuf,
    alice: serde_json::Value,
    bob: serde_json::Value,
    score: [f64; 2],
}

const ALICE_SEED: &str = "21";
const BOB_SEED: &str = "22";

static HUS_MATCH: OnceLock<HusMatch> = OnceLock::new();

fn hus_match(dir: &Path) -> &'static HusMatch {
    HUS_MATCH.get_or_init(|| {
        let work = work_dir("hus-vs-hus");
        let mut procs = Procs::new(&work);
        let d = start_dealer(&mut procs, dir, 8);
        let seat = |name: &str, bot: &str, port: u16, seed: &str| {
            let port = port.to_string();
            let args = [
                "acpc",
                &example(bot),
                "127.0.0.1",
                &port,
                "--seed",
                seed,
                "--json",
            ];
            (name.to_string(), args.map(str::to_string))
        };
        let seats = [
            seat("alice", "tag.hus", d.ports[0], ALICE_SEED),
            seat("bob", "hud.hus", d.ports[1], BOB_SEED),
        ];
        let ids: Vec<usize> = seats
            .iter()
            .map(|(name, args)| {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                procs.hus(name, &args)
            })
            .collect();
        let alice = procs.wait(ids[0]).json();
        let bob = procs.wait(ids[1]).json();
        let score = finish_dealer(&mut procs, d);
        HusMatch {
            work,
            alice,
            bob,
            score,
        }
    })
}

#[test]
fn two_hus_seats_play_a_whole_match_and_agree_with_the_dealer() {
    let Some(dir) = dealer() else { return };
    let m = hus_match(dir);
    assert_seat(&m.alice, m.score[0], "Alice");
    assert_seat(&m.bob, m.score[1], "Bob");
    assert_eq!(
        m.alice["net_chips"].as_i64().unwrap() + m.bob["net_chips"].as_i64().unwrap(),
        0
    );
    // Both seats saw the same showdowns.
    let (a, b) = (&m.alice["bots"]["A"], &m.bob["bots"]["A"]);
    assert_eq!(a["showdowns"], b["showdowns"]);
    assert_eq!(a["showdowns_split"], b["showdowns_split"]);
}

/// `hus replay ... --json` on the hus-vs-hus log.
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
        "replay", &bot, &log, "--player", player, "--seed", seed, "--json",
    ];
    args.extend_from_slice(extra);
    run_hus(&m.work, name, &args).json()
}

#[test]
fn replaying_a_seat_with_its_seed_makes_every_decision_it_made() {
    let Some(dir) = dealer() else { return };
    let m = hus_match(dir);
    let same = replay(m, "replay-alice", "tag.hus", "Alice", ALICE_SEED, &[]);
    assert_eq!(same["hands"], HANDS as u64);
    assert_eq!(same["decisions"], m.alice["bots"]["A"]["decisions"]);
    assert_eq!(same["agreement"], 1.0, "{same}");
    assert_eq!(same["differing_hands"], serde_json::json!([]), "{same}");
    // tag.hus draws its raise sizes (`RAISE 2 0.66 pot, 1 1 pot`): the same seed draws the
    // same ones.
    assert!(same["random_decisions"].as_u64().unwrap() > 0, "{same}");
    assert_eq!(same["raise_sizes_within_10pct"], 1.0, "{same}");

    // Another seed: every decision without a random choice is still the same.
    let other = replay(m, "replay-alice-other", "tag.hus", "Alice", "999", &[]);
    assert_eq!(other["agreement_without_random"], 1.0, "{other}");
    assert!(
        other["raise_sizes_within_10pct"].as_f64().unwrap() < 1.0,
        "another seed draws other raise sizes: {other}"
    );

    // hud.hus reads its opponent's statistics: the replay keeps them across hands as the
    // seat did.
    let bob = replay(m, "replay-bob", "hud.hus", "Bob", BOB_SEED, &[]);
    assert_eq!(bob["decisions"], m.bob["bots"]["A"]["decisions"]);
    assert_eq!(bob["agreement"], 1.0, "{bob}");
    assert_eq!(bob["differing_hands"], serde_json::json!([]), "{bob}");
}

#[test]
fn replayed_decisions_written_as_xml_replay_with_hus_decide() {
    let Some(dir) = dealer() else { return };
    let m = hus_match(dir);
    let xml = m.work.join("xml");
    let _ = std::fs::remove_dir_all(&xml);
    let xml_arg = xml.display().to_string();
    let j = replay(
        m,
        "replay-xml",
        "tag.hus",
        "Alice",
        ALICE_SEED,
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
