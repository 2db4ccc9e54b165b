#!/bin/sh
# A toy equity estimate for external-equity.hus (a real bot would call a simulator here):
# prints a number in [0.05, 0.95] from the hole cards and how the board pairs them.
# Usage: equity.sh CARD CARD [BOARD_CARD...]   cards as hus passes them: AH 10D
awk -v hole="$1 $2" -v board="${3:-} ${4:-} ${5:-} ${6:-} ${7:-}" '
function rank(card) {
    card = substr(card, 1, length(card) - 1)
    return card == "A" ? 14 : card == "K" ? 13 : card == "Q" ? 12 : card == "J" ? 11 : card + 0
}
BEGIN {
    split(hole, h, " "); a = rank(h[1]); b = rank(h[2])
    pct = 2 * (a + b)
    if (a == b) pct += 20
    if (substr(h[1], length(h[1])) == substr(h[2], length(h[2]))) pct += 6
    n = split(board, c, " ")
    for (i = 1; i <= n; i++) {
        r = rank(c[i])
        if (r == a) pct += 25
        if (r == b && b != a) pct += 25
    }
    if (pct > 95) pct = 95
    if (pct < 5) pct = 5
    printf "%.2f\n", pct / 100
}'
