//! The benchmark of issue 4: a 1024×1024 f32 naive transpose, one million threads in blocks of
//! 32×8, must run in under 5 seconds on one core. Run it in release mode:
//! `cargo test --release -j 1 -p gpu-mem-opt-interp --test performance -- --ignored --nocapture`.

mod common;

use std::time::Instant;

use common::*;

const F32: ElementType = ElementType::F32;
const SIZE: i64 = 1024;

#[test]
#[ignore = "a benchmark: run in release mode"]
fn a_million_thread_transpose_runs_in_under_five_seconds() {
    let mut kb = Kb::new("transpose");
    let input = kb.parameter(global(F32, &[SIZE, SIZE]));
    let output = kb.parameter(global(F32, &[SIZE, SIZE]));
    let (x, y) = (kb.global_id(Axis::X), kb.global_id(Axis::Y));
    let value = kb.load(input, &[y, x]);
    kb.store(value, output, &[x, y]);
    let kernel = kb.finish();
    let mut arguments = [
        Argument::Buffer(HostBuffer::filled(F32, &[SIZE, SIZE], Fill::Random(1))),
        zeros(F32, &[SIZE, SIZE]),
    ];
    let start = Instant::now();
    let trace = launch(&kernel, [32, 128, 1], [32, 8, 1], &mut arguments).unwrap();
    let elapsed = start.elapsed();
    println!("1024x1024 f32 naive transpose (1M threads, blocks 32x8): {elapsed:.3?}");
    assert_eq!(trace.accesses[1].metrics.sectors_per_request, 32.0);
    let (input, output) = (&buffer(&arguments, 0).data, &buffer(&arguments, 1).data);
    let size = SIZE as usize;
    assert!((0..size * size).all(|i| output[(i % size) * size + i / size] == input[i]));
    assert!(elapsed.as_secs_f64() < 5.0, "took {elapsed:?}");
}
