//! `subview`: fold the static `memref.subview`s between a shared buffer and its accesses into
//! the accesses, so that every access addresses the buffer itself before `pad` or `swizzle`.
//!
//! An access through views gets the buffer as its memref and, in each dimension, the index
//! `analysis::subview::buffer_indices` gives (`offset + stride · index`, composed over the
//! chain), materialized as `arith` ops before it; this is the same expression the planner
//! costed; a view that dropped dimensions gives the access one index per buffer dimension, so
//! its operand list grows. The views, then without users, are erased, innermost first. The
//! planner's caller has checked that every view is static (and keeps the innermost dimension)
//! and every access through one has plain index operands (`views`), so nothing here is partial.

use std::collections::BTreeMap;

use analysis::{
    expression::{IndexExpression, Variable},
    subview::{buffer_indices, StaticSubview},
};
use mlir_sys::*;

use crate::{facts::accesses, facts::findings::Finding, ir, ir::builder::Builder};

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
        let indices = buffer_indices(views, &symbols)
            .iter()
            .map(|expression| builder.index(expression, &values))
            .collect::<Option<Vec<MlirValue>>>()
            .ok_or("a subview index has an unknown part")?;
        // The operands before the memref, the buffer, its indices (one per buffer dimension:
        // more than the view's when a view dropped dimensions), the operands after the indices.
        let count = unsafe { mlirOperationGetNumOperands(memory.operation) } as usize;
        let operand =
            |index: usize| unsafe { mlirOperationGetOperand(memory.operation, index as isize) };
        let operands: Vec<MlirValue> = (0..position)
            .map(operand)
            .chain([memory.root_value])
            .chain(indices)
            .chain((position + 1 + rank..count).map(operand))
            .collect();
        unsafe {
            mlirOperationSetOperands(memory.operation, operands.len() as isize, operands.as_ptr())
        };
    }
    for finding in findings {
        erase_unused_subviews(finding.memory.root_value);
    }
    Ok(())
}

/// Erases the `memref.subview`s of `value` (and theirs) that are left without users.
fn erase_unused_subviews(value: MlirValue) {
    let subviews: Vec<MlirOperation> = ir::uses(value)
        .into_iter()
        .map(|(owner, _)| owner)
        .filter(|&owner| ir::is_named(owner, "memref.subview"))
        .collect();
    for subview in subviews {
        let result = unsafe { mlirOperationGetResult(subview, 0) };
        erase_unused_subviews(result);
        if unsafe { mlirOpOperandIsNull(mlirValueGetFirstUse(result)) } {
            unsafe { mlirOperationDestroy(subview) };
        }
    }
}
