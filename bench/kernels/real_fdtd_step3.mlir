// Real code: PolyBench/GPU FDTD-2D step 3 (the hz update from ex and ey), the gpu.func of
// test/RealCode/fdtd2d.mlir, ported from GitHub cavazos-lab/PolyBench-ACC, CUDA/stencils/fdtd-2d/fdtd2d.cu.
// Unchanged from the port except the value of the NY macro: 4096 where the port has 50 (the
// source has NX = NY = 2048; here NX = 2048 rows of NY = 4096 columns, unequal so that a
// swapped nx/ny would show). As people write it: hz[i*NY + j] -= 0.7f*(...) flat on
// memref<?xf32>, int nx, ny, t as i32 arguments (t unused by this step), the neighbour loads
// ex[i*NY + (j+1)] and ey[(i+1)*NY + j] straight from global memory, 32x8 blocks. No
// known_block_size: the suite gives the block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void fdtd_step3_kernel(int nx, int ny, DATA_TYPE *ex, DATA_TYPE *ey,
    //                                   DATA_TYPE *hz, int t)
    gpu.func @fdtd_step3_kernel(%nx: i32, %ny: i32, %ex: memref<?xf32>, %ey: memref<?xf32>,
                                %hz: memref<?xf32>, %t: i32) kernel {
      %NY = arith.constant 4096 : index
      %c1 = arith.constant 1 : index
      %c07 = arith.constant 0.7 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bx = gpu.block_id x
      %dx = gpu.block_dim x
      %tx = gpu.thread_id x
      %jb = arith.muli %bx, %dx : index
      %j = arith.addi %jb, %tx : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %by = gpu.block_id y
      %dy = gpu.block_dim y
      %ty = gpu.thread_id y
      %ib = arith.muli %by, %dy : index
      %i = arith.addi %ib, %ty : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // if ((i < (_PB_NX-1)) && (j < (_PB_NY-1)))
      %nx_m1 = arith.subi %nx_idx, %c1 : index
      %ny_m1 = arith.subi %ny_idx, %c1 : index
      %i_in = arith.cmpi slt, %i, %nx_m1 : index
      %j_in = arith.cmpi slt, %j, %ny_m1 : index
      %in = arith.andi %i_in, %j_in : i1
      scf.if %in {
        // hz[i * NY + j] = hz[i * NY + j] - 0.7f*(ex[i * NY + (j+1)] - ex[i * NY + j]
        //                                         + ey[(i + 1) * NY + j] - ey[i * NY + j]);
        %row = arith.muli %i, %NY : index
        %ij = arith.addi %row, %j : index
        %h = memref.load %hz[%ij] : memref<?xf32>
        %jp1 = arith.addi %j, %c1 : index
        %right = arith.addi %row, %jp1 : index
        %exr = memref.load %ex[%right] : memref<?xf32>
        %exc = memref.load %ex[%ij] : memref<?xf32>
        %ip1 = arith.addi %i, %c1 : index
        %down_row = arith.muli %ip1, %NY : index
        %down = arith.addi %down_row, %j : index
        %eyd = memref.load %ey[%down] : memref<?xf32>
        %eyc = memref.load %ey[%ij] : memref<?xf32>
        %d1 = arith.subf %exr, %exc : f32
        %d2 = arith.addf %d1, %eyd : f32
        %d3 = arith.subf %d2, %eyc : f32
        %s = arith.mulf %c07, %d3 : f32
        %r = arith.subf %h, %s : f32
        memref.store %r, %hz[%ij] : memref<?xf32>
      }
      gpu.return
    }
  }
}
