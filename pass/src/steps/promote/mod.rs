//! Register promotion (`promote`, issue 31; Carr and Kennedy's scalar replacement): an element
//! a loop reads and writes at the same loop-invariant address (`tmp[i] += A[i][j] * x[j]`)
//! lives in a register across the loop, loaded once before it and stored once after it.
//!
//! CUDA code accumulates into global memory as written: a load and a store per iteration, each
//! a full warp request, and a loop with a store in it keeps staging from moving the loop's
//! other loads. Promotion is legal when, inside the loop:
//!
//! * every access to the buffer is a scalar `memref.load`/`memref.store` directly in the loop's
//!   body, all at one index that does not change with the loop (same index expression, no
//!   unknown part, no term of the loop's own counter; or, where the model does not follow the
//!   index, the same SSA index values, defined before the loop);
//! * no other access may reach the same memory (`facts::effects::may_alias`: a different
//!   kernel-local buffer, a `{llvm.noalias}` argument, one the module's launches give a buffer
//!   of its own, or option `assume-noalias`);
//! * there is no barrier, atomic or call: the element is this thread's between its load
//!   and its store, as it was between each iteration's load and store (another thread
//!   writing it without a barrier is a race in the original too).
//!
//! Applied: the index is computed before the loop (the ops it needs copied there), the load
//! goes before the loop, the value is carried as an `iter_args` operand, and the store after
//! the loop writes the last value. Where the loop may run no iteration, the load and the store
//! are under `scf.if (lower < upper)`, so nothing is read or written that the loop did not;
//! not where the guards around it prove `lower < upper` (`if (i < n)` around `for j < n`,
//! `i ≥ 0`), so that staging still finds a plain load before the loop. Where the store after
//! the loop is unguarded, the loads of the element just after it, up to the first op that may
//! write memory, order it against other threads or has an unknown effect, read the register
//! (`loaded_after`: `mean[j] /= n` after the sum loop). A store just before the loop that
//! gave the first value is then dead (the store after the loop, unguarded, overwrites it;
//! nothing between reads it): it is removed, unless another promoted element's rewrite holds
//! it.
//! Cost: one walk of each loop's body per candidate.

pub mod invariant;
pub mod repeated;
pub mod stream;

use analysis::expression::{IndexExpression, LoopId, Variable};
use analysis::matrix::{AccessKind, Condition, Relation};
use mlir_sys::*;

use crate::{
    facts::accesses::Root,
    facts::effects,
    facts::extract::{index_operands, loop_context},
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::memory_space,
    steps::register_tile::jam::on_edge_path,
    steps::{Early, Step, Telling},
    Options,
};

/// The deepest chain of `arith` ops copied before a loop to compute an index there.
const MAX_HOISTED_DEPTH: usize = 32;

/// `arith.cmpi`'s predicate number for `slt`.
const SIGNED_LESS: i64 = 2;

/// Ops in a loop after which an element is no longer this thread's alone.
const SYNCHRONIZING: [&str; 6] = [
    "gpu.barrier",
    "memref.atomic_rmw",
    "memref.generic_atomic_rmw",
    "func.call",
    "llvm.call",
    "nvvm.barrier0",
];

/// One element a loop reads and writes, as found before anything changes.
struct Candidate {
    /// Indices into the findings of its loads and stores, in IR order.
    members: Vec<usize>,
    /// The loop.
    the_loop: MlirOperation,
    /// Its iterations, where constant.
    trips: Option<u64>,
    /// What proves that it runs at least once (a constant trip count, or a guard around it:
    /// `i < n` with `i ≥ 0` for `0 ≤ j < n`), if anything does.
    runs: Option<String>,
    /// The value a store just before the loop wrote to the element, and that store
    /// (`stored_before`).
    forwarded: Option<(MlirValue, MlirOperation)>,
    /// That store where it is dead once the element is promoted: the store after the loop
    /// always overwrites it and nothing reads it in between (no other candidate's member).
    dead_store: Option<MlirOperation>,
    /// The loads just after the loop that read the element back (`loaded_after`): they read
    /// the register instead, where its store after the loop is unguarded.
    reloads: Vec<MlirOperation>,
    /// Whether it may live in a register, or why not.
    outcome: Result<(), String>,
    /// Its first access's location (where its remark goes), the loop's, the element as
    /// remarks name it, and whether the loop is on a register tile's edge path (no remark):
    /// read before the rewrite destroys them.
    told: (MlirLocation, String, String, bool),
    /// Why the rewrite of its loop failed, if it did.
    failure: Option<String>,
}

impl Candidate {
    /// Whether its store after the loop needs no guard: the loop runs, or a store before it
    /// gave the first value; the element then holds the register's last value after the loop.
    fn unguarded(&self) -> bool {
        self.runs.is_some() || self.forwarded.is_some()
    }
}

/// Promotes each element a loop reads and writes at one loop-invariant index; one decision per
/// loop and buffer that the loop both reads and writes.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Promote.enabled(options);
    let (mut success, mut changed) = (true, false);
    // Everything is read before anything changes: a rewrite destroys the loop and the accesses.
    let mut candidates: Vec<Candidate> = candidates(findings)
        .into_iter()
        .map(|members| {
            let first = &findings[members[0]];
            let the_loop = unsafe { mlirOperationGetParentOperation(first.memory.operation) };
            let outcome = decide(kernel, findings, &members, the_loop, options);
            // A loop whose bound is an enclosing loop's counter (`for j < i`) is modelled over
            // the widest range, the real one a guard on its counter: its trips are not that
            // range's, and it may run none.
            let counter = Variable::Loop(LoopId(first.access.loops.len().saturating_sub(1)));
            let triangular = first
                .access
                .guard
                .iter()
                .any(|condition| condition.variables().contains(&counter));
            let trips = first
                .access
                .loops
                .last()
                .and_then(|range| range.trip_count())
                .filter(|_| !triangular);
            let runs = match trips {
                Some(trips) => (trips >= 1).then(|| format!("{trips} iterations")),
                None => runs(kernel, the_loop),
            };
            let forwarded = outcome
                .is_ok()
                .then(|| stored_before(kernel, findings, &members, (the_loop, options)))
                .flatten();
            Candidate {
                trips,
                runs,
                forwarded,
                dead_store: None,
                reloads: Vec::new(),
                told: (
                    unsafe { mlirOperationGetLocation(first.memory.operation) },
                    ir::location_text(unsafe { mlirOperationGetLocation(the_loop) }),
                    element_words(findings, &members),
                    on_edge_path(the_loop),
                ),
                failure: None,
                members,
                the_loop,
                outcome,
            }
        })
        .collect();
    // Where the store after the loop is unguarded, the loads just after it read the register,
    // and a store before the loop that gave the first value is overwritten by it, unless
    // another candidate's rewrite needs that store.
    for index in 0..candidates.len() {
        let candidate = &candidates[index];
        if candidate.outcome.is_err() || !candidate.unguarded() {
            continue;
        }
        candidates[index].reloads = loaded_after(
            kernel,
            findings,
            &candidate.members,
            (candidate.the_loop, options.assume_noalias),
        );
        let Some((_, store)) = candidates[index].forwarded else {
            continue;
        };
        let member_elsewhere = candidates.iter().any(|other| {
            other.outcome.is_ok()
                && other
                    .members
                    .iter()
                    .any(|&member| findings[member].memory.operation.ptr == store.ptr)
        });
        if !member_elsewhere {
            candidates[index].dead_store = Some(store);
        }
    }
    if enabled {
        let mut loops: Vec<MlirOperation> = Vec::new();
        for candidate in candidates
            .iter()
            .filter(|candidate| candidate.outcome.is_ok())
        {
            if !loops.iter().any(|seen| seen.ptr == candidate.the_loop.ptr) {
                loops.push(candidate.the_loop);
            }
        }
        for the_loop in loops {
            let promoted: Vec<&Candidate> = candidates
                .iter()
                .filter(|candidate| {
                    candidate.outcome.is_ok() && candidate.the_loop.ptr == the_loop.ptr
                })
                .collect();
            if let Err(why) = apply(findings, &promoted, the_loop) {
                for candidate in &mut candidates {
                    if candidate.the_loop.ptr == the_loop.ptr {
                        candidate.failure = Some(why.clone());
                    }
                }
            }
        }
    }
    for candidate in &candidates {
        let (location, loop_location, element, edge) = &candidate.told;
        let per_iteration = candidate.members.len();
        let (applied, reason) = match (&candidate.outcome, &candidate.failure) {
            (Ok(()), None) => {
                let first = if candidate.dead_store.is_some() {
                    "starting from the value stored just before it (that store is gone: the \
                     one after the loop overwrites it)"
                } else if candidate.forwarded.is_some() {
                    "starting from the value stored just before it"
                } else {
                    "loaded once before it"
                };
                let reloads = match candidate.reloads.len() {
                    0 => String::new(),
                    1 => "; the load after the loop reads the register".to_string(),
                    count => format!("; the {count} loads after the loop read the register"),
                };
                let words = format!(
                    "{element} kept in a register across the loop at {loop_location}: {first} \
                     and stored once after it, instead of {per_iteration} accesses in each of its \
                     {} iterations{reloads}",
                    match (candidate.trips, &candidate.runs) {
                        (Some(trips), _) => trips.to_string(),
                        (None, Some(proof)) => format!("(unknown, at least 1 by {proof})"),
                        (None, None) => "(unknown)".to_string(),
                    }
                );
                if enabled {
                    changed = true;
                    (true, words)
                } else {
                    (false, format!("would be {words}"))
                }
            }
            (Ok(()), Some(why)) => (false, format!("{element}: not promoted: {why}")),
            (Err(why), _) => (
                false,
                format!("{element} stays in memory, read and written in every iteration: {why}"),
            ),
        };
        let decision = Decision {
            kind: Kind::Promote,
            target: findings[candidate.members[0]].memory.root.describe(),
            applied,
            reason,
            params: serde_json::json!({
                "loop": loop_location,
                "accesses_per_iteration": per_iteration,
                "iterations": candidate.trips,
            }),
            summary: String::new(),
            advice: None,
        };
        let telling = Telling {
            kernel: &kernel.name,
            location: *location,
            remark: !edge,
            blocked: !applied && enabled,
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}

/// The pairs of memref arguments that must lie apart for the step to act where only their
/// possible aliasing stops it (`steps::version` checks them at the kernel's entry): an
/// element's argument with each other argument its loop accesses, a streamed window's and an
/// invariant load's with the arguments the kernel writes that may be them.
pub fn needs_apart(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
) -> Vec<(usize, usize)> {
    if !Step::Promote.enabled(options) || options.assume_noalias {
        return Vec::new();
    }
    let apart = Options {
        assume_noalias: true,
        ..options.clone()
    };
    let mut pairs = Vec::new();
    for members in candidates(findings) {
        let first = &findings[members[0]];
        let Root::Argument(own) = first.memory.root else {
            continue;
        };
        let the_loop = unsafe { mlirOperationGetParentOperation(first.memory.operation) };
        if decide(kernel, findings, &members, the_loop, options).is_ok()
            || decide(kernel, findings, &members, the_loop, &apart).is_err()
        {
            continue;
        }
        for other in findings {
            if let Root::Argument(theirs) = other.memory.root {
                if theirs != own && ir::encloses(the_loop, other.memory.operation) {
                    push_apart(&mut pairs, own, theirs);
                }
            }
        }
    }
    let effects = memory_space::kernel_effects(kernel);
    stream::needs_apart(kernel, (findings, &effects), options, &mut pairs);
    invariant::needs_apart(kernel, (findings, &effects), options, &mut pairs);
    pairs
}

/// Adds the pair of arguments `one` and `other` to `pairs` (`steps::version` checks them
/// apart), smaller first, once.
fn push_apart(pairs: &mut Vec<(usize, usize)>, one: usize, other: usize) {
    let pair = (one.min(other), one.max(other));
    if !pairs.contains(&pair) {
        pairs.push(pair);
    }
}

/// What proves that `the_loop` runs at least once, `lower < upper`, from the guards and loops
/// around it (`analysis::delinearize::holds`).
fn runs(kernel: &Kernel, the_loop: MlirOperation) -> Option<String> {
    let context = loop_context(kernel, the_loop);
    let (lower, upper) = context.bounds;
    let goal = Condition::new(lower, Relation::Less, upper);
    analysis::delinearize::holds(&goal, &context.facts, &|variable| {
        kernel.range(&context.loops, variable)
    })
}

/// Groups of scalar loads and stores of one memref directly in one `scf.for`'s body, with at
/// least one store and one load, in IR order: one group per index where the model follows
/// every index (a register tile's `c[i][j]`, `c[i][j + 32]`, …), else one per memref.
fn candidates(findings: &[Finding]) -> Vec<Vec<usize>> {
    type Group<'a> = (
        MlirOperation,
        MlirValue,
        Option<&'a [IndexExpression]>,
        Vec<usize>,
    );
    let mut groups: Vec<Group> = Vec::new();
    for (position, finding) in findings.iter().enumerate() {
        let memory = &finding.memory;
        if !matches!(memory.name.as_str(), "memref.load" | "memref.store") {
            continue;
        }
        let parent = unsafe { mlirOperationGetParentOperation(memory.operation) };
        if !ir::is_named(parent, "scf.for") {
            continue;
        }
        let indices = &finding.access.indices;
        let element = indices
            .iter()
            .all(|index| index.linear().is_ok())
            .then_some(indices.as_slice());
        match groups.iter_mut().find(|(loop_, memref, at, _)| {
            loop_.ptr == parent.ptr
                && unsafe { mlirValueEqual(*memref, memory.memref) }
                && *at == element
        }) {
            Some((_, _, _, members)) => members.push(position),
            None => groups.push((parent, memory.memref, element, vec![position])),
        }
    }
    groups
        .into_iter()
        .map(|(_, _, _, members)| members)
        .filter(|members| {
            let kinds = |kind| members.iter().any(|&m| findings[m].access.kind == kind);
            kinds(AccessKind::Load) && kinds(AccessKind::Store)
        })
        .collect()
}

/// `arg 4[tid.x + 32*bid.x]`: the element as remarks name it.
fn element_words(findings: &[Finding], members: &[usize]) -> String {
    let first = &findings[members[0]];
    let operands = index_operands(&first.memory);
    let indices: Vec<String> = first
        .access
        .indices
        .iter()
        .enumerate()
        .map(|(position, index)| {
            analysis::delinearize::describe_expression(index).unwrap_or_else(|| {
                // Not followed: the op that computes it, by its location.
                operands
                    .get(position)
                    .and_then(|&value| ir::defining_operation(value))
                    .map(|owner| {
                        let at = ir::location_text(unsafe { mlirOperationGetLocation(owner) });
                        format!(
                            "the index at {}",
                            crate::steps::same_file(&first.memory.location, &at)
                        )
                    })
                    .unwrap_or_else(|| "?".into())
            })
        })
        .collect();
    format!("{}[{}]", first.memory.root.describe(), indices.join(", "))
}

/// Whether the element of `members` may live in a register across `the_loop`, or why not.
fn decide(
    kernel: &Kernel,
    findings: &[Finding],
    members: &[usize],
    the_loop: MlirOperation,
    options: &Options,
) -> Result<(), String> {
    let first = &findings[members[0]];
    let depth = first.access.loops.len().saturating_sub(1);
    let counter = Variable::Loop(LoopId(depth));
    let followed = members.iter().all(|&member| {
        findings[member]
            .access
            .indices
            .iter()
            .all(|index| index.linear().is_ok())
    });
    if !followed {
        shared_outside(findings, members, the_loop)?;
    } else {
        for &member in members {
            let indices = &findings[member].access.indices;
            if *indices != first.access.indices {
                return Err(format!(
                    "the loop accesses it at more than one index ({})",
                    findings[member].memory.location
                ));
            }
            if indices
                .iter()
                .any(|index| index.variables().contains(&counter))
            {
                return Err("its index changes with the loop".into());
            }
        }
    }
    if !ir::defined_outside(first.memory.memref, the_loop) {
        return Err("its memref is made inside the loop".into());
    }
    for &value in &index_operands(&first.memory) {
        if !hoistable(value, the_loop, None, 0) {
            return Err("its index is computed in the loop by an op that cannot move out".into());
        }
    }
    for operation in ir::walk(the_loop) {
        let name = ir::operation_name(operation);
        if SYNCHRONIZING.contains(&name.as_str()) {
            return Err(format!(
                "the loop has {name} at {}, after which other threads may see the element",
                ir::location_text(unsafe { mlirOperationGetLocation(operation) })
            ));
        }
    }
    let root = (&first.memory.root, first.memory.space);
    for (position, other) in findings.iter().enumerate() {
        if members.contains(&position) || !ir::encloses(the_loop, other.memory.operation) {
            continue;
        }
        if apart(first, other) || apart_by_guards(kernel, first, other) {
            continue;
        }
        let theirs = (&other.memory.root, other.memory.space);
        if other.memory.root == first.memory.root {
            return Err(format!(
                "the loop also accesses it at {}",
                other.memory.location
            ));
        }
        if effects::may_alias(kernel, root, theirs, options.assume_noalias) {
            return Err(format!(
                "{} (accessed at {}) may be the same buffer; unblock: {{llvm.noalias}} on either, \
                 or option assume-noalias",
                other.memory.root.describe(),
                other.memory.location
            ));
        }
    }
    Ok(())
}

/// Whether `one` and `other` access different elements of one memref: some index of theirs
/// differs by a constant other than 0 (each index is within its dimension, as MLIR requires).
fn apart(one: &Finding, other: &Finding) -> bool {
    let (mine, theirs) = (&one.access.indices, &other.access.indices);
    let same_memref = unsafe { mlirValueEqual(one.memory.memref, other.memory.memref) };
    same_memref
        && mine.len() == theirs.len()
        && mine
            .iter()
            .zip(theirs)
            .any(|(left, right)| left.constant_difference(right).is_some_and(|d| d != 0))
}

/// Whether `one` and `other` access different elements of one memref because some index of
/// theirs differs wherever both run: their guards and loop ranges prove one side smaller (LU's
/// `shadow[tx][j]` against `shadow[tx][i]` in `for (j = 0; j < i; j++)`; `shadow[j][i]` under
/// `if (tx > i)`: `j < i < tx`).
fn apart_by_guards(kernel: &Kernel, one: &Finding, other: &Finding) -> bool {
    let (mine, theirs) = (&one.access.indices, &other.access.indices);
    let same_memref = unsafe { mlirValueEqual(one.memory.memref, other.memory.memref) };
    if !same_memref || mine.len() != theirs.len() {
        return false;
    }
    let facts: Vec<Condition> = one
        .access
        .guard
        .iter()
        .chain(&other.access.guard)
        .cloned()
        .collect();
    let loops = if other.access.loops.len() >= one.access.loops.len() {
        &other.access.loops
    } else {
        &one.access.loops
    };
    let range = |variable: &Variable| kernel.range(loops, variable);
    mine.iter().zip(theirs).any(|(left, right)| {
        [(left, right), (right, left)]
            .into_iter()
            .any(|(smaller, larger)| {
                let goal = Condition::new(smaller.clone(), Relation::Less, larger.clone());
                analysis::delinearize::holds(&goal, &facts, &range).is_some()
            })
    })
}

/// Where the access model does not follow an index (`blockIdx.x * blockDim.x + threadIdx.x`
/// with the block size unknown), the element is still one, loop-invariant, when every access
/// uses the same SSA index values and each is defined before the loop; or why not.
fn shared_outside(
    findings: &[Finding],
    members: &[usize],
    the_loop: MlirOperation,
) -> Result<(), String> {
    let first = index_operands(&findings[members[0]].memory);
    for &member in members {
        let operands = index_operands(&findings[member].memory);
        if !ir::same_values(&operands, &first)
            || !operands
                .iter()
                .all(|&value| ir::defined_outside(value, the_loop))
        {
            return Err(
                "its index is not followed, and its accesses do not share one index value \
                 computed before the loop"
                    .into(),
            );
        }
    }
    Ok(())
}

/// Whether `value` is defined outside `the_loop` or by pure `arith` ops of such values (and
/// of `also`, an inner loop's counter, where given).
fn hoistable(
    value: MlirValue,
    the_loop: MlirOperation,
    also: Option<MlirValue>,
    depth: usize,
) -> bool {
    if ir::defined_outside(value, the_loop)
        || also.is_some_and(|also| unsafe { mlirValueEqual(also, value) })
    {
        return true;
    }
    let Some(owner) = ir::defining_operation(value) else {
        return false;
    };
    depth < MAX_HOISTED_DEPTH
        && ir::operation_name(owner).starts_with("arith.")
        && unsafe { mlirOperationGetNumRegions(owner) } == 0
        && (0..unsafe { mlirOperationGetNumOperands(owner) }).all(|position| {
            hoistable(
                unsafe { mlirOperationGetOperand(owner, position) },
                the_loop,
                also,
                depth + 1,
            )
        })
}

/// `value` as computed before `the_loop` (the `arith` ops it needs copied there).
fn hoisted(value: MlirValue, the_loop: MlirOperation) -> MlirValue {
    if ir::defined_outside(value, the_loop) {
        return value;
    }
    let owner = ir::defining_operation(value).expect("hoistable: an op result");
    let copy = unsafe { mlirOperationClone(owner) };
    for position in 0..unsafe { mlirOperationGetNumOperands(owner) } {
        let operand = hoisted(
            unsafe { mlirOperationGetOperand(owner, position) },
            the_loop,
        );
        unsafe { mlirOperationSetOperand(copy, position, operand) };
    }
    Builder::before(the_loop).insert(copy);
    let result = unsafe { mlirOpResultGetResultNumber(value) };
    unsafe { mlirOperationGetResult(copy, result) }
}

/// What carrying one element through a loop made: its first value, its last value in the
/// body, and where it lives.
struct Carried {
    /// The value before the loop.
    initial: MlirValue,
    /// The value at the end of the body.
    yielded: MlirValue,
    /// The memref and the indices (computed before the loop).
    place: Vec<MlirValue>,
    /// Whether the store after the loop needs no guard.
    unguarded: bool,
    /// Where the store after the loop points: the last store it replaces.
    store_location: MlirLocation,
    /// The loads after the loop that read the register instead, where the store is unguarded.
    reloads: Vec<MlirOperation>,
    /// The store before the loop its store after overwrites.
    dead_store: Option<MlirOperation>,
}

/// Carries the elements of `promoted` (all of `the_loop`) through it in registers (see the
/// module essay).
fn apply(
    findings: &[Finding],
    promoted: &[&Candidate],
    the_loop: MlirOperation,
) -> Result<(), String> {
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let (lower, upper) = unsafe {
        (
            mlirOperationGetOperand(the_loop, 0),
            mlirOperationGetOperand(the_loop, 1),
        )
    };
    let mut carried = Vec::new();
    for candidate in promoted {
        let first = &findings[candidate.members[0]].memory;
        // The load before the loop and the store after it point at the accesses they replace.
        let located = |kind: AccessKind| {
            let member = candidate
                .members
                .iter()
                .rev()
                .find(|&&member| findings[member].access.kind == kind)
                .expect("a candidate has a load and a store");
            unsafe { mlirOperationGetLocation(findings[*member].memory.operation) }
        };
        let (load_location, store_location) =
            (located(AccessKind::Load), located(AccessKind::Store));
        let mut place = vec![first.memref];
        place.extend(
            index_operands(first)
                .into_iter()
                .map(|value| hoisted(value, the_loop)),
        );
        let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(first.memref)) };
        let initial = match candidate.forwarded {
            Some((value, _)) => value,
            None if candidate.runs.is_some() => load(
                &Builder::before(the_loop).located(load_location),
                &place,
                element_type,
            ),
            None => guarded_load(
                &Builder::before(the_loop).located(load_location),
                (lower, upper),
                &place,
                element_type,
            )?,
        };
        let mut current =
            unsafe { mlirBlockAddArgument(body, element_type, mlirOperationGetLocation(the_loop)) };
        for &member in &candidate.members {
            let operation = findings[member].memory.operation;
            unsafe {
                if ir::is_named(operation, "memref.load") {
                    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(operation, 0), current);
                } else {
                    current = mlirOperationGetOperand(operation, 0);
                }
                mlirOperationDestroy(operation);
            }
        }
        // Where a store before the loop wrote the element, a loop that does not run stores
        // the same value there again.
        carried.push(Carried {
            initial,
            yielded: current,
            place,
            store_location,
            unguarded: candidate.unguarded(),
            reloads: candidate.reloads.clone(),
            dead_store: candidate.dead_store,
        });
    }
    let first_new = unsafe { mlirOperationGetNumResults(the_loop) };
    let values: Vec<(MlirValue, MlirValue)> = carried
        .iter()
        .map(|element| (element.initial, element.yielded))
        .collect();
    let remade = with_iter_arguments(the_loop, body, &values);
    let next = unsafe { mlirOperationGetNextInBlock(remade) };
    for (position, element) in carried.iter().enumerate() {
        let after = Builder::before(next).located(element.store_location);
        let last = unsafe { mlirOperationGetResult(remade, first_new + position as isize) };
        let mut operands = vec![last];
        operands.extend(&element.place);
        if element.unguarded {
            after.create("memref.store", &operands, &[], &[]);
        } else {
            let nonempty = after.compare(SIGNED_LESS, lower, upper)?;
            let (_, then_yield, _) = after.scf_if(nonempty, &[], false);
            Builder::before(then_yield).create("memref.store", &operands, &[], &[]);
        }
    }
    // The loads after the loop read the registers, once every store is built before the first
    // op after the loop (which may be one of them).
    for (position, element) in carried.iter().enumerate() {
        let last = unsafe { mlirOperationGetResult(remade, first_new + position as isize) };
        for &reload in &element.reloads {
            unsafe {
                mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(reload, 0), last);
                mlirOperationDestroy(reload);
            }
        }
        if let Some(store) = element.dead_store {
            unsafe { mlirOperationDestroy(store) };
        }
    }
    Ok(())
}

/// `place`'s element where `lower < upper` (a loop's bounds), else 0, loaded before the
/// builder's anchor.
fn guarded_load(
    before: &Builder,
    (lower, upper): (MlirValue, MlirValue),
    place: &[MlirValue],
    element_type: MlirType,
) -> Result<MlirValue, String> {
    let nonempty = before.compare(SIGNED_LESS, lower, upper)?;
    let (branch, then_yield, else_yield) = before.if_else(nonempty, &[element_type])?;
    let loaded = load(&Builder::before(then_yield), place, element_type);
    let zero = Builder::before(else_yield).zero(element_type);
    unsafe {
        mlirOperationSetOperands(then_yield, 1, &loaded);
        mlirOperationSetOperands(else_yield, 1, &zero);
        Ok(mlirOperationGetResult(branch, 0))
    }
}

/// `memref.load place[0][place[1..]]` of `element_type` before the builder's anchor.
fn load(builder: &Builder, place: &[MlirValue], element_type: MlirType) -> MlirValue {
    unsafe {
        mlirOperationGetResult(
            builder.create("memref.load", place, &[], &[element_type]),
            0,
        )
    }
}

/// The loads of the element of `members` after `the_loop` in its block, up to the first op
/// that may write that memory, order it against other threads or touch memory the analysis
/// cannot name (`facts::effects`: a write that may alias it, a barrier, an unknown effect),
/// those inside later ops that do none of these included: what they read is the value
/// stored after the loop (`mean[j] /= n` after the sum loop; GRAMSCHMIDT's second loop over
/// `r[k][j]`, which writes only `a`).
fn loaded_after(
    kernel: &Kernel,
    findings: &[Finding],
    members: &[usize],
    (the_loop, assume_noalias): (MlirOperation, bool),
) -> Vec<MlirOperation> {
    let first = &findings[members[0]];
    let block = unsafe { mlirOperationGetBlock(the_loop) };
    // The same index values, or the same index expressions with no part the model does not
    // follow.
    let same_element = |operation: MlirOperation| {
        findings.iter().any(|finding| {
            finding.memory.operation.ptr == operation.ptr
                && finding.memory.name == "memref.load"
                && unsafe { mlirValueEqual(finding.memory.memref, first.memory.memref) }
                && (ir::same_values(
                    &index_operands(&finding.memory),
                    &index_operands(&first.memory),
                ) || (finding.access.indices == first.access.indices
                    && !finding
                        .access
                        .indices
                        .iter()
                        .any(IndexExpression::has_unknown)))
        })
    };
    // An op whose writes cannot reach the element: every effect a read, or a write of memory
    // the element's cannot alias (GRAMSCHMIDT's second loop writes `a`, reads `r[k][j]`).
    let element = (&first.memory.root, first.memory.space);
    let apart = |operation: MlirOperation| {
        effects::effects(kernel, operation)
            .iter()
            .all(|(effect, _)| match effect {
                effects::Effect::Read(..) => true,
                effects::Effect::Write(root, space) => {
                    !effects::may_alias(kernel, element, (root, *space), assume_noalias)
                }
                effects::Effect::Barrier | effects::Effect::Unknown => false,
            })
    };
    let mut reloads = Vec::new();
    for operation in ir::block_operations(block)
        .into_iter()
        .skip_while(|operation| operation.ptr != the_loop.ptr)
        .skip(1)
    {
        if same_element(operation) {
            reloads.push(operation);
        } else if apart(operation) {
            // Its own loads of the element (a later loop's) read the register too.
            reloads.extend(
                ir::walk(operation)
                    .into_iter()
                    .filter(|&nested| nested.ptr != operation.ptr && same_element(nested)),
            );
        } else {
            break;
        }
    }
    reloads
}

/// The value stored to the element of `members` just before `the_loop` (`tmp[i] = 0;` then
/// the loop), where nothing between that store and the loop may touch that memory: the
/// register's first value, so the loop's other loads need not wait for a load under the
/// kernel's guard.
fn stored_before(
    kernel: &Kernel,
    findings: &[Finding],
    members: &[usize],
    (the_loop, options): (MlirOperation, &Options),
) -> Option<(MlirValue, MlirOperation)> {
    let first = &findings[members[0]];
    let block = unsafe { mlirOperationGetBlock(the_loop) };
    let operations = ir::block_operations(block);
    let position = operations
        .iter()
        .position(|operation| operation.ptr == the_loop.ptr)?;
    for &operation in operations[..position].iter().rev() {
        let access = findings
            .iter()
            .find(|finding| finding.memory.operation.ptr == operation.ptr);
        match access {
            Some(store)
                if store.memory.name == "memref.store"
                    && unsafe { mlirValueEqual(store.memory.memref, first.memory.memref) }
                    && store.access.indices == first.access.indices =>
            {
                return Some((unsafe { mlirOperationGetOperand(operation, 0) }, operation));
            }
            Some(other) if apart(first, other) => {}
            Some(other)
                if other.memory.root == first.memory.root
                    || effects::may_alias(
                        kernel,
                        (&first.memory.root, first.memory.space),
                        (&other.memory.root, other.memory.space),
                        options.assume_noalias,
                    ) =>
            {
                return None
            }
            Some(_) => {}
            None if unsafe { mlirOperationGetNumRegions(operation) } > 0
                || SYNCHRONIZING.contains(&ir::operation_name(operation).as_str()) =>
            {
                return None
            }
            None => {}
        }
    }
    None
}

/// `the_loop` remade with one more `iter_args` operand per `(initial, yielded)` value (its
/// block arguments already added to `body`); the new loop (the old one is gone).
pub(super) fn with_iter_arguments(
    the_loop: MlirOperation,
    body: MlirBlock,
    carried: &[(MlirValue, MlirValue)],
) -> MlirOperation {
    unsafe {
        let terminator = mlirBlockGetTerminator(body);
        let mut yields: Vec<MlirValue> = (0..mlirOperationGetNumOperands(terminator))
            .map(|position| mlirOperationGetOperand(terminator, position))
            .collect();
        yields.extend(carried.iter().map(|&(_, yielded)| yielded));
        mlirOperationSetOperands(terminator, yields.len() as isize, yields.as_ptr());
        let mut operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(the_loop))
            .map(|position| mlirOperationGetOperand(the_loop, position))
            .collect();
        operands.extend(carried.iter().map(|&(initial, _)| initial));
        let mut results: Vec<MlirType> = (0..mlirOperationGetNumResults(the_loop))
            .map(|position| mlirValueGetType(mlirOperationGetResult(the_loop, position)))
            .collect();
        results.extend(
            carried
                .iter()
                .map(|&(initial, _)| mlirValueGetType(initial)),
        );
        let region = mlirRegionCreate();
        mlirRegionTakeBody(region, mlirOperationGetRegion(the_loop, 0));
        let mut state = mlirOperationStateGet(
            ir::string_ref_of("scf.for"),
            mlirOperationGetLocation(the_loop),
        );
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let remade = mlirOperationCreate(&mut state);
        Builder::before(the_loop).insert(remade);
        for position in 0..mlirOperationGetNumResults(the_loop) {
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(the_loop, position),
                mlirOperationGetResult(remade, position),
            );
        }
        mlirOperationDestroy(the_loop);
        remade
    }
}
