//! `readonly` behind a run-time check: the read-only path (`ld.global.nc`) for an argument
//! that only the kernel's own writes to other arguments might alias (issue 16, item 2).
//!
//! Model. Inside a `gpu.func` nothing proves that `out` is not a view of `in`, so a store to
//! `out` may change what a non-coherent load of `in` should see. Where every write that may
//! alias argument `R` goes to arguments `W₁ … Wₙ` whose types give their extents (static shape,
//! strides and offset), the bytes each one spans from its aligned pointer `p` are
//! `[p + offset·e, p + (offset + Σ (size−1)·stride + 1)·e)`; the kernel checks at its entry that
//! `R`'s span is disjoint from every `Wᵢ`'s (`end_R ≤ start_W ∨ end_W ≤ start_R`: warp-uniform,
//! a few instructions, counted in the report) and each load of `R` becomes
//! `scf.if disjoint { load, marked } else { load }`.
//!
//! Lowering. NVPTX emits `ld.global.nc` for a load marked `!invariant.load` from a global
//! (`addrspace(1)`) pointer. The marked load carries the unit attribute [`READ_ONLY_PATH`]
//! (which keeps MLIR's canonicalizer from folding the two identical branches into one) and a
//! name location of the same name, which `convert-gpu-to-nvvm` keeps on the `llvm.load` it
//! makes; [`lower`] (in `gpu-mem-opt-lower-readonly`) casts that load's pointer to address
//! space 1 and marks it `invariant`. The cast also keeps LLVM's SimplifyCFG from merging the two
//! loads (a merge would drop the metadata, losing the path but never correctness):
//! `ld.global.nc` in the fast branch, `ld.global` in the fallback (`test/Ptx/checked-readonly.mlir`,
//! checked on LLVM 22). The interpreter runs both branches (`diff --arg same:N` aliases).
//!
//! Loads in the fallback of vectorize's alignment check keep plain loads (the rare path is not
//! worth a second branch). Not here: arguments of dynamic size (their spans need `memref.extract_strided_metadata`),
//! writes of unknown target, and constant memory, whose binding contract has no fallback.

use mlir_sys::*;

use crate::{facts::extract::pointer_check, facts::kernels::Kernel, ir, ir::builder::Builder};

/// Unit attribute and location name of a load on the checked read-only path.
pub const READ_ONLY_PATH: &str = "gpu_mem_opt.read_only_path";

/// `arith.cmpi` predicate `ule`.
const UNSIGNED_AT_MOST: i64 = 7;

/// Global memory's NVPTX address space.
const GLOBAL_ADDRESS_SPACE: u32 = 1;

/// What the check of one argument added.
pub struct Checked {
    /// Instructions at the kernel's entry.
    pub instructions: u32,
    /// Loads now behind the check.
    pub loads: usize,
}

/// The bytes `[start, end)` an argument of memref type `type_` spans from its aligned pointer,
/// or why they are not known from the type.
pub fn byte_span(type_: MlirType) -> Result<(i64, i64), String> {
    let text = || ir::type_text(type_);
    let element = ir::type_bytes(unsafe { mlirShapedTypeGetElementType(type_) })
        .ok_or_else(|| format!("{}'s element size is not known", text()))?;
    if unsafe { !mlirShapedTypeHasStaticShape(type_) } {
        return Err(format!("{} has a dynamic size", text()));
    }
    let shape = ir::static_shape(type_);
    let mut strides = vec![0i64; shape.len()];
    let mut offset = 0i64;
    let known = unsafe {
        mlirMemRefTypeGetStridesAndOffset(type_, strides.as_mut_ptr(), &mut offset).value != 0
    };
    let dynamic = |value: i64| value == unsafe { mlirShapedTypeGetDynamicStrideOrOffset() };
    if !known || dynamic(offset) || strides.iter().any(|&stride| dynamic(stride)) {
        return Err(format!("{} has a dynamic layout", text()));
    }
    if offset < 0 || strides.iter().any(|&stride| stride < 0) {
        return Err(format!("{} has a negative stride or offset", text()));
    }
    let overflow = || format!("{}'s span overflows 64 bits", text());
    if shape.contains(&0) {
        return Ok((0, 0));
    }
    let last = shape
        .iter()
        .zip(&strides)
        .try_fold(offset, |total, (&size, &stride)| {
            total.checked_add((size - 1).checked_mul(stride)?)
        });
    let bytes = |elements: i64| elements.checked_mul(i64::from(element));
    let start = bytes(offset).ok_or_else(overflow)?;
    let end = last
        .and_then(|last| last.checked_add(1))
        .and_then(bytes)
        .ok_or_else(overflow)?;
    Ok((start, end))
}

/// Puts every load in `loads` of argument `index` of `kernel` behind the check that its bytes
/// overlap none of the arguments `writers` (whose spans [`byte_span`] knows), made once at the
/// kernel's entry.
pub fn apply(
    kernel: &Kernel,
    index: usize,
    writers: &[usize],
    loads: &[MlirOperation],
) -> Result<Checked, String> {
    let (condition, instructions) = disjoint(kernel, index, writers)?;
    let mut versioned = 0;
    for &load in loads {
        let name = ir::operation_name(load);
        if (name == "memref.load" || name == "vector.load") && !in_fallback(load) {
            version(load, condition)?;
            versioned += 1;
        }
    }
    Ok(Checked {
        instructions,
        loads: versioned,
    })
}

/// The `i1` "argument `index`'s bytes overlap none of `writers`'", built at the kernel's entry,
/// and the instructions it took.
fn disjoint(kernel: &Kernel, index: usize, writers: &[usize]) -> Result<(MlirValue, u32), String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let builder = Builder::before(unsafe { mlirBlockGetFirstOperation(entry) });
    let ((read_start, read_end), mut instructions) = span(&builder, entry, index)?;
    let mut condition = None;
    for &writer in writers {
        let ((write_start, write_end), built) = span(&builder, entry, writer)?;
        let before = builder.compare(UNSIGNED_AT_MOST, read_end, write_start)?;
        let after = builder.compare(UNSIGNED_AT_MOST, write_end, read_start)?;
        let apart = builder.boolean("arith.ori", before, after);
        instructions += built + 3;
        condition = Some(match condition {
            None => apart,
            Some(so_far) => {
                instructions += 1;
                builder.boolean("arith.andi", so_far, apart)
            }
        });
    }
    let condition = condition.ok_or("no written argument to check against")?;
    Ok((condition, instructions))
}

/// The first and past-the-last byte addresses of argument `argument` (of the block `entry`),
/// built at `builder`, and the instructions they took (its aligned pointer and the additions).
fn span(
    builder: &Builder,
    entry: MlirBlock,
    argument: usize,
) -> Result<((MlirValue, MlirValue), u32), String> {
    let value = unsafe { mlirBlockGetArgument(entry, argument as isize) };
    let (start, end) = byte_span(unsafe { mlirValueGetType(value) })?;
    let index_type = builder.parse_type("index").ok_or("cannot build index")?;
    let pointer = unsafe {
        mlirOperationGetResult(
            builder.create(
                "memref.extract_aligned_pointer_as_index",
                &[value],
                &[],
                &[index_type],
            ),
            0,
        )
    };
    let moved = |bytes: i64| match bytes {
        0 => pointer,
        _ => builder.index_binary("arith.addi", pointer, builder.index_constant(bytes)),
    };
    let instructions = 1 + u32::from(start != 0) + u32::from(end != 0);
    Ok(((moved(start), moved(end)), instructions))
}

/// Whether `operation` is in the fallback (`else`) of another run-time check of argument
/// pointers (vectorize's alignment check): the rare path, not worth a second branch.
fn in_fallback(operation: MlirOperation) -> bool {
    let mut inner = operation;
    loop {
        let parent = unsafe { mlirOperationGetParentOperation(inner) };
        if parent.ptr.is_null() || ir::operation_name(parent) == "gpu.func" {
            return false;
        }
        let else_region = unsafe { mlirOperationGetRegion(parent, 1) };
        let region = unsafe { mlirBlockGetParentRegion(mlirOperationGetBlock(inner)) };
        if ir::operation_name(parent) == "scf.if"
            && unsafe { mlirRegionEqual(region, else_region) }
            && pointer_check(unsafe { mlirOperationGetOperand(parent, 0) }) == Some(true)
        {
            return true;
        }
        inner = parent;
    }
}

/// `load` as `scf.if condition { load, on the read-only path } else { load }`.
fn version(load: MlirOperation, condition: MlirValue) -> Result<(), String> {
    unsafe {
        let location = mlirOperationGetLocation(load);
        let result = mlirOperationGetResult(load, 0);
        let builder = Builder::before(load).located(location);
        let (branch, fast, slow) = builder.if_else(condition, &[mlirValueGetType(result)])?;
        let marked = mlirOperationClone(load);
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(fast), fast, marked);
        let context = mlirOperationGetContext(load);
        let name = ir::string_ref_of(READ_ONLY_PATH);
        mlirOperationSetDiscardableAttributeByName(marked, name, mlirUnitAttrGet(context));
        mlirOperationSetLocation(marked, mlirLocationNameGet(context, name, location));
        mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(branch, 0));
        mlirOperationMoveBefore(load, slow);
        mlirOperationSetOperands(fast, 1, &mlirOperationGetResult(marked, 0));
        mlirOperationSetOperands(slow, 1, &result);
    }
    Ok(())
}

/// In `gpu-mem-opt-lower-readonly`: every `llvm.load` located at [`READ_ONLY_PATH`] reads
/// through its pointer cast to the global address space and is `invariant` (`ld.global.nc`);
/// its location is the load's own again.
pub fn lower(root: MlirOperation) {
    use melior::ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        OperationRef,
    };
    let mut loads = Vec::new();
    unsafe { OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::operation_name(raw) == "llvm.load" && marked(raw) {
            loads.push(raw);
        }
        WalkResult::Advance
    });
    for load in loads {
        unsafe {
            let context = mlirOperationGetContext(load);
            let location = mlirLocationNameGetChildLoc(mlirOperationGetLocation(load));
            let pointer = mlirOperationGetOperand(load, 0);
            let global = mlirLLVMPointerTypeGet(context, GLOBAL_ADDRESS_SPACE);
            let builder = Builder::before(load).located(location);
            let cast = builder.create("llvm.addrspacecast", &[pointer], &[], &[global]);
            mlirOperationSetOperand(load, 0, mlirOperationGetResult(cast, 0));
            mlirOperationSetInherentAttributeByName(
                load,
                ir::string_ref_of("invariant"),
                mlirUnitAttrGet(context),
            );
            mlirOperationSetLocation(load, location);
        }
    }
}

/// Whether `load` is located at [`READ_ONLY_PATH`] and reads through a generic pointer.
fn marked(load: MlirOperation) -> bool {
    unsafe {
        let location = mlirOperationGetLocation(load);
        mlirLocationIsAName(location)
            && ir::string_ref(mlirIdentifierStr(mlirLocationNameGetName(location)))
                == READ_ONLY_PATH
            && mlirLLVMPointerTypeGetAddressSpace(mlirValueGetType(mlirOperationGetOperand(
                load, 0,
            ))) == 0
    }
}
