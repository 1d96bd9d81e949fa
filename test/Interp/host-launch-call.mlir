// Host code that calls a host function whose body launches (issue 32, item 4). The CHECK lines
// are upstream's, from mlir/test/Integration/GPU/CUDA/gpu-to-cubin.mlir (llvm/llvm-project at
// 10359153e443), whose program fills a 5-element buffer through a gpu.launch in a called host
// function and prints it before and after; the program here is written to the same behaviour:
// a gpu.host_register'ed host buffer, a launch whose block size is the buffer's dynamic size,
// printMemrefF32, and a vector.transfer_read printed with vector.print.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: [1, 1, 1, 1, 1]
// CHECK: ( 1, 1 )
// SAME: identical: 1 launch (1 buffer after it), 5 lines of output

func.func @fill(%value: f32, %buffer: memref<?xf32>) {
  %one = arith.constant 1 : index
  %first = arith.constant 0 : index
  %length = memref.dim %buffer, %first : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %length, %sy = %one, %sz = %one) {
    memref.store %value, %buffer[%tx] : memref<?xf32>
    gpu.terminator
  }
  return
}

func.func @main() {
  %first = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %host = memref.alloc() : memref<5xf32>
  %dynamic = memref.cast %host : memref<5xf32> to memref<?xf32>
  %unranked = memref.cast %dynamic : memref<?xf32> to memref<*xf32>
  gpu.host_register %unranked : memref<*xf32>
  call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
  call @fill(%one, %dynamic) : (f32, memref<?xf32>) -> ()
  call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
  %pair = vector.transfer_read %host[%first], %pad : memref<5xf32>, vector<2xf32>
  vector.print %pair : vector<2xf32>
  return
}

func.func private @printMemrefF32(memref<*xf32>)
