//! The predicted time of one launch of a kernel (issue 35): the [`Launch`] and [`Work`] of
//! [`analysis::time`] from the kernel's IR and findings, and their prediction.
//!
//! **Per block**, from the findings' metrics (an interior block's where an edge guard leaves
//! block 0's unknown): the 128-byte lines of the global requests and the shared wavefronts.
//! A request's lines are those its block's first warp touches (`first_warp_lines`: a
//! transpose's 32-sector store spans 32 lines, an array of 36-byte structures' field 9), or,
//! where an address needs a value the pass does not know, [`time::lines`] of its sectors.
//! **Per thread**, walking the body with each op weighted by the trips of the loops around it
//! (bounds the access model reads a constant apart):
//! - instructions: one an op, three a loop trip; an access adds its address arithmetic, one
//!   outside loops whatever its rank (its indices are ops of their own; a row view's
//!   linearization folds into the address), one in a loop (the pointer increment LLVM's
//!   strength reduction leaves); ops that only size a row view cost nothing (deleted); affine
//!   index arithmetic (`addi`, `subi`, `muli`, `index_cast`) in a loop counts once per entry of
//!   it; an op that depends on nothing its innermost loop changes counts once per entry of
//!   that loop (LICM). A loop with no loop or barrier inside pays its three
//!   and its accesses' increments once every [`UNROLLED_INSTRUCTIONS_TRIPS`] trips (unrolled:
//!   the unrolled accesses take immediate offsets);
//! - the cycles one warp needs alone: the loads of one block of ops issue together (its
//!   longest latency counts once), every other op waits [`ALU_LATENCY_CYCLES`] (in a loop,
//!   only one on a trip's chain, from an iter_arg or a loaded value: address arithmetic on
//!   the loop's counter alone, a swizzle's XOR, issues ahead in [`time::ISSUE_CYCLES`]), a barrier
//!   costs what the calibration measured for the block size, a guard's sides are predicated
//!   (their loads issue with the block's), and a loop with no loop or barrier inside is
//!   unrolled: all its trips' loads overlap where LLVM unrolls it fully (its trips' instructions
//!   at most [`FULL_UNROLL_INSTRUCTIONS`], [`FOLDED_UNROLL_BOOST`] times that for at most
//!   [`ANALYZED_TRIPS`] trips), groups of trips holding [`UNROLLED_LOADS`] loads where it does
//!   not;
//! - a global load's latency: an L1 hit on the trips that stay in the 32-byte sector of the
//!   last (its address moves fewer bytes a trip; L1 fetches sectors), otherwise DRAM for the
//!   share of its buffer new to the launch and L2 for re-reads ([`time::global_load_cycles`]),
//!   L2 for both where the launch's buffers fit L2 together ([`time::l2_resident`]). Lanes of
//!   a block that read one address at once (copies of a thread along a block dimension the
//!   address does not read) are one read: the others wait for the same miss;
//! - a global request of several 128-byte lines: each line after the first adds
//!   [`time::LINE_LATENCY_CYCLES`] to the warp's path, since L1 looks them up one after
//!   another and the requests issued together wait for each other's (tiled-rows' 32 lines a
//!   request, one warp an SM: the H200 took 104 cycles a load where one line's latency is 44);
//! - an invariant load (`ld.global.nc`, constant memory) is loaded once before the loops that
//!   do not move its address, where the loops inside them that do make few addresses
//!   ([`HOISTED_VALUES`]): its instructions, latency and request lines once (LICM, GVN);
//! - ops LLVM's CSE and GVN delete, copies of a pure op computed before in the same or an
//!   enclosing region (the steps read the ids again for each fill and view), cost nothing
//!   (`ir::numbering`).
//!
//! **Requests a block's ids decide**: where a clamp or a guard reads the block ids, the
//! findings' estimate is the block in the middle of the grid's ([`Finding::estimate`]).
//!
//! **DRAM bytes**: each global buffer read once and written once: what its accesses reach
//! (each index's bounds over the ids and loops, within its dimension), at most its static
//! size; where an access's bounds are unknown, its static size, or for a dynamic size what
//! the launch's widest access of it touches.
//!
//! **Paths**: an `scf.if` that selects a path for the whole launch (a specialization's check,
//! a check of argument pointers: apart, aligned) runs its `then` side as an ordinary launch
//! does (buffers apart, aligned); its `else` side is not costed. So is a register tile's edge
//! path (its outputs one by one, in the blocks at the grid's edge): an interior block's time.
//! One whose condition is known at compile time ([`static_condition`]: a check a step
//! folded) runs the side it selects, as if written in its place. One on `counter == lower` of
//! the loop around it (`promote` filling a window of registers) runs its side once per entry
//! of the loop; each trip pays the compare and the branch.
//!
//! **Launch**: [`Kernel::grid`] (the most blocks the module's launches give, else the
//! kernel's `known_grid_size`) and the block size; no grid, no prediction. Registers are
//! unknown before PTX: taken as no limit.
//!
//! Cost: one pass over the findings and one walk of the body (its loops' bounds read where
//! each starts).

use std::collections::{HashMap, HashSet};

use analysis::{
    expression::{LoopId, Variable},
    matrix::{AccessKind, MemorySpace},
    time::{self, Launch, Prediction, Work, ALU_LATENCY_CYCLES, L1_LATENCY_CYCLES},
};
use mlir_sys::*;

use crate::ir::numbering::{self, Numbering};

use crate::{
    facts::{
        accesses::Root,
        extract::{loop_context, pointer_check, static_condition, while_rounds, IN_ARRAY},
        findings::Finding,
        kernels::Kernel,
    },
    ir,
    report::PredictedTime,
    steps::delinearize::ROWS_VIEW,
    steps::memory_space::{
        checked::{CONSTANT_PATH, READ_ONLY_PATH},
        readonly::READONLY_POINTERS,
    },
    steps::register_tile::jam::EDGE_PATH,
    steps::version::SPECIALIZED,
};

/// LLVM IR instructions of all its trips up to which LLVM unrolls a loop with a constant trip count
/// fully, so that all its trips' loads issue together: `LoopUnrollPass`'s full-unroll threshold at
/// -O2 (`unroll-threshold`, 150), the level MLIR's NVVM pipeline compiles at; the instructions are
/// the walk's estimate (an access `2·rank`, an op 1, the loop 3). The PTX agrees: a 2-D copy with a
/// `mulf` (12 a trip) is unrolled at 12 trips and not at 16 (test/Analysis/time-facts.mlir), a
/// filter's 17 taps at 7 a trip are unrolled, convolution-rows' at 12 to 14 are unrolled twice
/// only, and gesummv's 16-trip tile fill (clamped indices) stays a loop, its loads waiting in
/// groups (the H200 measured gesummv's staged launch at 983 µs: about eight DRAM latencies a tile,
/// bench/results/2026-11-27-nvidia-h200-session20.md). Loops of at most [`ANALYZED_TRIPS`] trips
/// get more ([`FOLDED_UNROLL_BOOST`]).
pub const FULL_UNROLL_INSTRUCTIONS: f64 = 150.0;

/// Loads a longer loop without branches issues together once LLVM has unrolled it: a loop of
/// one load a trip is unrolled 4 times, of two loads twice (the PTX of the suite's tiled-rows
/// and matmul, bench/results/2026-11-27-nvidia-h200-session20.md).
pub const UNROLLED_LOADS: f64 = 4.0;

/// Trips of a loop without loops or barriers inside that share one increment of its counter and
/// of each access's pointer once unrolled (the suite's PTX: LLVM unrolls such loops 2 to 4
/// times, and ptxas's SASS addresses the unrolled accesses by immediate offsets).
pub const UNROLLED_INSTRUCTIONS_TRIPS: f64 = 4.0;

/// Instructions a loop trip adds: the increment, the compare and the branch.
const LOOP_TRIP_INSTRUCTIONS: f64 = 3.0;

/// The launch of `kernel` as its IR and the module's launches stand (coarsening divides their
/// grids in place), or why it is unknown.
pub fn launch(kernel: &Kernel) -> Result<Launch, String> {
    let sizes = kernel
        .block
        .sizes()
        .ok_or_else(|| "its block size is unknown".to_string())?;
    let grid = kernel.grid().ok_or_else(|| {
        "no launch in the module gives its grid, and it has no known_grid_size".to_string()
    })?;
    let blocks = grid
        .iter()
        .try_fold(1u64, |total, &size| {
            total.checked_mul(u64::try_from(size).ok()?)
        })
        .ok_or_else(|| "its grid overflows".to_string())?;
    Ok(Launch {
        blocks,
        block_threads: sizes.iter().product(),
        shared_bytes: crate::steps::shared_layout::shared_bytes(kernel),
        registers: None,
    })
}

/// The predicted time of a launch of `kernel` (its [`launch`]) with `findings`, or why there
/// is none.
pub fn of_launch(kernel: &Kernel, findings: &[Finding]) -> Result<Prediction, String> {
    predict(kernel, &launch(kernel)?, findings)
}

/// The predicted time of `launch` of `kernel` as its IR and `findings` stand, or why there is
/// none.
pub fn predict(
    kernel: &Kernel,
    launch: &Launch,
    findings: &[Finding],
) -> Result<Prediction, String> {
    predict_read_only(kernel, launch, findings, &[])
}

/// [`predict`] with the loads of the buffers `read_only` also read as invariant loads (what
/// `ld.global.nc` behind `memory_space`'s run-time check makes of them), or why there is none.
pub fn predict_read_only(
    kernel: &Kernel,
    launch: &Launch,
    findings: &[Finding],
    read_only: &[Root],
) -> Result<Prediction, String> {
    let sizes = kernel.block.sizes().unwrap_or([1, 1, 1]);
    let hoisted: Vec<f64> = findings
        .iter()
        .map(|finding| hoisted_trips(kernel, finding, read_only))
        .collect();
    let lines: Vec<Result<f64, analysis::Unknown>> = findings
        .iter()
        .map(|finding| request_lines(finding, sizes))
        .collect();
    let copies = numbering::copied_loads(kernel.body());
    let (mut work, buffers) = per_block(
        kernel,
        findings,
        (&hoisted, &lines, &copies),
        launch.blocks,
        sizes,
    )?;
    work.dram_bytes = buffers.dram_bytes();
    work.footprint_bytes = buffers.footprint_bytes();
    let walker = Walker {
        kernel,
        findings: findings
            .iter()
            .zip(&hoisted)
            .zip(&lines)
            .map(|((finding, &hoisted), lines)| {
                (
                    finding.memory.operation.ptr,
                    (finding, hoisted, lines.as_ref().ok().copied()),
                )
            })
            .collect(),
        buffers: &buffers,
        resident: time::l2_resident(work.footprint_bytes),
        threads: launch.block_threads,
        numbering: Numbering::default(),
    };
    let body = walker.region(kernel.body(), &mut None)?;
    work.instructions = body.instructions + body.hoisted;
    work.warp_cycles = body.cycles();
    Ok(time::predict(launch, &work))
}

/// What reading one argument through `ld.global.nc` gains a kernel, as `memory_space` asks it
/// of each argument (its `Gain`): the launch as it stands predicted once, for one set of
/// findings.
pub struct ReadOnlyGain<'a> {
    kernel: &'a Kernel,
    before: std::cell::OnceCell<Option<(Launch, Prediction)>>,
}

impl<'a> ReadOnlyGain<'a> {
    /// The gains of `kernel`'s arguments, none predicted yet.
    pub fn new(kernel: &'a Kernel) -> ReadOnlyGain<'a> {
        ReadOnlyGain {
            kernel,
            before: std::cell::OnceCell::new(),
        }
    }

    /// The launches predicted with `findings` (the same at every call) as it stands and with
    /// argument `index` read through `ld.global.nc`, where the second is faster by a percent
    /// or more: its invariant loads hoisted out of the loops that do not move their addresses
    /// (convolution-rows' weights).
    pub fn of(&self, findings: &[Finding], index: usize) -> Option<(Prediction, Prediction)> {
        let (launch, before) = self
            .before
            .get_or_init(|| {
                let launch = launch(self.kernel).ok()?;
                Some((launch, predict(self.kernel, &launch, findings).ok()?))
            })
            .as_ref()?;
        let after =
            predict_read_only(self.kernel, launch, findings, &[Root::Argument(index)]).ok()?;
        (after.nanoseconds < PREDICTED_GAIN * before.nanoseconds).then_some((*before, after))
    }
}

/// A predicted launch at most this fraction of the one as written counts as a gain worth
/// saying: below it the difference is the model's rounding.
const PREDICTED_GAIN: f64 = 0.99;

/// The request lines and wavefronts of one block, and the global buffers of a launch of
/// `blocks` blocks, from the accesses an ordinary launch runs, each load's requests made once
/// for its `hoisted` trips ([`hoisted_trips`]) and of its `lines` ([`request_lines`]), and
/// none for the `copies` of a load before it ([`numbering::copied_loads`]).
fn per_block(
    kernel: &Kernel,
    findings: &[Finding],
    (hoisted, lines, copies): (&[f64], &[Result<f64, analysis::Unknown>], &HashSet<usize>),
    blocks: u64,
    sizes: [u32; 3],
) -> Result<(Work, Buffers), String> {
    let mut work = Work::default();
    let mut buffers = Buffers::default();
    for ((finding, hoisted), request_lines) in
        findings
            .iter()
            .zip(hoisted)
            .zip(lines)
            .filter(|((finding, _), _)| {
                !on_fallback(finding.memory.operation)
                    && !copies.contains(&(finding.memory.operation.ptr as usize))
            })
    {
        let unknown = |why| unknown_requests(finding, why);
        match finding.memory.space {
            MemorySpace::Global => {
                let requests = finding
                    .estimate(|metrics| &metrics.requests)
                    .map_err(unknown)?;
                let lines = requests as f64 * request_lines.clone().map_err(unknown)? / hoisted;
                match finding.memory.kind {
                    AccessKind::Load => work.load_lines += lines,
                    AccessKind::Store => work.store_lines += lines,
                }
                let lanes = finding
                    .estimate(|metrics| &metrics.lanes)
                    .map_err(unknown)?;
                buffers.add(
                    finding,
                    lanes as f64 * blocks as f64,
                    span(kernel, finding),
                    sizes,
                );
            }
            MemorySpace::Shared => {
                work.shared_wavefronts += finding
                    .estimate(|metrics| &metrics.wavefronts)
                    .map_err(unknown)? as f64;
            }
            MemorySpace::Constant | MemorySpace::Local => {}
        }
    }
    Ok((work, buffers))
}

/// Where the accesses an ordinary launch runs (not a fallback path's) have requests estimated
/// ([`Finding::estimate`]) in the block in the middle of the grid (`block_fixed`), or else with
/// every lane running them: their `line:column`s.
pub fn estimated(findings: &[Finding], block_fixed: bool) -> Vec<String> {
    findings
        .iter()
        .filter(|finding| !on_fallback(finding.memory.operation))
        .filter(|finding| {
            finding.metric(|metrics| &metrics.requests).is_err()
                && finding.estimate(|metrics| &metrics.requests).is_ok()
                && finding
                    .estimated
                    .as_ref()
                    .is_some_and(|estimate| estimate.block_fixed == block_fixed)
        })
        .map(|finding| {
            let location = &finding.memory.location;
            crate::steps::same_file(location, location)
        })
        .collect()
}

/// The report's entry for `prediction`, made with `findings`: with the accesses whose
/// requests it estimated ([`estimated`]).
pub fn reported(prediction: Prediction, findings: &[Finding]) -> PredictedTime {
    PredictedTime {
        every_lane: estimated(findings, false),
        middle_block: estimated(findings, true),
        ..prediction.into()
    }
}

/// `the requests of the memref.load at 12:7 are unknown (why)`.
fn unknown_requests(finding: &Finding, why: analysis::Unknown) -> String {
    format!(
        "the requests of the {} at {} are unknown ({})",
        finding.memory.name, finding.memory.location, why.reason
    )
}

/// The global buffers of a launch: their bytes where static, and what its lanes load and store.
#[derive(Default)]
struct Buffers {
    /// By the buffer's root value.
    bytes: HashMap<*const std::ffi::c_void, Buffer>,
}

/// One global buffer of a launch.
#[derive(Default)]
struct Buffer {
    /// Its bytes, where its type gives them.
    size: Option<u64>,
    /// What the launch's lanes load from it.
    loaded: Touched,
    /// What they store into it.
    stored: Touched,
}

/// What a launch's lanes load (or store) of one buffer.
#[derive(Clone, Copy, Default)]
struct Touched {
    /// Bytes the lanes access, every trip counted.
    bytes: f64,
    /// The first and the end byte its accesses reach together, where every one's are known.
    span: Option<(i64, i64)>,
    /// Whether some access's span is unknown.
    unspanned: bool,
    /// The most bytes one access touches.
    widest: f64,
    /// Bytes the lanes access, lanes a block runs at once at the same address (the copies
    /// of a thread along a block dimension its address does not read) counted once.
    distinct: f64,
}

impl Touched {
    fn add(&mut self, bytes: f64, span: Option<(i64, i64)>, copies: f64) {
        self.unspanned |= span.is_none();
        self.span = match (self.span, span) {
            _ if self.unspanned => None,
            (Some((low, high)), Some((first, end))) => Some((low.min(first), high.max(end))),
            (known, span) => known.or(span),
        };
        self.bytes += bytes;
        self.distinct += bytes / copies;
        self.widest = self.widest.max(bytes);
    }

    /// Bytes of the buffer touched at least once: never more than the lanes access, nor than
    /// its span or its `size`; where both are unknown, what the widest access touches (a
    /// stencil's neighbours read the same elements).
    fn once(&self, size: Option<u64>) -> f64 {
        let reached = match (self.span, size) {
            (Some((low, high)), _) => (high - low) as f64,
            (None, Some(size)) => size as f64,
            (None, None) => self.widest,
        };
        let once = reached.min(self.bytes);
        size.map_or(once, |size| once.min(size as f64))
    }
}

impl Buffers {
    /// Counts `finding`'s `lanes` lanes of the launch, whose accesses reach `span`, in blocks
    /// of `sizes` threads.
    fn add(&mut self, finding: &Finding, lanes: f64, span: Option<(i64, i64)>, sizes: [u32; 3]) {
        let touched = lanes * f64::from(finding.access.access_bytes());
        let copies = copies(finding, sizes);
        let root = finding.memory.root_value;
        let buffer = self.bytes.entry(root.ptr).or_insert_with(|| Buffer {
            size: ir::static_memref_bytes(unsafe { mlirValueGetType(root) }),
            ..Buffer::default()
        });
        match finding.memory.kind {
            AccessKind::Load => buffer.loaded.add(touched, span, copies),
            AccessKind::Store => buffer.stored.add(touched, span, copies),
        }
    }

    /// Each buffer read once and written once ([`Touched::once`]).
    fn dram_bytes(&self) -> f64 {
        self.bytes
            .values()
            .map(|buffer| buffer.loaded.once(buffer.size) + buffer.stored.once(buffer.size))
            .sum()
    }

    /// The bytes of every buffer the launch touches, together: its size, or what its accesses
    /// reach where dynamic.
    fn footprint_bytes(&self) -> f64 {
        self.bytes
            .values()
            .map(|buffer| {
                buffer.size.map_or_else(
                    || buffer.loaded.once(None).max(buffer.stored.once(None)),
                    |size| size as f64,
                )
            })
            .sum()
    }

    /// How many times over the launch's lanes read `finding`'s buffer, and the bytes they
    /// read of it: its size, or where dynamic what they reach.
    fn reads(&self, finding: &Finding) -> (f64, Option<u64>) {
        let Some(buffer) = self.bytes.get(&finding.memory.root_value.ptr) else {
            return (1.0, None);
        };
        let bytes = buffer.size.or_else(|| {
            let (low, high) = buffer.loaded.span?;
            u64::try_from(high - low).ok()
        });
        match bytes {
            Some(bytes) if bytes > 0 => (buffer.loaded.distinct / bytes as f64, Some(bytes)),
            _ => (1.0, None),
        }
    }
}

/// Values an invariant load hoisted out of a loop may leave in registers: the loads a fully
/// unrolled inner loop makes of them (convolution-rows' 17 taps).
pub const HOISTED_VALUES: f64 = 32.0;

/// Whether `finding` is a load LLVM knows no store changes (`!invariant.load`: `ld.global.nc`
/// on a read-only argument or a checked read-only path, or constant memory), which it may
/// hoist out of any loop.
fn invariant(kernel: &Kernel, finding: &Finding, read_only: &[Root]) -> bool {
    let operation = finding.memory.operation;
    let read_only_argument = match finding.memory.root {
        Root::Argument(index) => {
            ir::attribute(kernel.operation, READONLY_POINTERS).is_some()
                && ir::argument_attribute(kernel.operation, index, "llvm.readonly").is_some()
        }
        _ => false,
    };
    finding.memory.kind == AccessKind::Load
        && (finding.memory.space == MemorySpace::Constant
            || ir::attribute(operation, READ_ONLY_PATH).is_some()
            || ir::attribute(operation, CONSTANT_PATH).is_some()
            || read_only_argument
            || read_only.contains(&finding.memory.root))
}

/// Trips of the loops around an unguarded invariant load ([`invariant`]) that LLVM hoists it
/// out of, at least 1: those its (affine) address does not read, where the loops inside them
/// that it does read have constant trips making at most [`HOISTED_VALUES`] addresses (LICM,
/// and GVN across a fully unrolled loop's copies: on the H200, convolution-rows' 17 weights
/// through `ld.global.nc` cost 27 load requests a warp where `ld.global` cost 146; session 17
/// counters).
fn hoisted_trips(kernel: &Kernel, finding: &Finding, read_only: &[Root]) -> f64 {
    let Ok(matrix) = finding.matrix.as_ref() else {
        return 1.0;
    };
    if !finding.access.guard.is_empty() || !invariant(kernel, finding, read_only) {
        return 1.0;
    }
    let (mut hoisted, mut addresses) = (1.0, 1.0);
    for (depth, the_loop) in finding.access.loops.iter().enumerate().rev() {
        let Some(trips) = the_loop.trip_count() else {
            break;
        };
        let trips = trips as f64;
        if matrix.reads(&Variable::Loop(LoopId(depth))) {
            addresses *= trips;
        } else if addresses <= HOISTED_VALUES && trips >= 1.0 {
            hoisted *= trips;
        }
    }
    hoisted
}

/// Threads of a block of `sizes` that access `finding`'s addresses at once: the product of
/// the block's sizes along the thread ids its (affine) address does not read (ATAX's 32x8
/// block whose 8 rows of threads repeat the first's), at least one.
fn copies(finding: &Finding, sizes: [u32; 3]) -> f64 {
    let Ok(matrix) = finding.matrix.as_ref() else {
        return 1.0;
    };
    [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ]
        .iter()
        .zip(sizes)
        .filter(|(thread, _)| !matrix.reads(thread))
        .map(|(_, size)| f64::from(size.max(1)))
        .product()
}

/// The first byte `finding` touches over the launch and the byte after its last, or `None`
/// where unbounded: each index's bounds over the ids and loops ([`Kernel::range`];
/// `analysis::delinearize::bounds`, its guard not narrowing them), within its dimension's
/// size as an access in bounds is.
fn span(kernel: &Kernel, finding: &Finding) -> Option<(i64, i64)> {
    let access = &finding.access;
    let layout = &access.layout;
    let range = |variable: &Variable| kernel.range(&access.loops, variable);
    let (mut first, mut last) = (layout.offset?, layout.offset?);
    for ((index, stride), size) in access
        .indices
        .iter()
        .zip(&layout.strides)
        .zip(&layout.shape)
    {
        let (least, greatest) = analysis::delinearize::bounds(index, &range);
        let least = least.unwrap_or(0).max(0);
        let greatest = match (greatest, size) {
            (Some(greatest), Some(size)) => greatest.min(size - 1),
            (greatest, size) => greatest.or(size.map(|size| size - 1))?,
        };
        let stride = (*stride)?;
        let (low, high) = (least.checked_mul(stride)?, greatest.checked_mul(stride)?);
        first = first.checked_add(low.min(high))?;
        last = last.checked_add(low.max(high))?;
    }
    let bytes = i64::from(layout.element_bytes);
    Some((
        first.checked_mul(bytes)?,
        last.checked_mul(bytes)?
            .checked_add(i64::from(access.access_bytes()))?,
    ))
}

/// The instructions and cycles of a block of ops for one thread.
#[derive(Clone, Copy, Default)]
struct Cost {
    instructions: f64,
    /// The longest latency among its loads, which issue together.
    longest: f64,
    /// Everything else, in series.
    serial: f64,
    /// Whether it holds a loop or a barrier, which keep a loop's trips' loads apart.
    serializes: bool,
    /// Loads it issues (a loop's or a branch's inside not counted).
    loads: f64,
    /// Address increments of its accesses in a loop, which an unrolled loop folds into the
    /// accesses' immediate offsets: one an unrolled group of trips.
    increments: f64,
    /// Instructions that depend on nothing the innermost loop around them changes, which
    /// LICM moves before that loop: counted once per entry, not per trip.
    hoisted: f64,
    /// LLVM IR instructions it leaves in its loop after LICM, before strength reduction: what
    /// full unrolling weighs against [`FULL_UNROLL_INSTRUCTIONS`] (an access's address is
    /// `2·rank − 1` of them, its linearization and `getelementptr`).
    size: f64,
}

/// What the innermost loop around an op changes from trip to trip; `None` outside loops.
type Varying = Option<Changes>;

/// Values a loop's trips change, by pointer.
#[derive(Default)]
struct Changes {
    /// Its induction variable and iter_args, and what is computed from them.
    changed: HashSet<usize>,
    /// Those that depend on an iter_arg or on a value loaded, branched or looped for: a trip's
    /// chain of latencies. Address arithmetic on the induction variable alone is not in it:
    /// it issues ahead of its trip (unrolled, the trips' addresses are computed together).
    carried: HashSet<usize>,
}

impl Cost {
    fn cycles(&self) -> f64 {
        self.longest + self.serial
    }
}

/// Walks a kernel's body for one thread's instructions and cycles.
struct Walker<'a> {
    kernel: &'a Kernel,
    /// By operation: its finding, the trips its load is hoisted out of and the lines of one
    /// of its requests, where known ([`request_lines`]).
    findings: HashMap<*mut std::ffi::c_void, (&'a Finding, f64, Option<f64>)>,
    buffers: &'a Buffers,
    /// Whether the launch's buffers stay in L2 between launches ([`time::l2_resident`]).
    resident: bool,
    threads: u32,
    /// The pure ops LLVM deletes as copies of one computed before.
    numbering: Numbering,
}

impl Walker<'_> {
    fn region(&self, region: MlirRegion, varying: &mut Varying) -> Result<Cost, String> {
        let block = unsafe { mlirRegionGetFirstBlock(region) };
        if block.ptr.is_null() {
            return Ok(Cost::default());
        }
        if !unsafe { mlirBlockGetNextInRegion(block) }.ptr.is_null() {
            return Err("its body has several blocks (branches the walk does not follow)".into());
        }
        let mut cost = Cost::default();
        self.numbering.open();
        let walked = ir::block_operations(block)
            .into_iter()
            .try_for_each(|operation| self.operation(operation, &mut cost, varying));
        self.numbering.close();
        walked.map(|()| cost)
    }

    /// `region`'s cost as the body of a loop: its block's arguments change every trip.
    fn loop_body(&self, region: MlirRegion) -> Result<Cost, String> {
        let block = unsafe { mlirRegionGetFirstBlock(region) };
        let arguments = if block.ptr.is_null() {
            0
        } else {
            unsafe { mlirBlockGetNumArguments(block) }
        };
        let argument = |index| unsafe { mlirBlockGetArgument(block, index) }.ptr as usize;
        let mut varying: Varying = Some(Changes {
            changed: (0..arguments).map(argument).collect(),
            carried: (1..arguments).map(argument).collect(),
        });
        self.region(region, &mut varying)
    }

    /// The ops of `branch`'s region `side` walked as if written in its place (a side LLVM
    /// selects at compile time, or one ptxas predicates).
    fn in_place(
        &self,
        branch: MlirOperation,
        side: isize,
        cost: &mut Cost,
        varying: &mut Varying,
    ) -> Result<(), String> {
        let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(branch, side)) };
        if !block.ptr.is_null() {
            for inner in ir::block_operations(block) {
                self.operation(inner, cost, varying)?;
            }
        }
        Ok(())
    }

    fn operation(
        &self,
        operation: MlirOperation,
        cost: &mut Cost,
        varying: &mut Varying,
    ) -> Result<(), String> {
        let name = ir::operation_name(operation);
        // Whatever a loop, a branch or a memory access yields changes with the loop around it,
        // and is carried (`Changes::carried`); an ALU op's results are where an operand is.
        let results_vary = |varying: &mut Varying, carried: bool| {
            if let Some(changes) = varying {
                for index in 0..unsafe { mlirOperationGetNumResults(operation) } {
                    let result = unsafe { mlirOperationGetResult(operation, index) }.ptr as usize;
                    changes.changed.insert(result);
                    if carried {
                        changes.carried.insert(result);
                    }
                }
            }
        };
        let operands_in = |varying: &Varying, carried: bool| match varying {
            None => true,
            Some(changes) => (0..unsafe { mlirOperationGetNumOperands(operation) }).any(|index| {
                let operand = unsafe { mlirOperationGetOperand(operation, index) }.ptr as usize;
                match carried {
                    true => changes.carried.contains(&operand),
                    false => changes.changed.contains(&operand),
                }
            }),
        };
        let operands_vary = |varying: &Varying| operands_in(varying, false);
        let operands_carried = |varying: &Varying| operands_in(varying, true);
        if self.numbering.is_copy(operation) {
            // CSE and GVN delete it: its results are the earlier op's.
            if operands_vary(varying) {
                let carried = operands_carried(varying);
                results_vary(varying, carried);
            }
            return Ok(());
        }
        match name.as_str() {
            "arith.constant"
            | "scf.yield"
            | "scf.condition"
            | "gpu.return"
            | "gpu.terminator"
            | "memref.cast"
            | "memref.subview"
            | "memref.view"
            | "memref.get_global"
            | "memref.reinterpret_cast" => {}
            _ if only_sizes_a_view(operation, VIEW_SIZE_DEPTH) => {}
            "scf.for" => {
                let trips = self.trips(operation)?;
                let body = self.loop_body(unsafe { mlirOperationGetRegion(operation, 0) })?;
                // An unrolled group of trips pays the loop's increments once.
                let unrolled = if body.serializes {
                    1.0
                } else {
                    trips.clamp(1.0, UNROLLED_INSTRUCTIONS_TRIPS)
                };
                cost.instructions += body.hoisted
                    + trips
                        * (body.instructions
                            + (body.increments + LOOP_TRIP_INSTRUCTIONS) / unrolled);
                results_vary(varying, true);
                if body.serializes {
                    cost.serial += trips * body.cycles();
                } else if fully_unrolled(trips, &body) {
                    cost.serial += body.longest + trips * body.serial;
                } else {
                    // Unrolled until about UNROLLED_LOADS loads issue together.
                    let together = (UNROLLED_LOADS / body.loads.max(1.0)).floor().max(1.0);
                    cost.serial += (trips / together).ceil() * body.longest + trips * body.serial;
                }
                cost.serializes = true;
                cost.size += body.size + LOOP_TRIP_INSTRUCTIONS;
            }
            "scf.while" => {
                // A loop over the rounds of a doubling or halving value (a tree reduction's
                // `for (s = 1; s < blockDim.x; s *= 2)`): its test runs once more than its body.
                let Some(rounds) = while_rounds(self.kernel, operation) else {
                    return Err(not_followed(&name, operation));
                };
                let rounds = rounds as f64;
                let test = self.loop_body(unsafe { mlirOperationGetRegion(operation, 0) })?;
                let body = self.loop_body(unsafe { mlirOperationGetRegion(operation, 1) })?;
                cost.instructions += body.hoisted
                    + test.hoisted
                    + rounds * (body.instructions + test.instructions + LOOP_TRIP_INSTRUCTIONS)
                    + test.instructions;
                cost.serial += rounds * (body.cycles() + test.cycles()) + test.cycles();
                cost.serializes = true;
                cost.size += body.size + test.size + LOOP_TRIP_INSTRUCTIONS;
                results_vary(varying, true);
            }
            "scf.if" if static_branch(operation).is_some() => {
                // LLVM folds the branch: the side it selects runs as if written in its place.
                let side = static_branch(operation).unwrap_or(0);
                self.in_place(operation, side, cost, varying)?;
                results_vary(varying, true);
            }
            "scf.if" if ir::attribute(operation, IN_ARRAY).is_some() => {
                // A staged copy's cell loaded where it lies in the array: ptxas predicates the
                // load, which issues with the others as written in place; the else side's 0
                // is a select.
                self.in_place(operation, 0, cost, varying)?;
                cost.instructions += 1.0;
                cost.size += 1.0;
                results_vary(varying, true);
            }
            "scf.if" if first_trip(operation) => {
                // Its side runs in the loop's first trip alone (`promote`'s window filled):
                // once per entry of the loop, as a hoisted op; each trip pays the compare and
                // the branch.
                let taken =
                    self.region(unsafe { mlirOperationGetRegion(operation, 0) }, varying)?;
                cost.hoisted += taken.instructions + taken.hoisted;
                cost.instructions += 2.0;
                cost.size += taken.size + 2.0;
                results_vary(varying, true);
            }
            "scf.if" if selects_path(operation) => {
                let taken =
                    self.region(unsafe { mlirOperationGetRegion(operation, 0) }, varying)?;
                cost.instructions += taken.instructions + 1.0;
                cost.size += taken.size + 1.0;
                cost.hoisted += taken.hoisted;
                cost.increments += taken.increments;
                cost.serial += taken.cycles() + ALU_LATENCY_CYCLES;
                cost.serializes |= taken.serializes;
                results_vary(varying, true);
            }
            "scf.if" => {
                // ptxas predicates a guard's side and issues its loads with the block's.
                let mut sides = Cost::default();
                for index in 0..unsafe { mlirOperationGetNumRegions(operation) } {
                    let side =
                        self.region(unsafe { mlirOperationGetRegion(operation, index) }, varying)?;
                    sides.longest = sides.longest.max(side.longest);
                    sides.serial = sides.serial.max(side.serial);
                    sides.instructions = sides.instructions.max(side.instructions);
                    sides.hoisted = sides.hoisted.max(side.hoisted);
                    sides.increments = sides.increments.max(side.increments);
                    sides.size += side.size;
                    cost.serializes |= side.serializes;
                }
                cost.instructions += sides.instructions + 1.0;
                cost.size += sides.size + 1.0;
                cost.hoisted += sides.hoisted;
                cost.increments += sides.increments;
                results_vary(varying, true);
                cost.longest = cost.longest.max(sides.longest);
                cost.serial += sides.serial + ALU_LATENCY_CYCLES;
            }
            "gpu.barrier" => {
                cost.instructions += 1.0;
                cost.size += 1.0;
                cost.serial += time::barrier_cycles(self.threads);
                cost.serializes = true;
            }
            _ => match self.findings.get(&operation.ptr) {
                Some(&(_, hoisted, _)) if hoisted > 1.0 => {
                    // Loaded once before the loops it is hoisted out of, then a register.
                    let once = 1.0 / hoisted;
                    cost.instructions += once;
                    cost.hoisted += once;
                    results_vary(varying, true);
                }
                Some(&(finding, _, lines)) => {
                    // The access every trip; its address arithmetic where the address changes:
                    // one outside loops, a pointer increment in one.
                    cost.instructions += 1.0;
                    cost.size += 2.0 * finding.access.indices.len() as f64;
                    match varying {
                        Some(_) if operands_vary(varying) => cost.increments += 1.0,
                        Some(_) => cost.hoisted += 1.0,
                        None => cost.instructions += 1.0,
                    }
                    if finding.memory.kind == AccessKind::Load {
                        cost.longest = cost.longest.max(self.load_cycles(finding));
                        cost.serial += line_cycles(finding, lines);
                        cost.loads += 1.0;
                    }
                    results_vary(varying, true);
                }
                None if unsafe { mlirOperationGetNumRegions(operation) } > 0 => {
                    return Err(not_followed(&name, operation))
                }
                // Affine index arithmetic in a loop: LSR's pointer increments, counted once.
                None if operands_vary(varying) && varying.is_some() && strength_reduced(&name) => {
                    cost.hoisted += 1.0;
                    cost.size += 1.0;
                    let carried = operands_carried(varying);
                    results_vary(varying, carried);
                }
                None if operands_vary(varying) => {
                    cost.instructions += issue_slots(operation);
                    cost.size += 1.0;
                    // Off a trip's chain (a swizzle's XOR of the loop's counter), it issues
                    // ahead of its trip: its issue cycle, not its latency.
                    let carried = operands_carried(varying);
                    cost.serial += match carried {
                        true => ALU_LATENCY_CYCLES,
                        false => time::ISSUE_CYCLES,
                    };
                    results_vary(varying, carried);
                }
                None => cost.hoisted += issue_slots(operation),
            },
        }
        Ok(())
    }

    /// Trips of an `scf.for` whose bounds the access model reads (constants, arguments every
    /// launch passes as one constant) a constant apart: a strip-mined tile's loop runs from
    /// `k` to `k + 32`; else, where they depend on the ids or enclosing loops (a triangle), the
    /// trips of a warp's busiest lane on average (`LoopContext::mean_trips`).
    fn trips(&self, operation: MlirOperation) -> Result<f64, String> {
        let context = loop_context(self.kernel, operation);
        context
            .constant_trips(self.kernel)
            .map(|trips| trips as f64)
            .or_else(|| context.mean_trips(self.kernel))
            .ok_or_else(|| {
                format!(
                    "the loop at {} has a trip count known only at run time",
                    ir::location_text(unsafe { mlirOperationGetLocation(operation) })
                )
            })
    }

    /// Cycles a load waits for its value (module docs).
    fn load_cycles(&self, finding: &Finding) -> f64 {
        match finding.memory.space {
            MemorySpace::Shared => time::SHARED_LATENCY_CYCLES,
            MemorySpace::Constant => time::CONSTANT_LATENCY_CYCLES,
            MemorySpace::Local => L1_LATENCY_CYCLES,
            MemorySpace::Global => {
                let (reads, size) = self.buffers.reads(finding);
                let missed = time::global_load_cycles(reads, size, self.resident);
                let moved = trip_stride_bytes(finding).map_or(1.0, |bytes| {
                    (bytes as f64 / analysis::target::SECTOR_BYTES as f64).min(1.0)
                });
                moved * missed + (1.0 - moved) * L1_LATENCY_CYCLES
            }
        }
    }
}

/// Why the walk gives no time: it does not follow `operation`, an op with regions.
fn not_followed(name: &str, operation: MlirOperation) -> String {
    format!(
        "the walk does not follow {name} at {}",
        ir::location_text(unsafe { mlirOperationGetLocation(operation) })
    )
}

/// Cycles L1 spends on the `lines` of a global load request of `finding` beyond its first:
/// the requests a warp issues together wait for each other's lines (module docs).
fn line_cycles(finding: &Finding, lines: Option<f64>) -> f64 {
    match (finding.memory.space, lines) {
        (MemorySpace::Global, Some(lines)) => (lines - 1.0).max(0.0) * time::LINE_LATENCY_CYCLES,
        _ => 0.0,
    }
}

/// Results an sm_90 SM computes a clock of an f32 add, multiply or fused multiply-add (CUDA
/// C++ Programming Guide, "Throughput of Native Arithmetic Instructions", compute capability
/// 9.0): the rate an instruction of [`Work::instructions`] issues at.
const F32_RESULTS_PER_CLOCK: f64 = 128.0;

/// Results a clock of an f64 add, multiply or fused multiply-add (the same table).
const F64_RESULTS_PER_CLOCK: f64 = 64.0;

/// Results a clock of a conversion between an integer and a float, or to or from a 64-bit
/// type, and of the special functions (`math.exp2`, `math.log2`, `math.rsqrt`, `math.sin`,
/// `math.cos`; the same table).
const SLOW_RESULTS_PER_CLOCK: f64 = 16.0;

/// The f32 instructions' issue slots one `operation` takes: 1, or as many as its throughput
/// is below theirs (an f64 `mulf` 2, an `extf` to f64 8: Rodinia hotspot's `2.0*` makes its
/// sums double, so its loop's ten conversions cost what 80 f32 ops would).
fn issue_slots(operation: MlirOperation) -> f64 {
    let name = ir::operation_name(operation);
    let f64_result = unsafe { mlirOperationGetNumResults(operation) } > 0
        && unsafe { mlirTypeIsAF64(mlirValueGetType(mlirOperationGetResult(operation, 0))) };
    let results_per_clock = match name.as_str() {
        "arith.extf" | "arith.truncf" | "arith.sitofp" | "arith.uitofp" | "arith.fptosi"
        | "arith.fptoui" | "math.exp2" | "math.log2" | "math.rsqrt" | "math.sin" | "math.cos" => {
            SLOW_RESULTS_PER_CLOCK
        }
        "arith.addf" | "arith.subf" | "arith.mulf" | "math.fma" if f64_result => {
            F64_RESULTS_PER_CLOCK
        }
        _ => F32_RESULTS_PER_CLOCK,
    };
    F32_RESULTS_PER_CLOCK / results_per_clock
}

/// Whether LLVM unrolls a loop of `trips` trips of `body` (no loop or barrier inside) fully:
/// its instructions at most [`FULL_UNROLL_INSTRUCTIONS`], or, at most [`ANALYZED_TRIPS`]
/// trips, [`FOLDED_UNROLL_BOOST`] times that.
fn fully_unrolled(trips: f64, body: &Cost) -> bool {
    let instructions = trips * (body.size + LOOP_TRIP_INSTRUCTIONS);
    instructions <= FULL_UNROLL_INSTRUCTIONS
        || (trips <= ANALYZED_TRIPS
            && instructions <= FOLDED_UNROLL_BOOST * FULL_UNROLL_INSTRUCTIONS)
}

/// Trips up to which LLVM's full unrolling simulates the unrolled loop to see what folds
/// (`unroll-max-iteration-count-to-analyze`, 10).
pub const ANALYZED_TRIPS: f64 = 10.0;

/// How far LLVM raises the full-unroll threshold for a loop it simulates: by the share of the
/// unrolled loop that folds once the induction variable is constant, up to 400 %
/// (`unroll-max-percent-threshold-boost`). The PTX puts it between 1.2 and 1.8 (estimated
/// instructions): unrolled at 180 (fdtd3d's 4-trip radius loop, convolution-rows' 10-trip
/// guarded fill, a 10-trip copy with a clamp or a remainder in its row) and 170
/// (test/Analysis/time-facts.mlir), not at 270 (d2q9's 9-trip fill) or 320 (jacobi2d's
/// 8-row loop).
pub const FOLDED_UNROLL_BOOST: f64 = 1.5;

/// Ops between a value and the row view it sizes that [`only_sizes_a_view`] follows.
const VIEW_SIZE_DEPTH: usize = 4;

/// Whether `operation` is pure, has results and they only size `delinearize`'s row views
/// (`memref.dim`, `arith.ceildivui` of a `memref<?xf32>` viewed as rows) or go unused: no
/// address reads a view's row count, so LLVM deletes them (hotspot's two views cost 6
/// instructions a thread before this). An op with effects (an atomic whose old value is
/// unused, a loop or branch whose results are) stays.
fn only_sizes_a_view(operation: MlirOperation, depth: usize) -> bool {
    let results = unsafe { mlirOperationGetNumResults(operation) };
    depth > 0
        && results > 0
        && numbering::pure(&ir::operation_name(operation))
        && (0..results).all(|index| {
            ir::uses(unsafe { mlirOperationGetResult(operation, index) })
                .into_iter()
                .all(|(user, position)| {
                    (position > 0 && ir::attribute(user, ROWS_VIEW).is_some())
                        || only_sizes_a_view(user, depth - 1)
                })
        })
}

/// Bytes the address of `finding` moves from one trip of its innermost loop to the next
/// (`None` outside loops or where unknown).
fn trip_stride_bytes(finding: &Finding) -> Option<u64> {
    let innermost = finding.access.loops.len().checked_sub(1)?;
    let matrix = finding.matrix.as_ref().ok()?;
    let step = finding.access.loops[innermost].step?;
    let variable = Variable::Loop(LoopId(innermost));
    let layout = &finding.access.layout;
    let mut elements = 0i64;
    for (dimension, stride) in layout.strides.iter().enumerate() {
        let coefficient = matrix.coefficient(dimension, &variable);
        if coefficient != 0 {
            elements = elements.checked_add(coefficient.checked_mul((*stride)?)?)?;
        }
    }
    let bytes = elements
        .checked_mul(step)?
        .checked_mul(i64::from(layout.element_bytes))?;
    Some(bytes.unsigned_abs())
}

/// Whether an `scf.if` selects a path for the whole launch, or one an interior block takes
/// (a register tile's edge path: module docs).
fn selects_path(branch: MlirOperation) -> bool {
    ir::attribute(branch, SPECIALIZED).is_some()
        || ir::attribute(branch, EDGE_PATH).is_some()
        || pointer_check(unsafe { mlirOperationGetOperand(branch, 0) }) == Some(true)
}

/// Whether an `scf.if` runs its `then` side in the first trip of the loop around it alone
/// (`counter == lower`, as `promote` fills a window; its `else` side only yields).
fn first_trip(branch: MlirOperation) -> bool {
    let the_loop = unsafe { mlirOperationGetParentOperation(branch) };
    let condition = ir::defining_operation(unsafe { mlirOperationGetOperand(branch, 0) });
    let (Some(compare), true) = (condition, ir::is_named(the_loop, "scf.for")) else {
        return false;
    };
    let predicate = ir::attribute(compare, "predicate").and_then(ir::integer);
    let operand = |of: MlirOperation, position| unsafe { mlirOperationGetOperand(of, position) };
    let counter = unsafe {
        mlirBlockGetArgument(
            mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)),
            0,
        )
    };
    ir::is_named(compare, "arith.cmpi")
        && predicate == Some(0)
        && unsafe { mlirValueEqual(operand(compare, 0), counter) }
        && unsafe { mlirValueEqual(operand(compare, 1), operand(the_loop, 0)) }
}

/// The region of an `scf.if` whose condition is known at compile time, which LLVM keeps alone.
fn static_branch(branch: MlirOperation) -> Option<isize> {
    // Region 0 is `then`, 1 `else`.
    static_condition(unsafe { mlirOperationGetOperand(branch, 0) }).map(|taken| isize::from(!taken))
}

/// Whether `operation` is on the side of a path selector that an ordinary launch does not take,
/// or on the side of a branch known at compile time that it does not select.
fn on_fallback(operation: MlirOperation) -> bool {
    ir::branches(operation)
        .into_iter()
        .any(|(branch, then)| match static_branch(branch) {
            Some(side) => (side == 0) != then,
            None => !then && selects_path(branch),
        })
}

/// Index arithmetic that LLVM's loop strength reduction folds, in a loop, into the pointer
/// increment of each access it addresses (the suite's PTX: a staged matmul's k loop runs 2
/// shared loads, 2 floating-point ops and no index arithmetic a trip).
fn strength_reduced(name: &str) -> bool {
    matches!(
        name,
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.index_cast" | "arith.index_castui"
    )
}

/// The 128-byte lines of one request of `finding`: those its block's first warp touches
/// ([`first_warp_lines`]), or where an address needs a value the pass does not know,
/// [`time::lines`] of its sectors.
fn request_lines(finding: &Finding, sizes: [u32; 3]) -> Result<f64, analysis::Unknown> {
    match first_warp_lines(finding, sizes) {
        Some(lines) => Ok(lines),
        None => Ok(time::lines(
            1.0,
            finding.estimate(|metrics| &metrics.sectors_per_request)?,
        )),
    }
}

/// The 128-byte lines the first warp of a block touches in one request of `finding` (block
/// and loop variables at 0 or their loops' lower bounds); `None` where an address needs a
/// value the launch fixes but the pass does not know.
fn first_warp_lines(finding: &Finding, [x, y, z]: [u32; 3]) -> Option<f64> {
    let threads = (x * y * z).min(analysis::target::WARP_SIZE);
    let mut lines = Vec::with_capacity(threads as usize);
    for lane in 0..threads {
        let (tx, ty, tz) = (lane % x, lane / x % y, lane / (x * y));
        let value = |variable: &Variable| match variable {
            Variable::ThreadX => Some(i64::from(tx)),
            Variable::ThreadY => Some(i64::from(ty)),
            Variable::ThreadZ => Some(i64::from(tz)),
            Variable::BlockX | Variable::BlockY | Variable::BlockZ => Some(1),
            Variable::Loop(LoopId(depth)) => Some(
                finding
                    .access
                    .loops
                    .get(*depth)
                    .and_then(|the_loop| the_loop.lower)
                    .unwrap_or(0),
            ),
            Variable::Symbol(_) => None,
        };
        let address = finding.access.byte_address(&value).ok()?;
        let last = address + i64::from(finding.access.access_bytes()) - 1;
        let line = analysis::target::CACHE_LINE_BYTES as i64;
        lines.extend([address.div_euclid(line), last.div_euclid(line)]);
    }
    lines.sort_unstable();
    lines.dedup();
    Some(lines.len().max(1) as f64)
}
