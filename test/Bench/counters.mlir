// `suite counters` without a GPU: Nsight Compute replaced by a script that writes, for every
// profiled variant, one raw page in the format ncu writes (Inputs/fake-ncu.sh; made up here:
// the counters of the naive transpose at 4096x4096, as the model predicts them), and the GPU
// named with --gpu. What is real: the build's predictions (the analysis's model on the
// interpreter's trace of the bench-size code on the grid's first 2x8x1 blocks), the parsing
// of ncu's CSV, and the comparison written beside the counters.

/// The naive transpose: a warp reads a row (4 sectors per request, predicted and measured)
/// and writes a column (32 sectors). At the bench size gpu-mem-opt stages the column through
/// a swizzled 32x8 tile (4 sectors per store, 1 wavefront per shared request), which the
/// naive page given for it does not show: its store and shared ratios are marked.
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
// MODEL-NEXT: - st sectors/req: 1 of 2 agree
// MODEL-NEXT: - shared ld wavefronts/req: 0 of 1 agree
// MODEL: | kernel | predicted on | variant | ld sectors/req | st sectors/req | shared ld wavefronts/req | shared st wavefronts/req | shared ld conflicts/req | shared st conflicts/req |
// MODEL-NEXT: |---|---|---|---|---|---|---|---|---|
// MODEL-NEXT: | transpose-naive | first 2×8×1 blocks | naive | 4.00 / 4.00 (+0 %) | 32.00 / 32.00 (+0 %) | – | – | – | – |
// MODEL-NEXT: | transpose-naive | first 2×8×1 blocks | gpu-mem-opt | 4.00 / 4.00 (+0 %) | 4.00 / 32.00 (+700 %) **≠** | 1.00 / – **≠** | 1.00 / – **≠** | 0.00 / – **≠** | 0.00 / – **≠** |

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
