//! Making one planned staging ([`apply`]): the transform `plan` checked for the access's shape
//! (`single`, `loop_load`, `loop_store`, `halo`), behind the run-time check of argument
//! disjointness it relies on, if any ([`Versioned`]). What it did is data ([`Applied`]); the
//! caller words it.

use analysis::{
    matrix::AccessKind,
    metrics::Block,
    staging::{Staging, TILE_ITERATIONS},
};
use mlir_sys::{mlirOperationGetOperand, mlirValueEqual, mlirValueGetType};

use super::{
    halo, loop_load, loop_store,
    plan::{CopyCost, Stage, Transform, Versioned},
    single::{self, Staged},
};
use crate::{
    facts::accesses::Root, facts::findings::Finding, facts::kernels::Kernel, ir,
    steps::memory_space::disjoint,
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
    pub(super) fn refused(why: String) -> Applied {
        Applied {
            outcome: Some(Err(why)),
            ..Applied::nothing()
        }
    }
}

/// Makes the staging `stage` of `findings[index]` (decided by `staging`) as planned.
pub(super) fn apply(
    kernel: &Kernel,
    (findings, index): (&[Finding], usize),
    (staging, stage): (&Staging, Stage),
) -> Applied {
    let Stage {
        transform,
        check,
        cost: CopyCost {
            after,
            copied,
            native,
        },
        left_guard,
        block,
    } = stage;
    let Some(footprint) = &staging.footprint else {
        return Applied::nothing();
    };
    let finding = &findings[index];
    let extents = &footprint.extents[..];
    // A loop longer than a tile staged whole (`plan::plan_all`): say so, it has no strip-mine.
    let whole_trips = match &finding.access.loops[..] {
        [the_loop] => the_loop
            .trip_count()
            .map(|trips| trips as i64)
            .filter(|&trips| trips > TILE_ITERATIONS && trips == footprint.iterations),
        _ => None,
    };
    let direction = match finding.access.kind {
        AccessKind::Load => "copied in once before it",
        AccessKind::Store => "copied out once after it",
    };
    let whole = whole_trips.map_or(String::new(), |trips| {
        format!(
            "; one tile holds the loop's {trips} iterations, {direction} (tiles of \
             {TILE_ITERATIONS} would end in one of {})",
            trips % TILE_ITERATIONS
        )
    });
    let left = if left_guard {
        format!("{whole}; the loop left its edge guard (its loads all read tiles; the store stays guarded)")
    } else {
        whole
    };
    let created = !matches!(transform, Transform::Shared);
    let result = build(
        kernel,
        (findings, index),
        transform,
        check.as_ref(),
        (block, extents),
    );
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

/// Builds `transform` for `findings[index]`, behind its run-time `check` if any (undone when
/// the transform fails); the tile's type.
fn build(
    kernel: &Kernel,
    (findings, index): (&[Finding], usize),
    transform: Transform,
    check: Option<&Versioned>,
    shape: (Block, &[i64]),
) -> Result<String, String> {
    let finding = &findings[index];
    let make: Box<dyn FnOnce() -> Result<Staged, String> + '_> = match transform {
        // A stencil load whose group already read the halo tile: its memref operand is the
        // tile now.
        Transform::Shared => {
            let live = unsafe { mlirOperationGetOperand(finding.memory.operation, 0) };
            return match unsafe { mlirValueEqual(live, finding.memory.memref) } {
                true => Err("its stencil's halo tile was not made".into()),
                false => Ok(ir::type_text(unsafe { mlirValueGetType(live) })),
            };
        }
        Transform::Single(plan) => Box::new(move || single::build(kernel, finding, plan, shape)),
        Transform::LoopLoad(plan) => {
            Box::new(move || loop_load::build(kernel, finding, plan, shape))
        }
        Transform::LoopStore(plan) => {
            Box::new(move || loop_store::build(kernel, finding, plan, shape))
        }
        Transform::Halo(plan, members) => Box::new(move || {
            let loads: Vec<&Finding> = members.iter().map(|&member| &findings[member]).collect();
            halo::build(kernel, &loads, plan, shape)
        }),
    };
    let branch = match check {
        Some(Versioned { outer, pairs, .. }) => {
            Some(disjoint::version_operation(kernel, *outer, pairs)?)
        }
        None => None,
    };
    let staged = make();
    if let (Err(_), Some(branch)) = (&staged, branch) {
        disjoint::unversion(branch);
    }
    staged.map(|staged| staged.tile_type)
}
