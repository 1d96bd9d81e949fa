//! Shared-memory layouts: padding, an XOR swizzle or nothing, chosen by exact wavefront counts
//! (issue 5; seed-004 §4, §8–9; anchors-mission §1.1, §2, §8–9).
//!
//! Upstream MLIR's `nvgpu-optimize-shared-memory` applies one fixed XOR formula to every
//! workgroup buffer without looking at the accesses, and IREE pads every buffer by a constant.
//! [`plan`] instead counts: for one shared buffer (its static shape, element size, and every
//! access to it, as [`Access`]es on the buffer's row-major layout) it costs each candidate
//! layout with [`warp_metrics`] and keeps the cheapest.
//!
//! **Cost.** The total shared-memory wavefronts of one block: every request of every warp, every
//! loop iteration (trip counts included), every access of the buffer. Ties go to fewer extra
//! bytes, then to the simpler kind (`Unchanged < Pad < Swizzle`), then to the swizzle of the
//! usual one-bank-line form ([`preferred_swizzle`], costed first: where it is conflict-free
//! the search stops there), then to the earlier candidate in the enumeration order below.
//!
//! **Candidates** (all of them bijections into the new buffer by construction;
//! [`is_bijection_into_bounds`] checks the chosen one exhaustively before it is returned):
//!
//! * [`SharedLayout::Unchanged`].
//! * [`SharedLayout::Pad`]: the innermost dimension widened by `p` elements, for every pad of
//!   `w` 4-byte words with `0 < w < B·W/4` whose byte size is a whole number of elements. On
//!   sm_90 (`B·W` = 128 bytes) every wavefront count is periodic in the row pitch with period
//!   128 bytes (seed-004 §4.3), so pads of 1..31 words are exhaustive; on Kepler the range is
//!   1..63 words. Sub-word pads (one `f16`) are not tried.
//! * [`SharedLayout::Swizzle`]: with `row` the second-to-last index and `chunk` the index of
//!   the `chunk_bytes` chunk of the innermost index, `chunk' = chunk XOR ((row / d) mod m)`,
//!   i.e. `column' = column XOR (((row / d) mod m) · chunk_bytes / element_bytes)`. Chunks of
//!   16, 8 and 4 bytes (at least one element), `d` a power of two below the row count, `m` a
//!   power of two of at least 2. XOR with a value `v` maps `[0, C)` onto itself exactly when
//!   every `v` stays below the largest power of two dividing `C`, the number of chunks per row,
//!   so `m` is at most that (for a row of 48 `f16`, 6 chunks of 16 bytes, `m ≤ 2`); rows that
//!   are not a whole number of chunks get no swizzle of that chunk size. Moduli whose extra
//!   values no row reaches are skipped (they repeat a smaller one).
//! * [`SharedLayout::Skew`], for a rank-1 buffer (no rows to pad or swizzle): a pad of `p`
//!   elements after every `e`, `k ↦ k + ⌊k/e⌋·p`, the buffer seen as rows of `e` elements;
//!   `e` a power of two from a quarter of a bank line's elements to four lines' (below the
//!   buffer's length), `p` as for pads. A vector access needs `e` and `p` multiples of its
//!   width and its start provably one, so no vector straddles a pad.
//!
//! **Vector accesses stay whole and aligned.** A pad whose row pitch in bytes is not a
//! multiple of the widest vector access is *rejected* (not costed as a split: the pass must
//! not turn one 16-byte access into several). A swizzle needs chunks at least as wide as every
//! vector access and each vector's first column provably a multiple of its width (from the
//! linear form of the innermost index), so a vector never straddles two chunks.
//!
//! **Budget.** `bytes_available` is what this buffer may still grow by; candidates needing more
//! are rejected, and the reason names the better layout the budget ruled out.
//!
//! **Edge guards.** When the accesses' own metrics are unknown and some guard conjunct is an
//! edge test on block ids or launch symbols (`32·bid.x + tid.x < n`), every candidate is
//! costed for an interior block, where that test holds for every lane ([`crate::interior`]);
//! the reason ends with `costed for an interior block: the edge guard on bid.x holds for every
//! lane`. The layout is a bijection either way, so edge blocks still compute the same results.
//!
//! **Unknown request counts.** When a lane-uniform guard or trip count over an unknown value
//! (a row length read from memory, `len[bid.x]`) makes which requests run unknown, but every
//! request of each access has the same degree, the candidates are costed per request: one
//! request of each access, a loop of unknown trip count over one period of its remainders and
//! floor divisions (`one_period`); a candidate worse for any access is rejected (the unknown
//! counts cannot weigh accesses against each other), and the reason says the wavefronts are
//! per request.
//!
//! Upstream's `nvgpu-optimize-shared-memory` formula and IREE's fixed padding, the baselines
//! this planner is compared with, live with the tests (`tests/common/baselines.rs`).
//!
//! Cost of planning: one [`warp_metrics`] per access and candidate (about 30 pads and at most
//! 3·log2(rows)·log2(chunks) swizzles), plus one exhaustive pass over the buffer's elements.

use std::collections::BTreeSet;
use std::fmt;

use crate::expression::{Cause, IndexExpression, Loop, LoopId, Unknown, Variable};
use crate::interior::{interior_access, InteriorAccess};
use crate::matrix::{Access, Condition, MemorySpace, MemrefLayout};
use crate::metrics::{warp_metrics, Block};
use crate::target::{BankModel, MAX_SHARED_MEMORY_PER_BLOCK_SM90, WARP_SIZE};

pub mod shapes;

/// Chunk sizes the swizzle search tries, in its preference order (widest first).
pub const SWIZZLE_CHUNK_BYTES: [u32; 3] = [16, 8, 4];

/// Largest buffer [`is_bijection_into_bounds`] enumerates: sm_90's per-block opt-in maximum.
pub const MAX_CHECKED_BYTES: u64 = MAX_SHARED_MEMORY_PER_BLOCK_SM90;

/// A layout for one shared-memory buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SharedLayout {
    /// Leave the buffer as it is.
    Unchanged,
    /// Widen the innermost dimension by `elements` (indices unchanged, outer strides grow).
    Pad {
        /// Elements appended to every row.
        elements: i64,
    },
    /// Permute chunks within each row (shape unchanged, innermost index rewritten).
    Swizzle(Swizzle),
    /// Pad a rank-1 buffer after every run of elements (index rewritten, buffer longer).
    Skew(Skew),
}

/// A rank-1 buffer seen as rows of `every` elements, each padded by `elements`: element `k`
/// moves to `k + ⌊k / every⌋ · elements` (Gao §4's intra-row padding for a buffer with no
/// rows; the cuda-samples reduction's `sdata[2·s·tid]` is conflict-free at every `s` with 1
/// element after every 32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Skew {
    /// Elements between two pads, `every ≥ 1`.
    pub every: i64,
    /// Elements of each pad, `≥ 1`.
    pub elements: i64,
}

impl Skew {
    /// Where logical element `index` lies in the padded buffer.
    pub fn position(&self, index: i64) -> i64 {
        index + index.div_euclid(self.every.max(1)) * self.elements
    }

    /// [`Skew::position`] as an index expression over the access's index.
    pub fn index_expression(&self, index: IndexExpression) -> IndexExpression {
        let pads = index.clone().floor_divide(self.every.max(1));
        match self.elements {
            1 => index + pads,
            elements => index + pads * elements,
        }
    }

    /// The padded length of a buffer of `length` elements (saturating).
    pub fn length(&self, length: i64) -> i64 {
        let pads = (length.max(1) - 1) / self.every.max(1);
        length.saturating_add(pads.saturating_mul(self.elements))
    }
}

impl fmt::Display for Skew {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.elements == 1 { "" } else { "s" };
        write!(
            formatter,
            "pad {} element{plural} after every {}",
            self.elements, self.every
        )
    }
}

/// XOR swizzle of `chunk_bytes` chunks within each row: `chunk' = chunk XOR ((row / row_divisor) mod modulus)`.
///
/// `row` is the second-to-last index of the buffer, `chunk = column / (chunk_bytes /
/// element_bytes)`, and the offset inside a chunk is kept, so
/// `column' = column XOR (((row / row_divisor) mod modulus) · chunk_bytes / element_bytes)`.
/// It is a bijection within a row of `C` chunks when `modulus` is a power of two dividing `C`
/// (every XOR value stays inside an aligned block of `modulus` chunks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// Bytes per chunk (a power of two, a multiple of the element size).
    pub chunk_bytes: u32,
    /// Rows sharing one XOR value, `d ≥ 1`.
    pub row_divisor: i64,
    /// Number of XOR values, `m ≥ 1` (a power of two).
    pub modulus: i64,
}

impl Swizzle {
    /// The XOR value of `row`, in chunks: `(row / row_divisor) mod modulus`.
    pub fn selector(&self, row: i64) -> i64 {
        row.div_euclid(self.row_divisor.max(1))
            .rem_euclid(self.modulus.max(1))
    }

    /// Elements per chunk (at least 1).
    pub fn elements_per_chunk(&self, element_bytes: u32) -> i64 {
        (i64::from(self.chunk_bytes) / i64::from(element_bytes.max(1))).max(1)
    }

    /// The physical column of logical element `(row, column)`.
    pub fn column(&self, row: i64, column: i64, element_bytes: u32) -> i64 {
        column ^ (self.selector(row) * self.elements_per_chunk(element_bytes))
    }

    /// [`Swizzle::column`] as an index expression over the access's row and column indices.
    pub fn column_expression(
        &self,
        row: IndexExpression,
        column: IndexExpression,
        element_bytes: u32,
    ) -> IndexExpression {
        let divided = if self.row_divisor > 1 {
            row.floor_divide(self.row_divisor)
        } else {
            row
        };
        let selector = divided.modulo(self.modulus.max(1));
        let elements = self.elements_per_chunk(element_bytes);
        let mask = if elements > 1 {
            selector * elements
        } else {
            selector
        };
        column.xor(mask)
    }

    /// Why the parameters do not describe a swizzle of `element_bytes` elements, if they do not.
    fn check(&self, element_bytes: u32) -> Result<(), String> {
        if !self.chunk_bytes.is_power_of_two() || !element_bytes.is_power_of_two() {
            return Err(format!(
                "chunks of {} B and elements of {element_bytes} B must be powers of two",
                self.chunk_bytes
            ));
        }
        if self.chunk_bytes < element_bytes {
            return Err(format!(
                "chunks of {} B are smaller than an element of {element_bytes} B",
                self.chunk_bytes
            ));
        }
        if self.row_divisor < 1 || self.modulus < 1 {
            return Err(format!(
                "row divisor {} and modulus {} must be positive",
                self.row_divisor, self.modulus
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = if self.row_divisor > 1 {
            format!("(row / {})", self.row_divisor)
        } else {
            "row".to_string()
        };
        write!(
            formatter,
            "swizzle {}-byte chunks: chunk ^= {row} mod {}",
            self.chunk_bytes, self.modulus
        )
    }
}

impl fmt::Display for SharedLayout {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SharedLayout::Unchanged => formatter.write_str("unchanged"),
            SharedLayout::Pad { elements: 1 } => formatter.write_str("pad 1 element"),
            SharedLayout::Pad { elements } => write!(formatter, "pad {elements} elements"),
            SharedLayout::Swizzle(swizzle) => swizzle.fmt(formatter),
            SharedLayout::Skew(skew) => skew.fmt(formatter),
        }
    }
}

impl SharedLayout {
    /// The buffer's shape after the layout (a pad widens the innermost dimension).
    pub fn shape(&self, shape: &[i64]) -> Vec<i64> {
        let mut new_shape = shape.to_vec();
        match (self, new_shape.last_mut()) {
            (SharedLayout::Pad { elements }, Some(last)) => *last = last.saturating_add(*elements),
            (SharedLayout::Skew(skew), Some(last)) => *last = skew.length(*last),
            _ => {}
        }
        new_shape
    }

    /// Bytes the layout adds to a buffer of `shape` (0 for swizzles; saturating).
    pub fn extra_bytes(&self, shape: &[i64], element_bytes: u32) -> u64 {
        match self {
            SharedLayout::Pad { elements } if !shape.is_empty() => {
                let rows: u64 = shape[..shape.len() - 1]
                    .iter()
                    .fold(1u64, |product, &size| {
                        product.saturating_mul(size.max(0) as u64)
                    });
                rows.saturating_mul(elements.max(&0).unsigned_abs())
                    .saturating_mul(u64::from(element_bytes))
            }
            SharedLayout::Skew(skew) => {
                let length = shape.last().copied().unwrap_or(0);
                (skew.length(length) - length)
                    .max(0)
                    .unsigned_abs()
                    .saturating_mul(u64::from(element_bytes))
            }
            _ => 0,
        }
    }

    /// Tie-break rank of the kind: `Unchanged < Pad < Swizzle`.
    pub(crate) fn kind_rank(&self) -> u8 {
        match self {
            SharedLayout::Unchanged => 0,
            SharedLayout::Pad { .. } | SharedLayout::Skew(_) => 1,
            SharedLayout::Swizzle(_) => 2,
        }
    }
}

/// Which layout kinds the search may return.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Allowed {
    /// Intra-row padding.
    pub pad: bool,
    /// XOR swizzles.
    pub swizzle: bool,
}

impl Allowed {
    /// Both kinds.
    pub const ALL: Allowed = Allowed {
        pad: true,
        swizzle: true,
    };
}

/// Cost of one access for one block, loops included.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessCost {
    /// Warp requests per block.
    pub requests: u64,
    /// Shared-memory wavefronts per block.
    pub wavefronts: u64,
    /// Conflict-free wavefronts per block.
    pub ideal_wavefronts: u64,
    /// `wavefronts / ideal_wavefronts` (1 = conflict-free).
    pub degree: f64,
    /// The degree of its worst request (`degree` averages over a loop's requests: a sweep
    /// whose requests are 1- to 8-way is 4.50 on average).
    pub worst: f64,
}

/// One candidate layout of the search and what it costs.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateCost {
    /// The layout.
    pub layout: SharedLayout,
    /// Bytes it adds to the buffer.
    pub extra_bytes: u64,
    /// Each access's cost under the layout, in the order given, when costed.
    pub costs: Option<Vec<AccessCost>>,
    /// Why it cannot be chosen (alignment, budget, unknown metrics), if it cannot.
    pub rejected: Option<String>,
}

impl CandidateCost {
    /// Total wavefronts per block over all accesses, when costed.
    pub fn wavefronts(&self) -> Option<u64> {
        self.costs.as_deref().map(|costs| total(costs).0)
    }
}

/// The decision for one buffer: the layout, the buffer after it, and the evidence.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferPlan {
    /// The chosen layout.
    pub layout: SharedLayout,
    /// The buffer's new shape.
    pub shape: Vec<i64>,
    /// Bytes the layout adds.
    pub extra_bytes: u64,
    /// Cost of each access before, in the order given.
    pub before: Vec<AccessCost>,
    /// Cost of each access after the layout.
    pub after: Vec<AccessCost>,
    /// Every candidate considered, `Unchanged` first, in enumeration order.
    pub candidates: Vec<CandidateCost>,
    /// The decision with its numbers, for remarks and the report.
    pub reason: String,
    /// What was assumed when the accesses were costed for an interior block (an edge guard on
    /// block ids holding for every lane), if they were.
    pub interior: Option<String>,
    /// Why the wavefronts are an upper bound, counted with every lane running each access
    /// (a guard the analysis cannot evaluate), if they are.
    pub every_lane: Option<String>,
}

impl BufferPlan {
    /// Total wavefronts per block before the layout.
    pub fn wavefronts_before(&self) -> u64 {
        total(&self.before).0
    }

    /// Total wavefronts per block after the layout.
    pub fn wavefronts_after(&self) -> u64 {
        total(&self.after).0
    }

    /// Overall degree before (total wavefronts over total ideal wavefronts).
    pub fn degree_before(&self) -> f64 {
        overall_degree(&self.before)
    }

    /// Overall degree after.
    pub fn degree_after(&self) -> f64 {
        overall_degree(&self.after)
    }
}

/// Chooses a layout for one shared buffer of `shape` by total wavefronts per block.
///
/// Every access must use the buffer's static row-major layout (offset 0) in shared memory;
/// `bytes_available` is how many bytes the buffer may still grow by. Unknown when any access's
/// metrics (requests, wavefronts) are unknown, with the access (by its name in `names`, or `access N`) and the reason, unless an
/// edge guard on block ids is what makes them unknown: then every candidate is costed for an
/// interior block ([`crate::interior`]) and the reason says so.
pub fn plan(
    shape: &[i64],
    element_bytes: u32,
    (accesses, names): (&[Access], &[String]),
    block: Block,
    model: BankModel,
    allowed: Allowed,
    bytes_available: u64,
) -> Result<BufferPlan, Unknown> {
    let buffer = (shape, element_bytes, accesses, names);
    plan_with(
        buffer,
        block,
        model,
        (allowed, bytes_available),
        (true, None),
    )
}

/// [`plan`] for a buffer one kernel decides alone: one conflict-free already stays as it is
/// without costing the candidates, which cannot beat it (`candidates` then holds
/// `Unchanged` only; a joint decision over several kernels needs them all).
pub fn plan_alone(
    shape: &[i64],
    element_bytes: u32,
    (accesses, names): (&[Access], &[String]),
    block: Block,
    model: BankModel,
    allowed: Allowed,
    bytes_available: u64,
) -> Result<BufferPlan, Unknown> {
    let buffer = (shape, element_bytes, accesses, names);
    plan_with(
        buffer,
        block,
        model,
        (allowed, bytes_available),
        (false, None),
    )
}

/// [`plan`], costing every candidate, or (`every` false) none where the buffer is
/// conflict-free already; `only` the layouts given, where given (those [`shapes`] has not
/// ruled out).
fn plan_with(
    (shape, element_bytes, accesses, names): (&[i64], u32, &[Access], &[String]),
    block: Block,
    model: BankModel,
    (allowed, bytes_available): (Allowed, u64),
    (every, only): (bool, Option<&[SharedLayout]>),
) -> Result<BufferPlan, Unknown> {
    check_buffer(shape, element_bytes).map_err(Unknown::new)?;
    for (number, access) in accesses.iter().enumerate() {
        check_access(&named(names, number), access, shape, element_bytes)?;
    }
    let (interior, before, counting) = costed_accesses((accesses, names), block, model)?;
    let accesses = interior
        .as_ref()
        .map_or(accesses, |interior| &interior.accesses[..]);
    let mut candidates = vec![CandidateCost {
        layout: SharedLayout::Unchanged,
        extra_bytes: 0,
        costs: Some(before.clone()),
        rejected: None,
    }];
    let mut over_budget = vec![false];
    let (before_total, before_ideal) = total(&before);
    let mut layouts = candidate_layouts(shape, element_bytes, model, allowed);
    if let Some(only) = only {
        layouts.retain(|layout| only.contains(layout));
    }
    let widest = accesses
        .iter()
        .map(Access::access_bytes)
        .max()
        .unwrap_or(element_bytes);
    let preferred = preferred_swizzle(shape, element_bytes, widest, model)
        .map(SharedLayout::Swizzle)
        .filter(|layout| layouts.contains(layout));
    let rank = |layout: &SharedLayout| (layout.kind_rank(), Some(*layout) != preferred);
    // Alone, the search stops once no candidate left can beat the best: each costs at least
    // the ideal wavefronts. The preferred swizzle is costed first, then the other swizzles (no
    // extra bytes), then pads by growing size; the chosen layout and its reason are those of
    // the full search.
    let mut order: Vec<usize> = (0..layouts.len()).collect();
    if !every {
        order.sort_by_key(|&index| (layouts[index].kind_rank() != 2, rank(&layouts[index]).1));
    }
    let bound = |index: usize| {
        let layout = &layouts[index];
        (
            before_ideal,
            layout.extra_bytes(shape, element_bytes),
            rank(layout),
        )
    };
    let mut costed: Vec<Option<(CandidateCost, bool)>> = vec![None; layouts.len()];
    let mut best = (before_total, 0, rank(&SharedLayout::Unchanged));
    for (position, &index) in order.iter().enumerate() {
        if !every && order[position..].iter().all(|&rest| best <= bound(rest)) {
            break;
        }
        let layout = layouts[index];
        let extra_bytes = layout.extra_bytes(shape, element_bytes);
        let mut rejected = alignment_problem(&layout, shape, element_bytes, (accesses, names));
        let mut after = None;
        if rejected.is_none() {
            match costs((accesses, names), &layout, block, model, &counting) {
                Ok(found) => {
                    // Per request, accesses cannot be weighed against each other: a layout
                    // worse on one of them is not taken.
                    let worse = before.iter().zip(&found).position(|(was, now)| {
                        matches!(counting, Counting::PerRequest(_))
                            && now.wavefronts > was.wavefronts
                    });
                    if let Some(number) = worse {
                        rejected = Some(format!(
                            "worse for {} ({} -> {} wavefronts per request), and the unknown \
                             request counts cannot weigh it against the others",
                            named(names, number),
                            before[number].wavefronts,
                            found[number].wavefronts
                        ));
                    }
                    after = Some(found);
                }
                Err(unknown) => rejected = Some(format!("unknown: {}", unknown.reason)),
            }
        }
        let too_big = rejected.is_none() && extra_bytes > bytes_available;
        if too_big {
            rejected = Some(format!(
                "needs +{extra_bytes} B, {bytes_available} B of shared memory left"
            ));
        }
        let candidate = CandidateCost {
            layout,
            extra_bytes,
            costs: after,
            rejected,
        };
        if candidate.rejected.is_none() {
            let key = (
                candidate.wavefronts().unwrap_or(u64::MAX),
                extra_bytes,
                rank(&layout),
            );
            best = best.min(key);
        }
        costed[index] = Some((candidate, too_big));
    }
    for (candidate, too_big) in costed.into_iter().flatten() {
        over_budget.push(too_big);
        candidates.push(candidate);
    }
    let key = |candidate: &CandidateCost| {
        (
            candidate.wavefronts().unwrap_or(u64::MAX),
            candidate.extra_bytes,
            rank(&candidate.layout),
        )
    };
    let chosen = (0..candidates.len())
        .filter(|&index| candidates[index].rejected.is_none())
        .min_by_key(|&index| key(&candidates[index]))
        .unwrap_or(0);
    let over_budget = (0..candidates.len())
        .filter(|&index| over_budget[index])
        .min_by_key(|&index| key(&candidates[index]))
        .filter(|&index| key(&candidates[index]).0 < key(&candidates[chosen]).0);
    let mut layout = candidates[chosen].layout;
    let mut after = candidates[chosen]
        .costs
        .clone()
        .unwrap_or_else(|| before.clone());
    let mut reason = decision_reason(
        &candidates,
        chosen,
        over_budget,
        &before,
        &after,
        allowed,
        shape,
    );
    // Why not the pad an author would write (cuda-samples' `tile[32][33]`): it costs bytes.
    if let (SharedLayout::Swizzle(_), true) = (layout, allowed.pad) {
        let pads = Allowed {
            pad: true,
            swizzle: false,
        };
        let least_pad = candidate_layouts(shape, element_bytes, model, pads)
            .iter()
            .map(|pad| pad.extra_bytes(shape, element_bytes))
            .min();
        if let Some(bytes) = least_pad {
            reason.push_str(&format!(
                "; a swizzle adds no bytes, a pad at least {bytes} B"
            ));
        }
    }
    if let Err(problem) = is_bijection_into_bounds(&layout, shape, element_bytes) {
        reason = format!("unchanged: the chosen {layout} fails its bijection check: {problem}");
        layout = SharedLayout::Unchanged;
        after = before.clone();
    }
    let every_lane = interior
        .as_ref()
        .and_then(|interior| interior.every_lane.clone());
    let interior = interior
        .map(|interior| interior.assumption)
        .filter(|assumption| !assumption.is_empty());
    if let Some(assumption) = &interior {
        reason.push_str(&format!("; costed for an interior block: {assumption}"));
    }
    if let Some(why) = &every_lane {
        reason.push_str(&format!(
            "; counted with every lane running each access, which bounds whatever lanes its \
             guard lets through ({why})"
        ));
    }
    match (&counting, &every_lane) {
        (Counting::PerRequest(why), None) => reason.push_str(&format!(
            "; wavefronts per request of each access: {why}, but every request of an access \
             has the same degree and the same requests run whatever the layout"
        )),
        (Counting::PerRequest(why), Some(_)) => reason.push_str(&format!(
            "; wavefronts of one request of each access, over one period of its loops ({why})"
        )),
        (Counting::Totals, _) => {}
    }
    Ok(BufferPlan {
        layout,
        shape: layout.shape(shape),
        extra_bytes: layout.extra_bytes(shape, element_bytes),
        before,
        after,
        candidates,
        reason,
        interior,
        every_lane,
    })
}

/// The accesses to cost and their cost as they are ([`counted`]), or, when that is unknown and
/// some guard conjunct is an edge test on block ids or launch symbols, the accesses of an
/// interior block ([`interior_access`]) with the assumption made; when still unknown, the
/// accesses with every lane running them ([`every_lane`]), where that bound is conflict-free.
fn costed_accesses(
    (accesses, names): (&[Access], &[String]),
    block: Block,
    model: BankModel,
) -> Result<(Option<Interior>, Vec<AccessCost>, Counting), Unknown> {
    let count = |accesses: &[Access]| counted((accesses, names), block, model, false);
    let unknown = match count(accesses) {
        Ok((costed, before, counting)) => {
            // Not an interior block: a per-request count says its own assumption.
            let interior = costed.map(|accesses| Interior::new(accesses, String::new()));
            return Ok((interior, before, counting));
        }
        Err(unknown) => unknown,
    };
    let mut assumed = BTreeSet::new();
    let interior: Vec<Access> = accesses
        .iter()
        .map(|access| match interior_access(access) {
            Some(found) => {
                assumed.extend(found.assumed);
                found.access
            }
            None => access.clone(),
        })
        .collect();
    let assumption = (!assumed.is_empty()).then(|| InteriorAccess::assumption(&assumed));
    let unknown = match &assumption {
        None => unknown,
        Some(assumption) => match count(&interior) {
            Ok((costed, before, counting)) => {
                let accesses = costed.unwrap_or(interior);
                let interior = Interior::new(accesses, assumption.clone());
                return Ok((Some(interior), before, counting));
            }
            Err(still) => Unknown::new(format!(
                "unknown even for an interior block, where {assumption}: {}",
                still.reason
            )),
        },
    };
    let (accesses, before, counting) = every_lane(&interior)
        .and_then(|every_lane| {
            let (costed, before, counting) =
                counted((&every_lane, names), block, model, true).ok()?;
            let free = before
                .iter()
                .all(|cost| cost.wavefronts <= cost.ideal_wavefronts);
            free.then(|| (costed.unwrap_or(every_lane), before, counting))
        })
        .ok_or(unknown.clone())?;
    let interior = Interior {
        every_lane: Some(unknown.reason),
        ..Interior::new(accesses, assumption.unwrap_or_default())
    };
    Ok((Some(interior), before, counting))
}

/// What [`counted`] costs: the accesses costed where they differ from those given (one
/// period of each loop), each access's cost, and how they were counted.
type Counted = (Option<Vec<Access>>, Vec<AccessCost>, Counting);

/// The cost of `accesses` as they are: per block, or, where which requests run is unknown,
/// one request of each ([`Counting::PerRequest`], the loops of unknown trip count running one
/// period, [`one_period`], whose accesses are given). A `bound` is counted per request whatever
/// left the totals unknown (a loop of unknown trip count whose lanes may leave it apart): it
/// is only asked whether every request is conflict-free, which one period of every lane shows.
fn counted(
    (accesses, names): (&[Access], &[String]),
    block: Block,
    model: BankModel,
    bound: bool,
) -> Result<Counted, Unknown> {
    let unchanged = &SharedLayout::Unchanged;
    let unknown = match costs(
        (accesses, names),
        unchanged,
        block,
        model,
        &Counting::Totals,
    ) {
        Ok(before) => return Ok((None, before, Counting::Totals)),
        Err(unknown) => unknown,
    };
    if unknown.cause != Cause::WhichRequestsRun && !bound {
        return Err(unknown);
    }
    let per_request = Counting::PerRequest(unknown.reason.clone());
    let periodic: Vec<Access> = accesses.iter().map(one_period).collect();
    let before =
        costs((&periodic, names), unchanged, block, model, &per_request).map_err(|_| unknown)?;
    Ok((Some(periodic), before, per_request))
}

/// `accesses` with the guard conditions the analysis cannot evaluate dropped, or `None` where
/// no access has one: a test on loaded data (`c < 0`), or one that tells lanes apart by a value
/// not known here (`tid.x >= i + 1` in a loop of unknown trip count). Each access then runs
/// for a superset of the lanes and iterations that run it, so each request's wavefronts bound
/// the real ones from above: where they are conflict-free, so is whichever subset the guards
/// select.
fn every_lane(accesses: &[Access]) -> Option<Vec<Access>> {
    let dropped: Vec<Access> = accesses
        .iter()
        .map(|access| {
            let known = |variable: &Variable| access.enumerable(variable);
            let modelled = |condition: &&Condition| {
                let variables = condition.variables();
                let lane_uniform = !variables.iter().any(Variable::is_thread);
                !condition.left.has_unknown()
                    && !condition.right.has_unknown()
                    && (lane_uniform || variables.iter().all(known))
            };
            Access {
                guard: access.guard.iter().filter(modelled).cloned().collect(),
                ..access.clone()
            }
        })
        .collect();
    (dropped != accesses).then_some(dropped)
}

/// Most iterations [`one_period`] gives a loop.
const MAX_PERIOD: i64 = 1024;

/// `access` with every loop of unknown trip count (its start and step known) running one
/// period of the access's floor divisions and remainders (their lcm, at most [`MAX_PERIOD`];
/// one iteration when there are none): per request, every residue of the pattern weighs the
/// same, as over whole periods of any long loop.
fn one_period(access: &Access) -> Access {
    let mut divisors = Vec::new();
    for index in &access.indices {
        collect_divisors(index, &mut divisors);
    }
    let period = divisors
        .iter()
        .try_fold(1i64, |lcm, &divisor| {
            let next = num_integer::lcm(lcm, divisor.max(1));
            (next <= MAX_PERIOD).then_some(next)
        })
        .unwrap_or(MAX_PERIOD);
    let mut periodic = access.clone();
    for enclosing in &mut periodic.loops {
        if let (Some(lower), None, Some(step)) = (enclosing.lower, enclosing.upper, enclosing.step)
        {
            enclosing.upper = step
                .checked_mul(period)
                .and_then(|span| lower.checked_add(span));
        }
    }
    periodic
}

/// The divisors and moduli of `expression`'s floor divisions and remainders.
fn collect_divisors(expression: &IndexExpression, found: &mut Vec<i64>) {
    if let IndexExpression::FloorDivide(_, by) | IndexExpression::Modulo(_, by) = expression {
        found.push(*by);
    }
    for operand in expression.operands() {
        collect_divisors(operand, found);
    }
}

/// The accesses of an interior block and what was assumed to get them.
struct Interior {
    /// Every access, edge-test conjuncts on block ids removed.
    accesses: Vec<Access>,
    /// [`InteriorAccess::assumption`] over all of them.
    assumption: String,
    /// Where guards were dropped ([`every_lane`]), the unknown that made it needed.
    every_lane: Option<String>,
}

impl Interior {
    /// `accesses` costed under `assumption`, no guard dropped.
    fn new(accesses: Vec<Access>, assumption: String) -> Interior {
        Interior {
            accesses,
            assumption,
            every_lane: None,
        }
    }
}

/// The candidate layouts [`plan`] costs, `Unchanged` excluded, in enumeration order
/// (pads by size, then swizzles by chunk size descending, modulus, row divisor).
pub fn candidate_layouts(
    shape: &[i64],
    element_bytes: u32,
    model: BankModel,
    allowed: Allowed,
) -> Vec<SharedLayout> {
    let mut layouts = Vec::new();
    if check_buffer(shape, element_bytes).is_err() {
        return layouts;
    }
    let geometry = model.geometry();
    if let [length] = shape {
        if allowed.pad {
            layouts.extend(skews(*length, element_bytes, model));
        }
        return layouts;
    }
    if allowed.pad {
        let period_words = geometry.banks * geometry.layer_bytes / 4;
        for words in 1..period_words {
            let bytes = words * 4;
            if bytes % element_bytes == 0 {
                layouts.push(SharedLayout::Pad {
                    elements: i64::from(bytes / element_bytes),
                });
            }
        }
    }
    if allowed.swizzle {
        let columns = shape[shape.len() - 1];
        let rows = shape[shape.len() - 2];
        let row_bytes = columns * i64::from(element_bytes);
        for chunk_bytes in SWIZZLE_CHUNK_BYTES {
            if chunk_bytes < element_bytes || chunk_bytes % element_bytes != 0 {
                continue;
            }
            if row_bytes % i64::from(chunk_bytes) != 0 {
                continue;
            }
            let chunks = row_bytes / i64::from(chunk_bytes);
            let largest_modulus = chunks & chunks.wrapping_neg();
            let mut modulus = 2;
            while modulus <= largest_modulus {
                let mut row_divisor = 1;
                while row_divisor < rows {
                    let distinct = (rows + row_divisor - 1) / row_divisor;
                    if modulus / 2 < distinct {
                        layouts.push(SharedLayout::Swizzle(Swizzle {
                            chunk_bytes,
                            row_divisor,
                            modulus,
                        }));
                    }
                    row_divisor *= 2;
                }
                modulus *= 2;
            }
        }
    }
    layouts
}

/// The skews of a rank-1 buffer of `length` elements: pads of 1 to `B·W/4 − 1` words (whole
/// elements) after every `every` elements, `every` a power of two from a quarter of a bank
/// line's elements to four lines' (below `length`), in that order.
fn skews(length: i64, element_bytes: u32, model: BankModel) -> Vec<SharedLayout> {
    let geometry = model.geometry();
    let line_elements = i64::from(geometry.banks * geometry.layer_bytes / element_bytes).max(1);
    let period_words = geometry.banks * geometry.layer_bytes / 4;
    let mut layouts = Vec::new();
    let mut every = (line_elements / 4).max(1);
    while every <= 4 * line_elements && every < length {
        for words in 1..period_words {
            let bytes = words * 4;
            if bytes % element_bytes == 0 {
                layouts.push(SharedLayout::Skew(Skew {
                    every,
                    elements: i64::from(bytes / element_bytes),
                }));
            }
        }
        every *= 2;
    }
    layouts
}

/// The swizzle of the usual one-bank-line form for a buffer of `shape` and `element_bytes`
/// whose widest access moves `widest` bytes: chunks as wide as the widest access (at least one
/// element and 4 bytes), rows sharing one selector value filling one bank line (`d = line
/// bytes / row bytes`, rounded down to a power of two, at least 1), and as many selector
/// values as a line holds chunks (capped by the chunks per row). It is the form CUTLASS-style
/// layouts use and what the transposes' tiles need; the search costs it first and prefers it
/// on ties.
pub fn preferred_swizzle(
    shape: &[i64],
    element_bytes: u32,
    widest: u32,
    model: BankModel,
) -> Option<Swizzle> {
    let [.., rows, columns] = shape else {
        return None;
    };
    let geometry = model.geometry();
    let line = i64::from(geometry.banks * geometry.layer_bytes);
    let chunk_bytes = widest.max(element_bytes).max(4);
    let row_bytes = columns.checked_mul(i64::from(element_bytes))?;
    if !SWIZZLE_CHUNK_BYTES.contains(&chunk_bytes)
        || row_bytes <= 0
        || row_bytes % i64::from(chunk_bytes) != 0
    {
        return None;
    }
    let chunks = row_bytes / i64::from(chunk_bytes);
    let modulus = (chunks & chunks.wrapping_neg()).min(line / i64::from(chunk_bytes));
    let lines = (line / row_bytes).max(1);
    let row_divisor = 1i64 << (63 - lines.leading_zeros());
    (modulus >= 2 && row_divisor < *rows).then_some(Swizzle {
        chunk_bytes,
        row_divisor,
        modulus,
    })
}

/// `access` on the buffer after `layout`: a pad keeps the indices and widens the innermost
/// dimension (outer strides grow); a swizzle rewrites the innermost index with
/// [`Swizzle::column_expression`] of the last two indices (rank < 2: unchanged).
pub fn apply(layout: &SharedLayout, access: &Access) -> Access {
    let mut result = access.clone();
    let rank = result.indices.len();
    match layout {
        SharedLayout::Unchanged => {}
        SharedLayout::Pad { elements } => {
            let old = &access.layout;
            let mut shape = old.shape.clone();
            if let Some(Some(last)) = shape.last_mut() {
                *last = last.saturating_add(*elements);
            }
            let static_shape: Option<Vec<i64>> = shape.iter().copied().collect();
            result.layout = match static_shape {
                Some(sizes) => MemrefLayout {
                    offset: old.offset,
                    ..MemrefLayout::row_major(&sizes, old.element_bytes, old.space)
                },
                None => {
                    let mut strides = vec![None; shape.len()];
                    if let Some(last) = strides.last_mut() {
                        *last = old.strides.last().copied().flatten();
                    }
                    MemrefLayout {
                        shape,
                        strides,
                        ..old.clone()
                    }
                }
            };
        }
        SharedLayout::Swizzle(swizzle) => {
            if rank >= 2 {
                let row = result.indices[rank - 2].clone();
                let column = result.indices[rank - 1].clone();
                result.indices[rank - 1] =
                    swizzle.column_expression(row, column, access.layout.element_bytes);
            }
        }
        SharedLayout::Skew(skew) => {
            if let ([index], [Some(length)]) = (&mut result.indices[..], &access.layout.shape[..]) {
                *index = skew.index_expression(index.clone());
                let old = &access.layout;
                result.layout = MemrefLayout {
                    offset: old.offset,
                    ..MemrefLayout::row_major(&[skew.length(*length)], old.element_bytes, old.space)
                };
            }
        }
    }
    result
}

/// Checks exhaustively that every logical element of a buffer of `shape` maps to a distinct
/// element inside the buffer after `layout` (a swizzle keeps every column in its row).
///
/// Buffers above [`MAX_CHECKED_BYTES`] after the layout are refused, with the reason.
pub fn is_bijection_into_bounds(
    layout: &SharedLayout,
    shape: &[i64],
    element_bytes: u32,
) -> Result<(), String> {
    check_buffer(shape, element_bytes)?;
    match layout {
        SharedLayout::Pad { elements } if *elements < 0 => {
            return Err(format!("a pad of {elements} elements is negative"))
        }
        SharedLayout::Swizzle(swizzle) => {
            if shape.len() < 2 {
                return Err("a swizzle needs a buffer of rank at least 2".into());
            }
            swizzle.check(element_bytes)?;
        }
        SharedLayout::Skew(skew) => return skew_is_bijection(skew, shape, element_bytes),
        _ => {}
    }
    let new_shape = layout.shape(shape);
    let elements = element_count(&new_shape)
        .filter(|&count| count.saturating_mul(u64::from(element_bytes)) <= MAX_CHECKED_BYTES)
        .ok_or_else(|| {
            format!("a buffer of shape {new_shape:?} is larger than {MAX_CHECKED_BYTES} B")
        })?;
    let rank = shape.len();
    let strides = row_major_strides(&new_shape);
    let columns = shape[rank - 1];
    let mut seen = vec![false; elements as usize];
    let mut index = vec![0i64; rank];
    loop {
        let column = index[rank - 1];
        let new_column = match layout {
            SharedLayout::Swizzle(swizzle) => {
                swizzle.column(index[rank - 2], column, element_bytes)
            }
            _ => column,
        };
        if new_column < 0 || new_column >= columns {
            return Err(format!(
                "{layout}: element {index:?} maps to column {new_column}, outside the row of {columns} elements"
            ));
        }
        let offset: i64 = index[..rank - 1]
            .iter()
            .zip(&strides)
            .map(|(position, stride)| position * stride)
            .sum::<i64>()
            + new_column;
        let slot = &mut seen[offset as usize];
        if *slot {
            return Err(format!(
                "{layout}: element {index:?} maps to element offset {offset}, which another element already uses"
            ));
        }
        *slot = true;
        if !advance(&mut index, shape) {
            return Ok(());
        }
    }
}

/// [`is_bijection_into_bounds`] for a skew: every element of the rank-1 `shape` at a distinct
/// position below the padded length.
fn skew_is_bijection(skew: &Skew, shape: &[i64], element_bytes: u32) -> Result<(), String> {
    let &[length] = shape else {
        return Err(format!("{skew} needs a rank-1 buffer"));
    };
    if skew.every < 1 || skew.elements < 1 {
        return Err(format!("{skew}: every and elements must be positive"));
    }
    let padded = skew.length(length);
    if padded
        .unsigned_abs()
        .saturating_mul(u64::from(element_bytes))
        > MAX_CHECKED_BYTES
    {
        return Err(format!(
            "a buffer of {padded} elements is larger than {MAX_CHECKED_BYTES} B"
        ));
    }
    let mut seen = vec![false; padded as usize];
    for index in 0..length {
        let position = skew.position(index);
        match seen.get_mut(position as usize) {
            Some(slot) if !*slot => *slot = true,
            Some(_) => {
                return Err(format!(
                    "{skew}: element {index} maps to position {position}, which another element already uses"
                ))
            }
            None => {
                return Err(format!(
                    "{skew}: element {index} maps to position {position}, past the {padded} elements"
                ))
            }
        }
    }
    Ok(())
}

/// How accesses are costed: by their totals per block, or per request (see [`Counting::PerRequest`]).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Counting {
    /// Wavefronts per block, every request counted.
    Totals,
    /// Wavefronts of one request of each access, when which requests run is unknown (a
    /// lane-uniform guard or trip count over an unknown value keeps or drops whole requests,
    /// the reason given) but every request of an access has the same degree: the same requests
    /// run whatever the layout, so a layout no worse on any access and better on one is better.
    PerRequest(String),
}

/// Cost of every access after `layout`, or the first unknown with the access's name.
fn costs(
    (accesses, names): (&[Access], &[String]),
    layout: &SharedLayout,
    block: Block,
    model: BankModel,
    counting: &Counting,
) -> Result<Vec<AccessCost>, Unknown> {
    accesses
        .iter()
        .enumerate()
        .map(|(number, access)| {
            let context = |unknown: Unknown| {
                Unknown::of(
                    unknown.cause,
                    format!("{}: {}", named(names, number), unknown.reason),
                )
            };
            let metrics = warp_metrics(&apply(layout, access), block, model).map_err(context)?;
            if matches!(counting, Counting::PerRequest(_)) {
                let degree = metrics.bank_conflict_degree.map_err(context)?;
                // The phases of a full request, as the bank model splits it (`request::phases`).
                let lanes = model.geometry().lanes_per_phase(access.access_bytes());
                let ideal = (WARP_SIZE as usize).div_ceil(lanes) as u64;
                let wavefronts = (degree * ideal as f64).round() as u64;
                return Ok(AccessCost {
                    requests: 1,
                    wavefronts,
                    ideal_wavefronts: ideal,
                    degree,
                    worst: degree,
                });
            }
            let requests = metrics.requests.map_err(context)?;
            let wavefronts = metrics.wavefronts.map_err(context)?;
            let ideal_wavefronts = metrics.ideal_wavefronts.map_err(context)?;
            let degree = ratio(wavefronts, ideal_wavefronts);
            Ok(AccessCost {
                requests,
                wavefronts,
                ideal_wavefronts,
                degree,
                worst: metrics
                    .worst_bank_conflict_degree
                    .unwrap_or(degree)
                    .max(degree),
            })
        })
        .collect()
}

/// Total wavefronts and ideal wavefronts (saturating).
fn total(costs: &[AccessCost]) -> (u64, u64) {
    costs
        .iter()
        .fold((0u64, 0u64), |(wavefronts, ideal), cost| {
            (
                wavefronts.saturating_add(cost.wavefronts),
                ideal.saturating_add(cost.ideal_wavefronts),
            )
        })
}

/// Total wavefronts over total ideal wavefronts.
fn overall_degree(costs: &[AccessCost]) -> f64 {
    let (wavefronts, ideal) = total(costs);
    ratio(wavefronts, ideal)
}

/// `numerator / denominator`, 1 when the denominator is zero.
fn ratio(numerator: u64, denominator: u64) -> f64 {
    if denominator == 0 {
        1.0
    } else {
        numerator as f64 / denominator as f64
    }
}

/// `, its worst access 32-way -> 1`: the access of `before` with the highest degree and its
/// degree in `after` (each with its worst request's where a loop's requests differ: `4.50-way
/// on average (8-way at worst)`), where the buffer's degree (an average over its accesses, a conflict-free
/// store beside a 32-way column read making 16.50) is not that access's; else nothing.
fn worst_access(before: &[AccessCost], after: &[AccessCost]) -> String {
    let worst = before
        .iter()
        .zip(after)
        .max_by(|(a, _), (b, _)| a.degree.total_cmp(&b.degree));
    match worst {
        Some((first, then)) if (first.degree - overall_degree(before)).abs() > 0.005 => {
            // A loop's requests differ: the average, then its worst request's.
            let worst_request = |cost: &AccessCost| match cost.worst > cost.degree + 0.005 {
                true => format!(" on average ({}-way at worst)", show_degree(cost.worst)),
                false => String::new(),
            };
            format!(
                ", its worst access {}-way{} -> {}{}",
                show_degree(first.degree),
                worst_request(first),
                show_degree(then.degree),
                worst_request(then)
            )
        }
        _ => String::new(),
    }
}

/// A degree for messages: an integer when it is one, else two decimals.
fn show_degree(degree: f64) -> String {
    if (degree - degree.round()).abs() < 1e-9 {
        format!("{degree:.0}")
    } else {
        format!("{degree:.2}")
    }
}

/// The reason string of a decision (see [`BufferPlan::reason`]).
fn decision_reason(
    candidates: &[CandidateCost],
    chosen: usize,
    over_budget: Option<usize>,
    before: &[AccessCost],
    after: &[AccessCost],
    allowed: Allowed,
    shape: &[i64],
) -> String {
    let (before_total, before_ideal) = total(before);
    let (after_total, _) = total(after);
    let degree_before = show_degree(overall_degree(before));
    let budget_note = over_budget
        .map(|index| {
            let candidate = &candidates[index];
            format!(
                "; {} would give {} wavefronts but {}",
                candidate.layout,
                candidate.wavefronts().unwrap_or(0),
                candidate.rejected.as_deref().unwrap_or("is over budget")
            )
        })
        .unwrap_or_default();
    let candidate = &candidates[chosen];
    if candidate.layout != SharedLayout::Unchanged {
        return format!(
            "{} (+{} B): wavefronts {before_total} -> {after_total} (degree {degree_before} -> {}){}{budget_note}",
            candidate.layout,
            candidate.extra_bytes,
            show_degree(overall_degree(after)),
            worst_access(before, after),
        );
    }
    let state = format!("wavefronts {before_total}, degree {degree_before}");
    if before_total == before_ideal {
        return format!("unchanged: conflict-free already ({state})");
    }
    if over_budget.is_some() {
        return format!("unchanged: {state}{budget_note}");
    }
    if shape.len() < 2 && !allowed.pad {
        return format!("unchanged: {state}; a rank-1 buffer has no rows to swizzle");
    }
    if !allowed.pad && !allowed.swizzle {
        return format!("unchanged: {state}; padding and swizzling are disabled");
    }
    let rejected: Vec<String> = candidates
        .iter()
        .filter_map(|candidate| {
            candidate
                .rejected
                .as_ref()
                .map(|why| format!("{}: {why}", candidate.layout))
        })
        .take(3)
        .collect();
    let costed = candidates.len() - 1;
    let mut reason =
        format!("unchanged: none of {costed} candidates lowers the wavefronts ({state})");
    if !rejected.is_empty() {
        reason.push_str(&format!("; rejected e.g. {}", rejected.join("; ")));
    }
    reason
}

/// Why `layout` would break a vector access's alignment or split it, if it would.
pub fn alignment_problem(
    layout: &SharedLayout,
    shape: &[i64],
    element_bytes: u32,
    (accesses, names): (&[Access], &[String]),
) -> Option<String> {
    let vectors = accesses
        .iter()
        .enumerate()
        .filter(|(_, access)| access.vector_width > 1);
    match layout {
        SharedLayout::Unchanged => None,
        SharedLayout::Pad { .. } => {
            let pitch = layout.shape(shape).last().copied().unwrap_or(0) * i64::from(element_bytes);
            for (number, access) in vectors {
                let width = i64::from(access.access_bytes());
                if shape.len() >= 2 && pitch % width != 0 {
                    return Some(format!(
                        "a row pitch of {pitch} B breaks the {width}-byte alignment of the vector {}",
                        named(names, number)
                    ));
                }
            }
            None
        }
        SharedLayout::Swizzle(swizzle) => {
            for (number, access) in vectors {
                let width = access.access_bytes();
                if swizzle.chunk_bytes < width {
                    return Some(format!(
                        "{}-byte chunks would split the {width}-byte vector {}",
                        swizzle.chunk_bytes,
                        named(names, number)
                    ));
                }
                let column = access.indices.last();
                if !column.is_some_and(|index| {
                    provably_multiple(index, &access.loops, i64::from(access.vector_width))
                }) {
                    return Some(format!(
                        "cannot prove that the {width}-byte vectors of {} start on a multiple of {} elements, so they may straddle two chunks",
                        named(names, number),
                        access.vector_width
                    ));
                }
            }
            None
        }
        SharedLayout::Skew(skew) => {
            for (number, access) in vectors {
                let width = i64::from(access.vector_width);
                let aligned = skew.every % width == 0
                    && skew.elements % width == 0
                    && access
                        .indices
                        .last()
                        .is_some_and(|index| provably_multiple(index, &access.loops, width));
                if !aligned {
                    return Some(format!(
                        "{skew} may move part of a {}-byte vector of {} past a pad, or break its alignment",
                        access.access_bytes(),
                        named(names, number)
                    ));
                }
            }
            None
        }
    }
}

/// Whether every value of `index` is a multiple of `factor` (from its linear form; conservative).
///
/// A loop variable `c·iv` qualifies when the loop has constant bounds and `c·lower` and `c·step`
/// are multiples (so `for c = 0 to 64 step 8` indexes 8-element vectors aligned).
fn provably_multiple(index: &IndexExpression, loops: &[Loop], factor: i64) -> bool {
    if factor <= 1 {
        return true;
    }
    let Ok(form) = index.linear() else {
        return false;
    };
    form.constant % factor == 0
        && form.variables.iter().all(|(variable, coefficient)| {
            coefficient % factor == 0
                || matches!(variable, Variable::Loop(LoopId(position)) if loops
                .get(*position)
                .is_some_and(|range| {
                    range.lower.is_some_and(|lower| (coefficient * lower) % factor == 0)
                        && range.step.is_some_and(|step| (coefficient * step) % factor == 0)
                }))
        })
        && form
            .quasi_affine
            .iter()
            .all(|(_, coefficient)| coefficient % factor == 0)
}

/// Why a buffer description is unusable, if it is.
fn check_buffer(shape: &[i64], element_bytes: u32) -> Result<(), String> {
    if shape.is_empty() {
        return Err("a rank-0 buffer has no layout to choose".into());
    }
    if let Some(size) = shape.iter().find(|&&size| size <= 0) {
        return Err(format!(
            "buffer shape {shape:?} has a non-positive size {size}"
        ));
    }
    if element_bytes == 0 {
        return Err("elements of 0 bytes".into());
    }
    element_count(shape)
        .and_then(|count| count.checked_mul(u64::from(element_bytes)))
        .map(|_| ())
        .ok_or_else(|| format!("buffer shape {shape:?} overflows"))
}

/// Unknown unless `access` (called `name`) reads or writes the buffer through its row-major
/// layout.
fn check_access(
    name: &str,
    access: &Access,
    shape: &[i64],
    element_bytes: u32,
) -> Result<(), Unknown> {
    let expected = MemrefLayout::row_major(shape, element_bytes, MemorySpace::Shared);
    if access.layout != expected {
        return Err(Unknown::new(format!(
            "{name} does not use the buffer's row-major shared layout {shape:?} x {element_bytes} B (a view or another buffer)"
        )));
    }
    if access.indices.len() != shape.len() {
        return Err(Unknown::new(format!(
            "{name} has {} indices for a buffer of rank {}",
            access.indices.len(),
            shape.len()
        )));
    }
    Ok(())
}

/// The name the caller gave access `number` (`the memref.load at 12:7`), or `access N`.
fn named(names: &[String], number: usize) -> String {
    names
        .get(number)
        .cloned()
        .unwrap_or_else(|| format!("access {number}"))
}

/// Number of elements of a static shape, if it fits.
fn element_count(shape: &[i64]) -> Option<u64> {
    shape.iter().try_fold(1u64, |product, &size| {
        product.checked_mul(u64::try_from(size).ok()?)
    })
}

/// Row-major strides of a static shape.
fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for dimension in (0..shape.len().saturating_sub(1)).rev() {
        strides[dimension] = strides[dimension + 1] * shape[dimension + 1];
    }
    strides
}

/// Moves `index` to the next index of `shape` in row-major order; false after the last.
fn advance(index: &mut [i64], shape: &[i64]) -> bool {
    for dimension in (0..index.len()).rev() {
        index[dimension] += 1;
        if index[dimension] < shape[dimension] {
            return true;
        }
        index[dimension] = 0;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_respect_chunk_counts() {
        let layouts = candidate_layouts(&[32, 48], 2, BankModel::Conventional, Allowed::ALL);
        for layout in &layouts {
            if let SharedLayout::Swizzle(swizzle) = layout {
                let chunks = 96 / i64::from(swizzle.chunk_bytes);
                assert_eq!(chunks % swizzle.modulus, 0, "{layout}");
            }
        }
        let pads = layouts
            .iter()
            .filter(|layout| matches!(layout, SharedLayout::Pad { .. }))
            .count();
        assert_eq!(pads, 31);
        // A rank-1 buffer of 64 f32 has only skews: after every 8, 16 or 32 elements (runs of
        // a quarter line up to four lines, below its length), pads of 1 to 31 words.
        let skews = candidate_layouts(&[64], 4, BankModel::Conventional, Allowed::ALL);
        assert_eq!(skews.len(), 3 * 31);
        assert!(skews
            .iter()
            .all(|layout| matches!(layout, SharedLayout::Skew(skew) if skew.every <= 32)));
        let swizzles_only = Allowed {
            pad: false,
            swizzle: true,
        };
        assert!(candidate_layouts(&[64], 4, BankModel::Conventional, swizzles_only).is_empty());
    }

    #[test]
    fn preferred_swizzle_fills_one_bank_line() {
        let preferred = |shape: &[i64], element: u32, widest: u32| {
            preferred_swizzle(shape, element, widest, BankModel::Conventional)
                .map(|swizzle| (swizzle.chunk_bytes, swizzle.row_divisor, swizzle.modulus))
        };
        // A staged 32x8 f32 tile: rows of 32 B, four to a 128-byte line, 8 chunks a row.
        assert_eq!(preferred(&[32, 8], 4, 4), Some((4, 4, 8)));
        // The classic 32x32 f32 transpose tile: column ^= row mod 32.
        assert_eq!(preferred(&[32, 32], 4, 4), Some((4, 1, 32)));
        // 16-byte vector accesses of f16 rows of 64: 8 chunks of 16 B, one row per line.
        assert_eq!(preferred(&[64, 64], 2, 16), Some((16, 1, 8)));
        // Rows of 40 B: three fit a line, rounded down to two rows per selector value.
        assert_eq!(preferred(&[16, 10], 4, 4), Some((4, 2, 2)));
        // Nothing to swizzle: one chunk a row, or a single row group.
        assert_eq!(preferred(&[8, 1], 4, 4), None);
        assert_eq!(preferred(&[4, 8], 4, 4), None);
        // Every preferred swizzle is one of the search's candidates.
        for (shape, element) in [([32, 8], 4), ([32, 32], 4), ([64, 64], 2), ([16, 10], 4)] {
            let layouts = candidate_layouts(&shape, element, BankModel::Conventional, Allowed::ALL);
            let swizzle = preferred_swizzle(&shape, element, element, BankModel::Conventional);
            assert!(
                layouts.contains(&SharedLayout::Swizzle(swizzle.unwrap())),
                "{shape:?}"
            );
        }
    }

    #[test]
    fn bijection_check_finds_rows_left_behind() {
        // Upstream's swizzle of f16 rows of 48 (tests/common/baselines.rs): chunk ^= row mod 8.
        let upstream = SharedLayout::Swizzle(Swizzle {
            chunk_bytes: 16,
            row_divisor: 1,
            modulus: 8,
        });
        let problem = is_bijection_into_bounds(&upstream, &[32, 48], 2).unwrap_err();
        assert!(problem.contains("outside the row of 48"), "{problem}");
        assert!(is_bijection_into_bounds(&SharedLayout::Pad { elements: 3 }, &[5, 7], 4).is_ok());
        assert!(is_bijection_into_bounds(&SharedLayout::Pad { elements: -1 }, &[5, 7], 4).is_err());
    }
}
