//! Property tests: every closed form of `closed_form` equals brute-force enumeration of the
//! 32 lanes (`request::wavefronts_for_geometry`) for random strides, offsets, element sizes,
//! partial warps and bank mappings (design.md "Correctness, the way we prove it").

mod common;

use analysis::closed_form::{
    class_counts, column_major_degree, column_major_geometry, column_major_problem,
    conventional_degree, conventional_wavefronts, offset_period, period, row_major_base_degree,
    row_major_degree, row_major_geometry, ColumnMajorProblem,
};
use analysis::request::wavefronts;
use analysis::{BankGeometry, BankModel, Request};
use common::degree_in;
use proptest::prelude::*;

/// Rows per layer of the thesis's mappings (1 is the conventional mapping).
fn rows() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![1u32, 2, 4, 8])
}

/// The three hardware bank models.
fn model() -> impl Strategy<Value = BankModel> {
    prop::sample::select(vec![
        BankModel::Conventional,
        BankModel::Kepler4Byte,
        BankModel::Kepler8Byte,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Conventional ⌈t/(32/gcd(S,32))⌉ for any stride, offset and number of active lanes.
    #[test]
    fn conventional_degree_matches_enumeration(stride in -300i64..300, offset in -1000i64..1000, active in 0u32..=32) {
        let geometry = BankModel::Conventional.geometry();
        prop_assert_eq!(conventional_degree(stride, active), degree_in(geometry, stride, offset, active));
    }

    /// The phase form for 4-, 8- and 16-byte elements, partial warps included.
    #[test]
    fn conventional_wavefronts_match_enumeration(
        stride in -100i64..100,
        offset in 0u64..1000,
        active in 0usize..=32,
        element_bytes in prop::sample::select(vec![4u32, 8, 16]),
    ) {
        let element = u64::from(element_bytes);
        let addresses: Vec<Option<u64>> = (0..32i64)
            .map(|lane| {
                let index = (1 << 20) + offset as i64 + lane * stride;
                (lane < active as i64).then(|| index as u64 * element)
            })
            .collect();
        let request = Request { addresses: &addresses, access_bytes: element_bytes };
        let expected = wavefronts(&request, BankModel::Conventional);
        prop_assert_eq!(conventional_wavefronts(stride, active as u32, element_bytes), Some(expected));
    }

    /// The exact row-major form (seed-004 §2.2), R = 1, 2, 4, 8, negative strides included.
    #[test]
    fn row_major_degree_matches_enumeration(stride in -300i64..300, offset in -2000i64..2000, rows in rows()) {
        let brute = degree_in(row_major_geometry(rows), stride, offset, 32);
        prop_assert_eq!(row_major_degree(stride, offset, rows), brute);
    }

    /// Algorithm 4.1: the base is the degree at offset 0, and an offset adds 0 or 1.
    #[test]
    fn algorithm_4_1_base_and_offset_effect(power in 0u32..10, offset in 0i64..2048, rows in rows()) {
        let stride = 1i64 << power;
        let geometry = row_major_geometry(rows);
        let base = row_major_base_degree(stride, rows).expect("power of two");
        prop_assert_eq!(base, degree_in(geometry, stride, 0, 32));
        let effect = degree_in(geometry, stride, offset, 32) - base;
        prop_assert!(effect <= 1, "offset {} adds {}", offset, effect);
    }

    /// Column-major closed forms where they exist.
    #[test]
    fn column_major_degree_matches_enumeration(stride in -300i64..300, offset in -64i64..64, rows in rows()) {
        if let Some(closed) = column_major_degree(stride, offset, rows) {
            prop_assert_eq!(closed, degree_in(column_major_geometry(rows), stride, offset, 32));
        }
    }

    /// The odd-stride reduction (σ, ⌊o/2^e⌋ mod R', R' = R/2^e) keeps the degree.
    #[test]
    fn column_major_odd_reduction_keeps_the_degree(stride in 1i64..400, offset in 0i64..64, rows in rows()) {
        if let ColumnMajorProblem::OddStride { stride: odd, offset: reduced, rows_per_layer } =
            column_major_problem(stride, offset, rows)
        {
            prop_assert_eq!(odd % 2, 1);
            prop_assert_eq!(
                degree_in(column_major_geometry(rows), stride, offset, 32),
                degree_in(column_major_geometry(rows_per_layer), odd, reduced, 32)
            );
        }
    }

    /// Degrees repeat with the offset period of each hardware model (1, 64 or 2 elements).
    #[test]
    fn degree_is_periodic_in_the_offset(stride in -200i64..200, offset in 0i64..512, model in model()) {
        let geometry = model.geometry();
        let shift = offset_period(geometry, 4) as i64;
        prop_assert_eq!(
            degree_in(geometry, stride, offset, 32),
            degree_in(geometry, stride, offset + shift, 32)
        );
    }

    /// Gao §3.3: n iterations moving by `increment` are P classes with `class_counts` sizes.
    #[test]
    fn iteration_classes_sum_to_the_enumeration(
        stride in -64i64..64,
        offset in 0i64..256,
        increment in -300i64..300,
        iterations in 0u64..300,
        rows in rows(),
        column_major in any::<bool>(),
    ) {
        let geometry: BankGeometry = if column_major { column_major_geometry(rows) } else { row_major_geometry(rows) };
        let length = offset_period(geometry, 4);
        let classes = period(increment, length);
        let by_class: u64 = class_counts(iterations, classes)
            .iter()
            .enumerate()
            .map(|(class, &count)| {
                count * u64::from(degree_in(geometry, stride, offset + class as i64 * increment, 32))
            })
            .sum();
        let enumerated: u64 = (0..iterations as i64)
            .map(|iteration| u64::from(degree_in(geometry, stride, offset + iteration * increment, 32)))
            .sum();
        prop_assert_eq!(by_class, enumerated);
    }

    /// Class counts partition the iterations and differ by at most one.
    #[test]
    fn class_counts_partition_the_iterations(iterations in 0u64..10_000, classes in 1u64..300) {
        let counts = class_counts(iterations, classes);
        prop_assert_eq!(counts.len() as u64, classes);
        prop_assert_eq!(counts.iter().sum::<u64>(), iterations);
        let (low, high) = (counts.iter().min().copied(), counts.iter().max().copied());
        prop_assert!(high.zip(low).is_some_and(|(high, low)| high - low <= 1));
    }
}
