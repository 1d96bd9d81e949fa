//! `gpu-mem-opt interp` and `gpu-mem-opt diff`: run a kernel on the reference interpreter.
//!
//! * `interp FILE --kernel K --grid X,Y,Z [--block X,Y,Z] --arg SPEC ... [--print-arg N]
//!   [--trace] [--check-static] [--counters FILE]` translates kernel K (crate `translate`),
//!   runs it on the given arguments (one spec per parameter, see
//!   [`interpreter::Argument::parse`]) and prints what was asked: argument N's elements one
//!   per line (row-major), the measured metrics of every memory op (`trace LOC OP (SPACE):
//!   requests R, sectors_per_request S, bank_conflict_degree B, distinct_addresses D`), and
//!   the static check ([`crate::check`]); `--counters` writes the launch-wide totals that
//!   Nsight Compute's counters should show ([`runner::suite::predictions::Prediction`], JSON).
//! * `diff` ([`crate::diff`]) shares the launch code here.
//!
//! The block defaults to the kernel's own (`known_block_size`, constant launch operands).
//! Every failure — parse, translation, unsupported op, barrier divergence, out-of-bounds,
//! argument count or spec, a static/measured mismatch, a difference — is an `Err` whose text
//! `main` prints on standard error with exit status 1 (an empty text when the details are
//! already on standard output).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use analysis::target::Target;
use gpu_mem_opt::{
    facts::kernels,
    pipeline::{self, Diagnostics},
};
use interpreter::{Argument, Options, Trace};
use runner::suite::predictions::Prediction;

/// The target every measurement and analysis uses (design.md: sm_90).
const SM: u32 = 90;

/// What both subcommands need to launch a kernel.
#[derive(Clone)]
pub struct Launch {
    /// The MLIR file.
    pub file: PathBuf,
    /// The kernel's name (empty with `entry`).
    pub kernel: String,
    /// A whole program's entry function, run instead of a kernel.
    pub entry: Option<String>,
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block, if given.
    pub block: Option<[u32; 3]>,
    /// One argument spec per parameter.
    pub arguments: Vec<String>,
    /// The most bytes one launch's buffers may hold in the interpreter.
    pub memory_limit: u64,
    /// Bytes of dynamic shared memory per block (a kernel's launch; a program's launches give
    /// their own).
    pub dynamic_shared_bytes: u64,
}

/// Parses a byte count: `N`, or `N` with `K`, `M` or `G` (powers of 1024), such as `512M`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    const UNITS: [(char, u32); 3] = [('K', 10), ('M', 20), ('G', 30)];
    let upper = text.trim().to_ascii_uppercase();
    let (digits, shift) = UNITS
        .iter()
        .find_map(|&(unit, shift)| upper.strip_suffix(unit).map(|digits| (digits, shift)))
        .unwrap_or((upper.as_str(), 0));
    digits
        .parse::<u64>()
        .ok()
        .and_then(|count| count.checked_mul(1 << shift))
        .ok_or_else(|| format!("'{text}' is not a size in bytes (N, NK, NM or NG)"))
}

/// What `interp` prints after the run.
pub struct Outputs {
    /// Arguments to print, by position.
    pub print: Vec<usize>,
    /// Print the measured metrics of every memory op.
    pub trace: bool,
    /// Compare with the static analysis.
    pub check_static: bool,
    /// Where to write the predicted hardware counters.
    pub counters: Option<PathBuf>,
}

/// Parses `X[,Y[,Z]]` (missing sizes are 1).
pub fn parse_dim3(text: &str) -> Result<[u32; 3], String> {
    let sizes: Vec<u32> = text
        .split(',')
        .map(|size| {
            size.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{size}' is not a size"))
        })
        .collect::<Result<_, _>>()?;
    if sizes.is_empty() || sizes.len() > 3 {
        return Err(format!("'{text}' is not X,Y,Z"));
    }
    let mut dims = [1; 3];
    dims[..sizes.len()].copy_from_slice(&sizes);
    Ok(dims)
}

/// A parsed module's kernel, its translation and the block to run it with.
pub struct Prepared {
    /// The kernel as the pass sees it.
    pub kernel: kernels::Kernel,
    /// Its translation.
    pub translated: interpreter::Kernel,
    /// The block it runs with.
    pub block: [u32; 3],
}

/// Finds and translates `name` in `module`; the block is `block` or the kernel's own.
pub fn prepare(
    module: &melior::ir::Module,
    name: &str,
    block: Option<[u32; 3]>,
) -> Result<Prepared, String> {
    let kernel =
        translate::find(module.as_operation().to_raw(), name).map_err(|e| e.to_string())?;
    let block = block.or(kernel.block.sizes()).ok_or_else(|| {
        format!(
            "kernel '{name}': {}; give --block X,Y,Z",
            kernel.block.describe()
        )
    })?;
    let translated = translate::translate(&kernel).map_err(|e| e.to_string())?;
    Ok(Prepared {
        kernel,
        translated,
        block,
    })
}

/// Parses one spec per parameter of `kernel`.
pub fn arguments(kernel: &interpreter::Kernel, specs: &[String]) -> Result<Vec<Argument>, String> {
    let parameters = kernel.parameters();
    if specs.len() != parameters.len() {
        return Err(interpreter::Error::ArgumentCount {
            kernel: kernel.name.clone(),
            expected: parameters.len(),
            given: specs.len(),
        }
        .to_string());
    }
    parameters
        .iter()
        .zip(specs)
        .enumerate()
        .map(|(index, (&parameter, spec))| {
            Argument::parse(spec, kernel.value_type(parameter))
                .map_err(|error| format!("argument {index}: {error}"))
        })
        .collect()
}

/// Runs `prepared` on `arguments` over `launch`'s grid.
pub fn run(
    prepared: &Prepared,
    launch: &Launch,
    arguments: &mut [Argument],
) -> Result<Trace, String> {
    run_translated(
        &prepared.translated,
        (launch.grid, prepared.block),
        arguments,
        launch,
    )
    .map_err(|error| error.to_string())
}

/// Runs a translated kernel over `grid` in blocks of `block` threads (plain data: any thread
/// may), with `launch`'s memory limit and dynamic shared memory.
pub fn run_translated(
    kernel: &interpreter::Kernel,
    (grid, block): ([u32; 3], [u32; 3]),
    arguments: &mut [Argument],
    launch: &Launch,
) -> Result<Trace, interpreter::Error> {
    let options = Options {
        // SM is a target the table holds; the default model is sm_90's too.
        bank_model: target().map_or(Options::default().bank_model, |target| target.bank_model),
        memory_limit: launch.memory_limit,
        dynamic_shared_bytes: launch.dynamic_shared_bytes,
        ..Options::default()
    };
    interpreter::run(kernel, grid, block, arguments, &options)
}

/// The sm_90 target.
pub fn target() -> Result<Target, String> {
    Target::from_sm(SM).map_err(|error| error.to_string())
}

/// Parses `file` in `context`; the error carries the parser's diagnostics.
pub fn parse<'c>(
    context: &'c melior::Context,
    file: &Path,
) -> Result<melior::ir::Module<'c>, String> {
    let diagnostics = Diagnostics::capture(context);
    pipeline::parse_file(context, &diagnostics, file).map_err(|error| error.to_string())
}

/// The program whose entry is `entry` in `module`, translated.
pub fn program(module: &melior::ir::Module, entry: &str) -> Result<interpreter::Kernel, String> {
    translate::program(module.as_operation().to_raw(), entry).map_err(|error| error.to_string())
}

/// `gpu-mem-opt interp --entry`: runs a whole program, prints what it printed, then what
/// `outputs` asks for (its own arguments; each launch's trace).
fn interp_program(launch: &Launch, entry: &str, outputs: &Outputs) -> Result<(), String> {
    if outputs.check_static || outputs.counters.is_some() {
        return Err("--check-static and --counters measure one kernel: give --kernel".into());
    }
    let context = pipeline::context();
    let module = parse(&context, &launch.file)?;
    let translated = program(&module, entry)?;
    let mut arguments = arguments(&translated, &launch.arguments)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let trace =
        run_translated(&translated, ([1; 3], [1; 3]), &mut arguments, launch).map_err(|error| {
            // A failed assertion stops the program after what it printed, as on the GPU.
            let shown = out
                .write_all(error.printed().as_bytes())
                .and_then(|()| out.flush());
            shown.map_or_else(|failed| failed.to_string(), |()| error.to_string())
        })?;
    let written = out.write_all(trace.output.as_bytes());
    written.map_err(|error| error.to_string())?;
    for &index in &outputs.print {
        print_argument(&mut out, &arguments, index)?;
    }
    if outputs.trace {
        for (number, launched) in trace.launches.iter().enumerate() {
            let header = format!(
                "launch {number} @{}: grid {:?}, block {:?}",
                launched.kernel, launched.grid, launched.block
            );
            writeln!(out, "{header}").map_err(|error| error.to_string())?;
            print_trace(&mut out, &launched.trace).map_err(|error| error.to_string())?;
        }
    }
    out.flush().map_err(|error| error.to_string())
}

/// `gpu-mem-opt interp`.
pub fn interp(launch: &Launch, outputs: &Outputs) -> Result<(), String> {
    if let Some(entry) = &launch.entry {
        return interp_program(launch, entry, outputs);
    }
    let context = pipeline::context();
    let module = parse(&context, &launch.file)?;
    let prepared = prepare(&module, &launch.kernel, launch.block)?;
    let mut arguments = arguments(&prepared.translated, &launch.arguments)?;
    let trace = run(&prepared, launch, &mut arguments)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for &index in &outputs.print {
        print_argument(&mut out, &arguments, index)?;
    }
    if outputs.trace {
        print_trace(&mut out, &trace).map_err(|error| error.to_string())?;
    }
    if outputs.check_static {
        crate::check::check_static(&mut out, &prepared, &trace)?;
    }
    if let Some(path) = &outputs.counters {
        runner::files::write_json(path, &Prediction::of(&trace))
            .map_err(|error| error.to_string())?;
    }
    out.flush().map_err(|error| error.to_string())
}

/// Prints argument `index`: every element of a buffer, or the scalar.
fn print_argument(
    out: &mut impl Write,
    arguments: &[Argument],
    index: usize,
) -> Result<(), String> {
    let written = match arguments.get(index) {
        Some(Argument::Buffer(buffer)) => buffer.write_elements(out),
        Some(Argument::Same(of)) => return print_argument(out, arguments, *of),
        Some(Argument::Scalar(scalar)) => {
            writeln!(
                out,
                "{}",
                interpreter::format_element(scalar.bits, scalar.element)
            )
        }
        None => {
            return Err(format!(
                "--print-arg {index}: the kernel has {} arguments",
                arguments.len()
            ))
        }
    };
    written.map_err(|error| error.to_string())
}

/// Prints the measured metrics of every memory op: sectors for global and local memory (L1
/// lines), the bank-conflict degree and total wavefronts for shared memory, neither for
/// constant memory.
fn print_trace(out: &mut impl Write, trace: &Trace) -> io::Result<()> {
    use interpreter::MemorySpace;
    for access in &trace.accesses {
        let metrics = &access.metrics;
        // Shared memory's total wavefronts too: the time a block's requests take there.
        let (measured, wavefronts) = match access.space {
            Some(MemorySpace::Global | MemorySpace::Private) => (
                format!(", sectors_per_request {}", metrics.sectors_per_request),
                String::new(),
            ),
            Some(MemorySpace::Workgroup) => (
                format!(", bank_conflict_degree {}", metrics.bank_conflict_degree),
                format!(", wavefronts {}", access.totals.wavefronts),
            ),
            Some(MemorySpace::Constant) | None => (String::new(), String::new()),
        };
        writeln!(
            out,
            "trace {} {} ({}): requests {}{measured}, distinct_addresses {}{wavefronts}",
            access.location,
            access.op,
            access.space.map_or("not executed", |space| space.name()),
            metrics.requests,
            metrics.distinct_addresses
        )?;
    }
    Ok(())
}
