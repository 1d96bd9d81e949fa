//! `memref.global`s that a kernel reads through `memref.get_global`.
//!
//! Model. The symbol is looked up in the symbol tables enclosing the kernel, nearest first
//! (the `gpu.module`, then the module), as MLIR resolves it. The global's type must be a
//! static memref the interpreter knows; its initial value, when present, must be a dense
//! constant (a splat gives one pattern, otherwise every element row-major); `uninitialized`
//! or no value gives zeros. Each symbol becomes one [`interp::Global`], shared by all its
//! `get_global`s; a global that cannot be used makes each of them unsupported, with why.
//!
//! A kernel's `gpu_mem_opt.constant_bindings` name globals too: each binds a kernel argument
//! to a constant-memory global that the launcher fills with the argument's data.
//!
//! Cost. One symbol-table build per distinct symbol and enclosing table.

use interp::{Global, GlobalId};
use mlir_sys::*;

use gpu_mem_opt::{ir, steps::memory_space::constant::BINDINGS};

use crate::attributes;
use crate::translator::Translator;
use crate::types;

impl Translator {
    /// The global `memref.get_global` `operation` names, registered on first use.
    pub(crate) fn global(&mut self, operation: MlirOperation) -> Result<GlobalId, String> {
        let reference = ir::attribute(operation, "name")
            .filter(|&name| unsafe { mlirAttributeIsASymbolRef(name) })
            .ok_or("no symbol name")?;
        self.global_named(reference)
    }

    /// The global the symbol reference `reference` names, registered on first use.
    fn global_named(&mut self, reference: MlirAttribute) -> Result<GlobalId, String> {
        let symbol = unsafe { ir::string_ref(mlirSymbolRefAttrGetRootReference(reference)) };
        if let Some(known) = self.globals.get(&symbol) {
            return known.clone();
        }
        let registered = ir::lookup_symbol(self.kernel, reference)
            .filter(|&found| ir::operation_name(found) == "memref.global")
            .ok_or_else(|| format!("no memref.global @{symbol}"))
            .and_then(|definition| global(definition, &symbol))
            .map(|global| self.builder.global(global));
        self.globals.insert(symbol, registered.clone());
        registered
    }

    /// The kernel's constant bindings (`gpu_mem_opt.constant_bindings = {argN = @symbol}`,
    /// written by gpu-mem-opt's `constant` decision): argument N's data is copied into the
    /// global before the launch, as a launcher does.
    pub(crate) fn constant_bindings(&mut self) -> Result<(), String> {
        let Some(bindings) = ir::attribute(self.kernel, BINDINGS) else {
            return Ok(());
        };
        if unsafe { !mlirAttributeIsADictionary(bindings) } {
            return Err(format!("{BINDINGS} is not a dictionary"));
        }
        for entry in 0..unsafe { mlirDictionaryAttrGetNumElements(bindings) } {
            let named = unsafe { mlirDictionaryAttrGetElement(bindings, entry) };
            let name = unsafe { ir::string_ref(mlirIdentifierStr(named.name)) };
            let parameter = name
                .strip_prefix("arg")
                .and_then(|number| number.parse::<usize>().ok())
                .ok_or_else(|| format!("{BINDINGS}: '{name}' is not argN"))?;
            if unsafe { !mlirAttributeIsASymbolRef(named.attribute) } {
                return Err(format!("{BINDINGS}: {name} is not bound to a symbol"));
            }
            let global = self.global_named(named.attribute)?;
            self.builder.bind_constant(parameter, global);
        }
        Ok(())
    }
}

/// The interpreter form of the `memref.global` `definition`.
fn global(definition: MlirOperation, symbol: &str) -> Result<Global, String> {
    let ty = ir::attribute(definition, "type")
        .filter(|&ty| unsafe { mlirAttributeIsAType(ty) })
        .and_then(|ty| types::memref_type(unsafe { mlirTypeAttrGetValue(ty) }))
        .ok_or_else(|| format!("@{symbol} has a type the interpreter lacks"))?;
    let length = ty
        .static_sizes()
        .ok_or_else(|| format!("@{symbol} has a dynamic shape"))?
        .iter()
        .product::<i64>();
    let initial = match ir::attribute(definition, "initial_value") {
        None => Vec::new(),
        Some(value) if unsafe { mlirAttributeIsAUnit(value) } => Vec::new(),
        Some(value) => attributes::element_bits(value, ty.element)
            .filter(|bits| bits.len() == 1 || bits.len() as i64 == length)
            .ok_or_else(|| {
                format!("@{symbol} has an initial value that is not a dense constant")
            })?,
    };
    Ok(Global {
        name: symbol.to_string(),
        ty,
        initial,
        constant: ir::attribute(definition, "constant").is_some(),
    })
}
