//! The branches family: kernel bodies with unstructured control flow, as `scf-to-cf` and
//! DSLs emit them. A body is one or two segments, each writing an output of its own at the
//! thread's element (or its transpose):
//!
//! * a diamond: `cf.cond_br` on a thread id below a bound, the parity of `tx + ty`, the
//!   first block column, or a loaded value above zero, to two blocks that load different
//!   neighbours and meet in a block that takes the value as a block argument; or that store
//!   different values themselves; or a `cf.cond_br` whose else goes straight to the join
//!   with a value;
//! * a loop written as blocks: a header whose block arguments carry the counter and a sum,
//!   `cf.cond_br` to the body or the exit, a trip count that is a constant, an argument or
//!   per thread (`tx mod n + 1`), at random an `scf.if` in the body whose else loads
//!   something else, and a shared tile exchanged behind a barrier in the exit, which every
//!   thread reaches;
//! * an early exit (last only): threads outside a cut-short output branch to a block that
//!   returns;
//! * nested `scf.if`/`scf.for` without blocks: a loop in the then, another `scf.if` in the
//!   else, yielding a value or storing in both.
//!
//! Loads are in bounds by the halo of one their input has, or behind an edge guard where
//! `resize` cut the input short; every output element is written by one thread.

use super::{exchange, guarded_load, launch, new_input, resize};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::{Buffer, Ids, Kernel};
use crate::generate::random::Random;

/// What a branch tests.
#[derive(Clone, Copy)]
enum Test {
    /// Thread id `axis` (0: x, 1: y) below a bound.
    Below(usize, i64),
    /// `tx + ty` even: neighbouring threads go different ways.
    Even,
    /// The input at the thread's element moved by the offset is above zero.
    Positive([i64; 2]),
    /// The block is in the grid's first column: the same way for the whole block.
    FirstBlock,
}

/// A piece of a body.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Segment {
    /// Two branches that meet again.
    Diamond,
    /// A loop written as blocks.
    Loop,
    /// Threads outside the output return early.
    Exit,
    /// Nested `scf.if` and `scf.for`.
    Nested,
}

/// One or two segments of branchy code.
pub fn branches(random: &mut Random, element: Element) -> Kernel {
    let mut kernel = launch(random, false);
    let count = random.range(1, 2);
    for position in 1..=count {
        let segment = random.pick(&[
            Segment::Diamond,
            Segment::Diamond,
            Segment::Loop,
            Segment::Loop,
            Segment::Exit,
            Segment::Nested,
            Segment::Nested,
        ]);
        match segment {
            // Returned threads reach nothing after: an early exit comes last.
            Segment::Exit if position == count => early_exit(&mut kernel, random, element),
            Segment::Diamond | Segment::Exit => diamond(&mut kernel, random, element),
            Segment::Loop => block_loop(&mut kernel, random, element),
            Segment::Nested => nested(&mut kernel, random, element),
        }
    }
    kernel
}

/// `cf.cond_br` to two blocks that compute different values, joined again.
fn diamond(kernel: &mut Kernel, random: &mut Random, element: Element) {
    let cell = cell(&kernel.ids, random);
    let input = around(kernel, random, element, &cell);
    let output = kernel.output(&extents(&cell), element);
    let condition = draw_test(random, &kernel.ids);
    let offsets: Vec<[i64; 2]> = (0..random.range(1, 3))
        .map(|_| draw_offset(random))
        .collect();
    let other = draw_offset(random);
    let form = random.range(0, 2);
    let name = element.name();
    let body = &mut kernel.body;
    let [then, otherwise, join] = [body.label(), body.label(), body.label()];
    let condition = test(body, &kernel.ids, condition, &input, &cell, element);
    let neighbours = |body: &mut Body| -> String {
        let values: Vec<String> = offsets
            .iter()
            .map(|&offset| near(body, &input, &cell, offset, element))
            .collect();
        super::sum(body, element, &values)
    };
    let doubled = |body: &mut Body| -> String {
        let value = near(body, &input, &cell, other, element);
        body.add(element, &value, &value)
    };
    match form {
        0 => {
            // The values meet as the join's block argument.
            body.fork(&condition, (&then, &[]), (&otherwise, &[]));
            body.block(&then, &[]);
            let value = neighbours(body);
            body.jump(&join, &[(&value, name)]);
            body.block(&otherwise, &[]);
            let value = doubled(body);
            body.jump(&join, &[(&value, name)]);
            let joined = body.fresh("r");
            body.block(&join, &[(&joined, name)]);
            put(body, &output, &cell, &joined);
        }
        1 => {
            // Each branch stores its own value.
            body.fork(&condition, (&then, &[]), (&otherwise, &[]));
            body.block(&then, &[]);
            let value = neighbours(body);
            put(body, &output, &cell, &value);
            body.jump(&join, &[]);
            body.block(&otherwise, &[]);
            let value = doubled(body);
            put(body, &output, &cell, &value);
            body.jump(&join, &[]);
            body.block(&join, &[]);
        }
        _ => {
            // The else goes straight to the join with the centre.
            let centre = near(body, &input, &cell, [0, 0], element);
            body.fork(&condition, (&then, &[]), (&join, &[(&centre, name)]));
            body.block(&then, &[]);
            let value = neighbours(body);
            body.jump(&join, &[(&value, name)]);
            let joined = body.fresh("r");
            body.block(&join, &[(&joined, name)]);
            put(body, &output, &cell, &joined);
        }
    }
}

/// A fresh loop variable `k` of `trips` values, the indices `k` walks (along the row of `cell`
/// or down its column, at random), and a new input they stay inside.
fn walked_input(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    (cell, trips): (&[Affine], i64),
) -> (String, Vec<Affine>, Buffer) {
    let k = kernel.body.fresh("k");
    let walk = Affine::term(&k, trips, 1);
    let walked = if random.chance(50) {
        vec![cell[0].clone(), walk]
    } else {
        vec![walk, cell[1].clone()]
    };
    let shape = resize(random, walked.iter().map(Affine::extent).collect());
    let input = new_input(kernel, random, &shape, element);
    (k, walked, input)
}

/// A sum over `k` written as blocks: `^header(k, sum)` tests `k < bound` and goes to the body
/// (which loads along a row or a column, at random through an `scf.if`) or to the exit, which
/// at random exchanges the sum with a neighbour through a shared tile before storing it.
fn block_loop(kernel: &mut Kernel, random: &mut Random, element: Element) {
    let cell = cell(&kernel.ids, random);
    let trips = random.pick(&[2, 3, 4, 8, 16]);
    let (k, walked, input) = walked_input(kernel, random, element, (&cell, trips));
    let other = around(kernel, random, element, &cell);
    let output = kernel.output(&extents(&cell), element);
    let bound = match random.range(0, 2) {
        0 => kernel.body.index(trips),
        1 => kernel.index_parameter(trips),
        _ => {
            // Per thread: tx mod trips + 1, so the threads leave the loop at different times.
            let body = &mut kernel.body;
            let count = body.index(trips);
            let one = body.index(1);
            let tx = &kernel.ids.thread[0];
            let rest = body.define("i", &format!("arith.remui {tx}, {count} : index"));
            body.define("i", &format!("arith.addi {rest}, {one} : index"))
        }
    };
    let inner = random.chance(40).then(|| draw_test(random, &kernel.ids));
    let carried = random.chance(50);
    let name = element.name();
    let body = &mut kernel.body;
    let [header, step, exit] = [body.label(), body.label(), body.label()];
    let (start, zero, one) = (body.index(0), body.zero(element), body.index(1));
    let sum = body.fresh("acc");
    body.jump(&header, &[(&start, "index"), (&zero, name)]);
    body.block(&header, &[(&k, "index"), (&sum, name)]);
    let more = body.define("p", &format!("arith.cmpi ult, {k}, {bound} : index"));
    let leaving: &[(&str, &str)] = if carried { &[(&sum, name)] } else { &[] };
    body.fork(&more, (&step, &[]), (&exit, leaving));
    body.block(&step, &[]);
    let mut value = guarded_load(body, &input, &walked, element);
    if let Some(inner) = inner {
        let condition = test(body, &kernel.ids, inner, &other, &cell, element);
        value = body.choose(
            &condition,
            element,
            |_| value,
            |body| near(body, &other, &cell, [0, 0], element),
        );
    }
    let next_sum = body.add(element, &sum, &value);
    let next = body.define("i", &format!("arith.addi {k}, {one} : index"));
    body.jump(&header, &[(&next, "index"), (&next_sum, name)]);
    let result = if carried {
        let result = body.fresh("r");
        body.block(&exit, &[(&result, name)]);
        result
    } else {
        body.block(&exit, &[]);
        sum
    };
    let result = if random.chance(30) {
        exchange(kernel, random, element, &result)
    } else {
        result
    };
    put(&mut kernel.body, &output, &cell, &result);
}

/// `if (outside) return;` as blocks: threads outside a cut-short output branch to a block that
/// returns, the others go on to load and store.
fn early_exit(kernel: &mut Kernel, random: &mut Random, element: Element) {
    let cell = cell(&kernel.ids, random);
    let input = around(kernel, random, element, &cell);
    let cut = extents(&cell).map(|extent| extent - random.range(0, extent / 3));
    let output = kernel.output(&cut, element);
    let offsets: Vec<[i64; 2]> = (0..random.range(1, 3))
        .map(|_| draw_offset(random))
        .collect();
    let inverted = random.chance(50);
    let body = &mut kernel.body;
    let [work, out] = [body.label(), body.label()];
    let indices: Vec<String> = cell.iter().map(|index| body.affine(index)).collect();
    let row_inside = body.below(&indices[0], cut[0]);
    let column_inside = body.below(&indices[1], cut[1]);
    let inside = body.and(&row_inside, &column_inside);
    if inverted {
        let yes = body.define_at_entry("p", "arith.constant true");
        let outside = body.define("p", &format!("arith.xori {inside}, {yes} : i1"));
        body.fork(&outside, (&out, &[]), (&work, &[]));
    } else {
        body.fork(&inside, (&work, &[]), (&out, &[]));
    }
    body.block(&out, &[]);
    body.exit();
    body.block(&work, &[]);
    let values: Vec<String> = offsets
        .iter()
        .map(|&offset| near(body, &input, &cell, offset, element))
        .collect();
    let value = super::sum(body, element, &values);
    body.store(&value, &output.name, &output.type_text, &indices);
}

/// Structured branches: `scf.if` whose then sums a row or column in an `scf.for` and whose
/// else picks between two neighbours with another `scf.if`, yielding the value; or an
/// `scf.if`/`else` that stores a different value in each branch.
fn nested(kernel: &mut Kernel, random: &mut Random, element: Element) {
    let cell = cell(&kernel.ids, random);
    let input = around(kernel, random, element, &cell);
    let trips = random.pick(&[2, 4, 8]);
    let (k, walked, table) = walked_input(kernel, random, element, (&cell, trips));
    let output = kernel.output(&extents(&cell), element);
    let (outer, inner) = (
        draw_test(random, &kernel.ids),
        draw_test(random, &kernel.ids),
    );
    let (first, second) = (draw_offset(random), draw_offset(random));
    let yielded = random.chance(60);
    let ids = &kernel.ids;
    let body = &mut kernel.body;
    let condition = test(body, ids, outer, &input, &cell, element);
    let otherwise = |body: &mut Body| -> String {
        let condition = test(body, ids, inner, &input, &cell, element);
        body.choose(
            &condition,
            element,
            |body| near(body, &input, &cell, first, element),
            |body| {
                let value = near(body, &input, &cell, second, element);
                body.add(element, &value, &value)
            },
        )
    };
    if yielded {
        let zero = body.zero(element);
        let range = body.up_to(trips);
        let value = body.choose(
            &condition,
            element,
            |body| {
                body.accumulate(&k, &range, element, &zero, |body, sum| {
                    let value = guarded_load(body, &table, &walked, element);
                    body.add(element, sum, &value)
                })
            },
            otherwise,
        );
        put(body, &output, &cell, &value);
    } else {
        body.either(
            &condition,
            |body| {
                let value = near(body, &input, &cell, first, element);
                put(body, &output, &cell, &value);
            },
            |body| {
                let value = otherwise(body);
                put(body, &output, &cell, &value);
            },
        );
    }
}

/// The thread's element `[global y, global x]`, or (30%) its transpose.
fn cell(ids: &Ids, random: &mut Random) -> [Affine; 2] {
    let mut cell = [ids.global(1), ids.global(0)];
    if random.chance(30) {
        cell.reverse();
    }
    cell
}

/// The extents of the outputs written at `cell`.
fn extents(cell: &[Affine; 2]) -> [i64; 2] {
    [cell[0].extent(), cell[1].extent()]
}

/// A new input around `cell`, a halo of one on every side (at random cut short or widened).
fn around(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    cell: &[Affine; 2],
) -> Buffer {
    let shape = resize(
        random,
        extents(cell).iter().map(|extent| extent + 2).collect(),
    );
    new_input(kernel, random, &shape, element)
}

/// A neighbour's offset, each coordinate in -1..=1.
fn draw_offset(random: &mut Random) -> [i64; 2] {
    [random.range(-1, 1), random.range(-1, 1)]
}

/// Loads `input` (with a halo of one) at `cell` moved by `offset`, behind an edge guard where
/// the input was cut short.
fn near(
    body: &mut Body,
    input: &Buffer,
    cell: &[Affine; 2],
    offset: [i64; 2],
    element: Element,
) -> String {
    let indices: Vec<Affine> = cell
        .iter()
        .zip(offset)
        .map(|(index, offset)| index.clone().shifted(1 + offset))
        .collect();
    guarded_load(body, input, &indices, element)
}

/// A random [`Test`].
fn draw_test(random: &mut Random, ids: &Ids) -> Test {
    match random.range(0, 5) {
        0 | 1 => {
            let axis = usize::from(ids.block_size[1] > 1 && random.chance(30));
            Test::Below(axis, random.range(1, (ids.block_size[axis] - 1).max(1)))
        }
        2 => Test::Even,
        3 | 4 => Test::Positive(draw_offset(random)),
        _ => Test::FirstBlock,
    }
}

/// The `i1` value of `test`; `Positive` reads `input` (with a halo of one) near `cell`.
fn test(
    body: &mut Body,
    ids: &Ids,
    test: Test,
    input: &Buffer,
    cell: &[Affine; 2],
    element: Element,
) -> String {
    match test {
        Test::Below(axis, bound) => body.below(&ids.thread[axis], bound),
        Test::Even => {
            let [x, y] = ids.block_size;
            let sum = Affine::term(&ids.thread[0], x, 1).plus(&ids.thread[1], y, 1);
            let sum = body.affine(&sum);
            let one = body.index(1);
            let bit = body.define("i", &format!("arith.andi {sum}, {one} : index"));
            body.is_zero(&bit)
        }
        Test::Positive(offset) => {
            let value = near(body, input, cell, offset, element);
            let zero = body.zero(element);
            let (op, predicate) = if element.is_integer() {
                ("arith.cmpi", "sgt")
            } else {
                ("arith.cmpf", "ogt")
            };
            body.define(
                "p",
                &format!("{op} {predicate}, {value}, {zero} : {}", element.name()),
            )
        }
        Test::FirstBlock => body.is_zero(&ids.block[0]),
    }
}

/// Stores `value` at `cell` of `output`.
fn put(body: &mut Body, output: &Buffer, cell: &[Affine; 2], value: &str) {
    let indices: Vec<String> = cell.iter().map(|index| body.affine(index)).collect();
    body.store(value, &output.name, &output.type_text, &indices);
}
