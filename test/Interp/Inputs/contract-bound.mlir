// The scale program of contract.mlir as the pass left it before issue 20: the kernel reads its
// coefficients from a __constant__ symbol that a launcher must fill, and the host code here
// launches it without filling it.
module attributes {gpu.container_module} {
  func.func @main(%host_coefficients: memref<4xf32>, %host_data: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %coefficients = gpu.alloc () : memref<4xf32>
    %data = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %coefficients, %host_coefficients : memref<4xf32>, memref<4xf32>
    gpu.memcpy %data, %host_data : memref<1024xf32>, memref<1024xf32>
    gpu.launch_func @kernels::@scale blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%coefficients : memref<4xf32>, %data : memref<1024xf32>)
    gpu.memcpy %host_data, %data : memref<1024xf32>, memref<1024xf32>
    return
  }
  gpu.module @kernels {
    memref.global @__gmo_const_scale_arg0 : memref<4xf32, 4> = uninitialized {alignment = 16 : i64}
    gpu.func @scale(%coefficients: memref<4xf32>, %data: memref<1024xf32>) kernel
        attributes {gpu_mem_opt.constant_bindings = {arg0 = @__gmo_const_scale_arg0}} {
      %symbol = memref.get_global @__gmo_const_scale_arg0 : memref<4xf32, 4>
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %w = memref.load %symbol[%c0] : memref<4xf32, 4>
      %v = memref.load %data[%i] : memref<1024xf32>
      %p = arith.mulf %w, %v : f32
      memref.store %p, %data[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
