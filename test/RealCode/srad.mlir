// Rodinia SRAD v2 (speckle reducing anisotropic diffusion), ported as its CUDA source writes
// it: the kernels srad_cuda_1 (directional derivatives and the diffusion coefficient) and
// srad_cuda_2 (divergence and image update) and the host code of runTest (the GPU path).
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/srad/srad_v2/srad_kernel.cu (kernels), cuda/srad/srad_v2/srad.cu (runTest) and
// cuda/srad/srad_v2/srad.h (BLOCK_SIZE 16) (Rodinia 3.1).
// Each float* parameter is a memref<?xf32> indexed flat (J_cuda[index], index = cols *
// BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx, evaluated left to right as written); the
// __shared__ float [BLOCK_SIZE][BLOCK_SIZE] arrays are workgroup attributions of
// memref<16x16xf32> indexed [ty][tx] (six in srad_cuda_1, five in srad_cuda_2, in the order the
// source declares them); __syncthreads() is gpu.barrier; int cols, rows are i32 and the int
// arithmetic is index arithmetic on their index_casts; gridDim is gpu.grid_dim.
// The if/else-if chains that pick n, s, w, e (nine cases) and cn, cs, cw, ce (four cases) are
// nested scf.if yielding the four values, each case loading what the source's case loads.
// The float/double mix is C's: 0.5*g2 - (1.0/16.0)*(l*l), 1 + .25*l, 1.0 / (1.0+den) and
// temp + 0.25*lambda*d_sum are f64 (extf) and truncated to float where they are assigned;
// g2, l, qsqr, den = (qsqr-q0sqr) / (q0sqr * (1+q0sqr)) and d_sum are f32; `c < 0`, `c > 1`
// are ordered float compares (a NaN c is stored as it is, as in C).
// One construct is re-expressed: `north[ty][tx] = J_cuda[index_n];` followed by `if (by == 0)
// north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];` reads J_cuda[index_n] out of bounds for the
// first row of blocks (index_n = BLOCK_SIZE * bx + tx - cols < 0) and throws the value away.
// The same happens to south (index_s past the end for the last row of blocks), west
// (index_w = -1 in block (0, 0), thread row 0), east (index_e = rows*cols in the last block,
// thread row 15), and in srad_cuda_2 to south_c and east_c. Here each overwritten load is
// the else branch of the `if` that overwrites it (for south and east, of the `else if`), so
// every load is in bounds and every shared tile gets the value the source leaves in it (the
// if/else a compiler's dead-store elimination makes of the pair).
// Sizes: rows = 48, cols = 64 (multiples of 16, as the source demands; unequal, so a swapped
// rows/cols shows), block 16x16, grid (cols/16, rows/16) = (4, 3); the speckle ROI r1 = 0,
// r2 = 31, c1 = 0, c2 = 31 (size_R = 1024), lambda = 0.5 and niter = 2 as in Rodinia's run
// script (which has 2048x2048 and an ROI of 0..127). random_matrix's srand(7)/rand() image I
// is the random argument (uniform in [-1, 1) where rand()/RAND_MAX is in [0, 1]), and the host
// computes J = (float)exp(I) (math.exp in f64), q0sqr from the ROI in float each iteration, and
// copies J to the device and back around the two launches, as the source does. The host J
// (second argument) holds the result.
// Checked numerically: a Python float32 transcription of the source's own CPU path (#ifdef CPU
// in srad.cu: clamped neighbour indices iN, iS, jW, jE, the same formulas and float/double
// mix, each float operation rounded to float32) on the random:1 image gives the same q0sqr
// (0.30423084, then 0.20055233) and, after the 2 iterations, the same float32 bits as this
// program's J (--print-arg 1) for all 3072 elements; 995 of the 6144 coefficients saturate
// at c > 1 (none at c < 0).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:3072 --arg zeros:3072
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:3072 --arg zeros:3072 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:3072 --arg zeros:3072 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel srad_cuda_1 --grid 4,3,1 --block 16,16,1 --arg zeros:3072 --arg zeros:3072 --arg zeros:3072 --arg zeros:3072 --arg random:5:3072 --arg zeros:3072 --arg 64 --arg 48 --arg 0.25
// SCOREBOARD: srad_cuda_1 expert/srad.mlir --grid 4,3,1 --block 16,16,1 --arg zeros:3072 --arg zeros:3072 --arg zeros:3072 --arg zeros:3072 --arg random:5:3072 --arg zeros:3072 --arg 64 --arg 48 --arg 0.25
// RUN: gpu-mem-opt diff %s --kernel srad_cuda_2 --grid 4,3,1 --block 16,16,1 --arg random:1:3072 --arg random:2:3072 --arg random:3:3072 --arg random:4:3072 --arg random:5:3072 --arg random:6:3072 --arg 64 --arg 48 --arg 0.5 --arg 0.25
// SCOREBOARD: srad_cuda_2 expert/srad.mlir --grid 4,3,1 --block 16,16,1 --arg random:1:3072 --arg random:2:3072 --arg random:3:3072 --arg random:4:3072 --arg random:5:3072 --arg random:6:3072 --arg 64 --arg 48 --arg 0.5 --arg 0.25
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE

// PROGRAM: identical: 4 launches (24 buffers after them), 0 lines of output, 2 arguments

// What a CUDA expert would do: both kernels are hand-staged already, but wastefully. In
// srad_cuda_1 every thread loads five J elements into five 16x16 tiles, where one 18x18 tile
// with a one-element halo (324 floats) holds all the block uses: north and south are read as
// whole tiles though only their row 0 / row 15 is used (index_n and index_s do not depend on
// ty, so all 8 warps re-read the same 16 floats), west and east likewise (one element per
// half-warp, only column 0 / 15 used). srad_cuda_2 loads south_c and east_c the same way.
// The temp_result and c_cuda_result round trips through shared memory (store, barrier, load
// the thread's own element) buy nothing: each thread could store its c or J directly. The
// [ty][tx] tiles of 16-float rows are bank-conflict-free, so no padding. E_C, W_C, N_C, S_C,
// C_cuda (in srad_cuda_2) and J_cuda (in srad_cuda_1) are read-only in their kernel:
// const __restrict__ (ld.global.nc). All global accesses are coalesced (16 consecutive floats
// per half-warp: 4 sectors per request for the tile, 2 for a halo row).
// What the pass does with the default options: the read-only path, as the expert: J_cuda in
// srad_cuda_1, E_C, W_C, N_C, S_C and C_cuda in srad_cuda_2 (J_cuda there is written: plain
// ld.global), each proven from the host's distinct gpu.alloc buffers. It stages nothing (the
// kernels' own tiles stay) and leaves every shared array as it is, each decided conflict-free
// as the expert finds them: the loads that pick n, s, w, e (cs, ce) sit in the else branches
// of the `ty == 0 && tx == 0`-style chain, `ty != 0 || tx != 0` and so on, which the model
// follows lane by lane (session 27; before, "not modelled" left three tiles unknown); the
// halo tiles' stores under `by == 0`-style tests are costed per request; temp_result's
// stores behind the data-dependent c < 0 / c > 1 are conflict-free with every lane storing,
// a bound on whichever lanes the test lets through. The halo-tile rewrite and dropping the
// round trips change which thread loads what: not the pass's to do.
// Delinearize: cols is 64 at every launch and every launch's grid is 4x3, so SRAD's flat
// indices (cols*BLOCK_SIZE*by + BLOCK_SIZE*bx + cols*ty + tx) split at the width that
// multiplies a thread id, 64: row tid.y + 16*bid.y (cols*16*by is 16 rows), column
// tid.x + 16*bid.x, below 64 because bid.x < 4 at every launch. The neighbour indices whose
// column can leave the row (the west and east halo, bid.x*16 - 1) stay flat, and the remark
// names the bound that is missing.

// REMARK: gpu-mem-opt: kernel: 'srad_cuda_1': block 16x16x1 (from gpu.launch_func); 68 memory accesses; the same at every launch here: arg6 = 64, arg7 = 48
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(tid.y + 16*bid.y)*64 + tid.x + 16*bid.x] read as row tid.y + 16*bid.y, column tid.x + 16*bid.x of rows of 64 elements
// REMARK: gpu-mem-opt: readonly: arg 4: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: pad: workgroup 2: unchanged: conflict-free already (wavefronts 5, degree 1); wavefronts per request of each access: the memref.store at {{.*}}: the request count is unknown: the guard bid.y == 0 depends on bid.y
// REMARK: gpu-mem-opt: pad: workgroup 3: unchanged: conflict-free already (wavefronts 6, degree 1); wavefronts per request
// REMARK: gpu-mem-opt: pad: workgroup 5: unchanged: conflict-free already (wavefronts 5, degree 1); wavefronts per request
// REMARK: gpu-mem-opt: pad: workgroup 4: unchanged: conflict-free already (wavefronts 6, degree 1); wavefronts per request
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 110, degree 1)
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 32, degree 1); counted with every lane running each access, which bounds whatever lanes its guard lets through (the memref.store at {{.*}}: guarded by arith.cmpf at {{.*}}, which is not modelled)
// REMARK: gpu-mem-opt: kernel: 'srad_cuda_2': block 16x16x1 (from gpu.launch_func); 29 memory accesses; the same at every launch here: arg6 = 64, arg7 = 48
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 4: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: readonly: arg 5: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: pad: workgroup 4: unchanged: conflict-free already (wavefronts 16, degree 1); the same for workgroup 2, workgroup 3
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 4, degree 1); wavefronts per request
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 4, degree 1); wavefronts per request
// The time of a launch (issue 35): srad_cuda_2's accesses all have a modelled request count,
// the else branches of its chain included. srad_cuda_1's three temp_result stores behind
// c < 0 / c > 1 do not, so the time model estimates them with every lane running them (an
// upper bound: a lane runs one branch); the suite's real-srad-cuda-1 is predicted 104.5 us
// against the H200's 125.7 (scripts/validate_time.py). The pass changes neither kernel's
// predicted time (its 2-D views and ld.global.nc cost nothing the model counts, the views'
// index arithmetic being what LLVM's CSE merges), so no time remark is made; the report
// states the estimate.
// TABLE-LABEL: kernel srad_cuda_1
// TABLE: time: predicted [[ONE:[0-9.]+]] → [[ONE]] µs a launch (latency-bound); estimated with every lane running the 3 accesses at {{[0-9]+}}:9, {{[0-9]+}}:11, {{[0-9]+}}:11, whose guards the model does not follow
// TABLE-LABEL: kernel srad_cuda_2
// TABLE: time: predicted [[TWO:[0-9.]+]] → [[TWO]] µs a launch (latency-bound){{$}}
// REMARK-NOT: remark: gpu-mem-opt: time:

module attributes {gpu.container_module} {
  // runTest(argc, argv) with argv = 48 64 0 31 0 31 0.5 2; I (random_matrix) and J (the host
  // image, the result) are the arguments.
  func.func @main(%I: memref<?xf32>, %J: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %fzero = arith.constant 0.0 : f32
    %c1_i32 = arith.constant 1 : i32
    // rows = 48; cols = 64; r1 = 0; r2 = 31; c1 = 0; c2 = 31; lambda = 0.5; niter = 2;
    %rows = arith.constant 48 : i32
    %cols = arith.constant 64 : i32
    %r1 = arith.constant 0 : i32
    %r2 = arith.constant 31 : i32
    %c1_roi = arith.constant 0 : i32
    %c2_roi = arith.constant 31 : i32
    %lambda = arith.constant 0.5 : f32
    %niter = arith.constant 2 : i32
    // size_I = cols * rows; size_R = (r2-r1+1)*(c2-c1+1);
    %size_I_i32 = arith.muli %cols, %rows : i32
    %size_I = arith.index_cast %size_I_i32 : i32 to index
    %r21 = arith.subi %r2, %r1 : i32
    %rspan = arith.addi %r21, %c1_i32 : i32
    %c21 = arith.subi %c2_roi, %c1_roi : i32
    %cspan = arith.addi %c21, %c1_i32 : i32
    %size_R = arith.muli %rspan, %cspan : i32
    // cudaMalloc J_cuda, C_cuda, E_C, W_C, S_C, N_C (sizeof(float)*size_I each)
    %J_cuda = gpu.alloc (%size_I) : memref<?xf32>
    %C_cuda = gpu.alloc (%size_I) : memref<?xf32>
    %E_C = gpu.alloc (%size_I) : memref<?xf32>
    %W_C = gpu.alloc (%size_I) : memref<?xf32>
    %S_C = gpu.alloc (%size_I) : memref<?xf32>
    %N_C = gpu.alloc (%size_I) : memref<?xf32>
    // for (int k = 0; k < size_I; k++) J[k] = (float)exp(I[k]);
    scf.for %k = %c0 to %size_I step %c1 {
      %ik = memref.load %I[%k] : memref<?xf32>
      %ikd = arith.extf %ik : f32 to f64
      %ex = math.exp %ikd : f64
      %jk = arith.truncf %ex : f64 to f32
      memref.store %jk, %J[%k] : memref<?xf32>
    }
    %colsi = arith.index_cast %cols : i32 to index
    %r1i = arith.index_cast %r1 : i32 to index
    %r2i = arith.index_cast %r2 : i32 to index
    %r2e = arith.addi %r2i, %c1 : index
    %c1i = arith.index_cast %c1_roi : i32 to index
    %c2i = arith.index_cast %c2_roi : i32 to index
    %c2e = arith.addi %c2i, %c1 : index
    %niteri = arith.index_cast %niter : i32 to index
    %size_R_f = arith.sitofp %size_R : i32 to f32
    // int block_x = cols/BLOCK_SIZE; int block_y = rows/BLOCK_SIZE;
    // dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE); dim3 dimGrid(block_x, block_y);
    %BLOCK_SIZE = arith.constant 16 : index
    %rowsi = arith.index_cast %rows : i32 to index
    %block_x = arith.divsi %colsi, %BLOCK_SIZE : index
    %block_y = arith.divsi %rowsi, %BLOCK_SIZE : index
    // for (iter=0; iter< niter; iter++){
    scf.for %iter = %c0 to %niteri step %c1 {
      // sum=0; sum2=0;
      // for (int i=r1; i<=r2; i++) for (int j=c1; j<=c2; j++) {
      //   tmp = J[i * cols + j]; sum += tmp; sum2 += tmp*tmp; }
      %sums:2 = scf.for %i = %r1i to %r2e step %c1 iter_args(%sum_i = %fzero, %sum2_i = %fzero) -> (f32, f32) {
        %row_sums:2 = scf.for %j = %c1i to %c2e step %c1 iter_args(%sum = %sum_i, %sum2 = %sum2_i) -> (f32, f32) {
          %icols = arith.muli %i, %colsi : index
          %ij = arith.addi %icols, %j : index
          %tmp = memref.load %J[%ij] : memref<?xf32>
          %sum_next = arith.addf %sum, %tmp : f32
          %sq = arith.mulf %tmp, %tmp : f32
          %sum2_next = arith.addf %sum2, %sq : f32
          scf.yield %sum_next, %sum2_next : f32, f32
        }
        scf.yield %row_sums#0, %row_sums#1 : f32, f32
      }
      // meanROI = sum / size_R; varROI = (sum2 / size_R) - meanROI*meanROI;
      // q0sqr = varROI / (meanROI*meanROI);
      %meanROI = arith.divf %sums#0, %size_R_f : f32
      %m2 = arith.divf %sums#1, %size_R_f : f32
      %mean_sq = arith.mulf %meanROI, %meanROI : f32
      %varROI = arith.subf %m2, %mean_sq : f32
      %mean_sq2 = arith.mulf %meanROI, %meanROI : f32
      %q0sqr = arith.divf %varROI, %mean_sq2 : f32
      // cudaMemcpy(J_cuda, J, sizeof(float) * size_I, cudaMemcpyHostToDevice);
      gpu.memcpy %J_cuda, %J : memref<?xf32>, memref<?xf32>
      // srad_cuda_1<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, q0sqr);
      gpu.launch_func @kernels::@srad_cuda_1 blocks in (%block_x, %block_y, %c1) threads in (%BLOCK_SIZE, %BLOCK_SIZE, %c1)
          args(%E_C : memref<?xf32>, %W_C : memref<?xf32>, %N_C : memref<?xf32>, %S_C : memref<?xf32>,
               %J_cuda : memref<?xf32>, %C_cuda : memref<?xf32>, %cols : i32, %rows : i32, %q0sqr : f32)
      // srad_cuda_2<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda, cols, rows, lambda, q0sqr);
      gpu.launch_func @kernels::@srad_cuda_2 blocks in (%block_x, %block_y, %c1) threads in (%BLOCK_SIZE, %BLOCK_SIZE, %c1)
          args(%E_C : memref<?xf32>, %W_C : memref<?xf32>, %N_C : memref<?xf32>, %S_C : memref<?xf32>,
               %J_cuda : memref<?xf32>, %C_cuda : memref<?xf32>, %cols : i32, %rows : i32, %lambda : f32,
               %q0sqr : f32)
      // cudaMemcpy(J, J_cuda, sizeof(float) * size_I, cudaMemcpyDeviceToHost);
      gpu.memcpy %J, %J_cuda : memref<?xf32>, memref<?xf32>
    }
    // cudaFree(C_cuda); cudaFree(J_cuda); cudaFree(E_C); cudaFree(W_C); cudaFree(N_C); cudaFree(S_C);
    gpu.dealloc %C_cuda : memref<?xf32>
    gpu.dealloc %J_cuda : memref<?xf32>
    gpu.dealloc %E_C : memref<?xf32>
    gpu.dealloc %W_C : memref<?xf32>
    gpu.dealloc %N_C : memref<?xf32>
    gpu.dealloc %S_C : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C,
    //     float * J_cuda, float * C_cuda, int cols, int rows, float q0sqr)
    gpu.func @srad_cuda_1(%E_C: memref<?xf32>, %W_C: memref<?xf32>, %N_C: memref<?xf32>,
                          %S_C: memref<?xf32>, %J_cuda: memref<?xf32>, %C_cuda: memref<?xf32>,
                          %cols: i32, %rows: i32, %q0sqr: f32)
        // __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float  east[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float  west[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%temp : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %temp_result : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %north : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %south : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %east : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %west : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %B1 = arith.constant 15 : index
      %f0 = arith.constant 0.0 : f32
      %f1 = arith.constant 1.0 : f32
      %d_half = arith.constant 0.5 : f64
      %d_one = arith.constant 1.0 : f64
      %d_sixteen = arith.constant 16.0 : f64
      %d_quarter = arith.constant 0.25 : f64
      // int bx = blockIdx.x; int by = blockIdx.y; int tx = threadIdx.x; int ty = threadIdx.y;
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %gdx = gpu.grid_dim x
      %gdy = gpu.grid_dim y
      %colsi = arith.index_cast %cols : i32 to index
      // cols * BLOCK_SIZE * by + BLOCK_SIZE * bx, the start of each index
      %cB = arith.muli %colsi, %BLOCK_SIZE : index
      %cBby = arith.muli %cB, %by : index
      %Bbx = arith.muli %BLOCK_SIZE, %bx : index
      %base = arith.addi %cBby, %Bbx : index
      %cty = arith.muli %colsi, %ty : index
      // int index   = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
      %index0 = arith.addi %base, %cty : index
      %index = arith.addi %index0, %tx : index
      // int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
      %index_n0 = arith.addi %base, %tx : index
      %index_n = arith.subi %index_n0, %colsi : index
      // int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
      %index_s0 = arith.addi %base, %cB : index
      %index_s = arith.addi %index_s0, %tx : index
      // int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
      %index_w = arith.subi %index0, %c1 : index
      // int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
      %index_e = arith.addi %index0, %BLOCK_SIZE : index
      %gdx1 = arith.subi %gdx, %c1 : index
      %gdy1 = arith.subi %gdy, %c1 : index

      // north[ty][tx] = J_cuda[index_n];
      // south[ty][tx] = J_cuda[index_s];
      // if ( by == 0 ) north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
      // else if ( by == gridDim.y - 1 ) south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1)
      //     + BLOCK_SIZE * bx + cols * ( BLOCK_SIZE - 1 ) + tx];
      %top = arith.cmpi eq, %by, %c0 : index
      %bottom = arith.cmpi eq, %by, %gdy1 : index
      scf.if %top {
        // if ( by == 0 ) north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
        %ntop = arith.addi %Bbx, %tx : index
        %v = memref.load %J_cuda[%ntop] : memref<?xf32>
        memref.store %v, %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // (south[ty][tx] = J_cuda[index_s] stands)
        %u = memref.load %J_cuda[%index_s] : memref<?xf32>
        memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        // (north[ty][tx] = J_cuda[index_n] stands)
        %v = memref.load %J_cuda[%index_n] : memref<?xf32>
        memref.store %v, %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        scf.if %bottom {
          // else if ( by == gridDim.y - 1 ) south[ty][tx] = J_cuda[...];
          %s0 = arith.muli %cB, %gdy1 : index
          %s1 = arith.addi %s0, %Bbx : index
          %s2 = arith.muli %colsi, %B1 : index
          %s3 = arith.addi %s1, %s2 : index
          %sbot = arith.addi %s3, %tx : index
          %u = memref.load %J_cuda[%sbot] : memref<?xf32>
          memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          // (south[ty][tx] = J_cuda[index_s] stands)
          %u = memref.load %J_cuda[%index_s] : memref<?xf32>
          memref.store %u, %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier

      // west[ty][tx] = J_cuda[index_w];
      // east[ty][tx] = J_cuda[index_e];
      // if ( bx == 0 ) west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
      // else if ( bx == gridDim.x - 1 ) east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by
      //     + BLOCK_SIZE * ( gridDim.x - 1) + cols * ty + BLOCK_SIZE-1];
      %left = arith.cmpi eq, %bx, %c0 : index
      %right = arith.cmpi eq, %bx, %gdx1 : index
      scf.if %left {
        // if ( bx == 0 ) west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
        %wleft = arith.addi %cBby, %cty : index
        %v = memref.load %J_cuda[%wleft] : memref<?xf32>
        memref.store %v, %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // (east[ty][tx] = J_cuda[index_e] stands)
        %u = memref.load %J_cuda[%index_e] : memref<?xf32>
        memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        // (west[ty][tx] = J_cuda[index_w] stands)
        %v = memref.load %J_cuda[%index_w] : memref<?xf32>
        memref.store %v, %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        scf.if %right {
          // else if ( bx == gridDim.x - 1 ) east[ty][tx] = J_cuda[...];
          %e0 = arith.muli %BLOCK_SIZE, %gdx1 : index
          %e1 = arith.addi %cBby, %e0 : index
          %e2 = arith.addi %e1, %cty : index
          %e3 = arith.addi %e2, %BLOCK_SIZE : index
          %eright = arith.subi %e3, %c1 : index
          %u = memref.load %J_cuda[%eright] : memref<?xf32>
          memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          // (east[ty][tx] = J_cuda[index_e] stands)
          %u = memref.load %J_cuda[%index_e] : memref<?xf32>
          memref.store %u, %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier

      // temp[ty][tx] = J_cuda[index];
      %jv = memref.load %J_cuda[%index] : memref<?xf32>
      memref.store %jv, %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier

      // jc = temp[ty][tx];
      %jc = memref.load %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %tym1 = arith.subi %ty, %c1 : index
      %typ1 = arith.addi %ty, %c1 : index
      %txm1 = arith.subi %tx, %c1 : index
      %txp1 = arith.addi %tx, %c1 : index
      %ty_first = arith.cmpi eq, %ty, %c0 : index
      %ty_last = arith.cmpi eq, %ty, %B1 : index
      %tx_first = arith.cmpi eq, %tx, %c0 : index
      %tx_last = arith.cmpi eq, %tx, %B1 : index
      // if ( ty == 0 && tx == 0 ) { //nw
      %is_nw = arith.andi %ty_first, %tx_first : i1
      %nswe:4 = scf.if %is_nw -> (f32, f32, f32, f32) {
        // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
        %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %n = arith.subf %a, %jc : f32
        %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %s = arith.subf %b, %jc : f32
        %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %w = arith.subf %c, %jc : f32
        %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %e = arith.subf %d, %jc : f32
        scf.yield %n, %s, %w, %e : f32, f32, f32, f32
      } else {
        // else if ( ty == 0 && tx == BLOCK_SIZE-1 ) { //ne
        %is_ne = arith.andi %ty_first, %tx_last : i1
        %r_ne:4 = scf.if %is_ne -> (f32, f32, f32, f32) {
          // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
          %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %n = arith.subf %a, %jc : f32
          %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %s = arith.subf %b, %jc : f32
          %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %w = arith.subf %c, %jc : f32
          %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %e = arith.subf %d, %jc : f32
          scf.yield %n, %s, %w, %e : f32, f32, f32, f32
        } else {
          // else if ( ty == BLOCK_SIZE -1 && tx == BLOCK_SIZE - 1) { //se
          %is_se = arith.andi %ty_last, %tx_last : i1
          %r_se:4 = scf.if %is_se -> (f32, f32, f32, f32) {
            // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
            %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %n = arith.subf %a, %jc : f32
            %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %s = arith.subf %b, %jc : f32
            %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %w = arith.subf %c, %jc : f32
            %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %e = arith.subf %d, %jc : f32
            scf.yield %n, %s, %w, %e : f32, f32, f32, f32
          } else {
            // else if ( ty == BLOCK_SIZE -1 && tx == 0 ) { //sw
            %is_sw = arith.andi %ty_last, %tx_first : i1
            %r_sw:4 = scf.if %is_sw -> (f32, f32, f32, f32) {
              // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
              %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %n = arith.subf %a, %jc : f32
              %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %s = arith.subf %b, %jc : f32
              %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %w = arith.subf %c, %jc : f32
              %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
              %e = arith.subf %d, %jc : f32
              scf.yield %n, %s, %w, %e : f32, f32, f32, f32
            } else {
              // else if ( ty == 0 ) { //n
              %r_n:4 = scf.if %ty_first -> (f32, f32, f32, f32) {
                // n = north[ty][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                %a = memref.load %north[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %n = arith.subf %a, %jc : f32
                %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %s = arith.subf %b, %jc : f32
                %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %w = arith.subf %c, %jc : f32
                %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                %e = arith.subf %d, %jc : f32
                scf.yield %n, %s, %w, %e : f32, f32, f32, f32
              } else {
                // else if ( tx == BLOCK_SIZE -1 ) { //e
                %r_e:4 = scf.if %tx_last -> (f32, f32, f32, f32) {
                  // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = east[ty][tx] - jc;
                  %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %n = arith.subf %a, %jc : f32
                  %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %s = arith.subf %b, %jc : f32
                  %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %w = arith.subf %c, %jc : f32
                  %d = memref.load %east[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                  %e = arith.subf %d, %jc : f32
                  scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                } else {
                  // else if ( ty == BLOCK_SIZE -1) { //s
                  %r_s:4 = scf.if %ty_last -> (f32, f32, f32, f32) {
                    // n = temp[ty-1][tx] - jc; s = south[ty][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                    %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %n = arith.subf %a, %jc : f32
                    %b = memref.load %south[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %s = arith.subf %b, %jc : f32
                    %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %w = arith.subf %c, %jc : f32
                    %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                    %e = arith.subf %d, %jc : f32
                    scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                  } else {
                    // else if ( tx == 0 ) { //w
                    %r_w:4 = scf.if %tx_first -> (f32, f32, f32, f32) {
                      // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = west[ty][tx] - jc; e = temp[ty][tx+1] - jc;
                      %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %n = arith.subf %a, %jc : f32
                      %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %s = arith.subf %b, %jc : f32
                      %c = memref.load %west[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %w = arith.subf %c, %jc : f32
                      %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %e = arith.subf %d, %jc : f32
                      scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                    } else {
                      // else { //the data elements which are not on the borders
                      // n = temp[ty-1][tx] - jc; s = temp[ty+1][tx] - jc; w = temp[ty][tx-1] - jc; e = temp[ty][tx+1] - jc;
                      %a = memref.load %temp[%tym1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %n = arith.subf %a, %jc : f32
                      %b = memref.load %temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %s = arith.subf %b, %jc : f32
                      %c = memref.load %temp[%ty, %txm1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %w = arith.subf %c, %jc : f32
                      %d = memref.load %temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
                      %e = arith.subf %d, %jc : f32
                      scf.yield %n, %s, %w, %e : f32, f32, f32, f32
                    }
                    scf.yield %r_w#0, %r_w#1, %r_w#2, %r_w#3 : f32, f32, f32, f32
                  }
                  scf.yield %r_s#0, %r_s#1, %r_s#2, %r_s#3 : f32, f32, f32, f32
                }
                scf.yield %r_e#0, %r_e#1, %r_e#2, %r_e#3 : f32, f32, f32, f32
              }
              scf.yield %r_n#0, %r_n#1, %r_n#2, %r_n#3 : f32, f32, f32, f32
            }
            scf.yield %r_sw#0, %r_sw#1, %r_sw#2, %r_sw#3 : f32, f32, f32, f32
          }
          scf.yield %r_se#0, %r_se#1, %r_se#2, %r_se#3 : f32, f32, f32, f32
        }
        scf.yield %r_ne#0, %r_ne#1, %r_ne#2, %r_ne#3 : f32, f32, f32, f32
      }
      // n, s, w, e are %nswe#0, #1, #2, #3 (and cn, cs, cw, ce are %cnswe#0..3 in srad_cuda_2)
      // g2 = ( n * n + s * s + w * w + e * e ) / (jc * jc);
      %nn = arith.mulf %nswe#0, %nswe#0 : f32
      %ss = arith.mulf %nswe#1, %nswe#1 : f32
      %g2a = arith.addf %nn, %ss : f32
      %ww = arith.mulf %nswe#2, %nswe#2 : f32
      %g2b = arith.addf %g2a, %ww : f32
      %ee = arith.mulf %nswe#3, %nswe#3 : f32
      %g2c = arith.addf %g2b, %ee : f32
      %jcjc = arith.mulf %jc, %jc : f32
      %g2 = arith.divf %g2c, %jcjc : f32
      // l = ( n + s + w + e ) / jc;
      %la = arith.addf %nswe#0, %nswe#1 : f32
      %lb = arith.addf %la, %nswe#2 : f32
      %lc = arith.addf %lb, %nswe#3 : f32
      %l = arith.divf %lc, %jc : f32
      // num  = (0.5*g2) - ((1.0/16.0)*(l*l)) ;
      %g2d = arith.extf %g2 : f32 to f64
      %half_g2 = arith.mulf %d_half, %g2d : f64
      %sixteenth = arith.divf %d_one, %d_sixteen : f64
      %ll = arith.mulf %l, %l : f32
      %lld = arith.extf %ll : f32 to f64
      %ll16 = arith.mulf %sixteenth, %lld : f64
      %num_d = arith.subf %half_g2, %ll16 : f64
      %num = arith.truncf %num_d : f64 to f32
      // den  = 1 + (.25*l);
      %ld = arith.extf %l : f32 to f64
      %quarter_l = arith.mulf %d_quarter, %ld : f64
      %den1_d = arith.addf %d_one, %quarter_l : f64
      %den1 = arith.truncf %den1_d : f64 to f32
      // qsqr = num/(den*den);
      %dd = arith.mulf %den1, %den1 : f32
      %qsqr = arith.divf %num, %dd : f32
      // den = (qsqr-q0sqr) / (q0sqr * (1+q0sqr)) ;
      %qdiff = arith.subf %qsqr, %q0sqr : f32
      %q1 = arith.addf %f1, %q0sqr : f32
      %qq = arith.mulf %q0sqr, %q1 : f32
      %den2 = arith.divf %qdiff, %qq : f32
      // c = 1.0 / (1.0+den) ;
      %den2d = arith.extf %den2 : f32 to f64
      %cden = arith.addf %d_one, %den2d : f64
      %c_d = arith.divf %d_one, %cden : f64
      %c = arith.truncf %c_d : f64 to f32
      // if (c < 0){temp_result[ty][tx] = 0;}
      // else if (c > 1) {temp_result[ty][tx] = 1;}
      // else {temp_result[ty][tx] = c;}
      %c_neg = arith.cmpf olt, %c, %f0 : f32
      scf.if %c_neg {
        memref.store %f0, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        %c_big = arith.cmpf ogt, %c, %f1 : f32
        scf.if %c_big {
          memref.store %f1, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        } else {
          memref.store %c, %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier
      // C_cuda[index] = temp_result[ty][tx];
      %cres = memref.load %temp_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %cres, %C_cuda[%index] : memref<?xf32>
      // E_C[index] = e; W_C[index] = w; S_C[index] = s; N_C[index] = n;
      memref.store %nswe#3, %E_C[%index] : memref<?xf32>
      memref.store %nswe#2, %W_C[%index] : memref<?xf32>
      memref.store %nswe#1, %S_C[%index] : memref<?xf32>
      memref.store %nswe#0, %N_C[%index] : memref<?xf32>
      gpu.return
    }

    // __global__ void srad_cuda_2(float *E_C, float *W_C, float *N_C, float *S_C,
    //     float * J_cuda, float * C_cuda, int cols, int rows, float lambda, float q0sqr)
    gpu.func @srad_cuda_2(%E_C: memref<?xf32>, %W_C: memref<?xf32>, %N_C: memref<?xf32>,
                          %S_C: memref<?xf32>, %J_cuda: memref<?xf32>, %C_cuda: memref<?xf32>,
                          %cols: i32, %rows: i32, %lambda: f32, %q0sqr: f32)
        // __shared__ float south_c[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float  east_c[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float c_cuda_temp[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float c_cuda_result[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%south_c : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %east_c : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %c_cuda_temp : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %c_cuda_result : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %temp : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %B1 = arith.constant 15 : index
      %d_quarter = arith.constant 0.25 : f64
      // int bx = blockIdx.x; int by = blockIdx.y; int tx = threadIdx.x; int ty = threadIdx.y;
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %gdx = gpu.grid_dim x
      %gdy = gpu.grid_dim y
      %colsi = arith.index_cast %cols : i32 to index
      // cols * BLOCK_SIZE * by + BLOCK_SIZE * bx, the start of each index
      %cB = arith.muli %colsi, %BLOCK_SIZE : index
      %cBby = arith.muli %cB, %by : index
      %Bbx = arith.muli %BLOCK_SIZE, %bx : index
      %base = arith.addi %cBby, %Bbx : index
      %cty = arith.muli %colsi, %ty : index
      // int index   = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
      %index0 = arith.addi %base, %cty : index
      %index = arith.addi %index0, %tx : index
      // int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
      %index_s0 = arith.addi %base, %cB : index
      %index_s = arith.addi %index_s0, %tx : index
      // int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;
      %index_e = arith.addi %index0, %BLOCK_SIZE : index
      %gdx1 = arith.subi %gdx, %c1 : index
      %gdy1 = arith.subi %gdy, %c1 : index

      // temp[ty][tx] = J_cuda[index];
      %jv = memref.load %J_cuda[%index] : memref<?xf32>
      memref.store %jv, %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier

      // south_c[ty][tx] = C_cuda[index_s];
      // if ( by == gridDim.y - 1 ) south_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * (gridDim.y - 1)
      //     + BLOCK_SIZE * bx + cols * ( BLOCK_SIZE - 1 ) + tx];
      %bottom = arith.cmpi eq, %by, %gdy1 : index
      scf.if %bottom {
        %s0 = arith.muli %cB, %gdy1 : index
        %s1 = arith.addi %s0, %Bbx : index
        %s2 = arith.muli %colsi, %B1 : index
        %s3 = arith.addi %s1, %s2 : index
        %sbot = arith.addi %s3, %tx : index
        %v = memref.load %C_cuda[%sbot] : memref<?xf32>
        memref.store %v, %south_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        %v = memref.load %C_cuda[%index_s] : memref<?xf32>
        memref.store %v, %south_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier

      // east_c[ty][tx] = C_cuda[index_e];
      // if ( bx == gridDim.x - 1 ) east_c[ty][tx] = C_cuda[cols * BLOCK_SIZE * by
      //     + BLOCK_SIZE * ( gridDim.x - 1) + cols * ty + BLOCK_SIZE-1];
      %right = arith.cmpi eq, %bx, %gdx1 : index
      scf.if %right {
        %e0 = arith.muli %BLOCK_SIZE, %gdx1 : index
        %e1 = arith.addi %cBby, %e0 : index
        %e2 = arith.addi %e1, %cty : index
        %e3 = arith.addi %e2, %BLOCK_SIZE : index
        %eright = arith.subi %e3, %c1 : index
        %v = memref.load %C_cuda[%eright] : memref<?xf32>
        memref.store %v, %east_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      } else {
        %v = memref.load %C_cuda[%index_e] : memref<?xf32>
        memref.store %v, %east_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier

      // c_cuda_temp[ty][tx] = C_cuda[index];
      %cv = memref.load %C_cuda[%index] : memref<?xf32>
      memref.store %cv, %c_cuda_temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier

      // cc = c_cuda_temp[ty][tx];
      %cc = memref.load %c_cuda_temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %typ1 = arith.addi %ty, %c1 : index
      %txp1 = arith.addi %tx, %c1 : index
      %ty_last = arith.cmpi eq, %ty, %B1 : index
      %tx_last = arith.cmpi eq, %tx, %B1 : index
      // if ( ty == BLOCK_SIZE -1 && tx == BLOCK_SIZE - 1){ //se
      %is_se = arith.andi %ty_last, %tx_last : i1
      %cnswe:4 = scf.if %is_se -> (f32, f32, f32, f32) {
        // cn = cc; cs = south_c[ty][tx]; cw = cc; ce = east_c[ty][tx];
        %cs = memref.load %south_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ce = memref.load %east_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        scf.yield %cc, %cs, %cc, %ce : f32, f32, f32, f32
      } else {
        // else if ( tx == BLOCK_SIZE -1 ){ //e
        %r_e:4 = scf.if %tx_last -> (f32, f32, f32, f32) {
          // cn = cc; cs = c_cuda_temp[ty+1][tx]; cw = cc; ce = east_c[ty][tx];
          %cs = memref.load %c_cuda_temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %ce = memref.load %east_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          scf.yield %cc, %cs, %cc, %ce : f32, f32, f32, f32
        } else {
          // else if ( ty == BLOCK_SIZE -1){ //s
          %r_s:4 = scf.if %ty_last -> (f32, f32, f32, f32) {
            // cn = cc; cs = south_c[ty][tx]; cw = cc; ce = c_cuda_temp[ty][tx+1];
            %cs = memref.load %south_c[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ce = memref.load %c_cuda_temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
            scf.yield %cc, %cs, %cc, %ce : f32, f32, f32, f32
          } else {
            // else { //the data elements which are not on the borders
            // cn = cc; cs = c_cuda_temp[ty+1][tx]; cw = cc; ce = c_cuda_temp[ty][tx+1];
            %cs = memref.load %c_cuda_temp[%typ1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ce = memref.load %c_cuda_temp[%ty, %txp1] : memref<16x16xf32, #gpu.address_space<workgroup>>
            scf.yield %cc, %cs, %cc, %ce : f32, f32, f32, f32
          }
          scf.yield %r_s#0, %r_s#1, %r_s#2, %r_s#3 : f32, f32, f32, f32
        }
        scf.yield %r_e#0, %r_e#1, %r_e#2, %r_e#3 : f32, f32, f32, f32
      }
      // d_sum = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] + ce * E_C[index];
      %nc = memref.load %N_C[%index] : memref<?xf32>
      %t1 = arith.mulf %cnswe#0, %nc : f32
      %sc = memref.load %S_C[%index] : memref<?xf32>
      %t2 = arith.mulf %cnswe#1, %sc : f32
      %t12 = arith.addf %t1, %t2 : f32
      %wc = memref.load %W_C[%index] : memref<?xf32>
      %t3 = arith.mulf %cnswe#2, %wc : f32
      %t123 = arith.addf %t12, %t3 : f32
      %ec = memref.load %E_C[%index] : memref<?xf32>
      %t4 = arith.mulf %cnswe#3, %ec : f32
      %d_sum = arith.addf %t123, %t4 : f32
      // c_cuda_result[ty][tx] = temp[ty][tx] + 0.25 * lambda * d_sum;
      %tv = memref.load %temp[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %lambda_d = arith.extf %lambda : f32 to f64
      %ql = arith.mulf %d_quarter, %lambda_d : f64
      %d_sum_d = arith.extf %d_sum : f32 to f64
      %upd = arith.mulf %ql, %d_sum_d : f64
      %tv_d = arith.extf %tv : f32 to f64
      %res_d = arith.addf %tv_d, %upd : f64
      %res = arith.truncf %res_d : f64 to f32
      memref.store %res, %c_cuda_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // J_cuda[index] = c_cuda_result[ty][tx];
      %out = memref.load %c_cuda_result[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      memref.store %out, %J_cuda[%index] : memref<?xf32>
      gpu.return
    }
  }
}
