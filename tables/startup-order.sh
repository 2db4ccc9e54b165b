#!/usr/bin/env bash
# Regenerates tables/startup-order.txt: the functions `hus decide` runs, which build.rs has the
# linker place side by side at the start of the code (README, "Speed").
#
# Why: the kernel maps a program's code 64 KB at a time, on first use, at ~3 us a window on
# the project's machine. Spread over 3.4 MB of code, the ~500 KB a decision runs touches ~35
# windows; packed together, ~8.
#
# Needs valgrind. Run from the crate root on the static build (README, "Speed"), whose profile
# also names the C library's functions (a dynamic build's names the shared library's instead):
#   RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static" \
#       cargo build --release --target x86_64-unknown-linux-gnu
#   bash tables/startup-order.sh [path/to/hus]
# Each Rust name is written without the parts that change from build to build (`17h…E` of the
# legacy mangling, the crate disambiguator `Cs…_` of v0, LLVM's `.llvm.N` suffixes), as `*`;
# build.rs turns them into linker-script patterns. C names are kept exact.
set -euo pipefail
hus=${1:-target/x86_64-unknown-linux-gnu/release/hus}
out=tables/startup-order.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The decisions a newcomer and the tests make: every example game under the tag bot, and the
# other example bots on their own game states. Error paths (rendered diagnostics) stay out.
runs=()
for game in examples/games/*.xml; do runs+=("examples/tag.hus $game"); done
runs+=("examples/thesis-situation1.hus examples/thesis-situation1.xml"
    "examples/first.hus examples/games/preflop-open.xml"
    "examples/hud.hus examples/games/river-bluff.xml"
    "examples/thesis-table.hus examples/games/preflop-open.xml")
i=0
for run in "${runs[@]}"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # a run is "script game"
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$i.cg" \
        "$hus" decide $run >/dev/null 2>&1
done

{
    echo "# The functions \`hus decide\` runs, for build.rs to place first (made by startup-order.sh)."
    echo "# Rust names (_ZN, _R) become linker-script patterns; C names a symbol ordering (lld)."
    # The first run's functions first (the common path), then what the others add; each
    # group sorted, so that a regenerated list differs only where the code did.
    names() { grep -ohP '^c?fn=\(\d+\) \K.+' "$@" | grep -v -e '^0x' -e '^(' |
        sed -E '/^_(ZN|R)/ { s/\.(llvm\.)?[0-9]+$/*/; s/17h[0-9a-f]{16}E/17h*E/; s/Cs[0-9A-Za-z]+_([0-9])/Cs*_\1/g; }' |
        LC_ALL=C sort -u; }
    names "$work/1.cg" >"$work/first"
    cat "$work/first"
    names "$work"/*.cg | LC_ALL=C comm -23 - "$work/first"
} >"$out"
echo "$out: $(grep -vc '^#' "$out") functions"
