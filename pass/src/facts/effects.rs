//! What an operation may do to memory, conservatively: which buffers it reads or writes,
//! whether it is a barrier, or that it is unknown.
//!
//! Model. Memory is named by the root of a memref ([`accesses::Root`]): reads and writes go
//! through memref operands. The loads of [`accesses::memory_operation`] read their memref, its
//! stores write it; view-like ops and `memref.dim` touch nothing; any other operation with a
//! memref operand (`memref.atomic_rmw`, `memref.copy`, a call, a cast to a pointer) is taken to
//! read and write it. Calls (`func.call`, `llvm.call`) and LLVM memory operations may touch any
//! memory through pointers the analysis cannot see: [`Effect::Unknown`]. `gpu.barrier` makes
//! other threads' writes visible, so nothing may be moved across it; nor across a fence
//! (`nvvm.fence.*`, `nvvm.memory.barrier`), which orders this thread's accesses for others. Operations with regions
//! are the union of their nested operations.
//!
//! Aliasing ([`may_alias`]): two roots may name the same memory unless they are different
//! allocations (attributions, `memref.alloc`, distinct globals), live in different address
//! spaces, or one of two kernel arguments is `llvm.noalias` (or option `assume-noalias`).
//!
//! Cost. Linear in the operations walked.

use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

use analysis::matrix::{AccessKind, MemorySpace};

use crate::{
    facts::accesses::{self, Root},
    facts::kernels::Kernel,
    ir,
};

/// One memory effect of an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Reads the buffer with this root, in this space.
    Read(Root, MemorySpace),
    /// Writes the buffer with this root, in this space.
    Write(Root, MemorySpace),
    /// Makes other threads' writes visible (`gpu.barrier`).
    Barrier,
    /// May touch any memory.
    Unknown,
}

/// Operations that take memrefs without touching their elements.
const INERT: &[&str] = &[
    "memref.dim",
    "memref.rank",
    "memref.extract_strided_metadata",
    "memref.dealloc",
];

/// Operations that may touch memory the analysis cannot name.
const OPAQUE: &[&str] = &["func.call", "func.call_indirect", "llvm.call", "gpu.printf"];

/// The effects of `operation` and everything nested in it, each with the op that has it.
pub fn effects(kernel: &Kernel, operation: MlirOperation) -> Vec<(Effect, MlirOperation)> {
    let mut found = Vec::new();
    let reference = unsafe { OperationRef::from_raw(operation) };
    reference.walk(WalkOrder::PreOrder, |nested| {
        let raw = nested.to_raw();
        for effect in own_effects(kernel, raw) {
            found.push((effect, raw));
        }
        WalkResult::Advance
    });
    found
}

/// The effects of `operation` itself, not of its regions.
fn own_effects(kernel: &Kernel, operation: MlirOperation) -> Vec<Effect> {
    let name = ir::operation_name(operation);
    if name == "gpu.barrier"
        || name.starts_with("nvvm.barrier")
        || name.starts_with("nvvm.fence")
        || name == "nvvm.memory.barrier"
    {
        return vec![Effect::Barrier];
    }
    if OPAQUE.contains(&name.as_str())
        || (name.starts_with("llvm.") && (name.contains("store") || name.contains("mem")))
    {
        return vec![Effect::Unknown];
    }
    if INERT.contains(&name.as_str()) || accesses::is_view(&name) {
        return Vec::new();
    }
    let memory = accesses::memory_operation(&name);
    let mut found = Vec::new();
    for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
        let operand = unsafe { mlirOperationGetOperand(operation, position) };
        let type_ = unsafe { mlirValueGetType(operand) };
        if unsafe { !mlirTypeIsAMemRef(type_) } {
            continue;
        }
        let root = accesses::root(kernel, operand);
        let space = accesses::memory_space(type_);
        match memory {
            Some((memref, AccessKind::Load)) if memref == position as usize => {
                found.push(Effect::Read(root, space))
            }
            Some((memref, AccessKind::Store)) if memref == position as usize => {
                found.push(Effect::Write(root, space))
            }
            _ => {
                found.push(Effect::Read(root.clone(), space));
                found.push(Effect::Write(root, space));
            }
        }
    }
    found
}

/// Whether kernel argument `index` carries `{llvm.noalias}`, or every launch in the module
/// passes it a buffer no other argument reaches (`facts::launches`).
pub fn has_noalias(kernel: &Kernel, index: usize) -> bool {
    ir::argument_attribute(kernel.operation, index, "llvm.noalias").is_some()
        || kernel.launches.argument(index).distinct.is_some()
}

/// Whether buffers with roots `first` and `second` (in spaces `first_space`, `second_space`)
/// may be the same memory.
pub fn may_alias(
    kernel: &Kernel,
    (first, first_space): (&Root, MemorySpace),
    (second, second_space): (&Root, MemorySpace),
    assume_noalias: bool,
) -> bool {
    if first_space != second_space {
        return false;
    }
    let local = |root: &Root| {
        matches!(
            root,
            Root::Workgroup(_) | Root::Private(_) | Root::Allocation(_)
        )
    };
    match (first, second) {
        (a, b) if a == b => true,
        (a, b) if local(a) || local(b) => false,
        (Root::Global(_), Root::Global(_)) => false,
        (Root::Argument(a), Root::Argument(b)) => {
            !(assume_noalias || has_noalias(kernel, *a) || has_noalias(kernel, *b))
        }
        (Root::Argument(a), _) | (_, Root::Argument(a)) => {
            !(assume_noalias || has_noalias(kernel, *a))
        }
        _ => true,
    }
}
