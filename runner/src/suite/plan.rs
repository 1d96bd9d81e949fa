//! The plan: what `suite build` produced and `suite run` executes (`build/bench/suite.json`).
//!
//! Model. For every kernel: its output names, every variant that applies with its launch
//! descriptions at the bench and the check size, the interpreter's expected outputs at the
//! check size (text, `--print-arg` format), and the variants skipped with the reason. Paths
//! are relative to the plan's directory, so the directory can be carried to another machine.
//! Every MLIR variant also carries the hardware counters the model predicts for it at the
//! check size ([`Prediction`], compared with Nsight Compute's by `suite counters`), and the
//! kernel the check size they were predicted at.
//!
//! ```json
//! { "version": 1,
//!   "kernels": [ { "name": "transpose-tiled", "outputs": ["out"],
//!     "check": { "sizes": { "4096": "64" }, "grid": [2, 2, 1] },
//!     "variants": [ { "name": "naive", "bench": "kernels/transpose-tiled/bench/naive/launch.json",
//!                     "check": "kernels/transpose-tiled/check/naive/launch.json",
//!                     "predicted": {
//!                       "global_load": { "requests": 128, "sectors": 512 },
//!                       "global_store": { "requests": 128, "sectors": 512 },
//!                       "shared_load": { "requests": 128, "wavefronts": 4096, "ideal_wavefronts": 128 },
//!                       "shared_store": { "requests": 128, "wavefronts": 128, "ideal_wavefronts": 128 } } },
//!                   ... ],
//!     "expected": { "out": "kernels/transpose-tiled/check/expected/out.txt" },
//!     "skipped": { "cuda-reference": "..." },
//!     "rejected": { "nvgpu-optimize-shared-memory": "wrong on the interpreter: ..." },
//!     "decisions": [ "swizzle workgroup 0: applied: swizzle 4-byte chunks: ..." ] } ] }
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::files;

use super::predictions::Prediction;
use super::CheckEntry;

/// Everything to run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// Schema version (1).
    pub version: u32,
    /// The kernels, in manifest order.
    pub kernels: Vec<PlannedKernel>,
}

/// One kernel's launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlannedKernel {
    /// The benchmark's name.
    pub name: String,
    /// Names of the outputs every variant must agree on.
    pub outputs: Vec<String>,
    /// The check size (expected outputs are made there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckEntry>,
    /// The first blocks of the bench grid the predictions were made on (`None`: the whole
    /// profiled launch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<[u32; 3]>,
    /// The variants that apply, `naive` first.
    pub variants: Vec<PlannedVariant>,
    /// The interpreter's outputs at the check size, by output name.
    pub expected: BTreeMap<String, PathBuf>,
    /// Variants that do not apply, with the reason.
    pub skipped: BTreeMap<String, String>,
    /// Variants whose MLIR gives other outputs than the naive kernel's on the interpreter at
    /// the check size (not run on the GPU, where a wrong kernel may fault the context).
    #[serde(default)]
    pub rejected: BTreeMap<String, String>,
    /// gpu-mem-opt's decisions at the bench size, one line each (`kind target: applied:
    /// reason`), so that the results can say why where another variant is faster.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<String>,
}

/// One variant's launch descriptions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlannedVariant {
    /// The variant's name.
    pub name: String,
    /// Launch description at the bench size.
    pub bench: PathBuf,
    /// Launch description at the check size.
    pub check: PathBuf,
    /// The counters the model predicts at the check size (`None`: no MLIR).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Prediction>,
    /// What `ptxas -v` reports for its bench-size PTX (`None`: no ptxas, or a CUDA reference).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<Resources>,
}

/// Registers and spills of a kernel's PTX for sm_90, as `ptxas -v` reports them (issue 33:
/// coarsening's register cost, and no spills).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resources {
    /// Registers per thread (the most of any entry in the PTX).
    pub registers: u32,
    /// Bytes of spill stores, all entries together.
    pub spill_stores: u32,
    /// Bytes of spill loads, all entries together.
    pub spill_loads: u32,
}

impl Resources {
    /// Reads `ptxas -v`'s report (`Used 26 registers`, `0 bytes spill stores, 0 bytes spill
    /// loads`); `None` where it names no registers.
    pub fn parse(report: &str) -> Option<Resources> {
        let mut resources = Resources::default();
        let number_before = |line: &str, word: &str| -> Option<u32> {
            let end = line.find(word)?;
            line[..end].split_whitespace().last()?.parse().ok()
        };
        for line in report.lines() {
            if let Some(registers) = line
                .find("Used ")
                .and_then(|start| number_before(&line[start + 5..], " registers"))
            {
                resources.registers = resources.registers.max(registers);
            }
            resources.spill_stores += number_before(line, " bytes spill stores").unwrap_or(0);
            resources.spill_loads += number_before(line, " bytes spill loads").unwrap_or(0);
        }
        (resources.registers > 0).then_some(resources)
    }
}

impl Plan {
    /// A markdown table of every variant's registers and spills at the bench size.
    pub fn resources_table(&self) -> String {
        let mut text = String::from(
            "# Registers and spills (`ptxas -v -arch=sm_90`, bench size)\n\n\
             | kernel | variant | registers | spill stores (B) | spill loads (B) |\n|---|---|---|---|---|\n",
        );
        for kernel in &self.kernels {
            for variant in &kernel.variants {
                if let Some(resources) = variant.resources {
                    text.push_str(&format!(
                        "| {} | {} | {} | {} | {} |\n",
                        kernel.name,
                        variant.name,
                        resources.registers,
                        resources.spill_stores,
                        resources.spill_loads
                    ));
                }
            }
        }
        text
    }

    /// Reads a plan.
    pub fn load(path: &Path) -> Result<Plan> {
        files::read_json(path)
    }

    /// Writes the plan.
    pub fn save(&self, path: &Path) -> Result<()> {
        files::write_json(path, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ptxas's report of two entries: the most registers of either, their spills added up; a
    /// report without registers reads as nothing.
    #[test]
    fn ptxas_reports_are_read() {
        let report = "ptxas info    : Compiling entry function 'k' for 'sm_90'\n\
            ptxas info    : Function properties for k\n\
            \x20   0 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n\
            ptxas info    : Used 26 registers, used 1 barriers, 4096 bytes smem\n\
            ptxas info    : Function properties for j\n\
            \x20   0 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads\n\
            ptxas info    : Used 40 registers\n";
        let resources = Resources::parse(report).unwrap();
        assert_eq!(
            resources,
            Resources {
                registers: 40,
                spill_stores: 16,
                spill_loads: 12
            }
        );
        assert_eq!(Resources::parse("ptxas info : 0 bytes gmem\n"), None);
    }
}
