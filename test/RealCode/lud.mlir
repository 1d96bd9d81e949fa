// Rodinia LUD (LU decomposition without pivoting, blocked), ported as its CUDA source writes
// it: the kernels lud_diagonal (the 16x16 diagonal tile), lud_perimeter (the tiles right of and
// below it) and lud_internal (the trailing update), and the host code of lud_cuda and main.
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/lud/cuda/lud_kernel.cu (kernels, lud_cuda) and cuda/lud/cuda/lud.cu (main) (Rodinia 3.1).
// float *m is a memref<?xf32> indexed flat as written: m[array_offset+threadIdx.x] with
// `array_offset += matrix_dim` at the end of each trip, so array_offset is the loop's index
// iter_arg (its final value is unused, as in the source, which resets it before each loop);
// lud_internal's m[(offset+threadIdx.y)*matrix_dim+global_col_id+threadIdx.x] is evaluated left
// to right. The __shared__ float [BLOCK_SIZE][BLOCK_SIZE] arrays are workgroup attributions of
// memref<16x16xf32> indexed [row][column] as written (shadow; dia, peri_row, peri_col;
// peri_row, peri_col, in declaration order); __syncthreads() is gpu.barrier; the int
// parameters are i32 and the int arithmetic is index arithmetic on their index_casts.
// threadIdx.x > i and threadIdx.x < BLOCK_SIZE compare an unsigned int with an int, which C
// converts to unsigned: cmpi ugt / ult. `for (j=0; j < i; j++)` is an scf.for bounded by the
// outer loop's variable. Every `-=` and `/=` on shared memory is a load, the arithmetic and a
// store each time (a - b*c as mulf then subf: nvcc would contract it into an FFMA, which
// rounds once; C's semantics are two roundings); sum in lud_internal is the loop's f32
// iter_arg and `m[...] -= sum` a load, subf, store. idx, assigned in both branches of
// lud_perimeter's ifs, is tx or tx - 16 in each branch. The source's commented-out variant
// of lud_perimeter ("works ok on hardware, but not gpgpusim") is not ported.
// Host: main's cudaMalloc d_m, cudaMemcpy in, lud_cuda(d_m, matrix_dim), cudaMemcpy back into
// m, cudaFree. lud_cuda as written: i is the for loop's i32 iter_arg (i += BLOCK_SIZE), so
// the last lud_diagonal after the loop gets i = 48; the grids (matrix_dim-i)/BLOCK_SIZE-1
// are computed in i32 (divsi); BLOCK_SIZE*2 threads for lud_perimeter; m_debug = malloc(...)
// is a memref.alloc, unused and never freed, as in the source.
// Sizes: BLOCK_SIZE = 16 (the source's default, without RD_WG_SIZE), matrix_dim = 64 (the
// source reads -s N or a file; Rodinia's run uses -s 256): i = 0, 16, 32, so 3 launches per
// step (lud_perimeter grids 3, 2, 1 of 32 threads, lud_internal grids 3x3, 2x2, 1x1 of 16x16)
// and the last lud_diagonal at 48: 10 launches. The matrix is the random argument (uniform in
// [-1, 1)), not create_matrix's 10*exp(-0.001*|i-j|) Toeplitz matrix: LU without pivoting
// wants a diagonally dominant matrix for accuracy, but the diffs below compare bits, so any
// data does. Checked numerically all the same: a Python float64 Doolittle LU (no pivoting) of
// the random:1 matrix agrees with this program's result (--print-arg 0) to a relative error
// of 1.2e-3 at worst (pivots down to 0.10, entries up to 207 in magnitude; float32).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:4096
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:4096 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:4096 | FileCheck %s --check-prefix=PROGRAM
// Each kernel alone at the first step (offset 0) and at its last launch here (lud_diagonal
// at 48, lud_perimeter and lud_internal at 32, one block), on the random:1 matrix:
// RUN: gpu-mem-opt diff %s --kernel lud_diagonal --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 0
// SCOREBOARD: lud_diagonal expert/lud.mlir --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 0
// RUN: gpu-mem-opt diff %s --kernel lud_diagonal --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 48
// RUN: gpu-mem-opt diff %s --kernel lud_perimeter --grid 3,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 0
// SCOREBOARD: lud_perimeter expert/lud.mlir --grid 3,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 0
// RUN: gpu-mem-opt diff %s --kernel lud_perimeter --grid 1,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 32
// RUN: gpu-mem-opt diff %s --kernel lud_internal --grid 3,3,1 --block 16,16,1 --arg random:1:4096 --arg 64 --arg 0
// SCOREBOARD: lud_internal expert/lud.mlir --grid 3,3,1 --block 16,16,1 --arg random:1:4096 --arg 64 --arg 0
// RUN: gpu-mem-opt diff %s --kernel lud_internal --grid 1,1,1 --block 16,16,1 --arg random:1:4096 --arg 64 --arg 32
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The model's shared metrics against the interpreter's, triangular loops included, and the
// output's conflicts: peri_col's column accesses 8-way before, 1 after.
// RUN: gpu-mem-opt interp %s --kernel lud_diagonal --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 0 --check-static | FileCheck %s --check-prefix=STATIC
// RUN: gpu-mem-opt interp %s --kernel lud_perimeter --grid 3,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 0 --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ
// RUN: gpu-mem-opt opt %s -o %t.after.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.after.mlir --kernel lud_perimeter --grid 3,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 0 --trace | FileCheck %s --check-prefix=AFTER
// AFTER-NOT: (shared): {{.*}}bank_conflict_degree {{([02-9]|1\.)}}
// AFTER: memref.load (shared): requests 360, bank_conflict_degree 1,
// AFTER-NOT: (shared): {{.*}}bank_conflict_degree {{([02-9]|1\.)}}

// PROGRAM: identical: 10 launches (10 buffers after them), 0 lines of output, 1 argument

// What a CUDA expert would do: the kernels stage their tiles themselves, and the shared
// accesses that walk a column of a 16-float-row tile are bank-conflicted. In lud_diagonal,
// shadow[threadIdx.x][i] and shadow[threadIdx.x][j] put lane tx on word 16*tx + i: a warp's
// lanes land on 2 banks (i and i+16), so the lanes tx > i are served ceil((15-i)/2) at a time:
// 8-way at i = 0 (tx = 1..15), 1 at i = 14; the interpreter measures a degree of 4.27 per
// request for the /= (15 requests) and 2.93 for the -= of the j loop (105 requests, the long
// loops coming with the low degrees). In lud_perimeter the peri-col half (lanes 16..31, idx
// 0..15) reads and writes peri_col[idx][j] and peri_col[idx][i]: 16 lanes on 2 banks, 8-way at
// every one of its 360 + 48 requests. Padding both to [16][17] makes all of these conflict-free
// (measured: degree 1 everywhere, the row accesses stay 1); dia and peri_row need nothing
// (dia[i][j], dia[j][i], dia[i][i] are broadcasts, peri_row[i][idx], peri_row[j][idx] and the
// fills are rows), nor do lud_internal's tiles (peri_col[ty][i]: two words a warp, each a
// broadcast to its half; peri_row[i][tx]: the 16 words of a row, read by both halves). Global
// memory is already as coalesced as 16-wide tiles allow: m has rows of 64 floats (256 B) and
// offset is a multiple of 16, so each tile row is 64 B on a 64-byte boundary: 2 sectors per
// half-warp request in lud_diagonal and lud_perimeter, 4 per warp (two rows) in lud_internal,
// the minimum. m is read and written by every kernel: no read-only path. What else: keep
// shadow[tx][i], peri_row[i][idx], peri_col[idx][i] in a register across the j loop (j < i,
// so the loop never touches that element, and no other thread does before the barrier: one
// load and one store instead of i of each), contract a - b*c into FFMA, and in lud_internal
// read peri_col[ty][i..i+3] as float4 (LDS.128). The larger costs are not memory layout:
// lud_diagonal is one block of 16 threads (half a warp on one SM) through 15 dependent steps
// and 30 barriers, lud_perimeter's 32-thread blocks run as two divergent halves, and at
// matrix_dim = 64 lud_internal has 9, 4 and 1 blocks: every launch is latency-bound.
// What the pass does with the default options: it lays out the two conflicted tiles and
// leaves the rest, as the expert. The j loops bounded by the outer loop's i (j < i, j < i + 1)
// are modelled over 0..15 with j < i as a guard evaluated per iteration (session 27; before,
// "the trip count of loop1 is unknown" left every shared array of lud_diagonal and
// lud_perimeter unknown), and the model's conflicts are the interpreter's (--check-static
// below: every metric agrees). The sums the j loops accumulate in shared memory
// (shadow[tx][i] -= shadow[tx][j] * shadow[j][i], peri_row, peri_col likewise) live in a
// register across each j loop, as the expert would keep them: promote proves the other
// accesses of the loop touch other elements from the guards (session 28: j < i, and
// shadow[j][i] under tx > i, so j < i < tx), and where the loop may run no trip (j < i at
// i = 0) the load before it and the store after it are under lower < upper. Then shadow is
// swizzled (8-byte chunks, chunk ^= (row / 2) mod 8: wavefronts 969 -> 584, degree 1.66 ->
// 1; 1683 before promotion) and peri_col too (1488 -> 214, 6.95 -> 1; 3168), both
// without extra bytes, where the expert pads to [16][17]: the interpreter measures every shared
// access of the output at degree 1 (AFTER below), and the diffs are identical. dia and
// peri_row are "conflict-free already" and lud_internal's tiles too (wavefronts 136, degree
// 1), as the expert finds them. m is written in every kernel: ld.global, as the expert. It
// stages nothing, as the expert, and for the expert's reason: "coalesced (2 sectors/request),
// and no loop re-reads it" (4 in lud_internal, a warp on two rows; the report). Two facts make
// that known (session 27): array_offset, the iter_arg that += matrix_dim makes offset*64 +
// offset + 64*i, is followed as that sum (an iter_arg each trip adds the same constant to;
// before, "no footprint box: argument 1 of a block of scf.for", and the report called these
// accesses "random"), and offset (arg2) takes the values the host loop gives it, 0, 16, 32
// (and 48 after the loop, for lud_diagonal), each giving the same metrics, so they hold at
// every launch here (before: "sectors depends on the unknown value of arg2"). lud_diagonal
// had no time then: the walker did not follow the triangular loops.
// Delinearize reads offset (arg2) between the least and the most value the launches pass,
// 0 to 32 (session 29; it read only an argument every launch passes as one constant, and
// said "no guard or loop bound proves the column tid.x + arg2 >= 0"): lud_internal's
// m[(i+tid.y)*matrix_dim + i + tid.x] is now read as a row and a column of rows of 64.
// The other two stay flat, for a bound the ranges cannot prove one by one: the column
// tid.x + 16*bid.x + offset + 16 is below 64 at each launch (bid.x < 3 at offset 0, < 2 at
// 16, < 1 at 32), but with bid.x below the largest grid, 3, and offset up to 32 it reaches
// 95; its advice, "guard the column below the width", names that missing bound. vectorize
// suggests float4 for lud_internal's peri_col[ty][i], as the expert (and for the j loops'
// row reads); its suggestion to unroll lud_perimeter's i loop for peri_col[idx][i] could not
// be followed (each trip's j loop reads the elements the earlier trips store). Block ids
// range below the largest grid any launch gives, the host loop's trips enumerated (3 and 3x3;
// session 29, before, "no launch in the module gives its grid", as the launches differ: 3, 2,
// 1 and 3x3, 2x2, 1x1), so the time walker predicts lud_internal's largest launch (the
// report's time); it also walks lud_diagonal's and lud_perimeter's triangular loops (session
// 29), each at the trips a warp makes on average (the busiest lane's, over the outer loop's
// 16 values). lud_diagonal is predicted 5.1 -> 5.4 µs: one block of 16 threads, latency-bound,
// where the swizzle's index arithmetic costs more than its 385 wavefronts save; the swizzle is
// chosen by wavefronts, not by time. The time remarks say so, after the kernels' remarks
// (lud_internal's time does not change: no remark).

// REMARK: gpu-mem-opt: kernel: 'lud_diagonal': block 16x1x1 (from gpu.launch_func); 15 memory accesses; the same at every launch here: arg1 = 64; the launches here pass arg2 = 0, 16, 32 or 48
// REMARK: gpu-mem-opt: promote: workgroup 0: workgroup 0[tid.x, loop0] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its (unknown) iterations
// REMARK: gpu-mem-opt: promote: workgroup 0: workgroup 0[loop0 + 1, tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its (unknown, at least 1 by the id and loop ranges) iterations
// REMARK: gpu-mem-opt: readonly: arg 0: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 8-byte chunks: chunk ^= (row / 2) mod 8 (+0 B): wavefronts 969 -> 584 (degree 1.66 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|time}}
// REMARK: gpu-mem-opt: kernel: 'lud_perimeter': block 32x1x1 (from gpu.launch_func); 23 memory accesses; the same at every launch here: arg1 = 64; the launches here pass arg2 = 0, 16 or 32
// REMARK: gpu-mem-opt: promote: workgroup 1: workgroup 1[loop0, tid.x] kept in a register across the loop at {{.*}}
// REMARK: gpu-mem-opt: promote: workgroup 2: workgroup 2[tid.x - 16, loop0] kept in a register across the loop at {{.*}}
// REMARK: gpu-mem-opt: vectorize: workgroup 2: 16 loop iterations' loads of 4 B stay scalar: the loop's 64 B exceed one 16-byte access; unblock: unroll it by 4 iterations (16 B), and declare the buffer 16-byte aligned ({llvm.align = 16} on workgroup attribution 2; it is known to be 4-byte aligned: the element size only)
// REMARK: gpu-mem-opt: readonly: arg 0: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 272, degree 1); the same for workgroup 1
// REMARK: gpu-mem-opt: swizzle: workgroup 2: swizzle 8-byte chunks: chunk ^= (row / 2) mod 8 (+0 B): wavefronts 1488 -> 214 (degree 6.95 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|time}}
// REMARK: gpu-mem-opt: kernel: 'lud_internal': block 16x16x1 (from gpu.launch_func); 8 memory accesses; the same at every launch here: arg1 = 64
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[row*W + column] stays flat: no guard or loop bound proves the column tid.x + 16*bid.x + arg2 + 16 < the width 64; unblock: guard the column below the width (if (j < W)); the same for 2 more accesses: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 16*bid.y + arg2 + 16)*64 + tid.x + arg2] read as row tid.y + 16*bid.y + arg2 + 16, column tid.x + arg2 of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + arg2 < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: vectorize: workgroup 1: 16 loop iterations' loads of 4 B stay scalar: the loop's 64 B exceed one 16-byte access; unblock: unroll it by 4 iterations (16 B), and declare the buffer 16-byte aligned ({llvm.align = 16} on workgroup attribution 1; it is known to be 4-byte aligned: the element size only)
// REMARK: gpu-mem-opt: readonly: arg 0: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 136, degree 1); the same for workgroup 1
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize}}
// REMARK: lud.mlir:{{[0-9]+}}:5: remark: gpu-mem-opt: time: predicted 4.8 → 5.2 µs a launch (latency-bound)
// REMARK: lud.mlir:{{[0-9]+}}:5: remark: gpu-mem-opt: time: predicted 4.8 → 4.1 µs a launch (bound by shared-memory wavefronts → latency-bound)
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE
// TABLE-LABEL: kernel lud_diagonal
// TABLE: skipped stage-shared on arg 0: not staged: coalesced (2 sectors/request), and no loop re-reads it
// TABLE: time: predicted 4.8 → 5.2 µs a launch (latency-bound)
// TABLE-LABEL: kernel lud_perimeter
// TABLE: time: predicted 4.8 → 4.1 µs a launch (bound by shared-memory wavefronts → latency-bound)
// TABLE-LABEL: kernel lud_internal
// TABLE: skipped stage-shared on arg 0: not staged: coalesced (4 sectors/request), and no loop re-reads it
// TABLE: time: predicted 2.4 → 2.4 µs a launch (latency-bound)

module attributes {gpu.container_module} {
  // main(): matrix_dim = 64 (-s 64); m (create_matrix's, or the -i file's matrix, and the
  // result) is the argument.
  func.func @main(%m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    // #define BLOCK_SIZE 16
    %BLOCK_SIZE = arith.constant 16 : i32
    // int matrix_dim = 64;
    %matrix_dim = arith.constant 64 : i32
    // cudaMalloc((void**)&d_m, matrix_dim*matrix_dim*sizeof(float));
    %size_i32 = arith.muli %matrix_dim, %matrix_dim : i32
    %size = arith.index_cast %size_i32 : i32 to index
    %d_m = gpu.alloc (%size) : memref<?xf32>
    // cudaMemcpy(d_m, m, matrix_dim*matrix_dim*sizeof(float), cudaMemcpyHostToDevice);
    gpu.memcpy %d_m, %m : memref<?xf32>, memref<?xf32>
    // lud_cuda(d_m, matrix_dim):
    //   int i=0;
    //   dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    %block = arith.index_cast %BLOCK_SIZE : i32 to index
    //   float *m_debug = (float*)malloc(matrix_dim*matrix_dim*sizeof(float));
    %m_debug = memref.alloc (%size) : memref<?xf32>
    //   for (i=0; i < matrix_dim-BLOCK_SIZE; i += BLOCK_SIZE) {
    %bound_i32 = arith.subi %matrix_dim, %BLOCK_SIZE : i32
    %bound = arith.index_cast %bound_i32 : i32 to index
    %i_after = scf.for %iv = %c0 to %bound step %block iter_args(%i_in = %c0_i32) -> (i32) {
      %i = arith.index_cast %iv : index to i32
      //   lud_diagonal<<<1, BLOCK_SIZE>>>(m, matrix_dim, i);
      gpu.launch_func @kernels::@lud_diagonal blocks in (%c1, %c1, %c1) threads in (%block, %c1, %c1)
          args(%d_m : memref<?xf32>, %matrix_dim : i32, %i : i32)
      //   lud_perimeter<<<(matrix_dim-i)/BLOCK_SIZE-1, BLOCK_SIZE*2>>>(m, matrix_dim, i);
      %rest = arith.subi %matrix_dim, %i : i32
      %blocks_left = arith.divsi %rest, %BLOCK_SIZE : i32
      %nperi_i32 = arith.subi %blocks_left, %c1_i32 : i32
      %nperi = arith.index_cast %nperi_i32 : i32 to index
      %two = arith.constant 2 : i32
      %peri_threads_i32 = arith.muli %BLOCK_SIZE, %two : i32
      %peri_threads = arith.index_cast %peri_threads_i32 : i32 to index
      gpu.launch_func @kernels::@lud_perimeter blocks in (%nperi, %c1, %c1) threads in (%peri_threads, %c1, %c1)
          args(%d_m : memref<?xf32>, %matrix_dim : i32, %i : i32)
      //   dim3 dimGrid((matrix_dim-i)/BLOCK_SIZE-1, (matrix_dim-i)/BLOCK_SIZE-1);
      %rest2 = arith.subi %matrix_dim, %i : i32
      %gx_q = arith.divsi %rest2, %BLOCK_SIZE : i32
      %gx_i32 = arith.subi %gx_q, %c1_i32 : i32
      %gx = arith.index_cast %gx_i32 : i32 to index
      %rest3 = arith.subi %matrix_dim, %i : i32
      %gy_q = arith.divsi %rest3, %BLOCK_SIZE : i32
      %gy_i32 = arith.subi %gy_q, %c1_i32 : i32
      %gy = arith.index_cast %gy_i32 : i32 to index
      //   lud_internal<<<dimGrid, dimBlock>>>(m, matrix_dim, i);
      gpu.launch_func @kernels::@lud_internal blocks in (%gx, %gy, %c1) threads in (%block, %block, %c1)
          args(%d_m : memref<?xf32>, %matrix_dim : i32, %i : i32)
      // i += BLOCK_SIZE
      %i_next = arith.addi %i, %BLOCK_SIZE : i32
      scf.yield %i_next : i32
    }
    //   }
    //   lud_diagonal<<<1,BLOCK_SIZE>>>(m, matrix_dim, i);
    gpu.launch_func @kernels::@lud_diagonal blocks in (%c1, %c1, %c1) threads in (%block, %c1, %c1)
        args(%d_m : memref<?xf32>, %matrix_dim : i32, %i_after : i32)
    // cudaMemcpy(m, d_m, matrix_dim*matrix_dim*sizeof(float), cudaMemcpyDeviceToHost);
    gpu.memcpy %m, %d_m : memref<?xf32>, memref<?xf32>
    // cudaFree(d_m); (m_debug is never freed)
    gpu.dealloc %d_m : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void lud_diagonal(float *m, int matrix_dim, int offset)
    gpu.func @lud_diagonal(%m: memref<?xf32>, %matrix_dim: i32, %offset: i32)
        // __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%shadow : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %md = arith.index_cast %matrix_dim : i32 to index
      %off = arith.index_cast %offset : i32 to index
      %tx = gpu.thread_id x
      // int array_offset = offset*matrix_dim+offset;
      %om = arith.muli %off, %md : index
      %ao0 = arith.addi %om, %off : index
      // for(i=0; i < BLOCK_SIZE; i++){
      //   shadow[i][threadIdx.x]=m[array_offset+threadIdx.x];
      //   array_offset += matrix_dim;
      // }
      %ao1 = scf.for %i = %c0 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao0) -> (index) {
        %g = arith.addi %ao, %tx : index
        %v = memref.load %m[%g] : memref<?xf32>
        memref.store %v, %shadow[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %next = arith.addi %ao, %md : index
        scf.yield %next : index
      }
      // __syncthreads();
      gpu.barrier
      // for(i=0; i < BLOCK_SIZE-1; i++) {
      %B_1 = arith.subi %BLOCK_SIZE, %c1 : index
      scf.for %i = %c0 to %B_1 step %c1 {
        // if (threadIdx.x>i){
        %tx_gt_i = arith.cmpi ugt, %tx, %i : index
        scf.if %tx_gt_i {
          // for(j=0; j < i; j++)
          //   shadow[threadIdx.x][i] -= shadow[threadIdx.x][j]*shadow[j][i];
          scf.for %j = %c0 to %i step %c1 {
            %a = memref.load %shadow[%tx, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %b = memref.load %shadow[%j, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %s = memref.load %shadow[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %d = arith.subf %s, %ab : f32
            memref.store %d, %shadow[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          }
          // shadow[threadIdx.x][i] /= shadow[i][i];
          %p = memref.load %shadow[%i, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %s2 = memref.load %shadow[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %q = arith.divf %s2, %p : f32
          memref.store %q, %shadow[%tx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // if (threadIdx.x>i){
        %tx_gt_i2 = arith.cmpi ugt, %tx, %i : index
        scf.if %tx_gt_i2 {
          // for(j=0; j < i+1; j++)
          //   shadow[i+1][threadIdx.x] -= shadow[i+1][j]*shadow[j][threadIdx.x];
          %i1 = arith.addi %i, %c1 : index
          scf.for %j = %c0 to %i1 step %c1 {
            %a = memref.load %shadow[%i1, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %b = memref.load %shadow[%j, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %s = memref.load %shadow[%i1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %d = arith.subf %s, %ab : f32
            memref.store %d, %shadow[%i1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          }
        }
        // __syncthreads();
        gpu.barrier
      }
      // array_offset = (offset+1)*matrix_dim+offset;
      %off1 = arith.addi %off, %c1 : index
      %o1m = arith.muli %off1, %md : index
      %ao2 = arith.addi %o1m, %off : index
      // for(i=1; i < BLOCK_SIZE; i++){
      //   m[array_offset+threadIdx.x]=shadow[i][threadIdx.x];
      //   array_offset += matrix_dim;
      // }
      %ao3 = scf.for %i = %c1 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao2) -> (index) {
        %v = memref.load %shadow[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %g = arith.addi %ao, %tx : index
        memref.store %v, %m[%g] : memref<?xf32>
        %next = arith.addi %ao, %md : index
        scf.yield %next : index
      }
      gpu.return
    }

    // __global__ void lud_perimeter(float *m, int matrix_dim, int offset)
    gpu.func @lud_perimeter(%m: memref<?xf32>, %matrix_dim: i32, %offset: i32)
        // __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%dia : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_row : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_col : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %HALF = arith.constant 8 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %md = arith.index_cast %matrix_dim : i32 to index
      %off = arith.index_cast %offset : i32 to index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      // if (threadIdx.x < BLOCK_SIZE) {
      %is_row = arith.cmpi ult, %tx, %BLOCK_SIZE : index
      scf.if %is_row {
        // idx = threadIdx.x;
        // array_offset = offset*matrix_dim+offset;
        %om = arith.muli %off, %md : index
        %ao0 = arith.addi %om, %off : index
        // for (i=0; i < BLOCK_SIZE/2; i++){
        //   dia[i][idx]=m[array_offset+idx];
        //   array_offset += matrix_dim;
        // }
        %ao1 = scf.for %i = %c0 to %HALF step %c1 iter_args(%ao = %ao0) -> (index) {
          %g = arith.addi %ao, %tx : index
          %v = memref.load %m[%g] : memref<?xf32>
          memref.store %v, %dia[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
        // array_offset = offset*matrix_dim+offset;
        %om2 = arith.muli %off, %md : index
        %ao2 = arith.addi %om2, %off : index
        // for (i=0; i < BLOCK_SIZE; i++) {
        //   peri_row[i][idx]=m[array_offset+(blockIdx.x+1)*BLOCK_SIZE+idx];
        //   array_offset += matrix_dim;
        // }
        %ao3 = scf.for %i = %c0 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao2) -> (index) {
          %bx1 = arith.addi %bx, %c1 : index
          %bxB = arith.muli %bx1, %BLOCK_SIZE : index
          %g0 = arith.addi %ao, %bxB : index
          %g = arith.addi %g0, %tx : index
          %v = memref.load %m[%g] : memref<?xf32>
          memref.store %v, %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
      } else {
        // idx = threadIdx.x-BLOCK_SIZE;
        %idx = arith.subi %tx, %BLOCK_SIZE : index
        // array_offset = (offset+BLOCK_SIZE/2)*matrix_dim+offset;
        %offh = arith.addi %off, %HALF : index
        %ohm = arith.muli %offh, %md : index
        %ao0 = arith.addi %ohm, %off : index
        // for (i=BLOCK_SIZE/2; i < BLOCK_SIZE; i++){
        //   dia[i][idx]=m[array_offset+idx];
        //   array_offset += matrix_dim;
        // }
        %ao1 = scf.for %i = %HALF to %BLOCK_SIZE step %c1 iter_args(%ao = %ao0) -> (index) {
          %g = arith.addi %ao, %idx : index
          %v = memref.load %m[%g] : memref<?xf32>
          memref.store %v, %dia[%i, %idx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
        // array_offset = (offset+(blockIdx.x+1)*BLOCK_SIZE)*matrix_dim+offset;
        %bx1 = arith.addi %bx, %c1 : index
        %bxB = arith.muli %bx1, %BLOCK_SIZE : index
        %ob = arith.addi %off, %bxB : index
        %obm = arith.muli %ob, %md : index
        %ao2 = arith.addi %obm, %off : index
        // for (i=0; i < BLOCK_SIZE; i++) {
        //   peri_col[i][idx] = m[array_offset+idx];
        //   array_offset += matrix_dim;
        // }
        %ao3 = scf.for %i = %c0 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao2) -> (index) {
          %g = arith.addi %ao, %idx : index
          %v = memref.load %m[%g] : memref<?xf32>
          memref.store %v, %peri_col[%i, %idx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
      }
      // __syncthreads();
      gpu.barrier
      // if (threadIdx.x < BLOCK_SIZE) { //peri-row
      %is_row2 = arith.cmpi ult, %tx, %BLOCK_SIZE : index
      scf.if %is_row2 {
        // idx=threadIdx.x;
        // for(i=1; i < BLOCK_SIZE; i++){
        //   for (j=0; j < i; j++)
        //     peri_row[i][idx]-=dia[i][j]*peri_row[j][idx];
        // }
        scf.for %i = %c1 to %BLOCK_SIZE step %c1 {
          scf.for %j = %c0 to %i step %c1 {
            %a = memref.load %dia[%i, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %b = memref.load %peri_row[%j, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %s = memref.load %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %d = arith.subf %s, %ab : f32
            memref.store %d, %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          }
        }
      } else { //peri-col
        // idx=threadIdx.x - BLOCK_SIZE;
        %idx = arith.subi %tx, %BLOCK_SIZE : index
        // for(i=0; i < BLOCK_SIZE; i++){
        scf.for %i = %c0 to %BLOCK_SIZE step %c1 {
          // for(j=0; j < i; j++)
          //   peri_col[idx][i]-=peri_col[idx][j]*dia[j][i];
          scf.for %j = %c0 to %i step %c1 {
            %a = memref.load %peri_col[%idx, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %b = memref.load %dia[%j, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %s = memref.load %peri_col[%idx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %d = arith.subf %s, %ab : f32
            memref.store %d, %peri_col[%idx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          }
          // peri_col[idx][i] /= dia[i][i];
          %p = memref.load %dia[%i, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %s2 = memref.load %peri_col[%idx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %q = arith.divf %s2, %p : f32
          memref.store %q, %peri_col[%idx, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      // __syncthreads();
      gpu.barrier
      // if (threadIdx.x < BLOCK_SIZE) { //peri-row
      %is_row3 = arith.cmpi ult, %tx, %BLOCK_SIZE : index
      scf.if %is_row3 {
        // idx=threadIdx.x;
        // array_offset = (offset+1)*matrix_dim+offset;
        %off1 = arith.addi %off, %c1 : index
        %o1m = arith.muli %off1, %md : index
        %ao0 = arith.addi %o1m, %off : index
        // for(i=1; i < BLOCK_SIZE; i++){
        //   m[array_offset+(blockIdx.x+1)*BLOCK_SIZE+idx] = peri_row[i][idx];
        //   array_offset += matrix_dim;
        // }
        %ao1 = scf.for %i = %c1 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao0) -> (index) {
          %v = memref.load %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %bx1 = arith.addi %bx, %c1 : index
          %bxB = arith.muli %bx1, %BLOCK_SIZE : index
          %g0 = arith.addi %ao, %bxB : index
          %g = arith.addi %g0, %tx : index
          memref.store %v, %m[%g] : memref<?xf32>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
      } else { //peri-col
        // idx=threadIdx.x - BLOCK_SIZE;
        %idx = arith.subi %tx, %BLOCK_SIZE : index
        // array_offset = (offset+(blockIdx.x+1)*BLOCK_SIZE)*matrix_dim+offset;
        %bx1 = arith.addi %bx, %c1 : index
        %bxB = arith.muli %bx1, %BLOCK_SIZE : index
        %ob = arith.addi %off, %bxB : index
        %obm = arith.muli %ob, %md : index
        %ao0 = arith.addi %obm, %off : index
        // for(i=0; i < BLOCK_SIZE; i++){
        //   m[array_offset+idx] =  peri_col[i][idx];
        //   array_offset += matrix_dim;
        // }
        %ao1 = scf.for %i = %c0 to %BLOCK_SIZE step %c1 iter_args(%ao = %ao0) -> (index) {
          %v = memref.load %peri_col[%i, %idx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %g = arith.addi %ao, %idx : index
          memref.store %v, %m[%g] : memref<?xf32>
          %next = arith.addi %ao, %md : index
          scf.yield %next : index
        }
      }
      gpu.return
    }

    // __global__ void lud_internal(float *m, int matrix_dim, int offset)
    gpu.func @lud_internal(%m: memref<?xf32>, %matrix_dim: i32, %offset: i32)
        // __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%peri_row : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_col : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %md = arith.index_cast %matrix_dim : i32 to index
      %off = arith.index_cast %offset : i32 to index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      // int global_row_id = offset + (blockIdx.y+1)*BLOCK_SIZE;
      %by1 = arith.addi %by, %c1 : index
      %byB = arith.muli %by1, %BLOCK_SIZE : index
      %global_row_id = arith.addi %off, %byB : index
      // int global_col_id = offset + (blockIdx.x+1)*BLOCK_SIZE;
      %bx1 = arith.addi %bx, %c1 : index
      %bxB = arith.muli %bx1, %BLOCK_SIZE : index
      %global_col_id = arith.addi %off, %bxB : index
      // peri_row[threadIdx.y][threadIdx.x] = m[(offset+threadIdx.y)*matrix_dim+global_col_id+threadIdx.x];
      %oty = arith.addi %off, %ty : index
      %otym = arith.muli %oty, %md : index
      %r0 = arith.addi %otym, %global_col_id : index
      %r = arith.addi %r0, %tx : index
      %rv = memref.load %m[%r] : memref<?xf32>
      memref.store %rv, %peri_row[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // peri_col[threadIdx.y][threadIdx.x] = m[(global_row_id+threadIdx.y)*matrix_dim+offset+threadIdx.x];
      %gty = arith.addi %global_row_id, %ty : index
      %gtym = arith.muli %gty, %md : index
      %c0i = arith.addi %gtym, %off : index
      %c = arith.addi %c0i, %tx : index
      %cv = memref.load %m[%c] : memref<?xf32>
      memref.store %cv, %peri_col[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // sum = 0;
      // for (i=0; i < BLOCK_SIZE; i++)
      //   sum += peri_col[threadIdx.y][i] * peri_row[i][threadIdx.x];
      %sum = scf.for %i = %c0 to %BLOCK_SIZE step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %peri_col[%ty, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %b = memref.load %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ab = arith.mulf %a, %b : f32
        %acc_next = arith.addf %acc, %ab : f32
        scf.yield %acc_next : f32
      }
      // m[(global_row_id+threadIdx.y)*matrix_dim+global_col_id+threadIdx.x] -= sum;
      %gty2 = arith.addi %global_row_id, %ty : index
      %gtym2 = arith.muli %gty2, %md : index
      %o0 = arith.addi %gtym2, %global_col_id : index
      %o = arith.addi %o0, %tx : index
      %old = memref.load %m[%o] : memref<?xf32>
      %new = arith.subf %old, %sum : f32
      memref.store %new, %m[%o] : memref<?xf32>
      gpu.return
    }
  }
}
