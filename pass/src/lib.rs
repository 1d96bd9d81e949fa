//! gpu-mem-opt: an MLIR pass that makes GPU kernels use memory well.
//!
//! The crate is the Rust half of the pass. The C++ half (`dialect-glue/`)
//! registers the pass with MLIR and owns its options; everything that looks at
//! or changes IR is here. The data flow (design.md, "Data flow"):
//!
//! ```text
//! module ─▶ kernels ─▶ accesses ─▶ analysis (crate `analysis`) ─▶ plan ─▶ rewrite ─▶ remarks + report
//! ```
//!
//! * [`kernels`] finds the kernels under the operation the pass runs on
//!   (`gpu.func` with `gpu.kernel`, `gpu.launch` bodies) and their block sizes.
//! * [`accesses`] lists every memory operation of a kernel with the memref it
//!   touches, traced back to its root (kernel argument, shared buffer, global).
//! * [`vectorize`] decides vector widths, [`memory_space`] the read-only path and
//!   constant memory for kernel arguments (with [`effects`]: who may read or write
//!   which buffer); `transform` applies them; [`widened`] carries the
//!   accesses' `after` metrics through vector-width changes.
//! * [`report`] is the JSON contract of design.md; [`diagnostics`] emits the
//!   same facts as MLIR remarks at each operation's location.
//! * [`run`] is the pass itself; [`ffi`] is the C surface (mirrored by
//!   `dialect-glue/include/gpu-mem-opt.h`); [`pipeline`] drives MLIR from Rust
//!   (parse, run pass pipelines, extract PTX) for the command line and tests.

pub mod accesses;
pub mod diagnostics;
pub mod effects;
pub mod error;
pub mod extract;
pub mod ffi;
pub mod findings;
pub mod ir;
pub mod kernels;
pub mod memory_space;
pub mod options;
pub mod pipeline;
pub mod report;
pub mod rewrite;
pub mod run;
pub mod shared;
pub mod shared_global;
pub mod shared_joint;
pub mod stage;
pub mod step;
pub mod transform;
pub mod uniform;
pub mod vectorize;
pub mod views;
pub mod widened;

pub use error::Error;
pub use options::Options;
