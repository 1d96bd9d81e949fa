#!/usr/bin/env bash
# `make robustness` (issue 17): the pass on every kernel file of test/, bench/ and examples/
# under several option sets; a crash (a panic turned into "internal error", a signal, an exit
# status above 1) is a finding. Errors the options ask for (strict) exit 1 and are fine.
set -uo pipefail
options=("" "assume-noalias=true assume-alignment=16" "vectorize=false" "stage-shared=false pad=false"
  "smem-budget=1024" "strict=true" "sm=70" "sm=35 remarks=detailed" "block=64,4,1")
runs=0; crashes=0
for file in test/*/*.mlir bench/kernels/*.mlir examples/*.mlir; do
  for option in "${options[@]}"; do
    runs=$((runs + 1))
    output=$(timeout 60 build/bin/gpu-mem-opt-opt --gpu-mem-opt="$option" "$file" -o /dev/null 2>&1)
    status=$?
    if [ $status -gt 1 ] || grep -qE "internal error|panicked" <<<"$output"; then
      crashes=$((crashes + 1))
      echo "crash (status $status): $file [$option]: $(grep -m1 -E 'internal error|panicked' <<<"$output")"
    fi
  done
done
echo "robustness: $runs runs, $crashes crashes"
[ $crashes -eq 0 ]
