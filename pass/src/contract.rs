//! A kernel's launch contract: what its launcher must do beyond launching it, with its grid and
//! block, on its arguments as written (issue 30).
//!
//! With the default options the pass never makes one: a kernel keeps its parameters and their
//! meaning, its grid and block, and needs no symbol filled. Two options each name the one
//! obligation they allow for a kernel that has no launch site in the module:
//!
//! | option | obligation | the IR's record |
//! |---|---|---|
//! | `bind-constants` | copy the argument's bytes into a constant symbol before each launch | `gpu_mem_opt.constant_bindings = {argN = @symbol}` |
//! | `relayout-launches=N` | pass the argument in another layout: its pack kernel before, its unpack kernel after | `gpu_mem_opt.relayout = {argN = {pack, unpack, written}}` |
//!
//! [`of`] reads both records into one list: the report's `launch_contract`, and what `wrap`
//! (which launches the ordinary way, so refuses a kernel with obligations), the interpreter and
//! the runner (which fulfil them) go by.

use mlir_sys::*;
use serde::{Deserialize, Serialize};

use crate::{
    ir,
    steps::{memory_space::constant, relayout},
};

/// One thing a kernel's launcher must do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Obligation {
    /// Copy argument `argument` (`bytes` bytes) into the constant global `symbol` of the
    /// kernel's `gpu.module` before each launch.
    Constant {
        /// The argument's position.
        argument: usize,
        /// The global's symbol.
        symbol: String,
        /// Bytes to copy, where the type tells.
        bytes: Option<u64>,
    },
    /// Pass argument `argument` in the layout `written`: launch `pack` on the data before the
    /// launches, `unpack` after them.
    Relayout {
        /// The argument's position.
        argument: usize,
        /// The pack kernel's symbol.
        pack: String,
        /// The unpack kernel's symbol.
        unpack: String,
        /// The memref type the kernel reads and writes.
        written: String,
    },
}

impl Obligation {
    /// `the launcher must copy arg 3 (400 B) into @__gmo_const_k_arg3 before each launch`.
    pub fn describe(&self) -> String {
        match self {
            Obligation::Constant {
                argument,
                symbol,
                bytes,
            } => format!(
                "the launcher must copy arg {argument}{} into @{symbol} before each launch",
                bytes.map_or_else(String::new, |bytes| format!(" ({bytes} B)"))
            ),
            Obligation::Relayout {
                argument,
                pack,
                unpack,
                written,
            } => format!(
                "the launcher must pass arg {argument} as {written}: @{pack} before the \
                 launches, @{unpack} after them"
            ),
        }
    }
}

/// The obligations `kernel` (a `gpu.func`) puts on its launcher, by argument.
pub fn of(kernel: MlirOperation) -> Vec<Obligation> {
    let entry = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0)) };
    let mut found = Vec::new();
    for (argument, value) in entries(kernel, constant::BINDINGS) {
        let type_ = unsafe { mlirValueGetType(mlirBlockGetArgument(entry, argument as isize)) };
        found.push(Obligation::Constant {
            argument,
            symbol: symbol_of(value),
            bytes: constant::global_bytes(type_).ok(),
        });
    }
    for (argument, record) in entries(kernel, relayout::CONTRACT_ATTRIBUTE) {
        let field = |name: &str| unsafe {
            mlirDictionaryAttrGetElementByName(record, ir::string_ref_of(name))
        };
        found.push(Obligation::Relayout {
            argument,
            pack: symbol_of(field("pack")),
            unpack: symbol_of(field("unpack")),
            written: ir::type_text(unsafe { mlirTypeAttrGetValue(field("written")) }),
        });
    }
    found.sort_by_key(|obligation| match obligation {
        Obligation::Constant { argument, .. } | Obligation::Relayout { argument, .. } => *argument,
    });
    found
}

/// The `argN = value` entries of the dictionary attribute `name` of `kernel`.
fn entries(kernel: MlirOperation, name: &str) -> Vec<(usize, MlirAttribute)> {
    let Some(dictionary) = ir::attribute(kernel, name)
        .filter(|&attribute| unsafe { mlirAttributeIsADictionary(attribute) })
    else {
        return Vec::new();
    };
    (0..unsafe { mlirDictionaryAttrGetNumElements(dictionary) })
        .filter_map(|position| {
            let named = unsafe { mlirDictionaryAttrGetElement(dictionary, position) };
            let key = unsafe { ir::string_ref(mlirIdentifierStr(named.name)) };
            Some((key.strip_prefix("arg")?.parse().ok()?, named.attribute))
        })
        .collect()
}

/// The symbol a flat symbol reference names, or the attribute's text.
fn symbol_of(attribute: MlirAttribute) -> String {
    if unsafe { mlirAttributeIsAFlatSymbolRef(attribute) } {
        return unsafe { ir::string_ref(mlirFlatSymbolRefAttrGetValue(attribute)) };
    }
    ir::attribute_text(attribute)
}
