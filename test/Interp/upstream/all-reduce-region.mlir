// gpu.all_reduce with a combining region (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-region.mlir (llvm/llvm-project at 03a5b92df2dd); the
// program here is written to the same behaviour: a gpu.host_register'ed 35-element f32 buffer
// whose dynamic size is the block size (one block of 35 threads); each thread's id as i32 is
// folded over the block by a region that xors its two operands (uniform), 0 ^ 1 ^ ... ^ 34 = 35,
// and every thread stores it, converted to f32, at its own index; printMemrefF32 prints it.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: [{{(35, ){34}35}}]
// SAME: identical

func.func @main() {
  %first = arith.constant 0 : index
  %unit = arith.constant 1 : index
  %buf = memref.alloc() : memref<35xf32>
  %buf_dyn = memref.cast %buf : memref<35xf32> to memref<?xf32>
  %n = memref.dim %buf_dyn, %first : memref<?xf32>
  %buf_any = memref.cast %buf_dyn : memref<?xf32> to memref<*xf32>
  gpu.host_register %buf_any : memref<*xf32>
  gpu.launch blocks(%gbx, %gby, %gbz) in (%ngx = %unit, %ngy = %unit, %ngz = %unit)
      threads(%lx, %ly, %lz) in (%nlx = %n, %nly = %unit, %nlz = %unit) {
    %id = arith.index_cast %lx : index to i32
    %folded = gpu.all_reduce %id uniform {
    ^combine(%acc : i32, %next : i32):
      %mixed = arith.xori %acc, %next : i32
      gpu.yield %mixed : i32
    } : (i32) -> (i32)
    %out = arith.sitofp %folded : i32 to f32
    memref.store %out, %buf_dyn[%lx] : memref<?xf32>
    gpu.terminator
  }
  call @printMemrefF32(%buf_any) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
