// The differential fuzzer (cli/src/fuzz.rs): 120 random kernels of seed 1 from
// the fourteen families (atomics, columns walked along a loop, gather, tile, matrix products, reduction, rows, stencil, trips,
// vector, warp reductions, shared trees, branches of several blocks, huge) with random pass options, each run
// through the pass and the reference interpreter before and
// after (huge inputs, too large to interpret, through the pass alone); some as lone kernels whose block size only
// `diff --block` knows, and some reading theirs with `gpu.block_dim` (a lone kernel's `blockDim.x * blockIdx.x`).
// Every case must verify and give bit-identical outputs (findings: 0),
// every kernel must be valid input (rejected inputs: 0), and the cases must
// reach every transform, and affine.for loops (which the pass lowers first):
// a generator that stops reaching one fails here. Constant memory is the exception: since
// issue 30 it pays for its per-launch copy only past about 440 loads per warp, which no
// family's small loops reach (test/Driver/launch-contract.mlir covers it).
// About 12 s on two cores; a long campaign is `gpu-mem-opt fuzz --seed S
// --count 10000 --keep DIR` (docs/interpreter-and-diff.md, "Fuzzing and robustness").

// RUN: gpu-mem-opt fuzz --seed 1 --count 120 | FileCheck %s
// CHECK: fuzz: seed 1, cases 0..120: 120 cases in
// CHECK-NEXT: families: atomics {{[1-9][0-9]*}}, branches {{[1-9][0-9]*}}, column {{[1-9][0-9]*}}, gather {{[1-9][0-9]*}}, huge {{[1-9][0-9]*}}, product {{[1-9][0-9]*}}, reduction {{[1-9][0-9]*}}, rows {{[1-9][0-9]*}}, stencil {{[1-9][0-9]*}}, tile {{[1-9][0-9]*}}, tree {{[1-9][0-9]*}}, trips {{[1-9][0-9]*}}, vector {{[1-9][0-9]*}}, warp {{[1-9][0-9]*}}
// The transforms that must be reached, in the summary's (sorted) order; others, such as
// delinearize or promote, may appear between them.
// CHECK-NEXT: applied (cases):
// CHECK-SAME: pad {{[1-9][0-9]*}},
// CHECK-SAME: readonly {{[1-9][0-9]*}},
// CHECK-SAME: relayout {{[1-9][0-9]*}},
// CHECK-SAME: stage-shared {{[1-9][0-9]*}},
// CHECK-SAME: stage-shared-loop {{[1-9][0-9]*}},
// CHECK-SAME: swizzle {{[1-9][0-9]*}},
// CHECK-SAME: vectorize {{[1-9][0-9]*}}
// CHECK-NEXT: one buffer for two parameters: {{[1-9][0-9]*}} cases
// CHECK-NEXT: loops written as affine.for: {{[1-9][0-9]*}} cases
// CHECK-NEXT: rejected inputs: 0
// CHECK-NEXT: findings: 0

// Columns walked along a loop (a 3-D stencil's z): promote carries full windows of offsets
// in registers, an inner radius loop's written out, and refuses gaps, offsets that are not a
// whole number of steps apart and columns updated in place.
// RUN: gpu-mem-opt fuzz --seed 1 --count 30 --family column | FileCheck %s --check-prefix=COLUMN
// COLUMN: families: column 30
// COLUMN-NEXT: applied (cases):
// COLUMN-SAME: promote {{[1-9][0-9]*}}
// COLUMN: findings: 0

// One family alone (`--family`): matrix products, where register tiles must be reached (a
// gpu.launch_func or gpu.launch form whose grid a tile divides, where the time model predicts
// the tile faster or a third of the cases' option time-veto=false makes it anyway).
// RUN: gpu-mem-opt fuzz --seed 1 --count 30 --family product | FileCheck %s --check-prefix=PRODUCT
// PRODUCT: families: product 30
// PRODUCT-NEXT: applied (cases):
// PRODUCT-SAME: register-tile {{[1-9][0-9]*}}
// PRODUCT: findings: 0

// Shared trees (the cuda-samples reduction's levels through a rank-1 buffer): the interleaved
// ones' conflicts are removed by a pad after every 32 elements, which must be reached.
// RUN: gpu-mem-opt fuzz --seed 1 --count 30 --family tree | FileCheck %s --check-prefix=TREE
// TREE: families: tree 30
// TREE-NEXT: applied (cases):
// TREE-SAME: pad {{[1-9][0-9]*}}
// TREE: findings: 0

// The options given replace the random ones: with every transform off, nothing applies.
// RUN: gpu-mem-opt fuzz --seed 2 --count 10 --options 'register-tile=false coarsen=false delinearize=false promote=false relayout=false vectorize=false memory-space=false stage-shared=false pad=false swizzle=false version=false' | FileCheck %s --check-prefix=OFF
// OFF: applied (cases): {{$}}
// OFF-NEXT: one buffer for two parameters: {{[0-9]+}} cases
// OFF-NEXT: loops written as affine.for: {{[0-9]+}} cases
// OFF-NEXT: rejected inputs: 0
// OFF-NEXT: findings: 0

