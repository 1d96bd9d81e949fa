//! `gpu-mem-opt`: the command line of gpu-mem-opt.
//!
//! * `opt FILE [-o OUT] [--options '...']` runs the pass and prints the IR;
//! * `ptx FILE -o OUT.ptx [--sm 90] [--no-opt]` runs the pass (unless
//!   `--no-opt`), lowers through NVVM and writes the PTX;
//! * `report FILE` prints the report as a table (FILE is MLIR, on which the
//!   pass runs, or a report `.json` written by `report=PATH`);
//! * `interp FILE --kernel K --grid X,Y,Z --arg SPEC ...` runs a kernel on the
//!   reference interpreter (printing arguments, measured traffic, and checking
//!   the static analysis against it), see [`interp`];
//! * `diff FILE --kernel K --grid X,Y,Z` runs a kernel before and after the
//!   pass and demands bit-identical results, see [`diff`].
//! * `fuzz --seed S --count N [--first I] [--keep DIR] [--options '...']`
//!   generates N random kernels and runs `diff` on each in a child process,
//!   reporting crashes, pass errors, invalid IR and differences, see [`fuzz`].
//! * `run FILE --kernel K --grid X,Y,Z --arg SPEC ... --emit DIR` writes the
//!   kernel's PTX and a launch description, and launches it if a GPU is here,
//!   see [`run`].
//!
//! Diagnostics (remarks included) go to standard error in `mlir-opt`'s
//! format; any error makes the exit status 1.

mod check;
mod commands;
mod diff;
mod fuzz;
mod generate;
mod interp;
mod run;
mod table;
mod wrap;

use std::{path::PathBuf, process::ExitCode};

use clap::{Args, Parser, Subcommand};

/// gpu-mem-opt: make GPU kernels use memory well (MLIR, NVVM, PTX).
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
enum Command {
    /// Run the gpu-mem-opt pass on FILE and print the result.
    Opt {
        /// Input MLIR file.
        file: PathBuf,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Pass options, as inside `gpu-mem-opt{...}`: e.g. 'sm=90 block=32,8,1 pad=false'.
        #[arg(long, default_value = "")]
        options: String,
    },
    /// Run the pass (unless --no-opt), lower through NVVM, write PTX.
    ///
    /// Math functions become libdevice calls, linked from the CUDA toolkit in $CUDA_ROOT,
    /// $CUDA_HOME or $CUDA_PATH, else the one scripts/setup.sh links as build/nvvm, else
    /// /usr/local/cuda (the `toolkit` option of gpu-mem-opt-lower-to-ptx); with none, a
    /// kernel that calls one is an error rather than PTX the CUDA driver refuses.
    Ptx {
        /// Input MLIR file.
        file: PathBuf,
        /// Output PTX file.
        #[arg(short, long)]
        output: PathBuf,
        /// Target SM version.
        #[arg(long, default_value_t = 90)]
        sm: u32,
        /// Lower without running gpu-mem-opt.
        #[arg(long)]
        no_opt: bool,
        /// Further pass options, as inside `gpu-mem-opt{...}`.
        #[arg(long, default_value = "")]
        options: String,
    },
    /// Print the report as a table (FILE: MLIR to analyse, or a report .json).
    Report {
        /// Input MLIR file or JSON report.
        file: PathBuf,
        /// Pass options when FILE is MLIR.
        #[arg(long, default_value = "")]
        options: String,
        /// Also write the remarks as HTML to DIR, the source with each decision inline (LLVM's
        /// opt-viewer on the remarks' YAML, DIR/remarks.yaml); FILE must be MLIR.
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
    },
    /// Print FILE with a host function @main that launches the kernel from gpu.alloc'd copies
    /// of its arguments (for the pass's launch facts, and `diff --entry main`).
    Wrap {
        /// Input MLIR file (a module with gpu.container_module).
        file: PathBuf,
        /// The gpu.func kernel.
        #[arg(long)]
        kernel: String,
        /// Blocks in the grid.
        #[arg(long, value_name = "X,Y,Z", value_parser = interp::parse_dim3)]
        grid: [u32; 3],
        /// Threads per block (default: the kernel's known_block_size).
        #[arg(long, value_name = "X,Y,Z", value_parser = interp::parse_dim3)]
        block: Option<[u32; 3]>,
        /// Pass the integer constant V as scalar parameter N (0-based) instead of main's
        /// argument, as host code that fixes a problem size does (repeatable)
        #[arg(long = "constant", value_name = "N=V", value_parser = parse_constant)]
        constants: Vec<(usize, i64)>,
    },
    /// Run a kernel on the reference interpreter.
    Interp {
        #[command(flatten)]
        launch: LaunchArgs,
        /// Print argument N after the run, one element per line, row-major (repeatable).
        #[arg(long = "print-arg", value_name = "N")]
        print_arg: Vec<usize>,
        /// Print the measured metrics of every memory op.
        #[arg(long)]
        trace: bool,
        /// Demand that every exact static metric equals the measured one.
        #[arg(long)]
        check_static: bool,
        /// Write the launch's hardware counters as the model predicts them (JSON).
        #[arg(long, value_name = "FILE")]
        counters: Option<PathBuf>,
    },
    /// Run a kernel before and after gpu-mem-opt (or against another file's kernel) and
    /// compare the results bit for bit.
    Diff {
        #[command(flatten)]
        launch: LaunchArgs,
        /// Pass options, as inside `gpu-mem-opt{...}`.
        #[arg(long, default_value = "", conflicts_with = "against")]
        options: String,
        /// Compare with this file's kernel, run as given, instead of running the pass.
        #[arg(long, value_name = "FILE")]
        against: Option<PathBuf>,
        /// Run the pass on the kernels alone, the host code taken out (as when kernels are
        /// compiled apart from their launcher), then launch them from the host code as written,
        /// which fulfils no launch contract; with --kernel, from the host @main that `wrap`
        /// writes for it.
        #[arg(long, conflicts_with = "against")]
        lone_kernels: bool,
    },
    /// Emit a kernel's PTX and launch description; launch it if a GPU is here.
    Run(run::RunArgs),
    /// Differential fuzzing: run `diff` on N random kernels; exit status 1 on any finding.
    Fuzz {
        /// The campaign's seed (the same seed gives the same cases).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many cases to run.
        #[arg(long, default_value_t = 100)]
        count: u64,
        /// The first case's index (reproduce case I with --first I --count 1).
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Write the kernel of every finding to this directory.
        #[arg(long, value_name = "DIR")]
        keep: Option<PathBuf>,
        /// Pass options for every case (default: random options per case).
        #[arg(long)]
        options: Option<String>,
        /// Draw every case from this family (atomics, branches, column, gather, huge, product,
        /// reduction, rows, stencil, tile, tree, trips, vector, warp), the rest of each case as
        /// it would be: a campaign aimed at the transform the family exists for.
        #[arg(long, value_name = "NAME")]
        family: Option<String>,
    },
}

/// How to launch a kernel on the interpreter.
#[derive(Args)]
struct LaunchArgs {
    /// Input MLIR file.
    file: PathBuf,
    /// The kernel: a gpu.func symbol, or launch@FILE:LINE:COL for a gpu.launch.
    #[arg(long, required_unless_present = "entry")]
    kernel: Option<String>,
    /// Run a whole program instead: the host func.func NAME (e.g. main), its gpu.alloc,
    /// gpu.memcpy, gpu.launch_func and runner-utils printers included; what it prints goes
    /// to standard output.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["kernel", "grid", "block"])]
    entry: Option<String>,
    /// Blocks in the grid (required with --kernel).
    #[arg(long, value_name = "X,Y,Z", value_parser = interp::parse_dim3, required_unless_present = "entry")]
    grid: Option<[u32; 3]>,
    /// Threads per block (default: the kernel's known_block_size).
    #[arg(long, value_name = "X,Y,Z", value_parser = interp::parse_dim3)]
    block: Option<[u32; 3]>,
    /// One per kernel argument, in order: zeros, ones, iota, random:SEED (memrefs, with an
    /// optional :SHAPE such as :64x64, and @B to start the buffer B bytes past a 256-byte
    /// boundary), same:N (argument N's buffer again, as an in-place launch passes it; a
    /// parameter of another static shape views its first elements), or a literal (scalars).
    #[arg(long = "arg", value_name = "SPEC")]
    arguments: Vec<String>,
    /// The most memory one launch's buffers may take in the interpreter (8 bytes per element;
    /// N, NK, NM or NG); going over is an error naming the buffer.
    #[arg(long, value_name = "SIZE", value_parser = interp::parse_size, default_value = "8G")]
    memory_limit: u64,
    /// Bytes of dynamic shared memory each block gets (`extern __shared__`; N, NK or NM), as a
    /// launch's dynamic_shared_memory_size gives them (with --kernel; a program's launches
    /// say it themselves).
    #[arg(long, value_name = "SIZE", value_parser = interp::parse_size, default_value = "0", conflicts_with = "entry")]
    dynamic_shared_memory: u64,
}

impl From<LaunchArgs> for interp::Launch {
    fn from(args: LaunchArgs) -> interp::Launch {
        interp::Launch {
            file: args.file,
            kernel: args.kernel.unwrap_or_default(),
            entry: args.entry,
            grid: args.grid.unwrap_or([1; 3]),
            block: args.block,
            arguments: args.arguments,
            memory_limit: args.memory_limit,
            dynamic_shared_bytes: args.dynamic_shared_memory,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Opt {
            file,
            output,
            options,
        } => commands::opt(&file, output.as_deref(), &options),
        Command::Ptx {
            file,
            output,
            sm,
            no_opt,
            options,
        } => commands::ptx(&file, &output, sm, no_opt, &options),
        Command::Report {
            file,
            options,
            html,
        } => match html {
            Some(directory) => commands::report_html(&file, &options, &directory),
            None => commands::report(&file, &options),
        },
        Command::Wrap {
            file,
            kernel,
            grid,
            block,
            constants,
        } => {
            return finish(
                wrap::wrap(&file, &kernel, (grid, block), &constants).map(|text| print!("{text}")),
            );
        }
        Command::Interp {
            launch,
            print_arg,
            trace,
            check_static,
            counters,
        } => {
            let outputs = interp::Outputs {
                print: print_arg,
                trace,
                check_static,
                counters,
            };
            return finish(interp::interp(&launch.into(), &outputs));
        }
        Command::Diff {
            launch,
            options,
            against,
            lone_kernels,
        } => {
            let other = match &against {
                Some(path) => diff::Other::File(path),
                None => diff::Other::Pass(&options, lone_kernels),
            };
            let launch: interp::Launch = launch.into();
            if lone_kernels && launch.entry.is_none() {
                let wrapped = match diff::Wrapped::of(&launch) {
                    Ok(wrapped) => wrapped,
                    Err(why) => return finish(Err(why)),
                };
                return finish(diff::diff(&wrapped.launch, &other));
            }
            return finish(diff::diff(&launch, &other));
        }
        Command::Run(args) => return finish(run::run(args)),
        Command::Fuzz {
            seed,
            count,
            first,
            keep,
            options,
            family,
        } => {
            let family = match family.as_deref().map(generate::Family::named).transpose() {
                Ok(family) => family,
                Err(why) => return finish(Err(why)),
            };
            let campaign = fuzz::Campaign {
                seed,
                first,
                count,
                keep,
                options,
                family,
            };
            return finish(fuzz::fuzz(&campaign));
        }
    };
    finish(result)
}

/// The exit status of a subcommand's result, printing its error (if any text) on stderr.
fn finish<E: std::fmt::Display>(result: Result<(), E>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let text = error.to_string();
            if !text.is_empty() {
                eprintln!("gpu-mem-opt: {text}");
            }
            ExitCode::FAILURE
        }
    }
}

/// `N=V`: a scalar parameter's position and the integer constant a launch passes it.
fn parse_constant(text: &str) -> Result<(usize, i64), String> {
    let (position, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}': expected N=V, e.g. 0=4096"))?;
    let position = position
        .trim()
        .parse()
        .map_err(|_| format!("'{text}': N is a parameter's position, 0 for the first"))?;
    let value = value
        .trim()
        .parse()
        .map_err(|_| format!("'{text}': V is an integer"))?;
    Ok((position, value))
}
