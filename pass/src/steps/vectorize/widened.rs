//! What vector widths change in the report: each access as written keeps its `before`
//! metrics and gets the `after` metrics of the instruction that performs it now (a merged
//! `vector.load`/`store`, a hoisted loop load, or itself with a proven `alignment`), and each
//! `vectorize` decision counts the warp requests and 32-byte sectors of its accesses before
//! and after.
//!
//! Model. One execution of a group by a warp. An access moving `b` bytes per thread whose
//! `alignment` (attribute, else the element size) is `d` is lowered by NVPTX as `b / p`
//! requests of `p = min(d, b, 16)` bytes each (a `vector<8xf16>` without alignment: eight
//! 2-byte loads); a scalar in a loop of `n` iterations is `n` requests. Sectors per warp =
//! Σ requests × sectors per request of a `p`-byte access at the access's address (the
//! analysis's warp metrics with that width), for global and local memory.
//!
//! Accesses are matched across the pass by `(loc, op, memref)`, as staging does; a merged
//! instruction carries the location of the member it was built at.

use analysis::{
    matrix::MemorySpace,
    metrics::{warp_metrics, Block},
    target::MAX_ACCESS_BYTES,
};

use crate::{
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    report::{AccessReport, Vectorized},
    steps::vectorize::decide::{Group, Shape},
    Options,
};

/// The report's accesses as written before vector widths changed them.
#[derive(Default)]
pub struct Widened {
    /// The accesses before `vectorize`, `None` until one group is applied.
    original: Option<Vec<AccessReport>>,
}

impl Widened {
    /// Records that `member` of `findings` (the accesses before `vectorize`) is now performed
    /// by `instruction`.
    pub fn record(&mut self, findings: &[Finding], member: usize, instruction: &Finding) {
        let original = self
            .original
            .get_or_insert_with(|| findings.iter().map(Finding::report).collect());
        let now = instruction.report();
        let same = now.loc == original[member].loc && now.op == original[member].op;
        if same && now.vector_width == 1 {
            return; // a scalar left alone
        }
        original[member].after = now.after;
        original[member].vectorized = Some(Vectorized {
            op: now.op,
            loc: now.loc,
            vector_width: now.vector_width,
        });
    }

    /// The report's accesses: each access as written, with the latest `after` metrics from
    /// `current` (the accesses after every transform) of itself or of its instruction.
    pub fn accesses(&self, current: Vec<AccessReport>) -> Vec<AccessReport> {
        let Some(original) = &self.original else {
            return current;
        };
        let latest = |loc: &str, op: &str, memref: &str| {
            current
                .iter()
                .find(|access| access.loc == loc && access.op == op && access.memref == memref)
        };
        original
            .iter()
            .map(|access| match &access.vectorized {
                Some(into) => {
                    let mut entry = access.clone();
                    if let Some(now) = latest(&into.loc, &into.op, &access.memref) {
                        entry.after = now.after.clone();
                    }
                    entry
                }
                None => latest(&access.loc, &access.op, &access.memref)
                    .cloned()
                    .unwrap_or_else(|| access.clone()),
            })
            .collect()
    }
}

/// Warp requests and sectors of one execution of a group.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Traffic {
    /// Warp requests.
    pub requests: u64,
    /// 32-byte sectors, summed over the requests; `None` when unknown or not global memory.
    pub sectors: Option<f64>,
}

impl Traffic {
    /// The traffic of `finding` as NVPTX lowers it, executed `times` times.
    fn of(kernel: &Kernel, finding: &Finding, times: u64, options: &Options) -> Traffic {
        let element = u64::from(finding.memory.element_bytes.unwrap_or(1).max(1));
        let bytes = element * u64::from(finding.memory.vector_width.max(1));
        let declared = ir::attribute(finding.memory.operation, "alignment")
            .and_then(ir::integer)
            .and_then(|bytes| u64::try_from(bytes).ok())
            .unwrap_or(element);
        let piece = declared
            .min(bytes)
            .min(u64::from(MAX_ACCESS_BYTES))
            .max(element);
        let requests = times * bytes.div_ceil(piece);
        let mut split = finding.access.clone();
        split.vector_width = u32::try_from(piece / element).unwrap_or(1);
        let global = matches!(
            finding.memory.space,
            MemorySpace::Global | MemorySpace::Local
        );
        let sectors = kernel
            .block
            .sizes()
            .filter(|_| global)
            .and_then(|[x, y, z]| {
                warp_metrics(&split, Block::new(x, y, z), options.target.bank_model).ok()
            })
            .and_then(|metrics| metrics.sectors_per_request.ok())
            .map(|per_request| per_request * requests as f64);
        Traffic { requests, sectors }
    }

    /// The sum of two.
    fn plus(self, other: Traffic) -> Traffic {
        Traffic {
            requests: self.requests + other.requests,
            sectors: self.sectors.zip(other.sectors).map(|(a, b)| a + b),
        }
    }
}

/// The traffic of `group`'s accesses before (`findings`, as written).
pub fn before(kernel: &Kernel, group: &Group, findings: &[Finding], options: &Options) -> Traffic {
    let times = match &group.shape {
        Shape::Loop { .. } => u64::from(group.elements),
        _ => 1,
    };
    group
        .members()
        .iter()
        .map(|&member| Traffic::of(kernel, &findings[member], times, options))
        .fold(
            Traffic {
                requests: 0,
                sectors: Some(0.0),
            },
            Traffic::plus,
        )
}

/// The traffic of the distinct `instructions` that perform a group after it is applied.
pub fn after(kernel: &Kernel, instructions: &[Finding], options: &Options) -> Traffic {
    let mut seen = Vec::new();
    instructions
        .iter()
        .filter(|finding| {
            let fresh = !seen.contains(&finding.memory.operation.ptr);
            seen.push(finding.memory.operation.ptr);
            fresh
        })
        .map(|finding| Traffic::of(kernel, finding, 1, options))
        .fold(
            Traffic {
                requests: 0,
                sectors: Some(0.0),
            },
            Traffic::plus,
        )
}
