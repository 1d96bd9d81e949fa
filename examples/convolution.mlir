// A 9-tap 1-D convolution, as a DSL compiler emits it: out[i] = sum_k w[k] * in[i + k].
// In iteration k every lane of a warp reads the same coefficient w[k]: one address per warp
// request, which the constant cache broadcasts (Jang's Algorithm 3 puts w in constant memory;
// with the default options its per-launch copy does not pay). Nothing in the kernel proves that
// `out` is not a view of `w` or `in`, but every load comes before the one store, so a run-time
// check for the read-only path would gain nothing (docs/pass.md, "memory-space"), and each
// thread reads its window 9 times a copy, too few for a shared tile to pay (L1 serves it).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @convolution(%in: memref<1032xf32>, %w: memref<9xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c9 = arith.constant 9 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %sum = scf.for %k = %c0 to %c9 step %c1 iter_args(%acc = %zero) -> (f32) {
        %at = arith.addi %i, %k : index
        %x = memref.load %in[%at] : memref<1032xf32>
        %c = memref.load %w[%k] : memref<9xf32>
        %p = arith.mulf %x, %c : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
