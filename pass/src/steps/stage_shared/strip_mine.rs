//! Strip-mining a loop whose staged loads refill their tiles every `T` iterations: the tiled
//! loop nest that a refill per tile stands for (seed-003 §5.1.7–8, MAP-204/205).
//!
//! `loop_load` stages a load in `for k = lo .. hi` (step 1) by refilling its tile where
//! `(k − lo) mod T == 0`, a check in every iteration, and reading `tile[… (k − lo) mod T …]`.
//! Once the shared layouts are final, a loop with a constant lower bound whose refills ([`REFILL`])
//! all have the same `T`, and whose refills read from the loop body only pure values of `k`
//! and of values defined above the loop, becomes
//!
//! ```text
//! for kk = lo .. hi step T { refills at k = kk; for k = kk .. min(kk + T, hi) { body } }
//! ```
//!
//! (`kk + T` alone where `T` divides a constant trip count: a constant inner trip count; an upper
//! bound that is not constant is uniform across the block, as the refill's barriers required).
//!
//! with the refills gone from the body and each `(k − lo) mod T` ([`TILE_ITERATION`]) now
//! `k − kk`: no check in any iteration, and the inner loop's constant trip count lets LLVM
//! unroll it and fold the tile offsets. On the H200, matmul staged with a refill check in every
//! iteration ran at 0.29x of the naive kernel (10.6 ms against 3.1 ms,
//! bench/results/2026-11-26-nvidia-h200.md). A loop that does not qualify keeps the checks,
//! which are correct as they are; the markers are removed either way.

use mlir_sys::*;

use crate::{
    diagnostics,
    facts::{extract::CLAMP, kernels::Kernel},
    ir,
    ir::builder::Builder,
    report::{Decision, Kind},
    steps::Step,
    Options,
};

/// Attribute on a refill's `scf.if`: the refill period `T` (iterations per tile).
pub const REFILL: &str = "gpu_mem_opt.refill";
/// Attribute on the `arith.remui` giving `(k − lo) mod T`, the iteration within the tile.
pub const TILE_ITERATION: &str = "gpu_mem_opt.tile_iteration";

/// Operations a refill may take from the loop body and that are cloned above it: pure ones.
const PURE: [&str; 9] = [
    "arith.",
    "index.",
    "affine.apply",
    "affine.min",
    "affine.max",
    "gpu.thread_id",
    "gpu.block_id",
    "gpu.block_dim",
    "memref.dim",
];

/// Strip-mines every loop of `kernel` whose refills qualify, explains each with a remark (unless
/// `options` show another step's remarks only) and a report decision (`stage-shared`, target
/// `loop at LOCATION`), and removes the markers.
pub fn run(kernel: &Kernel, options: &Options) -> Vec<Decision> {
    let shown = options
        .remarks_of
        .is_none_or(|step| step == Step::StageShared.name());
    let refills = ir::walk(kernel.operation)
        .into_iter()
        .filter(|&operation| ir::attribute(operation, REFILL).is_some());
    let mut loops: Vec<MlirOperation> = Vec::new();
    for refill in refills {
        let the_loop = unsafe { mlirOperationGetParentOperation(refill) };
        if !loops.iter().any(|known| known.ptr == the_loop.ptr) {
            loops.push(the_loop);
        }
    }
    let mut decisions = Vec::with_capacity(loops.len());
    for the_loop in loops {
        let location = unsafe { mlirOperationGetLocation(the_loop) };
        let target = format!("loop at {}", ir::location_text(location));
        let decision = match plan(the_loop).and_then(|plan| apply(the_loop, &plan).map(|()| plan)) {
            Ok(plan) => {
                let tiles = plan
                    .trips
                    .map(|trips| (trips + plan.period - 1) / plan.period);
                let refills = plan.refills.len();
                let count = tiles.map(|tiles| format!("{tiles} ")).unwrap_or_default();
                Decision {
                    applied: true,
                    params: serde_json::json!({
                        "tiles": tiles, "iterations_per_tile": plan.period, "refills": refills
                    }),
                    ..Decision::skipped(
                        Kind::StageShared,
                        &target,
                        &format!(
                            "loop strip-mined into {count}tiles of {} iterations: {} once \
                             before each tile's iterations instead of a check in every iteration",
                            plan.period,
                            match refills {
                                1 => "its refill runs".to_string(),
                                _ => format!("its {refills} refills run"),
                            }
                        ),
                    )
                }
            }
            Err(why) => Decision::skipped(
                Kind::StageShared,
                &target,
                &format!("loop keeps its refill check in every iteration: {why}"),
            ),
        };
        if shown {
            diagnostics::remark(location, Kind::StageShared.name(), &decision.reason);
        }
        decisions.push(decision);
    }
    for operation in ir::walk(kernel.operation) {
        for name in [REFILL, TILE_ITERATION] {
            unsafe { mlirOperationRemoveAttributeByName(operation, ir::string_ref_of(name)) };
        }
    }
    decisions
}

/// What strip-mining one loop takes, found without changing anything.
struct Plan {
    /// Iterations per tile.
    period: i64,
    /// The loop's trip count, where its upper bound is constant.
    trips: Option<i64>,
    /// The refills' `scf.if`s, in the body.
    refills: Vec<MlirOperation>,
    /// The body's operations the refills read, in body order (cloned above the inner loop).
    slice: Vec<MlirOperation>,
    /// The `(k − lo) mod T` operations of the body.
    tile_iterations: Vec<MlirOperation>,
}

/// The plan for `the_loop`, or why it keeps its checks.
fn plan(the_loop: MlirOperation) -> Result<Plan, String> {
    if !ir::is_named(the_loop, "scf.for") {
        return Err("the refill is not directly in an scf.for".into());
    }
    let bound = |position: isize| {
        ir::static_integer(unsafe { mlirOperationGetOperand(the_loop, position) })
    };
    // The refills were made where the barriers are uniform, so an upper bound that is not
    // constant is the same for the whole block; the last tile then ends at it (`min`).
    let (Some(lower), Some(1)) = (bound(0), bound(2)) else {
        return Err("its lower bound is not constant or its step is not 1".into());
    };
    let trips = bound(1).map(|upper| upper - lower);
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let children = ir::block_operations(body);
    let periods = |name: &str| -> Vec<(MlirOperation, i64)> {
        children
            .iter()
            .filter_map(|&child| Some((child, ir::integer(ir::attribute(child, name)?)?)))
            .collect()
    };
    let refills = periods(REFILL);
    let tile_iterations = periods(TILE_ITERATION);
    let period = refills[0].1;
    if refills
        .iter()
        .chain(&tile_iterations)
        .any(|&(_, other)| other != period)
    {
        return Err("its refills have different periods".into());
    }
    if period <= 0 || trips.is_some_and(|trips| trips <= 0) {
        return Err(format!("it runs {trips:?} iterations, tiles of {period}"));
    }
    let induction = unsafe { mlirBlockGetArgument(body, 0) };
    for &(remainder, _) in &tile_iterations {
        let offset = unsafe { mlirOperationGetOperand(remainder, 0) };
        let from_induction = unsafe { mlirValueEqual(offset, induction) }
            || ir::defining_operation(offset).is_some_and(|subtract| {
                ir::is_named(subtract, "arith.subi")
                    && unsafe { mlirValueEqual(mlirOperationGetOperand(subtract, 0), induction) }
                    && ir::static_integer(unsafe { mlirOperationGetOperand(subtract, 1) })
                        == Some(lower)
            });
        if !from_induction {
            return Err("a tile iteration is not (k − lower) mod T of this loop".into());
        }
    }
    let refills: Vec<MlirOperation> = refills.into_iter().map(|(refill, _)| refill).collect();
    let slice = slice(body, &children, &refills)?;
    Ok(Plan {
        period,
        trips,
        refills,
        slice,
        tile_iterations: tile_iterations
            .into_iter()
            .map(|(operation, _)| operation)
            .collect(),
    })
}

/// The body's operations that the refills read, directly or through each other, in body
/// order; an error if one is not pure or a refill reads a loop-carried value.
fn slice(
    body: MlirBlock,
    operations: &[MlirOperation],
    refills: &[MlirOperation],
) -> Result<Vec<MlirOperation>, String> {
    // What the refills' contents read (not their conditions, which go away).
    let mut needed: Vec<MlirValue> = Vec::new();
    for &refill in refills {
        let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(refill, 0)) };
        for operation in ir::block_operations(then_block) {
            nested_operands(operation, &mut needed);
        }
    }
    let mut slice: Vec<MlirOperation> = Vec::new();
    while let Some(value) = needed.pop() {
        if unsafe { mlirValueIsABlockArgument(value) } {
            let owner = unsafe { mlirBlockArgumentGetOwner(value) };
            if owner.ptr == body.ptr && unsafe { mlirBlockArgumentGetArgNumber(value) } != 0 {
                return Err("a refill reads a value the loop carries".into());
            }
            continue;
        }
        let defining = unsafe { mlirOpResultGetOwner(value) };
        let in_body = unsafe { mlirOperationGetBlock(defining).ptr } == body.ptr;
        if !in_body || slice.iter().any(|known| known.ptr == defining.ptr) {
            continue;
        }
        let name = ir::operation_name(defining);
        if !PURE.iter().any(|pure| name.starts_with(pure)) {
            return Err(format!(
                "a refill reads the result of {name}, which may not be pure"
            ));
        }
        slice.push(defining);
        for position in 0..unsafe { mlirOperationGetNumOperands(defining) } {
            needed.push(unsafe { mlirOperationGetOperand(defining, position) });
        }
    }
    Ok(operations
        .iter()
        .copied()
        .filter(|child| slice.iter().any(|sliced| sliced.ptr == child.ptr))
        .collect())
}

/// Rewrites `the_loop` as `plan` says (see the module essay).
fn apply(the_loop: MlirOperation, plan: &Plan) -> Result<(), String> {
    let before = Builder::before(the_loop).located(unsafe { mlirOperationGetLocation(the_loop) });
    let step = before.index_constant(plan.period);
    let (outer, outer_body) = outer_loop(&before, the_loop, step);
    unsafe {
        for position in 0..mlirOperationGetNumResults(the_loop) {
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(the_loop, position),
                mlirOperationGetResult(outer, position),
            );
        }
        mlirBlockAppendOwnedOperation(outer_body, detached_yield(the_loop));
        mlirOperationMoveBefore(the_loop, mlirBlockGetTerminator(outer_body));
    }
    let start = unsafe { mlirBlockGetArgument(outer_body, 0) };
    let inside = Builder::before(the_loop).located(unsafe { mlirOperationGetLocation(the_loop) });
    // The last tile may be partial: its refill copied clamped cells no iteration reads.
    let mut end = inside.index_binary("arith.addi", start, step);
    if plan.trips.is_none_or(|trips| trips % plan.period != 0) {
        let upper = unsafe { mlirOperationGetOperand(outer, 1) };
        end = inside.index_binary("arith.minsi", end, upper);
        if let Some(clamp) = ir::defining_operation(end) {
            ir::mark(clamp, CLAMP);
        }
    }
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0)) };
    let mut map: Vec<(MlirValue, MlirValue)> =
        vec![(unsafe { mlirBlockGetArgument(body, 0) }, start)];
    unsafe {
        mlirOperationSetOperand(the_loop, 0, start);
        mlirOperationSetOperand(the_loop, 1, end);
        for carried in 1..mlirBlockGetNumArguments(outer_body) {
            mlirOperationSetOperand(
                the_loop,
                2 + carried,
                mlirBlockGetArgument(outer_body, carried),
            );
        }
    }
    for &operation in &plan.slice {
        let copy = unsafe { mlirOperationClone(operation) };
        inside.insert(copy);
        remap(copy, &map);
        for position in 0..unsafe { mlirOperationGetNumResults(operation) } {
            map.push(unsafe {
                (
                    mlirOperationGetResult(operation, position),
                    mlirOperationGetResult(copy, position),
                )
            });
        }
    }
    // Each refill is `barrier, copy, barrier`; moved one after another, the barriers between
    // two copies go (the copies write distinct tiles from memory the loop does not write).
    let mut barriers = Vec::new();
    // What the rewrite may leave unused: the slice, the refills' conditions, the offsets.
    let mut dead = plan.slice.clone();
    for &refill in &plan.refills {
        let then_block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(refill, 0)) };
        for operation in ir::block_operations(then_block) {
            if ir::is_named(operation, "scf.yield") {
                continue;
            }
            unsafe { mlirOperationMoveBefore(operation, the_loop) };
            remap(operation, &map);
            if ir::is_named(operation, "gpu.barrier") {
                barriers.push(operation);
            }
        }
        dead.extend(ir::defining_operation(unsafe {
            mlirOperationGetOperand(refill, 0)
        }));
        unsafe { mlirOperationDestroy(refill) };
    }
    if let [_, between @ .., _] = &barriers[..] {
        between
            .iter()
            .for_each(|&barrier| unsafe { mlirOperationDestroy(barrier) });
    }
    let induction = unsafe { mlirBlockGetArgument(body, 0) };
    for &remainder in &plan.tile_iterations {
        let within = Builder::before(remainder).index_binary("arith.subi", induction, start);
        dead.extend(ir::defining_operation(unsafe {
            mlirOperationGetOperand(remainder, 0)
        }));
        unsafe {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(remainder, 0), within);
            mlirOperationDestroy(remainder);
        }
    }
    // Each goes once, users before what they use: the body's live operations, last first.
    for operation in ir::block_operations(body).into_iter().rev() {
        if dead.iter().any(|candidate| candidate.ptr == operation.ptr) {
            destroy_if_unused(operation);
        }
    }
    Ok(())
}

/// `scf.for %kk = lower to upper step step iter_args(inits of the_loop)`, empty, before
/// `the_loop`, with `the_loop`'s result types: the loop and its body block.
fn outer_loop(
    builder: &Builder,
    the_loop: MlirOperation,
    step: MlirValue,
) -> (MlirOperation, MlirBlock) {
    unsafe {
        let location = mlirOperationGetLocation(the_loop);
        let inner_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0));
        let arguments = mlirBlockGetNumArguments(inner_body);
        let types: Vec<MlirType> = (0..arguments)
            .map(|position| mlirValueGetType(mlirBlockGetArgument(inner_body, position)))
            .collect();
        let locations = vec![location; types.len()];
        let region = mlirRegionCreate();
        let body = mlirBlockCreate(arguments, types.as_ptr(), locations.as_ptr());
        mlirRegionAppendOwnedBlock(region, body);
        let mut operands = vec![
            mlirOperationGetOperand(the_loop, 0),
            mlirOperationGetOperand(the_loop, 1),
            step,
        ];
        operands.extend(
            (3..mlirOperationGetNumOperands(the_loop))
                .map(|position| mlirOperationGetOperand(the_loop, position)),
        );
        let mut state = mlirOperationStateGet(ir::string_ref_of("scf.for"), location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, types.len() as isize - 1, types[1..].as_ptr());
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let outer = mlirOperationCreate(&mut state);
        builder.insert(outer);
        (outer, body)
    }
}

/// `scf.yield` of `the_loop`'s results, not yet in a block.
fn detached_yield(the_loop: MlirOperation) -> MlirOperation {
    unsafe {
        let results: Vec<MlirValue> = (0..mlirOperationGetNumResults(the_loop))
            .map(|position| mlirOperationGetResult(the_loop, position))
            .collect();
        let mut state = mlirOperationStateGet(
            ir::string_ref_of("scf.yield"),
            mlirOperationGetLocation(the_loop),
        );
        mlirOperationStateAddOperands(&mut state, results.len() as isize, results.as_ptr());
        mlirOperationCreate(&mut state)
    }
}

/// Replaces, in `operation` and everything nested in it, each operand that `map` maps.
fn remap(operation: MlirOperation, map: &[(MlirValue, MlirValue)]) {
    for operation in ir::walk(operation) {
        for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
            let operand = unsafe { mlirOperationGetOperand(operation, position) };
            if let Some(&(_, with)) = map
                .iter()
                .find(|(from, _)| unsafe { mlirValueEqual(*from, operand) })
            {
                unsafe { mlirOperationSetOperand(operation, position, with) };
            }
        }
    }
}

/// Every operand of `operation` and of the operations nested in it.
fn nested_operands(operation: MlirOperation, operands: &mut Vec<MlirValue>) {
    for operation in ir::walk(operation) {
        for position in 0..unsafe { mlirOperationGetNumOperands(operation) } {
            operands.push(unsafe { mlirOperationGetOperand(operation, position) });
        }
    }
}

/// Destroys `operation` if none of its results is used.
fn destroy_if_unused(operation: MlirOperation) {
    let used = (0..unsafe { mlirOperationGetNumResults(operation) }).any(|position| {
        !ir::uses(unsafe { mlirOperationGetResult(operation, position) }).is_empty()
    });
    if !used {
        unsafe { mlirOperationDestroy(operation) };
    }
}
