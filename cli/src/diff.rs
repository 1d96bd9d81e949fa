//! `gpu-mem-opt diff`: the differential harness. The kernel runs as parsed and as
//! `gpu-mem-opt{options}` leaves it, on the same arguments (default `random:N+1` for memref
//! parameter N; scalars must be given with `--arg`), and every memref argument must be
//! bit-identical afterwards: "identical: N arguments, M elements", else the first differing
//! argument and element with both values (and bit patterns), exit status 1. The two runs
//! are independent and run on two threads.

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

/// `gpu-mem-opt diff`.
pub fn diff(launch: &Launch, options: &str) -> Result<(), String> {
    let context = pipeline::context();
    let before_error = |error: String| format!("{BEFORE_PREFIX} {error}");
    let after_error = |error: String| format!("{AFTER_PREFIX} {error}");
    let before_module = parse(&context, &launch.file).map_err(before_error)?;
    let mut after_module = parse(&context, &launch.file).map_err(before_error)?;
    let diagnostics = Diagnostics::capture(&context);
    let optimized = pipeline::run_pipeline(
        &context,
        &diagnostics,
        &mut after_module,
        &format!("gpu-mem-opt{{{options}}}"),
    );
    for line in diagnostics.take() {
        if optimized.is_err() || !line.contains(": remark:") {
            eprintln!("{line}");
        }
    }
    optimized.map_err(|error| format!("{PASS_FAILED_PREFIX} {error}"))?;
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
        let before_run = scope.spawn(move || run_translated(kernel, launch.grid, block, arguments));
        let ran_after = run(&after, launch.grid, &mut after_arguments);
        (before_run.join(), ran_after)
    });
    ran_before
        .map_err(|_| before_error("the interpreter panicked".to_string()))?
        .map_err(before_error)?;
    ran_after.map_err(after_error)?;
    let (mut buffers, mut elements) = (0, 0);
    for (index, pair) in before_arguments.iter().zip(&after_arguments).enumerate() {
        if let (Argument::Buffer(before), Argument::Buffer(after)) = pair {
            if let Some(difference) = first_difference(before, after) {
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

/// Where two buffers first differ, with both values, or `None` when bit-identical.
fn first_difference(before: &HostBuffer, after: &HostBuffer) -> Option<String> {
    if before.shape != after.shape || before.element != after.element {
        return Some(format!(
            "its type: before {:?} {:?}, after {:?} {:?}",
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
        "element {position} {index:?}: before {}, after {}",
        value(before),
        value(after)
    ))
}

#[cfg(test)]
mod tests {
    use super::first_difference;
    use interpreter::{ElementType, HostBuffer};

    #[test]
    fn reports_the_first_differing_element_with_both_values() {
        let before =
            HostBuffer::from_values(ElementType::F32, &[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let mut after = before.clone();
        assert_eq!(first_difference(&before, &after), None);
        after.data[4] = 2.5f32.to_bits().into();
        after.data[5] = 0;
        assert_eq!(
            first_difference(&before, &after).unwrap(),
            "element 4 [1, 1]: before 4.0 (0x40800000), after 2.5 (0x40200000)"
        );
    }
}
