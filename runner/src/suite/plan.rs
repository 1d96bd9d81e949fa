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
}

impl Plan {
    /// Reads a plan.
    pub fn load(path: &Path) -> Result<Plan> {
        files::read_json(path)
    }

    /// Writes the plan.
    pub fn save(&self, path: &Path) -> Result<()> {
        files::write_json(path, self)
    }
}
