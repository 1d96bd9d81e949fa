// `gpu-mem-opt report --html DIR`: the pass in the driver with MLIR's remark
// engine on, the remarks as YAML (DIR/remarks.yaml), rendered by LLVM's
// opt-viewer as the source with every decision inline (DIR/index.html and one
// page per source file), and the table `report` prints (issue 15).

// RUN: rm -rf %t.html
// RUN: gpu-mem-opt report --html %t.html %s | FileCheck %s --check-prefix=TABLE
// TABLE: applied stage-shared on arg 1: staged through memref<32x8xf32, #gpu.address_space<workgroup>>
// TABLE: HTML: {{.*}}index.html
// RUN: FileCheck %s --check-prefix=YAML < %t.html/remarks.yaml
// YAML: --- !Missed
// YAML-NEXT: Pass: 'gpu-mem-opt:readonly'
// YAML: --- !Passed
// YAML-NEXT: Pass: 'gpu-mem-opt:stage-shared'
// RUN: cat %t.html/*report-html.mlir.html | FileCheck %s --check-prefix=HTML
// HTML: stage-shared
// HTML: staged through memref&lt;32x8xf32

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
