//! One layout for a shared buffer that several kernels use (a workgroup `memref.global`
//! reached from more than one kernel): a pad changes the global's type and a swizzle its
//! element order for every user, so one candidate must serve them all.
//!
//! Model. Each kernel's own search (`shared_layout::plan`, for its accesses, its block and the
//! shared memory it has left) costs every candidate layout: total wavefronts per block. A
//! candidate is admissible when every kernel costed it without rejecting it (alignment,
//! budget, unknown metrics) and no kernel's wavefronts exceed what it has with the buffer
//! unchanged ("apply only when no kernel gets worse"). Among the admissible ones, the fewest
//! wavefronts summed over the kernels wins; ties go to fewer bytes, then to the simpler kind,
//! as in the single-kernel search. `Unchanged` is always admissible.
//!
//! Assumption: the sum weighs each kernel's block equally (the launch counts are not known).
//! Cost: candidates × kernels lookups.

use crate::shared_layout::{BufferPlan, CandidateCost, SharedLayout};

/// The layout chosen for a buffer shared by several kernels, with each kernel's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct JointChoice {
    /// The layout.
    pub layout: SharedLayout,
    /// Bytes it adds to the buffer.
    pub extra_bytes: u64,
    /// Each kernel's wavefronts per block with the buffer unchanged, in the plans' order.
    pub before: Vec<u64>,
    /// Each kernel's wavefronts per block with the chosen layout.
    pub after: Vec<u64>,
}

/// Chooses one layout from every kernel's `plans` (same buffer, same candidate layouts).
pub fn choose(plans: &[&BufferPlan]) -> JointChoice {
    let wavefronts = |plan: &BufferPlan, layout: &SharedLayout| {
        plan.candidates
            .iter()
            .find(|candidate| candidate.layout == *layout && candidate.rejected.is_none())
            .and_then(CandidateCost::wavefronts)
    };
    let before: Vec<u64> = plans.iter().map(|plan| plan.wavefronts_before()).collect();
    let unchanged = JointChoice {
        layout: SharedLayout::Unchanged,
        extra_bytes: 0,
        before: before.clone(),
        after: before.clone(),
    };
    let Some(first) = plans.first() else {
        return unchanged;
    };
    first
        .candidates
        .iter()
        .filter_map(|candidate| {
            let after = plans
                .iter()
                .zip(&before)
                .map(|(plan, &unchanged)| {
                    wavefronts(plan, &candidate.layout).filter(|&after| after <= unchanged)
                })
                .collect::<Option<Vec<u64>>>()?;
            Some(JointChoice {
                layout: candidate.layout,
                extra_bytes: candidate.extra_bytes,
                before: before.clone(),
                after,
            })
        })
        .min_by_key(|choice| {
            (
                choice.after.iter().sum::<u64>(),
                choice.extra_bytes,
                choice.layout.kind_rank(),
            )
        })
        .unwrap_or(unchanged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared_layout::AccessCost;

    /// A plan whose candidates (unchanged, pad 1, pad 2) cost `wavefronts` each.
    fn plan(wavefronts: [u64; 3]) -> BufferPlan {
        let cost = |wavefronts: u64| AccessCost {
            requests: 1,
            wavefronts,
            ideal_wavefronts: 1,
            degree: wavefronts as f64,
            worst: wavefronts as f64,
        };
        let layouts = [
            SharedLayout::Unchanged,
            SharedLayout::Pad { elements: 1 },
            SharedLayout::Pad { elements: 2 },
        ];
        BufferPlan {
            layout: SharedLayout::Unchanged,
            shape: vec![32, 32],
            extra_bytes: 0,
            before: vec![cost(wavefronts[0])],
            after: vec![cost(wavefronts[0])],
            candidates: layouts
                .iter()
                .zip(wavefronts)
                .map(|(&layout, wavefronts)| CandidateCost {
                    layout,
                    extra_bytes: match layout {
                        SharedLayout::Pad { elements } => 128 * elements as u64,
                        _ => 0,
                    },
                    costs: Some(vec![cost(wavefronts)]),
                    rejected: None,
                })
                .collect(),
            reason: String::new(),
            interior: None,
            every_lane: None,
        }
    }

    #[test]
    fn no_kernel_may_get_worse() {
        // Pad 1 is best for the first kernel but doubles the second's: pad 2 serves both.
        let (first, second) = (plan([1024, 32, 64]), plan([32, 64, 32]));
        let choice = choose(&[&first, &second]);
        assert_eq!(choice.layout, SharedLayout::Pad { elements: 2 });
        assert_eq!(
            (choice.before, choice.after),
            (vec![1024, 32], vec![64, 32])
        );
    }

    #[test]
    fn unchanged_when_every_layout_hurts_someone() {
        let (first, second) = (plan([1024, 32, 64]), plan([32, 64, 40]));
        assert_eq!(choose(&[&first, &second]).layout, SharedLayout::Unchanged);
    }
}
