//! Calibration of the cost model on the GPU (issue 7; seed-002 §6.2, B1–B3, B5–B7, B9; B10).
//!
//! Model. `bench/calibration/calibration.cu` holds the micro-benchmarks: pointer chases for
//! the latency of each memory (B1), the constant cache's distinct-address sweep (B2), shared
//! bank-conflict sweeps with 4-, 8- and 16-byte lanes (B3), global loads by lane stride and
//! misalignment through `.ca`, `.cg` and `.nc` (B5), scattered reads under load (B6), copies
//! by element width (B7), barriers (B9) and the bandwidth of bytes in flight on an SM (B10,
//! issue 35). [`plan`] lists the cases with the analysis's
//! prediction for each; [`run`] measures them; [`fit`] fits the model's constants. Here,
//! without a GPU, [`build`] compiles the PTX (`make bench`) and [`check`] proves that every
//! case's parameters match its kernel's `.entry`; on the GPU machine `calibrate.sh` runs
//! everything and writes `<results>/<date>-<gpu>-calibration.json` and `.md`, then the
//! suite's hardware counters, with the 8- and 16-byte B3 cases among them ([`phase_model`]).
//!
//! The results replace the estimates of `analysis::memory_space::CostModel::for_sm(90)`
//! (marked `estimate: true` until then): the fit's `cost_model` is the value to put there,
//! with the results file as its source.
//!
//! Cost. Building: one nvcc run. Running: see [`run`].

pub mod fit;
pub mod phase_model;
pub mod plan;
pub mod run;

use std::fmt::Write;
use std::path::Path;

use serde::Serialize;

use crate::error::Result;
use crate::files;
use crate::parameters::{self, Parameter};
use crate::suite::report::{stem, today};

use fit::{Fits, Row};
use plan::{Argument, Case};

/// The file `calibrate build` writes the PTX to.
pub const PTX_FILE: &str = "calibration.ptx";

/// The script that runs the calibration on the GPU machine.
const CALIBRATE_SCRIPT: &str = r#"#!/bin/sh
# Runs the gpu-mem-opt calibration micro-benchmarks on this machine's GPU (built elsewhere by
# `make bench`; needs only the NVIDIA driver). Writes <results>/<date>-<gpu>-calibration.json
# and .md, then the suite's hardware counters (<date>-<gpu>-counters.json and .md), where
# <results> is the first argument, or bench/results of this checkout.
set -e
here=$(cd "$(dirname "$0")" && pwd)
results=${1:-$here/../../bench/results}
"$here/gpu-mem-opt-runner" calibrate run "$here/calibration.ptx" --results "$results"
# The suite's hardware counters, where Nsight Compute is installed and `make bench` built the
# suite beside this script.
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -n 1 || true)
if [ -n "$ncu" ] && [ -f "$here/suite.json" ]; then
  "$here/gpu-mem-opt-runner" suite counters "$here/suite.json" --results "$results" --ncu "$ncu"
fi
"#;

/// The packed parameters of `case`, with `addresses[i]` the device address of argument `i`
/// (ignored for integers).
pub fn pack(case: &Case, addresses: &[u64]) -> Vec<Parameter> {
    case.parameters
        .iter()
        .zip(addresses)
        .enumerate()
        .map(|(index, (argument, address))| {
            let bytes = match argument {
                Argument::Int(value) => value.to_le_bytes().to_vec(),
                Argument::Long(value) => value.to_le_bytes().to_vec(),
                Argument::Table(_) | Argument::Cycles | Argument::Sink => {
                    address.to_le_bytes().to_vec()
                }
            };
            Parameter {
                what: format!("{} parameter {index} ({argument:?})", case.kernel),
                bytes,
            }
        })
        .collect()
}

/// Checks every case's parameters against its kernel's `.entry` in `ptx` (no GPU needed).
pub fn check(ptx: &str, cases: &[Case]) -> Result<()> {
    for case in cases {
        let entry = parameters::entry_sizes(ptx, case.kernel)?;
        let packed = pack(case, &vec![0; case.parameters.len()]);
        parameters::check(&packed, &entry, case.kernel)?;
    }
    Ok(())
}

/// Compiles `source` (bench/calibration/calibration.cu) into `out/calibration.ptx` and writes
/// `out/calibrate.sh`; checks the plan against the PTX; writes the wide B3 cases for
/// `suite counters` ([`phase_model`]).
pub fn build(nvcc: &Path, ptxas: Option<&Path>, source: &Path, out: &Path) -> Result<()> {
    let tools = crate::suite::tools::Tools::new(None, None, None, ptxas.map(Path::to_path_buf));
    let ptx = crate::suite::cuda_reference::compile(&tools, nvcc, source, &out.join("nvcc"))?;
    let cases = plan::plan();
    check(&ptx, &cases)?;
    files::write(&out.join(PTX_FILE), &ptx)?;
    phase_model::write(out, &cases)?;
    let script = out.join("calibrate.sh");
    files::write(&script, CALIBRATE_SCRIPT)?;
    files::make_executable(&script)
}

/// One calibration run: the device, the measured rows and the fitted constants.
#[derive(Clone, Debug, Serialize)]
pub struct Calibration {
    /// Schema version.
    pub version: u32,
    /// The device's name.
    pub gpu: String,
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    /// Device-to-device copy bandwidth (GB/s), the reference of the B7 efficiencies.
    pub copy_gbps: f64,
    /// Every case's measurement.
    pub rows: Vec<Row>,
    /// What the fit derives.
    pub fits: Fits,
}

impl Calibration {
    /// A calibration of `rows` measured on `gpu` today.
    pub fn new(gpu: &str, copy_gbps: f64, rows: Vec<Row>) -> Calibration {
        let fits = fit::fit(&rows, copy_gbps);
        Calibration {
            version: 1,
            gpu: gpu.to_string(),
            date: today(),
            copy_gbps,
            rows,
            fits,
        }
    }

    /// Writes `<results>/<date>-<gpu>-calibration.json` and `.md`; returns the JSON's path.
    pub fn save(&self, results: &Path) -> Result<std::path::PathBuf> {
        let base = format!("{}-calibration", stem(&self.date, &self.gpu));
        let json = results.join(format!("{base}.json"));
        files::write_json(&json, self)?;
        files::write(&results.join(format!("{base}.md")), self.to_markdown())?;
        Ok(json)
    }

    /// The results as markdown: the fitted lines, the latencies, the width efficiencies and
    /// every row.
    pub fn to_markdown(&self) -> String {
        let mut text = format!(
            "# gpu-mem-opt calibration: {}, {}\n\nDevice-to-device copy: {:.0} GB/s.\n\n",
            self.gpu, self.date, self.copy_gbps
        );
        text.push_str("| series | first (cycles) | per further unit | r² | points |\n");
        text.push_str("|---|---|---|---|---|\n");
        for (series, line) in &self.fits.lines {
            let _ = writeln!(
                text,
                "| {} | {:.1} | {:.2} | {:.3} | {} |",
                series.name(),
                line.first,
                line.per,
                line.r_squared,
                line.points
            );
        }
        if let Some(model) = &self.fits.cost_model {
            let _ = writeln!(
                text,
                "\nCost model for sm_90: L_c = {:.1}, c_c = {:.2}, L_t = {:.1} cycles.",
                model.constant_first, model.constant_per_address, model.read_only
            );
        }
        text.push_str("\n| element width | best GB/s over the copy's |\n|---|---|\n");
        for (width, fraction) in &self.fits.width_efficiency {
            let _ = writeln!(text, "| {width} | {fraction:.2} |");
        }
        text.push_str(
            "\n| bench | variant | kernel | blocks × threads | median | min | max | model |\n",
        );
        text.push_str("|---|---|---|---|---|---|---|---|\n");
        for row in &self.rows {
            let model = row.model.map_or(String::new(), |model| format!("{model}"));
            let _ = writeln!(
                text,
                "| {} | {} | {} | {} × {} | {:.2} {} | {:.2} | {:.2} | {model} |",
                row.bench,
                row.variant,
                row.kernel,
                row.blocks,
                row.threads,
                row.median,
                row.unit,
                row.min,
                row.max
            );
        }
        text
    }
}
