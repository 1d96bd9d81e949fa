//! How each positive staging decision is made, decided on the IR as it is, before anything
//! changes ([`plan`]): the cooperative copy's cost checked again against the saving
//! (`staging::saves_enough`), the alias and guard conditions, a run-time check of argument
//! disjointness where only that keeps an access in a loop from its copy ([`Versioned`]), and
//! the checks of the transform for the access's shape (`single`, `loop_load`, `loop_store`,
//! `halo`). What comes out is data ([`Verdict`]); `apply` builds it.
//!
//! One staging changes another's conditions in two ways, both carried here rather than read
//! back from rewritten IR: a run-time check planned for an earlier access proves its pairs of
//! arguments apart inside the loop it versions (so their accesses there no longer keep a
//! later access from its copy, [`Planned::checks`]), and a stencil's later loads read the
//! halo tile its first load planned ([`Transform::Shared`]). The loops that leave their edge
//! guards are known beforehand (`Uniformity::leaving`). Cost: one walk of the kernel's
//! effects per access (`alias`).

use analysis::{
    matrix::AccessKind,
    metrics::{warp_metrics, Block},
    staging::{self, Staging, TILE_ITERATIONS},
};
use mlir_sys::{mlirOperationGetParentOperation, MlirOperation};

use super::{alias, decide, halo, loop_load, loop_store, neighbor_of, single, LeftGuard};
use crate::{
    facts::accesses::Root,
    facts::findings::{self, Finding},
    facts::kernels::Kernel,
    facts::uniform::Uniformity,
    ir,
    steps::memory_space::{checked, disjoint},
    steps::shared_layout,
    Options,
};

/// What the plan says of one positive decision.
pub(super) enum Verdict {
    /// Nothing to make (the decision is not to stage, or it cannot be costed).
    Nothing,
    /// Not made, because of this.
    Refused(String),
    /// Made as this says.
    Stage(Box<Stage>),
}

/// How one access is staged.
pub(super) struct Stage {
    /// The transform for its shape, with what its checks found.
    pub(super) transform: Transform,
    /// The run-time check it relies on, if any.
    pub(super) check: Option<Versioned>,
    /// The cooperative copy's cost.
    pub(super) cost: CopyCost,
    /// Whether its loop leaves an edge guard (`stage_shared::guard`).
    pub(super) left_guard: bool,
    /// The block's size.
    pub(super) block: Block,
}

/// The transform for an access's shape, checked.
pub(super) enum Transform {
    /// One access outside loops (`single`).
    Single(single::Plan),
    /// A load in a loop nest (`loop_load`).
    LoopLoad(loop_load::Plan),
    /// A store in a loop nest (`loop_store`).
    LoopStore(loop_store::Plan),
    /// A stencil's loads, centre first (indices into the findings), through one halo tile
    /// (`halo`).
    Halo(halo::Plan, Vec<usize>),
    /// A stencil load that reads the halo tile of an earlier load of its stencil.
    Shared,
}

/// What the plan so far fixes for the accesses after it.
#[derive(Default)]
struct Planned {
    /// The run-time checks planned so far.
    checks: Vec<Versioned>,
    /// The stencils (indices into the findings) whose halo tile is planned.
    halos: Vec<Vec<usize>>,
}

impl Planned {
    /// Records what `verdict` fixes.
    fn record(&mut self, verdict: &Verdict) {
        if let Verdict::Stage(stage) = verdict {
            if let Some(check) = &stage.check {
                self.checks.push(check.clone());
            }
            if let Transform::Halo(_, members) = &stage.transform {
                self.halos.push(members.clone());
            }
        }
    }
}

/// Every global access's staging decision (`decide`, with the shared memory the kernel's own
/// buffers and the tiles planned before it take) and how it is made, in access order, all on
/// the IR as it is; with option `stage-shared=false`, the decisions only.
pub(super) fn plan_all(
    kernel: &Kernel,
    findings: &[Finding],
    (block, constant): (&Result<Block, String>, &[Root]),
    options: &Options,
    (guards, uniformity): (&[LeftGuard], &Uniformity),
) -> Vec<(usize, Staging, Verdict)> {
    let context = (
        kernel,
        findings,
        (block, constant),
        options,
        (guards, uniformity),
    );
    // A loop a little longer than a tile (k-means' 34 features a point) is staged whole where
    // its tile fits: one copy before the loop, not a full tile and a 2-iteration one, whose
    // copy moves whole rows (8704 consecutive floats, 4 sectors a request) where 32 of 34
    // floats a row take 4.75.
    if let Some(depth) = whole_loop_depth(findings) {
        let plans = plan_at(context, depth);
        let whole = staged_in_one_loop(&plans, findings).all(|(index, staging)| {
            let trips = findings[index].access.loops[0]
                .trip_count()
                .map(|t| t as i64);
            let iterations = staging.footprint.as_ref().map(|f| f.iterations);
            iterations.is_some() && iterations == trips.map(|trips| trips.min(depth))
        });
        if whole {
            return plans;
        }
    }
    // A tile cut shallower to fit the budget sets the depth of every tile of a loop, so that
    // the loop's refills share one period and it strip-mines whole (`strip_mine`): the
    // deepest depth at which they all agree.
    let mut depth = TILE_ITERATIONS;
    loop {
        let plans = plan_at(context, depth);
        let depths: Vec<i64> = staged_in_one_loop(&plans, findings)
            .filter_map(|(_, staging)| Some(staging.footprint.as_ref()?.iterations))
            .filter(|&iterations| iterations > 1)
            .collect();
        let agree = depths.windows(2).all(|pair| pair[0] == pair[1]);
        if agree || depth / 2 < staging::SHALLOWEST_TILE {
            return plans;
        }
        depth /= 2;
    }
}

/// The plans that stage an access in a single loop: its index and staging.
fn staged_in_one_loop<'a>(
    plans: &'a [(usize, Staging, Verdict)],
    findings: &'a [Finding],
) -> impl Iterator<Item = (usize, &'a Staging)> {
    plans
        .iter()
        .filter(|(index, _, verdict)| {
            matches!(verdict, Verdict::Stage(_)) && findings[*index].access.loops.len() == 1
        })
        .map(|(index, staging, _)| (*index, staging))
}

/// The most iterations of a loop staged whole in one tile: below twice a tile's, where tiles
/// of [`TILE_ITERATIONS`] would end in a partial one (a loop of exactly two tiles has none).
const MOST_WHOLE_ITERATIONS: i64 = 2 * TILE_ITERATIONS - 1;

/// The trip count of the longest loop of more iterations than a tile and at most
/// [`MOST_WHOLE_ITERATIONS`] around a load in one loop, if any: the depth at which
/// [`plan_all`] first tries to stage such loops whole.
fn whole_loop_depth(findings: &[Finding]) -> Option<i64> {
    findings
        .iter()
        .filter(|finding| finding.access.kind == AccessKind::Load)
        .filter_map(|finding| match &finding.access.loops[..] {
            [the_loop] => the_loop.trip_count().map(|trips| trips as i64),
            _ => None,
        })
        .filter(|&trips| trips > TILE_ITERATIONS && trips <= MOST_WHOLE_ITERATIONS)
        .max()
}

/// What [`plan_all`] reads.
type Context<'a> = (
    &'a Kernel,
    &'a [Finding],
    (&'a Result<Block, String>, &'a [Root]),
    &'a Options,
    (&'a [LeftGuard], &'a Uniformity<'a>),
);

/// [`plan_all`] with tiles of at most `depth` iterations of a loop.
fn plan_at(
    (kernel, findings, (block, constant), options, (guards, uniformity)): Context,
    depth: i64,
) -> Vec<(usize, Staging, Verdict)> {
    let used = shared_layout::shared_bytes(kernel);
    let mut tiles = 0u64;
    let mut planned = Planned::default();
    let mut plans = Vec::new();
    for index in 0..findings.len() {
        let Some(staging) = decide(
            findings,
            index,
            (block, constant),
            options,
            (used + tiles, depth),
        ) else {
            continue;
        };
        let verdict = if options.switches.stage_shared {
            plan(
                kernel,
                (findings, index),
                (&staging, block.as_ref().ok()),
                options,
                (guards, uniformity),
                &planned,
            )
        } else {
            Verdict::Nothing
        };
        if let Verdict::Stage(stage) = &verdict {
            if !matches!(stage.transform, Transform::Shared) {
                tiles += staging
                    .footprint
                    .as_ref()
                    .map_or(0, |footprint| footprint.bytes);
            }
        }
        planned.record(&verdict);
        plans.push((index, staging, verdict));
    }
    plans
}

/// How the positive decision `staging` for `findings[index]` is made, or why it is not,
/// decided on the IR as it is, after the decisions `planned` before it.
fn plan(
    kernel: &Kernel,
    (findings, index): (&[Finding], usize),
    (staging, block): (&Staging, Option<&Block>),
    options: &Options,
    (guards, uniformity): (&[LeftGuard], &Uniformity),
    planned: &Planned,
) -> Verdict {
    let (Some(footprint), Some(&block)) = (&staging.footprint, block) else {
        return Verdict::Nothing;
    };
    if !staging.stage {
        return Verdict::Nothing;
    }
    let finding = &findings[index];
    if finding.access.layout.shape.contains(&Some(0)) {
        return Verdict::Refused(
            "the buffer is empty (a dimension of size 0): no element to copy".into(),
        );
    }
    let group = neighbor_of(findings, index);
    let members = group
        .as_ref()
        .map_or_else(|| vec![index], |(_, members)| members.clone());
    let mut check = None;
    if let Some(unmovable) = members.iter().find_map(|&member| {
        alias::movable(kernel, findings, member, options, &planned.checks).err()
    }) {
        match versioned(kernel, findings, index, (options, &unmovable)) {
            Some(found) => check = Some(found),
            None => return Verdict::Refused(unmovable.reason),
        }
    }
    // The access's own cost first: a load whose copy does not pay is refused for that, not
    // for the guard its refusal keeps the loop under.
    let points = group.as_ref().map_or(1, |(neighbor, _)| neighbor.points) as f64;
    let cost = copy_cost(finding, staging, block, points, options);
    let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
    let guard = guards
        .iter()
        .find(|(the_loop, _)| the_loop.ptr == parent.ptr)
        .map(|(_, moved)| moved);
    if let (Some(Err(why)), Ok(_)) = (guard, &cost) {
        return Verdict::Refused(format!("the loop cannot leave its edge guard: {why}"));
    }
    let cost = match cost {
        Ok(cost) => cost,
        Err(why) => return Verdict::Refused(why),
    };
    let extents = &footprint.extents[..];
    let transform = match finding.memory.kind {
        AccessKind::Load if planned.halos.iter().any(|halo| halo.contains(&index)) => {
            Ok(Transform::Shared)
        }
        AccessKind::Load if group.is_some() => {
            let loads: Vec<&Finding> = members.iter().map(|&member| &findings[member]).collect();
            halo::plan(kernel, &loads, uniformity).map(|plan| Transform::Halo(plan, members))
        }
        AccessKind::Load if !finding.access.loops.is_empty() => {
            loop_load::plan(kernel, finding, footprint.iterations, uniformity)
                .map(Transform::LoopLoad)
        }
        AccessKind::Store if !finding.access.loops.is_empty() => loop_store::plan(
            kernel,
            finding,
            (block, extents, footprint.iterations),
            uniformity,
        )
        .map(Transform::LoopStore),
        AccessKind::Load | AccessKind::Store => {
            single::plan(kernel, finding, block, extents, uniformity).map(Transform::Single)
        }
    };
    match transform {
        Ok(transform) => Verdict::Stage(Box::new(Stage {
            transform,
            check,
            cost,
            left_guard: guard.is_some(),
            block,
        })),
        Err(why) => Verdict::Refused(why),
    }
}

/// A staged access's loop nest versioned on a run-time check (`disjoint::version_operation`).
#[derive(Clone)]
pub(super) struct Versioned {
    /// The outermost loop.
    pub(super) outer: MlirOperation,
    /// The pairs the check shows apart: each blocking argument with the staged one.
    pub(super) pairs: Vec<(usize, Vec<usize>)>,
    /// The check's instructions at the kernel's entry (`disjoint::instructions`).
    pub(super) instructions: u32,
}

impl Versioned {
    /// Whether, on the check's fast path, `operation` and `other` (both in its loop) touch
    /// arguments `first` and `second` that it shows apart.
    pub(super) fn proves_apart(
        &self,
        (operation, other): (MlirOperation, MlirOperation),
        (first, second): (usize, usize),
    ) -> bool {
        let apart = |reader: usize, writer: usize| {
            self.pairs
                .iter()
                .any(|(read, writers)| *read == reader && writers.contains(&writer))
        };
        ir::encloses(self.outer, operation)
            && ir::encloses(self.outer, other)
            && (apart(first, second) || apart(second, first))
    }
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
    let outer = ir::outermost_loop(access, None)?;
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
    // A dynamic layout is costed as the access was (`findings::assumed_layout`).
    let copy = findings::assumed_layout(&copy).map_or(copy, |(laid_out, _)| laid_out);
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
