//! `skew`: pad a rank-1 shared buffer after every run of elements (the planner's `Skew`):
//! the buffer gets the padded length and every access's index `k` becomes
//! `k + ⌊k / every⌋ · elements`, the expression the planner costed and proved a bijection,
//! materialized as `arith` ops before each access (indices into a buffer are non-negative, so
//! the division is `arith.divui`). A workgroup attribution, an allocation or a view of dynamic
//! shared memory changes its type in place; a workgroup `memref.global` changes its type and
//! its `get_global`s'. Growing the launches of a dynamic view is `shared_layout::dynamic`'s.

use analysis::{
    expression::{IndexExpression, Variable},
    shared_layout::Skew,
};
use mlir_sys::*;

use super::{pad, swizzle};
use crate::{facts::findings::Finding, ir::builder::Builder};

/// Gives the buffer `values` (every value of one buffer; `global` its `memref.global`, if
/// any) the padded `shape` and rewrites the index of every access in `findings`.
pub fn apply(
    skew: &Skew,
    (values, global): (&[MlirValue], Option<MlirOperation>),
    shape: &[i64],
    findings: &[&Finding],
) -> Result<(), String> {
    let expression = skew.index_expression(IndexExpression::Variable(Variable::Symbol(
        swizzle::COLUMN.into(),
    )));
    swizzle::rewrite_innermost(&expression, 1, findings)?;
    let text = pad::padded_type(values[0], shape);
    let anchor = global.or_else(|| crate::ir::defining_operation(values[0]));
    let builder = match anchor {
        Some(anchor) => Builder::before(anchor),
        None => Builder::before(unsafe {
            mlirBlockGetFirstOperation(mlirBlockArgumentGetOwner(values[0]))
        }),
    };
    let padded = builder
        .parse_type(&text)
        .ok_or_else(|| format!("cannot build type {text}"))?;
    for &value in values {
        unsafe { mlirValueSetType(value, padded) };
    }
    global.map_or(Ok(()), |global| pad::retype_global(global, &text))
}
