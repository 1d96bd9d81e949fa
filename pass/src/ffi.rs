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
    path::PathBuf,
};

use mlir_sys::{
    mlirOperationGetLocation, MlirLocation, MlirLogicalResult, MlirOperation, MlirStringCallback,
    MlirStringRef,
};

use crate::{
    diagnostics::{RemarkKind, Severity},
    driver, ir,
    options::{self, Switches},
    steps::Step,
    Error, Options,
};

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
    /// `remarks`: `summary` or `detailed`.
    pub remarks: MlirStringRef,
    /// `relayout`.
    pub relayout: bool,
    /// `relayout-launches`.
    pub relayout_launches: u32,
    /// `version`.
    pub version: bool,
    /// `bind-constants`.
    pub bind_constants: bool,
    /// `delinearize`.
    pub delinearize: bool,
    /// `promote`.
    pub promote: bool,
    /// `coarsen`.
    pub coarsen: bool,
    /// `coarsen-grid`.
    pub coarsen_grid: bool,
    /// `coarsen-factor`.
    pub coarsen_factor: u32,
    /// `register-tile`.
    pub register_tile: bool,
    /// `time-veto`.
    pub time_veto: bool,
}

unsafe extern "C" {
    /// Emits a diagnostic at `location` through MLIR's diagnostic engine.
    pub fn gpuMemOptEmitDiagnostic(
        location: MlirLocation,
        severity: Severity,
        message: MlirStringRef,
    );
    /// Emits the remark `gpu-mem-opt: <name>: <message>`, and an optimization remark of
    /// `kind` where the context's remark engine is on.
    pub fn gpuMemOptEmitRemark(
        location: MlirLocation,
        kind: RemarkKind,
        name: MlirStringRef,
        function: MlirStringRef,
        message: MlirStringRef,
    );
    /// Registers gpu-mem-opt's passes and pipeline with MLIR.
    pub fn gpuMemOptRegisterPasses();
    /// Rewrites `kernel`'s affine loops and accesses as `scf.for` and `memref` accesses.
    pub fn gpuMemOptLowerAffine(kernel: MlirOperation) -> MlirLogicalResult;
}

/// Sends `crate::diagnostics` to MLIR's engines through the C++ side's emitters, and gives
/// `crate::ir::affine` the C++ side's rewrite.
pub fn install_emitters() {
    crate::diagnostics::install(gpuMemOptEmitDiagnostic, gpuMemOptEmitRemark);
    crate::ir::affine::install(gpuMemOptLowerAffine);
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
    match validated(&*options) {
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
    guarded(op, || run(op, &*options, driver::Mode::Optimize))
}

/// Runs gpu-mem-opt on `op` and hands the report's JSON to `report`.
///
/// # Safety
/// `op` must be a valid operation, `options` a valid struct and `report` a valid callback.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptRunWithReport(
    op: MlirOperation,
    options: *const GpuMemOptOptions,
    report: MlirStringCallback,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    guarded(op, || match validated(&*options) {
        Ok(options) => {
            let (success, written) = driver::optimize(op, &options, driver::Mode::Optimize);
            let text = serde_json::to_string_pretty(&written).unwrap_or_default();
            if let Some(callback) = report {
                callback(ir::string_ref_of(&text), user_data);
            }
            success
        }
        Err(error) => {
            let location = mlirOperationGetLocation(op);
            crate::diagnostics::error(location, "options", &error.to_string());
            false
        }
    })
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
    guarded(op, || run(op, &*options, driver::Mode::TestAccessAnalysis))
}

/// Runs the test pass `gpu-mem-opt-test-plan{step=…}`: the pass, with only `step`'s remarks.
///
/// # Safety
/// `op` must be a valid operation, `options` a valid struct and `step` a valid string.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptTestPlan(
    op: MlirOperation,
    options: *const GpuMemOptOptions,
    step: MlirStringRef,
) -> MlirLogicalResult {
    let name = ir::string_ref(step);
    guarded(op, || match Step::from_name(&name) {
        Some(step) => match validated(&*options) {
            Ok(options) => {
                let options = Options {
                    remarks_of: Some(step.name()),
                    ..options
                };
                driver::run(op, &options, driver::Mode::Optimize)
            }
            Err(error) => {
                let location = mlirOperationGetLocation(op);
                crate::diagnostics::error(location, "options", &error.to_string());
                false
            }
        },
        None => {
            let location = mlirOperationGetLocation(op);
            crate::diagnostics::error(
                location,
                "options",
                &format!(
                    "gpu-mem-opt-test-plan: unknown step '{name}' ({})",
                    Step::names()
                ),
            );
            false
        }
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

/// `gpu-mem-opt-lower-math`: every `f32` `math.sqrt` under `op` becomes a call of
/// `llvm.nvvm.sqrt.rn.f` (`sqrt.rn.f32`, as nvcc's `sqrtf`), before the conversion to NVVM
/// (`lowering`).
///
/// # Safety
/// `op` must be a valid operation.
#[no_mangle]
pub unsafe extern "C" fn gpuMemOptLowerMath(op: MlirOperation) -> MlirLogicalResult {
    guarded(op, || crate::lowering::precise_sqrt(op))
}

/// The PTX feature string LLVM needs to target SM version `sm`.
#[no_mangle]
pub extern "C" fn gpuMemOptPtxFeatures(sm: u32) -> MlirStringRef {
    ir::string_ref_of(analysis::target::ptx_features(sm))
}

/// Validates the C options; the error names the option and what it accepts.
fn validated(raw: &GpuMemOptOptions) -> Result<Options, Error> {
    let report = unsafe { ir::string_ref(raw.report) };
    Ok(Options {
        target: options::target(raw.sm)?,
        block: options::block(raw.block)?,
        report: (!report.is_empty()).then(|| PathBuf::from(report)),
        strict: raw.strict,
        switches: Switches {
            delinearize: raw.delinearize,
            promote: raw.promote,
            coarsen: raw.coarsen,
            register_tile: raw.register_tile,
            relayout: raw.relayout,
            vectorize: raw.vectorize,
            memory_space: raw.memory_space,
            stage_shared: raw.stage_shared,
            pad: raw.pad,
            swizzle: raw.swizzle,
        },
        assume_noalias: raw.assume_noalias,
        assume_alignment: options::assume_alignment(raw.assume_alignment)?,
        smem_budget: options::smem_budget(raw.smem_budget)?,
        relayout_launches: raw.relayout_launches,
        version: raw.version,
        bind_constants: raw.bind_constants,
        coarsen_grid: raw.coarsen_grid,
        coarsen_factor: options::coarsen_factor(raw.coarsen_factor)?,
        time_veto: raw.time_veto,
        remarks_of: None,
        detailed_remarks: options::detailed_remarks(&unsafe { ir::string_ref(raw.remarks) })?,
    })
}

/// Runs the pass in `mode` on `op` with the `raw` options; a bad option is an error at `op`.
fn run(op: MlirOperation, raw: &GpuMemOptOptions, mode: driver::Mode) -> bool {
    match validated(raw) {
        Ok(options) => driver::run(op, &options, mode),
        Err(error) => {
            let location = unsafe { mlirOperationGetLocation(op) };
            crate::diagnostics::error(location, "options", &error.to_string());
            false
        }
    }
}

/// Runs `body`; a panic becomes an MLIR error at `op` instead of an abort.
unsafe fn guarded(op: MlirOperation, body: impl FnOnce() -> bool) -> MlirLogicalResult {
    install_emitters();
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
