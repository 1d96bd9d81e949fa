//! `gpu-mem-opt diff`: the differential harness.
//!
//! With `--entry NAME` the whole program runs before and after (host code included, see
//! `interp --entry`): every launch must be of the same kernel and leave every memref argument
//! bit-identical, the printed output must be the same line for line, and the entry's own
//! memref arguments must agree: "identical: L launches (B buffers after them), N lines of
//! output, A arguments". An address is not a result: `base@ = 0x…` in what `printMemref*`
//! prints is compared as `base@ = …` (the host helpers allocate, so a rewrite that adds a
//! buffer moves the addresses after it; issue 32). The pack and unpack launches the relayout step adds
//! ([`gpu_mem_opt::steps::relayout::CONVERSION_KERNEL_PREFIX`]) have no counterpart: they
//! are left out of the comparison and counted ("+ C relayout conversions").
//! The kernel runs as parsed and as
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
use interpreter::{Argument, HostBuffer, Trace, Type};

use crate::interp::{arguments, parse, prepare, program, run_translated, Launch};

/// A kernel's launch as the program `gpu-mem-opt wrap` makes of it (a host @main that
/// gpu.allocs, copies and launches it the ordinary way), in a scratch file removed on drop.
pub struct Wrapped {
    /// The program's launch: its @main, with the kernel's argument specs.
    pub launch: Launch,
}

impl Wrapped {
    /// Wraps `launch`'s kernel (`wrap`'s rules: a gpu.func, no launch contract).
    pub fn of(launch: &Launch) -> Result<Wrapped, String> {
        let text = crate::wrap::wrap(
            &launch.file,
            &launch.kernel,
            (launch.grid, launch.block),
            &[],
        )
        .map_err(|why| format!("{WRAP_FAILED_PREFIX} {why}"))?;
        let file = std::env::temp_dir().join(format!(
            "gpu-mem-opt-wrapped-{}-{}.mlir",
            std::process::id(),
            launch.kernel
        ));
        std::fs::write(&file, text).map_err(|error| format!("{}: {error}", file.display()))?;
        Ok(Wrapped {
            launch: Launch {
                file,
                kernel: String::new(),
                entry: Some("main".into()),
                ..launch.clone()
            },
        })
    }
}

impl Drop for Wrapped {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.launch.file);
    }
}

/// How an error of wrapping a kernel for `--lone-kernels` begins.
pub const WRAP_FAILED_PREFIX: &str = "cannot wrap the kernel in host code:";

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
    /// The kernel `gpu-mem-opt{options}` makes of it; with `true` (`--lone-kernels`), of the
    /// module's kernels alone, its host code taken out for the pass and put back after.
    Pass(&'a str, bool),
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
            Other::Pass(..) => Sides {
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
        Other::Pass(..) => parse(&context, &launch.file).map_err(before_error)?,
        Other::File(path) => parse(&context, path).map_err(after_error)?,
    };
    if let Other::Pass(options, lone) = other {
        let host = if *lone {
            take_host_code(&after_module)
        } else {
            Vec::new()
        };
        optimize(&context, &mut after_module, options)?;
        put_back(&after_module, host);
    }
    let (before, after, block, grid) = match &launch.entry {
        Some(entry) => (
            program(&before_module, entry).map_err(before_error)?,
            program(&after_module, entry).map_err(after_error)?,
            [1; 3],
            [1; 3],
        ),
        None => {
            let before =
                prepare(&before_module, &launch.kernel, launch.block).map_err(before_error)?;
            let after =
                prepare(&after_module, &launch.kernel, Some(before.block)).map_err(after_error)?;
            (
                before.translated,
                after.translated,
                before.block,
                launch.grid,
            )
        }
    };
    let specs = if launch.arguments.is_empty() {
        default_specs(&before)?
    } else {
        launch.arguments.clone()
    };
    // Arguments a relayout reshaped (a split record) hold the same elements in the same
    // row-major order: compared element by element.
    let reshaped = match &launch.entry {
        None => gpu_mem_opt::steps::relayout::reshaped_arguments(
            after_module.as_operation().to_raw(),
            &launch.kernel,
        ),
        Some(_) => Vec::new(),
    };
    let mut before_arguments = arguments(&before, &specs).map_err(before_error)?;
    let mut after_arguments = arguments(&after, &specs).map_err(after_error)?;
    // The two runs are independent: run them on two threads (half the wall time of a
    // long launch where a second core is free).
    let (ran_before, ran_after) = std::thread::scope(|scope| {
        let (kernel, arguments) = (&before, &mut before_arguments);
        let before_run =
            scope.spawn(move || run_translated(kernel, (grid, block), arguments, launch));
        let ran_after = run_translated(&after, (grid, block), &mut after_arguments, launch);
        (before_run.join(), ran_after)
    });
    let ran_before = ran_before.map_err(|_| before_error("the interpreter panicked".into()))?;
    let (before_trace, after_trace) = match (ran_before, ran_after) {
        (Ok(before), Ok(after)) => (before, after),
        (Err(before), Err(after)) if before.printed() != "" => {
            return same_stop(&before, &after, &sides);
        }
        (before, after) => (
            before.map_err(|error| before_error(error.to_string()))?,
            after.map_err(|error| after_error(error.to_string()))?,
        ),
    };
    // A program's launches come first: a launch that left different data is the cause of
    // whatever differs later.
    if let Some(difference) = program_difference(&before_trace, &after_trace, &sides) {
        println!("{difference}");
        return Err(String::new());
    }
    let (mut buffers, mut elements) = (0, 0);
    for (index, pair) in before_arguments.iter().zip(&after_arguments).enumerate() {
        if let (Argument::Buffer(before), Argument::Buffer(after)) = pair {
            let reshaped = reshaped.contains(&index);
            if let Some(difference) = first_difference(before, after, &sides, reshaped) {
                println!("argument {index} {DIFFERS_TEXT} {difference}");
                return Err(String::new());
            }
            buffers += 1;
            elements += before.data.len();
        }
    }
    let plural = |count: usize, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    if launch.entry.is_none() {
        println!(
            "identical: {}, {}",
            plural(buffers, "argument", "arguments"),
            plural(elements, "element", "elements")
        );
        return Ok(());
    }
    let launched = compared_launches(&after_trace).count();
    let conversions = after_trace.launches.len() - launched;
    let compared: usize = compared_launches(&after_trace)
        .map(|launched| launched.digests.iter().flatten().count())
        .sum();
    let lines = after_trace.output.lines().count();
    let conversions = match conversions {
        0 => String::new(),
        count => format!(
            " + {}",
            plural(count, "relayout conversion", "relayout conversions")
        ),
    };
    println!(
        "identical: {}{conversions} ({} after {}), {} of output, {}",
        plural(launched, "launch", "launches"),
        plural(compared, "buffer", "buffers"),
        if launched == 1 { "it" } else { "them" },
        plural(lines, "line", "lines"),
        plural(buffers, "argument", "arguments"),
    );
    Ok(())
}

/// Two runs of a program that both stopped at a failed assertion (the only error that is the
/// program's own result): the same error, and the same output up to it.
fn same_stop(
    before: &interpreter::Error,
    after: &interpreter::Error,
    sides: &Sides,
) -> Result<(), String> {
    let (first, second) = (&sides.before, &sides.after);
    if before.to_string() != after.to_string() {
        println!("the stop {DIFFERS_TEXT}: {first} '{before}', {second} '{after}'");
        return Err(String::new());
    }
    if let Some(difference) = output_difference(before.printed(), after.printed(), sides) {
        println!("{difference}");
        return Err(String::new());
    }
    println!(
        "identical: both stop at a failed assertion ({before}), {} lines of output",
        before.printed().lines().count()
    );
    Ok(())
}

/// The launches of `trace` that have a counterpart in the program as written: all but the
/// relayout step's packs and unpacks.
fn compared_launches(trace: &Trace) -> impl Iterator<Item = &interpreter::Launch> {
    use gpu_mem_opt::steps::relayout::CONVERSION_KERNEL_PREFIX;
    trace
        .launches
        .iter()
        .filter(|launched| !launched.kernel.starts_with(CONVERSION_KERNEL_PREFIX))
}

/// Where two runs of a program first differ: a launch missing, of another kernel or block,
/// or with a grid that does not divide the one written (coarsening divides it), a buffer some
/// launch left different, or a line of output; `None` when they agree.
fn program_difference(before: &Trace, after: &Trace, sides: &Sides) -> Option<String> {
    let (first, second) = (&sides.before, &sides.after);
    let after_launches: Vec<&interpreter::Launch> = compared_launches(after).collect();
    for (number, pair) in before
        .launches
        .iter()
        .zip(after_launches.iter().copied())
        .enumerate()
    {
        let (one, other) = pair;
        // Coarsening divides a launch's grid: each block then does several blocks' work.
        let divided = one
            .grid
            .iter()
            .zip(&other.grid)
            .all(|(&written, &launched)| launched > 0 && written % launched == 0);
        if one.kernel != other.kernel || !divided || one.block != other.block {
            return Some(format!(
                "launch {number} {DIFFERS_TEXT} its kernel: {first} @{} {:?} {:?}, {second} @{} \
                 {:?} {:?}",
                one.kernel, one.grid, one.block, other.kernel, other.grid, other.block
            ));
        }
        let buffer = (0..one.digests.len())
            .position(|index| Some(one.digests[index]) != paired(one, other, index));
        if let Some(buffer) = buffer.or((one.digests.len() != other.digests.len()).then_some(0)) {
            return Some(format!(
                "launch {number} (@{}) {DIFFERS_TEXT} argument {buffer}: its elements after \
                 the launch are not bit-identical",
                one.kernel
            ));
        }
    }
    if before.launches.len() != after_launches.len() {
        return Some(format!(
            "the launches {DIFFERS_TEXT} their count: {first} {}, {second} {}",
            before.launches.len(),
            after_launches.len()
        ));
    }
    output_difference(&before.output, &after.output, sides)
}

/// The digest `other` left in the argument that pairs with `one`'s argument `index`: the one
/// viewing the same buffer where both launches pass the same buffers (an inline launch's
/// captured values come in the order of their first use, which a rewrite may change), else
/// the one at the same position.
fn paired(
    one: &interpreter::Launch,
    other: &interpreter::Launch,
    index: usize,
) -> Option<Option<u64>> {
    let mut mine: Vec<Option<usize>> = one.buffers.clone();
    let mut theirs: Vec<Option<usize>> = other.buffers.clone();
    mine.sort_unstable();
    theirs.sort_unstable();
    let same_buffers = mine == theirs && one.buffers[index].is_some();
    let position = match same_buffers {
        true => other
            .buffers
            .iter()
            .position(|&buffer| buffer == one.buffers[index]),
        false => Some(index),
    };
    position.and_then(|position| other.digests.get(position).copied())
}

/// The first line where two programs' printed output differs (addresses left out), or the
/// difference in length; `None` when they agree.
fn output_difference(before: &str, after: &str, sides: &Sides) -> Option<String> {
    let (first, second) = (&sides.before, &sides.after);
    let mut lines = before.lines().zip(after.lines()).enumerate();
    if let Some((number, (one, other))) =
        lines.find(|(_, (one, other))| without_address(one) != without_address(other))
    {
        return Some(format!(
            "output line {} {DIFFERS_TEXT}: {first} '{one}', {second} '{other}'",
            number + 1
        ));
    }
    (before.lines().count() != after.lines().count()).then(|| {
        format!(
            "the output {DIFFERS_TEXT} its length: {first} {} lines, {second} {}",
            before.lines().count(),
            after.lines().count()
        )
    })
}

/// `line` with the address `printMemref*` prints (`base@ = 0x1f00`) left out.
fn without_address(line: &str) -> std::borrow::Cow<'_, str> {
    const ADDRESS: &str = "base@ = 0x";
    match line.find(ADDRESS) {
        Some(start) => {
            let digits = start + ADDRESS.len();
            let end = line[digits..]
                .find(|character: char| !character.is_ascii_hexdigit())
                .map_or(line.len(), |offset| digits + offset);
            std::borrow::Cow::Owned(format!("{}base@ = …{}", &line[..start], &line[end..]))
        }
        None => std::borrow::Cow::Borrowed(line),
    }
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

/// Takes every top-level operation of `module` that is not a `gpu.module` out of it (its host
/// code), so that the pass sees the kernels as a library compiled apart from their launcher:
/// no launch site, no launch facts. [`put_back`] returns them.
fn take_host_code(module: &melior::ir::Module) -> Vec<mlir_sys::MlirOperation> {
    use melior::ir::BlockLike;
    let mut taken = Vec::new();
    let mut operation = module.body().first_operation().map(|op| op.to_raw());
    while let Some(current) = operation {
        let next = unsafe { mlir_sys::mlirOperationGetNextInBlock(current) };
        if !gpu_mem_opt::ir::is_named(current, "gpu.module") {
            unsafe { mlir_sys::mlirOperationRemoveFromParent(current) };
            taken.push(current);
        }
        operation = (!next.ptr.is_null()).then_some(next);
    }
    taken
}

/// Puts the host code [`take_host_code`] took back at the start of `module`, in its order.
fn put_back(module: &melior::ir::Module, host: Vec<mlir_sys::MlirOperation>) {
    use melior::ir::BlockLike;
    let body = module.body().to_raw();
    for operation in host.into_iter().rev() {
        unsafe {
            let first = mlir_sys::mlirBlockGetFirstOperation(body);
            mlir_sys::mlirBlockInsertOwnedOperationBefore(body, first, operation);
        }
    }
}

/// Where two buffers first differ, with both values, or `None` when bit-identical; a
/// `reshaped` pair (a relayout's split record) may differ in shape, not in element count.
fn first_difference(
    before: &HostBuffer,
    after: &HostBuffer,
    sides: &Sides,
    reshaped: bool,
) -> Option<String> {
    let (first, second) = (&sides.before, &sides.after);
    let same_shape = if reshaped {
        before.shape.iter().product::<i64>() == after.shape.iter().product::<i64>()
    } else {
        before.shape == after.shape
    };
    if !same_shape || before.element != after.element {
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
    use super::{first_difference, without_address, Other, Sides};
    use interpreter::{ElementType, HostBuffer};
    use std::path::Path;

    #[test]
    fn reports_the_first_differing_element_with_both_values() {
        let before =
            HostBuffer::from_values(ElementType::F32, &[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let mut after = before.clone();
        let pass = Sides::of(Path::new("k.mlir"), &Other::Pass("", false));
        assert_eq!(first_difference(&before, &after, &pass, false), None);
        after.data[4] = 2.5f32.to_bits().into();
        after.data[5] = 0;
        assert_eq!(
            first_difference(&before, &after, &pass, false).unwrap(),
            "element 4 [1, 1]: before 4.0 (0x40800000), after 2.5 (0x40200000)"
        );
        let files = Sides::of(Path::new("a.mlir"), &Other::File(Path::new("b.mlir")));
        assert_eq!(
            first_difference(&before, &after, &files, false).unwrap(),
            "element 4 [1, 1]: a.mlir 4.0 (0x40800000), b.mlir 2.5 (0x40200000)"
        );
    }

    /// Printed addresses move when a rewrite allocates; the data printed does not.
    #[test]
    fn printed_addresses_are_left_out() {
        let line = "Unranked Memref base@ = 0x1f00 rank = 1 offset = 0 sizes = [2]";
        assert_eq!(
            without_address(line),
            without_address("Unranked Memref base@ = 0x200 rank = 1 offset = 0 sizes = [2]")
        );
        assert_ne!(
            without_address(line),
            without_address("Unranked Memref base@ = 0x1f00 rank = 2")
        );
        assert_eq!(without_address("[1, 2]"), "[1, 2]");
    }
}
