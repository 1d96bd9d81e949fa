//! `gpu-mem-opt`: the command line of gpu-mem-opt.
//!
//! * `opt FILE [-o OUT] [--options '...']` runs the pass and prints the IR;
//! * `ptx FILE -o OUT.ptx [--sm 90] [--no-opt]` runs the pass (unless
//!   `--no-opt`), lowers through NVVM and writes the PTX;
//! * `report FILE` prints the report as a table (FILE is MLIR, on which the
//!   pass runs, or a report `.json` written by `report=PATH`).
//!
//! Diagnostics (remarks included) go to standard error in `mlir-opt`'s
//! format; any error makes the exit status 1.

mod commands;
mod table;

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

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
    },
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
        Command::Report { file, options } => commands::report(&file, &options),
    };
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
