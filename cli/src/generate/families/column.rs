//! The column family: each thread walks the column of its element along `k` (`for k` over
//! `trips` values `step` apart), reading `in[k + d][y][x]` for a set of offsets `d` and
//! writing their sum to `out[k][y][x]`, as a 3-D stencil walks z. The offsets are at random a
//! full window (every step from the lowest to the highest, which `promote` carries in
//! registers), one with a gap or offsets that are not a whole number of steps apart (which it
//! must refuse), and at random half of them come from an inner radius loop
//! `for r = 1 … R: in[k − r·step] + in[k + r·step]` (NVIDIA's FDTD3d, written out first). At
//! random the column is updated in place (`out` is `in`: a later iteration reads what an
//! earlier one wrote, so every load must stay).

use super::{launch, new_input, sum};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::{Buffer, Kernel};
use crate::generate::random::Random;

/// A column of loads at offsets along a loop, summed and stored per iteration.
pub fn column(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let step = random.pick(&[1, 1, 1, 2, 3]);
    let trips = random.pick(&[1, 2, 3, 5, 8, 13]);
    // The radius loop's offsets (±r·step), or loose offsets around the counter.
    let radius = random.chance(30).then(|| random.range(1, 3));
    let mut offsets: Vec<i64> = match radius {
        Some(_) => vec![0],
        None => {
            let (below, above) = (random.range(0, 3), random.range(0, 3));
            (-below..=above).map(|slot| slot * step).collect()
        }
    };
    match random.range(0, 5) {
        // A gap: one offset between the ends left out.
        0 if offsets.len() > 2 => {
            let at = random.range(1, offsets.len() as i64 - 2) as usize;
            offsets.remove(at);
        }
        // An offset that is not a whole number of steps from the others.
        1 if step > 1 => offsets.push(random.range(1, step - 1)),
        _ => {}
    }
    let reach = radius.unwrap_or(0) * step;
    let lowest = offsets.iter().copied().min().unwrap_or(0).min(-reach);
    let highest = offsets.iter().copied().max().unwrap_or(0).max(reach);
    // The counter starts where its lowest offset is row 0.
    let lower = -lowest;
    let rows = lower + step * (trips - 1) + highest + 1;
    let ids = &kernel.ids;
    let (row, column) = (ids.global(1), ids.global(0));
    let shape = [rows, row.extent(), column.extent()];
    let in_place = random.chance(15);
    let input = new_input(&mut kernel, random, &shape, element);
    let output = if in_place {
        input.clone()
    } else {
        kernel.output(&shape, element)
    };
    let body = &mut kernel.body;
    body.repeat_by(trips, step, |body, walk| {
        let at =
            |offset: i64| Affine::term(walk, step * (trips - 1) + 1, 1).shifted(lower + offset);
        let mut values: Vec<String> = offsets
            .iter()
            .map(|&offset| read(body, &input, [at(offset), row.clone(), column.clone()]))
            .collect();
        if let Some(radius) = radius {
            values.push(radius_sum(
                body,
                element,
                &input,
                (walk, step, trips, lower),
                radius,
                [&row, &column],
            ));
        }
        let total = sum(body, element, &values);
        let indices = [at(0), row.clone(), column.clone()].map(|index| body.affine(&index));
        body.store(&total, &output.name, &output.type_text, &indices);
    });
    kernel
}

/// `buffer[indices]`.
fn read(body: &mut Body, buffer: &Buffer, indices: [Affine; 3]) -> String {
    let values = indices.map(|index| body.affine(&index));
    body.load(&buffer.name, &buffer.type_text, &values)
}

/// `Σ_{r=1..radius} in[k − r·step] + in[k + r·step]` in an inner loop, `k = walk + lower`.
fn radius_sum(
    body: &mut Body,
    element: Element,
    input: &Buffer,
    (walk, step, trips, lower): (&str, i64, i64, i64),
    radius: i64,
    [row, column]: [&Affine; 2],
) -> String {
    let variable = body.fresh("r");
    let range = body.up_to(radius);
    let zero = body.zero(element);
    body.accumulate(&variable, &range, element, &zero, |body, total| {
        let counter = Affine::term(walk, step * (trips - 1) + 1, 1);
        let down = counter
            .clone()
            .plus(&variable, radius, -step)
            .shifted(lower - step);
        let up = counter.plus(&variable, radius, step).shifted(lower + step);
        let below = read(body, input, [down, row.clone(), column.clone()]);
        let above = read(body, input, [up, row.clone(), column.clone()]);
        let pair = body.add(element, &below, &above);
        body.add(element, total, &pair)
    })
}
