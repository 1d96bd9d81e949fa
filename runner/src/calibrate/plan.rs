//! The calibration cases: which kernel of `bench/calibration/calibration.cu` runs with which
//! tables, parameters and launch shape, what it measures, and what the model predicts.
//!
//! Model. A case is one launch configuration of one benchmark of seed-002 §6.2. Latency
//! cases time `operations` dependent loads with `clock64()` in the kernel and report cycles
//! per load; throughput cases are timed with CUDA events and report GB/s over `bytes`. The
//! prediction (`model`) is what the analysis computes from the same lane addresses the kernel
//! uses: shared-memory wavefronts (B3), global sectors per request (B5), or distinct constant
//! words per warp (B2), through [`analysis::request`], so the fit compares the hardware with
//! the very functions the pass decides with.
//!
//! Cost. The plan is about 150 cases; building it evaluates one warp request per case.

use analysis::request::{self, Request};
use analysis::target::{BankModel, WARP_SIZE};
use serde::Serialize;

/// Words of the kernel's constant identity table (`CONSTANT_IDENTITY_WORDS`).
pub const CONSTANT_IDENTITY_WORDS: u32 = 8192;
/// Words of the kernel's constant chase table (`CONSTANT_CHASE_WORDS`).
pub const CONSTANT_CHASE_WORDS: u32 = 4096;
/// Words of the kernel's shared table (`SHARED_WORDS`).
pub const SHARED_WORDS: u32 = 8192;
/// Words of the global identity table of B5.
pub const GLOBAL_IDENTITY_WORDS: u32 = 1 << 16;
/// Dependent loads per latency measurement (B1).
pub const CHASE_STEPS: i32 = 4096;
/// Repeated loads per latency measurement (B2, B3, B5) and barriers per B9 measurement.
pub const REPEATS: i32 = 1024;
/// Bytes each B7 copy reads (and writes): 1 GiB, far beyond the 50 MiB L2 of an H100.
pub const COPY_BYTES: u64 = 1 << 30;
/// Blocks of the grid-stride B7 copies: 132 SMs (H100 SXM) × 16 blocks, enough to fill an
/// H200 too (the same 132 SMs).
pub const COPY_BLOCKS: u32 = 132 * 16;
/// Threads per block of the B6 gathers.
pub const GATHER_THREADS: u32 = 256;
/// Words of the B10 table: 1 GiB, rows wrapping far beyond L2.
pub const IN_FLIGHT_WORDS: u32 = 1 << 28;
/// Bytes each B10 case loads: 64 MiB, a launch of at least tens of microseconds.
pub const IN_FLIGHT_BYTES: u64 = 64 << 20;
/// Threads per block of the B10 cases: 8 warps, as the suite's staged kernels.
pub const IN_FLIGHT_THREADS: u32 = 256;

/// The B1 variant whose latency is the read-only path's `L_t`.
pub const READ_ONLY_HIT: &str = "global .nc, L1 hit";

/// The group of cases a fit treats together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Series {
    /// B1 latencies.
    Latency,
    /// B2 with the distinct words in one line.
    ConstantOneLine,
    /// B2 with a 64-byte line per distinct word.
    ConstantLineEach,
    /// B3 with 4-byte lanes.
    #[serde(rename = "shared-4-byte")]
    Shared4Byte,
    /// B3 with 8-byte lanes.
    #[serde(rename = "shared-8-byte")]
    Shared8Byte,
    /// B3 with 16-byte lanes.
    #[serde(rename = "shared-16-byte")]
    Shared16Byte,
    /// B5 through L1 (`.ca`).
    GlobalCa,
    /// B5 through L2 only (`.cg`).
    GlobalCg,
    /// B5 through the read-only path (`.nc`).
    GlobalNc,
    /// B6 gathers.
    Gather,
    /// B7 copies.
    Copy,
    /// B9 barriers.
    Barrier,
    /// B10 bytes in flight on an SM.
    InFlight,
}

impl Series {
    /// Its name in results (`constant-one-line`, …).
    pub fn name(self) -> &'static str {
        match self {
            Series::Latency => "latency",
            Series::ConstantOneLine => "constant-one-line",
            Series::ConstantLineEach => "constant-line-each",
            Series::Shared4Byte => "shared-4-byte",
            Series::Shared8Byte => "shared-8-byte",
            Series::Shared16Byte => "shared-16-byte",
            Series::GlobalCa => "global-ca",
            Series::GlobalCg => "global-cg",
            Series::GlobalNc => "global-nc",
            Series::Gather => "gather",
            Series::Copy => "copy",
            Series::Barrier => "barrier",
            Series::InFlight => "in-flight",
        }
    }
}

/// A table the runner prepares on the device before a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Table {
    /// `next[i] = (i + stride) % words`, filled by the kernel `chase_init`.
    Chase {
        /// Words of the table.
        words: u32,
        /// Words from one element to the next in the chain.
        stride: u32,
    },
    /// `table[i] = i`, filled by the kernel `identity_init`.
    Identity {
        /// Words of the table.
        words: u32,
    },
    /// The `index`-th buffer of `bytes` uninitialized bytes (throughput kernels).
    Scratch {
        /// Bytes of the buffer.
        bytes: u64,
        /// Which of the buffers of this size.
        index: u32,
    },
}

impl Table {
    /// Bytes the table occupies.
    pub fn bytes(self) -> u64 {
        match self {
            Table::Chase { words, .. } | Table::Identity { words } => 4 * u64::from(words),
            Table::Scratch { bytes, .. } => bytes,
        }
    }
}

/// A constant-memory table the runner uploads before a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConstantTable {
    /// `constant_chase[i] = (i + stride) % words`.
    Chase {
        /// Words of the chain (at most the table's).
        words: u32,
        /// Words from one element to the next in the chain.
        stride: u32,
    },
    /// `constant_identity[i] = i`.
    Identity,
}

/// One kernel argument.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Argument {
    /// A pointer to a device table.
    Table(Table),
    /// A 32-bit integer.
    Int(i32),
    /// A 64-bit unsigned integer.
    Long(u64),
    /// The pointer the kernel writes its cycle count to.
    Cycles,
    /// The pointer the kernel writes its final values to (keeps the loads alive).
    Sink,
}

/// How a case is measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// `clock64()` cycles counted by the kernel, divided by this many operations.
    Cycles {
        /// Operations timed per launch.
        operations: u64,
    },
    /// CUDA-event time of the launch; GB/s over these bytes (read plus written).
    Bandwidth {
        /// Bytes read and written per launch.
        bytes: u64,
    },
}

/// One calibration case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Case {
    /// The benchmark of seed-002 §6.2 (`B1`, …).
    pub bench: &'static str,
    /// What this case varies, in words.
    pub variant: String,
    /// The series the fit groups it with (`constant-one-line`, `shared-4-byte`, …).
    pub series: Series,
    /// The `.entry` it launches.
    pub kernel: &'static str,
    /// Blocks.
    pub blocks: u32,
    /// Threads per block.
    pub threads: u32,
    /// The parameters, in order.
    pub parameters: Vec<Argument>,
    /// A constant table to upload first.
    pub constant: Option<ConstantTable>,
    /// Evict the L2 cache (a copy of twice its size) before the launch.
    pub flush: bool,
    /// How the figure is measured.
    pub measure: Measure,
    /// The analysis's prediction for this case: wavefronts (B3), sectors (B5), distinct
    /// words (B2); `None` where the model predicts no count.
    pub model: Option<f64>,
}

impl Case {
    /// A single-warp latency case of `bench` with its kernel's parameters.
    fn latency(
        bench: &'static str,
        series: Series,
        variant: String,
        kernel: &'static str,
        threads: u32,
        parameters: Vec<Argument>,
        operations: i32,
    ) -> Case {
        Case {
            bench,
            series,
            variant,
            kernel,
            blocks: 1,
            threads,
            parameters,
            constant: None,
            flush: false,
            measure: Measure::Cycles {
                operations: operations as u64,
            },
            model: None,
        }
    }
}

/// Every case, in the order they run.
pub fn plan() -> Vec<Case> {
    let mut cases = latencies();
    cases.extend(constant_sweep());
    cases.extend(shared_sweep());
    cases.extend(global_sweep());
    cases.extend(gathers());
    cases.extend(copies());
    cases.extend(barriers());
    cases.extend(in_flight());
    cases
}

/// B1: one thread chases dependent loads through each memory.
fn latencies() -> Vec<Case> {
    let chase = |variant: &str, kernel, table, warmup: i32| {
        Case::latency(
            "B1",
            Series::Latency,
            variant.to_string(),
            kernel,
            1,
            vec![
                Argument::Table(table),
                Argument::Int(CHASE_STEPS),
                Argument::Int(warmup),
                Argument::Cycles,
                Argument::Sink,
            ],
            CHASE_STEPS,
        )
    };
    // 8 KiB, one 128-byte line per step: L1 hits after the warm-up pass.
    let l1 = Table::Chase {
        words: 2048,
        stride: 32,
    };
    // 4 MiB, one line per step, .cg bypasses L1: L2 hits after the warm-up pass.
    let l2 = Table::Chase {
        words: 1 << 20,
        stride: 32,
    };
    // 1 GiB, about 4 MiB per step, no warm-up, L2 evicted first: DRAM (and TLB) misses.
    let dram = Table::Chase {
        words: 1 << 28,
        stride: (1 << 20) + 32,
    };
    let mut cases = vec![
        chase("global .ca, L1 hit", "chase_global_ca", l1, CHASE_STEPS),
        chase(READ_ONLY_HIT, "chase_global_nc", l1, CHASE_STEPS),
        chase("global .cg, L2 hit", "chase_global_cg", l2, CHASE_STEPS),
        Case {
            flush: true,
            ..chase("global .cg, DRAM", "chase_global_cg", dram, 0)
        },
        Case::latency(
            "B1",
            Series::Latency,
            "shared".to_string(),
            "chase_shared",
            1,
            vec![
                Argument::Table(Table::Chase {
                    words: 2048,
                    stride: 1,
                }),
                Argument::Int(2048),
                Argument::Int(CHASE_STEPS),
                Argument::Cycles,
                Argument::Sink,
            ],
            CHASE_STEPS,
        ),
        Case::latency(
            "B1",
            Series::Latency,
            "local".to_string(),
            "chase_local",
            1,
            vec![
                Argument::Int(1024),
                Argument::Int(1),
                Argument::Int(CHASE_STEPS),
                Argument::Cycles,
                Argument::Sink,
            ],
            CHASE_STEPS,
        ),
    ];
    for (variant, words, stride) in [
        ("constant, one 1 KiB line set", 256, 1),
        (
            "constant, a 64-byte line per step over 16 KiB",
            CONSTANT_CHASE_WORDS,
            16,
        ),
    ] {
        cases.push(Case {
            constant: Some(ConstantTable::Chase { words, stride }),
            ..Case::latency(
                "B1",
                Series::Latency,
                variant.to_string(),
                "chase_constant",
                1,
                vec![Argument::Int(CHASE_STEPS), Argument::Cycles, Argument::Sink],
                CHASE_STEPS,
            )
        });
    }
    cases
}

/// The byte addresses of a warp whose lane `l` starts at word `word(l)`.
fn warp_addresses(word: impl Fn(u32) -> u32) -> Vec<Option<u64>> {
    (0..WARP_SIZE)
        .map(|lane| Some(4 * u64::from(word(lane))))
        .collect()
}

/// B2: lane `l` reads constant word `(l % d) · spread`: one line (spread 1) or a line each
/// (spread 16 words = 64 bytes); the model counts distinct words.
fn constant_sweep() -> Vec<Case> {
    let mut cases = Vec::new();
    for spread in [1, 16] {
        for distinct in [1, 2, 3, 4, 6, 8, 16, 32] {
            let addresses = warp_addresses(|lane| (lane % distinct) * spread);
            let request = Request {
                addresses: &addresses,
                access_bytes: 4,
            };
            let (series, line) = if spread == 1 {
                (Series::ConstantOneLine, "one line")
            } else {
                (Series::ConstantLineEach, "a 64-byte line each")
            };
            cases.push(Case {
                constant: Some(ConstantTable::Identity),
                model: Some(f64::from(request::distinct_addresses(&request))),
                ..Case::latency(
                    "B2",
                    series,
                    format!("d = {distinct}, {line}"),
                    "constant_distinct",
                    WARP_SIZE,
                    vec![
                        Argument::Int(distinct as i32),
                        Argument::Int(spread as i32),
                        Argument::Int(REPEATS),
                        Argument::Cycles,
                        Argument::Sink,
                    ],
                    REPEATS,
                )
            });
        }
    }
    cases
}

/// The word B3's lane `lane` reads first: `((lane % ways)·stride + lane / ways)·width`.
fn shared_word(ways: u32, stride: u32, width: u32, lane: u32) -> u32 {
    ((lane % ways) * stride + lane / ways) * width
}

/// The byte address of every lane of a B3 warp request.
pub fn shared_addresses(ways: u32, stride: u32, width: u32) -> Vec<Option<u64>> {
    warp_addresses(|lane| shared_word(ways, stride, width, lane))
}

/// One B3 case: lane `l` reads `width` words at word `((l % ways)·stride + l / ways)·width`.
fn shared_case(variant: String, ways: u32, stride: u32, width: u32) -> Option<Case> {
    let word = |lane: u32| shared_word(ways, stride, width, lane);
    if (0..WARP_SIZE).map(word).max()? + width > SHARED_WORDS {
        return None;
    }
    let addresses = shared_addresses(ways, stride, width);
    let request = Request {
        addresses: &addresses,
        access_bytes: 4 * width,
    };
    Some(Case {
        model: Some(f64::from(request::wavefronts(
            &request,
            BankModel::Conventional,
        ))),
        ..Case::latency(
            "B3",
            match width {
                1 => Series::Shared4Byte,
                2 => Series::Shared8Byte,
                _ => Series::Shared16Byte,
            },
            variant,
            "shared_conflict",
            WARP_SIZE,
            vec![
                Argument::Int(ways as i32),
                Argument::Int(stride as i32),
                Argument::Int(width as i32),
                Argument::Int(REPEATS),
                Argument::Cycles,
                Argument::Sink,
            ],
            REPEATS,
        )
    })
}

/// B3: (a) `c`-way conflicts `(l % c)·32 + l / c`, (b) lane strides 0…64 words (stride 32 is
/// the `[32][32]` column read, 33 the padded `[32][33]` one), (c) 8- and 16-byte lanes,
/// (e) broadcasts `l / g`. The model is the wavefront count.
fn shared_sweep() -> Vec<Case> {
    let mut cases = Vec::new();
    for ways in [1, 2, 4, 8, 16, 32] {
        cases.extend(shared_case(
            format!("{ways}-way, (l % {ways})*32 + l/{ways}"),
            ways,
            32,
            1,
        ));
    }
    for stride in 0..=64 {
        cases.extend(shared_case(
            format!("lane stride {stride} words"),
            WARP_SIZE,
            stride,
            1,
        ));
    }
    for width in [2, 4] {
        for stride in [1, 2, 4, 8, 32] {
            cases.extend(shared_case(
                format!("{}-byte lanes, lane stride {stride}", 4 * width),
                WARP_SIZE,
                stride,
                width,
            ));
        }
    }
    for group in [2, 4, 8, 16, 32] {
        cases.extend(shared_case(
            format!("broadcast groups of {group}, l/{group}"),
            group,
            0,
            1,
        ));
    }
    cases
}

/// B5: lane `l` reads word `l·stride + offset` of a global identity table; the model is the
/// sectors per request.
fn global_sweep() -> Vec<Case> {
    let mut cases = Vec::new();
    for (kernel, series, path) in [
        ("global_stride_ca", Series::GlobalCa, ".ca (L1)"),
        ("global_stride_cg", Series::GlobalCg, ".cg (L2)"),
        ("global_stride_nc", Series::GlobalNc, ".nc (read-only)"),
    ] {
        let strides = [0, 1, 2, 4, 8, 16, 32].map(|stride| (stride, 0));
        let misaligned = [1, 8, 31].map(|offset| (1, offset));
        for (stride, offset) in strides.into_iter().chain(misaligned) {
            let addresses = warp_addresses(|lane| lane * stride + offset);
            let request = Request {
                addresses: &addresses,
                access_bytes: 4,
            };
            cases.push(Case {
                model: Some(f64::from(request::sectors(&request))),
                ..Case::latency(
                    "B5",
                    series,
                    format!("{path}, lane stride {stride}, offset {offset} words"),
                    kernel,
                    WARP_SIZE,
                    vec![
                        Argument::Table(Table::Identity {
                            words: GLOBAL_IDENTITY_WORDS,
                        }),
                        Argument::Int(stride as i32),
                        Argument::Int(offset as i32),
                        Argument::Int(REPEATS),
                        Argument::Cycles,
                        Argument::Sink,
                    ],
                    REPEATS,
                )
            });
        }
    }
    cases
}

/// B6: scattered reads of a power-of-two table under full load, cached global path against
/// the read-only path, L2-resident (4 MiB) and DRAM-sized (256 MiB).
fn gathers() -> Vec<Case> {
    let mut cases = Vec::new();
    for words in [1u32 << 20, 1 << 26] {
        for kernel in ["gather_ca", "gather_nc"] {
            let bytes = 4 * u64::from(words);
            cases.push(Case {
                bench: "B6",
                series: Series::Gather,
                variant: format!("{kernel}, {} MiB", bytes >> 20),
                kernel,
                blocks: words.div_ceil(GATHER_THREADS),
                threads: GATHER_THREADS,
                parameters: vec![
                    Argument::Table(Table::Identity { words }),
                    Argument::Table(Table::Scratch { bytes, index: 0 }),
                    Argument::Int(words as i32),
                ],
                constant: None,
                flush: false,
                measure: Measure::Bandwidth { bytes: 2 * bytes },
                model: None,
            });
        }
    }
    cases
}

/// B7: grid-stride copies of 1 GiB with 1- to 16-byte elements and 128 to 1024 threads.
fn copies() -> Vec<Case> {
    let mut cases = Vec::new();
    for (kernel, width) in [
        ("copy_1", 1u64),
        ("copy_2", 2),
        ("copy_4", 4),
        ("copy_8", 8),
        ("copy_16", 16),
    ] {
        for threads in [128, 256, 512, 1024] {
            cases.push(Case {
                bench: "B7",
                series: Series::Copy,
                variant: format!("{width}-byte elements"),
                kernel,
                blocks: COPY_BLOCKS,
                threads,
                parameters: vec![
                    Argument::Table(Table::Scratch {
                        bytes: COPY_BYTES,
                        index: 0,
                    }),
                    Argument::Table(Table::Scratch {
                        bytes: COPY_BYTES,
                        index: 1,
                    }),
                    Argument::Long(COPY_BYTES / width),
                ],
                constant: None,
                flush: false,
                measure: Measure::Bandwidth {
                    bytes: 2 * COPY_BYTES,
                },
                model: None,
            });
        }
    }
    cases
}

/// B9: the cost of one `__syncthreads()` for blocks of 32 to 1024 threads.
fn barriers() -> Vec<Case> {
    [32, 64, 128, 256, 512, 1024]
        .into_iter()
        .map(|threads| {
            Case::latency(
                "B9",
                Series::Barrier,
                format!("{threads} threads"),
                "barrier",
                threads,
                vec![Argument::Int(REPEATS), Argument::Cycles],
                REPEATS,
            )
        })
        .collect()
}

/// B10: the bandwidth of 16 SMs (one block each, as a 16-block staged matrix-vector launch
/// runs) and of all 132, with 1 to 32 lines of 128 bytes in flight a warp (1 to 32 KiB an SM),
/// the lines consecutive or 16 KiB apart (rows of a 4096-float matrix): what Little's law
/// makes of DRAM's latency where few warps run (issue 35).
fn in_flight() -> Vec<Case> {
    let kernels = [
        ("in_flight_1", 1u32),
        ("in_flight_2", 2),
        ("in_flight_4", 4),
        ("in_flight_8", 8),
        ("in_flight_16", 16),
        ("in_flight_32", 32),
    ];
    let warps = IN_FLIGHT_THREADS / WARP_SIZE;
    let line = 128u64;
    let mut cases = Vec::new();
    for stride in [32u32, 4096] {
        for blocks in [16u32, 132] {
            for (kernel, loads) in kernels {
                let round = u64::from(blocks * loads * warps) * line;
                let rounds = (IN_FLIGHT_BYTES / round).max(1);
                cases.push(Case {
                    bench: "B10",
                    series: Series::InFlight,
                    variant: format!(
                        "{blocks} blocks, {loads} line{} a warp ({} KiB an SM), {} B apart",
                        if loads == 1 { "" } else { "s" },
                        u64::from(loads * warps) * line / 1024,
                        4 * stride
                    ),
                    kernel,
                    blocks,
                    threads: IN_FLIGHT_THREADS,
                    parameters: vec![
                        Argument::Table(Table::Identity {
                            words: IN_FLIGHT_WORDS,
                        }),
                        Argument::Int(stride as i32),
                        Argument::Int((IN_FLIGHT_WORDS / stride - 1) as i32),
                        Argument::Int(rounds as i32),
                        Argument::Sink,
                    ],
                    constant: None,
                    flush: true,
                    measure: Measure::Bandwidth {
                        bytes: rounds * round,
                    },
                    model: None,
                });
            }
        }
    }
    cases
}
