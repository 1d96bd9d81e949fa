// Rodinia k-means, the kernel invert_mapping (the transpose of the feature array from one row
// of nfeatures floats per point to one row of npoints floats per feature) with the host code of
// allocateMemory that launches it, ported as the CUDA source writes them.
// Source: GitHub yuhc/gpu-rodinia, commit 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4,
// cuda/kmeans/kmeans_cuda_kernel.cu (the kernel) and cuda/kmeans/kmeans_cuda.cu
// (allocateMemory, THREADS_PER_DIM 16) (Rodinia 3.1).
// Each float* parameter is a memref<?xf32> indexed flat (output[point_id + npoints*i],
// input[point_id*nfeatures + i]); the int parameters npoints and nfeatures are i32 and the int
// arithmetic is index arithmetic on their index_casts (signed compare point_id < npoints); the
// loop over i < nfeatures is an scf.for with the runtime bound nfeatures. point_id is
// threadIdx.x + blockDim.x*blockIdx.x as written (gpu.block_dim, not a constant 256).
// npoints = 1000, nfeatures = 34 (the feature count of Rodinia's KDD Cup inputs, and of the
// kernel file's c_clusters[ASSUMED_NR_CLUSTERS*34]; the source reads both from its input file).
// allocateMemory's launch geometry as the host computes it: num_threads = 16*16 = 256,
// num_blocks = 1000/256 = 3, plus 1 for the remainder = 4; num_blocks_perdim = sqrt(4) = 2,
// num_blocks = 2*2 = 4: invert_mapping<<<4, 256>>> (a 1-D launch; 24 threads of the last block
// are idle). The constants are those results. The host's membership_new, block_new_centers,
// membership_d and clusters_d allocations serve the later kmeansPoint kernel and are left out;
// the source then binds feature_d to a texture and never copies it back, so the diffs compare
// it as a device buffer after the launch.
// Checked numerically: with iota input (element k holds k), output[p + 1000*i] must be
// p*34 + i: element 0 is 0, 1 is 34 (point 1, feature 0), 1000 is 1 (point 0, feature 1),
// 33999 is 33999 (point 999, feature 33) (the INVERT lines below); and a Python transpose of
// the random:1 input equals --print-arg 1 element for element, before and after the pass.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:34000
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:34000 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:34000 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel invert_mapping --grid 4,1,1 --block 256,1,1 --arg random:1:34000 --arg zeros:34000 --arg 1000 --arg 34
// SCOREBOARD: invert_mapping expert/kmeans.mlir --grid 4,1,1 --block 256,1,1 --arg random:1:34000 --arg zeros:34000 --arg 1000 --arg 34
// RUN: gpu-mem-opt interp %s --kernel invert_mapping --grid 4,1,1 --block 256,1,1 --arg iota:34000 --arg zeros:34000 --arg 1000 --arg 34 --print-arg 1 | sed -n '1p;2p;1001p;34000p' | FileCheck %s --check-prefix=INVERT
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 1 launch (2 buffers after it), 0 lines of output, 1 argument

// INVERT: 0.0
// INVERT-NEXT: 34.0
// INVERT-NEXT: 1.0
// INVERT-NEXT: 33999.0

// What a CUDA expert would do: this is a transpose. The stores output[point_id + npoints*i]
// are coalesced (consecutive point_id, 4 sectors per warp), but the loads
// input[point_id*nfeatures + i] step 136 B between lanes: 32 sectors per request, each sector
// used for 8 of the 34 iterations (L1 may keep it, 34 KB per block). The expert stages a
// block's input through shared memory with coalesced loads (the block's 256 points are 8704
// consecutive floats), laid out so the per-thread reads along a point's features are
// bank-conflict-free (an odd row stride such as 35, or a swizzle), then writes output as now.
// What the pass does with the default options: it delinearizes both arrays (input as rows of
// 34 per point, output as rows of 1000 per feature; nfeatures and npoints are 34 and 1000 at
// the only launch), marks input read-only (ld.global.nc), and stages input through one 256x34
// shared tile, the whole loop (session 32; until then 32-feature tiles and a 2-feature one,
// 4.75 sectors per request): the block's 8704 consecutive floats copied once before the loop
// (sectors per request 32 -> 4, global sectors per block 8704 -> 1088, in two batches of 17
// rounds), and the tile is swizzled (chunk ^= (row / 16) mod 2: rows of 34 floats put lanes tx
// and tx + 16 in one bank, wavefronts 816 -> 544, degree 1.50 -> 1). output is not staged
// (already coalesced: 512 sectors either way). That is the expert's plan: the scoreboard's
// 8500 global sectors, the expert's own (test/RealCode/expert/kmeans.mlir).

// REMARK: gpu-mem-opt: kernel: 'invert_mapping': block 256x1x1 (from gpu.launch_func); 2 memory accesses; the same at every launch here: arg2 = 1000, arg3 = 34
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.x + 256*bid.x)*34 + loop0] read as row tid.x + 256*bid.x, column loop0 of rows of 34 elements
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(loop0)*1000 + tid.x + 256*bid.x] written as row loop0, column tid.x + 256*bid.x of rows of 1000 elements
// REMARK: gpu-mem-opt: readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 0: staged through memref<256x34xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 8704 -> 1088; one tile holds the loop's 34 iterations, copied in once before it (tiles of 32 would end in one of 2); the loop left its edge guard (its loads all read tiles; the store stays guarded)
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 16) mod 2 (+0 B): wavefronts 816 -> 544 (degree 1.50 -> 1)

module attributes {gpu.container_module} {
  // allocateMemory(npoints, nfeatures, nclusters, features): features[0] is the host array
  // of npoints*nfeatures floats, one row of nfeatures per point.
  func.func @main(%features: memref<?xf32>) {
    %npoints = arith.constant 1000 : i32
    %nfeatures = arith.constant 34 : i32
    // npoints*nfeatures
    %size = arith.constant 34000 : index
    // num_threads = num_threads_perdim*num_threads_perdim = 256;
    // num_blocks = npoints / num_threads (+1 if npoints % num_threads > 0) = 4;
    // num_blocks_perdim = sqrt((double) num_blocks) = 2; num_blocks = 2*2 = 4
    %c1 = arith.constant 1 : index
    %num_threads = arith.constant 256 : index
    %num_blocks = arith.constant 4 : index
    // cudaMalloc(&feature_flipped_d, npoints*nfeatures*sizeof(float));
    // cudaMemcpy(feature_flipped_d, features[0], ..., cudaMemcpyHostToDevice);
    %feature_flipped_d = gpu.alloc (%size) : memref<?xf32>
    gpu.memcpy %feature_flipped_d, %features : memref<?xf32>, memref<?xf32>
    // cudaMalloc(&feature_d, npoints*nfeatures*sizeof(float));
    %feature_d = gpu.alloc (%size) : memref<?xf32>
    // invert_mapping<<<num_blocks,num_threads>>>(feature_flipped_d,feature_d,npoints,nfeatures);
    gpu.launch_func @kernels::@invert_mapping blocks in (%num_blocks, %c1, %c1) threads in (%num_threads, %c1, %c1)
        args(%feature_flipped_d : memref<?xf32>, %feature_d : memref<?xf32>, %npoints : i32,
             %nfeatures : i32)
    // deallocateMemory(): cudaFree(feature_d); cudaFree(feature_flipped_d);
    gpu.dealloc %feature_d : memref<?xf32>
    gpu.dealloc %feature_flipped_d : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void invert_mapping(float *input, float *output, int npoints, int nfeatures)
    gpu.func @invert_mapping(%input: memref<?xf32>, %output: memref<?xf32>, %npoints: i32,
                             %nfeatures: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // int point_id = threadIdx.x + blockDim.x*blockIdx.x;
      %tx = gpu.thread_id x
      %bdim = gpu.block_dim x
      %bx = gpu.block_id x
      %base = arith.muli %bdim, %bx : index
      %point_id = arith.addi %tx, %base : index
      %np = arith.index_cast %npoints : i32 to index
      %nf = arith.index_cast %nfeatures : i32 to index
      // if (point_id < npoints) {
      %in = arith.cmpi slt, %point_id, %np : index
      scf.if %in {
        // for (i = 0; i < nfeatures; i++)
        scf.for %i = %c0 to %nf step %c1 {
          // output[point_id + npoints*i] = input[point_id*nfeatures + i];
          %row = arith.muli %point_id, %nf : index
          %src = arith.addi %row, %i : index
          %v = memref.load %input[%src] : memref<?xf32>
          %col = arith.muli %np, %i : index
          %dst = arith.addi %point_id, %col : index
          memref.store %v, %output[%dst] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
