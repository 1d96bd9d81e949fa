// PolyBench/GPU COVARIANCE, ported as its CUDA source writes it: the three kernels and the host
// code of covarianceCuda. Source: GitHub cavazos-lab/PolyBench-ACC, commit
// 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/datamining/covariance/covariance.cu (sizes and
// blocks in covariance.cuh).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (data[i * M + j], symmat[j1 * M +
// j2]); M is a constant in the kernels as the macro is, the guards and loop bounds are the int
// m, n parameters (_PB_M/_PB_N are m/n by default, polybench.h); (DATA_TYPE)FLOAT_N is
// (float)3214212.01 = 3214212.0. data is N rows of M columns (the kernels' i * M + j).
// The blocks are as in the source: 256x1 (mean, covar) and 32x8 (reduce). The grids are the
// source's expressions, which truncate: grid1 = grid3 = (size_t)(ceil((float)M) / 256.0f) (the
// ceil is taken of M, not of the quotient) and grid2 = ((size_t)(ceil((float)M) / 32.0f),
// (size_t)(ceil((float)N) / 32.0f)) (the y count divides by the block's x size, 32, not its y
// size, 8). So M must be at least 256 for mean_kernel and covar_kernel to launch at all: M = 260,
// N = 70 (the source has 2048, 2048) give grid1 = grid3 = 1 (columns 256..259 get no mean and no
// covariance) and grid2 = (8, 2) (reduce_kernel centres rows 0..15 and columns 0..255 only),
// which is what the source computes at these sizes; at its default 2048 it too centres only the
// rows below 8 * (2048 / 32) = 512. M != N so a swapped M/N shows; N is not a multiple of 8 or
// 32. The copy back is sizeof(DATA_TYPE) * M * N, as the source writes it (the first M * N of
// the M * M symmat elements; all of them when M = N), a subview of both buffers here.
// The per-kernel diff runs below launch each kernel on the grid that covers the data
// (ceil(M/256) = 2, (ceil(M/32), ceil(N/8)) = (9, 9)), so the guards there exclude threads.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:18200 --arg random:2:67600 --arg random:3:260 --arg zeros:67600
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:18200 --arg random:2:67600 --arg random:3:260 --arg zeros:67600 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:18200 --arg random:2:67600 --arg random:3:260 --arg zeros:67600 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel mean_kernel --grid 2,1,1 --block 256,1,1 --arg 260 --arg 70 --arg random:3:260 --arg random:1:18200
// SCOREBOARD: mean_kernel expert/covariance.mlir --grid 2,1,1 --block 256,1,1 --arg 260 --arg 70 --arg random:3:260 --arg random:1:18200
// RUN: gpu-mem-opt diff %s --kernel reduce_kernel --grid 9,9,1 --block 32,8,1 --arg 260 --arg 70 --arg random:3:260 --arg random:1:18200
// SCOREBOARD: reduce_kernel as-written --grid 9,9,1 --block 32,8,1 --arg 260 --arg 70 --arg random:3:260 --arg random:1:18200
// RUN: gpu-mem-opt diff %s --kernel covar_kernel --grid 2,1,1 --block 256,1,1 --arg 260 --arg 70 --arg random:2:67600 --arg random:1:18200
// SCOREBOARD: covar_kernel expert/covariance.mlir --grid 2,1,1 --block 256,1,1 --arg 260 --arg 70 --arg random:2:67600 --arg random:1:18200
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 3 launches (6 buffers after them), 0 lines of output, 4 arguments

// What a CUDA expert would do: mean_kernel reads a column per thread (data[i * M + j], j the
// lane: coalesced) and each element once, so only mean[j] belongs in a register across the i
// loop. reduce_kernel is one coalesced read-modify-write per thread; mean[j] is shared by the 8
// threadIdx.y rows through the cache (read-only path). covar_kernel is the costly one: each
// thread re-reads its column data[i * M + j1] for every j2 (m - j1 times), the symmat[j1 * M +
// j2] accumulator lives in memory across the i loop, and both symmat stores are uncoalesced
// (lanes stride M + 1 and M: 32 sectors per request); the lanes' j2 loops have different trip
// counts. An expert keeps the accumulator in a register, drops the symmat = 0 store, and
// rewrites the kernel as a tiled data^T data (a 2-D block per (j1, j2) tile, 32 x TK slabs of
// data staged in shared memory, the mirror written from a shared transpose tile); short of
// that rewrite, nothing is gained from shared memory as the kernel stands.
// What the pass does with the default options: it delinearizes every data and symmat access
// (rows of M = 260, columns proven in range from the guards and the triangular j2 >= j1 loop,
// m = 260 and n = 70 at the one launch of each kernel), keeps mean[j] (mean_kernel) and
// symmat[j1 * M + j2] (covar_kernel, inner i loop) in a register, and reads data (mean,
// covar) and mean (reduce) through ld.global.nc. It stages nothing: mean_kernel's data load
// has no reuse (the remark gives the edge guard as the reason), covar_kernel's loads are in a
// loop nest under the guard, data[i*M + j2] moves by a lane's own j2 (its address an unknown
// multiple of 4 bytes), and symmat is written. Each kernel is launched with one block, so its
// bid.x is 0 (session 30: a block id of a grid one block wide). The
// expert's register accumulators are there, and the loads just after the promoted stores
// (mean[j] /= FLOAT_N, the mirror copy symmat[j2 * M + j1] = symmat[j1 * M + j2]) read the
// register (session 23), so neither kernel loads mean or symmat any more; and the zero stores
// before the loops are gone (the sums start from the stored zero, and the store after each
// loop overwrites it), as the expert drops symmat = 0: its 32 sectors a request, lanes M + 1
// floats apart.

// REMARK: gpu-mem-opt: kernel: 'mean_kernel': block 256x1x1 (from gpu.launch_func); 6 memory accesses; the same at every launch here: arg0 = 260, arg1 = 70
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop0)*260 + tid.x] read as row loop0, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 70 iterations; the load after the loop reads the register
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: kernel: 'reduce_kernel': block 32x8x1 (from gpu.launch_func); 3 memory accesses; the same at every launch here: arg0 = 260, arg1 = 70
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(tid.y + 8*bid.y)*260 + tid.x + 32*bid.x] read as row tid.y + 8*bid.y, column tid.x + 32*bid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(tid.y + 8*bid.y)*260 + tid.x + 32*bid.x] written as row tid.y + 8*bid.y, column tid.x + 32*bid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 3: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: kernel: 'covar_kernel': block 256x1x1 (from gpu.launch_func); 7 memory accesses; the same at every launch here: arg0 = 260, arg1 = 70
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x)*260 + tid.x + loop0] written as row tid.x, column tid.x + loop0 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 >= 0 by tid.x + loop0 >= tid.x, < 260 by tid.x + loop0 < 260; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop1)*260 + tid.x] read as row loop1, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop1)*260 + tid.x + loop0] read as row loop1, column tid.x + loop0 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 >= 0 by tid.x + loop0 >= tid.x, < 260 by tid.x + loop0 < 260
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x)*260 + tid.x + loop0] read as row tid.x, column tid.x + loop0 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 >= 0 by tid.x + loop0 >= tid.x, < 260 by tid.x + loop0 < 260; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x + loop0)*260 + tid.x] written as row tid.x + loop0, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x, tid.x + loop0] stays in memory, read and written in every iteration: its index changes with the loop
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x, tid.x + loop0] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 70 iterations; the load after the loop reads the register
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: sectors per request unknown: sectors depends on the unknown value of loop0: the address moves by an unknown multiple of 4 bytes
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: its 293888 B tile (256x287) is over the shared-memory budget left (49152 B)
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: its 293888 B tile (287x256) is over the shared-memory budget left (49152 B)
// REMARK: gpu-mem-opt: time: predicted 7.6 → 4.8 µs a launch (latency-bound)

module attributes {gpu.container_module} {
  // covarianceCuda(m, n, data, symmat, mean, symmat_outputFromGpu)
  func.func @main(%data: memref<?xf32>, %symmat: memref<?xf32>, %mean: memref<?xf32>,
                  %symmat_outputFromGpu: memref<?xf32>) {
    %m = arith.constant 260 : i32
    %n = arith.constant 70 : i32
    %M = arith.constant 260 : index
    %MN = arith.constant 18200 : index
    %MM = arith.constant 67600 : index
    // cudaMalloc
    %data_gpu = gpu.alloc (%MN) : memref<?xf32>
    %symmat_gpu = gpu.alloc (%MM) : memref<?xf32>
    %mean_gpu = gpu.alloc (%M) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %data_gpu, %data : memref<?xf32>, memref<?xf32>
    gpu.memcpy %symmat_gpu, %symmat : memref<?xf32>, memref<?xf32>
    gpu.memcpy %mean_gpu, %mean : memref<?xf32>, memref<?xf32>
    %c1 = arith.constant 1 : index
    // dim3 block1(256, 1); grid1((size_t)(ceil((float)M) / ((float)256)), 1) = (1, 1)
    %block1_x = arith.constant 256 : index
    %grid1_x = arith.constant 1 : index
    // dim3 block2(32, 8); grid2((size_t)(ceil((float)M) / ((float)32)),
    //                           (size_t)(ceil((float)N) / ((float)32))) = (8, 2)
    %block2_x = arith.constant 32 : index
    %block2_y = arith.constant 8 : index
    %grid2_x = arith.constant 8 : index
    %grid2_y = arith.constant 2 : index
    // dim3 block3(256, 1); grid3((size_t)(ceil((float)M) / ((float)256)), 1) = (1, 1)
    %block3_x = arith.constant 256 : index
    %grid3_x = arith.constant 1 : index
    // mean_kernel<<<grid1, block1>>>(m,n,mean_gpu,data_gpu);
    gpu.launch_func @kernels::@mean_kernel blocks in (%grid1_x, %c1, %c1) threads in (%block1_x, %c1, %c1)
        args(%m : i32, %n : i32, %mean_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    // reduce_kernel<<<grid2, block2>>>(m,n,mean_gpu,data_gpu);
    gpu.launch_func @kernels::@reduce_kernel blocks in (%grid2_x, %grid2_y, %c1) threads in (%block2_x, %block2_y, %c1)
        args(%m : i32, %n : i32, %mean_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    // covar_kernel<<<grid3, block3>>>(m,n,symmat_gpu,data_gpu);
    gpu.launch_func @kernels::@covar_kernel blocks in (%grid3_x, %c1, %c1) threads in (%block3_x, %c1, %c1)
        args(%m : i32, %n : i32, %symmat_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    // cudaMemcpy(symmat_outputFromGpu, symmat_gpu, sizeof(DATA_TYPE) * M * N, cudaMemcpyDeviceToHost)
    %out_head = memref.subview %symmat_outputFromGpu[0] [18200] [1] : memref<?xf32> to memref<18200xf32, strided<[1]>>
    %gpu_head = memref.subview %symmat_gpu[0] [18200] [1] : memref<?xf32> to memref<18200xf32, strided<[1]>>
    gpu.memcpy %out_head, %gpu_head : memref<18200xf32, strided<[1]>>, memref<18200xf32, strided<[1]>>
    // cudaFree
    gpu.dealloc %data_gpu : memref<?xf32>
    gpu.dealloc %symmat_gpu : memref<?xf32>
    gpu.dealloc %mean_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void mean_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *data)
    gpu.func @mean_kernel(%m: i32, %n: i32, %mean: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // (DATA_TYPE)FLOAT_N, FLOAT_N = 3214212.01
      %float_n = arith.constant 3214212.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j < _PB_M)
      %in = arith.cmpi slt, %j, %m_idx : index
      scf.if %in {
        // mean[j] = 0.0;
        memref.store %zero, %mean[%j] : memref<?xf32>
        // for(i = 0; i < _PB_N; i++) mean[j] += data[i * M + j];
        scf.for %i = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %M : index
          %ij = arith.addi %row, %j : index
          %d = memref.load %data[%ij] : memref<?xf32>
          %mj = memref.load %mean[%j] : memref<?xf32>
          %sum = arith.addf %mj, %d : f32
          memref.store %sum, %mean[%j] : memref<?xf32>
        }
        // mean[j] /= (DATA_TYPE)FLOAT_N;
        %mj = memref.load %mean[%j] : memref<?xf32>
        %q = arith.divf %mj, %float_n : f32
        memref.store %q, %mean[%j] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void reduce_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *data)
    gpu.func @reduce_kernel(%m: i32, %n: i32, %mean: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid_x = gpu.block_id x
      %bdim_x = gpu.block_dim x
      %tid_x = gpu.thread_id x
      %base_x = arith.muli %bid_x, %bdim_x : index
      %j = arith.addi %base_x, %tid_x : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %bid_y = gpu.block_id y
      %bdim_y = gpu.block_dim y
      %tid_y = gpu.thread_id y
      %base_y = arith.muli %bid_y, %bdim_y : index
      %i = arith.addi %base_y, %tid_y : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if ((i < _PB_N) && (j < _PB_M))
      %in_i = arith.cmpi slt, %i, %n_idx : index
      %in_j = arith.cmpi slt, %j, %m_idx : index
      %in = arith.andi %in_i, %in_j : i1
      scf.if %in {
        // data[i * M + j] -= mean[j];
        %row = arith.muli %i, %M : index
        %ij = arith.addi %row, %j : index
        %d = memref.load %data[%ij] : memref<?xf32>
        %mj = memref.load %mean[%j] : memref<?xf32>
        %diff = arith.subf %d, %mj : f32
        memref.store %diff, %data[%ij] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void covar_kernel(int m, int n, DATA_TYPE *symmat, DATA_TYPE *data)
    gpu.func @covar_kernel(%m: i32, %n: i32, %symmat: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int j1 = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j1 = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j1 < _PB_M)
      %in = arith.cmpi slt, %j1, %m_idx : index
      scf.if %in {
        // for (j2 = j1; j2 < _PB_M; j2++)
        scf.for %j2 = %j1 to %m_idx step %c1 {
          // symmat[j1*M + j2] = 0.0;
          %r0 = arith.muli %j1, %M : index
          %s0 = arith.addi %r0, %j2 : index
          memref.store %zero, %symmat[%s0] : memref<?xf32>
          // for(i = 0; i < _PB_N; i++)
          //   symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
          scf.for %i = %c0 to %n_idx step %c1 {
            %drow = arith.muli %i, %M : index
            %ij1 = arith.addi %drow, %j1 : index
            %d1 = memref.load %data[%ij1] : memref<?xf32>
            %drow2 = arith.muli %i, %M : index
            %ij2 = arith.addi %drow2, %j2 : index
            %d2 = memref.load %data[%ij2] : memref<?xf32>
            %prod = arith.mulf %d1, %d2 : f32
            %r1 = arith.muli %j1, %M : index
            %s1 = arith.addi %r1, %j2 : index
            %sv = memref.load %symmat[%s1] : memref<?xf32>
            %sum = arith.addf %sv, %prod : f32
            memref.store %sum, %symmat[%s1] : memref<?xf32>
          }
          // symmat[j2 * M + j1] = symmat[j1 * M + j2];
          %r2 = arith.muli %j1, %M : index
          %s2 = arith.addi %r2, %j2 : index
          %v = memref.load %symmat[%s2] : memref<?xf32>
          %r3 = arith.muli %j2, %M : index
          %s3 = arith.addi %r3, %j1 : index
          memref.store %v, %symmat[%s3] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
