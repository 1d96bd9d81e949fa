//! Staging global accesses through shared memory: decide for every global
//! access of a kernel, apply what is supported, explain each decision.
//!
//! The decision is `analysis::staging::decide` (seed-003 rule NV-C with the
//! measured sectors per request, the per-block footprint box, reuse, the
//! shared-memory budget left, and "never stage a read of a memref the kernel
//! writes"). This module gathers the facts the pure decision needs from the
//! IR, applies it with `stage_shared::single`, and records a remark
//! (`stage-shared`) and a report decision for every global access, staged or
//! not, with the reason. Accesses with nothing to gain (coalesced, no loop
//! re-reads them) get the report decision only, so remarks point at what
//! matters. With option `stage-shared=false` every access is still decided, nothing is
//! applied, no remark is emitted, and each report decision says so (`crate::options`).
//!
//! What is applied today: an access outside loops whose threads map
//! one-to-one onto its block footprint. A store (the naive transpose's
//! `out[x][y]`) when nothing that may run after it touches its memory, so
//! that delaying the write past a barrier cannot be observed; in a nest of
//! loops of at most 32 iterations each (the transpose with a row loop), when
//! the threads and iterations write each cell of the box once, copied out
//! after the loops, or per tile of 32 iterations of one longer loop
//! (`stage_shared::loop_store`). A load (`in[x][y]` read across) of a
//! buffer the kernel never writes, with nothing before it that may write the
//! buffer (a workgroup tile or a `noalias` argument cannot;
//! `effects::may_alias`); a load in a loop (MAP-204 row-per-thread reads) is
//! staged per tile of iterations when nothing in its loop may write it
//! either (`alias::movable`).
//!
//! A loop under an edge guard whose loads would all be staged leaves the guard
//! (`stage_shared::guard`). Which loops leave is decided first, on the kernel as
//! it is. Then every staging is decided and planned (`plan`) on the kernel as it will be
//! (`findings::of_kernel_leaving`: the loads in those loops unguarded;
//! `Uniformity::leaving`: the loops in their guards' places), read from the unchanged IR;
//! only then do the loops move and the stagings get made (`apply`), in access order, with no
//! re-analysis in between. A store whose copy-out only other arguments' accesses would
//! observe is staged on the fast path of a run-time check that their bytes are apart
//! (`memory_space::disjoint::version_operation`, undone if the staging fails); the accesses
//! planned after it count on what that check shows (`plan::Planned`).
//!
//! Every barrier a staging adds goes where each thread of the block reaches
//! it equally often (`uniform::Uniformity`, asked by each transform for the
//! point it would put its barrier at, before it changes anything); the
//! reason names the loop or guard that differs between threads.
//!
//! Sectors per request are those of block 0; when a guard on block ids (the
//! edge test) makes them unknowable, those of an interior block, where the
//! edge tests hold for every lane, stand in: the finding's own metric
//! (`Finding::sectors_per_request`, `analysis::interior`), the same number
//! the access's remark and report show.
//!
//! This runs before the shared-layout decisions: the caller re-collects the
//! kernel's accesses afterwards, so the new tile is costed and padded or
//! swizzled like any other shared buffer.

pub mod alias;
mod apply;
mod plan;

use apply::{apply, Applied};
use plan::{copy_cost, Verdict, Versioned};
pub mod copy;
pub mod guard;
pub mod halo;
pub mod loop_load;
pub mod loop_store;
pub mod single;
pub mod strip_mine;

use analysis::{
    matrix::{Access, AccessKind, MemorySpace},
    metrics::Block,
    neighbor::Neighbor,
    staging::{self, Candidate, Staging, TILE_ITERATIONS},
};
use mlir_sys::{
    mlirOperationGetLocation, mlirOperationGetParentOperation, mlirValueEqual, MlirOperation,
};

use crate::{
    facts::accesses::Root,
    facts::findings::{self, Finding},
    facts::kernels::{Kernel, KernelKind},
    facts::uniform::Uniformity,
    ir,
    report::Kind,
    report::{AccessReport, Decision},
    steps::register_tile::jam::on_edge_path,
    steps::shared_layout,
    steps::{self, Telling},
    Options,
};

/// A loop under an edge guard, and the guard it leaves (`stage_shared::guard`) or why not.
type LeftGuard = (MlirOperation, Result<MlirOperation, String>);

/// What staging did to one kernel.
pub struct Staged {
    /// The report's decisions, in access order.
    pub decisions: Vec<Decision>,
    /// The kernel's accesses as they were before staging (the staged stores
    /// with their `after` metrics); `None` when nothing was staged.
    original: Option<Vec<AccessReport>>,
    /// Indices into `original` of the staged accesses.
    staged: Vec<usize>,
    /// The kernel with its new workgroup attributions counted; `None` when
    /// nothing was staged.
    pub kernel: Option<Kernel>,
    /// The kernel's findings after staging (taken again where its IR changed).
    pub findings: Vec<Finding>,
    /// The decisions' remarks, for the driver to emit after the kernel's own.
    pub notes: Vec<steps::Note>,
}

impl Staged {
    /// Nothing staged: the kernel and its `findings` as they are.
    pub fn unchanged(findings: Vec<Finding>) -> Staged {
        Staged {
            decisions: Vec::new(),
            original: None,
            staged: Vec::new(),
            kernel: None,
            findings,
            notes: Vec::new(),
        }
    }

    /// Where the staged accesses are (`file:line:col`).
    pub fn staged_locations(&self) -> Vec<String> {
        let Some(original) = &self.original else {
            return Vec::new();
        };
        self.staged
            .iter()
            .filter_map(|&index| original.get(index))
            .map(|access| access.loc.clone())
            .collect()
    }

    /// The report's accesses: the kernel's own accesses as written, each with
    /// its latest metrics from `current` (the accesses after every transform),
    /// and a staged store with the metrics of its coalesced copy-out. The
    /// tile's own accesses are described by its pad/swizzle decision.
    pub fn accesses(&self, current: Vec<AccessReport>) -> Vec<AccessReport> {
        let Some(original) = &self.original else {
            return current;
        };
        original
            .iter()
            .enumerate()
            .map(|(index, access)| {
                let same = |other: &&AccessReport| {
                    other.loc == access.loc
                        && other.op == access.op
                        && other.memref == access.memref
                };
                match current.iter().find(same) {
                    Some(latest) if !self.staged.contains(&index) => latest.clone(),
                    _ => access.clone(),
                }
            })
            .collect()
    }
}

/// Decides (and applies where supported) staging for every global access of
/// `kernel`, whose accesses are `findings`, except those of the arguments in `constant`
/// (constant memory on a run-time check's fast path).
pub fn run(
    kernel: &Kernel,
    findings: Vec<Finding>,
    options: &Options,
    constant: &[Root],
) -> Staged {
    let enabled = options.switches.stage_shared;
    let block = kernel
        .block
        .sizes()
        .map(|[x, y, z]| Block::new(x, y, z))
        .ok_or_else(|| kernel.block.describe());
    let uniformity = Uniformity::new(kernel, options.assume_noalias);
    let guards = if enabled {
        leave_guards(kernel, &findings, (&block, constant), options, &uniformity)
    } else {
        Vec::new()
    };
    // Every staging below is decided on the kernel as it will be once these loops have left
    // their guards: its findings (their loads unguarded) and its uniformity, read from the IR
    // as it is. Then the loops move, and the stagings are made.
    let (leaving, left): (Vec<MlirOperation>, Vec<MlirOperation>) = guards
        .iter()
        .filter_map(|(the_loop, guard)| Some((*the_loop, *guard.as_ref().ok()?)))
        .unzip();
    let findings = if left.is_empty() {
        findings
    } else {
        findings::of_kernel_leaving(kernel, &options.target, &left)
    };
    let uniformity = uniformity.leaving(leaving);
    let plans = plan::plan_all(
        kernel,
        &findings,
        (&block, constant),
        options,
        (&guards, &uniformity),
    );
    for (the_loop, guard) in &guards {
        if let Ok(guard) = guard {
            guard::leave_guard(kernel, *the_loop, *guard);
        }
    }
    let mut decisions = Vec::new();
    let mut notes = Vec::new();
    let mut original: Vec<AccessReport> = findings.iter().map(Finding::report).collect();
    let mut current = kernel.clone();
    let mut staged = Vec::new();
    for (index, staging, verdict) in plans {
        let finding = &findings[index];
        let location = unsafe { mlirOperationGetLocation(finding.memory.operation) };
        let edge = on_edge_path(finding.memory.operation);
        let Applied {
            after,
            outcome,
            created,
            check,
        } = match verdict {
            Verdict::Nothing => Applied::nothing(),
            Verdict::Refused(why) => Applied::refused(why),
            Verdict::Stage(stage) => apply(&current, (&findings, index), (&staging, *stage)),
        };
        let applied = after.is_some();
        if let Some(after) = after {
            original[index].after.sectors_per_request = after;
            staged.push(index);
        }
        if created {
            match &mut current.kind {
                KernelKind::Function { workgroup, .. } | KernelKind::Launch { workgroup } => {
                    *workgroup += 1
                }
            }
        }
        // In plain words: what was staged and the gain, or why not; the rule and MAP id are
        // the reason's (the report, or `remarks=detailed`).
        let (summary, outcome) = match outcome {
            Some(Ok(staged)) => (staged.clone(), format!("; {staged}")),
            Some(Err(why)) => (
                format!("not staged: {why}"),
                format!("; not applied: {why}"),
            ),
            None => (staging.summary.clone(), String::new()),
        };
        let decision = Decision {
            kind: Kind::StageShared,
            target: finding.memory.root.describe(),
            applied,
            reason: format!("{}{outcome}", staging.reason),
            params: parameters(finding, &staging, check.as_ref().filter(|_| applied)),
            summary,
            advice: None,
        };
        let telling = Telling {
            kernel: &kernel.name,
            location,
            remark: !staging.nothing_to_gain && !edge,
            blocked: false,
        };
        let (decision, note) = steps::settle(decision, telling, options);
        notes.extend(note);
        decisions.push(decision);
    }
    let findings = if staged.is_empty() {
        findings
    } else {
        findings::of_kernel(&current, &options.target)
    };
    Staged {
        decisions,
        original: (!staged.is_empty()).then_some(original),
        kernel: (!staged.is_empty()).then_some(current),
        staged,
        findings,
        notes,
    }
}

/// The decision for `findings[index]` when it is a global access not of an argument in
/// `constant` (read from constant memory on a checked path), with `taken` bytes of
/// shared memory in use already (the kernel's own buffers and the tiles staged so far).
fn decide(
    findings: &[Finding],
    index: usize,
    (block, constant): (&Result<Block, String>, &[Root]),
    options: &Options,
    (taken, depth): (u64, i64),
) -> Option<Staging> {
    if findings[index].memory.space != MemorySpace::Global
        || constant.contains(&findings[index].memory.root)
    {
        return None;
    }
    let available = u64::from(options.smem_budget).saturating_sub(taken);
    let group = neighbor_of(findings, index);
    let reference = group.as_ref().map_or(index, |(_, members)| members[0]);
    let finding = &findings[reference];
    let candidate = Candidate {
        access: &finding.access,
        classification: finding.classification,
        sectors_per_request: finding.sectors_per_request(),
        written_by_kernel: sharers(findings, reference)
            .any(|other| other.memory.kind == AccessKind::Store),
    };
    Some(match group {
        Some((neighbor, _)) => {
            staging::decide_neighbor(&candidate, &neighbor, block.clone(), available)
        }
        None => staging::decide_at(&candidate, block.clone(), available, depth),
    })
}

/// The Neighbor reference `findings[index]` belongs to (seed-003 §5.1.2: the
/// global loads of its buffer with the same coefficients), with the indices
/// of its loads, centre first; `None` when they do not form the radius-1 cross.
fn neighbor_of(findings: &[Finding], index: usize) -> Option<(Neighbor, Vec<usize>)> {
    let finding = &findings[index];
    let matrix = finding.matrix.as_ref().ok()?;
    if finding.memory.kind != AccessKind::Load {
        return None;
    }
    let members: Vec<usize> = (0..findings.len())
        .filter(|&other| {
            let candidate = &findings[other];
            candidate.memory.kind == AccessKind::Load
                && unsafe { mlirValueEqual(candidate.memory.root_value, finding.memory.root_value) }
                && candidate.matrix.as_ref().is_ok_and(|other| {
                    other.variables == matrix.variables && other.rows == matrix.rows
                })
        })
        .collect();
    let accesses: Vec<&Access> = members
        .iter()
        .map(|&member| &findings[member].access)
        .collect();
    let neighbor = analysis::neighbor::neighbor(&accesses)?;
    let mut members = members;
    let centre = members.remove(neighbor.centre);
    members.insert(0, centre);
    Some((neighbor, members))
}

/// Loops under an edge guard whose loads the rule stages (by `findings`, the
/// kernel's accesses as they are), each with the guard it may leave
/// (`stage_shared::guard`) so that its loads can be staged per tile, or why not.
/// Decides only: nothing moves.
fn leave_guards(
    kernel: &Kernel,
    findings: &[Finding],
    (block, constant): (&Result<Block, String>, &[Root]),
    options: &Options,
    uniformity: &Uniformity,
) -> Vec<LeftGuard> {
    // An access directly in a loop under a guard (a store under a guard inside its loop keeps
    // it there: `stage_shared::loop_store`).
    let guarded_loop = |finding: &Finding| {
        let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
        !finding.access.guard.is_empty()
            && !finding.access.loops.is_empty()
            && ir::is_named(parent, "scf.for")
    };
    if !findings.iter().any(guarded_loop) {
        return Vec::new();
    }
    let used = shared_layout::shared_bytes(kernel);
    let mut tiles = 0u64;
    let mut staged = Vec::new();
    for index in 0..findings.len() {
        let Some(staging) = decide(
            findings,
            index,
            (block, constant),
            options,
            (used + tiles, TILE_ITERATIONS),
        ) else {
            continue;
        };
        let finding = &findings[index];
        // What `apply` will stage: a load the loop's guard may then leave unguarded.
        let saves = || {
            block
                .as_ref()
                .is_ok_and(|&block| copy_cost(finding, &staging, block, 1.0, options).is_ok())
        };
        if staging.stage
            && saves()
            && alias::movable(kernel, findings, index, options, &[]).is_ok()
            && loop_load::requirements(finding).is_ok()
        {
            tiles += staging
                .footprint
                .as_ref()
                .map_or(0, |footprint| footprint.bytes);
            staged.push(finding.memory.operation);
        }
    }
    let mut loops: Vec<LeftGuard> = Vec::new();
    for finding in findings {
        let parent = unsafe { mlirOperationGetParentOperation(finding.memory.operation) };
        if !guarded_loop(finding) || loops.iter().any(|(the_loop, _)| the_loop.ptr == parent.ptr) {
            continue;
        }
        loops.push((
            parent,
            guard::movable_guard(kernel, parent, &staged, uniformity),
        ));
    }
    loops
}

/// Other accesses of the same buffer as `findings[index]`.
pub(super) fn sharers(findings: &[Finding], index: usize) -> impl Iterator<Item = &Finding> {
    let root = findings[index].memory.root_value;
    findings
        .iter()
        .enumerate()
        .filter(move |&(other, finding)| {
            other != index && unsafe { mlirValueEqual(finding.memory.root_value, root) }
        })
        .map(|(_, finding)| finding)
}

/// The report's parameters of one decision, with the run-time check it relies on.
fn parameters(
    finding: &Finding,
    staging: &Staging,
    check: Option<&Versioned>,
) -> serde_json::Value {
    let mut params = serde_json::json!({
        "location": finding.memory.location,
        "map": finding.classification.map,
        "rule": staging.rule,
        "sectors_per_request": staging.sectors_per_request,
        "ideal_sectors_per_request": staging.ideal_sectors_per_request,
        "footprint": staging.footprint.as_ref().map(|footprint| &footprint.extents),
        "footprint_bytes": staging.footprint.as_ref().map(|footprint| footprint.bytes),
        "iterations_per_tile": staging.footprint.as_ref().map(|footprint| footprint.iterations),
        "reuse": staging.footprint.as_ref().map(|footprint| footprint.reuse),
    });
    if let Some(check) = check {
        let readers: Vec<usize> = check.pairs.iter().map(|(reader, _)| *reader).collect();
        params["checked_against"] = serde_json::json!(readers);
        params["check_instructions"] = serde_json::json!(check.instructions);
    }
    params
}
