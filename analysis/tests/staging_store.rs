//! `staging::covers_box_once`, which a staged store in loops needs (its copy-out writes every
//! cell of the box): the transpose with a row loop passes, holes and overlaps do not, and on
//! random small matrices it agrees with a brute force over the element offsets themselves.

mod common;

use std::collections::HashSet;

use analysis::staging::{covers_box_once, footprint};
use analysis::{
    Access, AccessKind, Block, IndexExpression, Loop, MemorySpace, MemrefLayout, Variable,
};
use common::{iv, tx, ty};
use proptest::prelude::*;

/// A store to a static row-major global `f32` buffer of `shape` inside `loops`.
fn store_in(shape: &[i64], indices: Vec<IndexExpression>, loops: Vec<Loop>) -> Access {
    let mut access = Access::new(
        AccessKind::Store,
        MemrefLayout::row_major(shape, 4, MemorySpace::Global),
        indices,
    );
    access.loops = loops;
    access
}

/// `covers_box_once` over the planner's own footprint box.
fn covers(access: &Access, block: Block) -> Result<(), String> {
    let extents = footprint(access, block).expect("a box").extents;
    covers_box_once(access, block, &extents)
}

#[test]
fn the_transpose_row_loop_writes_its_32_by_32_box_once() {
    // out[32·bid.x + tid.x][32·bid.y + tid.y + j], j = 0, 8, 16, 24; block 32x8.
    let bid = |variable: Variable| IndexExpression::from(variable);
    let access = store_in(
        &[256, 256],
        vec![
            bid(Variable::BlockX) * 32 + tx(),
            bid(Variable::BlockY) * 32 + ty() + iv(0),
        ],
        vec![Loop::constant(0, 32, 8)],
    );
    assert_eq!(covers(&access, Block::new(32, 8, 1)), Ok(()));
}

#[test]
fn holes_and_overlaps_are_refused() {
    let block = Block::new(32, 8, 1);
    // Step 16 with 8 rows of threads: rows 8..15 of each 16 are never written.
    let holes = store_in(
        &[256, 256],
        vec![tx(), ty() + iv(0)],
        vec![Loop::constant(0, 32, 16)],
    );
    assert_eq!(
        covers(&holes, block),
        Err("512 writes (threads x iterations) for the 768 cells of the box".into())
    );
    // 2·tid.x + j over 3 threads and j = 0, 2, 4: 9 writes for the 9 cells 0..8, but
    // {0, 2, 4} + {0, 2, 4} reaches 0, 2, 4, 6, 8 only, some twice.
    let overlaps = store_in(&[64], vec![tx() * 2 + iv(0)], vec![Loop::constant(0, 6, 2)]);
    assert_eq!(
        covers(&overlaps, Block::new(3, 1, 1)),
        Err("two writes land on one cell of the box".into())
    );
    // Every ty writes the same row.
    let shared_row = store_in(&[256], vec![tx()], Vec::new());
    assert!(covers(&shared_row, block)
        .unwrap_err()
        .starts_with("256 writes"));
}

proptest! {
    /// On random 2-D indices over threads and one loop, the check agrees with counting the
    /// distinct element offsets the writes reach against the box's cells.
    #[test]
    fn agrees_with_distinct_offsets(
        coefficients in proptest::collection::vec(0i64..4, 6),
        (threads_x, threads_y) in (1u32..9, 1u32..5),
        (trips, step) in (1i64..5, 1i64..4),
    ) {
        let [ax, ay, aj, bx, by, bj] = coefficients[..] else { unreachable!() };
        let access = store_in(
            &[1024, 1024],
            vec![tx() * ax + ty() * ay + iv(0) * aj, tx() * bx + ty() * by + iv(0) * bj],
            vec![Loop::constant(0, trips * step, step)],
        );
        let block = Block::new(threads_x, threads_y, 1);
        let extents = footprint(&access, block).unwrap().extents;
        let cells: i64 = extents.iter().product();
        let mut offsets = HashSet::new();
        for x in 0..i64::from(threads_x) {
            for y in 0..i64::from(threads_y) {
                for k in 0..trips {
                    let value = |variable: &Variable| match variable {
                        Variable::ThreadX => Some(x),
                        Variable::ThreadY => Some(y),
                        Variable::Loop(_) => Some(k * step),
                        _ => Some(0),
                    };
                    offsets.insert(access.element_offset(&value).unwrap());
                }
            }
        }
        let writes = i64::from(threads_x * threads_y) * trips;
        let once = writes == cells && offsets.len() as i64 == writes;
        prop_assert_eq!(covers_box_once(&access, block, &extents).is_ok(), once);
    }
}
