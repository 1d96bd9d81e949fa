//===- Diagnostics.cpp - remarks and warnings from Rust -----------*- C++ -*-===//
//
// MLIR 22's C API can emit only errors (`mlirEmitError`). gpu-mem-opt explains
// every decision as a remark at the operation's location, so Rust calls this
// shim, which emits through MLIR's diagnostic engine: `-verify-diagnostics`,
// `--mlir-print-debuginfo`-style locations and handlers all see them.
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

extern "C" void gpuMemOptEmitDiagnostic(MlirLocation location,
                                        GpuMemOptSeverity severity,
                                        MlirStringRef message) {
  mlir::Location loc = unwrap(location);
  llvm::StringRef text = unwrap(message);
  switch (severity) {
  case GpuMemOptSeverityError:
    mlir::emitError(loc) << text;
    return;
  case GpuMemOptSeverityWarning:
    mlir::emitWarning(loc) << text;
    return;
  case GpuMemOptSeverityRemark:
    mlir::emitRemark(loc) << text;
    return;
  case GpuMemOptSeverityNote:
    loc.getContext()->getDiagEngine().emit(loc, mlir::DiagnosticSeverity::Note)
        << text;
    return;
  }
}
