//! `memref.global` buffers in the workgroup address space, reached by `memref.get_global`
//! in a kernel: where the global is, whether it may be rewritten, and its bytes.
//!
//! A global is one buffer whatever the number of `get_global`s of it in the kernel. A pad
//! changes the global's type, which every function that reads it sees; so a global used by
//! several kernels gets one layout for all of them (`shared_layout::joint`), and one used outside
//! every kernel, or with an initial value (an initializer would have to be permuted or
//! widened too), stays as it is, with the reason. Cost: one walk of the enclosing symbol
//! table.

use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

use crate::{
    facts::accesses::{self, Root},
    facts::kernels::Kernel,
    ir,
};

/// The `memref.global` named `name` in the nearest symbol table around `kernel`.
pub fn find(kernel: &Kernel, name: &str) -> Option<MlirOperation> {
    let mut scope = unsafe { mlirOperationGetParentOperation(kernel.operation) };
    while !scope.ptr.is_null() {
        let mut found = None;
        walk_top_level(scope, |operation| {
            if ir::is_named(operation, "memref.global")
                && ir::symbol_name(operation).as_deref() == Some(name)
            {
                found = Some(operation);
            }
        });
        if found.is_some() {
            return found;
        }
        scope = unsafe { mlirOperationGetParentOperation(scope) };
    }
    None
}

/// Why the workgroup global `global` (named `name`) must not be rewritten, if so: an
/// initial value.
pub fn refusal(global: MlirOperation, name: &str) -> Option<String> {
    let initial = ir::attribute(global, "initial_value")?;
    unsafe { !mlirAttributeIsAUnit(initial) }.then(|| {
        format!(
            "memref.global @{name} has an initial value, which gpu-mem-opt does not rewrite; the buffer is left as it is"
        )
    })
}

/// The location of a `get_global` of `global` (named `name`) outside every one of `kernels`,
/// if there is one.
pub fn used_outside(kernels: &[&Kernel], global: MlirOperation, name: &str) -> Option<String> {
    let scope = unsafe { mlirOperationGetParentOperation(global) };
    let mut elsewhere = None;
    unsafe { OperationRef::from_raw(scope) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if elsewhere.is_none()
            && ir::is_named(raw, "memref.get_global")
            && referenced_name(raw).as_deref() == Some(name)
            && !kernels.iter().any(|kernel| accesses::inside(kernel, raw))
        {
            elsewhere = Some(ir::location_text(unsafe { mlirOperationGetLocation(raw) }));
        }
        WalkResult::Advance
    });
    elsewhere
}

/// Bytes of the distinct workgroup globals `kernel` reaches through `memref.get_global`.
pub fn kernel_bytes(kernel: &Kernel) -> u64 {
    let mut names: Vec<String> = Vec::new();
    let mut total = 0;
    unsafe { OperationRef::from_raw(kernel.operation) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::is_named(raw, "memref.get_global") {
            let result = unsafe { mlirOperationGetResult(raw, 0) };
            if let (Root::Global(name), Some(bytes)) = (
                accesses::root(kernel, result),
                shared_static_bytes(unsafe { mlirValueGetType(result) }),
            ) {
                if !names.contains(&name) {
                    names.push(name);
                    total += bytes;
                }
            }
        }
        WalkResult::Advance
    });
    total
}

/// Bytes of `type_` when it is a static memref in shared memory.
pub fn shared_static_bytes(type_: MlirType) -> Option<u64> {
    let shared = unsafe { mlirTypeIsAMemRef(type_) }
        && accesses::memory_space(type_) == analysis::matrix::MemorySpace::Shared;
    shared.then(|| ir::static_memref_bytes(type_)).flatten()
}

/// The symbol a `memref.get_global` names.
fn referenced_name(get_global: MlirOperation) -> Option<String> {
    ir::attribute(get_global, "name")
        .map(|symbol| unsafe { ir::string_ref(mlirSymbolRefAttrGetRootReference(symbol)) })
}

/// Calls `visit` on each operation directly in the first block of `scope`'s first region.
fn walk_top_level(scope: MlirOperation, mut visit: impl FnMut(MlirOperation)) {
    unsafe {
        if mlirOperationGetNumRegions(scope) == 0 {
            return;
        }
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0));
        if block.ptr.is_null() {
            return;
        }
        let mut operation = mlirBlockGetFirstOperation(block);
        while !operation.ptr.is_null() {
            visit(operation);
            operation = mlirOperationGetNextInBlock(operation);
        }
    }
}
