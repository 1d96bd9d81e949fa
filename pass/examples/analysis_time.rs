//! Analysis time of the access analysis (issue 3's performance item): a benchmark, not a test.
//!
//! Generates MLIR modules of 1,000 / 2,000 / 5,000 / 10,000 kernels, one `gpu.module` each,
//! the kernels cycling through three shapes:
//!
//! * a naive transpose, block 32x8: 2 accesses (coalesced read, transposed write);
//! * a 3-point stencil inside an `scf.for`, block 128: 4 accesses;
//! * a transpose through a padded shared tile, two `scf.for`s and a barrier, block 32x8:
//!   4 accesses (2 global, 2 shared).
//!
//! Each module is written to a temporary file, parsed with [`pipeline::parse_file`] and run
//! through `gpu-mem-opt-test-access-analysis` (one remark per kernel and per access) with
//! [`pipeline::run_pipeline`]. Diagnostics go to an in-memory handler, so nothing is printed
//! while the clock runs; building the remark text is part of the pass time. Parse time and pass
//! time are measured separately (the pass time includes the pass manager's verifier run), each
//! the best of `--repeat` runs (default 3) on a fresh parse.
//!
//! ```text
//! cargo run --release --example analysis_time [-- --repeat N] [--sizes 1000,2000] [--pipeline TEXT]
//! ```
//!
//! `--pipeline gpu-mem-opt` times the optimizing pass instead (no per-access remarks).
//! `--against TEXT` also times a second pipeline on the same module and prints the ratio (the
//! pass against MLIR's own lowering: `--against 'gpu-lower-to-nvvm-pipeline{cubin-format=isa
//! cubin-chip=sm_90 cubin-features=+ptx80}'`, issue 15's "at most 10%"), and times it once more
//! on what the first pipeline made of the module (the "output" column: in a real compile the
//! lowering runs on the optimized kernels) with the ratio to that;
//! `--shape transpose` (or `stencil`, `tile`) generates one kernel shape only.

use std::{fmt::Write as _, path::Path, time::Instant};

use gpu_mem_opt::pipeline::{self, Diagnostics};

/// Module sizes timed by default, in kernels.
const DEFAULT_SIZES: [usize; 4] = [1_000, 2_000, 5_000, 10_000];

/// The three kernel shapes, in the order they repeat.
#[derive(Clone, Copy)]
enum Shape {
    Transpose,
    Stencil,
    SharedTile,
}

impl Shape {
    const ALL: [Shape; 3] = [Shape::Transpose, Shape::Stencil, Shape::SharedTile];

    /// Memory operations in one kernel of this shape.
    fn accesses(self) -> usize {
        match self {
            Shape::Transpose => 2,
            Shape::Stencil | Shape::SharedTile => 4,
        }
    }

    /// The kernel's text, named after `index`.
    fn kernel(self, index: usize) -> String {
        match self {
            Shape::Transpose => format!(
                r#"    gpu.func @transpose_{index}(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {{known_block_size = array<i32: 32, 8, 1>}} {{
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %ox = arith.muli %bx, %c32 : index
      %x = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %c8 : index
      %y = arith.addi %oy, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }}
"#
            ),
            Shape::Stencil => format!(
                r#"    gpu.func @stencil_{index}(%in: memref<4106xf32>, %out: memref<4096xf32>) kernel
        attributes {{known_block_size = array<i32: 128, 1, 1>}} {{
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %gid = arith.addi %base, %tx : index
      scf.for %j = %c0 to %c8 step %c1 {{
        %i = arith.addi %gid, %j : index
        %i1 = arith.addi %i, %c1 : index
        %i2 = arith.addi %i, %c2 : index
        %a = memref.load %in[%i] : memref<4106xf32>
        %b = memref.load %in[%i1] : memref<4106xf32>
        %c = memref.load %in[%i2] : memref<4106xf32>
        %ab = arith.addf %a, %b : f32
        %abc = arith.addf %ab, %c : f32
        memref.store %abc, %out[%gid] : memref<4096xf32>
      }}
      gpu.return
    }}
"#
            ),
            Shape::SharedTile => format!(
                r#"    gpu.func @tile_{index}(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel
        attributes {{known_block_size = array<i32: 32, 8, 1>}} {{
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %ox = arith.muli %bx, %c32 : index
      %oy = arith.muli %by, %c32 : index
      %x = arith.addi %ox, %tx : index
      %yx = arith.addi %oy, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {{
        %row = arith.addi %ty, %j : index
        %gy = arith.addi %oy, %row : index
        %v = memref.load %in[%gy, %x] : memref<1024x1024xf32>
        memref.store %v, %tile[%row, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }}
      gpu.barrier
      scf.for %j = %c0 to %c32 step %c8 {{
        %row = arith.addi %ty, %j : index
        %gx = arith.addi %ox, %row : index
        %w = memref.load %tile[%tx, %row] : memref<32x33xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%gx, %yx] : memref<1024x1024xf32>
      }}
      gpu.return
    }}
"#
            ),
        }
    }
}

/// A module of `kernels` kernels cycling through the shapes, and its number of accesses.
fn module(kernels: usize, shapes: &[Shape]) -> (String, usize) {
    let mut text =
        String::from("module attributes {gpu.container_module} {\n  gpu.module @bench {\n");
    let mut accesses = 0;
    for index in 0..kernels {
        let shape = shapes[index % shapes.len()];
        text.push_str(&shape.kernel(index));
        accesses += shape.accesses();
    }
    text.push_str("  }\n}\n");
    (text, accesses)
}

/// Command-line settings.
struct Settings {
    sizes: Vec<usize>,
    repeat: usize,
    pipeline: String,
    against: Option<String>,
    shapes: Vec<Shape>,
}

fn settings() -> Settings {
    let mut settings = Settings {
        sizes: DEFAULT_SIZES.to_vec(),
        repeat: 3,
        pipeline: "gpu-mem-opt-test-access-analysis".into(),
        against: None,
        shapes: Shape::ALL.to_vec(),
    };
    let mut arguments = std::env::args().skip(1);
    while let Some(argument) = arguments.next() {
        let mut value = || {
            arguments
                .next()
                .unwrap_or_else(|| panic!("{argument} needs a value"))
        };
        match argument.as_str() {
            "--repeat" => settings.repeat = value().parse::<usize>().expect("--repeat N").max(1),
            "--sizes" => {
                settings.sizes = value()
                    .split(',')
                    .map(|size| size.trim().parse().expect("--sizes 1000,2000"))
                    .collect()
            }
            "--pipeline" => settings.pipeline = value(),
            "--against" => settings.against = Some(value()),
            "--shape" => {
                settings.shapes = vec![match value().as_str() {
                    "transpose" => Shape::Transpose,
                    "stencil" => Shape::Stencil,
                    "tile" => Shape::SharedTile,
                    other => panic!("--shape transpose|stencil|tile, not {other}"),
                }]
            }
            other => panic!("unknown argument {other}; see the example's documentation"),
        }
    }
    settings
}

/// The module at `path` after `pipeline_text`, written to `output`.
fn write_output(path: &Path, pipeline_text: &str, output: &Path) {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let mut module = pipeline::parse_file(&context, &diagnostics, path).expect("parse");
    pipeline::run_pipeline(&context, &diagnostics, &mut module, pipeline_text).expect("pass");
    std::fs::write(output, module.as_operation().to_string()).expect("write the output");
}

/// Best parse and pass times (seconds) over `repeat` runs of one module, and the remarks of one run.
fn time(path: &Path, pipeline_text: &str, repeat: usize) -> (f64, f64, usize) {
    let context = pipeline::context();
    let diagnostics = Diagnostics::capture(&context);
    let (mut parse, mut pass, mut remarks) = (f64::INFINITY, f64::INFINITY, 0);
    for _ in 0..repeat {
        let start = Instant::now();
        let mut module = pipeline::parse_file(&context, &diagnostics, path).expect("parse");
        let parsed = Instant::now();
        pipeline::run_pipeline(&context, &diagnostics, &mut module, pipeline_text).expect("pass");
        let passed = Instant::now();
        parse = parse.min((parsed - start).as_secs_f64());
        pass = pass.min((passed - parsed).as_secs_f64());
        remarks = diagnostics.take().len();
        drop(module);
    }
    (parse, pass, remarks)
}

fn main() {
    let settings = settings();
    println!(
        "pipeline: {}; best of {} runs; {} kernel shapes (of transpose 2, stencil-in-loop 4, shared tile 4 accesses)",
        settings.pipeline,
        settings.repeat,
        settings.shapes.len()
    );
    if let Some(against) = &settings.against {
        println!("against: {against}");
    }
    println!();
    println!("| kernels | accesses | MLIR bytes | remarks | parse ms | pass ms | µs per access | against ms | ratio | against output ms | ratio to output |");
    println!("|--------:|---------:|-----------:|--------:|---------:|--------:|--------------:|-----------:|------:|------------------:|----------------:|");
    let path = std::env::temp_dir().join(format!(
        "gpu-mem-opt-analysis-time-{}.mlir",
        std::process::id()
    ));
    let mut rows = Vec::new();
    for &kernels in &settings.sizes {
        let (text, accesses) = module(kernels, &settings.shapes);
        std::fs::write(&path, &text).expect("write the generated module");
        let (parse, pass, remarks) = time(&path, &settings.pipeline, settings.repeat);
        let per_access = pass * 1e6 / accesses as f64;
        let against = settings
            .against
            .as_ref()
            .map(|against| time(&path, against, settings.repeat).1);
        let (against_ms, ratio) = against.map_or((String::new(), String::new()), |against| {
            (
                format!("{:.0}", against * 1e3),
                format!("{:.0}%", pass / against * 100.0),
            )
        });
        let output = path.with_extension("output.mlir");
        let on_output = settings.against.as_ref().map(|against| {
            write_output(&path, &settings.pipeline, &output);
            let time = time(&output, against, settings.repeat).1;
            let _ = std::fs::remove_file(&output);
            time
        });
        let (output_ms, output_ratio) =
            on_output.map_or((String::new(), String::new()), |lowering| {
                (
                    format!("{:.0}", lowering * 1e3),
                    format!("{:.0}%", pass / lowering * 100.0),
                )
            });
        let mut row = String::new();
        write!(
            row,
            "| {kernels} | {accesses} | {} | {remarks} | {:.0} | {:.0} | {per_access:.1} | {against_ms} | {ratio} | {output_ms} | {output_ratio} |",
            text.len(),
            parse * 1e3,
            pass * 1e3
        )
        .unwrap();
        println!("{row}");
        rows.push((kernels, per_access));
    }
    let _ = std::fs::remove_file(&path);
    if let (Some(first), Some(last)) = (rows.first(), rows.last()) {
        println!();
        println!(
            "growth: {}x the kernels took {:.2}x the time per access",
            last.0 / first.0.max(1),
            last.1 / first.1
        );
    }
}
