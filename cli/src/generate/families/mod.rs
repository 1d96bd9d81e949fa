//! The kernel families of the fuzzer, one function each, chosen so that every
//! transform of the pass has kernels it applies to and kernels it must refuse:
//!
//! * [`atomics`]: histograms with `memref.atomic_rmw` (`addi`, `addf`, `maxs`,
//!   `maximumf`) into the output or into shared bins first (the pass must leave them alone);
//! * [`column`]: a thread walks its element's column along a loop, reading it at offsets
//!   from the counter (a full window, one with a gap, an inner radius loop, in place)
//!   (promote's streaming);
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
//! * [`product`]: a matrix product with one output a thread over grids of up to 8x8 small
//!   blocks, `b` at random transposed, a table or a row scale added; as a DSL writes it (an
//!   accumulator the loop carries) or as CUDA does: under an edge guard `if (i < R && j < C)`,
//!   the sum kept in the output in global memory (`c = 0` or `c *= beta`, then `c += a·b` in
//!   the loop), or both (register-tile);
//! * [`rows`]: several rows per thread in a loop with a step (NVIDIA's
//!   `transposeNaive`), written at the same element or transposed, the rows
//!   of a block contiguous or with gaps (stage-shared on stores in loops);
//! * [`stencil`]: neighbours of the thread's element (or of its transpose),
//!   with a halo or with an edge guard `scf.if` on the ids, Jacobi's if/else
//!   form included (stage-shared, vectorize);
//! * [`trips`]: sums over loops whose trip count may differ between the
//!   threads of a block (a triangular `k < tx`, a bound from thread y, a row
//!   length read per thread or per block), at random under a guard on thread
//!   x: only block-uniform loops may take a barrier (stage-shared, issue 21);
//! * [`vector`]: `vector.load`, `vector.transfer_read` or runs of scalar
//!   loads of consecutive elements, with and without proven alignment, summed
//!   or written back, and in-place running sums whose loads must see the
//!   stores before them (vectorize);
//! * [`warp`]: reductions as CUDA writes them: loads per thread, then `gpu.shuffle`
//!   butterflies (`xor`, `down`, an `up` scan, an `idx` broadcast), `gpu.subgroup_reduce` of
//!   warps or clusters, or the block's `gpu.all_reduce`, lane 0 or thread 0 storing the total,
//!   warp totals at random summed again through shared memory (the pass must not reorder the
//!   folds);
//! * [`tree`]: a block's values summed level by level through a rank-1 shared buffer, as the
//!   cuda-samples reduction writes it (interleaved `sdata[c·s·tid]`, or sequential
//!   `sdata[tid + s]`), the buffer an attribution or a global (pad's skew);
//! * [`branches`]: bodies of several blocks joined by `cf.br`/`cf.cond_br` (diamonds on ids
//!   or loaded values, loops written as blocks, early exits) and nested `scf.if`/`scf.for`
//!   whose else matters (the pass may leave a body of several blocks as it is, but correct);
//! * [`huge`]: inputs with a dimension of 2^31 to 2^62 elements, read along or
//!   across, and huge tables read uniformly; too large to interpret, so the
//!   pass alone runs (checked arithmetic on every size).
//!
//! Inputs are at random of dynamic sizes (`memref<?x?xT>`), cut short behind
//! edge-guarded loads (to nothing at all: an empty input, issue 17), or widened to rows of 512 or 1024 elements (where rule
//! NV-C stages). Every index is an [`Affine`] whose bounds size the memref it
//! reads, so the original kernel is in bounds by construction; every output
//! element is written by one thread (blocks with a z extent write one plane
//! per z).

mod atomics;
mod branches;
mod column;
mod gather;
mod huge;
mod product;
mod reduction;
mod rows;
mod stencil;
mod tile;
mod tree;
mod trips;
mod vector;
mod warp;

pub use atomics::atomics;
pub use branches::branches;
pub use column::column;
pub use gather::gather;
pub use huge::huge;
pub use product::product;
pub use reduction::reduction;
pub use rows::rows;
pub use stencil::stencil;
pub use tile::tile;
pub use tree::tree;
pub use trips::trips;
pub use vector::vector;
pub use warp::warp;

use super::body::{Affine, Body, Element};
use super::kernel::{Buffer, Ids, Kernel};
use super::random::Random;

/// Elements the generator lets one input hold (the interpreter's time grows with it).
const MAX_ELEMENTS: i64 = 1 << 18;

/// Row lengths of large arrays: where rule NV-C starts to stage (seed-003 §4.3: N >= 512).
const LARGE_ROWS: [i64; 2] = [512, 1024];

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
/// need an edge guard) or to nothing (an empty input, every load guarded off),
/// or the last one widened to a large array (Fang's rule stages uncoalesced
/// accesses only into arrays of at least 512 elements a row).
fn resize(random: &mut Random, mut extents: Vec<i64>) -> Vec<i64> {
    let dimension = random.range(0, extents.len() as i64 - 1) as usize;
    let last = extents.len() - 1;
    match random.range(0, 10) {
        0..=2 if extents[dimension] >= 2 => {
            extents[dimension] -= random.range(1, extents[dimension] / 2)
        }
        3..=5 => extents[last] = extents[last].max(random.pick(&LARGE_ROWS)),
        10 => extents[dimension] = 0,
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

/// A new input of `shape`: static or (25%) of dynamic sizes, with or without `{llvm.noalias}`.
fn new_input(kernel: &mut Kernel, random: &mut Random, shape: &[i64], element: Element) -> Buffer {
    let attributes = input_attributes(random);
    if random.chance(25) {
        kernel.dynamic_input(shape, element, attributes)
    } else {
        kernel.input(shape, element, attributes)
    }
}

/// `value` plus a block neighbour's: each thread stores its value in a shared tile, then
/// (after a barrier that every thread of the block must reach) reads the one mirrored across
/// its row, its column or both. For blocks without a z extent.
fn exchange(kernel: &mut Kernel, random: &mut Random, element: Element, value: &str) -> String {
    let [x, y] = kernel.ids.block_size;
    let tile = kernel.shared(&[y, x], element, random.chance(30));
    let [tx, ty] = kernel.ids.thread.clone();
    let (row, column) = (Affine::term(&ty, y, 1), Affine::term(&tx, x, 1));
    let (mirror_row, mirror_column) = (
        Affine::term(&ty, y, -1).starting_at_zero(),
        Affine::term(&tx, x, -1).starting_at_zero(),
    );
    let partner = match random.range(0, 2) {
        0 => [row.clone(), mirror_column],
        1 => [mirror_row, column.clone()],
        _ => [mirror_row, mirror_column],
    };
    let body = &mut kernel.body;
    let own = [row, column].map(|index| body.affine(&index));
    body.store(value, &tile.name, &tile.type_text, &own);
    body.line("gpu.barrier");
    let theirs = load(body, &tile, &partner);
    body.add(element, value, &theirs)
}
