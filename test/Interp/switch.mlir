// cf.switch in a kernel and in host code (issue 32): what scf.index_switch lowers to with
// scf-to-cf. Each thread takes the case its flag selects, with that case's block arguments;
// a flag no case names takes the default. Threads that took different cases meet again
// where the code joins.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --kernel classify --grid 1,1,1 --block 10,1,1 --arg zeros
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null

// Thread t: t % 4 == 0 -> 100 + t, 1 -> 200 + t, 3 -> 7 (a case without arguments),
// anything else (2) -> the default, -t.
// CHECK: [100, 201, -2, 7, 104, 205, -6, 7, 108, 209]
// The host's switch on 2 (an i32 flag) takes case 2 and prints its argument.
// CHECK-NEXT: 22
// SAME: identical: 1 launch (1 buffer after it), 3 lines of output

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @classify(%out: memref<10xi32>) kernel {
      %tid = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %lane = arith.remui %tid, %c4 : index
      %t32 = arith.index_cast %tid : index to i32
      %c100 = arith.constant 100 : i32
      %c200 = arith.constant 200 : i32
      %zero = arith.constant 0 : i32
      %negative = arith.subi %zero, %t32 : i32
      %first = arith.addi %c100, %t32 : i32
      %second = arith.addi %c200, %t32 : i32
      %flag = arith.index_cast %lane : index to i32
      cf.switch %flag : i32, [
        default: ^store(%negative : i32),
        0: ^store(%first : i32),
        1: ^store(%second : i32),
        3: ^seven
      ]
    ^seven:
      %c7 = arith.constant 7 : i32
      cf.br ^store(%c7 : i32)
    ^store(%result: i32):
      memref.store %result, %out[%tid] : memref<10xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %out = gpu.alloc () : memref<10xi32>
    gpu.launch_func @kernels::@classify blocks in (%c1, %c1, %c1) threads in (%c10, %c1, %c1)
        args(%out : memref<10xi32>)
    %host = memref.alloc() : memref<10xi32>
    gpu.memcpy %host, %out : memref<10xi32>, memref<10xi32>
    %any = memref.cast %host : memref<10xi32> to memref<*xi32>
    call @printMemrefI32(%any) : (memref<*xi32>) -> ()
    %flag = arith.constant 2 : i32
    %c11 = arith.constant 11 : i64
    %c22 = arith.constant 22 : i64
    cf.switch %flag : i32, [
      default: ^print(%c11 : i64),
      2: ^print(%c22 : i64)
    ]
  ^print(%value: i64):
    vector.print %value : i64
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)
}
