//! Exact scalar semantics, checked through one-op kernels against bit patterns worked out by hand.

mod common;

use common::*;

const F16: ElementType = ElementType::F16;
const BF16: ElementType = ElementType::BF16;
const F32: ElementType = ElementType::F32;
const I8: ElementType = ElementType::Integer(8);
const I32: ElementType = ElementType::Integer(32);
const I64: ElementType = ElementType::Integer(64);

/// Runs `op` once per case, thread `i` on `cases[i]` (operand bit patterns), and returns the
/// result bit patterns.
fn evaluate(op: Op, inputs: &[ElementType], output: ElementType, cases: &[&[u64]]) -> Vec<u64> {
    let count = cases.len() as i64;
    let mut kb = Kb::new("evaluate");
    let parameters: Vec<ValueId> = inputs
        .iter()
        .map(|&element| kb.parameter(global(element, &[count])))
        .collect();
    let result = kb.parameter(global(output, &[count]));
    let t = kb.thread_id(Axis::X);
    let operands: Vec<ValueId> = parameters
        .iter()
        .map(|&parameter| kb.load(parameter, &[t]))
        .collect();
    let value = kb.op1(op, &operands, scalar(output));
    kb.store(value, result, &[t]);
    let kernel = kb.finish();
    let mut arguments: Vec<Argument> = inputs
        .iter()
        .enumerate()
        .map(|(position, &element)| {
            Argument::Buffer(HostBuffer {
                misalignment: 0,
                element,
                shape: vec![count],
                data: cases.iter().map(|case| case[position]).collect(),
            })
        })
        .chain([zeros(output, &[count])])
        .collect();
    launch(
        &kernel,
        [1, 1, 1],
        [cases.len() as u32, 1, 1],
        &mut arguments,
    )
    .unwrap();
    buffer(&arguments, inputs.len()).data.clone()
}

#[test]
fn f16_addition_rounds_once_to_nearest_even() {
    let cases: &[&[u64]] = &[
        &[0x3c00, 0x1000], // 1 + 2^-11: a tie, stays at the even 1
        &[0x3c00, 0x1002], // 1 + 2^-11 + 2^-20: above the tie, rounds up
        &[0x3c01, 0x1000], // (1 + 2^-10) + 2^-11: a tie, goes to the even 1 + 2^-9
        &[0x7bff, 0x4c00], // 65504 + 16: a tie at the top, rounds to infinity
        &[0x7bff, 0x4800], // 65504 + 8: below the tie, stays finite
        &[0x0001, 0x0001], // smallest subnormals add exactly
    ];
    let sums = evaluate(Op::FloatBinary(FloatBinary::AddF), &[F16, F16], F16, cases);
    assert_eq!(sums, [0x3c00, 0x3c01, 0x3c02, 0x7c00, 0x7bff, 0x0002]);
}

#[test]
fn f16_and_bf16_products_and_conversions_round_to_nearest_even() {
    let products = evaluate(
        Op::FloatBinary(FloatBinary::MulF),
        &[F16, F16],
        F16,
        &[&[0x0001, 0x3800], &[0x0003, 0x3800]],
    );
    assert_eq!(
        products,
        [0x0000, 0x0002],
        "2^-25 ties to 0, 1.5·2^-24 ties to 2^-23"
    );
    let sums = evaluate(
        Op::FloatBinary(FloatBinary::AddF),
        &[BF16, BF16],
        BF16,
        &[&[0x3f80, 0x3b80]],
    );
    assert_eq!(sums, [0x3f80], "bf16 1 + 2^-8 ties to 1");
    let narrowed = evaluate(
        Op::Cast(Cast::TruncF),
        &[F32],
        F16,
        &[
            &[u64::from(0.1f32.to_bits())],
            &[u64::from(65520f32.to_bits())],
        ],
    );
    assert_eq!(narrowed, [0x2e66, 0x7c00]);
}

#[test]
fn integer_to_float_conversions_round_once() {
    let half = evaluate(Op::Cast(Cast::SIToFP), &[I64], F16, &[&[2049], &[2051]]);
    assert_eq!(
        half,
        [0x6800, 0x6802],
        "2049 ties to 2048, 2051 ties to 2052"
    );
    let single = evaluate(Op::Cast(Cast::SIToFP), &[I32], F32, &[&[16_777_217]]);
    assert_eq!(single, [u64::from(16_777_216f32.to_bits())]);
    // 2^60 + 2^52 + 1 lies just above a bf16 tie; rounding through f64 first would lose the 1.
    let bfloat = evaluate(
        Op::Cast(Cast::SIToFP),
        &[I64],
        BF16,
        &[&[(1 << 60) + (1 << 52) + 1]],
    );
    assert_eq!(bfloat, [0x5d81]);
}

#[test]
fn float_to_integer_conversions_truncate_and_saturate() {
    let cases: Vec<[u64; 1]> = [3e9f32, f32::NAN, -2.7, -3e9]
        .map(|value| [u64::from(value.to_bits())])
        .to_vec();
    let cases: Vec<&[u64]> = cases.iter().map(|case| case.as_slice()).collect();
    let converted = evaluate(Op::Cast(Cast::FPToSI), &[F32], I32, &cases);
    assert_eq!(
        converted,
        [0x7fff_ffff, 0, (-2i32) as u32 as u64, 0x8000_0000]
    );
}

#[test]
fn integer_ops_wrap_at_their_width() {
    let binary = |op, a: i64, b: i64| {
        evaluate(
            Op::IntegerBinary(op),
            &[I8, I8],
            I8,
            &[&[a as u64 & 0xff, b as u64 & 0xff]],
        )[0]
    };
    assert_eq!(binary(IntegerBinary::AddI, 127, 1), 0x80);
    assert_eq!(binary(IntegerBinary::DivSI, -7, 2), 0xfd);
    assert_eq!(binary(IntegerBinary::FloorDivSI, -7, 2), 0xfc);
    assert_eq!(binary(IntegerBinary::CeilDivSI, 7, 2), 4);
    assert_eq!(binary(IntegerBinary::RemSI, -7, 2), 0xff);
    assert_eq!(binary(IntegerBinary::RemUI, -7, 2), 1);
    assert_eq!(binary(IntegerBinary::ShRSI, -128, 1), 0xc0);
    assert_eq!(binary(IntegerBinary::ShRUI, -128, 1), 0x40);
    assert_eq!(binary(IntegerBinary::ShLI, 1, 8), 0);
    assert_eq!(binary(IntegerBinary::MaxSI, -1, 1), 1);
    assert_eq!(binary(IntegerBinary::MaxUI, -1, 1), 0xff);
    let compare = |predicate| {
        evaluate(
            Op::CmpI(predicate),
            &[I8, I8],
            ElementType::Integer(1),
            &[&[0x80, 1]],
        )[0]
    };
    assert_eq!(
        (
            compare(IntegerPredicate::Slt),
            compare(IntegerPredicate::Ult)
        ),
        (1, 0)
    );
    let extend = |cast| evaluate(Op::Cast(cast), &[I8], I32, &[&[0x80]])[0];
    assert_eq!(
        (extend(Cast::ExtSI), extend(Cast::ExtUI)),
        (0xffff_ff80, 0x80)
    );
    assert_eq!(
        evaluate(Op::Cast(Cast::TruncI), &[I32], I8, &[&[0x1234]]),
        [0x34]
    );
}

#[test]
fn division_by_zero_is_an_error_naming_the_thread() {
    let mut kb = Kb::new("divide");
    let output = kb.parameter(global(I32, &[1]));
    let (one, zero) = (kb.constant(scalar(I32), 1.0), kb.constant(scalar(I32), 0.0));
    let quotient = kb.int(IntegerBinary::DivSI, one, zero);
    let first = kb.index(0);
    kb.store(quotient, output, &[first]);
    let message = launch(&kb.finish(), [1, 1, 1], [1, 1, 1], &mut [zeros(I32, &[1])])
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("arith.divsi in block (0, 0, 0) thread (0, 0, 0): division by zero"),
        "{message}"
    );
}

#[test]
fn float_extrema_and_comparisons_follow_ieee() {
    let bits = |value: f32| u64::from(value.to_bits());
    let pair: &[u64] = &[bits(-0.0), bits(0.0)];
    let with_nan: &[u64] = &[bits(f32::NAN), bits(1.0)];
    let minimum = evaluate(
        Op::FloatBinary(FloatBinary::MinimumF),
        &[F32, F32],
        F32,
        &[pair, with_nan],
    );
    assert_eq!(minimum[0], bits(-0.0));
    assert!(f32::from_bits(minimum[1] as u32).is_nan());
    let maximum = evaluate(
        Op::FloatBinary(FloatBinary::MaximumF),
        &[F32, F32],
        F32,
        &[pair],
    );
    assert_eq!(maximum, [bits(0.0)]);
    let number = evaluate(
        Op::FloatBinary(FloatBinary::MinNumF),
        &[F32, F32],
        F32,
        &[with_nan],
    );
    assert_eq!(number, [bits(1.0)]);
    let boolean = ElementType::Integer(1);
    let compare = |predicate| evaluate(Op::CmpF(predicate), &[F32, F32], boolean, &[with_nan])[0];
    assert_eq!(
        [
            FloatPredicate::Oeq,
            FloatPredicate::Une,
            FloatPredicate::Uno,
            FloatPredicate::Olt
        ]
        .map(compare),
        [0, 1, 1, 0]
    );
    let fused = evaluate(
        Op::Fma,
        &[F32, F32, F32],
        F32,
        &[&[bits(0.1), bits(10.0), bits(-1.0)]],
    );
    assert_eq!(fused, [bits(0.1f32.mul_add(10.0, -1.0))]);
}
