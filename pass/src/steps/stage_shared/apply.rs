//! Applying one positive staging decision ([`apply`]): the cooperative copy's cost checked
//! again against the saving (`staging::saves_enough`), the alias and guard conditions, then the
//! transform for the access's shape (`single`, `loop_load`, `loop_store`, `halo`), behind a
//! run-time check of argument disjointness where only that keeps an access in a loop from its
//! copy ([`Versioned`]). What it did is data ([`Applied`]); the caller words it.

use analysis::{
    matrix::AccessKind,
    metrics::{warp_metrics, Block},
    staging::{self, Staging},
};
use mlir_sys::{
    mlirOperationGetOperand, mlirOperationGetParentOperation, mlirValueEqual, mlirValueGetType,
    MlirOperation,
};

use super::{alias, halo, loop_load, loop_store, neighbor_of, single, LeftGuard};
use crate::{
    facts::accesses::Root,
    facts::findings::Finding,
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir,
    steps::memory_space::{checked, disjoint},
    Options,
};

/// What [`apply`] did with one decision.
pub(super) struct Applied {
    /// The cooperative copy's sectors per request (`staging::cooperative_copy`) when the IR
    /// changed (`Some(None)` when unknown).
    pub(super) after: Option<Option<f64>>,
    /// What it made (`staged through …`), or why it made nothing; `None` when nothing was
    /// to be done.
    pub(super) outcome: Option<Result<String, String>>,
    /// Whether a tile was made (not reused from a stencil group's earlier load).
    pub(super) created: bool,
    /// The run-time check the staging relies on, if any.
    pub(super) check: Option<Versioned>,
}

impl Applied {
    /// Nothing to do.
    pub(super) fn nothing() -> Applied {
        Applied {
            after: None,
            outcome: None,
            created: false,
            check: None,
        }
    }

    /// Not applied, because of `why`.
    fn refused(why: String) -> Applied {
        Applied {
            outcome: Some(Err(why)),
            ..Applied::nothing()
        }
    }
}

/// Applies a positive decision where supported ([`Applied`]).
pub(super) fn apply(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    staging: &Staging,
    block: Option<&Block>,
    options: &Options,
    (guards, uniformity): (&[LeftGuard], &Uniformity),
) -> Applied {
    let (Some(footprint), Some(&block)) = (&staging.footprint, block) else {
        return Applied::nothing();
    };
    if !staging.stage {
        return Applied::nothing();
    }
    let finding = &findings[index];
    let group = neighbor_of(findings, index);
    let members = group
        .as_ref()
        .map_or_else(|| vec![index], |(_, members)| members.clone());
    let mut check = None;
    if let Some(unmovable) = members
        .iter()
        .find_map(|&member| alias::movable(kernel, findings, member, options).err())
    {
        match versioned(kernel, findings, index, (options, &unmovable)) {
            Some(found) => check = Some(found),
            None => return Applied::refused(unmovable.reason),
        }
    }
    let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
    let guard = guards
        .iter()
        .find(|(the_loop, _)| the_loop.ptr == parent.ptr)
        .map(|(_, moved)| moved);
    if let Some(Err(why)) = guard {
        return Applied::refused(format!("the loop cannot leave its edge guard: {why}"));
    }
    let left = if guard.is_some() {
        "; the loop left its edge guard (its loads all read tiles; the store stays guarded)"
    } else {
        ""
    };
    let extents = &footprint.extents;
    let points = group.as_ref().map_or(1, |(neighbor, _)| neighbor.points) as f64;
    let CopyCost {
        after,
        copied,
        native,
    } = match copy_cost(finding, staging, block, points, options) {
        Ok(cost) => cost,
        Err(why) => return Applied::refused(why),
    };
    // A stencil load whose group already read the halo tile: its memref
    // operand is the tile now.
    let live = match finding.memory.kind {
        AccessKind::Load => unsafe { mlirOperationGetOperand(finding.memory.operation, 0) },
        AccessKind::Store => finding.memory.memref,
    };
    let created = unsafe { mlirValueEqual(live, finding.memory.memref) };
    let result = if !created {
        Ok(ir::type_text(unsafe { mlirValueGetType(live) }))
    } else {
        let branch = match &check {
            Some(Versioned { outer, pairs, .. }) => {
                match disjoint::version_operation(kernel, *outer, pairs) {
                    Ok(branch) => Some(branch),
                    Err(why) => return Applied::refused(why),
                }
            }
            None => None,
        };
        let staged = match finding.memory.kind {
            AccessKind::Load if group.is_some() => {
                let loads: Vec<&Finding> =
                    members.iter().map(|&member| &findings[member]).collect();
                halo::apply(kernel, &loads, block, extents, uniformity)
            }
            AccessKind::Load if !finding.access.loops.is_empty() => loop_load::apply(
                kernel,
                finding,
                block,
                (extents, footprint.iterations),
                uniformity,
            ),
            AccessKind::Load => single::apply_load(kernel, finding, block, extents, uniformity),
            AccessKind::Store if !finding.access.loops.is_empty() => loop_store::apply_store(
                kernel,
                finding,
                block,
                (extents, footprint.iterations),
                uniformity,
            ),
            AccessKind::Store => single::apply_store(kernel, finding, block, extents, uniformity),
        };
        if let (Err(_), Some(branch)) = (&staged, branch) {
            disjoint::unversion(branch);
        }
        staged.map(|staged| staged.tile_type)
    };
    let left = match &check {
        Some(Versioned {
            pairs,
            instructions,
            ..
        }) => {
            let readers: Vec<String> = pairs
                .iter()
                .map(|(reader, _)| format!("{}'s", Root::Argument(*reader).describe()))
                .collect();
            format!(
                "{left}; on the fast path of a run-time check that {}'s bytes overlap none of \
                 {} ({instructions} instructions at the kernel's entry; where it fails, the \
                 loop as written runs)",
                finding.memory.root.describe(),
                readers.join(", ")
            )
        }
        None => left.to_string(),
    };
    match result {
        Err(why) => Applied::refused(why),
        Ok(tile_type) => {
            let text = |sectors: Option<f64>| {
                sectors.map_or_else(
                    || "?".into(),
                    |sectors| ((sectors * 100.0).round() / 100.0).to_string(),
                )
            };
            Applied {
                after: Some(after),
                outcome: Some(Ok(format!(
                    "staged through {}: sectors/request {} -> {}, global sectors per block and tile {} -> {}{left}",
                    tile_type,
                    text(staging.sectors_per_request),
                    text(after),
                    text(native),
                    text(copied),
                ))),
                created,
                check,
            }
        }
    }
}

/// A staged access's loop nest versioned on a run-time check (`disjoint::version_operation`).
pub(super) struct Versioned {
    /// The outermost loop.
    pub(super) outer: MlirOperation,
    /// The pairs the check shows apart: each blocking argument with the staged one.
    pub(super) pairs: Vec<(usize, Vec<usize>)>,
    /// The check's instructions at the kernel's entry (`disjoint::instructions`).
    pub(super) instructions: u32,
}

/// How the access of `findings[index]` in a loop is versioned where only other arguments'
/// accesses keep it from its copy (`unmovable`, `alias::checkable`): a store from its copy-out
/// (they read or write its bytes after it), a load from its copy-in (they write its bytes in
/// its loop or before it), with their bytes and its own known (`disjoint::spanned`) and option
/// `version` on.
fn versioned(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    (options, unmovable): (&Options, &alias::Unmovable),
) -> Option<Versioned> {
    let finding = &findings[index];
    let access = finding.memory.operation;
    if !options.version || finding.access.loops.is_empty() || checked::in_fallback(access) {
        return None;
    }
    let (staged, blocking) = alias::checkable(findings, index, unmovable)?;
    let mut all = std::iter::once(staged).chain(blocking.iter().copied());
    if !all.all(|argument| disjoint::spanned(kernel, argument).is_ok()) {
        return None;
    }
    let outer = alias::outermost_loop(access)?;
    let pairs: Vec<(usize, Vec<usize>)> = blocking
        .iter()
        .map(|&other| (other, vec![staged]))
        .collect();
    let instructions = disjoint::instructions(kernel, &pairs).ok()?;
    Some(Versioned {
        outer,
        pairs,
        instructions,
    })
}

/// What the cooperative copy of one access costs in global sectors.
pub(super) struct CopyCost {
    /// Sectors per request of the copy.
    pub(super) after: Option<f64>,
    /// Global sectors per block and tile through the copy.
    pub(super) copied: Option<f64>,
    /// Global sectors per block and tile of the access itself (`points` loads of a group).
    pub(super) native: Option<f64>,
}

/// The copy's cost for `finding` (with `points` loads sharing the tile), or why it saves too
/// little to be made (`staging::saves_enough`).
pub(super) fn copy_cost(
    finding: &Finding,
    staging: &Staging,
    block: Block,
    points: f64,
    options: &Options,
) -> Result<CopyCost, String> {
    let Some(footprint) = &staging.footprint else {
        return Err("no footprint".into());
    };
    let copy = staging::cooperative_copy(&finding.access, &footprint.extents, block);
    let metrics = warp_metrics(&copy, block, options.target.bank_model);
    let after = metrics
        .as_ref()
        .ok()
        .and_then(|metrics| metrics.sectors_per_request.clone().ok());
    let copied = metrics
        .ok()
        .and_then(|metrics| Some(metrics.requests.ok()? as f64 * after?));
    let native = staging
        .sectors_per_request
        .map(|sectors| points * staging::native_sectors_per_tile(sectors, footprint, block));
    if let (Some(native), Some(copied)) = (native, copied) {
        staging::saves_enough(native, copied)?;
    }
    Ok(CopyCost {
        after,
        copied,
        native,
    })
}
