//! Errors of building arguments and running kernels: one enum, every message self-contained.
//!
//! Model. An error that happens while a thread executes an op names the op, its location, the
//! block and the thread (`block (x, y, z) thread (x, y, z)`) and what went wrong; launch and
//! argument errors name the kernel or the argument.
//!
//! Cost. Errors are built only on failure.

use thiserror::Error;

/// Why a kernel could not be run, or stopped.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// The kernel contains an op outside the supported subset.
    #[error("{location}: unsupported operation '{op}'")]
    Unsupported {
        /// MLIR op name.
        op: String,
        /// Op location.
        location: String,
    },
    /// A `gpu.barrier` was reached by only part of the block.
    #[error("{location}: barrier divergence in block {block}: {arrived} of {threads} threads reached the barrier; missing {missing}")]
    BarrierDivergence {
        /// Op location.
        location: String,
        /// Block id, `(x, y, z)`.
        block: String,
        /// Number of threads that reached the barrier.
        arrived: usize,
        /// Number of threads in the block.
        threads: usize,
        /// The first threads that did not reach it.
        missing: String,
    },
    /// A memory access outside its memref or buffer.
    #[error("{location}: {op} out of bounds in {thread}: {detail}")]
    OutOfBounds {
        /// MLIR op name.
        op: String,
        /// Op location.
        location: String,
        /// The thread, `block (x, y, z) thread (x, y, z)`.
        thread: String,
        /// Indices and bounds.
        detail: String,
    },
    /// A thread executed an op whose result is undefined (division by zero, bad shuffle, ...).
    #[error("{location}: {op} in {thread}: {reason}")]
    Trap {
        /// MLIR op name.
        op: String,
        /// Op location.
        location: String,
        /// The thread, `block (x, y, z) thread (x, y, z)`.
        thread: String,
        /// What went wrong.
        reason: String,
    },
    /// A `cf.assert` whose condition was false in some thread: the launch, and the program,
    /// stop, as `__assertfail` traps on the GPU.
    #[error("{location}: assertion '{message}' failed in {thread}; the program stops (a failed cf.assert traps)")]
    Assertion {
        /// Op location.
        location: String,
        /// The first thread where it failed, `block (x, y, z) thread (x, y, z)`.
        thread: String,
        /// The assertion's message.
        message: String,
        /// What the program printed before it stopped, the `__assertfail` lines last.
        printed: String,
    },
    /// An op whose operands, results or types do not fit its definition.
    #[error("{location}: malformed {op}: {reason}")]
    Malformed {
        /// MLIR op name.
        op: String,
        /// Op location.
        location: String,
        /// What does not fit.
        reason: String,
    },
    /// The number of arguments differs from the number of kernel parameters.
    #[error("kernel '{kernel}' takes {expected} arguments, {given} given")]
    ArgumentCount {
        /// Kernel name.
        kernel: String,
        /// Number of parameters.
        expected: usize,
        /// Number of arguments.
        given: usize,
    },
    /// An argument does not fit its parameter.
    #[error("argument {index}: {reason}")]
    Argument {
        /// Zero-based parameter position.
        index: usize,
        /// What does not fit.
        reason: String,
    },
    /// An argument spec that cannot be parsed.
    #[error("cannot parse argument '{spec}': {reason}")]
    Spec {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A grid or block size that cannot be launched.
    #[error("invalid launch of '{kernel}': {reason}")]
    Launch {
        /// Kernel name.
        kernel: String,
        /// What is wrong.
        reason: String,
    },
    /// A loop round that changed nothing (no memory, no output, the same carried values): it
    /// waits for a write that only another block or kernel could make, and the interpreter runs
    /// blocks and launches one after another, so that write never comes.
    #[error("{location}: this scf.while spins: a round changed no memory and no carried value, so it waits for a write by another block or kernel running at the same time; the interpreter runs blocks and launches one after another, so it cannot run this program")]
    Spin {
        /// Location of the loop.
        location: String,
    },
    /// More loop iterations than the options allow (a likely infinite loop).
    #[error("{location}: more than {limit} loop iterations; stopped")]
    IterationLimit {
        /// Location of the loop that exceeded the limit.
        location: String,
        /// The limit.
        limit: u64,
    },
}

impl Error {
    /// What the program printed before this error stopped it (only a failed assertion keeps
    /// it: every other error is the interpreter's, not the program's).
    pub fn printed(&self) -> &str {
        match self {
            Error::Assertion { printed, .. } => printed,
            _ => "",
        }
    }

    /// The error of a launch, after `earlier`: what the launching program printed first.
    pub(crate) fn after_output(mut self, earlier: &str) -> Error {
        if let Error::Assertion { printed, .. } = &mut self {
            printed.insert_str(0, earlier);
        }
        self
    }
}
