//! What an operation may do to memory, conservatively: which buffers it reads or writes,
//! whether it is a barrier, or that it is unknown.
//!
//! Model. Memory is named by the root of a memref ([`accesses::Root`]): reads and writes go
//! through memref operands. The loads of [`accesses::memory_operation`] read their memref, its
//! stores write it; view-like ops and `memref.dim` touch nothing; any other operation with a
//! memref operand (`memref.atomic_rmw`, `memref.copy`, a call, a cast to a pointer) is taken to
//! read and write it. A `func.call` whose callee's body is visible and touches memory only
//! through its memref parameters is just that (plus a barrier when the callee reaches one):
//! it reads the arguments whose parameters the callee (or a callee of it) loads from, and
//! writes those it stores to (`callee_effects`, one walk of the callee; a loader behind a helper is a read);
//! other calls (`llvm.call`, a declaration, recursion, a callee that gets a global) and LLVM
//! memory operations may touch any memory the analysis cannot see: [`Effect::Unknown`]. `gpu.barrier` makes
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
    "memref.extract_aligned_pointer_as_index",
    "memref.dealloc",
];

/// Operations that may touch memory the analysis cannot name.
const OPAQUE: &[&str] = &["func.call_indirect", "llvm.call", "gpu.printf"];

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
    if is_barrier(&name) {
        return vec![Effect::Barrier];
    }
    if opaque(&name) {
        return vec![Effect::Unknown];
    }
    if INERT.contains(&name.as_str()) || accesses::is_view(&name) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut through_parameters = None;
    if name == "func.call" {
        let Some(callee) = callee_effects(operation, &mut Vec::new()) else {
            return vec![Effect::Unknown];
        };
        if callee.barrier {
            found.push(Effect::Barrier);
        }
        through_parameters = Some(callee.uses);
    }
    let memory = accesses::memory_operation(&name);
    for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
        let operand = unsafe { mlirOperationGetOperand(operation, position) };
        let type_ = unsafe { mlirValueGetType(operand) };
        if unsafe { !mlirTypeIsAMemRef(type_) } {
            continue;
        }
        let root = accesses::root(kernel, operand);
        let space = accesses::memory_space(type_);
        if let Some(uses) = &through_parameters {
            let (reads, writes) = uses.get(position as usize).copied().unwrap_or((true, true));
            if reads {
                found.push(Effect::Read(root.clone(), space));
            }
            if writes {
                found.push(Effect::Write(root, space));
            }
            continue;
        }
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

/// Whether an op named `name` orders memory between threads (a barrier or a fence).
fn is_barrier(name: &str) -> bool {
    name == "gpu.barrier"
        || name.starts_with("nvvm.barrier")
        || name.starts_with("nvvm.fence")
        || name == "nvvm.memory.barrier"
}

/// Whether an op named `name` may touch memory the analysis cannot name.
fn opaque(name: &str) -> bool {
    OPAQUE.contains(&name)
        || (name.starts_with("llvm.") && (name.contains("store") || name.contains("mem")))
}

/// What a visible callee does: whether it may reach a barrier, and whether it may read and
/// may write the memory of each of the call's operands (`(reads, writes)` by position,
/// non-memref operands `(false, false)`).
struct CalleeEffects {
    /// Whether it (or a callee of it) may reach a barrier.
    barrier: bool,
    /// Per operand of the call: read, written.
    uses: Vec<(bool, bool)>,
}

/// For a `func.call` whose callee's body is visible and touches memory only through its memref
/// parameters (it gets no global, returns no memref, calls only such functions, recursion
/// excluded), what it does, in one walk of the callee; `None` otherwise. A parameter the callee
/// loads from is read, one it stores to written, one it passes to an op other than a load, a
/// store, a view or a visible call read and written. `calling`: the callees open.
fn callee_effects(call: MlirOperation, calling: &mut Vec<MlirOperation>) -> Option<CalleeEffects> {
    let returns_memref = (0..unsafe { mlirOperationGetNumResults(call) }).any(|position| unsafe {
        mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(call, position)))
    });
    let callee = ir::attribute(call, "callee")
        .and_then(|symbol| ir::lookup_symbol(call, symbol))
        .filter(|&callee| ir::is_named(callee, "func.func"))?;
    let entry = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(callee, 0)) };
    if returns_memref || entry.ptr.is_null() || calling.iter().any(|open| open.ptr == callee.ptr) {
        return None;
    }
    let operands = unsafe { mlirOperationGetNumOperands(call) } as usize;
    let mut effects = CalleeEffects {
        barrier: false,
        uses: vec![(false, false); operands],
    };
    // The callee's parameter a memref value views, if it views one.
    let parameter = |value: MlirValue| {
        if unsafe { !mlirTypeIsAMemRef(mlirValueGetType(value)) } {
            return None;
        }
        let root = accesses::root_value(value);
        (unsafe { mlirValueIsABlockArgument(root) }
            && unsafe { mlirBlockArgumentGetOwner(root) }.ptr == entry.ptr)
            .then(|| unsafe { mlirBlockArgumentGetArgNumber(root) } as usize)
            .filter(|&index| index < operands)
    };
    calling.push(callee);
    let mut visible = true;
    let reference = unsafe { OperationRef::from_raw(callee) };
    reference.walk(WalkOrder::PreOrder, |nested| {
        let raw = nested.to_raw();
        let name = ir::operation_name(raw);
        let inner = match name.as_str() {
            "func.call" => match callee_effects(raw, calling) {
                Some(inner) => Some(inner),
                None => {
                    visible = false;
                    return WalkResult::Interrupt;
                }
            },
            "memref.get_global" => {
                visible = false;
                return WalkResult::Interrupt;
            }
            _ if opaque(&name) => {
                visible = false;
                return WalkResult::Interrupt;
            }
            _ => None,
        };
        effects.barrier |= inner
            .as_ref()
            .map_or(is_barrier(&name), |inner| inner.barrier);
        if INERT.contains(&name.as_str()) || accesses::is_view(&name) {
            return WalkResult::Advance;
        }
        let memory = accesses::memory_operation(&name);
        for position in 0..unsafe { mlirOperationGetNumOperands(raw) } as usize {
            let operand = unsafe { mlirOperationGetOperand(raw, position as isize) };
            let Some(index) = parameter(operand) else {
                continue;
            };
            let (reads, writes) = match (&inner, memory) {
                (Some(inner), _) => inner.uses[position],
                (None, Some((memref, AccessKind::Load))) if memref == position => (true, false),
                (None, Some((memref, AccessKind::Store))) if memref == position => (false, true),
                _ => (true, true),
            };
            effects.uses[index].0 |= reads;
            effects.uses[index].1 |= writes;
        }
        WalkResult::Advance
    });
    calling.pop();
    visible.then_some(effects)
}

/// Whether kernel argument `index` carries `{llvm.noalias}`, or every launch in the module
/// passes it a buffer no other argument reaches (`facts::launches`).
pub fn has_noalias(kernel: &Kernel, index: usize) -> bool {
    ir::argument_attribute(kernel.operation, index, "llvm.noalias").is_some()
        || kernel.launches.argument(index).distinct.is_some()
}

/// Whether buffers with roots `first` and `second` (in spaces `first_space`, `second_space`)
/// may be the same memory in the kernel's optimized body: two arguments its run-time check
/// shows apart (`Kernel::assumed`) are not.
pub fn may_alias(
    kernel: &Kernel,
    first: (&Root, MemorySpace),
    second: (&Root, MemorySpace),
    assume_noalias: bool,
) -> bool {
    let checked_apart = match (first.0, second.0) {
        (Root::Argument(a), Root::Argument(b)) => kernel.assumed.apart(*a, *b),
        _ => false,
    };
    !checked_apart && may_alias_anywhere(kernel, first, second, assume_noalias)
}

/// Whether buffers with roots `first` and `second` (in spaces `first_space`, `second_space`)
/// may be the same memory anywhere in the kernel, the code as written included (what marks a
/// whole argument, as the read-only path's `noalias` does, must hold there too).
pub fn may_alias_anywhere(
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
            Root::Workgroup(_) | Root::Private(_) | Root::Allocation(_) | Root::DynamicShared(_)
        )
    };
    match (first, second) {
        (a, b) if a == b => true,
        // Two views of the block's dynamic shared memory may overlap.
        (Root::DynamicShared(_), Root::DynamicShared(_)) => true,
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
