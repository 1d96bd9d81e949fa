//! `gpu-mem-opt-runner`: run PTX kernels on the GPU, compare outputs, measure the copy
//! bandwidth, and build, check and run the benchmark suite. See the library's documentation
//! for the launch description and result schemas.
//!
//! * `launch DESCRIPTION.json [--out DIR]` launches, writes outputs and `result.json`;
//! * `check DESCRIPTION.json` checks a description against its PTX (no GPU);
//! * `compare LEFT RIGHT [--output NAME] [--element TYPE]` compares outputs bit for bit;
//! * `copy [--bytes N]` measures device-to-device copy bandwidth;
//! * `suite build|check|run` builds the suite (here), checks it on the interpreter (here),
//!   runs it (on the GPU machine);
//! * `calibrate build|run` builds the calibration micro-benchmarks (here) and runs them (on
//!   the GPU machine; `--dry-run` checks the plan here).
//!
//! Errors print on standard error with exit status 1; a comparison that finds a difference
//! exits with status 1 too.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use runner::description::{Description, Element};
use runner::error::Result;
use runner::suite::tools::Tools;
use runner::{calibrate, copy, cuda, files, launch, sources, suite};

/// gpu-mem-opt-runner: run PTX kernels through the CUDA driver; the benchmark suite.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
enum Command {
    /// Launch a kernel from a description; write its outputs and result.json.
    Launch {
        /// The launch description (JSON).
        description: PathBuf,
        /// Where outputs and result.json go (default: the description's directory).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Everything but the GPU: check the PTX, fill, write the inputs as outputs.
        #[arg(long)]
        dry_run: bool,
    },
    /// Check a description against its PTX's .entry signature (needs no GPU).
    Check {
        /// The launch description (JSON).
        description: PathBuf,
    },
    /// Compare outputs bit for bit: result .json files, .bin outputs, or .txt printouts
    /// (the format of `gpu-mem-opt interp --print-arg`).
    Compare {
        /// Left side.
        left: PathBuf,
        /// Right side.
        right: PathBuf,
        /// The output to compare (by argument name).
        #[arg(long)]
        output: Option<String>,
        /// Element type of plain output files (f32, i32, ...).
        #[arg(long, value_parser = parse_element)]
        element: Option<Element>,
    },
    /// Measure device-to-device copy bandwidth (the physical limit).
    Copy {
        /// Bytes per copy.
        #[arg(long, default_value_t = copy::DEFAULT_BYTES)]
        bytes: usize,
        /// Timed copies.
        #[arg(long, default_value_t = 20)]
        repeats: u32,
    },
    /// The benchmark suite.
    #[command(subcommand)]
    Suite(SuiteCommand),
    /// The cost model's calibration micro-benchmarks (seed-002 §6.2).
    #[command(subcommand)]
    Calibrate(CalibrateCommand),
}

/// The calibration's subcommands.
#[derive(Subcommand)]
enum CalibrateCommand {
    /// Compile bench/calibration/calibration.cu to PTX and write calibrate.sh (no GPU needed).
    Build {
        /// The CUDA source.
        source: PathBuf,
        /// Output directory (build/bench).
        #[arg(long)]
        out: PathBuf,
        /// nvcc.
        #[arg(long)]
        nvcc: PathBuf,
        /// ptxas, to lower the PTX ISA version to what older drivers accept.
        #[arg(long)]
        ptxas: Option<PathBuf>,
    },
    /// Run every case on this machine's GPU; write results JSON and markdown.
    Run {
        /// The PTX written by `calibrate build`.
        ptx: PathBuf,
        /// Directory of the results (bench/results).
        #[arg(long)]
        results: PathBuf,
        /// Without a GPU: check every case against the PTX and print the plan.
        #[arg(long)]
        dry_run: bool,
    },
}

/// The suite's subcommands.
#[derive(Subcommand)]
enum SuiteCommand {
    /// Build every variant's PTX and launch description (no GPU needed).
    Build {
        /// The manifest (bench/suite.json).
        manifest: PathBuf,
        /// Output directory (build/bench).
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        tools: ToolArgs,
        /// Only these kernels (repeatable).
        #[arg(long = "kernel")]
        kernels: Vec<String>,
    },
    /// Run every MLIR variant at the check size on the interpreter; demand equal outputs.
    Check {
        /// The manifest (bench/suite.json).
        manifest: PathBuf,
        /// Scratch directory.
        #[arg(long)]
        work: PathBuf,
        #[command(flatten)]
        tools: ToolArgs,
        /// Only these kernels (repeatable).
        #[arg(long = "kernel")]
        kernels: Vec<String>,
    },
    /// Run the built suite on this machine's GPU; write results JSON and markdown.
    Run {
        /// The plan written by `suite build` (build/bench/suite.json).
        plan: PathBuf,
        /// Directory of the results (bench/results).
        #[arg(long)]
        results: PathBuf,
        /// Scratch directory for outputs (default: `work` beside the plan).
        #[arg(long)]
        work: Option<PathBuf>,
        /// Only these kernels (repeatable).
        #[arg(long = "kernel")]
        kernels: Vec<String>,
        /// Without a GPU: every launch dry-run (`launch --dry-run`), to prove the built
        /// suite's files before carrying them; outputs never match the interpreter's.
        #[arg(long)]
        dry_run: bool,
    },
    /// Profile every variant's bench launch with Nsight Compute: sectors per request,
    /// shared wavefronts and bank conflicts (on the GPU machine).
    Counters {
        /// The plan written by `suite build` (build/bench/suite.json).
        plan: PathBuf,
        /// Directory of the results (bench/results).
        #[arg(long)]
        results: PathBuf,
        /// Nsight Compute's command line.
        #[arg(long, default_value = "ncu")]
        ncu: PathBuf,
        /// The GPU's name in the results (default: the CUDA driver's name of device 0).
        #[arg(long)]
        gpu: Option<String>,
        /// Only these kernels (repeatable).
        #[arg(long = "kernel")]
        kernels: Vec<String>,
    },
}

/// Paths of the tools the suite calls.
#[derive(Args)]
struct ToolArgs {
    /// The gpu-mem-opt command line (default: beside this binary).
    #[arg(long)]
    gpu_mem_opt: Option<PathBuf>,
    /// mlir-opt of LLVM 22 (default: mlir-opt-22 on the PATH).
    #[arg(long)]
    mlir_opt: Option<PathBuf>,
    /// nvcc, for the CUDA references (none: they are skipped).
    #[arg(long)]
    nvcc: Option<PathBuf>,
    /// ptxas (default: beside this binary).
    #[arg(long)]
    ptxas: Option<PathBuf>,
}

impl From<ToolArgs> for Tools {
    fn from(args: ToolArgs) -> Tools {
        Tools::new(args.gpu_mem_opt, args.mlir_opt, args.nvcc, args.ptxas)
    }
}

fn parse_element(name: &str) -> std::result::Result<Element, String> {
    Element::parse(name).map_err(|error| error.to_string())
}

/// Launches a description (or dry-runs it).
fn launch_command(path: &Path, out: Option<PathBuf>, dry_run: bool) -> Result<bool> {
    let description = Description::load(path)?;
    let out = out.unwrap_or_else(|| path.parent().unwrap_or(Path::new(".")).to_path_buf());
    let result = if dry_run {
        launch::dry_run(&description, path, &out)?
    } else {
        launch::execute(&cuda::Gpu::open()?, &description, path, &out)?
    };
    println!(
        "{} on {}: median {:.4} ms of {}{}; outputs and result.json in {}",
        result.kernel,
        result.device,
        result.ms_median,
        result.ms_all.len(),
        result
            .gbps
            .map_or(String::new(), |gbps| format!(", {gbps:.1} GB/s")),
        out.display()
    );
    Ok(true)
}

/// Checks a description against its PTX.
fn check_command(path: &Path) -> Result<bool> {
    let description = Description::load(path)?;
    launch::check(
        &description,
        &files::read_bytes(&description.ptx_path(path))?,
    )?;
    println!(
        "{}: matches the PTX's .entry {}",
        path.display(),
        description.kernel
    );
    Ok(true)
}

/// Compares two sides; false when they differ.
fn compare_command(
    left: &Path,
    right: &Path,
    output: Option<&str>,
    element: Option<Element>,
) -> Result<bool> {
    let left = sources::Source::open(left)?;
    let right = sources::Source::open(right)?;
    let mut identical = true;
    for (name, comparison) in sources::compare_sources(&left, &right, output, element)? {
        identical &= comparison.is_identical();
        if name.is_empty() {
            println!("{comparison}");
        } else {
            println!("{name}: {comparison}");
        }
    }
    Ok(identical)
}

/// Measures the copy bandwidth.
fn copy_command(bytes: usize, repeats: u32) -> Result<bool> {
    let gpu = cuda::Gpu::open()?;
    let measured = copy::copy_bandwidth(&gpu, bytes, 3, repeats)?;
    println!(
        "copy {} bytes on {}: median {:.4} ms, {:.1} GB/s (read + write)",
        measured.bytes, measured.device, measured.ms_median, measured.gbps
    );
    Ok(true)
}

/// Runs a calibrate subcommand.
fn calibrate_command(command: CalibrateCommand) -> Result<bool> {
    match command {
        CalibrateCommand::Build {
            source,
            out,
            nvcc,
            ptxas,
        } => {
            calibrate::build(&nvcc, ptxas.as_deref(), &source, &out)?;
            println!(
                "built {} calibration cases into {}",
                calibrate::plan::plan().len(),
                out.display()
            );
            println!("on the GPU machine, run: {}/calibrate.sh", out.display());
        }
        CalibrateCommand::Run {
            ptx,
            results,
            dry_run,
        } => {
            let cases = calibrate::plan::plan();
            let image = files::read_bytes(&ptx)?;
            calibrate::check(&String::from_utf8_lossy(&image), &cases)?;
            if dry_run {
                for case in &cases {
                    let model = case
                        .model
                        .map_or(String::new(), |model| format!(", model {model}"));
                    println!(
                        "{} {} {}x{}: {}{model}",
                        case.bench, case.kernel, case.blocks, case.threads, case.variant
                    );
                }
                println!("{} cases match the PTX", cases.len());
                return Ok(true);
            }
            let gpu = cuda::Gpu::open()?;
            let copy_gbps = copy::copy_bandwidth(&gpu, copy::DEFAULT_BYTES, 3, 20)?.gbps;
            let rows = calibrate::run::run(&gpu, &image, &cases)?;
            let calibration = calibrate::Calibration::new(gpu.name(), copy_gbps, rows);
            std::fs::create_dir_all(&results)
                .map_err(|error| runner::Error::io(&results, error))?;
            let path = calibration.save(&results)?;
            print!("{}", calibration.to_markdown());
            println!("\nresults: {}", path.display());
        }
    }
    Ok(true)
}

/// Runs a suite subcommand.
fn suite_command(command: SuiteCommand) -> Result<bool> {
    match command {
        SuiteCommand::Build {
            manifest,
            out,
            tools,
            kernels,
        } => {
            let plan = suite::build::build(&manifest, &out, &tools.into(), &kernels)?;
            let variants: usize = plan.kernels.iter().map(|k| k.variants.len()).sum();
            println!(
                "built {} kernels, {variants} variants into {}",
                plan.kernels.len(),
                out.display()
            );
            println!("on the GPU machine, run: {}/run.sh", out.display());
        }
        SuiteCommand::Check {
            manifest,
            work,
            tools,
            kernels,
        } => {
            for line in suite::check::check(&manifest, &work, &tools.into(), &kernels)? {
                println!("{line}");
            }
        }
        SuiteCommand::Run {
            plan,
            results,
            work,
            kernels,
            dry_run,
        } => {
            let work = work.unwrap_or_else(|| plan.parent().unwrap_or(Path::new(".")).join("work"));
            let ran = suite::run::run(&plan, &results, &work, &kernels, dry_run)?;
            print!("{}", ran.to_markdown());
            println!(
                "\nresults: {}/{}.json and .md",
                results.display(),
                ran.stem()
            );
            return Ok(ran.kernels.iter().all(|kernel| kernel.correct()));
        }
        SuiteCommand::Counters {
            plan,
            results,
            ncu,
            gpu,
            kernels,
        } => {
            let gpu = match gpu {
                Some(name) => name,
                None => cuda::Gpu::open()?.name().to_string(),
            };
            let path = suite::counters::counters(&plan, &results, &ncu, &gpu, &kernels)?;
            println!("counters: {}", path.display());
        }
    }
    Ok(true)
}

fn main() -> ExitCode {
    let outcome = match Cli::parse().command {
        Command::Launch {
            description,
            out,
            dry_run,
        } => launch_command(&description, out, dry_run),
        Command::Check { description } => check_command(&description),
        Command::Compare {
            left,
            right,
            output,
            element,
        } => compare_command(&left, &right, output.as_deref(), element),
        Command::Copy { bytes, repeats } => copy_command(bytes, repeats),
        Command::Suite(command) => suite_command(command),
        Command::Calibrate(command) => calibrate_command(command),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("gpu-mem-opt-runner: {error}");
            ExitCode::FAILURE
        }
    }
}
