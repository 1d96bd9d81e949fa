//! `readonly`: read a kernel argument through the non-coherent read-only path, PTX
//! `ld.global.nc` (seed-000 §7.1 item 8, "texture-like read-only"; seed-002 T_4).
//!
//! What NVPTX needs. LLVM's `NVPTXTagInvariantLoads` marks a global load `!invariant.load`
//! (lowered to `ld.global.nc`) when every object it may read is a kernel parameter that is
//! both `noalias` and `readonly` (anchors-mission §1.6; checked on LLVM 22: `readonly` alone
//! gives `ld.global`). MLIR's `convert-gpu-to-nvvm` copies `{llvm.readonly}` from a
//! `gpu.func` argument to the two pointers of its memref descriptor, but refuses
//! `{llvm.noalias}` ("Cannot copy noalias with non-bare pointers"): the allocated and the
//! aligned pointer of one descriptor would both claim to be the only way to the memory.
//!
//! So the decision is applied in two steps. [`apply`] (in `gpu-mem-opt`) gives the argument
//! `{llvm.readonly}` and records, in the kernel attribute [`READONLY_POINTERS`], the position
//! of the descriptor's aligned pointer among the lowered kernel's LLVM parameters: each
//! ranked memref before it takes `3 + 2·rank` parameters (allocated and aligned pointer,
//! offset, sizes, strides), an unranked one 2, a scalar 1. [`lower`] (the pass
//! `gpu-mem-opt-lower-readonly`, which `gpu-mem-opt-lower-to-ptx` runs right after
//! `convert-gpu-to-nvvm`) puts `{llvm.noalias, llvm.readonly}` on exactly those pointers. Only
//! the aligned pointer is dereferenced by memref loads, so `noalias` on it alone is sound; the
//! decision that nothing aliases it is `memory_space`'s.

use mlir_sys::*;

use crate::{
    diagnostics,
    facts::kernels::{Kernel, KernelKind},
    ir,
};

/// Kernel attribute: positions of the aligned pointers to mark `noalias readonly` once the
/// kernel is an `llvm.func` (`array<i64: ...>`).
pub const READONLY_POINTERS: &str = "gpu_mem_opt.readonly_pointers";

/// The LLVM attributes that make NVPTX use `ld.global.nc` (`llvm.noalias`, `llvm.readonly`).
const POINTER_ATTRIBUTES: [&str; 2] = ["llvm.noalias", "llvm.readonly"];

/// Marks argument `index` of `kernel` read-only; the aligned pointer's LLVM position.
pub fn apply(kernel: &Kernel, index: usize) -> Result<i64, String> {
    let KernelKind::Function { inputs, .. } = kernel.kind else {
        return Err("a gpu.launch body has no arguments".into());
    };
    let position = aligned_pointer(kernel.operation, index)?;
    unsafe {
        let context = mlirOperationGetContext(kernel.operation);
        ir::set_argument_attribute(
            kernel.operation,
            inputs,
            index,
            "llvm.readonly",
            mlirUnitAttrGet(context),
        );
        let mut positions = ir::attribute(kernel.operation, READONLY_POINTERS)
            .and_then(ir::dense_i64_array)
            .unwrap_or_default();
        if !positions.contains(&position) {
            positions.push(position);
            positions.sort_unstable();
        }
        let attribute = mlirDenseI64ArrayGet(context, positions.len() as isize, positions.as_ptr());
        mlirOperationSetAttributeByName(
            kernel.operation,
            ir::string_ref_of(READONLY_POINTERS),
            attribute,
        );
    }
    Ok(position)
}

/// Position of argument `index`'s aligned pointer among the LLVM parameters the default
/// (descriptor) calling convention gives `function`.
fn aligned_pointer(function: MlirOperation, index: usize) -> Result<i64, String> {
    let inputs = ir::function_inputs(function);
    let mut position = 0i64;
    for (argument, &type_) in inputs.iter().enumerate().take(index + 1) {
        let width = unsafe {
            if mlirTypeIsAMemRef(type_) {
                3 + 2 * mlirShapedTypeGetRank(type_) as i64
            } else if mlirTypeIsAUnrankedMemRef(type_) {
                2
            } else if mlirTypeIsAIndex(type_)
                || mlirTypeIsAInteger(type_)
                || mlirTypeIsAFloat(type_)
                || mlirTypeIsAVector(type_)
            {
                1
            } else {
                return Err(format!(
                    "argument {argument} has type {}, whose lowered parameters are not known",
                    ir::type_text(type_)
                ));
            }
        };
        if argument == index {
            return Ok(position + 1);
        }
        position += width;
    }
    Err(format!("the kernel has no argument {index}"))
}

/// `gpu-mem-opt-lower-readonly`: on every `llvm.func` under `root` that carries
/// [`READONLY_POINTERS`], marks those parameters `noalias readonly` and drops the attribute;
/// the loads on the checked read-only path become invariant loads (`checked::lower`).
/// A position that is not a pointer parameter after another pointer (the allocated one) means
/// the kernel was lowered some other way: a warning, and nothing is marked.
pub fn lower(root: MlirOperation) -> bool {
    use melior::ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        OperationRef,
    };
    let mut functions = Vec::new();
    unsafe { OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::is_named(raw, "llvm.func") && ir::attribute(raw, READONLY_POINTERS).is_some() {
            functions.push(raw);
        }
        WalkResult::Advance
    });
    for function in functions {
        mark(function);
    }
    super::checked::lower(root);
    true
}

/// Marks the recorded pointers of one lowered kernel.
fn mark(function: MlirOperation) {
    let positions = ir::attribute(function, READONLY_POINTERS)
        .and_then(ir::dense_i64_array)
        .unwrap_or_default();
    unsafe {
        mlirOperationRemoveAttributeByName(function, ir::string_ref_of(READONLY_POINTERS));
        let entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
        if entry.ptr.is_null() {
            return;
        }
        let count = mlirBlockGetNumArguments(entry);
        let is_pointer = |position: i64| {
            (0..count).contains(&(position as isize))
                && mlirTypeIsALLVMPointerType(mlirValueGetType(mlirBlockGetArgument(
                    entry,
                    position as isize,
                )))
        };
        if let Some(&wrong) = positions
            .iter()
            .find(|&&position| !is_pointer(position) || !is_pointer(position - 1))
        {
            diagnostics::emit(
                mlirOperationGetLocation(function),
                diagnostics::Severity::Warning,
                &format!(
                    "gpu-mem-opt: readonly: parameter {wrong} is not a memref descriptor's aligned \
                     pointer (a calling convention other than memref descriptors?); ld.global.nc \
                     is not enabled"
                ),
            );
            return;
        }
        let context = mlirOperationGetContext(function);
        for position in positions {
            for name in POINTER_ATTRIBUTES {
                ir::set_argument_attribute(
                    function,
                    count as usize,
                    position as usize,
                    name,
                    mlirUnitAttrGet(context),
                );
            }
        }
    }
}
