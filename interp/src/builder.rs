//! Building kernels: the API a translator (or a test) uses to produce the internal form.
//!
//! Model. A [`KernelBuilder`] owns the kernel under construction and a stack of open blocks;
//! operations are appended to the innermost open block. An op with regions is built inside
//! out, the way a recursive walk over MLIR meets it: open a block with
//! [`KernelBuilder::begin_block`] (which creates its arguments), append its ops (ending with the
//! terminator), close it with [`KernelBuilder::end_block`], and pass the returned [`Block`] inside
//! the [`Op`] given to [`KernelBuilder::push`].
//!
//! Notation. Values are created with their types; `push` creates the results.
//!
//! Cost. Amortised constant per value and op.

use crate::ir::{Block, Global, GlobalId, Kernel, Layout, MemRefType, Operation, Type, ValueId};
use crate::ops::Op;

/// Incrementally builds a [`Kernel`].
#[derive(Debug)]
pub struct KernelBuilder {
    kernel: Kernel,
    open: Vec<Block>,
}

impl KernelBuilder {
    /// Starts an empty kernel named `name`.
    pub fn new(name: &str) -> KernelBuilder {
        KernelBuilder {
            kernel: Kernel {
                name: name.to_string(),
                value_types: Vec::new(),
                body: Block::default(),
                workgroup: Vec::new(),
                private: Vec::new(),
                globals: Vec::new(),
                layouts: Vec::new(),
                constant_bindings: Vec::new(),
                grid_divided_by: [1; 3],
                dynamic_shared_added: 0,
                launched: Vec::new(),
            },
            open: Vec::new(),
        }
    }

    /// A fresh value of type `ty`, defined by nothing yet.
    pub fn value(&mut self, ty: Type) -> ValueId {
        self.kernel.value_types.push(ty);
        ValueId(self.kernel.value_types.len() as u32 - 1)
    }

    /// The type of a value created so far.
    pub fn value_type(&self, value: ValueId) -> &Type {
        self.kernel.value_type(value)
    }

    /// Appends a kernel parameter (a memref one is viewed row-major).
    pub fn parameter(&mut self, ty: Type) -> ValueId {
        self.parameter_with_layout(ty, None)
    }

    /// Appends a kernel parameter; a memref one with a strided `layout` is viewed through it.
    pub fn parameter_with_layout(&mut self, ty: Type, layout: Option<Layout>) -> ValueId {
        let value = self.value(ty);
        self.kernel.body.arguments.push(value);
        let position = self.kernel.body.arguments.len() - 1;
        self.kernel.layouts.resize(position, None);
        self.kernel.layouts.push(layout);
        value
    }

    /// Appends a workgroup attribution (one buffer per block).
    pub fn workgroup_buffer(&mut self, ty: MemRefType) -> ValueId {
        let value = self.value(Type::MemRef(ty));
        self.kernel.workgroup.push(value);
        value
    }

    /// Appends a private attribution (one buffer per thread).
    pub fn private_buffer(&mut self, ty: MemRefType) -> ValueId {
        let value = self.value(Type::MemRef(ty));
        self.kernel.private.push(value);
        value
    }

    /// Registers a `memref.global` for `memref.get_global`.
    pub fn global(&mut self, global: Global) -> GlobalId {
        self.kernel.globals.push(global);
        GlobalId(self.kernel.globals.len() as u32 - 1)
    }

    /// Records that the launcher divides the grid by `divisors` per dimension.
    pub fn divide_grid(&mut self, divisors: [u32; 3]) {
        self.kernel.grid_divided_by = divisors;
    }

    /// Records that a launch of the kernel alone adds `bytes` of dynamic shared memory.
    pub fn add_dynamic_shared(&mut self, bytes: u64) {
        self.kernel.dynamic_shared_added = bytes;
    }

    /// Binds parameter `parameter` to `global`: its data is copied into the global at launch.
    pub fn bind_constant(&mut self, parameter: usize, global: GlobalId) {
        self.kernel.constant_bindings.push((parameter, global));
    }

    /// Opens a nested block with arguments of the given types and returns the arguments.
    pub fn begin_block(&mut self, argument_types: &[Type]) -> Vec<ValueId> {
        let arguments: Vec<ValueId> = argument_types
            .iter()
            .map(|ty| self.value(ty.clone()))
            .collect();
        self.open.push(Block {
            arguments: arguments.clone(),
            operations: Vec::new(),
        });
        arguments
    }

    /// Closes the innermost block opened by [`KernelBuilder::begin_block`].
    ///
    /// Panics if no block is open: that is a bug in the caller.
    pub fn end_block(&mut self) -> Block {
        self.open
            .pop()
            .expect("end_block without a matching begin_block")
    }

    /// Appends an op to the innermost open block (or the body) and returns its new results.
    pub fn push(
        &mut self,
        op: Op,
        operands: &[ValueId],
        result_types: &[Type],
        location: &str,
    ) -> Vec<ValueId> {
        let results: Vec<ValueId> = result_types
            .iter()
            .map(|ty| self.value(ty.clone()))
            .collect();
        let operation = Operation {
            op,
            operands: operands.to_vec(),
            results: results.clone(),
            location: location.to_string(),
        };
        self.open
            .last_mut()
            .unwrap_or(&mut self.kernel.body)
            .operations
            .push(operation);
        results
    }

    /// Adds a kernel this one launches; its index for [`Op::Launch`].
    pub fn launched(&mut self, kernel: Kernel) -> usize {
        self.kernel.launched.push(kernel);
        self.kernel.launched.len() - 1
    }

    /// The finished kernel.
    pub fn finish(self) -> Kernel {
        self.kernel
    }
}
