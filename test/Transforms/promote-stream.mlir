// Streaming along a loop (option promote, issue 33 item 3): loads of one buffer whose index
// moves with a loop's counter (a stencil's column a[k-1], a[k], a[k+1] as a thread walks k)
// read in each iteration what earlier iterations read one step further on. The loop carries
// those elements in registers: each iteration loads the leading one alone, and the first
// loads the whole window. Every case runs before and after the pass on the interpreter (diff)
// and must give the same output; the checked cases also with the buffers aliased (same:0).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel column --grid 2,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel radius --grid 2,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel strided --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros --arg 7
// RUN: gpu-mem-opt diff %s --kernel strided --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros --arg 0
// RUN: gpu-mem-opt diff %s --kernel checked_loop --grid 2,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel checked_loop --grid 2,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel specialized --grid 2,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel specialized --grid 2,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel flat --grid 1,1,1 --block 16,16,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel gap --grid 2,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel in_place --grid 2,1,1 --block 32,1,1 --arg random:1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='promote=false' %s 2>&1 | FileCheck %s --check-prefix=OFF

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A 3-point column b[k][i] = a[k-1][i] + a[k][i] + a[k+1][i] for k = 1 … 14, each thread
    /// one i. Offsets -1, 0, 1: 2 registers carried, 1 load an iteration instead of 3.
    // CHECK-LABEL: gpu.func @column
    // CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[DOWN:.*]] = %{{.*}}, %[[CENTRE:.*]] = %{{.*}}) -> (f32, f32)
    // CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
    // CHECK: scf.if %[[FIRST]] -> (f32, f32)
    // CHECK-COUNT-2: memref.load %arg0
    // CHECK: } else {
    // CHECK-NEXT: scf.yield %[[DOWN]], %[[CENTRE]]
    // CHECK: %[[UP:.*]] = memref.load %arg0
    // CHECK-NOT: memref.load %arg0
    // CHECK: scf.yield %{{.*}}#1, %[[UP]] : f32, f32
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = -1 … 1: 1 load an iteration instead of 3, the other 2 elements carried in registers from earlier iterations of the loop at {{.*}}promote-stream.mlir:{{[0-9]+}}:7 (its first iteration loads 3)
    gpu.func @column(%a: memref<16x64xf32> {llvm.noalias}, %b: memref<16x64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      scf.for %k = %c1 to %c15 step %c1 {
        %kd = arith.subi %k, %c1 : index
        %ku = arith.addi %k, %c1 : index
        %down = memref.load %a[%kd, %i] : memref<16x64xf32>
        %centre = memref.load %a[%k, %i] : memref<16x64xf32>
        %up = memref.load %a[%ku, %i] : memref<16x64xf32>
        %s = arith.addf %down, %centre : f32
        %t = arith.addf %s, %up : f32
        memref.store %t, %b[%k, %i] : memref<16x64xf32>
      }
      gpu.return
    }

    /// NVIDIA's FDTD3d in one dimension: a radius-3 loop for r = 1 … 3 reads a[k-r] and a[k+r]
    /// and accumulates; the centre is read before it. The radius loop is written out (3
    /// trips), its 6 loads and the centre make offsets 0 … 6 from z (the centre is a[z+3]): 6
    /// registers, 1 load an iteration instead of 7.
    // CHECK-LABEL: gpu.func @radius
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32) {
    // CHECK-NOT: scf.for
    // CHECK: gpu.return
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = 0 … 6: 1 load an iteration instead of 7, the other 6 elements carried in registers from earlier iterations of the loop at {{.*}} (its first iteration loads 7)
    gpu.func @radius(%a: memref<16x64xf32> {llvm.noalias}, %b: memref<10x64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c10 = arith.constant 10 : index
      %c32 = arith.constant 32 : index
      %half = arith.constant 0.5 : f32
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      scf.for %z = %c0 to %c10 step %c1 {
        %iz = arith.addi %z, %c3 : index
        %own = memref.load %a[%iz, %i] : memref<16x64xf32>
        %start = arith.mulf %half, %own : f32
        %sum:2 = scf.for %r = %c1 to %c4 step %c1 iter_args(%value = %start, %weight = %half) -> (f32, f32) {
          %zd = arith.subi %iz, %r : index
          %zu = arith.addi %iz, %r : index
          %down = memref.load %a[%zd, %i] : memref<16x64xf32>
          %up = memref.load %a[%zu, %i] : memref<16x64xf32>
          %pair = arith.addf %down, %up : f32
          %next_weight = arith.mulf %weight, %half : f32
          %term = arith.mulf %next_weight, %pair : f32
          %next = arith.addf %value, %term : f32
          scf.yield %next, %next_weight : f32, f32
        }
        memref.store %sum#0, %b[%z, %i] : memref<10x64xf32>
      }
      gpu.return
    }

    /// A loop of step 2 from 2 to n, n an argument that may be 0 (no iteration: nothing is
    /// loaded, as before): loads at k-2, k and k+2 are one step apart, 2 registers.
    // CHECK-LABEL: gpu.func @strided
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32)
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x] for d = -2 … 2: 1 load an iteration instead of 3, the other 2 elements carried in registers from earlier iterations of the loop at {{.*}} (its first iteration loads 3)
    gpu.func @strided(%a: memref<16x32xf32> {llvm.noalias}, %b: memref<16x32xf32> {llvm.noalias}, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c2 = arith.constant 2 : index
      %c14 = arith.constant 14 : index
      %tx = gpu.thread_id x
      %end = arith.minui %n, %c14 : index
      scf.for %k = %c2 to %end step %c2 {
        %kd = arith.subi %k, %c2 : index
        %ku = arith.addi %k, %c2 : index
        %down = memref.load %a[%kd, %tx] : memref<16x32xf32>
        %centre = memref.load %a[%k, %tx] : memref<16x32xf32>
        %up = memref.load %a[%ku, %tx] : memref<16x32xf32>
        %s = arith.addf %down, %centre : f32
        %t = arith.subf %s, %up : f32
        memref.store %t, %b[%k, %tx] : memref<16x32xf32>
      }
      gpu.return
    }

    /// The column without {llvm.noalias}, in a kernel with shared memory of its own (the
    /// version step does not specialize it): b may be a, so the loop nest is versioned on a
    /// run-time check that a's bytes overlap none of b's, the window carried on its fast
    /// path; the loop as written on the other (diff with b the same buffer as a).
    // CHECK-LABEL: gpu.func @checked_loop
    // CHECK: scf.if
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32)
    // CHECK: } else {
    // CHECK: scf.for
    // CHECK-COUNT-3: memref.load %arg0
    // CHECK: gpu_mem_opt.disjoint
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = -1 … 1: 1 load an iteration instead of 3, {{.*}}; on the fast path of a run-time check that its bytes overlap none of arg 1's (7 instructions at the kernel's entry; where it fails, the loop as written runs)
    gpu.func @checked_loop(%a: memref<16x64xf32>, %b: memref<16x64xf32>)
        workgroup(%flag: memref<32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      %first = memref.load %a[%c0, %i] : memref<16x64xf32>
      memref.store %first, %flag[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %scale = memref.load %flag[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      scf.for %k = %c1 to %c15 step %c1 {
        %kd = arith.subi %k, %c1 : index
        %ku = arith.addi %k, %c1 : index
        %down = memref.load %a[%kd, %i] : memref<16x64xf32>
        %centre = memref.load %a[%k, %i] : memref<16x64xf32>
        %up = memref.load %a[%ku, %i] : memref<16x64xf32>
        %s = arith.addf %down, %centre : f32
        %t = arith.addf %s, %up : f32
        %u = arith.mulf %t, %scale : f32
        memref.store %u, %b[%k, %i] : memref<16x64xf32>
      }
      gpu.return
    }

    /// The column without {llvm.noalias} and without shared memory: the version step
    /// specializes the kernel on the check that a's bytes overlap none of b's, and the window
    /// is carried in the specialized body.
    // CHECK-LABEL: gpu.func @specialized
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32)
    // CHECK: gpu_mem_opt.specialized
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = -1 … 1: 1 load an iteration instead of 3, the other 2 elements carried in registers from earlier iterations of the loop at {{.*}} (its first iteration loads 3){{$}}
    // REMARK: version: kernel: the optimized body runs where a check at the kernel's entry holds
    gpu.func @specialized(%a: memref<16x64xf32>, %b: memref<16x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      scf.for %k = %c1 to %c15 step %c1 {
        %kd = arith.subi %k, %c1 : index
        %ku = arith.addi %k, %c1 : index
        %down = memref.load %a[%kd, %i] : memref<16x64xf32>
        %centre = memref.load %a[%k, %i] : memref<16x64xf32>
        %up = memref.load %a[%ku, %i] : memref<16x64xf32>
        %s = arith.addf %down, %centre : f32
        %t = arith.addf %s, %up : f32
        memref.store %t, %b[%k, %i] : memref<16x64xf32>
      }
      gpu.return
    }

    /// A 3-D stencil as CUDA writes it, on a flat buffer of 16 planes of 16x16:
    /// c = k*256 + j*16 + i, reading in[c - 256], in[c], in[c + 256] (and the plane's
    /// in[c - 1], in[c + 1]). Each trip moves the index by 256: the window's step; the plane
    /// neighbours are another element each trip (not carried).
    // CHECK-LABEL: gpu.func @flat
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32) {
    // REMARK: promote: arg 0: arg 0[tid.x + 16*tid.y + 256*loop0 + d] for d = -256 … 256: 1 load an iteration instead of 3, the other 2 elements carried
    gpu.func @flat(%in: memref<4096xf32> {llvm.noalias}, %out: memref<4096xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %row = arith.muli %j, %c16 : index
      %plane = arith.addi %row, %i : index
      %inside_low = arith.cmpi ugt, %i, %c1 : index
      %inside_high = arith.cmpi ult, %i, %c15 : index
      %inside = arith.andi %inside_low, %inside_high : i1
      scf.if %inside {
        scf.for %k = %c1 to %c15 step %c1 {
          %base = arith.muli %k, %c256 : index
          %c = arith.addi %base, %plane : index
          %below_index = arith.subi %c, %c256 : index
          %above_index = arith.addi %c, %c256 : index
          %west_index = arith.subi %c, %c1 : index
          %east_index = arith.addi %c, %c1 : index
          %centre = memref.load %in[%c] : memref<4096xf32>
          %below = memref.load %in[%below_index] : memref<4096xf32>
          %above = memref.load %in[%above_index] : memref<4096xf32>
          %west = memref.load %in[%west_index] : memref<4096xf32>
          %east = memref.load %in[%east_index] : memref<4096xf32>
          %s1 = arith.addf %centre, %below : f32
          %s2 = arith.addf %s1, %above : f32
          %s3 = arith.addf %s2, %west : f32
          %s4 = arith.addf %s3, %east : f32
          memref.store %s4, %out[%c] : memref<4096xf32>
        }
      }
      gpu.return
    }

    /// Offsets -1 and +1 with step 1 would leave a register for k, which no load reads: the
    /// loop as written (3 registers would do the work of 2 loads).
    // CHECK-LABEL: gpu.func @gap
    // CHECK-NOT: iter_args
    // CHECK: gpu.return
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = -1 … 1: each iteration loads all 2: no load reads offset 0, between -1 and 1: a register would hold an element the loop does not read then
    gpu.func @gap(%a: memref<16x64xf32> {llvm.noalias}, %b: memref<16x64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      scf.for %k = %c1 to %c15 step %c1 {
        %kd = arith.subi %k, %c1 : index
        %ku = arith.addi %k, %c1 : index
        %down = memref.load %a[%kd, %i] : memref<16x64xf32>
        %up = memref.load %a[%ku, %i] : memref<16x64xf32>
        %s = arith.subf %up, %down : f32
        memref.store %s, %b[%k, %i] : memref<16x64xf32>
      }
      gpu.return
    }

    /// A column updated in place (a[k][i] += a[k-1][i] * a[k+1][i]): what a later iteration
    /// reads may be what an earlier one wrote, so every iteration loads.
    // CHECK-LABEL: gpu.func @in_place
    // CHECK-NOT: iter_args
    // CHECK: gpu.return
    // REMARK: promote: arg 0: arg 0[loop0 + d, tid.x + 32*bid.x] for d = -1 … 1: each iteration loads all 3: the kernel writes it at {{.*}}promote-stream.mlir:{{[0-9]+}}:9
    gpu.func @in_place(%a: memref<16x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c32 : index
      %i = arith.addi %base, %tx : index
      scf.for %k = %c1 to %c15 step %c1 {
        %kd = arith.subi %k, %c1 : index
        %ku = arith.addi %k, %c1 : index
        %down = memref.load %a[%kd, %i] : memref<16x64xf32>
        %centre = memref.load %a[%k, %i] : memref<16x64xf32>
        %up = memref.load %a[%ku, %i] : memref<16x64xf32>
        %p = arith.mulf %down, %up : f32
        %s = arith.addf %centre, %p : f32
        memref.store %s, %a[%k, %i] : memref<16x64xf32>
      }
      gpu.return
    }
  }
}

// With the step off, nothing is said and nothing changes (the report keeps each decision).
// OFF-NOT: gpu-mem-opt: promote:
// OFF-NOT: arith.cmpi eq
