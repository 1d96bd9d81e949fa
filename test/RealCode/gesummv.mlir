// PolyBench/GPU GESUMMV (y = alpha A x + beta B x), ported as its CUDA source writes it: the
// kernel and the host code of gesummvCuda. Source: GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/gesummv/gesummv.cu (size and block in gesummv.cuh).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (A[i * N + j]); N is a constant in
// the kernel as the macro is, the loop bound and guard are the int n parameter (_PB_N is n by
// default, polybench.h); DATA_TYPE alpha, beta are f32 parameters, 43532 and 12313 as the
// source's init() sets them. N = 300 (the source has 4096) so the interpreter runs fast; 300 is
// not a multiple of the 256-wide block, so the grid's second block is partly idle and the
// guard matters. The block is dim3(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y) = 256x1 as in the
// source; grid = ceil(N/256) = 2. tmp and y are copied in as the host left them (the source
// never initializes them; random here), and, as in the source, nothing is freed.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:90000 --arg random:2:90000 --arg random:3:300 --arg random:4:300 --arg random:5:300 --arg zeros:300
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:90000 --arg random:2:90000 --arg random:3:300 --arg random:4:300 --arg random:5:300 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:90000 --arg random:2:90000 --arg random:3:300 --arg random:4:300 --arg random:5:300 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel gesummv_kernel --grid 2,1,1 --block 256,1,1 --arg 300 --arg 43532.0 --arg 12313.0 --arg random:1:90000 --arg random:2:90000 --arg random:3:300 --arg random:4:300 --arg random:5:300
// SCOREBOARD: gesummv_kernel expert/gesummv.mlir --grid 2,1,1 --block 256,1,1 --arg 300 --arg 43532.0 --arg 12313.0 --arg random:1:90000 --arg random:2:90000 --arg random:3:300 --arg random:4:300 --arg random:5:300
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 1 launch (5 buffers after it), 0 lines of output, 6 arguments

// What a CUDA expert would do: each thread walks a row of A and of B (stride N, 32 sectors per
// warp request, the worst case): stage tiles of A and B through shared memory with coalesced
// loads, swizzled or padded for the row-per-thread reads (two 256x32 f32 tiles are 64 KiB, so
// 256x16 tiles, or a warp per row with a shuffle reduction); load x[j] once per iteration (the
// source loads it twice) and share the tile's x[j]; keep tmp[i] and y[i] in registers across
// the loop.
// What the pass does with the default options: it delinearizes A and B, keeps tmp[i] and y[i]
// in registers across the loop (promote; their first values are loaded before the guard under
// its condition), reads A, B and x through ld.global.nc, and stages A and B through 256x16
// tiles (two 256x32 tiles would take 64 KiB of the 48 KiB budget, so both tiles are cut to 16
// iterations and the loop strip-mines into tiles of 16): 32 -> 5 sectors per request, each tile
// swizzled (conflict degree 8.45 -> 1). x is staged once per tile and its two loads read it.

// REMARK: gpu-mem-opt: kernel: 'gesummv_kernel': block 256x1x1 (from gpu.launch_func); 11 memory accesses; the same at every launch here: arg0 = 300
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(tid.x + 256*bid.x)*300 + loop0] read as row tid.x + 256*bid.x, column loop0 of rows of 300 elements (a 2-D view, the same addresses): 0 <= loop0 < 300 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(tid.x + 256*bid.x)*300 + loop0] read as row tid.x + 256*bid.x, column loop0 of rows of 300 elements (a 2-D view, the same addresses): 0 <= loop0 < 300 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 5: arg 5[tid.x + 256*bid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 300 iterations
// REMARK: gpu-mem-opt: promote: arg 7: arg 7[tid.x + 256*bid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 300 iterations
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 4: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 5: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: readonly: arg 6: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 7: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: stage-shared: arg 3: staged through memref<256x16xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 5, global sectors per block and tile 4096 -> 640
// REMARK: gpu-mem-opt: stage-shared: arg 6: staged through memref<16xf32, #gpu.address_space<workgroup>>
// REMARK: gpu-mem-opt: stage-shared: arg 4: staged through memref<256x16xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 5, global sectors per block and tile 4096 -> 640
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 2) mod 16 (+0 B): wavefronts 40832 -> 4832 (degree 8.45 -> 1), its worst access 16-way -> 1; a swizzle adds no bytes, a pad at least 1024 B; the same for workgroup 2
// REMARK: gpu-mem-opt: stage-shared: loop strip-mined into tiles of 16 iterations

module attributes {gpu.container_module} {
  // gesummvCuda(n, alpha, beta, A, B, tmp, x, y, y_outputFromGpu)
  func.func @main(%A: memref<?xf32>, %B: memref<?xf32>, %tmp: memref<?xf32>,
                  %x: memref<?xf32>, %y: memref<?xf32>, %y_outputFromGpu: memref<?xf32>) {
    %n = arith.constant 300 : i32
    // init(): *alpha = 43532; *beta = 12313;
    %alpha = arith.constant 43532.0 : f32
    %beta = arith.constant 12313.0 : f32
    %N = arith.constant 300 : index
    %NN = arith.constant 90000 : index
    // cudaMalloc
    %A_gpu = gpu.alloc (%NN) : memref<?xf32>
    %B_gpu = gpu.alloc (%NN) : memref<?xf32>
    %x_gpu = gpu.alloc (%N) : memref<?xf32>
    %y_gpu = gpu.alloc (%N) : memref<?xf32>
    %tmp_gpu = gpu.alloc (%N) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %A_gpu, %A : memref<?xf32>, memref<?xf32>
    gpu.memcpy %B_gpu, %B : memref<?xf32>, memref<?xf32>
    gpu.memcpy %x_gpu, %x : memref<?xf32>, memref<?xf32>
    gpu.memcpy %y_gpu, %y : memref<?xf32>, memref<?xf32>
    gpu.memcpy %tmp_gpu, %tmp : memref<?xf32>, memref<?xf32>
    // dim3 block(256, 1); grid(ceil(N / 256), 1)
    %c1 = arith.constant 1 : index
    %block_x = arith.constant 256 : index
    %block_y = arith.constant 1 : index
    %grid_x = arith.constant 2 : index
    gpu.launch_func @kernels::@gesummv_kernel blocks in (%grid_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%n : i32, %alpha : f32, %beta : f32, %A_gpu : memref<?xf32>, %B_gpu : memref<?xf32>,
             %tmp_gpu : memref<?xf32>, %x_gpu : memref<?xf32>, %y_gpu : memref<?xf32>)
    // cudaMemcpy(y_outputFromGpu, y_gpu, sizeof(DATA_TYPE) * N, cudaMemcpyDeviceToHost)
    gpu.memcpy %y_outputFromGpu, %y_gpu : memref<?xf32>, memref<?xf32>
    // (the source frees nothing)
    return
  }

  gpu.module @kernels {
    // __global__ void gesummv_kernel(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE* A,
    //                                DATA_TYPE* B, DATA_TYPE* tmp, DATA_TYPE* x, DATA_TYPE* y)
    gpu.func @gesummv_kernel(%n: i32, %alpha: f32, %beta: f32, %A: memref<?xf32>,
                             %B: memref<?xf32>, %tmp: memref<?xf32>, %x: memref<?xf32>,
                             %y: memref<?xf32>) kernel {
      %N = arith.constant 300 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      // if (i < _PB_N)
      %in = arith.cmpi slt, %i, %n_idx : index
      scf.if %in {
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %N : index
          %ij = arith.addi %row, %j : index
          // tmp[i] += A[i * N + j] * x[j];
          %a = memref.load %A[%ij] : memref<?xf32>
          %xj = memref.load %x[%j] : memref<?xf32>
          %pa = arith.mulf %a, %xj : f32
          %t = memref.load %tmp[%i] : memref<?xf32>
          %ts = arith.addf %t, %pa : f32
          memref.store %ts, %tmp[%i] : memref<?xf32>
          // y[i] += B[i * N + j] * x[j];
          %b = memref.load %B[%ij] : memref<?xf32>
          %xj2 = memref.load %x[%j] : memref<?xf32>
          %pb = arith.mulf %b, %xj2 : f32
          %yi = memref.load %y[%i] : memref<?xf32>
          %ys = arith.addf %yi, %pb : f32
          memref.store %ys, %y[%i] : memref<?xf32>
        }
        // y[i] = alpha * tmp[i] + beta  * y[i];
        %t2 = memref.load %tmp[%i] : memref<?xf32>
        %at = arith.mulf %alpha, %t2 : f32
        %y2 = memref.load %y[%i] : memref<?xf32>
        %by = arith.mulf %beta, %y2 : f32
        %r = arith.addf %at, %by : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
