#!/bin/sh
# The lent-GPU runbook (bench/README.md) as one device command, for a lease of minutes:
# the timed suite, then the hardware counters, then the calibration micro-benchmarks, each
# given what is left of one deadline, so that what finished comes back even when a later step
# runs out of time. Run it on the device machine from the repository root, with `build/bench`
# carried (`make bench` here first):
#
#     bench/gpu-session.sh "$OUT" [SECONDS]
#
# SECONDS (default 400) is the whole budget; keep the device call's timeout above it. With
# COUNTERS="kernel ..." in the environment, only those kernels are profiled (the 50-kernel suite
# takes about 210 s to run and over 300 s to profile on an H200: profile what changed). With
# FIRST="kernel ..." those kernels are timed first (results in `first/` of the archive), then
# profiled (unless COUNTERS names others), then the calibration, and the whole suite last with
# what is left: what was never measured comes back even if the whole suite does not. Writes
# `$OUT/machine.txt` (nvidia-smi, ncu's version), `$OUT/results.tar.gz` (every results file
# of bench/results for this date and GPU) and `$OUT/session.log` (each step's output).
set -u
out=${1:?usage: bench/gpu-session.sh OUT [SECONDS]}
budget=${2:-400}
here=$(cd "$(dirname "$0")/.." && pwd)
bench=$here/build/bench
results=/tmp/gpu-mem-opt-results
log=$out/session.log
mkdir -p "$results" "$out"
deadline=$(($(date +%s) + budget))

# Seconds left before the deadline, less what later steps are promised ($1).
left() { echo $((deadline - $(date +%s) - $1)); }

# Runs a step ($1: its name, $2: seconds it may take at most) and records how it ended.
step() {
  name=$1 cap=$2
  shift 2
  [ "$cap" -gt 10 ] || { echo "== $name: skipped, no time left" >>"$log"; return; }
  echo "== $name (at most ${cap}s), $(date -u +%T)" >>"$log"
  timeout "$cap" "$@" >>"$log" 2>&1
  echo "== $name ended with status $? at $(date -u +%T)" >>"$log"
}

ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1)
{
  nvidia-smi
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv
  [ -n "$ncu" ] && "$ncu" --version
} >"$out/machine.txt" 2>&1

runner=$bench/gpu-mem-opt-runner
only=""
for kernel in ${COUNTERS:-${FIRST:-}}; do only="$only --kernel $kernel"; done
if [ -n "${FIRST:-}" ]; then
  first=""
  for kernel in $FIRST; do first="$first --kernel $kernel"; done
  mkdir -p "$results/first"
  # shellcheck disable=SC2086 # one word per option
  step "first run" "$(left 60)" "$runner" suite run "$bench/suite.json" --results "$results/first" $first
  # shellcheck disable=SC2086 # one word per option
  [ -n "$ncu" ] && step "first counters" "$(left 330)" \
    "$runner" suite counters "$bench/suite.json" --results "$results/first" --ncu "$ncu" $only
  step "calibrate run" "$(left 30)" "$runner" calibrate run "$bench/calibration.ptx" --results "$results"
  step "suite run" "$(left 5)" "$runner" suite run "$bench/suite.json" --results "$results"
else
  # Measured on an H200 (session 17, 48 kernels): suite run 207 s, suite counters over 300 s,
  # calibrate run 1 s; the run gets half the budget at most, the counters what is left but 15 s,
  # the calibration the rest.
  step "suite run" "$((budget / 2))" "$runner" suite run "$bench/suite.json" --results "$results"
  # shellcheck disable=SC2086 # one word per option
  [ -n "$ncu" ] && step "suite counters" "$(left 15)" \
    "$runner" suite counters "$bench/suite.json" --results "$results" --ncu "$ncu" $only
  step "calibrate run" "$(left 5)" "$runner" calibrate run "$bench/calibration.ptx" --results "$results"
fi
cp "$bench/resources.md" "$results/resources.md" 2>/dev/null
tar czf "$out/results.tar.gz" -C "$results" .
