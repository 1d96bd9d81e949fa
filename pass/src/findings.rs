//! What the analysis finds for one access: its matrix, pattern, MAP id and
//! warp metrics, rendered as a remark and as the report's access entry.
//!
//! Metrics are per block, over all warps and loop iterations (the `before`
//! block of the report, design.md): `sectors_per_request` for global and
//! local memory, `bank_conflict_degree` for shared memory,
//! `distinct_addresses` for every space. Where a metric is unknown the remark
//! says why (unknown block size, non-affine index, unmodelled guard).

use analysis::{
    expression::Unknown,
    matrix::{Access, AccessMatrix, MemorySpace},
    metrics::{warp_metrics, AccessMetrics, Block},
    pattern::{classify, Classification},
    target::Target,
};

use crate::{
    accesses::MemoryAccess,
    extract,
    kernels::Kernel,
    report::{AccessReport, WarpMetrics},
};

/// The analysis of one access.
pub struct Finding {
    /// The memory operation.
    pub memory: MemoryAccess,
    /// Its access model.
    pub access: Access,
    /// Its access matrix, or why there is none.
    pub matrix: Result<AccessMatrix, Unknown>,
    /// Its patterns and MAP id.
    pub classification: Classification,
    /// Its warp metrics for one block, or why they are unknown.
    pub metrics: Result<AccessMetrics, Unknown>,
}

/// Analyses `memory`, an access of `kernel`, for `target`.
pub fn analyze(kernel: &Kernel, memory: MemoryAccess, target: &Target) -> Finding {
    let access = extract::access(kernel, &memory);
    let metrics = match kernel.block.sizes() {
        Some([x, y, z]) => warp_metrics(&access, Block::new(x, y, z), target.bank_model),
        None => Err(Unknown::new(kernel.block.describe())),
    };
    Finding {
        matrix: access.matrix(),
        classification: classify(&access),
        metrics,
        access,
        memory,
    }
}

impl Finding {
    /// The remark text: what, where, matrix, pattern, metrics.
    pub fn describe(&self) -> String {
        let memory = &self.memory;
        let mut text = format!(
            "{} {} ({}), {} B x {}; ",
            name(memory.kind),
            memory.root.describe(),
            name(memory.space),
            memory
                .element_bytes
                .map_or_else(|| "?".to_string(), |bytes| bytes.to_string()),
            memory.vector_width
        );
        match &self.matrix {
            Ok(matrix) => text.push_str(&format!("indices {}; ", render_matrix(matrix))),
            Err(unknown) => text.push_str(&format!("not affine: {}; ", unknown.reason)),
        }
        let classification = &self.classification;
        text.push_str(&format!(
            "pattern {} across threads, {} within a thread",
            name(classification.across_threads),
            name(classification.within_thread)
        ));
        if let Some(map) = classification.map {
            text.push_str(&format!(", MAP-{}", map.number()));
        }
        text.push_str("; ");
        match &self.metrics {
            Err(unknown) => text.push_str(&format!("metrics unknown: {}", unknown.reason)),
            Ok(_) => {
                let mut parts = Vec::new();
                for (label, value) in self.applicable_metrics() {
                    parts.push(match value {
                        Ok(value) => format!("{label} {}", number(value)),
                        Err(unknown) => format!("{label} unknown ({})", unknown.reason),
                    });
                }
                text.push_str(&parts.join(", "));
            }
        }
        text
    }

    /// Each metric that applies to this access's memory space: its value or why it is unknown.
    fn applicable_metrics(&self) -> Vec<(&'static str, Result<f64, Unknown>)> {
        let Ok(all) = &self.metrics else {
            return Vec::new();
        };
        let space = self.memory.space;
        let mut metrics = Vec::new();
        if matches!(space, MemorySpace::Global | MemorySpace::Local) {
            metrics.push(("sectors/request", all.sectors_per_request.clone()));
        }
        if space == MemorySpace::Shared {
            metrics.push(("bank conflict degree", all.bank_conflict_degree.clone()));
        }
        metrics.push(("distinct addresses", all.distinct_addresses.clone()));
        metrics
    }

    /// The metrics that apply to this access's memory space.
    pub fn report_metrics(&self) -> WarpMetrics {
        let Ok(metrics) = &self.metrics else {
            return WarpMetrics::default();
        };
        let space = self.memory.space;
        let sectors = matches!(space, MemorySpace::Global | MemorySpace::Local);
        WarpMetrics {
            sectors_per_request: metrics.sectors_per_request.clone().ok().filter(|_| sectors),
            bank_conflict_degree: metrics
                .bank_conflict_degree
                .clone()
                .ok()
                .filter(|_| space == MemorySpace::Shared),
            distinct_addresses: metrics.distinct_addresses.clone().ok(),
        }
    }

    /// The report's entry for this access (`after` equals `before` until a transform changes it).
    pub fn report(&self) -> AccessReport {
        let memory = &self.memory;
        let before = self.report_metrics();
        AccessReport {
            loc: memory.location.clone(),
            op: memory.name.clone(),
            kind: memory.kind,
            memref: memory.root.describe(),
            space: memory.space,
            elem_bytes: memory.element_bytes,
            vector_width: memory.vector_width,
            matrix: self
                .matrix
                .as_ref()
                .ok()
                .and_then(|matrix| serde_json::to_value(matrix).ok()),
            pattern: Some(name(self.classification.across_threads)),
            pattern_within_thread: Some(name(self.classification.within_thread)),
            map: self.classification.map.map(|map| map.number()),
            unknown_reason: self.unknown_reason(),
            after: before.clone(),
            before,
            vectorized: None,
        }
    }

    /// Why this access's metrics or matrix are unknown, if they are.
    fn unknown_reason(&self) -> Option<String> {
        match (&self.metrics, &self.matrix) {
            (Err(unknown), _) | (Ok(_), Err(unknown)) => Some(unknown.reason.clone()),
            _ => None,
        }
    }
}

/// `i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x`.
fn render_matrix(matrix: &AccessMatrix) -> String {
    let rows: Vec<String> = matrix
        .rows
        .iter()
        .zip(&matrix.offsets)
        .enumerate()
        .map(|(dimension, (row, &offset))| {
            let mut terms: Vec<String> = row
                .iter()
                .zip(&matrix.variables)
                .filter(|(&coefficient, _)| coefficient != 0)
                .map(|(&coefficient, variable)| match coefficient {
                    1 => variable.to_string(),
                    -1 => format!("-{variable}"),
                    _ => format!("{coefficient}*{variable}"),
                })
                .collect();
            if offset != 0 || terms.is_empty() {
                terms.push(offset.to_string());
            }
            format!("i{dimension} = {}", terms.join(" + ").replace("+ -", "- "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// A metric for a remark: integers bare, others with two decimals.
fn number(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

/// The name serde gives a unit variant (`load`, `shared`, `linear`, ...).
fn name<T: serde::Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|value| value.as_str().map(str::to_string))
        .unwrap_or_default()
}
