#!/bin/sh
# A stand-in for Nsight Compute on a machine without a GPU: `--version` prints a version line;
# a profiling call writes, to the file after --log-file, one raw page in the format ncu writes
# (ncu-raw-transpose-naive.csv beside this script: made up, with the counters the model gives
# the naive transpose at 4096x4096), whichever variant is profiled.
if [ "$1" = "--version" ]; then
  echo "NVIDIA (R) Nsight Compute Command Line Profiler"
  echo "Version 2025.3.1.0 (build 36398880) (public-release)"
  exit 0
fi
while [ "$#" -gt 0 ]; do
  if [ "$1" = "--log-file" ]; then
    cp "$(dirname "$0")/ncu-raw-transpose-naive.csv" "$2"
    exit 0
  fi
  shift
done
echo "fake-ncu: no --log-file" >&2
exit 1
