//! `vectorize` behind a run-time alignment check (where nothing proves an argument's
//! alignment): `scf.if` the argument's aligned pointer is a multiple of the chunk's bytes, the
//! vector access through `memref.assume_alignment`, else the scalar accesses one by one.
//! One check per argument at the kernel's entry ([`Checks`], [`CHECK_INSTRUCTIONS`]); the
//! helpers that build vector accesses are [`super::apply`]'s.

use analysis::matrix::AccessKind;
use mlir_sys::*;

use super::apply::{
    address, alignment_attribute, available_before, element_type, extract, gathered, insert,
    operands, store_vector, vector_load, vector_type,
};
use crate::{
    facts::accesses::MemoryAccess,
    facts::findings::Finding,
    facts::kernels::Kernel,
    ir,
    ir::builder::Builder,
    steps::vectorize::decide::{span, Group, Shape},
};

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
        let pointer = builder.aligned_pointer(argument);
        let mask = builder.index_constant(bytes as i64 - 1);
        let zero = builder.index_constant(0);
        let low = builder.index_binary("arith.andi", pointer, mask);
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
