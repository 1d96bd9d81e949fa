// async.execute around gpu copies and a launch (issue 32, item 4). The CHECK line is upstream's,
// from mlir/test/Integration/GPU/CUDA/async.mlir (llvm/llvm-project at 2811a388560e); the
// program here is written to the same behaviour: a gpu.host_register'ed 2-element i32 host
// buffer holding 42, 42; a first async region copies it to a gpu.alloc'd buffer; two regions
// that wait for it copy that buffer to two more (a fork); a region waiting for both launches one
// block of 2 threads writing their sum back to the host buffer (a join); after awaiting it,
// printMemrefI32 prints the host buffer.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

func.func @main() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %len = arith.constant 2 : index
  %v42 = arith.constant 42 : i32

  %host = memref.alloc(%len) : memref<?xi32>
  %host_any = memref.cast %host : memref<?xi32> to memref<*xi32>
  gpu.host_register %host_any : memref<*xi32>
  scf.for %i = %i0 to %len step %i1 {
    memref.store %v42, %host[%i] : memref<?xi32>
  }

  %ready, %staged = async.execute () -> !async.value<memref<?xi32>> {
    %dev = gpu.alloc (%len) : memref<?xi32>
    gpu.memcpy %dev, %host : memref<?xi32>, memref<?xi32>
    async.yield %dev : memref<?xi32>
  }

  %left_done, %left = async.execute [%ready] (%staged as %src : !async.value<memref<?xi32>>)
      -> !async.value<memref<?xi32>> {
    %copy = gpu.alloc (%len) : memref<?xi32>
    gpu.memcpy %copy, %src : memref<?xi32>, memref<?xi32>
    async.yield %copy : memref<?xi32>
  }
  %right_done, %right = async.execute [%ready] (%staged as %src : !async.value<memref<?xi32>>)
      -> !async.value<memref<?xi32>> {
    %copy = gpu.alloc (%len) : memref<?xi32>
    gpu.memcpy %copy, %src : memref<?xi32>, memref<?xi32>
    async.yield %copy : memref<?xi32>
  }

  %joined = async.execute [%left_done, %right_done] (
      %left as %a : !async.value<memref<?xi32>>,
      %right as %b : !async.value<memref<?xi32>>) {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %i1, %gy = %i1, %gz = %i1)
        threads(%tx, %ty, %tz) in (%sx = %len, %sy = %i1, %sz = %i1) {
      %x = memref.load %a[%tx] : memref<?xi32>
      %y = memref.load %b[%tx] : memref<?xi32>
      %xy = arith.addi %x, %y : i32
      memref.store %xy, %host[%tx] : memref<?xi32>
      gpu.terminator
    }
    async.yield
  }

  async.await %joined : !async.token
  // CHECK: [84, 84]
  call @printMemrefI32(%host_any) : (memref<*xi32>) -> ()
  return
}

func.func private @printMemrefI32(memref<*xi32>)
