//! A compact kernel-building vocabulary for the tests, over `interp::KernelBuilder`.
//!
//! Every op takes the caller's source position as its location (`#[track_caller]`), so an
//! error message points at the test line that built the op.

#![allow(dead_code)]

pub use interp::*;

/// `index`.
pub fn index() -> Type {
    Type::Scalar(ElementType::Index)
}

/// A scalar type.
pub fn scalar(element: ElementType) -> Type {
    Type::Scalar(element)
}

/// `i1`.
pub fn boolean() -> Type {
    Type::Scalar(ElementType::Integer(1))
}

/// A static memref type.
pub fn memref(element: ElementType, shape: &[i64], space: MemorySpace) -> MemRefType {
    MemRefType {
        element,
        shape: shape.iter().map(|&size| Dimension::Static(size)).collect(),
        space,
    }
}

/// A static global memref type as a value type.
pub fn global(element: ElementType, shape: &[i64]) -> Type {
    Type::MemRef(memref(element, shape, MemorySpace::Global))
}

/// The caller's position as a location string.
#[track_caller]
fn here() -> String {
    let caller = std::panic::Location::caller();
    format!("{}:{}:{}", caller.file(), caller.line(), caller.column())
}

/// A kernel under construction.
pub struct Kb {
    pub builder: KernelBuilder,
}

impl Kb {
    pub fn new(name: &str) -> Kb {
        Kb {
            builder: KernelBuilder::new(name),
        }
    }

    pub fn parameter(&mut self, ty: Type) -> ValueId {
        self.builder.parameter(ty)
    }

    pub fn ty(&self, value: ValueId) -> Type {
        self.builder.value_type(value).clone()
    }

    #[track_caller]
    pub fn op(&mut self, op: Op, operands: &[ValueId], results: &[Type]) -> Vec<ValueId> {
        let location = here();
        self.builder.push(op, operands, results, &location)
    }

    #[track_caller]
    pub fn op1(&mut self, op: Op, operands: &[ValueId], result: Type) -> ValueId {
        self.op(op, operands, &[result])[0]
    }

    #[track_caller]
    pub fn constant(&mut self, ty: Type, value: f64) -> ValueId {
        let bits = encode(value, ty.element());
        self.op1(Op::Constant(vec![bits]), &[], ty)
    }

    #[track_caller]
    pub fn index(&mut self, value: i64) -> ValueId {
        self.constant(index(), value as f64)
    }

    #[track_caller]
    pub fn int(&mut self, op: IntegerBinary, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.op1(Op::IntegerBinary(op), &[a, b], ty)
    }

    #[track_caller]
    pub fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.int(IntegerBinary::AddI, a, b)
    }

    #[track_caller]
    pub fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.int(IntegerBinary::MulI, a, b)
    }

    #[track_caller]
    pub fn float(&mut self, op: FloatBinary, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.ty(a);
        self.op1(Op::FloatBinary(op), &[a, b], ty)
    }

    #[track_caller]
    pub fn cmpi(&mut self, predicate: IntegerPredicate, a: ValueId, b: ValueId) -> ValueId {
        let ty = match self.ty(a) {
            Type::Vector(_, length) => Type::Vector(ElementType::Integer(1), length),
            _ => boolean(),
        };
        self.op1(Op::CmpI(predicate), &[a, b], ty)
    }

    #[track_caller]
    pub fn cast(&mut self, cast: Cast, value: ValueId, to: Type) -> ValueId {
        self.op1(Op::Cast(cast), &[value], to)
    }

    #[track_caller]
    pub fn thread_id(&mut self, axis: Axis) -> ValueId {
        self.op1(Op::ThreadId(axis), &[], index())
    }

    #[track_caller]
    pub fn block_id(&mut self, axis: Axis) -> ValueId {
        self.op1(Op::BlockId(axis), &[], index())
    }

    #[track_caller]
    pub fn block_dim(&mut self, axis: Axis) -> ValueId {
        self.op1(Op::BlockDim(axis), &[], index())
    }

    /// `block_id · block_dim + thread_id` on an axis.
    #[track_caller]
    pub fn global_id(&mut self, axis: Axis) -> ValueId {
        let (block, size, thread) = (
            self.block_id(axis),
            self.block_dim(axis),
            self.thread_id(axis),
        );
        let base = self.mul(block, size);
        self.add(base, thread)
    }

    #[track_caller]
    pub fn load(&mut self, memref: ValueId, indices: &[ValueId]) -> ValueId {
        let element = self.ty(memref).element();
        let operands: Vec<ValueId> = [memref].iter().chain(indices).copied().collect();
        self.op1(Op::Load, &operands, scalar(element))
    }

    #[track_caller]
    pub fn store(&mut self, value: ValueId, memref: ValueId, indices: &[ValueId]) {
        let operands: Vec<ValueId> = [value, memref].iter().chain(indices).copied().collect();
        self.op(Op::Store, &operands, &[]);
    }

    #[track_caller]
    pub fn barrier(&mut self) {
        self.op(Op::Barrier, &[], &[]);
    }

    #[track_caller]
    pub fn yield_values(&mut self, values: &[ValueId]) {
        self.op(Op::Yield, values, &[]);
    }

    /// `scf.for` whose body gets the induction variable and the iteration values and returns
    /// the values to yield.
    #[track_caller]
    pub fn for_loop(
        &mut self,
        [lower, upper, step]: [ValueId; 3],
        inits: &[ValueId],
        body: impl FnOnce(&mut Kb, ValueId, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let location = here();
        let types: Vec<Type> = inits.iter().map(|&value| self.ty(value)).collect();
        let arguments = self
            .builder
            .begin_block(&[&[self.ty(lower)], types.as_slice()].concat());
        let yielded = body(self, arguments[0], &arguments[1..]);
        self.builder.push(Op::Yield, &yielded, &[], &location);
        let body = self.builder.end_block();
        let operands = [&[lower, upper, step], inits].concat();
        self.builder.push(
            Op::For {
                unsigned: false,
                body,
            },
            &operands,
            &types,
            &location,
        )
    }

    /// `scf.if` with then and else builders returning the values to yield.
    #[track_caller]
    pub fn if_else(
        &mut self,
        condition: ValueId,
        results: &[Type],
        then: impl FnOnce(&mut Kb) -> Vec<ValueId>,
        otherwise: impl FnOnce(&mut Kb) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let location = here();
        let then = self.region(&location, then);
        let otherwise = self.region(&location, otherwise);
        self.builder
            .push(Op::If { then, otherwise }, &[condition], results, &location)
    }

    /// A block without arguments that ends by yielding what `build` returns.
    fn region(&mut self, location: &str, build: impl FnOnce(&mut Kb) -> Vec<ValueId>) -> Block {
        self.builder.begin_block(&[]);
        let yielded = build(self);
        self.builder.push(Op::Yield, &yielded, &[], location);
        self.builder.end_block()
    }

    /// `scf.if` without results or else branch.
    #[track_caller]
    pub fn if_then(&mut self, condition: ValueId, then: impl FnOnce(&mut Kb)) {
        self.if_else(
            condition,
            &[],
            |kb| {
                then(kb);
                Vec::new()
            },
            |_| Vec::new(),
        );
    }

    pub fn finish(self) -> Kernel {
        self.builder.finish()
    }
}

/// Runs with default options.
pub fn launch(
    kernel: &Kernel,
    grid: [u32; 3],
    block: [u32; 3],
    arguments: &mut [Argument],
) -> Result<Trace, Error> {
    run(kernel, grid, block, arguments, &Options::default())
}

/// The buffer of argument `index`.
pub fn buffer(arguments: &[Argument], index: usize) -> &HostBuffer {
    match &arguments[index] {
        Argument::Buffer(buffer) => buffer,
        Argument::Scalar(_) => panic!("argument {index} is a scalar"),
        Argument::Same(other) => buffer(arguments, *other),
    }
}

/// A zero-filled buffer.
pub fn zeros(element: ElementType, shape: &[i64]) -> Argument {
    Argument::Buffer(HostBuffer::filled(element, shape, Fill::Zeros))
}
