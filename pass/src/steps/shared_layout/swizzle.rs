//! `swizzle`: permute the chunks of each row of a shared buffer by XOR with
//! a function of the row (the planner's `Swizzle`), rewriting the innermost
//! index of every access: `column' = swizzle(row, column)`.
//!
//! The row is the second-innermost index (rows of a rank-1 buffer are its
//! 128-byte lines, so the row is `column / row_elements`). The new index is
//! built from `Swizzle::column_expression`, the same expression the planner
//! evaluated and proved a bijection, materialized as `arith` ops before each
//! access. Ops whose indices are not plain operands (`affine.load/store`
//! with maps, `vector.transfer_*`) are refused by the planner's caller.

use std::collections::BTreeMap;

use analysis::{
    expression::{IndexExpression, Variable},
    shared_layout::Swizzle,
};
use mlir_sys::*;

use crate::{facts::findings::Finding, facts::views, ir::builder::Builder};

/// The variable standing for the row index in the swizzle expression.
pub const ROW: &str = "row";
/// The variable standing for the column index (the innermost) in the swizzle expression.
pub const COLUMN: &str = "column";

/// Rewrites the innermost index of each access in `findings` with `swizzle`.
pub fn apply(swizzle: &Swizzle, element_bytes: u32, findings: &[&Finding]) -> Result<(), String> {
    let expression = swizzle.column_expression(
        IndexExpression::Variable(Variable::Symbol(ROW.into())),
        IndexExpression::Variable(Variable::Symbol(COLUMN.into())),
        element_bytes,
    );
    rewrite_innermost(&expression, 2, findings)
}

/// Rewrites the innermost index of each access in `findings` (of a buffer of rank at least
/// `rank`) with `expression` of the symbols [`ROW`] and [`COLUMN`], the last two indices.
pub fn rewrite_innermost(
    expression: &IndexExpression,
    rank: usize,
    findings: &[&Finding],
) -> Result<(), String> {
    for finding in findings {
        let memory = &finding.memory;
        if !views::plain_indices(&memory.name) {
            return Err(format!(
                "{} at {} has no plain index operands",
                memory.name, memory.location
            ));
        }
        let operation = memory.operation;
        let first = match memory.name.as_str() {
            "memref.store" | "vector.store" => 2,
            _ => 1,
        };
        // Indices come last; after `shared_layout::subview::fold` they index the buffer, whose
        // rank a rank-reducing view may exceed.
        let indices = unsafe { mlirOperationGetNumOperands(operation) } as usize - first;
        if indices < rank {
            return Err(format!(
                "{} at {} has {indices} indices, not {rank}",
                memory.name, memory.location
            ));
        }
        let column_position = (first + indices - 1) as isize;
        let column = unsafe { mlirOperationGetOperand(operation, column_position) };
        let mut values = BTreeMap::from([(Variable::Symbol(COLUMN.into()), column)]);
        if indices >= 2 {
            let row = unsafe { mlirOperationGetOperand(operation, column_position - 1) };
            values.insert(Variable::Symbol(ROW.into()), row);
        }
        let rewritten = Builder::before(operation)
            .index(expression, &values)
            .ok_or("the new index has an unknown part")?;
        unsafe { mlirOperationSetOperand(operation, column_position, rewritten) };
    }
    Ok(())
}
