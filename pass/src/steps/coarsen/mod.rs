//! Coarsening (`coarsen`, issue 33): each block does the work of `F` blocks along one grid
//! dimension `d`, so each thread has `F` times the loads in flight.
//!
//! The rewrite is block coarsening: the body (every op but its terminator) moves into
//! `scf.for %f = 0 to F`, where `gpu.block_id d` (a `gpu.launch` body's block id argument)
//! reads `F·bid_d + f` and `gpu.grid_dim d` (its grid size argument) reads `F·grid_d`; the
//! launch's grid along `d` is divided by `F`. Each iteration is one of the original blocks,
//! with the ids and sizes it had, so the result is the original's whenever running those blocks
//! one after another in one block is a schedule the original allowed. That holds, and the step
//! applies, only where:
//!
//! * the kernel is a `gpu.func` or a `gpu.launch` whose body is one block, ending in its only
//!   terminator;
//! * it has no shared memory and no barrier (a block's iterations would share its buffers),
//!   no `scf.while` (a block may wait for another: the blocks after it in the loop would never
//!   run), no `gpu.global_id`, no cluster ids and no `known_grid_size`;
//! * its global loads are outside loops (a loop already gives each thread several);
//! * no uncoalesced global access is under a condition (staging stages such an access outside
//!   loops only: a guarded transpose would lose its tile);
//! * its launches can change: every launch site in the module (or the `gpu.launch` itself) has
//!   a constant grid that `F` divides along `d`, rewritten; a lone kernel only under option
//!   `coarsen-grid`, a launch contract (the launcher divides the grid, each divided dimension a
//!   multiple of `F`). Every coarsened `gpu.func` records its divisors
//!   (`gpu_mem_opt.grid_divided_by`), so that a launch from outside the module (the
//!   interpreter's `--kernel`) divides the grid too; only a lone kernel's report lists it as an
//!   obligation.
//!
//! The dimension is y, else z, else x: the first whose block id the body reads (a transpose's
//! rows become a 32x32 tile that staging then writes coalesced). The factor is Little's law's
//! ([`analysis::coarsening`]) or option `coarsen-factor`. Later steps (staging, the read-only
//! path) see the loop and decide on it.
//!
//! Cost: one walk of the body.

use analysis::coarsening::{self, Choice};
use analysis::matrix::{AccessKind, MemorySpace};
use analysis::staging;
use mlir_sys::*;

use crate::{
    facts::extract::dimension,
    facts::findings::Finding,
    facts::kernels::{BlockSize, Kernel, KernelKind},
    facts::launches::{constant_grid_size, grid_operand},
    ir::{self, builder::Builder},
    report::{Decision, Kind},
    steps::{Early, Step, Telling},
    Options,
};

/// The kernel attribute that records a lone kernel's launch contract: the divisor of its
/// grid per dimension (`array<i64: 1, 4, 1>`).
pub const CONTRACT_ATTRIBUTE: &str = "gpu_mem_opt.grid_divided_by";

/// The grid divisors a lone kernel's contract records ([`CONTRACT_ATTRIBUTE`]), if it has
/// one; an error where the record is not three positive divisors.
pub fn recorded_divisors(kernel: MlirOperation) -> Option<Result<[u32; 3], String>> {
    let record = ir::attribute(kernel, CONTRACT_ATTRIBUTE)?;
    Some(
        ir::dense_i64_array(record)
            .and_then(|divisors| {
                let divisors: Vec<u32> = divisors
                    .into_iter()
                    .map(u32::try_from)
                    .collect::<Result<_, _>>()
                    .ok()?;
                <[u32; 3]>::try_from(divisors).ok()
            })
            .filter(|divisors| !divisors.contains(&0))
            .ok_or_else(|| format!("{CONTRACT_ATTRIBUTE} is not three positive divisors")),
    )
}

/// Ops whose presence keeps a body from running several blocks' work one after another.
const REFUSED: [(&str, &str); 9] = [
    ("gpu.barrier", "a barrier"),
    ("nvvm.barrier0", "a barrier"),
    ("gpu.dynamic_shared_memory", "dynamic shared memory"),
    ("scf.while", "a while loop (a block may wait for another)"),
    ("gpu.global_id", "gpu.global_id"),
    ("gpu.cluster_id", "a cluster id"),
    ("gpu.cluster_block_id", "a cluster id"),
    ("memref.alloca", "a memref.alloca"),
    ("gpu.return", "a gpu.return before its end"),
];

/// The names of the dimensions.
const AXES: [&str; 3] = ["x", "y", "z"];

/// The dimensions tried, in order: y, z, x.
const DIMENSIONS: [usize; 3] = [1, 2, 0];

/// What the step does to one kernel.
struct Plan {
    /// The coarsened dimension (0 x, 1 y, 2 z).
    dimension: usize,
    /// Blocks' work per block.
    factor: u32,
    /// The launch sites to rewrite, each with its grid along the dimension.
    sites: Vec<(MlirOperation, i64)>,
    /// The model's numbers.
    choice: Choice,
}

/// Why a kernel keeps its blocks' work: a remark only where the user asked for a factor;
/// otherwise the report's, as relayout's for a lone kernel (a remark on every memory-bound
/// kernel would be advice nobody asked for).
pub(crate) struct Refusal {
    /// The reason.
    pub reason: String,
    /// Whether it is worth a remark.
    pub told: bool,
    /// What would let it through.
    pub advice: Option<String>,
}

impl Refusal {
    /// A reason the report records and no remark repeats.
    pub fn quiet(reason: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
            told: false,
            advice: None,
        }
    }
}

/// Decides and, where enabled, coarsens `kernel`; false first when `strict` failed, true
/// second when the IR changed.
pub fn run(
    kernel: &Kernel,
    findings: &[Finding],
    options: &Options,
    early: &mut Early,
) -> (bool, bool) {
    let location = unsafe { mlirOperationGetLocation(kernel.operation) };
    let (decided, changed) = match decide(kernel, findings, options) {
        Err(refusal) => (Err(refusal), false),
        Ok(plan) => {
            let words = describe(&plan);
            let enabled = Step::Coarsen.enabled(options);
            let outcome = if enabled {
                apply(kernel, &plan)
            } else {
                Ok(())
            };
            let decision = Decision {
                kind: Kind::Coarsen,
                target: "kernel".into(),
                applied: enabled && outcome.is_ok(),
                reason: match outcome {
                    Ok(()) => words,
                    Err(why) => format!("not coarsened: {why}"),
                },
                params: serde_json::json!({
                    "dimension": AXES[plan.dimension],
                    "factor": plan.factor,
                    "in_flight_before": plan.choice.before,
                    "in_flight_after": plan.choice.after,
                    "in_flight_needed": plan.choice.needed,
                    "launches_rewritten": plan.sites.len(),
                }),
                summary: String::new(),
                advice: None,
            };
            (Ok(decision), enabled)
        }
    };
    let settled = settle_kernel(kernel, (Kind::Coarsen, location), decided, early, options);
    (settled, changed)
}

/// Settles the kernel-wide decision of a step that reshapes the grid (coarsening, register
/// tiles) at `location`: a refusal becomes a decision of `kind` left as it is, with its
/// advice, a remark only where the refusal says so; false when `strict` failed.
pub(crate) fn settle_kernel(
    kernel: &Kernel,
    (kind, location): (Kind, MlirLocation),
    decided: Result<Decision, Refusal>,
    early: &mut Early,
    options: &Options,
) -> bool {
    let (decision, told) = match decided {
        Err(refusal) => (
            Decision {
                advice: refusal.advice,
                ..Decision::skipped(
                    kind,
                    "kernel",
                    &format!("left as it is: {}", refusal.reason),
                )
            },
            refusal.told,
        ),
        Ok(decision) => (decision, true),
    };
    let telling = Telling {
        kernel: &kernel.name,
        location,
        remark: told,
        blocked: false,
    };
    early.settle(decision, telling, options)
}

/// The plan for `kernel`, or why it keeps its blocks' work.
fn decide(kernel: &Kernel, findings: &[Finding], options: &Options) -> Result<Plan, Refusal> {
    let BlockSize::Known { sizes, .. } = kernel.block else {
        return Err(Refusal::quiet("its block size is unknown"));
    };
    let dimension = body_dimension(kernel).map_err(Refusal::quiet)?;
    let loaded_bytes = loaded_bytes(findings).map_err(Refusal::quiet)?;
    guarded_uncoalesced(findings).map_err(Refusal::quiet)?;
    let threads = sizes.iter().product::<u32>();
    let sites = launch_extents(kernel, dimension).map_err(Refusal::quiet)?;
    let extents: Vec<u64> = sites.iter().map(|&(_, extent)| extent as u64).collect();
    let blocks = grid_blocks(kernel);
    let lone = kernel.launch_operations().is_empty();
    let axis = AXES[dimension];
    let choice = coarsening::choose(threads, loaded_bytes, &extents, blocks);
    let factor = match options.coarsen_factor {
        0 => choice.factor,
        asked => {
            if let Some(why) = coarsening::disallowed(asked, threads, &extents, None) {
                return Err(Refusal {
                    reason: format!("option coarsen-factor={asked}: {why}"),
                    told: true,
                    advice: None,
                });
            }
            asked
        }
    };
    if factor == 1 {
        return Err(Refusal::quiet(choice.unchanged()));
    }
    if lone && !options.coarsen_grid {
        return Err(Refusal {
            reason: format!(
                "{factor} blocks' work per block along {axis} would put {}, but a lone kernel's \
                 grid is its launcher's",
                choice.describe()
            ),
            told: false,
            advice: Some(format!(
                "option coarsen-grid=true, and a launcher that divides the grid's {axis} by \
                 {factor} (the report's launch contract)"
            )),
        });
    }
    let choice = Choice {
        after: f64::from(factor) * choice.before,
        ..choice
    };
    Ok(Plan {
        dimension,
        factor,
        sites,
        choice,
    })
}

/// The dimension to coarsen, or why the body cannot run several blocks' work in turn.
fn body_dimension(kernel: &Kernel) -> Result<usize, String> {
    let used = blocks_read(kernel)?;
    DIMENSIONS
        .into_iter()
        .find(|&axis| used[axis])
        .ok_or_else(|| "it reads no block id".to_string())
}

/// Which block ids (x, y, z) the body reads; or why it cannot do several blocks' work (no
/// shared memory of its own, no `known_grid_size`, one block of ops ending in its terminator,
/// none of [`REFUSED`]).
pub(crate) fn blocks_read(kernel: &Kernel) -> Result<[bool; 3], String> {
    let (KernelKind::Function { workgroup, .. } | KernelKind::Launch { workgroup }) = kernel.kind;
    if workgroup > 0 {
        return Err("it has shared memory of its own, which its blocks' work would share".into());
    }
    if ir::attribute(kernel.operation, "known_grid_size").is_some() {
        return Err("it states its grid (known_grid_size)".into());
    }
    let body = kernel.body();
    let entry = unsafe { mlirRegionGetFirstBlock(body) };
    if unsafe { !mlirBlockGetNextInRegion(entry).ptr.is_null() } {
        return Err("its body has several blocks".into());
    }
    let operations = ir::block_operations(entry);
    let terminator = operations.last().copied();
    let mut used = [false; 3];
    if matches!(kernel.kind, KernelKind::Launch { .. }) {
        for (dimension, slot) in used.iter_mut().enumerate() {
            *slot =
                !ir::uses(unsafe { mlirBlockGetArgument(entry, dimension as isize) }).is_empty();
        }
    }
    for operation in operations.iter().flat_map(|&operation| ir::walk(operation)) {
        let name = ir::operation_name(operation);
        if terminator.is_some_and(|last| last.ptr == operation.ptr) {
            continue;
        }
        if let Some((_, what)) = REFUSED.iter().find(|(refused, _)| *refused == name) {
            return Err(format!("it has {what}"));
        }
        if name == "gpu.block_id" {
            used[dimension(operation)] = true;
        }
    }
    if !terminator.is_some_and(|last| {
        ir::is_named(last, "gpu.return") || ir::is_named(last, "gpu.terminator")
    }) {
        return Err("its body does not end in its terminator".into());
    }
    Ok(used)
}

/// Bytes a thread loads from global memory before their use: one element (of the widest
/// access) per buffer it reads; or why coarsening has nothing to put in flight.
fn loaded_bytes(findings: &[Finding]) -> Result<u32, String> {
    let mut buffers: Vec<(MlirValue, u32)> = Vec::new();
    for finding in findings {
        let memory = &finding.memory;
        if memory.kind != AccessKind::Load || memory.space != MemorySpace::Global {
            continue;
        }
        if !finding.access.loops.is_empty() {
            return Err(format!(
                "its load at {} is in a loop, which already gives each thread several in flight",
                memory.location
            ));
        }
        let bytes = finding.access.access_bytes();
        match buffers
            .iter_mut()
            .find(|(buffer, _)| unsafe { mlirValueEqual(*buffer, memory.root_value) })
        {
            Some((_, widest)) => *widest = (*widest).max(bytes),
            None => buffers.push((memory.root_value, bytes)),
        }
    }
    match buffers.iter().map(|&(_, bytes)| bytes).sum::<u32>() {
        0 => Err("it loads nothing from global memory".into()),
        bytes => Ok(bytes),
    }
}

/// Why coarsening would cost staging an access, if it would: a global access under a
/// condition that is not nearly coalesced is staged as a single access outside loops, and
/// inside the coarsened loop it would not be (a guarded transpose would lose its tile).
fn guarded_uncoalesced(findings: &[Finding]) -> Result<(), String> {
    for finding in findings {
        let memory = &finding.memory;
        if memory.space != MemorySpace::Global || finding.access.guard.is_empty() {
            continue;
        }
        let ideal = staging::ideal_sectors_per_request(finding.access.access_bytes(), None);
        // A stencil's shifted reads (5 sectors where 4 are ideal) are L1's, not staging's.
        if let Some(sectors) = finding
            .sectors_per_request()
            .ok()
            .filter(|&sectors| !staging::nearly_coalesced(sectors, ideal))
        {
            return Err(format!(
                "its uncoalesced access at {} ({sectors:.2} sectors per request, {ideal} ideal) is \
                 under a condition, which staging handles outside a loop only",
                memory.location
            ));
        }
    }
    Ok(())
}

/// Each launch site with its constant grid along `dimension`, or why one is not constant.
pub(crate) fn launch_extents(
    kernel: &Kernel,
    dimension: usize,
) -> Result<Vec<(MlirOperation, i64)>, String> {
    kernel
        .launch_operations()
        .iter()
        .map(|&site| {
            constant_grid_size(site, dimension)
                .map(|extent| (site, extent))
                .ok_or_else(|| {
                    format!(
                        "the grid of its launch at {} is not constant",
                        ir::location_text(unsafe { mlirOperationGetLocation(site) })
                    )
                })
        })
        .collect()
}

/// Blocks of the smallest grid among the launches in the module, where all are constant.
fn grid_blocks(kernel: &Kernel) -> Option<u64> {
    kernel
        .launch_operations()
        .iter()
        .map(|&site| {
            (0..3).try_fold(1u64, |blocks, dimension| {
                let extent = constant_grid_size(site, dimension)?;
                blocks.checked_mul(u64::try_from(extent).ok()?)
            })
        })
        .collect::<Option<Vec<u64>>>()?
        .into_iter()
        .min()
}

/// `4 blocks' work per block along y (grid y 512 → 128 at 1 launch here): …`.
fn describe(plan: &Plan) -> String {
    let axis = AXES[plan.dimension];
    let launches = if plan.sites.is_empty() {
        format!(
            "the launcher divides the grid's {axis} by {}: a launch contract",
            plan.factor
        )
    } else {
        let grids: Vec<String> = plan
            .sites
            .iter()
            .map(|&(_, extent)| format!("{extent} → {}", extent / i64::from(plan.factor)))
            .collect();
        format!("grid {axis} {} at the launches here", grids.join(", "))
    };
    format!(
        "{} blocks' work per block along {axis}, one after another ({launches}): {}",
        plan.factor,
        plan.choice.describe()
    )
}

/// Rewrites the body, the launches and the contract as `plan` says.
fn apply(kernel: &Kernel, plan: &Plan) -> Result<(), String> {
    let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
    let operations = ir::block_operations(entry);
    let (&terminator, body) = operations.split_last().ok_or("an empty body")?;
    let &first = body.first().ok_or("nothing to coarsen")?;
    let outside = Builder::before(first);
    let factor = outside.index_constant(i64::from(plan.factor));
    let looped = Builder::before(terminator).counted_loop(
        outside.index_constant(0),
        factor,
        outside.index_constant(1),
    );
    ir::move_range(first, looped.operation, looped.terminator);
    let scale = |value: MlirValue, builder: Builder, block_id: bool| {
        let uses = ir::uses(value);
        let mut replacement = builder.index_binary("arith.muli", value, factor);
        if block_id {
            replacement = builder.index_binary("arith.addi", replacement, looped.induction);
        }
        for (owner, position) in uses {
            unsafe { mlirOperationSetOperand(owner, position as isize, replacement) };
        }
    };
    for operation in ir::walk(looped.operation) {
        let name = ir::operation_name(operation);
        if matches!(name.as_str(), "gpu.block_id" | "gpu.grid_dim")
            && dimension(operation) == plan.dimension
        {
            let after = Builder::before(unsafe { mlirOperationGetNextInBlock(operation) });
            scale(
                unsafe { mlirOperationGetResult(operation, 0) },
                after,
                name == "gpu.block_id",
            );
        }
    }
    if let KernelKind::Launch { .. } = kernel.kind {
        // The body's block id and grid size arguments (0..3 and 6..9).
        let id = unsafe { mlirBlockGetArgument(entry, plan.dimension as isize) };
        let grid = unsafe { mlirBlockGetArgument(entry, (6 + plan.dimension) as isize) };
        scale(id, Builder::before(first), true);
        scale(grid, Builder::before(first), false);
    }
    let sites: Vec<(MlirOperation, usize, i64)> = plan
        .sites
        .iter()
        .map(|&(site, extent)| (site, plan.dimension, extent))
        .collect();
    let mut divisors = [1u32; 3];
    divisors[plan.dimension] = plan.factor;
    divide_grids(kernel, divisors, &sites)
}

/// Divides each launch's grid along a dimension (`(site, dimension, extent)`) by that
/// dimension's divisor and, on a `gpu.func`, records `divisors` ([`CONTRACT_ATTRIBUTE`]).
pub(crate) fn divide_grids(
    kernel: &Kernel,
    divisors: [u32; 3],
    sites: &[(MlirOperation, usize, i64)],
) -> Result<(), String> {
    for &(site, dimension, extent) in sites {
        let position = grid_operand(site, dimension).ok_or("a launch without a grid")?;
        let divided = Builder::before(site).index_constant(extent / i64::from(divisors[dimension]));
        unsafe { mlirOperationSetOperand(site, position as isize, divided) };
    }
    // The record goes on every coarsened gpu.func, and on a gpu.launch: a launch from outside
    // the module (`interp --kernel`, a launcher compiled apart) divides the grid by it; the
    // launches here already do (and a gpu.launch's own grid).
    let text = format!(
        "array<i64: {}, {}, {}>",
        divisors[0], divisors[1], divisors[2]
    );
    let record = Builder::before(kernel.operation)
        .parse_attribute(&text)
        .ok_or("cannot build the contract")?;
    unsafe {
        mlirOperationSetAttributeByName(
            kernel.operation,
            ir::string_ref_of(CONTRACT_ATTRIBUTE),
            record,
        )
    };
    Ok(())
}
