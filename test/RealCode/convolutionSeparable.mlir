// NVIDIA cuda-samples separable convolution, ported as its CUDA source writes it: the kernels
// convolutionRowsKernel and convolutionColumnsKernel, their host functions convolutionRowsGPU
// and convolutionColumnsGPU, and the host code of main that calls them.
// Source: GitHub NVIDIA/cuda-samples, Samples/2_Concepts_and_Techniques/convolutionSeparable/:
// convolutionSeparable.cu (kernels, #defines, host functions) and convolutionSeparable_gold.cpp
// at commit ca37378cb454b74e3979fa7a14c110045d3c4437, main.cpp at commit
// f5cb14f3aa1aefa07059c287f0e875ada3ecde14, convolutionSeparable_common.h (KERNEL_RADIUS 8,
// KERNEL_LENGTH 17) at commit eddc6fd7e1f18ef436eaf36cefcd67db993fcc24.
// ROWS_BLOCKDIM_X 16, ROWS_BLOCKDIM_Y 4, ROWS_RESULT_STEPS 8, ROWS_HALO_STEPS 1 and
// COLUMNS_BLOCKDIM_X 16, COLUMNS_BLOCKDIM_Y 8, COLUMNS_RESULT_STEPS 8, COLUMNS_HALO_STEPS 1 as
// #defined: a row block of 16x4 threads computes 8 outputs a thread 16 apart (a 4 x 128 strip)
// from a 4 x 160 shared tile (the strip and a 16-wide halo on each side); a column block of
// 16x8 threads computes 8 outputs a thread 8 rows apart (a 64 x 16 strip) from a 16 x 81 tile
// (transposed: s_Data[threadIdx.x][...], rows of 80 + 1).
// Each float* parameter (d_Dst, d_Src) is a memref<?xf32> indexed flat; `d_Src += baseY *
// pitch + baseX` is the index offset %src (and %dst for d_Dst, computed again as written)
// added to every later index: d_Src[i * ROWS_BLOCKDIM_X] is d_Src[src + i*16],
// d_Src[i * COLUMNS_BLOCKDIM_Y * pitch] is d_Src[src + (i*8)*pitch]. The int parameters
// imageW, imageH, pitch are i32 and the int arithmetic is index arithmetic on their index_casts
// in the source's order. baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) *
// ROWS_BLOCKDIM_X + threadIdx.x is unsigned arithmetic in C (blockIdx is unsigned), which wraps
// at blockIdx.x = 0 and converts to the int -16 + threadIdx.x; the index arithmetic gives that
// signed value directly (the same for the columns' baseY = -8 + threadIdx.y at blockIdx.y = 0).
// `__constant__ float c_Kernel[KERNEL_LENGTH]` is not a memref.global here (the host could not
// fill one: gpu.memcpy takes memrefs, and there is no cudaMemcpyToSymbol): it is a sixth kernel
// argument %c_Kernel : memref<17xf32>, a gpu.alloc of 17 floats filled by a gpu.memcpy from
// h_Kernel as setConvolutionKernel's cudaMemcpyToSymbol fills the symbol, read as
// c_Kernel[KERNEL_RADIUS - j] as written. The `__shared__ float s_Data[...]` arrays are
// workgroup attributions of memref<4x160xf32> (rows) and memref<16x81xf32> (columns), indexed
// [threadIdx.y][threadIdx.x + i * 16 (+ j)] and [threadIdx.x][threadIdx.y + i * 8 (+ j)] as
// written; cg::sync(cta) is gpu.barrier. Every `#pragma unroll` loop is an scf.for over the
// same range (not unrolled, as the source leaves it to the compiler), the one-trip halo loops
// (i = 0 to ROWS_HALO_STEPS, i = 9 to 10) included. Each halo ternary `(cond) ?
// d_Src[...] : 0` is an scf.if yielding the loaded value or 0.0 (C evaluates only the chosen
// operand, so the load runs only where cond holds: at the image's edge it would read before
// or past the buffer); `-i * ROWS_BLOCKDIM_X` is (0 - i) * 16, the compares signed.
// `sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[...]` is a mulf then an addf into the loop's
// f32 iter_arg from `float sum = 0`, j from -8 to 8 (nvcc would contract them into an FFMA;
// the sample accepts a relative L2 error of 1e-6 against the CPU).
// Host: main's h_Kernel, h_Input and h_OutputGPU (malloc'd) are its three arguments; srand(200)
// and the loops h_Kernel[i] = (float)(rand() % 16), h_Input[i] = (float)(rand() % 16) are
// replaced by the random arguments (uniform in [-1, 1)): with the integers 0..15 every sum is
// an integer below 2^24, exact in any order, so a reordered or misplaced tap would not show.
// The loop `for (int i = -1; i < iterations; i++)` (i = -1 the warmup) runs with iterations = 1
// (the source's 16): 2 calls of each GPU function, every call writing the same d_Buffer and
// d_Output. convolutionRowsGPU / convolutionColumnsGPU are inlined at the call, their asserts
// as comments (all hold), blocks and threads computed as they compute them, pitch = imageW as
// they pass it. Left out: findCudaDevice, the timer, printf, the CPU reference
// (convolutionRowCPU, convolutionColumnCPU) and the L2 norm against it (done in the Python
// check below), h_Buffer and h_OutputCPU (used only by them), exit codes.
// Size: imageW = 256, imageH = 128 (the source's 3072 x 3072). The host asserts need imageW % 128
// == 0 (rows) and imageH % 64 == 0 (columns) and imageW % 16, imageH % 4; the smallest, 128 x 64,
// gives each kernel a single block across its filter direction, where every halo guard is
// false at every thread (the left and the right edge are the same block) and the halo loads
// never run. At 256 x 128 each halo load runs in half the blocks and is skipped (zeros) in the
// other half: rows grid (2, 32) of 16x4, columns grid (16, 2) of 16x8. imageW != imageH, so a
// swapped bound shows. Edges are the source's own: it handles no size that is not a multiple
// of its blocks (the asserts), so none is tried.
// Checked numerically: a plain-Python transcription of both kernels (blocks one by one, the
// barrier as a phase split, f32 rounding after every operation) gives the interpreter's
// d_Dst bit for bit for each kernel alone at the launches below (random:2 and random:3 images,
// random:1 taps); so does the CPU reference of convolutionSeparable_gold.cpp (the same tap
// order; terms outside the image skipped where the GPU adds 0 * tap), and main's h_OutputGPU
// equals the CPU's column pass of its row pass bit for bit (32768 of 32768).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:17 --arg random:2:32768 --arg zeros:32768
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:17 --arg random:2:32768 --arg zeros:32768 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:17 --arg random:2:32768 --arg zeros:32768 | FileCheck %s --check-prefix=PROGRAM
// Each kernel alone, as main launches it (d_Dst, d_Src, imageW = 256, imageH = 128, pitch =
// 256, c_Kernel), on random data:
// RUN: gpu-mem-opt diff %s --kernel convolutionRowsKernel --grid 2,32,1 --block 16,4,1 --arg zeros:32768 --arg random:2:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17
// SCOREBOARD: convolutionRowsKernel expert/convolutionSeparable.mlir --grid 2,32,1 --block 16,4,1 --arg zeros:32768 --arg random:2:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17
// RUN: gpu-mem-opt diff %s --kernel convolutionColumnsKernel --grid 16,2,1 --block 16,8,1 --arg zeros:32768 --arg random:3:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17
// SCOREBOARD: convolutionColumnsKernel expert/convolutionSeparable.mlir --grid 16,2,1 --block 16,8,1 --arg zeros:32768 --arg random:3:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 4 launches (12 buffers after them), 0 lines of output, 3 arguments

// What a CUDA expert would do: keep the sample's structure (it is the expert's own: each
// source element staged once per block with a 16-wide halo, 1.25x, and every global access
// coalesced), fix the two things today's hardware changed, and keep the taps out of the loop.
// Measured on the interpreter (interp --trace; 128 warps a launch in either kernel, a warp
// being two threadIdx.y rows of 16 threadIdx.x): the tile loads and the result stores are 16
// consecutive floats on a 64-byte boundary in each of the warp's two rows, 4 sectors per
// request, the ideal for 128 B (1024 requests each; the halo loads 64 requests each, the half
// of the warps whose guard holds). The taps are 136 loads a thread, warp-uniform (1 sector a
// request): 17408 of each kernel's 26112 global sectors. In CUDA they are __constant__
// operands of the unrolled FFMAs, no load at all; with c_Kernel a plain argument the expert
// loads the 17 taps into registers once a thread and unrolls the j loop (#pragma unroll, as
// the source has it): 17408 -> 2176 sectors, 26112 -> 10880 a launch. The shared tiles were
// laid out for 16 banks and half-warp accesses (G80/GT200), where both are conflict-free; on
// 32 banks a warp covers two threadIdx.y rows: the rows' s_Data[4][160] (160 words = 5 x 32)
// puts both rows in the same 16 banks, 2-way on every store and tap load (584 wavefronts a
// block for 292 requests); the columns' s_Data[16][81] (the sample's +1) makes lanes (0, 0)
// and (15, 1) share bank 0 (15*81 + 1 = 38 x 32), 2-way on every request (1168 for 584). The
// expert pads rows to 176 words (+256 B) and columns to 82 (+64 B: 18*tx mod 32 is the 16 even
// banks, ty adds 0 or 1): degree 1, 37376 -> 18688 wavefronts a launch in each kernel. At this
// size (64 and 32 blocks) both kernels are latency-bound; at the source's 3072 x 3072 they are
// bandwidth-bound, where the taps and the conflicts cost issue slots, not DRAM bytes.
// What the pass does with the default options: it pads both tiles as the expert (rows +16
// elements, columns +1 more: the conflicts found and removed, 584 -> 292 and 1168 -> 584
// wavefronts a block, the same 18688 a launch the expert gets); d_Src and c_Kernel go through
// ld.global.nc (gpu.allocs of their own at every launch); all four d_Src/d_Dst flat indices
// are read as rows of 256 (pitch = imageW = 256 at every launch), each column proved in range
// by the grid and loop ranges or, for the row halos, by their guards (baseX >= 0, imageW -
// baseX > 144); nothing is staged (the tile is the author's, the taps "so L1 serves them").
// Since session 33 it also hoists the taps (promote): the j loop of 17 trips is written out in
// each kernel's output loop and the 17 taps, which do not move with i and which nothing in
// the kernel writes, are loaded once before it (136 -> 17 loads a thread), then vectorize
// reads them as four vector<4xf32> and one scalar (c_Kernel's gpu.alloc is 256-byte aligned
// at every launch here): 5 requests a thread, 26112 -> 9344 global sectors a launch against
// the expert's 10880 (the scoreboard's 0.86). Before, the j loop stayed with its c_Kernel
// load in each of the 8 outputs (26112 sectors, 2.40x) and the hoisting was ptxas's doing:
// run through ptxas -arch=sm_90 (SASS opcodes counted in the cubin), the rows kernel (fully
// unrolled by ptxas) had 146 LDG as written (10 tile + 136 taps) and 27 after the pass (10 +
// 17); session 17's H200 counters of bench/kernels/convolution_rows.mlir: 27 load requests a
// warp against 146. The MLIR now states what was a bet on the back end's unrolling and LICM.
// Remarks that were wrong or misleading here: "not staged: ... the loads are nearly coalesced
// (1 sectors/request, ideal 4)" called a warp-uniform load nearly coalesced (session 32: "a
// broadcast"; since session 33 the taps are loaded before the loop and no staging decision
// is taken for them).
// The vectorize report (report only) writes the first tap's offset as tid.x + 160*tid.y +
// 16*loop0 + 8, with loop0 counting the i loop's trips from 0 (i - 1), where the delinearize
// remarks' loop0 is i itself (16*loop0 - 16): one name for two values. The readonly remark's
// "would have to copy arg 5 into the constant symbol before each launch": the source copies
// it once (setConvolutionKernel, before all launches); the reason holds (no way to fill a
// symbol from this host code). No remark says the taps are most of each kernel's global
// requests (136 of 146 a thread as written).
// With --lone-kernels (block size and sizes unknown): both pads are made all the same
// (costed at 15 and 20 power-of-two block shapes, no more wavefronts at any); d_Src and
// c_Kernel get ld.global.nc behind a run-time overlap check against d_Dst (17 instructions,
// a copy of the body as the fallback); the flat indices stay flat ("no guard or loop bound
// proves the column ... < the width arg4": pitch is only a parameter), and the rows kernel
// is not versioned on imageW <= pitch (it has shared memory of its own).

/// convolutionRowsKernel: the tile loads' columns are proved by the grid (main data) or the
/// halo guards; the 2-way tile is padded by 16 words a row.
// REMARK: gpu-mem-opt: kernel: 'convolutionRowsKernel': block 16x4x1 (from gpu.launch_func); 9 memory accesses; the same at every launch here: arg2 = 256, arg3 = 128, arg4 = 256
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 4*bid.y)*256 + tid.x + 128*bid.x + 16*loop0 - 16] read as row tid.y + 4*bid.y, column tid.x + 128*bid.x + 16*loop0 - 16 of rows of 256 elements (a 2-D view, the same addresses): 0 <= tid.x + 128*bid.x + 16*loop0 - 16 < 256 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 4*bid.y)*256 + tid.x + 128*bid.x + 16*loop0 - 16] read as row tid.y + 4*bid.y, column tid.x + 128*bid.x + 16*loop0 - 16 of rows of 256 elements (a 2-D view, the same addresses): tid.x + 128*bid.x + 16*loop0 - 16 >= 0 by tid.x + 128*bid.x - 16 >= -16*loop0, < 256 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 4*bid.y)*256 + tid.x + 128*bid.x + 16*loop0 - 16] read as row tid.y + 4*bid.y, column tid.x + 128*bid.x + 16*loop0 - 16 of rows of 256 elements (a 2-D view, the same addresses): tid.x + 128*bid.x + 16*loop0 - 16 >= 0 by the id and loop ranges, < 256 by -tid.x - 128*bid.x + 272 > 16*loop0
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 4*bid.y)*256 + tid.x + 128*bid.x + 16*loop0 - 16] written as row tid.y + 4*bid.y, column tid.x + 128*bid.x + 16*loop0 - 16 of rows of 256 elements (a 2-D view, the same addresses): 0 <= tid.x + 128*bid.x + 16*loop0 - 16 < 256 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 5: arg 5[-loop1 + 8]: loaded once before the loop at {{.*}} and kept in 17 registers, not in each of its 8 iterations (its inner loop of 17 iterations written out): 136 → 17 loads a thread
// REMARK: gpu-mem-opt: vectorize: arg 5: 17 loads of 4 B -> vector<4xf32> (align 16) + vector<4xf32> (align 16) + vector<4xf32> (align 16) + vector<4xf32> (align 16) + 1 scalar; alignment 256: base 256 B from gpu.alloc at {{.*}}, at every launch in this module, offset 0
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 5: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}}); not in constant memory: host code in this module launches the kernel (gpu.launch_func at {{.*}}) and would have to copy arg 5 into the constant symbol before each launch, which MLIR's GPU dialect cannot express
// REMARK: gpu-mem-opt: pad: workgroup 0: pad 16 elements (+256 B): wavefronts 584 -> 292 (degree 2 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{swizzle|stage-shared: arg [01]|promote|vectorize|version|register-tile|coarsen}}
/// convolutionColumnsKernel: the same, the sample's +1 pad made +2.
// REMARK: gpu-mem-opt: kernel: 'convolutionColumnsKernel': block 16x8x1 (from gpu.launch_func); 9 memory accesses; the same at every launch here: arg2 = 256, arg3 = 128, arg4 = 256
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 64*bid.y + 8*loop0 - 8)*256 + tid.x + 16*bid.x] read as row tid.y + 64*bid.y + 8*loop0 - 8, column tid.x + 16*bid.x of rows of 256 elements (a 2-D view, the same addresses): 0 <= tid.x + 16*bid.x < 256 by the id and loop ranges; the same for 2 more accesses: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 64*bid.y + 8*loop0 - 8)*256 + tid.x + 16*bid.x] written as row tid.y + 64*bid.y + 8*loop0 - 8, column tid.x + 16*bid.x of rows of 256 elements (a 2-D view, the same addresses): 0 <= tid.x + 16*bid.x < 256 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 5: arg 5[-loop1 + 8]: loaded once before the loop at {{.*}} and kept in 17 registers, not in each of its 8 iterations (its inner loop of 17 iterations written out): 136 → 17 loads a thread
// REMARK: gpu-mem-opt: vectorize: arg 5: 17 loads of 4 B -> vector<4xf32> (align 16) + vector<4xf32> (align 16) + vector<4xf32> (align 16) + vector<4xf32> (align 16) + 1 scalar; alignment 256: base 256 B from gpu.alloc at {{.*}}, at every launch in this module, offset 0
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 5: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}}); not in constant memory: host code in this module launches the kernel (gpu.launch_func at {{.*}}) and would have to copy arg 5 into the constant symbol before each launch, which MLIR's GPU dialect cannot express
// REMARK: gpu-mem-opt: pad: workgroup 0: pad 1 element (+64 B): wavefronts 1168 -> 584 (degree 2 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{swizzle|stage-shared: arg [01]|promote|vectorize|version|register-tile|coarsen}}
// REMARK: gpu-mem-opt: time: predicted 4.7 → 3.3 µs a launch (latency-bound)
// REMARK: gpu-mem-opt: time: predicted 4.8 → 3.3 µs a launch (latency-bound)

module attributes {gpu.container_module} {
  // main(): imageW = 256, imageH = 128 (the source's 3072 x 3072: see the header). h_Kernel,
  // h_Input and h_OutputGPU (malloc'd) are the three arguments; h_Buffer and h_OutputCPU,
  // used only by the CPU reference, are left out.
  func.func @main(%h_Kernel: memref<17xf32>, %h_Input: memref<?xf32>, %h_OutputGPU: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    // const int imageW = 3072; const int imageH = 3072; (256 x 128 here)
    %imageW = arith.constant 256 : i32
    %imageH = arith.constant 128 : i32
    // const int iterations = 16; (1 here)
    %iterations = arith.constant 1 : i32
    // srand(200); h_Kernel[i] = (float)(rand() % 16); h_Input[i] = (float)(rand() % 16);
    // (the random arguments instead: see the header)
    // cudaMalloc((void **)&d_Input, imageW * imageH * sizeof(float)); d_Output, d_Buffer alike
    %n_i32 = arith.muli %imageW, %imageH : i32
    %n = arith.index_cast %n_i32 : i32 to index
    %d_Input = gpu.alloc (%n) : memref<?xf32>
    %d_Output = gpu.alloc (%n) : memref<?xf32>
    %d_Buffer = gpu.alloc (%n) : memref<?xf32>
    // setConvolutionKernel(h_Kernel):
    //   cudaMemcpyToSymbol(c_Kernel, h_Kernel, KERNEL_LENGTH * sizeof(float));
    // (__constant__ float c_Kernel[KERNEL_LENGTH] is a buffer of its own, passed to both kernels)
    %c_Kernel = gpu.alloc () : memref<17xf32>
    gpu.memcpy %c_Kernel, %h_Kernel : memref<17xf32>, memref<17xf32>
    // cudaMemcpy(d_Input, h_Input, imageW * imageH * sizeof(float), cudaMemcpyHostToDevice);
    gpu.memcpy %d_Input, %h_Input : memref<?xf32>, memref<?xf32>
    // for (int i = -1; i < iterations; i++) {   (i == -1: warmup; the timer calls left out)
    %start = arith.constant -1 : i32
    %one = arith.constant 1 : i32
    scf.for %i = %start to %iterations step %one : i32 {
      // convolutionRowsGPU(d_Buffer, d_Input, imageW, imageH):
      //   assert(ROWS_BLOCKDIM_X * ROWS_HALO_STEPS >= KERNEL_RADIUS);       16 >= 8
      //   assert(imageW % (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X) == 0);      256 % 128
      //   assert(imageH % ROWS_BLOCKDIM_Y == 0);                            128 % 4
      //   dim3 blocks(imageW / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), imageH / ROWS_BLOCKDIM_Y);
      //   dim3 threads(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y);
      %ROWS_BLOCKDIM_X = arith.constant 16 : i32
      %ROWS_BLOCKDIM_Y = arith.constant 4 : i32
      %ROWS_RESULT_STEPS = arith.constant 8 : i32
      %rw = arith.muli %ROWS_RESULT_STEPS, %ROWS_BLOCKDIM_X : i32
      %rbx_i32 = arith.divsi %imageW, %rw : i32
      %rby_i32 = arith.divsi %imageH, %ROWS_BLOCKDIM_Y : i32
      %rbx = arith.index_cast %rbx_i32 : i32 to index
      %rby = arith.index_cast %rby_i32 : i32 to index
      %rtx = arith.index_cast %ROWS_BLOCKDIM_X : i32 to index
      %rty = arith.index_cast %ROWS_BLOCKDIM_Y : i32 to index
      //   convolutionRowsKernel<<<blocks, threads>>>(d_Dst, d_Src, imageW, imageH, imageW);
      gpu.launch_func @kernels::@convolutionRowsKernel blocks in (%rbx, %rby, %c1) threads in (%rtx, %rty, %c1)
          args(%d_Buffer : memref<?xf32>, %d_Input : memref<?xf32>, %imageW : i32, %imageH : i32,
               %imageW : i32, %c_Kernel : memref<17xf32>)
      // convolutionColumnsGPU(d_Output, d_Buffer, imageW, imageH):
      //   assert(COLUMNS_BLOCKDIM_Y * COLUMNS_HALO_STEPS >= KERNEL_RADIUS);                8 >= 8
      //   assert(imageW % COLUMNS_BLOCKDIM_X == 0);                                        256 % 16
      //   assert(imageH % (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y) == 0);               128 % 64
      //   dim3 blocks(imageW / COLUMNS_BLOCKDIM_X, imageH / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y));
      //   dim3 threads(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y);
      %COLUMNS_BLOCKDIM_X = arith.constant 16 : i32
      %COLUMNS_BLOCKDIM_Y = arith.constant 8 : i32
      %COLUMNS_RESULT_STEPS = arith.constant 8 : i32
      %ch = arith.muli %COLUMNS_RESULT_STEPS, %COLUMNS_BLOCKDIM_Y : i32
      %cbx_i32 = arith.divsi %imageW, %COLUMNS_BLOCKDIM_X : i32
      %cby_i32 = arith.divsi %imageH, %ch : i32
      %cbx = arith.index_cast %cbx_i32 : i32 to index
      %cby = arith.index_cast %cby_i32 : i32 to index
      %ctx = arith.index_cast %COLUMNS_BLOCKDIM_X : i32 to index
      %cty = arith.index_cast %COLUMNS_BLOCKDIM_Y : i32 to index
      //   convolutionColumnsKernel<<<blocks, threads>>>(d_Dst, d_Src, imageW, imageH, imageW);
      gpu.launch_func @kernels::@convolutionColumnsKernel blocks in (%cbx, %cby, %c1) threads in (%ctx, %cty, %c1)
          args(%d_Output : memref<?xf32>, %d_Buffer : memref<?xf32>, %imageW : i32, %imageH : i32,
               %imageW : i32, %c_Kernel : memref<17xf32>)
    }
    // cudaMemcpy(h_OutputGPU, d_Output, imageW * imageH * sizeof(float), cudaMemcpyDeviceToHost);
    gpu.memcpy %h_OutputGPU, %d_Output : memref<?xf32>, memref<?xf32>
    // cudaFree(d_Buffer); cudaFree(d_Output); cudaFree(d_Input);
    gpu.dealloc %d_Buffer : memref<?xf32>
    gpu.dealloc %d_Output : memref<?xf32>
    gpu.dealloc %d_Input : memref<?xf32>
    gpu.dealloc %c_Kernel : memref<17xf32>
    return
  }

  gpu.module @kernels {
    // #define KERNEL_RADIUS 8, KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
    // #define ROWS_BLOCKDIM_X 16, ROWS_BLOCKDIM_Y 4, ROWS_RESULT_STEPS 8, ROWS_HALO_STEPS 1
    // __global__ void convolutionRowsKernel(float *d_Dst, float *d_Src, int imageW, int imageH,
    //                                       int pitch)   (+ c_Kernel, the __constant__ array)
    gpu.func @convolutionRowsKernel(%d_Dst: memref<?xf32>, %d_Src: memref<?xf32>, %imageW: i32,
                                    %imageH: i32, %pitch: i32, %c_Kernel: memref<17xf32>)
        // __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
        workgroup(%s_Data : memref<4x160xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %KERNEL_RADIUS = arith.constant 8 : index
      %ROWS_BLOCKDIM_X = arith.constant 16 : index
      %ROWS_BLOCKDIM_Y = arith.constant 4 : index
      %ROWS_RESULT_STEPS = arith.constant 8 : index
      %ROWS_HALO_STEPS = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %imageWi = arith.index_cast %imageW : i32 to index
      %pitchi = arith.index_cast %pitch : i32 to index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + threadIdx.x;
      %bxs = arith.muli %bx, %ROWS_RESULT_STEPS : index
      %bxh = arith.subi %bxs, %ROWS_HALO_STEPS : index
      %bxw = arith.muli %bxh, %ROWS_BLOCKDIM_X : index
      %baseX = arith.addi %bxw, %tx : index
      // const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
      %byb = arith.muli %by, %ROWS_BLOCKDIM_Y : index
      %baseY = arith.addi %byb, %ty : index
      // d_Src += baseY * pitch + baseX;
      %yp = arith.muli %baseY, %pitchi : index
      %src = arith.addi %yp, %baseX : index
      // d_Dst += baseY * pitch + baseX;
      %yp2 = arith.muli %baseY, %pitchi : index
      %dst = arith.addi %yp2, %baseX : index
      // Load main data
      // for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
      //   s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
      %main_end = arith.addi %ROWS_HALO_STEPS, %ROWS_RESULT_STEPS : index
      scf.for %i = %ROWS_HALO_STEPS to %main_end step %c1 {
        %iw = arith.muli %i, %ROWS_BLOCKDIM_X : index
        %a = arith.addi %src, %iw : index
        %v = memref.load %d_Src[%a] : memref<?xf32>
        %col = arith.addi %tx, %iw : index
        memref.store %v, %s_Data[%ty, %col] : memref<4x160xf32, #gpu.address_space<workgroup>>
      }
      // Load left halo
      // for (int i = 0; i < ROWS_HALO_STEPS; i++)
      //   s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
      //       (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
      scf.for %i = %c0 to %ROWS_HALO_STEPS step %c1 {
        %negi = arith.subi %c0, %i : index
        %lim = arith.muli %negi, %ROWS_BLOCKDIM_X : index
        %in = arith.cmpi sge, %baseX, %lim : index
        %iw = arith.muli %i, %ROWS_BLOCKDIM_X : index
        %v = scf.if %in -> (f32) {
          %a = arith.addi %src, %iw : index
          %l = memref.load %d_Src[%a] : memref<?xf32>
          scf.yield %l : f32
        } else {
          scf.yield %zero : f32
        }
        %col = arith.addi %tx, %iw : index
        memref.store %v, %s_Data[%ty, %col] : memref<4x160xf32, #gpu.address_space<workgroup>>
      }
      // Load right halo
      // for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS;
      //      i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
      //   s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
      //       (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
      %right_end = arith.addi %main_end, %ROWS_HALO_STEPS : index
      scf.for %i = %main_end to %right_end step %c1 {
        %rest = arith.subi %imageWi, %baseX : index
        %iw = arith.muli %i, %ROWS_BLOCKDIM_X : index
        %in = arith.cmpi sgt, %rest, %iw : index
        %v = scf.if %in -> (f32) {
          %a = arith.addi %src, %iw : index
          %l = memref.load %d_Src[%a] : memref<?xf32>
          scf.yield %l : f32
        } else {
          scf.yield %zero : f32
        }
        %col = arith.addi %tx, %iw : index
        memref.store %v, %s_Data[%ty, %col] : memref<4x160xf32, #gpu.address_space<workgroup>>
      }
      // Compute and store results
      // cg::sync(cta);
      gpu.barrier
      // for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
      scf.for %i = %ROWS_HALO_STEPS to %main_end step %c1 {
        // float sum = 0;
        // for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
        //   sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
        %iw = arith.muli %i, %ROWS_BLOCKDIM_X : index
        %jlo = arith.subi %c0, %KERNEL_RADIUS : index
        %jhi = arith.addi %KERNEL_RADIUS, %c1 : index
        %sum = scf.for %j = %jlo to %jhi step %c1 iter_args(%acc = %zero) -> (f32) {
          %kj = arith.subi %KERNEL_RADIUS, %j : index
          %k = memref.load %c_Kernel[%kj] : memref<17xf32>
          %txi = arith.addi %tx, %iw : index
          %col = arith.addi %txi, %j : index
          %s = memref.load %s_Data[%ty, %col] : memref<4x160xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %k, %s : f32
          %acc2 = arith.addf %acc, %p : f32
          scf.yield %acc2 : f32
        }
        // d_Dst[i * ROWS_BLOCKDIM_X] = sum;
        %a = arith.addi %dst, %iw : index
        memref.store %sum, %d_Dst[%a] : memref<?xf32>
      }
      gpu.return
    }

    // #define COLUMNS_BLOCKDIM_X 16, COLUMNS_BLOCKDIM_Y 8, COLUMNS_RESULT_STEPS 8, COLUMNS_HALO_STEPS 1
    // __global__ void convolutionColumnsKernel(float *d_Dst, float *d_Src, int imageW,
    //                                          int imageH, int pitch)   (+ c_Kernel)
    gpu.func @convolutionColumnsKernel(%d_Dst: memref<?xf32>, %d_Src: memref<?xf32>, %imageW: i32,
                                       %imageH: i32, %pitch: i32, %c_Kernel: memref<17xf32>)
        // __shared__ float s_Data[COLUMNS_BLOCKDIM_X][(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 1];
        workgroup(%s_Data : memref<16x81xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %KERNEL_RADIUS = arith.constant 8 : index
      %COLUMNS_BLOCKDIM_X = arith.constant 16 : index
      %COLUMNS_BLOCKDIM_Y = arith.constant 8 : index
      %COLUMNS_RESULT_STEPS = arith.constant 8 : index
      %COLUMNS_HALO_STEPS = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %imageHi = arith.index_cast %imageH : i32 to index
      %pitchi = arith.index_cast %pitch : i32 to index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
      %bxb = arith.muli %bx, %COLUMNS_BLOCKDIM_X : index
      %baseX = arith.addi %bxb, %tx : index
      // const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + threadIdx.y;
      %bys = arith.muli %by, %COLUMNS_RESULT_STEPS : index
      %byh = arith.subi %bys, %COLUMNS_HALO_STEPS : index
      %byb = arith.muli %byh, %COLUMNS_BLOCKDIM_Y : index
      %baseY = arith.addi %byb, %ty : index
      // d_Src += baseY * pitch + baseX;
      %yp = arith.muli %baseY, %pitchi : index
      %src = arith.addi %yp, %baseX : index
      // d_Dst += baseY * pitch + baseX;
      %yp2 = arith.muli %baseY, %pitchi : index
      %dst = arith.addi %yp2, %baseX : index
      // Main data
      // for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++)
      //   s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] = d_Src[i * COLUMNS_BLOCKDIM_Y * pitch];
      %main_end = arith.addi %COLUMNS_HALO_STEPS, %COLUMNS_RESULT_STEPS : index
      scf.for %i = %COLUMNS_HALO_STEPS to %main_end step %c1 {
        %ih = arith.muli %i, %COLUMNS_BLOCKDIM_Y : index
        %ihp = arith.muli %ih, %pitchi : index
        %a = arith.addi %src, %ihp : index
        %v = memref.load %d_Src[%a] : memref<?xf32>
        %row = arith.addi %ty, %ih : index
        memref.store %v, %s_Data[%tx, %row] : memref<16x81xf32, #gpu.address_space<workgroup>>
      }
      // Upper halo
      // for (int i = 0; i < COLUMNS_HALO_STEPS; i++)
      //   s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
      //       (baseY >= -i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch] : 0;
      scf.for %i = %c0 to %COLUMNS_HALO_STEPS step %c1 {
        %negi = arith.subi %c0, %i : index
        %lim = arith.muli %negi, %COLUMNS_BLOCKDIM_Y : index
        %in = arith.cmpi sge, %baseY, %lim : index
        %ih = arith.muli %i, %COLUMNS_BLOCKDIM_Y : index
        %v = scf.if %in -> (f32) {
          %ihp = arith.muli %ih, %pitchi : index
          %a = arith.addi %src, %ihp : index
          %l = memref.load %d_Src[%a] : memref<?xf32>
          scf.yield %l : f32
        } else {
          scf.yield %zero : f32
        }
        %row = arith.addi %ty, %ih : index
        memref.store %v, %s_Data[%tx, %row] : memref<16x81xf32, #gpu.address_space<workgroup>>
      }
      // Lower halo
      // for (int i = COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS;
      //      i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; i++)
      //   s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
      //       (imageH - baseY > i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch] : 0;
      %lower_end = arith.addi %main_end, %COLUMNS_HALO_STEPS : index
      scf.for %i = %main_end to %lower_end step %c1 {
        %rest = arith.subi %imageHi, %baseY : index
        %ih = arith.muli %i, %COLUMNS_BLOCKDIM_Y : index
        %in = arith.cmpi sgt, %rest, %ih : index
        %v = scf.if %in -> (f32) {
          %ihp = arith.muli %ih, %pitchi : index
          %a = arith.addi %src, %ihp : index
          %l = memref.load %d_Src[%a] : memref<?xf32>
          scf.yield %l : f32
        } else {
          scf.yield %zero : f32
        }
        %row = arith.addi %ty, %ih : index
        memref.store %v, %s_Data[%tx, %row] : memref<16x81xf32, #gpu.address_space<workgroup>>
      }
      // Compute and store results
      // cg::sync(cta);
      gpu.barrier
      // for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
      scf.for %i = %COLUMNS_HALO_STEPS to %main_end step %c1 {
        // float sum = 0;
        // for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
        //   sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
        %ih = arith.muli %i, %COLUMNS_BLOCKDIM_Y : index
        %jlo = arith.subi %c0, %KERNEL_RADIUS : index
        %jhi = arith.addi %KERNEL_RADIUS, %c1 : index
        %sum = scf.for %j = %jlo to %jhi step %c1 iter_args(%acc = %zero) -> (f32) {
          %kj = arith.subi %KERNEL_RADIUS, %j : index
          %k = memref.load %c_Kernel[%kj] : memref<17xf32>
          %tyi = arith.addi %ty, %ih : index
          %row = arith.addi %tyi, %j : index
          %s = memref.load %s_Data[%tx, %row] : memref<16x81xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %k, %s : f32
          %acc2 = arith.addf %acc, %p : f32
          scf.yield %acc2 : f32
        }
        // d_Dst[i * COLUMNS_BLOCKDIM_Y * pitch] = sum;
        %ihp = arith.muli %ih, %pitchi : index
        %a = arith.addi %dst, %ihp : index
        memref.store %sum, %d_Dst[%a] : memref<?xf32>
      }
      gpu.return
    }
  }
}
