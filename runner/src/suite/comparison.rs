//! The hardware counters beside the model's predictions: per kernel and variant, each ratio
//! predicted on the first blocks of the bench-size launch and measured over all of it, and
//! whether they agree (issue 7, "Calibration").
//!
//! Model. Six [`Ratio`]s are compared: global load and store sectors per request (the
//! coalescing model), shared load and store wavefronts per request (the bank and phase
//! model, which 8- and 16-byte lanes put to the test: 2 and 4 wavefronts when
//! conflict-free), and shared load and store bank conflicts per request (wavefronts beyond
//! the ideal; Nsight Compute's own conflict counter). The predicted side is a
//! [`Prediction`] the build stored in the plan; the measured side is the [`Counters`] of
//! `suite counters`. A ratio that neither side has (no such requests) is left out; one that
//! only one side has disagrees.
//!
//! Notation. `difference = (measured − predicted) / max(predicted, 1)`: relative to the
//! prediction, absolute for predictions below 1 (conflicts per request, often 0). A ratio
//! agrees when `|difference| ≤` [`TOLERANCE`].
//!
//! Assumptions. The first blocks show the whole grid's access pattern (see
//! [`super::predictions`]); where they do not (boundary blocks weigh more in a corner than in
//! the grid), the difference says so, and the blocks predicted on are printed beside every
//! kernel.
//!
//! Cost. Linear in the variants.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use super::counters::{
    Counters, CountersRun, GLOBAL_LOAD_REQUESTS, GLOBAL_LOAD_SECTORS, GLOBAL_STORE_REQUESTS,
    GLOBAL_STORE_SECTORS, SHARED_LOAD_CONFLICTS, SHARED_LOAD_REQUESTS, SHARED_LOAD_WAVEFRONTS,
    SHARED_STORE_CONFLICTS, SHARED_STORE_REQUESTS, SHARED_STORE_WAVEFRONTS,
};
use super::plan::Plan;
use super::predictions::Prediction;

/// The largest `|difference|` at which a measured ratio still agrees with its prediction.
pub const TOLERANCE: f64 = 0.10;

/// A per-request ratio both the model and the profiler give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Ratio {
    /// Global load sectors per request.
    #[serde(rename = "load_sectors_per_request")]
    LoadSectors,
    /// Global store sectors per request.
    #[serde(rename = "store_sectors_per_request")]
    StoreSectors,
    /// Shared load wavefronts per request.
    #[serde(rename = "shared_load_wavefronts_per_request")]
    SharedLoadWavefronts,
    /// Shared store wavefronts per request.
    #[serde(rename = "shared_store_wavefronts_per_request")]
    SharedStoreWavefronts,
    /// Shared load bank conflicts per request.
    #[serde(rename = "shared_load_conflicts_per_request")]
    SharedLoadConflicts,
    /// Shared store bank conflicts per request.
    #[serde(rename = "shared_store_conflicts_per_request")]
    SharedStoreConflicts,
}

/// `over / under`, or `None` when nothing was counted under.
fn per(over: f64, under: f64) -> Option<f64> {
    (under > 0.0).then(|| over / under)
}

impl Ratio {
    /// Every ratio, in table order.
    pub const ALL: [Ratio; 6] = [
        Ratio::LoadSectors,
        Ratio::StoreSectors,
        Ratio::SharedLoadWavefronts,
        Ratio::SharedStoreWavefronts,
        Ratio::SharedLoadConflicts,
        Ratio::SharedStoreConflicts,
    ];

    /// The column heading.
    pub fn heading(self) -> &'static str {
        match self {
            Ratio::LoadSectors => "ld sectors/req",
            Ratio::StoreSectors => "st sectors/req",
            Ratio::SharedLoadWavefronts => "shared ld wavefronts/req",
            Ratio::SharedStoreWavefronts => "shared st wavefronts/req",
            Ratio::SharedLoadConflicts => "shared ld conflicts/req",
            Ratio::SharedStoreConflicts => "shared st conflicts/req",
        }
    }

    /// The Nsight Compute counters it divides: (numerator, denominator).
    fn counters(self) -> (&'static str, &'static str) {
        match self {
            Ratio::LoadSectors => (GLOBAL_LOAD_SECTORS, GLOBAL_LOAD_REQUESTS),
            Ratio::StoreSectors => (GLOBAL_STORE_SECTORS, GLOBAL_STORE_REQUESTS),
            Ratio::SharedLoadWavefronts => (SHARED_LOAD_WAVEFRONTS, SHARED_LOAD_REQUESTS),
            Ratio::SharedStoreWavefronts => (SHARED_STORE_WAVEFRONTS, SHARED_STORE_REQUESTS),
            Ratio::SharedLoadConflicts => (SHARED_LOAD_CONFLICTS, SHARED_LOAD_REQUESTS),
            Ratio::SharedStoreConflicts => (SHARED_STORE_CONFLICTS, SHARED_STORE_REQUESTS),
        }
    }

    /// The measured ratio of `metrics` (ncu's counters by name), if its requests were counted.
    pub fn measured(self, metrics: &BTreeMap<String, f64>) -> Option<f64> {
        let (over, under) = self.counters();
        per(*metrics.get(over)?, *metrics.get(under)?)
    }

    /// The predicted ratio, if the model counts any such request.
    pub fn predicted(self, prediction: &Prediction) -> Option<f64> {
        let (over, under) = match self {
            Ratio::LoadSectors => (
                prediction.global_load.sectors,
                prediction.global_load.requests,
            ),
            Ratio::StoreSectors => (
                prediction.global_store.sectors,
                prediction.global_store.requests,
            ),
            Ratio::SharedLoadWavefronts => (
                prediction.shared_load.wavefronts,
                prediction.shared_load.requests,
            ),
            Ratio::SharedStoreWavefronts => (
                prediction.shared_store.wavefronts,
                prediction.shared_store.requests,
            ),
            Ratio::SharedLoadConflicts => (
                prediction.shared_load.bank_conflicts(),
                prediction.shared_load.requests,
            ),
            Ratio::SharedStoreConflicts => (
                prediction.shared_store.bank_conflicts(),
                prediction.shared_store.requests,
            ),
        };
        per(over as f64, under as f64)
    }
}

/// One ratio of one variant, predicted and measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatioComparison {
    /// Which ratio.
    pub ratio: Ratio,
    /// The model's value on the first blocks (`None`: no such request predicted).
    pub predicted: Option<f64>,
    /// Nsight Compute's value at the bench size (`None`: no such request counted).
    pub measured: Option<f64>,
    /// `(measured − predicted) / max(predicted, 1)`, when both exist.
    pub difference: Option<f64>,
    /// Whether both exist and `|difference| ≤` [`TOLERANCE`].
    pub agrees: bool,
}

impl RatioComparison {
    /// The comparison of `ratio`, or `None` when neither side has it.
    fn new(ratio: Ratio, predicted: Option<f64>, measured: Option<f64>) -> Option<Self> {
        if predicted.is_none() && measured.is_none() {
            return None;
        }
        let difference = predicted
            .zip(measured)
            .map(|(predicted, measured)| (measured - predicted) / predicted.max(1.0));
        Some(RatioComparison {
            ratio,
            predicted,
            measured,
            difference,
            agrees: difference.is_some_and(|difference| difference.abs() <= TOLERANCE),
        })
    }

    /// The table cell: `predicted / measured (difference)`, marked when they disagree.
    fn cell(&self) -> String {
        let show =
            |value: Option<f64>| value.map_or("–".to_string(), |value| format!("{value:.2}"));
        let mut cell = format!("{} / {}", show(self.predicted), show(self.measured));
        if let Some(difference) = self.difference {
            let _ = write!(cell, " ({:+.0} %)", difference * 100.0);
        }
        if !self.agrees {
            cell.push_str(" **≠**");
        }
        cell
    }
}

/// One variant of one kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantComparison {
    /// The variant's name.
    pub variant: String,
    /// The model's totals on the first blocks (`None`: the variant has no MLIR).
    pub predicted: Option<Prediction>,
    /// Every ratio either side has.
    pub ratios: Vec<RatioComparison>,
    /// Why nothing is compared: no prediction, or no counters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl VariantComparison {
    /// `variant`'s prediction beside its counters.
    fn new(variant: &str, predicted: Option<Prediction>, counters: &Counters) -> Self {
        let note = match (&predicted, &counters.error) {
            (_, Some(error)) => Some(format!("no counters: {error}")),
            (None, None) => Some("no MLIR, nothing predicted".to_string()),
            (Some(_), None) => None,
        };
        let ratios = match (&predicted, &note) {
            (Some(prediction), None) => Ratio::ALL
                .into_iter()
                .filter_map(|ratio| {
                    RatioComparison::new(
                        ratio,
                        ratio.predicted(prediction),
                        ratio.measured(&counters.metrics),
                    )
                })
                .collect(),
            _ => Vec::new(),
        };
        VariantComparison {
            variant: variant.to_string(),
            predicted,
            ratios,
            note,
        }
    }
}

/// One kernel's variants.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelComparison {
    /// The benchmark.
    pub name: String,
    /// The first blocks of the bench grid the predictions were made on (`None`: the whole
    /// profiled launch).
    pub corner: Option<[u32; 3]>,
    /// Its profiled variants, in plan order.
    pub variants: Vec<VariantComparison>,
}

/// How many variants agree on one ratio.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Agreement {
    /// Which ratio.
    pub ratio: Ratio,
    /// Variants where either side has it.
    pub compared: usize,
    /// Of those, the ones that agree.
    pub agree: usize,
}

/// The whole comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// [`TOLERANCE`].
    pub tolerance: f64,
    /// The kernels profiled.
    pub kernels: Vec<KernelComparison>,
    /// One line per ratio.
    pub summary: Vec<Agreement>,
}

/// Compares the counters of `run` with the predictions in `plan`.
pub fn compare(plan: &Plan, run: &CountersRun) -> Comparison {
    let kernels: Vec<KernelComparison> = run
        .kernels
        .iter()
        .map(|measured| {
            let planned = plan
                .kernels
                .iter()
                .find(|kernel| kernel.name == measured.name);
            let variants = planned
                .map(|planned| planned.variants.as_slice())
                .unwrap_or_default()
                .iter()
                .filter_map(|variant| {
                    let counters = measured.variants.get(&variant.name)?;
                    Some(VariantComparison::new(
                        &variant.name,
                        variant.predicted,
                        counters,
                    ))
                })
                .collect();
            KernelComparison {
                name: measured.name.clone(),
                corner: planned.and_then(|planned| planned.corner),
                variants,
            }
        })
        .collect();
    let summary = Ratio::ALL
        .into_iter()
        .map(|ratio| {
            let compared: Vec<&RatioComparison> = kernels
                .iter()
                .flat_map(|kernel| &kernel.variants)
                .flat_map(|variant| &variant.ratios)
                .filter(|comparison| comparison.ratio == ratio)
                .collect();
            Agreement {
                ratio,
                compared: compared.len(),
                agree: compared
                    .iter()
                    .filter(|comparison| comparison.agrees)
                    .count(),
            }
        })
        .collect();
    Comparison {
        tolerance: TOLERANCE,
        kernels,
        summary,
    }
}

/// `first 2×8×1 blocks`: where a kernel's predictions were made; without a corner, on the
/// profiled launch itself.
fn describe_corner(corner: Option<[u32; 3]>) -> String {
    match corner {
        Some([x, y, z]) => format!("first {x}×{y}×{z} blocks"),
        None => "the profiled launch".to_string(),
    }
}

/// The comparison as markdown, under the heading `title`.
pub fn to_markdown(comparison: &Comparison, title: &str) -> String {
    let mut text = format!(
        "# {title}\n\n\
         Each cell is predicted / measured (difference). Predicted: the analysis's model on the \
         reference interpreter's trace of the variant's bench-size MLIR on the first blocks of its \
         grid; measured: Nsight Compute over the whole launch. A ratio agrees when |measured − predicted| ≤ {:.0} % of \
         max(predicted, 1); **≠** marks one that does not, or one that only one side has.\n\n",
        comparison.tolerance * 100.0
    );
    for agreement in &comparison.summary {
        let _ = match agreement.compared {
            0 => writeln!(text, "- {}: none compared", agreement.ratio.heading()),
            compared => writeln!(
                text,
                "- {}: {} of {compared} agree",
                agreement.ratio.heading(),
                agreement.agree,
            ),
        };
    }
    text.push_str("\n| kernel | predicted on | variant |");
    for ratio in Ratio::ALL {
        let _ = write!(text, " {} |", ratio.heading());
    }
    text.push_str("\n|---|---|---|");
    text.push_str(&"---|".repeat(Ratio::ALL.len()));
    text.push('\n');
    for kernel in &comparison.kernels {
        let corner = describe_corner(kernel.corner);
        for variant in &kernel.variants {
            let _ = write!(text, "| {} | {corner} | {} |", kernel.name, variant.variant);
            if let Some(note) = &variant.note {
                let _ = writeln!(text, " {note} |{}", "|".repeat(Ratio::ALL.len() - 1));
                continue;
            }
            for ratio in Ratio::ALL {
                let cell = variant
                    .ratios
                    .iter()
                    .find(|comparison| comparison.ratio == ratio)
                    .map_or("–".to_string(), RatioComparison::cell);
                let _ = write!(text, " {cell} |");
            }
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::counters::{parse_raw_page, KernelCounters};
    use crate::suite::plan::{PlannedKernel, PlannedVariant};
    use crate::suite::predictions::{GlobalTraffic, SharedTraffic};
    use crate::suite::CheckEntry;

    /// A raw page in the format `ncu --csv --page raw --print-units base` writes to its log
    /// (the profiler's and the program's lines around a header, a units line and the kernel
    /// row), made up with the counters of the tiled transpose's naive variant at 4096².
    const RAW: &str = include_str!("../../tests/data/ncu-raw-transpose-tiled.csv");

    /// What the model says of the naive tiled transpose on its first 2×2 blocks (at 4096²,
    /// blocks of 32×8 threads each moving a 32×32 tile in 4 rows of requests): 128 requests
    /// of each kind; coalesced global rows (4 sectors); conflict-free shared row stores; and
    /// shared column reads, every lane in bank `ty` of its column: 32 wavefronts, 31 of them
    /// conflicts.
    fn naive_tiled_transpose(column_wavefronts: u64) -> Prediction {
        let coalesced = GlobalTraffic {
            requests: 128,
            sectors: 512,
        };
        let shared = |wavefronts| SharedTraffic {
            requests: 128,
            wavefronts,
            ideal_wavefronts: 128,
        };
        Prediction {
            global_load: coalesced,
            global_store: coalesced,
            shared_load: shared(128 * column_wavefronts),
            shared_store: shared(128),
        }
    }

    /// A plan of the tiled transpose with `naive` predicted and a CUDA reference, and the
    /// fixture's counters for both (the reference's profile failed).
    fn plan_and_run(naive: Prediction) -> (Plan, CountersRun) {
        let variant = |name: &str, predicted| PlannedVariant {
            name: name.to_string(),
            bench: format!("kernels/transpose-tiled/bench/{name}/launch.json").into(),
            check: format!("kernels/transpose-tiled/check/{name}/launch.json").into(),
            predicted,
            resources: None,
        };
        let plan = Plan {
            version: 1,
            kernels: vec![PlannedKernel {
                name: "transpose-tiled".into(),
                outputs: vec!["out".into()],
                check: Some(CheckEntry {
                    sizes: BTreeMap::from([("4096".to_string(), "64".to_string())]),
                    grid: [2, 2, 1],
                }),
                corner: Some([2, 2, 1]),
                variants: vec![
                    variant("naive", Some(naive)),
                    variant("cuda-reference", None),
                ],
                expected: BTreeMap::new(),
                skipped: BTreeMap::new(),
                rejected: BTreeMap::new(),
                decisions: Vec::new(),
            }],
        };
        let failed = Counters {
            error: Some("ncu: ERR_NVGPUCTRPERM".into()),
            ..Counters::default()
        };
        let run = CountersRun {
            ncu: "Version 2025.3.1.0 (build 36398880) (public-release)".into(),
            date: "2026-11-22".into(),
            kernels: vec![KernelCounters {
                name: "transpose-tiled".into(),
                variants: BTreeMap::from([
                    (
                        "naive".to_string(),
                        Counters::new(parse_raw_page(RAW).expect("the fixture parses")),
                    ),
                    ("cuda-reference".to_string(), failed),
                ]),
            }],
            comparison: None,
        };
        (plan, run)
    }

    /// The ratios of `comparison`'s naive variant, by ratio.
    fn naive_ratios(comparison: &Comparison) -> BTreeMap<Ratio, RatioComparison> {
        comparison.kernels[0].variants[0]
            .ratios
            .iter()
            .map(|ratio| (ratio.ratio, ratio.clone()))
            .collect()
    }

    /// The model's 32-way column read agrees with the profiler's; so do the coalesced rows
    /// and the store conflicts ncu counts (1,872 over 524,288 requests: 0.004 per request,
    /// within the absolute 0.1 of a zero prediction).
    #[test]
    fn the_naive_tiled_transpose_agrees_with_its_counters() {
        let (plan, run) = plan_and_run(naive_tiled_transpose(32));
        let comparison = compare(&plan, &run);
        let ratios = naive_ratios(&comparison);
        assert_eq!(ratios.len(), 6);
        assert!(ratios.values().all(|ratio| ratio.agrees), "{ratios:?}");
        let column = &ratios[&Ratio::SharedLoadWavefronts];
        assert_eq!(
            (column.predicted, column.measured),
            (Some(32.0), Some(32.0))
        );
        assert_eq!(ratios[&Ratio::SharedLoadConflicts].measured, Some(31.0));
        let store_conflicts = ratios[&Ratio::SharedStoreConflicts].difference.unwrap();
        assert!((store_conflicts - 1872.0 / 524_288.0).abs() < 1e-12);
        let summary: Vec<(usize, usize)> = comparison
            .summary
            .iter()
            .map(|agreement| (agreement.compared, agreement.agree))
            .collect();
        assert_eq!(summary, [(1, 1); 6]);
        let cuda = &comparison.kernels[0].variants[1];
        assert_eq!(cuda.variant, "cuda-reference");
        assert!(cuda.ratios.is_empty());
        assert_eq!(
            cuda.note.as_deref(),
            Some("no counters: ncu: ERR_NVGPUCTRPERM")
        );
    }

    /// A model that thought the column read conflict-free is off by 31 wavefronts per
    /// request: flagged, counted against in the summary, marked in the table.
    #[test]
    fn a_wrong_prediction_is_flagged() {
        let (plan, run) = plan_and_run(naive_tiled_transpose(1));
        let comparison = compare(&plan, &run);
        let column = &naive_ratios(&comparison)[&Ratio::SharedLoadWavefronts];
        assert!(!column.agrees);
        assert_eq!(column.difference, Some(31.0));
        let table = to_markdown(&comparison, "counters vs model");
        assert!(
            table.contains("- shared ld wavefronts/req: 0 of 1 agree\n"),
            "{table}"
        );
        assert!(table.contains(
            "| transpose-tiled | first 2×2×1 blocks | naive | 4.00 / 4.00 (+0 %) | \
             4.00 / 4.00 (+0 %) | 1.00 / 32.00 (+3100 %) **≠** | 1.00 / 1.00 (+0 %) | \
             0.00 / 31.00 (+3100 %) **≠** | 0.00 / 0.00 (+0 %) |\n"
        ));
        assert!(table.contains(
            "| transpose-tiled | first 2×2×1 blocks | cuda-reference | no counters: \
             ncu: ERR_NVGPUCTRPERM ||||||\n"
        ));
    }

    /// Requests only one side has disagree; requests neither side has are left out.
    #[test]
    fn a_ratio_one_side_lacks_disagrees() {
        assert_eq!(RatioComparison::new(Ratio::LoadSectors, None, None), None);
        let unpredicted = RatioComparison::new(Ratio::LoadSectors, None, Some(4.0)).unwrap();
        assert!(!unpredicted.agrees);
        assert_eq!(unpredicted.cell(), "– / 4.00 **≠**");
    }
}
