#!/bin/sh
# An action's program: prints its arguments as one line, `raise 77` without any.
# Usage: action.sh [WORDS...]
if [ $# -eq 0 ]; then
    echo "raise 77"
else
    echo "$*"
fi
