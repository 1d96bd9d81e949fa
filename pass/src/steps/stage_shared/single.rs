//! `stage-shared`: route one global access through a workgroup tile so the
//! block moves the data in coalesced order.
//!
//! **Store** (`stage_store`): each thread writes its value into the tile at
//! its own cell, the block meets at a `gpu.barrier`, then the threads copy
//! the tile out in row-major cell order, so consecutive lanes write
//! consecutive addresses of the innermost dimension. **Load**
//! (`stage_load`): the mirror image: the cooperative copy-in, a barrier,
//! then each thread reads its own cell.
//!
//! The naive transpose `out[bx*32 + tx][by*8 + ty] = v` (block 32x8) is the
//! case this is for: the store's block footprint is a 32x8 box of `out`; the
//! tile is `memref<32x8xf32, workgroup>`, thread `(tx, ty)` writes
//! `tile[tx][ty]`, and thread `L = tx + 32·ty` copies cell `(L / 8, L mod 8)`
//! to `out[bx*32 + L/8][by*8 + L mod 8]`: eight lanes per 32-byte row
//! segment, 4 sectors per warp request instead of 32.
//!
//! **What is supported**, checked before anything changes: a `memref.store`
//! or `memref.load` outside loops whose thread part maps the block's threads
//! one-to-one onto the footprint box (each dimension's index has at most one
//! thread id with coefficient 1, each thread id with more than one value
//! occurs in exactly one dimension), index operands defined in the kernel's
//! entry block, and a guard (enclosing `scf.if`s) over thread ids, block ids
//! and `index` kernel arguments. Thread `t` owns cell `c(t)`; the copy of
//! cell `c` runs under the guard evaluated for the thread that owns `c` (its
//! thread ids are the cell indices), so exactly the elements the original
//! kernel accessed are accessed; edges (sizes that are not multiples of the
//! tile) are handled by that guard.
//!
//! What the caller checks (`stage`): no other access of the kernel may touch
//! the memory a staged store writes (`effects::may_alias`), so delaying the
//! write past the barrier is invisible; a staged load reads a buffer the
//! kernel never writes, with no store before it that may write the buffer.

use std::collections::BTreeMap;

use analysis::{
    expression::Variable,
    matrix::{AccessKind, Condition, Relation},
    metrics::Block,
};
use mlir_sys::*;

use crate::{
    facts::extract::dimension_symbol, facts::findings::Finding, facts::kernels::Kernel,
    facts::uniform::Uniformity, ir, ir::builder::Builder,
};

/// Thread ids in dimension order.
pub(super) const THREADS: [Variable; 3] = [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ];
/// Block ids in dimension order.
pub(super) const BLOCKS: [Variable; 3] = [Variable::BlockX, Variable::BlockY, Variable::BlockZ];
/// Dimension names of `#gpu<dim ...>`.
const DIMENSIONS: [&str; 3] = ["x", "y", "z"];

/// What was built: the tile type and the new global access.
pub struct Staged {
    /// The tile's type, e.g. `memref<32x8xf32, #gpu.address_space<workgroup>>`.
    pub tile_type: String,
    /// The cooperative copy's global access (copy-out store or copy-in load).
    pub global: MlirOperation,
}

/// Which tile dimension each thread id indexes (`None`: it has one value, or none).
type Owners = [Option<usize>; 3];

/// What staging one access needs, checked before anything changes.
pub(super) struct Plan {
    /// Which tile dimension each thread id indexes.
    owners: Owners,
    /// The access's ancestor in the kernel's entry block.
    top: MlirOperation,
    /// The access's index operands.
    indices: Vec<MlirValue>,
    /// Values of the symbols the guard may name.
    symbols: BTreeMap<Variable, MlirValue>,
    /// The tile's type as text.
    tile_type: String,
    /// The memref's element type.
    element_type: MlirType,
    /// The access's location, given to everything built.
    location: MlirLocation,
}

/// Checks, without touching the IR, that the access of `finding` (a `memref.load` or
/// `memref.store`) can be staged through a tile of `extents`.
pub(super) fn plan(
    kernel: &Kernel,
    finding: &Finding,
    block: Block,
    extents: &[i64],
    uniformity: &Uniformity,
) -> Result<Plan, String> {
    let memory = &finding.memory;
    let (name, first_index) = match memory.kind {
        AccessKind::Load => ("memref.load", 1),
        AccessKind::Store => ("memref.store", 2),
    };
    if memory.name != name {
        return Err(format!("{} is not a {name}", memory.name));
    }
    if !finding.access.loops.is_empty() {
        return Err(
            "the access is inside a loop (per-tile staging of loops is not implemented yet)".into(),
        );
    }
    let owners = owners(finding, block, extents)?;
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let top = top_level_ancestor(memory.operation, entry)?;
    uniformity.barrier_point(top)?;
    let indices: Vec<MlirValue> = (0..extents.len())
        .map(|dimension| unsafe {
            mlirOperationGetOperand(memory.operation, first_index + dimension as isize)
        })
        .collect();
    if let Some(position) = indices.iter().position(|&index| !defined_in(index, entry)) {
        return Err(format!(
            "index {position} is not computed in the kernel's entry block"
        ));
    }
    let symbols = symbol_values(kernel, entry);
    for condition in &finding.access.guard {
        let known = condition.variables().iter().all(|variable| {
            variable.is_thread() || BLOCKS.contains(variable) || symbols.contains_key(variable)
        });
        if !known || condition.holds(&|_| Some(1)).is_err() {
            return Err(
                "the guard is not a condition on thread ids, block ids and index kernel arguments"
                    .into(),
            );
        }
    }
    let element_type = unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) };
    let tile_type = tile_type(element_type, extents);
    Ok(Plan {
        owners,
        top,
        indices,
        symbols,
        tile_type,
        element_type,
        location: unsafe { mlirOperationGetLocation(memory.operation) },
    })
}

/// What the rewrite builds in common: the tile, each thread's own cell, the
/// box origin, and the cooperative copy's cells and guard.
struct Frame {
    /// The workgroup tile.
    tile: MlirValue,
    /// The cell of the executing thread (its own access).
    own_cell: Vec<MlirValue>,
    /// The box origin: index minus own cell.
    origin: Vec<MlirValue>,
}

/// Adds the tile and computes, before the top-level op, each thread's
/// own cell and the box origin.
fn frame(kernel: &Kernel, plan: &Plan, block: Block) -> Result<(Frame, Vec<MlirValue>), String> {
    let tile = new_tile(kernel, &plan.tile_type)?;
    let before = Builder::before(plan.top).located(plan.location);
    let zero = before.index_constant(0);
    let sizes = [block.x, block.y, block.z];
    let thread_ids = thread_ids(&before, sizes, zero);
    let own_cell: Vec<MlirValue> = (0..plan.indices.len())
        .map(|dimension| {
            (0..3)
                .find(|&thread| plan.owners[thread] == Some(dimension))
                .map_or(zero, |thread| thread_ids[thread])
        })
        .collect();
    let origin = plan
        .indices
        .iter()
        .zip(&own_cell)
        .map(|(&index, &cell)| before.index_binary("arith.subi", index, cell))
        .collect();
    Ok((
        Frame {
            tile,
            own_cell,
            origin,
        },
        thread_ids,
    ))
}

/// Builds, at `builder`, the cooperative copy of one cell per thread: thread
/// `L` (linear id) takes cell `L` in row-major order, under the access's guard
/// evaluated for the thread that owns the cell; `copy` gets a builder inside
/// the guard, the cell and the global indices (origin + cell).
fn cooperative_copy(
    builder: Builder,
    finding: &Finding,
    plan: &Plan,
    frame: &Frame,
    thread_ids: &[MlirValue],
    (block, extents): (Block, &[i64]),
    copy: impl FnOnce(&Builder, &[MlirValue], &[MlirValue]) -> MlirOperation,
) -> Result<MlirOperation, String> {
    let zero = builder.index_constant(0);
    let linear = builder.linear_thread_id(thread_ids, [block.x, block.y, block.z], zero);
    let cells = builder.delinearize(linear, extents);
    let mut values = plan.symbols.clone();
    let named: std::collections::BTreeSet<Variable> = finding
        .access
        .guard
        .iter()
        .flat_map(Condition::variables)
        .collect();
    for (dimension, variable) in BLOCKS.iter().enumerate() {
        if named.contains(variable) {
            values.insert(variable.clone(), id_op(&builder, "gpu.block_id", dimension));
        }
    }
    for (thread, variable) in THREADS.iter().enumerate() {
        values.insert(
            variable.clone(),
            plan.owners[thread].map_or(zero, |dimension| cells[dimension]),
        );
    }
    let mut condition = None;
    for guard in &finding.access.guard {
        let holds = compare(&builder, guard, &values)?;
        condition = Some(match condition {
            None => holds,
            Some(earlier) => builder.boolean("arith.andi", earlier, holds),
        });
    }
    let inner = match condition {
        None => builder,
        Some(condition) => {
            Builder::before(guarded_region(&builder, condition)).located(plan.location)
        }
    };
    let global: Vec<MlirValue> = frame
        .origin
        .iter()
        .zip(&cells)
        .map(|(&origin, &cell)| inner.index_binary("arith.addi", origin, cell))
        .collect();
    Ok(copy(&inner, &cells, &global))
}

/// Stages the access of `finding` as `plan` says ([`stage_store`] or [`stage_load`]).
pub(super) fn build(
    kernel: &Kernel,
    finding: &Finding,
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    match finding.memory.kind {
        AccessKind::Store => stage_store(kernel, finding, plan, (block, extents)),
        AccessKind::Load => stage_load(kernel, finding, plan, (block, extents)),
    }
}

/// Stages the store of `finding` through a workgroup tile of `extents`: each
/// thread writes its own cell, a barrier, then the cooperative copy-out.
fn stage_store(
    kernel: &Kernel,
    finding: &Finding,
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    let (frame, thread_ids) = frame(kernel, &plan, block)?;
    let operation = finding.memory.operation;
    unsafe {
        mlirOperationSetOperand(operation, 1, frame.tile);
        for (dimension, &cell) in frame.own_cell.iter().enumerate() {
            mlirOperationSetOperand(operation, 2 + dimension as isize, cell);
        }
    }
    let after =
        Builder::before(unsafe { mlirOperationGetNextInBlock(plan.top) }).located(plan.location);
    after.create("gpu.barrier", &[], &[], &[]);
    let memref = finding.memory.memref;
    let copy_out = cooperative_copy(
        after,
        finding,
        &plan,
        &frame,
        &thread_ids,
        (block, extents),
        |inner, cells, global| {
            inner
                .copy_element((frame.tile, cells), (memref, global), plan.element_type)
                .1
        },
    )?;
    Ok(Staged {
        tile_type: plan.tile_type,
        global: copy_out,
    })
}

/// Stages the load of `finding` through a workgroup tile of `extents`: the
/// cooperative copy-in, a barrier, then each thread reads its own cell.
fn stage_load(
    kernel: &Kernel,
    finding: &Finding,
    plan: Plan,
    (block, extents): (Block, &[i64]),
) -> Result<Staged, String> {
    let (frame, thread_ids) = frame(kernel, &plan, block)?;
    let before = Builder::before(plan.top).located(plan.location);
    let memref = finding.memory.memref;
    let copy_in = cooperative_copy(
        before,
        finding,
        &plan,
        &frame,
        &thread_ids,
        (block, extents),
        |inner, cells, global| {
            inner
                .copy_element((memref, global), (frame.tile, cells), plan.element_type)
                .0
        },
    )?;
    Builder::before(plan.top)
        .located(plan.location)
        .create("gpu.barrier", &[], &[], &[]);
    let operation = finding.memory.operation;
    unsafe {
        mlirOperationSetOperand(operation, 0, frame.tile);
        for (dimension, &cell) in frame.own_cell.iter().enumerate() {
            mlirOperationSetOperand(operation, 1 + dimension as isize, cell);
        }
    }
    Ok(Staged {
        tile_type: plan.tile_type,
        global: copy_in,
    })
}

/// `gpu.thread_id x/y/z` before `builder`'s anchor, `zero` for a dimension
/// of size 1.
pub(super) fn thread_ids(builder: &Builder, sizes: [u32; 3], zero: MlirValue) -> Vec<MlirValue> {
    (0..3)
        .map(|dimension| match sizes[dimension] {
            1 => zero,
            _ => id_op(builder, "gpu.thread_id", dimension),
        })
        .collect()
}

/// The tile's type: `extents` of `element_type` in workgroup memory.
pub(super) fn tile_type(element_type: MlirType, extents: &[i64]) -> String {
    format!(
        "memref<{}x{}, #gpu.address_space<workgroup>>",
        extents
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join("x"),
        ir::type_text(element_type)
    )
}

/// Adds the tile to `kernel` as a workgroup attribution (MLIR's NVVM lowering
/// turns attributions into `.shared` arrays; a workgroup `memref.alloc` would
/// become a per-thread `malloc`).
pub(super) fn new_tile(kernel: &Kernel, tile_type: &str) -> Result<MlirValue, String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let first = unsafe { mlirBlockGetFirstOperation(entry) };
    let memref_type = Builder::before(first)
        .parse_type(tile_type)
        .ok_or_else(|| format!("cannot build type {tile_type}"))?;
    crate::ir::builder::add_workgroup_attribution(kernel.operation, memref_type)
        .ok_or_else(|| "the kernel takes no workgroup attribution".to_string())
}

/// Which tile dimension each thread id indexes, after checking the threads
/// cover the box one-to-one.
fn owners(finding: &Finding, block: Block, extents: &[i64]) -> Result<Owners, String> {
    let matrix = finding
        .matrix
        .as_ref()
        .map_err(|unknown| unknown.reason.clone())?;
    let sizes = [block.x, block.y, block.z];
    let mut owners: Owners = [None; 3];
    for (thread, variable) in THREADS.iter().enumerate() {
        if sizes[thread] <= 1 {
            continue;
        }
        let dimensions: Vec<usize> = (0..extents.len())
            .filter(|&dimension| matrix.coefficient(dimension, variable) != 0)
            .collect();
        match dimensions[..] {
            [dimension]
                if matrix.coefficient(dimension, variable) == 1
                    && extents[dimension] == i64::from(sizes[thread]) =>
            {
                owners[thread] = Some(dimension)
            }
            _ => {
                return Err(format!(
                    "{variable} does not index exactly one dimension with coefficient 1"
                ))
            }
        }
    }
    let cells: i64 = extents.iter().product();
    let distinct = owners
        .iter()
        .flatten()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    if distinct != owners.iter().flatten().count() || cells != block.threads() as i64 {
        return Err(format!(
            "the {} threads do not cover the {cells} cells of the box one-to-one",
            block.threads()
        ));
    }
    Ok(owners)
}

/// The ancestor of `operation` (or itself) that sits in `entry`.
fn top_level_ancestor(
    mut operation: MlirOperation,
    entry: MlirBlock,
) -> Result<MlirOperation, String> {
    loop {
        let block = unsafe { mlirOperationGetBlock(operation) };
        if block.ptr == entry.ptr {
            return Ok(operation);
        }
        operation = unsafe { mlirOperationGetParentOperation(operation) };
        if operation.ptr.is_null() || !ir::is_named(operation, "scf.if") {
            return Err("the store is nested in something other than scf.if".into());
        }
    }
}

/// Whether `value` is defined in (or is an argument of) `entry`.
pub(super) fn defined_in(value: MlirValue, entry: MlirBlock) -> bool {
    unsafe {
        if mlirValueIsABlockArgument(value) {
            mlirBlockArgumentGetOwner(value).ptr == entry.ptr
        } else {
            mlirOperationGetBlock(mlirOpResultGetOwner(value)).ptr == entry.ptr
        }
    }
}

/// Values for the symbols a guard may name: the kernel's `index` arguments.
pub(super) fn symbol_values(kernel: &Kernel, entry: MlirBlock) -> BTreeMap<Variable, MlirValue> {
    let mut values = BTreeMap::new();
    if let crate::facts::kernels::KernelKind::Function { .. } = kernel.kind {
        for number in 0..unsafe { mlirBlockGetNumArguments(entry) } {
            let argument = unsafe { mlirBlockGetArgument(entry, number) };
            if unsafe { mlirTypeIsAIndex(mlirValueGetType(argument)) } {
                values.insert(Variable::Symbol(format!("arg{number}")), argument);
            }
        }
        // Arguments' sizes taken in the entry block (`dim(argN, D)`).
        for operation in ir::block_operations(entry) {
            if let Some(name) = ir::is_named(operation, "memref.dim")
                .then(|| dimension_symbol(operation))
                .flatten()
            {
                let result = unsafe { mlirOperationGetResult(operation, 0) };
                values.entry(Variable::Symbol(name)).or_insert(result);
            }
        }
    }
    values
}

/// `gpu.<name> <dimension>`, an index.
pub(super) fn id_op(builder: &Builder, name: &str, dimension: usize) -> MlirValue {
    let attribute = builder
        .parse_attribute(&format!("#gpu<dim {}>", DIMENSIONS[dimension]))
        .expect("#gpu<dim> parses");
    let index = builder.parse_type("index").expect("index parses");
    unsafe {
        mlirOperationGetResult(
            builder.create(name, &[], &[("dimension", attribute)], &[index]),
            0,
        )
    }
}

/// `arith.cmpi` of a guard condition, an `i1`.
pub(super) fn compare(
    builder: &Builder,
    condition: &Condition,
    values: &BTreeMap<Variable, MlirValue>,
) -> Result<MlirValue, String> {
    let operand = |expression| {
        builder
            .index(expression, values)
            .ok_or_else(|| "a guard operand cannot be rebuilt".to_string())
    };
    let (left, right) = (operand(&condition.left)?, operand(&condition.right)?);
    let predicate = match condition.relation {
        Relation::Equal => 0,
        Relation::NotEqual => 1,
        Relation::Less => 2,
        Relation::LessEqual => 3,
        Relation::Greater => 4,
        Relation::GreaterEqual => 5,
    };
    builder.compare(predicate, left, right)
}

/// Creates `scf.if condition { scf.yield }` before the builder's anchor; the yield.
pub(super) fn guarded_region(builder: &Builder, condition: MlirValue) -> MlirOperation {
    builder.scf_if(condition, &[], false).1
}
