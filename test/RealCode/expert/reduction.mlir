// Expert rewrites of NVIDIA cuda-samples' parallel reduction kernels reduce0, reduce1 and
// reduce3 (T = float) (test/RealCode/reduction.mlir; GitHub NVIDIA/cuda-samples, commit
// 2e41896e1b2c7e2699b7b7f6689c107900c233bb,
// Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu), as a CUDA expert would
// write their memory accesses within the same launches (256-thread blocks, 40 blocks for
// reduce0/1, 20 for reduce3, smemSize = 1024 B of dynamic shared memory, n = 10000); same
// names and signatures. Each block sum must come out bit for bit as the original's, so the
// tree of float additions of each kernel is kept; the sample's later kernels are taken only
// where they keep it:
// - reduce0 (`tid % (2*s)`: the active lanes interleaved, 5.4 of 32 lanes a request) becomes
//   the sample's next kernel, reduce1 (contiguous threads, index = 2*s*tid), which adds in the
//   very same tree (node index += node index + s for index a multiple of 2s), and, as reduce1
//   below, with its stride-2s bank conflicts removed.
// - reduce1: its sdata[index], sdata[index + s] at index = 2*s*tid collide 3.92-way on
//   average. The expert keeps the indices and permutes the words of sdata within each row of
//   32 (an XOR swizzle, word k at k ^ (k >> 5); k >> 5 < 8 for the 256 words, so the
//   permutation stays inside the 1024 B the launch gives, where the comment's skew sdata[k +
//   k/32] needs 1052 B): at every s the active lanes of a warp then hit 32 distinct banks
//   (checked by enumeration: the load of g_idata into sdata[tid], and both loads and the store
//   of every level, degree 1). The permutation is applied to every access, so the same
//   element is read as before: the same tree, bit-identical.
// - reduce2 (sequential addressing) is left as written (its scoreboard line says
//   `as-written`): conflict-free and coalesced; the sample's next kernel, reduce3, halves the
//   grid and adds in another order.
// - reduce3 becomes the sample's next kernel, reduce4 (blockSize = 256): the levels s > 32 as
//   before, then warp 0 adds sdata[tid + 32] and finishes with shfl_down at offsets 16, 8, 4,
//   2, 1 in registers (gpu.shuffle down, width 32) instead of five more shared-memory levels
//   and barriers. Lane t adds lane t + offset, as reduce3's thread t adds sdata[t + s] (which
//   holds thread t + s's mySum): for thread 0, whose sum is stored, the same additions in the
//   same order, bit-identical. reduce5-7 change the order or the grid, as reduce2 does for
//   reduce1.
// The global accesses are the originals' in every kernel (g_idata read once, coalesced, 4
// sectors a request; one g_odata store a block): global sectors at the test launches
// (interp --trace, sum of requests*sectors_per_request), as written and rewritten alike:
//   reduce0, reduce1: load 313 requests x 3.99 = 1250 (10000 floats; block 39's last 240
//   threads are past n), store 40 x 1 = 40: 1290;
//   reduce3: loads 160 x 4 + 153 x 3.99 = 1250 as well, store 20: 1270.
// Shared memory (interp --trace): reduce0 1880 -> 480 requests a level access, degree 1;
// reduce1 480 requests, degree 3.92 -> 1; reduce3 240 -> 120 + 20 requests, no barrier for
// s <= 32.

// RUN: gpu-mem-opt diff %S/../reduction.mlir --kernel reduce0 --grid 40,1,1 --block 256,1,1 --dynamic-shared-memory 1K --arg random:1:10000 --arg zeros:40 --arg 10000 --against %s
// RUN: gpu-mem-opt diff %S/../reduction.mlir --kernel reduce1 --grid 40,1,1 --block 256,1,1 --dynamic-shared-memory 1K --arg random:1:10000 --arg zeros:40 --arg 10000 --against %s
// RUN: gpu-mem-opt diff %S/../reduction.mlir --kernel reduce3 --grid 20,1,1 --block 256,1,1 --dynamic-shared-memory 1K --arg random:1:10000 --arg zeros:20 --arg 10000 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // reduce0 as the sample's reduce1 (the same tree), with the swizzled sdata of reduce1 below
    // template <class T> __global__ void reduce0(T *g_idata, T *g_odata, unsigned int n)
    gpu.func @reduce0(%g_idata: memref<?xf32>, %g_odata: memref<?xf32>, %n: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c5 = arith.constant 5 : index
      %zero = arith.constant 0.0 : f32
      // T *sdata = SharedMemory<T>();  (word k of the block's array at sdata[k ^ (k >> 5)])
      %bdim = gpu.block_dim x
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sdata = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      // unsigned int tid = threadIdx.x;
      // unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      // sdata[SWZ(tid)] = (i < n) ? g_idata[i] : 0;
      %nn = arith.index_castui %n : i32 to index
      %inside = arith.cmpi ult, %i, %nn : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %g_idata[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      %tid_row = arith.shrui %tid, %c5 : index
      %tid_sw = arith.xori %tid, %tid_row : index
      memref.store %v, %sdata[%tid_sw] : memref<256xf32, #gpu.address_space<workgroup>>
      // cg::sync(cta);
      gpu.barrier
      // for (unsigned int s = 1; s < blockDim.x; s *= 2) {
      %last = scf.while (%s = %c1) : (index) -> index {
        %more = arith.cmpi ult, %s, %bdim : index
        scf.condition(%more) %s : index
      } do {
      ^bb0(%s: index):
        // int index = 2 * s * tid;
        %twice = arith.muli %c2, %s : index
        %index = arith.muli %twice, %tid : index
        // if (index < blockDim.x) sdata[SWZ(index)] += sdata[SWZ(index + s)];
        %low = arith.cmpi ult, %index, %bdim : index
        scf.if %low {
          %other = arith.addi %index, %s : index
          %index_row = arith.shrui %index, %c5 : index
          %index_sw = arith.xori %index, %index_row : index
          %other_row = arith.shrui %other, %c5 : index
          %other_sw = arith.xori %other, %other_row : index
          %a = memref.load %sdata[%index_sw] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sdata[%other_sw] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sdata[%index_sw] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        // cg::sync(cta);
        gpu.barrier
        %s_next = arith.muli %s, %c2 : index
        scf.yield %s_next : index
      }
      // if (tid == 0) g_odata[blockIdx.x] = sdata[SWZ(0)];  (SWZ(0) = 0)
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %sdata[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %g_odata[%bid] : memref<?xf32>
      }
      gpu.return
    }

    // reduce1 with sdata swizzled: word k at k ^ (k >> 5), conflict-free at every s
    // template <class T> __global__ void reduce1(T *g_idata, T *g_odata, unsigned int n)
    gpu.func @reduce1(%g_idata: memref<?xf32>, %g_odata: memref<?xf32>, %n: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c5 = arith.constant 5 : index
      %zero = arith.constant 0.0 : f32
      // T *sdata = SharedMemory<T>();  (word k of the block's array at sdata[k ^ (k >> 5)])
      %bdim = gpu.block_dim x
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sdata = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      // unsigned int tid = threadIdx.x;
      // unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      // sdata[SWZ(tid)] = (i < n) ? g_idata[i] : 0;
      %nn = arith.index_castui %n : i32 to index
      %inside = arith.cmpi ult, %i, %nn : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %g_idata[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      %tid_row = arith.shrui %tid, %c5 : index
      %tid_sw = arith.xori %tid, %tid_row : index
      memref.store %v, %sdata[%tid_sw] : memref<256xf32, #gpu.address_space<workgroup>>
      // cg::sync(cta);
      gpu.barrier
      // for (unsigned int s = 1; s < blockDim.x; s *= 2) {
      %last = scf.while (%s = %c1) : (index) -> index {
        %more = arith.cmpi ult, %s, %bdim : index
        scf.condition(%more) %s : index
      } do {
      ^bb0(%s: index):
        // int index = 2 * s * tid;
        %twice = arith.muli %c2, %s : index
        %index = arith.muli %twice, %tid : index
        // if (index < blockDim.x) sdata[SWZ(index)] += sdata[SWZ(index + s)];
        %low = arith.cmpi ult, %index, %bdim : index
        scf.if %low {
          %other = arith.addi %index, %s : index
          %index_row = arith.shrui %index, %c5 : index
          %index_sw = arith.xori %index, %index_row : index
          %other_row = arith.shrui %other, %c5 : index
          %other_sw = arith.xori %other, %other_row : index
          %a = memref.load %sdata[%index_sw] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sdata[%other_sw] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sdata[%index_sw] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        // cg::sync(cta);
        gpu.barrier
        %s_next = arith.muli %s, %c2 : index
        scf.yield %s_next : index
      }
      // if (tid == 0) g_odata[blockIdx.x] = sdata[SWZ(0)];  (SWZ(0) = 0)
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %sdata[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %g_odata[%bid] : memref<?xf32>
      }
      gpu.return
    }

    // reduce3 as the sample's reduce4<float, 256> (the last warp reduced with shuffles)
    // template <class T> __global__ void reduce3(T *g_idata, T *g_odata, unsigned int n)
    gpu.func @reduce3(%g_idata: memref<?xf32>, %g_odata: memref<?xf32>, %n: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %blockSize = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c16_i32 = arith.constant 16 : i32
      %warp = arith.constant 32 : i32
      // T *sdata = SharedMemory<T>();
      %bdim = gpu.block_dim x
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sdata = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      // unsigned int tid = threadIdx.x;
      // unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim2 = arith.muli %bdim, %c2 : index
      %base = arith.muli %bid, %bdim2 : index
      %i = arith.addi %base, %tid : index
      // T mySum = (i < n) ? g_idata[i] : 0;
      %nn = arith.index_castui %n : i32 to index
      %inside = arith.cmpi ult, %i, %nn : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %g_idata[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      // if (i + blockSize < n) mySum += g_idata[i + blockSize];
      %i2 = arith.addi %i, %blockSize : index
      %inside2 = arith.cmpi ult, %i2, %nn : index
      %mySum0 = scf.if %inside2 -> f32 {
        %x2 = memref.load %g_idata[%i2] : memref<?xf32>
        %s2 = arith.addf %v, %x2 : f32
        scf.yield %s2 : f32
      } else {
        scf.yield %v : f32
      }
      // sdata[tid] = mySum;
      memref.store %mySum0, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      // cg::sync(cta);
      gpu.barrier
      // for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
      %half = arith.divui %bdim, %c2 : index
      %last:2 = scf.while (%s = %half, %mySum = %mySum0) : (index, f32) -> (index, f32) {
        %more = arith.cmpi ugt, %s, %c32 : index
        scf.condition(%more) %s, %mySum : index, f32
      } do {
      ^bb0(%s: index, %mySum: f32):
        // if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
        %low = arith.cmpi ult, %tid, %s : index
        %mySum_next = scf.if %low -> f32 {
          %other = arith.addi %tid, %s : index
          %b = memref.load %sdata[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %mySum, %b : f32
          memref.store %sum, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          scf.yield %sum : f32
        } else {
          scf.yield %mySum : f32
        }
        // cg::sync(cta);
        gpu.barrier
        %s_next = arith.shrui %s, %c1 : index
        scf.yield %s_next, %mySum_next : index, f32
      }
      // if (cta.thread_rank() < 32) {
      %warp0 = arith.cmpi ult, %tid, %c32 : index
      %final = scf.if %warp0 -> f32 {
        // if (blockSize >= 64) mySum += sdata[tid + 32];
        %up = arith.addi %tid, %c32 : index
        %b32 = memref.load %sdata[%up] : memref<256xf32, #gpu.address_space<workgroup>>
        %m32 = arith.addf %last#1, %b32 : f32
        // for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
        //   mySum += tile32.shfl_down(mySum, offset);
        %red:2 = scf.while (%offset = %c16_i32, %m = %m32) : (i32, f32) -> (i32, f32) {
          %go = arith.cmpi sgt, %offset, %c0_i32 : i32
          scf.condition(%go) %offset, %m : i32, f32
        } do {
        ^bb0(%offset: i32, %m: f32):
          %theirs, %valid = gpu.shuffle down %m, %offset, %warp : f32
          %m_next = arith.addf %m, %theirs : f32
          %offset_next = arith.shrsi %offset, %c1_i32 : i32
          scf.yield %offset_next, %m_next : i32, f32
        }
        scf.yield %red#1 : f32
      } else {
        scf.yield %last#1 : f32
      }
      // if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        memref.store %final, %g_odata[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}
