#!/bin/sh
# Records the argument vector it received: every argument after the first, each followed by
# a NUL byte, into the file named by the first argument. Prints how many it recorded.
# Usage: argv.sh OUT_FILE [ARGS...]
out=$1
shift
: > "$out"
for arg in "$@"; do
    printf '%s\000' "$arg" >> "$out"
done
echo "args: $#"
