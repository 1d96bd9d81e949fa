//! `stage-shared` for a Neighbor reference: the loads of a stencil read one
//! halo tile (seed-003 §5.1.7–8, the L-approach box; MAP-510, a 5-point
//! stencil on `(tx, ty)`).
//!
//! At the top of the kernel (or right after the view of the buffer the kernel
//! makes in its entry block), where the whole block is, the block copies the
//! halo box into a workgroup tile: the box of the centre load widened by the
//! stencil radius 1 on both sides, its origin `Σ M[d][b]·block_id_b + min
//! offset` (block ids only; thread ids at 0). The copy is
//! `loop_load::copy_box` (consecutive lanes take consecutive cells, global
//! indices clamped into the array, so cells past an edge copy a valid element
//! nobody reads), then a barrier. Each load then reads
//! `tile[Σ M[d][t]·thread_id_t + offset − min offset]`, which lies inside the
//! tile for every thread, wherever the load sits (under an edge guard too).
//!
//! Supported, checked before anything changes: loads outside loops with
//! affine indices over thread and block ids only, non-negative thread
//! coefficients (a dynamic size is read with `memref.dim` where the copy
//! clamps). The caller checks the memref is never written by the kernel.

use analysis::{expression::Variable, matrix::AccessMatrix, metrics::Block};
use mlir_sys::*;

use crate::{
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir::builder::Builder,
    steps::stage_shared::copy::{copy_box, CopyBox},
    steps::stage_shared::single::{
        id_op, new_tile, thread_ids, tile_type, Staged, BLOCKS, THREADS,
    },
};

/// Where the halo copy goes: the top of the kernel for an argument, or just after the view
/// the kernel makes of it in its entry block (a per-block `memref.subview`); every member
/// must read that one memref value.
fn copy_point(members: &[&Finding], entry: MlirBlock) -> Result<MlirOperation, String> {
    let memref = members.first().ok_or("no loads to stage")?.memory.memref;
    if members
        .iter()
        .any(|member| unsafe { !mlirValueEqual(member.memory.memref, memref) })
    {
        return Err("the stencil's loads read different views of the buffer".into());
    }
    unsafe {
        if mlirValueIsABlockArgument(memref) {
            if mlirBlockArgumentGetOwner(memref).ptr != entry.ptr {
                return Err("the stencil reads a memref that is not the kernel's".into());
            }
            return Ok(mlirBlockGetFirstOperation(entry));
        }
        let owner = mlirOpResultGetOwner(memref);
        if mlirOperationGetBlock(owner).ptr != entry.ptr {
            return Err(
                "the stencil reads a view made inside a region; the halo copy needs it in the \
                 kernel's entry block"
                    .into(),
            );
        }
        Ok(mlirOperationGetNextInBlock(owner))
    }
}

/// What staging a stencil's loads needs, checked before anything changes ([`plan`]).
pub(super) struct Plan {
    /// Each load's access matrix, centre first.
    matrices: Vec<AccessMatrix>,
    /// Per dimension, the lowest offset of the loads (the halo box's corner).
    lowest: Vec<i64>,
}

/// Checks, without touching the IR, that the loads `members` (centre first) can be staged
/// through one halo tile.
pub(super) fn plan(
    kernel: &Kernel,
    members: &[&Finding],
    uniformity: &Uniformity,
) -> Result<Plan, String> {
    members.first().ok_or("no loads to stage")?;
    let matrices = members
        .iter()
        .map(|member| {
            if member.memory.name != "memref.load" || !member.access.loops.is_empty() {
                return Err("a stencil load is in a loop or not a memref.load".to_string());
            }
            member
                .matrix
                .clone()
                .map_err(|unknown| unknown.reason.clone())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let matrix = &matrices[0];
    if let Some(other) = matrix
        .variables
        .iter()
        .find(|variable| !THREADS.contains(variable) && !BLOCKS.contains(variable))
    {
        return Err(format!(
            "the index depends on {other}, not only on thread and block ids"
        ));
    }
    let rank = matrix.offsets.len();
    if (0..rank).any(|dimension| {
        THREADS
            .iter()
            .any(|thread| matrix.coefficient(dimension, thread) < 0)
    }) {
        return Err("a thread coefficient is negative".into());
    }
    let lowest: Vec<i64> = (0..rank)
        .map(|dimension| {
            matrices
                .iter()
                .map(|matrix| matrix.offsets[dimension])
                .min()
                .unwrap_or(0)
        })
        .collect();
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    uniformity.barrier_point(copy_point(members, entry)?)?;
    Ok(Plan { matrices, lowest })
}

/// Stages the loads `members` (centre first) through one halo tile of `extents` as `plan`
/// says.
pub(super) fn build(
    kernel: &Kernel,
    members: &[&Finding],
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    let Plan { matrices, lowest } = plan;
    let centre = members.first().ok_or("no loads to stage")?;
    let matrix = &matrices[0];
    let rank = extents.len();
    let operation = centre.memory.operation;
    let location = unsafe { mlirOperationGetLocation(operation) };
    let element_type =
        unsafe { mlirShapedTypeGetElementType(mlirValueGetType(centre.memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    // Found again: what earlier stagings put at the top of the kernel comes first.
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let first = copy_point(members, entry)?;
    let tile = new_tile(kernel, &tile_type)?;

    let top = Builder::before(first).located(location);
    let zero = top.index_constant(0);
    let sizes = [block.x, block.y, block.z];
    let thread_ids = thread_ids(&top, sizes, zero);
    let sum = |terms: &[Variable; 3], values: &dyn Fn(usize) -> MlirValue, dimension, start| {
        let mut total = top.index_constant(start);
        for (position, variable) in terms.iter().enumerate() {
            let factor = matrix.coefficient(dimension, variable);
            if factor != 0 {
                let term =
                    top.index_binary("arith.muli", values(position), top.index_constant(factor));
                total = top.index_binary("arith.addi", total, term);
            }
        }
        total
    };
    let block_id = |position: usize| id_op(&top, "gpu.block_id", position);
    let origin: Vec<MlirValue> = (0..rank)
        .map(|dimension| sum(&BLOCKS, &block_id, dimension, lowest[dimension]))
        .collect();
    let copy_in = copy_box(
        &top,
        &thread_ids,
        block,
        &CopyBox::new(
            centre.memory.memref,
            element_type,
            tile,
            &origin,
            extents,
            &centre.access.layout.shape,
        ),
        location,
    )?;
    top.create("gpu.barrier", &[], &[], &[]);
    let thread_id = |position: usize| thread_ids[position];
    for (member, matrix) in members.iter().zip(&matrices) {
        for (dimension, (offset, low)) in matrix.offsets.iter().zip(&lowest).enumerate() {
            let index = sum(&THREADS, &thread_id, dimension, offset - low);
            unsafe {
                mlirOperationSetOperand(member.memory.operation, 1 + dimension as isize, index)
            };
        }
        unsafe { mlirOperationSetOperand(member.memory.operation, 0, tile) };
    }
    Ok(Staged {
        tile_type,
        global: copy_in,
    })
}
