//! Memory accesses: `memref`/`affine` load and store, `vector` load, store and transfers.
//!
//! Model. Each active thread computes its indices (operands, or an affine map of operands),
//! checks every index against its memref's sizes and the resulting element against its buffer,
//! then reads or writes. Vector accesses cover `n` consecutive positions of the innermost
//! dimension (loads and stores) or of the dimension the transfer's permutation map names;
//! a transfer element that is masked off, or out of bounds when the transfer is not
//! `in_bounds`, reads the padding or writes nothing. Stores happen after every thread has
//! located its target, in ascending thread order. Then the op's warp requests go to the trace.
//!
//! Assumptions. Writing read-only memory (constant globals, constant space) is an error.
//!
//! Cost. Per thread: the rank for addressing, plus the vector length.

use crate::affine::AffineMap;
use crate::error::Error;
use crate::float::{self, from_f64, to_f64};
use crate::integer;
use crate::ir::{MemorySpace, Operation, ValueId};
use crate::memory::{BufferId, Descriptor, MAX_RANK};
use crate::ops::{AtomicKind, Op, Transfer, TransferAxis};

use super::values::{malformed, result};
use super::Executor;

/// Where an access op takes its indices from.
enum Indices<'a> {
    /// One index operand per dimension.
    Operands(&'a [ValueId]),
    /// An affine map over operands.
    Map(&'a AffineMap, &'a [ValueId]),
}

/// Where one thread's access lands.
#[derive(Clone, Copy)]
struct Place {
    buffer: BufferId,
    /// Buffer element of the first position.
    start: usize,
    /// Buffer elements between consecutive positions.
    stride: i64,
}

/// What the trace needs to know about one op execution.
struct Footprint {
    space: MemorySpace,
    element_bytes: u32,
    /// Positions per thread, and the buffer elements between them.
    extent: usize,
    stride: i64,
}

/// What every element of one transfer op is located with.
#[derive(Clone, Copy)]
struct TransferSite<'a> {
    operation: &'a Operation,
    transfer: Transfer,
    /// The index operands.
    indices: &'a [ValueId],
    /// The mask operand, if any.
    mask: &'a [ValueId],
}

/// The threads a transfer touched, where each one's transfer starts, and the footprint.
#[derive(Default)]
struct TransferLanes {
    accessed: Vec<u32>,
    addresses: Vec<u64>,
    footprint: Option<Footprint>,
}

impl TransferLanes {
    /// Notes thread `t`, whose first element accessed is `first` (`None`: none).
    fn note(
        &mut self,
        executor: &Executor,
        transfer: Transfer,
        descriptor: &Descriptor,
        first: Option<(usize, Place)>,
        extent: usize,
        t: u32,
    ) {
        if let Some((position, place)) = first {
            self.accessed.push(t);
            self.addresses
                .push(executor.lane_start(transfer, descriptor, position, place));
            self.footprint.get_or_insert_with(|| {
                executor.transfer_footprint(transfer, place, descriptor, extent)
            });
        }
    }
}

/// The stored value (for stores), the memref and the indices of a load or store.
fn parts(operation: &Operation) -> Result<(Option<ValueId>, ValueId, Indices<'_>), Error> {
    let operands = &operation.operands;
    let stores = matches!(
        operation.op,
        Op::Store | Op::AffineStore(_) | Op::VectorStore | Op::AtomicRmw(_)
    );
    let first = usize::from(stores);
    if operands.len() <= first {
        return Err(malformed(operation, "missing memref operand"));
    }
    let rest = &operands[first + 1..];
    let indices = match &operation.op {
        Op::AffineLoad(map) | Op::AffineStore(map) => Indices::Map(map, rest),
        _ => Indices::Operands(rest),
    };
    Ok((stores.then(|| operands[0]), operands[first], indices))
}

impl Executor<'_> {
    /// Thread `t`'s indices, into `point` (reused across threads: no allocation per thread).
    fn indices(
        &self,
        operation: &Operation,
        indices: &Indices,
        t: u32,
        point: &mut Vec<i64>,
    ) -> Result<(), Error> {
        match indices {
            Indices::Operands(values) => {
                point.clear();
                point.extend(values.iter().map(|&value| self.signed(value, t)));
            }
            Indices::Map(map, values) => *point = self.evaluate_map(operation, map, values, t)?,
        }
        Ok(())
    }

    /// The buffer element at `indices` (and `extent - 1` more along the innermost dimension),
    /// or an out-of-bounds error.
    fn locate(
        &self,
        operation: &Operation,
        descriptor: &Descriptor,
        indices: &[i64],
        extent: usize,
        t: u32,
    ) -> Result<Place, Error> {
        if indices.len() != descriptor.rank {
            return Err(malformed(
                operation,
                format!(
                    "{} indices for a memref of rank {}",
                    indices.len(),
                    descriptor.rank
                ),
            ));
        }
        let sizes = descriptor.sizes();
        let span = extent as i64 - 1;
        let inside = indices
            .iter()
            .zip(sizes)
            .enumerate()
            .all(|(dimension, (&index, &size))| {
                let last = if dimension + 1 == descriptor.rank {
                    index + span
                } else {
                    index
                };
                index >= 0 && last < size
            });
        if !inside {
            let along = if extent > 1 {
                format!(" (and {span} more along the innermost dimension)")
            } else {
                String::new()
            };
            return Err(self.out_of_bounds(
                operation,
                t,
                format!("indices {indices:?}{along} outside sizes {sizes:?}"),
            ));
        }
        let stride = descriptor.strides().last().copied().unwrap_or(1);
        let start = descriptor.offset
            + indices
                .iter()
                .zip(descriptor.strides())
                .map(|(&index, &stride)| index * stride)
                .sum::<i64>();
        let length = self.memory.buffer(descriptor.buffer).data.len() as i64;
        for element in [start, start + span * stride] {
            if !(0..length).contains(&element) {
                return Err(self.out_of_bounds(
                    operation,
                    t,
                    format!("indices {indices:?} reach element {element} outside its buffer of {length} elements"),
                ));
            }
        }
        Ok(Place {
            buffer: descriptor.buffer,
            start: start as usize,
            stride,
        })
    }

    /// The footprint of accesses to `place` covering `extent` positions.
    fn footprint(&self, place: Place, extent: usize) -> Footprint {
        let buffer = self.memory.buffer(place.buffer);
        Footprint {
            space: buffer.space,
            element_bytes: buffer.element.byte_width(),
            extent,
            stride: place.stride,
        }
    }

    /// Records one execution: `addresses[i]` is where thread `lanes[i]` starts.
    fn record(
        &mut self,
        operation: &Operation,
        footprint: &Footprint,
        lanes: &[u32],
        addresses: &[u64],
    ) {
        let Footprint {
            space,
            element_bytes,
            extent,
            stride,
        } = *footprint;
        if extent == 1 || stride == 1 {
            self.recorder.record(
                operation,
                space,
                lanes,
                addresses,
                element_bytes * extent as u32,
            );
            return;
        }
        let step = stride * i64::from(element_bytes);
        for position in 0..extent as i64 {
            let shifted: Vec<u64> = addresses
                .iter()
                .map(|&address| address.wrapping_add_signed(position * step))
                .collect();
            self.recorder
                .record(operation, space, lanes, &shifted, element_bytes);
        }
    }

    /// `memref.load`, `affine.load`, `vector.load`.
    pub(super) fn load(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let (_, memref, indices) = parts(operation)?;
        let value = result(operation)?;
        let extent = self.per_thread(value);
        let mut addresses = Vec::with_capacity(lanes.len());
        let mut footprint = None;
        let mut point = Vec::with_capacity(MAX_RANK);
        self.define(operation, value, lanes, |executor, t, out| {
            executor.indices(operation, &indices, t, &mut point)?;
            let place = executor.locate(
                operation,
                executor.descriptor_of(memref, t),
                &point,
                extent,
                t,
            )?;
            let buffer = executor.memory.buffer(place.buffer);
            for (position, element) in out.iter_mut().enumerate() {
                *element =
                    buffer.data[(place.start as i64 + position as i64 * place.stride) as usize];
            }
            addresses.push(buffer.address(place.start));
            footprint.get_or_insert_with(|| executor.footprint(place, extent));
            Ok(())
        })?;
        if let Some(footprint) = footprint {
            self.record(operation, &footprint, lanes, &addresses);
        }
        Ok(())
    }

    /// `memref.store`, `affine.store`, `vector.store`.
    pub(super) fn store(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let (Some(value), memref, indices) = parts(operation)? else {
            return Err(malformed(operation, "missing value operand"));
        };
        let extent = self.per_thread(value);
        let mut places = Vec::with_capacity(lanes.len());
        let mut point = Vec::with_capacity(MAX_RANK);
        for &t in lanes {
            self.indices(operation, &indices, t, &mut point)?;
            let place = self.locate(operation, self.descriptor_of(memref, t), &point, extent, t)?;
            if self.memory.buffer(place.buffer).read_only {
                return Err(self.trap(operation, t, "store to read-only memory"));
            }
            places.push(place);
        }
        let mut addresses = Vec::with_capacity(lanes.len());
        for (&t, place) in lanes.iter().zip(&places) {
            for position in 0..extent {
                let bits = self.element_at(value, t, position);
                let index = (place.start as i64 + position as i64 * place.stride) as usize;
                self.memory.write(place.buffer, index, bits);
            }
            addresses.push(self.memory.buffer(place.buffer).address(place.start));
        }
        if let Some(&place) = places.first() {
            let footprint = self.footprint(place, extent);
            self.record(operation, &footprint, lanes, &addresses);
        }
        Ok(())
    }

    /// `memref.atomic_rmw`: lane by lane in lane order, the element becomes `old ∘ value` and the
    /// lane gets `old` (a defined order, so `diff` compares histogram-like kernels exactly).
    pub(super) fn atomic_rmw(
        &mut self,
        operation: &Operation,
        kind: AtomicKind,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let (Some(value), memref, indices) = parts(operation)? else {
            return Err(malformed(operation, "missing value operand"));
        };
        let element = self.element(value);
        let result = result(operation)?;
        let mut olds = Vec::with_capacity(lanes.len());
        let mut addresses = Vec::with_capacity(lanes.len());
        let mut footprint = None;
        let mut point = Vec::with_capacity(MAX_RANK);
        for &t in lanes {
            self.indices(operation, &indices, t, &mut point)?;
            let place = self.locate(operation, self.descriptor_of(memref, t), &point, 1, t)?;
            if self.memory.buffer(place.buffer).read_only {
                return Err(self.trap(operation, t, "atomic on read-only memory"));
            }
            let operand = self.element_at(value, t, 0);
            let old = self.memory.buffer(place.buffer).data[place.start];
            let new = match kind {
                AtomicKind::Assign => operand,
                AtomicKind::Float(op) => from_f64(
                    float::binary(op, to_f64(old, element), to_f64(operand, element)),
                    element,
                ),
                AtomicKind::Integer(op) => integer::binary(op, old, operand, element.bit_width())
                    .map_err(|why| self.trap(operation, t, why))?,
            };
            self.memory.write(place.buffer, place.start, new);
            olds.push(old);
            addresses.push(self.memory.buffer(place.buffer).address(place.start));
            footprint.get_or_insert_with(|| self.footprint(place, 1));
        }
        let mut next = olds.into_iter();
        self.define(operation, result, lanes, |_, _, out| {
            out[0] = next.next().unwrap_or_default();
            Ok(())
        })?;
        if let Some(footprint) = footprint {
            self.record(operation, &footprint, lanes, &addresses);
        }
        Ok(())
    }

    /// Where element `position` of a transfer goes in thread `t`: `None` when masked off or
    /// (for a transfer that is not `in_bounds`) out of bounds along the transfer dimension.
    fn transfer_element(
        &self,
        site: &TransferSite,
        descriptor: &Descriptor,
        position: usize,
        t: u32,
    ) -> Result<Option<Place>, Error> {
        let TransferSite {
            operation,
            transfer,
            indices,
            mask,
        } = *site;
        if let Some(&mask) = mask.first() {
            if self.element_at(mask, t, position) & 1 == 0 {
                return Ok(None);
            }
        }
        let mut point = self.signed_operands(indices, t);
        if let TransferAxis::Dimension(dimension) = transfer.axis {
            if dimension >= point.len() {
                return Err(malformed(
                    operation,
                    format!("transfer dimension {dimension} beyond the indices"),
                ));
            }
            point[dimension] += position as i64;
            if !transfer.in_bounds && !(0..descriptor.sizes[dimension]).contains(&point[dimension])
            {
                return Ok(None);
            }
        }
        self.locate(operation, descriptor, &point, 1, t).map(Some)
    }

    /// Splits a transfer's operands after `fixed` leading ones into indices, the padding
    /// operand (when `padded`, one after the indices) and the mask.
    fn transfer_operands(
        operation: &Operation,
        transfer: Transfer,
        fixed: usize,
        padded: bool,
    ) -> Result<[&[ValueId]; 3], Error> {
        let trailing = usize::from(padded) + usize::from(transfer.masked);
        let operands = &operation.operands;
        if operands.len() < fixed + trailing {
            return Err(malformed(operation, "too few operands"));
        }
        let (indices, rest) = operands[fixed..].split_at(operands.len() - fixed - trailing);
        let (padding, mask) = rest.split_at(usize::from(padded));
        Ok([indices, padding, mask])
    }

    /// The address where a lane's transfer starts (its element 0, even when that one is
    /// masked off or out of bounds), given that element `position` lies at `place`.
    fn lane_start(
        &self,
        transfer: Transfer,
        descriptor: &Descriptor,
        position: usize,
        place: Place,
    ) -> u64 {
        let buffer = self.memory.buffer(place.buffer);
        let stride = match transfer.axis {
            TransferAxis::Dimension(dimension) => descriptor.strides[dimension],
            TransferAxis::Broadcast => 0,
        };
        let back = position as i64 * stride * i64::from(buffer.element.byte_width());
        buffer.address(place.start).wrapping_add_signed(-back)
    }

    /// The trace footprint of a transfer along `axis` of `descriptor`.
    fn transfer_footprint(
        &self,
        transfer: Transfer,
        place: Place,
        descriptor: &Descriptor,
        extent: usize,
    ) -> Footprint {
        let mut footprint = self.footprint(place, extent);
        match transfer.axis {
            TransferAxis::Dimension(dimension) => footprint.stride = descriptor.strides[dimension],
            TransferAxis::Broadcast => footprint.extent = 1,
        }
        footprint
    }

    /// Records a transfer's requests: the lanes it touched, from where each starts.
    fn record_transfer(&mut self, operation: &Operation, touched: TransferLanes) {
        if let Some(footprint) = touched.footprint {
            self.record(operation, &footprint, &touched.accessed, &touched.addresses);
        }
    }

    /// `vector.transfer_read`: `[memref, indices..., padding, mask?]`.
    pub(super) fn transfer_read(
        &mut self,
        operation: &Operation,
        transfer: Transfer,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [indices, padding, mask] = Self::transfer_operands(operation, transfer, 1, true)?;
        let site = TransferSite {
            operation,
            transfer,
            indices,
            mask,
        };
        let (memref, padding) = (operation.operands[0], padding[0]);
        let value = result(operation)?;
        let extent = self.per_thread(value);
        let mut touched = TransferLanes::default();
        self.define(operation, value, lanes, |executor, t, out| {
            let descriptor = executor.descriptor(memref, t);
            let mut first = None;
            for (position, element) in out.iter_mut().enumerate() {
                *element = match executor.transfer_element(&site, &descriptor, position, t)? {
                    Some(place) => {
                        first.get_or_insert((position, place));
                        executor.memory.buffer(place.buffer).data[place.start]
                    }
                    None => executor.scalar(padding, t),
                };
            }
            touched.note(executor, transfer, &descriptor, first, extent, t);
            Ok(())
        })?;
        self.record_transfer(operation, touched);
        Ok(())
    }

    /// `vector.transfer_write`: `[vector, memref, indices..., mask?]`.
    pub(super) fn transfer_write(
        &mut self,
        operation: &Operation,
        transfer: Transfer,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [indices, _, mask] = Self::transfer_operands(operation, transfer, 2, false)?;
        let site = TransferSite {
            operation,
            transfer,
            indices,
            mask,
        };
        let (value, memref) = (operation.operands[0], operation.operands[1]);
        if transfer.axis == TransferAxis::Broadcast {
            return Err(malformed(operation, "a transfer_write cannot broadcast"));
        }
        let extent = self.per_thread(value);
        let (mut writes, mut touched) = (Vec::new(), TransferLanes::default());
        for &t in lanes {
            let descriptor = self.descriptor(memref, t);
            let mut first = None;
            for position in 0..extent {
                if let Some(place) = self.transfer_element(&site, &descriptor, position, t)? {
                    if self.memory.buffer(place.buffer).read_only {
                        return Err(self.trap(operation, t, "store to read-only memory"));
                    }
                    first.get_or_insert((position, place));
                    writes.push((place, self.element_at(value, t, position)));
                }
            }
            touched.note(self, transfer, &descriptor, first, extent, t);
        }
        for (place, bits) in writes {
            self.memory.write(place.buffer, place.start, bits);
        }
        self.record_transfer(operation, touched);
        Ok(())
    }
}
