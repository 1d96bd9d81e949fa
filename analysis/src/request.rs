//! Metrics of one warp request, and their running totals: the contract with the interpreter.
//!
//! A *request* is what one warp issues for one memory instruction: for each lane the byte
//! address it touches (`None` when the lane is inactive) and the access width `M` in bytes
//! (1, 2, 4, 8 or 16). The static analysis ([`crate::metrics`]) and the reference interpreter
//! (measured addresses) both describe traffic this way, so both feed the same functions.
//!
//! * **Sectors** (global memory): the distinct 32-byte sectors the active lanes touch; a lane
//!   touches bytes `a … a+M−1`. A fully coalesced 4-byte request needs 4.
//! * **Wavefronts** (shared memory): Gao's unified model (seed-004 §1.3, [`BankGeometry`]).
//!   Lanes are served in phases of `B·W/M` consecutive lanes (at most 32). A phase needs
//!   `max over banks of |{layer(u)}|` wavefronts over the units `u = ⌊a/N⌋ … ⌊(a+M−1)/N⌋`
//!   its active lanes touch: lanes sharing a layer (same address, or sub-words of one word)
//!   are served together. On [`BankModel::Conventional`] this is "the most distinct 4-byte
//!   words in one bank". The request needs the sum over phases with an active lane.
//! * **Ideal wavefronts**: the phases with an active lane (1 for ≤ 4 bytes, 2 for 8 bytes and
//!   4 for 16 bytes on sm_90 with a full warp).
//! * **Distinct addresses**: the distinct start addresses of active lanes; the constant cache
//!   serialises on them.
//!
//! A request without active lanes is never issued (its branch is not taken), so it has zero of
//! everything and [`MetricsAccumulator`] does not count it.
//!
//! Cost: O(lanes · units per lane · log) per request, with sorting in place of hashing, on the
//! stack (no heap allocation for requests of up to 16 bytes per lane).

use num_integer::Integer;
use serde::Serialize;

use crate::target::{BankGeometry, BankModel, SECTOR_BYTES};

/// One warp request: the byte address each lane touches (None = lane inactive) and the access width in bytes (4, 8, 16, also 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// Byte address per lane, `None` for an inactive lane.
    pub addresses: &'a [Option<u64>],
    /// Bytes each active lane accesses.
    pub access_bytes: u32,
}

impl Request<'_> {
    /// Byte addresses of the active lanes, lane order.
    fn active(&self) -> impl Iterator<Item = u64> + '_ {
        self.addresses.iter().flatten().copied()
    }

    /// Last byte a lane starting at `address` touches.
    fn last_byte(&self, address: u64) -> u64 {
        address + u64::from(self.access_bytes.max(1)) - 1
    }
}

/// `Q = lcm(32, bank shift period)`: every request metric is unchanged when all addresses of
/// a request move by a multiple of `Q` bytes (a sector is 32 bytes; see
/// [`BankGeometry::shift_period_bytes`]).
pub fn shift_period(model: BankModel) -> u64 {
    SECTOR_BYTES.lcm(&model.geometry().shift_period_bytes())
}

/// Distinct 32-byte sectors touched (global memory).
pub fn sectors(request: &Request) -> u32 {
    let touched = request
        .active()
        .flat_map(|address| address / SECTOR_BYTES..=request.last_byte(address) / SECTOR_BYTES);
    sorted(touched, |sectors| count_distinct(sectors))
}

/// Shared-memory wavefronts needed under `model`.
pub fn wavefronts(request: &Request, model: BankModel) -> u32 {
    wavefronts_for_geometry(request, model.geometry())
}

/// Wavefronts if conflict-free: the phases that have an active lane.
pub fn ideal_wavefronts(request: &Request, model: BankModel) -> u32 {
    ideal_wavefronts_for_geometry(request, model.geometry())
}

/// Distinct start addresses of the active lanes.
pub fn distinct_addresses(request: &Request) -> u32 {
    sorted(request.active(), |addresses| count_distinct(addresses))
}

/// [`wavefronts`] for any `(B, W, N)` geometry, e.g. Gao's hypothetical 16-byte layers.
pub fn wavefronts_for_geometry(request: &Request, geometry: BankGeometry) -> u32 {
    phases(request, geometry)
        .map(|phase| phase_degree(request, phase, geometry))
        .sum()
}

/// [`ideal_wavefronts`] for any `(B, W, N)` geometry.
pub fn ideal_wavefronts_for_geometry(request: &Request, geometry: BankGeometry) -> u32 {
    phases(request, geometry)
        .filter(|phase| phase.iter().any(Option::is_some))
        .count() as u32
}

/// The lanes of each phase.
fn phases<'r>(request: &'r Request, geometry: BankGeometry) -> std::slice::Chunks<'r, Option<u64>> {
    let lanes = geometry.lanes_per_phase(request.access_bytes);
    request.addresses.chunks(lanes)
}

/// Wavefronts of one phase: the most distinct layers any bank must serve (0 when no lane is active).
fn phase_degree(request: &Request, phase: &[Option<u64>], geometry: BankGeometry) -> u32 {
    let unit = u64::from(geometry.unit_bytes);
    let bank_layers = phase
        .iter()
        .flatten()
        .flat_map(|&address| address / unit..=request.last_byte(address) / unit)
        .map(|unit_index| {
            let address = unit_index * unit;
            (geometry.bank(address), geometry.layer(address))
        });
    sorted(bank_layers, |bank_layers| {
        bank_layers
            .chunk_by(|left, right| left.0 == right.0)
            .map(count_distinct)
            .max()
            .unwrap_or(0)
    })
}

/// Most values [`sorted`] sorts on the stack (a warp of 16-byte lanes spans 64 sectors and
/// 128 bank words); more go to the heap.
const STACK_VALUES: usize = 128;

/// `then` of `values` sorted, without a heap allocation for up to [`STACK_VALUES`] values.
fn sorted<T: Copy + Default + Ord, R>(
    mut values: impl Iterator<Item = T>,
    then: impl FnOnce(&mut [T]) -> R,
) -> R {
    let mut buffer = [T::default(); STACK_VALUES];
    let mut length = 0;
    while let Some(value) = values.next() {
        if length == STACK_VALUES {
            let mut heap = buffer.to_vec();
            heap.push(value);
            heap.extend(values);
            heap.sort_unstable();
            return then(&mut heap);
        }
        buffer[length] = value;
        length += 1;
    }
    let values = &mut buffer[..length];
    values.sort_unstable();
    then(values)
}

/// Distinct values of a sorted slice.
fn count_distinct<T: PartialEq>(sorted: &[T]) -> u32 {
    let repeats = sorted.windows(2).filter(|pair| pair[0] == pair[1]).count();
    (sorted.len() - repeats) as u32
}

/// Running totals over many requests, the way a profiler reports them.
///
/// Totals saturate at `u64::MAX` instead of overflowing.
#[derive(Default, Clone, Debug, PartialEq)]
pub struct MetricsAccumulator {
    /// Requests with at least one active lane.
    pub requests: u64,
    /// Sectors over all requests.
    pub sectors: u64,
    /// Shared-memory wavefronts over all requests.
    pub wavefronts: u64,
    /// Conflict-free wavefronts over all requests.
    pub ideal_wavefronts: u64,
    /// Distinct addresses summed over requests.
    pub distinct_addresses: u64,
    /// Active lanes summed over requests (how many thread executions they served).
    pub lanes: u64,
}

impl MetricsAccumulator {
    /// Counts one request (ignored when no lane is active).
    pub fn add(&mut self, request: &Request, model: BankModel) {
        self.add_repeated(request, model, 1);
    }

    /// Counts a request that is issued `times` times.
    pub fn add_repeated(&mut self, request: &Request, model: BankModel, times: u64) {
        if request.active().next().is_none() {
            return;
        }
        let single = MetricsAccumulator {
            requests: 1,
            sectors: u64::from(sectors(request)),
            wavefronts: u64::from(wavefronts(request, model)),
            ideal_wavefronts: u64::from(ideal_wavefronts(request, model)),
            distinct_addresses: u64::from(distinct_addresses(request)),
            lanes: request.active().count() as u64,
        };
        self.merge(&single, times);
    }

    /// Adds `times` copies of another accumulator's totals.
    pub fn merge(&mut self, other: &MetricsAccumulator, times: u64) {
        let add = |total: &mut u64, value: u64| {
            *total = total.saturating_add(value.saturating_mul(times));
        };
        add(&mut self.requests, other.requests);
        add(&mut self.sectors, other.sectors);
        add(&mut self.wavefronts, other.wavefronts);
        add(&mut self.ideal_wavefronts, other.ideal_wavefronts);
        add(&mut self.distinct_addresses, other.distinct_addresses);
        add(&mut self.lanes, other.lanes);
    }

    /// Extra wavefronts caused by bank conflicts (the replays; `ncu`'s `l1tex__data_bank_conflicts_*`).
    pub fn bank_conflicts(&self) -> u64 {
        self.wavefronts.saturating_sub(self.ideal_wavefronts)
    }

    /// The per-request averages (all zero, degree 1, when nothing was counted).
    pub fn metrics(&self) -> Metrics {
        let per_request = |total: u64| ratio(total, self.requests, 0.0);
        Metrics {
            requests: self.requests,
            sectors_per_request: per_request(self.sectors),
            bank_conflict_degree: ratio(self.wavefronts, self.ideal_wavefronts, 1.0),
            distinct_addresses: per_request(self.distinct_addresses),
        }
    }
}

/// `numerator / denominator`, or `empty` when the denominator is zero.
fn ratio(numerator: u64, denominator: u64, empty: f64) -> f64 {
    if denominator == 0 {
        empty
    } else {
        numerator as f64 / denominator as f64
    }
}

/// Per-request averages over the counted requests (design.md report fields).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metrics {
    /// Requests counted.
    pub requests: u64,
    /// Average 32-byte sectors per request.
    pub sectors_per_request: f64,
    /// Total wavefronts over total ideal wavefronts (1.0 = conflict-free).
    pub bank_conflict_degree: f64,
    /// Average distinct addresses per request.
    pub distinct_addresses: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lane `i` at `base + i·stride` bytes, the first `active` lanes active.
    fn strided(base: u64, stride: u64, active: usize) -> Vec<Option<u64>> {
        (0..32)
            .map(|lane| (lane < active).then(|| base + lane as u64 * stride))
            .collect()
    }

    #[test]
    fn coalesced_four_byte_request_touches_four_sectors_conflict_free() {
        let addresses = strided(0, 4, 32);
        let request = Request {
            addresses: &addresses,
            access_bytes: 4,
        };
        assert_eq!(sectors(&request), 4);
        assert_eq!(wavefronts(&request, BankModel::Conventional), 1);
        assert_eq!(distinct_addresses(&request), 32);
    }

    #[test]
    fn misaligned_coalesced_request_touches_five_sectors() {
        let addresses = strided(4, 4, 32);
        let request = Request {
            addresses: &addresses,
            access_bytes: 4,
        };
        assert_eq!(sectors(&request), 5);
    }

    #[test]
    fn sixteen_byte_lanes_span_sectors_and_four_phases() {
        let addresses = strided(0, 16, 32);
        let request = Request {
            addresses: &addresses,
            access_bytes: 16,
        };
        assert_eq!(sectors(&request), 16);
        assert_eq!(wavefronts(&request, BankModel::Conventional), 4);
        assert_eq!(ideal_wavefronts(&request, BankModel::Conventional), 4);
    }

    /// Seed-004 §8: f64 and v4f32 phase model for element strides 1..8.
    #[test]
    fn wide_accesses_follow_the_phase_model() {
        let count = |bytes: u32, stride: u64| {
            let addresses = strided(0, stride * u64::from(bytes), 32);
            let request = Request {
                addresses: &addresses,
                access_bytes: bytes,
            };
            wavefronts(&request, BankModel::Conventional)
        };
        let eight: Vec<u32> = (1..=8).map(|stride| count(8, stride)).collect();
        let sixteen: Vec<u32> = (1..=8).map(|stride| count(16, stride)).collect();
        assert_eq!(eight, [2, 4, 2, 8, 2, 4, 2, 16]);
        assert_eq!(sixteen, [4, 8, 4, 16, 4, 8, 4, 32]);
    }

    #[test]
    fn ideal_wavefronts_count_only_active_phases() {
        let addresses = strided(0, 16, 8);
        let request = Request {
            addresses: &addresses,
            access_bytes: 16,
        };
        assert_eq!(ideal_wavefronts(&request, BankModel::Conventional), 1);
    }

    #[test]
    fn sub_word_lanes_share_words_without_conflict() {
        let addresses = strided(0, 1, 32);
        let request = Request {
            addresses: &addresses,
            access_bytes: 1,
        };
        assert_eq!(wavefronts(&request, BankModel::Conventional), 1);
        assert_eq!(sectors(&request), 1);
    }

    #[test]
    fn accumulator_skips_inactive_requests_and_averages() {
        let mut totals = MetricsAccumulator::default();
        let conflicted = strided(0, 8, 32);
        let idle = strided(0, 4, 0);
        totals.add(
            &Request {
                addresses: &conflicted,
                access_bytes: 4,
            },
            BankModel::Conventional,
        );
        totals.add_repeated(
            &Request {
                addresses: &idle,
                access_bytes: 4,
            },
            BankModel::Conventional,
            5,
        );
        let metrics = totals.metrics();
        assert_eq!(metrics.requests, 1);
        assert_eq!(metrics.bank_conflict_degree, 2.0);
        assert_eq!(metrics.sectors_per_request, 8.0);
        assert_eq!(totals.bank_conflicts(), 1);
    }

    #[test]
    fn empty_accumulator_reports_conflict_free_zeroes() {
        let metrics = MetricsAccumulator::default().metrics();
        assert_eq!(metrics.requests, 0);
        assert_eq!(metrics.bank_conflict_degree, 1.0);
        assert_eq!(metrics.sectors_per_request, 0.0);
    }
}
