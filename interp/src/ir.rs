//! The internal form: a kernel as plain data that mirrors MLIR's structure.
//!
//! Model. A [`Kernel`] is one `gpu.func` (or one `gpu.launch` body). Its body is a [`Block`]
//! whose arguments are the kernel's parameters, exactly like the entry block of a `gpu.func`.
//! A block is a list of [`Operation`]s; an operation is one [`Op`] (the MLIR operation name and
//! its attributes and regions), its operands and its results. Every SSA value, whether an
//! operation result or a block argument, is a dense [`ValueId`] indexing
//! [`Kernel::value_types`], so the executor keeps one slot per value in a flat table.
//! Regions are blocks held inside the op that owns them (`scf.for` holds its body); every
//! supported op has single-block regions, so a region is represented by its one block.
//!
//! Notation. Operand lists follow MLIR's operand order and operand segments exactly; each
//! [`Op`] variant documents its segments. A [`Dimension`] is MLIR's static-or-dynamic size
//! (`ShapedType::kDynamic` becomes [`Dimension::Dynamic`], whose value comes from the next
//! dynamic operand).
//!
//! Assumptions. Memref types keep their element type, shape and memory space; layouts live in
//! the runtime descriptor (strides and offset), which every view operation computes, so a
//! type's static layout is not rechecked. Kernel arguments get row-major descriptors, except
//! memref parameters with a strided [`Layout`] (MLIR's `strided<[...], offset: ...>`), whose
//! descriptors take the layout's offset and strides.
//!
//! Cost. Plain vectors; building a kernel is linear in its size.

use crate::ops::Op;

/// Dense id of an SSA value of one kernel: an index into [`Kernel::value_types`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// Id of a module-level `memref.global` that a kernel uses: an index into [`Kernel::globals`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlobalId(pub u32);

/// A scalar or vector element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    /// Signless integer `iN` with 1 ≤ N ≤ 64.
    Integer(u32),
    /// `index`, a 64-bit signless integer.
    Index,
    /// IEEE binary16.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE binary32.
    F32,
    /// IEEE binary64.
    F64,
}

impl ElementType {
    /// Number of bits of the type.
    pub fn bit_width(self) -> u32 {
        match self {
            ElementType::Integer(width) => width,
            ElementType::Index | ElementType::F64 => 64,
            ElementType::F16 | ElementType::BF16 => 16,
            ElementType::F32 => 32,
        }
    }

    /// Bytes an element occupies in memory: the bit width rounded up to a power-of-two byte count.
    pub fn byte_width(self) -> u32 {
        self.bit_width().div_ceil(8).next_power_of_two()
    }

    /// Whether the type is a floating-point type.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            ElementType::F16 | ElementType::BF16 | ElementType::F32 | ElementType::F64
        )
    }
}

/// A static or dynamic size, offset, stride or position, as in MLIR's mixed static/dynamic lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dimension {
    /// Known at compile time.
    Static(i64),
    /// Taken from the next dynamic operand of the op.
    Dynamic,
}

/// The memory space a memref lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemorySpace {
    /// Device global memory (no memory-space attribute, or address space 1).
    Global,
    /// Per-block shared memory (`#gpu.address_space<workgroup>`, address space 3).
    Workgroup,
    /// Per-thread memory (`#gpu.address_space<private>`, address space 5).
    Private,
    /// Read-only constant memory (address space 4).
    Constant,
}

impl MemorySpace {
    /// The space's name as the report spells it.
    pub fn name(self) -> &'static str {
        match self {
            MemorySpace::Global => "global",
            MemorySpace::Workgroup => "shared",
            MemorySpace::Private => "local",
            MemorySpace::Constant => "constant",
        }
    }
}

/// A memref type: element type, shape and memory space.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRefType {
    /// Element type.
    pub element: ElementType,
    /// Sizes, outermost first.
    pub shape: Vec<Dimension>,
    /// Memory space.
    pub space: MemorySpace,
}

impl MemRefType {
    /// Whether runtime `sizes` fit the shape: same rank, and equal wherever the shape is static.
    pub fn accepts(&self, sizes: &[i64]) -> bool {
        self.shape.len() == sizes.len()
            && self
                .shape
                .iter()
                .zip(sizes)
                .all(|(dimension, &size)| match dimension {
                    Dimension::Static(expected) => *expected == size,
                    Dimension::Dynamic => true,
                })
    }

    /// The sizes of a fully static shape.
    pub fn static_sizes(&self) -> Option<Vec<i64>> {
        self.shape
            .iter()
            .map(|dimension| match dimension {
                Dimension::Static(size) => Some(*size),
                Dimension::Dynamic => None,
            })
            .collect()
    }
}

/// The layout of a memref kernel parameter: MLIR's `strided<[strides], offset: offset>`.
///
/// The argument's host buffer still holds the memref's elements in row-major order; the
/// launch scatters them into a device buffer that spans the layout (gaps zero) and gathers
/// them back afterwards, so addresses (and the trace) follow the layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Element offset of element `[0, ..., 0]` from the buffer's start.
    pub offset: Dimension,
    /// Element stride of every dimension, outermost first.
    pub strides: Vec<Dimension>,
}

impl Layout {
    /// Offset and strides for runtime `sizes`: a dynamic offset is 0, a dynamic stride is the
    /// contiguous one (the next inner dimension's stride times its size; 1 innermost).
    pub fn resolve(&self, sizes: &[i64]) -> (i64, Vec<i64>) {
        let mut strides = vec![1i64; self.strides.len()];
        let mut inner: Option<(i64, i64)> = None;
        for (dimension, stride) in self.strides.iter().enumerate().rev() {
            strides[dimension] = match stride {
                Dimension::Static(stride) => *stride,
                Dimension::Dynamic => inner.map_or(1, |(stride, size)| stride.saturating_mul(size)),
            };
            inner = Some((
                strides[dimension],
                sizes.get(dimension).copied().unwrap_or(1),
            ));
        }
        let offset = match self.offset {
            Dimension::Static(offset) => offset,
            Dimension::Dynamic => 0,
        };
        (offset, strides)
    }
}

/// The type of an SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A scalar.
    Scalar(ElementType),
    /// A 1-D vector of `length` elements.
    Vector(ElementType, u32),
    /// A memref.
    MemRef(MemRefType),
}

impl Type {
    /// The element type of a scalar, vector or memref.
    pub fn element(&self) -> ElementType {
        match self {
            Type::Scalar(element) | Type::Vector(element, _) => *element,
            Type::MemRef(memref) => memref.element,
        }
    }
}

/// A module-level `memref.global`.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    /// Symbol name.
    pub name: String,
    /// Type; its shape must be static.
    pub ty: MemRefType,
    /// Initial element bit patterns: empty for uninitialised (zeros), one for a splat, else all.
    pub initial: Vec<u64>,
    /// Whether the global is marked `constant` (stores to it are errors).
    pub constant: bool,
}

/// One operation: what it is, what it reads, what it defines and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// The operation with its attributes and regions.
    pub op: Op,
    /// Operands in MLIR order.
    pub operands: Vec<ValueId>,
    /// Results in MLIR order.
    pub results: Vec<ValueId>,
    /// Source location, printed as `file:line:col`.
    pub location: String,
}

/// A block: arguments and operations; the last operation may be a terminator.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    /// Block arguments (loop induction variables, iteration arguments, kernel parameters).
    pub arguments: Vec<ValueId>,
    /// Operations in order.
    pub operations: Vec<Operation>,
}

impl Block {
    /// Visits every operation of the block and of the blocks nested in it, in pre-order.
    pub fn walk<'a>(&'a self, visit: &mut dyn FnMut(&'a Operation)) {
        for operation in &self.operations {
            visit(operation);
            for block in operation.op.blocks() {
                block.walk(visit);
            }
        }
    }
}

/// A kernel ready to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// Symbol name.
    pub name: String,
    /// The type of every value, indexed by [`ValueId`].
    pub value_types: Vec<Type>,
    /// The body; its arguments are the kernel parameters.
    pub body: Block,
    /// Workgroup attributions: memrefs allocated once per block, in order.
    pub workgroup: Vec<ValueId>,
    /// Private attributions: memrefs allocated once per thread, in order.
    pub private: Vec<ValueId>,
    /// Globals referenced by `memref.get_global`.
    pub globals: Vec<Global>,
    /// The strided layout of each parameter (by position), `None` (or absent) for row-major.
    pub layouts: Vec<Option<Layout>>,
    /// Constant bindings `(parameter position, global)`: the launcher copies the argument's
    /// data into the global before the launch (gpu-mem-opt's `constant` decision, attribute
    /// `gpu_mem_opt.constant_bindings`).
    pub constant_bindings: Vec<(usize, GlobalId)>,
    /// What the launcher divides the grid by per dimension (gpu-mem-opt's `coarsen` decision
    /// on a lone kernel, attribute `gpu_mem_opt.grid_divided_by`); ones where it is not.
    pub grid_divided_by: [u32; 3],
    /// Bytes of dynamic shared memory a launch of it alone adds to what it is given
    /// (gpu-mem-opt grew its view and the launches in its module by them, attribute
    /// `gpu_mem_opt.dynamic_shared_memory_added`); 0 where it adds none.
    pub dynamic_shared_added: u64,
    /// The kernels this one launches (host code: a program's entry function), by
    /// [`crate::Op::Launch`]'s index; empty for a kernel.
    pub launched: Vec<Kernel>,
}

impl Kernel {
    /// The grid a launch written for `grid` runs with under the kernel's contract: each
    /// dimension divided by [`Kernel::grid_divided_by`]; an error where one does not divide.
    pub fn launched_grid(&self, grid: [u32; 3]) -> Result<[u32; 3], String> {
        let mut launched = grid;
        for (dimension, &divisor) in self.grid_divided_by.iter().enumerate() {
            if divisor == 0 || !grid[dimension].is_multiple_of(divisor) {
                return Err(format!(
                    "its launch contract divides the grid's {} by {divisor}, which does not divide {}",
                    ["x", "y", "z"][dimension],
                    grid[dimension]
                ));
            }
            launched[dimension] = grid[dimension] / divisor;
        }
        Ok(launched)
    }

    /// The kernel parameters, in order.
    pub fn parameters(&self) -> &[ValueId] {
        &self.body.arguments
    }

    /// The strided layout of parameter `index`, if it has one.
    pub fn layout(&self, index: usize) -> Option<&Layout> {
        self.layouts.get(index).and_then(Option::as_ref)
    }

    /// The type of a value.
    pub fn value_type(&self, value: ValueId) -> &Type {
        &self.value_types[value.0 as usize]
    }
}
