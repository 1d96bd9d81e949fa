//! What the analysis finds for one access: its matrix, pattern, MAP id and
//! warp metrics, rendered as a remark and as the report's access entry.
//!
//! Metrics are per block, over all warps and loop iterations (the `before`
//! block of the report, design.md): `sectors_per_request` for global and
//! local memory, `bank_conflict_degree` for shared memory,
//! `distinct_addresses` for every space. Where a metric is unknown the remark
//! says why (unknown block size, non-affine index, unmodelled guard).
//!
//! An edge guard (`32·bid.x + tid.x < n`) makes block 0's metrics unknowable,
//! but it removes lanes only in the grid's last blocks. A metric it leaves
//! unknown is then taken from an interior block, where the guard holds for
//! every lane ([`analysis::interior`], issue 8), and the remark and the
//! report's `costed_for` say so: a guarded stencil's shifted rows read 4
//! sectors per request there, not "unknown".
//!
//! An argument the launches in the module pass a few known values for (a host
//! loop's offsets, `LaunchFacts::values`) is bound to each in turn; where every
//! value gives the same metrics, they are the access's: they hold at every
//! launch here (LU's tiles at offsets 0, 16, 32: 2 sectors a request at each).

use std::collections::BTreeSet;

use analysis::{
    expression::{IndexExpression, Unknown, Variable},
    interior::{interior_access, InteriorAccess},
    matrix::{Access, AccessMatrix, Condition, MemorySpace},
    metrics::{warp_metrics, AccessMetrics, Block},
    pattern::{classify, Classification},
    target::Target,
};
use mlir_sys::MlirOperation;

use crate::{
    facts::accesses::MemoryAccess,
    facts::extract,
    facts::kernels::Kernel,
    facts::launches::{argument_number, values::MOST_VALUES},
    report::{AccessReport, WarpMetrics},
};

/// The analysis of one access.
#[derive(Clone)]
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
    /// Where an edge guard leaves metrics unknown: an interior block's metrics and what
    /// was assumed for them.
    pub interior: Option<Interior>,
    /// Where a clamp or guard leaves the requests unknown even so: the metrics of the block
    /// in the middle of the grid, or with every lane running the access, for the time model's
    /// estimate alone ([`Finding::estimate`]; steps see it only through a predicted time).
    pub estimated: Option<Interior>,
}

/// The metrics of an interior block (edge guards on block ids taken to hold), or of
/// dynamic strides taken as row-major ([`assumed_layout`]), or both.
#[derive(Clone)]
pub struct Interior {
    /// What was assumed, e.g. `an interior block: the edge guard on bid.y holds for every lane`.
    pub assumption: String,
    /// The metrics under that assumption.
    pub metrics: AccessMetrics,
    /// Whether dynamic strides were taken as row-major ([`assumed_layout`]), not only edge
    /// guards as holding: then no run measures what these metrics claim.
    pub layout_assumed: bool,
    /// Whether these are one block's, the middle of the grid's, taken as every block's (the
    /// time model's estimate where a clamp or guard on the block ids leaves them unknown).
    pub block_fixed: bool,
}

/// The extent a dynamic dimension is taken to have where a dynamic layout leaves an access's
/// metrics unknown: rows long enough that lanes a row apart never share a sector, and whose
/// starts are 128-byte aligned (a DSL's `memref<?x?xf32>` of a large matrix).
const ASSUMED_EXTENT: i64 = 1024;

/// Metrics of `access` when its own `metrics` leave something unknown and an assumption
/// settles them: an interior block's where an edge guard is the reason, a row-major layout's
/// where dynamic strides are.
fn interior(
    access: &Access,
    metrics: &Result<AccessMetrics, Unknown>,
    block: Block,
    target: &Target,
) -> Option<Interior> {
    let complete = metrics.as_ref().is_ok_and(|metrics| {
        metrics.sectors_per_request.is_ok()
            && metrics.bank_conflict_degree.is_ok()
            && metrics.distinct_addresses.is_ok()
    });
    if complete {
        return None;
    }
    let (access, mut assumptions) = match interior_access(access) {
        Some(InteriorAccess { access, assumed }) => (
            access,
            vec![format!(
                "an interior block: {}",
                InteriorAccess::assumption(&assumed)
            )],
        ),
        None => (access.clone(), Vec::new()),
    };
    let laid_out = assumed_layout(&access);
    let layout_assumed = laid_out.is_some();
    let access = match laid_out {
        Some((laid_out, assumption)) => {
            assumptions.push(assumption);
            laid_out
        }
        None => access,
    };
    if assumptions.is_empty() {
        return None;
    }
    let metrics = warp_metrics(&access, block, target.bank_model).ok()?;
    Some(Interior {
        assumption: assumptions.join("; "),
        metrics,
        layout_assumed,
        block_fixed: false,
    })
}

/// Where the metrics of `access` read arguments the launches here pass several known values
/// for (LU's `offset`, 0, 16 or 32: `LaunchFacts::values`), its metrics with each combination
/// of them bound, where every combination gives the same metrics, requests known: then they
/// hold at every launch here, exactly.
fn at_every_launch(
    kernel: &Kernel,
    access: &Access,
    block: Block,
    target: &Target,
) -> Option<AccessMetrics> {
    let mut read = access
        .guard
        .iter()
        .flat_map(Condition::variables)
        .collect::<BTreeSet<_>>();
    read.extend(access.indices.iter().flat_map(IndexExpression::variables));
    let launched: Vec<(Variable, &[i64])> = read
        .into_iter()
        .filter_map(|variable| {
            let Variable::Symbol(name) = &variable else {
                return None;
            };
            let values = kernel.launches.values(argument_number(name)?)?;
            Some((variable, values))
        })
        .collect();
    let combinations = launched
        .iter()
        .try_fold(1usize, |product, (_, values)| {
            product.checked_mul(values.len())
        })
        .filter(|&count| count > 0 && count <= MOST_VALUES && !launched.is_empty())?;
    let mut agreed: Option<AccessMetrics> = None;
    for combination in 0..combinations {
        let mut rest = combination;
        let chosen: Vec<(&Variable, i64)> = launched
            .iter()
            .map(|(variable, values)| {
                let value = values[rest % values.len()];
                rest /= values.len();
                (variable, value)
            })
            .collect();
        let bound = access.bind(&|variable| {
            chosen
                .iter()
                .find(|(known, _)| *known == variable)
                .map(|&(_, value)| value)
        });
        let metrics = warp_metrics(&bound, block, target.bank_model).ok()?;
        metrics.requests.as_ref().ok()?;
        match &agreed {
            Some(first) if *first != metrics => return None,
            Some(_) => {}
            None => agreed = Some(metrics),
        }
    }
    agreed
}

/// Where the requests of `access` are unknown for this block and for an interior one
/// (`metrics`, `interior`), the time model's estimate: the metrics of the block in the middle
/// of `grid` (its ids fixed, so a clamp or a guard on them is followed: Rodinia hotspot's
/// `validYmin = blkY < 0 ? -blkY : 0`), taken as every block's; else, where it has a guard,
/// its metrics with the guard dropped, every lane of every block running it: an upper bound
/// on its requests (fewer lanes make no more requests), exact where the guard lets every lane
/// through. The assumption names which, and why.
fn estimated(
    access: &Access,
    (metrics, interior): (&Result<AccessMetrics, Unknown>, Option<&Interior>),
    (block, grid): (Block, Option<[i64; 3]>),
    target: &Target,
) -> Option<Interior> {
    let requests = |metrics: &AccessMetrics| metrics.requests.clone();
    let why = match (metrics.as_ref().map(requests), interior) {
        (Ok(Ok(_)), _) => return None,
        (_, Some(interior)) if interior.metrics.requests.is_ok() => return None,
        (Ok(Err(unknown)), _) => unknown,
        (Err(unknown), _) => unknown.clone(),
    };
    if let Some(middle) = grid.and_then(|grid| middle_block(access, grid, block, target)) {
        return Some(middle);
    }
    if access.guard.is_empty() {
        return None;
    }
    let unguarded = Access {
        guard: Vec::new(),
        ..access.clone()
    };
    let (unguarded, layout) = match assumed_layout(&unguarded) {
        Some((laid_out, assumption)) => (laid_out, Some(assumption)),
        None => (unguarded, None),
    };
    let metrics = warp_metrics(&unguarded, block, target.bank_model).ok()?;
    metrics.requests.as_ref().ok()?;
    let assumption = format!("every lane taken to run it ({})", why.reason);
    Some(Interior {
        layout_assumed: layout.is_some(),
        block_fixed: false,
        assumption: layout.map_or(assumption.clone(), |layout| {
            format!("{assumption}; {layout}")
        }),
        metrics,
    })
}

/// The metrics of `access` in the block in the middle of `grid` (ids `grid / 2`), where they
/// give its requests.
fn middle_block(
    access: &Access,
    grid: [i64; 3],
    block: Block,
    target: &Target,
) -> Option<Interior> {
    let middle = grid.map(|size| size / 2);
    let bound = access.bind(&|variable| match variable {
        Variable::BlockX => Some(middle[0]),
        Variable::BlockY => Some(middle[1]),
        Variable::BlockZ => Some(middle[2]),
        _ => None,
    });
    let metrics = warp_metrics(&bound, block, target.bank_model).ok()?;
    metrics.requests.as_ref().ok()?;
    Some(Interior {
        assumption: format!(
            "the block in the middle of the grid (bid {}, {}, {}) taken as every block",
            middle[0], middle[1], middle[2]
        ),
        metrics,
        layout_assumed: false,
        block_fixed: true,
    })
}

/// `access` of global memory with its dynamic strides taken as a row-major layout over
/// dimensions of 1024 elements (`ASSUMED_EXTENT`; static extents kept) and a dynamic offset
/// then as 0, and what was assumed; `None` when its strides are static (a view's dynamic
/// offset alone stays unknown) or its innermost stride is dynamic.
pub fn assumed_layout(access: &Access) -> Option<(Access, String)> {
    let layout = &access.layout;
    if layout.space != MemorySpace::Global || layout.strides.iter().all(Option::is_some) {
        return None;
    }
    let mut strides = layout.strides.clone();
    let mut taken = Vec::new();
    for dimension in (0..strides.len()).rev() {
        if strides[dimension].is_some() {
            continue;
        }
        let inner = strides.get(dimension + 1).copied().flatten()?;
        let extent = layout
            .shape
            .get(dimension + 1)
            .copied()
            .flatten()
            .unwrap_or(ASSUMED_EXTENT);
        let stride = inner.checked_mul(extent).filter(|&stride| stride > 0)?;
        strides[dimension] = Some(stride);
        taken.push(format!("dimension {dimension}'s stride {stride} elements"));
    }
    if layout.offset.is_none() {
        taken.push("offset 0".into());
    }
    taken.reverse();
    let mut assumed = access.clone();
    assumed.layout.strides = strides;
    assumed.layout.offset = Some(layout.offset.unwrap_or(0));
    Some((
        assumed,
        format!("a dynamic layout taken as {}", taken.join(", ")),
    ))
}

/// Analyses every access of `kernel`, as its IR is now, for `target`.
pub fn of_kernel(kernel: &Kernel, target: &Target) -> Vec<Finding> {
    crate::facts::accesses::collect(kernel)
        .into_iter()
        .map(|memory| analyze(kernel, memory, target))
        .collect()
}

/// [`of_kernel`] as it will be once the loops under the guards `left` have left them
/// (`extract::access_leaving`): the facts of the planned IR, not re-read after the change.
pub fn of_kernel_leaving(kernel: &Kernel, target: &Target, left: &[MlirOperation]) -> Vec<Finding> {
    crate::facts::accesses::collect(kernel)
        .into_iter()
        .map(|memory| analyze_leaving(kernel, memory, target, left))
        .collect()
}

/// Analyses `memory`, an access of `kernel`, for `target`.
pub fn analyze(kernel: &Kernel, memory: MemoryAccess, target: &Target) -> Finding {
    analyze_leaving(kernel, memory, target, &[])
}

/// [`analyze`] with the loops under the guards `left` out of them.
fn analyze_leaving(
    kernel: &Kernel,
    memory: MemoryAccess,
    target: &Target,
    left: &[MlirOperation],
) -> Finding {
    let access = extract::access_leaving(kernel, &memory, left);
    of_access(kernel, memory, access, target)
}

/// The finding of `memory`, an access of `kernel`, whose access model is `access`.
fn of_access(kernel: &Kernel, memory: MemoryAccess, access: Access, target: &Target) -> Finding {
    let block = kernel.block.sizes().map(|[x, y, z]| Block::new(x, y, z));
    let metrics = match block {
        Some(block) => warp_metrics(&access, block, target.bank_model),
        None => Err(Unknown::new(kernel.block.describe())),
    };
    let incomplete = metrics.as_ref().map_or(true, |found| {
        found.requests.is_err()
            || found.sectors_per_request.is_err()
            || found.distinct_addresses.is_err()
    });
    let metrics = match block.filter(|_| incomplete) {
        Some(block) => at_every_launch(kernel, &access, block, target).map_or(metrics, Ok),
        None => metrics,
    };
    let interior = block.and_then(|block| interior(&access, &metrics, block, target));
    let estimated = block.and_then(|block| {
        estimated(
            &access,
            (&metrics, interior.as_ref()),
            (block, kernel.grid()),
            target,
        )
    });
    Finding {
        interior,
        estimated,
        matrix: access.matrix(),
        classification: classify(&access),
        metrics,
        access,
        memory,
    }
}

impl Finding {
    /// This finding as it would be with its memref's strides `strides` (elements, one per
    /// dimension): a relayout's what-if, the IR untouched.
    pub fn with_strides(&self, kernel: &Kernel, strides: &[i64], target: &Target) -> Finding {
        let mut access = self.access.clone();
        access.layout.strides = strides.iter().copied().map(Some).collect();
        of_access(kernel, self.memory.clone(), access, target)
    }

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
        match (&self.metrics, &self.interior) {
            (Err(unknown), None) => text.push_str(&format!("metrics unknown: {}", unknown.reason)),
            _ => {
                let mut parts = Vec::new();
                for (label, value) in self.applicable_metrics() {
                    parts.push(match value {
                        Ok(value) => format!("{label} {}", number(value)),
                        Err(unknown) => format!("{label} unknown ({})", unknown.reason),
                    });
                }
                text.push_str(&parts.join(", "));
                if let Some(alignments) = self.averaged_over() {
                    text.push_str(&format!(
                        " (the mean over the {alignments} alignments the block ids give its start)"
                    ));
                }
                if let Some(interior) = &self.interior {
                    text.push_str(&format!(" (for {})", interior.assumption));
                }
            }
        }
        text
    }

    /// Each metric: this block's value, else an interior block's where an edge guard made it
    /// unknown, else why it is unknown.
    pub fn metric<T: Clone>(
        &self,
        pick: impl Fn(&AccessMetrics) -> &Result<T, Unknown>,
    ) -> Result<T, Unknown> {
        let own = self
            .metrics
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|metrics| pick(metrics).clone());
        match (&own, &self.interior) {
            (Err(_), Some(interior)) => pick(&interior.metrics).clone().or(own),
            _ => own,
        }
    }

    /// Each metric as [`Finding::metric`] gives it, else as [`Finding::estimated`] has it where
    /// a clamp or guard left it unknown: the time model's estimate.
    pub fn estimate<T: Clone>(
        &self,
        pick: impl Fn(&AccessMetrics) -> &Result<T, Unknown>,
    ) -> Result<T, Unknown> {
        let metric = self.metric(&pick);
        match (&metric, &self.estimated) {
            (Err(_), Some(estimated)) => pick(&estimated.metrics).clone().or(metric),
            _ => metric,
        }
    }

    /// Each metric that applies to this access's memory space: its value or why it is unknown.
    fn applicable_metrics(&self) -> Vec<(&'static str, Result<f64, Unknown>)> {
        let space = self.memory.space;
        let mut metrics = Vec::new();
        if matches!(space, MemorySpace::Global | MemorySpace::Local) {
            metrics.push(("sectors/request", self.sectors_per_request()));
        }
        if space == MemorySpace::Shared {
            metrics.push((
                "bank conflict degree",
                self.metric(|metrics| &metrics.bank_conflict_degree),
            ));
        }
        metrics.push((
            "distinct addresses",
            self.metric(|metrics| &metrics.distinct_addresses),
        ));
        metrics
    }

    /// Over how many alignments of a block-dependent start the averages are a mean, if they are
    /// (`analysis::metrics::AccessMetrics::averaged_over`).
    pub fn averaged_over(&self) -> Option<usize> {
        let own = self
            .metrics
            .as_ref()
            .ok()
            .and_then(|metrics| metrics.averaged_over);
        own.or_else(|| {
            self.interior
                .as_ref()
                .and_then(|interior| interior.metrics.averaged_over)
        })
    }

    /// Sectors per request for one block, an interior block's where an edge guard decides.
    pub fn sectors_per_request(&self) -> Result<f64, Unknown> {
        self.metric(|metrics| &metrics.sectors_per_request)
    }

    /// Mean distinct addresses per request (an interior block's where block 0's are unknown).
    pub fn distinct_addresses(&self) -> Result<f64, Unknown> {
        self.metric(|metrics| &metrics.distinct_addresses)
    }

    /// Why the first metric that applies to this access's space is unknown, if one is.
    pub fn unknown_metric(&self) -> Option<String> {
        self.applicable_metrics()
            .into_iter()
            .find_map(|(_, value)| value.err().map(|unknown| unknown.reason))
    }

    /// The metrics that apply to this access's memory space.
    pub fn report_metrics(&self) -> WarpMetrics {
        let space = self.memory.space;
        let sectors = matches!(space, MemorySpace::Global | MemorySpace::Local);
        WarpMetrics {
            sectors_per_request: self.sectors_per_request().ok().filter(|_| sectors),
            bank_conflict_degree: self
                .metric(|metrics| &metrics.bank_conflict_degree)
                .ok()
                .filter(|_| space == MemorySpace::Shared),
            distinct_addresses: self.distinct_addresses().ok(),
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
            costed_for: self
                .interior
                .as_ref()
                .map(|interior| interior.assumption.clone()),
            after: before.clone(),
            before,
            vectorized: None,
        }
    }

    /// Why this access's metrics or matrix are unknown, if they are (metrics an interior
    /// block gives are known).
    fn unknown_reason(&self) -> Option<String> {
        match (&self.metrics, &self.interior, &self.matrix) {
            (Err(unknown), None, _) | (_, _, Err(unknown)) => Some(unknown.reason.clone()),
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
