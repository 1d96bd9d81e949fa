//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Per kernel, in order: vector widths, memory spaces (read-only path, constant
//! memory), staging through shared memory, shared-memory layouts; each decides
//! into the report's `decisions` before it rewrites, and each decision is a
//! remark.

use analysis::{
    memory_space::Placement,
    shared_layout::{BufferPlan, SharedLayout},
};
use mlir_sys::{mlirOperationGetLocation, mlirValueGetLocation, MlirLocation, MlirOperation};

use crate::{
    diagnostics,
    facts::accesses,
    facts::findings::{self, Finding},
    facts::kernels::{self, Kernel},
    ffi::GpuMemOptOptions,
    ir,
    report::{self, AccessReport, Decision, KernelReport, Report},
    steps::memory_space::{self, ArgumentDecision, Outcome},
    steps::shared_layout::{self, BufferDecision},
    steps::vectorize,
    steps::vectorize::widened::{self, Widened},
    steps::{self, Kind, Note, Step, Telling},
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
    let (mut reports, current): (Vec<KernelReport>, Vec<Kernel>) = kernels
        .iter()
        .map(|kernel| kernel_report(kernel, &options, mode, &mut success))
        .unzip();
    if mode == Mode::Optimize {
        success &= crate::steps::shared_layout::joint::decide(&current, &options, &mut reports);
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
        let steps: [EarlyStep; 2] = [vector_widths, memory_spaces];
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
        Mode::Optimize => crate::steps::stage_shared::run(kernel, findings, options),
        Mode::TestAccessAnalysis => crate::steps::stage_shared::Staged::unchanged(findings),
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
        *success &= shared_layouts(kernel, &findings, options, &mut accesses, &mut decisions);
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

/// Decides, applies and explains the layout of every shared buffer of
/// `kernel`; false when `strict` turned a decision into an error.
fn shared_layouts(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    accesses: &mut [AccessReport],
    decisions: &mut Vec<Decision>,
) -> bool {
    let enabled = Step::SharedLayout.enabled(options);
    let mut success = true;
    // A global other kernels use too is decided over all of them, after every kernel.
    for buffer in shared_layout::decide(kernel, findings, options)
        .into_iter()
        .filter(|buffer| !buffer.joint)
    {
        let target = buffer.root.describe();
        // Before applying: a pad replaces an allocation (and destroys the old one).
        let location = buffer_location(kernel, &buffer);
        let decision = match &buffer.outcome {
            Err(reason) => Decision::skipped(Kind::Pad, &target, reason),
            Ok(plan) if !enabled => layout_decision(&target, plan, Ok(())),
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
        if matches!(buffer.root, crate::facts::accesses::Root::Allocation(_)) {
            diagnostics::emit(
                location,
                diagnostics::Severity::Warning,
                "gpu-mem-opt: pad: a memref.alloc in workgroup memory becomes a per-thread malloc in MLIR's NVVM lowering, not a shared array; declare it as a workgroup attribution of the kernel",
            );
        }
        let telling = Telling {
            location,
            remark: true,
            blocked: remaining,
        };
        let (decision, note) = steps::settle(decision, telling, options);
        if let Some(note) = note {
            note.emit();
            success &= !note.is_error();
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
    analysis::shared_layout::is_bijection_into_bounds(&plan.layout, &shape, element_bytes)?;
    if plan.layout == SharedLayout::Unchanged {
        return Ok(());
    }
    let users: Vec<&Finding> = buffer
        .accesses
        .iter()
        .map(|&index| &findings[index])
        .collect();
    shared_layout::subview::fold(&users, &buffer.views)?;
    match &plan.layout {
        SharedLayout::Unchanged => Ok(()),
        SharedLayout::Pad { .. } => match buffer.global {
            Some(global) => shared_layout::pad::apply_global(global, &buffer.values, &plan.shape),
            None => shared_layout::pad::apply(buffer.value, &plan.shape),
        },
        SharedLayout::Swizzle(swizzle) => {
            shared_layout::swizzle::apply(swizzle, element_bytes, &users)
        }
    }
}

/// The report's decision for an applied (or failed) plan.
fn layout_decision(target: &str, plan: &BufferPlan, applied: Result<(), String>) -> Decision {
    let (kind, params) = report::layout_decision(&plan.layout);
    let mut params = params;
    params["shape"] = serde_json::json!(plan.shape);
    params["extra_bytes"] = serde_json::json!(plan.extra_bytes);
    params["wavefronts_before"] =
        serde_json::json!(plan.before.iter().map(|cost| cost.wavefronts).sum::<u64>());
    params["wavefronts_after"] =
        serde_json::json!(plan.after.iter().map(|cost| cost.wavefronts).sum::<u64>());
    params["costed_for_interior_block"] = serde_json::json!(plan.interior);
    let changes = !matches!(plan.layout, SharedLayout::Unchanged);
    match applied {
        Ok(()) => Decision {
            kind,
            target: target.into(),
            applied: changes,
            reason: plan.reason.clone(),
            params,
        },
        Err(why) => Decision {
            kind,
            target: target.into(),
            applied: false,
            reason: format!("{}; not applied: {why}", plan.reason),
            params,
        },
    }
}

/// Where a buffer's remark goes: its allocation, or the kernel for an attribution.
pub fn buffer_location(kernel: &Kernel, buffer: &BufferDecision) -> MlirLocation {
    let owner = ir::defining_operation(buffer.value).unwrap_or(kernel.operation);
    unsafe { mlirOperationGetLocation(owner) }
}

/// A step taken before staging: decides, applies and explains on `kernel` with its findings;
/// false first when `strict` turned a decision into an error, true second when the IR changed.
type EarlyStep = fn(&Kernel, &[Finding], &Options, &mut Early) -> (bool, bool);

/// Decides, applies and explains where each memref argument of `kernel` is read from
/// (an [`EarlyStep`]).
fn memory_spaces(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::MemorySpace.enabled(options);
    let (mut success, mut changed) = (true, false);
    for argument in memory_space::decide(kernel, findings, options) {
        let telling = Telling {
            location: unsafe { mlirValueGetLocation(argument.value) },
            remark: true,
            blocked: matches!(argument.outcome, Outcome::Blocked(_)),
        };
        let decision = placement_decision(kernel, &argument, enabled);
        changed |= decision.applied;
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// Applies the read-only path to an argument: `ld.global.nc`, or why not.
fn read_only(
    kernel: &Kernel,
    argument: &ArgumentDecision,
    params: &mut serde_json::Value,
) -> String {
    match memory_space::readonly::apply(kernel, argument.index) {
        Ok(pointer) => {
            params["llvm_pointer"] = serde_json::json!(pointer);
            "ld.global.nc".into()
        }
        Err(why) => format!("read-only path not applied: {why}"),
    }
}

/// Applies an argument's placement (when `enabled`); the report's decision for it.
fn placement_decision(kernel: &Kernel, argument: &ArgumentDecision, enabled: bool) -> Decision {
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
        "costs_estimated": selection.costs_estimated,
    });
    let (kind, applied, reason) = match &argument.outcome {
        Outcome::Apply(placement, safe) if !enabled => {
            let (kind, path) = match placement {
                Placement::Constant => (Kind::Constant, "ld.const"),
                _ => (Kind::Readonly, "ld.global.nc"),
            };
            (
                kind,
                false,
                format!("would read through {path}: {safe}; {}", selection.reason),
            )
        }
        Outcome::Apply(Placement::Constant, safe) => {
            match memory_space::constant::apply(kernel, argument.index) {
                Ok(symbol) => {
                    params["symbol"] = serde_json::json!(symbol);
                    (
                        Kind::Constant,
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
                        Kind::Constant,
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
                Kind::Readonly,
                applied.starts_with("ld.global.nc"),
                format!("{applied}: {safe}; {}", selection.reason),
            )
        }
        Outcome::Keep(why) | Outcome::Blocked(why) => (
            Kind::Readonly,
            false,
            format!("{why}; {}", selection.reason),
        ),
    };
    Decision {
        kind,
        target: argument.target(),
        applied,
        reason,
        params,
    }
}

/// Decisions taken before staging (vector widths, memory spaces), explained after the
/// kernel's own remark so each kernel's remarks start with it.
#[derive(Default)]
struct Early {
    /// Their report entries.
    decisions: Vec<Decision>,
    /// Their remarks (or strict errors).
    notes: Vec<Note>,
    /// The accesses as written before vector widths changed them.
    widened: Widened,
}

impl Early {
    /// Settles `decision` (`steps::settle`), keeping its note for later; false when it is a
    /// `strict` error.
    fn settle(&mut self, decision: Decision, telling: Telling, options: &Options) -> bool {
        let (decision, note) = steps::settle(decision, telling, options);
        self.decisions.push(decision);
        let failed = note.as_ref().is_some_and(Note::is_error);
        self.notes.extend(note);
        !failed
    }

    /// Emits the recorded remarks and errors.
    fn explain(&mut self) {
        for note in self.notes.drain(..) {
            note.emit();
        }
    }
}

/// Decides, applies and explains the vector widths of `kernel`'s accesses (an [`EarlyStep`]).
fn vector_widths(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Vectorize.enabled(options);
    let (mut success, mut changed) = (true, false);
    for group in &vectorize::decide(kernel, findings, options) {
        let members = group.members();
        let first = &findings[members[0]].memory;
        let target = first.root.describe();
        let element = ir::type_text(unsafe {
            mlir_sys::mlirShapedTypeGetElementType(mlir_sys::mlirValueGetType(first.memref))
        });
        let location = unsafe { mlirOperationGetLocation(first.operation) };
        let what = group.what(findings);
        // Before applying: a merge destroys its members, and alignment changes the attribute.
        let before = widened::before(kernel, group, findings, options);
        let mut traffic_after = None;
        let (applied, reason) = match &group.outcome {
            Err(blocker) => (
                false,
                format!("{what} {}: {}", group.kept(), blocker.explain()),
            ),
            Ok(chunks) if !enabled => (
                false,
                format!(
                    "would merge: {what} -> {}; {}",
                    group.instructions(&element, chunks),
                    group.proof()
                ),
            ),
            Ok(chunks) => {
                let instructions = group.instructions(&element, chunks);
                match vectorize::apply::apply(kernel, group, findings) {
                    Ok(performed) => {
                        let now: Vec<Finding> = performed
                            .iter()
                            .filter_map(|&operation| accesses::access(kernel, operation))
                            .map(|memory| findings::analyze(kernel, memory, &options.target))
                            .collect();
                        for (&member, instruction) in members.iter().zip(&now) {
                            early.widened.record(findings, member, instruction);
                        }
                        traffic_after = Some(widened::after(kernel, &now, options));
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
        let after = traffic_after.unwrap_or(before);
        changed |= applied;
        let params = serde_json::json!({
            "elements": group.elements,
            "element_bytes": group.element_bytes,
            "alignment": group.alignment,
            "base_alignment": group.base.bytes,
            "base_source": group.base.source,
            "offset": group.offset,
            "members": members.iter().map(|&index| findings[index].memory.location.clone()).collect::<Vec<_>>(),
            "widths": group.outcome.as_ref().map(|chunks| chunks.iter().map(|chunk| chunk.elements).collect::<Vec<_>>()).unwrap_or_default(),
            "requests_per_warp_before": before.requests,
            "requests_per_warp_after": after.requests,
            "sectors_per_warp_before": before.sectors,
            "sectors_per_warp_after": after.sectors,
        });
        let decision = Decision {
            kind: Kind::Vectorize,
            target,
            applied,
            reason,
            params,
        };
        let telling = Telling {
            location,
            remark: true,
            blocked: group.outcome.is_err(),
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}
