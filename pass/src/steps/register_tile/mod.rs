//! Register tiles (`register-tile`, issue 33 item 2): each thread computes a tile of the
//! outputs its block's neighbours computed, and the loads they share are issued once.
//!
//! The kernel's thread accumulates over a loop at the top of its body (matmul's `Σ_k
//! A[i][k]·B[k][j]`, `i` from block y, `j` from block x). Giving each block the work of
//! `Fy × Fx` blocks and jamming their copies ([`jam`]) keeps `Fx·Fy` accumulators in registers
//! and issues a load once for the copies whose address is the same: `A[i][k]` once per row of
//! the tile, `B[k][j]` once per column. The arithmetic is [`analysis::register_tile`]'s; the
//! measured 4 × 4 tile of matmul ran 2.7x faster than one output per thread on an H200.
//!
//! The step applies where:
//!
//! * the body can do several blocks' work (the rules of [`super::coarsen`]: one block of ops,
//!   no barrier, no shared memory, no `known_grid_size`) and reads block x and block y;
//! * a loop at the top of the body, or under an edge guard at its top (`if (i < n && j < n)`,
//!   the ops before it reads and arithmetic alone), accumulates and has the same bounds in
//!   every block. It accumulates where it carries a value, or where it reads and writes one
//!   element at an index that does not change with the loop (SYRK's `c[i*n + j] += …` in
//!   global memory, which `promote` later keeps in a register, one per copy); the guard's
//!   tile runs whole where every copy's condition holds, else its outputs one by one ([`jam`]);
//! * its loads form an outer product: one of them depends on block y alone, one on x alone (a
//!   dependence read from the IR: a load depends on the block ids its operands are computed
//!   from, and on everything where a value crosses a region the copies do not share);
//! * every launch has a constant grid that the tile divides, rewritten; a lone kernel only
//!   under option `coarsen-grid`, the launcher dividing the grid (the launch contract, as
//!   coarsening's).
//!
//! A tile is a trade, fewer loads for fewer blocks and several times the code (the loop's
//! copies jammed, then unrolled): where the module gives the grid, the launch is predicted as
//! written and tiled (the tile made on a clone of the kernel, then dropped), and a tile not
//! predicted faster is not made: nothing pays for its code (PolyBench GEMM at 100x100x60, 13
//! blocks left of 52: predicted 5.4 → 10.0 µs, its PTX 5.7 times as long).
//!
//! Later steps see the jammed loop: staging stages its loads as it stages a hand-written tile,
//! and once every step is done the loop over one staged tile is written out trip by trip
//! ([`unroll`]).
//!
//! Cost: one walk of the body for the decision, one clone per distinct op and copy.

pub mod jam;
pub mod unroll;

use std::collections::HashMap;
use std::ffi::c_void;

use analysis::register_tile::{self, Dependence};
use analysis::time::Prediction;
use mlir_sys::*;

use crate::{
    facts::kernels::Kernel,
    facts::launches::constant_grid_size,
    ir,
    report::{Decision, Kind},
    steps::coarsen::{self, Refusal},
    steps::{self, Early, Step},
    Options,
};

use jam::Ids;

/// What the step does to one kernel.
struct Plan {
    /// Outputs per thread along x and y.
    tile: (u32, u32),
    /// The accumulation loop the remark names.
    the_loop: MlirOperation,
    /// Loads a trip of the loops before (every copy's) and after (shared).
    loads: (u64, u64),
    /// Accumulators per thread after.
    accumulators: u64,
    /// The launch sites, each with its grid along x and y.
    sites: Vec<(MlirOperation, [i64; 2])>,
    /// The position in the body of the edge guard around the loop, where it is under one.
    guard: Option<usize>,
}

/// The predicted time of a launch of a kernel as its IR stands, its grid's blocks divided by
/// the given number, where the grid is known.
pub type Predictor<'a> = &'a dyn Fn(&Kernel, u32) -> Option<Prediction>;

/// Decides and, where enabled, tiles `kernel`, whose launch as it stands is predicted
/// `before` (where its grid is known); false first when `strict` failed, true second when the
/// IR changed.
pub fn run(
    kernel: &Kernel,
    options: &Options,
    early: &mut Early,
    (before, predict): (Option<Prediction>, Predictor),
) -> (bool, bool) {
    let mut location = unsafe { mlirOperationGetLocation(kernel.operation) };
    let (decided, changed) = match decide(kernel, options) {
        Err(refusal) => (Err(refusal), false),
        Ok(plan) => {
            location = unsafe { mlirOperationGetLocation(plan.the_loop) };
            let times = predicted_times(kernel, &plan, (before, predict));
            let vetoed = no_gain(times).filter(|_| options.time_veto);
            let enabled = Step::RegisterTile.enabled(options) && vetoed.is_none();
            let outcome = if enabled {
                apply(kernel, &plan)
            } else {
                Ok(())
            };
            let applied = enabled && outcome.is_ok();
            let reason = match (vetoed, outcome) {
                (Some(why), _) => format!("left as it is: {}; {why}", gain(&plan)),
                (None, Err(why)) => format!("not tiled: {why}"),
                (None, Ok(())) => match times {
                    Some(times) => format!(
                        "{}; {}",
                        describe(&plan),
                        steps::described_made(times, options, NO_FASTER)
                    ),
                    None => describe(&plan),
                },
            };
            let (fx, fy) = plan.tile;
            let decision = Decision {
                kind: Kind::RegisterTile,
                target: "kernel".into(),
                applied,
                reason,
                params: serde_json::json!({
                    "tile": [fx, fy],
                    "loads_per_trip_before": plan.loads.0,
                    "loads_per_trip_after": plan.loads.1,
                    "accumulators": plan.accumulators,
                    "launches_rewritten": if enabled { plan.sites.len() } else { 0 },
                    "predicted_microseconds": steps::predicted_json(times, NO_FASTER),
                }),
                summary: String::new(),
                advice: None,
            };
            (Ok(decision), enabled)
        }
    };
    let settled = coarsen::settle_kernel(
        kernel,
        (Kind::RegisterTile, location),
        decided,
        early,
        options,
    );
    (settled, changed)
}

/// The plan for `kernel`, or why each thread keeps one output.
fn decide(kernel: &Kernel, options: &Options) -> Result<Plan, Refusal> {
    let read = coarsen::blocks_read(kernel).map_err(Refusal::quiet)?;
    if !(read[0] && read[1]) {
        return Err(Refusal::quiet("it does not read both block x and block y"));
    }
    let nest = Nest::of(kernel);
    let Some(&the_loop) = nest.loops.first() else {
        return Err(Refusal::quiet(nest.missing));
    };
    let loads = &nest.loads;
    let rows = loads.iter().any(|load| load.y && !load.x);
    let columns = loads.iter().any(|load| load.x && !load.y);
    if !(rows && columns) {
        return Err(Refusal::quiet(format!(
            "the loads of its loop at {} are no outer product: none reads a row of the tile \
             (the same along x, as matmul's A[i][k]) or none a column (the same along y, as \
             B[k][j])",
            ir::location_text(unsafe { mlirOperationGetLocation(the_loop) })
        )));
    }
    let sites = kernel
        .launch_operations()
        .into_iter()
        .map(|site| {
            let extent = |dimension| constant_grid_size(site, dimension);
            match (extent(0), extent(1)) {
                (Some(x), Some(y)) => Ok((site, [x, y])),
                _ => Err(Refusal::quiet(format!(
                    "the grid of its launch at {} is not constant",
                    ir::location_text(unsafe { mlirOperationGetLocation(site) })
                ))),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let along = |dimension: usize| {
        let extents: Vec<i64> = sites.iter().map(|(_, grid)| grid[dimension]).collect();
        register_tile::side(&extents)
    };
    let Some(tile) = register_tile::choose(loads, nest.carried, (along(0), along(1))) else {
        let grids: Vec<String> = sites.iter().map(|(_, [x, y])| format!("{x}x{y}")).collect();
        return Err(Refusal::quiet(format!(
            "no tile of two or more outputs saves a load within {} accumulators: a tile's sides \
             are powers of two up to {} that divide the grid ({} at the launches here), so at \
             most {}x{}",
            register_tile::ACCUMULATOR_LIMIT,
            register_tile::TILE_SIDE,
            grids.join(", "),
            along(0),
            along(1)
        )));
    };
    let (fx, fy) = tile;
    let copies = u64::from(fx * fy);
    let plan = Plan {
        tile,
        the_loop,
        loads: (
            copies * loads.len() as u64,
            register_tile::loads_per_trip(loads, fx, fy),
        ),
        accumulators: copies * u64::from(nest.carried),
        sites,
        guard: nest.guard,
    };
    if plan.sites.is_empty() && !options.coarsen_grid {
        return Err(Refusal {
            reason: format!(
                "{}, but a lone kernel's grid is its launcher's",
                gain(&plan)
            ),
            told: false,
            advice: Some(format!(
                "option coarsen-grid=true, and a launcher that divides the grid's x by {fx} and \
                 its y by {fy} (the report's launch contract)"
            )),
        });
    }
    Ok(plan)
}

/// The predicted time of a launch as it stands and tiled as `plan` says, where the module
/// gives the grid: the tile is made on a copy of the kernel beside it, predicted, and dropped.
fn predicted_times(
    kernel: &Kernel,
    plan: &Plan,
    (before, predict): (Option<Prediction>, Predictor),
) -> Option<(Prediction, Prediction)> {
    if plan.sites.is_empty() {
        return None;
    }
    let before = before?;
    let (fx, fy) = plan.tile;
    let copy = unsafe { mlirOperationClone(kernel.operation) };
    unsafe {
        mlirBlockInsertOwnedOperationAfter(
            mlirOperationGetBlock(kernel.operation),
            kernel.operation,
            copy,
        )
    };
    let tiled = Kernel {
        operation: copy,
        grid_divisors: [i64::from(fx), i64::from(fy), 1],
        ..kernel.clone()
    };
    let after = jam::apply(&tiled, plan.tile, plan.guard)
        .ok()
        .and_then(|()| predict(&tiled, fx * fy));
    unsafe { mlirOperationDestroy(copy) };
    Some((before, after?))
}

/// A tile whose launch is predicted this many times as long as the launch as it stands, or more,
/// is not made: it must be predicted faster to pay for its code.
const NO_FASTER: f64 = 1.0;

/// Why a tile is not made: its launch is not predicted faster than as it stands.
fn no_gain(times: Option<(Prediction, Prediction)>) -> Option<String> {
    let (before, after) = times?;
    (after.nanoseconds >= NO_FASTER * before.nanoseconds).then(|| {
        format!(
            "not applied: {}, no faster, so nothing pays for the tile's code (its loop's \
             copies jammed)",
            steps::described((before, after))
        )
    })
}

/// `a 4x4 tile of outputs per thread would issue 8 loads a trip where its 16 outputs issue
/// 32, with 16 accumulators in registers`.
fn gain(plan: &Plan) -> String {
    let (fx, fy) = plan.tile;
    format!(
        "a {fx}x{fy} tile of outputs per thread would issue {} loads a trip of the loop at {} \
         where its {} outputs issue {}, with {} accumulators in registers",
        plan.loads.1,
        ir::location_text(unsafe { mlirOperationGetLocation(plan.the_loop) }),
        fx * fy,
        plan.loads.0,
        plan.accumulators
    )
}

/// The applied decision's words: the tile, the grids and the loads saved.
fn describe(plan: &Plan) -> String {
    let (fx, fy) = plan.tile;
    let launches = if plan.sites.is_empty() {
        format!("the launcher divides the grid's x by {fx} and its y by {fy}: a launch contract")
    } else {
        let grids: Vec<String> = plan
            .sites
            .iter()
            .map(|(_, [x, y])| format!("{x}x{y} → {}x{}", x / i64::from(fx), y / i64::from(fy)))
            .collect();
        format!("grid {} at the launches here", grids.join(", "))
    };
    format!(
        "{fx}x{fy} outputs per thread, the loop's copies jammed ({launches}): {} loads a trip \
         where its {} outputs issued {}, {} accumulators in registers",
        plan.loads.1,
        fx * fy,
        plan.loads.0,
        plan.accumulators
    )
}

/// Rewrites the body, the launches and the contract as `plan` says.
fn apply(kernel: &Kernel, plan: &Plan) -> Result<(), String> {
    let (fx, fy) = plan.tile;
    jam::apply(kernel, plan.tile, plan.guard)?;
    let sites: Vec<(MlirOperation, usize, i64)> = plan
        .sites
        .iter()
        .flat_map(|&(site, [x, y])| [(site, 0, x), (site, 1, y)])
        .filter(|&(_, dimension, _)| [fx, fy][dimension] > 1)
        .collect();
    coarsen::divide_grids(kernel, [fx, fy, 1], &sites)
}

/// The accumulation loops at the top of a kernel's body, or under an edge guard at its top,
/// and the loads in them.
struct Nest {
    /// `scf.for`s that accumulate ([`accumulators`]), with bounds the same in every block.
    loops: Vec<MlirOperation>,
    /// Their loads' dependences on block x and y (every block id where the copies would not
    /// share the load's region), an accumulator's loads left out.
    loads: Vec<Dependence>,
    /// Values they accumulate per output.
    carried: u32,
    /// The position in the body of the `scf.if` the loops are under, whose condition differs
    /// between blocks (`if (i < n && j < n)`), where they are under one.
    guard: Option<usize>,
    /// Why there is none, where there is none.
    missing: String,
}

impl Nest {
    /// The nest of `kernel`'s body.
    fn of(kernel: &Kernel) -> Nest {
        let entry = unsafe { mlirRegionGetFirstBlock(kernel.body()) };
        let mut reader = Dependences {
            kernel: kernel.operation,
            ids: Ids::of(kernel),
            fused: Vec::new(),
            accumulator_loads: Vec::new(),
            known: HashMap::new(),
        };
        let mut nest = Nest {
            loops: Vec::new(),
            loads: Vec::new(),
            carried: 0,
            guard: None,
            missing: "no loop in its body accumulates: none carries a value or reads and writes \
                      one element in every iteration"
                .into(),
        };
        let top = ir::block_operations(entry);
        nest.take_loops(&top, &mut reader);
        let guarded = top.iter().enumerate().find(|&(_, &operation)| {
            ir::is_named(operation, "scf.if")
                && unsafe { mlirOperationGetNumResults(operation) } == 0
                && !reader.uniform(unsafe { mlirOperationGetOperand(operation, 0) })
        });
        if let (true, Some((position, &guard))) = (nest.loops.is_empty(), guarded) {
            let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(guard, 0)) };
            let inside = ir::block_operations(then_block);
            let writer = top[..position]
                .iter()
                .find(|&&operation| !jam::shared(operation) && !reader.ids.defines(operation));
            match writer {
                Some(&writer) if inside.iter().any(|&op| !accumulators(op).is_empty()) => {
                    nest.missing = format!(
                        "its loop is under the guard at {}, and {} at {} before it would run \
                         again for the outputs at the grid's edge",
                        ir::location_text(unsafe { mlirOperationGetLocation(guard) }),
                        ir::operation_name(writer),
                        ir::location_text(unsafe { mlirOperationGetLocation(writer) })
                    );
                }
                _ => {
                    nest.take_loops(&inside, &mut reader);
                    nest.guard = (!nest.loops.is_empty()).then_some(position);
                }
            }
        }
        let nested = ir::walk(unsafe { mlirBlockGetParentOperation(entry) })
            .into_iter()
            .find(|&operation| {
                !accumulators(operation).is_empty()
                    && unsafe { mlirOperationGetBlock(operation) }.ptr != entry.ptr
            });
        if let (true, Some(nested), true) = (
            nest.loops.is_empty(),
            nested,
            nest.missing.starts_with("no loop"),
        ) {
            let parent = unsafe { mlirOperationGetParentOperation(nested) };
            nest.missing = format!(
                "its loop at {} is inside {} at {}: each of the tile's outputs would run its own \
                 copy of that (its condition may differ between them), so no loop is left to share",
                ir::location_text(unsafe { mlirOperationGetLocation(nested) }),
                ir::operation_name(parent),
                ir::location_text(unsafe { mlirOperationGetLocation(parent) })
            );
        }
        nest
    }

    /// Takes the loops among `operations` that accumulate, with their loads.
    fn take_loops(&mut self, operations: &[MlirOperation], reader: &mut Dependences) {
        for &operation in operations {
            let accumulated = accumulators(operation);
            if accumulated.is_empty() {
                continue;
            }
            let at = ir::location_text(unsafe { mlirOperationGetLocation(operation) });
            if reader.uniform_bounds(operation) {
                self.loops.push(operation);
                self.carried += accumulated.len() as u32;
                reader
                    .accumulator_loads
                    .extend(accumulated.into_iter().flatten().map(|load| load.ptr));
                reader.loads_in(operation, &mut self.loads);
            } else {
                self.missing = format!(
                    "the trips of its loop at {at} depend on the block ids, so the tile's outputs \
                     would run different loops"
                );
            }
        }
    }
}

/// What `operation` accumulates, one entry per value, where it is an `scf.for`: each value it
/// carries (no load), and each element kept in memory, read and written directly in its body
/// at one index that does not change with the loop (`c[i][j] += …`: the loads of it, which
/// `promote` replaces with a register later).
fn accumulators(operation: MlirOperation) -> Vec<Vec<MlirOperation>> {
    if !ir::is_named(operation, "scf.for") {
        return Vec::new();
    }
    let carried = unsafe { mlirOperationGetNumResults(operation) } as usize;
    let mut found: Vec<Vec<MlirOperation>> = vec![Vec::new(); carried];
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(operation, 0)) };
    let inside = ir::block_operations(body);
    let operands = |access: MlirOperation, from: isize| -> Vec<MlirValue> {
        (from..unsafe { mlirOperationGetNumOperands(access) })
            .map(|position| unsafe { mlirOperationGetOperand(access, position) })
            .collect()
    };
    for &store in inside
        .iter()
        .filter(|&&op| ir::is_named(op, "memref.store"))
    {
        let element = operands(store, 1);
        if element.iter().any(|&value| varies_with(value, operation)) {
            continue;
        }
        let loads: Vec<MlirOperation> = inside
            .iter()
            .copied()
            .filter(|&op| ir::is_named(op, "memref.load"))
            .filter(|&load| ir::same_values(&operands(load, 0), &element))
            .collect();
        if !loads.is_empty() {
            found.push(loads);
        }
    }
    found
}

/// Whether `value` may change from one trip of `the_loop` to the next: a value of its body
/// (its counter, what it carries, what is computed from them or in a region of it).
fn varies_with(value: MlirValue, the_loop: MlirOperation) -> bool {
    if ir::defined_outside(value, the_loop) {
        return false;
    }
    // An argument of a block of the loop, or an op in it.
    let Some(defining) = ir::defining_operation(value) else {
        return true;
    };
    let flat = unsafe { mlirOperationGetNumRegions(defining) } == 0
        && unsafe { mlirOperationGetParentOperation(defining).ptr } == the_loop.ptr;
    !flat
        || (0..unsafe { mlirOperationGetNumOperands(defining) }).any(|position| {
            varies_with(
                unsafe { mlirOperationGetOperand(defining, position) },
                the_loop,
            )
        })
}

/// What each value depends on, memoized.
struct Dependences {
    /// The kernel (a `gpu.func` or `gpu.launch`), whose body's arguments are the same in every
    /// copy but for the tiled ids.
    kernel: MlirOperation,
    /// The tiled ids.
    ids: Ids,
    /// The loops the copies share (their induction variables depend on nothing).
    fused: Vec<MlirOperation>,
    /// The loads of an accumulator kept in memory, which are no load of the tile's.
    accumulator_loads: Vec<*mut c_void>,
    /// Values already read.
    known: HashMap<*const c_void, Dependence>,
}

/// Depends on both block ids.
const BOTH: Dependence = Dependence { x: true, y: true };

impl Dependences {
    /// Whether `the_loop`'s bounds and step depend on no block id.
    fn uniform_bounds(&mut self, the_loop: MlirOperation) -> bool {
        (0..3).all(|position| self.uniform(unsafe { mlirOperationGetOperand(the_loop, position) }))
    }

    /// Records `the_loop` as shared, then the loads in it ([`Dependences::loads_in_region`]); a
    /// load under another region op depends on both ids.
    fn loads_in(&mut self, the_loop: MlirOperation, loads: &mut Vec<Dependence>) {
        self.fused.push(the_loop);
        self.loads_in_region(unsafe { mlirOperationGetRegion(the_loop, 0) }, loads);
    }

    /// The loads directly in `region` (a shared loop's body, or a side of a branch whose
    /// condition is the same in every copy), and in the shared loops and branches in it.
    fn loads_in_region(&mut self, region: MlirRegion, loads: &mut Vec<Dependence>) {
        let body = unsafe { mlirRegionGetFirstBlock(region) };
        if body.ptr.is_null() {
            return;
        }
        for operation in ir::block_operations(body) {
            let name = ir::operation_name(operation);
            if name == "scf.for" && self.uniform_bounds(operation) {
                self.loads_in(operation, loads);
            } else if name == "scf.if"
                && self.uniform(unsafe { mlirOperationGetOperand(operation, 0) })
            {
                for index in 0..unsafe { mlirOperationGetNumRegions(operation) } {
                    self.loads_in_region(
                        unsafe { mlirOperationGetRegion(operation, index) },
                        loads,
                    );
                }
            } else if self.accumulator_loads.contains(&operation.ptr) {
                continue;
            } else if matches!(name.as_str(), "memref.load" | "vector.load") {
                let mut dependence = Dependence { x: false, y: false };
                for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
                    let operand = self.of(unsafe { mlirOperationGetOperand(operation, position) });
                    dependence.x |= operand.x;
                    dependence.y |= operand.y;
                }
                loads.push(dependence);
            } else {
                let nested = ir::walk(operation).into_iter().skip(1).filter(|&nested| {
                    ir::is_named(nested, "memref.load") || ir::is_named(nested, "vector.load")
                });
                loads.extend(nested.map(|_| BOTH));
            }
        }
    }

    /// Whether `value` is the same in every copy.
    fn uniform(&mut self, value: MlirValue) -> bool {
        let dependence = self.of(value);
        !dependence.x && !dependence.y
    }

    /// The block ids `value` depends on.
    fn of(&mut self, value: MlirValue) -> Dependence {
        if let Some(&known) = self.known.get(&value.ptr) {
            return known;
        }
        // A grid size reads the same (scaled) value in every copy; a block id differs.
        let dependence = match self.ids.dimension_of(value) {
            Some((dimension, true)) => Dependence {
                x: dimension == 0,
                y: dimension == 1,
            },
            Some((_, false)) => Dependence { x: false, y: false },
            None => self.computed(value),
        };
        self.known.insert(value.ptr, dependence);
        dependence
    }

    /// The dependence of a value that is no tiled id: a shared loop's induction variable, an
    /// argument of the kernel's body or a value from outside it depends on nothing, another block argument or a region op's result on
    /// both, an op's result on its operands'.
    fn computed(&mut self, value: MlirValue) -> Dependence {
        if unsafe { mlirValueIsABlockArgument(value) } {
            let block = unsafe { mlirBlockArgumentGetOwner(value) };
            let owner = unsafe { mlirBlockGetParentOperation(block) };
            let induction = unsafe { mlirBlockArgumentGetArgNumber(value) } == 0;
            let shared_loop = self.fused.iter().any(|the_loop| the_loop.ptr == owner.ptr);
            // The kernel's arguments, or (a gpu.launch's captured values) host values.
            let kernel_argument = owner.ptr == self.kernel.ptr || !ir::encloses(self.kernel, owner);
            return if kernel_argument || (shared_loop && induction) {
                Dependence { x: false, y: false }
            } else {
                BOTH
            };
        }
        let Some(operation) = ir::defining_operation(value) else {
            return BOTH;
        };
        if !ir::encloses(self.kernel, operation) {
            return Dependence { x: false, y: false };
        }
        if unsafe { mlirOperationGetNumRegions(operation) } > 0 {
            return BOTH;
        }
        let mut dependence = Dependence { x: false, y: false };
        for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
            let operand = self.of(unsafe { mlirOperationGetOperand(operation, position) });
            dependence.x |= operand.x;
            dependence.y |= operand.y;
        }
        dependence
    }
}
