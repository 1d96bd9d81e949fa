//! Deciding vector widths: which of a thread's accesses become one `vector.load`/`store`
//! of up to 16 bytes, and which existing vector accesses get a proven `alignment`.
//!
//! Candidates ([`Shape`]):
//! * **adjacent**: loads (or stores) in one block on the same memref value whose indices agree
//!   except for a constant in the innermost one, each starting where the one before ends:
//!   unrolled scalars (`memref.load A[4t+0] … A[4t+3]`) or neighbouring 1-D vector accesses
//!   (`vector.load`/`store`, or `vector.transfer_read`/`write` that are in bounds, unmasked
//!   and not permuted: two `vector<2xf32>` at `4t` and `4t+2`). Each instruction of the
//!   result holds whole members; a run whose alignment would cut a member is not merged;
//! * **loop**: a `memref.load` directly in an `scf.for` with constant bounds whose iterations
//!   read consecutive elements (`for k in 0..4: A[4t+k]`): one vector load before the loop,
//!   an element extracted per iteration;
//! * **vector**: an existing `vector.load`/`store` without a sufficient `alignment`: the NVVM
//!   lowering assumes the element's alignment and splits it into scalar accesses.
//!
//! The width is `analysis::vector_width`'s (contiguity, proven alignment, 16 bytes). The
//! alignment facts about a buffer's aligned pointer ([`alignment::base_alignment`]): the element size,
//! `memref.assume_alignment` on the view chain, `alignment` of a `memref.alloc` or
//! `memref.global`, `{llvm.align}` on a kernel argument, and option `assume-alignment` for kernel
//! arguments. The option defaults to 0 (the element size only) because a memref argument's
//! aligned pointer may be any element of a larger allocation: a view passed by the host.
//!
//! Merging moves accesses: loads to the first of them (or before the loop), stores to the last.
//! That is allowed only when nothing in between may write (for loads) or touch (for stores)
//! memory the buffer may alias, and no barrier lies in between (other threads' writes become
//! visible there). Conservatively, by [`crate::facts::effects`].
//!
//! [`run`] is the step: decide ([`decide`]), merge ([`apply`]), carry each access's `after`
//! metrics through ([`widened`]), and settle every decision.

pub mod alignment;
pub mod apply;
pub mod decide;
pub mod versioned;
pub mod widened;

use analysis::{misalignment::Owner, vector_width::Blocker};
use decide::{Group, Shape};
use mlir_sys::mlirOperationGetLocation;

use crate::{
    facts::{
        accesses,
        findings::{self, Finding},
        kernels::Kernel,
    },
    ir,
    report::Decision,
    report::Kind,
    steps::register_tile::jam::on_edge_path,
    steps::{Early, Step, Telling},
    Options,
};

/// The alignment a versioned vector access is checked for: the widest access (16 bytes).
pub const VERSION_ALIGNMENT: u32 = 16;

/// The group `checked` (decided with 16-byte aligned arguments) has for `group` when only its
/// argument's unknown alignment blocks it and the checked one is one 16-byte vector of the
/// scalar members (or the `vector.load`/`store` as written), with the argument's position:
/// what run-time versioning makes.
fn versionable<'g>(
    group: &Group,
    checked: &'g [Group],
    findings: &[Finding],
) -> Option<(&'g Group, usize)> {
    let (Err(Blocker::BaseAlignment { .. }), Owner::Argument(index)) =
        (&group.outcome, &group.owner)
    else {
        return None;
    };
    // Scalar records, or a `vector.load`/`store` as written (a DSL's 16-byte access).
    let (members, names) = match &group.shape {
        Shape::Adjacent(members) => (members.clone(), ["memref.load", "memref.store"]),
        Shape::Vector(member) => (vec![*member], ["vector.load", "vector.store"]),
        Shape::Loop { .. } => return None,
    };
    let scalar = members.iter().all(|&member| {
        let memory = &findings[member].memory;
        let width = if matches!(group.shape, Shape::Vector(_)) {
            group.elements
        } else {
            1
        };
        memory.vector_width <= width && names.contains(&memory.name.as_str())
    });
    let fast = checked.iter().find(|other| other.members() == members)?;
    // One 16-byte access (ld.global.v4) is what pays for the branch and the second copy;
    // a narrower merge saves less.
    let one_vector = fast.outcome.as_ref().is_ok_and(|chunks| {
        chunks.len() == 1
            && chunks[0].elements == group.elements
            && u64::from(group.elements) * u64::from(group.element_bytes)
                == u64::from(VERSION_ALIGNMENT)
    });
    (scalar && one_vector).then_some((fast, *index))
}

/// Decides, applies and explains the vector widths of `kernel`'s accesses.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let enabled = Step::Vectorize.enabled(options);
    let (mut success, mut changed) = (true, false);
    // Run-time versioning (issue 16): the groups as they would be with 16-byte aligned
    // arguments, for those only an argument's unknown alignment blocks.
    let groups = decide::decide(kernel, findings, options);
    let blocked_by_alignment = groups.iter().any(|group| {
        matches!(
            (&group.outcome, &group.owner),
            (Err(Blocker::BaseAlignment { .. }), Owner::Argument(_))
        )
    });
    let checked = if options.version && options.assume_alignment == 0 && blocked_by_alignment {
        let assumed = Options {
            assume_alignment: VERSION_ALIGNMENT,
            ..options.clone()
        };
        decide::decide(kernel, findings, &assumed)
    } else {
        Vec::new()
    };
    let mut checks = versioned::Checks::default();
    for group in &groups {
        let members = group.members();
        let first = &findings[members[0]].memory;
        let target = first.root.describe();
        let element = ir::type_text(unsafe {
            mlir_sys::mlirShapedTypeGetElementType(mlir_sys::mlirValueGetType(first.memref))
        });
        let location = unsafe { mlirOperationGetLocation(first.operation) };
        let edge = on_edge_path(first.operation);
        let what = group.what(findings);
        // Before applying: a merge destroys its members, and alignment changes the attribute.
        let before = widened::before(kernel, group, findings, options);
        let mut traffic_after = None;
        let versioned = versionable(group, &checked, findings);
        let (applied, reason) = match (&group.outcome, versioned) {
            (Err(blocker), Some(fast)) => {
                let check = format!(
                    "behind a run-time check that {target}'s aligned pointer is a multiple of \
                     {} B ({} instructions at the kernel's entry); the fallback keeps them scalar",
                    fast.0.alignment,
                    versioned::CHECK_INSTRUCTIONS,
                );
                let instructions = fast
                    .0
                    .outcome
                    .as_ref()
                    .map(|chunks| fast.0.instructions(&element, chunks))
                    .unwrap_or_default();
                if !enabled {
                    (
                        false,
                        format!("would merge: {what} -> {instructions} {check}"),
                    )
                } else {
                    match versioned::apply_versioned(kernel, fast, findings, &mut checks) {
                        Ok(_) => (true, format!("{what} -> {instructions} {check}")),
                        Err(why) => (
                            false,
                            format!(
                                "{what} {}: {}; not versioned: {why}",
                                group.kept(),
                                blocker.finding()
                            ),
                        ),
                    }
                }
            }
            (Err(blocker), None) => (
                false,
                format!("{what} {}: {}", group.kept(), blocker.finding()),
            ),
            (Ok(chunks), _) if !enabled => (
                false,
                format!(
                    "would merge: {what} -> {}; {}",
                    group.instructions(&element, chunks),
                    group.proof()
                ),
            ),
            (Ok(chunks), _) => {
                let instructions = group.instructions(&element, chunks);
                match apply::apply(kernel, group, findings) {
                    Ok(performed) => {
                        let now: Vec<Finding> = performed
                            .iter()
                            .filter_map(|&operation| accesses::access(kernel, operation))
                            .map(|memory| findings::analyze(kernel, memory, &options.target))
                            .collect();
                        for (&member, instruction) in members.iter().zip(&now) {
                            early.widened.record(findings, member, instruction);
                        }
                        traffic_after = Some(widened::after(kernel, &now, options));
                        let narrower = group
                            .narrower()
                            .map(|why| format!("; not one access: {why}"))
                            .unwrap_or_default();
                        (
                            true,
                            format!("{what} -> {instructions}; {}{narrower}", group.proof()),
                        )
                    }
                    Err(why) => (false, format!("{what}: not applied: {why}")),
                }
            }
        };
        let after = traffic_after.unwrap_or(before);
        changed |= applied;
        let params = serde_json::json!({
            "elements": group.elements,
            "element_bytes": group.element_bytes,
            "alignment": group.alignment,
            "base_alignment": group.base.bytes,
            "base_source": group.base.source,
            "offset": group.offset,
            "members": members.iter().map(|&index| findings[index].memory.location.clone()).collect::<Vec<_>>(),
            "widths": group.outcome.as_ref().map(|chunks| chunks.iter().map(|chunk| chunk.elements).collect::<Vec<_>>()).unwrap_or_default(),
            "requests_per_warp_before": before.requests,
            "requests_per_warp_after": after.requests,
            "sectors_per_warp_before": before.sectors,
            "sectors_per_warp_after": after.sectors,
            "versioned": versioned.is_some(),
        });
        let decision = Decision {
            kind: Kind::Vectorize,
            target,
            applied,
            reason,
            params,
            summary: String::new(),
            // Only a blocked group that stays as written is advised (a versioned one took
            // the fast path already).
            advice: match (&group.outcome, applied) {
                (Err(blocker), false) => blocker.advice(),
                _ => None,
            },
        };
        let telling = Telling {
            kernel: &kernel.name,
            location,
            // Overlapping windows stay scalar whatever the layout: the report says so.
            remark: !group
                .outcome
                .as_ref()
                .is_err_and(|blocker| blocker.overlapping())
                && !edge,
            blocked: group.outcome.is_err(),
        };
        success &= early.settle(decision, telling, options);
    }
    (success, changed)
}
