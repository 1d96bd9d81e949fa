//! `vector` register ops: extract, insert, shuffle and reductions (broadcast and splat are
//! element-wise).
//!
//! Model. A vector value holds its elements per thread; positions are static or come from a
//! dynamic operand, and a position outside the vector is an error. Reductions fold left to right
//! from the accumulator (or the first element), rounding after every step as LLVM's ordered
//! reductions do.
//!
//! Cost. Linear in the vector length per thread.

use crate::error::Error;
use crate::float::{self, from_f64, to_f64};
use crate::integer;
use crate::ir::{Dimension, ElementType, Operation, ValueId};
use crate::ops::{FloatBinary, IntegerBinary, ReductionKind};

use super::values::{operands, result};
use super::Executor;

/// One step of a reduction: `a ⊕ b` in `element`.
pub(super) fn combine(
    kind: ReductionKind,
    a: u64,
    b: u64,
    element: ElementType,
) -> Result<u64, &'static str> {
    if element.is_float() {
        let op = match kind {
            ReductionKind::Add => FloatBinary::AddF,
            ReductionKind::Mul => FloatBinary::MulF,
            ReductionKind::MinNumF => FloatBinary::MinNumF,
            ReductionKind::MaxNumF => FloatBinary::MaxNumF,
            ReductionKind::MinimumF => FloatBinary::MinimumF,
            ReductionKind::MaximumF => FloatBinary::MaximumF,
            _ => return Err("an integer reduction kind on floats"),
        };
        return Ok(from_f64(
            float::binary(op, to_f64(a, element), to_f64(b, element)),
            element,
        ));
    }
    let op = match kind {
        ReductionKind::Add => IntegerBinary::AddI,
        ReductionKind::Mul => IntegerBinary::MulI,
        ReductionKind::MinUI => IntegerBinary::MinUI,
        ReductionKind::MinSI => IntegerBinary::MinSI,
        ReductionKind::MaxUI => IntegerBinary::MaxUI,
        ReductionKind::MaxSI => IntegerBinary::MaxSI,
        ReductionKind::And => IntegerBinary::AndI,
        ReductionKind::Or => IntegerBinary::OrI,
        ReductionKind::XOr => IntegerBinary::XOrI,
        _ => return Err("a float reduction kind on integers"),
    };
    integer::binary(op, a, b, element.bit_width())
}

impl Executor<'_> {
    /// The element position `position` (or the dynamic operand) names in thread `t`.
    fn position(
        &self,
        operation: &Operation,
        position: Dimension,
        dynamic: Option<ValueId>,
        length: usize,
        t: u32,
    ) -> Result<usize, Error> {
        let value = match (position, dynamic) {
            (Dimension::Static(value), _) => value,
            (Dimension::Dynamic, Some(operand)) => self.signed(operand, t),
            (Dimension::Dynamic, None) => -1,
        };
        usize::try_from(value)
            .ok()
            .filter(|&value| value < length)
            .ok_or_else(|| {
                self.trap(
                    operation,
                    t,
                    format!("position {value} outside a vector of {length}"),
                )
            })
    }

    /// `vector.extract`.
    pub(super) fn extract(
        &mut self,
        operation: &Operation,
        position: Dimension,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [vector] = operands(operation)?;
        let dynamic = operation.operands.get(1).copied();
        let length = self.per_thread(vector);
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            out[0] = executor.element_at(
                vector,
                t,
                executor.position(operation, position, dynamic, length, t)?,
            );
            Ok(())
        })
    }

    /// `vector.insert`.
    pub(super) fn insert(
        &mut self,
        operation: &Operation,
        position: Dimension,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [scalar, vector] = operands(operation)?;
        let dynamic = operation.operands.get(2).copied();
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            for (j, element) in out.iter_mut().enumerate() {
                *element = executor.element_at(vector, t, j);
            }
            out[executor.position(operation, position, dynamic, out.len(), t)?] =
                executor.scalar(scalar, t);
            Ok(())
        })
    }

    /// `vector.shuffle` of two 1-D vectors.
    pub(super) fn vector_shuffle(
        &mut self,
        operation: &Operation,
        mask: &[usize],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [first, second] = operands(operation)?;
        let length = self.per_thread(first);
        let total = length + self.per_thread(second);
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            for (element, &from) in out.iter_mut().zip(mask) {
                *element = match from {
                    from if from < length => executor.element_at(first, t, from),
                    from if from < total => executor.element_at(second, t, from - length),
                    _ => {
                        return Err(executor.trap(
                            operation,
                            t,
                            format!("shuffle index {from} outside {total} elements"),
                        ))
                    }
                };
            }
            Ok(())
        })
    }

    /// `vector.reduction`.
    pub(super) fn reduction(
        &mut self,
        operation: &Operation,
        kind: ReductionKind,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [vector] = operands(operation)?;
        let accumulator = operation.operands.get(1).copied();
        let element = self.element(vector);
        let length = self.per_thread(vector);
        self.define(operation, result(operation)?, lanes, |executor, t, out| {
            let (mut total, first) = match accumulator {
                Some(accumulator) => (executor.scalar(accumulator, t), 0),
                None => (executor.element_at(vector, t, 0), 1),
            };
            for j in first..length {
                total = combine(kind, total, executor.element_at(vector, t, j), element)
                    .map_err(|reason| executor.trap(operation, t, reason))?;
            }
            out[0] = total;
            Ok(())
        })
    }
}
