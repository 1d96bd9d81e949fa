//! Value numbering for the time walk: which pure ops LLVM's CSE and GVN delete as copies of
//! one computed before.
//!
//! The steps build their indices from the ids again (staging's fill reads `gpu.thread_id x`
//! once per buffer, delinearize's views recompute `tid.y + 16*bid.y` beside the flat index
//! that stays for a guard); LLVM computes each value once. An op is a copy where an op of the
//! same name, attributes and operand values is available: computed earlier in its region or in
//! one enclosing it (which dominates it, in the structured control flow the walk follows).
//! Constants are values by their attribute, so two `arith.constant 16` are one operand.
//!
//! Cost: one hash lookup per pure op.

use std::cell::RefCell;
use std::collections::HashMap;

use mlir_sys::*;

use crate::ir;

/// An op's name, attributes and operand value numbers.
type Expression = (String, String, Vec<usize>);

/// Value numbers of the ops the walk has seen, by region scope.
#[derive(Default)]
pub struct Numbering {
    state: RefCell<State>,
}

#[derive(Default)]
struct State {
    /// The number of each value seen, by pointer.
    numbers: HashMap<usize, usize>,
    /// The expressions available, innermost region last: their results' numbers.
    scopes: Vec<HashMap<Expression, Vec<usize>>>,
    next: usize,
}

impl State {
    fn fresh(&mut self) -> usize {
        self.next += 1;
        self.next
    }

    fn number(&mut self, value: MlirValue) -> usize {
        if let Some(&number) = self.numbers.get(&(value.ptr as usize)) {
            return number;
        }
        let number = self.fresh();
        self.numbers.insert(value.ptr as usize, number);
        number
    }
}

impl Numbering {
    /// Opens a region's scope: what it computes is available until [`Numbering::close`].
    pub fn open(&self) {
        self.state.borrow_mut().scopes.push(HashMap::new());
    }

    /// Closes the innermost region's scope.
    pub fn close(&self) {
        self.state.borrow_mut().scopes.pop();
    }

    /// Whether `operation`, a pure op, computes what an available op already has (its results
    /// then take that op's numbers); otherwise it becomes available. Other ops are never copies.
    pub fn is_copy(&self, operation: MlirOperation) -> bool {
        let name = ir::operation_name(operation);
        if !pure(&name) {
            return false;
        }
        let mut state = self.state.borrow_mut();
        let operands = (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|index| state.number(unsafe { mlirOperationGetOperand(operation, index) }))
            .collect();
        let expression = (name, attributes(operation), operands);
        let results: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumResults(operation) })
            .map(|index| unsafe { mlirOperationGetResult(operation, index) })
            .collect();
        let found = state
            .scopes
            .iter()
            .rev()
            .find_map(|scope| scope.get(&expression).cloned());
        if let Some(numbers) = found {
            for (value, number) in results.iter().zip(numbers) {
                state.numbers.insert(value.ptr as usize, number);
            }
            return true;
        }
        let numbers: Vec<usize> = results.iter().map(|&value| state.number(value)).collect();
        if let Some(scope) = state.scopes.last_mut() {
            scope.insert(expression, numbers);
        }
        false
    }
}

/// Whether ops named `name` only compute from their operands (no memory, no side effect).
pub(super) fn pure(name: &str) -> bool {
    name.starts_with("arith.")
        || name.starts_with("math.")
        || matches!(
            name,
            "gpu.thread_id"
                | "gpu.block_id"
                | "gpu.block_dim"
                | "gpu.grid_dim"
                | "gpu.lane_id"
                | "memref.dim"
                | "affine.apply"
        )
}

/// `operation`'s attributes as text, in order.
fn attributes(operation: MlirOperation) -> String {
    (0..unsafe { mlirOperationGetNumAttributes(operation) })
        .map(|index| {
            let named = unsafe { mlirOperationGetAttribute(operation, index) };
            let name = unsafe { ir::string_ref(mlirIdentifierStr(named.name)) };
            format!("{name}={}", ir::attribute_text(named.attribute))
        })
        .collect::<Vec<_>>()
        .join(",")
}
