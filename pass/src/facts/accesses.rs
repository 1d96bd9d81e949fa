//! The memory operations of a kernel and the memrefs they touch.
//!
//! An access is one of `memref.load/store`, `affine.load/store`,
//! `vector.load/store`, `vector.transfer_read/write`,
//! `vector.maskedload/maskedstore` in a kernel body. Its memref is traced
//! back through view-like ops (`memref.subview`, `cast`, `reinterpret_cast`,
//! `expand_shape`, `collapse_shape`, `memory_space_cast`, `view`) to a
//! [`Root`]: a kernel argument, a workgroup or private attribution, an
//! allocation, a global, or a value captured by a `gpu.launch`. Transforms
//! rewrite buffers by root, so every user of a root must be understood.

use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

use analysis::matrix::{AccessKind, MemorySpace};

use crate::{
    facts::kernels::{Kernel, KernelKind},
    ir,
};

/// What a memref value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// Kernel argument N.
    Argument(usize),
    /// Workgroup (shared) attribution N.
    Workgroup(usize),
    /// Private attribution N.
    Private(usize),
    /// `memref.alloc`/`alloca` at a location.
    Allocation(String),
    /// `memref.get_global @name`.
    Global(String),
    /// A typed `memref.view` (at a location) of the block's dynamic shared memory
    /// (`gpu.dynamic_shared_memory`, CUDA's `extern __shared__`): each view is a buffer.
    DynamicShared(String),
    /// A value a `gpu.launch` body uses from outside.
    Captured(String),
    /// Something else: the reason.
    Opaque(String),
}

impl Root {
    /// The report's `memref` field: `arg 0`, `workgroup 0`, `alloc file:3:5`, ...
    pub fn describe(&self) -> String {
        match self {
            Root::Argument(index) => format!("arg {index}"),
            Root::Workgroup(index) => format!("workgroup {index}"),
            Root::Private(index) => format!("private {index}"),
            Root::Allocation(location) => format!("alloc {location}"),
            Root::Global(name) => format!("global @{name}"),
            Root::DynamicShared(location) => format!("dynamic shared memory viewed at {location}"),
            Root::Captured(location) => format!("captured {location}"),
            Root::Opaque(reason) => format!("unknown ({reason})"),
        }
    }
}

/// One memory operation of a kernel.
#[derive(Clone, Debug)]
pub struct MemoryAccess {
    /// The operation.
    pub operation: MlirOperation,
    /// Its name, e.g. `memref.load`.
    pub name: String,
    /// `file:line:col`.
    pub location: String,
    /// Load or store.
    pub kind: AccessKind,
    /// The memref operand.
    pub memref: MlirValue,
    /// Where the memref comes from.
    pub root: Root,
    /// The value at the root of the view chain (the buffer itself).
    pub root_value: MlirValue,
    /// Memory space of the memref type.
    pub space: MemorySpace,
    /// Bytes per memref element (`None` for element types without a size).
    pub element_bytes: Option<u32>,
    /// Elements each thread accesses (vector ops), 1 for scalars.
    pub vector_width: u32,
}

/// The position of the memref operand of a memory op named `name`, and its kind.
pub fn memory_operation(name: &str) -> Option<(usize, AccessKind)> {
    Some(match name {
        "memref.load"
        | "affine.load"
        | "vector.load"
        | "vector.transfer_read"
        | "vector.maskedload" => (0, AccessKind::Load),
        "memref.store" | "affine.store" | "vector.store" | "vector.transfer_write" => {
            (1, AccessKind::Store)
        }
        "vector.maskedstore" => (0, AccessKind::Store),
        _ => return None,
    })
}

/// Every memory access of `kernel`, in IR order.
pub fn collect(kernel: &Kernel) -> Vec<MemoryAccess> {
    let mut accesses = Vec::new();
    let body = kernel.body();
    let mut block = unsafe { mlirRegionGetFirstBlock(body) };
    while !block.ptr.is_null() {
        let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
        while !operation.ptr.is_null() {
            let reference = unsafe { OperationRef::from_raw(operation) };
            reference.walk(WalkOrder::PreOrder, |nested| {
                if let Some(access) = access(kernel, nested.to_raw()) {
                    accesses.push(access);
                }
                WalkResult::Advance
            });
            operation = unsafe { mlirOperationGetNextInBlock(operation) };
        }
        block = unsafe { mlirBlockGetNextInRegion(block) };
    }
    accesses
}

/// The access `operation` makes, if it is a memory operation.
pub fn access(kernel: &Kernel, operation: MlirOperation) -> Option<MemoryAccess> {
    let name = ir::operation_name(operation);
    let (position, kind) = memory_operation(&name)?;
    let memref = unsafe { mlirOperationGetOperand(operation, position as isize) };
    let memref_type = unsafe { mlirValueGetType(memref) };
    let element_type = unsafe { mlirShapedTypeGetElementType(memref_type) };
    let accessed_type = unsafe {
        match kind {
            AccessKind::Load => mlirValueGetType(mlirOperationGetResult(operation, 0)),
            AccessKind::Store => mlirValueGetType(mlirOperationGetOperand(
                operation,
                if name == "vector.maskedstore" {
                    mlirOperationGetNumOperands(operation) - 1
                } else {
                    0
                },
            )),
        }
    };
    let location = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
    let root_value = root_value(memref);
    Some(MemoryAccess {
        operation,
        name,
        location,
        kind,
        memref,
        root: root(kernel, memref),
        root_value,
        space: accessed_space(memref_type, root_value),
        element_bytes: ir::type_bytes(element_type),
        vector_width: ir::vector_elements(accessed_type) / ir::vector_elements(element_type).max(1),
    })
}

/// The memory space a memref of `memref_type` addresses: its type's, or, for a generic (global)
/// type, the space of `root_value`, the buffer at the root of its view chain (a
/// `memory_space_cast` of a constant global to a generic memref still reads constant memory:
/// LLVM's address-space inference restores it).
fn accessed_space(memref_type: MlirType, root_value: MlirValue) -> MemorySpace {
    match memory_space(memref_type) {
        MemorySpace::Global => memory_space(unsafe { mlirValueGetType(root_value) }),
        space => space,
    }
}

/// The memory space of a memref type (NVVM numbering, or `#gpu.address_space`).
pub fn memory_space(memref_type: MlirType) -> MemorySpace {
    let space = unsafe { mlirMemRefTypeGetMemorySpace(memref_type) };
    if space.ptr.is_null() {
        return MemorySpace::Global;
    }
    if let Some(number) = ir::integer(space) {
        return match number {
            3 => MemorySpace::Shared,
            4 => MemorySpace::Constant,
            5 => MemorySpace::Local,
            _ => MemorySpace::Global,
        };
    }
    let text = ir::attribute_text(space);
    if text.contains("workgroup") {
        MemorySpace::Shared
    } else if text.contains("private") {
        MemorySpace::Local
    } else {
        MemorySpace::Global
    }
}

/// View-like ops whose first operand is the memref they view.
const VIEWS: &[&str] = &[
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.memory_space_cast",
    "memref.view",
    "memref.assume_alignment",
];

/// Whether `name` is a view-like op that [`root`] looks through.
pub fn is_view(name: &str) -> bool {
    VIEWS.contains(&name)
}

/// The value at the root of `memref`'s view chain: a buffer, or a typed view of dynamic
/// shared memory.
pub fn root_value(mut memref: MlirValue) -> MlirValue {
    while let Some(owner) = ir::defining_operation(memref) {
        if !VIEWS.contains(&ir::operation_name(owner).as_str()) || views_dynamic_shared(owner) {
            break;
        }
        memref = unsafe { mlirOperationGetOperand(owner, 0) };
    }
    memref
}

/// Whether `operation` is a `memref.view` of `gpu.dynamic_shared_memory`.
pub fn views_dynamic_shared(operation: MlirOperation) -> bool {
    ir::is_named(operation, "memref.view")
        && ir::defining_operation(unsafe { mlirOperationGetOperand(operation, 0) })
            .is_some_and(|source| ir::is_named(source, "gpu.dynamic_shared_memory"))
}

/// Traces `memref` to what it comes from.
pub fn root(kernel: &Kernel, mut memref: MlirValue) -> Root {
    loop {
        if let Some(owner) = ir::defining_operation(memref) {
            let name = ir::operation_name(owner);
            let location = ir::location_text(unsafe { mlirOperationGetLocation(owner) });
            if views_dynamic_shared(owner) {
                return Root::DynamicShared(location);
            }
            if VIEWS.contains(&name.as_str()) {
                memref = unsafe { mlirOperationGetOperand(owner, 0) };
                continue;
            }
            if !inside(kernel, owner) {
                return Root::Captured(location);
            }
            return match name.as_str() {
                "memref.alloc" | "memref.alloca" => Root::Allocation(location),
                "memref.get_global" => ir::attribute(owner, "name")
                    .map(|symbol| unsafe {
                        Root::Global(ir::string_ref(mlirSymbolRefAttrGetRootReference(symbol)))
                    })
                    .unwrap_or_else(|| Root::Opaque("get_global without a name".into())),
                other => Root::Opaque(format!("defined by {other} at {location}")),
            };
        }
        return block_argument_root(kernel, memref);
    }
}

/// The root of a memref that is a block argument.
fn block_argument_root(kernel: &Kernel, value: MlirValue) -> Root {
    let (owner, number) = unsafe {
        (
            mlirBlockArgumentGetOwner(value),
            mlirBlockArgumentGetArgNumber(value) as usize,
        )
    };
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    if owner.ptr != entry.ptr {
        let parent = unsafe { mlirBlockGetParentOperation(owner) };
        if !inside(kernel, parent) && parent.ptr != kernel.operation.ptr {
            return Root::Captured(ir::location_text(unsafe { mlirValueGetLocation(value) }));
        }
        return Root::Opaque(format!(
            "argument {number} of a block of {}",
            ir::operation_name(parent)
        ));
    }
    match kernel.kind {
        KernelKind::Function { inputs, workgroup } => {
            if number < inputs {
                Root::Argument(number)
            } else if number < inputs + workgroup {
                Root::Workgroup(number - inputs)
            } else {
                Root::Private(number - inputs - workgroup)
            }
        }
        KernelKind::Launch { workgroup } => {
            // The first 12 arguments are ids and sizes, then attributions.
            let attribution = number.saturating_sub(12);
            if attribution < workgroup {
                Root::Workgroup(attribution)
            } else {
                Root::Private(attribution - workgroup)
            }
        }
    }
}

/// Whether `operation` is nested inside `kernel`'s body.
pub fn inside(kernel: &Kernel, operation: MlirOperation) -> bool {
    let mut current = operation;
    while !current.ptr.is_null() {
        let parent = unsafe { mlirOperationGetParentOperation(current) };
        if parent.ptr == kernel.operation.ptr {
            return true;
        }
        current = parent;
    }
    false
}
