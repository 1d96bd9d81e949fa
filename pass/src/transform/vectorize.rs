//! `vectorize`: apply a [`Group`]'s chunks as `vector.load`/`vector.store` with the proven
//! `alignment`, which the NVVM lowering keeps: a 16-byte access with `alignment = 16`
//! becomes `ld.global.v4.b32`, without it four scalar loads (checked on LLVM 22; the
//! lowering otherwise assumes the element's alignment, anchors-mission §1.6).
//!
//! * unrolled loads: one `vector.load` per chunk at the first of its loads, with the lowest
//!   element's indices; each load's uses take `vector.extract` of its element;
//! * unrolled stores: the values are gathered (`vector.broadcast`, `vector.insert`) and one
//!   `vector.store` per chunk replaces them at the last of its stores;
//! * a loop's load: its index is recomputed before the loop with the induction variable at
//!   the lower bound (the pure ops it depends on are cloned), one `vector.load` there, and the
//!   load becomes `vector.extract` at position `iv − lower`;
//! * an existing vector access: its `alignment` attribute is set.
//!
//! The decision (`crate::vectorize`) checked contiguity, alignment and that nothing in
//! between may touch the memory; here only dominance of the first element's indices at the
//! insertion point is checked, and an error leaves the IR unchanged.

use std::collections::HashMap;

use analysis::{matrix::AccessKind, vector_width::Chunk};
use mlir_sys::*;

use crate::{
    effects,
    findings::Finding,
    ir,
    kernels::Kernel,
    rewrite::Builder,
    vectorize::{span, Group, Shape},
};

/// MLIR's marker for a dynamic position in `static_position` (`ShapedType::kDynamic`).
const DYNAMIC_POSITION: i64 = i64::MIN;

/// Applies `group` (its chunks must be the `Ok` outcome).
pub fn apply(kernel: &Kernel, group: &Group, findings: &[Finding]) -> Result<(), String> {
    let chunks = group
        .outcome
        .as_ref()
        .map_err(|blocker| blocker.explain())?;
    match &group.shape {
        Shape::Vector(index) => {
            let alignment = chunks
                .iter()
                .map(|chunk| chunk.alignment)
                .min()
                .unwrap_or(1);
            set_alignment(findings[*index].memory.operation, alignment);
            Ok(())
        }
        Shape::Unrolled(members) => {
            let operations: Vec<MlirOperation> = members
                .iter()
                .map(|&index| findings[index].memory.operation)
                .collect();
            for chunk in chunks.iter().filter(|chunk| chunk.elements > 1) {
                let part =
                    &operations[chunk.start as usize..(chunk.start + chunk.elements) as usize];
                match group.kind {
                    AccessKind::Load => merge_loads(part, chunk)?,
                    AccessKind::Store => merge_stores(part, chunk)?,
                }
            }
            Ok(())
        }
        Shape::Loop {
            access,
            loop_operation,
            lower,
        } => hoist_load(
            kernel,
            findings[*access].memory.operation,
            *loop_operation,
            *lower,
            &chunks[0],
        ),
    }
}

/// Sets `alignment = bytes : i64` on `operation`.
fn set_alignment(operation: MlirOperation, bytes: u64) {
    let builder = Builder::before(operation);
    if let Some(attribute) = builder.parse_attribute(&format!("{bytes} : i64")) {
        unsafe {
            mlirOperationSetAttributeByName(operation, ir::string_ref_of("alignment"), attribute)
        };
    }
}

/// `vector<N x element>` for the element type of `value`.
fn vector_type(builder: &Builder, element: MlirType, elements: u32) -> Result<MlirType, String> {
    let text = format!("vector<{elements}x{}>", ir::type_text(element));
    builder
        .parse_type(&text)
        .ok_or_else(|| format!("cannot build type {text}"))
}

/// `vector.load` of `elements` at the indices of `base` (a `memref.load`), before `anchor`.
fn vector_load(
    builder: &Builder,
    memref: MlirValue,
    indices: &[MlirValue],
    element: MlirType,
    chunk: &Chunk,
) -> Result<MlirValue, String> {
    let type_ = vector_type(builder, element, chunk.elements)?;
    let alignment = builder
        .parse_attribute(&format!("{} : i64", chunk.alignment))
        .ok_or("cannot build the alignment")?;
    let operands: Vec<MlirValue> = std::iter::once(memref)
        .chain(indices.iter().copied())
        .collect();
    let load = builder.create(
        "vector.load",
        &operands,
        &[("alignment", alignment)],
        &[type_],
    );
    Ok(unsafe { mlirOperationGetResult(load, 0) })
}

/// `vector.extract %vector[position]` (static) or `[%position]` (dynamic).
fn extract(
    builder: &Builder,
    vector: MlirValue,
    position: Result<i64, MlirValue>,
    element: MlirType,
) -> Result<MlirValue, String> {
    let (static_position, dynamic) = match position {
        Ok(position) => (position, None),
        Err(value) => (DYNAMIC_POSITION, Some(value)),
    };
    let attribute = builder
        .parse_attribute(&format!("array<i64: {static_position}>"))
        .ok_or("cannot build a position")?;
    let operands: Vec<MlirValue> = std::iter::once(vector).chain(dynamic).collect();
    let operation = builder.create(
        "vector.extract",
        &operands,
        &[("static_position", attribute)],
        &[element],
    );
    Ok(unsafe { mlirOperationGetResult(operation, 0) })
}

/// The operands of a `memref.load` (memref, indices) or `memref.store` (value, memref, indices).
fn operands(operation: MlirOperation) -> Vec<MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(operation) })
        .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
        .collect()
}

/// Whether `value` is available right before `anchor` (same block: defined earlier).
fn available_before(value: MlirValue, anchor: MlirOperation) -> bool {
    match ir::defining_operation(value) {
        None => true,
        Some(owner) => unsafe {
            mlirOperationGetBlock(owner).ptr != mlirOperationGetBlock(anchor).ptr
                || mlirOperationIsBeforeInBlock(owner, anchor)
        },
    }
}

/// Replaces the loads `part` (element order) with one vector load and extracts.
fn merge_loads(part: &[MlirOperation], chunk: &Chunk) -> Result<(), String> {
    let (anchor, _) = span(part);
    let base = operands(part[0]);
    if base.iter().any(|&value| !available_before(value, anchor)) {
        return Err(format!(
            "the first element's index is computed after the access at {}",
            ir::location_text(unsafe { mlirOperationGetLocation(anchor) })
        ));
    }
    let builder = Builder::before(anchor);
    let element = unsafe { mlirValueGetType(mlirOperationGetResult(part[0], 0)) };
    let vector = vector_load(&builder, base[0], &base[1..], element, chunk)?;
    let values: Vec<MlirValue> = (0..part.len())
        .map(|position| extract(&builder, vector, Ok(position as i64), element))
        .collect::<Result<_, _>>()?;
    for (&load, value) in part.iter().zip(values) {
        unsafe {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(load, 0), value);
            mlirOperationDestroy(load);
        }
    }
    Ok(())
}

/// Replaces the stores `part` (element order) with one vector store at the last of them.
fn merge_stores(part: &[MlirOperation], chunk: &Chunk) -> Result<(), String> {
    let (_, anchor) = span(part);
    let builder = Builder::before(anchor);
    let base = operands(part[0]);
    let element = unsafe { mlirValueGetType(base[0]) };
    let type_ = vector_type(&builder, element, chunk.elements)?;
    let broadcast = builder.create("vector.broadcast", &[base[0]], &[], &[type_]);
    let mut vector = unsafe { mlirOperationGetResult(broadcast, 0) };
    for (position, &store) in part.iter().enumerate().skip(1) {
        let value = unsafe { mlirOperationGetOperand(store, 0) };
        let attribute = builder
            .parse_attribute(&format!("array<i64: {position}>"))
            .ok_or("cannot build a position")?;
        let insert = builder.create(
            "vector.insert",
            &[value, vector],
            &[("static_position", attribute)],
            &[type_],
        );
        vector = unsafe { mlirOperationGetResult(insert, 0) };
    }
    let alignment = builder
        .parse_attribute(&format!("{} : i64", chunk.alignment))
        .ok_or("cannot build the alignment")?;
    let store_operands: Vec<MlirValue> = std::iter::once(vector)
        .chain(base[1..].iter().copied())
        .collect();
    builder.create(
        "vector.store",
        &store_operands,
        &[("alignment", alignment)],
        &[],
    );
    for &store in part {
        unsafe { mlirOperationDestroy(store) };
    }
    Ok(())
}

/// Replaces a loop's load with one vector load before the loop and an extract per iteration.
fn hoist_load(
    kernel: &Kernel,
    load: MlirOperation,
    loop_operation: MlirOperation,
    lower: i64,
    chunk: &Chunk,
) -> Result<(), String> {
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(loop_operation, 0)) };
    let induction = unsafe { mlirBlockGetArgument(body, 0) };
    let lower_value = unsafe { mlirOperationGetOperand(loop_operation, 0) };
    let outside = Builder::before(loop_operation);
    let all = operands(load);
    let mut order = Vec::new();
    for &value in &all {
        slice(kernel, value, loop_operation, induction, &mut order)?;
    }
    let mut cloned: HashMap<usize, MlirOperation> = HashMap::new();
    let hoisted_value = |value: MlirValue, cloned: &HashMap<usize, MlirOperation>| {
        if unsafe { mlirValueEqual(value, induction) } {
            return lower_value;
        }
        match ir::defining_operation(value).and_then(|owner| cloned.get(&(owner.ptr as usize))) {
            Some(copy) => unsafe {
                mlirOperationGetResult(*copy, mlirOpResultGetResultNumber(value))
            },
            None => value,
        }
    };
    for &operation in &order {
        let copy = unsafe { mlirOperationClone(operation) };
        for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
            let operand = unsafe { mlirOperationGetOperand(operation, position) };
            unsafe { mlirOperationSetOperand(copy, position, hoisted_value(operand, &cloned)) };
        }
        outside.insert(copy);
        cloned.insert(operation.ptr as usize, copy);
    }
    let hoisted: Vec<MlirValue> = all
        .iter()
        .map(|&value| hoisted_value(value, &cloned))
        .collect();
    let element = unsafe { mlirValueGetType(mlirOperationGetResult(load, 0)) };
    let vector = vector_load(&outside, hoisted[0], &hoisted[1..], element, chunk)?;
    let inside = Builder::before(load);
    let position = if lower == 0 {
        induction
    } else {
        inside.index_binary("arith.subi", induction, lower_value)
    };
    let value = extract(&inside, vector, Err(position), element)?;
    unsafe {
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(load, 0), value);
        mlirOperationDestroy(load);
    }
    Ok(())
}

/// Appends to `order` (operands first) the ops inside `loop_operation` that `value` depends
/// on, other than through the induction variable; an error if one is not pure.
fn slice(
    kernel: &Kernel,
    value: MlirValue,
    loop_operation: MlirOperation,
    induction: MlirValue,
    order: &mut Vec<MlirOperation>,
) -> Result<(), String> {
    if unsafe { mlirValueEqual(value, induction) } {
        return Ok(());
    }
    let Some(owner) = ir::defining_operation(value) else {
        let block = unsafe { mlirBlockArgumentGetOwner(value) };
        return if inside(
            unsafe { mlirBlockGetParentOperation(block) },
            loop_operation,
        ) {
            Err("the index depends on a block argument inside the loop".into())
        } else {
            Ok(())
        };
    };
    if !inside(owner, loop_operation) || order.iter().any(|known| known.ptr == owner.ptr) {
        return Ok(());
    }
    let pure = unsafe { mlirOperationGetNumRegions(owner) } == 0
        && effects::effects(kernel, owner).is_empty();
    if !pure {
        return Err(format!(
            "the index depends on {}, which cannot be computed before the loop",
            ir::operation_name(owner)
        ));
    }
    for position in 0..unsafe { mlirOperationGetNumOperands(owner) } {
        let operand = unsafe { mlirOperationGetOperand(owner, position) };
        slice(kernel, operand, loop_operation, induction, order)?;
    }
    order.push(owner);
    Ok(())
}

/// Whether `operation` is `ancestor` or nested in it.
fn inside(operation: MlirOperation, ancestor: MlirOperation) -> bool {
    let mut current = operation;
    while !current.ptr.is_null() {
        if current.ptr == ancestor.ptr {
            return true;
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    false
}
