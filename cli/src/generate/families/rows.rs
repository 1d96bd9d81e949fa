//! The rows family: NVIDIA's `transposeNaive` and its relatives. Each thread
//! handles several rows in a loop, `for j in 0, s, …, s·(trips − 1)`, at row
//! `span·bid.y + tid.y + j` (`span` the rows a block covers), reads the input
//! there (or, at random, its transpose) and writes the output at the same
//! element or its transpose. The step `s` is the block's y extent (the block's
//! rows are contiguous, and a staged store writes its box once), twice it or
//! one more (rows left out between them: the box has holes and must not be
//! staged), so no two writes land on one element. At random the copy sits
//! under an edge test on the row and the column (the store's guard bounds its
//! indices), or the loop under one on the column, or the loop carries a
//! running total (`iter_args`) stored row by row and once after it. Some loops
//! run 64 iterations, more than a tile holds (stage-shared on stores in loops,
//! whole or per tile).

use super::{guarded_load, launch, new_input, resize, MAX_ELEMENTS};
use crate::generate::body::{Affine, Body, Element, LoopRange};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// Rows per thread in a loop, read and written (often transposed) per row.
pub fn rows(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let threads_y = kernel.ids.block_size[1];
    let stride = random.pick(&[threads_y, threads_y, 2 * threads_y, threads_y + 1]);
    // 64 iterations (a staged store is then copied out per tile of 32) where the input stays
    // small enough for the interpreter.
    let long = stride * 64 * kernel.ids.grid[1] * kernel.ids.threads(0) <= MAX_ELEMENTS / 2;
    let trips = random.pick(if long {
        &[1, 2, 4, 8, 64, 64]
    } else {
        &[1, 2, 4, 4, 8, 8]
    });
    let span = stride * (trips - 1) + threads_y;
    let transposed = random.chance(70);
    let ids = &kernel.ids;
    let first_row =
        Affine::term(&ids.block[1], ids.grid[1], span).plus(&ids.thread[1], threads_y, 1);
    let column = ids.global(0);
    let rows = first_row.extent() + stride * (trips - 1);
    // At random the read is the transposed one (`in[x][row]`, lanes a row apart: staged per
    // tile, so a guard around the loop can be left).
    let read_transposed = random.chance(25);
    let mut extents = resize(random, vec![rows, column.extent()]);
    if read_transposed {
        extents.reverse();
    }
    let input = new_input(&mut kernel, random, &extents, element);
    let mut shape = vec![rows, column.extent()];
    if transposed {
        shape.reverse();
    }
    let output = kernel.output(&shape, element);
    // At random an edge test on the row and the column, as a DSL emits for sizes that are not
    // multiples of the block: the store's guard, a bound on each of its indices.
    let limits = random
        .chance(30)
        .then(|| [rows, column.extent()].map(|extent| extent - random.range(0, extent / 2)));
    // Or the column's edge test around the whole loop (the row changes in the loop).
    let column_limit = (limits.is_none() && random.chance(20))
        .then(|| column.extent() - random.range(0, column.extent() / 2));
    // Or, unguarded, a running total through the loop (`iter_args`), each row's partial sum
    // stored as it goes and the total after the loop: a loop with a result used after it.
    let totals = (limits.is_none() && column_limit.is_none() && random.chance(25))
        .then(|| kernel.output(&[first_row.extent(), column.extent()], element));
    if let Some(totals) = totals {
        let body = &mut kernel.body;
        let variable = body.fresh("r");
        let range = LoopRange {
            lower: body.index(0),
            upper: body.index(trips * stride),
            stride: body.index(stride),
        };
        let zero = body.zero(element);
        let total = body.accumulate(&variable, &range, element, &zero, |body, sum| {
            let row = first_row
                .clone()
                .plus(&variable, stride * (trips - 1) + 1, 1);
            let mut read = [row.clone(), column.clone()];
            if read_transposed {
                read.reverse();
            }
            let value = guarded_load(body, &input, &read, element);
            let next = body.add(element, sum, &value);
            let mut indices = vec![body.affine(&row), body.affine(&column)];
            if transposed {
                indices.reverse();
            }
            body.store(&next, &output.name, &output.type_text, &indices);
            next
        });
        let indices = [body.affine(&first_row), body.affine(&column)];
        body.store(&total, &totals.name, &totals.type_text, &indices);
        return kernel;
    }
    let rows_loop = |body: &mut Body| {
        body.repeat_by(trips, stride, |body, walk| {
            let row = first_row.clone().plus(walk, stride * (trips - 1) + 1, 1);
            let copy = |body: &mut Body| {
                let mut read = [row.clone(), column.clone()];
                if read_transposed {
                    read.reverse();
                }
                let value = guarded_load(body, &input, &read, element);
                let value = body.add(element, &value, &value);
                let mut indices = vec![body.affine(&row), body.affine(&column)];
                if transposed {
                    indices.reverse();
                }
                body.store(&value, &output.name, &output.type_text, &indices);
            };
            match limits {
                Some([row_limit, column_limit]) => {
                    let (row_value, column_value) = (body.affine(&row), body.affine(&column));
                    let row_inside = body.below(&row_value, row_limit);
                    let column_inside = body.below(&column_value, column_limit);
                    let inside = body.and(&row_inside, &column_inside);
                    body.when(&inside, copy);
                }
                None => copy(body),
            }
        });
    };
    let body = &mut kernel.body;
    match column_limit {
        Some(limit) => {
            let column_value = body.affine(&column);
            let inside = body.below(&column_value, limit);
            body.when(&inside, rows_loop);
        }
        None => rows_loop(body),
    }
    kernel
}
