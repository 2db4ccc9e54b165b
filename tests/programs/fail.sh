#!/bin/sh
# Fails: prints to stdout and stderr, then exits with the given status (default 3).
# Usage: fail.sh [STATUS]
echo "0.5 but something went wrong"
echo "no equity table found" >&2
exit "${1:-3}"
