//! The benchmark suite: the manifest (`bench/suite.json`), building every variant of every
//! kernel into launch descriptions and PTX (here, without a GPU), checking the MLIR variants
//! on the interpreter (here), and running everything on a GPU (there).
//!
//! Model. A [`Manifest`] lists kernels written as naive MLIR (`bench/kernels/*.mlir`), each
//! with its launch (grid, argument specs by name, outputs), the bytes it moves, a small
//! `check` size (a table of problem sizes to substitute, and the grid for them) and
//! optionally a CUDA C++ reference (`bench/cuda/*.cu`). Every kernel is built at two sizes:
//! `bench` (memory-bound, timed) and `check` (small: the interpreter computes its expected
//! outputs here, and the GPU must reproduce them bit for bit there).
//!
//! Variants ([`variants::Variant`]): `naive` (the MLIR as written, stock NVVM lowering),
//! `gpu-mem-opt` (the pass, then the same lowering), `fixed-padding` (every 2-D-or-more
//! shared buffer's rows padded by a fixed 16 bytes, the way IREE pads, [`shared_memory`]),
//! `nvgpu-optimize-shared-memory` (upstream MLIR's XOR swizzle), and `cuda-reference`
//! (best-practice CUDA C++, compiled to PTX with `nvcc -ptx -fmad=false`, so that its
//! floating-point operations round like the MLIR kernels' `mul.rn`/`add.rn` and outputs
//! compare bit for bit). A variant that does not apply (no shared memory, no change) is
//! recorded as skipped with the reason.
//!
//! Flow. `suite build` ([`build`]) writes `build/bench/` — a [`plan::Plan`] (`suite.json`),
//! per kernel and variant a launch description with its PTX at both sizes, the
//! interpreter's expected outputs, the runner binary and `run.sh` — and prints the one
//! command to run on the GPU machine. `suite check` ([`check`]) runs every MLIR variant at
//! the check size on the interpreter and demands identical outputs (a lit test). `suite run`
//! ([`run`]) measures the copy bandwidth, launches every variant at both sizes, compares,
//! and writes `bench/results/<date>-<gpu>.json` and `.md` ([`report`]). The build also
//! stores, per MLIR variant, the hardware counters the model predicts from the
//! interpreter's trace at the check size ([`predictions`]); `suite counters` ([`counters`])
//! reads Nsight Compute's and writes them side by side ([`comparison`]).
//!
//! # Manifest schema
//!
//! ```json
//! { "version": 1,
//!   "kernels": [ {
//!     "name": "transpose-naive", "about": "what it is and what the seeds measure",
//!     "source": "kernels/transpose_naive.mlir",      // relative to the manifest
//!     "kernel": "transpose_naive", "grid": [128, 512, 1], "block": [32, 8, 1],   // block optional
//!     "arguments": [ { "name": "in", "spec": "random:1" },
//!                    { "name": "out", "spec": "zeros", "output": true } ],
//!     "bytes_moved": 134217728, "options": "",         // pass options for gpu-mem-opt
//!     "check": { "sizes": { "4096": "64" }, "grid": [2, 8, 1] },
//!     "cuda": { "source": "cuda/transpose.cu", "kernel": "transpose_tiled",
//!               "grid": [128, 128, 1], "block": [32, 8, 1], "check_grid": [2, 2, 1],
//!               "arguments": [ { "buffer": "in" }, { "buffer": "out" },
//!                              { "scalar": "i32", "value": "4096" },
//!                              { "constant": "weights", "symbol": "c_weights" } ] } } ] }
//! ```
//!
//! `check.sizes` maps problem sizes to small ones; it rewrites every number token of the
//! MLIR (shape dimensions and constants, not digits inside names or types such as `f32`)
//! and every CUDA scalar value equal to a key ([`resize`]).

pub mod build;
pub mod check;
pub mod comparison;
pub mod counters;
pub mod cuda_reference;
pub mod plan;
pub mod predictions;
pub mod report;
pub mod run;
pub mod shared_memory;
pub mod tools;
pub mod variants;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::files;

/// The suite: every kernel with its launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Schema version (1).
    pub version: u32,
    /// The kernels.
    pub kernels: Vec<KernelEntry>,
}

/// One benchmark kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelEntry {
    /// Benchmark name (unique).
    pub name: String,
    /// What it is, and which seed measures it.
    #[serde(default)]
    pub about: String,
    /// The naive MLIR, relative to the manifest.
    pub source: PathBuf,
    /// The `gpu.func` to launch.
    pub kernel: String,
    /// Blocks at the bench size.
    pub grid: [u32; 3],
    /// Threads per block (default: the kernel's `known_block_size`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<[u32; 3]>,
    /// One per kernel parameter, in order.
    pub arguments: Vec<ArgumentEntry>,
    /// Bytes one launch must move at the bench size (every input read once, every output
    /// written once), for GB/s.
    pub bytes_moved: u64,
    /// Options of the gpu-mem-opt pass for this kernel.
    #[serde(default)]
    pub options: String,
    /// The small size.
    pub check: CheckEntry,
    /// The CUDA C++ reference, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cuda: Option<CudaEntry>,
}

/// A kernel parameter's data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArgumentEntry {
    /// Name (outputs are compared by name across variants).
    pub name: String,
    /// Interpreter spec at the bench size: `zeros`, `ones`, `iota`, `random:SEED`, with
    /// `:LENGTH` for a dynamically sized buffer, or a scalar literal (resized for the check
    /// size like the MLIR).
    pub spec: String,
    /// Whether the kernel's result is in it.
    #[serde(default)]
    pub output: bool,
}

/// The check size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckEntry {
    /// Problem sizes to replace: bench size → check size.
    pub sizes: BTreeMap<String, String>,
    /// Blocks at the check size.
    pub grid: [u32; 3],
}

/// The CUDA C++ reference of a kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CudaEntry {
    /// The `.cu` file, relative to the manifest.
    pub source: PathBuf,
    /// The `extern "C" __global__` function.
    pub kernel: String,
    /// Blocks at the bench size.
    pub grid: [u32; 3],
    /// Threads per block.
    pub block: [u32; 3],
    /// Blocks at the check size.
    pub check_grid: [u32; 3],
    /// Its parameters, in order, and constant-memory bindings.
    pub arguments: Vec<CudaArgument>,
}

/// A CUDA kernel's parameter or constant-memory binding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum CudaArgument {
    /// A pointer to the kernel's buffer of that name.
    Buffer {
        /// The buffer's name in the kernel entry.
        buffer: String,
    },
    /// The kernel's buffer of that name, copied into a `__constant__` symbol.
    Constant {
        /// The buffer's name in the kernel entry.
        constant: String,
        /// The `__constant__` symbol.
        symbol: String,
    },
    /// A scalar parameter.
    Scalar {
        /// Its element type (`i32`, `f32`, ...).
        scalar: String,
        /// Its value at the bench size (resized for the check size).
        value: String,
    },
}

/// The two sizes every kernel is built at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Memory-bound, timed.
    Bench,
    /// Small, checked against the interpreter.
    Check,
}

impl Size {
    /// The directory name of the size.
    pub fn name(self) -> &'static str {
        match self {
            Size::Bench => "bench",
            Size::Check => "check",
        }
    }
}

impl Manifest {
    /// Reads and checks the manifest at `path`.
    pub fn load(path: &Path) -> Result<Manifest> {
        let manifest: Manifest = files::read_json(path)?;
        if manifest.version != 1 {
            return Err(Error::Invalid(format!(
                "{}: manifest version {} (this runner reads 1)",
                path.display(),
                manifest.version
            )));
        }
        for (index, kernel) in manifest.kernels.iter().enumerate() {
            if manifest.kernels[..index]
                .iter()
                .any(|other| other.name == kernel.name)
            {
                return Err(Error::Invalid(format!(
                    "{}: two kernels are called '{}'",
                    path.display(),
                    kernel.name
                )));
            }
        }
        Ok(manifest)
    }

    /// The kernels called `names` (all when empty), in manifest order.
    pub fn select(&self, names: &[String]) -> Result<Vec<&KernelEntry>> {
        if let Some(unknown) = names
            .iter()
            .find(|name| !self.kernels.iter().any(|kernel| &kernel.name == *name))
        {
            return Err(Error::Invalid(format!(
                "no kernel '{unknown}' in the manifest"
            )));
        }
        Ok(self
            .kernels
            .iter()
            .filter(|kernel| names.is_empty() || names.contains(&kernel.name))
            .collect())
    }
}

impl KernelEntry {
    /// The interpreter spec of every argument at `size` (lengths and scalar sizes resized).
    pub fn specs(&self, size: Size) -> Vec<String> {
        self.arguments
            .iter()
            .map(|argument| self.sized_source(&argument.spec, size))
            .collect()
    }

    /// The grid at `size`.
    pub fn grid(&self, size: Size) -> [u32; 3] {
        match size {
            Size::Bench => self.grid,
            Size::Check => self.check.grid,
        }
    }

    /// The blocks the bench-size code runs on the interpreter: the first blocks of the grid,
    /// as many as the check size has in each dimension (the whole bench grid would take
    /// hours there).
    pub fn corner(&self) -> [u32; 3] {
        let mut corner = self.check.grid;
        for (blocks, limit) in corner.iter_mut().zip(self.grid) {
            *blocks = (*blocks).min(limit);
        }
        corner
    }

    /// The positions of the output arguments.
    pub fn output_positions(&self) -> Vec<usize> {
        (0..self.arguments.len())
            .filter(|&index| self.arguments[index].output)
            .collect()
    }

    /// The names of the output arguments.
    pub fn output_names(&self) -> Vec<String> {
        self.arguments
            .iter()
            .filter(|argument| argument.output)
            .map(|argument| argument.name.clone())
            .collect()
    }

    /// The MLIR source at `size`.
    pub fn sized_source(&self, text: &str, size: Size) -> String {
        match size {
            Size::Bench => text.to_string(),
            Size::Check => resize(text, &self.check.sizes),
        }
    }
}

/// Whether `c` may precede or follow a number token (`x` separates shape dimensions).
fn is_boundary(c: Option<char>) -> bool {
    match c {
        None => true,
        Some('x') => true,
        Some(c) => !(c.is_ascii_alphanumeric() || matches!(c, '_' | '%' | '@' | '#' | '$' | '.')),
    }
}

/// `text` with every number token that is a key of `sizes` replaced by its value. A number
/// token is a run of digits not inside a name (`%c4096`, `f32`) or a decimal (`0.5`).
pub fn resize(text: &str, sizes: &BTreeMap<String, String>) -> String {
    let characters: Vec<char> = text.chars().collect();
    let mut resized = String::with_capacity(text.len());
    let mut index = 0;
    while index < characters.len() {
        if !characters[index].is_ascii_digit() {
            resized.push(characters[index]);
            index += 1;
            continue;
        }
        let start = index;
        while index < characters.len() && characters[index].is_ascii_digit() {
            index += 1;
        }
        let token: String = characters[start..index].iter().collect();
        let before = start.checked_sub(1).map(|at| characters[at]);
        let after = characters.get(index).copied();
        match sizes.get(&token) {
            Some(replacement) if is_boundary(before) && is_boundary(after) => {
                resized.push_str(replacement)
            }
            _ => resized.push_str(&token),
        }
    }
    resized
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resize_replaces_number_tokens_only() {
        let sizes = BTreeMap::from([("4096".to_string(), "64".to_string())]);
        let text = "%c4096 = arith.constant 4096 : index\nmemref<4096x4096xf32> 40960 0.4096 i32";
        assert_eq!(
            resize(text, &sizes),
            "%c4096 = arith.constant 64 : index\nmemref<64x64xf32> 40960 0.4096 i32"
        );
    }

    #[test]
    fn specs_resize_lengths_and_scalars_at_the_check_size() {
        let entry: KernelEntry = serde_json::from_str(
            r#"{ "name": "k", "source": "k.mlir", "kernel": "k", "grid": [16, 1, 1],
                 "arguments": [ { "name": "n", "spec": "4096" },
                                { "name": "a", "spec": "random:1:16777216" },
                                { "name": "alpha", "spec": "4096.5" } ],
                 "bytes_moved": 1,
                 "check": { "sizes": { "4096": "64", "16777216": "4096" }, "grid": [1, 1, 1] } }"#,
        )
        .expect("a valid entry");
        assert_eq!(
            entry.specs(Size::Bench),
            ["4096", "random:1:16777216", "4096.5"]
        );
        assert_eq!(entry.specs(Size::Check), ["64", "random:1:4096", "4096.5"]);
    }
}
