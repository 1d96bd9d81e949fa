//! Float semantics on bit patterns: exact IEEE results for f16, bf16, f32 and f64.
//!
//! Model. A float is held as its bit pattern in the low bits of a `u64`. Every op decodes its
//! operands exactly to `f64`, computes once in `f64` and rounds the result to the element type
//! with round-to-nearest-even. For `+ - * /`, `sqrt` and conversions this equals the single
//! IEEE rounding of the narrow type, because `f64`'s 53 bits are at least `2p + 2` for
//! `p` = 24 (f32), 11 (f16) and 8 (bf16) (double rounding is innocuous there); `remf`, `min`,
//! `max`, `abs`, `neg`, `floor`, `ceil`, `round`, `trunc` are exact in `f64`. This is what
//! MLIR/LLVM on sm_90 computes: native f32/f64 ops, and f16/bf16 ops either native or done in
//! f32 and rounded per op. `fma` of narrow types forms the exact product in `f64` and adds with
//! round-to-odd, which a final round-to-nearest-even turns into the correctly rounded `fma`.
//!
//! Assumptions. Transcendental functions (`exp`, `log`, `tanh`, `sin`, `powf`, `atan2`, ...: the
//! `math` ops the NVVM lowering maps to libdevice) use the host's `f64` library and round once:
//! deterministic on one host and within an ulp of the exact result, but not bit-identical to
//! libdevice, whose single-precision functions the CUDA Math API bounds at 1 to 4 ulp (4 for
//! `powf`); so `diff` compares the interpreter with itself bit for bit, and a comparison with a
//! GPU allows those ulps. `rsqrt` is `1/sqrt` in `f64`. NaN results are quiet NaNs whose payload is
//! whatever the host produced; conversion keeps the payload's top bits and the sign.
//!
//! Cost. A few instructions per element; f16 and bf16 rounding is a short integer routine.

use crate::ir::ElementType;
use crate::ops::{FloatBinary, FloatPredicate, FloatUnary};

/// A binary floating-point format narrower than `f64`.
#[derive(Clone, Copy)]
struct Format {
    exponent_bits: u32,
    mantissa_bits: u32,
}

const HALF: Format = Format {
    exponent_bits: 5,
    mantissa_bits: 10,
};
const BFLOAT: Format = Format {
    exponent_bits: 8,
    mantissa_bits: 7,
};

impl Format {
    fn bias(self) -> i32 {
        (1 << (self.exponent_bits - 1)) - 1
    }

    fn exponent_all_ones(self) -> u64 {
        ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits
    }

    fn mantissa_mask(self) -> u64 {
        (1u64 << self.mantissa_bits) - 1
    }

    fn sign_shift(self) -> u32 {
        self.exponent_bits + self.mantissa_bits
    }
}

/// `2^exponent` for `-1022 <= exponent <= 1023`.
fn power_of_two(exponent: i32) -> f64 {
    f64::from_bits(((exponent + 1023) as u64) << 52)
}

/// The exact value of a bit pattern of `format`.
fn widen(bits: u64, format: Format) -> f64 {
    let exponent = (bits & format.exponent_all_ones()) >> format.mantissa_bits;
    let fraction = bits & format.mantissa_mask();
    let magnitude = if bits & format.exponent_all_ones() == format.exponent_all_ones() {
        if fraction == 0 {
            f64::INFINITY
        } else {
            f64::from_bits(0x7ff8_0000_0000_0000 | (fraction << (52 - format.mantissa_bits)))
        }
    } else if exponent == 0 {
        fraction as f64 * power_of_two(1 - format.bias() - format.mantissa_bits as i32)
    } else {
        (fraction | (1 << format.mantissa_bits)) as f64
            * power_of_two(exponent as i32 - format.bias() - format.mantissa_bits as i32)
    };
    if bits >> format.sign_shift() & 1 == 1 {
        -magnitude
    } else {
        magnitude
    }
}

/// `value` rounded to nearest even in `format`, as a bit pattern.
fn narrow(value: f64, format: Format) -> u64 {
    let bits = value.to_bits();
    let sign = (bits >> 63) << format.sign_shift();
    if value.is_nan() {
        let payload = (bits & ((1 << 52) - 1)) >> (52 - format.mantissa_bits);
        return sign | format.exponent_all_ones() | 1 << (format.mantissa_bits - 1) | payload;
    }
    if value.is_infinite() {
        return sign | format.exponent_all_ones();
    }
    if value == 0.0 {
        return sign;
    }
    let raw_exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // value = ±significand · 2^exponent
    let (significand, exponent) = if raw_exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, raw_exponent - 1075)
    };
    let top = 63 - significand.leading_zeros() as i32 + exponent;
    let mut quantum = top.max(1 - format.bias()) - format.mantissa_bits as i32;
    let shift = quantum - exponent;
    let mut rounded = if shift <= 0 {
        significand << -shift
    } else if shift > 63 {
        0
    } else {
        let kept = significand >> shift;
        let rest = significand & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        if rest > half || (rest == half && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    if rounded >> (format.mantissa_bits + 1) != 0 {
        rounded >>= 1;
        quantum += 1;
    }
    let biased = if rounded >> format.mantissa_bits == 0 {
        0
    } else {
        quantum + format.mantissa_bits as i32 + format.bias()
    };
    if biased >= (1 << format.exponent_bits) - 1 {
        return sign | format.exponent_all_ones();
    }
    sign | (biased as u64) << format.mantissa_bits | (rounded & format.mantissa_mask())
}

/// The exact value of a float bit pattern of type `element`.
pub fn to_f64(bits: u64, element: ElementType) -> f64 {
    match element {
        ElementType::F16 => widen(bits, HALF),
        ElementType::BF16 => widen(bits, BFLOAT),
        ElementType::F32 => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

/// The bit pattern of `value` rounded to nearest even in float type `element`.
pub fn from_f64(value: f64, element: ElementType) -> u64 {
    match element {
        ElementType::F16 => narrow(value, HALF),
        ElementType::BF16 => narrow(value, BFLOAT),
        ElementType::F32 => u64::from((value as f32).to_bits()),
        _ => value.to_bits(),
    }
}

/// `a + b` rounded to odd: exact, or else the neighbour of the exact sum with an odd last bit.
pub(crate) fn add_round_to_odd(a: f64, b: f64) -> f64 {
    let sum = a + b;
    let virtual_b = sum - a;
    let error = (a - (sum - virtual_b)) + (b - virtual_b);
    if !sum.is_finite() || error == 0.0 || sum.to_bits() & 1 == 1 {
        return sum;
    }
    let away_from_zero = (error > 0.0) == (sum > 0.0);
    f64::from_bits(if away_from_zero {
        sum.to_bits() + 1
    } else {
        sum.to_bits() - 1
    })
}

/// The IEEE-754-2019 minimum (`maximum` when `largest`): NaN-propagating, `-0 < +0`.
fn extremum(a: f64, b: f64, largest: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // equal values differ only in the sign of zero
        let pick_a = (a.is_sign_negative() && !largest) || (a.is_sign_positive() && largest);
        return if pick_a { a } else { b };
    }
    if (a < b) != largest {
        a
    } else {
        b
    }
}

/// The minimum or maximum number: a NaN operand yields the other operand.
fn number_extremum(a: f64, b: f64, largest: bool) -> f64 {
    match (a.is_nan(), b.is_nan()) {
        (true, _) => b,
        (_, true) => a,
        _ => extremum(a, b, largest),
    }
}

/// Applies a binary float op in `f64`, exactly but for `powf` and `atan2` (the caller rounds
/// to the element type).
pub(crate) fn binary(op: FloatBinary, a: f64, b: f64) -> f64 {
    match op {
        FloatBinary::AddF => a + b,
        FloatBinary::SubF => a - b,
        FloatBinary::MulF => a * b,
        FloatBinary::DivF => a / b,
        FloatBinary::RemF => a % b,
        FloatBinary::MinimumF => extremum(a, b, false),
        FloatBinary::MaximumF => extremum(a, b, true),
        FloatBinary::MinNumF => number_extremum(a, b, false),
        FloatBinary::MaxNumF => number_extremum(a, b, true),
        FloatBinary::PowF => a.powf(b),
        FloatBinary::Atan2 => a.atan2(b),
        FloatBinary::CopySign => a.copysign(b),
    }
}

/// Applies a unary float op in `f64` (the caller rounds to the element type).
pub(crate) fn unary(op: FloatUnary, x: f64) -> f64 {
    match op {
        FloatUnary::NegF => -x,
        FloatUnary::AbsF => x.abs(),
        FloatUnary::Sqrt => x.sqrt(),
        FloatUnary::Rsqrt => 1.0 / x.sqrt(),
        FloatUnary::Exp => x.exp(),
        FloatUnary::Exp2 => x.exp2(),
        FloatUnary::Log => x.ln(),
        FloatUnary::Log2 => x.log2(),
        FloatUnary::Floor => x.floor(),
        FloatUnary::Ceil => x.ceil(),
        FloatUnary::Round => x.round(),
        FloatUnary::Trunc => x.trunc(),
        FloatUnary::Tanh => x.tanh(),
        FloatUnary::Sin => x.sin(),
        FloatUnary::Cos => x.cos(),
        FloatUnary::Tan => x.tan(),
        FloatUnary::Asin => x.asin(),
        FloatUnary::Acos => x.acos(),
        FloatUnary::Atan => x.atan(),
        FloatUnary::Sinh => x.sinh(),
        FloatUnary::Cosh => x.cosh(),
        FloatUnary::Asinh => x.asinh(),
        FloatUnary::Acosh => x.acosh(),
        FloatUnary::Atanh => x.atanh(),
        FloatUnary::Cbrt => x.cbrt(),
        FloatUnary::ExpM1 => x.exp_m1(),
        FloatUnary::Log10 => x.log10(),
        FloatUnary::Log1p => x.ln_1p(),
        FloatUnary::RoundEven => x.round_ties_even(),
        FloatUnary::Erf => error_function(x),
        FloatUnary::Erfc => complementary_error_function(x),
    }
}

/// Where the error functions switch from the series to the continued fraction.
const ERF_SERIES_LIMIT: f64 = 1.0;

/// Terms of the continued fraction: 4e-15 relative error at x = 1, less beyond.
const ERFC_FRACTION_TERMS: u32 = 200;

/// `erf(x)`: the Maclaurin series `2/√π · Σ (-1)ⁿ x²ⁿ⁺¹ / (n! (2n+1))` up to |x| = 1, else
/// `1 - erfc(|x|)` with the sign of `x`; about 1e-15 relative error (the host's `f64` has no
/// `erf`).
fn error_function(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() > ERF_SERIES_LIMIT {
        return (1.0 - complementary_error_function(x.abs())).copysign(x);
    }
    let (mut sum, mut power) = (0.0, x);
    for n in 0..64 {
        let term = power / f64::from(2 * n + 1);
        sum += term;
        if term.abs() <= 1e-17 * sum.abs() {
            break;
        }
        power *= -x * x / f64::from(n + 1);
    }
    sum * std::f64::consts::FRAC_2_SQRT_PI
}

/// `erfc(x)`: `1 - erf(x)` up to x = 1, the continued fraction `e^(-x²) / (√π (x + ½/(x + 1/(x
/// + (3/2)/(x + …)))))` beyond, and `2 - erfc(-x)` below zero.
fn complementary_error_function(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 0.0 {
        return 2.0 - complementary_error_function(-x);
    }
    if x <= ERF_SERIES_LIMIT {
        return 1.0 - error_function(x);
    }
    let mut fraction = x;
    for k in (1..=ERFC_FRACTION_TERMS).rev() {
        fraction = x + f64::from(k) / 2.0 / fraction;
    }
    (-x * x).exp() * std::f64::consts::FRAC_2_SQRT_PI / 2.0 / fraction
}

/// `a * b + c` rounded once to `element`, on decoded operands.
pub(crate) fn fused_multiply_add(a: f64, b: f64, c: f64, element: ElementType) -> u64 {
    if element == ElementType::F64 {
        return a.mul_add(b, c).to_bits();
    }
    // The product of two narrow floats is exact in f64.
    from_f64(add_round_to_odd(a * b, c), element)
}

/// Evaluates an `arith.cmpf` predicate.
pub(crate) fn compare(predicate: FloatPredicate, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    match predicate {
        FloatPredicate::False => false,
        FloatPredicate::True => true,
        FloatPredicate::Ord => !unordered,
        FloatPredicate::Uno => unordered,
        FloatPredicate::Oeq => a == b,
        FloatPredicate::Ogt => a > b,
        FloatPredicate::Oge => a >= b,
        FloatPredicate::Olt => a < b,
        FloatPredicate::Ole => a <= b,
        FloatPredicate::One => !unordered && a != b,
        FloatPredicate::Ueq => unordered || a == b,
        FloatPredicate::Ugt => unordered || a > b,
        FloatPredicate::Uge => unordered || a >= b,
        FloatPredicate::Ult => unordered || a < b,
        FloatPredicate::Ule => unordered || a <= b,
        FloatPredicate::Une => a != b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SINGLE: Format = Format {
        exponent_bits: 8,
        mantissa_bits: 23,
    };

    /// Reference values of erf and erfc (Abramowitz and Stegun, table 7.1; the tail from the
    /// asymptotic series), to 15 digits.
    #[test]
    fn error_functions_match_reference_values() {
        let close = |got: f64, expected: f64| (got - expected).abs() <= 1e-14 * expected.abs();
        for (x, erf, erfc) in [
            (0.5, 0.520_499_877_813_047, 0.479_500_122_186_953),
            (1.0, 0.842_700_792_949_715, 0.157_299_207_050_285),
            (2.0, 0.995_322_265_018_953, 0.004_677_734_981_047_27),
            (5.0, 0.999_999_999_998_463, 1.537_459_794_428_035e-12),
        ] {
            assert!(
                close(error_function(x), erf),
                "erf({x}) = {}",
                error_function(x)
            );
            assert!(close(error_function(-x), -erf), "erf(-{x})");
            assert!(
                close(complementary_error_function(x), erfc),
                "erfc({x}) = {}",
                complementary_error_function(x)
            );
            assert!(
                close(complementary_error_function(-x), 2.0 - erfc),
                "erfc(-{x})"
            );
        }
        assert_eq!(error_function(0.0), 0.0);
        assert_eq!(complementary_error_function(30.0), 0.0);
    }

    proptest! {
        #[test]
        fn narrowing_to_the_f32_format_matches_the_hardware(bits in any::<u64>()) {
            let value = f64::from_bits(bits);
            prop_assume!(!value.is_nan());
            prop_assert_eq!(narrow(value, SINGLE), u64::from((value as f32).to_bits()));
        }

        #[test]
        fn widening_from_the_f32_format_matches_the_hardware(bits in any::<u32>()) {
            let value = f32::from_bits(bits);
            prop_assume!(!value.is_nan());
            prop_assert_eq!(widen(u64::from(bits), SINGLE), f64::from(value));
        }

        #[test]
        fn every_half_survives_a_round_trip(bits in 0u64..0x1_0000) {
            prop_assume!(!widen(bits, HALF).is_nan());
            prop_assert_eq!(narrow(widen(bits, HALF), HALF), bits);
        }

        #[test]
        fn fma_rounds_once(a in any::<u32>(), b in any::<u32>(), c in any::<u32>()) {
            let (a, b, c) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
            let expected = a.mul_add(b, c);
            prop_assume!(!expected.is_nan());
            let got = fused_multiply_add(f64::from(a), f64::from(b), f64::from(c), ElementType::F32);
            prop_assert_eq!(got, u64::from(expected.to_bits()));
        }
    }
}
