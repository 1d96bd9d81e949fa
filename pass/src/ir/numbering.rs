//! Value numbering for the time walk: which pure ops LLVM's CSE and GVN delete as copies of
//! one computed before.
//!
//! The steps build their indices from the ids again (staging's fill reads `gpu.thread_id x`
//! once per buffer, delinearize's views recompute `tid.y + 16*bid.y` beside the flat index
//! that stays for a guard); LLVM computes each value once. An op is a copy where an op of the
//! same name, attributes and operand values is available: computed earlier in its region or in
//! one enclosing it (which dominates it, in the structured control flow the walk follows).
//! Constants are values by their attribute, so two `arith.constant 16` are one operand.
//! A load is a copy of an available load of the same operands with no write to memory between
//! them (GVN's redundant loads: PolyBench 3DCONV reads `A[i-1][j-1][k-1]` three times in one
//! sum, nvcc once): a store, an atomic, a barrier or a call starts a new memory state, and so
//! does each region the walk enters (a loop's next trip may follow its stores).
//!
//! Cost: one hash lookup per pure op.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use mlir_sys::*;

use crate::ir;

/// An op's name, attributes and operand value numbers (for a load, with the memory state).
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
    /// The memory state: a new one after each write to memory and at each region's start.
    memory: usize,
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
        let mut state = self.state.borrow_mut();
        state.scopes.push(HashMap::new());
        state.memory += 1;
    }

    /// Closes the innermost region's scope.
    pub fn close(&self) {
        self.state.borrow_mut().scopes.pop();
    }

    /// Whether `operation`, a pure op or a load, computes what an available op already has
    /// (its results then take that op's numbers); otherwise it becomes available. Other ops are
    /// never copies; a write to memory starts a new memory state.
    pub fn is_copy(&self, operation: MlirOperation) -> bool {
        let name = ir::operation_name(operation);
        let mut state = self.state.borrow_mut();
        if writes_memory(&name) {
            state.memory += 1;
        }
        let attributes = match (pure(&name), LOADS.contains(&name.as_str())) {
            (true, _) => attributes(operation),
            (false, true) => format!("{} memory={}", attributes(operation), state.memory),
            (false, false) => return false,
        };
        let operands = (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|index| state.number(unsafe { mlirOperationGetOperand(operation, index) }))
            .collect();
        let expression = (name, attributes, operands);
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

    /// Marks in `copies` the loads of `region` that are copies ([`copied_loads`]).
    fn copies_in(&self, region: MlirRegion, copies: &mut HashSet<usize>) {
        let block = unsafe { mlirRegionGetFirstBlock(region) };
        if block.ptr.is_null() {
            return;
        }
        self.open();
        for operation in ir::block_operations(block) {
            if self.is_copy(operation) && LOADS.contains(&ir::operation_name(operation).as_str()) {
                copies.insert(operation.ptr as usize);
            }
            for index in 0..unsafe { mlirOperationGetNumRegions(operation) } {
                self.copies_in(unsafe { mlirOperationGetRegion(operation, index) }, copies);
            }
        }
        self.close();
    }

    /// The number of `value`: the same for two values a pure op computes alike from the same
    /// numbers ([`Numbering::is_copy`] having seen the ops that define them), a new one for a
    /// value not seen before.
    pub fn number(&self, value: MlirValue) -> usize {
        self.state.borrow_mut().number(value)
    }
}

/// The loads in `region` (a kernel's body) that GVN deletes as copies of one before them
/// ([`Numbering::is_copy`] over every region in order), by operation pointer.
pub fn copied_loads(region: MlirRegion) -> HashSet<usize> {
    let (numbering, mut copies) = (Numbering::default(), HashSet::new());
    numbering.copies_in(region, &mut copies);
    copies
}

/// The loads GVN deletes where an identical one is available.
const LOADS: [&str; 2] = ["memref.load", "vector.load"];

/// Whether ops named `name` may write memory, or order the threads' writes (a barrier).
fn writes_memory(name: &str) -> bool {
    [
        "store", "atomic", "barrier", "copy", "call", "printf", "memset",
    ]
    .iter()
    .any(|word| name.contains(word))
}

/// Whether ops named `name` only compute from their operands (no memory, no side effect).
pub(crate) fn pure(name: &str) -> bool {
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
