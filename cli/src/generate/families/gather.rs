//! The gather family: loads at random affine indices of the thread and block
//! ids (coefficients -1 to 32, so coalesced, strided, broadcast and reversed
//! warps all occur), possibly through a `memref.subview` at a constant or
//! per-block offset, summed and stored at the thread's element.

use super::{
    guarded_load, id_variables, launch, new_input, random_affine, resize, store_output, sum,
    MAX_ELEMENTS,
};
use crate::generate::body::{Affine, Element};
use crate::generate::kernel::{Buffer, Kernel};
use crate::generate::random::Random;

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
    // MLIR's verifier wants every static offset inside its dimension, even for an empty view.
    let shape: Vec<i64> = (0..2)
        .map(|dimension| {
            let largest = offsets[dimension].bounds().1;
            (extents[dimension] + largest + random.range(0, 2)).max(largest + 1)
        })
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
