//! The run-time check that kernel arguments' bytes are disjoint (issue 16, item 2), shared by
//! the read-only path and constant memory ([`super::checked`]) and by staging a store
//! (`stage_shared`, [`version_operation`]).
//!
//! Model. Where a memref argument's type gives its extent (static strides and offset, or the
//! identity layout with dynamic sizes), the bytes it spans from its aligned pointer `p` are
//! `[p + offset·e, p + (offset + Σ (size−1)·stride + 1)·e)` ([`Span`]); two arguments are apart
//! when `end_R ≤ start_W ∨ end_W ≤ start_R`, block-uniform and a few instructions at the
//! kernel's entry ([`instructions`] counts what the check builds). A use that may
//! reach outside the type (`memref.reinterpret_cast`, `memref.view`, a call) makes the span
//! unknown ([`outside_span`]).

use mlir_sys::*;

use analysis::matrix::MemorySpace;

use crate::{facts::accesses, facts::extract, facts::kernels::Kernel, ir, ir::builder::Builder};

/// Attribute of an `scf.if` a check made around one operation (`version_operation`): the
/// pairs of argument positions whose bytes its condition shows apart, `[r₀, w₀, r₁, w₁, …]`.
pub const DISJOINT: &str = "gpu_mem_opt.disjoint";

/// `arith.cmpi` predicate `ule`.
const UNSIGNED_AT_MOST: i64 = 7;

/// Where an argument's bytes lie from its aligned pointer.
#[derive(Clone, Debug, PartialEq)]
pub enum Span {
    /// Known from its type: `[start, end)` (`MemrefLayout::byte_span`).
    Static(i64, i64),
    /// A dense row-major buffer (the identity layout) with some sizes dynamic:
    /// `[0, Π sizes · element)`, the dynamic sizes read with `memref.dim` at run time.
    Dense {
        /// Each dimension's size, `None` where dynamic.
        sizes: Vec<Option<i64>>,
        /// Bytes per element.
        element: i64,
    },
}

impl Span {
    /// Instructions that make its first and past-the-last addresses: the aligned pointer, an
    /// addition per nonzero static bound; for a dense buffer a `memref.dim` and a
    /// multiplication per dynamic size, and the addition of the end.
    fn instructions(&self) -> u32 {
        match self {
            Span::Static(start, end) => 1 + u32::from(*start != 0) + u32::from(*end != 0),
            Span::Dense { sizes, .. } => {
                2 + 2 * sizes.iter().filter(|size| size.is_none()).count() as u32
            }
        }
    }
}

/// The bytes an argument of memref type `type_` spans from its aligned pointer, or why they
/// are not known: from the type, or at run time for a dense buffer of dynamic sizes.
pub fn span_of(type_: MlirType) -> Result<Span, String> {
    let text = || ir::type_text(type_);
    let element = ir::type_bytes(unsafe { mlirShapedTypeGetElementType(type_) })
        .ok_or_else(|| format!("{}'s element size is not known", text()))?;
    let layout = extract::layout(type_, element, MemorySpace::Global);
    let why = match layout.byte_span() {
        Ok((start, end)) => return Ok(Span::Static(start, end)),
        Err(why) => why,
    };
    // Only dynamic sizes make a dense buffer's span a run-time one (a static one that failed
    // overflows).
    let dense = unsafe { mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type_)) };
    if dense && layout.shape.contains(&None) {
        return Ok(Span::Dense {
            sizes: layout.shape,
            element: i64::from(element),
        });
    }
    Err(format!("{}: {why}", text()))
}

/// Ok when a run-time check knows the bytes argument `argument` of `kernel` spans: a memref
/// whose span is known ([`span_of`]) and which no use leaves ([`outside_span`]); else why not.
pub fn spanned(kernel: &Kernel, argument: usize) -> Result<(), String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let value = unsafe { mlirBlockGetArgument(entry, argument as isize) };
    let type_ = unsafe { mlirValueGetType(value) };
    if unsafe { !mlirTypeIsAMemRef(type_) } {
        return Err(format!("arg {argument} is no ranked memref"));
    }
    span_of(type_).map_err(|why| format!("arg {argument} is {why}"))?;
    match outside_span(value) {
        Some(why) => Err(format!("arg {argument} {why}")),
        None => Ok(()),
    }
}

/// Why some use of memref `value` (directly or through views that keep to its elements) might
/// reach bytes outside the span of its type, if one might: memory operations on it, views
/// inside it (`memref.subview`, `cast`, `expand_shape`, `collapse_shape`, `assume_alignment`),
/// `memref.dim`, `memref.copy`, atomics and reading its aligned pointer keep to its span, as
/// does the rows view `delinearize` makes (its accesses are the flat ones, moved); another
/// `memref.reinterpret_cast`, a `memref.view` or a call may not.
pub fn outside_span(value: MlirValue) -> Option<String> {
    for (owner, number) in ir::uses(value) {
        let name = ir::operation_name(owner);
        let rows_view = name == "memref.reinterpret_cast"
            && ir::attribute(owner, crate::steps::delinearize::ROWS_VIEW).is_some();
        let view_inside = rows_view
            || matches!(
                name.as_str(),
                "memref.subview"
                    | "memref.cast"
                    | "memref.expand_shape"
                    | "memref.collapse_shape"
                    | "memref.assume_alignment"
            );
        let inside = match name.as_str() {
            _ if view_inside => {
                if let Some(why) = outside_span(unsafe { mlirOperationGetResult(owner, 0) }) {
                    return Some(why);
                }
                true
            }
            "memref.dim"
            | "memref.copy"
            | "memref.generic_atomic_rmw"
            | "memref.extract_aligned_pointer_as_index" => true,
            "memref.atomic_rmw" => number == 1,
            _ => accesses::memory_operation(&name).is_some_and(|(position, _)| position == number),
        };
        if !inside {
            let location = ir::location_text(unsafe { mlirOperationGetLocation(owner) });
            return Some(format!(
                "is used by {name} at {location}, which may reach bytes outside its type"
            ));
        }
    }
    None
}

/// Instructions a check of `pairs` (each read argument with the written ones) adds at the
/// kernel's entry: each argument's span made once (`Span::instructions`), per pair two
/// compares and an or, an and joining each pair after the first.
pub fn instructions(kernel: &Kernel, pairs: &[(usize, Vec<usize>)]) -> Result<u32, String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let mut spanned: Vec<usize> = Vec::new();
    let mut instructions = 0u32;
    let mut count = 0u32;
    for (read, writers) in pairs {
        for &argument in std::iter::once(read).chain(writers) {
            if !spanned.contains(&argument) {
                let value = unsafe { mlirBlockGetArgument(entry, argument as isize) };
                instructions += span_of(unsafe { mlirValueGetType(value) })?.instructions();
                spanned.push(argument);
            }
        }
        count += writers.len() as u32;
    }
    if count == 0 {
        return Err("no written argument to check against".into());
    }
    Ok(instructions + 3 * count + (count - 1))
}

/// The condition that each pair's bytes lie apart (`end_R ≤ start_W ∨ end_W ≤ start_R`, all
/// pairs joined by `and`), built at `builder` for the arguments of block `entry`.
pub(crate) fn condition(
    builder: &Builder,
    entry: MlirBlock,
    pairs: &[(usize, Vec<usize>)],
) -> Result<MlirValue, String> {
    let mut spans: Vec<(usize, (MlirValue, MlirValue))> = Vec::new();
    let mut span_of = |argument: usize| -> Result<(MlirValue, MlirValue), String> {
        if let Some(&(_, made)) = spans.iter().find(|(made, _)| *made == argument) {
            return Ok(made);
        }
        let made = span(builder, entry, argument)?;
        spans.push((argument, made));
        Ok(made)
    };
    let mut condition: Option<MlirValue> = None;
    for (index, writers) in pairs {
        let (read_start, read_end) = span_of(*index)?;
        for &writer in writers {
            let (write_start, write_end) = span_of(writer)?;
            let before = builder.compare(UNSIGNED_AT_MOST, read_end, write_start)?;
            let after = builder.compare(UNSIGNED_AT_MOST, write_end, read_start)?;
            let apart = builder.boolean("arith.ori", before, after);
            condition = Some(match condition {
                None => apart,
                Some(so_far) => builder.boolean("arith.andi", so_far, apart),
            });
        }
    }
    condition.ok_or_else(|| "no written argument to check against".into())
}

/// Versions `operation` (in the entry block of `kernel`) on a check of `pairs` made at the
/// kernel's entry: `scf.if apart { operation } else { a copy of it }` yielding its results,
/// tagged [`DISJOINT`] so that the read-only path marks loads inside without a second check.
/// The branch; undone by [`unversion`].
pub fn version_operation(
    kernel: &Kernel,
    operation: MlirOperation,
    pairs: &[(usize, Vec<usize>)],
) -> Result<MlirOperation, String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let first = unsafe { mlirBlockGetFirstOperation(entry) };
    let condition = condition(&Builder::before(first), entry, pairs)?;
    let branch = branch(operation, condition)?;
    tag(branch, pairs);
    Ok(branch)
}

/// Tags `branch`, an `scf.if` on a check of `pairs`, [`DISJOINT`] with those pairs.
pub(crate) fn tag(branch: MlirOperation, pairs: &[(usize, Vec<usize>)]) {
    let flat: Vec<i64> = pairs
        .iter()
        .flat_map(|(read, writers)| {
            writers
                .iter()
                .flat_map(move |&writer| [*read as i64, writer as i64])
        })
        .collect();
    unsafe {
        let context = mlirOperationGetContext(branch);
        mlirOperationSetDiscardableAttributeByName(
            branch,
            ir::string_ref_of(DISJOINT),
            mlirDenseI64ArrayGet(context, flat.len() as isize, flat.as_ptr()),
        );
    }
}

/// `operation` as `scf.if condition { operation } else { a copy of it }`, the branch yielding
/// its results in place of its own; the branch.
pub(super) fn branch(
    operation: MlirOperation,
    condition: MlirValue,
) -> Result<MlirOperation, String> {
    unsafe {
        let location = mlirOperationGetLocation(operation);
        let builder = Builder::before(operation).located(location);
        // The operation's results (a loop's `iter_args`, a load's value) leave the branch as
        // its results.
        let count = mlirOperationGetNumResults(operation);
        let results = |of: MlirOperation| -> Vec<MlirValue> {
            (0..count)
                .map(|position| mlirOperationGetResult(of, position))
                .collect()
        };
        let types: Vec<MlirType> = results(operation)
            .into_iter()
            .map(|result| mlirValueGetType(result))
            .collect();
        let (branch, fast, slow) = builder.if_else(condition, &types)?;
        for (result, branched) in results(operation).into_iter().zip(results(branch)) {
            mlirValueReplaceAllUsesOfWith(result, branched);
        }
        let copy = mlirOperationClone(operation);
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(slow), slow, copy);
        mlirOperationMoveBefore(operation, fast);
        mlirOperationSetOperands(fast, count, results(operation).as_ptr());
        mlirOperationSetOperands(slow, count, results(copy).as_ptr());
        Ok(branch)
    }
}

/// Undoes [`version_operation`]: the operation back before `branch`, the branch and its copy
/// gone, and the check's operations too where nothing else uses them.
pub fn unversion(branch: MlirOperation) {
    unsafe {
        let fast = mlirRegionGetFirstBlock(mlirOperationGetRegion(branch, 0));
        let operation = mlirBlockGetFirstOperation(fast);
        mlirOperationMoveBefore(operation, branch);
        for position in 0..mlirOperationGetNumResults(branch) {
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(branch, position),
                mlirOperationGetResult(operation, position),
            );
        }
        let condition = mlirOperationGetOperand(branch, 0);
        mlirOperationDestroy(branch);
        ir::erase_unused(condition);
    }
}

/// The first and past-the-last byte addresses of argument `argument` (of the block `entry`),
/// built at `builder` ([`Span::instructions`] counts them).
fn span(
    builder: &Builder,
    entry: MlirBlock,
    argument: usize,
) -> Result<(MlirValue, MlirValue), String> {
    let value = unsafe { mlirBlockGetArgument(entry, argument as isize) };
    let pointer = builder.aligned_pointer(value);
    let moved = |bytes: i64| match bytes {
        0 => pointer,
        _ => builder.index_binary("arith.addi", pointer, builder.index_constant(bytes)),
    };
    match span_of(unsafe { mlirValueGetType(value) })? {
        Span::Static(start, end) => Ok((moved(start), moved(end))),
        Span::Dense { sizes, element } => {
            let fixed = sizes
                .iter()
                .flatten()
                .try_fold(element, |total, &size| total.checked_mul(size))
                .ok_or("the static sizes' bytes overflow 64 bits")?;
            let mut bytes = builder.index_constant(fixed);
            for (dimension, size) in sizes.iter().enumerate() {
                if size.is_none() {
                    let extent = builder.dimension_size(value, dimension);
                    bytes = builder.index_binary("arith.muli", bytes, extent);
                }
            }
            Ok((pointer, builder.index_binary("arith.addi", pointer, bytes)))
        }
    }
}
