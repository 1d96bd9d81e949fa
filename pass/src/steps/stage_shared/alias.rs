//! Whether a staged access may move to its cooperative copy, judged on every memory effect of
//! the kernel (`facts::effects`): a staged store's write reaches memory after the barrier, a
//! staged load's read happens in the copy-in, by another thread. Model: the effects in IR
//! order, each marked as before or after the access and as in its loop nest or not; two
//! buffers may alias unless `facts::effects::may_alias` proves they do not. Cost: one walk of
//! the kernel per access.

use analysis::matrix::AccessKind;
use mlir_sys::*;

use crate::{
    facts::accesses::Root,
    facts::effects::{self, Effect},
    facts::extract::checked_branches,
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    steps::stage_shared::{plan::Versioned, sharers},
    Options,
};

/// Why an access may not move to its cooperative copy.
pub(super) struct Unmovable {
    /// In words: the first blocker's reason, or why the access never moves.
    pub(super) reason: String,
    /// The effects that keep it (none when it never moves).
    blockers: Vec<Blocker>,
}

/// Ok when the access of `findings[index]` may move to its cooperative copy, where each of
/// `checks` (planned for earlier stagings) shows its pairs of arguments apart in its loop;
/// otherwise what keeps it ([`blockers`]).
pub(super) fn movable(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    options: &Options,
    checks: &[Versioned],
) -> Result<(), Unmovable> {
    let blockers =
        blockers(kernel, findings, index, options, checks).map_err(|reason| Unmovable {
            reason,
            blockers: Vec::new(),
        })?;
    match blockers.first() {
        Some(first) => Err(Unmovable {
            reason: first.reason.clone(),
            blockers,
        }),
        None => Ok(()),
    }
}

/// The other kernel arguments whose bytes, shown apart from those of the accessed argument at
/// run time, would let the access of `findings[index]` move to its copy: `Some((accessed,
/// others))` when every effect that keeps it (`unmovable`) touches one of them and nothing
/// else does.
pub(super) fn checkable(
    findings: &[Finding],
    index: usize,
    unmovable: &Unmovable,
) -> Option<(usize, Vec<usize>)> {
    let Root::Argument(stored) = findings[index].memory.root else {
        return None;
    };
    let mut arguments = Vec::new();
    for blocker in &unmovable.blockers {
        match blocker.root {
            Some(Root::Argument(other)) if other != stored => arguments.push(other),
            _ => return None,
        }
    }
    arguments.sort_unstable();
    arguments.dedup();
    (!arguments.is_empty()).then_some((stored, arguments))
}

/// A memory effect that keeps an access from moving to its cooperative copy.
struct Blocker {
    /// The buffer it touches (`None`: any memory).
    root: Option<Root>,
    /// Why, in words.
    reason: String,
}

/// Every memory effect of the kernel (`effects::effects`: loads, stores, atomics, copies,
/// calls, not only the accesses the analysis models) that keeps the access of
/// `findings[index]` from moving to its cooperative copy, or why it never moves. A staged
/// store's write reaches memory after the barrier (after its loops), so nothing that may run
/// after it in the same thread may touch memory it may write. A staged load's read happens in
/// the copy-in, by another thread, so nothing that may write its buffer may come before it,
/// nor, for a load in a loop, anywhere in that loop (a later iteration would read from a tile
/// filled before). A workgroup tile, or an argument that cannot alias (`effects::may_alias`),
/// does not count, nor an argument that one of `checks` shows apart from the accessed one in
/// the loop around both; a call counts always.
fn blockers(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    options: &Options,
    checks: &[Versioned],
) -> Result<Vec<Blocker>, String> {
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
    let outer = ir::outermost_loop(operation, None);
    // Shown apart by a run-time check planned for an earlier staging, on whose fast path
    // both run.
    let apart = |effect: &Effect, other: MlirOperation| match (effect, &finding.memory.root) {
        (
            Effect::Read(Root::Argument(first), _) | Effect::Write(Root::Argument(first), _),
            Root::Argument(second),
        ) => checks
            .iter()
            .any(|check| check.proves_apart((operation, other), (*first, *second))),
        _ => false,
    };
    // The effects that may run after the access in the same thread (`later`), or before it.
    // Every other effect, whether it comes before the access, and whether it is in the same
    // loop nest (so runs both before and after it, in other iterations).
    let others = all
        .iter()
        .enumerate()
        .filter(|(_, (effect, other))| {
            other.ptr != operation.ptr && !exclusive(operation, *other) && !apart(effect, *other)
        })
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
    let root = |effect: &Effect| match effect {
        Effect::Read(root, _) | Effect::Write(root, _) => Some(root.clone()),
        _ => None,
    };
    Ok(match finding.memory.kind {
        AccessKind::Store if sharers(findings, index).next().is_some() => {
            return Err("the kernel accesses this buffer elsewhere too".into())
        }
        AccessKind::Store => others
            .filter(|(effect, _, before, same_loop)| {
                (!before || *same_loop) && touches(effect, false)
            })
            .map(|(effect, other, _, _)| Blocker {
                root: root(effect),
                reason: format!(
                    "{} may access the buffer too, and the staged write would reach memory later",
                    describe(other)
                ),
            })
            .collect(),
        AccessKind::Load => others
            .filter(|(effect, _, before, same_loop)| {
                (*before || *same_loop) && touches(effect, true)
            })
            .map(|(effect, other, before, _)| Blocker {
                root: root(effect),
                reason: if before {
                    format!(
                        "{} may write the buffer before the load, and the copy-in would read \
                         before it",
                        describe(other)
                    )
                } else {
                    format!(
                        "{} in the loop may write the buffer, and a later iteration could read \
                         it from a tile filled before",
                        describe(other)
                    )
                },
            })
            .collect(),
    })
}

/// Whether `first` and `second` are in different branches of one `scf.if` on a check of
/// argument pointers (run-time versioning, `extract::checked_branches`): its condition is the
/// same for the whole launch, so no thread runs both.
fn exclusive(first: MlirOperation, second: MlirOperation) -> bool {
    ir::opposite_branches(&checked_branches(first), &checked_branches(second))
}
