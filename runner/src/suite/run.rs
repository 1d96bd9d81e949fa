//! `suite run`: on the GPU machine, every planned variant at both sizes, compared, timed,
//! and written up.
//!
//! Model. The device-to-device copy bandwidth is measured first (1 GiB copies). Then, per
//! kernel, per variant (naive first): the check-size launch's outputs must equal the
//! interpreter's expected printout, and the bench-size launch is timed and its outputs must
//! equal the naive variant's, bit for bit. Every launch runs in a process of its own
//! (`gpu-mem-opt-runner launch`), so a variant that fails — a PTX the driver refuses, a
//! kernel fault, which leaves a CUDA context unusable, or a hang — is recorded with its error
//! and the run goes on. Outputs go to a work
//! directory, removed kernel by kernel (a bench-size output is 64 MiB). The results go to
//! `<results>/<date>-<gpu>.json` and `.md` ([`super::report`]), rewritten after every kernel
//! so that a run stopped by a time limit keeps the kernels it finished.
//!
//! Cost. Per variant two launches plus warm-up and repeats; filling the inputs on the CPU
//! dominates for fast kernels.

use std::path::{Path, PathBuf};

use crate::compare::compare;
use crate::copy;
use crate::cuda::Gpu;
use crate::description::Format;
use crate::error::{Error, Result};
use crate::files;
use crate::launch;
use crate::output::Elements;
use crate::result::LaunchResult;

use super::plan::{Plan, PlannedKernel, PlannedVariant};
use super::report::{today, KernelResults, Results, VariantResults};
use super::tools;

/// Timed copies for the copy bandwidth.
const COPY_REPEATS: u32 = 10;

/// The longest one launch process may take (filling, compiling, launching, writing).
const LAUNCH_LIMIT: std::time::Duration = std::time::Duration::from_secs(300);

/// A launch's result file and contents.
type Launched = (PathBuf, LaunchResult);

/// Runs `description_path` in a process of its own (a faulting kernel leaves the CUDA
/// context unusable; a hung one is killed) and returns where its result is.
fn launch_at(description_path: &Path, out: &Path, dry_run: bool) -> Result<Launched> {
    let this =
        std::env::current_exe().map_err(|error| Error::io(Path::new("current_exe"), error))?;
    let mut command = tools::command(&this, ["launch".as_ref(), description_path.as_os_str()]);
    command.arg("--out").arg(out);
    if dry_run {
        command.arg("--dry-run");
    }
    tools::run_logged(&mut command, &out.join("launch.log"), LAUNCH_LIMIT).map_err(|error| {
        match error {
            Error::Tool { detail, .. } => {
                let status = detail.lines().next().unwrap_or_default();
                let last = detail.lines().last().unwrap_or_default();
                Error::Invalid(format!("{last} ({status})"))
            }
            other => other,
        }
    })?;
    let path = out.join("result.json");
    let result = LaunchResult::load(&path)?;
    Ok((path, result))
}

/// Compares every output of `launched` with the same output of `reference`; returns the
/// mismatches.
fn mismatches(
    outputs: &[String],
    launched: &Launched,
    reference: impl Fn(&str, &LaunchResult) -> Result<Elements>,
    what: &str,
) -> Result<Vec<String>> {
    let mut found = Vec::new();
    for name in outputs {
        let ours = launched.1.output(&launched.0, name)?;
        let theirs = reference(name, &launched.1)?;
        let comparison = compare(&ours, &theirs);
        if !comparison.is_identical() {
            found.push(format!("{what} '{name}': {comparison}"));
        }
    }
    Ok(found)
}

/// What every launch of a suite run shares.
struct Context<'a> {
    /// The plan's directory.
    root: &'a Path,
    /// The copy bandwidth, if measured.
    copy_gbps: Option<f64>,
    /// Whether launches are dry runs.
    dry_run: bool,
}

impl Context<'_> {
    /// Runs one variant into `entry` (outputs under `work`); returns its bench launch.
    fn run_variant(
        &self,
        work: &Path,
        kernel: &PlannedKernel,
        variant: &PlannedVariant,
        naive: Option<&Launched>,
        entry: &mut VariantResults,
    ) -> Result<Launched> {
        let root = self.root;
        let checked = launch_at(
            &root.join(&variant.check),
            &work.join("check").join(&variant.name),
            self.dry_run,
        )?;
        let expected = |name: &str, result: &LaunchResult| {
            let file = kernel.expected.get(name).ok_or_else(|| {
                Error::Invalid(format!("no expected output '{name}' in the plan"))
            })?;
            let element = result
                .outputs
                .iter()
                .find(|output| output.name == name)
                .map(|output| output.element)
                .ok_or_else(|| Error::Invalid(format!("the launch wrote no output '{name}'")))?;
            Elements::read(&root.join(file), Format::Text, element)
        };
        let mut found = mismatches(&kernel.outputs, &checked, expected, "check-size output")?;
        entry.matches_interpreter = Some(found.is_empty());
        let timed = launch_at(
            &root.join(&variant.bench),
            &work.join("bench").join(&variant.name),
            self.dry_run,
        )?;
        entry.ms = Some(timed.1.ms_median);
        entry.gbps = timed.1.gbps;
        entry.of_copy = timed
            .1
            .gbps
            .zip(self.copy_gbps)
            .map(|(ours, copy)| ours / copy);
        let matches_naive = match naive {
            Some(naive) => {
                let from_naive = |name: &str, _: &LaunchResult| naive.1.output(&naive.0, name);
                let differing = mismatches(
                    &kernel.outputs,
                    &timed,
                    from_naive,
                    "bench-size output against naive",
                )?;
                let matches = differing.is_empty();
                found.extend(differing);
                matches
            }
            None => true,
        };
        entry.matches_naive = Some(matches_naive);
        if !found.is_empty() {
            entry.mismatch = Some(found.join("; "));
        }
        Ok(timed)
    }

    /// Runs every variant of `kernel`, with outputs under `work`.
    fn run_kernel(&self, work: &Path, kernel: &PlannedKernel) -> KernelResults {
        let directory = work.join(&kernel.name);
        let mut variants = Vec::new();
        let mut naive: Option<Launched> = None;
        for variant in &kernel.variants {
            eprintln!("suite run: {} {}", kernel.name, variant.name);
            let mut entry = VariantResults {
                name: variant.name.clone(),
                ..VariantResults::default()
            };
            match self.run_variant(&directory, kernel, variant, naive.as_ref(), &mut entry) {
                Ok(launched) if naive.is_none() && variant.name == "naive" => {
                    naive = Some(launched)
                }
                Ok(_) => {}
                Err(error) => entry.error = Some(error.to_string()),
            }
            variants.push(entry);
        }
        let _ = std::fs::remove_dir_all(&directory);
        KernelResults {
            name: kernel.name.clone(),
            variants,
            skipped: kernel.skipped.clone(),
            rejected: kernel.rejected.clone(),
            decisions: kernel.decisions.clone(),
        }
    }
}

/// Runs the plan at `plan_path` (the kernels called `names`; all when empty), writing the
/// results into `results` and launch outputs into `work`; returns the results. A dry run
/// needs no GPU ([`launch::dry_run`]).
pub fn run(
    plan_path: &Path,
    results: &Path,
    work: &Path,
    names: &[String],
    dry_run: bool,
) -> Result<Results> {
    let plan = Plan::load(plan_path)?;
    let root = plan_path.parent().unwrap_or(Path::new("."));
    // The copy runs in this process, whose context is gone before the launches start (a
    // device in exclusive-process mode admits one context at a time).
    let (gpu_name, copy_gbps) = if dry_run {
        (launch::DRY_RUN_DEVICE.to_string(), None)
    } else {
        let gpu = Gpu::open()?;
        eprintln!("suite run: {}", gpu.name());
        let copy_gbps = match copy::copy_bandwidth(&gpu, copy::DEFAULT_BYTES, 3, COPY_REPEATS) {
            Ok(measured) => Some(measured.gbps),
            Err(error) => {
                eprintln!("suite run: copy bandwidth not measured: {error}");
                None
            }
        };
        (gpu.name().to_string(), copy_gbps)
    };
    let context = Context {
        root,
        copy_gbps,
        dry_run,
    };
    let mut results_of_run = Results {
        gpu: gpu_name,
        date: today(),
        copy_gbps,
        kernels: Vec::new(),
    };
    // Written after every kernel: a run stopped by a time limit keeps what it measured.
    write_results(&results_of_run, results)?;
    for kernel in &plan.kernels {
        if names.is_empty() || names.contains(&kernel.name) {
            results_of_run
                .kernels
                .push(context.run_kernel(work, kernel));
            write_results(&results_of_run, results)?;
        }
    }
    Ok(results_of_run)
}

/// Writes `results_of_run` as `<date>-<gpu>.json` and `.md` into `results`.
fn write_results(results_of_run: &Results, results: &Path) -> Result<()> {
    let stem = results_of_run.stem();
    files::write_json(
        &results.join(format!("{stem}.json")),
        &results_of_run.to_json(),
    )?;
    files::write(
        &results.join(format!("{stem}.md")),
        results_of_run.to_markdown(),
    )
}
