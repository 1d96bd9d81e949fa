//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Per kernel, in order: vector widths, memory spaces (read-only path, constant
//! memory), staging through shared memory, shared-memory layouts; each decides
//! into the report's `decisions` before it rewrites, and each decision is a
//! remark.

use mlir_sys::{mlirOperationGetLocation, MlirOperation};

use crate::{
    diagnostics,
    facts::findings::{self, Finding},
    facts::kernels::{self, Kernel},
    ir,
    report::{AccessReport, KernelReport, Report},
    steps::{memory_space, shared_layout, stage_shared, vectorize, Early, EarlyStep},
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
pub fn run(root: MlirOperation, options: &Options, mode: Mode) -> bool {
    let location = unsafe { mlirOperationGetLocation(root) };
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
    let mut success = true;
    let (mut reports, current): (Vec<KernelReport>, Vec<Kernel>) = kernels
        .iter()
        .map(|kernel| kernel_report(kernel, options, mode, &mut success))
        .unzip();
    if mode == Mode::Optimize {
        success &= shared_layout::joint::decide(&current, options, &mut reports);
    }
    let report = Report {
        version: crate::report::SCHEMA_VERSION,
        target: format!("sm_{}", options.target.sm),
        kernels: reports,
    };
    if let Some(path) = &options.report {
        if let Err(error) = report.write(path) {
            diagnostics::error(location, "report", &error.to_string());
            return false;
        }
    }
    success
}

/// Analyses one kernel's accesses, explains them, and reports them; also the kernel as it is
/// afterwards (staging may have added attributions).
fn kernel_report(
    kernel: &Kernel,
    options: &Options,
    mode: Mode,
    success: &mut bool,
) -> (KernelReport, Kernel) {
    // Vector widths first: merging changes the accesses (fewer, wider) that the other
    // decisions cost; the layout planner keeps vector accesses aligned. Memory spaces next,
    // on the loads as written (Algorithm 3 ranks constant memory before staging).
    // The findings are those of the IR as it is: taken again only after a step changed it.
    let mut early = Early::default();
    let mut findings = findings::of_kernel(kernel, &options.target);
    if mode == Mode::Optimize {
        let steps: [EarlyStep; 2] = [vectorize::run, memory_space::run];
        for step in steps {
            let (ok, changed) = step(kernel, &findings, options, &mut early);
            *success &= ok;
            if changed {
                findings = findings::of_kernel(kernel, &options.target);
            }
        }
    }
    // Staging next: the findings below (and the layout decisions) see its tiles.
    let mut staged = match mode {
        Mode::Optimize => stage_shared::run(kernel, findings, options),
        Mode::TestAccessAnalysis => stage_shared::Staged::unchanged(findings),
    };
    let kernel = &staged.kernel.clone().unwrap_or_else(|| kernel.clone());
    let findings = std::mem::take(&mut staged.findings);
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
    let mut accesses: Vec<AccessReport> = findings.iter().map(Finding::report).collect();
    early.explain();
    let mut decisions = std::mem::take(&mut staged.decisions);
    if mode == Mode::Optimize {
        *success &= shared_layout::run(kernel, &findings, options, &mut accesses, &mut decisions);
    }
    decisions.append(&mut early.decisions);
    let report = KernelReport {
        name: kernel.name.clone(),
        block: kernel.block.sizes(),
        block_unknown_reason: match &kernel.block {
            kernels::BlockSize::Unknown(reason) => Some(reason.clone()),
            kernels::BlockSize::Known { .. } => None,
        },
        accesses: early.widened.accesses(staged.accesses(accesses)),
        decisions,
    };
    (report, kernel.clone())
}
