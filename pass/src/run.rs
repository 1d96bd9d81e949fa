//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Today the pass lists kernels and accesses; the analysis and the transforms
//! plug in here as they land, each deciding into the report's `decisions`
//! before anything is rewritten.

use analysis::shared_layout::{self, BufferPlan, SharedLayout};
use mlir_sys::{mlirOperationGetLocation, MlirLocation, MlirOperation};

use crate::{
    accesses, diagnostics,
    ffi::GpuMemOptOptions,
    findings::{self, Finding},
    ir,
    kernels::{self, Kernel},
    report::{AccessReport, Decision, KernelReport, Report},
    shared::{self, BufferDecision},
    transform,
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
    let mut success = true;
    let report = Report {
        version: crate::report::SCHEMA_VERSION,
        target: format!("sm_{}", options.target.sm),
        kernels: kernels
            .iter()
            .map(|kernel| kernel_report(kernel, &options, mode, &mut success))
            .collect(),
    };
    if let Some(path) = &options.report {
        if let Err(error) = report.write(path) {
            diagnostics::error(location, "report", &error.to_string());
            return false;
        }
    }
    success
}

/// Analyses one kernel's accesses, explains them, and reports them.
fn kernel_report(kernel: &Kernel, options: &Options, mode: Mode, success: &mut bool) -> KernelReport {
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
    let mut accesses: Vec<AccessReport> = findings.iter().map(Finding::report).collect();
    let mut decisions = Vec::new();
    if mode == Mode::Optimize {
        *success &= shared_layouts(kernel, &findings, options, &mut accesses, &mut decisions);
    }
    KernelReport {
        name: kernel.name.clone(),
        block: kernel.block.sizes(),
        block_unknown_reason: match &kernel.block {
            kernels::BlockSize::Unknown(reason) => Some(reason.clone()),
            kernels::BlockSize::Known { .. } => None,
        },
        accesses,
        decisions,
    }
}

/// Decides, applies and explains the layout of every shared buffer of
/// `kernel`; false when `strict` turned a decision into an error.
fn shared_layouts(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    accesses: &mut [AccessReport],
    decisions: &mut Vec<Decision>,
) -> bool {
    let mut success = true;
    for buffer in shared::decide(kernel, findings, options) {
        let target = buffer.root.describe();
        // Before applying: a pad replaces an allocation (and destroys the old one).
        let location = buffer_location(kernel, &buffer);
        let decision = match &buffer.outcome {
            Err(reason) => Decision::skipped("pad", &target, reason),
            Ok(plan) => {
                let applied = apply_layout(&buffer, plan, findings);
                if applied.is_ok() {
                    for (&index, cost) in buffer.accesses.iter().zip(&plan.after) {
                        accesses[index].after.bank_conflict_degree = Some(cost.degree);
                    }
                }
                layout_decision(&target, plan, applied)
            }
        };
        let remaining = match &buffer.outcome {
            Ok(plan) if decision.applied => plan.after.iter().any(|cost| cost.degree > 1.0),
            _ => buffer.accesses.iter().any(|&index| {
                findings[index].report_metrics().bank_conflict_degree != Some(1.0)
            }),
        };
        let message = format!("{target}: {}", decision.reason);
        if options.strict && remaining {
            diagnostics::error(
                location,
                &decision.kind,
                &format!("{message}; strict: bank conflicts remain or are unknown"),
            );
            success = false;
        } else {
            diagnostics::remark(location, &decision.kind, &message);
        }
        decisions.push(decision);
    }
    success
}

/// Applies a buffer's plan; the error says why the IR was left unchanged.
fn apply_layout(buffer: &BufferDecision, plan: &BufferPlan, findings: &[Finding]) -> Result<(), String> {
    let element_bytes = findings[buffer.accesses[0]].memory.element_bytes.unwrap_or(0);
    let shape = ir::static_shape(unsafe { mlir_sys::mlirValueGetType(buffer.value) });
    shared_layout::is_bijection_into_bounds(&plan.layout, &shape, element_bytes)?;
    match &plan.layout {
        SharedLayout::Unchanged => Ok(()),
        SharedLayout::Pad { .. } => transform::pad::apply(buffer.value, &plan.shape),
        SharedLayout::Swizzle(swizzle) => {
            let users: Vec<&Finding> = buffer.accesses.iter().map(|&index| &findings[index]).collect();
            transform::swizzle::apply(swizzle, element_bytes, &users)
        }
    }
}

/// The report's decision for an applied (or failed) plan.
fn layout_decision(target: &str, plan: &BufferPlan, applied: Result<(), String>) -> Decision {
    let (kind, params) = match &plan.layout {
        SharedLayout::Unchanged => ("pad", serde_json::json!({ "layout": "unchanged" })),
        SharedLayout::Pad { elements } => (
            "pad",
            serde_json::json!({ "layout": "pad", "pad_elements": elements }),
        ),
        SharedLayout::Swizzle(swizzle) => (
            "swizzle",
            serde_json::json!({ "layout": "swizzle", "swizzle": format!("{swizzle:?}") }),
        ),
    };
    let mut params = params;
    params["shape"] = serde_json::json!(plan.shape);
    params["extra_bytes"] = serde_json::json!(plan.extra_bytes);
    params["wavefronts_before"] =
        serde_json::json!(plan.before.iter().map(|cost| cost.wavefronts).sum::<u64>());
    params["wavefronts_after"] =
        serde_json::json!(plan.after.iter().map(|cost| cost.wavefronts).sum::<u64>());
    let changes = !matches!(plan.layout, SharedLayout::Unchanged);
    match applied {
        Ok(()) => Decision {
            kind: kind.into(),
            target: target.into(),
            applied: changes,
            reason: plan.reason.clone(),
            params,
        },
        Err(why) => Decision {
            kind: kind.into(),
            target: target.into(),
            applied: false,
            reason: format!("{}; not applied: {why}", plan.reason),
            params,
        },
    }
}

/// Where a buffer's remark goes: its allocation, or the kernel for an attribution.
fn buffer_location(kernel: &Kernel, buffer: &BufferDecision) -> MlirLocation {
    let owner = ir::defining_operation(buffer.value).unwrap_or(kernel.operation);
    unsafe { mlirOperationGetLocation(owner) }
}
