//! `gpu` ops: ids and sizes, `gpu.barrier`, `gpu.shuffle`, `gpu.all_reduce`,
//! `gpu.subgroup_reduce`.
//!
//! Model. Ids come from the linear thread id and the current block; `gpu.lane_id` is the linear
//! thread id modulo 32. A barrier must be reached by every thread of the block at once, else
//! "barrier divergence". A shuffle follows the NVVM lowering of upstream MLIR: lanes below
//! `width` take part, the source lane is `lane ^ offset`, `lane + offset`, `lane - offset` or
//! `offset` (offset taken modulo 32), valid when below `width` (for `up`: at least
//! `32 - width`); an invalid lane keeps its own value and gets `valid = false`.
//!
//! Reductions fold in thread (lane) order, rounding after every step; the NVVM lowering folds
//! in a shuffle tree, so a float sum may differ in its last bits from the hardware's (the
//! interpreter's order is the same before and after the pass, which is what `diff` compares).
//! `gpu.all_reduce` needs every thread of the block, as a barrier does; `gpu.subgroup_reduce`
//! every existing lane of each cluster.
//!
//! Assumptions. Reading a valid source lane that is inactive (or beyond the block) is an error,
//! as PTX leaves it undefined; `width` must lie in 1..=32.
//!
//! Cost. Constant per thread.

use crate::error::Error;
use crate::integer::mask;
use crate::ir::Operation;
use crate::ops::{Axis, Op, ReductionKind, ShuffleMode};
use crate::trace::WARP_SIZE;

use super::values::{malformed, operands, result};
use super::Executor;

/// How many missing threads a barrier-divergence message lists.
const LISTED_THREADS: usize = 4;

/// Where a GPU id comes from.
enum IdSource {
    /// The thread's own coordinate on an axis.
    Thread(usize),
    /// The same value for the whole block.
    Uniform(u32),
    /// The lane within the warp.
    Lane,
    /// The warp within the block.
    Warp,
}

fn axis_index(axis: Axis) -> usize {
    match axis {
        Axis::X => 0,
        Axis::Y => 1,
        Axis::Z => 2,
    }
}

impl Executor<'_> {
    /// `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim`, `gpu.lane_id`,
    /// `gpu.subgroup_id`, `gpu.num_subgroups`, `gpu.subgroup_size`.
    pub(super) fn gpu_id(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let source = match operation.op {
            Op::ThreadId(axis) => IdSource::Thread(axis_index(axis)),
            Op::BlockId(axis) => IdSource::Uniform(self.block_id[axis_index(axis)]),
            Op::BlockDim(axis) => IdSource::Uniform(self.block_size[axis_index(axis)]),
            Op::GridDim(axis) => IdSource::Uniform(self.grid[axis_index(axis)]),
            Op::SubgroupId => IdSource::Warp,
            Op::NumSubgroups => IdSource::Uniform((self.threads as u32).div_ceil(WARP_SIZE as u32)),
            Op::SubgroupSize => IdSource::Uniform(WARP_SIZE as u32),
            _ => IdSource::Lane,
        };
        let value = result(operation)?;
        let width = self.element(value).bit_width();
        self.define(operation, value, lanes, |executor, t, out| {
            let id = match source {
                IdSource::Thread(axis) => executor.thread_coordinates(t)[axis],
                IdSource::Uniform(id) => id,
                IdSource::Lane => t % WARP_SIZE as u32,
                IdSource::Warp => t / WARP_SIZE as u32,
            };
            out[0] = u64::from(id) & mask(width);
            Ok(())
        })
    }

    /// `gpu.barrier`.
    pub(super) fn barrier(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        if lanes.len() == self.threads {
            return Ok(());
        }
        let missing: Vec<u32> = (0..self.threads as u32)
            .filter(|t| lanes.binary_search(t).is_err())
            .collect();
        let mut listed: Vec<String> = missing
            .iter()
            .take(LISTED_THREADS)
            .map(|&t| format!("thread {}", self.thread_name(t)))
            .collect();
        if missing.len() > LISTED_THREADS {
            listed.push(format!("{} more", missing.len() - LISTED_THREADS));
        }
        Err(Error::BarrierDivergence {
            location: operation.location.clone(),
            block: self.block_name(),
            arrived: lanes.len(),
            threads: self.threads,
            missing: listed.join(", "),
        })
    }

    /// `gpu.all_reduce` over the block.
    pub(super) fn all_reduce(
        &mut self,
        operation: &Operation,
        kind: ReductionKind,
        lanes: &[u32],
    ) -> Result<(), Error> {
        self.barrier(operation, lanes)?;
        let [value] = operands(operation)?;
        let element = self.element(value);
        let mut total = self.scalar(value, lanes[0]);
        for &t in &lanes[1..] {
            total = super::vector::combine(kind, total, self.scalar(value, t), element)
                .map_err(|reason| self.trap(operation, t, reason))?;
        }
        self.define(operation, result(operation)?, lanes, |_, _, out| {
            out[0] = total;
            Ok(())
        })
    }

    /// `gpu.subgroup_reduce` over clusters of `size` lanes `stride` apart.
    pub(super) fn subgroup_reduce(
        &mut self,
        operation: &Operation,
        kind: ReductionKind,
        (size, stride): (u32, u32),
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [value] = operands(operation)?;
        let element = self.element(value);
        let warp = WARP_SIZE as u32;
        if size == 0 || stride == 0 || size.saturating_mul(stride) > warp {
            return Err(malformed(
                operation,
                format!("a cluster of {size} lanes {stride} apart does not fit a warp"),
            ));
        }
        let mut active = vec![false; self.threads];
        for &t in lanes {
            active[t as usize] = true;
        }
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            let lane = t % warp;
            let span = size * stride;
            let first = t - lane + lane / span * span + lane % stride;
            let mut total: Option<u64> = None;
            for member in (0..size).map(|k| first + k * stride) {
                let Some(&taking) = active.get(member as usize) else {
                    continue;
                };
                if !taking {
                    return Err(executor.trap(
                        operation,
                        t,
                        format!("lane {} of its cluster is inactive", member % warp),
                    ));
                }
                let mine = executor.scalar(value, member);
                total = Some(match total {
                    None => mine,
                    Some(total) => super::vector::combine(kind, total, mine, element)
                        .map_err(|reason| executor.trap(operation, t, reason))?,
                });
            }
            out[0] = total.unwrap_or_else(|| executor.scalar(value, t));
            Ok(())
        })
    }

    /// `gpu.subgroup_broadcast`: each thread gets the value of its warp's first active lane,
    /// or of the lane the operand names (which must be active, and the same for the warp).
    pub(super) fn subgroup_broadcast(
        &mut self,
        operation: &Operation,
        first_active: bool,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let value = *operation
            .operands
            .first()
            .ok_or_else(|| malformed(operation, "no value"))?;
        let mut active = vec![false; self.threads];
        for &t in lanes {
            active[t as usize] = true;
        }
        let mut sources = vec![0u32; self.threads];
        let mut named: Vec<Option<u32>> = vec![None; self.threads.div_ceil(WARP_SIZE)];
        for &t in lanes {
            let warp_start = t - t % WARP_SIZE as u32;
            let source = match (first_active, operation.operands.get(1)) {
                (true, _) => (warp_start..t + 1).find(|&other| active[other as usize]),
                (false, Some(&lane)) => u32::try_from(self.signed(lane, t))
                    .ok()
                    .filter(|&lane| lane < WARP_SIZE as u32)
                    .map(|lane| warp_start + lane),
                (false, None) => return Err(malformed(operation, "no lane")),
            };
            let warp = &mut named[t as usize / WARP_SIZE];
            if !first_active && warp.is_some_and(|lane| Some(lane) != source) {
                return Err(self.trap(operation, t, "the lane differs within the warp"));
            }
            match source {
                Some(source) if active.get(source as usize) == Some(&true) => {
                    *warp = Some(source);
                    sources[t as usize] = source;
                }
                _ => {
                    return Err(self.trap(
                        operation,
                        t,
                        "the broadcast lane is outside the warp or inactive",
                    ))
                }
            }
        }
        let result = result(operation)?;
        self.define(operation, result, lanes, |executor, t, out| {
            for (j, element) in out.iter_mut().enumerate() {
                *element = executor.element_at(value, sources[t as usize], j);
            }
            Ok(())
        })
    }

    /// `gpu.shuffle`.
    pub(super) fn shuffle(
        &mut self,
        operation: &Operation,
        mode: ShuffleMode,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [value, offset, width] = operands(operation)?;
        let &[shuffled, valid] = operation.results.as_slice() else {
            return Err(malformed(operation, "expects two results"));
        };
        let mut active = vec![false; self.threads];
        for &t in lanes {
            active[t as usize] = true;
        }
        let (mut sources, mut validity) = (vec![0u32; self.threads], vec![false; self.threads]);
        for &t in lanes {
            let lane = i64::from(t % WARP_SIZE as u32);
            let distance = (self.scalar(offset, t) & 31) as i64;
            let members = self.signed(width, t);
            if !(1..=WARP_SIZE as i64).contains(&members) {
                return Err(self.trap(
                    operation,
                    t,
                    format!("shuffle width {members} outside 1..=32"),
                ));
            }
            let (source_lane, is_valid) = match mode {
                ShuffleMode::Xor => (lane ^ distance, (lane ^ distance) < members),
                ShuffleMode::Down => (lane + distance, lane + distance < members),
                ShuffleMode::Up => (
                    lane - distance,
                    lane - distance >= WARP_SIZE as i64 - members,
                ),
                ShuffleMode::Idx => (distance, distance < members),
            };
            let source = if is_valid {
                i64::from(t) - lane + source_lane
            } else {
                i64::from(t)
            };
            if !usize::try_from(source).is_ok_and(|source| active.get(source) == Some(&true)) {
                return Err(self.trap(
                    operation,
                    t,
                    format!("shuffle reads lane {source_lane}, which is inactive"),
                ));
            }
            sources[t as usize] = source as u32;
            validity[t as usize] = is_valid;
        }
        self.define(operation, shuffled, lanes, |executor, t, out| {
            for (j, element) in out.iter_mut().enumerate() {
                *element = executor.element_at(value, sources[t as usize], j);
            }
            Ok(())
        })?;
        self.define(operation, valid, lanes, |_, t, out| {
            out[0] = u64::from(validity[t as usize]);
            Ok(())
        })
    }
}
