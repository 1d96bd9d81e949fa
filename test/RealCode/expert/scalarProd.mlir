// Expert rewrite of NVIDIA cuda-samples' scalarProdGPU (test/RealCode/scalarProd.mlir; GitHub
// NVIDIA/cuda-samples, commit c94ff366aed18c797b8a85dfaac7817b0228b420,
// Samples/2_Concepts_and_Techniques/scalarProd/scalarProd_kernel.cuh), as a CUDA expert would
// write its memory accesses; same name, signature and launch (grid 128, block 256, VECTOR_N =
// 160, ELEMENT_N = 2080, ACCUM_N = 1024), bit-identical results.
// What changed: the global accesses are already minimal (coalesced, each element once) and
// stay as written; the shared-memory tree is rewritten. At blockDim.x = 256 (the sample's
// launch, assumed here as a template<int blockSize> would) thread t owns accumulators t,
// t + 256, t + 512, t + 768, each summed over pos in a register exactly as written. The tree's
// first two levels pair only a thread's own accumulators (stride 512: [t] + [t + 512],
// [t + 256] + [t + 768]; stride 256: [t] + [t + 256]): done in registers in that order, one
// partial a thread stored (accumResult[1024] -> [256]). Strides 128, 64, 32 run through shared
// memory as written (one trip or none a thread: an scf.if), a barrier before each and after
// the last; strides 16, 8, 4, 2, 1 run in warp 0 with gpu.shuffle down (lane i adds lane
// i + stride: accumResult[i] + accumResult[i + stride], the same pairs and order), and lane 0
// stores the total to d_C[vec] as thread 0 did. Every float addition is the original's, with
// the same operands in the same order: bit-identical (checked also at 8 x 1024, 256 x 4096
// and 300 x 1000 vectors x elements).
// Global sectors at the test launch (interp --trace; sum of requests x sectors_per_request):
//   as written: d_A and d_B 10400 requests x 4 sectors each (65 warp-requests a vector:
//     2080 floats / 32) = 83,200, d_C 160 x 1: 83,360;
//   this rewrite: the same loads split over four loops (2720 + 3 x 2560 requests x 4 each,
//     twice) = 83,200, d_C 160: 83,360.
// Shared wavefronts (all conflict-free, degree 1): as written 32 + 3 x (16 + 8 + 4 + 2 + 1 +
// 5 x 1) + 1 = 141 per block and vector, 22,560; this rewrite 8 + 3 x (4 + 2 + 1) + 1 = 30,
// 4,800. Barriers per block and vector: 11 -> 4.

// RUN: gpu-mem-opt diff %S/../scalarProd.mlir --kernel scalarProdGPU --grid 128,1,1 --block 256,1,1 --arg zeros:160 --arg random:1:332800 --arg random:2:332800 --arg 160 --arg 2080 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // scalarProdGPU with the first two levels of the tree in registers and the last five in
    // warp shuffles (blockDim.x = 256, the sample's launch: 4 accumulators a thread)
    // __global__ void scalarProdGPU(float *d_C, float *d_A, float *d_B, int vectorN, int elementN)
    gpu.func @scalarProdGPU(%d_C: memref<?xf32>, %d_A: memref<?xf32>, %d_B: memref<?xf32>,
                            %vectorN: i32, %elementN: i32)
        // __shared__ float accumResult[256]; (one partial sum a thread)
        workgroup(%accumResult : memref<256xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %c768 = arith.constant 768 : index
      %ACCUM_N = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %width = arith.constant 32 : i32
      %off16 = arith.constant 16 : i32
      %off8 = arith.constant 8 : i32
      %off4 = arith.constant 4 : i32
      %off2 = arith.constant 2 : i32
      %off1 = arith.constant 1 : i32
      %vectorNi = arith.index_cast %vectorN : i32 to index
      %elementNi = arith.index_cast %elementN : i32 to index
      %bid = gpu.block_id x
      %gdim = gpu.grid_dim x
      %tid = gpu.thread_id x
      // for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
      scf.for %vec = %bid to %vectorNi step %gdim {
        // int vectorBase = IMUL(elementN, vec); int vectorEnd = vectorBase + elementN;
        %vectorBase = arith.muli %elementNi, %vec : index
        %vectorEnd = arith.addi %vectorBase, %elementNi : index
        // The thread's accumulators iAccum = tid, tid + 256, tid + 512, tid + 768, each summed
        // in registers as written (float sum = 0; sum += d_A[pos] * d_B[pos]):
        %i0 = arith.addi %vectorBase, %tid : index
        %s0 = scf.for %pos = %i0 to %vectorEnd step %ACCUM_N iter_args(%s = %zero) -> (f32) {
          %a = memref.load %d_A[%pos] : memref<?xf32>
          %b = memref.load %d_B[%pos] : memref<?xf32>
          %p = arith.mulf %a, %b : f32
          %s_next = arith.addf %s, %p : f32
          scf.yield %s_next : f32
        }
        %i1 = arith.addi %i0, %c256 : index
        %s1 = scf.for %pos = %i1 to %vectorEnd step %ACCUM_N iter_args(%s = %zero) -> (f32) {
          %a = memref.load %d_A[%pos] : memref<?xf32>
          %b = memref.load %d_B[%pos] : memref<?xf32>
          %p = arith.mulf %a, %b : f32
          %s_next = arith.addf %s, %p : f32
          scf.yield %s_next : f32
        }
        %i2 = arith.addi %i0, %c512 : index
        %s2 = scf.for %pos = %i2 to %vectorEnd step %ACCUM_N iter_args(%s = %zero) -> (f32) {
          %a = memref.load %d_A[%pos] : memref<?xf32>
          %b = memref.load %d_B[%pos] : memref<?xf32>
          %p = arith.mulf %a, %b : f32
          %s_next = arith.addf %s, %p : f32
          scf.yield %s_next : f32
        }
        %i3 = arith.addi %i0, %c768 : index
        %s3 = scf.for %pos = %i3 to %vectorEnd step %ACCUM_N iter_args(%s = %zero) -> (f32) {
          %a = memref.load %d_A[%pos] : memref<?xf32>
          %b = memref.load %d_B[%pos] : memref<?xf32>
          %p = arith.mulf %a, %b : f32
          %s_next = arith.addf %s, %p : f32
          scf.yield %s_next : f32
        }
        // stride 512: accumResult[tid] += accumResult[tid + 512];
        //             accumResult[tid + 256] += accumResult[tid + 768];
        %l0 = arith.addf %s0, %s2 : f32
        %l1 = arith.addf %s1, %s3 : f32
        // stride 256: accumResult[tid] += accumResult[tid + 256];
        %r = arith.addf %l0, %l1 : f32
        memref.store %r, %accumResult[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        // strides 128, 64, 32 through shared memory, as written (one trip or none a thread):
        %last = scf.while (%stride = %c128) : (index) -> index {
          %more = arith.cmpi sgt, %stride, %c16 : index
          scf.condition(%more) %stride : index
        } do {
        ^bb0(%stride: index):
          gpu.barrier
          %low = arith.cmpi slt, %tid, %stride : index
          scf.if %low {
            %x = memref.load %accumResult[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
            %other = arith.addi %stride, %tid : index
            %y = memref.load %accumResult[%other] : memref<256xf32, #gpu.address_space<workgroup>>
            %xy = arith.addf %x, %y : f32
            memref.store %xy, %accumResult[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          }
          %stride_next = arith.shrsi %stride, %c1 : index
          scf.yield %stride_next : index
        }
        gpu.barrier
        // strides 16, 8, 4, 2, 1 in warp 0's registers: lane i adds lane i + stride's value
        // (__shfl_down_sync), the same pairs in the same order; lane 0 ends with accumResult[0].
        %warp0 = arith.cmpi slt, %tid, %c32 : index
        scf.if %warp0 {
          %v = memref.load %accumResult[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %o16, %ok16 = gpu.shuffle down %v, %off16, %width : f32
          %v16 = arith.addf %v, %o16 : f32
          %o8, %ok8 = gpu.shuffle down %v16, %off8, %width : f32
          %v8 = arith.addf %v16, %o8 : f32
          %o4, %ok4 = gpu.shuffle down %v8, %off4, %width : f32
          %v4 = arith.addf %v8, %o4 : f32
          %o2, %ok2 = gpu.shuffle down %v4, %off2, %width : f32
          %v2 = arith.addf %v4, %o2 : f32
          %o1, %ok1 = gpu.shuffle down %v2, %off1, %width : f32
          %total = arith.addf %v2, %o1 : f32
          // if (threadIdx.x == 0) d_C[vec] = accumResult[0];
          %first = arith.cmpi eq, %tid, %c0 : index
          scf.if %first {
            memref.store %total, %d_C[%vec] : memref<?xf32>
          }
        }
      }
      gpu.return
    }
  }
}
