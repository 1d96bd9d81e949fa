//! `arraylang PROGRAM.arr ...`: compiles each program, says what gpu-mem-opt did, and checks
//! the results against a CPU evaluation (see the library's documentation).
//!
//! Options: `--sm N` (default 90), `--emit DIR` (writes each program's MLIR before and after
//! the pass and its PTX there). Exit status 1 when any program fails to compile or differs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut sm = 90;
    let mut emit: Option<PathBuf> = None;
    let mut files = Vec::new();
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--sm" => match arguments.next().and_then(|value| value.parse().ok()) {
                Some(value) => sm = value,
                None => return usage("--sm takes a number"),
            },
            "--emit" => match arguments.next() {
                Some(directory) => emit = Some(directory.into()),
                None => return usage("--emit takes a directory"),
            },
            "-h" | "--help" => return usage(""),
            _ => files.push(PathBuf::from(argument)),
        }
    }
    if files.is_empty() {
        return usage("no program given");
    }
    let mut failed = false;
    for file in &files {
        if let Err(message) = one(file, sm, emit.as_deref()) {
            eprintln!("{}: {message}", file.display());
            failed = true;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn usage(problem: &str) -> ExitCode {
    if !problem.is_empty() {
        eprintln!("arraylang: {problem}");
    }
    eprintln!("usage: arraylang [--sm N] [--emit DIR] PROGRAM.arr ...");
    if problem.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Compiles, reports and checks one program.
fn one(file: &Path, sm: u32, emit: Option<&Path>) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|error| error.to_string())?;
    let source = file.display().to_string();
    let compiled = arraylang::compile(&source, &text, sm).map_err(|error| match error {
        arraylang::Error::Syntax(syntax) => format!("{}: error: {}", source, syntax),
        other => other.to_string(),
    })?;
    println!(
        "== {} ({} statements)",
        file.display(),
        compiled.program.statements.len()
    );
    for line in compiled.decisions() {
        println!("  {line}");
    }
    let instructions: Vec<String> = compiled
        .memory_instructions()
        .iter()
        .map(|(instruction, count)| format!("{instruction} {count}"))
        .collect();
    println!("  PTX (sm_{sm}): {}", instructions.join(", "));
    if let Some(directory) = emit {
        let stem = file
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("program");
        std::fs::create_dir_all(directory).map_err(|error| error.to_string())?;
        for (suffix, content) in [
            ("mlir", &compiled.mlir),
            ("opt.mlir", &compiled.optimized),
            ("ptx", &compiled.ptx),
        ] {
            let path = directory.join(format!("{stem}.{suffix}"));
            std::fs::write(&path, content)
                .map_err(|error| format!("{}: {error}", path.display()))?;
        }
    }
    compiled.check().map_err(|error| error.to_string())?;
    let elements: usize = compiled.after.iter().map(Vec::len).sum();
    let on = match &compiled.on_gpu {
        Some((device, _)) => format!("on the interpreter and, after it, on the {device}"),
        None => "on the interpreter (no CUDA driver here; every launch checked against its PTX)"
            .to_string(),
    };
    println!(
        "  checked: {} arrays, {elements} elements bit-identical to the CPU evaluation, before and after gpu-mem-opt, {on}",
        compiled.after.len()
    );
    Ok(())
}
