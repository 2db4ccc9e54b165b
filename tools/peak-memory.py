#!/usr/bin/env python3
"""Peak (resident) memory of `hus check`, `hus decide` and the language server (opening a
document, then one edit) on scripts of every shape just under the 16 MiB limit: the table in
docs/language.md §10.

    tools/peak-memory.py [HUS [SHAPE ...]]    (default: target/release/hus, every shape)

Needs GNU time at /usr/bin/time. Prints the table's rows as markdown.
"""
import json
import os
import subprocess
import sys
import tempfile

LIMIT = 16 * 1024 * 1024


def fill(head, item, tail, limit, count=None):
    """`head`, then `item(i)` for i = 0, 1, ... as long as the whole stays under `limit`
    bytes (and, with `count`, for at most `count` items)."""
    parts, size, i = [head], len(head) + len(tail), 0
    while size + len(item(i)) < limit and (count is None or i < count):
        parts.append(item(i))
        size += len(item(i))
        i += 1
    parts.append(tail)
    return "".join(parts), i


def rules(limit=LIMIT, count=None):
    """One-condition rules: `RULE pot > N` / `THEN CALL` / `ENDRULE`."""
    return fill("PREFLOP\n", lambda i: f"  RULE pot > {i}\n    THEN CALL\n  ENDRULE\n", "ENDPREFLOP\n", limit, count)


def short_rules(limit=LIMIT, count=None):
    """The shortest rules that hold a condition: `RULE AA` / `THEN CALL` / `ENDRULE`."""
    return fill("PREFLOP\n", lambda i: "RULE AA\nTHEN CALL\nENDRULE\n", "ENDPREFLOP\n", limit, count)


def branches(limit=LIMIT, count=None):
    """One rule of one-condition branches, `AA` a line."""
    return fill("PREFLOP\nRULE AA\n", lambda i: "AA\n", "THEN CALL\nENDRULE\nENDPREFLOP\n", limit, count)


def conditions(limit=LIMIT, count=None):
    """One branch of conditions joined by commas, on one line: `AA, AA, ...`."""
    return fill("PREFLOP\nRULE AA", lambda i: ",AA", "\nTHEN CALL\nENDRULE\nENDPREFLOP\n", limit, count)


def reactions(limit=LIMIT, count=None):
    """One rule with one-condition VILLAIN reactions."""
    return fill(
        "PREFLOP\n  RULE pair\n    THEN CALL\n",
        lambda i: f"    VILLAIN pot > {i}\n      THEN CALL\n    ENDVILLAIN\n",
        "  ENDRULE\nENDPREFLOP\n",
        limit,
        count,
    )


def union(limit=LIMIT, count=None):
    """One range of classes joined by `|`, on one line: `AA|AA|...`."""
    return fill("PREFLOP\nRULE AA", lambda i: "|AA", "\nTHEN CALL\nENDRULE\nENDPREFLOP\n", limit, count)


def defines(limit=LIMIT, count=None):
    """DEFINEs of unions, each built on the one before (in chains 60 deep), the last used."""
    def item(i):
        return f"DEFINE d{i} = AA|KK\n" if i % 60 == 0 else f"DEFINE d{i} = d{i - 1}|KK\n"
    return fill("", item, "PREFLOP\nRULE d0\nTHEN CALL\nENDRULE\nENDPREFLOP\n", limit, count)


# Each shape: its name, what it repeats, how it is made, and the tokens one item adds.
SHAPES = [
    ("rules", "`RULE pot > N` / `THEN CALL` / `ENDRULE`", rules, 10),
    ("short rules", "`RULE AA` / `THEN CALL` / `ENDRULE`", short_rules, 8),
    ("branches", "one rule, a branch `AA` a line", branches, 2),
    ("conditions", "one branch `AA,AA,...`", conditions, 2),
    ("reactions", "one rule, reactions `VILLAIN pot > N` / `THEN CALL` / `ENDVILLAIN`", reactions, 10),
    ("union", "one range `AA|AA|...`", union, 2),
    ("defines", "`DEFINE dN = dM|KK` in chains 60 deep", defines, 7),
]

# hus_poker::limits::MAX_SCRIPT_TOKENS, and the most tokens a shape's head and tail add.
MAX_TOKENS = 1_500_000
OVERHEAD_TOKENS = 20


def peak_kib(argv, stdin=None):
    """The command's maximum resident set size in KiB, and its exit code."""
    run = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + argv,
        input=stdin,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    return int(run.stderr.split()[-1]), run.returncode


def message(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    """The next message the server sends, as an object."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def lsp_peak_kib(hus, text):
    """Peak memory of `hus lsp` opening `text`, then changing one character of it: each time
    the next message is awaited until the document's diagnostics are published."""
    uri = "file:///tmp/big.hus"
    server = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", hus, "lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def send(obj):
        server.stdin.write(message(obj))
        server.stdin.flush()

    def published():
        while read_message(server.stdout).get("method") != "textDocument/publishDiagnostics":
            pass

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    document = {"uri": uri, "languageId": "hus", "version": 1, "text": text}
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}})
    published()
    # A space inserted at the start of the second line (harmless in every shape).
    at = {"line": 1, "character": 0}
    change = {"range": {"start": at, "end": at}, "text": " "}
    send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]},
        }
    )
    published()
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    server.stdin.close()
    server.stdout.read()
    code = server.wait()
    return int(server.stderr.read().split()[-1]), code


def main():
    hus = sys.argv[1] if len(sys.argv) > 1 else "target/release/hus"
    only = sys.argv[2:]
    game = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "cases", "game", "hero-sb-preflop.xml")
    print("| Shape | Items | Bytes | `check` | `decide` | `lsp` open and edit |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for (name, what, make, per_item), at_limit in [(s, a) for s in SHAPES for a in (False, True)]:
            if only and name not in only:
                continue
            # Every item the 16 MiB allow, or as many as the token limit allows.
            text, n = make(count=(MAX_TOKENS - OVERHEAD_TOKENS) // per_item if at_limit else None)
            if at_limit and len(text) >= LIMIT - 64:
                continue
            path = os.path.join(tmp, name.replace(" ", "-") + ".hus")
            with open(path, "w") as f:
                f.write(text)
            check = peak_kib([hus, "check", "--format", "short", path])
            decide = peak_kib([hus, "decide", path, game])
            lsp = lsp_peak_kib(hus, text)
            cells = [f"{kib // 1024} MiB (exit {code})" for kib, code in (check, decide, lsp)]
            print(f"| {what.replace('|', chr(92) + '|')} | {n:,} | {len(text):,} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
