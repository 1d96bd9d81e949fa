//! The access of an interior block (`analysis::interior`, issue 8): which guard conjuncts are
//! assumed, that the interior metrics are those of any block where the edge guard holds for
//! every lane (brute force), and that the layout planner uses them only when it must.

mod common;

use std::collections::BTreeSet;

use analysis::interior::interior_access;
use analysis::shared_layout::{plan, Allowed, SharedLayout};
use analysis::BankModel::Conventional;
use analysis::{
    warp_metrics, Access, Block, Condition, IndexExpression, Loop, MetricsAccumulator, Relation,
    Request, Variable,
};
use common::kernels::{guarded, shape_of, store};
use common::{iv, shared, tx, ty};
use proptest::prelude::*;

/// Plenty of shared memory: every candidate fits.
const AMPLE: u64 = 48 * 1024;

/// `blockIdx` along `variable` as an expression.
fn block_id(variable: Variable) -> IndexExpression {
    variable.into()
}

/// The launch symbol `name` (a kernel argument).
fn symbol(name: &str) -> IndexExpression {
    Variable::Symbol(name.into()).into()
}

/// The edge test `extent·bid + tid < bound`.
fn edge(
    block: Variable,
    extent: i64,
    thread: IndexExpression,
    bound: IndexExpression,
) -> Condition {
    Condition::new(block_id(block) * extent + thread, Relation::Less, bound)
}

#[test]
fn assumes_edge_tests_and_keeps_the_rest() {
    let kept = [
        Condition::new(tx(), Relation::Less, 16),
        Condition::new(
            block_id(Variable::BlockX) + iv(0),
            Relation::Less,
            symbol("n"),
        ),
        Condition::new(
            IndexExpression::Unknown("loaded from memory".into()) + tx(),
            Relation::Less,
            5,
        ),
    ];
    let assumed = [
        edge(Variable::BlockX, 32, tx(), symbol("n")),
        Condition::new(block_id(Variable::BlockY), Relation::Less, 3),
    ];
    let mut access = shared(&[32, 32], vec![ty(), tx()]);
    access.guard = vec![
        assumed[0].clone(),
        kept[0].clone(),
        kept[1].clone(),
        assumed[1].clone(),
        kept[2].clone(),
    ];
    let interior = interior_access(&access).expect("edge tests to assume");
    assert_eq!(interior.access.guard, kept.to_vec());
    assert_eq!(interior.access.indices, access.indices);
    let expected: BTreeSet<Variable> = [
        Variable::BlockX,
        Variable::BlockY,
        Variable::Symbol("n".into()),
    ]
    .into();
    assert_eq!(interior.assumed, expected);

    access.guard = kept.to_vec();
    assert_eq!(interior_access(&access), None, "nothing to assume");
}

/// A conjunct over a loop variable is an edge test when it also mentions a block id and the
/// loop's trip count is constant (the row filter's halo `128·bid.x + tid.x - 16 + 16·i ≥ 0`,
/// `i < 10`): every block but the first few passes it for every iteration. Without a block id
/// (`i < n`) or with an unknown trip count, the iteration decides, and the conjunct is kept.
#[test]
fn assumes_edge_tests_over_bounded_loops_only() {
    let halo = Condition::new(
        block_id(Variable::BlockX) * 128 + tx() + iv(0) * 16 - 16,
        Relation::GreaterEqual,
        0,
    );
    let trip = Condition::new(iv(1), Relation::Less, symbol("n"));
    let mut access = shared(&[32, 32], vec![ty(), tx()]);
    access.loops = vec![Loop::constant(0, 10, 1), Loop::constant(0, 4, 1)];
    access.guard = vec![halo.clone(), trip.clone()];
    let interior = interior_access(&access).expect("the halo test to assume");
    assert_eq!(interior.access.guard, vec![trip.clone()]);
    assert_eq!(interior.assumed, [Variable::BlockX].into());

    access.loops[0] = Loop {
        upper: None,
        ..Loop::constant(0, 10, 1)
    };
    assert_eq!(interior_access(&access), None, "unknown trip count");
}

/// Brute-force `(requests, wavefronts)` of `access` for the block with ids `block_ids` and
/// launch symbol `n`, every lane's guard and address evaluated with `Access` itself.
fn brute_force(access: &Access, block: Block, block_ids: [i64; 3], n: i64) -> (u64, u64) {
    let mut totals = MetricsAccumulator::default();
    for warp in block.warps() {
        let addresses: Vec<Option<u64>> = warp
            .iter()
            .map(|thread| {
                let value = |variable: &Variable| {
                    let axis = [Variable::ThreadX, Variable::ThreadY, Variable::ThreadZ]
                        .iter()
                        .position(|thread_axis| thread_axis == variable);
                    let block_axis = [Variable::BlockX, Variable::BlockY, Variable::BlockZ]
                        .iter()
                        .position(|block_axis| block_axis == variable);
                    match (axis, block_axis, variable) {
                        (Some(axis), _, _) => Some(thread[axis]),
                        (_, Some(axis), _) => Some(block_ids[axis]),
                        (_, _, Variable::Symbol(_)) => Some(n),
                        _ => None,
                    }
                };
                let active = access.is_active(&value).expect("guard evaluates");
                let address = access.byte_address(&value).expect("address evaluates");
                active.then_some(address as u64)
            })
            .collect();
        totals.add(
            &Request {
                addresses: &addresses,
                access_bytes: access.access_bytes(),
            },
            Conventional,
        );
    }
    (totals.requests, totals.wavefronts)
}

proptest! {
    /// For any block whose edge tests hold for every lane, the interior access's static metrics
    /// equal the brute-force ones of the original access; block 0's are unknown.
    #[test]
    fn interior_metrics_are_those_of_any_interior_block(
        row_stride in 1i64..40,
        column_stride in 0i64..3,
        threads_y in 1u32..9,
        active_x in 1i64..33,
        block_ids in (0i64..50, 0i64..50),
        slack in 0i64..100,
    ) {
        let block = Block::new(32, threads_y, 1);
        let columns = 32 * row_stride + 8 * column_stride + 1;
        let mut access = shared(&[8, columns], vec![ty(), tx() * row_stride + ty() * column_stride]);
        let extent_y = i64::from(threads_y);
        access.guard = vec![
            edge(Variable::BlockX, 32, tx(), symbol("n")),
            Condition::new(tx(), Relation::Less, active_x),
            edge(Variable::BlockY, extent_y, ty(), symbol("n")),
        ];
        let (bx, by) = block_ids;
        let n = (32 * bx + 32).max(extent_y * by + extent_y) + slack;
        prop_assert!(warp_metrics(&access, block, Conventional).is_err());
        let interior = interior_access(&access).expect("edge tests to assume");
        prop_assert_eq!(interior.access.guard.len(), 1);
        let metrics = warp_metrics(&interior.access, block, Conventional).expect("analysable");
        let (requests, wavefronts) = brute_force(&access, block, [bx, by, 0], n);
        prop_assert_eq!(metrics.requests, Ok(requests));
        prop_assert_eq!(metrics.wavefronts, Ok(wavefronts));
    }
}

/// The 32×32 transpose tile of a block of 32×32 threads, `tile[ty][tx]` written and
/// `tile[tx][ty]` read, each under `guard`.
fn guarded_transpose(guard: &[Condition]) -> Vec<Access> {
    let under = |access: Access| guard.iter().cloned().fold(access, guarded);
    vec![
        under(store(shared(&[32, 32], vec![ty(), tx()]))),
        under(shared(&[32, 32], vec![tx(), ty()])),
    ]
}

#[test]
fn planner_costs_an_edge_guarded_tile_for_an_interior_block() {
    let block = Block::new(32, 32, 1);
    let plan_of = |accesses: &[Access]| {
        plan(
            &shape_of(&accesses[0]),
            4,
            (accesses, &[]),
            block,
            Conventional,
            Allowed::ALL,
            AMPLE,
        )
    };
    let free = plan_of(&guarded_transpose(&[])).expect("unguarded tile");
    assert_eq!(free.interior, None);
    let edges = [
        edge(Variable::BlockX, 32, tx(), symbol("n")),
        edge(Variable::BlockY, 32, ty(), symbol("m")),
    ];
    let guarded_plan = plan_of(&guarded_transpose(&edges)).expect("costed for an interior block");
    assert_ne!(guarded_plan.layout, SharedLayout::Unchanged);
    assert_eq!(guarded_plan.layout, free.layout);
    assert_eq!(guarded_plan.before, free.before);
    assert_eq!(guarded_plan.after, free.after);
    assert_eq!(
        guarded_plan.interior.as_deref(),
        Some("the edge guard on bid.x, bid.y, m, n holds for every lane")
    );
    assert!(guarded_plan.reason.ends_with(
        "; costed for an interior block: the edge guard on bid.x, bid.y, m, n holds for every lane"
    ));

    let data = Condition::new(
        IndexExpression::Unknown("loaded from memory".into()),
        Relation::Less,
        tx(),
    );
    let refused = plan_of(&guarded_transpose(&[edges[0].clone(), data]))
        .expect_err("a data-dependent guard stays unknown");
    assert!(
        refused.reason.contains("even for an interior block"),
        "{}",
        refused.reason
    );
}
