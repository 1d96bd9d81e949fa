// A Rust crate outside the workspace depending on gpu-mem-opt by path (issue 19): a plain
// `cargo run` with no settings of its own builds it (the vendored mlir-sys and melior's
// TableGen find Debian's LLVM 22 by themselves) and runs it (libMLIR.so's link in the profile
// directory), and it optimizes the demo's transpose through `pipeline::optimize` with the
// default options. The build writes nothing into gpu-mem-opt's
// source tree (pass/build.rs puts the merged C API in the target directory).

// RUN: %S/../../scripts/outside-crate.sh %t %S/../../examples/transpose.mlir 2>%t.err | FileCheck %s
// RUN: sh -c 'test ! -e %S/../../pass/build && test ! -e %S/../../build/lib/libMLIR-C.a'
// CHECK: 1 kernels, 2 decisions applied
