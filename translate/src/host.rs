//! Whole programs: a host `func.func` and the kernels it launches, as one [`interp::Kernel`].
//!
//! Model. The entry function is translated like a kernel of one thread (its parameters are
//! the program's arguments), with the host ops a GPU program uses: `gpu.alloc` (a global
//! buffer), `gpu.dealloc`, `gpu.memcpy` and `memref.copy` ([`Op::Copy`]), `gpu.memset`
//! ([`Op::Fill`]), `gpu.wait`/`gpu.host_register`/`gpu.host_unregister` ([`Op::Wait`]: launches
//! run one at a time), `gpu.launch_func` and a host `gpu.launch` ([`Op::Launch`]: the launched
//! kernel is translated once, into [`interp::Kernel::launched`]; a `gpu.launch`'s arguments are
//! its non-constant captures in `launch`'s order), and calls of MLIR's runner-utils printers
//! ([`interp::Printer`], in `calls`). Async tokens are accepted and ignored: every token is a
//! constant, dependencies hold because everything runs in program order. A `memref.cast` to
//! an unranked memref (how a printer's argument is passed) is the same value.
//!
//! Assumptions. Launches with cluster sizes, and a host `gpu.launch` with dynamic shared
//! memory, are unsupported with that reason; so is `async.*` (an unknown op). A
//! `gpu.launch_func`'s dynamic shared memory size reaches the kernel's
//! `gpu.dynamic_shared_memory`.
//!
//! Cost. Linear in the program, plus one translation per launched kernel.

use interp::{ElementType, Op, Type, ValueId};
use mlir_sys::*;

use gpu_mem_opt::{facts::kernels, ir};

use crate::translator::{type_of, unsupported, Translator};
use crate::Error;

/// What a program's translation needs beyond a kernel's: the module and the kernels launched
/// so far, by the launched op.
#[derive(Default)]
pub(crate) struct Host {
    /// The module holding the entry function (where launched kernels are looked up).
    module: Option<MlirOperation>,
    /// Every kernel under the module, found once.
    kernels: Vec<kernels::Kernel>,
    /// Launched kernels translated so far: `(op pointer, index in launched)`.
    launched: Vec<(usize, usize)>,
}

/// The program whose entry is the `func.func` named `entry` directly in `module`.
pub fn program(module: MlirOperation, entry: &str) -> Result<interp::Kernel, Error> {
    let functions = top_level_functions(module);
    let function = functions
        .iter()
        .find(|(name, _)| name == entry)
        .map(|&(_, function)| function)
        .ok_or_else(|| Error::NoEntry {
            name: entry.to_string(),
            available: if functions.is_empty() {
                "none".into()
            } else {
                functions
                    .iter()
                    .map(|(name, _)| name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        })?;
    let mut translator = Translator::new(entry, function);
    translator.host = Host {
        module: Some(module),
        kernels: kernels::find(module, None),
        launched: Vec::new(),
    };
    let inputs = ir::function_inputs(function).len();
    translator
        .entry_function(inputs)
        .map_err(|reason| Error::Kernel {
            kernel: entry.to_string(),
            location: ir::location_text(unsafe { mlirOperationGetLocation(function) }),
            reason,
        })?;
    Ok(translator.finish())
}

/// The `func.func`s with a body directly in `module`, or in a `builtin.module` directly in
/// it (a file of several modules, as `-split-input-file` tests are), by name.
fn top_level_functions(module: MlirOperation) -> Vec<(String, MlirOperation)> {
    let mut found = Vec::new();
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)) };
    if block.ptr.is_null() {
        return found;
    }
    let mut operation = unsafe { mlirBlockGetFirstOperation(block) };
    while !operation.ptr.is_null() {
        let has_body = unsafe {
            !mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0))
                .ptr
                .is_null()
        };
        match ir::operation_name(operation).as_str() {
            "func.func" if has_body => {
                found.extend(ir::symbol_name(operation).map(|name| (name, operation)))
            }
            "builtin.module" => found.extend(top_level_functions(operation)),
            _ => {}
        }
        operation = unsafe { mlirOperationGetNextInBlock(operation) };
    }
    found
}

/// Whether `ty` is `!gpu.async.token`.
fn is_token(ty: MlirType) -> bool {
    ir::type_text(ty) == "!gpu.async.token"
}

/// The operand segment sizes of `operation`, when it has them.
fn segments(operation: MlirOperation) -> Option<Vec<usize>> {
    ir::attribute(operation, "operandSegmentSizes")
        .and_then(ir::dense_i32_array)
        .map(|sizes| {
            sizes
                .into_iter()
                .map(|size| usize::try_from(size).unwrap_or(0))
                .collect()
        })
}

/// The operands of segment `index` of `operation`.
fn segment(operation: MlirOperation, sizes: &[usize], index: usize) -> Vec<MlirValue> {
    let start: usize = sizes[..index.min(sizes.len())].iter().sum();
    let count = sizes.get(index).copied().unwrap_or(0);
    (start..start + count)
        .map(|position| unsafe { mlirOperationGetOperand(operation, position as isize) })
        .collect()
}

/// Every operand of `operation` that is not an async token.
fn values(operation: MlirOperation) -> Vec<MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(operation) })
        .map(|position| unsafe { mlirOperationGetOperand(operation, position) })
        .filter(|&value| !is_token(unsafe { mlirValueGetType(value) }))
        .collect()
}

impl Translator {
    /// Translates the program entry: `inputs` parameters, no attributions.
    fn entry_function(&mut self, inputs: usize) -> Result<(), String> {
        self.function(inputs, 0)
    }

    /// Translates `operation` here when it is host code or an unranked cast; false when it is
    /// an ordinary op for [`crate::operations`].
    pub(crate) fn host_operation(&mut self, operation: MlirOperation, name: &str) -> bool {
        if self.host.module.is_some() && name.starts_with("async.") {
            return self.asynchronous(operation, name);
        }
        if name == "memref.cast" {
            let result = unsafe { mlirOperationGetResult(operation, 0) };
            let source = unsafe { mlirOperationGetOperand(operation, 0) };
            if unsafe { mlirTypeIsAUnrankedMemRef(mlirValueGetType(result)) } {
                if let Some(id) = self.lookup(source) {
                    self.bind(result, id);
                    return true;
                }
            }
            return false;
        }
        let host_op = matches!(
            name,
            "gpu.alloc"
                | "gpu.dealloc"
                | "gpu.memcpy"
                | "gpu.memset"
                | "gpu.wait"
                | "gpu.host_register"
                | "gpu.host_unregister"
                | "gpu.launch_func"
                | "gpu.launch"
                | "memref.copy"
        );
        if !host_op || self.host.module.is_none() {
            return false;
        }
        let location = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
        let (op, operands) = self
            .host_op(operation, name)
            .unwrap_or_else(|reason| (unsupported(name, &reason), Vec::new()));
        let operands: Vec<ValueId> = operands
            .iter()
            .map(|&value| {
                self.lookup(value)
                    .unwrap_or_else(|| self.builder.value(Type::Scalar(ElementType::Index)))
            })
            .collect();
        let results: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumResults(operation) })
            .map(|position| unsafe { mlirOperationGetResult(operation, position) })
            .collect();
        let (tokens, kept): (Vec<MlirValue>, Vec<MlirValue>) = results
            .into_iter()
            .partition(|&result| is_token(unsafe { mlirValueGetType(result) }));
        let types: Vec<Type> = kept.iter().map(|&result| type_of(result).0).collect();
        let ids = self.builder.push(op, &operands, &types, &location);
        for (&result, id) in kept.iter().zip(ids) {
            self.bind(result, id);
        }
        for token in tokens {
            let index = [Type::Scalar(ElementType::Index)];
            let id = self
                .builder
                .push(Op::Constant(vec![0]), &[], &index, &location)[0];
            self.bind(token, id);
        }
        true
    }

    /// `async.execute`, `async.await`, `async.yield` in host code, run in program order: an
    /// `execute`'s body runs where it stands, its arguments are the values its operands wrap,
    /// its `!async.value` results the values it yields, its token a constant; an `await` of a
    /// value is that value, of a token nothing. Whether `operation` was one of them.
    fn asynchronous(&mut self, operation: MlirOperation, name: &str) -> bool {
        let location = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
        let results: Vec<MlirValue> = (0..unsafe { mlirOperationGetNumResults(operation) })
            .map(|position| unsafe { mlirOperationGetResult(operation, position) })
            .collect();
        match name {
            "async.execute" => {
                let segments = segments(operation).unwrap_or_default();
                let dependencies = segments.first().copied().unwrap_or(0);
                let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)) };
                for (position, &operand) in values(operation)[dependencies..].iter().enumerate() {
                    let argument = unsafe { mlirBlockGetArgument(body, position as isize) };
                    if let Some(id) = self.lookup(operand) {
                        self.bind(argument, id);
                    }
                }
                self.operations(body);
                let terminator = unsafe { mlirBlockGetTerminator(body) };
                let yielded = values(terminator);
                let index = [Type::Scalar(ElementType::Index)];
                let token = self
                    .builder
                    .push(Op::Constant(vec![0]), &[], &index, &location)[0];
                self.bind(results[0], token);
                for (&result, &value) in results[1..].iter().zip(&yielded) {
                    if let Some(id) = self.lookup(value) {
                        self.bind(result, id);
                    }
                }
                true
            }
            "async.await" => {
                let operand = unsafe { mlirOperationGetOperand(operation, 0) };
                if let (Some(&result), Some(id)) = (results.first(), self.lookup(operand)) {
                    self.bind(result, id);
                }
                true
            }
            "async.yield" => true,
            _ => false,
        }
    }

    /// The op for host op `operation` and its operands (tokens left out).
    fn host_op(
        &mut self,
        operation: MlirOperation,
        name: &str,
    ) -> Result<(Op, Vec<MlirValue>), String> {
        let mut operands = values(operation);
        Ok(match name {
            "gpu.alloc" => {
                let sizes = segments(operation).ok_or("no operand segments")?;
                (Op::Alloc, segment(operation, &sizes, 1))
            }
            "gpu.dealloc" => (Op::Dealloc, operands),
            "gpu.memcpy" | "gpu.memset" => {
                let op = if name == "gpu.memcpy" {
                    Op::Copy
                } else {
                    Op::Fill
                };
                (op, operands)
            }
            "memref.copy" => {
                operands.reverse();
                (Op::Copy, operands)
            }
            "gpu.launch_func" => self.launch_func(operation)?,
            "gpu.launch" => self.host_launch(operation)?,
            _ => (Op::Wait, Vec::new()),
        })
    }

    /// `gpu.launch_func`: the launched `gpu.func`, its sizes and its arguments.
    fn launch_func(&mut self, operation: MlirOperation) -> Result<(Op, Vec<MlirValue>), String> {
        let sizes = segments(operation).ok_or("no operand segments")?;
        // asyncDependencies, grid x y z, block x y z, cluster x y z, dynamic shared memory,
        // kernel operands, async object.
        if sizes.len() < 13 {
            return Err("an operand layout other than MLIR 22's".into());
        }
        if (7..10).any(|index| sizes[index] > 0) {
            return Err("a launch with cluster sizes".into());
        }
        let symbol = ir::attribute(operation, "kernel").ok_or("no kernel symbol")?;
        let (module, function) = unsafe {
            (
                ir::string_ref(mlirSymbolRefAttrGetRootReference(symbol)),
                ir::string_ref(mlirSymbolRefAttrGetLeafReference(symbol)),
            )
        };
        let kernel = self
            .host
            .kernels
            .iter()
            .find(|kernel| {
                let parent = unsafe { mlirOperationGetParentOperation(kernel.operation) };
                kernel.name == function && ir::symbol_name(parent).as_deref() == Some(&module)
            })
            .cloned()
            .ok_or_else(|| format!("no kernel @{module}::@{function}"))?;
        let index = self.launched(&kernel)?;
        let mut operands: Vec<MlirValue> = (1..7)
            .flat_map(|index| segment(operation, &sizes, index))
            .collect();
        let dynamic_shared = sizes[10] > 0;
        operands.extend(segment(operation, &sizes, 10));
        operands.extend(segment(operation, &sizes, 11));
        Ok((
            Op::Launch {
                kernel: index,
                dynamic_shared,
            },
            operands,
        ))
    }

    /// A host `gpu.launch`: its body as a launched kernel, its sizes and its captures.
    fn host_launch(&mut self, operation: MlirOperation) -> Result<(Op, Vec<MlirValue>), String> {
        let sizes = segments(operation).ok_or("no operand segments")?;
        // asyncDependencies, grid x y z, block x y z, cluster x y z, dynamic shared memory.
        if sizes.len() < 8 || sizes[7..].iter().any(|&size| size > 0) {
            return Err("a launch with cluster sizes or dynamic shared memory".into());
        }
        let kernel = self
            .host
            .kernels
            .iter()
            .find(|kernel| kernel.operation.ptr == operation.ptr)
            .cloned()
            .ok_or("the launch is not a kernel the pass finds")?;
        let index = self.launched(&kernel)?;
        let mut operands: Vec<MlirValue> = (1..7)
            .flat_map(|index| segment(operation, &sizes, index))
            .collect();
        operands.extend(crate::launch::parameter_captures(operation));
        Ok((
            Op::Launch {
                kernel: index,
                dynamic_shared: false,
            },
            operands,
        ))
    }

    /// The index of `kernel` among the launched kernels, translating it the first time.
    fn launched(&mut self, kernel: &kernels::Kernel) -> Result<usize, String> {
        let key = kernel.operation.ptr as usize;
        if let Some(&(_, index)) = self.host.launched.iter().find(|(op, _)| *op == key) {
            return Ok(index);
        }
        let translated = crate::translate(kernel).map_err(|error| error.to_string())?;
        let index = self.builder.launched(translated);
        self.host.launched.push((key, index));
        Ok(index)
    }
}
