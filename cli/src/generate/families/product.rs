//! The product family: a matrix product as a DSL writes it before any tiling, one output a
//! thread, `out[i][j] = Σ_k a[i][k] · b[k][j]` over an `scf.for` with an accumulator, `i`
//! from block y and `j` from block x: the shape register tiles are made from (each load
//! depends on one block id). The grid is larger than the other families' (up to 8x8 blocks of
//! small blocks), so that a tile's divided grid still has blocks to spread; at random `b` is
//! read transposed, a table `t[k]` that no block id reaches is added in, or the product is
//! scaled by an element of `a`'s row read before the loop (register-tile).

use super::{guarded_load, new_input, resize};
use crate::generate::body::{Affine, Element};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// `out[i][j] = Σ_k a[i][k] · b[k][j]` (module docs).
pub fn product(random: &mut Random, element: Element) -> Kernel {
    let x = random.pick(&[2, 4, 8, 16]);
    let y = random.pick(&[1, 2, 4, 8]);
    let grid = [random.pick(&[2, 3, 4, 8]), random.pick(&[2, 4, 6, 8])];
    let mut kernel = Kernel::new([x, y], 1, grid);
    let depth = random.pick(&[1, 3, 8, 16]);
    let walk = kernel.body.fresh("k");
    let k = Affine::term(&walk, depth, 1);
    let (row, column) = (kernel.ids.global(1), kernel.ids.global(0));
    let transposed = random.chance(30);
    let a_shape = resize(random, vec![row.extent(), depth]);
    let a = new_input(&mut kernel, random, &a_shape, element);
    let b_shape = resize(
        random,
        match transposed {
            true => vec![column.extent(), depth],
            false => vec![depth, column.extent()],
        },
    );
    let b = new_input(&mut kernel, random, &b_shape, element);
    let table = random.chance(25).then(|| {
        let shape = resize(random, vec![depth]);
        new_input(&mut kernel, random, &shape, element)
    });
    let scale = random.chance(20);
    let output = kernel.output(&[row.extent(), column.extent()], element);
    let body = &mut kernel.body;
    let scale = scale.then(|| guarded_load(body, &a, &[row.clone(), Affine::default()], element));
    let range = body.up_to(depth);
    let zero = body.zero(element);
    let total = body.accumulate(&walk, &range, element, &zero, |body, sum| {
        let a_value = guarded_load(body, &a, &[row.clone(), k.clone()], element);
        let mut b_indices = [k.clone(), column.clone()];
        if transposed {
            b_indices.reverse();
        }
        let b_value = guarded_load(body, &b, &b_indices, element);
        let mut term = body.multiply(element, &a_value, &b_value);
        if let Some(table) = &table {
            let entry = guarded_load(body, table, std::slice::from_ref(&k), element);
            term = body.add(element, &term, &entry);
        }
        body.add(element, sum, &term)
    });
    let total = match scale {
        Some(scale) => body.multiply(element, &total, &scale),
        None => total,
    };
    let indices = [body.affine(&row), body.affine(&column)];
    body.store(&total, &output.name, &output.type_text, &indices);
    kernel
}
