//! Reference interpreter for gpu-mem-opt: runs GPU kernels on the CPU, exactly, and measures
//! their warp memory traffic.
//!
//! Purpose. Every transform of the pass is proven by running a kernel before and after it on
//! the same inputs and demanding bit-identical outputs; the measured per-warp addresses hold the
//! static analysis to account (sectors per request, bank-conflict degree, distinct addresses).
//!
//! Model. A translator turns a `gpu.func` into a [`Kernel`] once ([`ir`], [`ops`], [`affine`],
//! built with [`KernelBuilder`]); [`run`] executes it SIMT-style over each thread block
//! ([`execute`]) with exact integer and IEEE float semantics (modules `integer`, `float`,
//! `convert`), on buffers with realistic byte addresses (module `memory`), and returns a [`Trace`].
//! Arguments come from specs such as `iota` or `random:7` ([`argument`]).
//!
//! Translating MLIR (for the translator). Walk the kernel's ops in order; keep a map from MLIR
//! values to [`ValueId`]s. For each op: map its operands, translate each region's single block
//! between [`KernelBuilder::begin_block`] (creating the block arguments: the induction variable
//! and iteration arguments of `scf.for`/`affine.for`, the arguments of `scf.while`'s blocks, the
//! ivs of `scf.parallel`) and [`KernelBuilder::end_block`], then [`KernelBuilder::push`] the
//! [`Op`] with the operands in MLIR order and the result types, and map the results.
//! Terminators (`scf.yield`, `affine.yield`, `scf.reduce`, `scf.condition`, `gpu.return`)
//! are pushed like any op ([`Op::Yield`], [`Op::Condition`], [`Op::Return`]). `affine.if`
//! becomes [`Op::AffineIf`] with its integer set; `affine.for` keeps its bound maps
//! ([`Op::AffineFor`]). Kernel arguments are [`KernelBuilder::parameter`]s (memrefs with a
//! strided layout: [`KernelBuilder::parameter_with_layout`]); workgroup and private
//! attributions are [`KernelBuilder::workgroup_buffer`] and [`KernelBuilder::private_buffer`];
//! `memref.global`s referenced by `memref.get_global` are [`KernelBuilder::global`]s. A `gpu.launch`
//! body's id block arguments become `gpu.thread_id`/`gpu.block_id`/... ops at the top of the
//! body. Any other op becomes [`Op::Unsupported`] with its name, which [`run`] reports with its
//! location before executing anything. Locations are `file:line:col` strings.
//!
//! Cost. See [`execute`]: a 1024×1024 f32 naive transpose (one million threads, blocks of 32×8,
//! tracing both accesses) takes about 0.23 s in release mode on one core
//! (`cargo test --release -p gpu-mem-opt-interp --test performance -- --ignored --nocapture`).

pub mod affine;
pub mod argument;
pub mod builder;
mod convert;
pub mod error;
pub mod execute;
mod float;
mod integer;
pub mod ir;
mod memory;
pub mod ops;
pub mod trace;

pub use affine::{AffineExpr, AffineMap, Constraint, IntegerSet};
pub use argument::{decode, encode, format_element, Argument, Fill, HostBuffer, Scalar};
pub use builder::KernelBuilder;
pub use error::Error;
pub use execute::{run, Options, DEFAULT_MEMORY_LIMIT, MAX_BLOCK_THREADS};
pub use ir::{
    Block, Dimension, ElementType, Global, GlobalId, Kernel, Layout, MemRefType, MemorySpace,
    Operation, Type, ValueId,
};
pub use memory::MAX_RANK;
pub use ops::{
    Assertion, AtomicKind, Axis, Cast, FloatBinary, FloatPredicate, FloatUnary, IntegerBinary,
    IntegerPredicate, Op, Printer, ReductionKind, ShuffleMode, Switch, SwitchCase, Transfer,
    TransferAxis,
};
pub use trace::{AccessKind, AccessTrace, Launch, Trace, WarpRequest};
