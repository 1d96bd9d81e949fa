//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Today the pass lists kernels and accesses; the analysis and the transforms
//! plug in here as they land, each deciding into the report's `decisions`
//! before anything is rewritten.

use mlir_sys::{mlirOperationGetLocation, MlirOperation};

use crate::{
    accesses::{self, MemoryAccess},
    diagnostics,
    ffi::GpuMemOptOptions,
    ir,
    kernels::{self, Kernel},
    report::{AccessReport, KernelReport, Report, WarpMetrics},
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
            .map(|kernel| kernel_report(kernel, mode))
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

/// Lists one kernel's accesses, explains them, and reports them.
fn kernel_report(kernel: &Kernel, mode: Mode) -> KernelReport {
    let accesses = accesses::collect(kernel);
    let location = unsafe { mlirOperationGetLocation(kernel.operation) };
    diagnostics::remark(
        location,
        "kernel",
        &format!(
            "'{}': {}; {} memory accesses",
            kernel.name,
            kernel.block.describe(),
            accesses.len()
        ),
    );
    if mode == Mode::TestAccessAnalysis {
        for access in &accesses {
            diagnostics::remark(
                unsafe { mlirOperationGetLocation(access.operation) },
                "access",
                &describe(access),
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
        accesses: accesses.iter().map(access_report).collect(),
        decisions: Vec::new(),
    }
}

/// One line describing an access: `load arg 0 (global), 4 B x 1`.
fn describe(access: &MemoryAccess) -> String {
    format!(
        "{} {} ({}), {} B x {}",
        kind_name(access),
        access.root.describe(),
        space_name(access),
        access
            .element_bytes
            .map_or_else(|| "?".to_string(), |bytes| bytes.to_string()),
        access.vector_width
    )
}

/// `load` or `store`.
fn kind_name(access: &MemoryAccess) -> &'static str {
    match access.kind {
        analysis::matrix::AccessKind::Load => "load",
        analysis::matrix::AccessKind::Store => "store",
    }
}

/// `global`, `shared`, `constant` or `local`.
fn space_name(access: &MemoryAccess) -> &'static str {
    match access.space {
        analysis::matrix::MemorySpace::Global => "global",
        analysis::matrix::MemorySpace::Shared => "shared",
        analysis::matrix::MemorySpace::Constant => "constant",
        analysis::matrix::MemorySpace::Local => "local",
    }
}

/// The report entry of one access.
fn access_report(access: &MemoryAccess) -> AccessReport {
    AccessReport {
        loc: access.location.clone(),
        op: access.name.clone(),
        kind: access.kind,
        memref: access.root.describe(),
        space: access.space,
        elem_bytes: access.element_bytes,
        vector_width: access.vector_width,
        matrix: None,
        pattern: None,
        before: WarpMetrics::default(),
        after: WarpMetrics::default(),
    }
}
