//! Measured warp traffic: sectors per request and bank-conflict degrees of known patterns.

mod common;

use common::*;

const F32: ElementType = ElementType::F32;

fn naive_transpose(size: i64) -> Kernel {
    let mut kb = Kb::new("transpose");
    let input = kb.parameter(global(F32, &[size, size]));
    let output = kb.parameter(global(F32, &[size, size]));
    let (x, y) = (kb.global_id(Axis::X), kb.global_id(Axis::Y));
    let value = kb.load(input, &[y, x]);
    kb.store(value, output, &[x, y]);
    kb.finish()
}

#[test]
fn naive_transpose_reads_coalesced_and_writes_strided() {
    let mut arguments = [zeros(F32, &[64, 64]), zeros(F32, &[64, 64])];
    let trace = launch(&naive_transpose(64), [2, 8, 1], [32, 8, 1], &mut arguments).unwrap();
    let [read, write] = [&trace.accesses[0], &trace.accesses[1]];
    assert_eq!(
        (read.kind, write.kind),
        (AccessKind::Load, AccessKind::Store)
    );
    assert_eq!(read.space, Some(MemorySpace::Global));
    assert_eq!(read.metrics.requests, 16 * 8);
    assert_eq!(read.metrics.sectors_per_request, 4.0);
    assert_eq!(write.metrics.sectors_per_request, 32.0);
    assert_eq!(read.metrics.distinct_addresses, 32.0);
    assert_eq!((read.totals.requests, read.totals.sectors), (128, 128 * 4));
    assert_eq!(
        (write.totals.requests, write.totals.sectors),
        (128, 128 * 32)
    );
}

/// Stores `tile[ty][tx]`, then reads `tile[tx][ty]` with 32×32 threads; returns the read's degree.
fn transposed_tile_read_degree(columns: i64) -> f64 {
    let mut kb = Kb::new("tile");
    let output = kb.parameter(global(F32, &[32, 32]));
    let tile = kb
        .builder
        .workgroup_buffer(memref(F32, &[32, columns], MemorySpace::Workgroup));
    let (tx, ty) = (kb.thread_id(Axis::X), kb.thread_id(Axis::Y));
    let one = kb.constant(scalar(F32), 1.0);
    kb.store(one, tile, &[ty, tx]);
    kb.barrier();
    let value = kb.load(tile, &[tx, ty]);
    kb.store(value, output, &[ty, tx]);
    let mut arguments = [zeros(F32, &[32, 32])];
    let options = Options {
        keep_requests: true,
        ..Options::default()
    };
    let trace = run(
        &kb.finish(),
        [1, 1, 1],
        [32, 32, 1],
        &mut arguments,
        &options,
    )
    .unwrap();
    let read = trace
        .accesses
        .iter()
        .find(|access| access.kind == AccessKind::Load)
        .unwrap();
    assert_eq!(read.space, Some(MemorySpace::Workgroup));
    assert_eq!(read.requests.len(), 32);
    assert!(read.requests[0].addresses.iter().all(Option::is_some));
    assert_eq!(read.totals.ideal_wavefronts, 32);
    assert_eq!(
        read.totals.wavefronts as f64,
        32.0 * read.metrics.bank_conflict_degree
    );
    read.metrics.bank_conflict_degree
}

#[test]
fn a_transposed_shared_tile_read_conflicts_32_ways_unless_padded() {
    assert_eq!(transposed_tile_read_degree(32), 32.0);
    assert_eq!(transposed_tile_read_degree(33), 1.0);
}

#[test]
fn partial_warps_leave_inactive_lanes_out_of_the_request() {
    let mut kb = Kb::new("half");
    let output = kb.parameter(global(F32, &[64]));
    let t = kb.thread_id(Axis::X);
    let limit = kb.index(8);
    let few = kb.cmpi(IntegerPredicate::Ult, t, limit);
    kb.if_then(few, |kb| {
        let one = kb.constant(scalar(F32), 1.0);
        kb.store(one, output, &[t]);
    });
    let options = Options {
        keep_requests: true,
        ..Options::default()
    };
    let trace = run(
        &kb.finish(),
        [1, 1, 1],
        [64, 1, 1],
        &mut [zeros(F32, &[64])],
        &options,
    )
    .unwrap();
    let store = &trace.accesses[0];
    assert_eq!(store.metrics.requests, 1);
    assert_eq!(store.requests[0].addresses.iter().flatten().count(), 8);
    assert_eq!(store.metrics.sectors_per_request, 1.0);
}
