//! Static warp metrics of one access over a whole thread block (design.md; seed-004 §3).
//!
//! For a block of `Bx × By × Bz` threads, lanes are 32 consecutive linear thread ids
//! `tid.x + tid.y·Bx + tid.z·Bx·By` (the last warp may be partial). Each warp issues one
//! request per iteration of the enclosing loops, with the lanes the guard leaves active; the
//! requests feed a [`MetricsAccumulator`], exactly as the interpreter feeds measured ones.
//!
//! The byte address is split by how its parts vary (`c` are byte coefficients):
//!
//! ```text
//! address = Σ c·tid + Σ c·iv(enumerated loops) + Σ c·q(quasi-affine parts)   per lane
//!         + Σ c·iv(other constant-bound loops)                               shift per iteration
//!         + Σ c·v(block ids, symbols, loops with unknown bounds, dynamic strides)  unknown shift
//! ```
//!
//! * Every request metric is unchanged when all addresses move by a multiple of
//!   `Q = lcm(32, bank shift period)` bytes (a sector is 32 bytes; see
//!   [`crate::BankGeometry::shift_period_bytes`]). So, as in Gao §3.3, the loops whose
//!   variables only shift the address contribute a histogram of shifts modulo `Q`: a loop
//!   with trip count `n` moving by `Δ` falls into `P = Q / gcd(Δ, Q)` classes counted by
//!   [`class_counts`]; nested loops convolve their histograms, so the work is bounded by `Q`
//!   per warp, not by trip counts.
//! * Loops whose variables occur in a guard or a floor division, remainder or XOR are enumerated
//!   iteration by iteration (at most [`MAX_ENUMERATED_ITERATIONS`] in all), over one period
//!   where they have one (Gao §4.3.2, `loop_period`): when the variable `k = lower + s·i`
//!   occurs only linearly in the address, in `(a·k + …) mod m` and `⌊(a·k + …) / d⌋` parts of
//!   the address, and in `mod` parts of the guard, iteration `i + P` (`P` the lcm of
//!   `m / gcd(a·s, m)` and `d / gcd(a·s, d)`) is iteration `i` with every lane's address moved
//!   by the same bytes and the same guard outcomes; the iterations past the first period enter
//!   as a shift histogram, like the loops that only shift. The tile read `tile[tid.x][k mod 32]`
//!   of a 1,024-iteration loop is walked over 32 iterations, exactly.
//! * The unknown shift is some multiple of `g = gcd` of its coefficients. Each residue class
//!   of that shift modulo `Q` is evaluated; a metric that differs between classes depends on
//!   the unknown values and is reported unknown with the reason (`A[n + tid.x]` has known bank
//!   conflicts but unknown sectors; `A[32·n + tid.x]` has both). Where the shift comes from
//!   block ids alone and has at most [`MOST_ALIGNMENTS_AVERAGED`] classes, the blocks of a
//!   grid take each class equally often, so the per-request averages (sectors, conflict
//!   degree) are the mean over the classes instead, and [`AccessMetrics::averaged_over`] says
//!   over how many: a lattice whose rows of 9,288 B start at four sector alignments (issue 31,
//!   item 5). Counts per block stay unknown; they differ between blocks.
//!
//! Unknown with a reason, never guessed: data-dependent indices, guards or quasi-affine parts
//! over unknown values, dynamic strides under lane-varying indices, local memory (the
//! hardware interleaves it per thread), and access widths that are not one instruction.
//! Loops with unknown bounds leave the per-request averages known when they only shift
//! addresses, but the request count unknown.
//! A guard the same for every lane but over unknown values (`k < len[bid.x]`) keeps or drops
//! whole requests: it is taken to hold, the counts and averages become unknown, and the
//! conflict degree stays known where every request has the same (average = worst request).
//!
//! Cost: O(warps · enumerated iterations · Q · lanes) request evaluations, with Q = 32 on
//! sm_90 (256 on Kepler 4-byte mode).

use std::collections::{BTreeMap, BTreeSet};

use num_integer::Integer;

use crate::closed_form::{class_counts, period};
use crate::expression::{
    checked, Cause, Compiled, IndexExpression, LinearForm, Loop, LoopId, Unknown, Variable,
};
use crate::matrix::{Access, MemorySpace};
use crate::request::{self, shift_period, MetricsAccumulator, Request};
use crate::target::{BankModel, MAX_ACCESS_BYTES, MAX_THREADS_PER_BLOCK, SECTOR_BYTES, WARP_SIZE};

/// Most loop iterations enumerated one by one (loops in guards or quasi-affine indices).
pub const MAX_ENUMERATED_ITERATIONS: u64 = 4096;

/// Thread-block dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// `blockDim.x`.
    pub x: u32,
    /// `blockDim.y`.
    pub y: u32,
    /// `blockDim.z`.
    pub z: u32,
}

impl Block {
    /// A block of `x × y × z` threads.
    pub fn new(x: u32, y: u32, z: u32) -> Block {
        Block { x, y, z }
    }

    /// Number of threads.
    pub fn threads(&self) -> u64 {
        u64::from(self.x) * u64::from(self.y) * u64::from(self.z)
    }

    /// The `(tid.x, tid.y, tid.z)` of each lane of each warp, warps in order (computed as
    /// they are needed: no allocation per call, which the layout search makes thousands of).
    pub fn warps(&self) -> impl Iterator<Item = Warp> {
        let (x, y) = (i64::from(self.x).max(1), i64::from(self.y).max(1));
        let threads = self.threads() as i64;
        let lanes = i64::from(WARP_SIZE);
        (0..(threads + lanes - 1) / lanes).map(move |warp| {
            let mut found = Warp {
                lanes: [[0; 3]; WARP_SIZE as usize],
                count: ((threads - warp * lanes).min(lanes)) as usize,
            };
            // One division for the first lane; the others step (a division per lane dominated
            // the analysis of simple kernels).
            let first = warp * lanes;
            let mut thread = [first % x, first / x % y, first / (x * y)];
            for lane in &mut found.lanes[..found.count] {
                *lane = thread;
                thread[0] += 1;
                if thread[0] == x {
                    thread[0] = 0;
                    thread[1] += 1;
                    if thread[1] == y {
                        thread[1] = 0;
                        thread[2] += 1;
                    }
                }
            }
            found
        })
    }
}

/// The thread ids of one warp's lanes (the last warp of a block may have fewer than 32).
#[derive(Clone, Copy, Debug)]
pub struct Warp {
    lanes: [[i64; 3]; WARP_SIZE as usize],
    count: usize,
}

impl std::ops::Deref for Warp {
    type Target = [[i64; 3]];

    fn deref(&self) -> &[[i64; 3]] {
        &self.lanes[..self.count]
    }
}

/// The most alignment classes of a block-dependent shift whose metrics are averaged.
pub const MOST_ALIGNMENTS_AVERAGED: usize = 16;

/// Static metrics of one access for one block; each value is known or unknown with a reason.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessMetrics {
    /// Warp requests per block (requests with at least one active lane).
    pub requests: Result<u64, Unknown>,
    /// Thread executions per block: the active lanes of its requests.
    pub lanes: Result<u64, Unknown>,
    /// Average 32-byte sectors per request.
    pub sectors_per_request: Result<f64, Unknown>,
    /// Total wavefronts over total ideal wavefronts (1.0 = conflict-free).
    pub bank_conflict_degree: Result<f64, Unknown>,
    /// Average distinct addresses per request.
    pub distinct_addresses: Result<f64, Unknown>,
    /// Extra wavefronts per block caused by conflicts (Gao's replays, Σ(degree − 1)).
    pub bank_conflicts: Result<u64, Unknown>,
    /// Shared-memory wavefronts per block, all requests and loop iterations included.
    pub wavefronts: Result<u64, Unknown>,
    /// Conflict-free wavefronts per block (the phases with an active lane, summed).
    pub ideal_wavefronts: Result<u64, Unknown>,
    /// Largest wavefronts-over-ideal ratio of any single request.
    pub worst_bank_conflict_degree: Result<f64, Unknown>,
    /// Over how many alignments of a block-dependent shift the per-request averages are a
    /// mean (`None`: they are exact for every block).
    pub averaged_over: Option<usize>,
}

/// The metrics of `access` for one block of size `block` under `model`.
pub fn warp_metrics(
    access: &Access,
    block: Block,
    model: BankModel,
) -> Result<AccessMetrics, Unknown> {
    check_supported(access, block)?;
    let parts = AddressParts::of(access, block)?;
    let (enumerated, opaque_guards) = enumerated_loops(access, &parts)?;
    let period = shift_period(model);
    let (histogram, unknown_trips) = shift_histogram(access, &parts, &enumerated, period)?;
    let free_step = parts.free_gcd().gcd(&period);
    let shifts = Shifts {
        histogram,
        classes: (0..period).step_by(free_step as usize).collect(),
        period,
    };
    let walks: Vec<Walk> = enumerated
        .iter()
        .map(|&depth| Walk::of(access, &parts, depth))
        .collect::<Result<_, _>>()?;
    let combinations = iterations(&walks)?;
    let uniform: Vec<Vec<Option<Result<bool, Unknown>>>> = combinations
        .iter()
        .map(|(iteration, _)| uniform_guard(access, &enumerated, iteration, &opaque_guards))
        .collect();
    // The shifts each combination is issued with: the other loops', and its own repeats'.
    let repeated: Vec<Shifts> = combinations
        .iter()
        .map(|(_, repeats)| {
            let mut histogram = shifts.histogram.clone();
            for &(count, shift) in repeats.iter().filter(|(count, _)| *count > 1) {
                let increment = shift.rem_euclid(i128::from(period)) as i64;
                histogram = convolve(&histogram, &walk_histogram(count, increment, period))?;
            }
            Ok(Shifts {
                histogram,
                classes: shifts.classes.clone(),
                period,
            })
        })
        .collect::<Result<_, Unknown>>()?;
    let mut tally = Tally::new(shifts.classes.len());
    let mut addresses = Vec::with_capacity(WARP_SIZE as usize);
    let (compiled, guards) = compile_parts(access, &parts, &enumerated);
    for warp in block.warps() {
        for (((iteration, _), uniform), shifts) in combinations.iter().zip(&uniform).zip(&repeated)
        {
            let at = Iteration {
                enumerated: &enumerated,
                values: iteration,
                uniform,
                compiled: &compiled,
                guards: &guards,
            };
            if lane_addresses(access, &parts, &warp, &at, &mut addresses)? {
                tally.add(&addresses, shifts, access.access_bytes(), model)?;
            }
        }
    }
    let metrics = tally.summarize(&parts, &unknown_trips);
    Ok(match opaque_guards.first() {
        None => metrics,
        Some(&(condition, ref variable)) => {
            let guard = crate::delinearize::describe_condition(&access.guard[condition]);
            only_uniform_requests(metrics, &format!("the guard {guard} depends on {variable}"))
        }
    })
}

/// The metrics when a lane-uniform guard over unknown values (`why`) was taken to hold: it
/// keeps or drops whole requests, so counts are unknown, and an average is known only where
/// every request has the same value (the conflict degree equals the worst request's).
fn only_uniform_requests(metrics: AccessMetrics, why: &str) -> AccessMetrics {
    let unknown = |metric: &str| {
        Unknown::of(
            Cause::WhichRequestsRun,
            format!(
                "{metric} is unknown: {why}, whose value is unknown, so which requests run is \
                 unknown"
            ),
        )
    };
    let uniform_degree = match (
        &metrics.bank_conflict_degree,
        &metrics.worst_bank_conflict_degree,
    ) {
        (Ok(average), Ok(worst)) if average == worst => Ok(*average),
        _ => Err(unknown("the bank-conflict degree")),
    };
    AccessMetrics {
        requests: Err(unknown("the request count")),
        lanes: Err(unknown("the number of active lanes")),
        sectors_per_request: Err(unknown("sectors per request")),
        bank_conflict_degree: uniform_degree,
        distinct_addresses: Err(unknown("distinct addresses per request")),
        bank_conflicts: Err(unknown("the number of bank conflicts")),
        wavefronts: Err(unknown("the number of wavefronts")),
        ideal_wavefronts: Err(unknown("the number of ideal wavefronts")),
        worst_bank_conflict_degree: metrics.worst_bank_conflict_degree,
        averaged_over: metrics.averaged_over,
    }
}

/// The address shifts a request is issued with: how often each residue modulo `period`
/// occurs over the loops, and the residues the unknown shift may add.
struct Shifts {
    /// Requests per residue of the loop shift.
    histogram: Vec<u64>,
    /// Possible residues of the unknown shift, one evaluation class each.
    classes: Vec<u64>,
    /// `Q`, the period of every request metric in bytes.
    period: u64,
}

/// Totals and worst request degree for each class of the unknown shift.
struct Tally {
    /// Totals per class.
    totals: Vec<MetricsAccumulator>,
    /// Worst single-request degree per class.
    worst: Vec<f64>,
    /// The metrics of the last request pattern counted (the warps of a block mostly share one).
    memo: PatternMemo,
}

impl Tally {
    fn new(classes: usize) -> Tally {
        Tally {
            totals: vec![MetricsAccumulator::default(); classes],
            worst: vec![1.0; classes],
            memo: PatternMemo::default(),
        }
    }

    /// Counts one warp's lane addresses under every shift; unknown when the lanes span more
    /// bytes than an `i64` holds.
    fn add(
        &mut self,
        addresses: &[Option<i64>],
        shifts: &Shifts,
        access_bytes: u32,
        model: BankModel,
    ) -> Result<(), Unknown> {
        let lowest = addresses.iter().flatten().min().copied().unwrap_or(0);
        self.memo.set_pattern(addresses, lowest, model)?;
        let offset = lowest.rem_euclid(shifts.period as i64) as u64;
        let lanes = addresses.iter().flatten().count() as u64;
        for (class_index, &class) in shifts.classes.iter().enumerate() {
            for (residue, &count) in shifts
                .histogram
                .iter()
                .enumerate()
                .filter(|(_, &count)| count > 0)
            {
                let shift = offset + residue as u64 + class;
                let (mut single, degree) = self.memo.request(shift, access_bytes, model);
                single.lanes = lanes;
                self.totals[class_index].merge(&single, count);
                self.worst[class_index] = self.worst[class_index].max(degree);
            }
        }
        Ok(())
    }

    /// Known values where every class agrees, reasons elsewhere.
    fn summarize(&self, parts: &AddressParts, unknown_trips: &[usize]) -> AccessMetrics {
        let reference = &self.totals[0];
        let metrics = reference.metrics();
        let unknown_shift = |metric: &str| {
            let names: Vec<&str> = parts.free.keys().map(String::as_str).collect();
            Unknown::new(format!(
                "{metric} depends on the unknown value of {}: the address moves by an unknown multiple of {} bytes",
                names.join(", "),
                parts.free_gcd()
            ))
        };
        let agree = |metric: &str, same: &dyn Fn(&MetricsAccumulator) -> bool| {
            if self.totals.iter().all(same) {
                Ok(())
            } else {
                Err(unknown_shift(metric))
            }
        };
        // Block ids alone move the address, through few alignments: each as often.
        let classes = self.totals.len();
        let averaging = classes > 1
            && classes <= MOST_ALIGNMENTS_AVERAGED
            && parts.free.keys().all(|name| parts.blocks.contains(name));
        let mut all = MetricsAccumulator::default();
        for total in &self.totals {
            all.merge(total, 1);
        }
        let mean = all.metrics();
        let mut averaged = false;
        let mut averaged_or =
            |exact: Result<(), Unknown>, exact_value: f64, mean_value: f64| match exact {
                Ok(()) => Ok(exact_value),
                Err(_) if averaging => {
                    averaged = true;
                    Ok(mean_value)
                }
                Err(unknown) => Err(unknown),
            };
        let sectors_per_request = averaged_or(
            agree("sectors", &|total| total.sectors == reference.sectors),
            metrics.sectors_per_request,
            mean.sectors_per_request,
        );
        let bank_conflict_degree = averaged_or(
            agree("bank conflicts", &|total| {
                (total.wavefronts, total.ideal_wavefronts)
                    == (reference.wavefronts, reference.ideal_wavefronts)
            }),
            metrics.bank_conflict_degree,
            mean.bank_conflict_degree,
        );
        // The loop runs its iterations for every lane alike (a lane-dependent one is
        // enumerated), so its unknown trip count keeps or drops whole requests.
        let request_count = match unknown_trips.first() {
            Some(depth) => Err(Unknown::of(
                Cause::WhichRequestsRun,
                format!("the trip count of loop{depth} is unknown"),
            )),
            None => Ok(reference.requests),
        };
        let worst = if self.worst.iter().all(|degree| *degree == self.worst[0]) {
            Ok(self.worst[0])
        } else if averaging {
            Ok(self.worst.iter().copied().fold(1.0, f64::max))
        } else {
            Err(unknown_shift("the worst bank-conflict degree"))
        };
        AccessMetrics {
            requests: request_count.clone(),
            lanes: request_count.clone().map(|_| reference.lanes),
            sectors_per_request,
            bank_conflict_degree,
            distinct_addresses: Ok(metrics.distinct_addresses),
            bank_conflicts: request_count.clone().and_then(|_| {
                agree("bank conflicts", &|total| {
                    total.bank_conflicts() == reference.bank_conflicts()
                })
                .map(|()| reference.bank_conflicts())
            }),
            wavefronts: request_count.clone().and_then(|_| {
                agree("wavefronts", &|total| {
                    total.wavefronts == reference.wavefronts
                })
                .map(|()| reference.wavefronts)
            }),
            ideal_wavefronts: request_count.map(|_| reference.ideal_wavefronts),
            worst_bank_conflict_degree: worst,
            averaged_over: averaged.then_some(classes),
        }
    }
}

/// Unknown for blocks, spaces and widths the model does not cover.
fn check_supported(access: &Access, block: Block) -> Result<(), Unknown> {
    if block.threads() == 0 || block.threads() > u64::from(MAX_THREADS_PER_BLOCK) {
        return Err(Unknown::new(format!(
            "a block of {} threads is not launchable",
            block.threads()
        )));
    }
    if access.layout.space == MemorySpace::Local {
        return Err(Unknown::new(
            "local memory is interleaved per thread by the hardware, which is not modelled",
        ));
    }
    let bytes = access.access_bytes();
    if bytes == 0 || bytes > MAX_ACCESS_BYTES || !bytes.is_power_of_two() {
        return Err(Unknown::new(format!(
            "{bytes} bytes per lane is not a single hardware access (1, 2, 4, 8 or 16)"
        )));
    }
    if access.vector_width > 1 && access.layout.strides.last() != Some(&Some(1)) {
        return Err(Unknown::new(
            "a vector access needs a contiguous innermost dimension",
        ));
    }
    access.check_rank()
}

/// Why an index with thread ids over a dimension of dynamic stride leaves the metrics unknown:
/// where the lanes of a warp differ in it, their addresses are an unknown distance apart; where
/// they share it (`tid.y` in a block 32 or a multiple of 32 wide), each warp's row starts at an
/// unknown multiple of the stride, so how its addresses fall into sectors and banks is unknown.
fn dynamic_stride_reason(dimension: usize, index: &IndexExpression, block: Block) -> String {
    let lanes_share = |variable: &Variable| match variable {
        Variable::ThreadX => false,
        Variable::ThreadY => block.x.is_multiple_of(WARP_SIZE),
        Variable::ThreadZ => (block.x * block.y).is_multiple_of(WARP_SIZE),
        _ => true,
    };
    if index.variables().iter().all(lanes_share) {
        format!(
            "dimension {dimension} has a dynamic stride: each warp's row starts at an unknown \
             multiple of it, whose alignment to sectors and banks is unknown"
        )
    } else {
        format!("dimension {dimension} has a dynamic stride and its index differs between lanes")
    }
}

/// The byte address split by how each part varies (see the module essay).
#[derive(Default)]
struct AddressParts<'a> {
    /// Bytes per unit of tid.x, tid.y, tid.z.
    threads: [i64; 3],
    /// Bytes per unit of the induction variable of each constant-bound loop, by depth.
    loops: BTreeMap<usize, i64>,
    /// Floor-division and remainder parts with their byte coefficients.
    quasi_affine: Vec<(&'a IndexExpression, i64)>,
    /// Unknown shifts: what they are, and bytes per unit.
    free: BTreeMap<String, i64>,
    /// The unknown shifts that are block ids.
    blocks: BTreeSet<String>,
    /// Constant bytes.
    constant: i64,
}

impl<'a> AddressParts<'a> {
    fn of(access: &'a Access, block: Block) -> Result<AddressParts<'a>, Unknown> {
        let element = i64::from(access.layout.element_bytes);
        let mut parts = AddressParts::default();
        match access.layout.offset {
            Some(offset) => parts.constant = checked(offset.checked_mul(element))?,
            None => parts.add_free("the dynamic memref offset".into(), element)?,
        }
        for (dimension, (index, stride)) in access
            .indices
            .iter()
            .zip(&access.layout.strides)
            .enumerate()
        {
            let form = index.linear()?;
            match stride {
                Some(stride) => {
                    parts.add(access, form.times(checked(stride.checked_mul(element))?)?)?
                }
                None if index.variables().iter().any(Variable::is_thread) => {
                    return Err(Unknown::new(dynamic_stride_reason(dimension, index, block)))
                }
                None => parts.add_free(
                    format!("the dynamic stride of dimension {dimension}"),
                    element,
                )?,
            }
        }
        parts.free.retain(|_, coefficient| *coefficient != 0);
        Ok(parts)
    }

    fn add(&mut self, access: &Access, form: LinearForm<'a>) -> Result<(), Unknown> {
        for (variable, coefficient) in form.variables {
            let slot = match &variable {
                Variable::ThreadX => &mut self.threads[0],
                Variable::ThreadY => &mut self.threads[1],
                Variable::ThreadZ => &mut self.threads[2],
                Variable::Loop(LoopId(depth))
                    if enclosing_loop(access, *depth)?.trip_count().is_some() =>
                {
                    self.loops.entry(*depth).or_default()
                }
                _ => {
                    if variable.is_block() {
                        self.blocks.insert(variable.to_string());
                    }
                    self.free.entry(variable.to_string()).or_default()
                }
            };
            *slot = checked(slot.checked_add(coefficient))?;
        }
        self.quasi_affine.extend(form.quasi_affine);
        self.constant = checked(self.constant.checked_add(form.constant))?;
        Ok(())
    }

    fn add_free(&mut self, name: String, coefficient: i64) -> Result<(), Unknown> {
        let slot = self.free.entry(name).or_default();
        *slot = checked(slot.checked_add(coefficient))?;
        Ok(())
    }

    /// Bytes the unknown shift is always a multiple of (0 when there is none).
    fn free_gcd(&self) -> u64 {
        self.free.values().fold(0u64, |common, coefficient| {
            common.gcd(&coefficient.unsigned_abs())
        })
    }
}

/// Loop `depth` of the access, or unknown when there is no such loop.
fn enclosing_loop(access: &Access, depth: usize) -> Result<&Loop, Unknown> {
    access
        .loops
        .get(depth)
        .ok_or_else(|| Unknown::new(format!("loop{depth} is not an enclosing loop")))
}

/// Lane-uniform guard conditions over unknown values, taken to hold: position and that value.
type OpaqueGuards = Vec<(usize, String)>;

/// Depths of the loops to enumerate (those in guards and quasi-affine parts, all
/// constant-bound), and the guard conditions that are the same for every lane but depend on an
/// unknown value (by position, with that value): those are taken to hold, as whole requests.
fn enumerated_loops(
    access: &Access,
    parts: &AddressParts,
) -> Result<(Vec<usize>, OpaqueGuards), Unknown> {
    let known = |variable: &Variable| access.enumerable(variable);
    let mut opaque_guards = Vec::new();
    let mut mentioned: Vec<(&str, BTreeSet<Variable>)> = Vec::new();
    for (position, condition) in access.guard.iter().enumerate() {
        let variables = condition.variables();
        let lane_uniform = !variables.iter().any(Variable::is_thread);
        match variables.iter().find(|variable| !known(variable)) {
            Some(unknown) if lane_uniform => opaque_guards.push((position, unknown.to_string())),
            _ => mentioned.push(("the guard", variables)),
        }
    }
    mentioned.extend(
        parts
            .quasi_affine
            .iter()
            .map(|(part, _)| (part.quasi_affine_kind(), part.variables())),
    );
    let mut depths = BTreeSet::new();
    for (place, variables) in mentioned {
        for variable in variables {
            match variable {
                variable if variable.is_thread() => {}
                Variable::Loop(LoopId(depth))
                    if enclosing_loop(access, depth)?.trip_count().is_some() =>
                {
                    depths.insert(depth);
                }
                other => {
                    return Err(Unknown::new(format!(
                        "{place} depends on {other}, whose value is unknown"
                    )))
                }
            }
        }
    }
    Ok((depths.into_iter().collect(), opaque_guards))
}

/// How often each address shift modulo `shift_period` occurs over the loops that only shift, and the loops with unknown trip counts.
fn shift_histogram(
    access: &Access,
    parts: &AddressParts,
    enumerated: &[usize],
    shift_period: u64,
) -> Result<(Vec<u64>, Vec<usize>), Unknown> {
    let mut histogram = vec![0u64; shift_period as usize];
    histogram[0] = 1;
    let mut unknown_trips = Vec::new();
    for (depth, enclosing) in access.loops.iter().enumerate() {
        if enumerated.contains(&depth) {
            continue;
        }
        let (Some(trips), Some(lower), Some(step)) =
            (enclosing.trip_count(), enclosing.lower, enclosing.step)
        else {
            unknown_trips.push(depth);
            continue;
        };
        let coefficient = i128::from(parts.loops.get(&depth).copied().unwrap_or(0));
        let modulus = i128::from(shift_period);
        let start = (coefficient * i128::from(lower)).rem_euclid(modulus);
        let increment = (coefficient * i128::from(step)).rem_euclid(modulus);
        let classes = period(increment as i64, shift_period);
        let mut loop_histogram = vec![0u64; shift_period as usize];
        for (class, count) in class_counts(trips, classes).into_iter().enumerate() {
            loop_histogram[((start + class as i128 * increment) % modulus) as usize] += count;
        }
        histogram = convolve(&histogram, &loop_histogram)?;
    }
    Ok((histogram, unknown_trips))
}

/// Cyclic convolution of two shift histograms.
fn convolve(left: &[u64], right: &[u64]) -> Result<Vec<u64>, Unknown> {
    let length = left.len();
    let mut result = vec![0u64; length];
    for (a, &left_count) in left.iter().enumerate().filter(|(_, &count)| count > 0) {
        for (b, &right_count) in right.iter().enumerate().filter(|(_, &count)| count > 0) {
            let product = left_count.checked_mul(right_count);
            let slot = &mut result[(a + b) % length];
            *slot = product
                .and_then(|product| slot.checked_add(product))
                .ok_or_else(|| Unknown::new("more than 2^64 loop iterations"))?;
        }
    }
    Ok(result)
}

/// How an enumerated loop is walked: its values (over one period where it has one), and for
/// each how many iterations it stands for and the bytes every lane's address moves by from
/// one of them to the next.
struct Walk {
    /// The values walked.
    values: Vec<i64>,
    /// Per value: the iterations it stands for (1 when the loop is walked whole).
    repeats: Vec<u64>,
    /// The address shift from one period to the next, in bytes (0 when walked whole).
    shift: i128,
}

impl Walk {
    /// The walk of the loop at `depth` of `access`: over one period of [`loop_period`] when it is
    /// shorter than the loop, else every iteration.
    fn of(access: &Access, parts: &AddressParts, depth: usize) -> Result<Walk, Unknown> {
        let enclosing = enclosing_loop(access, depth)?;
        let trips = enclosing.trip_count().unwrap_or(0);
        let (walked, shift) = match loop_period(access, parts, depth) {
            Some((period, shift)) if period < trips => (period, shift),
            _ => (trips, 0),
        };
        let values = (0..walked)
            .map(|iteration| {
                enclosing
                    .value(iteration)
                    .ok_or_else(|| Unknown::new(format!("loop{depth} overflows")))
            })
            .collect::<Result<Vec<i64>, Unknown>>()?;
        // Iteration `i` stands for `i, i + P, …` below the trip count.
        let repeats = (0..walked)
            .map(|iteration| (trips - iteration).div_ceil(walked.max(1)))
            .collect();
        Ok(Walk {
            values,
            repeats,
            shift,
        })
    }
}

/// The period in iterations of the loop at `depth` and the bytes every lane's address moves by
/// over one period, when its variable occurs only linearly in the address, in `mod` and floor
/// division parts of the address with a linear inner expression, and in `mod` parts of the
/// guard (see the module essay); `None` otherwise.
fn loop_period(access: &Access, parts: &AddressParts, depth: usize) -> Option<(u64, i128)> {
    let step = access.loops.get(depth)?.step?;
    let variable = Variable::Loop(LoopId(depth));
    // `(period, Some(advance per period))` of a `mod` (no advance) or floor-division part.
    let part = |expression: &IndexExpression, floor_allowed: bool| -> Option<(u64, i64, i64)> {
        let (inner, divisor, floor) = match expression {
            IndexExpression::Modulo(inner, modulus) => (inner, *modulus, false),
            IndexExpression::FloorDivide(inner, divisor) if floor_allowed => {
                (inner, *divisor, true)
            }
            _ => return None,
        };
        let form = inner.linear().ok()?;
        if divisor <= 0
            || form
                .quasi_affine
                .iter()
                .any(|(nested, _)| nested.variables().contains(&variable))
        {
            return None;
        }
        let advance = form
            .variables
            .get(&variable)
            .copied()
            .unwrap_or(0)
            .checked_mul(step)?;
        let period = divisor / advance.gcd(&divisor);
        Some((period as u64, if floor { advance } else { 0 }, divisor))
    };
    let mut period = 1u64;
    let mut floors = Vec::new();
    for (expression, coefficient) in &parts.quasi_affine {
        if !expression.variables().contains(&variable) {
            continue;
        }
        let (own, advance, divisor) = part(expression, true)?;
        period = period.lcm(&own);
        if advance != 0 {
            floors.push((*coefficient, advance, divisor));
        }
    }
    for condition in &access.guard {
        for side in [&condition.left, &condition.right] {
            let form = side.linear().ok()?;
            if form.variables.contains_key(&variable) {
                return None;
            }
            for (expression, _) in form.quasi_affine {
                if expression.variables().contains(&variable) {
                    period = period.lcm(&part(expression, false)?.0);
                }
            }
        }
    }
    let periods = i128::from(i64::try_from(period).ok()?);
    let linear = i128::from(parts.loops.get(&depth).copied().unwrap_or(0));
    let mut shift = linear.checked_mul(i128::from(step))?.checked_mul(periods)?;
    for (coefficient, advance, divisor) in floors {
        let steps = i128::from(advance).checked_mul(periods)? / i128::from(divisor);
        shift = shift.checked_add(i128::from(coefficient).checked_mul(steps)?)?;
    }
    Some((period, shift))
}

/// How often each residue modulo `length` occurs among `0, increment, …, (count − 1)·increment`.
fn walk_histogram(count: u64, increment: i64, length: u64) -> Vec<u64> {
    let mut histogram = vec![0u64; length as usize];
    let classes = period(increment, length);
    for (class, occurrences) in class_counts(count, classes).into_iter().enumerate() {
        let residue = (class as i128 * i128::from(increment)).rem_euclid(i128::from(length));
        histogram[residue as usize] += occurrences;
    }
    histogram
}

/// One combination of walked values of the enumerated loops, outermost first, with the
/// `(iterations it stands for, shift per period)` of every loop.
type Combination = (Vec<i64>, Vec<(u64, i128)>);

/// Every combination of the walked values of the enumerated loops.
fn iterations(walks: &[Walk]) -> Result<Vec<Combination>, Unknown> {
    let mut combinations = vec![(Vec::new(), Vec::new())];
    for walk in walks {
        if (combinations.len() as u64).saturating_mul(walk.values.len() as u64)
            > MAX_ENUMERATED_ITERATIONS
        {
            return Err(Unknown::new(format!(
                "more than {MAX_ENUMERATED_ITERATIONS} iterations of loops in guards or quasi-affine indices"
            )));
        }
        combinations = combinations
            .iter()
            .flat_map(|(prefix, repeats)| {
                walk.values
                    .iter()
                    .zip(&walk.repeats)
                    .map(move |(&value, &count)| {
                        (
                            [prefix.as_slice(), &[value]].concat(),
                            [repeats.as_slice(), &[(count, walk.shift)]].concat(),
                        )
                    })
            })
            .collect();
    }
    Ok(combinations)
}

/// One combination of values of the enumerated loops, with the guard conditions that do not
/// depend on the lane evaluated once for it.
struct Iteration<'i> {
    /// Depths of the enumerated loops.
    enumerated: &'i [usize],
    /// Their values, in the same order.
    values: &'i [i64],
    /// Per guard condition: its outcome when no thread id occurs in it, else `None`.
    uniform: &'i [Option<Result<bool, Unknown>>],
    /// The access's quasi-affine parts compiled over slots `[tid.x, tid.y, tid.z, values...]`
    /// (`None` where a part reads another variable: it is evaluated as it is).
    compiled: &'i [Option<Compiled>],
    /// Its guard conditions' operands compiled the same way.
    guards: &'i [CompiledGuard],
}

/// The value of a variable for the lane at `thread` in iteration `values` of the loops at
/// `enumerated` (`None` for every other variable).
fn variable_value(
    variable: &Variable,
    thread: Option<&[i64; 3]>,
    enumerated: &[usize],
    values: &[i64],
) -> Option<i64> {
    match variable {
        Variable::ThreadX => thread.map(|thread| thread[0]),
        Variable::ThreadY => thread.map(|thread| thread[1]),
        Variable::ThreadZ => thread.map(|thread| thread[2]),
        Variable::Loop(LoopId(depth)) => enumerated
            .iter()
            .position(|enumerated_depth| enumerated_depth == depth)
            .map(|position| values[position]),
        _ => None,
    }
}

/// Per guard condition of `access`: its outcome in `iteration` when no thread id occurs in
/// it (the same for every lane, so evaluated once; taken to hold for the `opaque` ones, over
/// unknown values), else `None`.
fn uniform_guard(
    access: &Access,
    enumerated: &[usize],
    iteration: &[i64],
    opaque: &OpaqueGuards,
) -> Vec<Option<Result<bool, Unknown>>> {
    let value = |variable: &Variable| variable_value(variable, None, enumerated, iteration);
    access
        .guard
        .iter()
        .enumerate()
        .map(|(position, condition)| {
            if opaque.iter().any(|(opaque, _)| *opaque == position) {
                return Some(Ok(true));
            }
            let uniform = !condition.variables().iter().any(Variable::is_thread);
            uniform.then(|| condition.holds(&value))
        })
        .collect()
}

/// Whether every guard condition holds for a lane, conditions in order (as
/// [`Access::is_active`]), taking the lane-independent ones from `uniform`.
fn is_active(
    access: &Access,
    (uniform, guards): (&[UniformGuard], &[CompiledGuard]),
    value: &dyn Fn(&Variable) -> Option<i64>,
    slots: &[i64],
) -> Result<bool, Unknown> {
    for ((condition, outcome), fast) in access.guard.iter().zip(uniform).zip(guards) {
        let compiled = fast
            .as_ref()
            .and_then(|(left, right)| Some((left.evaluate(slots)?, right.evaluate(slots)?)));
        let holds = match (outcome, compiled) {
            (Some(outcome), _) => outcome.clone()?,
            (None, Some((left, right))) => condition.relation.compare(left, right),
            (None, None) => condition.holds(value)?,
        };
        if !holds {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A guard condition's two operands compiled over the slots of [`slot_of`], if they compile.
type CompiledGuard = Option<(Compiled, Compiled)>;

/// A guard condition's outcome when it is the same for every lane (see [`uniform_guard`]).
type UniformGuard = Option<Result<bool, Unknown>>;

/// Most enumerated loops whose values a compiled quasi-affine part reads from its slots.
const MAX_COMPILED_LOOPS: usize = 8;

/// The slot of `variable` among `[tid.x, tid.y, tid.z, the values of the loops at
/// enumerated...]`, or `None` for another variable.
fn slot_of(variable: &Variable, enumerated: &[usize]) -> Option<usize> {
    match variable {
        Variable::ThreadX => Some(0),
        Variable::ThreadY => Some(1),
        Variable::ThreadZ => Some(2),
        Variable::Loop(LoopId(depth)) => enumerated
            .iter()
            .position(|enumerated_depth| enumerated_depth == depth)
            .filter(|&position| position < MAX_COMPILED_LOOPS)
            .map(|position| 3 + position),
        _ => None,
    }
}

/// Each quasi-affine part of `parts`, and each guard condition's operands of `access`,
/// compiled over the slots of [`slot_of`] (`None` where one reads another variable).
fn compile_parts(
    access: &Access,
    parts: &AddressParts,
    enumerated: &[usize],
) -> (Vec<Option<Compiled>>, Vec<CompiledGuard>) {
    let slot = |variable: &Variable| slot_of(variable, enumerated);
    let quasi_affine = parts
        .quasi_affine
        .iter()
        .map(|(part, _)| part.compile(&slot))
        .collect();
    let guards = access
        .guard
        .iter()
        .map(|condition| {
            Some((
                condition.left.compile(&slot)?,
                condition.right.compile(&slot)?,
            ))
        })
        .collect();
    (quasi_affine, guards)
}

/// Per-lane addresses without the shifts for one warp and iteration, into `addresses`;
/// false when no lane is active.
fn lane_addresses(
    access: &Access,
    parts: &AddressParts,
    warp: &[[i64; 3]],
    iteration: &Iteration,
    addresses: &mut Vec<Option<i64>>,
) -> Result<bool, Unknown> {
    let Iteration {
        enumerated,
        values,
        uniform,
        compiled,
        guards,
    } = *iteration;
    let mut any_active = false;
    addresses.clear();
    let mut slots = [0i64; 3 + MAX_COMPILED_LOOPS];
    for (slot, &value) in slots[3..].iter_mut().zip(values) {
        *slot = value;
    }
    let slots_used = 3 + values.len().min(MAX_COMPILED_LOOPS);
    for thread in warp {
        slots[..3].copy_from_slice(thread);
        let value =
            |variable: &Variable| variable_value(variable, Some(thread), enumerated, values);
        if !is_active(access, (uniform, guards), &value, &slots[..slots_used])? {
            addresses.push(None);
            continue;
        }
        any_active = true;
        let mut address = i128::from(parts.constant);
        for (axis, coefficient) in parts.threads.iter().enumerate() {
            address += i128::from(*coefficient) * i128::from(thread[axis]);
        }
        for (position, depth) in enumerated.iter().enumerate() {
            let coefficient = parts.loops.get(depth).copied().unwrap_or(0);
            address += i128::from(coefficient) * i128::from(values[position]);
        }
        for ((part, coefficient), fast) in parts.quasi_affine.iter().zip(compiled) {
            let evaluated = match fast
                .as_ref()
                .and_then(|fast| fast.evaluate(&slots[..slots_used]))
            {
                Some(evaluated) => evaluated,
                None => part.evaluate(&value)?,
            };
            address += i128::from(*coefficient) * i128::from(evaluated);
        }
        addresses.push(Some(checked(i64::try_from(address).ok())?));
    }
    Ok(any_active)
}

/// One request pattern (lane addresses relative to the lowest active one) and its metrics by
/// shift, each computed once per residue it depends on: sectors repeat every 32 bytes,
/// wavefronts every bank shift period (4 bytes on sm_90, where a word shift only renames
/// banks), distinct addresses never change. A block's warps differ mostly by a shift.
#[derive(Default)]
struct PatternMemo {
    /// Relative lane addresses, `None` for inactive lanes.
    pattern: Vec<Option<u64>>,
    /// Sectors by shift modulo 32.
    sectors: Vec<Option<u64>>,
    /// (Wavefronts, ideal wavefronts) by shift modulo the bank shift period.
    wavefronts: Vec<Option<(u64, u64)>>,
    /// Distinct addresses.
    distinct: Option<u64>,
}

impl PatternMemo {
    /// Makes the warp with these `addresses` (lowest active `lowest`) the current pattern,
    /// keeping the memo when it is the same as the last one.
    fn set_pattern(
        &mut self,
        addresses: &[Option<i64>],
        lowest: i64,
        model: BankModel,
    ) -> Result<(), Unknown> {
        // Non-negative: `lowest` is the smallest active address. Made once, compared, and
        // kept only where the pattern changed.
        let mut relative = [None; WARP_SIZE as usize];
        let count = addresses.len().min(WARP_SIZE as usize);
        for (slot, address) in relative.iter_mut().zip(addresses) {
            *slot = address
                .map(|address| checked(address.checked_sub(lowest)).map(|span| span as u64))
                .transpose()?;
        }
        let relative = &relative[..count];
        if self.pattern[..] != *relative {
            self.pattern.clear();
            self.pattern.extend_from_slice(relative);
            self.sectors = vec![None; SECTOR_BYTES as usize];
            let period = model.geometry().shift_period_bytes() as usize;
            self.wavefronts = vec![None; period];
            self.distinct = None;
        }
        Ok(())
    }

    /// The totals of the current pattern moved by `shift` bytes, and its wavefront ratio.
    fn request(
        &mut self,
        shift: u64,
        access_bytes: u32,
        model: BankModel,
    ) -> (MetricsAccumulator, f64) {
        let mut lanes = [None; WARP_SIZE as usize];
        let pattern = &self.pattern;
        let in_sector = shift % SECTOR_BYTES;
        let sectors = *self.sectors[in_sector as usize].get_or_insert_with(|| {
            u64::from(request::sectors(&moved(
                pattern,
                in_sector,
                access_bytes,
                &mut lanes,
            )))
        });
        let in_period = shift % self.wavefronts.len() as u64;
        let (wavefronts, ideal) = *self.wavefronts[in_period as usize].get_or_insert_with(|| {
            let request = moved(pattern, in_period, access_bytes, &mut lanes);
            (
                u64::from(request::wavefronts(&request, model)),
                u64::from(request::ideal_wavefronts(&request, model)),
            )
        });
        let distinct = *self.distinct.get_or_insert_with(|| {
            u64::from(request::distinct_addresses(&moved(
                pattern,
                0,
                access_bytes,
                &mut lanes,
            )))
        });
        let single = MetricsAccumulator {
            requests: 1,
            sectors,
            wavefronts,
            ideal_wavefronts: ideal,
            distinct_addresses: distinct,
            lanes: 0,
        };
        (single, wavefronts as f64 / ideal.max(1) as f64)
    }
}

/// The lane addresses `pattern` moved by `shift` bytes, written to `lanes`, as a request.
fn moved<'a>(
    pattern: &[Option<u64>],
    shift: u64,
    access_bytes: u32,
    lanes: &'a mut [Option<u64>; WARP_SIZE as usize],
) -> Request<'a> {
    for (slot, address) in lanes.iter_mut().zip(pattern) {
        *slot = address.map(|address| address + shift);
    }
    Request {
        addresses: &lanes[..pattern.len().min(WARP_SIZE as usize)],
        access_bytes,
    }
}
