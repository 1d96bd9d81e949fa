// Affine ops. Thread t sums in[4t + k] for k = 0..3 with affine.for/affine.load (iota:
// 16t + 6) and stores it where t is even (affine.if), its negation where odd.
// RUN: gpu-mem-opt interp %s --kernel affine --grid 1,1,1 --arg iota --arg zeros --arg zeros --print-arg 1 --print-arg 2 | tr '\n' ' ' | FileCheck %s
// Then m = min(3t, 10) and a = t floordiv 3 + t mod 3 give 100m + a:
// t = 0..7: m = 0 3 6 9 10 10 10 10, a = 0 1 2 1 2 3 2 3.
// CHECK: 6 -22 38 -54 70 -86 102 -118 0 301 602 901 1002 1003 1002 1003 {{$}}

// RUN: gpu-mem-opt interp %s --kernel affine --grid 1,1,1 --arg iota --arg zeros --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ

#even = affine_set<(d0) : (d0 mod 2 == 0)>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @affine(%in: memref<32xi32>, %out: memref<8xi32>, %mixed: memref<8xindex>) kernel
        attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %zero = arith.constant 0 : i32
      %sum = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> (i32) {
        %v = affine.load %in[%k + symbol(%t) * 4] : memref<32xi32>
        %next = arith.addi %acc, %v : i32
        affine.yield %next : i32
      }
      %negated = arith.subi %zero, %sum : i32
      affine.if #even(%t) {
        affine.store %sum, %out[symbol(%t)] : memref<8xi32>
      } else {
        affine.store %negated, %out[symbol(%t)] : memref<8xi32>
      }
      %m = affine.min affine_map<(d0) -> (d0 * 3, 10)>(%t)
      %a = affine.apply affine_map<(d0) -> (d0 floordiv 3 + d0 mod 3)>(%t)
      %mix = affine.apply affine_map<(d0, d1) -> (d0 * 100 + d1)>(%m, %a)
      affine.store %mix, %mixed[symbol(%t)] : memref<8xindex>
      gpu.return
    }
  }
}
