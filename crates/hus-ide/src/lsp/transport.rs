//! The protocol's framing over a byte stream: `Content-Length: N` headers, a blank line, then
//! N bytes of JSON. Unlike `lsp_server`'s own stdio transport (whose reader thread ends at the
//! first message that is not valid JSON), this reader survives malformed input: a body that
//! is not JSON is reported as [`Incoming::BadJson`], a header block without a usable length
//! as [`Incoming::BadHeader`], and reading goes on at the next `Content-Length` header.

use std::io::{self, BufRead, Write};

/// The largest body accepted: a script may have 16 MiB, and JSON escapes may double it.
pub const MAX_BODY: usize = 64 << 20;

/// A header line longer than this is not kept whole: only its end is (where a following
/// message's `Content-Length` would be, after the junk of a broken one).
const MAX_LINE: usize = 8 << 10;

/// What one read from the stream gave.
#[derive(Debug, PartialEq)]
pub enum Incoming {
    /// A body that is JSON.
    Json(serde_json::Value),
    /// A body that is not JSON (the parser's complaint).
    BadJson(String),
    /// A header block without a usable `Content-Length` (missing, not a number, too large).
    BadHeader(String),
}

/// Reads the next message; `Ok(None)` at the end of the stream.
pub fn read(r: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut headers = false;
    loop {
        let Some(line) = read_line(r)? else {
            return Ok(None);
        };
        if line.is_empty() {
            match length.take() {
                Some(Ok(n)) => return read_body(r, n),
                Some(Err(e)) => return Ok(Some(Incoming::BadHeader(e))),
                None if headers => {
                    return Ok(Some(Incoming::BadHeader(
                        "no Content-Length header".to_string(),
                    )))
                }
                // A blank line between messages, or inside the junk of a broken one.
                None => continue,
            }
        }
        if let Some(at) = find_ignore_case(&line, "content-length:") {
            let value = line[at + "content-length:".len()..].trim();
            length = Some(match value.parse::<usize>() {
                Ok(n) if n <= MAX_BODY => Ok(n),
                Ok(n) => Err(format!(
                    "Content-Length {n} is above the limit of {MAX_BODY} bytes"
                )),
                Err(_) => Err(format!("Content-Length `{}` is not a number", shown(value))),
            });
            headers = true;
        } else if is_header(&line) {
            headers = true;
        }
        // Anything else is junk left by a broken message: skipped.
    }
}

/// One line without its line end (`\r\n` or `\n`); `None` at the end of the stream. A line
/// longer than [`MAX_LINE`] keeps only its last bytes.
fn read_line(r: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line: Vec<u8> = Vec::new();
    let mut any = false;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then(|| finish_line(line)));
        }
        any = true;
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                line.extend_from_slice(&buf[..i]);
                r.consume(i + 1);
                return Ok(Some(finish_line(line)));
            }
            None => {
                let n = buf.len();
                line.extend_from_slice(buf);
                r.consume(n);
            }
        }
        if line.len() > MAX_LINE {
            line.drain(..line.len() - MAX_LINE / 2);
        }
    }
}

fn finish_line(mut line: Vec<u8>) -> String {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8_lossy(&line).into_owned()
}

fn read_body(r: &mut impl BufRead, n: usize) -> io::Result<Option<Incoming>> {
    let mut body = vec![0u8; n];
    match r.read_exact(&mut body) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    Ok(Some(match serde_json::from_slice(&body) {
        Ok(v) => Incoming::Json(v),
        Err(e) => Incoming::BadJson(e.to_string()),
    }))
}

/// `Name: value` with a name of letters, digits and `-`.
fn is_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(name, _)| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
    })
}

fn find_ignore_case(hay: &str, needle: &str) -> Option<usize> {
    hay.to_ascii_lowercase().find(needle)
}

/// At most 40 characters of a value, for an error message.
fn shown(value: &str) -> String {
    let s: String = value.chars().take(40).collect();
    if s.len() < value.len() {
        format!("{s}…")
    } else {
        s
    }
}

/// Writes one message (its JSON text) with its header.
pub fn write(w: &mut impl Write, body: &str) -> io::Result<()> {
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn all(input: &str) -> Vec<Incoming> {
        let mut r = io::BufReader::new(input.as_bytes());
        let mut out = Vec::new();
        while let Some(m) = read(&mut r).unwrap() {
            out.push(m);
        }
        out
    }

    #[test]
    fn messages_back_to_back() {
        let input = format!(
            "{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n{}",
            frame(r#"{"a":1}"#),
            frame(r#"{"b":2}"#)
        );
        assert_eq!(
            all(&input),
            [
                Incoming::Json(json!({"a": 1})),
                Incoming::Json(json!({"b": 2}))
            ]
        );
    }

    #[test]
    fn malformed_input_is_reported_and_skipped() {
        let good = frame(r#"{"ok":true}"#);
        // A body that is not JSON.
        let input = format!("{}{good}", frame("{not json"));
        let got = all(&input);
        assert!(matches!(got[0], Incoming::BadJson(_)));
        assert_eq!(got[1], Incoming::Json(json!({"ok": true})));
        // A length that is no number: its body is skipped up to the next header.
        let input = format!("Content-Length: abc\r\n\r\n{{\"x\": 1}}{good}");
        let got = all(&input);
        assert_eq!(
            got[0],
            Incoming::BadHeader("Content-Length `abc` is not a number".into())
        );
        assert_eq!(got[1], Incoming::Json(json!({"ok": true})));
        assert_eq!(got.len(), 2);
        // No length at all, a body over several lines with a blank one.
        let input = format!("Content-Type: x\r\n\r\n{{\n\n\"x\": 1}}\n{good}");
        let got = all(&input);
        assert_eq!(
            got[0],
            Incoming::BadHeader("no Content-Length header".into())
        );
        assert_eq!(got[1], Incoming::Json(json!({"ok": true})));
        assert_eq!(got.len(), 2);
        // Too large a length.
        let input = format!("Content-Length: 99999999999\r\n\r\nxyz{good}");
        let got = all(&input);
        assert!(matches!(&got[0], Incoming::BadHeader(e) if e.contains("above the limit")));
        assert_eq!(got[1], Incoming::Json(json!({"ok": true})));
        // A body cut short by the end of the stream.
        assert_eq!(all("Content-Length: 10\r\n\r\n{}"), []);
    }

    #[test]
    fn a_long_junk_line_still_finds_the_next_header() {
        let junk = "x".repeat(100_000);
        let input = format!("Content-Length: nope\r\n\r\n{junk}{}", frame(r#"{"ok":1}"#));
        let got = all(&input);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], Incoming::Json(json!({"ok": 1})));
    }

    #[test]
    fn writes_a_header_and_the_body() {
        let mut out = Vec::new();
        write(&mut out, &json!({"id": 1}).to_string()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Content-Length: 8\r\n\r\n{\"id\":1}"
        );
    }
}
