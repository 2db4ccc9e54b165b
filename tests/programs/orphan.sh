#!/bin/sh
# Starts a child that would outlive it and create MARKER after one second, prints a number,
# then waits SECONDS (default 0) before exiting. The child must be killed with it.
# Usage: orphan.sh MARKER [SECONDS]
( sleep 1; touch "$1" ) &
echo "0.5"
sleep "${2:-0}"
