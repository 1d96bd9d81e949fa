// Kernels of several blocks joined by cf branches (issue 32): what scf-to-cf and DSLs emit.
// Every thread follows its own branches; the lowest-numbered block threads wait at runs next
// for all of them, so threads that diverged meet again where the code joins. Modelled on
// upstream's mlir/test/Integration/GPU/CUDA/shuffle.mlir (llvm/llvm-project): a shuffle whose
// invalid lanes take another branch; then a loop written with branches whose trip count
// differs per thread, and a barrier after it that every thread reaches.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --kernel triangle --grid 2,1,1 --arg zeros
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null

// 13 lanes: lane ^ 4 where that lane exists, else -1.
// CHECK: [4, 5, 6, 7, 0, 1, 2, 3, 12, -1, -1, -1, 8]
// Thread t sums 0..t, then reads its neighbour's sum after the barrier: 0+..+(t+1) mod 16.
// CHECK: [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 0]
// SAME: identical: 2 launches

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shuffled(%out: memref<13xf32>) kernel {
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %value = arith.sitofp %t32 : i32 to f32
      %width = arith.constant 13 : i32
      %four = arith.constant 4 : i32
      %shuffled, %valid = gpu.shuffle xor %value, %four, %width : f32
      cf.cond_br %valid, ^store(%shuffled : f32), ^invalid
    ^invalid:
      %minus = arith.constant -1.0 : f32
      cf.br ^store(%minus : f32)
    ^store(%result: f32):
      memref.store %result, %out[%tid] : memref<13xf32>
      gpu.return
    }

    gpu.func @triangle(%out: memref<16xi32>) workgroup(%sums: memref<16xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 1, 1>} {
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      cf.br ^header(%c0, %zero : index, i32)
    ^header(%i: index, %sum: i32):
      %more = arith.cmpi ule, %i, %tid : index
      cf.cond_br %more, ^body, ^done
    ^body:
      %i32 = arith.index_cast %i : index to i32
      %next = arith.addi %sum, %i32 : i32
      %j = arith.addi %i, %c1 : index
      cf.br ^header(%j, %next : index, i32)
    ^done:
      memref.store %sum, %sums[%tid] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %after = arith.addi %tid, %c1 : index
      %neighbour = arith.remui %after, %c16 : index
      %theirs = memref.load %sums[%neighbour] : memref<16xi32, #gpu.address_space<workgroup>>
      memref.store %theirs, %out[%tid] : memref<16xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %shuffled = gpu.alloc (%c13) : memref<?xf32>
    %shuffled_static = memref.cast %shuffled : memref<?xf32> to memref<13xf32>
    gpu.launch_func @kernels::@shuffled blocks in (%c1, %c1, %c1) threads in (%c13, %c1, %c1)
        args(%shuffled_static : memref<13xf32>)
    %host = memref.alloc() : memref<13xf32>
    gpu.memcpy %host, %shuffled_static : memref<13xf32>, memref<13xf32>
    %any = memref.cast %host : memref<13xf32> to memref<*xf32>
    call @printMemrefF32(%any) : (memref<*xf32>) -> ()
    %sums = gpu.alloc () : memref<16xi32>
    gpu.launch_func @kernels::@triangle blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%sums : memref<16xi32>)
    %sums_host = memref.alloc() : memref<16xi32>
    gpu.memcpy %sums_host, %sums : memref<16xi32>, memref<16xi32>
    %sums_any = memref.cast %sums_host : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%sums_any) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
}
