//! The block's cooperative copy of a box between a global memref and a workgroup tile, shared
//! by every staging: thread `L` (linear id) of `N` takes cells `L, L + N, …` of the box in
//! row-major order, so consecutive lanes access consecutive addresses of the innermost
//! dimension. Into the tile, a cell outside the array is not loaded (a partial or halo tile's
//! cell no thread reads: the tile gets 0 there, one unsigned compare per dimension; where a
//! dynamic size is 0 there is none, and the copy in does not run), as an expert's guarded
//! fill: a block of 256 rows at the edge of a 300-row matrix reads its 44 rows, not 256
//! (session 31 clamped the index into the array and read the last row 212 times); out of it,
//! a condition on each cell's global indices may leave cells out (a store's edge guard).
//! Cost: `⌈cells / N⌉` rounds of one load and one store per thread.
//!
//! Rounds in flight. In a loop each round's store waits for its load, so a thread has one load
//! in flight and a copy of `R` rounds takes `R` memory latencies. ptxas unrolls such a loop
//! and issues its loads together up to 16 rounds, not beyond: on the H200 (2026-11-27) a
//! 256x32 tile copied by 256 threads in a loop of 32 rounds made PolyBench BICG 2.6x slower than
//! the naive kernel (13.8 µs a tile), where GESUMMV's two 16-round loops took 2.3 µs a tile.
//! A copy into a tile of more than `ROUNDS_PTXAS_UNROLLS` whole rounds (no cell left out) is
//! therefore marked [`COPY_ROUNDS`] and, once every layout is final, written out round by
//! round with every load before the first store ([`unroll`]): `R` loads in flight per thread,
//! `R` registers live, up to `MOST_ROUNDS_UNROLLED`; a copy of up to `MOST_ROUNDS_WRITTEN`
//! rounds in equal batches of at most that many (k-means' whole 256x34 tile: 34 rounds, two
//! batches of 17 loads and their stores).

use analysis::metrics::Block;
use mlir_sys::*;

use crate::{
    facts::extract::{CLAMP, IN_ARRAY, NONEMPTY},
    ir,
    ir::builder::Builder,
    steps::stage_shared::single::guarded_region,
};

/// Unit attribute of a copy-in loop of whole rounds to write out round by round ([`unroll`]).
pub const COPY_ROUNDS: &str = "gpu_mem_opt.copy_rounds";

/// The most rounds of a copy loop ptxas unrolls and overlaps by itself (measured, above).
const ROUNDS_PTXAS_UNROLLS: i64 = 16;

/// The most rounds whose loads are written out together: one register per round stays live
/// until the stores.
const MOST_ROUNDS_UNROLLED: i64 = 32;

/// The most rounds written out, in batches of at most [`MOST_ROUNDS_UNROLLED`].
const MOST_ROUNDS_WRITTEN: i64 = 2 * MOST_ROUNDS_UNROLLED;

/// A box of a global memref to copy into a tile.
pub(super) struct CopyBox<'a> {
    /// The global memref.
    pub memref: MlirValue,
    /// Its element type.
    pub element_type: MlirType,
    /// The workgroup tile.
    pub tile: MlirValue,
    /// Global index of the box's first cell, per dimension (may lie outside the array).
    pub origin: &'a [MlirValue],
    /// Extents of the box (and the tile).
    pub extents: &'a [i64],
    /// The memref's shape (`None`: a dynamic size, read with `memref.dim` where needed).
    pub shape: &'a [Option<i64>],
    /// Whether the copy goes out of the tile to the memref (a staged store's copy-out).
    pub outward: bool,
    /// Out of the tile: which cells to copy, from their global indices (the store's guard).
    pub condition: Option<&'a CellCondition<'a>>,
}

/// Whether a cell is copied, from its global indices, built at the builder.
pub(super) type CellCondition<'a> =
    dyn Fn(&Builder, &[MlirValue]) -> Result<MlirValue, String> + 'a;

impl<'a> CopyBox<'a> {
    /// The box of `extents` at `origin` of `memref` (of `shape`, elements of
    /// `element_type`), copied into `tile`.
    pub(super) fn new(
        memref: MlirValue,
        element_type: MlirType,
        tile: MlirValue,
        origin: &'a [MlirValue],
        extents: &'a [i64],
        shape: &'a [Option<i64>],
    ) -> CopyBox<'a> {
        CopyBox {
            memref,
            element_type,
            tile,
            origin,
            extents,
            shape,
            outward: false,
            condition: None,
        }
    }

    /// The same box copied the other way: from the tile out to the memref, the cells where
    /// `condition` holds (every cell without one).
    pub(super) fn outward(self, condition: Option<&'a CellCondition<'a>>) -> CopyBox<'a> {
        CopyBox {
            outward: true,
            condition,
            ..self
        }
    }
}

/// The block's cooperative copy of `source` into its tile (or out of it),
/// before the builder's anchor: thread `L` (linear id) takes cells `L, L + N,
/// …` in row-major order, so consecutive lanes access consecutive addresses.
/// Into the tile, a cell whose global index falls outside the array is not
/// loaded ([`load_in_array`]; a tile of another element type copies the clamped,
/// valid element instead): no thread reads it; out of it, every
/// cell is one the store wrote (`staging::covers_box_once`), so in the array,
/// unless the store's guard left it out: `condition` then says which to copy.
/// The copy's global access.
pub(super) fn copy_box(
    inside: &Builder,
    thread_ids: &[MlirValue],
    block: Block,
    source: &CopyBox,
    location: MlirLocation,
) -> Result<MlirOperation, String> {
    let zero = inside.index_constant(0);
    let scaled = |builder: &Builder, value: MlirValue, factor: i64| match factor {
        1 => value,
        _ => builder.index_binary("arith.muli", value, builder.index_constant(factor)),
    };
    let extents = source.extents;
    // A dynamic size may be 0 at run time: then no cell is in the array (the kernel as
    // written reads none) and the clamp below would give -1, so the copy in runs only where
    // every dynamic size is positive (a condition the whole block shares).
    let dynamic: Vec<usize> = (0..extents.len())
        .filter(|&dimension| source.shape[dimension].is_none() && !source.outward)
        .collect();
    let nonempty = dynamic.iter().try_fold(None, |all, &dimension| {
        let size = inside.dimension_size(source.memref, dimension);
        let positive = compare_less(inside, zero, size)?;
        Ok::<_, String>(Some(match all {
            Some(all) => inside.boolean("arith.andi", all, positive),
            None => positive,
        }))
    })?;
    let guarded;
    let inside = match nonempty {
        Some(nonempty) => {
            let region = guarded_region(inside, nonempty);
            ir::mark(
                unsafe { mlirBlockGetParentOperation(mlirOperationGetBlock(region)) },
                NONEMPTY,
            );
            guarded = Builder::before(region).located(location);
            &guarded
        }
        None => inside,
    };
    let zero = inside.index_constant(0);
    let linear = inside.linear_thread_id(thread_ids, [block.x, block.y, block.z], zero);
    let cells: i64 = extents.iter().product();
    let threads = block.threads() as i64;
    let rounds = (cells + threads - 1) / threads;
    let body = inside.counted_loop(
        zero,
        inside.index_constant(rounds),
        inside.index_constant(1),
    );
    let whole_rounds = cells % threads == 0 && !source.outward && source.condition.is_none();
    if whole_rounds && (ROUNDS_PTXAS_UNROLLS + 1..=MOST_ROUNDS_WRITTEN).contains(&rounds) {
        ir::mark(body.operation, COPY_ROUNDS);
    }
    let copy = Builder::before(body.terminator).located(location);
    let round = scaled(&copy, body.induction, threads);
    let number = copy.index_binary("arith.addi", linear, round);
    let copy = match cells % threads {
        0 => copy,
        _ => {
            let inside_box = compare_less(&copy, number, copy.index_constant(cells))?;
            Builder::before(guarded_region(&copy, inside_box)).located(location)
        }
    };
    let cell = copy.delinearize(number, extents);
    let global: Vec<MlirValue> = source
        .origin
        .iter()
        .zip(&cell)
        .map(|(&origin, &cell)| copy.index_binary("arith.addi", origin, cell))
        .collect();
    let scalar =
        unsafe { mlirTypeIsAFloat(source.element_type) || mlirTypeIsAInteger(source.element_type) };
    if !source.outward && scalar {
        return load_in_array(&copy, source, &global, &cell);
    }
    // Clamped into the array: a partial or halo tile copies a valid element
    // no thread reads, so the tile's store needs no guard on block ids. Marked, so that the
    // access model costs the copy as interior blocks run it.
    let clamped = |name: &str, index: MlirValue, bound: MlirValue| {
        let value = copy.index_binary(name, index, bound);
        if let Some(clamp) = ir::defining_operation(value) {
            ir::mark(clamp, CLAMP);
        }
        value
    };
    let global: Vec<MlirValue> = match source.outward {
        true => global,
        false => (0..global.len())
            .map(|dimension| {
                let index = clamped("arith.maxsi", global[dimension], zero);
                clamped("arith.minsi", index, last_index(&copy, source, dimension))
            })
            .collect(),
    };
    let copy = match source.condition {
        Some(condition) => {
            let holds = condition(&copy, &global)?;
            Builder::before(guarded_region(&copy, holds)).located(location)
        }
        None => copy,
    };
    let memref = (source.memref, global.as_slice());
    let tile = (source.tile, cell.as_slice());
    Ok(if source.outward {
        copy.copy_element(tile, memref, source.element_type).1
    } else {
        copy.copy_element(memref, tile, source.element_type).0
    })
}

/// The size of `source`'s memref in `dimension`: its constant, or `memref.dim`.
fn array_size(builder: &Builder, source: &CopyBox, dimension: usize) -> MlirValue {
    match source.shape[dimension] {
        Some(size) => builder.index_constant(size),
        None => builder.dimension_size(source.memref, dimension),
    }
}

/// The last index of `source`'s memref in `dimension`.
fn last_index(builder: &Builder, source: &CopyBox, dimension: usize) -> MlirValue {
    match source.shape[dimension] {
        Some(size) => builder.index_constant(size - 1),
        None => {
            let size = array_size(builder, source, dimension);
            builder.index_binary("arith.subi", size, builder.index_constant(1))
        }
    }
}

/// One cell's copy into the tile where its `global` indices are inside the array (each
/// below its size, unsigned, so that a negative one is out too), 0 elsewhere: `%v = scf.if
/// %in { load } else { 0 }` marked [`IN_ARRAY`], then the tile's store, outside the branch
/// so that [`unroll`] can still issue every round's load before the first store. The load.
fn load_in_array(
    copy: &Builder,
    source: &CopyBox,
    global: &[MlirValue],
    cell: &[MlirValue],
) -> Result<MlirOperation, String> {
    let mut in_array = None;
    for (dimension, &index) in global.iter().enumerate() {
        let below = compare_less(copy, index, array_size(copy, source, dimension))?;
        in_array = Some(match in_array {
            Some(all) => copy.boolean("arith.andi", all, below),
            None => below,
        });
    }
    let in_array = in_array.ok_or("a 0-d box has no cells")?;
    let (branch, loaded, outside) = copy.if_else(in_array, &[source.element_type])?;
    ir::mark(branch, IN_ARRAY);
    let mut operands = vec![source.memref];
    operands.extend(global);
    let load =
        Builder::before(loaded).create("memref.load", &operands, &[], &[source.element_type]);
    let zero = Builder::before(outside).zero(source.element_type);
    unsafe {
        let value = mlirOperationGetResult(load, 0);
        mlirOperationSetOperands(loaded, 1, &value);
        mlirOperationSetOperands(outside, 1, &zero);
    }
    let mut operands = vec![unsafe { mlirOperationGetResult(branch, 0) }, source.tile];
    operands.extend(cell);
    copy.create("memref.store", &operands, &[], &[]);
    Ok(load)
}

/// Writes out every copy loop of `kernel` marked [`COPY_ROUNDS`] round by round, the loads of
/// all rounds before the first store.
pub fn unroll(kernel: &crate::facts::kernels::Kernel) {
    let marked: Vec<MlirOperation> = ir::walk(kernel.operation)
        .into_iter()
        .filter(|&operation| ir::attribute(operation, COPY_ROUNDS).is_some())
        .collect();
    for the_loop in marked {
        unsafe { unroll_loop(the_loop) };
    }
}

/// [`unroll`] of one loop `for r = 0 to R step 1` whose body has no region but the
/// [`IN_ARRAY`] branches: its rounds in equal batches of at most [`MOST_ROUNDS_UNROLLED`], each
/// batch's loads before its stores.
unsafe fn unroll_loop(the_loop: MlirOperation) {
    let rounds = ir::constant_integer(mlirOperationGetOperand(the_loop, 1));
    let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(the_loop, 0));
    let operations = ir::block_operations(body);
    // Flat but for the branches of [`load_in_array`], whose regions only load.
    let flat = operations.iter().all(|&operation| {
        mlirOperationGetNumRegions(operation) == 0 || ir::attribute(operation, IN_ARRAY).is_some()
    });
    let (Some(rounds), true) = (rounds, flat) else {
        mlirOperationRemoveAttributeByName(the_loop, ir::string_ref_of(COPY_ROUNDS));
        return;
    };
    let induction = mlirBlockGetArgument(body, 0);
    let builder = Builder::before(the_loop).located(mlirOperationGetLocation(the_loop));
    let batches = (rounds + MOST_ROUNDS_UNROLLED - 1) / MOST_ROUNDS_UNROLLED;
    let batch = (rounds + batches - 1) / batches;
    let mut stores = Vec::new();
    for round in 0..rounds {
        let mut values: Vec<(MlirValue, MlirValue)> =
            vec![(induction, builder.index_constant(round))];
        for &operation in &operations[..operations.len() - 1] {
            let copy = mlirOperationClone(operation);
            // The clone and what its regions hold read this round's values.
            for inner in ir::walk(copy) {
                for position in 0..mlirOperationGetNumOperands(inner) {
                    let operand = mlirOperationGetOperand(inner, position);
                    if let Some(&(_, mapped)) = values
                        .iter()
                        .find(|(original, _)| mlirValueEqual(*original, operand))
                    {
                        mlirOperationSetOperand(inner, position, mapped);
                    }
                }
            }
            builder.insert(copy);
            for position in 0..mlirOperationGetNumResults(operation) {
                values.push((
                    mlirOperationGetResult(operation, position),
                    mlirOperationGetResult(copy, position),
                ));
            }
            if ir::is_named(copy, "memref.store") {
                stores.push(copy);
            }
        }
        // Every round's load of the batch first: its stores wait at its end, in order.
        if (round + 1) % batch == 0 || round + 1 == rounds {
            for store in stores.drain(..) {
                mlirOperationMoveBefore(store, the_loop);
            }
        }
    }
    mlirOperationDestroy(the_loop);
}

/// `left == right`.
pub(super) fn compare_equal(
    builder: &Builder,
    left: MlirValue,
    right: MlirValue,
) -> Result<MlirValue, String> {
    builder.compare(0, left, right)
}

/// `left < right`, unsigned (indices are non-negative).
fn compare_less(builder: &Builder, left: MlirValue, right: MlirValue) -> Result<MlirValue, String> {
    builder.compare(6, left, right)
}
