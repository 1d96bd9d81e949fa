//! gpu-mem-opt-runner: runs PTX kernels on an NVIDIA GPU through the CUDA driver, times them,
//! compares their outputs bit for bit, and builds and runs the benchmark suite (`bench/`).
//!
//! Purpose. The pass is proven on the CPU by the reference interpreter; this crate carries
//! the same kernels to the hardware. It has no MLIR or LLVM dependency: the x86-64 binary is
//! copied to a GPU machine that has a driver but no compiler, no MLIR and no package
//! registry. The CUDA driver (`libcuda.so`) is loaded at run time ([`cuda`]), so the crate
//! builds, and every command that needs no GPU runs, where CUDA is absent; a command that
//! needs one says "no CUDA driver found".
//!
//! Data. Buffers are filled with the interpreter's own generators (`zeros`, `ones`, `iota`,
//! `random:SEED`, [`interpreter::HostBuffer::filled`] through [`interpreter::Argument::parse`])
//! and printed with its own formatter, so a launch and a `gpu-mem-opt interp` run with the
//! same specs start from the same bits and their outputs compare element for element.
//!
//! # Launch description (JSON, [`description::Description`])
//!
//! ```json
//! { "version": 1,
//!   "ptx": "transpose.ptx",                  // relative to this file; PTX text or a cubin
//!   "kernel": "transpose",                   // the .entry
//!   "grid": [128, 512, 1], "block": [32, 8, 1],
//!   "shared_bytes": 0,                       // dynamic shared memory per block
//!   "convention": "memref-descriptor",       // or "bare-pointer"
//!   "arguments": [                           // in parameter order
//!     { "name": "in",  "memref": { "element": "f32", "shape": [4096, 4096],
//!                                  "strides": [4096, 1], "offset": 0,   // optional: row-major, 0
//!                                  "fill": "random:1" } },
//!     { "name": "out", "memref": { "element": "f32", "shape": [4096, 4096],
//!                                  "fill": "zeros", "output": "binary" } },  // or "text"
//!     { "name": "k",   "memref": { "element": "f32", "shape": [256], "fill": "random:3",
//!                                  "constant": "kValues",   // copy into this .const symbol
//!                                  "parameter": false } },  // and pass no pointer
//!     { "name": "n",   "scalar": { "element": "i32", "value": "4096" } } ],
//!   "warmup": 3, "repeats": 20,
//!   "bytes_moved": 134217728 }               // for GB/s; optional
//! ```
//!
//! Under `memref-descriptor` (MLIR's default calling convention) a rank-r memref is `3 + 2r`
//! 64-bit parameters (allocated and aligned pointer, offset, sizes, strides); under
//! `bare-pointer` one pointer ([`parameters`]). The runner checks the packed parameters
//! against the PTX `.entry` signature before launching ([`launch::check`]).
//!
//! # Result (JSON, [`result::LaunchResult`], written as `result.json` beside the outputs)
//!
//! ```json
//! { "version": 1, "kernel": "transpose", "device": "NVIDIA H100 80GB HBM3",
//!   "ms_median": 0.61, "ms_all": [0.62, 0.61, ...], "gbps": 220.1,
//!   "outputs": [ { "name": "out", "path": "out.bin", "format": "binary",
//!                  "element": "f32", "shape": [4096, 4096] } ] }
//! ```
//!
//! # Commands (`gpu-mem-opt-runner`, see `main.rs`)
//!
//! `launch DESCRIPTION.json [--out DIR]`, `check DESCRIPTION.json` (no GPU),
//! `compare LEFT RIGHT [--output NAME]` (result files, `.bin`/`.txt` outputs, or the
//! interpreter's `--print-arg` text), `copy [--bytes N]`, `suite build|check|run` for the
//! benchmark suite ([`suite`]), and `calibrate build|run` for the cost model's
//! micro-benchmarks ([`calibrate`]).

pub mod calibrate;
pub mod compare;
pub mod copy;
pub mod cuda;
pub mod description;
pub mod error;
pub mod files;
pub mod launch;
pub mod layout;
pub mod output;
pub mod parameters;
pub mod result;
pub mod sources;
pub mod suite;

pub use error::{Error, Result};
