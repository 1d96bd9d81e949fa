// PolyBench/GPU ATAX (y = A^T (A x)), ported as its CUDA source writes it: both kernels and
// the host code of ataxGpu. Source: GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/atax/atax.cu (sizes and block in atax.cuh).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (A[i*NY + j]); NY is a constant
// in the kernel as the macro is, the loop bounds and guards are the int nx, ny parameters
// (_PB_NX/_PB_NY are nx/ny by default, polybench.h). NX = NY = 100 (the source has 4096) so the
// interpreter runs fast and 100 is not a multiple of the 32-wide block, so the guards matter.
// The block is dim3(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y) = 32x8 as in the source, though
// the kernels use only threadIdx.x: 8 threads per row accumulate into the same tmp[i] / y[j].
// grid1 = ceil(NX/32) = 4, grid2 = ceil(NY/32) = 4. The final copy back copies NX elements of
// y as the source does (NX = NY here).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg zeros:100
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg zeros:100 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg zeros:100 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel atax_kernel1 --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100
// SCOREBOARD: atax_kernel1 expert/atax.mlir --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100
// RUN: gpu-mem-opt diff %s --kernel atax_kernel2 --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100
// SCOREBOARD: atax_kernel2 expert/atax.mlir --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100

// PROGRAM: identical: 2 launches (6 buffers after them), 0 lines of output, 5 arguments

// What a CUDA expert would do: atax_kernel1 reads a row of A per thread (stride NY, 32 sectors
// per warp request) and each element of a 32x32 tile is read by the 8 threadIdx.y copies of a
// thread: stage a 32x32 tile of A through shared memory with coalesced loads (a warp a row,
// 4.5 sectors per request; padded [32][33] or swizzled for the row-per-thread reads), share the
// tile's 32 x[j], keep tmp[i] in a register (one store, not a load and a store per iteration).
// atax_kernel2 reads a column per thread (coalesced, 4.5 sectors per request) but also 8 times
// over (the 8 threadIdx.y copies): stage the 32x32 tile for the reuse, share tmp[i] likewise,
// keep y[j] in a register. A's footprint is 1250 sectors (40000 B); read in 32-float chunks of
// rows 400 B apart it costs 1450. (The 8 racing copies per output are the source's; an expert
// would drop them, which is not the pass's business.)

module attributes {gpu.container_module} {
  // ataxGpu(nx, ny, A, x, y, tmp, y_outputFromGpu)
  func.func @main(%A: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>,
                  %tmp: memref<?xf32>, %y_outputFromGpu: memref<?xf32>) {
    %nx = arith.constant 100 : i32
    %ny = arith.constant 100 : i32
    %NX = arith.constant 100 : index
    %NY = arith.constant 100 : index
    %NXNY = arith.constant 10000 : index
    // cudaMalloc
    %A_gpu = gpu.alloc (%NXNY) : memref<?xf32>
    %x_gpu = gpu.alloc (%NY) : memref<?xf32>
    %y_gpu = gpu.alloc (%NY) : memref<?xf32>
    %tmp_gpu = gpu.alloc (%NX) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %A_gpu, %A : memref<?xf32>, memref<?xf32>
    gpu.memcpy %x_gpu, %x : memref<?xf32>, memref<?xf32>
    gpu.memcpy %y_gpu, %y : memref<?xf32>, memref<?xf32>
    gpu.memcpy %tmp_gpu, %tmp : memref<?xf32>, memref<?xf32>
    // dim3 block(32, 8); grid1(ceil(NX / 32), 1); grid2(ceil(NY / 32), 1)
    %c1 = arith.constant 1 : index
    %block_x = arith.constant 32 : index
    %block_y = arith.constant 8 : index
    %grid1_x = arith.constant 4 : index
    %grid2_x = arith.constant 4 : index
    gpu.launch_func @kernels::@atax_kernel1 blocks in (%grid1_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%nx : i32, %ny : i32, %A_gpu : memref<?xf32>, %x_gpu : memref<?xf32>, %tmp_gpu : memref<?xf32>)
    gpu.launch_func @kernels::@atax_kernel2 blocks in (%grid2_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%nx : i32, %ny : i32, %A_gpu : memref<?xf32>, %y_gpu : memref<?xf32>, %tmp_gpu : memref<?xf32>)
    // cudaMemcpy(y_outputFromGpu, y_gpu, sizeof(DATA_TYPE) * NX, cudaMemcpyDeviceToHost)
    gpu.memcpy %y_outputFromGpu, %y_gpu : memref<?xf32>, memref<?xf32>
    // cudaFree
    gpu.dealloc %A_gpu : memref<?xf32>
    gpu.dealloc %x_gpu : memref<?xf32>
    gpu.dealloc %y_gpu : memref<?xf32>
    gpu.dealloc %tmp_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void atax_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *x, DATA_TYPE *tmp)
    gpu.func @atax_kernel1(%nx: i32, %ny: i32, %A: memref<?xf32>, %x: memref<?xf32>,
                           %tmp: memref<?xf32>) kernel {
      %NY = arith.constant 100 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // if (i < _PB_NX)
      %in = arith.cmpi slt, %i, %nx_idx : index
      scf.if %in {
        // tmp[i] = 0;
        memref.store %zero, %tmp[%i] : memref<?xf32>
        // for (j = 0; j < _PB_NY; j++) tmp[i] += A[i*NY+j] * x[j];
        scf.for %j = %c0 to %ny_idx step %c1 {
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %xj = memref.load %x[%j] : memref<?xf32>
          %prod = arith.mulf %a, %xj : f32
          %t = memref.load %tmp[%i] : memref<?xf32>
          %sum = arith.addf %t, %prod : f32
          memref.store %sum, %tmp[%i] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void atax_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp)
    gpu.func @atax_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %y: memref<?xf32>,
                           %tmp: memref<?xf32>) kernel {
      %NY = arith.constant 100 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tid : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // if (j < _PB_NY)
      %in = arith.cmpi slt, %j, %ny_idx : index
      scf.if %in {
        // y[j] = 0;
        memref.store %zero, %y[%j] : memref<?xf32>
        // for (i = 0; i < _PB_NX; i++) y[j] += A[i*NY+j] * tmp[i];
        scf.for %i = %c0 to %nx_idx step %c1 {
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %ti = memref.load %tmp[%i] : memref<?xf32>
          %prod = arith.mulf %a, %ti : f32
          %yj = memref.load %y[%j] : memref<?xf32>
          %sum = arith.addf %yj, %prod : f32
          memref.store %sum, %y[%j] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
