//! Which GPU a kernel is compiled for, from the IR (issue 20).
//!
//! A `gpu.module`'s `targets` list names what `gpu-module-to-binary` builds it for:
//! `#nvvm.target<chip = "sm_80">` (NVIDIA; MLIR's default chip is `sm_50`), `#rocdl.target`
//! (AMD), `#spirv.target_env` (Vulkan, OpenCL, Level Zero), `#xevm.target` (Intel). A SPIR-V
//! module may instead carry `spirv.target_env` as an attribute of the `gpu.module` or of a module
//! around it, and its kernels `spirv.entry_point_abi`. The pass's rewrites are NVIDIA's
//! (`ld.global.nc`, constant memory in address space 4, warp metrics of 32 lanes): a kernel
//! compiled for anything else, also, is left unchanged. A chip named by `#nvvm.target` is the
//! target of that module's kernels; the `sm` option stands in where none is named.
//! Cost: a walk up from the kernel to the top.

use mlir_sys::*;

use crate::{facts::kernels::Kernel, ir};

/// What a kernel is compiled for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompiledFor {
    /// Nothing in the IR says: the `sm` option stands in.
    Unstated,
    /// An NVIDIA GPU of SM version `sm`, named by `#nvvm.target` (its text).
    Nvidia {
        /// The SM version of the chip (`sm_90a` is 90).
        sm: u32,
        /// The attribute that says so, as printed.
        source: String,
    },
    /// Something the pass does not optimize for: what, as printed (`#rocdl.target<…>`).
    Other(String),
}

/// SM version MLIR's `#nvvm.target` takes when it names no chip (`NVVMTargetAttr`'s default).
const DEFAULT_NVVM_SM: u32 = 50;

/// What `kernel` is compiled for (see the module essay).
pub fn compiled_for(kernel: &Kernel) -> CompiledFor {
    if ir::attribute(kernel.operation, "spirv.entry_point_abi").is_some() {
        return CompiledFor::Other("SPIR-V (the kernel has spirv.entry_point_abi)".into());
    }
    let mut nvidia = None;
    let mut current = unsafe { mlirOperationGetParentOperation(kernel.operation) };
    while !current.ptr.is_null() {
        if let Some(environment) = ir::attribute(current, "spirv.target_env") {
            return CompiledFor::Other(ir::attribute_text(environment));
        }
        if ir::is_named(current, "gpu.module") {
            for target in targets(current) {
                match chip(&target) {
                    Some(sm) if nvidia.is_none() => {
                        nvidia = Some(CompiledFor::Nvidia { sm, source: target })
                    }
                    Some(_) => {}
                    None => return CompiledFor::Other(target),
                }
            }
        }
        current = unsafe { mlirOperationGetParentOperation(current) };
    }
    nvidia.unwrap_or(CompiledFor::Unstated)
}

/// The printed entries of a `gpu.module`'s `targets` list.
fn targets(module: MlirOperation) -> Vec<String> {
    let Some(list) = ir::attribute(module, "targets") else {
        return Vec::new();
    };
    if !unsafe { mlirAttributeIsAArray(list) } {
        return vec![ir::attribute_text(list)];
    }
    (0..unsafe { mlirArrayAttrGetNumElements(list) })
        .map(|index| ir::attribute_text(unsafe { mlirArrayAttrGetElement(list, index) }))
        .collect()
}

/// The SM version of an `#nvvm.target` as printed, `None` for any other target.
fn chip(target: &str) -> Option<u32> {
    if !target.starts_with("#nvvm.target") {
        return None;
    }
    let Some(start) = target.find("chip = \"sm_") else {
        return Some(DEFAULT_NVVM_SM);
    };
    let digits: String = target[start + "chip = \"sm_".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok().or(Some(DEFAULT_NVVM_SM))
}

#[cfg(test)]
mod tests {
    use super::chip;

    #[test]
    fn chips_from_printed_targets() {
        assert_eq!(chip("#nvvm.target<chip = \"sm_80\">"), Some(80));
        assert_eq!(chip("#nvvm.target<O = 3, chip = \"sm_90a\">"), Some(90));
        assert_eq!(chip("#nvvm.target"), Some(50));
        assert_eq!(chip("#rocdl.target<chip = \"gfx90a\">"), None);
    }
}
