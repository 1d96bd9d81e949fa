// Rodinia HotSpot (transient chip temperature, a pyramid-tiled 5-point stencil), ported as its
// CUDA source writes it: the kernel calculate_temp and the host code of run/compute_tran_temp.
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/hotspot/hotspot.cu (Rodinia 3.1).
// Each float* parameter is a memref<?xf32> indexed flat (temp_src[grid_cols*loadYidx+loadXidx]);
// the three __shared__ float [BLOCK_SIZE][BLOCK_SIZE] arrays are workgroup attributions of
// memref<16x16xf32> indexed [ty][tx] as written; __syncthreads() is gpu.barrier; the int
// parameters are i32 and the int arithmetic is index arithmetic on their index_casts (signed
// compares: blkY, blkX are negative for the first row and column of blocks); IN_RANGE(x, min,
// max) is x >= min && x <= max, the clamps of N, S, W, E and validX/Ymin/max are selects.
// The stencil update is computed as C evaluates it: 2.0 is a double, so (S + N - 2.0*T) * Ry_1,
// the Rx term, their sums with power and the step_div_Cap product are f64 (extf), the float
// terms (S + N, E + W, (amb_temp - T) * Rz_1) are f32, and the result is truncated to float as
// the store to temp_t does. temp_on_cuda[ty][tx] is loaded where the expression names it.
// Two constructs are re-expressed, with the same effect: `if (i == iteration-1) break;` at the
// end of the iteration loop's body becomes an scf.if (i != iteration-1) around the rest of that
// body (the break skips only that rest, in the last iteration), and `bool computed`, set in the
// loop and read after it, is the loop's i1 iter_arg (false before it; the source leaves it
// uninitialized, read only when iteration > 0). The host's float t (for (t = 0; t <
// total_iterations; t += num_iterations), MIN(num_iterations, total_iterations - t)) holds
// small integers here, so it is an index loop with the MIN in i32; the src/dst swap of
// MatrixTemp[] is the loop's two memref iter_args, and MatrixTemp[ret] is the last dst.
// BLOCK_SIZE = 16 (the source's default, block 16x16). grid_rows = grid_cols = 50 (the source
// reads the size from argv; Rodinia's data sets are 64 to 1024): pyramid_height = 2 gives
// borderCols = borderRows = 2, smallBlockCol = smallBlockRow = 12, blockCols = blockRows =
// 50/12 + 1 = 5 (50 is not a multiple of 12 or 16, so the last blocks are partly out of range).
// total_iterations = 5: launches with iteration = 2, 2, 1 (the last one's small block is 14
// wide inside the kernel while the grid and borders stay the host's, as in the source).
// The chip constants are computed as the host does in float/double (row = col = 50):
// Cap = 4.4800006e-05 (0x383BE7A4), Rx = Ry = 10, Rz = 48.828125, step = 1.4583334e-07
// (0x341C965D), time_elapsed = 0.001 (unused by the kernel). The temperature and power inputs
// (files in the source) are the random arguments.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:2500 --arg random:2:2500 --arg zeros:2500
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:2500 --arg random:2:2500 --arg zeros:2500 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:2500 --arg random:2:2500 --arg zeros:2500 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel calculate_temp --grid 5,5,1 --block 16,16,1 --arg 2 --arg random:2:2500 --arg random:1:2500 --arg random:3:2500 --arg 50 --arg 50 --arg 2 --arg 2 --arg 4.4800006e-05 --arg 10.0 --arg 10.0 --arg 48.828125 --arg 1.4583334e-07 --arg 0.001
// SCOREBOARD: calculate_temp as-written --grid 5,5,1 --block 16,16,1 --arg 2 --arg random:2:2500 --arg random:1:2500 --arg random:3:2500 --arg 50 --arg 50 --arg 2 --arg 2 --arg 4.4800006e-05 --arg 10.0 --arg 10.0 --arg 48.828125 --arg 1.4583334e-07 --arg 0.001
// RUN: gpu-mem-opt diff %s --kernel calculate_temp --grid 5,5,1 --block 16,16,1 --arg 1 --arg random:2:2500 --arg random:1:2500 --arg random:3:2500 --arg 50 --arg 50 --arg 2 --arg 2 --arg 4.4800006e-05 --arg 10.0 --arg 10.0 --arg 48.828125 --arg 1.4583334e-07 --arg 0.001
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 3 launches (9 buffers after them), 0 lines of output, 3 arguments

// What a CUDA expert would do: the kernel is already hand-staged: each thread loads one
// temp_src and one power element into the 16x16 shared tiles (16 consecutive floats per half
// warp, rows offset by blkX = 12*bx - 2, so about 3 sectors per 16-float row), and the stencil
// iterations run on shared memory. The [ty][tx], [N][tx], [S][tx], [ty][E], [ty][W] reads of
// 16-float rows are bank-conflict-free (a warp covers two whole rows), so no padding. What is
// left is the read-only path: power and temp_src never alias temp_dst (const __restrict__,
// ld.global.nc), and perhaps keeping power_on_cuda[ty][tx] and temp_on_cuda[ty][tx] in
// registers across the iterations; nothing more to stage.
// What the pass does with the default options: it reads power and temp_src through
// ld.global.nc, as the expert would: the host passes MatrixTemp[0]/[1] through the loop's
// swapped iter_args, which start as two gpu.alloc buffers and are only swapped, so src and dst
// differ at every launch, and power is a buffer of its own (session 18; before, those
// iter_args had no known origin and nothing was proven). It stages nothing more and leaves the
// three shared arrays as they are. The tile origin small_block_rows*by depends on iteration
// (arg0: 2, 2, 1 at the three launches here); since session 30 that product is the same for a
// block, a symbol of its own ((-2*arg0 + 16)*bid.y; before, "a product of two non-constant
// values" left everything it touched unknown). power_on_cuda and temp_t are decided
// conflict-free, as the expert finds them: each is indexed [ty][tx], and counted with every
// lane running each access (over one period of the i loop, whose trip count is iteration) it
// is conflict-free, which bounds whatever lanes the guards it cannot evaluate let through
// (session 27), for an interior block. temp_on_cuda stays unknown: its neighbour loads are
// guarded in the i loop, whose trips differ between launches. That matches the expert: the
// kernel's own shared-memory tiling is the right one. The loads of power and temp_src are
// delinearized (rows of grid_cols = 50, the column proven in its row by the load's own guard,
// IN_RANGE(loadXidx, 0, grid_cols-1)), which changes no address; temp_dst's store stays flat:
// its guard is the loop's `computed` flag, which the model does not follow. No promote (no
// loop accumulates in global memory).

// REMARK: gpu-mem-opt: kernel: 'calculate_temp': block 16x16x1 (from gpu.launch_func); 18 memory accesses; the same at every launch here: arg4 = 50, arg5 = 50, arg6 = 2, arg7 = 2; the launches here pass arg0 = 1 or 2
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.y + (-2*arg0 + 16)*bid.y - 2)*50 + tid.x + (-2*arg0 + 16)*bid.x - 2] read as row tid.y + (-2*arg0 + 16)*bid.y - 2, column tid.x + (-2*arg0 + 16)*bid.x - 2 of rows of 50 elements (a 2-D view, the same addresses): tid.x + (-2*arg0 + 16)*bid.x - 2 >= 0 by tid.x + (-2*arg0 + 16)*bid.x - 2 >= 0, < 50 by tid.x + (-2*arg0 + 16)*bid.x - 2 <= 49
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + (-2*arg0 + 16)*bid.y - 2)*50 + tid.x + (-2*arg0 + 16)*bid.x - 2] read as row tid.y + (-2*arg0 + 16)*bid.y - 2, column tid.x + (-2*arg0 + 16)*bid.x - 2 of rows of 50 elements (a 2-D view, the same addresses): tid.x + (-2*arg0 + 16)*bid.x - 2 >= 0 by tid.x + (-2*arg0 + 16)*bid.x - 2 >= 0, < 50 by tid.x + (-2*arg0 + 16)*bid.x - 2 <= 49
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[row*W + column] stays flat: no guard or loop bound proves the column tid.x + (-2*arg0 + 16)*bid.x - 2 >= 0; unblock: guard the column at or above 0 (if (j >= 0))
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}} or gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: sectors per request unknown: the guard depends on (-2*arg0 + 16)*bid.y, whose value is unknown
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: sectors per request unknown: the guard depends on (-2*arg0 + 16)*bid.y, whose value is unknown
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: sectors per request unknown: guarded by a flag the loop at {{.*}} leaves, which is not modelled
// REMARK: gpu-mem-opt: pad: workgroup 0: left as it is: unknown even for an interior block, where the edge guard on (-2*arg0 + 16)*bid.x, (-2*arg0 + 16)*bid.y holds for every lane: the memref.load at {{.*}}: the guard depends on loop0, whose value is unknown
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 2, degree 1); costed for an interior block: the edge guard on (-2*arg0 + 16)*bid.x, (-2*arg0 + 16)*bid.y holds for every lane; counted with every lane running each access, which bounds whatever lanes its guard lets through (unknown even for an interior block, where the edge guard on (-2*arg0 + 16)*bid.x, (-2*arg0 + 16)*bid.y holds for every lane: the memref.load at {{.*}}: the guard depends on loop0, whose value is unknown); wavefronts of one request of each access, over one period of its loops (the memref.load at {{.*}}: the trip count of loop0 is unknown)
// REMARK: gpu-mem-opt: pad: workgroup 2: unchanged: conflict-free already (wavefronts 3, degree 1); costed for an interior block: the edge guard on (-2*arg0 + 16)*bid.x, (-2*arg0 + 16)*bid.y holds for every lane; counted with every lane running each access, which bounds whatever lanes its guard lets through (unknown even for an interior block, where the edge guard on (-2*arg0 + 16)*bid.x, (-2*arg0 + 16)*bid.y holds for every lane: the memref.store at {{.*}}: the guard depends on loop0, whose value is unknown); wavefronts of one request of each access, over one period of its loops (the memref.store at {{.*}}: the trip count of loop0 is unknown)

module attributes {gpu.container_module} {
  // run(): FilesavingTemp, FilesavingPower (readinput), MatrixOut (calloc)
  func.func @main(%FilesavingTemp: memref<?xf32>, %FilesavingPower: memref<?xf32>,
                  %MatrixOut: memref<?xf32>) {
    // grid_rows = grid_cols = 50; pyramid_height = 2; total_iterations = 5
    %grid_rows = arith.constant 50 : i32
    %grid_cols = arith.constant 50 : i32
    %pyramid_height = arith.constant 2 : i32
    %total_iterations = arith.constant 5 : i32
    // borderCols = borderRows = pyramid_height*EXPAND_RATE/2 = 2
    %borderCols = arith.constant 2 : i32
    %borderRows = arith.constant 2 : i32
    // size = grid_rows*grid_cols
    %size = arith.constant 2500 : index
    // cudaMalloc MatrixTemp[0], MatrixTemp[1]; cudaMemcpy(MatrixTemp[0], FilesavingTemp, ...)
    %MatrixTemp0 = gpu.alloc (%size) : memref<?xf32>
    %MatrixTemp1 = gpu.alloc (%size) : memref<?xf32>
    gpu.memcpy %MatrixTemp0, %FilesavingTemp : memref<?xf32>, memref<?xf32>
    // cudaMalloc MatrixPower; cudaMemcpy(MatrixPower, FilesavingPower, ...)
    %MatrixPower = gpu.alloc (%size) : memref<?xf32>
    gpu.memcpy %MatrixPower, %FilesavingPower : memref<?xf32>, memref<?xf32>
    // compute_tran_temp(MatrixPower, MatrixTemp, grid_cols, grid_rows, total_iterations,
    //                   pyramid_height, blockCols, blockRows, borderCols, borderRows):
    // dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE); dim3 dimGrid(blockCols, blockRows) = (5, 5)
    %c1 = arith.constant 1 : index
    %block = arith.constant 16 : index
    %blockCols = arith.constant 5 : index
    %blockRows = arith.constant 5 : index
    // Cap, Rx, Ry, Rz, step as the host computes them for row = col = 50; time_elapsed=0.001
    %Cap = arith.constant 4.4800006e-05 : f32
    %Rx = arith.constant 10.0 : f32
    %Ry = arith.constant 10.0 : f32
    %Rz = arith.constant 48.828125 : f32
    %step = arith.constant 1.4583334e-07 : f32
    %time_elapsed = arith.constant 0.001 : f32
    // int src = 1, dst = 0;
    // for (t = 0; t < total_iterations; t+=num_iterations) {
    //   int temp = src; src = dst; dst = temp;
    //   calculate_temp<<<dimGrid, dimBlock>>>(MIN(num_iterations, total_iterations-t),
    //       MatrixPower,MatrixTemp[src],MatrixTemp[dst], col,row,borderCols, borderRows,
    //       Cap,Rx,Ry,Rz,step,time_elapsed);
    // }
    %c0 = arith.constant 0 : index
    %total = arith.index_cast %total_iterations : i32 to index
    %num = arith.index_cast %pyramid_height : i32 to index
    %last:2 = scf.for %t = %c0 to %total step %num
        iter_args(%src = %MatrixTemp1, %dst = %MatrixTemp0) -> (memref<?xf32>, memref<?xf32>) {
      %t_i32 = arith.index_cast %t : index to i32
      %left = arith.subi %total_iterations, %t_i32 : i32
      %le = arith.cmpi sle, %pyramid_height, %left : i32
      %iteration = arith.select %le, %pyramid_height, %left : i32
      gpu.launch_func @kernels::@calculate_temp blocks in (%blockCols, %blockRows, %c1) threads in (%block, %block, %c1)
          args(%iteration : i32, %MatrixPower : memref<?xf32>, %dst : memref<?xf32>, %src : memref<?xf32>,
               %grid_cols : i32, %grid_rows : i32, %borderCols : i32, %borderRows : i32,
               %Cap : f32, %Rx : f32, %Ry : f32, %Rz : f32, %step : f32, %time_elapsed : f32)
      scf.yield %dst, %src : memref<?xf32>, memref<?xf32>
    }
    // return dst; cudaMemcpy(MatrixOut, MatrixTemp[ret], sizeof(float)*size, cudaMemcpyDeviceToHost)
    gpu.memcpy %MatrixOut, %last#1 : memref<?xf32>, memref<?xf32>
    // cudaFree
    gpu.dealloc %MatrixPower : memref<?xf32>
    gpu.dealloc %MatrixTemp0 : memref<?xf32>
    gpu.dealloc %MatrixTemp1 : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void calculate_temp(int iteration, float *power, float *temp_src,
    //     float *temp_dst, int grid_cols, int grid_rows, int border_cols, int border_rows,
    //     float Cap, float Rx, float Ry, float Rz, float step, float time_elapsed)
    gpu.func @calculate_temp(%iteration: i32, %power: memref<?xf32>, %temp_src: memref<?xf32>,
                             %temp_dst: memref<?xf32>, %grid_cols: i32, %grid_rows: i32,
                             %border_cols: i32, %border_rows: i32, %Cap: f32, %Rx: f32,
                             %Ry: f32, %Rz: f32, %step: f32, %time_elapsed: f32)
        // __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
        // __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];
        workgroup(%temp_on_cuda : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %power_on_cuda : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %temp_t : memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %false = arith.constant false
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f64
      // float amb_temp = 80.0;
      %amb_temp = arith.constant 80.0 : f32
      // int bx = blockIdx.x; int by = blockIdx.y; int tx=threadIdx.x; int ty=threadIdx.y;
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // step_div_Cap=step/Cap; Rx_1=1/Rx; Ry_1=1/Ry; Rz_1=1/Rz;
      %step_div_Cap = arith.divf %step, %Cap : f32
      %Rx_1 = arith.divf %one, %Rx : f32
      %Ry_1 = arith.divf %one, %Ry : f32
      %Rz_1 = arith.divf %one, %Rz : f32
      %iter = arith.index_cast %iteration : i32 to index
      %gcols = arith.index_cast %grid_cols : i32 to index
      %grows = arith.index_cast %grid_rows : i32 to index
      %bcols = arith.index_cast %border_cols : i32 to index
      %brows = arith.index_cast %border_rows : i32 to index
      // int small_block_rows = BLOCK_SIZE-iteration*2; int small_block_cols = BLOCK_SIZE-iteration*2;
      %iter2 = arith.muli %iter, %c2 : index
      %small_block_rows = arith.subi %BLOCK_SIZE, %iter2 : index
      %iter2c = arith.muli %iter, %c2 : index
      %small_block_cols = arith.subi %BLOCK_SIZE, %iter2c : index
      // int blkY = small_block_rows*by-border_rows; int blkX = small_block_cols*bx-border_cols;
      %sby = arith.muli %small_block_rows, %by : index
      %blkY = arith.subi %sby, %brows : index
      %sbx = arith.muli %small_block_cols, %bx : index
      %blkX = arith.subi %sbx, %bcols : index
      // int blkYmax = blkY+BLOCK_SIZE-1; int blkXmax = blkX+BLOCK_SIZE-1;
      %blkY16 = arith.addi %blkY, %BLOCK_SIZE : index
      %blkYmax = arith.subi %blkY16, %c1 : index
      %blkX16 = arith.addi %blkX, %BLOCK_SIZE : index
      %blkXmax = arith.subi %blkX16, %c1 : index
      // int yidx = blkY+ty; int xidx = blkX+tx;
      %yidx = arith.addi %blkY, %ty : index
      %xidx = arith.addi %blkX, %tx : index
      // int loadYidx=yidx, loadXidx=xidx; int index = grid_cols*loadYidx+loadXidx;
      %rowoff = arith.muli %gcols, %yidx : index
      %index = arith.addi %rowoff, %xidx : index
      // if(IN_RANGE(loadYidx, 0, grid_rows-1) && IN_RANGE(loadXidx, 0, grid_cols-1))
      %grows_1 = arith.subi %grows, %c1 : index
      %gcols_1 = arith.subi %gcols, %c1 : index
      %y_ge = arith.cmpi sge, %yidx, %c0 : index
      %y_le = arith.cmpi sle, %yidx, %grows_1 : index
      %x_ge = arith.cmpi sge, %xidx, %c0 : index
      %x_le = arith.cmpi sle, %xidx, %gcols_1 : index
      %y_in = arith.andi %y_ge, %y_le : i1
      %x_in = arith.andi %x_ge, %x_le : i1
      %load_in = arith.andi %y_in, %x_in : i1
      scf.if %load_in {
        // temp_on_cuda[ty][tx] = temp_src[index];
        %tv = memref.load %temp_src[%index] : memref<?xf32>
        memref.store %tv, %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        // power_on_cuda[ty][tx] = power[index];
        %pv = memref.load %power[%index] : memref<?xf32>
        memref.store %pv, %power_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier
      // int validYmin = (blkY < 0) ? -blkY : 0;
      %blkY_neg = arith.cmpi slt, %blkY, %c0 : index
      %mblkY = arith.subi %c0, %blkY : index
      %validYmin = arith.select %blkY_neg, %mblkY, %c0 : index
      // int validYmax = (blkYmax > grid_rows-1) ? BLOCK_SIZE-1-(blkYmax-grid_rows+1) : BLOCK_SIZE-1;
      %c15 = arith.subi %BLOCK_SIZE, %c1 : index
      %ymax_out = arith.cmpi sgt, %blkYmax, %grows_1 : index
      %ydiff = arith.subi %blkYmax, %grows : index
      %ydiff1 = arith.addi %ydiff, %c1 : index
      %ycut = arith.subi %c15, %ydiff1 : index
      %validYmax = arith.select %ymax_out, %ycut, %c15 : index
      // int validXmin = (blkX < 0) ? -blkX : 0;
      %blkX_neg = arith.cmpi slt, %blkX, %c0 : index
      %mblkX = arith.subi %c0, %blkX : index
      %validXmin = arith.select %blkX_neg, %mblkX, %c0 : index
      // int validXmax = (blkXmax > grid_cols-1) ? BLOCK_SIZE-1-(blkXmax-grid_cols+1) : BLOCK_SIZE-1;
      %xmax_out = arith.cmpi sgt, %blkXmax, %gcols_1 : index
      %xdiff = arith.subi %blkXmax, %gcols : index
      %xdiff1 = arith.addi %xdiff, %c1 : index
      %xcut = arith.subi %c15, %xdiff1 : index
      %validXmax = arith.select %xmax_out, %xcut, %c15 : index
      // int N = ty-1; int S = ty+1; int W = tx-1; int E = tx+1;
      %N0 = arith.subi %ty, %c1 : index
      %S0 = arith.addi %ty, %c1 : index
      %W0 = arith.subi %tx, %c1 : index
      %E0 = arith.addi %tx, %c1 : index
      // N = (N < validYmin) ? validYmin : N;  S = (S > validYmax) ? validYmax : S;
      // W = (W < validXmin) ? validXmin : W;  E = (E > validXmax) ? validXmax : E;
      %N_lo = arith.cmpi slt, %N0, %validYmin : index
      %N = arith.select %N_lo, %validYmin, %N0 : index
      %S_hi = arith.cmpi sgt, %S0, %validYmax : index
      %S = arith.select %S_hi, %validYmax, %S0 : index
      %W_lo = arith.cmpi slt, %W0, %validXmin : index
      %W = arith.select %W_lo, %validXmin, %W0 : index
      %E_hi = arith.cmpi sgt, %E0, %validXmax : index
      %E = arith.select %E_hi, %validXmax, %E0 : index
      // bool computed;
      // for (int i=0; i<iteration ; i++){
      %iter_1 = arith.subi %iter, %c1 : index
      %computed = scf.for %i = %c0 to %iter step %c1 iter_args(%was_computed = %false) -> (i1) {
        // computed = false;
        // if( IN_RANGE(tx, i+1, BLOCK_SIZE-i-2) && IN_RANGE(ty, i+1, BLOCK_SIZE-i-2) &&
        //     IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax) ) {
        %i1 = arith.addi %i, %c1 : index
        %bi = arith.subi %BLOCK_SIZE, %i : index
        %bi2 = arith.subi %bi, %c2 : index
        %tx_ge_i = arith.cmpi sge, %tx, %i1 : index
        %tx_le_i = arith.cmpi sle, %tx, %bi2 : index
        %ty_ge_i = arith.cmpi sge, %ty, %i1 : index
        %ty_le_i = arith.cmpi sle, %ty, %bi2 : index
        %tx_ge_v = arith.cmpi sge, %tx, %validXmin : index
        %tx_le_v = arith.cmpi sle, %tx, %validXmax : index
        %ty_ge_v = arith.cmpi sge, %ty, %validYmin : index
        %ty_le_v = arith.cmpi sle, %ty, %validYmax : index
        %r1 = arith.andi %tx_ge_i, %tx_le_i : i1
        %r2 = arith.andi %ty_ge_i, %ty_le_i : i1
        %r3 = arith.andi %tx_ge_v, %tx_le_v : i1
        %r4 = arith.andi %ty_ge_v, %ty_le_v : i1
        %r12 = arith.andi %r1, %r2 : i1
        %r123 = arith.andi %r12, %r3 : i1
        %cond = arith.andi %r123, %r4 : i1
        scf.if %cond {
          // computed = true;
          // temp_t[ty][tx] = temp_on_cuda[ty][tx] + step_div_Cap * (power_on_cuda[ty][tx] +
          //     (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0*temp_on_cuda[ty][tx]) * Ry_1 +
          //     (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0*temp_on_cuda[ty][tx]) * Rx_1 +
          //     (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
          %T_a = memref.load %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %P = memref.load %power_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %TS = memref.load %temp_on_cuda[%S, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %TN = memref.load %temp_on_cuda[%N, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %SN = arith.addf %TS, %TN : f32
          %T_b = memref.load %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %SN_d = arith.extf %SN : f32 to f64
          %T_b_d = arith.extf %T_b : f32 to f64
          %twoT_b = arith.mulf %two, %T_b_d : f64
          %ydelta = arith.subf %SN_d, %twoT_b : f64
          %Ry_1_d = arith.extf %Ry_1 : f32 to f64
          %yterm = arith.mulf %ydelta, %Ry_1_d : f64
          %P_d = arith.extf %P : f32 to f64
          %sum1 = arith.addf %P_d, %yterm : f64
          %TE = memref.load %temp_on_cuda[%ty, %E] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %TW = memref.load %temp_on_cuda[%ty, %W] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %EW = arith.addf %TE, %TW : f32
          %T_c = memref.load %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %EW_d = arith.extf %EW : f32 to f64
          %T_c_d = arith.extf %T_c : f32 to f64
          %twoT_c = arith.mulf %two, %T_c_d : f64
          %xdelta = arith.subf %EW_d, %twoT_c : f64
          %Rx_1_d = arith.extf %Rx_1 : f32 to f64
          %xterm = arith.mulf %xdelta, %Rx_1_d : f64
          %sum2 = arith.addf %sum1, %xterm : f64
          %T_d = memref.load %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %amb_delta = arith.subf %amb_temp, %T_d : f32
          %zterm = arith.mulf %amb_delta, %Rz_1 : f32
          %zterm_d = arith.extf %zterm : f32 to f64
          %sum3 = arith.addf %sum2, %zterm_d : f64
          %sdc_d = arith.extf %step_div_Cap : f32 to f64
          %delta = arith.mulf %sdc_d, %sum3 : f64
          %T_a_d = arith.extf %T_a : f32 to f64
          %new_d = arith.addf %T_a_d, %delta : f64
          %new = arith.truncf %new_d : f64 to f32
          memref.store %new, %temp_t[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // if(i==iteration-1) break;
        %not_last = arith.cmpi ne, %i, %iter_1 : index
        scf.if %not_last {
          // if(computed) temp_on_cuda[ty][tx]= temp_t[ty][tx];
          scf.if %cond {
            %tt = memref.load %temp_t[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            memref.store %tt, %temp_on_cuda[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          }
          // __syncthreads();
          gpu.barrier
        }
        scf.yield %cond : i1
      }
      // if (computed){ temp_dst[index]= temp_t[ty][tx]; }
      scf.if %computed {
        %out = memref.load %temp_t[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        memref.store %out, %temp_dst[%index] : memref<?xf32>
      }
      gpu.return
    }
  }
}
