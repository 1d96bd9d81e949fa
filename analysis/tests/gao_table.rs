//! Seed-004 §10 (Gao's dissertation, test-case table): every case as a test, values from the
//! model (request-level enumeration, closed forms, and static warp metrics of `Access` values).
//! Strides and offsets are in 4-byte elements; "replays" are Σ(degree − 1) over a block's
//! requests, which `AccessMetrics::bank_conflicts` reports.

mod common;

use analysis::closed_form::{
    class_counts, column_major_degree, column_major_geometry, conventional_degree, period,
    row_major_base_degree, row_major_degree, row_major_geometry,
};
use analysis::request::wavefronts;
use analysis::BankModel::{Conventional, Kepler4Byte, Kepler8Byte};
use analysis::{Access, BankModel, Block, Condition, Loop, Relation, Request};
use common::kernels::{
    column_read_32, convolution_columns, convolution_rows, finite_difference_3d, guarded, inside,
    lud_diagonal, lud_perimeter, needleman_wunsch, pitch_24_rows, shfl_pattern_a, shfl_pattern_b,
    transpose_16, transpose_32, two_dimensional_warp, Kernel,
};
use common::{degree, degree_in, iv, metrics, replays, requests, shared, tx, ty, worst};

/// Bank-conflict degree of a single access.
fn access_degree(access: &Access, block: Block, model: BankModel) -> f64 {
    metrics(access, block, model)
        .bank_conflict_degree
        .expect("known degree")
}

/// Smallest pad in 0..64 that leaves a kernel without replays.
fn first_zero_pad(kernel: Kernel, block: Block, model: BankModel) -> Option<i64> {
    (0..64).find(|&pad| replays(&kernel(pad), block, model) == 0)
}

/// Case 1: conventional mapping, full warp, stride S: degree gcd(S, 32) for every offset
/// (S = 1,2,3,4,6,8,12,16,24,32,33,48,64 → 1,2,1,4,2,8,4,16,8,32,1,16,32).
#[test]
fn case_01_conventional_degree_is_gcd_of_stride_and_banks() {
    let table = [
        (1, 1),
        (2, 2),
        (3, 1),
        (4, 4),
        (6, 2),
        (8, 8),
        (12, 4),
        (16, 16),
        (24, 8),
        (32, 32),
        (33, 1),
        (48, 16),
        (64, 32),
    ];
    for (stride, expected) in table {
        for offset in 0..70 {
            assert_eq!(
                degree(Conventional, stride, offset),
                expected,
                "S={stride} o={offset}"
            );
        }
        assert_eq!(conventional_degree(stride, 32), expected, "S={stride}");
    }
}

/// Case 2: `A[2·tid.x]`, one warp: "stride 2 → 2-way" on sm_90.
#[test]
fn case_02_stride_two_is_two_way() {
    let access = shared(&[64], vec![tx() * 2]);
    assert_eq!(
        access_degree(&access, Block::new(32, 1, 1), Conventional),
        2.0
    );
}

/// Case 3: stride 0, every lane reads one word: a broadcast, degree 1.
#[test]
fn case_03_broadcast_is_conflict_free() {
    let access = shared(&[64], vec![ty() + 5]);
    assert_eq!(
        access_degree(&access, Block::new(32, 1, 1), Conventional),
        1.0
    );
    assert_eq!(conventional_degree(0, 32), 1);
}

/// Case 4: t active lanes, stride S: ⌈t/(32/gcd(S,32))⌉; (t,S) = (16,16) → 8, (15,16) → 8, (16,18) → 1.
#[test]
fn case_04_partial_warp_degree() {
    for (active, stride, expected) in [(16, 16, 8), (15, 16, 8), (16, 18, 1)] {
        assert_eq!(
            degree_in(Conventional.geometry(), stride, 3, active),
            expected
        );
        assert_eq!(conventional_degree(stride, active), expected);
        let access = guarded(
            shared(&[1024], vec![tx() * stride]),
            Condition::new(tx(), Relation::Less, i64::from(active)),
        );
        let expected = f64::from(expected);
        assert_eq!(
            access_degree(&access, Block::new(32, 1, 1), Conventional),
            expected
        );
    }
}

/// Case 5: Kepler 4-byte mode (row-major): every odd stride is conflict-free at every offset.
#[test]
fn case_05_row_major_odd_strides_are_conflict_free() {
    for stride in (1..200).step_by(2) {
        for offset in 0..64 {
            assert_eq!(
                degree(Kepler4Byte, stride, offset),
                1,
                "S={stride} o={offset}"
            );
            assert_eq!(row_major_degree(stride, offset, 2), 1);
        }
    }
}

/// Case 6: Algorithm 4.1, Kepler 4-byte mode, offset 0: S = 2,4,8,16,32,64 → 1,2,4,8,16,32.
#[test]
fn case_06_algorithm_4_1_at_offset_zero() {
    for (stride, expected) in [(2, 1), (4, 2), (8, 4), (16, 8), (32, 16), (64, 32)] {
        assert_eq!(degree(Kepler4Byte, stride, 0), expected);
        assert_eq!(row_major_base_degree(stride, 2), Some(expected));
        assert_eq!(row_major_degree(stride, 0, 2), expected);
    }
}

/// Case 7: the offset adds one: (S,o) = (2,2),(4,4),(8,8),(16,32),(32,32) → 2,3,5,9,17.
#[test]
fn case_07_offset_adds_one() {
    for (stride, offset, expected) in [(2, 2, 2), (4, 4, 3), (8, 8, 5), (16, 32, 9), (32, 32, 17)] {
        assert_eq!(degree(Kepler4Byte, stride, offset), expected);
        assert_eq!(row_major_degree(stride, offset, 2), expected);
        assert_eq!(
            row_major_base_degree(stride, 2).map(|base| base + 1),
            Some(expected)
        );
    }
}

/// Case 8: Kepler 4-byte mode, S = 32: 16 when o mod 64 < 32, else 17.
#[test]
fn case_08_stride_32_depends_on_offset_half() {
    for offset in 0..256 {
        let expected = if offset % 64 < 32 { 16 } else { 17 };
        assert_eq!(degree(Kepler4Byte, 32, offset), expected, "o={offset}");
        assert_eq!(row_major_degree(32, offset, 2), expected);
    }
}

/// Case 9: Kepler 4-byte mode, σ ≥ R: S = 6,10,12,14,24,48 → 2,2,4,2,8,16 at every offset.
#[test]
fn case_09_row_major_offset_free_strides() {
    for (stride, expected) in [(6, 2), (10, 2), (12, 4), (14, 2), (24, 8), (48, 16)] {
        for offset in 0..128 {
            assert_eq!(
                degree(Kepler4Byte, stride, offset),
                expected,
                "S={stride} o={offset}"
            );
        }
    }
}

/// Case 10: row-major with R = 4 (W = 16): S = 2,4,8,16,32,64,128 → 1,1,2,4,8,16,32 at o = 0.
#[test]
fn case_10_row_major_four_rows() {
    let table = [
        (2, 1),
        (4, 1),
        (8, 2),
        (16, 4),
        (32, 8),
        (64, 16),
        (128, 32),
    ];
    for (stride, expected) in table {
        assert_eq!(degree_in(row_major_geometry(4), stride, 0, 32), expected);
        assert_eq!(row_major_base_degree(stride, 4), Some(expected));
    }
}

/// Case 11: Kepler 8-byte mode (column-major, R = 2), S = 1..8 at o = 0 → 1,1,2,2,2,1,2,4.
#[test]
fn case_11_column_major_small_strides() {
    let degrees: Vec<u32> = (1..=8)
        .map(|stride| degree(Kepler8Byte, stride, 0))
        .collect();
    assert_eq!(degrees, [1, 1, 2, 2, 2, 1, 2, 4]);
}

/// Case 12: Kepler 8-byte mode, S = 6 = 3·R: conflict-free at every offset (§6.3.1).
#[test]
fn case_12_column_major_sigma_r_stride() {
    for offset in 0..64 {
        assert_eq!(degree(Kepler8Byte, 6, offset), 1);
        assert_eq!(column_major_degree(6, offset, 2), Some(1));
    }
}

/// Case 13: Kepler 8-byte mode, even S → gcd(S/2, 32): 8 → 4, 16 → 8, 32 → 16, 64 → 32.
#[test]
fn case_13_column_major_even_strides() {
    for (stride, expected) in [(8, 4), (16, 8), (32, 16), (64, 32)] {
        for offset in 0..4 {
            assert_eq!(degree(Kepler8Byte, stride, offset), expected);
            assert_eq!(column_major_degree(stride, offset, 2), Some(expected));
        }
    }
}

/// Case 14: Kepler 8-byte mode, odd S: degree 1 or 2 (App. A-3), both occur;
/// S = 31: o = 0 → 2, o = 1 → 1; S = 33: o = 0 → 1, o = 1 → 2.
#[test]
fn case_14_column_major_odd_strides_are_at_most_two_way() {
    let mut seen: Vec<u32> = (1..400)
        .step_by(2)
        .flat_map(|stride| (0..2).map(move |offset| degree(Kepler8Byte, stride, offset)))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, [1, 2]);
    assert_eq!(
        [(31, 0), (31, 1), (33, 0), (33, 1)].map(|(stride, offset)| degree(
            Kepler8Byte,
            stride,
            offset
        )),
        [2, 1, 1, 2]
    );
}

/// Case 15: S = 4, offsets 4..59: row-major 3 vs column-major 2 (Fig. 4.4).
#[test]
fn case_15_row_major_versus_column_major() {
    for offset in 4..60 {
        assert_eq!(degree(Kepler4Byte, 4, offset), 3, "o={offset}");
        assert_eq!(degree(Kepler8Byte, 4, offset), 2, "o={offset}");
    }
}

/// Case 16: column-major with R = 4 (W = N = 16), S = 11, start rows 0..3 → 2 each.
#[test]
fn case_16_column_major_four_rows_stride_eleven() {
    for offset in 0..4 {
        assert_eq!(degree_in(column_major_geometry(4), 11, offset, 32), 2);
    }
}

/// Case 17: column-major R = 4, S = 1..16 at o = 0 → 1,1,1,1,2,2,2,2,2,2,2,1,2,2,2,4.
#[test]
fn case_17_column_major_four_rows_small_strides() {
    let degrees: Vec<u32> = (1..=16)
        .map(|stride| degree_in(column_major_geometry(4), stride, 0, 32))
        .collect();
    assert_eq!(degrees, [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 4]);
}

/// Case 18: column-major, S < R: conflict-free (the request spans fewer than B banks).
#[test]
fn case_18_column_major_stride_below_rows() {
    for rows in [2u32, 4, 8] {
        for stride in 1..i64::from(rows) {
            for offset in 0..2 * i64::from(rows) {
                assert_eq!(
                    degree_in(column_major_geometry(rows), stride, offset, 32),
                    1
                );
                assert_eq!(column_major_degree(stride, offset, rows), Some(1));
            }
        }
    }
}

/// Column degree of Fig. 4.5A, `A[32][32+PAD]`, `A[tx][0]`, one warp.
fn figure_4_5a(pad: i64, model: BankModel) -> f64 {
    access_degree(&column_read_32(pad)[0], Block::new(32, 1, 1), model)
}

/// Case 19: Kepler 4-byte mode, `A[32][32+PAD]`, `A[tx][0]`: 16 → 1 with PAD = 1
/// (PAD 0..8: 16,1,2,1,4,1,2,1,8, seed-004 §6.1).
#[test]
fn case_19_row_major_column_read_padded() {
    let degrees: Vec<f64> = (0..=8).map(|pad| figure_4_5a(pad, Kepler4Byte)).collect();
    assert_eq!(degrees, [16.0, 1.0, 2.0, 1.0, 4.0, 1.0, 2.0, 1.0, 8.0]);
}

/// Case 20: sm_90, same access: 32 → 1 with PAD = 1; PAD 2 → 2, 4 → 4, 8 → 8.
#[test]
fn case_20_conventional_column_read_padded() {
    let degrees: Vec<f64> = (0..=8).map(|pad| figure_4_5a(pad, Conventional)).collect();
    assert_eq!(degrees, [32.0, 1.0, 2.0, 1.0, 4.0, 1.0, 2.0, 1.0, 8.0]);
}

/// Degree of Fig. 4.5B, `A[4][32+PAD]`, `A[ty][4·tx]`, block (8, 4): one 2-D warp.
fn figure_4_5b(pad: i64, model: BankModel) -> f64 {
    access_degree(&two_dimensional_warp(pad)[0], Block::new(8, 4, 1), model)
}

/// Case 21: Kepler 4-byte mode, Fig. 4.5B: 2 → 1 with PAD = 1.
#[test]
fn case_21_row_major_two_dimensional_warp_padded() {
    assert_eq!(figure_4_5b(0, Kepler4Byte), 2.0);
    assert_eq!(figure_4_5b(1, Kepler4Byte), 1.0);
}

/// Case 22: sm_90, Fig. 4.5B: 4 → 1 with PAD = 1.
#[test]
fn case_22_conventional_two_dimensional_warp_padded() {
    assert_eq!(figure_4_5b(0, Conventional), 4.0);
    assert_eq!(figure_4_5b(1, Conventional), 1.0);
}

/// Smallest intra-pad making stride `stride + pad` conflict-free at all `offsets`.
fn smallest_pad(
    stride: i64,
    offsets: std::ops::Range<i64>,
    degree_of: &dyn Fn(i64, i64) -> u32,
) -> i64 {
    (0..)
        .find(|pad| {
            offsets
                .clone()
                .all(|offset| degree_of(stride + pad, offset) == 1)
        })
        .expect("some pad works")
}

/// Case 23: row-major (Kepler 4-byte mode): every even stride becomes conflict-free at every
/// offset with an intra-pad of at most 1 element (S → S + 1), and 1 is needed.
#[test]
fn case_23_row_major_pad_bound_is_one() {
    let kepler = |stride, offset| degree(Kepler4Byte, stride, offset);
    let largest = (2..400)
        .step_by(2)
        .map(|stride| smallest_pad(stride, 0..64, &kepler))
        .max();
    assert_eq!(largest, Some(1));
}

/// Case 24: column-major with R = 2, 4, 8: any stride is fixed by an intra-pad of at most
/// 2R − 1 = 3, 7, 15 elements, and the bound is reached.
#[test]
fn case_24_column_major_pad_bound_is_two_r_minus_one() {
    for rows in [2u32, 4, 8] {
        let column_major =
            |stride, offset| degree_in(column_major_geometry(rows), stride, offset, 32);
        let largest = (1..400)
            .map(|stride| smallest_pad(stride, 0..1, &column_major))
            .max();
        assert_eq!(largest, Some(2 * i64::from(rows) - 1), "R={rows}");
    }
}

/// Case 25: row-major, 1-D accesses over many warps with even S: warps move by 32·S ≡ 0
/// mod 64 elements, P = R/gcd(S,R) = 1, so the block total is degree₀ × warps (8 warps here).
#[test]
fn case_25_row_major_multi_warp_even_stride_has_one_class() {
    for stride in [2, 4, 6, 8, 16, 32] {
        assert_eq!(period(32 * stride, 64), 1);
        for offset in (0..64).step_by(5) {
            let mut access = shared(&[256 * stride + 64], vec![tx() * stride]);
            access.layout.offset = Some(offset);
            let replays = metrics(&access, Block::new(256, 1, 1), Kepler4Byte).bank_conflicts;
            let single = u64::from(degree(Kepler4Byte, stride, offset));
            assert_eq!(replays, Ok(8 * (single - 1)), "S={stride} o={offset}");
        }
    }
}

/// Per-warp degrees of `A[ty][tx]` with row pitch `pitch`, block 16×16 (16×2 warps).
fn pitch_pattern_degrees(pitch: i64, model: BankModel) -> Vec<u32> {
    let access = pitch_24_rows(pitch - 24).remove(0);
    Block::new(16, 16, 1)
        .warps()
        .map(|warp| {
            let addresses: Vec<Option<u64>> = warp
                .iter()
                .map(|thread| {
                    let value = |variable: &analysis::Variable| match variable {
                        analysis::Variable::ThreadX => Some(thread[0]),
                        analysis::Variable::ThreadY => Some(thread[1]),
                        _ => None,
                    };
                    access
                        .byte_address(&value)
                        .ok()
                        .map(|address| address as u64)
                })
                .collect();
            wavefronts(
                &Request {
                    addresses: &addresses,
                    access_bytes: 4,
                },
                model,
            )
        })
        .collect()
}

/// Case 26: Kepler 4-byte mode, ⟨1,16,24,16⟩ (`A[ty][tx]`, pitch 24, block 16×16): warps
/// move by Δ = 48, P = 64/gcd(48,64) = 4, per-warp degrees [1,2,2,1,1,2,2,1], Σ = 12.
#[test]
fn case_26_two_dimensional_warps_have_four_classes() {
    assert_eq!(period(48, 64), 4);
    assert_eq!(
        pitch_pattern_degrees(24, Kepler4Byte),
        [1, 2, 2, 1, 1, 2, 2, 1]
    );
    let access = shared(&[16, 24], vec![ty(), tx()]);
    let block_metrics = metrics(&access, Block::new(16, 16, 1), Kepler4Byte);
    assert_eq!(block_metrics.requests, Ok(8));
    assert_eq!(block_metrics.bank_conflicts, Ok(12 - 8));
}

/// Case 27: sm_90, same pattern: every warp 2-way, Σ = 16; pitch 48 (pad 24): all 1, Σ = 8.
#[test]
fn case_27_conventional_two_dimensional_warps_padded() {
    assert_eq!(pitch_pattern_degrees(24, Conventional), [2; 8]);
    assert_eq!(pitch_pattern_degrees(48, Conventional), [1; 8]);
}

/// Case 28: a loop moving the offset by 100 elements with L = 64 has P = lcm(100,64)/100 = 16
/// classes; the static metrics over 1000 iterations equal the per-iteration sum.
#[test]
fn case_28_loop_increment_classes() {
    assert_eq!(period(100, 64), 16);
    let access = inside(
        shared(&[100_032], vec![iv(0) * 100 + tx() * 2]),
        Loop::constant(0, 1000, 1),
    );
    let per_iteration: u64 = (0..1000)
        .map(|iteration| u64::from(degree(Kepler4Byte, 2, 100 * iteration)) - 1)
        .sum();
    let block_metrics = metrics(&access, Block::new(32, 1, 1), Kepler4Byte);
    assert_eq!(block_metrics.bank_conflicts, Ok(per_iteration));
}

/// Case 29: 10 iterations in P = 3 classes are counted 4, 3, 3 (Fig. 5.4).
#[test]
fn case_29_class_counts() {
    assert_eq!(class_counts(10, 3), [4, 3, 3]);
}

/// Case 30: for-if (Fig. 5.8) counts requests by active lanes; the thesis uses V = 4, but a
/// warp here is 32 lanes, so we check the same identity at V = 32: `if (tx ≤ i) A[2·tx]`,
/// i < 128, block 128: C₃₂ = Σ_{m=1}^{128} ⌊m/32⌋ = 196 and C_t = 4 for t < 32, so 320
/// requests and Σ_t C_t·⌈t/16⌉ wavefronts.
#[test]
fn case_30_for_if_histogram() {
    let access = guarded(
        inside(shared(&[256], vec![tx() * 2]), Loop::constant(0, 128, 1)),
        Condition::new(tx(), Relation::LessEqual, iv(0)),
    );
    let block_metrics = metrics(&access, Block::new(128, 1, 1), Conventional);
    let full_warps = 196u64;
    let partial_per_size = 4u64;
    let expected_wavefronts = full_warps * u64::from(conventional_degree(2, 32))
        + (1..32)
            .map(|lanes| partial_per_size * u64::from(conventional_degree(2, lanes)))
            .sum::<u64>();
    let expected_requests = full_warps + 31 * partial_per_size;
    assert_eq!(block_metrics.requests, Ok(expected_requests));
    assert_eq!(
        block_metrics.bank_conflicts,
        Ok(expected_wavefronts - expected_requests)
    );
}

/// Case 31: Kepler 4-byte mode, 3DFD `s_data[24][24+p]`: 156 requests, 78 replays, max 2;
/// the first conflict-free pad is 24.
#[test]
fn case_31_finite_difference_row_major() {
    let block = Block::new(16, 16, 1);
    let kernel = finite_difference_3d(0);
    assert_eq!(requests(&kernel, block, Kepler4Byte), 156);
    assert_eq!(replays(&kernel, block, Kepler4Byte), 78);
    assert_eq!(worst(&kernel, block, Kepler4Byte), 2.0);
    assert_eq!(
        first_zero_pad(finite_difference_3d, block, Kepler4Byte),
        Some(24)
    );
}

/// Case 32: Kepler 8-byte mode, 3DFD: already conflict-free at p = 0.
#[test]
fn case_32_finite_difference_column_major() {
    let block = Block::new(16, 16, 1);
    assert_eq!(
        first_zero_pad(finite_difference_3d, block, Kepler8Byte),
        Some(0)
    );
}

/// Case 33: sm_90, 3DFD: 140 replays, first conflict-free pad 24.
#[test]
fn case_33_finite_difference_conventional() {
    let block = Block::new(16, 16, 1);
    assert_eq!(replays(&finite_difference_3d(0), block, Conventional), 140);
    assert_eq!(
        first_zero_pad(finite_difference_3d, block, Conventional),
        Some(24)
    );
}

/// Case 34: sm_90, CS-CRK `s_Data[4][160+p]`: 292 requests, all 2-way (pitch ≡ 0 mod 32
/// puts both rows of a 16×2 warp on the same banks); p = 16 is the first fix.
#[test]
fn case_34_convolution_rows() {
    let block = Block::new(16, 4, 1);
    let kernel = convolution_rows(0);
    assert_eq!(requests(&kernel, block, Conventional), 292);
    assert_eq!(replays(&kernel, block, Conventional), 292);
    assert_eq!(worst(&kernel, block, Conventional), 2.0);
    assert_eq!(
        first_zero_pad(convolution_rows, block, Conventional),
        Some(16)
    );
}

/// Case 35: sm_90, CS-CCK `s_Data[16][81+p]`: 584 requests, all 2-way despite the SDK's +1
/// (lane 15 of row ty+1 meets lane 0 of row ty); p = 1 (pitch 82) is the fix.
#[test]
fn case_35_convolution_columns() {
    let block = Block::new(16, 8, 1);
    let kernel = convolution_columns(0);
    assert_eq!(requests(&kernel, block, Conventional), 584);
    assert_eq!(replays(&kernel, block, Conventional), 584);
    assert_eq!(worst(&kernel, block, Conventional), 2.0);
    assert_eq!(
        first_zero_pad(convolution_columns, block, Conventional),
        Some(1)
    );
}

/// Case 36: sm_90, 32×32 transpose, block 32×8: the read `tile[tx][ty+j]` is 32-way
/// (992 replays = 8 warps × 4 iterations × 31, the write adds none); p = 1 makes it 1.
#[test]
fn case_36_transpose_32_read() {
    let block = Block::new(32, 8, 1);
    let read = &transpose_32(0)[1];
    assert_eq!(access_degree(read, block, Conventional), 32.0);
    assert_eq!(replays(&transpose_32(0), block, Conventional), 992);
    assert_eq!(access_degree(&transpose_32(1)[1], block, Conventional), 1.0);
    assert_eq!(replays(&transpose_32(1), block, Conventional), 0);
}

/// Case 37: sm_90, 16×16 transpose with 16×2 warps: 56 replays, max 8; the best pad in a
/// full period (0..32) is p = 2 with 8 replays, max 2 (the write becomes 2-way); none gives 0.
#[test]
fn case_37_transpose_16_has_no_conflict_free_pad() {
    let block = Block::new(16, 16, 1);
    assert_eq!(replays(&transpose_16(0), block, Conventional), 56);
    assert_eq!(worst(&transpose_16(0), block, Conventional), 8.0);
    let best = (0..32)
        .min_by_key(|&pad| replays(&transpose_16(pad), block, Conventional))
        .expect("pads");
    assert_eq!(best, 2);
    assert_eq!(replays(&transpose_16(2), block, Conventional), 8);
    assert_eq!(worst(&transpose_16(2), block, Conventional), 2.0);
}

/// Case 38: sm_90, shfl_scan `sums[32][8+p]`, block 32×8: pattern A `sums[tx][ty]` is 8-way
/// and 1 with p = 1; pattern B, a 4×8 warp along rows (our reconstruction
/// `sums[4·ty + tx/8][tx mod 8]`), goes from 1 to 2.
#[test]
fn case_38_shfl_scan_patterns() {
    let block = Block::new(32, 8, 1);
    let pattern_a = shfl_pattern_a;
    let pattern_b = shfl_pattern_b;
    assert_eq!(access_degree(&pattern_a(0), block, Conventional), 8.0);
    assert_eq!(access_degree(&pattern_a(1), block, Conventional), 1.0);
    assert_eq!(access_degree(&pattern_b(0), block, Conventional), 1.0);
    assert_eq!(access_degree(&pattern_b(1), block, Conventional), 2.0);
}

/// Case 39: sm_90, Needleman-Wunsch `temp[17][17+p]` anti-diagonal writes (stride −16, at
/// most 16 lanes, `tx ≤ m`): max 8, 105 replays (56 + 49); p = 1 (stride −17) removes all.
#[test]
fn case_39_needleman_wunsch_anti_diagonal() {
    let block = Block::new(16, 1, 1);
    assert_eq!(worst(&needleman_wunsch(0), block, Conventional), 8.0);
    assert_eq!(replays(&needleman_wunsch(0), block, Conventional), 105);
    assert_eq!(replays(&needleman_wunsch(1), block, Conventional), 0);
}

/// Case 40: sm_90, LUD column walks with stride 16 over at most 16 lanes: lud_diagonal
/// `shadow[tx][i]` (tx > i) max 8, 49 replays; lud_perimeter `peri_col[tx-16][i]` max 8,
/// 112 replays; p = 1 makes both conflict-free.
#[test]
fn case_40_lud_column_walks() {
    let diagonal_block = Block::new(16, 1, 1);
    assert_eq!(worst(&lud_diagonal(0), diagonal_block, Conventional), 8.0);
    assert_eq!(replays(&lud_diagonal(0), diagonal_block, Conventional), 49);
    assert_eq!(worst(&lud_diagonal(1), diagonal_block, Conventional), 1.0);
    let perimeter_block = Block::new(32, 1, 1);
    assert_eq!(worst(&lud_perimeter(0), perimeter_block, Conventional), 8.0);
    assert_eq!(
        replays(&lud_perimeter(0), perimeter_block, Conventional),
        112
    );
    assert_eq!(worst(&lud_perimeter(1), perimeter_block, Conventional), 1.0);
}

/// The reconstructed kernels with their blocks.
fn kernels() -> [(Kernel, Block); 7] {
    [
        (finite_difference_3d, Block::new(16, 16, 1)),
        (convolution_rows, Block::new(16, 4, 1)),
        (convolution_columns, Block::new(16, 8, 1)),
        (transpose_16, Block::new(16, 16, 1)),
        (needleman_wunsch, Block::new(16, 1, 1)),
        (lud_diagonal, Block::new(16, 1, 1)),
        (lud_perimeter, Block::new(32, 1, 1)),
    ]
}

/// Case 41: sm_90, any access set: pad p and p + 32 give identical conflict counts (the
/// conventional mapping is periodic in the pitch with period 32 words).
#[test]
fn case_41_conventional_pad_period_is_32_words() {
    for (kernel, block) in kernels() {
        for pad in 0..32 {
            assert_eq!(
                replays(&kernel(pad), block, Conventional),
                replays(&kernel(pad + 32), block, Conventional),
                "pad {pad}"
            );
        }
    }
}

/// Case 42: sm_90, inter-pad (a dummy array before the buffer, i.e. a base offset) never
/// changes the conflicts of 32-bit accesses.
#[test]
fn case_42_conventional_inter_pad_has_no_effect() {
    for (kernel, block) in kernels() {
        let unshifted = replays(&kernel(0), block, Conventional);
        for offset in 1..64 {
            let shifted: Vec<Access> = kernel(0)
                .into_iter()
                .map(|mut access| {
                    access.layout.offset = Some(offset);
                    access
                })
                .collect();
            assert_eq!(
                replays(&shifted, block, Conventional),
                unshifted,
                "offset {offset}"
            );
        }
    }
}
