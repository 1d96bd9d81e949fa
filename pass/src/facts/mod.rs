//! Facts about a kernel's IR, computed without changing it: which kernels there
//! are and their block sizes, every memory access traced to its root, its
//! access matrix and warp metrics, memory effects and aliasing, views, and
//! uniformity across the block, and which GPU a kernel is compiled for. Steps decide from these; after a step changed
//! the IR, the driver takes them again.

pub mod accesses;
pub mod effects;
pub mod extract;
pub mod findings;
pub mod kernels;
pub mod launches;
pub mod target;
pub mod uniform;
pub mod views;
