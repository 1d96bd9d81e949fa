//! A kernel's affine loops and accesses as `scf.for` and `memref.load/store` ([`lower`]), as a
//! DSL's `linalg → affine` lowering leaves them and `-lower-affine` would lower them anyway:
//! the steps' rewrites (staging, the checked read-only path, swizzles) set a plain access's
//! memref and index operands, which an `affine.load`'s map does not expose, and put barriers
//! in `scf.for`s. The index arithmetic stays `affine.apply` (`affine.max`/`affine.min` for a
//! bound of several results), which the access analysis reads like the maps themselves, so
//! every access keeps its matrix.
//!
//! Only a kernel where nothing else needs those values to stay affine dimensions is lowered:
//! an `affine.if`, `affine.parallel` or any other affine op than `for`, `yield`, `load`,
//! `store`, `apply`, `min`, `max` and the index (de)linearizations leaves it as it is. The
//! rewrite is the C++ side's (`dialect-glue/lib/Affine.cpp`), installed by `ffi` at every
//! entry point.

use std::sync::OnceLock;

use mlir_sys::{MlirLogicalResult, MlirOperation};

use crate::ir;

/// The C++ side's rewrite (`gpuMemOptLowerAffine`).
type Rewrite = unsafe extern "C" fn(MlirOperation) -> MlirLogicalResult;

/// The installed rewrite.
static REWRITE: OnceLock<Rewrite> = OnceLock::new();

/// The ops the rewrite replaces, and what by.
const REWRITTEN: [(&str, &str); 3] = [
    ("affine.for", "scf.for"),
    ("affine.load", "memref.load"),
    ("affine.store", "memref.store"),
];

/// Other affine ops the rewrite keeps or lowers with their loop: they take any index values.
const LOWERABLE: [&str; 6] = [
    "affine.yield",
    "affine.apply",
    "affine.min",
    "affine.max",
    "affine.delinearize_index",
    "affine.linearize_index",
];

/// Installs the C++ side's rewrite (the first call wins).
pub fn install(rewrite: Rewrite) {
    let _ = REWRITE.set(rewrite);
}

/// What `kernel` held of `affine.for`, `affine.load` and `affine.store`, in words (`2
/// affine.for -> scf.for, 1 affine.load -> memref.load; indices stay affine.apply`), once they
/// are lowered; `Ok(None)` when it holds none, and why not when another affine op keeps them.
pub fn lower(kernel: MlirOperation) -> Result<Option<String>, String> {
    let mut counts = [0usize; 3];
    let mut keeping = None;
    for operation in ir::walk(kernel) {
        let name = ir::operation_name(operation);
        if !name.starts_with("affine.") {
            continue;
        }
        match REWRITTEN.iter().position(|(from, _)| *from == name) {
            Some(kind) => counts[kind] += 1,
            None if !LOWERABLE.contains(&name.as_str()) => {
                keeping.get_or_insert(name);
            }
            None => {}
        }
    }
    if counts.iter().all(|&count| count == 0) {
        return Ok(None);
    }
    if let Some(name) = keeping {
        return Err(format!("its {name} needs affine dimensions"));
    }
    let Some(rewrite) = REWRITE.get() else {
        return Err("the affine rewrite is not installed".into());
    };
    if unsafe { rewrite(kernel) }.value == 0 {
        return Err("the affine rewrite failed".into());
    }
    let words: Vec<String> = REWRITTEN
        .iter()
        .zip(counts)
        .filter(|(_, count)| *count > 0)
        .map(|((from, to), count)| format!("{count} {from} -> {to}"))
        .collect();
    let indices = if counts[1] + counts[2] > 0 {
        "; indices stay affine.apply"
    } else {
        ""
    };
    Ok(Some(format!("{}{indices}", words.join(", "))))
}
