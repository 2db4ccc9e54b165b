#!/usr/bin/env python3
"""Peak (resident) memory of `hus check` on scripts just under the 16 MiB limit, and of the
language server on a large document (the figures in docs/language.md §10).

    tools/peak-memory.py [HUS]    (default: target/release/hus)

Needs GNU time at /usr/bin/time. Prints one line per measurement.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

LIMIT = 16 * 1024 * 1024


def fill(head, item, tail, limit):
    """`head`, then `item(i)` for i = 0, 1, ... as long as the whole stays under `limit`."""
    parts, size, i = [head], len(head) + len(tail), 0
    while size + len(item(i)) < limit:
        parts.append(item(i))
        size += len(item(i))
        i += 1
    parts.append(tail)
    return "".join(parts), i


def rules(limit=LIMIT):
    """One-condition rules: `RULE pot > N` / `THEN CALL` / `ENDRULE`."""
    return fill("PREFLOP\n", lambda i: f"  RULE pot > {i}\n    THEN CALL\n  ENDRULE\n", "ENDPREFLOP\n", limit)


def reactions(limit=LIMIT):
    """One rule with one-condition VILLAIN reactions."""
    return fill(
        "PREFLOP\n  RULE pair\n    THEN CALL\n",
        lambda i: f"    VILLAIN pot > {i}\n      THEN CALL\n    ENDVILLAIN\n",
        "  ENDRULE\nENDPREFLOP\n",
        limit,
    )


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
    # The `0` of the first rule's `pot > 0` becomes a 7.
    at = {"line": 1, "character": 13}
    change = {"range": {"start": at, "end": {"line": 1, "character": 14}}, "text": "7"}
    send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]},
        }
    )
    started = time.monotonic()
    published()
    print(f"hus lsp: didChange to diagnostics in {time.monotonic() - started:.2f} s")
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    send({"jsonrpc": "2.0", "method": "exit"})
    server.stdin.close()
    server.stdout.read()
    code = server.wait()
    return int(server.stderr.read().split()[-1]), code


def main():
    hus = sys.argv[1] if len(sys.argv) > 1 else "target/release/hus"
    with tempfile.TemporaryDirectory() as tmp:
        for name, (text, n) in [("rules", rules()), ("reactions", reactions())]:
            path = os.path.join(tmp, name + ".hus")
            with open(path, "w") as f:
                f.write(text)
            kib, code = peak_kib([hus, "check", "--format", "short", path])
            print(f"hus check, {n} one-condition {name}, {len(text)} bytes: {kib // 1024} MiB (exit {code})")
        text, n = rules(9 * 1000 * 1000)
        kib, code = lsp_peak_kib(hus, text)
        print(f"hus lsp, didOpen and didChange of {n} one-condition rules, {len(text)} bytes: {kib // 1024} MiB (exit {code})")


if __name__ == "__main__":
    main()
