#!/usr/bin/env bash
# Builds the playground page into target/web: the library for wasm32, its JavaScript bindings
# (wasm-bindgen, installed under target/tools at the version the lock file pins), the code
# editor (web/js, CodeMirror bundled by esbuild, both from web/package-lock.json), the static
# files, the shipped examples and the language reference. Serve the folder with any static
# file server, e.g.
#   python3 -m http.server -d target/web 8000
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
bindgen=target/tools/bin/wasm-bindgen
if ! "$bindgen" --version 2>/dev/null | grep -q " $version\$"; then
  cargo install wasm-bindgen-cli --version "$version" --root target/tools
fi

# wasm's 128-bit SIMD, which every current browser runs: the strength kernels' 16-lane loops
# (a turn's outlook) compile to vector instructions, about twice as fast as without. Its own
# target directory, so the flag never rebuilds the native builds' dependencies.
RUSTFLAGS="-C target-feature=+simd128" \
  cargo build --release --target wasm32-unknown-unknown -p hus-web --target-dir target/wasm-simd
rm -rf target/web
mkdir -p target/web
"$bindgen" --target web --no-typescript --out-dir target/web/pkg \
  target/wasm-simd/wasm32-unknown-unknown/release/hus_web.wasm
cp web/static/* target/web/
# The flop equity table, fetched by the page's worker on first use (docs/playground.md).
cp tables/flop-equity.bin target/web/
(cd web && npm ci --no-audit --no-fund --loglevel=error &&
  npx esbuild js/editor.js --bundle --format=esm --minify --log-level=warning \
    --outfile=../target/web/editor.js)
node web/examples.mjs > target/web/examples.json
# The language reference, shown by reference.html with the help renderer (web/static/help.js).
cp docs/language.md target/web/language.md
echo "built target/web"
