//===- Driver.cpp - gpu-mem-opt-opt, mlir-opt with the pass linked in -*- C++ -*-===//
//
// `gpu-mem-opt-opt` is `mlir-opt` with every upstream dialect and pass plus
// gpu-mem-opt's passes registered before the command line is parsed, so the
// flag forms `--gpu-mem-opt` and `--gpu-mem-opt='sm=90 block=32,8,1'` work.
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  gpuMemOptRegisterPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "gpu-mem-opt driver: mlir-opt with gpu-mem-opt built in\n",
      registry));
}
