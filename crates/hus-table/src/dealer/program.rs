//! An external program that speaks the Annual Computer Poker Competition's protocol, seated
//! at the table of `hus match` (`acpc:"./bot {game} {host} {port}"`, reference §13): hus is
//! its dealer. It listens on loopback, starts the program, sends it every state of every
//! hand as the protocol says and reads its answers, treating a bad one as the competition's
//! dealer does.
//!
//! What counts as legal here is the game model's ([`crate::game`]), never the ACPC client's.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::acpc_text::{final_state, position_of_seat, states_so_far, View};
use super::hand::Stakes;
use crate::external::Spawned;
use crate::files::PrivateTempFile;
use crate::game::{GameState, Intent};
use crate::play::{BotDecision, Decider, DecisionRng, HandEnd};

/// The longest line accepted from a program (the competition's dealer allows 4 KiB).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The time limits a program plays under.
#[derive(Clone, Copy, Debug)]
pub struct TimeLimits {
    /// One answer: past it the program checks, or folds when it owes (and a late answer is
    /// ignored).
    pub action: Duration,
    /// All the answers of one hand: past it the program is taken to hang, and the match ends.
    pub hand: Duration,
    /// Starting and connecting.
    pub start: Duration,
}

impl Default for TimeLimits {
    fn default() -> Self {
        TimeLimits {
            action: Duration::from_secs(10),
            hand: Duration::from_secs(60),
            start: Duration::from_secs(30),
        }
    }
}

/// What the program did wrong without ending the match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Faults {
    /// Answers that were not a valid action (replaced by a call, which is always valid).
    pub invalid: u64,
    /// Turns with no answer within the time per action (the program checked or folded).
    pub late: u64,
    /// Lines that answered no state it was asked (a late answer, or noise): ignored.
    pub ignored: u64,
}

/// An ACPC program at the table.
pub struct AcpcProgram {
    /// The command as given.
    pub command: String,
    inner: Mutex<Inner>,
}

struct Inner {
    child: Started,
    conn: TcpStream,
    /// Bytes read past the last whole line.
    pending: Vec<u8>,
    limits: TimeLimits,
    /// The protocol's number of the hand being played (the match's hand less one).
    hand: u64,
    /// States of this hand already sent.
    sent: usize,
    /// When the program was first asked to act in this hand, and how long it has taken.
    thinking: Duration,
    faults: Faults,
    /// Removed when the program leaves the table.
    _game_file: PrivateTempFile,
    /// The program failed: the match is over for it.
    broken: bool,
}

/// The game definition of heads-up no-limit hold'em at `stakes`, reverse blinds (the big
/// blind is the first position), in the competition's format: what `{game}` names.
pub fn game_definition(stakes: Stakes) -> String {
    format!(
        "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = {s} {s}\nblind = {bb} {sb}\n\
         firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n\
         numBoardCards = 0 3 1 1\nEND GAMEDEF\n",
        s = stakes.stack,
        bb = stakes.bb,
        sb = stakes.sb
    )
}

/// Splits a command into its words as a shell would split a simple one (no shell runs it):
/// blanks separate words, quotes ('...' or "...") keep blanks in one, a backslash outside
/// single quotes takes the next character as it is.
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.get_or_insert_with(String::new).push(c),
            (_, '\\') => {
                let next = chars.next().ok_or("the command ends with a lone `\\`")?;
                word.get_or_insert_with(String::new).push(next);
            }
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(q) = quote {
        return Err(format!("the command has an unclosed {q} quote"));
    }
    words.extend(word);
    if words.is_empty() {
        return Err("the command is empty: give the program and its arguments".into());
    }
    Ok(words)
}

impl AcpcProgram {
    /// Writes the game definition, listens on a loopback port, starts `command` with
    /// `{game}`, `{host}` and `{port}` filled in, and waits for it to connect and send its
    /// version.
    pub fn start(command: &str, stakes: Stakes, limits: TimeLimits) -> Result<AcpcProgram, String> {
        let words = split_command(command)?;
        let game_file = PrivateTempFile::create("game", game_definition(stakes).as_bytes())?;
        let (child, conn) = connect(&words, game_file.path(), limits)?;
        Ok(AcpcProgram {
            command: command.to_string(),
            inner: Mutex::new(Inner {
                child,
                conn,
                pending: Vec::new(),
                limits,
                hand: 0,
                sent: 0,
                thinking: Duration::ZERO,
                faults: Faults::default(),
                _game_file: game_file,
                broken: false,
            }),
        })
    }

    /// What the program did wrong so far.
    pub fn faults(&self) -> Faults {
        self.inner.lock().map(|g| g.faults).unwrap_or_default()
    }

    /// Ends the match for the program: closes the connection (the protocol's end of a
    /// match) and waits a little for it to exit, then stops it.
    pub fn finish(&self) {
        if let Ok(mut g) = self.inner.lock() {
            g.close();
        }
    }
}

/// Listens, starts the program and accepts its connection and version line.
fn connect(
    words: &[String],
    game_file: &std::path::Path,
    limits: TimeLimits,
) -> Result<(Started, TcpStream), String> {
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot listen on a loopback port: {e}"))?;
    let port = listener
        .local_addr()
        .map_err(|e| format!("cannot read the port: {e}"))?
        .port();
    let fill = |w: &String| {
        w.replace("{game}", &game_file.display().to_string())
            .replace("{host}", "127.0.0.1")
            .replace("{port}", &port.to_string())
    };
    let mut command = Command::new(fill(&words[0]));
    command
        .args(words[1..].iter().map(fill))
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    let mut child =
        Started::spawn(&mut command).map_err(|e| format!("cannot start `{}`: {e}", words[0]))?;
    let fail = |child: &mut Started, why: String| {
        child.end();
        Err(why)
    };
    if let Err(e) = listener.set_nonblocking(true) {
        return fail(&mut child, format!("cannot wait for the program: {e}"));
    }
    let deadline = Instant::now() + limits.start;
    let conn = loop {
        match listener.accept() {
            Ok((conn, _)) => break conn,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return fail(&mut child, format!("cannot accept the program: {e}")),
        }
        if child.has_ended() {
            let status = child.end().map_or_else(String::new, |s| format!(" ({s})"));
            return Err(format!(
                "`{}` ended{status} before connecting to port {port}",
                words[0]
            ));
        }
        if Instant::now() > deadline {
            return fail(
                &mut child,
                format!(
                    "`{}` did not connect to port {port} within {} s",
                    words[0],
                    limits.start.as_secs_f64()
                ),
            );
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = conn.set_nonblocking(false);
    let _ = conn.set_nodelay(true);
    let mut inner_conn = Handshake {
        conn,
        pending: Vec::new(),
    };
    match inner_conn.read_line(Instant::now() + limits.start) {
        Ok(Some(v)) if v.starts_with("VERSION:2.") => Ok((child, inner_conn.conn)),
        Ok(Some(v)) => fail(
            &mut child,
            format!(
                "the program's first line is `{}`, not the protocol version `VERSION:2.0.0`",
                crate::diag::escape_controls(&v.chars().take(60).collect::<String>())
            ),
        ),
        Ok(None) => fail(&mut child, "the program sent no version line".into()),
        Err(e) => fail(&mut child, format!("the program's connection broke: {e}")),
    }
}

/// A connection and the bytes read past its last whole line.
struct Handshake {
    conn: TcpStream,
    pending: Vec<u8>,
}

impl Handshake {
    /// The next whole line (without its line end), or `None` when `deadline` passes first.
    fn read_line(&mut self, deadline: Instant) -> std::io::Result<Option<String>> {
        read_line(&mut self.conn, &mut self.pending, deadline)
    }
}

fn read_line(
    conn: &mut TcpStream,
    pending: &mut Vec<u8>,
    deadline: Instant,
) -> std::io::Result<Option<String>> {
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = memchr::memchr(b'\n', pending) {
            let mut line: Vec<u8> = pending.drain(..=end).collect();
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
        }
        if pending.len() > MAX_LINE_BYTES {
            return Err(std::io::Error::other(format!(
                "a line longer than {MAX_LINE_BYTES} bytes"
            )));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        conn.set_read_timeout(Some(deadline - now))?;
        match conn.read(&mut buf) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => pending.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock
                        | std::io::ErrorKind::TimedOut
                        | std::io::ErrorKind::Interrupted
                ) => {}
            Err(e) => return Err(e),
        }
    }
}

/// The program's answer to a state where it acts.
enum Answer {
    Act(String),
    /// No answer within the time per action.
    Late,
}

impl Inner {
    /// Sends one line within the time per hand: a program that stops reading (its
    /// connection's buffer full) is taken to hang, and the match ends.
    fn send(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(line.len() + 2);
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(b"\r\n");
        let deadline = Instant::now().checked_add(self.limits.hand);
        match write_by(&mut self.conn, &bytes, deadline) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                self.broken = true;
                Err(format!(
                    "the ACPC program stopped reading: a state could not be sent to it within the time per hand ({} s) in hand {}",
                    self.limits.hand.as_secs_f64(),
                    self.hand
                ))
            }
            Err(e) => Err(self.gone(&e)),
        }
    }

    /// Sends the states of the hand not sent yet (`views` from the start of the hand).
    fn catch_up(&mut self, views: &[View], position: usize) -> Result<(), String> {
        for v in &views[self.sent.min(views.len())..] {
            self.send(&v.matchstate(position))?;
        }
        self.sent = views.len();
        Ok(())
    }

    /// Waits for the answer to `asked`, within the time per action and what is left of the
    /// time per hand.
    fn answer(&mut self, asked: &str) -> Result<Answer, String> {
        let start = Instant::now();
        let hand_left = self.limits.hand.saturating_sub(self.thinking);
        let late_at = start + self.limits.action.min(hand_left);
        let result = loop {
            match read_line(&mut self.conn, &mut self.pending, late_at) {
                Ok(Some(line)) => match line
                    .strip_prefix(asked)
                    .and_then(|rest| rest.strip_prefix(':'))
                {
                    Some(act) => break Ok(Answer::Act(act.to_string())),
                    None => self.faults.ignored += 1,
                },
                Ok(None) => break Ok(Answer::Late),
                Err(e) => break Err(self.gone(&e)),
            }
        };
        self.thinking += start.elapsed();
        if matches!(result, Ok(Answer::Late)) && self.thinking >= self.limits.hand {
            self.broken = true;
            return Err(format!(
                "the ACPC program took more than the time per hand ({} s) in hand {}: it hangs",
                self.limits.hand.as_secs_f64(),
                self.hand
            ));
        }
        result
    }

    /// The error of a broken connection, with how the program ended if it has.
    fn gone(&mut self, e: &std::io::Error) -> String {
        self.broken = true;
        std::thread::sleep(Duration::from_millis(50));
        let how = match self.child.has_ended().then(|| self.child.end()) {
            Some(Some(status)) => format!(" (it ended: {status})"),
            _ => String::new(),
        };
        let what = if e.kind() == std::io::ErrorKind::UnexpectedEof {
            "closed the connection".to_string()
        } else {
            format!("broke the connection ({e})")
        };
        format!(
            "the ACPC program {what} in hand {} of the protocol{how}",
            self.hand
        )
    }

    /// Closes the connection (the protocol's end of a match), waits a little for the
    /// program to exit, then ends its whole group: nothing it started outlives the match.
    fn close(&mut self) {
        let _ = self.conn.shutdown(Shutdown::Both);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline && !self.child.has_ended() {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.child.end();
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        let _ = self.conn.shutdown(Shutdown::Both);
        self.child.end();
    }
}

/// Writes all of `bytes` by `deadline` (none: no limit), or fails with `TimedOut`.
fn write_by(
    conn: &mut TcpStream,
    mut bytes: &[u8],
    deadline: Option<Instant>,
) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    while !bytes.is_empty() {
        let left = match deadline {
            Some(d) => Some(
                d.checked_duration_since(Instant::now())
                    .filter(|l| !l.is_zero())
                    .ok_or_else(|| Error::from(ErrorKind::TimedOut))?,
            ),
            None => None,
        };
        conn.set_write_timeout(left)?;
        match conn.write(bytes) {
            Ok(0) => return Err(ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                ) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// A program started in a process group of its own and listed, so that a signal ending
/// `hus` ends it too; when it leaves the table it is ended with everything it started: its
/// group (a wrapper script's program), what it moved to a session of its own, its orphans.
struct Started(Spawned);

impl Started {
    fn spawn(command: &mut Command) -> std::io::Result<Started> {
        Spawned::spawn(command).map(Started)
    }

    /// Whether the program has ended; it is not reaped, so its group id stays its own.
    fn has_ended(&mut self) -> bool {
        self.0.has_exited().unwrap_or(true)
    }

    /// Ends the program and all it started, and reaps it: how it ended (the first time only).
    fn end(&mut self) -> Option<std::process::ExitStatus> {
        self.0.end()
    }
}

/// What an answer asks for at `state`, and whether it was a valid action there. A valid one
/// is `f` when something is owed, `c`, or `r<to>` to a total the player can raise to (at
/// least the smallest raise, or all in); anything else becomes a call.
pub fn read_action(act: &str, state: &GameState) -> (Intent, bool) {
    let d = state.derived();
    let call = if d.to_call > crate::game::Chips::ZERO {
        Intent::Call
    } else {
        Intent::Check
    };
    let valid = match act {
        "f" if d.to_call > crate::game::Chips::ZERO => Some(Intent::Fold),
        "c" => Some(call),
        _ => act
            .strip_prefix('r')
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u64>().ok())
            .and_then(|to| {
                // The protocol's chips are the state's units (whole chips).
                let high = d.hero_in + d.to_call;
                let all_in = d.hero_in + d.hero_stack;
                let to = crate::game::Chips(i64::try_from(to).ok()?);
                let by = to - high;
                let ok = d.hero_can_raise
                    && to <= all_in
                    && by >= crate::game::Chips(1)
                    && (by >= d.min_raise || to == all_in);
                ok.then_some(Intent::Raise(d.chips(by)))
            }),
    };
    match valid {
        Some(mv) => (mv, true),
        None => (call, false),
    }
}

impl Decider for AcpcProgram {
    fn decide(&self, state: &GameState, _rng: &mut DecisionRng) -> Result<BotDecision, String> {
        let mut g = self
            .inner
            .lock()
            .map_err(|_| "the ACPC program's connection is unusable".to_string())?;
        if g.broken {
            return Err("the ACPC program failed earlier".into());
        }
        let seat = (!state.derived().hero_is_button) as usize;
        let position = position_of_seat(seat);
        let views = states_so_far(state.record(), seat, g.hand);
        g.catch_up(&views, position)?;
        let asked = views.last().map(|v| v.matchstate(position));
        let asked = asked.unwrap_or_default();
        let (mv, valid) = match g.answer(&asked)? {
            Answer::Act(act) => read_action(&act, state),
            Answer::Late => {
                g.faults.late += 1;
                let mv = if state.derived().to_call > crate::game::Chips::ZERO {
                    Intent::Fold
                } else {
                    Intent::Check
                };
                (mv, true)
            }
        };
        if !valid {
            g.faults.invalid += 1;
        }
        let mut decision = BotDecision::plain(mv);
        decision.made_legal = !valid;
        Ok(decision)
    }

    fn plays_in_order(&self) -> bool {
        true
    }

    fn hand_over(&self, end: &HandEnd) -> Result<(), String> {
        let mut g = self
            .inner
            .lock()
            .map_err(|_| "the ACPC program's connection is unusable".to_string())?;
        if g.broken {
            return Err("the ACPC program failed earlier".into());
        }
        let position = position_of_seat(end.seat);
        let hand = g.hand;
        let mut views = states_so_far(end.record, end.seat, hand);
        views.pop();
        g.catch_up(&views, position)?;
        let last = final_state(end.record, end.deal, end.seat, hand, end.showdown, false);
        g.send(&last.matchstate(position))?;
        g.hand += 1;
        g.sent = 0;
        g.thinking = Duration::ZERO;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_to_a_program_that_stops_reading_fails_at_its_deadline() {
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let mut conn = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        // The peer is accepted and never read: the buffers fill, then every write blocks.
        let (_peer, _) = listener.accept().unwrap();
        let bytes = vec![b'x'; 64 << 20];
        let deadline = Instant::now() + Duration::from_millis(300);
        let e = write_by(&mut conn, &bytes, Some(deadline)).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::TimedOut);
        assert!(Instant::now() >= deadline);
    }

    #[test]
    fn commands_split_into_words_as_a_simple_shell_command() {
        assert_eq!(
            split_command(r#"./bot "my game" {port} 'a b'\ c x\"y"#).unwrap(),
            ["./bot", "my game", "{port}", "a b c", "x\"y"]
        );
        assert_eq!(split_command("a ''").unwrap(), ["a", ""]);
        assert!(split_command("  ").unwrap_err().contains("empty"));
        assert!(split_command("a 'b").unwrap_err().contains("unclosed"));
    }

    #[test]
    fn the_game_definition_reads_back_as_the_stakes() {
        let text = game_definition(Stakes {
            sb: 50,
            bb: 100,
            stack: 10_000,
        });
        let g = crate::acpc::NoLimitGame::parse(&text).unwrap();
        assert_eq!(g.stack, 10_000);
        assert_eq!(g.blinds, [100, 50]);
        assert_eq!(g.first_player, [1, 0, 0, 0]);
    }

    #[test]
    fn answers_are_read_by_the_game_model_and_bad_ones_become_calls() {
        // The hero is the big blind facing a raise to 300 (owes 200, may raise by 200+).
        let xml = r#"<game><init><BB>100</BB><SB>50</SB><heroStack>10000</heroStack>
            <villainStack>10000</villainStack><heroCards><card rank="A" color="Hearts"/>
            <card rank="K" color="Hearts"/></heroCards></init><posts>
            <post player="Villain" amount="50">SB</post><post player="Hero" amount="100">BB</post>
            </posts><preflop><action no="0" player="Villain" act="raise" amount="200"/>
            </preflop></game>"#;
        let state = match GameState::from_xml(xml) {
            Ok((s, _)) => s,
            Err(e) => panic!("the fixture is a valid game state: {e:?}"),
        };
        assert_eq!(read_action("f", &state), (Intent::Fold, true));
        assert_eq!(read_action("c", &state), (Intent::Call, true));
        assert_eq!(read_action("r500", &state), (Intent::Raise(200.0), true));
        assert_eq!(read_action("r10000", &state), (Intent::Raise(9700.0), true));
        assert_eq!(read_action("r400", &state), (Intent::Call, false));
        assert_eq!(read_action("r10001", &state), (Intent::Call, false));
        assert_eq!(read_action("x", &state), (Intent::Call, false));
        assert_eq!(read_action("r", &state), (Intent::Call, false));
    }
}
