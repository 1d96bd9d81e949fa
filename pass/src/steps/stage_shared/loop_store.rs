//! `stage-shared` for a store in a nest of loops, staged whole (seed-003 §5.1.7; the
//! transpose with a row loop of NVIDIA's `transposeNaive`, which becomes its
//! `transposeCoalesced`).
//!
//! For `for j = lower .. upper step s { out[i(t, j)] = v }` (or a nest of such
//! loops), every loop with at most `TILE_ITERATIONS` iterations, the box the
//! whole nest writes fits one workgroup tile. In the loops each thread writes
//! `tile[thread part of i + Σ loop coefficient · (iv − lower)]`; after the
//! outermost loop the block meets at a barrier and copies the tile out in
//! row-major cell order (thread `L` takes cells `L, L + N, …`), so
//! consecutive lanes write consecutive addresses. The box origin, the index
//! with thread ids at 0 and every loop at its lower bound, is built before the
//! outermost loop from block ids and `index` kernel arguments.
//!
//! A single loop of more iterations, a multiple of the tile's `T`, is staged
//! per tile: the thread writes `tile[thread part + coefficient · ((iv − lower)
//! mod T·s)]`, and after the store of a tile's last iteration (the same for
//! every thread, so the barriers are uniform) the block meets at a barrier,
//! copies the tile out from that tile's origin (the index minus the thread's
//! own cell), and meets again before the next tile's writes.
//!
//! A guard (enclosing `scf.if`s in the loops) is supported when each of its
//! tests bounds one of the store's indices, exactly as the store computes it,
//! by a value the same for the whole block (`row < m`, `x < n`: a DSL's edge
//! tests): the copy-out then tests each cell by its global index (and leaves
//! out negative ones, which no unsigned test lets through), so exactly the
//! cells the guard let the store write are copied out.
//!
//! The copy-out writes every cell of the box, so the threads and iterations
//! must write each cell exactly once (`staging::covers_box_once`, by
//! enumeration): a cell nobody wrote would be written with garbage, a cell
//! written twice by two iterations would lose the order between them. Then
//! exactly the elements the original wrote are written, with the same
//! values, and every cell lies in the array (the original wrote it).
//!
//! Supported, checked before anything changes: a `memref.store` in an
//! `scf.for` (under `scf.if`s of its guard at most), whose enclosing loops
//! are all `scf.for`s, the outermost in the kernel's entry block (so the
//! barrier after it is reached by every thread), constant bounds and steps,
//! at most `TILE_ITERATIONS` iterations each (or one loop of a multiple of
//! the tile's iterations), a guard of index bounds, an
//! affine index with non-negative thread and loop coefficients, rebuildable
//! from ids, loop variables and `index` kernel arguments. The caller checks
//! that no access that may run after the store may touch its buffer, so the
//! writes reaching memory later is not observable.

use std::collections::BTreeMap;

use analysis::{
    expression::{IndexExpression, Loop, Variable},
    matrix::{Access, Condition, Relation},
    metrics::Block,
    staging::{covers_box_once, TILE_ITERATIONS},
};
use mlir_sys::*;

use crate::{
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir::builder::Builder,
    steps::stage_shared::copy::{compare_equal, copy_box, CellCondition, CopyBox},
    steps::stage_shared::loop_load::{
        enclosing_loops, hoisted_origin, iteration_offset, model_variable, non_negative, origin_at,
        origin_available, tile_index,
    },
    steps::stage_shared::single::{
        compare, guarded_region, id_op, new_tile, symbol_values, thread_ids, tile_type, Staged,
        BLOCKS,
    },
};

/// When the tile goes out to global memory.
enum CopyOut {
    /// Once, after the outermost loop, from this origin (built before the loops).
    Once(Vec<MlirValue>),
    /// After every tile of this many values of the loop's induction variable.
    PerTile(i64),
}

/// What staging a store in a loop nest needs, checked before anything changes ([`plan`]).
pub(super) struct Plan {
    /// The loops' lower bounds, outermost first.
    lowers: Vec<i64>,
    /// The enclosing `scf.for`s, outermost first.
    loops: Vec<MlirOperation>,
    /// Values of the symbols the guard may name.
    symbols: BTreeMap<Variable, MlirValue>,
    /// The store's guard as bounds on its indices ([`index_bounds`]).
    bounds: Vec<Condition>,
    /// The outermost loop's step.
    step: i64,
    /// For a single loop of more iterations than a tile holds, the tile's iterations.
    period: Option<i64>,
}

/// Checks, without touching the IR, that the store of `finding`, in a nest of loops, can be
/// staged through a tile holding `iterations` iterations: written in the loops and copied
/// out once after them, or, for a single loop of more iterations, after every `iterations`
/// of them.
pub(super) fn plan(
    kernel: &Kernel,
    finding: &Finding,
    (block, extents, iterations): (Block, &[i64], i64),
    uniformity: &Uniformity,
) -> Result<Plan, String> {
    let operation = finding.memory.operation;
    let (lowers, period) = requirements(finding, iterations)?;
    let loops = enclosing_loops(kernel, operation, lowers.len(), uniformity)?;
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let symbols = symbol_values(kernel, entry);
    let bounds = index_bounds(finding, &symbols)?;
    let flush_after = body_ancestor(operation, loops[loops.len() - 1]);
    finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    covers_box_once(&one_tile(finding, period), block, extents)
        .map_err(|why| format!("the nest does not write its box once: {why}"))?;
    if !origin_available(kernel, finding) {
        return Err(
            "the box origin needs a value other than ids, loop variables and index kernel \
             arguments"
                .into(),
        );
    }
    let step = finding.access.loops[0].step.unwrap_or(1);
    // Once: the barrier goes after the nest, in the entry block; per tile: in the loop.
    let barrier = match period {
        None => loops[0],
        Some(_) => flush_after,
    };
    uniformity.barrier_point(barrier).map_err(|why| {
        format!("the copy-out would put a barrier where not every thread reaches it: {why}")
    })?;
    Ok(Plan {
        lowers,
        loops,
        symbols,
        bounds,
        step,
        period,
    })
}

/// Stages the store of `finding` through a tile of `extents` as `plan` says.
pub(super) fn build(
    kernel: &Kernel,
    finding: &Finding,
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    let (memory, shape) = (&finding.memory, &finding.access.layout.shape);
    let operation = memory.operation;
    // Found again: a loop that left its edge guard has put the store under a guard of its own.
    let flush_after = body_ancestor(operation, plan.loops[plan.loops.len() - 1]);
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    let copy_out = match plan.period {
        None => CopyOut::Once(
            hoisted_origin(kernel, finding, plan.loops[0], &plan.lowers)
                .ok_or("the box origin needs a value that is not available before the loops")?
                .1,
        ),
        Some(period) => CopyOut::PerTile(period * plan.step),
    };
    let location = unsafe { mlirOperationGetLocation(operation) };
    let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    let tile = new_tile(kernel, &tile_type)?;
    let sizes = [block.x, block.y, block.z];
    // Built before the store's ancestor in the innermost loop's body, so that they are at
    // hand both for the store (maybe under its guard) and for a per-tile copy-out after it.
    let before = Builder::before(flush_after).located(location);
    let zero = before.index_constant(0);
    let threads = thread_ids(&before, sizes, zero);
    let mut offsets: Vec<MlirValue> = plan
        .loops
        .iter()
        .zip(&plan.lowers)
        .map(|(&the_loop, &lower)| iteration_offset(&before, the_loop, lower))
        .collect();
    // Per tile: the offset within the tile, `(iv − lower) mod (period · step)`.
    if let CopyOut::PerTile(span) = copy_out {
        offsets[0] = before.index_binary("arith.remui", offsets[0], before.index_constant(span));
    }
    let own = tile_index(&before, matrix, (&threads, sizes), &offsets);
    unsafe {
        mlirOperationSetOperand(operation, 1, tile);
        for (dimension, &index) in own.iter().enumerate() {
            mlirOperationSetOperand(operation, 2 + dimension as isize, index);
        }
    }

    // The store's guard, evaluated at a cell's global indices (every bound is on an index).
    let guard = |builder: &Builder, global: &[MlirValue]| -> Result<MlirValue, String> {
        let mut values = plan.symbols.clone();
        for (dimension, variable) in BLOCKS.iter().enumerate() {
            values.insert(variable.clone(), id_op(builder, "gpu.block_id", dimension));
        }
        for (dimension, &index) in global.iter().enumerate() {
            values.insert(cell_index(dimension), index);
        }
        // The guard's tests may be unsigned (`ult`) and are evaluated signed here: a cell at
        // a negative index, which no unsigned test lets through, is left out explicitly.
        let non_negative = (0..global.len())
            .map(|dimension| Condition::new(cell_index(dimension), Relation::GreaterEqual, 0));
        let mut holds = None;
        for condition in plan.bounds.iter().cloned().chain(non_negative) {
            let this = compare(builder, &condition, &values)?;
            holds =
                Some(holds.map_or(this, |earlier| builder.boolean("arith.andi", earlier, this)));
        }
        holds.ok_or_else(|| "no guard".to_string())
    };
    let condition: Option<&CellCondition> = (!plan.bounds.is_empty()).then_some(&guard);
    let copied = match copy_out {
        // The whole nest in one tile: copied out once, after the outermost loop.
        CopyOut::Once(origin) => {
            let after = Builder::before(unsafe { mlirOperationGetNextInBlock(plan.loops[0]) })
                .located(location);
            after.create("gpu.barrier", &[], &[], &[]);
            let threads = thread_ids(&after, sizes, after.index_constant(0));
            let box_out = CopyBox::new(memory.memref, element_type, tile, &origin, extents, shape)
                .outward(condition);
            copy_box(&after, &threads, block, &box_out, location)?
        }
        // Per tile: after the store of a tile's last iteration (the same for all threads),
        // a barrier, the copy-out from the tile's origin (the index with thread ids at 0 and
        // the loop at the tile's first iteration), and a barrier before the next tile's writes.
        CopyOut::PerTile(span) => {
            let after = Builder::before(unsafe { mlirOperationGetNextInBlock(flush_after) })
                .located(location);
            let last = compare_equal(&after, offsets[0], after.index_constant(span - plan.step))?;
            let inside = Builder::before(guarded_region(&after, last)).located(location);
            inside.create("gpu.barrier", &[], &[], &[]);
            // The tile's first iteration: `iv` less its offset within the tile.
            let variable = model_variable(&inside, plan.loops[0], plan.lowers[0]);
            let first = inside.index_binary("arith.subi", variable, offsets[0]);
            let origin = origin_at(kernel, finding, &inside, &[first])
                .ok_or("the box origin cannot be rebuilt in the loop")?;
            let box_out = CopyBox::new(memory.memref, element_type, tile, &origin, extents, shape)
                .outward(condition);
            let flushed = copy_box(&inside, &threads, block, &box_out, location)?;
            inside.create("gpu.barrier", &[], &[], &[]);
            flushed
        }
    };
    Ok(Staged {
        tile_type,
        global: copied,
    })
}

/// The variable standing for a cell's global index in dimension `dimension` in the guard.
fn cell_index(dimension: usize) -> Variable {
    Variable::Symbol(format!("(cell index {dimension})"))
}

/// The store's guard as bounds on its indices: each conjunct compares one index, exactly as
/// the store computes it, with a value the same for the whole block (block ids, `index`
/// kernel arguments, constants), rewritten onto [`cell_index`] so that the copy-out can test
/// a cell by its global index (a DSL's edge test `if row < m { out[x][row] = … }`).
fn index_bounds(
    finding: &Finding,
    symbols: &BTreeMap<Variable, MlirValue>,
) -> Result<Vec<Condition>, String> {
    let indices = &finding.access.indices;
    let uniform = |expression: &IndexExpression| {
        expression
            .variables()
            .iter()
            .all(|variable| variable.is_block() || symbols.contains_key(variable))
            && expression.linear().is_ok()
    };
    finding
        .access
        .guard
        .iter()
        .enumerate()
        .map(|(position, condition)| {
            let on = |side: &IndexExpression| indices.iter().position(|index| index == side);
            match (on(&condition.left), on(&condition.right)) {
                (Some(dimension), _) if uniform(&condition.right) => Ok(Condition::new(
                    cell_index(dimension),
                    condition.relation,
                    condition.right.clone(),
                )),
                (_, Some(dimension)) if uniform(&condition.left) => Ok(Condition::new(
                    condition.left.clone(),
                    condition.relation,
                    cell_index(dimension),
                )),
                _ => Err(format!(
                    "test {} of the guard does not bound one of the store's indices by a value \
                     the same for the whole block",
                    position + 1
                )),
            }
        })
        .collect()
}

/// The ancestor of `operation` directly in the body of `the_loop` (the store itself, or the
/// `scf.if` of its guard): a per-tile copy-out goes after it, where every thread arrives.
fn body_ancestor(mut operation: MlirOperation, the_loop: MlirOperation) -> MlirOperation {
    loop {
        let parent = unsafe { mlirOperationGetParentOperation(operation) };
        if parent.ptr.is_null() || parent.ptr == the_loop.ptr {
            return operation;
        }
        operation = parent;
    }
}

/// The access as one tile of `period` iterations of its single loop sees it (itself when
/// the whole nest is one tile).
fn one_tile(finding: &Finding, period: Option<i64>) -> Access {
    let mut access = finding.access.clone();
    if let (Some(period), Some(the_loop)) = (period, access.loops.first_mut()) {
        let (lower, step) = (the_loop.lower.unwrap_or(0), the_loop.step.unwrap_or(1));
        *the_loop = Loop::constant(lower, lower + period * step, step);
    }
    access
}

/// The loops' lower bounds (outermost first) and, for a single loop of more iterations than
/// a tile holds, the tile's `iterations`, after checking what this staging needs of the store
/// and its loops (see the module essay).
fn requirements(finding: &Finding, iterations: i64) -> Result<(Vec<i64>, Option<i64>), String> {
    let memory = &finding.memory;
    if memory.name != "memref.store" {
        return Err(format!("{} is not a memref.store", memory.name));
    }
    let single = finding.access.loops.len() == 1;
    let mut lowers = Vec::with_capacity(finding.access.loops.len());
    let mut period = None;
    for (position, the_loop) in finding.access.loops.iter().enumerate() {
        let (Some(lower), Some(_)) = (the_loop.lower, the_loop.step) else {
            return Err(format!(
                "loop{position}'s lower bound or step is not constant"
            ));
        };
        match the_loop.trip_count() {
            Some(trips) if trips as i64 <= TILE_ITERATIONS => lowers.push(lower),
            Some(trips) if single && iterations > 0 && trips as i64 % iterations == 0 => {
                lowers.push(lower);
                period = Some(iterations);
            }
            Some(trips) if single => {
                return Err(format!(
                    "loop{position} runs {trips} iterations, not a multiple of the {iterations} \
                     a tile holds (every tile is copied out whole)"
                ))
            }
            Some(trips) => {
                return Err(format!(
                    "loop{position} runs {trips} iterations, more than the {TILE_ITERATIONS} a \
                     tile holds (a store's nest is staged whole)"
                ))
            }
            None => {
                return Err(format!(
                    "loop{position} has no constant trip count (a store's tiles are copied out \
                     whole)"
                ))
            }
        }
    }
    non_negative(finding)?;
    Ok((lowers, period))
}
