//! Kernels with known results, checked against values computed here independently.

mod common;

use common::*;

const F32: ElementType = ElementType::F32;
const I32: ElementType = ElementType::Integer(32);

fn random(element: ElementType, shape: &[i64], seed: u64) -> Argument {
    Argument::Buffer(HostBuffer::filled(element, shape, Fill::Random(seed)))
}

fn f32s(buffer: &HostBuffer) -> Vec<f32> {
    buffer
        .data
        .iter()
        .map(|&bits| f32::from_bits(bits as u32))
        .collect()
}

#[test]
fn copy_moves_every_element_unchanged() {
    let mut kb = Kb::new("copy");
    let (input, output) = (
        kb.parameter(global(F32, &[256])),
        kb.parameter(global(F32, &[256])),
    );
    let i = kb.global_id(Axis::X);
    let value = kb.load(input, &[i]);
    kb.store(value, output, &[i]);
    let kernel = kb.finish();
    let mut arguments = [random(F32, &[256], 1), zeros(F32, &[256])];
    launch(&kernel, [4, 1, 1], [64, 1, 1], &mut arguments).unwrap();
    assert_eq!(buffer(&arguments, 1).data, buffer(&arguments, 0).data);
}

/// `out[x][y] = in[y][x]` with x the column and y the row a thread owns.
pub fn naive_transpose(rows: i64, columns: i64) -> Kernel {
    let mut kb = Kb::new("transpose");
    let input = kb.parameter(global(F32, &[rows, columns]));
    let output = kb.parameter(global(F32, &[columns, rows]));
    let (x, y) = (kb.global_id(Axis::X), kb.global_id(Axis::Y));
    let value = kb.load(input, &[y, x]);
    kb.store(value, output, &[x, y]);
    kb.finish()
}

#[test]
fn naive_transpose_swaps_rows_and_columns() {
    let (rows, columns) = (16, 64);
    let mut arguments = [
        Argument::Buffer(HostBuffer::filled(F32, &[rows, columns], Fill::Iota)),
        zeros(F32, &[columns, rows]),
    ];
    launch(
        &naive_transpose(rows, columns),
        [2, 2, 1],
        [32, 8, 1],
        &mut arguments,
    )
    .unwrap();
    let output = f32s(buffer(&arguments, 1));
    for row in 0..rows {
        for column in 0..columns {
            assert_eq!(
                output[(column * rows + row) as usize],
                (row * columns + column) as f32
            );
        }
    }
}

/// Transpose through a 32×(32+padding) shared tile, blocks of 32×8 threads.
fn tiled_transpose(size: i64, padding: i64) -> Kernel {
    let mut kb = Kb::new("tiled_transpose");
    let input = kb.parameter(global(F32, &[size, size]));
    let output = kb.parameter(global(F32, &[size, size]));
    let tile =
        kb.builder
            .workgroup_buffer(memref(F32, &[32, 32 + padding], MemorySpace::Workgroup));
    let (tx, ty) = (kb.thread_id(Axis::X), kb.thread_id(Axis::Y));
    let (bx, by) = (kb.block_id(Axis::X), kb.block_id(Axis::Y));
    let (zero, eight, thirty_two) = (kb.index(0), kb.index(8), kb.index(32));
    let (column_base, row_base) = (kb.mul(bx, thirty_two), kb.mul(by, thirty_two));
    let column = kb.add(column_base, tx);
    kb.for_loop([zero, thirty_two, eight], &[], |kb, j, _| {
        let tile_row = kb.add(ty, j);
        let row = kb.add(row_base, tile_row);
        let value = kb.load(input, &[row, column]);
        kb.store(value, tile, &[tile_row, tx]);
        Vec::new()
    });
    kb.barrier();
    let out_column = kb.add(row_base, tx);
    kb.for_loop([zero, thirty_two, eight], &[], |kb, j, _| {
        let tile_row = kb.add(ty, j);
        let out_row = kb.add(column_base, tile_row);
        let value = kb.load(tile, &[tx, tile_row]);
        kb.store(value, output, &[out_row, out_column]);
        Vec::new()
    });
    kb.finish()
}

#[test]
fn tiled_transpose_through_shared_memory_matches_the_naive_result() {
    for padding in [0, 1] {
        let mut arguments = [random(F32, &[64, 64], 7), zeros(F32, &[64, 64])];
        launch(
            &tiled_transpose(64, padding),
            [2, 2, 1],
            [32, 8, 1],
            &mut arguments,
        )
        .unwrap();
        let (input, output) = (&buffer(&arguments, 0).data, &buffer(&arguments, 1).data);
        for row in 0..64 {
            for column in 0..64 {
                assert_eq!(output[column * 64 + row], input[row * 64 + column]);
            }
        }
    }
}

#[test]
fn tree_reduction_with_barriers_in_a_while_loop_sums_each_block() {
    let (blocks, threads) = (4, 128);
    let mut kb = Kb::new("reduce");
    let input = kb.parameter(global(I32, &[blocks * threads]));
    let output = kb.parameter(global(I32, &[blocks]));
    let shared = kb
        .builder
        .workgroup_buffer(memref(I32, &[threads], MemorySpace::Workgroup));
    let (t, g) = (kb.thread_id(Axis::X), kb.global_id(Axis::X));
    let value = kb.load(input, &[g]);
    kb.store(value, shared, &[t]);
    kb.barrier();
    let (zero, half) = (kb.index(0), kb.index(threads / 2));
    let before = kb.builder.begin_block(&[index()]);
    let positive = kb.cmpi(IntegerPredicate::Sgt, before[0], zero);
    kb.op(Op::Condition, &[positive, before[0]], &[]);
    let before_block = kb.builder.end_block();
    let after = kb.builder.begin_block(&[index()]);
    let stride = after[0];
    let active = kb.cmpi(IntegerPredicate::Ult, t, stride);
    kb.if_then(active, |kb| {
        let partner = kb.add(t, stride);
        let (mine, theirs) = (kb.load(shared, &[t]), kb.load(shared, &[partner]));
        let sum = kb.add(mine, theirs);
        kb.store(sum, shared, &[t]);
    });
    kb.barrier();
    let one = kb.index(1);
    let next = kb.int(IntegerBinary::ShRUI, stride, one);
    kb.yield_values(&[next]);
    let after_block = kb.builder.end_block();
    kb.op(
        Op::While {
            before: before_block,
            after: after_block,
        },
        &[half],
        &[index()],
    );
    let first = kb.cmpi(IntegerPredicate::Eq, t, zero);
    kb.if_then(first, |kb| {
        let total = kb.load(shared, &[zero]);
        let block = kb.block_id(Axis::X);
        kb.store(total, output, &[block]);
    });
    let kernel = kb.finish();
    let mut arguments = [random(I32, &[blocks * threads], 3), zeros(I32, &[blocks])];
    launch(
        &kernel,
        [blocks as u32, 1, 1],
        [threads as u32, 1, 1],
        &mut arguments,
    )
    .unwrap();
    let input = &buffer(&arguments, 0).data;
    for block in 0..blocks as usize {
        let expected = input[block * threads as usize..(block + 1) * threads as usize]
            .iter()
            .fold(0i32, |sum, &bits| sum.wrapping_add(bits as u32 as i32));
        assert_eq!(
            buffer(&arguments, 1).data[block],
            u64::from(expected as u32)
        );
    }
}

#[test]
fn three_point_stencil_updates_the_interior_only() {
    let n = 256;
    let mut kb = Kb::new("stencil");
    let input = kb.parameter(global(F32, &[n]));
    let output = kb.parameter(global(F32, &[n]));
    let i = kb.global_id(Axis::X);
    let (one, last) = (kb.index(1), kb.index(n - 1));
    let (above_first, below_last) = (
        kb.cmpi(IntegerPredicate::Sge, i, one),
        kb.cmpi(IntegerPredicate::Slt, i, last),
    );
    let interior = kb.int(IntegerBinary::AndI, above_first, below_last);
    kb.if_then(interior, |kb| {
        let (left, right) = (kb.int(IntegerBinary::SubI, i, one), kb.add(i, one));
        let (a, b, c) = (
            kb.load(input, &[left]),
            kb.load(input, &[i]),
            kb.load(input, &[right]),
        );
        let partial = kb.float(FloatBinary::AddF, a, b);
        let sum = kb.float(FloatBinary::AddF, partial, c);
        kb.store(sum, output, &[i]);
    });
    let kernel = kb.finish();
    let mut arguments = [random(F32, &[n], 11), zeros(F32, &[n])];
    launch(&kernel, [4, 1, 1], [64, 1, 1], &mut arguments).unwrap();
    let (input, output) = (f32s(buffer(&arguments, 0)), f32s(buffer(&arguments, 1)));
    assert_eq!(output[0].to_bits(), 0);
    assert_eq!(output[n as usize - 1].to_bits(), 0);
    for i in 1..n as usize - 1 {
        assert_eq!(
            output[i].to_bits(),
            ((input[i - 1] + input[i]) + input[i + 1]).to_bits()
        );
    }
}

#[test]
fn transfers_pad_out_of_bounds_elements_and_honour_masks() {
    let vector = Type::Vector(F32, 4);
    let mut kb = Kb::new("transfers");
    let input = kb.parameter(global(F32, &[10]));
    let [padded_out, masked_out, written_out, sums_out] =
        [0; 4].map(|_| kb.parameter(global(F32, &[16])));
    let t = kb.thread_id(Axis::X);
    let four = kb.index(4);
    let base = kb.mul(t, four);
    let (pad, other_pad) = (
        kb.constant(scalar(F32), -1.0),
        kb.constant(scalar(F32), 7.5),
    );
    let padding_read = Transfer {
        axis: TransferAxis::Dimension(0),
        in_bounds: false,
        masked: false,
    };
    let padded = kb.op1(
        Op::TransferRead(padding_read),
        &[input, base, pad],
        vector.clone(),
    );
    kb.op(Op::VectorStore, &[padded, padded_out, base], &[]);
    let offsets = kb.op1(
        Op::Constant(vec![0, 1, 2, 3]),
        &[],
        Type::Vector(ElementType::Index, 4),
    );
    let (bases, limit) = (
        kb.op1(Op::Broadcast, &[base], Type::Vector(ElementType::Index, 4)),
        kb.index(6),
    );
    let positions = kb.add(offsets, bases);
    let limits = kb.op1(Op::Broadcast, &[limit], Type::Vector(ElementType::Index, 4));
    let mask = kb.cmpi(IntegerPredicate::Slt, positions, limits);
    let masked_transfer = Transfer {
        axis: TransferAxis::Dimension(0),
        in_bounds: true,
        masked: true,
    };
    let masked = kb.op1(
        Op::TransferRead(masked_transfer),
        &[input, base, other_pad, mask],
        vector.clone(),
    );
    kb.op(Op::VectorStore, &[masked, masked_out, base], &[]);
    kb.op(
        Op::TransferWrite(masked_transfer),
        &[masked, written_out, base, mask],
        &[],
    );
    let sum = kb.op1(Op::Reduction(ReductionKind::Add), &[masked], scalar(F32));
    kb.store(sum, sums_out, &[t]);
    let kernel = kb.finish();
    let mut arguments = [
        Argument::Buffer(HostBuffer::filled(F32, &[10], Fill::Iota)),
        zeros(F32, &[16]),
        zeros(F32, &[16]),
        zeros(F32, &[16]),
        zeros(F32, &[16]),
    ];
    launch(&kernel, [1, 1, 1], [4, 1, 1], &mut arguments).unwrap();
    let values = |index| buffer(&arguments, index).values();
    let padded: Vec<f64> = (0..16)
        .map(|i| if i < 10 { i as f64 } else { -1.0 })
        .collect();
    let masked: Vec<f64> = (0..16)
        .map(|i| if i < 6 { i as f64 } else { 7.5 })
        .collect();
    let written: Vec<f64> = (0..16)
        .map(|i| if i < 6 { i as f64 } else { 0.0 })
        .collect();
    assert_eq!(values(1), padded);
    assert_eq!(values(2), masked);
    assert_eq!(values(3), written);
    assert_eq!(values(4)[..4], [6.0, 24.0, 30.0, 30.0]);
}

#[test]
fn shuffles_exchange_values_within_each_warp() {
    let mut kb = Kb::new("shuffles");
    let [xor_out, down_out, down_valid, up_out, idx_out] =
        [0; 5].map(|_| kb.parameter(global(I32, &[64])));
    let t = kb.thread_id(Axis::X);
    let lane_index = kb.op1(Op::LaneId, &[], index());
    let lane = kb.cast(Cast::IndexCast, lane_index, scalar(I32));
    let width = kb.constant(scalar(I32), 32.0);
    let shuffle = |kb: &mut Kb, mode, value, offset: f64| {
        let offset = kb.constant(scalar(I32), offset);
        let results = kb.op(
            Op::Shuffle(mode),
            &[value, offset, width],
            &[scalar(I32), boolean()],
        );
        (results[0], results[1])
    };
    let mut sum = lane;
    for offset in [16.0, 8.0, 4.0, 2.0, 1.0] {
        let (other, _) = shuffle(&mut kb, ShuffleMode::Xor, sum, offset);
        sum = kb.add(sum, other);
    }
    kb.store(sum, xor_out, &[t]);
    let (down, valid) = shuffle(&mut kb, ShuffleMode::Down, lane, 1.0);
    kb.store(down, down_out, &[t]);
    let valid = kb.cast(Cast::ExtUI, valid, scalar(I32));
    kb.store(valid, down_valid, &[t]);
    let (up, _) = shuffle(&mut kb, ShuffleMode::Up, lane, 2.0);
    kb.store(up, up_out, &[t]);
    let (broadcast, _) = shuffle(&mut kb, ShuffleMode::Idx, lane, 5.0);
    kb.store(broadcast, idx_out, &[t]);
    let kernel = kb.finish();
    let mut arguments = [0; 5].map(|_| zeros(I32, &[64]));
    launch(&kernel, [1, 1, 1], [64, 1, 1], &mut arguments).unwrap();
    let values = |index| buffer(&arguments, index).values();
    let lanes = (0..64).map(|t| f64::from(t % 32));
    assert!(values(0).iter().all(|&sum| sum == 496.0));
    assert_eq!(
        values(1),
        lanes
            .clone()
            .map(|l| if l < 31.0 { l + 1.0 } else { l })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        values(2),
        lanes
            .clone()
            .map(|l| f64::from(u8::from(l < 31.0)))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        values(3),
        lanes
            .map(|l| if l >= 2.0 { l - 2.0 } else { l })
            .collect::<Vec<_>>()
    );
    assert!(values(4).iter().all(|&value| value == 5.0));
}

#[test]
fn affine_loops_and_conditions_follow_their_maps_and_sets() {
    // out[t] = Σ_{k = t}^{min(t + 3, 8) - 1} in[k], for t with t mod 2 == 0; others keep -1.
    let mut kb = Kb::new("affine");
    let input = kb.parameter(global(I32, &[8]));
    let output = kb.parameter(global(I32, &[8]));
    let t = kb.thread_id(Axis::X);
    let zero = kb.constant(scalar(I32), 0.0);
    let d0 = AffineExpr::Dimension(0);
    let even = IntegerSet {
        dimensions: 1,
        symbols: 0,
        constraints: vec![Constraint {
            expr: d0.clone().modulo(AffineExpr::Constant(2)),
            equality: true,
        }],
    };
    let identity = AffineMap {
        dimensions: 1,
        symbols: 0,
        results: vec![d0.clone()],
    };
    let upper = AffineMap {
        dimensions: 1,
        symbols: 0,
        results: vec![
            d0.clone() + AffineExpr::Constant(3),
            AffineExpr::Constant(8),
        ],
    };
    let location = "affine.mlir:1:1";
    kb.builder.begin_block(&[]);
    let arguments = kb.builder.begin_block(&[index(), scalar(I32)]);
    let element = kb.op1(
        Op::AffineLoad(identity.clone()),
        &[input, arguments[0]],
        scalar(I32),
    );
    let sum = kb.add(arguments[1], element);
    kb.yield_values(&[sum]);
    let body = kb.builder.end_block();
    let sum = kb.builder.push(
        Op::AffineFor {
            lower: identity.clone(),
            upper,
            step: 1,
            body,
        },
        &[t, t, zero],
        &[scalar(I32)],
        location,
    )[0];
    kb.op(Op::AffineStore(identity.clone()), &[sum, output, t], &[]);
    kb.yield_values(&[]);
    let then = kb.builder.end_block();
    kb.builder.begin_block(&[]);
    let minus_one = kb.constant(scalar(I32), -1.0);
    kb.op(Op::AffineStore(identity), &[minus_one, output, t], &[]);
    kb.yield_values(&[]);
    let otherwise = kb.builder.end_block();
    kb.op(
        Op::AffineIf {
            condition: even,
            then,
            otherwise,
        },
        &[t],
        &[],
    );
    let kernel = kb.finish();
    let mut arguments = [
        Argument::Buffer(HostBuffer::filled(I32, &[8], Fill::Iota)),
        zeros(I32, &[8]),
    ];
    launch(&kernel, [1, 1, 1], [8, 1, 1], &mut arguments).unwrap();
    let expected: Vec<f64> = (0..8i64)
        .map(|t| {
            if t % 2 == 0 {
                (t..(t + 3).min(8)).sum::<i64>() as f64
            } else {
                -1.0
            }
        })
        .collect();
    assert_eq!(buffer(&arguments, 1).values(), expected);
}

#[test]
fn views_address_the_elements_mlir_would() {
    // A 4×6 matrix: each thread t < 4 takes row t through a rank-reducing subview, reads column 2
    // of a 2×3 expand of it and writes it to out[t]; thread 0 also collapses the matrix and
    // reads element 13, and reinterprets it as 6×4 and reads [5][1].
    let mut kb = Kb::new("views");
    let matrix = kb.parameter(global(I32, &[4, 6]));
    let output = kb.parameter(global(I32, &[6]));
    let t = kb.thread_id(Axis::X);
    let row_type = Type::MemRef(MemRefType {
        element: I32,
        shape: vec![Dimension::Static(6)],
        space: MemorySpace::Global,
    });
    let row = kb.op1(
        Op::Subview {
            offsets: vec![Dimension::Dynamic, Dimension::Static(0)],
            sizes: vec![Dimension::Static(1), Dimension::Static(6)],
            strides: vec![Dimension::Static(1), Dimension::Static(1)],
            dropped: vec![0],
        },
        &[matrix, t],
        row_type,
    );
    let expanded = kb.op1(
        Op::ExpandShape {
            reassociation: vec![vec![0, 1]],
            output_shape: vec![Dimension::Static(2), Dimension::Static(3)],
        },
        &[row],
        global(I32, &[2, 3]),
    );
    let (one, two, five, thirteen) = (kb.index(1), kb.index(2), kb.index(5), kb.index(13));
    let element = kb.load(expanded, &[one, two]);
    kb.store(element, output, &[t]);
    let zero = kb.index(0);
    let first = kb.cmpi(IntegerPredicate::Eq, t, zero);
    kb.if_then(first, |kb| {
        let flat = kb.op1(
            Op::CollapseShape {
                reassociation: vec![vec![0, 1]],
            },
            &[matrix],
            global(I32, &[24]),
        );
        let value = kb.load(flat, &[thirteen]);
        let four = kb.index(4);
        kb.store(value, output, &[four]);
        let reshaped = kb.op1(
            Op::ReinterpretCast {
                offset: Dimension::Static(0),
                sizes: vec![Dimension::Static(6), Dimension::Static(4)],
                strides: vec![Dimension::Static(4), Dimension::Static(1)],
            },
            &[matrix],
            global(I32, &[6, 4]),
        );
        let value = kb.load(reshaped, &[five, one]);
        kb.store(value, output, &[five]);
    });
    let kernel = kb.finish();
    let mut arguments = [
        Argument::Buffer(HostBuffer::filled(I32, &[4, 6], Fill::Iota)),
        zeros(I32, &[6]),
    ];
    launch(&kernel, [1, 1, 1], [4, 1, 1], &mut arguments).unwrap();
    assert_eq!(
        buffer(&arguments, 1).values(),
        [5.0, 11.0, 17.0, 23.0, 13.0, 21.0]
    );
}

#[test]
fn workgroup_allocations_and_loops_with_carried_values_work_per_block() {
    // Each block of 8 threads writes t² into a shared alloc, then thread t sums entries 0..=t
    // with an scf.for carrying the sum.
    let mut kb = Kb::new("prefix");
    let output = kb.parameter(global(I32, &[16]));
    let shared = kb.op1(
        Op::Alloc,
        &[],
        Type::MemRef(memref(I32, &[8], MemorySpace::Workgroup)),
    );
    let (t, g) = (kb.thread_id(Axis::X), kb.global_id(Axis::X));
    let square = kb.mul(t, t);
    let square = kb.cast(Cast::IndexCast, square, scalar(I32));
    kb.store(square, shared, &[t]);
    kb.barrier();
    let (zero, one) = (kb.index(0), kb.index(1));
    let end = kb.add(t, one);
    let initial = kb.constant(scalar(I32), 0.0);
    let sum = kb.for_loop([zero, end, one], &[initial], |kb, k, carried| {
        let value = kb.load(shared, &[k]);
        vec![kb.add(carried[0], value)]
    })[0];
    kb.store(sum, output, &[g]);
    let kernel = kb.finish();
    let mut arguments = [zeros(I32, &[16])];
    launch(&kernel, [2, 1, 1], [8, 1, 1], &mut arguments).unwrap();
    let expected: Vec<f64> = (0..16i64)
        .map(|g| (0..=g % 8).map(|k| k * k).sum::<i64>() as f64)
        .collect();
    assert_eq!(buffer(&arguments, 0).values(), expected);
}
