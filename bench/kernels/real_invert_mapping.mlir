// Real code: Rodinia k-means invert_mapping (the transpose of the feature array from a row of
// nfeatures floats per point to a row of npoints floats per feature), the gpu.func of
// test/RealCode/kmeans.mlir, ported from
// GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4 (Rodinia 3.1),
// cuda/kmeans/kmeans_cuda_kernel.cu.
// Unchanged from the port: the sizes are the int arguments npoints, nfeatures (no size constant
// in the kernel). As people write it: input[point_id*nfeatures + i] (lanes 4*nfeatures bytes
// apart: uncoalesced) and output[point_id + npoints*i] flat on memref<?xf32>, a runtime loop
// bound, point_id from blockDim.x, 256-thread blocks (no known_block_size: the suite gives the
// block).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void invert_mapping(float *input, float *output, int npoints, int nfeatures)
    gpu.func @invert_mapping(%input: memref<?xf32>, %output: memref<?xf32>, %npoints: i32,
                             %nfeatures: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // int point_id = threadIdx.x + blockDim.x*blockIdx.x;
      %tx = gpu.thread_id x
      %bdim = gpu.block_dim x
      %bx = gpu.block_id x
      %base = arith.muli %bdim, %bx : index
      %point_id = arith.addi %tx, %base : index
      %np = arith.index_cast %npoints : i32 to index
      %nf = arith.index_cast %nfeatures : i32 to index
      // if (point_id < npoints) {
      %in = arith.cmpi slt, %point_id, %np : index
      scf.if %in {
        // for (i = 0; i < nfeatures; i++)
        scf.for %i = %c0 to %nf step %c1 {
          // output[point_id + npoints*i] = input[point_id*nfeatures + i];
          %row = arith.muli %point_id, %nf : index
          %src = arith.addi %row, %i : index
          %v = memref.load %input[%src] : memref<?xf32>
          %col = arith.muli %np, %i : index
          %dst = arith.addi %point_id, %col : index
          memref.store %v, %output[%dst] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
