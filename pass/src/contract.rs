//! A kernel's launch contract: what its launcher must do beyond launching it, with its grid and
//! block, on its arguments as written (issue 30).
//!
//! With the default options the pass never makes one: a kernel keeps its parameters and their
//! meaning, its grid and block, and needs no symbol filled. Three options each name the one
//! obligation they allow for a kernel that has no launch site in the module:
//!
//! | option | obligation | the IR's record |
//! |---|---|---|
//! | `bind-constants` | copy the argument's bytes into a constant symbol before each launch | `gpu_mem_opt.constant_bindings = {argN = @symbol}` |
//! | `coarsen-grid` | launch it with its grid divided per dimension (each divided dimension a multiple) | `gpu_mem_opt.grid_divided_by = array<i64: 1, 4, 1>` |
//! | `relayout-launches=N` | pass the argument in another layout: its pack kernel before, its unpack kernel after | `gpu_mem_opt.relayout = {argN = {pack, unpack, written}}` |
//!
//! Option `block`, where the IR gives no block size, is a third: [`pin_block`] writes it on the
//! kernel as `known_block_size`, which the launch must then match (`.reqntid` in PTX).
//!
//! [`of`] reads the records but the block's into one list of [`Obligation`]s: the report's `launch_contract`, and what `wrap`
//! (which launches the ordinary way, so refuses a kernel with obligations), the interpreter and
//! the runner (which fulfil them) go by.

use mlir_sys::*;

use crate::{
    facts::kernels::{self, BlockSize, Kernel},
    ir,
    ir::builder::Builder,
    report::Obligation,
    steps::{coarsen, memory_space::constant, relayout},
};

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
    if let Some(Ok(divided_by)) = coarsen::recorded_divisors(kernel) {
        found.push(Obligation::Grid { divided_by });
    }
    found.sort_by_key(Obligation::argument);
    found
}

/// Where option `block` gave `kernel` (a `gpu.func`) its block size, writes it on the kernel as
/// `known_block_size`, so that lowering makes it PTX `.reqntid` and a launch with another
/// block fails; the obligation, if any.
pub fn pin_block(kernel: &Kernel) -> Option<Obligation> {
    let BlockSize::Known { sizes, source } = kernel.block else {
        return None;
    };
    if source != kernels::FROM_OPTION
        || ir::attribute(kernel.operation, "known_block_size").is_some()
    {
        return None;
    }
    let text = format!("array<i32: {}, {}, {}>", sizes[0], sizes[1], sizes[2]);
    let attribute = Builder::before(kernel.operation).parse_attribute(&text)?;
    unsafe {
        mlirOperationSetAttributeByName(
            kernel.operation,
            ir::string_ref_of("known_block_size"),
            attribute,
        )
    };
    Some(Obligation::Block { sizes })
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
