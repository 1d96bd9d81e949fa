// Static versus measured: every metric the access analysis claims exactly (per block) must
// equal the interpreter's measurement; `--check-static` fails on any mismatch. The kernels
// are the analysis tests' own (test/Analysis/analysis.mlir) and the example transpose.

// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel tile_transpose --grid 1,1,1 --arg random:1 --check-static | FileCheck %s --check-prefix=TILE
// TILE: memref.load: bank_conflict_degree 32 ok, distinct_addresses 32 ok
// TILE: memref.load: bank_conflict_degree 1 ok, distinct_addresses 32 ok
// TILE: memref.store: sectors_per_request 4 ok, distinct_addresses 32 ok
// TILE: static check: 6 metrics agree, 0 differ

// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel rows --grid 1,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=ROWS
// ROWS: static check: 6 metrics agree, 0 differ

// The gather reads index 0 (zeros); the dynamic memref needs a shape.
// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel odd --grid 2,1,1 --arg random:1 --arg zeros --arg zeros:64x64 --arg zeros --check-static | FileCheck %s --check-prefix=ODD
// ODD: memref.load: static metrics unknown (data-dependent
// ODD: memref.load: static metrics unknown (dimension 0 has a dynamic stride
// ODD: memref.store: sectors_per_request 2 ok, distinct_addresses 16 ok
// ODD: memref.store: sectors_per_request 6 ok, distinct_addresses 24 ok
// ODD: static check: 10 metrics agree, 0 differ

// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel vectors --grid 1,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=VECTORS
// VECTORS: static check: 6 metrics agree, 0 differ

// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel unknown_block --block 64,1,1 --grid 2,1,1 --arg zeros --check-static | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: static check: 2 metrics agree, 0 differ

// RUN: gpu-mem-opt interp %S/../Analysis/analysis.mlir --kernel launch@%S/../Analysis/analysis.mlir:133:5 --grid 1,1,1 --arg zeros --check-static | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: static check: 2 metrics agree, 0 differ

// The 1024x1024 example, one million threads.
// RUN: gpu-mem-opt interp %examples/transpose.mlir --kernel transpose --grid 32,128,1 --arg random:1 --arg zeros --trace --check-static | FileCheck %s --check-prefix=EXAMPLE
// EXAMPLE: memref.load (global): requests 32768, sectors_per_request 4, distinct_addresses 32
// EXAMPLE: memref.store (global): requests 32768, sectors_per_request 32, distinct_addresses 32
// EXAMPLE: static check: 4 metrics agree, 0 differ

// The differential harness on the analysis kernels (the pass does not rewrite them yet).
// RUN: gpu-mem-opt diff %S/../Analysis/analysis.mlir --kernel tile_transpose --grid 1,1,1 | FileCheck %s --check-prefix=DIFF-TILE
// DIFF-TILE: identical: 1 argument, 1048576 elements
// RUN: gpu-mem-opt diff %S/../Analysis/analysis.mlir --kernel vectors --grid 1,1,1 | FileCheck %s --check-prefix=DIFF-VECTORS
// DIFF-VECTORS: identical: 2 arguments, 8192 elements
