//! What the lowering to PTX does where MLIR's stock NVVM pipeline and nvcc differ.
//!
//! `sqrtf` in CUDA C++ is correctly rounded (nvcc's default `-prec-sqrt=true`: `sqrt.rn.f32`),
//! and so is the reference interpreter's `math.sqrt`. The stock pipeline lowers `math.sqrt` of
//! an `f32` to libdevice's `__nv_sqrtf`, whose `__nvvm_reflect("__CUDA_PREC_SQRT")` LLVM 22
//! answers 0 with no way to set it from a module flag: `sqrt.approx.f32`, off by an ulp. So
//! `gpu-mem-opt-lower-math` (before the conversion) writes each such `math.sqrt` as a call of
//! the intrinsic `llvm.nvvm.sqrt.rn.f`, `sqrt.rn.f32` (not `llvm.intr.sqrt`, which the
//! conversion to NVVM holds illegal). Other math functions keep their libdevice calls, as
//! nvcc's do.
//!
//! Cost: one walk of the module.

use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

use crate::ir::{self, builder::Builder};

/// The intrinsic NVPTX selects as `sqrt.rn.f32`.
const PRECISE_SQRT: &str = "llvm.nvvm.sqrt.rn.f";

/// `gpu-mem-opt-lower-math`: every `f32` `math.sqrt` under `root` becomes a call of
/// `llvm.nvvm.sqrt.rn.f`.
pub fn precise_sqrt(root: MlirOperation) -> bool {
    let mut roots = Vec::new();
    unsafe { OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if ir::is_named(raw, "math.sqrt")
            && unsafe { mlirTypeIsAF32(mlirValueGetType(mlirOperationGetResult(raw, 0))) }
        {
            roots.push(raw);
        }
        WalkResult::Advance
    });
    for sqrt in roots {
        unsafe {
            let result = mlirOperationGetResult(sqrt, 0);
            let builder = Builder::before(sqrt).located(mlirOperationGetLocation(sqrt));
            let attribute = |text: &str| {
                builder
                    .parse_attribute(text)
                    .expect("the intrinsic call's attributes parse")
            };
            let precise = builder.create(
                "llvm.call_intrinsic",
                &[mlirOperationGetOperand(sqrt, 0)],
                &[
                    ("intrin", attribute(&format!("\"{PRECISE_SQRT}\""))),
                    ("fastmathFlags", attribute("#llvm.fastmath<none>")),
                    ("op_bundle_sizes", attribute("array<i32>")),
                    ("operandSegmentSizes", attribute("array<i32: 1, 0>")),
                ],
                &[mlirValueGetType(result)],
            );
            mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(precise, 0));
            mlirOperationDestroy(sqrt);
        }
    }
    true
}
