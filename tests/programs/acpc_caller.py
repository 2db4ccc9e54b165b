#!/usr/bin/env python3
"""An ACPC program that answers `c` (call or check) to every state it is sent, for hus as its
dealer (answers to states where it is not to act are ignored and counted).

Usage: acpc_caller.py HOST PORT DIR [helpers|hold]
Writes its blocked-signal mask (SigBlk) to DIR/acpc-sigblk. With `helpers`, first starts a
child in a session of its own and a daemon (a double fork, so hus takes it over at once),
checks at every line that the daemon still runs (exit 3 if not), and appends
`NAME PID` lines to DIR/pids for itself and both helpers. With `hold`, starts the helpers,
then never answers.
"""
import os
import socket
import sys

from helpers import daemon, record, session_child


def status_field(name):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split()[1]
    return ""


def runs(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def main():
    host, port, directory = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    mode = sys.argv[4] if len(sys.argv) > 4 else ""
    helpers = mode in ("helpers", "hold")
    with open(os.path.join(directory, "acpc-sigblk"), "w") as f:
        f.write(status_field("SigBlk") + "\n")
    watched = None
    if helpers:
        session_child(directory, "acpc-setsid")
        watched = daemon(directory, "acpc-daemon")
        record(directory, "acpc", os.getpid())
    conn = socket.create_connection((host, port))
    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn.sendall(b"VERSION:2.0.0\r\n")
    pending = b""
    while True:
        data = conn.recv(65536)
        if not data:
            return 0
        if mode == "hold":
            continue
        pending += data
        *lines, pending = pending.split(b"\n")
        if watched is not None and not runs(watched):
            return 3
        answers = b"".join(line.rstrip(b"\r") + b":c\r\n" for line in lines if line.strip())
        conn.sendall(answers)


if __name__ == "__main__":
    sys.exit(main())
