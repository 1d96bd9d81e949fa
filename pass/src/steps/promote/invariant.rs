//! Loads a loop repeats (`promote`, issue 31; Carr and Kennedy's scalar replacement, for
//! reads): a load whose address does not move with its loop, of memory nothing may write while
//! the loop runs, is loaded once before the loop and read from a register in it.
//!
//! Two shapes. A load directly in the loop's body whose index operands are defined before the
//! loop or computed from such by `arith` ops (`x[i]` in `for j: s += A[i][j] * x[i]`). And a
//! load directly in an inner loop of at most `MOST_INNER_TRIPS` constant trips, itself
//! directly in the loop's body, whose index moves with the inner counter alone (cuda-samples
//! convolutionSeparable's 17 taps `c_Kernel[8 - j]`, read again for each of a thread's 8
//! outputs: 136 loads a thread): the inner loop is written out, and each trip's load is then
//! one of the first shape. ptxas often does the same once it has unrolled the loops; the MLIR
//! the pass emits then says so, and the interpreter counts it.
//!
//! Legal where no op of unknown effect runs in the loop and no write that may reach the buffer
//! (`facts::effects::may_alias`) does, nor anywhere in the kernel where the loop has a barrier
//! (another thread's write becomes visible at it); the load runs in every iteration of the
//! original (no branch around it in the loop), so the hoisted load reads an address the first
//! iteration reads. Where nothing proves that the loop runs, it is under `scf.if (lower <
//! upper)`. At most `MOST_REGISTERS` values are kept a loop (register pressure).
//! Cost: one walk of the findings, one of the kernel's effects per loop.

use analysis::expression::{LoopId, Variable};
use analysis::matrix::{AccessKind, MemorySpace};
use mlir_sys::*;

use crate::{
    facts::accesses::Root,
    facts::effects::{self, Effect},
    facts::extract::index_operands,
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::memory_space::{self, disjoint},
    steps::promote::stream::Check,
    steps::register_tile::unroll,
    steps::{Early, Step, Telling},
    Options,
};

use super::{element_words, guarded_load, hoistable, hoisted, load, push_apart, runs};

/// The most trips of an inner loop written out so that its loads leave the loop around it (a
/// filter's 17 taps; one staged tile's 32 iterations).
const MOST_INNER_TRIPS: i64 = 32;

/// The most values kept in registers across one loop.
const MOST_REGISTERS: usize = 32;

/// The attribute that marks the loads to hoist while an inner loop is written out (its
/// copies carry it).
const MARK: &str = "gpu_mem_opt.invariant";

/// The loads of one buffer that one loop repeats.
struct Group {
    /// The loop they leave.
    the_loop: MlirOperation,
    /// The inner loop they are in, written out first, and its trips.
    inner: Option<(MlirOperation, i64)>,
    /// The memref.
    memref: MlirValue,
    /// Its first load.
    first: MlirOperation,
    /// Its root and space, for the alias test.
    root: (Root, MemorySpace),
    /// Their findings.
    members: Vec<usize>,
    /// The loop's iterations, where constant.
    trips: Option<u64>,
    /// Whether its trips or the guards around it prove that the loop runs.
    runs: bool,
    /// The values kept in registers: one per distinct index and trip of its inner loop (read
    /// before anything changes).
    registers: usize,
    /// Whether they may be loaded before the loop, or why not and what would unblock it.
    outcome: Result<Option<Check>, Refusal>,
    /// Where its remark goes (its first load), the loop's location, the element's words.
    told: (MlirLocation, String, String),
}

/// Why a group's loads stay in their loop.
struct Refusal {
    /// The reason.
    why: String,
    /// What would unblock it, if anything.
    advice: Option<String>,
    /// Whether a remark says it: not where the kernel itself writes the buffer while the loop
    /// runs (an element read and written is no read-only load; the report keeps it).
    told: bool,
}

impl Refusal {
    /// A refusal a remark states.
    fn told(why: String) -> Refusal {
        Refusal {
            why,
            advice: None,
            told: true,
        }
    }
}

/// The values `members` keep in registers: one per distinct index and trip of their inner
/// loop.
fn registers(
    findings: &[Finding],
    members: &[usize],
    inner: Option<(MlirOperation, i64)>,
) -> usize {
    let mut indices: Vec<Vec<MlirValue>> = Vec::new();
    for &member in members {
        let operands = index_operands(&findings[member].memory);
        if !indices.iter().any(|seen| ir::same_values(seen, &operands)) {
            indices.push(operands);
        }
    }
    indices.len() * inner.map_or(1, |(_, trips)| trips as usize)
}

/// Loads each group's loads once before its loop; one decision per loop and buffer.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Promote.enabled(options);
    let (mut success, mut changed) = (true, false);
    let effects = memory_space::kernel_effects(kernel);
    let mut groups = groups(kernel, findings);
    let mut kept: Vec<(MlirOperation, usize)> = Vec::new();
    for group in &mut groups {
        group.outcome = decide(kernel, &effects, group, options);
        if group.outcome.is_err() {
            continue;
        }
        let registers = group.registers;
        let held = match kept
            .iter_mut()
            .find(|(seen, _)| seen.ptr == group.the_loop.ptr)
        {
            Some((_, held)) => held,
            None => {
                kept.push((group.the_loop, 0));
                &mut kept.last_mut().expect("just pushed").1
            }
        };
        if *held + registers > MOST_REGISTERS {
            group.outcome = Err(Refusal::told(format!(
                "{registers} more registers would hold over {MOST_REGISTERS} values across the \
                 loop"
            )));
        } else {
            *held += registers;
        }
    }
    if enabled {
        for group in groups.iter().filter(|group| group.outcome.is_ok()) {
            for &member in &group.members {
                ir::mark(findings[member].memory.operation, MARK);
            }
        }
        // One check for each loop nest's groups that need one, before anything is written
        // out: the nest as written stays on its other path.
        let checks = Check::by_nest(groups.iter().filter_map(|group| match &group.outcome {
            Ok(Some(check)) => Some(check),
            _ => None,
        }));
        for (outer, pairs) in &checks {
            if let Err(why) = disjoint::version_operation(kernel, *outer, pairs) {
                for group in groups.iter_mut() {
                    let nested =
                        matches!(&group.outcome, Ok(Some(check)) if check.outer.ptr == outer.ptr);
                    if nested {
                        for &member in &group.members {
                            unmark(findings[member].memory.operation);
                        }
                        group.outcome = Err(Refusal::told(format!("not versioned: {why}")));
                    }
                }
            }
        }
        // An inner loop is written out once, for every group in it (their loads all marked).
        let mut written: Vec<(MlirOperation, bool)> = Vec::new();
        for group in groups.iter_mut().filter(|group| group.outcome.is_ok()) {
            let ready = match group.inner {
                None => true,
                Some((inner, _)) => match written.iter().find(|(seen, _)| seen.ptr == inner.ptr) {
                    Some(&(_, ready)) => ready,
                    None => {
                        let ready = unroll::written_out(inner, MOST_INNER_TRIPS);
                        written.push((inner, ready));
                        ready
                    }
                },
            };
            if ready {
                apply(group);
                changed = true;
            } else {
                for &member in &group.members {
                    unmark(findings[member].memory.operation);
                }
                group.outcome = Err(Refusal::told(
                    "its inner loop could not be written out".into(),
                ));
            }
        }
        // The copies a check's other path keeps carry the mark too.
        for operation in ir::walk(kernel.operation) {
            if ir::attribute(operation, MARK).is_some() {
                unmark(operation);
            }
        }
    }
    for group in groups {
        let (location, loop_location, element) = &group.told;
        let registers = group.registers;
        let iterations = |whose: &str| {
            group.trips.map_or_else(
                || "each iteration".to_string(),
                |trips| format!("each of {whose} {trips} iterations"),
            )
        };
        let written = group.inner.map_or_else(String::new, |(_, trips)| {
            format!(" (its inner loop of {trips} iterations written out)")
        });
        let per_iteration =
            group.members.len() * group.inner.map_or(1, |(_, trips)| trips as usize);
        let loads = group
            .trips
            .map(|trips| (trips as usize).saturating_mul(per_iteration));
        let counted = loads.map_or_else(String::new, |loads| {
            format!(": {loads} → {registers} loads a thread")
        });
        let held = match registers {
            1 => "a register".to_string(),
            _ => format!("{registers} registers"),
        };
        let (applied, reason) = match &group.outcome {
            Ok(check) => {
                let checked = check.as_ref().map_or_else(String::new, Check::words);
                let words = format!(
                    "{element}: loaded once before the loop at {loop_location} and kept in \
                     {held}, not in {}{written}{counted}{checked}",
                    iterations("its")
                );
                match enabled {
                    true => (true, words),
                    false => (false, format!("would be {words}")),
                }
            }
            Err(Refusal { why, .. }) => (
                false,
                format!(
                    "{element}: loaded in {} of the loop at {loop_location}: {why}",
                    iterations("the")
                ),
            ),
        };
        let decision = Decision {
            kind: Kind::Promote,
            target: findings[group.members[0]].memory.root.describe(),
            applied,
            reason,
            params: serde_json::json!({
                "loop": loop_location,
                "registers": registers,
                "inner_trips": group.inner.map(|(_, trips)| trips),
                "loads_per_thread": loads.map(|loads| [loads, if applied { registers } else { loads }]),
            }),
            summary: String::new(),
            advice: group
                .outcome
                .as_ref()
                .err()
                .and_then(|refusal| refusal.advice.clone()),
        };
        let told = group
            .outcome
            .as_ref()
            .err()
            .is_none_or(|refusal| refusal.told);
        let telling = Telling {
            kernel: &kernel.name,
            location: *location,
            remark: told,
            blocked: !applied && enabled && told,
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// The groups of the findings: scalar loads directly in a loop whose index does not move with
/// it, else directly in a short inner loop whose index moves with the inner counter alone;
/// one group per loop, inner loop and memref. Loops of one iteration gain nothing: none.
fn groups(kernel: &Kernel, findings: &[Finding]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (position, finding) in findings.iter().enumerate() {
        let operation = finding.memory.operation;
        let parent = unsafe { mlirOperationGetParentOperation(operation) };
        if finding.memory.name != "memref.load"
            || finding.access.kind != AccessKind::Load
            || !ir::is_named(parent, "scf.for")
            || !ir::defined_outside(finding.memory.memref, parent)
        {
            continue;
        }
        let indices = index_operands(&finding.memory);
        let outer = unsafe { mlirOperationGetParentOperation(parent) };
        let inner_trips = unroll::trips(parent).filter(|&trips| trips <= MOST_INNER_TRIPS);
        let (the_loop, inner) = if indices
            .iter()
            .all(|&value| hoistable(value, parent, None, 0))
        {
            (parent, None)
        } else if let (true, Some(trips)) = (ir::is_named(outer, "scf.for"), inner_trips) {
            let counter = unsafe {
                mlirBlockGetArgument(
                    mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0)),
                    0,
                )
            };
            let bounds = unsafe { [mlirOperationGetOperand(parent, 0)] };
            let moves_alone = indices
                .iter()
                .chain(&bounds)
                .all(|&value| hoistable(value, outer, Some(counter), 0));
            if !moves_alone || !ir::defined_outside(finding.memory.memref, outer) {
                continue;
            }
            (outer, Some((parent, trips)))
        } else {
            continue;
        };
        let depth = finding.access.loops.len() - 1 - usize::from(inner.is_some());
        let trips = finding
            .access
            .loops
            .get(depth)
            .and_then(|range| range.trip_count());
        // A loop whose bound is an enclosing loop's counter is modelled over the widest range,
        // the real one a guard on its counter.
        let counter = Variable::Loop(LoopId(depth));
        let triangular = finding
            .access
            .guard
            .iter()
            .any(|condition| condition.variables().contains(&counter));
        let trips = trips.filter(|_| !triangular);
        if trips == Some(1) || trips == Some(0) {
            continue;
        }
        if let Some(group) = groups.iter_mut().find(|group| {
            group.the_loop.ptr == the_loop.ptr
                && group.inner.map(|(inner, _)| inner.ptr) == inner.map(|(inner, _)| inner.ptr)
                && unsafe { mlirValueEqual(group.memref, finding.memory.memref) }
        }) {
            group.members.push(position);
            continue;
        }
        groups.push(Group {
            the_loop,
            inner,
            memref: finding.memory.memref,
            first: operation,
            root: (finding.memory.root.clone(), finding.memory.space),
            members: vec![position],
            runs: trips.is_some() || runs(kernel, the_loop).is_some(),
            trips,
            registers: 0,
            outcome: Ok(None),
            told: (
                unsafe { mlirOperationGetLocation(operation) },
                ir::location_text(unsafe { mlirOperationGetLocation(the_loop) }),
                element_words(findings, &[position]),
            ),
        });
    }
    for group in &mut groups {
        group.registers = registers(findings, &group.members, group.inner);
    }
    groups
}

/// Adds to `pairs` the memref arguments that must lie apart for a group's loads to leave
/// their loop where only their possible aliasing keeps them in it (`super::needs_apart`).
pub(super) fn needs_apart(
    kernel: &Kernel,
    (findings, effects): (&[Finding], &[(Effect, MlirOperation)]),
    options: &Options,
    pairs: &mut Vec<(usize, usize)>,
) {
    // What the kernel's check would prove, not a loop's (`Check::around`).
    let unchecked = Options {
        version: false,
        ..options.clone()
    };
    let apart = Options {
        assume_noalias: true,
        ..unchecked.clone()
    };
    for group in groups(kernel, findings) {
        let Root::Argument(own) = group.root.0 else {
            continue;
        };
        if decide(kernel, effects, &group, &unchecked).is_ok()
            || decide(kernel, effects, &group, &apart).is_err()
        {
            continue;
        }
        for (theirs, _) in writes(kernel, effects, &group, true) {
            if let Root::Argument(theirs) = theirs {
                push_apart(pairs, own, *theirs);
            }
        }
    }
}

/// Whether the group's loads may be loaded before its loop, or why not and what would unblock
/// it: nothing in the loop may write the buffer, nor anything in the kernel where the loop has
/// a barrier, and no op of unknown effect runs in the loop.
fn decide(
    kernel: &Kernel,
    effects: &[(Effect, MlirOperation)],
    group: &Group,
    options: &Options,
) -> Result<Option<Check>, Refusal> {
    if let Some((_, operation)) = effects.iter().find(|(effect, operation)| {
        matches!(effect, Effect::Unknown) && ir::encloses(group.the_loop, *operation)
    }) {
        let what = memory_space::describe(*operation);
        return Err(Refusal::told(format!("{what} may write it")));
    }
    let written = writes(kernel, effects, group, options.assume_noalias);
    let Some(&(theirs, operation)) = written.first() else {
        return Ok(None);
    };
    let root = &group.root.0;
    // Only other arguments may be it: a check at the kernel's entry can prove them apart,
    // the loop nest as written on its other path (a kernel the version step does not
    // specialize: one with shared memory of its own).
    let arguments: Option<Vec<usize>> = written
        .iter()
        .map(|(theirs, _)| match (*theirs, root) {
            (Root::Argument(argument), Root::Argument(own)) if argument != own => Some(*argument),
            _ => None,
        })
        .collect();
    if let (Some(mut arguments), Root::Argument(own)) = (arguments, root) {
        arguments.dedup();
        let first = group.first;
        if let Some(Ok(check)) = Check::around(kernel, first, (*own, arguments), options) {
            return Ok(Some(check));
        }
    }
    let at = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
    let which = match theirs == root {
        true => "the kernel writes it".to_string(),
        false => format!("{} may be the same buffer", theirs.describe()),
    };
    let advice = match (theirs == root, theirs, root) {
        (false, Root::Argument(_), Root::Argument(_)) => {
            Some("{llvm.noalias} on either, or option assume-noalias".to_string())
        }
        _ => None,
    };
    let barrier = match ir::encloses(group.the_loop, operation) {
        true => String::new(),
        false => ", and a barrier in the loop shows other threads' writes".into(),
    };
    Err(Refusal {
        why: format!("{which} (written at {at}){barrier}"),
        advice,
        told: theirs != root,
    })
}

/// The writes that may reach the group's buffer while its loop runs: in the loop, or anywhere
/// in the kernel where the loop has a barrier; each with its root.
fn writes<'e>(
    kernel: &Kernel,
    effects: &'e [(Effect, MlirOperation)],
    group: &Group,
    assume_noalias: bool,
) -> Vec<(&'e Root, MlirOperation)> {
    let inside = |operation: MlirOperation| ir::encloses(group.the_loop, operation);
    let synchronized = effects
        .iter()
        .any(|(effect, operation)| matches!(effect, Effect::Barrier) && inside(*operation));
    let root = (&group.root.0, group.root.1);
    effects
        .iter()
        .filter_map(|(effect, operation)| match effect {
            Effect::Write(theirs, space)
                if (synchronized || inside(*operation))
                    && effects::may_alias(kernel, root, (theirs, *space), assume_noalias) =>
            {
                Some((theirs, *operation))
            }
            _ => None,
        })
        .collect()
}

/// Loads the group's loads (its inner loop written out: each trip's copy, found by the mark)
/// before its loop; their uses read the loaded values.
fn apply(group: &Group) {
    let the_loop = group.the_loop;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let marked: Vec<MlirOperation> = ir::block_operations(body)
        .into_iter()
        .filter(|&operation| {
            ir::attribute(operation, MARK).is_some()
                && unsafe { mlirValueEqual(mlirOperationGetOperand(operation, 0), group.memref) }
        })
        .collect();
    let (lower, upper) = unsafe {
        (
            mlirOperationGetOperand(the_loop, 0),
            mlirOperationGetOperand(the_loop, 1),
        )
    };
    // Loads of one index (the same SSA values) share one register. Every index is computed
    // before the first load, so that vectorize finds the group's first element's index
    // ahead of all of them.
    let mut distinct: Vec<(Vec<MlirValue>, Vec<MlirValue>, MlirOperation)> = Vec::new();
    let mut sharing: Vec<(MlirOperation, usize)> = Vec::new();
    for &operation in &marked {
        let count = unsafe { mlirOperationGetNumOperands(operation) };
        let operands: Vec<MlirValue> = (1..count)
            .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
            .collect();
        let position = match distinct
            .iter()
            .position(|(seen, ..)| ir::same_values(seen, &operands))
        {
            Some(position) => position,
            None => {
                let mut place = vec![group.memref];
                place.extend(operands.iter().map(|&operand| hoisted(operand, the_loop)));
                distinct.push((operands, place, operation));
                distinct.len() - 1
            }
        };
        sharing.push((operation, position));
    }
    let values: Vec<Option<MlirValue>> = distinct
        .iter()
        .map(|(_, place, first)| {
            let element_type = unsafe { mlirValueGetType(mlirOperationGetResult(*first, 0)) };
            let before =
                Builder::before(the_loop).located(unsafe { mlirOperationGetLocation(*first) });
            match group.runs {
                true => Some(load(&before, place, element_type)),
                false => guarded_load(&before, (lower, upper), place, element_type).ok(),
            }
        })
        .collect();
    for (operation, position) in sharing {
        match values[position] {
            Some(value) => unsafe {
                mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(operation, 0), value);
                mlirOperationDestroy(operation);
            },
            None => unmark(operation),
        }
    }
}

/// Removes the mark from `operation`.
fn unmark(operation: MlirOperation) {
    unsafe { mlirOperationRemoveAttributeByName(operation, ir::string_ref_of(MARK)) };
}
