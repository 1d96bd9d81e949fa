//! `stage-shared` for a load in a loop, per tile of iterations (seed-003
//! §5.1.7–8: chunk Row and Column iMAPs along the loop; MAP-204 `a[tx][k]`).
//!
//! For `for k = lower .. upper` (step 1) with the load `a[i(t, k)]` directly
//! in its body, every `T` iterations (`j = (k − lower) mod T == 0`, the same
//! for all threads when every loop and guard around the load is uniform
//! across the block, `crate::facts::uniform`, checked before anything changes: a
//! triangular `for k < tx` is refused, since a thread that left the loop
//! early would miss the barrier and the copy the others need) the
//! block refills a workgroup tile holding the box the next `T` iterations
//! read: a barrier (nobody still reads the old tile), a cooperative copy in
//! row-major cell order (thread `L` takes cells `L, L + N, …` of the box, `N`
//! threads; consecutive lanes read consecutive addresses), a barrier. The load
//! then reads `tile[thread part of i + loop coefficient · j]`.
//!
//! The box origin at the refill is `i − thread part of i`: the index with
//! thread ids at 0 (coefficients of threads and of the loop must be
//! non-negative, so the origin is the box's corner). The copy runs
//! `⌈cells / N⌉` rounds with constant bounds; a cell whose global index falls
//! outside the memref (a last, partial tile) copies the clamped, valid
//! element instead, which no thread reads (the original only reads in
//! bounds). So the tile's accesses carry no guard on block ids, and the
//! layout search can cost them: the row-per-thread read `tile[tx][j]` is
//! then padded or swizzled (seed-003 "S+bcr" for MAP-204).
//!
//! A load in a *nest* of loops (SAD's `for r { for c { ref[ty + r][tx + c] } }`,
//! seed-000's sad kernels) is staged whole: every loop of the nest must have a
//! constant trip count of at most `TILE_ITERATIONS`, so the planner's box
//! (over every loop's whole range) holds what the nest reads. The load then
//! reads `tile[thread part + Σ loop coefficient · (iv − lower)]`.
//!
//! Whenever one tile holds every iteration (a nest, or a loop of at most a
//! tile's iterations), the copy runs once, before the outermost loop, from
//! an origin built there: the index with thread ids at 0 and every loop at
//! its lower bound, from block ids and `index` kernel arguments; the loops
//! then only read (SAD's inner loop keeps its five instructions). When the
//! index needs another value, the refill stays in the loop, guarded by every
//! loop being at a tile's first iteration.
//!
//! Supported, checked before anything changes: a `memref.load` directly in
//! an `scf.for` whose enclosing loops are all `scf.for`s, the outermost in
//! the kernel's entry block, constant bounds, step 1 (any constant step when
//! one tile holds the loop), no guard, and an affine
//! index. The caller checks the buffer is never written by the kernel and no
//! store that may write it is in the loop or before it.

use analysis::{
    expression::Variable, matrix::AccessMatrix, metrics::Block, staging::TILE_ITERATIONS,
};
use mlir_sys::*;

use crate::{
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir,
    ir::builder::Builder,
    steps::memory_space::disjoint,
    steps::stage_shared::copy::{compare_equal, copy_box, CopyBox},
    steps::stage_shared::single::{
        guarded_region, id_op, new_tile, symbol_values, thread_ids, tile_type, Staged, BLOCKS,
        THREADS,
    },
    steps::stage_shared::strip_mine,
};

/// What staging a load in a loop needs, checked before anything changes ([`plan`]).
pub(super) struct Plan {
    /// The loops' lower bounds, outermost first.
    lowers: Vec<i64>,
    /// The enclosing `scf.for`s, outermost first.
    loops: Vec<MlirOperation>,
    /// Per loop, how many iterations a tile holds.
    periods: Vec<i64>,
    /// Whether one tile holds every iteration and is copied once, before the nest.
    hoisted: bool,
    /// Whether every thread reaches a refill in the loop alike, or why not.
    refill: Result<(), String>,
}

/// Checks, without touching the IR, that the load of `finding` can be staged through a tile
/// refilled every `iterations` iterations of its loop, or once for a whole loop nest.
pub(super) fn plan(
    kernel: &Kernel,
    finding: &Finding,
    iterations: i64,
    uniformity: &Uniformity,
) -> Result<Plan, String> {
    let lowers = requirements(finding)?;
    let operation = finding.memory.operation;
    if !finding.access.guard.is_empty() {
        return Err("the load is guarded".into());
    }
    let loops = enclosing_loops(kernel, operation, lowers.len(), uniformity)?;
    finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    // Refill periods: a single loop per tile of `iterations`; a nest (whose loops all fit
    // in one tile, `requirements`) once.
    let periods: Vec<i64> = match &finding.access.loops[..] {
        [_] => vec![iterations],
        nest => nest
            .iter()
            .map(|the_loop| the_loop.trip_count().unwrap_or(1) as i64)
            .collect(),
    };
    // One tile holds every iteration: the copy goes before the nest, in the entry block.
    // Otherwise it is refilled in the loop, whose barriers every thread must reach alike.
    let whole = finding
        .access
        .loops
        .iter()
        .zip(&periods)
        .all(|(the_loop, &period)| {
            the_loop
                .trip_count()
                .is_some_and(|trips| trips as i64 <= period)
        });
    let hoisted = whole && origin_available(kernel, finding);
    let refill = uniformity.barrier_point(operation);
    if !hoisted {
        refill.clone().map_err(|why| {
            format!(
                "the tile's refill would put a barrier where not every thread reaches it: {why}"
            )
        })?;
    }
    Ok(Plan {
        lowers,
        loops,
        periods,
        hoisted,
        refill,
    })
}

/// Stages the load of `finding` through a tile of `extents` as `plan` says: refilled every
/// `plan.periods` iterations of its loop, or once for a whole loop nest.
pub(super) fn build(
    kernel: &Kernel,
    finding: &Finding,
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    let memory = &finding.memory;
    let operation = memory.operation;
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    let location = unsafe { mlirOperationGetLocation(operation) };
    let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    let tile = new_tile(kernel, &tile_type)?;

    let before = Builder::before(operation).located(location);
    let zero = before.index_constant(0);
    let sizes = [block.x, block.y, block.z];
    let thread_ids = thread_ids(&before, sizes, zero);
    let thread_part = tile_index(&before, matrix, (&thread_ids, sizes), &[]);
    // Per loop, the iteration within the current tile (no remainder for a tile of the whole
    // loop: the offset never reaches it).
    let mut within = Vec::with_capacity(plan.loops.len());
    let trips = finding
        .access
        .loops
        .iter()
        .map(|the_loop| the_loop.trip_count());
    for (((&the_loop, &lower), &period), trips) in plan
        .loops
        .iter()
        .zip(&plan.lowers)
        .zip(&plan.periods)
        .zip(trips)
    {
        let offset = iteration_offset(&before, the_loop, lower);
        within.push(match trips {
            Some(trips) if trips as i64 <= period => offset,
            _ => {
                let remainder =
                    before.index_binary("arith.remui", offset, before.index_constant(period));
                if plan.loops.len() == 1 {
                    if let Some(operation) = ir::defining_operation(remainder) {
                        mark(operation, strip_mine::TILE_ITERATION, period);
                    }
                }
                remainder
            }
        });
    }
    let copy = |builder: &Builder, threads: &[MlirValue], origin: &[MlirValue]| {
        let source = CopyBox::new(
            memory.memref,
            element_type,
            tile,
            origin,
            extents,
            &finding.access.layout.shape,
        );
        let copied = copy_box(builder, threads, block, &source, location);
        builder.create("gpu.barrier", &[], &[], &[]);
        copied
    };
    let copy_in = match plan
        .hoisted
        .then(|| hoisted_origin(kernel, finding, plan.loops[0], &plan.lowers))
    {
        // One tile holds what the whole nest reads: copied once, before it.
        Some(Some((outer, origin))) => {
            let threads = super::single::thread_ids(&outer, sizes, outer.index_constant(0));
            copy(&outer, &threads, &origin)?
        }
        // Refilled in the loop, when every loop is at a tile's first iteration (the same for
        // all threads: the barriers are uniform); the origin is the index minus its thread part.
        _ => {
            plan.refill?;
            let mut refill = None;
            for &step in &within {
                let first = compare_equal(&before, step, zero)?;
                refill = Some(match refill {
                    None => first,
                    Some(earlier) => before.boolean("arith.andi", earlier, first),
                });
            }
            let refill = refill.ok_or("the load is in no loop")?;
            let then_yield = guarded_region(&before, refill);
            if let [period] = plan.periods[..] {
                let branch = unsafe { mlirOperationGetParentOperation(then_yield) };
                mark(branch, strip_mine::REFILL, period);
            }
            let inside = Builder::before(then_yield).located(location);
            inside.create("gpu.barrier", &[], &[], &[]);
            let origin: Vec<MlirValue> = thread_part
                .iter()
                .enumerate()
                .map(|(dimension, &part)| {
                    let index =
                        unsafe { mlirOperationGetOperand(operation, 1 + dimension as isize) };
                    inside.index_binary("arith.subi", index, part)
                })
                .collect();
            copy(&inside, &thread_ids, &origin)?
        }
    };

    let own = tile_index(&before, matrix, (&thread_ids, sizes), &within);
    unsafe {
        mlirOperationSetOperand(operation, 0, tile);
        for (dimension, &index) in own.iter().enumerate() {
            mlirOperationSetOperand(operation, 1 + dimension as isize, index);
        }
    }
    Ok(Staged {
        tile_type,
        global: copy_in,
    })
}

/// Marks `operation` with `name = period : i64` for [`strip_mine`], which removes the mark.
fn mark(operation: MlirOperation, name: &str, period: i64) {
    unsafe {
        let context = mlirOperationGetContext(operation);
        let attribute = mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), period);
        mlirOperationSetDiscardableAttributeByName(operation, ir::string_ref_of(name), attribute);
    }
}

/// The `count` `scf.for` loops around `operation`, outermost first (as the access's loop ids
/// count them), the outermost in the kernel's entry block, or alone on the fast path of
/// run-time checks there (`disjoint::version_operation`), or about to leave its edge guard
/// there (`Uniformity::in_place_of`); `scf.if`s (a guard) may sit between them.
pub(super) fn enclosing_loops(
    kernel: &Kernel,
    operation: MlirOperation,
    count: usize,
    uniformity: &Uniformity,
) -> Result<Vec<MlirOperation>, String> {
    let mut loops = Vec::with_capacity(count);
    let mut inner = operation;
    while loops.len() < count {
        inner = unsafe { mlirOperationGetParentOperation(inner) };
        match ir::operation_name(inner).as_str() {
            "scf.if" => {}
            "scf.for" => loops.insert(0, inner),
            _ => return Err("the loops around the access are not all scf.for".into()),
        }
    }
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let top = |mut outer: MlirOperation| loop {
        let parent = unsafe { mlirOperationGetParentOperation(outer) };
        match ir::attribute(parent, disjoint::DISJOINT) {
            Some(_) => outer = parent,
            None => return outer,
        }
    };
    match loops.first() {
        Some(&outer)
            if unsafe { mlirOperationGetBlock(top(uniformity.in_place_of(outer))).ptr }
                == entry.ptr =>
        {
            Ok(loops)
        }
        Some(_) => Err("the access's loop is not at the top of the kernel".into()),
        None => Err("the access is in no loop".into()),
    }
}

/// The induction variable of `the_loop` (an `scf.for`).
pub(super) fn induction(the_loop: MlirOperation) -> MlirValue {
    unsafe {
        mlirBlockGetArgument(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)),
            0,
        )
    }
}

/// `iv − lb` of `the_loop`, built at `builder` (inside the loop): the iteration's offset from
/// the first, which is also the access model's `j − lower` (`lower` its constant lower bound).
/// A loop over one tile, `for k = kk to kk + 32`, has no constant lower bound in the IR; the
/// model reads its variable as `j = k − kk` from 0 (`facts::extract` enclosing), so its offset
/// subtracts the start operand, not `lower`.
pub(super) fn iteration_offset(
    builder: &Builder,
    the_loop: MlirOperation,
    lower: i64,
) -> MlirValue {
    let induction = induction(the_loop);
    let start = unsafe { mlirOperationGetOperand(the_loop, 0) };
    match ir::static_integer(start) {
        Some(0) => induction,
        Some(_) => builder.index_binary("arith.subi", induction, builder.index_constant(lower)),
        None => builder.index_binary("arith.subi", induction, start),
    }
}

/// The access model's variable of `the_loop` at the current iteration, built at `builder`:
/// `lower + (iv − lb)` ([`iteration_offset`]); `iv` itself where the loop's lower bound is
/// the constant `lower`.
pub(super) fn model_variable(builder: &Builder, the_loop: MlirOperation, lower: i64) -> MlirValue {
    let start = unsafe { mlirOperationGetOperand(the_loop, 0) };
    if ir::static_integer(start).is_some() {
        return induction(the_loop);
    }
    let offset = iteration_offset(builder, the_loop, lower);
    match lower {
        0 => offset,
        _ => builder.index_binary("arith.addi", offset, builder.index_constant(lower)),
    }
}

/// The tile cell of the executing thread, built at `builder`: per dimension, `Σ M[d][t]·t`
/// over the thread ids (of a block of `sizes`) plus `Σ M[d][loop k]·offsets[k]`.
pub(super) fn tile_index(
    builder: &Builder,
    matrix: &AccessMatrix,
    (thread_ids, sizes): (&[MlirValue], [u32; 3]),
    offsets: &[MlirValue],
) -> Vec<MlirValue> {
    let zero = builder.index_constant(0);
    let threads = THREADS
        .iter()
        .cloned()
        .zip(thread_ids.iter().copied())
        .zip(sizes)
        .filter(|&(_, size)| size > 1)
        .map(|(term, _)| term);
    let loops = offsets
        .iter()
        .enumerate()
        .map(|(position, &offset)| (Variable::Loop(analysis::LoopId(position)), offset));
    let terms: Vec<(Variable, MlirValue)> = threads.chain(loops).collect();
    (0..matrix.rows.len())
        .map(|dimension| {
            terms.iter().fold(zero, |sum, (variable, value)| {
                match matrix.coefficient(dimension, variable) {
                    0 => sum,
                    1 => builder.index_binary("arith.addi", sum, *value),
                    factor => {
                        let term = builder.index_binary(
                            "arith.muli",
                            *value,
                            builder.index_constant(factor),
                        );
                        builder.index_binary("arith.addi", sum, term)
                    }
                }
            })
        })
        .collect()
}

/// A builder before `outer` (the nest's outermost loop) and the box origin built there: the
/// access's index with thread ids at 0 and every loop at its lower bound `lowers`, from block
/// ids and `index` kernel arguments; `None` (nothing built) when the index needs another
/// value.
pub(super) fn hoisted_origin(
    kernel: &Kernel,
    finding: &Finding,
    outer: MlirOperation,
    lowers: &[i64],
) -> Option<(Builder, Vec<MlirValue>)> {
    if !origin_available(kernel, finding) {
        return None;
    }
    let location = unsafe { mlirOperationGetLocation(finding.memory.operation) };
    let builder = Builder::before(outer).located(location);
    let loop_values: Vec<MlirValue> = lowers
        .iter()
        .map(|&lower| builder.index_constant(lower))
        .collect();
    let origin = origin_at(kernel, finding, &builder, &loop_values)?;
    Some((builder, origin))
}

/// Whether the access's index can be rebuilt anywhere in the kernel from thread ids, block
/// ids, its loops' variables and `index` kernel arguments ([`origin_at`]).
pub(super) fn origin_available(kernel: &Kernel, finding: &Finding) -> bool {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let values = symbol_values(kernel, entry);
    let loops = finding.access.loops.len();
    let available = |variable: &Variable| match variable {
        Variable::Loop(analysis::LoopId(depth)) => *depth < loops,
        _ => variable.is_thread() || variable.is_block() || values.contains_key(variable),
    };
    finding
        .access
        .indices
        .iter()
        .all(|index| index.variables().iter().all(available))
}

/// The access's index with thread ids at 0 and loop `k` at `loop_values[k]`, built at
/// `builder` (the corner of the box those iterations cover); `None` when a value is not
/// available ([`origin_available`] says beforehand).
pub(super) fn origin_at(
    kernel: &Kernel,
    finding: &Finding,
    builder: &Builder,
    loop_values: &[MlirValue],
) -> Option<Vec<MlirValue>> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let mut values = symbol_values(kernel, entry);
    let zero = builder.index_constant(0);
    values.extend(THREADS.iter().map(|thread| (thread.clone(), zero)));
    for (depth, &value) in loop_values.iter().enumerate() {
        values.insert(Variable::Loop(analysis::LoopId(depth)), value);
    }
    let indices = &finding.access.indices;
    for (dimension, variable) in BLOCKS.iter().enumerate() {
        if indices
            .iter()
            .any(|index| index.variables().contains(variable))
        {
            values.insert(variable.clone(), id_op(builder, "gpu.block_id", dimension));
        }
    }
    indices
        .iter()
        .map(|index| builder.index(index, &values))
        .collect()
}

/// What staging per tile needs of the load itself, wherever its loops sit: a
/// `memref.load` directly in an `scf.for`; every enclosing loop with a constant
/// lower bound and step 1 (any constant step in a loop one tile holds), and,
/// for a nest of loops, trip counts of at most [`TILE_ITERATIONS`] (the tile
/// holds what the whole nest reads); an affine index with non-negative thread
/// and loop coefficients. The loops' lower bounds, outermost first.
pub fn requirements(finding: &Finding) -> Result<Vec<i64>, String> {
    let memory = &finding.memory;
    if memory.name != "memref.load" {
        return Err(format!("{} is not a memref.load", memory.name));
    }
    let loops = &finding.access.loops;
    let mut lowers = Vec::with_capacity(loops.len());
    for the_loop in loops {
        // A loop that one tile holds whole may step by any constant; a loop refilled per tile
        // steps by 1 (its offset within the tile is taken modulo the tile's iterations).
        let whole = the_loop
            .trip_count()
            .is_some_and(|trips| trips as i64 <= TILE_ITERATIONS);
        match (the_loop.lower, the_loop.step) {
            (Some(lower), Some(1)) => lowers.push(lower),
            (Some(lower), Some(step)) if step > 0 && whole => lowers.push(lower),
            _ => {
                return Err(
                    "a loop's lower bound is not constant, or its step is not 1 in a \
                            loop of more iterations than a tile holds"
                        .into(),
                )
            }
        }
    }
    if loops.len() > 1 {
        for (position, the_loop) in loops.iter().enumerate() {
            match the_loop.trip_count() {
                Some(trips) if trips as i64 <= TILE_ITERATIONS => {}
                Some(trips) => {
                    return Err(format!(
                        "loop{position} of the nest runs {trips} iterations, more than the \
                         {TILE_ITERATIONS} a tile holds (a nest is staged whole)"
                    ))
                }
                None => {
                    return Err(format!(
                        "loop{position} of the nest has no constant trip count (a nest is \
                         staged whole)"
                    ))
                }
            }
        }
    }
    if !ir::is_named(
        unsafe { mlirOperationGetParentOperation(memory.operation) },
        "scf.for",
    ) {
        return Err("the load is not directly in an scf.for".into());
    }
    non_negative(finding)?;
    Ok(lowers)
}

/// Checks that the index of `finding` is affine with non-negative thread and loop
/// coefficients, so the index with thread ids at 0 and loops at their lower bounds is the
/// corner of the box.
pub(super) fn non_negative(finding: &Finding) -> Result<(), String> {
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    let negative = matrix
        .variables
        .iter()
        .filter(|variable| variable.is_thread() || matches!(variable, Variable::Loop(_)))
        .any(|variable| (0..matrix.rows.len()).any(|row| matrix.coefficient(row, variable) < 0));
    if negative {
        return Err("a thread or loop coefficient is negative".into());
    }
    Ok(())
}
