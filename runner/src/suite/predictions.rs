//! What the analysis's model predicts Nsight Compute will count for one launch: the
//! kernel-wide totals of the reference interpreter's trace (issue 7, "Calibration").
//!
//! Model. The interpreter's trace ([`interpreter::Trace`]) holds, per memory op, the totals
//! of every warp request it issued, measured with the analysis crate's definitions
//! (`analysis::request`: sectors, Gao's phase model of wavefronts for 1- to 16-byte lanes,
//! the ideal wavefronts of a conflict-free request). A [`Prediction`] sums them over the ops
//! of each space and direction, which is what the profiler's counters sum over a launch:
//!
//! | prediction | Nsight Compute counter |
//! |---|---|
//! | global load requests, sectors | `l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_ld.sum` |
//! | global store requests, sectors | `l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_st.sum` |
//! | shared load requests | `smsp__inst_executed_op_shared_ld.sum` |
//! | shared load wavefronts | `l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum` |
//! | shared load bank conflicts = wavefronts − ideal | `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum` |
//!
//! and the same for shared stores. Constant and private (local) memory go through other
//! pipes and are not counted.
//!
//! Assumptions. One trace request is one warp instruction: the interpreter counts a
//! contiguous vector access of up to 16 bytes per lane as one request, as the hardware issues
//! one `ld.v4`/`st.v4` (the pass never makes wider accesses), and a strided vector as one
//! request per element. The lowering is taken to keep every memory op of the MLIR: LLVM
//! merging, removing or hoisting accesses shows up as a disagreement, which is the point of
//! the comparison. A warp none of whose lanes takes a branch issues nothing here; if ptxas
//! predicates the branch instead, ncu's `inst_executed` counts the warp's instruction anyway
//! (with no wavefront), so measured wavefronts per request fall below the prediction.
//! Ratios, not totals, are compared: the trace is of the bench-size code (the pass decides
//! with the problem size, so the check size's code may differ) but only of the grid's first
//! blocks ([`super::KernelEntry::corner`]; the interpreter cannot run the whole grid), so
//! sectors per request and wavefronts per request are the predictions, valid for the whole
//! launch as far as the first blocks issue what the others do.
//!
//! Cost. Linear in the kernel's memory ops; the interpreter run is the build's.

use analysis::request::MetricsAccumulator;
use interpreter::{AccessKind, MemorySpace, Trace};
use serde::{Deserialize, Serialize};

/// Global-memory traffic in one direction, summed over a launch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlobalTraffic {
    /// Warp requests (instructions executed).
    pub requests: u64,
    /// 32-byte sectors over all requests.
    pub sectors: u64,
}

/// Shared-memory traffic in one direction, summed over a launch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SharedTraffic {
    /// Warp requests (instructions executed).
    pub requests: u64,
    /// Wavefronts over all requests.
    pub wavefronts: u64,
    /// Wavefronts had every request been conflict-free (one per phase with an active lane).
    pub ideal_wavefronts: u64,
}

impl GlobalTraffic {
    /// Adds one op's totals.
    pub fn add(&mut self, totals: &MetricsAccumulator) {
        self.requests += totals.requests;
        self.sectors += totals.sectors;
    }
}

impl SharedTraffic {
    /// Adds one op's totals.
    pub fn add(&mut self, totals: &MetricsAccumulator) {
        self.requests += totals.requests;
        self.wavefronts += totals.wavefronts;
        self.ideal_wavefronts += totals.ideal_wavefronts;
    }

    /// Wavefronts beyond the ideal: the bank conflicts.
    pub fn bank_conflicts(&self) -> u64 {
        self.wavefronts.saturating_sub(self.ideal_wavefronts)
    }
}

/// The counters the model predicts for one launch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prediction {
    /// Global loads.
    pub global_load: GlobalTraffic,
    /// Global stores.
    pub global_store: GlobalTraffic,
    /// Shared loads.
    pub shared_load: SharedTraffic,
    /// Shared stores.
    pub shared_store: SharedTraffic,
}

impl Prediction {
    /// The launch-wide totals of `trace`, by space and direction.
    pub fn of(trace: &Trace) -> Prediction {
        let mut prediction = Prediction::default();
        for access in &trace.accesses {
            let (global, shared) = match access.kind {
                AccessKind::Load => (&mut prediction.global_load, &mut prediction.shared_load),
                AccessKind::Store => (&mut prediction.global_store, &mut prediction.shared_store),
            };
            match access.space {
                Some(MemorySpace::Global) => global.add(&access.totals),
                Some(MemorySpace::Workgroup) => shared.add(&access.totals),
                Some(MemorySpace::Constant | MemorySpace::Private) | None => {}
            }
        }
        prediction
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use interpreter::AccessTrace;

    /// An op's trace: its space and direction, and its totals of requests, sectors,
    /// wavefronts and ideal wavefronts.
    fn access(
        space: Option<MemorySpace>,
        kind: AccessKind,
        [requests, sectors, wavefronts, ideal_wavefronts]: [u64; 4],
    ) -> AccessTrace {
        let totals = MetricsAccumulator {
            requests,
            sectors,
            wavefronts,
            ideal_wavefronts,
            distinct_addresses: 32 * requests,
            lanes: 32 * requests,
        };
        AccessTrace {
            location: "test".into(),
            op: "memref.load".into(),
            kind,
            space,
            metrics: totals.metrics(),
            fullest_blocks: totals.clone(),
            fullest_block_lanes: totals.lanes,
            totals,
            requests: Vec::new(),
        }
    }

    /// Two global loads add up, shared ops keep their wavefronts apart from their ideal,
    /// and constant, private and never-executed ops count nowhere.
    #[test]
    fn sums_each_space_and_direction() {
        use AccessKind::{Load, Store};
        use MemorySpace::{Constant, Global, Private, Workgroup};
        let ops = [
            (Some(Global), Load, [128, 512, 128, 128]),
            (Some(Global), Load, [64, 320, 64, 64]),
            (Some(Global), Store, [128, 4096, 128, 128]),
            (Some(Workgroup), Store, [32, 128, 32, 32]),
            (Some(Workgroup), Load, [32, 1024, 1024, 32]),
            (Some(Constant), Load, [7, 7, 7, 7]),
            (Some(Private), Store, [5, 5, 5, 5]),
            (None, Load, [0, 0, 0, 0]),
        ];
        let trace = Trace {
            accesses: ops
                .into_iter()
                .map(|(space, kind, totals)| access(space, kind, totals))
                .collect(),
            ..Trace::default()
        };
        let prediction = Prediction::of(&trace);
        assert_eq!(
            prediction.global_load,
            GlobalTraffic {
                requests: 192,
                sectors: 832
            }
        );
        assert_eq!(prediction.global_store.sectors, 4096);
        assert_eq!(prediction.shared_store.bank_conflicts(), 0);
        assert_eq!(
            prediction.shared_load,
            SharedTraffic {
                requests: 32,
                wavefronts: 1024,
                ideal_wavefronts: 32
            }
        );
        assert_eq!(prediction.shared_load.bank_conflicts(), 992);
    }
}
