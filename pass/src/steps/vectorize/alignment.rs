//! What is known about the alignment of a buffer's aligned pointer, from the IR and the options:
//! the element size, `memref.assume_alignment` on the view chain, `alignment` of a
//! `memref.alloc` or `memref.global`, `{llvm.align}` on a kernel argument, a workgroup
//! attribution's alignment, and option `assume-alignment` for kernel arguments. Each fact keeps
//! its source, which the remarks name.

use analysis::vector_width::BaseAlignment;
use mlir_sys::*;

use crate::{
    facts::accesses::{self, MemoryAccess, Root},
    facts::kernels::Kernel,
    ir, Options,
};

/// What is known about the alignment of `memory`'s buffer's aligned pointer.
pub fn base_alignment(kernel: &Kernel, memory: &MemoryAccess, options: &Options) -> BaseAlignment {
    let mut best = BaseAlignment::element(memory.element_bytes.unwrap_or(1));
    let mut value = memory.memref;
    while let Some(owner) = ir::defining_operation(value) {
        let name = ir::operation_name(owner);
        let declared = |attribute: &str| {
            ir::attribute(owner, attribute)
                .and_then(ir::integer)
                .filter(|&bytes| bytes > 0)
        };
        let fact = |bytes: i64| BaseAlignment {
            bytes: bytes as u64,
            source: crate::steps::memory_space::describe(owner),
        };
        match name.as_str() {
            "memref.assume_alignment" => {
                if let Some(bytes) = declared("alignment") {
                    best = best.best(fact(bytes));
                }
            }
            // A byte shift: nothing known below it holds above it.
            "memref.view" => return best,
            "memref.alloc" | "memref.alloca" => {
                if let Some(bytes) = declared("alignment") {
                    best = best.best(fact(bytes));
                }
                return best;
            }
            "memref.get_global" => {
                let global = ir::attribute(owner, "name")
                    .and_then(|symbol| ir::lookup_symbol(owner, symbol));
                if let Some(bytes) = global
                    .and_then(|global| ir::attribute(global, "alignment"))
                    .and_then(ir::integer)
                    .filter(|&bytes| bytes > 0)
                {
                    best = best.best(fact(bytes));
                }
                return best;
            }
            _ if accesses::is_view(&name) => {}
            _ => return best,
        }
        value = unsafe { mlirOperationGetOperand(owner, 0) };
    }
    let root = accesses::root(kernel, value);
    if let Root::Workgroup(index) = root {
        if let Some(bytes) = workgroup_alignment(kernel, index) {
            best = best.best(BaseAlignment {
                bytes,
                source: format!("{{llvm.align = {bytes}}} on workgroup attribution {index}"),
            });
        }
    }
    if let Root::Argument(index) = root {
        if options.assume_alignment > 0 {
            best = best.best(BaseAlignment {
                bytes: u64::from(options.assume_alignment),
                source: format!("option assume-alignment={}", options.assume_alignment),
            });
        }
        if let Some((bytes, source)) = kernel.launches.argument(index).alignment {
            best = best.best(BaseAlignment {
                bytes,
                source: format!("{source}, at every launch in this module"),
            });
        }
        if let Some(bytes) = ir::argument_attribute(kernel.operation, index, "llvm.align")
            .and_then(ir::integer)
            .filter(|&bytes| bytes > 0)
        {
            best = best.best(BaseAlignment {
                bytes: bytes as u64,
                source: format!("{{llvm.align = {bytes}}} on arg {index}"),
            });
        }
    }
    best
}

/// `{llvm.align = N}` of workgroup attribution `index` (the NVVM lowering gives its global that
/// alignment; without it, the element's).
fn workgroup_alignment(kernel: &Kernel, index: usize) -> Option<u64> {
    let align = ir::indexed_attribute(
        kernel.operation,
        "workgroup_attrib_attrs",
        index,
        "llvm.align",
    )?;
    ir::integer(align)
        .filter(|&bytes| bytes > 0)
        .map(|bytes| bytes as u64)
}
