//! The walk: MLIR blocks and operations into the kernel under construction.
//!
//! Model. A [`Translator`] owns the [`KernelBuilder`] and a map from MLIR values (by handle)
//! to [`ValueId`]s. [`Translator::operations`] translates a block's ops in order into the
//! innermost open block; each op maps its operands, lets [`crate::operations`] choose the
//! [`Op`] (translating its regions into nested blocks first), pushes it with its result types
//! and maps its results. Whatever cannot be translated (an unknown op, an unsupported
//! attribute, a type the interpreter lacks, an operand from outside the kernel, a region with
//! several blocks) becomes [`Op::Unsupported`] at the op's location, naming the op and why;
//! the interpreter refuses to run such a kernel, so nothing wrong is ever executed.
//!
//! Assumptions. The module was verified by the parser (operand counts, attribute kinds and
//! SSA dominance hold), so a value is always translated before its uses; the translation still
//! checks every attribute's kind and never panics.
//!
//! Cost. One pass over the kernel's ops, hash-map lookups per operand.

use std::collections::HashMap;

use interp::{Block, ElementType, GlobalId, Kernel, KernelBuilder, Op, Type, ValueId};
use mlir_sys::*;

use gpu_mem_opt::ir;

use crate::{operations, types};

/// The placeholder type of values whose MLIR type the interpreter lacks (their op is
/// unsupported, so the value is never computed).
const PLACEHOLDER: Type = Type::Scalar(ElementType::Index);

/// Translation state of one kernel.
pub(crate) struct Translator {
    /// The kernel under construction.
    pub(crate) builder: KernelBuilder,
    /// The `gpu.func` or `gpu.launch` being translated.
    pub(crate) kernel: MlirOperation,
    values: HashMap<usize, ValueId>,
    /// Globals by symbol name: their id, or why they cannot be used.
    pub(crate) globals: HashMap<String, Result<GlobalId, String>>,
    /// The callees being inlined, outermost first (a call to one of them is recursion).
    pub(crate) calls: Vec<String>,
    /// A program's host state; default (no module) for a kernel.
    pub(crate) host: crate::host::Host,
    /// The blocks of the body of several blocks being translated, in order: what a `cf`
    /// branch's successors are numbered by.
    pub(crate) graph: Vec<MlirBlock>,
}

/// The interpreter type of `value`'s type, and the printed MLIR type when there is none.
pub(crate) fn type_of(value: MlirValue) -> (Type, Option<String>) {
    let ty = unsafe { mlirValueGetType(value) };
    match types::value_type(ty) {
        Some(translated) => (translated, None),
        None => (PLACEHOLDER, Some(ir::type_text(ty))),
    }
}

impl Translator {
    /// A translator for the kernel `kernel` named `name`.
    pub(crate) fn new(name: &str, kernel: MlirOperation) -> Translator {
        Translator {
            builder: KernelBuilder::new(name),
            kernel,
            values: HashMap::new(),
            globals: HashMap::new(),
            calls: Vec::new(),
            host: crate::host::Host::default(),
            graph: Vec::new(),
        }
    }

    /// Records that MLIR `value` is `id`.
    pub(crate) fn bind(&mut self, value: MlirValue, id: ValueId) {
        self.values.insert(value.ptr as usize, id);
    }

    /// The id of an MLIR value translated so far.
    pub(crate) fn lookup(&self, value: MlirValue) -> Option<ValueId> {
        self.values.get(&(value.ptr as usize)).copied()
    }

    /// Translates every op of `block` into the innermost open block.
    pub(crate) fn operations(&mut self, block: MlirBlock) {
        let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
        while !operation.ptr.is_null() {
            self.operation(operation);
            operation = unsafe { mlirOperationGetNextInBlock(operation) };
        }
    }

    /// Translates a body whose first block is `entry` (its arguments bound already): its ops,
    /// or for a body of several blocks joined by `cf` branches one `Op::Graph` of them.
    pub(crate) fn body(&mut self, entry: MlirBlock) {
        if unsafe { mlirBlockGetNextInRegion(entry) }.ptr.is_null() {
            self.operations(entry);
            return;
        }
        let mut blocks = vec![entry];
        while let Some(&last) = blocks.last() {
            let next = unsafe { mlirBlockGetNextInRegion(last) };
            if next.ptr.is_null() {
                break;
            }
            blocks.push(next);
        }
        let outer = std::mem::replace(&mut self.graph, blocks.clone());
        let mut translated = Vec::with_capacity(blocks.len());
        let mut unknown = None;
        for (number, &block) in blocks.iter().enumerate() {
            let arguments: Vec<MlirValue> = if number == 0 {
                Vec::new()
            } else {
                (0..unsafe { mlirBlockGetNumArguments(block) })
                    .map(|position| unsafe { mlirBlockGetArgument(block, position) })
                    .collect()
            };
            let (types, missing): (Vec<Type>, Vec<Option<String>>) =
                arguments.iter().map(|&argument| type_of(argument)).unzip();
            unknown = unknown.or(missing.into_iter().flatten().next());
            let ids = self.builder.begin_block(&types);
            for (&argument, id) in arguments.iter().zip(ids) {
                self.bind(argument, id);
            }
            self.operations(block);
            translated.push(self.builder.end_block());
        }
        self.graph = outer;
        let location = ir::location_text(unsafe { mlirOperationGetLocation(self.kernel) });
        let op = match unknown {
            Some(ty) => Op::Unsupported(format!("blocks: a block argument of type {ty}")),
            None => Op::Graph(translated),
        };
        self.builder.push(op, &[], &[], &location);
    }

    /// The number of `block` in the body of several blocks being translated.
    pub(crate) fn block_number(&self, block: MlirBlock) -> Result<usize, String> {
        self.graph
            .iter()
            .position(|known| known.ptr == block.ptr)
            .ok_or_else(|| "a branch outside a kernel body of several blocks".to_string())
    }

    /// Translates region `index` of `operation` (one block, or none) into a nested block.
    pub(crate) fn region(
        &mut self,
        operation: MlirOperation,
        index: isize,
    ) -> Result<Block, String> {
        if index >= unsafe { mlirOperationGetNumRegions(operation) } {
            return Err(format!("missing region {index}"));
        }
        let region = unsafe { mlirOperationGetRegion(operation, index) };
        let block = unsafe { mlirRegionGetFirstBlock(region) };
        if block.ptr.is_null() {
            return Ok(Block::default());
        }
        if !unsafe { mlirBlockGetNextInRegion(block) }.ptr.is_null() {
            return Err("a region with several blocks".into());
        }
        let arguments: Vec<MlirValue> = (0..unsafe { mlirBlockGetNumArguments(block) })
            .map(|position| unsafe { mlirBlockGetArgument(block, position) })
            .collect();
        let (argument_types, unknown): (Vec<Type>, Vec<Option<String>>) =
            arguments.iter().map(|&argument| type_of(argument)).unzip();
        let ids = self.builder.begin_block(&argument_types);
        for (&argument, id) in arguments.iter().zip(ids) {
            self.bind(argument, id);
        }
        self.operations(block);
        let translated = self.builder.end_block();
        match unknown.into_iter().flatten().next() {
            Some(ty) => Err(format!("a block argument of type {ty}")),
            None => Ok(translated),
        }
    }

    /// Translates one op and appends it to the innermost open block.
    pub(crate) fn operation(&mut self, operation: MlirOperation) {
        let name = ir::operation_name(operation);
        if self.host_operation(operation, &name) {
            return;
        }
        let location = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
        let mut outside = false;
        let operands: Vec<ValueId> = (0..unsafe { mlirOperationGetNumOperands(operation) })
            .map(|position| {
                let value = unsafe { mlirOperationGetOperand(operation, position) };
                self.lookup(value).unwrap_or_else(|| {
                    outside = true;
                    self.builder.value(PLACEHOLDER)
                })
            })
            .collect();
        let results: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumResults(operation) })
            .map(|position| unsafe { mlirOperationGetResult(operation, position) })
            .collect();
        let (result_types, unknown): (Vec<Type>, Vec<Option<String>>) =
            results.iter().map(|&result| type_of(result)).unzip();
        let translated = match (outside, unknown.into_iter().flatten().next()) {
            (true, _) => Err("an operand defined outside the kernel".to_string()),
            (false, Some(ty)) => Err(format!("type {ty}")),
            (false, None) => operations::translate(self, operation, &name, &operands),
        };
        let (op, operands) =
            translated.unwrap_or_else(|reason| (unsupported(&name, &reason), operands));
        let ids = self.builder.push(op, &operands, &result_types, &location);
        for (&result, id) in results.iter().zip(ids) {
            self.bind(result, id);
        }
    }

    /// The finished kernel.
    pub(crate) fn finish(self) -> Kernel {
        self.builder.finish()
    }
}

/// `Op::Unsupported` naming the op and, when there is one, the reason.
pub(crate) fn unsupported(name: &str, reason: &str) -> Op {
    Op::Unsupported(if reason.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({reason})")
    })
}
