// PolyBench/GPU CORR (correlation), ported as its CUDA source writes it: the four kernels
// mean_kernel, std_kernel, reduce_kernel, corr_kernel and the host code of correlationCuda.
// Source: GitHub sgrauerg/polybenchGpu (PolyBench/GPU 1.0), commit
// 5584aaa7d0be810ff5eb0b61c49fb64ecc81ba4c, CUDA/CORR/correlation.cu (sizes and blocks in
// correlation.cuh; _PB_M/_PB_N are m/n by default, common/polybench.h).
// Each DATA_TYPE* parameter is a memref<?xf32> indexed flat (data[i*M + j], symmat[j1*M + j2]);
// M is a constant in the kernels as the macro is, the guards and loop bounds are the int m, n
// parameters. FLOAT_N is 3214212.01f = 3214212.0 in float, EPS is 0.005f; sqrt of a float in
// device code is the float overload (math.sqrt on f32), sqrt(FLOAT_N) included (written as a
// math.sqrt of the constant, as the source computes it in each thread). Every `x[k] op= e` is
// a load, the arithmetic and a store, and each read written twice is loaded twice: std_kernel's
// (data[i*M + j] - mean[j]) * (data[i*M + j] - mean[j]) is two data loads and two mean loads.
// std_kernel's `if(std[j] <= EPS) std[j] = 1.0;` is an if with a store (cmpf ole), as written
// (the CPU reference writes it as a ?: select; the kernel does not).
// Host: correlationCuda(m, n, data, mean, stddev, symmat, symmat_outputFromGpu), with main's
// arrays as the arguments (init_arrays' data[i][j] = i*j/M replaced by the random argument;
// mean, stddev and symmat are copied to the GPU uninitialized in the source: random here).
// cudaMalloc data_gpu and symmat_gpu of M*N floats (symmat is indexed up to M*M - 1, in range
// only because N >= M: the source's M = N = 2048), stddev_gpu and mean_gpu of M; cudaMemcpy in;
// the four launches, each followed by cudaThreadSynchronize() (gpu.wait); then the one-float
// cudaMemcpy of 1.0 (a host stack variable: memref.alloca) into symmat_gpu[(M-1)*M + (M-1)],
// the copy back of M*N floats and cudaFree.
// Sizes: M = N = 260 (the source has 2048, 2048). The blocks are the source's: 256x1 (mean,
// std, corr) and 32x8 (reduce). The grids are its expressions, which truncate:
// grid1 = grid2 = grid4 = (size_t)(ceil((float)M) / 256.0f) and grid3 = ((size_t)(ceil((float)M)
// / 32.0f), (size_t)(ceil((float)N) / 8.0f)) (the ceil is taken of M, N, not of the quotient).
// So M must be at least 256 for mean, std and corr to launch at all: a small size (40 or 48)
// would launch nothing, hence 260, not a multiple of 256, 32 or 8: grid1 = grid2 = grid4 = 1
// (columns 256..259 get no mean and no std, and no thread j1 for them in corr_kernel, which
// still reads their raw data as j2) and grid3 = (8, 32) (reduce_kernel centres and scales rows
// 0..255 and columns 0..255 only), which is what the source computes at these sizes (at its
// 2048 the truncation loses nothing). M = N keeps symmat's M*M indices inside its M*N floats.
// The per-kernel diff runs below launch each kernel on the grid that covers the data
// (ceil(M/256) = 2, (ceil(M/32), ceil(N/8)) = (9, 33)), so the guards there exclude threads.
// Checked numerically: a Python transcription of the four kernels in float32 (each operation
// rounded to float32, the sums in the source's order) on the random:1..4 data gives the 67600
// values this program leaves in symmat_outputFromGpu bit for bit.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:67600 --arg random:2:260 --arg random:3:260 --arg random:4:67600 --arg zeros:67600
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:67600 --arg random:2:260 --arg random:3:260 --arg random:4:67600 --arg zeros:67600 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:67600 --arg random:2:260 --arg random:3:260 --arg random:4:67600 --arg zeros:67600 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel mean_kernel --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:2:260 --arg random:1:67600
// SCOREBOARD: mean_kernel expert/correlation.mlir --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:2:260 --arg random:1:67600
// RUN: gpu-mem-opt diff %s --kernel std_kernel --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:2:260 --arg random:3:260 --arg random:1:67600
// SCOREBOARD: std_kernel expert/correlation.mlir --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:2:260 --arg random:3:260 --arg random:1:67600
// RUN: gpu-mem-opt diff %s --kernel reduce_kernel --grid 9,33,1 --block 32,8,1 --arg 260 --arg 260 --arg random:2:260 --arg random:3:260 --arg random:1:67600
// SCOREBOARD: reduce_kernel expert/correlation.mlir --grid 9,33,1 --block 32,8,1 --arg 260 --arg 260 --arg random:2:260 --arg random:3:260 --arg random:1:67600
// RUN: gpu-mem-opt diff %s --kernel corr_kernel --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:4:67600 --arg random:1:67600
// SCOREBOARD: corr_kernel expert/correlation.mlir --grid 2,1,1 --block 256,1,1 --arg 260 --arg 260 --arg random:4:67600 --arg random:1:67600
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 4 launches (10 buffers after them), 0 lines of output, 5 arguments

// What a CUDA expert would do: mean_kernel and std_kernel give each thread a column j
// (data[i*M + j], j the lane: a warp reads 32 consecutive floats of row i, coalesced) and read
// each element once, so only the accumulators mean[j] and std[j], read and written in global
// memory in every iteration as written, belong in registers across the i loop. In std_kernel
// mean[j] is loop-invariant (one load before the loop), the expression's two reads of
// data[i*M + j] and of mean[j] are one each, and the tail (std[j] /= FLOAT_N; std[j] =
// sqrt(std[j]); the EPS test) works on the register and stores std[j] once. reduce_kernel is
// element-wise: one coalesced read and one write of data[i*M + j] (the /= reads back what the
// -= just stored: a register), mean[j] and std[j] shared by the block's 8 threadIdx.y rows
// through the read-only path, sqrt(FLOAT_N) a constant. corr_kernel is the costly one: thread
// j1 runs j2 = j1+1 .. m-1 and, for each, an inner i loop reading data[i*M + j1] (its own
// column: the same N floats again for every j2, m-1-j1 times) and data[i*M + j2] (j2 =
// j1+1+loop0 differs by lane, so not a broadcast: consecutive floats of row i, coalesced; each
// element is read by 32 neighbouring lanes at 32 different loop0, reuse across the block that
// shared memory could capture), with the accumulator symmat[j1*M + j2] read and written in
// global memory in every i iteration, lanes M + 1 floats apart (32 sectors a request; the
// interpreter measures 28.6 at the host's one block, the warps' trip counts differ, against
// 4.1 and 4.4 for the two data loads). An expert keeps the accumulator in a register, drops
// the symmat = 0 store, and (as for covariance) rewrites the kernel as a tiled data^T data:
// 2-D blocks over (j1, j2) tiles, 32 x TK slabs of data staged in shared memory, the mirror
// written from a shared transpose tile; short of that rewrite the diagonal, row and mirror
// symmat stores stay uncoalesced and nothing is gained from shared memory as the kernel stands.
// What the pass does with the default options: it delinearizes every data and symmat access
// (rows of M = 260, columns proven in range from the guards and the triangular j2 > j1 loop;
// m = n = 260 at the one launch of each kernel), keeps mean[j] (mean_kernel), std[j]
// (std_kernel) and symmat[j1*M + j2] (corr_kernel, inner i loop) in a register (the zero
// stores before the loops gone, the load just after each loop reading the register), and
// reads data (mean, std, corr), mean (std, reduce) and std (reduce) through ld.global.nc
// (data is written by reduce_kernel only: coherent loads there). corr_kernel's accumulator is
// the expert's. In std_kernel (session 33) the second loads of data[i*M + j] and mean[j] in
// an iteration take the first ones' values, and the loop-invariant mean[j] is loaded once
// before the loop (260 -> 1 loads a thread). The store after std_kernel's loop that the next
// line overwrites, the two reloads of std[j] just after stores to it (the sqrt, the EPS
// test), mean_kernel's store of the sum just before mean[j] /= FLOAT_N, and reduce_kernel's
// reload of data[i*M + j] after the -= store and that store itself are gone too (session 33:
// promote's stored values and overwritten stores; each kernel now at its expert's sectors).
// The NVPTX backend removed all of these before (`gpu-mem-opt ptx`: std_kernel's loop has one
// ld.global.nc a row, mean[j] loaded once before it, std[j] stored once). `gpu-mem-opt report` lists std_kernel's 4 loop loads (4.5,
// 4, 4.5, 4 sectors a request); since session 31 the time model counts a load of the same
// address with no store between once, as GVN does, and predicts 42.1 -> 22.7 us for it (43.4 ->
// 42.2 before, with all four; 42.1 -> 13.3 us with mean[j] before the loop) against mean_kernel's 22.6 -> 12.1 us; reduce_kernel 2.3 -> 2.3
// us (report only: no time remark). It stages nothing: mean and std read each element once, coalesced (4.5
// sectors/request); reduce's accesses are coalesced already; corr_kernel's data[i*M + j1] is
// "each element is read once (reuse 1.00)" in the report although its thread reads it again
// for every j2; data[i*M + j2] is "sectors per request unknown: sectors depends on the
// unknown value of loop0" (j2 = j1 + 1 + loop0 from a lane's own j1; measured 4.4); symmat's
// tiles are over the 48 KB budget, the 256x256 one for the diagonal store. The host launches
// one block, so bid.x is 0 (session 30; before, "the guard depends on bid.x"). No time is
// predicted for corr_kernel (report only: the symmat store in the j2 loop, whose trip count
// differs between lanes). std_kernel's `std[j] = 1.0` under the data-dependent EPS test gets
// "guarded by arith.cmpf ..., which is not modelled".

// REMARK: gpu-mem-opt: kernel: 'mean_kernel': block 256x1x1 (from gpu.launch_func); 6 memory accesses; the same at every launch here: arg0 = 260, arg1 = 260
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop0)*260 + tid.x] read as row loop0, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 260 iterations; the load after the loop reads the register
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x] stored again at {{[0-9]+}}:9 with no read or barrier between: this store is removed (one store fewer each time it runs)
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize|promote|vectorize|register-tile|coarsen|time}}
// REMARK: gpu-mem-opt: kernel: 'std_kernel': block 256x1x1 (from gpu.launch_func); 13 memory accesses; the same at every launch here: arg0 = 260, arg1 = 260
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(loop0)*260 + tid.x] read as row loop0, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: promote: arg 3: arg 3[tid.x] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 260 iterations; the load after the loop reads the register
// REMARK: gpu-mem-opt: promote: arg 4: arg 4[loop0, tid.x] read again with no write that may reach it between: this load takes the value of the one at {{[0-9]+}}:17 (one load fewer each time it runs)
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x] read again with no write that may reach it between: this load takes the value of the one at {{[0-9]+}}:17 (one load fewer each time it runs)
// REMARK: gpu-mem-opt: promote: arg 3: arg 3[tid.x] stored again at {{[0-9]+}}:9 with no read or barrier between: this store is removed (one store fewer each time it runs); 1 more such access of it
// REMARK: gpu-mem-opt: promote: arg 3: arg 3[tid.x] read back after this thread stored it at {{[0-9]+}}:9, with no write that may reach it between: this load takes the stored value (one load fewer each time it runs); 1 more such access of it
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x]: loaded once before the loop at {{.*}} and kept in a register, not in each of its 260 iterations: 260 → 1 loads a thread
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 4: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: sectors per request unknown: guarded by arith.cmpf at {{.*}}, which is not modelled
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize|promote|vectorize|register-tile|coarsen|time}}
// REMARK: gpu-mem-opt: kernel: 'reduce_kernel': block 32x8x1 (from gpu.launch_func); 6 memory accesses; the same at every launch here: arg0 = 260, arg1 = 260
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(tid.y + 8*bid.y)*260 + tid.x + 32*bid.x] read as row tid.y + 8*bid.y, column tid.x + 32*bid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 260 by the id and loop ranges; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 4: arg 4[(tid.y + 8*bid.y)*260 + tid.x + 32*bid.x] written as row tid.y + 8*bid.y, column tid.x + 32*bid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 260 by the id and loop ranges; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: promote: arg 4: arg 4[tid.y + 8*bid.y, tid.x + 32*bid.x] read back after this thread stored it at {{[0-9]+}}:9, with no write that may reach it between: this load takes the stored value (one load fewer each time it runs)
// REMARK: gpu-mem-opt: promote: arg 4: arg 4[tid.y + 8*bid.y, tid.x + 32*bid.x] stored again at {{[0-9]+}}:9 with no read or barrier between: this store is removed (one store fewer each time it runs)
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: readonly: arg 4: written by memref.store at {{.*}}: loads stay coherent (ld.global)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize|promote|vectorize|register-tile|coarsen|time}}
// REMARK: gpu-mem-opt: kernel: 'corr_kernel': block 256x1x1 (from gpu.launch_func); 8 memory accesses; the same at every launch here: arg0 = 260, arg1 = 260
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x)*260 + tid.x] written as row tid.x, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x)*260 + tid.x + loop0 + 1] written as row tid.x, column tid.x + loop0 + 1 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 + 1 >= 0 by tid.x + loop0 + 1 >= tid.x + 1, < 260 by tid.x + loop0 + 1 < 260; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop1)*260 + tid.x] read as row loop1, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 3: arg 3[(loop1)*260 + tid.x + loop0 + 1] read as row loop1, column tid.x + loop0 + 1 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 + 1 >= 0 by tid.x + loop0 + 1 >= tid.x + 1, < 260 by tid.x + loop0 + 1 < 260
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x)*260 + tid.x + loop0 + 1] read as row tid.x, column tid.x + loop0 + 1 of rows of 260 elements (a 2-D view, the same addresses): tid.x + loop0 + 1 >= 0 by tid.x + loop0 + 1 >= tid.x + 1, < 260 by tid.x + loop0 + 1 < 260; the same for 1 more access: {{.*}}
// REMARK: gpu-mem-opt: delinearize: arg 2: arg 2[(tid.x + loop0 + 1)*260 + tid.x] written as row tid.x + loop0 + 1, column tid.x of rows of 260 elements (a 2-D view, the same addresses): 0 <= tid.x < 260 by the id and loop ranges
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x, tid.x + loop0 + 1] stays in memory, read and written in every iteration: its index changes with the loop
// REMARK: gpu-mem-opt: promote: arg 2: arg 2[tid.x, tid.x + loop0 + 1] kept in a register across the loop at {{.*}}: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 260 iterations; the load after the loop reads the register
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: its 262144 B tile (256x256) is over the shared-memory budget left (49152 B)
// REMARK: gpu-mem-opt: stage-shared: arg 3: not staged: sectors per request unknown: sectors depends on the unknown value of loop0: the address moves by an unknown multiple of 4 bytes
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: its 293888 B tile (256x287) is over the shared-memory budget left (49152 B)
// REMARK: gpu-mem-opt: stage-shared: arg 2: not staged: its 293888 B tile (287x256) is over the shared-memory budget left (49152 B)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|delinearize|promote|vectorize|register-tile|coarsen}}
// The time remarks come last: mean_kernel's, then std_kernel's; none for reduce_kernel and corr_kernel.
// REMARK: gpu-mem-opt: time: predicted 22.6 → 12.1 µs a launch (latency-bound)
// REMARK: gpu-mem-opt: time: predicted 42.1 → 13.3 µs a launch (latency-bound); estimated with every lane running the access at {{.*}}, whose guards the model does not follow
// REMARK-NOT: remark: gpu-mem-opt:

module attributes {gpu.container_module} {
  // correlationCuda(m, n, data, mean, stddev, symmat, symmat_outputFromGpu)
  func.func @main(%data: memref<?xf32>, %mean: memref<?xf32>, %stddev: memref<?xf32>,
                  %symmat: memref<?xf32>, %symmat_outputFromGpu: memref<?xf32>) {
    %m = arith.constant 260 : i32
    %n = arith.constant 260 : i32
    %M = arith.constant 260 : index
    %MN = arith.constant 67600 : index
    // cudaMalloc
    %data_gpu = gpu.alloc (%MN) : memref<?xf32>
    %symmat_gpu = gpu.alloc (%MN) : memref<?xf32>
    %stddev_gpu = gpu.alloc (%M) : memref<?xf32>
    %mean_gpu = gpu.alloc (%M) : memref<?xf32>
    // cudaMemcpy host to device
    gpu.memcpy %data_gpu, %data : memref<?xf32>, memref<?xf32>
    gpu.memcpy %symmat_gpu, %symmat : memref<?xf32>, memref<?xf32>
    gpu.memcpy %stddev_gpu, %stddev : memref<?xf32>, memref<?xf32>
    gpu.memcpy %mean_gpu, %mean : memref<?xf32>, memref<?xf32>
    %c1 = arith.constant 1 : index
    // dim3 block1(256, 1); grid1((size_t)(ceil((float)(M)) / ((float)256)), 1) = (1, 1)
    %block1_x = arith.constant 256 : index
    %grid1_x = arith.constant 1 : index
    // dim3 block2(256, 1); grid2((size_t)(ceil((float)(M)) / ((float)256)), 1) = (1, 1)
    %block2_x = arith.constant 256 : index
    %grid2_x = arith.constant 1 : index
    // dim3 block3(32, 8); grid3((size_t)(ceil((float)(M)) / ((float)32)),
    //                           (size_t)(ceil((float)(N)) / ((float)8))) = (8, 32)
    %block3_x = arith.constant 32 : index
    %block3_y = arith.constant 8 : index
    %grid3_x = arith.constant 8 : index
    %grid3_y = arith.constant 32 : index
    // dim3 block4(256, 1); grid4((size_t)(ceil((float)(M)) / ((float)256)), 1) = (1, 1)
    %block4_x = arith.constant 256 : index
    %grid4_x = arith.constant 1 : index
    // mean_kernel<<< grid1, block1 >>>(m, n, mean_gpu,data_gpu); cudaThreadSynchronize();
    gpu.launch_func @kernels::@mean_kernel blocks in (%grid1_x, %c1, %c1) threads in (%block1_x, %c1, %c1)
        args(%m : i32, %n : i32, %mean_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    gpu.wait
    // std_kernel<<< grid2, block2 >>>(m, n, mean_gpu,stddev_gpu,data_gpu); cudaThreadSynchronize();
    gpu.launch_func @kernels::@std_kernel blocks in (%grid2_x, %c1, %c1) threads in (%block2_x, %c1, %c1)
        args(%m : i32, %n : i32, %mean_gpu : memref<?xf32>, %stddev_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    gpu.wait
    // reduce_kernel<<< grid3, block3 >>>(m, n, mean_gpu,stddev_gpu,data_gpu); cudaThreadSynchronize();
    gpu.launch_func @kernels::@reduce_kernel blocks in (%grid3_x, %grid3_y, %c1) threads in (%block3_x, %block3_y, %c1)
        args(%m : i32, %n : i32, %mean_gpu : memref<?xf32>, %stddev_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    gpu.wait
    // corr_kernel<<< grid4, block4 >>>(m, n, symmat_gpu,data_gpu); cudaThreadSynchronize();
    gpu.launch_func @kernels::@corr_kernel blocks in (%grid4_x, %c1, %c1) threads in (%block4_x, %c1, %c1)
        args(%m : i32, %n : i32, %symmat_gpu : memref<?xf32>, %data_gpu : memref<?xf32>)
    gpu.wait
    // DATA_TYPE valueAtSymmatIndexMTimesMPlus1PlusMPoint = 1.0;
    %one = arith.constant 1.0 : f32
    %value = memref.alloca () : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %one, %value[%c0] : memref<1xf32>
    // cudaMemcpy(&(symmat_gpu[(M-1)*M + (M-1)]), &valueAtSymmatIndexMTimesMPlus1PlusMPoint,
    //            sizeof(DATA_TYPE), cudaMemcpyHostToDevice);   (M-1)*M + (M-1) = 67599
    %last = memref.subview %symmat_gpu[67599] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: 67599>>
    gpu.memcpy %last, %value : memref<1xf32, strided<[1], offset: 67599>>, memref<1xf32>
    // cudaMemcpy(symmat_outputFromGpu, symmat_gpu, sizeof(DATA_TYPE) * M * N, cudaMemcpyDeviceToHost);
    gpu.memcpy %symmat_outputFromGpu, %symmat_gpu : memref<?xf32>, memref<?xf32>
    // cudaFree
    gpu.dealloc %data_gpu : memref<?xf32>
    gpu.dealloc %symmat_gpu : memref<?xf32>
    gpu.dealloc %stddev_gpu : memref<?xf32>
    gpu.dealloc %mean_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void mean_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *data)
    gpu.func @mean_kernel(%m: i32, %n: i32, %mean: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // (DATA_TYPE)FLOAT_N, FLOAT_N = 3214212.01f
      %float_n = arith.constant 3214212.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j < _PB_M)
      %in = arith.cmpi slt, %j, %m_idx : index
      scf.if %in {
        // mean[j] = 0.0;
        memref.store %zero, %mean[%j] : memref<?xf32>
        // for(i=0; i < _PB_N; i++) mean[j] += data[i*M + j];
        scf.for %i = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %M : index
          %ij = arith.addi %row, %j : index
          %d = memref.load %data[%ij] : memref<?xf32>
          %mj = memref.load %mean[%j] : memref<?xf32>
          %sum = arith.addf %mj, %d : f32
          memref.store %sum, %mean[%j] : memref<?xf32>
        }
        // mean[j] /= (DATA_TYPE)FLOAT_N;
        %mj = memref.load %mean[%j] : memref<?xf32>
        %q = arith.divf %mj, %float_n : f32
        memref.store %q, %mean[%j] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void std_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *std, DATA_TYPE *data)
    gpu.func @std_kernel(%m: i32, %n: i32, %mean: memref<?xf32>, %std: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      // FLOAT_N = 3214212.01f, EPS = 0.005f
      %float_n = arith.constant 3214212.0 : f32
      %eps = arith.constant 0.005 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j < _PB_M)
      %in = arith.cmpi slt, %j, %m_idx : index
      scf.if %in {
        // std[j] = 0.0;
        memref.store %zero, %std[%j] : memref<?xf32>
        // for(i = 0; i < _PB_N; i++)
        //   std[j] += (data[i*M + j] - mean[j]) * (data[i*M + j] - mean[j]);
        scf.for %i = %c0 to %n_idx step %c1 {
          %row1 = arith.muli %i, %M : index
          %ij1 = arith.addi %row1, %j : index
          %d1 = memref.load %data[%ij1] : memref<?xf32>
          %m1 = memref.load %mean[%j] : memref<?xf32>
          %c1v = arith.subf %d1, %m1 : f32
          %row2 = arith.muli %i, %M : index
          %ij2 = arith.addi %row2, %j : index
          %d2 = memref.load %data[%ij2] : memref<?xf32>
          %m2 = memref.load %mean[%j] : memref<?xf32>
          %c2v = arith.subf %d2, %m2 : f32
          %sq = arith.mulf %c1v, %c2v : f32
          %sj = memref.load %std[%j] : memref<?xf32>
          %sum = arith.addf %sj, %sq : f32
          memref.store %sum, %std[%j] : memref<?xf32>
        }
        // std[j] /= (FLOAT_N);
        %s0 = memref.load %std[%j] : memref<?xf32>
        %q = arith.divf %s0, %float_n : f32
        memref.store %q, %std[%j] : memref<?xf32>
        // std[j] = sqrt(std[j]);
        %s1 = memref.load %std[%j] : memref<?xf32>
        %r = math.sqrt %s1 : f32
        memref.store %r, %std[%j] : memref<?xf32>
        // if(std[j] <= EPS) { std[j] = 1.0; }
        %s2 = memref.load %std[%j] : memref<?xf32>
        %small = arith.cmpf ole, %s2, %eps : f32
        scf.if %small {
          memref.store %one, %std[%j] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void reduce_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *std, DATA_TYPE *data)
    gpu.func @reduce_kernel(%m: i32, %n: i32, %mean: memref<?xf32>, %std: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      // FLOAT_N = 3214212.01f
      %float_n = arith.constant 3214212.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid_x = gpu.block_id x
      %bdim_x = gpu.block_dim x
      %tid_x = gpu.thread_id x
      %base_x = arith.muli %bid_x, %bdim_x : index
      %j = arith.addi %base_x, %tid_x : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %bid_y = gpu.block_id y
      %bdim_y = gpu.block_dim y
      %tid_y = gpu.thread_id y
      %base_y = arith.muli %bid_y, %bdim_y : index
      %i = arith.addi %base_y, %tid_y : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if ((i < _PB_N) && (j < _PB_M))
      %in_i = arith.cmpi slt, %i, %n_idx : index
      %in_j = arith.cmpi slt, %j, %m_idx : index
      %in = arith.andi %in_i, %in_j : i1
      scf.if %in {
        // data[i*M + j] -= mean[j];
        %row = arith.muli %i, %M : index
        %ij = arith.addi %row, %j : index
        %d = memref.load %data[%ij] : memref<?xf32>
        %mj = memref.load %mean[%j] : memref<?xf32>
        %diff = arith.subf %d, %mj : f32
        memref.store %diff, %data[%ij] : memref<?xf32>
        // data[i*M + j] /= (sqrt(FLOAT_N) * std[j]);
        %row2 = arith.muli %i, %M : index
        %ij2 = arith.addi %row2, %j : index
        %d2 = memref.load %data[%ij2] : memref<?xf32>
        %sqrt_n = math.sqrt %float_n : f32
        %sj = memref.load %std[%j] : memref<?xf32>
        %den = arith.mulf %sqrt_n, %sj : f32
        %q = arith.divf %d2, %den : f32
        memref.store %q, %data[%ij2] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void corr_kernel(int m, int n, DATA_TYPE *symmat, DATA_TYPE *data)
    gpu.func @corr_kernel(%m: i32, %n: i32, %symmat: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 260 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      // int j1 = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j1 = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j1 < (_PB_M-1))
      %m_1 = arith.subi %m_idx, %c1 : index
      %in = arith.cmpi slt, %j1, %m_1 : index
      scf.if %in {
        // symmat[j1*M + j1] = 1.0;
        %rd = arith.muli %j1, %M : index
        %sd = arith.addi %rd, %j1 : index
        memref.store %one, %symmat[%sd] : memref<?xf32>
        // for (j2 = (j1 + 1); j2 < _PB_M; j2++)
        %j2_0 = arith.addi %j1, %c1 : index
        scf.for %j2 = %j2_0 to %m_idx step %c1 {
          // symmat[j1*M + j2] = 0.0;
          %r0 = arith.muli %j1, %M : index
          %s0 = arith.addi %r0, %j2 : index
          memref.store %zero, %symmat[%s0] : memref<?xf32>
          // for(i = 0; i < _PB_N; i++)
          //   symmat[j1*M + j2] += data[i*M + j1] * data[i*M + j2];
          scf.for %i = %c0 to %n_idx step %c1 {
            %drow = arith.muli %i, %M : index
            %ij1 = arith.addi %drow, %j1 : index
            %d1 = memref.load %data[%ij1] : memref<?xf32>
            %drow2 = arith.muli %i, %M : index
            %ij2 = arith.addi %drow2, %j2 : index
            %d2 = memref.load %data[%ij2] : memref<?xf32>
            %prod = arith.mulf %d1, %d2 : f32
            %r1 = arith.muli %j1, %M : index
            %s1 = arith.addi %r1, %j2 : index
            %sv = memref.load %symmat[%s1] : memref<?xf32>
            %sum = arith.addf %sv, %prod : f32
            memref.store %sum, %symmat[%s1] : memref<?xf32>
          }
          // symmat[j2*M + j1] = symmat[j1*M + j2];
          %r2 = arith.muli %j1, %M : index
          %s2 = arith.addi %r2, %j2 : index
          %v = memref.load %symmat[%s2] : memref<?xf32>
          %r3 = arith.muli %j2, %M : index
          %s3 = arith.addi %r3, %j1 : index
          memref.store %v, %symmat[%s3] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
