//! `gpu-mem-opt run`: a kernel to PTX plus a launch description, launched when a GPU is here.
//!
//! `run FILE --kernel K --grid X,Y,Z [--block X,Y,Z] --arg SPEC ... [--options '...' |
//! --no-opt] --emit DIR [--output N ...] [--bytes-moved N] [--warmup N] [--repeats N]
//! [--no-launch]` runs the pass (unless `--no-opt`), takes the kernel's parameters from its
//! MLIR signature (after the pass), lowers through NVVM and writes `DIR/K.ptx` (the
//! `gpu.binary` holding `.entry K`) and `DIR/launch.json` (schema: crate `runner`): MLIR's
//! default calling convention, so every memref parameter expands into its descriptor
//! (pointers, offset, sizes, strides, with a strided layout's offset and strides); buffers
//! and scalars from the same specs as `interp` (shapes as `interp` resolves them); outputs
//! are the `--output` arguments (default: every memref), written back in binary; an argument
//! the pass moved to constant memory (`gpu_mem_opt.constant_bindings`) is also bound to its
//! `.const` symbol, which the runner fills before launching. Arguments are named `argN`.
//!
//! Then, unless `--no-launch`, it launches through the runner when this machine has a CUDA
//! driver, and otherwise prints the command that launches it on a machine that has one.

use std::path::{Path, PathBuf};

use clap::Args;
use gpu_mem_opt::pipeline::{self, Diagnostics};
use interpreter::{Argument, Type};
use runner::description::{
    self as launch_description, ArgumentKind, Convention, Description, Element, Format, MemRef,
    ScalarArgument,
};

use crate::interp::{arguments, parse, prepare};

/// Options of `gpu-mem-opt run`.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    launch: crate::LaunchArgs,
    /// Pass options, as inside `gpu-mem-opt{...}`.
    #[arg(long, default_value = "")]
    options: String,
    /// Lower without running gpu-mem-opt.
    #[arg(long)]
    no_opt: bool,
    /// Target SM version.
    #[arg(long, default_value_t = 90)]
    sm: u32,
    /// Directory for the PTX and launch.json.
    #[arg(long)]
    emit: PathBuf,
    /// Write argument N back after the launch (repeatable; default: every memref).
    #[arg(long = "output", value_name = "N")]
    outputs: Vec<usize>,
    /// Bytes one launch moves, for GB/s.
    #[arg(long)]
    bytes_moved: Option<u64>,
    /// Untimed launches before the timed ones.
    #[arg(long, default_value_t = 3)]
    warmup: u32,
    /// Timed launches.
    #[arg(long, default_value_t = 20)]
    repeats: u32,
    /// Only write the PTX and launch.json.
    #[arg(long)]
    no_launch: bool,
}

/// The launch argument for parameter `index` of `kernel`, from its parsed `argument`.
fn describe_argument(
    kernel: &interpreter::Kernel,
    index: usize,
    argument: &Argument,
    output: bool,
    spec: &str,
) -> Result<launch_description::Argument, String> {
    let name = format!("arg{index}");
    let kind = match (kernel.value_type(kernel.parameters()[index]), argument) {
        (Type::MemRef(memref), Argument::Buffer(buffer)) => {
            let (offset, strides) = match kernel.layout(index) {
                Some(layout) => {
                    let (offset, strides) = layout.resolve(&buffer.shape);
                    (offset, Some(strides))
                }
                None => (0, None),
            };
            // The fill without a `:SHAPE` suffix: the shape is written out.
            let fill = match spec.split(':').collect::<Vec<_>>().as_slice() {
                ["random", seed, ..] => format!("random:{seed}"),
                [kind, ..] => kind.to_string(),
                [] => String::new(),
            };
            ArgumentKind::Memref(MemRef {
                element: Element(memref.element),
                shape: buffer.shape.clone(),
                strides,
                offset,
                fill,
                output: output.then_some(Format::Binary),
                constant: None,
                parameter: true,
            })
        }
        (Type::Scalar(element), Argument::Scalar(_)) => ArgumentKind::Scalar(ScalarArgument {
            element: Element(*element),
            value: spec.to_string(),
        }),
        _ => return Err(format!("argument {index}: unsupported parameter type")),
    };
    Ok(launch_description::Argument { name, kind })
}

/// Binds every argument the pass moved to constant memory (`kernel.constant_bindings`, from
/// the kernel's `gpu_mem_opt.constant_bindings`) to its global: the runner copies the
/// argument's data into that `.const` symbol before launching; the argument stays a parameter.
fn bind_constants(
    kernel: &interpreter::Kernel,
    described: &mut [launch_description::Argument],
) -> Result<(), String> {
    for &(index, global) in &kernel.constant_bindings {
        let symbol = &kernel.globals[global.0 as usize].name;
        match described.get_mut(index).map(|argument| &mut argument.kind) {
            Some(ArgumentKind::Memref(memref)) => memref.constant = Some(symbol.clone()),
            _ => {
                return Err(format!(
                    "argument {index} is bound to '{symbol}' but is no memref"
                ))
            }
        }
    }
    Ok(())
}

/// The PTX object of `module` that holds `.entry kernel`.
fn ptx_with_entry(module: &melior::ir::Module, kernel: &str) -> Result<String, String> {
    pipeline::ptx_of(module)
        .into_iter()
        .map(|(_, ptx)| ptx)
        .find(|ptx| runner::parameters::entry_sizes(ptx, kernel).is_ok())
        .ok_or_else(|| format!("the lowered module has no `.entry {kernel}`"))
}

/// Runs `pipeline_text` on `module`, printing diagnostics other than remarks.
fn run_pipeline(
    context: &melior::Context,
    module: &mut melior::ir::Module,
    pipeline_text: &str,
) -> Result<(), String> {
    let diagnostics = Diagnostics::capture(context);
    let result = pipeline::run_pipeline(context, &diagnostics, module, pipeline_text);
    for line in diagnostics.take() {
        if result.is_err() || !line.contains(": remark:") {
            eprintln!("{line}");
        }
    }
    result.map_err(|error| format!("{pipeline_text}: {error}"))
}

/// The runner binary: beside this one if it is there.
fn runner_command() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|this| Some(this.parent()?.join("gpu-mem-opt-runner")))
        .filter(|path| path.exists())
        .map_or("gpu-mem-opt-runner".into(), |path| {
            path.display().to_string()
        })
}

/// `gpu-mem-opt run`.
pub fn run(args: RunArgs) -> Result<(), String> {
    let launch = &args.launch;
    if launch.entry.is_some() {
        return Err(
            "run launches one kernel: give --kernel (the interpreter runs whole \
                    programs: interp --entry)"
                .into(),
        );
    }
    let kernel = launch.kernel.as_deref().unwrap_or_default();
    if kernel.contains('@') {
        return Err("run takes a gpu.func kernel (outline gpu.launch bodies first)".into());
    }
    let context = pipeline::context();
    let mut module = parse(&context, &launch.file)?;
    if !args.no_opt {
        let pass = format!("gpu-mem-opt{{sm={} {}}}", args.sm, args.options);
        run_pipeline(&context, &mut module, &pass)?;
    }
    let prepared = prepare(&module, kernel, launch.block)?;
    let parsed = arguments(&prepared.translated, &launch.arguments)?;
    let memrefs: Vec<usize> = (0..parsed.len())
        .filter(|&index| matches!(parsed[index], Argument::Buffer(_)))
        .collect();
    let outputs = if args.outputs.is_empty() {
        &memrefs
    } else {
        &args.outputs
    };
    let mut described = parsed
        .iter()
        .zip(&launch.arguments)
        .enumerate()
        .map(|(index, (argument, spec))| {
            describe_argument(
                &prepared.translated,
                index,
                argument,
                outputs.contains(&index),
                spec,
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    drop(parsed);
    bind_constants(&prepared.translated, &mut described)?;
    run_pipeline(
        &context,
        &mut module,
        &pipeline::lower_to_ptx_pipeline(args.sm),
    )?;
    let ptx = ptx_with_entry(&module, kernel)?;
    let description = Description {
        version: launch_description::VERSION,
        ptx: format!("{kernel}.ptx").into(),
        kernel: kernel.to_string(),
        grid: prepared
            .translated
            .launched_grid(launch.grid.unwrap_or([1; 3]))?,
        block: prepared.block,
        shared_bytes: 0,
        convention: Convention::MemrefDescriptor,
        arguments: described,
        warmup: args.warmup,
        repeats: args.repeats,
        bytes_moved: args.bytes_moved,
    };
    description.validate()?;
    runner::launch::check(&description, ptx.as_bytes()).map_err(|error| error.to_string())?;
    let written = |error: runner::Error| error.to_string();
    runner::files::write(&args.emit.join(&description.ptx), &ptx).map_err(written)?;
    let path = args.emit.join("launch.json");
    description.save(&path).map_err(written)?;
    println!(
        "wrote {} and {}",
        args.emit.join(&description.ptx).display(),
        path.display()
    );
    if args.no_launch {
        return Ok(());
    }
    launch_here(&description, &path)
}

/// Launches on this machine's GPU, or prints how to launch on one.
fn launch_here(description: &Description, path: &Path) -> Result<(), String> {
    if !runner::cuda::driver_present() {
        println!(
            "no CUDA driver found here; on a machine with an NVIDIA GPU run: {} launch {}",
            runner_command(),
            path.display()
        );
        return Ok(());
    }
    let gpu = runner::cuda::Gpu::open().map_err(|error| error.to_string())?;
    let out = path.parent().unwrap_or(Path::new("."));
    let result =
        runner::launch::execute(&gpu, description, path, out).map_err(|e| e.to_string())?;
    println!(
        "{} on {}: median {:.4} ms{}; outputs and result.json in {}",
        result.kernel,
        result.device,
        result.ms_median,
        result
            .gbps
            .map_or(String::new(), |gbps| format!(", {gbps:.1} GB/s")),
        out.display()
    );
    Ok(())
}
