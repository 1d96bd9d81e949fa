//! `gpu-mem-opt diff`: the differential harness. The kernel runs as parsed and as
//! `gpu-mem-opt{options}` leaves it, on the same arguments (default `random:N+1` for memref
//! parameter N; scalars must be given with `--arg`), and every memref argument must be
//! bit-identical afterwards: "identical: N arguments, M elements", else the first differing
//! argument and element with both values (and bit patterns), exit status 1. The two runs
//! are independent and run on two threads.
//!
//! With `--against OTHER` no pass runs: the kernel of `OTHER` (a variant of the same kernel
//! made by another tool, or by the pass at another time) is compared with the kernel of the
//! file as given, and messages name the two files instead of "before" and "after". The
//! benchmark suite checks each variant's bench-size code this way on a corner of the grid.

use std::path::Path;

use gpu_mem_opt::pipeline::{self, Diagnostics};
use interpreter::{Argument, HostBuffer, Type};

use crate::interp::{arguments, parse, prepare, run, run_translated, Launch};

/// How an error of the pass run begins.
pub const PASS_FAILED_PREFIX: &str = "gpu-mem-opt failed:";
/// How an error of the input as given begins (parse, translation, arguments, the run before).
pub const BEFORE_PREFIX: &str = "before gpu-mem-opt:";
/// How an error of the kernel the pass left begins (translation, arguments, the run after).
pub const AFTER_PREFIX: &str = "after gpu-mem-opt:";
/// What the line naming a differing argument says.
pub const DIFFERS_TEXT: &str = "differs at";

/// Default specs for `diff`: `random:N+1` for memref parameter N; scalars must be given.
fn default_specs(kernel: &interpreter::Kernel) -> Result<Vec<String>, String> {
    kernel
        .parameters()
        .iter()
        .enumerate()
        .map(|(index, &parameter)| match kernel.value_type(parameter) {
            Type::MemRef(_) => Ok(format!("random:{}", index + 1)),
            _ => Err(format!(
                "argument {index} is a scalar: give every argument with --arg"
            )),
        })
        .collect()
}

/// What `diff` compares the file's kernel with.
pub enum Other<'a> {
    /// The kernel `gpu-mem-opt{options}` makes of it.
    Pass(&'a str),
    /// The kernel of another file, run as given.
    File(&'a Path),
}

/// How the two sides are named in messages: the prefixes of their errors and the words
/// before their values.
struct Sides {
    before_prefix: String,
    after_prefix: String,
    before: String,
    after: String,
}

impl Sides {
    /// "before gpu-mem-opt" and "after gpu-mem-opt", or the two file names.
    fn of(file: &Path, other: &Other) -> Sides {
        match other {
            Other::Pass(_) => Sides {
                before_prefix: BEFORE_PREFIX.to_string(),
                after_prefix: AFTER_PREFIX.to_string(),
                before: "before".to_string(),
                after: "after".to_string(),
            },
            Other::File(path) => {
                let (first, second) = (file.display().to_string(), path.display().to_string());
                Sides {
                    before_prefix: format!("{first}:"),
                    after_prefix: format!("{second}:"),
                    before: first,
                    after: second,
                }
            }
        }
    }
}

/// `gpu-mem-opt diff`.
pub fn diff(launch: &Launch, other: &Other) -> Result<(), String> {
    let context = pipeline::context();
    let sides = Sides::of(&launch.file, other);
    let before_error = |error: String| format!("{} {error}", sides.before_prefix);
    let after_error = |error: String| format!("{} {error}", sides.after_prefix);
    let before_module = parse(&context, &launch.file).map_err(before_error)?;
    let mut after_module = match other {
        Other::Pass(_) => parse(&context, &launch.file).map_err(before_error)?,
        Other::File(path) => parse(&context, path).map_err(after_error)?,
    };
    if let Other::Pass(options) = other {
        optimize(&context, &mut after_module, options)?;
    }
    let before = prepare(&before_module, &launch.kernel, launch.block).map_err(before_error)?;
    let after = prepare(&after_module, &launch.kernel, Some(before.block)).map_err(after_error)?;
    let specs = if launch.arguments.is_empty() {
        default_specs(&before.translated)?
    } else {
        launch.arguments.clone()
    };
    let mut before_arguments = arguments(&before.translated, &specs).map_err(before_error)?;
    let mut after_arguments = arguments(&after.translated, &specs).map_err(after_error)?;
    // The two runs are independent: run them on two threads (half the wall time of a
    // long launch where a second core is free).
    let (ran_before, ran_after) = std::thread::scope(|scope| {
        let (kernel, block, arguments) = (&before.translated, before.block, &mut before_arguments);
        let limit = launch.memory_limit;
        let before_run =
            scope.spawn(move || run_translated(kernel, launch.grid, block, arguments, limit));
        let ran_after = run(&after, launch.grid, &mut after_arguments, limit);
        (before_run.join(), ran_after)
    });
    ran_before
        .map_err(|_| before_error("the interpreter panicked".to_string()))?
        .map_err(before_error)?;
    ran_after.map_err(after_error)?;
    let (mut buffers, mut elements) = (0, 0);
    for (index, pair) in before_arguments.iter().zip(&after_arguments).enumerate() {
        if let (Argument::Buffer(before), Argument::Buffer(after)) = pair {
            if let Some(difference) = first_difference(before, after, &sides) {
                println!("argument {index} {DIFFERS_TEXT} {difference}");
                return Err(String::new());
            }
            buffers += 1;
            elements += before.data.len();
        }
    }
    println!("identical: {buffers} arguments, {elements} elements");
    Ok(())
}

/// Runs `gpu-mem-opt{options}` on `module` (remarks dropped, other diagnostics printed).
fn optimize(
    context: &melior::Context,
    module: &mut melior::ir::Module,
    options: &str,
) -> Result<(), String> {
    let diagnostics = Diagnostics::capture(context);
    let result = pipeline::run_pipeline(
        context,
        &diagnostics,
        module,
        &format!("gpu-mem-opt{{{options}}}"),
    );
    for line in diagnostics.take() {
        if result.is_err() || !line.contains(": remark:") {
            eprintln!("{line}");
        }
    }
    result.map_err(|error| format!("{PASS_FAILED_PREFIX} {error}"))
}

/// Where two buffers first differ, with both values, or `None` when bit-identical.
fn first_difference(before: &HostBuffer, after: &HostBuffer, sides: &Sides) -> Option<String> {
    let (first, second) = (&sides.before, &sides.after);
    if before.shape != after.shape || before.element != after.element {
        return Some(format!(
            "its type: {first} {:?} {:?}, {second} {:?} {:?}",
            before.element, before.shape, after.element, after.shape
        ));
    }
    let position = before
        .data
        .iter()
        .zip(&after.data)
        .position(|(a, b)| a != b)?;
    let mut index = Vec::with_capacity(before.shape.len());
    let mut rest = position as i64;
    for &size in before.shape.iter().rev() {
        index.push(rest % size.max(1));
        rest /= size.max(1);
    }
    index.reverse();
    let value = |buffer: &HostBuffer| {
        let bits = buffer.data[position];
        format!(
            "{} (0x{bits:x})",
            interpreter::format_element(bits, buffer.element)
        )
    };
    Some(format!(
        "element {position} {index:?}: {first} {}, {second} {}",
        value(before),
        value(after)
    ))
}

#[cfg(test)]
mod tests {
    use super::{first_difference, Other, Sides};
    use interpreter::{ElementType, HostBuffer};
    use std::path::Path;

    #[test]
    fn reports_the_first_differing_element_with_both_values() {
        let before =
            HostBuffer::from_values(ElementType::F32, &[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let mut after = before.clone();
        let pass = Sides::of(Path::new("k.mlir"), &Other::Pass(""));
        assert_eq!(first_difference(&before, &after, &pass), None);
        after.data[4] = 2.5f32.to_bits().into();
        after.data[5] = 0;
        assert_eq!(
            first_difference(&before, &after, &pass).unwrap(),
            "element 4 [1, 1]: before 4.0 (0x40800000), after 2.5 (0x40200000)"
        );
        let files = Sides::of(Path::new("a.mlir"), &Other::File(Path::new("b.mlir")));
        assert_eq!(
            first_difference(&before, &after, &files).unwrap(),
            "element 4 [1, 1]: a.mlir 4.0 (0x40800000), b.mlir 2.5 (0x40200000)"
        );
    }
}
