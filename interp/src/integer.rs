//! Integer semantics on bit patterns: MLIR's signless integers of any width up to 64.
//!
//! Model. A value of type `iN` is held in a `u64` as its low `N` bits, zero-extended (the
//! canonical form); signed ops sign-extend on demand. Every result is truncated back to `N`
//! bits, which is MLIR's wraparound.
//!
//! Assumptions (where MLIR says poison or undefined behaviour, we pick PTX's answer or an error):
//! division or remainder by zero is an error; `MIN / -1` wraps to `MIN`; a shift by `N` or more
//! gives 0 (`shli`, `shrui`) or the sign fill (`shrsi`), as PTX clamps shift amounts.
//!
//! Cost. A few instructions per element.

use crate::ops::{IntegerBinary, IntegerPredicate};

/// The mask of the low `width` bits.
pub(crate) fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The signed value of the low `width` bits of `bits`.
pub(crate) fn sign_extend(bits: u64, width: u32) -> i64 {
    let shift = 64 - width;
    ((bits << shift) as i64) >> shift
}

/// Division rounding toward minus infinity (`divisor != 0`), wrapping `MIN / -1`.
pub(crate) fn floor_div(dividend: i64, divisor: i64) -> i64 {
    let quotient = dividend.wrapping_div(divisor);
    if dividend.wrapping_rem(divisor) != 0 && ((dividend < 0) != (divisor < 0)) {
        quotient - 1
    } else {
        quotient
    }
}

/// Division rounding toward plus infinity (`divisor != 0`), wrapping `MIN / -1`.
pub(crate) fn ceil_div(dividend: i64, divisor: i64) -> i64 {
    let quotient = dividend.wrapping_div(divisor);
    if dividend.wrapping_rem(divisor) != 0 && ((dividend < 0) == (divisor < 0)) {
        quotient + 1
    } else {
        quotient
    }
}

/// Applies a binary integer op to canonical `width`-bit operands.
pub(crate) fn binary(op: IntegerBinary, a: u64, b: u64, width: u32) -> Result<u64, &'static str> {
    let (sa, sb) = (sign_extend(a, width), sign_extend(b, width));
    let divisor = || {
        if b == 0 {
            Err("division by zero")
        } else {
            Ok(())
        }
    };
    let shift = |fill: u64| {
        if b >= u64::from(width) {
            Some(fill)
        } else {
            None
        }
    };
    let value = match op {
        IntegerBinary::AddI => a.wrapping_add(b),
        IntegerBinary::SubI => a.wrapping_sub(b),
        IntegerBinary::MulI => a.wrapping_mul(b),
        IntegerBinary::DivSI => divisor().map(|()| sa.wrapping_div(sb) as u64)?,
        IntegerBinary::DivUI => divisor().map(|()| a / b)?,
        IntegerBinary::RemSI => divisor().map(|()| sa.wrapping_rem(sb) as u64)?,
        IntegerBinary::RemUI => divisor().map(|()| a % b)?,
        IntegerBinary::FloorDivSI => divisor().map(|()| floor_div(sa, sb) as u64)?,
        IntegerBinary::CeilDivSI => divisor().map(|()| ceil_div(sa, sb) as u64)?,
        IntegerBinary::CeilDivUI => divisor().map(|()| a.div_ceil(b))?,
        IntegerBinary::AndI => a & b,
        IntegerBinary::OrI => a | b,
        IntegerBinary::XOrI => a ^ b,
        IntegerBinary::ShLI => shift(0).unwrap_or_else(|| a << b),
        IntegerBinary::ShRUI => shift(0).unwrap_or_else(|| a >> b),
        IntegerBinary::ShRSI => {
            let sign_fill = if sa < 0 { u64::MAX } else { 0 };
            shift(sign_fill).unwrap_or_else(|| (sa >> b) as u64)
        }
        IntegerBinary::MinSI => sa.min(sb) as u64,
        IntegerBinary::MaxSI => sa.max(sb) as u64,
        IntegerBinary::MinUI => a.min(b),
        IntegerBinary::MaxUI => a.max(b),
    };
    Ok(value & mask(width))
}

/// Evaluates an `arith.cmpi` predicate on canonical `width`-bit operands.
pub(crate) fn compare(predicate: IntegerPredicate, a: u64, b: u64, width: u32) -> bool {
    let (sa, sb) = (sign_extend(a, width), sign_extend(b, width));
    match predicate {
        IntegerPredicate::Eq => a == b,
        IntegerPredicate::Ne => a != b,
        IntegerPredicate::Slt => sa < sb,
        IntegerPredicate::Sle => sa <= sb,
        IntegerPredicate::Sgt => sa > sb,
        IntegerPredicate::Sge => sa >= sb,
        IntegerPredicate::Ult => a < b,
        IntegerPredicate::Ule => a <= b,
        IntegerPredicate::Ugt => a > b,
        IntegerPredicate::Uge => a >= b,
    }
}
