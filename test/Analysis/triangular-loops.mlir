// Loops bounded by an enclosing loop's variable (session 27, issue 31; Rodinia LUD's
// `for (j = 0; j < i; j++)`): the inner loop is modelled over its bound's whole range with
// the condition `loop1 < loop0` (or `loop1 >= loop0 + 1` for a start `i + 1`) as a guard,
// evaluated per iteration, so the requests of the triangle are counted exactly. Before, "the
// trip count of loop1 is unknown" left every metric of these accesses unknown. The
// interpreter's counts agree with the model's on every access (--check-static).

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt interp %s --kernel column_solve --grid 1,1,1 --arg random:1 --check-static | FileCheck %s --check-prefix=STATIC
// RUN: gpu-mem-opt interp %s --kernel upper_rows --grid 1,1,1 --arg random:1 --check-static | FileCheck %s --check-prefix=STATIC-ROWS

/// LU's column step on a 16x16 tile, one thread a row: at step i the rows tx > i subtract
/// sum_{j < i} tile[tx][j] * tile[j][i]. The column tile[tx][j] puts 16 lanes on 2 banks: the
/// lanes tx > i are served ceil((15 - i) / 2) at a time, a degree of 2.93 over the 105
/// requests (sum over i of i requests, the long loops having the few lanes), as the
/// interpreter measures it.
// CHECK-LABEL: kernel: 'column_solve'
// CHECK: access: load workgroup 0 (shared), 4 B x 1; indices [i0 = tid.x, i1 = loop1]; {{.*}}; bank conflict degree 2.93, distinct addresses 5.33
// STATIC: memref.load: bank_conflict_degree 2.93{{[0-9]*}} ok
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ

/// The row step after it: rows i + 1 .. 15 of column tx, j from i + 1 (a start read from the
/// enclosing loop), each a row of the tile: conflict-free (120 requests, as the interpreter
/// counts them).
// CHECK-LABEL: kernel: 'upper_rows'
// CHECK: access: load workgroup 0 (shared), 4 B x 1; indices [i0 = loop1, i1 = tid.x]; {{.*}}; bank conflict degree 1, distinct addresses 16
// STATIC-ROWS: static check: {{[0-9]+}} metrics agree, 0 differ

gpu.module @kernels {
  gpu.func @column_solve(%m: memref<16x16xf32>)
      workgroup(%tile: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    %tx = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    scf.for %r = %c0 to %c16 step %c1 {
      %v = memref.load %m[%r, %tx] : memref<16x16xf32>
      memref.store %v, %tile[%r, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.for %i = %c0 to %c15 step %c1 {
      %below = arith.cmpi ugt, %tx, %i : index
      scf.if %below {
        scf.for %j = %c0 to %i step %c1 {
          %a = memref.load %tile[%tx, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %b = memref.load %tile[%j, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %t = memref.load %tile[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %a, %b : f32
          %d = arith.subf %t, %p : f32
          memref.store %d, %tile[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
    }
    scf.for %r = %c0 to %c16 step %c1 {
      %v = memref.load %tile[%r, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %m[%r, %tx] : memref<16x16xf32>
    }
    gpu.return
  }

  gpu.func @upper_rows(%m: memref<16x16xf32>)
      workgroup(%tile: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 16, 1, 1>} {
    %tx = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    scf.for %r = %c0 to %c16 step %c1 {
      %v = memref.load %m[%r, %tx] : memref<16x16xf32>
      memref.store %v, %tile[%r, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.for %i = %c0 to %c15 step %c1 {
      %start = arith.addi %i, %c1 : index
      scf.for %j = %start to %c16 step %c1 {
        %a = memref.load %tile[%j, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %b = memref.load %tile[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %d = arith.addf %a, %b : f32
        memref.store %d, %tile[%j, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    scf.for %r = %c0 to %c16 step %c1 {
      %v = memref.load %tile[%r, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %m[%r, %tx] : memref<16x16xf32>
    }
    gpu.return
  }
}
