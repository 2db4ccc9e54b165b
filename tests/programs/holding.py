#!/usr/bin/env python3
"""An external program that starts a child in a session of its own and a daemon (a double
fork), appends `NAME PID` lines for itself and both to DIR/pids, then never answers.

Usage: holding.py DIR
"""
import os
import sys

from helpers import daemon, record, session_child, sleep_forever

directory = sys.argv[1]
session_child(directory, "external-setsid")
daemon(directory, "external-daemon")
record(directory, "external", os.getpid())
sleep_forever()
