//! Moving a loop out of the edge guard around it, so that its loads can be
//! staged per tile of iterations (a naive matrix multiply on sizes that are
//! not multiples of the block: `if (i < M && j < N) { for k: sum += A[i][k] ·
//! B[k][j]; C[i][j] = sum }`).
//!
//! The barriers of a per-tile refill must be reached by the whole block, so
//! the loop cannot stay under a guard that depends on thread ids. It may
//! leave it when running it for the threads the guard excludes changes
//! nothing: every load in its body is then staged (the tile's reads stay
//! inside the tile, and the copy-in clamps its global indices into the
//! array), every store in it goes under the guard's condition again (a
//! row-per-thread `if (i < M) { for k: C[i][k] = … }`), the other operations are arithmetic that cannot
//! trap (no integer division or remainder), the body has no nested regions,
//! and every value the loop uses from outside is defined in the kernel's
//! entry block, so it dominates the guard, or is a constant defined under the
//! guard, which moves out with the loop (a DSL emits a sum's `0.0` and bounds
//! where it emits the sum). An initial value computed under the guard from
//! loads and arithmetic that cannot trap (the register `promote` carries:
//! `y[i]`, SYRK's `c[i][j] * beta`) is computed before it under the guard's
//! condition, zero for the threads it excludes. The loop's results are only used
//! under the guard, which keeps the store of the sum; threads outside compute
//! a sum nobody stores.
//!
//! Model: one `scf.for` directly in the then-region of an `scf.if` without
//! results that sits in the entry block. Cost: linear in the loop body.

use mlir_sys::*;

use crate::{
    facts::effects::{self, Effect},
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir,
    ir::builder::Builder,
    steps::stage_shared::single::{defined_in, guarded_region},
};

/// Integer operations that trap on a zero divisor.
const TRAPPING: [&str; 7] = [
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
];

/// The `scf.if` edge guard that `the_loop` may leave when `staged` (its loads
/// that will be staged) are all its memory accesses; why not otherwise.
pub fn movable_guard(
    kernel: &Kernel,
    the_loop: MlirOperation,
    staged: &[MlirOperation],
    uniformity: &Uniformity,
) -> Result<MlirOperation, String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let guard = unsafe { mlirOperationGetParentOperation(the_loop) };
    if !ir::is_named(guard, "scf.if")
        || unsafe { mlirOperationGetBlock(guard).ptr } != entry.ptr
        || unsafe { mlirOperationGetNumResults(guard) } != 0
    {
        return Err("the loop is not directly under an scf.if at the top of the kernel".into());
    }
    let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(guard, 0)) };
    if unsafe { mlirOperationGetBlock(the_loop).ptr } != then_block.ptr {
        return Err("the loop is in the guard's else region".into());
    }
    let from_entry = |operation: MlirOperation, from: isize| {
        (from..unsafe { mlirOperationGetNumOperands(operation) }).all(|index| {
            let value = unsafe { mlirOperationGetOperand(operation, index) };
            defined_in(value, entry)
                || hoistable(value, then_block).is_some()
                || (index >= LOOP_INITIAL_VALUES
                    && guarded_initial(kernel, value, then_block, entry).is_some())
        })
    };
    if !from_entry(the_loop, 0) {
        return Err("the loop's bounds or initial values are computed under the guard".into());
    }
    // Out of the guard, the loop's refill barriers are reached as often as the loop runs.
    uniformity.barrier_point(guard)?;
    uniformity.loop_bounds(the_loop)?;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let mut operation = unsafe { mlirBlockGetFirstOperation(body) };
    while !operation.ptr.is_null() {
        let name = ir::operation_name(operation);
        let inside = |index: isize| {
            let value = unsafe { mlirOperationGetOperand(operation, index) };
            defined_in(value, body)
                || defined_in(value, entry)
                || hoistable(value, then_block).is_some()
        };
        if unsafe { mlirOperationGetNumRegions(operation) } != 0 {
            return Err(format!("the loop body holds {name}, which has regions"));
        }
        if name == "memref.load" {
            if !staged.iter().any(|load| load.ptr == operation.ptr) {
                return Err(format!(
                    "the load at {} in the loop is not staged, and would run for threads the \
                     guard excludes",
                    ir::location_text(unsafe { mlirOperationGetLocation(operation) })
                ));
            }
        } else if name != "scf.yield"
            && name != "memref.store"
            && (!name.starts_with("arith.") || TRAPPING.contains(&name.as_str()))
        {
            return Err(format!(
                "the loop body holds {name}, which threads the guard excludes must not run"
            ));
        }
        if !(0..unsafe { mlirOperationGetNumOperands(operation) }).all(inside) {
            return Err(format!(
                "{name} in the loop uses a value computed under the guard"
            ));
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    Ok(guard)
}

/// The position of an `scf.for`'s first `iter_args` operand (after lower, upper, step).
const LOOP_INITIAL_VALUES: isize = 3;

/// The ops directly in `block` (the guard's then-block) that compute `value` from the kernel's
/// `entry` block, in block order: loads and arithmetic that cannot trap (`c[i][j] * beta`, the
/// register `promote` carries), each used only by the next ones but the last: a loop's initial
/// value that can be computed before the guard under its condition.
fn guarded_initial(
    kernel: &Kernel,
    value: MlirValue,
    block: MlirBlock,
    entry: MlirBlock,
) -> Option<Vec<MlirOperation>> {
    let mut chain: Vec<MlirOperation> = Vec::new();
    let mut pending = vec![value];
    while let Some(next) = pending.pop() {
        if defined_in(next, entry) {
            continue;
        }
        let owner = ir::defining_operation(next)?;
        if chain.iter().any(|seen| seen.ptr == owner.ptr) {
            continue;
        }
        let name = ir::operation_name(owner);
        let computes = (name == "memref.load" && !written_before(kernel, owner, block))
            || (name.starts_with("arith.") && !TRAPPING.contains(&name.as_str()));
        if !computes
            || unsafe { mlirOperationGetBlock(owner).ptr } != block.ptr
            || unsafe { mlirOperationGetNumRegions(owner) } != 0
        {
            return None;
        }
        chain.push(owner);
        pending.extend(
            (0..unsafe { mlirOperationGetNumOperands(owner) })
                .map(|index| unsafe { mlirOperationGetOperand(owner, index) }),
        );
    }
    let in_chain = |user: MlirOperation| chain.iter().any(|op| op.ptr == user.ptr);
    let last = ir::defining_operation(value);
    let contained = chain.iter().all(|&operation| {
        Some(operation.ptr) == last.map(|last| last.ptr)
            || (0..unsafe { mlirOperationGetNumResults(operation) }).all(|index| {
                ir::uses(unsafe { mlirOperationGetResult(operation, index) })
                    .into_iter()
                    .all(|(user, _)| in_chain(user))
            })
    });
    let order = ir::block_operations(block);
    chain.sort_by_key(|operation| order.iter().position(|op| op.ptr == operation.ptr));
    (contained && !chain.is_empty()).then_some(chain)
}

/// Whether an op before `load` in `block` (or nested in one) may write memory or order it
/// (`facts::effects`: a write, a barrier, an unknown effect): the load then cannot move before
/// the guard, ahead of it (a register tile's `c[i][j] *= beta` before the loads of its other
/// copies' accumulators).
fn written_before(kernel: &Kernel, load: MlirOperation, block: MlirBlock) -> bool {
    ir::block_operations(block)
        .into_iter()
        .take_while(|operation| operation.ptr != load.ptr)
        .flat_map(|operation| effects::effects(kernel, operation))
        .any(|(effect, _)| !matches!(effect, Effect::Read(..)))
}

/// The constant op (`arith.constant`, `index.constant`: no operands, no
/// effects) defining `value` directly in `block`, which may move before the guard.
fn hoistable(value: MlirValue, block: MlirBlock) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value) }
        .then(|| unsafe { mlirOpResultGetOwner(value) })
        .filter(|&owner| unsafe { mlirOperationGetBlock(owner).ptr } == block.ptr)
        .filter(|&owner| {
            matches!(
                ir::operation_name(owner).as_str(),
                "arith.constant" | "index.constant"
            )
        })
}

/// Moves the constants `the_loop` uses from `guard`'s then-block before the guard.
fn hoist_constants(the_loop: MlirOperation, guard: MlirOperation) {
    let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(guard, 0)) };
    let mut users = vec![the_loop];
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let mut operation = unsafe { mlirBlockGetFirstOperation(body) };
    while !operation.ptr.is_null() {
        users.push(operation);
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    for user in users {
        for index in 0..unsafe { mlirOperationGetNumOperands(user) } {
            let value = unsafe { mlirOperationGetOperand(user, index) };
            if let Some(constant) = hoistable(value, then_block) {
                unsafe { mlirOperationMoveBefore(constant, guard) }
            }
        }
    }
}

/// Moves `the_loop` out of `guard`, just before it, each store in its body
/// under the guard's condition (see the module essay); `kernel` is theirs.
pub fn leave_guard(kernel: &Kernel, the_loop: MlirOperation, guard: MlirOperation) {
    hoist_constants(the_loop, guard);
    let condition = unsafe { mlirOperationGetOperand(guard, 0) };
    let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(guard, 0)) };
    let entry = unsafe { mlirOperationGetBlock(guard) };
    for index in LOOP_INITIAL_VALUES..unsafe { mlirOperationGetNumOperands(the_loop) } {
        let value = unsafe { mlirOperationGetOperand(the_loop, index) };
        if let Some(chain) = guarded_initial(kernel, value, then_block, entry) {
            let location = unsafe { mlirOperationGetLocation(chain[0]) };
            let builder = Builder::before(guard).located(location);
            let element_type = unsafe { mlirValueGetType(value) };
            let (branch, then_yield, else_yield) = builder.scf_if(condition, &[element_type], true);
            let else_yield = else_yield.expect("an scf.if made with its else region");
            unsafe {
                for &operation in &chain {
                    mlirOperationMoveBefore(operation, then_yield);
                }
                mlirOperationSetOperands(then_yield, 1, &value);
                let zero = Builder::before(else_yield).zero(element_type);
                mlirOperationSetOperands(else_yield, 1, &zero);
                let computed = mlirOperationGetResult(branch, 0);
                // Every use but the branch's own yield now reads the branch's result.
                for (user, position) in ir::uses(value) {
                    if user.ptr != then_yield.ptr {
                        mlirOperationSetOperand(user, position as isize, computed);
                    }
                }
            }
        }
    }
    unsafe { mlirOperationMoveBefore(the_loop, guard) }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let mut operation = unsafe { mlirBlockGetFirstOperation(body) };
    while !operation.ptr.is_null() {
        let next = unsafe { mlirOperationGetNextInBlock(operation) };
        if ir::is_named(operation, "memref.store") {
            let location = unsafe { mlirOperationGetLocation(operation) };
            let builder = Builder::before(operation).located(location);
            let inside = guarded_region(&builder, condition);
            unsafe { mlirOperationMoveBefore(operation, inside) }
        }
        operation = next;
    }
}
