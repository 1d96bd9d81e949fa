//! The pass: find kernels, list their accesses, analyse, decide, rewrite,
//! explain (remarks) and record (report).
//!
//! Per kernel, in order: register tiles, coarsening, vector widths, memory spaces (read-only path, constant
//! memory), staging through shared memory, global layouts (relayout), shared-memory
//! layouts; each decides
//! into the report's `decisions` before it rewrites, and each decision is a
//! remark.

use mlir_sys::{mlirOperationGetLocation, MlirOperation};

use crate::{
    diagnostics::{self, RemarkKind},
    facts::findings::{self, Finding},
    facts::kernels::{self, Kernel},
    facts::target::{self, CompiledFor},
    ir,
    report::{
        AccessReport, Decision, KernelReport, Kind, Obligation, PredictedTime, Report, TimeReport,
    },
    steps::{
        self, coarsen, delinearize, memory_space, promote, register_tile, relayout, shared_layout,
        stage_shared, vectorize, version, Early, EarlyStep,
    },
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
        success &= relayout::host::settle(pending, options, &mut reports);
        success &= shared_globals(&optimized, &mut reports);
        for (position, kernel, (plan, decisions)) in checks {
            memory_space::apply_checks(
                &kernel,
                &plan,
                &decisions,
                &mut reports[position].decisions,
            );
        }
        // Copies of many rounds written out with their loads in flight together, once no
        // decision holds one of their operations.
        for (_, kernel, _) in &optimized {
            stage_shared::copy::unroll(kernel);
            // A register tile's loop over one staged tile, trip by trip.
            register_tile::unroll::unroll(kernel);
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

/// Lays out the workgroup globals several kernels share, per target (kernels of one
/// `gpu.module` share one); false when `strict` turned a decision into an error.
fn shared_globals(optimized: &[(usize, Kernel, Options)], reports: &mut [KernelReport]) -> bool {
    let mut success = true;
    let mut targets: Vec<u32> = optimized
        .iter()
        .map(|(_, _, options)| options.target.sm)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    for sm in targets {
        let group: Vec<&(usize, Kernel, Options)> = optimized
            .iter()
            .filter(|(_, _, options)| options.target.sm == sm)
            .collect();
        let kernels: Vec<Kernel> = group.iter().map(|(_, kernel, _)| kernel.clone()).collect();
        let mut own: Vec<KernelReport> = group
            .iter()
            .map(|(position, _, _)| std::mem::take(&mut reports[*position]))
            .collect();
        success &= shared_layout::joint::decide(&kernels, &group[0].2, &mut own);
        for ((position, _, _), report) in group.iter().zip(own) {
            reports[*position] = report;
        }
    }
    success
}

/// Analyses one kernel's accesses, explains them, and reports them; also the kernel as it is
/// afterwards (staging may have added attributions). `source`: the attribute that named its
/// target, if one did.
fn kernel_report(
    kernel: &Kernel,
    options: &Options,
    (mode, source): (Mode, Option<String>),
    (success, pending): (&mut bool, &mut Vec<relayout::host::Pending>),
) -> (KernelReport, Kernel, Option<memory_space::Check>) {
    // Vector widths first: merging changes the accesses (fewer, wider) that the other
    // decisions cost; the layout planner keeps vector accesses aligned. Memory spaces next,
    // on the loads as written (Algorithm 3 ranks constant memory before staging).
    // The findings are those of the IR as it is: taken again only after a step changed it.
    let mut early = Early::default();
    let pending_before = pending.len();
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
    let mut findings = findings::of_kernel(kernel, &options.target);
    // The kernel's own accesses, as the report lists them, whatever the steps add.
    let written = findings.len();
    // One launch's time as written; `optimize` adds the time as optimized.
    let predicted = (mode == Mode::Optimize).then(|| time::of_launch(kernel, &findings));
    let before = predicted.as_ref().map(|predicted| {
        let before = predicted.clone().map(PredictedTime::from);
        // `after` is `before` until `optimize` takes the kernel as the steps left it.
        TimeReport::new(before.clone(), before)
    });
    // Register tiles and coarsening first: every later step (and the copy of the body a
    // specialization keeps) sees the work they give each thread and block.
    if mode == Mode::Optimize {
        // A launch's time with the kernel as it stands and its grid divided (a tile's
        // candidate); the kernel as written is `predicted`'s.
        let predict = |kernel: &Kernel, divisor: u32| {
            let launch = time::launch(kernel).ok()?;
            let launch = analysis::time::Launch {
                blocks: launch.blocks / u64::from(divisor.max(1)),
                ..launch
            };
            time::predict(
                kernel,
                &launch,
                &findings::of_kernel(kernel, &options.target),
            )
            .ok()
        };
        let (tiled, changed) = register_tile::run(
            kernel,
            options,
            &mut early,
            (predicted.and_then(Result::ok), &predict),
        );
        *success &= tiled;
        if changed {
            findings = findings::of_kernel(kernel, &options.target);
        }
        let (coarsened, changed) = coarsen::run(kernel, &findings, options, &mut early);
        *success &= coarsened;
        if changed {
            findings = findings::of_kernel(kernel, &options.target);
        }
    }
    // A lone kernel specialized under a run-time check: the steps prove with what it
    // establishes, and it is made once staging and relayout are done, where something it
    // enables pays; otherwise the kernel as written is put back and the steps run again.
    let (mut specialization, refused) = match mode {
        Mode::Optimize => match version::decide(kernel, &findings, options) {
            Ok(plan) => (plan, None),
            Err(why) => (None, Some(why)),
        },
        Mode::TestAccessAnalysis => (None, None),
    };
    let mark = early.mark();
    let mut withdrawn = None;
    let Steps {
        kernel,
        findings,
        mut accesses,
        mut staged,
        mut late,
        succeeded,
    } = loop {
        let done = steps_on(
            kernel,
            findings,
            options,
            (mode, specialization.as_ref()),
            (&mut early, pending),
        );
        match specialization.take() {
            Some(plan) if pending.len() == pending_before => {
                let decisions = [
                    &early.decisions[mark.0..],
                    &done.staged.decisions[..],
                    &done.late.decisions[..],
                ];
                match version::gains(&done.kernel, decisions, &early.checks) {
                    Ok(()) => {
                        specialization = Some(plan);
                        break done;
                    }
                    Err(why) => {
                        version::withdraw(kernel, plan);
                        early.rewind(mark);
                        withdrawn = Some(why);
                        findings = findings::of_kernel(kernel, &options.target);
                    }
                }
            }
            plan => {
                specialization = plan;
                break done;
            }
        }
    };
    *success &= succeeded;
    let kernel = &kernel;
    let location = unsafe { mlirOperationGetLocation(kernel.operation) };
    let specialized = match (refused.or(withdrawn.clone()), specialization) {
        (Some(why), _) => Some(Decision::skipped(Kind::Version, "kernel", &why)),
        (None, Some(plan)) => Some(version::apply(kernel, plan).unwrap_or_else(|why| {
            // The optimized body runs unguarded: an error, not a remark.
            let message =
                format!("the run-time check of the specialized kernel was not made: {why}");
            diagnostics::emit(
                location,
                diagnostics::Severity::Error,
                &format!("gpu-mem-opt: version: {message}"),
            );
            *success = false;
            Decision::skipped(Kind::Version, "kernel", &message)
        })),
        (None, None) => None,
    };
    if let Some(decision) = specialized {
        let telling = steps::Telling {
            kernel: &kernel.name,
            location,
            remark: true,
            blocked: !decision.applied && withdrawn.is_none(),
        };
        *success &= late.settle(decision, telling, options);
    }
    // The read-only path behind a run-time check: decided on the loads as staging and relayout
    // left them, made after the shared layouts (it copies the body).
    let relaid_later = pending.len() > pending_before;
    *success &= memory_space::plan_checks(kernel, &findings, (options, relaid_later), &mut early);
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
                "'{}': {}; {} memory accesses{target}{}{}",
                kernel.name,
                kernel.block.describe(),
                written,
                kernel
                    .launches
                    .describe_constants()
                    .map(|constants| format!("; the same at every launch here: {constants}"))
                    .unwrap_or_default(),
                affine
                    .as_ref()
                    .map(|affine| format!("; {affine}"))
                    .unwrap_or_default()
            ),
        );
    }
    if mode == Mode::TestAccessAnalysis {
        for finding in &findings {
            diagnostics::remark(
                unsafe { mlirOperationGetLocation(finding.memory.operation) },
                "access",
                &finding.describe(),
            );
        }
    }
    // Advice on a global access's width is moot where staging replaced it by a tile's copy.
    early.forget(Kind::Vectorize, &staged.staged_locations());
    early.explain();
    steps::emit_grouped(std::mem::take(&mut staged.notes));
    late.explain();
    let mut decisions = std::mem::take(&mut staged.decisions);
    decisions.append(&mut late.decisions);
    if mode == Mode::Optimize {
        *success &= shared_layout::run(kernel, &findings, options, &mut accesses, &mut decisions);
        // Loops refilled per tile become tiled loop nests once the layouts that cost them as
        // written are final.
        decisions.append(&mut stage_shared::strip_mine::run(kernel, options));
    }
    // The run-time check copies the body: made once every layout is final (`optimize`).
    let offset = decisions.len();
    let check = early.check.take().map(|(plan, relying)| {
        (
            plan,
            relying
                .iter()
                .map(|&(argument, position)| (argument, position + offset))
                .collect(),
        )
    });
    decisions.append(&mut early.decisions);
    let report = KernelReport {
        accesses: early.widened.accesses(staged.accesses(accesses)),
        decisions,
        compiled_for: named.then(|| format!("sm_{}", options.target.sm)),
        affine,
        time: before,
        ..kernel_entry(kernel)
    };
    (report, kernel.clone(), check)
}

/// What the steps after coarsening made of a kernel (`steps_on`).
pub struct Steps {
    /// The kernel as staging left it.
    pub kernel: Kernel,
    /// Its findings now.
    pub findings: Vec<Finding>,
    /// The report's accesses (as written, with staging's and relayout's `after`).
    pub accesses: Vec<AccessReport>,
    /// Staging's decisions and notes.
    pub staged: stage_shared::Staged,
    /// Relayout's decisions.
    pub late: Early,
    /// Whether no step failed.
    pub succeeded: bool,
}

/// Runs the early steps (delinearize, promote, vectorize, memory spaces), staging and
/// relayout on `kernel`, proving with what `specialization` would check.
fn steps_on(
    kernel: &Kernel,
    mut findings: Vec<Finding>,
    options: &Options,
    (mode, specialization): (Mode, Option<&version::Plan>),
    (early, pending): (&mut Early, &mut Vec<relayout::host::Pending>),
) -> Steps {
    let mut succeeded = true;
    let assumed;
    let kernel = match specialization {
        Some(plan) => {
            assumed = Kernel {
                assumed: plan.assumed.clone(),
                ..kernel.clone()
            };
            &assumed
        }
        None => kernel,
    };
    if mode == Mode::Optimize {
        let steps: [EarlyStep; 4] = [
            delinearize::run,
            promote::run,
            vectorize::run,
            memory_space::run,
        ];
        for step in steps {
            let (ok, changed) = step(kernel, &findings, options, early);
            succeeded &= ok;
            if changed {
                findings = findings::of_kernel(kernel, &options.target);
            }
        }
    }
    // Staging next: the findings below (and the layout decisions) see its tiles.
    let mut staged = match mode {
        Mode::Optimize => {
            let constant = memory_space::constant_on_check(early);
            stage_shared::run(kernel, findings, options, &constant)
        }
        Mode::TestAccessAnalysis => stage_shared::Staged::unchanged(findings),
    };
    let kernel = staged.kernel.clone().unwrap_or_else(|| kernel.clone());
    let mut findings = std::mem::take(&mut staged.findings);
    let mut accesses: Vec<AccessReport> = findings.iter().map(Finding::report).collect();
    // Relayout last among the global steps: it costs what vector widths and staging left, so
    // it proposes a layout only where they could not do as well (issue 18).
    let mut late = Early::default();
    if mode == Mode::Optimize {
        // The time of a launch with these findings, where the kernel's grid is known.
        let predict = |findings: &[Finding]| time::of_launch(&kernel, findings).ok();
        let (ok, changed) =
            relayout::run(&kernel, &findings, options, (&mut late, pending), &predict);
        succeeded &= ok;
        if changed {
            findings = findings::of_kernel(&kernel, &options.target);
            relayout::record_after(&mut accesses, &findings, &late.decisions);
        }
    }
    Steps {
        kernel,
        findings,
        accesses,
        staged,
        late,
        succeeded,
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
        time::predict(
            kernel,
            &launch,
            &findings::of_kernel(kernel, &options.target),
        )
    });
    match after {
        Ok(after) => time.after = Some(after.into()),
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
