//===- Plugin.cpp - gpu-mem-opt as an mlir-opt pass plugin --------*- C++ -*-===//
//
// The entry point stock `mlir-opt-22 --load-pass-plugin=libGpuMemOpt.so`
// looks for. Stock mlir-opt fixes its command-line flags before plugins load,
// so the pass is reached with `-p 'builtin.module(gpu-mem-opt{...})'`.
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

/// Tells mlir-opt the plugin's name, version and how to register its passes.
extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GpuMemOpt", LLVM_VERSION_STRING,
          gpuMemOptRegisterPasses};
}
