//! The stencil family: neighbours of the thread's element, with a halo, behind
//! an edge guard on the ids (Jacobi's if/else form included), or clamped to the
//! edge as CUDA code writes it (`min(max(x + o, 0), n - 1)` with `arith.maxsi`
//! and `arith.minsi`, Rodinia hotspot's `x < 0 ? 0 : x` selects, or HotSpot3D's
//! edge cases `x == 0 ? x : x - 1` for a neighbour one step away).

use super::{launch, load, new_input, store_output, sum, LARGE_ROWS};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::Buffer;
use crate::generate::kernel::Kernel;
use crate::generate::random::Random;

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
    // Clamped to the edge instead of a halo: by min and max, or by selects.
    let clamped = (!guarded && random.chance(40)).then(|| match random.chance(50) {
        false => Clamp::MinMax,
        true if random.chance(50) => Clamp::Edges,
        true => Clamp::Selects,
    });
    let halo = if guarded || clamped.is_some() {
        0
    } else {
        radius
    };
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
                match clamped {
                    Some(clamp) => clamped_load(body, &input, &indices, clamp),
                    None => load(body, &input, &indices),
                }
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

/// How a neighbour's index is kept inside its buffer.
#[derive(Clone, Copy)]
enum Clamp {
    /// `arith.maxsi` then `arith.minsi`.
    MinMax,
    /// `i < 0 ? 0 : i` then `i > n - 1 ? n - 1 : i` as selects.
    Selects,
    /// A neighbour one step away as an edge case of the thread's own index `x`:
    /// `x == 0 ? x : x - 1`, `x != n - 1 ? x + 1 : x` (HotSpot3D's W, E); further ones as
    /// [`Clamp::MinMax`].
    Edges,
}

/// Loads `buffer[indices]` with each index kept in `0..size` as `clamp` says.
fn clamped_load(body: &mut Body, buffer: &Buffer, indices: &[Affine], clamp: Clamp) -> String {
    let values: Vec<String> = indices
        .iter()
        .zip(&buffer.shape)
        .map(|(index, &size)| {
            let value = body.affine(index);
            let (zero, last) = (body.index(0), body.index(size - 1));
            // The neighbour one step from an index that runs from 0 to at most the last.
            let offset = index.offset;
            let own_index = index.clone().shifted(-offset);
            let (least, greatest) = own_index.bounds();
            if let (Clamp::Edges, -1 | 1, true) = (clamp, offset, least == 0 && greatest < size) {
                let own = body.affine(&own_index);
                let (edge, predicate, picked, other) = match offset {
                    -1 => (&zero, "eq", &own, &value),
                    _ => (&last, "ne", &value, &own),
                };
                let test = body.define(
                    "p",
                    &format!("arith.cmpi {predicate}, {own}, {edge} : index"),
                );
                return body.define(
                    "i",
                    &format!("arith.select {test}, {picked}, {other} : index"),
                );
            }
            if !matches!(clamp, Clamp::Selects) {
                let low = body.define("i", &format!("arith.maxsi {value}, {zero} : index"));
                return body.define("i", &format!("arith.minsi {low}, {last} : index"));
            }
            let below = body.define("p", &format!("arith.cmpi slt, {value}, {zero} : index"));
            let low = body.define(
                "i",
                &format!("arith.select {below}, {zero}, {value} : index"),
            );
            let above = body.define("p", &format!("arith.cmpi sgt, {low}, {last} : index"));
            body.define("i", &format!("arith.select {above}, {last}, {low} : index"))
        })
        .collect();
    body.load(&buffer.name, &buffer.type_text, &values)
}
