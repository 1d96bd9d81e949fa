// Expert rewrites of Rodinia LUD's kernels lud_diagonal, lud_perimeter and lud_internal
// (test/RealCode/lud.mlir; GitHub yuhc/gpu-rodinia, commit
// 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4, cuda/lud/cuda/lud_kernel.cu), as a CUDA expert
// would write their memory accesses; same names, signatures and launches (BLOCK_SIZE = 16,
// matrix_dim = 64: lud_diagonal one block of 16 threads, lud_perimeter blocks of 32,
// lud_internal blocks of 16x16). The kernels stage their tiles themselves and their global
// accesses are already as coalesced as 16-wide tiles allow (each tile row 64 B on a 64-byte
// boundary: 2 sectors a half-warp request, 4 a warp of two rows in lud_internal) and read
// once: nothing global changes. What changed is shared memory, as the expert comment in
// lud.mlir says:
// - lud_diagonal: shadow padded to [16][17] (memref<16x17xf32>, +64 B): shadow[tx][j] and
//   shadow[tx][i], a column walk, put lane tx on word 16*tx + j, 2 banks (up to 8-way); padded,
//   17*tx + j, 16 banks. shadow[tx][i] is kept in a register across the first j loop (j < i:
//   the loop reads no element it writes, and no other thread touches it before the barrier)
//   and divided there (one load and one store instead of i + 1 of each), shadow[i+1][tx]
//   likewise across the second (j <= i).
// - lud_perimeter: peri_col padded to [16][17] (its half reads and writes peri_col[idx][j],
//   peri_col[idx][i]: 8-way at every request unpadded, 1 padded); peri_row[i][idx] and
//   peri_col[idx][i] kept in a register across their j loops (the /= on the register). dia
//   and peri_row stay [16][16]: broadcasts and rows, conflict-free.
// - lud_internal: the tiles are conflict-free already (peri_col[ty][i] two broadcast words a
//   warp, peri_row[i][tx] a row); peri_col[ty][i..i+3] is read as a float4 (one LDS.128 for 4
//   LDS.32; the attribution 16-byte aligned, __align__(16)), the loop unrolled by 4 with the
//   sum's additions in the same order.
// Every element is the same, every operation the same in the same order (a - b*c kept as mulf
// then subf, not contracted into an FFMA): bit-identical.
//
// Global sectors at the scoreboard launches (offset 0; interp --trace, requests x sectors per
// request), as written and rewritten alike: lud_diagonal 16 x 2 (fill) + 15 x 2 (write-back) =
// 62; lud_perimeter, per block, 8 x 2 + 16 x 2 (row half: dia, peri_row) + 8 x 2 + 16 x 2 (col
// half: dia, peri_col) + 15 x 2 + 16 x 2 (write-backs) = 158, 3 blocks: 474; lud_internal 72
// requests x 4 sectors for each of its 4 accesses (9 blocks of 8 warps): 1152. Shared
// wavefronts, as written -> rewritten: lud_diagonal 1683 -> 556, lud_perimeter 11493 -> 1911,
// lud_internal 2448 -> 2448 (the interpreter counts a warp's LDS.128 as 4 wavefronts, one a
// quarter-warp, as many as the 4 broadcast LDS.32 it replaces: 1152 either way; the gain is
// 864 fewer shared-load instructions, not wavefronts).

// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_diagonal --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 0 --against %s
// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_diagonal --grid 1,1,1 --block 16,1,1 --arg random:1:4096 --arg 64 --arg 48 --against %s
// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_perimeter --grid 3,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 0 --against %s
// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_perimeter --grid 1,1,1 --block 32,1,1 --arg random:1:4096 --arg 64 --arg 32 --against %s
// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_internal --grid 3,3,1 --block 16,16,1 --arg random:1:4096 --arg 64 --arg 0 --against %s
// RUN: gpu-mem-opt diff %S/../lud.mlir --kernel lud_internal --grid 1,1,1 --block 16,16,1 --arg random:1:4096 --arg 64 --arg 32 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void lud_diagonal(float *m, int matrix_dim, int offset)
    gpu.func @lud_diagonal(%m: memref<?xf32>, %matrix_dim: i32, %offset: i32)
        // __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE+1];  (padded: was [BLOCK_SIZE][BLOCK_SIZE])
        workgroup(%shadow : memref<16x17xf32, #gpu.address_space<workgroup>>)
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
        memref.store %v, %shadow[%i, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
          // float s = shadow[threadIdx.x][i];  (a register across the j loop: j < i, so the
          // loop reads no element it writes, and no other thread touches it before the barrier)
          // for(j=0; j < i; j++)
          //   s -= shadow[threadIdx.x][j]*shadow[j][i];
          %s0 = memref.load %shadow[%tx, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
          %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %s0) -> (f32) {
            %a = memref.load %shadow[%tx, %j] : memref<16x17xf32, #gpu.address_space<workgroup>>
            %b = memref.load %shadow[%j, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %d = arith.subf %acc, %ab : f32
            scf.yield %d : f32
          }
          // shadow[threadIdx.x][i] = s / shadow[i][i];
          %p = memref.load %shadow[%i, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
          %q = arith.divf %s, %p : f32
          memref.store %q, %shadow[%tx, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // if (threadIdx.x>i){
        %tx_gt_i2 = arith.cmpi ugt, %tx, %i : index
        scf.if %tx_gt_i2 {
          // float s = shadow[i+1][threadIdx.x];  (a register: the loop reads shadow[i+1][j],
          // j <= i < threadIdx.x, and shadow[j][threadIdx.x], j < i+1: never this element)
          // for(j=0; j < i+1; j++)
          //   s -= shadow[i+1][j]*shadow[j][threadIdx.x];
          // shadow[i+1][threadIdx.x] = s;
          %i1 = arith.addi %i, %c1 : index
          %s0 = memref.load %shadow[%i1, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
          %s = scf.for %j = %c0 to %i1 step %c1 iter_args(%acc = %s0) -> (f32) {
            %a = memref.load %shadow[%i1, %j] : memref<16x17xf32, #gpu.address_space<workgroup>>
            %b = memref.load %shadow[%j, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %d = arith.subf %acc, %ab : f32
            scf.yield %d : f32
          }
          memref.store %s, %shadow[%i1, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
        %v = memref.load %shadow[%i, %tx] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
        // __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE+1];  (padded: was [BLOCK_SIZE][BLOCK_SIZE])
        workgroup(%dia : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_row : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_col : memref<16x17xf32, #gpu.address_space<workgroup>>)
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
          memref.store %v, %peri_col[%i, %idx] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
        //   float s = peri_row[i][idx];  (a register across the j loop: j < i)
        //   for (j=0; j < i; j++)
        //     s-=dia[i][j]*peri_row[j][idx];
        //   peri_row[i][idx] = s;
        // }
        scf.for %i = %c1 to %BLOCK_SIZE step %c1 {
          %s0 = memref.load %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %s0) -> (f32) {
            %a = memref.load %dia[%i, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %b = memref.load %peri_row[%j, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %d = arith.subf %acc, %ab : f32
            scf.yield %d : f32
          }
          memref.store %s, %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      } else { //peri-col
        // idx=threadIdx.x - BLOCK_SIZE;
        %idx = arith.subi %tx, %BLOCK_SIZE : index
        // for(i=0; i < BLOCK_SIZE; i++){
        scf.for %i = %c0 to %BLOCK_SIZE step %c1 {
          // float s = peri_col[idx][i];  (a register across the j loop: j < i)
          // for(j=0; j < i; j++)
          //   s-=peri_col[idx][j]*dia[j][i];
          %s0 = memref.load %peri_col[%idx, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
          %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %s0) -> (f32) {
            %a = memref.load %peri_col[%idx, %j] : memref<16x17xf32, #gpu.address_space<workgroup>>
            %b = memref.load %dia[%j, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
            %ab = arith.mulf %a, %b : f32
            %d = arith.subf %acc, %ab : f32
            scf.yield %d : f32
          }
          // peri_col[idx][i] = s / dia[i][i];
          %p = memref.load %dia[%i, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %q = arith.divf %s, %p : f32
          memref.store %q, %peri_col[%idx, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
          %v = memref.load %peri_col[%i, %idx] : memref<16x17xf32, #gpu.address_space<workgroup>>
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
        // __shared__ __align__(16) float peri_col[BLOCK_SIZE][BLOCK_SIZE];  (aligned for the float4 reads)
        workgroup(%peri_row : memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %peri_col : memref<16x16xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
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
      // for (i=0; i < BLOCK_SIZE; i += 4) {
      //   float4 c = *(float4 *)&peri_col[threadIdx.y][i];  (one LDS.128 for 4 LDS.32)
      //   sum += c.x * peri_row[i][threadIdx.x];
      //   sum += c.y * peri_row[i+1][threadIdx.x];
      //   sum += c.z * peri_row[i+2][threadIdx.x];
      //   sum += c.w * peri_row[i+3][threadIdx.x];
      // }
      %c4 = arith.constant 4 : index
      %sum = scf.for %i = %c0 to %BLOCK_SIZE step %c4 iter_args(%acc = %zero) -> (f32) {
        %cv4 = vector.load %peri_col[%ty, %i] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %a0 = vector.extract %cv4[0] : f32 from vector<4xf32>
        %b0 = memref.load %peri_row[%i, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ab0 = arith.mulf %a0, %b0 : f32
        %acc0 = arith.addf %acc, %ab0 : f32
        %i_1 = arith.addi %i, %c1 : index
        %a1 = vector.extract %cv4[1] : f32 from vector<4xf32>
        %b1 = memref.load %peri_row[%i_1, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ab1 = arith.mulf %a1, %b1 : f32
        %acc1 = arith.addf %acc0, %ab1 : f32
        %i_2 = arith.addi %i_1, %c1 : index
        %a2 = vector.extract %cv4[2] : f32 from vector<4xf32>
        %b2 = memref.load %peri_row[%i_2, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ab2 = arith.mulf %a2, %b2 : f32
        %acc2 = arith.addf %acc1, %ab2 : f32
        %i_3 = arith.addi %i_2, %c1 : index
        %a3 = vector.extract %cv4[3] : f32 from vector<4xf32>
        %b3 = memref.load %peri_row[%i_3, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %ab3 = arith.mulf %a3, %b3 : f32
        %acc3 = arith.addf %acc2, %ab3 : f32
        scf.yield %acc3 : f32
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
