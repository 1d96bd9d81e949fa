//! `suite counters`: the hardware's own count of what the analysis predicts, read with Nsight
//! Compute on the GPU machine (issue 7, "Calibration").
//!
//! Model. Every planned variant's bench-size launch runs once more under
//! `ncu --csv --page raw --print-units base --launch-count 1 --metrics …`, in a process of its own like
//! `suite run`'s launches. The metrics are the L1TEX counters of the quantities the analysis
//! computes: global load and store requests and sectors (sectors per request), shared load
//! and store instructions, wavefronts and bank conflicts (wavefronts per request; conflicts
//! are the wavefronts above one per phase), and the DRAM bytes and kernel time for context.
//! The results go to `<results>/<date>-<gpu>-counters.json` and `.md`. Beside them,
//! `<date>-<gpu>-counters-vs-model.md` (and `comparison` in the JSON) puts every ratio next
//! to what the analysis's model predicted for it (the bench-size code on the grid's first
//! blocks), stored in the plan by
//! `suite build` ([`super::predictions`], [`super::comparison`]). Where `calibrate build` left
//! the wide B3 cases beside the plan, they are profiled and compared too
//! ([`crate::calibrate::phase_model`]: the 8- and 16-byte phase model). The files are
//! rewritten after every kernel, so that a run stopped by a time limit keeps what it measured.
//!
//! Cost. One profiled launch per variant; ncu replays the kernel once per metric pass.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::calibrate::phase_model;
use crate::error::{Error, Result};
use crate::files;

use super::comparison::{self, compare, Comparison, Ratio};
use super::plan::Plan;
use super::report::{stem, today};
use super::tools;

/// Global load warp requests.
pub const GLOBAL_LOAD_REQUESTS: &str = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
/// Global load sectors.
pub const GLOBAL_LOAD_SECTORS: &str = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
/// Global store warp requests.
pub const GLOBAL_STORE_REQUESTS: &str = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
/// Global store sectors.
pub const GLOBAL_STORE_SECTORS: &str = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
/// Shared load warp instructions.
pub const SHARED_LOAD_REQUESTS: &str = "smsp__inst_executed_op_shared_ld.sum";
/// Shared load wavefronts.
pub const SHARED_LOAD_WAVEFRONTS: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
/// Shared load bank conflicts.
pub const SHARED_LOAD_CONFLICTS: &str = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
/// Shared store warp instructions.
pub const SHARED_STORE_REQUESTS: &str = "smsp__inst_executed_op_shared_st.sum";
/// Shared store wavefronts.
pub const SHARED_STORE_WAVEFRONTS: &str = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
/// Shared store bank conflicts.
pub const SHARED_STORE_CONFLICTS: &str = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
/// DRAM bytes read.
pub const DRAM_BYTES_READ: &str = "dram__bytes_read.sum";
/// DRAM bytes written.
pub const DRAM_BYTES_WRITTEN: &str = "dram__bytes_write.sum";
/// Kernel time in nanoseconds.
pub const DURATION: &str = "gpu__time_duration.sum";

/// The counters read, in the order of the markdown table.
pub const METRICS: &[&str] = &[
    GLOBAL_LOAD_REQUESTS,
    GLOBAL_LOAD_SECTORS,
    GLOBAL_STORE_REQUESTS,
    GLOBAL_STORE_SECTORS,
    SHARED_LOAD_REQUESTS,
    SHARED_LOAD_WAVEFRONTS,
    SHARED_LOAD_CONFLICTS,
    SHARED_STORE_REQUESTS,
    SHARED_STORE_WAVEFRONTS,
    SHARED_STORE_CONFLICTS,
    DRAM_BYTES_READ,
    DRAM_BYTES_WRITTEN,
    DURATION,
];

/// The longest one profiled launch may take (filling 64 MiB inputs, ncu's replays of a
/// millisecond kernel: seconds; a hung one must not take the whole session's device time).
const PROFILE_LIMIT: std::time::Duration = std::time::Duration::from_secs(180);

/// One variant's counters and the ratios derived from them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Counters {
    /// Every metric read, by name.
    pub metrics: BTreeMap<String, f64>,
    /// Global load sectors per request.
    pub load_sectors_per_request: Option<f64>,
    /// Global store sectors per request.
    pub store_sectors_per_request: Option<f64>,
    /// Shared load wavefronts per instruction.
    pub shared_load_wavefronts_per_request: Option<f64>,
    /// Shared store wavefronts per instruction.
    pub shared_store_wavefronts_per_request: Option<f64>,
    /// Why the variant has no counters (ncu failed).
    pub error: Option<String>,
}

impl Counters {
    /// The counters of `metrics`, with their ratios.
    pub fn new(metrics: BTreeMap<String, f64>) -> Counters {
        Counters {
            load_sectors_per_request: Ratio::LoadSectors.measured(&metrics),
            store_sectors_per_request: Ratio::StoreSectors.measured(&metrics),
            shared_load_wavefronts_per_request: Ratio::SharedLoadWavefronts.measured(&metrics),
            shared_store_wavefronts_per_request: Ratio::SharedStoreWavefronts.measured(&metrics),
            metrics,
            error: None,
        }
    }
}

/// One kernel's counters, by variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelCounters {
    /// The benchmark.
    pub name: String,
    /// Counters by variant name.
    pub variants: BTreeMap<String, Counters>,
}

/// A counters run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountersRun {
    /// The ncu version line.
    pub ncu: String,
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The kernels.
    pub kernels: Vec<KernelCounters>,
    /// The counters beside the model's predictions.
    pub comparison: Option<Comparison>,
}

/// The fields of one CSV line (double-quoted fields, `""` inside them).
pub fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut characters = line.chars().peekable();
    while let Some(character) = characters.next() {
        match (character, quoted) {
            ('"', true) if characters.peek() == Some(&'"') => {
                field.push('"');
                characters.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            _ => field.push(character),
        }
    }
    fields.push(field);
    fields
}

/// The metrics of the first kernel row of ncu's `--csv --page raw` output (a header line,
/// a units line, then one line per profiled kernel; other lines are the program's).
pub fn parse_raw_page(text: &str) -> Result<BTreeMap<String, f64>> {
    let mut lines = text.lines().filter(|line| line.starts_with('"'));
    let header = csv_fields(lines.next().ok_or_else(|| missing("no CSV header"))?);
    let units = csv_fields(lines.next().ok_or_else(|| missing("no units line"))?);
    let values = csv_fields(lines.next().ok_or_else(|| missing("no profiled kernel"))?);
    let mut metrics = BTreeMap::new();
    for (index, name) in header.iter().enumerate() {
        if !METRICS.contains(&name.as_str()) {
            continue;
        }
        let value = values.get(index).map(|value| value.replace(',', ""));
        let Some(number) = value.and_then(|value| value.parse::<f64>().ok()) else {
            continue;
        };
        let scale = match units.get(index).map(String::as_str) {
            Some("Kbyte") => 1e3,
            Some("Mbyte") => 1e6,
            Some("Gbyte") => 1e9,
            Some("usecond") => 1e3,
            Some("msecond") => 1e6,
            Some("second") => 1e9,
            _ => 1.0,
        };
        metrics.insert(name.clone(), number * scale);
    }
    Ok(metrics)
}

/// An error for ncu output that is not what [`parse_raw_page`] expects.
fn missing(what: &str) -> Error {
    Error::Invalid(format!("ncu output: {what}"))
}

/// Profiles one launch description; the counters, or the error as the variant's.
fn profile(ncu: &Path, description: &Path, work: &Path) -> Counters {
    let csv = work.join("ncu.csv");
    let this = match std::env::current_exe() {
        Ok(this) => this,
        Err(error) => return failed(error.to_string()),
    };
    let mut command = tools::command(
        ncu,
        [
            "--csv",
            "--page",
            "raw",
            "--print-units",
            "base",
            "--launch-count",
            "1",
        ],
    );
    command
        .arg("--metrics")
        .arg(METRICS.join(","))
        .arg("--log-file")
        .arg(&csv)
        .arg(&this)
        .arg("launch")
        .arg(description)
        .arg("--out")
        .arg(work);
    if let Err(error) = tools::run_logged(&mut command, &work.join("ncu.log"), PROFILE_LIMIT) {
        return failed(error.to_string());
    }
    match files::read_text(&csv).and_then(|text| parse_raw_page(&text)) {
        Ok(metrics) => Counters::new(metrics),
        Err(error) => failed(error.to_string()),
    }
}

/// Counters that record a failure.
fn failed(error: String) -> Counters {
    Counters {
        error: Some(error),
        ..Counters::default()
    }
}

/// Profiles every variant of the plan at `plan_path` (those of `names`, all when empty) and
/// writes `<results>/<date>-<gpu>-counters.json`, `.md` and `-vs-model.md`; returns the
/// JSON's path.
pub fn counters(
    plan_path: &Path,
    results: &Path,
    ncu: &Path,
    gpu: &str,
    names: &[String],
) -> Result<PathBuf> {
    let mut plan = Plan::load(plan_path)?;
    let root = plan_path.parent().unwrap_or(Path::new("."));
    plan.kernels.extend(phase_model::load(root)?);
    let work = root.join("counters");
    let version = tools::output(&mut tools::command(ncu, ["--version"]), None)?;
    let mut run = CountersRun {
        ncu: version.lines().last().unwrap_or_default().to_string(),
        date: today(),
        kernels: Vec::new(),
        comparison: None,
    };
    for kernel in &plan.kernels {
        if !names.is_empty() && !names.contains(&kernel.name) {
            continue;
        }
        let mut variants = BTreeMap::new();
        for variant in &kernel.variants {
            eprintln!("suite counters: {} {}", kernel.name, variant.name);
            let directory = work.join(&kernel.name).join(&variant.name);
            std::fs::create_dir_all(&directory).map_err(|error| Error::io(&directory, error))?;
            let counters = profile(ncu, &root.join(&variant.bench), &directory);
            let _ = std::fs::remove_dir_all(&directory);
            variants.insert(variant.name.clone(), counters);
        }
        run.kernels.push(KernelCounters {
            name: kernel.name.clone(),
            variants,
        });
        // Written after every kernel: a run stopped by a time limit keeps what it measured.
        write_counters(&plan, &mut run, results, gpu)?;
    }
    write_counters(&plan, &mut run, results, gpu)
}

/// Writes `run` (and its comparison with `plan`'s predictions) as
/// `<date>-<gpu>-counters.json`, `.md` and `-counters-vs-model.md` into `results`; returns
/// the JSON's path.
fn write_counters(
    plan: &Plan,
    run: &mut CountersRun,
    results: &Path,
    gpu: &str,
) -> Result<PathBuf> {
    let comparison = compare(plan, run);
    let title = format!(
        "gpu-mem-opt hardware counters vs the model: {gpu}, {} ({})",
        run.date, run.ncu
    );
    std::fs::create_dir_all(results).map_err(|error| Error::io(results, error))?;
    let base = format!("{}-counters", stem(&run.date, gpu));
    files::write(
        &results.join(format!("{base}-vs-model.md")),
        comparison::to_markdown(&comparison, &title),
    )?;
    run.comparison = Some(comparison);
    let json = results.join(format!("{base}.json"));
    files::write_json(&json, &*run)?;
    files::write(&results.join(format!("{base}.md")), to_markdown(run, gpu))?;
    Ok(json)
}

/// The counters as a markdown table.
pub fn to_markdown(run: &CountersRun, gpu: &str) -> String {
    let mut text = format!(
        "# gpu-mem-opt hardware counters: {gpu}, {} ({})\n\n\
         | kernel | variant | ld sectors/req | st sectors/req | shared ld wavefronts/req | \
         shared st wavefronts/req | shared bank conflicts (ld + st) | DRAM MB | µs |\n\
         |---|---|---|---|---|---|---|---|---|\n",
        run.date, run.ncu
    );
    let show = |value: Option<f64>| value.map_or("–".to_string(), |value| format!("{value:.2}"));
    for kernel in &run.kernels {
        for (name, counters) in &kernel.variants {
            if let Some(error) = &counters.error {
                let _ = writeln!(text, "| {} | {name} | failed: {error} |||||||", kernel.name);
                continue;
            }
            let metric = |name: &str| counters.metrics.get(name).copied().unwrap_or(0.0);
            let _ = writeln!(
                text,
                "| {} | {name} | {} | {} | {} | {} | {:.0} | {:.1} | {:.1} |",
                kernel.name,
                show(counters.load_sectors_per_request),
                show(counters.store_sectors_per_request),
                show(counters.shared_load_wavefronts_per_request),
                show(counters.shared_store_wavefronts_per_request),
                metric(SHARED_LOAD_CONFLICTS) + metric(SHARED_STORE_CONFLICTS),
                (metric(DRAM_BYTES_READ) + metric(DRAM_BYTES_WRITTEN)) / 1e6,
                metric(DURATION) / 1e3,
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ncu's raw page: the program's own lines, then header, units and one kernel row, with
    /// quoted fields that hold commas; scaled units are brought back to bytes and ns.
    const RAW: &str = "transpose on NVIDIA H100: median 0.61 ms\n\
\"ID\",\"Kernel Name\",\"Block Size\",\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\",\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\",\"dram__bytes_read.sum\",\"gpu__time_duration.sum\",\"smsp__inst_executed_op_shared_ld.sum\"\n\
\"\",\"\",\"\",\"request\",\"sector\",\"Mbyte\",\"usecond\",\"inst\"\n\
\"0\",\"transpose\",\"(32, 8, 1)\",\"524,288\",\"2097152\",\"67.11\",\"612.5\",\"0\"\n";

    #[test]
    fn quoted_fields() {
        assert_eq!(
            csv_fields(r#""a","(1, 2)","say ""x""",3"#),
            ["a", "(1, 2)", "say \"x\"", "3"]
        );
    }

    #[test]
    fn raw_page() {
        let metrics = parse_raw_page(RAW).expect("parses");
        assert_eq!(
            metrics["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"],
            524_288.0
        );
        assert_eq!(metrics["dram__bytes_read.sum"], 67.11e6);
        assert_eq!(metrics["gpu__time_duration.sum"], 612.5e3);
        let counters = Counters::new(metrics);
        assert_eq!(counters.load_sectors_per_request, Some(4.0));
        assert_eq!(counters.store_sectors_per_request, None);
        assert_eq!(counters.shared_load_wavefronts_per_request, None);
        let run = CountersRun {
            ncu: "Version 2025.3.1".into(),
            date: "2026-11-22".into(),
            kernels: vec![KernelCounters {
                name: "transpose-naive".into(),
                variants: BTreeMap::from([("naive".to_string(), counters)]),
            }],
            comparison: None,
        };
        let table = to_markdown(&run, "NVIDIA H100");
        assert!(
            table.contains("| transpose-naive | naive | 4.00 | – | – | – | 0 | 67.1 | 612.5 |"),
            "{table}"
        );
    }

    #[test]
    fn not_ncu_output() {
        assert!(parse_raw_page("==ERROR== the profiler failed").is_err());
    }
}
