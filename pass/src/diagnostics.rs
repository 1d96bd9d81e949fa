//! Remarks, warnings and errors at an operation's location.
//!
//! Every decision gpu-mem-opt takes or skips is a remark of the form
//! `gpu-mem-opt: <kind>: <message>` where `<kind>` is the decision's one name
//! (`pad`, `swizzle`, `vectorize`, ...; `kernel` and `access` for what the
//! analysis found), so `-verify-diagnostics` tests can match them.

use std::sync::OnceLock;

use mlir_sys::{MlirLocation, MlirStringRef};

use crate::ir;

/// The C++ side's `gpuMemOptEmitDiagnostic`.
pub type EmitDiagnostic = unsafe extern "C" fn(MlirLocation, Severity, MlirStringRef);

/// The C++ side's `gpuMemOptEmitRemark`.
pub type EmitRemark =
    unsafe extern "C" fn(MlirLocation, RemarkKind, MlirStringRef, MlirStringRef, MlirStringRef);

/// Where diagnostics go: MLIR's engines through the C++ side, installed by
/// `ffi::install_emitters` before anything runs (so this module needs nothing from `ffi`: no
/// import cycle).
static EMITTERS: OnceLock<(EmitDiagnostic, EmitRemark)> = OnceLock::new();

/// Installs the C++ side's emitters (the first call wins; they never change).
pub fn install(diagnostic: EmitDiagnostic, remark: EmitRemark) {
    let _ = EMITTERS.set((diagnostic, remark));
}

/// Severity of a diagnostic (mirrors `GpuMemOptSeverity`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// An error: the pass fails.
    Error = 0,
    /// A warning.
    Warning = 1,
    /// A remark: an explained decision or finding.
    Remark = 2,
    /// A note attached to the previous diagnostic.
    Note = 3,
}

/// What a remark reports, for MLIR's remark engine (mirrors `GpuMemOptRemarkKind`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    /// A decision applied.
    Passed = 0,
    /// A decision not applied.
    Missed = 1,
    /// A finding.
    Analysis = 2,
}

/// Emits `message` with `severity` at `location`.
pub fn emit(location: MlirLocation, severity: Severity, message: &str) {
    let (diagnostic, _) = EMITTERS
        .get()
        .expect("ffi::install_emitters runs before any diagnostic");
    unsafe { diagnostic(location, severity, ir::string_ref_of(message)) }
}

/// Emits the remark `gpu-mem-opt: <kind>: <message>`, a finding.
pub fn remark(location: MlirLocation, kind: &str, message: &str) {
    remark_of(location, (RemarkKind::Analysis, ""), kind, message);
}

/// Emits the remark `gpu-mem-opt: <name>: <message>` as a remark of `kind` about the kernel
/// `function` (empty: none).
pub fn remark_of(
    location: MlirLocation,
    (kind, function): (RemarkKind, &str),
    name: &str,
    message: &str,
) {
    let (_, emit_remark) = EMITTERS
        .get()
        .expect("ffi::install_emitters runs before any diagnostic");
    unsafe {
        emit_remark(
            location,
            kind,
            ir::string_ref_of(name),
            ir::string_ref_of(function),
            ir::string_ref_of(message),
        )
    }
}

/// Emits the error `gpu-mem-opt: <kind>: <message>`.
pub fn error(location: MlirLocation, kind: &str, message: &str) {
    emit(
        location,
        Severity::Error,
        &format!("gpu-mem-opt: {kind}: {message}"),
    );
}
