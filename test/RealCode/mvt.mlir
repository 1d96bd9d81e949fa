// PolyBench/GPU MVT (x1 += A y_1, x2 += A^T y_2), ported as its CUDA source writes it: both
// kernels and the host code of mvtCuda. Source: GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/mvt/mvt.cu (size and block in mvt.cuh).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (a[i * N + j], a[j * N + i]); N is a
// constant in the kernels as the macro is, the loop bound and guard are the int n parameter
// (_PB_N is n by default, polybench.h). N = 100 (the source has 4096) so the interpreter runs
// fast and 100 is not a multiple of the 32-wide block, so the guards matter.
// The block is dim3(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y) = 32x8 as in the source, though
// the kernels use only threadIdx.x: 8 threads per i accumulate into the same x1[i] / x2[i].
// grid = ceil(N/32) = 4 for both launches; the source launches them back to back (one stream)
// with no synchronization between them.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg random:5:100 --arg zeros:100 --arg zeros:100
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg random:5:100 --arg zeros:100 --arg zeros:100 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:10000 --arg random:2:100 --arg random:3:100 --arg random:4:100 --arg random:5:100 --arg zeros:100 --arg zeros:100 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel mvt_kernel1 --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:4:100
// SCOREBOARD: mvt_kernel1 expert/mvt.mlir --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:4:100
// RUN: gpu-mem-opt diff %s --kernel mvt_kernel2 --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:3:100 --arg random:5:100
// SCOREBOARD: mvt_kernel2 expert/mvt.mlir --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:3:100 --arg random:5:100
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 2 launches (6 buffers after them), 0 lines of output, 7 arguments

// What a CUDA expert would do: mvt_kernel1 reads a row of a per thread (stride N, 32 sectors
// per warp request) and each element of a 32x32 tile is read by the 8 threadIdx.y copies of a
// thread: stage a 32x32 tile of a through shared memory with coalesced loads (padded/swizzled
// for the row-per-thread reads), share the tile's 32 y_1[j], keep x1[i] in a register.
// mvt_kernel2 reads a column per thread (coalesced, 4.5 sectors per request) but also 8 times
// over (the 8 threadIdx.y copies): stage the 32x32 tile for the reuse, share y_2[j] likewise,
// keep x2[i] in a register. (The 8 racing copies per i are the source's; an expert would drop
// them, which is not the pass's business.)
// What the pass does with the default options: it delinearizes a in both kernels (the index
// is the constant N, the bounds are n, which the module's one launch passes as 100), keeps
// x1[i] / x2[i] in a register across the loop (promote; its first value is loaded before the
// guard under the guard's condition), reads a and y_1 / y_2 through ld.global.nc, and stages
// the expert's 32x32 tile of a (kernel1: 32 -> 4.5 sectors per request, swizzled, conflict
// degree 27.72 -> 1; kernel2: reuse only, 1152 -> 144 global sectors per block and tile) and
// the 32 y values, with the loop strip-mined into tiles of 32 iterations.

// REMARK: gpu-mem-opt: kernel: 'mvt_kernel1': block 32x8x1 (from gpu.launch_func); 4 memory accesses; the same at every launch here: arg0 = 100
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.x + 32*bid.x)*100 + loop0] read as row tid.x + 32*bid.x, column loop0 of rows of 100 elements (a 2-D view, the same addresses): 0 <= loop0 < 100 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x + 32*bid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 100 iterations
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 1: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4.5, global sectors per block and tile 8192 -> 144; the loop left its edge guard (its loads all read tiles; the store stays guarded)
// REMARK: gpu-mem-opt: stage-shared: arg 3: staged through memref<32xf32, #gpu.address_space<workgroup>>: sectors/request 1 -> 4, global sectors per block and tile 256 -> 4
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 25728 -> 928 (degree 27.72 -> 1)
// REMARK: gpu-mem-opt: stage-shared: loop strip-mined into tiles of 32 iterations
// REMARK: gpu-mem-opt: kernel: 'mvt_kernel2': block 32x8x1 (from gpu.launch_func); 4 memory accesses; the same at every launch here: arg0 = 100
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(loop0)*100 + tid.x + 32*bid.x] read as row loop0, column tid.x + 32*bid.x of rows of 100 elements (a 2-D view, the same addresses): tid.x + 32*bid.x >= 0 by the id and loop ranges, < 100 by tid.x + 32*bid.x < 100
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x + 32*bid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 100 iterations
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 1: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 4.5 -> 4.5, global sectors per block and tile 1152 -> 144
// REMARK: gpu-mem-opt: stage-shared: arg 3: staged through memref<32xf32, #gpu.address_space<workgroup>>
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 928, degree 1)
// REMARK: gpu-mem-opt: stage-shared: loop strip-mined into tiles of 32 iterations

module attributes {gpu.container_module} {
  // mvtCuda(n, a, x1, x2, y_1, y_2, x1_outputFromGpu, x2_outputFromGpu)
  func.func @main(%a: memref<?xf32>, %x1: memref<?xf32>, %x2: memref<?xf32>,
                  %y_1: memref<?xf32>, %y_2: memref<?xf32>,
                  %x1_outputFromGpu: memref<?xf32>, %x2_outputFromGpu: memref<?xf32>) {
    %n = arith.constant 100 : i32
    %N = arith.constant 100 : index
    %NN = arith.constant 10000 : index
    // cudaMalloc
    %a_gpu = gpu.alloc (%NN) : memref<?xf32>
    %x1_gpu = gpu.alloc (%N) : memref<?xf32>
    %x2_gpu = gpu.alloc (%N) : memref<?xf32>
    %y_1_gpu = gpu.alloc (%N) : memref<?xf32>
    %y_2_gpu = gpu.alloc (%N) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %a_gpu, %a : memref<?xf32>, memref<?xf32>
    gpu.memcpy %x1_gpu, %x1 : memref<?xf32>, memref<?xf32>
    gpu.memcpy %x2_gpu, %x2 : memref<?xf32>, memref<?xf32>
    gpu.memcpy %y_1_gpu, %y_1 : memref<?xf32>, memref<?xf32>
    gpu.memcpy %y_2_gpu, %y_2 : memref<?xf32>, memref<?xf32>
    // dim3 block(32, 8); grid(ceil(N / 32), 1)
    %c1 = arith.constant 1 : index
    %block_x = arith.constant 32 : index
    %block_y = arith.constant 8 : index
    %grid_x = arith.constant 4 : index
    // mvt_kernel1<<<grid,block>>>(n, a_gpu,x1_gpu,y_1_gpu);
    gpu.launch_func @kernels::@mvt_kernel1 blocks in (%grid_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%n : i32, %a_gpu : memref<?xf32>, %x1_gpu : memref<?xf32>, %y_1_gpu : memref<?xf32>)
    // mvt_kernel2<<<grid,block>>>(n, a_gpu,x2_gpu,y_2_gpu);
    gpu.launch_func @kernels::@mvt_kernel2 blocks in (%grid_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%n : i32, %a_gpu : memref<?xf32>, %x2_gpu : memref<?xf32>, %y_2_gpu : memref<?xf32>)
    // cudaMemcpy(x1_outputFromGpu, x1_gpu, sizeof(DATA_TYPE) * N, cudaMemcpyDeviceToHost)
    gpu.memcpy %x1_outputFromGpu, %x1_gpu : memref<?xf32>, memref<?xf32>
    // cudaMemcpy(x2_outputFromGpu, x2_gpu, sizeof(DATA_TYPE) * N, cudaMemcpyDeviceToHost)
    gpu.memcpy %x2_outputFromGpu, %x2_gpu : memref<?xf32>, memref<?xf32>
    // cudaFree
    gpu.dealloc %a_gpu : memref<?xf32>
    gpu.dealloc %x1_gpu : memref<?xf32>
    gpu.dealloc %x2_gpu : memref<?xf32>
    gpu.dealloc %y_1_gpu : memref<?xf32>
    gpu.dealloc %y_2_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void mvt_kernel1(int n, DATA_TYPE *a, DATA_TYPE *x1, DATA_TYPE *y_1)
    gpu.func @mvt_kernel1(%n: i32, %a: memref<?xf32>, %x1: memref<?xf32>,
                          %y_1: memref<?xf32>) kernel {
      %N = arith.constant 100 : index
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
        // for(j=0; j < _PB_N; j++) x1[i] += a[i * N + j] * y_1[j];
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %N : index
          %ij = arith.addi %row, %j : index
          %aij = memref.load %a[%ij] : memref<?xf32>
          %yj = memref.load %y_1[%j] : memref<?xf32>
          %prod = arith.mulf %aij, %yj : f32
          %xi = memref.load %x1[%i] : memref<?xf32>
          %sum = arith.addf %xi, %prod : f32
          memref.store %sum, %x1[%i] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void mvt_kernel2(int n, DATA_TYPE *a, DATA_TYPE *x2, DATA_TYPE *y_2)
    gpu.func @mvt_kernel2(%n: i32, %a: memref<?xf32>, %x2: memref<?xf32>,
                          %y_2: memref<?xf32>) kernel {
      %N = arith.constant 100 : index
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
        // for(j=0; j < _PB_N; j++) x2[i] += a[j * N + i] * y_2[j];
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %j, %N : index
          %ji = arith.addi %row, %i : index
          %aji = memref.load %a[%ji] : memref<?xf32>
          %yj = memref.load %y_2[%j] : memref<?xf32>
          %prod = arith.mulf %aji, %yj : f32
          %xi = memref.load %x2[%i] : memref<?xf32>
          %sum = arith.addf %xi, %prod : f32
          memref.store %sum, %x2[%i] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
