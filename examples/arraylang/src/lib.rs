//! arraylang: a tiny array language that uses gpu-mem-opt the way a DSL compiler would
//! (issue 19).
//!
//! [`compile`] takes a program's text through the whole path: parse and check it
//! ([`syntax`]), emit `gpu`/`memref` MLIR with the host code that allocates and launches
//! ([`emit`]), parse that with melior, optimize it with [`gpu_mem_opt::pipeline::optimize`]
//! (default options: the launch sites prove what the kernels need), lower it to PTX with
//! [`gpu_mem_opt::pipeline::lower_to_ptx`], and run the whole program before and
//! after the pass on gpu-mem-opt's reference interpreter ([`translate::program`],
//! [`interp::run`]). [`Compiled::check`] compares both runs with a plain CPU evaluation
//! ([`cpu`]), bit for bit. Where a CUDA driver is present the optimized PTX runs on the GPU
//! too ([`gpu`]), and that run is compared as well; every launch is checked against the PTX's
//! `.entry` either way.
//!
//! ```no_run
//! let text = "array A[64, 64] = random 1\narray B[64, 64]\nB[i, j] = A[j, i]\n";
//! let compiled = arraylang::compile("transpose.arr", text, 90).unwrap();
//! compiled.check().unwrap();
//! for line in compiled.decisions() {
//!     println!("{line}");
//! }
//! ```

pub mod cpu;
pub mod emit;
pub mod gpu;
pub mod syntax;

use gpu_mem_opt::{
    pipeline::{self, Diagnostics},
    report::Report,
    Options,
};
use interp::{Argument, HostBuffer};
use melior::ir::Module;

/// Why a program could not be compiled or run.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The program's text is wrong.
    #[error("{0}")]
    Syntax(#[from] syntax::SyntaxError),
    /// MLIR rejected the emitted module, or a pipeline failed.
    #[error("MLIR: {0}")]
    Mlir(String),
    /// The interpreter could not run the program.
    #[error("interpreter: {0}")]
    Run(String),
    /// A result differs from the CPU evaluation.
    #[error("{0}")]
    Mismatch(String),
    /// A launch does not fit its PTX, or the GPU failed.
    #[error("GPU: {0}")]
    Gpu(String),
}

/// A compiled program and what happened to it.
pub struct Compiled {
    /// The checked program.
    pub program: syntax::Program,
    /// The MLIR as emitted.
    pub mlir: String,
    /// The MLIR after gpu-mem-opt.
    pub optimized: String,
    /// gpu-mem-opt's report.
    pub report: Report,
    /// The PTX of the optimized kernels.
    pub ptx: String,
    /// The arrays' initial values (row-major, declaration order).
    pub initial: Vec<Vec<f32>>,
    /// The arrays after the program ran on the interpreter, before the pass.
    pub before: Vec<Vec<f32>>,
    /// The arrays after the optimized program ran on the interpreter.
    pub after: Vec<Vec<f32>>,
    /// The GPU's name and the arrays after the optimized program ran on it, where a CUDA
    /// driver is present ([`gpu::run`]).
    pub on_gpu: Option<gpu::GpuRun>,
}

/// Compiles `text` (the program in file `source`, for locations) for SM version `sm` and
/// runs it before and after gpu-mem-opt.
pub fn compile(source: &str, text: &str, sm: u32) -> Result<Compiled, Error> {
    let program = syntax::parse(text)?;
    let mlir = emit::module(&program, source);
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module =
        Module::parse(&context, &mlir).ok_or_else(|| Error::Mlir(diagnostics.take().join("\n")))?;
    let arguments = initial_arguments(&program, &module)?;
    let initial = arguments.iter().map(values).collect();
    let before = run(&module, arguments.clone())?;
    let options = Options {
        target: gpu_mem_opt::options::target(sm).map_err(|error| Error::Mlir(error.to_string()))?,
        ..Options::default()
    };
    let report = pipeline::optimize(&mut module, &options)
        .map_err(|error| Error::Mlir(format!("{error}\n{}", diagnostics.take().join("\n"))))?;
    diagnostics.take();
    let optimized = module.as_operation().to_string();
    let after = run(&module, arguments)?;
    let mut lowered = Module::parse(&context, &optimized)
        .ok_or_else(|| Error::Mlir(diagnostics.take().join("\n")))?;
    let ptx = pipeline::lower_to_ptx(&context, &diagnostics, &mut lowered, sm)
        .map_err(|error| Error::Mlir(error.to_string()))?;
    let mut compiled = Compiled {
        program,
        mlir,
        optimized,
        report,
        ptx,
        initial,
        before,
        after,
        on_gpu: None,
    };
    // Every launch is checked against its PTX, GPU or not; where a GPU is, they run.
    compiled.on_gpu = gpu::run(&compiled)?;
    Ok(compiled)
}

/// One argument per array of `@main`: its random values or zeros.
fn initial_arguments(program: &syntax::Program, module: &Module) -> Result<Vec<Argument>, Error> {
    let translated = translate::program(module.as_operation().to_raw(), "main")
        .map_err(|error| Error::Run(error.to_string()))?;
    program
        .arrays
        .iter()
        .zip(translated.parameters())
        .map(|(array, &parameter)| {
            let spec = array
                .seed
                .map_or("zeros".to_string(), |seed| format!("random:{seed}"));
            Argument::parse(&spec, translated.value_type(parameter))
                .map_err(|error| Error::Run(error.to_string()))
        })
        .collect()
}

/// The `f32` elements of a buffer argument.
fn values(argument: &Argument) -> Vec<f32> {
    match argument {
        Argument::Buffer(HostBuffer { data, .. }) => data
            .iter()
            .map(|&bits| f32::from_bits(bits as u32))
            .collect(),
        _ => Vec::new(),
    }
}

/// Runs `@main` of `module` on `arguments`; the arrays afterwards.
fn run(module: &Module, mut arguments: Vec<Argument>) -> Result<Vec<Vec<f32>>, Error> {
    let translated = translate::program(module.as_operation().to_raw(), "main")
        .map_err(|error| Error::Run(error.to_string()))?;
    interp::run(
        &translated,
        [1; 3],
        [1; 3],
        &mut arguments,
        &interp::Options::default(),
    )
    .map_err(|error| Error::Run(error.to_string()))?;
    Ok(arguments.iter().map(values).collect())
}

impl Compiled {
    /// The CPU evaluation of the program from the same initial values.
    pub fn expected(&self) -> Vec<Vec<f32>> {
        let mut arrays = self.initial.clone();
        cpu::evaluate(&self.program, &mut arrays);
        arrays
    }

    /// `Ok` when both interpreter runs, and the GPU's where there is one, equal the CPU
    /// evaluation bit for bit, else the first differing element.
    pub fn check(&self) -> Result<(), Error> {
        let expected = self.expected();
        let mut runs = vec![
            ("before gpu-mem-opt, on the interpreter", &self.before),
            ("after gpu-mem-opt, on the interpreter", &self.after),
        ];
        if let Some((_, arrays)) = &self.on_gpu {
            runs.push(("after gpu-mem-opt, on the GPU", arrays));
        }
        for (run, arrays) in runs {
            for (index, (got, want)) in arrays.iter().zip(&expected).enumerate() {
                let columns = self.program.arrays[index].shape[1] as usize;
                if let Some(position) = got
                    .iter()
                    .zip(want)
                    .position(|(a, b)| a.to_bits() != b.to_bits())
                {
                    return Err(Error::Mismatch(format!(
                        "{run}: {}[{}, {}] is {}, {} on the CPU",
                        self.program.arrays[index].name,
                        position / columns,
                        position % columns,
                        got[position],
                        want[position]
                    )));
                }
            }
        }
        Ok(())
    }

    /// One line per decision gpu-mem-opt made: the statement's kernel, applied or not, what,
    /// and where in the program (decisions alike for several accesses share a line).
    pub fn decisions(&self) -> Vec<String> {
        let mut lines: Vec<(String, Vec<String>)> = Vec::new();
        for kernel in &self.report.kernels {
            for decision in &kernel.decisions {
                let what = if decision.summary.is_empty() {
                    &decision.reason
                } else {
                    &decision.summary
                };
                let mark = if decision.applied {
                    "applied"
                } else {
                    "skipped"
                };
                let line = format!(
                    "{} {mark} {} on {}: {}",
                    kernel.name,
                    decision.kind.name(),
                    self.target_name(&kernel.name, &decision.target),
                    decision.advised(what)
                );
                let at = decision.params["location"].as_str().map(str::to_string);
                match lines.iter_mut().find(|(known, _)| *known == line) {
                    Some((_, places)) => places.extend(at),
                    None => lines.push((line, at.into_iter().collect())),
                }
            }
        }
        lines
            .into_iter()
            .map(|(line, places)| match places.as_slice() {
                [] => line,
                [one] => format!("{line} [{one}]"),
                many => format!("{line} [{} accesses: {}]", many.len(), many.join(", ")),
            })
            .collect()
    }

    /// `arg N (NAME)`: a decision's target with the array a statement's kernel argument is.
    fn target_name(&self, kernel: &str, target: &str) -> String {
        let array = kernel
            .strip_prefix('s')
            .and_then(|number| number.parse::<usize>().ok())
            .and_then(|number| self.program.statements.get(number))
            .zip(
                target
                    .strip_prefix("arg ")
                    .and_then(|index| index.parse::<usize>().ok()),
            )
            .and_then(|(statement, index)| {
                emit::arrays_of(&self.program, statement)
                    .get(index)
                    .copied()
            });
        match array {
            Some(array) => format!("{target} ({})", self.program.arrays[array].name),
            None => target.to_string(),
        }
    }

    /// Counts of the PTX memory instructions (`ld.global.nc.v4.f32 3`, …), sorted.
    pub fn memory_instructions(&self) -> Vec<(String, usize)> {
        let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
        for word in self
            .ptx
            .split(|character: char| character.is_whitespace() || character == ';')
        {
            let memory = [
                "ld.global",
                "st.global",
                "ld.shared",
                "st.shared",
                "ld.const",
            ];
            if memory.iter().any(|prefix| word.starts_with(prefix)) {
                *counts.entry(word.to_string()).or_default() += 1;
            }
        }
        counts.into_iter().collect()
    }
}
