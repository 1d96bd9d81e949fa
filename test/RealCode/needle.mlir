// Rodinia NW (Needleman-Wunsch global sequence alignment: the score matrix filled by
// anti-diagonals of 16x16 tiles), ported as its CUDA source writes it: the kernels
// needle_cuda_shared_1 (the top-left triangle of tiles) and needle_cuda_shared_2 (the
// bottom-right one), the device function maximum, and the host code of runTest.
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/nw/needle_kernel.cu (kernels, maximum), cuda/nw/needle.cu (runTest), cuda/nw/needle.h
// (BLOCK_SIZE 16: no RD_WG_SIZE given) (Rodinia 3.1).
// Each int* parameter is a memref<?xi32> indexed flat as written (referrence[index + cols * ty],
// matrix_cuda[index_w + cols * tx], matrix_cuda[index + ty * cols], ...); the int parameters
// are i32 and the int arithmetic (b_index_x/y, index, index_n, index_w, index_nw, t_index_x/y)
// is index arithmetic on their index_casts, left to right as written; the four indices'
// common start cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x is computed once (the
// source writes it out in each). `__shared__ int temp[BLOCK_SIZE+1][BLOCK_SIZE+1]` and
// `ref[BLOCK_SIZE][BLOCK_SIZE]` are workgroup attributions of memref<17x17xi32> and
// memref<16x16xi32> in declaration order, indexed [row][column] as written; __syncthreads()
// is gpu.barrier. maximum(a, b, c) is a func.func in the gpu.module, called as the source
// calls it (`a <= b ? b : a`, then `k <= c ? c : k`: cmpi sle + select, twice); its three
// arguments are evaluated left to right (C leaves the order open; they only load). `tx <= m`
// and `tx == 0` are signed compares. `for (m = BLOCK_SIZE - 2; m >= 0; m--)` is an scf.for
// over k = 0 .. BLOCK_SIZE - 2 with m = BLOCK_SIZE - 2 - k, a barrier at the end of each
// trip as in the source. The arithmetic on ints is i32 (addi, subi: two's complement wrap,
// where C's overflow is undefined; the scores here stay far from it).
// Host: runTest(argc, argv) with argv[1] = 64, argv[2] = 10 (the dimension check passes:
// 64 % 16 == 0); max_rows = max_cols = 65; referrence and input_itemsets are memref.allocs,
// output_itemsets (the traceback's input) is main's second argument; blosum62 is a constant
// memref.global as the source's static table. srand(7) and the 128 rand() calls: main's first
// argument holds what they return, in call order (the random i32 argument's low 31 bits, as
// pathfinder.mlir takes them; glibc's sequence for seed 7 is not reproduced), the call count
// an iter_arg. The zeroing loop, the two rand() % 10 + 1 loops, the blosum62 lookup into
// referrence (its row 0 and column 0 left unwritten, as malloc leaves them; no kernel reads
// them), the two -i * penalty border loops, cudaMalloc/cudaMemcpy of both arrays, dimBlock
// (BLOCK_SIZE, 1), block_width = (max_cols - 1) / BLOCK_SIZE = 4 (divsi), then the two host
// loops as written: for i = 1 .. block_width needle_cuda_shared_1<<<(i, 1), (16, 1)>>> (grids
// 1, 2, 3, 4), and for i = block_width - 1 down to 1 (an scf.for over k with i =
// block_width - 1 - k) needle_cuda_shared_2<<<(i, 1), (16, 1)>>> (grids 3, 2, 1): 7
// launches, each with (referrence_cuda, matrix_cuda, max_cols, penalty, i, block_width); the
// copy back into output_itemsets, cudaFree, free. Left out: printf, the TIMING code, and the
// TRACEBACK block (#define TRACEBACK is commented out in the source).
// Sizes: the source reads the dimension from argv (Rodinia's run uses 2048 10): 64 here,
// max_cols = 65 (the +1 border row and column, as the source adds), so 4x4 tiles of 16x16
// and rows of 65 ints (260 B: every tile row starts at a different offset in its sectors).
// The kernels have no edge guards: the source requires the dimension to be a multiple of 16.
// Checked numerically (/tmp scratch, plain Python with i32 wrap): a transcription of both
// kernels (blocks one by one, each barrier a phase split) and of runTest gives this
// program's output_itemsets (--print-arg 1) bit for bit on random:1, random:2 and random:7,
// and equals the sequential Needleman-Wunsch recurrence (score[r][c] = max(score[r-1][c-1] +
// referrence[r][c], score[r][c-1] - 10, score[r-1][c] - 10)) on the same data; each kernel
// alone (needle_cuda_shared_1 at i = 1 and 4, needle_cuda_shared_2 at i = 3 and 1) on
// random:1 and random:2 (wrapping i32) agrees with the interpreter bit for bit as well.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:128 --arg zeros:4225
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:128 --arg zeros:4225 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:128 --arg zeros:4225 | FileCheck %s --check-prefix=PROGRAM
// Each kernel alone at one of main's launches (referrence, matrix_cuda, cols = 65, penalty =
// 10, i, block_width = 4): needle_cuda_shared_1's last (i = 4, 4 blocks), needle_cuda_shared_2's
// first (i = 3, 3 blocks), on random data:
// RUN: gpu-mem-opt diff %s --kernel needle_cuda_shared_1 --grid 4,1,1 --block 16,1,1 --arg random:1:4225 --arg random:2:4225 --arg 65 --arg 10 --arg 4 --arg 4
// SCOREBOARD: needle_cuda_shared_1 expert/needle.mlir --grid 4,1,1 --block 16,1,1 --arg random:1:4225 --arg random:2:4225 --arg 65 --arg 10 --arg 4 --arg 4
// RUN: gpu-mem-opt diff %s --kernel needle_cuda_shared_2 --grid 3,1,1 --block 16,1,1 --arg random:1:4225 --arg random:2:4225 --arg 65 --arg 10 --arg 3 --arg 4
// SCOREBOARD: needle_cuda_shared_2 expert/needle.mlir --grid 3,1,1 --block 16,1,1 --arg random:1:4225 --arg random:2:4225 --arg 65 --arg 10 --arg 3 --arg 4
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The model's metrics against the interpreter's (the anti-diagonal's 4.50-way average measured):
// RUN: gpu-mem-opt interp %s --kernel needle_cuda_shared_1 --grid 4,1,1 --block 16,1,1 --arg random:1:4225 --arg random:2:4225 --arg 65 --arg 10 --arg 4 --arg 4 --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: memref.load: bank_conflict_degree 4.5 ok
// STATIC: static check: 40 metrics agree, 0 differ

// PROGRAM: identical: 7 launches (14 buffers after them), 0 lines of output, 2 arguments

// What a CUDA expert would do: measured on the interpreter (interp --trace): a block is 16
// threads, half a warp, so every request has 16 lanes of 4 B (64 B, ideally 2 sectors).
// Global, per block: referrence's 16x16 tile is 16 row requests, rows 260 B apart (65 ints),
// so each row's 64 B start at a different offset in its sectors: 2 or 3 sectors, 2.875 on
// average, 46 sectors, each int read once; the final matrix_cuda[index + ty * cols] stores
// are the same 46; the north row matrix_cuda[index_n] 3 sectors, temp[0][0]'s load 1, and
// the west column matrix_cuda[index_w + cols * tx] puts the 16 lanes in 16 rows: 16 sectors
// in one request, the kernel's only uncoalesced access, once per block and inherent in a
// row-major matrix (the column belongs to the tile on the left, written by an earlier
// launch). 112 sectors a block (448 at the 4-block launch below), every byte needed and read
// once: nothing to stage, and the misalignment is the layout's (rows of 65). referrence is
// read-only: const int* __restrict__ (ld.global.nc). Shared: the anti-diagonal sweep's
// temp[m - tx + 1][tx + 1] (and its NW, W and N neighbours; the second loop's
// temp[BLOCK_SIZE - tx][tx + BLOCK_SIZE - m] likewise) puts lane tx at word 17(m+1) - 16 tx
// + 1: lanes 16 words apart, only two banks, so the m+1 active lanes collide ceil((m+1)/2)-way:
// 8-way on the widest diagonals (m = 14, 15), 4.50 on average over the first loop and 4.27
// over the second; 563 wavefronts a block where the 143 requests need 143. The expert pads
// temp to [BLOCK_SIZE+1][BLOCK_SIZE+2]: lanes 17 words apart, 16 banks, 563 -> 143 (the west
// column's store temp[tx + 1][0], 18 words apart, stays conflict-free; +68 B). ref's
// ref[t_index_y-1][t_index_x-1] is 15 words apart, conflict-free already (47 a block). The
// rest is not memory layout: the kernel is latency-bound (31 barrier-separated steps with 1
// to 16 of 16 lanes busy, grids of 1 to block_width blocks); bigger tiles, several tiles a
// block or one launch per wave of tiles change the work decomposition.
// What the pass does with the default options: the expert's rewrite: it pads temp by one
// element a row (+68 B) in both kernels, 563 -> 143 wavefronts a block as counted above,
// leaves ref as it is, and gives referrence (arg 0, a gpu.alloc of its own) ld.global.nc;
// matrix_cuda, read and written, stays coherent, and nothing is staged (right: no reuse, and
// the column cannot be coalesced). Predicted 3.7 -> 3.7 us a launch (latency-bound: the
// padding's wavefronts are not what bounds it). The remarks:
// - "its worst access 4.50-way -> 1": 4.50 is the sweep access's average over the m loop;
//   its worst request is 8-way (m = 14, 15), which the remark says since session 33.
// - The west column load's stage-shared reason, "the kernel also writes this memref, so a
//   staged copy could miss a write by another thread": no thread of a launch writes what
//   another reads (each block writes its own tile and reads the borders of tiles that earlier
//   launches wrote); the reason a CUDA programmer would give is that it is one column, 16
//   rows once a block, which no staging coalesces.
// - "nearly coalesced (2.88 sectors/request, ideal 4)" (report, referrence) said a full
//   warp's ideal; for a 16-lane request of ints it is 2 sectors, as the report says since
//   session 33 ("ideal 2"); 2.88 is the rows' misalignment, which staging cannot fix either.
// - needle_cuda_shared_2's west column "stays flat: no guard or loop bound proves the column
//   16*bid.x - 16*arg4 + 64 < the width 65; unblock: guard the column below the width": every
//   launch's grid is (i, 1), so bid.x < arg4 and the column is at most 16*(block_width - 1) =
//   48; the pass bounds bid.x by the largest grid (3) and arg4 by its smallest value (1) apart.
//   The version remark's check ("arg4 >= 0; -16*arg4 <= -32", i.e. i >= 2) is the same gap,
//   and it is false at the i = 1 launch, which is in bounds. needle_cuda_shared_2's other flat
//   accesses (referrence's tile, the north row, the final store: the same column term) stay
//   flat with no delinearize remark at all.
// - temp[0][0]'s load and the north row are read "as rows of 1040 elements" (cols *
//   BLOCK_SIZE: a row of tiles): the same addresses, but the matrix's rows are 65 ints.
// - The vectorize remark on temp's NW and N loads (adjacent words) is noise: one element
//   each per lane on a diagonal, no pair a CUDA programmer would vectorize.
// - Nothing says the block is half a warp, which halves every request's width.
// With --lone-kernels (no host code: block size, cols, i, block_width unknown) the pad is
// made all the same ("costed at 5 block shapes ... 1 to 16 threads", the numbers at 16x1x1,
// which it calls "the 1 a warp wide": it is half a warp), referrence keeps ld.global (it may
// alias matrix_cuda; no run-time check, read once), and every global access stays flat:
// index = ... + tx + (cols + 1) is read as column tid.x + 16*bid.x + arg2 + 1 (cols in the
// column: "no guard or loop bound proves the column ... >= 0; unblock: guard the column at or
// above 0"), where it is row + 1, column tid.x + 16*bid.x + 1.
/// needle_cuda_shared_1: temp padded as the expert; referrence through ld.global.nc; the
/// west column's stage-shared reason and the pad's "worst access 4.50-way" (an average; the
/// worst request is 8-way) are discussed above.
// REMARK: gpu-mem-opt: kernel: 'needle_cuda_shared_1': block 16x1x1 (from gpu.launch_func); 20 memory accesses; the same at every launch here: arg2 = 65, arg3 = 10, arg5 = 4; the launches here pass arg4 = 1, 2, 3 or 4
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(-bid.x + arg4 - 1)*1040 + 16*bid.x] read as row -bid.x + arg4 - 1, column 16*bid.x of rows of 1040 elements (a 2-D view, the same addresses): 0 <= 16*bid.x < 1040 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(-16*bid.x + loop0 + 16*arg4 - 15)*65 + tid.x + 16*bid.x + 1] read as row -16*bid.x + loop0 + 16*arg4 - 15, column tid.x + 16*bid.x + 1 of rows of 65 elements (a 2-D view, the same addresses): 0 <= tid.x + 16*bid.x + 1 < 65 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.x - 16*bid.x + 16*arg4 - 15)*65 + 16*bid.x] read as row tid.x - 16*bid.x + 16*arg4 - 15, column 16*bid.x of rows of 65 elements (a 2-D view, the same addresses): 0 <= 16*bid.x < 65 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(-bid.x + arg4 - 1)*1040 + tid.x + 16*bid.x + 1] read as row -bid.x + arg4 - 1, column tid.x + 16*bid.x + 1 of rows of 1040 elements (a 2-D view, the same addresses): 0 <= tid.x + 16*bid.x + 1 < 1040 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(-16*bid.x + loop0 + 16*arg4 - 15)*65 + tid.x + 16*bid.x + 1] written as row -16*bid.x + loop0 + 16*arg4 - 15, column tid.x + 16*bid.x + 1 of rows of 65 elements (a 2-D view, the same addresses): 0 <= tid.x + 16*bid.x + 1 < 65 by the id and loop ranges
// REMARK: gpu-mem-opt: vectorize: workgroup 0: 2 loads of 4 B stay scalar: the first element's offset (-16*tid.x + 17*loop0) is a multiple of 4 B only, a 8-byte access needs 8: loop0 moves the start by 68 B; unblock: none by row padding: no pad of the innermost dimension below 8 B makes every term a multiple of 8 B
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 1: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: the kernel also writes this memref, so a staged copy could miss a write by another thread
// REMARK: gpu-mem-opt: pad: workgroup 0: pad 1 element (+68 B): wavefronts 563 -> 143 (degree 3.94 -> 1), its worst access 4.50-way on average (8-way at worst) -> 1
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 47, degree 1)
// REMARK-NOT: remark: gpu-mem-opt: {{swizzle|promote|stage-shared: arg [0-9]+: staged|time}}
/// needle_cuda_shared_2: the same, but its column 16*bid.x - 16*arg4 + 64 is not bounded
/// (bid.x < gridDim.x = arg4 at every launch is not used).
// REMARK: gpu-mem-opt: kernel: 'needle_cuda_shared_2': block 16x1x1 (from gpu.launch_func); 20 memory accesses; the same at every launch here: arg2 = 65, arg3 = 10, arg5 = 4; the launches here pass arg4 = 1, 2 or 3
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(-bid.x + 3)*1040 + 16*bid.x - 16*arg4 + 64] read as row -bid.x + 3, column 16*bid.x - 16*arg4 + 64 of rows of 1040 elements (a 2-D view, the same addresses): 0 <= 16*bid.x - 16*arg4 + 64 < 1040 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[row*W + column] stays flat: no guard or loop bound proves the column 16*bid.x - 16*arg4 + 64 < the width 65; unblock: guard the column below the width (if (j < W))
// REMARK: gpu-mem-opt: vectorize: workgroup 0: 2 loads of 4 B stay scalar: the first element's offset (-16*tid.x + 17*loop0) is a multiple of 4 B only, a 8-byte access needs 8: loop0 moves the start by 68 B; unblock: none by row padding: no pad of the innermost dimension below 8 B makes every term a multiple of 8 B
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 1: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: the kernel also writes this memref, so a staged copy could miss a write by another thread
// REMARK: gpu-mem-opt: version: kernel: not specialized under a run-time check of arg4 >= 0; -16*arg4 <= -32 (for the flat indices at {{.*}}): host code in this module launches it, and its launches, not a check, give the facts
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 47, degree 1)
// REMARK: gpu-mem-opt: pad: workgroup 0: pad 1 element (+68 B): wavefronts 563 -> 143 (degree 3.94 -> 1), its worst access 4.50-way on average (8-way at worst) -> 1
// REMARK-NOT: remark: gpu-mem-opt: {{swizzle|promote|stage-shared: arg [0-9]+: staged|time}}

module attributes {gpu.container_module} {
  // int blosum62[24][24] (needle.cu), as written
  memref.global "private" constant @blosum62 : memref<24x24xi32> = dense<[
    [ 4, -1, -2, -2,  0, -1, -1,  0, -2, -1, -1, -1, -1, -2, -1,  1,  0, -3, -2,  0, -2, -1,  0, -4],
    [-1,  5,  0, -2, -3,  1,  0, -2,  0, -3, -2,  2, -1, -3, -2, -1, -1, -3, -2, -3, -1,  0, -1, -4],
    [-2,  0,  6,  1, -3,  0,  0,  0,  1, -3, -3,  0, -2, -3, -2,  1,  0, -4, -2, -3,  3,  0, -1, -4],
    [-2, -2,  1,  6, -3,  0,  2, -1, -1, -3, -4, -1, -3, -3, -1,  0, -1, -4, -3, -3,  4,  1, -1, -4],
    [ 0, -3, -3, -3,  9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4],
    [-1,  1,  0,  0, -3,  5,  2, -2,  0, -3, -2,  1,  0, -3, -1,  0, -1, -2, -1, -2,  0,  3, -1, -4],
    [-1,  0,  0,  2, -4,  2,  5, -2,  0, -3, -3,  1, -2, -3, -1,  0, -1, -3, -2, -2,  1,  4, -1, -4],
    [ 0, -2,  0, -1, -3, -2, -2,  6, -2, -4, -4, -2, -3, -3, -2,  0, -2, -2, -3, -3, -1, -2, -1, -4],
    [-2,  0,  1, -1, -3,  0,  0, -2,  8, -3, -3, -1, -2, -1, -2, -1, -2, -2,  2, -3,  0,  0, -1, -4],
    [-1, -3, -3, -3, -1, -3, -3, -4, -3,  4,  2, -3,  1,  0, -3, -2, -1, -3, -1,  3, -3, -3, -1, -4],
    [-1, -2, -3, -4, -1, -2, -3, -4, -3,  2,  4, -2,  2,  0, -3, -2, -1, -2, -1,  1, -4, -3, -1, -4],
    [-1,  2,  0, -1, -3,  1,  1, -2, -1, -3, -2,  5, -1, -3, -1,  0, -1, -3, -2, -2,  0,  1, -1, -4],
    [-1, -1, -2, -3, -1,  0, -2, -3, -2,  1,  2, -1,  5,  0, -2, -1, -1, -1, -1,  1, -3, -1, -1, -4],
    [-2, -3, -3, -3, -2, -3, -3, -3, -1,  0,  0, -3,  0,  6, -4, -2, -2,  1,  3, -1, -3, -3, -1, -4],
    [-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4,  7, -1, -1, -4, -3, -2, -2, -1, -2, -4],
    [ 1, -1,  1,  0, -1,  0,  0,  0, -1, -2, -2,  0, -1, -2, -1,  4,  1, -3, -2, -2,  0,  0,  0, -4],
    [ 0, -1,  0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1,  1,  5, -2, -2,  0, -1, -1,  0, -4],
    [-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1,  1, -4, -3, -2, 11,  2, -3, -4, -3, -2, -4],
    [-2, -2, -2, -3, -2, -1, -2, -3,  2, -1, -1, -2, -1,  3, -3, -2, -2,  2,  7, -1, -3, -2, -1, -4],
    [ 0, -3, -3, -3, -1, -2, -2, -3, -3,  3,  1, -2,  1, -1, -2, -2,  0, -3, -1,  4, -3, -2, -1, -4],
    [-2, -1,  3,  4, -3,  0,  1, -1,  0, -3, -4,  0, -3, -3, -2,  0, -1, -4, -3, -3,  4,  1, -1, -4],
    [-1,  0,  0,  1, -3,  3,  4, -2,  0, -3, -3,  1, -1, -3, -1,  0, -1, -3, -2, -2,  1,  4, -1, -4],
    [ 0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2,  0,  0, -2, -1, -1, -1, -1, -1, -4],
    [-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4,  1]]>

  // runTest(argc, argv) with argv[1] = 64, argv[2] = 10; rand is what the 128 rand() calls
  // after srand(7) return (31-bit values: the random i32 argument's low 31 bits);
  // output_itemsets (malloc'd, the traceback's input) is the second argument.
  func.func @main(%rand: memref<?xi32>, %output_itemsets: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    // #define BLOCK_SIZE 16 (needle.h)
    %BLOCK_SIZE = arith.constant 16 : i32
    // max_rows = atoi(argv[1]); max_cols = atoi(argv[1]); penalty = atoi(argv[2]);
    %max_rows0 = arith.constant 64 : i32
    %max_cols0 = arith.constant 64 : i32
    %penalty = arith.constant 10 : i32
    // (atoi(argv[1]) % 16 != 0 exits: 64 passes)
    // max_rows = max_rows + 1; max_cols = max_cols + 1;
    %max_rows = arith.addi %max_rows0, %c1_i32 : i32
    %max_cols = arith.addi %max_cols0, %c1_i32 : i32
    %rowsi = arith.index_cast %max_rows : i32 to index
    %colsi = arith.index_cast %max_cols : i32 to index
    // referrence = (int *)malloc(max_rows * max_cols * sizeof(int));
    // input_itemsets = (int *)malloc(max_rows * max_cols * sizeof(int));
    %rc = arith.muli %max_rows, %max_cols : i32
    %rci = arith.index_cast %rc : i32 to index
    %referrence = memref.alloc (%rci) : memref<?xi32>
    %input_itemsets = memref.alloc (%rci) : memref<?xi32>
    // srand(7);  (the rand() results are %rand's elements, taken in call order)
    %RAND_MAX = arith.constant 2147483647 : i32
    %ten = arith.constant 10 : i32
    // for (int i = 0; i < max_cols; i++) for (int j = 0; j < max_rows; j++)
    //   input_itemsets[i*max_cols+j] = 0;
    scf.for %i = %c0 to %colsi step %c1 {
      scf.for %j = %c0 to %rowsi step %c1 {
        %ic = arith.muli %i, %colsi : index
        %k = arith.addi %ic, %j : index
        memref.store %c0_i32, %input_itemsets[%k] : memref<?xi32>
      }
    }
    // for (int i = 1; i < max_rows; i++) input_itemsets[i*max_cols] = rand() % 10 + 1;
    %calls1 = scf.for %i = %c1 to %rowsi step %c1 iter_args(%call = %c0) -> (index) {
      %bits = memref.load %rand[%call] : memref<?xi32>
      %r = arith.andi %bits, %RAND_MAX : i32
      %r10 = arith.remsi %r, %ten : i32
      %v = arith.addi %r10, %c1_i32 : i32
      %ic = arith.muli %i, %colsi : index
      memref.store %v, %input_itemsets[%ic] : memref<?xi32>
      %next = arith.addi %call, %c1 : index
      scf.yield %next : index
    }
    // for (int j = 1; j < max_cols; j++) input_itemsets[j] = rand() % 10 + 1;
    %calls2 = scf.for %j = %c1 to %colsi step %c1 iter_args(%call = %calls1) -> (index) {
      %bits = memref.load %rand[%call] : memref<?xi32>
      %r = arith.andi %bits, %RAND_MAX : i32
      %r10 = arith.remsi %r, %ten : i32
      %v = arith.addi %r10, %c1_i32 : i32
      memref.store %v, %input_itemsets[%j] : memref<?xi32>
      %next = arith.addi %call, %c1 : index
      scf.yield %next : index
    }
    // for (int i = 1; i < max_cols; i++) for (int j = 1; j < max_rows; j++)
    //   referrence[i*max_cols+j] = blosum62[input_itemsets[i*max_cols]][input_itemsets[j]];
    %blosum62 = memref.get_global @blosum62 : memref<24x24xi32>
    scf.for %i = %c1 to %colsi step %c1 {
      scf.for %j = %c1 to %rowsi step %c1 {
        %ic = arith.muli %i, %colsi : index
        %a = memref.load %input_itemsets[%ic] : memref<?xi32>
        %b = memref.load %input_itemsets[%j] : memref<?xi32>
        %ai = arith.index_cast %a : i32 to index
        %bi = arith.index_cast %b : i32 to index
        %s = memref.load %blosum62[%ai, %bi] : memref<24x24xi32>
        %k = arith.addi %ic, %j : index
        memref.store %s, %referrence[%k] : memref<?xi32>
      }
    }
    // for (int i = 1; i < max_rows; i++) input_itemsets[i*max_cols] = -i * penalty;
    scf.for %i = %c1 to %rowsi step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %ni = arith.subi %c0_i32, %i32 : i32
      %v = arith.muli %ni, %penalty : i32
      %ic = arith.muli %i, %colsi : index
      memref.store %v, %input_itemsets[%ic] : memref<?xi32>
    }
    // for (int j = 1; j < max_cols; j++) input_itemsets[j] = -j * penalty;
    scf.for %j = %c1 to %colsi step %c1 {
      %j32 = arith.index_cast %j : index to i32
      %nj = arith.subi %c0_i32, %j32 : i32
      %v = arith.muli %nj, %penalty : i32
      memref.store %v, %input_itemsets[%j] : memref<?xi32>
    }
    // size = max_cols * max_rows;
    %size = arith.muli %max_cols, %max_rows : i32
    %sizei = arith.index_cast %size : i32 to index
    // cudaMalloc referrence_cuda, matrix_cuda (sizeof(int)*size);
    %referrence_cuda = gpu.alloc (%sizei) : memref<?xi32>
    %matrix_cuda = gpu.alloc (%sizei) : memref<?xi32>
    // cudaMemcpy(referrence_cuda, referrence, ...); cudaMemcpy(matrix_cuda, input_itemsets, ...);
    gpu.memcpy %referrence_cuda, %referrence : memref<?xi32>, memref<?xi32>
    gpu.memcpy %matrix_cuda, %input_itemsets : memref<?xi32>, memref<?xi32>
    // dim3 dimGrid; dim3 dimBlock(BLOCK_SIZE, 1);
    %block = arith.index_cast %BLOCK_SIZE : i32 to index
    // int block_width = (max_cols - 1) / BLOCK_SIZE;
    %mc1 = arith.subi %max_cols, %c1_i32 : i32
    %block_width = arith.divsi %mc1, %BLOCK_SIZE : i32
    // process top-left matrix
    // for (int i = 1; i <= block_width; i++) {
    //   dimGrid.x = i; dimGrid.y = 1;
    //   needle_cuda_shared_1<<<dimGrid, dimBlock>>>(referrence_cuda, matrix_cuda, max_cols,
    //                                               penalty, i, block_width); }
    %bwi = arith.index_cast %block_width : i32 to index
    %bw1 = arith.addi %bwi, %c1 : index
    scf.for %iv = %c1 to %bw1 step %c1 {
      %i = arith.index_cast %iv : index to i32
      gpu.launch_func @kernels::@needle_cuda_shared_1 blocks in (%iv, %c1, %c1) threads in (%block, %c1, %c1)
          args(%referrence_cuda : memref<?xi32>, %matrix_cuda : memref<?xi32>, %max_cols : i32,
               %penalty : i32, %i : i32, %block_width : i32)
    }
    // process bottom-right matrix
    // for (int i = block_width - 1; i >= 1; i--) {   (i = block_width - 1 - k, k = 0 .. block_width - 2)
    //   dimGrid.x = i; dimGrid.y = 1;
    //   needle_cuda_shared_2<<<dimGrid, dimBlock>>>(referrence_cuda, matrix_cuda, max_cols,
    //                                               penalty, i, block_width); }
    %bwm1 = arith.subi %bwi, %c1 : index
    scf.for %k = %c0 to %bwm1 step %c1 {
      %iv = arith.subi %bwm1, %k : index
      %i = arith.index_cast %iv : index to i32
      gpu.launch_func @kernels::@needle_cuda_shared_2 blocks in (%iv, %c1, %c1) threads in (%block, %c1, %c1)
          args(%referrence_cuda : memref<?xi32>, %matrix_cuda : memref<?xi32>, %max_cols : i32,
               %penalty : i32, %i : i32, %block_width : i32)
    }
    // cudaMemcpy(output_itemsets, matrix_cuda, sizeof(int) * size, cudaMemcpyDeviceToHost);
    gpu.memcpy %output_itemsets, %matrix_cuda : memref<?xi32>, memref<?xi32>
    // cudaFree(referrence_cuda); cudaFree(matrix_cuda); free(referrence); free(input_itemsets);
    gpu.dealloc %referrence_cuda : memref<?xi32>
    gpu.dealloc %matrix_cuda : memref<?xi32>
    memref.dealloc %referrence : memref<?xi32>
    memref.dealloc %input_itemsets : memref<?xi32>
    return
  }

  gpu.module @kernels {
    // __device__ __host__ int maximum(int a, int b, int c) {
    //   int k; if (a <= b) k = b; else k = a;
    //   if (k <= c) return(c); else return(k); }
    func.func @maximum(%a: i32, %b: i32, %c: i32) -> i32 {
      %ab = arith.cmpi sle, %a, %b : i32
      %k = arith.select %ab, %b, %a : i32
      %kc = arith.cmpi sle, %k, %c : i32
      %r = arith.select %kc, %c, %k : i32
      return %r : i32
    }

    // __global__ void needle_cuda_shared_1(int* referrence, int* matrix_cuda, int cols,
    //                                      int penalty, int i, int block_width)
    gpu.func @needle_cuda_shared_1(%referrence: memref<?xi32>, %matrix_cuda: memref<?xi32>, %cols: i32, %penalty: i32, %i: i32, %block_width: i32)
        // __shared__ int temp[BLOCK_SIZE+1][BLOCK_SIZE+1];
        // __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%temp : memref<17x17xi32, #gpu.address_space<workgroup>>, %ref : memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %BLOCK_SIZE = arith.constant 16 : index
      %BLOCK_SIZE_1 = arith.constant 15 : index
      %colsi = arith.index_cast %cols : i32 to index
      %ii = arith.index_cast %i : i32 to index
      // int bx = blockIdx.x; int tx = threadIdx.x;
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      // int b_index_x = bx;
      // int b_index_y = i - 1 - bx;
      %im1 = arith.subi %ii, %c1 : index
      %b_index_y = arith.subi %im1, %bx : index
      // cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x, the common start of the four
      // indices (written out in each of them)
      %cB = arith.muli %colsi, %BLOCK_SIZE : index
      %cBy = arith.muli %cB, %b_index_y : index
      %Bx = arith.muli %BLOCK_SIZE, %bx : index
      %base = arith.addi %cBy, %Bx : index
      // int index    = ... + tx + ( cols + 1 );
      %base_tx = arith.addi %base, %tx : index
      %cols1 = arith.addi %colsi, %c1 : index
      %index = arith.addi %base_tx, %cols1 : index
      // int index_n  = ... + tx + ( 1 );
      %index_n = arith.addi %base_tx, %c1 : index
      // int index_w  = ... + ( cols );
      %index_w = arith.addi %base, %colsi : index
      // int index_nw = ...;
      %index_nw = arith.addi %cBy, %Bx : index
      // if (tx == 0) temp[tx][0] = matrix_cuda[index_nw];
      %tx0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %tx0 {
        %nw = memref.load %matrix_cuda[%index_nw] : memref<?xi32>
        memref.store %nw, %temp[%tx, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      }
      // for (int ty = 0; ty < BLOCK_SIZE; ty++) ref[ty][tx] = referrence[index + cols * ty];
      scf.for %ty = %c0 to %BLOCK_SIZE step %c1 {
        %cty = arith.muli %colsi, %ty : index
        %src = arith.addi %index, %cty : index
        %r = memref.load %referrence[%src] : memref<?xi32>
        memref.store %r, %ref[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier
      // temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
      %ctx = arith.muli %colsi, %tx : index
      %wsrc = arith.addi %index_w, %ctx : index
      %w = memref.load %matrix_cuda[%wsrc] : memref<?xi32>
      %tx1 = arith.addi %tx, %c1 : index
      memref.store %w, %temp[%tx1, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // temp[0][tx + 1] = matrix_cuda[index_n];
      %n = memref.load %matrix_cuda[%index_n] : memref<?xi32>
      %tx1b = arith.addi %tx, %c1 : index
      memref.store %n, %temp[%c0, %tx1b] : memref<17x17xi32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // for (int m = 0; m < BLOCK_SIZE; m++) {
      scf.for %m = %c0 to %BLOCK_SIZE step %c1 {
        // if (tx <= m) {
        %act = arith.cmpi sle, %tx, %m : index
        scf.if %act {
          // int t_index_x = tx + 1;
          // int t_index_y = m - tx + 1;
          %t_index_x = arith.addi %tx, %c1 : index
          %mtx = arith.subi %m, %tx : index
          %t_index_y = arith.addi %mtx, %c1 : index
          // temp[t_index_y][t_index_x] = maximum(temp[t_index_y-1][t_index_x-1] + ref[t_index_y-1][t_index_x-1],
          //                                      temp[t_index_y][t_index_x-1] - penalty,
          //                                      temp[t_index_y-1][t_index_x] - penalty);
          %y1 = arith.subi %t_index_y, %c1 : index
          %x1 = arith.subi %t_index_x, %c1 : index
          %tnw = memref.load %temp[%y1, %x1] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %y1b = arith.subi %t_index_y, %c1 : index
          %x1b = arith.subi %t_index_x, %c1 : index
          %rnw = memref.load %ref[%y1b, %x1b] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %tnw, %rnw : i32
          %x1c = arith.subi %t_index_x, %c1 : index
          %tw = memref.load %temp[%t_index_y, %x1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %b = arith.subi %tw, %penalty : i32
          %y1c = arith.subi %t_index_y, %c1 : index
          %tn = memref.load %temp[%y1c, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %c = arith.subi %tn, %penalty : i32
          %mx = func.call @maximum(%a, %b, %c) : (i32, i32, i32) -> i32
          memref.store %mx, %temp[%t_index_y, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
      }
      // for (int m = BLOCK_SIZE - 2; m >= 0; m--) { (m = BLOCK_SIZE - 2 - k, k = 0 .. BLOCK_SIZE - 2)
      scf.for %k = %c0 to %BLOCK_SIZE_1 step %c1 {
        %BS2 = arith.subi %BLOCK_SIZE, %c1 : index
        %BS2b = arith.subi %BS2, %c1 : index
        %m = arith.subi %BS2b, %k : index
        // if (tx <= m) {
        %act = arith.cmpi sle, %tx, %m : index
        scf.if %act {
          // int t_index_x = tx + BLOCK_SIZE - m;
          // int t_index_y = BLOCK_SIZE - tx;
          %txB = arith.addi %tx, %BLOCK_SIZE : index
          %t_index_x = arith.subi %txB, %m : index
          %t_index_y = arith.subi %BLOCK_SIZE, %tx : index
          // temp[t_index_y][t_index_x] = maximum(...), as above
          %y1 = arith.subi %t_index_y, %c1 : index
          %x1 = arith.subi %t_index_x, %c1 : index
          %tnw = memref.load %temp[%y1, %x1] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %y1b = arith.subi %t_index_y, %c1 : index
          %x1b = arith.subi %t_index_x, %c1 : index
          %rnw = memref.load %ref[%y1b, %x1b] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %tnw, %rnw : i32
          %x1c = arith.subi %t_index_x, %c1 : index
          %tw = memref.load %temp[%t_index_y, %x1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %b = arith.subi %tw, %penalty : i32
          %y1c = arith.subi %t_index_y, %c1 : index
          %tn = memref.load %temp[%y1c, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %c = arith.subi %tn, %penalty : i32
          %mx = func.call @maximum(%a, %b, %c) : (i32, i32, i32) -> i32
          memref.store %mx, %temp[%t_index_y, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
      }
      // for (int ty = 0; ty < BLOCK_SIZE; ty++) matrix_cuda[index + ty * cols] = temp[ty+1][tx+1];
      scf.for %ty = %c0 to %BLOCK_SIZE step %c1 {
        %ty1 = arith.addi %ty, %c1 : index
        %tx1c = arith.addi %tx, %c1 : index
        %v = memref.load %temp[%ty1, %tx1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
        %tyc = arith.muli %ty, %colsi : index
        %dst = arith.addi %index, %tyc : index
        memref.store %v, %matrix_cuda[%dst] : memref<?xi32>
      }
      gpu.return
    }

    // __global__ void needle_cuda_shared_2(int* referrence, int* matrix_cuda, int cols,
    //                                      int penalty, int i, int block_width)
    gpu.func @needle_cuda_shared_2(%referrence: memref<?xi32>, %matrix_cuda: memref<?xi32>, %cols: i32, %penalty: i32, %i: i32, %block_width: i32)
        // __shared__ int temp[BLOCK_SIZE+1][BLOCK_SIZE+1];
        // __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%temp : memref<17x17xi32, #gpu.address_space<workgroup>>, %ref : memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %BLOCK_SIZE = arith.constant 16 : index
      %BLOCK_SIZE_1 = arith.constant 15 : index
      %colsi = arith.index_cast %cols : i32 to index
      %ii = arith.index_cast %i : i32 to index
      // int bx = blockIdx.x; int tx = threadIdx.x;
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bwi = arith.index_cast %block_width : i32 to index
      // int b_index_x = bx + block_width - i;
      // int b_index_y = block_width - bx - 1;
      %bxbw = arith.addi %bx, %bwi : index
      %b_index_x = arith.subi %bxbw, %ii : index
      %bwbx = arith.subi %bwi, %bx : index
      %b_index_y = arith.subi %bwbx, %c1 : index
      // cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x, the common start of the four
      // indices (written out in each of them)
      %cB = arith.muli %colsi, %BLOCK_SIZE : index
      %cBy = arith.muli %cB, %b_index_y : index
      %Bx = arith.muli %BLOCK_SIZE, %b_index_x : index
      %base = arith.addi %cBy, %Bx : index
      // int index    = ... + tx + ( cols + 1 );
      %base_tx = arith.addi %base, %tx : index
      %cols1 = arith.addi %colsi, %c1 : index
      %index = arith.addi %base_tx, %cols1 : index
      // int index_n  = ... + tx + ( 1 );
      %index_n = arith.addi %base_tx, %c1 : index
      // int index_w  = ... + ( cols );
      %index_w = arith.addi %base, %colsi : index
      // int index_nw = ...;
      %index_nw = arith.addi %cBy, %Bx : index
      // for (int ty = 0; ty < BLOCK_SIZE; ty++) ref[ty][tx] = referrence[index + cols * ty];
      scf.for %ty = %c0 to %BLOCK_SIZE step %c1 {
        %cty = arith.muli %colsi, %ty : index
        %src = arith.addi %index, %cty : index
        %r = memref.load %referrence[%src] : memref<?xi32>
        memref.store %r, %ref[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier
      // if (tx == 0) temp[tx][0] = matrix_cuda[index_nw];
      %tx0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %tx0 {
        %nw = memref.load %matrix_cuda[%index_nw] : memref<?xi32>
        memref.store %nw, %temp[%tx, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      }
      // temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
      %ctx = arith.muli %colsi, %tx : index
      %wsrc = arith.addi %index_w, %ctx : index
      %w = memref.load %matrix_cuda[%wsrc] : memref<?xi32>
      %tx1 = arith.addi %tx, %c1 : index
      memref.store %w, %temp[%tx1, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // temp[0][tx + 1] = matrix_cuda[index_n];
      %n = memref.load %matrix_cuda[%index_n] : memref<?xi32>
      %tx1b = arith.addi %tx, %c1 : index
      memref.store %n, %temp[%c0, %tx1b] : memref<17x17xi32, #gpu.address_space<workgroup>>
      // __syncthreads();
      gpu.barrier
      // for (int m = 0; m < BLOCK_SIZE; m++) {
      scf.for %m = %c0 to %BLOCK_SIZE step %c1 {
        // if (tx <= m) {
        %act = arith.cmpi sle, %tx, %m : index
        scf.if %act {
          // int t_index_x = tx + 1;
          // int t_index_y = m - tx + 1;
          %t_index_x = arith.addi %tx, %c1 : index
          %mtx = arith.subi %m, %tx : index
          %t_index_y = arith.addi %mtx, %c1 : index
          // temp[t_index_y][t_index_x] = maximum(temp[t_index_y-1][t_index_x-1] + ref[t_index_y-1][t_index_x-1],
          //                                      temp[t_index_y][t_index_x-1] - penalty,
          //                                      temp[t_index_y-1][t_index_x] - penalty);
          %y1 = arith.subi %t_index_y, %c1 : index
          %x1 = arith.subi %t_index_x, %c1 : index
          %tnw = memref.load %temp[%y1, %x1] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %y1b = arith.subi %t_index_y, %c1 : index
          %x1b = arith.subi %t_index_x, %c1 : index
          %rnw = memref.load %ref[%y1b, %x1b] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %tnw, %rnw : i32
          %x1c = arith.subi %t_index_x, %c1 : index
          %tw = memref.load %temp[%t_index_y, %x1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %b = arith.subi %tw, %penalty : i32
          %y1c = arith.subi %t_index_y, %c1 : index
          %tn = memref.load %temp[%y1c, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %c = arith.subi %tn, %penalty : i32
          %mx = func.call @maximum(%a, %b, %c) : (i32, i32, i32) -> i32
          memref.store %mx, %temp[%t_index_y, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
      }
      // for (int m = BLOCK_SIZE - 2; m >= 0; m--) { (m = BLOCK_SIZE - 2 - k, k = 0 .. BLOCK_SIZE - 2)
      scf.for %k = %c0 to %BLOCK_SIZE_1 step %c1 {
        %BS2 = arith.subi %BLOCK_SIZE, %c1 : index
        %BS2b = arith.subi %BS2, %c1 : index
        %m = arith.subi %BS2b, %k : index
        // if (tx <= m) {
        %act = arith.cmpi sle, %tx, %m : index
        scf.if %act {
          // int t_index_x = tx + BLOCK_SIZE - m;
          // int t_index_y = BLOCK_SIZE - tx;
          %txB = arith.addi %tx, %BLOCK_SIZE : index
          %t_index_x = arith.subi %txB, %m : index
          %t_index_y = arith.subi %BLOCK_SIZE, %tx : index
          // temp[t_index_y][t_index_x] = maximum(...), as above
          %y1 = arith.subi %t_index_y, %c1 : index
          %x1 = arith.subi %t_index_x, %c1 : index
          %tnw = memref.load %temp[%y1, %x1] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %y1b = arith.subi %t_index_y, %c1 : index
          %x1b = arith.subi %t_index_x, %c1 : index
          %rnw = memref.load %ref[%y1b, %x1b] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %tnw, %rnw : i32
          %x1c = arith.subi %t_index_x, %c1 : index
          %tw = memref.load %temp[%t_index_y, %x1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %b = arith.subi %tw, %penalty : i32
          %y1c = arith.subi %t_index_y, %c1 : index
          %tn = memref.load %temp[%y1c, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %c = arith.subi %tn, %penalty : i32
          %mx = func.call @maximum(%a, %b, %c) : (i32, i32, i32) -> i32
          memref.store %mx, %temp[%t_index_y, %t_index_x] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
      }
      // for (int ty = 0; ty < BLOCK_SIZE; ty++) matrix_cuda[index + ty * cols] = temp[ty+1][tx+1];
      scf.for %ty = %c0 to %BLOCK_SIZE step %c1 {
        %ty1 = arith.addi %ty, %c1 : index
        %tx1c = arith.addi %tx, %c1 : index
        %v = memref.load %temp[%ty1, %tx1c] : memref<17x17xi32, #gpu.address_space<workgroup>>
        %tyc = arith.muli %ty, %colsi : index
        %dst = arith.addi %index, %tyc : index
        memref.store %v, %matrix_cuda[%dst] : memref<?xi32>
      }
      gpu.return
    }
  }
}
