//! The steps' order, as data (issue 31, item 8): which step acts in which phase of a
//! kernel's pass, and what it takes from the steps before it. The driver runs [`KERNEL`]
//! phase by phase on each kernel, then [`MODULE`] once on all of them; a step's place is
//! changed here, and `order_respects_needs` checks that every step runs after the steps it
//! needs.
//!
//! Model. A kernel's pass is four phases ([`Phase`]), a module's one more. A stage is one
//! action of one step (`stage-shared` acts three times: it stages, it strip-mines once the
//! shared layouts are final, it unrolls copies once no decision holds their ops). Every kernel stage has one
//! signature, `fn(&mut Work) -> Outcome`: the state the stages share ([`Work`]: the kernel
//! as it stands, its findings, the decisions so far, the specialization) goes in, and what
//! happened comes out. Findings are taken once per IR state: the driver takes them again
//! after a stage that changed the IR ([`Outcome::changed`]), before the next stage.
//!
//! The one phase that is not a straight line is [`Phase::Assumed`]: its stages prove with what
//! the specialization's run-time check would establish, and where nothing they made pays for
//! the check (`version::gains`), the driver puts the kernel as written back and runs the phase
//! again without it.

use analysis::time::Prediction;
use mlir_sys::mlirOperationGetLocation;

use crate::{
    diagnostics,
    facts::{
        findings::{self, Finding},
        kernels::Kernel,
    },
    report::{AccessReport, Decision, KernelReport, Kind},
    steps::{
        coarsen, delinearize, memory_space, promote, register_tile, relayout, shared_layout,
        stage_shared, vectorize, version, Early, Step, Telling,
    },
    time, Options,
};

/// The phases of one kernel's pass, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// How much work each thread and block does, and the specialization decided: every later
    /// step (and the copy of the body a specialization keeps) sees the new work.
    Work,
    /// Under the specialization's assumptions; run again on the kernel as written where the
    /// specialization is withdrawn.
    Assumed,
    /// On the kernel as settled (specialized or not). The kernel's remarks follow this phase.
    Settled,
    /// After the kernel's remarks, once the global steps are final.
    Laid,
}

/// What a stage did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// False where `strict` turned a decision into an error.
    pub succeeded: bool,
    /// True where the IR changed and the findings are stale.
    pub changed: bool,
}

impl Outcome {
    /// What a step's `(succeeded, changed)` pair says.
    fn of((succeeded, changed): (bool, bool)) -> Outcome {
        Outcome { succeeded, changed }
    }

    /// Nothing stale: the stage changed nothing, or took the findings again itself.
    fn fresh(succeeded: bool) -> Outcome {
        Outcome {
            succeeded,
            changed: false,
        }
    }
}

/// One action of one step in a kernel's pass.
pub struct Stage {
    /// The step, whose option, remarks and report kind it uses.
    pub step: Step,
    /// When it acts.
    pub phase: Phase,
    /// What it does, in a few words (for `order_respects_needs`'s messages and the manual).
    pub does: &'static str,
    /// The steps whose results it reads, with what it reads.
    pub needs: &'static [(Step, &'static str)],
    /// The action.
    pub run: fn(&mut Work) -> Outcome,
}

/// The kernel stages, in order.
pub const KERNEL: [Stage; 17] = [
    Stage {
        step: Step::RegisterTile,
        phase: Phase::Work,
        does: "tiles outputs per thread",
        needs: &[],
        run: register_tile,
    },
    Stage {
        step: Step::Coarsen,
        phase: Phase::Work,
        does: "gives each block several blocks' work",
        needs: &[],
        run: |work| early(coarsen::run, work),
    },
    Stage {
        step: Step::Version,
        phase: Phase::Work,
        does: "decides a lone kernel's run-time check",
        needs: &[],
        run: decide_version,
    },
    Stage {
        step: Step::Delinearize,
        phase: Phase::Assumed,
        does: "reads flat indices as rows and columns",
        needs: &[(Step::Version, "the conditions its check would establish")],
        run: |work| early(delinearize::run, work),
    },
    Stage {
        step: Step::Promote,
        phase: Phase::Assumed,
        does: "keeps an element in a register across a loop",
        needs: &[(Step::Version, "the arguments its check proves apart")],
        run: |work| early(promote::run, work),
    },
    Stage {
        step: Step::Promote,
        phase: Phase::Assumed,
        does: "reads a repeated load's value from the load before it",
        needs: &[],
        run: |work| early(promote::repeated::run, work),
    },
    Stage {
        step: Step::Promote,
        phase: Phase::Assumed,
        does: "carries loads along a loop in registers",
        needs: &[(Step::Version, "the arguments its check proves apart")],
        run: |work| early(promote::stream::run, work),
    },
    Stage {
        step: Step::Promote,
        phase: Phase::Assumed,
        does: "loads what a loop repeats once before it",
        needs: &[(Step::Version, "the arguments its check proves apart")],
        run: |work| early(promote::invariant::run, work),
    },
    Stage {
        step: Step::Vectorize,
        phase: Phase::Assumed,
        does: "widens accesses",
        needs: &[(Step::Delinearize, "the rows and columns of flat indices")],
        run: |work| early(vectorize::run, work),
    },
    Stage {
        step: Step::MemorySpace,
        phase: Phase::Assumed,
        does: "chooses the read-only path and constant memory",
        needs: &[(Step::Vectorize, "the accesses as widened")],
        run: memory_space,
    },
    Stage {
        step: Step::StageShared,
        phase: Phase::Assumed,
        does: "stages global accesses through shared memory",
        needs: &[
            (
                Step::Promote,
                "the loads a promoted element no longer blocks",
            ),
            (
                Step::MemorySpace,
                "the tables constant memory takes on its check",
            ),
        ],
        run: stage_shared,
    },
    Stage {
        step: Step::Relayout,
        phase: Phase::Assumed,
        does: "changes global layouts",
        needs: &[
            (Step::Vectorize, "what vector widths could not do"),
            (Step::StageShared, "what staging could not do"),
        ],
        run: relayout,
    },
    Stage {
        step: Step::Version,
        phase: Phase::Settled,
        does: "makes the run-time check, or says why not",
        needs: &[(
            Step::Relayout,
            "whether what the steps made pays for the check",
        )],
        run: apply_version,
    },
    Stage {
        step: Step::MemorySpace,
        phase: Phase::Settled,
        does: "plans the read-only path's run-time check",
        needs: &[(Step::Relayout, "the loads staging and relayout left")],
        run: plan_checks,
    },
    Stage {
        step: Step::SharedLayout,
        phase: Phase::Laid,
        does: "pads and swizzles shared buffers",
        needs: &[
            (Step::StageShared, "the tiles"),
            (Step::Vectorize, "the vector accesses to keep aligned"),
        ],
        run: shared_layout,
    },
    Stage {
        step: Step::StageShared,
        phase: Phase::Laid,
        does: "strip-mines loops refilled per tile",
        needs: &[(
            Step::SharedLayout,
            "the layouts that cost the loops as written",
        )],
        run: strip_mine,
    },
    Stage {
        step: Step::MemorySpace,
        phase: Phase::Laid,
        does: "keeps its run-time check for the module",
        needs: &[(Step::SharedLayout, "the final layouts its body copy keeps")],
        run: defer_check,
    },
];

/// One action of one step on all of a module's kernels, after each kernel's pass.
pub struct ModuleStage {
    /// The step.
    pub step: Step,
    /// What it does, in a few words.
    pub does: &'static str,
    /// The action: false where `strict` turned a decision into an error.
    pub run: fn(&mut Module) -> bool,
}

/// The module stages, in order, after every kernel's [`KERNEL`] stages.
pub const MODULE: [ModuleStage; 5] = [
    ModuleStage {
        step: Step::Relayout,
        does: "decides the arguments host code here launches, with that code",
        run: |module| {
            relayout::host::settle(
                std::mem::take(&mut module.pending),
                module.options,
                module.reports,
            )
        },
    },
    ModuleStage {
        step: Step::SharedLayout,
        does: "lays out the workgroup globals several kernels share",
        run: shared_globals,
    },
    ModuleStage {
        step: Step::MemorySpace,
        does: "makes the read-only path's run-time checks (each copies a body)",
        run: apply_checks,
    },
    ModuleStage {
        step: Step::StageShared,
        does: "writes out copies of several rounds, their loads in flight together",
        run: |module| {
            module
                .optimized
                .iter()
                .for_each(|(_, kernel, _)| stage_shared::copy::unroll(kernel));
            true
        },
    },
    ModuleStage {
        step: Step::RegisterTile,
        does: "writes out a tile's loop over one staged tile, trip by trip",
        run: |module| {
            module
                .optimized
                .iter()
                .for_each(|(_, kernel, _)| register_tile::unroll::unroll(kernel));
            true
        },
    },
];

/// What a kernel's stages share.
pub struct Work<'a> {
    /// The kernel as it stands (under the specialization's assumptions in [`Phase::Assumed`]).
    pub kernel: Kernel,
    /// Its findings, of the IR as it stands.
    pub findings: Vec<Finding>,
    /// The options.
    pub options: &'a Options,
    /// A launch's predicted time as written, where the grid is known.
    pub written: Option<Prediction>,
    /// The decisions whose remarks follow the kernel's own: register tiles, coarsening and
    /// the steps before staging.
    pub early: Early,
    /// Staging's decisions, notes and accesses.
    pub staged: stage_shared::Staged,
    /// Relayout's and the specialization's decisions.
    pub late: Early,
    /// The report's accesses (as written, with staging's and relayout's `after`).
    pub accesses: Vec<AccessReport>,
    /// The decisions taken after the kernel's remarks ([`Phase::Laid`]).
    pub laid: Vec<Decision>,
    /// Arguments to relayout with host code that launches them, for [`MODULE`].
    pub pending: &'a mut Vec<relayout::host::Pending>,
    /// How many were pending before this kernel.
    pub pending_before: usize,
    /// The specialization planned, until it is made or withdrawn.
    pub specialization: Option<version::Plan>,
    /// Why the kernel is not specialized, where it was refused or withdrawn.
    pub unspecialized: Option<String>,
    /// Whether the specialization was withdrawn (it paid for nothing).
    pub withdrawn: bool,
    /// The read-only path's run-time check, made by [`MODULE`] (positions into the report's
    /// decisions).
    pub check: Option<memory_space::Check>,
}

impl Work<'_> {
    /// Takes the findings of the IR as it stands.
    pub fn refresh(&mut self) {
        self.findings = findings::of_kernel(&self.kernel, &self.options.target);
    }
}

/// What the module stages share.
pub struct Module<'a> {
    /// The options the pass runs with.
    pub options: &'a Options,
    /// Every kernel's report.
    pub reports: &'a mut [KernelReport],
    /// The kernels the steps ran on: each with its report's position and its options.
    pub optimized: &'a [(usize, Kernel, Options)],
    /// Arguments to relayout whose kernels host code here launches.
    pub pending: Vec<relayout::host::Pending>,
    /// The read-only path's run-time checks: each kernel's report position, kernel and check.
    pub checks: Vec<(usize, Kernel, memory_space::Check)>,
}

/// The order as a table in Markdown (the manual's, `docs/pass.md`, is this one): each stage's
/// phase, step, action and needs, then the module's stages.
pub fn table() -> String {
    let mut table = String::from("| phase | step | does | needs |\n|---|---|---|---|\n");
    for stage in &KERNEL {
        let needs: Vec<String> = stage
            .needs
            .iter()
            .map(|(step, what)| format!("`{}`: {what}", step.name()))
            .collect();
        table.push_str(&format!(
            "| {:?} | `{}` | {} | {} |\n",
            stage.phase,
            stage.step.name(),
            stage.does,
            if needs.is_empty() {
                "—".to_string()
            } else {
                needs.join("; ")
            }
        ));
    }
    for stage in &MODULE {
        table.push_str(&format!(
            "| module | `{}` | {} | every kernel's pass |\n",
            stage.step.name(),
            stage.does
        ));
    }
    table
}

/// Runs the stages of `phase` on `work`; false where one failed under `strict`.
pub fn run(phase: Phase, work: &mut Work) -> bool {
    let mut succeeded = true;
    for stage in KERNEL.iter().filter(|stage| stage.phase == phase) {
        let outcome = (stage.run)(work);
        succeeded &= outcome.succeeded;
        if outcome.changed {
            work.refresh();
        }
    }
    succeeded
}

fn register_tile(work: &mut Work) -> Outcome {
    let target = &work.options.target;
    // A launch's time with the kernel as it stands and its grid divided (a tile's candidate).
    let predict = |kernel: &Kernel, divisor: u32| {
        let launch = time::launch(kernel).ok()?;
        let launch = analysis::time::Launch {
            blocks: launch.blocks / u64::from(divisor.max(1)),
            ..launch
        };
        time::predict(kernel, &launch, &findings::of_kernel(kernel, target)).ok()
    };
    Outcome::of(register_tile::run(
        &work.kernel,
        work.options,
        &mut work.early,
        (work.written, &predict),
    ))
}

/// A step that decides and applies on the kernel and its findings, into the early decisions.
fn early(
    step: fn(&Kernel, &[Finding], &Options, &mut Early) -> (bool, bool),
    work: &mut Work,
) -> Outcome {
    Outcome::of(step(
        &work.kernel,
        &work.findings,
        work.options,
        &mut work.early,
    ))
}

fn memory_space(work: &mut Work) -> Outcome {
    let kernel = work.kernel.clone();
    let gains = time::ReadOnlyGain::new(&kernel);
    let gain = |findings: &[Finding], index| gains.of(findings, index);
    Outcome::of(memory_space::run(
        &work.kernel,
        &work.findings,
        (work.options, &gain),
        &mut work.early,
    ))
}

fn decide_version(work: &mut Work) -> Outcome {
    match version::decide(&work.kernel, &work.findings, work.options) {
        Ok(plan) => work.specialization = plan,
        Err(why) => work.unspecialized = Some(why),
    }
    Outcome::fresh(true)
}

fn stage_shared(work: &mut Work) -> Outcome {
    let constant = memory_space::constant_on_check(&work.early);
    let findings = std::mem::take(&mut work.findings);
    let mut staged = stage_shared::run(&work.kernel, findings, work.options, &constant);
    if let Some(kernel) = &staged.kernel {
        work.kernel = kernel.clone();
    }
    work.findings = std::mem::take(&mut staged.findings);
    work.accesses = work.findings.iter().map(Finding::report).collect();
    work.staged = staged;
    Outcome::fresh(true)
}

fn relayout(work: &mut Work) -> Outcome {
    // The time of a launch with these findings, where the kernel's grid is known.
    let kernel = work.kernel.clone();
    let predict = |findings: &[Finding]| time::of_launch(&kernel, findings).ok();
    let (succeeded, changed) = relayout::run(
        &work.kernel,
        &work.findings,
        work.options,
        (&mut work.late, &mut *work.pending),
        &predict,
    );
    if changed {
        work.refresh();
        relayout::record_after(&mut work.accesses, &work.findings, &work.late.decisions);
    }
    Outcome::fresh(succeeded)
}

fn apply_version(work: &mut Work) -> Outcome {
    let location = unsafe { mlirOperationGetLocation(work.kernel.operation) };
    let mut succeeded = true;
    let decision = match (work.unspecialized.clone(), work.specialization.take()) {
        (Some(why), _) => Decision::skipped(Kind::Version, "kernel", &why),
        (None, Some(plan)) => version::apply(&work.kernel, plan).unwrap_or_else(|why| {
            // The optimized body runs unguarded: an error, not a remark.
            let message =
                format!("the run-time check of the specialized kernel was not made: {why}");
            diagnostics::emit(
                location,
                diagnostics::Severity::Error,
                &format!("gpu-mem-opt: version: {message}"),
            );
            succeeded = false;
            Decision::skipped(Kind::Version, "kernel", &message)
        }),
        (None, None) => return Outcome::fresh(true),
    };
    let telling = Telling {
        kernel: &work.kernel.name,
        location,
        remark: true,
        blocked: !decision.applied && !work.withdrawn,
    };
    succeeded &= work.late.settle(decision, telling, work.options);
    // The body moved under the check: nothing the findings describe changed.
    Outcome::fresh(succeeded)
}

fn plan_checks(work: &mut Work) -> Outcome {
    let relaid_later = work.pending.len() > work.pending_before;
    let kernel = work.kernel.clone();
    let gains = time::ReadOnlyGain::new(&kernel);
    let gain = |findings: &[Finding], index| gains.of(findings, index);
    Outcome::fresh(memory_space::plan_checks(
        &work.kernel,
        &work.findings,
        (work.options, relaid_later, &gain),
        &mut work.early,
    ))
}

fn shared_layout(work: &mut Work) -> Outcome {
    Outcome::fresh(shared_layout::run(
        &work.kernel,
        &work.findings,
        work.options,
        &mut work.accesses,
        &mut work.laid,
    ))
}

fn strip_mine(work: &mut Work) -> Outcome {
    work.laid.append(&mut stage_shared::strip_mine::run(
        &work.kernel,
        work.options,
    ));
    Outcome::fresh(true)
}

/// The run-time check copies the body: [`MODULE`] makes it once every layout is final. Its
/// positions count the decisions the report lists before the early ones.
fn defer_check(work: &mut Work) -> Outcome {
    let offset = work.staged.decisions.len() + work.late.decisions.len() + work.laid.len();
    work.check = work.early.check.take().map(|(plan, relying)| {
        (
            plan,
            relying
                .iter()
                .map(|&(argument, position)| (argument, position + offset))
                .collect(),
        )
    });
    Outcome::fresh(true)
}

/// Lays out the workgroup globals several kernels share, per target (kernels of one
/// `gpu.module` share one).
fn shared_globals(module: &mut Module) -> bool {
    let mut success = true;
    let mut targets: Vec<u32> = module
        .optimized
        .iter()
        .map(|(_, _, options)| options.target.sm)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    for sm in targets {
        let group: Vec<&(usize, Kernel, Options)> = module
            .optimized
            .iter()
            .filter(|(_, _, options)| options.target.sm == sm)
            .collect();
        let kernels: Vec<Kernel> = group.iter().map(|(_, kernel, _)| kernel.clone()).collect();
        let mut own: Vec<KernelReport> = group
            .iter()
            .map(|(position, _, _)| std::mem::take(&mut module.reports[*position]))
            .collect();
        success &= shared_layout::joint::decide(&kernels, &group[0].2, &mut own);
        for ((position, _, _), report) in group.iter().zip(own) {
            module.reports[*position] = report;
        }
    }
    success
}

fn apply_checks(module: &mut Module) -> bool {
    for (position, kernel, (plan, decisions)) in std::mem::take(&mut module.checks) {
        memory_space::apply_checks(
            &kernel,
            &plan,
            &decisions,
            &mut module.reports[position].decisions,
        );
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step a stage needs acts before it.
    #[test]
    fn order_respects_needs() {
        for (index, stage) in KERNEL.iter().enumerate() {
            for (needed, what) in stage.needs {
                assert!(
                    KERNEL[..index].iter().any(|before| before.step == *needed),
                    "{} ({}) needs {} from {}, which acts after it",
                    stage.step.name(),
                    stage.does,
                    what,
                    needed.name()
                );
            }
        }
    }

    /// The manual's table is the order's.
    #[test]
    fn manual_shows_the_order() {
        let manual = include_str!("../../docs/pass.md");
        assert!(
            manual.contains(&table()),
            "docs/pass.md: put this table back:\n{}",
            table()
        );
    }

    /// Every step acts in a kernel's pass, and the phases come in order.
    #[test]
    fn every_step_acts_and_phases_are_in_order() {
        for step in Step::ALL {
            assert!(
                KERNEL.iter().any(|stage| stage.step == step),
                "{}",
                step.name()
            );
        }
        let phases = [Phase::Work, Phase::Assumed, Phase::Settled, Phase::Laid];
        let rank = |phase| phases.iter().position(|&p| p == phase);
        assert!(KERNEL
            .windows(2)
            .all(|pair| rank(pair[0].phase) <= rank(pair[1].phase)));
    }
}
