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
fn alignment_attribute(builder: &Builder, bytes: u64) -> Result<MlirAttribute, String> {
    builder
        .parse_attribute(&format!("{bytes} : i64"))
        .ok_or_else(|| "cannot build the alignment".into())
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

/// The operands of an operation.
fn operands(operation: MlirOperation) -> Vec<MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(operation) })
        .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
        .collect()
}

/// The memref and its indices of an access (a transfer's padding and mask left out).
fn address(memory: &MemoryAccess) -> Vec<MlirValue> {
    let all = operands(memory.operation);
    let first = usize::from(memory.kind == AccessKind::Store);
    let rank = unsafe { mlirShapedTypeGetRank(mlirValueGetType(memory.memref)) }.max(0) as usize;
    all[first..(first + 1 + rank).min(all.len())].to_vec()
}

/// The memref's element type.
fn element_type(memory: &MemoryAccess) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(mlirValueGetType(memory.memref)) }
}

/// Whether `value` is a vector (a vector member) rather than a scalar.
fn is_vector(value: MlirValue) -> bool {
    unsafe { mlirTypeIsAVector(mlirValueGetType(value)) }
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
fn gathered(builder: &Builder, part: &[&MemoryAccess], chunk: &Chunk) -> Result<MlirValue, String> {
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
fn store_vector(
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

/// The run-time alignment checks of one kernel's arguments, each made once at its entry.
#[derive(Default)]
pub struct Checks {
    /// Argument position and its check's `i1`.
    made: Vec<(usize, MlirValue)>,
}

/// Instructions a check adds at the kernel's entry: the aligned pointer, an `and` with the
/// alignment's mask, a compare (the two constants fold into their operands in PTX).
pub const CHECK_INSTRUCTIONS: u32 = 3;

impl Checks {
    /// `(aligned pointer of argument index) & (bytes − 1) == 0`, made at `kernel`'s entry.
    fn of(&mut self, kernel: &Kernel, index: usize, bytes: u64) -> Result<MlirValue, String> {
        if let Some(&(_, check)) = self.made.iter().find(|(made, _)| *made == index) {
            return Ok(check);
        }
        let (argument, first) = unsafe {
            let entry = mlirRegionGetFirstBlock(kernel.body());
            (
                mlirBlockGetArgument(entry, index as isize),
                mlirBlockGetFirstOperation(entry),
            )
        };
        let builder = Builder::before(first);
        let index_type = builder.parse_type("index").ok_or("cannot build index")?;
        let pointer = builder.create(
            "memref.extract_aligned_pointer_as_index",
            &[argument],
            &[],
            &[index_type],
        );
        let mask = builder.index_constant(bytes as i64 - 1);
        let zero = builder.index_constant(0);
        let low = builder.index_binary(
            "arith.andi",
            unsafe { mlirOperationGetResult(pointer, 0) },
            mask,
        );
        let check = builder.compare(0, low, zero)?;
        self.made.push((index, check));
        Ok(check)
    }
}

/// Applies `group` (decided with its argument's alignment assumed, one chunk of scalar
/// members) behind the run-time check of argument `index`: `scf.if` the aligned pointer is a
/// multiple of the chunk's alignment, the vector access through `memref.assume_alignment`
/// (which LLVM keeps: `test/Ptx/versioned-alignment.mlir`), else the scalar accesses, each
/// at the first element's index plus its position. The `scf.if`.
pub fn apply_versioned(
    kernel: &Kernel,
    (group, index): (&Group, usize),
    findings: &[Finding],
    checks: &mut Checks,
) -> Result<MlirOperation, String> {
    let chunk = match group
        .outcome
        .as_ref()
        .map_err(|blocker| blocker.explain())?[..]
    {
        [chunk] => chunk,
        _ => return Err("the accesses are not one vector".into()),
    };
    if let Shape::Vector(member) = group.shape {
        let check = checks.of(kernel, index, chunk.alignment)?;
        return versioned_vector(&findings[member].memory, check, chunk.alignment);
    }
    let part: Vec<&MemoryAccess> = group
        .members()
        .iter()
        .map(|&member| &findings[member].memory)
        .collect();
    let operations: Vec<MlirOperation> = part.iter().map(|memory| memory.operation).collect();
    let (first, last) = span(&operations);
    let anchor = match group.kind {
        AccessKind::Load => first,
        AccessKind::Store => last,
    };
    let base = address(part[0]);
    if base.iter().any(|&value| !available_before(value, first)) {
        return Err("the first element's index is computed after the first access".into());
    }
    let check = checks.of(kernel, index, chunk.alignment)?;
    let element = element_type(part[0]);
    let location = unsafe { mlirOperationGetLocation(part[0].operation) };
    // Loads yield the vector itself: yielding its elements would let LLVM scalarize the
    // vector load and merge the two branches into the scalar one.
    let vector_type_ = vector_type(&Builder::before(anchor), element, chunk.elements)?;
    let results = match group.kind {
        AccessKind::Load => vec![vector_type_],
        AccessKind::Store => Vec::new(),
    };
    let (branch, fast, slow) = Builder::before(anchor).if_else(check, &results)?;
    // The fast path: one vector access through the asserted alignment.
    let builder = Builder::before(fast).located(location);
    let aligned = assume_aligned(&builder, base[0], chunk.alignment)?;
    let mut fast_values = Vec::new();
    match group.kind {
        AccessKind::Load => {
            fast_values.push(vector_load(&builder, aligned, &base[1..], element, &chunk)?);
        }
        AccessKind::Store => {
            let vector = gathered(&builder, &part, &chunk)?;
            store_vector(&builder, vector, aligned, &base[1..], &chunk)?;
        }
    }
    // The fallback: the scalar accesses, element k at the first element's index plus k.
    let builder = Builder::before(slow).located(location);
    let elements = match group.kind {
        AccessKind::Load => Elements::Load(part.len(), vector_type_),
        AccessKind::Store => Elements::Store(
            part.iter()
                .map(|memory| unsafe { mlirOperationGetOperand(memory.operation, 0) })
                .collect(),
        ),
    };
    let slow_values: Vec<MlirValue> =
        elementwise(&builder, base[0], &base[1..], element, elements)?
            .into_iter()
            .collect();
    unsafe {
        mlirOperationSetOperands(fast, fast_values.len() as isize, fast_values.as_ptr());
        mlirOperationSetOperands(slow, slow_values.len() as isize, slow_values.as_ptr());
    }
    // After the branch: each load's element of the vector.
    let after = Builder::before(anchor).located(location);
    let mut elements = Vec::new();
    if group.kind == AccessKind::Load {
        let vector = unsafe { mlirOperationGetResult(branch, 0) };
        for position in 0..operations.len() {
            elements.push(extract(&after, vector, Ok(position as i64), element)?);
        }
    }
    for (position, &operation) in operations.iter().enumerate() {
        if let Some(&value) = elements.get(position) {
            unsafe { mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(operation, 0), value) };
        }
        unsafe { mlirOperationDestroy(operation) };
    }
    Ok(branch)
}

/// A `vector.load`/`store` as written, behind `check`: the fast branch the same access
/// through `memref.assume_alignment` with `alignment`, the fallback its elements one by one
/// (what the lowering makes of the unaligned vector anyway; written out, LLVM cannot merge the
/// two branches back into one unaligned access).
fn versioned_vector(
    memory: &MemoryAccess,
    check: MlirValue,
    alignment: u64,
) -> Result<MlirOperation, String> {
    let operation = memory.operation;
    let load = memory.kind == AccessKind::Load;
    let vector_type_ = unsafe {
        mlirValueGetType(if load {
            mlirOperationGetResult(operation, 0)
        } else {
            mlirOperationGetOperand(operation, 0)
        })
    };
    let results: Vec<MlirType> = if load { vec![vector_type_] } else { Vec::new() };
    let location = unsafe { mlirOperationGetLocation(operation) };
    let (branch, fast, slow) = Builder::before(operation).if_else(check, &results)?;
    let memref_position = usize::from(!load);
    let mut operands = operands(operation);
    let memref = operands[memref_position];
    // The fast path: the access through the asserted alignment, with it.
    let builder = Builder::before(fast).located(location);
    operands[memref_position] = assume_aligned(&builder, memref, alignment)?;
    let attribute = alignment_attribute(&builder, alignment)?;
    let name = ir::operation_name(operation);
    let aligned = builder.create(&name, &operands, &[("alignment", attribute)], &results);
    // The fallback: element k at the innermost index plus k.
    let builder = Builder::before(slow).located(location);
    let element = unsafe { mlirShapedTypeGetElementType(vector_type_) };
    let width = memory.vector_width as usize;
    let elements = if load {
        Elements::Load(width, vector_type_)
    } else {
        let values = (0..width)
            .map(|position| extract(&builder, operands[0], Ok(position as i64), element))
            .collect::<Result<_, _>>()?;
        Elements::Store(values)
    };
    let slow_value = elementwise(
        &builder,
        memref,
        &operands[memref_position + 1..],
        element,
        elements,
    )?;
    unsafe {
        if let Some(slow_value) = slow_value {
            let fast_value = mlirOperationGetResult(aligned, 0);
            mlirOperationSetOperands(fast, 1, &fast_value);
            mlirOperationSetOperands(slow, 1, &slow_value);
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(operation, 0),
                mlirOperationGetResult(branch, 0),
            );
        }
        mlirOperationDestroy(operation);
    }
    Ok(branch)
}

/// `memref.assume_alignment memref, bytes`: the memref asserted aligned to `bytes`.
fn assume_aligned(builder: &Builder, memref: MlirValue, bytes: u64) -> Result<MlirValue, String> {
    let alignment = builder
        .parse_attribute(&format!("{bytes} : i32"))
        .ok_or("cannot build the alignment")?;
    let assumed = builder.create(
        "memref.assume_alignment",
        &[memref],
        &[("alignment", alignment)],
        &[unsafe { mlirValueGetType(memref) }],
    );
    Ok(unsafe { mlirOperationGetResult(assumed, 0) })
}

/// What a versioned access's fallback moves element by element.
enum Elements {
    /// Loads of this many elements, gathered into a vector of this type.
    Load(usize, MlirType),
    /// Stores of these values.
    Store(Vec<MlirValue>),
}

/// A versioned access's fallback: element k at `indices` with `k` added to the innermost,
/// loaded (the vector of them, returned) or stored.
fn elementwise(
    builder: &Builder,
    memref: MlirValue,
    indices: &[MlirValue],
    element: MlirType,
    elements: Elements,
) -> Result<Option<MlirValue>, String> {
    let (innermost, outer) = indices.split_last().ok_or("an access has indices")?;
    let count = match &elements {
        Elements::Load(count, _) => *count,
        Elements::Store(values) => values.len(),
    };
    let mut loaded = Vec::new();
    for position in 0..count {
        let offset = builder.index_constant(position as i64);
        let at = builder.index_binary("arith.addi", *innermost, offset);
        let address: Vec<MlirValue> = [memref]
            .into_iter()
            .chain(outer.iter().copied())
            .chain([at])
            .collect();
        match &elements {
            Elements::Load(..) => {
                let load = builder.create("memref.load", &address, &[], &[element]);
                loaded.push(unsafe { mlirOperationGetResult(load, 0) });
            }
            Elements::Store(values) => {
                let operands: Vec<MlirValue> =
                    [values[position]].into_iter().chain(address).collect();
                builder.create("memref.store", &operands, &[], &[]);
            }
        }
    }
    match elements {
        Elements::Load(_, type_) => Ok(Some(assembled(builder, &loaded, type_)?)),
        Elements::Store(_) => Ok(None),
    }
}

/// The vector of the scalars `values`: a broadcast of the first, the others inserted.
fn assembled(
    builder: &Builder,
    values: &[MlirValue],
    type_: MlirType,
) -> Result<MlirValue, String> {
    let broadcast = builder.create("vector.broadcast", &values[..1], &[], &[type_]);
    let mut vector = unsafe { mlirOperationGetResult(broadcast, 0) };
    for (position, &value) in values.iter().enumerate().skip(1) {
        vector = insert(builder, value, vector, position as u32, type_)?;
    }
    Ok(vector)
}

/// `vector.insert value, vector[position]`.
fn insert(
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
