//! Whether to stage a global access through shared memory (Fang & Varbanescu, seed-003
//! §4.3–4.5 and §5.1; Jang's shared selection, seed-000 §4; PPCG's "reused or not
//! coalesced" is the anchor to beat).
//!
//! **Facts.** For one global access and one thread block this module computes:
//!
//! * the measured *sectors per request* (from [`crate::metrics::warp_metrics`]) against the
//!   *ideal* for the access width: a warp moving `32·w` bytes needs `⌈32·w / 32⌉ = w` sectors
//!   of 32 bytes, so 4 for `f32`. Above the ideal the access is *uncoalesced*;
//! * the per-block *footprint* ([`Footprint`]): the bounding box of the elements one block
//!   touches, from the access matrix over the block's thread ranges, block ids and symbols
//!   fixed, and over a tile of [`TILE_ITERATIONS`] iterations of every enclosing loop the
//!   access depends on (loops are staged per tile, seed-003 §5.1.7). Extent of dimension
//!   `d`: `1 + Σ_v |M[d][v]|·step_v·(range_v − 1)`;
//! * the *reuse* `ρ = threads · iterations / cells of the box`, a lower bound of seed-003
//!   §4.2's `ρ = S·|O| / |F|` (a box with holes holds fewer distinct elements).
//!
//! **Rule NV-C** (seed-003 §4.3, the prior for cached NVIDIA GPUs, §4.5): stage iff the native
//! access is warp-uncoalesced or the iMAP is Row, Column or Block; a Single-iMAP access also
//! needs `N ≥ 512`, i.e. at least 512² elements in the array (below that the database shows
//! 1.00–1.05, not worth the code). Coalesced or broadcast Single accesses (MAP-108, 109, 114)
//! are not staged: the database shows 0.76–0.99. An access without a MAP id (rank other than
//! 2, a non-unit coefficient) falls back to the mechanisms the rule is built on: stage iff it
//! is uncoalesced, or a loop re-reads what other threads read (`ρ > 1` with a loop in the
//! index). Reuse alone without a loop is not enough on a cached GPU (§4.1: NBody lost 20 %).
//! Nor is a short loop: a nearly coalesced access (at most twice the ideal sectors) whose
//! thread reads fewer than [`LEAST_READS_PER_COPY`] elements of a tile per copy is left to L1
//! (the database's loop-reuse cases all had `ρ ≥ 8`, §4.2; on the H200 a 3x3 window staged ran
//! at 0.75x, a 32-deep matmul tile gained 1.22x).
//! *Uncoalesced* is the warp stride `σx` (§4.2: lanes `tx`, `tx + 1` more than one element,
//! or one vector, apart), so a misaligned unit stride (MAP-114, a shifted stencil load) is
//! coalesced; without a stride, measured sectors above the ideal.
//!
//! **Stencils and windows** ([`crate::neighbor`]): loads grouped into one Neighbor
//! reference are decided together on the halo box: staged iff uncoalesced (MAP-510), not on
//! a coalesced or broadcast eMAP (508, 509, 514: 0.68–1.02). A window of unrolled loads
//! is iMAP Block, which the database stages (410: 2.12–4.17, 408: 1.28–1.83, older GPUs);
//! staged on a coalesced eMAP, PolyBench 2DConv ran at 0.68x of its naive kernel on the H200,
//! whose L1 serves the shifted reads as it does a stencil's: a window is staged iff
//! uncoalesced, like a stencil.
//!
//! **Unknowns**, checked first, each with its reason: an unknown block size, an index that
//! is not affine (data-dependent or quasi-affine: no box), unknown sectors. **Blockers**,
//! checked when the rule would stage: a load of a memref the kernel also writes (a staged
//! copy could miss a write by another thread), a footprint over the shared-memory budget left.
//! Before the budget blocks a single loop's tile, shallower tiles are tried (16, then
//! [`SHALLOWEST_TILE`] iterations, issue 31): two 256x32 `f32` tiles of one loop (64 KiB) do
//! not fit 48 KiB, two 256x16 tiles do. Each refill then covers fewer iterations, so the
//! barriers double, but a row of 8 `f32` is still one 32-byte sector per warp request.
//!
//! Cost: linear in the size of the access matrix.

use crate::{
    expression::{IndexExpression, Loop, LoopId, Unknown, Variable},
    matrix::{Access, AccessKind, Condition, Relation},
    metrics::Block,
    neighbor::{Form, Neighbor},
    pattern::{Classification, IntraThread},
};

/// Loop iterations staged per tile (one tile of a `k` loop).
pub const TILE_ITERATIONS: i64 = 32;
/// The fewest iterations a tile is cut to before the budget refuses it: 8 `f32` are one
/// 32-byte sector, the unit a coalesced copy moves.
pub const SHALLOWEST_TILE: i64 = 8;
/// The fewest reads of a tile each thread makes per copy for a nearly coalesced access to be
/// staged: the copy's round trip and its barriers are paid once a tile, the gain over an L1
/// hit (shared memory's lower latency, fewer wavefronts) once a read. Measured on the H200
/// (bench/results/2026-11-27-nvidia-h200-session17.md): 9 reads (convolution-affine's 3x3
/// window) ran at 0.75x of the naive kernel staged; 32 (matmul's tile) and 64 (SAD's 8x8
/// search) gained 1.22x and 1.50x.
pub const LEAST_READS_PER_COPY: i64 = TILE_ITERATIONS;
/// Why a loop of few reads a copy on nearly coalesced loads is not staged (the report's text).
fn few_reads_why() -> String {
    format!("a loop reads fewer than {LEAST_READS_PER_COPY} elements of a tile per thread and copy, nearly coalesced: the copy's round trip and barrier cost more than the L1 hits they replace (convolution-affine's 3x3 window: 0.080 ms unstaged, 0.107 ms staged; matmul's 32 and SAD's 64 gain 1.22x and 1.50x; H200, bench/results/2026-11-27-nvidia-h200-session17.md)")
}
/// Bytes in one sector of a global-memory request.
const SECTOR_BYTES: f64 = 32.0;
/// Lanes in a warp.
const WARP_LANES: f64 = 32.0;
/// Seed-003 §4.3: Single-iMAP accesses gain only from `N ≥ 512`, i.e. 512² elements.
pub const SINGLE_MINIMUM_ELEMENTS: i64 = 512 * 512;

/// The least share of a block's global sectors per tile that a staged copy must save. Staging
/// adds a shared store, a barrier and a shared load per element; its gain is global traffic,
/// so a copy that is as scattered as the access it replaces (an array-of-structures field:
/// 17 → 16 sectors per request) only adds work. An estimate, like the cost model's sm_90
/// constants, until the suite's counters and timings measure it (issue 7).
pub const MINIMUM_SECTOR_SAVING: f64 = 0.25;

/// `Err` with the numbers when a cooperative copy moving `copied` global sectors per block and
/// tile saves less than [`MINIMUM_SECTOR_SAVING`] of the `native` sectors.
pub fn saves_enough(native: f64, copied: f64) -> Result<(), String> {
    let saving = 1.0 - copied / native.max(f64::MIN_POSITIVE);
    if saving >= MINIMUM_SECTOR_SAVING {
        return Ok(());
    }
    // A copy that moves more than the access says so (256 against 192: 33% more, not 0% fewer).
    let change = match saving < 0.0 {
        true => format!("{:.0}% more", -saving * 100.0),
        false => format!("{:.0}% fewer", saving * 100.0),
    };
    Err(format!(
        "the tile's copy would move {copied} global sectors per block and tile against {native} \
         natively ({change}, at least {:.0}% fewer needed): the tile is as scattered as the access",
        MINIMUM_SECTOR_SAVING * 100.0
    ))
}

/// The bounding box one block touches (per tile of loop iterations).
#[derive(Clone, Debug, PartialEq)]
pub struct Footprint {
    /// Extent of the box in each dimension, in elements.
    pub extents: Vec<i64>,
    /// Loop iterations covered (product over the loops in the index; 1 without loops).
    pub iterations: i64,
    /// Bytes of a shared tile holding the box.
    pub bytes: u64,
    /// Accesses per cell of the box, `threads · iterations / cells` (a lower bound of reuse).
    pub reuse: f64,
}

impl Footprint {
    /// The box as remarks write it: `32x8`.
    pub fn shape(&self) -> String {
        let extents: Vec<String> = self.extents.iter().map(i64::to_string).collect();
        extents.join("x")
    }
}

/// What the pass knows about one access when deciding.
#[derive(Clone, Debug)]
pub struct Candidate<'a> {
    /// The access.
    pub access: &'a Access,
    /// Its patterns and MAP id.
    pub classification: Classification,
    /// Its measured sectors per request for one block, or why unknown.
    pub sectors_per_request: Result<f64, Unknown>,
    /// Whether the kernel also writes the memref (for loads; stores ignore it).
    pub written_by_kernel: bool,
}

/// The decision for one access, with the facts behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Staging {
    /// Whether staging pays and is allowed.
    pub stage: bool,
    /// The rule that decided (`NV-C`, `NV-C fallback`, or the blocker's name).
    pub rule: &'static str,
    /// The reason, with the MAP id, the rule and the numbers.
    pub reason: String,
    /// In plain words, when not staged: why (`coalesced already (4 sectors/request)`); empty
    /// when staged, where what changed says it.
    pub summary: String,
    /// The footprint, when computable.
    pub footprint: Option<Footprint>,
    /// Measured sectors per request, when known.
    pub sectors_per_request: Option<f64>,
    /// Ideal sectors per request for the access width.
    pub ideal_sectors_per_request: f64,
    /// Nothing to gain: coalesced, and no loop re-reads it, or one thread of the block makes it
    /// (the pass reports such decisions without a remark).
    pub nothing_to_gain: bool,
}

/// Whether `sectors` per request are at most twice the `ideal`: L1 and a tile's copy then
/// gain too little to pay for a copy and its barrier (a stencil's shifted rows, a walk read
/// once).
pub fn nearly_coalesced(sectors: f64, ideal: f64) -> bool {
    sectors <= 2.0 * ideal
}

/// Ideal sectors per warp request for `access_bytes` per lane, the warp's lanes those of a
/// `block` (a block of 16 threads makes requests of 16 lanes: 2 sectors of 4-byte lanes), a
/// full warp where unknown.
pub fn ideal_sectors_per_request(access_bytes: u32, block: Option<Block>) -> f64 {
    let lanes = block.map_or(WARP_LANES, |block| {
        (block.threads() as f64).clamp(1.0, WARP_LANES)
    });
    (lanes * f64::from(access_bytes) / SECTOR_BYTES).ceil()
}

/// The per-block footprint of `access` for `block` (see the module essay).
pub fn footprint(access: &Access, block: Block) -> Result<Footprint, Unknown> {
    footprint_of_tile(access, block, TILE_ITERATIONS)
}

/// [`footprint`] over tiles of `depth` iterations of each loop.
fn footprint_of_tile(access: &Access, block: Block, depth: i64) -> Result<Footprint, Unknown> {
    let matrix = access.matrix()?;
    let mut iterations = 1i64;
    let mut range_of = |variable: &Variable| -> Result<(i64, i64), Unknown> {
        Ok(match variable {
            Variable::ThreadX => (i64::from(block.x), 1),
            Variable::ThreadY => (i64::from(block.y), 1),
            Variable::ThreadZ => (i64::from(block.z), 1),
            Variable::Loop(id) => {
                let found = access
                    .loops
                    .get(id.0)
                    .ok_or_else(|| Unknown::new(format!("{variable} has no enclosing loop")))?;
                let step = found
                    .step
                    .ok_or_else(|| Unknown::new(format!("{variable} has no constant step")))?;
                let trips = found
                    .trip_count()
                    .map_or(depth, |trips| (trips as i64).min(depth));
                iterations = iterations.saturating_mul(trips.max(1));
                (trips.max(1), step)
            }
            _ => (1, 0),
        })
    };
    let ranges = matrix
        .variables
        .iter()
        .map(&mut range_of)
        .collect::<Result<Vec<_>, _>>()?;
    let mut extents: Vec<i64> = matrix
        .rows
        .iter()
        .map(|row| {
            1 + row
                .iter()
                .zip(&ranges)
                .map(|(coefficient, (range, step))| coefficient.abs() * step * (range - 1))
                .sum::<i64>()
        })
        .collect();
    // A vector access covers `vector_width` elements of the innermost dimension from its index.
    let width = i64::from(access.vector_width.max(1));
    if let Some(innermost) = extents.last_mut() {
        *innermost += width - 1;
    }
    let cells: i64 = extents.iter().product();
    let bytes = (cells.max(0) as u64).saturating_mul(u64::from(access.layout.element_bytes));
    Ok(Footprint {
        reuse: (block.threads() as f64 * iterations as f64 * width as f64) / cells.max(1) as f64,
        extents,
        iterations,
        bytes,
    })
}

/// Cells a one-to-one check enumerates at most (a tile of 48 KiB of `f32` is 12,288).
const MAXIMUM_CHECKED_CELLS: i64 = 1 << 20;

/// Whether the block's threads, over every iteration of the access's loops, write each cell of
/// the box `extents` exactly once, the box's corner being the index with thread ids at 0 and
/// every loop at its lower bound (a staged store's copy-out writes every cell, so a cell no
/// lane wrote, or two wrote, would change the result). By enumeration: `threads · iterations`
/// must equal the cells, and no two writes may land on one cell. The loops' trip counts must be
/// constant; block ids and symbols move the whole box and do not count.
pub fn covers_box_once(access: &Access, block: Block, extents: &[i64]) -> Result<(), String> {
    let matrix = access.matrix().map_err(|unknown| unknown.reason)?;
    let cells: i64 = extents.iter().product();
    let mut ranges: Vec<(Variable, i64, i64)> = vec![
        (Variable::ThreadX, i64::from(block.x), 1),
        (Variable::ThreadY, i64::from(block.y), 1),
        (Variable::ThreadZ, i64::from(block.z), 1),
    ];
    for (depth, the_loop) in access.loops.iter().enumerate() {
        let (Some(trips), Some(step)) = (the_loop.trip_count(), the_loop.step) else {
            return Err(format!("loop{depth} has no constant trip count"));
        };
        ranges.push((Variable::Loop(LoopId(depth)), trips as i64, step));
    }
    let writes = ranges
        .iter()
        .try_fold(1i64, |total, &(_, range, _)| total.checked_mul(range))
        .unwrap_or(i64::MAX);
    if writes != cells {
        return Err(format!(
            "{writes} writes (threads x iterations) for the {cells} cells of the box"
        ));
    }
    if cells > MAXIMUM_CHECKED_CELLS {
        return Err(format!(
            "the box's {cells} cells are more than the {MAXIMUM_CHECKED_CELLS} checked"
        ));
    }
    let columns: Vec<Vec<i64>> = ranges
        .iter()
        .map(|(variable, _, step)| {
            (0..extents.len())
                .map(|dimension| matrix.coefficient(dimension, variable) * step)
                .collect()
        })
        .collect();
    let mut written = vec![false; cells as usize];
    let mut counters = vec![0i64; ranges.len()];
    for _ in 0..writes {
        let mut linear = 0i64;
        for (dimension, &extent) in extents.iter().enumerate() {
            let cell: i64 = counters
                .iter()
                .zip(&columns)
                .map(|(&counter, column)| counter * column[dimension])
                .sum();
            if !(0..extent).contains(&cell) {
                return Err(format!(
                    "a write lands outside the box (cell {cell} of {extent} in dimension {dimension})"
                ));
            }
            linear = linear * extent + cell;
        }
        if std::mem::replace(&mut written[linear as usize], true) {
            return Err("two writes land on one cell of the box".into());
        }
        for (counter, &(_, range, _)) in counters.iter_mut().zip(&ranges) {
            *counter += 1;
            if *counter < range {
                break;
            }
            *counter = 0;
        }
    }
    Ok(())
}

/// Seed-003 §4.2's warp stride `σx`: elements between the addresses of lanes
/// `tx` and `tx + 1`; `None` when the index is not affine or a stride is dynamic.
pub fn warp_stride(access: &Access) -> Option<i64> {
    let matrix = access.matrix().ok()?;
    (0..matrix.rows.len()).try_fold(0i64, |total, dimension| {
        let coefficient = matrix.coefficient(dimension, &Variable::ThreadX);
        match coefficient {
            0 => Some(total),
            _ => Some(total + coefficient * access.layout.strides.get(dimension).copied()??),
        }
    })
}

/// Whether lanes next to each other read next to each other (or the same
/// element): `|σx|` at most the vector width. A misaligned unit stride is
/// coalesced (seed-003 §5.3: MAP-114). Without a stride, measured sectors
/// above the ideal decide.
fn coalesced(access: &Access, sectors: f64, ideal: f64) -> bool {
    warp_stride(access).map_or(sectors <= ideal, |stride| {
        stride.abs() <= i64::from(access.vector_width.max(1))
    })
}

/// Decides for `candidate` in a block of `block` threads (`None`: unknown, with the reason)
/// with `available` bytes of shared memory left (see the module essay).
pub fn decide(candidate: &Candidate, block: Result<Block, String>, available: u64) -> Staging {
    decide_at(candidate, block, available, TILE_ITERATIONS)
}

/// [`decide`] with tiles of at most `depth` iterations of a loop (the kernel's other tiles of
/// the same loop are that shallow, so they refill together).
pub fn decide_at(
    candidate: &Candidate,
    block: Result<Block, String>,
    available: u64,
    depth: i64,
) -> Staging {
    decide_reference(candidate, None, block, (available, depth))
}

/// Decides for a Neighbor reference whose centre load is `candidate`: rule
/// NV-C stages it only when the centre is uncoalesced (MAP-510: 1.10-2.58 on
/// GTX580); on a coalesced or broadcast eMAP a cached GPU serves the shifted
/// reads from L1 (508: 0.91-0.98, 514: 0.95-1.02, 509: 0.68-1.00). A window
/// (iMAP Block) is always staged. The footprint is the halo box, the centre's
/// box widened by the span of the offsets in every dimension.
pub fn decide_neighbor(
    candidate: &Candidate,
    neighbor: &Neighbor,
    block: Result<Block, String>,
    available: u64,
) -> Staging {
    decide_reference(
        candidate,
        Some(neighbor),
        block,
        (available, TILE_ITERATIONS),
    )
}

/// The centre's footprint widened into the halo box of `neighbor`.
fn halo(footprint: Footprint, neighbor: &Neighbor, access: &Access, block: Block) -> Footprint {
    let extents: Vec<i64> = footprint
        .extents
        .iter()
        .zip(&neighbor.spans)
        .map(|(extent, span)| extent + span)
        .collect();
    let cells: i64 = extents.iter().product();
    Footprint {
        bytes: (cells as u64).saturating_mul(u64::from(access.access_bytes())),
        reuse: (block.threads() as f64 * footprint.iterations as f64 * neighbor.points as f64)
            / cells.max(1) as f64,
        extents,
        iterations: footprint.iterations,
    }
}

/// [`decide`] for a single access (`neighbor` absent) or a Neighbor reference.
fn decide_reference(
    candidate: &Candidate,
    neighbor: Option<&Neighbor>,
    block: Result<Block, String>,
    (available, depth): (u64, i64),
) -> Staging {
    let access = candidate.access;
    let ideal = ideal_sectors_per_request(access.access_bytes(), block.as_ref().ok().copied());
    let sectors = candidate.sectors_per_request.as_ref().ok().copied();
    let shape = neighbor.map(|neighbor| match neighbor.form {
        Form::Record => format!("{}-field record", neighbor.points),
        Form::Window => format!(
            "{} window",
            neighbor
                .spans
                .iter()
                .map(|span| (span + 1).to_string())
                .collect::<Vec<_>>()
                .join("x")
        ),
        Form::Cross => format!("{}-point neighbor", neighbor.points),
    });
    let map = match (candidate.classification.map, neighbor, shape) {
        (_, Some(neighbor), Some(shape)) if neighbor.form == Form::Record => {
            format!("no MAP id ({shape})")
        }
        (Some(map), None, _) => format!("MAP-{}", map.number()),
        (Some(map), Some(neighbor), Some(shape)) => {
            let intra_thread = if neighbor.form == Form::Window {
                400
            } else {
                500
            };
            format!("MAP-{} ({shape})", intra_thread + u32::from(map.emap))
        }
        (None, _, Some(shape)) => format!("no MAP id ({shape})"),
        _ => "no MAP id".to_string(),
    };
    let mut staging = Staging {
        stage: false,
        rule: "blocked",
        reason: String::new(),
        summary: String::new(),
        footprint: None,
        sectors_per_request: sectors,
        ideal_sectors_per_request: ideal,
        nothing_to_gain: false,
    };
    let blocked = |mut staging: Staging, why: String| {
        let plain = why.split("; rule ").next().unwrap_or(&why);
        staging.summary = format!("not staged: {plain}");
        staging.reason = format!("{map}: not staged: {why}");
        staging
    };
    let block = match block {
        Ok(block) => block,
        Err(why) => return blocked(staging, why),
    };
    if let Some(guard) = one_thread(access, block) {
        let why = format!(
            "one thread of the block makes it (its guard {guard}): no other thread shares or \
             coalesces with it"
        );
        // Nothing to gain, as a coalesced access: the report says why, no remark.
        staging.nothing_to_gain = true;
        return blocked(staging, why);
    }
    let footprint = match (footprint_of_tile(access, block, depth), neighbor) {
        (Ok(footprint), None) => shallower(access, block, footprint, available),
        (Ok(footprint), Some(neighbor)) => halo(footprint, neighbor, access, block),
        (Err(unknown), _) => return blocked(staging, format!("no footprint box: {unknown}")),
    };
    let sectors = match &candidate.sectors_per_request {
        Ok(sectors) => *sectors,
        Err(unknown) => return blocked(staging, format!("sectors per request unknown: {unknown}")),
    };
    // At most two decimals, as the other remarks print sectors (5.67, not 5.666666666666667).
    let shown = format!("{:.2}", sectors)
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string();
    let numbers = format!(
        "{shown} sectors/request (ideal {ideal}), footprint {} ({} B, reuse {:.2})",
        footprint.shape(),
        footprint.bytes,
        footprint.reuse
    );
    staging.footprint = Some(footprint.clone());
    let uncoalesced = !coalesced(access, sectors, ideal);
    let stride = warp_stride(access).map_or_else(|| "unknown".into(), |stride| stride.to_string());
    let elements: Option<i64> = access.layout.shape.iter().try_fold(1i64, |total, size| {
        size.and_then(|size| total.checked_mul(size))
    });
    let large = elements.is_none_or(|elements| elements >= SINGLE_MINIMUM_ELEMENTS);
    let looped = footprint.iterations > 1;
    // Reads a thread makes of a full-depth tile: a tile cut shallower for the budget shares its
    // copy's barrier with the loop's other tiles.
    let reads = footprint_of_tile(access, block, TILE_ITERATIONS)
        .map_or(footprint.iterations, |full| full.iterations);
    let few_reads = reads < LEAST_READS_PER_COPY && nearly_coalesced(sectors, ideal);
    let few_reads_summary = || {
        // A load the whole warp makes at one address (convolutionSeparable's filter taps) is a
        // broadcast: its one sector is its ideal.
        let traffic = match warp_stride(access) {
            Some(0) => format!("a broadcast (one address a warp: {shown} sector a request)"),
            _ => format!("nearly coalesced ({shown} sectors/request, ideal {ideal})"),
        };
        format!(
            "not staged: each thread reads the tile {reads} times a copy (reuse {:.2}) and the loads are {traffic}, so L1 serves them",
            footprint.reuse
        )
    };
    // A stencil's or window's loads, each at one address a warp (filter taps loaded before
    // their loop) are broadcasts, not coalesced rows.
    let shifted = match warp_stride(access) {
        Some(0) => format!("broadcasts (one address a warp: {shown} sector a request)"),
        _ => format!("coalesced ({shown} sectors/request)"),
    };
    let intra_thread = candidate.classification.map.map(|map| map.intra_thread);
    let (stage, rule, why) = match (neighbor, intra_thread) {
        (Some(neighbor), _) if neighbor.form == Form::Record && uncoalesced => (
            true,
            "NV-C",
            format!(
                "the {} fields of a record every thread reads fill one contiguous box (iMAP Block: stage)",
                neighbor.points
            ),
        ),
        (Some(neighbor), _) if neighbor.form == Form::Window && uncoalesced => (
            true,
            "NV-C",
            format!("an uncoalesced window of {} loads every thread reads around its element (iMAP Block: stage; the database shows 2.12-4.17 for MAP-410, 1.28-1.83 for 408)", neighbor.points),
        ),
        (Some(neighbor), _) if neighbor.form == Form::Window => {
            staging.summary = format!(
                "not staged: the window's loads are {shifted}, and L1 serves their shifted reads"
            );
            (
                false,
                "NV-C",
                format!("a window of {} loads on a coalesced eMAP, warp stride {stride}: a cached GPU serves the shifted reads from L1 (the database's 1.28-4.17 for MAP-408/410 are older GPUs'; staged, PolyBench 2DConv ran at 0.68x of its naive kernel on the H200, bench/results/2026-11-27-nvidia-h200-rounds.md)", neighbor.points),
            )
        }
        (Some(_), _) if uncoalesced => (
            true,
            "NV-C",
            format!("uncoalesced neighbor, warp stride {stride} (the database shows 1.10-2.58 for MAP-510)"),
        ),
        (Some(_), _) => {
            staging.summary = format!(
                "not staged: the stencil's loads are {shifted}, and L1 serves their shifted reads"
            );
            (
                false,
                "NV-C",
                format!("neighbor on a coalesced eMAP, warp stride {stride}: a cached GPU serves the shifted reads from L1 (the database shows 0.91-0.98 for 508, 0.95-1.02 for 514, 0.68-1.00 for 509)"),
            )
        }
        (None, Some(IntraThread::Row | IntraThread::Column | IntraThread::Block))
            if footprint.reuse <= 1.0 && nearly_coalesced(sectors, ideal) =>
        {
            staging.summary = format!(
                "not staged: each element is read once (reuse {:.2}) and the loads are nearly coalesced ({shown} sectors/request, ideal {ideal})",
                footprint.reuse
            );
            (
                false,
                "NV-C",
                "a loop walks elements that are read once, nearly coalesced: the tile's copy and barrier cost more than the sectors they save (Needleman-Wunsch's reference array: 0.105 ms unstaged, 0.117 ms staged on the H200, bench/results/2026-11-27-nvidia-h200-rounds.md and -session17.md)".to_string(),
            )
        }
        (None, Some(IntraThread::Row | IntraThread::Column | IntraThread::Block))
            if few_reads =>
        {
            staging.summary = few_reads_summary();
            (false, "NV-C", few_reads_why())
        }
        (None, Some(IntraThread::Row | IntraThread::Column | IntraThread::Block)) => (
            true,
            "NV-C",
            "a loop walks elements other threads also read (iMAP Row/Column/Block: stage)".to_string(),
        ),
        (None, Some(IntraThread::Single)) if !uncoalesced => {
            staging.summary = format!("not staged: coalesced already ({shown} sectors/request)");
            (
                false,
                "NV-C",
                format!("coalesced single access, warp stride {stride} (the database shows 0.76-0.99 for 108/109/114)"),
            )
        }
        (None, Some(IntraThread::Single)) if !large => {
            staging.summary = format!(
                "not staged: uncoalesced ({shown} sectors/request), but an array of {} elements is too small for a tile to pay (below 512x512)",
                elements.unwrap_or(0)
            );
            (
                false,
                "NV-C",
                format!(
                    "uncoalesced, but the array has {} elements < 512x512 (the database shows 1.00-1.05)",
                    elements.unwrap_or(0)
                ),
            )
        }
        (None, Some(IntraThread::Single)) => {
            (true, "NV-C", "uncoalesced single access, N >= 512".into())
        }
        (None, None) if uncoalesced => (true, "NV-C fallback", "uncoalesced".into()),
        (None, None) if looped && footprint.reuse > 1.0 && few_reads => {
            staging.summary = few_reads_summary();
            (false, "NV-C fallback", few_reads_why())
        }
        (None, None) if looped && footprint.reuse > 1.0 => (
            true,
            "NV-C fallback",
            "a loop re-reads elements other threads read".into(),
        ),
        (None, None) => {
            staging.summary = format!(
                "not staged: coalesced ({shown} sectors/request), and no loop re-reads it"
            );
            (
                false,
                "NV-C fallback",
                "coalesced, and no loop re-reads it (reuse alone does not pay on a cached GPU)".into(),
            )
        }
    };
    staging.rule = rule;
    let reused_by_loop = looped && footprint.reuse > 1.0;
    staging.nothing_to_gain = !(stage || uncoalesced || reused_by_loop || neighbor.is_some());
    if !stage {
        staging.reason = format!("{map}: not staged: rule {rule}: {why}; {numbers}");
        return staging;
    }
    let wanted = format!("rule {rule} would stage ({why}); {numbers}");
    if access.kind == AccessKind::Load && candidate.written_by_kernel {
        return blocked(
            staging,
            format!("the kernel also writes this memref, so a staged copy could miss a write by another thread; {wanted}"),
        );
    }
    if footprint.bytes > available {
        return blocked(
            staging,
            format!(
                "its {} B tile ({}) is over the shared-memory budget left ({available} B); \
                 {wanted}",
                footprint.bytes,
                footprint.shape(),
            ),
        );
    }
    staging.stage = true;
    staging.reason = format!("{map}: stage: rule {rule}: {why}; {numbers}");
    staging
}

/// The guard's conditions on thread ids alone, where they let at most one thread of `block`
/// make `access` (cuda-samples scalarProd's `if (threadIdx.x == 0) d_C[vec] = ...`), counted
/// over every thread of the block.
fn one_thread(access: &Access, block: Block) -> Option<String> {
    let on_threads: Vec<&Condition> = access
        .guard
        .iter()
        .filter(|condition| {
            let variables = condition.variables();
            !variables.is_empty() && variables.iter().all(Variable::is_thread)
        })
        .collect();
    if on_threads.is_empty() {
        return None;
    }
    let mut active = 0;
    for warp in block.warps() {
        for lane in warp.iter() {
            let value = |variable: &Variable| match variable {
                Variable::ThreadX => Some(lane[0]),
                Variable::ThreadY => Some(lane[1]),
                Variable::ThreadZ => Some(lane[2]),
                _ => None,
            };
            if on_threads.iter().all(|c| c.holds(&value) == Ok(true)) {
                active += 1;
                if active > 1 {
                    return None;
                }
            }
        }
    }
    let shown: Vec<String> = on_threads
        .iter()
        .map(|condition| crate::delinearize::describe_condition(condition))
        .collect();
    Some(shown.join(" and "))
}

/// `footprint`, or where it is over the `available` bytes and its box covers a tile of one
/// loop, the deepest shallower tile (halving down to [`SHALLOWEST_TILE`]) that fits.
fn shallower(access: &Access, block: Block, footprint: Footprint, available: u64) -> Footprint {
    if footprint.bytes <= available || access.loops.len() != 1 || footprint.iterations <= 1 {
        return footprint;
    }
    let mut depth = footprint.iterations / 2;
    while depth >= SHALLOWEST_TILE {
        match footprint_of_tile(access, block, depth) {
            Ok(cut) if cut.bytes <= available => return cut,
            Ok(_) => depth /= 2,
            Err(_) => break,
        }
    }
    footprint
}

/// Global sectors one block moves per tile natively: `sectors/request · warps ·
/// iterations` (every warp issues one request per iteration of the tile).
pub fn native_sectors_per_tile(
    sectors_per_request: f64,
    footprint: &Footprint,
    block: Block,
) -> f64 {
    let warps = block.threads().div_ceil(WARP_LANES as u64);
    sectors_per_request * warps as f64 * footprint.iterations as f64
}

/// The global side of the cooperative copy of a box of `extents` by `block`:
/// thread `L` (linear id) moves cells `L, L + N, …` (`N` threads) in row-major
/// order, so consecutive lanes take consecutive elements of the innermost
/// dimension. The box origin is taken as element 0 (block ids and constants
/// only shift it, as they shift the original access). Its warp metrics are
/// the staged access's `after`.
pub fn cooperative_copy(access: &Access, extents: &[i64], block: Block) -> Access {
    let threads = block.threads() as i64;
    let cells: i64 = extents.iter().product();
    let rounds = (cells + threads - 1) / threads.max(1);
    let mut linear = IndexExpression::from(Variable::ThreadX)
        + IndexExpression::from(Variable::ThreadY) * i64::from(block.x)
        + IndexExpression::from(Variable::ThreadZ) * (i64::from(block.x) * i64::from(block.y));
    let mut loops = Vec::new();
    if rounds > 1 {
        linear = linear + IndexExpression::from(Variable::Loop(LoopId(0))) * threads;
        loops.push(Loop::constant(0, rounds, 1));
    }
    let mut guard = Vec::new();
    if cells % threads.max(1) != 0 {
        guard.push(Condition::new(linear.clone(), Relation::Less, cells));
    }
    let mut indices = Vec::with_capacity(extents.len());
    let mut inner = 1i64;
    for &extent in extents.iter().rev() {
        let mut index = linear.clone();
        if inner > 1 {
            index = index.floor_divide(inner);
        }
        if inner * extent < cells {
            index = index.modulo(extent);
        }
        indices.push(index);
        inner *= extent;
    }
    indices.reverse();
    Access {
        kind: access.kind,
        layout: access.layout.clone(),
        indices,
        vector_width: 1,
        guard,
        loops,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        matrix::{MemorySpace, MemrefLayout},
        metrics::warp_metrics,
        pattern::classify,
        target::BankModel,
    };

    fn thread(variable: Variable) -> IndexExpression {
        variable.into()
    }

    #[test]
    fn a_copy_must_save_a_quarter_of_the_sectors() {
        assert!(
            saves_enough(256.0, 32.0).is_ok(),
            "a transpose tile: 8x fewer"
        );
        assert!(saves_enough(100.0, 75.0).is_ok(), "exactly the minimum");
        let refused = saves_enough(68.0, 64.0).unwrap_err();
        assert!(refused.contains("64 global sectors per block and tile against 68"));
        assert!(
            refused.contains("(6% fewer, at least 25% fewer needed)"),
            "{refused}"
        );
        // A copy that moves more says how many more, not "0% fewer".
        let more = saves_enough(64.0, 80.0).unwrap_err();
        assert!(
            more.contains("(25% more, at least 25% fewer needed)"),
            "{more}"
        );
    }

    /// Asserts `staging` stages nothing and its summary starts with `summary`.
    fn assert_not_staged(staging: &Staging, summary: &str) {
        assert!(!staging.stage, "{}", staging.reason);
        assert!(staging.summary.starts_with(summary), "{}", staging.summary);
    }

    fn decide_for(access: &Access, block: Block, written: bool, available: u64) -> Staging {
        let metrics = warp_metrics(access, block, BankModel::Conventional).unwrap();
        let candidate = Candidate {
            access,
            classification: classify(access),
            sectors_per_request: metrics.sectors_per_request,
            written_by_kernel: written,
        };
        decide(&candidate, Ok(block), available)
    }

    /// `out[bx*32 + tx][by*8 + ty]` on 1024x1024 f32, block 32x8: the transpose's store.
    fn transpose_store() -> Access {
        let layout = MemrefLayout::row_major(&[1024, 1024], 4, MemorySpace::Global);
        Access::new(
            AccessKind::Store,
            layout,
            vec![
                thread(Variable::BlockX) * 32 + thread(Variable::ThreadX),
                thread(Variable::BlockY) * 8 + thread(Variable::ThreadY),
            ],
        )
    }

    #[test]
    fn ideal_is_the_access_width_in_sectors() {
        assert_eq!(ideal_sectors_per_request(4, None), 4.0);
        assert_eq!(ideal_sectors_per_request(1, None), 1.0);
        assert_eq!(
            ideal_sectors_per_request(4, Some(Block::new(16, 1, 1))),
            2.0
        );
        assert_eq!(ideal_sectors_per_request(16, None), 16.0);
    }

    #[test]
    fn transpose_store_is_map_110_and_staged() {
        let access = transpose_store();
        let staging = decide_for(&access, Block::new(32, 8, 1), false, 49152);
        assert!(staging.stage, "{}", staging.reason);
        assert_eq!(staging.sectors_per_request, Some(32.0));
        let footprint = staging.footprint.unwrap();
        assert_eq!(footprint.extents, [32, 8]);
        assert_eq!(footprint.bytes, 1024);
        assert_eq!(footprint.reuse, 1.0);
        assert!(
            staging.reason.starts_with("MAP-110: stage: rule NV-C"),
            "{}",
            staging.reason
        );
    }

    /// After staging, the copy-out of the 32x8 box needs the ideal 4 sectors;
    /// the 32x32 per-k-tile copy-in of MAP-204 too (4 rounds of 256 threads).
    #[test]
    fn cooperative_copies_are_coalesced() {
        let block = Block::new(32, 8, 1);
        let access = transpose_store();
        let copy = cooperative_copy(&access, &[32, 8], block);
        let metrics = warp_metrics(&copy, block, BankModel::Conventional).unwrap();
        assert_eq!(metrics.sectors_per_request, Ok(4.0));
        let layout = MemrefLayout::row_major(&[256, 256], 4, MemorySpace::Global);
        let rows = Access::new(AccessKind::Load, layout, vec![thread(Variable::ThreadX)]);
        let copy = cooperative_copy(&rows, &[32, 32], block);
        assert_eq!(copy.loops, [Loop::constant(0, 4, 1)]);
        let metrics = warp_metrics(&copy, block, BankModel::Conventional).unwrap();
        assert_eq!(metrics.sectors_per_request, Ok(4.0));
        let odd = cooperative_copy(&rows, &[20, 30], block);
        assert_eq!(odd.guard.len(), 1);
        let metrics = warp_metrics(&odd, block, BankModel::Conventional).unwrap();
        assert!(metrics.sectors_per_request.unwrap() > 4.0);
    }

    #[test]
    fn coalesced_load_is_map_108_and_not_staged() {
        let layout = MemrefLayout::row_major(&[1024, 1024], 4, MemorySpace::Global);
        let access = Access::new(
            AccessKind::Load,
            layout,
            vec![
                thread(Variable::BlockY) * 8 + thread(Variable::ThreadY),
                thread(Variable::BlockX) * 32 + thread(Variable::ThreadX),
            ],
        );
        let staging = decide_for(&access, Block::new(32, 8, 1), false, 49152);
        assert!(!staging.stage);
        assert!(
            staging.reason.starts_with("MAP-108: not staged"),
            "{}",
            staging.reason
        );
        assert!(staging.nothing_to_gain);
    }

    #[test]
    fn small_uncoalesced_single_is_not_staged() {
        let mut access = transpose_store();
        access.layout = MemrefLayout::row_major(&[64, 64], 4, MemorySpace::Global);
        let staging = decide_for(&access, Block::new(32, 8, 1), false, 49152);
        assert!(!staging.stage);
        assert!(
            staging.reason.contains("4096 elements < 512x512"),
            "{}",
            staging.reason
        );
    }

    /// Over the budget, a single loop's tile is cut to the deepest depth that fits: a row per
    /// thread of 256 threads over 300 columns wants 256x32 (32 KiB); with 20 KiB left it gets
    /// 256x16 (16 KiB), with 4 KiB nothing (256x8 would take 8 KiB).
    #[test]
    fn a_tile_over_budget_is_cut_shallower() {
        let access = Access {
            loops: vec![Loop::constant(0, 300, 1)],
            ..Access::new(
                AccessKind::Load,
                MemrefLayout::row_major(&[256, 300], 4, MemorySpace::Global),
                vec![Variable::ThreadX.into(), Variable::Loop(LoopId(0)).into()],
            )
        };
        let block = Block::new(256, 1, 1);
        let full = footprint(&access, block).unwrap();
        assert_eq!((full.extents.clone(), full.bytes), (vec![256, 32], 32768));
        let cut = shallower(&access, block, full.clone(), 20 * 1024);
        assert_eq!((cut.extents.clone(), cut.iterations), (vec![256, 16], 16));
        assert_eq!(shallower(&access, block, full.clone(), 4 * 1024), full);
    }

    /// MAP-204: `a[tx][k]` for k in 0..256: a 32x32 tile per 32 iterations, reuse 8.
    #[test]
    fn row_per_thread_read_is_map_204_and_staged_per_k_tile() {
        let layout = MemrefLayout::row_major(&[256, 256], 4, MemorySpace::Global);
        let mut access = Access::new(
            AccessKind::Load,
            layout,
            vec![thread(Variable::ThreadX), thread(Variable::Loop(LoopId(0)))],
        );
        access.loops = vec![Loop::constant(0, 256, 1)];
        let staging = decide_for(&access, Block::new(32, 8, 1), false, 49152);
        assert!(staging.stage, "{}", staging.reason);
        let footprint = staging.footprint.unwrap();
        assert_eq!(footprint.extents, [32, 32]);
        assert_eq!(footprint.iterations, 32);
        assert_eq!(footprint.reuse, 8.0);
        assert!(
            staging.reason.starts_with("MAP-204: stage"),
            "{}",
            staging.reason
        );
    }

    /// A column per thread, `a[k][tx]` for k in 0..64 with 32 threads: every iteration's
    /// warp reads one coalesced row (4 sectors, ideal 4) and each element is read once (reuse
    /// 1.00): a tile's copy and barrier would cost more than they save (Needleman-Wunsch's
    /// reference array, 0.105 ms unstaged and 0.117 ms staged on the H200).
    #[test]
    fn a_coalesced_walk_read_once_is_not_staged() {
        let layout = MemrefLayout::row_major(&[64, 1024], 4, MemorySpace::Global);
        let mut access = Access::new(
            AccessKind::Load,
            layout,
            vec![thread(Variable::Loop(LoopId(0))), thread(Variable::ThreadX)],
        );
        access.loops = vec![Loop::constant(0, 64, 1)];
        let staging = decide_for(&access, Block::new(32, 1, 1), false, 49152);
        assert_not_staged(
            &staging,
            "not staged: each element is read once (reuse 1.00)",
        );
    }

    /// convolution-affine's window, `a[ty + ky][tx + kx]` for a 3x3 filter, 16x16 threads: each
    /// thread reads its 18x18 tile 9 times a copy (reuse 7.11) on nearly coalesced loads, so L1
    /// serves them (staged, the kernel ran at 0.75x of its naive form on the H200); matmul's
    /// `b[k][tx]` reads its tile 32 times a copy and stays staged (1.22x).
    #[test]
    fn a_short_loop_on_nearly_coalesced_loads_is_not_staged() {
        let layout = MemrefLayout::row_major(&[4098, 4098], 4, MemorySpace::Global);
        let mut window = Access::new(
            AccessKind::Load,
            layout.clone(),
            vec![
                thread(Variable::ThreadY) + Variable::Loop(LoopId(0)),
                thread(Variable::ThreadX) + Variable::Loop(LoopId(1)),
            ],
        );
        window.loops = vec![Loop::constant(0, 3, 1), Loop::constant(0, 3, 1)];
        let staging = decide_for(&window, Block::new(16, 16, 1), false, 49152);
        assert_not_staged(
            &staging,
            "not staged: each thread reads the tile 9 times a copy (reuse 7.11)",
        );
        let mut column = Access::new(
            AccessKind::Load,
            layout,
            vec![Variable::Loop(LoopId(0)).into(), thread(Variable::ThreadX)],
        );
        column.loops = vec![Loop::constant(0, 2048, 1)];
        let staging = decide_for(&column, Block::new(16, 16, 1), false, 49152);
        assert!(staging.stage, "{}", staging.reason);
    }

    /// A row-per-thread read vectorized by 4 (`a[tx][k..k+4]`, k in steps of 4): 32 iterations
    /// of the loop cover 128 columns of f32, so the box is 128x128 elements, 64 KiB, each
    /// element read once (issue 17: it was 128x125 vector-sized cells, 256,000 B).
    #[test]
    fn a_vector_access_covers_its_elements_once() {
        let layout = MemrefLayout::row_major(&[1024, 1024], 4, MemorySpace::Global);
        let mut access = Access::new(
            AccessKind::Load,
            layout,
            vec![thread(Variable::ThreadX), thread(Variable::Loop(LoopId(0)))],
        );
        access.vector_width = 4;
        access.loops = vec![Loop::constant(0, 1024, 4)];
        let footprint = footprint(&access, Block::new(128, 1, 1)).unwrap();
        assert_eq!(footprint.extents, [128, 128]);
        assert_eq!(footprint.bytes, 65536);
        assert_eq!(footprint.reuse, 1.0);
    }

    /// The 5-point cross on `(ty, tx)` is MAP-508 (coalesced: not staged), on
    /// `(tx, ty)` MAP-510 (warp stride 1024: staged); the halo box is 34x10.
    #[test]
    fn neighbor_references_follow_the_warp_stride() {
        let block = Block::new(32, 8, 1);
        let cross = |row: Variable, column: Variable| -> Vec<Access> {
            [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|&(dr, dc)| {
                    let layout = MemrefLayout::row_major(&[1024, 1024], 4, MemorySpace::Global);
                    Access::new(
                        AccessKind::Load,
                        layout,
                        vec![thread(row.clone()) + dr, thread(column.clone()) + dc],
                    )
                })
                .collect()
        };
        for (loads, stage, map, extents) in [
            (
                cross(Variable::ThreadY, Variable::ThreadX),
                false,
                "MAP-508",
                [10, 34],
            ),
            (
                cross(Variable::ThreadX, Variable::ThreadY),
                true,
                "MAP-510",
                [34, 10],
            ),
        ] {
            let group: Vec<&Access> = loads.iter().collect();
            let neighbor = crate::neighbor::neighbor(&group).unwrap();
            let centre = &loads[neighbor.centre];
            let metrics = warp_metrics(centre, block, BankModel::Conventional).unwrap();
            let candidate = Candidate {
                access: centre,
                classification: classify(centre),
                sectors_per_request: metrics.sectors_per_request,
                written_by_kernel: false,
            };
            let staging = decide_neighbor(&candidate, &neighbor, Ok(block), 49152);
            assert_eq!(staging.stage, stage, "{}", staging.reason);
            assert!(staging.reason.starts_with(map), "{}", staging.reason);
            assert_eq!(staging.footprint.unwrap().extents, extents);
        }
        assert_eq!(warp_stride(&transpose_store()), Some(1024));
    }

    #[test]
    fn blockers_say_why() {
        let mut load = transpose_store();
        load.kind = AccessKind::Load;
        let written = decide_for(&load, Block::new(32, 8, 1), true, 49152);
        assert!(!written.stage);
        assert!(written.reason.contains("also writes this memref"));
        let over = decide_for(&transpose_store(), Block::new(32, 8, 1), false, 512);
        assert!(!over.stage);
        assert!(over
            .reason
            .contains("is over the shared-memory budget left (512 B)"));
        let candidate = Candidate {
            access: &load,
            classification: classify(&load),
            sectors_per_request: Err(Unknown::new("block size unknown")),
            written_by_kernel: false,
        };
        let unknown = decide(&candidate, Err("block size unknown".into()), 49152);
        assert!(!unknown.stage);
        assert!(unknown.reason.ends_with("block size unknown"));
        let mut random = transpose_store();
        random.indices[0] = IndexExpression::Unknown("loaded from memory".into());
        let candidate = Candidate {
            access: &random,
            classification: classify(&random),
            sectors_per_request: Err(Unknown::new("not affine")),
            written_by_kernel: false,
        };
        let data_dependent = decide(&candidate, Ok(Block::new(32, 8, 1)), 49152);
        assert!(
            data_dependent.reason.contains("no footprint box"),
            "{}",
            data_dependent.reason
        );
    }
}
