//! The suite's results: JSON for tools, a markdown table for the README.
//!
//! Model. For each kernel, each variant that ran has its median milliseconds, its effective
//! bandwidth (the manifest's bytes moved over the median), that bandwidth as a fraction of
//! the measured device-to-device copy bandwidth, whether its outputs equal the naive
//! variant's at the bench size and the interpreter's at the check size, or the error that
//! stopped it. A kernel is `correct` when every variant that ran matched both and
//! gpu-mem-opt's was not rejected at build time (wrong on the interpreter, so never run);
//! another rejected variant is reported as such (`yes (1 other rejected)`).
//!
//! ```json
//! { "gpu": "NVIDIA H100 80GB HBM3", "date": "2026-05-01", "copy_gbps": 2890.5,
//!   "kernels": [ { "name": "transpose-tiled", "correct": true,
//!     "variants": { "naive": { "ms": 0.9, "gbps": 149.1, "of_copy": 0.05,
//!                              "matches_naive": true, "matches_interpreter": true }, ... },
//!     "skipped": { "cuda-reference": "..." },
//!     "rejected": { "nvgpu-optimize-shared-memory": "fails on the interpreter: ..." } } ] }
//! ```
//!
//! The markdown table has one row per kernel, one column per variant
//! (`ms (GB/s, % of copy)`), and the speedups of gpu-mem-opt over naive and against the
//! CUDA reference, with their geometric means below, then one line per rejected, failed or
//! mismatching variant with the reason.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::variants::Variant;

/// All results of one suite run.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// The device's name.
    pub gpu: String,
    /// The date of the run, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// Device-to-device copy bandwidth in GB/s, if measured.
    pub copy_gbps: Option<f64>,
    /// Every kernel, in plan order.
    pub kernels: Vec<KernelResults>,
}

/// One kernel's results.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelResults {
    /// The benchmark's name.
    pub name: String,
    /// Every variant that was run, in plan order.
    pub variants: Vec<VariantResults>,
    /// Variants that do not apply, with the reason.
    pub skipped: BTreeMap<String, String>,
    /// Variants the interpreter found wrong at the check size (not run), with the reason.
    pub rejected: BTreeMap<String, String>,
    /// gpu-mem-opt's decisions, one line each (from the plan).
    pub decisions: Vec<String>,
}

/// One variant's results.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct VariantResults {
    /// The variant's name.
    #[serde(skip)]
    pub name: String,
    /// Median milliseconds at the bench size.
    pub ms: Option<f64>,
    /// Effective bandwidth in GB/s.
    pub gbps: Option<f64>,
    /// `gbps` over the copy bandwidth.
    pub of_copy: Option<f64>,
    /// Whether its bench outputs equal the naive variant's.
    pub matches_naive: Option<bool>,
    /// Whether its check outputs equal the interpreter's.
    pub matches_interpreter: Option<bool>,
    /// What differed, if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<String>,
    /// What stopped it, if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl VariantResults {
    /// Whether it ran and matched the naive variant and the interpreter.
    pub fn is_correct(&self) -> bool {
        self.error.is_none()
            && self.matches_naive != Some(false)
            && self.matches_interpreter == Some(true)
    }
}

impl KernelResults {
    /// Whether every variant that ran matched, and gpu-mem-opt's was not rejected. Another
    /// variant the interpreter rejected (upstream's `nvgpu-optimize-shared-memory` writing out
    /// of bounds, say) is that variant's failure, reported beside it ([`Self::correct_cell`]).
    pub fn correct(&self) -> bool {
        !self.variants.is_empty()
            && !self.rejected.contains_key(Variant::GpuMemOpt.name())
            && self.variants.iter().all(VariantResults::is_correct)
    }

    /// The table's `correct` cell: `yes`, `yes (N other rejected)`, or `**no**`.
    fn correct_cell(&self) -> String {
        match (self.correct(), self.rejected.len()) {
            (false, _) => "**no**".into(),
            (true, 0) => "yes".into(),
            (true, rejected) => format!("yes ({rejected} other rejected)"),
        }
    }

    /// The variant called `name`, if it ran.
    pub fn variant(&self, name: &str) -> Option<&VariantResults> {
        self.variants.iter().find(|variant| variant.name == name)
    }

    /// The variants faster than gpu-mem-opt by more than [`NOISE`], each with its speedup over
    /// gpu-mem-opt, in plan order.
    pub fn faster_than_gpu_mem_opt(&self) -> Vec<(&str, f64)> {
        self.variants
            .iter()
            .filter(|variant| variant.name != Variant::GpuMemOpt.name() && variant.is_correct())
            .filter_map(|variant| {
                let slowdown = 1.0 / self.speedup_over(&variant.name)?;
                (slowdown > 1.0 + NOISE).then_some((variant.name.as_str(), slowdown))
            })
            .collect()
    }

    /// Median milliseconds of `baseline` over those of gpu-mem-opt, when both are timed.
    fn speedup_over(&self, baseline: &str) -> Option<f64> {
        let ours = self.variant(Variant::GpuMemOpt.name())?.ms?;
        let theirs = self.variant(baseline)?.ms?;
        (ours > 0.0 && theirs > 0.0).then(|| theirs / ours)
    }
}

/// The relative difference of two medians below which neither variant counts as faster (the
/// spread of 20 timed launches on an idle GPU is a few per cent).
pub const NOISE: f64 = 0.03;

/// The geometric mean of `values` (`None` when empty).
pub fn geometric_mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some((values.iter().map(|value| value.ln()).sum::<f64>() / values.len() as f64).exp())
}

impl Results {
    /// The results as JSON, variants keyed by name in plan order.
    pub fn to_json(&self) -> Value {
        let kernels: Vec<Value> = self
            .kernels
            .iter()
            .map(|kernel| {
                let variants: Map<String, Value> = kernel
                    .variants
                    .iter()
                    .map(|variant| {
                        let value = serde_json::to_value(variant).expect("plain data");
                        (variant.name.clone(), value)
                    })
                    .collect();
                let faster: Map<String, Value> = kernel
                    .faster_than_gpu_mem_opt()
                    .into_iter()
                    .map(|(name, speedup)| (name.to_string(), json!(speedup)))
                    .collect();
                json!({
                    "name": kernel.name,
                    "correct": kernel.correct(),
                    "variants": variants,
                    "skipped": kernel.skipped,
                    "rejected": kernel.rejected,
                    "faster_than_gpu_mem_opt": faster,
                    "decisions": kernel.decisions,
                })
            })
            .collect();
        json!({
            "gpu": self.gpu,
            "date": self.date,
            "copy_gbps": self.copy_gbps,
            "kernels": kernels,
        })
    }

    /// The file name stem: `<date>-<gpu>` with the GPU's name in lower-case words.
    pub fn stem(&self) -> String {
        stem(&self.date, &self.gpu)
    }

    /// The markdown table.
    pub fn to_markdown(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "# gpu-mem-opt benchmarks: {}, {}\n",
            self.gpu, self.date
        );
        let copy = self
            .copy_gbps
            .map_or("not measured".to_string(), |gbps| format!("{gbps:.0} GB/s"));
        let _ = writeln!(
            text,
            "Device-to-device copy (the physical limit): {copy}. Cells: median ms \
             (effective GB/s, % of copy); `n/a`: the variant does not apply.\n"
        );
        let names: Vec<&str> = Variant::ALL.iter().map(|variant| variant.name()).collect();
        let _ = writeln!(
            text,
            "| kernel | correct | {} | gpu-mem-opt / naive | gpu-mem-opt / cuda-reference |",
            names.join(" | ")
        );
        let _ = writeln!(text, "|{}", "---|".repeat(names.len() + 4));
        let mut over_naive = Vec::new();
        let mut against_cuda = Vec::new();
        for kernel in &self.kernels {
            let cells: Vec<String> = names
                .iter()
                .map(|name| match kernel.variant(name) {
                    Some(variant) => cell(variant),
                    None if kernel.rejected.contains_key(*name) => "rejected".to_string(),
                    None => "n/a".to_string(),
                })
                .collect();
            let naive = kernel.speedup_over(Variant::Naive.name());
            let cuda = kernel.speedup_over(Variant::CudaReference.name());
            over_naive.extend(naive);
            against_cuda.extend(cuda);
            let _ = writeln!(
                text,
                "| {} | {} | {} | {} | {} |",
                kernel.name,
                kernel.correct_cell(),
                cells.join(" | "),
                ratio(naive),
                ratio(cuda)
            );
        }
        let _ = writeln!(
            text,
            "\nGeometric mean: gpu-mem-opt over naive {}; gpu-mem-opt against cuda-reference {}.",
            ratio(geometric_mean(&over_naive)),
            ratio(geometric_mean(&against_cuda))
        );
        let notes: Vec<String> = self
            .kernels
            .iter()
            .flat_map(|kernel| {
                let rejected = kernel.rejected.iter().map(move |(variant, why)| {
                    format!("- {} {variant}: rejected, not run: {why}", kernel.name)
                });
                let wrong = kernel.variants.iter().filter_map(move |variant| {
                    let why = variant.error.as_ref().or(variant.mismatch.as_ref())?;
                    Some(format!("- {} {}: {why}", kernel.name, variant.name))
                });
                rejected.chain(wrong)
            })
            .collect();
        if !notes.is_empty() {
            let _ = writeln!(text, "\n{}", notes.join("\n"));
        }
        self.write_slower(&mut text);
        text
    }

    /// The section on kernels where another variant beat gpu-mem-opt, each with the pass's
    /// decisions there: the remarks that must explain it (issue 7's goal).
    fn write_slower(&self, text: &mut String) {
        let slower: Vec<(&KernelResults, Vec<(&str, f64)>)> = self
            .kernels
            .iter()
            .map(|kernel| (kernel, kernel.faster_than_gpu_mem_opt()))
            .filter(|(_, faster)| !faster.is_empty())
            .collect();
        if slower.is_empty() {
            return;
        }
        let _ = writeln!(
            text,
            "\n## Where another variant is faster than gpu-mem-opt (by more than {:.0}%)\n",
            NOISE * 100.0
        );
        for (kernel, faster) in slower {
            let faster: Vec<String> = faster
                .iter()
                .map(|(name, speedup)| format!("{name} {speedup:.2}x faster"))
                .collect();
            let _ = writeln!(text, "- **{}**: {}.", kernel.name, faster.join(", "));
            if kernel.decisions.is_empty() {
                let _ = writeln!(text, "  - gpu-mem-opt decided nothing here: unexplained.");
            }
            for decision in &kernel.decisions {
                let _ = writeln!(text, "  - {}", decision.replace('\n', " "));
            }
        }
    }
}

/// `1.23x`, or `-`.
fn ratio(value: Option<f64>) -> String {
    value.map_or("-".to_string(), |value| format!("{value:.2}x"))
}

/// One variant's table cell.
fn cell(variant: &VariantResults) -> String {
    if let Some(error) = &variant.error {
        let first = error.lines().next().unwrap_or_default();
        return format!("error: {}", first.replace('|', "/"));
    }
    let Some(ms) = variant.ms else {
        return "-".to_string();
    };
    let mut text = format!("{ms:.3}");
    if let Some(gbps) = variant.gbps {
        let share = variant
            .of_copy
            .map_or(String::new(), |share| format!(", {:.0}%", share * 100.0));
        text.push_str(&format!(" ({gbps:.0} GB/s{share})"));
    }
    if !variant.is_correct() {
        text.push_str(" **wrong**");
    }
    text
}

/// A results file name stem: `<date>-<gpu>` with the GPU's name in lower-case words.
pub fn stem(date: &str, gpu: &str) -> String {
    let mut slug = String::new();
    for character in gpu.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    format!("{date}-{}", slug.trim_matches('-'))
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    civil_date((seconds / 86_400) as i64)
}

/// The proleptic Gregorian date of day `days` since 1970-01-01 (H. Hinnant's algorithm).
fn civil_date(days: i64) -> String {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(name: &str, ms: f64) -> VariantResults {
        VariantResults {
            name: name.into(),
            ms: Some(ms),
            gbps: Some(100.0 / ms),
            of_copy: Some(0.5 / ms),
            matches_naive: Some(true),
            matches_interpreter: Some(true),
            ..VariantResults::default()
        }
    }

    fn results() -> Results {
        Results {
            gpu: "NVIDIA H100 80GB HBM3".into(),
            date: "2026-05-01".into(),
            copy_gbps: Some(200.0),
            kernels: vec![KernelResults {
                name: "transpose-tiled".into(),
                variants: vec![
                    timed("naive", 2.0),
                    timed("gpu-mem-opt", 1.0),
                    timed("cuda-reference", 0.9),
                ],
                skipped: BTreeMap::from([("fixed-padding".into(), "reason".into())]),
                rejected: BTreeMap::new(),
                decisions: vec!["swizzle workgroup 0: applied: wavefronts 1056 -> 64".into()],
            }],
        }
    }

    #[test]
    fn dates_and_stems() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(19_723), "2024-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(results().stem(), "2026-05-01-nvidia-h100-80gb-hbm3");
    }

    #[test]
    fn json_has_the_issue_schema() {
        let json = results().to_json();
        assert_eq!(json["gpu"], "NVIDIA H100 80GB HBM3");
        assert_eq!(json["copy_gbps"], 200.0);
        let kernel = &json["kernels"][0];
        assert_eq!(kernel["name"], "transpose-tiled");
        assert_eq!(kernel["correct"], true);
        assert_eq!(kernel["variants"]["naive"]["ms"], 2.0);
        assert_eq!(kernel["variants"]["gpu-mem-opt"]["gbps"], 100.0);
        let order: Vec<&String> = kernel["variants"].as_object().unwrap().keys().collect();
        assert_eq!(order, ["naive", "gpu-mem-opt", "cuda-reference"]);
    }

    #[test]
    fn a_mismatch_or_error_makes_the_kernel_incorrect() {
        let mut wrong = results();
        wrong.kernels[0].variants[1].matches_naive = Some(false);
        assert!(!wrong.kernels[0].correct());
        let mut failed = results();
        failed.kernels[0].variants[2].error = Some("CUDA cuModuleLoadDataEx: ...".into());
        assert!(!failed.kernels[0].correct());
    }

    #[test]
    fn rejected_variants_are_shown_and_only_ours_makes_the_kernel_incorrect() {
        let mut rejected = results();
        rejected.kernels[0].rejected.insert(
            "nvgpu-optimize-shared-memory".into(),
            "fails on the interpreter: out of bounds".into(),
        );
        assert!(rejected.kernels[0].correct());
        assert_eq!(
            rejected.to_json()["kernels"][0]["rejected"]["nvgpu-optimize-shared-memory"],
            "fails on the interpreter: out of bounds"
        );
        let table = rejected.to_markdown();
        assert!(
            table.contains("| transpose-tiled | yes (1 other rejected) |"),
            "{table}"
        );
        assert!(table.contains("| n/a | rejected | 0.900"), "{table}");
        assert!(table.contains(
            "- transpose-tiled nvgpu-optimize-shared-memory: rejected, not run: fails on the interpreter: out of bounds"
        ));
        let mut ours = results();
        ours.kernels[0]
            .rejected
            .insert("gpu-mem-opt".into(), "fails on the interpreter".into());
        assert!(!ours.kernels[0].correct());
        assert!(ours.to_markdown().contains("| transpose-tiled | **no** |"));
    }

    #[test]
    fn markdown_table_has_speedups() {
        let table = results().to_markdown();
        assert!(table.contains(
            "| transpose-tiled | yes | 2.000 (50 GB/s, 25%) | 1.000 (100 GB/s, 50%) | n/a | n/a | 0.900 (111 GB/s, 56%) | 2.00x | 0.90x |"
        ));
        assert!(table
            .contains("gpu-mem-opt over naive 2.00x; gpu-mem-opt against cuda-reference 0.90x"));
    }

    #[test]
    fn a_faster_variant_is_listed_with_the_decisions() {
        let mut results = results();
        results.kernels[0].variants[2].ms = Some(1.0);
        assert!(results.kernels[0].faster_than_gpu_mem_opt().is_empty());
        assert!(!results.to_markdown().contains("Where another variant"));
        results.kernels[0].variants[2].ms = Some(0.5);
        results.kernels[0].variants[0].ms = Some(0.98);
        assert_eq!(
            results.kernels[0].faster_than_gpu_mem_opt(),
            [("cuda-reference", 2.0)],
            "naive, 2% faster, is within the noise"
        );
        let table = results.to_markdown();
        assert!(table.contains(
            "- **transpose-tiled**: cuda-reference 2.00x faster.\n  - swizzle workgroup 0: applied: wavefronts 1056 -> 64\n"
        ), "{table}");
        assert_eq!(
            results.to_json()["kernels"][0]["faster_than_gpu_mem_opt"]["cuda-reference"],
            2.0
        );
        results.kernels[0].decisions.clear();
        assert!(results
            .to_markdown()
            .contains("decided nothing here: unexplained"));
    }
}
