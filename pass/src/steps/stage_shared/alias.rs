//! Whether a staged access may move to its cooperative copy, judged on every memory effect of
//! the kernel (`facts::effects`): a staged store's write reaches memory after the barrier, a
//! staged load's read happens in the copy-in, by another thread. Model: the effects in IR
//! order, each marked as before or after the access and as in its loop nest or not; two
//! buffers may alias unless `facts::effects::may_alias` proves they do not. Cost: one walk of
//! the kernel per access.

use analysis::matrix::AccessKind;
use mlir_sys::*;

use crate::{
    facts::effects::{self, Effect},
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    steps::stage_shared::sharers,
    Options,
};

/// Why the access of `findings[index]` may not move to its cooperative copy,
/// judged on every memory effect of the kernel (`effects::effects`: loads,
/// stores, atomics, copies, calls), not only on the accesses the analysis
/// models. A staged store's write reaches memory after the barrier (after its
/// loops), so nothing that may run after it in the same thread may touch
/// memory it may write. A staged load's read happens in the copy-in, by
/// another thread, so nothing that may write its buffer may come before it,
/// nor, for a load in a loop, anywhere in that loop (a later iteration would
/// read from a tile filled before). A workgroup tile, or an argument that
/// cannot alias (`effects::may_alias`), does not count; a call counts always.
pub(super) fn movable(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    options: &Options,
) -> Result<(), String> {
    let finding = &findings[index];
    let operation = finding.memory.operation;
    let touches = |effect: &Effect, writes_only: bool| match effect {
        Effect::Read(root, space) | Effect::Write(root, space) => {
            (!writes_only || matches!(effect, Effect::Write(..)))
                && effects::may_alias(
                    kernel,
                    (root, *space),
                    (&finding.memory.root, finding.memory.space),
                    options.assume_noalias,
                )
        }
        Effect::Unknown => true,
        Effect::Barrier => false,
    };
    let all = effects::effects(kernel, kernel.operation);
    let position = all
        .iter()
        .position(|(_, other)| other.ptr == operation.ptr)
        .unwrap_or(all.len());
    let outer = outermost_loop(operation);
    // The effects that may run after the access in the same thread (`later`), or before it.
    // Every other effect, whether it comes before the access, and whether it is in the same
    // loop nest (so runs both before and after it, in other iterations).
    let mut others = all
        .iter()
        .enumerate()
        .filter(|(_, (_, other))| other.ptr != operation.ptr)
        .map(|(at, (effect, other))| {
            let same_loop = outer.is_some_and(|outer| ir::encloses(outer, *other));
            (effect, *other, at < position, same_loop)
        });
    let describe = |other: MlirOperation| {
        format!(
            "{} at {}",
            ir::operation_name(other),
            ir::location_text(unsafe { mlirOperationGetLocation(other) })
        )
    };
    match finding.memory.kind {
        AccessKind::Store if sharers(findings, index).next().is_some() => {
            Err("the kernel accesses this buffer elsewhere too".into())
        }
        AccessKind::Store => match others.find(|(effect, _, before, same_loop)| {
            (!before || *same_loop) && touches(effect, false)
        }) {
            Some((_, other, _, _)) => Err(format!(
                "{} may access the buffer too, and the staged write would reach memory later",
                describe(other)
            )),
            None => Ok(()),
        },
        AccessKind::Load => match others
            .find(|(effect, _, before, same_loop)| (*before || *same_loop) && touches(effect, true))
        {
            Some((_, other, true, _)) => Err(format!(
                "{} may write the buffer before the load, and the copy-in would read before it",
                describe(other)
            )),
            Some((_, other, false, _)) => Err(format!(
                "{} in the loop may write the buffer, and a later iteration could read it from \
                 a tile filled before",
                describe(other)
            )),
            None => Ok(()),
        },
    }
}

/// The outermost loop around `operation`, if any.
fn outermost_loop(operation: MlirOperation) -> Option<MlirOperation> {
    let mut outer = None;
    let mut current = unsafe { mlirOperationGetParentOperation(operation) };
    while !current.ptr.is_null() {
        if matches!(
            ir::operation_name(current).as_str(),
            "scf.for" | "affine.for" | "scf.while" | "scf.parallel" | "affine.parallel"
        ) {
            outer = Some(current);
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    outer
}
