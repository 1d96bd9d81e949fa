// The `math` ops the NVVM lowering maps to libdevice (issue 32): Rodinia backprop's `__powf`
// is `math.powf`. Each is computed in f64 and rounded once to f32 (interp/src/float.rs): within
// an ulp of the exact value, where libdevice's own bound is 1 to 4 ulp. Thread t evaluates
// every function at x = 0.3·(t+1) in f32 (x/2 for asin, acos and atanh, x+1 for acosh, 5x-0.5
// for roundeven, whose 2.5 and 5.5 round to even); the expected rows are Python's
// double-precision results rounded to f32 and printed with six digits, as C++'s `<<` prints.
// Rows: math.powf, math.atan2, math.copysign, math.tan, math.asin, math.acos, math.atan, math.sinh, math.cosh, math.asinh, math.acosh, math.atanh, math.cbrt, math.expm1, math.log10, math.log1p, math.roundeven, math.erf, math.erfc, math.fpowi (x³).

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: rank = 2 offset = 0 sizes = [20, 4] strides = [4, 1] data =
// CHECK: {{\[\[}}0.049295,  0.278855,  0.768434,  1.57744],
// CHECK-NEXT:  [2.85014,  2.60117,  2.40878,  2.26553],
// CHECK-NEXT:  [-0.3,  -0.6,  -0.9,  -1.2],
// CHECK-NEXT:  [0.309336,  0.684137,  1.26016,  2.57215],
// CHECK-NEXT:  [0.150568,  0.304693,  0.466765,  0.643501],
// CHECK-NEXT:  [1.42023,  1.2661,  1.10403,  0.927295],
// CHECK-NEXT:  [0.291457,  0.54042,  0.732815,  0.876058],
// CHECK-NEXT:  [0.30452,  0.636654,  1.02652,  1.50946],
// CHECK-NEXT:  [1.04534,  1.18547,  1.43309,  1.81066],
// CHECK-NEXT:  [0.295673,  0.568825,  0.808867,  1.01597],
// CHECK-NEXT:  [0.756433,  1.04697,  1.2572,  1.42542],
// CHECK-NEXT:  [0.15114,  0.30952,  0.4847,  0.693147],
// CHECK-NEXT:  [0.669433,  0.843433,  0.965489,  1.06266],
// CHECK-NEXT:  [0.349859,  0.822119,  1.4596,  2.32012],
// CHECK-NEXT:  [-0.522879,  -0.221849,  -0.0457575,  0.0791813],
// CHECK-NEXT:  [0.262364,  0.470004,  0.641854,  0.788457],
// CHECK-NEXT:  [1,  2,  4,  6],
// CHECK-NEXT:  [0.328627,  0.603856,  0.796908,  0.910314],
// CHECK-NEXT:  [0.671373,  0.396144,  0.203092,  0.089686],
// CHECK-NEXT:  [0.027,  0.216,  0.729,  1.728]]
// SAME: identical: 1 launch

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @functions(%out: memref<20x4xf32>) kernel {
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %one_i = arith.constant 1 : i32
      %n32 = arith.addi %t32, %one_i : i32
      %n = arith.sitofp %n32 : i32 to f32
      %step = arith.constant 0.3 : f32
      %x = arith.mulf %n, %step : f32
      %half_factor = arith.constant 0.5 : f32
      %half = arith.mulf %x, %half_factor : f32
      %one = arith.constant 1.0 : f32
      %plus_one = arith.addf %x, %one : f32
      %five = arith.constant 5.0 : f32
      %scaled = arith.mulf %x, %five : f32
      %tie = arith.subf %scaled, %half_factor : f32
      %two_half = arith.constant 2.5 : f32
      %minus_one = arith.constant -1.0 : f32
      %r0 = math.powf %x, %two_half : f32
      %c0 = arith.constant 0 : index
      memref.store %r0, %out[%c0, %tid] : memref<20x4xf32>
      %r1 = math.atan2 %x, %minus_one : f32
      %c1 = arith.constant 1 : index
      memref.store %r1, %out[%c1, %tid] : memref<20x4xf32>
      %r2 = math.copysign %x, %minus_one : f32
      %c2 = arith.constant 2 : index
      memref.store %r2, %out[%c2, %tid] : memref<20x4xf32>
      %r3 = math.tan %x : f32
      %c3 = arith.constant 3 : index
      memref.store %r3, %out[%c3, %tid] : memref<20x4xf32>
      %r4 = math.asin %half : f32
      %c4 = arith.constant 4 : index
      memref.store %r4, %out[%c4, %tid] : memref<20x4xf32>
      %r5 = math.acos %half : f32
      %c5 = arith.constant 5 : index
      memref.store %r5, %out[%c5, %tid] : memref<20x4xf32>
      %r6 = math.atan %x : f32
      %c6 = arith.constant 6 : index
      memref.store %r6, %out[%c6, %tid] : memref<20x4xf32>
      %r7 = math.sinh %x : f32
      %c7 = arith.constant 7 : index
      memref.store %r7, %out[%c7, %tid] : memref<20x4xf32>
      %r8 = math.cosh %x : f32
      %c8 = arith.constant 8 : index
      memref.store %r8, %out[%c8, %tid] : memref<20x4xf32>
      %r9 = math.asinh %x : f32
      %c9 = arith.constant 9 : index
      memref.store %r9, %out[%c9, %tid] : memref<20x4xf32>
      %r10 = math.acosh %plus_one : f32
      %c10 = arith.constant 10 : index
      memref.store %r10, %out[%c10, %tid] : memref<20x4xf32>
      %r11 = math.atanh %half : f32
      %c11 = arith.constant 11 : index
      memref.store %r11, %out[%c11, %tid] : memref<20x4xf32>
      %r12 = math.cbrt %x : f32
      %c12 = arith.constant 12 : index
      memref.store %r12, %out[%c12, %tid] : memref<20x4xf32>
      %r13 = math.expm1 %x : f32
      %c13 = arith.constant 13 : index
      memref.store %r13, %out[%c13, %tid] : memref<20x4xf32>
      %r14 = math.log10 %x : f32
      %c14 = arith.constant 14 : index
      memref.store %r14, %out[%c14, %tid] : memref<20x4xf32>
      %r15 = math.log1p %x : f32
      %c15 = arith.constant 15 : index
      memref.store %r15, %out[%c15, %tid] : memref<20x4xf32>
      %r16 = math.roundeven %tie : f32
      %c16 = arith.constant 16 : index
      memref.store %r16, %out[%c16, %tid] : memref<20x4xf32>
      %r17 = math.erf %x : f32
      %c17 = arith.constant 17 : index
      memref.store %r17, %out[%c17, %tid] : memref<20x4xf32>
      %r18 = math.erfc %x : f32
      %c18 = arith.constant 18 : index
      memref.store %r18, %out[%c18, %tid] : memref<20x4xf32>
      %three = arith.constant 3 : i32
      %r19 = math.fpowi %x, %three : f32, i32
      %c19 = arith.constant 19 : index
      memref.store %r19, %out[%c19, %tid] : memref<20x4xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc () : memref<20x4xf32>
    gpu.launch_func @kernels::@functions blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%out : memref<20x4xf32>)
    %host = memref.alloc() : memref<20x4xf32>
    gpu.memcpy %host, %out : memref<20x4xf32>, memref<20x4xf32>
    %any = memref.cast %host : memref<20x4xf32> to memref<*xf32>
    call @printMemrefF32(%any) : (memref<*xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)
}
