//! Launching a kernel: SIMT execution of the structured program over each thread block.
//!
//! Model. For each block of the grid (x fastest, then y, then z) the executor walks the
//! kernel's structured program once, carrying the ascending list of active threads (the mask).
//! Every op executes for all active threads at once, writing their entries of the op's result
//! slots (see `values`). `scf.if`/`affine.if` split the mask; loops run while any thread still
//! iterates, dropping each thread when its own condition fails (per-thread trip counts);
//! `gpu.barrier` demands the whole block. Because each memory op runs for all active threads of
//! the block together, every warp's request is observable and goes to the trace.
//!
//! Executing threads in lockstep is one legal schedule of a barrier-synchronised program: for a
//! race-free kernel it gives the kernel's only result. Within one store, threads write in
//! ascending order, so of several threads writing one address the highest id wins.
//!
//! Memory. Memref arguments become global (or constant) buffers that the arguments' data moves
//! into and back out of; workgroup attributions, workgroup-space globals and workgroup
//! `memref.alloc`s get one buffer per block, zero-filled when the block starts (or the alloc
//! runs); private attributions and other `alloc`/`alloca`s get one buffer per thread,
//! zero-filled likewise; other globals are initialised once per launch.
//!
//! Assumptions. `gpu.return` only ends the kernel body (MLIR allows it nowhere else), so no
//! thread leaves early and "all threads that have not returned" is the whole block. Blocks hold
//! at most 1024 threads, as on the hardware.
//!
//! Cost. Per op and block: one dispatch plus a tight loop over the active threads; per memory
//! op and warp: one metrics request. Slots are allocated once per launch.

mod access;
mod arith;
mod control;
mod gpu;
mod host;
mod memref;
mod printf;
mod setup;
mod values;
mod vector;

use std::collections::HashMap;

use analysis::target::BankModel;

use crate::argument::Argument;
use crate::error::Error;
use crate::ir::{Kernel, Operation};
use crate::memory::{BufferId, Memory};
use crate::ops::Op;
use crate::trace::{Launch, Recorder, Trace};

use values::{malformed, Slot};

/// The most threads a block may have.
pub const MAX_BLOCK_THREADS: u32 = 1024;

/// How to run a launch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Keep every warp request's lane addresses in the trace (metrics are always kept).
    pub keep_requests: bool,
    /// Stop with an error after this many loop iterations (counted per block, all loops).
    pub iteration_limit: u64,
    /// Shared-memory bank mapping for the bank-conflict metric.
    pub bank_model: BankModel,
    /// The most bytes all of a launch's buffers may hold here (arguments, globals, attributions,
    /// allocations; 8 bytes per element): more is an error naming what went over, never an abort.
    pub memory_limit: u64,
    /// Do what gpu-mem-opt's launch contract asks of a launcher: copy each constant-bound
    /// argument into its global before the launch, and divide the grid of a coarsened kernel
    /// ([`Kernel::launched_grid`]); off for launches from a program's host code, which must
    /// do both themselves.
    pub fulfil_contract: bool,
    /// Bytes of dynamic shared memory each block gets (`gpu.dynamic_shared_memory`), as the
    /// launch's `dynamic_shared_memory_size` gives them (with `fulfil_contract`, plus the
    /// kernel's [`Kernel::dynamic_shared_added`]).
    pub dynamic_shared_bytes: u64,
}

/// The default [`Options::memory_limit`]: 8 GiB, so that `diff`'s two launches at once fit a
/// third of this project's 24 GiB machines (`/work/.library/env`) beside the pass and traces.
pub const DEFAULT_MEMORY_LIMIT: u64 = 8 << 30;

impl Default for Options {
    fn default() -> Options {
        Options {
            keep_requests: false,
            iteration_limit: 1 << 32,
            bank_model: BankModel::Conventional,
            memory_limit: DEFAULT_MEMORY_LIMIT,
            fulfil_contract: true,
            dynamic_shared_bytes: 0,
        }
    }
}

/// Runs `kernel` on a `grid` of blocks of `block` threads; memref arguments are updated in place.
pub fn run(
    kernel: &Kernel,
    grid: [u32; 3],
    block: [u32; 3],
    arguments: &mut [Argument],
    options: &Options,
) -> Result<Trace, Error> {
    let grid = if options.fulfil_contract {
        kernel.launched_grid(grid).map_err(|reason| Error::Launch {
            kernel: kernel.name.clone(),
            reason,
        })?
    } else {
        grid
    };
    check_launch(kernel, grid, block)?;
    check_supported(kernel)?;
    if arguments.len() != kernel.parameters().len() {
        return Err(Error::ArgumentCount {
            kernel: kernel.name.clone(),
            expected: kernel.parameters().len(),
            given: arguments.len(),
        });
    }
    let constants = if options.fulfil_contract {
        setup::constant_data(kernel, arguments)?
    } else {
        Vec::new()
    };
    let grown;
    let options = if options.fulfil_contract && kernel.dynamic_shared_added > 0 {
        grown = Options {
            dynamic_shared_bytes: options
                .dynamic_shared_bytes
                .saturating_add(kernel.dynamic_shared_added),
            ..options.clone()
        };
        &grown
    } else {
        options
    };
    let mut executor = Executor::new(kernel, grid, block, options);
    let bound = executor
        .hold_arguments(arguments)
        .and_then(|()| executor.bind_arguments(arguments));
    let outcome = match &bound {
        Ok(_) => executor
            .setup_memory(&constants)
            .and_then(|()| executor.run_grid()),
        Err(error) => Err(error.clone()),
    };
    for bound in bound.unwrap_or_default() {
        if let Argument::Buffer(host) = &mut arguments[bound.index] {
            bound.give_back(&mut executor, host);
        }
    }
    outcome?;
    let Executor {
        recorder,
        output,
        launches,
        ..
    } = executor;
    Ok(Trace {
        output,
        launches,
        ..recorder.finish()
    })
}

/// Rejects empty grids and blocks and blocks over [`MAX_BLOCK_THREADS`].
fn check_launch(kernel: &Kernel, grid: [u32; 3], block: [u32; 3]) -> Result<(), Error> {
    let reason = if grid.contains(&0) || block.contains(&0) {
        Some(format!(
            "grid {grid:?} and block {block:?} must be at least 1 in every dimension"
        ))
    } else if block.iter().map(|&size| u64::from(size)).product::<u64>()
        > u64::from(MAX_BLOCK_THREADS)
    {
        Some(format!(
            "block {block:?} has more than {MAX_BLOCK_THREADS} threads"
        ))
    } else {
        None
    };
    reason.map_or(Ok(()), |reason| {
        Err(Error::Launch {
            kernel: kernel.name.clone(),
            reason,
        })
    })
}

/// Rejects a kernel containing an [`Op::Unsupported`], naming the first one.
fn check_supported(kernel: &Kernel) -> Result<(), Error> {
    let mut first = None;
    kernel.body.walk(&mut |operation| {
        if let (None, Op::Unsupported(name)) = (&first, &operation.op) {
            first = Some(Error::Unsupported {
                op: name.clone(),
                location: operation.location.clone(),
            });
        }
    });
    first.map_or(Ok(()), Err)
}

/// The state of one launch.
pub(crate) struct Executor<'k> {
    kernel: &'k Kernel,
    grid: [u32; 3],
    block_size: [u32; 3],
    block_id: [u32; 3],
    threads: usize,
    iteration_limit: u64,
    iterations: u64,
    memory_limit: u64,
    /// Bytes the launch's buffers hold so far (see [`Options::memory_limit`]).
    held: u64,
    slots: Vec<Slot>,
    /// The bit width of every value's elements, by [`crate::ValueId`].
    widths: Vec<u32>,
    memory: Memory,
    recorder: Recorder,
    /// Buffers zero-filled at every block start, with their lengths.
    block_buffers: Vec<(BufferId, usize)>,
    /// The buffer of each global, with its sizes.
    globals: Vec<(BufferId, Vec<i64>)>,
    /// Buffers of `memref.alloc`/`alloca` by op and thread (`u32::MAX` for a workgroup one).
    allocations: HashMap<(*const Operation, u32), BufferId>,
    /// How the launch runs (for the launches host code makes).
    options: Options,
    /// What host code printed.
    output: String,
    /// The byte ranges of this block's views of dynamic shared memory, by view op.
    dynamic_views: Vec<(*const Operation, i64, i64)>,
    /// The launches host code made, in order.
    launches: Vec<Launch>,
}

impl<'k> Executor<'k> {
    fn new(
        kernel: &'k Kernel,
        grid: [u32; 3],
        block_size: [u32; 3],
        options: &Options,
    ) -> Executor<'k> {
        let threads = block_size.iter().product::<u32>() as usize;
        Executor {
            kernel,
            grid,
            block_size,
            block_id: [0; 3],
            threads,
            iteration_limit: options.iteration_limit,
            iterations: 0,
            memory_limit: options.memory_limit,
            held: 0,
            slots: kernel
                .value_types
                .iter()
                .map(|ty| Slot::for_type(ty, threads))
                .collect(),
            widths: kernel
                .value_types
                .iter()
                .map(|ty| ty.element().bit_width())
                .collect(),
            memory: Memory::default(),
            recorder: Recorder::new(kernel, options.keep_requests, options.bank_model),
            block_buffers: Vec::new(),
            globals: Vec::new(),
            allocations: HashMap::new(),
            options: options.clone(),
            output: String::new(),
            dynamic_views: Vec::new(),
            launches: Vec::new(),
        }
    }

    /// Runs every block of the grid.
    fn run_grid(&mut self) -> Result<(), Error> {
        let all = self.all_threads();
        let kernel = self.kernel;
        let [grid_x, grid_y, grid_z] = self.grid;
        for z in 0..grid_z {
            for y in 0..grid_y {
                for x in 0..grid_x {
                    self.block_id = [x, y, z];
                    self.iterations = 0;
                    self.dynamic_views.clear();
                    for &(buffer, length) in &self.block_buffers {
                        self.memory.zero(buffer, length);
                    }
                    self.run_block(&kernel.body, &all)?;
                    self.recorder.end_block();
                }
            }
        }
        Ok(())
    }

    /// Executes one op for the active threads `lanes` (terminators are handled by `run_block`).
    fn execute(&mut self, operation: &'k Operation, lanes: &[u32]) -> Result<(), Error> {
        match &operation.op {
            Op::Constant(bits) => self.constant(operation, bits, lanes),
            Op::IntegerBinary(op) => self.integer_binary(operation, *op, lanes),
            Op::FloatBinary(op) => self.float_binary(operation, *op, lanes),
            Op::FloatUnary(op) => self.float_unary(operation, *op, lanes),
            Op::AbsI => self.absolute_integer(operation, lanes),
            Op::Fma => self.fused_multiply_add(operation, lanes),
            Op::PowI => self.power_integer(operation, lanes),
            Op::CmpI(predicate) => self.compare_integers(operation, *predicate, lanes),
            Op::CmpF(predicate) => self.compare_floats(operation, *predicate, lanes),
            Op::Select => self.elementwise(operation, lanes, |[condition, yes, no]| {
                Ok(if condition & 1 == 1 { yes } else { no })
            }),
            Op::Cast(cast) => self.cast(operation, *cast, lanes),
            Op::Load | Op::AffineLoad(_) | Op::VectorLoad => self.load(operation, lanes),
            Op::Store | Op::AffineStore(_) | Op::VectorStore => self.store(operation, lanes),
            Op::AtomicRmw(kind) => self.atomic_rmw(operation, *kind, lanes),
            Op::TransferRead(transfer) => self.transfer_read(operation, *transfer, lanes),
            Op::TransferWrite(transfer) => self.transfer_write(operation, *transfer, lanes),
            Op::Alloc | Op::Alloca => self.allocate(operation, lanes),
            Op::DynamicSharedMemory => self.dynamic_shared_memory(operation, lanes),
            Op::View => self.view(operation, lanes),
            Op::Dealloc | Op::Wait => Ok(()),
            Op::Dim => self.dimension(operation, lanes),
            Op::AlignedPointer => self.aligned_pointer(operation, lanes),
            Op::Subview {
                offsets,
                sizes,
                strides,
                dropped,
            } => self.subview(operation, [offsets, sizes, strides], dropped, lanes),
            Op::MemRefCast => self.memref_cast(operation, lanes),
            Op::ReinterpretCast {
                offset,
                sizes,
                strides,
            } => self.reinterpret_cast(operation, *offset, sizes, strides, lanes),
            Op::ExpandShape {
                reassociation,
                output_shape,
            } => self.expand_shape(operation, reassociation, output_shape, lanes),
            Op::CollapseShape { reassociation } => {
                self.collapse_shape(operation, reassociation, lanes)
            }
            Op::GetGlobal(global) => self.get_global(operation, *global, lanes),
            Op::Broadcast | Op::Splat => self.elementwise(operation, lanes, |[value]| Ok(value)),
            Op::Extract(position) => self.extract(operation, *position, lanes),
            Op::Insert(position) => self.insert(operation, *position, lanes),
            Op::VectorShuffle(mask) => self.vector_shuffle(operation, mask, lanes),
            Op::Reduction(kind) => self.reduction(operation, *kind, lanes),
            Op::For { unsigned, body } => self.run_for(operation, *unsigned, body, lanes),
            Op::If { then, otherwise } => self.run_if(operation, then, otherwise, lanes),
            Op::While { before, after } => self.run_while(operation, before, after, lanes),
            Op::Parallel { body } => self.run_parallel(operation, body, lanes),
            Op::Call { body, .. } => self.run_call(operation, body, lanes),
            Op::AffineFor {
                lower,
                upper,
                step,
                body,
            } => self.run_affine_for(operation, [lower, upper], *step, body, lanes),
            Op::AffineIf {
                condition,
                then,
                otherwise,
            } => self.run_affine_if(operation, condition, then, otherwise, lanes),
            Op::AffineApply(map) | Op::AffineMin(map) | Op::AffineMax(map) => {
                self.affine_value(operation, map, lanes)
            }
            Op::ThreadId(_)
            | Op::BlockId(_)
            | Op::BlockDim(_)
            | Op::GridDim(_)
            | Op::LaneId
            | Op::SubgroupId
            | Op::NumSubgroups
            | Op::SubgroupSize => self.gpu_id(operation, lanes),
            Op::SubgroupBroadcast { first_active } => {
                self.subgroup_broadcast(operation, *first_active, lanes)
            }
            Op::Barrier => self.barrier(operation, lanes),
            Op::Shuffle(mode) => self.shuffle(operation, *mode, lanes),
            Op::AllReduce(kind) => self.all_reduce(operation, *kind, lanes),
            Op::Printf(format) => self.printf(operation, format, lanes),
            Op::Assert(assertion) => self.assert(operation, assertion, lanes),
            Op::Graph(blocks) => self.run_graph(operation, blocks, lanes),
            Op::Branch(_) | Op::CondBranch { .. } | Op::Switch(_) => Err(malformed(
                operation,
                "a branch outside a body of several blocks",
            )),
            Op::SubgroupReduce { kind, size, stride } => {
                self.subgroup_reduce(operation, *kind, (*size, *stride), lanes)
            }
            Op::Yield | Op::Condition | Op::Return => {
                Err(malformed(operation, "terminator in the middle of a block"))
            }
            Op::Launch {
                kernel,
                dynamic_shared,
            } => self.launch(operation, (*kernel, *dynamic_shared), lanes),
            Op::Copy => self.copy(operation, lanes),
            Op::Fill => self.fill(operation, lanes),
            Op::Print(printer) => self.print(operation, *printer, lanes),
            Op::Unsupported(name) => Err(Error::Unsupported {
                op: name.clone(),
                location: operation.location.clone(),
            }),
        }
    }
}
