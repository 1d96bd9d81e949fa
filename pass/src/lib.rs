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
//! The folders are the layers, each depending only on those before it:
//!
//! * [`ir`]: helpers over MLIR's C API (names, attributes, locations) and
//!   [`ir::builder`], which builds operations.
//! * [`facts`]: what the IR says, computed without changing it: the kernels and
//!   their block sizes ([`facts::kernels`]), every memory access traced to its root
//!   ([`facts::accesses`]), its access matrix ([`facts::extract`]) and metrics
//!   ([`facts::findings`]), memory effects and aliasing ([`facts::effects`]), views,
//!   and whether a point is reached alike by every thread of a block ([`facts::uniform`]).
//! * [`steps`]: one folder per step, named as its option, its remarks and report
//!   kind and its test files: [`steps::vectorize`], [`steps::memory_space`],
//!   [`steps::stage_shared`], [`steps::shared_layout`]. Each decides from facts and
//!   applies its plan; [`steps::settle`] is the one way a decision is recorded.
//! * [`time`]: the predicted time of one launch, as written and as the steps leave it
//!   (`analysis::time`'s model on counts from the facts and the IR; issue 35).
//! * [`order`]: the steps' order, as data (each stage's phase and what it needs);
//!   [`driver`] is the pass itself: that order over every kernel; [`contract`] reads
//!   what a kernel's launcher must do beyond launching it (none with the default options).
//! * [`report`] is the JSON contract of design.md; [`diagnostics`] emits the
//!   same facts as MLIR remarks at each operation's location; [`options`]
//!   validates the pass options.
//! * [`ffi`] is the C surface (mirrored by `dialect-glue/include/gpu-mem-opt.h`);
//!   [`pipeline`] drives MLIR from Rust (parse, run pass pipelines, extract PTX)
//!   for the command line and tests.

pub mod contract;
pub mod diagnostics;
pub mod driver;
pub mod error;
pub mod facts;
pub mod ffi;
pub mod ir;
pub mod lowering;
pub mod options;
pub mod order;
pub mod pipeline;
pub mod report;
pub mod steps;
pub mod time;

pub use error::Error;
pub use options::Options;
