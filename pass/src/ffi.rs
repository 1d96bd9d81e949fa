//! Every `extern "C"` item of gpu-mem-opt, mirrored one for one by
//! `dialect-glue/include/gpu-mem-opt.h`.
//!
//! Exported from Rust: option validation, the pass entry points, the PTX
//! feature string for an SM version. Imported from the C++ glue: diagnostics
//! (the MLIR 22 C API can emit only errors) and pass registration. A panic
//! never crosses the boundary: it becomes an MLIR error at the operation.

use std::{
    ffi::c_void,
    panic::{catch_unwind, AssertUnwindSafe},
};

use mlir_sys::{
    mlirOperationGetLocation, MlirLocation, MlirLogicalResult, MlirOperation, MlirStringCallback,
    MlirStringRef,
};

use crate::{diagnostics::Severity, driver, ir, Options};

/// The options of the pass as the C++ glue hands them over.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GpuMemOptOptions {
    /// Target SM version (`sm`).
    pub sm: u32,
    /// Block size; all zero means "from the IR" (`block`).
    pub block: [u32; 3],
    /// Report path, empty for none (`report`).
    pub report: MlirStringRef,
    /// `strict`.
    pub strict: bool,
    /// `vectorize`.
    pub vectorize: bool,
    /// `memory-space`.
    pub memory_space: bool,
    /// `stage-shared`.
    pub stage_shared: bool,
    /// `pad`.
    pub pad: bool,
    /// `swizzle`.
    pub swizzle: bool,
    /// `assume-noalias`.
    pub assume_noalias: bool,
    /// `assume-alignment`.
    pub assume_alignment: u32,
    /// `smem-budget`.
    pub smem_budget: u32,
}

unsafe extern "C" {
    /// Emits a diagnostic at `location` through MLIR's diagnostic engine.
    pub fn gpuMemOptEmitDiagnostic(
        location: MlirLocation,
        severity: Severity,
        message: MlirStringRef,
    );
    /// Registers gpu-mem-opt's passes and pipeline with MLIR.
    pub fn gpuMemOptRegisterPasses();
}

/// Validates options; on failure passes the message to `message` and returns false.
///
/// # Safety
/// `options` must point to a valid struct; `message` must be a valid callback.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptValidateOptions(
    options: *const GpuMemOptOptions,
    message: MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    match Options::from_c(&*options) {
        Ok(_) => true,
        Err(error) => {
            if let Some(callback) = message {
                let text = error.to_string();
                callback(ir::string_ref_of(&text), user_data);
            }
            false
        }
    }
}

/// Runs gpu-mem-opt on `op` and everything nested in it.
///
/// # Safety
/// `op` must be a valid operation and `options` a valid struct.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptRun(
    op: MlirOperation,
    options: *const GpuMemOptOptions,
) -> MlirLogicalResult {
    guarded(op, || driver::run(op, &*options, driver::Mode::Optimize))
}

/// Runs the test pass that prints the access analysis as remarks.
///
/// # Safety
/// `op` must be a valid operation and `options` a valid struct.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptTestAccessAnalysis(
    op: MlirOperation,
    options: *const GpuMemOptOptions,
) -> MlirLogicalResult {
    guarded(op, || {
        driver::run(op, &*options, driver::Mode::TestAccessAnalysis)
    })
}

/// `gpu-mem-opt-lower-readonly`: marks the recorded read-only pointers of lowered kernels.
///
/// # Safety
/// `op` must be a valid operation.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptLowerReadonly(op: MlirOperation) -> MlirLogicalResult {
    guarded(op, || crate::steps::memory_space::readonly::lower(op))
}

/// The PTX feature string LLVM needs to target SM version `sm`.
#[no_mangle]
pub extern "C" fn gpuMemOptPtxFeatures(sm: u32) -> MlirStringRef {
    ir::string_ref_of(crate::pipeline::ptx_features(sm))
}

/// Runs `body`; a panic becomes an MLIR error at `op` instead of an abort.
unsafe fn guarded(op: MlirOperation, body: impl FnOnce() -> bool) -> MlirLogicalResult {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(true) => MlirLogicalResult { value: 1 },
        Ok(false) => MlirLogicalResult { value: 0 },
        Err(panic) => {
            let reason = panic
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            crate::diagnostics::emit(
                mlirOperationGetLocation(op),
                Severity::Error,
                &format!("gpu-mem-opt: internal error (please report): {reason}"),
            );
            MlirLogicalResult { value: 0 }
        }
    }
}
