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
import time


def status_field(name):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split()[1]
    return ""


def record(directory, name, pid):
    with open(os.path.join(directory, "pids"), "a") as f:
        f.write(f"{name} {pid}\n")


def sleep_forever():
    while True:
        time.sleep(3600)


def session_child(directory):
    pid = os.fork()
    if pid == 0:
        os.setsid()
        sleep_forever()
    record(directory, "acpc-setsid", pid)


def daemon(directory):
    """A double fork: the daemon's parent exits, so it is handed to hus at once."""
    read, write = os.pipe()
    if os.fork() == 0:
        os.setsid()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            os.close(write)
            sleep_forever()
        os.write(write, f"{pid}\n".encode())
        os._exit(0)
    os.close(write)
    pid = int(os.read(read, 64).decode())
    os.close(read)
    os.wait()
    record(directory, "acpc-daemon", pid)
    return pid


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
        session_child(directory)
        watched = daemon(directory)
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
