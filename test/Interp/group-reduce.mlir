// Block and warp reductions in the interpreter (issue 32): gpu.all_reduce (the `op` attribute,
// `uniform` or not, and a body of one combining op) gives every thread of the block the fold of
// all threads' values; gpu.subgroup_reduce folds each cluster of lanes of a warp. Modelled on
// upstream's mlir/test/Integration/GPU/CUDA/all-reduce-{op,and,region}.mlir and
// subgroup-reduce-redux.mlir (llvm/llvm-project): a 3-D block, integer kinds, a region; the
// values are exact in f32, so the interpreter's thread-order fold and the hardware's shuffle
// tree agree.

// RUN: gpu-mem-opt interp %s --kernel sums --grid 1,1,1 --arg zeros --arg zeros --arg zeros --print-arg 0 --print-arg 1 --print-arg 2 | FileCheck %s --check-prefix=KERNEL
// RUN: gpu-mem-opt diff %s --kernel sums --grid 1,1,1 --arg zeros --arg zeros --arg zeros | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: not gpu-mem-opt interp %s --kernel divergent --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=DIVERGENT

// 0 + 1 + ... + 63 = 2016 for every thread; clusters of 4 lanes: 0+1+2+3 = 6, 4+..+7 = 22;
// the region's maximumf: 63.
// KERNEL-COUNT-64: {{^2016$}}
// KERNEL-NEXT: {{^6$}}
// KERNEL-NEXT: {{^6$}}
// KERNEL-NEXT: {{^6$}}
// KERNEL-NEXT: {{^6$}}
// KERNEL-NEXT: {{^22$}}
// KERNEL: {{^63.0$}}
// SAME: identical

// Over a 13x4x2 block the linear ids 0..103 sum to 5356 (upstream's all-reduce-op.mlir).
// PROGRAM: data =
// PROGRAM-NEXT: {{^}}[{{\[\[}}5356, 5356, 5356,
// PROGRAM-COUNT-7: {{^ *\[+}}5356, 5356,
// AND of {3,3,3,3,7,7} and {7,7,11,11,11,11}: 3 and 3; OR: 7 and 15; XOR: 0 and 0.
// PROGRAM: [3, 3]
// PROGRAM: [7, 15]
// PROGRAM: [0, 0]
// The minsi over a region of value - 2 (bid.x + 5): 3 - 10 and 7 - 12.
// PROGRAM: [-7, -5]

// A non-uniform all_reduce under a branch some threads skip is an error, as a barrier is.
// DIVERGENT: barrier divergence

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sums(%out: memref<64xi32>, %lanes: memref<64xi32>, %max: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %v = arith.index_cast %tx : index to i32
      %total = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
      memref.store %total, %out[%tx] : memref<64xi32>
      %cluster = gpu.subgroup_reduce add %v cluster(size = 4) : (i32) -> i32
      memref.store %cluster, %lanes[%tx] : memref<64xi32>
      %f = arith.sitofp %v : i32 to f32
      %m = gpu.all_reduce %f {
      ^bb(%a: f32, %b: f32):
        %r = arith.maximumf %a, %b : f32
        gpu.yield %r : f32
      } : (f32) -> (f32)
      memref.store %m, %max[%tx] : memref<64xf32>
      gpu.return
    }

    gpu.func @divergent(%out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %low = arith.cmpi ult, %tx, %c32 : index
      scf.if %low {
        %v = arith.index_cast %tx : index to i32
        %total = gpu.all_reduce add %v {} : (i32) -> (i32)
        memref.store %total, %out[%tx] : memref<64xi32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c13 = arith.constant 13 : index
    %c3i = arith.constant 3 : i32
    %c5i = arith.constant 5 : i32
    // A 13x4x2 block writes the sum of its linear ids everywhere.
    %sums = memref.alloc() : memref<2x4x13xf32>
    %sums_any = memref.cast %sums : memref<2x4x13xf32> to memref<*xf32>
    gpu.host_register %sums_any : memref<*xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c4, %sz = %c2) {
      %plane = arith.muli %tz, %sy : index
      %row = arith.addi %ty, %plane : index
      %rows = arith.muli %row, %sx : index
      %id = arith.addi %tx, %rows : index
      %id32 = arith.index_cast %id : index to i32
      %value = arith.sitofp %id32 : i32 to f32
      %sum = gpu.all_reduce add %value uniform {} : (f32) -> (f32)
      memref.store %sum, %sums[%tz, %ty, %tx] : memref<2x4x13xf32>
      gpu.terminator
    }
    call @printMemrefF32(%sums_any) : (memref<*xf32>) -> ()
    // Two rows of six, data[r][k] = (6r + k) | 3; and, or, xor per row (one block each).
    %data = memref.alloc() : memref<2x6xi32>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %k = %c0 to %c6 step %c1 {
        %r6 = arith.muli %r, %c6 : index
        %linear = arith.addi %r6, %k : index
        %l32 = arith.index_cast %linear : index to i32
        %set = arith.ori %l32, %c3i : i32
        memref.store %set, %data[%r, %k] : memref<2x6xi32>
      }
    }
    %ands = memref.alloc() : memref<2xi32>
    %ors = memref.alloc() : memref<2xi32>
    %xors = memref.alloc() : memref<2xi32>
    %mins = memref.alloc() : memref<2xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
      %value = memref.load %data[%bx, %tx] : memref<2x6xi32>
      %and = gpu.all_reduce and %value uniform {} : (i32) -> (i32)
      memref.store %and, %ands[%bx] : memref<2xi32>
      %or = gpu.all_reduce or %value {} : (i32) -> (i32)
      memref.store %or, %ors[%bx] : memref<2xi32>
      %xor = gpu.all_reduce xor %value uniform {} : (i32) -> (i32)
      memref.store %xor, %xors[%bx] : memref<2xi32>
      %b32 = arith.index_cast %bx : index to i32
      %shift = arith.addi %b32, %c5i : i32
      %twice = arith.addi %shift, %shift : i32
      %moved = arith.subi %value, %twice : i32
      %min = gpu.all_reduce %moved {
      ^bb(%a: i32, %b: i32):
        %m = arith.minsi %a, %b : i32
        gpu.yield %m : i32
      } : (i32) -> (i32)
      memref.store %min, %mins[%bx] : memref<2xi32>
      gpu.terminator
    }
    %ands_any = memref.cast %ands : memref<2xi32> to memref<*xi32>
    %ors_any = memref.cast %ors : memref<2xi32> to memref<*xi32>
    %xors_any = memref.cast %xors : memref<2xi32> to memref<*xi32>
    %mins_any = memref.cast %mins : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%ands_any) : (memref<*xi32>) -> ()
    call @printMemrefI32(%ors_any) : (memref<*xi32>) -> ()
    call @printMemrefI32(%xors_any) : (memref<*xi32>) -> ()
    call @printMemrefI32(%mins_any) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
}
