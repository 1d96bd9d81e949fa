//! The users of a shared buffer, through `memref.subview`s: which are understood, and how each
//! access reaches the buffer.
//!
//! A buffer may be rewritten only when every user is understood: a plain memory op on the
//! buffer (its memref operand), or a `memref.subview` of it with static offsets, sizes and
//! strides (rank-reducing ones too, when they keep the innermost dimension and their type pins
//! down which size-1 dimensions they drop), whose own users are understood in turn; an access through a
//! view must also have plain index operands (`memref.load/store`, `vector.load/store`), since
//! the pass rewrites its indices into buffer indices before padding or swizzling
//! (`shared_layout::subview`). Anything else (a call, a cast, a dynamic subview, one dropping the
//! innermost dimension, `affine.load` through a view) leaves the whole buffer alone, with the
//! reason.
//! Cost: one visit per use.

use analysis::subview::StaticSubview;
use mlir_sys::*;

use crate::{facts::accesses, facts::findings::Finding, ir};

/// Why some user of `buffer` (directly or through static subviews) is not understood, if one is not.
pub fn foreign_user(buffer: MlirValue) -> Option<String> {
    let through_view =
        ir::defining_operation(buffer).is_some_and(|owner| ir::is_named(owner, "memref.subview"));
    for (owner, number) in ir::uses(buffer) {
        let name = ir::operation_name(owner);
        let location = ir::location_text(unsafe { mlirOperationGetLocation(owner) });
        let reason = if name == "memref.subview" && number == 0 {
            match static_subview(owner) {
                Ok(_) => foreign_user(unsafe { mlirOperationGetResult(owner, 0) }),
                Err(why) => Some(format!("{why}; the buffer is left as it is")),
            }
        } else if accesses::memory_operation(&name).is_some_and(|(position, _)| position == number)
        {
            (through_view && !plain_indices(&name)).then(|| {
                format!(
                    "{name} at {location} accesses a memref.subview through indices that are not plain operands, which gpu-mem-opt does not rewrite; the buffer is left as it is"
                )
            })
        } else {
            Some(format!(
                "used by {name} at {location}, which gpu-mem-opt does not rewrite; the buffer is left as it is"
            ))
        };
        if reason.is_some() {
            return reason;
        }
    }
    None
}

/// The static subviews between `finding`'s memref and its buffer, its own view first.
pub fn views_of(finding: &Finding) -> Result<Vec<StaticSubview>, String> {
    let mut views = Vec::new();
    let mut memref = finding.memory.memref;
    while unsafe { !mlirValueEqual(memref, finding.memory.root_value) } {
        let owner =
            ir::defining_operation(memref).ok_or("the memref is not a view of the buffer")?;
        let name = ir::operation_name(owner);
        if name != "memref.subview" {
            return Err(format!(
                "{} at {} reaches the buffer through {name}, which gpu-mem-opt does not rewrite",
                finding.memory.name, finding.memory.location
            ));
        }
        views.push(static_subview(owner)?);
        memref = unsafe { mlirOperationGetOperand(owner, 0) };
    }
    Ok(views)
}

/// `subview`'s offsets, strides and dropped dimensions, or why it is not folded.
pub fn static_subview(subview: MlirOperation) -> Result<StaticSubview, String> {
    let location = ir::location_text(unsafe { mlirOperationGetLocation(subview) });
    let array = |name: &str| {
        ir::attribute(subview, name)
            .and_then(ir::dense_i64_array)
            .ok_or_else(|| format!("memref.subview at {location} has no {name}"))
    };
    let (offsets, sizes, strides) = (
        array("static_offsets")?,
        array("static_sizes")?,
        array("static_strides")?,
    );
    let dynamic = unsafe { mlirOperationGetNumOperands(subview) } > 1
        || offsets
            .iter()
            .chain(&strides)
            .any(|&value| unsafe { mlirShapedTypeIsDynamicStrideOrOffset(value) })
        || sizes
            .iter()
            .any(|&size| unsafe { mlirShapedTypeIsDynamicSize(size) });
    if dynamic {
        return Err(format!(
            "memref.subview at {location} has dynamic offsets, sizes or strides; only static subviews are rewritten"
        ));
    }
    if strides.iter().any(|&stride| stride <= 0) {
        return Err(format!(
            "memref.subview at {location} has a stride below 1; not rewritten"
        ));
    }
    let (source, result) = unsafe {
        (
            mlirValueGetType(mlirOperationGetOperand(subview, 0)),
            mlirValueGetType(mlirOperationGetResult(subview, 0)),
        )
    };
    let dropped = dropped_dimensions(source, result, &sizes, &strides).ok_or_else(|| {
        format!(
            "memref.subview at {location} drops dimensions in a way its type does not pin down; not rewritten"
        )
    })?;
    if dropped.last() == Some(&true) {
        return Err(format!(
            "memref.subview at {location} drops the innermost dimension; only views that keep it are rewritten"
        ));
    }
    Ok(StaticSubview {
        offsets,
        strides,
        dropped,
    })
}

/// Which source dimensions a subview of `sizes` and `strides` from `source` to `result` drops:
/// size-1 dimensions, matched from the left against the result's shape (MLIR's rank-reduction
/// rule); `None` unless the result's strides are then the kept dimensions' source strides
/// times the view's strides, which pins the choice down.
fn dropped_dimensions(
    source: MlirType,
    result: MlirType,
    sizes: &[i64],
    strides: &[i64],
) -> Option<Vec<bool>> {
    let kept_shape = ir::static_shape(result);
    let mut kept = kept_shape.iter().peekable();
    let dropped: Vec<bool> = sizes
        .iter()
        .map(|&size| {
            let keep = kept.peek() == Some(&&size);
            if keep {
                kept.next();
            }
            !keep
        })
        .collect();
    let all_ones = sizes
        .iter()
        .zip(&dropped)
        .all(|(&size, &dropped)| !dropped || size == 1);
    if kept.next().is_some() || !all_ones {
        return None;
    }
    let stride_of = |type_: MlirType| {
        let rank = unsafe { mlirShapedTypeGetRank(type_) }.max(0) as usize;
        let mut values = vec![0i64; rank];
        let mut offset = 0i64;
        let known = unsafe {
            mlirMemRefTypeGetStridesAndOffset(type_, values.as_mut_ptr(), &mut offset).value != 0
        };
        known.then_some(values)
    };
    let (source_strides, result_strides) = (stride_of(source)?, stride_of(result)?);
    let expected: Vec<i64> = source_strides
        .iter()
        .zip(strides)
        .zip(&dropped)
        .filter(|(_, &dropped)| !dropped)
        .map(|((&outer, &inner), _)| outer * inner)
        .collect();
    (expected == result_strides).then_some(dropped)
}
/// Whether `name` is an access whose indices are plain operands after the memref (loads and
/// stores of `memref` and `vector`), so a rewrite (a folded view, a swizzle) can change them.
pub fn plain_indices(name: &str) -> bool {
    matches!(
        name,
        "memref.load" | "memref.store" | "vector.load" | "vector.store"
    )
}
