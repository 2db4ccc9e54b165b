#!/bin/sh
# Answers `raise 55` when it receives the hero's cards and the pot as three arguments.
if [ "$1 $2 $3" = "AH KD 30" ]; then echo "raise 55"; else echo "fold"; fi
