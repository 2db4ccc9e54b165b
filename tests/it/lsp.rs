//! End-to-end tests of `hus lsp`: the real binary, spoken to as an editor does (JSON-RPC with
//! `Content-Length` framing over its standard input and output). Every read has a deadline,
//! so a server that hangs fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::hus::command;
use serde_json::{json, Value};

const DEADLINE: Duration = Duration::from_secs(30);

struct Client {
    child: Child,
    stdin: ChildStdin,
    rx: mpsc::Receiver<Value>,
    /// Messages read while waiting for another.
    pending: Vec<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = command(crate::support::root())
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("hus lsp starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length: ") {
                        length = Some(v.parse::<usize>().expect("a length"));
                    }
                }
                let mut body = vec![0; length.expect("a Content-Length header")];
                if r.read_exact(&mut body).is_err() {
                    return;
                }
                let v: Value = serde_json::from_slice(&body).expect("the server writes JSON");
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            rx,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn send(&mut self, v: &Value) {
        let body = serde_json::to_string(v).unwrap();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message that `want` accepts (others are kept for later).
    fn wait(&mut self, what: &str, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&want) {
            return self.pending.remove(i);
        }
        loop {
            match self.rx.recv_timeout(DEADLINE) {
                Ok(v) if want(&v) => return v,
                Ok(v) => self.pending.push(v),
                Err(_) => panic!("no {what} within {DEADLINE:?}; got {:#?}", self.pending),
            }
        }
    }

    /// Sends a request and returns its whole response.
    fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(&format!("answer to {method}"), |v| {
            v.get("id") == Some(&json!(id)) && v.get("method").is_none()
        })
    }

    /// Sends a request and returns its result (failing on an error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let r = self.request_raw(method, params);
        assert!(r.get("error").is_none(), "{method}: {r}");
        r["result"].clone()
    }

    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let v = self.wait(&format!("diagnostics of {uri} v{version}"), |v| {
            v["method"] == "textDocument/publishDiagnostics"
                && v["params"]["uri"] == uri
                && v["params"]["version"] == version
        });
        v["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn initialize(&mut self, root: &Path) -> Value {
        let r = self.request(
            "initialize",
            json!({"processId": null, "rootUri": uri(root), "capabilities": {}}),
        );
        self.notify("initialized", json!({}));
        r
    }

    /// Shutdown and exit; the process's exit code.
    fn finish(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.exit_code()
    }

    fn exit_code(&mut self) -> i32 {
        for _ in 0..300 {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.code().unwrap_or(-1);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the server did not exit");
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn uri(path: &Path) -> String {
    let mut out = String::from("file://");
    for b in path.to_str().unwrap().bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A fresh directory for one test's files.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hus-lsp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A valid 13x13 table: raise 3 big blinds with a pair of jacks or better, fold the rest.
fn table() -> String {
    let mut s = String::new();
    for row in 0..13 {
        let cells: Vec<&str> = (0..13)
            .map(|col| if row == col && row < 4 { "R3" } else { "F" })
            .collect();
        s.push_str(&cells.join("\t"));
        s.push('\n');
    }
    s
}

/// `text` with `edit` (a protocol TextEdit, UTF-16 positions) applied.
fn apply(text: &str, edit: &Value) -> String {
    let offset = |p: &Value| -> usize {
        let (line, ch) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        let mut at = 0;
        for (i, l) in text.split_inclusive('\n').enumerate() {
            if i as u64 == line {
                let mut units = 0;
                for (b, c) in l.char_indices() {
                    if units >= ch {
                        return at + b;
                    }
                    units += c.len_utf16() as u64;
                }
                return at + l.len();
            }
            at += l.len();
        }
        text.len()
    };
    let (a, b) = (
        offset(&edit["range"]["start"]),
        offset(&edit["range"]["end"]),
    );
    format!(
        "{}{}{}",
        &text[..a],
        edit["newText"].as_str().unwrap(),
        &text[b..]
    )
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({"start": pos(l0, c0), "end": pos(l1, c1)})
}

const CODES_URL: &str =
    "https://github.com/hus-lang/hus/blob/main/docs/language.md#diagnostic-codes";

const BOT: &str = "// a test bot ♠♥ é
DEFINE premium = AKs | AKo
PREFLOP
  RULE JJ+
    THEN USE TABLE open.tsv
  ENDRULE
  RULE external \"♠♥ é 🂡\" > 0.5, pairr // é
    THEN CALL
  ENDRULE
  RULE premium
    THEN RAISE 3BB
  ENDRULE
ENDFLOP
FLOP
  RULE flushDraw, potOdds < 0.3
    THEN CALL
  ENDRULE
ENDFLOP
";

#[test]
fn an_editor_works_on_a_script_from_initialize_to_exit() {
    let dir = workdir("editor");
    std::fs::write(dir.join("open.tsv"), table()).unwrap();
    let path = dir.join("bot.hus");
    std::fs::write(&path, BOT).unwrap();
    let bot = uri(&path);
    let mut c = Client::start();

    // The advertised capabilities.
    let init = c.initialize(&dir);
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["openClose"], true);
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental");
    assert_eq!(caps["hoverProvider"], true);
    assert!(caps["completionProvider"].is_object());
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );
    assert_eq!(caps["documentSymbolProvider"], true);
    assert_eq!(caps["foldingRangeProvider"], true);
    assert_eq!(caps["definitionProvider"], true);
    assert_eq!(caps["documentFormattingProvider"], true);
    assert_eq!(init["serverInfo"]["name"], "hus");

    // Open: the diagnostics `hus check` reports, at UTF-16 columns (`🂡` counts two).
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": bot, "languageId": "hus", "version": 1, "text": BOT}}),
    );
    let ds = c.diagnostics(&bot, 1);
    let summary: Vec<(String, Value, i64)> = ds
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["range"].clone(),
                d["severity"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("unknown-name".to_string(), range(6, 33, 6, 38), 1),
            ("end-mismatch".to_string(), range(12, 0, 12, 7), 1),
        ]
    );
    assert_eq!(ds[0]["message"], "unknown name `pairr`");
    assert_eq!(ds[0]["source"], "hus");
    assert_eq!(ds[0]["codeDescription"]["href"], CODES_URL);
    assert_eq!(ds[1]["message"], "`ENDFLOP` closes a `PREFLOP` block");
    let related: Vec<&str> = ds[1]["relatedInformation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        related,
        [
            "expected `ENDPREFLOP`",
            "the `PREFLOP` block opens here",
            "help: close the block with `ENDPREFLOP`, or open it with `FLOP`"
        ]
    );
    assert_eq!(
        ds[1]["relatedInformation"][1]["location"]["range"],
        range(2, 0, 2, 7)
    );

    // Quick fixes: the did-you-mean name, applied, and the diagnostic is gone.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": bot}, "range": ds[0]["range"],
               "context": {"diagnostics": [ds[0].clone()]}}),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:#?}");
    assert_eq!(actions[0]["title"], "Replace with `pair`");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["diagnostics"][0]["code"], "unknown-name");
    let edit = &actions[0]["edit"]["changes"][&bot][0];
    assert_eq!(edit["range"], range(6, 33, 6, 38));
    assert_eq!(edit["newText"], "pair");
    let text = apply(BOT, edit);
    assert!(text.contains("> 0.5, pair // é"));
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": bot, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    let ds = c.diagnostics(&bot, 2);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert_eq!(ds[0]["code"], "end-mismatch");
    // The right END word.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": bot}, "range": ds[0]["range"],
               "context": {"diagnostics": ds.clone()}}),
    );
    assert_eq!(actions[0]["title"], "Replace with `ENDPREFLOP`");
    let text = apply(&text, &actions[0]["edit"]["changes"][&bot][0]);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": bot, "version": 3}, "contentChanges": [{"text": text}]}),
    );
    assert_eq!(c.diagnostics(&bot, 3), Vec::<Value>::new());

    // Hover: a constant, a predicate, a card query.
    let hover = |c: &mut Client, line: u32, ch: u32| -> Value {
        c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": bot}, "position": pos(line, ch)}),
        )
    };
    let h = hover(&mut c, 14, 20);
    assert_eq!(h["contents"]["kind"], "markdown");
    assert_eq!(
        h["contents"]["value"],
        "**potOdds** (constant): the share of the final pot a call pays: the equity a call needs\n\n\
         `toCall / (winnablePot + toCall)`, where the winnable pot is the hero's chips in plus the \
         villain's, the villain's capped at the hero's chips in + `heroStack` (the rest of a \
         covering bet goes back). 0 when nothing is owed. Between 0 and 1.\n\n\
         Example: `VILLAIN facingBet, equity >= potOdds`\n\nThesis: the thesis divides by the whole pot"
    );
    assert_eq!(h["range"], range(14, 18, 14, 25));
    let h = hover(&mut c, 14, 8);
    assert_eq!(
        h["contents"]["value"],
        "**flushDraw** (predicate): four cards of a suit, at least one in the hero's hand, no flush yet\n\n\
         Four cards of one suit among hole and board with at least one hole card of that suit; \
         no flush yet; flop and turn only (never on the river).\n\nExample: `RULE flushDraw`"
    );
    let h = hover(&mut c, 3, 8);
    assert_eq!(
        h["contents"]["value"],
        "**JJ+** (card query): JJ QQ KK AA, 4 classes, 24 of 1326 combos, 1.8 %"
    );
    // A USE TABLE path: the table's legend.
    let h = hover(&mut c, 4, 20);
    let legend = h["contents"]["value"].as_str().unwrap();
    assert!(
        legend.ends_with("| `R3` | raise by 3 big blinds | 4 | 24 |\n| `F` | fold | 165 | 1302 |"),
        "{legend}"
    );

    // Completion after THEN: the actions.
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": bot}, "position": pos(7, 9)}),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "FOLD",
            "CHECK",
            "CALL",
            "RAISE",
            "RAISETO",
            "USE TABLE",
            "external"
        ]
    );
    assert_eq!(items[2]["detail"], "match what is owed");

    // The outline.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": bot}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["DEFINE premium", "PREFLOP", "FLOP"]);
    let rules: Vec<&str> = symbols[1]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "RULE (line 4): JJ+",
            "RULE (line 7): external \"♠♥ é 🂡\" > 0.5",
            "RULE (line 10): premium"
        ]
    );
    assert_eq!(
        symbols[1]["children"][0]["detail"],
        "THEN USE TABLE open.tsv"
    );
    assert_eq!(symbols[1]["range"], range(2, 0, 12, 10));

    // Folds: blocks and rules.
    let folds = c.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": bot}}),
    );
    let lines: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [(2, 12), (3, 5), (6, 8), (9, 11), (13, 17), (14, 16)]
    );

    // Go to definition: the table's file, and a DEFINE.
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": bot}, "position": pos(4, 22)}),
    );
    assert_eq!(def["uri"], uri(&dir.join("open.tsv")));
    assert_eq!(def["range"], range(0, 0, 0, 0));
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": bot}, "position": pos(9, 9)}),
    );
    assert_eq!(def["uri"], bot);
    assert_eq!(def["range"], range(1, 7, 1, 14));

    // Formatting: edits that replace the whole text, or none; none for a script that does
    // not parse.
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": bot}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = edits.as_array().unwrap();
    assert!(edits.len() <= 1);
    if let Some(e) = edits.first() {
        assert_eq!(e["range"]["start"], pos(0, 0));
    }

    // An incremental change (a range, UTF-16 columns): a misspelt name appears.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": bot, "version": 4},
               "contentChanges": [{"range": range(6, 37, 6, 37), "text": "x"}]}),
    );
    let ds = c.diagnostics(&bot, 4);
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert_eq!(ds[0]["code"], "unknown-name");
    assert_eq!(ds[0]["message"], "unknown name `pairx`");
    assert_eq!(ds[0]["range"], range(6, 33, 6, 38));
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": bot}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(edits.is_array());
    // A syntax error (the first rule's ENDRULE removed): no edits, and the rules after the
    // error are still checked.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": bot, "version": 5},
               "contentChanges": [{"range": range(5, 2, 5, 9), "text": ""}]}),
    );
    let ds = c.diagnostics(&bot, 5);
    let codes: Vec<(&str, &Value)> = ds
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), &d["range"]))
        .collect();
    assert_eq!(
        codes,
        [
            ("missing-end", &range(6, 2, 6, 6)),
            ("unknown-name", &range(6, 33, 6, 38))
        ]
    );
    // Its quick fix inserts the ENDRULE line.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": bot}, "range": range(6, 2, 6, 6),
               "context": {"diagnostics": [ds[0].clone()]}}),
    );
    assert_eq!(actions[0]["title"], "Insert `ENDRULE`");
    assert_eq!(
        actions[0]["edit"]["changes"][&bot][0]["range"],
        range(6, 0, 6, 0)
    );
    assert_eq!(
        actions[0]["edit"]["changes"][&bot][0]["newText"],
        "  ENDRULE\n"
    );
    // Hover still works in a script that does not parse.
    let h = hover(&mut c, 3, 8);
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**JJ+** (card query)"));
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": bot}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));

    // Closing clears the document's diagnostics.
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": bot}}),
    );
    let v = c.wait("cleared diagnostics", |v| {
        v["method"] == "textDocument/publishDiagnostics"
            && v["params"]["uri"] == bot
            && v["params"]["diagnostics"] == json!([])
    });
    assert!(v["params"]["version"].is_null());

    assert_eq!(c.finish(), 0);
}

#[test]
fn malformed_messages_get_errors_and_the_server_goes_on() {
    let dir = workdir("malformed");
    let path = dir.join("bot.hus");
    let text = "PREFLOP\n  RULE JJ+\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n";
    std::fs::write(&path, text).unwrap();
    let bot = uri(&path);
    let mut c = Client::start();

    // Before initialize: not initialized.
    let r = c.request_raw("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32002);
    c.initialize(&dir);
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": bot, "languageId": "hus", "version": 1, "text": text}}),
    );
    assert_eq!(c.diagnostics(&bot, 1), Vec::<Value>::new());

    // A body that is not JSON: a parse error with a null id.
    c.send_raw(b"Content-Length: 9\r\n\r\n{bad json");
    let e = c.wait("a parse error", |v| v.get("error").is_some());
    assert_eq!(e["error"]["code"], -32700);
    assert_eq!(e["id"], Value::Null);
    // A Content-Length that is no number: the same, and its body is skipped.
    c.send_raw(b"Content-Length: twelve\r\n\r\n{\"jsonrpc\": \"2.0\"}");
    let e = c.wait("a parse error", |v| v.get("error").is_some());
    assert_eq!(e["error"]["code"], -32700);
    // An unknown method.
    let r = c.request_raw("textDocument/frobnicate", json!({}));
    assert_eq!(r["error"]["code"], -32601);
    // Wrong params.
    let r = c.request_raw("textDocument/hover", json!({"textDocument": 42}));
    assert_eq!(r["error"]["code"], -32602);
    // A request for a document that is not open.
    let r = c.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.hus"}, "position": pos(0, 0)}),
    );
    assert_eq!(r["error"]["code"], -32602);
    // An unknown notification is ignored.
    c.notify("$/somethingNew", json!({}));

    // Still running: a hover is answered.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": bot}, "position": pos(1, 8)}),
    );
    assert_eq!(
        h["contents"]["value"],
        "**JJ+** (card query): JJ QQ KK AA, 4 classes, 24 of 1326 combos, 1.8 %"
    );
    assert_eq!(c.finish(), 0);
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let mut c = Client::start();
    c.initialize(&workdir("exit"));
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 1);
    // After shutdown, requests are refused.
    let mut c = Client::start();
    c.initialize(&workdir("exit2"));
    assert_eq!(c.request("shutdown", Value::Null), Value::Null);
    let r = c.request_raw("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], -32600);
    c.notify("exit", Value::Null);
    assert_eq!(c.exit_code(), 0);
}

/// The byte offset of a protocol position in `text`, read the plain way (lines end at `\n`,
/// `\r\n` or a lone `\r`; a column past the line's end is its end, one inside a surrogate
/// pair the character's start; a line past the last is the end): the fuzz test's oracle.
fn plain_offset(text: &str, line: u64, ch: u64) -> usize {
    let b = text.as_bytes();
    let mut start = 0;
    for _ in 0..line {
        match b[start..].iter().position(|&c| c == b'\n' || c == b'\r') {
            None => return text.len(),
            Some(i) => {
                let crlf = b[start + i] == b'\r' && b.get(start + i + 1) == Some(&b'\n');
                start += i + if crlf { 2 } else { 1 };
            }
        }
    }
    let end = b[start..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map_or(text.len(), |i| start + i);
    let mut units = 0;
    for (i, c) in text[start..end].char_indices() {
        units += c.len_utf16() as u64;
        if units > ch {
            return start + i;
        }
    }
    end
}

/// A random piece of script: words, line ends of every kind, and characters of two, three
/// and four bytes (the last two UTF-16 units).
fn fuzz_piece(rng: &mut rand_chacha::ChaCha8Rng) -> &'static str {
    use rand::RngExt;
    const PIECES: [&str; 14] = [
        "RULE ",
        "AA",
        "THEN CALL",
        "ENDRULE",
        "PREFLOP",
        "ENDPREFLOP",
        "\n",
        "\r\n",
        "\r",
        " ",
        "é",
        "♠",
        "😀",
        "pot > 3",
    ];
    PIECES[rng.random_range(0..PIECES.len() as u32) as usize]
}

/// Batches of incremental edits (ranges anywhere, given either way round, past line ends and
/// inside surrogate pairs, text with every kind of line end) leave the server holding the
/// text the edits make one by one: its diagnostics are those of that text opened afresh.
#[test]
fn edit_batches_fuzz() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(58);
    let dir = workdir("edit-fuzz");
    let (edited, fresh) = (uri(&dir.join("edited.hus")), uri(&dir.join("fresh.hus")));
    let mut c = Client::start();
    c.initialize(&dir);
    let mut text = "PREFLOP\n  RULE AA\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n".to_string();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": edited, "languageId": "hus", "version": 1, "text": text}}),
    );
    c.diagnostics(&edited, 1);
    for version in 2..42 {
        let mut changes = Vec::new();
        for _ in 0..rng.random_range(1..24u32) {
            let mut p = || json!({"line": rng.random_range(0..12u32), "character": rng.random_range(0..14u32)});
            let (start, end) = (p(), p());
            let new: String = (0..rng.random_range(0..4u32))
                .map(|_| fuzz_piece(&mut rng))
                .collect();
            let at = |v: &Value| {
                plain_offset(
                    &text,
                    v["line"].as_u64().unwrap(),
                    v["character"].as_u64().unwrap(),
                )
            };
            let (a, b) = (at(&start), at(&end));
            text.replace_range(a.min(b)..a.max(b), &new);
            changes.push(json!({"range": {"start": start, "end": end}, "text": new}));
        }
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": edited, "version": version}, "contentChanges": changes}),
        );
        let got = c.diagnostics(&edited, version);
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": fresh, "languageId": "hus", "version": version, "text": text}}),
        );
        let want = c.diagnostics(&fresh, version);
        let strip = |ds: Vec<Value>| -> Vec<Value> {
            ds.into_iter()
                .map(|d| json!([d["code"], d["message"], d["range"]]))
                .collect()
        };
        assert_eq!(strip(got), strip(want), "after batch {version}: {text:?}");
        c.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": fresh}}),
        );
    }
    assert_eq!(c.finish(), 0);
}

/// A diagnostic about a huge name or number quotes it clipped (the first 60 characters and
/// `…`, or its first digits and their count), as the command line does: an editor is not sent
/// the whole input in a message.
#[test]
fn diagnostics_clip_huge_names_and_numbers() {
    let dir = workdir("clip");
    let path = dir.join("bot.hus");
    let name = "zq".repeat(50_000);
    let text = format!(
        "DEFINE big = 1{}\nPREFLOP\n  RULE {name}\n    THEN RAISE big\n  ENDRULE\nENDPREFLOP\n",
        "0".repeat(400)
    );
    std::fs::write(&path, &text).unwrap();
    let bot = uri(&path);
    let mut c = Client::start();
    c.initialize(&dir);
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": bot, "languageId": "hus", "version": 1, "text": text}}),
    );
    let mut messages: Vec<String> = c
        .diagnostics(&bot, 1)
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect();
    messages.sort();
    assert_eq!(
        messages,
        [
            "`100000000000…` (401 digits) is too large a number".to_string(),
            format!("unknown name `{}…`", "zq".repeat(30)),
        ]
    );
    assert_eq!(c.finish(), 0);
}
