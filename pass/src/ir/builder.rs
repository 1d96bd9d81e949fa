//! Building IR: the few operations transforms create, and materializing an
//! [`IndexExpression`] as `arith` ops on `index` values.
//!
//! Everything goes through MLIR's C API on raw handles (the pass receives a
//! raw `MlirOperation` from C++). New operations are inserted before an
//! anchor operation, so they dominate it, and carry the anchor's location, so
//! remarks and debuggers point at the source access.

use std::collections::BTreeMap;

use analysis::expression::{IndexExpression, Variable};
use mlir_sys::*;

use crate::ir::{self, WORKGROUP_ATTRIBUTIONS};

/// The body of a counted `scf.for` ([`Builder::counted_loop`]).
pub struct LoopBody {
    /// The `scf.for`.
    pub operation: MlirOperation,
    /// Its induction variable.
    pub induction: MlirValue,
    /// Its `scf.yield`, before which the body goes.
    pub terminator: MlirOperation,
}

/// Inserts new operations before `anchor`, at `anchor`'s location.
pub struct Builder {
    anchor: MlirOperation,
    context: MlirContext,
    location: MlirLocation,
}

impl Builder {
    /// A builder that inserts before `anchor`.
    pub fn before(anchor: MlirOperation) -> Builder {
        unsafe {
            Builder {
                anchor,
                context: mlirOperationGetContext(anchor),
                location: mlirOperationGetLocation(anchor),
            }
        }
    }

    /// The same builder, giving new operations `location` instead of the anchor's.
    pub fn located(self, location: MlirLocation) -> Builder {
        Builder { location, ..self }
    }

    /// Parses a type (`memref<32x33xf32, 3>`); `None` if it does not parse.
    pub fn parse_type(&self, text: &str) -> Option<MlirType> {
        let type_ = unsafe { mlirTypeParseGet(self.context, ir::string_ref_of(text)) };
        (!type_.ptr.is_null()).then_some(type_)
    }

    /// Parses an attribute (`array<i64: 0, 0>`); `None` if it does not parse.
    pub fn parse_attribute(&self, text: &str) -> Option<MlirAttribute> {
        let attribute = unsafe { mlirAttributeParseGet(self.context, ir::string_ref_of(text)) };
        (!attribute.ptr.is_null()).then_some(attribute)
    }

    /// Creates `name(operands) {attributes} : results` before the anchor; its results.
    pub fn create(
        &self,
        name: &str,
        operands: &[MlirValue],
        attributes: &[(&str, MlirAttribute)],
        results: &[MlirType],
    ) -> MlirOperation {
        unsafe {
            let mut state = mlirOperationStateGet(ir::string_ref_of(name), self.location);
            mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
            mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
            let named: Vec<MlirNamedAttribute> = attributes
                .iter()
                .map(|(name, attribute)| MlirNamedAttribute {
                    name: mlirIdentifierGet(self.context, ir::string_ref_of(name)),
                    attribute: *attribute,
                })
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            let operation = mlirOperationCreate(&mut state);
            mlirBlockInsertOwnedOperationBefore(
                mlirOperationGetBlock(self.anchor),
                self.anchor,
                operation,
            );
            operation
        }
    }

    /// Inserts the detached `operation` before the anchor.
    pub fn insert(&self, operation: MlirOperation) {
        unsafe {
            mlirBlockInsertOwnedOperationBefore(
                mlirOperationGetBlock(self.anchor),
                self.anchor,
                operation,
            )
        }
    }

    /// `scf.if condition -> (results) { scf.yield } [else { scf.yield }]` before the anchor,
    /// the yields without operands yet: the `scf.if`, the then-yield and the else-yield.
    pub fn scf_if(
        &self,
        condition: MlirValue,
        results: &[MlirType],
        with_else: bool,
    ) -> (MlirOperation, MlirOperation, Option<MlirOperation>) {
        unsafe {
            let location = mlirValueGetLocation(condition);
            let mut yields = Vec::new();
            let mut regions = Vec::new();
            for branch in 0..2 {
                let region = mlirRegionCreate();
                if branch == 0 || with_else {
                    let block = mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
                    mlirRegionAppendOwnedBlock(region, block);
                    let mut state = mlirOperationStateGet(ir::string_ref_of("scf.yield"), location);
                    let terminator = mlirOperationCreate(&mut state);
                    mlirBlockAppendOwnedOperation(block, terminator);
                    yields.push(terminator);
                }
                regions.push(region);
            }
            let mut state = mlirOperationStateGet(ir::string_ref_of("scf.if"), location);
            mlirOperationStateAddOperands(&mut state, 1, &condition);
            mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
            mlirOperationStateAddOwnedRegions(&mut state, 2, regions.as_ptr());
            let branch = mlirOperationCreate(&mut state);
            self.insert(branch);
            (branch, yields[0], yields.get(1).copied())
        }
    }

    /// [`Builder::scf_if`] with an else region: the `scf.if`, the then-yield and the else-yield.
    pub fn if_else(
        &self,
        condition: MlirValue,
        results: &[MlirType],
    ) -> Result<(MlirOperation, MlirOperation, MlirOperation), String> {
        match self.scf_if(condition, results, true) {
            (branch, then_yield, Some(else_yield)) => Ok((branch, then_yield, else_yield)),
            _ => Err("cannot build the branch".into()),
        }
    }

    /// `arith.constant 0` of the float or integer `element_type`.
    pub fn zero(&self, element_type: MlirType) -> MlirValue {
        let zero = if unsafe { mlirTypeIsAFloat(element_type) } {
            unsafe { mlirFloatAttrDoubleGet(self.context, element_type, 0.0) }
        } else {
            unsafe { mlirIntegerAttrGet(element_type, 0) }
        };
        unsafe {
            mlirOperationGetResult(
                self.create("arith.constant", &[], &[("value", zero)], &[element_type]),
                0,
            )
        }
    }

    /// `arith.constant value : index`.
    pub fn index_constant(&self, value: i64) -> MlirValue {
        unsafe {
            let index = mlirIndexTypeGet(self.context);
            let attribute = mlirIntegerAttrGet(index, value);
            mlirOperationGetResult(
                self.create("arith.constant", &[], &[("value", attribute)], &[index]),
                0,
            )
        }
    }

    /// `memref.extract_aligned_pointer_as_index memref`: the address a run-time check of the
    /// argument reads (its alignment, its byte span).
    pub fn aligned_pointer(&self, memref: MlirValue) -> MlirValue {
        unsafe {
            let index = mlirIndexTypeGet(self.context);
            mlirOperationGetResult(
                self.create(
                    "memref.extract_aligned_pointer_as_index",
                    &[memref],
                    &[],
                    &[index],
                ),
                0,
            )
        }
    }

    /// `memref.dim memref, dimension`: its size in `dimension`.
    pub fn dimension_size(&self, memref: MlirValue, dimension: usize) -> MlirValue {
        let position = self.index_constant(dimension as i64);
        unsafe {
            let index = mlirIndexTypeGet(self.context);
            mlirOperationGetResult(
                self.create("memref.dim", &[memref, position], &[], &[index]),
                0,
            )
        }
    }

    /// `arith.<name> left, right : index`.
    pub fn index_binary(&self, name: &str, left: MlirValue, right: MlirValue) -> MlirValue {
        unsafe {
            let index = mlirIndexTypeGet(self.context);
            mlirOperationGetResult(self.create(name, &[left, right], &[], &[index]), 0)
        }
    }

    /// `arith.<name> left, right` on `i1`s (`andi`, `ori`).
    pub fn boolean(&self, name: &str, left: MlirValue, right: MlirValue) -> MlirValue {
        unsafe {
            let boolean = mlirValueGetType(left);
            mlirOperationGetResult(self.create(name, &[left, right], &[], &[boolean]), 0)
        }
    }

    /// `memref.load from[indices]` and a `memref.store` of the value to
    /// `to[indices]`: (the load, the store).
    pub fn copy_element(
        &self,
        (from, from_indices): (MlirValue, &[MlirValue]),
        (to, to_indices): (MlirValue, &[MlirValue]),
        element_type: MlirType,
    ) -> (MlirOperation, MlirOperation) {
        let mut operands = vec![from];
        operands.extend(from_indices);
        let load = self.create("memref.load", &operands, &[], &[element_type]);
        let mut operands = vec![unsafe { mlirOperationGetResult(load, 0) }, to];
        operands.extend(to_indices);
        (load, self.create("memref.store", &operands, &[], &[]))
    }

    /// The linear thread id `tid.x + Bx·tid.y + Bx·By·tid.z` of a block of
    /// `sizes`, from the `thread_ids` values (dimensions of size 1 left out;
    /// `zero` for a one-thread block).
    pub fn linear_thread_id(
        &self,
        thread_ids: &[MlirValue],
        sizes: [u32; 3],
        zero: MlirValue,
    ) -> MlirValue {
        let mut linear: Option<MlirValue> = None;
        let mut stride = 1i64;
        for (dimension, &size) in sizes.iter().enumerate() {
            if size > 1 {
                let term = match stride {
                    1 => thread_ids[dimension],
                    _ => self.index_binary(
                        "arith.muli",
                        thread_ids[dimension],
                        self.index_constant(stride),
                    ),
                };
                linear =
                    Some(linear.map_or(term, |sum| self.index_binary("arith.addi", sum, term)));
            }
            stride *= i64::from(size);
        }
        linear.unwrap_or(zero)
    }

    /// The row-major cell of a box of `extents` whose linear number is `linear`:
    /// `arith.remui`/`arith.divui` by each extent from the innermost out (the
    /// outermost takes what is left).
    pub fn delinearize(&self, linear: MlirValue, extents: &[i64]) -> Vec<MlirValue> {
        let mut cell = vec![linear; extents.len()];
        let mut rest = linear;
        for dimension in (1..extents.len()).rev() {
            let extent = self.index_constant(extents[dimension]);
            cell[dimension] = self.index_binary("arith.remui", rest, extent);
            rest = self.index_binary("arith.divui", rest, extent);
        }
        if let Some(outermost) = cell.first_mut() {
            *outermost = rest;
        }
        cell
    }

    /// Creates `scf.for %i = lower to upper step step { scf.yield }` before the anchor.
    pub fn counted_loop(&self, lower: MlirValue, upper: MlirValue, step: MlirValue) -> LoopBody {
        unsafe {
            let location = mlirValueGetLocation(upper);
            let index = mlirValueGetType(upper);
            let region = mlirRegionCreate();
            let body = mlirBlockCreate(1, &index, &location);
            mlirRegionAppendOwnedBlock(region, body);
            let mut yield_state = mlirOperationStateGet(ir::string_ref_of("scf.yield"), location);
            let terminator = mlirOperationCreate(&mut yield_state);
            mlirBlockAppendOwnedOperation(body, terminator);
            let mut state = mlirOperationStateGet(ir::string_ref_of("scf.for"), location);
            let operands = [lower, upper, step];
            mlirOperationStateAddOperands(&mut state, 3, operands.as_ptr());
            mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
            let operation = mlirOperationCreate(&mut state);
            self.insert(operation);
            LoopBody {
                operation,
                induction: mlirBlockGetArgument(body, 0),
                terminator,
            }
        }
    }

    /// `arith.cmpi <predicate> left, right`, an `i1` (MLIR's predicate
    /// numbers: 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult, ...).
    pub fn compare(
        &self,
        predicate: i64,
        left: MlirValue,
        right: MlirValue,
    ) -> Result<MlirValue, String> {
        let attribute = self
            .parse_attribute(&format!("{predicate} : i64"))
            .ok_or("cannot build the cmpi predicate")?;
        let boolean = self.parse_type("i1").ok_or("cannot build i1")?;
        Ok(unsafe {
            mlirOperationGetResult(
                self.create(
                    "arith.cmpi",
                    &[left, right],
                    &[("predicate", attribute)],
                    &[boolean],
                ),
                0,
            )
        })
    }

    /// Materializes `expression` on `index` values; variables come from
    /// `values`. `None` if the expression has an unknown part or a variable
    /// without a value. Variables are in-bounds memref indices, so every
    /// intermediate value is non-negative and floor division and modulo are
    /// `arith.divui` and `arith.remui` (a power-of-two `remui` becomes a mask).
    pub fn index(
        &self,
        expression: &IndexExpression,
        values: &BTreeMap<Variable, MlirValue>,
    ) -> Option<MlirValue> {
        Some(match expression {
            IndexExpression::Constant(value) => self.index_constant(*value),
            IndexExpression::Variable(variable) => *values.get(variable)?,
            binary @ (IndexExpression::Add(..)
            | IndexExpression::Xor(..)
            | IndexExpression::ShiftRight(..)
            | IndexExpression::ShiftLeft(..)
            | IndexExpression::Minimum(..)
            | IndexExpression::Maximum(..)) => {
                let (left, right) = binary.binary()?;
                let name = match expression {
                    IndexExpression::Add(..) => "arith.addi",
                    IndexExpression::Xor(..) => "arith.xori",
                    IndexExpression::ShiftRight(..) => "arith.shrui",
                    IndexExpression::ShiftLeft(..) => "arith.shli",
                    IndexExpression::Minimum(..) => "arith.minsi",
                    _ => "arith.maxsi",
                };
                let (left, right) = (self.index(left, values)?, self.index(right, values)?);
                self.index_binary(name, left, right)
            }
            IndexExpression::Multiply(inner, factor) => {
                let inner = self.index(inner, values)?;
                self.index_binary("arith.muli", inner, self.index_constant(*factor))
            }
            IndexExpression::FloorDivide(inner, divisor) => {
                let inner = self.index(inner, values)?;
                self.index_binary("arith.divui", inner, self.index_constant(*divisor))
            }
            IndexExpression::Modulo(inner, modulus) => {
                let inner = self.index(inner, values)?;
                self.index_binary("arith.remui", inner, self.index_constant(*modulus))
            }
            IndexExpression::Unknown(_) => return None,
        })
    }
}

/// Adds a workgroup (shared-memory) buffer of `memref_type` to `kernel` (a
/// `gpu.func` or `gpu.launch`) as a new workgroup attribution; its value.
///
/// Attributions are the form of shared memory that MLIR's NVVM lowering turns
/// into a `.shared` array; a `memref.alloc` in the workgroup space becomes a
/// per-thread `malloc` there instead, which is why transforms never create one.
pub fn add_workgroup_attribution(
    kernel: MlirOperation,
    memref_type: MlirType,
) -> Option<MlirValue> {
    unsafe {
        let first = match ir::operation_name(kernel).as_str() {
            "gpu.func" => {
                let function_type = mlirTypeAttrGetValue(ir::attribute(kernel, "function_type")?);
                mlirFunctionTypeGetNumInputs(function_type)
            }
            // The body's first 12 arguments are the block/thread ids and sizes.
            "gpu.launch" => 12,
            _ => return None,
        };
        let existing = ir::attribute(kernel, WORKGROUP_ATTRIBUTIONS)
            .and_then(ir::integer)
            .unwrap_or(0);
        let entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(kernel, 0));
        let position = first + existing as isize;
        let value = mlirBlockInsertArgument(
            entry,
            position,
            memref_type,
            mlirOperationGetLocation(kernel),
        );
        let context = mlirOperationGetContext(kernel);
        let count = mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), existing + 1);
        mlirOperationSetAttributeByName(kernel, ir::string_ref_of(WORKGROUP_ATTRIBUTIONS), count);
        Some(value)
    }
}
