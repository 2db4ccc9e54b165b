#!/usr/bin/env python3
"""An external program that starts a child in a session of its own and a daemon (a double
fork), appends `NAME PID` lines for itself and both to DIR/pids, then never answers.

Usage: holding.py DIR
"""
import os
import sys
import time


def record(directory, name, pid):
    with open(os.path.join(directory, "pids"), "a") as f:
        f.write(f"{name} {pid}\n")


def sleep_forever():
    while True:
        time.sleep(3600)


directory = sys.argv[1]
child = os.fork()
if child == 0:
    os.setsid()
    sleep_forever()
record(directory, "external-setsid", child)
read, write = os.pipe()
if os.fork() == 0:
    os.setsid()
    pid = os.fork()
    if pid == 0:
        sleep_forever()
    os.write(write, f"{pid}\n".encode())
    os._exit(0)
os.close(write)
daemon = int(os.read(read, 64).decode())
os.wait()
record(directory, "external-daemon", daemon)
record(directory, "external", os.getpid())
sleep_forever()
