//! Memory-space selection for a kernel's buffers: constant memory, the read-only
//! (non-coherent) path, or plain global loads (seed-000 §4, Jang's Algorithm 3, with the
//! digest's errata fixed; costs from seed-002 §5, Fang's warp-level measurements).
//!
//! Model. Each access of the buffer is an *instance* with its measured warp facts: mean
//! distinct addresses per request `d`, mean sectors per request `S` and the minimum `S_min =
//! ⌈d·w/32⌉` for `w`-byte accesses, whether the index is the same for every thread (Jang's
//! inter-thread columns all zero), varies with a loop (intra-thread columns), or is random.
//! Algorithm 3 gives every instance a candidate (read-only buffers, first rule that holds):
//!
//! ```text
//! Constant  small (≤ 64 KiB) and T_const(d) < T_readonly      (Jang: same-address; Fang C_3)
//! Shared    chunkable and temporally reused
//! Global    coalesced (S ≤ S_min) and not reused
//! Texture   otherwise (random or uncoalesced)
//! ```
//!
//! and read-write buffers get Shared (chunkable and reused) or Global. The buffer takes the
//! first candidate present in the priority list (read-only: Texture > Global > Shared >
//! Constant; read-write: Global > Shared), so a buffer goes to constant memory only when
//! every instance qualifies. Reuse is Jang's: more than one distinct instance, or a loop
//! variable in the index. `T_const(d) = L_c + c_c·(d − 1)` is Fang's fit (seed-002 §5.2), linear
//! in `d`, so the mean `d` over requests gives the mean cost exactly; `T_readonly` is the
//! read-only path's latency (§5.4).
//!
//! Errata and choices (seed-000 §8, digest §4). (1) Same-address is Jang's sufficient
//! condition (inter-thread columns zero *and* a loop varying the index); we use Fang's cost
//! instead, which also admits thread-invariant indices outside loops (digest T20) and a few
//! distinct addresses per warp. (2) Coalescing is decided from the exact sector count, not
//! from pattern names, so reverse-linear and shifted accesses are judged on sm_90's 32-byte
//! sectors (the paper's half-warp rule is for cc 1.x). (3) Random read-write data goes to
//! global, never texture (the larger_sads contradiction, resolved for the algorithm). (4) The
//! paper's "texture" is the read-only data path (`ld.global.nc`): since Volta (sm_70) it and
//! ordinary global loads share one L1 cache, so Jang's coalesced-and-not-reused "global" loses
//! nothing on the read-only path, which in addition lets loads move across stores (nvcc does
//! the same for `const __restrict__` arguments); on those targets a read-only buffer's Global
//! becomes [`Placement::ReadOnly`], and the paper's choice is kept in [`Selection::algorithm`].
//! Shared is the stage-shared transform's decision; until it stages a buffer, the buffer is
//! read through the read-only path.
//!
//! Costs. [`CostModel::FANG_K20C`] are Fang's fits on a Tesla K20c; [`CostModel::MEASURED_SM90`]
//! the same quantities measured on an H200 (seed-002 §6.2 B1/B2, 2026-11-26), which other
//! targets take as estimates ([`CostModel::ESTIMATED`]). Only their ratio matters to the
//! decision: on the K20c a buffer goes to constant memory when `d < 2.94` (`N_const = 2`,
//! seed-002 C_3), on the H200 when `d < 1.83` (one address per warp): its read-only path hits
//! L1 in 43 cycles, where the K20c's texture path took 110.
//!
//! Temporal reuse, (5) in the errata: Jang's proxies (more than one reference, a loop variable
//! in the index) call `A[4t+0] … A[4t+3]` and a loop over a thread's own elements reused,
//! though no element is read twice. [`reuse`] enumerates the element addresses one block
//! reads (every thread, every iteration, every access) and reports whether one repeats; the
//! proxies are the fallback when the addresses cannot be enumerated. Before them, one
//! reference is proven free of reuse when its element offset is a *mixed radix* of the
//! block's varying variables ([`own_elements`]): sorted by coefficient, each coefficient
//! exceeds the span of the smaller ones, and only the largest may have no known range (a
//! loop with unknown bounds; each iteration moves it by at least its coefficient). A
//! grid-stride loop `for i = 256·bid.x + tid.x to n step 256·grid_dim.x` reads
//! `tid.x + 256·j`: coefficient 256 exceeds the threads' span 255, so every element is read
//! once, whatever the trip count.
//!
//! Cost. Linear in the number of instances; [`reuse`] is linear in threads × iterations ×
//! accesses, at most [`MAX_REUSE_EVALUATIONS`].

use std::collections::HashSet;

use rustc_hash::FxHashSet;

use serde::Serialize;

use crate::expression::{Unknown, Variable};
use crate::matrix::Access;
use crate::metrics::Block;
use crate::target::{CONSTANT_MEMORY_BYTES, SECTOR_BYTES};
use crate::vector_width::offset_form;

/// Jang's four memory spaces (seed-000 Table 1, without local memory and registers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JangSpace {
    /// Off-chip, read-write.
    Global,
    /// Read-only, cached, tolerant of scattered access (today: the read-only data path).
    Texture,
    /// On-chip, per block (staged by the program).
    Shared,
    /// Read-only, cached, broadcast to a warp.
    Constant,
}

/// Where a buffer's loads go, as the pass applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Placement {
    /// Plain global loads (`ld.global`).
    Global,
    /// The non-coherent read-only path (`ld.global.nc`).
    ReadOnly,
    /// A `memref.global` in the constant address space (`ld.const`).
    Constant,
}

impl Placement {
    /// What serves a read-only, not aliased buffer outside constant memory on target `sm`: the
    /// read-only path where it shares L1 with global loads ([`UNIFIED_L1_SM`]), else plain
    /// global loads.
    pub fn read_only_on(sm: u32) -> Placement {
        if sm >= UNIFIED_L1_SM {
            Placement::ReadOnly
        } else {
            Placement::Global
        }
    }
}

/// One access of the buffer (one instance), with its measured warp facts.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    /// Where it is, for messages.
    pub location: String,
    /// Mean distinct addresses per warp request, if known.
    pub distinct_addresses: Option<f64>,
    /// Mean 32-byte sectors per warp request, if known.
    pub sectors_per_request: Option<f64>,
    /// Bytes one lane accesses.
    pub access_bytes: u32,
    /// A loop variable occurs in the index (Jang's intra-thread columns are not all zero).
    pub loop_varying: bool,
    /// Why a metric is unknown, when one is (a data-dependent index, an unmodelled guard).
    pub unknown: Option<String>,
    /// Times one thread executes it: the product of its loops' trip counts, `None` where one
    /// is unknown.
    pub executions: Option<f64>,
}

impl Instance {
    /// Jang's "coalesced": no more sectors than the distinct bytes need.
    pub fn coalesced(&self) -> bool {
        match (self.sectors_per_request, self.distinct_addresses) {
            (Some(sectors), Some(distinct)) => {
                let needed = (distinct * f64::from(self.access_bytes) / SECTOR_BYTES as f64).ceil();
                sectors <= needed.max(1.0) + 1e-9
            }
            _ => false,
        }
    }
}

/// What Algorithm 3 needs to know about one buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// Nothing in the kernel writes it.
    pub read_only: bool,
    /// Its size in bytes, when static.
    pub bytes: Option<u64>,
    /// It could be staged through shared memory (static shape within the budget).
    pub chunkable: bool,
    /// Its accesses.
    pub instances: Vec<Instance>,
    /// Whether some element is read more than once, and how that was decided ([`reuse`]).
    pub reuse: (bool, String),
}

/// Fang's warp-level costs in cycles (seed-002 §5).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CostModel {
    /// `L_c`: a constant-cache hit with one address per warp.
    pub constant_first: f64,
    /// `c_c`: each further distinct address in the warp, served one after another.
    pub constant_per_address: f64,
    /// `L_t`: a read-only (texture) path hit, independent of the addresses.
    pub read_only: f64,
    /// Whether the numbers are estimates for this target (not measured on it).
    pub estimate: bool,
}

impl CostModel {
    /// Fang's fits on a Tesla K20c: `T_const(d) = 16 + 32·d` (§2.4, exact at six points) and
    /// about 110 cycles on the texture path (§2.6).
    pub const FANG_K20C: CostModel = CostModel {
        constant_first: 48.0,
        constant_per_address: 32.0,
        read_only: 110.0,
        estimate: false,
    };

    /// Measured on an NVIDIA H200 (sm_90) with seed-002 §6.2 B1/B2 (bench/calibration, fitted
    /// by `gpu-mem-opt-runner calibrate run`; source: bench/results/
    /// 2026-11-26-nvidia-h200-calibration.json, `fits.cost_model`): a constant-cache hit 34.2
    /// cycles and 11.0 per further distinct address (r² = 1.000 over 8 points), a read-only
    /// path L1 hit 43.3. Constant while `T_const(d) < 43.3`: `d < 1.83`, one address per warp.
    pub const MEASURED_SM90: CostModel = CostModel {
        constant_first: 34.232421875,
        constant_per_address: 10.9892578125,
        read_only: 43.3369140625,
        estimate: false,
    };

    /// The costs used for targets without measurements: an ESTIMATE, the H200's
    /// ([`Self::MEASURED_SM90`]), whose L1 design sm_70 and later share, marked as such.
    pub const ESTIMATED: CostModel = CostModel {
        estimate: true,
        ..CostModel::MEASURED_SM90
    };

    /// The costs for `sm`: measured on sm_35/37 (Kepler, K20c) and sm_90 (H200),
    /// [`Self::ESTIMATED`] elsewhere.
    pub fn for_sm(sm: u32) -> CostModel {
        match sm {
            35 | 37 => CostModel::FANG_K20C,
            90 => CostModel::MEASURED_SM90,
            _ => CostModel::ESTIMATED,
        }
    }

    /// `T_const(d) = L_c + c_c·(d − 1)`.
    pub fn constant(&self, distinct: f64) -> f64 {
        self.constant_first + self.constant_per_address * (distinct - 1.0).max(0.0)
    }
}

/// Architectures whose read-only path and global loads share one L1 cache (Volta and later:
/// CUDA C++ Programming Guide, compute capability 7.x "Global Memory").
pub const UNIFIED_L1_SM: u32 = 70;

/// The choice for one buffer, with the paper's choice, the rule and the numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Selection {
    /// What the pass applies.
    pub placement: Placement,
    /// What Algorithm 3 picks.
    pub algorithm: JangSpace,
    /// Algorithm 3's candidate for each instance, with the rule that fired.
    pub instances: Vec<(JangSpace, String)>,
    /// Worst mean distinct addresses per request over the instances, if all known.
    pub distinct_addresses: Option<f64>,
    /// `T_const` at that `d`.
    pub constant_cycles: Option<f64>,
    /// The read-only path's cost.
    pub read_only_cycles: f64,
    /// Whether the costs are estimates for this target (not measured on it).
    pub costs_estimated: bool,
    /// Where Algorithm 3 picked constant memory: its per-launch copy against its gain
    /// ([`crate::constant_copy::settle`]).
    pub constant_copy: Option<crate::constant_copy::Weighing>,
    /// The rule, the numbers and the alternatives, in one sentence.
    pub reason: String,
}

/// Algorithm 3's candidate for one instance of a read-only buffer, and why.
fn read_only_candidate(
    buffer: &Buffer,
    instance: &Instance,
    reused: bool,
    costs: &CostModel,
) -> (JangSpace, String) {
    let small = buffer
        .bytes
        .is_some_and(|bytes| bytes <= CONSTANT_MEMORY_BYTES);
    let mut not_constant = String::new();
    if let Some(distinct) = instance.distinct_addresses {
        let cycles = costs.constant(distinct);
        if cycles < costs.read_only {
            if small {
                return (
                    JangSpace::Constant,
                    format!(
                        "{distinct:.2} distinct addresses per warp: T_const {cycles:.0} < read-only {:.0} cycles",
                        costs.read_only
                    ),
                );
            }
        } else {
            not_constant = format!(
                "; {distinct:.2} distinct addresses per warp: T_const {cycles:.0} >= read-only {:.0} cycles",
                costs.read_only
            );
        }
    }
    if buffer.chunkable && reused {
        return (
            JangSpace::Shared,
            format!("reused and chunkable{not_constant}"),
        );
    }
    if instance.coalesced() && !reused {
        return (
            JangSpace::Global,
            format!("coalesced, not reused{not_constant}"),
        );
    }
    let why = match (instance.sectors_per_request, instance.distinct_addresses) {
        (Some(sectors), Some(_)) if !instance.coalesced() => {
            format!("uncoalesced ({sectors:.2} sectors per request)")
        }
        (None, _) | (_, None) => format!(
            "addresses unknown ({})",
            instance
                .unknown
                .as_deref()
                .unwrap_or("random or data-dependent")
        ),
        _ => "reused, not chunkable".into(),
    };
    (JangSpace::Texture, format!("{why}{not_constant}"))
}

/// Runs Algorithm 3 on `buffer` for target `sm` with `costs`.
pub fn select(buffer: &Buffer, sm: u32, costs: &CostModel) -> Selection {
    let reused = buffer.reuse.0;
    let instances: Vec<(JangSpace, String)> = buffer
        .instances
        .iter()
        .map(|instance| {
            if buffer.read_only {
                read_only_candidate(buffer, instance, reused, costs)
            } else if buffer.chunkable && reused {
                (JangSpace::Shared, "read-write, reused and chunkable".into())
            } else {
                (JangSpace::Global, "read-write".into())
            }
        })
        .collect();
    let priority: &[JangSpace] = if buffer.read_only {
        &[
            JangSpace::Texture,
            JangSpace::Global,
            JangSpace::Shared,
            JangSpace::Constant,
        ]
    } else {
        &[JangSpace::Global, JangSpace::Shared]
    };
    let algorithm = priority
        .iter()
        .copied()
        .find(|space| instances.iter().any(|(candidate, _)| candidate == space))
        .unwrap_or(JangSpace::Global);
    let placement = match algorithm {
        JangSpace::Constant => Placement::Constant,
        _ if !buffer.read_only => Placement::Global,
        JangSpace::Global if sm < UNIFIED_L1_SM => Placement::Global,
        _ => Placement::ReadOnly,
    };
    let distinct_addresses = buffer
        .instances
        .iter()
        .map(|instance| instance.distinct_addresses)
        .try_fold(0.0f64, |worst, distinct| {
            distinct.map(|value| worst.max(value))
        });
    let constant_cycles = distinct_addresses.map(|distinct| costs.constant(distinct));
    let reason = explain(buffer, &instances, algorithm, placement, costs);
    Selection {
        placement,
        algorithm,
        instances,
        distinct_addresses,
        constant_cycles,
        read_only_cycles: costs.read_only,
        costs_estimated: costs.estimate,
        constant_copy: None,
        reason,
    }
}

/// One sentence: the paper's choice and rule per instance, what is applied, and why it differs.
fn explain(
    buffer: &Buffer,
    instances: &[(JangSpace, String)],
    algorithm: JangSpace,
    placement: Placement,
    costs: &CostModel,
) -> String {
    let name = |space: JangSpace| match space {
        JangSpace::Global => "global",
        JangSpace::Texture => "texture",
        JangSpace::Shared => "shared",
        JangSpace::Constant => "constant",
    };
    let rules: Vec<String> = instances
        .iter()
        .zip(&buffer.instances)
        .map(|((space, rule), instance)| {
            format!("{} at {} ({rule})", name(*space), instance.location)
        })
        .collect();
    let mut text = format!(
        "Algorithm 3 picks {}: {} ({})",
        name(algorithm),
        rules.join("; "),
        buffer.reuse.1
    );
    match (algorithm, placement) {
        (JangSpace::Global, Placement::ReadOnly) => text.push_str(
            "; on sm_70+ that pick means the read-only path where it is safe: it shares L1 with global loads and lets loads move across stores",
        ),
        (JangSpace::Shared, Placement::ReadOnly) => text.push_str(
            "; staging is the stage-shared transform's decision, until then the read-only path",
        ),
        _ => {}
    }
    if placement != Placement::Constant && buffer.read_only {
        match buffer.bytes {
            Some(bytes) if bytes > CONSTANT_MEMORY_BYTES => text.push_str(&format!(
                "; not constant: {bytes} B exceed {CONSTANT_MEMORY_BYTES} B"
            )),
            None => text.push_str(
                "; not constant: its size in bytes is unknown (dynamic, or too large to count)",
            ),
            _ => {}
        }
    }
    if costs.estimate {
        text.push_str(" [costs: the H200's, estimates for this target]");
    }
    text
}

/// Most element addresses [`reuse`] enumerates before it falls back to Jang's proxies.
pub const MAX_REUSE_EVALUATIONS: u64 = 1 << 20;

/// Whether one block of `block` threads reads some element of the buffer more than once
/// through `accesses`, with how it was decided: by enumerating the addresses, else (when
/// `block` is unknown or the addresses depend on unknown values) by Jang's proxies.
pub fn reuse(accesses: &[&Access], block: Option<Block>) -> (bool, String) {
    let enumerated = block
        .ok_or_else(|| Unknown::new("the block size is unknown"))
        .and_then(|block| repeated_element(accesses, block));
    match enumerated {
        Ok(Some(address)) => (
            true,
            format!("reused: byte {address} is read twice in a block"),
        ),
        Ok(None) => (false, "no element is read twice in a block".into()),
        Err(unknown) if accesses.len() == 1 && own_elements(accesses[0], block) => (
            false,
            format!(
                "no element is read twice in a block: each thread and iteration reads its own \
                 (the offset's coefficients are a mixed radix; addresses not enumerated: {})",
                unknown.reason
            ),
        ),
        Err(unknown) => {
            let forms: HashSet<String> = accesses
                .iter()
                .map(|access| format!("{:?}", access.indices))
                .collect();
            let looped = accesses.iter().any(|access| {
                access.indices.iter().any(|index| {
                    index
                        .variables()
                        .iter()
                        .any(|v| matches!(v, Variable::Loop(_)))
                })
            });
            let reused = forms.len() > 1 || looped;
            (
                reused,
                format!(
                    "{} by Jang's proxies ({} distinct references, {} in the index; addresses \
                     not enumerated: {})",
                    if reused { "reused" } else { "not reused" },
                    forms.len(),
                    if looped {
                        "a loop variable"
                    } else {
                        "no loop variable"
                    },
                    unknown.reason
                ),
            )
        }
    }
}

/// Whether every (thread, iteration) of one block of `block` reads a different element
/// through `access` (see the module essay): its element offset is affine, every thread id
/// and loop with more than one value has a non-zero coefficient, and the coefficients,
/// sorted, form a mixed radix (each above the span of the smaller ones; an unbounded loop
/// only last). Block ids and symbols are fixed within a block.
pub fn own_elements(access: &Access, block: Option<Block>) -> bool {
    let (Some(block), Ok(form)) = (block, offset_form(access)) else {
        return false;
    };
    if !form.is_affine() {
        return false;
    }
    // (|coefficient|, values taken: None when unbounded).
    let mut terms: Vec<(i64, Option<i64>)> = Vec::new();
    let threads = [
        (Variable::ThreadX, block.x),
        (Variable::ThreadY, block.y),
        (Variable::ThreadZ, block.z),
    ];
    for (variable, size) in threads {
        match (form.coefficient(&variable), size) {
            (_, 0 | 1) => {}
            (0, _) => return false,
            (coefficient, size) => terms.push((coefficient.abs(), Some(i64::from(size)))),
        }
    }
    for (depth, range) in access.loops.iter().enumerate() {
        let variable = Variable::Loop(crate::expression::LoopId(depth));
        let trips = range.trip_count().map(|trips| trips as i64);
        let step = range.step.unwrap_or(1).abs().max(1);
        match (form.coefficient(&variable), trips) {
            (_, Some(0 | 1)) => {}
            (0, _) => return false,
            (coefficient, trips) => {
                terms.push((coefficient.saturating_abs().saturating_mul(step), trips))
            }
        }
    }
    terms.sort_unstable();
    let mut span = 0i64;
    for (position, &(coefficient, values)) in terms.iter().enumerate() {
        if coefficient <= span {
            return false;
        }
        match values {
            Some(values) => span = span.saturating_add(coefficient.saturating_mul(values - 1)),
            None if position + 1 == terms.len() => {}
            None => return false,
        }
    }
    true
}

/// The first byte address read twice by one block, if any.
fn repeated_element(accesses: &[&Access], block: Block) -> Result<Option<i64>, Unknown> {
    check_shared_unknowns(accesses)?;
    // A fast hash: the set takes every address of a block (a thousand inserts per buffer).
    let mut seen = FxHashSet::default();
    let mut evaluations = 0u64;
    for access in accesses {
        let trips: Vec<u64> = access
            .loops
            .iter()
            .map(|range| {
                range
                    .trip_count()
                    .ok_or_else(|| Unknown::new("a loop bound is not constant"))
            })
            .collect::<Result<_, _>>()?;
        let iterations: u64 = trips.iter().product();
        evaluations = evaluations.saturating_add(iterations.saturating_mul(block.threads()));
        if evaluations > MAX_REUSE_EVALUATIONS {
            return Err(Unknown::new("too many addresses to enumerate"));
        }
        let mut values = vec![None; trips.len()];
        for warp in block.warps() {
            for &[x, y, z] in warp.iter() {
                for iteration in 0..iterations {
                    let mut rest = iteration;
                    for ((range, &count), slot) in
                        access.loops.iter().zip(&trips).zip(&mut values).rev()
                    {
                        *slot = range.value(rest % count.max(1));
                        rest /= count.max(1);
                    }
                    let value = |variable: &Variable| match variable {
                        Variable::ThreadX => Some(x),
                        Variable::ThreadY => Some(y),
                        Variable::ThreadZ => Some(z),
                        Variable::Loop(id) => values.get(id.0).copied().flatten(),
                        _ => Some(0),
                    };
                    if !access.is_active(&value)? {
                        continue;
                    }
                    let address = access.byte_address(&value)?;
                    for element in 0..i64::from(access.vector_width) {
                        let byte = address + element * i64::from(access.layout.element_bytes);
                        if !seen.insert(byte) {
                            return Ok(Some(byte));
                        }
                    }
                }
            }
        }
    }
    Ok(None)
}

/// Block ids and symbols are evaluated as 0: sound only when they move every access's address
/// by the same amount (equal byte coefficients, none inside a quasi-affine part).
fn check_shared_unknowns(accesses: &[&Access]) -> Result<(), Unknown> {
    let mut coefficients: Option<Vec<(Variable, i64)>> = None;
    for access in accesses {
        let form = offset_form(access)?;
        if form.quasi_affine.iter().any(|(part, _)| {
            part.variables()
                .iter()
                .any(|variable| !variable.is_thread() && !matches!(variable, Variable::Loop(_)))
        }) {
            return Err(Unknown::new(
                "a block id or symbol inside a floor division or remainder",
            ));
        }
        let shared: Vec<(Variable, i64)> = form
            .variables
            .iter()
            .filter(|(variable, _)| !variable.is_thread() && !matches!(variable, Variable::Loop(_)))
            .map(|(variable, coefficient)| {
                (
                    variable.clone(),
                    coefficient * i64::from(access.layout.element_bytes),
                )
            })
            .collect();
        match &coefficients {
            None => coefficients = Some(shared),
            Some(first) if *first != shared => {
                return Err(Unknown::new(
                    "block ids or symbols move the accesses differently",
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instance(distinct: f64, sectors: f64, loop_varying: bool) -> Instance {
        Instance {
            location: "k.mlir:1:1".into(),
            distinct_addresses: Some(distinct),
            sectors_per_request: Some(sectors),
            access_bytes: 4,
            loop_varying,
            unknown: None,
            executions: Some(1.0),
        }
    }

    fn buffer(read_only: bool, bytes: u64, instances: Vec<Instance>) -> Buffer {
        Buffer {
            read_only,
            bytes: Some(bytes),
            chunkable: false,
            reuse: (instances.len() > 1, "test".into()),
            instances,
        }
    }

    #[test]
    fn sm90_costs_are_measured_and_other_targets_estimate_them() {
        assert_eq!(CostModel::for_sm(90), CostModel::MEASURED_SM90);
        assert!(!CostModel::for_sm(90).estimate && !CostModel::for_sm(35).estimate);
        assert!(CostModel::for_sm(80).estimate);
        // The threshold the remarks quote: constant while T_const(d) < 43.3, i.e. d < 1.83.
        let costs = CostModel::MEASURED_SM90;
        assert!(costs.constant(1.8) < costs.read_only && costs.constant(1.9) > costs.read_only);
    }

    #[test]
    fn broadcast_goes_to_constant_and_linear_to_the_read_only_path() {
        let costs = CostModel::for_sm(90);
        let broadcast = buffer(true, 36, vec![instance(1.0, 1.0, true)]);
        assert_eq!(
            select(&broadcast, 90, &costs).placement,
            Placement::Constant
        );
        let linear = buffer(true, 4096, vec![instance(32.0, 4.0, false)]);
        let selection = select(&linear, 90, &costs);
        assert_eq!(selection.algorithm, JangSpace::Global);
        assert_eq!(selection.placement, Placement::ReadOnly);
        assert_eq!(
            select(&linear, 35, &CostModel::for_sm(35)).placement,
            Placement::Global
        );
    }

    #[test]
    fn constant_needs_every_instance_and_few_addresses() {
        let costs = CostModel::for_sm(90);
        let one = buffer(true, 64, vec![instance(1.0, 1.0, false)]);
        assert_eq!(select(&one, 90, &costs).placement, Placement::Constant);
        // Two addresses per warp: 45.2 cycles on the H200's constant cache against 43.3 on
        // its read-only path; on the K20c 80 against 110.
        let two = buffer(true, 64, vec![instance(2.0, 1.0, false)]);
        assert_eq!(select(&two, 90, &costs).placement, Placement::ReadOnly);
        let kepler = CostModel::for_sm(35);
        assert_eq!(select(&two, 35, &kepler).placement, Placement::Constant);
        let three = buffer(true, 64, vec![instance(3.0, 1.0, false)]);
        assert_eq!(select(&three, 35, &kepler).placement, Placement::Global);
        let mixed = buffer(
            true,
            64,
            vec![instance(1.0, 1.0, false), instance(32.0, 5.0, false)],
        );
        let selection = select(&mixed, 90, &costs);
        assert_eq!(selection.algorithm, JangSpace::Texture);
        let large = buffer(true, 128 * 1024, vec![instance(1.0, 1.0, true)]);
        assert!(select(&large, 90, &costs).reason.contains("exceed"));
    }

    #[test]
    fn written_buffers_stay_global() {
        let costs = CostModel::for_sm(90);
        let written = buffer(false, 64, vec![instance(1.0, 1.0, false)]);
        let selection = select(&written, 90, &costs);
        assert_eq!(selection.placement, Placement::Global);
        assert_eq!(selection.algorithm, JangSpace::Global);
    }
}
