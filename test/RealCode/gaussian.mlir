// Rodinia Gaussian elimination (forward elimination of Ax = b without pivoting, one column a
// step), ported as its CUDA source writes it: the kernels Fan1 (the multipliers of column t)
// and Fan2 (the update of the rows below t, and of b) and the host code of ForwardSub (with
// main's InitPerRun).
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/gaussian/gaussian.cu (Rodinia 3.1).
// Each float* parameter is a memref<?xf32> indexed flat as written:
// *(m_cuda+Size*(blockDim.x*blockIdx.x+threadIdx.x+t+1)+t), a_cuda[Size*(xidx+1+t)+(yidx+t)],
// b_cuda[xidx+1+t], evaluated left to right; the int parameters are i32 and the int arithmetic
// is index arithmetic on their index_casts; blockDim.x*blockIdx.x+threadIdx.x (Fan1) and
// blockIdx.x * blockDim.x + threadIdx.x (Fan2) are gpu.block_dim/block_id/thread_id in the
// order written. The early returns, `if(threadIdx.x + blockIdx.x * blockDim.x >= Size-1-t)
// return;` (and Fan2's second one on y, >= Size-t), compare an unsigned int with an int, which
// C converts to unsigned: cmpi uge, and the rest of the kernel is an scf.if on the negation
// (cmpi ult), with the same effect. `-=` is a load, the arithmetic and a store (a - m*p as mulf
// then subf: C rounds twice; nvcc would contract it into one FFMA). Fan2's j1 (Size-t) is
// passed and unused, as in the source.
// Host: a, b and m are main's arguments (main's malloc'd arrays; the source creates a by
// create_matrix or reads a and b from a file: here the random arguments). InitPerRun zeroes m
// (*(m+i) = 0.0 for i < Size*Size). ForwardSub as written: cudaMalloc m_cuda, a_cuda, b_cuda
// (gpu.alloc), cudaMemcpy in, grid_size = (Size/block_size) + (!(Size%block_size)? 0:1) and
// gridSize2d = (Size/blockSize2d) + (!(Size%blockSize2d?0:1)) computed in i32 as written (the
// second's misplaced `!` gives the same value: 1 when Size%4 != 0); for (t=0; t<(Size-1); t++)
// launches Fan1<<<dimGrid,dimBlock>>> and Fan2<<<dimGridXY,dimBlockXY>>>, each followed by
// cudaThreadSynchronize() (gpu.wait; checkCUDAError finds no error in the interpreter and is
// left out); then cudaMemcpy m, a, b back into main's arrays and cudaFree.
// BackSub (host-only, after the copies back) is not ported: the kernels' outputs are m, a, b.
// Sizes: MAXBLOCKSIZE = 512 and BLOCK_SIZE_XY = 4 (the source's defaults, without
// RD_WG_SIZE); Size = 30 (the source reads -s N or a file; Rodinia's run uses a 1024 matrix
// file), not a multiple of 4 nor of 512: Fan1's grid 30/512 + 1 = 1 block of 512 threads
// (rows t+1 .. 29: 29 - t threads past the guard), Fan2's 30/4 + 1 = 8x8 blocks of 4x4
// (32x32 threads, 29 - t by 30 - t of them past the guards); t = 0 .. 28: 58 launches.
// The matrix is the random argument (uniform in [-1, 1)), not create_matrix's Toeplitz one:
// elimination without pivoting wants a diagonally dominant matrix for accuracy, but the diffs
// below compare bits, so any data does (every value stays finite here: no NaN, no inf).
// Checked numerically: a Python transcription of ForwardSub in float32 (each operation
// rounded to float32 as the interpreter does: a - m*p rounded twice) on the random:1, random:2
// data gives the 900 + 30 + 900 values this program leaves in a, b and m bit for bit.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:900 --arg random:2:30 --arg random:3:900
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:900 --arg random:2:30 --arg random:3:900 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:900 --arg random:2:30 --arg random:3:900 | FileCheck %s --check-prefix=PROGRAM
// Each kernel alone at the first step (t = 0) and at the last (t = 28), on random data:
// RUN: gpu-mem-opt diff %s --kernel Fan1 --grid 1,1,1 --block 512,1,1 --arg random:3:900 --arg random:1:900 --arg 30 --arg 0
// SCOREBOARD: Fan1 as-written --grid 1,1,1 --block 512,1,1 --arg random:3:900 --arg random:1:900 --arg 30 --arg 0
// RUN: gpu-mem-opt diff %s --kernel Fan1 --grid 1,1,1 --block 512,1,1 --arg random:3:900 --arg random:1:900 --arg 30 --arg 28
// RUN: gpu-mem-opt diff %s --kernel Fan2 --grid 8,8,1 --block 4,4,1 --arg random:3:900 --arg random:1:900 --arg random:2:30 --arg 30 --arg 30 --arg 0
// SCOREBOARD: Fan2 expert/gaussian.mlir --grid 8,8,1 --block 4,4,1 --arg random:3:900 --arg random:1:900 --arg random:2:30 --arg 30 --arg 30 --arg 0
// RUN: gpu-mem-opt diff %s --kernel Fan2 --grid 8,8,1 --block 4,4,1 --arg random:3:900 --arg random:1:900 --arg random:2:30 --arg 30 --arg 2 --arg 28
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The model's metrics for Fan2's interior blocks against the interpreter's (t = 0; Fan1's
// single block has no interior one to compare):
// RUN: gpu-mem-opt interp %s --kernel Fan2 --grid 8,8,1 --block 4,4,1 --arg random:3:900 --arg random:1:900 --arg random:2:30 --arg 30 --arg 30 --arg 0 --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: 5 metrics agree, 0 differ

// PROGRAM: identical: 58 launches (145 buffers after them), 0 lines of output, 3 arguments

// What a CUDA expert would do: Fan1 walks one column of a, rows Size*4 = 120 bytes apart: each
// thread reads a[t+1+i][t] and writes m[t+1+i][t] (one element each, nothing reused, so nothing
// to stage), every lane on a sector of its own: 32 sectors per request for a full warp (the
// interpreter measures 29 at t = 0, the 29 rows past the guard, down to 1 at t = 28); the pivot
// a[t][t] is one uniform load (1 sector). The launch is the waste: 512 threads for at most
// Size-1 = 29 rows, so 15 of the 16 warps leave at the guard. Fan2 runs 4x4 blocks (16 threads:
// half a warp each, lane = tid.x + 4*tid.y) with xidx (x, the fast thread id) indexing rows:
// a[Size*(xidx+1+t)+(yidx+t)] puts a warp's 4 x-lanes on 4 rows 120 B apart and its 4 y-lanes
// on 4 consecutive floats of each, 64 B in 4 to 8 sectors (measured 4.45 a request at t = 0,
// 5.6 at t = 13) where 16 consecutive floats would take 2 or 3. An expert would swap the
// mapping (x for columns, a row's 32 floats a warp) and widen the block (16x16 or 32x8), which
// changes the launch: no memory pass can do that. Then m[Size*(xidx+1+t)+t] is read once per
// row (here the 4 y-lanes of a row read it in one request already: 4 sectors, one per row) and
// the pivot row a[Size*t+(yidx+t)], read by all rows, is staged in shared memory or broadcast;
// at 4x4 the 4 rows of a block read their 4 pivot floats in one request already (1 or 2
// sectors, measured 1 at t = 0, 1.4 at t = 13), so staging it buys nothing at this block shape.
// Inside `if(yidx == 0)`, m[Size*(xidx+1+t)+(yidx+t)] is the m[Size*(xidx+1+t)+t] the thread
// loaded a line earlier (m is not written by Fan2): an expert (or nvcc with const __restrict__)
// reuses the register. m in Fan2 and a in Fan1 are never written by the kernel reading them:
// const __restrict__, the read-only path. Beyond memory: fuse Fan1 into Fan2 (each row's
// multiplier computed by the threads that use it) to halve the 58 launches, each latency-bound
// at this size.
// What the pass does with the default options: the read-only path as the expert (Fan1's a,
// Fan2's m: each launch passes a gpu.alloc of its own), and no staging, as the expert, but for
// reasons of its own. Fan1: "the tile's copy would move 512 global sectors per block and tile
// against 512 natively": it counts all 512 threads of the block, though Size = 30 at every
// launch (its kernel remark says so) lets at most 29 through the guard (the report's 32
// sectors/request is a full warp's; predicted 3.1 -> 3.1 µs a launch, bound by L1 requests).
// Fan2: m[Size*(xidx+1+t)+t] is "4 global sectors per block and tile against 4 natively", as
// measured in an interior block; the other six accesses, a's two, the pivot row's, b's two and
// m's second, are "sectors per request unknown: the guard depends on bid.x, whose value is
// unknown", though every launch's grid is 8x8 (bid.x < 8) and t takes the 29 values the kernel
// remark lists, and the same guard did not stop the m access beside them; the report gives Fan2
// no time for the same reason, and no remark says so. It delinearizes every access of a and m
// onto 2-D views of rows of 30 (Size, the same at every launch), proven by the guards (the
// column tid.y + 4*bid.y + t < 30 by the y guard); nothing later uses the views (nothing is
// staged), and the addresses are the same. The pivot a[Size*t + t] and a[Size*t + (yidx+t)]
// are row t: of the product Size*t, both the same for a launch, the width is the one the
// module fixes (session 30; before, the pass folded it to 31*t and split at "the width 4", the
// 4 of 4*bid.y). b[xidx+1+t] stays the 1-D vector it is (its "row" bid.x has its thread id
// tid.x in the column: a block's share; before, "stays flat ... below the width 4"). The
// yidx == 0 guard (only tid.y = 0 of the blocks with bid.y = 0) is not used: m's second load is
// not recognised as the first one's element, and the model counts it for a block's 16 lanes
// where at most 4 run (--check-static: "an interior one would [run it] for 16").

// REMARK: gpu-mem-opt: kernel: 'Fan1': block 512x1x1 (from gpu.launch_func); 3 memory accesses; the same at every launch here: arg2 = 30; the launches here pass arg3 = 29 values from 0 to 28
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.x + arg3 + 1)*30 + arg3] read as row tid.x + arg3 + 1, column arg3 of rows of 30 elements (a 2-D view, the same addresses): 0 <= arg3 < 30 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(arg3)*30 + arg3] read as row arg3, column arg3 of rows of 30 elements (a 2-D view, the same addresses): 0 <= arg3 < 30 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.x + arg3 + 1)*30 + arg3] written as row tid.x + arg3 + 1, column arg3 of rows of 30 elements (a 2-D view, the same addresses): 0 <= arg3 < 30 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: the tile's copy would move 512 global sectors per block and tile against 512 natively (0% fewer, at least 25% fewer needed): the tile is as scattered as the access
// REMARK: gpu-mem-opt: stage-shared: arg 0: not staged: the tile's copy would move 512 global sectors per block and tile against 512 natively (0% fewer, at least 25% fewer needed): the tile is as scattered as the access
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|promote|vectorize|version|time}}
// REMARK: gpu-mem-opt: kernel: 'Fan2': block 4x4x1 (from gpu.launch_func); 8 memory accesses; the same at every launch here: arg3 = 30; the launches here pass arg4 = 29 values from 2 to 30, arg5 = 29 values from 0 to 28
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.x + 4*bid.x + arg5 + 1)*30 + tid.y + 4*bid.y + arg5] read as row tid.x + 4*bid.x + arg5 + 1, column tid.y + 4*bid.y + arg5 of rows of 30 elements (a 2-D view, the same addresses): tid.y + 4*bid.y + arg5 >= 0 by the id and loop ranges, < 30 by tid.y + 4*bid.y < -arg5 + 30
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.x + 4*bid.x + arg5 + 1)*30 + arg5] read as row tid.x + 4*bid.x + arg5 + 1, column arg5 of rows of 30 elements (a 2-D view, the same addresses): 0 <= arg5 < 30 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(arg5)*30 + tid.y + 4*bid.y + arg5] read as row arg5, column tid.y + 4*bid.y + arg5 of rows of 30 elements (a 2-D view, the same addresses): tid.y + 4*bid.y + arg5 >= 0 by the id and loop ranges, < 30 by tid.y + 4*bid.y < -arg5 + 30
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.x + 4*bid.x + arg5 + 1)*30 + tid.y + 4*bid.y + arg5] written as row tid.x + 4*bid.x + arg5 + 1, column tid.y + 4*bid.y + arg5 of rows of 30 elements (a 2-D view, the same addresses): tid.y + 4*bid.y + arg5 >= 0 by the id and loop ranges, < 30 by tid.y + 4*bid.y < -arg5 + 30
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.x + 4*bid.x + arg5 + 1)*30 + tid.y + 4*bid.y + arg5] read as row tid.x + 4*bid.x + arg5 + 1, column tid.y + 4*bid.y + arg5 of rows of 30 elements (a 2-D view, the same addresses): tid.y + 4*bid.y + arg5 >= 0 by the id and loop ranges, < 30 by tid.y + 4*bid.y < -arg5 + 30
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 1: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: readonly: arg 2: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK: gpu-mem-opt: stage-shared: arg 1: not staged: sectors per request unknown: the guard depends on bid.x, whose value is unknown; the same for 2 more accesses: {{.*}}
// REMARK: gpu-mem-opt: stage-shared: arg 0: not staged: the tile's copy would move 4 global sectors per block and tile against 4 natively (0% fewer, at least 25% fewer needed): the tile is as scattered as the access
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: sectors per request unknown: the guard depends on bid.x, whose value is unknown; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: stage-shared: arg 0: not staged: sectors per request unknown: the guard depends on bid.x, whose value is unknown
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|promote|vectorize|stage-shared|delinearize|time}}

module attributes {gpu.container_module} {
  // main(): a = (float *) malloc(Size * Size * sizeof(float)); b = malloc(Size * sizeof(float));
  // m = (float *) malloc(Size * Size * sizeof(float)); Size = 30.
  func.func @main(%a: memref<?xf32>, %b: memref<?xf32>, %m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %Size = arith.constant 30 : i32
    %SS_i32 = arith.muli %Size, %Size : i32
    %SS = arith.index_cast %SS_i32 : i32 to index
    %Sizei = arith.index_cast %Size : i32 to index
    // InitPerRun(): for (i=0; i<Size*Size; i++) *(m+i) = 0.0;
    scf.for %i = %c0 to %SS step %c1 {
      memref.store %zero, %m[%i] : memref<?xf32>
    }
    // ForwardSub():
    // cudaMalloc((void **) &m_cuda, Size * Size * sizeof(float));
    %m_cuda = gpu.alloc (%SS) : memref<?xf32>
    // cudaMalloc((void **) &a_cuda, Size * Size * sizeof(float));
    %a_cuda = gpu.alloc (%SS) : memref<?xf32>
    // cudaMalloc((void **) &b_cuda, Size * sizeof(float));
    %b_cuda = gpu.alloc (%Sizei) : memref<?xf32>
    // cudaMemcpy(m_cuda, m, ...); cudaMemcpy(a_cuda, a, ...); cudaMemcpy(b_cuda, b, ...);
    gpu.memcpy %m_cuda, %m : memref<?xf32>, memref<?xf32>
    gpu.memcpy %a_cuda, %a : memref<?xf32>, memref<?xf32>
    gpu.memcpy %b_cuda, %b : memref<?xf32>, memref<?xf32>
    // block_size = MAXBLOCKSIZE;
    %block_size = arith.constant 512 : i32
    // grid_size = (Size/block_size) + (!(Size%block_size)? 0:1);
    %q1 = arith.divsi %Size, %block_size : i32
    %r1 = arith.remsi %Size, %block_size : i32
    %not_r1 = arith.cmpi eq, %r1, %c0_i32 : i32
    %e1 = arith.select %not_r1, %c0_i32, %c1_i32 : i32
    %grid_size = arith.addi %q1, %e1 : i32
    // dim3 dimBlock(block_size); dim3 dimGrid(grid_size);
    %dimBlock = arith.index_cast %block_size : i32 to index
    %dimGrid = arith.index_cast %grid_size : i32 to index
    // blockSize2d = BLOCK_SIZE_XY;
    %blockSize2d = arith.constant 4 : i32
    // gridSize2d = (Size/blockSize2d) + (!(Size%blockSize2d?0:1));
    %q2 = arith.divsi %Size, %blockSize2d : i32
    %r2 = arith.remsi %Size, %blockSize2d : i32
    %r2_ne = arith.cmpi ne, %r2, %c0_i32 : i32
    %sel2 = arith.select %r2_ne, %c0_i32, %c1_i32 : i32
    %not_sel2 = arith.cmpi eq, %sel2, %c0_i32 : i32
    %e2 = arith.extui %not_sel2 : i1 to i32
    %gridSize2d = arith.addi %q2, %e2 : i32
    // dim3 dimBlockXY(blockSize2d,blockSize2d); dim3 dimGridXY(gridSize2d,gridSize2d);
    %dimBlockXY = arith.index_cast %blockSize2d : i32 to index
    %dimGridXY = arith.index_cast %gridSize2d : i32 to index
    // for (t=0; t<(Size-1); t++) {
    %Size_1 = arith.subi %Size, %c1_i32 : i32
    %tend = arith.index_cast %Size_1 : i32 to index
    scf.for %tv = %c0 to %tend step %c1 {
      %t = arith.index_cast %tv : index to i32
      // Fan1<<<dimGrid,dimBlock>>>(m_cuda,a_cuda,Size,t);
      gpu.launch_func @kernels::@Fan1 blocks in (%dimGrid, %c1, %c1) threads in (%dimBlock, %c1, %c1)
          args(%m_cuda : memref<?xf32>, %a_cuda : memref<?xf32>, %Size : i32, %t : i32)
      // cudaThreadSynchronize();
      gpu.wait
      // Fan2<<<dimGridXY,dimBlockXY>>>(m_cuda,a_cuda,b_cuda,Size,Size-t,t);
      %j1 = arith.subi %Size, %t : i32
      gpu.launch_func @kernels::@Fan2 blocks in (%dimGridXY, %dimGridXY, %c1) threads in (%dimBlockXY, %dimBlockXY, %c1)
          args(%m_cuda : memref<?xf32>, %a_cuda : memref<?xf32>, %b_cuda : memref<?xf32>,
               %Size : i32, %j1 : i32, %t : i32)
      // cudaThreadSynchronize(); checkCUDAError("Fan2");
      gpu.wait
    }
    // cudaMemcpy(m, m_cuda, ...); cudaMemcpy(a, a_cuda, ...); cudaMemcpy(b, b_cuda, ...);
    gpu.memcpy %m, %m_cuda : memref<?xf32>, memref<?xf32>
    gpu.memcpy %a, %a_cuda : memref<?xf32>, memref<?xf32>
    gpu.memcpy %b, %b_cuda : memref<?xf32>, memref<?xf32>
    // cudaFree(m_cuda); cudaFree(a_cuda); cudaFree(b_cuda);
    gpu.dealloc %m_cuda : memref<?xf32>
    gpu.dealloc %a_cuda : memref<?xf32>
    gpu.dealloc %b_cuda : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void Fan1(float *m_cuda, float *a_cuda, int Size, int t)
    gpu.func @Fan1(%m_cuda: memref<?xf32>, %a_cuda: memref<?xf32>, %Size: i32, %t: i32) kernel {
      %c1 = arith.constant 1 : index
      %Sizei = arith.index_cast %Size : i32 to index
      %ti = arith.index_cast %t : i32 to index
      // if(threadIdx.x + blockIdx.x * blockDim.x >= Size-1-t) return;
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdx = gpu.block_dim x
      %bxd = arith.muli %bx, %bdx : index
      %gid = arith.addi %tx, %bxd : index
      %S1 = arith.subi %Sizei, %c1 : index
      %S1t = arith.subi %S1, %ti : index
      %in = arith.cmpi ult, %gid, %S1t : index
      scf.if %in {
        // *(m_cuda+Size*(blockDim.x*blockIdx.x+threadIdx.x+t+1)+t) =
        //     *(a_cuda+Size*(blockDim.x*blockIdx.x+threadIdx.x+t+1)+t) / *(a_cuda+Size*t+t);
        %dxb = arith.muli %bdx, %bx : index
        %r0 = arith.addi %dxb, %tx : index
        %r1 = arith.addi %r0, %ti : index
        %row = arith.addi %r1, %c1 : index
        %rowoff = arith.muli %Sizei, %row : index
        %idx = arith.addi %rowoff, %ti : index
        %num = memref.load %a_cuda[%idx] : memref<?xf32>
        %St = arith.muli %Sizei, %ti : index
        %pidx = arith.addi %St, %ti : index
        %den = memref.load %a_cuda[%pidx] : memref<?xf32>
        %q = arith.divf %num, %den : f32
        memref.store %q, %m_cuda[%idx] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void Fan2(float *m_cuda, float *a_cuda, float *b_cuda,int Size, int j1, int t)
    gpu.func @Fan2(%m_cuda: memref<?xf32>, %a_cuda: memref<?xf32>, %b_cuda: memref<?xf32>,
                   %Size: i32, %j1: i32, %t: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %Sizei = arith.index_cast %Size : i32 to index
      %ti = arith.index_cast %t : i32 to index
      // if(threadIdx.x + blockIdx.x * blockDim.x >= Size-1-t) return;
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bdx = gpu.block_dim x
      %bxd = arith.muli %bx, %bdx : index
      %gx = arith.addi %tx, %bxd : index
      %S1 = arith.subi %Sizei, %c1 : index
      %S1t = arith.subi %S1, %ti : index
      %inx = arith.cmpi ult, %gx, %S1t : index
      scf.if %inx {
        // if(threadIdx.y + blockIdx.y * blockDim.y >= Size-t) return;
        %ty = gpu.thread_id y
        %by = gpu.block_id y
        %bdy = gpu.block_dim y
        %byd = arith.muli %by, %bdy : index
        %gy = arith.addi %ty, %byd : index
        %St = arith.subi %Sizei, %ti : index
        %iny = arith.cmpi ult, %gy, %St : index
        scf.if %iny {
          // int xidx = blockIdx.x * blockDim.x + threadIdx.x;
          %xb = arith.muli %bx, %bdx : index
          %xidx = arith.addi %xb, %tx : index
          // int yidx = blockIdx.y * blockDim.y + threadIdx.y;
          %yb = arith.muli %by, %bdy : index
          %yidx = arith.addi %yb, %ty : index
          // a_cuda[Size*(xidx+1+t)+(yidx+t)] -= m_cuda[Size*(xidx+1+t)+t] * a_cuda[Size*t+(yidx+t)];
          %x1 = arith.addi %xidx, %c1 : index
          %row = arith.addi %x1, %ti : index
          %rowoff = arith.muli %Sizei, %row : index
          %col = arith.addi %yidx, %ti : index
          %aidx = arith.addi %rowoff, %col : index
          %aold = memref.load %a_cuda[%aidx] : memref<?xf32>
          %midx = arith.addi %rowoff, %ti : index
          %mv = memref.load %m_cuda[%midx] : memref<?xf32>
          %Stt = arith.muli %Sizei, %ti : index
          %pidx = arith.addi %Stt, %col : index
          %pv = memref.load %a_cuda[%pidx] : memref<?xf32>
          %prod = arith.mulf %mv, %pv : f32
          %anew = arith.subf %aold, %prod : f32
          memref.store %anew, %a_cuda[%aidx] : memref<?xf32>
          // if(yidx == 0){
          %y0 = arith.cmpi eq, %yidx, %c0 : index
          scf.if %y0 {
            // b_cuda[xidx+1+t] -= m_cuda[Size*(xidx+1+t)+(yidx+t)] * b_cuda[t];
            %bx1 = arith.addi %xidx, %c1 : index
            %brow = arith.addi %bx1, %ti : index
            %bold = memref.load %b_cuda[%brow] : memref<?xf32>
            %mrowoff = arith.muli %Sizei, %brow : index
            %mcol = arith.addi %yidx, %ti : index
            %m2idx = arith.addi %mrowoff, %mcol : index
            %m2 = memref.load %m_cuda[%m2idx] : memref<?xf32>
            %bt = memref.load %b_cuda[%ti] : memref<?xf32>
            %bprod = arith.mulf %m2, %bt : f32
            %bnew = arith.subf %bold, %bprod : f32
            memref.store %bnew, %b_cuda[%brow] : memref<?xf32>
          }
        }
      }
      gpu.return
    }
  }
}
