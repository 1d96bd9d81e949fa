//! `suite check`: every MLIR variant of every kernel, at the check size, on the reference
//! interpreter, must print exactly what the naive kernel prints; and its bench-size code, run
//! on the first blocks of the bench grid, must leave exactly what the naive kernel leaves.
//!
//! Model. The same variants the build lowers to PTX ([`super::variants`]), from the same
//! sized source, run by `gpu-mem-opt interp` with the manifest's argument specs and every
//! output printed (`--print-arg`); the printouts must be equal byte for byte ([`verify`],
//! which the build also uses to reject wrong variants before they reach a GPU). This proves
//! the gpu-mem-opt rewrite and both baselines' rewrites (including the text rewrites of
//! [`super::shared_memory`]) on the CPU, so that on the GPU only the lowering and the
//! hardware remain to be trusted. It needs the tools, not a GPU: a lit test runs it.
//!
//! The pass decides with the problem size (a table fits constant memory at the check size
//! but not at the bench size; staging pays only for large matrices), so the code timed on
//! the GPU is not always the code checked at the check size. [`verify_corner`] therefore
//! also runs the bench-size variant against the bench-size naive kernel (`gpu-mem-opt diff
//! --against`) on the grid's corner ([`KernelEntry::corner`]: as many blocks as the check
//! size has): the full-size buffers, the first blocks' work.
//!
//! [`verify_program`] runs each kernel as a whole program too: wrapped in host code that
//! allocates its buffers and launches it (`gpu-mem-opt wrap`), optimized with the default
//! options, before and after (`diff --entry main`), so the launch facts the pass proves from
//! host code are checked on every suite kernel.
//!
//! Cost. Per variant, one interpreter run at the check size and two on the bench size's
//! corner (buffers of the bench size: up to a few hundred MiB of interpreter memory). Entries
//! that differ only in pass options (the `-block` and `-relayout` twins) run naive, the
//! baselines and the whole program once ([`OptionFree`]): none of them reads the options.

use std::path::Path;

use crate::error::{Error, Result};
use crate::files;

use super::build::{dims, interpret, launch_arguments};
use super::tools::{self, Tools};
use super::variants::{self, Produced, Variant};
use super::{KernelEntry, Manifest, Size};

/// The first line where `left` and `right` differ (1-based), with both lines.
fn first_difference(left: &str, right: &str) -> String {
    let mut left_lines = left.lines();
    let mut right_lines = right.lines();
    let mut number = 1;
    loop {
        match (left_lines.next(), right_lines.next()) {
            (Some(a), Some(b)) if a == b => number += 1,
            (a, b) => {
                return format!(
                    "line {number}: naive '{}', variant '{}'",
                    a.unwrap_or("<end>"),
                    b.unwrap_or("<end>")
                )
            }
        }
    }
}

/// Why `mlir` is wrong at the check size: its printout differs from `naive_printout`, or
/// the interpreter refuses it; `None` when it prints the same.
pub fn verify(
    tools: &Tools,
    kernel: &KernelEntry,
    mlir: &Path,
    naive_printout: &str,
) -> Result<Option<String>> {
    match interpret(tools, kernel, mlir, Size::Check, &kernel.output_positions()) {
        Ok(printed) if printed == naive_printout => Ok(None),
        Ok(printed) => Ok(Some(format!(
            "outputs differ from naive on the interpreter at {}",
            first_difference(naive_printout, &printed)
        ))),
        Err(Error::Tool { detail, .. }) => Ok(Some(format!(
            "fails on the interpreter: {}",
            detail.lines().last().unwrap_or_default()
        ))),
        Err(error) => Err(error),
    }
}

/// Why the bench-size `mlir` is wrong: on the interpreter's corner of the grid
/// ([`KernelEntry::corner`]) its outputs differ from the bench-size `naive` kernel's
/// (`gpu-mem-opt diff --against`), or it fails there; `None` when they are identical. The
/// pass decides with the problem size (constant memory needs a table under 64 KiB, staging
/// a large enough matrix), so the bench-size code can differ from the check-size code: this
/// checks the code the GPU runs.
pub fn verify_corner(
    tools: &Tools,
    kernel: &KernelEntry,
    naive: &Path,
    mlir: &Path,
) -> Result<Option<String>> {
    let mut command = tools::command(
        &tools.gpu_mem_opt,
        [
            "diff".as_ref(),
            naive.as_os_str(),
            "--against".as_ref(),
            mlir.as_os_str(),
        ],
    );
    command.args(launch_arguments(kernel, Size::Bench, kernel.corner()));
    let [x, y, z] = kernel.corner();
    Ok(diff_failure(command)?.map(|why| {
        format!(
            "differs from naive at the bench size on the interpreter's first {x}x{y}x{z} blocks: {why}"
        )
    }))
}

/// Runs a `gpu-mem-opt diff` command: `None` when it says identical, else its last line.
fn diff_failure(mut command: std::process::Command) -> Result<Option<String>> {
    let line = tools::describe(&command);
    let finished = command.output().map_err(|error| Error::Tool {
        command: line,
        detail: error.to_string(),
    })?;
    if finished.status.success() {
        return Ok(None);
    }
    let printed = String::from_utf8_lossy(&finished.stdout);
    let failed = String::from_utf8_lossy(&finished.stderr);
    let why = printed
        .lines()
        .chain(failed.lines())
        .rfind(|line| !line.trim().is_empty())
        .unwrap_or("no message");
    Ok(Some(why.to_string()))
}

/// Why the check-size kernel is wrong as a whole program: wrapped in host code that
/// `gpu.alloc`s its buffers and launches it (`gpu-mem-opt wrap`), then optimized with the
/// **default** options (the pass proves from the launch site what the manifest's options
/// assume) and run before and after (`gpu-mem-opt diff --entry main`); `None` when identical.
pub fn verify_program(
    tools: &Tools,
    kernel: &KernelEntry,
    source: &Path,
    work: &Path,
) -> Result<Option<String>> {
    let mut wrap = tools::command(
        &tools.gpu_mem_opt,
        [
            "wrap".as_ref(),
            source.as_os_str(),
            "--kernel".as_ref(),
            kernel.kernel.as_ref(),
        ],
    );
    wrap.args(["--grid".to_string(), dims(kernel.grid(Size::Check))]);
    if let Some(block) = kernel.block {
        wrap.args(["--block".to_string(), dims(block)]);
    }
    let program = work.join("program.mlir");
    files::write(&program, tools::output(&mut wrap, None)?)?;
    let mut diff = tools::command(
        &tools.gpu_mem_opt,
        [
            "diff".as_ref(),
            program.as_os_str(),
            "--entry".as_ref(),
            "main".as_ref(),
        ],
    );
    for spec in kernel.specs(Size::Check) {
        diff.args(["--arg", spec.as_str()]);
    }
    Ok(diff_failure(diff)?.map(|why| format!("differs as a whole program: {why}")))
}

/// What one variant's check gave.
#[derive(Clone)]
enum Outcome {
    /// Prints what naive prints.
    Same,
    /// The variant does not apply (why).
    NotApplicable(String),
    /// It differs (how).
    Differs(String),
}

/// What a kernel's check found that its pass options do not change: naive's printout, the
/// baselines' outcomes and the whole program's (which runs the default options). Entries that
/// differ only in options (the `-block` and `-relayout` twins) share it.
#[derive(Clone)]
struct OptionFree {
    naive: String,
    baselines: Vec<(Variant, Outcome)>,
    program: Option<String>,
}

/// The entry as far as its option-free results depend on it: everything but its name, its
/// description, its pass options and its CUDA reference.
fn option_free_key(kernel: &KernelEntry) -> String {
    let mut key = kernel.clone();
    key.name.clear();
    key.about.clear();
    key.options.clear();
    key.cuda = None;
    serde_json::to_string(&key).unwrap_or_default()
}

/// Produces `variant` of the sized sources and runs it at the check size and on the bench
/// size's corner.
fn outcome(
    tools: &Tools,
    kernel: &KernelEntry,
    variant: Variant,
    (check_source, bench_source): (&Path, &Path),
    naive: &str,
) -> Result<Outcome> {
    let [check_mlir, bench_mlir] = [check_source, bench_source].map(|source| {
        let here = source.parent().unwrap_or(source);
        variants::produce(tools, variant, source, &kernel.options, here)
    });
    let (check_mlir, bench_mlir) = match (check_mlir?, bench_mlir?) {
        (Produced::Mlir(check_mlir), Produced::Mlir(bench_mlir)) => (check_mlir, bench_mlir),
        (Produced::Skipped(reason), _) | (_, Produced::Skipped(reason)) => {
            return Ok(Outcome::NotApplicable(reason))
        }
    };
    let wrong = match verify(tools, kernel, &check_mlir, naive)? {
        None => verify_corner(tools, kernel, bench_source, &bench_mlir)?,
        wrong => wrong,
    };
    Ok(wrong.map_or(Outcome::Same, Outcome::Differs))
}

/// Checks the kernels called `names` (all when empty); returns one summary line per kernel,
/// or an error listing every gpu-mem-opt or fixed-padding variant that differs from naive.
/// The upstream baseline's failures are findings about upstream, reported, not errors.
pub fn check(manifest: &Path, work: &Path, tools: &Tools, names: &[String]) -> Result<Vec<String>> {
    let loaded = Manifest::load(manifest)?;
    let root = manifest.parent().unwrap_or(Path::new("."));
    let mut summaries = Vec::new();
    let mut failures = Vec::new();
    let mut checked: std::collections::HashMap<String, OptionFree> = Default::default();
    for kernel in loaded.select(names)? {
        let directory = work.join(&kernel.name);
        let text = files::read_text(&root.join(&kernel.source))?;
        let sources = [Size::Check, Size::Bench].map(|size| {
            let source = directory.join(size.name()).join("source.mlir");
            files::write(&source, kernel.sized_source(&text, size)).map(|()| source)
        });
        let [check_source, bench_source] = sources;
        let sized = (check_source?, bench_source?);
        let sized = (sized.0.as_path(), sized.1.as_path());
        let key = option_free_key(kernel);
        let free = match checked.get(&key) {
            Some(free) => free.clone(),
            None => {
                let naive = interpret(
                    tools,
                    kernel,
                    sized.0,
                    Size::Check,
                    &kernel.output_positions(),
                )?;
                let mut baselines = Vec::new();
                for variant in [Variant::FixedPadding, Variant::UpstreamSwizzle] {
                    baselines.push((variant, outcome(tools, kernel, variant, sized, &naive)?));
                }
                let check_directory = sized.0.parent().unwrap_or(work);
                let program = verify_program(tools, kernel, sized.0, check_directory)?;
                let free = OptionFree {
                    naive,
                    baselines,
                    program,
                };
                checked.insert(key, free.clone());
                free
            }
        };
        let mut outcomes = vec![(
            Variant::GpuMemOpt,
            outcome(tools, kernel, Variant::GpuMemOpt, sized, &free.naive)?,
        )];
        outcomes.extend(free.baselines);
        let mut same = vec![Variant::Naive.name()];
        let mut notes = Vec::new();
        for (variant, outcome) in outcomes {
            match outcome {
                Outcome::Same => same.push(variant.name()),
                Outcome::NotApplicable(reason) => {
                    notes.push(format!("{}: not applicable ({reason})", variant.name()))
                }
                Outcome::Differs(wrong) if variant == Variant::UpstreamSwizzle => {
                    notes.push(format!("{}: rejected ({wrong})", variant.name()))
                }
                Outcome::Differs(wrong) => {
                    failures.push(format!("{} {}: {wrong}", kernel.name, variant.name()))
                }
            }
        }
        match free.program {
            None => same.push("whole program"),
            Some(wrong) => failures.push(format!("{} whole program: {wrong}", kernel.name)),
        }
        let values = free.naive.lines().count();
        let [x, y, z] = kernel.corner();
        let mut summary = format!(
            "{}: {} identical ({values} values; bench size on {x}x{y}x{z} blocks)",
            kernel.name,
            same.join(", ")
        );
        for note in notes {
            summary.push_str("; ");
            summary.push_str(&note);
        }
        summaries.push(summary);
    }
    if failures.is_empty() {
        Ok(summaries)
    } else {
        Err(Error::Invalid(failures.join("\n")))
    }
}
