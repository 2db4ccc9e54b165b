#!/bin/sh
# Thinks for too long: prints a line, then sleeps (default 30 s) in a child process.
# Usage: sleep.sh [SECONDS]
echo "thinking"
sleep "${1:-30}"
echo "0.5"
