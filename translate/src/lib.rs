//! From MLIR to the reference interpreter: translates one kernel of a parsed module into an
//! [`interp::Kernel`], once, so the interpreter never touches MLIR while it runs.
//!
//! Purpose. The interpreter (crate `interp`) is MLIR-free; this crate is the bridge the
//! command line (`gpu-mem-opt interp`, `gpu-mem-opt diff`) and tests use: [`find`] a kernel
//! by name among those [`gpu_mem_opt::facts::kernels::find`] sees (a `gpu.func` marked `kernel`, or
//! a `gpu.launch` body named `launch@file:line:col`), then [`translate`] it.
//!
//! Model. A walk over the kernel's ops in order (module `translator`) maps every MLIR value to
//! an interpreter value and every op to an [`interp::Op`] (module `operations`; ops with
//! regions in `regions`), reading attributes (`attributes`), affine maps and integer sets
//! (`affine`) and types (`types`); `memref.global`s come from the enclosing symbol tables
//! (`globals`); a `func.call`'s callee is inlined per call site (`calls`); the kernel's entry — parameters, attributions, `gpu.launch` ids and
//! captures — is in `launch`. The supported set is the interpreter's: `arith`, `math` basics,
//! `index`, `memref` (load, store, alloc, alloca, dealloc, dim, subview, cast,
//! memory_space_cast, assume_alignment, reinterpret_cast, expand/collapse_shape, get_global),
//! `vector` (load, store, transfer_read/write, broadcast, splat, extract, insert, reduction),
//! `scf` (for, if, while, parallel without reductions, yield, condition, reduce), `affine`
//! (for, if, apply, load, store, min, max, yield) and `gpu` (ids, dims, lane_id, barrier,
//! shuffle, return, terminator), and `func.call` of a `func.func` with one block.
//!
//! Failure. Translation never panics. An op outside the set, or one using a feature or type
//! the interpreter lacks, becomes [`interp::Op::Unsupported`] at its location, naming it and
//! why; the interpreter reports it before running anything. Only what makes a kernel
//! unrunnable as a whole is an [`Error`]: no such kernel, a parameter or attribution of an
//! unsupported type, a parameter layout that is not strided.
//!
//! Cost. Linear in the kernel's size (plus one symbol lookup per global).

mod affine;
mod attributes;
mod calls;
mod globals;
mod host;
mod launch;
mod operations;
mod regions;
mod translator;
mod types;

use gpu_mem_opt::{facts::kernels, ir};

pub use host::program;
use mlir_sys::{mlirOperationGetLocation, MlirOperation};

/// Why a kernel could not be found or translated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No kernel has the name.
    #[error("no kernel named '{name}' (kernels: {available})")]
    NotFound {
        /// The name asked for.
        name: String,
        /// The kernels there are, comma-separated.
        available: String,
    },
    /// No host function has the name.
    #[error("no func.func named '{name}' at the top of the module (functions: {available})")]
    NoEntry {
        /// The name asked for.
        name: String,
        /// The functions there are, comma-separated.
        available: String,
    },
    /// The kernel's entry cannot be represented.
    #[error("{location}: cannot translate kernel '{kernel}': {reason}")]
    Kernel {
        /// Kernel name.
        kernel: String,
        /// The kernel's location.
        location: String,
        /// What cannot be represented.
        reason: String,
    },
}

/// The kernel named `name` under `root` (a module or `gpu.module`), with its block size.
pub fn find(root: MlirOperation, name: &str) -> Result<kernels::Kernel, Error> {
    let all = kernels::find(root, None);
    let names: Vec<&str> = all.iter().map(|kernel| kernel.name.as_str()).collect();
    let available = if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    };
    all.iter()
        .find(|kernel| kernel.name == name)
        .cloned()
        .ok_or_else(|| Error::NotFound {
            name: name.to_string(),
            available,
        })
}

/// Translates `kernel` into the interpreter's internal form.
pub fn translate(kernel: &kernels::Kernel) -> Result<interp::Kernel, Error> {
    let mut translator = translator::Translator::new(&kernel.name, kernel.operation);
    translator
        .kernel(kernel.kind)
        .map_err(|reason| Error::Kernel {
            kernel: kernel.name.clone(),
            location: ir::location_text(unsafe { mlirOperationGetLocation(kernel.operation) }),
            reason,
        })?;
    Ok(translator.finish())
}
