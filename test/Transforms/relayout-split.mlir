// Relayout of a flattened array of structures (Sung's strip-mining; analysis::relayout
// record_split): `cells[4·i + f]` in a memref<16384xf32>, as C or a DSL writes it. One
// dimension has no other order; split by the record size the lanes step by (4) and put the
// field outermost, it is a structure of arrays: the argument becomes memref<4096x4xf32,
// strided<[1, 4096]>> and each access's index e becomes (e floordiv 4, e mod 4).
// Loads and stores 16 → 4 sectors per request. A lone kernel's launcher passes the written
// data element by element (`diff --kernel` compares the arguments so); with host code the
// buffer is allocated split and packed at its copies (`diff --entry`).

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=2' %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: gpu-mem-opt diff %s --kernel relax --grid 32,1,1 --options 'version=false relayout-launches=2' | FileCheck %s --check-prefix=DIFF
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=2 report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json

// CHECK-LABEL: gpu.func @relax(
// CHECK-SAME: %arg0: memref<4096x4xf32, strided<[1, 4096]>>, %arg1: memref<4096x4xf32, strided<[1, 4096]>>
// CHECK-SAME: written = memref<16384xf32>
// CHECK: %[[RECORD:.*]] = arith.divui %[[E:.*]], %[[FOUR:.*]] : index
// CHECK: %[[FIELD:.*]] = arith.remui %[[E]], %[[FOUR]] : index
// CHECK: memref.load %arg0[%[[RECORD]], %[[FIELD]]] : memref<4096x4xf32, strided<[1, 4096]>>
// CHECK-LABEL: gpu.func @gpu_mem_opt_relayout_pack_relax_arg1(
// CHECK-SAME: %arg0: memref<16384xf32>, %arg1: memref<4096x4xf32, strided<[1, 4096]>>
// CHECK: memref.load %arg0[%{{.*}}] : memref<16384xf32>
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<4096x4xf32, strided<[1, 4096]>>
// CHECK-LABEL: gpu.func @relax_program(
// CHECK-SAME: %arg1: memref<4096x4xf32, strided<[1, 4096]>>
// CHECK-LABEL: func.func @main()
// CHECK: call @gpu_mem_opt_relayout_relax_program_arg{{[01]}}_alloc() : () -> memref<4096x4xf32, strided<[1, 4096]>>

// REMARK: relayout: arg 0: stored as 4096x4, strided<[1, 4096]> ((d0 mod 4)·4096 + (d0 floordiv 4)): 16.00 → 4.00 sectors per request (256 → 64 per block); the launcher passes it as memref<4096x4xf32, strided<[1, 4096]>>, e.g. through @gpu_mem_opt_relayout_pack_relax_arg0 and its unpack
// REMARK: relayout: arg 1: stored as 4096x4, strided<[1, 4096]> ((d0 mod 4)·4096 + (d0 floordiv 4)): 16.00 → 4.00 sectors per request
// REMARK: relayout: arg 1: stored as 4096x4, strided<[1, 4096]> {{.*}}; host code allocates it as memref<4096x4xf32, strided<[1, 4096]>>, packed after each copy in and unpacked before each copy out (1 copy) over 3 launches

// DIFF: identical: 2 arguments, 32768 elements
// PROGRAM: identical: 3 launches + 2 relayout conversions
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @relax(%cells: memref<16384xf32>, %next: memref<16384xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %half = arith.constant 0.5 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c128 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %e = memref.load %cells[%base] : memref<16384xf32>
      %w = memref.load %cells[%i1] : memref<16384xf32>
      %n = memref.load %cells[%i2] : memref<16384xf32>
      %s = memref.load %cells[%i3] : memref<16384xf32>
      %ew = arith.addf %e, %w : f32
      %ns = arith.addf %n, %s : f32
      %all = arith.addf %ew, %ns : f32
      %m = arith.mulf %all, %half : f32
      %e2 = arith.subf %m, %e : f32
      %w2 = arith.subf %m, %w : f32
      %n2 = arith.subf %m, %n : f32
      %s2 = arith.subf %m, %s : f32
      memref.store %e2, %next[%base] : memref<16384xf32>
      memref.store %w2, %next[%i1] : memref<16384xf32>
      memref.store %n2, %next[%i2] : memref<16384xf32>
      memref.store %s2, %next[%i3] : memref<16384xf32>
      gpu.return
    }
    // Only fields 0 and 2 of each record: no vector access covers them, so the launch
    // facts' 16-byte alignment does not help, and the split does (16 → 4 sectors).
    gpu.func @relax_program(%cells: memref<16384xf32>, %next: memref<16384xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %half = arith.constant 0.5 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c128 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %i2 = arith.addi %base, %c2 : index
      %e = memref.load %cells[%base] : memref<16384xf32>
      %n = memref.load %cells[%i2] : memref<16384xf32>
      %en = arith.addf %e, %n : f32
      %m = arith.mulf %en, %half : f32
      memref.store %m, %next[%base] : memref<16384xf32>
      memref.store %en, %next[%i2] : memref<16384xf32>
      gpu.return
    }
  }

  // Negative: 16386 elements are not a whole number of 4-element records; splitting would
  // need padding, which is not built (report only).
  // REPORT: "name": "ragged",
  // REPORT: "kind": "relayout",
  // REPORT-NEXT: "target": "arg 0",
  // REPORT-NEXT: "applied": false,
  // REPORT-NEXT: "reason": "not split: its 16386 elements are not a whole number of 4-element records, and padding is not built",
  gpu.module @ragged_kernels {
    gpu.func @ragged(%cells: memref<16386xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c128 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %v = memref.load %cells[%base] : memref<16386xf32>
      memref.store %v, %out[%i] : memref<4096xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c16384 = arith.constant 16384 : index
    %host = memref.alloc() : memref<16384xf32>
    scf.for %e = %c0 to %c16384 step %c1 {
      %x = arith.index_cast %e : index to i32
      %v = arith.sitofp %x : i32 to f32
      memref.store %v, %host[%e] : memref<16384xf32>
    }
    %cells = gpu.alloc () : memref<16384xf32>
    %next = gpu.alloc () : memref<16384xf32>
    gpu.memcpy %cells, %host : memref<16384xf32>, memref<16384xf32>
    scf.for %t = %c0 to %c3 step %c1 {
      gpu.launch_func @kernels::@relax_program blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1) args(%cells : memref<16384xf32>, %next : memref<16384xf32>)
    }
    gpu.memcpy %host, %next : memref<16384xf32>, memref<16384xf32>
    gpu.dealloc %cells : memref<16384xf32>
    gpu.dealloc %next : memref<16384xf32>
    %cast = memref.cast %host : memref<16384xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
