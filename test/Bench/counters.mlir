// `suite counters` without a GPU: Nsight Compute replaced by a script that writes the raw
// page ncu wrote for the naive transpose (Inputs/fake-ncu.sh), and the GPU named with --gpu.
// What is real: the build's predictions (the analysis's model on the interpreter's trace at
// the check size), the parsing of ncu's CSV, and the comparison written beside the counters.

/// The naive transpose, both variants (the pass leaves it as it is): a warp reads a row
/// (4 sectors per request, predicted and measured) and writes a column (32 sectors); no
/// shared memory on either side, so no shared ratio is compared.
// RUN: rm -rf %t && gpu-mem-opt-runner suite build %S/../../bench/suite.json --out %t/bench --kernel transpose-naive
// RUN: gpu-mem-opt-runner suite counters %t/bench/suite.json --results %t/results --ncu %S/Inputs/fake-ncu.sh --gpu "fake H100" | FileCheck %s --check-prefix=PRINTED
// RUN: ls %t/results | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=MODEL < %t/results/*-counters-vs-model.md
// RUN: FileCheck %s --check-prefix=JSON < %t/results/*-counters.json

// PRINTED: counters: {{.*}}results/{{[0-9-]+}}-fake-h100-counters.json

// FILES: {{[0-9-]+}}-fake-h100-counters-vs-model.md
// FILES-NEXT: {{[0-9-]+}}-fake-h100-counters.json
// FILES-NEXT: {{[0-9-]+}}-fake-h100-counters.md

// MODEL: # gpu-mem-opt hardware counters vs the model: fake H100, {{[0-9-]+}} (Version 2025.3.1.0 {{.*}})
// MODEL: - ld sectors/req: 2 of 2 agree
// MODEL-NEXT: - st sectors/req: 2 of 2 agree
// MODEL-NEXT: - shared ld wavefronts/req: none compared
// MODEL: | kernel | check size | variant | ld sectors/req | st sectors/req | shared ld wavefronts/req | shared st wavefronts/req | shared ld conflicts/req | shared st conflicts/req |
// MODEL-NEXT: |---|---|---|---|---|---|---|---|---|
// MODEL-NEXT: | transpose-naive | 4096→64 · grid 2×8×1 | naive | 4.00 / 4.00 (+0 %) | 32.00 / 32.00 (+0 %) | – | – | – | – |
// MODEL-NEXT: | transpose-naive | 4096→64 · grid 2×8×1 | gpu-mem-opt | 4.00 / 4.00 (+0 %) | 32.00 / 32.00 (+0 %) | – | – | – | – |

// JSON: "comparison": {
// JSON-NEXT: "tolerance": 0.1,
// JSON: "variant": "naive",
// JSON-NEXT: "predicted": {
// JSON-NEXT: "global_load": {
// JSON-NEXT: "requests": 128,
// JSON-NEXT: "sectors": 512
// JSON: "ratio": "store_sectors_per_request",
// JSON-NEXT: "predicted": 32.0,
// JSON-NEXT: "measured": 32.0,
// JSON-NEXT: "difference": 0.0,
// JSON-NEXT: "agrees": true
