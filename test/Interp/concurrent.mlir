// Kernels that wait for each other (issue 32): upstream's
// mlir/test/Integration/GPU/CUDA/concurrent-kernels.mlir (llvm/llvm-project at 1e66a9b5a7b5),
// as written there. Two launches on two streams each add 1 to a counter, then spin until it
// reaches 2, which needs the other kernel to run at the same time. The interpreter runs
// launches one after another, so the first launch would spin forever: a round of its
// scf.while changes no memory (an atomic add of 0) and no carried value, and the interpreter
// says so and stops instead of running into its iteration limit. Upstream's test has no CHECK
// lines (it passes by finishing); here the refusal is the expected result.

// RUN: not gpu-mem-opt interp %s --entry main 2>&1 | FileCheck %s
// CHECK: concurrent.mlir:20:13: this scf.while spins: a round changed no memory and no carried value, so it waits for a write by another block or kernel running at the same time; the interpreter runs blocks and launches one after another, so it cannot run this program

module attributes {gpu.container_module} {
    gpu.module @kernels {
        gpu.func @kernel(%memref: memref<i32>) kernel {
            %c0 = arith.constant 0 : i32
            %c1 = arith.constant 1 : i32
            %c2 = arith.constant 2 : i32
            %block = memref.atomic_rmw addi %c1, %memref[] : (i32, memref<i32>) -> i32
            scf.while: () -> () {
                %value = memref.atomic_rmw addi %c0, %memref[] : (i32, memref<i32>) -> i32
                %cond = arith.cmpi slt, %value, %c2 : i32
                scf.condition(%cond)
            } do {
                scf.yield
            }
            gpu.return
        }
    }

    func.func @main() {
        %memref = gpu.alloc host_shared () : memref<i32>
        %c0 = arith.constant 0 : i32
        memref.store %c0, %memref[] : memref<i32>

        %0 = gpu.wait async
        %1 = gpu.wait async
        %c1 = arith.constant 1 : index
        %2 = gpu.launch_func async [%0] @kernels::@kernel
            blocks in (%c1, %c1, %c1)
            threads in (%c1, %c1, %c1)
            args(%memref: memref<i32>)
        %3 = gpu.launch_func async [%1] @kernels::@kernel
            blocks in (%c1, %c1, %c1)
            threads in (%c1, %c1, %c1)
            args(%memref: memref<i32>)
        gpu.wait [%2, %3]
        return
    }
}
