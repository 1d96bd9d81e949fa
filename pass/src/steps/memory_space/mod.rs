//! Deciding where each memref kernel argument is read from: the read-only path
//! (`ld.global.nc`), constant memory (`ld.const`), or plain global loads.
//!
//! Facts gathered here, decided by `analysis::memory_space` (Jang's Algorithm 3 with Fang's
//! costs), applied by `memory_space::readonly` and `memory_space::constant`:
//!
//! * **read-only**: every use of the argument, through views, is a load ([`effects`]); a
//!   store, an atomic, a copy or a call that takes it makes it written;
//! * **not aliased by a write**: the argument carries `{llvm.noalias}`, option
//!   `assume-noalias` is set, or every buffer the kernel writes is kernel-local or a
//!   `{llvm.noalias}` argument (whose memory no other pointer reaches) and nothing in the kernel
//!   has unknown effects. Without this a non-coherent load could miss the kernel's own writes
//!   through an aliasing pointer, and a constant copy would miss them for sure;
//! * **the warp facts** of each load (distinct addresses and sectors per request, loop
//!   variables in the index), the static size, and whether it could be staged ("chunkable":
//!   static, within the shared-memory budget, every load's addresses known).
//!
//! Only `gpu.func` kernels have arguments; `gpu.launch` bodies capture values and are left
//! alone. An argument the kernel never loads gets no decision.

pub mod checked;
pub mod constant;
mod decision;
pub mod disjoint;
pub mod readonly;

use analysis::{
    constant_copy,
    matrix::{AccessKind, MemorySpace},
    memory_space::{self, Buffer, CostModel, Instance, JangSpace, Placement, Selection},
    time::Prediction,
    Variable,
};
use mlir_sys::*;

use crate::{
    facts::accesses::{self, Root},
    facts::effects::{self, Effect},
    facts::findings::Finding,
    facts::kernels::{Kernel, KernelKind},
    ir,
    report::Decision,
    report::Kind,
    steps::{Early, Step},
    Options,
};
use decision::{placement_decision, telling, CheckResult};

/// What happens to one argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Read from this placement (read-only path or constant memory); why no write aliases it.
    Apply(Placement, String),
    /// Stays on plain global loads for this reason; nothing to gain or not allowed.
    Keep(String),
    /// Could use a better path, but this blocks it; what would unblock it.
    Blocked(String, String),
    /// The read-only path behind a run-time check that the argument's bytes overlap none of
    /// these written arguments' (option `version`); why the check is needed and what would
    /// prove it instead.
    Checked(Vec<usize>, String),
}

/// The decision for one memref kernel argument.
pub struct ArgumentDecision {
    /// Its position among the kernel's arguments.
    pub index: usize,
    /// The block argument.
    pub value: MlirValue,
    /// Indices into the kernel's findings of its loads.
    pub loads: Vec<usize>,
    /// Algorithm 3's answer for it.
    pub selection: Selection,
    /// What is done.
    pub outcome: Outcome,
    /// Where Algorithm 3 picked constant memory and the argument is read elsewhere: why, in
    /// plain words (its per-launch copy does not pay, or no launcher makes it).
    pub not_constant: Option<String>,
    /// The launches the time model predicts as written and with the read-only path, where
    /// it applies and gains ([`Gain`]): said in its remark.
    pub gain: Option<(Prediction, Prediction)>,
}

impl ArgumentDecision {
    /// The report's target: `arg N`.
    pub fn target(&self) -> String {
        Root::Argument(self.index).describe()
    }
}

/// Decides a placement for every global memref argument of `kernel` that it loads.
pub fn decide(kernel: &Kernel, findings: &[Finding], options: &Options) -> Vec<ArgumentDecision> {
    let KernelKind::Function { inputs, .. } = kernel.kind else {
        return Vec::new();
    };
    let everything = kernel_effects(kernel);
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let costs = CostModel::for_sm(options.target.sm);
    let mut decisions = Vec::new();
    for index in 0..inputs {
        let value = unsafe { mlirBlockGetArgument(entry, index as isize) };
        let type_ = unsafe { mlirValueGetType(value) };
        if unsafe { !mlirTypeIsAMemRef(type_) }
            || accesses::memory_space(type_) != MemorySpace::Global
        {
            continue;
        }
        let root = Root::Argument(index);
        let loads: Vec<usize> = findings
            .iter()
            .enumerate()
            .filter(|(_, finding)| {
                finding.memory.root == root && finding.memory.kind == AccessKind::Load
            })
            .map(|(position, _)| position)
            .collect();
        let writer = everything
            .iter()
            .find(|(effect, _)| matches!(effect, Effect::Write(written, _) if *written == root));
        let mut not_constant = None;
        let (selection, outcome) = if loads.is_empty() {
            // Read only inside a callee: the access analysis does not enter calls, so
            // Algorithm 3 has nothing to cost, but the read-only path needs no costs.
            let call = everything.iter().find(|(effect, operation)| {
                matches!(effect, Effect::Read(read, _) if *read == root)
                    && ir::is_named(*operation, "func.call")
            });
            let (Some((_, call)), None) = (call, writer) else {
                continue;
            };
            let selection = called_selection(*call, options);
            let outcome = placement(kernel, index, &everything, (&selection, None), options);
            (selection, outcome)
        } else {
            let buffer = buffer(
                type_,
                &loads,
                findings,
                writer.is_none(),
                kernel.block.sizes(),
                options,
            );
            let mut selection = memory_space::select(&buffer, options.target.sm, &costs);
            constant_copy::settle(&mut selection, &buffer, options.target.sm, &costs);
            not_constant = refused_constant(kernel, index, &mut selection, options);
            let outcome = match writer {
                Some((_, operation)) => Outcome::Keep(format!(
                    "written by {}: loads stay coherent (ld.global)",
                    describe(*operation)
                )),
                None => placement(
                    kernel,
                    index,
                    &everything,
                    (&selection, Some((buffer.reuse.0, buffer.reuse.1.as_str()))),
                    options,
                ),
            };
            (selection, outcome)
        };
        decisions.push(ArgumentDecision {
            index,
            value,
            loads,
            selection,
            outcome,
            not_constant,
            gain: None,
        });
    }
    decisions
}

/// Why argument `index` is not read from constant memory where Algorithm 3 picked it, the
/// reason the user can least change first: no launcher could fulfil the contract
/// ([`constant::refusal`]: host code launches the kernel, the module's constant memory is
/// full), its per-launch copy does not pay (`constant_copy::settle` moved it already), or
/// option `bind-constants` is off (issue 30: the defaults never change how a kernel is
/// launched). `selection` moves to the read-only path here, before anything is applied, so
/// this is the one place the option is decided.
fn refused_constant(
    kernel: &Kernel,
    index: usize,
    selection: &mut Selection,
    options: &Options,
) -> Option<String> {
    if selection.algorithm != JangSpace::Constant {
        return None;
    }
    let why = match constant::refusal(kernel, index) {
        Err(why) => why,
        Ok(_) if selection.constant_copy.as_ref().is_some_and(|w| !w.pays()) => {
            return selection.constant_copy.as_ref().map(|w| w.describe());
        }
        Ok(_) if options.bind_constants => return None,
        Ok(bytes) => format!(
            "its launcher would have to copy arg {index} ({bytes} B) into a constant symbol \
             before each launch, and option bind-constants is off"
        ),
    };
    selection.placement = Placement::read_only_on(options.target.sm);
    selection.reason.push_str(&format!("; not constant: {why}"));
    Some(why)
}

/// The selection for an argument read only inside the callee of `call`: the read-only path
/// (where the target has one), Algorithm 3 not run.
fn called_selection(call: MlirOperation, options: &Options) -> Selection {
    Selection {
        placement: Placement::read_only_on(options.target.sm),
        algorithm: JangSpace::Global,
        instances: Vec::new(),
        distinct_addresses: None,
        constant_cycles: None,
        read_only_cycles: 0.0,
        costs_estimated: true,
        constant_copy: None,
        reason: format!(
            "its loads are inside the callee of {}, which the access analysis does not enter: \
             Algorithm 3 not run (the read-only path needs only that no write may alias it)",
            describe(call)
        ),
    }
}

/// The outcome for a read-only argument: its placement, unless a write may alias it. `reused`:
/// whether some element is read twice in a block, and how that was decided (unknown for loads
/// in a callee); the
/// read-only path is put behind a run-time check (a copy of the body) only where it is (issue
/// 31: versioning only where it pays; L1 serves a load read once through `ld.global` as well).
fn placement(
    kernel: &Kernel,
    index: usize,
    everything: &[(Effect, MlirOperation)],
    (selection, reused): (&Selection, Option<(bool, &str)>),
    options: &Options,
) -> Outcome {
    if selection.placement == Placement::Global {
        return Outcome::Keep(format!(
            "read-only, but sm_{} has no unified L1: plain global loads",
            options.target.sm
        ));
    }
    let root = Root::Argument(index);
    let noalias = options.assume_noalias || effects::has_noalias(kernel, index);
    let aliases = |effect: &Effect| match effect {
        Effect::Unknown => !noalias,
        Effect::Write(written, space) => {
            *written != root
                && effects::may_alias_anywhere(
                    kernel,
                    (&root, MemorySpace::Global),
                    (written, *space),
                    options.assume_noalias,
                )
        }
        _ => false,
    };
    let aliasing: Vec<&(Effect, MlirOperation)> = everything
        .iter()
        .filter(|(effect, _)| aliases(effect))
        .collect();
    let launched = kernel.launches.argument(index).distinct;
    let safe = if ir::argument_attribute(kernel.operation, index, "llvm.noalias").is_some() {
        "{llvm.noalias}".to_string()
    } else if let Some(buffers) = launched {
        format!("every launch in this module passes it a buffer of its own: {buffers}")
    } else if options.assume_noalias {
        "option assume-noalias".to_string()
    } else {
        "every buffer the kernel writes is kernel-local or {llvm.noalias}".to_string()
    };
    let (found, remedy) = match aliasing.first() {
        None => {
            return Outcome::Apply(
                selection.placement,
                format!("read-only, not aliased by a write ({safe})"),
            )
        }
        Some((Effect::Write(written, _), operation)) => {
            let remedy = format!(
                "{{llvm.noalias}} on {} or {}, or option assume-noalias",
                root.describe(),
                written.describe()
            );
            let write = format!(
                "{} writes {}, which may alias it",
                describe(*operation),
                written.describe()
            );
            // The kernel's specialization checks these pairs anyway: its fast path costs
            // nothing more.
            let specialized = |writers: &[usize]| {
                writers
                    .iter()
                    .all(|&writer| kernel.assumed.apart(index, writer))
            };
            match checkable(kernel, index, &aliasing, options) {
                Some(Ok(writers))
                    if selection.placement == Placement::ReadOnly
                        && reused.is_some_and(|(reused, _)| !reused)
                        && !specialized(&writers) =>
                {
                    let how = reused.map_or("", |(_, how)| how);
                    return Outcome::Keep(format!(
                        "read-only, but {write}; not behind a run-time check: {how}, and L1 \
                         serves a load read once through ld.global as well as through \
                         ld.global.nc, so the check and the copy of the body it needs would \
                         gain nothing"
                    ));
                }
                Some(Ok(writers)) => {
                    return Outcome::Checked(
                        writers,
                        format!("{write}; {remedy} would prove it without the check"),
                    )
                }
                Some(Err(why)) => (
                    format!("read-only, but {write}; not checked at run time: {why}"),
                    remedy,
                ),
                None => (format!("read-only, but {write}"), remedy),
            }
        }
        Some((_, operation)) => (
            format!(
                "read-only, but {} may write any memory",
                describe(*operation)
            ),
            format!(
                "{{llvm.noalias}} on {} or option assume-noalias",
                root.describe()
            ),
        ),
    };
    Outcome::Blocked(found, remedy)
}

/// The written arguments a run-time check must show apart from argument `index`, when option
/// `version` is on and every write in `aliasing` goes to an argument (`None` otherwise), or why
/// their bytes are not known: each one's span (`disjoint::span_of`), and
/// every use of it keeping to that span (`disjoint::outside_span`; [`disjoint::spanned`]).
fn checkable(
    kernel: &Kernel,
    index: usize,
    aliasing: &[&(Effect, MlirOperation)],
    options: &Options,
) -> Option<Result<Vec<usize>, String>> {
    if !options.version {
        return None;
    }
    let mut writers = Vec::new();
    for (effect, _) in aliasing {
        match effect {
            Effect::Write(Root::Argument(writer), _) => writers.push(*writer),
            _ => return None,
        }
    }
    writers.sort_unstable();
    writers.dedup();
    let mut all = std::iter::once(index).chain(writers.iter().copied());
    Some(
        all.try_for_each(|argument| disjoint::spanned(kernel, argument))
            .map(|()| writers),
    )
}

/// Algorithm 3's view of an argument with memref type `type_` and loads `loads`.
fn buffer(
    type_: MlirType,
    loads: &[usize],
    findings: &[Finding],
    read_only: bool,
    block: Option<[u32; 3]>,
    options: &Options,
) -> Buffer {
    // Unknown where it overflows ("not constant: its size in bytes is unknown"), never a
    // wrapped number that would fit constant memory.
    let bytes = ir::static_memref_bytes(type_);
    let instances: Vec<Instance> = loads
        .iter()
        .map(|&position| {
            let finding = &findings[position];
            let metrics = finding.report_metrics();
            Instance {
                location: finding.memory.location.clone(),
                distinct_addresses: metrics.distinct_addresses,
                sectors_per_request: metrics.sectors_per_request,
                unknown: finding.unknown_metric(),
                access_bytes: finding.access.access_bytes(),
                loop_varying: finding.access.indices.iter().any(|index| {
                    index
                        .variables()
                        .iter()
                        .any(|v| matches!(v, Variable::Loop(_)))
                }),
                executions: finding
                    .access
                    .loops
                    .iter()
                    .try_fold(1.0, |product, enclosing| {
                        enclosing.trip_count().map(|trips| product * trips as f64)
                    }),
            }
        })
        .collect();
    let accesses: Vec<&analysis::Access> = loads
        .iter()
        .map(|&position| &findings[position].access)
        .collect();
    let reuse = memory_space::reuse(
        &accesses,
        block.map(|[x, y, z]| analysis::Block::new(x, y, z)),
    );
    // A random reference makes the data non-chunkable (seed-000 §4.3: "the random
    // reference makes the data non-chunkable"): no tile covers data-dependent addresses.
    // (An edge guard does not: its accesses carry an interior block's metrics.)
    let affine = instances.iter().all(|instance| {
        instance.distinct_addresses.is_some() && instance.sectors_per_request.is_some()
    });
    Buffer {
        read_only,
        bytes,
        chunkable: affine && bytes.is_some_and(|bytes| bytes <= u64::from(options.smem_budget)),
        reuse,
        instances,
    }
}

/// Every memory effect in `kernel`'s body.
pub fn kernel_effects(kernel: &Kernel) -> Vec<(Effect, MlirOperation)> {
    let mut found = Vec::new();
    let mut block = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    while !block.ptr.is_null() {
        let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
        while !operation.ptr.is_null() {
            found.extend(effects::effects(kernel, operation));
            operation = unsafe { mlirOperationGetNextInBlock(operation) };
        }
        block = unsafe { mlirBlockGetNextInRegion(block) };
    }
    found
}

/// `memref.store at file:line:col`.
pub fn describe(operation: MlirOperation) -> String {
    format!(
        "{} at {}",
        ir::operation_name(operation),
        ir::location_text(unsafe { mlirOperationGetLocation(operation) })
    )
}
/// Decides, applies and explains where each memref argument of `kernel` is read from
/// (a stage of [`crate::order`]).
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    (options, gain): (&Options, Gain),
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::MemorySpace.enabled(options);
    let (mut success, mut changed) = (true, false);
    for mut argument in decide(kernel, findings, options) {
        // A run-time check versions the body: decided once staging and relayout are done
        // ([`plan_checks`]), so that they see each load once, unguarded.
        if let (true, Outcome::Checked(writers, _)) = (enabled, &argument.outcome) {
            // Decided here, once: staging leaves an argument to its constant copy exactly
            // when the check reads it from there.
            let constant = (argument.selection.placement == Placement::Constant)
                .then(|| checked::constant_copy(kernel, argument.index));
            early.checks.push(Deferred {
                writers: writers.clone(),
                constant,
                argument,
            });
            continue;
        }
        if let (true, Outcome::Apply(Placement::ReadOnly, _)) = (enabled, &argument.outcome) {
            argument.gain = gain(findings, argument.index);
        }
        let decision = placement_decision(kernel, (&argument, None), enabled);
        changed |= decision.applied;
        success &= early.settle(decision, telling(kernel, &argument), options);
    }
    (success, changed)
}

/// Decides the run-time check [`run`] deferred, for the global loads among `findings` (the
/// kernel as staging and relayout left it), and explains it; [`apply_checks`] makes it once
/// the shared layouts are done. `relaid_later`: host code decides the kernel's argument layouts
/// after it, so their spans are not final and nothing is checked. False when `strict` made a
/// decision an error.
pub fn plan_checks(
    kernel: &Kernel,
    findings: &[Finding],
    (options, relaid_later, gain): (&Options, bool, Gain),
    early: &mut Early,
) -> bool {
    let mut success = true;
    let everything = kernel_effects(kernel);
    let (mut arguments, unpaid): (Vec<Deferred>, Vec<Deferred>) = std::mem::take(&mut early.checks)
        .into_iter()
        .partition(|deferred| check_pays(kernel, deferred, &everything));
    for mut deferred in unpaid {
        let Outcome::Checked(_, ref why) = deferred.argument.outcome else {
            continue;
        };
        let write = why.split("; ").next().unwrap_or(why);
        deferred.argument.outcome = Outcome::Keep(format!(
            "read-only, but {write}; not behind a run-time check: no load of it can follow a \
             store, so ld.global issues them as early as ld.global.nc would and L1 caches \
             both; the check and its copy of the body would only cost (PolyBench 2DConv and \
             FDTD step 3: 0.96-0.97x of naive with them on the H200){}",
            decision::not_constant(&deferred.argument)
        ));
        let decision = placement_decision(kernel, (&deferred.argument, None), true);
        success &= early.settle(decision, telling(kernel, &deferred.argument), options);
    }
    if arguments.is_empty() {
        return success;
    }
    let requests: Vec<checked::Request> = arguments
        .iter()
        .map(|deferred| {
            let root = Root::Argument(deferred.argument.index);
            checked::Request {
                index: deferred.argument.index,
                writers: deferred.writers.clone(),
                constant: deferred.constant.clone(),
                loads: findings
                    .iter()
                    .filter(|finding| {
                        finding.memory.root == root
                            && finding.memory.kind == AccessKind::Load
                            && finding.memory.space == MemorySpace::Global
                    })
                    .map(|finding| finding.memory.operation)
                    .collect(),
            }
        })
        .collect();
    let plan = if relaid_later {
        Err("the host code that launches the kernel decides its arguments' layouts".into())
    } else {
        checked::plan(kernel, &requests)
    };
    let mut relying = Vec::new();
    for (position, Deferred { argument, .. }) in arguments.iter_mut().enumerate() {
        let check: CheckResult = plan
            .as_ref()
            .map_err(Clone::clone)
            .map(|plan| (plan, position));
        argument.gain = gain(findings, argument.index);
        let decision = placement_decision(kernel, (argument, Some(&check)), true);
        if decision.applied {
            relying.push((argument.index, early.decisions.len()));
        }
        success &= early.settle(decision, telling(kernel, argument), options);
    }
    early.check = plan.ok().map(|plan| (plan, relying));
    success
}

/// The launches the time model predicts for a kernel with `findings` as it stands and with
/// argument `index` read through `ld.global.nc`, where the second is faster (the driver's
/// `time::ReadOnlyGain`: a step asks the model through it, it does not import it).
pub type Gain<'a> = &'a dyn Fn(&[Finding], usize) -> Option<(Prediction, Prediction)>;

/// Whether `deferred`'s run-time check can gain anything: it reads constant memory, the
/// kernel's specialization checks its pairs anyway, or some load of it may follow a store
/// (or an op that may write any memory) in a thread's order: after it in the body, or in a
/// loop around both. Only there does `ld.global.nc` let a load start before a store that
/// `ld.global` must wait for; a load read before every store already issues as early, and
/// L1 caches `ld.global` as it does `ld.global.nc`.
fn check_pays(
    kernel: &Kernel,
    deferred: &Deferred,
    everything: &[(Effect, MlirOperation)],
) -> bool {
    let Outcome::Checked(writers, _) = &deferred.argument.outcome else {
        return true;
    };
    let index = deferred.argument.index;
    if deferred.constant.is_some()
        || writers
            .iter()
            .all(|&writer| kernel.assumed.apart(index, writer))
    {
        return true;
    }
    loads_follow_a_store(kernel, index, everything)
}

/// Whether some global load of argument `index` may run after a write (or an op that may
/// write any memory) in a thread's order: after it in `everything` (the kernel's effects in
/// program order), or inside a loop that also holds the write. A body of several blocks may
/// loop through its branches: there, always.
pub fn loads_follow_a_store(
    kernel: &Kernel,
    index: usize,
    everything: &[(Effect, MlirOperation)],
) -> bool {
    // Blocks that branch back make loops the walk below does not see.
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    if unsafe { !mlirBlockGetNextInRegion(entry).ptr.is_null() } {
        return true;
    }
    let root = Root::Argument(index);
    let writes = |(effect, _): &&(Effect, MlirOperation)| {
        matches!(effect, Effect::Write(..) | Effect::Unknown)
    };
    everything
        .iter()
        .enumerate()
        .any(|(position, (effect, load))| {
            if !matches!(effect, Effect::Read(read, MemorySpace::Global) if *read == root) {
                return false;
            }
            let around = ir::outermost_loop(*load, Some(kernel.operation));
            everything[..position]
                .iter()
                .filter(writes)
                .any(|(_, store)| {
                    !ir::opposite_branches(&ir::branches(*store), &ir::branches(*load))
                })
                || everything[position..]
                    .iter()
                    .filter(writes)
                    .any(|(_, store)| around.is_some_and(|around| ir::encloses(around, *store)))
        })
}

/// An argument whose placement waits for its run-time check ([`plan_checks`]).
pub struct Deferred {
    /// Its decision.
    pub argument: ArgumentDecision,
    /// The written arguments to check it against.
    pub writers: Vec<usize>,
    /// Where Algorithm 3 placed it in constant memory, the symbol of the constant copy the
    /// fast path reads, or why it reads the argument ([`checked::constant_copy`]).
    pub constant: Option<Result<String, String>>,
}

/// The arguments that `early`'s run-time check will read from constant memory: staging
/// leaves them to it, as it leaves a proven one (which its loads no longer reach as a global).
pub fn constant_on_check(early: &Early) -> Vec<Root> {
    early
        .checks
        .iter()
        .filter(|deferred| matches!(deferred.constant, Some(Ok(_))))
        .map(|deferred| Root::Argument(deferred.argument.index))
        .collect()
}

/// A kernel's run-time check of the read-only path, and each argument relying on it with the
/// position of its decision (in the early decisions, then in the kernel's report).
pub type Check = (checked::Plan, Vec<(usize, usize)>);

/// Makes `plan` (decided by [`plan_checks`]) in `kernel`, after every other rewrite of the
/// module; where it cannot be made, a warning, and the decisions at `relying` (those that
/// rely on it) say so: the kernel keeps its plain loads. An argument whose constant global
/// could not be made after all (the module's constant memory filled by other kernels first)
/// reads through `ld.global.nc` on the fast path; its decision says so.
pub fn apply_checks(
    kernel: &Kernel,
    plan: &checked::Plan,
    relying: &[(usize, usize)],
    decisions: &mut [Decision],
) {
    let why = match checked::apply(kernel, plan) {
        Ok(refused) => {
            for (index, why) in refused {
                let position = relying.iter().find(|(argument, _)| *argument == index);
                let instead = format!(
                    "not in constant memory after all ({why}): its loads read through \
                     ld.global.nc on the checked path"
                );
                let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
                crate::diagnostics::remark_of(
                    unsafe { mlirValueGetLocation(mlirBlockGetArgument(entry, index as isize)) },
                    (crate::diagnostics::RemarkKind::Missed, &kernel.name),
                    "constant",
                    &format!("{}: {instead}", Root::Argument(index).describe()),
                );
                if let Some(decision) = position.and_then(|&(_, at)| decisions.get_mut(at)) {
                    decision.kind = Kind::Readonly;
                    decision.summary.push_str(&format!("; {instead}"));
                    decision.reason.push_str(&format!("; {instead}"));
                }
            }
            return;
        }
        Err(why) => why,
    };
    let message = format!("the run-time check of the read-only path was not made: {why}");
    crate::diagnostics::emit(
        unsafe { mlirOperationGetLocation(kernel.operation) },
        crate::diagnostics::Severity::Warning,
        &format!("gpu-mem-opt: readonly: {message}"),
    );
    for &(_, position) in relying {
        if let Some(decision) = decisions.get_mut(position) {
            decision.applied = false;
            decision.reason = format!("{}; {message}", decision.reason);
        }
    }
}
