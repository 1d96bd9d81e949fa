//! Whether constant memory pays for its copy (issue 30). An argument in constant memory is a
//! launch contract: before every launch the launcher copies the argument's bytes into the
//! kernel's constant symbol (`cuMemcpyHtoD` to the symbol's address, `cudaMemcpyToSymbol`).
//! This weighs that copy against what the constant cache saves.
//!
//! Model. A constant-cache hit saves `Δ = T_readonly − T_const(d)` cycles over a read-only
//! path L1 hit (Fang's costs, [`CostModel`]) on each of a warp's `L` loads of the buffer. Other
//! warps hide latency, so a launch gains at most that saving on one warp's chain of loads for
//! each wave of blocks; where the grid is unknown (a kernel with no launch site) the launch is
//! taken to be one wave, the least that fills the GPU:
//!
//! ```text
//! gain   = Δ · L / f                      f: the SM clock
//! t_copy = overhead + bytes / bandwidth   a small host-to-device copy
//! ```
//!
//! `L` is the sum over the buffer's loads of the product of their loops' trip counts, a loop
//! whose trip count is unknown counted once (so `gain` is then a lower bound). Constant memory
//! is chosen only where `gain > t_copy`: 2 KB copied for one load per thread (FDTD-2D's
//! `_fict_[t]`) is a loss; a 3x3 filter read in a loop of 1,000 pixels per thread pays.
//!
//! Cost: O(loads).

use serde::Serialize;

use crate::memory_space::{Buffer, CostModel, Placement, Selection};

/// SM clock of the H100/H200 SXM at maximum boost, 1,980 MHz (NVIDIA H100 Tensor Core GPU
/// datasheet; anchors-3 §shared memory): cycles per nanosecond.
pub const SM90_CLOCK_CYCLES_PER_NS: f64 = 1.98;

/// Fixed cost of one small host-to-device copy before a launch, in ns: an ESTIMATE (the CUDA
/// C++ Best Practices Guide, "Data Transfer Between Host and Device": each transfer carries a
/// fixed overhead of the order of microseconds); not yet calibrated on the H200.
pub const HOST_COPY_OVERHEAD_NS: f64 = 2_000.0;

/// Host-to-device bandwidth of such a copy, in bytes per ns: an ESTIMATE, about half of PCIe
/// Gen5 x16's 64 GB/s for a pageable buffer; not yet calibrated on the H200.
pub const HOST_COPY_BYTES_PER_NS: f64 = 25.0;

/// The copy and the gain of one argument in constant memory, per launch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Weighing {
    /// Bytes copied before each launch.
    pub bytes: u64,
    /// Loads of the buffer one warp executes (`L`).
    pub loads_per_warp: f64,
    /// Whether a loop's trip count was unknown (counted once: the gain is a lower bound).
    pub trips_unknown: bool,
    /// Cycles a constant-cache hit saves on each load (`Δ`).
    pub saved_cycles: f64,
    /// The gain per launch, ns.
    pub gain_ns: f64,
    /// The copy per launch, ns.
    pub copy_ns: f64,
}

impl Weighing {
    /// Whether the gain beats the copy.
    pub fn pays(&self) -> bool {
        self.gain_ns > self.copy_ns
    }

    /// `its 2000 B copied before each launch (about 2.1 µs) cost more than the constant cache
    /// saves (9 cycles on each of a warp's 1 load: 5 ns a wave of blocks)`, or `... saves more
    /// than ...` where it pays.
    pub fn describe(&self) -> String {
        let loads = if self.loads_per_warp == 1.0 {
            "1 load".to_string()
        } else {
            format!("{:.0} loads", self.loads_per_warp)
        };
        let lower_bound = if self.trips_unknown {
            ", a loop of unknown trip count counted once"
        } else {
            ""
        };
        let copy = format!(
            "its {} B copied before each launch (about {})",
            self.bytes,
            nanoseconds(self.copy_ns)
        );
        let saving = format!(
            "the constant cache saves ({:.0} cycles on each of a warp's {loads}{lower_bound}: {} \
             a wave of blocks)",
            self.saved_cycles,
            nanoseconds(self.gain_ns)
        );
        if self.pays() {
            format!("{saving} more than {copy} cost")
        } else {
            format!("{copy} cost more than {saving}")
        }
    }
}

/// `5 ns`, `2.1 µs`.
fn nanoseconds(value: f64) -> String {
    if value < 1_000.0 {
        format!("{value:.0} ns")
    } else {
        format!("{:.1} µs", value / 1_000.0)
    }
}

/// Weighs copying `bytes` before each launch against `loads` (each a warp's executions of one
/// load, `None` where a loop's trip count is unknown) at `distinct` addresses per request.
pub fn weigh(bytes: u64, loads: &[Option<f64>], distinct: f64, costs: &CostModel) -> Weighing {
    let saved_cycles = (costs.read_only - costs.constant(distinct)).max(0.0);
    let loads_per_warp: f64 = loads.iter().map(|load| load.unwrap_or(1.0)).sum();
    let gain_ns = saved_cycles * loads_per_warp / SM90_CLOCK_CYCLES_PER_NS;
    Weighing {
        bytes,
        loads_per_warp,
        trips_unknown: loads.iter().any(Option::is_none),
        saved_cycles,
        gain_ns,
        copy_ns: HOST_COPY_OVERHEAD_NS + bytes as f64 / HOST_COPY_BYTES_PER_NS,
    }
}

/// Weighs `selection`'s constant placement of `buffer` against its per-launch copy on target
/// `sm`; where the copy does not pay, the read-only path (plain global loads before sm_70)
/// serves instead and the reason says why. Other placements are left as they are.
pub fn settle(selection: &mut Selection, buffer: &Buffer, sm: u32, costs: &CostModel) {
    if selection.placement != Placement::Constant {
        return;
    }
    let (Some(bytes), Some(distinct)) = (buffer.bytes, selection.distinct_addresses) else {
        return;
    };
    let loads: Vec<Option<f64>> = buffer
        .instances
        .iter()
        .map(|instance| instance.executions)
        .collect();
    let weighing = weigh(bytes, &loads, distinct, costs);
    if !weighing.pays() {
        selection.placement = Placement::read_only_on(sm);
        selection
            .reason
            .push_str(&format!("; not constant: {}", weighing.describe()));
    }
    selection.constant_copy = Some(weighing);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FDTD-2D's `_fict_`: 500 floats for one uniform load per thread is a loss.
    #[test]
    fn one_load_never_pays_for_a_copy() {
        let weighing = weigh(2_000, &[Some(1.0)], 1.0, &CostModel::MEASURED_SM90);
        assert!(!weighing.pays(), "{weighing:?}");
        assert!((weighing.saved_cycles - 9.1).abs() < 0.1);
        let text = weighing.describe();
        assert!(text.starts_with("its 2000 B copied"), "{text}");
        assert!(text.contains("1 load: 5 ns"), "{text}");
    }

    /// Nine filter taps in a loop of 1,000 iterations: 9,000 loads save about 41 µs.
    #[test]
    fn a_filter_read_in_a_long_loop_pays() {
        let weighing = weigh(36, &[Some(9_000.0)], 1.0, &CostModel::MEASURED_SM90);
        assert!(weighing.pays(), "{weighing:?}");
        assert!(weighing.gain_ns > 40_000.0);
    }

    /// An unknown trip count counts once and is said; more distinct addresses save nothing.
    #[test]
    fn unknown_trips_and_no_saving() {
        let weighing = weigh(64, &[None, Some(2.0)], 1.0, &CostModel::MEASURED_SM90);
        assert_eq!(weighing.loads_per_warp, 3.0);
        assert!(weighing.describe().contains("unknown trip count"));
        let none = weigh(64, &[Some(1e9)], 4.0, &CostModel::MEASURED_SM90);
        assert_eq!(none.saved_cycles, 0.0);
        assert!(!none.pays());
    }
}
