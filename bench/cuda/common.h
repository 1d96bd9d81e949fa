// Shared conventions of the suite's CUDA references (bench/cuda/*.cu).
//
// Each reference is the best-practice CUDA C++ version of a bench/kernels/*.mlir kernel:
// same inputs, same outputs, and the same floating-point operations in the same order, so
// that its outputs equal the MLIR kernels' bit for bit. They are compiled with
// `nvcc -ptx -arch=sm_90 -O3 -fmad=false` (no fused multiply-add contraction: the MLIR
// kernels lower to separately rounded mul.rn/add.rn). Kernels are extern "C" so that their
// PTX .entry names are the function names; sizes are int parameters.
#pragma once

#define FULL_WARP 0xffffffffu
