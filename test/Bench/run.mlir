// gpu-mem-opt run: PTX plus a launch description whose parameter layout comes from the
// kernel's MLIR signature (MLIR's memref descriptors: a strided layout keeps its offset and
// strides; scalars by type), checked by the runner against the PTX .entry, no GPU needed.

// RUN: rm -rf %t && gpu-mem-opt run %s --kernel scale --grid 1,1,1 --arg random:1 --arg zeros --arg 2.5 --arg 7 --output 1 --bytes-moved 256 --no-opt --no-launch --emit %t | FileCheck %s --check-prefix=EMIT
// EMIT: wrote {{.*}}scale.ptx and {{.*}}launch.json
// RUN: FileCheck %s --check-prefix=JSON < %t/launch.json
// RUN: gpu-mem-opt-runner check %t/launch.json | FileCheck %s --check-prefix=CHECK-PTX
// RUN: grep -c "^[[:space:]]*\.param" %t/scale.ptx | FileCheck %s --check-prefix=PARAMS

// The pass runs unless --no-opt; the description is the same.
// RUN: rm -rf %t.opt && gpu-mem-opt run %s --kernel scale --grid 1,1,1 --arg random:1 --arg zeros --arg 2.5 --arg 7 --no-launch --emit %t.opt
// RUN: gpu-mem-opt-runner check %t.opt/launch.json | FileCheck %s --check-prefix=CHECK-PTX

// Without --no-launch it launches when this machine has a CUDA driver, and otherwise says
// how to launch on one.
// RUN: rm -rf %t.launch && gpu-mem-opt run %s --kernel scale --grid 1,1,1 --arg random:1 --arg zeros --arg 2.5 --arg 7 --no-opt --emit %t.launch | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: wrote {{.*}}launch.json
// LAUNCH-NEXT: {{no CUDA driver found here; on a machine with an NVIDIA GPU run: .*gpu-mem-opt-runner launch .*launch.json|scale on .*: median .* ms}}

// A wrong argument count is refused before anything is written.
// RUN: not gpu-mem-opt run %s --kernel scale --grid 1,1,1 --arg zeros --no-launch --emit %t.bad 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: gpu-mem-opt: kernel 'scale' takes 4 arguments, 1 given

// JSON: "kernel": "scale"
// JSON: "block": [
// JSON-NEXT: 32,
// JSON: "convention": "memref-descriptor"
// JSON: "name": "arg0"
// JSON: "shape": [
// JSON-NEXT: 4,
// JSON-NEXT: 8
// JSON: "strides": [
// JSON-NEXT: 16,
// JSON-NEXT: 1
// JSON: "offset": 4,
// JSON-NEXT: "fill": "random:1"
// JSON-NOT: "output"
// JSON: "name": "arg1"
// JSON: "fill": "zeros",
// JSON-NEXT: "output": "binary"
// JSON: "name": "arg2",
// JSON-NEXT: "scalar": {
// JSON-NEXT: "element": "f32",
// JSON-NEXT: "value": "2.5"
// JSON: "name": "arg3",
// JSON-NEXT: "scalar": {
// JSON-NEXT: "element": "index",
// JSON-NEXT: "value": "7"
// JSON: "bytes_moved": 256

// CHECK-PTX: matches the PTX's .entry scale

// Two rank-2 descriptors (7 parameters each) and two scalars.
// PARAMS: 16

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%in: memref<4x8xf32, strided<[16, 1], offset: 4>>, %out: memref<4x8xf32>, %factor: f32, %shift: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c8 = arith.constant 8 : index
      %row = arith.divui %tx, %c8 : index
      %column = arith.remui %tx, %c8 : index
      %v = memref.load %in[%row, %column] : memref<4x8xf32, strided<[16, 1], offset: 4>>
      %w = arith.mulf %v, %factor : f32
      memref.store %w, %out[%row, %column] : memref<4x8xf32>
      gpu.return
    }
  }
}
