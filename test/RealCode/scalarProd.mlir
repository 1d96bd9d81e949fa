// NVIDIA cuda-samples scalar product, ported as its CUDA source writes it: the kernel
// scalarProdGPU, the host code of main that launches it and the CPU reference scalarProdCPU.
// Source: GitHub NVIDIA/cuda-samples, commit c94ff366aed18c797b8a85dfaac7817b0228b420,
// Samples/2_Concepts_and_Techniques/scalarProd/scalarProd_kernel.cuh (the kernel, ACCUM_N),
// scalarProd.cu (main: VECTOR_N, ELEMENT_N, the launch) and scalarProd_cpu.cpp (scalarProdCPU);
// the sample has been in 2_Concepts_and_Techniques since 2e41896e (Jan 2022), not 0_Introduction.
// Each float* parameter (d_C, d_A, d_B) is a memref<?xf32> indexed flat as written (d_A[pos],
// d_B[pos], d_C[vec]); int vectorN, elementN are i32 and the int arithmetic (vec, vectorBase,
// vectorEnd, iAccum, pos, stride) is index arithmetic on their index_casts, in the source's
// order. IMUL(a, b) is __mul24(a, b), the 24-bit multiply, which is the int product when both
// operands fit in 24 bits, as they do here (elementN = 2080, vec < 160): arith.muli.
// `__shared__ float accumResult[ACCUM_N]` (ACCUM_N = 1024 as #defined) is a workgroup
// attribution of memref<1024xf32>; cg::sync(cta) (the cooperative-groups __syncthreads) is
// gpu.barrier. The additive loops are scf.for with the source's bounds and steps: `for (vec =
// blockIdx.x; vec < vectorN; vec += gridDim.x)` from gpu.block_id to vectorN by gpu.grid_dim,
// both `for (iAccum = threadIdx.x; iAccum < ...; iAccum += blockDim.x)` from gpu.thread_id by
// gpu.block_dim, `for (pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)` by 1024
// (scf.for compares signed, as int does). The tree's `for (int stride = ACCUM_N / 2; stride >
// 0; stride >>= 1)` has a multiplicative step: an scf.while carrying stride (cmpi sgt, shrsi),
// its cg::sync first in the body as written. `float sum = 0; sum += d_A[pos] * d_B[pos];` is
// the loop's iter_args (a local, a register in CUDA too), the product and the sum a mulf and an
// addf as written (nvcc contracts them into an FMA by default; the interpreter rounds each, the
// same before and after the pass). `accumResult[iAccum] += accumResult[stride + iAccum]` is a
// load of each, their addf in that order and a store.
// Host: main's arguments are its malloc'd buffers h_A, h_B, h_C_CPU, h_C_GPU; h_A and h_B come
// filled (random:1, random:2: uniform in [-1, 1), where the sample fills [0, 1] with srand(123)
// and RandFloat). cudaMalloc of d_A, d_B, d_C, the two copies in, the launch
// scalarProdGPU<<<128, 256>>>(d_C, d_A, d_B, VECTOR_N, ELEMENT_N) as written, the copy of d_C
// back, scalarProdCPU (double accumulation of the float products, as written), the L1 norm
// (delta = fabs(h_C_GPU[i] - h_C_CPU[i]), a float difference; sums in double), cudaFree, and
// the two printfs as vector.print: L1norm (6 digits) and the pass test L1norm < 1e-6 (1 or 0).
// Left out: findCudaDevice, the timer, the progress printfs, cudaDeviceSynchronize (nothing to
// wait for), checkCudaErrors/getLastCudaError and the exit status.
// Size: VECTOR_N = 160 and ELEMENT_N = 2080 where the sample has 256 and 4096 (ACCUM_N 1024
// and the 128x256 launch as written): the grid-stride vec loop runs twice in blocks 0..31 and
// once in 32..127 (the sample: twice everywhere), and the pos loop 3 times for accumulators
// 0..31 and twice for the rest (the sample: 4 times each), so both loops' bounds meet a ragged
// edge. ELEMENT_N stays a multiple of the warp size (65 x 32, each vector on a 128-byte
// boundary), as the sample's comment asks for coalescing. The interpreter runs main in 0.2 s
// (0.5 s at the sample's sizes); the pass's remarks are the same at 8 x 1024, at 160 x 2080 and
// at 256 x 4096.
// Checked numerically: a plain-Python transcription of scalarProdGPU (f32 rounding of every
// product and sum, blocks one by one, each barrier as a phase split) gives the interpreter's
// d_C bit for bit on random:1/random:2 (all 160 values; d_C[0] = -23.653316 = 0xC1BD39FE), and
// also at 8 x 1024 and 256 x 4096; with scalarProdCPU and the L1 norm in Python doubles it gives
// main's two lines, 3.62493e-07 and 1 (passed).

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:332800 --arg random:2:332800 --arg zeros:160 --arg zeros:160 | FileCheck %s --check-prefix=OUT
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:332800 --arg random:2:332800 --arg zeros:160 --arg zeros:160 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:332800 --arg random:2:332800 --arg zeros:160 --arg zeros:160 | FileCheck %s --check-prefix=PROGRAM
// The kernel alone, as main launches it (d_C, d_A, d_B, VECTOR_N = 160, ELEMENT_N = 2080):
// RUN: gpu-mem-opt diff %s --kernel scalarProdGPU --grid 128,1,1 --block 256,1,1 --arg zeros:160 --arg random:1:332800 --arg random:2:332800 --arg 160 --arg 2080
// SCOREBOARD: scalarProdGPU expert/scalarProd.mlir --grid 128,1,1 --block 256,1,1 --arg zeros:160 --arg random:1:332800 --arg random:2:332800 --arg 160 --arg 2080
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE

// OUT: 3.62493e-07
// OUT-NEXT: 1

// PROGRAM: identical: 1 launch (3 buffers after it), 2 lines of output, 4 arguments

// What a CUDA expert would do: measured on the interpreter (interp --trace, the launch above).
// Global memory is already at its minimum: a warp's d_A[pos] and d_B[pos] are 32 consecutive
// floats on a 128-byte boundary (iAccum = threadIdx.x + 256 j, vectorBase a multiple of 32),
// 4 sectors per request, each element read once (no reuse: nothing to stage or keep):
// 2 x 10400 requests x 4 = 83,200 sectors = 2 x 160 x 2080 x 4 B / 32 B; d_C[vec] is one
// lane's store, 1 sector a block and vector (160); 83,360 in all. Every shared access is
// conflict-free (consecutive lanes, consecutive floats: degree 1). What costs is the G80-era
// tree: 1024 accumulators in shared memory, 32 + 10 levels x 3 accesses + 1 = 141 wavefronts
// and 11 barriers per block and vector (22,560 wavefronts), the last 5 levels (strides 16..1)
// one warp with 16..1 lanes at work. With blockDim.x = 256 each thread owns accumulators t,
// t + 256, t + 512, t + 768, and the tree's first two levels (strides 512, 256) pair only a
// thread's own accumulators: the expert keeps them in registers ((s0 + s2) + (s1 + s3), the
// tree's pairs and order) and stores one partial a thread (accumResult shrinks from 4 KB to
// 1 KB), runs strides 128, 64, 32 through shared memory as written, and strides 16..1 in warp
// 0 with __shfl_down_sync (lane i adds lane i + stride: the same pairs in the same order),
// lane 0 storing d_C[vec]: bit-identical, 8 + 3 x (4 + 2 + 1) + 1 = 30 wavefronts and 4
// barriers per block and vector (4,800 wavefronts), the same 83,360 global sectors
// (test/RealCode/expert/scalarProd.mlir). A float4 load a thread would own accumulators
// 4t..4t+3 instead, whose first two levels pair other threads' (the same sectors anyway). The
// sample's launch stays: at 160 vectors its 128 blocks do 2 vectors in blocks 0..31 and 1
// in the rest.
// What the pass does with the default options: it marks d_A and d_B read-only (ld.global.nc:
// every launch passes a gpu.alloc of its own) and changes nothing else: 83,360 global
// sectors as the expert (the minimum), 22,560 shared wavefronts where the expert has 4,800.
// The remarks:
// - "pad: workgroup 0: left as it is: the bank conflicts of the memref.store at ... are unknown
//   (the trip count of loop0 is unknown)": that store, accumResult[iAccum] = sum, does not
//   depend on loop0 (the vec loop), and the report's own table gives degree 1 for it and for
//   every other access of the tile (the interpreter measures 1). Right to leave it, for the
//   wrong reason: it should say "unchanged: conflict-free already (degree 1)". Session 32: it
//   does ("unchanged: conflict-free already (wavefronts 5, degree 1); wavefronts per request of
//   each access: ... the trip count of loop0 is unknown, but every request of an access has the
//   same degree"): a lane-uniform loop's unknown trip count leaves which requests run unknown,
//   as a lane-uniform guard does, and the layout is costed per request.
// - "time: no predicted time: the requests of the memref.load at ... are unknown (the trip
//   count of loop0 is unknown)": loop0 is the grid-stride loop `for (vec = blockIdx.x; vec <
//   vectorN; vec += gridDim.x)`. With vectorN = 160 and the 128-block grid known from the
//   launch it runs ceil((160 - bid.x) / 128) times, 2 in blocks 0..31 and 1 in the rest; at the
//   sample's 256 vectors, 2 in every block, and the pass says the same there. Grid-stride loops
//   (lower bound bid.x, step gridDim.x) are not counted, so the most common CUDA loop idiom
//   leaves the kernel without a predicted time.
// - "stage-shared: arg 0: not staged: the tile's copy would move 497 global sectors per block
//   and tile against 256 natively (0% fewer, at least 25% needed): the tile is as scattered as
//   the access": d_C[vec] is written by one lane (threadIdx.x == 0), once a block and vector,
//   1 sector. The 256 counts all 8 warps of the block issuing it in each of a 32-iteration
//   tile of the vec loop (the loop has 1 or 2 iterations in a block; the guard is ignored),
//   and the 497 is the copy of a box of 31 x 128 + 1 = 3969 floats (32 iterations 128 apart)
//   for a store. Nothing to stage in a one-lane store; the numbers mean nothing to the author.
//   Session 32: no remark, as for a coalesced access; the report says "not staged: one thread
//   of the block makes it (its guard tid.x == 0): no other thread shares or coalesces with it"
//   (the guard's conditions on thread ids counted over the block's 256 threads).
// - "promote: workgroup 0: workgroup 0[tid.x + 256*loop2] stays in memory, read and written
//   in every iteration: its index changes with the loop": true of the tree's
//   accumResult[iAccum] (1 or 2 trips a level), but the register opportunity is elsewhere: a
//   thread's 4 accumulators, combined by the first two levels, never need shared memory. Not
//   seen; nor the warp-level tail (strides 16..1: 15 of the 141 wavefronts and 5 barriers).
//   Those are changes of the reduction, beyond moving accesses, but they are the expert's gain.
// - The model's static metrics (interp --check-static) agree on every access's sectors and
//   bank degree; the tree's three accesses have 32 distinct addresses a request in the model
//   and 28.4 measured (strides 16..1 run 16..1 lanes: `iAccum < stride` as a loop bound is
//   not read as a lane mask).
// With --lone-kernels (the kernel without this host code: block size unknown) stage-shared and
// pad are skipped "block size unknown"; the report shows d_A and d_B as pattern "random"
// (they are stride 1 in threadIdx.x whatever the block), readonly puts ld.global.nc behind a
// run-time check that d_A and d_B do not overlap d_C (19 instructions and a copy of the
// body), and the promote remark prints the index as "workgroup 0[tid.x + loop2]", the
// blockDim.x factor of iAccum += blockDim.x dropped.

// REMARK: gpu-mem-opt: kernel: 'scalarProdGPU': block 256x1x1 (from gpu.launch_func); 8 memory accesses; the same at every launch here: arg3 = 160, arg4 = 2080
// REMARK: gpu-mem-opt: promote: workgroup 0: workgroup 0[tid.x + 256*loop2] stays in memory, read and written in every iteration: its index changes with the loop
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 5, degree 1); wavefronts per request of each access: the memref.store at {{.*}}: the trip count of loop0 is unknown, but every request of an access has the same degree
// REMARK-NOT: remark: gpu-mem-opt:

/// The table gives the store degree 1 where the pad remark calls it unknown; no time.
// TABLE-LABEL: kernel scalarProdGPU  block 256x1x1
// TABLE: memref.store  store  workgroup 0  shared  4x1    linear   -            1            32
// TABLE: skipped stage-shared on arg 0: not staged: one thread of the block makes it (its guard tid.x == 0): no other thread shares or coalesces with it
// TABLE: skipped pad on workgroup 0: unchanged: conflict-free already (wavefronts 5, degree 1)
// TABLE: time: no predicted time: the requests of the memref.load at {{.*}} are unknown (the trip count of loop0 is unknown)

module attributes {gpu.container_module} {
  // extern "C" void scalarProdCPU(float *h_C, float *h_A, float *h_B, int vectorN, int elementN)
  // (scalarProd_cpu.cpp: straight accumulation in double precision)
  func.func @scalarProdCPU(%h_C: memref<?xf32>, %h_A: memref<?xf32>, %h_B: memref<?xf32>,
                           %vectorN: i32, %elementN: i32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %dzero = arith.constant 0.0 : f64
    %vectorNi = arith.index_cast %vectorN : i32 to index
    %elementNi = arith.index_cast %elementN : i32 to index
    // for (int vec = 0; vec < vectorN; vec++) {
    scf.for %vec = %c0 to %vectorNi step %c1 {
      // int vectorBase = elementN * vec;
      %vectorBase = arith.muli %elementNi, %vec : index
      // int vectorEnd  = vectorBase + elementN;
      %vectorEnd = arith.addi %vectorBase, %elementNi : index
      // double sum = 0;
      // for (int pos = vectorBase; pos < vectorEnd; pos++) sum += h_A[pos] * h_B[pos];
      // (float times float is a float product, converted to double for the sum)
      %sum = scf.for %pos = %vectorBase to %vectorEnd step %c1 iter_args(%s = %dzero) -> (f64) {
        %a = memref.load %h_A[%pos] : memref<?xf32>
        %b = memref.load %h_B[%pos] : memref<?xf32>
        %p = arith.mulf %a, %b : f32
        %pd = arith.extf %p : f32 to f64
        %s_next = arith.addf %s, %pd : f64
        scf.yield %s_next : f64
      }
      // h_C[vec] = (float)sum;
      %sf = arith.truncf %sum : f64 to f32
      memref.store %sf, %h_C[%vec] : memref<?xf32>
    }
    return
  }

  // main(): h_A, h_B, h_C_CPU, h_C_GPU are its malloc'd host buffers (h_A and h_B given filled:
  // the sample fills them with srand(123) and RandFloat(0.0f, 1.0f))
  func.func @main(%h_A: memref<?xf32>, %h_B: memref<?xf32>, %h_C_CPU: memref<?xf32>, %h_C_GPU: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dzero = arith.constant 0.0 : f64
    // const int VECTOR_N = 256; const int ELEMENT_N = 4096; (160 and 2080 here, see the header)
    %VECTOR_N = arith.constant 160 : i32
    %ELEMENT_N = arith.constant 2080 : i32
    // const int DATA_N = VECTOR_N * ELEMENT_N; (DATA_SZ, RESULT_SZ in floats here)
    %DATA_N = arith.muli %VECTOR_N, %ELEMENT_N : i32
    %data_n = arith.index_cast %DATA_N : i32 to index
    %result_n = arith.index_cast %VECTOR_N : i32 to index
    // cudaMalloc((void **)&d_A, DATA_SZ); cudaMalloc((void **)&d_B, DATA_SZ);
    // cudaMalloc((void **)&d_C, RESULT_SZ);
    %d_A = gpu.alloc (%data_n) : memref<?xf32>
    %d_B = gpu.alloc (%data_n) : memref<?xf32>
    %d_C = gpu.alloc (%result_n) : memref<?xf32>
    // cudaMemcpy(d_A, h_A, DATA_SZ, cudaMemcpyHostToDevice);
    // cudaMemcpy(d_B, h_B, DATA_SZ, cudaMemcpyHostToDevice);
    gpu.memcpy %d_A, %h_A : memref<?xf32>, memref<?xf32>
    gpu.memcpy %d_B, %h_B : memref<?xf32>, memref<?xf32>
    // checkCudaErrors(cudaDeviceSynchronize()); (nothing to wait for here)
    // scalarProdGPU<<<128, 256>>>(d_C, d_A, d_B, VECTOR_N, ELEMENT_N);
    %grid = arith.constant 128 : index
    %block = arith.constant 256 : index
    gpu.launch_func @kernels::@scalarProdGPU blocks in (%grid, %c1, %c1) threads in (%block, %c1, %c1)
        args(%d_C : memref<?xf32>, %d_A : memref<?xf32>, %d_B : memref<?xf32>, %VECTOR_N : i32, %ELEMENT_N : i32)
    // cudaMemcpy(h_C_GPU, d_C, RESULT_SZ, cudaMemcpyDeviceToHost);
    gpu.memcpy %h_C_GPU, %d_C : memref<?xf32>, memref<?xf32>
    // scalarProdCPU(h_C_CPU, h_A, h_B, VECTOR_N, ELEMENT_N);
    func.call @scalarProdCPU(%h_C_CPU, %h_A, %h_B, %VECTOR_N, %ELEMENT_N)
        : (memref<?xf32>, memref<?xf32>, memref<?xf32>, i32, i32) -> ()
    // sum_delta = 0; sum_ref = 0;
    // for (i = 0; i < VECTOR_N; i++) {
    //   delta = fabs(h_C_GPU[i] - h_C_CPU[i]); ref = h_C_CPU[i];
    //   sum_delta += delta; sum_ref += ref; }
    // (the difference of two floats is a float; fabs of it, then converted to double)
    %sums:2 = scf.for %i = %c0 to %result_n step %c1 iter_args(%sd = %dzero, %sr = %dzero) -> (f64, f64) {
      %g = memref.load %h_C_GPU[%i] : memref<?xf32>
      %c = memref.load %h_C_CPU[%i] : memref<?xf32>
      %d = arith.subf %g, %c : f32
      %ad = math.absf %d : f32
      %delta = arith.extf %ad : f32 to f64
      %ref = arith.extf %c : f32 to f64
      %sd_next = arith.addf %sd, %delta : f64
      %sr_next = arith.addf %sr, %ref : f64
      scf.yield %sd_next, %sr_next : f64, f64
    }
    // L1norm = sum_delta / sum_ref;
    %L1norm = arith.divf %sums#0, %sums#1 : f64
    // cudaFree(d_C); cudaFree(d_B); cudaFree(d_A);
    gpu.dealloc %d_C : memref<?xf32>
    gpu.dealloc %d_B : memref<?xf32>
    gpu.dealloc %d_A : memref<?xf32>
    // printf("L1 error: %E\n", L1norm);
    vector.print %L1norm : f64
    // printf((L1norm < 1e-6) ? "Test passed\n" : "Test failed!\n");
    %tol = arith.constant 1.0e-6 : f64
    %passed = arith.cmpf olt, %L1norm, %tol : f64
    vector.print %passed : i1
    return
  }

  gpu.module @kernels {
    // #define ACCUM_N 1024
    // __global__ void scalarProdGPU(float *d_C, float *d_A, float *d_B, int vectorN, int elementN)
    gpu.func @scalarProdGPU(%d_C: memref<?xf32>, %d_A: memref<?xf32>, %d_B: memref<?xf32>,
                            %vectorN: i32, %elementN: i32)
        // __shared__ float accumResult[ACCUM_N];
        workgroup(%accumResult : memref<1024xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %ACCUM_N = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %vectorNi = arith.index_cast %vectorN : i32 to index
      %elementNi = arith.index_cast %elementN : i32 to index
      %bid = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tid = gpu.thread_id x
      %bdim = gpu.block_dim x
      // for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
      scf.for %vec = %bid to %vectorNi step %gdim {
        // int vectorBase = IMUL(elementN, vec);
        %vectorBase = arith.muli %elementNi, %vec : index
        // int vectorEnd  = vectorBase + elementN;
        %vectorEnd = arith.addi %vectorBase, %elementNi : index
        // for (int iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
        scf.for %iAccum = %tid to %ACCUM_N step %bdim {
          // float sum = 0;
          // for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
          //   sum += d_A[pos] * d_B[pos];
          %start = arith.addi %vectorBase, %iAccum : index
          %sum = scf.for %pos = %start to %vectorEnd step %ACCUM_N iter_args(%s = %zero) -> (f32) {
            %a = memref.load %d_A[%pos] : memref<?xf32>
            %b = memref.load %d_B[%pos] : memref<?xf32>
            %p = arith.mulf %a, %b : f32
            %s_next = arith.addf %s, %p : f32
            scf.yield %s_next : f32
          }
          // accumResult[iAccum] = sum;
          memref.store %sum, %accumResult[%iAccum] : memref<1024xf32, #gpu.address_space<workgroup>>
        }
        // for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
        %half = arith.divsi %ACCUM_N, %c2 : index
        %last = scf.while (%stride = %half) : (index) -> index {
          %more = arith.cmpi sgt, %stride, %c0 : index
          scf.condition(%more) %stride : index
        } do {
        ^bb0(%stride: index):
          // cg::sync(cta);
          gpu.barrier
          // for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
          //   accumResult[iAccum] += accumResult[stride + iAccum];
          scf.for %iAccum = %tid to %stride step %bdim {
            %x = memref.load %accumResult[%iAccum] : memref<1024xf32, #gpu.address_space<workgroup>>
            %other = arith.addi %stride, %iAccum : index
            %y = memref.load %accumResult[%other] : memref<1024xf32, #gpu.address_space<workgroup>>
            %xy = arith.addf %x, %y : f32
            memref.store %xy, %accumResult[%iAccum] : memref<1024xf32, #gpu.address_space<workgroup>>
          }
          %stride_next = arith.shrsi %stride, %c1 : index
          scf.yield %stride_next : index
        }
        // cg::sync(cta);
        gpu.barrier
        // if (threadIdx.x == 0) d_C[vec] = accumResult[0];
        %first = arith.cmpi eq, %tid, %c0 : index
        scf.if %first {
          %r = memref.load %accumResult[%c0] : memref<1024xf32, #gpu.address_space<workgroup>>
          memref.store %r, %d_C[%vec] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
