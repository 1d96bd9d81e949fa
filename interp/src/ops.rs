//! The operations of the internal form: one variant (or sub-variant) per supported MLIR op.
//!
//! Model. [`Op`] holds what MLIR keeps in an operation's name, attributes and regions; the
//! operands and results live in [`crate::Operation`]. Families of ops with identical shape
//! (binary integer ops, binary float ops, casts, ...) share one variant with a sub-enum that
//! has one variant per MLIR op, so a translator maps `arith.addi` to
//! `Op::IntegerBinary(IntegerBinary::AddI)`. The `index` dialect maps onto the same variants on
//! `index` values (`index.add` is `AddI`, `index.cmp` is `CmpI`, `index.casts` is `IndexCast`).
//!
//! Notation. Each variant's documentation lists its operand segments in MLIR order and its
//! results; `[xs...]` is a variable-length segment, `rank` the memref's rank.
//!
//! Assumptions. Vectors are 1-D. `scf.parallel` has no reductions. Terminators (`scf.yield`,
//! `affine.yield`, `scf.reduce` without operands, `scf.condition`, `gpu.return`,
//! `gpu.terminator`) end their block.
//!
//! Cost. Plain data.

use crate::affine::{AffineMap, IntegerSet};
use crate::ir::{Block, Dimension, GlobalId};

/// Binary integer ops of `arith` (and `index`); operands `[lhs, rhs]`, one result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntegerBinary {
    /// `arith.addi`
    AddI,
    /// `arith.subi`
    SubI,
    /// `arith.muli`
    MulI,
    /// `arith.divsi`
    DivSI,
    /// `arith.divui`
    DivUI,
    /// `arith.remsi`
    RemSI,
    /// `arith.remui`
    RemUI,
    /// `arith.floordivsi`
    FloorDivSI,
    /// `arith.ceildivsi`
    CeilDivSI,
    /// `arith.ceildivui`
    CeilDivUI,
    /// `arith.andi`
    AndI,
    /// `arith.ori`
    OrI,
    /// `arith.xori`
    XOrI,
    /// `arith.shli`
    ShLI,
    /// `arith.shrsi`
    ShRSI,
    /// `arith.shrui`
    ShRUI,
    /// `arith.minsi`
    MinSI,
    /// `arith.maxsi`
    MaxSI,
    /// `arith.minui`
    MinUI,
    /// `arith.maxui`
    MaxUI,
}

/// Binary float ops of `arith`; operands `[lhs, rhs]`, one result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatBinary {
    /// `arith.addf`
    AddF,
    /// `arith.subf`
    SubF,
    /// `arith.mulf`
    MulF,
    /// `arith.divf`
    DivF,
    /// `arith.remf` (C `fmod`)
    RemF,
    /// `arith.minimumf` (NaN-propagating, -0 < +0)
    MinimumF,
    /// `arith.maximumf` (NaN-propagating, -0 < +0)
    MaximumF,
    /// `arith.minnumf` (a NaN operand yields the other)
    MinNumF,
    /// `arith.maxnumf` (a NaN operand yields the other)
    MaxNumF,
    /// `math.powf`
    PowF,
    /// `math.atan2`
    Atan2,
    /// `math.copysign`
    CopySign,
}

impl FloatBinary {
    /// Every binary float op, for lookups by name.
    pub const ALL: [FloatBinary; 12] = [
        FloatBinary::AddF,
        FloatBinary::SubF,
        FloatBinary::MulF,
        FloatBinary::DivF,
        FloatBinary::RemF,
        FloatBinary::MinimumF,
        FloatBinary::MaximumF,
        FloatBinary::MinNumF,
        FloatBinary::MaxNumF,
        FloatBinary::PowF,
        FloatBinary::Atan2,
        FloatBinary::CopySign,
    ];

    /// The MLIR name of the op.
    pub fn name(self) -> &'static str {
        match self {
            FloatBinary::AddF => "arith.addf",
            FloatBinary::SubF => "arith.subf",
            FloatBinary::MulF => "arith.mulf",
            FloatBinary::DivF => "arith.divf",
            FloatBinary::RemF => "arith.remf",
            FloatBinary::MinimumF => "arith.minimumf",
            FloatBinary::MaximumF => "arith.maximumf",
            FloatBinary::MinNumF => "arith.minnumf",
            FloatBinary::MaxNumF => "arith.maxnumf",
            FloatBinary::PowF => "math.powf",
            FloatBinary::Atan2 => "math.atan2",
            FloatBinary::CopySign => "math.copysign",
        }
    }
}

/// Unary float ops of `arith` and `math`; operands `[x]`, one result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatUnary {
    /// `arith.negf`
    NegF,
    /// `math.absf`
    AbsF,
    /// `math.sqrt`
    Sqrt,
    /// `math.rsqrt`
    Rsqrt,
    /// `math.exp`
    Exp,
    /// `math.exp2`
    Exp2,
    /// `math.log`
    Log,
    /// `math.log2`
    Log2,
    /// `math.floor`
    Floor,
    /// `math.ceil`
    Ceil,
    /// `math.round` (halves away from zero)
    Round,
    /// `math.trunc`
    Trunc,
    /// `math.tanh`
    Tanh,
    /// `math.sin`
    Sin,
    /// `math.cos`
    Cos,
    /// `math.tan`
    Tan,
    /// `math.asin`
    Asin,
    /// `math.acos`
    Acos,
    /// `math.atan`
    Atan,
    /// `math.sinh`
    Sinh,
    /// `math.cosh`
    Cosh,
    /// `math.asinh`
    Asinh,
    /// `math.acosh`
    Acosh,
    /// `math.atanh`
    Atanh,
    /// `math.cbrt`
    Cbrt,
    /// `math.expm1`
    ExpM1,
    /// `math.log10`
    Log10,
    /// `math.log1p`
    Log1p,
    /// `math.roundeven` (halves to even)
    RoundEven,
    /// `math.erf`
    Erf,
    /// `math.erfc`
    Erfc,
}

impl FloatUnary {
    /// Every unary float op, for lookups by name.
    pub const ALL: [FloatUnary; 31] = [
        FloatUnary::NegF,
        FloatUnary::AbsF,
        FloatUnary::Sqrt,
        FloatUnary::Rsqrt,
        FloatUnary::Exp,
        FloatUnary::Exp2,
        FloatUnary::Log,
        FloatUnary::Log2,
        FloatUnary::Floor,
        FloatUnary::Ceil,
        FloatUnary::Round,
        FloatUnary::Trunc,
        FloatUnary::Tanh,
        FloatUnary::Sin,
        FloatUnary::Cos,
        FloatUnary::Tan,
        FloatUnary::Asin,
        FloatUnary::Acos,
        FloatUnary::Atan,
        FloatUnary::Sinh,
        FloatUnary::Cosh,
        FloatUnary::Asinh,
        FloatUnary::Acosh,
        FloatUnary::Atanh,
        FloatUnary::Cbrt,
        FloatUnary::ExpM1,
        FloatUnary::Log10,
        FloatUnary::Log1p,
        FloatUnary::RoundEven,
        FloatUnary::Erf,
        FloatUnary::Erfc,
    ];

    /// The MLIR name of the op.
    pub fn name(self) -> &'static str {
        match self {
            FloatUnary::NegF => "arith.negf",
            FloatUnary::AbsF => "math.absf",
            FloatUnary::Sqrt => "math.sqrt",
            FloatUnary::Rsqrt => "math.rsqrt",
            FloatUnary::Exp => "math.exp",
            FloatUnary::Exp2 => "math.exp2",
            FloatUnary::Log => "math.log",
            FloatUnary::Log2 => "math.log2",
            FloatUnary::Floor => "math.floor",
            FloatUnary::Ceil => "math.ceil",
            FloatUnary::Round => "math.round",
            FloatUnary::Trunc => "math.trunc",
            FloatUnary::Tanh => "math.tanh",
            FloatUnary::Sin => "math.sin",
            FloatUnary::Cos => "math.cos",
            FloatUnary::Tan => "math.tan",
            FloatUnary::Asin => "math.asin",
            FloatUnary::Acos => "math.acos",
            FloatUnary::Atan => "math.atan",
            FloatUnary::Sinh => "math.sinh",
            FloatUnary::Cosh => "math.cosh",
            FloatUnary::Asinh => "math.asinh",
            FloatUnary::Acosh => "math.acosh",
            FloatUnary::Atanh => "math.atanh",
            FloatUnary::Cbrt => "math.cbrt",
            FloatUnary::ExpM1 => "math.expm1",
            FloatUnary::Log10 => "math.log10",
            FloatUnary::Log1p => "math.log1p",
            FloatUnary::RoundEven => "math.roundeven",
            FloatUnary::Erf => "math.erf",
            FloatUnary::Erfc => "math.erfc",
        }
    }
}

/// `arith.cmpi` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntegerPredicate {
    /// equal
    Eq,
    /// not equal
    Ne,
    /// signed less than
    Slt,
    /// signed less or equal
    Sle,
    /// signed greater than
    Sgt,
    /// signed greater or equal
    Sge,
    /// unsigned less than
    Ult,
    /// unsigned less or equal
    Ule,
    /// unsigned greater than
    Ugt,
    /// unsigned greater or equal
    Uge,
}

/// `arith.cmpf` predicates (`O`: ordered and, `U`: unordered or).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatPredicate {
    /// always false
    False,
    /// ordered and equal
    Oeq,
    /// ordered and greater than
    Ogt,
    /// ordered and greater or equal
    Oge,
    /// ordered and less than
    Olt,
    /// ordered and less or equal
    Ole,
    /// ordered and not equal
    One,
    /// neither is NaN
    Ord,
    /// unordered or equal
    Ueq,
    /// unordered or greater than
    Ugt,
    /// unordered or greater or equal
    Uge,
    /// unordered or less than
    Ult,
    /// unordered or less or equal
    Ule,
    /// unordered or not equal
    Une,
    /// either is NaN
    Uno,
    /// always true
    True,
}

/// Conversions; operands `[x]`, one result whose type is the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cast {
    /// `arith.extsi`
    ExtSI,
    /// `arith.extui`
    ExtUI,
    /// `arith.trunci`
    TruncI,
    /// `arith.sitofp`
    SIToFP,
    /// `arith.uitofp`
    UIToFP,
    /// `arith.fptosi` (truncates toward zero, saturates, NaN gives 0, like PTX `cvt.rzi`)
    FPToSI,
    /// `arith.fptoui` (truncates toward zero, saturates, NaN gives 0)
    FPToUI,
    /// `arith.extf`
    ExtF,
    /// `arith.truncf` (round to nearest even)
    TruncF,
    /// `arith.index_cast` (sign-extends or truncates)
    IndexCast,
    /// `arith.index_castui` (zero-extends or truncates)
    IndexCastUI,
    /// `arith.bitcast` (same width, bits unchanged)
    Bitcast,
}

/// `vector.reduction` kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionKind {
    /// `<add>` (integer or float, left to right)
    Add,
    /// `<mul>` (integer or float, left to right)
    Mul,
    /// `<minui>`
    MinUI,
    /// `<minsi>`
    MinSI,
    /// `<maxui>`
    MaxUI,
    /// `<maxsi>`
    MaxSI,
    /// `<and>`
    And,
    /// `<or>`
    Or,
    /// `<xor>`
    XOr,
    /// `<minnumf>`
    MinNumF,
    /// `<maxnumf>`
    MaxNumF,
    /// `<minimumf>`
    MinimumF,
    /// `<maximumf>`
    MaximumF,
}

/// Which memref dimension a 1-D `vector.transfer_*` walks (its permutation map's one result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TransferAxis {
    /// The result `d_i`: element `j` sits at index `indices[i] + j`.
    Dimension(usize),
    /// The result `0`: every element reads the one element at `indices`.
    Broadcast,
}

/// Attributes of `vector.transfer_read` / `vector.transfer_write`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transfer {
    /// The permutation map's single result.
    pub axis: TransferAxis,
    /// `in_bounds = [true]`: out-of-bounds elements are an error instead of padding/skipped.
    pub in_bounds: bool,
    /// Whether a mask operand (`vector<Nxi1>`) is present.
    pub masked: bool,
}

/// The three axes of GPU ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// `x`
    X,
    /// `y`
    Y,
    /// `z`
    Z,
}

/// `gpu.shuffle` modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShuffleMode {
    /// `xor`: source lane `lane ^ offset`.
    Xor,
    /// `down`: source lane `lane + offset`.
    Down,
    /// `up`: source lane `lane - offset`.
    Up,
    /// `idx`: source lane `offset`.
    Idx,
}

/// How `memref.atomic_rmw` combines the element with the value (MLIR's `AtomicRMWKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicKind {
    /// A float operation: `addf`, `mulf`, `maximumf`, `minimumf`, `maxnumf`, `minnumf`.
    Float(FloatBinary),
    /// An integer operation: `addi`, `muli`, `andi`, `ori`, `xori`, `maxs`, `maxu`, `mins`, `minu`.
    Integer(IntegerBinary),
    /// `assign`: the value replaces the element.
    Assign,
}

/// A supported MLIR operation with its attributes and regions.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `arith.constant` (`index.constant`, `index.bool.constant`): no operands; the bit
    /// pattern of every element (one pattern for a scalar or a splat).
    Constant(Vec<u64>),
    /// Binary integer arithmetic: `[lhs, rhs]`.
    IntegerBinary(IntegerBinary),
    /// Binary float arithmetic: `[lhs, rhs]`.
    FloatBinary(FloatBinary),
    /// Unary float arithmetic: `[x]`.
    FloatUnary(FloatUnary),
    /// `math.absi`: `[x]`.
    AbsI,
    /// `math.fma`: `[a, b, c]` gives `a*b+c` rounded once.
    Fma,
    /// `math.fpowi`: `[x, n]`, a float to a signed integer power.
    PowI,
    /// `arith.cmpi`: `[lhs, rhs]`, result `i1`.
    CmpI(IntegerPredicate),
    /// `arith.cmpf`: `[lhs, rhs]`, result `i1`.
    CmpF(FloatPredicate),
    /// `arith.select`: `[condition, true_value, false_value]`.
    Select,
    /// A conversion: `[x]`.
    Cast(Cast),
    /// `memref.load`: `[memref, indices...]`.
    Load,
    /// `memref.store`: `[value, memref, indices...]`.
    Store,
    /// `memref.atomic_rmw`: `[value, memref, indices...]`; the element becomes `old ∘ value`,
    /// the result is `old`.
    AtomicRmw(AtomicKind),
    /// `memref.alloc`: `[dynamic sizes...]` (symbol operands dropped); result memref.
    Alloc,
    /// `memref.alloca`: as `Alloc`.
    Alloca,
    /// `memref.dealloc`: `[memref]`; a no-op.
    Dealloc,
    /// `memref.dim`: `[memref, index]`.
    Dim,
    /// `memref.extract_aligned_pointer_as_index`: `[memref]`; the byte address of its buffer.
    AlignedPointer,
    /// `memref.subview`: `[source, dynamic offsets..., dynamic sizes..., dynamic strides...]`.
    Subview {
        /// Offsets per source dimension.
        offsets: Vec<Dimension>,
        /// Sizes per source dimension.
        sizes: Vec<Dimension>,
        /// Strides per source dimension.
        strides: Vec<Dimension>,
        /// Source dimensions (of size 1) that a rank-reducing subview drops, ascending.
        dropped: Vec<usize>,
    },
    /// `memref.cast`: `[source]`; checks the result type's static sizes.
    MemRefCast,
    /// `memref.reinterpret_cast`: `[source, dynamic offset?, dynamic sizes..., dynamic strides...]`.
    ReinterpretCast {
        /// Element offset from the buffer's start (not from the source's offset).
        offset: Dimension,
        /// Result sizes.
        sizes: Vec<Dimension>,
        /// Result strides.
        strides: Vec<Dimension>,
    },
    /// `memref.expand_shape`: `[source, dynamic output sizes...]`.
    ExpandShape {
        /// For each source dimension, the result dimensions it splits into.
        reassociation: Vec<Vec<usize>>,
        /// The result sizes (`output_shape`).
        output_shape: Vec<Dimension>,
    },
    /// `memref.collapse_shape`: `[source]`.
    CollapseShape {
        /// For each result dimension, the source dimensions it merges.
        reassociation: Vec<Vec<usize>>,
    },
    /// `memref.get_global`: no operands.
    GetGlobal(GlobalId),
    /// `vector.load`: `[memref, indices...]`; consecutive elements of the innermost dimension.
    VectorLoad,
    /// `vector.store`: `[vector, memref, indices...]`.
    VectorStore,
    /// `vector.transfer_read`: `[memref, indices..., padding, mask?]`.
    TransferRead(Transfer),
    /// `vector.transfer_write`: `[vector, memref, indices..., mask?]`.
    TransferWrite(Transfer),
    /// `vector.broadcast`: `[scalar or vector<1>]`.
    Broadcast,
    /// `vector.splat`: `[scalar]`.
    Splat,
    /// `vector.extract`: `[vector, dynamic position?]`.
    Extract(Dimension),
    /// `vector.insert`: `[scalar, vector, dynamic position?]`.
    Insert(Dimension),
    /// `vector.shuffle` of two 1-D vectors: `[first, second]`; result element `i` is element
    /// `mask[i]` of the two concatenated.
    VectorShuffle(Vec<usize>),
    /// `vector.reduction`: `[vector, accumulator?]`.
    Reduction(ReductionKind),
    /// `scf.for`: `[lower, upper, step, inits...]`; body arguments `[iv, iter_args...]`.
    For {
        /// `unsignedCmp`: compare the induction variable unsigned.
        unsigned: bool,
        /// The body, ending in `scf.yield`.
        body: Block,
    },
    /// `scf.if` (and `affine.if` after evaluating its set): `[condition]`.
    If {
        /// The then block, ending in `scf.yield`.
        then: Block,
        /// The else block (empty when absent).
        otherwise: Block,
    },
    /// `scf.while`: `[inits...]`.
    While {
        /// The before block, ending in `scf.condition`.
        before: Block,
        /// The after block, ending in `scf.yield`.
        after: Block,
    },
    /// `scf.parallel` without reductions: `[lowers..., uppers..., steps...]`; body arguments ivs.
    Parallel {
        /// The body, ending in `scf.reduce`.
        body: Block,
    },
    /// `scf.yield`, `affine.yield`, `scf.reduce`: `[values...]`.
    Yield,
    /// `scf.condition`: `[condition, forwarded...]`.
    Condition,
    /// `affine.for`: `[lower operands..., upper operands..., inits...]`; body `[iv, iter_args...]`.
    AffineFor {
        /// Lower bound map (the maximum of its results).
        lower: AffineMap,
        /// Upper bound map (the minimum of its results).
        upper: AffineMap,
        /// Positive step.
        step: i64,
        /// The body, ending in `affine.yield`.
        body: Block,
    },
    /// `affine.if`: `[set operands...]`.
    AffineIf {
        /// The condition.
        condition: IntegerSet,
        /// The then block.
        then: Block,
        /// The else block (empty when absent).
        otherwise: Block,
    },
    /// `affine.apply`: `[map operands...]`, a single-result map.
    AffineApply(AffineMap),
    /// `affine.load`: `[memref, map operands...]`.
    AffineLoad(AffineMap),
    /// `affine.store`: `[value, memref, map operands...]`.
    AffineStore(AffineMap),
    /// `affine.min`: `[map operands...]`.
    AffineMin(AffineMap),
    /// `affine.max`: `[map operands...]`.
    AffineMax(AffineMap),
    /// `gpu.thread_id`.
    ThreadId(Axis),
    /// `gpu.block_id`.
    BlockId(Axis),
    /// `gpu.block_dim`.
    BlockDim(Axis),
    /// `gpu.grid_dim`.
    GridDim(Axis),
    /// `gpu.lane_id`.
    LaneId,
    /// `gpu.subgroup_id`: the warp's number in the block.
    SubgroupId,
    /// `gpu.num_subgroups`: warps per block.
    NumSubgroups,
    /// `gpu.subgroup_size`: 32.
    SubgroupSize,
    /// `gpu.subgroup_broadcast`: `[value]` from the warp's first active lane, or `[value, lane]`
    /// from that lane.
    SubgroupBroadcast {
        /// Whether it reads the first active lane (`first_active_lane`), not a given one.
        first_active: bool,
    },
    /// `gpu.barrier`.
    Barrier,
    /// `gpu.shuffle`: `[value, offset, width]`; results `[value, valid]`.
    Shuffle(ShuffleMode),
    /// `gpu.printf` with its format string; operands: the values to format.
    Printf(String),
    /// A kernel body of several blocks joined by `cf` branches: every thread starts in block 0
    /// and follows its own branches; the lowest-numbered block threads wait at runs next, for
    /// all of them together (so threads that took different branches meet again where the
    /// code joins).
    Graph(Vec<Block>),
    /// `cf.br` to block `0` of its graph; operands: the block's arguments.
    Branch(usize),
    /// `cf.cond_br`: operands `[condition, then arguments…, else arguments…]`.
    CondBranch {
        /// The block taken where the condition holds.
        then: usize,
        /// The block taken where it does not.
        otherwise: usize,
        /// How many operands after the condition go to `then`.
        then_arguments: usize,
    },
    /// `cf.assert`: `[condition]`; a thread where it is false prints CUDA's `__assertfail` line
    /// and the launch stops.
    Assert(Assertion),
    /// `cf.switch`: operands `[flag, default arguments…, each case's arguments…]`.
    Switch(Switch),
    /// `gpu.all_reduce` of a scalar over the whole block (the `op` attribute, or a region of one
    /// combining op): every thread gets the fold of all threads' values in thread order.
    AllReduce(ReductionKind),
    /// `gpu.subgroup_reduce` of a scalar: the fold over each cluster of `size` lanes `stride`
    /// apart within a warp (`size` 32 and `stride` 1 without `cluster`).
    SubgroupReduce {
        /// The combining kind.
        kind: ReductionKind,
        /// Lanes per cluster.
        size: u32,
        /// Distance between a cluster's lanes.
        stride: u32,
    },
    /// `gpu.return` / `gpu.terminator` / `func.return`.
    Return,
    /// `func.call`: `[arguments...]`; the callee's body, whose block arguments are its
    /// parameters and which ends in `func.return`.
    Call {
        /// The callee's symbol name, for messages.
        callee: String,
        /// The callee's body, translated for this call site.
        body: Block,
    },
    /// Host code's `gpu.launch_func` or `gpu.launch`: `[grid x, y, z, block x, y, z,
    /// arguments...]`; runs [`crate::Kernel::launched`]`[kernel]` on that grid, its memref
    /// arguments being the host's buffers (see `execute::host`).
    Launch {
        /// The launched kernel's index in [`crate::Kernel::launched`].
        kernel: usize,
        /// Whether the operand after the sizes is the dynamic shared memory's size in bytes.
        dynamic_shared: bool,
    },
    /// `gpu.dynamic_shared_memory`: the block's dynamic shared memory, bytes of `i8`, as many
    /// as the launch gives (`extern __shared__`).
    DynamicSharedMemory,
    /// `memref.view` of dynamic shared memory: `[source, byte shift, dynamic sizes…]`, the same
    /// for every thread, a typed buffer of its own per block (views that overlap are refused:
    /// they would not alias here).
    View,
    /// `gpu.memcpy` and `memref.copy`: `[target, source]`, two memrefs of one shape.
    Copy,
    /// `gpu.memset`: `[target, value]`.
    Fill,
    /// `gpu.wait`, `gpu.host_register`, `gpu.host_unregister`: nothing to do, as host code's
    /// launches run one at a time.
    Wait,
    /// A call of one of MLIR's runner-utils printers (a `func.func` declaration): `[value]` or
    /// nothing, writing to the program's output.
    Print(Printer),
    /// Any other op, by its MLIR name: running a kernel that contains one is an error.
    Unsupported(String),
}

/// What a failed `cf.assert` prints, as the NVVM lowering passes it to `__assertfail`: the
/// message, and the file, line and function of the op's location (`(unknown)`, 0 where the
/// location has none).
#[derive(Clone, Debug, PartialEq)]
pub struct Assertion {
    /// The op's `msg`.
    pub message: String,
    /// The file of the location (inside call sites, the innermost callee).
    pub file: String,
    /// Its line.
    pub line: u32,
    /// The name of a named location, else `(unknown)`.
    pub function: String,
}

/// A `cf.switch`'s successors: the default and the cases, in their order.
#[derive(Clone, Debug, PartialEq)]
pub struct Switch {
    /// The block taken where no case matches.
    pub default: usize,
    /// How many operands after the flag go to the default block.
    pub default_arguments: usize,
    /// The cases, each with its value, block and number of arguments.
    pub cases: Vec<SwitchCase>,
}

/// One case of a [`Switch`].
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    /// The flag's value (sign-extended) that selects it.
    pub value: i64,
    /// The block it goes to.
    pub target: usize,
    /// How many operands it passes to the block.
    pub arguments: usize,
}

/// MLIR's runner-utils printers (`mlir/ExecutionEngine/{C,}RunnerUtils.h`), as host code
/// declares and calls them; each prints what the C++ runtime prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Printer {
    /// `printMemrefF32`, `printMemrefI32`, ... (operand: the memref, cast to unranked).
    Memref,
    /// `printF32`, `printF64`, `printI64`, `printU64` (operand: the scalar).
    Scalar {
        /// `printU64`: the bits as unsigned.
        unsigned: bool,
    },
    /// `printNewline`: `\n`.
    Newline,
    /// `printComma`: `, `.
    Comma,
    /// `printOpen`: `( `.
    Open,
    /// `printClose`: ` )`.
    Close,
    /// `vector.print %value` of a scalar or a 1-D vector, then `newline` or not: what its
    /// lowering calls (`printF32`…, or `( a, b )` through `printOpen`, `printComma`,
    /// `printClose`), then `printNewline` unless `punctuation = <no_punctuation>`.
    Vector {
        /// Whether a newline follows.
        newline: bool,
    },
}

impl Printer {
    /// The printer a runner-utils function of this name is, if it is one.
    pub fn named(name: &str) -> Option<Printer> {
        Some(match name {
            "printNewline" => Printer::Newline,
            "printComma" => Printer::Comma,
            "printOpen" => Printer::Open,
            "printClose" => Printer::Close,
            "printF32" | "printF64" | "printI64" => Printer::Scalar { unsigned: false },
            "printU64" => Printer::Scalar { unsigned: true },
            _ if name.starts_with("printMemref") => Printer::Memref,
            _ => return None,
        })
    }
}

impl Op {
    /// The MLIR name of the op (`arith.addi`), for messages and traces.
    pub fn name(&self) -> &str {
        match self {
            Op::Constant(_) => "arith.constant",
            Op::IntegerBinary(op) => integer_binary_name(*op),
            Op::FloatBinary(op) => op.name(),
            Op::FloatUnary(op) => op.name(),
            Op::AbsI => "math.absi",
            Op::Fma => "math.fma",
            Op::PowI => "math.fpowi",
            Op::CmpI(_) => "arith.cmpi",
            Op::CmpF(_) => "arith.cmpf",
            Op::Select => "arith.select",
            Op::Cast(cast) => cast_name(*cast),
            Op::Load => "memref.load",
            Op::Store => "memref.store",
            Op::AtomicRmw(_) => "memref.atomic_rmw",
            Op::Alloc => "memref.alloc",
            Op::Alloca => "memref.alloca",
            Op::Dealloc => "memref.dealloc",
            Op::Dim => "memref.dim",
            Op::AlignedPointer => "memref.extract_aligned_pointer_as_index",
            Op::Subview { .. } => "memref.subview",
            Op::MemRefCast => "memref.cast",
            Op::ReinterpretCast { .. } => "memref.reinterpret_cast",
            Op::ExpandShape { .. } => "memref.expand_shape",
            Op::CollapseShape { .. } => "memref.collapse_shape",
            Op::GetGlobal(_) => "memref.get_global",
            Op::VectorLoad => "vector.load",
            Op::VectorStore => "vector.store",
            Op::TransferRead(_) => "vector.transfer_read",
            Op::TransferWrite(_) => "vector.transfer_write",
            Op::Broadcast => "vector.broadcast",
            Op::Splat => "vector.splat",
            Op::Extract(_) => "vector.extract",
            Op::Insert(_) => "vector.insert",
            Op::VectorShuffle(_) => "vector.shuffle",
            Op::Reduction(_) => "vector.reduction",
            Op::For { .. } => "scf.for",
            Op::If { .. } => "scf.if",
            Op::While { .. } => "scf.while",
            Op::Parallel { .. } => "scf.parallel",
            Op::Yield => "scf.yield",
            Op::Condition => "scf.condition",
            Op::AffineFor { .. } => "affine.for",
            Op::AffineIf { .. } => "affine.if",
            Op::AffineApply(_) => "affine.apply",
            Op::AffineLoad(_) => "affine.load",
            Op::AffineStore(_) => "affine.store",
            Op::AffineMin(_) => "affine.min",
            Op::AffineMax(_) => "affine.max",
            Op::ThreadId(_) => "gpu.thread_id",
            Op::BlockId(_) => "gpu.block_id",
            Op::BlockDim(_) => "gpu.block_dim",
            Op::GridDim(_) => "gpu.grid_dim",
            Op::LaneId => "gpu.lane_id",
            Op::SubgroupId => "gpu.subgroup_id",
            Op::NumSubgroups => "gpu.num_subgroups",
            Op::SubgroupSize => "gpu.subgroup_size",
            Op::SubgroupBroadcast { .. } => "gpu.subgroup_broadcast",
            Op::Barrier => "gpu.barrier",
            Op::Shuffle(_) => "gpu.shuffle",
            Op::AllReduce(_) => "gpu.all_reduce",
            Op::Printf(_) => "gpu.printf",
            Op::Graph(_) => "(blocks)",
            Op::Branch(_) => "cf.br",
            Op::CondBranch { .. } => "cf.cond_br",
            Op::Switch(_) => "cf.switch",
            Op::Assert(_) => "cf.assert",
            Op::SubgroupReduce { .. } => "gpu.subgroup_reduce",
            Op::Return => "gpu.return",
            Op::Print(Printer::Vector { .. }) => "vector.print",
            Op::Call { .. } | Op::Print(_) => "func.call",
            Op::Launch { .. } => "gpu.launch_func",
            Op::DynamicSharedMemory => "gpu.dynamic_shared_memory",
            Op::View => "memref.view",
            Op::Copy => "gpu.memcpy",
            Op::Fill => "gpu.memset",
            Op::Wait => "gpu.wait",
            Op::Unsupported(name) => name,
        }
    }

    /// The blocks of the op's regions, in order.
    pub fn blocks(&self) -> Vec<&Block> {
        match self {
            Op::For { body, .. }
            | Op::Parallel { body }
            | Op::AffineFor { body, .. }
            | Op::Call { body, .. } => vec![body],
            Op::If { then, otherwise }
            | Op::AffineIf {
                then, otherwise, ..
            } => {
                vec![then, otherwise]
            }
            Op::While { before, after } => vec![before, after],
            Op::Graph(blocks) => blocks.iter().collect(),
            _ => Vec::new(),
        }
    }
}

fn integer_binary_name(op: IntegerBinary) -> &'static str {
    match op {
        IntegerBinary::AddI => "arith.addi",
        IntegerBinary::SubI => "arith.subi",
        IntegerBinary::MulI => "arith.muli",
        IntegerBinary::DivSI => "arith.divsi",
        IntegerBinary::DivUI => "arith.divui",
        IntegerBinary::RemSI => "arith.remsi",
        IntegerBinary::RemUI => "arith.remui",
        IntegerBinary::FloorDivSI => "arith.floordivsi",
        IntegerBinary::CeilDivSI => "arith.ceildivsi",
        IntegerBinary::CeilDivUI => "arith.ceildivui",
        IntegerBinary::AndI => "arith.andi",
        IntegerBinary::OrI => "arith.ori",
        IntegerBinary::XOrI => "arith.xori",
        IntegerBinary::ShLI => "arith.shli",
        IntegerBinary::ShRSI => "arith.shrsi",
        IntegerBinary::ShRUI => "arith.shrui",
        IntegerBinary::MinSI => "arith.minsi",
        IntegerBinary::MaxSI => "arith.maxsi",
        IntegerBinary::MinUI => "arith.minui",
        IntegerBinary::MaxUI => "arith.maxui",
    }
}

fn cast_name(cast: Cast) -> &'static str {
    match cast {
        Cast::ExtSI => "arith.extsi",
        Cast::ExtUI => "arith.extui",
        Cast::TruncI => "arith.trunci",
        Cast::SIToFP => "arith.sitofp",
        Cast::UIToFP => "arith.uitofp",
        Cast::FPToSI => "arith.fptosi",
        Cast::FPToUI => "arith.fptoui",
        Cast::ExtF => "arith.extf",
        Cast::TruncF => "arith.truncf",
        Cast::IndexCast => "arith.index_cast",
        Cast::IndexCastUI => "arith.index_castui",
        Cast::Bitcast => "arith.bitcast",
    }
}
