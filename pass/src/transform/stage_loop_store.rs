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
//! each, no guard, a static memref shape, an affine index with non-negative
//! thread and loop coefficients, and an origin buildable before the loops.
//! The caller checks that no other access of the kernel may touch the
//! buffer, so the writes reaching memory after the loops is not observable.

use analysis::{
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
            copy_box, enclosing_loops, hoisted_origin, iteration_offset, non_negative,
            static_shape, tile_index, CopyBox,
        },
        stage_shared::{new_tile, thread_ids, tile_type, Staged},
    },
};

/// Stages the store of `finding`, in a nest of loops, through a tile of `extents` written in
/// the loops and copied out once after them.
pub fn apply_store(
    kernel: &Kernel,
    finding: &Finding,
    block: Block,
    extents: &[i64],
) -> Result<Staged, String> {
    let memory = &finding.memory;
    let operation = memory.operation;
    let lowers = requirements(finding)?;
    let loops = enclosing_loops(kernel, operation, lowers.len())?;
    let shape = static_shape(finding)?;
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    covers_box_once(&finding.access, block, extents)
        .map_err(|why| format!("the nest does not write its box once: {why}"))?;
    let (_, origin) = hoisted_origin(kernel, finding, loops[0], &lowers)
        .ok_or("the box origin needs a value that is not available before the loops")?;

    let location = unsafe { mlirOperationGetLocation(operation) };
    let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    let tile = new_tile(kernel, &tile_type)?;
    let sizes = [block.x, block.y, block.z];

    let before = Builder::before(operation).located(location);
    let threads = thread_ids(&before, sizes, before.index_constant(0));
    let offsets: Vec<MlirValue> = loops
        .iter()
        .zip(&lowers)
        .map(|(&the_loop, &lower)| iteration_offset(&before, the_loop, lower))
        .collect();
    let own = tile_index(&before, matrix, (&threads, sizes), &offsets);
    unsafe {
        mlirOperationSetOperand(operation, 1, tile);
        for (dimension, &index) in own.iter().enumerate() {
            mlirOperationSetOperand(operation, 2 + dimension as isize, index);
        }
    }

    let after = Builder::before(unsafe { mlirOperationGetNextInBlock(loops[0]) }).located(location);
    after.create("gpu.barrier", &[], &[], &[]);
    let threads = thread_ids(&after, sizes, after.index_constant(0));
    let box_out =
        CopyBox::new(memory.memref, element_type, tile, &origin, extents, &shape).outward();
    let copy_out = copy_box(&after, &threads, block, &box_out, location)?;
    Ok(Staged {
        tile_type,
        global: copy_out,
    })
}

/// The loops' lower bounds (outermost first), after checking what this staging needs of the
/// store and its loops (see the module essay).
fn requirements(finding: &Finding) -> Result<Vec<i64>, String> {
    let memory = &finding.memory;
    if memory.name != "memref.store" {
        return Err(format!("{} is not a memref.store", memory.name));
    }
    if !finding.access.guard.is_empty() {
        return Err("the store is guarded".into());
    }
    let mut lowers = Vec::with_capacity(finding.access.loops.len());
    for (position, the_loop) in finding.access.loops.iter().enumerate() {
        let (Some(lower), Some(_)) = (the_loop.lower, the_loop.step) else {
            return Err(format!(
                "loop{position}'s lower bound or step is not constant"
            ));
        };
        match the_loop.trip_count() {
            Some(trips) if trips as i64 <= TILE_ITERATIONS => lowers.push(lower),
            Some(trips) => {
                return Err(format!(
                    "loop{position} runs {trips} iterations, more than the {TILE_ITERATIONS} a \
                     tile holds (a store's nest is staged whole)"
                ))
            }
            None => {
                return Err(format!(
                    "loop{position} has no constant trip count (a store's nest is staged whole)"
                ))
            }
        }
    }
    non_negative(finding)?;
    Ok(lowers)
}
