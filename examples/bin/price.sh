#!/bin/sh
# The action of external-equity.hus when no stronger rule holds: compares the toy equity
# (equity.sh) with the price of a call, and prints `check`, `call` or `fold`.
# Usage: price.sh TO_CALL POT CARD CARD [BOARD_CARD...]
to_call=$1 pot=$2
shift 2
equity=$("$(dirname "$0")/equity.sh" "$@") || exit 1
awk -v c="$to_call" -v p="$pot" -v e="$equity" 'BEGIN {
    if (c == 0) print "check"
    else if (e >= c / (p + c)) print "call"
    else print "fold"
}'
