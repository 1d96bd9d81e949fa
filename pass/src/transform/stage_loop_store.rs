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
//! The copy-out writes every cell of the box, so the threads and iterations
//! must write each cell exactly once (`staging::covers_box_once`, by
//! enumeration): a cell nobody wrote would be written with garbage, a cell
//! written twice by two iterations would lose the order between them. Then
//! exactly the elements the original wrote are written, with the same
//! values, and every cell lies in the array (the original wrote it).
//!
//! Supported, checked before anything changes: a `memref.store` directly in
//! an `scf.for` whose enclosing loops are all `scf.for`s, the outermost in the
//! kernel's entry block (so the barrier after it is reached by every
//! thread), constant bounds and steps, at most `TILE_ITERATIONS` iterations
//! each (or one loop of a multiple of the tile's iterations), no guard, a static memref shape, an affine index with non-negative
//! thread and loop coefficients, and an origin buildable before the loops.
//! The caller checks that no other access of the kernel may touch the
//! buffer, so the writes reaching memory after the loops is not observable.

use analysis::{
    expression::Loop,
    matrix::Access,
    metrics::Block,
    staging::{covers_box_once, TILE_ITERATIONS},
};
use mlir_sys::*;

use crate::{
    findings::Finding,
    kernels::Kernel,
    rewrite::Builder,
    transform::{
        stage_loop::{
            compare_equal, copy_box, enclosing_loops, hoisted_origin, iteration_offset,
            non_negative, static_shape, tile_index, CopyBox,
        },
        stage_shared::{guarded_region, new_tile, thread_ids, tile_type, Staged},
    },
};

/// Stages the store of `finding`, in a nest of loops, through a tile of `extents` holding
/// `iterations` iterations: written in the loops and copied out once after them, or, for a
/// single loop of more iterations, after every `iterations` of them.
pub fn apply_store(
    kernel: &Kernel,
    finding: &Finding,
    block: Block,
    extents: &[i64],
    iterations: i64,
) -> Result<Staged, String> {
    let memory = &finding.memory;
    let operation = memory.operation;
    let (lowers, period) = requirements(finding, iterations)?;
    let loops = enclosing_loops(kernel, operation, lowers.len())?;
    let shape = static_shape(finding)?;
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    covers_box_once(&one_tile(finding, period), block, extents)
        .map_err(|why| format!("the nest does not write its box once: {why}"))?;
    let hoisted = match period {
        None => Some(
            hoisted_origin(kernel, finding, loops[0], &lowers)
                .ok_or("the box origin needs a value that is not available before the loops")?
                .1,
        ),
        Some(_) => None,
    };

    let location = unsafe { mlirOperationGetLocation(operation) };
    let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    let tile = new_tile(kernel, &tile_type)?;
    let sizes = [block.x, block.y, block.z];
    let indices: Vec<MlirValue> = (0..extents.len())
        .map(|dimension| unsafe { mlirOperationGetOperand(operation, 2 + dimension as isize) })
        .collect();

    let before = Builder::before(operation).located(location);
    let zero = before.index_constant(0);
    let threads = thread_ids(&before, sizes, zero);
    let mut offsets: Vec<MlirValue> = loops
        .iter()
        .zip(&lowers)
        .map(|(&the_loop, &lower)| iteration_offset(&before, the_loop, lower))
        .collect();
    // Per tile: the offset within the tile, `(iv − lower) mod (period · step)`.
    let span = period.map(|period| period * finding.access.loops[0].step.unwrap_or(1));
    if let Some(span) = span {
        offsets[0] = before.index_binary("arith.remui", offsets[0], before.index_constant(span));
    }
    let own = tile_index(&before, matrix, (&threads, sizes), &offsets);
    unsafe {
        mlirOperationSetOperand(operation, 1, tile);
        for (dimension, &index) in own.iter().enumerate() {
            mlirOperationSetOperand(operation, 2 + dimension as isize, index);
        }
    }

    let copy_out = match (hoisted, span) {
        // The whole nest in one tile: copied out once, after the outermost loop.
        (Some(origin), _) => {
            let after =
                Builder::before(unsafe { mlirOperationGetNextInBlock(loops[0]) }).located(location);
            after.create("gpu.barrier", &[], &[], &[]);
            let threads = thread_ids(&after, sizes, after.index_constant(0));
            let box_out =
                CopyBox::new(memory.memref, element_type, tile, &origin, extents, &shape).outward();
            copy_box(&after, &threads, block, &box_out, location)?
        }
        // Per tile: after the store of a tile's last iteration (the same for all threads),
        // a barrier, the copy-out from the tile's origin (the index minus the thread's own
        // cell), and a barrier before the next tile's writes.
        (None, Some(span)) => {
            let after = Builder::before(unsafe { mlirOperationGetNextInBlock(operation) })
                .located(location);
            let step = finding.access.loops[0].step.unwrap_or(1);
            let last = compare_equal(&after, offsets[0], after.index_constant(span - step))?;
            let inside = Builder::before(guarded_region(&after, last)).located(location);
            inside.create("gpu.barrier", &[], &[], &[]);
            let origin: Vec<MlirValue> = indices
                .iter()
                .zip(&own)
                .map(|(&index, &cell)| inside.index_binary("arith.subi", index, cell))
                .collect();
            let box_out =
                CopyBox::new(memory.memref, element_type, tile, &origin, extents, &shape).outward();
            let copied = copy_box(&inside, &threads, block, &box_out, location)?;
            inside.create("gpu.barrier", &[], &[], &[]);
            copied
        }
        (None, None) => return Err("no origin for the copy-out".into()),
    };
    Ok(Staged {
        tile_type,
        global: copy_out,
    })
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
    if !finding.access.guard.is_empty() {
        return Err("the store is guarded".into());
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
