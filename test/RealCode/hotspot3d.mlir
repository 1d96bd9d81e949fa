// Rodinia HotSpot3D (transient temperature of a stacked chip, a 7-point stencil over a 3-D
// grid), ported as its CUDA source writes it: the kernel hotspotOpt1 and the host code of
// hotspot_opt1 and main (the GPU path).
// Source: GitHub yuhc/gpu-rodinia, commit 31d0ebf5adaf3aaa6c770cc5319a62275d8c1881,
// cuda/hotspot3D/opt1.cu (kernel, hotspot_opt1) and cuda/hotspot3D/3D.cu (main, the chip
// constants) (Rodinia 3.1).
// Each float* parameter is a memref<?xf32> indexed flat (tIn[c], c = i + j*nx, then c += xy
// each layer); the int parameters are i32 and the int arithmetic is index arithmetic on their
// index_casts; blockDim is gpu.block_dim. The kernel walks z with its column in registers by
// hand (temp1, temp2, temp3 rotated each layer, one new tIn[c+xy] load a layer): the five
// indices c, W, E, N, S are bumped by xy at the end of each layer, as written, so they are the
// z loop's iter_args beside temp2 and temp3 (temp1 = temp2 at the top of the body). The
// clamps `(i == 0) ? c : c - 1` and friends are selects; every float operation is f32, summed
// left to right as C does (amb_temp is a float local).
// Sizes: nx = ny = 64, nz = 8 (Rodinia's data sets are 512x512x2/4/8 and 64x64x8), block
// (64, 4, 1) and grid (nx/64, ny/4, 1) = (1, 16, 1) as the host sets them, numiter = 3. The
// chip constants are main's for 64 rows and 8 layers, in float/double as C computes them:
// Cap = 2.73437545e-05, Rx = Ry = Rz = 10, dt = 1.4583334e-07, so stepDivCap =
// 0.00533333281, ce = cw = cn = cs = ct = cb = 0.000533333281, cc = 0.996266663. The power and
// temperature inputs (files in the source) are the random arguments.
// As in the source, the host swaps tIn_d and tOut_d after every launch and copies tOut_d back:
// after 3 launches that holds the second launch's output, not the last one's.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:32768 --arg random:2:32768 --arg zeros:32768
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:32768 --arg random:2:32768 --arg zeros:32768 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:32768 --arg random:2:32768 --arg zeros:32768 | FileCheck %s --check-prefix=PROGRAM
// The kernel alone, launched as main launches it (p, tIn, tOut, sdc, nx, ny, nz, ce, cw, cn, cs,
// ct, cb, cc), on random data:
// RUN: gpu-mem-opt diff %s --kernel hotspotOpt1 --grid 1,16,1 --block 64,4,1 --arg random:1:32768 --arg random:2:32768 --arg zeros:32768 --arg 0.00533333281 --arg 64 --arg 64 --arg 8 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.996266663
// SCOREBOARD: hotspotOpt1 as-written --grid 1,16,1 --block 64,4,1 --arg random:1:32768 --arg random:2:32768 --arg zeros:32768 --arg 0.00533333281 --arg 64 --arg 64 --arg 8 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.000533333281 --arg 0.996266663
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 3 launches (9 buffers after them), 0 lines of output, 3 arguments

// What a CUDA expert would do: little; this is Rodinia's optimized version. The z column is
// already carried in registers by hand (one new tIn[c+xy] a layer: nothing for the pass's
// streaming to add), every access is a row of 64 consecutive floats a block row (coalesced;
// W and E one float off, so 5 sectors a request where N, S, c take 4), and the W, E, N, S
// neighbours are the plane the previous layer loaded as its temp3, served by L1. What is
// left is the read-only path: p and tIn are never written (const __restrict__,
// ld.global.nc). A shared xy plane with a halo (Micikevicius's 2.5-D blocking) would turn
// the four neighbour loads into shared reads, saving L1 requests, not DRAM bytes; on sm_90
// most experts leave it.
// What the pass does with the default options: as the expert. p is a gpu.alloc of its own and
// tIn is one of the two buffers the host swaps, never the launch's tOut, so both are read
// through ld.global.nc with no check. It stages nothing: the edge cases `(i == 0) ? c : c - 1`
// and `(i == nx-1) ? c : c + 1` (and N, S) are read as max(c - 1, c - i) and
// min(c + 1, c + 63 - i) (i in 0..63 by the launch's grid and nx = 64 at every launch;
// session 29, before, "a select that is no minimum or maximum of its two values"), and the
// indices after the z loop as c + 6·xy (the loop's 6 trips of c += xy; before, "an operation
// the access model does not follow"), but a flat index with a minimum or maximum has no
// footprint box, so the plane is not tiled, which the expert would not do either. No
// promote (the kernel keeps nothing in global memory across the loop) and no streaming (each
// layer loads the column once already).

// REMARK: gpu-mem-opt: kernel: 'hotspotOpt1': block 64x4x1 (from gpu.launch_func); 21 memory accesses; the same at every launch here: arg4 = 64, arg5 = 64, arg6 = 8
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}} or gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: no footprint box: index 0 has a maximum (quasi-affine); the same for 5 more accesses
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: no footprint box: index 0 has a minimum (quasi-affine); the same for 5 more accesses
// REMARK-NOT: gpu-mem-opt: promote
// REMARK-NOT: gpu-mem-opt: version

module attributes {gpu.container_module} {
  // main(): powerIn, tempIn (readinput), tempOut (calloc)
  func.func @main(%powerIn: memref<?xf32>, %tempIn: memref<?xf32>, %tempOut: memref<?xf32>) {
    // numCols = numRows = 64; layers = 8; iterations = 3
    %nx = arith.constant 64 : i32
    %ny = arith.constant 64 : i32
    %nz = arith.constant 8 : i32
    %numiter = arith.constant 3 : index
    // float stepDivCap = dt / Cap; ce = cw = stepDivCap/Rx; cn = cs = stepDivCap/Ry;
    // ct = cb = stepDivCap/Rz; cc = 1.0 - (2.0*ce + 2.0*cn + 3.0*ct);
    %stepDivCap = arith.constant 0.00533333281 : f32
    %ce = arith.constant 0.000533333281 : f32
    %cn = arith.constant 0.000533333281 : f32
    %ct = arith.constant 0.000533333281 : f32
    %cc = arith.constant 0.996266663 : f32
    // size_t s = sizeof(float) * nx * ny * nz; cudaMalloc p_d, tIn_d, tOut_d;
    // cudaMemcpy(tIn_d, tIn, s, ...); cudaMemcpy(p_d, p, s, ...);
    %size = arith.constant 32768 : index
    %p_d = gpu.alloc (%size) : memref<?xf32>
    %tIn_d = gpu.alloc (%size) : memref<?xf32>
    %tOut_d = gpu.alloc (%size) : memref<?xf32>
    gpu.memcpy %tIn_d, %tempIn : memref<?xf32>, memref<?xf32>
    gpu.memcpy %p_d, %powerIn : memref<?xf32>, memref<?xf32>
    // dim3 block_dim(64, 4, 1); dim3 grid_dim(nx / 64, ny / 4, 1);
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %nx_index = arith.index_cast %nx : i32 to index
    %ny_index = arith.index_cast %ny : i32 to index
    %grid_x = arith.divsi %nx_index, %c64 : index
    %grid_y = arith.divsi %ny_index, %c4 : index
    // for (int i = 0; i < numiter; ++i) {
    //   hotspotOpt1<<<grid_dim, block_dim>>>(p_d, tIn_d, tOut_d, stepDivCap, nx, ny, nz,
    //                                          ce, cw, cn, cs, ct, cb, cc);
    //   float *t = tIn_d; tIn_d = tOut_d; tOut_d = t;
    // }
    %last:2 = scf.for %i = %c0 to %numiter step %c1
        iter_args(%in = %tIn_d, %out = %tOut_d) -> (memref<?xf32>, memref<?xf32>) {
      gpu.launch_func @kernels::@hotspotOpt1 blocks in (%grid_x, %grid_y, %c1) threads in (%c64, %c4, %c1)
          args(%p_d : memref<?xf32>, %in : memref<?xf32>, %out : memref<?xf32>, %stepDivCap : f32,
               %nx : i32, %ny : i32, %nz : i32, %ce : f32, %ce : f32, %cn : f32, %cn : f32,
               %ct : f32, %ct : f32, %cc : f32)
      scf.yield %out, %in : memref<?xf32>, memref<?xf32>
    }
    // cudaMemcpy(tOut, tOut_d, s, cudaMemcpyDeviceToHost); cudaFree(...)
    gpu.memcpy %tempOut, %last#1 : memref<?xf32>, memref<?xf32>
    gpu.dealloc %p_d : memref<?xf32>
    gpu.dealloc %tIn_d : memref<?xf32>
    gpu.dealloc %tOut_d : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void hotspotOpt1(float *p, float* tIn, float *tOut, float sdc,
    //     int nx, int ny, int nz, float ce, float cw, float cn, float cs,
    //     float ct, float cb, float cc)
    gpu.func @hotspotOpt1(%p: memref<?xf32>, %tIn: memref<?xf32>, %tOut: memref<?xf32>,
                          %sdc: f32, %nx: i32, %ny: i32, %nz: i32, %ce: f32, %cw: f32,
                          %cn: f32, %cs: f32, %ct: f32, %cb: f32, %cc: f32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // float amb_temp = 80.0;
      %amb_temp = arith.constant 80.0 : f32
      %nx_index = arith.index_cast %nx : i32 to index
      %ny_index = arith.index_cast %ny : i32 to index
      %nz_index = arith.index_cast %nz : i32 to index
      // int i = blockDim.x * blockIdx.x + threadIdx.x;
      %bdx = gpu.block_dim x
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bdx_bx = arith.muli %bdx, %bx : index
      %i = arith.addi %bdx_bx, %tx : index
      // int j = blockDim.y * blockIdx.y + threadIdx.y;
      %bdy = gpu.block_dim y
      %by = gpu.block_id y
      %ty = gpu.thread_id y
      %bdy_by = arith.muli %bdy, %by : index
      %j = arith.addi %bdy_by, %ty : index
      // int c = i + j * nx; int xy = nx * ny;
      %j_nx = arith.muli %j, %nx_index : index
      %c = arith.addi %i, %j_nx : index
      %xy = arith.muli %nx_index, %ny_index : index
      // int W = (i == 0) ? c : c - 1;
      %i_first = arith.cmpi eq, %i, %c0 : index
      %c_minus_1 = arith.subi %c, %c1 : index
      %W = arith.select %i_first, %c, %c_minus_1 : index
      // int E = (i == nx-1) ? c : c + 1;
      %nx_minus_1 = arith.subi %nx_index, %c1 : index
      %i_last = arith.cmpi eq, %i, %nx_minus_1 : index
      %c_plus_1 = arith.addi %c, %c1 : index
      %E = arith.select %i_last, %c, %c_plus_1 : index
      // int N = (j == 0) ? c : c - nx;
      %j_first = arith.cmpi eq, %j, %c0 : index
      %c_minus_nx = arith.subi %c, %nx_index : index
      %N = arith.select %j_first, %c, %c_minus_nx : index
      // int S = (j == ny-1) ? c : c + nx;
      %ny_minus_1 = arith.subi %ny_index, %c1 : index
      %j_last = arith.cmpi eq, %j, %ny_minus_1 : index
      %c_plus_nx = arith.addi %c, %nx_index : index
      %S = arith.select %j_last, %c, %c_plus_nx : index
      // temp1 = temp2 = tIn[c]; temp3 = tIn[c+xy];
      %temp2 = memref.load %tIn[%c] : memref<?xf32>
      %c_up = arith.addi %c, %xy : index
      %temp3 = memref.load %tIn[%c_up] : memref<?xf32>
      // tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S]
      //     + cn * tIn[N] + cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
      %first_cc = arith.mulf %cc, %temp2 : f32
      %first_w = memref.load %tIn[%W] : memref<?xf32>
      %first_cw = arith.mulf %cw, %first_w : f32
      %first_1 = arith.addf %first_cc, %first_cw : f32
      %first_e = memref.load %tIn[%E] : memref<?xf32>
      %first_ce = arith.mulf %ce, %first_e : f32
      %first_2 = arith.addf %first_1, %first_ce : f32
      %first_s = memref.load %tIn[%S] : memref<?xf32>
      %first_cs = arith.mulf %cs, %first_s : f32
      %first_3 = arith.addf %first_2, %first_cs : f32
      %first_n = memref.load %tIn[%N] : memref<?xf32>
      %first_cn = arith.mulf %cn, %first_n : f32
      %first_4 = arith.addf %first_3, %first_cn : f32
      %first_cb = arith.mulf %cb, %temp2 : f32
      %first_5 = arith.addf %first_4, %first_cb : f32
      %first_ct = arith.mulf %ct, %temp3 : f32
      %first_6 = arith.addf %first_5, %first_ct : f32
      %first_p = memref.load %p[%c] : memref<?xf32>
      %first_sdc = arith.mulf %sdc, %first_p : f32
      %first_7 = arith.addf %first_6, %first_sdc : f32
      %first_amb = arith.mulf %ct, %amb_temp : f32
      %first_8 = arith.addf %first_7, %first_amb : f32
      memref.store %first_8, %tOut[%c] : memref<?xf32>
      // c += xy; W += xy; E += xy; N += xy; S += xy;
      %c_1 = arith.addi %c, %xy : index
      %W_1 = arith.addi %W, %xy : index
      %E_1 = arith.addi %E, %xy : index
      %N_1 = arith.addi %N, %xy : index
      %S_1 = arith.addi %S, %xy : index
      // for (int k = 1; k < nz-1; ++k) {
      %nz_minus_1 = arith.subi %nz_index, %c1 : index
      %layers:7 = scf.for %k = %c1 to %nz_minus_1 step %c1
          iter_args(%t2 = %temp2, %t3 = %temp3, %cc_k = %c_1, %W_k = %W_1, %E_k = %E_1,
                    %N_k = %N_1, %S_k = %S_1) -> (f32, f32, index, index, index, index, index) {
        // temp1 = temp2; temp2 = temp3; temp3 = tIn[c+xy];
        %up = arith.addi %cc_k, %xy : index
        %next = memref.load %tIn[%up] : memref<?xf32>
        // tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S]
        //     + cn * tIn[N] + cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
        %cc_t = arith.mulf %cc, %t3 : f32
        %w = memref.load %tIn[%W_k] : memref<?xf32>
        %cw_w = arith.mulf %cw, %w : f32
        %sum1 = arith.addf %cc_t, %cw_w : f32
        %e = memref.load %tIn[%E_k] : memref<?xf32>
        %ce_e = arith.mulf %ce, %e : f32
        %sum2 = arith.addf %sum1, %ce_e : f32
        %s = memref.load %tIn[%S_k] : memref<?xf32>
        %cs_s = arith.mulf %cs, %s : f32
        %sum3 = arith.addf %sum2, %cs_s : f32
        %n = memref.load %tIn[%N_k] : memref<?xf32>
        %cn_n = arith.mulf %cn, %n : f32
        %sum4 = arith.addf %sum3, %cn_n : f32
        %cb_b = arith.mulf %cb, %t2 : f32
        %sum5 = arith.addf %sum4, %cb_b : f32
        %ct_t = arith.mulf %ct, %next : f32
        %sum6 = arith.addf %sum5, %ct_t : f32
        %pc = memref.load %p[%cc_k] : memref<?xf32>
        %sdc_p = arith.mulf %sdc, %pc : f32
        %sum7 = arith.addf %sum6, %sdc_p : f32
        %amb = arith.mulf %ct, %amb_temp : f32
        %sum8 = arith.addf %sum7, %amb : f32
        memref.store %sum8, %tOut[%cc_k] : memref<?xf32>
        // c += xy; W += xy; E += xy; N += xy; S += xy;
        %c_next = arith.addi %cc_k, %xy : index
        %W_next = arith.addi %W_k, %xy : index
        %E_next = arith.addi %E_k, %xy : index
        %N_next = arith.addi %N_k, %xy : index
        %S_next = arith.addi %S_k, %xy : index
        scf.yield %t3, %next, %c_next, %W_next, %E_next, %N_next, %S_next
            : f32, f32, index, index, index, index, index
      }
      // temp1 = temp2; temp2 = temp3;
      // tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S]
      //     + cn * tIn[N] + cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
      // (temp3 is not reloaded: the top layer reads its own value as the one above it)
      %last_cc = arith.mulf %cc, %layers#1 : f32
      %last_w = memref.load %tIn[%layers#3] : memref<?xf32>
      %last_cw = arith.mulf %cw, %last_w : f32
      %last_1 = arith.addf %last_cc, %last_cw : f32
      %last_e = memref.load %tIn[%layers#4] : memref<?xf32>
      %last_ce = arith.mulf %ce, %last_e : f32
      %last_2 = arith.addf %last_1, %last_ce : f32
      %last_s = memref.load %tIn[%layers#6] : memref<?xf32>
      %last_cs = arith.mulf %cs, %last_s : f32
      %last_3 = arith.addf %last_2, %last_cs : f32
      %last_n = memref.load %tIn[%layers#5] : memref<?xf32>
      %last_cn = arith.mulf %cn, %last_n : f32
      %last_4 = arith.addf %last_3, %last_cn : f32
      %last_cb = arith.mulf %cb, %layers#0 : f32
      %last_5 = arith.addf %last_4, %last_cb : f32
      %last_ct = arith.mulf %ct, %layers#1 : f32
      %last_6 = arith.addf %last_5, %last_ct : f32
      %last_p = memref.load %p[%layers#2] : memref<?xf32>
      %last_sdc = arith.mulf %sdc, %last_p : f32
      %last_7 = arith.addf %last_6, %last_sdc : f32
      %last_amb = arith.mulf %ct, %amb_temp : f32
      %last_8 = arith.addf %last_7, %last_amb : f32
      memref.store %last_8, %tOut[%layers#2] : memref<?xf32>
      gpu.return
    }
  }
}
