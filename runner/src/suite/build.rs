//! `suite build`: every variant of every kernel, at both sizes, into a directory that a GPU
//! machine can run with one command.
//!
//! Model. For each kernel and size, the sized source is written, each MLIR variant is
//! produced ([`super::variants`]) and emitted by `gpu-mem-opt run --no-opt --no-launch
//! --emit DIR` (PTX plus a launch description whose parameter layout comes from the
//! kernel's MLIR signature), then its arguments are given the manifest's names. The CUDA
//! reference is compiled once and described from the naive variant
//! ([`super::cuda_reference`]). Every description is checked against its PTX's `.entry`
//! signature. The check size comes first: every MLIR variant runs on the
//! interpreter there, and one whose outputs differ from the naive kernel's (or that fails:
//! upstream `nvgpu-optimize-shared-memory` swizzles a 16x80 array out of its bounds) is
//! rejected with the reason and never built for the GPU, where a wrong kernel may fault the
//! context and stop the whole run. The naive kernel's outputs at the check size are the
//! expected outputs. The pass decides with the problem size, so the bench-size code is
//! checked too: on the first blocks of the bench grid ([`KernelEntry::corner`]) its outputs
//! must equal the bench-size naive kernel's ([`verify_corner`]), or it is rejected the same
//! way. Every MLIR variant that passes runs once more on that corner for the hardware
//! counters the model predicts (`interp --counters`, [`super::predictions`]) of the very
//! code that is profiled, kept in the plan. Last, the plan, this binary and `run.sh`.
//!
//! Cost. A few tool processes per variant; the interpreter on the check sizes and on the
//! bench sizes' corners (matmul's 2048-long loop takes the longest: about 13 s per run).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::description::Description;
use crate::error::{Error, Result};
use crate::files;
use crate::launch;

use super::check::{verify, verify_corner};
use super::cuda_reference;
use super::plan::{Plan, PlannedKernel, PlannedVariant, Resources};
use super::predictions::Prediction;
use super::tools::{self, Tools};
use super::variants::{self, Produced, Variant};
use super::{CudaEntry, KernelEntry, Manifest, Size};

/// The file name of the launch description in a variant's directory.
pub const LAUNCH: &str = "launch.json";

/// The file name of the registers and spills of every variant (`ptxas -v`), beside the plan.
pub const RESOURCES: &str = "resources.md";

/// The file name of the predicted counters in a variant's bench-size directory.
pub const PREDICTED: &str = "predicted-counters.json";

/// `X,Y,Z`.
pub fn dims(values: [u32; 3]) -> String {
    format!("{},{},{}", values[0], values[1], values[2])
}

/// The launch arguments `gpu-mem-opt run`/`interp`/`diff` take for `kernel`'s code at `size`
/// on `grid`.
pub fn launch_arguments(kernel: &KernelEntry, size: Size, grid: [u32; 3]) -> Vec<String> {
    let mut arguments = vec![
        "--kernel".to_string(),
        kernel.kernel.clone(),
        "--grid".to_string(),
        dims(grid),
    ];
    if let Some(block) = kernel.block {
        arguments.extend(["--block".to_string(), dims(block)]);
    }
    for spec in kernel.specs(size) {
        arguments.extend(["--arg".to_string(), spec]);
    }
    arguments
}

/// The interpreter's printout of `outputs` (positions) after running `mlir` at `size`.
pub fn interpret(
    tools: &Tools,
    kernel: &KernelEntry,
    mlir: &Path,
    size: Size,
    outputs: &[usize],
) -> Result<String> {
    let mut arguments = vec!["interp".to_string(), mlir.display().to_string()];
    arguments.extend(launch_arguments(kernel, size, kernel.grid(size)));
    for position in outputs {
        arguments.extend(["--print-arg".to_string(), position.to_string()]);
    }
    tools::output(&mut tools::command(&tools.gpu_mem_opt, arguments), None)
}

/// The counters the model predicts for the bench-size `mlir` on the interpreter's corner of
/// the grid ([`KernelEntry::corner`]): `gpu-mem-opt interp --counters` writes them into
/// `directory` (kept there, beside the launch description).
fn predict(
    tools: &Tools,
    kernel: &KernelEntry,
    mlir: &Path,
    directory: &Path,
) -> Result<Prediction> {
    let path = directory.join(PREDICTED);
    let mut arguments = vec!["interp".to_string(), mlir.display().to_string()];
    arguments.extend(launch_arguments(kernel, Size::Bench, kernel.corner()));
    arguments.extend(["--counters".to_string(), path.display().to_string()]);
    tools::output(&mut tools::command(&tools.gpu_mem_opt, arguments), None)?;
    files::read_json(&path)
}

/// Emits `mlir` as a launchable variant into `directory` and names its arguments.
fn emit_mlir(
    tools: &Tools,
    kernel: &KernelEntry,
    size: Size,
    mlir: &Path,
    directory: &Path,
) -> Result<()> {
    let mut arguments = vec!["run".to_string(), mlir.display().to_string()];
    arguments.extend(launch_arguments(kernel, size, kernel.grid(size)));
    arguments.extend(["--no-opt", "--no-launch", "--emit"].map(String::from));
    arguments.push(directory.display().to_string());
    for position in kernel.output_positions() {
        arguments.extend(["--output".to_string(), position.to_string()]);
    }
    arguments.extend(match size {
        Size::Bench => vec!["--bytes-moved".to_string(), kernel.bytes_moved.to_string()],
        Size::Check => ["--warmup", "0", "--repeats", "1"]
            .map(String::from)
            .to_vec(),
    });
    tools::output(&mut tools::command(&tools.gpu_mem_opt, arguments), None)?;
    let path = directory.join(LAUNCH);
    let mut description = Description::load(&path)?;
    if description.arguments.len() != kernel.arguments.len() {
        return Err(Error::Invalid(format!(
            "{}: {} arguments, the manifest names {}",
            path.display(),
            description.arguments.len(),
            kernel.arguments.len()
        )));
    }
    for (argument, entry) in description.arguments.iter_mut().zip(&kernel.arguments) {
        argument.name = entry.name.clone();
    }
    description.save(&path)
}

/// Checks the emitted description in `directory` against its PTX, and that `ptxas` (where
/// there is one) assembles the PTX for sm_90: what the driver would refuse on the GPU machine
/// (an unresolved libdevice call, say) is found here. Returns what `ptxas -v` reports.
fn check_emitted(tools: &Tools, directory: &Path) -> Result<Option<Resources>> {
    let path = directory.join(LAUNCH);
    let description = Description::load(&path)?;
    let ptx = description.ptx_path(&path);
    launch::check(&description, &files::read_bytes(&ptx)?)
        .map_err(|error| Error::Invalid(format!("{}: {error}", path.display())))?;
    let Some(ptxas) = &tools.ptxas else {
        return Ok(None);
    };
    let mut assemble = tools::command(ptxas, ["-v", "-arch=sm_90", "-o", "/dev/null"]);
    Ok(Resources::parse(&tools::errors(assemble.arg(&ptx))?))
}

/// What building the suite needs, and the CUDA references compiled so far.
struct Builder<'a> {
    /// The manifest's directory.
    root: &'a Path,
    /// The output directory.
    out: &'a Path,
    /// The tools.
    tools: &'a Tools,
    /// PTX of every `.cu` compiled so far.
    cuda_ptx: BTreeMap<PathBuf, String>,
}

impl Builder<'_> {
    /// Compiles (once per `.cu`) and describes the CUDA reference at both sizes.
    fn build_cuda(
        &mut self,
        nvcc: &Path,
        kernel: &KernelEntry,
        cuda: &CudaEntry,
        directories: &[(Size, PathBuf)],
    ) -> Result<()> {
        let source = self.root.join(&cuda.source);
        let ptx = match self.cuda_ptx.get(&source) {
            Some(ptx) => ptx.clone(),
            None => {
                let scratch = self.out.join("cuda").join(&kernel.name);
                let ptx = cuda_reference::compile(self.tools, nvcc, &source, &scratch)?;
                self.cuda_ptx.insert(source.clone(), ptx.clone());
                ptx
            }
        };
        for (size, directory) in directories {
            let naive = Description::load(&directory.join(Variant::Naive.name()).join(LAUNCH))?;
            let description = cuda_reference::describe(kernel, cuda, &naive, *size, &ptx)?;
            let target = directory.join(Variant::CudaReference.name());
            files::write(&target.join(&description.ptx), &ptx)?;
            description.save(&target.join(LAUNCH))?;
        }
        Ok(())
    }

    /// Builds one kernel into `out/kernels/NAME`: the check size first, so that a variant the
    /// interpreter finds wrong is rejected before anything is built for the GPU.
    fn build_kernel(&mut self, kernel: &KernelEntry) -> Result<PlannedKernel> {
        let (root, out, tools) = (self.root, self.out, self.tools);
        let text = files::read_text(&root.join(&kernel.source))?;
        let relative = PathBuf::from("kernels").join(&kernel.name);
        let mut planned = PlannedKernel {
            name: kernel.name.clone(),
            outputs: kernel.output_names(),
            check: Some(kernel.check.clone()),
            corner: Some(kernel.corner()),
            variants: Vec::new(),
            expected: BTreeMap::new(),
            skipped: BTreeMap::new(),
            rejected: BTreeMap::new(),
            decisions: Vec::new(),
        };
        let directories: Vec<(Size, PathBuf)> = [Size::Check, Size::Bench]
            .into_iter()
            .map(|size| (size, out.join(&relative).join(size.name())))
            .collect();
        for (size, directory) in &directories {
            files::write(
                &directory.join("source.mlir"),
                kernel.sized_source(&text, *size),
            )?;
        }
        let check_source = directories[0].1.join("source.mlir");
        let outputs = kernel.output_positions();
        let naive_printout = interpret(tools, kernel, &check_source, Size::Check, &outputs)?;
        let mut applies: Vec<(Variant, Option<Prediction>, Option<Resources>)> = Vec::new();
        'variants: for variant in Variant::MLIR {
            let (mut predicted, mut resources) = (None, None);
            for (size, directory) in &directories {
                let source = directory.join("source.mlir");
                let mlir =
                    match variants::produce(tools, variant, &source, &kernel.options, directory)? {
                        Produced::Mlir(mlir) => mlir,
                        Produced::Skipped(reason) => {
                            planned.skipped.insert(variant.name().to_string(), reason);
                            continue 'variants;
                        }
                    };
                if *size == Size::Bench && variant == Variant::GpuMemOpt {
                    planned.decisions = variants::decisions(directory)?;
                }
                if variant != Variant::Naive {
                    let wrong = match size {
                        Size::Check => verify(tools, kernel, &mlir, &naive_printout)?,
                        Size::Bench => {
                            let naive = directory.join(format!("{}.mlir", Variant::Naive.name()));
                            verify_corner(tools, kernel, &naive, &mlir)?
                        }
                    };
                    if let Some(wrong) = wrong {
                        eprintln!(
                            "suite build: {} {}: rejected: {wrong}",
                            kernel.name,
                            variant.name()
                        );
                        planned.rejected.insert(variant.name().to_string(), wrong);
                        continue 'variants;
                    }
                }
                let target = directory.join(variant.name());
                emit_mlir(tools, kernel, *size, &mlir, &target)?;
                let assembled = check_emitted(self.tools, &target)?;
                if *size == Size::Bench {
                    predicted = Some(predict(tools, kernel, &mlir, &target)?);
                    resources = assembled;
                }
            }
            applies.push((variant, predicted, resources));
        }
        let cuda_reference = Variant::CudaReference.name().to_string();
        match (&kernel.cuda, &tools.nvcc) {
            (Some(cuda), Some(nvcc)) => {
                self.build_cuda(nvcc, kernel, cuda, &directories)?;
                applies.push((Variant::CudaReference, None, None));
            }
            (Some(_), None) => {
                planned.skipped.insert(
                    cuda_reference,
                    "no nvcc given (suite build --nvcc PATH)".into(),
                );
            }
            (None, _) => {
                planned
                    .skipped
                    .insert(cuda_reference, "no CUDA reference written".into());
            }
        }
        for (position, argument) in kernel.arguments.iter().enumerate() {
            if !argument.output {
                continue;
            }
            let printed = interpret(tools, kernel, &check_source, Size::Check, &[position])?;
            let file = relative
                .join("check/expected")
                .join(format!("{}.txt", argument.name));
            files::write(&out.join(&file), printed)?;
            planned.expected.insert(argument.name.clone(), file);
        }
        for (variant, predicted, resources) in applies {
            let launch_of =
                |size: Size| relative.join(size.name()).join(variant.name()).join(LAUNCH);
            planned.variants.push(PlannedVariant {
                name: variant.name().to_string(),
                bench: launch_of(Size::Bench),
                check: launch_of(Size::Check),
                predicted,
                resources,
            });
        }
        Ok(planned)
    }
}

/// The script the GPU machine runs.
const RUN_SCRIPT: &str = r#"#!/bin/sh
# Runs the gpu-mem-opt benchmark suite on this machine's GPU (built elsewhere by `make bench`;
# needs only the NVIDIA driver). Writes <results>/<date>-<gpu>.json and .md, where <results> is
# the first argument, or bench/results of the checkout this directory belongs to.
set -e
here=$(cd "$(dirname "$0")" && pwd)
results=${1:-$here/../../bench/results}
exec "$here/gpu-mem-opt-runner" suite run "$here/suite.json" --results "$results"
"#;

/// Builds the kernels called `names` (all when empty) of the manifest at `manifest` into
/// `out`; returns the plan (also written to `out/suite.json`).
pub fn build(manifest: &Path, out: &Path, tools: &Tools, names: &[String]) -> Result<Plan> {
    let loaded = Manifest::load(manifest)?;
    let root = manifest.parent().unwrap_or(Path::new("."));
    let mut plan = Plan {
        version: 1,
        kernels: Vec::new(),
    };
    let mut builder = Builder {
        root,
        out,
        tools,
        cuda_ptx: BTreeMap::new(),
    };
    for kernel in loaded.select(names)? {
        eprintln!("suite build: {}", kernel.name);
        plan.kernels.push(builder.build_kernel(kernel)?);
    }
    plan.save(&out.join("suite.json"))?;
    files::write(&out.join(RESOURCES), plan.resources_table())?;
    let script = out.join("run.sh");
    files::write(&script, RUN_SCRIPT)?;
    files::make_executable(&script)?;
    let this =
        std::env::current_exe().map_err(|error| Error::io(Path::new("current_exe"), error))?;
    let copy = out.join("gpu-mem-opt-runner");
    if this.canonicalize().ok() != copy.canonicalize().ok() {
        std::fs::copy(&this, &copy).map_err(|error| Error::io(&copy, error))?;
    }
    Ok(plan)
}
