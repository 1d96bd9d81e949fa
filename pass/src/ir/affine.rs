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
//! `store`, `apply`, `min` and `max` leaves it as it is. The rewrite is the C++ side's
//! (`dialect-glue/lib/Affine.cpp`), installed by `ffi` at every entry point.

use std::sync::OnceLock;

use mlir_sys::{MlirLogicalResult, MlirOperation};

use crate::ir;

/// The C++ side's rewrite (`gpuMemOptLowerAffine`).
type Rewrite = unsafe extern "C" fn(MlirOperation) -> MlirLogicalResult;

/// The installed rewrite.
static REWRITE: OnceLock<Rewrite> = OnceLock::new();

/// Affine ops the rewrite lowers or that take any index values.
const LOWERED: [&str; 7] = [
    "affine.for",
    "affine.yield",
    "affine.load",
    "affine.store",
    "affine.apply",
    "affine.min",
    "affine.max",
];

/// Installs the C++ side's rewrite (the first call wins).
pub fn install(rewrite: Rewrite) {
    let _ = REWRITE.set(rewrite);
}

/// How many `affine.for`, `affine.load` and `affine.store` ops `kernel` held, once they are
/// lowered; `Ok(0)` when it holds none, and why not when another affine op keeps them.
pub fn lower(kernel: MlirOperation) -> Result<usize, String> {
    let mut lowered = 0;
    let mut keeping = None;
    for operation in ir::walk(kernel) {
        let name = ir::operation_name(operation);
        if !name.starts_with("affine.") {
            continue;
        }
        if !LOWERED.contains(&name.as_str()) {
            keeping.get_or_insert(name);
        } else if matches!(name.as_str(), "affine.for" | "affine.load" | "affine.store") {
            lowered += 1;
        }
    }
    if lowered == 0 {
        return Ok(0);
    }
    if let Some(name) = keeping {
        return Err(format!("its {name} needs affine dimensions"));
    }
    let Some(rewrite) = REWRITE.get() else {
        return Err("the affine rewrite is not installed".into());
    };
    match unsafe { rewrite(kernel) }.value {
        0 => Err("the affine rewrite failed".into()),
        _ => Ok(lowered),
    }
}
