//! The time of one kernel launch, predicted from counts the pass has (issue 35).
//!
//! Model (the prototype `scripts/time_model.py`, validated on the session 17 H200 run from
//! PTX-level inputs: median error 17 %, Spearman 0.87 of speedups over naive). A launch of `B`
//! blocks of `b` threads (`w = ⌈b/32⌉` warps), `k` blocks resident on an SM, `n = ⌈B/132⌉`
//! blocks on the busiest SM, at `f` = 1.98 GHz, takes
//!
//! ```text
//! T = T_launch + ‖(M, K)‖_p         M = T_dram + T_latency       (memory side: one pipe)
//!                                   K = max(T_l1, T_shared, T_issue)   (SM side: its busiest unit)
//! T_dram    = D / BW                 bandwidth-bound: D the launch's compulsory bytes, BW
//!                                   DRAM's, or L2's where its buffers fit L2 together
//! T_latency = ⌈n/k⌉·C / f           latency-bound: C the cycles one warp needs alone
//! T_l1      = n·(a_ld·L_ld + a_st·L_st) / f   request-bound: L the 128-byte lines of a block's
//!                                   requests, the lines each touches (or where unknown
//!                                   [`lines`]: max(1, sectors/request − 3) each)
//! T_shared  = n·S / f                shared-bound: S a block's shared wavefronts
//! T_issue   = n·w·I / (4f)           issue-bound: I the instructions a thread executes
//! ```
//!
//! The launch is one of a stream on the same buffers (what the suite times, and a solver's time
//! loop): buffers of at most [`L2_RESIDENT_BYTES`] together stay in L2 between launches, so
//! their bytes move at L2's bandwidth and a first read waits L2's latency.
//!
//! `a_ld`, `a_st` and `p` were fitted on the H200 run; every other number is a hardware constant
//! or a calibration measurement (bench/results/2026-11-27-nvidia-h200-session17-calibration.md).
//! The pass fills [`Work`] statically (its module `time`); the terms are then those of what it knows,
//! and the time is exact only as far as its counts are.
//!
//! Cost: constant.

use crate::coarsening::{MAX_BLOCKS_PER_SM, MAX_THREADS_PER_SM, STREAMING_MULTIPROCESSORS};
use crate::target::WARP_SIZE;

/// SM clock of the H200 under load, GHz (nvidia-smi during the session 17 run).
pub const CLOCK_GHZ: f64 = 1.98;

/// Fixed cost of a launch seen by a stream of launches, ns (the suite's empty-kernel floor).
pub const LAUNCH_NS: f64 = 2000.0;

/// Device-to-device copy bandwidth, bytes per ns (calibration: 4215 GB/s).
pub const DRAM_BYTES_PER_NS: f64 = 4215.0;

/// Pointer-chase latency of `ld.global.cg` missing L2, cycles (calibration B1).
pub const DRAM_LATENCY_CYCLES: f64 = 662.0;

/// Pointer-chase latency of an L2 hit, cycles (calibration B1).
pub const L2_LATENCY_CYCLES: f64 = 284.0;

/// Pointer-chase latency of an L1 hit, cycles (calibration B1).
pub const L1_LATENCY_CYCLES: f64 = 44.0;

/// Cycles each 128-byte line of a global load request beyond its first adds to the request's
/// latency: L1 looks its lines up one after another (calibration B5, `.ca` L1 hits with lanes
/// 8, 16 and 32 words apart: 54.3, 72.3 and 108.3 cycles for 8, 16 and 32 lines where one line
/// takes 39.2; `.cg` misses add 2 to 3 cycles a sector).
pub const LINE_LATENCY_CYCLES: f64 = 2.2;

/// Latency of a shared-memory load, cycles (calibration B1).
pub const SHARED_LATENCY_CYCLES: f64 = 29.0;

/// Latency of a constant-memory load from a warm line set, cycles (calibration B1).
pub const CONSTANT_LATENCY_CYCLES: f64 = 35.0;

/// Latency of a dependent integer or f32 instruction, cycles (the prototype's).
pub const ALU_LATENCY_CYCLES: f64 = 4.0;

/// Cycles a warp spends issuing an instruction that waits for nothing before it: its
/// scheduler issues one instruction a cycle.
pub const ISSUE_CYCLES: f64 = 1.0;

/// A barrier's cost: this many cycles plus one per [`BARRIER_THREADS_PER_CYCLE`] threads of the
/// block (calibration B9: 15 cycles at 32 threads to 77 at 1024, linear).
pub const BARRIER_BASE_CYCLES: f64 = 12.9;

/// Threads of a block per extra barrier cycle (calibration B9).
pub const BARRIER_THREADS_PER_CYCLE: f64 = 16.0;

/// Bytes of global buffers L2 keeps across launches: a stream of launches on buffers of at
/// most this many bytes together reads them from L2, not DRAM (H200: L2 bandwidth holds for
/// footprints of 2 to 40 MB and falls to DRAM's between 44 and 83 MB; te42kyfo/gpu-benches
/// `gpu-l2-cache/h200.txt`, ../shared/research/anchors-3.md; the suite's 16 MB tiled-rows
/// runs at L2 latency, bench/results/2026-11-27-nvidia-h200-session20.md).
pub const L2_RESIDENT_BYTES: f64 = 40e6;
/// L2 bandwidth at such footprints, bytes per ns (the same source: 9.7 to 11.7 TB/s; the low end).
pub const L2_BYTES_PER_NS: f64 = 9700.0;
/// Bytes of a buffer L1 keeps whole, where a re-read costs an L1 hit (the prototype's 64 KiB).
pub const L1_RESIDENT_BYTES: u64 = 64 * 1024;

/// Registers an sm_90 SM has (CUDA C++ Programming Guide, compute capability 9.0).
pub const REGISTERS_PER_SM: u32 = 65536;

/// Shared memory an sm_90 SM has for blocks, bytes (the same table: 228 KB).
pub const SHARED_BYTES_PER_SM: u64 = 228 * 1024;

/// Shared memory the driver reserves per block, bytes (the same table).
pub const SHARED_RESERVED_PER_BLOCK: u64 = 1024;

/// Warp schedulers an SM has, each issuing one instruction a cycle.
pub const SCHEDULERS_PER_SM: f64 = 4.0;

/// Sectors of a request that L1 passes on without an extra line's cost (fitted with the
/// prototype: a coalesced 4-byte request's 4 sectors cost one line).
pub const FREE_SECTORS: f64 = 3.0;

/// Cycles a 128-byte line of load requests costs L1 (fitted, `a_ld`).
pub const LOAD_LINE_CYCLES: f64 = 1.14;

/// Cycles a 128-byte line of store requests costs L1 (`a_st`: the prototype's 1.82 refitted to
/// 3.0 on the session 20 H200 run once requests count the lines they touch; leaving each
/// kernel out in turn picks 3.0 to 3.5 and predicts 43 of 66 times within ±30 %).
pub const STORE_LINE_CYCLES: f64 = 3.0;

/// The norm joining the memory side and the SM side (fitted, `p`: the prototype's 1.19 refitted
/// to 1.7 on the session 20 H200 run once a warp's path pays its requests' lines
/// ([`LINE_LATENCY_CYCLES`]); leaving each kernel out in turn picks 1.7 in 53 of 54 folds, 1.55
/// in one, and predicts 89 of 108 times within ±30 %).
pub const SIDES_NORM: f64 = 1.7;

/// A relayout whose predicted launch is at least this many times slower than the launch as
/// written is not made, whatever its sectors gain: more than the model's rounding. It was 2
/// (the model's error) while the model got a measured relayout's direction wrong; since a warp's
/// path pays its requests' lines it predicts all three the H200 measured (session 20):
/// tiled-rows relaid 1.52x faster (measured 1.14x faster), tiled-rows-wide 1.72x faster
/// (1.10x), tiled-rows-long 1.33x slower (1.25x slower).
pub const SLOWER_LIMIT: f64 = 1.05;

/// The launch: its grid, block and what each block holds of an SM.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Launch {
    /// Blocks in the grid.
    pub blocks: u64,
    /// Threads a block.
    pub block_threads: u32,
    /// Shared memory a block, bytes.
    pub shared_bytes: u64,
    /// Registers a thread, where known (`ptxas -v`); `None` takes them as no limit.
    pub registers: Option<u32>,
}

/// What one block does, and the launch's compulsory DRAM bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Work {
    /// 128-byte lines of a block's global load requests ([`lines`] summed).
    pub load_lines: f64,
    /// 128-byte lines of a block's global store requests.
    pub store_lines: f64,
    /// Shared-memory wavefronts of a block.
    pub shared_wavefronts: f64,
    /// Instructions one thread executes.
    pub instructions: f64,
    /// Cycles one warp needs alone: the latencies on its path, loop trips in series.
    pub warp_cycles: f64,
    /// Bytes the launch moves to or from DRAM at least (every buffer touched once).
    pub dram_bytes: f64,
    /// Bytes of the global buffers the launch touches, together: at most
    /// [`L2_RESIDENT_BYTES`], a stream of launches finds them in L2 ([`l2_resident`]).
    pub footprint_bytes: f64,
}

/// What bounds the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// DRAM bandwidth.
    Dram,
    /// Latency not hidden by the warps resident.
    Latency,
    /// L1's requests to L2.
    L1,
    /// Shared-memory wavefronts.
    Shared,
    /// Instruction issue.
    Issue,
}

impl Bound {
    /// `latency-bound`.
    pub fn describe(self) -> &'static str {
        match self {
            Bound::Dram => "bandwidth-bound",
            Bound::Latency => "latency-bound",
            Bound::L1 => "bound by L1 requests",
            Bound::Shared => "bound by shared-memory wavefronts",
            Bound::Issue => "issue-bound",
        }
    }
}

/// A predicted launch time and its terms, ns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// The launch, ns.
    pub nanoseconds: f64,
    /// The largest term of the side that dominates.
    pub bound: Bound,
    /// The terms: DRAM, latency, L1, shared, issue, ns.
    pub terms: [f64; 5],
    /// Blocks resident an SM.
    pub resident: u32,
}

/// Lines of `requests` requests of `sectors_per_request` sectors each (the model's `L`).
pub fn lines(requests: f64, sectors_per_request: f64) -> f64 {
    requests * (sectors_per_request - FREE_SECTORS).max(1.0)
}

/// A barrier's cycles for blocks of `threads` threads.
pub fn barrier_cycles(threads: u32) -> f64 {
    BARRIER_BASE_CYCLES + f64::from(threads) / BARRIER_THREADS_PER_CYCLE
}

/// Whether a stream of launches touching `footprint_bytes` of global buffers finds them in L2.
pub fn l2_resident(footprint_bytes: f64) -> bool {
    footprint_bytes <= L2_RESIDENT_BYTES
}

/// The latency of a global load whose buffer of `buffer_bytes` all threads read `reads` times
/// over (bytes loaded / bytes of the buffer): DRAM for the new share (L2 where the launch's
/// buffers are `resident` there), L2 (L1 for a buffer L1 holds whole) for the rest.
pub fn global_load_cycles(reads: f64, buffer_bytes: Option<u64>, resident: bool) -> f64 {
    let new = if reads > 1.0 { 1.0 / reads } else { 1.0 };
    let again = match buffer_bytes {
        Some(bytes) if bytes <= L1_RESIDENT_BYTES => L1_LATENCY_CYCLES,
        _ => L2_LATENCY_CYCLES,
    };
    let first = if resident {
        L2_LATENCY_CYCLES
    } else {
        DRAM_LATENCY_CYCLES
    };
    new * first + (1.0 - new) * again
}

/// Blocks of `launch` an SM holds at once: the least of the thread, block, register and
/// shared-memory limits, at least one.
pub fn resident_blocks(launch: &Launch) -> u32 {
    let warps = launch.block_threads.div_ceil(WARP_SIZE).max(1);
    let threads = warps * WARP_SIZE;
    let mut limit = MAX_BLOCKS_PER_SM.min(MAX_THREADS_PER_SM / threads);
    if let Some(registers) = launch.registers.filter(|&registers| registers > 0) {
        // Registers are allocated per warp in units of 8 a thread.
        limit = limit.min(REGISTERS_PER_SM / (threads * registers.div_ceil(8) * 8));
    }
    if launch.shared_bytes > 0 {
        let per_block = launch.shared_bytes + SHARED_RESERVED_PER_BLOCK;
        limit = limit.min(u32::try_from(SHARED_BYTES_PER_SM / per_block).unwrap_or(u32::MAX));
    }
    limit.max(1)
}

/// The predicted time of `launch` doing `work` (module docs).
pub fn predict(launch: &Launch, work: &Work) -> Prediction {
    let cycle_ns = 1.0 / CLOCK_GHZ;
    let resident = resident_blocks(launch);
    let busiest = launch.blocks.div_ceil(STREAMING_MULTIPROCESSORS).max(1) as f64;
    let turns = (busiest / f64::from(resident)).ceil();
    let warps = f64::from(launch.block_threads.div_ceil(WARP_SIZE).max(1));
    let bandwidth = if l2_resident(work.footprint_bytes) {
        L2_BYTES_PER_NS
    } else {
        DRAM_BYTES_PER_NS
    };
    let terms = [
        work.dram_bytes / bandwidth,
        turns * work.warp_cycles * cycle_ns,
        busiest
            * (LOAD_LINE_CYCLES * work.load_lines + STORE_LINE_CYCLES * work.store_lines)
            * cycle_ns,
        busiest * work.shared_wavefronts * cycle_ns,
        busiest * warps * work.instructions / SCHEDULERS_PER_SM * cycle_ns,
    ];
    let memory = terms[0] + terms[1];
    let sm = terms[2].max(terms[3]).max(terms[4]);
    let (high, low) = (memory.max(sm), memory.min(sm));
    let joined = if high > 0.0 {
        high * (1.0 + (low / high).powf(SIDES_NORM)).powf(1.0 / SIDES_NORM)
    } else {
        0.0
    };
    let side: &[(Bound, usize)] = if memory >= sm {
        &[(Bound::Dram, 0), (Bound::Latency, 1)]
    } else {
        &[(Bound::L1, 2), (Bound::Shared, 3), (Bound::Issue, 4)]
    };
    let bound = side
        .iter()
        .copied()
        .max_by(|a, b| terms[a.1].total_cmp(&terms[b.1]))
        .map_or(Bound::Dram, |(bound, _)| bound);
    Prediction {
        nanoseconds: LAUNCH_NS + joined,
        bound,
        terms,
        resident,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn launch(blocks: u64, block_threads: u32) -> Launch {
        Launch {
            blocks,
            block_threads,
            shared_bytes: 0,
            registers: None,
        }
    }

    /// The naive 4096² transpose (65536 blocks of 256 threads): 128 MiB at 4215 GB/s is 31.8 µs
    /// of DRAM; its stores' 32 sectors a request are in 32 lines each, 8 requests a block.
    #[test]
    fn the_naive_transpose_is_bound_by_its_store_lines() {
        let work = Work {
            load_lines: 8.0,
            store_lines: 8.0 * 32.0,
            instructions: 20.0,
            warp_cycles: 700.0,
            dram_bytes: 134_217_728.0,
            footprint_bytes: 134_217_728.0,
            ..Work::default()
        };
        let prediction = predict(&launch(65536, 256), &work);
        assert!((prediction.terms[0] / 1000.0 - 31.8).abs() < 0.1);
        assert_eq!(prediction.resident, 8);
        assert_eq!(prediction.bound, Bound::L1);
        // 497 blocks on the busiest SM × (8 load lines × 1.14 + 256 store lines × 3.0 cycles)
        // at 1.98 GHz: 195 µs (measured: 259 µs).
        assert!(
            (prediction.terms[2] / 1000.0 - 195.1).abs() < 0.1,
            "{}",
            prediction.terms[2]
        );
    }

    /// Shared memory and registers limit the blocks resident.
    #[test]
    fn resident_blocks_take_the_tightest_limit() {
        assert_eq!(resident_blocks(&launch(1, 256)), 8);
        assert_eq!(resident_blocks(&launch(1, 32)), 32);
        let shared = Launch {
            shared_bytes: 48 * 1024,
            ..launch(1, 256)
        };
        assert_eq!(resident_blocks(&shared), 4);
        let registers = Launch {
            registers: Some(128),
            ..launch(1, 256)
        };
        assert_eq!(resident_blocks(&registers), 2);
    }

    /// Calibration B9's two ends.
    #[test]
    fn barriers_follow_the_calibration() {
        assert!((barrier_cycles(32) - 14.9).abs() < 0.1);
        assert!((barrier_cycles(1024) - 76.9).abs() < 0.1);
    }

    /// A buffer read once costs DRAM latency; read 4 times over, a quarter of that and three
    /// quarters of L2's.
    #[test]
    fn reuse_moves_latency_towards_l2() {
        assert_eq!(global_load_cycles(1.0, None, false), DRAM_LATENCY_CYCLES);
        let four = global_load_cycles(4.0, Some(1 << 20), false);
        assert!((four - (662.0 / 4.0 + 284.0 * 0.75)).abs() < 1e-9);
        assert!(global_load_cycles(4.0, Some(4096), false) < four);
    }

    /// Buffers L2 keeps across launches: their first reads cost L2's latency, and the bytes
    /// move at L2's bandwidth (the 16 MB tiled-rows read column-major, 4096 loads a thread, 4
    /// in flight: 4096 / 4 × 284 cycles, 147 µs; measured 192 µs on the H200).
    #[test]
    fn buffers_that_fit_l2_stay_there() {
        assert_eq!(global_load_cycles(1.0, None, true), L2_LATENCY_CYCLES);
        let mut work = Work {
            dram_bytes: 16e6,
            footprint_bytes: 16e6,
            ..Work::default()
        };
        let resident = predict(&launch(32, 32), &work);
        assert!((resident.terms[0] - 16e6 / L2_BYTES_PER_NS).abs() < 1e-6);
        work.footprint_bytes = 64e6;
        assert!(predict(&launch(32, 32), &work).terms[0] > resident.terms[0]);
    }

    fn work() -> impl Strategy<Value = Work> {
        (proptest::array::uniform6(0.0..1e6f64), 0.0..1e8f64).prop_map(
            |([a, b, c, d, e, f], footprint)| Work {
                load_lines: a,
                store_lines: b,
                shared_wavefronts: c,
                instructions: d,
                warp_cycles: e,
                dram_bytes: f * 1e3,
                footprint_bytes: footprint,
            },
        )
    }

    proptest! {
        /// More of anything never predicts a faster launch, and the time is at least its
        /// largest term and at most the sum of all.
        #[test]
        fn more_work_is_never_faster(
            work in work(),
            extra in 0usize..7,
            amount in 0.0..1e5f64,
            blocks in 1u64..1_000_000,
            threads in 1u32..=1024,
        ) {
            let launch = launch(blocks, threads);
            let mut more = work;
            match extra {
                0 => more.load_lines += amount,
                1 => more.store_lines += amount,
                2 => more.shared_wavefronts += amount,
                3 => more.instructions += amount,
                4 => more.warp_cycles += amount,
                5 => more.dram_bytes += amount,
                _ => more.footprint_bytes += amount * 1e3,
            }
            let (before, after) = (predict(&launch, &work), predict(&launch, &more));
            prop_assert!(after.nanoseconds >= before.nanoseconds - 1e-6);
            let largest = before.terms.iter().copied().fold(0.0, f64::max);
            let sum: f64 = before.terms.iter().sum();
            prop_assert!(before.nanoseconds - LAUNCH_NS >= largest - 1e-6);
            prop_assert!(before.nanoseconds - LAUNCH_NS <= sum + 1e-6);
        }
    }
}
