//! `memref` ops that make or inspect descriptors: allocation, views, casts, globals, `dim`.
//!
//! Model. Views compute a new descriptor per thread from the source's, as MLIR's lowering to
//! LLVM does: `subview` adds `Σ offset_d · stride_d` and multiplies strides; `reinterpret_cast`
//! sets an absolute offset, sizes and strides; `expand_shape` splits a dimension into a group
//! whose innermost member keeps the stride; `collapse_shape` merges a contiguous group.
//! `alloc`/`alloca` make a zero-filled row-major buffer: one per block in workgroup space,
//! otherwise one per thread; re-running the op (a loop) reuses and refills it.
//!
//! Assumptions. A subview must lie inside its source, an expanded group must multiply to its
//! source size and a collapsed group must be contiguous; otherwise an error names the thread.
//!
//! Cost. Linear in the rank per thread.

use crate::error::Error;
use crate::ir::{Dimension, ElementType, GlobalId, MemorySpace, Operation, Type, ValueId};
use crate::memory::{BufferId, Descriptor};

use super::values::{malformed, operands, result};
use super::Executor;

/// The descriptor, or a malformed-op error when the rank is too high.
fn checked(operation: &Operation, descriptor: Option<Descriptor>) -> Result<Descriptor, Error> {
    descriptor.ok_or_else(|| malformed(operation, "rank above the supported maximum"))
}

impl<'k> Executor<'k> {
    /// Static-or-dynamic `entries`, taking dynamic ones from `dynamic[*cursor..]` in thread `t`.
    fn resolve(
        &self,
        operation: &Operation,
        entries: &[Dimension],
        dynamic: &[ValueId],
        cursor: &mut usize,
        t: u32,
    ) -> Result<Vec<i64>, Error> {
        entries
            .iter()
            .map(|entry| match entry {
                Dimension::Static(value) => Ok(*value),
                Dimension::Dynamic => {
                    let operand = dynamic
                        .get(*cursor)
                        .ok_or_else(|| malformed(operation, "missing a dynamic operand"))?;
                    *cursor += 1;
                    Ok(self.signed(*operand, t))
                }
            })
            .collect()
    }

    /// The zero-filled buffer of `operation` for `owner` (a thread, or `u32::MAX` for the block).
    fn scoped_buffer(
        &mut self,
        operation: &Operation,
        owner: u32,
        element: ElementType,
        space: MemorySpace,
        length: usize,
    ) -> Result<BufferId, String> {
        let key = (operation as *const Operation, owner);
        match self.allocations.get(&key) {
            Some(&buffer) => {
                self.memory.zero(buffer, length);
                Ok(buffer)
            }
            None => {
                self.hold(length, "this allocation")?;
                let buffer = self.memory.allocate(element, space, vec![0; length], false);
                self.allocations.insert(key, buffer);
                Ok(buffer)
            }
        }
    }

    /// `memref.alloc`, `memref.alloca`.
    pub(super) fn allocate(
        &mut self,
        operation: &'k Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let value = result(operation)?;
        let kernel = self.kernel;
        let Type::MemRef(ty) = kernel.value_type(value) else {
            return Err(malformed(operation, "expects a memref result"));
        };
        let per_block = ty.space == MemorySpace::Workgroup;
        let mut shared: Option<Descriptor> = None;
        self.define_memref(operation, value, lanes, |executor, t| {
            let sizes = executor.resolve(operation, &ty.shape, &operation.operands, &mut 0, t)?;
            if let Some(descriptor) = shared {
                return if descriptor.sizes() == sizes.as_slice() {
                    Ok(descriptor)
                } else {
                    Err(executor.trap(
                        operation,
                        t,
                        "workgroup allocation sizes differ between threads",
                    ))
                };
            }
            if sizes.iter().any(|&size| size < 0) {
                return Err(executor.trap(operation, t, format!("negative size in {sizes:?}")));
            }
            let length = crate::memory::checked_length(&sizes, ty.element)
                .map_err(|why| executor.trap(operation, t, why))?;
            let owner = if per_block { u32::MAX } else { t };
            let buffer = executor
                .scoped_buffer(operation, owner, ty.element, ty.space, length)
                .map_err(|why| executor.trap(operation, t, why))?;
            let descriptor = checked(operation, Descriptor::row_major(buffer, &sizes))?;
            if per_block {
                shared = Some(descriptor);
            }
            Ok(descriptor)
        })
    }

    /// `gpu.dynamic_shared_memory`: the block's `i8` buffer of the launch's dynamic size.
    pub(super) fn dynamic_shared_memory(
        &mut self,
        operation: &'k Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let value = result(operation)?;
        let bytes = self.options.dynamic_shared_bytes;
        let mut shared: Option<Descriptor> = None;
        self.define_memref(operation, value, lanes, |executor, t| {
            if let Some(descriptor) = shared {
                return Ok(descriptor);
            }
            let length = usize::try_from(bytes)
                .map_err(|_| executor.trap(operation, t, "too many bytes"))?;
            let buffer = executor
                .scoped_buffer(
                    operation,
                    u32::MAX,
                    ElementType::Integer(8),
                    MemorySpace::Workgroup,
                    length,
                )
                .map_err(|why| executor.trap(operation, t, why))?;
            let descriptor = checked(operation, Descriptor::row_major(buffer, &[bytes as i64]))?;
            shared = Some(descriptor);
            Ok(descriptor)
        })
    }

    /// `memref.view` of dynamic shared memory: a typed per-block buffer for bytes
    /// `[shift, shift + size)` of it, which must lie inside it and overlap no other view.
    pub(super) fn view(&mut self, operation: &'k Operation, lanes: &[u32]) -> Result<(), Error> {
        let value = result(operation)?;
        let kernel = self.kernel;
        let Type::MemRef(ty) = kernel.value_type(value) else {
            return Err(malformed(operation, "expects a memref result"));
        };
        let (&source, rest) = operation
            .operands
            .split_first()
            .ok_or_else(|| malformed(operation, "expects a source"))?;
        let (&shift, sizes) = rest
            .split_first()
            .ok_or_else(|| malformed(operation, "expects a byte shift"))?;
        let mut shared: Option<(Descriptor, i64)> = None;
        self.define_memref(operation, value, lanes, |executor, t| {
            let sizes = executor.resolve(operation, &ty.shape, sizes, &mut 0, t)?;
            let start = executor.signed(shift, t);
            if let Some((descriptor, first)) = shared {
                return if descriptor.sizes() == sizes.as_slice() && first == start {
                    Ok(descriptor)
                } else {
                    Err(executor.trap(
                        operation,
                        t,
                        "the view's byte shift or sizes differ between threads",
                    ))
                };
            }
            let source_view = *executor.descriptor_of(source, t);
            let buffer = executor.memory.buffer(source_view.buffer);
            if buffer.element != ElementType::Integer(8) || buffer.space != MemorySpace::Workgroup {
                return Err(executor.trap(operation, t, "a view of memory other than dynamic shared memory"));
            }
            let available = buffer.data.len() as i64;
            let length = crate::memory::checked_length(&sizes, ty.element)
                .map_err(|why| executor.trap(operation, t, why))?;
            let end = start.saturating_add((length as i64).saturating_mul(i64::from(ty.element.byte_width())));
            if start < 0 || end > available {
                return Err(executor.trap(
                    operation,
                    t,
                    format!("bytes [{start}, {end}) of the {available} B of dynamic shared memory the launch gives"),
                ));
            }
            let key = operation as *const Operation;
            if let Some(&(_, from, to)) = executor
                .dynamic_views
                .iter()
                .find(|&&(other, from, to)| other != key && start < to && from < end)
            {
                return Err(executor.trap(
                    operation,
                    t,
                    format!("bytes [{start}, {end}) overlap another view's [{from}, {to}): typed views of one buffer do not alias in the interpreter"),
                ));
            }
            executor.dynamic_views.retain(|&(other, _, _)| other != key);
            executor.dynamic_views.push((key, start, end));
            let buffer = executor
                .scoped_buffer(operation, u32::MAX, ty.element, MemorySpace::Workgroup, length)
                .map_err(|why| executor.trap(operation, t, why))?;
            let descriptor = checked(operation, Descriptor::row_major(buffer, &sizes))?;
            shared = Some((descriptor, start));
            Ok(descriptor)
        })
    }

    /// `memref.extract_aligned_pointer_as_index`: the byte address of the view's buffer (where
    /// its allocation starts, before the view's offset), as the NVVM lowering's aligned pointer.
    pub(super) fn aligned_pointer(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [memref] = operands(operation)?;
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            let buffer = executor.descriptor(memref, t).buffer;
            out[0] = executor.memory.buffer(buffer).base;
            Ok(())
        })
    }

    /// `memref.dim`.
    pub(super) fn dimension(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let [memref, index] = operands(operation)?;
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            let descriptor = executor.descriptor(memref, t);
            let position = executor.signed(index, t);
            out[0] = usize::try_from(position)
                .ok()
                .and_then(|position| descriptor.sizes().get(position))
                .ok_or_else(|| {
                    executor.trap(
                        operation,
                        t,
                        format!("dimension {position} of a rank-{} memref", descriptor.rank),
                    )
                })?
                .to_owned() as u64;
            Ok(())
        })
    }

    /// Defines a view of the memref operand 0: `compute(executor, descriptor, t)` gives thread
    /// `t`'s view from its source `descriptor`.
    fn define_view<F>(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
        mut compute: F,
    ) -> Result<(), Error>
    where
        F: FnMut(&mut Self, Descriptor, u32) -> Result<Descriptor, Error>,
    {
        let [source] = operands(operation)?;
        self.define_memref(operation, result(operation)?, lanes, |executor, t| {
            let descriptor = executor.descriptor(source, t);
            compute(executor, descriptor, t)
        })
    }

    /// `memref.subview`.
    pub(super) fn subview(
        &mut self,
        operation: &Operation,
        [offsets, sizes, strides]: [&[Dimension]; 3],
        dropped: &[usize],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let dynamic = &operation.operands[1..];
        self.define_view(operation, lanes, |executor, descriptor, t| {
            let mut cursor = 0;
            let offsets = executor.resolve(operation, offsets, dynamic, &mut cursor, t)?;
            let sizes = executor.resolve(operation, sizes, dynamic, &mut cursor, t)?;
            let strides = executor.resolve(operation, strides, dynamic, &mut cursor, t)?;
            if [offsets.len(), sizes.len(), strides.len()] != [descriptor.rank; 3] {
                return Err(malformed(operation, "offsets, sizes and strides must match the source rank"));
            }
            let (mut offset, mut kept_sizes, mut kept_strides) = (descriptor.offset, Vec::new(), Vec::new());
            for dimension in 0..descriptor.rank {
                let (start, size, step) = (offsets[dimension], sizes[dimension], strides[dimension]);
                let last = start + (size - 1) * step;
                let bound = descriptor.sizes[dimension];
                if start < 0 || size < 0 || (size > 0 && !(0..bound).contains(&last)) || (size > 0 && start >= bound) {
                    return Err(executor.out_of_bounds(
                        operation,
                        t,
                        format!("subview offsets {offsets:?} sizes {sizes:?} strides {strides:?} outside sizes {:?}", descriptor.sizes()),
                    ));
                }
                offset += start * descriptor.strides[dimension];
                if dropped.contains(&dimension) {
                    if size != 1 {
                        return Err(executor.trap(operation, t, format!("dropped dimension {dimension} has size {size}")));
                    }
                    continue;
                }
                kept_sizes.push(size);
                kept_strides.push(step * descriptor.strides[dimension]);
            }
            checked(operation, Descriptor::new(descriptor.buffer, offset, &kept_sizes, &kept_strides))
        })
    }

    /// `memref.cast`: the same view, checked against the result type's static sizes.
    pub(super) fn memref_cast(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [source] = operands(operation)?;
        let value = result(operation)?;
        let Type::MemRef(ty) = self.kernel.value_type(value) else {
            return Err(malformed(operation, "expects a memref result"));
        };
        self.define_memref(operation, value, lanes, |executor, t| {
            let descriptor = executor.descriptor(source, t);
            let fits = ty.accepts(descriptor.sizes());
            if fits {
                Ok(descriptor)
            } else {
                Err(executor.trap(
                    operation,
                    t,
                    format!("sizes {:?} do not fit {:?}", descriptor.sizes(), ty.shape),
                ))
            }
        })
    }

    /// `memref.reinterpret_cast`.
    pub(super) fn reinterpret_cast(
        &mut self,
        operation: &Operation,
        offset: Dimension,
        sizes: &[Dimension],
        strides: &[Dimension],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let dynamic = &operation.operands[1..];
        self.define_view(operation, lanes, |executor, descriptor, t| {
            let mut cursor = 0;
            let offset = executor.resolve(operation, &[offset], dynamic, &mut cursor, t)?[0];
            let sizes = executor.resolve(operation, sizes, dynamic, &mut cursor, t)?;
            let strides = executor.resolve(operation, strides, dynamic, &mut cursor, t)?;
            if sizes.len() != strides.len() {
                return Err(malformed(operation, "sizes and strides differ in length"));
            }
            checked(
                operation,
                Descriptor::new(descriptor.buffer, offset, &sizes, &strides),
            )
        })
    }

    /// `memref.expand_shape`.
    pub(super) fn expand_shape(
        &mut self,
        operation: &Operation,
        reassociation: &[Vec<usize>],
        output_shape: &[Dimension],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let dynamic = &operation.operands[1..];
        self.define_view(operation, lanes, |executor, descriptor, t| {
            let sizes = executor.resolve(operation, output_shape, dynamic, &mut 0, t)?;
            let valid = reassociation.len() == descriptor.rank
                && reassociation
                    .iter()
                    .flatten()
                    .all(|&dimension| dimension < sizes.len());
            if !valid {
                return Err(malformed(
                    operation,
                    "reassociation does not match the shapes",
                ));
            }
            let mut strides = vec![0; sizes.len()];
            for (source_dimension, group) in reassociation.iter().enumerate() {
                let product: i64 = group.iter().map(|&dimension| sizes[dimension]).product();
                if product != descriptor.sizes[source_dimension] {
                    return Err(executor.trap(
                        operation,
                        t,
                        format!(
                            "sizes {sizes:?} do not split source sizes {:?}",
                            descriptor.sizes()
                        ),
                    ));
                }
                let mut stride = descriptor.strides[source_dimension];
                for &dimension in group.iter().rev() {
                    strides[dimension] = stride;
                    stride *= sizes[dimension];
                }
            }
            checked(
                operation,
                Descriptor::new(descriptor.buffer, descriptor.offset, &sizes, &strides),
            )
        })
    }

    /// `memref.collapse_shape`.
    pub(super) fn collapse_shape(
        &mut self,
        operation: &Operation,
        reassociation: &[Vec<usize>],
        lanes: &[u32],
    ) -> Result<(), Error> {
        self.define_view(operation, lanes, |executor, descriptor, t| {
            if reassociation
                .iter()
                .flatten()
                .any(|&dimension| dimension >= descriptor.rank)
            {
                return Err(malformed(operation, "reassociation beyond the source rank"));
            }
            let (mut sizes, mut strides) = (Vec::new(), Vec::new());
            for group in reassociation {
                let (mut size, mut innermost, mut expected) = (1, None, None);
                for &dimension in group.iter().rev() {
                    let (extent, stride) =
                        (descriptor.sizes[dimension], descriptor.strides[dimension]);
                    size *= extent;
                    if extent == 1 {
                        continue;
                    }
                    if expected.is_some_and(|expected| expected != stride) {
                        return Err(executor.trap(
                            operation,
                            t,
                            format!("collapsing non-contiguous dimensions {group:?}"),
                        ));
                    }
                    expected = Some(stride * extent);
                    innermost.get_or_insert(stride);
                }
                let last = group
                    .last()
                    .map_or(1, |&dimension| descriptor.strides[dimension]);
                sizes.push(size);
                strides.push(innermost.unwrap_or(last));
            }
            checked(
                operation,
                Descriptor::new(descriptor.buffer, descriptor.offset, &sizes, &strides),
            )
        })
    }

    /// `memref.get_global`.
    pub(super) fn get_global(
        &mut self,
        operation: &Operation,
        global: GlobalId,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let (buffer, sizes) = self
            .globals
            .get(global.0 as usize)
            .cloned()
            .ok_or_else(|| malformed(operation, "unknown global"))?;
        let descriptor = checked(operation, Descriptor::row_major(buffer, &sizes))?;
        self.define_memref(operation, result(operation)?, lanes, |_, _| Ok(descriptor))
    }
}
