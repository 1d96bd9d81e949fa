// Real code: Rodinia HotSpot calculate_temp (a pyramid-tiled 5-point stencil on three
// __shared__ 16x16 tiles), the gpu.func of test/RealCode/hotspot.mlir, ported from
// GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4 (Rodinia 3.1),
// cuda/hotspot/hotspot.cu.
// Unchanged from the port: the sizes are the int arguments grid_cols, grid_rows (no size
// constant in the kernel). As people write it: temp_src[grid_cols*loadYidx + loadXidx] flat on
// memref<?xf32>, int sizes and borders as i32 arguments, the hand-written shared-memory tiles and
// __syncthreads(), C's float/double mix, 16x16 blocks (BLOCK_SIZE; no known_block_size: the
// suite gives the block).
module attributes {gpu.container_module} {
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
