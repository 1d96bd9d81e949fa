//! `subview`: fold the static `memref.subview`s between a shared buffer and its accesses into
//! the accesses, so that every access addresses the buffer itself before `pad` or `swizzle`.
//!
//! An access through views gets the buffer as its memref and, in each dimension, the index
//! `analysis::subview::buffer_indices` gives (`offset + stride · index`, composed over the
//! chain), materialized as `arith` ops before it; this is the same expression the planner
//! costed. The views, then without users, are erased, innermost first. The planner's caller
//! has checked that every view is static and rank-preserving and every access through one has
//! plain index operands (`views`), so nothing here is partial.

use std::collections::BTreeMap;

use analysis::{
    expression::{IndexExpression, Variable},
    subview::{buffer_indices, StaticSubview},
};
use mlir_sys::*;

use crate::{accesses, findings::Finding, ir, rewrite::Builder};

/// Points each access in `findings` (reached through `views`, one list per access) at its buffer.
pub fn fold(findings: &[&Finding], views: &[Vec<StaticSubview>]) -> Result<(), String> {
    for (finding, views) in findings.iter().zip(views) {
        if views.is_empty() {
            continue;
        }
        let memory = &finding.memory;
        let (position, _) = accesses::memory_operation(&memory.name)
            .ok_or_else(|| format!("{} is not a memory operation", memory.name))?;
        let rank = finding.access.indices.len();
        let symbols: Vec<IndexExpression> = (0..rank)
            .map(|dimension| Variable::Symbol(format!("index{dimension}")).into())
            .collect();
        let values: BTreeMap<Variable, MlirValue> = (0..rank)
            .map(|dimension| {
                let operand = (position + 1 + dimension) as isize;
                (Variable::Symbol(format!("index{dimension}")), unsafe {
                    mlirOperationGetOperand(memory.operation, operand)
                })
            })
            .collect();
        let builder = Builder::before(memory.operation);
        for (dimension, expression) in buffer_indices(views, &symbols).iter().enumerate() {
            let index = builder
                .index(expression, &values)
                .ok_or("a subview index has an unknown part")?;
            unsafe {
                mlirOperationSetOperand(
                    memory.operation,
                    (position + 1 + dimension) as isize,
                    index,
                )
            };
        }
        unsafe { mlirOperationSetOperand(memory.operation, position as isize, memory.root_value) };
    }
    for finding in findings {
        erase_unused_subviews(finding.memory.root_value);
    }
    Ok(())
}

/// Erases the `memref.subview`s of `value` (and theirs) that are left without users.
fn erase_unused_subviews(value: MlirValue) {
    let mut subviews = Vec::new();
    let mut use_ = unsafe { mlirValueGetFirstUse(value) };
    while unsafe { !mlirOpOperandIsNull(use_) } {
        let owner = unsafe { mlirOpOperandGetOwner(use_) };
        if ir::operation_name(owner) == "memref.subview" {
            subviews.push(owner);
        }
        use_ = unsafe { mlirOpOperandGetNextUse(use_) };
    }
    for subview in subviews {
        let result = unsafe { mlirOperationGetResult(subview, 0) };
        erase_unused_subviews(result);
        if unsafe { mlirOpOperandIsNull(mlirValueGetFirstUse(result)) } {
            unsafe { mlirOperationDestroy(subview) };
        }
    }
}
