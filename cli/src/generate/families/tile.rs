//! The tile family: a shared tile of a random width (odd pitches included),
//! filled cooperatively, a barrier, then read at random affine indices, the
//! kernels pad and swizzle must keep correct (every access moves with the
//! layout, vectors must stay whole).

use super::{launch, load, new_input, random_affine, store_output};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::{Buffer, Kernel};
use crate::generate::random::Random;

/// Row widths of shared tiles: powers of two, odd pitches that pad well, and in between.
const TILE_WIDTHS: [i64; 11] = [8, 16, 17, 24, 32, 33, 48, 64, 65, 96, 128];

/// Shared memory one generated tile may take: the default budget, 48 KiB.
const MAX_TILE_BYTES: i64 = 48 * 1024;

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
