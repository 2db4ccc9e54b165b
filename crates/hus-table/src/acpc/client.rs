//! The dealer connection of `hus acpc`: the version line, then every line the dealer sends
//! handed to the [`Seat`], and its replies sent back, until the dealer closes the connection.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use super::seat::{Seat, SeatError, SeatSummary};

/// The protocol version `hus` speaks, sent first (protocol.txt: `VERSION:2.0.0`).
pub const VERSION: &str = "VERSION:2.0.0";

/// The longest line accepted from the dealer: its own limit (`MAX_LINE_LEN`) is 4 KiB.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How long connecting may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a match could not be played to its end.
#[derive(Debug)]
pub enum ClientError {
    /// No connection (refused, unknown host, time-out), or it broke.
    Connection(String),
    /// The seat stopped: a bad state, a failing bot, an I/O error.
    Seat(SeatError),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Connection(m) => f.write_str(m),
            ClientError::Seat(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ClientError {}

/// Connects to the dealer's port for one seat.
pub fn connect(host: &str, port: u16) -> Result<TcpStream, ClientError> {
    let fail = |e: std::io::Error| {
        ClientError::Connection(format!(
            "cannot connect to the dealer at {host}:{port}: {e}"
        ))
    };
    let addrs: Vec<_> = (host, port).to_socket_addrs().map_err(fail)?.collect();
    let mut last = None;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(s) => {
                // Replies are single short lines: send each at once.
                let _ = s.set_nodelay(true);
                return Ok(s);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(fail(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::NotFound, "the host has no address")
    })))
}

/// Plays a whole match on `stream` (any connection to a dealer, or a test's pipe): sends
/// the version, answers every state that is the seat's turn, and returns the summary once
/// the dealer closes the connection.
pub fn play<S: Read + Write>(stream: S, mut seat: Seat) -> Result<SeatSummary, ClientError> {
    let broken = |e: std::io::Error| {
        ClientError::Connection(match e.kind() {
            // The read time-out (`hus acpc --idle-timeout`) ran out.
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
                "the dealer sent nothing for longer than the idle time-out".to_string()
            }
            _ => format!("the connection to the dealer broke: {e}"),
        })
    };
    let mut reader = BufReader::new(stream);
    send(reader.get_mut(), VERSION).map_err(broken)?;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(broken)?;
        if n == 0 {
            break;
        }
        if line.len() > MAX_LINE_BYTES {
            return Err(ClientError::Seat(SeatError::Protocol {
                line: String::from_utf8_lossy(&line[..60]).into_owned() + "…",
                message: format!("a line longer than {MAX_LINE_BYTES} bytes"),
            }));
        }
        while matches!(line.last(), Some(b'\n' | b'\r')) {
            line.pop();
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            return Err(ClientError::Seat(SeatError::Protocol {
                line: String::from_utf8_lossy(&line).chars().take(60).collect(),
                message: "the line is not text (UTF-8)".into(),
            }));
        };
        if let Some(reply) = seat.on_line(text).map_err(ClientError::Seat)? {
            send(reader.get_mut(), &reply).map_err(broken)?;
        }
    }
    seat.finish().map_err(ClientError::Seat)
}

/// Sends one line; a write time-out (the dealer stopped reading) is said as such.
fn send(w: &mut impl Write, line: &str) -> std::io::Result<()> {
    let sent = w
        .write_all(line.as_bytes())
        .and_then(|()| w.write_all(b"\r\n"))
        .and_then(|()| w.flush());
    sent.map_err(|e| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => std::io::Error::other(
            "the dealer stopped reading (an answer could not be sent within the idle time-out)",
        ),
        _ => e,
    })
}
