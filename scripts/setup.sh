#!/usr/bin/env bash
# Installs what `make build` needs and is missing, on Debian 12 (bookworm):
# LLVM/MLIR 22 from Debian's own packages (bookworm-security), the build tools,
# and ptxas from PyPI's nvidia-cuda-nvcc into build/venv. Idempotent and quiet
# when everything is there.
set -euo pipefail

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libclang-22-dev
  clang-22 libpolly-22-dev cmake ninja-build libzstd-dev libxml2-dev libz3-dev
  zlib1g-dev libedit-dev libffi-dev python3-venv pkg-config)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (rustup) first" >&2
  exit 1
fi

# ptxas, to check that the PTX we emit assembles (no GPU needed).
venv=build/venv
ptxas=$(find $venv -name ptxas -type f 2>/dev/null | head -1 || true)
if [ -z "$ptxas" ]; then
  echo "setup: installing ptxas (PyPI nvidia-cuda-nvcc) into $venv"
  mkdir -p build
  python3 -m venv $venv
  $venv/bin/pip install -q nvidia-cuda-nvcc
  ptxas=$(find $venv -name ptxas -type f | head -1)
fi
mkdir -p build/bin
ln -sf "$(cd "$(dirname "$ptxas")" && pwd)/ptxas" build/bin/ptxas
# libdevice (nvvm/libdevice/libdevice.10.bc, from the same toolkit) for kernels that call math
# functions: the lowering links it from build/nvvm, the toolkit root above build/bin.
ln -sfn "$(cd "$(dirname "$ptxas")/.." && pwd)/nvvm" build/nvvm

# PyYAML and Pygments for LLVM's opt-viewer (`gpu-mem-opt report --html`), in the same venv.
if ! $venv/bin/python3 -c "import yaml, pygments" 2>/dev/null; then
  echo "setup: installing pyyaml and pygments (opt-viewer) into $venv"
  $venv/bin/pip install -q pyyaml pygments
fi
