#!/usr/bin/env bash
# A crate outside this workspace that depends on gpu-mem-opt by path, built the way README's
# "As a library" says (this workspace's .cargo/config.toml settings in its own), then run on
# FILE. Usage: scripts/outside-crate.sh WORKDIR FILE. Shares target/ so that only the small
# crate compiles; test/Driver/outside-crate.mlir runs it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
file=$2
rm -rf "$work" && mkdir -p "$work/src" "$work/.cargo"
sed "s#@ROOT@#$root#" "$root/test/Driver/Inputs/outside/Cargo.toml.in" > "$work/Cargo.toml"
cp "$root/test/Driver/Inputs/outside/src/main.rs" "$work/src/main.rs"
cp "$root/.cargo/config.toml" "$work/.cargo/config.toml"
(cd "$work" && CARGO_TARGET_DIR="$root/target" cargo build --release --offline --quiet)
"$root/target/release/outside" "$file"
