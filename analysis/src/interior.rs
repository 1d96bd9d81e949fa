//! The access as an interior block issues it: edge guards on block ids taken to hold (issue 8).
//!
//! A kernel over `N` elements with blocks of `B` threads guards its accesses with an edge test
//! such as `32·bid.x + tid.x < n`. Its outcome depends on the block id and on `n`, neither known
//! when the kernel is compiled, so [`crate::metrics::warp_metrics`] calls such an access
//! unknown. But the test only removes lanes in the last block (or row of blocks) of the grid:
//! every other block, the *interior* ones, runs with it true for every lane. Bank conflicts and
//! sectors are costed for those blocks, as the global staging step already does for sectors.
//!
//! **Model.** The guard is a conjunction. A conjunct is *assumed* (taken to hold for every lane)
//! when it is fully modelled (no data-dependent part), mentions at least one warp-uniform
//! unknown (a block id or a launch symbol such as a kernel argument), and otherwise only thread
//! ids and, when it mentions a block id, variables of loops with a constant trip count. A row
//! filter's halo load `128·bid.x + tid.x - 16 + 16·i ≥ 0` over `i < 10` is such a test: the
//! loop moves the lane by at most 144 elements, and every block but the first reads inside the
//! image for every `i`. Every other conjunct is kept exactly: those on thread ids alone
//! (`tid.x < 16` removes lanes in every block), those over loop variables with no block id or
//! an unknown trip count (`i < n`: the iteration decides, not the block), and those with a
//! data-dependent part (nothing is known about them). [`interior_access`] returns the access
//! with the assumed conjuncts removed and the uniform unknowns they mention.
//!
//! **Assumption.** An interior block exists, i.e. the grid has more than one block along the
//! guarded dimension (more than the few a bounded loop's reach spans); the edge blocks are a
//! vanishing share of a large grid. The cost is that of the interior blocks, named as such in
//! every message ([`InteriorAccess::assumption`]).
//!
//! Cost: one pass over the guard's conjuncts.

use std::collections::BTreeSet;

use crate::expression::{Loop, LoopId, Variable};
use crate::matrix::{Access, Condition};

/// An access of an interior block, and the uniform unknowns of the conjuncts assumed to hold.
#[derive(Clone, Debug, PartialEq)]
pub struct InteriorAccess {
    /// The access with the assumed conjuncts removed.
    pub access: Access,
    /// Block ids and launch symbols the assumed conjuncts mention.
    pub assumed: BTreeSet<Variable>,
}

impl InteriorAccess {
    /// What was assumed, e.g. `the edge guard on bid.x holds for every lane`.
    pub fn assumption(assumed: &BTreeSet<Variable>) -> String {
        let names: Vec<String> = assumed.iter().map(Variable::to_string).collect();
        format!(
            "the edge guard on {} holds for every lane",
            names.join(", ")
        )
    }
}

/// `access` as an interior block issues it, or `None` when no guard conjunct is assumed.
pub fn interior_access(access: &Access) -> Option<InteriorAccess> {
    let mut assumed = BTreeSet::new();
    let mut kept = Vec::with_capacity(access.guard.len());
    for condition in &access.guard {
        match assumed_unknowns(condition, &access.loops) {
            Some(uniform) => assumed.extend(uniform),
            None => kept.push(condition.clone()),
        }
    }
    if assumed.is_empty() {
        return None;
    }
    Some(InteriorAccess {
        access: Access {
            guard: kept,
            ..access.clone()
        },
        assumed,
    })
}

/// The uniform unknowns of `condition` when it is an edge test to assume, else `None`.
/// A disjunction is not one: `by == 0 || ty == 0` in an interior block holds for row 0 only.
fn assumed_unknowns(condition: &Condition, loops: &[Loop]) -> Option<BTreeSet<Variable>> {
    if condition.left.has_unknown() || condition.right.has_unknown() || condition.is_disjunction() {
        return None;
    }
    let variables = condition.variables();
    let has_block_id = variables.iter().any(Variable::is_block);
    let bounded_loop = |variable: &Variable| match variable {
        Variable::Loop(LoopId(depth)) => {
            has_block_id && loops.get(*depth).and_then(Loop::trip_count).is_some()
        }
        _ => false,
    };
    if !variables.iter().all(|variable| {
        variable.is_thread() || is_uniform_unknown(variable) || bounded_loop(variable)
    }) {
        return None;
    }
    let uniform: BTreeSet<Variable> = variables.into_iter().filter(is_uniform_unknown).collect();
    (!uniform.is_empty()).then_some(uniform)
}

/// Whether `variable` is the same for every thread of a block and unknown at compile time.
fn is_uniform_unknown(variable: &Variable) -> bool {
    variable.is_block() || matches!(variable, Variable::Symbol(_))
}
