//! The vector family: runs of consecutive elements per thread, read as
//! scalars, `vector.load` or `vector.transfer_read`, summed, written back, or
//! updated in place as running sums.

use super::{input_attributes, launch, store_output, sum};
use crate::generate::body::{Affine, Element};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

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
