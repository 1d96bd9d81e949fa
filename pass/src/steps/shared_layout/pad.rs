//! `pad`: widen the innermost dimension of a shared buffer (Gao §4, intra-row
//! padding) and keep every user on the original logical shape.
//!
//! The buffer gets the padded type (`memref<32x33xf32, 3>`); a
//! `memref.subview` of the original extent (`memref<32x32xf32,
//! strided<[33, 1]>, 3>`) replaces it for all its users, which the planner
//! has checked are plain loads and stores. Indices do not change; only the
//! row pitch does, which is exactly the change the planner costed. A
//! workgroup attribution or a view of dynamic shared memory changes its type
//! in place; an allocation or a `memref.get_global` is replaced by a new one
//! (same attributes), and a workgroup `memref.global` gets the padded type.

use mlir_sys::*;

use crate::{facts::accesses::views_dynamic_shared, ir, ir::builder::Builder};

/// Pads the workgroup `global` to `padded` and re-points each of its `get_global`s, `values`.
pub fn apply_global(
    global: MlirOperation,
    values: &[MlirValue],
    padded: &[i64],
) -> Result<(), String> {
    let padded_type = padded_type(values[0], padded);
    for &value in values {
        apply(value, padded)?;
    }
    retype_global(global, &padded_type)
}

/// Gives the workgroup `global` the memref type `text`.
pub(super) fn retype_global(global: MlirOperation, text: &str) -> Result<(), String> {
    let attribute = Builder::before(global)
        .parse_attribute(text)
        .ok_or_else(|| format!("cannot build type {text}"))?;
    unsafe { mlirOperationSetAttributeByName(global, ir::string_ref_of("type"), attribute) };
    Ok(())
}

/// The text of `buffer`'s memref type with the static shape `padded`.
pub(super) fn padded_type(buffer: MlirValue, padded: &[i64]) -> String {
    let old_type = unsafe { mlirValueGetType(buffer) };
    let element = ir::type_text(unsafe { mlirShapedTypeGetElementType(old_type) });
    format!(
        "memref<{}x{element}{}>",
        join(padded, "x"),
        space_suffix(old_type)
    )
}

/// `, <memory space>` of a memref type, or nothing for the default space.
fn space_suffix(memref_type: MlirType) -> String {
    let space = unsafe { mlirMemRefTypeGetMemorySpace(memref_type) };
    if space.ptr.is_null() {
        String::new()
    } else {
        format!(", {}", ir::attribute_text(space))
    }
}

/// `values` as text, separated by `separator`.
fn join(values: &[i64], separator: &str) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// Pads `buffer` to `padded` (same rank; larger innermost size).
pub fn apply(buffer: MlirValue, padded: &[i64]) -> Result<(), String> {
    let old_type = unsafe { mlirValueGetType(buffer) };
    let rank = padded.len();
    let shape = ir::static_shape(old_type);
    let element = ir::type_text(unsafe { mlirShapedTypeGetElementType(old_type) });
    let space = space_suffix(old_type);
    let mut strides = vec![1i64; rank];
    for dimension in (0..rank.saturating_sub(1)).rev() {
        strides[dimension] = strides[dimension + 1] * padded[dimension + 1];
    }
    let padded_text = padded_type(buffer, padded);
    let view_text = format!(
        "memref<{}x{element}, strided<[{}]>{space}>",
        join(&shape, "x"),
        join(&strides, ", ")
    );
    // A view of dynamic shared memory changes its type in place, as an attribution does.
    let (anchor, allocation) = match ir::defining_operation(buffer) {
        Some(view) if views_dynamic_shared(view) => {
            (unsafe { mlirOperationGetNextInBlock(view) }, None)
        }
        Some(allocation) => (allocation, Some(allocation)),
        None => unsafe {
            let block = mlirBlockArgumentGetOwner(buffer);
            (mlirBlockGetFirstOperation(block), None)
        },
    };
    let builder = Builder::before(anchor);
    let padded_type = builder
        .parse_type(&padded_text)
        .ok_or_else(|| format!("cannot build type {padded_text}"))?;
    let view_type = builder
        .parse_type(&view_text)
        .ok_or_else(|| format!("cannot build type {view_text}"))?;
    let source = match allocation {
        Some(allocation) => unsafe {
            let name = ir::operation_name(allocation);
            let replacement = builder.create(&name, &[], &[], &[padded_type]);
            for index in 0..mlirOperationGetNumAttributes(allocation) {
                let named = mlirOperationGetAttribute(allocation, index);
                mlirOperationSetAttributeByName(
                    replacement,
                    mlirIdentifierStr(named.name),
                    named.attribute,
                );
            }
            mlirOperationGetResult(replacement, 0)
        },
        None => {
            unsafe { mlirValueSetType(buffer, padded_type) };
            buffer
        }
    };
    let attribute = |name: &'static str, text: String| {
        builder
            .parse_attribute(&text)
            .map(|attribute| (name, attribute))
            .ok_or_else(|| format!("cannot build attribute {text}"))
    };
    let zeros = vec![0i64; rank];
    let ones = vec![1i64; rank];
    let subview = builder.create(
        "memref.subview",
        &[source],
        &[
            attribute(
                "static_offsets",
                format!("array<i64: {}>", join(&zeros, ", ")),
            )?,
            attribute(
                "static_sizes",
                format!("array<i64: {}>", join(&shape, ", ")),
            )?,
            attribute(
                "static_strides",
                format!("array<i64: {}>", join(&ones, ", ")),
            )?,
            attribute("operandSegmentSizes", "array<i32: 1, 0, 0, 0>".into())?,
        ],
        &[view_type],
    );
    unsafe {
        let view = mlirOperationGetResult(subview, 0);
        match allocation {
            Some(allocation) => {
                mlirValueReplaceAllUsesOfWith(buffer, view);
                mlirOperationDestroy(allocation);
            }
            None => {
                let mut exception = subview;
                mlirValueReplaceAllUsesExcept(buffer, view, 1, &mut exception)
            }
        }
    }
    Ok(())
}
