//! Coarsening (issue 33): how many blocks' work one block does, from Little's law.
//!
//! Model. A memory-bound kernel keeps DRAM busy only when each SM has enough bytes in flight:
//! Little's law asks for `L·B` bytes, `L` the DRAM latency and `B` one SM's share of the
//! bandwidth (662 cycles at 1.98 GHz and 4215 GB/s over 132 SMs on an H200: 334 ns × 31.9 B/ns
//! ≈ 10.7 KB). A thread whose body loads each of its buffers once, at the top, has
//! `b` bytes in flight (one element per buffer it reads: the neighbours of a stencil come from
//! L1); an SM holds `T` threads (whole blocks, at most 2048 threads and 32 blocks). Giving each
//! block the work of `F` blocks (its loads issued together) puts `F·T·b` bytes in flight. The
//! factor is the smallest of 1, 2, 4, 8 with `F·T·b ≥ M·L·B`, `M` the margin the measured
//! sweeps need, or the largest allowed where none reaches it. A factor is allowed when it
//! divides the grid along the coarsened dimension and leaves at least one full wave of blocks
//! (`SMs × blocks per SM`) where the grid is known.
//!
//! Calibration. `M = 2`: on the H200 (bench/results/2026-11-27-nvidia-h200-session17.md) the
//! transpose with 1, 2, 4 and 8 rows per thread (8, 16, 32, 64 KB in flight per SM) ran in
//! 66, 47, 41 and 41 µs, the copy's speed from 4 rows; jacobi2d in 69, 51, 48 and 53 µs.
//! Registers and occupancy are not modelled: factors stay at most 8 (Polygeist's coarsening
//! keeps totals ≤ 32).
//!
//! Cost. Constant.

use crate::time;

/// Streaming multiprocessors of an H100 SXM or H200 (anchors-3 §5).
pub const STREAMING_MULTIPROCESSORS: u64 = 132;

/// Threads an sm_90 SM holds at once (CUDA C++ Programming Guide, compute capability 9.0).
pub const MAX_THREADS_PER_SM: u32 = 2048;

/// Blocks an sm_90 SM holds at once (the same table).
pub const MAX_BLOCKS_PER_SM: u32 = 32;

/// DRAM latency in ns: the H200's pointer chase through `ld.global.cg` (calibration B1,
/// bench/results/2026-11-27-nvidia-h200-session17-calibration.md) at its clock.
pub const DRAM_LATENCY_NS: f64 = time::DRAM_LATENCY_CYCLES / time::CLOCK_GHZ;

/// One SM's share of the H200's bandwidth in bytes per ns: the measured device copy (the same
/// calibration) over [`STREAMING_MULTIPROCESSORS`].
pub const DRAM_BYTES_PER_NS_PER_SM: f64 =
    time::DRAM_BYTES_PER_NS / STREAMING_MULTIPROCESSORS as f64;

/// How many times Little's law's bytes the measured sweeps need in flight (module docs).
pub const IN_FLIGHT_MARGIN: f64 = 2.0;

/// The factors tried, smallest first.
pub const FACTORS: [u32; 4] = [1, 2, 4, 8];

/// The factor and the numbers behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Blocks' work per block (1: unchanged).
    pub factor: u32,
    /// Bytes per SM that keep DRAM busy (`M·L·B`).
    pub needed: f64,
    /// Bytes per SM in flight as written.
    pub before: f64,
    /// Bytes per SM in flight at the factor.
    pub after: f64,
    /// Why a larger factor was not taken, where one would have put more in flight.
    pub limit: Option<String>,
}

/// Threads an SM holds of blocks of `block_threads` (whole blocks).
pub fn resident_threads(block_threads: u32) -> u32 {
    if block_threads == 0 {
        return 0;
    }
    let blocks = (MAX_THREADS_PER_SM / block_threads).min(MAX_BLOCKS_PER_SM);
    blocks * block_threads
}

/// Bytes per SM that keep DRAM busy, with the margin.
pub fn needed_in_flight() -> f64 {
    IN_FLIGHT_MARGIN * DRAM_LATENCY_NS * DRAM_BYTES_PER_NS_PER_SM
}

/// Why `factor` is not allowed for `extents` (blocks along the dimension at each launch) and
/// `blocks` (the smallest grid), if it is not.
pub fn disallowed(
    factor: u32,
    block_threads: u32,
    extents: &[u64],
    blocks: Option<u64>,
) -> Option<String> {
    let factor = u64::from(factor);
    if let Some(extent) = extents
        .iter()
        .find(|&&extent| !extent.is_multiple_of(factor))
    {
        return Some(format!(
            "{factor} does not divide the grid's {extent} blocks"
        ));
    }
    let wave = STREAMING_MULTIPROCESSORS
        * u64::from(resident_threads(block_threads) / block_threads.max(1));
    match blocks {
        Some(blocks) if blocks / factor < wave => Some(format!(
            "{} blocks would fill less than one wave ({wave} blocks of {block_threads} threads on {STREAMING_MULTIPROCESSORS} SMs)",
            blocks / factor
        )),
        _ => None,
    }
}

/// The factor for blocks of `block_threads` threads that each load `loaded_bytes` bytes, on
/// grids of `extents` blocks along the dimension and `blocks` blocks in all (module docs).
pub fn choose(
    block_threads: u32,
    loaded_bytes: u32,
    extents: &[u64],
    blocks: Option<u64>,
) -> Choice {
    let needed = needed_in_flight();
    let per_factor = f64::from(resident_threads(block_threads)) * f64::from(loaded_bytes);
    let mut chosen = 1;
    let mut limit = None;
    for factor in FACTORS {
        if let Some(why) = (factor > 1)
            .then(|| disallowed(factor, block_threads, extents, blocks))
            .flatten()
        {
            limit = Some(why);
            break;
        }
        chosen = factor;
        if f64::from(factor) * per_factor >= needed {
            break;
        }
    }
    let after = f64::from(chosen) * per_factor;
    Choice {
        factor: chosen,
        needed,
        before: per_factor,
        after,
        limit: if after < needed { limit } else { None },
    }
}

impl Choice {
    /// Why one block's work per block stays: enough in flight, or the limit that kept a factor
    /// out.
    pub fn unchanged(&self) -> String {
        let kilobytes = |bytes: f64| format!("{:.0} KB", bytes / 1024.0);
        match &self.limit {
            None => format!(
                "{} in flight per SM already keep DRAM busy ({} needed)",
                kilobytes(self.before),
                kilobytes(self.needed)
            ),
            Some(limit) => format!(
                "{limit}, though {} in flight per SM are fewer than the {} that keep DRAM busy",
                kilobytes(self.before),
                kilobytes(self.needed)
            ),
        }
    }

    /// `32 KB in flight per SM where 21 KB keep DRAM busy (8 KB as written)`.
    pub fn describe(&self) -> String {
        let kilobytes = |bytes: f64| format!("{:.0} KB", bytes / 1024.0);
        let mut text = format!(
            "{} in flight per SM where {} keep DRAM busy ({} as written)",
            kilobytes(self.after),
            kilobytes(self.needed),
            kilobytes(self.before)
        );
        if let Some(limit) = &self.limit {
            text.push_str(&format!("; no larger factor: {limit}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The transpose of the sweeps: 256 threads, 4 bytes each, 65536 blocks, 512 along y:
    /// 8 KB per SM as written, 21 KB needed, 4 rows (32 KB), as measured best.
    #[test]
    fn the_measured_transpose_takes_four() {
        let choice = choose(256, 4, &[512], Some(65536));
        assert_eq!(choice.factor, 4);
        assert_eq!(choice.before, 8192.0);
        assert!(
            (choice.needed / 1024.0 - 20.9).abs() < 0.1,
            "{}",
            choice.needed
        );
        assert_eq!(
            choice.describe(),
            "32 KB in flight per SM where 21 KB keep DRAM busy (8 KB as written)"
        );
    }

    /// Sixteen-byte loads already put 32 KB in flight: unchanged.
    #[test]
    fn wide_loads_need_no_factor() {
        assert_eq!(choose(256, 16, &[512], Some(65536)).factor, 1);
    }

    /// A grid of 2000 blocks leaves no full wave at 2 (1000 < 1056): unchanged, and said.
    #[test]
    fn a_small_grid_stays() {
        let choice = choose(256, 4, &[2000], Some(2000));
        assert_eq!(choice.factor, 1);
        assert_eq!(
            choice.unchanged(),
            "1000 blocks would fill less than one wave (1056 blocks of 256 threads on 132 SMs), \
             though 8 KB in flight per SM are fewer than the 21 KB that keep DRAM busy"
        );
        assert_eq!(
            choose(256, 16, &[2000], Some(2000)).unchanged(),
            "32 KB in flight per SM already keep DRAM busy (21 KB needed)"
        );
    }

    proptest! {
        /// The factor is allowed, reaches the need unless a larger one is not allowed or
        /// past 8, and no smaller allowed factor reaches it (brute force over the factors).
        #[test]
        fn the_smallest_sufficient_allowed_factor(
            threads in 1u32..=1024, bytes in 1u32..=64, extent in 1u64..5000, rows in 1u64..64,
        ) {
            let blocks = Some(extent * rows);
            let choice = choose(threads, bytes, &[extent], blocks);
            let allowed = |factor: u32| disallowed(factor, threads, &[extent], blocks).is_none();
            let enough = |factor: u32| f64::from(factor) * f64::from(resident_threads(threads)) * f64::from(bytes) >= needed_in_flight();
            prop_assert!(choice.factor == 1 || allowed(choice.factor));
            let prefix: Vec<u32> = FACTORS.into_iter().take_while(|&factor| factor == 1 || allowed(factor)).collect();
            let expected = prefix.iter().copied().find(|&factor| enough(factor))
                .or(prefix.last().copied()).unwrap_or(1);
            prop_assert_eq!(choice.factor, expected);
        }
    }
}
