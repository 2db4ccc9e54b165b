#!/bin/sh
# Prints each argument on a line of its own (nothing without arguments): bad or odd output.
# Usage: lines.sh [LINES...]
for line in "$@"; do
    printf '%s\n' "$line"
done
