//! Memory: buffers with byte addresses, and memref descriptors that view them.
//!
//! Model. A [`Buffer`] is a flat array of elements of one type in one memory space; each element
//! is its bit pattern in a `u64`. Every buffer gets a distinct base byte address, 256-byte
//! aligned, from a counter of its own space, so sector (32 B) and bank (4 B × 32) arithmetic on
//! the addresses is what the hardware would see. A [`Descriptor`] is a memref value as MLIR's
//! lowering has it: buffer, element offset, sizes and strides; element `i` of a memref is buffer
//! element `offset + Σ_d i_d · stride_d` at byte address `base + that · element_bytes`.
//!
//! Assumptions. Ranks are at most [`MAX_RANK`]; descriptors are plain `Copy` data so every thread
//! carries its own. A buffer reused for a new block or a new allocation is zero-filled (MLIR
//! leaves fresh memory undefined; zero is our documented choice) and keeps its address unless
//! it must grow.
//!
//! Cost. Allocation is linear in the buffer's size; addressing is linear in the rank.

use crate::ir::{ElementType, MemorySpace};

/// The largest memref rank the interpreter handles.
pub const MAX_RANK: usize = 8;

/// Alignment of every buffer's base address, in bytes.
const BASE_ALIGNMENT: u64 = 256;

/// The most one buffer may take, in bytes of its elements (each held in 8 bytes here): what a
/// kernel run on this project's 24 GiB machines can afford. A larger buffer is an error that
/// names it, never an aborted allocation.
pub const MAX_BUFFER_BYTES: u64 = 4 << 30;

/// The elements of a buffer of `sizes` of `element`, or why the interpreter cannot hold it:
/// a size that overflows, or more than [`MAX_BUFFER_BYTES`].
pub fn checked_length(sizes: &[i64], element: ElementType) -> Result<usize, String> {
    let elements = sizes.iter().try_fold(1u64, |count, &size| {
        count.checked_mul(u64::try_from(size).ok()?)
    });
    let bytes = elements.and_then(|count| count.checked_mul(8));
    match (elements, bytes) {
        (Some(count), Some(bytes)) if bytes <= MAX_BUFFER_BYTES => Ok(count as usize),
        _ => Err(format!(
            "a buffer of {} {element:?} elements is more than the interpreter holds ({} GiB)",
            sizes
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join("x"),
            MAX_BUFFER_BYTES >> 30
        )),
    }
}

/// Index of a buffer in [`Memory`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct BufferId(pub(crate) u32);

/// A memref value: a strided view of a buffer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Descriptor {
    pub(crate) buffer: BufferId,
    pub(crate) offset: i64,
    pub(crate) rank: usize,
    pub(crate) sizes: [i64; MAX_RANK],
    pub(crate) strides: [i64; MAX_RANK],
}

impl Descriptor {
    /// A view with the given layout, or `None` when the rank exceeds [`MAX_RANK`].
    pub(crate) fn new(
        buffer: BufferId,
        offset: i64,
        sizes: &[i64],
        strides: &[i64],
    ) -> Option<Self> {
        if sizes.len() > MAX_RANK {
            return None;
        }
        let mut descriptor = Descriptor {
            buffer,
            offset,
            rank: sizes.len(),
            ..Descriptor::default()
        };
        descriptor.sizes[..sizes.len()].copy_from_slice(sizes);
        descriptor.strides[..strides.len()].copy_from_slice(strides);
        Some(descriptor)
    }

    /// A row-major view of a whole buffer.
    pub(crate) fn row_major(buffer: BufferId, sizes: &[i64]) -> Option<Self> {
        let mut strides = vec![1i64; sizes.len()];
        for dimension in (0..sizes.len().saturating_sub(1)).rev() {
            strides[dimension] = strides[dimension + 1] * sizes[dimension + 1];
        }
        Descriptor::new(buffer, 0, sizes, &strides)
    }

    /// The buffer element of every memref element, row-major; `None` if one lies before the
    /// buffer's start.
    pub(crate) fn positions(&self) -> Option<Vec<usize>> {
        let count = self.sizes().iter().product::<i64>().max(0) as usize;
        let mut positions = Vec::with_capacity(count);
        let mut index = [0i64; MAX_RANK];
        for _ in 0..count {
            let element = (0..self.rank).fold(self.offset, |sum, dimension| {
                sum + index[dimension] * self.strides[dimension]
            });
            positions.push(usize::try_from(element).ok()?);
            for dimension in (0..self.rank).rev() {
                index[dimension] += 1;
                if index[dimension] < self.sizes[dimension] {
                    break;
                }
                index[dimension] = 0;
            }
        }
        Some(positions)
    }

    /// The sizes, outermost first.
    pub(crate) fn sizes(&self) -> &[i64] {
        &self.sizes[..self.rank]
    }

    /// The strides, outermost first.
    pub(crate) fn strides(&self) -> &[i64] {
        &self.strides[..self.rank]
    }
}

/// A flat array of elements with a base address.
#[derive(Debug)]
pub(crate) struct Buffer {
    pub(crate) element: ElementType,
    pub(crate) space: MemorySpace,
    pub(crate) base: u64,
    pub(crate) data: Vec<u64>,
    pub(crate) read_only: bool,
    reserved_bytes: u64,
}

impl Buffer {
    /// The byte address of element `index`.
    pub(crate) fn address(&self, index: usize) -> u64 {
        self.base + index as u64 * u64::from(self.element.byte_width())
    }
}

/// All buffers of one launch.
#[derive(Debug, Default)]
pub(crate) struct Memory {
    buffers: Vec<Buffer>,
    next_base: [u64; 4],
    /// How many writes so far changed an element (a write of the value already there does
    /// not count): a loop round that changes nothing, here or in its carried values, spins.
    pub(crate) changes: u64,
}

fn space_index(space: MemorySpace) -> usize {
    match space {
        MemorySpace::Global => 0,
        MemorySpace::Workgroup => 1,
        MemorySpace::Private => 2,
        MemorySpace::Constant => 3,
    }
}

impl Memory {
    fn reserve(&mut self, space: MemorySpace, bytes: u64) -> (u64, u64) {
        let reserved = bytes.max(1).div_ceil(BASE_ALIGNMENT) * BASE_ALIGNMENT;
        let next = &mut self.next_base[space_index(space)];
        // Address 0 stays unused so that no buffer looks like a null pointer.
        let base = (*next).max(BASE_ALIGNMENT);
        *next = base + reserved;
        (base, reserved)
    }

    /// Adds a buffer holding `data`.
    pub(crate) fn allocate(
        &mut self,
        element: ElementType,
        space: MemorySpace,
        data: Vec<u64>,
        read_only: bool,
    ) -> BufferId {
        let bytes = data.len() as u64 * u64::from(element.byte_width());
        let (base, reserved_bytes) = self.reserve(space, bytes);
        self.buffers.push(Buffer {
            element,
            space,
            base,
            data,
            read_only,
            reserved_bytes,
        });
        BufferId(self.buffers.len() as u32 - 1)
    }

    /// Moves a new buffer to start `bytes` past a 256-byte boundary (a fresh reservation,
    /// `bytes` larger, so it overlaps no other buffer).
    pub(crate) fn misalign(&mut self, id: BufferId, bytes: u64) {
        if bytes == 0 {
            return;
        }
        let buffer = &self.buffers[id.0 as usize];
        let size = buffer.data.len() as u64 * u64::from(buffer.element.byte_width());
        let (base, reserved) = self.reserve(buffer.space, size + bytes);
        let buffer = &mut self.buffers[id.0 as usize];
        buffer.base = base + bytes;
        buffer.reserved_bytes = reserved - bytes;
    }

    /// Refills a buffer with `length` zeros, moving it to a new address only if it grew.
    pub(crate) fn zero(&mut self, id: BufferId, length: usize) {
        let buffer = &self.buffers[id.0 as usize];
        let bytes = length as u64 * u64::from(buffer.element.byte_width());
        if bytes > buffer.reserved_bytes {
            let (base, reserved) = self.reserve(buffer.space, bytes);
            let buffer = &mut self.buffers[id.0 as usize];
            buffer.base = base;
            buffer.reserved_bytes = reserved;
        }
        let data = &mut self.buffers[id.0 as usize].data;
        data.clear();
        data.resize(length, 0);
    }

    /// The buffer with the given id.
    pub(crate) fn buffer(&self, id: BufferId) -> &Buffer {
        &self.buffers[id.0 as usize]
    }

    /// The buffer with the given id, for writing.
    pub(crate) fn buffer_mut(&mut self, id: BufferId) -> &mut Buffer {
        &mut self.buffers[id.0 as usize]
    }

    /// Writes `bits` into element `index` of buffer `id`, counting it if that changes it.
    pub(crate) fn write(&mut self, id: BufferId, index: usize, bits: u64) {
        let element = &mut self.buffers[id.0 as usize].data[index];
        if *element != bits {
            *element = bits;
            self.changes += 1;
        }
    }
}
