//! Unroll-and-jam of a kernel body over the copies of a register tile.
//!
//! Copy `(r, c)` of the body is the body of block `(Fx·bx + c, Fy·by + r)`: every tiled
//! block id reads that, every tiled grid size `F` times its value. The copies are written
//! out op by op, each op once per copy before the next op (`jam`), so each copy keeps its
//! own order: one schedule of blocks that the original, whose blocks run concurrently with no
//! order between them, allowed. A block of reads and pure ops alone (matmul's inner body) is
//! written copy by copy instead, which keeps fewer values live.
//!
//! Three things make the copies share work:
//!
//! * an `scf.for` whose bounds are the same value in every copy becomes one loop carrying
//!   every copy's iter_args, its body jammed the same way (`fuse`); an `scf.if` whose
//!   condition is, one branch yielding every copy's results (`fuse_branch`: a guard on `k`);
//! * a pure op or a load whose operands are the same values in two copies is made once
//!   (`shared`): the copies' loads of one op are adjacent, or in a block with no write, so no
//!   store of this thread comes between them and the second reads what the first read;
//! * everything else (stores, region ops whose copies differ) is cloned per copy.
//!
//! An edge guard around the loop (`if (i < n && j < n)`, whose condition differs between the
//! copies) is versioned (`version`): where every copy's condition holds, one branch with the
//! copies' then-sides jammed, so their loops still fuse; otherwise (the blocks at the grid's
//! edge) a loop over the tile's rows and columns runs each copy's guard as its block did, the
//! ops before the guard that depend on a block id computed again there. That branch is
//! marked [`EDGE_PATH`]: the time model costs an interior block, and the steps after report
//! the edge path's copies of an access without a remark of their own.
//!
//! Cost: one clone per distinct op and copy; value lookups are hashed.

use std::collections::HashMap;
use std::ffi::c_void;

use mlir_sys::*;

use crate::{
    facts::extract::dimension,
    facts::kernels::{Kernel, KernelKind},
    ir::{self, builder::Builder},
};

/// Unit attribute of the `scf.if` whose `then` runs a whole tile and whose `else` runs its
/// copies one by one (the blocks at the grid's edge): a path an interior block does not take.
pub const EDGE_PATH: &str = "gpu_mem_opt.edge_path";

/// Whether `operation` is on a register tile's edge path ([`EDGE_PATH`]'s `else`): a copy of
/// an access whose decision the tile's own copies take, reported but not remarked on.
pub fn on_edge_path(operation: MlirOperation) -> bool {
    ir::branches(operation)
        .into_iter()
        .any(|(branch, then)| !then && ir::attribute(branch, EDGE_PATH).is_some())
}

/// The tiled ids of a kernel: each value, its dimension (0 x, 1 y) and whether it is a block
/// id (else a grid size).
pub struct Ids(pub Vec<(MlirValue, usize, bool)>);

impl Ids {
    /// The block ids and grid sizes along x and y that `kernel`'s body reads: its
    /// `gpu.block_id` and `gpu.grid_dim` results, and a `gpu.launch` body's arguments it uses.
    pub fn of(kernel: &Kernel) -> Ids {
        let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
        let mut ids = Vec::new();
        if let KernelKind::Launch { .. } = kernel.kind {
            for dimension in 0..2 {
                for (position, block_id) in [(dimension, true), (6 + dimension, false)] {
                    let argument = unsafe { mlirBlockGetArgument(entry, position as isize) };
                    if !ir::uses(argument).is_empty() {
                        ids.push((argument, dimension, block_id));
                    }
                }
            }
        }
        for operation in ir::walk(kernel.operation) {
            let name = ir::operation_name(operation);
            if matches!(name.as_str(), "gpu.block_id" | "gpu.grid_dim") && dimension(operation) < 2
            {
                let result = unsafe { mlirOperationGetResult(operation, 0) };
                ids.push((result, dimension(operation), name == "gpu.block_id"));
            }
        }
        Ids(ids)
    }

    /// Whether `operation` defines one of the ids.
    pub fn defines(&self, operation: MlirOperation) -> bool {
        self.0.iter().any(|&(id, _, _)| {
            ir::defining_operation(id).is_some_and(|defining| defining.ptr == operation.ptr)
        })
    }

    /// The dimension `value` is a tiled id of and whether it is a block id, if it is one.
    pub fn dimension_of(&self, value: MlirValue) -> Option<(usize, bool)> {
        self.0
            .iter()
            .find(|(id, _, _)| unsafe { mlirValueEqual(*id, value) })
            .map(|&(_, dimension, block_id)| (dimension, block_id))
    }
}

/// One copy's values: an original value to the copy's.
#[derive(Clone, Default)]
struct Copy(HashMap<*const c_void, MlirValue>);

impl Copy {
    /// The copy's value of `value` (itself where the copy did not redefine it).
    fn of(&self, value: MlirValue) -> MlirValue {
        self.0.get(&value.ptr).copied().unwrap_or(value)
    }

    /// Records that `original` is `value` in this copy.
    fn bind(&mut self, original: MlirValue, value: MlirValue) {
        self.0.insert(original.ptr, value);
    }

    /// The copy's operands of `operation`.
    fn operands(&self, operation: MlirOperation) -> Vec<MlirValue> {
        (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|position| self.of(unsafe { mlirOperationGetOperand(operation, position) }))
            .collect()
    }

    /// Points every operand of `operation`, and of the ops nested in it, at the copy's values.
    fn rewrite(&self, operation: MlirOperation) {
        for nested in ir::walk(operation) {
            for position in 0..unsafe { mlirOperationGetNumOperands(nested) } {
                let operand = unsafe { mlirOperationGetOperand(nested, position) };
                if let Some(&value) = self.0.get(&operand.ptr) {
                    unsafe { mlirOperationSetOperand(nested, position, value) };
                }
            }
        }
    }
}

/// Whether `operation`'s operands `positions` are the same values in every copy.
fn same_in_every_copy(
    operation: MlirOperation,
    positions: std::ops::Range<usize>,
    copies: &[Copy],
) -> bool {
    let operands = |copy: &Copy| copy.operands(operation)[positions.clone()].to_vec();
    let first = copies.first().map(operands).unwrap_or_default();
    copies
        .iter()
        .all(|copy| ir::same_values(&operands(copy), &first))
}

/// Ops made once for copies that give them the same operands: no effect on memory but reads.
pub fn shared(operation: MlirOperation) -> bool {
    let name = ir::operation_name(operation);
    let pure_dialect = ["arith.", "math.", "index."]
        .iter()
        .any(|prefix| name.starts_with(prefix));
    let reads = [
        "affine.apply",
        "affine.min",
        "affine.max",
        "memref.load",
        "memref.dim",
        "memref.subview",
        "memref.cast",
        "memref.view",
        "memref.reinterpret_cast",
        "vector.load",
        "gpu.thread_id",
        "gpu.block_dim",
        "gpu.lane_id",
        "gpu.block_id",
        "gpu.grid_dim",
    ];
    let flat = unsafe { mlirOperationGetNumRegions(operation) } == 0;
    flat && (pure_dialect || reads.contains(&name.as_str()))
}

/// Rewrites `kernel`'s body as the `fy × fx` copies of a register tile, jammed; the launches
/// are the caller's. `guard`: the position in the body of the edge guard around the loop,
/// where it is under one (the tile runs whole where every copy's condition holds).
pub fn apply(kernel: &Kernel, (fx, fy): (u32, u32), guard: Option<usize>) -> Result<(), String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let ids = Ids::of(kernel);
    let guard = guard
        .map(|position| {
            ir::block_operations(entry)
                .get(position)
                .copied()
                .ok_or("no edge guard where the decision found it")
        })
        .transpose()?;
    // The ids first, where every copy's scaled id can be built from them.
    let &first = ir::block_operations(entry).first().ok_or("an empty body")?;
    for &(id, _, _) in &ids.0 {
        if let Some(defining) = ir::defining_operation(id).filter(|op| op.ptr != first.ptr) {
            unsafe { mlirOperationMoveBefore(defining, first) };
        }
    }
    let operations = ir::block_operations(entry);
    let (&terminator, _) = operations.split_last().ok_or("an empty body")?;
    let body: Vec<MlirOperation> = operations[..operations.len() - 1]
        .iter()
        .copied()
        .filter(|&operation| !ids.defines(operation))
        .collect();
    let builder = Builder::before(body.first().copied().unwrap_or(terminator));
    let factors = [fx, fy];
    let mut constants: HashMap<u32, MlirValue> = HashMap::new();
    let mut constant = |value: u32| {
        *constants
            .entry(value)
            .or_insert_with(|| builder.index_constant(i64::from(value)))
    };
    // Each tiled id times its factor, then plus each offset: each built once, for every copy
    // that reads it.
    let scaled: Vec<Option<MlirValue>> = ids
        .0
        .iter()
        .map(|&(id, dimension, _)| {
            let factor = factors[dimension];
            (factor > 1).then(|| builder.index_binary("arith.muli", id, constant(factor)))
        })
        .collect();
    let mut plus: HashMap<(usize, u32), MlirValue> = HashMap::new();
    let mut copies: Vec<Copy> = Vec::new();
    for row in 0..fy {
        for column in 0..fx {
            let mut copy = Copy::default();
            for (position, &(id, dimension, block_id)) in ids.0.iter().enumerate() {
                let Some(scaled) = scaled[position] else {
                    continue;
                };
                let offset = if block_id {
                    [column, row][dimension]
                } else {
                    0
                };
                let value = match offset {
                    0 => scaled,
                    _ => *plus.entry((position, offset)).or_insert_with(|| {
                        builder.index_binary("arith.addi", scaled, constant(offset))
                    }),
                };
                copy.bind(id, value);
            }
            copies.push(copy);
        }
    }
    match guard {
        None => jam(&body, terminator, &mut copies),
        Some(guard) => {
            let at = body
                .iter()
                .position(|operation| operation.ptr == guard.ptr)
                .ok_or("the edge guard defines a block id")?;
            jam(&body[..at], terminator, &mut copies);
            let tile = Serial {
                ids: &ids,
                scaled: &scaled,
                factors,
                prelude: &body[..at],
            };
            version(guard, terminator, &mut copies, &tile)?;
            jam(&body[at + 1..], terminator, &mut copies);
        }
    }
    for &operation in body.iter().rev() {
        unsafe { mlirOperationDestroy(operation) };
    }
    Ok(())
}

/// What a copy of the body needs to be built from a loop over the tile's rows and columns.
struct Serial<'a> {
    /// The tiled ids.
    ids: &'a Ids,
    /// Each id times its factor (by position in `ids`), where its factor is above 1.
    scaled: &'a [Option<MlirValue>],
    /// The tile's sides along x and y.
    factors: [u32; 2],
    /// The body's ops before the guard: reads and pure ops alone (the decision's rule).
    prelude: &'a [MlirOperation],
}

/// Writes the edge guard `guard` once for the tile before `anchor`: where every copy's
/// condition holds (a tile inside the grid's edge), the copies' then-sides jammed; otherwise
/// each copy's guard in turn, from a loop over the tile's rows and columns, as the blocks ran it.
fn version(
    guard: MlirOperation,
    anchor: MlirOperation,
    copies: &mut [Copy],
    tile: &Serial,
) -> Result<(), String> {
    let location = unsafe { mlirOperationGetLocation(guard) };
    let builder = Builder::before(anchor).located(location);
    let condition = unsafe { mlirOperationGetOperand(guard, 0) };
    let mut conditions: Vec<MlirValue> = Vec::new();
    for copy in copies.iter() {
        let value = copy.of(condition);
        if !conditions
            .iter()
            .any(|known| unsafe { mlirValueEqual(*known, value) })
        {
            conditions.push(value);
        }
    }
    let every = conditions
        .into_iter()
        .reduce(|left, right| builder.boolean("arith.andi", left, right))
        .ok_or("a tile without copies")?;
    // The prelude's values as the first copy has them, before its then-side binds its own.
    let first = copies.first().cloned().unwrap_or_default();
    let (branch, then_yield, else_yield) = builder.if_else(every, &[])?;
    ir::mark(branch, EDGE_PATH);
    let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(guard, 0)) };
    jam_block(then_block, then_yield, copies);
    one_by_one(guard, else_yield, first, tile);
    Ok(())
}

/// Writes `guard` for each copy of the tile in turn before `anchor`: two loops over its rows
/// and columns, each trip's block ids computed from the loops' counters, the prelude's ops that
/// depend on them computed again, and a clone of the guard.
fn one_by_one(guard: MlirOperation, anchor: MlirOperation, mut copy: Copy, tile: &Serial) {
    let builder = Builder::before(anchor);
    let zero = builder.index_constant(0);
    let one = builder.index_constant(1);
    let rows = builder.counted_loop(
        zero,
        builder.index_constant(i64::from(tile.factors[1])),
        one,
    );
    let inner = Builder::before(rows.terminator);
    let columns = inner.counted_loop(zero, inner.index_constant(i64::from(tile.factors[0])), one);
    let at = Builder::before(columns.terminator);
    let counters = [columns.induction, rows.induction];
    for (position, &(id, dimension, block_id)) in tile.ids.0.iter().enumerate() {
        let Some(scaled) = tile.scaled[position] else {
            continue;
        };
        let value = if block_id {
            at.index_binary("arith.addi", scaled, counters[dimension])
        } else {
            scaled
        };
        copy.bind(id, value);
    }
    // The prelude's ops computed from an id, which the guard reads: again, in order.
    let mut varying: Vec<*const c_void> = tile.ids.0.iter().map(|(id, _, _)| id.ptr).collect();
    let mut again: Vec<MlirOperation> = Vec::new();
    for &operation in tile.prelude {
        let operands = (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|position| unsafe { mlirOperationGetOperand(operation, position) });
        if operands
            .into_iter()
            .any(|value| varying.contains(&value.ptr))
        {
            varying.extend(
                (0..unsafe { mlirOperationGetNumResults(operation) })
                    .map(|position| unsafe { mlirOperationGetResult(operation, position).ptr }),
            );
            again.push(operation);
        }
    }
    let read = read_by(guard, &again);
    for operation in again
        .into_iter()
        .filter(|operation| read.contains(&operation.ptr))
    {
        emit(operation, columns.terminator, &mut copy, &mut Vec::new());
    }
    emit(guard, columns.terminator, &mut copy, &mut Vec::new());
}

/// The ops of `candidates` whose results `operation` (or an op nested in it) reads, directly
/// or through others of them.
fn read_by(operation: MlirOperation, candidates: &[MlirOperation]) -> Vec<*mut c_void> {
    let mut read: Vec<*mut c_void> = Vec::new();
    let mut pending: Vec<MlirValue> = ir::walk(operation)
        .into_iter()
        .flat_map(|nested| {
            (0..unsafe { mlirOperationGetNumOperands(nested) })
                .map(move |position| unsafe { mlirOperationGetOperand(nested, position) })
        })
        .collect();
    while let Some(value) = pending.pop() {
        let Some(owner) = ir::defining_operation(value) else {
            continue;
        };
        let candidate = candidates.iter().any(|op| op.ptr == owner.ptr);
        if candidate && !read.contains(&owner.ptr) {
            read.push(owner.ptr);
            pending.extend(
                (0..unsafe { mlirOperationGetNumOperands(owner) })
                    .map(|position| unsafe { mlirOperationGetOperand(owner, position) }),
            );
        }
    }
    read
}

/// Writes `operations` once per copy before `anchor`, each op's copies together; a block of
/// reads and pure ops alone (an inner loop's body) copy by copy instead, so that a copy's
/// products die into its sum before the next copy's begin (fewer registers live), the loads
/// still shared: with no write in the block, nothing comes between a load and its reuse.
fn jam(operations: &[MlirOperation], anchor: MlirOperation, copies: &mut [Copy]) {
    let mut made: HashMap<*const c_void, Vec<(Vec<MlirValue>, MlirOperation)>> = HashMap::new();
    if operations.iter().all(|&operation| shared(operation)) {
        for copy in copies.iter_mut() {
            for &operation in operations {
                let earlier = made.entry(operation.ptr).or_default();
                emit(operation, anchor, copy, earlier);
            }
        }
        return;
    }
    for &operation in operations {
        if fusable(operation, copies) {
            fuse(operation, anchor, copies);
            continue;
        }
        if same_condition(operation, copies) {
            fuse_branch(operation, anchor, copies);
            continue;
        }
        let earlier = made.entry(operation.ptr).or_default();
        for copy in copies.iter_mut() {
            emit(operation, anchor, copy, earlier);
        }
    }
}

/// Writes `copy`'s `operation` before `anchor`, or reuses the one an earlier copy made
/// (`earlier`) with the same operands where the op is [`shared`].
fn emit(
    operation: MlirOperation,
    anchor: MlirOperation,
    copy: &mut Copy,
    earlier: &mut Vec<(Vec<MlirValue>, MlirOperation)>,
) {
    let share = shared(operation);
    let operands = copy.operands(operation);
    let same = earlier
        .iter()
        .find(|(made, _)| ir::same_values(made, &operands));
    let made_here = match (share, same) {
        (true, Some(&(_, same))) => same,
        _ => {
            let clone = unsafe { mlirOperationClone(operation) };
            copy.rewrite(clone);
            Builder::before(anchor).insert(clone);
            if share {
                earlier.push((operands, clone));
            }
            clone
        }
    };
    for position in 0..unsafe { mlirOperationGetNumResults(operation) } {
        copy.bind(
            unsafe { mlirOperationGetResult(operation, position) },
            unsafe { mlirOperationGetResult(made_here, position) },
        );
    }
}

/// Whether `operation` is an `scf.for` whose bounds and step are the same values in every
/// copy.
fn fusable(operation: MlirOperation, copies: &[Copy]) -> bool {
    ir::is_named(operation, "scf.for") && same_in_every_copy(operation, 0..3, copies)
}

/// Writes `the_loop` once for every copy: one `scf.for` carrying each copy's iter_args in
/// turn, its body jammed.
fn fuse(the_loop: MlirOperation, anchor: MlirOperation, copies: &mut [Copy]) {
    unsafe {
        let location = mlirOperationGetLocation(the_loop);
        let carried = (mlirOperationGetNumOperands(the_loop) - 3) as usize;
        let mut operands = copies[0].operands(the_loop)[..3].to_vec();
        for copy in copies.iter() {
            operands.extend_from_slice(&copy.operands(the_loop)[3..]);
        }
        let types = result_types(the_loop, copies.len());
        let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0));
        let induction = mlirBlockGetArgument(body, 0);
        let mut arguments = vec![mlirValueGetType(induction)];
        arguments.extend_from_slice(&types);
        let locations = vec![location; arguments.len()];
        let new_body = mlirBlockCreate(
            arguments.len() as isize,
            arguments.as_ptr(),
            locations.as_ptr(),
        );
        let region = mlirRegionCreate();
        mlirRegionAppendOwnedBlock(region, new_body);
        let mut yield_state = mlirOperationStateGet(ir::string_ref_of("scf.yield"), location);
        let terminator = mlirOperationCreate(&mut yield_state);
        mlirBlockAppendOwnedOperation(new_body, terminator);
        let mut state = mlirOperationStateGet(ir::string_ref_of("scf.for"), location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, types.len() as isize, types.as_ptr());
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let fused = mlirOperationCreate(&mut state);
        Builder::before(anchor).insert(fused);
        ir::mark(fused, super::unroll::MARK);
        for (index, copy) in copies.iter_mut().enumerate() {
            copy.bind(induction, mlirBlockGetArgument(new_body, 0));
            for k in 0..carried {
                copy.bind(
                    mlirBlockGetArgument(body, 1 + k as isize),
                    mlirBlockGetArgument(new_body, (1 + index * carried + k) as isize),
                );
            }
        }
        jam_block(body, terminator, copies);
        bind_results(the_loop, fused, copies);
    }
}

/// `operation`'s result types, once per copy.
fn result_types(operation: MlirOperation, copies: usize) -> Vec<MlirType> {
    let results = unsafe { mlirOperationGetNumResults(operation) };
    (0..copies)
        .flat_map(|_| {
            (0..results).map(|k| unsafe { mlirValueGetType(mlirOperationGetResult(operation, k)) })
        })
        .collect()
}

/// Jams `block`'s ops before `new_yield`, which then yields every copy's values of `block`'s
/// yield in turn.
fn jam_block(block: MlirBlock, new_yield: MlirOperation, copies: &mut [Copy]) {
    let inside = ir::block_operations(block);
    let Some((&old_yield, inner)) = inside.split_last() else {
        return;
    };
    jam(inner, new_yield, copies);
    let yielded: Vec<MlirValue> = copies
        .iter()
        .flat_map(|copy| copy.operands(old_yield))
        .collect();
    unsafe { mlirOperationSetOperands(new_yield, yielded.len() as isize, yielded.as_ptr()) };
}

/// Binds each copy's results of `original` to its slice of `fused`'s.
fn bind_results(original: MlirOperation, fused: MlirOperation, copies: &mut [Copy]) {
    let results = unsafe { mlirOperationGetNumResults(original) } as usize;
    for (index, copy) in copies.iter_mut().enumerate() {
        for k in 0..results {
            copy.bind(
                unsafe { mlirOperationGetResult(original, k as isize) },
                unsafe { mlirOperationGetResult(fused, (index * results + k) as isize) },
            );
        }
    }
}

/// Whether `operation` is an `scf.if` whose condition is the same value in every copy.
fn same_condition(operation: MlirOperation, copies: &[Copy]) -> bool {
    ir::is_named(operation, "scf.if") && same_in_every_copy(operation, 0..1, copies)
}

/// Writes `branch` once for every copy: one `scf.if` on the common condition, each side
/// jammed, yielding each copy's results in turn.
fn fuse_branch(branch: MlirOperation, anchor: MlirOperation, copies: &mut [Copy]) {
    unsafe {
        let condition = copies[0].of(mlirOperationGetOperand(branch, 0));
        let types = result_types(branch, copies.len());
        let sides = mlirOperationGetNumRegions(branch);
        let with_else = sides > 1
            && !mlirRegionGetFirstBlock(mlirOperationGetRegion(branch, 1))
                .ptr
                .is_null();
        let (fused, then_yield, else_yield) =
            Builder::before(anchor).scf_if(condition, &types, with_else);
        for (index, new_yield) in [(0, Some(then_yield)), (1, else_yield)] {
            if let Some(new_yield) = new_yield {
                let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(branch, index));
                jam_block(block, new_yield, copies);
            }
        }
        bind_results(branch, fused, copies);
    }
}
