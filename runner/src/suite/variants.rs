//! The variants of a kernel, and the MLIR of each variant that has one.
//!
//! Model. Every MLIR variant is a file that `gpu-mem-opt run --no-opt` lowers with the stock
//! NVVM pipeline, so the variants differ only in the IR: `naive` is the source as written;
//! `gpu-mem-opt` is what `gpu-mem-opt opt` makes of it (its report is kept beside it, for
//! comparing predictions with `ncu`); `fixed-padding` and `nvgpu-optimize-shared-memory`
//! come from [`super::shared_memory`] on `mlir-opt-22`'s printed form. `cuda-reference` has
//! no MLIR ([`super::build`] compiles its `.cu`).
//!
//! Cost. One to three tool processes per variant.

use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::files;

use super::shared_memory::{self, FIXED_PADDING_BYTES};
use super::tools::{self, Tools};

/// One way of compiling a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The MLIR as written, stock lowering.
    Naive,
    /// The gpu-mem-opt pass, then the stock lowering.
    GpuMemOpt,
    /// Shared rows padded by a fixed 16 bytes (IREE style).
    FixedPadding,
    /// Upstream MLIR's `nvgpu-optimize-shared-memory` swizzle.
    UpstreamSwizzle,
    /// Best-practice CUDA C++ through nvcc.
    CudaReference,
}

/// The upstream pipeline of the swizzle baseline.
const UPSTREAM_PIPELINE: &str =
    "builtin.module(gpu.module(gpu.func(nvgpu-optimize-shared-memory)))";

/// What producing a variant's MLIR gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Produced {
    /// The variant's MLIR file.
    Mlir(PathBuf),
    /// The variant does not apply to the kernel, and why.
    Skipped(String),
}

impl Variant {
    /// Every variant, in report order.
    pub const ALL: [Variant; 5] = [
        Variant::Naive,
        Variant::GpuMemOpt,
        Variant::FixedPadding,
        Variant::UpstreamSwizzle,
        Variant::CudaReference,
    ];

    /// The variants that are MLIR.
    pub const MLIR: [Variant; 4] = [
        Variant::Naive,
        Variant::GpuMemOpt,
        Variant::FixedPadding,
        Variant::UpstreamSwizzle,
    ];

    /// The variant's name in files and results.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::GpuMemOpt => "gpu-mem-opt",
            Variant::FixedPadding => "fixed-padding",
            Variant::UpstreamSwizzle => "nvgpu-optimize-shared-memory",
            Variant::CudaReference => "cuda-reference",
        }
    }
}

/// `mlir-opt-22`'s printed form of `text` after `pipeline` (none: just parse and print).
fn mlir_opt(tools: &Tools, text: &str, pipeline: Option<&str>) -> Result<String> {
    let mut arguments = vec!["-".to_string()];
    if let Some(pipeline) = pipeline {
        arguments.extend(["-p".to_string(), pipeline.to_string()]);
    }
    tools::output(&mut tools::command(&tools.mlir_opt, arguments), Some(text))
}

/// The report `gpu-mem-opt opt` writes beside its variant.
const REPORT: &str = "gpu-mem-opt.report.json";

/// gpu-mem-opt's decisions from the report in `directory` (written by [`produce`]), one line
/// each: `kind target: applied|not applied: reason`.
pub fn decisions(directory: &Path) -> Result<Vec<String>> {
    let report: serde_json::Value = files::read_json(&directory.join(REPORT))?;
    let decisions = report["kernels"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|kernel| kernel["decisions"].as_array().into_iter().flatten())
        .map(|decision| {
            let text = |key: &str| decision[key].as_str().unwrap_or_default().to_string();
            let applied = if decision["applied"] == true {
                "applied"
            } else {
                "not applied"
            };
            format!(
                "{} {}: {applied}: {}",
                text("kind"),
                text("target"),
                analysis::advised(&text("reason"), decision["advice"].as_str())
            )
        })
        .collect();
    Ok(decisions)
}

/// Writes the MLIR of `variant` of `source` (an MLIR file) into `directory`.
pub fn produce(
    tools: &Tools,
    variant: Variant,
    source: &Path,
    options: &str,
    directory: &Path,
) -> Result<Produced> {
    let target = directory.join(format!("{}.mlir", variant.name()));
    match variant {
        Variant::Naive => {
            files::write(&target, files::read_text(source)?)?;
        }
        Variant::GpuMemOpt => {
            let report = directory.join(REPORT);
            let options = format!("{options} report={}", report.display());
            let mut command =
                tools::command(&tools.gpu_mem_opt, ["opt".as_ref(), source.as_os_str()]);
            command
                .arg("-o")
                .arg(&target)
                .arg("--options")
                .arg(options.trim());
            std::fs::create_dir_all(directory).map_err(|e| crate::Error::io(directory, e))?;
            tools::output(&mut command, None)?;
        }
        Variant::FixedPadding => {
            let canonical = mlir_opt(tools, &files::read_text(source)?, None)?;
            match shared_memory::fixed_padding(&canonical, FIXED_PADDING_BYTES)? {
                Some(padded) => files::write(&target, padded)?,
                None => {
                    return Ok(Produced::Skipped(
                        "no shared buffer of rank 2 or more".into(),
                    ))
                }
            }
        }
        Variant::UpstreamSwizzle => {
            let canonical = mlir_opt(tools, &files::read_text(source)?, None)?;
            let Some(allocs) = shared_memory::attributions_to_allocs(&canonical)? else {
                return Ok(Produced::Skipped("no shared memory".into()));
            };
            let before = mlir_opt(tools, &allocs, None)?;
            let after = mlir_opt(tools, &allocs, Some(UPSTREAM_PIPELINE))?;
            if before == after {
                return Ok(Produced::Skipped(
                    "nvgpu-optimize-shared-memory leaves the kernel unchanged".into(),
                ));
            }
            files::write(&target, shared_memory::allocs_to_attributions(&after)?)?;
        }
        Variant::CudaReference => {
            return Ok(Produced::Skipped("a CUDA reference has no MLIR".into()))
        }
    }
    Ok(Produced::Mlir(target))
}
