#!/bin/sh
# A condition's program: prints a number among other words, as equity tools do.
# Usage: number.sh [VALUE]   (default 0.62)
printf 'equity: %s (approx)\nsecond line 99\n' "${1:-0.62}"
