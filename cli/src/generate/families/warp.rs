//! The warp family: reductions written the way CUDA code writes them today. Each thread
//! loads one element of a global input or a few (unrolled or in a small loop; contiguous per
//! thread, a grid apart, or along a row; one input or the product of two, a dot product), at
//! random adds a neighbour's value through a shared tile of the block or of a row per warp (a
//! store, `gpu.barrier`, a mirrored read), then meets the other lanes of its warp:
//!
//! * `gpu.shuffle xor` butterflies, offsets 16, 8, 4, 2, 1 of width 32, unrolled or in a
//!   loop of shifts: every lane ends with the total;
//! * `gpu.shuffle down` (its `valid` at random used to add zero past the end): lane 0 ends
//!   with the total, at random broadcast to the warp with `gpu.shuffle idx`;
//! * `gpu.shuffle up` with `valid`: a scan, each lane its inclusive prefix;
//! * `gpu.subgroup_reduce add` of the warp or of clusters of it (some strided);
//! * the block's `gpu.all_reduce` (an `op` attribute or a body of one op), which every thread
//!   reaches.
//!
//! Lane 0 (a cluster's first lane, thread 0) stores the total at its warp's (cluster's,
//! block's) element of the output, or every thread stores its own; warp totals at random go
//! through shared memory to a second tree in warp 0, the classic block reduction. Blocks that
//! shuffle hold whole warps. The interpreter shuffles and folds in a fixed order, so float
//! totals agree bit for bit before and after a pass that does not reorder them.

use super::{exchange, guarded_load, launch, new_input, resize, sum};
use crate::generate::body::{Affine, Body, Element};
use crate::generate::kernel::{Buffer, Kernel};
use crate::generate::random::Random;

/// Lanes in a warp.
const WARP: i64 = 32;

/// How the lanes of a warp meet.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Meet {
    /// `gpu.shuffle xor` butterflies: every lane ends with the total.
    Butterfly,
    /// `gpu.shuffle down`: lane 0 ends with the total.
    Down,
    /// `gpu.shuffle up` with its `valid`: each lane ends with its inclusive prefix sum.
    Scan,
    /// `gpu.subgroup_reduce` of the warp or of clusters of its lanes.
    Subgroup,
    /// `gpu.all_reduce` over the block.
    Block,
}

/// Where a thread sits in its block and grid.
struct Place {
    /// `tx + X·ty`: the thread's linear id in its block.
    local: Affine,
    /// `bx + GX·by`: the block's linear id.
    block: Affine,
    /// The thread's linear id in the grid.
    global: Affine,
    /// Threads in the grid.
    total: i64,
    /// The lane (an index value): `gpu.lane_id` or the local id modulo 32.
    lane: String,
    /// The warp in the block (an index value).
    warp: String,
    /// Warps per block.
    warps: i64,
}

/// One reduction per warp (per cluster, per block) of values the threads load.
pub fn warp(random: &mut Random, element: Element) -> Kernel {
    let meet = random.pick(&[
        Meet::Butterfly,
        Meet::Down,
        Meet::Scan,
        Meet::Subgroup,
        Meet::Block,
    ]);
    // A block reduction needs no whole warps: half of them take any block.
    let whole = meet != Meet::Block || random.chance(50);
    let mut kernel = if whole {
        whole_warps(random)
    } else {
        launch(random, false)
    };
    let place = place(&mut kernel, random);
    let mut value = thread_value(&mut kernel, random, element, &place);
    if random.chance(30) {
        value = if whole && random.chance(50) {
            warp_exchange(&mut kernel, random, element, &place, &value)
        } else {
            exchange(&mut kernel, random, element, &value)
        };
    }
    let add = random.chance(25);
    match meet {
        Meet::Block => {
            let total = all_reduce(&mut kernel.body, random, element, &value);
            if random.chance(50) {
                per_thread(&mut kernel, element, &place, &total, add);
            } else {
                per_block(&mut kernel, element, &place, &total, add);
            }
        }
        Meet::Subgroup => subgroup(&mut kernel, random, element, &place, &value, add),
        Meet::Butterfly | Meet::Down | Meet::Scan => {
            let mode = match meet {
                Meet::Butterfly => "xor",
                Meet::Down => "down",
                _ => "up",
            };
            let total = shuffle_tree(&mut kernel.body, random, element, &value, mode);
            match meet {
                // Each lane holds its inclusive prefix.
                Meet::Scan => per_thread(&mut kernel, element, &place, &total, add),
                // Lane 0's total to every lane, as `__shfl_sync(mask, v, 0)`.
                Meet::Down if random.chance(30) => {
                    let body = &mut kernel.body;
                    let (first, width) = (body.word(0), body.word(WARP));
                    let every = shuffle(body, element, (&total, &first, &width), "idx", None);
                    per_thread(&mut kernel, element, &place, &every, add);
                }
                _ if random.chance(35) => {
                    through_shared(&mut kernel, random, element, &place, &total, add)
                }
                Meet::Butterfly if random.chance(40) => {
                    per_thread(&mut kernel, element, &place, &total, add)
                }
                _ => per_warp(&mut kernel, element, &place, &total, add),
            }
        }
    }
    kernel
}

/// A block of 32 to 256 threads, a multiple of 32 (rows of 8 or 16 threads share a warp), and a
/// grid of at most 3x2 blocks.
fn whole_warps(random: &mut Random) -> Kernel {
    let threads = random.pick(&[32, 64, 64, 128, 128, 256]);
    let x = random.pick(&[8, 16, 32, 32, 64, 128, 256]).min(threads);
    Kernel::new(
        [x, threads / x],
        1,
        [random.range(1, 3), random.range(1, 2)],
    )
}

/// The thread's linear ids, lane and warp.
fn place(kernel: &mut Kernel, random: &mut Random) -> Place {
    let ids = &kernel.ids;
    let [x, y] = ids.block_size;
    let [grid_x, grid_y] = ids.grid;
    let threads = x * y;
    let local = Affine::term(&ids.thread[0], x, 1).plus(&ids.thread[1], y, x);
    let block = Affine::term(&ids.block[0], grid_x, 1).plus(&ids.block[1], grid_y, grid_x);
    let global = local.clone().added(block.clone().times(threads));
    let body = &mut kernel.body;
    let linear = body.affine(&local);
    let width = body.index(WARP);
    let lane = if random.chance(30) {
        body.define_at_entry("lane", "gpu.lane_id")
    } else {
        body.define("i", &format!("arith.remui {linear}, {width} : index"))
    };
    let warp = body.define("i", &format!("arith.divui {linear}, {width} : index"));
    Place {
        local,
        block,
        global,
        total: threads * grid_x * grid_y,
        lane,
        warp,
        warps: (threads + WARP - 1) / WARP,
    }
}

/// The thread's value: the element (or the product of two inputs' elements) it loads, or the
/// sum of the few it loads, unrolled or in an `scf.for`.
fn thread_value(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    place: &Place,
) -> String {
    let per = random.pick(&[1, 1, 2, 4]);
    // Each index is `base + along·k` for the thread's k-th element, k < per.
    let (base, along) = match random.range(0, 3) {
        0 => (vec![place.global.clone().times(per)], vec![1]),
        1 => (vec![place.global.clone()], vec![place.total]),
        _ => {
            let (row, column) = (kernel.ids.global(1), kernel.ids.global(0).times(per));
            if random.chance(70) {
                (vec![row, column], vec![0, 1])
            } else {
                (vec![column, row], vec![1, 0])
            }
        }
    };
    let at = |k: &str, per: i64| -> Vec<Affine> {
        base.iter()
            .zip(&along)
            .map(|(index, &step)| index.clone().plus(k, per, step))
            .collect()
    };
    let extents: Vec<i64> = at("%k", per).iter().map(Affine::extent).collect();
    let inputs: Vec<Buffer> = (0..random.range(1, 2))
        .map(|_| {
            let shape = resize(random, extents.clone());
            new_input(kernel, random, &shape, element)
        })
        .collect();
    let product = |body: &mut Body, indices: &[Affine]| -> String {
        let values: Vec<String> = inputs
            .iter()
            .map(|input| guarded_load(body, input, indices, element))
            .collect();
        values[1..]
            .iter()
            .fold(values[0].clone(), |product, value| {
                body.multiply(element, &product, value)
            })
    };
    let body = &mut kernel.body;
    if per == 1 {
        return product(body, &base);
    }
    if random.chance(50) {
        let values: Vec<String> = (0..per)
            .map(|k| {
                let indices: Vec<Affine> = base
                    .iter()
                    .zip(&along)
                    .map(|(index, &step)| index.clone().shifted(step * k))
                    .collect();
                product(body, &indices)
            })
            .collect();
        return sum(body, element, &values);
    }
    let k = body.fresh("k");
    let range = body.up_to(per);
    let zero = body.zero(element);
    body.accumulate(&k, &range, element, &zero, |body, accumulator| {
        let value = product(body, &at(&k, per));
        body.add(element, accumulator, &value)
    })
}

/// `value` plus that of the lane mirrored in its warp (lane 31 - l), through a shared tile of a
/// row per warp: a store at `[warp, lane]`, a barrier, a load.
fn warp_exchange(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    place: &Place,
    value: &str,
) -> String {
    let tile = kernel.shared(&[place.warps, WARP], element, random.chance(30));
    let body = &mut kernel.body;
    let own = [place.warp.clone(), place.lane.clone()];
    body.store(value, &tile.name, &tile.type_text, &own);
    body.line("gpu.barrier");
    let mirrored = Affine::term(&place.lane, WARP, -1).starting_at_zero();
    let mirrored = [place.warp.clone(), body.affine(&mirrored)];
    let theirs = body.load(&tile.name, &tile.type_text, &mirrored);
    body.add(element, value, &theirs)
}

/// The sum over a warp by shuffles of `mode` (`xor`: every lane gets it; `down`: lane 0; `up`:
/// each lane its inclusive prefix), offsets 16 down to 1 (`up`: 1 up to 16) unrolled or in a
/// loop of shifts; an `up` tree, and at random a `down` one, adds zero where `valid` is false
/// instead of the lane's own value.
fn shuffle_tree(
    body: &mut Body,
    random: &mut Random,
    element: Element,
    value: &str,
    mode: &str,
) -> String {
    let up = mode == "up";
    let width = body.word(WARP);
    let masked = (up || mode == "down" && random.chance(40)).then(|| body.zero(element));
    let step = |body: &mut Body, value: &str, offset: &str| -> String {
        let shuffled = shuffle(
            body,
            element,
            (value, offset, &width),
            mode,
            masked.as_deref(),
        );
        body.add(element, value, &shuffled)
    };
    if random.chance(30) {
        let (start, shift) = if up {
            (body.word(1), "arith.shli")
        } else {
            (body.word(WARP / 2), "arith.shrui")
        };
        let round = body.fresh("r");
        let range = body.up_to(5);
        return body.accumulate(&round, &range, element, value, |body, accumulator| {
            let by = body.define("s", &format!("arith.index_cast {round} : index to i32"));
            let offset = body.define("s", &format!("{shift} {start}, {by} : i32"));
            step(body, accumulator, &offset)
        });
    }
    let offsets = if up {
        [1, 2, 4, 8, 16]
    } else {
        [16, 8, 4, 2, 1]
    };
    offsets.iter().fold(value.to_string(), |value, &offset| {
        let offset = body.word(offset);
        step(body, &value, &offset)
    })
}

/// `gpu.shuffle mode value, offset, width`; with `masked` (a zero), the shuffled value where
/// `valid` and the zero elsewhere.
fn shuffle(
    body: &mut Body,
    element: Element,
    operands: (&str, &str, &str),
    mode: &str,
    masked: Option<&str>,
) -> String {
    let (shuffled, valid) = body.shuffle(mode, operands, element);
    match masked {
        Some(zero) => body.define(
            "v",
            &format!(
                "arith.select {valid}, {shuffled}, {zero} : {}",
                element.name()
            ),
        ),
        None => shuffled,
    }
}

/// `gpu.subgroup_reduce add` over the warp or over clusters of 2 to 16 lanes (some of them
/// strided); each cluster's first lane stores the total at the cluster's element, or the warp
/// totals go on to a block reduction through shared memory.
fn subgroup(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    place: &Place,
    value: &str,
    add: bool,
) {
    let size = random.pick(&[32, 32, 16, 8, 4, 2]);
    let stride = if size < WARP && random.chance(30) {
        random.pick(&[2, 4]).min(WARP / size)
    } else {
        1
    };
    let uniform = if random.chance(50) { " uniform" } else { "" };
    let cluster = match (size, stride) {
        (WARP, _) => String::new(),
        (size, 1) => format!(" cluster(size = {size})"),
        (size, stride) => format!(" cluster(size = {size}, stride = {stride})"),
    };
    let name = element.name();
    let total = kernel.body.define(
        "v",
        &format!("gpu.subgroup_reduce add {value}{uniform}{cluster} : ({name}) -> {name}"),
    );
    if size == WARP && random.chance(35) {
        return through_shared(kernel, random, element, place, &total, add);
    }
    // The cluster's first lane is one whose lane modulo size·stride is below stride; the
    // clusters of the grid are numbered (global / span)·stride + global mod stride.
    let output = kernel.output(&[place.total / size], element);
    let body = &mut kernel.body;
    let span = body.index(size * stride);
    let strides = body.index(stride);
    let within = body.define("i", &format!("arith.remui {}, {span} : index", place.lane));
    let first = body.below(&within, stride);
    body.when(&first, |body| {
        let global = body.affine(&place.global);
        let group = body.define("i", &format!("arith.divui {global}, {span} : index"));
        let groups = body.define("i", &format!("arith.muli {group}, {strides} : index"));
        let offset = body.define("i", &format!("arith.remui {global}, {strides} : index"));
        let index = body.define("i", &format!("arith.addi {groups}, {offset} : index"));
        store(body, element, &output, &index, &total, add);
    });
}

/// `gpu.all_reduce` of `value` over the block, `uniform` or not: `add` by its `op` attribute
/// or by a body of one `arith` op, or now and then another kind (max, min, mul, bitwise).
fn all_reduce(body: &mut Body, random: &mut Random, element: Element, value: &str) -> String {
    let name = element.name();
    let uniform = if random.chance(70) { " uniform" } else { "" };
    let (kind, op) = if random.chance(75) {
        ("add", element.add())
    } else if element.is_integer() {
        random.pick(&[
            ("maxsi", "arith.maxsi"),
            ("minui", "arith.minui"),
            ("xor", "arith.xori"),
            ("mul", element.multiply()),
        ])
    } else {
        random.pick(&[
            ("maxnumf", "arith.maxnumf"),
            ("minimumf", "arith.minimumf"),
            ("mul", element.multiply()),
        ])
    };
    if random.chance(70) {
        return body.define(
            "v",
            &format!("gpu.all_reduce {kind} {value}{uniform} {{}} : ({name}) -> ({name})"),
        );
    }
    let (result, left, right, combined) = (
        body.fresh("v"),
        body.fresh("a"),
        body.fresh("a"),
        body.fresh("a"),
    );
    let label = body.label();
    for line in [
        format!("{result} = gpu.all_reduce {value}{uniform} {{"),
        format!("{label}({left}: {name}, {right}: {name}):"),
        format!("  {combined} = {op} {left}, {right} : {name}"),
        format!("  gpu.yield {combined} : {name}"),
        format!("}} : ({name}) -> ({name})"),
    ] {
        body.line(&line);
    }
    result
}

/// Lane 0 of each warp stores the warp's total in a shared array, and after a barrier warp 0
/// sums the totals with a second shuffle tree; thread 0 stores the block's total.
fn through_shared(
    kernel: &mut Kernel,
    random: &mut Random,
    element: Element,
    place: &Place,
    total: &str,
    add: bool,
) {
    let mode = random.pick(&["xor", "down"]);
    let sums = kernel.shared(&[place.warps], element, random.chance(30));
    let output = kernel.output(&[place.block.extent()], element);
    let body = &mut kernel.body;
    let leader = body.is_zero(&place.lane);
    body.when(&leader, |body| {
        let warp = std::slice::from_ref(&place.warp);
        body.store(total, &sums.name, &sums.type_text, warp);
    });
    body.line("gpu.barrier");
    let local = body.affine(&place.local);
    let first_warp = body.below(&local, WARP);
    let zero = body.zero(element);
    body.when(&first_warp, |body| {
        let held = body.below(&local, place.warps);
        let mine = body.choose(
            &held,
            element,
            |body| body.load(&sums.name, &sums.type_text, std::slice::from_ref(&local)),
            |_| zero,
        );
        let block_total = shuffle_tree(body, random, element, &mine, mode);
        let first = body.is_zero(&local);
        body.when(&first, |body| {
            let index = body.affine(&place.block);
            store(body, element, &output, &index, &block_total, add);
        });
    });
}

/// Lane 0 of each warp stores its total at the warp's element of the output.
fn per_warp(kernel: &mut Kernel, element: Element, place: &Place, total: &str, add: bool) {
    let output = kernel.output(&[place.total / WARP], element);
    let body = &mut kernel.body;
    let leader = body.is_zero(&place.lane);
    body.when(&leader, |body| {
        let warps = place.block.clone().times(place.warps);
        let index = body.affine(&warps.plus(&place.warp, place.warps, 1));
        store(body, element, &output, &index, total, add);
    });
}

/// Thread 0 stores the block's total at the block's element of the output.
fn per_block(kernel: &mut Kernel, element: Element, place: &Place, total: &str, add: bool) {
    let output = kernel.output(&[place.block.extent()], element);
    let body = &mut kernel.body;
    let local = body.affine(&place.local);
    let first = body.is_zero(&local);
    body.when(&first, |body| {
        let index = body.affine(&place.block);
        store(body, element, &output, &index, total, add);
    });
}

/// Every thread stores the total it holds at its own element of the output.
fn per_thread(kernel: &mut Kernel, element: Element, place: &Place, total: &str, add: bool) {
    let output = kernel.output(&[place.total], element);
    let index = kernel.body.affine(&place.global);
    store(&mut kernel.body, element, &output, &index, total, add);
}

/// Stores `value` at `output[index]`, or with `add` adds it to the element there.
fn store(body: &mut Body, element: Element, output: &Buffer, index: &str, value: &str, add: bool) {
    let index = [index.to_string()];
    let value = if add {
        let old = body.load(&output.name, &output.type_text, &index);
        body.add(element, &old, value)
    } else {
        value.to_string()
    };
    body.store(&value, &output.name, &output.type_text, &index);
}
