//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! The steps act in the order `order` gives as data: per kernel its phases
//! ([`Phase`]), then the module's stages once every kernel is done. Each step decides into
//! the report's `decisions` before it rewrites, and each decision is a remark; the kernel's
//! own remark comes first, then the decisions of the phases before [`Phase::Laid`].

use mlir_sys::{mlirOperationGetLocation, MlirOperation};

use crate::{
    diagnostics::{self, RemarkKind},
    facts::findings::{self, Finding},
    facts::kernels::{self, Kernel},
    facts::target::{self, CompiledFor},
    ir,
    order::{self, Module, Phase, Work},
    report::{KernelReport, Kind, Obligation, Report, TimeReport},
    steps::{self, memory_space, relayout, stage_shared, version, Early},
    time, Options,
};

/// Which pass is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `gpu-mem-opt`.
    Optimize,
    /// `gpu-mem-opt-test-access-analysis`: also print each access.
    TestAccessAnalysis,
}

/// Runs the pass on `root` and writes the report where the options say; false when it must
/// fail (errors were emitted).
pub fn run(root: MlirOperation, options: &Options, mode: Mode) -> bool {
    let (success, report) = optimize(root, options, mode);
    if let Some(path) = &options.report {
        if let Err(error) = report.write(path) {
            let location = unsafe { mlirOperationGetLocation(root) };
            diagnostics::error(location, "report", &error.to_string());
            return false;
        }
    }
    success
}

/// Runs the pass on `root`: whether it succeeded (no errors were emitted) and its report.
pub fn optimize(root: MlirOperation, options: &Options, mode: Mode) -> (bool, Report) {
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
    let mut reports = Vec::with_capacity(kernels.len());
    // The kernels the steps ran on, each with its options (its module's target), for the
    // layouts of globals several kernels share.
    let mut optimized: Vec<(usize, Kernel, Options)> = Vec::new();
    // Arguments to relayout whose kernels host code here launches: decided with that code.
    let mut pending: Vec<relayout::host::Pending> = Vec::new();
    // Run-time checks of the read-only path, made after everything else.
    let mut checks: Vec<(usize, Kernel, memory_space::Check)> = Vec::new();
    for kernel in &kernels {
        match kernel_options(kernel, options) {
            Ok((kernel_options, source)) => {
                let found = pending.len();
                let (report, current, check) = kernel_report(
                    kernel,
                    &kernel_options,
                    (mode, source),
                    (&mut success, &mut pending),
                );
                for entry in &mut pending[found..] {
                    entry.report = reports.len();
                }
                if let Some((plan, positions)) = check {
                    checks.push((reports.len(), current.clone(), (plan, positions)));
                }
                optimized.push((reports.len(), current, kernel_options));
                reports.push(report);
            }
            Err(why) => {
                let location = unsafe { mlirOperationGetLocation(kernel.operation) };
                let message = format!("'{}': left unchanged: {why}", kernel.name);
                diagnostics::remark_of(
                    location,
                    (RemarkKind::Missed, &kernel.name),
                    "kernel",
                    &message,
                );
                reports.push(KernelReport {
                    unchanged: Some(why),
                    ..kernel_entry(kernel)
                });
            }
        }
    }
    if mode == Mode::Optimize {
        let mut module = Module {
            options,
            reports: &mut reports,
            optimized: &optimized,
            pending,
            checks,
        };
        for stage in &order::MODULE {
            success &= (stage.run)(&mut module);
        }
        // Last: the obligations every step left on each kernel's launcher, and the time of
        // a launch as the kernel now stands.
        for (position, kernel, kernel_options) in &optimized {
            let position = *position;
            predict_after(kernel, kernel_options, &mut reports[position]);
            if ir::is_named(kernel.operation, "gpu.func") {
                let block = crate::contract::pin_block(kernel);
                // A coarsened grid is an obligation only where no launch here was rewritten.
                let lone = kernel.launches.sites.is_empty();
                reports[position].launch_contract = block
                    .into_iter()
                    .chain(crate::contract::of(kernel.operation))
                    .filter(|obligation| lone || !matches!(obligation, Obligation::Grid { .. }))
                    .collect();
            }
        }
    }
    let report = Report {
        version: crate::report::SCHEMA_VERSION,
        target: format!("sm_{}", options.target.sm),
        kernels: reports,
    };
    (success, report)
}

/// The options `kernel` is optimized with: `options`, with its module's `#nvvm.target` chip as
/// the target where one is named (and that attribute's text); why it is left unchanged when
/// it is compiled for another GPU, or for a chip the pass does not model.
fn kernel_options(kernel: &Kernel, options: &Options) -> Result<(Options, Option<String>), String> {
    match target::compiled_for(kernel) {
        CompiledFor::Unstated => Ok((options.clone(), None)),
        CompiledFor::Nvidia { sm, source } => {
            let target = crate::options::target(sm)
                .map_err(|error| format!("its module's {source} is not a chip the pass models: {error}"))?;
            Ok((Options { target, ..options.clone() }, Some(source)))
        }
        CompiledFor::Other(what) => Err(format!(
            "its module is compiled for {what}, not an NVIDIA GPU, and the pass's rewrites are NVIDIA's"
        )),
    }
}

/// Analyses one kernel's accesses, explains them, and reports them; also the kernel as it is
/// afterwards (staging may have added attributions) and the read-only path's run-time check
/// left for the module. `source`: the attribute that named its target, if one did. The
/// steps act in the order `order::KERNEL` gives.
fn kernel_report(
    kernel: &Kernel,
    options: &Options,
    (mode, source): (Mode, Option<String>),
    (success, pending): (&mut bool, &mut Vec<relayout::host::Pending>),
) -> (KernelReport, Kernel, Option<memory_space::Check>) {
    // Affine loops and accesses as scf and memref first: the steps rewrite those.
    let affine = match mode {
        Mode::Optimize => match ir::affine::lower(kernel.operation) {
            Ok(None) => None,
            Ok(Some(rewritten)) => Some(format!(
                "affine ops written as scf and memref first, as -lower-affine does ({rewritten})"
            )),
            Err(why) => Some(format!(
                "its affine loops and accesses stay as written, so staging and run-time checks \
                 pass them by: {why}"
            )),
        },
        Mode::TestAccessAnalysis => None,
    };
    let findings = findings::of_kernel(kernel, &options.target);
    // The kernel's own accesses, as the report lists them, whatever the steps add.
    let written = findings.len();
    // One launch's time as written; `optimize` adds the time as optimized.
    let predicted = (mode == Mode::Optimize).then(|| time::of_launch(kernel, &findings));
    let before = predicted.as_ref().map(|predicted| {
        let before = predicted
            .clone()
            .map(|predicted| time::reported(predicted, &findings));
        // `after` is `before` until `optimize` takes the kernel as the steps left it.
        TimeReport::new(before.clone(), before)
    });
    let pending_before = pending.len();
    let mut work = Work {
        kernel: kernel.clone(),
        accesses: findings.iter().map(Finding::report).collect(),
        staged: stage_shared::Staged::unchanged(Vec::new()),
        findings,
        options,
        written: predicted.and_then(Result::ok),
        early: Early::default(),
        late: Early::default(),
        laid: Vec::new(),
        pending,
        pending_before,
        specialization: None,
        unspecialized: None,
        withdrawn: false,
        check: None,
    };
    if mode == Mode::Optimize {
        *success &= order::run(Phase::Work, &mut work);
        *success &= assumed(&mut work);
        *success &= order::run(Phase::Settled, &mut work);
    }
    let kernel = &work.kernel;
    let location = unsafe { mlirOperationGetLocation(kernel.operation) };
    let named = source.is_some();
    let target = source
        .map(|source| format!("; target sm_{} (from {source})", options.target.sm))
        .unwrap_or_default();
    // The test pass shows one step's remarks only.
    if options.remarks_of.is_none() {
        diagnostics::remark_of(
            location,
            (RemarkKind::Analysis, &kernel.name),
            "kernel",
            &format!(
                "'{}': {}; {} memory accesses{target}{}{}{}",
                kernel.name,
                kernel.block.describe(),
                written,
                kernel
                    .launches
                    .describe_constants()
                    .map(|constants| format!("; the same at every launch here: {constants}"))
                    .unwrap_or_default(),
                kernel
                    .launches
                    .describe_values()
                    .map(|values| format!("; the launches here pass {values}"))
                    .unwrap_or_default(),
                affine
                    .as_ref()
                    .map(|affine| format!("; {affine}"))
                    .unwrap_or_default()
            ),
        );
    }
    if mode == Mode::TestAccessAnalysis {
        for finding in &work.findings {
            diagnostics::remark(
                unsafe { mlirOperationGetLocation(finding.memory.operation) },
                "access",
                &finding.describe(),
            );
        }
    }
    // Advice on a global access's width is moot where staging replaced it by a tile's copy.
    work.early
        .forget(Kind::Vectorize, &work.staged.staged_locations());
    work.early.explain();
    steps::emit_grouped(std::mem::take(&mut work.staged.notes));
    work.late.explain();
    if mode == Mode::Optimize {
        *success &= order::run(Phase::Laid, &mut work);
    }
    let mut decisions = std::mem::take(&mut work.staged.decisions);
    decisions.append(&mut work.late.decisions);
    decisions.append(&mut work.laid);
    decisions.append(&mut work.early.decisions);
    let accesses = std::mem::take(&mut work.accesses);
    let report = KernelReport {
        accesses: work.early.widened.accesses(work.staged.accesses(accesses)),
        decisions,
        compiled_for: named.then(|| format!("sm_{}", options.target.sm)),
        affine,
        time: before,
        ..kernel_entry(&work.kernel)
    };
    (report, work.kernel, work.check)
}

/// Runs the [`Phase::Assumed`] stages under the specialization `work` plans, and again on
/// the kernel as written where what they made does not pay for its check
/// (`version::gains`): the kernel as written put back (`version::withdraw`), the early
/// decisions rewound; false where a stage of the run kept failed under `strict`.
fn assumed(work: &mut Work) -> bool {
    let mark = work.early.mark();
    let written = work.kernel.clone();
    loop {
        if let Some(plan) = &work.specialization {
            work.kernel = Kernel {
                assumed: plan.assumed.clone(),
                ..written.clone()
            };
        }
        let succeeded = order::run(Phase::Assumed, work);
        let Some(plan) = work.specialization.take() else {
            return succeeded;
        };
        if work.pending.len() > work.pending_before {
            work.specialization = Some(plan);
            return succeeded;
        }
        let decisions = [
            &work.early.decisions[mark.0..],
            &work.staged.decisions[..],
            &work.late.decisions[..],
        ];
        match version::gains(&work.kernel, decisions, &work.early.checks) {
            Ok(()) => {
                work.specialization = Some(plan);
                return succeeded;
            }
            Err(why) => {
                version::withdraw(&written, plan);
                work.early.rewind(mark);
                work.late = Early::default();
                work.unspecialized = Some(why);
                work.withdrawn = true;
                work.kernel = written.clone();
                work.refresh();
            }
        }
    }
}

/// The time of one launch of `kernel` as it now stands, into its report, and the remark that
/// compares it with the kernel as written (where both are known and differ).
fn predict_after(kernel: &Kernel, options: &Options, report: &mut KernelReport) {
    let Some(time) = report.time.as_mut() else {
        return;
    };
    // The findings of the IR as the steps left it, taken only for a launch the module gives.
    let after = time::launch(kernel).and_then(|launch| {
        let findings = findings::of_kernel(kernel, &options.target);
        time::predict(kernel, &launch, &findings).map(|after| time::reported(after, &findings))
    });
    match after {
        Ok(after) => time.after = Some(after),
        Err(why) => {
            time.after = None;
            time.unknown.get_or_insert(why);
        }
    }
    if time.changed() && options.remarks_of.is_none() {
        diagnostics::remark_of(
            unsafe { mlirOperationGetLocation(kernel.operation) },
            (RemarkKind::Analysis, &kernel.name),
            "time",
            &time.describe(),
        );
    }
}

/// The report entry of `kernel` before any analysis: its name and block size.
fn kernel_entry(kernel: &Kernel) -> KernelReport {
    KernelReport {
        name: kernel.name.clone(),
        block: kernel.block.sizes(),
        block_unknown_reason: match &kernel.block {
            kernels::BlockSize::Unknown(reason) => Some(reason.clone()),
            kernels::BlockSize::Known { .. } => None,
        },
        ..KernelReport::default()
    }
}
