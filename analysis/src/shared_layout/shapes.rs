//! A shared layout with the block size unknown, decided over every block shape a launch could
//! have (issue 31: a lone kernel with no `known_block_size`, cuda-samples' transposeCoalesced,
//! whose column read `tile[tid.x][tid.y + i]` is 32-way for any block 32 threads wide).
//!
//! **Shapes.** Blocks whose sides are powers of two, 1 to 1024 threads in all; a side no access
//! reads (no `tid.y`, no `block_dim.y`) stays 1. A shape under which an unguarded access would
//! leave the buffer (`tile[tid.y + 16][tid.x]` of a 32x32 tile with 32 rows of threads) is not a
//! launch the kernel supports, and is dropped. A `block_dim` in an index or a guard takes the
//! shape's size.
//!
//! **Choice.** A layout stays a candidate while no shape gives it more wavefronts than the
//! buffer as it is (each shape costed by [`super::plan`]'s search, on the candidates left). Of
//! those left, the one with the least sum of its wavefronts over the unchanged buffer's at the
//! shapes a warp wide (`blockDim.x` at least 32, as CUDA kernels are launched; or the widest
//! the accesses allow) is chosen, where it gains at one of them (ties as in
//! [`super::plan`]). Weighing every shape alike would let the narrow ones decide: a 32x32 tile
//! read by columns, padded by 1 element, is 32-way → 1 at 32x16, but a pad of 14 gains more at
//! 2x16 and 8x16 and is 2-way at 32x16. The plan returned is the chosen layout's at the wide
//! shape where it gains most (the most threads on a tie), so that the remark's numbers are
//! those of one launch.
//!
//! Cost: one search per shape (at most 66 shapes with two sides read, 286 with three), each
//! over the layouts no earlier shape has ruled out.

use std::collections::HashMap;

use super::{candidate_layouts, plan_with, Allowed, BufferPlan, SharedLayout};
use crate::delinearize::{bounds, Range};
use crate::expression::{LoopId, Unknown, Variable};
use crate::matrix::{Access, Condition};
use crate::metrics::Block;
use crate::target::{BankModel, MAX_THREADS_PER_BLOCK, WARP_SIZE};

/// A layout decided over the block shapes, with its numbers at one of them.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapesPlan {
    /// The plan at [`ShapesPlan::block`], its reason ending with how the shapes decided it.
    pub plan: BufferPlan,
    /// The shape the plan's numbers are for.
    pub block: Block,
    /// Every shape costed, fewest threads first.
    pub shapes: Vec<Block>,
}

/// `32x16x1`.
pub fn shown(block: Block) -> String {
    format!("{}x{}x{}", block.x, block.y, block.z)
}

/// `1 to 512 threads`, or the one shape where there is one (`32x1x1`).
fn threads(shapes: &[Block]) -> String {
    match (shapes.first(), shapes.last()) {
        (Some(first), _) if shapes.len() == 1 => shown(*first),
        (Some(first), Some(last)) if first.threads() < last.threads() => {
            format!("{} to {} threads", first.threads(), last.threads())
        }
        (Some(first), _) => format!("{} threads each", first.threads()),
        _ => String::new(),
    }
}

/// The block shapes [`plan_over_shapes`] costs for `accesses` of a buffer of `shape`: sides
/// powers of two, at most [`MAX_THREADS_PER_BLOCK`] threads, the sides no access reads 1,
/// every unguarded access inside the buffer; fewest threads first.
pub fn block_shapes(accesses: &[Access], shape: &[i64]) -> Vec<Block> {
    let reads = |dimension: usize| {
        let thread = [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ][dimension].clone();
        let size = Variable::Symbol(format!("block_dim.{}", ["x", "y", "z"][dimension]));
        accesses.iter().any(|access| {
            let guards = access.guard.iter().flat_map(|c| [&c.left, &c.right]);
            access.indices.iter().chain(guards).any(|expression| {
                let variables = expression.variables();
                variables.contains(&thread) || variables.contains(&size)
            })
        })
    };
    let most = MAX_THREADS_PER_BLOCK.ilog2();
    let sides = |dimension: usize| match dimension == 0 || reads(dimension) {
        true => 0..=most,
        false => 0..=0,
    };
    let mut shapes = Vec::new();
    for x in sides(0) {
        for y in sides(1).filter(|y| x + y <= most) {
            for z in sides(2).filter(|z| x + y + z <= most) {
                let block = Block::new(1 << x, 1 << y, 1 << z);
                if accesses
                    .iter()
                    .all(|access| inside(&at_shape(access, block), shape, block))
                {
                    shapes.push(block);
                }
            }
        }
    }
    shapes.sort_by_key(|block| (block.threads(), block.z, block.y));
    shapes
}

/// `access` with each `block_dim` symbol replaced by `block`'s size.
fn at_shape(access: &Access, block: Block) -> Access {
    let size = |variable: &Variable| match variable {
        Variable::Symbol(name) => match name.as_str() {
            "block_dim.x" => Some(i64::from(block.x)),
            "block_dim.y" => Some(i64::from(block.y)),
            "block_dim.z" => Some(i64::from(block.z)),
            _ => None,
        },
        _ => None,
    };
    Access {
        indices: access
            .indices
            .iter()
            .map(|index| index.bind(&size))
            .collect(),
        guard: access
            .guard
            .iter()
            .map(|condition| Condition {
                left: condition.left.bind(&size),
                right: condition.right.bind(&size),
                ..condition.clone()
            })
            .collect(),
        ..access.clone()
    }
}

/// Whether `access`, under `block`, stays inside a buffer of `shape` (a guarded one is taken
/// to: its guard may be what keeps it there).
fn inside(access: &Access, shape: &[i64], block: Block) -> bool {
    if !access.guard.is_empty() {
        return true;
    }
    let range = |variable: &Variable| -> Range {
        let below = |size: u32| (Some(0), Some(i64::from(size) - 1));
        match variable {
            Variable::ThreadX => below(block.x),
            Variable::ThreadY => below(block.y),
            Variable::ThreadZ => below(block.z),
            Variable::Loop(LoopId(depth)) => access.loops.get(*depth).map_or((None, None), |l| {
                let last = l.trip_count().filter(|&trips| trips > 0);
                (l.lower, last.and_then(|trips| l.value(trips - 1)))
            }),
            _ => (None, None),
        }
    };
    let innermost = access.indices.len().saturating_sub(1);
    access
        .indices
        .iter()
        .zip(shape)
        .enumerate()
        .all(|(dimension, (index, &extent))| {
            let width = match dimension == innermost {
                true => i64::from(access.vector_width.max(1)) - 1,
                false => 0,
            };
            let (least, greatest) = bounds(index, &range);
            least.is_none_or(|least| least >= 0)
                && greatest.is_none_or(|greatest| greatest.saturating_add(width) < extent)
        })
}

/// Why a layout left the candidates: the shape, and its wavefronts there (or why it was
/// rejected there).
struct Dropped {
    /// Where.
    block: Block,
    /// Wavefronts as the buffer is and with the layout, or the layout's rejection.
    outcome: Result<(u64, u64), String>,
}

/// The layout of a buffer of `shape` over every block shape of [`block_shapes`], as
/// [`super::plan`] takes it for one: unknown where no shape keeps the accesses inside the
/// buffer, or where some shape's metrics are unknown (with that shape).
pub fn plan_over_shapes(
    (shape, element_bytes, accesses, names): (&[i64], u32, &[Access], &[String]),
    model: BankModel,
    allowed: Allowed,
    bytes_available: u64,
) -> Result<ShapesPlan, Unknown> {
    let shapes = block_shapes(accesses, shape);
    if shapes.is_empty() {
        return Err(Unknown::new(
            "no block shape with power-of-two sides keeps every access inside the buffer",
        ));
    }
    let plan_at = |block: Block, only: &[SharedLayout]| {
        let bound: Vec<Access> = accesses
            .iter()
            .map(|access| at_shape(access, block))
            .collect();
        let buffer = (shape, element_bytes, &bound[..], names);
        let budget = (allowed, bytes_available);
        plan_with(buffer, block, model, budget, (true, Some(only)))
    };
    // An unknown at `block`, saying where.
    let located = |block: Block, unknown: &Unknown| {
        let at = format!("at block {}, {}", shown(block), unknown.reason);
        Unknown::of(unknown.cause, at)
    };
    let widest = shapes.iter().map(|block| block.x).max().unwrap_or(1);
    let wide = |block: &Block| block.x >= WARP_SIZE.min(widest);
    let wide_shapes: Vec<Block> = shapes.iter().copied().filter(wide).collect();
    let mut left: Vec<(SharedLayout, f64)> =
        candidate_layouts(shape, element_bytes, model, allowed)
            .into_iter()
            .map(|layout| (layout, 0.0))
            .collect();
    let mut dropped: HashMap<SharedLayout, Dropped> = HashMap::new();
    // Per shape whose metrics are known: wavefronts as the buffer is, its degree, and each
    // layout left's wavefronts; the others with why.
    let mut costed: Vec<(Block, u64, f64, HashMap<SharedLayout, u64>)> = Vec::new();
    let mut unknown: Vec<(Block, Unknown)> = Vec::new();
    for &block in &shapes {
        let only: Vec<SharedLayout> = left.iter().map(|(layout, _)| *layout).collect();
        let plan = match plan_at(block, &only) {
            Ok(plan) => plan,
            Err(why) => {
                unknown.push((block, why));
                continue;
            }
        };
        let before = plan.wavefronts_before();
        let mut after = HashMap::new();
        left.retain_mut(|(layout, sum)| {
            let candidate = plan.candidates.iter().find(|c| c.layout == *layout);
            let outcome = match candidate {
                Some(candidate) => match (&candidate.rejected, candidate.wavefronts()) {
                    (None, Some(wavefronts)) => Ok((before, wavefronts)),
                    (rejected, _) => Err(rejected.clone().unwrap_or_default()),
                },
                None => Err("not costed".into()),
            };
            match outcome {
                Ok((_, wavefronts)) if wavefronts <= before => {
                    if wide(&block) {
                        *sum += wavefronts as f64 / before.max(1) as f64;
                    }
                    after.insert(*layout, wavefronts);
                    true
                }
                outcome => {
                    dropped.insert(*layout, Dropped { block, outcome });
                    false
                }
            }
        });
        costed.push((block, before, plan.degree_before(), after));
    }
    // The wide shapes decide: each must be known. A narrow one may stay unknown (a guard's
    // every-lane bound conflicts there), and the reason says where.
    if let Some((block, why)) = unknown
        .iter()
        .find(|(block, _)| wide(block))
        .or(unknown.first().filter(|_| costed.is_empty()))
    {
        return Err(located(*block, why));
    }
    // Every wide shape is costed: a layout's sum of ratios over them is below their count
    // where it gains at one.
    let gains = |sum: f64| sum < wide_shapes.len() as f64 - 1e-9;
    let chosen = left
        .iter()
        .filter(|(_, sum)| gains(*sum))
        .min_by(|(a, a_sum), (b, b_sum)| {
            let key = |layout: &SharedLayout| {
                (layout.extra_bytes(shape, element_bytes), layout.kind_rank())
            };
            a_sum.total_cmp(b_sum).then(key(a).cmp(&key(b)))
        })
        .map(|(layout, _)| *layout);
    // The wide shape where the chosen layout gains most, or, with none, where the buffer
    // conflicts most; the most threads on a tie.
    let score = |number: usize| {
        let (_, before, degree, after) = &costed[number];
        match chosen {
            Some(layout) => *before as f64 / after[&layout].max(1) as f64,
            None => *degree,
        }
    };
    let at = (0..costed.len())
        .filter(|&number| wide(&costed[number].0))
        .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(a.cmp(&b)))
        .unwrap_or(0);
    let block = costed[at].0;
    let mut plan = plan_at(block, chosen.as_slice()).map_err(|why| located(block, &why))?;
    let range = format!(
        "the block size is unknown: costed at {} block shapes (sides powers of two, {}, every \
         access inside the buffer)",
        shapes.len(),
        threads(&shapes)
    );
    let wide_range = format!(
        "the {} a warp wide ({})",
        wide_shapes.len(),
        threads(&wide_shapes)
    );
    let conflicted = costed
        .iter()
        .any(|(block, _, degree, _)| wide(block) && *degree > 1.0 + 1e-9);
    plan.reason = match (chosen, conflicted) {
        (Some(_), _) => format!(
            "{}; {range}: no more wavefronts at any, fewest at {wide_range}, the numbers at {}",
            plan.reason,
            shown(block)
        ),
        (None, false) => format!(
            "{}; {range}: conflict-free at {wide_range}, the numbers at {}",
            plan.reason,
            shown(block)
        ),
        (None, true) => {
            let best = plan_at(
                block,
                &candidate_layouts(shape, element_bytes, model, allowed),
            )
            .map_err(|why| located(block, &why))?;
            let why = dropped
                .get(&best.layout)
                .map(|dropped| match &dropped.outcome {
                    Ok((before, after)) => format!(
                        " ({} would lower them at {} but gives {before} -> {after} at {})",
                        best.layout,
                        shown(block),
                        shown(dropped.block)
                    ),
                    Err(rejected) => format!(
                        " ({} would lower them at {} but is rejected at {}: {rejected})",
                        best.layout,
                        shown(block),
                        shown(dropped.block)
                    ),
                });
            format!(
                "unchanged: wavefronts {}, degree {:.2} at {}, and no layout lowers them at a \
                 block shape a warp wide without raising them at another{}; {range}",
                plan.wavefronts_before(),
                plan.degree_before(),
                shown(block),
                why.unwrap_or_default()
            )
        }
    };
    if let (Some((first, why)), Some(_)) = (unknown.first(), chosen) {
        plan.reason.push_str(&format!(
            "; its bank conflicts are unknown at {} shapes narrower than a warp ({}; at {}: {})",
            unknown.len(),
            threads(&unknown.iter().map(|(block, _)| *block).collect::<Vec<_>>()),
            shown(*first),
            why.reason
        ));
    }
    Ok(ShapesPlan {
        plan,
        block,
        shapes,
    })
}
