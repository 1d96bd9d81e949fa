// PolyBench/GPU 3DCONV (3-D stencil B = conv(A), one i plane a launch), ported as its CUDA
// source writes it: the kernel convolution3D_kernel and the host code of convolution3DCuda.
// Source: GitHub sgrauerg/polybenchGpu, commit 5584aaa7d0be810ff5eb0b61c49fb64ecc81ba4c,
// CUDA/3DCONV/3DConvolution.cu (sizes, DATA_TYPE and the block in 3DConvolution.cuh).
// At this commit the kernel is convolution3D_kernel(int ni, int nj, int nk, DATA_TYPE* A,
// DATA_TYPE* B, int i): the int parameters are i32, DATA_TYPE (float) * is a memref<?xf32>
// indexed flat as written, A[(i - 1)*(NK * NJ) + (j - 1)*NK + (k - 1)] and
// B[i*(NK * NJ) + j*NK + k] (the "+ 0" terms kept), in index arithmetic on the index_cast of i;
// NJ and NK are constants in the kernel as the macros are. The guard is as written, on the int
// parameters (_PB_NI is ni by default, polybench.h): i < ni-1 and i > 0 compare the i32
// parameter, j and k (blockIdx * blockDim + threadIdx, x for k, y for j) compare as index.
// The coefficients are the source's c11 = +2 ... c33 = +10 (floats). The sum is the 15 terms
// as written, multiplied then added left to right in f32 (nvcc would contract into FFMAs); as
// written it reads 11 distinct elements: terms 3 and 5 (c21, c31) read term 1's
// A[i-1][j-1][k-1] again and terms 4 and 6 (c23, c33) term 2's A[i+1][j-1][k-1] (the CPU
// reference conv3D has the same 15 terms), each a load of its own here.
// Host: A, B and B_outputFromGpu are main's arrays (A is init's i % 12 + 2*(j % 7) +
// 3*(k % 13) in the source, here the random first argument; B is copied to B_gpu uninitialized
// in the source, here the random second argument, so B_gpu's border, never written by the
// kernel, comes back as B had it). cudaMalloc, cudaMemcpy in, block(DIM_THREAD_BLOCK_X = 32,
// DIM_THREAD_BLOCK_Y = 8), grid((size_t)(ceil(((float)NK) / ((float)block.x))),
// (size_t)(ceil(((float)NJ) / ((float)block.y)))) computed as written (uitofp, divf,
// math.ceil, fptoui to i64 for size_t), `for (i = 1; i < _PB_NI - 1; ++i)` launching
// convolution3D_kernel<<<grid, block>>>(ni, nj, nk, A_gpu, B_gpu, i), cudaThreadSynchronize()
// (gpu.wait), cudaMemcpy B back, cudaFree. The polybench timer, printf, the CPU reference and
// compareResults (and GPU_argv_init) are left out.
// Sizes: NI = 12, NJ = 28, NK = 72 (the source has 256 each) so the interpreter runs fast, all
// different so that a plane and a row are not confused, NK not a multiple of 32 nor NJ of 8:
// grid (ceil(72/32), ceil(28/8)) = (3, 4), i = 1 .. 10: 10 launches; blocks (1, 1) and (1, 2)
// are interior.
// Checked numerically: a Python transcription of the kernel and the host loop in float32 (each
// product and sum rounded to float32) on the random:1, random:2 data gives the 24192 values
// this program leaves in B_outputFromGpu bit for bit (18200 written by the kernels).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:24192 --arg random:2:24192 --arg zeros:24192
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:24192 --arg random:2:24192 --arg zeros:24192 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:24192 --arg random:2:24192 --arg zeros:24192 | FileCheck %s --check-prefix=PROGRAM
// One launch alone, at the first plane (i = 1), the last (i = NI-2 = 10) and one past it
// (i = 11: the guard stops every thread, B is left as it was):
// RUN: gpu-mem-opt diff %s --kernel convolution3D_kernel --grid 3,4,1 --block 32,8,1 --arg 12 --arg 28 --arg 72 --arg random:1:24192 --arg random:2:24192 --arg 1
// SCOREBOARD: convolution3D_kernel expert/3dconvolution.mlir --grid 3,4,1 --block 32,8,1 --arg 12 --arg 28 --arg 72 --arg random:1:24192 --arg random:2:24192 --arg 1
// RUN: gpu-mem-opt diff %s --kernel convolution3D_kernel --grid 3,4,1 --block 32,8,1 --arg 12 --arg 28 --arg 72 --arg random:1:24192 --arg random:2:24192 --arg 10
// RUN: gpu-mem-opt diff %s --kernel convolution3D_kernel --grid 3,4,1 --block 32,8,1 --arg 12 --arg 28 --arg 72 --arg random:1:24192 --arg random:2:24192 --arg 11
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE
// With NI = 100 (98 launches, more i values than the facts keep, 64) the remark still counts
// them (session 31; before, the list was dropped without a word):
// RUN: sed 's/%%ni = arith.constant 12 : i32/%%ni = arith.constant 100 : i32/' %s | gpu-mem-opt-opt --gpu-mem-opt 2>&1 >/dev/null | FileCheck %s --check-prefix=MANY
// MANY: the same at every launch here: arg0 = 100, arg1 = 28, arg2 = 72; the launches here pass arg5 = 98 values from 1 to 98
// The model's metrics for the interior block against the interpreter's (i = 5):
// RUN: gpu-mem-opt interp %s --kernel convolution3D_kernel --grid 3,4,1 --block 32,8,1 --arg 12 --arg 28 --arg 72 --arg random:1:24192 --arg random:2:24192 --arg 5 --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: 32 metrics agree, 0 differ

// PROGRAM: identical: 10 launches (20 buffers after them), 0 lines of output, 3 arguments

// What a CUDA expert would do: a warp is 32 consecutive k of one row, so every load is
// coalesced (4 sectors a request at k, 5 at k-1 and k+1, rows of 72 floats being 9 whole
// sectors) and the B store is one 128-byte row. nvcc drops the 4 repeated loads (no store
// between them): 11 loads a thread. The reuse is between threads and launches: in a launch
// each element of planes i-1 and i+1 is read by 4 threads (offsets (j-1,k-1), (j-1,k+1),
// (j,k+1), (j+1,k+1)) and each of plane i by 3 (not 9: the 3-D pattern is not a full 3x3 a
// plane), and each plane by 3 launches (as i+1, i, i-1). A block's footprint is 10x34 floats of
// planes i-1 and i+1 and 10x32 of plane i: 156 sectors, against 8 warps x (6x5 + 3x4 + 2x5) =
// 416 requested after nvcc's CSE; L1 serves the difference, as in the 2-D sibling
// (2DConvolution.mlir: its shared halo tile ran at 0.68x), so the expert marks A
// const __restrict__ (ld.global.nc) and stages nothing. The real cost is the host loop: NI-2
// launches of a 2-D grid, at the source's 256^3 254 launches of 8x32 = 256 blocks (a quarter of
// the 1056 blocks of 256 threads an H200 holds at once), each plane loaded by 3 of them: an
// expert launches once with a 3-D grid (blockIdx.z for i) or walks i inside the kernel with
// the planes in registers or shared memory (2.5-D blocking, each plane read once). That
// changes the launch: no memory pass can do it, but a remark could say it.
// What the pass does with the default options: it delinearizes the 15 A loads and the B store
// into 2-D views only, rows of NK = 72: the row is (i-1)*NJ + (j-1), the plane and the row
// merged (tid.y + 8*bid.y + 28*arg5 - 29), though NJ*NK is a constant multiple of NK and the
// guard proves 0 <= j-1 and j+1 < NJ = 28 (nj = 28 at every launch): not the 3-D A[i][j][k]
// the source's CPU reference writes. The column is proven in range from the guard, as in the
// 2-D sibling. The six k-1 loads are one remark, "3 of them at other offsets" (terms 3 and 5
// are at the first one's offset); the time model counts the 4 repeated loads once, as nvcc
// does (session 31), but no remark says that 4 of the 15 loads repeat one. A is
// read through ld.global.nc (A_gpu is a gpu.alloc of its own; B_gpu is the other). No
// stage-shared remark: the report skips each load alone as "coalesced already", no window
// (the 2-D sibling's "the window's loads are coalesced ..., and L1 serves their shifted
// reads"), so the reuse between threads is not weighed; on a 3-D memref view of A (a
// reinterpret_cast, tried apart) it says "coalesced (5 sectors/request), and no loop re-reads
// it", the same. Every launch's grid is the (3, 4, 1) the host computes from constants with the
// source's float ceil, which the pass folds (session 31; before, "no launch in the module
// gives its grid" and "the grid of its launch ... is not constant"): 2.4 µs a launch,
// latency-bound, and no coarsening, "6 blocks would fill less than one wave". Nothing about the host loop of 10 launches, each plane loaded by 3. The
// kernel remark lists the i values, 1 to 10 (at the source's NI = 256, "arg5 = 254 values from
// 1 to 254"; before session 31 the list stopped past 64 values without a word).

// REMARK: gpu-mem-opt: kernel: 'convolution3D_kernel': block 32x8x1 (from gpu.launch_func); 16 memory accesses; the same at every launch here: arg0 = 12, arg1 = 28, arg2 = 72; the launches here pass arg5 = 10 values from 1 to 10
/// 2-D only: row (i-1)*28 + (j-1), rows of 72; a CUDA author reads plane i-1, row j-1, column
/// k-1 of planes of 28x72. Of the 5 more, 2 (terms 3 and 5) are at this offset (session 31;
/// before, all 5 were said to be "at other offsets").
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(tid.y + 8*bid.y + 28*arg5 - 29)*72 + tid.x + 32*bid.x - 1] read as row tid.y + 8*bid.y + 28*arg5 - 29, column tid.x + 32*bid.x - 1 of rows of 72 elements (a 2-D view, the same addresses): tid.x + 32*bid.x - 1 >= 0 by tid.x + 32*bid.x > 0, < 72 by tid.x + 32*bid.x < 71; the same for 5 more accesses, 3 of them at other offsets: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(tid.y + 8*bid.y + 28*arg5 - 1)*72 + tid.x + 32*bid.x] read as row tid.y + 8*bid.y + 28*arg5 - 1, column tid.x + 32*bid.x of rows of 72 elements (a 2-D view, the same addresses): tid.x + 32*bid.x >= 0 by the id and loop ranges, < 72 by tid.x + 32*bid.x < 71; the same for 8 more accesses, at other offsets: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(tid.y + 8*bid.y + 28*arg5)*72 + tid.x + 32*bid.x] written as row tid.y + 8*bid.y + 28*arg5, column tid.x + 32*bid.x of rows of 72 elements (a 2-D view, the same addresses): tid.x + 32*bid.x >= 0 by the id and loop ranges, < 72 by tid.x + 32*bid.x < 71
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
/// No stage-shared remark (the report's reason is "coalesced already", one load at a time), no
/// word on the host loop of launches.
// REMARK-NOT: remark: gpu-mem-opt: {{stage-shared|pad|swizzle|promote|vectorize|version|coarsen|time}}

// TABLE-LABEL: kernel convolution3D_kernel  block 32x8x1
// TABLE: skipped stage-shared on arg 3: not staged: coalesced already (5 sectors/request)
// TABLE: skipped stage-shared on arg 3: not staged: coalesced already (4 sectors/request)
// TABLE: skipped stage-shared on arg 4: not staged: coalesced already (4 sectors/request)
// TABLE: skipped register-tile on kernel: left as it is: no loop in its body accumulates: none carries a value or reads and writes one element in every iteration
/// Every launch's grid is (3, 4, 1), (size_t)ceil((float)NK / (float)32) folded as C computes it.
// TABLE: skipped coarsen on kernel: left as it is: 6 blocks would fill less than one wave (1056 blocks of 256 threads on 132 SMs)
// TABLE: applied readonly on arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// TABLE: time: predicted 2.4 → 2.4 µs a launch (latency-bound)

module attributes {gpu.container_module} {
  // convolution3DCuda(ni, nj, nk, A, B, B_outputFromGpu), with main's ni = NI, nj = NJ, nk = NK.
  func.func @main(%A: memref<?xf32>, %B: memref<?xf32>, %B_outputFromGpu: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    // int ni = NI; int nj = NJ; int nk = NK;
    %ni = arith.constant 12 : i32
    %nj = arith.constant 28 : i32
    %nk = arith.constant 72 : i32
    // sizeof(DATA_TYPE) * NI * NJ * NK bytes: NI * NJ * NK floats
    %NINJNK = arith.constant 24192 : index
    // cudaMalloc((void **)&A_gpu, ...); cudaMalloc((void **)&B_gpu, ...);
    %A_gpu = gpu.alloc (%NINJNK) : memref<?xf32>
    %B_gpu = gpu.alloc (%NINJNK) : memref<?xf32>
    // cudaMemcpy(A_gpu, A, ..., cudaMemcpyHostToDevice);
    gpu.memcpy %A_gpu, %A : memref<?xf32>, memref<?xf32>
    // cudaMemcpy(B_gpu, B, ..., cudaMemcpyHostToDevice);
    gpu.memcpy %B_gpu, %B : memref<?xf32>, memref<?xf32>
    // dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
    %block_x_u32 = arith.constant 32 : i32
    %block_y_u32 = arith.constant 8 : i32
    %block_x = arith.index_castui %block_x_u32 : i32 to index
    %block_y = arith.index_castui %block_y_u32 : i32 to index
    // dim3 grid((size_t)(ceil( ((float)NK) / ((float)block.x) )),
    //           (size_t)(ceil( ((float)NJ) / ((float)block.y) )));
    %NK_f = arith.constant 72.0 : f32
    %NJ_f = arith.constant 28.0 : f32
    %bx_f = arith.uitofp %block_x_u32 : i32 to f32
    %by_f = arith.uitofp %block_y_u32 : i32 to f32
    %qx = arith.divf %NK_f, %bx_f : f32
    %qy = arith.divf %NJ_f, %by_f : f32
    %cx = math.ceil %qx : f32
    %cy = math.ceil %qy : f32
    %gx_u64 = arith.fptoui %cx : f32 to i64
    %gy_u64 = arith.fptoui %cy : f32 to i64
    %grid_x = arith.index_castui %gx_u64 : i64 to index
    %grid_y = arith.index_castui %gy_u64 : i64 to index
    // for (i = 1; i < _PB_NI - 1; ++i)
    //   convolution3D_kernel<<< grid, block >>>(ni, nj, nk, A_gpu, B_gpu, i);
    %ni_m1 = arith.subi %ni, %c1_i32 : i32
    %iend = arith.index_cast %ni_m1 : i32 to index
    scf.for %iv = %c1 to %iend step %c1 {
      %i = arith.index_cast %iv : index to i32
      gpu.launch_func @kernels::@convolution3D_kernel blocks in (%grid_x, %grid_y, %c1) threads in (%block_x, %block_y, %c1)
          args(%ni : i32, %nj : i32, %nk : i32, %A_gpu : memref<?xf32>, %B_gpu : memref<?xf32>, %i : i32)
    }
    // cudaThreadSynchronize();
    gpu.wait
    // cudaMemcpy(B_outputFromGpu, B_gpu, ..., cudaMemcpyDeviceToHost);
    gpu.memcpy %B_outputFromGpu, %B_gpu : memref<?xf32>, memref<?xf32>
    // cudaFree(A_gpu); cudaFree(B_gpu);
    gpu.dealloc %A_gpu : memref<?xf32>
    gpu.dealloc %B_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void convolution3D_kernel(int ni, int nj, int nk, DATA_TYPE* A, DATA_TYPE* B, int i)
    gpu.func @convolution3D_kernel(%ni: i32, %nj: i32, %nk: i32, %A: memref<?xf32>, %B: memref<?xf32>, %i: i32) kernel {
      %NJ = arith.constant 28 : index
      %NK = arith.constant 72 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      // int k = blockIdx.x * blockDim.x + threadIdx.x;
      %bx = gpu.block_id x
      %dx = gpu.block_dim x
      %tx = gpu.thread_id x
      %kbase = arith.muli %bx, %dx : index
      %k = arith.addi %kbase, %tx : index
      // int j = blockIdx.y * blockDim.y + threadIdx.y;
      %by = gpu.block_id y
      %dy = gpu.block_dim y
      %ty = gpu.thread_id y
      %jbase = arith.muli %by, %dy : index
      %j = arith.addi %jbase, %ty : index
      // c11 = +2;  c21 = +5;  c31 = -8;
      // c12 = -3;  c22 = +6;  c32 = -9;
      // c13 = +4;  c23 = +7;  c33 = +10;
      %c11 = arith.constant 2.0 : f32
      %c21 = arith.constant 5.0 : f32
      %c31 = arith.constant -8.0 : f32
      %c12 = arith.constant -3.0 : f32
      %c22 = arith.constant 6.0 : f32
      %c32 = arith.constant -9.0 : f32
      %c13 = arith.constant 4.0 : f32
      %c23 = arith.constant 7.0 : f32
      %c33 = arith.constant 10.0 : f32
      // if ((i < (_PB_NI-1)) && (j < (_PB_NJ-1)) &&  (k < (_PB_NK-1)) && (i > 0) && (j > 0) && (k > 0))
      %ni_m1 = arith.subi %ni, %one : i32
      %nj_m1 = arith.subi %nj, %one : i32
      %nk_m1 = arith.subi %nk, %one : i32
      %nj_m1_idx = arith.index_cast %nj_m1 : i32 to index
      %nk_m1_idx = arith.index_cast %nk_m1 : i32 to index
      %i_lt = arith.cmpi slt, %i, %ni_m1 : i32
      %j_lt = arith.cmpi slt, %j, %nj_m1_idx : index
      %k_lt = arith.cmpi slt, %k, %nk_m1_idx : index
      %i_gt = arith.cmpi sgt, %i, %zero : i32
      %j_gt = arith.cmpi sgt, %j, %c0 : index
      %k_gt = arith.cmpi sgt, %k, %c0 : index
      %in0 = arith.andi %i_lt, %j_lt : i1
      %in1 = arith.andi %in0, %k_lt : i1
      %in2 = arith.andi %in1, %i_gt : i1
      %in3 = arith.andi %in2, %j_gt : i1
      %in = arith.andi %in3, %k_gt : i1
      scf.if %in {
        %ii = arith.index_cast %i : i32 to index
        // (NK * NJ)
        %NKNJ = arith.muli %NK, %NJ : index
        // (i - 1), (i + 0), (i + 1) planes of NK * NJ
        %im1 = arith.subi %ii, %c1 : index
        %ip0 = arith.addi %ii, %c0 : index
        %ip1 = arith.addi %ii, %c1 : index
        %plane_m1 = arith.muli %im1, %NKNJ : index
        %plane_p0 = arith.muli %ip0, %NKNJ : index
        %plane_p1 = arith.muli %ip1, %NKNJ : index
        // (j - 1), (j + 0), (j + 1) rows of NK
        %jm1 = arith.subi %j, %c1 : index
        %jp0 = arith.addi %j, %c0 : index
        %jp1 = arith.addi %j, %c1 : index
        %row_m1 = arith.muli %jm1, %NK : index
        %row_p0 = arith.muli %jp0, %NK : index
        %row_p1 = arith.muli %jp1, %NK : index
        // (k - 1), (k + 0), (k + 1)
        %col_m1 = arith.subi %k, %c1 : index
        %col_p0 = arith.addi %k, %c0 : index
        %col_p1 = arith.addi %k, %c1 : index
        // c11 * A[(i - 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr1 = arith.addi %plane_m1, %row_m1 : index
        %o1 = arith.addi %pr1, %col_m1 : index
        %a1 = memref.load %A[%o1] : memref<?xf32>
        %t1 = arith.mulf %c11, %a1 : f32
        // + c13 * A[(i + 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr2 = arith.addi %plane_p1, %row_m1 : index
        %o2 = arith.addi %pr2, %col_m1 : index
        %a2 = memref.load %A[%o2] : memref<?xf32>
        %t2 = arith.mulf %c13, %a2 : f32
        %s2 = arith.addf %t1, %t2 : f32
        // + c21 * A[(i - 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr3 = arith.addi %plane_m1, %row_m1 : index
        %o3 = arith.addi %pr3, %col_m1 : index
        %a3 = memref.load %A[%o3] : memref<?xf32>
        %t3 = arith.mulf %c21, %a3 : f32
        %s3 = arith.addf %s2, %t3 : f32
        // + c23 * A[(i + 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr4 = arith.addi %plane_p1, %row_m1 : index
        %o4 = arith.addi %pr4, %col_m1 : index
        %a4 = memref.load %A[%o4] : memref<?xf32>
        %t4 = arith.mulf %c23, %a4 : f32
        %s4 = arith.addf %s3, %t4 : f32
        // + c31 * A[(i - 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr5 = arith.addi %plane_m1, %row_m1 : index
        %o5 = arith.addi %pr5, %col_m1 : index
        %a5 = memref.load %A[%o5] : memref<?xf32>
        %t5 = arith.mulf %c31, %a5 : f32
        %s5 = arith.addf %s4, %t5 : f32
        // + c33 * A[(i + 1)*(NK * NJ) + (j - 1)*NK + (k - 1)]
        %pr6 = arith.addi %plane_p1, %row_m1 : index
        %o6 = arith.addi %pr6, %col_m1 : index
        %a6 = memref.load %A[%o6] : memref<?xf32>
        %t6 = arith.mulf %c33, %a6 : f32
        %s6 = arith.addf %s5, %t6 : f32
        // + c12 * A[(i + 0)*(NK * NJ) + (j - 1)*NK + (k + 0)]
        %pr7 = arith.addi %plane_p0, %row_m1 : index
        %o7 = arith.addi %pr7, %col_p0 : index
        %a7 = memref.load %A[%o7] : memref<?xf32>
        %t7 = arith.mulf %c12, %a7 : f32
        %s7 = arith.addf %s6, %t7 : f32
        // + c22 * A[(i + 0)*(NK * NJ) + (j + 0)*NK + (k + 0)]
        %pr8 = arith.addi %plane_p0, %row_p0 : index
        %o8 = arith.addi %pr8, %col_p0 : index
        %a8 = memref.load %A[%o8] : memref<?xf32>
        %t8 = arith.mulf %c22, %a8 : f32
        %s8 = arith.addf %s7, %t8 : f32
        // + c32 * A[(i + 0)*(NK * NJ) + (j + 1)*NK + (k + 0)]
        %pr9 = arith.addi %plane_p0, %row_p1 : index
        %o9 = arith.addi %pr9, %col_p0 : index
        %a9 = memref.load %A[%o9] : memref<?xf32>
        %t9 = arith.mulf %c32, %a9 : f32
        %s9 = arith.addf %s8, %t9 : f32
        // + c11 * A[(i - 1)*(NK * NJ) + (j - 1)*NK + (k + 1)]
        %pr10 = arith.addi %plane_m1, %row_m1 : index
        %o10 = arith.addi %pr10, %col_p1 : index
        %a10 = memref.load %A[%o10] : memref<?xf32>
        %t10 = arith.mulf %c11, %a10 : f32
        %s10 = arith.addf %s9, %t10 : f32
        // + c13 * A[(i + 1)*(NK * NJ) + (j - 1)*NK + (k + 1)]
        %pr11 = arith.addi %plane_p1, %row_m1 : index
        %o11 = arith.addi %pr11, %col_p1 : index
        %a11 = memref.load %A[%o11] : memref<?xf32>
        %t11 = arith.mulf %c13, %a11 : f32
        %s11 = arith.addf %s10, %t11 : f32
        // + c21 * A[(i - 1)*(NK * NJ) + (j + 0)*NK + (k + 1)]
        %pr12 = arith.addi %plane_m1, %row_p0 : index
        %o12 = arith.addi %pr12, %col_p1 : index
        %a12 = memref.load %A[%o12] : memref<?xf32>
        %t12 = arith.mulf %c21, %a12 : f32
        %s12 = arith.addf %s11, %t12 : f32
        // + c23 * A[(i + 1)*(NK * NJ) + (j + 0)*NK + (k + 1)]
        %pr13 = arith.addi %plane_p1, %row_p0 : index
        %o13 = arith.addi %pr13, %col_p1 : index
        %a13 = memref.load %A[%o13] : memref<?xf32>
        %t13 = arith.mulf %c23, %a13 : f32
        %s13 = arith.addf %s12, %t13 : f32
        // + c31 * A[(i - 1)*(NK * NJ) + (j + 1)*NK + (k + 1)]
        %pr14 = arith.addi %plane_m1, %row_p1 : index
        %o14 = arith.addi %pr14, %col_p1 : index
        %a14 = memref.load %A[%o14] : memref<?xf32>
        %t14 = arith.mulf %c31, %a14 : f32
        %s14 = arith.addf %s13, %t14 : f32
        // + c33 * A[(i + 1)*(NK * NJ) + (j + 1)*NK + (k + 1)]
        %pr15 = arith.addi %plane_p1, %row_p1 : index
        %o15 = arith.addi %pr15, %col_p1 : index
        %a15 = memref.load %A[%o15] : memref<?xf32>
        %t15 = arith.mulf %c33, %a15 : f32
        %s15 = arith.addf %s14, %t15 : f32
        // B[i*(NK * NJ) + j*NK + k] = ...;
        %bplane = arith.muli %ii, %NKNJ : index
        %brow = arith.muli %j, %NK : index
        %bpr = arith.addi %bplane, %brow : index
        %bo = arith.addi %bpr, %k : index
        memref.store %s15, %B[%bo] : memref<?xf32>
      }
      gpu.return
    }
  }
}
