#!/usr/bin/env python3
"""An external program that writes its blocked-signal mask (SigBlk) to FILE and prints 1.

Usage: sigblk.py FILE
"""
import sys

with open("/proc/self/status") as status, open(sys.argv[1], "w") as out:
    for line in status:
        if line.startswith("SigBlk:"):
            out.write(line.split()[1] + "\n")
print(1)
