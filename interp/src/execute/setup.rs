//! Launch setup: binding arguments to parameters and creating the buffers of globals and
//! attributions.
//!
//! Model. A scalar argument fills its parameter's slot for every thread. A buffer argument's
//! data moves into a global (or constant, read-only) buffer viewed row-major by every thread,
//! or, for a parameter with a strided layout, scattered into a buffer spanning the layout and
//! viewed through it; `run` moves (gathers) it back afterwards. Globals get one buffer per launch initialised from their
//! initial value, except workgroup-space globals, which are refilled with zeros for every
//! block like workgroup attributions; private attributions get one buffer per thread, also
//! refilled for every block.
//!
//! A constant binding (parameter, global) makes the launcher's copy explicit: the global starts
//! with the bound argument's data instead of its initial value (gpu-mem-opt moves read-only
//! arguments to constant memory this way; the argument keeps its place in the signature).
//!
//! Assumptions. Globals and attributions have static shapes; ranks are at most `MAX_RANK`.
//!
//! Cost. Linear in the arguments' and buffers' sizes.

use crate::argument::{Argument, HostBuffer};
use crate::error::Error;
use crate::ir::{GlobalId, Kernel, Layout, MemRefType, MemorySpace, Type, ValueId};
use crate::memory::{BufferId, Descriptor};

use super::values::Slot;
use super::Executor;

/// A buffer argument bound to a device buffer, to be given back after the launch.
pub(super) struct Bound {
    /// The argument's position.
    pub(super) index: usize,
    /// Its device buffer.
    pub(super) buffer: BufferId,
    /// For a strided parameter, the buffer element of each memref element (row-major).
    pub(super) positions: Option<Vec<usize>>,
}

impl Bound {
    /// Moves the buffer's elements back into `host`, gathering them through the layout.
    pub(super) fn give_back(&self, executor: &mut Executor, host: &mut HostBuffer) {
        let data = std::mem::take(&mut executor.memory.buffer_mut(self.buffer).data);
        host.data = match &self.positions {
            None => data,
            Some(positions) => positions.iter().map(|&position| data[position]).collect(),
        };
    }
}

/// The data each constant binding of `kernel` copies into its global, from `arguments`
/// (before they move into buffers): the bound argument's elements, row-major (for an
/// argument that views an earlier one's buffer, `same:N`, that buffer's first elements).
pub(super) fn constant_data(
    kernel: &Kernel,
    arguments: &[Argument],
) -> Result<Vec<(GlobalId, Vec<u64>)>, Error> {
    kernel
        .constant_bindings
        .iter()
        .map(|&(index, global)| {
            let declared = kernel.globals.get(global.0 as usize);
            let bound = match arguments.get(index) {
                Some(Argument::Same(of)) => arguments.get(*of),
                argument => argument,
            };
            let elements = declared
                .and_then(|declared| declared.ty.static_sizes())
                .and_then(|sizes| usize::try_from(sizes.iter().product::<i64>()).ok());
            match (bound, declared, elements) {
                (Some(Argument::Buffer(host)), Some(declared), Some(elements))
                    if host.element == declared.ty.element && elements <= host.data.len() =>
                {
                    Ok((global, host.data[..elements].to_vec()))
                }
                _ => Err(Error::Argument {
                    index,
                    reason: "it is bound to a constant global of another type or size".into(),
                }),
            }
        })
        .collect()
}

impl Executor<'_> {
    /// Every thread of the block, ascending.
    pub(super) fn all_threads(&self) -> Vec<u32> {
        (0..self.threads as u32).collect()
    }

    /// A launch error about the kernel.
    /// Counts `elements` more elements against the memory limit, or says what went over.
    pub(super) fn hold(&mut self, elements: usize, what: &str) -> Result<(), String> {
        let held = (elements as u64)
            .checked_mul(8)
            .and_then(|bytes| bytes.checked_add(self.held))
            .filter(|&held| held <= self.memory_limit)
            .ok_or_else(|| {
                format!(
                    "{what} would take the interpreter's buffers over its memory limit of {} MiB \
                     ({} MiB held; option --memory-limit)",
                    self.memory_limit >> 20,
                    self.held >> 20
                )
            })?;
        self.held = held;
        Ok(())
    }

    /// Counts the argument buffers against the memory limit (an argument passed again is one).
    pub(super) fn hold_arguments(&mut self, arguments: &[Argument]) -> Result<(), Error> {
        for (index, argument) in arguments.iter().enumerate() {
            if let Argument::Buffer(host) = argument {
                self.hold(host.data.len(), &format!("argument {index}"))
                    .map_err(|why| self.launch_error(why))?;
            }
        }
        Ok(())
    }

    fn launch_error(&self, reason: String) -> Error {
        Error::Launch {
            kernel: self.kernel.name.clone(),
            reason,
        }
    }

    /// The static sizes of `memref`, which `what` names in an error.
    fn static_sizes(&self, memref: &MemRefType, what: &str) -> Result<Vec<i64>, Error> {
        memref
            .static_sizes()
            .ok_or_else(|| self.launch_error(format!("{what} has a dynamic size")))
    }

    /// Sets the descriptor of `value` for every thread.
    fn fill_descriptors(&mut self, value: ValueId, descriptor: impl Fn(u32) -> Descriptor) {
        if let Slot::MemRefs(descriptors) = &mut self.slots[value.0 as usize] {
            for (t, slot) in descriptors.iter_mut().enumerate() {
                *slot = descriptor(t as u32);
            }
        }
    }

    /// Moves a buffer argument's data into a new buffer of `memref`'s space, row-major or
    /// scattered through `layout`; returns the descriptor and, for a layout, where each element
    /// went.
    fn place(
        &mut self,
        memref: &MemRefType,
        layout: Option<&Layout>,
        host: &mut HostBuffer,
    ) -> Result<(Descriptor, Option<Vec<usize>>), &'static str> {
        let read_only = memref.space == MemorySpace::Constant;
        let too_deep = "rank above the supported maximum";
        let Some(layout) = layout else {
            let data = std::mem::take(&mut host.data);
            let buffer = self
                .memory
                .allocate(memref.element, memref.space, data, read_only);
            self.memory.misalign(buffer, host.misalignment);
            return Ok((
                Descriptor::row_major(buffer, &host.shape).ok_or(too_deep)?,
                None,
            ));
        };
        let (offset, strides) = layout.resolve(&host.shape);
        if strides.len() != host.shape.len() {
            return Err("the layout's rank differs from the memref's");
        }
        let view =
            Descriptor::new(BufferId::default(), offset, &host.shape, &strides).ok_or(too_deep)?;
        let positions = view
            .positions()
            .ok_or("the layout places elements before the buffer's start")?;
        let mut data = vec![0; positions.iter().max().map_or(0, |&last| last + 1)];
        for (&position, &bits) in positions.iter().zip(&host.data) {
            data[position] = bits;
        }
        host.data.clear();
        let buffer = self
            .memory
            .allocate(memref.element, memref.space, data, read_only);
        Ok((Descriptor { buffer, ..view }, Some(positions)))
    }

    /// Moves the arguments into parameter slots and buffers; returns the buffers to give back.
    pub(super) fn bind_arguments(
        &mut self,
        arguments: &mut [Argument],
    ) -> Result<Vec<Bound>, Error> {
        let mut buffers: Vec<Bound> = Vec::new();
        let kernel = self.kernel;
        // The shapes and elements of the buffer arguments, for the arguments that repeat one.
        let buffer_shapes: Vec<Option<(Vec<i64>, crate::ir::ElementType)>> = arguments
            .iter()
            .map(|argument| match argument {
                Argument::Buffer(host) => Some((host.shape.clone(), host.element)),
                _ => None,
            })
            .collect();
        for (index, (&parameter, argument)) in kernel
            .parameters()
            .iter()
            .zip(arguments.iter_mut())
            .enumerate()
        {
            let mismatch = |reason: String| Error::Argument { index, reason };
            match (kernel.value_type(parameter), argument) {
                (Type::Scalar(element), Argument::Scalar(scalar)) if *element == scalar.element => {
                    if let Slot::Bits { data, .. } = &mut self.slots[parameter.0 as usize] {
                        data.fill(scalar.bits);
                    }
                }
                (Type::MemRef(memref), Argument::Buffer(host))
                    if memref.element == host.element
                        && memref.accepts(&host.shape)
                        && host.data.len() as i64 == host.shape.iter().product::<i64>()
                        && matches!(memref.space, MemorySpace::Global | MemorySpace::Constant) =>
                {
                    let (descriptor, positions) = self
                        .place(memref, kernel.layout(index), host)
                        .map_err(|reason| mismatch(reason.into()))?;
                    buffers.push(Bound {
                        index,
                        buffer: descriptor.buffer,
                        positions,
                    });
                    self.fill_descriptors(parameter, |_| descriptor);
                }
                (Type::MemRef(memref), Argument::Same(of)) => {
                    let of = *of;
                    let earlier = buffers.iter().find(|bound| bound.index == of);
                    // The earlier buffer's shape, or this parameter's static one where it holds
                    // no more elements: a row-major view of the buffer's first elements.
                    let view = |shape: &Vec<i64>| -> Option<Vec<i64>> {
                        if memref.accepts(shape) {
                            return Some(shape.clone());
                        }
                        let own = memref.static_sizes()?;
                        let count = |sizes: &[i64]| {
                            sizes
                                .iter()
                                .try_fold(1i64, |total, &size| total.checked_mul(size))
                        };
                        (count(&own)? <= count(shape)?).then_some(own)
                    };
                    let same_type = kernel.parameters().get(of).is_some_and(|&other| {
                        kernel.value_type(other) == kernel.value_type(parameter)
                    });
                    let descriptor = match (earlier, &buffer_shapes.get(of)) {
                        // A relaid parameter given the buffer of one relaid alike: that
                        // parameter's view of it (host code passing one buffer twice).
                        (Some(bound), _)
                            if bound.positions.is_some()
                                && same_type
                                && kernel.layout(index) == kernel.layout(of) =>
                        {
                            *self.descriptor_of(kernel.parameters()[of], 0)
                        }
                        (Some(bound), Some(Some((shape, element))))
                            if bound.positions.is_none()
                                && *element == memref.element
                                && kernel.layout(index).is_none() =>
                        {
                            let shape = view(shape).ok_or_else(|| {
                                mismatch(format!(
                                    "same:{of}: this parameter's type holds more elements than \
                                     argument {of}'s buffer, or its shape is dynamic and differs"
                                ))
                            })?;
                            Descriptor::row_major(bound.buffer, &shape).ok_or_else(|| {
                                mismatch("rank above the supported maximum".into())
                            })?
                        }
                        _ => {
                            return Err(mismatch(format!(
                                "same:{of} needs an earlier row-major buffer argument of the \
                                 same element type, or one of this parameter's type and layout"
                            )))
                        }
                    };
                    self.fill_descriptors(parameter, |_| descriptor);
                }
                (ty, argument) => {
                    let given = match argument {
                        Argument::Scalar(scalar) => format!("a {:?} scalar", scalar.element),
                        Argument::Same(of) => format!("argument {of}'s buffer again"),
                        Argument::Buffer(host) => format!(
                            "a {:?} buffer of shape {:?} with {} elements",
                            host.element,
                            host.shape,
                            host.data.len()
                        ),
                    };
                    return Err(mismatch(format!(
                        "parameter of type {ty:?} cannot take {given}"
                    )));
                }
            }
        }
        Ok(buffers)
    }

    /// Creates the buffers of globals (bound ones filled from `constants`) and attributions.
    pub(super) fn setup_memory(&mut self, constants: &[(GlobalId, Vec<u64>)]) -> Result<(), Error> {
        let kernel = self.kernel;
        for (position, global) in kernel.globals.iter().enumerate() {
            let sizes = self.static_sizes(&global.ty, &format!("global '{}'", global.name))?;
            let what = format!("global '{}'", global.name);
            let length = crate::memory::checked_length(&sizes, global.ty.element)
                .and_then(|length| self.hold(length, &what).map(|()| length))
                .map_err(|why| self.launch_error(format!("{what}: {why}")))?;
            let bound = constants
                .iter()
                .find(|(id, _)| id.0 as usize == position)
                .map(|(_, data)| data.clone());
            let data = match (bound, global.initial.as_slice()) {
                (Some(data), _) => data,
                (None, []) => vec![0; length],
                (None, [splat]) => vec![*splat; length],
                (None, all) => all.to_vec(),
            };
            let read_only = global.constant || global.ty.space == MemorySpace::Constant;
            let buffer = self
                .memory
                .allocate(global.ty.element, global.ty.space, data, read_only);
            if global.ty.space == MemorySpace::Workgroup {
                self.block_buffers.push((buffer, length));
            }
            self.globals.push((buffer, sizes));
        }
        for (attributions, per_thread) in [(&kernel.workgroup, false), (&kernel.private, true)] {
            for &value in attributions {
                let Type::MemRef(memref) = kernel.value_type(value) else {
                    return Err(self.launch_error("an attribution is not a memref".into()));
                };
                let sizes = self.static_sizes(memref, "an attribution")?;
                let owners = if per_thread { self.threads } else { 1 };
                let length = crate::memory::checked_length(&sizes, memref.element)
                    .and_then(|length| {
                        let what = "an attribution (one per thread for private ones)";
                        self.hold(length.saturating_mul(owners), what)
                            .map(|()| length)
                    })
                    .map_err(|why| self.launch_error(format!("an attribution: {why}")))?;
                let mut descriptors = Vec::with_capacity(owners);
                for _ in 0..owners {
                    let buffer =
                        self.memory
                            .allocate(memref.element, memref.space, vec![0; length], false);
                    self.block_buffers.push((buffer, length));
                    descriptors.push(Descriptor::row_major(buffer, &sizes).ok_or_else(|| {
                        self.launch_error("an attribution's rank is too high".into())
                    })?);
                }
                self.fill_descriptors(value, |t| {
                    descriptors[if per_thread { t as usize } else { 0 }]
                });
            }
        }
        Ok(())
    }
}
