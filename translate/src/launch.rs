//! The entry of a kernel: parameters and attributions of a `gpu.func`; ids, attributions and
//! captured values of a `gpu.launch` body.
//!
//! Model. A `gpu.func`'s entry block arguments are its parameters, then its workgroup
//! attributions, then its private ones. A memref parameter with a strided layout keeps it
//! ([`interp::Layout`]), so its descriptor has the layout's strides and offset.
//!
//! A `gpu.launch` body's first twelve block arguments are `(bx, by, bz, tx, ty, tz, gx, gy,
//! gz, sx, sy, sz)`; each becomes the matching `gpu.block_id`/`thread_id`/`grid_dim`/
//! `block_dim` op at the top of the body. Attributions follow. Values the body uses from
//! outside are captured: constants (`arith.constant`, `index.constant`) are copied to the top
//! of the body, anything else becomes a parameter, so the launch runs like a kernel whose
//! arguments are its captures: the enclosing function's arguments in their order, then other
//! values in order of first use.
//!
//! Cost. One walk over the body to find captures.

use interp::{Axis, ElementType, Op, Type};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

use gpu_mem_opt::{
    facts::kernels::KernelKind,
    ir,
    steps::{coarsen, shared_layout::dynamic},
};

use crate::translator::{type_of, Translator};
use crate::types;

/// The entry block of `operation`'s body, or why there is none.
fn entry(operation: MlirOperation) -> Result<MlirBlock, String> {
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)) };
    if block.ptr.is_null() {
        return Err("the kernel has no body".into());
    }
    Ok(block)
}

/// The arguments of `block`.
fn arguments(block: MlirBlock) -> Vec<MlirValue> {
    (0..unsafe { mlirBlockGetNumArguments(block) })
        .map(|position| unsafe { mlirBlockGetArgument(block, position) })
        .collect()
}

impl Translator {
    /// Declares a kernel parameter for `value`, with its layout if it is a strided memref.
    fn parameter(&mut self, value: MlirValue, position: usize) -> Result<(), String> {
        let (ty, unknown) = type_of(value);
        if let Some(text) = unknown {
            return Err(format!("parameter {position} has type {text}"));
        }
        let layout = match ty {
            Type::MemRef(_) => types::layout(unsafe { mlirValueGetType(value) })
                .map_err(|reason| format!("parameter {position}: {reason}"))?,
            _ => None,
        };
        let id = self.builder.parameter_with_layout(ty, layout);
        self.bind(value, id);
        Ok(())
    }

    /// Declares workgroup attributions for `workgroup` and private ones for `private`.
    fn attributions(
        &mut self,
        workgroup: &[MlirValue],
        private: &[MlirValue],
    ) -> Result<(), String> {
        for (values, is_workgroup) in [(workgroup, true), (private, false)] {
            for &value in values {
                let Type::MemRef(memref) = type_of(value).0 else {
                    let text = ir::type_text(unsafe { mlirValueGetType(value) });
                    return Err(format!("an attribution of type {text}"));
                };
                let id = if is_workgroup {
                    self.builder.workgroup_buffer(memref)
                } else {
                    self.builder.private_buffer(memref)
                };
                self.bind(value, id);
            }
        }
        Ok(())
    }

    /// Translates a `gpu.func` kernel with `inputs` parameters and `workgroup` attributions.
    pub(crate) fn function(&mut self, inputs: usize, workgroup: usize) -> Result<(), String> {
        let block = entry(self.kernel)?;
        let values = arguments(block);
        let split =
            |start: usize, end: usize| &values[start.min(values.len())..end.min(values.len())];
        for (position, &value) in split(0, inputs).iter().enumerate() {
            self.parameter(value, position)?;
        }
        self.attributions(
            split(inputs, inputs + workgroup),
            split(inputs + workgroup, usize::MAX),
        )?;
        self.body(block);
        self.divided_grid()?;
        self.builder
            .add_dynamic_shared(dynamic::recorded_bytes(self.kernel));
        self.constant_bindings()
    }

    /// The grid divisors of a coarsened or register-tiled kernel (`gpu_mem_opt.grid_divided_by`,
    /// written by gpu-mem-opt's `coarsen` and `register-tile` decisions): a launch of it alone
    /// (a lone kernel's launcher; `--kernel` on a `gpu.launch` body at the grid written)
    /// divides the grid by them.
    fn divided_grid(&mut self) -> Result<(), String> {
        if let Some(divisors) = coarsen::recorded_divisors(self.kernel) {
            self.builder.divide_grid(divisors?);
        }
        Ok(())
    }

    /// Translates a `gpu.launch` body with `workgroup` attributions.
    fn launch(&mut self, workgroup: usize) -> Result<(), String> {
        let clusters = ir::attribute(self.kernel, "operandSegmentSizes")
            .and_then(ir::dense_i32_array)
            .is_some_and(|segments| segments.len() > 9 && segments[7..10].iter().any(|&n| n > 0));
        if clusters {
            return Err("gpu.launch with cluster sizes".into());
        }
        let block = entry(self.kernel)?;
        let values = arguments(block);
        if values.len() < 12 {
            return Err("a gpu.launch body with fewer than 12 arguments".into());
        }
        let location = ir::location_text(unsafe { mlirOperationGetLocation(self.kernel) });
        let axes = [Axis::X, Axis::Y, Axis::Z];
        let ids = [Op::BlockId, Op::ThreadId, Op::GridDim, Op::BlockDim]
            .iter()
            .flat_map(|make| axes.map(make));
        for (&value, op) in values.iter().zip(ids) {
            let index = [Type::Scalar(ElementType::Index)];
            let id = self.builder.push(op, &[], &index, &location)[0];
            self.bind(value, id);
        }
        let attributions = &values[12..];
        let workgroup = workgroup.min(attributions.len());
        self.attributions(&attributions[..workgroup], &attributions[workgroup..])?;
        let mut parameters = 0;
        for value in captures(self.kernel) {
            match constant_owner(value) {
                Some(owner) => self.operation(owner),
                None => {
                    self.parameter(value, parameters)?;
                    parameters += 1;
                }
            }
        }
        self.body(block);
        self.divided_grid()
    }

    /// Translates the kernel's entry and body.
    pub(crate) fn kernel(&mut self, kind: KernelKind) -> Result<(), String> {
        match kind {
            KernelKind::Function { inputs, workgroup } => self.function(inputs, workgroup),
            KernelKind::Launch { workgroup } => self.launch(workgroup),
        }
    }
}

/// The `arith.constant` or `index.constant` defining `value`, if one does (a launch body
/// copies it instead of taking it as a parameter).
fn constant_owner(value: MlirValue) -> Option<MlirOperation> {
    unsafe { mlirValueIsAOpResult(value) }
        .then(|| unsafe { mlirOpResultGetOwner(value) })
        .filter(|&owner| {
            matches!(
                ir::operation_name(owner).as_str(),
                "arith.constant" | "index.constant"
            )
        })
}

/// The values `launch` takes as parameters, in order: its captures that are not constants.
pub(crate) fn parameter_captures(launch: MlirOperation) -> Vec<MlirValue> {
    captures(launch)
        .into_iter()
        .filter(|&value| constant_owner(value).is_none())
        .collect()
}

/// Whether `value` is defined outside `launch` (neither in its body nor a body argument).
fn outside(launch: MlirOperation, value: MlirValue) -> bool {
    let owner = unsafe {
        if mlirValueIsAOpResult(value) {
            mlirOpResultGetOwner(value)
        } else {
            mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value))
        }
    };
    owner.ptr != launch.ptr && !ir::encloses(launch, owner)
}

/// The values `launch`'s body uses from outside: block arguments (the enclosing function's
/// parameters) in their order, then the others in order of first use. The order does not
/// depend on where in the body a value is first used, so a rewrite that moves a use (a copy
/// hoisted before a loop) keeps the launch's parameters.
fn captures(launch: MlirOperation) -> Vec<MlirValue> {
    let mut found = used_from_outside(launch);
    let rank = |value: &MlirValue| unsafe {
        if mlirValueIsABlockArgument(*value) {
            (0, mlirBlockArgumentGetArgNumber(*value))
        } else {
            (1, 0)
        }
    };
    found.sort_by_key(rank);
    found
}

/// The values `launch`'s body uses from outside, in order of first use.
fn used_from_outside(launch: MlirOperation) -> Vec<MlirValue> {
    let mut found: Vec<MlirValue> = Vec::new();
    let root = unsafe { OperationRef::from_raw(launch) };
    root.walk(WalkOrder::PreOrder, |operation| {
        let raw = operation.to_raw();
        if raw.ptr == launch.ptr {
            return WalkResult::Advance;
        }
        for position in 0..unsafe { mlirOperationGetNumOperands(raw) } {
            let value = unsafe { mlirOperationGetOperand(raw, position) };
            if outside(launch, value) && !found.iter().any(|known| known.ptr == value.ptr) {
                found.push(value);
            }
        }
        WalkResult::Advance
    });
    found
}
