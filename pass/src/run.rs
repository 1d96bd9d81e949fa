//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Today the pass lists kernels and accesses; the analysis and the transforms
//! plug in here as they land, each deciding into the report's `decisions`
//! before anything is rewritten.

use analysis::{
    memory_space::Placement,
    shared_layout::{self, BufferPlan, SharedLayout},
};
use mlir_sys::{mlirOperationGetLocation, mlirValueGetLocation, MlirLocation, MlirOperation};

use crate::{
    accesses, diagnostics,
    ffi::GpuMemOptOptions,
    findings::{self, Finding},
    ir,
    kernels::{self, Kernel},
    memory_space::{self, ArgumentDecision, Outcome},
    report::{AccessReport, Decision, KernelReport, Report},
    shared::{self, BufferDecision},
    transform, vectorize,
    vectorize::Group,
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
fn kernel_report(
    kernel: &Kernel,
    options: &Options,
    mode: Mode,
    success: &mut bool,
) -> KernelReport {
    // Staging first: the findings below (and the layout decisions) see its tiles.
    let mut staged = match mode {
        Mode::Optimize => crate::stage::run(kernel, options),
        Mode::TestAccessAnalysis => crate::stage::Staged::default(),
    };
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
    let mut decisions = std::mem::take(&mut staged.decisions);
    if mode == Mode::Optimize {
        // Decide vector widths on the IR as parsed; apply them last, since merging
        // destroys the accesses the other decisions refer to.
        let groups = vectorize::decide(kernel, &findings, options);
        *success &= shared_layouts(kernel, &findings, options, &mut accesses, &mut decisions);
        *success &= memory_spaces(kernel, &findings, options, &mut decisions);
        *success &= vector_widths(kernel, &groups, &findings, options, &mut decisions);
    }
    KernelReport {
        name: kernel.name.clone(),
        block: kernel.block.sizes(),
        block_unknown_reason: match &kernel.block {
            kernels::BlockSize::Unknown(reason) => Some(reason.clone()),
            kernels::BlockSize::Known { .. } => None,
        },
        accesses: staged.accesses(accesses),
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
            _ => buffer
                .accesses
                .iter()
                .any(|&index| findings[index].report_metrics().bank_conflict_degree != Some(1.0)),
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
fn apply_layout(
    buffer: &BufferDecision,
    plan: &BufferPlan,
    findings: &[Finding],
) -> Result<(), String> {
    let element_bytes = findings[buffer.accesses[0]]
        .memory
        .element_bytes
        .unwrap_or(0);
    let shape = ir::static_shape(unsafe { mlir_sys::mlirValueGetType(buffer.value) });
    shared_layout::is_bijection_into_bounds(&plan.layout, &shape, element_bytes)?;
    match &plan.layout {
        SharedLayout::Unchanged => Ok(()),
        SharedLayout::Pad { .. } => transform::pad::apply(buffer.value, &plan.shape),
        SharedLayout::Swizzle(swizzle) => {
            let users: Vec<&Finding> = buffer
                .accesses
                .iter()
                .map(|&index| &findings[index])
                .collect();
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

/// Decides, applies and explains where each memref argument of `kernel` is read from;
/// false when `strict` turned a blocked read-only path into an error.
fn memory_spaces(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    decisions: &mut Vec<Decision>,
) -> bool {
    let mut success = true;
    for argument in memory_space::decide(kernel, findings, options) {
        let location = unsafe { mlirValueGetLocation(argument.value) };
        let decision = placement_decision(kernel, &argument);
        let message = format!("{}: {}", decision.target, decision.reason);
        if options.strict && matches!(argument.outcome, Outcome::Blocked(_)) {
            diagnostics::error(
                location,
                &decision.kind,
                &format!("{message}; strict: the read-only path is blocked"),
            );
            success = false;
        } else {
            diagnostics::remark(location, &decision.kind, &message);
        }
        decisions.push(decision);
    }
    success
}

/// Applies the read-only path to an argument: `ld.global.nc`, or why not.
fn read_only(
    kernel: &Kernel,
    argument: &ArgumentDecision,
    params: &mut serde_json::Value,
) -> String {
    match transform::readonly::apply(kernel, argument.index) {
        Ok(pointer) => {
            params["llvm_pointer"] = serde_json::json!(pointer);
            "ld.global.nc".into()
        }
        Err(why) => format!("read-only path not applied: {why}"),
    }
}

/// Applies an argument's placement; the report's decision for it.
fn placement_decision(kernel: &Kernel, argument: &ArgumentDecision) -> Decision {
    let selection = &argument.selection;
    let mut params = serde_json::json!({
        "algorithm3": selection.algorithm,
        "placement": selection.placement,
        "instances": selection.instances.iter().map(|(space, rule)| {
            serde_json::json!({ "space": space, "rule": rule })
        }).collect::<Vec<_>>(),
        "distinct_addresses": selection.distinct_addresses,
        "constant_cycles": selection.constant_cycles,
        "read_only_cycles": selection.read_only_cycles,
    });
    let (kind, applied, reason) = match &argument.outcome {
        Outcome::Apply(Placement::Constant, safe) => {
            match transform::constant::apply(kernel, argument.index) {
                Ok(symbol) => {
                    params["symbol"] = serde_json::json!(symbol);
                    (
                        "constant",
                        true,
                        format!(
                            "ld.const from @{symbol} (bound to {}): {safe}; {}",
                            argument.target(),
                            selection.reason
                        ),
                    )
                }
                Err(why) => {
                    let fallback = read_only(kernel, argument, &mut params);
                    (
                        "constant",
                        false,
                        format!(
                            "{safe}, but not in constant memory: {why}; {fallback}; {}",
                            selection.reason
                        ),
                    )
                }
            }
        }
        Outcome::Apply(_, safe) => {
            let applied = read_only(kernel, argument, &mut params);
            (
                "readonly",
                applied.starts_with("ld.global.nc"),
                format!("{applied}: {safe}; {}", selection.reason),
            )
        }
        Outcome::Keep(why) | Outcome::Blocked(why) => {
            ("readonly", false, format!("{why}; {}", selection.reason))
        }
    };
    Decision {
        kind: kind.into(),
        target: argument.target(),
        applied,
        reason,
        params,
    }
}

/// Applies and explains the vector-width decisions; false when `strict` turned a
/// blocked one into an error. Accesses of a buffer whose layout changed in this
/// run (pad, swizzle) are left alone: their decision was taken on the old layout.
fn vector_widths(
    kernel: &Kernel,
    groups: &[Group],
    findings: &[Finding],
    options: &Options,
    decisions: &mut Vec<Decision>,
) -> bool {
    let relaid: Vec<String> = decisions
        .iter()
        .filter(|decision| decision.applied && matches!(decision.kind.as_str(), "pad" | "swizzle"))
        .map(|decision| decision.target.clone())
        .collect();
    let mut success = true;
    for group in groups {
        let members = group.members();
        let first = &findings[members[0]].memory;
        let target = first.root.describe();
        let element = ir::type_text(unsafe {
            mlir_sys::mlirShapedTypeGetElementType(mlir_sys::mlirValueGetType(first.memref))
        });
        let location = unsafe { mlirOperationGetLocation(first.operation) };
        let what = group.what(findings);
        let (applied, reason) = match &group.outcome {
            Err(blocker) => (
                false,
                format!("{what} {}: {}", group.kept(), blocker.explain()),
            ),
            Ok(_) if !options.switches.vectorize => {
                (false, format!("{what}: option vectorize=false"))
            }
            Ok(_) if relaid.contains(&target) => (
                false,
                format!("{what}: not applied: {target} was re-laid-out in this run"),
            ),
            Ok(chunks) => {
                let instructions = group.instructions(&element, chunks);
                match transform::vectorize::apply(kernel, group, findings) {
                    Ok(()) => {
                        let narrower = group
                            .narrower()
                            .map(|why| format!("; not one access: {why}"))
                            .unwrap_or_default();
                        (
                            true,
                            format!("{what} -> {instructions}; {}{narrower}", group.proof()),
                        )
                    }
                    Err(why) => (false, format!("{what}: not applied: {why}")),
                }
            }
        };
        let params = serde_json::json!({
            "elements": group.elements,
            "element_bytes": group.element_bytes,
            "alignment": group.alignment,
            "base_alignment": group.base.bytes,
            "base_source": group.base.source,
            "offset": group.offset,
            "members": members.iter().map(|&index| findings[index].memory.location.clone()).collect::<Vec<_>>(),
            "widths": group.outcome.as_ref().map(|chunks| chunks.iter().map(|chunk| chunk.elements).collect::<Vec<_>>()).unwrap_or_default(),
        });
        let message = format!("{target}: {reason}");
        if options.strict && group.outcome.is_err() {
            diagnostics::error(
                location,
                "vectorize",
                &format!("{message}; strict: could not vectorize"),
            );
            success = false;
        } else {
            diagnostics::remark(location, "vectorize", &message);
        }
        decisions.push(Decision {
            kind: "vectorize".into(),
            target,
            applied,
            reason,
            params,
        });
    }
    success
}
