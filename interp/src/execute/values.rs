//! Per-thread value slots and the primitives every op is written with.
//!
//! Model. Each SSA value owns one [`Slot`] for the whole launch, struct-of-arrays over the
//! block's threads: scalars and vectors as `per_thread` bit patterns per thread
//! (thread `t`'s element `j` at `t · per_thread + j`), memrefs as one [`Descriptor`] per thread.
//! An op executed under an active thread list writes only those threads' entries; SSA dominance
//! guarantees that every entry read was written earlier in the same block's execution, so
//! slots are reused across blocks without clearing.
//!
//! Notation. `t` is a linear thread id, `tid.x + tid.y·Bx + tid.z·Bx·By`; `lanes` is the
//! ascending list of active `t`.
//!
//! Cost. A read is an index computation; [`Executor::define`] moves the result's storage out of
//! the table and back, so computing it may read any other value without copying.

use crate::error::Error;
use crate::integer::sign_extend;
use crate::ir::{ElementType, Operation, Type, ValueId};
use crate::memory::{BufferId, Descriptor, MAX_RANK};

/// What a value that is not a memref reads as when used as one.
static EMPTY_DESCRIPTOR: Descriptor = Descriptor {
    buffer: BufferId(0),
    offset: 0,
    rank: 0,
    sizes: [0; MAX_RANK],
    strides: [0; MAX_RANK],
};

use super::Executor;

/// The storage of one value for all threads of a block.
#[derive(Debug, PartialEq)]
pub(super) enum Slot {
    /// Scalars (`per_thread` = 1) and vectors: bit patterns, thread-major.
    Bits { per_thread: usize, data: Vec<u64> },
    /// Memrefs: one descriptor per thread.
    MemRefs(Vec<Descriptor>),
}

impl Slot {
    /// An empty slot for a value of type `ty` in a block of `threads` threads.
    pub(super) fn for_type(ty: &Type, threads: usize) -> Slot {
        match ty {
            Type::Scalar(_) => Slot::Bits {
                per_thread: 1,
                data: vec![0; threads],
            },
            Type::Vector(_, length) => Slot::Bits {
                per_thread: *length as usize,
                data: vec![0; threads * *length as usize],
            },
            Type::MemRef(_) => Slot::MemRefs(vec![Descriptor::default(); threads]),
        }
    }

    /// A compact copy of the entries of `lanes`.
    pub(super) fn gather(&self, lanes: &[u32]) -> Slot {
        match self {
            Slot::Bits { per_thread, data } => Slot::Bits {
                per_thread: *per_thread,
                data: lanes
                    .iter()
                    .flat_map(|&t| {
                        let start = t as usize * per_thread;
                        data[start..start + per_thread].iter().copied()
                    })
                    .collect(),
            },
            Slot::MemRefs(descriptors) => {
                Slot::MemRefs(lanes.iter().map(|&t| descriptors[t as usize]).collect())
            }
        }
    }

    /// Writes a compact copy made by [`Slot::gather`] back into the entries of `lanes`.
    /// Returns false when the two slots do not hold the same kind of value.
    pub(super) fn scatter(&mut self, lanes: &[u32], compact: &Slot) -> bool {
        match (self, compact) {
            (
                Slot::Bits { per_thread, data },
                Slot::Bits {
                    per_thread: compact_per_thread,
                    data: compact_data,
                },
            ) if per_thread == compact_per_thread => {
                for (position, &t) in lanes.iter().enumerate() {
                    let start = t as usize * *per_thread;
                    data[start..start + *per_thread].copy_from_slice(
                        &compact_data[position * *per_thread..(position + 1) * *per_thread],
                    );
                }
                true
            }
            (Slot::MemRefs(descriptors), Slot::MemRefs(compact_descriptors)) => {
                for (&t, descriptor) in lanes.iter().zip(compact_descriptors) {
                    descriptors[t as usize] = *descriptor;
                }
                true
            }
            _ => false,
        }
    }
}

/// A malformed-op error.
pub(super) fn malformed(operation: &Operation, reason: impl Into<String>) -> Error {
    Error::Malformed {
        op: operation.op.name().to_string(),
        location: operation.location.clone(),
        reason: reason.into(),
    }
}

/// The first `N` operands, or a malformed-op error.
pub(super) fn operands<const N: usize>(operation: &Operation) -> Result<[ValueId; N], Error> {
    operation
        .operands
        .get(..N)
        .and_then(|first| first.try_into().ok())
        .ok_or_else(|| malformed(operation, format!("expects at least {N} operands")))
}

/// The single result, or a malformed-op error.
pub(super) fn result(operation: &Operation) -> Result<ValueId, Error> {
    operation
        .results
        .first()
        .copied()
        .ok_or_else(|| malformed(operation, "expects a result"))
}

impl Executor<'_> {
    /// The element type of a value.
    pub(super) fn element(&self, value: ValueId) -> ElementType {
        self.kernel.value_type(value).element()
    }

    /// Element `j` of thread `t` of a scalar or vector value (a scalar broadcasts).
    pub(super) fn element_at(&self, value: ValueId, t: u32, j: usize) -> u64 {
        match &self.slots[value.0 as usize] {
            Slot::Bits { per_thread, data } => {
                let j = if *per_thread == 1 { 0 } else { j };
                data[t as usize * per_thread + j]
            }
            Slot::MemRefs(_) => 0,
        }
    }

    /// The bits of a scalar value in thread `t`.
    pub(super) fn scalar(&self, value: ValueId, t: u32) -> u64 {
        self.element_at(value, t, 0)
    }

    /// The signed value of an integer or index scalar in thread `t`.
    pub(super) fn signed(&self, value: ValueId, t: u32) -> i64 {
        sign_extend(self.scalar(value, t), self.widths[value.0 as usize])
    }

    /// The memref descriptor of a value in thread `t` (an empty one for a non-memref), by
    /// reference: a descriptor is large and hot loads and stores only read it.
    pub(super) fn descriptor_of(&self, value: ValueId, t: u32) -> &Descriptor {
        match &self.slots[value.0 as usize] {
            Slot::MemRefs(descriptors) => &descriptors[t as usize],
            Slot::Bits { .. } => &EMPTY_DESCRIPTOR,
        }
    }

    /// The memref descriptor of a value in thread `t`.
    pub(super) fn descriptor(&self, value: ValueId, t: u32) -> Descriptor {
        *self.descriptor_of(value, t)
    }

    /// Elements per thread of a scalar or vector value (0 for a memref).
    pub(super) fn per_thread(&self, value: ValueId) -> usize {
        match &self.slots[value.0 as usize] {
            Slot::Bits { per_thread, .. } => *per_thread,
            Slot::MemRefs(_) => 0,
        }
    }

    /// Moves a scalar or vector value's storage out of the table (`(per_thread, data)`), so
    /// that computing it may read other values; put it back with `Slot::Bits`.
    fn take_bits(
        &mut self,
        operation: &Operation,
        value: ValueId,
    ) -> Result<(usize, Vec<u64>), Error> {
        let slot = std::mem::replace(&mut self.slots[value.0 as usize], Slot::MemRefs(Vec::new()));
        match slot {
            Slot::Bits { per_thread, data } => Ok((per_thread, data)),
            slot => {
                self.slots[value.0 as usize] = slot;
                Err(malformed(operation, "expects a scalar or vector result"))
            }
        }
    }

    /// Computes a scalar or vector value: `compute(executor, t, elements)` fills thread `t`'s
    /// elements, for every active thread.
    pub(super) fn define<F>(
        &mut self,
        operation: &Operation,
        value: ValueId,
        lanes: &[u32],
        mut compute: F,
    ) -> Result<(), Error>
    where
        F: FnMut(&Self, u32, &mut [u64]) -> Result<(), Error>,
    {
        let (per_thread, mut data) = self.take_bits(operation, value)?;
        let mut outcome = Ok(());
        for &t in lanes {
            let start = t as usize * per_thread;
            outcome = compute(self, t, &mut data[start..start + per_thread]);
            if outcome.is_err() {
                break;
            }
        }
        self.slots[value.0 as usize] = Slot::Bits { per_thread, data };
        outcome
    }

    /// Computes a memref value: `compute(executor, t)` gives thread `t`'s descriptor.
    pub(super) fn define_memref<F>(
        &mut self,
        operation: &Operation,
        value: ValueId,
        lanes: &[u32],
        mut compute: F,
    ) -> Result<(), Error>
    where
        F: FnMut(&mut Self, u32) -> Result<Descriptor, Error>,
    {
        let slot = std::mem::replace(&mut self.slots[value.0 as usize], Slot::MemRefs(Vec::new()));
        let Slot::MemRefs(mut descriptors) = slot else {
            self.slots[value.0 as usize] = slot;
            return Err(malformed(operation, "expects a memref result"));
        };
        let mut outcome = Ok(());
        for &t in lanes {
            match compute(self, t) {
                Ok(descriptor) => descriptors[t as usize] = descriptor,
                Err(error) => {
                    outcome = Err(error);
                    break;
                }
            }
        }
        self.slots[value.0 as usize] = Slot::MemRefs(descriptors);
        outcome
    }

    /// Applies `f` element-wise to the first `N` operands, defining the single result.
    pub(super) fn elementwise<const N: usize>(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
        f: impl Fn([u64; N]) -> Result<u64, &'static str>,
    ) -> Result<(), Error> {
        let inputs: [ValueId; N] = operands(operation)?;
        let value = result(operation)?;
        let (per_thread, mut data) = self.take_bits(operation, value)?;
        // Each input as (bits, elements per thread, step per element): a scalar broadcasts
        // (step 0), a memref reads as zeros.
        let sources = inputs.map(|input| match &self.slots[input.0 as usize] {
            Slot::Bits { per_thread, data } => {
                (data.as_slice(), *per_thread, usize::from(*per_thread > 1))
            }
            Slot::MemRefs(_) => (&[0u64][..], 0, 0),
        });
        let mut outcome = Ok(());
        'lanes: for &t in lanes {
            let start = t as usize * per_thread;
            for (j, element) in data[start..start + per_thread].iter_mut().enumerate() {
                let values = sources.map(|(bits, width, step)| bits[t as usize * width + j * step]);
                match f(values) {
                    Ok(bits) => *element = bits,
                    Err(reason) => {
                        outcome = Err(self.trap(operation, t, reason));
                        break 'lanes;
                    }
                }
            }
        }
        self.slots[value.0 as usize] = Slot::Bits { per_thread, data };
        outcome
    }

    /// Copies `from[i]` into `to[i]` for the threads of `lanes`, as one parallel assignment.
    pub(super) fn copy_values(
        &mut self,
        operation: &Operation,
        from: &[ValueId],
        to: &[ValueId],
        lanes: &[u32],
    ) -> Result<(), Error> {
        if from.len() != to.len() {
            return Err(malformed(
                operation,
                format!("{} values flow into {} places", from.len(), to.len()),
            ));
        }
        if lanes.is_empty() {
            return Ok(());
        }
        let staged: Vec<Slot> = from
            .iter()
            .map(|value| self.slots[value.0 as usize].gather(lanes))
            .collect();
        for (target, compact) in to.iter().zip(&staged) {
            if !self.slots[target.0 as usize].scatter(lanes, compact) {
                return Err(malformed(
                    operation,
                    "a value flows into a place of another type",
                ));
            }
        }
        Ok(())
    }

    /// `(x, y, z)` of the current block.
    pub(super) fn block_name(&self) -> String {
        let [x, y, z] = self.block_id;
        format!("({x}, {y}, {z})")
    }

    /// `(x, y, z)` of thread `t`.
    pub(super) fn thread_name(&self, t: u32) -> String {
        let [x, y, z] = self.thread_coordinates(t);
        format!("({x}, {y}, {z})")
    }

    /// `block (x, y, z) thread (x, y, z)` of thread `t` in the current block.
    pub(super) fn qualified_thread_name(&self, t: u32) -> String {
        format!("block {} thread {}", self.block_name(), self.thread_name(t))
    }

    /// The thread id `(x, y, z)` of linear thread `t`.
    pub(super) fn thread_coordinates(&self, t: u32) -> [u32; 3] {
        let [width, height, _] = self.block_size;
        [t % width, (t / width) % height, t / (width * height)]
    }

    /// An error of thread `t` executing `operation`.
    pub(super) fn trap(&self, operation: &Operation, t: u32, reason: impl Into<String>) -> Error {
        Error::Trap {
            op: operation.op.name().to_string(),
            location: operation.location.clone(),
            thread: self.qualified_thread_name(t),
            reason: reason.into(),
        }
    }

    /// An out-of-bounds error of thread `t` executing `operation`.
    pub(super) fn out_of_bounds(&self, operation: &Operation, t: u32, detail: String) -> Error {
        Error::OutOfBounds {
            op: operation.op.name().to_string(),
            location: operation.location.clone(),
            thread: self.qualified_thread_name(t),
            detail,
        }
    }
}
