//! `vectorize`: apply a [`Group`]'s chunks as `vector.load`/`vector.store` with the proven
//! `alignment`, which the NVVM lowering keeps: a 16-byte access with `alignment = 16`
//! becomes `ld.global.v4.b32`, without it four scalar loads (checked on LLVM 22; the
//! lowering otherwise assumes the element's alignment, anchors-mission §1.6).
//!
//! * adjacent loads: one `vector.load` per chunk of several members at the first of its
//!   loads, with the lowest element's indices; each member's uses take `vector.extract` of
//!   its element (a scalar) or a `vector.shuffle` of its elements (a vector);
//! * adjacent stores: the values are gathered (`vector.broadcast`, then `vector.insert` of a
//!   scalar or a `vector.shuffle` that puts a vector in place) and one `vector.store` per
//!   chunk replaces them at the last of its stores;
//!
//! `vector.shuffle` rather than `vector.extract_strided_slice`/`insert_strided_slice`: MLIR's
//! GPU-to-NVVM lowering has no pattern for strided slices (LLVM 22: "missing
//! LLVMTranslationDialectInterface ... vector.extract_strided_slice"); a shuffle becomes one
//! `llvm.shufflevector`, which NVPTX folds into the registers of the wide load.
//! * a chunk of one member is left alone, except that a `vector.load`/`store` gets the
//!   chunk's alignment;
//! * a loop's load: its index is recomputed before the loop with the induction variable at
//!   the lower bound (the pure ops it depends on are cloned), one `vector.load` there, and the
//!   load becomes `vector.extract` at position `iv − lower`;
//! * an existing vector access: its `alignment` attribute is set.
//!
//! The decision (`crate::steps::vectorize`) checked contiguity, alignment and that nothing in
//! between may touch the memory; here only dominance of the first element's indices at the
//! insertion point is checked, and an error leaves the IR unchanged.

use std::collections::HashMap;

use analysis::{
    matrix::AccessKind,
    vector_width::{self, Chunk},
};
use mlir_sys::*;

use crate::{
    facts::accesses::MemoryAccess,
    facts::effects,
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    ir::builder::Builder,
    steps::vectorize::decide::{span, Group, Shape},
};

/// MLIR's marker for a dynamic position in `static_position` (`ShapedType::kDynamic`).
const DYNAMIC_POSITION: i64 = i64::MIN;

/// Applies `group` (its chunks must be the `Ok` outcome); the instruction that now performs
/// each member, in member order.
pub fn apply(
    kernel: &Kernel,
    group: &Group,
    findings: &[Finding],
) -> Result<Vec<MlirOperation>, String> {
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
            Ok(vec![findings[*index].memory.operation])
        }
        Shape::Adjacent(members) => {
            let memories: Vec<&MemoryAccess> = members
                .iter()
                .map(|&index| &findings[index].memory)
                .collect();
            let widths: Vec<u32> = memories
                .iter()
                .map(|memory| memory.vector_width.max(1))
                .collect();
            let chunk_of = vector_width::chunk_of_pieces(chunks, &widths)
                .ok_or("an instruction would cut a member")?;
            let mut instructions = Vec::with_capacity(memories.len());
            for (position, chunk) in chunks.iter().enumerate() {
                let part: Vec<&MemoryAccess> = memories
                    .iter()
                    .zip(&chunk_of)
                    .filter(|(_, &of)| of == position)
                    .map(|(memory, _)| *memory)
                    .collect();
                let instruction = match (part.as_slice(), group.kind) {
                    ([], _) => continue,
                    ([only], _) => {
                        if matches!(only.name.as_str(), "vector.load" | "vector.store") {
                            set_alignment(only.operation, chunk.alignment);
                        }
                        only.operation
                    }
                    (_, AccessKind::Load) => merge_loads(&part, chunk)?,
                    (_, AccessKind::Store) => merge_stores(&part, chunk)?,
                };
                instructions.extend(std::iter::repeat_n(instruction, part.len()));
            }
            Ok(instructions)
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
        )
        .map(|load| vec![load]),
    }
}

/// Sets `alignment = bytes : i64` on `operation`, unless it declares more already.
fn set_alignment(operation: MlirOperation, bytes: u64) {
    let declared = ir::attribute(operation, "alignment").and_then(ir::integer);
    if declared.is_some_and(|declared| declared as u64 >= bytes) {
        return;
    }
    if let Ok(attribute) = alignment_attribute(&Builder::before(operation), bytes) {
        unsafe {
            mlirOperationSetAttributeByName(operation, ir::string_ref_of("alignment"), attribute)
        };
    }
}

/// A vector access's `alignment = bytes : i64`.
pub(super) fn alignment_attribute(builder: &Builder, bytes: u64) -> Result<MlirAttribute, String> {
    builder
        .parse_attribute(&format!("{bytes} : i64"))
        .ok_or_else(|| "cannot build the alignment".into())
}

/// `vector<N x element>` for the element type of `value`.
pub(super) fn vector_type(
    builder: &Builder,
    element: MlirType,
    elements: u32,
) -> Result<MlirType, String> {
    let text = format!("vector<{elements}x{}>", ir::type_text(element));
    builder
        .parse_type(&text)
        .ok_or_else(|| format!("cannot build type {text}"))
}

/// `vector.load` of `elements` at the indices of `base` (a `memref.load`), before `anchor`.
pub(super) fn vector_load(
    builder: &Builder,
    memref: MlirValue,
    indices: &[MlirValue],
    element: MlirType,
    chunk: &Chunk,
) -> Result<MlirValue, String> {
    let type_ = vector_type(builder, element, chunk.elements)?;
    let alignment = alignment_attribute(builder, chunk.alignment)?;
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
pub(super) fn extract(
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

/// The operands of an operation.
pub(super) fn operands(operation: MlirOperation) -> Vec<MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(operation) })
        .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
        .collect()
}

/// The memref and its indices of an access (a transfer's padding and mask left out).
pub(super) fn address(memory: &MemoryAccess) -> Vec<MlirValue> {
    let all = operands(memory.operation);
    let first = usize::from(memory.kind == AccessKind::Store);
    let rank = unsafe { mlirShapedTypeGetRank(mlirValueGetType(memory.memref)) }.max(0) as usize;
    all[first..(first + 1 + rank).min(all.len())].to_vec()
}

/// The memref's element type.
pub(super) fn element_type(memory: &MemoryAccess) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) }
}

/// Whether `value` is a vector (a vector member) rather than a scalar.
fn is_vector(value: MlirValue) -> bool {
    unsafe { mlirTypeIsAVector(mlirValueGetType(value)) }
}

/// Whether `value` is available right before `anchor` (same block: defined earlier).
pub(super) fn available_before(value: MlirValue, anchor: MlirOperation) -> bool {
    match ir::defining_operation(value) {
        None => true,
        Some(owner) => unsafe {
            mlirOperationGetBlock(owner).ptr != mlirOperationGetBlock(anchor).ptr
                || mlirOperationIsBeforeInBlock(owner, anchor)
        },
    }
}

/// `vector.shuffle %first, %second [mask]` of type `type_`.
fn shuffle(
    builder: &Builder,
    first: MlirValue,
    second: MlirValue,
    mask: impl Iterator<Item = u32>,
    type_: MlirType,
) -> Result<MlirValue, String> {
    let entries: Vec<String> = mask.map(|entry| entry.to_string()).collect();
    let text = format!("array<i64: {}>", entries.join(", "));
    let attribute = builder
        .parse_attribute(&text)
        .ok_or_else(|| format!("cannot build {text}"))?;
    let operation = builder.create(
        "vector.shuffle",
        &[first, second],
        &[("mask", attribute)],
        &[type_],
    );
    Ok(unsafe { mlirOperationGetResult(operation, 0) })
}

/// Replaces the loads `part` (element order) with one vector load and extracts; the load.
fn merge_loads(part: &[&MemoryAccess], chunk: &Chunk) -> Result<MlirOperation, String> {
    let operations: Vec<MlirOperation> = part.iter().map(|memory| memory.operation).collect();
    let (anchor, _) = span(&operations);
    let base = address(part[0]);
    if base.iter().any(|&value| !available_before(value, anchor)) {
        return Err(format!(
            "the first element's index is computed after the access at {}",
            ir::location_text(unsafe { mlirOperationGetLocation(anchor) })
        ));
    }
    let builder = Builder::before(anchor);
    let element = element_type(part[0]);
    let vector = vector_load(&builder, base[0], &base[1..], element, chunk)?;
    let mut position = 0;
    let mut values = Vec::new();
    for memory in part {
        let result = unsafe { mlirOperationGetResult(memory.operation, 0) };
        let width = memory.vector_width.max(1);
        values.push(if is_vector(result) {
            let elements = position..position + width;
            shuffle(&builder, vector, vector, elements, unsafe {
                mlirValueGetType(result)
            })?
        } else {
            extract(&builder, vector, Ok(i64::from(position)), element)?
        });
        position += width;
    }
    for (&load, value) in operations.iter().zip(values) {
        unsafe {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(load, 0), value);
            mlirOperationDestroy(load);
        }
    }
    Ok(unsafe { mlirOpResultGetOwner(vector) })
}

/// Replaces the stores `part` (element order) with one vector store at the last of them;
/// the store.
fn merge_stores(part: &[&MemoryAccess], chunk: &Chunk) -> Result<MlirOperation, String> {
    let operations: Vec<MlirOperation> = part.iter().map(|memory| memory.operation).collect();
    let (_, anchor) = span(&operations);
    let builder = Builder::before(anchor);
    let base = address(part[0]);
    let vector = gathered(&builder, part, chunk)?;
    let store = store_vector(&builder, vector, base[0], &base[1..], chunk)?;
    for &store in &operations {
        unsafe { mlirOperationDestroy(store) };
    }
    Ok(store)
}

/// The vector of the values the stores `part` (element order) write.
pub(super) fn gathered(
    builder: &Builder,
    part: &[&MemoryAccess],
    chunk: &Chunk,
) -> Result<MlirValue, String> {
    let element = element_type(part[0]);
    let type_ = vector_type(builder, element, chunk.elements)?;
    let first = unsafe { mlirOperationGetOperand(part[0].operation, 0) };
    // A vector of the first element, then every member put in place over it.
    let (seed, skip) = if is_vector(first) {
        (extract(builder, first, Ok(0), element)?, 0)
    } else {
        (first, 1)
    };
    let broadcast = builder.create("vector.broadcast", &[seed], &[], &[type_]);
    let mut vector = unsafe { mlirOperationGetResult(broadcast, 0) };
    let mut position = 0;
    for (index, memory) in part.iter().enumerate() {
        let value = unsafe { mlirOperationGetOperand(memory.operation, 0) };
        let width = memory.vector_width.max(1);
        if index >= skip && is_vector(value) {
            // Element i of the result: the member's element i − position inside its span,
            // else the vector's own (the second operand's elements count from N).
            let span = position..position + width;
            let mask = (0..chunk.elements).map(|element| {
                if span.contains(&element) {
                    chunk.elements + element - position
                } else {
                    element
                }
            });
            vector = shuffle(builder, vector, value, mask, type_)?;
        } else if index >= skip {
            vector = insert(builder, value, vector, position, type_)?;
        }
        position += width;
    }
    Ok(vector)
}

/// `vector.store vector, memref[indices]` with the chunk's alignment; the store.
pub(super) fn store_vector(
    builder: &Builder,
    vector: MlirValue,
    memref: MlirValue,
    indices: &[MlirValue],
    chunk: &Chunk,
) -> Result<MlirOperation, String> {
    let alignment = alignment_attribute(builder, chunk.alignment)?;
    let operands: Vec<MlirValue> = [vector, memref]
        .into_iter()
        .chain(indices.iter().copied())
        .collect();
    Ok(builder.create("vector.store", &operands, &[("alignment", alignment)], &[]))
}

/// Replaces a loop's load with one vector load before the loop and an extract per iteration;
/// the vector load.
fn hoist_load(
    kernel: &Kernel,
    load: MlirOperation,
    loop_operation: MlirOperation,
    lower: i64,
    chunk: &Chunk,
) -> Result<MlirOperation, String> {
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
    Ok(unsafe { mlirOpResultGetOwner(vector) })
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

/// `vector.insert value, vector[position]`.
pub(super) fn insert(
    builder: &Builder,
    value: MlirValue,
    vector: MlirValue,
    position: u32,
    type_: MlirType,
) -> Result<MlirValue, String> {
    let attribute = builder
        .parse_attribute(&format!("array<i64: {position}>"))
        .ok_or("cannot build a position")?;
    let insert = builder.create(
        "vector.insert",
        &[value, vector],
        &[("static_position", attribute)],
        &[type_],
    );
    Ok(unsafe { mlirOperationGetResult(insert, 0) })
}
