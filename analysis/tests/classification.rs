//! Pattern classes on the test kernels of seed-000 §7.2 (Jang), MAP ids on the classifier
//! table of seed-003 §5.2 (Fang), and the JSON names of design.md's report.

mod common;

use analysis::{classify, Access, IndexExpression, Loop, MemorySpace, Pattern, Variable};
use common::{iv, shared, tx, ty};

/// A symbol (kernel argument).
fn symbol(name: &str) -> IndexExpression {
    Variable::Symbol(name.into()).into()
}

/// `access` inside `count` loops with constant bounds.
fn in_loops(mut access: Access, count: usize) -> Access {
    access.loops = vec![Loop::constant(0, 64, 1); count];
    access
}

/// Across-threads and within-thread patterns.
fn patterns(access: &Access) -> (Pattern, Pattern) {
    let classification = classify(access);
    (classification.across_threads, classification.within_thread)
}

/// T1 matmul, threads (i1 → tid.y, i2 → tid.x), loop i3: the matrices of seed-000 §1.2
/// (columns i1, i2, i3), all linear across threads; A and B walk linearly, C is one element.
#[test]
fn t1_matmul_matrices_and_patterns() {
    let a = in_loops(shared(&[64, 64], vec![ty(), iv(0)]), 1);
    let b = in_loops(shared(&[64, 64], vec![iv(0), tx()]), 1);
    let c = in_loops(shared(&[64, 64], vec![ty(), tx()]), 1);
    let jang_columns = [
        Variable::ThreadY,
        Variable::ThreadX,
        Variable::Loop(analysis::LoopId(0)),
    ];
    let jang_matrix = |access: &Access| -> Vec<Vec<i64>> {
        let matrix = access.matrix().expect("affine");
        (0..2)
            .map(|dimension| {
                jang_columns
                    .iter()
                    .map(|column| matrix.coefficient(dimension, column))
                    .collect()
            })
            .collect()
    };
    assert_eq!(jang_matrix(&a), [[1, 0, 0], [0, 0, 1]]);
    assert_eq!(jang_matrix(&b), [[0, 0, 1], [0, 1, 0]]);
    assert_eq!(jang_matrix(&c), [[1, 0, 0], [0, 1, 0]]);
    assert_eq!(patterns(&a), (Pattern::Linear, Pattern::Linear));
    assert_eq!(patterns(&b), (Pattern::Linear, Pattern::Linear));
    assert_eq!(patterns(&c), (Pattern::Linear, Pattern::Uniform));
}

/// T2: `for j: tmp += Y[j]; X[tid] = tmp`: Y is the same address for all threads (uniform
/// across, linear within), X one element per thread.
#[test]
fn t2_constant_broadcast() {
    let y = in_loops(shared(&[1024], vec![iv(0)]), 1);
    let x = shared(&[1024], vec![tx()]);
    assert_eq!(patterns(&y), (Pattern::Uniform, Pattern::Linear));
    assert_eq!(patterns(&x), (Pattern::Linear, Pattern::Uniform));
}

/// T3/T4: `Y[tid + s]` is linear for s = 0 and shifted for s = 16, 32 or a symbol.
#[test]
fn t3_t4_shifted_copies() {
    assert_eq!(patterns(&shared(&[1024], vec![tx()])).0, Pattern::Linear);
    for shift in [16, 32] {
        assert_eq!(
            patterns(&shared(&[1024], vec![tx() + shift])).0,
            Pattern::Shifted
        );
    }
    assert_eq!(
        patterns(&shared(&[1024], vec![tx() + symbol("s")])).0,
        Pattern::Shifted
    );
}

/// T5: `Y[N−1−tid]` is reverse plus shift, hence compound (seed-000 §8 erratum), for a
/// symbolic or constant N; a plain `Y[i][−j]` is reverse.
#[test]
fn t5_reverse_is_compound_with_its_offset() {
    let symbolic = shared(&[1024], vec![symbol("N") - 1 - tx()]);
    let constant = shared(&[1024], vec![IndexExpression::from(1023) - tx()]);
    let plain = shared(&[64, 64], vec![ty(), -tx()]);
    assert_eq!(patterns(&symbolic).0, Pattern::Compound);
    assert_eq!(patterns(&constant).0, Pattern::Compound);
    assert_eq!(patterns(&plain).0, Pattern::Reverse);
}

/// T6/T7: `Y[2·tid]` and `Y[ty][2·tx]` are strided.
#[test]
fn t6_t7_nonunit_strides() {
    assert_eq!(
        patterns(&shared(&[2048], vec![tx() * 2])).0,
        Pattern::Strided
    );
    assert_eq!(
        patterns(&shared(&[64, 128], vec![ty(), tx() * 2])).0,
        Pattern::Strided
    );
}

/// T8: `Y[i][i+j]` with threads (i, j) = (tid.y, tid.x) is overlapping.
#[test]
fn t8_overlap() {
    let access = shared(&[64, 128], vec![ty(), ty() + tx()]);
    assert_eq!(patterns(&access).0, Pattern::Overlapping);
}

/// T9/T10 (Livermore 1 and 19): `Z[k+10]` shifted, `B[n−k]` compound, `C[k+kb]` shifted.
#[test]
fn t9_t10_livermore_loops() {
    assert_eq!(
        patterns(&shared(&[1024], vec![tx() + 10])).0,
        Pattern::Shifted
    );
    assert_eq!(
        patterns(&shared(&[1024], vec![symbol("n") - tx()])).0,
        Pattern::Compound
    );
    assert_eq!(
        patterns(&shared(&[1024], vec![tx() + symbol("kb")])).0,
        Pattern::Shifted
    );
}

/// T12: `out[tid] = Σ_n w[n]·pos[nbr[tid][n]]`: pos is random; nbr linear across and within;
/// w is uniform across threads and linear within.
#[test]
fn t12_random_gather() {
    let position = in_loops(
        shared(
            &[1024],
            vec![IndexExpression::Unknown("loaded from nbr".into())],
        ),
        1,
    );
    let neighbours = in_loops(shared(&[1024, 16], vec![tx(), iv(0)]), 1);
    let weights = in_loops(shared(&[16], vec![iv(0)]), 1);
    assert_eq!(patterns(&position), (Pattern::Random, Pattern::Random));
    assert_eq!(patterns(&neighbours), (Pattern::Linear, Pattern::Linear));
    assert_eq!(patterns(&weights), (Pattern::Uniform, Pattern::Linear));
}

/// T15: `for j: s += A[tid + j]`: linear across and within (the full row [1, 1] overlaps).
#[test]
fn t15_stencil_window() {
    let access = in_loops(shared(&[1024], vec![tx() + iv(0)]), 1);
    assert_eq!(patterns(&access), (Pattern::Linear, Pattern::Linear));
}

/// T17: `Y[i+j][i+j]` over threads (i, j): overlapping in both rows.
#[test]
fn t17_singular_matrix_overlaps() {
    let access = shared(&[128, 128], vec![ty() + tx(), ty() + tx()]);
    assert_eq!(patterns(&access).0, Pattern::Overlapping);
}

/// T20: `Y[0]` and `Y[k]` (k a kernel argument) are uniform: an invariant row adds no tag.
#[test]
fn t20_invariant_index_is_uniform() {
    assert_eq!(
        patterns(&shared(&[64], vec![0.into()])),
        (Pattern::Uniform, Pattern::Uniform)
    );
    assert_eq!(
        patterns(&shared(&[64], vec![symbol("k")])),
        (Pattern::Uniform, Pattern::Uniform)
    );
}

/// Several different tags make a compound; quasi-affine thread parts are random across threads only.
#[test]
fn mixed_tags_and_quasi_affine_parts() {
    let mixed = shared(&[4096], vec![tx() + ty() * 2]);
    assert_eq!(patterns(&mixed).0, Pattern::Compound);
    let quasi = in_loops(shared(&[64, 64], vec![tx().modulo(32), iv(0)]), 1);
    assert_eq!(patterns(&quasi), (Pattern::Random, Pattern::Linear));
    let block_tile = shared(
        &[1 << 20],
        vec![IndexExpression::from(Variable::BlockX) * 256 + tx()],
    );
    assert_eq!(patterns(&block_tile).0, Pattern::Linear);
}

/// MAP id of an access, if any.
fn map(access: &Access) -> Option<u32> {
    classify(access).map.map(|id| id.number())
}

/// Seed-003 §5.2, Single iMAP: `A[ty][tx]` 108, `A[tx][ty]` 110, `A[tx][tx]` 107,
/// `A[ty][ty]` 109, `A[tx+ty][ty]` 112, `A[ty][tx+ty]` 114, `A[tx+ty][tx+ty]` 116.
#[test]
fn single_element_maps() {
    let cases = [
        (vec![ty(), tx()], 108),
        (vec![tx(), ty()], 110),
        (vec![tx(), tx()], 107),
        (vec![ty(), ty()], 109),
        (vec![tx() + ty(), ty()], 112),
        (vec![ty(), tx() + ty()], 114),
        (vec![tx() + ty(), tx() + ty()], 116),
    ];
    for (indices, expected) in cases {
        assert_eq!(map(&shared(&[64, 64], indices)), Some(expected));
    }
}

/// Seed-003 §5.2, Row/Column/Block iMAPs: `A[tx][k]` 204, `A[ty][k]` 205, `A[tx+ty][k]` 211,
/// `A[k][tx]` 302, `A[k][ty]` 303, `A[k][tx+ty]` 306, `A[j][i]` for all threads 401,
/// `A[ty+dy][tx+dx]` 408, `A[tx+dy][tx+dx]` 407 (7×7 windows).
#[test]
fn walking_maps() {
    let one_loop = [
        (vec![tx(), iv(0)], 204),
        (vec![ty(), iv(0)], 205),
        (vec![tx() + ty(), iv(0)], 211),
        (vec![iv(0), tx()], 302),
        (vec![iv(0), ty()], 303),
        (vec![iv(0), tx() + ty()], 306),
    ];
    for (indices, expected) in one_loop {
        assert_eq!(
            map(&in_loops(shared(&[64, 64], indices), 1)),
            Some(expected)
        );
    }
    let window = |row: IndexExpression, column: IndexExpression| {
        let mut access = shared(&[64, 64], vec![row + iv(0), column + iv(1)]);
        access.loops = vec![Loop::constant(-3, 4, 1); 2];
        access
    };
    assert_eq!(
        map(&in_loops(shared(&[64, 64], vec![iv(0), iv(1)]), 2)),
        Some(401)
    );
    assert_eq!(map(&window(ty(), tx())), Some(408));
    assert_eq!(map(&window(tx(), tx())), Some(407));
}

/// Seed-003 §5.2 negatives: `A[2·ty][tx]` (non-unit), `A[ty][0]` (Single on eMAP-05 lacks
/// an L index), `A[idx[tx]][ty]` (data-dependent), and a 1-D access have no MAP id.
#[test]
fn accesses_without_maps() {
    assert_eq!(map(&shared(&[64, 64], vec![ty() * 2, tx()])), None);
    assert_eq!(map(&shared(&[64, 64], vec![ty(), 0.into()])), None);
    let indirect = vec![IndexExpression::Unknown("loaded from idx".into()), ty()];
    assert_eq!(map(&shared(&[64, 64], indirect)), None);
    assert_eq!(map(&shared(&[64], vec![tx()])), None);
}

/// Seed-003 §1.5: of the 16 eMAPs × 4 single-access iMAPs, exactly Table 4's ids are valid
/// (34 with Neighbor, which needs five accesses: 9 + 3 + 3 + 10 = 25 here).
#[test]
fn valid_maps_are_table_4() {
    let mut valid = Vec::new();
    for bits in 0..16u32 {
        let term = |bit: u32, variable: IndexExpression| -> IndexExpression {
            if bits & (1 << bit) != 0 {
                variable
            } else {
                0.into()
            }
        };
        let row = || term(3, ty()) + term(2, tx());
        let column = || term(1, ty()) + term(0, tx());
        let intra_threads = [
            (row(), column(), 0),
            (row(), column() + iv(0), 1),
            (row() + iv(0), column(), 1),
            (row() + iv(0), column() + iv(1), 2),
        ];
        for (row_index, column_index, loops) in intra_threads {
            if let Some(id) = map(&in_loops(
                shared(&[64, 64], vec![row_index, column_index]),
                loops,
            )) {
                valid.push(id);
            }
        }
    }
    valid.sort_unstable();
    let table_4 = [
        107, 108, 109, 110, 112, 113, 114, 115, 116, 204, 205, 211, 302, 303, 306, 401, 407, 408,
        409, 410, 412, 413, 414, 415, 416,
    ];
    assert_eq!(valid, table_4);
}

/// design.md report names: lowercase patterns, numeric MAP ids, `vars`/`rows`/`offset`, spaces.
#[test]
fn report_names() {
    let access = in_loops(shared(&[64, 64], vec![ty() + 1, tx() + iv(0)]), 1);
    let classification = serde_json::to_value(classify(&access)).expect("serializable");
    assert_eq!(
        classification,
        serde_json::json!({"across_threads": "shifted", "within_thread": "linear", "map": null})
    );
    let matrix = serde_json::to_value(access.matrix().expect("affine")).expect("serializable");
    assert_eq!(
        matrix,
        serde_json::json!({"vars": ["tid.x", "tid.y", "loop0"], "rows": [[0, 1, 0], [1, 0, 1]], "offset": [1, 0]})
    );
    let map_id = classify(&shared(&[64, 64], vec![ty(), tx()])).map;
    assert_eq!(
        serde_json::to_value(map_id).expect("serializable"),
        serde_json::json!(108)
    );
    assert_eq!(
        serde_json::to_value(MemorySpace::Shared).expect("serializable"),
        serde_json::json!("shared")
    );
    let names: Vec<serde_json::Value> = [
        Pattern::Uniform,
        Pattern::Linear,
        Pattern::Reverse,
        Pattern::Shifted,
        Pattern::Overlapping,
        Pattern::Strided,
        Pattern::Random,
        Pattern::Compound,
    ]
    .iter()
    .map(|pattern| serde_json::to_value(pattern).expect("serializable"))
    .collect();
    assert_eq!(
        names,
        [
            "uniform",
            "linear",
            "reverse",
            "shifted",
            "overlapping",
            "strided",
            "random",
            "compound"
        ]
    );
}
