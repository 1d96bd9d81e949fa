//! The kernel families of the fuzzer, one function each, chosen so that every
//! transform of the pass has kernels it applies to and kernels it must refuse:
//!
//! * [`gather`]: loads at random affine indices of the thread and block ids
//!   (coefficients -1 to 32), some through a `memref.subview` at a constant or
//!   per-block offset, stored at the thread's element or its transpose, or
//!   added to it (readonly, vectorize, stage-shared);
//! * [`tile`]: a shared tile of a random width (8, 16, 17, 24, 32, 33, 48,
//!   64, ...), a workgroup attribution or a workgroup `memref.global`, filled
//!   cooperatively along rows or columns, a barrier, then read at random
//!   affine indices (transposed, strided, in a loop, with `vector.load`)
//!   (pad, swizzle);
//! * [`reduction`]: `for k` sums of products of buffers walked along k by
//!   row or by column (matmul-like) and of a small table read uniformly (an
//!   argument or a constant `memref.global`), with constant, scalar-argument
//!   or `memref.dim` trip counts, loops from constants or from thread x with
//!   steps above 1, an outer loop, and edge guards (stage-shared, constant);
//! * [`stencil`]: neighbours of the thread's element (or of its transpose),
//!   with a halo or with an edge guard `scf.if` on the ids, Jacobi's if/else
//!   form included (stage-shared, vectorize);
//! * [`vector`]: `vector.load`, `vector.transfer_read` or runs of scalar
//!   loads of consecutive elements, with and without proven alignment, summed
//!   or written back, and in-place running sums whose loads must see the
//!   stores before them (vectorize).
//!
//! Inputs are at random of dynamic sizes (`memref<?x?xT>`), cut short behind
//! edge-guarded loads, or widened to rows of 512 or 1024 elements (where rule
//! NV-C stages). Every index is an [`Affine`] whose bounds size the memref it
//! reads, so the original kernel is in bounds by construction; every output
//! element is written by one thread (blocks with a z extent write one plane
//! per z).

use super::body::{Affine, Body, Element, LoopRange};
use super::kernel::{Buffer, Ids, Kernel};
use super::random::Random;

/// Row widths of shared tiles: powers of two, odd pitches that pad well, and in between.
const TILE_WIDTHS: [i64; 11] = [8, 16, 17, 24, 32, 33, 48, 64, 65, 96, 128];

/// Elements the generator lets one input hold (the interpreter's time grows with it).
const MAX_ELEMENTS: i64 = 1 << 18;

/// Row lengths of large arrays: where rule NV-C starts to stage (seed-003 §4.3: N >= 512).
const LARGE_ROWS: [i64; 2] = [512, 1024];

/// Shared memory one generated tile may take: the default budget, 48 KiB.
const MAX_TILE_BYTES: i64 = 48 * 1024;

/// A random block (at most 256 threads; with `deep`, sometimes 2 or 4 in z) and grid.
fn launch(random: &mut Random, deep: bool) -> Kernel {
    let x = random.pick(&[8, 16, 24, 32, 32, 48, 64, 96, 128]);
    let y = random.pick(&[1, 2, 4, 8, 16]).min(256 / x);
    let z = if deep && random.chance(25) {
        random.pick(&[2, 4]).min(256 / (x * y))
    } else {
        1
    };
    Kernel::new([x, y], z, [random.range(1, 3), random.range(1, 2)])
}

/// `{llvm.noalias}` on about half the inputs.
fn input_attributes(random: &mut Random) -> &'static str {
    if random.chance(50) {
        "{llvm.noalias}"
    } else {
        ""
    }
}

/// A random affine expression over `variables` (name, extent), moved to start at 0.
fn random_affine(random: &mut Random, variables: &[(String, i64)], coefficients: &[i64]) -> Affine {
    variables
        .iter()
        .fold(Affine::default(), |expression, (name, extent)| {
            expression.plus(name, *extent, random.pick(coefficients))
        })
        .starting_at_zero()
}

/// The thread and block ids as affine variables.
fn id_variables(ids: &Ids) -> Vec<(String, i64)> {
    let mut variables = vec![
        (ids.thread[0].clone(), ids.block_size[0]),
        (ids.thread[1].clone(), ids.block_size[1]),
        (ids.block[0].clone(), ids.grid[0]),
        (ids.block[1].clone(), ids.grid[1]),
    ];
    variables.extend(ids.depth.clone());
    variables
}

/// Stores `value` at the thread's element of a new output (its transpose when
/// `transposed`), or at random adds it to the element there (a read-write output).
fn store_output(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    value: &str,
    transposed: bool,
) {
    let mut indices = vec![kernel.ids.global(1), kernel.ids.global(0)];
    if transposed {
        indices.reverse();
    }
    // Threads that differ in z only write different planes.
    indices.splice(0..0, kernel.ids.depth_term());
    let shape: Vec<i64> = indices.iter().map(Affine::extent).collect();
    let output = kernel.output(&shape, element);
    let indices: Vec<String> = indices
        .iter()
        .map(|index| kernel.body.affine(index))
        .collect();
    let value = if random.chance(25) {
        let old = kernel.body.load(&output.name, &output.type_text, &indices);
        kernel.body.add(element, &old, value)
    } else {
        value.to_string()
    };
    kernel
        .body
        .store(&value, &output.name, &output.type_text, &indices);
}

/// Loads `buffer[indices]` with the indices emitted.
fn load(body: &mut Body, buffer: &Buffer, indices: &[Affine]) -> String {
    let indices: Vec<String> = indices.iter().map(|index| body.affine(index)).collect();
    body.load(&buffer.name, &buffer.type_text, &indices)
}

/// `extents` as they are, or at random one of them cut short (the loads then
/// need an edge guard), or the last one widened to a large array (Fang's rule
/// stages uncoalesced accesses only into arrays of at least 512 elements a row).
fn resize(random: &mut Random, mut extents: Vec<i64>) -> Vec<i64> {
    let dimension = random.range(0, extents.len() as i64 - 1) as usize;
    let last = extents.len() - 1;
    match random.range(0, 9) {
        0..=2 if extents[dimension] >= 2 => {
            extents[dimension] -= random.range(1, extents[dimension] / 2)
        }
        3..=5 => extents[last] = extents[last].max(random.pick(&LARGE_ROWS)),
        _ => {}
    }
    extents
}

/// Loads `buffer[indices]`, behind an edge guard `index < size` on every
/// dimension the indices can leave (zero there), as a DSL emits for edges.
fn guarded_load(body: &mut Body, buffer: &Buffer, indices: &[Affine], element: Element) -> String {
    let values: Vec<String> = indices.iter().map(|index| body.affine(index)).collect();
    let mut inside: Option<String> = None;
    for ((index, value), &size) in indices.iter().zip(&values).zip(&buffer.shape) {
        if index.extent() > size {
            let below = body.below(value, size);
            inside = Some(match inside {
                None => below,
                Some(previous) => body.and(&previous, &below),
            });
        }
    }
    let Some(inside) = inside else {
        return body.load(&buffer.name, &buffer.type_text, &values);
    };
    let zero = body.zero(element);
    body.choose(
        &inside,
        element,
        |body| body.load(&buffer.name, &buffer.type_text, &values),
        |_| zero,
    )
}

/// The sum of `values` (at least one).
fn sum(body: &mut Body, element: Element, values: &[String]) -> String {
    values[1..].iter().fold(values[0].clone(), |total, value| {
        body.add(element, &total, value)
    })
}

/// Loads at random affine indices of the ids, summed and stored per thread.
pub fn gather(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, true);
    let variables = id_variables(&kernel.ids);
    let coefficients = [-1, 0, 0, 1, 1, 1, 2, 4, 32];
    let indices = loop {
        let indices = [0, 1].map(|_| random_affine(random, &variables, &coefficients));
        if indices[0].extent() * indices[1].extent() <= MAX_ELEMENTS / 4 {
            break indices;
        }
    };
    let shifts: Vec<[i64; 2]> = (0..random.range(1, 3))
        .map(|_| [random.range(0, 1), random.range(0, 3)])
        .collect();
    let extents = resize(
        random,
        (0..2)
            .map(|dimension| {
                indices[dimension].extent()
                    + shifts.iter().map(|shift| shift[dimension]).max().unwrap()
            })
            .collect(),
    );
    let extents = [extents[0], extents[1]];
    let input = if random.chance(30) {
        subview(&mut kernel, random, extents, element)
    } else {
        new_input(&mut kernel, random, &extents, element)
    };
    let values: Vec<String> = shifts
        .iter()
        .map(|shift| {
            let shifted =
                [0, 1].map(|dimension| indices[dimension].clone().shifted(shift[dimension]));
            guarded_load(&mut kernel.body, &input, &shifted, element)
        })
        .collect();
    let total = sum(&mut kernel.body, element, &values);
    let transposed = random.chance(30);
    store_output(&mut kernel, random, element, &total, transposed);
    kernel
}

/// A new input of `shape`: static or (25%) of dynamic sizes, with or without `{llvm.noalias}`.
fn new_input(kernel: &mut Kernel, random: &mut Random, shape: &[i64], element: Element) -> Buffer {
    let attributes = input_attributes(random);
    if random.chance(25) {
        kernel.dynamic_input(shape, element, attributes)
    } else {
        kernel.input(shape, element, attributes)
    }
}

/// A `memref.subview` of `extents` in a larger input, at a constant offset or
/// (half the time) at an offset that moves with the block ids, as a DSL takes
/// each block's window.
fn subview(
    kernel: &mut Kernel,
    random: &mut Random,
    extents: [i64; 2],
    element: Element,
) -> Buffer {
    let per_block = random.chance(50);
    let offsets: [Affine; 2] = [(1, 0..=3), (0, 0..=5)].map(|(axis, constant)| {
        let offset = Affine::default().shifted(random.range(*constant.start(), *constant.end()));
        if per_block {
            let step = random.range(0, extents[1 - axis]);
            offset.plus(&kernel.ids.block[axis], kernel.ids.grid[axis], step)
        } else {
            offset
        }
    });
    let shape: Vec<i64> = (0..2)
        .map(|dimension| extents[dimension] + offsets[dimension].bounds().1 + random.range(0, 2))
        .collect();
    let whole = new_input(kernel, random, &shape, element);
    let dynamic_sizes = whole.type_text.contains('?');
    // MLIR folds the offset `row * pitch + column` when it can: static, or row 0.
    let offset = if per_block || (dynamic_sizes && offsets[0].offset != 0) {
        "?".to_string()
    } else {
        (offsets[0].offset * shape[1] + offsets[1].offset).to_string()
    };
    let pitch = if dynamic_sizes {
        "?".to_string()
    } else {
        shape[1].to_string()
    };
    let type_text = format!(
        "memref<{}x{}x{}, strided<[{pitch}, 1], offset: {offset}>>",
        extents[0],
        extents[1],
        element.name(),
    );
    let offsets = if per_block {
        offsets.map(|offset| kernel.body.affine(&offset)).join(", ")
    } else {
        format!("{}, {}", offsets[0].offset, offsets[1].offset)
    };
    let name = kernel.body.define(
        "view",
        &format!(
            "memref.subview {}[{offsets}] [{}, {}] [1, 1] : {} to {type_text}",
            whole.name, extents[0], extents[1], whole.type_text
        ),
    );
    Buffer {
        name,
        shape: extents.to_vec(),
        type_text,
    }
}

/// A shared tile filled cooperatively, a barrier, then read at random affine
/// indices, element by element or `lanes` elements at a time with `vector.load`.
pub fn tile(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, true);
    let reads = random.pick(&[1, 1, 2, 4, 8]);
    let lanes = if random.chance(25) {
        random.pick(&[2, 4, element.lanes_in_16_bytes()])
    } else {
        1
    };
    let ids = &kernel.ids;
    let walk = kernel.body.fresh("k");
    let mut variables = vec![
        (ids.thread[0].clone(), ids.block_size[0]),
        (ids.thread[1].clone(), ids.block_size[1]),
        (walk.clone(), reads),
    ];
    variables.extend(ids.depth.clone());
    let (indices, shape) = loop {
        let indices = if random.chance(40) {
            // The transpose: tile[tx][lanes * (ty + k)].
            [
                Affine::term(&variables[0].0, variables[0].1, 1),
                Affine::term(&variables[1].0, variables[1].1, lanes).plus(&walk, reads, lanes),
            ]
        } else {
            [0, 1].map(|_| random_affine(random, &variables, &[0, 1, 1, 2, 3, 8]))
        };
        let needed = indices[1].extent() + lanes - 1;
        let width = if random.chance(70) {
            TILE_WIDTHS
                .iter()
                .copied()
                .find(|&width| width >= needed)
                .unwrap_or(needed)
        } else {
            needed
        };
        let shape = [indices[0].extent(), width];
        if shape[0] * shape[1] * element.bytes() <= MAX_TILE_BYTES {
            break (indices, shape);
        }
    };
    let tile = kernel.shared(&shape, element, random.chance(30));
    // Some kernels reuse the tile: phase p fills it from slab p, reads, and
    // waits at a second barrier before the next phase overwrites it.
    let phases = random
        .chance(30)
        .then(|| (kernel.body.fresh("phase"), random.range(2, 3)));
    let fill = TileFill::new(&mut kernel, random, &tile, element, phases.as_ref());
    let zero = kernel.body.zero(element);
    let phase = |body: &mut Body| {
        fill.emit(body, &tile);
        body.line("gpu.barrier");
        let range = body.up_to(reads);
        body.accumulate(&walk, &range, element, &zero, |body, accumulator| {
            let value = if lanes == 1 {
                load(body, &tile, &indices)
            } else {
                let indices = indices.clone().map(|index| body.affine(&index));
                let vector =
                    body.vector_load(&tile.name, &tile.type_text, &indices, element, lanes);
                body.reduce(element, &vector, lanes)
            };
            body.add(element, accumulator, &value)
        })
    };
    let total = match &phases {
        None => phase(&mut kernel.body),
        Some((variable, count)) => {
            let range = kernel.body.up_to(*count);
            kernel
                .body
                .accumulate(variable, &range, element, &zero, |body, accumulator| {
                    let partial = phase(body);
                    body.line("gpu.barrier");
                    body.add(element, accumulator, &partial)
                })
        }
    };
    let transposed = random.chance(20);
    store_output(&mut kernel, random, element, &total, transposed);
    kernel
}

/// How the threads of a block fill a tile: every element from the block's slab
/// of an input (per phase, when the tile is reused), the block's threads
/// stepping over rows and columns, x along the columns or (at random) along
/// the rows, guarded where the tile is not a multiple of the block.
struct TileFill {
    /// The input the tile is filled from.
    input: Buffer,
    /// The input row of the tile's row 0: block and phase.
    slab: Affine,
    /// The thread id stepping over rows, and how many threads that is.
    rows: (String, i64),
    /// The thread id stepping over columns, and how many threads that is.
    columns: (String, i64),
}

impl TileFill {
    /// A fill of `tile` from a new input, `phases` slabs per block.
    fn new(
        kernel: &mut Kernel,
        random: &mut Random,
        tile: &Buffer,
        element: Element,
        phases: Option<&(String, i64)>,
    ) -> TileFill {
        let rows = tile.shape[0];
        let blocks = kernel.ids.grid[0] * kernel.ids.grid[1];
        let mut slab = Affine::term(&kernel.ids.block[0], kernel.ids.grid[0], rows).plus(
            &kernel.ids.block[1],
            kernel.ids.grid[1],
            kernel.ids.grid[0] * rows,
        );
        if let Some((variable, count)) = phases {
            slab = slab.plus(variable, *count, blocks * rows);
        }
        let input_rows = slab.extent() + rows - 1;
        let input = new_input(kernel, random, &[input_rows, tile.shape[1]], element);
        let [x, y] = kernel.ids.thread.clone();
        let [block_x, block_y] = kernel.ids.block_size;
        let (rows, columns) = if random.chance(30) {
            ((x, block_x), (y, block_y))
        } else {
            ((y, block_y), (x, block_x))
        };
        TileFill {
            input,
            slab,
            rows,
            columns,
        }
    }

    /// Emits the fill of `tile` into `body`.
    fn emit(&self, body: &mut Body, tile: &Buffer) {
        let [rows, columns] = [tile.shape[0], tile.shape[1]];
        let (row_id, row_threads) = (&self.rows.0, self.rows.1);
        let (column_id, column_threads) = (&self.columns.0, self.columns.1);
        let row_steps = (rows + row_threads - 1) / row_threads;
        let column_steps = (columns + column_threads - 1) / column_threads;
        body.repeat(row_steps, |body, row_step| {
            body.repeat(column_steps, |body, column_step| {
                let row =
                    Affine::term(row_step, row_steps, row_threads).plus(row_id, row_threads, 1);
                let column = Affine::term(column_step, column_steps, column_threads).plus(
                    column_id,
                    column_threads,
                    1,
                );
                let copy = |body: &mut Body| {
                    let mut source_row = self.slab.clone();
                    source_row.terms.extend(row.terms.clone());
                    let value = load(body, &self.input, &[source_row, column.clone()]);
                    let indices = [body.affine(&row), body.affine(&column)];
                    body.store(&value, &tile.name, &tile.type_text, &indices);
                };
                if rows % row_threads == 0 && columns % column_threads == 0 {
                    copy(body);
                } else {
                    let (row_value, column_value) = (body.affine(&row), body.affine(&column));
                    let row_inside = body.below(&row_value, rows);
                    let column_inside = body.below(&column_value, columns);
                    let inside = body.and(&row_inside, &column_inside);
                    body.when(&inside, copy);
                }
            });
        });
    }
}

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

/// Neighbours of the thread's element, with a halo or behind an edge guard.
pub fn stencil(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let radius = random.range(1, 2);
    let mut offsets = vec![[0, 0]];
    for _ in 0..random.range(1, 5) {
        offsets.push([random.range(-radius, radius), random.range(-radius, radius)]);
    }
    let mut global = [kernel.ids.global(1), kernel.ids.global(0)];
    if random.chance(40) {
        // Transposed: thread x walks the rows, uncoalesced.
        global.reverse();
    }
    let guarded = random.chance(50);
    let halo = if guarded { 0 } else { radius };
    let mut shape = [global[0].extent() + 2 * halo, global[1].extent() + 2 * halo];
    if random.chance(30) {
        shape[1] = shape[1].max(random.pick(&LARGE_ROWS));
    }
    let input = new_input(&mut kernel, random, &shape, element);
    let neighbours = |body: &mut Body| -> String {
        let values: Vec<String> = offsets
            .iter()
            .map(|offset| {
                let indices = [0, 1]
                    .map(|dimension| global[dimension].clone().shifted(halo + offset[dimension]));
                load(body, &input, &indices)
            })
            .collect();
        sum(body, element, &values)
    };
    if !guarded {
        let total = neighbours(&mut kernel.body);
        store_output(&mut kernel, random, element, &total, false);
        return kernel;
    }
    let indices = global.clone().map(|index| kernel.body.affine(&index));
    let mut inside: Option<String> = None;
    for (index, size) in indices.iter().zip(shape) {
        let low = kernel.body.index(radius);
        let above = kernel
            .body
            .define("p", &format!("arith.cmpi uge, {index}, {low} : index"));
        let below = kernel.body.below(index, size - radius);
        let both = kernel.body.and(&above, &below);
        inside = Some(match inside {
            None => both,
            Some(previous) => kernel.body.and(&previous, &both),
        });
    }
    let inside = inside.unwrap();
    let output = kernel.output(&shape, element);
    if random.chance(50) {
        // Jacobi's form: the interior gets the neighbours, the edge its centre.
        let total = kernel.body.choose(&inside, element, neighbours, |body| {
            body.load(&input.name, &input.type_text, &indices)
        });
        kernel
            .body
            .store(&total, &output.name, &output.type_text, &indices);
    } else {
        kernel.body.when(&inside, |body| {
            let total = neighbours(body);
            body.store(&total, &output.name, &output.type_text, &indices);
        });
    }
    kernel
}

/// How a thread reads its consecutive elements.
#[derive(Clone, Copy, PartialEq, Eq)]
enum VectorRead {
    /// One scalar `memref.load` per element.
    Scalars,
    /// One `vector.load`.
    Load,
    /// One `vector.transfer_read` (in bounds).
    TransferRead,
}

/// Each thread reads `lanes` consecutive elements at `lanes * stride * t + offset`
/// and sums them, or writes them back (as they were read: scalars or a vector)
/// at `lanes * t`.
pub fn vector(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let lanes = random.pick(&[
        2,
        4,
        element.lanes_in_16_bytes(),
        element.lanes_in_16_bytes(),
    ]);
    let thread = kernel.ids.global(0);
    let stride = random.pick(&[1, 1, 2]);
    let offset = random.pick(&[0, 0, 1, lanes]);
    let scaled = |factor: i64, offset: i64| {
        thread
            .terms
            .iter()
            .fold(Affine::default().shifted(offset), |start, term| {
                start.plus(&term.value, term.extent, term.coefficient * factor)
            })
    };
    let start = scaled(lanes * stride, offset);
    let row = Affine::term(&kernel.ids.thread[1], kernel.ids.block_size[1], 1).plus(
        &kernel.ids.block[1],
        kernel.ids.grid[1],
        kernel.ids.block_size[1],
    );
    let shape = [row.extent(), start.extent() + lanes - 1];
    let alignment = if random.chance(50) {
        "{llvm.align = 16 : i64, llvm.noalias}"
    } else {
        input_attributes(random)
    };
    let input = kernel.input(&shape, element, alignment);
    let row_index = kernel.body.affine(&row);
    if random.chance(25) {
        // A running sum over the thread's run, in place: each load of element
        // j - 1 must see the store just made to it (no merging across it).
        let body = &mut kernel.body;
        let columns: Vec<String> = (0..lanes)
            .map(|lane| body.affine(&start.clone().shifted(lane)))
            .collect();
        for pair in columns.windows(2) {
            let [previous, current] = [&pair[0], &pair[1]].map(|column| {
                body.load(
                    &input.name,
                    &input.type_text,
                    &[row_index.clone(), column.clone()],
                )
            });
            let total = body.add(element, &previous, &current);
            body.store(
                &total,
                &input.name,
                &input.type_text,
                &[row_index.clone(), pair[1].clone()],
            );
        }
        return kernel;
    }
    let read = random.pick(&[
        VectorRead::Scalars,
        VectorRead::Load,
        VectorRead::TransferRead,
    ]);
    let write_back = random.chance(35);
    let output_start = scaled(lanes, 0);
    let body = &mut kernel.body;
    if read == VectorRead::Scalars {
        let values: Vec<String> = (0..lanes)
            .map(|lane| {
                let column = body.affine(&start.clone().shifted(lane));
                body.load(&input.name, &input.type_text, &[row_index.clone(), column])
            })
            .collect();
        if !write_back {
            let total = sum(body, element, &values);
            store_output(&mut kernel, random, element, &total, false);
            return kernel;
        }
        let output = kernel.output(&[shape[0], output_start.extent() + lanes - 1], element);
        for (lane, value) in (0..).zip(&values) {
            let column = kernel.body.affine(&output_start.clone().shifted(lane));
            let indices = [row_index.clone(), column];
            kernel
                .body
                .store(value, &output.name, &output.type_text, &indices);
        }
        return kernel;
    }
    let indices = [row_index.clone(), body.affine(&start)];
    let vector = if read == VectorRead::Load {
        body.vector_load(&input.name, &input.type_text, &indices, element, lanes)
    } else {
        let zero = body.zero(element);
        body.define(
            "w",
            &format!(
                "vector.transfer_read {}[{}], {zero} {{in_bounds = [true]}} : {}, vector<{lanes}x{}>",
                input.name,
                indices.join(", "),
                input.type_text,
                element.name()
            ),
        )
    };
    if !write_back {
        let total = body.reduce(element, &vector, lanes);
        store_output(&mut kernel, random, element, &total, false);
        return kernel;
    }
    let output = kernel.output(&[shape[0], output_start.extent() + lanes - 1], element);
    let indices = [row_index, kernel.body.affine(&output_start)];
    kernel.body.vector_store(
        &vector,
        &output.name,
        &output.type_text,
        &indices,
        element,
        lanes,
    );
    kernel
}
