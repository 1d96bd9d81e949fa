//! Conversions between element types: `arith` casts on bit patterns.
//!
//! Model. Integer casts extend or truncate the canonical low bits; integer-to-float rounds the
//! exact integer once to nearest even (via a round-to-odd `f64`, which keeps one rounding for
//! every narrower format); float-to-integer truncates toward zero and saturates, NaN giving 0
//! (PTX `cvt.rzi` semantics, where MLIR says poison); float casts go through the exact `f64`.
//!
//! Assumptions. Operand and result element types are the op's; `bitcast` types have equal widths.
//!
//! Cost. A few instructions per element.

use crate::float::{from_f64, to_f64};
use crate::integer::{mask, sign_extend};
use crate::ir::ElementType;
use crate::ops::Cast;

/// `magnitude` rounded to odd in `f64`: exact below 2^53, else truncated with a sticky last bit.
fn round_to_odd(magnitude: u64) -> f64 {
    let excess = (64 - magnitude.leading_zeros()).saturating_sub(53);
    if excess == 0 {
        return magnitude as f64;
    }
    let sticky = u64::from(magnitude & ((1 << excess) - 1) != 0);
    ((magnitude >> excess) | sticky) as f64 * f64::from(1u32 << excess)
}

/// The integer `±magnitude` rounded once to float type `to`.
fn integer_to_float(negative: bool, magnitude: u64, to: ElementType) -> u64 {
    let value = if to == ElementType::F64 {
        magnitude as f64
    } else {
        round_to_odd(magnitude)
    };
    from_f64(if negative { -value } else { value }, to)
}

/// `value` truncated toward zero and saturated to a `width`-bit integer; NaN gives 0.
fn float_to_integer(value: f64, signed: bool, width: u32) -> u64 {
    if value.is_nan() {
        return 0;
    }
    let (low, high): (i128, i128) = if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    };
    ((value.trunc() as i128).clamp(low, high) as u64) & mask(width)
}

/// Applies `cast` to the bits of one element of type `from`, giving an element of type `to`.
pub(crate) fn cast(cast: Cast, bits: u64, from: ElementType, to: ElementType) -> u64 {
    let (from_width, to_width) = (from.bit_width(), to.bit_width());
    match cast {
        Cast::ExtSI | Cast::TruncI | Cast::IndexCast => {
            sign_extend(bits, from_width) as u64 & mask(to_width)
        }
        Cast::ExtUI | Cast::IndexCastUI => bits & mask(to_width),
        Cast::Bitcast => bits,
        Cast::SIToFP => {
            let value = sign_extend(bits, from_width);
            integer_to_float(value < 0, value.unsigned_abs(), to)
        }
        Cast::UIToFP => integer_to_float(false, bits, to),
        Cast::FPToSI => float_to_integer(to_f64(bits, from), true, to_width),
        Cast::FPToUI => float_to_integer(to_f64(bits, from), false, to_width),
        Cast::ExtF | Cast::TruncF => from_f64(to_f64(bits, from), to),
    }
}
