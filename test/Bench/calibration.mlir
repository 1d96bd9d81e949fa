// The calibration micro-benchmarks (bench/calibration/calibration.cu, seed-002 §6.2): built
// here with nvcc, every case's parameters checked against its kernel's .entry, and the plan
// printed with the analysis's prediction of each case (no GPU needed; on the GPU machine
// build/bench/calibrate.sh runs them and fits the cost model's sm_90 constants).
// REQUIRES: nvcc, ptxas

// RUN: rm -rf %t && gpu-mem-opt-runner calibrate build %S/../../bench/calibration/calibration.cu --out %t --nvcc %nvcc --ptxas ptxas | FileCheck %s --check-prefix=BUILD
// RUN: gpu-mem-opt-runner calibrate run %t/calibration.ptx --results %t/results --dry-run | FileCheck %s
// RUN: not ls %t/results
// RUN: ptxas -arch=sm_90 %t/calibration.ptx -o /dev/null

/// The 8- and 16-byte B3 cases, also written as launches for `suite counters` (the phase
/// model under ncu): each description matches the PTX's `.entry`, and each case carries the
/// model's prediction for its whole launch: 16-byte lanes 32 bytes apart, 1024 reads of 8
/// wavefronts (4 ideal), after 256 one-wavefront row stores.
// RUN: gpu-mem-opt-runner check %t/phase-model/16-byte-stride-2/launch.json | FileCheck %s --check-prefix=PHASE
// RUN: FileCheck %s --check-prefix=PHASE-PLAN < %t/phase-model.json
// PHASE: matches the PTX's .entry shared_conflict
// PHASE-PLAN: "name": "b3-phase-model",
// PHASE-PLAN: "name": "16-byte-stride-2",
// PHASE-PLAN-NEXT: "bench": "phase-model/16-byte-stride-2/launch.json",
// PHASE-PLAN: "shared_load": {
// PHASE-PLAN-NEXT: "requests": 1024,
// PHASE-PLAN-NEXT: "wavefronts": 8192,
// PHASE-PLAN-NEXT: "ideal_wavefronts": 4096
// PHASE-PLAN-NEXT: },
// PHASE-PLAN-NEXT: "shared_store": {
// PHASE-PLAN-NEXT: "requests": 256,
// PHASE-PLAN-NEXT: "wavefronts": 256,

// BUILD: built 194 calibration cases into
// BUILD: on the GPU machine, run: {{.*}}/calibrate.sh

/// B1 latencies: no prediction, one thread each.
// CHECK: B1 chase_global_ca 1x1: global .ca, L1 hit
// CHECK: B1 chase_global_cg 1x1: global .cg, DRAM
// CHECK: B1 chase_constant 1x1: constant, a 64-byte line per step over 16 KiB

/// B2: the model counts distinct constant words: 3 for lane % 3.
// CHECK: B2 constant_distinct 1x32: d = 3, one line, model 3

/// B3: c-way conflicts cost c wavefronts; the [32][32] column read 32, the padded [32][33]
/// one 1; 16-byte lanes read contiguously need 4 (one per quarter-warp phase), and a
/// broadcast in groups of 8 needs 1.
// CHECK: B3 shared_conflict 1x32: 1-way, (l % 1)*32 + l/1, model 1
// CHECK: B3 shared_conflict 1x32: 4-way, (l % 4)*32 + l/4, model 4
// CHECK: B3 shared_conflict 1x32: 32-way, (l % 32)*32 + l/32, model 32
// CHECK: B3 shared_conflict 1x32: lane stride 2 words, model 2
// CHECK: B3 shared_conflict 1x32: lane stride 32 words, model 32
// CHECK: B3 shared_conflict 1x32: lane stride 33 words, model 1
// CHECK: B3 shared_conflict 1x32: 16-byte lanes, lane stride 1, model 4
// CHECK: B3 shared_conflict 1x32: broadcast groups of 8, l/8, model 1

/// B5: sectors per request: 4 coalesced, 5 when misaligned by one word, 32 scattered.
// CHECK: B5 global_stride_cg 1x32: .cg (L2), lane stride 1, offset 0 words, model 4
// CHECK: B5 global_stride_cg 1x32: .cg (L2), lane stride 32, offset 0 words, model 32
// CHECK: B5 global_stride_cg 1x32: .cg (L2), lane stride 1, offset 1 words, model 5

// CHECK: B6 gather_nc 262144x256: gather_nc, 256 MiB
// CHECK: B7 copy_16 2112x1024: 16-byte elements
// CHECK: B9 barrier 1x1024: 1024 threads

/// B10: bytes in flight on an SM, timed by the runner: 16 blocks (one an SM, as a staged
/// matrix-vector launch of 16 blocks runs) or 132, 1 to 32 lines a warp, rows 16 KiB apart.
// CHECK: B10 in_flight_1 16x256: 16 blocks, 1 line a warp (1 KiB an SM), 128 B apart
// CHECK: B10 in_flight_32 132x256: 132 blocks, 32 lines a warp (32 KiB an SM), 16384 B apart
// CHECK: 194 cases match the PTX
