//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Today the pass lists kernels and accesses; the analysis and the transforms
//! plug in here as they land, each deciding into the report's `decisions`
//! before anything is rewritten.

use mlir_sys::{mlirOperationGetLocation, MlirOperation};

use crate::{
    accesses, diagnostics,
    ffi::GpuMemOptOptions,
    findings::{self, Finding},
    ir,
    kernels::{self, Kernel},
    report::{KernelReport, Report},
    Options,
};

/// Which pass is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `gpu-mem-opt`.
    Optimize,
    /// `gpu-mem-opt-test-access-analysis`: also print each access.
    TestAccessAnalysis,
}

/// Runs the pass on `root`; false when it must fail (errors were emitted).
pub fn run(root: MlirOperation, options: &GpuMemOptOptions, mode: Mode) -> bool {
    let location = unsafe { mlirOperationGetLocation(root) };
    let options = match Options::from_c(options) {
        Ok(options) => options,
        Err(error) => {
            diagnostics::error(location, "options", &error.to_string());
            return false;
        }
    };
    let kernels = kernels::find(root, options.block);
    if kernels.is_empty() {
        diagnostics::remark(
            location,
            "kernel",
            &format!(
                "no GPU kernels (gpu.func with gpu.kernel, or gpu.launch) under '{}'; nothing to do",
                ir::operation_name(root)
            ),
        );
    }
    let report = Report {
        version: crate::report::SCHEMA_VERSION,
        target: format!("sm_{}", options.target.sm),
        kernels: kernels
            .iter()
            .map(|kernel| kernel_report(kernel, &options, mode))
            .collect(),
    };
    if let Some(path) = &options.report {
        if let Err(error) = report.write(path) {
            diagnostics::error(location, "report", &error.to_string());
            return false;
        }
    }
    true
}

/// Analyses one kernel's accesses, explains them, and reports them.
fn kernel_report(kernel: &Kernel, options: &Options, mode: Mode) -> KernelReport {
    let findings: Vec<Finding> = accesses::collect(kernel)
        .into_iter()
        .map(|memory| findings::analyze(kernel, memory, &options.target))
        .collect();
    let location = unsafe { mlirOperationGetLocation(kernel.operation) };
    diagnostics::remark(
        location,
        "kernel",
        &format!(
            "'{}': {}; {} memory accesses",
            kernel.name,
            kernel.block.describe(),
            findings.len()
        ),
    );
    if mode == Mode::TestAccessAnalysis {
        for finding in &findings {
            diagnostics::remark(
                unsafe { mlirOperationGetLocation(finding.memory.operation) },
                "access",
                &finding.describe(),
            );
        }
    }
    KernelReport {
        name: kernel.name.clone(),
        block: kernel.block.sizes(),
        block_unknown_reason: match &kernel.block {
            kernels::BlockSize::Unknown(reason) => Some(reason.clone()),
            kernels::BlockSize::Known { .. } => None,
        },
        accesses: findings.iter().map(Finding::report).collect(),
        decisions: Vec::new(),
    }
}
