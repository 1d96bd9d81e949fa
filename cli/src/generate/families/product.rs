//! The product family: a matrix product, one output a thread, `out[i][j] = Σ_k a[i][k] ·
//! b[k][j]` over an `scf.for`, `i` from block y and `j` from block x: the shape register tiles
//! are made from (each load depends on one block id). The grid is larger than the other
//! families' (up to 8x8 blocks of small blocks), so that a tile's divided grid still has blocks
//! to spread.
//!
//! The product is written as a DSL writes it before any tiling, the sum an accumulator the loop
//! carries (`iter_args`) stored once after it, or as CUDA sources write it (register-tile's path
//! for them), in either of two ways or both:
//!
//! * an edge guard around the whole computation, `if (i < R && j < C) { loop; store }`: an
//!   `scf.if` without results directly in the body, with nothing before it but the ids' index
//!   arithmetic and the compares. `R` and `C` are at random the grid's extent, the extent less
//!   part of the last block, or less whole blocks, and the output is the grid's extent or just
//!   `R × C`: the threads past the edge write nothing;
//! * the sum kept in the output in global memory (SYRK's `c[i][j] += …`): `out[i][j] = 0`, or
//!   `out[i][j] *= beta` (a constant: a load, a multiply and a store), or nothing (the sum
//!   added to what the output holds) before the loop, then `out[i][j] = out[i][j] + a[i][k] ·
//!   b[k][j]` in its body, a load and a store at index values computed before the loop (the
//!   same values, that `k` does not reach), and no store after it.
//!
//! At random `b` is read transposed, a table `t[k]` that no block id reaches is added in, or
//! the product is scaled by an element of `a`'s row read before the loop (the sum, or each
//! term where the sum is kept in memory) (register-tile).

use super::{guarded_load, new_input, resize};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

/// Where the product's sum is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sum {
    /// An accumulator the loop carries, stored after it.
    Carried,
    /// The output element, set to zero before the loop.
    Zeroed,
    /// The output element, multiplied by the constant before the loop (`c *= beta`).
    Scaled(i64),
    /// The output element as it is: the sum is added to it.
    Kept,
}

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
    let guard = random.chance(35).then(|| {
        [
            edge(random, row.extent(), y),
            edge(random, column.extent(), x),
        ]
    });
    let sum = match random.chance(35) {
        false => Sum::Carried,
        true => match random.range(0, 3) {
            0 | 1 => Sum::Zeroed,
            2 => Sum::Scaled(random.pick(&[-1, 2, 3])),
            _ => Sum::Kept,
        },
    };
    // A load of the output before the loads of the term, or after them.
    let read_first = random.chance(50);
    let output_shape = match guard {
        Some(bounds) if random.chance(50) => bounds,
        _ => [row.extent(), column.extent()],
    };
    let output = kernel.output(&output_shape, element);
    let body = &mut kernel.body;
    // The guard's condition, from the ids' index arithmetic alone, before it.
    let guarded = guard.map(|[rows, columns]| {
        let cell = [body.affine(&row), body.affine(&column)];
        let inside_rows = body.below(&cell[0], rows);
        let inside_columns = body.below(&cell[1], columns);
        let inside = body.and(&inside_rows, &inside_columns);
        (cell, inside)
    });
    // a[i][k] · b[k][j] (+ t[k]), in the loop's body.
    let term = |body: &mut Body| -> String {
        let a_value = guarded_load(body, &a, &[row.clone(), k.clone()], element);
        let mut b_indices = [k.clone(), column.clone()];
        if transposed {
            b_indices.reverse();
        }
        let b_value = guarded_load(body, &b, &b_indices, element);
        let term = body.multiply(element, &a_value, &b_value);
        match &table {
            Some(table) => {
                let entry = guarded_load(body, table, std::slice::from_ref(&k), element);
                body.add(element, &term, &entry)
            }
            None => term,
        }
    };
    // The loop and the stores of the output at `cell` (computed here where not given).
    let compute = |body: &mut Body, cell: Option<&[String; 2]>| {
        let scale =
            scale.then(|| guarded_load(body, &a, &[row.clone(), Affine::default()], element));
        let place = |body: &mut Body| match cell {
            Some(cell) => cell.clone(),
            None => [body.affine(&row), body.affine(&column)],
        };
        let range = body.up_to(depth);
        let (name, type_text) = (&output.name, &output.type_text);
        if sum == Sum::Carried {
            let zero = body.zero(element);
            let total = body.accumulate(&walk, &range, element, &zero, |body, sum| {
                let term = term(body);
                body.add(element, sum, &term)
            });
            let total = match scale {
                Some(scale) => body.multiply(element, &total, &scale),
                None => total,
            };
            let cell = place(body);
            body.store(&total, name, type_text, &cell);
            return;
        }
        let cell = place(body);
        match sum {
            Sum::Zeroed => {
                let zero = body.zero(element);
                body.store(&zero, name, type_text, &cell);
            }
            Sum::Scaled(beta) => {
                let old = body.load(name, type_text, &cell);
                let beta = body.constant(element, beta);
                let scaled = body.multiply(element, &old, &beta);
                body.store(&scaled, name, type_text, &cell);
            }
            Sum::Carried | Sum::Kept => {}
        }
        body.iterate(&walk, &range, |body| {
            let old = read_first.then(|| body.load(name, type_text, &cell));
            let mut term = term(body);
            if let Some(scale) = &scale {
                term = body.multiply(element, &term, scale);
            }
            let old = old.unwrap_or_else(|| body.load(name, type_text, &cell));
            let total = body.add(element, &old, &term);
            body.store(&total, name, type_text, &cell);
        });
    };
    match &guarded {
        Some((cell, inside)) => body.when(inside, |body| compute(body, Some(cell))),
        None => compute(body, None),
    }
    kernel
}

/// The bound of an edge guard on an index of `extent` (the grid's, in blocks of `block`): the
/// extent itself, the extent less part of the last block, or less whole blocks; at least 1.
fn edge(random: &mut Random, extent: i64, block: i64) -> i64 {
    let cut = match random.range(0, 2) {
        0 => 0,
        1 => random.range(1, (block - 1).max(1)),
        _ => random.range(1, extent / 2),
    };
    (extent - cut).max(1)
}

#[cfg(test)]
mod tests {
    use super::product;
    use crate::generate::body::Element;
    use crate::generate::random::Random;

    #[test]
    fn cuda_forms_occur() {
        let texts: Vec<String> = (0..200)
            .map(|index| {
                let mut random = Random::for_case(3, index);
                let element = random.pick(&Element::ALL);
                let kernel = product(&mut random, element);
                kernel.body.render(0)
            })
            .collect();
        // An edge guard: an `scf.if` without results at the body's top.
        let guarded = |text: &String| text.lines().any(|line| line.starts_with("scf.if %p"));
        // The sum in memory: a loop without results (an accumulator's loop carries one).
        let in_memory = |text: &String| text.contains("scf.for") && !text.contains("iter_args");
        assert!(texts.iter().any(guarded));
        assert!(texts.iter().any(in_memory));
        assert!(texts.iter().any(|text| guarded(text) && in_memory(text)));
        assert!(texts.iter().any(|text| !guarded(text) && !in_memory(text)));
        for text in texts.iter().filter(|text| guarded(text)) {
            // Nothing but index arithmetic and compares before the guard.
            let before = text.split("scf.if %p").next().unwrap();
            assert!(!before.contains("memref."), "{text}");
        }
        let indent = |line: &str| line.len() - line.trim_start().len();
        for text in texts.iter().filter(|text| in_memory(text)) {
            // No store after the loop: every store after its head is in its body.
            let mut lines = text.lines().skip_while(|line| !line.contains("scf.for"));
            let head = indent(lines.next().unwrap());
            assert!(
                lines
                    .filter(|line| line.contains("memref.store"))
                    .all(|line| indent(line) > head),
                "{text}"
            );
        }
    }
}
