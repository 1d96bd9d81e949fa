//! A register tile's loop over one staged tile, written out trip by trip (issue 33 item 2:
//! "the k loop over a tile fully unrolled in MLIR", since an `llvm.loop` annotation does not
//! survive `scf-to-cf` here).
//!
//! [`jam`](super::jam) marks the loop it fuses ([`MARK`]). Where staging strip-mines it, the
//! marked loop is the inner one, `for k = kk to kk + 32`, whose trips are a constant; its
//! body, shared loads and multiply-adds with no region, is then cloned once per trip, `k`
//! read as `kk + t` and each trip's accumulators the last one's yields, as CUDA's `#pragma
//! unroll` writes a tile loop. A loop of more than [`MAX_TRIPS`] trips (the whole `k` range,
//! where nothing was staged) stays a loop. The mark is removed either way.
//!
//! Cost: one clone per op and trip.

use std::collections::HashMap;
use std::ffi::c_void;

use mlir_sys::*;

use crate::{
    facts::kernels::Kernel,
    ir::{self, builder::Builder},
};

/// The attribute on the loop a register tile fused.
pub const MARK: &str = "gpu_mem_opt.register_tile";

/// The most trips written out: one staged tile of the pass's (32 iterations).
pub const MAX_TRIPS: i64 = 32;

/// Writes out every marked loop of `kernel` whose trips are a constant of at most
/// [`MAX_TRIPS`] and whose body has no region; removes every mark.
pub fn unroll(kernel: &Kernel) {
    let marked: Vec<MlirOperation> = ir::walk(kernel.operation)
        .into_iter()
        .filter(|&operation| ir::attribute(operation, MARK).is_some())
        .collect();
    for the_loop in marked {
        unsafe { mlirOperationRemoveAttributeByName(the_loop, ir::string_ref_of(MARK)) };
        if let Some(trips) = trips(the_loop).filter(|&trips| trips <= MAX_TRIPS) {
            unsafe { write_out(the_loop, trips) };
        }
    }
}

/// Writes out `the_loop` where its trips are a constant of at most `most` and its body has no
/// region (`promote` writes out a stencil's radius loop so that each trip's loads have a
/// constant offset); whether it did.
pub fn written_out(the_loop: MlirOperation, most: i64) -> bool {
    match trips(the_loop).filter(|&trips| trips <= most) {
        Some(trips) => {
            unsafe { write_out(the_loop, trips) };
            true
        }
        None => false,
    }
}

/// Whether [`written_out`] would write out `the_loop` at `most` trips.
pub fn can_write_out(the_loop: MlirOperation, most: i64) -> bool {
    trips(the_loop).is_some_and(|trips| trips <= most)
}

/// The trips of `the_loop` where its end is its start plus a constant (or both known at
/// compile time, `ir::static_integer`) and its step a positive constant, and its body has no region. Read from the SSA values
/// alone: the access model reads a partial tile's end, `min(kk + 32, n)`, as `kk + 32`
/// (`facts::extract::CLAMP`), which is right for its addresses and wrong for a trip count.
pub fn trips(the_loop: MlirOperation) -> Option<i64> {
    let operand = |position| unsafe { mlirOperationGetOperand(the_loop, position) };
    let (lower, upper) = (operand(0), operand(1));
    let step = ir::static_integer(operand(2)).filter(|&step| step > 0)?;
    let span = match (ir::static_integer(lower), ir::static_integer(upper)) {
        (Some(lower), Some(upper)) => upper.checked_sub(lower)?,
        _ => {
            let sum = ir::defining_operation(upper).filter(|op| ir::is_named(*op, "arith.addi"))?;
            let left = unsafe { mlirOperationGetOperand(sum, 0) };
            let right = unsafe { mlirOperationGetOperand(sum, 1) };
            match (unsafe { mlirValueEqual(left, lower) }, unsafe {
                mlirValueEqual(right, lower)
            }) {
                (true, _) => ir::constant_integer(right)?,
                (_, true) => ir::constant_integer(left)?,
                _ => return None,
            }
        }
    };
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let flat = ir::block_operations(body)
        .iter()
        .all(|&operation| unsafe { mlirOperationGetNumRegions(operation) } == 0);
    (flat && span >= 0).then(|| (span + step - 1) / step)
}

/// Clones `the_loop`'s body once per trip before it, then puts the last trip's values in
/// place of its results and removes it.
unsafe fn write_out(the_loop: MlirOperation, trips: i64) {
    let lower = mlirOperationGetOperand(the_loop, 0);
    let step = ir::static_integer(mlirOperationGetOperand(the_loop, 2)).unwrap_or(1);
    let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0));
    let operations = ir::block_operations(body);
    let Some((&terminator, inside)) = operations.split_last() else {
        return;
    };
    let builder = Builder::before(the_loop).located(mlirOperationGetLocation(the_loop));
    let carried_count = mlirOperationGetNumOperands(the_loop) - 3;
    let mut carried: Vec<MlirValue> = (0..carried_count)
        .map(|position| mlirOperationGetOperand(the_loop, 3 + position))
        .collect();
    for trip in 0..trips {
        let mut values: HashMap<*const c_void, MlirValue> = HashMap::new();
        let induction = match trip {
            0 => lower,
            _ => builder.index_binary("arith.addi", lower, builder.index_constant(trip * step)),
        };
        values.insert(mlirBlockGetArgument(body, 0).ptr, induction);
        for (position, &value) in carried.iter().enumerate() {
            values.insert(mlirBlockGetArgument(body, 1 + position as isize).ptr, value);
        }
        for &operation in inside {
            let copy = mlirOperationClone(operation);
            for position in 0..mlirOperationGetNumOperands(copy) {
                let operand = mlirOperationGetOperand(copy, position);
                if let Some(&value) = values.get(&operand.ptr) {
                    mlirOperationSetOperand(copy, position, value);
                }
            }
            builder.insert(copy);
            for position in 0..mlirOperationGetNumResults(operation) {
                values.insert(
                    mlirOperationGetResult(operation, position).ptr,
                    mlirOperationGetResult(copy, position),
                );
            }
        }
        carried = (0..mlirOperationGetNumOperands(terminator))
            .map(|position| {
                let operand = mlirOperationGetOperand(terminator, position);
                values.get(&operand.ptr).copied().unwrap_or(operand)
            })
            .collect();
    }
    for (position, &value) in carried.iter().enumerate() {
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(the_loop, position as isize), value);
    }
    mlirOperationDestroy(the_loop);
}
