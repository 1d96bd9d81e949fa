//! A shared layout with the block size unknown (`shared_layout::shapes`): the shapes costed are
//! exactly those that keep the accesses inside the buffer (held against every thread and
//! iteration), and the layout chosen gives no shape more wavefronts (held against
//! `warp_metrics` at each).

mod common;

use analysis::shared_layout::shapes::{block_shapes, plan_over_shapes};
use analysis::shared_layout::{Allowed, SharedLayout, Swizzle};
use analysis::BankModel::Conventional;
use analysis::{Access, Block, IndexExpression, Loop, Variable};
use common::kernels::{inside, store};
use common::{iv, shared, tx, ty, wavefronts_after};
use proptest::prelude::*;

/// Plenty of shared memory: every candidate fits.
const AMPLE: u64 = 48 * 1024;

/// cuda-samples' transposeCoalesced tile, `[32][32 + pad]`: `tile[ty + i][tx]` stored,
/// `tile[tx][ty + i]` read, i = 0, 16.
fn transpose_coalesced(pad: i64) -> Vec<Access> {
    let shape = [32, 32 + pad];
    let rows = Loop::constant(0, 32, 16);
    vec![
        store(inside(shared(&shape, vec![ty() + iv(0), tx()]), rows)),
        inside(shared(&shape, vec![tx(), ty() + iv(0)]), rows),
    ]
}

/// The 32-way column read is swizzled: 30 shapes keep `ty + 16` and `tx` below 32 (x up to 32,
/// y up to 16), 5 of them 32 wide; at 32x16x1, 1056 -> 64 wavefronts, as with a known block.
#[test]
fn transpose_tile_is_swizzled_over_thirty_shapes() {
    let accesses = transpose_coalesced(0);
    let found = plan_over_shapes(
        (&[32, 32], 4, &accesses, &[]),
        Conventional,
        Allowed::ALL,
        AMPLE,
    )
    .expect("analysable");
    assert_eq!(found.shapes.len(), 30);
    assert!(found
        .shapes
        .iter()
        .all(|block| block.x <= 32 && block.y <= 16));
    assert_eq!(found.block, Block::new(32, 16, 1));
    assert_eq!(
        found.plan.layout,
        SharedLayout::Swizzle(Swizzle {
            chunk_bytes: 4,
            row_divisor: 1,
            modulus: 32
        })
    );
    assert_eq!(
        (
            found.plan.wavefronts_before(),
            found.plan.wavefronts_after()
        ),
        (1056, 64)
    );
    assert!(found.plan.reason.contains("no more wavefronts at any"));
}

/// The author's `[32][33]` is conflict-free at every shape a warp wide, and stays, though a
/// further pad would gain at narrower ones.
#[test]
fn the_authors_padded_tile_stays() {
    let accesses = transpose_coalesced(1);
    let found = plan_over_shapes(
        (&[32, 33], 4, &accesses, &[]),
        Conventional,
        Allowed::ALL,
        AMPLE,
    )
    .expect("analysable");
    assert_eq!(found.plan.layout, SharedLayout::Unchanged);
    assert!(found
        .plan
        .reason
        .contains("conflict-free at the 5 a warp wide"));
}

/// Row 40 of a 32-row tile is outside it at every shape: nothing to cost.
#[test]
fn no_shape_when_every_launch_leaves_the_buffer() {
    let access = shared(&[32, 32], vec![IndexExpression::Constant(40), tx()]);
    assert!(block_shapes(std::slice::from_ref(&access), &[32, 32]).is_empty());
    assert!(plan_over_shapes(
        (&[32, 32], 4, &[access], &[]),
        Conventional,
        Allowed::ALL,
        AMPLE
    )
    .is_err());
}

/// An index `a·tx + b·ty + c·i + d` with small non-negative coefficients.
fn index() -> impl Strategy<Value = IndexExpression> {
    let coefficient = || prop::sample::select(vec![0i64, 1, 1, 2]);
    (coefficient(), coefficient(), coefficient(), 0i64..2)
        .prop_map(|(a, b, c, d)| tx() * a + ty() * b + iv(0) * c + IndexExpression::Constant(d))
}

/// A store and a load of a `rows x columns` tile in a loop `0 .. trips·step step step`.
fn tile() -> impl Strategy<Value = (Vec<i64>, Vec<Access>)> {
    (
        (8i64..66, 8i64..66),
        (1i64..3, 1i64..17),
        [index(), index(), index(), index()],
    )
        .prop_map(|((rows, columns), (trips, step), [a, b, c, d])| {
            let shape = vec![rows, columns];
            let loop_ = Loop::constant(0, trips * step, step);
            let accesses = vec![
                store(inside(shared(&shape, vec![a, b]), loop_)),
                inside(shared(&shape, vec![c, d]), loop_),
            ];
            (shape, accesses)
        })
}

/// Whether every thread of `block`, at every iteration, keeps every access inside `shape`.
fn inside_by_enumeration(accesses: &[Access], shape: &[i64], block: Block) -> bool {
    accesses.iter().all(|access| {
        let enclosing = access.loops[0];
        (0..enclosing.trip_count().unwrap()).all(|trip| {
            let iteration = enclosing.value(trip).unwrap();
            (0..block.x).all(|x| {
                (0..block.y).all(|y| {
                    let value = |variable: &Variable| {
                        Some(match variable {
                            Variable::ThreadX => i64::from(x),
                            Variable::ThreadY => i64::from(y),
                            Variable::Loop(_) => iteration,
                            _ => return None,
                        })
                    };
                    access.indices.iter().zip(shape).all(|(index, &extent)| {
                        let at = index.evaluate(&value).expect("thread and loop only");
                        (0..extent).contains(&at)
                    })
                })
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The shapes costed are exactly the power-of-two 2-D blocks under which no thread at no
    /// iteration leaves the tile (z stays 1: no access reads tid.z).
    #[test]
    fn the_shapes_are_those_that_stay_inside((shape, accesses) in tile()) {
        let found = block_shapes(&accesses, &shape);
        let reads_y = accesses.iter().any(|access| {
            access.indices.iter().any(|index| index.variables().contains(&Variable::ThreadY))
        });
        for x in 0..=10u32 {
            for y in 0..=(10 - x) {
                let block = Block::new(1 << x, 1 << y, 1);
                let expected = (reads_y || y == 0) && inside_by_enumeration(&accesses, &shape, block);
                prop_assert_eq!(found.contains(&block), expected, "{:?}", block);
            }
        }
    }

    /// The layout chosen gives no shape costed more wavefronts than the tile as it is (about
    /// a third of the cases choose a pad or a swizzle, a tenth have no shape).
    #[test]
    fn no_shape_gets_more_wavefronts((shape, accesses) in tile()) {
        let result = plan_over_shapes((&shape, 4, &accesses, &[]), Conventional, Allowed::ALL, AMPLE);
        let Ok(found) = result else {
            return Ok(());
        };
        for &block in &found.shapes {
            let before = wavefronts_after(&SharedLayout::Unchanged, &accesses, block);
            let after = wavefronts_after(&found.plan.layout, &accesses, block);
            prop_assert!(after <= before, "{} at {:?}: {} -> {}", found.plan.layout, block, before, after);
        }
    }
}
