//! Host code: launches, copies, fills and MLIR's runner-utils printers.
//!
//! Model. A program's entry `func.func` runs as a kernel of one thread in one block; what
//! makes it host code are four ops. [`Op::Launch`] runs a launched kernel with
//! [`super::run`] on the grid and block its operands give: each memref argument's elements
//! move into a fresh argument buffer and back after the launch (two arguments viewing one
//! buffer the same way are one buffer, [`Argument::Same`]), scalars pass by value. The launch
//! does not bind constant memory itself ([`super::Options::fulfil_contract`] is off): a kernel
//! that expects a launcher to copy an argument into a `__constant__` symbol reads what the
//! program put there, which is how a broken launch contract shows. [`Op::Copy`] and
//! [`Op::Fill`] are `gpu.memcpy`/`memref.copy` and `gpu.memset`. [`Op::Print`] writes what
//! `mlir/ExecutionEngine/RunnerUtils.h` writes: `Unranked Memref base@ = 0x… rank = 2 offset
//! = 0 sizes = [2, 3] strides = [3, 1] data =` and the nested rows; numbers as C++'s
//! `operator<<` prints them (6 significant digits, `%g`).
//!
//! Assumptions. Host code runs on one thread (a kernel that launches kernels is refused);
//! launches run one after another, as on one stream with a `gpu.wait` after each. Two
//! arguments that are different views of one buffer are refused (the copies would not alias).
//!
//! Cost. Each launch copies its memref arguments in and out once.

use crate::argument::{Argument, HostBuffer, Scalar};
use crate::error::Error;
use crate::ir::{ElementType, Operation, Type, ValueId};
use crate::memory::Descriptor;
use crate::ops::Printer;
use crate::trace::Launch;

use super::values::malformed;
use super::Executor;

/// Significant digits of a float printed by C++'s default `operator<<`.
const PRINTED_DIGITS: usize = 6;

impl Executor<'_> {
    /// The one thread host code runs on, or an error naming the op when it runs on more.
    fn host_thread(&self, operation: &Operation, lanes: &[u32]) -> Result<Option<u32>, Error> {
        if self.threads > 1 || self.grid.iter().product::<u32>() > 1 {
            return Err(self.trap(
                operation,
                lanes.first().copied().unwrap_or(0),
                "host code (a launch, copy, fill or print) inside a kernel: the interpreter \
                 runs it only in a program's entry function",
            ));
        }
        Ok(lanes.first().copied())
    }

    /// `gpu.launch_func` / host `gpu.launch`: runs launched kernel `index`.
    pub(super) fn launch(
        &mut self,
        operation: &Operation,
        (index, dynamic_shared): (usize, bool),
        lanes: &[u32],
    ) -> Result<(), Error> {
        let Some(t) = self.host_thread(operation, lanes)? else {
            return Ok(());
        };
        let kernel = self.kernel;
        let launched = kernel
            .launched
            .get(index)
            .ok_or_else(|| malformed(operation, "launches a kernel that was not translated"))?;
        if operation.operands.len() < 6 {
            return Err(malformed(operation, "expects grid and block sizes"));
        }
        let mut sizes = [0u32; 6];
        for (size, &value) in sizes.iter_mut().zip(&operation.operands) {
            let given = self.signed(value, t);
            *size = u32::try_from(given)
                .map_err(|_| self.trap(operation, t, format!("a grid or block size of {given}")))?;
        }
        let grid = [sizes[0], sizes[1], sizes[2]];
        let block = [sizes[3], sizes[4], sizes[5]];
        let dynamic_shared_bytes = match dynamic_shared {
            true => {
                let bytes = self.signed(operation.operands[6], t);
                u64::try_from(bytes).map_err(|_| {
                    self.trap(
                        operation,
                        t,
                        format!("{bytes} bytes of dynamic shared memory"),
                    )
                })?
            }
            false => 0,
        };
        let passed = &operation.operands[6 + usize::from(dynamic_shared)..];
        let mut views: Vec<Option<Descriptor>> = Vec::with_capacity(passed.len());
        let mut arguments = Vec::with_capacity(passed.len());
        for (position, &value) in passed.iter().enumerate() {
            let (argument, view) = self.launch_argument(operation, t, value, &views, position)?;
            arguments.push(argument);
            views.push(view);
        }
        let options = super::Options {
            fulfil_contract: false,
            dynamic_shared_bytes,
            ..self.options.clone()
        };
        let trace = super::run(launched, grid, block, &mut arguments, &options)
            .map_err(|error| error.after_output(&self.output))?;
        // What the kernel printed (`gpu.printf`), after what the program printed before it.
        self.output.push_str(&trace.output);
        let mut digests = Vec::new();
        let mut buffers: Vec<Option<usize>> = Vec::new();
        for (argument, view) in arguments.iter().zip(&views) {
            buffers.push(match (argument, view) {
                (Argument::Same(earlier), _) => buffers.get(*earlier).copied().flatten(),
                (_, view) => view.as_ref().map(|view| view.buffer.0 as usize),
            });
            let written = match (argument, view) {
                (Argument::Buffer(host), Some(view)) => {
                    self.write_view(operation, t, view, &host.data)?;
                    Some(digest(&host.data))
                }
                (Argument::Same(earlier), _) => digests.get(*earlier).copied().flatten(),
                _ => None,
            };
            digests.push(written);
        }
        self.launches.push(Launch {
            kernel: launched.name.clone(),
            grid,
            block,
            digests,
            buffers,
            trace,
        });
        Ok(())
    }

    /// Argument `position` of a launch: a scalar's value, or a memref view's elements (or an
    /// earlier argument's buffer again), with the view to write back.
    fn launch_argument(
        &self,
        operation: &Operation,
        t: u32,
        value: ValueId,
        earlier: &[Option<Descriptor>],
        position: usize,
    ) -> Result<(Argument, Option<Descriptor>), Error> {
        match self.kernel.value_type(value) {
            Type::Scalar(element) => Ok((
                Argument::Scalar(Scalar {
                    element: *element,
                    bits: self.scalar(value, t),
                }),
                None,
            )),
            Type::MemRef(memref) => {
                let view = self.descriptor(value, t);
                for (other, seen) in earlier.iter().enumerate() {
                    match seen {
                        Some(seen) if *seen == view => return Ok((Argument::Same(other), None)),
                        Some(seen) if seen.buffer == view.buffer => {
                            return Err(self.trap(
                                operation,
                                t,
                                format!(
                                    "launch arguments {other} and {position} are different \
                                     views of one buffer; the interpreter passes each view \
                                     as a copy, so they would not alias"
                                ),
                            ))
                        }
                        _ => {}
                    }
                }
                let data = self.read_view(operation, t, &view)?;
                let host = HostBuffer {
                    misalignment: self.memory.buffer(view.buffer).base % 256,
                    element: memref.element,
                    shape: view.sizes().to_vec(),
                    data,
                };
                Ok((Argument::Buffer(host), Some(view)))
            }
            Type::Vector(..) => Err(self.trap(
                operation,
                t,
                format!("launch argument {position} is a vector"),
            )),
        }
    }

    /// The elements of `view`, row-major.
    fn read_view(
        &self,
        operation: &Operation,
        t: u32,
        view: &Descriptor,
    ) -> Result<Vec<u64>, Error> {
        let data = &self.memory.buffer(view.buffer).data;
        let positions = self.view_positions(operation, t, view)?;
        Ok(positions.iter().map(|&position| data[position]).collect())
    }

    /// Writes `values` (row-major) into the elements of `view`.
    fn write_view(
        &mut self,
        operation: &Operation,
        t: u32,
        view: &Descriptor,
        values: &[u64],
    ) -> Result<(), Error> {
        let positions = self.view_positions(operation, t, view)?;
        for (&position, &value) in positions.iter().zip(values) {
            self.memory.write(view.buffer, position, value);
        }
        Ok(())
    }

    /// The buffer element of every element of `view`, all inside its buffer.
    fn view_positions(
        &self,
        operation: &Operation,
        t: u32,
        view: &Descriptor,
    ) -> Result<Vec<usize>, Error> {
        let length = self.memory.buffer(view.buffer).data.len();
        view.positions()
            .filter(|positions| positions.iter().all(|&position| position < length))
            .ok_or_else(|| {
                self.out_of_bounds(
                    operation,
                    t,
                    format!(
                        "a view with sizes {:?} reaches outside its buffer",
                        view.sizes()
                    ),
                )
            })
    }

    /// `gpu.memcpy` / `memref.copy`: `[target, source]`.
    pub(super) fn copy(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let Some(t) = self.host_thread(operation, lanes)? else {
            return Ok(());
        };
        let [target, source] = super::values::operands(operation)?;
        let (to, from) = (self.descriptor(target, t), self.descriptor(source, t));
        let elements = [to, from].map(|view| self.memory.buffer(view.buffer).element);
        if to.sizes() != from.sizes() || elements[0] != elements[1] {
            return Err(self.trap(
                operation,
                t,
                format!(
                    "copies {:?} elements of {:?} into {:?} of {:?}",
                    from.sizes(),
                    elements[1],
                    to.sizes(),
                    elements[0]
                ),
            ));
        }
        let values = self.read_view(operation, t, &from)?;
        self.write_view(operation, t, &to, &values)
    }

    /// `gpu.memset`: `[target, value]`.
    pub(super) fn fill(&mut self, operation: &Operation, lanes: &[u32]) -> Result<(), Error> {
        let Some(t) = self.host_thread(operation, lanes)? else {
            return Ok(());
        };
        let [target, value] = super::values::operands(operation)?;
        let view = self.descriptor(target, t);
        let count = view.sizes().iter().product::<i64>().max(0) as usize;
        let values = vec![self.scalar(value, t); count];
        self.write_view(operation, t, &view, &values)
    }

    /// A runner-utils printer.
    pub(super) fn print(
        &mut self,
        operation: &Operation,
        printer: Printer,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let Some(t) = self.host_thread(operation, lanes)? else {
            return Ok(());
        };
        let text = match printer {
            Printer::Newline => "\n".to_string(),
            Printer::Comma => ", ".to_string(),
            Printer::Open => "( ".to_string(),
            Printer::Close => " )".to_string(),
            Printer::Scalar { unsigned } => {
                let [value] = super::values::operands(operation)?;
                let element = self.kernel.value_type(value).element();
                let bits = self.scalar(value, t);
                match (unsigned, element) {
                    (true, _) => bits.to_string(),
                    (false, element) => number(bits, element),
                }
            }
            Printer::Vector { newline } => {
                let [value] = super::values::operands(operation)?;
                let element = self.kernel.value_type(value).element();
                let length = self.per_thread(value);
                let numbers: Vec<String> = (0..length)
                    .map(|position| number(self.element_at(value, t, position), element))
                    .collect();
                let text = match self.kernel.value_type(value) {
                    Type::Vector(..) => format!("( {} )", numbers.join(", ")),
                    _ => numbers.join(""),
                };
                if newline {
                    format!("{text}\n")
                } else {
                    text
                }
            }
            Printer::Memref => {
                let [value] = super::values::operands(operation)?;
                let view = self.descriptor(value, t);
                let values = self.read_view(operation, t, &view)?;
                let buffer = self.memory.buffer(view.buffer);
                memref_text(&view, buffer.base, buffer.element, &values)
            }
        };
        self.output.push_str(&text);
        Ok(())
    }
}

/// What `printMemref*` prints for `view` (elements `values`, row-major) of a buffer at `base`.
fn memref_text(view: &Descriptor, base: u64, element: ElementType, values: &[u64]) -> String {
    let list = |numbers: &[i64]| {
        numbers
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        "Unranked Memref base@ = {base:#x} rank = {} offset = {} sizes = [{}] strides = [{}] data = \n",
        view.rank,
        view.offset,
        list(view.sizes()),
        list(view.strides())
    );
    let numbers: Vec<String> = values.iter().map(|&bits| number(bits, element)).collect();
    if view.rank == 0 {
        text.push('[');
        text.push_str(numbers.first().map_or("", String::as_str));
        text.push(']');
    } else {
        rows(&mut text, &numbers, view.sizes(), view.rank);
    }
    text.push('\n');
    text
}

/// Appends the nested rows of `numbers` (row-major, `sizes` the remaining dimensions) as
/// RunnerUtils' `MemRefDataPrinter` does: `[a, b], \n` between rows, indented by depth.
fn rows(text: &mut String, numbers: &[String], sizes: &[i64], rank: usize) {
    let Some((&count, inner)) = sizes.split_first() else {
        text.push_str(numbers.first().map_or("", String::as_str));
        return;
    };
    let stride: usize = inner.iter().product::<i64>().max(0) as usize;
    let indent = " ".repeat(rank - sizes.len() + 1);
    text.push('[');
    for row in 0..count.max(0) as usize {
        if row > 0 {
            text.push_str(&indent);
        }
        let start = (row * stride).min(numbers.len());
        rows(text, &numbers[start..], inner, rank);
        if row + 1 < count as usize {
            text.push_str(", ");
            if !inner.is_empty() {
                text.push('\n');
            }
        }
    }
    text.push(']');
}

/// A value as C++'s `operator<<` prints it: integers in decimal, floats like `%g`.
fn number(bits: u64, element: ElementType) -> String {
    if !element.is_float() {
        return crate::argument::format_element(bits, element);
    }
    let value = crate::float::to_f64(bits, element);
    super::printf::general(value, PRINTED_DIGITS, false)
}

/// FNV-1a of a buffer's bit patterns: what a launch left in an argument, compared by `diff`.
fn digest(data: &[u64]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &value| {
        value.to_le_bytes().iter().fold(hash, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::BufferId;

    #[test]
    fn floats_print_as_printf_g() {
        for (value, text) in [
            (1.0, "1"),
            (0.5, "0.5"),
            (2.25, "2.25"),
            (1234567.0, "1.23457e+06"),
            (123456.0, "123456"),
            (0.0001, "0.0001"),
            (0.00001234, "1.234e-05"),
            (-3.0, "-3"),
            (1.0 / 3.0, "0.333333"),
            (100.0, "100"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(
                super::super::printf::general(value, PRINTED_DIGITS, false),
                text,
                "{value}"
            );
        }
    }

    #[test]
    fn memrefs_print_as_runner_utils() {
        let values: Vec<u64> = (1..=6)
            .map(|value| crate::argument::encode(value as f64, ElementType::F32))
            .collect();
        let view = Descriptor::row_major(BufferId(0), &[2, 3]).unwrap();
        assert_eq!(
            memref_text(&view, 256, ElementType::F32, &values),
            "Unranked Memref base@ = 0x100 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] \
             data = \n[[1,   2,   3], \n [4,   5,   6]]\n"
        );
        let vector = Descriptor::row_major(BufferId(0), &[3]).unwrap();
        assert!(memref_text(&vector, 256, ElementType::F32, &values).ends_with("[1,  2,  3]\n"));
    }
}
