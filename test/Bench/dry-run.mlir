// The GPU side of the suite without a GPU: `suite build` for two kernels (no nvcc here, so
// no CUDA reference), then `suite run --dry-run`, which checks every description against
// its PTX, fills every argument and writes it back as the "output" in a process per launch,
// compares, and writes the results JSON and markdown. Nothing is computed, so every
// variant's check-size output differs from the interpreter's and no kernel is correct.

// RUN: rm -rf %t && gpu-mem-opt-runner suite build %S/../../bench/suite.json --out %t/bench --kernel convolution-columns --kernel reduction | FileCheck %s --check-prefix=BUILD
// BUILD: built 2 kernels, 5 variants into {{.*}}bench
// BUILD-NEXT: on the GPU machine, run: {{.*}}bench/run.sh

// The plan also keeps the check size and, per MLIR variant, the counters the model predicts
// there (`interp --counters`; compared with Nsight Compute's by `suite counters`). The
// convolution's 16x80 f32 tile, indexed [tx][row] by 16 lanes of tx per row: rows of 80
// words start in banks 0 and 16 only, 8 lanes in each (69632 wavefronts for 8704 requests,
// 8 each); the pass's padding makes it 1, the fixed 16-byte padding 2 (rows of 84 words
// repeat their bank every 8 rows).
// RUN: FileCheck %s --check-prefix=PLAN < %t/bench/suite.json
// PLAN: "name": "convolution-columns"
// PLAN: "check": {
// PLAN-NEXT: "sizes": {
// PLAN-NEXT: "4096": "128"
// PLAN: "name": "naive",
// PLAN: "predicted": {
// PLAN: "shared_load": {
// PLAN-NEXT: "requests": 8704,
// PLAN-NEXT: "wavefronts": 69632,
// PLAN-NEXT: "ideal_wavefronts": 8704
// PLAN: "name": "gpu-mem-opt",
// PLAN: "shared_load": {
// PLAN-NEXT: "requests": 8704,
// PLAN-NEXT: "wavefronts": 8704,
// PLAN: "name": "fixed-padding",
// PLAN-NEXT: "bench": "kernels/convolution-columns/bench/fixed-padding/launch.json",
// PLAN-NEXT: "check": "kernels/convolution-columns/check/fixed-padding/launch.json"
// PLAN: "shared_load": {
// PLAN-NEXT: "requests": 8704,
// PLAN-NEXT: "wavefronts": 17408,
// PLAN: "expected": {
// PLAN-NEXT: "destination": "kernels/convolution-columns/check/expected/destination.txt"
// PLAN: "cuda-reference": "no nvcc given (suite build --nvcc PATH)"
// PLAN: "rejected": {
// PLAN-NEXT: "nvgpu-optimize-shared-memory": "fails on the interpreter: {{.*}}out of bounds
// The pass's decisions travel with the plan, so that the results can list them where another
// variant is faster (the swizzle is the convolution-columns decision: degree 8 -> 1).
// PLAN: "decisions": [
// PLAN: "swizzle workgroup 0: applied: swizzle 8-byte chunks: chunk ^= (row / 2) mod 8 (+0 B): wavefronts 4672 -> 584 (degree 8 -> 1); a swizzle adds no bytes, a pad at least 64 B"

// RUN: gpu-mem-opt-runner check %t/bench/kernels/reduction/bench/gpu-mem-opt/launch.json | FileCheck %s --check-prefix=CHECK-PTX
// CHECK-PTX: matches the PTX's .entry reduction

// RUN: not %t/bench/gpu-mem-opt-runner suite run %t/bench/suite.json --dry-run --results %t/results > %t/run.txt
// RUN: FileCheck %s --check-prefix=TABLE < %t/run.txt
// RUN: ls %t/results | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=JSON < %t/results/*.json
// RUN: not ls %t/bench/work/convolution-columns

// TABLE: | kernel | correct | naive | gpu-mem-opt | fixed-padding | nvgpu-optimize-shared-memory | cuda-reference | gpu-mem-opt / naive | gpu-mem-opt / cuda-reference |
// TABLE-NEXT: |---|---|---|---|---|---|---|---|---|
// TABLE-NEXT: | convolution-columns | **no** | 0.000 **wrong** | 0.000 **wrong** | 0.000 **wrong** | rejected | n/a | - | - |
// TABLE-NEXT: | reduction | **no** | 0.000 **wrong** | 0.000 **wrong** | n/a | n/a | n/a | - | - |
// TABLE: - convolution-columns nvgpu-optimize-shared-memory: rejected, not run: fails on the interpreter
// TABLE: - reduction naive: check-size output 'partial': differ: 64 of 64 elements

// FILES: {{[0-9]+-[0-9]+-[0-9]+}}-dry-run-no-gpu.json
// FILES-NEXT: {{[0-9]+-[0-9]+-[0-9]+}}-dry-run-no-gpu.md

// JSON: "gpu": "dry run (no GPU)",
// JSON: "copy_gbps": null,
// JSON: "name": "convolution-columns",
// JSON-NEXT: "correct": false,
// JSON-NEXT: "variants": {
// JSON-NEXT: "naive": {
// JSON-NEXT: "ms": 0.0,
// JSON: "matches_naive": true,
// JSON-NEXT: "matches_interpreter": false,
