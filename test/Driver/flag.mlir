// The driver gpu-mem-opt-opt links the pass in, so the flag forms work:
// --gpu-mem-opt and --gpu-mem-opt='options'. The block size comes from the
// option when the IR does not give one, and from the IR when it does.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: gpu-mem-opt-opt --gpu-mem-opt='sm=80 block=128' %s 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: gpu-mem-opt-opt --gpu-mem-opt='block=128' %s -verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// No known_block_size and no launch: unknown without the option.
    // DEFAULT: remark: gpu-mem-opt: kernel: 'scale': block size unknown: no known_block_size, no gpu.launch_func in this module, no 'block' option; 2 memory accesses
    // BLOCK: remark: gpu-mem-opt: kernel: 'scale': block 128x1x1 (from option 'block'); 2 memory accesses
    // expected-remark @+2 {{block 128x1x1 (from option 'block')}}
    // expected-remark @+1 {{readonly: arg 0: written by memref.store}}
    gpu.func @scale(%data: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %data[%tx] : memref<1024xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %data[%tx] : memref<1024xf32>
      gpu.return
    }
  }
}
