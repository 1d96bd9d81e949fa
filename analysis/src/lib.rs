//! Pure access analysis for gpu-mem-opt: plain data in, plain data out, no MLIR handles.
//!
//! The pass translates each memory operation of a kernel into an [`Access`] (index
//! expressions over thread ids, block ids, loop variables and symbols, a memref layout, a
//! guard and the enclosing loops). This crate then answers, for one thread block of a given
//! size and a [`Target`]:
//!
//! * [`request`]: the per-warp-request metrics (sectors, shared-memory wavefronts, distinct
//!   addresses) and their running totals, shared with the reference interpreter, which feeds
//!   it measured lane addresses;
//! * [`metrics`]: the same metrics predicted statically for every warp and loop iteration of
//!   an access, exact or `Unknown` with a reason;
//! * [`closed_form`]: Gao's closed forms for bank-conflict degrees and periodicity;
//! * [`pattern`]: Jang's access-pattern classes and Fang's MAP ids;
//! * [`shared_layout`]: padding, XOR swizzle or nothing for a shared buffer, chosen by exact
//!   wavefront counts, with the exhaustive bijection check and upstream's formula to compare;
//! * [`vector_width`]: how many consecutive elements a thread may move with one instruction
//!   (contiguity, proven alignment, 16 bytes), and what blocks a wider access;
//! * [`neighbor`]: stencil loads grouped into one Neighbor reference (Fang §5.1.2);
//! * [`staging`]: whether a global access is staged through shared memory (Fang's rule
//!   NV-C with the measured sectors, the per-block footprint box and reuse);
//! * [`memory_space`]: constant memory, the read-only path or global loads for a buffer
//!   (Jang's Algorithm 3 with Fang's warp costs); [`constant_copy`]: whether constant memory
//!   pays for the copy its launcher makes before each launch;
//! * [`delinearize`]: whether a flat index `row·W + column` may be read as a row and column
//!   of a 2-D view (`0 ≤ column < W` proven from guards, loop bounds and id ranges);
//! * [`coarsening`]: how many blocks' work one block does (Little's law, issue 33);
//! * [`promote`]: the window of registers a loop carries for loads along its counter
//!   (issue 33);
//! * [`register_tile`]: how many outputs a thread of an accumulation loop computes, and the
//!   loads their shared trips save (issue 33);
//! * [`time`]: the predicted time of a launch from those counts (issue 35);
//! * [`relayout`]: the order of a global buffer's dimensions in memory, chosen by exact
//!   sectors over every access of every kernel (Sung's layout transformation).
//!
//! Modules, in dependency order: [`target`] → [`request`] → [`expression`] → [`matrix`]
//! → [`closed_form`] → [`metrics`] → [`pattern`], [`shared_layout`],
//! [`vector_width`], [`memory_space`], [`relayout`]; [`subview`] moves accesses through views onto their buffer.

#![deny(missing_docs)]

pub mod closed_form;
pub mod coarsening;
pub mod constant_copy;
pub mod delinearize;
pub mod expression;
pub mod interior;
pub mod joint_layout;
pub mod matrix;
pub mod memory_space;
pub mod metrics;
pub mod misalignment;
pub mod neighbor;
pub mod pattern;
pub mod promote;
pub mod register_tile;
pub mod relayout;
pub mod request;
pub mod shared_layout;
pub mod staging;
pub mod subview;
pub mod target;
pub mod time;
pub mod vector_width;

pub use expression::{IndexExpression, LinearForm, Loop, LoopId, Unknown, Variable};
pub use matrix::{
    Access, AccessKind, AccessMatrix, Condition, MemorySpace, MemrefLayout, Relation,
};
pub use metrics::{warp_metrics, AccessMetrics, Block};
pub use pattern::{classify, Classification, IntraThread, MapId, Pattern};
pub use request::{Metrics, MetricsAccumulator, Request};
pub use target::{BankGeometry, BankModel, Target};

/// Failures of this crate's constructors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Unsupported input: an SM version the target model does not know.
    #[error("unsupported target sm_{sm}; supported: {supported}")]
    UnsupportedSm {
        /// The requested SM version.
        sm: u32,
        /// The supported versions, comma separated.
        supported: String,
    },
}

/// A finding and what would unblock it, as one sentence (`finding; unblock: advice`): the one
/// place the two are joined, for remarks and reasons alike.
pub fn advised(finding: &str, advice: Option<&str>) -> String {
    match advice {
        Some(advice) => format!("{finding}; unblock: {advice}"),
        None => finding.to_string(),
    }
}
