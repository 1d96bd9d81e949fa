//! Staging global accesses through shared memory: decide for every global
//! access of a kernel, apply what is supported, explain each decision.
//!
//! The decision is `analysis::staging::decide` (seed-003 rule NV-C with the
//! measured sectors per request, the per-block footprint box, reuse, the
//! shared-memory budget left, and "never stage a read of a memref the kernel
//! writes"). This module gathers the facts the pure decision needs from the
//! IR, applies it with `transform::stage_shared`, and records a remark
//! (`stage-shared`) and a report decision for every global access, staged or
//! not, with the reason. Accesses with nothing to gain (coalesced, no loop
//! re-reads them) get the report decision only, so remarks point at what
//! matters; option `stage-shared=false` skips the whole step, silently.
//!
//! What is applied today: a store whose threads map one-to-one onto its
//! block footprint (the naive transpose's `out[x][y]`), when it is the
//! kernel's only access to its buffer and its last memory access, so that
//! delaying the write past a barrier cannot be observed. Loads the rule
//! would stage (MAP-204 row-per-thread reads, uncoalesced reads) are
//! reported with "not applied" and why.
//!
//! Sectors per request are those of block 0; when a guard on block ids (the
//! edge test) makes them unknowable, those of an interior block, where every
//! lane is active, stand in.
//!
//! This runs before the shared-layout decisions: the caller re-collects the
//! kernel's accesses afterwards, so the new tile is costed and padded or
//! swizzled like any other shared buffer.

use analysis::{
    expression::Unknown,
    matrix::{Access, AccessKind, MemorySpace},
    metrics::{warp_metrics, Block},
    staging::{self, Candidate, Staging},
};
use mlir_sys::{mlirOperationGetLocation, mlirValueEqual};

use crate::{
    accesses, diagnostics,
    findings::{self, Finding},
    kernels::Kernel,
    report::Decision,
    shared, transform, Options,
};

/// Decides (and applies where supported) staging for every global access of
/// `kernel`; the report's decisions, in access order.
pub fn run(kernel: &Kernel, options: &Options) -> Vec<Decision> {
    if !options.switches.stage_shared {
        return Vec::new();
    }
    let findings: Vec<Finding> = accesses::collect(kernel)
        .into_iter()
        .map(|memory| findings::analyze(kernel, memory, &options.target))
        .collect();
    let block = kernel
        .block
        .sizes()
        .map(|[x, y, z]| Block::new(x, y, z))
        .ok_or_else(|| kernel.block.describe());
    let mut decisions = Vec::new();
    for (index, finding) in findings.iter().enumerate() {
        if finding.memory.space != MemorySpace::Global {
            continue;
        }
        let available =
            u64::from(options.smem_budget).saturating_sub(shared::shared_bytes(kernel));
        let candidate = Candidate {
            access: &finding.access,
            classification: finding.classification,
            sectors_per_request: sectors(finding, block.as_ref().ok(), options),
            written_by_kernel: sharers(&findings, index)
                .any(|other| other.memory.kind == AccessKind::Store),
        };
        let staging = staging::decide(&candidate, block.clone(), available);
        let location = unsafe { mlirOperationGetLocation(finding.memory.operation) };
        let (applied, outcome) = apply(kernel, &findings, index, &staging, block.as_ref().ok(), options);
        let reason = format!("{}{outcome}", staging.reason);
        if !staging.nothing_to_gain {
            diagnostics::remark(
                location,
                "stage-shared",
                &format!("{}: {reason}", finding.memory.root.describe()),
            );
        }
        decisions.push(Decision {
            kind: "stage-shared".into(),
            target: finding.memory.root.describe(),
            applied,
            reason,
            params: parameters(finding, &staging),
        });
    }
    decisions
}

/// Sectors per request of `finding` for one block. A guard that depends on
/// block ids (the edge test of a grid that overshoots the array) makes the
/// metrics of block 0 unknowable; then the sectors of an interior block,
/// where the guard holds for every lane, stand for the kernel.
fn sectors(finding: &Finding, block: Option<&Block>, options: &Options) -> Result<f64, Unknown> {
    let measured = finding
        .metrics
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|metrics| metrics.sectors_per_request.clone());
    match (measured, block) {
        (Err(_), Some(&block)) if !finding.access.guard.is_empty() => {
            let interior = Access {
                guard: Vec::new(),
                ..finding.access.clone()
            };
            warp_metrics(&interior, block, options.target.bank_model)
                .and_then(|metrics| metrics.sectors_per_request)
        }
        (measured, _) => measured,
    }
}

/// Other accesses of the same buffer as `findings[index]`.
fn sharers(findings: &[Finding], index: usize) -> impl Iterator<Item = &Finding> {
    let root = findings[index].memory.root_value;
    findings
        .iter()
        .enumerate()
        .filter(move |&(other, finding)| {
            other != index && unsafe { mlirValueEqual(finding.memory.root_value, root) }
        })
        .map(|(_, finding)| finding)
}

/// Applies a positive decision where supported; whether the IR changed, and
/// the text appended to the reason.
fn apply(
    kernel: &Kernel,
    findings: &[Finding],
    index: usize,
    staging: &Staging,
    block: Option<&Block>,
    options: &Options,
) -> (bool, String) {
    let (Some(footprint), Some(&block)) = (&staging.footprint, block) else {
        return (false, String::new());
    };
    if !staging.stage {
        return (false, String::new());
    }
    let finding = &findings[index];
    if finding.memory.kind == AccessKind::Load {
        return (
            false,
            "; not applied: copying loads into a tile is not implemented yet".into(),
        );
    }
    if sharers(findings, index).next().is_some() {
        return (
            false,
            "; not applied: the kernel accesses this buffer elsewhere too".into(),
        );
    }
    if index + 1 != findings.len() {
        return (
            false,
            "; not applied: other memory accesses follow the store, and the staged write would reach memory after them".into(),
        );
    }
    match transform::stage_shared::apply(kernel, finding, block, &footprint.extents) {
        Err(why) => (false, format!("; not applied: {why}")),
        Ok(staged) => {
            let after = accesses::access(kernel, staged.copy_out)
                .map(|memory| findings::analyze(kernel, memory, &options.target))
                .and_then(|copy| sectors(&copy, Some(&block), options).ok());
            let before = staging
                .sectors_per_request
                .map_or_else(|| "?".into(), |sectors| sectors.to_string());
            let after = after.map_or_else(|| "?".into(), |sectors| sectors.to_string());
            (
                true,
                format!(
                    "; staged through {}: sectors/request {before} -> {after}",
                    staged.tile_type
                ),
            )
        }
    }
}

/// The report's parameters of one decision.
fn parameters(finding: &Finding, staging: &Staging) -> serde_json::Value {
    serde_json::json!({
        "location": finding.memory.location,
        "map": finding.classification.map,
        "rule": staging.rule,
        "sectors_per_request": staging.sectors_per_request,
        "ideal_sectors_per_request": staging.ideal_sectors_per_request,
        "footprint": staging.footprint.as_ref().map(|footprint| &footprint.extents),
        "footprint_bytes": staging.footprint.as_ref().map(|footprint| footprint.bytes),
        "iterations_per_tile": staging.footprint.as_ref().map(|footprint| footprint.iterations),
        "reuse": staging.footprint.as_ref().map(|footprint| footprint.reuse),
    })
}
