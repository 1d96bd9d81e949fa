// Rodinia PathFinder (dynamic programming: the cheapest path down a grid of weights, each
// step to the cell below or its two diagonal neighbours), pyramid-tiled, ported as its CUDA
// source writes it: the kernel dynproc_kernel and the host code of run/calc_path.
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/pathfinder/pathfinder.cu (Rodinia 3.1).
// Each int* parameter is a memref<?xi32> indexed flat (gpuSrc[xidx], gpuWall[cols*(startStep+i)
// +xidx], gpuResults[xidx]); __shared__ int prev[BLOCK_SIZE], result[BLOCK_SIZE] are workgroup
// attributions of memref<256xi32> indexed [tx] (prev[W], prev[E] with the clamped W, E) as
// written; __syncthreads() is gpu.barrier; the int parameters are i32 and the int arithmetic is
// index arithmetic on their index_casts (signed compares: blkX = -border for block 0);
// IN_RANGE(x, min, max) is x >= min && x <= max (two cmpi and an andi), isValid is an i1 andi'd
// into the loop's test as the source's &&; the clamps of W, E and validXmin/max are selects, as
// MIN(a, b) ((a)<=(b) ? (a) : (b)) is (cmpi sle + select), in the kernel and on the host.
// Two constructs are re-expressed, with the same effect, as hotspot.mlir does: `if (i ==
// iteration-1) break;` after the first barrier becomes an scf.if (i != iteration-1) around the
// rest of the body, and `bool computed`, set in the loop and read after it, is the loop's i1
// iter_arg (false before it; uninitialized in the source, read only when iteration > 0).
// Threads whose xidx is outside [0, cols-1] leave prev[tx] unwritten; the W/E clamps to
// validXmin/validXmax keep every thread from reading those entries, as in the source.
// Host: init's data = new int[rows*cols] is a memref.alloc filled as wall[i][j] = rand() % 10
// (wall[i] = data+cols*i), where the 2400 rand() results are the first argument's elements
// with the sign bit cleared (glibc's RAND_MAX = 2^31-1; interp's random i32 are uniform 32-bit
// patterns). cudaMemcpy(gpuResult[0], data, cols) and cudaMemcpy(gpuWall, data+cols,
// size-cols) copy from memref.subviews of data; borderCols, smallBlockCol, blockCols and the
// launch's MIN(pyramid_height, rows-t-1) are computed in i32 as the host writes them;
// cudaDeviceSynchronize() after each launch is gpu.wait; the gpuResult[src]/[dst] swap is the
// loop's two memref iter_args, and gpuResult[final_ret] is the last dst, copied back into the
// second argument (result = new int[cols]). rows is passed to the kernel and unused there.
// Sizes (the source reads cols, rows, pyramid_height from argv; Rodinia's run uses 100000 100
// 20): BLOCK_SIZE = 256, HALO = 1 as the source; cols = 300, rows = 8, pyramid_height = 2, so
// borderCols = 2, smallBlockCol = 252, blockCols = 300/252 + 1 = 2 (300 is not a multiple of
// 252 or 256: block 1 starts at blkX = 250 and only its first 50 threads are in range).
// t = 0, 2, 4, 6: launches with iteration = 2, 2, 2, 1 (rows = 8 rather than 9, so that the
// last launch is the shorter one: its small block is 254 wide inside the kernel while the grid
// and border stay the host's, as in the source).
// Checked numerically: a Python transcription of the recurrence (dst[j] = wall[i][j] +
// min(src[j-1], src[j], src[j+1]), clamped at the edges) on the random:1 data gives the 300
// values this program leaves in its second argument (--print-arg 1; 6 to 28).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:2400 --arg zeros:300
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:2400 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:2400 --arg zeros:300 | FileCheck %s --check-prefix=PROGRAM
// The first launch (iteration 2, startStep 0) and the last (iteration 1, startStep 6) alone:
// RUN: gpu-mem-opt diff %s --kernel dynproc_kernel --grid 2,1,1 --block 256,1,1 --arg 2 --arg random:1:2100 --arg random:2:300 --arg zeros:300 --arg 300 --arg 8 --arg 0 --arg 2
// SCOREBOARD: dynproc_kernel as-written --grid 2,1,1 --block 256,1,1 --arg 2 --arg random:1:2100 --arg random:2:300 --arg zeros:300 --arg 300 --arg 8 --arg 0 --arg 2
// RUN: gpu-mem-opt diff %s --kernel dynproc_kernel --grid 2,1,1 --block 256,1,1 --arg 1 --arg random:1:2100 --arg random:2:300 --arg zeros:300 --arg 300 --arg 8 --arg 6 --arg 2
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 4 launches (12 buffers after them), 0 lines of output, 2 arguments

// What a CUDA expert would do: the kernel is already hand-staged in one dimension: each thread
// loads one gpuSrc int into prev[tx] and the `iteration` DP steps run on shared memory, each
// computing thread reading one gpuWall int per step. The global accesses are stride 1 in tx,
// so coalesced, but shifted by the halo: blkX = 252*bx - 2, so a full warp's 32 ints (128
// bytes) start 8 bytes off a 32-byte sector and take 5 sectors instead of 4 (gpuSrc: block 0
// warp 0 has lanes 0, 1 out of range, 4 sectors; block 1's warp 1 holds the last 18 columns,
// 3 sectors; its warps 2 to 7 load nothing); gpuWall's rows are 1200 bytes apart (16 mod 32),
// which moves a row's warp to 8 or 24 bytes off a sector: 5 sectors again; gpuResults' stores
// are gpuSrc's pattern. That is the cost of overlapping blocks, not worth realigning.
// Shared memory is conflict-free with 4-byte ints:
// prev[tx], result[tx] and prev[tx-1], prev[tx+1] put a warp's 32 lanes on 32 consecutive
// words (words 32w-1..32w+30: banks 31, 0..30), and the clamped lanes of prev[W]/prev[E] read
// the one word validXmin/validXmax (a broadcast): 1 wavefront each, so no padding or swizzle.
// What is left: the read-only path for gpuWall and gpuSrc (const __restrict__,
// ld.global.nc; each int is read once per block, so it buys little), and, beyond memory
// layout, dropping the prev[tx] = result[tx] copy and its second __syncthreads by swapping
// the two arrays each step, and issuing the step's gpuWall loads before the barrier chain.
// What the pass does with the default options: the read-only path, as the expert: gpuWall
// (arg 1) is a gpu.alloc of its own, gpuSrc (arg 2) one of the two ping-pong buffers, which
// start apart and are only swapped, so never the launch's gpuResults. It stages nothing and
// leaves prev and result as they are, as the expert. result is decided conflict-free as the
// expert finds it: its guard (IN_RANGE(tx, i+1, BLOCK_SIZE-i-2) && isValid) depends on i, in a
// loop of `iteration` trips, which is unknown, so the pass counts one period of that loop with
// every lane running each access, a bound on whichever lanes the guard lets through (session
// 27; before, "the guard depends on loop0" left it unknown). blkX = small_block_cols*bx - border
// multiplies bx by 256 - 2*iteration, and iteration (arg0) is 2, 2, 2 and 1 at the four
// launches (a select on the host's loop counter); that product is the same for every thread of
// a block, a symbol of its own ((-2*arg0 + 256)*bid.x, session 30; before, "a product of two
// non-constant values" left every footprint without a box and prev unknown). gpuWall's row
// startStep+i, column xidx is now delinearized: the column is proven in its row by isValid's
// clamps, tx >= validXmin = max(-blkX, 0) and tx <= validXmax = min(BLOCK_SIZE-1, ...), each a
// bound by both sides (nothing to gain but the remark). prev stays unknown, for a reason a CUDA
// programmer would not give: prev[W]'s guard is in the loop of `iteration` trips, a different
// number at different launches. The global requests stay unknown (the edge guard holds a block
// id times an unknown), so there is no time; the grid, blockCols = cols/smallBlockCol +
// ((cols%smallBlockCol==0)?0:1) = 2, is folded from the host's constants (session 27).

// REMARK: gpu-mem-opt: kernel: 'dynproc_kernel': block 256x1x1 (from gpu.launch_func); 11 memory accesses; the same at every launch here: arg4 = 300, arg5 = 8, arg7 = 2; the launches here pass arg0 = 1 or 2, arg6 = 0, 2, 4 or 6
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(loop0 + arg6)*300 + tid.x + (-2*arg0 + 256)*bid.x - 2] read as row loop0 + arg6, column tid.x + (-2*arg0 + 256)*bid.x - 2 of rows of 300 elements (a 2-D view, the same addresses): tid.x + (-2*arg0 + 256)*bid.x - 2 >= 0 by tid.x >= -(-2*arg0 + 256)*bid.x + 2, < 300 by tid.x <= -(-2*arg0 + 256)*bid.x + 301
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}} or gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: sectors per request unknown: the guard depends on (-2*arg0 + 256)*bid.x, whose value is unknown
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: sectors per request unknown: the guard depends on loop0, whose value is unknown
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: sectors per request unknown: guarded by a flag the loop at {{.*}} leaves, which is not modelled
// REMARK: gpu-mem-opt: pad: workgroup 0: left as it is: unknown even for an interior block, where the edge guard on (-2*arg0 + 256)*bid.x holds for every lane: the memref.load at {{.*}}: the guard depends on loop0, whose value is unknown
// REMARK: gpu-mem-opt: pad: workgroup 1: unchanged: conflict-free already (wavefronts 3, degree 1); costed for an interior block: the edge guard on (-2*arg0 + 256)*bid.x holds for every lane; counted with every lane running each access, which bounds whatever lanes its guard lets through (unknown even for an interior block, where the edge guard on (-2*arg0 + 256)*bid.x holds for every lane: the memref.store at {{.*}}: the guard depends on loop0, whose value is unknown); wavefronts of one request of each access, over one period of its loops (the memref.store at {{.*}}: the trip count of loop0 is unknown)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize|time}}

module attributes {gpu.container_module} {
  // run(): init(argc, argv) with cols = 300, rows = 8, pyramid_height = 2; rand is what the
  // 2400 rand() calls of init return (31-bit values: the random i32 argument's low 31 bits);
  // result (new int[cols]) is the second argument.
  func.func @main(%rand: memref<?xi32>, %result: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    // #define BLOCK_SIZE 256, #define HALO 1
    %BLOCK_SIZE = arith.constant 256 : i32
    %HALO = arith.constant 1 : i32
    // cols = atoi(argv[1]); rows = atoi(argv[2]); pyramid_height = atoi(argv[3]);
    %cols = arith.constant 300 : i32
    %rows = arith.constant 8 : i32
    %pyramid_height = arith.constant 2 : i32
    // data = new int[rows*cols]; wall[n] = data+cols*n;
    %rc = arith.muli %rows, %cols : i32
    %rci = arith.index_cast %rc : i32 to index
    %data = memref.alloc (%rci) : memref<?xi32>
    // for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) wall[i][j] = rand() % 10;
    %rowsi = arith.index_cast %rows : i32 to index
    %colsi = arith.index_cast %cols : i32 to index
    %RAND_MAX = arith.constant 2147483647 : i32
    %ten = arith.constant 10 : i32
    scf.for %i = %c0 to %rowsi step %c1 {
      scf.for %j = %c0 to %colsi step %c1 {
        %n = arith.muli %colsi, %i : index
        %k = arith.addi %n, %j : index
        %bits = memref.load %rand[%k] : memref<?xi32>
        %r = arith.andi %bits, %RAND_MAX : i32
        %v = arith.remsi %r, %ten : i32
        memref.store %v, %data[%k] : memref<?xi32>
      }
    }
    // int borderCols = (pyramid_height)*HALO;
    %borderCols = arith.muli %pyramid_height, %HALO : i32
    // int smallBlockCol = BLOCK_SIZE-(pyramid_height)*HALO*2;
    %ph = arith.muli %pyramid_height, %HALO : i32
    %ph2 = arith.muli %ph, %c2_i32 : i32
    %smallBlockCol = arith.subi %BLOCK_SIZE, %ph2 : i32
    // int blockCols = cols/smallBlockCol+((cols%smallBlockCol==0)?0:1);
    %q = arith.divsi %cols, %smallBlockCol : i32
    %m = arith.remsi %cols, %smallBlockCol : i32
    %exact = arith.cmpi eq, %m, %c0_i32 : i32
    %extra = arith.select %exact, %c0_i32, %c1_i32 : i32
    %blockCols = arith.addi %q, %extra : i32
    // int size = rows*cols;
    %size = arith.muli %rows, %cols : i32
    // cudaMalloc gpuResult[0], gpuResult[1] (sizeof(int)*cols);
    %gpuResult0 = gpu.alloc (%colsi) : memref<?xi32>
    %gpuResult1 = gpu.alloc (%colsi) : memref<?xi32>
    // cudaMemcpy(gpuResult[0], data, sizeof(int)*cols, cudaMemcpyHostToDevice);
    %row0 = memref.subview %data[0] [%colsi] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
    gpu.memcpy %gpuResult0, %row0 : memref<?xi32>, memref<?xi32, strided<[1]>>
    // cudaMalloc gpuWall (sizeof(int)*(size-cols));
    %wsize = arith.subi %size, %cols : i32
    %wsizei = arith.index_cast %wsize : i32 to index
    %gpuWall = gpu.alloc (%wsizei) : memref<?xi32>
    // cudaMemcpy(gpuWall, data+cols, sizeof(int)*(size-cols), cudaMemcpyHostToDevice);
    %rest = memref.subview %data[%colsi] [%wsizei] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    gpu.memcpy %gpuWall, %rest : memref<?xi32>, memref<?xi32, strided<[1], offset: ?>>
    // calc_path(gpuWall, gpuResult, rows, cols, pyramid_height, blockCols, borderCols):
    // dim3 dimBlock(BLOCK_SIZE); dim3 dimGrid(blockCols);
    %block = arith.index_cast %BLOCK_SIZE : i32 to index
    %grid = arith.index_cast %blockCols : i32 to index
    // int src = 1, dst = 0;
    // for (int t = 0; t < rows-1; t+=pyramid_height) {
    //   int temp = src; src = dst; dst = temp;
    //   dynproc_kernel<<<dimGrid, dimBlock>>>(MIN(pyramid_height, rows-t-1), gpuWall,
    //       gpuResult[src], gpuResult[dst], cols, rows, t, borderCols);
    //   cudaDeviceSynchronize();
    // }
    %rows_1 = arith.subi %rows, %c1_i32 : i32
    %tend = arith.index_cast %rows_1 : i32 to index
    %tstep = arith.index_cast %pyramid_height : i32 to index
    %last:2 = scf.for %t = %c0 to %tend step %tstep
        iter_args(%src = %gpuResult1, %dst = %gpuResult0) -> (memref<?xi32>, memref<?xi32>) {
      %t_i32 = arith.index_cast %t : index to i32
      %rt = arith.subi %rows, %t_i32 : i32
      %rt1 = arith.subi %rt, %c1_i32 : i32
      %le = arith.cmpi sle, %pyramid_height, %rt1 : i32
      %iteration = arith.select %le, %pyramid_height, %rt1 : i32
      gpu.launch_func @kernels::@dynproc_kernel blocks in (%grid, %c1, %c1) threads in (%block, %c1, %c1)
          args(%iteration : i32, %gpuWall : memref<?xi32>, %dst : memref<?xi32>, %src : memref<?xi32>,
               %cols : i32, %rows : i32, %t_i32 : i32, %borderCols : i32)
      gpu.wait
      scf.yield %dst, %src : memref<?xi32>, memref<?xi32>
    }
    // return dst; cudaMemcpy(result, gpuResult[final_ret], sizeof(int)*cols, cudaMemcpyDeviceToHost);
    gpu.memcpy %result, %last#1 : memref<?xi32>, memref<?xi32>
    // cudaFree(gpuWall); cudaFree(gpuResult[0]); cudaFree(gpuResult[1]); delete [] data;
    gpu.dealloc %gpuWall : memref<?xi32>
    gpu.dealloc %gpuResult0 : memref<?xi32>
    gpu.dealloc %gpuResult1 : memref<?xi32>
    memref.dealloc %data : memref<?xi32>
    return
  }

  gpu.module @kernels {
    // __global__ void dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc,
    //     int *gpuResults, int cols, int rows, int startStep, int border)
    gpu.func @dynproc_kernel(%iteration: i32, %gpuWall: memref<?xi32>, %gpuSrc: memref<?xi32>,
                             %gpuResults: memref<?xi32>, %cols: i32, %rows: i32,
                             %startStep: i32, %border: i32)
        // __shared__ int prev[BLOCK_SIZE];
        // __shared__ int result[BLOCK_SIZE];
        workgroup(%prev : memref<256xi32, #gpu.address_space<workgroup>>,
                  %result : memref<256xi32, #gpu.address_space<workgroup>>)
        kernel {
      %BLOCK_SIZE = arith.constant 256 : index
      %HALO = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %false = arith.constant false
      %iter = arith.index_cast %iteration : i32 to index
      %colsi = arith.index_cast %cols : i32 to index
      %step0 = arith.index_cast %startStep : i32 to index
      %borderi = arith.index_cast %border : i32 to index
      // int bx = blockIdx.x; int tx=threadIdx.x;
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      // int small_block_cols = BLOCK_SIZE-iteration*HALO*2;
      %ih = arith.muli %iter, %HALO : index
      %ih2 = arith.muli %ih, %c2 : index
      %small_block_cols = arith.subi %BLOCK_SIZE, %ih2 : index
      // int blkX = small_block_cols*bx-border;
      %sbx = arith.muli %small_block_cols, %bx : index
      %blkX = arith.subi %sbx, %borderi : index
      // int blkXmax = blkX+BLOCK_SIZE-1;
      %blkXB = arith.addi %blkX, %BLOCK_SIZE : index
      %blkXmax = arith.subi %blkXB, %c1 : index
      // int xidx = blkX+tx;
      %xidx = arith.addi %blkX, %tx : index
      // int validXmin = (blkX < 0) ? -blkX : 0;
      %blkX_neg = arith.cmpi slt, %blkX, %c0 : index
      %mblkX = arith.subi %c0, %blkX : index
      %validXmin = arith.select %blkX_neg, %mblkX, %c0 : index
      // int validXmax = (blkXmax > cols-1) ? BLOCK_SIZE-1-(blkXmax-cols+1) : BLOCK_SIZE-1;
      %cols_1 = arith.subi %colsi, %c1 : index
      %xmax_out = arith.cmpi sgt, %blkXmax, %cols_1 : index
      %B_1 = arith.subi %BLOCK_SIZE, %c1 : index
      %xd = arith.subi %blkXmax, %colsi : index
      %xd1 = arith.addi %xd, %c1 : index
      %xcut = arith.subi %B_1, %xd1 : index
      %validXmax = arith.select %xmax_out, %xcut, %B_1 : index
      // int W = tx-1; int E = tx+1;
      %W0 = arith.subi %tx, %c1 : index
      %E0 = arith.addi %tx, %c1 : index
      // W = (W < validXmin) ? validXmin : W;
      %W_lo = arith.cmpi slt, %W0, %validXmin : index
      %W = arith.select %W_lo, %validXmin, %W0 : index
      // E = (E > validXmax) ? validXmax : E;
      %E_hi = arith.cmpi sgt, %E0, %validXmax : index
      %E = arith.select %E_hi, %validXmax, %E0 : index
      // bool isValid = IN_RANGE(tx, validXmin, validXmax);
      %tx_ge_v = arith.cmpi sge, %tx, %validXmin : index
      %tx_le_v = arith.cmpi sle, %tx, %validXmax : index
      %isValid = arith.andi %tx_ge_v, %tx_le_v : i1
      // if(IN_RANGE(xidx, 0, cols-1)){ prev[tx] = gpuSrc[xidx]; }
      %x_ge = arith.cmpi sge, %xidx, %c0 : index
      %x_le = arith.cmpi sle, %xidx, %cols_1 : index
      %x_in = arith.andi %x_ge, %x_le : i1
      scf.if %x_in {
        %s = memref.load %gpuSrc[%xidx] : memref<?xi32>
        memref.store %s, %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      // __syncthreads();
      gpu.barrier
      // bool computed;
      // for (int i=0; i<iteration ; i++){
      %iter_1 = arith.subi %iter, %c1 : index
      %computed = scf.for %i = %c0 to %iter step %c1 iter_args(%was_computed = %false) -> (i1) {
        // computed = false;
        // if( IN_RANGE(tx, i+1, BLOCK_SIZE-i-2) && isValid){
        %i1 = arith.addi %i, %c1 : index
        %bi = arith.subi %BLOCK_SIZE, %i : index
        %bi2 = arith.subi %bi, %c2 : index
        %tx_ge_i = arith.cmpi sge, %tx, %i1 : index
        %tx_le_i = arith.cmpi sle, %tx, %bi2 : index
        %r1 = arith.andi %tx_ge_i, %tx_le_i : i1
        %cond = arith.andi %r1, %isValid : i1
        scf.if %cond {
          // computed = true;
          // int left = prev[W]; int up = prev[tx]; int right = prev[E];
          %left = memref.load %prev[%W] : memref<256xi32, #gpu.address_space<workgroup>>
          %up = memref.load %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %right = memref.load %prev[%E] : memref<256xi32, #gpu.address_space<workgroup>>
          // int shortest = MIN(left, up);
          %lu = arith.cmpi sle, %left, %up : i32
          %shortest0 = arith.select %lu, %left, %up : i32
          // shortest = MIN(shortest, right);
          %sr = arith.cmpi sle, %shortest0, %right : i32
          %shortest = arith.select %sr, %shortest0, %right : i32
          // int index = cols*(startStep+i)+xidx;
          %si = arith.addi %step0, %i : index
          %row = arith.muli %colsi, %si : index
          %index = arith.addi %row, %xidx : index
          // result[tx] = shortest + gpuWall[index];
          %w = memref.load %gpuWall[%index] : memref<?xi32>
          %sum = arith.addi %shortest, %w : i32
          memref.store %sum, %result[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // if(i==iteration-1) break;
        %not_last = arith.cmpi ne, %i, %iter_1 : index
        scf.if %not_last {
          // if(computed) prev[tx]= result[tx];
          scf.if %cond {
            %rv = memref.load %result[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
            memref.store %rv, %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          }
          // __syncthreads();
          gpu.barrier
        }
        scf.yield %cond : i1
      }
      // if (computed){ gpuResults[xidx]=result[tx]; }
      scf.if %computed {
        %out = memref.load %result[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %out, %gpuResults[%xidx] : memref<?xi32>
      }
      gpu.return
    }
  }
}
