//! `constant`: read a small read-only kernel argument from constant memory, PTX `ld.const`
//! (seed-000 §4.2 and §7.1 item 8; seed-002 C_2, C_3).
//!
//! The argument's data gets a `memref.global` in the constant address space (NVVM 4) of the
//! kernel's `gpu.module`, public and uninitialized, 16-byte aligned:
//!
//! ```mlir
//! memref.global @__gmo_const_conv_arg1 : memref<9xf32, 4> = uninitialized {alignment = 16}
//! ```
//!
//! The kernel reads it through `memref.get_global` and a `memref.memory_space_cast` back to
//! the argument's type, which replaces every use of the argument (LLVM's address-space
//! inference turns the loads into `ld.const`). The argument stays in the signature, so launch
//! sites do not change, and the kernel gets the attribute [`BINDINGS`]
//! (`{arg1 = @__gmo_const_conv_arg1}`): the launcher copies the argument's data into the symbol
//! before each launch (CUDA: `cuModuleGetGlobal` + `cuMemcpyHtoD`, or `cudaMemcpyToSymbol`);
//! the reference interpreter does the same. Public, because a private uninitialized global
//! that nothing writes may be folded away by LLVM (seen on LLVM 22: the loads became `undef`).
//!
//! Limits: the shape must be static with the identity layout (a `memref.global` has no
//! other), and all constant globals of a `gpu.module` share one 64 KiB bank
//! ([`CONSTANT_MEMORY_BYTES`]).

use analysis::target::CONSTANT_MEMORY_BYTES;
use mlir_sys::*;

use crate::{
    facts::accesses,
    facts::kernels::{Kernel, KernelKind},
    ir,
    ir::builder::Builder,
};

/// Kernel attribute binding arguments to constant globals: `{argN = @symbol, ...}`.
pub const BINDINGS: &str = "gpu_mem_opt.constant_bindings";

/// NVVM's constant address space (NVPTX `.const`).
pub const CONSTANT_ADDRESS_SPACE: u32 = 4;

/// Alignment of the globals, so 16-byte vector loads from them are aligned.
pub const GLOBAL_ALIGNMENT: u64 = 16;

/// Bytes of a static memref type with the identity layout, or why it cannot be a global.
pub fn global_bytes(memref_type: MlirType) -> Result<u64, String> {
    unsafe {
        if !mlirShapedTypeHasStaticShape(memref_type) {
            return Err("its shape is not static".into());
        }
        if !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(memref_type)) {
            return Err(format!(
                "its layout ({}) is not the identity, which a memref.global needs",
                ir::type_text(memref_type)
            ));
        }
        let element = ir::type_bytes(mlirShapedTypeGetElementType(memref_type))
            .ok_or("its element type has no size")?;
        // Checked: a size that overflows is unknown, never a wrapped number.
        ir::static_shape(memref_type)
            .iter()
            .try_fold(u64::from(element), |bytes, &size| {
                bytes.checked_mul(u64::try_from(size).ok()?)
            })
            .ok_or_else(|| {
                format!(
                    "its size in bytes overflows ({})",
                    ir::type_text(memref_type)
                )
            })
    }
}

/// Bytes of constant memory the `gpu.module` around `kernel` already uses.
fn used_bytes(module: MlirOperation) -> u64 {
    let mut total: u64 = 0;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
    let mut operation = unsafe { mlirBlockGetFirstOperation(body) };
    while !operation.ptr.is_null() {
        if ir::is_named(operation, "memref.global") {
            if let Some(type_) = ir::attribute(operation, "type") {
                let type_ = unsafe { mlirTypeAttrGetValue(type_) };
                if accesses::memory_space(type_) == analysis::MemorySpace::Constant {
                    total = global_bytes(type_).map_or(total, |bytes| total.saturating_add(bytes));
                }
            }
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    total
}

/// Moves argument `index` of `kernel` to a constant global; the global's symbol.
pub fn apply(kernel: &Kernel, index: usize) -> Result<String, String> {
    refusal(kernel, index)?;
    let global = Global::make(kernel, index, symbol(kernel, index))?;
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let first = unsafe { mlirBlockGetFirstOperation(entry) };
    let argument = unsafe { mlirBlockGetArgument(entry, index as isize) };
    let read = global.read(&Builder::before(first))?;
    unsafe { mlirValueReplaceAllUsesOfWith(argument, read) };
    fold_alignment_checks(read);
    Ok(global.symbol)
}

/// Folds the alignment checks on `read`, the global's view, which is [`GLOBAL_ALIGNMENT`]-byte
/// aligned: each `(aligned pointer of read) & mask`, `mask + 1` a power of two dividing it,
/// becomes 0. `vectorize`'s run-time check on the argument, now made on the copy, then holds
/// where LLVM cannot see it (it does not fold the address of a `.const` variable cast to
/// generic). Seen on the H200: mriq's check stayed in its loop and cost 19 %.
pub fn fold_alignment_checks(read: MlirValue) {
    for (pointer, _) in ir::uses(read) {
        if !ir::is_named(pointer, "memref.extract_aligned_pointer_as_index") {
            continue;
        }
        for (and, position) in ir::uses(unsafe { mlirOperationGetResult(pointer, 0) }) {
            if !ir::is_named(and, "arith.andi") {
                continue;
            }
            let mask = unsafe { mlirOperationGetOperand(and, 1 - position as isize) };
            let divides = |mask: i64| {
                let bytes = mask
                    .checked_add(1)
                    .and_then(|bytes| u64::try_from(bytes).ok());
                bytes.is_some_and(|bytes| {
                    bytes.is_power_of_two() && GLOBAL_ALIGNMENT.is_multiple_of(bytes)
                })
            };
            if ir::constant_integer(mask).is_some_and(divides) {
                let zero = Builder::before(and).index_constant(0);
                unsafe {
                    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(and, 0), zero);
                    mlirOperationDestroy(and);
                }
            }
        }
    }
}

/// Why argument `index` of `kernel` cannot move to constant memory, if it cannot: the kernel
/// must be a `gpu.func` directly in a `gpu.module` that no host code in this module launches,
/// the argument a static identity-layout memref that fits what the module's constant memory
/// has left. Touches no IR; the bytes it needs. (Whether the user allows the launch contract,
/// option `bind-constants`, is the decision's: `memory_space::decide`.)
pub fn refusal(kernel: &Kernel, index: usize) -> Result<u64, String> {
    let KernelKind::Function { .. } = kernel.kind else {
        return Err("a gpu.launch body has no arguments".into());
    };
    let module = unsafe { mlirOperationGetParentOperation(kernel.operation) };
    if !ir::is_named(module, "gpu.module") {
        return Err("the kernel is not directly in a gpu.module".into());
    }
    // The binding is a contract with the launcher; host code in this module launches without
    // fulfilling it (MLIR's GPU dialect has no host-side copy into a device symbol).
    if let Some(&site) = kernel.launches.sites.first() {
        return Err(format!(
            "host code in this module launches the kernel (gpu.launch_func at {}) and would have \
             to copy arg {index} into the constant symbol before each launch, which MLIR's GPU \
             dialect cannot express",
            ir::location_text(unsafe { mlirOperationGetLocation(site) })
        ));
    }
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let argument = unsafe { mlirBlockGetArgument(entry, index as isize) };
    let bytes = global_bytes(unsafe { mlirValueGetType(argument) })?;
    let used = used_bytes(module);
    if used
        .checked_add(bytes)
        .is_none_or(|total| total > CONSTANT_MEMORY_BYTES)
    {
        return Err(format!(
            "{bytes} B more would exceed the gpu.module's {CONSTANT_MEMORY_BYTES} B of constant \
             memory ({used} B used)"
        ));
    }
    Ok(bytes)
}

/// A constant global made for one argument and bound to it.
pub struct Global {
    /// Its symbol.
    pub symbol: String,
    /// Its type, `memref<…, 4>`.
    constant_type: MlirType,
    /// The argument's type, which reads of it are cast back to.
    argument_type: MlirType,
}

impl Global {
    /// Makes the global `symbol` of argument `index` of `kernel` (after [`refusal`]) in its
    /// `gpu.module` and binds the argument to it ([`BINDINGS`]).
    pub fn make(kernel: &Kernel, index: usize, symbol: String) -> Result<Global, String> {
        refusal(kernel, index)?;
        let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
        let argument_type =
            unsafe { mlirValueGetType(mlirBlockGetArgument(entry, index as isize)) };
        let element = ir::type_text(unsafe { mlirShapedTypeGetElementType(argument_type) });
        let dimensions: String = ir::static_shape(argument_type)
            .iter()
            .map(|size| format!("{size}x"))
            .collect();
        let constant_text = format!("memref<{dimensions}{element}, {CONSTANT_ADDRESS_SPACE}>");
        let at_module = Builder::before(kernel.operation);
        let constant_type = at_module
            .parse_type(&constant_text)
            .ok_or_else(|| format!("cannot build type {constant_text}"))?;
        at_module.create(
            "memref.global",
            &[],
            &[
                ("sym_name", attribute(&at_module, format!("\"{symbol}\""))?),
                ("type", attribute(&at_module, constant_text)?),
                ("initial_value", attribute(&at_module, "unit".into())?),
                (
                    "alignment",
                    attribute(&at_module, format!("{GLOBAL_ALIGNMENT} : i64"))?,
                ),
            ],
            &[],
        );
        bind(kernel, index, &symbol);
        Ok(Global {
            symbol,
            constant_type,
            argument_type,
        })
    }

    /// The global as a value of the argument's type, read at `builder`: `memref.get_global`
    /// and a `memref.memory_space_cast` back.
    pub fn read(&self, builder: &Builder) -> Result<MlirValue, String> {
        let name = attribute(builder, format!("@{}", self.symbol))?;
        let get = builder.create(
            "memref.get_global",
            &[],
            &[("name", name)],
            &[self.constant_type],
        );
        let cast = builder.create(
            "memref.memory_space_cast",
            &[unsafe { mlirOperationGetResult(get, 0) }],
            &[],
            &[self.argument_type],
        );
        Ok(unsafe { mlirOperationGetResult(cast, 0) })
    }
}

/// The attribute `text` parses to at `builder`, or why not.
fn attribute(builder: &Builder, text: String) -> Result<MlirAttribute, String> {
    builder
        .parse_attribute(&text)
        .ok_or_else(|| format!("cannot build attribute {text}"))
}

/// Adds `argN = @symbol` to the kernel's [`BINDINGS`].
fn bind(kernel: &Kernel, index: usize, symbol: &str) {
    unsafe {
        let context = mlirOperationGetContext(kernel.operation);
        let mut entries: Vec<MlirNamedAttribute> = ir::attribute(kernel.operation, BINDINGS)
            .filter(|&existing| mlirAttributeIsADictionary(existing))
            .map(|existing| {
                (0..mlirDictionaryAttrGetNumElements(existing))
                    .map(|entry| mlirDictionaryAttrGetElement(existing, entry))
                    .collect()
            })
            .unwrap_or_default();
        let name = format!("arg{index}");
        entries.push(mlirNamedAttributeGet(
            mlirIdentifierGet(context, ir::string_ref_of(&name)),
            mlirFlatSymbolRefAttrGet(context, ir::string_ref_of(symbol)),
        ));
        let dictionary = mlirDictionaryAttrGet(context, entries.len() as isize, entries.as_ptr());
        mlirOperationSetAttributeByName(kernel.operation, ir::string_ref_of(BINDINGS), dictionary);
    }
}

/// The symbol the global of argument `index` of `kernel` gets: `__gmo_const_<kernel>_arg<N>`,
/// made unique in the kernel's `gpu.module`.
pub fn symbol(kernel: &Kernel, index: usize) -> String {
    let module = unsafe { mlirOperationGetParentOperation(kernel.operation) };
    fresh_symbol(module, &format!("__gmo_const_{}_arg{index}", kernel.name))
}

/// `base`, or `base_N` for the first N that no symbol of `module` has.
fn fresh_symbol(module: MlirOperation, base: &str) -> String {
    let table = unsafe { mlirSymbolTableCreate(module) };
    let taken = |name: &str| unsafe {
        !mlirSymbolTableLookup(table, ir::string_ref_of(name))
            .ptr
            .is_null()
    };
    let mut name = base.to_string();
    let mut suffix = 1;
    while taken(&name) {
        name = format!("{base}_{suffix}");
        suffix += 1;
    }
    unsafe { mlirSymbolTableDestroy(table) };
    name
}
