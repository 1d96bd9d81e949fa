//===- Diagnostics.cpp - remarks and warnings from Rust -----------*- C++ -*-===//
//
// MLIR 22's C API can emit only errors (`mlirEmitError`). gpu-mem-opt explains
// every decision as a remark at the operation's location, so Rust calls this
// shim, which emits through MLIR's diagnostic engine: `-verify-diagnostics`,
// `--mlir-print-debuginfo`-style locations and handlers all see them. Where the
// context's remark engine is on, each remark also goes to it as an
// optimization remark (passed, missed or analysis), so stock mlir-opt's
// `--remarks-filter` and `--remark-format=yaml --remarks-output-file=...`
// collect them as LLVM's tools collect LLVM's.
//
//===----------------------------------------------------------------------===//

#include "gpu-mem-opt.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Remarks.h"

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

extern "C" void gpuMemOptEmitRemark(MlirLocation location,
                                    GpuMemOptRemarkKind kind,
                                    MlirStringRef name, MlirStringRef function,
                                    MlirStringRef message) {
  mlir::Location loc = unwrap(location);
  llvm::StringRef title = unwrap(name);
  llvm::StringRef text = unwrap(message);
  mlir::emitRemark(loc) << "gpu-mem-opt: " << title << ": " << text;
  auto options = mlir::remark::RemarkOpts::name(title)
                     .category("gpu-mem-opt")
                     .subCategory(title)
                     .function(unwrap(function));
  switch (kind) {
  case GpuMemOptRemarkPassed:
    mlir::remark::passed(loc, options) << text;
    return;
  case GpuMemOptRemarkMissed:
    mlir::remark::missed(loc, options) << text;
    return;
  case GpuMemOptRemarkAnalysis:
    mlir::remark::analysis(loc, options) << text;
    return;
  }
}
