//! `suite check`: every MLIR variant of every kernel, at the check size, on the reference
//! interpreter, must print exactly what the naive kernel prints.
//!
//! Model. The same variants the build lowers to PTX ([`super::variants`]), from the same
//! sized source, run by `gpu-mem-opt interp` with the manifest's argument specs and every
//! output printed (`--print-arg`); the printouts must be equal byte for byte ([`verify`],
//! which the build also uses to reject wrong variants before they reach a GPU). This proves
//! the gpu-mem-opt rewrite and both baselines' rewrites (including the text rewrites of
//! [`super::shared_memory`]) on the CPU, so that on the GPU only the lowering and the
//! hardware remain to be trusted. It needs the tools, not a GPU: a lit test runs it.
//!
//! Cost. One interpreter run per variant at the check size.

use std::path::Path;

use crate::error::{Error, Result};
use crate::files;

use super::build::interpret;
use super::tools::Tools;
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

/// Checks the kernels called `names` (all when empty); returns one summary line per kernel,
/// or an error listing every gpu-mem-opt or fixed-padding variant that differs from naive.
/// The upstream baseline's failures are findings about upstream, reported, not errors.
pub fn check(manifest: &Path, work: &Path, tools: &Tools, names: &[String]) -> Result<Vec<String>> {
    let loaded = Manifest::load(manifest)?;
    let root = manifest.parent().unwrap_or(Path::new("."));
    let mut summaries = Vec::new();
    let mut failures = Vec::new();
    for kernel in loaded.select(names)? {
        let directory = work.join(&kernel.name);
        let source = directory.join("source.mlir");
        let text = files::read_text(&root.join(&kernel.source))?;
        files::write(&source, kernel.sized_source(&text, Size::Check))?;
        let naive = interpret(
            tools,
            kernel,
            &source,
            Size::Check,
            &kernel.output_positions(),
        )?;
        let mut same = vec![Variant::Naive.name()];
        let mut notes = Vec::new();
        for variant in &Variant::MLIR[1..] {
            let produced =
                variants::produce(tools, *variant, &source, &kernel.options, &directory)?;
            let mlir = match produced {
                Produced::Mlir(mlir) => mlir,
                Produced::Skipped(reason) => {
                    notes.push(format!("{}: not applicable ({reason})", variant.name()));
                    continue;
                }
            };
            match verify(tools, kernel, &mlir, &naive)? {
                None => same.push(variant.name()),
                Some(wrong) if *variant == Variant::UpstreamSwizzle => {
                    notes.push(format!("{}: rejected ({wrong})", variant.name()))
                }
                Some(wrong) => {
                    failures.push(format!("{} {}: {wrong}", kernel.name, variant.name()))
                }
            }
        }
        let values = naive.lines().count();
        let mut summary = format!(
            "{}: {} identical ({values} values)",
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
