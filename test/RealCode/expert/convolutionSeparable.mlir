// Expert rewrites of NVIDIA cuda-samples' separable convolution kernels convolutionRowsKernel
// and convolutionColumnsKernel (test/RealCode/convolutionSeparable.mlir; GitHub
// NVIDIA/cuda-samples, commit ca37378cb454b74e3979fa7a14c110045d3c4437,
// Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu), as a CUDA
// expert would write their memory accesses; same names, signatures (c_Kernel, the source's
// __constant__ array, is the sixth argument, memref<17xf32>, as in the port) and launches
// (rows: grid 2x32 of 16x4 blocks; columns: grid 16x2 of 16x8 blocks; imageW = pitch = 256,
// imageH = 128). Two changes in each kernel, every product and sum as written (the j loop's
// taps in order j = -8 .. 8 from sum = 0, mulf then addf): bit-identical.
// - The 17 taps: the port reads c_Kernel[KERNEL_RADIUS - j] from global memory in the j loop
//   of each of the 8 outputs, 136 warp-uniform loads a thread (1 sector each): 17408 of the
//   kernel's 26112 global sectors. In the source they are __constant__ operands of the
//   unrolled FFMAs (no load at all); with a plain pointer the expert loads them once a thread
//   into 17 registers at the kernel's entry (k0 .. k16, issued before the tile loads so their
//   latency overlaps them) and writes the j loop unrolled (#pragma unroll, as the source has
//   it), tap j using k(8 - j): 136 -> 17 loads a thread. (One request a warp of lanes 0..16
//   and 17 shuffles would be 3 sectors a warp: not worth the shuffles at an L1 hit.)
// - The shared tiles: the sample's layouts are conflict-free for the 16 lanes of a half-warp
//   (16 banks, G80/GT200), not for today's 32-lane warps over 32 banks, and a 16-wide block
//   puts two threadIdx.y rows in each warp. Rows: s_Data[4][160], 160 words = 5 x 32 banks,
//   so the warp's two rows hit the same 16 banks: 2-way on every store and every tap load;
//   padded to [4][176] (+16 words a row, 256 B) the second row is 16 banks over:
//   conflict-free. Columns: s_Data[16][81] (the sample's +1 pad), tx*81 + ty + c: lanes (tx,
//   ty) = (0, 0) and (15, 1) meet in one bank (15*81 + 1 = 1216 = 38 x 32), 2 wavefronts a
//   request; padded to [16][82] (+64 B) tx*82 mod 32 = 18*tx mod 32 takes the 16 even banks
//   once each and ty adds 0 or 1: 32 distinct banks.
// Everything else stays: the tile loads and the result stores are 16 consecutive floats on a
// 64-byte boundary in each of the warp's two rows (4 sectors a request, the ideal for 128 B),
// each source element read once by its block plus the 2 x 16 halo (1.25x); the halo guards
// as written.
//
// Global sectors at the test launch (interp --trace; 128 warps each; halo loads run in the
// half of the warps whose guard holds: 64 requests each):
//   as written (either kernel): tile 1024 x 4 = 4096, halos 64 x 4 + 64 x 4 = 512,
//     taps 17408 x 1 = 17408, stores 1024 x 4 = 4096: 26112.
//   this rewrite: 4096 + 512 + taps 128 x 17 = 2176 + 4096: 10880.
// Shared wavefronts: as written 2 x (1024 + 128 + 128 + 17408) = 37376 each; this rewrite 18688.

// RUN: gpu-mem-opt diff %S/../convolutionSeparable.mlir --kernel convolutionRowsKernel --grid 2,32,1 --block 16,4,1 --arg zeros:32768 --arg random:2:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17 --against %s
// RUN: gpu-mem-opt diff %S/../convolutionSeparable.mlir --kernel convolutionColumnsKernel --grid 16,2,1 --block 16,8,1 --arg zeros:32768 --arg random:3:32768 --arg 256 --arg 128 --arg 256 --arg random:1:17 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // #define KERNEL_RADIUS 8, KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
    // #define ROWS_BLOCKDIM_X 16, ROWS_BLOCKDIM_Y 4, ROWS_RESULT_STEPS 8, ROWS_HALO_STEPS 1
    // __global__ void convolutionRowsKernel(float *d_Dst, float *d_Src, int imageW, int imageH,
    //                                       int pitch)   (+ c_Kernel, the __constant__ array)
    gpu.func @convolutionRowsKernel(%d_Dst: memref<?xf32>, %d_Src: memref<?xf32>, %imageW: i32,
                                    %imageH: i32, %pitch: i32, %c_Kernel: memref<17xf32>)
        // __shared__ float s_Data[ROWS_BLOCKDIM_Y][(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X + 16];
        // (rows of 176 words: the two rows of a warp 16 banks apart)
        workgroup(%s_Data : memref<4x176xf32, #gpu.address_space<workgroup>>)
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
      // float k0 = c_Kernel[0], ..., k16 = c_Kernel[16]; (once a thread, in registers: the j loop
      // unrolled as #pragma unroll has it, so c_Kernel[KERNEL_RADIUS - j] is k(8 - j))
      %ki0 = arith.constant 0 : index
      %k0 = memref.load %c_Kernel[%ki0] : memref<17xf32>
      %ki1 = arith.constant 1 : index
      %k1 = memref.load %c_Kernel[%ki1] : memref<17xf32>
      %ki2 = arith.constant 2 : index
      %k2 = memref.load %c_Kernel[%ki2] : memref<17xf32>
      %ki3 = arith.constant 3 : index
      %k3 = memref.load %c_Kernel[%ki3] : memref<17xf32>
      %ki4 = arith.constant 4 : index
      %k4 = memref.load %c_Kernel[%ki4] : memref<17xf32>
      %ki5 = arith.constant 5 : index
      %k5 = memref.load %c_Kernel[%ki5] : memref<17xf32>
      %ki6 = arith.constant 6 : index
      %k6 = memref.load %c_Kernel[%ki6] : memref<17xf32>
      %ki7 = arith.constant 7 : index
      %k7 = memref.load %c_Kernel[%ki7] : memref<17xf32>
      %ki8 = arith.constant 8 : index
      %k8 = memref.load %c_Kernel[%ki8] : memref<17xf32>
      %ki9 = arith.constant 9 : index
      %k9 = memref.load %c_Kernel[%ki9] : memref<17xf32>
      %ki10 = arith.constant 10 : index
      %k10 = memref.load %c_Kernel[%ki10] : memref<17xf32>
      %ki11 = arith.constant 11 : index
      %k11 = memref.load %c_Kernel[%ki11] : memref<17xf32>
      %ki12 = arith.constant 12 : index
      %k12 = memref.load %c_Kernel[%ki12] : memref<17xf32>
      %ki13 = arith.constant 13 : index
      %k13 = memref.load %c_Kernel[%ki13] : memref<17xf32>
      %ki14 = arith.constant 14 : index
      %k14 = memref.load %c_Kernel[%ki14] : memref<17xf32>
      %ki15 = arith.constant 15 : index
      %k15 = memref.load %c_Kernel[%ki15] : memref<17xf32>
      %ki16 = arith.constant 16 : index
      %k16 = memref.load %c_Kernel[%ki16] : memref<17xf32>
      %j_m8 = arith.constant -8 : index
      %j_m7 = arith.constant -7 : index
      %j_m6 = arith.constant -6 : index
      %j_m5 = arith.constant -5 : index
      %j_m4 = arith.constant -4 : index
      %j_m3 = arith.constant -3 : index
      %j_m2 = arith.constant -2 : index
      %j_m1 = arith.constant -1 : index
      %j_p0 = arith.constant 0 : index
      %j_p1 = arith.constant 1 : index
      %j_p2 = arith.constant 2 : index
      %j_p3 = arith.constant 3 : index
      %j_p4 = arith.constant 4 : index
      %j_p5 = arith.constant 5 : index
      %j_p6 = arith.constant 6 : index
      %j_p7 = arith.constant 7 : index
      %j_p8 = arith.constant 8 : index
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
        memref.store %v, %s_Data[%ty, %col] : memref<4x176xf32, #gpu.address_space<workgroup>>
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
        memref.store %v, %s_Data[%ty, %col] : memref<4x176xf32, #gpu.address_space<workgroup>>
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
        memref.store %v, %s_Data[%ty, %col] : memref<4x176xf32, #gpu.address_space<workgroup>>
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
        // #pragma unroll: j = -8 .. 8, sum += k(8 - j) * s_Data[..][base + j], in order
        %base = arith.addi %tx, %iw : index
        %o_m8 = arith.addi %base, %j_m8 : index
        %s_m8 = memref.load %s_Data[%ty, %o_m8] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m8 = arith.mulf %k16, %s_m8 : f32
        %sum_m8 = arith.addf %zero, %x_m8 : f32
        %o_m7 = arith.addi %base, %j_m7 : index
        %s_m7 = memref.load %s_Data[%ty, %o_m7] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m7 = arith.mulf %k15, %s_m7 : f32
        %sum_m7 = arith.addf %sum_m8, %x_m7 : f32
        %o_m6 = arith.addi %base, %j_m6 : index
        %s_m6 = memref.load %s_Data[%ty, %o_m6] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m6 = arith.mulf %k14, %s_m6 : f32
        %sum_m6 = arith.addf %sum_m7, %x_m6 : f32
        %o_m5 = arith.addi %base, %j_m5 : index
        %s_m5 = memref.load %s_Data[%ty, %o_m5] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m5 = arith.mulf %k13, %s_m5 : f32
        %sum_m5 = arith.addf %sum_m6, %x_m5 : f32
        %o_m4 = arith.addi %base, %j_m4 : index
        %s_m4 = memref.load %s_Data[%ty, %o_m4] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m4 = arith.mulf %k12, %s_m4 : f32
        %sum_m4 = arith.addf %sum_m5, %x_m4 : f32
        %o_m3 = arith.addi %base, %j_m3 : index
        %s_m3 = memref.load %s_Data[%ty, %o_m3] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m3 = arith.mulf %k11, %s_m3 : f32
        %sum_m3 = arith.addf %sum_m4, %x_m3 : f32
        %o_m2 = arith.addi %base, %j_m2 : index
        %s_m2 = memref.load %s_Data[%ty, %o_m2] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m2 = arith.mulf %k10, %s_m2 : f32
        %sum_m2 = arith.addf %sum_m3, %x_m2 : f32
        %o_m1 = arith.addi %base, %j_m1 : index
        %s_m1 = memref.load %s_Data[%ty, %o_m1] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_m1 = arith.mulf %k9, %s_m1 : f32
        %sum_m1 = arith.addf %sum_m2, %x_m1 : f32
        %o_p0 = arith.addi %base, %j_p0 : index
        %s_p0 = memref.load %s_Data[%ty, %o_p0] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p0 = arith.mulf %k8, %s_p0 : f32
        %sum_p0 = arith.addf %sum_m1, %x_p0 : f32
        %o_p1 = arith.addi %base, %j_p1 : index
        %s_p1 = memref.load %s_Data[%ty, %o_p1] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p1 = arith.mulf %k7, %s_p1 : f32
        %sum_p1 = arith.addf %sum_p0, %x_p1 : f32
        %o_p2 = arith.addi %base, %j_p2 : index
        %s_p2 = memref.load %s_Data[%ty, %o_p2] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p2 = arith.mulf %k6, %s_p2 : f32
        %sum_p2 = arith.addf %sum_p1, %x_p2 : f32
        %o_p3 = arith.addi %base, %j_p3 : index
        %s_p3 = memref.load %s_Data[%ty, %o_p3] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p3 = arith.mulf %k5, %s_p3 : f32
        %sum_p3 = arith.addf %sum_p2, %x_p3 : f32
        %o_p4 = arith.addi %base, %j_p4 : index
        %s_p4 = memref.load %s_Data[%ty, %o_p4] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p4 = arith.mulf %k4, %s_p4 : f32
        %sum_p4 = arith.addf %sum_p3, %x_p4 : f32
        %o_p5 = arith.addi %base, %j_p5 : index
        %s_p5 = memref.load %s_Data[%ty, %o_p5] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p5 = arith.mulf %k3, %s_p5 : f32
        %sum_p5 = arith.addf %sum_p4, %x_p5 : f32
        %o_p6 = arith.addi %base, %j_p6 : index
        %s_p6 = memref.load %s_Data[%ty, %o_p6] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p6 = arith.mulf %k2, %s_p6 : f32
        %sum_p6 = arith.addf %sum_p5, %x_p6 : f32
        %o_p7 = arith.addi %base, %j_p7 : index
        %s_p7 = memref.load %s_Data[%ty, %o_p7] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p7 = arith.mulf %k1, %s_p7 : f32
        %sum_p7 = arith.addf %sum_p6, %x_p7 : f32
        %o_p8 = arith.addi %base, %j_p8 : index
        %s_p8 = memref.load %s_Data[%ty, %o_p8] : memref<4x176xf32, #gpu.address_space<workgroup>>
        %x_p8 = arith.mulf %k0, %s_p8 : f32
        %sum_p8 = arith.addf %sum_p7, %x_p8 : f32
        // d_Dst[i * ROWS_BLOCKDIM_X] = sum;
        %a = arith.addi %dst, %iw : index
        memref.store %sum_p8, %d_Dst[%a] : memref<?xf32>
      }
      gpu.return
    }

    // #define COLUMNS_BLOCKDIM_X 16, COLUMNS_BLOCKDIM_Y 8, COLUMNS_RESULT_STEPS 8, COLUMNS_HALO_STEPS 1
    // __global__ void convolutionColumnsKernel(float *d_Dst, float *d_Src, int imageW,
    //                                          int imageH, int pitch)   (+ c_Kernel)
    gpu.func @convolutionColumnsKernel(%d_Dst: memref<?xf32>, %d_Src: memref<?xf32>, %imageW: i32,
                                       %imageH: i32, %pitch: i32, %c_Kernel: memref<17xf32>)
        // __shared__ float s_Data[COLUMNS_BLOCKDIM_X][(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y + 2];
        // (rows of 82 words: the 32 lanes of a warp in 32 distinct banks)
        workgroup(%s_Data : memref<16x82xf32, #gpu.address_space<workgroup>>)
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
      // float k0 = c_Kernel[0], ..., k16 = c_Kernel[16]; (once a thread, in registers: the j loop
      // unrolled as #pragma unroll has it, so c_Kernel[KERNEL_RADIUS - j] is k(8 - j))
      %ki0 = arith.constant 0 : index
      %k0 = memref.load %c_Kernel[%ki0] : memref<17xf32>
      %ki1 = arith.constant 1 : index
      %k1 = memref.load %c_Kernel[%ki1] : memref<17xf32>
      %ki2 = arith.constant 2 : index
      %k2 = memref.load %c_Kernel[%ki2] : memref<17xf32>
      %ki3 = arith.constant 3 : index
      %k3 = memref.load %c_Kernel[%ki3] : memref<17xf32>
      %ki4 = arith.constant 4 : index
      %k4 = memref.load %c_Kernel[%ki4] : memref<17xf32>
      %ki5 = arith.constant 5 : index
      %k5 = memref.load %c_Kernel[%ki5] : memref<17xf32>
      %ki6 = arith.constant 6 : index
      %k6 = memref.load %c_Kernel[%ki6] : memref<17xf32>
      %ki7 = arith.constant 7 : index
      %k7 = memref.load %c_Kernel[%ki7] : memref<17xf32>
      %ki8 = arith.constant 8 : index
      %k8 = memref.load %c_Kernel[%ki8] : memref<17xf32>
      %ki9 = arith.constant 9 : index
      %k9 = memref.load %c_Kernel[%ki9] : memref<17xf32>
      %ki10 = arith.constant 10 : index
      %k10 = memref.load %c_Kernel[%ki10] : memref<17xf32>
      %ki11 = arith.constant 11 : index
      %k11 = memref.load %c_Kernel[%ki11] : memref<17xf32>
      %ki12 = arith.constant 12 : index
      %k12 = memref.load %c_Kernel[%ki12] : memref<17xf32>
      %ki13 = arith.constant 13 : index
      %k13 = memref.load %c_Kernel[%ki13] : memref<17xf32>
      %ki14 = arith.constant 14 : index
      %k14 = memref.load %c_Kernel[%ki14] : memref<17xf32>
      %ki15 = arith.constant 15 : index
      %k15 = memref.load %c_Kernel[%ki15] : memref<17xf32>
      %ki16 = arith.constant 16 : index
      %k16 = memref.load %c_Kernel[%ki16] : memref<17xf32>
      %j_m8 = arith.constant -8 : index
      %j_m7 = arith.constant -7 : index
      %j_m6 = arith.constant -6 : index
      %j_m5 = arith.constant -5 : index
      %j_m4 = arith.constant -4 : index
      %j_m3 = arith.constant -3 : index
      %j_m2 = arith.constant -2 : index
      %j_m1 = arith.constant -1 : index
      %j_p0 = arith.constant 0 : index
      %j_p1 = arith.constant 1 : index
      %j_p2 = arith.constant 2 : index
      %j_p3 = arith.constant 3 : index
      %j_p4 = arith.constant 4 : index
      %j_p5 = arith.constant 5 : index
      %j_p6 = arith.constant 6 : index
      %j_p7 = arith.constant 7 : index
      %j_p8 = arith.constant 8 : index
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
        memref.store %v, %s_Data[%tx, %row] : memref<16x82xf32, #gpu.address_space<workgroup>>
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
        memref.store %v, %s_Data[%tx, %row] : memref<16x82xf32, #gpu.address_space<workgroup>>
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
        memref.store %v, %s_Data[%tx, %row] : memref<16x82xf32, #gpu.address_space<workgroup>>
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
        // #pragma unroll: j = -8 .. 8, sum += k(8 - j) * s_Data[..][base + j], in order
        %base = arith.addi %ty, %ih : index
        %o_m8 = arith.addi %base, %j_m8 : index
        %s_m8 = memref.load %s_Data[%tx, %o_m8] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m8 = arith.mulf %k16, %s_m8 : f32
        %sum_m8 = arith.addf %zero, %x_m8 : f32
        %o_m7 = arith.addi %base, %j_m7 : index
        %s_m7 = memref.load %s_Data[%tx, %o_m7] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m7 = arith.mulf %k15, %s_m7 : f32
        %sum_m7 = arith.addf %sum_m8, %x_m7 : f32
        %o_m6 = arith.addi %base, %j_m6 : index
        %s_m6 = memref.load %s_Data[%tx, %o_m6] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m6 = arith.mulf %k14, %s_m6 : f32
        %sum_m6 = arith.addf %sum_m7, %x_m6 : f32
        %o_m5 = arith.addi %base, %j_m5 : index
        %s_m5 = memref.load %s_Data[%tx, %o_m5] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m5 = arith.mulf %k13, %s_m5 : f32
        %sum_m5 = arith.addf %sum_m6, %x_m5 : f32
        %o_m4 = arith.addi %base, %j_m4 : index
        %s_m4 = memref.load %s_Data[%tx, %o_m4] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m4 = arith.mulf %k12, %s_m4 : f32
        %sum_m4 = arith.addf %sum_m5, %x_m4 : f32
        %o_m3 = arith.addi %base, %j_m3 : index
        %s_m3 = memref.load %s_Data[%tx, %o_m3] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m3 = arith.mulf %k11, %s_m3 : f32
        %sum_m3 = arith.addf %sum_m4, %x_m3 : f32
        %o_m2 = arith.addi %base, %j_m2 : index
        %s_m2 = memref.load %s_Data[%tx, %o_m2] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m2 = arith.mulf %k10, %s_m2 : f32
        %sum_m2 = arith.addf %sum_m3, %x_m2 : f32
        %o_m1 = arith.addi %base, %j_m1 : index
        %s_m1 = memref.load %s_Data[%tx, %o_m1] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_m1 = arith.mulf %k9, %s_m1 : f32
        %sum_m1 = arith.addf %sum_m2, %x_m1 : f32
        %o_p0 = arith.addi %base, %j_p0 : index
        %s_p0 = memref.load %s_Data[%tx, %o_p0] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p0 = arith.mulf %k8, %s_p0 : f32
        %sum_p0 = arith.addf %sum_m1, %x_p0 : f32
        %o_p1 = arith.addi %base, %j_p1 : index
        %s_p1 = memref.load %s_Data[%tx, %o_p1] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p1 = arith.mulf %k7, %s_p1 : f32
        %sum_p1 = arith.addf %sum_p0, %x_p1 : f32
        %o_p2 = arith.addi %base, %j_p2 : index
        %s_p2 = memref.load %s_Data[%tx, %o_p2] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p2 = arith.mulf %k6, %s_p2 : f32
        %sum_p2 = arith.addf %sum_p1, %x_p2 : f32
        %o_p3 = arith.addi %base, %j_p3 : index
        %s_p3 = memref.load %s_Data[%tx, %o_p3] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p3 = arith.mulf %k5, %s_p3 : f32
        %sum_p3 = arith.addf %sum_p2, %x_p3 : f32
        %o_p4 = arith.addi %base, %j_p4 : index
        %s_p4 = memref.load %s_Data[%tx, %o_p4] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p4 = arith.mulf %k4, %s_p4 : f32
        %sum_p4 = arith.addf %sum_p3, %x_p4 : f32
        %o_p5 = arith.addi %base, %j_p5 : index
        %s_p5 = memref.load %s_Data[%tx, %o_p5] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p5 = arith.mulf %k3, %s_p5 : f32
        %sum_p5 = arith.addf %sum_p4, %x_p5 : f32
        %o_p6 = arith.addi %base, %j_p6 : index
        %s_p6 = memref.load %s_Data[%tx, %o_p6] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p6 = arith.mulf %k2, %s_p6 : f32
        %sum_p6 = arith.addf %sum_p5, %x_p6 : f32
        %o_p7 = arith.addi %base, %j_p7 : index
        %s_p7 = memref.load %s_Data[%tx, %o_p7] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p7 = arith.mulf %k1, %s_p7 : f32
        %sum_p7 = arith.addf %sum_p6, %x_p7 : f32
        %o_p8 = arith.addi %base, %j_p8 : index
        %s_p8 = memref.load %s_Data[%tx, %o_p8] : memref<16x82xf32, #gpu.address_space<workgroup>>
        %x_p8 = arith.mulf %k0, %s_p8 : f32
        %sum_p8 = arith.addf %sum_p7, %x_p8 : f32
        // d_Dst[i * COLUMNS_BLOCKDIM_Y * pitch] = sum;
        %ihp = arith.muli %ih, %pitchi : index
        %a = arith.addi %dst, %ihp : index
        memref.store %sum_p8, %d_Dst[%a] : memref<?xf32>
      }
      gpu.return
    }
  }
}
