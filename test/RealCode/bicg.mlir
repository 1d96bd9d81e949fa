// PolyBench/GPU BICG (s = A^T r, q = A p), ported as its CUDA source writes it: both kernels and
// the host code of bicgCuda. Source: GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/bicg/bicg.cu (sizes and block in bicg.cuh).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (A[i * NY + j]); NY is a constant
// in the kernels as the macro is, the loop bounds and guards are the int nx, ny parameters
// (_PB_NX/_PB_NY are nx/ny by default, polybench.h). NX = 300, NY = 270 (the source has 4096):
// small so the interpreter runs fast, unequal so a swapped NX/NY shows, and not multiples of
// the 256-wide block, so each grid has a second, partly idle block and the guards matter.
// The block is dim3(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y) = 256x1 as in the source;
// grid1 = ceil(NY/256) = 2, grid2 = ceil(NX/256) = 2.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:81000 --arg random:2:300 --arg random:3:270 --arg random:4:270 --arg random:5:300 --arg zeros:270 --arg zeros:300
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:81000 --arg random:2:300 --arg random:3:270 --arg random:4:270 --arg random:5:300 --arg zeros:270 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:81000 --arg random:2:300 --arg random:3:270 --arg random:4:270 --arg random:5:300 --arg zeros:270 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel bicg_kernel1 --grid 2,1,1 --block 256,1,1 --arg 300 --arg 270 --arg random:1:81000 --arg random:2:300 --arg random:3:270
// SCOREBOARD: bicg_kernel1 expert/bicg.mlir --grid 2,1,1 --block 256,1,1 --arg 300 --arg 270 --arg random:1:81000 --arg random:2:300 --arg random:3:270
// RUN: gpu-mem-opt diff %s --kernel bicg_kernel2 --grid 2,1,1 --block 256,1,1 --arg 300 --arg 270 --arg random:1:81000 --arg random:4:270 --arg random:5:300
// SCOREBOARD: bicg_kernel2 expert/bicg.mlir --grid 2,1,1 --block 256,1,1 --arg 300 --arg 270 --arg random:1:81000 --arg random:4:270 --arg random:5:300
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 2 launches (6 buffers after them), 0 lines of output, 7 arguments

// What a CUDA expert would do: bicg_kernel1 (a column of A per thread) is already coalesced,
// each A element read once, and r[i] is one warp-uniform (broadcast) address per iteration: keep
// s[j] in a register and read A and r through the read-only cache; nothing to stage.
// bicg_kernel2 (a row of A per thread, stride NY) reads 32 sectors per warp request: stage a
// 256x32 tile of A through shared memory with coalesced loads (swizzled or padded so the
// row-per-thread reads are conflict-free), share the 32 p[j] of a tile the same way, and keep
// q[i] in a register.
// What the pass does with the default options: in both kernels it delinearizes A, keeps s[j] /
// q[i] in a register across the loop (promote), and marks A, r, p read-only (ld.global.nc).
// bicg_kernel1: nothing staged, as the expert would have it, but the remark's reason is not
// the expert's: A and r each say "the loop cannot leave its edge guard: a load in the loop is
// not staged", each pointing at the other; only remarks=detailed shows A's footprint has reuse
// 1.00 (nothing to gain) at 4.75 sectors per request.
// bicg_kernel2: A is staged through a 256x32 shared tile (sectors/request 32 -> 4.75, global
// sectors per block and tile 8192 -> 1216) and swizzled (chunk ^= row mod 32, bank-conflict
// degree 16 -> 1); p is staged through a 32-float tile (256 -> 4 sectors per block and tile);
// the loop is strip-mined into 32-iteration tiles and leaves its edge guard. The expert's plan.

// REMARK: gpu-mem-opt: kernel: 'bicg_kernel1': block 256x1x1 (from gpu.launch_func); 5 memory accesses; the same at every launch here: arg0 = 300, arg1 = 270
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(loop0)*270 + tid.x + 256*bid.x] read as row loop0, column tid.x + 256*bid.x of rows of 270 elements (a 2-D view, the same addresses): tid.x + 256*bid.x >= 0 by the id and loop ranges, < 270 by tid.x + 256*bid.x < 270
// REMARK: gpu-mem-opt: promote: arg 4: arg 4[tid.x + 256*bid.x] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 300 iterations
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: the loop cannot leave its edge guard: the load at {{.*}} in the loop is not staged, and would run for threads the guard excludes
// REMARK: gpu-mem-opt: kernel: 'bicg_kernel2': block 256x1x1 (from gpu.launch_func); 5 memory accesses; the same at every launch here: arg0 = 300, arg1 = 270
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x + 256*bid.x)*270 + loop0] read as row tid.x + 256*bid.x, column loop0 of rows of 270 elements (a 2-D view, the same addresses): 0 <= loop0 < 270 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 4: arg 4[tid.x + 256*bid.x] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 270 iterations
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 2: staged through memref<256x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4.75, global sectors per block and tile 8192 -> 1216; the loop left its edge guard (its loads all read tiles; the store stays guarded)
// REMARK: gpu-mem-opt: stage-shared: arg 3: staged through memref<32xf32, #gpu.address_space<workgroup>>: sectors/request 1 -> 4, global sectors per block and tile 256 -> 4; the loop left its edge guard (its loads all read tiles; the store stays guarded)
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 71424 -> 4464 (degree 16 -> 1)
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 2169, degree 1)
// REMARK: gpu-mem-opt: stage-shared: loop strip-mined into tiles of 32 iterations: its 2 refills run once before each tile's iterations instead of a check in every iteration

module attributes {gpu.container_module} {
  // bicgCuda(nx, ny, A, r, s, p, q, s_outputFromGpu, q_outputFromGpu)
  func.func @main(%A: memref<?xf32>, %r: memref<?xf32>, %s: memref<?xf32>, %p: memref<?xf32>,
                  %q: memref<?xf32>, %s_outputFromGpu: memref<?xf32>,
                  %q_outputFromGpu: memref<?xf32>) {
    %nx = arith.constant 300 : i32
    %ny = arith.constant 270 : i32
    %NX = arith.constant 300 : index
    %NY = arith.constant 270 : index
    %NXNY = arith.constant 81000 : index
    // cudaMalloc
    %A_gpu = gpu.alloc (%NXNY) : memref<?xf32>
    %r_gpu = gpu.alloc (%NX) : memref<?xf32>
    %s_gpu = gpu.alloc (%NY) : memref<?xf32>
    %p_gpu = gpu.alloc (%NY) : memref<?xf32>
    %q_gpu = gpu.alloc (%NX) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %A_gpu, %A : memref<?xf32>, memref<?xf32>
    gpu.memcpy %r_gpu, %r : memref<?xf32>, memref<?xf32>
    gpu.memcpy %s_gpu, %s : memref<?xf32>, memref<?xf32>
    gpu.memcpy %p_gpu, %p : memref<?xf32>, memref<?xf32>
    gpu.memcpy %q_gpu, %q : memref<?xf32>, memref<?xf32>
    // dim3 block(256, 1); grid1(ceil(NY / 256), 1); grid2(ceil(NX / 256), 1)
    %c1 = arith.constant 1 : index
    %block_x = arith.constant 256 : index
    %block_y = arith.constant 1 : index
    %grid1_x = arith.constant 2 : index
    %grid2_x = arith.constant 2 : index
    gpu.launch_func @kernels::@bicg_kernel1 blocks in (%grid1_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%nx : i32, %ny : i32, %A_gpu : memref<?xf32>, %r_gpu : memref<?xf32>, %s_gpu : memref<?xf32>)
    gpu.launch_func @kernels::@bicg_kernel2 blocks in (%grid2_x, %c1, %c1) threads in (%block_x, %block_y, %c1)
        args(%nx : i32, %ny : i32, %A_gpu : memref<?xf32>, %p_gpu : memref<?xf32>, %q_gpu : memref<?xf32>)
    // cudaMemcpy(s_outputFromGpu, s_gpu, sizeof(DATA_TYPE) * NY, cudaMemcpyDeviceToHost)
    gpu.memcpy %s_outputFromGpu, %s_gpu : memref<?xf32>, memref<?xf32>
    // cudaMemcpy(q_outputFromGpu, q_gpu, sizeof(DATA_TYPE) * NX, cudaMemcpyDeviceToHost)
    gpu.memcpy %q_outputFromGpu, %q_gpu : memref<?xf32>, memref<?xf32>
    // cudaFree
    gpu.dealloc %A_gpu : memref<?xf32>
    gpu.dealloc %r_gpu : memref<?xf32>
    gpu.dealloc %s_gpu : memref<?xf32>
    gpu.dealloc %p_gpu : memref<?xf32>
    gpu.dealloc %q_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void bicg_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *r, DATA_TYPE *s)
    gpu.func @bicg_kernel1(%nx: i32, %ny: i32, %A: memref<?xf32>, %r: memref<?xf32>,
                           %s: memref<?xf32>) kernel {
      %NY = arith.constant 270 : index
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
        // s[j] = 0.0f;
        memref.store %zero, %s[%j] : memref<?xf32>
        // for(i = 0; i < _PB_NX; i++) s[j] += r[i] * A[i * NY + j];
        scf.for %i = %c0 to %nx_idx step %c1 {
          %ri = memref.load %r[%i] : memref<?xf32>
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %prod = arith.mulf %ri, %a : f32
          %sj = memref.load %s[%j] : memref<?xf32>
          %sum = arith.addf %sj, %prod : f32
          memref.store %sum, %s[%j] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void bicg_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *p, DATA_TYPE *q)
    gpu.func @bicg_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %p: memref<?xf32>,
                           %q: memref<?xf32>) kernel {
      %NY = arith.constant 270 : index
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
        // q[i] = 0.0f;
        memref.store %zero, %q[%i] : memref<?xf32>
        // for(j=0; j < _PB_NY; j++) q[i] += A[i * NY + j] * p[j];
        scf.for %j = %c0 to %ny_idx step %c1 {
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %pj = memref.load %p[%j] : memref<?xf32>
          %prod = arith.mulf %a, %pj : f32
          %qi = memref.load %q[%i] : memref<?xf32>
          %sum = arith.addf %qi, %prod : f32
          memref.store %sum, %q[%i] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
