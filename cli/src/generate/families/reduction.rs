//! The reduction family: `for k` sums of products of buffers walked along k
//! (matmul-like row and column walks) and of small uniform tables, the
//! kernels stage-shared tiles per k-tile and constant moves tables for.

use super::{guarded_load, launch, new_input, resize};
use crate::generate::body::{Affine, Body, Element, LoopRange};
use crate::generate::kernel::{Buffer, Ids, Kernel};
use crate::generate::random::Random;

/// How a reduction's trip count reaches the loop.
#[derive(Clone, Copy)]
enum TripCount {
    /// An `arith.constant`.
    Constant,
    /// An index kernel argument.
    Argument,
    /// `memref.dim` of the walked input.
    Dimension,
}

/// `out[y][x] = sum over k of products of inputs walked along k`, optionally
/// guarded, optionally inside an outer loop over `j` that picks rows further
/// apart (two nested `scf.for` with accumulators).
pub fn reduction(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let trips = random.pick(&[4, 8, 16, 32, 40, 64, 100]);
    let guard = random.chance(40).then(|| {
        [0, 1].map(|dimension| {
            kernel.ids.threads(dimension) - random.range(0, kernel.ids.block_size[dimension] - 1)
        })
    });
    let walk = kernel.body.fresh("k");
    let outer = random
        .chance(25)
        .then(|| (kernel.body.fresh("j"), random.range(2, 3)));
    let operands = reduction_operands(random, &kernel.ids, &walk, trips, outer.as_ref());
    let inputs: Vec<Buffer> = operands
        .iter()
        .map(|indices| {
            let shape = resize(random, indices.iter().map(Affine::extent).collect());
            if indices.len() == 1 && random.chance(50) {
                // The table as a constant global instead of an argument.
                let values: Vec<i64> = (0..shape[0]).map(|_| random.range(-4, 4)).collect();
                kernel.constant_table(&values, element, random.chance(50))
            } else {
                new_input(&mut kernel, random, &shape, element)
            }
        })
        .collect();
    let upper = trip_count(&mut kernel, random, &inputs, &operands, &walk, trips);
    let range = loop_range(&mut kernel, random, upper);
    let global = [kernel.ids.global(0), kernel.ids.global(1)];
    let output_shape = guard.map_or([kernel.ids.threads(1), kernel.ids.threads(0)], |[x, y]| {
        [y, x]
    });
    let output = kernel.output(&output_shape, element);
    let zero = kernel.body.zero(element);
    let inner = |body: &mut Body| {
        body.accumulate(&walk, &range, element, &zero, |body, accumulator| {
            let values: Vec<String> = inputs
                .iter()
                .zip(&operands)
                .map(|(input, indices)| guarded_load(body, input, indices, element))
                .collect();
            let product = values[1..]
                .iter()
                .fold(values[0].clone(), |product, value| {
                    body.multiply(element, &product, value)
                });
            body.add(element, accumulator, &product)
        })
    };
    let compute = |body: &mut Body| {
        let total = match &outer {
            None => inner(body),
            Some((variable, count)) => {
                let outer_range = body.up_to(*count);
                body.accumulate(
                    variable,
                    &outer_range,
                    element,
                    &zero,
                    |body, accumulator| {
                        let partial = inner(body);
                        body.add(element, accumulator, &partial)
                    },
                )
            }
        };
        let indices = [body.affine(&global[1]), body.affine(&global[0])];
        body.store(&total, &output.name, &output.type_text, &indices);
    };
    match guard {
        None => compute(&mut kernel.body),
        Some([x, y]) => {
            let (column, row) = (
                kernel.body.affine(&global[0]),
                kernel.body.affine(&global[1]),
            );
            let column_inside = kernel.body.below(&column, x);
            let row_inside = kernel.body.below(&row, y);
            let inside = kernel.body.and(&column_inside, &row_inside);
            kernel.body.when(&inside, compute);
        }
    }
    kernel
}

/// The index lists of a reduction's inputs: one or two buffers indexed by the
/// walk `k` and one global thread index (row walk or column walk; with an
/// outer loop `j`, the first input's global index moves by j whole grids), and
/// at random a small table read uniformly, `table[k]`.
fn reduction_operands(
    random: &mut Random,
    ids: &Ids,
    walk: &str,
    trips: i64,
    outer: Option<&(String, i64)>,
) -> Vec<Vec<Affine>> {
    let mut operands: Vec<Vec<Affine>> = (0..random.range(1, 2))
        .map(|operand| {
            let dimension = random.range(0, 1) as usize;
            let mut across = ids.global(dimension);
            if let (0, Some((variable, count))) = (operand, outer) {
                across = across.plus(variable, *count, ids.threads(dimension));
            }
            let along = Affine::term(walk, trips, random.pick(&[1, 1, 2]));
            if random.chance(50) {
                vec![across, along]
            } else {
                vec![along, across]
            }
        })
        .collect();
    if random.chance(40) {
        operands.push(vec![Affine::term(walk, trips, 1)]);
    }
    operands
}

/// The loop's upper bound `trips`: a constant, an index argument, or `memref.dim`
/// of a dimension the loop walks exactly (a constant when there is none).
fn trip_count(
    kernel: &mut Kernel,
    random: &mut Random,
    inputs: &[Buffer],
    operands: &[Vec<Affine>],
    walk: &str,
    trips: i64,
) -> String {
    match random.pick(&[
        TripCount::Constant,
        TripCount::Argument,
        TripCount::Dimension,
    ]) {
        TripCount::Constant => kernel.body.index(trips),
        TripCount::Argument => kernel.index_parameter(trips),
        TripCount::Dimension => match walked_dimension(inputs, operands, walk, trips) {
            Some((buffer, dimension)) => {
                let dimension = kernel.body.index(dimension);
                kernel.body.define_at_entry(
                    "dim",
                    &format!(
                        "memref.dim {}, {dimension} : {}",
                        buffer.name, buffer.type_text
                    ),
                )
            }
            None => kernel.body.index(trips),
        },
    }
}

/// The walk's range up to `upper`: mostly from 0 with step 1; at random from a
/// small constant, with a constant step above 1, or strided over the block's
/// x threads (a non-constant lower bound: thread x sums k = tx, tx + X, ...).
fn loop_range(kernel: &mut Kernel, random: &mut Random, upper: String) -> LoopRange {
    let body = &mut kernel.body;
    let (lower, stride) = match random.range(0, 7) {
        0 | 1 => (
            kernel.ids.thread[0].clone(),
            body.index(kernel.ids.block_size[0]),
        ),
        2 => (body.index(random.range(1, 5)), body.index(1)),
        3 => (body.index(0), body.index(random.range(2, 3))),
        _ => (body.index(0), body.index(1)),
    };
    LoopRange {
        lower,
        upper,
        stride,
    }
}

/// An input and a dimension walked with step 1, whose size is exactly the trip count.
fn walked_dimension<'a>(
    inputs: &'a [Buffer],
    operands: &[Vec<Affine>],
    walk: &str,
    trips: i64,
) -> Option<(&'a Buffer, i64)> {
    inputs.iter().zip(operands).find_map(|(input, indices)| {
        (0..indices.len())
            .find(|&dimension| {
                let index = &indices[dimension];
                index.terms.len() == 1
                    && index.terms[0].value == walk
                    && index.terms[0].coefficient == 1
                    && input.shape[dimension] == trips
            })
            .map(|dimension| (input, dimension as i64))
    })
}
