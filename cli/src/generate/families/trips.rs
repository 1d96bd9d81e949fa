//! The trips family: sums over loops whose trip count may differ between the
//! threads of a block (issue 21), as GPU programmers write them: a triangular
//! `for k < tx + c`, a bound from the thread id y, a row length read per
//! thread (ELL's `len[x]`) or per block (`len[bid.x]`), or an index argument;
//! at random under a guard on the thread id x. Each thread sums `in[x][k]`
//! (lanes a row apart: rule NV-C stages it per tile, when every thread of the
//! block runs the loop alike) or `in[k][x]`, and writes `out[y][x]`. The
//! bound is taken modulo `trips + 1`, so `k` stays inside the input.

use super::{launch, load, new_input, LARGE_ROWS};
use crate::generate::body::{Affine, Body, Element, LoopRange};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// Where the loop's upper bound comes from.
#[derive(Clone, Copy)]
enum Bound {
    /// `tx + c`: a triangular sum.
    Triangular,
    /// `c·ty`: one bound per warp row of a 2-D block, not per block.
    ThreadY,
    /// `len[x]`, read per thread.
    PerThread,
    /// `len[bid.x]`, the same for the block when nothing writes `len`.
    PerBlock,
    /// An index kernel argument.
    Argument,
}

/// `out[y][x] = Σ_{k < bound} in[x][k]` (or `in[k][x]`) with a bound of a random [`Bound`].
pub fn trips(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let trips = random.pick(&[8, 32, 40, 64]);
    let x = kernel.ids.global(0);
    let bound = random.pick(&[
        Bound::Triangular,
        Bound::ThreadY,
        Bound::PerThread,
        Bound::PerBlock,
        Bound::Argument,
    ]);
    let raw = match bound {
        Bound::Triangular => {
            let ids = &kernel.ids;
            let shifted =
                Affine::term(&ids.thread[0], ids.block_size[0], 1).shifted(random.range(0, 4));
            kernel.body.affine(&shifted)
        }
        Bound::ThreadY => {
            let ids = &kernel.ids;
            let scaled = Affine::term(&ids.thread[1], ids.block_size[1], random.range(1, 8));
            kernel.body.affine(&scaled)
        }
        Bound::PerThread | Bound::PerBlock => {
            let (index, extent) = match bound {
                Bound::PerThread => (x.clone(), x.extent()),
                _ => {
                    let ids = &kernel.ids;
                    (Affine::term(&ids.block[0], ids.grid[0], 1), ids.grid[0])
                }
            };
            let attributes = if random.chance(50) {
                "{llvm.noalias}"
            } else {
                ""
            };
            let lengths = kernel.input(&[extent], Element::I32, attributes);
            let length = load(&mut kernel.body, &lengths, &[index]);
            kernel
                .body
                .define("i", &format!("arith.index_castui {length} : i32 to index"))
        }
        Bound::Argument => kernel.index_parameter(random.range(0, trips)),
    };
    let modulus = kernel.body.index(trips + 1);
    let upper = kernel
        .body
        .define("i", &format!("arith.remui {raw}, {modulus} : index"));
    let walk = kernel.body.fresh("k");
    let along = Affine::term(&walk, trips, 1);
    let mut read = vec![x.clone(), along];
    if random.chance(30) {
        read.reverse();
    }
    // At random rows of a large array (where rule NV-C stages), never shorter than read.
    let mut input_shape: Vec<i64> = read.iter().map(Affine::extent).collect();
    if random.chance(50) {
        input_shape[1] = input_shape[1].max(random.pick(&LARGE_ROWS));
    }
    let input = new_input(&mut kernel, random, &input_shape, element);
    let output_shape = [kernel.ids.threads(1), x.extent()];
    let output = kernel.output(&output_shape, element);
    let range = LoopRange {
        lower: kernel.body.index(0),
        upper,
        stride: kernel.body.index(1),
    };
    let zero = kernel.body.zero(element);
    let global = [kernel.ids.global(1), x];
    let compute = |body: &mut Body| {
        let total = body.accumulate(&walk, &range, element, &zero, |body, accumulator| {
            let value = load(body, &input, &read);
            body.add(element, accumulator, &value)
        });
        let indices: Vec<String> = global.iter().map(|index| body.affine(index)).collect();
        body.store(&total, &output.name, &output.type_text, &indices);
    };
    if random.chance(30) {
        let limit = random.range(1, kernel.ids.block_size[0]);
        let thread = kernel.ids.thread[0].clone();
        let inside = kernel.body.below(&thread, limit);
        kernel.body.when(&inside, compute);
    } else {
        compute(&mut kernel.body);
    }
    kernel
}
