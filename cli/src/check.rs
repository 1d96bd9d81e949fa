//! `--check-static`: every metric the static analysis claims exactly must equal the measured.
//!
//! The kernel is analysed with the block it ran with (`findings::analyze`, sm_90). Accesses
//! are matched by location, the k-th static access at a location with the k-th measured one
//! there (both in pre-order). For each, the metrics the report gives for its space
//! (`sectors_per_request` for global and local memory, `bank_conflict_degree` for shared,
//! `distinct_addresses` everywhere) are compared within 1e-9 when known; static metrics are
//! per block and measured ones over the grid, which agree whenever the static metric is
//! known (a block-dependent metric is unknown statically). Where an edge guard on block ids
//! leaves a metric unknown, the report gives an interior block's (the guard taken to hold
//! for every thread); that one is compared with the blocks where the access ran for the most
//! threads, which are the interior ones. Accesses whose static metrics are unknown, or that
//! never ran, are listed and skipped.

use std::collections::HashMap;
use std::io::Write;

use analysis::expression::Unknown;
use analysis::matrix::MemorySpace;
use analysis::metrics::AccessMetrics;
use analysis::request::Metrics;
use gpu_mem_opt::{facts::accesses, facts::findings, facts::kernels::BlockSize};
use interpreter::{AccessTrace, Trace};

use crate::interp::{target, Prepared};

/// Tolerance of the comparison.
const TOLERANCE: f64 = 1e-9;

/// The outcome of comparing one access.
enum Comparison {
    /// Nothing compared, and why.
    Skipped(String),
    /// Every exactly known static metric with its measurement.
    Compared(Vec<Pair>),
}

/// One static metric and what was measured.
struct Pair {
    /// The report's name of the metric.
    metric: &'static str,
    /// Whether it is an interior block's (an edge guard taken to hold), measured over the
    /// blocks where the access ran for the most threads.
    interior: bool,
    /// The static value.
    claimed: f64,
    /// The measured value.
    measured: f64,
}

/// Prints one line per access and a summary; `Err` when any metric differs.
pub fn check_static(
    out: &mut impl Write,
    prepared: &Prepared,
    trace: &Trace,
) -> Result<(), String> {
    let mut kernel = prepared.kernel.clone();
    kernel.block = BlockSize::Known {
        sizes: prepared.block,
        source: "the launch",
    };
    let target = target()?;
    let (mut agree, mut differ) = (0, 0);
    let mut occurrences: HashMap<String, usize> = HashMap::new();
    for memory in accesses::collect(&kernel) {
        let finding = findings::analyze(&kernel, memory, &target);
        let location = &finding.memory.location;
        let occurrence = occurrences.entry(location.clone()).or_default();
        let measured = trace
            .accesses
            .iter()
            .filter(|access| &access.location == location)
            .nth(*occurrence);
        *occurrence += 1;
        let detail = match compare(&finding, measured) {
            Comparison::Skipped(why) => why,
            Comparison::Compared(pairs) => {
                let mut parts = Vec::new();
                for pair in pairs {
                    let (expected, actual) = (pair.claimed, pair.measured);
                    let metric = match pair.interior {
                        true => format!("{} (interior blocks)", pair.metric),
                        false => pair.metric.to_string(),
                    };
                    if (expected - actual).abs() <= TOLERANCE {
                        agree += 1;
                        parts.push(format!("{metric} {expected} ok"));
                    } else {
                        differ += 1;
                        parts.push(format!(
                            "{metric} MISMATCH: static {expected}, measured {actual}"
                        ));
                    }
                }
                parts.join(", ")
            }
        };
        let name = &finding.memory.name;
        writeln!(out, "static {location} {name}: {detail}").map_err(|error| error.to_string())?;
    }
    writeln!(out, "static check: {agree} metrics agree, {differ} differ")
        .map_err(|error| error.to_string())?;
    if differ > 0 {
        return Err(format!(
            "{differ} static metrics differ from the measurement"
        ));
    }
    Ok(())
}

/// A metric the report claims: its name, where the analysis keeps it, where the trace does.
type Claimed = (
    &'static str,
    fn(&AccessMetrics) -> &Result<f64, Unknown>,
    fn(&Metrics) -> f64,
);

/// The metrics the report gives for an access in `space`.
fn claimed_metrics(space: MemorySpace) -> Vec<Claimed> {
    let mut metrics: Vec<Claimed> = Vec::new();
    if matches!(space, MemorySpace::Global | MemorySpace::Local) {
        metrics.push((
            "sectors_per_request",
            |metrics| &metrics.sectors_per_request,
            |metrics| metrics.sectors_per_request,
        ));
    }
    if space == MemorySpace::Shared {
        metrics.push((
            "bank_conflict_degree",
            |metrics| &metrics.bank_conflict_degree,
            |metrics| metrics.bank_conflict_degree,
        ));
    }
    metrics.push((
        "distinct_addresses",
        |metrics| &metrics.distinct_addresses,
        |metrics| metrics.distinct_addresses,
    ));
    metrics
}

/// Pairs each known static metric of `finding` with its measurement: a metric of the block
/// with the whole grid's, and one known only for an interior block (edge guards taken to
/// hold) with the blocks where the access ran for the most threads.
fn compare(finding: &findings::Finding, measured: Option<&AccessTrace>) -> Comparison {
    let Some(measured) = measured else {
        return Comparison::Skipped("MISSING from the trace".into());
    };
    if measured.metrics.requests == 0 {
        return Comparison::Skipped("never executed; not compared".into());
    }
    let interior = finding
        .interior
        .as_ref()
        .filter(|interior| !interior.layout_assumed);
    if let (Err(unknown), None) = (&finding.metrics, interior) {
        return Comparison::Skipped(format!("static metrics unknown ({})", unknown.reason));
    }
    let mut pairs = Vec::new();
    // A mean over block-dependent alignments is not what any one block measures.
    let exact = |metric: &str, metrics: &AccessMetrics| {
        metric == "distinct_addresses" || metrics.averaged_over.is_none()
    };
    for (metric, claimed, actual) in claimed_metrics(finding.memory.space) {
        let own = finding
            .metrics
            .as_ref()
            .ok()
            .filter(|own| exact(metric, own))
            .map(claimed);
        let interior = interior.filter(|interior| exact(metric, &interior.metrics));
        match (own, interior) {
            (Some(Ok(value)), _) => pairs.push(Pair {
                metric,
                interior: false,
                claimed: *value,
                measured: actual(&measured.metrics),
            }),
            (_, Some(interior)) if interior_ran(interior, measured) => {
                if let Ok(value) = claimed(&interior.metrics) {
                    pairs.push(Pair {
                        metric,
                        interior: true,
                        claimed: *value,
                        measured: actual(&measured.fullest_blocks.metrics()),
                    });
                }
            }
            _ => {}
        }
    }
    if pairs.is_empty() {
        let why = match interior {
            Some(interior) if !interior_ran(interior, measured) => format!(
                "no interior block in this grid: the fullest blocks ran it for {} threads, an \
                 interior one would for {}",
                measured.fullest_block_lanes,
                interior
                    .metrics
                    .lanes
                    .as_ref()
                    .map_or("an unknown number of".to_string(), u64::to_string)
            ),
            _ => "no exact static metric".into(),
        };
        return Comparison::Skipped(why);
    }
    Comparison::Compared(pairs)
}

/// Whether the run has a block like the one `interior`'s metrics are for: one where the
/// access ran for as many threads as the edge guard holding for all of them gives.
fn interior_ran(interior: &findings::Interior, measured: &AccessTrace) -> bool {
    interior.metrics.lanes.as_ref().ok() == Some(&measured.fullest_block_lanes)
}
