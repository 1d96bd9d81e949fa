//! Algorithm 3 (seed-000 §4.3, errata fixed) with Fang's costs (seed-002 §5): the priority
//! rule, the constant-memory threshold, written buffers, and temporal reuse counted by
//! enumerating a block's addresses.

mod common;

use analysis::memory_space::{
    own_elements, reuse, select, Buffer, CostModel, Instance, JangSpace, Placement,
};
use analysis::target::CONSTANT_MEMORY_BYTES;
use analysis::{
    Access, AccessKind, Block, IndexExpression, Loop, MemorySpace, MemrefLayout, Variable,
};
use common::{iv, tx, ty};
use proptest::prelude::*;

/// A global f32 load of a 1-D buffer at `index`, inside `loops`.
fn load(index: IndexExpression, loops: Vec<Loop>) -> Access {
    let mut access = Access::new(
        AccessKind::Load,
        MemrefLayout::row_major(&[1 << 16], 4, MemorySpace::Global),
        vec![index],
    );
    access.loops = loops;
    access
}

/// An instance with `distinct` addresses and `sectors` sectors per request.
fn instance(distinct: Option<f64>, sectors: Option<f64>) -> Instance {
    Instance {
        location: "t.mlir:1:1".into(),
        distinct_addresses: distinct,
        sectors_per_request: sectors,
        access_bytes: 4,
        loop_varying: false,
        unknown: None,
        executions: Some(1.0),
    }
}

proptest! {
    /// A read-only buffer goes to constant memory exactly when it fits and every instance's
    /// mean distinct addresses cost less there than on the read-only path.
    #[test]
    fn constant_iff_small_and_every_instance_cheap(
        bytes in 1u64..(2 * CONSTANT_MEMORY_BYTES),
        distinct in prop::collection::vec(1.0f64..32.0, 1..5),
    ) {
        let costs = CostModel::for_sm(90);
        let buffer = Buffer {
            read_only: true,
            bytes: Some(bytes),
            chunkable: false,
            instances: distinct.iter().map(|&d| instance(Some(d), Some(4.0))).collect(),
            reuse: (false, "test".into()),
        };
        let cheap = distinct.iter().all(|&d| costs.constant(d) < costs.read_only);
        let expected = bytes <= CONSTANT_MEMORY_BYTES && cheap;
        prop_assert_eq!(select(&buffer, 90, &costs).placement == Placement::Constant, expected);
    }

    /// Written buffers are never read through constant memory or the read-only path.
    #[test]
    fn written_buffers_stay_global(distinct in 1.0f64..32.0, chunkable: bool, reused: bool) {
        let buffer = Buffer {
            read_only: false,
            bytes: Some(64),
            chunkable,
            instances: vec![instance(Some(distinct), Some(1.0))],
            reuse: (reused, "test".into()),
        };
        let selection = select(&buffer, 90, &CostModel::for_sm(90));
        prop_assert_eq!(selection.placement, Placement::Global);
        let expected = if chunkable && reused { JangSpace::Shared } else { JangSpace::Global };
        prop_assert_eq!(selection.algorithm, expected);
    }
}

/// `T_const(d) = 16 + 32·d` on K20c (seed-002 §2.4, six measured points).
#[test]
fn constant_cost_is_fangs_fit() {
    let costs = CostModel::FANG_K20C;
    for (d, measured) in [
        (1.0, 48.1),
        (2.0, 80.1),
        (4.0, 144.1),
        (8.0, 272.1),
        (32.0, 1040.1),
    ] {
        assert!((costs.constant(d) - measured).abs() < 0.2, "d = {d}");
    }
}

/// Jang's priority across instances: one random reference makes a buffer texture (T14), and
/// random read-write data is global, never texture (larger_sads).
#[test]
fn priority_across_instances() {
    let costs = CostModel::for_sm(90);
    let mixed = Buffer {
        read_only: true,
        bytes: Some(16384),
        chunkable: false,
        instances: vec![instance(Some(32.0), Some(4.0)), instance(None, None)],
        reuse: (false, "test".into()),
    };
    let selection = select(&mixed, 90, &costs);
    assert_eq!(selection.instances[0].0, JangSpace::Global);
    assert_eq!(selection.instances[1].0, JangSpace::Texture);
    assert_eq!(selection.algorithm, JangSpace::Texture);
    assert_eq!(selection.placement, Placement::ReadOnly);
    let random_written = Buffer {
        read_only: false,
        instances: vec![instance(None, None)],
        ..mixed
    };
    assert_eq!(
        select(&random_written, 90, &costs).algorithm,
        JangSpace::Global
    );
}

/// Reuse counts elements read twice, not references: the fields of one structure per thread
/// are not reused, a sliding window and a broadcast are.
#[test]
fn reuse_is_counted() {
    let block = Some(Block::new(64, 1, 1));
    let fields: Vec<Access> = (0..4).map(|k| load(tx() * 4 + k, Vec::new())).collect();
    let fields: Vec<&Access> = fields.iter().collect();
    assert!(!reuse(&fields, block).0);
    let window = load(tx() + iv(0), vec![Loop::constant(0, 3, 1)]);
    assert!(reuse(&[&window], block).0);
    let own = load(tx() * 4 + iv(0), vec![Loop::constant(0, 4, 1)]);
    assert!(!reuse(&[&own], block).0);
    let broadcast = load(iv(0), vec![Loop::constant(0, 9, 1)]);
    assert!(reuse(&[&broadcast], block).0);
}

/// Without a block size, or when symbols move accesses differently, Jang's proxies decide.
#[test]
fn reuse_falls_back_to_jangs_proxies() {
    let fields: Vec<Access> = (0..2).map(|k| load(tx() * 4 + k, Vec::new())).collect();
    let fields: Vec<&Access> = fields.iter().collect();
    let (reused, why) = reuse(&fields, None);
    assert!(reused && why.contains("Jang's proxies"), "{why}");
    let symbol = |name: &str| IndexExpression::from(Variable::Symbol(name.into()));
    let shifted = [
        load(tx() + symbol("arg1"), Vec::new()),
        load(tx(), Vec::new()),
    ];
    let (_, why) = reuse(&[&shifted[0], &shifted[1]], Some(Block::new(32, 1, 1)));
    assert!(why.contains("move the accesses differently"), "{why}");
}

/// The grid-stride sum: `in[256·bid.x + tid.x + 256·j]`, `j` (the lanes' common offset in
/// units of the step) without bounds. Every element is read once, proven without
/// enumerating: coefficients 1 and 256 > 255, the threads' span.
#[test]
fn a_grid_stride_loop_reads_every_element_once() {
    let unbounded = Loop {
        lower: None,
        upper: None,
        step: None,
    };
    let bid = IndexExpression::from(Variable::BlockX);
    let access = load(bid * 256 + tx() + iv(0) * 256, vec![unbounded]);
    let block = Some(Block::new(256, 1, 1));
    assert!(own_elements(&access, block));
    let (reused, why) = reuse(&[&access], block);
    assert!(!reused && why.contains("mixed radix"), "{why}");
    // A step of 128 lets thread 128 of one iteration meet thread 0 of the next.
    let overlapping = load(tx() + iv(0) * 128, vec![unbounded]);
    assert!(!own_elements(&overlapping, block));
    // Threads along y that the index ignores read the same elements.
    assert!(!own_elements(&access, Some(Block::new(256, 2, 1))));
}

proptest! {
    /// Whenever the radix test says no element repeats, brute force agrees.
    #[test]
    fn the_radix_test_never_misses_a_repeated_element(
        x in 0i64..40, y in 0i64..40, k in 0i64..40,
        width in 1u32..9, height in 1u32..5, trips in 1i64..6, step in 1i64..3,
    ) {
        let access = load(tx() * x + ty() * y + iv(0) * k, vec![Loop::constant(0, trips * step, step)]);
        if own_elements(&access, Some(Block::new(width, height, 1))) {
            let mut seen = std::collections::HashSet::new();
            for tx in 0..i64::from(width) {
                for ty in 0..i64::from(height) {
                    for iteration in 0..trips {
                        let offset = x * tx + y * ty + k * iteration * step;
                        prop_assert!(seen.insert(offset), "offset {} twice", offset);
                    }
                }
            }
        }
    }
}
