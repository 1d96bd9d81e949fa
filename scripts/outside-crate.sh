#!/usr/bin/env bash
# A crate outside this workspace that depends on gpu-mem-opt by path, built and run the way
# docs/embedding.md, "Rust", says: a plain `cargo run`, no settings of its own (the vendored
# mlir-sys and TableGen find LLVM 22 themselves; cargo puts libMLIR.so's link in the profile
# directory on the loader's path). Usage: scripts/outside-crate.sh WORKDIR FILE. Shares
# target/ so that only the small crate compiles; test/Driver/outside-crate.mlir runs it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
file=$2
rm -rf "$work" && mkdir -p "$work/src"
sed "s#@ROOT@#$root#" "$root/test/Driver/Inputs/outside/Cargo.toml.in" > "$work/Cargo.toml"
cp "$root/test/Driver/Inputs/outside/src/main.rs" "$work/src/main.rs"
(cd "$work" && CARGO_TARGET_DIR="$root/target" cargo run --release --offline --quiet -- "$file")
