//! `arith` and `math` ops: element-wise over the active threads and vector elements.
//!
//! Model. Each op decodes its operands' bit patterns per the element type, applies the
//! semantics of `integer`, `float` or `convert`, and stores the canonical result bits. A scalar
//! operand of a vector op (the condition of `arith.select`) broadcasts.
//!
//! Cost. One closure call per element.

use crate::convert;
use crate::error::Error;
use crate::float::{self, from_f64, to_f64};
use crate::integer::{self, mask, sign_extend};
use crate::ir::Operation;
use crate::ops::{Cast, FloatBinary, FloatPredicate, FloatUnary, IntegerBinary, IntegerPredicate};

use super::values::{malformed, operands, result};
use super::Executor;

impl Executor<'_> {
    /// `arith.constant`.
    pub(super) fn constant(
        &mut self,
        operation: &Operation,
        bits: &[u64],
        lanes: &[u32],
    ) -> Result<(), Error> {
        let value = result(operation)?;
        let length = self.per_thread(value);
        if bits.len() != 1 && bits.len() != length {
            return Err(malformed(
                operation,
                format!("{} elements for a value of {length}", bits.len()),
            ));
        }
        self.define(operation, value, lanes, |_, _, out| {
            for (j, element) in out.iter_mut().enumerate() {
                *element = bits[if bits.len() == 1 { 0 } else { j }];
            }
            Ok(())
        })
    }

    /// Binary integer ops.
    pub(super) fn integer_binary(
        &mut self,
        operation: &Operation,
        op: IntegerBinary,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let width = self.element(result(operation)?).bit_width();
        self.elementwise(operation, lanes, |[a, b]| integer::binary(op, a, b, width))
    }

    /// `math.absi`.
    pub(super) fn absolute_integer(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let width = self.element(result(operation)?).bit_width();
        self.elementwise(operation, lanes, |[a]| {
            Ok(sign_extend(a, width).wrapping_abs() as u64 & mask(width))
        })
    }

    /// Binary float ops.
    pub(super) fn float_binary(
        &mut self,
        operation: &Operation,
        op: FloatBinary,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let element = self.element(result(operation)?);
        self.elementwise(operation, lanes, |[a, b]| {
            Ok(from_f64(
                float::binary(op, to_f64(a, element), to_f64(b, element)),
                element,
            ))
        })
    }

    /// `math.fpowi`: the float operand to the power of the signed integer one, in `f64`.
    pub(super) fn power_integer(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let element = self.element(result(operation)?);
        let [_, exponent] = operands::<2>(operation)?;
        let width = self.element(exponent).bit_width();
        self.elementwise(operation, lanes, |[x, n]| {
            let power = to_f64(x, element).powf(sign_extend(n, width) as f64);
            Ok(from_f64(power, element))
        })
    }

    /// Unary float ops.
    pub(super) fn float_unary(
        &mut self,
        operation: &Operation,
        op: FloatUnary,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let element = self.element(result(operation)?);
        self.elementwise(operation, lanes, |[a]| {
            Ok(from_f64(float::unary(op, to_f64(a, element)), element))
        })
    }

    /// `math.fma`.
    pub(super) fn fused_multiply_add(
        &mut self,
        operation: &Operation,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let element = self.element(result(operation)?);
        self.elementwise(operation, lanes, |[a, b, c]| {
            let [a, b, c] = [a, b, c].map(|bits| to_f64(bits, element));
            Ok(float::fused_multiply_add(a, b, c, element))
        })
    }

    /// `arith.cmpi`.
    pub(super) fn compare_integers(
        &mut self,
        operation: &Operation,
        predicate: IntegerPredicate,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [lhs] = operands(operation)?;
        let width = self.element(lhs).bit_width();
        self.elementwise(operation, lanes, |[a, b]| {
            Ok(u64::from(integer::compare(predicate, a, b, width)))
        })
    }

    /// `arith.cmpf`.
    pub(super) fn compare_floats(
        &mut self,
        operation: &Operation,
        predicate: FloatPredicate,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [lhs] = operands(operation)?;
        let element = self.element(lhs);
        self.elementwise(operation, lanes, |[a, b]| {
            Ok(u64::from(float::compare(
                predicate,
                to_f64(a, element),
                to_f64(b, element),
            )))
        })
    }

    /// Conversions.
    pub(super) fn cast(
        &mut self,
        operation: &Operation,
        cast: Cast,
        lanes: &[u32],
    ) -> Result<(), Error> {
        let [input] = operands(operation)?;
        let (from, to) = (self.element(input), self.element(result(operation)?));
        self.elementwise(operation, lanes, |[x]| Ok(convert::cast(cast, x, from, to)))
    }
}
