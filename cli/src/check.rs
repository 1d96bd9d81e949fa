//! `--check-static`: every metric the static analysis claims exactly must equal the measured.
//!
//! The kernel is analysed with the block it ran with (`findings::analyze`, sm_90). Accesses
//! are matched by location, the k-th static access at a location with the k-th measured one
//! there (both in pre-order). For each, the metrics the report gives for its space
//! (`sectors_per_request` for global and local memory, `bank_conflict_degree` for shared,
//! `distinct_addresses` everywhere) are compared within 1e-9 when known; static metrics are
//! per block and measured ones over the grid, which agree whenever the static metric is
//! known (a block-dependent metric is unknown statically). Accesses whose static metrics are
//! unknown, or that never ran, are listed and skipped.

use std::collections::HashMap;
use std::io::Write;

use gpu_mem_opt::{facts::accesses, facts::findings, facts::kernels::BlockSize};
use interpreter::{AccessTrace, Trace};

use crate::interp::{target, Prepared};

/// Tolerance of the comparison.
const TOLERANCE: f64 = 1e-9;

/// The outcome of comparing one access.
enum Comparison {
    /// Nothing compared, and why.
    Skipped(String),
    /// `(metric, static, measured)` for every exactly known static metric.
    Compared(Vec<(&'static str, f64, f64)>),
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
                for (metric, expected, actual) in pairs {
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

/// Pairs each known static metric of `finding` with its measurement.
fn compare(finding: &findings::Finding, measured: Option<&AccessTrace>) -> Comparison {
    let Some(measured) = measured else {
        return Comparison::Skipped("MISSING from the trace".into());
    };
    if let Err(unknown) = &finding.metrics {
        return Comparison::Skipped(format!("static metrics unknown ({})", unknown.reason));
    }
    if measured.metrics.requests == 0 {
        return Comparison::Skipped("never executed; not compared".into());
    }
    let claimed = finding.report_metrics();
    let actual = &measured.metrics;
    let pairs: Vec<(&'static str, f64, f64)> = [
        (
            "sectors_per_request",
            claimed.sectors_per_request,
            actual.sectors_per_request,
        ),
        (
            "bank_conflict_degree",
            claimed.bank_conflict_degree,
            actual.bank_conflict_degree,
        ),
        (
            "distinct_addresses",
            claimed.distinct_addresses,
            actual.distinct_addresses,
        ),
    ]
    .into_iter()
    .filter_map(|(metric, claimed, actual)| claimed.map(|claimed| (metric, claimed, actual)))
    .collect();
    if pairs.is_empty() {
        return Comparison::Skipped("no exact static metric".into());
    }
    Comparison::Compared(pairs)
}
