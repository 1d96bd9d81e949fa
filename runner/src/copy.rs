//! The physical limit: device-to-device copy bandwidth (`cuMemcpyDtoD` of N bytes).
//!
//! Model. One copy reads N bytes and writes N bytes, so its effective bandwidth counts 2N
//! bytes, the same way a kernel's `bytes_moved` counts every byte read and written; a
//! kernel's GB/s divided by this figure is its fraction of what the memory system delivers.
//! Warm-up copies first, then the median of timed ones (each between two CUDA events).
//!
//! Cost. `warmup + repeats` copies of N bytes; two buffers of N bytes on the device.

use serde::{Deserialize, Serialize};

use crate::cuda::{Gpu, Timer};
use crate::error::Result;
use crate::result;

/// Default bytes per copy: 1 GiB, far beyond the 50 MiB L2 cache of an H100.
pub const DEFAULT_BYTES: usize = 1 << 30;

/// What the copy benchmark measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CopyResult {
    /// The device.
    pub device: String,
    /// Bytes per copy.
    pub bytes: usize,
    /// Median milliseconds per copy.
    pub ms_median: f64,
    /// Every timed copy, in milliseconds.
    pub ms_all: Vec<f64>,
    /// Effective bandwidth in GB/s: 2 × bytes (read and written) over the median.
    pub gbps: f64,
}

/// Measures device-to-device copies of `bytes` bytes.
pub fn copy_bandwidth(gpu: &Gpu, bytes: usize, warmup: u32, repeats: u32) -> Result<CopyResult> {
    let source = gpu.allocate(bytes)?;
    let destination = gpu.allocate(bytes)?;
    for _ in 0..warmup {
        gpu.copy(&destination, &source, bytes)?;
    }
    gpu.synchronize()?;
    let timer = Timer::new()?;
    let mut ms_all = Vec::with_capacity(repeats as usize);
    for _ in 0..repeats.max(1) {
        timer.start()?;
        gpu.copy(&destination, &source, bytes)?;
        ms_all.push(timer.stop()?);
    }
    let ms_median = result::median(&ms_all);
    Ok(CopyResult {
        device: gpu.name().to_string(),
        bytes,
        ms_median,
        ms_all,
        gbps: result::gbps(2 * bytes as u64, ms_median),
    })
}
