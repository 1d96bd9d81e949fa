// Facts from host loops (issue 31, session 27): a launch inside an scf.for passes the values
// the loop's trips give (its variable, an int the loop adds 16 to, the value the loop leaves
// after it), as Rodinia LUD's host does: `for (i = 0; i < n - 16; i += 16) kernel(m, n, i)`,
// then `kernel(m, n, i)` once more. Where an access's metrics depend on such an argument and
// every value gives the same metrics, they hold at every launch here: tile_rows' rows start
// at 65*off floats (65*16*4 B: whole sectors at 0, 16, 32 and 48), so 2 sectors a half-warp
// request at each. shifted_rows' start moves by one float a launch (0, 1, 2, 3): its sectors
// differ between launches, so they stay unknown, with the reason. In the kernel, an offset
// the loop bumps by a row (`array_offset += 64`) is that sum: 64*loop0 + 65*arg1 + tid.x.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:4096 | FileCheck %s --check-prefix=PROGRAM

// REMARK: kernel: 'tile_rows': block 16x1x1 (from gpu.launch_func); 2 memory accesses; the same at every launch here: arg2 = 64; the launches here pass arg1 = 0, 16, 32 or 48
// REMARK: kernel: 'shifted_rows': block 16x1x1 (from gpu.launch_func); 2 memory accesses; the launches here pass arg1 = 0, 1, 2 or 3
// CHECK-LABEL: kernel: 'tile_rows'
// CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 64*loop0 + 65*arg1]; {{.*}}; sectors/request 2, distinct addresses 16
// CHECK-LABEL: kernel: 'shifted_rows'
// CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 64*loop0 + arg1]; {{.*}}; sectors/request unknown (sectors depends on the unknown value of arg1
// PROGRAM: identical: 8 launches

module attributes {gpu.container_module} {
  func.func @main(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %n = arith.constant 64 : i32
    %c4096 = arith.constant 4096 : index
    %d_m = gpu.alloc (%c4096) : memref<?xf32>
    gpu.memcpy %d_m, %m : memref<?xf32>, memref<?xf32>
    // for (i = 0; i < 64 - 16; i += 16) tile_rows<<<1, 16>>>(m, i, 64);
    %last = scf.for %t = %c0 to %c48 step %c16 iter_args(%i = %c0_i32) -> (i32) {
      gpu.launch_func @kernels::@tile_rows blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
          args(%d_m : memref<?xf32>, %i : i32, %n : i32)
      %next = arith.addi %i, %c16_i32 : i32
      scf.yield %next : i32
    }
    // tile_rows<<<1, 16>>>(m, i, 64);  (i = 48)
    gpu.launch_func @kernels::@tile_rows blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%d_m : memref<?xf32>, %last : i32, %n : i32)
    scf.for %s = %c0 to %c4 step %c1 {
      %shift = arith.index_cast %s : index to i32
      gpu.launch_func @kernels::@shifted_rows blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
          args(%d_m : memref<?xf32>, %shift : i32)
    }
    gpu.memcpy %m, %d_m : memref<?xf32>, memref<?xf32>
    gpu.dealloc %d_m : memref<?xf32>
    return
  }

  gpu.module @kernels {
    /// for (k = 0; k < 16; k++) { m[offset + tx] += 1; offset += n; } from offset*n + offset:
    /// rows of the tile at (off, off).
    gpu.func @tile_rows(%m: memref<?xf32>, %off_i32: i32, %n_i32: i32) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %one = arith.constant 1.0 : f32
      %off = arith.index_cast %off_i32 : i32 to index
      %n = arith.index_cast %n_i32 : i32 to index
      %row = arith.muli %off, %n : index
      %start = arith.addi %row, %off : index
      %end = scf.for %k = %c0 to %c16 step %c1 iter_args(%offset = %start) -> (index) {
        %at = arith.addi %offset, %tx : index
        %v = memref.load %m[%at] : memref<?xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %m[%at] : memref<?xf32>
        %next = arith.addi %offset, %n : index
        scf.yield %next : index
      }
      gpu.return
    }

    /// The same rows from column 0, started one float further at each launch.
    gpu.func @shifted_rows(%m: memref<?xf32>, %shift_i32: i32) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1.0 : f32
      %shift = arith.index_cast %shift_i32 : i32 to index
      %end = scf.for %k = %c0 to %c16 step %c1 iter_args(%offset = %shift) -> (index) {
        %at = arith.addi %offset, %tx : index
        %v = memref.load %m[%at] : memref<?xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %m[%at] : memref<?xf32>
        %next = arith.addi %offset, %c64 : index
        scf.yield %next : index
      }
      gpu.return
    }
  }
}
