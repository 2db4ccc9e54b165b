#!/bin/sh
exec hus acpc "$(dirname "$0")/tag.hus" "$1" "$2"
