// A staged tile in a loop whose trip count is read from memory (`len[bid.x]`, a row length
// per block, as ELL/CSR kernels have): which requests run is unknown, so the layout step
// cannot count wavefronts per block. Every request of each access has the same degree and the
// same requests run whatever the layout, so the step costs one request of each access
// (the loop over one period of its remainders) and takes a layout no worse for any access
// (issue 17: before, "the request count is unknown" left the staged 128x32 tile 32-way
// conflicted, a staged kernel slower than the one it replaced). Measured by the interpreter:
// the tile's read goes from degree 32 (swizzle=false pad=false) to 1.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 33 -> 2 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 512 B; wavefronts per request of each access: {{.*}}so which requests run is unknown, but every request of an access has the same degree

// RUN: gpu-mem-opt diff %s --kernel row_sums --grid 4,1,1 --arg iota --arg random:2 --arg zeros
// RUN: gpu-mem-opt opt %s -o %t.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.mlir --kernel row_sums --grid 4,1,1 --arg iota --arg random:2 --arg zeros --trace | FileCheck %s --check-prefix=AFTER
// AFTER: memref.load (shared): requests 24, bank_conflict_degree 1,
// RUN: gpu-mem-opt opt %s --options 'pad=false swizzle=false' -o %t.unpadded.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.unpadded.mlir --kernel row_sums --grid 4,1,1 --arg iota --arg random:2 --arg zeros --trace | FileCheck %s --check-prefix=BEFORE
// BEFORE: memref.load (shared): requests 24, bank_conflict_degree 32,

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// y[row] = sum of a[row][0 .. len[bid.x]), one thread per row, 128 rows per block.
    gpu.func @row_sums(%len: memref<64xindex> {llvm.noalias}, %a: memref<8192x1024xf32> {llvm.noalias}, %out: memref<8192xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %n = memref.load %len[%bx] : memref<64xindex>
      %base = arith.muli %bx, %c128 : index
      %row = arith.addi %base, %tx : index
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %a[%row, %k] : memref<8192x1024xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%row] : memref<8192xf32>
      gpu.return
    }
  }
}
