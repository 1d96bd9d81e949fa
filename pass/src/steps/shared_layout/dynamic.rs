//! Growing a view of dynamic shared memory (`gpu.dynamic_shared_memory` + `memref.view`, the
//! MLIR form of CUDA's `extern __shared__`): a pad or a skew makes the view longer, so the
//! launches must give the kernel more bytes.
//!
//! Model. The launcher sizes dynamic shared memory (`gpu.launch_func`'s
//! `dynamic_shared_memory_size`). Where every launch of the kernel is in the module
//! (`facts::launches`: then those are all its launches) and gives a constant size, and the
//! view is the kernel's only view of that memory (a longer one would run into the next), the
//! view may grow by what the launches can add within `smem-budget`, and [`grow`] adds it at
//! each launch and records it on a `gpu.func` ([`ADDED_ATTRIBUTE`]), so that a launch from
//! outside the module (`gpu-mem-opt diff --kernel`) adds it too, as it divides a coarsened
//! grid. A lone kernel's launcher gives what it gives: no layout grows its view.

use mlir_sys::*;

use crate::{
    facts::{accesses::views_dynamic_shared, kernels::Kernel, launches::dynamic_shared_operand},
    ir::{self, builder::Builder},
};

/// The kernel attribute recording the bytes the pass added to every launch's dynamic shared
/// memory in the module (`28 : i64`): what a launch of the kernel from elsewhere must add.
pub const ADDED_ATTRIBUTE: &str = "gpu_mem_opt.dynamic_shared_memory_added";

/// The bytes a kernel's record says its launches must add ([`ADDED_ATTRIBUTE`]), 0 without one.
pub fn recorded_bytes(kernel: MlirOperation) -> u64 {
    ir::attribute(kernel, ADDED_ATTRIBUTE)
        .and_then(ir::integer)
        .and_then(|bytes| u64::try_from(bytes).ok())
        .unwrap_or(0)
}

/// Bytes the view `view` of dynamic shared memory may grow by, `available` (the budget left
/// by the static buffers) less the most the launches give now, and that most; or why it may
/// not grow (to follow "and").
pub fn room(kernel: &Kernel, view: MlirValue, available: u64) -> Result<(u64, u64), String> {
    let views = ir::walk(kernel.operation)
        .into_iter()
        .filter(|&operation| views_dynamic_shared(operation))
        .count();
    if views != 1 {
        return Err(format!(
            "this view is one of {views} of it in the kernel: a longer one would run into the \
             next"
        ));
    }
    if ir::defining_operation(view).is_none_or(|operation| !views_dynamic_shared(operation)) {
        return Err("it is not a memref.view of gpu.dynamic_shared_memory".into());
    }
    let sites = kernel.launch_operations();
    if sites.is_empty() {
        return Err(
            "no launch in this module could give them: a lone kernel's launcher sizes it".into(),
        );
    }
    let mut given = 0u64;
    for site in sites {
        let location = ir::location_text(unsafe { mlirOperationGetLocation(site) });
        let bytes = dynamic_shared_operand(site)
            .and_then(|position| {
                ir::static_integer(unsafe { mlirOperationGetOperand(site, position as isize) })
            })
            .and_then(|bytes| u64::try_from(bytes).ok())
            .ok_or_else(|| format!("the launch at {location} gives it no constant size"))?;
        given = given.max(bytes);
    }
    Ok((available.saturating_sub(given), given))
}

/// Adds `bytes` to the dynamic shared memory size of every launch of `kernel` (checked by
/// [`room`] first).
pub fn grow(kernel: &Kernel, bytes: u64) -> Result<(), String> {
    for site in kernel.launch_operations() {
        let position =
            dynamic_shared_operand(site).ok_or("a launch gives no dynamic shared memory size")?;
        let builder = Builder::before(site);
        unsafe {
            let size = mlirOperationGetOperand(site, position as isize);
            let size_type = mlirValueGetType(size);
            let extra = i64::try_from(bytes).map_err(|_| "too many bytes")?;
            let constant = builder.create(
                "arith.constant",
                &[],
                &[("value", mlirIntegerAttrGet(size_type, extra))],
                &[size_type],
            );
            let sum = builder.create(
                "arith.addi",
                &[size, mlirOperationGetResult(constant, 0)],
                &[],
                &[size_type],
            );
            mlirOperationSetOperand(site, position as isize, mlirOperationGetResult(sum, 0));
        }
    }
    if ir::is_named(kernel.operation, "gpu.func") {
        let total = recorded_bytes(kernel.operation).saturating_add(bytes);
        let total = i64::try_from(total).map_err(|_| "too many bytes")?;
        unsafe {
            let context = mlirOperationGetContext(kernel.operation);
            let attribute = mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), total);
            mlirOperationSetAttributeByName(
                kernel.operation,
                ir::string_ref_of(ADDED_ATTRIBUTE),
                attribute,
            );
        }
    }
    Ok(())
}
