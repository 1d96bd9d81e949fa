//! Static warp metrics against brute force: every warp, every loop iteration, every lane
//! evaluated with `Access::byte_address` and fed to a `MetricsAccumulator` (the way the
//! interpreter measures). Also: what the analysis must call unknown, and that a metric it
//! calls known really is the same for every value of the unknowns.

mod common;

use analysis::request::{ideal_wavefronts, wavefronts};
use analysis::{
    warp_metrics, Access, AccessKind, AccessMetrics, BankModel, Block, Condition, IndexExpression,
    Loop, MemorySpace, MemrefLayout, MetricsAccumulator, Relation, Request, Variable,
};
use common::{iv, shared, tx, ty};
use proptest::prelude::*;

/// Added to every brute-force address so it is non-negative; a multiple of every period.
const BIAS_BYTES: i64 = 1 << 40;

/// Brute-force metrics and worst request degree of an access whose loops all have constant bounds.
fn enumerate(access: &Access, block: Block, model: BankModel) -> (MetricsAccumulator, f64) {
    let mut totals = MetricsAccumulator::default();
    let mut worst = 1.0f64;
    let mut iterations: Vec<Vec<i64>> = vec![Vec::new()];
    for enclosing in &access.loops {
        let trips = enclosing.trip_count().expect("constant bounds");
        iterations = iterations
            .iter()
            .flat_map(|prefix| {
                (0..trips).map(move |iteration| {
                    [
                        prefix.as_slice(),
                        &[enclosing.value(iteration).expect("value")],
                    ]
                    .concat()
                })
            })
            .collect();
    }
    for warp in Block::warps(&block) {
        for iteration in &iterations {
            let addresses: Vec<Option<u64>> = warp
                .iter()
                .map(|thread| {
                    let value = |variable: &Variable| match variable {
                        Variable::ThreadX => Some(thread[0]),
                        Variable::ThreadY => Some(thread[1]),
                        Variable::ThreadZ => Some(thread[2]),
                        Variable::Loop(id) => Some(iteration[id.0]),
                        _ => None,
                    };
                    let active = access.is_active(&value).expect("guard evaluates");
                    let address = access.byte_address(&value).expect("address evaluates");
                    active.then(|| (address + BIAS_BYTES) as u64)
                })
                .collect();
            let request = Request {
                addresses: &addresses,
                access_bytes: access.access_bytes(),
            };
            if addresses.iter().any(Option::is_some) {
                let ratio = f64::from(wavefronts(&request, model))
                    / f64::from(ideal_wavefronts(&request, model));
                worst = worst.max(ratio);
            }
            totals.add(&request, model);
        }
    }
    (totals, worst)
}

/// Asserts that the static metrics equal the brute-force ones.
fn assert_matches_brute_force(access: &Access, block: Block, model: BankModel) {
    let analysed = warp_metrics(access, block, model).expect("analysable");
    let (totals, worst) = enumerate(access, block, model);
    let expected = totals.metrics();
    assert_eq!(analysed.requests, Ok(expected.requests), "{access:?}");
    assert_eq!(
        analysed.sectors_per_request,
        Ok(expected.sectors_per_request)
    );
    assert_eq!(
        analysed.bank_conflict_degree,
        Ok(expected.bank_conflict_degree)
    );
    assert_eq!(analysed.distinct_addresses, Ok(expected.distinct_addresses));
    assert_eq!(analysed.bank_conflicts, Ok(totals.bank_conflicts()));
    assert_eq!(analysed.worst_bank_conflict_degree, Ok(worst));
}

/// A random loop with small constant bounds.
fn small_loop() -> impl Strategy<Value = Loop> {
    (-3i64..4, 0i64..40, 1i64..6)
        .prop_map(|(lower, span, step)| Loop::constant(lower, lower + span, step))
}

/// A random bank model.
fn model() -> impl Strategy<Value = BankModel> {
    prop::sample::select(vec![
        BankModel::Conventional,
        BankModel::Kepler4Byte,
        BankModel::Kepler8Byte,
    ])
}

/// Coefficients of `row·tx + ty·… + loop·… + constant` for one index.
fn coefficients() -> impl Strategy<Value = [i64; 4]> {
    [-3i64..40, -2i64..20, -3i64..70, -5i64..50]
}

/// `a·tx + b·ty + c·loop + d`.
fn affine_index(coefficients: [i64; 4], loop_depth: usize) -> IndexExpression {
    let [lanes, rows, loops, constant] = coefficients;
    tx() * lanes + ty() * rows + iv(loop_depth) * loops + constant
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// Affine 2-D accesses in two nested loops, every element size, bank model and block shape.
    #[test]
    fn affine_accesses_in_nested_loops(
        row in coefficients(),
        column in coefficients(),
        pitch in 1i64..80,
        element_bytes in prop::sample::select(vec![1u32, 2, 4, 8, 16]),
        global in any::<bool>(),
        outer in small_loop(),
        inner in small_loop(),
        block in (1u32..70, 1u32..6, 1u32..3),
        model in model(),
    ) {
        let space = if global { MemorySpace::Global } else { MemorySpace::Shared };
        let mut access = Access::new(
            AccessKind::Load,
            MemrefLayout::row_major(&[64, pitch], element_bytes, space),
            vec![affine_index(row, 0), affine_index(column, 1)],
        );
        access.loops = vec![outer, inner];
        assert_matches_brute_force(&access, Block::new(block.0, block.1, block.2), model);
    }

    /// Guards on thread ids and loop variables, quasi-affine parts and vector widths.
    #[test]
    fn guarded_quasi_affine_and_vector_accesses(
        column in coefficients(),
        divisor in 1i64..9,
        modulus in 1i64..40,
        limit in 0i64..64,
        vector_width in prop::sample::select(vec![1u32, 2, 4]),
        enclosing in small_loop(),
        block in (1u32..100, 1u32..4),
        model in model(),
        guard_on_loop in any::<bool>(),
    ) {
        let index = affine_index(column, 0) + tx().floor_divide(divisor) * 3 + (tx() + iv(0)).modulo(modulus);
        let mut access = shared(&[1 << 16], vec![index * i64::from(vector_width)]);
        access.vector_width = vector_width;
        access.loops = vec![enclosing];
        let bound = if guard_on_loop { iv(0) + limit } else { limit.into() };
        access.guard = vec![Condition::new(tx(), Relation::Less, bound)];
        assert_matches_brute_force(&access, Block::new(block.0, block.1, 1), model);
    }

    /// Loops far longer than a period (Gao §4.3.2): the loop variable in a remainder and a floor
    /// division of the address and in a remainder of the guard; walked over one period, the
    /// metrics equal brute force over every iteration.
    #[test]
    fn long_loops_walked_by_period(
        lanes in -3i64..40,
        loop_scale in -3i64..5,
        divisor in 1i64..40,
        modulus in 1i64..40,
        guard_modulus in 1i64..12,
        guard_residue in 0i64..12,
        trips in 60i64..400,
        step in 1i64..4,
        element_bytes in prop::sample::select(vec![1u32, 2, 4, 8]),
        block in (1u32..70, 1u32..3),
        model in model(),
    ) {
        let index = tx() * lanes
            + (tx() + iv(0) * loop_scale).modulo(modulus) * 7
            + (iv(0) * loop_scale + tx()).floor_divide(divisor) * 5
            + 4096;
        let mut access = shared(&[1 << 20], vec![index]);
        access.layout.element_bytes = element_bytes;
        access.loops = vec![Loop::constant(0, trips * step, step)];
        access.guard = vec![Condition::new(
            iv(0).modulo(guard_modulus),
            Relation::Less,
            guard_residue % guard_modulus + 1,
        )];
        assert_matches_brute_force(&access, Block::new(block.0, block.1, 1), model);
    }

    /// A metric called known is the same for every value of the symbol, and a metric called
    /// unknown does differ for some value (one full period of values is enough).
    #[test]
    fn known_means_independent_of_the_symbol(
        symbol_coefficient in -40i64..40,
        lanes in -3i64..40,
        element_bytes in prop::sample::select(vec![1u32, 2, 4, 8]),
        model in model(),
    ) {
        let build = |offset: IndexExpression| {
            Access::new(
                AccessKind::Load,
                MemrefLayout::row_major(&[1 << 20], element_bytes, MemorySpace::Shared),
                vec![tx() * lanes + offset * symbol_coefficient],
            )
        };
        let block = Block::new(64, 1, 1);
        let symbolic = warp_metrics(&build(Variable::Symbol("n".into()).into()), block, model).expect("analysable");
        let concrete: Vec<AccessMetrics> = (0..256)
            .map(|value| warp_metrics(&build(value.into()), block, model).expect("analysable"))
            .collect();
        let check = |name: &str, symbolic: &Result<f64, analysis::Unknown>, each: &dyn Fn(&AccessMetrics) -> f64| {
            let values: Vec<f64> = concrete.iter().map(each).collect();
            let constant = values.iter().all(|value| *value == values[0]);
            match symbolic {
                Ok(known) => assert!(constant && *known == values[0], "{name} known but varies"),
                Err(reason) => assert!(!constant, "{name} unknown but constant: {reason}"),
            }
        };
        let known = |metric: &Result<f64, analysis::Unknown>| *metric.as_ref().expect("concrete");
        check("sectors", &symbolic.sectors_per_request, &|metrics| known(&metrics.sectors_per_request));
        check("degree", &symbolic.bank_conflict_degree, &|metrics| known(&metrics.bank_conflict_degree));
        check("worst", &symbolic.worst_bank_conflict_degree, &|metrics| known(&metrics.worst_bank_conflict_degree));
    }

    /// A shift by a block id: a metric that differs between blocks is the mean over the
    /// alignments the block ids give (each as often over a period of them), and says so, or
    /// unknown where they are too many to average; one that does not differ is exact.
    #[test]
    fn block_shifts_average_over_their_alignments(
        block_coefficient in 1i64..3000,
        lanes in -3i64..40,
        element_bytes in prop::sample::select(vec![1u32, 2, 4, 8]),
        space in prop::sample::select(vec![MemorySpace::Global, MemorySpace::Shared]),
        model in model(),
    ) {
        let build = |offset: IndexExpression| {
            Access::new(
                AccessKind::Load,
                MemrefLayout::row_major(&[1 << 24], element_bytes, space),
                vec![tx() * lanes + offset * block_coefficient],
            )
        };
        let block = Block::new(64, 1, 1);
        let by_block = warp_metrics(&build(Variable::BlockY.into()), block, model).expect("analysable");
        // 256 consecutive block ids cover every alignment's period equally (the metrics'
        // period divides 256 bytes, and a block id moves the start by a whole number of bytes).
        let concrete: Vec<AccessMetrics> = (0..256)
            .map(|value| warp_metrics(&build(value.into()), block, model).expect("analysable"))
            .collect();
        let check = |name: &str, metric: &Result<f64, analysis::Unknown>, each: &dyn Fn(&AccessMetrics) -> (u64, u64)| {
            let (numerator, denominator) = concrete.iter().map(each).fold((0, 0), |(a, b), (c, d)| (a + c, b + d));
            let values: Vec<(u64, u64)> = concrete.iter().map(each).collect();
            let constant = values.iter().all(|value| *value == values[0]);
            let mean = numerator as f64 / denominator.max(1) as f64;
            match metric {
                Ok(got) => {
                    prop_assert!((got - mean).abs() <= 1e-9 * mean.max(1.0), "{} {} against a mean of {}", name, got, mean);
                    prop_assert!(by_block.averaged_over.is_some() || constant, "{} exact but varies", name);
                }
                // Too many alignments to average: it must vary.
                Err(reason) => prop_assert!(!constant, "{} unknown but constant: {}", name, reason),
            }
            Ok(())
        };
        let sectors = |metrics: &AccessMetrics| {
            let requests = *metrics.requests.as_ref().expect("requests");
            let per = *metrics.sectors_per_request.as_ref().expect("sectors");
            ((per * requests as f64).round() as u64, requests)
        };
        let degree = |metrics: &AccessMetrics| {
            (*metrics.wavefronts.as_ref().expect("wavefronts"), *metrics.ideal_wavefronts.as_ref().expect("ideal"))
        };
        check("sectors", &by_block.sectors_per_request, &sectors)?;
        check("degree", &by_block.bank_conflict_degree, &degree)?;
    }
}

/// The symbol `n`.
fn symbol() -> IndexExpression {
    Variable::Symbol("n".into()).into()
}

/// `A[n + tx]`: a 4-byte shift keeps bank conflicts but not sectors; `A[32·n + tx]` keeps both.
#[test]
fn symbolic_offset_makes_sectors_unknown_unless_it_is_sector_aligned() {
    let block = Block::new(32, 1, 1);
    let unaligned = warp_metrics(
        &shared(&[4096], vec![symbol() + tx()]),
        block,
        BankModel::Conventional,
    )
    .unwrap();
    assert_eq!(unaligned.bank_conflict_degree, Ok(1.0));
    let reason = unaligned.sectors_per_request.unwrap_err().reason;
    assert!(
        reason.contains("sectors") && reason.contains('n'),
        "{reason}"
    );
    let aligned = warp_metrics(
        &shared(&[4096], vec![symbol() * 32 + tx()]),
        block,
        BankModel::Conventional,
    )
    .unwrap();
    assert_eq!(aligned.sectors_per_request, Ok(4.0));
}

/// Block ids only move whole tiles: `A[bid.x·256 + tid.x]` is fully known.
#[test]
fn block_id_tiles_are_known() {
    let index = IndexExpression::from(Variable::BlockX) * 256 + tx();
    let access = shared(&[1 << 20], vec![index]);
    let metrics = warp_metrics(&access, Block::new(256, 1, 1), BankModel::Conventional).unwrap();
    assert_eq!(metrics.sectors_per_request, Ok(4.0));
    assert_eq!(metrics.requests, Ok(8));
}

/// A loop with an unknown trip count leaves the request count unknown but not the averages.
#[test]
fn unknown_trip_count_keeps_per_request_metrics() {
    let mut access = shared(&[1 << 20], vec![iv(0) * 32 + tx()]);
    access.loops = vec![Loop {
        lower: Some(0),
        upper: None,
        step: Some(1),
    }];
    let metrics = warp_metrics(&access, Block::new(32, 1, 1), BankModel::Conventional).unwrap();
    assert!(metrics
        .requests
        .unwrap_err()
        .reason
        .contains("trip count of loop0"));
    assert!(metrics.bank_conflicts.is_err());
    assert_eq!(metrics.sectors_per_request, Ok(4.0));
    assert_eq!(metrics.bank_conflict_degree, Ok(1.0));
}

/// A dynamic row stride is fine for a row picked by the block, unknown for one picked by a lane.
#[test]
fn dynamic_stride_depends_on_what_selects_the_row() {
    let mut layout = MemrefLayout::row_major(&[64, 64], 4, MemorySpace::Global);
    layout.shape = vec![None, None];
    layout.strides = vec![None, Some(1)];
    let by_block = Access::new(
        AccessKind::Load,
        layout.clone(),
        vec![Variable::BlockY.into(), tx()],
    );
    let metrics = warp_metrics(&by_block, Block::new(32, 1, 1), BankModel::Conventional).unwrap();
    assert_eq!(metrics.bank_conflict_degree, Ok(1.0));
    assert!(metrics.sectors_per_request.is_err());
    let by_lane = Access::new(AccessKind::Load, layout, vec![ty(), tx()]);
    let reason = |block| {
        warp_metrics(&by_lane, block, BankModel::Conventional)
            .unwrap_err()
            .reason
    };
    // Blocks 16 wide: the two halves of a warp read rows an unknown stride apart.
    let halves = reason(Block::new(16, 2, 1));
    assert!(
        halves.contains("its index differs between lanes"),
        "{halves}"
    );
    // Blocks 32 wide: a warp shares tid.y; its row's start is what is unknown.
    let rows = reason(Block::new(32, 8, 1));
    assert!(
        rows.contains("each warp's row starts at an unknown multiple of it"),
        "{rows}"
    );
}

/// What cannot be modelled is unknown with a reason, never guessed.
#[test]
fn unmodelled_accesses_are_unknown_with_reasons() {
    let block = Block::new(32, 1, 1);
    let reason = |access: &Access| {
        warp_metrics(access, block, BankModel::Conventional)
            .unwrap_err()
            .reason
    };

    let data_dependent = shared(
        &[64],
        vec![IndexExpression::Unknown("index loaded from idx".into())],
    );
    assert_eq!(reason(&data_dependent), "index loaded from idx");

    let mut symbolic_guard = shared(&[64], vec![tx()]);
    symbolic_guard.guard = vec![Condition::new(tx(), Relation::Less, symbol())];
    assert!(reason(&symbolic_guard).contains("guard depends on n"));

    let symbolic_remainder = shared(&[64], vec![(tx() + symbol()).modulo(32)]);
    assert!(reason(&symbolic_remainder).contains("remainder depends on n"));

    let mut local = shared(&[64], vec![tx()]);
    local.layout.space = MemorySpace::Local;
    assert!(reason(&local).contains("local memory"));

    let mut too_wide = shared(&[1024], vec![tx() * 8]);
    too_wide.vector_width = 8;
    assert!(reason(&too_wide).contains("32 bytes"));

    let mut too_many = shared(&[1 << 20], vec![tx()]);
    too_many.loops = vec![Loop::constant(0, 5000, 1)];
    too_many.guard = vec![Condition::new(tx(), Relation::Less, iv(0))];
    assert!(reason(&too_many).contains("iterations"));

    let mut missing_loop = shared(&[64], vec![tx() + iv(3)]);
    missing_loop.loops = vec![Loop::constant(0, 2, 1)];
    assert!(reason(&missing_loop).contains("loop3"));
}

/// A huge trip count costs no more than a small one: 2^40 iterations moving by 3 elements
/// visit all 64 row-major offset classes equally often.
#[test]
fn huge_trip_counts_use_classes_not_iterations() {
    let mut access = shared(&[1 << 20], vec![iv(0) * 3 + tx() * 2]);
    access.loops = vec![Loop::constant(0, 1 << 40, 1)];
    let metrics = warp_metrics(&access, Block::new(64, 1, 1), BankModel::Kepler4Byte).unwrap();
    assert_eq!(metrics.requests, Ok(2 << 40));
    let every_offset: u32 = (0..64)
        .map(|offset| common::degree(BankModel::Kepler4Byte, 2, offset))
        .sum();
    assert_eq!(
        metrics.bank_conflict_degree,
        Ok(f64::from(every_offset) / 64.0)
    );
}

/// A guard that is the same for every lane but depends on an unknown value (`k < n`, a row
/// length read per block) keeps or drops whole requests: taken to hold, the request count is
/// unknown, and the conflict degree is known exactly when every request has the same one (the
/// column read of a 32x32 tile: 32 in every request; with only lanes `tx <= k` active it ranges
/// from 1 to 32).
#[test]
fn lane_uniform_guards_over_unknown_values_keep_uniform_degrees() {
    let block = Block::new(32, 1, 1);
    let guarded = |index: IndexExpression, lanes: Option<Condition>| {
        let mut access = shared(&[4096], vec![index]);
        access.loops = vec![Loop::constant(0, 32, 1)];
        access.guard = vec![Condition::new(iv(0), Relation::Less, symbol())];
        access.guard.extend(lanes);
        warp_metrics(&access, block, BankModel::Conventional).unwrap()
    };
    let column = guarded(tx() * 32 + iv(0), None);
    assert_eq!(column.bank_conflict_degree, Ok(32.0));
    assert_eq!(column.worst_bank_conflict_degree, Ok(32.0));
    let reason = column.requests.unwrap_err().reason;
    assert!(
        reason.contains("the guard loop0 < n depends on n"),
        "{reason}"
    );
    assert!(column.sectors_per_request.is_err());
    let varying = guarded(
        tx() * 32,
        Some(Condition::new(tx(), Relation::Less, iv(0) + 1)),
    );
    assert!(varying.bank_conflict_degree.is_err());
    assert!(varying.worst_bank_conflict_degree.unwrap() > 1.0);
}
