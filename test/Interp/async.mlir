// async.execute in host code (issue 32) runs in program order: each body where it stands, its
// arguments the values its operands wrap, an await of a value that value. Modelled on
// upstream's mlir/test/Integration/GPU/CUDA/async.mlir (llvm/llvm-project): a copy to the
// device, a fork of two copies, and a join that launches a kernel adding them.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: [10, 12, 14]
// CHECK: [5, 6, 7]
// SAME: identical: 1 launch

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xi32>, %b: memref<?xi32>, %sum: memref<?xi32>) kernel {
      %tid = gpu.thread_id x
      %x = memref.load %a[%tid] : memref<?xi32>
      %y = memref.load %b[%tid] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %sum[%tid] : memref<?xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %host = memref.alloc(%c3) : memref<?xi32>
    scf.for %i = %c0 to %c3 step %c1 {
      %v = arith.index_cast %i : index to i32
      %c5 = arith.constant 5 : i32
      %w = arith.addi %v, %c5 : i32
      memref.store %w, %host[%i] : memref<?xi32>
    }
    %t0, %f0 = async.execute () -> !async.value<memref<?xi32>> {
      %device = gpu.alloc (%c3) : memref<?xi32>
      gpu.memcpy %device, %host : memref<?xi32>, memref<?xi32>
      async.yield %device : memref<?xi32>
    }
    %t1, %f1 = async.execute [%t0] (%f0 as %first : !async.value<memref<?xi32>>)
        -> !async.value<memref<?xi32>> {
      %copy = gpu.alloc (%c3) : memref<?xi32>
      gpu.memcpy %copy, %first : memref<?xi32>, memref<?xi32>
      async.yield %copy : memref<?xi32>
    }
    %t2 = async.execute [%t0, %t1] (%f0 as %a : !async.value<memref<?xi32>>,
                                    %f1 as %b : !async.value<memref<?xi32>>) {
      %sum = gpu.alloc (%c3) : memref<?xi32>
      gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c3, %c1, %c1)
          args(%a : memref<?xi32>, %b : memref<?xi32>, %sum : memref<?xi32>)
      gpu.memcpy %host, %sum : memref<?xi32>, memref<?xi32>
      async.yield
    }
    async.await %t2 : !async.token
    %first_again = async.await %f0 : !async.value<memref<?xi32>>
    %out = memref.cast %host : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%out) : (memref<*xi32>) -> ()
    %back = memref.alloc(%c3) : memref<?xi32>
    gpu.memcpy %back, %first_again : memref<?xi32>, memref<?xi32>
    %back_out = memref.cast %back : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%back_out) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
