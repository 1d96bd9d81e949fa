// The naive transpose as a whole program, the way a DSL emits it: the host
// allocates two device buffers, copies the input in, launches the kernel and
// copies the result out. The pass follows both kernel arguments to their
// gpu.alloc (pass/src/facts/launches.rs): distinct buffers, 256-byte aligned,
// so with the default options the read goes through ld.global.nc and the
// write is staged through a shared tile.
module attributes {gpu.container_module} {
  func.func @transpose(%host_in: memref<1024x1024xf32>, %host_out: memref<1024x1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %in = gpu.alloc () : memref<1024x1024xf32>
    %out = gpu.alloc () : memref<1024x1024xf32>
    gpu.memcpy %in, %host_in : memref<1024x1024xf32>, memref<1024x1024xf32>
    gpu.launch_func @kernels::@transpose blocks in (%c32, %c128, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<1024x1024xf32>, %out : memref<1024x1024xf32>)
    gpu.memcpy %host_out, %out : memref<1024x1024xf32>, memref<1024x1024xf32>
    gpu.dealloc %in : memref<1024x1024xf32>
    gpu.dealloc %out : memref<1024x1024xf32>
    return
  }
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
